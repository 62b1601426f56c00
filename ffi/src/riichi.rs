//! Riichi scoring: the context with its defaults, the score, yaku and fu
//! names.

use crate::engine::engine_ref;
use crate::hand::read_hand;
use crate::mcr::wind_from;
use crate::strings::cached_name;
use crate::{
    guard, out_ptr, HupaiEngine, HupaiMeld, HupaiStatus, Result, HUPAI_NO_TILE, HUPAI_WIND_EAST,
};
use hupai_core::hand::Hand;
use hupai_core::rules::Rules;
use hupai_core::tile::Tile;
use std::ffi::{c_char, CString};
use std::ptr;
use std::sync::OnceLock;

/// Most yaku a riichi score lists.
pub const HUPAI_MAX_YAKU: usize = 32;
const _: () = assert!(HUPAI_MAX_YAKU == hupai_core::riichi::yaku::MAX_YAKU);
/// Most fu details a riichi score lists.
pub const HUPAI_MAX_FU: usize = 12;
/// Most dora (or ura dora) indicators.
pub const HUPAI_MAX_INDICATORS: usize = 10;
const _: () = assert!(HUPAI_MAX_INDICATORS == hupai_core::riichi::Indicators::MAX);

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
        let mut options = hupai_core::riichi::Options::default();
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
) -> Result<hupai_core::riichi::ScoringInput> {
    use hupai_core::riichi::{Indicators, KazoeLimit, ScoringInput, Settings};
    use hupai_core::tile::Suit;
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
        hupai_core::riichi::ScoreError::Input(hupai_core::ScoredHandError::WrongSize(_)) => {
            HupaiStatus::HandSize
        }
        hupai_core::riichi::ScoreError::ThreePlayerTile(_) => HupaiStatus::NotForRules,
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
        let rules = *engine.engine.rules();
        let input = riichi_input(hand, &ctx, &rules)?;
        let score = engine.engine.riichi_score(&input).map_err(|e| match e {
            hupai_core::riichi::ScoreError::NotWinning => HupaiStatus::NotWinning,
            _ => HupaiStatus::BadContext,
        })?;
        use hupai_core::riichi::Limit;
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

/// Riichi names as static C strings: 0 yaku, 1 Japanese yaku, 2 fu reasons.
fn riichi_name(i: u32, which: usize) -> *const c_char {
    use hupai_core::riichi::{FuReason, Yaku};
    static NAMES: [OnceLock<Vec<CString>>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    cached_name(&NAMES[which], i, || {
        let names: Vec<&str> = match which {
            0 => Yaku::ALL.iter().map(|y| y.name()).collect(),
            1 => Yaku::ALL.iter().map(|y| y.japanese()).collect(),
            _ => FuReason::ALL.iter().map(|r| r.name()).collect(),
        };
        names.into_iter().map(String::from).collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{HUPAI_RULES_RIICHI, HUPAI_WIND_SOUTH};
    use hupai_core::tile::KINDS;
    use std::ffi::CStr;

    #[test]
    fn riichi_score_through_the_c_abi() {
        let mut engine = ptr::null_mut();
        // SAFETY: valid out-pointer; the engine is freed below.
        let st =
            unsafe { crate::hupai_engine_new(HUPAI_RULES_RIICHI, ptr::null(), 0, &mut engine) };
        assert_eq!(st, HupaiStatus::Ok);
        let hand = hupai_core::notation::parse("234m567m99s345p23p1p", hupai_core::Notation::Mpsz)
            .unwrap();
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
        unsafe { crate::hupai_engine_free(engine) };
    }
}
