//! The key scheme's tests: every count vector against the definitions,
//! and the examples of the module's items.

use super::*;

/// Every count vector, of any size (5^9 suits, 5^7 honours): the masked
/// slot is the key's index, and the patterns of at most 14 tiles keep
/// their dense indexes below the pattern counts (the records past them
/// in `hu.tbl` are padding that only larger vectors read).
#[test]
fn slots_are_the_indexes_of_every_count_vector() {
    fn every<const N: usize>(key: fn(&[u8; N]) -> Key, slot: fn(Key) -> usize, below: usize) {
        let mut v = [0u8; N];
        for mut k in 0..5usize.pow(N as u32) {
            for d in v.iter_mut() {
                *d = (k % 5) as u8;
                k /= 5;
            }
            let key = key(&v);
            assert_eq!(slot(key), key_index(key), "{v:?}");
            if v.iter().sum::<u8>() <= 14 {
                assert!(slot(key) < below, "{v:?}");
            }
        }
    }
    every::<9>(suit_key, suit_slot, SUIT_PATTERNS);
    every::<7>(honor_key, honor_slot, HONOR_PATTERNS);
}

/// The few-tile indexes number the patterns of at most eight tiles
/// densely: each below the count, no two alike, and the
/// neighbourhood's the same; a larger pattern has none.
#[test]
fn few_indexes_number_the_small_patterns() {
    fn every<const N: usize>(few: fn(&[u8; N]) -> usize, count: usize) {
        let mut seen = vec![false; count];
        for v in patterns::<N>() {
            let n = Neighbourhood::<N>::of(&v);
            if v.iter().sum::<u8>() > 8 {
                assert_eq!(n.few_index(), None, "{v:?}");
                continue;
            }
            let i = few(&v);
            assert_eq!(n.few_index(), Some(i), "{v:?}");
            assert!(!std::mem::replace(&mut seen[i], true), "{v:?} at {i}");
        }
        assert!(seen.iter().all(|&s| s));
    }
    every::<9>(few_suit_index, FEW_SUIT_PATTERNS);
    every::<7>(few_honor_index, FEW_HONOR_PATTERNS);
}

#[test]
fn neighbourhoods_give_the_neighbours_indices() {
    for v in patterns::<9>() {
        let n = Neighbourhood::suit(&v);
        assert_eq!(n.index(), suit_index(&v));
        for r in 0..9 {
            let mut w = v;
            let room = w[r] < 4 && v.iter().sum::<u8>() < 14;
            if room {
                w[r] += 1;
            }
            assert_eq!(n.room() >> r & 1 == 1, room);
            assert_eq!(n.up(r), suit_index(&w), "{v:?} + {r}");
        }
        // One tile off each rank of a set of held ones: each alone,
        // each knitted rank set, all of them.
        let held = (0..9).fold(0u16, |m, r| m | u16::from(v[r] > 0) << r);
        let sets = (0..9)
            .map(|r| 1 << r)
            .chain((0..3).map(|q| 0b100_1001 << q));
        for ranks in sets.chain([0x1ff]).map(|s| s & held) {
            let w: [u8; 9] = std::array::from_fn(|r| v[r] - u8::from(ranks >> r & 1 == 1));
            assert_eq!(n.down_each(ranks), suit_index(&w), "{v:?} - {ranks:b}");
        }
    }
    for v in patterns::<7>() {
        let n = Neighbourhood::honor(&v);
        assert_eq!(n.index(), honor_index(&v));
        for r in 0..7 {
            let mut w = v;
            let room = w[r] < 4 && v.iter().sum::<u8>() < 14;
            if room {
                w[r] += 1;
            }
            assert_eq!(n.room() >> r & 1 == 1, room);
            assert_eq!(n.up(r), honor_index(&w), "{v:?} + {r}");
            if v[r] > 0 {
                let mut w = v;
                w[r] -= 1;
                assert_eq!(n.down_each(1 << r), honor_index(&w), "{v:?} - {r}");
            }
        }
    }
}

/// The tallied keys hold the plain keys and the counts by copies of
/// every part, at any counts (a part of more than 14 tiles too).
#[test]
fn tallied_keys_count_every_part() {
    let mut rng = crate::sets::Rng::new(7);
    for round in 0..200_000 {
        let mut c = [0u8; crate::tile::KINDS];
        for x in c.iter_mut() {
            // Sparse hands mostly, dense ones now and then.
            *x = if round % 4 == 0 {
                rng.below(5)
            } else {
                rng.below(9).saturating_sub(4)
            } as u8;
        }
        let t = hand_tallies(&c);
        let k = hand_keys(&c);
        let mut sum = 0u64;
        for i in 0..4 {
            let part = &c[9 * i..(9 * i + 9).min(34)];
            assert_eq!(t[i] as u32, k[i], "{c:?}");
            let part_fields = t[i] >> 32;
            let want = part.iter().map(|&x| x as u64).fold(0, |a, x| {
                a + ((x >= 2) as u64 | ((x > 0) as u64) << 8 | (x & 1) << 16)
            });
            assert_eq!(part_fields & 0xff_ffff, want, "{c:?} part {i}");
            if i < 3 {
                let ends = [part[0], part[8]];
                let terminals = ends.iter().filter(|&&x| x > 0).count() as u8;
                let pairs = ends.iter().filter(|&&x| x >= 2).count() as u8;
                assert_eq!(
                    (tally::terminals(t[i]), tally::terminal_pairs(t[i])),
                    (terminals, pairs)
                );
            }
            sum += t[i];
        }
        let tiles: usize = c.iter().map(|&x| x as usize).sum();
        assert_eq!(key_tiles(sum as u32), tiles);
        assert_eq!(
            tally::kinds(sum) as usize,
            c.iter().filter(|&&x| x > 0).count()
        );
    }
}

#[test]
fn domains_are_dense() {
    // `patterns` writes each vector at its index: a collision or a gap
    // would leave a slot whose vector does not map back to it.
    let suit = patterns::<9>();
    assert!(suit.iter().enumerate().all(|(i, v)| suit_index(v) == i));
    let honors = patterns::<7>();
    assert!(honors.iter().enumerate().all(|(i, v)| honor_index(v) == i));
}

/// The examples of the module's items.
mod examples {
    #[test]
    fn suit_slot() {
        use crate::table::key;
        let k = key::suit_key(&[4, 4, 4, 4, 4, 4, 4, 4, 4]); // 36 tiles: no pattern
        assert_eq!(key::suit_slot(k), key::key_index(k));
    }

    #[test]
    fn honor_slot() {
        use crate::table::key;
        let k = key::honor_key(&[4; 7]);
        assert_eq!(key::honor_slot(k), key::key_index(k));
    }

    #[test]
    fn keys_tiles() {
        use crate::table::key;
        let hand: crate::Hand = "123m456p789s11122z".parse().unwrap();
        let keys = key::hand_keys(hand.counts());
        assert_eq!(key::keys_tiles(&keys), 14);
    }

    #[test]
    fn tallied_fields() {
        use crate::table::key::{self, tally};
        let h: crate::Hand = "1199m12p99s11z".parse().unwrap();
        let k = key::hand_tallies(h.counts());
        let suits = k[0] + k[1] + k[2];
        assert_eq!(tally::pairs(suits + k[3]), 4);
        assert_eq!(tally::kinds(suits + k[3]), 6);
        assert_eq!(tally::odd(suits + k[3]), 2);
        assert_eq!(tally::terminals(suits), 4); // 1m 9m 1p 9s
        assert_eq!(tally::terminal_pairs(suits), 3); // 11m 99m 99s
        assert_eq!(
            key::key_tiles(k[0] as u32 + k[1] as u32 + k[2] as u32 + k[3] as u32),
            10
        );
    }

    #[test]
    fn suit_index() {
        use crate::table::key;
        assert_eq!(key::suit_index(&[0; 9]), 0);
        let mut seen = std::collections::HashSet::new();
        for k in 0..5usize.pow(9) {
            let v: Vec<u8> = (0..9).map(|i| (k / 5usize.pow(i) % 5) as u8).collect();
            if v.iter().map(|&c| c as usize).sum::<usize>() <= 14 {
                let i = key::suit_index(v.as_slice().try_into().unwrap());
                assert!(i < key::SUIT_PATTERNS && seen.insert(i));
            }
        }
        assert_eq!(seen.len(), key::SUIT_PATTERNS);
    }

    #[test]
    fn few_suit_index() {
        use crate::table::key;
        assert_eq!(key::few_suit_index(&[0; 9]), 0);
        assert!(key::few_suit_index(&[4, 4, 0, 0, 0, 0, 0, 0, 0]) < key::FEW_SUIT_PATTERNS);
    }

    #[test]
    fn few_honor_index() {
        use crate::table::key;
        assert_eq!(key::few_honor_index(&[0; 7]), 0);
        assert!(key::few_honor_index(&[0, 0, 0, 0, 4, 0, 4]) < key::FEW_HONOR_PATTERNS);
    }

    #[test]
    fn neighbourhood() {
        use crate::table::key::{self, Neighbourhood};
        let c = [1, 0, 4, 0, 0, 0, 0, 0, 2];
        let n = Neighbourhood::suit(&c);
        assert_eq!(n.index(), key::suit_index(&c));
        assert_eq!(n.up(1), key::suit_index(&[1, 1, 4, 0, 0, 0, 0, 0, 2]));
        assert_eq!(n.up(8), key::suit_index(&[1, 0, 4, 0, 0, 0, 0, 0, 3]));
        assert_eq!(n.room(), 0b1_1111_1011); // 3m has no fifth copy
        assert_eq!(n.up(2), n.index());
    }

    #[test]
    fn neighbourhood_tallied() {
        use crate::table::key::{self, Neighbourhood};
        let c = [1, 0, 4, 0, 0, 0, 0, 0, 2];
        let (n, k) = Neighbourhood::tallied(&c);
        assert_eq!(n.index(), key::suit_index(&c));
        assert_eq!(
            (
                key::tally::pairs(k),
                key::tally::kinds(k),
                key::tally::terminals(k)
            ),
            (2, 3, 2)
        );
    }

    #[test]
    fn few_index() {
        use crate::table::key::{self, Neighbourhood};
        let c = [1, 0, 4, 0, 0, 0, 0, 0, 2];
        assert_eq!(
            Neighbourhood::suit(&c).few_index(),
            Some(key::few_suit_index(&c))
        );
        assert_eq!(
            Neighbourhood::suit(&[1, 0, 4, 0, 0, 0, 0, 0, 4]).few_index(),
            None
        );
    }

    #[test]
    fn down_each() {
        use crate::table::key::{self, Neighbourhood};
        let n = Neighbourhood::suit(&[1, 0, 2, 1, 0, 0, 3, 0, 2]);
        let fewer = key::suit_index(&[0, 0, 2, 0, 0, 0, 2, 0, 2]);
        assert_eq!(n.down_each(0b100_1001), fewer);
    }

    #[test]
    fn up_by() {
        use crate::table::key::{self, Neighbourhood};
        let n = Neighbourhood::suit(&[1, 0, 2, 0, 0, 0, 0, 0, 2]);
        assert_eq!(n.up_by(2, 2), key::suit_index(&[1, 0, 4, 0, 0, 0, 0, 0, 2]));
        assert_eq!(n.up_by(8, 1), n.up(8));
    }
}
