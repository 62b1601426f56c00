//! Precomputed tables: what every per-suit count pattern can become.
//!
//! [`Tables`] is a loaded table set and answers every query: the set
//! embedded in the binary ([`Tables::embedded`]), files memory-mapped from a
//! directory ([`Tables::open`], [`Tables::open_verified`]) or any bytes
//! ([`Tables::load`]). A file that cannot be used is a [`TableError`];
//! [`Tables::info`] and [`verify_dir`] describe and check the files.
//!
//! # How it works
//!
//! A hand is four independent parts: three numbered suits and the honours.
//! Whether the hand is complete, what it waits on and how it splits depend on
//! each part only through a few facts: can this suit split into melds alone,
//! or into melds and one pair, and which single tiles would make it so. The
//! generator (`table::generate`, feature `generate`) computes those facts once
//! for every pattern of at most 14 tiles ([`SUIT_PATTERNS`] suit patterns,
//! [`HONOR_PATTERNS`] honour patterns) and stores one 16-bit record per
//! pattern, at the pattern's dense index (`hu.tbl`). How a complete pattern
//! splits is stored apart (`arrange.tbl`): one `u32` entry per pattern
//! holding its only decomposition, or pointing at its several, so
//! arrangements are a product of table reads.
//!
//! The bytes live in table files (a header naming the file's kind, its
//! sections and their checksum, then the sections as little-endian arrays):
//! `tables/*.tbl` in the repository, rewritten by `hupai tables build`.
//! `build.rs` embeds them in the binary ([`Tables::embedded`]);
//! [`Tables::open`] memory-maps files instead. Either way the engine reads
//! the same bytes in place through the same code.

mod budget;
mod distances;
pub(crate) mod format;
#[cfg(feature = "generate")]
pub mod generate;
pub(crate) mod key;
pub(crate) mod layout;
mod rank_lanes;

pub(crate) use budget::BudgetTables;
pub(crate) use distances::DistanceTables;
pub use format::TableError;
pub(crate) use format::TableFile;
pub(crate) use rank_lanes::RankLanes;

use crate::answer::TableInfo;
use std::ops::Range;
#[cfg(feature = "mmap")]
use std::path::Path;
use std::sync::OnceLock;

/// The bits of a per-pattern record.
pub(crate) mod record {
    use super::key;

    /// The pattern splits into melds only (its size is 3n).
    pub(crate) const MELDS: u16 = 1;
    /// The pattern splits into melds and one pair (its size is 3n+2). Bit 2,
    /// not bit 1, so that the form bits are a weight ([`form_weight`]).
    pub(crate) const PAIR: u16 = 4;
    /// Bit of the first rank in the wait mask: bit `WAIT_SHIFT + r` is set when
    /// one more tile of rank `r` makes the pattern complete (a fifth copy counts).
    pub(crate) const WAIT_SHIFT: u32 = 3;
    /// The wait mask completes the pattern with a pair (its size is 3n+1);
    /// otherwise it completes it with melds only (size 3n+2).
    pub(crate) const WAITS_TO_PAIR: u16 = 1 << 12;
    /// The form bits as a weight: 0 (neither), 1 ([`MELDS`]) or 4 ([`PAIR`]).
    /// Sums of these tell the parts' forms apart with one compare: four
    /// parts sum to 7 only as 1 + 1 + 1 + 4, three parts to 3 only as melds
    /// alone and to 6 only as 1 + 1 + 4.
    #[inline(always)]
    pub(crate) const fn form_weight(r: u16) -> u32 {
        (r & (MELDS | PAIR)) as u32
    }
    /// The wait mask of a record.
    #[inline]
    pub(crate) const fn waits(r: u16) -> u16 {
        (r >> WAIT_SHIFT) & 0x1ff
    }

    /// Records in `hu.tbl`'s one section: the suit patterns' at their dense
    /// index, the honour patterns' from [`HONOR_AT`], then zeros up to 2^19.
    /// Every masked key ([`key::suit_slot`], `HONOR_AT +`
    /// [`key::honor_slot`]) reads inside it, so a read needs no check.
    pub(crate) const ENTRIES: usize = 1 << key::SUIT_INDEX_BITS;
    /// Where the honour patterns' records start.
    pub(crate) const HONOR_AT: usize = key::SUIT_PATTERNS;
    const _: () = assert!(HONOR_AT + (1 << key::HONOR_INDEX_BITS) <= ENTRIES);
}

/// The need byte of `jokers.tbl`: the fewest jokers a pattern needs to become
/// melds only (low nibble) and melds plus one pair (high nibble).
pub(crate) mod needs {
    /// Values at or above this are stored as this (never reached by a hand:
    /// it holds at most 14 jokers beside a real tile).
    pub(crate) const CAP: u8 = 15;
    /// Pack exact needs into a byte.
    #[inline]
    pub(crate) const fn pack(melds: u8, pair: u8) -> u8 {
        let m = if melds < CAP { melds } else { CAP };
        let p = if pair < CAP { pair } else { CAP };
        m | p << 4
    }
    /// Jokers that make the pattern melds only.
    #[inline(always)]
    pub(crate) const fn melds(b: u8) -> usize {
        (b & 15) as usize
    }
    /// Jokers that make the pattern melds and one pair.
    #[inline(always)]
    pub(crate) const fn pair(b: u8) -> usize {
        (b >> 4) as usize
    }
}

/// The packed decompositions of `arrange.tbl`.
///
/// A decomposition of one complete pattern (a suit or the honours) is its
/// groups (at most four melds and one pair), in the canonical order (rank,
/// then pair < chow < pung), packed into a `u32`: group `i` is the 5-bit code
/// at bit `5 * i`, the group count sits at [`decomp::LEN_SHIFT`]. A code is
/// `3 * rank0 + kind` with rank0 the 0-based lowest rank and kind 0 pair,
/// 1 chow, 2 pung, so comparing codes in order compares (rank, kind).
pub(crate) mod decomp {
    use crate::arrangement::GroupKind;

    /// Bits per group code.
    pub(crate) const CODE_BITS: u32 = 5;
    /// Bit of the 3-bit group count.
    pub(crate) const LEN_SHIFT: u32 = 25;
    /// Most groups in one part: four melds and a pair.
    #[cfg(any(test, feature = "generate"))]
    pub(crate) const MAX_GROUPS: usize = 5;
    /// Entry flag: the entry is the pattern's only decomposition.
    pub(crate) const SINGLE: u32 = 1 << 31;
    /// Entry of a pattern with several decompositions: bits 0–27 where they
    /// start in the `multi` section, bits 28–30 how many.
    #[cfg(any(test, feature = "generate"))]
    pub(crate) const fn multi_entry(start: u32, count: usize) -> u32 {
        start | (count as u32) << 28
    }

    const KINDS: [GroupKind; 3] = [GroupKind::Pair, GroupKind::Chow, GroupKind::Pung];

    /// The code of a pair, chow or pung whose lowest rank is `rank0` (0-based).
    #[cfg(any(test, feature = "generate"))]
    pub(crate) const fn code(kind: GroupKind, rank0: u8) -> u32 {
        let k = match kind {
            GroupKind::Pair => 0,
            GroupKind::Chow => 1,
            _ => 2,
        };
        3 * rank0 as u32 + k
    }

    /// Pack up to [`MAX_GROUPS`] codes, already in canonical order.
    #[cfg(any(test, feature = "generate"))]
    pub(crate) fn pack(codes: &[u32]) -> u32 {
        assert!(codes.len() <= MAX_GROUPS, "at most five groups per part");
        let mut d = (codes.len() as u32) << LEN_SHIFT;
        for (i, &c) in codes.iter().enumerate() {
            d |= c << (CODE_BITS * i as u32);
        }
        d
    }

    /// Number of groups.
    #[inline]
    pub(crate) const fn len(d: u32) -> usize {
        (d >> LEN_SHIFT & 7) as usize
    }

    /// Group `i`: its kind and 0-based lowest rank.
    #[inline]
    pub(crate) const fn group(d: u32, i: usize) -> (GroupKind, u8) {
        let c = d >> (CODE_BITS * i as u32) & 31;
        (KINDS[(c % 3) as usize], (c / 3) as u8)
    }
}

/// The files a table set is made of, in the order they are read.
pub const FILES: [&str; 4] = ["hu.tbl", "jokers.tbl", "arrange.tbl", "shanten.tbl"];

/// Suit count patterns the tables hold an entry for: every way to hold
/// at most 14 tiles of nine ranks, at most four of each.
///
/// ```
/// assert_eq!(hupai::table::SUIT_PATTERNS, 405_350);
/// ```
pub const SUIT_PATTERNS: usize = key::SUIT_PATTERNS;

/// Honour count patterns the tables hold an entry for: every way to hold
/// at most 14 tiles of the seven honours, at most four of each.
///
/// ```
/// assert_eq!(hupai::table::HONOR_PATTERNS, 43_130);
/// ```
pub const HONOR_PATTERNS: usize = key::HONOR_PATTERNS;

/// Replacement distances of one part (a suit or the honours) to `m` melds
/// without or with a pair: lane `8 * p + m` (m = 0..=4, p = 0/1) holds the
/// fewest tiles to add for `m` melds and `p` pairs, never more than four
/// copies of a rank. Lanes 5–7 and 13–15 are unused. See
/// the generator's `table::generate::shanten`.
pub(crate) type Distances = [u8; 16];

/// Distance classes a `shanten.tbl` class table holds room for: any byte is
/// a valid class index, so a corrupt file can give wrong answers (caught by
/// [`Tables::verify`]) but never an out-of-bounds read.
pub(crate) const DISTANCE_CLASSES: usize = 256;

/// Suit classes a class-pair product table has rows for (126 are used); a
/// class byte is masked to this range, so any byte reads inside the table.
pub(crate) const SUIT_CLASS_ROWS: usize = 128;
/// Honour classes a class-pair product table has rows for (55 are used).
pub(crate) const HONOR_CLASS_ROWS: usize = 64;

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/embedded_tables.rs"));
}

/// A loaded table set over any byte container `B` (`&'static [u8]` for the
/// embedded set, a memory map for files, a `Vec` for a fresh build).
///
/// ```
/// use hupai::{Hand, Rules, Tables};
/// let tables = Tables::embedded();
/// let hand: Hand = "11122233344455m".parse().unwrap();
/// assert!(tables.is_win(&hand, &Rules::GENERIC));
/// ```
pub struct Tables<B = &'static [u8]> {
    hu: TableFile<B>,
    /// The one section of `hu.tbl` ([`record::ENTRIES`] records).
    records: Range<usize>,
    jokers: TableFile<B>,
    joker_suit: Range<usize>,
    joker_honor: Range<usize>,
    /// Budget sections of `jokers.tbl`: classes, rows, tops (suit, honour).
    budget: [Range<usize>; 6],
    arrange: TableFile<B>,
    suit_decomp: DecompIndex,
    honor_decomp: DecompIndex,
    shanten: TableFile<B>,
    /// Where the `shanten.tbl` sections start (laid out as
    /// [`distances::OFFSETS`] says).
    distances_at: usize,
    /// The sections of [`distances::CAPPED_SECTIONS`].
    capped: [Range<usize>; 4],
}

/// Where the decompositions of one part kind live in `arrange.tbl`: per
/// dense key a `u32` entry, and the decompositions of multi-way patterns
/// (see the generator's `table::generate::arrange`).
#[derive(Clone, Debug)]
struct DecompIndex {
    entry: Range<usize>,
    multi: Range<usize>,
}

/// The decompositions of one complete pattern, read in place from
/// `arrange.tbl` (see [`decomp`]); empty for a pattern that is not complete.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Decompositions<'a> {
    entry: u32,
    multi: &'a [u8],
}

impl<'a> Decompositions<'a> {
    /// Number of decompositions.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        if self.entry & decomp::SINGLE != 0 {
            1
        } else {
            self.multi.len() / 4
        }
    }

    /// True when the pattern is not complete.
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Decomposition `i` (packed, see [`decomp`]); `i < len()`.
    #[inline]
    pub(crate) fn get(&self, i: usize) -> u32 {
        if self.entry & decomp::SINGLE != 0 {
            self.entry & !decomp::SINGLE
        } else {
            u32::from_le_bytes(self.multi[4 * i..4 * i + 4].try_into().expect("four bytes"))
        }
    }

    /// Every decomposition in canonical order.
    #[cfg(test)]
    pub(crate) fn iter(&self) -> impl Iterator<Item = u32> + 'a {
        let d = *self;
        (0..d.len()).map(move |i| d.get(i))
    }
}

impl<B: AsRef<[u8]>> Tables<B> {
    /// Load a set from a source of files (`open` gets each file name of
    /// [`FILES`]). Checks headers and section sizes; see [`Tables::verify`].
    pub fn load(
        mut open: impl FnMut(&str) -> Result<B, TableError>,
    ) -> Result<Tables<B>, TableError> {
        let mut file = |name: &str, kind: &str| -> Result<TableFile<B>, TableError> {
            let f = TableFile::new(open(name)?)?;
            if f.kind() != kind {
                return Err(TableError::Corrupt(format!(
                    "{name} holds a '{}' table",
                    f.kind()
                )));
            }
            Ok(f)
        };
        let sized = |f: &TableFile<B>, name: &str, n: usize| -> Result<Range<usize>, TableError> {
            let r = f.section_range(name)?;
            if r.len() != n {
                return Err(TableError::Corrupt(format!(
                    "section '{name}' of '{}' holds {} bytes, expected {n}",
                    f.kind(),
                    r.len(),
                )));
            }
            Ok(r)
        };
        let hu = file("hu.tbl", "hu")?;
        let records = sized(&hu, "records", 2 * record::ENTRIES)?;
        let jokers = file("jokers.tbl", "jokers")?;
        let joker_suit = sized(&jokers, "suit", key::SUIT_PATTERNS)?;
        let joker_honor = sized(&jokers, "honor", key::HONOR_PATTERNS)?;
        let rows = layout::budget::ROWS;
        let row_bytes = rows * layout::budget::BUDGETS * 16;
        let budget = [
            sized(&jokers, "suit_budget", key::SUIT_PATTERNS)?,
            sized(&jokers, "honor_budget", key::HONOR_PATTERNS)?,
            sized(&jokers, "suit_budget_rows", row_bytes)?,
            sized(&jokers, "honor_budget_rows", row_bytes)?,
            sized(&jokers, "suit_budget_top", rows)?,
            sized(&jokers, "honor_budget_top", rows)?,
        ];
        let arrange = file("arrange.tbl", "arrange")?;
        let suit_decomp = DecompIndex::load(&arrange, "suit", key::SUIT_PATTERNS)?;
        let honor_decomp = DecompIndex::load(&arrange, "honor", key::HONOR_PATTERNS)?;
        let shanten = kind_file(open("shanten.tbl")?, "shanten")?;
        // The sections in their fixed layout, so that one bounds check
        // covers them all (`distance_tables`).
        let [keys, rows, classes, pairs] = distances::CAPPED_SECTIONS;
        let capped = [
            shanten.section_range(keys)?,
            shanten.section_range(rows)?,
            shanten.section_range(classes)?,
            shanten.section_range(pairs)?,
        ];
        if capped[0].len() % 4 != 0
            || capped[1].len() != 4 * capped[0].len()
            || 4 * capped[2].len() != capped[0].len()
        {
            return Err(TableError::Corrupt(format!(
                "sections '{keys}', '{rows}' and '{classes}' of shanten.tbl hold {}, {} and {} bytes, not a u32, a 16-byte row and a class byte per key",
                capped[0].len(),
                capped[1].len(),
                capped[2].len()
            )));
        }
        if capped[3].len() % 2 != 0 {
            return Err(TableError::Corrupt(format!(
                "section '{pairs}' of shanten.tbl holds {} bytes, not a u16 per entry",
                capped[3].len()
            )));
        }
        let distances_at = shanten.section_range(distances::SECTIONS[0].0)?.start;
        for (&(name, len), &offset) in distances::SECTIONS.iter().zip(&distances::OFFSETS) {
            let r = fixed_section(&shanten, name, len)?;
            if r.start != distances_at + offset {
                return Err(TableError::Corrupt(format!(
                    "section '{name}' of shanten.tbl is not where the layout puts it"
                )));
            }
        }
        Ok(Tables {
            hu,
            records,
            jokers,
            joker_suit,
            joker_honor,
            budget,
            arrange,
            suit_decomp,
            honor_decomp,
            shanten,
            distances_at,
            capped,
        })
    }

    /// Full verification: every file's checksum.
    pub fn verify(&self) -> Result<(), TableError> {
        self.table_files().try_for_each(|(_, f)| f.verify())
    }

    /// The bytes of each file of the set, by name, in the order of
    /// [`FILES`]: what `hupai tables verify` compares with a fresh build.
    ///
    /// ```
    /// let t = hupai::Tables::embedded();
    /// let names: Vec<&str> = t.files().map(|(name, _)| name).collect();
    /// assert_eq!(names, hupai::table::FILES);
    /// // hu.tbl: a header, then a 16-bit record for each of 2^19 keys.
    /// assert!(t.files().next().unwrap().1.len() > 1 << 20);
    /// ```
    pub fn files(&self) -> impl Iterator<Item = (&'static str, &[u8])> {
        self.table_files().map(|(name, f)| (name, f.bytes()))
    }

    /// A description of each file of the set (its kind, length, recorded
    /// checksum and sections), in the order of [`FILES`]: what `hupai
    /// tables info` prints.
    ///
    /// ```
    /// let info = hupai::Tables::embedded().info();
    /// assert_eq!(info.len(), hupai::table::FILES.len());
    /// assert_eq!((info[0].file.as_str(), info[0].kind.as_str()), ("hu.tbl", "hu"));
    /// assert_eq!(info[0].sections[0].name, "records");
    /// assert_eq!(info[0].checksum.len(), 16); // hex digits
    /// ```
    pub fn info(&self) -> Vec<TableInfo> {
        self.table_files()
            .map(|(name, f)| TableInfo::new(name, f))
            .collect()
    }

    /// The files of the set by name.
    pub(crate) fn table_files(&self) -> impl Iterator<Item = (&'static str, &TableFile<B>)> {
        [
            ("hu.tbl", &self.hu),
            ("jokers.tbl", &self.jokers),
            ("arrange.tbl", &self.arrange),
            ("shanten.tbl", &self.shanten),
        ]
        .into_iter()
    }

    /// The decompositions of a suit pattern (≤ 14 tiles) into melds and at
    /// most one pair; empty when it has none.
    #[inline]
    #[cfg(test)]
    pub(crate) fn suit_decompositions(&self, c: &[u8; 9]) -> Decompositions<'_> {
        self.suit_decomp
            .lookup(self.arrange.bytes(), key::suit_index(c))
    }

    /// The decomposition of an honour pattern (≤ 14 tiles) into pungs and at
    /// most one pair (there is at most one); empty when it has none.
    #[inline]
    #[cfg(test)]
    pub(crate) fn honor_decompositions(&self, c: &[u8; 7]) -> Decompositions<'_> {
        self.honor_decomp
            .lookup(self.arrange.bytes(), key::honor_index(c))
    }

    /// The decompositions of a hand's four parts from their keys
    /// ([`key::hand_keys`]; each part must hold at most 14 tiles).
    #[inline(always)]
    pub(crate) fn decompositions(&self, keys: &[key::Key; 4]) -> [Decompositions<'_>; 4] {
        let b = self.arrange.bytes();
        [
            self.suit_decomp.lookup(b, key::key_index(keys[0])),
            self.suit_decomp.lookup(b, key::key_index(keys[1])),
            self.suit_decomp.lookup(b, key::key_index(keys[2])),
            self.honor_decomp.lookup(b, key::key_index(keys[3])),
        ]
    }

    /// The record of a suit pattern (≤ 14 tiles).
    #[inline]
    #[cfg(test)]
    pub(crate) fn suit_record(&self, c: &[u8; 9]) -> u16 {
        record_at(self.record_section(), key::suit_slot(key::suit_key(c)))
    }

    /// The record of an honour pattern (≤ 14 tiles).
    #[inline]
    #[cfg(test)]
    pub(crate) fn honor_record(&self, c: &[u8; 7]) -> u16 {
        let slot = key::honor_slot(key::honor_key(c));
        record_at(self.record_section(), record::HONOR_AT + slot)
    }

    #[inline(always)]
    fn record_section(&self) -> &[u8; 2 * record::ENTRIES] {
        section(self.hu.bytes(), self.records.start)
    }

    /// The records of a hand's four parts from their keys ([`key::hand_keys`];
    /// each part must hold at most 14 tiles).
    #[inline(always)]
    pub(crate) fn records(&self, keys: &[key::Key; 4]) -> [u16; 4] {
        let r = self.record_section();
        [
            record_at(r, key::suit_slot(keys[0])),
            record_at(r, key::suit_slot(keys[1])),
            record_at(r, key::suit_slot(keys[2])),
            record_at(r, record::HONOR_AT + key::honor_slot(keys[3])),
        ]
    }
}

/// A section of a table file as a fixed-size array, so that reads from it
/// need no bounds check of their own.
#[inline(always)]
fn section<const BYTES: usize>(bytes: &[u8], start: usize) -> &[u8; BYTES] {
    bytes[start..start + BYTES]
        .try_into()
        .expect("section lengths are checked on open")
}

/// Record `i` of `hu.tbl`'s records. Masked keys keep `i` below
/// [`record::ENTRIES`], which the compiler sees, so the read has no check.
#[inline(always)]
fn record_at(records: &[u8; 2 * record::ENTRIES], i: usize) -> u16 {
    u16::from_le_bytes([records[2 * i], records[2 * i + 1]])
}

/// Joker needs ([`needs`]).
impl<B: AsRef<[u8]>> Tables<B> {
    /// The need byte of a suit pattern (≤ 14 tiles).
    #[inline]
    pub(crate) fn suit_needs(&self, c: &[u8; 9]) -> u8 {
        self.jokers.bytes()[self.joker_suit.start + key::suit_index(c)]
    }

    /// The need byte of an honour pattern (≤ 14 tiles).
    #[inline]
    pub(crate) fn honor_needs(&self, c: &[u8; 7]) -> u8 {
        self.jokers.bytes()[self.joker_honor.start + key::honor_index(c)]
    }

    /// The need byte of the suit pattern with dense index `i` ([`key::Neighbourhood`]).
    #[inline(always)]
    pub(crate) fn suit_needs_at(&self, i: usize) -> u8 {
        self.jokers.bytes()[self.joker_suit.start + i]
    }

    /// The need byte of the honour pattern with dense index `i`.
    #[inline(always)]
    pub(crate) fn honor_needs_at(&self, i: usize) -> u8 {
        self.jokers.bytes()[self.joker_honor.start + i]
    }

    /// The need bytes of a hand's four parts from their keys.
    #[inline(always)]
    pub(crate) fn needs(&self, keys: &[key::Key; 4]) -> [u8; 4] {
        let b = self.jokers.bytes();
        let (s, h) = (self.joker_suit.start, self.joker_honor.start);
        [
            b[s + key::key_index(keys[0])],
            b[s + key::key_index(keys[1])],
            b[s + key::key_index(keys[2])],
            b[h + key::key_index(keys[3])],
        ]
    }
}

impl<B: AsRef<[u8]>> Tables<B> {
    /// The joker budget arrays of `jokers.tbl`, borrowed for queries.
    #[inline(always)]
    pub(crate) fn budget_tables(&self) -> BudgetTables<'_> {
        let b = self.jokers.bytes();
        let s = |i: usize| &b[self.budget[i].clone()];
        BudgetTables::new(s(0), s(1), s(2), s(3), s(4), s(5))
    }

    /// The `shanten.tbl` arrays, borrowed for queries (see [`Distances`]).
    #[inline(always)]
    pub(crate) fn distance_tables(&self) -> DistanceTables<'_> {
        let bytes = self.shanten.bytes();
        DistanceTables::new(section(bytes, self.distances_at), bytes, &self.capped)
    }

    /// The replacement distances of a suit pattern (≤ 14 tiles).
    #[inline]
    #[cfg(test)]
    pub(crate) fn suit_distances(&self, c: &[u8; 9]) -> &Distances {
        let t = self.distance_tables();
        t.suit(t.suit_class_at(key::suit_index(c)))
    }

    /// The replacement distances of an honour pattern (≤ 14 tiles).
    #[inline]
    #[cfg(test)]
    pub(crate) fn honor_distances(&self, c: &[u8; 7]) -> &Distances {
        let t = self.distance_tables();
        t.honor(t.honor_class_at(key::honor_index(c)))
    }
}

/// Check the kind a file's header names.
fn kind_file<B: AsRef<[u8]>>(bytes: B, kind: &str) -> Result<TableFile<B>, TableError> {
    let f = TableFile::new(bytes)?;
    if f.kind() != kind {
        return Err(TableError::Corrupt(format!(
            "{kind}.tbl holds a '{}' table",
            f.kind()
        )));
    }
    Ok(f)
}

/// The byte range of a section that must hold exactly `len` bytes.
fn fixed_section<B: AsRef<[u8]>>(
    f: &TableFile<B>,
    name: &str,
    len: usize,
) -> Result<Range<usize>, TableError> {
    let r = f.section_range(name)?;
    if r.len() != len {
        // (DistanceTables::new relies on these lengths.)
        return Err(TableError::Corrupt(format!(
            "section '{name}' of {}.tbl holds {} bytes, expected {len}",
            f.kind(),
            r.len()
        )));
    }
    Ok(r)
}

impl DecompIndex {
    /// The sections `<part>_entry` and `<part>_multi`, with their sizes
    /// checked. Entries are checked where they are read, so a corrupt file
    /// gives wrong answers (and fails `verify`), never a panic.
    fn load<B: AsRef<[u8]>>(
        file: &TableFile<B>,
        part: &str,
        keys: usize,
    ) -> Result<DecompIndex, TableError> {
        let entry = file.section_range(&format!("{part}_entry"))?;
        let multi = file.section_range(&format!("{part}_multi"))?;
        if entry.len() != 4 * keys {
            return Err(TableError::Corrupt(format!(
                "section '{part}_entry' holds {} bytes, expected {}",
                entry.len(),
                4 * keys
            )));
        }
        if multi.len() % 4 != 0 {
            return Err(TableError::Corrupt(format!(
                "section '{part}_multi' holds {} bytes, not a u32 array",
                multi.len()
            )));
        }
        Ok(DecompIndex { entry, multi })
    }

    #[inline(always)]
    fn lookup<'a>(&self, bytes: &'a [u8], index: usize) -> Decompositions<'a> {
        let at = self.entry.start + 4 * index;
        let entry = u32::from_le_bytes(bytes[at..at + 4].try_into().expect("four bytes"));
        let multi = if entry & decomp::SINGLE != 0 {
            &[][..]
        } else {
            let start = 4 * (entry & 0x0fff_ffff) as usize;
            let len = 4 * (entry >> 28) as usize;
            bytes[self.multi.clone()]
                .get(start..start + len)
                .unwrap_or(&[])
        };
        Decompositions { entry, multi }
    }
}

impl Tables<&'static [u8]> {
    /// The table set embedded in the binary at build time (no file needed).
    pub fn embedded() -> &'static Tables<&'static [u8]> {
        static EMBEDDED: OnceLock<Tables<&'static [u8]>> = OnceLock::new();
        EMBEDDED.get_or_init(|| {
            Tables::load(|name| {
                embedded::FILES
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, b)| *b)
                    .ok_or_else(|| TableError::Missing(name.to_string()))
            })
            // The build embeds the committed files, which a test proves
            // equal to a fresh build: they always load.
            .expect("the embedded tables are valid")
        })
    }
}

#[cfg(feature = "mmap")]
impl Tables<memmap2::Mmap> {
    /// Memory-map the table files of `dir` and check their headers. The
    /// bytes are used in place (no copy); call [`Tables::verify`] for a full
    /// checksum pass.
    ///
    /// An error names the file it is about (files are read in the order of
    /// [`FILES`], each checked before the next is read).
    pub fn open(dir: impl AsRef<Path>) -> Result<Tables<memmap2::Mmap>, TableError> {
        let dir = dir.as_ref();
        let mut last = dir.to_path_buf();
        Tables::load(|name| {
            last = dir.join(name);
            map_file(&last)
        })
        .map_err(|e| match e {
            e @ TableError::Io { .. } => e,
            e => TableError::File {
                path: last.display().to_string(),
                error: Box::new(e),
            },
        })
    }

    /// [`Tables::open`], then the full checksum pass over every file (a few
    /// ms), the error naming the bad file: for callers that cannot trust the
    /// files (the CLI's `--tables`).
    ///
    /// ```
    /// let dir = tempfile::tempdir().unwrap();
    /// hupai::table::generate::write_dir(dir.path()).unwrap();
    /// let path = dir.path().join("hu.tbl");
    /// let mut bytes = std::fs::read(&path).unwrap();
    /// let last = bytes.len() - 1;
    /// bytes[last] ^= 1; // one payload bit: the header check passes
    /// std::fs::write(&path, &bytes).unwrap();
    /// assert!(hupai::Tables::open(dir.path()).is_ok());
    /// let Err(err) = hupai::Tables::open_verified(dir.path()) else { panic!("verified") };
    /// assert!(err.to_string().starts_with(&format!("{}: table file checksum mismatch", path.display())));
    /// ```
    pub fn open_verified(dir: impl AsRef<Path>) -> Result<Tables<memmap2::Mmap>, TableError> {
        let dir = dir.as_ref();
        let tables = Tables::open(dir)?;
        for (name, file) in tables.table_files() {
            file.verify().map_err(|e| TableError::File {
                path: dir.join(name).display().to_string(),
                error: Box::new(e),
            })?;
        }
        Ok(tables)
    }
}

/// Check every table file of `dir` on its own: it reads, its header holds,
/// it is the kind its name says, and its checksum matches. One result per
/// file of [`FILES`], so a caller can name each bad one (`hupai tables
/// verify`), where [`Tables::open`] stops at the first.
///
/// ```
/// let dir = tempfile::tempdir().unwrap();
/// hupai::table::generate::write_dir(dir.path()).unwrap();
/// std::fs::write(dir.path().join("jokers.tbl"), b"junk").unwrap();
/// let bad: Vec<String> = hupai::table::verify_dir(dir.path())
///     .into_iter()
///     .filter_map(|(path, r)| r.err().map(|_| path.file_name().unwrap().to_string_lossy().into_owned()))
///     .collect();
/// assert_eq!(bad, ["jokers.tbl"]);
/// ```
#[cfg(feature = "mmap")]
pub fn verify_dir(dir: &Path) -> Vec<(std::path::PathBuf, Result<(), TableError>)> {
    FILES
        .iter()
        .map(|file| {
            let path = dir.join(file);
            let kind = file.trim_end_matches(".tbl");
            let result = map_file(&path)
                .and_then(|bytes| kind_file(bytes, kind))
                .and_then(|f| f.verify());
            (path, result)
        })
        .collect()
}

#[cfg(feature = "mmap")]
fn map_file(path: &Path) -> Result<memmap2::Mmap, TableError> {
    let io = |source| TableError::Io {
        path: path.display().to_string(),
        source,
    };
    let file = std::fs::File::open(path).map_err(io)?;
    // SAFETY: `Mmap::map` is unsafe because another process could change the
    // file while it is mapped, which would change bytes behind a `&[u8]`. The
    // engine only ever reads bytes from the map, and every read is bounds
    // checked against lengths validated at open time, so a concurrent writer
    // can at worst produce wrong answers or a failed `verify`, never an
    // out-of-bounds access. Table files are written once by `hupai tables
    // build` (to a temporary file, then renamed) and not modified in place.
    // Exercised by tests/tables.rs (`mapped_tables_match_embedded`).
    unsafe { memmap2::Mmap::map(&file) }.map_err(io)
}

#[cfg(test)]
mod tests;
