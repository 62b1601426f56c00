//! A concealed 3n+2 hand's discard rows at table speed: the effective
//! tiles after each discard, one part re-read per discard, with a small
//! cache of class combinations ([`concealed_rows`],
//! [`concealed_short_rows`]). Separate because only discard tables and
//! the short-hand tables ask for many rows at once.

use super::open_parts::{known_except, open_row_refined, with_rests, OpenParts};
use crate::engine::shanten::combine::{join, lane_bits, optimal_lanes};
use crate::engine::shanten::counts::{special_tiles_held, Held, Tally};
use crate::rules::Rules;
use crate::table::key::Neighbourhood;
use crate::table::layout::cells::FAR;
use crate::table::{DistanceTables, Distances, RankLanes, Tables};
use crate::tile::{Counts, KINDS};
use std::cell::Cell;

/// A concealed hand with every part open, looked up once for the hands
/// one tile short of it: a tile less changes one part only, so each such
/// hand reads that part again and keeps the others' classes and lanes.
struct Rows<'t, 'm> {
    t: DistanceTables<'t>,
    base: OpenParts,
    tally: Tally,
    /// The kinds by copies held, found when a counting form first needs
    /// them.
    held: Option<Held>,
    /// Per part and rank, the lanes one more tile lowers, for the parts
    /// in `laned` (bit per part; found when first needed).
    lanes: [RankLanes; 4],
    laned: u8,
    /// The standard form's distance and optimal lanes by the four classes
    /// ([`ClassMemo`]), in the caller's cache.
    memo: ClassMemo<'m>,
}

/// The standard form's distance and each part's optimal lanes are a
/// function of the four classes (and the melds aimed at): hands one tile
/// short of a state share three classes with it, and neighbouring states
/// share most, so the answers repeat across rows and states. Kept in a
/// caller's slice of u128 (a power of two long, zeroed at first),
/// direct-mapped: the classes (32 bits), the melds (3), a flag that the
/// slot is used (1), the distance (8, from bit 36) and the four parts'
/// optimal lanes (16 each, from bit 48).
struct ClassMemo<'m> {
    slots: &'m mut [u128],
}

impl ClassMemo<'_> {
    const USED: u128 = 1 << 35;
    const KEY: u128 = (1 << 36) - 1;

    fn key(classes: [u8; 4], k: usize) -> u128 {
        u128::from(u32::from_le_bytes(classes)) | (k as u128) << 32 | Self::USED
    }

    #[inline]
    fn slot(&self, key: u128) -> usize {
        let h = (key as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        (h >> 32) as usize & (self.slots.len() - 1)
    }

    #[inline]
    fn get(&self, key: u128) -> Option<(u8, [u16; 4])> {
        let e = self.slots[self.slot(key)];
        (e & Self::KEY == key).then(|| {
            let optimal = (e >> 48) as u64;
            let lane = |p: usize| (optimal >> (16 * p)) as u16;
            ((e >> 36) as u8, [lane(0), lane(1), lane(2), lane(3)])
        })
    }

    #[inline]
    fn insert(&mut self, key: u128, d: u8, optimal: [u16; 4]) {
        let lanes = optimal
            .iter()
            .rev()
            .fold(0u64, |all, &o| all << 16 | u64::from(o));
        let i = self.slot(key);
        self.slots[i] = key | u128::from(d) << 36 | u128::from(lanes) << 48;
    }
}

impl<'t, 'm> Rows<'t, 'm> {
    /// The lookups of counts `c`; every part holds at most 14 tiles (the
    /// caller checks the size).
    #[inline]
    fn of<B: AsRef<[u8]>>(t: &'t Tables<B>, c: &Counts, memo: &'m mut [u128]) -> Rows<'t, 'm> {
        let t = t.distance_tables();
        let (base, tally) = OpenParts::tallied(&t, c);
        Rows {
            t,
            base,
            tally,
            held: None,
            lanes: [RankLanes::default(); 4],
            laned: 0,
            memo: ClassMemo { slots: memo },
        }
    }

    /// The standard form (towards `k` melds and a pair) of parts of
    /// `classes`: the distance and each part's lanes some optimal
    /// allocation uses (`open_parts` up to the draws).
    #[inline]
    fn standard(&mut self, classes: [u8; 4], k: usize) -> (u8, [u16; 4]) {
        let key = ClassMemo::key(classes, k);
        if let Some(found) = self.memo.get(key) {
            return found;
        }
        let t = &self.t;
        let ab = t.suit_pair(classes[0], classes[1]);
        let sz = t.suit_honor_pair(classes[2], classes[3]);
        let d = join(ab, sz, k);
        let (x, rest) = with_rests(t, &classes, ab, sz, k);
        let optimal = [0, 1, 2, 3].map(|p| lane_bits(optimal_lanes(x[p], &rest[p], k, d)));
        self.memo.insert(key, d, optimal);
        (d, optimal)
    }

    /// The distance of `c` (looked up as `self`) less one tile of kind `j`
    /// (held), and the kinds whose draw lowers it (bit per kind), over the
    /// standard form and, where that hand aims at 14 tiles (12 or 13 tiles
    /// held), the counting forms: what [`open_standard`](super::open_standard) and
    /// [`with_special`](super::with_special) answer for that hand.
    #[inline]
    fn less(&mut self, c: &Counts, rules: &Rules, j: usize) -> (u8, u64) {
        let n = self.tally.tiles as usize - 1;
        let i = (j / 9).min(3);
        let mut parts = self.base;
        let mut v = [0u8; 9];
        if i == 3 {
            v[..7].copy_from_slice(&c[27..34]);
            v[j - 27] -= 1;
            parts.honors = Neighbourhood::honor(v[..7].try_into().expect("seven"));
            parts.class[3] = self.t.honor_class_at(parts.honors.index());
        } else {
            v.copy_from_slice(&c[9 * i..9 * i + 9]);
            v[j - 9 * i] -= 1;
            parts.suits[i] = Neighbourhood::suit(&v);
            parts.class[i] = self.t.suit_class_at(parts.suits[i].index());
        }
        let (d, optimal) = self.standard(parts.class, n / 3);
        let tally = self.tally.without(c, j);
        // Seven pairs and thirteen orphans are 14-tile forms: in reach of a
        // hand aiming at four melds and a pair.
        let special = if n / 3 == 4 {
            tally.special_distance(rules)
        } else {
            FAR
        };
        // As open_parts and with_special: the standard form's draws unless
        // the counting forms do better, theirs where they reach the best.
        let mut tiles = 0;
        if d <= special {
            for (p, &optimal) in optimal.iter().enumerate().filter(|&(_, &o)| o != 0) {
                let lanes = if p == i {
                    parts.lanes(&self.t, i)
                } else {
                    if self.laned >> p & 1 == 0 {
                        self.lanes[p] = self.base.lanes(&self.t, p);
                        self.laned |= 1 << p;
                    }
                    self.lanes[p]
                };
                tiles |= (lanes.meeting(RankLanes::pack(optimal)) as u64) << (9 * p);
            }
        }
        if special <= d {
            let held = self.held.get_or_insert_with(|| Held::of(c));
            tiles |= special_tiles_held(&held.without(c, j), &tally, rules, special);
        }
        (d.min(special), tiles)
    }
}

/// The effective tiles after each discard `j` in `discards` of a concealed
/// 3n+2 hand `c` with every part open (`base`, its lookups; `tally`, its
/// counting forms; see [`concealed_effective`](super::concealed_effective)): the parts a discard
/// leaves alone keep their lookups and neighbours across rows, and a row
/// whose discard leaves the classes of the row before keeps most of it
/// ([`open_row_refined`]).
/// (Not [`Rows`]: its caches pay off across the many states of a discard
/// EV, not within one table.)
pub(in crate::engine::shanten) fn concealed_rows(
    t: &DistanceTables,
    c: &Counts,
    base: &OpenParts,
    tally: &Tally,
    rules: &Rules,
    discards: &[usize],
    out: &mut [u64],
) {
    let t = *t;
    let base = *base;
    let held = Held::of(c);
    let n = tally.tiles as usize - 1;
    let lanes = base.all_lanes(&t);
    let before = Cell::new(None);
    for (&j, slot) in discards.iter().zip(out.iter_mut()) {
        let mut w = *c;
        w[j] -= 1;
        let changed = (j / 9).min(3);
        let mut parts = base;
        let known = known_except(&lanes, changed);
        if changed == 3 {
            parts.honors = Neighbourhood::honor(w[27..34].try_into().expect("seven"));
            parts.class[3] = t.honor_class_at(parts.honors.index());
        } else {
            let v: &[u8; 9] = w[9 * changed..9 * changed + 9].try_into().expect("nine");
            parts.suits[changed] = Neighbourhood::suit(v);
            parts.class[changed] = t.suit_class_at(parts.suits[changed].index());
        }
        let tally = tally.without(c, j);
        let special = if n >= 13 {
            tally.special_distance(rules)
        } else {
            FAR
        };
        let every = |_: usize, ranks: u16, _: u128, _: &Distances, _: u8| Some(ranks);
        let row = Some((changed, &before));
        let found = open_row_refined(&t, &parts, (n / 3, special), &known, row, 0, every);
        let (d, mut tiles) = found.expect("every rank kept");
        // As with_special, from the held masks less the discard.
        if special < d {
            tiles = 0;
        }
        if special <= d {
            tiles |= special_tiles_held(&held.without(c, j), &tally, rules, special);
        }
        *slot = tiles;
    }
}

/// For each kind `j` in `kinds` (bit per kind) held in concealed 3n+1
/// counts `c` (at most 13 tiles) with every part open, the distance and
/// draws of the 3n-tile hand `c` less one `j` (as
/// [`Tables::effective_short`] answers it) in `out[j]`; the other entries
/// are left alone. The hands share three parts each, looked up once;
/// `memo` keeps standard forms by classes across calls (a power of two
/// long, zeroed at first).
pub(in crate::engine::shanten) fn concealed_short_rows<B: AsRef<[u8]>>(
    t: &Tables<B>,
    c: &Counts,
    rules: &Rules,
    kinds: u64,
    memo: &mut [u128],
    out: &mut [(u8, u64); KINDS],
) {
    let mut rows = Rows::of(t, c, memo);
    for (j, slot) in out.iter_mut().enumerate() {
        if kinds >> j & 1 == 1 && c[j] > 0 {
            *slot = rows.less(c, rules, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::sets::{hands, Rng, Set, SEED};
    use crate::{Hand, Rules, Tables, Tile};

    /// The hands one tile short of a 3n+1 hand, all at once (with a class
    /// cache kept across hands, small enough that slots are taken over, and
    /// a fresh one) against one `effective_short` query each: seeded random
    /// hands of 13, 10, 7 and 4 tiles, uniform or drawn mostly from pairs
    /// or terminals and honours (the counting forms near), under the rule
    /// sets with every part open.
    #[test]
    fn short_discards_equal_one_query_each() {
        let t = Tables::embedded();
        let orphans = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
        let pairs = [0, 4, 11, 15, 20, 24, 29, 33, 2, 13];
        let mut rng = Rng::new(SEED ^ 0x5157);
        let mut memo = [0u128; 16];
        let hands = if cfg!(debug_assertions) {
            10_000
        } else {
            100_000
        };
        let mut checked = 0;
        for h in 0..hands {
            let n = [13, 13, 13, 10, 7, 4][h % 6];
            let mut c = [0u8; 34];
            let mut held = 0;
            while held < n {
                let k = match h % 3 {
                    _ if rng.below(4) == 0 => rng.below(34),
                    0 => rng.below(34),
                    1 => pairs[rng.below(pairs.len())],
                    _ => orphans[rng.below(orphans.len())],
                };
                if c[k] < 4 {
                    c[k] += 1;
                    held += 1;
                }
            }
            let rules = if h % 2 == 0 {
                Rules::RIICHI
            } else {
                Rules::GENERIC
            };
            // Some kinds only, now and then.
            let kinds = if h % 5 == 0 { rng.next_u64() } else { !0 };
            let mut all = [(0, 0); 34];
            assert!(t.effective_short_memo(&c, &rules, kinds, &mut memo, &mut all));
            let fresh = t.effective_short_discards(&c, &rules, kinds).unwrap();
            assert_eq!(all, fresh, "{c:?}");
            for j in 0..34 {
                if c[j] == 0 || kinds >> j & 1 == 0 {
                    assert_eq!(all[j], (0, 0), "{c:?} less {j}");
                    continue;
                }
                let mut y = c;
                y[j] -= 1;
                assert_eq!(
                    Some(all[j]),
                    t.effective_short(&y, &rules),
                    "{c:?} less {j}"
                );
                checked += 1;
            }
        }
        assert!(checked > 5 * hands);
        // Off the common case there is no answer, as for effective_short.
        let mut y = [0u8; 34];
        y[..13].fill(1);
        for rules in [Rules::MCR, Rules::SICHUAN, Rules::RIICHI3] {
            assert_eq!(t.effective_short_discards(&y, &rules, !0), None);
        }
        y[13] = 1;
        assert_eq!(t.effective_short_discards(&y, &Rules::RIICHI, !0), None);
    }

    /// Rows for every held kind, not only a table's tied discards (so a row
    /// may keep the classes of the row before with its special forms now
    /// nearer): each row equals the effective tiles of the hand less its
    /// discard, asked alone, on random and near-seven-pairs hands.
    #[test]
    fn rows_of_every_discard_equal_the_hands_less_each() {
        use super::{concealed_rows, OpenParts};
        let t = Tables::embedded();
        let d = t.distance_tables();
        let mut set = hands(Set::R14, 2_000, SEED ^ 0x7207);
        set.extend(pairs_heavy(2_000));
        let mut kept = 0;
        for rules in [Rules::GENERIC, Rules::RIICHI] {
            for h in set.iter().filter(|h| h.concealed_len() == 14) {
                let c = h.counts();
                let (parts, tally) = OpenParts::tallied(&d, c);
                let kinds: Vec<usize> = (0..34).filter(|&i| c[i] > 0).collect();
                let mut rows = vec![0u64; kinds.len()];
                concealed_rows(&d, c, &parts, &tally, &rules, &kinds, &mut rows);
                kept += kinds.windows(2).filter(|w| w[0] / 9 == w[1] / 9).count();
                for (&j, &got) in kinds.iter().zip(&rows) {
                    let less = h.without_tile(Tile::from_index(j).unwrap()).unwrap();
                    let want = t.effective(&less, &rules, &[0; 34]).unwrap();
                    assert_eq!(got, want.tiles().bits(), "{h} less {j}");
                }
            }
        }
        assert!(kept > 10_000, "{kept}");
    }

    /// Complete hands with each count doubled (at most four, 14 tiles):
    /// seven pairs in reach, counts of four.
    fn pairs_heavy(n: usize) -> Vec<Hand> {
        hands(Set::C14, n, SEED + 1)
            .iter()
            .map(|h| {
                let mut c = [0u8; 34];
                for (i, &x) in h.counts().iter().enumerate() {
                    c[i] = if x > 0 { (2 * x).min(4) } else { 0 };
                }
                let mut left = 14;
                for x in c.iter_mut() {
                    *x = (*x).min(left);
                    left -= *x;
                }
                c[33] += left.min(4 - c[33]);
                Hand::new(c, &[]).unwrap()
            })
            .collect()
    }

    /// The discard table's fast path (one part per discard, the tally less
    /// the discard) against the effective tiles and shanten of each hand
    /// less its discard, asked one by one: random, complete and near-seven-
    /// pairs hands, under every rule set with all parts open.
    #[test]
    fn discard_rows_equal_the_hands_less_each_discard() {
        let t = Tables::embedded();
        let none = [0u8; 34];
        let mut set = hands(Set::R14, 3_000, SEED);
        set.extend(hands(Set::C14, 1_000, SEED));
        // Pairs and quads: seven pairs in reach, counts of 4 discarded.
        set.extend(pairs_heavy(1_000));
        for rules in [Rules::GENERIC, Rules::RIICHI] {
            for h in set.iter().filter(|h| h.concealed_len() == 14) {
                let d = t.discards(h, &rules, &none).unwrap();
                let after: Vec<(Tile, i8)> = Tile::all()
                    .filter_map(|x| Some((x, t.shanten(&h.without_tile(x)?, &rules).ok()?)))
                    .collect();
                let best = after.iter().map(|a| a.1).min().unwrap();
                assert_eq!(d.after(), best, "{h}");
                assert_eq!(d.len(), after.iter().filter(|a| a.1 == best).count(), "{h}");
                for (x, e) in d.iter() {
                    let w = h.without_tile(x).unwrap();
                    let want = t.effective(&w, &rules, &none).unwrap();
                    assert_eq!(e.tiles(), want.tiles(), "{h} less {x}");
                }
            }
        }
    }
}
