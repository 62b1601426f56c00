//! The capped programme: a part's distances when each rank may hold at
//! most some copies in a target (beside declared melds), by dynamic
//! programming over the ranks. The generator uses it to write the capped
//! sections; the engine where no section answers.

use super::cells::FAR;
use crate::table::Distances;

/// Distances (up to `most` melds; the cells beyond stay [`FAR`]) of a part
/// whose ranks may hold at most `caps[r]` copies in a target: the largest
/// sub-pattern of `v` that fits a target, by dynamic programming over the
/// ranks (chows carried from the two previous ranks).
///
/// The state is the chows in progress (`x` started two ranks back, `y` one
/// rank back); each state holds a vector over the cells (lane `8p + m`) of
/// the most tiles of `v` covered plus one (0: unreachable), so one step
/// moves all cells at once. At most two equal chows are ever in progress:
/// three equal chows hold the tiles of three pungs of their ranks (and no
/// other pung fits there), so a target with them has a twin with the same
/// counts and fewer chows.
pub(crate) fn capped_distances(v: &[u8], caps: &[u8], chows: bool, most: usize) -> Distances {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    return programme::<sse::Lanes16>(v, caps, chows, most.min(4));
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
    {
        if most <= 3 {
            return programme::<u64>(v, caps, chows, most);
        }
        programme::<u128>(v, caps, chows, most.min(4))
    }
}

/// A word of byte lanes for the capped programme: lane `ROW · p + m` for
/// the cell of `m` melds and `p` pairs. A `u64` holds up to three melds in
/// half the arithmetic of a `u128`, which holds four; where SSE2 is there
/// (every x86_64), an SSE register ([`sse::Lanes16`]) holds four in fewer
/// instructions than either.
trait Lanes: Copy + PartialEq {
    /// Lanes per pair count.
    const ROW: usize;
    const ZERO: Self;
    /// The empty target: lane (0, 0) at one tile covered plus one.
    const START: Self;
    /// Lanes of both rows with at most `m` melds.
    fn rows(m: usize) -> Self;
    fn and(self, other: Self) -> Self;
    /// Each lane moved up by `s` melds (the lanes that fit masked first).
    fn up(self, s: usize) -> Self;
    /// The first row moved to the second (the second leaves the word).
    fn pair(self) -> Self;
    /// `gain` added to the lanes reached (not zero).
    fn plus(self, gain: u8) -> Self;
    /// The lane-wise maximum (lanes below 128).
    fn max(self, other: Self) -> Self;
    fn byte(self, lane: usize) -> u8;
}

macro_rules! lanes {
    ($t:ty, $row:expr) => {
        impl Lanes for $t {
            const ROW: usize = $row;
            const ZERO: $t = 0;
            const START: $t = 1;
            #[inline(always)]
            fn rows(m: usize) -> $t {
                let row: $t = (1 << (8 * (m + 1))) - 1;
                row | row << (8 * $row)
            }
            #[inline(always)]
            fn and(self, other: $t) -> $t {
                self & other
            }
            #[inline(always)]
            fn up(self, s: usize) -> $t {
                self << (8 * s)
            }
            #[inline(always)]
            fn pair(self) -> $t {
                self << (8 * $row)
            }
            #[inline(always)]
            fn plus(self, gain: u8) -> $t {
                const LOW: $t = <$t>::from_le_bytes([0x7f; $row * 2]);
                const HIGH: $t = <$t>::from_le_bytes([0x80; $row * 2]);
                let reached = (((self & LOW).wrapping_add(LOW) | self) & HIGH) >> 7;
                self + reached * gain as $t
            }
            #[inline(always)]
            fn max(self, other: $t) -> $t {
                const HIGH: $t = <$t>::from_le_bytes([0x80; $row * 2]);
                let ge = (((other | HIGH) - self) & HIGH) >> 7;
                let mask = ge.wrapping_mul(0xff);
                (other & mask) | (self & !mask)
            }
            #[inline(always)]
            fn byte(self, lane: usize) -> u8 {
                (self >> (8 * lane)) as u8
            }
        }
    };
}
lanes!(u64, 4);
lanes!(u128, 8);

/// The programme's lanes in an SSE2 register: the lane-wise maximum is one
/// instruction (`pmaxub`) and the step up by a reached lane three, where
/// the words above take eight and six.
///
/// Every intrinsic here is an SSE2 register operation: no memory is read
/// or written, and any input bytes give defined output. Each is `unsafe`
/// only for its target feature, which this module's `cfg` guarantees (SSE2
/// is part of the x86_64 baseline). The programme on these lanes is proven
/// equal to the word lanes' by `sse_programme_equals_the_wide_one`.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod sse {
    use std::arch::x86_64::*;

    /// Sixteen byte lanes, laid out as [`u128`]'s (eight a pair count).
    #[derive(Clone, Copy)]
    pub(super) struct Lanes16(__m128i);

    impl Lanes16 {
        #[inline(always)]
        const fn of(x: u128) -> Lanes16 {
            // SAFETY: `u128` and `__m128i` are both 16 bytes of plain data,
            // every bit pattern valid in each; the transmute only retypes.
            Lanes16(unsafe { std::mem::transmute::<u128, __m128i>(x) })
        }

        #[inline(always)]
        fn word(self) -> u128 {
            // SAFETY: as in `of`, the other way round.
            unsafe { std::mem::transmute::<__m128i, u128>(self.0) }
        }
    }

    impl PartialEq for Lanes16 {
        #[inline(always)]
        fn eq(&self, other: &Lanes16) -> bool {
            // SAFETY: SSE2 register operations (see the module docs).
            unsafe { _mm_movemask_epi8(_mm_cmpeq_epi8(self.0, other.0)) == 0xffff }
        }
    }

    impl super::Lanes for Lanes16 {
        const ROW: usize = 8;
        const ZERO: Lanes16 = Lanes16::of(0);
        const START: Lanes16 = Lanes16::of(1);
        #[inline(always)]
        fn rows(m: usize) -> Lanes16 {
            Lanes16::of(<u128 as super::Lanes>::rows(m))
        }
        #[inline(always)]
        fn and(self, other: Lanes16) -> Lanes16 {
            // SAFETY: an SSE2 register operation (see the module docs).
            Lanes16(unsafe { _mm_and_si128(self.0, other.0) })
        }
        #[inline(always)]
        fn up(self, s: usize) -> Lanes16 {
            // SAFETY: SSE2 register operations (see the module docs).
            Lanes16(unsafe {
                match s {
                    0 => self.0,
                    1 => _mm_slli_si128::<1>(self.0),
                    2 => _mm_slli_si128::<2>(self.0),
                    3 => _mm_slli_si128::<3>(self.0),
                    _ => _mm_slli_si128::<4>(self.0),
                }
            })
        }
        #[inline(always)]
        fn pair(self) -> Lanes16 {
            // SAFETY: an SSE2 register operation (see the module docs).
            Lanes16(unsafe { _mm_slli_si128::<8>(self.0) })
        }
        #[inline(always)]
        fn plus(self, gain: u8) -> Lanes16 {
            // SAFETY: SSE2 register operations (see the module docs).
            Lanes16(unsafe {
                let unreached = _mm_cmpeq_epi8(self.0, _mm_setzero_si128());
                let add = _mm_andnot_si128(unreached, _mm_set1_epi8(gain as i8));
                _mm_add_epi8(self.0, add)
            })
        }
        #[inline(always)]
        fn max(self, other: Lanes16) -> Lanes16 {
            // SAFETY: an SSE2 register operation (see the module docs).
            Lanes16(unsafe { _mm_max_epu8(self.0, other.0) })
        }
        #[inline(always)]
        fn byte(self, lane: usize) -> u8 {
            (self.word() >> (8 * lane)) as u8
        }
    }
}

/// [`capped_distances`] on lane words `L` (up to `L::ROW − 1` melds).
/// The state is the chows in progress; each state's word holds, per
/// cell, the most tiles of `v` covered plus one (0: unreachable).
fn programme<L: Lanes>(v: &[u8], caps: &[u8], chows: bool, most: usize) -> Distances {
    // `most` a constant: the loops over the chows in progress unroll, and
    // the states past it are never tried.
    match most {
        0 => programme_to::<L, 0>(v, caps, chows),
        1 => programme_to::<L, 1>(v, caps, chows),
        2 => programme_to::<L, 2>(v, caps, chows),
        3 => programme_to::<L, 3>(v, caps, chows),
        _ => programme_to::<L, 4>(v, caps, chows),
    }
}

/// [`programme`] to `MOST` melds.
#[inline(always)]
fn programme_to<L: Lanes, const MOST: usize>(v: &[u8], caps: &[u8], chows: bool) -> Distances {
    let most = MOST;
    // Lanes that stay within `most` when moved up by s melds (s ≤ 3).
    let fits = [0, 1, 2, 3].map(|s| if s > most { L::ZERO } else { L::rows(most - s) });
    let mut best = [[L::ZERO; 3]; 3];
    best[0][0] = L::START;
    let n = v.len();
    for r in 0..n {
        let mut next = [[L::ZERO; 3]; 3];
        let cap = caps[r] as usize;
        let held = v[r] as usize;
        let most_z = if chows && r + 2 < n { 2 } else { 0 };
        for (x, row) in best.iter().enumerate() {
            for (y, &from) in row.iter().enumerate() {
                // Chows in progress are melds of the target: beyond
                // `most` of them every lane is past the cells kept.
                if x + y > cap.min(most) || from == L::ZERO {
                    continue;
                }
                let starts = most_z.min(cap - x - y).min(most - x - y) + 1;
                for (z, to) in next[y].iter_mut().enumerate().take(starts) {
                    // z chows start here (z ≤ most − x − y: they fit), alone,
                    // with a pair, or with a pung; not both, which would
                    // take five copies. `t` copies of the rank in the target.
                    let t = x + y + z;
                    let gain = |t: usize| t.min(held) as u8;
                    let started = from.and(fits[z]).up(z);
                    let mut reached = to.max(started.plus(gain(t)));
                    if t + 2 <= cap {
                        reached = reached.max(started.pair().plus(gain(t + 2)));
                    }
                    if t + 3 <= cap && z < most {
                        let pung = from.and(fits[z + 1]).up(z + 1);
                        reached = reached.max(pung.plus(gain(t + 3)));
                    }
                    *to = reached;
                }
            }
        }
        best = next;
    }
    let mut d = [FAR; 16];
    for m in 0..=most {
        for p in 0..2 {
            let b = best[0][0].byte(L::ROW * p + m);
            if b > 0 {
                d[8 * p + m] = (3 * m + 2 * p) as u8 + 1 - b;
            }
        }
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::{key, Tables};

    /// `count` random suit patterns and caps (each rank capped at random
    /// one time in `capped`, at its count or more), with or without chows,
    /// for at most `most` melds.
    fn programme_cases(
        seed: u64,
        count: usize,
        capped: usize,
        most: usize,
    ) -> impl Iterator<Item = ([u8; 9], [u8; 9], bool, usize)> {
        let mut rng = crate::sets::Rng::new(seed);
        (0..count).map(move |_| {
            let mut v = [0u8; 9];
            let mut caps = [4u8; 9];
            for _ in 0..rng.below(15) {
                let r = rng.below(9);
                if v[r] < 4 && v.iter().sum::<u8>() < 14 {
                    v[r] += 1;
                }
            }
            for r in 0..9 {
                if rng.below(capped) == 0 {
                    caps[r] = v[r] + rng.below(5 - v[r] as usize) as u8;
                }
            }
            (v, caps, rng.below(4) != 0, rng.below(most + 1))
        })
    }

    /// The 64-bit programme equals the 128-bit one on random patterns
    /// and caps, with and without chows, for every count of melds it
    /// takes: 200,000 cases.
    #[test]
    fn narrow_programme_equals_the_wide_one() {
        for (v, caps, chows, most) in programme_cases(0x6e61_7272, 200_000, 3, 3) {
            assert_eq!(
                programme::<u64>(&v, &caps, chows, most),
                programme::<u128>(&v, &caps, chows, most),
                "{v:?} {caps:?} {chows} {most}"
            );
        }
    }

    /// The SSE2 programme equals the 128-bit one on random patterns and
    /// caps, with and without chows, for every count of melds: 200,000
    /// cases.
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    #[test]
    fn sse_programme_equals_the_wide_one() {
        for (v, caps, chows, most) in programme_cases(0x7373_6532, 200_000, 2, 4) {
            assert_eq!(
                programme::<sse::Lanes16>(&v, &caps, chows, most),
                programme::<u128>(&v, &caps, chows, most),
                "{v:?} {caps:?} {chows} {most}"
            );
        }
    }

    /// The capped programme with no caps is a second algorithm for the
    /// table (a pass over the ranks, not a sweep of the count lattice):
    /// equal on every pattern.
    #[test]
    fn capped_programme_equals_the_table_without_caps() {
        use rayon::prelude::*;
        let t = Tables::embedded();
        key::patterns::<9>().par_iter().for_each(|v| {
            assert_eq!(
                &capped_distances(v, &[4; 9], true, 4),
                t.suit_distances(v),
                "{v:?}"
            );
        });
        for v in key::patterns::<7>() {
            assert_eq!(
                &capped_distances(&v, &[4; 7], false, 4),
                t.honor_distances(&v),
                "{v:?}"
            );
        }
    }
}
