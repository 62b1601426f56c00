//! Shanten, effective tiles and discard tables with jokers by table lookups
//! (the budget sections of `jokers.tbl`) against the per-part search, the
//! exact definition they replace: concealed hands of every size, 1–8
//! jokers, all four rule sets, many of them heavy in triplets and quads
//! (where jokers standing for fifth copies matter). Run in release mode.

mod common;
use hupai::sets::{complete, random, remove_random, Rng};
use hupai::{Hand, Rules, Tables, KINDS};
use rayon::prelude::*;

/// Multiplies the hand counts (`HUPAI_TEST_SCALE=10` for a long run).
fn scale(n: usize) -> usize {
    n * std::env::var("HUPAI_TEST_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1)
}

/// Hand `i` of stream `seed`: real tiles and 1–8 jokers making `slots` in
/// all (3n+1 or 3n+2 as `draw` says or either, at most 14), the rule set.
/// A third of the hands are random, a third near complete, a third heavy:
/// triplets and quads of few kinds.
fn hand(seed: u64, i: u64, sizes: fn(usize) -> bool) -> (Hand, usize, Rules) {
    let mut rng = Rng::new(seed ^ i.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let rules = Rules::ALL[rng.below(4)];
    let kinds = if rules.honors { KINDS } else { 27 };
    let slots = loop {
        let s = 1 + rng.below(14);
        if !s.is_multiple_of(3) && sizes(s) {
            break s;
        }
    };
    let j = 1 + rng.below(8.min(slots));
    let real = slots - j;
    let mut c = match rng.below(3) {
        0 => random(&mut rng, 14),
        1 => complete(&mut rng),
        _ => {
            let mut c = [0u8; KINDS];
            let mut n = 0;
            while n < 14 {
                let k = rng.below(kinds);
                let add = (3 + rng.below(2)).min(14 - n).min(4 - c[k] as usize);
                c[k] += add as u8;
                n += add;
            }
            c
        }
    };
    if !rules.honors {
        for h in 27..KINDS {
            while c[h] > 0 {
                c[h] -= 1;
                let mut k = rng.below(27);
                while c[k] == 4 {
                    k = (k + 1) % 27;
                }
                c[k] += 1;
            }
        }
    }
    while c.iter().map(|&x| x as usize).sum::<usize>() > real {
        remove_random(&mut rng, &mut c);
    }
    (Hand::new(c, &[]).expect("at most four copies"), j, rules)
}

/// A million hands: the shanten by lookups equals the search's, errors
/// (honours in Sichuan never occur here; sizes always fit) included.
#[test]
fn shanten_with_jokers_by_lookups_equals_the_search_on_a_million_hands() {
    let t = Tables::embedded();
    let n = scale(1_000_000) as u64 / common::div();
    let budgeted: usize = (0..n)
        .into_par_iter()
        .map(|i| {
            let (h, j, rules) = hand(0x7368_616e, i, |_| true);
            let got = t.shanten_jokers(&h, j, &rules);
            let want = t.shanten_jokers_searched(&h, j, &rules);
            assert_eq!(got, want, "{h} + {j} jokers under {rules}");
            // Where the jokers' fifth copies beat the plain distance.
            let plain = t.shanten_jokers_searched(&h, 0, &rules);
            (got.is_ok() && plain.is_ok() && h.concealed_len() + j == 14) as usize
        })
        .sum();
    assert!(budgeted as u64 > n / 20, "{budgeted}");
}

/// 100,000 hands of 3n+1 slots: the effective tiles by lookups equal the
/// search's.
#[test]
fn effective_tiles_with_jokers_by_lookups_equal_the_search() {
    let t = Tables::embedded();
    let n = scale(100_000) as u64 / common::div();
    let nonempty: usize = (0..n)
        .into_par_iter()
        .map(|i| {
            let (h, j, rules) = hand(0x6566_6665, i, |s| s % 3 == 1);
            let got = t.effective_jokers(&h, j, &rules, &[0; KINDS]);
            let want = t.effective_jokers_searched(&h, j, &rules, &[0; KINDS]);
            assert_eq!(got, want, "{h} + {j} jokers under {rules}");
            got.map_or(0, |e| (!e.tiles().is_empty()) as usize)
        })
        .sum();
    assert!(nonempty as u64 > n * 9 / 10, "{nonempty}");
}

/// 100,000 hands of 3n+2 slots: the discard table by lookups. Each hand's
/// shanten and every discard's shanten after equal the search's (which
/// discards are listed follows), and the rows' tiles are the effective
/// tiles of the hand each discard leaves (held to the search above); every
/// tenth hand is compared with the searched table whole.
#[test]
fn discard_tables_with_jokers_by_lookups_equal_the_search() {
    let n = scale(100_000) as u64 / common::div();
    (0..n).into_par_iter().for_each(|i| {
        let (h, j, rules) = hand(0x6469_7363, i, |s| s % 3 == 2);
        common::discard_table_equals_the_search(&h, j, &rules, i % 10 == 0);
    });
}

/// 200,000 hands of 3n+1 slots (the generator's heavy hands included):
/// the waits with jokers (per-part need lookups, the counting rules of the
/// special forms, the knitted straight's rest) equal the reference's.
#[test]
fn waits_with_jokers_equal_the_reference() {
    let t = Tables::embedded();
    let n = scale(200_000) as u64 / common::div();
    let ready: usize = (0..n)
        .into_par_iter()
        .map(|i| {
            let (h, j, rules) = hand(0x7761_6974, i, |s| s % 3 == 1);
            let w = t.waits_jokers(&h, j, &rules).expect("3n+1 slots");
            let (live, exhausted) = hupai::reference::jokers::waits(&h, j, &rules);
            assert_eq!(
                (w.live, w.exhausted),
                (live, exhausted),
                "{h} + {j} under {rules}"
            );
            (!w.is_empty()) as usize
        })
        .sum();
    assert!(ready as u64 > n / 10, "{ready}");
}
