//! Shanten, effective tiles and discard tables with jokers beside declared
//! melds (table bounds from both sides, the search where they part) against
//! the per-part search, the exact definition: 1–4 melds of every kind, 1–8
//! jokers, every rule set including three-player riichi, many hands holding
//! the copies their melds leave or the ranks beside them (where a joker
//! standing for a copy beyond the caps matters). Run in release mode.

mod common;
use hupai::sets::{random_meld, remove_random, Rng};
use hupai::{Hand, Rules, Tables, KINDS};
use rayon::prelude::*;

const RULES: [Rules; 5] = [
    Rules::GENERIC,
    Rules::SICHUAN,
    Rules::RIICHI,
    Rules::RIICHI3,
    Rules::MCR,
];

/// Hand `i` of stream `seed`: 1–4 declared melds, then real tiles and 1–8
/// jokers to `slots` in all (as `sizes` allows, at most 14), the rule set.
/// The concealed tiles are random (a third), drawn around the melds' ranks
/// (a third), or pungs and pairs of few kinds (a third). Hands the rule set
/// refuses (honours in Sichuan, 2m–8m with three players, three suits) are
/// drawn again, most of the time, so that the errors are tested too.
fn hand(seed: u64, i: u64, sizes: fn(usize) -> bool) -> (Hand, usize, Rules) {
    let mut rng = Rng::new(seed ^ i.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let rules = RULES[rng.below(RULES.len())];
    loop {
        let (h, j) = draw(&mut rng, &rules, sizes);
        let fits = Tables::embedded()
            .shanten_jokers_searched(&h, j, &rules)
            .is_ok();
        if fits || rng.below(8) == 0 {
            return (h, j, rules);
        }
    }
}

fn draw(rng: &mut Rng, rules: &Rules, sizes: fn(usize) -> bool) -> (Hand, usize) {
    let allowed = |i: usize| rules.tile_exists(i);
    let mut left = [4u8; KINDS];
    let mut melds = Vec::new();
    let count = 1 + rng.below(4);
    let mut tries = 0;
    while melds.len() < count && tries < 100 {
        tries += 1;
        let meld = random_meld(rng);
        let mut need = [0u8; KINDS];
        meld.add_to(&mut need);
        if (0..KINDS).all(|k| need[k] <= left[k] && (need[k] == 0 || allowed(k))) {
            (0..KINDS).for_each(|k| left[k] -= need[k]);
            melds.push(meld);
        }
    }
    let slots = loop {
        let s = 3 * melds.len() + 1 + rng.below(14 - 3 * melds.len());
        if !s.is_multiple_of(3) && sizes(s) {
            break s - 3 * melds.len();
        }
    };
    let j = 1 + rng.below(8.min(slots));
    let real = slots - j;
    let mut c = [0u8; KINDS];
    let mut n = 0;
    let add = |c: &mut [u8; KINDS], k: usize, n: &mut usize| {
        if *n < real && c[k] < left[k] && allowed(k) {
            c[k] += 1;
            *n += 1;
        }
    };
    let style = rng.below(3);
    let mut guard = 0;
    while n < real && guard < 1000 {
        guard += 1;
        let k = match style {
            0 => rng.below(KINDS),
            1 => {
                // Near a meld: its kinds and the two ranks either side.
                let m = melds[rng.below(melds.len())].tile().index();
                let r = m % 9;
                if m >= 27 {
                    m
                } else {
                    let shifted = (r + rng.below(7)).saturating_sub(2).min(8);
                    m - r + shifted
                }
            }
            _ => {
                let k = rng.below(KINDS);
                for _ in 0..rng.below(3) {
                    add(&mut c, k, &mut n);
                }
                k
            }
        };
        add(&mut c, k, &mut n);
    }
    while c.iter().map(|&x| x as usize).sum::<usize>() > real {
        remove_random(rng, &mut c);
    }
    // Whatever the wall could not give becomes jokers.
    let j = slots - c.iter().map(|&x| x as usize).sum::<usize>();
    (Hand::new(c, &melds).expect("drawn from one wall"), j)
}

/// A million hands: the shanten equals the search's, errors included.
#[test]
fn shanten_with_jokers_beside_melds_equals_the_search_on_a_million_hands() {
    let t = Tables::embedded();
    let n = 1_000_000 / common::div();
    let answered: usize = (0..n)
        .into_par_iter()
        .map(|i| {
            let (h, j, rules) = hand(0x6d73_6861, i, |_| true);
            let got = t.shanten_jokers(&h, j, &rules);
            let want = t.shanten_jokers_searched(&h, j, &rules);
            assert_eq!(got, want, "{h} + {j} jokers under {rules}");
            got.is_ok() as usize
        })
        .sum();
    assert!(answered as u64 > n * 3 / 4, "{answered}");
}

/// 100,000 hands of 3n+1 slots: the effective tiles equal the search's.
#[test]
fn effective_tiles_with_jokers_beside_melds_equal_the_search() {
    let t = Tables::embedded();
    let n = 100_000 / common::div();
    let nonempty: usize = (0..n)
        .into_par_iter()
        .map(|i| {
            let (h, j, rules) = hand(0x6d65_6666, i, |s| s % 3 == 1);
            let got = t.effective_jokers(&h, j, &rules, &[0; KINDS]);
            let want = t.effective_jokers_searched(&h, j, &rules, &[0; KINDS]);
            assert_eq!(got, want, "{h} + {j} jokers under {rules}");
            got.map_or(0, |e| (!e.tiles().is_empty()) as usize)
        })
        .sum();
    assert!(nonempty as u64 > n * 3 / 4, "{nonempty}");
}

/// 100,000 hands of 3n+2 slots: the discard table's shanten and every
/// discard's shanten after equal the search's (which discards are listed
/// follows), and each row's tiles are the effective tiles of the hand the
/// discard leaves (held to the search above); every tenth hand is compared
/// with the searched table whole.
#[test]
fn discard_tables_with_jokers_beside_melds_equal_the_search() {
    let n = 100_000 / common::div();
    (0..n).into_par_iter().for_each(|i| {
        let (h, j, rules) = hand(0x6d64_6973, i, |s| s % 3 == 2);
        common::discard_table_equals_the_search(&h, j, &rules, i % 10 == 0);
    });
}
