//! Questions about a hand: complete? (one or a batch), waits, shanten,
//! effective tiles.

use crate::engine::engine_ref;
use crate::hand::{hand_of, read_hand};
use crate::{guard, out_ptr, HupaiEngine, HupaiHand, HupaiMeld, HupaiStatus, HUPAI_INVALID};
use hupai_core::engine::ShantenError;
use hupai_core::tile::{Tile, KINDS};
use std::ptr;

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
        let w = engine
            .engine
            .waits(&hand)
            .map_err(|_| HupaiStatus::HandSize)?;
        // SAFETY: both pointers are non-null and aligned (checked) and by the
        // contract valid for writing one `u64` each.
        unsafe {
            live.write(w.live.bits());
            exhausted.write(w.exhausted.bits());
        }
        Ok(())
    })
}

/// The status of a shanten error.
fn shanten_status(e: hupai_core::Error) -> HupaiStatus {
    // The C engines have no jokers: their shanten questions fail only with
    // a shanten error.
    let hupai_core::Error::Shanten(e) = e else {
        return HupaiStatus::BadArgument;
    };
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
        let s = engine.engine.shanten(&hand).map_err(shanten_status)?;
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
        let e = engine
            .engine
            .effective(&hand, &seen)
            .map_err(shanten_status)?;
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
