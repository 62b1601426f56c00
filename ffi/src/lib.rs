//! The C ABI of hupai: `libhupai.so` / `libhupai.a` and the header
//! `include/hupai.h` (generated from this crate by cbindgen). A thin layer:
//! it checks what C passes, calls the core crate (`hupai_core` here, the
//! `hupai` library for Rust users) and writes the answers back; no rule lives
//! in it.
//!
//! | function | does |
//! |---|---|
//! | [`hupai_engine_new`] / [`hupai_engine_free`] | an engine: rules, embedded or memory-mapped tables, worker threads |
//! | [`hupai_check`] | is the hand complete? |
//! | [`hupai_check_batch`] | the same for many hands, in parallel, in order |
//! | [`hupai_waits`] | live and exhausted waits of a ready hand |
//! | [`hupai_shanten`], [`hupai_effective`] | shanten; effective tiles and their unseen copies |
//! | [`hupai_score`] | MCR fans and total of a complete hand |
//! | [`hupai_riichi_score`] | riichi yaku, fu, han and payments of a winning hand |
//! | [`hupai_sichuan_score`] | Sichuan (血战到底) fans, value under the cap and payments of a hand |
//! | [`hupai_sichuan_settle`] | every payment and each player's net of a whole Sichuan round (JSON) |
//! | [`hupai_parse`] / [`hupai_format`] | hands from and to notation |
//! | [`hupai_tile_name`], [`hupai_fan_name`], [`hupai_fan_chinese_name`], [`hupai_yaku_name`], [`hupai_yaku_japanese_name`], [`hupai_fu_reason_name`], [`hupai_sichuan_fan_name`], [`hupai_sichuan_label_name`], [`hupai_sichuan_reason_name`], [`hupai_sichuan_why_name`], [`hupai_status_message`], [`hupai_version`] | static strings |
//!
//! # Conventions
//!
//! * Every function returns a [`HupaiStatus`] (`HUPAI_STATUS_OK` = 0) and
//!   writes its answers through out-pointers; [`hupai_status_message`] names
//!   a status. Nothing panics into C: every body runs under
//!   [`std::panic::catch_unwind`] and a panic becomes `HUPAI_STATUS_PANIC`.
//! * Pointers are checked for null, lengths against their limits
//!   (`counts_len` must be [`HUPAI_KINDS`], at most [`HUPAI_MAX_MELDS`]
//!   melds), out-pointers for alignment, batch buffers for overlap. A bad
//!   argument is an error code, and no out-value is written.
//! * Enumerations and flags that C passes in (rules, notation, meld kind,
//!   source, winds, variant, scoring flags) are plain integers checked on
//!   entry, never Rust enums or `bool`s (an out-of-range value would be
//!   undefined behaviour).
//! * The only allocation handed to C is the engine, released by
//!   [`hupai_engine_free`]. An engine may be used from any number of threads
//!   at once; it is immutable after [`hupai_engine_new`].
//!
//! The entry points live in modules of one concept each ([`engine`],
//! [`hand`], [`query`], [`mcr`], [`riichi`], [`sichuan`], [`settle`],
//! [`strings`]); everything is re-exported at the crate root.
//!
//! # Example (from Rust; `examples/c/hupai_example.c` does the same in C)
//!
//! ```
//! use hupai::*;
//! use std::ptr;
//!
//! let mut engine = ptr::null_mut();
//! let st = unsafe { hupai_engine_new(HUPAI_RULES_GENERIC, ptr::null(), 0, &mut engine) };
//! assert_eq!(st, HupaiStatus::Ok);
//!
//! // 123m 456p 789s 111z 22z as a count array.
//! let mut counts = [0u8; HUPAI_KINDS];
//! for i in [0, 1, 2, 12, 13, 14, 24, 25, 26] {
//!     counts[i] = 1;
//! }
//! counts[27] = 3;
//! counts[28] = 2;
//! let mut win = false;
//! let st = unsafe { hupai_check(engine, counts.as_ptr(), counts.len(), ptr::null(), 0, &mut win) };
//! assert_eq!((st, win), (HupaiStatus::Ok, true));
//!
//! // Bad input is an error code.
//! let st = unsafe { hupai_check(engine, counts.as_ptr(), 33, ptr::null(), 0, &mut win) };
//! assert_eq!(st, HupaiStatus::BadLength);
//!
//! // A hand from notation, then a batch.
//! let mut hand = HupaiHand::default();
//! let text = c"ABCeee345456DD";
//! let st = unsafe { hupai_parse(text.as_ptr(), HUPAI_NOTATION_AUTO, &mut hand, ptr::null_mut(), 0) };
//! assert_eq!(st, HupaiStatus::Ok);
//! let hands = [hand, HupaiHand::default()];
//! let mut results = [0u8; 2];
//! let mut first_invalid = 0;
//! let st = unsafe {
//!     hupai_check_batch(engine, hands.as_ptr(), 2, results.as_mut_ptr(), &mut first_invalid)
//! };
//! assert_eq!((st, results), (HupaiStatus::Ok, [HUPAI_COMPLETE, HUPAI_NOT_COMPLETE]));
//!
//! unsafe { hupai_engine_free(engine) };
//! ```

#![forbid(unsafe_op_in_unsafe_fn)]
#![warn(missing_docs)]

/// Run `$body` with `$e` bound to the core engine behind a [`HupaiEngine`]
/// over its tables' own type, chosen once: a batch then answers each hand
/// with no choice per hand. Single calls use the engine's own methods.
macro_rules! with_engine {
    ($engine:expr, $e:ident => $body:expr) => {
        match $engine.engine.tables() {
            hupai_core::AnyTables::Embedded(t) => {
                let $e = &$engine.engine.with_tables(*t);
                $body
            }
            hupai_core::AnyTables::Mapped(t) => {
                let $e = &$engine.engine.with_tables(&**t);
                $body
            }
        }
    };
}

pub mod engine;
pub mod hand;
pub mod mcr;
pub mod query;
pub mod riichi;
pub mod settle;
pub mod sichuan;
pub mod strings;

pub use engine::*;
pub use hand::*;
pub use mcr::*;
pub use query::*;
pub use riichi::*;
pub use settle::*;
pub use sichuan::*;
pub use strings::*;

use std::panic::{self, AssertUnwindSafe};

/// Number of tile kinds: the length of every count array.
pub const HUPAI_KINDS: usize = 34;
/// Most declared melds a hand holds.
pub const HUPAI_MAX_MELDS: usize = 4;
/// "No tile" in a tile field.
pub const HUPAI_NO_TILE: u8 = 255;

/// Rule set: generic (seven pairs with quads, undeclared kongs).
pub const HUPAI_RULES_GENERIC: u32 = 0;
/// Rule set: Sichuan (no honours, at most two suits, 龙七对).
pub const HUPAI_RULES_SICHUAN: u32 = 1;
/// Rule set: Japanese riichi (seven distinct pairs, thirteen orphans).
pub const HUPAI_RULES_RIICHI: u32 = 2;
/// Rule set: Chinese Official (MCR) forms.
pub const HUPAI_RULES_MCR: u32 = 3;
/// Rule set: three-player riichi (no 2m–8m; 1m and 9m form no chow).
pub const HUPAI_RULES_RIICHI3: u32 = 4;

/// Notation: whichever notation parses the text (they must agree).
pub const HUPAI_NOTATION_AUTO: u32 = 0;
/// Notation: `123m456p789s11z`, `[123m]` melds.
pub const HUPAI_NOTATION_MPSZ: u32 = 1;
/// Notation: mediatek `ABCeee345456DD`.
pub const HUPAI_NOTATION_MEDIATEK: u32 = 2;
/// Notation: Sichuan `1D1D2D4W5T`.
pub const HUPAI_NOTATION_CHENGDU: u32 = 3;
/// Notation: MCR letters `[EEE][SSSS1]55pWWWNNN`.
pub const HUPAI_NOTATION_MCR: u32 = 4;

/// Meld kind: three in sequence (`tile` is the lowest).
pub const HUPAI_MELD_CHOW: u8 = 0;
/// Meld kind: three of a kind.
pub const HUPAI_MELD_PUNG: u8 = 1;
/// Meld kind: four of a kind, claimed or promoted (melded kong).
pub const HUPAI_MELD_KONG: u8 = 2;
/// Meld kind: four of a kind declared from the concealed hand.
pub const HUPAI_MELD_CONCEALED_KONG: u8 = 3;

/// Meld source: none given (required for a concealed kong).
pub const HUPAI_FROM_NONE: u8 = 0;
/// Meld source: the player on the left.
pub const HUPAI_FROM_LEFT: u8 = 1;
/// Meld source: the player opposite.
pub const HUPAI_FROM_OPPOSITE: u8 = 2;
/// Meld source: the player on the right.
pub const HUPAI_FROM_RIGHT: u8 = 3;

/// Batch result: the hand is not complete.
pub const HUPAI_NOT_COMPLETE: u8 = 0;
/// Batch result: the hand is complete.
pub const HUPAI_COMPLETE: u8 = 1;
/// Batch result: the hand is invalid (check it alone for the reason).
pub const HUPAI_INVALID: u8 = 2;

/// What a call did. Zero is success; every other value names the problem
/// and means no out-value was written (batches: see `hupai_check_batch`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HupaiStatus {
    /// Success.
    Ok = 0,
    /// A required pointer was null.
    NullPointer = 1,
    /// A length out of range: `counts_len` other than 34, more than four melds,
    /// a batch too large to address.
    BadLength = 2,
    /// A tile count above four.
    BadCount = 3,
    /// More than four copies of a tile, counting the melds.
    FifthCopy = 4,
    /// A meld with an unknown kind, tile or source, a chow that does not fit
    /// its suit, or a concealed kong with a source.
    BadMeld = 5,
    /// An unknown rule-set code.
    BadRules = 6,
    /// An unknown notation code.
    BadNotation = 7,
    /// The text is not a hand in the notation (the message says why).
    ParseError = 8,
    /// The query does not take a hand of this size.
    HandSize = 9,
    /// A batch held invalid hands (their results are `HUPAI_INVALID`).
    InvalidHand = 10,
    /// Overlapping buffers or a path that is not UTF-8.
    BadArgument = 11,
    /// An out-pointer not aligned for its type.
    Misaligned = 12,
    /// A table file could not be read.
    TableIo = 13,
    /// A table file is truncated, corrupt or of another format.
    BadTables = 14,
    /// The worker threads could not be started.
    Threads = 15,
    /// An internal error (a bug in hupai); the call had no effect.
    Panic = 16,
    /// The hand is not complete in any MCR form (scoring).
    NotWinning = 17,
    /// A scoring context out of range: the winning tile not among the
    /// concealed tiles, a wind or variant code, more than eight flowers, a
    /// Sichuan option or profile code.
    BadContext = 18,
    /// The hand does not fit the rule set: a tile it lacks (honours in
    /// Sichuan), or declared melds in all three suits under Sichuan.
    NotForRules = 19,
    /// No complete hand can be reached (every copy a target needs is in a
    /// declared meld).
    Unreachable = 20,
    /// An output buffer too small for the answer; the length it needs was
    /// written (`hupai_sichuan_settle`).
    BufferTooSmall = 21,
    /// A Sichuan round that is not valid: bad JSON, or an event that cannot
    /// happen (the message names the event).
    BadRound = 22,
}

/// One declared meld, as C passes it. Every field is a plain byte so any
/// value is safe to read; `hupai_check` rejects the meaningless ones.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HupaiMeld {
    /// `HUPAI_MELD_CHOW`, `_PUNG`, `_KONG` or `_CONCEALED_KONG`.
    pub kind: u8,
    /// The lowest tile, 0..33 (0–8 characters, 9–17 dots, 18–26 bamboo, 27–33 honours).
    pub tile: u8,
    /// The meld's notation digit: `HUPAI_FROM_NONE` (0) for none, else as
    /// the MCR notation writes it: a pung's or kong's source
    /// `HUPAI_FROM_LEFT`, `_OPPOSITE` or `_RIGHT` (1–3), 5–7 a kong added to
    /// a pung claimed from 1–3, a chow's claimed tile 1–3 (from the left).
    pub from: u8,
    /// How many of the meld's fives are red (riichi's aka dora), 0 to the
    /// fives it holds: `[055s]` is a pung of 5s with `red` 1.
    pub red: u8,
}

/// A whole hand in one value, for batches and for `hupai_parse`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HupaiHand {
    /// Concealed tile counts by tile index (0..4 each).
    pub counts: [u8; HUPAI_KINDS],
    /// Declared melds; the first `meld_count` are used.
    pub melds: [HupaiMeld; HUPAI_MAX_MELDS],
    /// Number of declared melds, 0..4.
    pub meld_count: u8,
    /// The last concealed tile as written (the winning tile for scoring), or
    /// `HUPAI_NO_TILE`.
    pub last_tile: u8,
}

impl Default for HupaiHand {
    /// No tiles, no melds.
    fn default() -> HupaiHand {
        HupaiHand {
            counts: [0; HUPAI_KINDS],
            melds: [HupaiMeld::default(); HUPAI_MAX_MELDS],
            meld_count: 0,
            last_tile: HUPAI_NO_TILE,
        }
    }
}

/// What an entry point's body returns: `Err` is the status to report.
pub(crate) type Result<T> = std::result::Result<T, HupaiStatus>;

/// Run an entry point's body, turning a panic into `HupaiStatus::Panic`.
pub(crate) fn guard(body: impl FnOnce() -> Result<()>) -> HupaiStatus {
    // AssertUnwindSafe: the bodies only read caller memory and shared,
    // immutable engines, and write out-values last; a panic part-way leaves
    // no state of ours half-updated that a later call could observe.
    match panic::catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => HupaiStatus::Ok,
        Ok(Err(status)) => status,
        Err(_) => HupaiStatus::Panic,
    }
}

/// An out-pointer checked for null and alignment; written last, with `write`.
pub(crate) fn out_ptr<T>(p: *mut T) -> Result<*mut T> {
    if p.is_null() {
        Err(HupaiStatus::NullPointer)
    } else if !p.is_aligned() {
        Err(HupaiStatus::Misaligned)
    } else {
        Ok(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_a_status() {
        assert_eq!(guard(|| panic!("boom")), HupaiStatus::Panic);
    }

    #[test]
    fn out_pointers_are_checked_for_null_and_alignment() {
        let mut words = [0u32; 2];
        let p = words.as_mut_ptr();
        assert_eq!(out_ptr(p), Ok(p));
        assert_eq!(
            out_ptr(std::ptr::null_mut::<u32>()),
            Err(HupaiStatus::NullPointer)
        );
        let odd = p.cast::<u8>().wrapping_add(1).cast::<u32>();
        assert_eq!(out_ptr(odd), Err(HupaiStatus::Misaligned));
    }
}
