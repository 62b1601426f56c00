//! Sichuan settlement: a whole round (the JSON of `hupai settle`) into every
//! payment with its reason and each player's net.

use crate::sichuan::preset_from;
use crate::strings::{cached_name, write_message};
use crate::{guard, out_ptr, HupaiStatus};
use hupai_core::sichuan::{self, Options, Round, Why};
use hupai_core::Tables;
use std::ffi::{c_char, CStr, CString};
use std::sync::OnceLock;

/// One payment of a settlement.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HupaiSichuanPayment {
    /// Who pays, 0–3.
    pub from: u8,
    /// Who receives, 0–3.
    pub to: u8,
    /// Why: a code `hupai_sichuan_why_name` names ("concealed-kong", …).
    pub why: u8,
    /// How much, in base.
    pub amount: u32,
}

/// Every reason for a payment in the order of its code.
const WHYS: [Why; 12] = [
    Why::ConcealedKong,
    Why::MeldedKong,
    Why::AddedKong,
    Why::Discard,
    Why::SelfDrawn,
    Why::DianGangHua,
    Why::RobbingTheKong,
    Why::CallTransfer,
    Why::KongRefund,
    Why::ChaJiao,
    Why::ChaHuaZhu,
    Why::TuiShui,
];

/// The code of a reason: its index in [`WHYS`]. The match is exhaustive, so
/// a new reason in the core does not compile until it has a code here.
fn why_code(w: Why) -> u8 {
    match w {
        Why::ConcealedKong => 0,
        Why::MeldedKong => 1,
        Why::AddedKong => 2,
        Why::Discard => 3,
        Why::SelfDrawn => 4,
        Why::DianGangHua => 5,
        Why::RobbingTheKong => 6,
        Why::CallTransfer => 7,
        Why::KongRefund => 8,
        Why::ChaJiao => 9,
        Why::ChaHuaZhu => 10,
        Why::TuiShui => 11,
    }
}

/// Settle a Sichuan round: `round_json` is one round in the JSON of `hupai
/// settle` (`{"dealer":0,"void":["s","m","p","m"],"events":[...]}`, UTF-8,
/// NUL-terminated), scored with the options of profile `profile`
/// (`HUPAI_SICHUAN_PROFILE_*`) on the tables built into the library.
///
/// On success the payments, in order, fill `payments[0..*len]` and
/// `net[0..4]` is each player's net (received − paid; the four sum to zero).
/// When the round has more payments than `capacity`,
/// `HUPAI_STATUS_BUFFER_TOO_SMALL` writes only `*len`, the count needed:
/// call again with a buffer that large (`payments` may be null when
/// `capacity` is 0). A round that is not valid is `HUPAI_STATUS_BAD_ROUND`,
/// with the message (naming the event, counted from 1) written into
/// `error_buf`, at most `error_cap` bytes with its NUL, when `error_buf` is
/// non-null; an unknown profile is `HUPAI_STATUS_BAD_CONTEXT`.
///
/// # Safety
///
/// `round_json` is null or NUL-terminated and readable; non-null `payments`
/// is valid for writing `capacity` payments; `len` is null or valid for
/// writing one `size_t`; `net` is null or valid for writing four `int64_t`;
/// `error_buf` is null or valid for writing `error_cap` bytes. The output
/// buffers do not overlap `round_json`.
#[no_mangle]
#[allow(clippy::too_many_arguments)] // the C signature: input, profile, outputs
pub unsafe extern "C" fn hupai_sichuan_settle(
    round_json: *const c_char,
    profile: u32,
    payments: *mut HupaiSichuanPayment,
    capacity: usize,
    len: *mut usize,
    net: *mut i64,
    error_buf: *mut c_char,
    error_cap: usize,
) -> HupaiStatus {
    guard(|| {
        if round_json.is_null() || (capacity > 0 && payments.is_null()) {
            return Err(HupaiStatus::NullPointer);
        }
        let len = out_ptr(len)?;
        let net = out_ptr(net)?;
        if !payments.is_null() && !payments.is_aligned() {
            return Err(HupaiStatus::Misaligned);
        }
        let options = Options::preset(preset_from(profile)?);
        // SAFETY: non-null and, by the contract, NUL-terminated and readable
        // for the duration of the call; the text is parsed into our own
        // values before anything is written.
        let text = unsafe { CStr::from_ptr(round_json) };
        let settled = match text.to_str() {
            Ok(s) => Round::from_json(s)
                .and_then(|round| sichuan::settle(&round, &options, Tables::embedded()))
                .map_err(|e| e.to_string()),
            Err(e) => Err(format!("not UTF-8 at byte {}", e.valid_up_to() + 1)),
        };
        let settlement = match settled {
            Ok(s) => s,
            Err(message) => {
                // SAFETY: the contract of this function is that of
                // `write_message` for `error_buf` and `error_cap`.
                unsafe { write_message(&message, error_buf, error_cap) };
                return Err(HupaiStatus::BadRound);
            }
        };
        let n = settlement.payments.len();
        // SAFETY (both writes of `len`): non-null and aligned (checked), by
        // the contract valid for writing one `usize`.
        unsafe { len.write(n) };
        if n > capacity {
            return Err(HupaiStatus::BufferTooSmall);
        }
        for (i, p) in settlement.payments.iter().enumerate() {
            let c = HupaiSichuanPayment {
                from: p.from,
                to: p.to,
                why: why_code(p.why),
                amount: p.amount,
            };
            // SAFETY: `payments` is non-null (n ≥ 1 ≤ capacity, and a null
            // buffer was refused when `capacity` > 0) and aligned (checked);
            // by the contract it is valid for writing `capacity` ≥ n
            // payments, and `i` < n.
            unsafe { payments.add(i).write(c) };
        }
        // SAFETY: non-null and aligned (checked); by the contract valid for
        // writing four `i64`, and `[i64; 4]` has the alignment of `i64`.
        unsafe { net.cast::<[i64; 4]>().write(settlement.net) };
        Ok(())
    })
}

/// The name of payment reason `why` (as in `HupaiSichuanPayment`), as `hupai
/// settle` writes it: "concealed-kong", "melded-kong", "added-kong",
/// "discard", "self-drawn", "dian-gang-hua", "robbing-the-kong",
/// "call-transfer", "kong-refund", "cha-jiao", "cha-hua-zhu", "tui-shui". A
/// static NUL-terminated string, or null when `why` is out of range.
#[no_mangle]
pub extern "C" fn hupai_sichuan_why_name(why: u32) -> *const c_char {
    static NAMES: OnceLock<Vec<CString>> = OnceLock::new();
    cached_name(&NAMES, why, || {
        WHYS.iter()
            .map(|w| match serde_json::to_value(w) {
                Ok(serde_json::Value::String(s)) => s,
                other => panic!("a reason serialises as a string, not {other:?}"),
            })
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn why_codes_are_their_positions() {
        for (i, w) in WHYS.iter().enumerate() {
            assert_eq!(why_code(*w) as usize, i, "{w:?}");
        }
    }
}
