//! [`Error`], the one error type every fallible call of the library can be
//! turned into: each module keeps its precise error (what a caller matches
//! on), and `?` lifts any of them into [`Error`], whose [`source`] is the
//! precise one.
//!
//! [`source`]: std::error::Error::source
//!
//! ```
//! use hupai::{Error, Hand, Rules, Tables};
//!
//! fn ready(text: &str) -> Result<bool, Error> {
//!     let hand: Hand = text.parse()?; // a ParseError
//!     Ok(Tables::embedded().shanten(&hand, &Rules::RIICHI)? == 0) // a ShantenError
//! }
//! assert_eq!(ready("123m456p789s1112z").unwrap(), true);
//! let e = ready("123m4x").unwrap_err();
//! assert!(matches!(e, Error::Parse(_)));
//! assert_eq!(e.to_string(), "unexpected character 'x' at position 6");
//! assert!(std::error::Error::source(&e).is_some());
//! ```

use crate::engine::{JokerError, ShantenError, WaitsError};
use crate::ev::EvError;
use crate::hand::HandError;
use crate::notation::{FormatError, ParseError};
use crate::table::TableError;
use crate::{mcr, riichi, sichuan};
use std::fmt;

/// Any error of the library, by where it arose.
#[derive(Debug)]
#[non_exhaustive]
pub enum Error {
    /// A hand's text did not parse.
    Parse(ParseError),
    /// A hand cannot be written in the notation asked.
    Format(FormatError),
    /// An impossible hand (a fifth copy, too many melds, …).
    Hand(HandError),
    /// A table file was rejected.
    Table(TableError),
    /// A hand the shanten queries do not take.
    Shanten(ShantenError),
    /// A hand the waits query does not take.
    Waits(WaitsError),
    /// Jokers that do not fit the hand or the rules.
    Joker(JokerError),
    /// An MCR hand that cannot be scored.
    Mcr(mcr::ScoreError),
    /// A riichi hand that cannot be scored.
    Riichi(riichi::ScoreError),
    /// A Sichuan hand that cannot be scored.
    Sichuan(sichuan::ScoreError),
    /// A Sichuan round that cannot be settled.
    Settle(sichuan::SettleError),
    /// A hand whose discard EV cannot be computed.
    Ev(EvError),
}

impl Error {
    /// The precise error, as a trait object.
    fn inner(&self) -> &(dyn std::error::Error + 'static) {
        match self {
            Error::Parse(e) => e,
            Error::Format(e) => e,
            Error::Hand(e) => e,
            Error::Table(e) => e,
            Error::Shanten(e) => e,
            Error::Waits(e) => e,
            Error::Joker(e) => e,
            Error::Mcr(e) => e,
            Error::Riichi(e) => e,
            Error::Sichuan(e) => e,
            Error::Settle(e) => e,
            Error::Ev(e) => e,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.inner(), f)
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(self.inner())
    }
}

macro_rules! from {
    ($($variant:ident($t:ty)),* $(,)?) => {
        $(impl From<$t> for Error {
            fn from(e: $t) -> Error {
                Error::$variant(e)
            }
        })*
    };
}

from!(
    Parse(ParseError),
    Format(FormatError),
    Hand(HandError),
    Table(TableError),
    Shanten(ShantenError),
    Waits(WaitsError),
    Joker(JokerError),
    Mcr(mcr::ScoreError),
    Riichi(riichi::ScoreError),
    Sichuan(sichuan::ScoreError),
    Settle(sichuan::SettleError),
    Ev(EvError),
);
