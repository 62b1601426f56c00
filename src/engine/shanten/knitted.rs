//! MCR's forms on the fast path: a concealed hand of 13 or 14 tiles under
//! rules with the knitted forms, by table reads and counts.
//!
//! The knitted straight takes one copy of each of its nine tiles, three
//! ranks of each suit (1-4-7, 2-5-8 or 3-6-9, a different set per suit),
//! and the rest must form one set and a pair. Each suit less each of its
//! three rank sets is one class read (nine in all, from the suit's
//! neighbourhood: [`Neighbourhood::down_each`]); each of the six
//! permutations is then the tiles it lacks plus a join of those classes,
//! and a permutation lacking more tiles than the best distance found is
//! never looked at.

use super::combine::join;
use super::concealed::{concealed_draws, open_parts_of};
use super::counts::{
    at_least, held_mask, special_tiles_held, Held, Tally, HONOR_KINDS, KNITTED_MASKS,
};
use super::melded::CapMasks;
use super::{fewer, ShantenError, Sizes};
use crate::forms::{self, KNITTED_PERMS};
use crate::rules::Rules;
use crate::table::key::{self, Neighbourhood};
use crate::table::layout::cells::FAR;
use crate::table::{DistanceTables, Tables};
use crate::tile::{held_total, Counts, KINDS};

/// Shanten of a concealed hand of 13 or 14 tiles under rules with the
/// knitted forms (every part open): the standard and counting forms as
/// on the concealed path, honours and knitted, and the knitted straight.
/// `None` for other sizes (the general path answers them).
#[inline]
pub(super) fn knitted_shanten<B: AsRef<[u8]>>(
    t: &Tables<B>,
    c: &Counts,
    rules: &Rules,
) -> Option<Result<i8, ShantenError>> {
    let n = held_total(c);
    if !(13..=14).contains(&n) {
        return None;
    }
    if let Err(e) = Sizes::Any.check(n, 0) {
        return Some(Err(e));
    }
    Some(Ok(knitted_distance(&t.distance_tables(), c, n, rules)
        as i8
        - 1))
}

/// The distance of concealed counts `c` towards complete hands of
/// `slots` + 1 tiles (13 or 14 slots; fewer tiles where jokers fill the
/// rest) over every form of rules with the knitted forms.
#[inline]
pub(super) fn knitted_distance(t: &DistanceTables, c: &Counts, slots: usize, rules: &Rules) -> u8 {
    knitted_distance_tallied(t, c, &key::hand_tallies(c), slots, rules)
}

/// [`knitted_distance`] with the parts' tallied keys of `c` (`keys`, see
/// [`key::hand_tallies`]) already read.
#[inline]
pub(super) fn knitted_distance_tallied(
    t: &DistanceTables,
    c: &Counts,
    keys: &[key::Tallied; 4],
    slots: usize,
    rules: &Rules,
) -> u8 {
    debug_assert!((13..=14).contains(&slots));
    let tally = Tally::of_keys(keys);
    let index = |i: usize| key::key_index(keys[i] as u32);
    let (a, b, s) = (
        t.suit_class_at(index(0)),
        t.suit_class_at(index(1)),
        t.suit_class_at(index(2)),
    );
    let z = t.honor_class_at(index(3));
    let mut d = join(t.suit_pair(a, b), t.suit_honor_pair(s, z), slots / 3);
    d = d.min(tally.special_distance(rules));
    let held = held_mask(c);
    let have = knitted_held(held);
    // Honours and knitted: 14 kinds, those of the best permutation and the
    // seven honours.
    let honors = (held >> 27).count_ones() as u8;
    let most = have.iter().max().expect("six permutations");
    d = d.min(14 - (most + honors).min(14));
    d.min(straight(t, c, held, &have, z, d, false).0)
}

/// The forms other than the standard one of concealed counts `c` towards
/// complete hands of `slots` + 1 tiles (13 or 14 slots) under rules with
/// the knitted forms: seven pairs, thirteen orphans, honours and knitted
/// and the knitted straight, their least distance and the kinds whose
/// draw lowers it. A form farther than `bound` may be left out: each
/// form's distance is a count, and its draws are looked for only where it
/// reaches the bound.
#[inline]
pub(super) fn knitted_special_improving(
    t: &DistanceTables,
    c: &Counts,
    rules: &Rules,
    bound: u8,
) -> (u8, u64) {
    let mut best = (FAR, 0);
    // Seven pairs and thirteen orphans: one tally and the kinds by copies.
    let by_copies = Held::of(c);
    let tally = Tally::of_held(&by_copies);
    let special = tally.special_distance(rules);
    if special <= bound {
        best = (
            special,
            special_tiles_held(&by_copies, &tally, rules, special),
        );
    }
    let held = held_mask(c);
    let have = knitted_held(held);
    let honors = (held >> 27).count_ones() as u8;
    let most = have.iter().max().expect("six permutations");
    if 14 - (most + honors).min(14) <= bound {
        best = fewer(best, honors_and_knitted(held, &have));
    }
    let z = t.honor_class_at(key::honor_index(c[27..34].try_into().expect("seven")));
    fewer(
        best,
        straight(t, c, held, &have, z, bound.min(best.0), true),
    )
}

/// Honours and knitted of a hand holding the kinds `held` (`have` of each
/// permutation's): 14 less the kinds of the permutation and the honours
/// held, and the draws of the best permutations' kinds not held.
#[inline(always)]
fn honors_and_knitted(held: u64, have: &[u8; 6]) -> (u8, u64) {
    let honors = (held >> 27).count_ones() as u8;
    let mut best = (FAR, 0);
    for (p, mask) in KNITTED_MASKS.into_iter().enumerate() {
        let present = (have[p] + honors).min(14);
        if present < 14 {
            best = fewer(best, (14 - present, (mask | HONOR_KINDS) & !held));
        } else {
            best = fewer(best, (0, 0));
        }
    }
    best
}

/// The knitted straight (the rest: one set and a pair) of a concealed
/// hand `c` holding the kinds `held` (`have` of each permutation's), whose
/// honours have class `z`: its least distance where at most `bound` and,
/// with `want`, the draws that lower it (the straight's tiles not held,
/// and the rest's draws). Each permutation's distance by class reads
/// first, the rest's draws (a full read) only where it reaches the best.
#[inline(always)]
fn straight(
    t: &DistanceTables,
    c: &Counts,
    held: u64,
    have: &[u8; 6],
    z: u8,
    bound: u8,
    want: bool,
) -> (u8, u64) {
    let mut best = (FAR, 0);
    if !knitted_within(held, bound, want) {
        return best; // no permutation holds enough of its tiles
    }
    // Read up front: where some permutation is in reach, the nine reads
    // overlap better than a branch at the first one.
    let rest = rest_classes(t, c, held);
    for (p, mask) in KNITTED_MASKS.into_iter().enumerate() {
        // The straight's missing tiles alone bound it from below; without
        // draws to report, a tie cannot matter either.
        let missing = 9 - have[p];
        let limit = bound.min(best.0);
        if missing > limit || !want && missing >= limit {
            continue;
        }
        let perm = KNITTED_PERMS[p];
        let (x, y, w) = (rest[0][perm[0]], rest[1][perm[1]], rest[2][perm[2]]);
        let d = missing + join(t.suit_pair(x, y), t.suit_honor_pair(w, z), 1);
        if d > limit {
            continue;
        }
        if !want {
            best.0 = d.min(best.0);
            continue;
        }
        // The rest: one copy of each of the straight's tiles held goes.
        let rest = forms::less_one_each(c, mask & held);
        let (e, draws) = open_parts_of(t, &rest, 1);
        best = fewer(best, (e.saturating_add(missing), mask & !held | draws));
    }
    best
}

/// Distance and effective tiles (bit per kind) of a concealed hand of 13
/// tiles under rules with the knitted forms (every part open): the
/// concealed path's, then honours and knitted and the knitted straight
/// where they reach the best. `None` for other sizes.
#[inline]
pub(super) fn knitted_effective<B: AsRef<[u8]>>(
    t: &Tables<B>,
    c: &Counts,
    rules: &Rules,
) -> Option<Result<(u8, u64), ShantenError>> {
    if held_total(c) != 13 {
        return None;
    }
    let mut best = match concealed_draws(t, c, rules) {
        Ok(found) => found,
        Err(e) => return Some(Err(e)),
    };
    let held = held_mask(c);
    let have = knitted_held(held);
    best = fewer(best, honors_and_knitted(held, &have));
    let t = t.distance_tables();
    let z = t.honor_class_at(key::honor_index(c[27..34].try_into().expect("seven")));
    best = fewer(best, straight(&t, c, held, &have, z, best.0, true));
    Some(Ok(best))
}

/// The knitted forms (honours and knitted, the knitted straight) of a
/// concealed 14-tile hand `c`, for its discard table: their least
/// distance for the hand where at most `d` (the other forms' distance),
/// and after each discard of a held kind `j` where at most `after[j]`
/// (at least that elsewhere; [`FAR`] for kinds not held). Each discard is a count from the hand's held permutations
/// ([`knitted_held_bytes`]); the straight's rest is read only where its
/// missing tiles leave it in reach.
#[inline]
pub(super) fn knitted_after(
    t: &DistanceTables,
    c: &Counts,
    d: u8,
    after: &[u8; KINDS],
) -> (u8, [u8; KINDS]) {
    let held = held_mask(c);
    let have = knitted_held_bytes(held);
    let honors = (held >> 27).count_ones() as u8;
    let z = t.honor_class_at(key::honor_index(c[27..34].try_into().expect("seven")));
    let own = KnittedHeld {
        held,
        have,
        honors,
        z,
    };
    let hand = own.distance(t, c, d);
    let mut out = [FAR; KINDS];
    let mut todo = held;
    while todo != 0 {
        let j = todo.trailing_zeros() as usize;
        todo &= todo - 1;
        let mut w = *c;
        w[j] -= 1;
        out[j] = own.without(t, &w, j, c[j]).distance(t, &w, after[j]);
    }
    (hand, out)
}

/// The knitted forms of a concealed 13-tile hand `c`: their least
/// distance where at most `bound`, and the draws that lower it (a discard
/// table's row where they reach the best).
#[inline]
pub(super) fn knitted_row(t: &DistanceTables, c: &Counts, bound: u8) -> (u8, u64) {
    let held = held_mask(c);
    let have = knitted_held(held);
    let z = t.honor_class_at(key::honor_index(c[27..34].try_into().expect("seven")));
    fewer(
        honors_and_knitted(held, &have),
        straight(t, c, held, &have, z, bound, true),
    )
}

/// What the knitted forms read of a concealed hand: the kinds held, each
/// permutation's tiles held ([`knitted_held_bytes`]), the honour kinds
/// held and the honours' class.
#[derive(Clone, Copy)]
struct KnittedHeld {
    held: u64,
    have: u64,
    honors: u8,
    z: u8,
}

impl KnittedHeld {
    /// The same hand less one tile of kind `j`, of which it held `copies`
    /// (`w`: the counts after): only a last copy changes the kinds held.
    #[inline(always)]
    fn without(&self, t: &DistanceTables, w: &Counts, j: usize, copies: u8) -> KnittedHeld {
        let mut next = *self;
        if copies == 1 {
            next.held &= !(1u64 << j);
            if j < 27 {
                next.have -= PERM_HELD[j / 9][1 << (j % 9)];
            } else {
                next.honors -= 1;
            }
        }
        if j >= 27 {
            next.z = t.honor_class_at(key::honor_index(w[27..34].try_into().expect("seven")));
        }
        next
    }

    /// Honours and knitted, and the knitted straight where at most
    /// `bound`, of the counts `c` this describes: their least distance
    /// (exact where at most `bound`: a tie with the other forms adds the
    /// knitted draws to a row).
    #[inline(always)]
    fn distance(&self, t: &DistanceTables, c: &Counts, bound: u8) -> u8 {
        let most = self.have.to_le_bytes()[..6]
            .iter()
            .copied()
            .max()
            .expect("six");
        let knitted = 14 - (most + self.honors).min(14);
        // Below `bound` + 1: at most `bound`.
        let bound = bound.min(knitted).saturating_add(1);
        if knitted_close(self.have, bound, false) == 0 {
            return knitted;
        }
        let have = self.have.to_le_bytes();
        let have = [have[0], have[1], have[2], have[3], have[4], have[5]];
        knitted.min(straight(t, c, self.held, &have, self.z, bound, false).0)
    }
}

/// The knitted straight beside one declared meld (MCR, 10 or 11 concealed
/// tiles): the rest is a lone pair, so each permutation is a count. Its
/// least distance where at most `bound` (below it without `want`) and,
/// with `want`, the draws that lower it: the straight's tiles not held,
/// and the pair's. `caps` gives the copies the melds leave.
#[inline]
pub(super) fn knitted_beside_meld(c: &Counts, caps: &CapMasks, want: bool, bound: u8) -> (u8, u64) {
    let held = held_mask(c);
    let have = knitted_held_bytes(held);
    // Only the permutations within reach, a set bit each.
    let mut close = knitted_close(have, bound, want);
    if close == 0 {
        return (FAR, 0);
    }
    let (two, three) = (at_least(c, 2), at_least(c, 3));
    let (gone, cap2, cap3) = (caps.gone, caps.two, caps.three);
    let mut best = (FAR, 0);
    while close != 0 {
        let p = close.trailing_zeros() as usize / 8;
        close &= close - 1;
        let mask = KNITTED_MASKS[p];
        // The missing tiles alone bound it from below; without tiles to
        // report, a tie cannot matter either.
        let missing = 9 - (have >> (8 * p)) as u8;
        let limit = bound.min(best.0);
        if missing > limit || !want && missing >= limit || mask & gone != 0 {
            continue;
        }
        // The rest: one copy of each of the straight's tiles held goes,
        // and the straight takes a copy of each of its tiles from the caps.
        let taken = mask & held;
        let pair = two & !taken | three & taken;
        let single = (held & !two & !taken | two & !three & taken) & (cap2 & !mask | cap3 & mask);
        let open = cap2 & !mask | cap3 & mask;
        let (d, draws) = match (pair != 0, single) {
            (true, _) => (0, 0),
            (false, 0) if open == 0 => continue,
            (false, 0) => (2, open),
            (false, single) => (1, single),
        };
        best = fewer(best, (missing + d, mask & !held | draws));
    }
    if want {
        best
    } else {
        (best.0, 0)
    }
}

/// Whether some knitted permutation misses few enough of its nine tiles
/// among `held` (bit per kind) to reach `bound` (to beat it, without
/// `want`): the missing tiles alone bound the straight from below, and
/// most hands are farther from it than that ([`knitted_close`]).
#[inline(always)]
pub(crate) fn knitted_within(held: u64, bound: u8, want: bool) -> bool {
    knitted_close(knitted_held_bytes(held), bound, want) != 0
}

/// [`knitted_within`] of the hand less one tile of kind `j` of which it
/// holds `copies`, from the hand's [`knitted_held_bytes`] `have`: only the
/// last copy of a suit's tile leaves the permutations that hold it one
/// tile short.
#[inline(always)]
pub(crate) fn knitted_within_without(
    have: u64,
    j: usize,
    copies: u8,
    bound: u8,
    want: bool,
) -> bool {
    let gone = if copies == 1 && j < 27 {
        PERM_HELD[j / 9][1 << (j % 9)]
    } else {
        0
    };
    knitted_close(have - gone, bound, want) != 0
}

/// Of the knitted permutations whose held tiles are `have` (a byte each,
/// [`knitted_held_bytes`]), those within reach as [`knitted_within`] asks:
/// the high bit of byte `p` for permutation `p`. Held tiles a permutation
/// needs: 9 − bound (10 − bound to beat it), at most 10; one add and a mask
/// over the six counts (each at most 9, so no lane carries).
#[inline(always)]
fn knitted_close(have: u64, bound: u8, want: bool) -> u64 {
    let need = (9 + u64::from(!want)).saturating_sub(u64::from(bound));
    const LANES: u64 = 0x0000_0101_0101_0101;
    have.wrapping_add((0x80 - need) * LANES) & (0x80 * LANES)
}

/// Of each knitted permutation's nine tiles, those held (`held`, bit per
/// kind): byte `p` of the sum of a table read per suit.
#[inline(always)]
pub(crate) fn knitted_held_bytes(held: u64) -> u64 {
    let suit = |s: usize| PERM_HELD[s][(held >> (9 * s)) as usize & 0x1ff];
    suit(0) + suit(1) + suit(2)
}

/// [`knitted_held_bytes`] as an array, a count per permutation.
#[inline(always)]
fn knitted_held(held: u64) -> [u8; 6] {
    let b = knitted_held_bytes(held).to_le_bytes();
    [b[0], b[1], b[2], b[3], b[4], b[5]]
}

/// For suit `s` and each set of its ranks held (bit per rank), byte `p`
/// counts the held ranks of the rank set (1-4-7, 2-5-8 or 3-6-9) that
/// knitted permutation `p` gives the suit: at most 3, so the three suits'
/// words add without a carry.
static PERM_HELD: [[u64; 512]; 3] = {
    let mut out = [[0u64; 512]; 3];
    let mut s = 0;
    while s < 3 {
        let mut m = 0;
        while m < 512 {
            let mut p = 0;
            while p < 6 {
                let set = m & (0b100_1001 << KNITTED_PERMS[p][s]);
                out[s][m] |= (set.count_ones() as u64) << (8 * p);
                p += 1;
            }
            m += 1;
        }
        s += 1;
    }
    out
};

/// The class of each suit of `c` less one copy of each held rank of each
/// knitted rank set (1-4-7, 2-5-8, 3-6-9).
#[inline]
fn rest_classes(t: &DistanceTables, c: &Counts, held: u64) -> [[u8; 3]; 3] {
    let mut out = [[0u8; 3]; 3];
    for (s, row) in out.iter_mut().enumerate() {
        let n = Neighbourhood::suit(c[9 * s..9 * s + 9].try_into().expect("nine"));
        let ranks = (held >> (9 * s)) as u16 & 0x1ff;
        for (q, class) in row.iter_mut().enumerate() {
            *class = t.suit_class_at(n.down_each(ranks & (0b100_1001 << q)));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::shanten::general::{distance, improving, Memo};
    use crate::engine::shanten::Shape;
    use crate::engine::shanten::Sizes;
    use crate::sets::{hands, random, Rng, Set};
    use crate::{Hand, Tables};

    /// The fast paths equal the general path's search over every form on
    /// 13- and 14-tile hands (effective tiles on the 13-tile ones):
    /// random ones, and hands around a knitted straight (its nine tiles,
    /// some taken out, plus random tiles), so every branch is taken:
    /// 200,000 hands.
    #[test]
    fn knitted_fast_paths_equal_the_general_path() {
        use rayon::prelude::*;
        let t = Tables::embedded();
        let rules = Rules::MCR;
        let knitted = (0..200_000u64)
            .into_par_iter()
            .map(|i| {
                let mut rng = Rng::new(0x6b6e_6974 ^ i);
                let n = 13 + rng.below(2);
                let c = if i % 2 == 0 {
                    random(&mut rng, n)
                } else {
                    let mut c = [0u8; 34];
                    let mask = KNITTED_MASKS[rng.below(6)];
                    let mut tiles = 0;
                    for k in (0..34).filter(|&k| mask >> k & 1 == 1) {
                        if rng.below(4) != 0 {
                            c[k] = 1;
                            tiles += 1;
                        }
                    }
                    let rest = random(&mut rng, n - tiles);
                    for k in 0..34 {
                        c[k] = (c[k] + rest[k]).min(4);
                    }
                    c
                };
                let Ok(h) = Hand::new(c, &[]) else { return 0 };
                let Some(fast) = knitted_shanten(t, h.counts(), &rules) else {
                    return 0;
                };
                let shape = Shape::new(&h, &rules, Sizes::Any).unwrap();
                let mut memo = Memo::for_rules(&rules);
                let d = distance(t, &shape, &rules, &mut memo);
                assert_eq!(fast.unwrap(), d as i8 - 1, "{h}");
                if n == 13 {
                    let (e, tiles) = knitted_effective(t, h.counts(), &rules).unwrap().unwrap();
                    let shape = Shape::new(&h, &rules, Sizes::Draw).unwrap();
                    let (want, want_tiles) = improving(t, &shape, &rules, &mut memo);
                    assert_eq!((e, tiles), (want, want_tiles.bits()), "{h}");
                }
                1
            })
            .sum::<usize>();
        assert!(knitted > 150_000, "{knitted}");
    }

    /// With fewer tiles than slots (the joker engine's hands), the
    /// distance and the other forms' draws equal the general path's:
    /// 100,000 hands of 13 or 14 slots with 1–5 tiles fewer, the bound
    /// anywhere from 0 to unbounded.
    #[test]
    fn knitted_slots_equal_the_general_path() {
        use crate::engine::shanten::general::special_improving;
        use rayon::prelude::*;
        let t = Tables::embedded();
        let dt = t.distance_tables();
        let rules = Rules::MCR;
        (0..100_000u64).into_par_iter().for_each(|i| {
            let mut rng = Rng::new(0x736c_6f74 ^ i);
            let slots = 13 + rng.below(2);
            let fewer = 1 + rng.below(5);
            let c = random(&mut rng, slots - fewer);
            let shape = Shape {
                c,
                caps: [4; 34],
                capped: 0,
                k: slots / 3,
                melds: 0,
                size: slots,
                three_player: false,
            };
            let want = distance(t, &shape, &rules, &mut Memo::off());
            assert_eq!(
                knitted_distance(&dt, &c, slots, &rules),
                want,
                "{c:?} {slots}"
            );
            let bound = [0, 2, 4, 6, FAR][rng.below(5)];
            let (d, tiles) = knitted_special_improving(&dt, &c, &rules, bound);
            let (e, want) = special_improving(t, &shape, &rules, bound);
            // Farther than the bound, a form may be left out.
            if d <= bound || e <= bound {
                assert_eq!((d, tiles), (e, want), "{c:?} {slots} {bound}");
            }
        });
    }

    /// Beside one declared meld, the count equals the general path's
    /// knitted straight (with the draws, and the distance alone): 100,000
    /// MCR hands of 10 or 11 concealed tiles beside a random meld, half of
    /// them built around a straight.
    #[test]
    fn knitted_beside_meld_equals_the_general_path() {
        use crate::engine::shanten::general::knitted_forms;
        use crate::engine::shanten::melded::Melded;
        use crate::{Meld, MeldKind, Tile};
        use rayon::prelude::*;
        let t = Tables::embedded();
        let checked: usize = (0..100_000u64)
            .into_par_iter()
            .filter_map(|i| {
                let mut rng = Rng::new(0x6265_7369 ^ i);
                let kind = [MeldKind::Chow, MeldKind::Pung, MeldKind::Kong][rng.below(3)];
                let first = rng.below(34);
                let tile = Tile::from_index(first).unwrap();
                let meld = Meld::new(kind, tile, None).ok()?;
                let n = 10 + rng.below(2);
                let mut c = [0u8; 34];
                if i % 2 == 1 {
                    let mask = KNITTED_MASKS[rng.below(6)];
                    for k in (0..34).filter(|&k| mask >> k & 1 == 1) {
                        if rng.below(3) != 0 {
                            c[k] = 1;
                        }
                    }
                }
                let held: usize = c.iter().map(|&x| x as usize).sum();
                let rest = random(&mut rng, n.saturating_sub(held));
                for k in 0..34 {
                    c[k] = (c[k] + rest[k]).min(4);
                }
                let h = Hand::new(c, &[meld]).ok()?;
                let sizes = if h.concealed_len() % 3 == 1 {
                    Sizes::Draw
                } else {
                    Sizes::Discard
                };
                let shape = Shape::new(&h, &Rules::MCR, sizes).ok()?;
                let m = Melded::of(&h).cap_masks();
                assert_eq!(m, CapMasks::beside(&meld), "{h}");
                for bound in [FAR, 3, 5] {
                    let want = knitted_forms(t, &shape, true, bound);
                    let got = knitted_beside_meld(h.counts(), &m, true, bound);
                    if want.0 <= bound || got.0 <= bound {
                        assert_eq!(got, want, "{h} {bound}");
                    }
                    let want = knitted_forms(t, &shape, false, bound).0;
                    let got = knitted_beside_meld(h.counts(), &m, false, bound).0;
                    if want < bound || got < bound {
                        assert_eq!(got, want, "{h} {bound}");
                    }
                }
                Some(1)
            })
            .sum();
        assert!(checked > 60_000, "{checked}");
    }

    #[test]
    fn knitted_held_counts_each_permutations_tiles() {
        for h in hands(Set::R14, 2_000, 9) {
            let held = held_mask(h.counts());
            let want = KNITTED_MASKS.map(|m| (m & held).count_ones() as u8);
            assert_eq!(knitted_held(held), want, "{h}");
        }
    }
}
