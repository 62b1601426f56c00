//! Three-player riichi (`Rules::RIICHI3`): shanten and effective tiles equal
//! the `xiangting` crate's three-player functions on seeded random hands of
//! the three-player wall; with declared melds and jokers they and the
//! discard tables equal the per-part search (where the tables answer by
//! the four-player twin of the hand); hu and waits are those of riichi on
//! the same tiles and never name 2m–8m; hands holding 2m–8m are refused.

mod common;
use hupai::engine::Ukeire;
use hupai::{Hand, Meld, MeldKind, Rules, Tables, Tile};
use rayon::prelude::*;

/// The kinds of the three-player wall: 1m, 9m, dots, bamboo, honours.
fn kinds() -> Vec<usize> {
    (0..34).filter(|&i| !(1..8).contains(&i)).collect()
}

/// A small deterministic generator (xorshift64*).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random hand of `n` tiles from the three-player wall, some of them
/// clustered so that melds and pairs occur.
fn hand(rng: &mut Rng, n: usize) -> Hand {
    let kinds = kinds();
    let mut c = [0u8; 34];
    let mut placed = 0;
    while placed < n {
        let k = kinds[rng.below(kinds.len())];
        let copies = 1 + rng.below(3);
        for _ in 0..copies {
            if placed < n && c[k] < 4 {
                c[k] += 1;
                placed += 1;
            }
        }
    }
    Hand::new(c, &[]).unwrap()
}

#[test]
fn three_player_shanten_and_effective_tiles_equal_xiangting() {
    let t = Tables::embedded();
    let mut rng = Rng(0x5eed_3333);
    let mut checked = 0;
    for i in 0..40_000 {
        let n = [1, 2, 4, 5, 7, 8, 10, 11, 13, 14, 13, 14][i % 12];
        let h = hand(&mut rng, n);
        let (xt, necessary) =
            xiangting::calculate_necessary_tiles(h.counts(), xiangting::PlayerCount::Three)
                .unwrap();
        let shanten = t.shanten(&h, &Rules::RIICHI3).unwrap();
        assert_eq!(shanten, xt as i8 - 1, "shanten of {h}");
        if n % 3 == 1 {
            let four: u64 = (0..34)
                .filter(|&i| h.counts()[i] == 4)
                .map(|i| 1 << i)
                .sum();
            let eff = t.effective(&h, &Rules::RIICHI3, &[0; 34]).unwrap();
            assert_eq!(
                eff.tiles().bits(),
                necessary & !four,
                "effective tiles of {h}"
            );
            assert_eq!(
                eff.tiles().bits() & 0xfe,
                0,
                "no 2m-8m among the draws of {h}"
            );
        } else if let Ukeire::Discard(d) = t.ukeire(&h, &Rules::RIICHI3, &[0; 34]).unwrap() {
            for (_, e) in d.iter() {
                assert_eq!(
                    e.tiles().bits() & 0xfe,
                    0,
                    "no 2m-8m among the draws of {h}"
                );
            }
        }
        checked += 1;
    }
    assert_eq!(checked, 40_000);
}

#[test]
fn three_player_four_copies_read_1m_and_9m_as_honours() {
    let t = Tables::embedded();
    let h: Hand = "1111m111122233z".parse().unwrap();
    // Four player: 1m can still join 23m; three player: the fourth 1m is dead.
    assert_eq!(t.shanten(&h, &Rules::RIICHI), Ok(1));
    assert_eq!(t.shanten(&h, &Rules::RIICHI3), Ok(2));
}

#[test]
fn three_player_hu_and_waits_are_riichis_without_2m_to_8m() {
    let t = Tables::embedded();
    let mut rng = Rng(77);
    for _ in 0..20_000 {
        let h = hand(&mut rng, 13);
        let w3 = t.waits(&h, &Rules::RIICHI3).unwrap();
        let w4 = t.waits(&h, &Rules::RIICHI).unwrap();
        assert_eq!(w3.live, w4.live, "{h}");
        assert_eq!(w3.all().bits() & 0xfe, 0);
        let full = h.with_tile(Tile::from_index(kinds()[rng.below(27)]).unwrap());
        if let Ok(full) = full {
            assert_eq!(
                t.is_win(&full, &Rules::RIICHI3),
                t.is_win(&full, &Rules::RIICHI),
                "{full}"
            );
        }
    }
    let with_5m: Hand = "123m456p789s11122z".parse().unwrap();
    assert!(t.is_win(&with_5m, &Rules::RIICHI) && !t.is_win(&with_5m, &Rules::RIICHI3));
    assert!(t.arrangements(&with_5m, &Rules::RIICHI3).is_empty());
    assert!(t.shanten(&with_5m, &Rules::RIICHI3).is_err());
    let ready: Hand = "123m456p789s1112z".parse().unwrap();
    assert!(t.waits(&ready, &Rules::RIICHI3).unwrap().is_empty());
}

/// A three-player hand of `slots` slots (3n+1 or 3n+2, at most 14) with
/// 0–4 declared melds (chows of dots and bamboo, pungs and kongs of any
/// kind) and, with `jokers`, 0–6 of its concealed slots jokers. One hand in
/// three draws its concealed tiles mostly from 1m, 9m and the honours,
/// so that some hold more than seven of those kinds (no four-player twin).
fn three_player_hand(seed: u64, i: u64, slots: usize, jokers: bool) -> (Hand, usize) {
    let mut rng = Rng(seed ^ (i + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let kinds = kinds();
    let honor_like: Vec<usize> = kinds
        .iter()
        .copied()
        .filter(|k| !(9..27).contains(k))
        .collect();
    let mut left = [4u8; 34];
    (1..8).for_each(|k| left[k] = 0);
    let mut melds = Vec::new();
    for _ in 0..rng.below(1 + (slots - 1) / 3).min(4) {
        let (kind, from) = match rng.below(4) {
            0 => (MeldKind::Chow, Some(hupai::From::Left)),
            1 => (MeldKind::Pung, Some(hupai::From::Opposite)),
            2 => (MeldKind::Kong, Some(hupai::From::Right)),
            _ => (MeldKind::ConcealedKong, None),
        };
        let k = if kind == MeldKind::Chow {
            9 + 9 * rng.below(2) + rng.below(7)
        } else if rng.below(2) == 0 {
            honor_like[rng.below(honor_like.len())]
        } else {
            kinds[rng.below(kinds.len())]
        };
        let m = Meld::new(kind, Tile::from_index(k).unwrap(), from).unwrap();
        let mut need = [0u8; 34];
        m.add_to(&mut need);
        if (0..34).all(|x| need[x] <= left[x]) {
            (0..34).for_each(|x| left[x] -= need[x]);
            melds.push(m);
        }
    }
    let concealed = slots - 3 * melds.len();
    let j = if jokers {
        rng.below(7.min(concealed))
    } else {
        0
    };
    let honours = rng.below(3) == 0;
    let mut c = [0u8; 34];
    let mut n = 0;
    while n < concealed - j {
        let k = if honours && rng.below(4) != 0 {
            honor_like[rng.below(honor_like.len())]
        } else {
            kinds[rng.below(kinds.len())]
        };
        for _ in 0..1 + rng.below(3) {
            if n < concealed - j && c[k] < left[k] {
                c[k] += 1;
                n += 1;
            }
        }
    }
    (Hand::new(c, &melds).unwrap(), j)
}

/// Slots of hand `i`: 3n+1 or 3n+2 as `draw` asks, at most 14.
fn slots(i: u64, draw: bool) -> usize {
    let sizes: &[usize] = if draw {
        &[13, 13, 10, 7, 4, 1]
    } else {
        &[14, 14, 11, 8, 5, 2]
    };
    sizes[i as usize % sizes.len()]
}

/// Shanten and effective tiles of three-player hands with declared melds,
/// with and without jokers, equal the per-part search (200,000 hands of
/// each size; the joker-free ones are the plain queries).
#[test]
fn three_player_melds_and_jokers_equal_the_search() {
    let t = Tables::embedded();
    let n = 200_000 / common::div();
    let twins: u64 = (0..n)
        .into_par_iter()
        .map(|i| {
            let (h, j) = three_player_hand(0x3333_5348, i, slots(i, i % 2 == 0), i % 3 != 0);
            let r = &Rules::RIICHI3;
            let got = t.shanten_jokers(&h, j, r);
            assert_eq!(got, t.shanten_jokers_searched(&h, j, r), "{h} + {j} jokers");
            if j == 0 && i % 20 == 0 {
                // The recursive reference too (targets without 2m–8m).
                assert_eq!(got.ok(), hupai::reference::shanten::shanten(&h, r), "{h}");
            }
            if i % 2 == 0 {
                let e = t.effective_jokers(&h, j, r, &[0; 34]);
                let want = t.effective_jokers_searched(&h, j, r, &[0; 34]);
                assert_eq!(e, want, "{h} + {j} jokers");
                assert_eq!(e.unwrap().tiles().bits() & 0xfe, 0, "{h}: no 2m-8m");
            }
            // Hands of more than seven honour-like kinds take the search.
            let used = (0..34).filter(|&k| !(9..27).contains(&k) && h.all_counts()[k] > 0);
            u64::from(used.count() <= 7)
        })
        .sum();
    assert!(
        twins > n * 8 / 10 && twins < n,
        "{twins} of {n} with a twin"
    );
}

/// The discard tables of three-player hands with declared melds and jokers
/// equal the search's (30,000 hands; every tenth whole).
#[test]
fn three_player_discard_tables_equal_the_search() {
    let n = 30_000 / common::div();
    (0..n).into_par_iter().for_each(|i| {
        let (h, j) = three_player_hand(0x3333_4453, i, slots(i, false), i % 3 != 0);
        common::discard_table_equals_the_search(&h, j, &Rules::RIICHI3, i % 10 == 0);
        let d = Tables::embedded().discards_jokers(&h, j, &Rules::RIICHI3, &[0; 34]);
        for (x, e) in d.iter().flat_map(|d| d.iter()) {
            assert!(x.index() == 0 || x.index() >= 8, "{h}: discard {x}");
            assert_eq!(e.tiles().bits() & 0xfe, 0, "{h}: no 2m-8m");
        }
    });
}
