//! Rule sets as data: the same options steer check, waits and arrangements.

mod common;

use common::*;
use hupai::notation::parse;
use hupai::sets::Rng;
use hupai::{reference, Form, Hand, Notation, Rules, Tables};
use rayon::prelude::*;

fn p(s: &str, n: Notation) -> Hand {
    parse(s, n).unwrap_or_else(|e| panic!("{s}: {e}"))
}

#[test]
fn sichuan_seed_examples_in_chengdu_notation() {
    let t = Tables::embedded();
    let r = Rules::SICHUAN;
    let bad = p("1D1D2D2D3D3D4W4W5W5W6W6W7W8W", Notation::Chengdu);
    let good = p("1D1D1D3D3D3D4D5D6D7D8D9D4D4D", Notation::Chengdu);
    assert!(!t.is_win(&bad, &r));
    assert!(t.arrangements(&bad, &r).is_empty());
    assert!(t.is_win(&good, &r));
    assert_eq!(t.arrangements(&good, &r).len(), 1);
    // The same strings under auto notation read the same hands.
    assert_eq!(p("1D1D1D3D3D3D4D5D6D7D8D9D4D4D", Notation::Auto), good);
    for h in [bad, good] {
        assert_eq!(t.is_win(&h, &r), reference::is_win(&h, &r));
    }
    // 龙七对: seven pairs with a quad wins under Sichuan.
    let dragon = p("1D1D1D1D3D3D5D5D7D7D2W2W9W9W", Notation::Chengdu);
    assert!(t.is_win(&dragon, &r));
    assert_eq!(t.arrangements(&dragon, &r)[0].form(), Form::SevenPairs);
}

/// A hand holding all three suits (or an honour) never wins and never
/// arranges under Sichuan, and no wait leads to one.
#[test]
fn three_suits_never_win_under_sichuan() {
    let t = Tables::embedded();
    let r = Rules::SICHUAN;
    let h = p("123m456p789s11122m", Notation::Mpsz);
    assert!(t.is_win(&h, &Rules::GENERIC) && !t.is_win(&h, &r));
    let checked: usize = (0..50u64)
        .into_par_iter()
        .map(|seed| {
            let mut rng = Rng::new(0x5c00 + seed);
            let mut n = 0;
            for _ in 0..2_000 {
                let h = complete_sized(&mut rng, &Rules::GENERIC);
                let all = h.all_counts();
                let suits = (0..3)
                    .filter(|s| all[s * 9..s * 9 + 9].iter().any(|&c| c > 0))
                    .count();
                let honors = all[27..].iter().any(|&c| c > 0);
                if suits == 3 || honors {
                    assert!(!t.is_win(&h, &r), "{h}");
                    assert_eq!(t.arrangement_count(&h, &r), 0, "{h}");
                    for x in (0..34).filter(|&i| h.counts()[i] > 0) {
                        let short = h.without_tile(tile(x)).unwrap();
                        // A wait never makes the whole hand three-suited
                        // or honoured.
                        if let Ok(w) = t.waits(&short, &r) {
                            for x in w.all().iter() {
                                let done = short.with_tile(x).unwrap_or(short).all_counts();
                                let suits = (0..3)
                                    .filter(|s| done[s * 9..s * 9 + 9].iter().any(|&c| c > 0))
                                    .count();
                                assert!(
                                    suits <= 2 && done[27..].iter().all(|&c| c == 0),
                                    "{short}"
                                );
                            }
                        }
                    }
                    n += 1;
                }
            }
            n
        })
        .sum();
    assert!(checked > 10_000);
}

#[test]
fn mixed_hand_and_honours_never_chow() {
    let t = Tables::embedded();
    let h = p("3m3m7p8p9p3s4s4s5s5s6s7z7z7z", Notation::Mpsz);
    for r in [Rules::GENERIC, Rules::RIICHI, Rules::MCR] {
        assert!(t.is_win(&h, &r), "{r}");
        assert_eq!(t.arrangements(&h, &r).len(), 1);
    }
    assert!(!t.is_win(&h, &Rules::SICHUAN));
    // 345z is never a chow, in check, waits or arrangements.
    for r in Rules::ALL {
        let h = p("111m222p333s34511z", Notation::Mpsz);
        assert!(!t.is_win(&h, &r));
        assert!(t.arrangements(&h, &r).is_empty());
        let w = t
            .waits(&p("111m222p333s3411z", Notation::Mpsz), &r)
            .unwrap();
        assert!(w.is_empty(), "{r}");
        let w = t
            .waits(&p("111m222p333s4511z", Notation::Mpsz), &r)
            .unwrap();
        assert!(w.is_empty(), "{r}");
    }
}

/// The mediatek samples under the generic rules.
#[test]
fn mediatek_seed_samples() {
    let t = Tables::embedded();
    for (s, win) in [
        ("ABCeee345456DD", true),
        ("ABeeee345456DD", false),
        ("AAAABC123456333", false),
        ("AADDFF1133aagg", true),
        ("AAAABBBBCCCCDDDD88", true),
        ("AAA123789", false),
        ("AAA111345666DEF88", false),
    ] {
        let h = p(s, Notation::Mediatek);
        assert_eq!(t.is_win(&h, &Rules::GENERIC), win, "{s}");
        assert_eq!(t.arrangements(&h, &Rules::GENERIC).is_empty(), !win, "{s}");
        for r in Rules::ALL {
            assert_eq!(t.is_win(&h, &r), reference::is_win(&h, &r), "{s} {r}");
            assert_eq!(
                t.arrangements(&h, &r),
                reference::arrangements(&h, &r),
                "{s} {r}"
            );
        }
    }
    // Undeclared kongs are the generic rule's alone.
    let h = p("AAAABBBBCCCCDDDD88", Notation::Mediatek);
    for r in [Rules::SICHUAN, Rules::RIICHI, Rules::MCR] {
        assert!(!t.is_win(&h, &r));
    }
}

#[test]
fn riichi_and_mcr_forms() {
    let t = Tables::embedded();
    // Red fives are fives.
    let h = p("123m406p789s11122z", Notation::Mpsz);
    assert!(t.is_win(&h, &Rules::RIICHI));
    // Seven pairs: distinct under riichi; quads allowed elsewhere (MCR too:
    // docs/rules/mcr.md: Seven Pairs may hold four identical tiles).
    let h = p("1122m3344p55s1111z", Notation::Mpsz);
    assert!(t.is_win(&h, &Rules::GENERIC) && t.is_win(&h, &Rules::MCR));
    assert!(!t.is_win(&h, &Rules::RIICHI));
    // Thirteen orphans.
    let h = p("19m19p19s12345677z", Notation::Mpsz);
    assert!(t.is_win(&h, &Rules::RIICHI) && t.is_win(&h, &Rules::MCR));
    assert!(!t.is_win(&h, &Rules::GENERIC));
    // MCR notation: greater honours and knitted, knitted straight with a
    // declared pung, seven shifted pairs.
    let h = p("147m258p3sESWNCFP", Notation::Mcr);
    assert_eq!(
        t.arrangements(&h, &Rules::MCR)[0].form(),
        Form::HonorsAndKnitted
    );
    assert!(!t.is_win(&h, &Rules::RIICHI));
    let h = p("[EEE]147m258p369sCC", Notation::Mcr);
    let a = t.arrangements(&h, &Rules::MCR);
    assert_eq!(a.len(), 1);
    assert_eq!(a[0].form(), Form::KnittedStraight);
    let h = p("22334455667788m", Notation::Mcr);
    let forms: Vec<Form> = t
        .arrangements(&h, &Rules::MCR)
        .iter()
        .map(|a| a.form())
        .collect();
    assert_eq!(forms.last(), Some(&Form::SevenShiftedPairs));
    let w = t
        .waits(&p("147m258p36s111z22z", Notation::Mpsz), &Rules::MCR)
        .unwrap();
    assert_eq!(w.live.to_string(), "9s");
}

/// Check, waits and arrangements agree with each other under every rule
/// set: a complete-sized hand wins exactly when it has an arrangement, and
/// each tile of it is a wait of the hand without that tile exactly when the
/// hand wins.
#[test]
fn check_waits_and_arrangements_agree() {
    let t = Tables::embedded();
    for (k, r) in Rules::ALL.iter().enumerate() {
        let wins: usize = (0..40u64)
            .into_par_iter()
            .map(|chunk| {
                let mut rng = Rng::new(0x7a1e_0000 + 100 * k as u64 + chunk);
                let mut wins = 0;
                for _ in 0..5_000 {
                    let h = complete_sized(&mut rng, r);
                    let win = t.is_win(&h, r);
                    assert_eq!(win, t.arrangement_count(&h, r) > 0, "{h} {r}");
                    for x in (0..34).filter(|&i| h.counts()[i] > 0) {
                        let short = h.without_tile(tile(x)).unwrap();
                        if let Ok(w) = t.waits(&short, r) {
                            assert_eq!(w.all().contains(tile(x)), win, "{short} + {} {r}", tile(x));
                        }
                    }
                    wins += usize::from(win);
                }
                wins
            })
            .sum();
        assert!(wins > 50_000, "{r}: {wins}");
    }
}
