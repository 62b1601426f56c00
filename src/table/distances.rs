//! The `shanten.tbl` arrays as one borrowed view: a distance class per
//! pattern, the class vectors, the class-pair products, the lanes where
//! two classes differ, the suit patterns' words and rows beside one
//! declared meld (the generator's `caps`), the gains that the
//! certificate beside two or more melds reads ([`gains`]), the pair-capped
//! rows ([`pair_caps`]), and the lanes each rank's draw lowers in the
//! patterns of at most eight tiles (the generator's `lanes`).
//!
//! The fixed-size sections lie at fixed offsets one after the other (as
//! [`format::write`](super::format::write) lays them out; `Tables::load`
//! refuses any other layout), so the view is one fixed-size array: one
//! bounds check where it is made, none where it is read. Every index into
//! it is masked (a pattern index to a power of two, which the view holds
//! from the class sections on) or built from a masked class byte, so no
//! byte of a corrupt file, and no index, can make a read fail.

use super::layout::caps::NO_CLASS;
use super::layout::{gains, pair_caps};
use super::{key, Distances, RankLanes, DISTANCE_CLASSES, HONOR_CLASS_ROWS, SUIT_CLASS_ROWS};
use std::ops::Range;

/// The sections of `shanten.tbl` in file order: name and length in bytes.
pub(super) const SECTIONS: [(&str, usize); 15] = [
    ("suit", key::SUIT_PATTERNS),
    ("honor", key::HONOR_PATTERNS),
    ("suit_classes", 16 * DISTANCE_CLASSES),
    ("honor_classes", 16 * DISTANCE_CLASSES),
    ("suit_pairs", 16 * SUIT_CLASS_ROWS * SUIT_CLASS_ROWS),
    ("suit_honor_pairs", 16 * SUIT_CLASS_ROWS * HONOR_CLASS_ROWS),
    ("suit_lowers", 2 * SUIT_CLASS_ROWS * SUIT_CLASS_ROWS),
    ("honor_lowers", 2 * HONOR_CLASS_ROWS * HONOR_CLASS_ROWS),
    ("suit_caps", 4 * key::SUIT_PATTERNS),
    ("suit_gains", gains::RECORD * key::FEW_SUIT_PATTERNS),
    ("pair_capped_starts", 4 * (key::FEW_SUIT_PATTERNS + 1)),
    ("pair_capped_rows", 16 * pair_caps::ROWS),
    ("pair_capped_classes", pair_caps::ROWS),
    ("suit_lanes", 16 * key::FEW_SUIT_PATTERNS),
    ("honor_lanes", 16 * key::FEW_HONOR_PATTERNS),
];

/// The sections after the fixed ones, of the lengths the file gives:
/// sorted `u32` keys, a 16-byte row per key and a class byte per key;
/// the pair-capped entries, a `u16` each.
pub(super) const CAPPED_SECTIONS: [&str; 4] = [
    "suit_capped_keys",
    "suit_capped_rows",
    "suit_capped_classes",
    "pair_capped_entries",
];

/// Where each section starts, from the first, and where the last ends:
/// each starts at the next multiple of 16 (the file format's alignment).
pub(super) const OFFSETS: [usize; SECTIONS.len() + 1] = {
    let n = SECTIONS.len();
    let mut at = [0usize; SECTIONS.len() + 1];
    let mut i = 0;
    while i < n {
        let end = at[i] + SECTIONS[i].1;
        at[i + 1] = if i + 1 < n {
            end.next_multiple_of(16)
        } else {
            end
        };
        i += 1;
    }
    at
};

/// Bytes from the start of the first section to the end of the last.
pub(super) const BYTES: usize = OFFSETS[SECTIONS.len()];

const SUIT_CLASS: usize = OFFSETS[0];
const HONOR_CLASS: usize = OFFSETS[1];
const SUIT_VECTORS: usize = OFFSETS[2];
const HONOR_VECTORS: usize = OFFSETS[3];
const SUIT_PAIRS: usize = OFFSETS[4];
const SUIT_HONOR_PAIRS: usize = OFFSETS[5];
const SUIT_LOWERS: usize = OFFSETS[6];
/// Masks that keep a pattern index inside the view from the class
/// sections: the least powers of two above the pattern counts.
const SUIT_INDEX_MASK: usize = key::SUIT_PATTERNS.next_power_of_two() - 1;
const HONOR_INDEX_MASK: usize = key::HONOR_PATTERNS.next_power_of_two() - 1;
const _: () =
    assert!(SUIT_CLASS + SUIT_INDEX_MASK < BYTES && HONOR_CLASS + HONOR_INDEX_MASK < BYTES);
const HONOR_LOWERS: usize = OFFSETS[7];
const SUIT_CAPS: usize = OFFSETS[8];
const SUIT_GAINS: usize = OFFSETS[9];
const PAIR_STARTS: usize = OFFSETS[10];
const PAIR_ROWS: usize = OFFSETS[11];
const PAIR_CLASSES: usize = OFFSETS[12];
const SUIT_LANES: usize = OFFSETS[13];
const HONOR_LANES: usize = OFFSETS[14];

/// The `shanten.tbl` arrays, borrowed for queries
/// ([`Tables::distance_tables`](super::Tables::distance_tables)).
#[derive(Clone, Copy)]
pub(crate) struct DistanceTables<'a> {
    bytes: &'a [u8; BYTES],
    /// The whole file, and the ranges in it of [`CAPPED_SECTIONS`]: sliced
    /// where a query reads them, so that making the view costs two moves
    /// on the paths (most) that never do.
    file: &'a [u8],
    capped: &'a [Range<usize>; 4],
}

impl<'a> DistanceTables<'a> {
    /// The view over the sections, `SECTIONS` at `OFFSETS`, and the
    /// capped keys and rows at `capped` in `file`.
    #[inline(always)]
    pub(super) fn new(
        bytes: &'a [u8; BYTES],
        file: &'a [u8],
        capped: &'a [Range<usize>; 4],
    ) -> DistanceTables<'a> {
        DistanceTables {
            bytes,
            file,
            capped,
        }
    }

    /// The distance class of the suit pattern with dense index `i`
    /// ([`key::suit_index`], [`key::Neighbourhood`]).
    #[inline(always)]
    pub(crate) fn suit_class_at(&self, i: usize) -> u8 {
        // A mask, not a check: it folds into the key's own mask, and the
        // view runs past the section, so any index reads inside the view
        // (a dense index always inside the section).
        self.bytes[SUIT_CLASS + (i & SUIT_INDEX_MASK)]
    }

    /// The distance class of the honour pattern with dense index `i`.
    #[inline(always)]
    pub(crate) fn honor_class_at(&self, i: usize) -> u8 {
        self.bytes[HONOR_CLASS + (i & HONOR_INDEX_MASK)]
    }

    /// The single declared melds beside which the suit pattern with dense
    /// index `i` keeps its table distances in every cell of at most three
    /// melds: bit `j` clear for meld configuration `j`
    /// ([`config_caps`](crate::table::layout::caps::config_caps)); a set
    /// bit proves nothing (see the generator's `caps`).
    #[inline(always)]
    pub(crate) fn suit_caps_at(&self, i: usize) -> u32 {
        // Clamped, not checked: a dense index is below SUIT_PATTERNS.
        let at = SUIT_CAPS + 4 * i.min(key::SUIT_PATTERNS - 1);
        u32::from_le_bytes(self.bytes[at..at + 4].try_into().expect("four bytes"))
    }

    /// Of the suit pattern with index `i` among those of at most eight
    /// tiles ([`key::few_suit_index`]), for rank `r`: the most copies of
    /// `r` each of which lowers the distance by one, a nibble a cell of at
    /// most two melds (nibble `3p + m`; see
    /// the generator's `gains`).
    #[inline(always)]
    pub(crate) fn suit_gains_at(&self, i: usize, r: usize) -> u32 {
        // Clamped, not checked: a few-tile index is below the count, a
        // rank below nine; the record's pad byte keeps the read inside.
        let at = SUIT_GAINS + gains::RECORD * i.min(key::FEW_SUIT_PATTERNS - 1) + 3 * r.min(8);
        u32::from_le_bytes(self.bytes[at..at + 4].try_into().expect("four bytes")) & 0xff_ffff
    }

    /// Of the suit pattern with index `i` among those of at most eight
    /// tiles ([`key::Neighbourhood::few_index`]), the lanes each rank's
    /// draw lowers (the generator's `lanes`).
    #[inline(always)]
    pub(crate) fn suit_lanes_at(&self, i: usize) -> RankLanes {
        // Clamped, not checked: a few-tile index is below the count.
        let at = SUIT_LANES + 16 * i.min(key::FEW_SUIT_PATTERNS - 1);
        RankLanes::from_le_bytes(self.bytes[at..at + 16].try_into().expect("16 bytes"))
    }

    /// [`suit_lanes_at`](Self::suit_lanes_at) for the honour pattern with
    /// few-tile index `i` ([`key::few_honor_index`]).
    #[inline(always)]
    pub(crate) fn honor_lanes_at(&self, i: usize) -> RankLanes {
        let at = HONOR_LANES + 16 * i.min(key::FEW_HONOR_PATTERNS - 1);
        RankLanes::from_le_bytes(self.bytes[at..at + 16].try_into().expect("16 bytes"))
    }

    /// The capped distances of the suit pattern with dense index `i` beside
    /// meld configuration `j` where its `suit_caps` bit is set and it fits
    /// beside the meld with at most 11 tiles (exact in every cell of at
    /// most three melds); `None` elsewhere. A binary search over the few
    /// such pairs (about 34,000).
    #[inline]
    pub(crate) fn suit_capped(&self, i: usize, j: usize) -> Option<&'a Distances> {
        self.suit_capped_read(i, j).map(|(row, _)| row)
    }

    /// [`suit_capped`](Self::suit_capped), and the suit class whose
    /// distances equal the capped ones in every cell of at most three melds
    /// (all a query beside one declared meld asks), where one does (for
    /// about 97% of the rows): the class-pair tables stand for the suit.
    #[inline]
    pub(crate) fn suit_capped_read(
        &self,
        i: usize,
        j: usize,
    ) -> Option<(&'a Distances, Option<u8>)> {
        // The ranges were checked on open: read without a panic path.
        let section = |n: usize| self.file.get(self.capped[n].clone()).unwrap_or_default();
        let (keys, rows, classes) = (section(0), section(1), section(2));
        let wanted = (i as u32) << 5 | j as u32;
        let key = |n: usize| {
            let b = &keys[4 * n..4 * n + 4];
            u32::from_le_bytes(b.try_into().expect("four bytes"))
        };
        let (mut lo, mut hi) = (0, keys.len() / 4);
        while lo < hi {
            let mid = (lo + hi) / 2;
            if key(mid) < wanted {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        if lo < keys.len() / 4 && key(lo) == wanted {
            let row = rows.get(16 * lo..16 * lo + 16)?.try_into().ok()?;
            let class = classes.get(lo).copied().filter(|&c| c != NO_CLASS);
            Some((row, class))
        } else {
            None
        }
    }

    /// The capped distances of the suit pattern of at most eight tiles with
    /// index `i` ([`key::few_suit_index`]) beside two declared melds that
    /// leave pair caps `n` ([`pair_caps::PAIR_OF`]), exact in every cell
    /// of at most two melds (all a query beside two melds in a suit asks),
    /// where they differ from its table distances there; `None` where they
    /// do not. With the row, the suit class equal to it in those cells
    /// where one is. A scan of the pattern's entries, in ascending order
    /// of pair caps (4.5 a pattern on average).
    #[inline]
    pub(crate) fn suit_pair_capped(
        &self,
        i: usize,
        n: usize,
    ) -> Option<(&'a Distances, Option<u8>)> {
        // The pattern's first entry and the next pattern's, one read.
        let at = PAIR_STARTS + 4 * i.min(key::FEW_SUIT_PATTERNS - 1);
        let starts = u64::from_le_bytes(self.bytes[at..at + 8].try_into().expect("eight bytes"));
        let (first, end) = (starts as u32 as usize, (starts >> 32) as usize);
        // The range was checked on open, not the starts: read without a
        // panic path.
        let entries = self.file.get(self.capped[3].clone()).unwrap_or_default();
        let ours = entries.get(2 * first..2 * end).unwrap_or_default();
        // Ascending by pair caps: the first entry not below `n`'s.
        let wanted = (n as u16) << 7;
        let found = ours
            .chunks_exact(2)
            .map(|e| u16::from_le_bytes([e[0], e[1]]))
            .find(|&e| e >= wanted)
            .filter(|&e| e >> 7 == wanted >> 7)?;
        let r = usize::from(found & 0x7f);
        let class = self.bytes[PAIR_CLASSES + r];
        Some((
            row(self.bytes, PAIR_ROWS, r),
            (class != NO_CLASS).then_some(class),
        ))
    }

    /// The distance class of a suit pattern (≤ 14 tiles): patterns of one
    /// class have the same [`Distances`].
    #[inline(always)]
    pub(crate) fn suit_class(&self, c: &[u8; 9]) -> u8 {
        self.suit_class_at(key::suit_index(c))
    }

    /// The distance class of an honour pattern (≤ 14 tiles).
    #[inline(always)]
    pub(crate) fn honor_class(&self, c: &[u8; 7]) -> u8 {
        self.honor_class_at(key::honor_index(c))
    }

    /// The distances of a suit class.
    #[inline(always)]
    pub(crate) fn suit(&self, class: u8) -> &'a Distances {
        row(self.bytes, SUIT_VECTORS, class as usize)
    }

    /// The distances of an honour class.
    #[inline(always)]
    pub(crate) fn honor(&self, class: u8) -> &'a Distances {
        row(self.bytes, HONOR_VECTORS, class as usize)
    }

    /// The distances of two suits together, by their classes.
    #[inline(always)]
    pub(crate) fn suit_pair(&self, a: u8, b: u8) -> &'a Distances {
        let r = (a as usize % SUIT_CLASS_ROWS) * SUIT_CLASS_ROWS + b as usize % SUIT_CLASS_ROWS;
        row(self.bytes, SUIT_PAIRS, r)
    }

    /// The distances of a suit and the honours together, by their classes.
    #[inline(always)]
    pub(crate) fn suit_honor_pair(&self, suit: u8, honor: u8) -> &'a Distances {
        let r = (suit as usize % SUIT_CLASS_ROWS) * HONOR_CLASS_ROWS
            + honor as usize % HONOR_CLASS_ROWS;
        row(self.bytes, SUIT_HONOR_PAIRS, r)
    }

    /// The lanes (bit `l` for lane `l`) where suit classes `now` and `next`
    /// differ: with `next` the class after one more tile, the lanes that
    /// tile lowers.
    #[inline(always)]
    pub(crate) fn suit_lowers(&self, now: u8, next: u8) -> u16 {
        let r =
            (now as usize % SUIT_CLASS_ROWS) * SUIT_CLASS_ROWS + next as usize % SUIT_CLASS_ROWS;
        mask(self.bytes, SUIT_LOWERS, r)
    }

    /// The lanes where honour classes `now` and `next` differ.
    #[inline(always)]
    pub(crate) fn honor_lowers(&self, now: u8, next: u8) -> u16 {
        let r =
            (now as usize % HONOR_CLASS_ROWS) * HONOR_CLASS_ROWS + next as usize % HONOR_CLASS_ROWS;
        mask(self.bytes, HONOR_LOWERS, r)
    }
}

/// The `u16` at row `r` of the mask rows from `start`.
#[inline(always)]
fn mask(bytes: &[u8; BYTES], start: usize, r: usize) -> u16 {
    u16::from_le_bytes([bytes[start + 2 * r], bytes[start + 2 * r + 1]])
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

#[cfg(test)]
mod tests {
    use super::super::{format, Tables};
    use super::*;

    /// The class-pair masks are the lanes where the two class vectors
    /// differ, for every pair of rows.
    #[test]
    fn lowers_are_the_lanes_that_differ() {
        let t = Tables::embedded().distance_tables();
        let differ = |a: &Distances, b: &Distances| {
            (0..16).fold(0u16, |m, l| m | ((a[l] != b[l]) as u16) << l)
        };
        for a in 0..SUIT_CLASS_ROWS as u8 {
            for b in 0..SUIT_CLASS_ROWS as u8 {
                assert_eq!(t.suit_lowers(a, b), differ(t.suit(a), t.suit(b)));
            }
        }
        for a in 0..HONOR_CLASS_ROWS as u8 {
            for b in 0..HONOR_CLASS_ROWS as u8 {
                assert_eq!(t.honor_lowers(a, b), differ(t.honor(a), t.honor(b)));
            }
        }
    }

    /// A `shanten.tbl` whose sections are all there, each of the right
    /// length, but not in the layout the view reads is refused.
    #[test]
    fn another_layout_is_refused() {
        let fresh = crate::table::generate::tables();
        let file = fresh
            .table_files()
            .find(|(n, _)| *n == "shanten.tbl")
            .expect("shanten.tbl")
            .1;
        let mut sections: Vec<(&str, Vec<u8>)> = SECTIONS
            .iter()
            .map(|&(name, _)| name)
            .chain(CAPPED_SECTIONS)
            .map(|name| (name, file.section(name).expect("section").to_vec()))
            .collect();
        sections.swap(2, 3);
        let bytes = format::write("shanten", &sections);
        let err = Tables::load(|name| {
            if name == "shanten.tbl" {
                Ok(bytes.clone())
            } else {
                let (_, f) = fresh.table_files().find(|(n, _)| *n == name).expect("file");
                Ok(f.bytes().to_vec())
            }
        });
        let Err(err) = err else {
            panic!("a shuffled layout loads")
        };
        assert!(
            err.to_string().contains("not where the layout puts it"),
            "{err}"
        );
    }
}

/// The examples of this file's items, run as unit tests.
#[cfg(test)]
mod examples {
    #[test]
    fn distance_tables() {
        use crate::table::key;
        use crate::Tables;
        let t = Tables::embedded().distance_tables();
        let class = t.suit_class_at(key::suit_index(&[0, 2, 0, 0, 0, 0, 0, 0, 0]));
        assert_eq!(t.suit(class)[8], 0); // a pair already
    }

    #[test]
    fn suit_caps_at() {
        use crate::table::{key, layout::caps::config_caps};
        use crate::Tables;
        let t = Tables::embedded().distance_tables();
        let pung_of_5 = 7 + 4;
        assert_eq!(config_caps(pung_of_5)[4], 1);
        // 46m beside a declared 555m: still one tile from a chow (5m).
        let i = key::suit_index(&[0, 0, 0, 1, 0, 1, 0, 0, 0]);
        assert_eq!(t.suit_caps_at(i) >> pung_of_5 & 1, 0);
        // 5m beside it: no pair of 5m is left to make.
        let i = key::suit_index(&[0, 0, 0, 0, 1, 0, 0, 0, 0]);
        assert_eq!(t.suit_caps_at(i) >> pung_of_5 & 1, 1);
    }

    #[test]
    fn suit_gains_at() {
        use crate::table::key;
        use crate::Tables;
        let t = Tables::embedded().distance_tables();
        let i = key::few_suit_index(&[0, 0, 0, 0, 1, 0, 0, 0, 0]);
        // 5m: one 5 more makes the pair, two more the pung.
        assert_eq!(t.suit_gains_at(i, 4) >> (4 * 3) & 0xf, 1); // pair: one
        assert_eq!(t.suit_gains_at(i, 4) >> 4 & 0xf, 2); // a pung: two
    }

    #[test]
    fn suit_lanes_at() {
        use crate::table::{key, RankLanes};
        use crate::Tables;
        let t = Tables::embedded().distance_tables();
        let lanes = t.suit_lanes_at(key::few_suit_index(&[0, 0, 0, 0, 1, 0, 0, 0, 0]));
        // 5m: 3m to 7m each bring a meld a step nearer; only 5m the pair.
        let (one_meld, pair) = (RankLanes::pack(1 << 1), RankLanes::pack(1 << 8));
        assert_eq!(lanes.meeting(one_meld), 0b111_1100);
        assert_eq!(lanes.meeting(pair), 0b1_0000);
    }

    #[test]
    fn suit_capped() {
        use crate::table::key;
        use crate::Tables;
        let t = Tables::embedded().distance_tables();
        let pung_of_5 = 7 + 4;
        // 5m beside a declared 555m: no pair of 5m is left to make, so a
        // pair costs two tiles, not one.
        let i = key::suit_index(&[0, 0, 0, 0, 1, 0, 0, 0, 0]);
        assert_eq!(t.suit(t.suit_class_at(i))[8], 1);
        assert_eq!(t.suit_capped(i, pung_of_5).unwrap()[8], 2);
        // 46m beside it keeps its table distances.
        assert!(t
            .suit_capped(key::suit_index(&[0, 0, 0, 1, 0, 1, 0, 0, 0]), pung_of_5)
            .is_none());
    }

    #[test]
    fn suit_capped_read() {
        use crate::table::key;
        use crate::Tables;
        let t = Tables::embedded().distance_tables();
        // 24m beside a declared kong of 3m: no 3m is left to join them.
        let kong_of_3 = 16 + 2;
        let i = key::suit_index(&[0, 1, 0, 1, 0, 0, 0, 0, 0]);
        let (row, class) = t.suit_capped_read(i, kong_of_3).unwrap();
        assert_eq!(row[1], 2); // a chow costs two tiles, not one
        let class = t.suit(class.unwrap());
        let asked = [0, 1, 2, 3, 8, 9, 10, 11];
        assert!(asked.iter().all(|&l| class[l] == row[l]));
    }

    #[test]
    fn suit_pair_capped() {
        use crate::table::key;
        use crate::table::layout::pair_caps::PAIR_OF;
        use crate::Tables;
        let t = Tables::embedded().distance_tables();
        // 5m beside declared 555m and 123m: no pair of 5m is left.
        let (pung_of_5, chow_123) = (7 + 4, 0);
        let n = PAIR_OF[pung_of_5][chow_123] as usize;
        let i = key::few_suit_index(&[0, 0, 0, 0, 1, 0, 0, 0, 0]);
        let (row, _) = t.suit_pair_capped(i, n).unwrap();
        assert_eq!(row[8], 2); // a pair costs two tiles, not one
                               // 9m keeps its table distances.
        assert!(t
            .suit_pair_capped(key::few_suit_index(&[0, 0, 0, 0, 0, 0, 0, 0, 1]), n)
            .is_none());
    }

    #[test]
    fn suit_pair() {
        use crate::Tables;
        let t = Tables::embedded().distance_tables();
        let (a, b) = ([1, 1, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 2, 0, 0, 0, 0]);
        let both = t.suit_pair(t.suit_class(&a), t.suit_class(&b));
        // 12m 55p: one tile from a chow and a pair.
        assert_eq!(both[8 + 1], 1);
    }

    #[test]
    fn suit_lowers() {
        use crate::Tables;
        let t = Tables::embedded().distance_tables();
        let (one, two) = (
            t.suit_class(&[1, 0, 0, 0, 0, 0, 0, 0, 0]),
            t.suit_class(&[2, 0, 0, 0, 0, 0, 0, 0, 0]),
        );
        // 1m to 11m: the pair lanes are lower, a pung one tile closer.
        assert_eq!(t.suit_lowers(one, two) & (1 << 8 | 1 << 1), 1 << 8 | 1 << 1);
        assert_eq!(t.suit_lowers(one, one), 0);
    }
}
