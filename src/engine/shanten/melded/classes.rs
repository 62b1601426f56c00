//! Melded hands read from the class-pair tables as a concealed hand aiming
//! at fewer melds would be, where at most one suit is not its class
//! ([`ClassParts`]); the hand's distance ([`melded_distance`]), improving
//! draws and discard table ([`ClassDiscards`]) start here and fall back
//! on the parts' exact rows. Sichuan's voids ([`melded_voids`]) are
//! answered here too: their every set is one of these reads.

use super::leaves::{beside_suit, suit_classes};
use super::parts::{melded_effective, parts_improving, MeldedParts};
use super::rows::{
    distance_of, exact_where, honor_distances, kept_honor_part, kept_honors, multi_draws,
    pair_capped, pair_draws, read_suit, single_draws, suit_distances, two_suits,
    two_suits_distance, upper, Worked,
};
use super::voids::fewest_voided_first;
use super::{Bound, Melded};
use crate::engine::shanten::capped::Certified;
use crate::engine::shanten::combine::{join, lane_bits, optimal_lanes, NOTHING};
use crate::engine::shanten::concealed::{known_except, open_row_refined, OpenParts, RowBefore};
use crate::engine::shanten::counts::held_mask;
use crate::engine::shanten::general::kinds_kept;
use crate::table::key::{self, Neighbourhood};
use crate::table::layout::cells::FAR;
use crate::table::{DistanceTables, Distances, RankLanes};
use crate::tile::KINDS;
use std::cell::Cell;

/// A melded hand's distance over the parts `m` keeps: class lookups and
/// the `suit_caps` words, no neighbourhoods (see [`MeldedParts`] for the
/// draws). `None` where no table covers a suit.
#[inline]
pub(super) fn melded_distance(t: &DistanceTables, c: &[u8; KINDS], m: &Melded) -> Option<u8> {
    let mut x = [NOTHING; 4];
    let mut doubts = [0u128; 3];
    let mut class = [0u8; 4];
    // Suits (bit per suit) whose class's distances are not the answer.
    let mut odd = 0u8;
    // Every part holds at most 14 tiles: the keys are dense indexes.
    let keys = key::hand_keys(c);
    for i in (0..3).filter(|&i| m.keep >> i & 1 == 1) {
        let v: &[u8; 9] = c[9 * i..9 * i + 9].try_into().expect("nine");
        let index = key::key_index(keys[i]);
        let read = suit_distances(t, v, index, &m.caps(i), m.bound[i], m.k)?;
        (x[i], doubts[i]) = (read.x, read.doubts);
        match read.class_doubts {
            0 => class[i] = read.class,
            _ => odd |= 1 << i,
        }
    }
    let honors = (m.keep >> 3 & 1 == 1).then(|| {
        if m.dropped == 0 {
            key::key_index(keys[3])
        } else {
            key::honor_index(&kept_honors(
                c[27..34].try_into().expect("seven"),
                m.dropped,
            ))
        }
    });
    if let Some(index) = honors {
        class[3] = t.honor_class_at(index);
    }
    if odd.count_ones() <= 1 {
        let i = odd.trailing_zeros() as usize;
        let part = (odd != 0).then(|| (i, &x[i], doubts[i]));
        if let Some(d) = class_distance(t, &class, part, m) {
            return Some(d);
        }
    }
    // The class path reads no honour distances: they are read here.
    if let Some(index) = honors {
        x[3] = honor_distances(t, index, m.dropped);
    }
    let d = distance_of(&x, m.k);
    if doubts.iter().all(|&d| d == 0) {
        return Some(d);
    }
    // Doubtful cells as unreachable give an upper bound; where it meets
    // the lower one, the distance is exact.
    if distance_of(&upper(&x, &doubts), m.k) == d {
        return Some(d);
    }
    Some(MeldedParts::of(t, c, m, true)?.distance(m.k))
}

/// [`melded_distance`] from the class-pair tables, as for a concealed hand
/// aiming at `k` melds, where at most one suit (`odd`: the suit, its
/// distances and its doubtful cells) is not its class: that suit's
/// distances against the others' pair product, its doubtful cells as
/// unreachable for an upper bound. `None` where the bounds do not meet,
/// or the parts kept are not all four or two suits (Sichuan beside its
/// void).
///
/// The honours' cells masked in `honor_distances` need more kinds than
/// are kept, which no cell of `k` melds does (each declared honour meld is
/// one meld fewer to form): the class stands for them.
#[inline(always)]
fn class_distance(
    t: &DistanceTables,
    class: &[u8; 4],
    odd: Option<(usize, &Distances, u128)>,
    m: &Melded,
) -> Option<u8> {
    let k = m.k;
    let all = m.all_kept();
    let two = two_suits(m.keep);
    let (a, b, s, z) = (class[0], class[1], class[2], class[3]);
    let Some((i, x, doubt)) = odd else {
        return match () {
            _ if all => Some(join(t.suit_pair(a, b), t.suit_honor_pair(s, z), k)),
            _ if two => Some(two_suits_distance(t, class, m.keep, k)),
            _ => None,
        };
    };
    let rest = match i {
        _ if two => *t.suit(class[(m.keep & !(1 << i)).trailing_zeros() as usize]),
        0..=2 if all => beside_suit(t, class, i, k),
        _ => return None,
    };
    let d = join(x, &rest, k);
    if doubt == 0 {
        return Some(d);
    }
    let upper = Certified { lower: *x, doubt }.upper();
    (join(&upper, &rest, k) == d).then_some(d)
}
/// The parts of a melded hand where each is its table class (see
/// [`class_distance`]; all four parts kept): what the concealed path reads,
/// with the suits' doubtful cells and the ranks the caps leave room for.
#[derive(Clone, Copy)]
pub(super) struct ClassParts {
    pub(super) parts: OpenParts,
    /// Cells (0xff lanes) where a suit's class gives only a lower bound
    /// (the honours' class is always exact).
    doubts: [u128; 3],
    /// Ranks (bit per rank) of each part a draw may add to.
    room: [u16; 4],
}

impl ClassParts {
    /// The parts of `c` beside `m`; `None` where no table covers a suit,
    /// or the parts kept are neither all four nor two suits (Sichuan
    /// beside its void). A capped row no class stands for reads as the
    /// table's class with the cells where they differ in doubt. The parts
    /// not kept are left empty.
    #[inline(always)]
    pub(in crate::engine::shanten) fn of(
        t: &DistanceTables,
        c: &[u8; KINDS],
        m: &Melded,
    ) -> Option<ClassParts> {
        let all = m.all_kept();
        if !all && !two_suits(m.keep) {
            return None;
        }
        ClassParts::read(t, c, m, if all { 0b1111 } else { m.keep })
    }

    /// The parts of `parts` (bit per part) of `c` beside `m`, the others
    /// left empty; `None` where no table covers a suit.
    #[inline(always)]
    pub(super) fn read(
        t: &DistanceTables,
        c: &[u8; KINDS],
        m: &Melded,
        parts: u8,
    ) -> Option<ClassParts> {
        let mut p = ClassParts {
            parts: OpenParts {
                suits: [Neighbourhood::suit(&[0; 9]); 3],
                honors: Neighbourhood::honor(&[0; 7]),
                class: [0; 4],
                capped: 0,
            },
            doubts: [0; 3],
            room: [0; 4],
        };
        for i in (0..3).filter(|&i| parts >> i & 1 == 1) {
            p.set_suit(t, c, m, i)?;
        }
        if parts >> 3 & 1 == 1 {
            p.set_honors(t, c, m);
        }
        Some(p)
    }

    /// Read suit `i` of `c` again.
    #[inline(always)]
    fn set_suit(
        &mut self,
        t: &DistanceTables,
        c: &[u8; KINDS],
        m: &Melded,
        i: usize,
    ) -> Option<()> {
        let (n, read, room) = read_suit(t, c, m, i)?;
        let capped = read.class != t.suit_class_at(n.index());
        self.parts.capped = self.parts.capped & !(1 << i) | u8::from(capped) << i;
        self.parts.suits[i] = n;
        self.parts.class[i] = read.class;
        self.doubts[i] = read.class_doubts;
        self.room[i] = room;
        Some(())
    }

    /// Read the honours of `c` again (the declared kinds dropped).
    #[inline(always)]
    fn set_honors(&mut self, t: &DistanceTables, c: &[u8; KINDS], m: &Melded) {
        let (n, room) = kept_honor_part(c[27..34].try_into().expect("seven"), m.dropped);
        self.parts.honors = n;
        self.parts.class[3] = t.honor_class_at(n.index());
        self.room[3] = room;
    }

    /// The same parts after one tile of kind `j` goes (`c`, the counts
    /// after), read again in place: the parts are too large to return
    /// without a copy.
    #[inline(always)]
    fn set_without(
        &mut self,
        t: &DistanceTables,
        c: &[u8; KINDS],
        m: &Melded,
        j: usize,
    ) -> Option<()> {
        match j / 9 {
            3 => self.set_honors(t, c, m),
            i => self.set_suit(t, c, m, i)?,
        }
        Some(())
    }

    /// The distance after one tile of kind `j` goes (`c`, the counts
    /// after) by the class-pair products: one part read again, by class
    /// alone (a suit's index from its neighbourhood, not its counts).
    /// `None` where they do not settle it.
    #[inline(always)]
    fn after(&self, t: &DistanceTables, c: &[u8; KINDS], m: &Melded, j: usize) -> Option<u8> {
        let mut class = self.parts.class;
        let mut doubts = self.doubts;
        let i = j / 9;
        if i == 3 {
            let z = kept_honors(c[27..34].try_into().expect("seven"), m.dropped);
            class[3] = t.honor_class_at(key::honor_index(&z));
        } else {
            let v: &[u8; 9] = c[9 * i..9 * i + 9].try_into().expect("nine");
            // The suit's index less the tile: two reads from its neighbourhood.
            let index = self.parts.suits[i].down_each(1 << (j % 9));
            let read = suit_distances(t, v, index, &m.caps(i), m.bound[i], m.k)?;
            (class[i], doubts[i]) = (read.class, read.class_doubts);
        }
        distance_of_classes(t, &class, &doubts, m)
    }

    /// [`ClassParts::after`] where all four parts are kept and no suit has
    /// a doubtful cell (`pairs`, the suits' pair product and the third
    /// suit's with the honours): as the concealed path, one part's class
    /// read again from its neighbourhood and one join. `None` where the
    /// changed suit's new pattern has a capped row beside its meld, or the
    /// suit is beside more (the general read answers those).
    #[inline(always)]
    fn after_open(
        &self,
        t: &DistanceTables,
        (c, m): (&[u8; KINDS], &Melded),
        (ab, sz): (&Distances, &Distances),
        j: usize,
    ) -> Option<u8> {
        let (i, r, k) = (j / 9, j % 9, m.k);
        let class = &self.parts.class;
        if i == 3 {
            // A declared kind's tile leaves the kept honours as they were.
            if m.dropped >> r & 1 == 1 {
                return Some(join(ab, sz, k));
            }
            let changed = t.honor_class_at(self.parts.honors.down_each(1 << r));
            return Some(join(ab, t.suit_honor_pair(class[2], changed), k));
        }
        let index = self.parts.suits[i].down_each(1 << r);
        let changed = match m.bound[i] {
            Bound::Open => t.suit_class_at(index),
            Bound::Single(meld) if t.suit_caps_at(index) >> meld & 1 == 0 => t.suit_class_at(index),
            bound => capped_class_without(t, (c, m), j, index, bound)?,
        };
        Some(match i {
            // The pair table is symmetric: the other suit of the pair.
            0 | 1 => join(t.suit_pair(changed, class[i ^ 1]), sz, k),
            _ => join(ab, t.suit_honor_pair(changed, class[3]), k),
        })
    }

    /// The hand's distance: the class-pair products ([`class_distance`]),
    /// else [`melded_distance`].
    #[inline(always)]
    fn distance(&self, t: &DistanceTables, c: &[u8; KINDS], m: &Melded) -> Option<u8> {
        distance_of_classes(t, &self.parts.class, &self.doubts, m)
            .or_else(|| melded_distance(t, c, m))
    }
}

/// The class that stands for suit `j / 9` of `c` less a tile of kind `j`
/// (dense index `index`) beside `m`'s melds that bound it as `bound`,
/// where its pattern has a capped row (one meld) or pair caps (two):
/// the class the file gives the row; `None` where it gives none, or more
/// melds bind. Out of line: most discards read the class alone.
#[inline(never)]
fn capped_class_without(
    t: &DistanceTables,
    (c, m): (&[u8; KINDS], &Melded),
    j: usize,
    index: usize,
    bound: Bound,
) -> Option<u8> {
    let i = j / 9;
    match bound {
        Bound::Single(meld) => t.suit_capped_read(index, usize::from(meld))?.1,
        Bound::Pair(n) => {
            let mut v: [u8; 9] = c[9 * i..9 * i + 9].try_into().expect("nine");
            v[j % 9] -= 1;
            match pair_capped(t, &v, || m.caps(i), n) {
                None => Some(t.suit_class_at(index)),
                Some((_, class)) => class,
            }
        }
        Bound::Open | Bound::Multi => None,
    }
}

/// [`class_distance`] of parts given by class, lower bounds in the
/// `doubts` lanes of the suits.
#[inline(always)]
fn distance_of_classes(
    t: &DistanceTables,
    class: &[u8; 4],
    doubts: &[u128; 3],
    m: &Melded,
) -> Option<u8> {
    // The suits in doubt, without a branch a suit.
    let odd = (0..3).fold(0u8, |odd, i| odd | u8::from(doubts[i] != 0) << i);
    let i = odd.trailing_zeros() as usize;
    match odd.count_ones() {
        0 => class_distance(t, class, None, m),
        1 => class_distance(t, class, Some((i, t.suit(class[i]), doubts[i])), m),
        _ => None,
    }
}

/// Distance and effective tiles of a 3n+1 melded hand `c` at concealed
/// speed from its [`ClassParts`]: the concealed path's pair products and
/// class-pair masks (`known`, where given, the lanes each rank of part `i`
/// lowers), then per part the draws the caps forbid taken out, and each
/// remaining draw of a suit beside melds checked where its pattern's class
/// may not be exact there (the `suit_caps` word beside one meld, the
/// certificate and bounds beside more). A discard table's `row` (the part
/// its discard changed, and the row before) keeps what the row before
/// shares ([`open_row_refined`]). `None` where that does not settle it.
#[inline(always)]
pub(super) fn class_draws(
    t: &DistanceTables,
    c: &[u8; KINDS],
    m: &Melded,
    p: &ClassParts,
    known: &[Option<&RankLanes>; 4],
    cache: &[Option<&Worked>; 3],
    row: Option<(usize, &Cell<Option<RowBefore>>)>,
) -> Option<(u8, u64)> {
    let part = |i: usize| -> &[u8; 9] { c[9 * i..9 * i + 9].try_into().expect("nine") };
    let k = m.k;
    let refine = |i: usize, ranks: u16, optimal: u128, rest: &Distances, d: u8| -> Option<u16> {
        let ranks = ranks & p.room[i];
        if i == 3 {
            return Some(ranks);
        }
        // The class's distances are lower bounds in the doubtful cells.
        // Where they are exact in every optimal lane of the part (no
        // doubtful cell there, or the programme agrees), the exact
        // distances have the same optimal allocations and distance: an
        // allocation through other cells only costs more. (A doubtful
        // cell has a distance above 0, so it is among the optimal lanes
        // wherever an optimal allocation uses it.)
        let now = t.suit(p.parts.class[i]);
        let caps = || m.caps(i);
        if p.doubts[i] & optimal != 0 && !exact_where(part(i), &caps(), k, (now, optimal), cache[i])
        {
            return None;
        }
        let suit = &p.parts.suits[i];
        match m.bound[i] {
            Bound::Open => Some(ranks),
            Bound::Single(j) => single_draws(t, suit, j, ranks, (now, optimal)),
            Bound::Pair(n) => Some(pair_draws(t, part(i), &caps(), n, ranks, (now, optimal))),
            Bound::Multi => {
                let suit = (part(i), &caps(), suit);
                Some(multi_draws(
                    t,
                    suit,
                    ranks,
                    (now, optimal),
                    (rest, d, k),
                    cache[i],
                ))
            }
        }
    };
    if m.keep == 0b1111 {
        // Only the parts the melds bound, or in doubt, need refining: an
        // open suit's ranks without room lower nothing already.
        let bound = (0..3).fold(0u8, |bits, i| {
            bits | u8::from(m.bound[i] != Bound::Open || p.doubts[i] != 0) << i
        });
        let refined = bound | u8::from(m.dropped != 0) << 3;
        return open_row_refined(t, &p.parts, (k, FAR - 1), known, row, refined, refine);
    }
    // Two suits (Sichuan): the others give nothing, so each kept suit's
    // rest is the other's distances.
    let (i, j) = (
        m.keep.trailing_zeros() as usize,
        7 - m.keep.leading_zeros() as usize,
    );
    let x = [t.suit(p.parts.class[i]), t.suit(p.parts.class[j])];
    let d = join(x[0], x[1], k);
    if d >= FAR {
        return Some((d, 0));
    }
    let mut tiles = 0u64;
    for (a, (part, rest)) in [(i, x[1]), (j, x[0])].into_iter().enumerate() {
        let optimal = optimal_lanes(x[a], rest, k, d);
        if optimal != 0 {
            let ranks = p.parts.improving(t, part, lane_bits(optimal), known[part]);
            tiles |= (refine(part, ranks, optimal, rest, d)? as u64) << (9 * part);
        }
    }
    Some((d, tiles))
}

/// The distance of a hand whose melds leave every part its class
/// ([`Leaves::Classes`](super::leaves::Leaves::Classes); `keys` its part
/// keys) over sets of two suits
/// kept (Sichuan's voids, `keeps`), towards `k` melds and a pair: each
/// set's pair product, as a concealed hand of those suits, the least of
/// them. `None` where a set keeps other parts than two suits.
#[inline]
pub(in crate::engine::shanten) fn voided_classes(
    t: &DistanceTables,
    keys: &[key::Key; 4],
    keeps: impl Iterator<Item = u8>,
    k: usize,
) -> Option<u8> {
    let class = suit_classes(t, keys);
    let mut d = FAR;
    for keep in keeps {
        if !two_suits(keep) {
            return None;
        }
        d = d.min(two_suits_distance(t, &class, keep, k));
    }
    Some(d)
}

/// [`class_draws`] of `c` read afresh; `None` where its parts are not
/// their classes or the draws are not settled.
#[inline(always)]
fn class_effective(t: &DistanceTables, c: &[u8; KINDS], m: &Melded) -> Option<(u8, u64)> {
    class_draws(
        t,
        c,
        m,
        &ClassParts::of(t, c, m)?,
        &[None; 4],
        &[None; 3],
        None,
    )
}

/// The discard table of a melded 3n+2 hand at concealed speed: its
/// distance, the distance after each discard, and the effective tiles
/// after the discards asked for ([`ClassDiscards::row`]), the unchanged
/// parts' lookups and neighbours shared.
pub(in crate::engine::shanten) struct ClassDiscards<'a> {
    t: &'a DistanceTables<'a>,
    c: [u8; KINDS],
    m: Melded,
    base: ClassParts,
    /// Per part of the whole hand, the lanes one more tile of each rank lowers.
    lanes: [RankLanes; 4],
    /// The row before, for the next row that leaves its classes.
    before: Cell<Option<RowBefore>>,
    /// The hand's distance.
    pub(in crate::engine::shanten) d: u8,
    /// The distance after each discard ([`FAR`] where the kind is not held).
    pub(in crate::engine::shanten) after: [u8; KINDS],
}

impl<'a> ClassDiscards<'a> {
    /// The table of `c` beside `m`; `None` where no table covers a suit
    /// or the classes do not settle the distance (the caller takes the
    /// general melded path). A discard whose classes do not settle its
    /// row is answered by the other melded functions.
    pub(in crate::engine::shanten) fn of(
        t: &'a DistanceTables<'a>,
        c: &[u8; KINDS],
        m: &Melded,
    ) -> Option<ClassDiscards<'a>> {
        let base = ClassParts::of(t, c, m)?;
        let d = base.distance(t, c, m)?;
        let mut after = [FAR; KINDS];
        // Over the kinds held by bit: a branch a kind on whether it is
        // held mispredicts on random hands. A tile of a part not kept
        // (Sichuan's voided suit) goes without changing the distance.
        let (all, kept) = (held_mask(c), kinds_kept(m.keep));
        let mut voided = all & !kept;
        while voided != 0 {
            after[voided.trailing_zeros() as usize] = d;
            voided &= voided - 1;
        }
        let mut held = all & kept;
        // All four parts kept, none in doubt: the pair products are shared.
        let open = m.all_kept() && base.doubts == [0; 3];
        let pairs = open.then(|| {
            let class = &base.parts.class;
            (
                t.suit_pair(class[0], class[1]),
                t.suit_honor_pair(class[2], class[3]),
            )
        });
        while held != 0 {
            let j = held.trailing_zeros() as usize;
            held &= held - 1;
            if let Some(d) = pairs.and_then(|pairs| base.after_open(t, (c, m), pairs, j)) {
                after[j] = d;
                continue;
            }
            let mut w = *c;
            w[j] -= 1;
            after[j] = match base.after(t, &w, m, j) {
                Some(d) => d,
                None => melded_distance(t, &w, m)?,
            };
        }
        Some(ClassDiscards {
            t,
            c: *c,
            m: *m,
            base,
            lanes: base.parts.kept_lanes(t, m.keep),
            before: Cell::new(None),
            d,
            after,
        })
    }

    /// The standard form's distance and effective tiles (bit per kind)
    /// after discarding kind `j`; `None` where no table covers a suit.
    /// `worked` keeps what the capped programme works out for each suit
    /// of the whole hand: the rows that leave the suit alone share it (and
    /// so do the tables of Sichuan's voids: it depends on the suit alone).
    pub(in crate::engine::shanten) fn row(
        &self,
        j: usize,
        worked: &[Worked; 3],
    ) -> Option<(u8, u64)> {
        let (t, m) = (self.t, &self.m);
        let mut w = self.c;
        w[j] -= 1;
        let changed = (j / 9).min(3);
        let known = known_except(&self.lanes, changed);
        let mut p = self.base;
        let found = p.set_without(t, &w, m, j).and_then(|()| {
            // The unchanged suits' exact distances, worked out once
            // for all rows.
            let cache = [0, 1, 2].map(|i| (i != changed).then_some(&worked[i]));
            class_draws(t, &w, m, &p, &known, &cache, Some((changed, &self.before)))
        });
        // Not settled by the classes: read afresh they would not be either.
        found.or_else(|| parts_improving(t, &w, m))
    }
}

/// Distance and (with `want`) effective tiles of a melded hand's standard
/// form over the parts of `keep`; `None` where no table covers a suit.
#[inline]
pub(in crate::engine::shanten) fn melded_improving(
    t: &DistanceTables,
    c: &[u8; KINDS],
    m: &Melded,
    keep: u8,
    want: bool,
) -> Option<(u8, u64)> {
    let m = m.keeping(keep);
    if !want {
        return Some((melded_distance(t, c, &m)?, 0));
    }
    class_effective(t, c, &m).or_else(|| parts_improving(t, c, &m))
}

/// [`melded_improving`] over several sets of kept parts (Sichuan's voids):
/// the parts looked up once, each set dropping its voided suits; the least
/// distance, with the tiles of every set reaching it.
pub(in crate::engine::shanten) fn melded_voids(
    t: &DistanceTables,
    c: &[u8; KINDS],
    m: &Melded,
    keeps: &[u8],
    want: bool,
) -> Option<(u8, u64)> {
    // A set voiding more tiles than the best distance cannot reach it, nor,
    // voiding as many, beat it.
    let (sorted, voided) = fewest_voided_first(c, keeps);
    let keeps = &sorted[..keeps.len()];
    let mut best = (FAR, 0);
    if !want {
        // Class reads alone, no neighbourhoods: each set on its own.
        for (&keep, &voided) in keeps.iter().zip(&voided) {
            if voided >= best.0 {
                break;
            }
            best.0 = best.0.min(melded_distance(t, c, &m.keeping(keep))?);
        }
        return Some(best);
    }
    let all = keeps.iter().fold(0, |a, &k| a | k);
    // Each set at concealed speed where its parts are their classes (two
    // suits each: Sichuan), the suits read once for all sets, and what
    // the capped programme works out shared too.
    let mut rest = (1u8 << keeps.len()) - 1;
    if keeps.iter().all(|&keep| two_suits(keep)) {
        if let Some(shared) = ClassParts::read(t, c, m, all) {
            let worked: [Worked; 3] = Default::default();
            let cache = [Some(&worked[0]), Some(&worked[1]), Some(&worked[2])];
            for (n, &keep) in keeps.iter().enumerate() {
                // The classes' distance is a lower bound of the set's.
                let lower = two_suits_distance(t, &shared.parts.class, keep, m.k);
                if voided[n] > best.0 || lower > best.0 {
                    rest &= !(1 << n);
                    continue;
                }
                let m = m.keeping(keep);
                if let Some(found) = class_draws(t, c, &m, &shared, &[None; 4], &cache, None) {
                    best = crate::engine::shanten::fewer(best, found);
                    rest &= !(1 << n);
                }
            }
        }
    }
    if rest == 0 {
        return Some(best);
    }
    let base = MeldedParts::of(t, c, &m.keeping(all), false)?;
    for (n, &keep) in keeps.iter().enumerate() {
        if rest >> n & 1 == 0 || voided[n] > best.0 {
            continue;
        }
        let m = m.keeping(keep);
        let found = if base.lower.is_some() {
            // Doubt depends on the parts kept: each set on its own.
            melded_improving(t, c, &m, keep, want)?
        } else {
            let p = base.dropping(all & !keep);
            match melded_effective(t, c, &m, &p, None) {
                Some(found) => found,
                None => melded_improving(t, c, &m, keep, true)?,
            }
        };
        best = crate::engine::shanten::fewer(best, found);
    }
    Some(best)
}
