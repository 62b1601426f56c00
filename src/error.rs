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

/// The error type, its [`Error::inner`] and a `From` for each variant, from
/// one list: each variant is written once.
macro_rules! errors {
    ($($(#[$doc:meta])* $variant:ident($t:ty),)*) => {
        /// Any error of the library, by where it arose.
        #[derive(Debug)]
        #[non_exhaustive]
        pub enum Error {
            $($(#[$doc])* $variant($t),)*
        }

        impl Error {
            /// The precise error, as a trait object.
            fn inner(&self) -> &(dyn std::error::Error + 'static) {
                match self {
                    $(Error::$variant(e) => e,)*
                }
            }
        }

        $(impl From<$t> for Error {
            fn from(e: $t) -> Error {
                Error::$variant(e)
            }
        })*
    };
}

errors! {
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

/// A word of a scoring line or option that is unknown, lacks its value or
/// has a bad one (a flag, a wind, a rule set's name, a preset); the message
/// names the word and what was expected.
///
/// ```
/// use hupai::{mcr::Flags, FlagError, Rules};
/// let e = Flags::from_words(["--seat", "X"]).unwrap_err();
/// assert!(e.to_string().contains('X'));
/// let e: FlagError = "chess".parse::<Rules>().unwrap_err();
/// assert_eq!(e.to_string(), "unknown rule set 'chess' (expected generic, sichuan, riichi, riichi3 or mcr)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FlagError(pub(crate) String);

impl fmt::Display for FlagError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for FlagError {}

impl From<String> for FlagError {
    fn from(message: String) -> FlagError {
        FlagError(message)
    }
}

/// The message, for callers that report errors as text.
impl From<FlagError> for String {
    fn from(e: FlagError) -> String {
        e.0
    }
}
