//! Sichuan scoring and settlement (血战到底): fans, value with the cap,
//! who pays a win, and the ledger of a whole hand.
//!
//! 1. [`ScoringInput`]: the hand (declared melds, concealed tiles, the
//!    winning tile last) and the [`Settings`]: the [`Situation`] (how the
//!    hand was won, the void suit, the payers) and the [`Options`] (or a
//!    [`Preset`]).
//! 2. [`score()`]: every arrangement from the table engine, seven pairs and
//!    standard; the fans of each ([`Fan`], all additive); the reading with
//!    the most fan is kept; value = 2^min(fan, cap) base; the payments.
//! 3. [`settle()`]: a whole hand's events (kongs, wins, the wall's end) into
//!    every payment with its reason and each player's net, zero-sum.
//!
//! ```
//! use hupai::sichuan::{self, Fan, Label, ScoringInput};
//! use hupai::{Notation, Tables};
//! // All Pungs of one suit (清对) with a root (2222m held): 1 + 2 + 1 = 4 fan,
//! // capped at 3; self-drawn: 8 + 1 base from each of the three others.
//! let i = ScoringInput::parse("[2222m][555m2]888m333m99m --self-drawn", Notation::Mpsz).unwrap();
//! let s = sichuan::score(&i, Tables::embedded());
//! assert_eq!(s.fan, 4);
//! assert!(s.fans.has(Fan::Root) && s.labels.iter().any(|l| l == Label::PureAllPungs));
//! assert_eq!((s.value, s.payments.each, s.payments.total), (8, 9, 27));
//! ```

pub mod fans;
pub mod options;
pub mod round;
#[cfg(feature = "test-support")]
pub mod sample;
pub mod score;
pub mod settle;
pub mod situation;

pub use fans::{Fan, FanEntry, FanList, Label, Labels};
pub use options::{
    ChaJiaoRoots, DianGangHua, FlushStacks, KongOnShoot, OptionError, Options, Preset, SelfDraw,
    TianDiHu,
};
pub use score::{score, score_arrangements, score_hand, Payments, Reason, Score};
pub use settle::{best_wait, settle, Payment, Round, SettleError, Settlement, Why};
pub use situation::{ScoreError, ScoringInput, Settings, Situation};
