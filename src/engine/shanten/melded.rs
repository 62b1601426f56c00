//! The common case beside declared melds: melds of any kind, under every
//! rule set but three-player riichi (Sichuan over each void, MCR with the
//! knitted straight added by the caller). Table reads wherever the tables
//! are proven to give the capped answer; `None` (a suit of more than 11
//! tiles beside its meld) sends the hand to the general path.
//!
//! A declared meld leaves its suit fewer copies to aim at (`caps`), and the
//! plain distances are only lower bounds there. A suit beside **one**
//! declared meld reads its `suit_caps` word (the table generator has
//! proven, for every pattern and every single meld, whether the plain
//! distances stay exact; they do for 98.8% of the pairs) and, where they do
//! not, the capped distances the file keeps for those pairs. Two or more
//! melds in a suit often bind the few cells a hand of one meld to go asks
//! about as one pung or kong would, or not at all ([`binding`]): then they
//! are read so. **Two** that bind more are read by the caps they leave
//! ([`Bound::Pair`]): the file keeps, for every suit pattern of at most
//! eight tiles, the capped distances beside each such pair of melds where
//! they differ from the plain ones in the cells of at most two melds (all
//! such a hand asks), with a class that stands for them. Where more bind,
//! or no class stands, the suit takes the certificate of
//! the [`capped`](super::capped) module, and doubtful cells count as
//! unreachable for an upper bound: equal to the lower one, the answer is
//! exact; otherwise the capped programme works out that suit (or, for a
//! draw, that draw). The **honours** beside declared honour melds are a
//! lookup (the declared kinds drop out, see [`honors`](rows::honors)).
//!
//! Layout: this file holds what the melds leave ([`Melded`], [`CapMasks`],
//! [`binding`]); `rows` one part's reads beside them; `leaves` the common
//! case read from the hand's keys; `parts` the four parts' exact rows and
//! their draws; `classes` the class-pair reads built on them, and the best
//! answer over Sichuan's voids ([`melded_voids`]); `voids` the order to try
//! the voids in.

mod classes;
mod leaves;
mod parts;
mod rows;
mod voids;

use super::capped::{lanes_up_to, most_copies};
use super::combine::{lane_bits, lanes_at_least};
use crate::hand::{Hand, Meld, MeldKind};
use crate::table::layout::pair_caps::{self, NO_PAIR, PAIR_OF};
use crate::tile::KINDS;
pub(super) use classes::{melded_improving, melded_voids, voided_classes, ClassDiscards};
pub(super) use leaves::{
    capped_class_distance, leaves, leaves_effective, voided_capped_classes, Leaves,
};
pub(super) use parts::{melded_after, melded_row, MeldedParts, Ups};
pub(super) use rows::Worked;
pub(super) use voids::fewest_voided_first;

/// The first single-meld configuration (see `config_caps`) of each meld
/// kind, in `MeldKind` order: chows, pungs, kongs (either kind).
const CONFIG_START: [u32; 4] = [0, 7, 16, 16];

/// How the declared melds bound one numbered suit.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Bound {
    /// No declared meld in the suit: the plain table.
    Open,
    /// One declared meld, by its configuration (see `config_caps`), or
    /// more that bind the cells asked as that one would ([`binding`]).
    Single(u8),
    /// Two, binding more than one meld would, in cells of at most two
    /// melds: by the caps they leave (see `PAIR_OF`), read from the file's
    /// pair-capped rows ([`pair_capped`](rows::pair_capped)).
    Pair(u16),
    /// Two or more, binding more than one meld would, and not [`Bound::Pair`].
    Multi,
}

/// A hand beside declared melds: the caps they leave and how each part is
/// bound.
#[derive(Clone, Copy)]
pub(super) struct Melded {
    /// Copies of each rank of each suit a target may hold, one byte lane
    /// per rank: four minus the declared ones. (Built in registers: byte
    /// stores read back as one wide load stall the store forwarding.)
    caps: [u128; 3],
    bound: [Bound; 3],
    /// Honour kinds (bit per kind) that declared pungs or kongs took.
    dropped: u8,
    /// Melds the concealed tiles must still form.
    pub(super) k: usize,
    /// The parts (bit per part: m, p, s, z) a target may use; the tiles of
    /// the others all go (Sichuan's voided suit, honours it lacks).
    keep: u8,
}

impl Melded {
    /// The melds of `hand` (at least one; rules with every part open).
    #[inline(always)]
    pub(super) fn of(hand: &Hand) -> Melded {
        Melded::towards(hand, hand.concealed_len() / 3)
    }

    /// The melds of `hand` for targets of `k` more melds and a pair (the
    /// joker engine asks for more than the real tiles make).
    #[inline(always)]
    pub(super) fn towards(hand: &Hand, k: usize) -> Melded {
        // Melds per part and each part's configuration (the last one's:
        // only read where the part has one), a byte per part: registers,
        // not arrays, on the path every melded query takes.
        let (mut per_part, mut configs, mut firsts, mut dropped) = (0u32, 0u32, 0u32, 0u8);
        // Every part's caps (the honours' unused), each meld's copies taken
        // off its part without a branch on how many the part holds.
        let mut caps = [u128::from_le_bytes([4; 16]); 4];
        for m in hand.melds() {
            let i = m.tile().index();
            let (part, r) = (i / 9, i % 9);
            let config = CONFIG_START[m.kind() as usize] + r as u32;
            let first = u32::from(per_part >> (8 * part) & 0xff == 0);
            firsts |= (first * config) << (8 * part);
            per_part += 1 << (8 * part);
            configs = configs & !(0xff << (8 * part)) | config << (8 * part);
            caps[part] -= meld_lanes(m);
            // Widened: a suit's rank 9 would shift a u8 by its width.
            dropped |= (u32::from(part == 3) << r) as u8;
        }
        let melds = |part: usize| per_part >> (8 * part) & 0xff;
        let config = |part: usize| (configs >> (8 * part)) as u8;
        let first = |part: usize| (firsts >> (8 * part)) as u8;
        let caps = [caps[0], caps[1], caps[2]];
        let bound = |part: usize| match melds(part) {
            0 => Bound::Open,
            1 => Bound::Single(config(part)),
            n => bound_of_many(caps[part], k, n, (first(part), config(part))),
        };
        Melded {
            caps,
            bound: [bound(0), bound(1), bound(2)],
            dropped,
            k,
            keep: 0b1111,
        }
    }

    /// The kinds whose copies the melds leave ([`CapMasks`]): each suit's
    /// caps as byte lanes, compared all at once ([`lanes_at_least`]).
    #[inline]
    pub(super) fn cap_masks(&self) -> CapMasks {
        let at_least =
            |caps: u128, n: u8| u64::from(lane_bits(lanes_at_least(caps, n) >> 7) & 0x1ff);
        let (mut gone, mut two, mut three) = (0u64, 0u64, 0u64);
        for (i, &caps) in self.caps.iter().enumerate() {
            gone |= (!at_least(caps, 1) & 0x1ff) << (9 * i);
            two |= at_least(caps, 2) << (9 * i);
            three |= at_least(caps, 3) << (9 * i);
        }
        let honors = u64::from(!self.dropped & 0x7f) << 27;
        CapMasks {
            gone,
            two: two | honors,
            three: three | honors,
        }
    }

    /// The caps of suit `i`'s ranks.
    #[inline(always)]
    fn caps(&self, i: usize) -> [u8; 9] {
        let lanes = self.caps[i].to_le_bytes();
        lanes[..9].try_into().expect("nine")
    }

    /// Whether all four parts are kept and the honours keep more kinds
    /// than the melds to go (a cell of `k` melds then needs no kind the
    /// melds dropped): the concealed path's four-part reads stand.
    #[inline(always)]
    fn all_kept(&self) -> bool {
        self.keep == 0b1111 && 7 - self.dropped.count_ones() as usize > self.k
    }

    /// The same melds with only the parts of `keep` (bit per part) open to
    /// a target.
    #[inline]
    pub(super) fn keeping(self, keep: u8) -> Melded {
        Melded { keep, ..self }
    }
}

/// The kinds (bit per kind) of which declared melds leave no copy, at
/// least two and at least three (a declared honour pung or kong leaves at
/// most one): what the knitted straight beside a meld asks of the caps.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct CapMasks {
    pub gone: u64,
    pub two: u64,
    pub three: u64,
}

impl CapMasks {
    /// The masks beside one declared meld `m`, without the caps of
    /// [`Melded`]: a chow leaves three copies of its kinds, a pung one and
    /// a kong none (an honour kong counts as left one, as in
    /// [`Melded::cap_masks`]).
    #[inline(always)]
    pub(super) fn beside(m: &Meld) -> CapMasks {
        let all = (1u64 << KINDS) - 1;
        let i = m.tile().index();
        let bit = 1u64 << i;
        let (gone, short) = match m.kind() {
            MeldKind::Chow => (0, 0),
            MeldKind::Pung => (0, bit),
            MeldKind::Kong | MeldKind::ConcealedKong => (bit & SUIT_KINDS, bit),
        };
        CapMasks {
            gone,
            two: all & !short,
            three: all & !short,
        }
    }
}

/// The numbered kinds, a bit each.
const SUIT_KINDS: u64 = (1 << 27) - 1;

/// The concealed counts of numbered suit `suit` of `hand`.
#[inline(always)]
fn suit_of(hand: &Hand, suit: usize) -> &[u8; 9] {
    hand.counts()[9 * suit..9 * suit + 9]
        .try_into()
        .expect("nine")
}

/// The copies of each rank of numbered suit `suit` a target may hold
/// beside the declared melds of `hand`: four less those in its melds.
#[inline(always)]
fn suit_caps(hand: &Hand, suit: usize) -> [u8; 9] {
    let mut caps = u128::from_le_bytes([4; 16]);
    for m in hand.melds() {
        let i = m.tile().index();
        // Without a branch a meld: which suit it is in is as random as the hand.
        let here = u128::from(i / 9 == suit).wrapping_neg();
        caps -= meld_lanes(m) & here;
    }
    caps.to_le_bytes()[..9].try_into().expect("nine")
}

/// How caps left by two or more melds (`caps`, a byte lane per rank) bind
/// the cells of at most `k` melds. A target there holds at most `k + 2`
/// copies of a rank (a pair, a pung, a pung and a chow: four at most), so
/// only ranks capped below that bind; where none does, the suit is open,
/// and where one rank alone binds at 0 or 1 copies, its distances in
/// those cells are a kong's or a pung's of that rank ([`Bound::Single`]).
#[inline]
fn binding(caps: u128, k: usize) -> Bound {
    if k >= 2 {
        return Bound::Multi;
    }
    let most = most_copies(lanes_up_to(k));
    let lanes = caps.to_le_bytes();
    let mut binds = (0..9).filter(|&r| lanes[r] < most);
    match (binds.next(), binds.next()) {
        (None, _) => Bound::Open,
        (Some(r), None) if lanes[r] <= 1 => {
            let kind = if lanes[r] == 0 {
                MeldKind::Kong
            } else {
                MeldKind::Pung
            };
            Bound::Single((CONFIG_START[kind as usize] + r as u32) as u8)
        }
        _ => Bound::Multi,
    }
}

/// How `melds` (two or more) declared melds in a suit bound it, the
/// first and last of them by configuration (`configs`), leaving `caps`:
/// [`binding`], and [`Bound::Pair`] where two bind more than one would in
/// the cells of at most `k` melds (at most two).
#[inline(never)]
fn bound_of_many(caps: u128, k: usize, melds: u32, (first, last): (u8, u8)) -> Bound {
    match binding(caps, k) {
        Bound::Multi if melds == 2 && k <= pair_caps::MOST_MELDS => {
            match PAIR_OF[usize::from(first)][usize::from(last)] {
                NO_PAIR => Bound::Multi,
                pair => Bound::Pair(pair),
            }
        }
        bound => bound,
    }
}

/// Declared copies by meld kind (`MeldKind` order), a byte lane per rank
/// from the meld's first.
const COPIES: [u128; 4] = [0x01_0101, 3, 4, 4];

/// [`COPIES`] of each meld kind shifted to each first rank: a read where
/// the shift of a `u128` by a rank takes a dozen instructions.
const MELD_LANES: [[u128; 9]; 4] = {
    let mut lanes = [[0; 9]; 4];
    let mut kind = 0;
    while kind < 4 {
        let mut r = 0;
        while r < 9 {
            lanes[kind][r] = COPIES[kind] << (8 * r);
            r += 1;
        }
        kind += 1;
    }
    lanes
};

/// The declared copies of meld `m` in its part's byte lanes (rank `r` in
/// lane `r`).
#[inline(always)]
fn meld_lanes(m: &Meld) -> u128 {
    MELD_LANES[m.kind() as usize][m.tile().index() % 9]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::key;
    use crate::table::layout::capped_distances;
    use crate::table::layout::caps::{config_caps, CONFIGS};
    use crate::Tables;
    use rayon::prelude::*;

    /// Two or three melds in a suit bind the cells of at most `k ≤ 1`
    /// melds as [`binding`] says: for every caps vector they can leave and
    /// every pattern that fits beside them, the capped programme (the
    /// definition) gives in those cells the plain distances where the
    /// suit is open, and the single meld's where it binds as one.
    #[test]
    fn melds_bind_few_cells_as_binding_says() {
        let tables = Tables::embedded();
        let t = &tables.distance_tables();
        let declared = |j: usize| config_caps(j).map(|c| 4 - c);
        let mut cap_sets = std::collections::BTreeSet::new();
        for a in 0..CONFIGS {
            for b in a..CONFIGS {
                for c in std::iter::once(None).chain((b..CONFIGS).map(Some)) {
                    let mut caps = [4i8; 9];
                    for j in [Some(a), Some(b), c].into_iter().flatten() {
                        for (cap, d) in caps.iter_mut().zip(declared(j)) {
                            *cap -= d as i8;
                        }
                    }
                    if caps.iter().all(|&x| x >= 0) {
                        cap_sets.insert(caps.map(|x| x as u8));
                    }
                }
            }
        }
        let cap_sets: Vec<[u8; 9]> = cap_sets.into_iter().collect();
        let patterns = key::patterns::<9>();
        let checked: [usize; 3] = cap_sets
            .par_iter()
            .map(|caps| {
                let mut lanes = [4u8; 16];
                lanes[..9].copy_from_slice(caps);
                let mut n = [0usize; 3];
                for k in 0..=1 {
                    let bound = binding(u128::from_le_bytes(lanes), k);
                    let tiles = 3 * k as u8 + 2;
                    let fits = |v: &&[u8; 9]| {
                        v.iter().sum::<u8>() <= tiles && v.iter().zip(caps).all(|(a, b)| a <= b)
                    };
                    for v in patterns.iter().filter(fits) {
                        let index = key::suit_index(v);
                        let plain = *t.suit(t.suit_class_at(index));
                        let got = match bound {
                            Bound::Open => plain,
                            Bound::Single(j) if t.suit_caps_at(index) >> j & 1 == 1 => {
                                *t.suit_capped(index, j as usize).expect("a capped row")
                            }
                            Bound::Single(_) => plain,
                            Bound::Pair(_) | Bound::Multi => continue,
                        };
                        let truth = capped_distances(v, caps, true, k);
                        for p in 0..2 {
                            for m in 0..=k {
                                let l = 8 * p + m;
                                assert_eq!(got[l], truth[l], "{v:?} {caps:?} k {k} lane {l}");
                            }
                        }
                        n[matches!(bound, Bound::Single(_)) as usize] += 1;
                    }
                    n[2] += usize::from(bound == Bound::Multi);
                }
                n
            })
            .reduce(|| [0; 3], |a, b| [a[0] + b[0], a[1] + b[1], a[2] + b[2]]);
        // Open and single bindings both occur often; some stay multi.
        assert!(checked[0] > 20_000 && checked[1] > 300_000, "{checked:?}");
        assert!(checked[2] > 0, "{checked:?}");
    }
}
