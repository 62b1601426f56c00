//! Reading and writing hands in the notations people use.
//!
//! | notation | example |
//! |---|---|
//! | [`Notation::Mpsz`] | `123m456p789s11z`, `0p` red five, `[123m]` `[1111m]` `[1111m1]` melds |
//! | [`Notation::Mediatek`] | `ABCeee345456DD` (`A`–`I` m, `1`–`9` p, `a`–`i` s) |
//! | [`Notation::Chengdu`] | `1D1D2D4W5T` (digit + `W` m / `D` p / `T` s) |
//! | [`Notation::Mcr`] | `[EEE][SSSS1]55pWWWNNN` (`E S W N` winds, `C` red, `F` green, `P` white) |
//!
//! Every parser returns the same [`Hand`]; [`format_mpsz`] writes it back
//! canonically and [`format()`] writes it in any notation. Errors carry the
//! 1-based character position (see [`ParseError`]).
//!
//! Rules shared by all notations:
//!
//! - leading and trailing whitespace is ignored; `mpsz` and `mcr` also accept
//!   whitespace between groups (`123m 456p`);
//! - a fifth copy of a tile, counting declared melds, is an error naming it;
//! - a red five (`0m`) counts as a five; the hand records red fives among
//!   the concealed tiles only, so in a meld (`[406m]`) it is a plain five;
//! - the last concealed tile as written becomes [`Hand::last_tile`], which
//!   scoring reads as the winning tile;
//! - a well-formed hand of any size parses: size checks belong to the queries.
//!
//! ```
//! use hupai::notation::{format, parse};
//! use hupai::Notation;
//! let hand = parse("ABCeee345456DD", Notation::Auto).unwrap();
//! assert_eq!(hand.to_string(), "12344m344556p555s");
//! assert_eq!(format(&hand, Notation::Chengdu).unwrap(),
//!            "1W2W3W4W3D4D4D5D5D6D5T5T5T4W");
//! ```

mod chengdu;
mod error;
mod mcr;
mod mediatek;
mod mpsz;

pub use error::{FormatError, ParseError, ParseErrorKind};

use crate::hand::{ChowTile, From, Hand, HandError, Meld, MeldKind, MAX_MELDS};
use crate::tile::{Counts, Suit, Tile, KINDS};
use std::fmt;

/// A hand notation.
///
/// ```
/// use hupai::Notation;
/// assert_eq!(Notation::Mediatek.to_string(), "mediatek");
/// assert_eq!(Notation::Mcr.name(), "mcr");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    /// Try every notation; accept when they agree on one hand.
    Auto,
    /// `123m456p789s11z`.
    Mpsz,
    /// `A`–`I` characters, `1`–`9` dots, `a`–`i` bamboo: `ABCeee345456DD`.
    Mediatek,
    /// Sichuan `1D1D2D4W5T`.
    Chengdu,
    /// MCR letters `[EEE][SSSS1]55pWWWNNN`.
    Mcr,
}

impl Notation {
    /// The notations [`Notation::Auto`] tries, in order.
    const CANDIDATES: [Notation; 4] = [
        Notation::Mpsz,
        Notation::Mediatek,
        Notation::Chengdu,
        Notation::Mcr,
    ];

    /// The lowercase name used on the command line and in messages.
    ///
    /// ```
    /// assert_eq!(hupai::Notation::Chengdu.name(), "chengdu");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Notation::Auto => "auto",
            Notation::Mpsz => "mpsz",
            Notation::Mediatek => "mediatek",
            Notation::Chengdu => "chengdu",
            Notation::Mcr => "mcr",
        }
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Parse a hand in the given notation.
///
/// [`Notation::Auto`] tries mpsz, mediatek, chengdu and mcr: the input is
/// accepted when every notation that reads it reads the same hand; when they
/// read different hands the error is [`ParseErrorKind::Ambiguous`], and when
/// none does it is [`ParseErrorKind::NoNotation`] with each one's error (the
/// notation that read furthest first), or
/// [`ParseErrorKind::Empty`] when some notation finds no tile in it, or the
/// one error when every notation gives the same.
///
/// ```
/// use hupai::notation::parse;
/// use hupai::{Notation, ParseErrorKind};
///
/// let a = parse("[EEE][SSSS1]55pWWWNNN", Notation::Mcr).unwrap();
/// assert_eq!(a.meld_count(), 2);
/// assert_eq!(a.to_string(), "[111z][2222z1]55p333444z");
///
/// // Auto: mpsz and mcr both read this, as the same hand.
/// let b = parse(" 123m 456p ", Notation::Auto).unwrap();
/// assert_eq!(b, parse("123m456p", Notation::Mpsz).unwrap());
///
/// // Mediatek reads `1D2D3D` as 1p 2p 3p and three 4m; chengdu as 1p 2p 3p.
/// let err = parse("1D2D3D", Notation::Auto).unwrap_err();
/// assert_eq!(err.kind, ParseErrorKind::Ambiguous(vec![Notation::Mediatek, Notation::Chengdu]));
/// ```
pub fn parse(input: &str, notation: Notation) -> Result<Hand, ParseError> {
    match notation {
        Notation::Auto => parse_auto(input),
        Notation::Mpsz => mpsz::parse(input),
        Notation::Mediatek => mediatek::parse(input),
        Notation::Chengdu => chengdu::parse(input),
        Notation::Mcr => mcr::parse(input),
    }
}

fn parse_auto(input: &str) -> Result<Hand, ParseError> {
    let results = Notation::CANDIDATES.map(|n| (n, parse(input, n)));
    let mut hands = results.iter().filter_map(|(_, r)| r.as_ref().ok());
    if let Some(first) = hands.next() {
        if hands.all(|h| h == first) {
            return Ok(*first);
        }
        let notations = results
            .iter()
            .filter(|(_, r)| r.is_ok())
            .map(|(n, _)| *n)
            .collect();
        return Err(ParseError::whole(ParseErrorKind::Ambiguous(notations)));
    }
    let errors: Vec<(Notation, ParseError)> = results
        .into_iter()
        .filter_map(|(n, r)| r.err().map(|e| (n, e)))
        .collect();
    // An input with no tiles in some notation (`[]` in mpsz) is an empty
    // hand; when every notation says the same thing, say it once.
    let empty = errors.iter().find(|(_, e)| e.kind == ParseErrorKind::Empty);
    let same = errors.iter().all(|(_, e)| *e == errors[0].1);
    if let Some((_, e)) = empty.or(errors.first().filter(|_| same)) {
        return Err(e.clone());
    }
    // The notation that read furthest leads: its error is most likely the
    // one the writer made (a stable sort keeps the usual order on ties).
    let mut errors = errors;
    errors.sort_by_key(|(_, e)| std::cmp::Reverse(e.position.unwrap_or(0)));
    Err(ParseError::whole(ParseErrorKind::NoNotation(errors)))
}

/// Parse one tile in mpsz: `5p`, `0m` (red five, read as `5m`), `7z`.
///
/// ```
/// use hupai::notation::parse_tile;
/// use hupai::{Suit, Tile};
/// assert_eq!(parse_tile("0m").unwrap(), Tile::new(Suit::Characters, 5).unwrap());
/// assert_eq!(parse_tile(" 7z ").unwrap(), Tile::RED);
/// assert_eq!(parse_tile("8z").unwrap_err().to_string(),
///            "'8z' is not a tile (honours are 1z-7z) at position 1");
/// assert!(parse_tile("55p").is_err());
/// ```
pub fn parse_tile(input: &str) -> Result<Tile, ParseError> {
    let hand = mpsz::parse(input)?;
    match hand.last_tile() {
        Some(t) if hand.meld_count() == 0 && hand.concealed_len() == 1 => Ok(t),
        _ => Err(ParseError::whole(ParseErrorKind::NotOneTile)),
    }
}

/// Canonical mpsz: declared melds first, in their order, then the concealed
/// tiles grouped `m`, `p`, `s`, `z` with ranks ascending.
///
/// - A meld is `[123m]`, `[777z]`, `[1111m]` (concealed kong), with the source
///   digit after the suit letter when it has one: `[234p1]`, `[777z2]`,
///   `[1111m1]`. A melded kong with no recorded source is written from the
///   left (`[1111m1]`), since `[1111m]` would read as a concealed kong.
/// - Red fives are written `0` in the place of the fives, before the plain
///   ones: three 5m of which one is red is `055m`, and `340556m` is a run.
/// - [`Hand::last_tile`] is not written (the tiles are sorted); use
///   [`format_mpsz_with_last`] or [`format()`] to keep it.
///
/// ```
/// use hupai::notation::{format_mpsz, parse};
/// use hupai::Notation;
/// let hand = parse("55z0m[777z2]53m4m", Notation::Mpsz).unwrap();
/// assert_eq!(format_mpsz(&hand), "[777z2]3405m55z");
/// ```
pub fn format_mpsz(hand: &Hand) -> String {
    mpsz::format(hand, false)
}

/// mpsz like [`format_mpsz`], but with [`Hand::last_tile`] moved to the very
/// end as its own group, so that parsing the result gives the same hand,
/// winning tile included.
///
/// ```
/// use hupai::notation::{format_mpsz_with_last, parse};
/// use hupai::Notation;
/// let hand = parse("123m456p789s11122z", Notation::Mpsz).unwrap();
/// let text = format_mpsz_with_last(&hand);
/// assert_eq!(text, "123m456p789s1112z2z");
/// assert_eq!(parse(&text, Notation::Mpsz).unwrap(), hand);
/// ```
pub fn format_mpsz_with_last(hand: &Hand) -> String {
    mpsz::format(hand, true)
}

/// Write a hand in a notation, keeping everything the hand records: melds,
/// red fives, and the last tile (written last, as in
/// [`format_mpsz_with_last`]), so that `parse(format(h, n), n)` is `h`.
///
/// [`Notation::Auto`] writes mpsz. Mediatek and chengdu have no honours, no
/// melds and no red fives: a hand with any of them is a [`FormatError`].
///
/// ```
/// use hupai::notation::{format, parse};
/// use hupai::Notation;
/// let hand = parse("[EEE][SSSS1]55pWWWNNN", Notation::Mcr).unwrap();
/// assert_eq!(format(&hand, Notation::Mcr).unwrap(), "[EEE][SSSS1]55pWWWNNN");
/// assert_eq!(format(&hand, Notation::Mpsz).unwrap(), "[111z][2222z1]55p33344z4z");
/// assert!(format(&hand, Notation::Mediatek).is_err());
/// ```
pub fn format(hand: &Hand, notation: Notation) -> Result<String, FormatError> {
    match notation {
        Notation::Auto | Notation::Mpsz => Ok(mpsz::format(hand, true)),
        Notation::Mediatek => mediatek::format(hand),
        Notation::Chengdu => chengdu::format(hand),
        Notation::Mcr => Ok(mcr::format(hand)),
    }
}

/// The meld of `kind` at `tile` with notation digit `digit` (0 for none), as
/// the MCR reference calculator writes it: a chow's digit 1–3 is
/// its claimed tile; a pung's 1–3 its source; a melded kong's 1–3 its
/// source and 5–7 added to a pung claimed from 1–3; a concealed kong has
/// none. (The notation writes a concealed kong as a kong with no digit.)
/// `None` when the digit means nothing for the kind, or the meld does not
/// fit (a chow from 8).
///
/// ```
/// use hupai::notation::meld_of_digit;
/// use hupai::{MeldKind, Tile};
/// let s1: Tile = "1s".parse().unwrap();
/// let kong = meld_of_digit(MeldKind::Kong, s1, 6).unwrap();
/// assert!(kong.is_added_kong());
/// assert_eq!(meld_of_digit(MeldKind::Kong, s1, 2).unwrap().digit(), Some(2));
/// assert!(meld_of_digit(MeldKind::ConcealedKong, s1, 1).is_none());
/// assert!(meld_of_digit(MeldKind::Pung, s1, 5).is_none());
/// ```
pub fn meld_of_digit(kind: MeldKind, tile: Tile, digit: u8) -> Option<Meld> {
    let source = From::from_digit(digit);
    match (kind, digit) {
        (MeldKind::Chow, 0) => Meld::new(kind, tile, None).ok(),
        (MeldKind::Chow, d) => Meld::chow(tile, ChowTile::from_digit(d)?).ok(),
        (MeldKind::Pung, 0) => Meld::new(kind, tile, None).ok(),
        (MeldKind::Pung, _) => Meld::new(kind, tile, Some(source?)).ok(),
        (MeldKind::Kong | MeldKind::ConcealedKong, 0) => Meld::new(kind, tile, None).ok(),
        (MeldKind::Kong, 5..=7) => Some(Meld::added_kong(tile, From::from_digit(digit - 4)?)),
        (MeldKind::Kong, _) => Meld::new(kind, tile, Some(source?)).ok(),
        (MeldKind::ConcealedKong, _) => None,
    }
}

/// The characters of the input with their 1-based positions, leading and
/// trailing whitespace left out (positions still count it).
fn positioned(input: &str) -> impl Iterator<Item = (usize, char)> + '_ {
    let lead = input.len() - input.trim_start().len();
    let offset = input[..lead].chars().count();
    input
        .trim()
        .chars()
        .enumerate()
        .map(move |(i, c)| (offset + i + 1, c))
}

/// Collects tiles and melds as a parser reads them, catching a fifth copy at
/// the character that makes it, then builds the [`Hand`].
struct Builder {
    concealed: Counts,
    all: Counts,
    melds: Vec<Meld>,
    red_fives: [u8; 3],
    last: Option<Tile>,
}

impl Builder {
    fn new() -> Builder {
        Builder {
            concealed: [0; KINDS],
            all: [0; KINDS],
            melds: Vec::new(),
            red_fives: [0; 3],
            last: None,
        }
    }

    fn count(&mut self, tile: Tile, position: usize) -> Result<(), ParseError> {
        let n = &mut self.all[tile.index()];
        if *n >= 4 {
            return Err(ParseError::at(ParseErrorKind::FifthCopy(tile), position));
        }
        *n += 1;
        Ok(())
    }

    /// A concealed tile written at `position`; `red` for a red five (`0m`).
    fn tile(&mut self, tile: Tile, red: bool, position: usize) -> Result<(), ParseError> {
        self.count(tile, position)?;
        self.concealed[tile.index()] += 1;
        if red {
            self.red_fives[tile.suit() as usize] += 1;
        }
        self.last = Some(tile);
        Ok(())
    }

    /// Fails with [`ParseErrorKind::TooManyMelds`] at `open` when four melds
    /// are already declared.
    fn room_for_meld(&self, open: usize) -> Result<(), ParseError> {
        if self.melds.len() == MAX_MELDS {
            return Err(ParseError::at(ParseErrorKind::TooManyMelds, open));
        }
        Ok(())
    }

    /// A declared meld whose tiles were written at the given positions. The
    /// parser checks [`Builder::room_for_meld`] first, at the bracket.
    fn meld(&mut self, meld: Meld, tiles: &[(Tile, usize)]) -> Result<(), ParseError> {
        for &(t, p) in tiles {
            self.count(t, p)?;
        }
        self.melds.push(meld);
        Ok(())
    }

    fn finish(self) -> Result<Hand, ParseError> {
        if self.melds.is_empty() && self.last.is_none() {
            return Err(ParseError::whole(ParseErrorKind::Empty));
        }
        // The builder already checked what Hand::new checks; map its errors
        // anyway rather than panic.
        let mut hand = Hand::new(self.concealed, &self.melds).map_err(|e| {
            ParseError::whole(match e {
                HandError::FifthCopy(t) => ParseErrorKind::FifthCopy(t),
                HandError::TooManyMelds => ParseErrorKind::TooManyMelds,
                HandError::BadChow(t)
                | HandError::ConcealedKongWithSource(t)
                | HandError::ChowNotFromLeft(t) => ParseErrorKind::BadMeld(t.to_string()),
            })
        })?;
        for suit in Suit::NUMBERED {
            hand.set_red_fives(suit, self.red_fives[suit as usize]);
        }
        hand.set_last_tile(self.last);
        Ok(hand)
    }
}

/// A concealed tile to write, and whether to write it as a red five (`0m`).
type Written = (Tile, bool);

/// The concealed tiles of a hand in index order, each flagged when it is a
/// red five (red fives first among the fives), and, when `keep_last`, the
/// last tile taken out to be written after them. The last tile is written red
/// only when every five of its suit is.
fn concealed_in_order(hand: &Hand, keep_last: bool) -> (Vec<Written>, Option<Written>) {
    let mut counts = *hand.counts();
    let mut red = hand.red_fives();
    let last = keep_last.then(|| hand.last_tile()).flatten();
    let last = last.filter(|t| counts[t.index()] > 0).map(|t| {
        counts[t.index()] -= 1;
        let is_red = is_five(t) && red[t.suit() as usize] > counts[t.index()];
        if is_red {
            red[t.suit() as usize] -= 1;
        }
        (t, is_red)
    });
    let mut sorted = Vec::with_capacity(crate::tile::total(&counts));
    for t in Tile::all() {
        for k in 0..counts[t.index()] {
            sorted.push((t, is_five(t) && k < red[t.suit() as usize]));
        }
    }
    (sorted, last)
}

/// The concealed tiles in order, last tile last, for the notations that
/// write tiles one by one and know no honours, melds or red fives.
fn plain_tiles(hand: &Hand, notation: Notation) -> Result<impl Iterator<Item = Tile>, FormatError> {
    if hand.meld_count() > 0 {
        return Err(FormatError::Melds { notation });
    }
    // Melds are out, so an honour can only be concealed.
    if let Some(tile) = Tile::all().find(|t| t.is_honor() && hand.counts()[t.index()] > 0) {
        return Err(FormatError::Honors { notation, tile });
    }
    if hand.red_fives().iter().any(|&n| n > 0) {
        return Err(FormatError::RedFives { notation });
    }
    let (sorted, last) = concealed_in_order(hand, true);
    Ok(sorted.into_iter().chain(last).map(|(t, _)| t))
}

fn is_five(t: Tile) -> bool {
    !t.is_honor() && t.rank() == 5
}

// Hands and tiles read and write themselves in mpsz through this module,
// so the impls live here: `hand` and `tile` do not depend on the notations.

impl std::fmt::Display for Hand {
    /// Canonical mpsz (see [`format_mpsz`]).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&format_mpsz(self))
    }
}

impl std::str::FromStr for Hand {
    type Err = ParseError;
    /// Parse mpsz notation (see [`crate::notation`]).
    fn from_str(s: &str) -> Result<Hand, Self::Err> {
        parse(s, Notation::Mpsz)
    }
}

impl std::str::FromStr for Tile {
    type Err = ParseError;
    /// One tile in mpsz (`5p`, `0m` = red five, `7z`).
    fn from_str(s: &str) -> Result<Tile, Self::Err> {
        parse_tile(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_characters_of_the_untrimmed_input() {
        // U+3000 (ideographic space) is whitespace and one character.
        let chars: Vec<_> = positioned("\u{3000} 東1 ").collect();
        assert_eq!(chars, [(3, '東'), (4, '1')]);
        assert_eq!(positioned(" \t ").count(), 0);
    }

    #[test]
    fn builder_counts_melds_and_concealed_tiles_together() {
        let one = Tile::from_index(0).unwrap();
        let kong = Meld::new(crate::MeldKind::ConcealedKong, one, None).unwrap();
        let mut b = Builder::new();
        b.meld(kong, &[(one, 2), (one, 3), (one, 4), (one, 5)])
            .unwrap();
        let err = b.tile(one, false, 8).unwrap_err();
        assert_eq!(err, ParseError::at(ParseErrorKind::FifthCopy(one), 8));
    }

    #[test]
    fn builder_records_red_fives_and_last_tile() {
        let five = Tile::new(Suit::Bamboo, 5).unwrap();
        let mut b = Builder::new();
        b.tile(five, true, 1).unwrap();
        b.tile(five, false, 2).unwrap();
        let hand = b.finish().unwrap();
        assert_eq!(hand.red_fives(), [0, 0, 1]);
        assert_eq!(hand.last_tile(), Some(five));
        assert_eq!(
            Builder::new().finish(),
            Err(ParseError::whole(ParseErrorKind::Empty))
        );
    }

    #[test]
    fn red_fives_come_first_among_the_fives() {
        let mut hand = parse("5550m", Notation::Mpsz).unwrap();
        hand.set_red_fives(Suit::Characters, 2);
        let (sorted, last) = concealed_in_order(&hand, false);
        let reds: Vec<bool> = sorted.iter().map(|&(_, red)| red).collect();
        assert_eq!(reds, [true, true, false, false]);
        assert_eq!(last, None);
        // The last five is a plain one while a plain one is left.
        let (sorted, last) = concealed_in_order(&hand, true);
        assert_eq!(sorted.len(), 3);
        assert_eq!(last.map(|(_, red)| red), Some(false));
    }
}
