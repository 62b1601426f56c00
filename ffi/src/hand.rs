//! Hands between C and Rust: reading and checking C counts and melds, and
//! hands to and from notation (`hupai_parse`, `hupai_format`).

use crate::strings::write_message;
use crate::{
    guard, out_ptr, HupaiHand, HupaiMeld, HupaiStatus, Result, HUPAI_FROM_NONE, HUPAI_MELD_CHOW,
    HUPAI_MELD_CONCEALED_KONG, HUPAI_MELD_KONG, HUPAI_MELD_PUNG, HUPAI_NOTATION_AUTO,
    HUPAI_NOTATION_CHENGDU, HUPAI_NOTATION_MCR, HUPAI_NOTATION_MEDIATEK, HUPAI_NOTATION_MPSZ,
    HUPAI_NO_TILE,
};
use hupai_core::hand::{Hand, HandError, Meld, MeldKind, MAX_MELDS};
use hupai_core::notation::{self, Notation};
use hupai_core::tile::{Tile, KINDS};
use std::ffi::{c_char, CStr};
use std::ptr;

/// Copy a caller's hand (34 counts plus melds) into a checked [`Hand`].
///
/// # Safety
///
/// Non-null `counts` is valid for reading `counts_len` bytes and non-null
/// `melds` for reading `meld_count` melds, for the duration of the call.
pub(crate) unsafe fn read_hand(
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
pub(crate) fn to_hand(counts: &[u8; KINDS], melds: &[HupaiMeld]) -> Result<Hand> {
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
pub(crate) fn hand_of(h: &HupaiHand) -> Result<Hand> {
    let n = h.meld_count as usize;
    if n > MAX_MELDS {
        return Err(HupaiStatus::BadLength);
    }
    to_hand(&h.counts, &h.melds[..n])
}

/// The checked [`Meld`] of a C meld.
fn to_meld(m: &HupaiMeld) -> Result<Meld> {
    let kind = match m.kind {
        HUPAI_MELD_CHOW => MeldKind::Chow,
        HUPAI_MELD_PUNG => MeldKind::Pung,
        HUPAI_MELD_KONG => MeldKind::Kong,
        HUPAI_MELD_CONCEALED_KONG => MeldKind::ConcealedKong,
        _ => return Err(HupaiStatus::BadMeld),
    };
    let tile = Tile::from_index(m.tile as usize).ok_or(HupaiStatus::BadMeld)?;
    let meld = notation::meld_of_digit(kind, tile, m.from).ok_or(HupaiStatus::BadMeld)?;
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

/// The notation of a `HUPAI_NOTATION_*` code.
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
                // SAFETY: the contract of this function is that of
                // `write_message` for `error` and `error_len`.
                unsafe { write_message(&message, error, error_len) };
                Err(HupaiStatus::ParseError)
            }
        }
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
