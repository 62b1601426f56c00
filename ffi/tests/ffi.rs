//! The C entry points called from Rust: every pointer and length check
//! returns its error code, answers equal the Rust engine's, and engines are
//! shared across threads.

use hupai::*;
use hupai_core::server::Engine;
use hupai_core::sets::{hands, Set, SEED};
use hupai_core::{Hand, Rules};
use std::ffi::{c_char, CStr};
use std::ptr;

/// An engine owned by a test, freed on drop.
struct Owned(*mut HupaiEngine);

impl Owned {
    fn new(rules: u32, dir: Option<&CStr>, threads: usize) -> Result<Owned, HupaiStatus> {
        let mut e = ptr::null_mut();
        let dir = dir.map_or(ptr::null(), CStr::as_ptr);
        match unsafe { hupai_engine_new(rules, dir, threads, &mut e) } {
            HupaiStatus::Ok => Ok(Owned(e)),
            s => {
                assert!(e.is_null(), "a failed hupai_engine_new leaves *out null");
                Err(s)
            }
        }
    }
}

impl Drop for Owned {
    fn drop(&mut self) {
        unsafe { hupai_engine_free(self.0) }
    }
}

// SAFETY (test helper): the engine is immutable and `Sync` by the C contract;
// the pointer is only freed on drop, after every thread has joined.
unsafe impl Sync for Owned {}
unsafe impl Send for Owned {}

fn generic() -> Owned {
    Owned::new(HUPAI_RULES_GENERIC, None, 0).unwrap()
}

fn c_hand(hand: &Hand) -> HupaiHand {
    let text = std::ffi::CString::new(hand.to_string()).unwrap();
    let mut out = HupaiHand::default();
    let st = unsafe {
        hupai_parse(
            text.as_ptr(),
            HUPAI_NOTATION_MPSZ,
            &mut out,
            ptr::null_mut(),
            0,
        )
    };
    assert_eq!(st, HupaiStatus::Ok, "{hand}");
    out
}

fn check(e: &Owned, h: &HupaiHand) -> Result<bool, HupaiStatus> {
    let mut win = false;
    match unsafe {
        hupai_check(
            e.0,
            h.counts.as_ptr(),
            h.counts.len(),
            h.melds.as_ptr(),
            h.meld_count as usize,
            &mut win,
        )
    } {
        HupaiStatus::Ok => Ok(win),
        s => Err(s),
    }
}

fn parse(text: &CStr, notation: u32) -> Result<HupaiHand, (HupaiStatus, String)> {
    let mut out = HupaiHand::default();
    let mut msg = [0 as c_char; 128];
    match unsafe {
        hupai_parse(
            text.as_ptr(),
            notation,
            &mut out,
            msg.as_mut_ptr(),
            msg.len(),
        )
    } {
        HupaiStatus::Ok => Ok(out),
        s => Err((
            s,
            unsafe { CStr::from_ptr(msg.as_ptr()) }
                .to_str()
                .unwrap()
                .to_string(),
        )),
    }
}

#[test]
fn answers_equal_the_rust_engine_for_every_rule_set() {
    for (code, rules) in [
        (HUPAI_RULES_GENERIC, Rules::GENERIC),
        (HUPAI_RULES_SICHUAN, Rules::SICHUAN),
        (HUPAI_RULES_RIICHI, Rules::RIICHI),
        (HUPAI_RULES_MCR, Rules::MCR),
    ] {
        let e = Owned::new(code, None, 0).unwrap();
        let rust = Engine::embedded(rules);
        for set in [Set::C14, Set::R14] {
            for h in hands(set, 2_000, SEED) {
                assert_eq!(check(&e, &c_hand(&h)), Ok(rust.is_win(&h)), "{h}");
            }
        }
        // Melds travel through the C structs.
        for s in [
            "[EEE][SSSS1]55pWWWNNN",
            "[1111m][234p1]567s88p999s",
            "[123m][456m]789m1p",
        ] {
            let h = hupai_core::notation::parse(s, hupai_core::Notation::Auto).unwrap();
            let c = c_hand(&h);
            assert_eq!(c.meld_count as usize, h.meld_count());
            assert_eq!(check(&e, &c), Ok(rust.is_win(&h)), "{s}");
        }
    }
}

#[test]
fn parse_fills_the_hand_and_reports_errors_with_positions() {
    let h = parse(c"[EEE][SSSS1]55pWWWNNN", HUPAI_NOTATION_MCR).unwrap();
    assert_eq!(h.meld_count, 2);
    assert_eq!(
        h.melds[..2],
        [
            HupaiMeld {
                kind: HUPAI_MELD_PUNG,
                tile: 27,
                from: HUPAI_FROM_NONE,
                red: 0,
            },
            HupaiMeld {
                kind: HUPAI_MELD_KONG,
                tile: 28,
                from: HUPAI_FROM_LEFT,
                red: 0,
            },
        ]
    );
    assert_eq!(h.counts[13], 2); // 5p
    assert_eq!(h.last_tile, 30); // N, the last concealed tile written
                                 // A declared meld keeps its red fives.
    let h = parse(c"[0555m2][406p]11z", HUPAI_NOTATION_MPSZ).unwrap();
    assert_eq!((h.melds[0].kind, h.melds[0].red), (HUPAI_MELD_KONG, 1));
    assert_eq!((h.melds[1].kind, h.melds[1].red), (HUPAI_MELD_CHOW, 1));
    let (st, msg) = parse(c"123m8z", HUPAI_NOTATION_MPSZ).unwrap_err();
    assert_eq!(st, HupaiStatus::ParseError);
    assert!(msg.contains("8z") && msg.contains("position 5"), "{msg}");
    assert_eq!(parse(c"123m", 9).unwrap_err().0, HupaiStatus::BadNotation);
    // Not UTF-8.
    let bad = [b'1', 0xff, b'm', 0];
    let bad = CStr::from_bytes_with_nul(&bad).unwrap();
    let (st, msg) = parse(bad, HUPAI_NOTATION_AUTO).unwrap_err();
    assert_eq!(
        (st, msg.as_str()),
        (HupaiStatus::ParseError, "not UTF-8 at byte 2")
    );
    // A message longer than the buffer is cut, on a character boundary, and
    // NUL-terminated; a null or empty buffer is allowed.
    let mut out = HupaiHand::default();
    let mut small = [1 as c_char; 6];
    let st = unsafe {
        hupai_parse(
            c"xyz".as_ptr(),
            HUPAI_NOTATION_AUTO,
            &mut out,
            small.as_mut_ptr(),
            small.len(),
        )
    };
    assert_eq!(st, HupaiStatus::ParseError);
    assert_eq!(
        unsafe { CStr::from_ptr(small.as_ptr()) }.to_bytes().len(),
        5
    );
    for (buf, len) in [(ptr::null_mut(), 100), (small.as_mut_ptr(), 0)] {
        let st = unsafe { hupai_parse(c"xyz".as_ptr(), HUPAI_NOTATION_AUTO, &mut out, buf, len) };
        assert_eq!(st, HupaiStatus::ParseError);
    }
    // Null text or output.
    let st = unsafe { hupai_parse(ptr::null(), 0, &mut out, ptr::null_mut(), 0) };
    assert_eq!(st, HupaiStatus::NullPointer);
    let st = unsafe { hupai_parse(c"1m".as_ptr(), 0, ptr::null_mut(), ptr::null_mut(), 0) };
    assert_eq!(st, HupaiStatus::NullPointer);
}

#[test]
fn check_refuses_bad_pointers_lengths_and_hands() {
    let e = generic();
    let good = parse(c"11122233344455m", HUPAI_NOTATION_MPSZ).unwrap();
    let call =
        |engine: *const HupaiEngine,
         counts: *const u8,
         len: usize,
         melds: *const HupaiMeld,
         n: usize,
         win: *mut bool| unsafe { hupai_check(engine, counts, len, melds, n, win) };
    let mut win = false;
    let c = good.counts.as_ptr();
    assert_eq!(call(e.0, c, 34, ptr::null(), 0, &mut win), HupaiStatus::Ok);
    assert!(win);
    assert_eq!(
        call(ptr::null(), c, 34, ptr::null(), 0, &mut win),
        HupaiStatus::NullPointer
    );
    assert_eq!(
        call(e.0, ptr::null(), 34, ptr::null(), 0, &mut win),
        HupaiStatus::NullPointer
    );
    assert_eq!(
        call(e.0, c, 34, ptr::null(), 1, &mut win),
        HupaiStatus::NullPointer
    );
    assert_eq!(
        call(e.0, c, 34, ptr::null(), 0, ptr::null_mut()),
        HupaiStatus::NullPointer
    );
    for len in [0, 33, 35, usize::MAX] {
        assert_eq!(
            call(e.0, c, len, ptr::null(), 0, &mut win),
            HupaiStatus::BadLength
        );
    }
    let melds = [HupaiMeld::default(); 5];
    assert_eq!(
        call(e.0, c, 34, melds.as_ptr(), 5, &mut win),
        HupaiStatus::BadLength
    );

    let mut five = good;
    five.counts[3] = 5;
    assert_eq!(check(&e, &five), Err(HupaiStatus::BadCount));
    let mut fifth = good;
    fifth.meld_count = 1;
    fifth.melds[0] = HupaiMeld {
        kind: HUPAI_MELD_PUNG,
        tile: 0,
        from: HUPAI_FROM_LEFT,
        red: 0,
    };
    assert_eq!(check(&e, &fifth), Err(HupaiStatus::FifthCopy));
    for bad in [
        HupaiMeld {
            kind: 4,
            tile: 9,
            from: 0,
            red: 0,
        }, // kind
        HupaiMeld {
            kind: HUPAI_MELD_PUNG,
            tile: 34,
            from: 0,
            red: 0,
        }, // tile
        HupaiMeld {
            kind: HUPAI_MELD_PUNG,
            tile: 9,
            from: 4,
            red: 0,
        }, // source
        HupaiMeld {
            kind: HUPAI_MELD_CHOW,
            tile: 16,
            from: HUPAI_FROM_LEFT,
            red: 0,
        }, // 8p 9p 10p
        HupaiMeld {
            kind: HUPAI_MELD_CHOW,
            tile: 27,
            from: HUPAI_FROM_LEFT,
            red: 0,
        }, // honour chow
        HupaiMeld {
            kind: HUPAI_MELD_CONCEALED_KONG,
            tile: 9,
            from: HUPAI_FROM_LEFT,
            red: 0,
        },
        HupaiMeld {
            kind: HUPAI_MELD_PUNG,
            tile: 9,
            from: HUPAI_FROM_LEFT,
            red: 1,
        }, // a red five in a pung of 1p
        HupaiMeld {
            kind: HUPAI_MELD_CHOW,
            tile: 12,
            from: HUPAI_FROM_LEFT,
            red: 2,
        }, // two red fives in 456p
    ] {
        let mut h = good;
        h.meld_count = 1;
        h.melds[0] = bad;
        assert_eq!(check(&e, &h), Err(HupaiStatus::BadMeld), "{bad:?}");
    }
    // Misaligned out-pointer: a `bool` has alignment 1, so use the batch's
    // `size_t *first_invalid`, placed at an odd address.
    let mut words = [0usize; 2];
    let odd = unsafe { words.as_mut_ptr().cast::<u8>().add(1) }.cast::<usize>();
    let hands = [good];
    let mut results = [9u8];
    let st = unsafe { hupai_check_batch(e.0, hands.as_ptr(), 1, results.as_mut_ptr(), odd) };
    assert_eq!(st, HupaiStatus::Misaligned);
    assert_eq!(results, [9], "nothing written on an error");
}

#[test]
fn batch_answers_in_order_and_marks_invalid_hands() {
    let e = Owned::new(HUPAI_RULES_GENERIC, None, 2).unwrap();
    let rust = Engine::embedded(Rules::GENERIC);
    let mut hs: Vec<Hand> = hands(Set::C14, 5_000, SEED);
    hs.extend(hands(Set::R14, 5_000, SEED));
    let mut c: Vec<HupaiHand> = hs.iter().map(c_hand).collect();
    let want: Vec<u8> = rust.check_batch(&hs).into_iter().map(u8::from).collect();
    let mut results = vec![9u8; c.len()];
    let mut first = usize::MAX;
    let st =
        unsafe { hupai_check_batch(e.0, c.as_ptr(), c.len(), results.as_mut_ptr(), &mut first) };
    assert_eq!(st, HupaiStatus::Ok);
    assert_eq!(results, want);
    assert_eq!(first, usize::MAX, "written only when a hand is invalid");

    // Invalid hands are marked, the others still answered.
    c[7000].counts[0] = 7;
    c[9000].meld_count = 5;
    c[9500].meld_count = 1;
    c[9500].melds[0].kind = 200;
    let st =
        unsafe { hupai_check_batch(e.0, c.as_ptr(), c.len(), results.as_mut_ptr(), &mut first) };
    assert_eq!(st, HupaiStatus::InvalidHand);
    assert_eq!(first, 7000);
    for (i, (&r, &w)) in results.iter().zip(&want).enumerate() {
        let expect = if [7000, 9000, 9500].contains(&i) {
            HUPAI_INVALID
        } else {
            w
        };
        assert_eq!(r, expect, "hand {i}");
    }
    // A null `first_invalid` is allowed.
    let st = unsafe {
        hupai_check_batch(
            e.0,
            c.as_ptr(),
            c.len(),
            results.as_mut_ptr(),
            ptr::null_mut(),
        )
    };
    assert_eq!(st, HupaiStatus::InvalidHand);
}

#[test]
fn batch_refuses_bad_pointers_lengths_and_overlap() {
    let e = generic();
    let hs = [HupaiHand::default(); 4];
    let mut r = [0u8; 4];
    let (h, rp) = (hs.as_ptr(), r.as_mut_ptr());
    let batch = |e: *const HupaiEngine, h: *const HupaiHand, n: usize, r: *mut u8| unsafe {
        hupai_check_batch(e, h, n, r, ptr::null_mut())
    };
    // Empty batches need no buffers.
    assert_eq!(batch(e.0, ptr::null(), 0, ptr::null_mut()), HupaiStatus::Ok);
    assert_eq!(batch(ptr::null(), h, 4, rp), HupaiStatus::NullPointer);
    assert_eq!(batch(e.0, ptr::null(), 4, rp), HupaiStatus::NullPointer);
    assert_eq!(batch(e.0, h, 4, ptr::null_mut()), HupaiStatus::NullPointer);
    assert_eq!(batch(e.0, h, usize::MAX / 8, rp), HupaiStatus::BadLength);
    // Results written over the hands themselves.
    let mut hs2 = [HupaiHand::default(); 4];
    let over = hs2.as_mut_ptr();
    let inside = unsafe { over.cast::<u8>().add(40) };
    assert_eq!(batch(e.0, over, 4, inside), HupaiStatus::BadArgument);
    assert_eq!(batch(e.0, h, 4, rp), HupaiStatus::Ok);
    assert_eq!(r, [HUPAI_NOT_COMPLETE; 4]);
}

#[test]
fn engine_creation_errors() {
    assert_eq!(Owned::new(5, None, 0).err(), Some(HupaiStatus::BadRules));
    assert_eq!(
        Owned::new(HUPAI_RULES_GENERIC, Some(c"/no/such/dir"), 0).err(),
        Some(HupaiStatus::TableIo)
    );
    // A directory of corrupt files.
    let dir = tempfile::tempdir().unwrap();
    for file in hupai_core::table::FILES {
        std::fs::write(dir.path().join(file), b"not a table").unwrap();
    }
    let path = std::ffi::CString::new(dir.path().to_str().unwrap()).unwrap();
    assert_eq!(
        Owned::new(HUPAI_RULES_GENERIC, Some(&path), 0).err(),
        Some(HupaiStatus::BadTables)
    );
    // A path that is not UTF-8.
    let bad = c"/tmp/\xff";
    assert_eq!(
        Owned::new(HUPAI_RULES_GENERIC, Some(bad), 0).err(),
        Some(HupaiStatus::BadArgument)
    );
    // A null out-pointer.
    let st = unsafe { hupai_engine_new(0, ptr::null(), 0, ptr::null_mut()) };
    assert_eq!(st, HupaiStatus::NullPointer);
    // Freeing null is allowed.
    unsafe { hupai_engine_free(ptr::null_mut()) };
}

#[test]
fn mapped_engine_equals_embedded_and_is_shared_by_threads() {
    let dir = std::ffi::CString::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../tables")).unwrap();
    let mapped = Owned::new(HUPAI_RULES_GENERIC, Some(&dir), 0).unwrap();
    let embedded = generic();
    let hs: Vec<HupaiHand> = hands(Set::C14, 4_000, SEED)
        .iter()
        .chain(&hands(Set::R14, 4_000, SEED))
        .map(c_hand)
        .collect();
    let want: Vec<Result<bool, HupaiStatus>> = hs.iter().map(|h| check(&embedded, h)).collect();
    std::thread::scope(|s| {
        for t in 0..4 {
            let (mapped, hs, want) = (&mapped, &hs, &want);
            s.spawn(move || {
                for (i, h) in hs.iter().enumerate().skip(t).step_by(4) {
                    assert_eq!(check(mapped, h), want[i], "hand {i}");
                }
            });
        }
    });
}

#[test]
fn version_and_messages_are_static_strings() {
    let v = unsafe { CStr::from_ptr(hupai_version()) };
    assert_eq!(v.to_str().unwrap(), env!("CARGO_PKG_VERSION"));
    // The C library carries the core's version.
    let core = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../Cargo.toml"));
    let core = core.unwrap();
    let line = core.lines().find(|l| l.starts_with("version = ")).unwrap();
    assert_eq!(line, format!("version = \"{}\"", v.to_str().unwrap()));
    let ok = unsafe { CStr::from_ptr(hupai_status_message(HupaiStatus::Ok as u32)) };
    assert_eq!(ok.to_str().unwrap(), "success");
    let unknown = unsafe { CStr::from_ptr(hupai_status_message(1000)) };
    assert_eq!(unknown.to_str().unwrap(), "unknown status");
}

#[test]
fn waits_equal_the_rust_engine_and_refuse_bad_input() {
    for (code, rules) in [
        (HUPAI_RULES_GENERIC, Rules::GENERIC),
        (HUPAI_RULES_RIICHI, Rules::RIICHI),
        (HUPAI_RULES_MCR, Rules::MCR),
    ] {
        let e = Owned::new(code, None, 0).unwrap();
        let rust = Engine::embedded(rules);
        for h in hands(Set::T13, 2_000, SEED)
            .iter()
            .chain(&hands(Set::R13, 500, SEED))
            .chain(&hands(Set::C14, 100, SEED))
        {
            let c = c_hand(h);
            let (mut live, mut exhausted) = (0u64, 0u64);
            let st = unsafe {
                hupai_waits(
                    e.0,
                    c.counts.as_ptr(),
                    34,
                    c.melds.as_ptr(),
                    0,
                    &mut live,
                    &mut exhausted,
                )
            };
            match rust.waits(h) {
                Ok(w) => {
                    assert_eq!(st, HupaiStatus::Ok, "{h}");
                    assert_eq!(
                        (live, exhausted),
                        (w.live.bits(), w.exhausted.bits()),
                        "{h}"
                    );
                }
                Err(_) => assert_eq!(st, HupaiStatus::HandSize, "{h}"),
            }
        }
    }
    let e = generic();
    let h = parse(c"1111m23m456p789s11z", HUPAI_NOTATION_MPSZ).unwrap();
    let (mut live, mut exhausted) = (0u64, 0u64);
    let call = |engine, counts: *const u8, len, live, exhausted| unsafe {
        hupai_waits(engine, counts, len, ptr::null(), 0, live, exhausted)
    };
    let c = h.counts.as_ptr();
    assert_eq!(call(e.0, c, 34, &mut live, &mut exhausted), HupaiStatus::Ok);
    assert_eq!((live, exhausted), (1 << 3, 1 << 0)); // 4m live, 1m exhausted
    assert_eq!(
        call(ptr::null(), c, 34, &mut live, &mut exhausted),
        HupaiStatus::NullPointer
    );
    assert_eq!(
        call(e.0, ptr::null(), 34, &mut live, &mut exhausted),
        HupaiStatus::NullPointer
    );
    assert_eq!(
        call(e.0, c, 34, ptr::null_mut(), &mut exhausted),
        HupaiStatus::NullPointer
    );
    assert_eq!(
        call(e.0, c, 34, &mut live, ptr::null_mut()),
        HupaiStatus::NullPointer
    );
    assert_eq!(
        call(e.0, c, 7, &mut live, &mut exhausted),
        HupaiStatus::BadLength
    );
    let mut words = [0u64; 2];
    let odd = unsafe { words.as_mut_ptr().cast::<u8>().add(4) }.cast::<u64>();
    assert_eq!(
        call(e.0, c, 34, odd, &mut exhausted),
        HupaiStatus::Misaligned
    );
}

#[test]
fn format_writes_the_canonical_text_or_refuses() {
    let h = parse(c"[EEE][SSSS1]55pWWWNNN", HUPAI_NOTATION_MCR).unwrap();
    let mut buf = [1 as c_char; HUPAI_FORMAT_MAX];
    let st = unsafe { hupai_format(&h, buf.as_mut_ptr(), buf.len()) };
    assert_eq!(st, HupaiStatus::Ok);
    let text = unsafe { CStr::from_ptr(buf.as_ptr()) }.to_str().unwrap();
    assert_eq!(text, "[111z][2222z1]55p333444z");
    // Too small by one (the NUL): refused, nothing written.
    let mut small = [1 as c_char; 24];
    let st = unsafe { hupai_format(&h, small.as_mut_ptr(), small.len()) };
    assert_eq!((st, small), (HupaiStatus::BadLength, [1; 24]));
    assert_eq!(
        unsafe { hupai_format(ptr::null(), buf.as_mut_ptr(), buf.len()) },
        HupaiStatus::NullPointer
    );
    assert_eq!(
        unsafe { hupai_format(&h, ptr::null_mut(), 10) },
        HupaiStatus::NullPointer
    );
    let mut bad = h;
    bad.meld_count = 9;
    assert_eq!(
        unsafe { hupai_format(&bad, buf.as_mut_ptr(), buf.len()) },
        HupaiStatus::BadLength
    );
    // The largest hand there is (every tile four times) fits HUPAI_FORMAT_MAX.
    let all = HupaiHand {
        counts: [4; HUPAI_KINDS],
        ..HupaiHand::default()
    };
    assert_eq!(
        unsafe { hupai_format(&all, buf.as_mut_ptr(), buf.len()) },
        HupaiStatus::Ok
    );
    let mut melds = all;
    melds.meld_count = 4;
    for (i, m) in melds.melds.iter_mut().enumerate() {
        melds.counts[i] = 0;
        *m = HupaiMeld {
            kind: HUPAI_MELD_KONG,
            tile: i as u8,
            from: HUPAI_FROM_RIGHT,
            red: 0,
        };
    }
    assert_eq!(
        unsafe { hupai_format(&melds, buf.as_mut_ptr(), buf.len()) },
        HupaiStatus::Ok
    );
}

fn score_of(e: &Owned, h: &HupaiHand, ctx: &HupaiScoreContext) -> Result<HupaiScore, HupaiStatus> {
    let mut out = HupaiScore::default();
    let st = unsafe {
        hupai_score(
            e.0,
            h.counts.as_ptr(),
            34,
            h.melds.as_ptr(),
            h.meld_count as usize,
            ctx,
            &mut out,
        )
    };
    if st == HupaiStatus::Ok {
        Ok(out)
    } else {
        Err(st)
    }
}

#[test]
fn scores_equal_the_rust_scorer() {
    use hupai_core::mcr::{Flags, ScoringInput};
    let e = Owned::new(HUPAI_RULES_MCR, None, 0).unwrap();
    let rust = Engine::embedded(Rules::MCR);
    let mut scored = 0;
    for (i, h) in hands(Set::C14, 3_000, SEED).iter().enumerate() {
        let input = ScoringInput::winning_on_nth(*h, i, Flags::default()).unwrap();
        let c = c_hand(h);
        let ctx = HupaiScoreContext {
            winning_tile: input.win_tile().index() as u8,
            ..HupaiScoreContext::default()
        };
        match (rust.score(&input), score_of(&e, &c, &ctx)) {
            (Ok(want), Ok(got)) => {
                scored += 1;
                assert_eq!((got.total, got.legal), (want.total, want.legal), "{h}");
                let fans: Vec<(u8, u8, u8)> = got.fans[..got.fan_count as usize]
                    .iter()
                    .map(|f| (f.fan, f.points, f.count))
                    .collect();
                let want_fans: Vec<(u8, u8, u8)> = want
                    .fans
                    .iter()
                    .map(|f| (f.fan as u8, f.points, f.count))
                    .collect();
                assert_eq!(fans, want_fans, "{h}");
            }
            (Err(_), Err(st)) => assert_eq!(st, HupaiStatus::NotWinning, "{h}"),
            (want, got) => panic!("{h}: {want:?} vs {got:?}"),
        }
    }
    assert!(scored > 2_000);
    // Names of the fans, English and Chinese.
    let name = |f: u32| {
        unsafe { CStr::from_ptr(hupai_fan_name(f)) }
            .to_str()
            .unwrap()
    };
    let chinese = |f: u32| {
        unsafe { CStr::from_ptr(hupai_fan_chinese_name(f)) }
            .to_str()
            .unwrap()
    };
    for f in hupai_core::mcr::Fan::ALL {
        assert_eq!(name(f as u32), f.name());
        assert_eq!(chinese(f as u32), f.chinese());
    }
    assert!(hupai_fan_name(HUPAI_MAX_FANS as u32).is_null());
    assert!(hupai_fan_chinese_name(1000).is_null());
}

#[test]
fn score_context_and_hand_errors() {
    let e = Owned::new(HUPAI_RULES_MCR, None, 0).unwrap();
    let h = parse(c"19m19p19s1234567z1m", HUPAI_NOTATION_MPSZ).unwrap();
    let ctx = HupaiScoreContext {
        winning_tile: h.last_tile,
        self_drawn: 1,
        ..HupaiScoreContext::default()
    };
    let s = score_of(&e, &h, &ctx).unwrap();
    assert_eq!((s.total, s.legal), (89, true));
    let name = |f: u8| {
        unsafe { CStr::from_ptr(hupai_fan_name(f as u32)) }
            .to_str()
            .unwrap()
    };
    assert_eq!(name(s.fans[0].fan), "Thirteen Orphans");
    // Any non-zero byte is "yes".
    assert_eq!(
        score_of(
            &e,
            &h,
            &HupaiScoreContext {
                self_drawn: 200,
                ..ctx
            }
        ),
        Ok(s)
    );
    for bad in [
        HupaiScoreContext {
            winning_tile: 34,
            ..ctx
        },
        HupaiScoreContext {
            winning_tile: 1,
            ..ctx
        }, // 2m: not in the hand
        HupaiScoreContext {
            seat_wind: 4,
            ..ctx
        },
        HupaiScoreContext {
            prevalent_wind: 9,
            ..ctx
        },
        HupaiScoreContext { variant: 2, ..ctx },
        HupaiScoreContext { flowers: 9, ..ctx },
    ] {
        assert_eq!(
            score_of(&e, &h, &bad),
            Err(HupaiStatus::BadContext),
            "{bad:?}"
        );
    }
    let short = parse(c"19m19p19s123456z", HUPAI_NOTATION_MPSZ).unwrap();
    assert_eq!(score_of(&e, &short, &ctx), Err(HupaiStatus::HandSize));
    let losing = parse(c"123m456p789s1235z1m", HUPAI_NOTATION_MPSZ).unwrap();
    assert_eq!(score_of(&e, &losing, &ctx), Err(HupaiStatus::NotWinning));
    let mut out = HupaiScore::default();
    let c = h.counts.as_ptr();
    let call = |engine, counts, ctx: *const HupaiScoreContext, out: *mut HupaiScore| unsafe {
        hupai_score(engine, counts, 34, ptr::null(), 0, ctx, out)
    };
    assert_eq!(
        call(ptr::null(), c, &ctx, &mut out),
        HupaiStatus::NullPointer
    );
    assert_eq!(
        call(e.0, ptr::null(), &ctx, &mut out),
        HupaiStatus::NullPointer
    );
    assert_eq!(
        call(e.0, c, ptr::null(), &mut out),
        HupaiStatus::NullPointer
    );
    assert_eq!(
        call(e.0, c, &ctx, ptr::null_mut()),
        HupaiStatus::NullPointer
    );
    let mut raw = [0u8; std::mem::size_of::<HupaiScore>() + 8];
    let odd = unsafe { raw.as_mut_ptr().add(1) }.cast::<HupaiScore>();
    assert_eq!(call(e.0, c, &ctx, odd), HupaiStatus::Misaligned);
}

#[test]
fn shanten_and_effective_equal_the_rust_engine() {
    for (code, rules) in [
        (HUPAI_RULES_GENERIC, Rules::GENERIC),
        (HUPAI_RULES_RIICHI, Rules::RIICHI),
        (HUPAI_RULES_MCR, Rules::MCR),
        (HUPAI_RULES_SICHUAN, Rules::SICHUAN),
    ] {
        let e = Owned::new(code, None, 0).unwrap();
        let rust = Engine::embedded(rules);
        let visible = {
            let mut v = [0u8; HUPAI_KINDS];
            v[4] = 1; // one 5m seen elsewhere
            v
        };
        for h in hands(Set::R13, 1_000, SEED)
            .iter()
            .chain(&hands(Set::R14, 500, SEED))
            .chain(&hands(Set::T13, 500, SEED))
        {
            let c = c_hand(h);
            let mut s = 99i8;
            let st = unsafe { hupai_shanten(e.0, c.counts.as_ptr(), 34, ptr::null(), 0, &mut s) };
            match rust.shanten(h) {
                Ok(want) => assert_eq!((st, s), (HupaiStatus::Ok, want), "{h}"),
                Err(_) => assert_ne!(st, HupaiStatus::Ok, "{h}"),
            }
            let (mut s, mut tiles, mut left) = (99i8, 0u64, [0u8; HUPAI_KINDS]);
            let st = unsafe {
                hupai_effective(
                    e.0,
                    c.counts.as_ptr(),
                    34,
                    ptr::null(),
                    0,
                    visible.as_ptr(),
                    &mut s,
                    &mut tiles,
                    left.as_mut_ptr(),
                )
            };
            match rust.effective(h, &visible) {
                Ok(want) => {
                    assert_eq!(
                        (st, s, tiles),
                        (HupaiStatus::Ok, want.shanten(), want.tiles().bits())
                    );
                    for t in hupai_core::Tile::all() {
                        assert_eq!(left[t.index()], want.remaining(t), "{h} {t}");
                    }
                }
                Err(_) => assert_ne!(st, HupaiStatus::Ok, "{h}"),
            }
        }
    }
}

#[test]
fn shanten_and_effective_refuse_bad_input() {
    let e = generic();
    let h = parse(c"123m456p789s1112z", HUPAI_NOTATION_MPSZ).unwrap();
    let c = h.counts.as_ptr();
    let (mut s, mut tiles) = (0i8, 0u64);
    let effective =
        |engine, counts, visible: *const u8, s: *mut i8, tiles: *mut u64, left: *mut u8| unsafe {
            hupai_effective(engine, counts, 34, ptr::null(), 0, visible, s, tiles, left)
        };
    // Null visible and remaining are allowed.
    assert_eq!(
        effective(e.0, c, ptr::null(), &mut s, &mut tiles, ptr::null_mut()),
        HupaiStatus::Ok
    );
    assert_eq!((s, tiles), (0, 1 << 28)); // ready on 2z
    assert_eq!(
        effective(
            ptr::null(),
            c,
            ptr::null(),
            &mut s,
            &mut tiles,
            ptr::null_mut()
        ),
        HupaiStatus::NullPointer
    );
    assert_eq!(
        effective(
            e.0,
            ptr::null(),
            ptr::null(),
            &mut s,
            &mut tiles,
            ptr::null_mut()
        ),
        HupaiStatus::NullPointer
    );
    assert_eq!(
        effective(
            e.0,
            c,
            ptr::null(),
            ptr::null_mut(),
            &mut tiles,
            ptr::null_mut()
        ),
        HupaiStatus::NullPointer
    );
    assert_eq!(
        effective(
            e.0,
            c,
            ptr::null(),
            &mut s,
            ptr::null_mut(),
            ptr::null_mut()
        ),
        HupaiStatus::NullPointer
    );
    // Four 2z between the hand and the visible tiles is too many.
    let mut seen = [0u8; HUPAI_KINDS];
    seen[28] = 4;
    assert_eq!(
        effective(e.0, c, seen.as_ptr(), &mut s, &mut tiles, ptr::null_mut()),
        HupaiStatus::FifthCopy
    );
    // 14 tiles: effective tiles need 3n+1; shanten takes it.
    let full = parse(c"123m456p789s11122z", HUPAI_NOTATION_MPSZ).unwrap();
    let f = full.counts.as_ptr();
    assert_eq!(
        effective(e.0, f, ptr::null(), &mut s, &mut tiles, ptr::null_mut()),
        HupaiStatus::HandSize
    );
    let shanten = |engine, counts: *const u8, len, out: *mut i8| unsafe {
        hupai_shanten(engine, counts, len, ptr::null(), 0, out)
    };
    assert_eq!((shanten(e.0, f, 34, &mut s), s), (HupaiStatus::Ok, -1));
    assert_eq!(shanten(e.0, f, 35, &mut s), HupaiStatus::BadLength);
    assert_eq!(
        shanten(e.0, f, 34, ptr::null_mut()),
        HupaiStatus::NullPointer
    );
    assert_eq!(
        shanten(ptr::null(), f, 34, &mut s),
        HupaiStatus::NullPointer
    );
    let three = parse(c"123m", HUPAI_NOTATION_MPSZ).unwrap();
    assert_eq!(
        shanten(e.0, three.counts.as_ptr(), 34, &mut s),
        HupaiStatus::HandSize
    );
    // Honours under Sichuan.
    let sichuan = Owned::new(HUPAI_RULES_SICHUAN, None, 0).unwrap();
    assert_eq!(shanten(sichuan.0, c, 34, &mut s), HupaiStatus::NotForRules);
}
