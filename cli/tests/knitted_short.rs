//! MCR knitted straight in a bare short hand: with fewer tiles
//! and no declared melds the missing sets count as melds for the standard
//! form but never as knitted tiles, so 2458m369s147p (10 tiles) waits on 4m,
//! as in the reference calculator's own test. Table engine and recursive
//! reference, with and without jokers, and the CLI.

mod cli_common;

use hupai::sets::Rng;
use hupai::{forms, reference, Hand, Rules, Tables, Tile, KINDS};

fn hand(s: &str) -> Hand {
    s.parse().unwrap()
}

#[test]
fn the_reference_calculators_case() {
    let t = Tables::embedded();
    let r = Rules::MCR;
    let ready = hand("2458m369s147p");
    let w = t.waits(&ready, &r).unwrap();
    assert_eq!(w.live.to_string(), "4m");
    assert_eq!(reference::waits(&ready, &r).0.to_string(), "4m");
    assert_eq!(t.shanten(&ready, &r), Ok(0));
    assert_eq!(reference::shanten::shanten(&ready, &r), Some(0));
    let done = hand("24458m369s147p");
    assert!(t.is_win(&done, &r) && reference::is_win(&done, &r));
    let a = t.arrangements(&done, &r);
    assert_eq!(a.len(), 1);
    assert_eq!(a[0].form(), hupai::Form::KnittedStraight);
    assert_eq!(a, reference::arrangements(&done, &r));
    // Missing sets are never knitted tiles: one absent knitted tile in an
    // 11-tile hand is no win (the standard form's missing sets stay melds).
    assert!(!t.is_win(&hand("24458m369s147z"), &r));
    assert!(!reference::is_win(&hand("24458m369s14p7z"), &r));
    // Only MCR has the form; a declared meld leaves no missing set.
    assert!(!t.is_win(&done, &Rules::GENERIC));
    assert!(!t.is_win(&hand("[111z]24458m369s14p"), &r));
    // With a joker for 7p.
    let joker = hand("2458m369s14p");
    assert_eq!(
        t.waits_jokers(&joker, 1, &r).unwrap().live.to_string(),
        "4m 7p"
    );
    assert!(t.is_win_jokers(&hand("24458m369s14p"), 1, &r));
    assert!(reference::jokers::is_win(&hand("24458m369s14p"), 1, &r));
}

#[test]
fn cli_check_waits_shanten_arrange() {
    let run = |args: &[&str]| cli_common::stdout(&cli_common::run(args, ""));
    assert_eq!(
        run(&["waits", "--rules", "mcr", "2458m369s147p"]),
        "2458m147p369s  waits: 4m\n"
    );
    assert_eq!(
        run(&["check", "--rules", "mcr", "24458m369s147p"]),
        "good\n"
    );
    assert!(run(&["shanten", "--rules", "mcr", "2458m369s147p"]).contains("ready (shanten 0)"));
    assert!(run(&["arrange", "--rules", "mcr", "24458m369s147p"])
        .contains("knitted straight: 258m 44m 147p 369s"));
}

/// Bare MCR hands of 10 and 11 tiles around a knitted straight (one or two
/// of its tiles swapped for random ones), and of 13 and 14 as a control.
fn knitted_hand(rng: &mut Rng, size: usize) -> Option<Hand> {
    let p = rng.below(6);
    let mut c = [0u8; KINDS];
    let knit = forms::knitted_tiles(p);
    for &i in &knit {
        c[i] += 1;
    }
    for _ in 0..rng.below(3) {
        c[knit[rng.below(9)]] = 0;
    }
    while c.iter().map(|&x| x as usize).sum::<usize>() < size {
        let i = if rng.below(3) == 0 {
            knit[rng.below(9)]
        } else {
            rng.below(KINDS)
        };
        if c[i] < 4 {
            c[i] += 1;
        }
    }
    let total: usize = c.iter().map(|&x| x as usize).sum();
    (total == size).then(|| Hand::new(c, &[]).unwrap())
}

#[test]
fn engine_equals_reference_on_short_knitted_hands() {
    let t = Tables::embedded();
    let r = Rules::MCR;
    let mut rng = Rng::new(0x4b4e_4954);
    let (mut wins, mut ready) = (0, 0);
    for n in 0..12_000 {
        let size = [10, 11, 13, 14][n % 4];
        let Some(h) = knitted_hand(&mut rng, size) else {
            continue;
        };
        let win = t.is_win(&h, &r);
        assert_eq!(win, reference::is_win(&h, &r), "{h}");
        wins += win as usize;
        if size % 3 == 1 {
            let w = t.waits(&h, &r).unwrap();
            assert_eq!((w.live, w.exhausted), reference::waits(&h, &r), "{h}");
            ready += !w.live.is_empty() as usize;
        }
        assert_eq!(
            t.shanten(&h, &r).ok(),
            reference::shanten::shanten(&h, &r),
            "{h}"
        );
        if win {
            assert_eq!(
                t.arrangements(&h, &r),
                reference::arrangements(&h, &r),
                "{h}"
            );
        }
        if n % 8 == 0 {
            let mut real = h;
            let drop = Tile::from_index(h.counts().iter().position(|&x| x > 0).unwrap()).unwrap();
            real = real.without_tile(drop).unwrap();
            assert_eq!(
                t.is_win_jokers(&real, 1, &r),
                reference::jokers::is_win(&real, 1, &r),
                "{real} + joker"
            );
        }
    }
    // The set is not trivial: many wins and ready hands.
    assert!(wins > 40 && ready > 1000, "{wins} wins, {ready} ready");
}
