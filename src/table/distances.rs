//! The `shanten.tbl` arrays as one borrowed view: a distance class per
//! pattern, the class vectors, and the class-pair products.
//!
//! The six sections lie at fixed offsets one after the other (as
//! [`format::write`](super::format::write) lays them out; `Tables::load`
//! refuses any other layout), so the view is one fixed-size array: one
//! bounds check where it is made, none where it is read. Every index into
//! it is clamped or built from a masked class byte, so no byte of a corrupt
//! file can make a read fail.

use super::{key, Distances, DISTANCE_CLASSES, HONOR_CLASS_ROWS, SUIT_CLASS_ROWS};

/// The sections of `shanten.tbl` in file order: name and length in bytes.
pub(super) const SECTIONS: [(&str, usize); 6] = [
    ("suit", key::SUIT_PATTERNS),
    ("honor", key::HONOR_PATTERNS),
    ("suit_classes", 16 * DISTANCE_CLASSES),
    ("honor_classes", 16 * DISTANCE_CLASSES),
    ("suit_pairs", 16 * SUIT_CLASS_ROWS * SUIT_CLASS_ROWS),
    ("suit_honor_pairs", 16 * SUIT_CLASS_ROWS * HONOR_CLASS_ROWS),
];

/// Where each section starts, from the first, and where the last ends:
/// each starts at the next multiple of 16 (the file format's alignment).
pub(super) const OFFSETS: [usize; 7] = {
    let mut at = [0usize; 7];
    let mut i = 0;
    while i < 6 {
        let end = at[i] + SECTIONS[i].1;
        at[i + 1] = if i < 5 { end.next_multiple_of(16) } else { end };
        i += 1;
    }
    at
};

/// Bytes from the start of the first section to the end of the last.
pub(super) const BYTES: usize = OFFSETS[6];

const SUIT_CLASS: usize = OFFSETS[0];
const HONOR_CLASS: usize = OFFSETS[1];
const SUIT_VECTORS: usize = OFFSETS[2];
const HONOR_VECTORS: usize = OFFSETS[3];
const SUIT_PAIRS: usize = OFFSETS[4];
const SUIT_HONOR_PAIRS: usize = OFFSETS[5];

/// The `shanten.tbl` arrays, borrowed for queries
/// ([`Tables::distance_tables`](super::Tables::distance_tables)).
///
/// ```
/// use hupai::table::key;
/// use hupai::Tables;
/// let t = Tables::embedded().distance_tables();
/// let class = t.suit_class_at(key::suit_index(&[0, 2, 0, 0, 0, 0, 0, 0, 0]));
/// assert_eq!(t.suit(class)[8], 0); // a pair already
/// ```
#[derive(Clone, Copy)]
pub struct DistanceTables<'a> {
    bytes: &'a [u8; BYTES],
}

impl<'a> DistanceTables<'a> {
    /// The view over the sections, [`SECTIONS`] at [`OFFSETS`].
    #[inline(always)]
    pub(super) fn new(bytes: &'a [u8; BYTES]) -> DistanceTables<'a> {
        DistanceTables { bytes }
    }

    /// The distance class of the suit pattern with dense index `i`
    /// ([`key::suit_index`], [`key::Neighbourhood`]).
    #[inline(always)]
    pub fn suit_class_at(&self, i: usize) -> u8 {
        // A clamp, not a check: one branch-free instruction, and a dense
        // index is always in range.
        self.bytes[SUIT_CLASS + i.min(key::SUIT_PATTERNS - 1)]
    }

    /// The distance class of the honour pattern with dense index `i`.
    #[inline(always)]
    pub fn honor_class_at(&self, i: usize) -> u8 {
        self.bytes[HONOR_CLASS + i.min(key::HONOR_PATTERNS - 1)]
    }

    /// The distance class of a suit pattern (≤ 14 tiles): patterns of one
    /// class have the same [`Distances`].
    #[inline(always)]
    pub fn suit_class(&self, c: &[u8; 9]) -> u8 {
        self.suit_class_at(key::suit_index(c))
    }

    /// The distance class of an honour pattern (≤ 14 tiles).
    #[inline(always)]
    pub fn honor_class(&self, c: &[u8; 7]) -> u8 {
        self.honor_class_at(key::honor_index(c))
    }

    /// The distances of a suit class.
    #[inline(always)]
    pub fn suit(&self, class: u8) -> &'a Distances {
        row(self.bytes, SUIT_VECTORS, class as usize)
    }

    /// The distances of an honour class.
    #[inline(always)]
    pub fn honor(&self, class: u8) -> &'a Distances {
        row(self.bytes, HONOR_VECTORS, class as usize)
    }

    /// The distances of two suits together, by their classes.
    ///
    /// ```
    /// use hupai::Tables;
    /// let t = Tables::embedded().distance_tables();
    /// let (a, b) = ([1, 1, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 2, 0, 0, 0, 0]);
    /// let both = t.suit_pair(t.suit_class(&a), t.suit_class(&b));
    /// // 12m 55p: one tile from a chow and a pair.
    /// assert_eq!(both[8 + 1], 1);
    /// ```
    #[inline(always)]
    pub fn suit_pair(&self, a: u8, b: u8) -> &'a Distances {
        let r = (a as usize % SUIT_CLASS_ROWS) * SUIT_CLASS_ROWS + b as usize % SUIT_CLASS_ROWS;
        row(self.bytes, SUIT_PAIRS, r)
    }

    /// The distances of a suit and the honours together, by their classes.
    #[inline(always)]
    pub fn suit_honor_pair(&self, suit: u8, honor: u8) -> &'a Distances {
        let r = (suit as usize % SUIT_CLASS_ROWS) * HONOR_CLASS_ROWS
            + honor as usize % HONOR_CLASS_ROWS;
        row(self.bytes, SUIT_HONOR_PAIRS, r)
    }
}

/// Row `r` of the 16-byte rows from `start`; `r` is built from class
/// bytes, so the row lies inside its section (a class row is below 256, a
/// pair row below the masked row count).
#[inline(always)]
fn row(bytes: &[u8; BYTES], start: usize, r: usize) -> &Distances {
    bytes[start + 16 * r..start + 16 * r + 16]
        .try_into()
        .expect("sixteen bytes")
}
