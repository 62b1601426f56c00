//! Parts beside declared melds: distances when a target may hold only
//! `caps[r]` copies of rank `r` (four minus the declared ones), from the
//! plain tables wherever they can be proven to give the capped answer.
//!
//! **The certificate.** The table's distance `D(v)` is the minimum over
//! targets bounded by four copies, so it is a lower bound of the capped
//! distance, and equal to it in a cell exactly when some optimal target of
//! that cell keeps to the caps. Call `s = caps[r] − v[r]` the copies of `r`
//! still free to draw. A target `t` holds more than `caps[r]` copies of `r`
//! iff it draws at least `s + 1` of them, and then, for `w = v + (s+1)·e_r`,
//! its cost drops by exactly `s + 1`. So some optimal target of the cell
//! breaks the cap at `r` iff `D(w) + s + 1 = D(v)` in that cell (if the
//! equality holds, the target optimal for `w` costs at most `D(v)` from `v`,
//! so it is optimal for `v`, and the `s + 1` copies it gained were all
//! drawn). A cell where no capped rank shows the equality has only optimal
//! targets that keep every cap: its table value is the capped one. One
//! lookup per capped rank (one for a pung or kong, three for a chow); for
//! a suit of at most eight tiles in cells of at most two melds (every suit
//! beside two or more melds), one read of the stored gains
//! (`table::generate::gains`) instead.
//!
//! Cells that fail the test (a lone tile beside its own declared pung, say,
//! whose pair the cap forbids) may still have the same capped value through
//! another target. The caller knows whether such a cell can matter for the
//! hand (the hand may reach its distance without it); where it does, the
//! capped programme (`table::layout::capped_distances`)
//! answers.

use super::combine::{lane_bits, lanes_at_least, nonzero_lanes};
use crate::table::key::{self, Neighbourhood};
use crate::table::layout::{cells::FAR, gains};
use crate::table::{DistanceTables, Distances};

/// Lanes `8p + m` that hold a real cell (m ≤ 4, p ≤ 1).
pub(super) const REAL_LANES: u128 = 0x0000_00ff_ffff_ffff_0000_00ff_ffff_ffff;

/// The plain table's distances of a capped part and the lanes (0xff each)
/// the certificate could not prove equal to the capped ones.
#[derive(Clone, Copy)]
pub(super) struct Certified {
    /// Lower bounds of the capped distances, equal to them outside `doubt`.
    pub lower: Distances,
    /// Lanes whose capped value may be above `lower` (0xff per lane).
    pub doubt: u128,
}

impl Certified {
    /// Upper bounds of the capped distances: doubtful lanes as [`FAR`].
    #[inline]
    pub fn upper(&self) -> Distances {
        let far = u128::from_le_bytes([FAR; 16]);
        let v = u128::from_le_bytes(self.lower);
        (v & !self.doubt | far & self.doubt).to_le_bytes()
    }
}

/// Lanes with at most `most` melds (0xff each).
#[inline]
pub(super) fn lanes_up_to(most: usize) -> u128 {
    let row = (1u64 << (8 * (most.min(4) + 1))) - 1;
    (row as u128) << 64 | row as u128
}

/// The certified table distances of a numbered suit `v` whose ranks may
/// hold at most `caps[r]` copies (`v[r] ≤ caps[r]`). `None` when a test
/// pattern would leave the table's range (more than 14 tiles in the suit).
#[inline]
pub(super) fn certify(
    t: &DistanceTables,
    v: &[u8; 9],
    caps: &[u8],
    lanes: u128,
) -> Option<Certified> {
    let lower = *t.suit(t.suit_class(v));
    let doubt = doubt(t, v, caps, &lower, lanes)?;
    Some(Certified { lower, doubt })
}

/// Of the `lanes` asked about (0xff each), those of `lower`, the table's
/// distances of `v`, that some optimal target reaches only by breaking a
/// cap (see the module docs). A suit of at most eight tiles asked about
/// cells of at most two melds (every suit beside two or more declared
/// melds) reads the stored gains ([`stored_doubt`]); any other looks up
/// the larger patterns ([`looked_up_doubt`]).
#[inline]
pub(super) fn doubt(
    t: &DistanceTables,
    v: &[u8; 9],
    caps: &[u8],
    lower: &Distances,
    lanes: u128,
) -> Option<u128> {
    let lanes = lanes & REAL_LANES;
    let tiles: u8 = v.iter().sum();
    if usize::from(tiles) <= key::FEW_TILES && lanes & !lanes_up_to(gains::MOST_MELDS) == 0 {
        return Some(stored_doubt(t, v, caps, lanes));
    }
    looked_up_doubt(t, v, caps, lower, lanes)
}

/// [`doubt`] of a suit `v` of at most eight tiles in `lanes` of at most
/// two melds, from its stored gains: a rank capped below the most copies a
/// target of those cells holds is in doubt in a cell whose stored gain (the
/// copies that each lower it by one) reaches `caps[r] + 1 − v[r]`. One read
/// per capped rank, where the lookup reads a neighbour's class and its row.
#[inline]
fn stored_doubt(t: &DistanceTables, v: &[u8; 9], caps: &[u8], lanes: u128) -> u128 {
    let (caps, held) = rank_lanes(v, caps);
    let lane = |b: u8| u128::from_le_bytes([b; 16]);
    let below_most = lanes_at_least(caps, most_copies(lanes)) ^ lane(0x80);
    // 8 − gain, 3 to 11 for any counts: added to a stored gain (at most
    // 4), it carries into the nibble's top bit exactly where the stored
    // gain reaches the rank's, and never out of the nibble.
    let carry = (lane(7) - caps + held).to_le_bytes();
    let i = key::few_suit_index(v);
    let mut paid = 0u32;
    let mut tested = lane_bits(below_most >> 7);
    while tested != 0 {
        let r = tested.trailing_zeros() as usize;
        tested &= tested - 1;
        paid |= t.suit_gains_at(i, r) + u32::from(carry[r]) * 0x11_1111;
    }
    // Nibble 3p + m's top bit to lane 8p + m, 0xff each.
    let row = |bits: u32| {
        let b = u64::from(bits >> 3 & 0x111);
        (b & 1 | (b & 0x10) << 4 | (b & 0x100) << 8) * 0xff
    };
    (u128::from(row(paid)) | u128::from(row(paid >> 12)) << 64) & lanes
}

/// [`doubt`] by one lookup per capped rank: the class of the pattern with
/// the rank's gain more copies, and its row. `None` when such a pattern
/// would leave the table's range (more than 14 tiles in the suit).
#[inline]
fn looked_up_doubt(
    t: &DistanceTables,
    v: &[u8; 9],
    caps: &[u8],
    lower: &Distances,
    lanes: u128,
) -> Option<u128> {
    let base = u128::from_le_bytes(*lower);
    // A target drawing `gain` copies costs at least `gain`: ranks whose
    // test needs more than the largest distance asked about are clear.
    let top = (base & lanes).to_le_bytes().into_iter().max().unwrap_or(0);
    let most = most_copies(lanes);
    let tiles: u8 = v.iter().sum();
    // The ranks to test, a byte lane each and without a branch a rank
    // (which ranks the melds cap is as random as the hand): those capped
    // below `most` whose gain (caps − v + 1, at most 5, never borrowing
    // as v ≤ caps) is at most `top`.
    let (caps, held) = rank_lanes(v, caps);
    let lane = |b: u8| u128::from_le_bytes([b; 16]);
    let gains = caps + lane(1) - held;
    let below_most = lanes_at_least(caps, most) ^ lane(0x80);
    let within_top = lanes_at_least(gains, top.min(5) + 1) ^ lane(0x80);
    let gains = gains.to_le_bytes();
    let n = Neighbourhood::suit(v);
    let mut doubt = 0u128;
    let mut tested = lane_bits((below_most & within_top) >> 7);
    while tested != 0 {
        let r = tested.trailing_zeros() as usize;
        tested &= tested - 1;
        let gain = gains[r];
        if tiles + gain > 14 {
            return None;
        }
        // w = v + gain·e_r: at most four copies (gain ≤ caps[r] + 1 −
        // v[r]) and 14 tiles. Lanes where D(w) + gain = D(v): no lane sum
        // carries (lanes ≤ 64).
        let w = t.suit(t.suit_class_at(n.up_by(r, gain)));
        let shifted = u128::from_le_bytes(*w) + lane(gain);
        doubt |= equal_lanes(shifted, base);
    }
    Some(doubt & lanes)
}

/// The caps and the counts of a suit, a byte lane per rank; the lanes
/// past rank 9 hold caps of 4 and no tile (never capped below the most
/// copies a target holds, at most 4).
#[inline(always)]
fn rank_lanes(v: &[u8; 9], caps: &[u8]) -> (u128, u128) {
    let (mut padded, mut held) = ([4u8; 16], [0u8; 16]);
    padded[..9].copy_from_slice(&caps[..9]);
    held[..9].copy_from_slice(v);
    (u128::from_le_bytes(padded), u128::from_le_bytes(held))
}

/// The most copies of one rank a target of the cells in `lanes` (0xff
/// each) can hold: a pair 2, a pung 3, a pung and a chow or two chows and
/// a pair 4. A rank capped at that or more cannot be broken there.
#[inline(always)]
pub(super) fn most_copies(lanes: u128) -> u8 {
    let (plain, paired) = (lanes as u64, (lanes >> 64) as u64);
    let cells = plain | paired;
    if cells >> 8 == 0 {
        // No meld: a pair at most.
        return if paired & 0xff != 0 { 2 } else { 0 };
    }
    let melds = (63 - cells.leading_zeros()) / 8;
    (melds + 2).min(4) as u8
}

/// Lanes (0xff each) where two distance vectors differ.
#[inline(always)]
pub(super) fn differing(a: &Distances, b: &Distances) -> u128 {
    nonzero_lanes(u128::from_le_bytes(*a) ^ u128::from_le_bytes(*b))
}

/// 0xff in each byte lane where `a` and `b` agree.
#[inline(always)]
fn equal_lanes(a: u128, b: u128) -> u128 {
    !nonzero_lanes(a ^ b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::key;
    use crate::table::layout::capped_distances;
    use crate::Tables;

    /// The caps each declared meld leaves (with the most concealed tiles
    /// beside it, 11) and each two (8): seven chows, nine pungs and nine
    /// kongs a rank, and the pairs of them that fit in one suit.
    fn cap_sets() -> Vec<([u8; 9], u8)> {
        // Each meld's copies a rank: seven chows, nine pungs, nine kongs.
        let mut melds: Vec<[u8; 9]> = Vec::new();
        for r in 0..9 {
            for taken in [3u8, 4] {
                let mut m = [0u8; 9];
                m[r] = taken;
                melds.push(m);
            }
            if r + 2 < 9 {
                let mut m = [0u8; 9];
                m[r..r + 3].fill(1);
                melds.push(m);
            }
        }
        let caps_of = |taken: &[&[u8; 9]]| -> Option<[u8; 9]> {
            let mut c = [4u8; 9];
            for m in taken {
                for (c, x) in c.iter_mut().zip(*m) {
                    *c = c.checked_sub(*x)?;
                }
            }
            Some(c)
        };
        let mut cap_sets: Vec<([u8; 9], u8)> = Vec::new();
        for (i, a) in melds.iter().enumerate() {
            cap_sets.extend(caps_of(&[a]).map(|c| (c, 11)));
            for b in &melds[i..] {
                cap_sets.extend(caps_of(&[a, b]).map(|c| (c, 8)));
            }
        }
        cap_sets
    }

    /// Wherever the certificate vouches for a lane, the capped programme
    /// (the definition) agrees: every suit pattern under the caps left by
    /// each declared meld (at most 11 concealed tiles beside it) and by
    /// each two declared melds (at most 8 beside them).
    #[test]
    fn certified_lanes_equal_the_capped_programme() {
        use rayon::prelude::*;
        let tables = Tables::embedded();
        let t = &tables.distance_tables();
        let cap_sets = cap_sets();
        let patterns = key::patterns::<9>();
        let checked: usize = cap_sets
            .par_iter()
            .map(|(caps, most)| {
                let mut n = 0;
                let fits = |v: &&[u8; 9]| {
                    v.iter().sum::<u8>() <= *most && v.iter().zip(caps).all(|(a, b)| a <= b)
                };
                for v in patterns.iter().filter(fits) {
                    let truth = capped_distances(v, caps, true, 4);
                    // Every cell, the cells of at most one or two melds
                    // (where the ranks a target cannot break skip), and
                    // each real cell alone (where the largest distance
                    // asked is that cell's: gains up to it are tested).
                    let single = (0..16)
                        .map(|l| 0xffu128 << (8 * l))
                        .filter(|l| l & REAL_LANES != 0);
                    let sets = [REAL_LANES, lanes_up_to(1), lanes_up_to(2)];
                    for asked in sets.into_iter().chain(single) {
                        let Some(c) = certify(t, v, caps, asked) else {
                            continue;
                        };
                        let lower = c.lower;
                        for l in 0..16 {
                            if asked >> (8 * l) & 1 == 0 {
                                continue;
                            }
                            assert!(lower[l] <= truth[l], "{v:?} {caps:?} lane {l}");
                            if c.doubt >> (8 * l) & 1 == 0 {
                                assert_eq!(lower[l], truth[l], "{v:?} {caps:?} lane {l}");
                            }
                        }
                        n += 1;
                    }
                }
                n
            })
            .sum();
        assert!(checked > 3_000_000, "{checked}");
    }

    /// The stored gains answer as the lookups do, lane for lane: every
    /// suit pattern of at most eight tiles under the caps of each one and
    /// two declared melds that it fits, asked about the cells of at most
    /// none, one and two melds, and about each of those cells alone.
    #[test]
    fn stored_doubt_equals_looked_up_doubt() {
        use rayon::prelude::*;
        let tables = Tables::embedded();
        let t = &tables.distance_tables();
        let few: Vec<[u8; 9]> = key::patterns::<9>()
            .into_iter()
            .filter(|v| usize::from(v.iter().sum::<u8>()) <= key::FEW_TILES)
            .collect();
        let asked: Vec<u128> = (0..=2)
            .map(lanes_up_to)
            .chain([0, 1, 2, 8, 9, 10].map(|l| 0xffu128 << (8 * l)))
            .collect();
        let compared: usize = cap_sets()
            .par_iter()
            .map(|(caps, _)| {
                let mut n = 0;
                for v in few
                    .iter()
                    .filter(|v| v.iter().zip(caps).all(|(a, b)| a <= b))
                {
                    let lower = t.suit(t.suit_class(v));
                    for &lanes in &asked {
                        let stored = stored_doubt(t, v, caps, lanes);
                        let looked_up = looked_up_doubt(t, v, caps, lower, lanes);
                        assert_eq!(Some(stored), looked_up, "{v:?} {caps:?} {lanes:x}");
                        n += usize::from(stored != 0);
                    }
                }
                n
            })
            .sum();
        // Doubts found, not only agreement on none.
        assert!(compared > 100_000, "{compared}");
    }
}
