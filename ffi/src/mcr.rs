//! MCR (Chinese Official) scoring: the context, the score, fan names.

use crate::engine::engine_ref;
use crate::hand::read_hand;
use crate::strings::cached_name;
use crate::{guard, out_ptr, HupaiEngine, HupaiMeld, HupaiStatus, Result};
use hupai_core::hand::Hand;
use hupai_core::tile::Tile;
use std::ffi::{c_char, CString};
use std::ptr;
use std::sync::OnceLock;

/// Most distinct fans a score lists: every entry of the MCR fan table.
pub const HUPAI_MAX_FANS: usize = 82;
const _: () = assert!(HUPAI_MAX_FANS == hupai_core::mcr::FAN_COUNT);

/// Wind: East.
pub const HUPAI_WIND_EAST: u8 = 0;
/// Wind: South.
pub const HUPAI_WIND_SOUTH: u8 = 1;
/// Wind: West.
pub const HUPAI_WIND_WEST: u8 = 2;
/// Wind: North.
pub const HUPAI_WIND_NORTH: u8 = 3;

/// MCR variant: the 1998 rules as the common reference calculators score them.
pub const HUPAI_VARIANT_DEFAULT: u8 = 0;
/// MCR variant: green book values (Two Concealed Kongs 8, Concealed Kong and
/// Melded Kong 6).
pub const HUPAI_VARIANT_GREEN_BOOK: u8 = 1;

/// How an MCR hand was won and the table situation. Every field is a byte
/// (0 = no, anything else = yes for the flags), so any value is safe to read.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HupaiScoreContext {
    /// The winning tile, 0..33; one of the concealed tiles.
    pub winning_tile: u8,
    /// Won by self-draw (otherwise on a discard).
    pub self_drawn: u8,
    /// The winning tile is the last of its kind (和绝张).
    pub last_tile: u8,
    /// The winning tile is the last tile of the wall (妙手回春 / 海底捞月).
    pub last_wall: u8,
    /// Kong-related: replacement tile when self-drawn (杠上开花), robbing a
    /// kong otherwise (抢杠和).
    pub kong: u8,
    /// Seat wind, `HUPAI_WIND_*`.
    pub seat_wind: u8,
    /// Prevalent (round) wind, `HUPAI_WIND_*`.
    pub prevalent_wind: u8,
    /// Flower tiles, 0..8 (counted after a legal win).
    pub flowers: u8,
    /// `HUPAI_VARIANT_*`.
    pub variant: u8,
}

/// One counted fan.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HupaiFan {
    /// The fan, 0..81 in rule-table order; `hupai_fan_name` names it.
    pub fan: u8,
    /// How many times it counts.
    pub count: u8,
    /// Points of one occurrence.
    pub points: u8,
}

/// An MCR score.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HupaiScore {
    /// Total points: the fans, plus the flowers on a legal win.
    pub total: u32,
    /// Whether the fans without flowers reach the 8-point minimum.
    pub legal: bool,
    /// Number of entries of `fans` used.
    pub fan_count: u8,
    /// The counted fans in rule-table order (Flower Tiles last).
    pub fans: [HupaiFan; HUPAI_MAX_FANS],
}

impl Default for HupaiScore {
    /// No points, no fans.
    fn default() -> HupaiScore {
        HupaiScore {
            total: 0,
            legal: false,
            fan_count: 0,
            fans: [HupaiFan::default(); HUPAI_MAX_FANS],
        }
    }
}

/// The wind of a `HUPAI_WIND_*` code.
pub(crate) fn wind_from(code: u8) -> Result<hupai_core::mcr::Wind> {
    use hupai_core::mcr::Wind;
    match code {
        HUPAI_WIND_EAST => Ok(Wind::East),
        HUPAI_WIND_SOUTH => Ok(Wind::South),
        HUPAI_WIND_WEST => Ok(Wind::West),
        HUPAI_WIND_NORTH => Ok(Wind::North),
        _ => Err(HupaiStatus::BadContext),
    }
}

/// The scoring input of a checked hand and a C context.
fn scoring_input(hand: Hand, ctx: &HupaiScoreContext) -> Result<hupai_core::mcr::ScoringInput> {
    use hupai_core::mcr::{Flags, ScoreError, ScoringInput, Variant};
    let flags = Flags {
        self_drawn: ctx.self_drawn != 0,
        last_tile: ctx.last_tile != 0,
        last_wall: ctx.last_wall != 0,
        kong: ctx.kong != 0,
        seat: wind_from(ctx.seat_wind)?,
        prevalent: wind_from(ctx.prevalent_wind)?,
        flowers: ctx.flowers,
        variant: match ctx.variant {
            HUPAI_VARIANT_DEFAULT => Variant::Default,
            HUPAI_VARIANT_GREEN_BOOK => Variant::GreenBook,
            _ => return Err(HupaiStatus::BadContext),
        },
    };
    let win = Tile::from_index(ctx.winning_tile as usize).ok_or(HupaiStatus::BadContext)?;
    ScoringInput::new(hand, win, flags).map_err(|e| match e {
        ScoreError::Input(hupai_core::ScoredHandError::WrongSize(_)) => HupaiStatus::HandSize,
        _ => HupaiStatus::BadContext,
    })
}

/// Score a complete hand under the MCR rules (whatever the engine's rule
/// set): the hand as in `hupai_check` (14 tiles, a kong counting three),
/// how it was won in `*context`, the result in `*out`.
/// `HUPAI_STATUS_HAND_SIZE` for another size, `HUPAI_STATUS_NOT_WINNING`
/// when no MCR form completes it, `HUPAI_STATUS_BAD_CONTEXT` for a context
/// out of range.
///
/// # Safety
///
/// As `hupai_check`; `context` is null or valid for reading one
/// `HupaiScoreContext`; `out` is null or valid for writing one `HupaiScore`.
#[no_mangle]
pub unsafe extern "C" fn hupai_score(
    engine: *const HupaiEngine,
    counts: *const u8,
    counts_len: usize,
    melds: *const HupaiMeld,
    meld_count: usize,
    context: *const HupaiScoreContext,
    out: *mut HupaiScore,
) -> HupaiStatus {
    guard(|| {
        // SAFETY: the contract of this function is that of `engine_ref`.
        let engine = unsafe { engine_ref(engine) }?;
        let out = out_ptr(out)?;
        if context.is_null() {
            return Err(HupaiStatus::NullPointer);
        }
        // SAFETY: non-null; alignment 1 and every bit pattern valid (all
        // fields are bytes); by the contract readable. Copied at once.
        let ctx = unsafe { ptr::read(context) };
        // SAFETY: the contract of this function is that of `read_hand`.
        let hand = unsafe { read_hand(counts, counts_len, melds, meld_count) }?;
        let input = scoring_input(hand, &ctx)?;
        let score = engine.engine.score(&input).map_err(|e| match e {
            hupai_core::mcr::ScoreError::NotWinning => HupaiStatus::NotWinning,
            _ => HupaiStatus::BadContext,
        })?;
        let mut result = HupaiScore {
            total: score.total,
            legal: score.legal,
            fan_count: score.fans.len() as u8,
            ..HupaiScore::default()
        };
        for (slot, f) in result.fans.iter_mut().zip(&score.fans) {
            *slot = HupaiFan {
                fan: f.fan as u8,
                count: f.count,
                points: f.points,
            };
        }
        // SAFETY: `out` is non-null and aligned (checked) and by the
        // contract valid for writing one `HupaiScore`.
        unsafe { out.write(result) };
        Ok(())
    })
}

/// The English name of fan `fan` (0..81, as in `HupaiFan`), e.g.
/// "Thirteen Orphans": a static NUL-terminated string, or null when `fan`
/// is out of range.
#[no_mangle]
pub extern "C" fn hupai_fan_name(fan: u32) -> *const c_char {
    fan_name(fan, false)
}

/// The Chinese name of fan `fan` (0..81), e.g. "十三幺" (UTF-8): a static
/// NUL-terminated string, or null when `fan` is out of range.
#[no_mangle]
pub extern "C" fn hupai_fan_chinese_name(fan: u32) -> *const c_char {
    fan_name(fan, true)
}

/// A fan's English or Chinese name as a static C string.
fn fan_name(fan: u32, chinese: bool) -> *const c_char {
    use hupai_core::mcr::Fan;
    static NAMES: [OnceLock<Vec<CString>>; 2] = [OnceLock::new(), OnceLock::new()];
    cached_name(&NAMES[chinese as usize], fan, || {
        Fan::ALL
            .iter()
            .map(|&f| if chinese { f.chinese() } else { f.name() }.to_string())
            .collect()
    })
}
