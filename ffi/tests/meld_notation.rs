//! The MCR reference calculator's meld digits and riichi's red fives inside
//! melds, through the C ABI: `hupai_parse` fills `HupaiMeld::from` and
//! `HupaiMeld::red`, `hupai_format` writes them back, meaningless digits are
//! refused.

use hupai::*;

#[test]
fn red_fives_in_melds_cross_the_c_abi_both_ways() {
    let mut out = HupaiHand::default();
    let st = unsafe {
        hupai_parse(
            c"[0555m2]11z".as_ptr(),
            HUPAI_NOTATION_MPSZ,
            &mut out,
            std::ptr::null_mut(),
            0,
        )
    };
    assert_eq!((st, out.melds[0].red), (HupaiStatus::Ok, 1));
    let mut text = [0 as std::ffi::c_char; 64];
    let st = unsafe { hupai_format(&out, text.as_mut_ptr(), text.len()) };
    assert_eq!(st, HupaiStatus::Ok);
    let text = unsafe { std::ffi::CStr::from_ptr(text.as_ptr()) };
    assert_eq!(text.to_str().unwrap(), "[0555m2]11z");
}

#[test]
fn the_c_abi_carries_the_digit() {
    let mut out = HupaiHand::default();
    let text = c"[567m2][1111s6][SSSS]EE";
    let st = unsafe {
        hupai_parse(
            text.as_ptr(),
            HUPAI_NOTATION_MCR,
            &mut out,
            std::ptr::null_mut(),
            0,
        )
    };
    assert_eq!(st, HupaiStatus::Ok);
    assert_eq!(
        out.melds[..3],
        [
            HupaiMeld {
                kind: HUPAI_MELD_CHOW,
                tile: 4,
                from: 2,
                red: 0,
            },
            HupaiMeld {
                kind: HUPAI_MELD_KONG,
                tile: 18,
                from: 6,
                red: 0,
            },
            HupaiMeld {
                kind: HUPAI_MELD_CONCEALED_KONG,
                tile: 28,
                from: HUPAI_FROM_NONE,
                red: 0,
            },
        ]
    );
    // And reads it back: format through the C ABI writes mpsz (the last
    // tile at the end), digits kept.
    let mut buf = [0 as std::ffi::c_char; HUPAI_FORMAT_MAX];
    let st = unsafe { hupai_format(&out, buf.as_mut_ptr(), buf.len()) };
    assert_eq!(st, HupaiStatus::Ok);
    let back = unsafe { std::ffi::CStr::from_ptr(buf.as_ptr()) };
    assert_eq!(back.to_str().unwrap(), "[567m2][1111s6][2222z]11z");
    // A pung with digit 5, a chow with 4, a concealed kong with a digit mean nothing.
    for (kind, from) in [
        (HUPAI_MELD_PUNG, 5),
        (HUPAI_MELD_CHOW, 4),
        (HUPAI_MELD_CONCEALED_KONG, 6),
    ] {
        let mut bad = out;
        bad.melds[0] = HupaiMeld {
            kind,
            tile: 4,
            from,
            red: 0,
        };
        let st = unsafe { hupai_format(&bad, buf.as_mut_ptr(), buf.len()) };
        assert_eq!(st, HupaiStatus::BadMeld, "{kind} {from}");
    }
}
