//! One part's rows beside declared melds: a suit's distances read (plain,
//! single-capped, pair-capped or certified: [`SuitRead`]), the honours with
//! the declared kinds taken out, and the draws of one rank that lower a
//! suit. The shared ground of the leaves, parts and classes reads, kept
//! apart so that none of them depends on another for these reads.

use super::{Bound, Melded};
use crate::engine::shanten::capped::{differing, doubt, lanes_up_to, Certified, REAL_LANES};
use crate::engine::shanten::combine::{join, lane_bits, lowers, nonzero_lanes, product};
use crate::table::key::{self, Neighbourhood};
use crate::table::layout::capped_distances;
use crate::table::layout::cells::FAR;
use crate::table::layout::pair_caps;
use crate::table::{DistanceTables, Distances};
use crate::tile::KINDS;
use std::cell::OnceCell;

/// Whether drawing rank `r` into suit `v` beside two or more melds
/// (`caps`) lowers the hand's exact distance `d`: `now` the suit's table
/// distances (lower bounds) and `optimal` the lanes where they reach `d`,
/// `next` the table's after the draw (lower bounds), `rest` the other
/// parts' product (exact), `k` the melds aimed at. Where the certificate
/// clears the lanes the draw lowers, it helps.
/// Otherwise the hand's distance after the draw with the doubtful cells
/// out of reach (drops: it helps) and at their lower bounds (does not
/// drop: it does not); only between, `exact`: whether the capped
/// programme's distances of the suit after the draw lower the hand.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(super) fn multi_draw_lowers(
    t: &DistanceTables,
    v: &[u8; 9],
    caps: &[u8; 9],
    r: usize,
    (now, next): (&Distances, &Distances),
    optimal: u128,
    (rest, d, k): (&Distances, u8, usize),
    exact: impl FnOnce(&[u8; 9]) -> bool,
) -> bool {
    let mut w = *v;
    w[r] += 1;
    let asked = optimal & differing(now, next);
    if doubt(t, &w, caps, next, asked) == Some(0) {
        return true;
    }
    let doubt = doubt(t, &w, caps, next, lanes_up_to(k)).unwrap_or(REAL_LANES);
    let upper = Certified {
        lower: *next,
        doubt,
    }
    .upper();
    if join(&upper, rest, k) < d {
        true
    } else if join(next, rest, k) >= d {
        false
    } else {
        exact(&w)
    }
}

/// Suit `v` beside the melds that bound it, as [`suit_distances`] reads it.
pub(super) struct SuitRead {
    /// The distances, exact outside `doubts`.
    pub(super) x: Distances,
    /// Doubtful lanes (0xff each; only beside more melds than the file's
    /// capped rows cover).
    pub(super) doubts: u128,
    /// A class whose distances are the exact ones in every cell asked
    /// outside `class_doubts`, lower bounds there: the class-pair tables
    /// stand for the suit (the table's class, or the one the file gives
    /// for a capped row).
    pub(super) class: u8,
    /// Lanes (0xff each) where `class` gives only a lower bound: the
    /// doubts, or where a capped row no class stands for differs from the
    /// table's class.
    pub(super) class_doubts: u128,
}

impl SuitRead {
    /// Distances `x` exact in every cell asked, and a class equal to them.
    #[inline(always)]
    fn exact(x: Distances, class: u8) -> SuitRead {
        SuitRead {
            x,
            doubts: 0,
            class,
            class_doubts: 0,
        }
    }

    /// A capped row no class stands for, exact in the cells of at most
    /// `k` melds: for the class path, the table's class (`plain`) with
    /// the cells where it differs from the row in doubt.
    #[inline(never)]
    fn unclassed(row: Distances, (plain, class): (&Distances, u8), k: usize) -> SuitRead {
        SuitRead {
            x: row,
            doubts: 0,
            class,
            class_doubts: differing(plain, &row) & lanes_up_to(k),
        }
    }
}

/// The distances of suit `v` (dense index `index`) beside the melds that
/// bound it (`caps`, `bound`) in the cells of at most `k` melds: the
/// table's, the file's capped row beside one meld where its word says so,
/// the certificate beside more. `None` where no table covers the suit.
#[inline(always)]
pub(super) fn suit_distances(
    t: &DistanceTables,
    v: &[u8; 9],
    index: usize,
    caps: &[u8; 9],
    bound: Bound,
    k: usize,
) -> Option<SuitRead> {
    let class = t.suit_class_at(index);
    let x = *t.suit(class);
    Some(match bound {
        Bound::Open => SuitRead::exact(x, class),
        Bound::Single(j) if t.suit_caps_at(index) >> j & 1 == 1 => {
            match t.suit_capped_read(index, j as usize)? {
                (row, Some(capped)) => SuitRead::exact(*row, capped),
                (row, None) => SuitRead::unclassed(*row, (&x, class), k),
            }
        }
        Bound::Single(_) => SuitRead::exact(x, class),
        Bound::Pair(n) => pair_read(t, v, caps, n, (&x, class), k),
        Bound::Multi => {
            let doubts = doubt(t, v, caps, &x, lanes_up_to(k)).unwrap_or(REAL_LANES);
            SuitRead {
                x,
                doubts,
                class,
                class_doubts: doubts,
            }
        }
    })
}

/// The capped distances of suit `v` beside two declared melds leaving
/// pair caps `n` (`caps`), and the class that stands for them, where they
/// differ from the table's in the cells of at most two melds; `None` where
/// the table's are exact there. A suit beside two melds holds at most
/// eight tiles, the file's patterns; a larger one (never a hand's own)
/// takes the capped programme, without a class.
#[inline(always)]
pub(super) fn pair_capped(
    t: &DistanceTables,
    v: &[u8; 9],
    caps: impl FnOnce() -> [u8; 9],
    n: u16,
) -> Option<(Distances, Option<u8>)> {
    if usize::from(v.iter().sum::<u8>()) > key::FEW_TILES {
        return Some((
            capped_distances(v, &caps(), true, pair_caps::MOST_MELDS),
            None,
        ));
    }
    let (row, class) = t.suit_pair_capped(key::few_suit_index(v), usize::from(n))?;
    Some((*row, class))
}

/// [`suit_distances`] beside two melds leaving pair caps `n` (`caps`) of
/// suit `v` whose table distances and class are `plain`: the file's
/// capped row and its class where they differ, else the table's.
/// Out of line: the common reads stay small.
#[inline(never)]
fn pair_read(
    t: &DistanceTables,
    v: &[u8; 9],
    caps: &[u8; 9],
    n: u16,
    (x, class): (&Distances, u8),
    k: usize,
) -> SuitRead {
    match pair_capped(t, v, || *caps, n) {
        None => SuitRead::exact(*x, class),
        Some((row, Some(capped))) => SuitRead::exact(row, capped),
        Some((row, None)) => SuitRead::unclassed(row, (x, class), k),
    }
}

/// Whether the capped distances of suit `v` beside melds leaving `caps`
/// (towards `k` melds) equal `now`, its class's, in its `optimal` lanes;
/// worked out once where `worked` keeps them for a discard table's rows.
#[inline(never)]
pub(super) fn exact_where(
    v: &[u8; 9],
    caps: &[u8; 9],
    k: usize,
    (now, optimal): (&Distances, u128),
    worked: Option<&Worked>,
) -> bool {
    let work = || capped_distances(v, caps, true, k);
    let exact = worked.map_or_else(work, |w| *w.exact.get_or_init(work));
    differing(&exact, now) & optimal == 0
}

/// Of `ranks` (bit per rank), whose draws into a suit (neighbourhood
/// `suit`) beside one meld of configuration `j` lower one of its `optimal`
/// lanes by the table's distances, those that lower them from `now` (its
/// exact distances there): the capped row after the draw decides where
/// the draw's pattern has one. `None` where a row is missing.
#[inline(always)]
pub(super) fn single_draws(
    t: &DistanceTables,
    suit: &Neighbourhood<9>,
    j: u8,
    ranks: u16,
    (now, optimal): (&Distances, u128),
) -> Option<u16> {
    ranks_where(ranks, |r| {
        let index = suit.up(r);
        if t.suit_caps_at(index) >> j & 1 == 0 {
            return Some(true);
        }
        Some(lowers(now, t.suit_capped(index, j as usize)?, optimal))
    })
}

/// [`single_draws`] beside two melds leaving pair caps `n` (`caps`) of
/// suit `v`: the file's pair-capped row after the draw decides where it
/// has one. Out of line: the common refinement stays small.
#[inline(never)]
pub(super) fn pair_draws(
    t: &DistanceTables,
    v: &[u8; 9],
    caps: &[u8; 9],
    n: u16,
    ranks: u16,
    (now, optimal): (&Distances, u128),
) -> u16 {
    let kept = ranks_where(ranks, |r| {
        let mut w = *v;
        w[r] += 1;
        Some(pair_capped(t, &w, || *caps, n).is_none_or(|(next, _)| lowers(now, &next, optimal)))
    });
    kept.unwrap_or(ranks) // never `None`: each draw is answered
}

/// [`single_draws`] beside melds that bind more than two would (`suit`:
/// its counts, caps and neighbourhood): each draw as [`multi_draw_lowers`]
/// finds, against the other parts' product `rest` and the distance `d`
/// towards `k` melds; `worked` keeps the capped programme's distances
/// after each draw for a discard table's rows.
#[inline(never)]
pub(super) fn multi_draws(
    t: &DistanceTables,
    (v, caps, suit): (&[u8; 9], &[u8; 9], &Neighbourhood<9>),
    ranks: u16,
    (now, optimal): (&Distances, u128),
    (rest, d, k): (&Distances, u8, usize),
    worked: Option<&Worked>,
) -> u16 {
    let kept = ranks_where(ranks, |r| {
        let next = t.suit(t.suit_class_at(suit.up(r)));
        let exact = |w: &[u8; 9]| {
            let work = || capped_distances(w, caps, true, k);
            let next = worked.map_or_else(work, |c| *c.up[r].get_or_init(work));
            lowers(now, &next, optimal)
        };
        Some(multi_draw_lowers(
            t,
            v,
            caps,
            r,
            (now, next),
            optimal,
            (rest, d, k),
            exact,
        ))
    });
    kept.unwrap_or(ranks) // never `None`: each draw is answered
}

/// Of `ranks` (bit per rank), those `keep` keeps; `None` where it gives up
/// on one.
#[inline(always)]
fn ranks_where(mut ranks: u16, mut keep: impl FnMut(usize) -> Option<bool>) -> Option<u16> {
    let mut todo = ranks;
    while todo != 0 {
        let r = todo.trailing_zeros() as usize;
        todo &= todo - 1;
        if !keep(r)? {
            ranks &= !(1 << r);
        }
    }
    Some(ranks)
}

/// Upper bounds of the parts' distances: the suits' doubtful lanes as
/// unreachable.
#[inline(always)]
pub(super) fn upper(x: &[Distances; 4], doubts: &[u128; 3]) -> [Distances; 4] {
    let mut y = *x;
    for (y, &doubt) in y.iter_mut().zip(doubts) {
        *y = Certified { lower: *y, doubt }.upper();
    }
    y
}

/// The hand's distance over four parts' distances.
#[inline(always)]
pub(super) fn distance_of(x: &[Distances; 4], k: usize) -> u8 {
    join(&product(&x[0], &x[1]), &product(&x[2], &x[3]), k)
}

/// Ranks (bit per rank) where `v` holds fewer copies than `caps` (never
/// more): the lanes where they differ.
#[inline(always)]
fn below(v: &[u8; 9], caps: &[u8; 9]) -> u16 {
    let lanes = |x: &[u8; 9]| {
        let mut bytes = [0u8; 16];
        bytes[..9].copy_from_slice(x);
        u128::from_le_bytes(bytes)
    };
    lane_bits(nonzero_lanes(lanes(v) ^ lanes(caps)))
}

/// The honours beside declared honour melds (kinds `dropped`): a declared
/// pung or kong leaves at most one copy of its kind, which no pair or pung
/// can use, so the kind drops out (its tile wasted). Honours have no chows,
/// so the kept kinds are interchangeable: the table's best target for the
/// pattern without the dropped kinds uses `m + p` kinds, and where it used
/// an empty dropped kind an unused kept one does as well, while there are
/// `m + p` kept kinds; cells needing more are out of reach. Returns the
/// neighbourhood of the kept pattern, its distances and the kinds a draw
/// can change.
#[inline(always)]
pub(super) fn honors(
    t: &DistanceTables,
    z: &[u8; 7],
    dropped: u8,
) -> (Neighbourhood<7>, Distances, u16) {
    let (n, room) = kept_honor_part(z, dropped);
    (n, honor_distances(t, n.index(), dropped), room)
}

/// The neighbourhood of the honours `z` without the `dropped` kinds, and
/// the kinds a draw may add to.
#[inline(always)]
pub(super) fn kept_honor_part(z: &[u8; 7], dropped: u8) -> (Neighbourhood<7>, u16) {
    let n = Neighbourhood::honor(&kept_honors(z, dropped));
    (n, n.room() & !u16::from(dropped))
}

/// Suit `i` of `c` beside `m`: its neighbourhood, its distances as
/// [`suit_distances`] reads them, and the ranks a draw may add to.
#[inline(always)]
pub(super) fn read_suit(
    t: &DistanceTables,
    c: &[u8; KINDS],
    m: &Melded,
    i: usize,
) -> Option<(Neighbourhood<9>, SuitRead, u16)> {
    let v: &[u8; 9] = c[9 * i..9 * i + 9].try_into().expect("nine");
    let n = Neighbourhood::suit(v);
    if m.bound[i] == Bound::Open {
        // No meld in the suit: caps of four, so room wherever the
        // neighbourhood has it, without the caps' compare.
        let read = suit_distances(t, v, n.index(), &[4; 9], Bound::Open, m.k)?;
        return Some((n, read, n.room()));
    }
    let caps = m.caps(i);
    let read = suit_distances(t, v, n.index(), &caps, m.bound[i], m.k)?;
    Some((n, read, n.room() & below(v, &caps)))
}

/// The honour counts without the `dropped` kinds.
#[inline(always)]
pub(super) fn kept_honors(z: &[u8; 7], dropped: u8) -> [u8; 7] {
    let mut w = *z;
    for (r, x) in w.iter_mut().enumerate() {
        if dropped >> r & 1 == 1 {
            *x = 0;
        }
    }
    w
}

/// The distances of the kept honour pattern with dense index `index`,
/// cells needing more kinds than are kept out of reach (see [`honors`]).
#[inline(always)]
pub(super) fn honor_distances(t: &DistanceTables, index: usize, dropped: u8) -> Distances {
    let mut d = *t.honor(t.honor_class_at(index));
    if dropped != 0 {
        let kept = 7 - dropped.count_ones() as usize;
        for p in 0..2 {
            for m in 0..5 {
                if m + p > kept {
                    d[8 * p + m] = FAR;
                }
            }
        }
    }
    d
}

/// The distance of the two suits of `keep` (Sichuan beside its void) by
/// their classes, as a concealed hand of those suits aiming at `k` melds
/// and a pair: their pair product's cell of `k` melds and a pair (the
/// join with nothing from the other parts, read without the join).
#[inline(always)]
pub(super) fn two_suits_distance(t: &DistanceTables, class: &[u8], keep: u8, k: usize) -> u8 {
    let (i, j) = (
        keep.trailing_zeros() as usize,
        7 - keep.leading_zeros() as usize,
    );
    t.suit_pair(class[i], class[j])[8 + k.min(4)]
}

/// Whether `keep` is two suits (Sichuan beside its void).
#[inline(always)]
pub(super) fn two_suits(keep: u8) -> bool {
    matches!(keep, 0b0011 | 0b0101 | 0b0110)
}

/// A suit's exact distances from the capped programme, and those after one
/// more tile of each rank, found when first asked.
#[derive(Default)]
pub(in crate::engine::shanten) struct Worked {
    exact: OnceCell<Distances>,
    up: [OnceCell<Distances>; 9],
}

/// The exact capped distances of suit `i` of `c` with one more tile of
/// rank `r` (dense index `index`, table distances `next`).
#[inline]
pub(super) fn exact_up(
    t: &DistanceTables,
    c: &[u8; KINDS],
    m: &Melded,
    i: usize,
    r: usize,
    index: usize,
    next: &Distances,
) -> Option<Distances> {
    Some(match m.bound[i] {
        Bound::Open => *next,
        Bound::Single(j) => {
            if t.suit_caps_at(index) >> j & 1 == 0 {
                *next
            } else {
                *t.suit_capped(index, j as usize)?
            }
        }
        Bound::Pair(n) => {
            let mut w: [u8; 9] = c[9 * i..9 * i + 9].try_into().expect("nine");
            w[r] += 1;
            pair_capped(t, &w, || m.caps(i), n).map_or(*next, |(row, _)| row)
        }
        Bound::Multi => {
            // The certificate, else the capped programme.
            let mut w: [u8; 9] = c[9 * i..9 * i + 9].try_into().expect("nine");
            w[r] += 1;
            let caps = &m.caps(i);
            if doubt(t, &w, caps, next, lanes_up_to(m.k)) == Some(0) {
                *next
            } else {
                capped_distances(&w, caps, true, m.k)
            }
        }
    })
}

/// The best of the other three parts, for each part.
#[inline(always)]
pub(super) fn rests(x: &[Distances; 4]) -> [Distances; 4] {
    let ab = product(&x[0], &x[1]);
    let sz = product(&x[2], &x[3]);
    [
        product(&x[1], &sz),
        product(&x[0], &sz),
        product(&ab, &x[3]),
        product(&ab, &x[2]),
    ]
}
