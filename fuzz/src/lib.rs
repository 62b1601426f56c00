//! hupai's fuzz targets as plain functions of a byte slice.
//!
//! Each function is the body of the cargo-fuzz binary of the same name in
//! `fuzz_targets/` (nightly, `./test`), and `tests/corpus.rs` replays the
//! committed corpus (`corpus/<target>/`) through them on stable, so every
//! `cargo test` checks that no input that once mattered panics. A target
//! panics exactly when it finds a bug: a panic inside hupai, or an answer
//! that breaks a property (a round trip, the hand invariant, agreement with
//! the recursive reference).

use hupai::mcr::{self, ScoringInput};
use hupai::notation::{self, Notation};
use hupai::server::HandState;
use hupai::{reference, Hand, Jokers, Meld, MeldKind, Rules, Tables, Tile, KINDS};

/// A target: its name (that of its binary and corpus directory) and body.
pub type Target = (&'static str, fn(&[u8]));

/// Every target by name, for the corpus replay.
pub const TARGETS: &[Target] = &[
    ("parse_mpsz", parse_mpsz),
    ("parse_mediatek", parse_mediatek),
    ("parse_chengdu", parse_chengdu),
    ("parse_mcr", parse_mcr),
    ("parse_auto", parse_auto),
    ("score_line", score_line),
    ("table_loader", table_loader),
    ("engine", engine),
    ("c_abi", c_abi),
    ("hand_new", hand_new),
    ("hand_state", hand_state),
    ("ev", ev),
];

/// Reads the structured targets' input one byte at a time (zeros past the end).
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn byte(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }

    fn below(&mut self, n: usize) -> usize {
        self.byte() as usize % n
    }

    fn u32(&mut self) -> u32 {
        u32::from_le_bytes([self.byte(), self.byte(), self.byte(), self.byte()])
    }

    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// The hand invariant every constructor promises.
fn assert_invariant(hand: &Hand) {
    let all = hand.all_counts();
    assert!(all.iter().all(|&c| c <= 4), "{hand}: a count above four");
    assert!(hand.meld_count() <= 4, "{hand}: more than four melds");
    if let Some(t) = hand.last_tile() {
        assert!(
            hand.counts()[t.index()] > 0,
            "{hand}: last tile {t} not held"
        );
    }
}

fn parse_in(data: &[u8], n: Notation) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(hand) = notation::parse(text, n) else {
        return;
    };
    assert_invariant(&hand);
    // The formatters keep everything the hand records, so they read back.
    for out in [Notation::Mpsz, Notation::Mcr, n] {
        if let Ok(written) = notation::format(&hand, out) {
            let back = notation::parse(&written, out)
                .unwrap_or_else(|e| panic!("{text:?} wrote {written:?} in {out}: {e}"));
            assert_eq!(back, hand, "{text:?} -> {written:?} in {out}");
        }
    }
    let _ = hand.to_string();
}

/// mpsz notation, aliases and meld digits included.
pub fn parse_mpsz(data: &[u8]) {
    parse_in(data, Notation::Mpsz);
}

/// The mediatek notation (`A`–`I`, `1`–`9`, `a`–`i`).
pub fn parse_mediatek(data: &[u8]) {
    parse_in(data, Notation::Mediatek);
}

/// Sichuan `1D2W` notation.
pub fn parse_chengdu(data: &[u8]) {
    parse_in(data, Notation::Chengdu);
}

/// MCR letters and the reference calculator's meld digits.
pub fn parse_mcr(data: &[u8]) {
    parse_in(data, Notation::Mcr);
}

/// Auto notation: when it accepts, it read what some notation reads.
pub fn parse_auto(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match notation::parse(text, Notation::Auto) {
        Ok(hand) => {
            assert_invariant(&hand);
            let one = [
                Notation::Mpsz,
                Notation::Mediatek,
                Notation::Chengdu,
                Notation::Mcr,
            ]
            .into_iter()
            .any(|n| notation::parse(text, n).ok() == Some(hand));
            assert!(one, "{text:?}: auto read a hand no notation reads");
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
}

/// A `score` line: a hand then flags, scored when it parses.
pub fn score_line(data: &[u8]) {
    let Ok(line) = std::str::from_utf8(data) else {
        return;
    };
    for n in [Notation::Mpsz, Notation::Mcr] {
        let Ok(input) = ScoringInput::parse(line, n) else {
            continue;
        };
        assert_invariant(input.hand());
        if let Ok(score) = mcr::score(&input, Tables::embedded()) {
            let fans: u32 = score.fans.iter().map(|f| f.total()).sum();
            assert_eq!(fans, score.total, "{line:?}: fans do not add up");
        }
    }
}

/// A real table file with edits: the input picks a file, a length change
/// (cut, or one byte appended) and byte edits `(offset, value)`, the header
/// (first 256 bytes) as often as the rest. The loader (`Tables::load`, the
/// cheap header and section checks) must refuse what it should without a
/// panic, and a set that passes `Tables::verify` must hold the real file.
/// The checksum pass (a few ms
/// over a whole file) runs on one input in 256, so the header paths get the
/// executions; the edits are undone in place rather than copying the file.
pub fn table_loader(data: &[u8]) {
    use std::cell::RefCell;
    thread_local! {
        static FILES: RefCell<Vec<Vec<u8>>> = RefCell::new(
            Tables::embedded().files().map(|(_, bytes)| bytes.to_vec()).collect()
        );
    }
    let names = ["hu.tbl", "jokers.tbl", "arrange.tbl", "shanten.tbl"];
    let mut input = Bytes(data);
    let which = input.below(names.len());
    // From a hash of the whole input, not a byte the fuzzer could learn to
    // set: this should stay rare.
    let verify = fnv1a(data).is_multiple_of(256);
    let resize = input.byte() % 4;
    let cut = input.u32() as usize;
    let appended = input.byte();
    FILES.with(|files| {
        let mut files = files.borrow_mut();
        let original_len = files[which].len();
        let mut undo = Vec::new();
        {
            let bytes = &mut files[which];
            while !input.is_empty() {
                let at = if input.byte() % 2 == 0 {
                    input.byte() as usize
                } else {
                    input.u32() as usize
                } % original_len;
                undo.push((at, bytes[at]));
                bytes[at] = input.byte();
            }
            if resize == 1 {
                bytes.push(appended);
            }
        }
        let len = match resize {
            0 => cut % (original_len + 1),
            1 => original_len + 1,
            _ => original_len,
        };
        let changed = len != original_len || undo.iter().any(|&(at, old)| files[which][at] != old);
        // One changed byte: FNV-1a (a bijection per byte) must see it.
        let single = changed && undo.len() == 1 && len == original_len;
        check_loader(&files, which, len, names[which], verify, changed, single);
        let bytes = &mut files[which];
        bytes.truncate(original_len);
        for (at, old) in undo.into_iter().rev() {
            bytes[at] = old;
        }
    });
}

/// The checks of [`table_loader`] on the edited file `which` cut to `len`.
fn check_loader(
    files: &[Vec<u8>],
    which: usize,
    len: usize,
    target: &str,
    verify: bool,
    changed: bool,
    single: bool,
) {
    let bytes = &files[which][..len];
    let names = ["hu.tbl", "jokers.tbl", "arrange.tbl", "shanten.tbl"];
    let loaded = Tables::load(|name| {
        let i = names.iter().position(|n| *n == name).expect("known file");
        Ok(if name == target { bytes } else { &files[i][..] })
    });
    let Ok(tables) = loaded else { return };
    // A set that loads describes itself: a header for every file.
    let info = tables.info();
    assert_eq!(info.len(), names.len(), "{target}: a file left undescribed");
    assert_eq!(info[which].bytes, len, "{target}: length misread");
    if verify && changed {
        // Several edits may collide; one changed byte cannot.
        let result = tables.verify();
        assert!(
            !single || result.is_err(),
            "{target}: one changed byte passed the checksum"
        );
    }
    if !changed {
        let hand: Hand = "11122233344455m".parse().expect("a hand");
        assert!(tables.is_win(&hand, &Rules::GENERIC));
    }
}

/// FNV-1a 64 of the whole input: which inputs run the checksum pass.
fn fnv1a(data: &[u8]) -> u64 {
    data.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// A valid hand from bytes: a rule set (three-player riichi too), up to
/// four melds (any kind, digit),
/// concealed tiles (at most 14 with the melds), and 0–2 jokers.
fn structured_hand(input: &mut Bytes) -> Option<(Hand, Rules, usize)> {
    let rules = Rules::NAMED[input.below(Rules::NAMED.len())];
    let kinds = [
        MeldKind::Chow,
        MeldKind::Pung,
        MeldKind::Kong,
        MeldKind::ConcealedKong,
    ];
    let mut melds = Vec::new();
    let mut all = [0u8; KINDS];
    for _ in 0..input.below(5) {
        let kind = kinds[input.below(4)];
        let tile = Tile::from_index(input.below(KINDS))?;
        let Some(meld) = notation::meld_of_digit(kind, tile, input.byte() % 8) else {
            continue;
        };
        let mut with = all;
        meld.add_to(&mut with);
        if with.iter().all(|&c| c <= 4) {
            all = with;
            melds.push(meld);
        }
    }
    let mut counts = [0u8; KINDS];
    let room = 14 - 3 * melds.len();
    for _ in 0..input.below(room + 1) {
        let t = input.below(KINDS);
        if all[t] < 4 {
            all[t] += 1;
            counts[t] += 1;
        }
    }
    // No tile the rules lack (Sichuan's honours, three players' 2m–8m).
    for (i, c) in counts.iter_mut().enumerate() {
        if !rules.tile_exists(i) {
            *c = 0;
        }
    }
    if melds
        .iter()
        .any(|m| m.tiles().any(|t| !rules.tile_exists(t.index())))
    {
        return None;
    }
    let jokers = input.below(3);
    Some((
        Hand::new(counts, &melds).expect("built within the invariant"),
        rules,
        jokers,
    ))
}

/// The table engine against the recursive reference on arbitrary valid
/// hands, every rule set, with and without jokers (shanten and effective
/// tiles with jokers against the per-part search).
pub fn engine(data: &[u8]) {
    let mut input = Bytes(data);
    let Some((hand, rules, jokers)) = structured_hand(&mut input) else {
        return;
    };
    let t = Tables::embedded();
    if jokers == 0 {
        assert_eq!(
            t.is_win(&hand, &rules),
            reference::is_win(&hand, &rules),
            "{hand} {rules}"
        );
        if let Ok(w) = t.waits(&hand, &rules) {
            let (live, exhausted) = reference::waits(&hand, &rules);
            assert_eq!((w.live, w.exhausted), (live, exhausted), "{hand} {rules}");
        }
        if let Ok(s) = t.shanten(&hand, &rules) {
            assert_eq!(
                Some(s),
                reference::shanten::shanten(&hand, &rules),
                "{hand} {rules}"
            );
        }
        if t.is_win(&hand, &rules) {
            let n = t.arrangements(&hand, &rules).len();
            assert_eq!(
                n,
                reference::arrangements(&hand, &rules).len(),
                "{hand} {rules}"
            );
        }
    } else {
        let rj = |h: &Hand| reference::jokers::is_win(h, jokers, &rules);
        assert_eq!(
            t.is_win_jokers(&hand, jokers, &rules),
            rj(&hand),
            "{hand}+{jokers} {rules}"
        );
        let spec = Jokers {
            extra: jokers,
            tile: None,
        };
        if let Ok(w) = hupai::Engine::new(t, rules).with_jokers(spec).waits(&hand) {
            let (live, exhausted) = reference::jokers::waits(&hand, jokers, &rules);
            assert_eq!(
                (w.live, w.exhausted),
                (live, exhausted),
                "{hand}+{jokers} {rules}"
            );
        }
        // Shanten and effective tiles (beside melds: the table bounds and
        // the capped parts' programme) against the per-part search.
        assert_eq!(
            t.shanten_jokers(&hand, jokers, &rules),
            t.shanten_jokers_searched(&hand, jokers, &rules),
            "{hand}+{jokers} {rules}"
        );
        let visible = [0; 34];
        assert_eq!(
            t.effective_jokers(&hand, jokers, &rules, &visible),
            t.effective_jokers_searched(&hand, jokers, &rules, &visible),
            "{hand}+{jokers} {rules}"
        );
    }
}

/// The discard EV on arbitrary valid hands near ready (shanten 1 or less,
/// so that a run stays short), every rule set, melds, jokers, visible tiles
/// and options: no panic, an error for a size with nothing to discard, and
/// answers that keep the model's laws. Every vector has T elements, each a
/// probability (score: not negative), none falling as t grows, tenpai at
/// least win; and where a win scores 1 and no joker plays, the win with
/// one draw left is exactly the discard's waits' share of the pool.
pub fn ev(data: &[u8]) {
    use hupai::ev::{analyze, Options, Scoring};
    let mut input = Bytes(data);
    let Some((hand, rules, jokers)) = structured_hand(&mut input) else {
        return;
    };
    let t = Tables::embedded();
    let mut visible = [0u8; KINDS];
    let all = hand.all_counts();
    for _ in 0..input.below(4) {
        let k = input.below(KINDS);
        if all[k] + visible[k] < 4 {
            visible[k] += 1;
        }
    }
    let bits = input.byte();
    let options = Options {
        turns: 1 + input.below(3),
        visible,
        changes: bits & 1 == 0,
        shanten_down: bits & 2 != 0,
        extra: bits >> 2 & 1,
        jokers: Jokers {
            extra: jokers,
            tile: None,
        },
        ..Options::default()
    };
    let size = hand.concealed_len() + jokers + 3 * hand.meld_count();
    if size % 3 != 2 {
        assert!(
            analyze(t, &hand, &rules, &options).is_err(),
            "{hand} {rules}"
        );
        return;
    }
    if !matches!(t.shanten_jokers(&hand, jokers, &rules), Ok(s) if s <= 1) {
        return;
    }
    let Ok(a) = analyze(t, &hand, &rules, &options) else {
        return;
    };
    let turns = options.turns;
    let at_most = |v: &[f64], top: f64| v.iter().all(|&p| (0.0..=top).contains(&p));
    let rising = |v: &[f64], slack: f64| v.windows(2).all(|w| w[1] >= w[0] - slack);
    for d in &a.discards {
        assert!(
            hand.counts()[d.tile.index()] > 0,
            "{hand} {rules}: {}",
            d.tile
        );
        for v in [&d.tenpai, &d.win] {
            assert_eq!(v.len(), turns, "{hand} {rules}");
            assert!(
                at_most(v, 1.0 + 1e-12) && rising(v, 1e-12),
                "{hand} {rules}: {v:?}"
            );
        }
        let over = d.tenpai.iter().zip(&d.win).all(|(t, w)| t + 1e-12 >= *w);
        assert!(over, "{hand} {rules}: {} tenpai below win", d.tile);
        if let Some(s) = &d.score {
            assert_eq!(s.len(), turns, "{hand} {rules}");
            assert!(
                at_most(s, f64::MAX) && rising(s, 1e-9),
                "{hand} {rules}: {s:?}"
            );
        }
        let per_win = !Scoring::for_rules(&rules, &options).has_points();
        if per_win && jokers == 0 {
            let rest = hand.without_tile(d.tile).expect("held");
            let left = rest.all_counts();
            let pool = |k: usize| {
                let k_exists = rules.tile_exists(k);
                u32::from(k_exists) * u32::from(4 - left[k] - visible[k])
            };
            let wall: u32 = (0..KINDS).map(pool).sum();
            let waits = t.waits(&rest, &rules).map_or(0, |w| w.live.bits());
            let wins: u32 = (0..KINDS).filter(|&k| waits >> k & 1 == 1).map(pool).sum();
            let want = f64::from(wins) / f64::from(wall);
            assert!(
                (d.win[0] - want).abs() <= 1e-12,
                "{hand} {rules}: {} {} {want}",
                d.tile,
                d.win[0]
            );
        }
    }
}

/// The C entry points on raw C values: any bytes as counts, melds, contexts
/// (MCR and Sichuan) and text (a hand, a Sichuan round); statuses instead of
/// panics, and answers equal to Rust's.
pub fn c_abi(data: &[u8]) {
    use hupai_ffi::*;
    use std::ptr;
    let mut input = Bytes(data);
    let mut hand = HupaiHand::default();
    for c in hand.counts.iter_mut() {
        // Mostly small counts, sometimes any byte.
        let b = input.byte();
        *c = if b >= 0xF0 { input.byte() } else { b % 3 };
    }
    hand.meld_count = input.byte() % 6;
    for m in hand.melds.iter_mut() {
        *m = HupaiMeld {
            kind: input.byte() % 5,
            tile: input.byte() % 36,
            from: input.byte() % 9,
            red: input.byte() % 3,
        };
    }
    hand.last_tile = input.byte();
    let rules = [
        HUPAI_RULES_GENERIC,
        HUPAI_RULES_SICHUAN,
        HUPAI_RULES_RIICHI,
        HUPAI_RULES_MCR,
        7,
    ][input.below(5)];
    // An engine per input would time thread-pool start-ups: one in 64 is
    // made and freed here, the others come from a per-rules cache.
    let fresh = input.byte() % 64 == 0;
    let engine = if fresh || rules == 7 {
        let mut engine = ptr::null_mut();
        // SAFETY: a null directory (embedded tables) and a valid out-pointer.
        let st = unsafe { hupai_engine_new(rules, ptr::null(), 1, &mut engine) };
        if st != HupaiStatus::Ok {
            assert!(engine.is_null());
            return;
        }
        engine
    } else {
        cached_engine(rules)
    };
    let n = (hand.meld_count as usize).min(HUPAI_MAX_MELDS);
    let (counts, melds) = (hand.counts.as_ptr(), hand.melds.as_ptr());
    let mut win = false;
    // SAFETY (every call below): pointers to live locals of the right sizes.
    let st = unsafe { hupai_check(engine, counts, KINDS, melds, n, &mut win) };
    let rust = Hand::new(hand.counts, &[]);
    if st == HupaiStatus::Ok && hand.meld_count == 0 {
        assert!(rust.is_ok(), "C accepted counts Rust refuses");
    }
    let (mut live, mut exhausted) = (0u64, 0u64);
    let mut statuses = vec![st];
    statuses
        .push(unsafe { hupai_waits(engine, counts, KINDS, melds, n, &mut live, &mut exhausted) });
    let mut shanten = 0i8;
    statuses.push(unsafe { hupai_shanten(engine, counts, KINDS, melds, n, &mut shanten) });
    let mut remaining = [0u8; KINDS];
    let mut tiles = 0u64;
    let visible = [0u8; KINDS];
    statuses.push(unsafe {
        hupai_effective(
            engine,
            counts,
            KINDS,
            melds,
            n,
            visible.as_ptr(),
            &mut shanten,
            &mut tiles,
            remaining.as_mut_ptr(),
        )
    });
    let context = HupaiScoreContext {
        winning_tile: input.byte() % 36,
        self_drawn: input.byte() % 3,
        last_tile: input.byte() % 3,
        last_wall: input.byte() % 3,
        kong: input.byte() % 3,
        seat_wind: input.byte() % 5,
        prevalent_wind: input.byte() % 5,
        flowers: input.byte() % 10,
        variant: input.byte() % 3,
    };
    let mut score = HupaiScore::default();
    let st = unsafe { hupai_score(engine, counts, KINDS, melds, n, &context, &mut score) };
    statuses.push(st);
    if st == HupaiStatus::Ok {
        let fans: u32 = score.fans[..score.fan_count as usize]
            .iter()
            .map(|f| f.points as u32 * f.count as u32)
            .sum();
        assert_eq!(fans, score.total);
    }
    let mut buf = [0 as std::ffi::c_char; HUPAI_FORMAT_MAX];
    let st = unsafe { hupai_format(&hand, buf.as_mut_ptr(), buf.len()) };
    statuses.push(st);
    if st == HupaiStatus::Ok {
        // What format writes, parse reads back to the same hand.
        let mut back = HupaiHand::default();
        let st = unsafe {
            hupai_parse(
                buf.as_ptr(),
                HUPAI_NOTATION_MPSZ,
                &mut back,
                ptr::null_mut(),
                0,
            )
        };
        if buf[0] != 0 {
            assert_eq!(st, HupaiStatus::Ok);
            assert_eq!(
                (back.counts, back.meld_count),
                (hand.counts, hand.meld_count)
            );
            // A melded kong with no source is written from the left.
            let mut want = hand.melds;
            for m in want
                .iter_mut()
                .filter(|m| m.kind == HUPAI_MELD_KONG && m.from == 0)
            {
                m.from = HUPAI_FROM_LEFT;
            }
            assert_eq!(back.melds[..n], want[..n]);
        }
    }
    // The rest of the input as text for hupai_parse, cut at the first NUL.
    let mut text: Vec<u8> = input.0.iter().copied().take_while(|&b| b != 0).collect();
    text.push(0);
    let mut out = HupaiHand::default();
    let mut error = [0 as std::ffi::c_char; 64];
    let notation = input.0.first().map_or(0, |&b| b as u32 % 6);
    statuses.push(unsafe {
        hupai_parse(
            text.as_ptr().cast(),
            notation,
            &mut out,
            error.as_mut_ptr(),
            error.len(),
        )
    });
    // Sichuan: a context of any codes read from the text's bytes, and the
    // text itself as a round to settle.
    let mut more = Bytes(&text);
    let mut code = |m: u8| more.byte() % m;
    let sichuan = HupaiSichuanContext {
        self_drawn: code(3),
        kong: code(3),
        after_kong: code(3),
        last_wall: code(3),
        first_turn: code(3),
        dealer: code(3),
        fed_kong: code(3),
        void_suit: [0, 1, 2, HUPAI_SICHUAN_NO_VOID, 7][code(5) as usize],
        payers: code(5),
        profile: code(6),
        cap: [2, 3, 4, 6, HUPAI_SICHUAN_NO_CAP, 1, 9][code(7) as usize],
        flush_stacks: code(3),
        self_draw: code(4),
        dian_gang_hua: code(3),
        jiang: code(2),
        yao_jiu: code(8),
        men_qing: code(2),
        zhong_zhang: code(2),
        tian_di_hu: code(4),
        tian_fan: code(15),
        di_fan: code(15),
        long_qi_dui: code(4) + 2,
        kong_on_shoot: code(4),
        postponed_added_kong: code(2),
        cha_jiao_roots: code(3),
    };
    let profile = u32::from(code(6));
    let mut scored = std::mem::MaybeUninit::<HupaiSichuanScore>::uninit();
    let st = unsafe {
        hupai_sichuan_score(
            engine,
            counts,
            KINDS,
            melds,
            n,
            &sichuan,
            scored.as_mut_ptr(),
        )
    };
    statuses.push(st);
    if st == HupaiStatus::Ok {
        // SAFETY: written on success.
        let s = unsafe { scored.assume_init() };
        assert!(s.legal || s.value == 0);
        assert_eq!(s.total, u32::from(s.payers) * s.each);
    }
    let mut payments = [HupaiSichuanPayment::default(); 8];
    let (mut len, mut net) = (0usize, [0i64; 4]);
    let st = unsafe {
        hupai_sichuan_settle(
            text.as_ptr().cast(),
            profile,
            payments.as_mut_ptr(),
            payments.len(),
            &mut len,
            net.as_mut_ptr(),
            error.as_mut_ptr(),
            error.len(),
        )
    };
    statuses.push(st);
    if st == HupaiStatus::Ok {
        assert_eq!(net.iter().sum::<i64>(), 0);
    }
    // A caught panic inside hupai is a bug, whatever the input.
    assert!(!statuses.contains(&HupaiStatus::Panic), "{statuses:?}");
    if fresh {
        // SAFETY: made by hupai_engine_new above, freed once.
        unsafe { hupai_engine_free(engine) };
    }
}

/// An engine for `rules` (0..4), made once and never freed. Kept as
/// addresses in a static, where a leak checker still sees them reachable.
fn cached_engine(rules: u32) -> *mut hupai_ffi::HupaiEngine {
    use std::sync::OnceLock;
    static ENGINES: OnceLock<[usize; 4]> = OnceLock::new();
    let engines = ENGINES.get_or_init(|| {
        std::array::from_fn(|r| {
            let mut engine = std::ptr::null_mut();
            // SAFETY: a null directory and a valid out-pointer.
            let st =
                unsafe { hupai_ffi::hupai_engine_new(r as u32, std::ptr::null(), 1, &mut engine) };
            assert_eq!(st, hupai_ffi::HupaiStatus::Ok);
            engine as usize
        })
    });
    engines[rules as usize] as *mut hupai_ffi::HupaiEngine
}

/// `Hand::new` on raw counts and raw melds: it accepts exactly the hands
/// that keep the invariant, and the engine agrees with the reference on them.
pub fn hand_new(data: &[u8]) {
    let mut input = Bytes(data);
    let mut counts = [0u8; KINDS];
    for c in counts.iter_mut() {
        let b = input.byte();
        *c = if b >= 0xF8 { input.byte() } else { b % 5 };
    }
    let kinds = [
        MeldKind::Chow,
        MeldKind::Pung,
        MeldKind::Kong,
        MeldKind::ConcealedKong,
    ];
    let mut melds: Vec<Meld> = Vec::new();
    for _ in 0..input.below(6) {
        let kind = kinds[input.below(4)];
        let Some(tile) = Tile::from_index(input.below(KINDS)) else {
            continue;
        };
        if let Some(m) = notation::meld_of_digit(kind, tile, input.byte() % 8) {
            melds.push(m);
        }
    }
    let mut all = [0u32; KINDS];
    for (a, &c) in all.iter_mut().zip(&counts) {
        *a = c as u32;
    }
    for m in &melds {
        for t in m.tiles() {
            all[t.index()] += 1;
        }
    }
    let valid = melds.len() <= 4 && all.iter().all(|&c| c <= 4);
    match Hand::new(counts, &melds) {
        Ok(hand) => {
            assert!(valid, "Hand::new accepted {counts:?} {melds:?}");
            assert_invariant(&hand);
            let rules = Rules::ALL[input.below(4)];
            if rules.honors || hand.all_counts()[27..].iter().all(|&c| c == 0) {
                let t = Tables::embedded();
                assert_eq!(
                    t.is_win(&hand, &rules),
                    reference::is_win(&hand, &rules),
                    "{hand}"
                );
            }
        }
        Err(_) => assert!(
            !valid,
            "Hand::new refused a valid hand {counts:?} {melds:?}"
        ),
    }
}

/// `HandState` under draws and discards: its keys and answers always equal
/// those of a state built afresh from its hand.
pub fn hand_state(data: &[u8]) {
    let mut input = Bytes(data);
    let Some((hand, rules, _)) = structured_hand(&mut input) else {
        return;
    };
    let engine = hupai::server::Engine::embedded(rules);
    let mut state = HandState::new(&hand);
    while !input.is_empty() {
        let op = input.byte();
        let Some(tile) = Tile::from_index(input.below(KINDS)) else {
            continue;
        };
        if !rules.honors && tile.is_honor() {
            continue;
        }
        let before = *state.hand();
        let result = if op % 2 == 0 {
            state.add(tile)
        } else {
            state.remove(tile)
        };
        if result.is_err() {
            assert_eq!(*state.hand(), before, "a refused update changed the state");
        }
        assert_invariant(state.hand());
        let fresh = HandState::new(state.hand());
        assert_eq!(state.keys(), fresh.keys(), "{}", state.hand());
        assert_eq!(engine.is_win_state(&state), engine.is_win(state.hand()));
        assert_eq!(
            engine.waits_state(&state).ok(),
            engine.waits(state.hand()).ok(),
            "{}",
            state.hand()
        );
    }
}
