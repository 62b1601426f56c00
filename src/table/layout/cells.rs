//! A part's distances: the cells of `m` melds and `p` pairs, the sentinel of
//! a cell no target reaches, and the min-plus product of two parts.

#[cfg(any(
    test,
    feature = "generate",
    not(all(target_arch = "x86_64", target_feature = "sse2"))
))]
use crate::table::Distances;

/// Cells per pattern: `m = 0..=4` melds, without (`p = 0`) then with a pair.
#[cfg(any(test, feature = "generate"))]
pub(crate) const CELLS: usize = 10;

/// The cell of `m` melds and `p` pairs.
#[inline]
#[cfg(any(test, feature = "generate"))]
pub(crate) const fn cell(m: usize, p: usize) -> usize {
    p * 5 + m
}

/// Value of the unused lanes of a [`Distances`](crate::table::Distances)
/// row, and of the lanes of unused classes: farther than any real distance.
pub(crate) const FAR: u8 = 0x40;

/// Min-plus product: the distances of two parts taken together, for every
/// cell: `r[m][p] = min a[i][q] + b[m − i][p − q]`, capped at [`FAR`] (lanes
/// 5–7 and 13–15 stay [`FAR`]). Lanes hold at most [`FAR`] (64), so sums
/// never wrap; on arbitrary bytes (a corrupt table) they wrap harmlessly.
/// The generator's product, and the engine's where no SSE2 product is built
/// (WebAssembly).
#[cfg(any(
    test,
    feature = "generate",
    not(all(target_arch = "x86_64", target_feature = "sse2"))
))]
pub(crate) fn product(a: &Distances, b: &Distances) -> Distances {
    let mut r = [FAR; 16];
    for i in 0..5 {
        for j in 0..5 - i {
            let m = i + j;
            r[m] = r[m].min(a[i].wrapping_add(b[j]));
            r[8 + m] = r[8 + m]
                .min(a[i].wrapping_add(b[8 + j]))
                .min(a[8 + i].wrapping_add(b[j]));
        }
    }
    r
}

/// The examples of this file's items, run as unit tests.
#[cfg(test)]
mod examples {
    #[test]
    fn product() {
        use crate::table::layout::cells::{product, FAR};
        let mut a = [FAR; 16];
        let mut b = [FAR; 16];
        a[..5].copy_from_slice(&[0, 1, 4, 7, 10]); // 1 tile from a meld, ...
        a[8..13].copy_from_slice(&[2, 3, 6, 9, 12]);
        b[..5].copy_from_slice(&[0, 3, 6, 9, 12]); // an empty part
        b[8..13].copy_from_slice(&[2, 5, 8, 11, 14]);
        let ab = product(&a, &b);
        assert_eq!(ab[1], 1);
        assert_eq!(ab[8 + 1], 3); // a's meld, a pair from a (3) or from b (1 + 2)
    }
}
