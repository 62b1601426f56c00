//! `hu.tbl`: complete flags and wait masks of every pattern.
//!
//! Complete patterns are built, not searched for: every multiset of at most
//! four melds, with and without a pair, marks its count vector in a bitmap
//! keyed base 6 (a count may reach 5, a hypothetical fifth copy, so that
//! exhausted waits are found). Then every keyed pattern (≤ 14 tiles) looks
//! itself and its nine one-tile extensions up in that bitmap, in parallel.
//! The output is a pure function of nothing: the same bytes on every run.

use crate::par::prelude::*;
use crate::table::{format, key, record};

/// The `hu.tbl` file: one record per suit pattern and per honour pattern,
/// in one section laid out as [`record::ENTRIES`] says.
pub(crate) fn hu() -> Vec<u8> {
    let mut all = records::<9>(true);
    assert_eq!(all.len(), record::HONOR_AT);
    all.extend(records::<7>(false));
    // Zeros up to the size every masked key reads inside (`record::ENTRIES`).
    all.resize(record::ENTRIES, 0);
    format::write("hu", &[("records", super::le_u16(&all))])
}

pub(crate) fn base6<const N: usize>(v: &[u8; N]) -> usize {
    v.iter().rev().fold(0, |k, &c| k * 6 + c as usize)
}

/// Bitmap over base-6 keys: the vectors (counts ≤ 5) that split into at most
/// four melds plus at most one pair.
fn complete_bitmap<const N: usize>(chows: bool) -> Vec<bool> {
    let melds = super::melds::<N>(chows);
    let mut map = vec![false; 6usize.pow(N as u32)];
    let mut mark = |v: &[u8; N]| {
        if v.iter().all(|&c| c <= 5) {
            map[base6(v)] = true;
        }
    };
    // Meld multisets as non-decreasing index sequences of length 0..=4.
    fn walk<const N: usize>(
        melds: &[[u8; N]],
        from: usize,
        left: usize,
        acc: [u8; N],
        f: &mut dyn FnMut(&[u8; N]),
    ) {
        f(&acc);
        if left == 0 {
            return;
        }
        for i in from..melds.len() {
            let mut v = acc;
            for r in 0..N {
                v[r] += melds[i][r];
            }
            walk(melds, i, left - 1, v, f);
        }
    }
    walk(&melds, 0, 4, [0; N], &mut |v| {
        mark(v);
        for p in 0..N {
            let mut w = *v;
            w[p] += 2;
            mark(&w);
        }
    });
    map
}

/// One record per keyed pattern of `N` ranks, in index order.
fn records<const N: usize>(chows: bool) -> Vec<u16> {
    let complete = complete_bitmap::<N>(chows);
    key::patterns::<N>()
        .par_iter()
        .map(|v| {
            let k = base6(v);
            let n: usize = v.iter().map(|&c| c as usize).sum();
            let mut r = 0;
            if complete[k] {
                r |= if n.is_multiple_of(3) {
                    record::MELDS
                } else {
                    record::PAIR
                };
            }
            let mut step = 1;
            for i in 0..N {
                if complete[k + step] {
                    r |= 1 << (record::WAIT_SHIFT + i as u32);
                }
                step *= 6;
            }
            if n % 3 == 1 {
                r |= record::WAITS_TO_PAIR;
            }
            r
        })
        .collect()
}
