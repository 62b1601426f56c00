//! Seeded random whole hands: the table engine equals the recursive reference.
//!
//! Complete, near-complete and random hands, with and without declared melds
//! and kongs, and the generic rules' 14 + k undeclared kongs.

use hupai::sets::{complete_with, random, Rng};
use hupai::{reference, Hand, Meld, MeldKind, Rules, Tables, Tile, KINDS};
use rayon::prelude::*;

/// A random declared meld that fits in `all` (counts of tiles used so far).
fn random_meld(rng: &mut Rng, all: &mut [u8; KINDS]) -> Option<Meld> {
    let t = Tile::from_index(rng.below(KINDS)).unwrap();
    let (kind, need): (MeldKind, Vec<Tile>) = match rng.below(4) {
        0 if t.up(2).is_some() => (MeldKind::Chow, (0..3).map(|i| t.up(i).unwrap()).collect()),
        1 => (MeldKind::Pung, vec![t; 3]),
        2 => (MeldKind::Kong, vec![t; 4]),
        3 => (MeldKind::ConcealedKong, vec![t; 4]),
        _ => return None,
    };
    let mut c = *all;
    for x in &need {
        c[x.index()] += 1;
    }
    if c.iter().any(|&x| x > 4) {
        return None;
    }
    *all = c;
    Some(Meld::new(kind, t, None).unwrap())
}

/// Hand number `i` of the differential set.
fn hand(i: u64) -> Option<Hand> {
    let mut rng = Rng::new(0x5eed_0000 + i);
    let n_melds = if rng.below(2) == 0 { 0 } else { rng.below(5) };
    let mut used = [0u8; KINDS];
    let melds: Vec<Meld> = (0..n_melds)
        .filter_map(|_| random_meld(&mut rng, &mut used))
        .collect();
    let concealed_melds = 4 - melds.len();
    let mut c = match rng.below(5) {
        0 | 1 => complete_with(&mut rng, concealed_melds),
        2 => {
            // Near-complete: one tile swapped.
            let mut c = complete_with(&mut rng, concealed_melds);
            hupai::sets::remove_random(&mut rng, &mut c);
            c[rng.below(KINDS)] += 1;
            c
        }
        3 => {
            // Kongs by count: pungs grown into quads (undeclared kongs: 14 + k).
            let mut c = complete_with(&mut rng, concealed_melds);
            for n in c.iter_mut() {
                if *n == 3 && rng.below(2) == 0 {
                    *n = 4;
                }
            }
            c
        }
        _ => {
            let n = 3 * concealed_melds + 2 - rng.below(2);
            random(&mut rng, n)
        }
    };
    for n in c.iter_mut() {
        *n = (*n).min(4);
    }

    Hand::new(c, &melds).ok()
}

#[test]
fn a_million_hands_agree_with_the_reference() {
    let tables = Tables::embedded();
    let rules = [Rules::GENERIC, Rules::RIICHI];
    let (checked, wins) = (0..1_080_000u64)
        .into_par_iter()
        .filter_map(hand)
        .map(|h| {
            let mut wins = 0;
            for r in &rules {
                let want = reference::is_win(&h, r);
                assert_eq!(tables.is_win(&h, r), want, "{h} under {r}");
                wins += want as usize;
            }
            (1, wins)
        })
        .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    assert!(checked >= 1_000_000, "only {checked} hands generated");

    // The set is not trivially one-sided.
    assert!(
        wins > checked / 4 && wins < 2 * checked,
        "{wins} wins of {checked}"
    );
}
