//! Arrangements from `arrange.tbl` against the recursive reference.

mod common;

use common::*;
use hupai::sets::Rng;
use hupai::{reference, Arrangements, Form, Hand, MeldKind, Rules, Tables};

use rayon::prelude::*;

fn check_same(t: &Tables, h: &Hand, rules: &Rules) -> usize {
    let want = reference::arrangements(h, rules);
    let got = t.arrangements(h, rules);
    assert_eq!(got, want, "{h} under {rules}");
    assert_eq!(
        t.arrangement_count(h, rules),
        want.len(),
        "{h} under {rules}"
    );
    want.len()
}

#[test]
fn seed_example_has_three_arrangements() {
    let t = Tables::embedded();
    let h = hand("11112222333344m");
    let text = |r: &Rules| -> Vec<String> {
        t.arrangements(&h, r)
            .iter()
            .map(|a| format!("{a:?}"))
            .collect()
    };
    // Three standard arrangements under every rule set; seven distinct pairs
    // it is not.
    let standard = [
        "Standard(11m 123m 123m 234m 234m)",
        "Standard(123m 123m 123m 123m 44m)",
        "Standard(123m 111m 222m 333m 44m)",
    ];
    assert_eq!(text(&Rules::RIICHI), standard);
    // Where a quad counts as two pairs (generic, Sichuan, MCR), seven pairs too.
    let mut with_pairs = standard.to_vec();
    with_pairs.push("SevenPairs(11m 11m 22m 22m 33m 33m 44m)");
    assert_eq!(text(&Rules::GENERIC), with_pairs);
    assert_eq!(text(&Rules::SICHUAN), with_pairs);
    assert_eq!(text(&Rules::MCR), with_pairs);
    for r in Rules::ALL {
        check_same(t, &h, &r);
    }
}

#[test]
fn forms_and_declared_melds() {
    let t = Tables::embedded();
    let a = |h: &Hand, r: &Rules| -> Vec<String> {
        t.arrangements(h, r)
            .iter()
            .map(|a| format!("{:?}", a))
            .collect()
    };
    // Declared melds come first, as declared groups.
    let h = with_melds(
        "234s55z",
        &[
            meld(MeldKind::Chow, 0),
            meld(MeldKind::Kong, 9),
            meld(MeldKind::Pung, 33),
        ],
    );
    assert_eq!(
        a(&h, &Rules::GENERIC),
        ["Standard([123m] [1111p] [777z] 234s 55z)"]
    );
    assert!(t.arrangements(&h, &Rules::SICHUAN).is_empty());
    // Seven pairs with a quad: generic and Sichuan only.
    let h = hand("11113355779999p");
    assert_eq!(
        a(&h, &Rules::GENERIC),
        ["SevenPairs(11p 11p 33p 55p 77p 99p 99p)"]
    );
    assert_eq!(a(&h, &Rules::SICHUAN), a(&h, &Rules::GENERIC));
    assert!(a(&h, &Rules::RIICHI).is_empty());
    // Thirteen orphans: riichi and MCR.
    let h = hand("19m19p199s1234567z");
    assert!(a(&h, &Rules::GENERIC).is_empty());
    assert_eq!(
        a(&h, &Rules::RIICHI),
        ["ThirteenOrphans(1m 9m 1p 9p 1s 99s 1z 2z 3z 4z 5z 6z 7z)"]
    );
    // MCR: honours and knitted, knitted straight with a set and a pair.
    let h = hand("147m258p369s12345z");
    assert_eq!(a(&h, &Rules::MCR).len(), 1);
    assert_eq!(
        t.arrangements(&h, &Rules::MCR)[0].form(),
        Form::HonorsAndKnitted
    );
    let h = hand("147m258p369s11123z");
    assert!(a(&h, &Rules::MCR).is_empty());
    let h = hand("147m258p369s111z22z");
    assert_eq!(
        a(&h, &Rules::MCR),
        ["KnittedStraight(147m 258p 369s 111z 22z)"]
    );
    let h = with_melds("147m258p369s22z", &[meld(MeldKind::Pung, 20)]);
    assert_eq!(
        a(&h, &Rules::MCR),
        ["KnittedStraight([333s] 147m 258p 369s 22z)"]
    );
    // 345z is never a chow.
    assert!(t
        .arrangements(&hand("123m456p789s34555z"), &Rules::GENERIC)
        .is_empty());
    // Undeclared kongs: the quads are kongs, the rest melds + pair.
    let h = hand("111122223333444455p");
    assert_eq!(
        a(&h, &Rules::GENERIC),
        ["Standard(1111p 2222p 3333p 4444p 55p)"]
    );
    assert!(a(&h, &Rules::RIICHI).is_empty());
    for r in Rules::ALL {
        for s in [
            "11223344556677p",
            "147m258p369s111z22z",
            "111122223333444455p",
            "19m19p199s1234567z",
        ] {
            check_same(t, &hand(s), &r);
        }
    }
}

#[test]
fn not_complete_and_odd_sizes_have_no_arrangements() {
    let t = Tables::embedded();
    let mut out = Arrangements::new();
    for s in [
        "1m",
        "123m",
        "123m456p789s1122z",
        "1112345678999m",
        "11m22p33s44z",
    ] {
        assert_eq!(
            t.arrange_into(&hand(s), &Rules::GENERIC, &mut out),
            0,
            "{s}"
        );
        assert!(out.is_empty());
    }
}

/// Every complete single-suit pattern: the arrangements (not only their
/// number) equal the reference's, under every rule set, in every suit.
#[test]
fn every_complete_single_suit_pattern_matches_the_reference() {
    let t = Tables::embedded();
    let suit = patterns::<9>();
    assert_eq!(suit.len(), hupai::table::SUIT_PATTERNS);
    let total: usize = suit
        .par_iter()
        .map(|v| {
            let n: usize = v.iter().map(|&c| c as usize).sum();
            let (m, p) = reference::suit_complete(v, true);
            if !(m || p) {
                return 0;
            }
            let mut checked = 0;
            for s in 0..3 {
                let mut c = [0u8; 34];
                c[s * 9..s * 9 + 9].copy_from_slice(v);
                if n.is_multiple_of(3) {
                    // Melds only: the pair comes from the next suit.
                    c[((s + 1) % 3) * 9 + 4] = 2;
                }
                let h = Hand::new(c, &[]).unwrap();
                for r in Rules::ALL {
                    checked += usize::from(check_same(t, &h, &r) > 0);
                }
            }
            checked
        })
        .sum();
    // 21,743 complete patterns (including the empty one), three suits, four rule sets.
    assert_eq!(total, 21_743 * 3 * 4);
    let honors = patterns::<7>();
    assert_eq!(honors.len(), hupai::table::HONOR_PATTERNS);
    let complete: usize = honors
        .par_iter()
        .map(|v| {
            let n: usize = v.iter().map(|&c| c as usize).sum();
            let mut c = [0u8; 34];
            c[27..].copy_from_slice(v);
            if n.is_multiple_of(3) {
                c[4] = 2;
            }
            let h = Hand::new(c, &[]).unwrap();
            for r in Rules::ALL {
                check_same(t, &h, &r);
            }
            let standard = t
                .arrangements(&h, &Rules::GENERIC)
                .iter()
                .filter(|a| a.form() == Form::Standard)
                .count();
            // An honour pattern splits one way at most, when it is complete.
            let (m, p) = reference::suit_complete(v, false);
            assert_eq!(standard, usize::from(m || p), "{v:?}");
            standard
        })
        .sum();
    assert_eq!(complete, 498);
}

/// Every single-suit hand of 14 + k tiles holding k quads (k = 1..4): the
/// undeclared-kong arrangements of the generic rules equal the reference's.
#[test]
fn every_single_suit_kong_hand_matches_the_reference() {
    let hands: Vec<[u8; 9]> = (0..5usize.pow(9))
        .filter_map(|key| {
            let v: [u8; 9] = std::array::from_fn(|i| (key / 5usize.pow(i as u32) % 5) as u8);
            let n: usize = v.iter().map(|&c| c as usize).sum();
            let quads = v.iter().filter(|&&c| c == 4).count();
            ((15..=18).contains(&n) && quads >= n - 14).then_some(v)
        })
        .collect();
    let t = Tables::embedded();
    let complete: usize = hands
        .par_iter()
        .map(|v| {
            let mut c = [0u8; 34];
            c[9..18].copy_from_slice(v);
            let h = Hand::new(c, &[]).unwrap();
            check_same(t, &h, &Rules::RIICHI);
            usize::from(check_same(t, &h, &Rules::GENERIC) > 0)
        })
        .sum();
    assert!(complete > 1000, "{complete} of {} complete", hands.len());
}

/// Seeded random complete-sized hands (declared melds, special forms,
/// undeclared kongs, one to three suits): ≥ 100,000 per rule set.
#[test]
fn random_hands_match_the_reference() {
    const N: usize = 100_000;
    let t = Tables::embedded();
    for (k, r) in Rules::ALL.iter().enumerate() {
        let found: usize = (0..N / 1000)
            .into_par_iter()
            .map(|chunk| {
                let mut rng = Rng::new(0xa77a_0000 + (k * 1000 + chunk) as u64);
                let mut found = 0;
                for _ in 0..1000 {
                    found += usize::from(check_same(t, &complete_sized(&mut rng, r), r) > 0);
                }
                found
            })
            .sum();
        assert!(found > N / 4, "only {found} complete hands under {r}");
    }
}

/// A corrupt `arrange.tbl` (payload bytes scrambled behind a valid header)
/// yields wrong arrangements and fails `verify`, but never panics or hangs.
#[test]
fn corrupt_decompositions_never_panic() {
    let files: Vec<(&str, Vec<u8>)> = Tables::embedded()
        .files()
        .map(|(n, bytes)| (n, bytes.to_vec()))
        .collect();
    let hands = hupai::sets::hands(hupai::sets::Set::C14, 2_000, 11);
    for seed in 0..8u64 {
        let mut rng = Rng::new(seed);
        let tables = Tables::load(|name| {
            let mut b = files.iter().find(|(n, _)| *n == name).unwrap().1.clone();
            if name == "arrange.tbl" {
                // Scramble a stretch of the payload (ids, starts, decompositions).
                let from = 4096 + rng.below(b.len() - 8192);
                let len = [64, 4096, b.len()][seed as usize % 3].min(b.len() - from);
                for x in &mut b[from..from + len] {
                    *x = rng.next_u64() as u8;
                }
            }
            Ok(b)
        })
        .unwrap();
        assert!(tables.verify().is_err());
        let mut out = Arrangements::new();
        for h in &hands {
            for r in Rules::ALL {
                let n = tables.arrange_into(h, &r, &mut out);
                assert!(n <= hupai::engine::MAX_ARRANGEMENTS);
                let _ = tables.arrangement_count(h, &r);
                for a in out.iter() {
                    let _ = a.to_string();
                }
            }
        }
    }
}
