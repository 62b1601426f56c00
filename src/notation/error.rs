//! Parse and format errors, and the messages people read.
//!
//! Every message names the problem and, when there is one, the 1-based
//! character position in the input as given (leading whitespace counts).

use super::Notation;
use crate::tile::Tile;
use std::fmt;

/// What went wrong while parsing.
///
/// ```
/// use hupai::{notation::parse, Notation, ParseErrorKind};
/// let err = parse("123m8z", Notation::Mpsz).unwrap_err();
/// assert_eq!(err.kind, ParseErrorKind::NoSuchTile("8z".into()));
/// assert_eq!(err.position, Some(5));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseErrorKind {
    /// The input has no tiles.
    Empty,
    /// A character the notation does not use.
    UnexpectedChar(char),
    /// A suit letter with no digits before it.
    SuitWithoutDigits(char),
    /// Digits not followed by a suit letter.
    DigitsWithoutSuit,
    /// A rank that does not exist in its suit (`8z`, `0z`).
    NoSuchTile(String),
    /// A fifth copy of a tile.
    FifthCopy(Tile),
    /// `[` without `]`.
    UnclosedBracket,
    /// `]` without `[`.
    UnopenedBracket,
    /// A bracketed group that is not a chow, pung or kong.
    BadMeld(String),
    /// More than four declared melds.
    TooManyMelds,
    /// No notation parses the input; each candidate's error, the one that
    /// read furthest (largest position) first.
    NoNotation(Vec<(Notation, ParseError)>),
    /// Several notations parse the input into different hands.
    Ambiguous(Vec<Notation>),
    /// A chow digit other than 1–3, the claimed tile (`[123m5]`).
    BadChowDigit(char),
    /// A pung's source digit other than 1 (left), 2 (opposite), 3 (right).
    BadSource(char),
    /// A kong digit other than 1–3 (the source) or 5–7 (added to a pung
    /// claimed from 1–3).
    BadKongDigit(char),
    /// [`parse_tile`](super::parse_tile) was given no tile or several.
    NotOneTile,
}

/// A parse error: what, and where (1-based character position, when it has one).
///
/// Its `Display` is the message for people:
///
/// ```
/// use hupai::{notation::parse, Notation};
/// let err = parse("123m 45x", Notation::Mpsz).unwrap_err();
/// assert_eq!(err.to_string(), "unexpected character 'x' at position 8");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// What went wrong.
    pub kind: ParseErrorKind,
    /// 1-based position of the offending character.
    pub position: Option<usize>,
}

impl ParseError {
    pub(super) fn at(kind: ParseErrorKind, position: usize) -> ParseError {
        ParseError {
            kind,
            position: Some(position),
        }
    }

    pub(super) fn whole(kind: ParseErrorKind) -> ParseError {
        ParseError {
            kind,
            position: None,
        }
    }
}

impl std::error::Error for ParseError {}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ParseErrorKind::*;
        // " at position N", or nothing for errors about the whole input.
        let at = At(self.position);
        match &self.kind {
            Empty => f.write_str("empty hand"),
            UnexpectedChar(c) => write!(f, "unexpected character {}{at}", Shown(*c)),
            SuitWithoutDigits(c) => write!(f, "suit letter '{c}'{at} has no digits"),
            DigitsWithoutSuit => write!(f, "digits{at} have no suit letter"),
            NoSuchTile(t) => {
                let hint = if t.ends_with('z') || t.ends_with('h') {
                    "honours are 1z-7z"
                } else {
                    "ranks are 1-9"
                };
                write!(f, "'{t}' is not a tile ({hint}){at}")
            }
            FifthCopy(t) => {
                write!(f, "more than four copies of {t}")?;
                if let Some(p) = self.position {
                    write!(f, ": the fifth is at position {p}")?;
                }
                Ok(())
            }
            UnclosedBracket => write!(f, "unclosed bracket '['{at}"),
            UnopenedBracket => write!(f, "closing bracket ']'{at} has no opening '['"),
            BadMeld(g) => write!(f, "'{g}'{at} is not a chow, pung or kong"),
            TooManyMelds => write!(f, "more than four declared melds (the fifth{at})"),
            BadChowDigit(c) => write!(
                f,
                "chow digit {}{at} is not 1, 2 or 3 (which of its tiles was claimed)",
                Shown(*c)
            ),
            BadKongDigit(c) => write!(
                f,
                "kong digit {}{at} is not 1-3 (source: left, opposite, right) \
                 or 5-7 (added to a pung claimed from 1-3)",
                Shown(*c)
            ),
            BadSource(c) => write!(
                f,
                "meld source {}{at} is not 1 (left), 2 (opposite) or 3 (right)",
                Shown(*c)
            ),
            NotOneTile => f.write_str("expected exactly one tile, such as 5p or 7z"),
            NoNotation(errors) => {
                f.write_str("not a hand in any notation")?;
                for (i, (notation, err)) in errors.iter().enumerate() {
                    let sep = if i == 0 { ": " } else { "; " };
                    write!(f, "{sep}{notation}: {err}")?;
                }
                Ok(())
            }
            Ambiguous(notations) => {
                f.write_str("ambiguous: ")?;
                list(f, notations)?;
                f.write_str(" read different hands; choose a notation")
            }
        }
    }
}

/// A character as messages quote it: `'x'`, or `U+0000` for a control
/// character, which a terminal or log would not show.
struct Shown(char);

impl fmt::Display for Shown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_control() {
            write!(f, "U+{:04X}", self.0 as u32)
        } else {
            write!(f, "'{}'", self.0)
        }
    }
}

/// Writes ` at position N` when there is a position.
struct At(Option<usize>);

impl fmt::Display for At {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(p) => write!(f, " at position {p}"),
            None => Ok(()),
        }
    }
}

/// `a`, `a and b`, `a, b and c`.
fn list(f: &mut fmt::Formatter<'_>, items: &[Notation]) -> fmt::Result {
    for (i, n) in items.iter().enumerate() {
        let sep = match i {
            0 => "",
            i if i + 1 == items.len() => " and ",
            _ => ", ",
        };
        write!(f, "{sep}{n}")?;
    }
    Ok(())
}

/// Why a hand cannot be written in a notation.
///
/// ```
/// use hupai::notation::{format, parse, FormatError};
/// use hupai::Notation;
/// let hand = parse("123m11z", Notation::Mpsz).unwrap();
/// let err = format(&hand, Notation::Chengdu).unwrap_err();
/// assert!(matches!(err, FormatError::Honors { .. }));
/// assert_eq!(err.to_string(), "chengdu notation has no honour tiles (the hand holds 1z)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormatError {
    /// The notation has no honour tiles; the first honour the hand holds.
    Honors {
        /// The notation asked for.
        notation: Notation,
        /// An honour tile of the hand.
        tile: Tile,
    },
    /// The notation cannot write declared melds.
    Melds {
        /// The notation asked for.
        notation: Notation,
    },
    /// The notation cannot mark red fives.
    RedFives {
        /// The notation asked for.
        notation: Notation,
    },
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FormatError::Honors { notation, tile } => write!(
                f,
                "{notation} notation has no honour tiles (the hand holds {tile})"
            ),
            FormatError::Melds { notation } => {
                write!(f, "{notation} notation cannot write declared melds")
            }
            FormatError::RedFives { notation } => {
                write!(f, "{notation} notation cannot mark red fives")
            }
        }
    }
}

impl std::error::Error for FormatError {}
