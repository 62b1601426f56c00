//! Precomputed tables: what every per-suit count pattern can become.
//!
//! # How it works
//!
//! A hand is four independent parts: three numbered suits and the honours.
//! Whether the hand is complete, what it waits on and how it splits depend on
//! each part only through a few facts: can this suit split into melds alone,
//! or into melds and one pair, and which single tiles would make it so. The
//! generator (`table::generate`, feature `generate`) computes those facts once for every pattern of at most
//! 14 tiles (405,350 suit patterns, 43,130 honour patterns) and stores one
//! 16-bit [`record`] per pattern, at the dense index of [`key`] (`hu.tbl`).
//! How a complete pattern splits is stored apart (`arrange.tbl`): one `u32`
//! entry per pattern holding its only decomposition, or pointing at its
//! several ([`decomp`]), so arrangements are a product of table reads.
//!
//! The bytes live in table files ([`format`](mod@format)): `tables/*.tbl` in the
//! repository, rewritten by `hupai tables build`. `build.rs` embeds them in the
//! binary ([`Tables::embedded`]); [`Tables::open`] memory-maps files instead.
//! Either way the engine reads the same bytes in place through the same code.

mod budget;
mod distances;
pub mod format;
#[cfg(feature = "generate")]
pub mod generate;
pub mod key;
pub mod layout;
mod rank_lanes;

pub use budget::BudgetTables;
pub use distances::DistanceTables;
pub use format::{TableError, TableFile};
pub use rank_lanes::RankLanes;

use std::ops::Range;
#[cfg(feature = "mmap")]
use std::path::Path;
use std::sync::OnceLock;

/// The bits of a per-pattern record.
pub mod record {
    use super::key;

    /// The pattern splits into melds only (its size is 3n).
    pub const MELDS: u16 = 1;
    /// The pattern splits into melds and one pair (its size is 3n+2). Bit 2,
    /// not bit 1, so that the form bits are a weight ([`form_weight`]).
    pub const PAIR: u16 = 4;
    /// Bit of the first rank in the wait mask: bit `WAIT_SHIFT + r` is set when
    /// one more tile of rank `r` makes the pattern complete (a fifth copy counts).
    pub const WAIT_SHIFT: u32 = 3;
    /// The wait mask completes the pattern with a pair (its size is 3n+1);
    /// otherwise it completes it with melds only (size 3n+2).
    pub const WAITS_TO_PAIR: u16 = 1 << 12;
    /// The form bits as a weight: 0 (neither), 1 ([`MELDS`]) or 4 ([`PAIR`]).
    /// Sums of these tell the parts' forms apart with one compare: four
    /// parts sum to 7 only as 1 + 1 + 1 + 4, three parts to 3 only as melds
    /// alone and to 6 only as 1 + 1 + 4.
    ///
    /// ```
    /// use hupai::table::record::{self, form_weight};
    /// assert_eq!([0, record::MELDS, record::PAIR].map(form_weight), [0, 1, 4]);
    /// ```
    #[inline(always)]
    pub const fn form_weight(r: u16) -> u32 {
        (r & (MELDS | PAIR)) as u32
    }
    /// The wait mask of a record.
    #[inline]
    pub const fn waits(r: u16) -> u16 {
        (r >> WAIT_SHIFT) & 0x1ff
    }

    /// Records in `hu.tbl`'s one section: the suit patterns' at their dense
    /// index, the honour patterns' from [`HONOR_AT`], then zeros up to 2^19.
    /// Every masked key ([`key::suit_slot`], `HONOR_AT +`
    /// [`key::honor_slot`]) reads inside it, so a read needs no check.
    pub const ENTRIES: usize = 1 << key::SUIT_INDEX_BITS;
    /// Where the honour patterns' records start.
    pub const HONOR_AT: usize = key::SUIT_PATTERNS;
    const _: () = assert!(HONOR_AT + (1 << key::HONOR_INDEX_BITS) <= ENTRIES);
}

/// The need byte of `jokers.tbl`: the fewest jokers a pattern needs to become
/// melds only (low nibble) and melds plus one pair (high nibble).
///
/// ```
/// use hupai::table::{needs, Tables};
/// let t = Tables::embedded();
/// let b = t.suit_needs(&[1, 1, 0, 0, 0, 0, 0, 0, 0]); // 12m
/// assert_eq!((needs::melds(b), needs::pair(b)), (1, 3)); // 123m; 123m + a pair
/// let b = t.honor_needs(&[2, 0, 0, 0, 0, 0, 0]); // 11z
/// assert_eq!((needs::melds(b), needs::pair(b)), (1, 0));
/// ```
pub mod needs {
    /// Values at or above this are stored as this (never reached by a hand:
    /// it holds at most 14 jokers beside a real tile).
    pub const CAP: u8 = 15;
    /// Pack exact needs into a byte.
    ///
    /// ```
    /// use hupai::table::needs;
    /// assert_eq!(needs::pack(2, 20), 0xf2);
    /// ```
    #[inline]
    pub const fn pack(melds: u8, pair: u8) -> u8 {
        let m = if melds < CAP { melds } else { CAP };
        let p = if pair < CAP { pair } else { CAP };
        m | p << 4
    }
    /// Jokers that make the pattern melds only.
    ///
    /// ```
    /// assert_eq!(hupai::table::needs::melds(0x31), 1);
    /// ```
    #[inline(always)]
    pub const fn melds(b: u8) -> usize {
        (b & 15) as usize
    }
    /// Jokers that make the pattern melds and one pair.
    ///
    /// ```
    /// assert_eq!(hupai::table::needs::pair(0x31), 3);
    /// ```
    #[inline(always)]
    pub const fn pair(b: u8) -> usize {
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
///
/// ```
/// use hupai::table::decomp;
/// use hupai::GroupKind;
/// let d = decomp::pack(&[decomp::code(GroupKind::Pair, 0), decomp::code(GroupKind::Chow, 0)]);
/// assert_eq!(decomp::len(d), 2);
/// assert_eq!(decomp::group(d, 1), (GroupKind::Chow, 0));
/// ```
pub mod decomp {
    use crate::arrangement::GroupKind;

    /// Bits per group code.
    pub const CODE_BITS: u32 = 5;
    /// Bit of the 3-bit group count.
    pub const LEN_SHIFT: u32 = 25;
    /// Most groups in one part: four melds and a pair.
    pub const MAX_GROUPS: usize = 5;
    /// Entry flag: the entry is the pattern's only decomposition.
    pub const SINGLE: u32 = 1 << 31;
    /// Entry of a pattern with several decompositions: bits 0–27 where they
    /// start in the `multi` section, bits 28–30 how many.
    ///
    /// ```
    /// assert_eq!(hupai::table::decomp::multi_entry(5, 2), 5 | 2 << 28);
    /// ```
    pub const fn multi_entry(start: u32, count: usize) -> u32 {
        start | (count as u32) << 28
    }

    const KINDS: [GroupKind; 3] = [GroupKind::Pair, GroupKind::Chow, GroupKind::Pung];

    /// The code of a pair, chow or pung whose lowest rank is `rank0` (0-based).
    ///
    /// ```
    /// use hupai::{table::decomp, GroupKind};
    /// assert!(decomp::code(GroupKind::Pung, 0) < decomp::code(GroupKind::Pair, 1));
    /// ```
    pub const fn code(kind: GroupKind, rank0: u8) -> u32 {
        let k = match kind {
            GroupKind::Pair => 0,
            GroupKind::Chow => 1,
            _ => 2,
        };
        3 * rank0 as u32 + k
    }

    /// Pack up to [`MAX_GROUPS`] codes, already in canonical order.
    ///
    /// ```
    /// use hupai::{table::decomp, GroupKind};
    /// let d = decomp::pack(&[decomp::code(GroupKind::Pung, 8)]);
    /// assert_eq!((decomp::len(d), decomp::group(d, 0)), (1, (GroupKind::Pung, 8)));
    /// ```
    pub fn pack(codes: &[u32]) -> u32 {
        assert!(codes.len() <= MAX_GROUPS, "at most five groups per part");
        let mut d = (codes.len() as u32) << LEN_SHIFT;
        for (i, &c) in codes.iter().enumerate() {
            d |= c << (CODE_BITS * i as u32);
        }
        d
    }

    /// Number of groups.
    ///
    /// ```
    /// assert_eq!(hupai::table::decomp::len(hupai::table::decomp::pack(&[])), 0);
    /// ```
    #[inline]
    pub const fn len(d: u32) -> usize {
        (d >> LEN_SHIFT & 7) as usize
    }

    /// Group `i`: its kind and 0-based lowest rank.
    ///
    /// ```
    /// use hupai::{table::decomp, GroupKind};
    /// let d = decomp::pack(&[decomp::code(GroupKind::Chow, 6)]); // 789
    /// assert_eq!(decomp::group(d, 0), (GroupKind::Chow, 6));
    /// ```
    #[inline]
    pub const fn group(d: u32, i: usize) -> (GroupKind, u8) {
        let c = d >> (CODE_BITS * i as u32) & 31;
        (KINDS[(c % 3) as usize], (c / 3) as u8)
    }
}

/// The files a table set is made of, in the order they are read.
pub const FILES: [&str; 4] = ["hu.tbl", "jokers.tbl", "arrange.tbl", "shanten.tbl"];

/// Replacement distances of one part (a suit or the honours) to `m` melds
/// without or with a pair: lane `8 * p + m` (m = 0..=4, p = 0/1) holds the
/// fewest tiles to add for `m` melds and `p` pairs, never more than four
/// copies of a rank. Lanes 5–7 and 13–15 are unused. See
/// the generator's `table::generate::shanten`.
pub type Distances = [u8; 16];

/// Distance classes a `shanten.tbl` class table holds room for: any byte is
/// a valid class index, so a corrupt file can give wrong answers (caught by
/// [`Tables::verify`]) but never an out-of-bounds read.
pub const DISTANCE_CLASSES: usize = 256;

/// Suit classes a class-pair product table has rows for (126 are used); a
/// class byte is masked to this range, so any byte reads inside the table.
pub const SUIT_CLASS_ROWS: usize = 128;
/// Honour classes a class-pair product table has rows for (55 are used).
pub const HONOR_CLASS_ROWS: usize = 64;

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
///
/// ```
/// use hupai::Tables;
/// let t = Tables::embedded();
/// // 111222333m: three pungs, or three chows 123m.
/// let d = t.suit_decompositions(&[3, 3, 3, 0, 0, 0, 0, 0, 0]);
/// assert_eq!(d.len(), 2);
/// assert!(t.suit_decompositions(&[1, 0, 0, 0, 0, 0, 0, 0, 0]).is_empty());
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Decompositions<'a> {
    entry: u32,
    multi: &'a [u8],
}

impl<'a> Decompositions<'a> {
    /// Number of decompositions.
    #[inline]
    pub fn len(&self) -> usize {
        if self.entry & decomp::SINGLE != 0 {
            1
        } else {
            self.multi.len() / 4
        }
    }

    /// True when the pattern is not complete.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Decomposition `i` (packed, see [`decomp`]); `i < len()`.
    #[inline]
    pub fn get(&self, i: usize) -> u32 {
        if self.entry & decomp::SINGLE != 0 {
            self.entry & !decomp::SINGLE
        } else {
            u32::from_le_bytes(self.multi[4 * i..4 * i + 4].try_into().expect("four bytes"))
        }
    }

    /// Every decomposition in canonical order.
    pub fn iter(&self) -> impl Iterator<Item = u32> + 'a {
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
        self.files().try_for_each(|(_, f)| f.verify())
    }

    /// The files of the set by name.
    pub fn files(&self) -> impl Iterator<Item = (&'static str, &TableFile<B>)> {
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
    ///
    /// ```
    /// use hupai::{table::decomp, GroupKind, Tables};
    /// // 11122233344455: four ways, in canonical order, the first 123 123 123 444 55.
    /// let d = Tables::embedded().suit_decompositions(&[3, 3, 3, 3, 2, 0, 0, 0, 0]);
    /// assert_eq!(d.len(), 4);
    /// assert_eq!(decomp::group(d.get(0), 0), (GroupKind::Chow, 0));
    /// assert_eq!(decomp::group(d.get(0), 4), (GroupKind::Pair, 4));
    /// ```
    #[inline]
    pub fn suit_decompositions(&self, c: &[u8; 9]) -> Decompositions<'_> {
        self.suit_decomp
            .lookup(self.arrange.bytes(), key::suit_index(c))
    }

    /// The decomposition of an honour pattern (≤ 14 tiles) into pungs and at
    /// most one pair (there is at most one); empty when it has none.
    ///
    /// ```
    /// let t = hupai::Tables::embedded();
    /// assert_eq!(t.honor_decompositions(&[3, 3, 2, 0, 0, 0, 0]).len(), 1);
    /// assert!(t.honor_decompositions(&[1, 1, 1, 0, 0, 0, 0]).is_empty());
    /// ```
    #[inline]
    pub fn honor_decompositions(&self, c: &[u8; 7]) -> Decompositions<'_> {
        self.honor_decomp
            .lookup(self.arrange.bytes(), key::honor_index(c))
    }

    /// The decompositions of a hand's four parts from their keys
    /// ([`key::hand_keys`]; each part must hold at most 14 tiles).
    ///
    /// ```
    /// use hupai::{table::key, Hand, Tables};
    /// let h: Hand = "111222333m55p777z".parse().unwrap();
    /// let parts = Tables::embedded().decompositions(&key::hand_keys(h.counts()));
    /// assert_eq!(parts.map(|d| d.len()), [2, 1, 1, 1]);
    /// ```
    #[inline(always)]
    pub fn decompositions(&self, keys: &[key::Key; 4]) -> [Decompositions<'_>; 4] {
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
    pub fn suit_record(&self, c: &[u8; 9]) -> u16 {
        record_at(self.record_section(), key::suit_slot(key::suit_key(c)))
    }

    /// The record of an honour pattern (≤ 14 tiles).
    #[inline]
    pub fn honor_record(&self, c: &[u8; 7]) -> u16 {
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
    pub fn records(&self, keys: &[key::Key; 4]) -> [u16; 4] {
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
    ///
    /// ```
    /// use hupai::table::{needs, Tables};
    /// let b = Tables::embedded().suit_needs(&[1, 0, 1, 0, 0, 0, 0, 0, 0]); // 13m
    /// assert_eq!((needs::melds(b), needs::pair(b)), (1, 3)); // 123m; 123m + a pair
    /// ```
    #[inline]
    pub fn suit_needs(&self, c: &[u8; 9]) -> u8 {
        self.jokers.bytes()[self.joker_suit.start + key::suit_index(c)]
    }

    /// The need byte of an honour pattern (≤ 14 tiles).
    ///
    /// ```
    /// use hupai::table::{needs, Tables};
    /// let b = Tables::embedded().honor_needs(&[1, 1, 0, 0, 0, 0, 0]); // 12z
    /// assert_eq!((needs::melds(b), needs::pair(b)), (4, 3)); // 111z 222z; 11z 222z
    /// ```
    #[inline]
    pub fn honor_needs(&self, c: &[u8; 7]) -> u8 {
        self.jokers.bytes()[self.joker_honor.start + key::honor_index(c)]
    }

    /// The need byte of the suit pattern with dense index `i` ([`key::Neighbourhood`]).
    #[inline(always)]
    pub fn suit_needs_at(&self, i: usize) -> u8 {
        self.jokers.bytes()[self.joker_suit.start + i]
    }

    /// The need byte of the honour pattern with dense index `i`.
    #[inline(always)]
    pub fn honor_needs_at(&self, i: usize) -> u8 {
        self.jokers.bytes()[self.joker_honor.start + i]
    }

    /// The need bytes of a hand's four parts from their keys.
    ///
    /// ```
    /// use hupai::{table::{key, needs, Tables}, Hand};
    /// let h: Hand = "12m5p".parse().unwrap();
    /// let b = Tables::embedded().needs(&key::hand_keys(h.counts()));
    /// assert_eq!(b.map(needs::melds), [1, 2, 0, 0]);
    /// ```
    #[inline(always)]
    pub fn needs(&self, keys: &[key::Key; 4]) -> [u8; 4] {
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
    pub fn budget_tables(&self) -> BudgetTables<'_> {
        let b = self.jokers.bytes();
        let s = |i: usize| &b[self.budget[i].clone()];
        BudgetTables::new(s(0), s(1), s(2), s(3), s(4), s(5))
    }

    /// The `shanten.tbl` arrays, borrowed for queries (see [`Distances`]).
    #[inline(always)]
    pub fn distance_tables(&self) -> DistanceTables<'_> {
        let bytes = self.shanten.bytes();
        DistanceTables::new(section(bytes, self.distances_at), bytes, &self.capped)
    }

    /// The replacement distances of a suit pattern (≤ 14 tiles).
    ///
    /// ```
    /// use hupai::Tables;
    /// let t = Tables::embedded();
    /// // 1m 2m 4m: one tile from a chow (3m), two from a chow and a pair.
    /// let d = t.suit_distances(&[1, 1, 0, 1, 0, 0, 0, 0, 0]);
    /// assert_eq!((d[1], d[8 + 1]), (1, 2));
    /// ```
    #[inline]
    pub fn suit_distances(&self, c: &[u8; 9]) -> &Distances {
        let t = self.distance_tables();
        t.suit(t.suit_class_at(key::suit_index(c)))
    }

    /// The replacement distances of an honour pattern (≤ 14 tiles).
    #[inline]
    pub fn honor_distances(&self, c: &[u8; 7]) -> &Distances {
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
        for (name, file) in tables.files() {
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
