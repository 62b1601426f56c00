//! What scoring needs besides the tiles: the winning tile, how it was won,
//! the winds, the flowers and the rule variant; and the flag syntax shared by
//! the command line and batch lines (`--self-drawn --prevalent E --flowers 2`).

use crate::hand::{Hand, HandError, ScoredHandError};
use crate::notation::{self, Notation, ParseError};
use crate::tile::Tile;
use std::fmt;

pub use crate::error::FlagError;
use std::str::FromStr;

/// A wind: seat or prevalent (round) wind.
///
/// ```
/// use hupai::mcr::Wind;
/// assert_eq!("S".parse::<Wind>().unwrap(), Wind::South);
/// assert_eq!("north".parse::<Wind>().unwrap(), Wind::North);
/// assert_eq!("3z".parse::<Wind>().unwrap(), Wind::West);
/// assert_eq!(Wind::East.tile().to_string(), "1z");
/// assert!("X".parse::<Wind>().is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Wind {
    /// East, 1z.
    #[default]
    East,
    /// South, 2z.
    South,
    /// West, 3z.
    West,
    /// North, 4z.
    North,
}

impl Wind {
    /// All four winds in order.
    pub const ALL: [Wind; 4] = [Wind::East, Wind::South, Wind::West, Wind::North];

    /// The wind tile.
    pub fn tile(self) -> Tile {
        Tile::from_index(27 + self as usize).expect("wind tile")
    }

    /// The letter used by the `mcr` notation and the command line.
    pub fn letter(self) -> char {
        ['E', 'S', 'W', 'N'][self as usize]
    }
}

impl fmt::Display for Wind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl FromStr for Wind {
    type Err = FlagError;
    /// `E S W N`, `east`…`north`, or the tiles `1z`–`4z`, any case.
    fn from_str(s: &str) -> Result<Wind, FlagError> {
        let l = s.trim().to_ascii_lowercase();
        let w = match l.as_str() {
            "e" | "east" | "1z" => Wind::East,
            "s" | "south" | "2z" => Wind::South,
            "w" | "west" | "3z" => Wind::West,
            "n" | "north" | "4z" => Wind::North,
            _ => return Err(format!("unknown wind '{s}' (expected E, S, W or N)").into()),
        };
        Ok(w)
    }
}

/// The rule version (see docs/rules/mcr.md).
///
/// ```
/// use hupai::mcr::Variant;
/// assert_eq!("green-book".parse::<Variant>().unwrap(), Variant::GreenBook);
/// assert_eq!(Variant::default(), Variant::Default);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Variant {
    /// The 1998 rules as scored by the common reference calculators.
    #[default]
    Default,
    /// The green book values: Two Concealed Kongs 8, Concealed Kong and
    /// Melded Kong 6.
    GreenBook,
}

impl Variant {
    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Default => "default",
            Variant::GreenBook => "green-book",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Variant {
    type Err = FlagError;
    fn from_str(s: &str) -> Result<Variant, FlagError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "default" | "mcr" => Ok(Variant::Default),
            "green-book" | "greenbook" | "gb" => Ok(Variant::GreenBook),
            _ => Err(format!("unknown variant '{s}' (expected default or green-book)").into()),
        }
    }
}

/// How the hand was won and the table situation: every scoring input except
/// the tiles.
///
/// ```
/// use hupai::mcr::{Flags, Wind};
/// let f: Flags = "--self-drawn --prevalent S --seat W --flowers 2".parse().unwrap();
/// assert!(f.self_drawn);
/// assert_eq!((f.prevalent, f.seat, f.flowers), (Wind::South, Wind::West, 2));
/// assert!("--flowers 9".parse::<Flags>().is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Flags {
    /// Won by self-draw (otherwise on a discard).
    pub self_drawn: bool,
    /// The winning tile is the last of its kind (4th copy, 和绝张).
    pub last_tile: bool,
    /// The winning tile is the last tile of the wall (妙手回春 / 海底捞月).
    pub last_wall: bool,
    /// Kong-related: a replacement tile after a kong when self-drawn
    /// (杠上开花), robbing an added kong otherwise (抢杠和).
    pub kong: bool,
    /// Seat wind.
    pub seat: Wind,
    /// Prevalent (round) wind.
    pub prevalent: Wind,
    /// Flower tiles, 0–8.
    pub flowers: u8,
    /// Rule variant.
    pub variant: Variant,
}

impl Flags {
    /// Most flowers a player can hold.
    pub const MAX_FLOWERS: u8 = 8;

    /// Read flags from separate words: `--self-drawn`, `--last-tile`,
    /// `--last-wall`, `--kong`, `--prevalent E`, `--seat S`, `--flowers N`,
    /// `--variant green-book` (also `--name=value`).
    pub fn from_words<'a>(words: impl IntoIterator<Item = &'a str>) -> Result<Flags, FlagError> {
        let mut f = Flags::default();
        f.apply_words(words)?;
        Ok(f)
    }

    /// Set the flags these words name on top of the current ones (see
    /// [`Flags::from_words`]).
    ///
    /// ```
    /// use hupai::mcr::{Flags, Wind};
    /// let mut f: Flags = "--seat S --flowers 1".parse().unwrap();
    /// f.apply_words("--self-drawn --flowers 2".split(' ')).unwrap();
    /// assert!(f.self_drawn);
    /// assert_eq!((f.seat, f.flowers), (Wind::South, 2));
    /// ```
    pub fn apply_words<'a>(
        &mut self,
        words: impl IntoIterator<Item = &'a str>,
    ) -> Result<(), FlagError> {
        let f = self;
        let mut it = words.into_iter();
        while let Some(w) = it.next() {
            let (name, inline) = match w.split_once('=') {
                Some((n, v)) => (n, Some(v)),
                None => (w, None),
            };
            let mut value = |what: &str| -> Result<&str, String> {
                inline
                    .or_else(|| it.next())
                    .ok_or_else(|| format!("{name} needs a value ({what})"))
            };
            match name {
                "--self-drawn" => f.self_drawn = true,
                "--last-tile" => f.last_tile = true,
                "--last-wall" => f.last_wall = true,
                "--kong" => f.kong = true,
                "--prevalent" => f.prevalent = value("E, S, W or N")?.parse()?,
                "--seat" => f.seat = value("E, S, W or N")?.parse()?,
                "--variant" => f.variant = value("default or green-book")?.parse()?,
                "--flowers" => f.flowers = parse_flowers(value("0 to 8")?)?,
                _ => return Err(FlagError(format!("unknown scoring flag '{w}'"))),
            }
        }
        Ok(())
    }
}

/// A flower count, 0 to 8.
///
/// ```
/// use hupai::mcr::input::parse_flowers;
/// assert_eq!(parse_flowers("8"), Ok(8));
/// assert!(parse_flowers("9").is_err());
/// ```
pub fn parse_flowers(v: &str) -> Result<u8, FlagError> {
    v.parse::<u8>()
        .ok()
        .filter(|&n| n <= Flags::MAX_FLOWERS)
        .ok_or_else(|| FlagError(format!("--flowers takes 0 to 8, not '{v}'")))
}

impl FromStr for Flags {
    type Err = FlagError;
    fn from_str(s: &str) -> Result<Flags, FlagError> {
        Flags::from_words(s.split_whitespace())
    }
}

impl fmt::Display for Flags {
    /// The flags that differ from the defaults, in command-line syntax.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut words: Vec<String> = Vec::new();
        for (on, name) in [
            (self.self_drawn, "--self-drawn"),
            (self.last_tile, "--last-tile"),
            (self.last_wall, "--last-wall"),
            (self.kong, "--kong"),
        ] {
            if on {
                words.push(name.to_string());
            }
        }
        if self.prevalent != Wind::East {
            words.push(format!("--prevalent {}", self.prevalent));
        }
        if self.seat != Wind::East {
            words.push(format!("--seat {}", self.seat));
        }
        if self.flowers > 0 {
            words.push(format!("--flowers {}", self.flowers));
        }
        if self.variant != Variant::Default {
            words.push(format!("--variant {}", self.variant));
        }
        f.write_str(&words.join(" "))
    }
}

/// Everything [`score`](super::score()) reads: the hand (declared melds and
/// concealed tiles, the winning tile among them) and the [`Flags`].
///
/// ```
/// use hupai::mcr::{Flags, ScoringInput};
/// use hupai::{Hand, Tile};
/// let tiles: Vec<Tile> = ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z", "1z", "2z", "2z"]
///     .iter().map(|t| t.parse().unwrap()).collect();
/// let hand = Hand::from_tiles(&tiles).unwrap();
/// let input = ScoringInput::new(hand, "2z".parse().unwrap(), Flags::default()).unwrap();
/// assert_eq!(input.win_tile().to_string(), "2z");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ScoringInput {
    hand: Hand,
    win: Tile,
    /// How the hand was won, winds, flowers, variant.
    pub flags: Flags,
}

impl ScoringInput {
    /// A scoring input. The hand must hold 14 tiles (a kong counts as three)
    /// and the winning tile must be one of its concealed tiles.
    pub fn new(hand: Hand, win: Tile, flags: Flags) -> Result<ScoringInput, ScoreError> {
        hand.check_scored(win)?;
        if flags.flowers > Flags::MAX_FLOWERS {
            return Err(ScoreError::TooManyFlowers(flags.flowers));
        }
        let mut hand = hand;
        hand.set_last_tile(Some(win));
        Ok(ScoringInput { hand, win, flags })
    }

    /// A scoring input whose winning tile is the hand's last concealed tile
    /// as written ([`Hand::last_tile`]).
    pub fn from_hand(hand: Hand, flags: Flags) -> Result<ScoringInput, ScoreError> {
        let win = hand.scored_win_tile()?;
        ScoringInput::new(hand, win, flags)
    }

    /// A scoring input whose winning tile is the concealed tile at position
    /// `n` (modulo the number of concealed tiles) in tile order: a
    /// deterministic choice for generated hands, as in the benchmarks.
    ///
    /// ```
    /// use hupai::mcr::{Flags, ScoringInput};
    /// use hupai::sets::{hands, Set, SEED};
    /// let hand = hands(Set::C14, 1, SEED)[0];
    /// let a = ScoringInput::winning_on_nth(hand, 0, Flags::default()).unwrap();
    /// let b = ScoringInput::winning_on_nth(hand, 14, Flags::default()).unwrap();
    /// assert_eq!(a.win_tile(), b.win_tile());
    /// ```
    pub fn winning_on_nth(hand: Hand, n: usize, flags: Flags) -> Result<ScoringInput, ScoreError> {
        let len = hand.concealed_len();
        if len == 0 {
            return Err(ScoredHandError::NoWinTile.into());
        }
        let mut k = n % len;
        let win = Tile::all()
            .find(|t| {
                let c = hand.counts()[t.index()] as usize;
                if k < c {
                    true
                } else {
                    k -= c;
                    false
                }
            })
            .expect("k < number of concealed tiles");
        ScoringInput::new(hand, win, flags)
    }

    /// Parse a hand (last concealed tile = winning tile) followed by optional
    /// flags, e.g. `[EEE][SSSS1]55pWWWNNN --self-drawn --seat S`.
    pub fn parse(line: &str, notation: Notation) -> Result<ScoringInput, ScoreError> {
        let (hand_text, flags) = split_flags(line);
        let hand = notation::parse(hand_text, notation).map_err(ScoreError::Parse)?;
        let flags: Flags = flags.parse().map_err(ScoreError::Flag)?;
        ScoringInput::from_hand(hand, flags)
    }

    /// The hand (14 tiles, kongs counting three).
    pub fn hand(&self) -> &Hand {
        &self.hand
    }

    /// The winning tile.
    pub fn win_tile(&self) -> Tile {
        self.win
    }
}

/// Split a scoring line into the hand (everything before the first word
/// that starts with `--`; it may contain spaces) and the flags.
///
/// ```
/// use hupai::mcr::input::split_flags;
/// assert_eq!(split_flags("123m 456p --self-drawn"), ("123m 456p", "--self-drawn"));
/// assert_eq!(split_flags(" [EEE]123m "), ("[EEE]123m", ""));
/// ```
pub fn split_flags(line: &str) -> (&str, &str) {
    let line = line.trim();
    let at = line
        .match_indices("--")
        .map(|(i, _)| i)
        .find(|&i| i == 0 || line[..i].ends_with(char::is_whitespace))
        .unwrap_or(line.len());
    (line[..at].trim_end(), &line[at..])
}

/// Why a hand cannot be scored.
///
/// ```
/// use hupai::mcr::{score, ScoreError, ScoringInput};
/// use hupai::{Notation, Tables};
/// let input = ScoringInput::parse("123m456p789s1234z5z", Notation::Mpsz).unwrap();
/// let e = score(&input, Tables::embedded()).unwrap_err();
/// assert_eq!(e, ScoreError::NotWinning);
/// assert_eq!(e.to_string(), "not a winning hand");
/// let e = ScoringInput::parse("123m456p789s11z", Notation::Mpsz).unwrap_err();
/// assert_eq!(e, ScoreError::Input(hupai::ScoredHandError::WrongSize(11)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScoreError {
    /// The tiles do not form a complete hand in any MCR form.
    NotWinning,
    /// The hand's size or its winning tile.
    Input(ScoredHandError),
    /// More than eight flowers.
    TooManyFlowers(u8),
    /// The hand itself is impossible.
    Hand(HandError),
    /// The hand text does not parse.
    Parse(ParseError),
    /// A scoring flag is unknown or has a bad value.
    Flag(FlagError),
}

impl fmt::Display for ScoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScoreError::NotWinning => f.write_str("not a winning hand"),
            ScoreError::Input(e) => e.fmt(f),
            ScoreError::TooManyFlowers(n) => write!(f, "{n} flowers: at most 8"),
            ScoreError::Hand(e) => write!(f, "{e}"),
            ScoreError::Parse(e) => write!(f, "{e}"),
            ScoreError::Flag(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ScoreError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ScoreError::Input(e) => Some(e),
            ScoreError::Hand(e) => Some(e),
            ScoreError::Parse(e) => Some(e),
            ScoreError::Flag(e) => Some(e),
            _ => None,
        }
    }
}

impl From<HandError> for ScoreError {
    fn from(e: HandError) -> ScoreError {
        ScoreError::Hand(e)
    }
}

impl From<ParseError> for ScoreError {
    fn from(e: ParseError) -> ScoreError {
        ScoreError::Parse(e)
    }
}

impl From<ScoredHandError> for ScoreError {
    fn from(e: ScoredHandError) -> ScoreError {
        ScoreError::Input(e)
    }
}
