//! `shanten.tbl`'s `suit_lanes` and `honor_lanes` sections: for each part
//! pattern of at most [`FEW_TILES`](key::FEW_TILES) tiles, the cells each
//! rank's draw lowers ([`RankLanes`]), in
//! [`few_suit_index`](key::few_suit_index) and
//! [`few_honor_index`](key::few_honor_index) order.
//!
//! The same facts are the class-pair masks (`suit_lowers`) of the
//! pattern's class and its neighbours' classes; stored per pattern they
//! take one read per part instead of two per rank. Nearly every part of
//! a hand holds at most eight tiles (a random 14-tile hand has a suit of
//! more in under one hand in a hundred), and those records take 16 bytes
//! each: 447 kB for both kinds. Kept per pattern of every size, they would
//! not fit a `u16` class (69,974 distinct suit records) and would take
//! 7 MB.

use super::part::PartData;
use crate::table::layout::cells::CELLS;
use crate::table::{key, RankLanes};

/// The section of the part patterns of `N` ranks (`part`, their
/// distances), in few-index order.
pub(crate) fn part_lanes<const N: usize>(part: &PartData) -> Vec<u8> {
    let (count, few): (usize, fn(&[u8; N]) -> usize) = if N == 9 {
        (key::FEW_SUIT_PATTERNS, |v| {
            key::few_suit_index(v[..].try_into().expect("nine"))
        })
    } else {
        (key::FEW_HONOR_PATTERNS, |v| {
            key::few_honor_index(v[..].try_into().expect("seven"))
        })
    };
    let distances = |v: &[u8; N]| part.classes[part.class[key::index(v)] as usize];
    let mut out = vec![0u8; 16 * count];
    for v in key::patterns::<N>()
        .iter()
        .filter(|v| v.iter().sum::<u8>() as usize <= key::FEW_TILES)
    {
        let now = distances(v);
        let mut ranks = [0u16; 9];
        for r in (0..N).filter(|&r| v[r] < 4) {
            let mut w = *v;
            w[r] += 1;
            let next = distances(&w);
            // Cell `5p + m` is the record's lane bit: a tile more never
            // costs more, so the lanes that differ are the lanes lowered.
            ranks[r] = (0..CELLS).fold(0, |bits, c| bits | u16::from(now[c] != next[c]) << c);
        }
        out[16 * few(v)..][..16].copy_from_slice(&RankLanes::from_ranks(&ranks).to_le_bytes());
    }
    out
}
