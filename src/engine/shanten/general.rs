//! The general path: declared melds (capped parts), Sichuan's voided suit,
//! MCR's knitted forms. The same combination as the fast path, over parts
//! that may come from the capped programme, for each choice of kept parts.

use super::capped::{certify, differing, doubt as doubt_of, lanes_up_to, Certified, REAL_LANES};
use super::combine::{join, lowers, optimal_lanes, product, NOTHING};
use super::concealed::{concealed_distance, concealed_effective, open_standard};
use super::counts::{
    held_mask, honors_and_knitted, kept_counts, seven_pairs, thirteen_orphans, Tally, KNITTED_MASKS,
};
use super::{voids, Shape};
use crate::forms;
use crate::rules::{Rules, SevenPairs};
use crate::table::layout::capped_distances;
use crate::table::layout::cells::FAR;
use crate::table::{key, DistanceTables, Distances, Tables};
use crate::tile::{Counts, KINDS};
use crate::tileset::TileSet;

/// Rules whose concealed hands take the all-lookup path: every part open,
/// no MCR forms.
#[inline(always)]
pub(super) fn all_parts_open(rules: &Rules) -> bool {
    rules.plain() && !rules.mcr_forms
}

/// Distance over every form and (Sichuan) every voided suit.
pub(super) fn distance<B: AsRef<[u8]>>(
    t: &Tables<B>,
    shape: &Shape,
    rules: &Rules,
    memo: &mut Memo,
) -> u8 {
    if shape.capped == 0 && all_parts_open(rules) {
        return concealed_distance(t, &shape.c, &Tally::of(&shape.c), rules, shape.size);
    }
    if shape.capped == 0 && rules.plain() {
        // MCR, concealed: the fast path's forms, then the knitted ones.
        let mut d = concealed_distance(t, &shape.c, &Tally::of(&shape.c), rules, shape.size);
        if shape.size >= 13 {
            d = d.min(honors_and_knitted(&shape.c).0);
        }
        if forms::knitted_straight_sets(shape.size, shape.melds).is_some() {
            d = d.min(knitted_straight(t, shape, 0b1111, false, d, memo).0);
        }
        return d;
    }
    let mut best = FAR;
    for keep in voids(shape.capped, rules) {
        let mut d = standard(t, shape, keep, false, memo).0;
        if shape.melds == 0 && shape.size >= 13 {
            d = d.min(special_distance(&shape.c, rules, keep));
        }
        if rules.mcr_forms && forms::knitted_straight_sets(shape.size, shape.melds).is_some() {
            d = d.min(knitted_straight(t, shape, keep, false, d, memo).0);
        }
        best = best.min(d);
    }
    best
}

/// Distance and effective tiles of a 3n+1 hand over every form.
pub(super) fn improving<B: AsRef<[u8]>>(
    tables: &Tables<B>,
    shape: &Shape,
    rules: &Rules,
    memo: &mut Memo,
) -> (u8, TileSet) {
    if shape.capped == 0 && all_parts_open(rules) {
        let (d, tiles) = concealed_effective(tables, &shape.c, &Tally::of(&shape.c), rules);
        return (d, TileSet::from_bits(tiles));
    }
    if shape.capped == 0 && rules.plain() {
        // MCR, concealed: the fast path's forms, then the knitted ones.
        let (d, tiles) = concealed_effective(tables, &shape.c, &Tally::of(&shape.c), rules);
        let mut best = Best { d, tiles };
        if shape.size >= 13 {
            let (d, t) = honors_and_knitted(&shape.c);
            best.add(d, t);
        }
        if forms::knitted_straight_sets(shape.size, shape.melds).is_some() {
            let (d, t) = knitted_straight(tables, shape, 0b1111, true, best.d, memo);
            best.add(d, t);
        }
        return (best.d, TileSet::from_bits(best.tiles));
    }
    let mut best = Best { d: FAR, tiles: 0 };
    for keep in voids(shape.capped, rules) {
        let (d, t) = standard(tables, shape, keep, true, memo);
        best.add(d, t);
        other_forms(tables, shape, rules, keep, FAR, &mut best, memo);
    }
    if rules.three_player {
        best.tiles &= !0xfe; // seven pairs may want any new kind: never 2m–8m
    }
    (best.d, TileSet::from_bits(best.tiles))
}

/// The concealed forms other than the standard one (seven pairs, thirteen
/// orphans, the knitted forms; Sichuan's voids): their least distance and
/// the draws that lower it. For the joker engine, which has a standard form
/// of its own; a knitted straight farther than `bound` is skipped.
pub(super) fn special_improving<B: AsRef<[u8]>>(
    tables: &Tables<B>,
    shape: &Shape,
    rules: &Rules,
    bound: u8,
) -> (u8, u64) {
    let mut best = Best { d: FAR, tiles: 0 };
    let mut memo = Memo::off();
    for keep in voids(shape.capped, rules) {
        other_forms(tables, shape, rules, keep, bound, &mut best, &mut memo);
    }
    (best.d, best.tiles)
}

/// The forms other than the standard one over the kept parts `keep`: the
/// concealed counting forms and the knitted straight (one farther than
/// `bound` or the best so far may be skipped: only an answer as good as the
/// other forms' matters), added to `best`.
fn other_forms<B: AsRef<[u8]>>(
    tables: &Tables<B>,
    shape: &Shape,
    rules: &Rules,
    keep: u8,
    bound: u8,
    best: &mut Best,
    memo: &mut Memo,
) {
    if shape.melds == 0 && shape.size >= 13 {
        let kept = kinds_kept(keep);
        if rules.seven_pairs != SevenPairs::No {
            let (d, t) = seven_pairs(&shape.c, kept, rules.seven_pairs);
            best.add(d, t);
        }
        if rules.thirteen_orphans {
            let (d, t) = thirteen_orphans(&shape.c);
            best.add(d, t);
        }
        if rules.mcr_forms {
            let (d, t) = honors_and_knitted(&shape.c);
            best.add(d, t);
        }
    }
    if rules.mcr_forms && forms::knitted_straight_sets(shape.size, shape.melds).is_some() {
        let (d, t) = knitted_straight(tables, shape, keep, true, bound.min(best.d), memo);
        best.add(d, t);
    }
}

/// The least distance over forms so far, and the draws that lower it in
/// some form reaching it.
struct Best {
    d: u8,
    tiles: u64,
}

impl Best {
    #[inline(always)]
    fn add(&mut self, d: u8, tiles: u64) {
        if d < self.d {
            self.d = d;
            self.tiles = 0;
        }
        if d == self.d {
            self.tiles |= tiles;
        }
    }
}

/// Capped parts' certified distances already worked out in one query: a
/// discard table asks for the same parts once per discard, and only the
/// discarded tile's part changes. Keyed by the part's counts, caps and the
/// melds still needed; two entries per part (the first pattern seen and the
/// latest). A single query passes [`Memo::off`].
pub(super) struct Memo {
    on: bool,
    entries: [[Option<MemoEntry>; 2]; 4],
}

#[derive(Clone, Copy)]
struct MemoEntry {
    key: ([u8; 9], [u8; 9], usize),
    bounds: Certified,
}

impl Memo {
    /// No memory: every part is worked out afresh.
    pub(super) fn off() -> Memo {
        Memo {
            on: false,
            entries: [[None; 2]; 4],
        }
    }

    /// A memo where the rules ask about the same parts again: Sichuan
    /// tries each suit to void with the others unchanged.
    pub(super) fn for_rules(rules: &Rules) -> Memo {
        if rules.max_suits < 3 {
            Memo::new()
        } else {
            Memo::off()
        }
    }

    /// An empty memo for a query that asks about many related hands.
    pub(super) fn new() -> Memo {
        Memo {
            on: true,
            ..Memo::off()
        }
    }

    fn key(shape: &Shape, i: usize) -> ([u8; 9], [u8; 9], usize) {
        let (mut v, mut caps) = ([0u8; 9], [0u8; 9]);
        let r = i * 9..i * 9 + if i == 3 { 7 } else { 9 };
        v[..r.len()].copy_from_slice(&shape.c[r.clone()]);
        caps[..r.len()].copy_from_slice(&shape.caps[r]);
        (v, caps, shape.k)
    }

    /// Part `i`'s bounds, from the memo or `compute` (memoised only for
    /// capped parts: an open part is one lookup).
    #[inline]
    fn bounds(
        &mut self,
        shape: &Shape,
        i: usize,
        compute: impl FnOnce() -> Certified,
    ) -> Certified {
        if !self.on || shape.capped >> i & 1 == 0 {
            return compute();
        }
        let key = Memo::key(shape, i);
        if let Some(e) = self.entries[i].iter().flatten().find(|e| e.key == key) {
            return e.bounds;
        }
        let bounds = compute();
        let slot = usize::from(self.entries[i][0].is_some());
        self.entries[i][slot] = Some(MemoEntry { key, bounds });
        bounds
    }

    /// Record part `i` resolved exactly.
    fn resolved(&mut self, shape: &Shape, i: usize, bounds: Certified) {
        if !self.on {
            return;
        }
        let key = Memo::key(shape, i);
        for e in self.entries[i].iter_mut().flatten() {
            if e.key == key {
                e.bounds = bounds;
            }
        }
    }
}

/// Part `i`'s distances as the tables give them (certified beside declared
/// melds, see [`capped`](super::capped)): exact outside their `doubt` lanes.
#[inline]
fn part_bounds(t: &DistanceTables, shape: &Shape, i: usize, v: &[u8]) -> Certified {
    let caps = &shape.caps[i * 9..i * 9 + v.len()];
    let exact = |lower| Certified { lower, doubt: 0 };
    if shape.capped >> i & 1 == 0 {
        return exact(if i < 3 {
            *t.suit(t.suit_class(v.try_into().expect("nine")))
        } else {
            *t.honor(t.honor_class(v.try_into().expect("seven")))
        });
    }
    if i == 3 {
        return exact(capped_honors(t, v, caps));
    }
    if i == 0 && shape.three_player {
        // Only 1m and 9m exist: two kinds without chows, as honours are.
        let w = [v[0], v[8], 0, 0, 0, 0, 0];
        return exact(capped_honors(t, &w, &[caps[0], caps[8], 0, 0, 0, 0, 0]));
    }
    let v: &[u8; 9] = v.try_into().expect("nine");
    let index = key::suit_index(v);
    let plain = *t.suit(t.suit_class_at(index));
    if single_meld_exact(t, index, caps) {
        return exact(plain);
    }
    certify(t, v, caps, lanes_up_to(shape.k)).unwrap_or_else(|| part_exact(shape, i, v))
}

/// Whether the suit pattern with dense index `index` keeps its table
/// distances beside one declared meld that left `caps` (the `suit_caps`
/// section); false when no single meld left them.
#[inline(always)]
fn single_meld_exact(t: &DistanceTables, index: usize, caps: &[u8]) -> bool {
    single_meld(caps).is_some_and(|j| t.suit_caps_at(index) >> j & 1 == 0)
}

/// The meld configuration
/// ([`config_caps`](crate::table::layout::caps::config_caps)) of caps
/// left by one declared meld: a chow takes one copy of three ranks, a pung
/// three of one, a kong four; two or more melds take at least six copies.
#[inline(always)]
fn single_meld(caps: &[u8]) -> Option<usize> {
    let mut taken = 0u8;
    let mut first = None;
    for (r, &c) in caps.iter().enumerate() {
        taken += 4 - c;
        if c < 4 && first.is_none() {
            first = Some(r);
        }
    }
    let r = first?;
    match (taken, caps[r]) {
        (4, 0) => Some(16 + r),
        (3, 1) => Some(7 + r),
        (3, 3) => Some(r),
        _ => None,
    }
}

/// Part `i`'s capped distances by the capped programme, for a numbered
/// suit whose certificate left doubt.
#[inline(never)]
fn part_exact(shape: &Shape, i: usize, v: &[u8]) -> Certified {
    let caps = &shape.caps[i * 9..i * 9 + v.len()];
    Certified {
        lower: capped_distances(v, caps, true, shape.k),
        doubt: 0,
    }
}

/// Distances of the honours beside declared honour melds: a table lookup.
/// A declared pung or kong leaves at most one copy of its kind, which no
/// pair or pung can use: the kind drops out, its tile wasted. Honours have
/// no chows, so the remaining kinds are interchangeable: the table's best
/// target for the pattern without the dropped kinds uses `m + p` kinds, and
/// where it used a dropped (empty) kind an unused kept kind does as well
/// (it holds as many tiles or more), while there are `m + p` kept kinds.
/// Cells needing more kinds than are kept are out of reach.
fn capped_honors(t: &DistanceTables, v: &[u8], caps: &[u8]) -> Distances {
    if caps.iter().any(|&c| c == 2 || c == 3) {
        // Not left by honour melds (pungs and kongs); the programme is exact.
        return capped_distances(v, caps, false, 4);
    }
    let mut w = [0u8; 7];
    let mut kept = 0;
    for r in 0..7 {
        if caps[r] == 4 {
            w[r] = v[r];
            kept += 1;
        }
    }
    let mut d = *t.honor(t.honor_class(&w));
    for p in 0..2 {
        for m in 0..5 {
            if m + p > kept {
                d[8 * p + m] = FAR;
            }
        }
    }
    d
}

/// The concealed-only special forms (no declared meld, 13 or 14 slots)
/// over the kept parts: seven pairs, thirteen orphans, honours and knitted.
fn special_distance(c: &Counts, rules: &Rules, keep: u8) -> u8 {
    let mut d = if keep == 0b1111 {
        Tally::of(c).special_distance(rules)
    } else {
        Tally::of(&kept_counts(c, kinds_kept(keep))).special_distance(rules)
    };
    if rules.mcr_forms {
        d = d.min(honors_and_knitted(c).0);
    }
    d
}

/// The tile kinds (bit per kind) of the kept parts.
#[inline]
pub(super) fn kinds_kept(keep: u8) -> u64 {
    // Without a branch a part: the discard tables ask it on every hand.
    const PART: [u64; 4] = [0x1ff, 0x1ff << 9, 0x1ff << 18, 0x7f << 27];
    (0..4).fold(0, |kinds, i| kinds | (PART[i] * u64::from(keep >> i & 1)))
}

/// MCR's knitted straight beside a declared meld: distance and (with
/// `want`) the draws that lower it; one farther than `bound` may be left
/// out. (The engine counts it, `knitted::knitted_beside_meld`; the tests
/// hold the count to this search.)
#[cfg(test)]
pub(super) fn knitted_forms<B: AsRef<[u8]>>(
    t: &Tables<B>,
    shape: &Shape,
    want: bool,
    bound: u8,
) -> (u8, u64) {
    knitted_straight(t, shape, 0b1111, want, bound, &mut Memo::off())
}

/// Knitted straight (MCR): for each permutation, its missing tiles plus
/// the rest's distance to one set and a pair (just the pair beside a
/// declared meld or in a bare short hand, see [`forms::knitted_straight_sets`]).
/// With `improving`, also the draws that lower an optimal permutation. Only
/// answers at most `bound` matter (the other forms reach it): a permutation
/// missing more tiles than that is skipped unlooked.
fn knitted_straight<B: AsRef<[u8]>>(
    t: &Tables<B>,
    shape: &Shape,
    keep: u8,
    want: bool,
    bound: u8,
    memo: &mut Memo,
) -> (u8, u64) {
    let mut best = FAR;
    let mut tiles = 0u64;
    let held = held_mask(&shape.c);
    for (p, mask) in KNITTED_MASKS.into_iter().enumerate() {
        // The straight's missing tiles alone bound its distance from below;
        // without tiles to report, a tie cannot matter either.
        let missing = (mask & !held).count_ones() as u8;
        if missing > bound.min(best) || !want && missing >= bound.min(best) {
            continue;
        }
        // A knitted tile whose four copies are all declared is out of reach.
        if forms::knitted_tiles(p).iter().any(|&i| shape.caps[i] == 0) {
            continue;
        }
        let mut rest = *shape;
        let mut missing = 0u8;
        let mut lacking = 0u64;
        // The straight takes a copy of each of its tiles. A set and a
        // pair hold at most three copies of a kind, so the lowered cap
        // binds only where a declared meld took copies too (`capped`).
        for i in forms::knitted_tiles(p) {
            rest.caps[i] = rest.caps[i].saturating_sub(1);
            if rest.c[i] > 0 {
                rest.c[i] -= 1;
            } else {
                missing += 1;
                if shape.caps[i] > 0 {
                    lacking |= 1 << i;
                }
            }
        }
        rest.k =
            forms::knitted_straight_sets(shape.size, shape.melds).expect("checked by the callers");
        let (d, improving) = if rest.k == 0 {
            // Beside a declared meld the rest is just the pair: a count.
            pair_rest(&rest, keep)
        } else if shape.capped == 0 && keep == 0b1111 {
            // Concealed (a set and a pair never need a fourth copy, so the
            // straight's copies bind nothing): the table path.
            open_standard(t, &rest.c, rest.k, if want { FAR } else { 0 })
        } else {
            standard(t, &rest, keep, want, memo)
        };
        let d = d.saturating_add(missing);
        if d < best {
            best = d;
            tiles = 0;
        }
        if d == best {
            tiles |= lacking | improving;
        }
    }
    (best, tiles)
}

/// The distance of `rest` to a lone pair of the kept parts (`keep`, bit
/// per part) and the draws that lower it: 0 with a pair held; 1 with a
/// tile held of which a copy is left (its draws); else 2, any kind with
/// two copies left (their draws).
fn pair_rest(rest: &Shape, keep: u8) -> (u8, u64) {
    let kept = kinds_kept(keep);
    let (mut pair, mut single, mut open) = (false, 0u64, 0u64);
    for i in (0..KINDS).filter(|&i| kept >> i & 1 == 1) {
        let (n, cap) = (rest.c[i], rest.caps[i]);
        pair |= n >= 2;
        single |= u64::from(n == 1 && cap >= 2) << i;
        open |= u64::from(cap >= 2) << i;
    }
    match (pair, single) {
        (true, _) => (0, 0),
        (false, 0) if open == 0 => (FAR, 0),
        (false, 0) => (2, open),
        (false, single) => (1, single),
    }
}

/// Standard form: the distance to `shape.k` melds and a pair and, when
/// `want`ed, the tiles (bit per kind) whose draw lowers it.
///
/// Parts beside declared melds come certified: exact lanes and doubtful
/// ones whose value is only bounded below. The doubtful lanes cannot change
/// the answer when the hand reaches the same distance without them and,
/// for effective tiles, none of them could be in an optimal allocation;
/// otherwise their part is resolved by the capped programme.
fn standard<B: AsRef<[u8]>>(
    t: &Tables<B>,
    shape: &Shape,
    keep: u8,
    want: bool,
    memo: &mut Memo,
) -> (u8, u64) {
    let k = shape.k;
    let t = &t.distance_tables();
    let relevant = lanes_up_to(k);
    let mut b = [Certified {
        lower: NOTHING,
        doubt: 0,
    }; 4];
    for (i, p) in b.iter_mut().enumerate().filter(|(i, _)| keep >> i & 1 == 1) {
        *p = memo.bounds(shape, i, || part_bounds(t, shape, i, part_of(&shape.c, i)));
        p.doubt &= relevant;
    }
    let (x, ab, sz, d) = loop {
        let lower = b.map(|p| p.lower);
        let (ab, sz, d) = combined(&lower, k);
        let doubtful = b.iter().any(|p| p.doubt != 0);
        if !doubtful || d >= FAR {
            break (lower, ab, sz, d);
        }
        let upper = b.map(|p| p.upper());
        let (uab, usz, ud) = combined(&upper, k);
        let mut resolve = if ud == d { 0u8 } else { 0b1111 };
        if want && ud == d {
            let rest = rests(&lower, &ab, &sz);
            for i in 0..4 {
                if b[i].doubt & optimal_lanes(&lower[i], &rest[i], k, d) != 0 {
                    resolve |= 1 << i;
                }
            }
        }
        if resolve == 0 {
            break (upper, uab, usz, ud);
        }
        for (i, p) in b.iter_mut().enumerate() {
            if resolve >> i & 1 == 1 && p.doubt != 0 {
                *p = part_exact(shape, i, part_of(&shape.c, i));
                memo.resolved(shape, i, *p);
            }
        }
    };
    if d >= FAR || !want {
        return (d, 0);
    }
    let rest = rests(&x, &ab, &sz);
    let mut rest_lower: Option<[Distances; 4]> = None;
    let mut tiles = 0u64;
    for i in (0..4).filter(|i| keep >> i & 1 == 1) {
        let optimal = optimal_lanes(&x[i], &rest[i], k, d);
        if optimal == 0 {
            continue; // no optimal cell of this part can be lowered
        }
        let base = i * 9;
        let v = part_of(&shape.c, i);
        let ranks = v.len();
        let caps = &shape.caps[base..base + ranks];
        // A numbered suit beside its own declared meld: table values are
        // lower bounds, certified below where a draw seems to help.
        let certified = shape.capped >> i & 1 == 1 && i < 3 && !(i == 0 && shape.three_player);
        for r in 0..ranks {
            if v[r] >= caps[r] {
                continue; // no copy left to draw
            }
            let mut w = [0u8; 9];
            w[..ranks].copy_from_slice(v);
            w[r] += 1;
            let (next, exact) = if certified {
                let index = key::suit_index(&w);
                let next = *t.suit(t.suit_class_at(index));
                (next, single_meld_exact(t, index, caps))
            } else {
                (part_bounds(t, shape, i, &w[..ranks]).lower, true)
            };
            // Where the (lower-bound) distances do not drop in an optimal
            // lane, the draw does not help: a draw never raises a distance.
            if !lowers(&x[i], &next, optimal) {
                continue;
            }
            let asked = optimal & differing(&x[i], &next);
            let doubt = if exact {
                0
            } else {
                doubt_of(t, &w, caps, &next, asked).unwrap_or(REAL_LANES)
            };
            let lowered = if doubt & asked == 0 {
                true
            } else {
                // Ask the whole hand: bounds of its distance after the draw
                // (every lane's doubt now, not only the lanes asked above).
                let doubt = doubt_of(t, &w, caps, &next, lanes_up_to(k)).unwrap_or(REAL_LANES);
                let next = Certified { lower: next, doubt };
                let rest_lower = rest_lower.get_or_insert_with(|| {
                    let lower = b.map(|p| p.lower);
                    let (ab, sz, _) = combined(&lower, k);
                    rests(&lower, &ab, &sz)
                });
                if join(&next.upper(), &rest[i], k) < d {
                    true
                } else if join(&next.lower, &rest_lower[i], k) >= d {
                    false
                } else {
                    let exact = part_exact(shape, i, &w[..ranks]).lower;
                    join(&exact, &rest[i], k) < d
                }
            };
            if lowered {
                tiles |= 1 << (base + r);
            }
        }
    }
    (d, tiles)
}

/// The concealed ranks of part `i` (m, p, s: nine; z: seven).
#[inline(always)]
fn part_of(c: &Counts, i: usize) -> &[u8] {
    &c[i * 9..i * 9 + if i == 3 { 7 } else { 9 }]
}

/// The pair products and the hand's distance over four parts.
#[inline(always)]
fn combined(x: &[Distances; 4], k: usize) -> (Distances, Distances, u8) {
    let ab = product(&x[0], &x[1]);
    let sz = product(&x[2], &x[3]);
    let d = join(&ab, &sz, k);
    (ab, sz, d)
}

/// The best of the other three parts, for each part.
#[inline(always)]
fn rests(x: &[Distances; 4], ab: &Distances, sz: &Distances) -> [Distances; 4] {
    [
        product(&x[1], sz),
        product(&x[0], sz),
        product(ab, &x[3]),
        product(ab, &x[2]),
    ]
}
