//! The lanes each rank's draw lowers, for one part pattern, in 16 bytes.
//!
//! Effective tiles ask, per part, which ranks' draw lowers one of the
//! part's optimal lanes (cells). Per rank that is one bit per lane: ten
//! lanes matter (up to four melds, with and without the pair; no optimal
//! allocation uses another), so nine ranks take 90 bits. They are laid out
//! for one vector compare: rank `r < 8` in the low ten bits of the
//! little-endian `u16` word `r`, and rank 8's ten bits in the top bits of
//! words 0 (six) and 1 (four). Masked with optimal lanes (ten bits), the
//! eight words hold only their own rank's lanes.
//!
//! `shanten.tbl` stores this record for every pattern of at most
//! [`FEW_TILES`](super::key::FEW_TILES) tiles (sections `suit_lanes`,
//! `honor_lanes`): one read instead of a neighbour's class and mask per
//! rank. Larger patterns build it from those reads.

/// Per rank of a part pattern, the lanes (ten bits: cell `5p + m` for `m`
/// melds and `p` pairs, [`RankLanes::pack`]) that one more tile of the rank
/// lowers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct RankLanes(u128);

/// The ten lanes a record keeps.
const TEN: u16 = 0x3ff;

impl RankLanes {
    /// The record of 16 little-endian bytes, as the file stores it.
    #[inline(always)]
    pub(crate) const fn from_le_bytes(bytes: [u8; 16]) -> RankLanes {
        RankLanes(u128::from_le_bytes(bytes))
    }

    /// The record's 16 bytes, as the file stores them.
    #[cfg(any(test, feature = "generate"))]
    pub(crate) const fn to_le_bytes(self) -> [u8; 16] {
        self.0.to_le_bytes()
    }

    /// The record of each rank's lanes (ten bits each; higher bits are
    /// dropped; ranks past a part's last, zero).
    pub(crate) fn from_ranks(ranks: &[u16; 9]) -> RankLanes {
        let low = (0..8).fold(0u128, |all, r| all | u128::from(ranks[r] & TEN) << (16 * r));
        let last = u128::from(ranks[8] & TEN);
        RankLanes(low | (last & 0x3f) << 10 | (last >> 6) << 26)
    }

    /// The lanes rank `r` lowers.
    #[inline(always)]
    pub(crate) fn rank(self, r: usize) -> u16 {
        if r < 8 {
            (self.0 >> (16 * r)) as u16 & TEN
        } else {
            ((self.0 >> 10) as u16 & 0x3f) | ((self.0 >> 26) as u16 & 0xf) << 6
        }
    }

    /// Lane bits (bit `l` for byte lane `l` of a distance row: lanes
    /// `8p + m`) in the record's ten (`5p + m`).
    #[inline(always)]
    pub(crate) const fn pack(lanes: u16) -> u16 {
        lanes & 0x1f | (lanes >> 8 & 0x1f) << 5
    }

    /// The ranks (bit per rank) whose lanes meet `optimal` (ten bits, as
    /// [`pack`](Self::pack) gives): the first eight ranks in one vector
    /// compare.
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    #[inline(always)]
    pub(crate) fn meeting(self, optimal: u16) -> u16 {
        use std::arch::x86_64::*;
        let optimal = optimal & TEN;
        // SAFETY: SSE2 is enabled (the cfg above; it is part of the x86_64
        // baseline), and every operation here is lane-wise arithmetic on
        // registers, defined for any bits: no memory is touched. Proven
        // equal to the rank-at-a-time definition by
        // `meeting_equals_its_definition`.
        let first = unsafe {
            let v = _mm_set_epi64x((self.0 >> 64) as i64, self.0 as i64);
            // Optimal lanes are ten bits: rank 8's bits in the top of words
            // 0 and 1 drop out here.
            let met = _mm_and_si128(v, _mm_set1_epi16(optimal as i16));
            // 0xffff in the words that meet none; eight bytes of that.
            let none = _mm_cmpeq_epi16(met, _mm_setzero_si128());
            _mm_movemask_epi8(_mm_packs_epi16(none, none)) as u16 & 0xff
        };
        !first & 0xff | u16::from(self.rank(8) & optimal != 0) << 8
    }

    /// [`meeting`](Self::meeting) without SSE2: a rank at a time.
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
    #[inline(always)]
    pub(crate) fn meeting(self, optimal: u16) -> u16 {
        self.meeting_scalar(optimal)
    }

    /// The definition of [`meeting`](Self::meeting).
    #[cfg_attr(all(target_arch = "x86_64", target_feature = "sse2"), allow(dead_code))]
    #[inline(always)]
    fn meeting_scalar(self, optimal: u16) -> u16 {
        (0..9).fold(0, |ranks, r| {
            ranks | u16::from(self.rank(r) & optimal != 0) << r
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sets::Rng;

    /// The record keeps each rank's ten bits, and the vector compare
    /// answers as the rank-at-a-time definition, on dense and sparse
    /// lanes (the sparse ones meet nothing in many ranks).
    #[test]
    fn meeting_equals_its_definition() {
        let mut rng = Rng::new(11);
        for n in 0..200_000 {
            let dense = n % 2 == 0;
            let mut word = || {
                let w = rng.below(1 << 10) as u16;
                if dense {
                    w
                } else {
                    w & rng.below(1 << 10) as u16 & rng.below(1 << 10) as u16
                }
            };
            let ranks: [u16; 9] = std::array::from_fn(|_| word());
            let lanes = RankLanes::from_ranks(&ranks);
            assert_eq!(ranks, std::array::from_fn(|r| lanes.rank(r)));
            let optimal = word();
            assert_eq!(
                lanes.meeting(optimal),
                lanes.meeting_scalar(optimal),
                "{ranks:?} {optimal:#x}"
            );
        }
    }
}

/// The examples of this file's items, run as unit tests.
#[cfg(test)]
mod examples {
    #[test]
    fn rank_lanes() {
        use crate::table::RankLanes;
        let mut ranks = [0u16; 9];
        ranks[2] = 0b10_0000_0001;
        ranks[8] = 0b11_1111_1111;
        let lanes = RankLanes::from_ranks(&ranks);
        assert_eq!(lanes.rank(2), 0b10_0000_0001);
        assert_eq!(lanes.rank(8), 0b11_1111_1111);
        assert_eq!(lanes.meeting(0b1), 0b1_0000_0100); // ranks 2 and 8
        assert_eq!(lanes.meeting(0b10), 0b1_0000_0000); // rank 8 alone
    }

    #[test]
    fn pack() {
        use crate::table::RankLanes;
        assert_eq!(RankLanes::pack(0b1_0000_0001_0000), 0b10_0001_0000);
    }
}
