//! The generators: every per-suit count pattern, in parallel, to table bytes.
//!
//! One module per table file kind. Each is a pure function of nothing: the
//! same bytes on every run, whatever the thread count.

mod arrange;
pub mod budget;
pub mod caps;
pub mod gains;
mod hu;
mod jokers;
pub mod lanes;
pub mod pair_caps;
pub mod shanten;

pub use arrange::arrange;
pub use hu::hu;
pub use jokers::{exact_needs, jokers};
pub use shanten::shanten;

/// The melds of a part of `N` ranks as count vectors: a pung of each rank,
/// then (numbered suits, `chows`) a chow from each rank that starts one.
pub(crate) fn melds<const N: usize>(chows: bool) -> Vec<[u8; N]> {
    let pungs = (0..N).map(|r| {
        let mut v = [0; N];
        v[r] = 3;
        v
    });
    let runs = (0..N.saturating_sub(2)).filter(|_| chows).map(|r| {
        let mut v = [0; N];
        v[r..r + 3].fill(1);
        v
    });
    pungs.chain(runs).collect()
}

/// Little-endian bytes of a `u16` array.
pub fn le_u16(v: &[u16]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// Little-endian bytes of a `u32` array.
pub fn le_u32(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
