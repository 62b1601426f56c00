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

use super::part::part;
use crate::table::layout::cells::{product, CELLS, FAR};
use crate::table::{format, Distances, DISTANCE_CLASSES, HONOR_CLASS_ROWS, SUIT_CLASS_ROWS};

/// The `shanten.tbl` file: a distance class per pattern, the class vectors,
/// and the products of class pairs (suit × suit, suit × honours).
pub(crate) fn shanten() -> Vec<u8> {
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
