//! How a Sichuan hand was won (flags, not tiles), the settings (situation +
//! options), the flag syntax shared by the command line and batch lines,
//! and the scoring input.

use super::options::{OptionError, Options, SWITCH_FLAGS, VALUE_FLAGS};
use crate::hand::Hand;
use crate::mcr::input::split_flags;
use crate::notation::{self, Notation, ParseError};
use crate::tile::{Suit, Tile};
use serde::Serialize;
use std::fmt;

/// How the hand was won.
///
/// ```
/// use hupai::sichuan::Situation;
/// let s = Situation::default();
/// assert_eq!(s.payers, 3);
/// assert!(!s.self_drawn && s.void.is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Situation {
    /// Won by self-draw (otherwise on a discard).
    pub self_drawn: bool,
    /// Self-drawn: on the replacement tile after one's own kong (杠上花); on
    /// a discard: robbing the kong (抢杠胡).
    pub kong: bool,
    /// Won on a discard made right after the discarder's kong (杠上炮).
    pub after_kong: bool,
    /// The last wall tile, or the discard after it (海底).
    pub last_wall: bool,
    /// First go-round (天胡 for the dealer, 地胡 otherwise, where counted).
    pub first_turn: bool,
    /// The winner is the dealer.
    pub dealer: bool,
    /// With `kong` and `self_drawn`: the kong was claimed from a discard (点杠花).
    pub fed_kong: bool,
    /// The declared void suit.
    #[serde(serialize_with = "ser_void")]
    pub void: Option<Suit>,
    /// Players who pay a self-drawn win (still in the hand), 1–3.
    pub payers: u8,
}

fn ser_void<S: serde::Serializer>(v: &Option<Suit>, s: S) -> Result<S::Ok, S::Error> {
    match v {
        Some(suit) => s.serialize_some(&suit.letter().to_string()),
        None => s.serialize_none(),
    }
}

impl Default for Situation {
    fn default() -> Situation {
        Situation {
            self_drawn: false,
            kong: false,
            after_kong: false,
            last_wall: false,
            first_turn: false,
            dealer: false,
            fed_kong: false,
            void: None,
            payers: 3,
        }
    }
}

/// The situation flags that are switches.
pub const SITUATION_SWITCHES: [(&str, &str); 7] = [
    ("self-drawn", "Won by self-draw"),
    (
        "kong",
        "Self-drawn: Win after Kong; on a discard: Robbing the Kong",
    ),
    (
        "after-kong",
        "Won on the discard right after the discarder's kong",
    ),
    ("last-wall", "The last wall tile or the discard after it"),
    ("first-turn", "First go-round (天胡 / 地胡 where counted)"),
    ("dealer", "The winner is the dealer"),
    (
        "fed-kong",
        "With --kong --self-drawn: the kong was claimed from a discard (点杠花)",
    ),
];

/// Parse a suit letter `m`, `p` or `s`.
pub(crate) fn parse_suit(s: &str) -> Option<Suit> {
    match s.trim().to_ascii_lowercase().as_str() {
        "m" | "w" => Some(Suit::Characters),
        "p" | "d" => Some(Suit::Dots),
        "s" | "t" => Some(Suit::Bamboo),
        _ => None,
    }
}

/// The situation and the rule options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct Settings {
    /// How the hand was won.
    pub situation: Situation,
    /// The rule options.
    pub options: Options,
}

impl Settings {
    /// Apply flags written as words (`--self-drawn --void m --cap 4`). A
    /// `--profile` is applied first wherever it stands, so the other option
    /// flags refine it.
    ///
    /// ```
    /// use hupai::sichuan::Settings;
    /// let mut s = Settings::default();
    /// s.apply_words("--cap 5 --profile chengdu --self-drawn".split_whitespace()).unwrap();
    /// assert_eq!(s.options.cap, Some(5));
    /// assert!(s.situation.self_drawn && s.options.jiang);
    /// assert!(s.apply_words(["--riichi"]).is_err());
    /// ```
    pub fn apply_words<'a>(
        &mut self,
        words: impl IntoIterator<Item = &'a str>,
    ) -> Result<(), OptionError> {
        let words: Vec<&str> = words.into_iter().collect();
        let mut pairs: Vec<(&str, Option<&str>)> = Vec::new();
        let mut i = 0;
        while i < words.len() {
            let w = words[i];
            let Some(name) = w.strip_prefix("--") else {
                return Err(OptionError::Unknown(w.into()));
            };
            let (name, inline) = match name.split_once('=') {
                Some((n, v)) => (n, Some(v)),
                None => (name, None),
            };
            let takes_value =
                VALUE_FLAGS.iter().any(|f| f.0 == name) || name == "void" || name == "payers";
            let value = if takes_value && inline.is_none() {
                i += 1;
                Some(
                    *words
                        .get(i)
                        .ok_or_else(|| OptionError::MissingValue(name.into()))?,
                )
            } else {
                inline
            };
            pairs.push((name, value));
            i += 1;
        }
        for &(name, value) in pairs.iter().filter(|p| p.0 == "profile") {
            self.options.apply(name, value)?;
        }
        for &(name, value) in pairs.iter().filter(|p| p.0 != "profile") {
            self.apply(name, value)?;
        }
        Ok(())
    }

    /// Apply one flag (name without dashes).
    pub fn apply(&mut self, name: &str, value: Option<&str>) -> Result<(), OptionError> {
        let s = &mut self.situation;
        let switch = match name {
            "self-drawn" => Some(&mut s.self_drawn),
            "kong" => Some(&mut s.kong),
            "after-kong" => Some(&mut s.after_kong),
            "last-wall" => Some(&mut s.last_wall),
            "first-turn" => Some(&mut s.first_turn),
            "dealer" => Some(&mut s.dealer),
            "fed-kong" => Some(&mut s.fed_kong),
            _ => None,
        };
        if let Some(flag) = switch {
            if let Some(v) = value {
                return Err(OptionError::BadValue {
                    flag: name.into(),
                    value: v.into(),
                    expected: "nothing (it is a switch)",
                });
            }
            *flag = true;
            return Ok(());
        }
        match name {
            "void" => {
                let v = value.ok_or_else(|| OptionError::MissingValue(name.into()))?;
                s.void = Some(parse_suit(v).ok_or_else(|| OptionError::BadValue {
                    flag: name.into(),
                    value: v.into(),
                    expected: "m, p or s",
                })?);
            }
            "payers" => {
                let v = value.ok_or_else(|| OptionError::MissingValue(name.into()))?;
                s.payers = match v.parse::<u8>() {
                    Ok(n @ 1..=3) => n,
                    _ => {
                        return Err(OptionError::BadValue {
                            flag: name.into(),
                            value: v.into(),
                            expected: "1, 2 or 3",
                        })
                    }
                };
            }
            _ => self.options.apply(name, value)?,
        }
        Ok(())
    }

    /// Refuse situations that cannot happen.
    pub fn check(&self) -> Result<(), OptionError> {
        let s = &self.situation;
        if s.after_kong && s.self_drawn {
            return Err(OptionError::Conflict(
                "--after-kong is a win on a discard; it does not go with --self-drawn",
            ));
        }
        if s.after_kong && s.kong {
            return Err(OptionError::Conflict(
                "--after-kong and --kong on a discard (robbing the kong) cannot both hold",
            ));
        }
        if s.fed_kong && !(s.kong && s.self_drawn) {
            return Err(OptionError::Conflict(
                "--fed-kong needs --kong --self-drawn (a win on a kong's replacement tile)",
            ));
        }
        Ok(())
    }
}

/// Every flag name Sichuan scoring reads, for help and validation.
pub fn flag_names() -> impl Iterator<Item = &'static str> {
    SITUATION_SWITCHES
        .iter()
        .map(|f| f.0)
        .chain(["void", "payers"])
        .chain(VALUE_FLAGS.iter().map(|f| f.0))
        .chain(SWITCH_FLAGS.iter().map(|f| f.0))
}

impl fmt::Display for Settings {
    /// The situation flags that are set, as words.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = &self.situation;
        let mut words: Vec<String> = [
            (s.self_drawn, "self-drawn"),
            (s.kong, "kong"),
            (s.after_kong, "after kong"),
            (s.last_wall, "last wall"),
            (s.first_turn, "first turn"),
            (s.dealer, "dealer"),
            (s.fed_kong, "fed kong"),
        ]
        .iter()
        .filter(|(on, _)| *on)
        .map(|(_, w)| w.to_string())
        .collect();
        if let Some(v) = s.void {
            words.push(format!("void {}", v.letter()));
        }
        f.write_str(&words.join(", "))
    }
}

/// Why a hand cannot be scored at all (a hand that is simply not a win is
/// scored with `legal == false` instead).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ScoreError {
    /// The hand did not parse.
    Parse(ParseError),
    /// A bad flag.
    Option(OptionError),
    /// An honour tile: Sichuan has none.
    Honor(Tile),
}

impl fmt::Display for ScoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScoreError::Parse(e) => e.fmt(f),
            ScoreError::Option(e) => e.fmt(f),
            ScoreError::Honor(t) => write!(f, "honour tile {t} does not exist under sichuan rules"),
        }
    }
}

impl std::error::Error for ScoreError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ScoreError::Parse(e) => Some(e),
            ScoreError::Option(e) => Some(e),
            ScoreError::Honor(_) => None,
        }
    }
}

impl From<OptionError> for ScoreError {
    fn from(e: OptionError) -> ScoreError {
        ScoreError::Option(e)
    }
}

impl From<ParseError> for ScoreError {
    fn from(e: ParseError) -> ScoreError {
        ScoreError::Parse(e)
    }
}

/// A hand to score and its settings.
///
/// ```
/// use hupai::sichuan::ScoringInput;
/// use hupai::Notation;
/// let i = ScoringInput::parse("11223344556677m --self-drawn", Notation::Mpsz).unwrap();
/// assert!(i.settings.situation.self_drawn);
/// assert!(ScoringInput::parse("11223344556677z", Notation::Mpsz).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScoringInput {
    hand: Hand,
    /// Situation and options.
    pub settings: Settings,
}

impl ScoringInput {
    /// A hand (the winning tile last) and its settings.
    pub fn from_hand(hand: Hand, settings: Settings) -> Result<ScoringInput, ScoreError> {
        let all = hand.all_counts();
        if let Some(i) = (27..34).find(|&i| all[i] > 0) {
            return Err(ScoreError::Honor(Tile::from_index(i).expect("index")));
        }
        settings.check()?;
        Ok(ScoringInput { hand, settings })
    }

    /// Parse `HAND [--flags]` with the default settings.
    pub fn parse(text: &str, notation: Notation) -> Result<ScoringInput, ScoreError> {
        let (hand, words) = split_flags(text);
        let hand = notation::parse(hand, notation)?;
        let mut settings = Settings::default();
        settings.apply_words(words.split_whitespace())?;
        ScoringInput::from_hand(hand, settings)
    }

    /// The hand.
    pub fn hand(&self) -> &Hand {
        &self.hand
    }

    /// The winning tile (the last concealed tile as written).
    pub fn win_tile(&self) -> Option<Tile> {
        self.hand.last_tile()
    }
}
