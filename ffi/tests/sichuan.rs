//! Sichuan scoring and settlement through the C ABI: every answer equals
//! `hupai::sichuan::score` / `settle` of the core under every profile, the
//! names are the core's, and bad input or null pointers are status codes.

use hupai::*;
use hupai_core::sichuan::{self, sample, Options, Preset, Round, ScoringInput, Settings};
use hupai_core::{Hand, Notation, Tables};
use std::ffi::{c_char, CStr, CString};
use std::mem::MaybeUninit;
use std::ptr;

/// An engine owned by a test, freed on drop.
struct Owned(*mut HupaiEngine);

impl Owned {
    fn new(rules: u32) -> Owned {
        let mut e = ptr::null_mut();
        // SAFETY: a null directory (embedded tables) and a valid out-pointer.
        let st = unsafe { hupai_engine_new(rules, ptr::null(), 0, &mut e) };
        assert_eq!(st, HupaiStatus::Ok);
        Owned(e)
    }
}

impl Drop for Owned {
    fn drop(&mut self) {
        // SAFETY: made by hupai_engine_new, freed once.
        unsafe { hupai_engine_free(self.0) }
    }
}

fn name(p: *const c_char) -> Option<String> {
    // SAFETY: the names are static NUL-terminated strings, or null.
    (!p.is_null()).then(|| unsafe { CStr::from_ptr(p) }.to_str().unwrap().to_string())
}

fn context(profile: u32) -> HupaiSichuanContext {
    let mut ctx = MaybeUninit::<HupaiSichuanContext>::uninit();
    // SAFETY: a valid out-pointer.
    let st = unsafe { hupai_sichuan_context_default(profile, ctx.as_mut_ptr()) };
    assert_eq!(st, HupaiStatus::Ok);
    // SAFETY: written on success.
    unsafe { ctx.assume_init() }
}

/// The C context of core settings under a profile.
fn context_of(profile: u32, s: &Settings) -> HupaiSichuanContext {
    let mut c = context(profile);
    let sit = &s.situation;
    c.self_drawn = sit.self_drawn.into();
    c.kong = sit.kong.into();
    c.after_kong = sit.after_kong.into();
    c.last_wall = sit.last_wall.into();
    c.first_turn = sit.first_turn.into();
    c.dealer = sit.dealer.into();
    c.fed_kong = sit.fed_kong.into();
    c.void_suit = sit.void.map_or(HUPAI_SICHUAN_NO_VOID, |v| v as u8);
    c.payers = sit.payers;
    c
}

fn score(
    e: &Owned,
    hand: &Hand,
    ctx: &HupaiSichuanContext,
) -> Result<HupaiSichuanScore, HupaiStatus> {
    let melds: Vec<HupaiMeld> = c_hand(hand).melds[..hand.meld_count()].to_vec();
    let mut out = MaybeUninit::<HupaiSichuanScore>::uninit();
    // SAFETY: the counts, melds and context live for the call; `out` is a
    // valid out-pointer.
    let st = unsafe {
        hupai_sichuan_score(
            e.0,
            hand.counts().as_ptr(),
            HUPAI_KINDS,
            melds.as_ptr(),
            melds.len(),
            ctx,
            out.as_mut_ptr(),
        )
    };
    // SAFETY: written on success.
    (st == HupaiStatus::Ok)
        .then(|| unsafe { out.assume_init() })
        .ok_or(st)
}

/// The C value of a hand, through `hupai_parse`.
fn c_hand(hand: &Hand) -> HupaiHand {
    let text = CString::new(hand.to_string()).unwrap();
    let mut out = HupaiHand::default();
    // SAFETY: NUL-terminated text and a valid out-pointer.
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

/// Every field of the C score equals the core's.
fn assert_same(c: &HupaiSichuanScore, s: &sichuan::Score, what: &str) {
    assert_eq!(c.legal, s.legal, "{what}");
    let reason = name(hupai_sichuan_reason_name(c.reason.into())).unwrap();
    match s.reason {
        None => assert_eq!(reason, "none", "{what}"),
        Some(sichuan::Reason::VoidSuit(_)) => assert_eq!(reason, "holds the declared void suit"),
        Some(r) => assert_eq!(reason, r.to_string(), "{what}"),
    }
    let fans = s.fans.as_slice();
    assert_eq!(c.fan_count as usize, fans.len(), "{what}");
    for (cf, f) in c.fans.iter().zip(fans) {
        let n = name(hupai_sichuan_fan_name(cf.fan.into(), 0)).unwrap();
        let zh = name(hupai_sichuan_fan_name(cf.fan.into(), 1)).unwrap();
        assert_eq!(
            (n.as_str(), zh.as_str()),
            (f.fan.name(), f.fan.chinese()),
            "{what}"
        );
        assert_eq!((cf.count, cf.worth), (f.count, f.worth), "{what}");
    }
    let labels: Vec<String> = (0..32)
        .filter(|b| c.labels >> b & 1 == 1)
        .map(|b| name(hupai_sichuan_label_name(b)).unwrap())
        .collect();
    let want: Vec<&str> = s.labels.iter().map(|l| l.chinese()).collect();
    assert_eq!(labels, want, "{what}");
    assert_eq!(c.fan, s.fan, "{what}");
    assert_eq!(c.cap, s.cap.unwrap_or(HUPAI_SICHUAN_NO_CAP), "{what}");
    assert_eq!(c.value, s.value, "{what}");
    assert_eq!(
        (c.payers, c.each, c.total),
        (s.payments.payers, s.payments.each, s.payments.total),
        "{what}"
    );
}

/// Hands that name the patterns: labels, roots, kongs, Golden Hook, 2-5-8,
/// terminals, and hands that are no win.
const HANDS: &[&str] = &[
    "[2222m][555m2]888m333m99m",
    "11223344556677m",
    "11223344556688m",
    "11112233445566m",
    "22555588m225588p",
    "[2222m][555m2][888m1][333p3]99p",
    "[2222m][5555m][8888m][3333m]9m9m",
    "[222m][555m][888p][222p]5p5p",
    "123m789m11199p789p",
    "234m456m678m345p55p",
    "123m456p789s11122s",
    "123m456m789m11p22p",
    "111m222m333m666p99p",
    "[123m]456m789m123p5p5p",
];

#[test]
fn scores_equal_the_core_under_every_profile() {
    let e = Owned::new(HUPAI_RULES_SICHUAN);
    let mut inputs: Vec<ScoringInput> = sample::winning_inputs(300, 11);
    for h in HANDS {
        for flags in [
            "",
            "--self-drawn",
            "--self-drawn --kong",
            "--void s",
            "--void m --dealer",
        ] {
            let text = format!("{h} {flags}");
            inputs.push(ScoringInput::parse(&text, Notation::Mpsz).unwrap());
        }
    }
    let (mut legal, mut illegal, mut labelled) = (0, 0, 0);
    for (code, preset) in Preset::ALL.iter().enumerate() {
        for input in &inputs {
            let mut settings = input.settings;
            settings.options = Options::preset(*preset);
            let core = sichuan::score(
                &ScoringInput::from_hand(*input.hand(), settings).unwrap(),
                Tables::embedded(),
            );
            let c = score(&e, input.hand(), &context_of(code as u32, &settings)).unwrap();
            assert_same(&c, &core, &format!("{} under {preset}", input.hand()));
            if core.legal {
                legal += 1;
            } else {
                illegal += 1;
            }
            labelled += usize::from(c.labels != 0);
        }
    }
    // The set reaches wins, non-wins and labels.
    assert!(
        legal > 1000 && illegal > 20 && labelled > 20,
        "{legal} {illegal} {labelled}"
    );
}

#[test]
fn a_scored_hand_reads_as_the_documentation_says() {
    // 清对 with a root, self-drawn, default profile: 4 fan capped at 3,
    // 8 + 1 base from each of three.
    let e = Owned::new(HUPAI_RULES_GENERIC);
    let hand: Hand = "[2222m][555m2]888m333m99m".parse().unwrap();
    let mut ctx = context(HUPAI_SICHUAN_PROFILE_DEFAULT);
    ctx.self_drawn = 1;
    let s = score(&e, &hand, &ctx).unwrap();
    assert!(s.legal);
    assert_eq!((s.fan, s.cap, s.value), (4, 3, 8));
    assert_eq!((s.payers, s.each, s.total), (3, 9, 27));
    assert_eq!(
        name(hupai_sichuan_label_name(s.labels.trailing_zeros())).unwrap(),
        "清对"
    );
    // No cap: the value is 2^4.
    ctx.cap = HUPAI_SICHUAN_NO_CAP;
    let s = score(&e, &hand, &ctx).unwrap();
    assert_eq!((s.cap, s.value, s.each), (HUPAI_SICHUAN_NO_CAP, 16, 17));
    // A third suit: scored, not a win, with its reason.
    let three: Hand = "123m456p789s11122s".parse().unwrap();
    let s = score(&e, &three, &context(HUPAI_SICHUAN_PROFILE_DEFAULT)).unwrap();
    assert!(!s.legal && s.fan_count == 0 && s.value == 0);
    assert_eq!(s.reason, HUPAI_SICHUAN_REASON_THREE_SUITS);
}

#[test]
fn context_defaults_are_the_presets() {
    for (code, preset) in Preset::ALL.iter().enumerate() {
        let c = context(code as u32);
        let o = Options::preset(*preset);
        assert_eq!(c.profile as usize, code);
        assert_eq!(c.cap, o.cap.unwrap_or(HUPAI_SICHUAN_NO_CAP), "{preset}");
        assert_eq!(c.long_qi_dui, o.long_qi_dui, "{preset}");
        assert_eq!(
            (c.payers, c.void_suit, c.self_drawn),
            (3, HUPAI_SICHUAN_NO_VOID, 0)
        );
    }
    assert_eq!(context(HUPAI_SICHUAN_PROFILE_CHENGDU).tian_di_hu, 2);
    assert_eq!(context(HUPAI_SICHUAN_PROFILE_QQ).tian_fan, 5);
    assert_eq!(context(HUPAI_SICHUAN_PROFILE_MIL).kong_on_shoot, 2);
    let mut out = MaybeUninit::<HupaiSichuanContext>::uninit();
    // SAFETY: a valid out-pointer; nothing is written on failure.
    let st = unsafe { hupai_sichuan_context_default(5, out.as_mut_ptr()) };
    assert_eq!(st, HupaiStatus::BadContext);
    // SAFETY: null is checked.
    let st = unsafe { hupai_sichuan_context_default(0, ptr::null_mut()) };
    assert_eq!(st, HupaiStatus::NullPointer);
}

#[test]
fn bad_contexts_hands_and_pointers_are_status_codes() {
    let e = Owned::new(HUPAI_RULES_SICHUAN);
    let hand: Hand = "11223344556677m".parse().unwrap();
    let good = context(HUPAI_SICHUAN_PROFILE_CHENGDU);
    assert!(score(&e, &hand, &good).is_ok());
    type Edit = fn(&mut HupaiSichuanContext);
    let bad: [(&str, Edit); 17] = [
        ("void 3", |c| c.void_suit = 3),
        ("payers 0", |c| c.payers = 0),
        ("payers 4", |c| c.payers = 4),
        ("profile 5", |c| c.profile = 5),
        ("cap 1", |c| c.cap = 1),
        ("cap 7", |c| c.cap = 7),
        ("flush_stacks 2", |c| c.flush_stacks = 2),
        ("self_draw 3", |c| c.self_draw = 3),
        ("dian_gang_hua 2", |c| c.dian_gang_hua = 2),
        ("yao_jiu 7", |c| c.yao_jiu = 7),
        ("tian_di_hu 3", |c| c.tian_di_hu = 3),
        ("tian_fan 14", |c| c.tian_fan = 14),
        ("long_qi_dui 5", |c| c.long_qi_dui = 5),
        ("kong_on_shoot 3", |c| c.kong_on_shoot = 3),
        ("cha_jiao_roots 2", |c| c.cha_jiao_roots = 2),
        ("after_kong with self_drawn", |c| {
            c.after_kong = 1;
            c.self_drawn = 1;
        }),
        ("fed_kong alone", |c| c.fed_kong = 1),
    ];
    for (what, edit) in bad {
        let mut c = good;
        edit(&mut c);
        assert_eq!(
            score(&e, &hand, &c).err(),
            Some(HupaiStatus::BadContext),
            "{what}"
        );
    }
    // Any non-zero byte is a set flag.
    let mut c = good;
    c.self_drawn = 0x80;
    assert_eq!(score(&e, &hand, &c).unwrap().payers, 3);
    // Honour tiles do not exist under Sichuan rules.
    let honours: Hand = "123m456m789m111z22z".parse().unwrap();
    assert_eq!(
        score(&e, &honours, &good).err(),
        Some(HupaiStatus::NotForRules)
    );
    // Pointers and lengths.
    let counts = hand.counts();
    let mut out = MaybeUninit::<HupaiSichuanScore>::uninit();
    let call = |engine, counts: *const u8, len, ctx: *const HupaiSichuanContext, out| {
        // SAFETY: every non-null pointer is valid for the call.
        unsafe { hupai_sichuan_score(engine, counts, len, ptr::null(), 0, ctx, out) }
    };
    let o = out.as_mut_ptr();
    assert_eq!(
        call(ptr::null(), counts.as_ptr(), 34, &good, o),
        HupaiStatus::NullPointer
    );
    assert_eq!(
        call(e.0, ptr::null(), 34, &good, o),
        HupaiStatus::NullPointer
    );
    assert_eq!(
        call(e.0, counts.as_ptr(), 34, ptr::null(), o),
        HupaiStatus::NullPointer
    );
    assert_eq!(
        call(e.0, counts.as_ptr(), 34, &good, ptr::null_mut()),
        HupaiStatus::NullPointer
    );
    assert_eq!(
        call(e.0, counts.as_ptr(), 33, &good, o),
        HupaiStatus::BadLength
    );
    let mut five = *counts;
    five[0] = 5;
    assert_eq!(
        call(e.0, five.as_ptr(), 34, &good, o),
        HupaiStatus::BadCount
    );
    // A misaligned out-pointer is refused before anything is written.
    let mut room = [MaybeUninit::<HupaiSichuanScore>::uninit(); 2];
    let odd = room
        .as_mut_ptr()
        .cast::<u8>()
        .wrapping_add(1)
        .cast::<HupaiSichuanScore>();
    assert_eq!(
        call(e.0, counts.as_ptr(), 34, &good, odd),
        HupaiStatus::Misaligned
    );
    // The context has alignment 1: any address is read.
    let mut bytes = [0u8; std::mem::size_of::<HupaiSichuanContext>() + 1];
    // SAFETY: `bytes` has room for one context after its first byte; the
    // write is unaligned-safe.
    unsafe {
        bytes
            .as_mut_ptr()
            .add(1)
            .cast::<HupaiSichuanContext>()
            .write_unaligned(good)
    };
    let shifted = bytes.as_ptr().wrapping_add(1).cast::<HupaiSichuanContext>();
    assert_eq!(call(e.0, counts.as_ptr(), 34, shifted, o), HupaiStatus::Ok);
    // A declared kong is read from the melds: a root.
    let melded: Hand = "[5555m2]123m789m123p55p".parse().unwrap();
    let s = score(&e, &melded, &context(HUPAI_SICHUAN_PROFILE_DEFAULT)).unwrap();
    assert!(s.legal);
    let root = s.fans[..s.fan_count as usize].iter().find(|f| f.fan == 5);
    assert_eq!(root.map(|f| f.count), Some(1));
}

#[test]
fn names_are_the_cores_and_null_out_of_range() {
    use sichuan::Fan;
    let fans: Vec<String> = (0..)
        .map_while(|i| name(hupai_sichuan_fan_name(i, 0)))
        .collect();
    assert_eq!(fans.len(), HUPAI_SICHUAN_MAX_FANS);
    assert!(fans.contains(&Fan::GoldenHook.name().to_string()));
    assert_eq!(name(hupai_sichuan_fan_name(4, 0xff)).unwrap(), "金钩钓");
    assert!(hupai_sichuan_fan_name(18, 1).is_null());
    let labels: Vec<String> = (0..)
        .map_while(|i| name(hupai_sichuan_label_name(i)))
        .collect();
    assert_eq!(labels.len(), 9);
    assert!(labels.contains(&"十八罗汉".to_string()));
    let reasons: Vec<String> = (0..)
        .map_while(|i| name(hupai_sichuan_reason_name(i)))
        .collect();
    assert_eq!(reasons.len(), 4);
    assert_eq!(reasons[0], "none");
    let whys: Vec<String> = (0..)
        .map_while(|i| name(hupai_sichuan_why_name(i)))
        .collect();
    assert_eq!(whys.len(), 12);
    assert_eq!(
        (whys[0].as_str(), whys[11].as_str()),
        ("concealed-kong", "tui-shui")
    );
    assert!(hupai_sichuan_why_name(u32::MAX).is_null());
}

/// Rounds covering every kind of payment: kongs of each kind, wins on a
/// discard and self-drawn, several winners on one discard, 呼叫转移, robbing
/// a kong, 点杠花, and the wall's end (查叫, 查花猪, 退税).
const ROUNDS: &[&str] = &[
    r#"{"events":[{"kong":{"player":1,"kind":"concealed"}},{"win":[{"player":0,"hand":"222m555m888m333p9p9p","from":2}]}]}"#,
    r#"{"events":[{"kong":{"player":0,"kind":"concealed"}},{"kong":{"player":1,"kind":"melded","from":2}},{"kong":{"player":2,"kind":"added"}}]}"#,
    r#"{"events":[{"win":[{"player":0,"hand":"123m456m789m123p55p"}]},{"win":[{"player":1,"hand":"111m222m333m666p99p"}]},{"kong":{"player":2,"kind":"concealed"}}]}"#,
    r#"{"events":[{"win":[{"player":0,"hand":"123m456m789m123p5p5p","from":3},{"player":2,"hand":"111s222s333s444s5p5p","from":3}]}]}"#,
    r#"{"events":[{"kong":{"player":0,"kind":"melded","from":2}},{"win":[{"player":0,"hand":"[5555m2]123m789m123p55p","flags":["kong"]}]}]}"#,
    r#"{"events":[{"kong":{"player":1,"kind":"added"}},{"win":[{"player":0,"hand":"123m456m789m123p55p","from":1,"flags":["kong"]}]}]}"#,
    r#"{"events":[{"kong":{"player":1,"kind":"added"}},{"kong":{"player":1,"kind":"concealed"}},{"win":[{"player":0,"hand":"123m456m789m123p55p","from":1,"flags":["after-kong"]}]}]}"#,
    r#"{"void":["s","s","s","s"],"events":[{"kong":{"player":2,"kind":"concealed"}},{"win":[{"player":0,"hand":"123m456m789m123p55p","from":3}]},{"wall_end":{"hands":{"1":"22m33m555m777m999m","2":"[9999p]1468m224468p","3":"1234p567p3478s99s"}}}]}"#,
    r#"{"dealer":2,"events":[{"kong":{"player":2,"kind":"added","postponed":true}},{"win":[{"player":3,"hand":"11223344556677m","flags":["first-turn"]}]}]}"#,
    r#"{"events":[]}"#,
];

/// `hupai_sichuan_settle` with a buffer of `capacity` payments.
fn settle(
    json: &str,
    profile: u32,
    capacity: usize,
) -> (
    HupaiStatus,
    Vec<HupaiSichuanPayment>,
    usize,
    [i64; 4],
    String,
) {
    let text = CString::new(json).unwrap();
    let mut payments = vec![HupaiSichuanPayment::default(); capacity];
    let (mut len, mut net) = (usize::MAX, [i64::MIN; 4]);
    let mut error = [0 as c_char; 128];
    let buf = if capacity == 0 {
        ptr::null_mut()
    } else {
        payments.as_mut_ptr()
    };
    // SAFETY: every buffer is valid for the sizes passed.
    let st = unsafe {
        hupai_sichuan_settle(
            text.as_ptr(),
            profile,
            buf,
            capacity,
            &mut len,
            net.as_mut_ptr(),
            error.as_mut_ptr(),
            error.len(),
        )
    };
    // SAFETY: NUL-terminated: zeroed, and written with a NUL on error.
    let message = unsafe { CStr::from_ptr(error.as_ptr()) }
        .to_str()
        .unwrap()
        .to_string();
    if st == HupaiStatus::Ok {
        payments.truncate(len);
    }
    (st, payments, len, net, message)
}

#[test]
fn settlements_equal_the_core_under_every_profile() {
    let mut checked = 0;
    for (code, preset) in Preset::ALL.iter().enumerate() {
        for json in ROUNDS {
            let round = Round::from_json(json).unwrap();
            let core = sichuan::settle(&round, &Options::preset(*preset), Tables::embedded())
                .unwrap_or_else(|e| panic!("{json} under {preset}: {e}"));
            let (st, payments, len, net, _) = settle(json, code as u32, 64);
            assert_eq!(st, HupaiStatus::Ok, "{json} under {preset}");
            assert_eq!(len, core.payments.len());
            assert_eq!(net, core.net, "{json} under {preset}");
            for (c, p) in payments.iter().zip(&core.payments) {
                let why = serde_json::to_value(p.why).unwrap();
                assert_eq!(
                    name(hupai_sichuan_why_name(c.why.into())).unwrap(),
                    why.as_str().unwrap()
                );
                assert_eq!((c.from, c.to, c.amount), (p.from, p.to, p.amount), "{json}");
            }
            checked += len;
        }
    }
    assert!(checked > 100, "{checked}");
}

#[test]
fn a_small_buffer_reports_the_length_it_needs() {
    let json = ROUNDS[7];
    let (st, all, n, _, _) = settle(json, 0, 64);
    assert_eq!(st, HupaiStatus::Ok);
    assert!(n > 2);
    // No buffer at all: the length, nothing else.
    let (st, _, len, net, _) = settle(json, 0, 0);
    assert_eq!(
        (st, len, net),
        (HupaiStatus::BufferTooSmall, n, [i64::MIN; 4])
    );
    // One too few.
    let (st, short, len, _, _) = settle(json, 0, n - 1);
    assert_eq!((st, len), (HupaiStatus::BufferTooSmall, n));
    assert!(short.iter().all(|p| *p == HupaiSichuanPayment::default()));
    // Exactly enough.
    let (st, exact, len, _, _) = settle(json, 0, n);
    assert_eq!((st, len, exact), (HupaiStatus::Ok, n, all));
}

#[test]
fn bad_rounds_write_their_message() {
    // Not JSON, an unknown field, an event that cannot happen.
    let (st, _, len, _, m) = settle("{", 0, 8);
    assert_eq!((st, len), (HupaiStatus::BadRound, usize::MAX));
    assert!(m.starts_with("not a round: "), "{m}");
    let (st, _, _, _, m) = settle(r#"{"events":[{"bet":1}]}"#, 0, 8);
    assert_eq!(st, HupaiStatus::BadRound);
    assert!(m.starts_with("not a round: "), "{m}");
    let twice = r#"{"events":[{"win":[{"player":0,"hand":"123m456m789m123p55p"}]},{"win":[{"player":0,"hand":"111m222m333m666p99p"}]}]}"#;
    let (st, _, _, _, m) = settle(twice, 0, 8);
    assert_eq!(st, HupaiStatus::BadRound);
    assert_eq!(m, "event 2: player 0 has already won and left the hand");
    let not_a_win = r#"{"events":[{"kong":{"player":3,"kind":"added"}},{"win":[{"player":1,"hand":"123m456p789s11122s","from":0}]}]}"#;
    let (st, _, _, _, m) = settle(not_a_win, 0, 8);
    assert_eq!(st, HupaiStatus::BadRound);
    assert!(m.starts_with("event 2: hand "), "{m}");
    // An unknown profile.
    assert_eq!(settle(ROUNDS[0], 5, 8).0, HupaiStatus::BadContext);
    // A message cut to a small buffer stays NUL-terminated; a null buffer is
    // allowed.
    let text = CString::new(twice).unwrap();
    let (mut len, mut net) = (0usize, [0i64; 4]);
    let mut small = [0x7f as c_char; 9];
    let call = |error: *mut c_char, cap: usize, len: *mut usize, net: *mut i64| {
        // SAFETY: every non-null pointer is valid for its size.
        unsafe { hupai_sichuan_settle(text.as_ptr(), 0, ptr::null_mut(), 0, len, net, error, cap) }
    };
    let st = call(small.as_mut_ptr(), small.len(), &mut len, net.as_mut_ptr());
    assert_eq!(st, HupaiStatus::BadRound);
    // SAFETY: NUL-terminated by the call.
    assert_eq!(
        unsafe { CStr::from_ptr(small.as_ptr()) }.to_str().unwrap(),
        "event 2:"
    );
    let st = call(ptr::null_mut(), 99, &mut len, net.as_mut_ptr());
    assert_eq!(st, HupaiStatus::BadRound);
    // Text that is not UTF-8.
    let bytes = [b'{', 0xff, b'}', 0];
    let mut error = [0 as c_char; 64];
    // SAFETY: NUL-terminated bytes, valid buffers.
    let st = unsafe {
        hupai_sichuan_settle(
            bytes.as_ptr().cast(),
            0,
            ptr::null_mut(),
            0,
            &mut len,
            net.as_mut_ptr(),
            error.as_mut_ptr(),
            error.len(),
        )
    };
    assert_eq!(st, HupaiStatus::BadRound);
    // SAFETY: NUL-terminated by the call.
    let m = unsafe { CStr::from_ptr(error.as_ptr()) }.to_str().unwrap();
    assert_eq!(m, "not UTF-8 at byte 2");
}

#[test]
fn settle_refuses_null_and_misaligned_pointers() {
    let text = CString::new(ROUNDS[0]).unwrap();
    let mut payments = [HupaiSichuanPayment::default(); 8];
    let (mut len, mut net) = (0usize, [0i64; 5]);
    let call = |json: *const c_char, p: *mut HupaiSichuanPayment, cap, len, net| {
        // SAFETY: every non-null pointer is valid for its size.
        unsafe { hupai_sichuan_settle(json, 0, p, cap, len, net, ptr::null_mut(), 0) }
    };
    let (p, n) = (payments.as_mut_ptr(), net.as_mut_ptr());
    assert_eq!(
        call(ptr::null(), p, 8, &mut len, n),
        HupaiStatus::NullPointer
    );
    assert_eq!(
        call(text.as_ptr(), ptr::null_mut(), 8, &mut len, n),
        HupaiStatus::NullPointer
    );
    assert_eq!(
        call(text.as_ptr(), p, 8, ptr::null_mut(), n),
        HupaiStatus::NullPointer
    );
    assert_eq!(
        call(text.as_ptr(), p, 8, &mut len, ptr::null_mut()),
        HupaiStatus::NullPointer
    );
    let odd_net = n.cast::<u8>().wrapping_add(1).cast::<i64>();
    assert_eq!(
        call(text.as_ptr(), p, 8, &mut len, odd_net),
        HupaiStatus::Misaligned
    );
    let odd_p = p.cast::<u8>().wrapping_add(2).cast::<HupaiSichuanPayment>();
    assert_eq!(
        call(text.as_ptr(), odd_p, 7, &mut len, n),
        HupaiStatus::Misaligned
    );
    assert_eq!(call(text.as_ptr(), p, 8, &mut len, n), HupaiStatus::Ok);
    assert_eq!(len, 4);
    assert_eq!(net[..4], [0, 6, -4, -2]);
    assert_eq!(net[4], 0, "only four nets are written");
    // Shared by threads: the same answers.
    std::thread::scope(|s| {
        for _ in 0..4 {
            s.spawn(|| assert_eq!(settle(ROUNDS[7], 0, 64), settle(ROUNDS[7], 0, 64)));
        }
    });
}
