//! Reading and writing hands in the notations people use (DESIGN §2).
//!
//! | notation | example |
//! |---|---|
//! | [`Notation::Mpsz`] | `123m456p789s11z`, `0p` red five, `[123m]` `[1111m]` `[1111m1]` melds |
//! | [`Notation::Mediatek`] | `ABCeee345456DD` (seed alphabet: `A`–`I` m, `1`–`9` p, `a`–`i` s) |
//! | [`Notation::Chengdu`] | `1D1D2D4W5T` (digit + `W` m / `D` p / `T` s) |
//! | [`Notation::Mcr`] | `[EEE][SSSS1]55pWWWNNN` (`E S W N` winds, `C` red, `F` green, `P` white) |
//!
//! Every parser returns the same [`Hand`]; [`format_mpsz`] writes it back
//! canonically. Errors carry the 1-based character position.

use crate::hand::Hand;
use crate::tile::Tile;
use std::fmt;

/// A hand notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    /// Try every notation; accept when they agree on one hand.
    Auto,
    /// `123m456p789s11z`.
    Mpsz,
    /// The seed alphabet `ABCeee345456DD`.
    Mediatek,
    /// Sichuan `1D1D2D4W5T`.
    Chengdu,
    /// MCR letters `[EEE][SSSS1]55pWWWNNN`.
    Mcr,
}

/// What went wrong while parsing.
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
    /// No notation parses the input; each candidate's error.
    NoNotation(Vec<(Notation, ParseError)>),
    /// Several notations parse the input into different hands.
    Ambiguous(Vec<Notation>),
}

/// A parse error: what, and where (1-based character position, when it has one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// What went wrong.
    pub kind: ParseErrorKind,
    /// 1-based position of the offending character.
    pub position: Option<usize>,
}

impl std::error::Error for ParseError {}

// Placeholders until the parsers land (being written in parallel); never released.
/// Parse a hand in the given notation.
pub fn parse(_input: &str, _notation: Notation) -> Result<Hand, ParseError> {
    todo!("notation parsers")
}
/// Parse one tile in mpsz.
pub fn parse_tile(_input: &str) -> Result<Tile, ParseError> {
    todo!("notation parsers")
}
/// Canonical mpsz.
pub fn format_mpsz(_hand: &Hand) -> String {
    todo!("notation parsers")
}
impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.kind)
    }
}
