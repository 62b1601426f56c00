//! `shanten.tbl`: how far every pattern is from m melds, with or without a pair.
//!
//! For a pattern `v` and a cell `(m, p)` (m = 0..4 melds, p = 0/1 pair) the
//! *distance* is the fewest tiles to add to `v` so that it contains a complete
//! pattern of exactly `m` melds and `p` pairs, no rank above four copies:
//! `min over targets T of Σ max(0, T_i − v_i)`. Since every target of a cell
//! has `3m + 2p` tiles, that is `3m + 2p − max |u|` over the sub-patterns
//! `u ≤ v` that fit inside some target. Two sweeps over the count lattice
//! compute it for every pattern at once:
//!
//! 1. *downward closure*, largest patterns first: `u` fits a target of a cell
//!    when it is one, or when some `u + e_r` fits one;
//! 2. *largest fitting sub-pattern*, smallest patterns first: `|v|` when `v`
//!    fits, else the best of the `v − e_r`.
//!
//! Each sweep runs layer by layer (patterns of equal size), each layer in
//! parallel, so the output never depends on the thread count.
//!
//! The ten distances of a pattern collapse to few distinct vectors (126 for
//! a numbered suit, 55 for honours): the file stores a `u8` class per pattern
//! (sections `suit`, `honor`, in key order) and the class vectors (sections
//! `suit_classes`, `honor_classes`: 256 rows of 16 bytes, lane `8p + m`).
//!
//! Which draws lower a distance (effective tiles) is stored per class
//! pair (sections `suit_lowers`, `honor_lowers`): the lanes where two
//! classes differ, so a neighbour costs its class and one mask read. For
//! the patterns of at most eight tiles, nearly every part of a hand, it is
//! also stored per pattern ([`lanes`](super::lanes)): one read a part.

use crate::par::prelude::*;
use crate::table::layout::cells::{cell, product, CELLS, FAR};
use crate::table::{format, key, Distances, DISTANCE_CLASSES, HONOR_CLASS_ROWS, SUIT_CLASS_ROWS};
use std::collections::BTreeMap;

/// The per-pattern data of one kind of part (numbered suit or honours).
pub struct PartData {
    /// Distance class of each pattern, in key order.
    pub class: Vec<u8>,
    /// The distance vector of each class, cells in [`cell`] order.
    pub classes: Vec<[u8; CELLS]>,
}

/// The `shanten.tbl` file: a distance class per pattern, the class vectors,
/// and the products of class pairs (suit × suit, suit × honours).
pub fn shanten() -> Vec<u8> {
    let suit = part::<9>(true);
    let honor = part::<7>(false);
    let suits = class_table(&suit.classes, DISTANCE_CLASSES);
    let honors = class_table(&honor.classes, DISTANCE_CLASSES);
    let caps = super::caps::suit_caps(&suit);
    let gains = super::gains::suit_gains(&suit);
    let pairs = super::pair_caps::pair_caps(&suit);
    let suit_lanes = super::lanes::part_lanes::<9>(&suit);
    let honor_lanes = super::lanes::part_lanes::<7>(&honor);
    format::write(
        "shanten",
        &[
            ("suit", suit.class),
            ("honor", honor.class),
            ("suit_classes", suits.clone()),
            ("honor_classes", honors.clone()),
            (
                "suit_pairs",
                products(&suits, SUIT_CLASS_ROWS, &suits, SUIT_CLASS_ROWS),
            ),
            (
                "suit_honor_pairs",
                products(&suits, SUIT_CLASS_ROWS, &honors, HONOR_CLASS_ROWS),
            ),
            ("suit_lowers", differences(&suits, SUIT_CLASS_ROWS)),
            ("honor_lowers", differences(&honors, HONOR_CLASS_ROWS)),
            ("suit_caps", super::le_u32(&caps.words)),
            ("suit_gains", gains),
            ("pair_capped_starts", super::le_u32(&pairs.starts)),
            ("pair_capped_rows", pairs.rows.concat()),
            ("pair_capped_classes", pairs.classes),
            ("suit_lanes", suit_lanes),
            ("honor_lanes", honor_lanes),
            ("suit_capped_keys", super::le_u32(&caps.keys)),
            ("suit_capped_rows", caps.rows.concat()),
            ("suit_capped_classes", caps.classes),
            ("pair_capped_entries", super::le_u16(&pairs.entries)),
        ],
    )
}

/// Row `a * rows + b`, a `u16` (little-endian): bit `l` set where lane `l`
/// of class `a` and of class `b` differ. With `b` the class of a pattern
/// with one more tile, those are the lanes the tile lowers (a tile more
/// never costs more), so effective tiles test a mask, not two vectors.
fn differences(classes: &[u8], rows: usize) -> Vec<u8> {
    let lane = |class: usize, l: usize| classes[16 * class + l];
    (0..rows * rows)
        .flat_map(|i| {
            let (a, b) = (i / rows, i % rows);
            let bits = (0..16).fold(0u16, |m, l| m | ((lane(a, l) != lane(b, l)) as u16) << l);
            bits.to_le_bytes()
        })
        .collect()
}

/// The class vectors as `rows` rows of 16 lanes (lane `8p + m`).
fn class_table(classes: &[[u8; CELLS]], rows: usize) -> Vec<u8> {
    assert!(classes.len() <= rows, "the classes fit the rows");
    let mut out = vec![FAR; 16 * rows];
    for (row, d) in out.chunks_mut(16).zip(classes) {
        row[..5].copy_from_slice(&d[..5]);
        row[8..13].copy_from_slice(&d[5..]);
    }
    out
}

/// Row `a * b_rows + b`: the product of class `a` of `x` and class `b` of `y`.
fn products(x: &[u8], a_rows: usize, y: &[u8], b_rows: usize) -> Vec<u8> {
    let row = |t: &[u8], i: usize| -> Distances { t[16 * i..16 * i + 16].try_into().expect("16") };
    (0..a_rows * b_rows)
        .flat_map(|i| product(&row(x, i / b_rows), &row(y, i % b_rows)))
        .collect()
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
pub fn part<const N: usize>(chows: bool) -> PartData {
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
