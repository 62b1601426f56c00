//! Waits from the `hu.tbl` wait masks against the recursive reference.

mod common;

use common::*;
use hupai::sets::Rng;
use hupai::{reference, Hand, MeldKind, Rules, Tables, TileSet, Waits, WaitsError};
use rayon::prelude::*;

/// Whether waits accepts the hand's size: 3n + 1 ≤ 13, or with undeclared
/// kongs 13 + k holding k concealed quads.
fn accepted(h: &Hand, r: &Rules) -> bool {
    let size = h.concealed_len() + 3 * h.meld_count();
    let quads = h.counts().iter().filter(|&&c| c == 4).count();
    (size % 3 == 1 && size <= 13)
        || (r.undeclared_kongs && (14..=17).contains(&size) && quads >= size - 13)
}

/// The engine's waits equal the reference's (or the engine refuses the
/// size, exactly when it should). Returns whether the hand is ready.
fn check_same(t: &Tables, h: &Hand, r: &Rules) -> bool {
    match t.waits(h, r) {
        Ok(w) => {
            assert!(accepted(h, r), "{h} under {r}: accepted a wrong size");
            let (live, exhausted) = reference::waits(h, r);
            assert_eq!((w.live, w.exhausted), (live, exhausted), "{h} under {r}");
            !w.is_empty()
        }
        Err(WaitsError::Size { size, .. }) => {
            assert!(!accepted(h, r), "{h} under {r}: refused");
            assert_eq!(size, h.concealed_len() + 3 * h.meld_count());
            false
        }
    }
}

fn set(tiles: &str) -> TileSet {
    hand(tiles)
        .counts()
        .iter()
        .enumerate()
        .filter(|(_, &c)| c > 0)
        .map(|(i, _)| tile(i))
        .collect()
}

#[test]
fn seed_examples() {
    let t = Tables::embedded();
    // Nine gates waits on 1m–9m.
    let w = t.waits(&hand("1112345678999m"), &Rules::GENERIC).unwrap();
    assert_eq!(w.live, set("123456789m"));
    assert!(w.exhausted.is_empty());
    // Honours never chow: 34z waits on neither 2z nor 5z.
    let w = t
        .waits(&hand("123m456p789s3411z"), &Rules::GENERIC)
        .unwrap();
    assert!(w.is_empty());
    // 3m3m7p8p9p3s4s4s5s5s6s7z7z (one tile short of a win) waits on 7z
    // (and on 3m, the shanpon).
    let w = t
        .waits(&hand("33m789p344556s77z"), &Rules::GENERIC)
        .unwrap();
    assert_eq!(w.live, set("3m7z"));
    for r in Rules::ALL {
        for s in ["1112345678999m", "123m456p789s3411z", "33m789p344556s77z"] {
            check_same(t, &hand(s), &r);
        }
    }
}

#[test]
fn exhausted_waits_are_apart() {
    let t = Tables::embedded();
    // 1111m + 23m: 1m (edge) is exhausted, 4m is live.
    let w = t
        .waits(&hand("111123m456p789s11z"), &Rules::GENERIC)
        .unwrap();
    assert_eq!(w.live, set("4m"));
    assert_eq!(w.exhausted, set("1m"));
    // Declared melds count: a pung of 7z declared, the fourth 7z held.
    let h = with_melds(
        "123m456p7z",
        &[meld(MeldKind::Pung, 33), meld(MeldKind::Chow, 18)],
    );
    let w = t.waits(&h, &Rules::GENERIC).unwrap();
    assert_eq!(w.exhausted, set("7z"));
    assert!(w.live.is_empty());
    // Seven pairs with a quad (generic) completes on the third copy.
    let w = t.waits(&hand("1122334455666z"), &Rules::GENERIC).unwrap();
    assert_eq!(w.live, set("6z"));
    assert!(t
        .waits(&hand("1122334455666z"), &Rules::RIICHI)
        .unwrap()
        .is_empty());
}

#[test]
fn rule_sets_shape_the_waits() {
    let t = Tables::embedded();
    let h = hand("19m19p19s1234567z");
    assert_eq!(t.waits(&h, &Rules::RIICHI).unwrap().live.len(), 13);
    assert_eq!(t.waits(&h, &Rules::MCR).unwrap().live.len(), 13);
    assert!(t.waits(&h, &Rules::GENERIC).unwrap().is_empty());
    let h = hand("19m19p11s1234567z");
    assert_eq!(t.waits(&h, &Rules::RIICHI).unwrap().live, set("9s"));
    // Sichuan: a third suit can never complete, nor can an honour.
    let h = hand("1112345678999m");
    assert_eq!(
        t.waits(&h, &Rules::SICHUAN).unwrap().live,
        set("123456789m")
    );
    let h = hand("11m123456p45678s");
    assert_eq!(t.waits(&h, &Rules::GENERIC).unwrap().live, set("369s"));
    assert!(t.waits(&h, &Rules::SICHUAN).unwrap().is_empty());
    let h = hand("123456789p1122s");
    assert_eq!(t.waits(&h, &Rules::SICHUAN).unwrap().live, set("12s"));
    let h = hand("123456789p112s5z");
    assert!(t.waits(&h, &Rules::SICHUAN).unwrap().is_empty());
    // MCR knitted forms.
    let h = hand("147m258p369s1234z");
    assert_eq!(t.waits(&h, &Rules::MCR).unwrap().live, set("567z"));
    let h = hand("147m258p36s111z22z");
    assert_eq!(t.waits(&h, &Rules::MCR).unwrap().live, set("9s"));
    assert!(t.waits(&h, &Rules::RIICHI).unwrap().is_empty());
    let h = hand("147m258p369s1112z");
    assert_eq!(t.waits(&h, &Rules::MCR).unwrap().live, set("2z"));
    // Undeclared kongs (generic): 13 + k tiles holding k quads.
    let h = hand("1111m234p567p789p1s");
    assert_eq!(t.waits(&h, &Rules::GENERIC).unwrap().live, set("1s"));
    for r in Rules::ALL {
        for s in [
            "19m19p19s1234567z",
            "19m19p11s1234567z",
            "11m123456p45678s",
            "123456789p1122s",
            "147m258p369s1234z",
            "147m258p36s111z22z",
            "1111m234p567p789p1s",
        ] {
            check_same(t, &hand(s), &r);
        }
    }
}

#[test]
fn wrong_sizes_say_what_is_expected() {
    let t = Tables::embedded();
    let err = t
        .waits(&hand("11123456789999m"), &Rules::RIICHI)
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "waits expects a hand one tile short of complete: 1, 4, 7, 10 or 13 tiles \
         (a declared meld counts as 3); this hand has 14"
    );
    let err = t
        .waits(&hand("123m456p789s11122z"), &Rules::GENERIC)
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "waits expects a hand one tile short of complete: 1, 4, 7, 10 or 13 tiles \
         (a declared meld counts as 3), or 13 + k tiles holding k concealed quads \
         (k = 1..4); this hand has 14"
    );
    for s in ["12m", "123m456p789s1z22z"] {
        assert!(t.waits(&hand(s), &Rules::GENERIC).is_err(), "{s}");
    }
    let empty = Hand::new([0; 34], &[]).unwrap();
    assert!(t.waits(&empty, &Rules::GENERIC).is_err());
    let h = with_melds("123m456p789s12z", &[meld(MeldKind::Pung, 33)]);
    assert!(matches!(
        t.waits(&h, &Rules::MCR),
        Err(WaitsError::Size { size: 14, .. })
    ));
    let h = with_melds("123m456p789s1z", &[meld(MeldKind::Pung, 33)]);
    assert!(t.waits(&h, &Rules::MCR).is_ok());
}

/// Every single-suit hand of 1, 4, 7, 10 and 13 tiles (the suit patterns
/// taking turns in characters, dots and bamboo) and every honours-only hand
/// of those sizes, under every rule set; and every single-suit generic hand of
/// 13 + k tiles holding k quads.
#[test]
fn every_single_suit_hand_matches_the_reference() {
    let t = Tables::embedded();
    let sizes = |v: &[u8]| v.iter().map(|&c| c as usize).sum::<usize>() % 3 == 1;
    let suit: Vec<[u8; 9]> = patterns::<9>().into_iter().filter(|v| sizes(v)).collect();
    let ready: usize = suit
        .par_iter()
        .enumerate()
        .map(|(i, v)| {
            // Each pattern in one of the three suits, in turn.
            let s = 9 * (i % 3);
            let mut c = [0u8; 34];
            c[s..s + 9].copy_from_slice(v);
            let h = Hand::new(c, &[]).unwrap();
            Rules::ALL.iter().filter(|r| check_same(t, &h, r)).count()
        })
        .sum();
    let honors: Vec<[u8; 7]> = patterns::<7>().into_iter().filter(|v| sizes(v)).collect();
    let honor_ready: usize = honors
        .par_iter()
        .map(|v| {
            let mut c = [0u8; 34];
            c[27..].copy_from_slice(v);
            let h = Hand::new(c, &[]).unwrap();
            Rules::ALL.iter().filter(|r| check_same(t, &h, r)).count()
        })
        .sum();
    println!(
        "{} suit hands ({ready} ready over 4 rule sets), {} honour hands ({honor_ready})",
        suit.len(),
        honors.len()
    );
    assert!(ready > 100_000 && honor_ready > 1_000);
    let kongs: Vec<[u8; 9]> = (0..5usize.pow(9))
        .filter_map(|key| {
            let v: [u8; 9] = std::array::from_fn(|i| (key / 5usize.pow(i as u32) % 5) as u8);
            let n: usize = v.iter().map(|&c| c as usize).sum();
            let quads = v.iter().filter(|&&c| c == 4).count();
            ((14..=17).contains(&n) && quads >= n - 13).then_some(v)
        })
        .collect();
    let kong_ready: usize = kongs
        .par_iter()
        .map(|v| {
            let mut c = [0u8; 34];
            c[18..27].copy_from_slice(v);
            let h = Hand::new(c, &[]).unwrap();
            usize::from(check_same(t, &h, &Rules::GENERIC))
        })
        .sum();
    assert!(kong_ready > 1_000, "{kong_ready} of {}", kongs.len());
}

/// Seeded random hands one tile short (declared melds, special forms,
/// undeclared kongs, one to three suits), 1,000,000 per rule set, and as
/// many complete-sized hands for the hu check.
#[test]
fn random_hands_match_the_reference() {
    const N: usize = 1_000_000;
    const CHUNK: usize = 10_000;
    let t = Tables::embedded();
    for (k, r) in Rules::ALL.iter().enumerate() {
        let (ready, wins): (usize, usize) = (0..N / CHUNK)
            .into_par_iter()
            .map(|chunk| {
                let mut rng = Rng::new(0x3a17_0000 + (k * 1000 + chunk) as u64);
                let (mut ready, mut wins) = (0, 0);
                for _ in 0..CHUNK {
                    let h = one_short(&mut rng, r);
                    ready += usize::from(check_same(t, &h, r));
                    // The check on a complete-sized hand: this one plus a wait
                    // half the time, plus a random tile otherwise.
                    let w: Waits = t.waits(&h, r).unwrap_or_default();
                    let pick = if rng.below(2) == 0 && !w.live.is_empty() {
                        w.live.iter().nth(rng.below(w.live.len()))
                    } else {
                        tile(rng.below(34)).into()
                    };
                    if let Some(full) = pick.and_then(|x| h.with_tile(x).ok()) {
                        let want = reference::is_win(&full, r);
                        assert_eq!(t.is_win(&full, r), want, "{full} under {r}");
                        wins += usize::from(want);
                    }
                }
                (ready, wins)
            })
            .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
        println!("{r}: {ready} ready of {N}, {wins} wins");
        assert!(
            ready > N / 4 && wins > N / 8,
            "{r}: {ready} ready, {wins} wins"
        );
    }
}
