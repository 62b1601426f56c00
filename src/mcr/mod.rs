//! MCR (Chinese Official, 国标麻将) scoring: all 81 fans.
//!
//! The rules are `shared/rules/mcr.md`: the fan table with points and what
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
//! use hupai::mcr::{self, Fan, Flags, ScoringInput};
//! use hupai::{Hand, Meld, MeldKind, From, Tables, Tile};
//! let t = |s: &str| s.parse::<Tile>().unwrap();
//! // [EEE] claimed from the left, concealed 234m 567p 888s 9s, winning on 9s.
//! let pung = Meld::new(MeldKind::Pung, t("1z"), Some(From::Left)).unwrap();
//! let tiles: Vec<Tile> = "2m 3m 4m 5p 6p 7p 8s 8s 8s 9s 9s".split(' ').map(t).collect();
//! let mut counts = [0u8; 34];
//! for x in &tiles { counts[x.index()] += 1; }
//! let hand = Hand::new(counts, &[pung]).unwrap();
//! let input = ScoringInput::new(hand, t("9s"), Flags::default()).unwrap();
//! let s = mcr::score(&input, Tables::embedded()).unwrap();
//! assert!(s.has(Fan::PrevalentWind) && s.has(Fan::SeatWind));
//! // Prevalent Wind 2 + Seat Wind 2; the East pung is not also a Pung of
//! // Terminals or Honors, and 9s is no single wait (7s completes the hand too).
//! assert_eq!(s.total, 4);
//! assert!(!s.legal);
//! ```

mod detect;
pub mod engine;
pub mod fans;
pub mod input;
pub mod score;
pub mod waits;

pub use engine::Engine;
pub use fans::{Fan, FanInfo, FanTable, FAN_COUNT};
pub use input::{Flags, ScoreError, ScoringInput, Variant, Wind};
pub use score::{score, score_total, score_total_with, score_with, FanCount, Score, MINIMUM};
