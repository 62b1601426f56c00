//! The general path: declared melds (capped parts), Sichuan's voided suit,
//! MCR's knitted forms. The same combination as the fast path, over parts
//! that may come from the capped programme, for each choice of kept parts.

use super::combine::{capped_distances, join, lowers, optimal_lanes, product, NOTHING};
use super::concealed::{concealed_distance, concealed_effective};
use super::counts::{
    held_kinds, honors_and_knitted, kept_counts, seven_pairs, thirteen_orphans, Tally,
    KNITTED_MASKS,
};
use super::{voids, Shape};
use crate::forms;
use crate::rules::{Rules, SevenPairs};
use crate::table::generate::shanten::FAR;
use crate::table::{Distances, Tables};
use crate::tile::Counts;
use crate::tileset::TileSet;

/// Rules whose concealed hands take the all-lookup path: every part open,
/// no MCR forms.
#[inline(always)]
pub(super) fn all_parts_open(rules: &Rules) -> bool {
    rules.plain() && !rules.mcr_forms
}

/// Distance over every form and (Sichuan) every voided suit.
pub(super) fn distance<B: AsRef<[u8]>>(t: &Tables<B>, shape: &Shape, rules: &Rules) -> u8 {
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
            d = d.min(knitted_straight(t, shape, 0b1111, false, d).0);
        }
        return d;
    }
    let mut best = FAR;
    for keep in voids(shape.capped, rules) {
        let mut d = standard(t, shape, keep, false).0;
        if shape.melds == 0 && shape.size >= 13 {
            d = d.min(special_distance(&shape.c, rules, keep));
        }
        if rules.mcr_forms && forms::knitted_straight_sets(shape.size, shape.melds).is_some() {
            d = d.min(knitted_straight(t, shape, keep, false, d).0);
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
            let (d, t) = knitted_straight(tables, shape, 0b1111, true, best.d);
            best.add(d, t);
        }
        return (best.d, TileSet::from_bits(best.tiles));
    }
    let mut best = Best { d: FAR, tiles: 0 };
    for keep in voids(shape.capped, rules) {
        let (d, t) = standard(tables, shape, keep, true);
        best.add(d, t);
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
            // Only an answer as good as the other forms' matters.
            let (d, t) = knitted_straight(tables, shape, keep, true, best.d);
            best.add(d, t);
        }
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
    for keep in voids(shape.capped, rules) {
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
            let (d, t) = knitted_straight(tables, shape, keep, true, bound.min(best.d));
            best.add(d, t);
        }
    }
    (best.d, best.tiles)
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

/// The distances of the four parts: table lookups, the capped programme
/// where declared melds took copies, [`NOTHING`] for parts not kept.
fn parts<B: AsRef<[u8]>>(t: &Tables<B>, shape: &Shape, keep: u8) -> [Distances; 4] {
    let mut out = [NOTHING; 4];
    for (i, d) in out.iter_mut().enumerate() {
        if keep >> i & 1 == 0 {
            continue;
        }
        let r = i * 9..(i * 9 + if i == 3 { 7 } else { 9 });
        let v = &shape.c[r.clone()];
        *d = if i == 3 && shape.capped >> 3 & 1 == 1 {
            capped_honors(t, v, &shape.caps[r])
        } else if shape.capped >> i & 1 == 1 {
            capped_distances(v, &shape.caps[r], i < 3, shape.k)
        } else if i < 3 {
            *t.suit_distances(v.try_into().expect("nine"))
        } else {
            *t.honor_distances(v.try_into().expect("seven"))
        };
    }
    out
}

/// Distances of the honours beside declared honour melds: a table lookup.
/// A declared pung or kong leaves at most one copy of its kind, which no
/// pair or pung can use: the kind drops out, its tile wasted. Honours have
/// no chows, so the remaining kinds are interchangeable: the table's best
/// target for the pattern without the dropped kinds uses `m + p` kinds, and
/// where it used a dropped (empty) kind an unused kept kind does as well
/// (it holds as many tiles or more), while there are `m + p` kept kinds.
/// Cells needing more kinds than are kept are out of reach.
fn capped_honors<B: AsRef<[u8]>>(t: &Tables<B>, v: &[u8], caps: &[u8]) -> Distances {
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
    let mut d = *t.honor_distances(&w);
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
fn kinds_kept(keep: u8) -> u64 {
    let mut m = 0u64;
    for i in 0..4 {
        if keep >> i & 1 == 1 {
            m |= if i == 3 { 0x7f << 27 } else { 0x1ff << (9 * i) };
        }
    }
    m
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
) -> (u8, u64) {
    let mut best = FAR;
    let mut tiles = 0u64;
    let held = held_kinds(&shape.c);
    for (p, mask) in KNITTED_MASKS.into_iter().enumerate() {
        // The straight's missing tiles alone bound its distance from below.
        if (mask & !held).count_ones() as u8 > bound.min(best) {
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
        let (d, improving) = standard(t, &rest, keep, want);
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

/// Standard form: the distance to `shape.k` melds and a pair and, when
/// `want`ed, the tiles (bit per kind) whose draw lowers it.
fn standard<B: AsRef<[u8]>>(t: &Tables<B>, shape: &Shape, keep: u8, want: bool) -> (u8, u64) {
    let k = shape.k;
    let x = parts(t, shape, keep);
    let ab = product(&x[0], &x[1]);
    let sz = product(&x[2], &x[3]);
    let d = join(&ab, &sz, k);
    if d >= FAR || !want {
        return (d, 0);
    }
    // The best of the other three parts, for each part.
    let rest = [
        product(&x[1], &sz),
        product(&x[0], &sz),
        product(&ab, &x[3]),
        product(&ab, &x[2]),
    ];
    let mut tiles = 0u64;
    for i in (0..4).filter(|i| keep >> i & 1 == 1) {
        let optimal = optimal_lanes(&x[i], &rest[i], k, d);
        if optimal == 0 {
            continue; // no optimal cell of this part can be lowered
        }
        let base = i * 9;
        let ranks = if i == 3 { 7 } else { 9 };
        let v = &shape.c[base..base + ranks];
        for r in 0..ranks {
            if v[r] >= shape.caps[base + r] {
                continue; // no copy left to draw
            }
            let next = if i == 3 && shape.capped >> 3 & 1 == 1 {
                let mut w = [0u8; 7];
                w.copy_from_slice(v);
                w[r] += 1;
                capped_honors(t, &w, &shape.caps[27..])
            } else if shape.capped >> i & 1 == 1 {
                let mut w = [0u8; 9];
                w[..ranks].copy_from_slice(v);
                w[r] += 1;
                capped_distances(&w[..ranks], &shape.caps[base..base + ranks], i < 3, k)
            } else if i < 3 {
                let mut w: [u8; 9] = v.try_into().expect("nine");
                w[r] += 1;
                *t.suit_distances(&w)
            } else {
                let mut w: [u8; 7] = v.try_into().expect("seven");
                w[r] += 1;
                *t.honor_distances(&w)
            };
            if lowers(&x[i], &next, optimal) {
                tiles |= 1 << (base + r);
            }
        }
    }
    (d, tiles)
}
