//! Static strings: the version, status messages, tile names, and the
//! cache that turns the core's names into C strings.

use hupai_core::tile::KINDS;
use std::ffi::{c_char, CStr, CString};
use std::ptr;
use std::sync::OnceLock;

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
        18 => c"bad scoring context (winning tile, wind, variant, flowers, option or profile)",
        19 => c"the hand does not fit the rule set",
        20 => c"no complete hand can be reached",
        21 => c"the output buffer is too small (the length it needs was written)",
        22 => c"the round is not valid (the message names the event)",
        _ => c"unknown status",
    };
    m.as_ptr()
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

/// Names as NUL-terminated C strings, built once by `make` on first use and
/// never freed: entry `i`, or null past the end.
pub(crate) fn cached_name(
    cache: &'static OnceLock<Vec<CString>>,
    i: u32,
    make: impl FnOnce() -> Vec<String>,
) -> *const c_char {
    let all = cache.get_or_init(|| {
        make()
            .into_iter()
            .map(|n| CString::new(n).expect("names hold no NUL"))
            .collect()
    });
    all.get(i as usize).map_or(ptr::null(), |n| n.as_ptr())
}

/// Copy `message` into the caller's `buffer` of `cap` bytes, cut on a
/// character boundary, NUL-terminated; nothing when `buffer` is null or
/// `cap` is 0.
///
/// # Safety
///
/// `buffer` is null or valid for writing `cap` bytes.
pub(crate) unsafe fn write_message(message: &str, buffer: *mut c_char, cap: usize) {
    if buffer.is_null() || cap == 0 {
        return;
    }
    let mut n = message.len().min(cap - 1);
    while !message.is_char_boundary(n) {
        n -= 1;
    }
    // SAFETY: `buffer` is non-null and by the contract valid for writing
    // `cap` bytes; we write `n` < `cap` bytes and one NUL at index `n`, from
    // our own `message`, which cannot overlap caller memory. `c_char` has
    // alignment 1.
    unsafe {
        ptr::copy_nonoverlapping(message.as_ptr(), buffer.cast::<u8>(), n);
        buffer.add(n).write(0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::HupaiStatus;
    use hupai_core::tile::Tile;

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
    fn every_status_has_a_message() {
        for s in 0..=HupaiStatus::BadRound as u32 {
            // SAFETY: the messages are static NUL-terminated strings.
            let m = unsafe { CStr::from_ptr(hupai_status_message(s)) };
            assert_ne!(m.to_str().unwrap(), "unknown status", "{s}");
        }
        // SAFETY: as above.
        let m = unsafe { CStr::from_ptr(hupai_status_message(HupaiStatus::BadRound as u32 + 1)) };
        assert_eq!(m.to_str().unwrap(), "unknown status");
    }

    #[test]
    fn cached_names_are_built_once_and_end_in_null() {
        static CACHE: OnceLock<Vec<CString>> = OnceLock::new();
        let first = cached_name(&CACHE, 1, || vec!["a".into(), "b".into()]);
        // SAFETY: a name of the cache, which lives for the program.
        assert_eq!(unsafe { CStr::from_ptr(first) }.to_str().unwrap(), "b");
        // A second `make` is never called: the cache keeps the first names.
        let again = cached_name(&CACHE, 1, || unreachable!("built twice"));
        assert_eq!(first, again);
        assert!(cached_name(&CACHE, 2, Vec::new).is_null());
    }

    #[test]
    fn messages_are_cut_on_a_character_boundary() {
        let mut buf = [0x55 as c_char; 8];
        // SAFETY: `buf` is writable for its 8 bytes.
        unsafe { write_message("ab花猪", buf.as_mut_ptr(), buf.len()) };
        // SAFETY: NUL-terminated by `write_message`.
        let got = unsafe { CStr::from_ptr(buf.as_ptr()) };
        // 8 bytes hold 7 and the NUL: "ab" + 花 (3 bytes), 猪 does not fit.
        assert_eq!(got.to_str().unwrap(), "ab花");
        // A zero capacity or a null buffer writes nothing.
        // SAFETY: nothing is written with a capacity of 0; null is ignored.
        unsafe {
            write_message("x", buf.as_mut_ptr(), 0);
            write_message("x", ptr::null_mut(), 8);
        }
        assert_eq!(buf[0], b'a' as c_char);
    }
}
