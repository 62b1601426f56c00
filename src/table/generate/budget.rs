//! The joker sections of `jokers.tbl`: every pattern's replacement
//! distances with a budget of copies beyond four.
//!
//! A joker may stand for a fifth (sixth, ...) copy of a kind. For a pattern
//! `v` (each rank at most four), a cell `(m, p)` and a budget `e`, the
//! *budgeted distance* is the fewest tiles to add to `v` so that it holds
//! the real part of a complete pattern `T` of `m` melds and `p` pairs whose
//! copies beyond four number at most `e` (`Σ max(0, T_r − 4) ≤ e`):
//! `min Σ max(0, T_r − v_r)`. With `e = 0` it is the plain distance of
//! `shanten.tbl`. As there, it is `3m + 2p − max |u|` over the sub-patterns
//! `u ≤ v` that fit below `min(T, 4)` for some such `T`, and two sweeps over
//! the count lattice compute it for every pattern at once; the first now
//! carries, per cell, the least excess of a target the pattern fits under.
//!
//! Budgets past [`BUDGETS`]` − 1` change nothing (proven by the test
//! `budgets_saturate`), so a pattern's vector is its distances for
//! `e = 0..BUDGETS`; the vectors collapse to few classes, stored as for
//! `shanten.tbl`: a class per pattern and the class rows.

use crate::par::prelude::*;
use crate::table::key;
use crate::table::layout::budget::{BUDGETS, ROWS};
use crate::table::layout::cells::{cell, CELLS, FAR};
use std::collections::{HashMap, HashSet};

/// The budgeted distances of every pattern of `N` ranks (key order), for
/// budgets `0..W`, cells in [`cell`] order per budget.
pub(crate) fn budgeted<const N: usize, const W: usize>(chows: bool) -> Vec<[[u8; CELLS]; W]> {
    let patterns = key::patterns::<N>();
    let size = |v: &[u8; N]| v.iter().map(|&c| c as usize).sum::<usize>();
    let mut layers: Vec<Vec<u32>> = vec![Vec::new(); key::MAX_TILES + 1];
    for (i, v) in patterns.iter().enumerate() {
        layers[size(v)].push(i as u32);
    }
    // 1. Least excess of a target each pattern fits under, per cell.
    const NONE: u8 = u8::MAX;
    let mut least = vec![[NONE; CELLS]; patterns.len()];
    let melds = super::melds::<N>(chows);
    let mut mark = |t: &[u8; N], c: usize| {
        let excess: usize = t.iter().map(|&x| (x as usize).saturating_sub(4)).sum();
        let capped: [u8; N] = std::array::from_fn(|r| t[r].min(4));
        let slot = &mut least[key::index(&capped)][c];
        *slot = (*slot).min(excess as u8);
    };
    let mut stack = vec![(0usize, 0usize, [0u8; N])];
    while let Some((from, m, acc)) = stack.pop() {
        mark(&acc, cell(m, 0));
        for r in 0..N {
            let mut w = acc;
            w[r] += 2;
            mark(&w, cell(m, 1));
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
    let up = |v: &[u8; N], r: usize| -> Option<usize> {
        (v[r] < 4 && size(v) < key::MAX_TILES).then(|| {
            let mut w = *v;
            w[r] += 1;
            key::index(&w)
        })
    };
    for layer in layers.iter().rev() {
        let new: Vec<[u8; CELLS]> = layer
            .par_iter()
            .map(|&i| {
                let v = &patterns[i as usize];
                let mut l = least[i as usize];
                for r in 0..N {
                    if let Some(j) = up(v, r) {
                        for c in 0..CELLS {
                            l[c] = l[c].min(least[j][c]);
                        }
                    }
                }
                l
            })
            .collect();
        for (&i, l) in layer.iter().zip(new) {
            least[i as usize] = l;
        }
    }
    // 2. Largest fitting sub-pattern per cell and budget, smallest layer first.
    let mut best = vec![[[0u8; W]; CELLS]; patterns.len()];
    for (n, layer) in layers.iter().enumerate() {
        let new: Vec<[[u8; W]; CELLS]> = layer
            .par_iter()
            .map(|&i| {
                let v = &patterns[i as usize];
                let mut b = [[0u8; W]; CELLS];
                for r in 0..N {
                    if v[r] > 0 {
                        let mut w = *v;
                        w[r] -= 1;
                        let below = &best[key::index(&w)];
                        for c in 0..CELLS {
                            for e in 0..W {
                                b[c][e] = b[c][e].max(below[c][e]);
                            }
                        }
                    }
                }
                for c in 0..CELLS {
                    let l = least[i as usize][c] as usize;
                    for x in b[c].iter_mut().skip(l) {
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
    best.par_iter()
        .map(|b| {
            std::array::from_fn(|e| {
                std::array::from_fn(|c| {
                    let (m, p) = (c % 5, c / 5);
                    (3 * m + 2 * p) as u8 - b[c][e]
                })
            })
        })
        .collect()
}

/// A part kind's budget sections: the class of each pattern (key order),
/// the class rows ([`ROWS`] rows of [`BUDGETS`] × 16 lanes, unused rows
/// [`FAR`]) and each class's *top*, the least budget from which its
/// distances no longer change.
pub(crate) fn sections<const N: usize>(chows: bool) -> (Vec<u8>, Vec<u8>, Vec<u8>) {
    // A suit gains from one copy beyond four at most (`budgets_saturate`):
    // its sweep carries two budgets and repeats the last.
    let v: Vec<[[u8; CELLS]; BUDGETS]> = if N == 9 {
        budgeted::<N, 2>(chows)
            .into_iter()
            .map(|d| std::array::from_fn(|e| d[e.min(1)]))
            .collect()
    } else {
        budgeted::<N, BUDGETS>(chows)
    };
    // Number the distinct vectors in sorted order (a hash set finds them:
    // far fewer compares than an ordered map over every pattern).
    let distinct: HashSet<&[[u8; CELLS]; BUDGETS]> = v.iter().collect();
    let mut sorted: Vec<[[u8; CELLS]; BUDGETS]> = distinct.into_iter().copied().collect();
    sorted.sort_unstable();
    assert!(sorted.len() <= ROWS, "budget classes fit a byte");
    let ids: HashMap<[[u8; CELLS]; BUDGETS], u8> = sorted
        .iter()
        .enumerate()
        .map(|(n, &x)| (x, n as u8))
        .collect();
    let class = v.par_iter().map(|x| ids[x]).collect();
    let mut table = vec![FAR; ROWS * BUDGETS * 16];
    let mut top = vec![0u8; ROWS];
    for (n, b) in sorted.iter().enumerate() {
        for (e, d) in b.iter().enumerate() {
            let row = &mut table[(n * BUDGETS + e) * 16..][..16];
            row[..5].copy_from_slice(&d[..5]);
            row[8..13].copy_from_slice(&d[5..]);
        }
        top[n] = (0..BUDGETS)
            .find(|&e| b[e..].iter().all(|d| d == &b[e]))
            .expect("the last budget is its own top") as u8;
    }
    (class, table, top)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::Tables;

    /// Budgets of [`BUDGETS`] and more change nothing: the sweep with room
    /// for ten copies beyond four (the most a 14-tile target can hold) gives
    /// every pattern the distances of budget `BUDGETS − 1` from there on.
    /// Budget 0 is the plain distance of `shanten.tbl`, and the rows the
    /// file stores are the pattern's own.
    fn saturates<const N: usize>(chows: bool) {
        let t = Tables::embedded();
        let b = t.budget_tables();
        let wide = budgeted::<N, 11>(chows);
        let patterns = key::patterns::<N>();
        let mut top = 0;
        for (i, (v, d)) in patterns.iter().zip(&wide).enumerate() {
            for e in BUDGETS..11 {
                assert_eq!(d[e], d[BUDGETS - 1], "{v:?} budget {e}");
            }
            let (class, plain) = if N == 9 {
                let v: &[u8; 9] = v[..].try_into().unwrap();
                (b.suit_class_at(i), t.suit_distances(v))
            } else {
                let v: &[u8; 7] = v[..].try_into().unwrap();
                (b.honor_class_at(i), t.honor_distances(v))
            };
            for (e, d) in d.iter().enumerate() {
                let row = if N == 9 {
                    b.suit(class, e)
                } else {
                    b.honor(class, e)
                };
                let lanes: Vec<u8> = row[..5].iter().chain(&row[8..13]).copied().collect();
                assert_eq!(&lanes[..], &d[..], "{v:?} budget {e}");
            }
            let lanes: Vec<u8> = plain[..5].iter().chain(&plain[8..13]).copied().collect();
            assert_eq!(&lanes[..], &d[0][..], "{v:?}");
            let t = if N == 9 {
                b.suit_top(class)
            } else {
                b.honor_top(class)
            };
            assert!(d[t..].iter().all(|x| x == &d[t]) && (t == 0 || d[t - 1] != d[t]));
            top = top.max(t);
        }
        // A suit never gains from more than one copy beyond four, honours from four.
        assert_eq!(top, if N == 9 { 1 } else { 4 });
    }

    #[test]
    fn suit_budgets_saturate() {
        saturates::<9>(true);
    }

    #[test]
    fn honor_budgets_saturate() {
        saturates::<7>(false);
    }
}
