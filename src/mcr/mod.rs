//! MCR (Chinese Official, 国标麻将) scoring: all 81 fans.
//!
//! The rules are docs/rules/mcr.md: the fan table with points and what
//! each fan is not counted with, the five counting principles and the
//! rulings on disputed cases. The pipeline:
//!
//! 1. [`ScoringInput`]: the hand (declared melds, concealed tiles, the winning
//!    tile) and the [`Flags`] (self-drawn, last tile, last of the wall,
//!    kong-related, winds, flowers, [`Variant`]).
//! 2. Every arrangement of the hand from the engine: standard, seven pairs,
//!    thirteen orphans, seven shifted pairs, honours and knitted, knitted
//!    straight with one set and a pair (and Nine Gates by its shape).
//! 3. For each reading, the fans ([`Fan`], [`fans`]): set combinations with
//!    non-separation, non-identical and account-once, then the "not counted
//!    with" exclusions (non-repeat). The wait fans use the wait analysis of
//!    [`waits`] across the whole 13-tile hand.
//! 4. The highest-scoring reading wins (high over low); flowers are added
//!    after the 8-point minimum is met.
//!
//! ```
//! use hupai::mcr::{self, Fan, ScoringInput};
//! use hupai::{Notation, Tables};
//! // East pung claimed from the left, concealed 234m 567p 888s 9s, winning on a second 9s.
//! let input = ScoringInput::parse("[EEE1]234m567p888s9s9s --flowers 2", Notation::Mcr).unwrap();
//! let s = mcr::score(&input, Tables::embedded()).unwrap();
//! assert!(s.has(Fan::PrevalentWind) && s.has(Fan::SeatWind));
//! // Prevalent Wind 2 + Seat Wind 2; the East pung is not also a Pung of
//! // Terminals or Honors, and 9s is no single wait (7s completes the hand
//! // too). Below 8 points the flowers do not count.
//! assert_eq!((s.total, s.legal), (4, false));
//!
//! // The same hand self-drawn on the last tile of the wall.
//! let input = ScoringInput::parse("[EEE1]234m567p888s9s9s --self-drawn --last-wall --flowers 2",
//!                                 Notation::Mcr).unwrap();
//! let s = mcr::score(&input, Tables::embedded()).unwrap();
//! assert!(s.has(Fan::LastTileDraw) && !s.has(Fan::SelfDrawn));
//! assert_eq!((s.total, s.legal), (2 + 2 + 8 + 2, true)); // the last 2: two flowers
//! for f in &s.fans {
//!     println!("{} {} {}×{}", f.fan.name(), f.fan.chinese(), f.points, f.count);
//! }
//! //! ```

pub mod arranger;
mod detect;
pub mod fans;
pub mod input;
pub mod score;
pub mod waits;

pub use arranger::Arranger;
pub use fans::{Fan, FanInfo, FanTable, FAN_COUNT};
pub use input::{FlagError, Flags, ScoreError, ScoringInput, Variant, Wind};
pub use score::{score, score_total, score_total_with, score_with, FanCount, Score, MINIMUM};
