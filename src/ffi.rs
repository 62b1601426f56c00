//! The C ABI: `libhupai.so` / `libhupai.a` and the header `include/hupai.h`.
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
//! | [`hupai_parse`] / [`hupai_format`] | hands from and to notation |
//! | [`hupai_tile_name`], [`hupai_fan_name`], [`hupai_fan_chinese_name`], [`hupai_yaku_name`], [`hupai_yaku_japanese_name`], [`hupai_fu_reason_name`], [`hupai_status_message`], [`hupai_version`] | static strings |
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
//! # Example (from Rust; `examples/c/hupai_example.c` does the same in C)
//!
//! ```
//! use hupai::ffi::*;
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

use crate::hand::{Hand, HandError, Meld, MeldKind, MAX_MELDS};
use crate::notation::{self, Notation};
use crate::rules::Rules;
use crate::server::{Embedded, Engine, Mapped};
use crate::tile::{Tile, KINDS};
use std::ffi::{c_char, CStr};
use std::panic::{self, AssertUnwindSafe};
use std::ptr;

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
    /// concealed tiles, a wind or variant code, more than eight flowers.
    BadContext = 18,
    /// The hand does not fit the rule set: a tile it lacks (honours in
    /// Sichuan), or declared melds in all three suits under Sichuan.
    NotForRules = 19,
    /// No complete hand can be reached (every copy a target needs is in a
    /// declared meld).
    Unreachable = 20,
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

/// An engine: a table set, a rule set and optionally its own worker threads.
/// Opaque to C; created by `hupai_engine_new`, released by
/// `hupai_engine_free`, shareable by any number of threads.
pub struct HupaiEngine {
    tables: Shared,
    pool: Option<rayon::ThreadPool>,
}

/// The two ways an engine holds its tables.
enum Shared {
    Embedded(Engine<Embedded>),
    Mapped(Engine<Mapped>),
}

/// Run `$body` with `$e` bound to the engine, whichever tables it holds; the
/// body is the same code for both.
macro_rules! with_engine {
    ($engine:expr, $e:ident => $body:expr) => {
        match &$engine.tables {
            Shared::Embedded($e) => $body,
            Shared::Mapped($e) => $body,
        }
    };
}

impl HupaiEngine {
    /// Run `f` on the engine's own threads, or the global pool without any.
    fn install<R: Send>(&self, f: impl FnOnce() -> R + Send) -> R {
        match &self.pool {
            Some(pool) => pool.install(f),
            None => f(),
        }
    }

    fn is_win(&self, hand: &Hand) -> bool {
        with_engine!(self, e => e.is_win(hand))
    }
}

type Result<T> = std::result::Result<T, HupaiStatus>;

/// Run an entry point's body, turning a panic into `HupaiStatus::Panic`.
fn guard(body: impl FnOnce() -> Result<()>) -> HupaiStatus {
    // AssertUnwindSafe: the bodies only read caller memory and shared,
    // immutable engines, and write out-values last; a panic part-way leaves
    // no state of ours half-updated that a later call could observe.
    match panic::catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => HupaiStatus::Ok,
        Ok(Err(status)) => status,
        Err(_) => HupaiStatus::Panic,
    }
}

/// The engine behind a C pointer.
///
/// # Safety
///
/// `engine` is null or was returned by [`hupai_engine_new`] and not freed.
unsafe fn engine_ref<'a>(engine: *const HupaiEngine) -> Result<&'a HupaiEngine> {
    // SAFETY: by the contract above a non-null `engine` points to a live
    // `HupaiEngine` made by `Box::into_raw`, so it is aligned and valid; the
    // engine is never mutated after creation and is `Sync`, so a shared
    // reference may coexist with other threads' shared references. Null is
    // mapped to an error by `as_ref`.
    unsafe { engine.as_ref() }.ok_or(HupaiStatus::NullPointer)
}

/// An out-pointer checked for null and alignment; written last, with `write`.
fn out_ptr<T>(p: *mut T) -> Result<*mut T> {
    if p.is_null() {
        Err(HupaiStatus::NullPointer)
    } else if !p.is_aligned() {
        Err(HupaiStatus::Misaligned)
    } else {
        Ok(p)
    }
}

/// Copy a caller's hand (34 counts plus melds) into a checked [`Hand`].
///
/// # Safety
///
/// Non-null `counts` is valid for reading `counts_len` bytes and non-null
/// `melds` for reading `meld_count` melds, for the duration of the call.
unsafe fn read_hand(
    counts: *const u8,
    counts_len: usize,
    melds: *const HupaiMeld,
    meld_count: usize,
) -> Result<Hand> {
    if counts.is_null() || (meld_count > 0 && melds.is_null()) {
        return Err(HupaiStatus::NullPointer);
    }
    if counts_len != KINDS || meld_count > MAX_MELDS {
        return Err(HupaiStatus::BadLength);
    }
    // SAFETY: `counts` is non-null and, by the contract, valid for reading
    // `counts_len` = 34 bytes; `[u8; 34]` has alignment 1 and every byte
    // value is a valid `u8`. We copy the bytes out at once, so later changes
    // by the caller cannot affect us.
    let c: [u8; KINDS] = unsafe { ptr::read(counts.cast::<[u8; KINDS]>()) };
    let mut m = [HupaiMeld::default(); MAX_MELDS];
    if meld_count > 0 {
        // SAFETY: `melds` is non-null and, by the contract, valid for reading
        // `meld_count` ≤ 4 melds; `HupaiMeld` is three `u8`s (alignment 1,
        // every bit pattern valid), and `m` has room for four, disjoint from
        // caller memory.
        unsafe { ptr::copy_nonoverlapping(melds, m.as_mut_ptr(), meld_count) };
    }
    to_hand(&c, &m[..meld_count])
}

/// The checked [`Hand`] of counts and melds.
fn to_hand(counts: &[u8; KINDS], melds: &[HupaiMeld]) -> Result<Hand> {
    if counts.iter().any(|&c| c > 4) {
        return Err(HupaiStatus::BadCount);
    }
    if melds.len() > MAX_MELDS {
        return Err(HupaiStatus::BadLength);
    }
    // A fixed array, not a Vec: the single-hand path allocates nothing.
    let filler = Meld::new(MeldKind::Pung, Tile::EAST, None).expect("a pung of East");
    let mut ms = [filler; MAX_MELDS];
    for (slot, m) in ms.iter_mut().zip(melds) {
        *slot = to_meld(m)?;
    }
    Hand::new(*counts, &ms[..melds.len()]).map_err(|e| match e {
        HandError::FifthCopy(_) => HupaiStatus::FifthCopy,
        HandError::TooManyMelds => HupaiStatus::BadLength,
        HandError::BadChow(_)
        | HandError::ConcealedKongWithSource(_)
        | HandError::ChowNotFromLeft(_) => HupaiStatus::BadMeld,
    })
}

/// The checked [`Hand`] of a C hand value.
fn hand_of(h: &HupaiHand) -> Result<Hand> {
    let n = h.meld_count as usize;
    if n > MAX_MELDS {
        return Err(HupaiStatus::BadLength);
    }
    to_hand(&h.counts, &h.melds[..n])
}

fn to_meld(m: &HupaiMeld) -> Result<Meld> {
    let kind = match m.kind {
        HUPAI_MELD_CHOW => MeldKind::Chow,
        HUPAI_MELD_PUNG => MeldKind::Pung,
        HUPAI_MELD_KONG => MeldKind::Kong,
        HUPAI_MELD_CONCEALED_KONG => MeldKind::ConcealedKong,
        _ => return Err(HupaiStatus::BadMeld),
    };
    let tile = Tile::from_index(m.tile as usize).ok_or(HupaiStatus::BadMeld)?;
    let meld = crate::notation::meld_of_digit(kind, tile, m.from).ok_or(HupaiStatus::BadMeld)?;
    // More red fives than the meld has fives is a meaningless meld.
    let red = meld.with_red_fives(m.red);
    (red.red_fives() == m.red)
        .then_some(red)
        .ok_or(HupaiStatus::BadMeld)
}

/// The C value of a hand.
fn from_hand(hand: &Hand) -> HupaiHand {
    let mut out = HupaiHand {
        counts: *hand.counts(),
        ..HupaiHand::default()
    };
    for (slot, m) in out.melds.iter_mut().zip(hand.melds()) {
        *slot = HupaiMeld {
            kind: match m.kind() {
                MeldKind::Chow => HUPAI_MELD_CHOW,
                MeldKind::Pung => HUPAI_MELD_PUNG,
                MeldKind::Kong => HUPAI_MELD_KONG,
                MeldKind::ConcealedKong => HUPAI_MELD_CONCEALED_KONG,
            },
            tile: m.tile().index() as u8,
            from: m.digit().unwrap_or(HUPAI_FROM_NONE),
            red: m.red_fives(),
        };
    }
    out.meld_count = hand.meld_count() as u8;
    out.last_tile = hand.last_tile().map_or(HUPAI_NO_TILE, |t| t.index() as u8);
    out
}

fn rules_from(code: u32) -> Result<Rules> {
    match code {
        HUPAI_RULES_GENERIC => Ok(Rules::GENERIC),
        HUPAI_RULES_SICHUAN => Ok(Rules::SICHUAN),
        HUPAI_RULES_RIICHI => Ok(Rules::RIICHI),
        HUPAI_RULES_MCR => Ok(Rules::MCR),
        HUPAI_RULES_RIICHI3 => Ok(Rules::RIICHI3),
        _ => Err(HupaiStatus::BadRules),
    }
}

fn notation_from(code: u32) -> Result<Notation> {
    match code {
        HUPAI_NOTATION_AUTO => Ok(Notation::Auto),
        HUPAI_NOTATION_MPSZ => Ok(Notation::Mpsz),
        HUPAI_NOTATION_MEDIATEK => Ok(Notation::Mediatek),
        HUPAI_NOTATION_CHENGDU => Ok(Notation::Chengdu),
        HUPAI_NOTATION_MCR => Ok(Notation::Mcr),
        _ => Err(HupaiStatus::BadNotation),
    }
}

/// The library version, e.g. `"0.1.0"`: a static NUL-terminated string.
#[no_mangle]
pub extern "C" fn hupai_version() -> *const c_char {
    const VERSION: &CStr =
        match CStr::from_bytes_with_nul(concat!(env!("CARGO_PKG_VERSION"), "\0").as_bytes()) {
            Ok(v) => v,
            Err(_) => panic!("the version holds no NUL"),
        };
    VERSION.as_ptr()
}

/// A short English description of a status code: a static NUL-terminated
/// string, never null (unknown codes get "unknown status").
#[no_mangle]
pub extern "C" fn hupai_status_message(status: u32) -> *const c_char {
    let m: &'static CStr = match status {
        0 => c"success",
        1 => c"a required pointer was null",
        2 => c"a length is out of range (34 counts, at most 4 melds)",
        3 => c"a tile count is above four",
        4 => c"more than four copies of a tile",
        5 => c"a meld is malformed (kind, tile, source or a chow that does not fit)",
        6 => c"unknown rule set",
        7 => c"unknown notation",
        8 => c"the text is not a hand",
        9 => c"the query does not take a hand of this size",
        10 => c"some hands of the batch are invalid",
        11 => c"overlapping buffers or a path that is not UTF-8",
        12 => c"an out-pointer is misaligned",
        13 => c"a table file could not be read",
        14 => c"a table file is truncated, corrupt or of another format",
        15 => c"worker threads could not be started",
        16 => c"internal error",
        17 => c"not a winning hand",
        18 => c"bad scoring context (winning tile, wind, variant or flowers)",
        19 => c"the hand does not fit the rule set",
        20 => c"no complete hand can be reached",
        _ => c"unknown status",
    };
    m.as_ptr()
}

/// Create an engine: the rule set `rules` (`HUPAI_RULES_*`), the tables
/// memory-mapped from the directory `tables_dir` (or the tables built into
/// the library when it is null), and `threads` worker threads of its own for
/// batches (0: a pool shared by the whole process, one thread per core).
///
/// On success `*out` is the engine, to release with `hupai_engine_free`; on
/// failure `*out` is null.
///
/// # Safety
///
/// `out` is null or valid for writing one pointer; `tables_dir` is null or a
/// NUL-terminated string readable for the duration of the call.
#[no_mangle]
pub unsafe extern "C" fn hupai_engine_new(
    rules: u32,
    tables_dir: *const c_char,
    threads: usize,
    out: *mut *mut HupaiEngine,
) -> HupaiStatus {
    guard(|| {
        let out = out_ptr(out)?;
        // SAFETY: `out` is non-null and aligned (checked), and by the contract
        // valid for writing one pointer. Null first, so every failure leaves it null.
        unsafe { out.write(ptr::null_mut()) };
        let rules = rules_from(rules)?;
        let tables = if tables_dir.is_null() {
            Shared::Embedded(Engine::embedded(rules))
        } else {
            // SAFETY: non-null, and by the contract a NUL-terminated string
            // readable until we return; we copy what we need (the path)
            // before returning.
            let dir = unsafe { CStr::from_ptr(tables_dir) };
            let dir = dir.to_str().map_err(|_| HupaiStatus::BadArgument)?;
            Shared::Mapped(Engine::open(dir, rules).map_err(|e| match e {
                crate::TableError::Io { .. } | crate::TableError::Missing(_) => {
                    HupaiStatus::TableIo
                }
                _ => HupaiStatus::BadTables,
            })?)
        };
        let pool = match threads {
            0 => None,
            n => Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(n)
                    .build()
                    .map_err(|_| HupaiStatus::Threads)?,
            ),
        };
        let engine = Box::into_raw(Box::new(HupaiEngine { tables, pool }));
        // SAFETY: as above; `out` is valid for writing one pointer.
        unsafe { out.write(engine) };
        Ok(())
    })
}

/// Release an engine made by `hupai_engine_new`. Null is ignored.
///
/// # Safety
///
/// `engine` is null or was returned by `hupai_engine_new`, has not been freed
/// yet, and no other thread is using it.
#[no_mangle]
pub unsafe extern "C" fn hupai_engine_free(engine: *mut HupaiEngine) {
    if engine.is_null() {
        return;
    }
    // SAFETY: by the contract `engine` came from `Box::into_raw` in
    // `hupai_engine_new`, is freed only now, and nobody else holds it, so
    // rebuilding the box and dropping it is the one matching release.
    let engine = unsafe { Box::from_raw(engine) };
    // Dropping joins the worker threads; a panic there must not reach C.
    let _ = panic::catch_unwind(AssertUnwindSafe(move || drop(engine)));
}

/// Parse `text` (NUL-terminated UTF-8) in the notation `notation`
/// (`HUPAI_NOTATION_*`) into `*out`. On `HUPAI_STATUS_PARSE_ERROR` the
/// message (with the position of the offending character) is written into
/// `error` — at most `error_len` bytes including the terminating NUL — when
/// `error` is non-null.
///
/// # Safety
///
/// `text` is null or NUL-terminated and readable; `out` is null or valid for
/// writing one `HupaiHand`; `error` is null or valid for writing `error_len`
/// bytes and does not overlap `text` or `out`.
#[no_mangle]
pub unsafe extern "C" fn hupai_parse(
    text: *const c_char,
    notation: u32,
    out: *mut HupaiHand,
    error: *mut c_char,
    error_len: usize,
) -> HupaiStatus {
    guard(|| {
        if text.is_null() {
            return Err(HupaiStatus::NullPointer);
        }
        let out = out_ptr(out)?;
        let notation = notation_from(notation)?;
        // SAFETY: non-null and, by the contract, NUL-terminated and readable
        // for the duration of the call; the parse below copies what it keeps.
        let text = unsafe { CStr::from_ptr(text) };
        let parsed = match text.to_str() {
            Ok(s) => notation::parse(s, notation).map_err(|e| e.to_string()),
            Err(e) => Err(format!("not UTF-8 at byte {}", e.valid_up_to() + 1)),
        };
        match parsed {
            Ok(hand) => {
                // SAFETY: `out` is non-null and aligned (checked) and by the
                // contract valid for writing one `HupaiHand`.
                unsafe { out.write(from_hand(&hand)) };
                Ok(())
            }
            Err(message) => {
                if !error.is_null() && error_len > 0 {
                    // Truncate on a character boundary, leaving room for the NUL.
                    let mut n = message.len().min(error_len - 1);
                    while !message.is_char_boundary(n) {
                        n -= 1;
                    }
                    // SAFETY: `error` is non-null and by the contract valid
                    // for writing `error_len` bytes; we write `n` < `error_len`
                    // bytes and one NUL at index `n`, from our own `message`,
                    // which cannot overlap caller memory. `c_char` has
                    // alignment 1.
                    unsafe {
                        ptr::copy_nonoverlapping(message.as_ptr(), error.cast::<u8>(), n);
                        error.add(n).write(0);
                    }
                }
                Err(HupaiStatus::ParseError)
            }
        }
    })
}

/// Is the hand complete? `counts` points to `counts_len` (= `HUPAI_KINDS`)
/// concealed tile counts, `melds` to `meld_count` (0..4) declared melds (may
/// be null when there are none). On success `*win` is the answer.
///
/// # Safety
///
/// `engine` is null or a live engine; non-null `counts` is readable for
/// `counts_len` bytes, non-null `melds` for `meld_count` melds; `win` is null
/// or valid for writing one `bool`.
#[no_mangle]
pub unsafe extern "C" fn hupai_check(
    engine: *const HupaiEngine,
    counts: *const u8,
    counts_len: usize,
    melds: *const HupaiMeld,
    meld_count: usize,
    win: *mut bool,
) -> HupaiStatus {
    guard(|| {
        // SAFETY: the contract of this function is that of `engine_ref`.
        let engine = unsafe { engine_ref(engine) }?;
        let win = out_ptr(win)?;
        // SAFETY: the contract of this function is that of `read_hand`.
        let hand = unsafe { read_hand(counts, counts_len, melds, meld_count) }?;
        let answer = engine.is_win(&hand);
        // SAFETY: `win` is non-null and aligned (checked) and by the contract
        // valid for writing one `bool`.
        unsafe { win.write(answer) };
        Ok(())
    })
}

/// Check `n` hands at once, in parallel (on the engine's threads, see
/// `hupai_engine_new`). `results[i]` becomes `HUPAI_COMPLETE`,
/// `HUPAI_NOT_COMPLETE` or `HUPAI_INVALID` for `hands[i]`. Returns
/// `HUPAI_STATUS_INVALID_HAND` when some hand is invalid (the others are
/// answered all the same) and then writes the index of the first one to
/// `*first_invalid` when that is non-null. `hands` and `results` may be null
/// when `n` is 0.
///
/// # Safety
///
/// `engine` is null or a live engine; non-null `hands` is readable for `n`
/// hands and non-null `results` writable for `n` bytes for the duration of
/// the call, and no other thread writes them meanwhile; `first_invalid` is
/// null or valid for writing one `size_t`.
#[no_mangle]
pub unsafe extern "C" fn hupai_check_batch(
    engine: *const HupaiEngine,
    hands: *const HupaiHand,
    n: usize,
    results: *mut u8,
    first_invalid: *mut usize,
) -> HupaiStatus {
    guard(|| {
        // SAFETY: the contract of this function is that of `engine_ref`.
        let engine = unsafe { engine_ref(engine) }?;
        let first_invalid = if first_invalid.is_null() {
            None
        } else {
            Some(out_ptr(first_invalid)?)
        };
        if n == 0 {
            return Ok(());
        }
        if hands.is_null() || results.is_null() {
            return Err(HupaiStatus::NullPointer);
        }
        let size = std::mem::size_of::<HupaiHand>();
        let Some(bytes) = n.checked_mul(size).filter(|&b| b <= isize::MAX as usize) else {
            return Err(HupaiStatus::BadLength);
        };
        let (h0, r0) = (hands as usize, results as usize);
        if h0 < r0.saturating_add(n) && r0 < h0.saturating_add(bytes) {
            return Err(HupaiStatus::BadArgument);
        }
        // SAFETY: `hands` is non-null, `HupaiHand` has alignment 1 and every
        // bit pattern of it is valid (all fields are bytes); by the contract
        // it is readable for `n` hands and not written meanwhile; the total
        // size fits in `isize` (checked).
        let hands = unsafe { std::slice::from_raw_parts(hands, n) };
        // SAFETY: `results` is non-null, `u8` has alignment 1, by the
        // contract it is writable for `n` bytes and nobody else accesses it
        // meanwhile; it does not overlap `hands` (checked above), so the
        // exclusive and the shared slice do not alias.
        let results = unsafe { std::slice::from_raw_parts_mut(results, n) };
        engine.install(|| {
            with_engine!(engine, e => e.batch_into(hands, results, |e, h| {
                match hand_of(h) {
                    Ok(hand) => e.is_win(&hand) as u8,
                    Err(_) => HUPAI_INVALID,
                }
            }))
        });
        match results.iter().position(|&r| r == HUPAI_INVALID) {
            None => Ok(()),
            Some(i) => {
                if let Some(p) = first_invalid {
                    // SAFETY: non-null and aligned (checked), and by the
                    // contract valid for writing one `size_t` (= `usize`).
                    unsafe { p.write(i) };
                }
                Err(HupaiStatus::InvalidHand)
            }
        }
    })
}

/// The tiles that complete a ready hand, as two 34-bit masks (bit `i` =
/// tile index `i`): `*live` the waits with a copy left outside the hand,
/// `*exhausted` those whose four copies the hand holds. The hand (as in
/// `hupai_check`) must be one tile short of complete: concealed tiles plus 3
/// per declared meld is 1, 4, 7, 10 or 13 (or, under the generic rules,
/// 13 + k with k concealed quads); otherwise `HUPAI_STATUS_HAND_SIZE`.
///
/// # Safety
///
/// As `hupai_check`; `live` and `exhausted` are null or valid for writing
/// one `uint64_t` each.
#[no_mangle]
pub unsafe extern "C" fn hupai_waits(
    engine: *const HupaiEngine,
    counts: *const u8,
    counts_len: usize,
    melds: *const HupaiMeld,
    meld_count: usize,
    live: *mut u64,
    exhausted: *mut u64,
) -> HupaiStatus {
    guard(|| {
        // SAFETY: the contract of this function is that of `engine_ref`.
        let engine = unsafe { engine_ref(engine) }?;
        let (live, exhausted) = (out_ptr(live)?, out_ptr(exhausted)?);
        // SAFETY: the contract of this function is that of `read_hand`.
        let hand = unsafe { read_hand(counts, counts_len, melds, meld_count) }?;
        let w = with_engine!(engine, e => e.waits(&hand)).map_err(|_| HupaiStatus::HandSize)?;
        // SAFETY: both pointers are non-null and aligned (checked) and by the
        // contract valid for writing one `u64` each.
        unsafe {
            live.write(w.live.bits());
            exhausted.write(w.exhausted.bits());
        }
        Ok(())
    })
}

/// Room for the text of any hand, terminating NUL included (`hupai_format`).
pub const HUPAI_FORMAT_MAX: usize = 192;

/// The canonical mpsz text of a hand (`[111z1]123m456p789s22z`: declared
/// melds, then concealed tiles by suit) into `buffer`, NUL-terminated.
/// `HUPAI_STATUS_BAD_LENGTH` (nothing written) when the text and its NUL do
/// not fit in `len` bytes; `HUPAI_FORMAT_MAX` bytes always suffice.
///
/// # Safety
///
/// `hand` is null or valid for reading one `HupaiHand`; `buffer` is null or
/// valid for writing `len` bytes and does not overlap `hand`.
#[no_mangle]
pub unsafe extern "C" fn hupai_format(
    hand: *const HupaiHand,
    buffer: *mut c_char,
    len: usize,
) -> HupaiStatus {
    guard(|| {
        if buffer.is_null() {
            return Err(HupaiStatus::NullPointer);
        }
        // SAFETY: non-null, alignment 1, every bit pattern valid, and by the
        // contract readable; copied out at once.
        let hand = unsafe { hand.as_ref() }.ok_or(HupaiStatus::NullPointer)?;
        let text = hand_of(hand)?.to_string();
        if text.len() >= len {
            return Err(HupaiStatus::BadLength);
        }
        // SAFETY: `buffer` is non-null and by the contract writable for `len`
        // bytes; we write `text.len()` + 1 ≤ `len` bytes from our own string,
        // which cannot overlap caller memory; `c_char` has alignment 1.
        unsafe {
            ptr::copy_nonoverlapping(text.as_ptr(), buffer.cast::<u8>(), text.len());
            buffer.add(text.len()).write(0);
        }
        Ok(())
    })
}

/// The mpsz name of tile index `tile` (0 → "1m", 33 → "7z"): a static
/// NUL-terminated string, or null when `tile` is 34 or more.
#[no_mangle]
pub extern "C" fn hupai_tile_name(tile: u32) -> *const c_char {
    const NAMES: [&CStr; KINDS] = [
        c"1m", c"2m", c"3m", c"4m", c"5m", c"6m", c"7m", c"8m", c"9m", //
        c"1p", c"2p", c"3p", c"4p", c"5p", c"6p", c"7p", c"8p", c"9p", //
        c"1s", c"2s", c"3s", c"4s", c"5s", c"6s", c"7s", c"8s", c"9s", //
        c"1z", c"2z", c"3z", c"4z", c"5z", c"6z", c"7z",
    ];
    NAMES.get(tile as usize).map_or(ptr::null(), |n| n.as_ptr())
}

fn shanten_status(e: crate::engine::ShantenError) -> HupaiStatus {
    use crate::engine::ShantenError;
    match e {
        ShantenError::Size { .. } => HupaiStatus::HandSize,
        ShantenError::NoSuchTile(_) | ShantenError::ThreeSuits => HupaiStatus::NotForRules,
        ShantenError::Visible(_) => HupaiStatus::FifthCopy,
        ShantenError::Unreachable => HupaiStatus::Unreachable,
    }
}

/// Shanten of a hand (as in `hupai_check`) of 3n+1 or 3n+2 tiles, at most
/// 14 (a declared meld counting three): −1 complete, 0 ready, n tiles from
/// ready, over every form of the engine's rule set.
///
/// # Safety
///
/// As `hupai_check`; `shanten` is null or valid for writing one `int8_t`.
#[no_mangle]
pub unsafe extern "C" fn hupai_shanten(
    engine: *const HupaiEngine,
    counts: *const u8,
    counts_len: usize,
    melds: *const HupaiMeld,
    meld_count: usize,
    shanten: *mut i8,
) -> HupaiStatus {
    guard(|| {
        // SAFETY: the contract of this function is that of `engine_ref`.
        let engine = unsafe { engine_ref(engine) }?;
        let shanten = out_ptr(shanten)?;
        // SAFETY: the contract of this function is that of `read_hand`.
        let hand = unsafe { read_hand(counts, counts_len, melds, meld_count) }?;
        let s = with_engine!(engine, e => e.shanten(&hand)).map_err(shanten_status)?;
        // SAFETY: non-null and aligned (checked), and by the contract valid
        // for writing one `i8`.
        unsafe { shanten.write(s) };
        Ok(())
    })
}

/// Effective tiles of a hand of 3n+1 tiles (as in `hupai_check`): `*shanten`
/// its shanten, `*tiles` the mask of tile kinds whose draw lowers it (bit
/// `i` = tile index `i`), and, when `remaining` is non-null,
/// `remaining[i]` the copies of tile `i` not in the hand, its melds or
/// `visible` (the tiles seen elsewhere: `HUPAI_KINDS` counts, or null for
/// none).
///
/// # Safety
///
/// As `hupai_check`; `visible` is null or readable for `HUPAI_KINDS` bytes;
/// `shanten` and `tiles` are null or valid for writing one `int8_t` and
/// one `uint64_t`; `remaining` is null or writable for `HUPAI_KINDS` bytes.
#[no_mangle]
#[allow(clippy::too_many_arguments)] // the C signature: a hand, inputs, outputs
pub unsafe extern "C" fn hupai_effective(
    engine: *const HupaiEngine,
    counts: *const u8,
    counts_len: usize,
    melds: *const HupaiMeld,
    meld_count: usize,
    visible: *const u8,
    shanten: *mut i8,
    tiles: *mut u64,
    remaining: *mut u8,
) -> HupaiStatus {
    guard(|| {
        // SAFETY: the contract of this function is that of `engine_ref`.
        let engine = unsafe { engine_ref(engine) }?;
        let (shanten, tiles) = (out_ptr(shanten)?, out_ptr(tiles)?);
        // SAFETY: the contract of this function is that of `read_hand`.
        let hand = unsafe { read_hand(counts, counts_len, melds, meld_count) }?;
        let seen: [u8; KINDS] = if visible.is_null() {
            [0; KINDS]
        } else {
            // SAFETY: non-null and, by the contract, readable for 34 bytes;
            // alignment 1, any byte valid; copied at once.
            unsafe { ptr::read(visible.cast::<[u8; KINDS]>()) }
        };
        let e = with_engine!(engine, e => e.effective(&hand, &seen)).map_err(shanten_status)?;
        // SAFETY: `shanten` and `tiles` are non-null and aligned (checked)
        // and by the contract valid for writing one `i8` and one `u64`.
        unsafe {
            shanten.write(e.shanten());
            tiles.write(e.tiles().bits());
        }
        if !remaining.is_null() {
            let left: [u8; KINDS] =
                std::array::from_fn(|i| e.remaining(Tile::from_index(i).expect("index < 34")));
            // SAFETY: non-null and by the contract writable for 34 bytes;
            // `[u8; 34]` has alignment 1; `left` is our own stack copy.
            unsafe { ptr::write(remaining.cast::<[u8; KINDS]>(), left) };
        }
        Ok(())
    })
}

/// Most distinct fans a score lists: every entry of the MCR fan table.
pub const HUPAI_MAX_FANS: usize = 82;
const _: () = assert!(HUPAI_MAX_FANS == crate::mcr::FAN_COUNT);

/// Wind: East.
pub const HUPAI_WIND_EAST: u8 = 0;
/// Wind: South.
pub const HUPAI_WIND_SOUTH: u8 = 1;
/// Wind: West.
pub const HUPAI_WIND_WEST: u8 = 2;
/// Wind: North.
pub const HUPAI_WIND_NORTH: u8 = 3;

/// MCR variant: the 1998 rules as the common reference calculators score them.
pub const HUPAI_VARIANT_DEFAULT: u8 = 0;
/// MCR variant: green book values (Two Concealed Kongs 8, Concealed Kong and
/// Melded Kong 6).
pub const HUPAI_VARIANT_GREEN_BOOK: u8 = 1;

/// How an MCR hand was won and the table situation. Every field is a byte
/// (0 = no, anything else = yes for the flags), so any value is safe to read.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HupaiScoreContext {
    /// The winning tile, 0..33; one of the concealed tiles.
    pub winning_tile: u8,
    /// Won by self-draw (otherwise on a discard).
    pub self_drawn: u8,
    /// The winning tile is the last of its kind (和绝张).
    pub last_tile: u8,
    /// The winning tile is the last tile of the wall (妙手回春 / 海底捞月).
    pub last_wall: u8,
    /// Kong-related: replacement tile when self-drawn (杠上开花), robbing a
    /// kong otherwise (抢杠和).
    pub kong: u8,
    /// Seat wind, `HUPAI_WIND_*`.
    pub seat_wind: u8,
    /// Prevalent (round) wind, `HUPAI_WIND_*`.
    pub prevalent_wind: u8,
    /// Flower tiles, 0..8 (counted after a legal win).
    pub flowers: u8,
    /// `HUPAI_VARIANT_*`.
    pub variant: u8,
}

/// One counted fan.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HupaiFan {
    /// The fan, 0..81 in rule-table order; `hupai_fan_name` names it.
    pub fan: u8,
    /// How many times it counts.
    pub count: u8,
    /// Points of one occurrence.
    pub points: u8,
}

/// An MCR score.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HupaiScore {
    /// Total points: the fans, plus the flowers on a legal win.
    pub total: u32,
    /// Whether the fans without flowers reach the 8-point minimum.
    pub legal: bool,
    /// Number of entries of `fans` used.
    pub fan_count: u8,
    /// The counted fans in rule-table order (Flower Tiles last).
    pub fans: [HupaiFan; HUPAI_MAX_FANS],
}

impl Default for HupaiScore {
    /// No points, no fans.
    fn default() -> HupaiScore {
        HupaiScore {
            total: 0,
            legal: false,
            fan_count: 0,
            fans: [HupaiFan::default(); HUPAI_MAX_FANS],
        }
    }
}

fn wind_from(code: u8) -> Result<crate::mcr::Wind> {
    use crate::mcr::Wind;
    match code {
        HUPAI_WIND_EAST => Ok(Wind::East),
        HUPAI_WIND_SOUTH => Ok(Wind::South),
        HUPAI_WIND_WEST => Ok(Wind::West),
        HUPAI_WIND_NORTH => Ok(Wind::North),
        _ => Err(HupaiStatus::BadContext),
    }
}

/// The scoring input of a checked hand and a C context.
fn scoring_input(hand: Hand, ctx: &HupaiScoreContext) -> Result<crate::mcr::ScoringInput> {
    use crate::mcr::{Flags, ScoreError, ScoringInput, Variant};
    let flags = Flags {
        self_drawn: ctx.self_drawn != 0,
        last_tile: ctx.last_tile != 0,
        last_wall: ctx.last_wall != 0,
        kong: ctx.kong != 0,
        seat: wind_from(ctx.seat_wind)?,
        prevalent: wind_from(ctx.prevalent_wind)?,
        flowers: ctx.flowers,
        variant: match ctx.variant {
            HUPAI_VARIANT_DEFAULT => Variant::Default,
            HUPAI_VARIANT_GREEN_BOOK => Variant::GreenBook,
            _ => return Err(HupaiStatus::BadContext),
        },
    };
    let win = Tile::from_index(ctx.winning_tile as usize).ok_or(HupaiStatus::BadContext)?;
    ScoringInput::new(hand, win, flags).map_err(|e| match e {
        ScoreError::WrongSize(_) => HupaiStatus::HandSize,
        _ => HupaiStatus::BadContext,
    })
}

/// Score a complete hand under the MCR rules (whatever the engine's rule
/// set): the hand as in `hupai_check` (14 tiles, a kong counting three),
/// how it was won in `*context`, the result in `*out`.
/// `HUPAI_STATUS_HAND_SIZE` for another size, `HUPAI_STATUS_NOT_WINNING`
/// when no MCR form completes it, `HUPAI_STATUS_BAD_CONTEXT` for a context
/// out of range.
///
/// # Safety
///
/// As `hupai_check`; `context` is null or valid for reading one
/// `HupaiScoreContext`; `out` is null or valid for writing one `HupaiScore`.
#[no_mangle]
pub unsafe extern "C" fn hupai_score(
    engine: *const HupaiEngine,
    counts: *const u8,
    counts_len: usize,
    melds: *const HupaiMeld,
    meld_count: usize,
    context: *const HupaiScoreContext,
    out: *mut HupaiScore,
) -> HupaiStatus {
    guard(|| {
        // SAFETY: the contract of this function is that of `engine_ref`.
        let engine = unsafe { engine_ref(engine) }?;
        let out = out_ptr(out)?;
        if context.is_null() {
            return Err(HupaiStatus::NullPointer);
        }
        // SAFETY: non-null; alignment 1 and every bit pattern valid (all
        // fields are bytes); by the contract readable. Copied at once.
        let ctx = unsafe { ptr::read(context) };
        // SAFETY: the contract of this function is that of `read_hand`.
        let hand = unsafe { read_hand(counts, counts_len, melds, meld_count) }?;
        let input = scoring_input(hand, &ctx)?;
        let score = with_engine!(engine, e => e.score(&input)).map_err(|e| match e {
            crate::mcr::ScoreError::NotWinning => HupaiStatus::NotWinning,
            _ => HupaiStatus::BadContext,
        })?;
        let mut result = HupaiScore {
            total: score.total,
            legal: score.legal,
            fan_count: score.fans.len() as u8,
            ..HupaiScore::default()
        };
        for (slot, f) in result.fans.iter_mut().zip(&score.fans) {
            *slot = HupaiFan {
                fan: f.fan as u8,
                count: f.count,
                points: f.points,
            };
        }
        // SAFETY: `out` is non-null and aligned (checked) and by the
        // contract valid for writing one `HupaiScore`.
        unsafe { out.write(result) };
        Ok(())
    })
}

/// The English name of fan `fan` (0..81, as in `HupaiFan`), e.g.
/// "Thirteen Orphans": a static NUL-terminated string, or null when `fan`
/// is out of range.
#[no_mangle]
pub extern "C" fn hupai_fan_name(fan: u32) -> *const c_char {
    fan_name(fan, false)
}

/// The Chinese name of fan `fan` (0..81), e.g. "十三幺" (UTF-8): a static
/// NUL-terminated string, or null when `fan` is out of range.
#[no_mangle]
pub extern "C" fn hupai_fan_chinese_name(fan: u32) -> *const c_char {
    fan_name(fan, true)
}

/// A fan's English or Chinese name as a static C string: the names are
/// built once, on first use, and never freed.
fn fan_name(fan: u32, chinese: bool) -> *const c_char {
    use crate::mcr::Fan;
    use std::ffi::CString;
    use std::sync::OnceLock;
    static NAMES: [OnceLock<Vec<CString>>; 2] = [OnceLock::new(), OnceLock::new()];
    let all = NAMES[chinese as usize].get_or_init(|| {
        Fan::ALL
            .iter()
            .map(|&f| if chinese { f.chinese() } else { f.name() })
            .map(|n| CString::new(n).expect("fan names hold no NUL"))
            .collect()
    });
    all.get(fan as usize).map_or(ptr::null(), |n| n.as_ptr())
}

/// Most yaku a riichi score lists.
pub const HUPAI_MAX_YAKU: usize = 32;
const _: () = assert!(HUPAI_MAX_YAKU == crate::riichi::yaku::MAX_YAKU);
/// Most fu details a riichi score lists.
pub const HUPAI_MAX_FU: usize = 12;
/// Most dora (or ura dora) indicators.
pub const HUPAI_MAX_INDICATORS: usize = 10;
const _: () = assert!(HUPAI_MAX_INDICATORS == crate::riichi::Indicators::MAX);

/// How a riichi hand was won, the table and the rule options. Every field is
/// a byte or a `u32` (flags: 0 = no, anything else = yes), so any value is
/// safe to read; out-of-range codes are `HUPAI_STATUS_BAD_CONTEXT`. The
/// options default to the Python `mahjong` package's `OptionalRules()` when
/// `defaults` is set by `hupai_riichi_context_default`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HupaiRiichiContext {
    /// The winning tile, 0..33; one of the concealed tiles.
    pub winning_tile: u8,
    /// Concealed red fives per suit (m, p, s), counted among the fives; a
    /// declared meld's red fives are its [`HupaiMeld::red`].
    pub red_fives: [u8; 3],
    /// Won by self-draw (tsumo).
    pub self_drawn: u8,
    /// Riichi.
    pub riichi: u8,
    /// Double riichi.
    pub double_riichi: u8,
    /// Open riichi (with riichi or double riichi).
    pub open_riichi: u8,
    /// Ippatsu.
    pub ippatsu: u8,
    /// Rinshan kaihou when self-drawn, chankan on a discard.
    pub kong: u8,
    /// Haitei when self-drawn, houtei on a discard.
    pub last_wall: u8,
    /// Tenhou / chiihou when self-drawn, renhou on a discard.
    pub first_turn: u8,
    /// Nagashi mangan.
    pub nagashi_mangan: u8,
    /// Seat wind, `HUPAI_WIND_*` (East = dealer).
    pub seat_wind: u8,
    /// Prevalent wind, `HUPAI_WIND_*`.
    pub prevalent_wind: u8,
    /// Number of dora indicators used in `dora`.
    pub dora_count: u8,
    /// Dora indicators (tile indices), kan dora included.
    pub dora: [u8; HUPAI_MAX_INDICATORS],
    /// Number of ura dora indicators used in `ura`.
    pub ura_count: u8,
    /// Ura dora indicators.
    pub ura: [u8; HUPAI_MAX_INDICATORS],
    /// Honba counters.
    pub honba: u32,
    /// Riichi sticks on the table.
    pub sticks: u32,
    /// Consecutive dealer wins (paarenchan), 0 = none, at most 19.
    pub paarenchan: u32,
    /// Nuki dora (North tiles set aside).
    pub nuki: u32,
    /// The `OptionalRules` booleans in the order of `Options::flags`:
    /// has_open_tanyao, has_aka_dora, has_double_yakuman, kiriage,
    /// fu_for_open_pinfu, fu_for_pinfu_tsumo, renhou_as_yakuman,
    /// has_daisharin, has_daisharin_other_suits, has_sashikomi_yakuman,
    /// limit_to_sextuple_yakuman, paarenchan_needs_yaku, has_daichisei,
    /// is_three_player (also implied by a `HUPAI_RULES_RIICHI3` engine).
    pub options: [u8; 14],
    /// Kazoe limit: 0 limited (yakuman), 1 sanbaiman, 2 no limit.
    pub kazoe_limit: u8,
}

/// One yaku of a riichi score.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HupaiYaku {
    /// The yaku; `hupai_yaku_name` names it.
    pub yaku: u8,
    /// Its han (dora: the count).
    pub han: u8,
}

/// One fu detail of a riichi score.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HupaiFu {
    /// The reason; `hupai_fu_reason_name` names it.
    pub reason: u8,
    /// Its fu.
    pub fu: u8,
}

/// A riichi score.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HupaiRiichiScore {
    /// Han, dora included (13 per yakuman); 0 when not legal.
    pub han: u32,
    /// Fu.
    pub fu: u32,
    /// False when the hand has no yaku (it may not be won).
    pub legal: bool,
    /// Ron: the discarder's payment; tsumo: the dealer's (each player's when
    /// the dealer wins). Honba not included.
    pub cost_main: u32,
    /// Tsumo: each non-dealer's payment; 0 on a ron. Honba not included.
    pub cost_additional: u32,
    /// Everything the winner receives (honba and riichi sticks included).
    pub cost_total: u32,
    /// 0 none, 1 mangan, 2 haneman, 3 baiman, 4 sanbaiman, 5 kazoe yakuman, 6 yakuman.
    pub limit: u8,
    /// Yakuman multiple paid (0 below yakuman).
    pub yakuman: u32,
    /// Entries of `yaku` used.
    pub yaku_count: u8,
    /// The yaku in the package's order.
    pub yaku: [HupaiYaku; HUPAI_MAX_YAKU],
    /// Entries of `fu_details` used.
    pub fu_count: u8,
    /// The fu details, larger first.
    pub fu_details: [HupaiFu; HUPAI_MAX_FU],
}

/// Fill `*out` with the default riichi context: no flag, East seat and
/// round, no indicator, the options of `OptionalRules()`.
///
/// # Safety
///
/// `out` is null or valid for writing one `HupaiRiichiContext`.
#[no_mangle]
pub unsafe extern "C" fn hupai_riichi_context_default(out: *mut HupaiRiichiContext) -> HupaiStatus {
    guard(|| {
        let out = out_ptr(out)?;
        let mut options = crate::riichi::Options::default();
        let mut bytes = [0u8; 14];
        for (b, (_, on)) in bytes.iter_mut().zip(options.flags()) {
            *b = u8::from(*on);
        }
        let ctx = HupaiRiichiContext {
            winning_tile: HUPAI_NO_TILE,
            red_fives: [0; 3],
            self_drawn: 0,
            riichi: 0,
            double_riichi: 0,
            open_riichi: 0,
            ippatsu: 0,
            kong: 0,
            last_wall: 0,
            first_turn: 0,
            nagashi_mangan: 0,
            seat_wind: HUPAI_WIND_EAST,
            prevalent_wind: HUPAI_WIND_EAST,
            dora_count: 0,
            dora: [0; HUPAI_MAX_INDICATORS],
            ura_count: 0,
            ura: [0; HUPAI_MAX_INDICATORS],
            honba: 0,
            sticks: 0,
            paarenchan: 0,
            nuki: 0,
            options: bytes,
            kazoe_limit: 0,
        };
        // SAFETY: `out` is non-null and aligned (checked) and by the
        // contract valid for writing one `HupaiRiichiContext`.
        unsafe { out.write(ctx) };
        Ok(())
    })
}

/// The riichi scoring input of a checked hand and a C context.
fn riichi_input(
    mut hand: Hand,
    ctx: &HupaiRiichiContext,
    rules: &Rules,
) -> Result<crate::riichi::ScoringInput> {
    use crate::riichi::{Indicators, KazoeLimit, ScoringInput, Settings};
    use crate::tile::Suit;
    let bad = HupaiStatus::BadContext;
    let flag = |b: u8| b != 0;
    let indicators = |n: u8, tiles: &[u8; HUPAI_MAX_INDICATORS]| -> Result<Indicators> {
        let mut out = Indicators::default();
        for &t in tiles.get(..n as usize).ok_or(bad)? {
            out.push(Tile::from_index(t as usize).ok_or(bad)?)
                .map_err(|_| bad)?;
        }
        Ok(out)
    };
    let mut settings = Settings::default();
    for ((_, field), &b) in settings.options.flags().into_iter().zip(&ctx.options) {
        *field = flag(b);
    }
    settings.options.is_three_player |= rules.three_player;
    settings.options.kazoe_limit = match ctx.kazoe_limit {
        0 => KazoeLimit::Limited,
        1 => KazoeLimit::Sanbaiman,
        2 => KazoeLimit::NoLimit,
        _ => return Err(bad),
    };
    let s = &mut settings.situation;
    s.self_drawn = flag(ctx.self_drawn);
    s.riichi = flag(ctx.riichi);
    s.double_riichi = flag(ctx.double_riichi);
    s.open_riichi = flag(ctx.open_riichi);
    s.ippatsu = flag(ctx.ippatsu);
    s.kong = flag(ctx.kong);
    s.last_wall = flag(ctx.last_wall);
    s.first_turn = flag(ctx.first_turn);
    s.nagashi_mangan = flag(ctx.nagashi_mangan);
    s.seat = wind_from(ctx.seat_wind)?;
    s.prevalent = wind_from(ctx.prevalent_wind)?;
    s.dora = indicators(ctx.dora_count, &ctx.dora)?;
    s.ura = indicators(ctx.ura_count, &ctx.ura)?;
    s.honba = ctx.honba;
    s.sticks = ctx.sticks;
    if ctx.paarenchan > 19 {
        return Err(bad); // 13 han each; a yaku's han is a byte
    }
    s.paarenchan = ctx.paarenchan;
    s.nuki = ctx.nuki.min(1000);
    for (suit, &n) in Suit::NUMBERED.iter().zip(&ctx.red_fives) {
        hand.set_red_fives(*suit, n);
    }
    let win = Tile::from_index(ctx.winning_tile as usize).ok_or(bad)?;
    ScoringInput::new(hand, win, settings).map_err(|e| match e {
        crate::riichi::ScoreError::WrongSize(_) => HupaiStatus::HandSize,
        crate::riichi::ScoreError::ThreePlayerTile(_) => HupaiStatus::NotForRules,
        _ => bad,
    })
}

/// Score a winning hand under riichi rules (three-player with a
/// `HUPAI_RULES_RIICHI3` engine or the `is_three_player` option): the hand
/// as in `hupai_check` (14 tiles, a kong counting three), the situation and
/// options in `*context` (start from `hupai_riichi_context_default`), the
/// result in `*out`. A hand without yaku is scored with `legal == false`.
/// `HUPAI_STATUS_NOT_WINNING` when no riichi form completes it,
/// `HUPAI_STATUS_BAD_CONTEXT` for a context out of range or contradicting
/// itself (riichi on an open hand, …), `HUPAI_STATUS_NOT_FOR_RULES` for
/// 2m–8m in a three-player hand.
///
/// # Safety
///
/// As `hupai_check`; `context` is null or valid for reading one
/// `HupaiRiichiContext`; `out` is null or valid for writing one
/// `HupaiRiichiScore`.
#[no_mangle]
pub unsafe extern "C" fn hupai_riichi_score(
    engine: *const HupaiEngine,
    counts: *const u8,
    counts_len: usize,
    melds: *const HupaiMeld,
    meld_count: usize,
    context: *const HupaiRiichiContext,
    out: *mut HupaiRiichiScore,
) -> HupaiStatus {
    guard(|| {
        // SAFETY: the contract of this function is that of `engine_ref`.
        let engine = unsafe { engine_ref(engine) }?;
        let out = out_ptr(out)?;
        if context.is_null() {
            return Err(HupaiStatus::NullPointer);
        }
        if !context.is_aligned() {
            return Err(HupaiStatus::Misaligned);
        }
        // SAFETY: non-null and aligned (checked); every field is an integer
        // or an array of bytes, so every bit pattern is valid; by the
        // contract readable. Copied at once.
        let ctx = unsafe { ptr::read(context) };
        // SAFETY: the contract of this function is that of `read_hand`.
        let hand = unsafe { read_hand(counts, counts_len, melds, meld_count) }?;
        let rules = with_engine!(engine, e => *e.rules());
        let input = riichi_input(hand, &ctx, &rules)?;
        let score = with_engine!(engine, e => crate::riichi::score(&input, e.tables())).map_err(
            |e| match e {
                crate::riichi::ScoreError::NotWinning => HupaiStatus::NotWinning,
                _ => HupaiStatus::BadContext,
            },
        )?;
        use crate::riichi::Limit;
        let mut result = HupaiRiichiScore {
            han: score.han,
            fu: score.fu,
            legal: score.legal,
            cost_main: score.cost.main,
            cost_additional: score.cost.additional,
            cost_total: score.cost.total,
            limit: match score.cost.limit {
                None => 0,
                Some(Limit::Mangan) => 1,
                Some(Limit::Haneman) => 2,
                Some(Limit::Baiman) => 3,
                Some(Limit::Sanbaiman) => 4,
                Some(Limit::KazoeYakuman) => 5,
                Some(Limit::Yakuman) => 6,
            },
            yakuman: score.cost.yakuman,
            yaku_count: score.yaku.len() as u8,
            yaku: [HupaiYaku::default(); HUPAI_MAX_YAKU],
            fu_count: score.fu_details.as_slice().len() as u8,
            fu_details: [HupaiFu::default(); HUPAI_MAX_FU],
        };
        for (slot, (y, han)) in result.yaku.iter_mut().zip(score.yaku.as_slice()) {
            *slot = HupaiYaku {
                yaku: *y as u8,
                han: *han,
            };
        }
        for (slot, (r, fu)) in result
            .fu_details
            .iter_mut()
            .zip(score.fu_details.as_slice())
        {
            *slot = HupaiFu {
                reason: *r as u8,
                fu: *fu,
            };
        }
        // SAFETY: `out` is non-null and aligned (checked) and by the
        // contract valid for writing one `HupaiRiichiScore`.
        unsafe { out.write(result) };
        Ok(())
    })
}

/// The English name (the Python `mahjong` package's) of riichi yaku `yaku`
/// (as in `HupaiYaku`), or null when out of range.
#[no_mangle]
pub extern "C" fn hupai_yaku_name(yaku: u32) -> *const c_char {
    riichi_name(yaku, 0)
}

/// The Japanese name of riichi yaku `yaku` (UTF-8), or null when out of range.
#[no_mangle]
pub extern "C" fn hupai_yaku_japanese_name(yaku: u32) -> *const c_char {
    riichi_name(yaku, 1)
}

/// The reason of fu detail `reason` (as in `HupaiFu`, e.g. "closed_pon"), or
/// null when out of range.
#[no_mangle]
pub extern "C" fn hupai_fu_reason_name(reason: u32) -> *const c_char {
    riichi_name(reason, 2)
}

/// Riichi names as static C strings, built once on first use.
fn riichi_name(i: u32, which: usize) -> *const c_char {
    use crate::riichi::{FuReason, Yaku};
    use std::ffi::CString;
    use std::sync::OnceLock;
    static NAMES: [OnceLock<Vec<CString>>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let all = NAMES[which].get_or_init(|| {
        let names: Vec<&str> = match which {
            0 => Yaku::ALL.iter().map(|y| y.name()).collect(),
            1 => Yaku::ALL.iter().map(|y| y.japanese()).collect(),
            _ => FuReason::ALL.iter().map(|r| r.name()).collect(),
        };
        names
            .into_iter()
            .map(|n| CString::new(n).expect("names hold no NUL"))
            .collect()
    });
    all.get(i as usize).map_or(ptr::null(), |n| n.as_ptr())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_a_status() {
        assert_eq!(guard(|| panic!("boom")), HupaiStatus::Panic);
    }

    #[test]
    fn tile_names_are_the_mpsz_names() {
        for t in Tile::all() {
            // SAFETY: the names are static NUL-terminated strings.
            let n = unsafe { CStr::from_ptr(hupai_tile_name(t.index() as u32)) };
            assert_eq!(n.to_str().unwrap(), t.to_string());
        }
        assert!(hupai_tile_name(34).is_null());
    }

    #[test]
    fn riichi_score_through_the_c_abi() {
        let mut engine = ptr::null_mut();
        // SAFETY: valid out-pointer; the engine is freed below.
        let st = unsafe { hupai_engine_new(HUPAI_RULES_RIICHI, ptr::null(), 0, &mut engine) };
        assert_eq!(st, HupaiStatus::Ok);
        let hand = crate::notation::parse("234m567m99s345p23p1p", crate::Notation::Mpsz).unwrap();
        let mut ctx = std::mem::MaybeUninit::<HupaiRiichiContext>::uninit();
        // SAFETY: valid out-pointer.
        assert_eq!(
            unsafe { hupai_riichi_context_default(ctx.as_mut_ptr()) },
            HupaiStatus::Ok
        );
        // SAFETY: written by the call above.
        let mut ctx = unsafe { ctx.assume_init() };
        ctx.winning_tile = 9; // 1p
        ctx.self_drawn = 1;
        ctx.riichi = 1;
        ctx.seat_wind = HUPAI_WIND_SOUTH;
        ctx.dora_count = 1;
        ctx.dora[0] = 25; // 8s: dora 9s
        let mut out = std::mem::MaybeUninit::<HupaiRiichiScore>::uninit();
        // SAFETY: the counts array and context live for the call.
        let st = unsafe {
            hupai_riichi_score(
                engine,
                hand.counts().as_ptr(),
                KINDS,
                ptr::null(),
                0,
                &ctx,
                out.as_mut_ptr(),
            )
        };
        assert_eq!(st, HupaiStatus::Ok);
        // SAFETY: written on success.
        let out = unsafe { out.assume_init() };
        assert_eq!(
            (
                out.han,
                out.fu,
                out.cost_main,
                out.cost_additional,
                out.cost_total
            ),
            (5, 20, 4000, 2000, 8000)
        );
        assert_eq!((out.limit, out.yaku_count), (1, 4));
        // SAFETY: static names.
        let first = unsafe { CStr::from_ptr(hupai_yaku_name(out.yaku[0].yaku as u32)) };
        assert_eq!(first.to_str().unwrap(), "Menzen Tsumo");
        assert!(hupai_yaku_name(999).is_null());
        ctx.seat_wind = 9;
        let mut bad = std::mem::MaybeUninit::<HupaiRiichiScore>::uninit();
        // SAFETY: as above.
        let st = unsafe {
            hupai_riichi_score(
                engine,
                hand.counts().as_ptr(),
                KINDS,
                ptr::null(),
                0,
                &ctx,
                bad.as_mut_ptr(),
            )
        };
        assert_eq!(st, HupaiStatus::BadContext);
        // SAFETY: made by hupai_engine_new.
        unsafe { hupai_engine_free(engine) };
    }

    #[test]
    fn every_status_has_a_message() {
        for s in 0..=HupaiStatus::Unreachable as u32 {
            // SAFETY: the messages are static NUL-terminated strings.
            let m = unsafe { CStr::from_ptr(hupai_status_message(s)) };
            assert_ne!(m.to_str().unwrap(), "unknown status", "{s}");
        }
    }
}
