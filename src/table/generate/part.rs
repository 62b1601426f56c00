//! A part's distances, the input of every `shanten.tbl` section: the
//! fewest tiles each count pattern of a suit (or the honours) needs for
//! each cell, computed for every pattern at once by two sweeps over the
//! count lattice (see [`shanten`](mod@super::shanten)), collapsed to classes.

use crate::par::prelude::*;
use crate::table::key;
use crate::table::layout::cells::{cell, CELLS};
use std::collections::BTreeMap;

/// The per-pattern data of one kind of part (numbered suit or honours).
pub(crate) struct PartData {
    /// Distance class of each pattern, in key order.
    pub(crate) class: Vec<u8>,
    /// The distance vector of each class, cells in [`cell`] order.
    pub(crate) classes: Vec<[u8; CELLS]>,
}

/// Every complete pattern of at most four melds and at most one pair, as a
/// bit per cell, keyed by dense index.
fn targets<const N: usize>(chows: bool) -> Vec<u16> {
    let melds = super::melds::<N>(chows);
    let mut bits = vec![
        0u16;
        if N == 9 {
            key::SUIT_PATTERNS
        } else {
            key::HONOR_PATTERNS
        }
    ];
    // Meld multisets as non-decreasing index sequences of length 0..=4.
    let mut stack = vec![(0usize, 0usize, [0u8; N])];
    while let Some((from, m, acc)) = stack.pop() {
        if acc.iter().all(|&c| c <= 4) {
            bits[key::index(&acc)] |= 1 << cell(m, 0);
            for r in 0..N {
                let mut w = acc;
                w[r] += 2;
                if w[r] <= 4 {
                    bits[key::index(&w)] |= 1 << cell(m, 1);
                }
            }
        } else {
            // Adding melds only raises counts: nothing above is valid.
            continue;
        }
        if m < 4 {
            for (i, meld) in melds.iter().enumerate().skip(from) {
                let mut w = acc;
                for r in 0..N {
                    w[r] += meld[r];
                }
                stack.push((i, m + 1, w));
            }
        }
    }
    bits
}

/// The distance class of every pattern of `N` ranks (in key order) and the class vectors.
pub(crate) fn part<const N: usize>(chows: bool) -> PartData {
    let patterns = key::patterns::<N>();
    let size = |v: &[u8; N]| v.iter().map(|&c| c as usize).sum::<usize>();
    let mut layers: Vec<Vec<u32>> = vec![Vec::new(); key::MAX_TILES + 1];
    for (i, v) in patterns.iter().enumerate() {
        layers[size(v)].push(i as u32);
    }
    // Neighbour `v + e_r`, when it is a keyed pattern.
    let up = |v: &[u8; N], r: usize| -> Option<usize> {
        (v[r] < 4 && size(v) < key::MAX_TILES).then(|| {
            let mut w = *v;
            w[r] += 1;
            key::index(&w)
        })
    };
    let down = |v: &[u8; N], r: usize| -> Option<usize> {
        (v[r] > 0).then(|| {
            let mut w = *v;
            w[r] -= 1;
            key::index(&w)
        })
    };

    // 1. Downward closure of the targets, largest layer first.
    let mut fits = targets::<N>(chows);
    for layer in layers.iter().rev() {
        let new: Vec<u16> = layer
            .par_iter()
            .map(|&i| {
                let v = &patterns[i as usize];
                (0..N).fold(fits[i as usize], |acc, r| {
                    acc | up(v, r).map_or(0, |j| fits[j])
                })
            })
            .collect();
        for (&i, f) in layer.iter().zip(new) {
            fits[i as usize] = f;
        }
    }

    // 2. Largest fitting sub-pattern per cell, smallest layer first.
    let mut best = vec![[0u8; CELLS]; patterns.len()];
    for (n, layer) in layers.iter().enumerate() {
        let new: Vec<[u8; CELLS]> = layer
            .par_iter()
            .map(|&i| {
                let v = &patterns[i as usize];
                let mut b = [0u8; CELLS];
                for r in 0..N {
                    if let Some(j) = down(v, r) {
                        for c in 0..CELLS {
                            b[c] = b[c].max(best[j][c]);
                        }
                    }
                }
                for (c, x) in b.iter_mut().enumerate() {
                    if fits[i as usize] >> c & 1 == 1 {
                        *x = n as u8;
                    }
                }
                b
            })
            .collect();
        for (&i, b) in layer.iter().zip(new) {
            best[i as usize] = b;
        }
    }
    let dist: Vec<[u8; CELLS]> = best
        .par_iter()
        .map(|b| {
            let mut d = [0u8; CELLS];
            for m in 0..5 {
                for p in 0..2 {
                    d[cell(m, p)] = (3 * m + 2 * p) as u8 - b[cell(m, p)];
                }
            }
            d
        })
        .collect();

    let (class, classes) = classify(&dist);
    PartData {
        class: class.into_iter().map(|c| c as u8).collect(),
        classes,
    }
}

/// Number the distinct values in sorted order; the class of each item.
fn classify<T: Ord + Copy>(items: &[T]) -> (Vec<usize>, Vec<T>) {
    let mut ids: BTreeMap<T, usize> = items.iter().map(|&x| (x, 0)).collect();
    for (n, id) in ids.values_mut().enumerate() {
        *id = n;
    }
    let class = items.iter().map(|x| ids[x]).collect();
    (class, ids.into_keys().collect())
}
