//! Japanese riichi scoring: yaku and yakuman, dora, fu, han, limits and
//! points, as the Python `mahjong` package's `HandCalculator` scores them
//! (it is the oracle of tests/riichi_fixture.rs).
//!
//! 1. [`ScoringInput`]: the hand (declared melds, concealed tiles, the
//!    winning tile last) and the [`Settings`]: the [`Situation`] (how the
//!    hand was won, winds, dora indicators, honba, sticks) and the
//!    [`Options`] (the package's `OptionalRules`, or a [`Preset`]).
//! 2. Every arrangement of the hand from the table engine
//!    ([`Tables::arrange_into`](crate::Tables::arrange_into)), and in each
//!    every concealed group the winning tile can complete.
//! 3. For each such reading: the fu ([`fu`]), the yaku ([`Yaku`]), the han
//!    with dora, red fives and ura dora, and the payments ([`points`]).
//! 4. The best reading is kept as the package keeps it. A hand without yaku
//!    is not an error: it is scored with `legal == false`.
//!
//! ```
//! use hupai::riichi::{self, ScoringInput, Yaku};
//! use hupai::{Notation, Tables};
//! // A pung of red dragons claimed from the left, 7899s won on a discarded 9s.
//! let input = ScoringInput::parse("[777z1]234m567p789s9s9s --seat S", Notation::Mpsz).unwrap();
//! let s = riichi::score(&input, Tables::embedded()).unwrap();
//! assert!(s.legal && s.yaku.has(Yaku::Chun));
//! // 20 base + 4 (melded pung of honours) + 2 (pair wait) = 26, rounded to 30.
//! assert_eq!((s.han, s.fu, s.cost.total), (1, 30, 1000));
//!
//! // No yaku: a legal shape, but it may not be won.
//! let input = ScoringInput::parse("[123m]456m789p23s55s4s --seat S --dora 4s", Notation::Mpsz).unwrap();
//! let s = riichi::score(&input, Tables::embedded()).unwrap();
//! assert!(!s.legal && s.reason().is_some());
//! ```

pub mod fu;
pub mod options;
pub mod points;
#[cfg(feature = "test-support")]
pub mod sample;
pub mod score;
pub mod situation;
pub mod three;
pub mod yaku;

pub use fu::{FuList, FuReason};
pub use options::{KazoeLimit, Options, Preset};
pub use points::{Cost, Limit};
pub use score::{score, score_arrangements, score_hand, Score};
pub use situation::{IndicatorError, Indicators, ScoreError, ScoringInput, Settings, Situation};
pub use yaku::{Yaku, YakuList};
