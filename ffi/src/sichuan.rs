//! Sichuan (血战到底) scoring: the context (situation and options) with the
//! defaults of a profile, the score, and the names of fans, labels and
//! reasons.

use crate::engine::engine_ref;
use crate::hand::read_hand;
use crate::strings::cached_name;
use crate::{guard, out_ptr, HupaiEngine, HupaiMeld, HupaiStatus, Result};
use hupai_core::sichuan::{
    self, ChaJiaoRoots, DianGangHua, Fan, FlushStacks, KongOnShoot, Label, Options, Preset, Reason,
    ScoreError, ScoringInput, SelfDraw, Settings, Situation, TianDiHu,
};
use hupai_core::tile::Suit;
use std::ffi::{c_char, CString};
use std::ptr;
use std::sync::OnceLock;

/// Sichuan profile: the shared additive core (cap 3, self-draw +1 base).
pub const HUPAI_SICHUAN_PROFILE_DEFAULT: u32 = 0;
/// Sichuan profile: T/TFMJ 01—2024 as engines implement it (flush-stacks max).
pub const HUPAI_SICHUAN_PROFILE_TFMJ: u32 = 1;
/// Sichuan profile: the MIL rule book (呼叫转移 refunds the kong, no payment
/// for a postponed added kong, 查叫 counts spread roots only).
pub const HUPAI_SICHUAN_PROFILE_MIL: u32 = 2;
/// Sichuan profile: Chengdu tables (cap 4, 将对, 带幺九, 门清, 中张, 天胡 / 地胡).
pub const HUPAI_SICHUAN_PROFILE_CHENGDU: u32 = 3;
/// Sichuan profile: the big platforms' multipliers (龙七对 4, 天胡 / 地胡 5, cap 6).
pub const HUPAI_SICHUAN_PROFILE_QQ: u32 = 4;

/// "No void suit declared" in `HupaiSichuanContext::void_suit`.
pub const HUPAI_SICHUAN_NO_VOID: u8 = 0xff;
/// "No cap" in `HupaiSichuanContext::cap` and `HupaiSichuanScore::cap`.
pub const HUPAI_SICHUAN_NO_CAP: u8 = 0xff;

/// Sichuan reason: the hand is a win (no reason).
pub const HUPAI_SICHUAN_REASON_NONE: u8 = 0;
/// Sichuan reason: tiles of all three suits (花猪).
pub const HUPAI_SICHUAN_REASON_THREE_SUITS: u8 = 1;
/// Sichuan reason: tiles of the declared void suit.
pub const HUPAI_SICHUAN_REASON_VOID_SUIT: u8 = 2;
/// Sichuan reason: not four sets and a pair, nor seven pairs.
pub const HUPAI_SICHUAN_REASON_NOT_COMPLETE: u8 = 3;

/// Most fans a Sichuan score lists: each fan at most once.
pub const HUPAI_SICHUAN_MAX_FANS: usize = 18;
const _: () = assert!(HUPAI_SICHUAN_MAX_FANS == FANS.len());

/// Every Sichuan fan in the order of its code (`HupaiSichuanFan::fan`).
const FANS: [Fan; 18] = [
    Fan::PlainWin,
    Fan::AllPungs,
    Fan::SevenPairs,
    Fan::FullFlush,
    Fan::GoldenHook,
    Fan::Root,
    Fan::DragonSevenPairs,
    Fan::AllTwoFiveEight,
    Fan::TerminalsInAllSets,
    Fan::ConcealedHand,
    Fan::AllSimples,
    Fan::SelfDrawn,
    Fan::WinAfterKong,
    Fan::ShootAfterKong,
    Fan::RobbingTheKong,
    Fan::UnderTheSea,
    Fan::HeavenlyHand,
    Fan::EarthlyHand,
];

/// The code of a fan: its index in [`FANS`]. The match is exhaustive, so a
/// new fan in the core does not compile until it has a code here.
fn fan_code(f: Fan) -> u8 {
    match f {
        Fan::PlainWin => 0,
        Fan::AllPungs => 1,
        Fan::SevenPairs => 2,
        Fan::FullFlush => 3,
        Fan::GoldenHook => 4,
        Fan::Root => 5,
        Fan::DragonSevenPairs => 6,
        Fan::AllTwoFiveEight => 7,
        Fan::TerminalsInAllSets => 8,
        Fan::ConcealedHand => 9,
        Fan::AllSimples => 10,
        Fan::SelfDrawn => 11,
        Fan::WinAfterKong => 12,
        Fan::ShootAfterKong => 13,
        Fan::RobbingTheKong => 14,
        Fan::UnderTheSea => 15,
        Fan::HeavenlyHand => 16,
        Fan::EarthlyHand => 17,
    }
}

/// Every label in the order of its bit in `HupaiSichuanScore::labels`.
const LABELS: [Label; 9] = [
    Label::DragonSevenPairs,
    Label::PureSevenPairs,
    Label::PureDragonSevenPairs,
    Label::PureAllPungs,
    Label::PureGoldenHook,
    Label::EighteenArhats,
    Label::PureEighteenArhats,
    Label::JiangSevenPairs,
    Label::JiangGoldenHook,
];

/// The bit number of a label (exhaustive, as [`fan_code`]).
fn label_code(l: Label) -> u8 {
    match l {
        Label::DragonSevenPairs => 0,
        Label::PureSevenPairs => 1,
        Label::PureDragonSevenPairs => 2,
        Label::PureAllPungs => 3,
        Label::PureGoldenHook => 4,
        Label::EighteenArhats => 5,
        Label::PureEighteenArhats => 6,
        Label::JiangSevenPairs => 7,
        Label::JiangGoldenHook => 8,
    }
}

/// How a Sichuan hand was won and the rule options. Every field is a byte
/// (flags: 0 = no, anything else = yes), so any value is safe to read;
/// out-of-range codes are `HUPAI_STATUS_BAD_CONTEXT`. Fill it with
/// `hupai_sichuan_context_default`, then change what differs.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HupaiSichuanContext {
    /// Won by self-draw (otherwise on a discard).
    pub self_drawn: u8,
    /// Self-drawn: on the replacement tile after one's own kong (杠上花); on
    /// a discard: robbing the kong (抢杠胡).
    pub kong: u8,
    /// Won on a discard made right after the discarder's kong (杠上炮).
    pub after_kong: u8,
    /// The last wall tile, or the discard after it (海底).
    pub last_wall: u8,
    /// First go-round (天胡 for the dealer, 地胡 otherwise, where counted).
    pub first_turn: u8,
    /// The winner is the dealer.
    pub dealer: u8,
    /// With `kong` and `self_drawn`: the kong was claimed from a discard (点杠花).
    pub fed_kong: u8,
    /// The declared void suit: 0 characters (m), 1 dots (p), 2 bamboo (s),
    /// or `HUPAI_SICHUAN_NO_VOID`.
    pub void_suit: u8,
    /// Players who pay a self-drawn win (still in the hand), 1–3.
    pub payers: u8,
    /// The `HUPAI_SICHUAN_PROFILE_*` the options below were filled from. The
    /// score reads the option fields, not this code; it is checked to be a
    /// known profile.
    pub profile: u8,
    /// Most fan counted, 2–6, or `HUPAI_SICHUAN_NO_CAP`.
    pub cap: u8,
    /// Full Flush with All Pungs or Seven Pairs: 0 additive, 1 max (the
    /// highest base pattern only).
    pub flush_stacks: u8,
    /// What a self-drawn win adds: 0 +1 base from each payer, 1 +1 fan, 2 nothing.
    pub self_draw: u8,
    /// Who pays 点杠花: 0 every player still in (as self-drawn), 1 the
    /// discarder of the kong's tile alone.
    pub dian_gang_hua: u8,
    /// 将对: +2 fan when All Pungs or Seven Pairs holds only 2, 5 and 8.
    pub jiang: u8,
    /// 带幺九: its fan, 0–6 (0 = not counted).
    pub yao_jiu: u8,
    /// 门清: +1 fan with no claimed meld.
    pub men_qing: u8,
    /// 中张: +1 fan with no 1 or 9.
    pub zhong_zhang: u8,
    /// 天胡 / 地胡: 0 not counted, 1 worth the cap, 2 the fan of `tian_fan` / `di_fan`.
    pub tian_di_hu: u8,
    /// Fan of 天胡 when `tian_di_hu` is 2, 0–13.
    pub tian_fan: u8,
    /// Fan of 地胡 when `tian_di_hu` is 2, 0–13.
    pub di_fan: u8,
    /// Fan of 龙七对 (Seven Pairs with a root): 3 or 4.
    pub long_qi_dui: u8,
    /// 呼叫转移 (settlement): 0 chain, 1 last kong only, 2 refund.
    pub kong_on_shoot: u8,
    /// Whether an added kong of a pung whose fourth tile was held earlier pays.
    pub postponed_added_kong: u8,
    /// Roots counted by 查叫: 0 all, 1 no root for a declared kong.
    pub cha_jiao_roots: u8,
}

/// One counted Sichuan fan.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HupaiSichuanFan {
    /// The fan, 0..17; `hupai_sichuan_fan_name` names it.
    pub fan: u8,
    /// How many times it counts (roots: one per kind held four times).
    pub count: u8,
    /// Fan of one count under the options.
    pub worth: u8,
}

/// A Sichuan score.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HupaiSichuanScore {
    /// Whether the hand is a win.
    pub legal: bool,
    /// Why not: `HUPAI_SICHUAN_REASON_*` (`_NONE` for a win);
    /// `hupai_sichuan_reason_name` describes it.
    pub reason: u8,
    /// Entries of `fans` used.
    pub fan_count: u8,
    /// The fans of the best reading.
    pub fans: [HupaiSichuanFan; HUPAI_SICHUAN_MAX_FANS],
    /// Traditional names of the sum: bit `i` set for label `i`
    /// (`hupai_sichuan_label_name`).
    pub labels: u32,
    /// The fan, uncapped.
    pub fan: u32,
    /// The cap, or `HUPAI_SICHUAN_NO_CAP`.
    pub cap: u8,
    /// 2^min(fan, cap) base; 0 when not a win.
    pub value: u32,
    /// How many players pay.
    pub payers: u8,
    /// What each pays, in base.
    pub each: u32,
    /// payers × each.
    pub total: u32,
}

/// The preset of a `HUPAI_SICHUAN_PROFILE_*` code.
pub(crate) fn preset_from(code: u32) -> Result<Preset> {
    Preset::ALL
        .get(code as usize)
        .copied()
        .ok_or(HupaiStatus::BadContext)
}

/// The C context of a preset's options with the default situation.
fn default_context(profile: u32) -> Result<HupaiSichuanContext> {
    let preset = preset_from(profile)?;
    let o = Options::preset(preset);
    let s = Situation::default();
    let flag = u8::from;
    let (tian_di_hu, tian_fan, di_fan) = match o.tian_di_hu {
        TianDiHu::Off => (0, 0, 0),
        TianDiHu::Cap => (1, 0, 0),
        TianDiHu::Fan { tian, di } => (2, tian, di),
    };
    Ok(HupaiSichuanContext {
        self_drawn: flag(s.self_drawn),
        kong: flag(s.kong),
        after_kong: flag(s.after_kong),
        last_wall: flag(s.last_wall),
        first_turn: flag(s.first_turn),
        dealer: flag(s.dealer),
        fed_kong: flag(s.fed_kong),
        void_suit: s.void.map_or(HUPAI_SICHUAN_NO_VOID, |v| v as u8),
        payers: s.payers,
        profile: profile as u8,
        cap: o.cap.unwrap_or(HUPAI_SICHUAN_NO_CAP),
        flush_stacks: match o.flush_stacks {
            FlushStacks::Additive => 0,
            FlushStacks::Max => 1,
        },
        self_draw: match o.self_draw {
            SelfDraw::Base => 0,
            SelfDraw::Fan => 1,
            SelfDraw::None => 2,
        },
        dian_gang_hua: match o.dian_gang_hua {
            DianGangHua::SelfDrawn => 0,
            DianGangHua::Discard => 1,
        },
        jiang: flag(o.jiang),
        yao_jiu: o.yao_jiu,
        men_qing: flag(o.men_qing),
        zhong_zhang: flag(o.zhong_zhang),
        tian_di_hu,
        tian_fan,
        di_fan,
        long_qi_dui: o.long_qi_dui,
        kong_on_shoot: match o.kong_on_shoot {
            KongOnShoot::Chain => 0,
            KongOnShoot::Last => 1,
            KongOnShoot::Refund => 2,
        },
        postponed_added_kong: flag(o.postponed_added_kong),
        cha_jiao_roots: match o.cha_jiao_roots {
            ChaJiaoRoots::All => 0,
            ChaJiaoRoots::Spread => 1,
        },
    })
}

/// The settings of a C context, every code checked (the ranges of the
/// command line's flags).
fn settings_of(c: &HupaiSichuanContext) -> Result<Settings> {
    let bad = HupaiStatus::BadContext;
    let flag = |b: u8| b != 0;
    preset_from(u32::from(c.profile))?;
    let situation = Situation {
        self_drawn: flag(c.self_drawn),
        kong: flag(c.kong),
        after_kong: flag(c.after_kong),
        last_wall: flag(c.last_wall),
        first_turn: flag(c.first_turn),
        dealer: flag(c.dealer),
        fed_kong: flag(c.fed_kong),
        void: match c.void_suit {
            HUPAI_SICHUAN_NO_VOID => None,
            v => Some(*Suit::NUMBERED.get(v as usize).ok_or(bad)?),
        },
        payers: match c.payers {
            n @ 1..=3 => n,
            _ => return Err(bad),
        },
    };
    let options = Options {
        cap: match c.cap {
            HUPAI_SICHUAN_NO_CAP => None,
            n @ 2..=6 => Some(n),
            _ => return Err(bad),
        },
        flush_stacks: match c.flush_stacks {
            0 => FlushStacks::Additive,
            1 => FlushStacks::Max,
            _ => return Err(bad),
        },
        self_draw: match c.self_draw {
            0 => SelfDraw::Base,
            1 => SelfDraw::Fan,
            2 => SelfDraw::None,
            _ => return Err(bad),
        },
        dian_gang_hua: match c.dian_gang_hua {
            0 => DianGangHua::SelfDrawn,
            1 => DianGangHua::Discard,
            _ => return Err(bad),
        },
        jiang: flag(c.jiang),
        yao_jiu: match c.yao_jiu {
            n @ 0..=6 => n,
            _ => return Err(bad),
        },
        men_qing: flag(c.men_qing),
        zhong_zhang: flag(c.zhong_zhang),
        tian_di_hu: match (c.tian_di_hu, c.tian_fan, c.di_fan) {
            (0, _, _) => TianDiHu::Off,
            (1, _, _) => TianDiHu::Cap,
            (2, tian @ 0..=13, di @ 0..=13) => TianDiHu::Fan { tian, di },
            _ => return Err(bad),
        },
        long_qi_dui: match c.long_qi_dui {
            n @ 3..=4 => n,
            _ => return Err(bad),
        },
        kong_on_shoot: match c.kong_on_shoot {
            0 => KongOnShoot::Chain,
            1 => KongOnShoot::Last,
            2 => KongOnShoot::Refund,
            _ => return Err(bad),
        },
        postponed_added_kong: flag(c.postponed_added_kong),
        cha_jiao_roots: match c.cha_jiao_roots {
            0 => ChaJiaoRoots::All,
            1 => ChaJiaoRoots::Spread,
            _ => return Err(bad),
        },
    };
    Ok(Settings { situation, options })
}

/// The C value of a score.
fn c_score(s: &sichuan::Score) -> HupaiSichuanScore {
    let mut out = HupaiSichuanScore {
        legal: s.legal,
        reason: match s.reason {
            None => HUPAI_SICHUAN_REASON_NONE,
            Some(Reason::ThreeSuits) => HUPAI_SICHUAN_REASON_THREE_SUITS,
            Some(Reason::VoidSuit(_)) => HUPAI_SICHUAN_REASON_VOID_SUIT,
            Some(Reason::NotComplete) => HUPAI_SICHUAN_REASON_NOT_COMPLETE,
        },
        fan_count: 0,
        fans: [HupaiSichuanFan::default(); HUPAI_SICHUAN_MAX_FANS],
        labels: s.labels.iter().fold(0, |m, l| m | 1 << label_code(l)),
        fan: s.fan,
        cap: s.cap.unwrap_or(HUPAI_SICHUAN_NO_CAP),
        value: s.value,
        payers: s.payments.payers,
        each: s.payments.each,
        total: s.payments.total,
    };
    for (slot, f) in out.fans.iter_mut().zip(s.fans.as_slice()) {
        *slot = HupaiSichuanFan {
            fan: fan_code(f.fan),
            count: f.count,
            worth: f.worth,
        };
        out.fan_count += 1;
    }
    out
}

/// Fill `*out` with the situation of a win on a discard (no flag, no void
/// suit, three payers) and the options of profile `profile`
/// (`HUPAI_SICHUAN_PROFILE_*`); `HUPAI_STATUS_BAD_CONTEXT` for an unknown
/// profile.
///
/// # Safety
///
/// `out` is null or valid for writing one `HupaiSichuanContext`.
#[no_mangle]
pub unsafe extern "C" fn hupai_sichuan_context_default(
    profile: u32,
    out: *mut HupaiSichuanContext,
) -> HupaiStatus {
    guard(|| {
        let out = out_ptr(out)?;
        let ctx = default_context(profile)?;
        // SAFETY: `out` is non-null and aligned (checked) and by the
        // contract valid for writing one `HupaiSichuanContext`.
        unsafe { out.write(ctx) };
        Ok(())
    })
}

/// Score a hand under the Sichuan rules (whatever the engine's rule set):
/// the hand as in `hupai_check` (a kong counting three), how it was won and
/// the options in `*context` (start from `hupai_sichuan_context_default`),
/// the result in `*out`. A hand that is not a win (three suits, the void
/// suit, not complete) is scored with `legal == false` and its reason.
/// `HUPAI_STATUS_NOT_FOR_RULES` for honour tiles, `HUPAI_STATUS_BAD_CONTEXT`
/// for a code out of range or flags that contradict each other
/// (`after_kong` with `self_drawn`, `fed_kong` without a self-drawn kong
/// win, …).
///
/// # Safety
///
/// As `hupai_check`; `context` is null or valid for reading one
/// `HupaiSichuanContext`; `out` is null or valid for writing one
/// `HupaiSichuanScore`.
#[no_mangle]
pub unsafe extern "C" fn hupai_sichuan_score(
    engine: *const HupaiEngine,
    counts: *const u8,
    counts_len: usize,
    melds: *const HupaiMeld,
    meld_count: usize,
    context: *const HupaiSichuanContext,
    out: *mut HupaiSichuanScore,
) -> HupaiStatus {
    guard(|| {
        // SAFETY: the contract of this function is that of `engine_ref`.
        let engine = unsafe { engine_ref(engine) }?;
        let out = out_ptr(out)?;
        if context.is_null() {
            return Err(HupaiStatus::NullPointer);
        }
        // SAFETY: non-null; every field is a byte, so the alignment is 1 and
        // every bit pattern is valid; by the contract readable. Copied at once.
        let ctx = unsafe { ptr::read(context) };
        // SAFETY: the contract of this function is that of `read_hand`.
        let hand = unsafe { read_hand(counts, counts_len, melds, meld_count) }?;
        let settings = settings_of(&ctx)?;
        let input = ScoringInput::from_hand(hand, settings).map_err(|e| match e {
            ScoreError::Honor(_) => HupaiStatus::NotForRules,
            _ => HupaiStatus::BadContext,
        })?;
        let score = engine.engine.sichuan_score(&input);
        // SAFETY: `out` is non-null and aligned (checked) and by the
        // contract valid for writing one `HupaiSichuanScore`.
        unsafe { out.write(c_score(&score)) };
        Ok(())
    })
}

/// The name of Sichuan fan `fan` (0..17, as in `HupaiSichuanFan`): English
/// ("Golden Hook") when `chinese` is 0 (`false`), Chinese ("金钩钓", UTF-8)
/// otherwise. A static NUL-terminated string, or null when `fan` is out of
/// range. (`chinese` is an integer, like every flag C passes in.)
#[no_mangle]
pub extern "C" fn hupai_sichuan_fan_name(fan: u32, chinese: u32) -> *const c_char {
    static NAMES: [OnceLock<Vec<CString>>; 2] = [OnceLock::new(), OnceLock::new()];
    let chinese = chinese != 0;
    cached_name(&NAMES[chinese as usize], fan, || {
        FANS.iter()
            .map(|f| if chinese { f.chinese() } else { f.name() }.to_string())
            .collect()
    })
}

/// The Chinese name of Sichuan label `label` (bit `label` of
/// `HupaiSichuanScore::labels`, 0..8), e.g. "清对" (UTF-8): a static
/// NUL-terminated string, or null when out of range.
#[no_mangle]
pub extern "C" fn hupai_sichuan_label_name(label: u32) -> *const c_char {
    static NAMES: OnceLock<Vec<CString>> = OnceLock::new();
    cached_name(&NAMES, label, || {
        LABELS.iter().map(|l| l.chinese().to_string()).collect()
    })
}

/// Why a Sichuan hand is not a win, for `HupaiSichuanScore::reason`: "none"
/// for `HUPAI_SICHUAN_REASON_NONE`, else an English sentence. A static
/// NUL-terminated string, or null when `reason` is out of range.
#[no_mangle]
pub extern "C" fn hupai_sichuan_reason_name(reason: u32) -> *const c_char {
    static NAMES: OnceLock<Vec<CString>> = OnceLock::new();
    cached_name(&NAMES, reason, || {
        vec![
            "none".into(),
            Reason::ThreeSuits.to_string(),
            "holds the declared void suit".into(),
            Reason::NotComplete.to_string(),
        ]
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fan_and_label_codes_are_their_positions() {
        for (i, f) in FANS.iter().enumerate() {
            assert_eq!(fan_code(*f) as usize, i, "{f:?}");
        }
        for (i, l) in LABELS.iter().enumerate() {
            assert_eq!(label_code(*l) as usize, i, "{l:?}");
        }
    }

    #[test]
    fn every_profile_round_trips_through_its_c_context() {
        for (code, preset) in Preset::ALL.iter().enumerate() {
            let ctx = default_context(code as u32).unwrap();
            let s = settings_of(&ctx).unwrap();
            assert_eq!(s.options, Options::preset(*preset), "{preset}");
            assert_eq!(s.situation, Situation::default());
        }
        assert_eq!(default_context(5), Err(HupaiStatus::BadContext));
    }
}
