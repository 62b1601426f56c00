//! How the hand was won and the table situation (every input but the tiles
//! and the rule options), the flag syntax shared by the command line and
//! batch lines, and the scoring input.

use super::options::{Options, Preset};
use crate::error::FlagError;
use crate::hand::{Hand, MeldKind, ScoredHandError};
use crate::mcr::input::split_flags;
use crate::mcr::Wind;
use crate::notation::{self, Notation, ParseError};
use crate::tile::{Tile, KINDS};
use std::fmt;

/// Dora indicators (or ura dora indicators) as written: at most
/// [`Indicators::MAX`] tiles, kan dora included.
///
/// ```
/// use hupai::riichi::Indicators;
/// let d: Indicators = "1m9p".parse().unwrap();
/// assert_eq!(d.len(), 2);
/// assert_eq!(d.to_string(), "1m9p");
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Indicators {
    tiles: [u8; Indicators::MAX],
    len: u8,
}

impl Indicators {
    /// Most indicators: the first and a kan dora for each of four kongs,
    /// twice over for generous house rules.
    pub const MAX: usize = 10;

    /// The indicator tiles.
    pub fn tiles(&self) -> impl Iterator<Item = Tile> + '_ {
        self.tiles[..self.len as usize]
            .iter()
            .map(|&i| Tile::from_index(i as usize).expect("indicator"))
    }

    /// Number of indicators.
    #[allow(clippy::len_without_is_empty)]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Add one indicator.
    pub fn push(&mut self, t: Tile) -> Result<(), IndicatorError> {
        if self.len() == Self::MAX {
            return Err(IndicatorError(format!(
                "at most {} dora indicators",
                Self::MAX
            )));
        }
        self.tiles[self.len()] = t.index() as u8;
        self.len += 1;
        Ok(())
    }

    /// The dora each indicator points to: the next tile of its suit (9 wraps
    /// to 1), winds E→S→W→N→E, dragons white→green→red→white; under
    /// three-player rules 1m points to 9m.
    pub fn dora(indicator: usize, three_player: bool) -> usize {
        match indicator {
            0 if three_player => 8,
            0..=26 => indicator / 9 * 9 + (indicator % 9 + 1) % 9,
            27..=30 => 27 + (indicator - 27 + 1) % 4,
            _ => 31 + (indicator - 31 + 1) % 3,
        }
    }

    /// How many dora `all` (every tile of the hand, melds included) holds,
    /// and how many of them are North (for nuki dora).
    pub(crate) fn count(&self, all: &[u8; KINDS], three_player: bool) -> (u32, u32) {
        let mut n = 0;
        let mut north = 0;
        for &i in &self.tiles[..self.len()] {
            let d = Self::dora(i as usize, three_player);
            n += all[d] as u32;
            north += u32::from(d == Tile::NORTH.index());
        }
        (n, north)
    }
}

/// Dora indicators that do not parse, or too many of them; the message
/// names the problem and its position.
///
/// ```
/// use hupai::riichi::Indicators;
/// let e = "1m9".parse::<Indicators>().unwrap_err();
/// assert!(e.to_string().contains("position"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IndicatorError(String);

impl fmt::Display for IndicatorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for IndicatorError {}

impl From<IndicatorError> for FlagError {
    fn from(e: IndicatorError) -> FlagError {
        FlagError(e.0)
    }
}

impl std::str::FromStr for Indicators {
    type Err = IndicatorError;
    /// Tiles in mpsz (`1m`, `15p7z`, `0s`), as many copies as written.
    fn from_str(s: &str) -> Result<Indicators, IndicatorError> {
        let mut out = Indicators::default();
        let mut digits: Vec<(u8, usize)> = Vec::new();
        for (p, ch) in s.char_indices() {
            match ch {
                '0'..='9' => digits.push((ch as u8 - b'0', p)),
                'm' | 'p' | 's' | 'z' | 'h' => {
                    if digits.is_empty() {
                        return Err(IndicatorError(format!(
                            "dora indicators '{s}': suit '{ch}' at position {} has no digits",
                            p + 1
                        )));
                    }
                    for (d, at) in digits.drain(..) {
                        let text = format!("{d}{ch}");
                        let t = notation::parse_tile(&text).map_err(|_| {
                            IndicatorError(format!(
                                "dora indicators '{s}': no tile {text} at position {}",
                                at + 1
                            ))
                        })?;
                        out.push(t)?;
                    }
                }
                ' ' | ',' => {}
                _ => {
                    return Err(IndicatorError(format!(
                        "dora indicators '{s}': unexpected '{ch}' at position {}",
                        p + 1
                    )))
                }
            }
        }
        if let Some((_, at)) = digits.first() {
            return Err(IndicatorError(format!(
                "dora indicators '{s}': digits at position {} have no suit letter",
                at + 1
            )));
        }
        Ok(out)
    }
}

impl fmt::Display for Indicators {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for t in self.tiles() {
            write!(f, "{t}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Indicators {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Indicators({self})")
    }
}

/// How the hand was won and the table: every scoring input except the tiles.
///
/// ```
/// use hupai::riichi::Situation;
/// use hupai::mcr::Wind;
/// let s: Situation = "--riichi --self-drawn --seat S --dora 3z --honba 2".parse().unwrap();
/// assert!(s.riichi && s.self_drawn);
/// assert_eq!((s.seat, s.honba), (Wind::South, 2));
/// assert_eq!(s.dora.len(), 1);
/// assert!("--honba x".parse::<Situation>().is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Situation {
    /// Won by self-draw (tsumo), otherwise on a discard (ron).
    pub self_drawn: bool,
    /// Riichi declared.
    pub riichi: bool,
    /// Double riichi (riichi on the first turn).
    pub double_riichi: bool,
    /// Open riichi (the hand shown when declaring).
    pub open_riichi: bool,
    /// Won within one turn of riichi.
    pub ippatsu: bool,
    /// Kong-related: rinshan kaihou when self-drawn, chankan on a discard.
    pub kong: bool,
    /// Last tile: haitei when self-drawn, houtei on a discard.
    pub last_wall: bool,
    /// First turn with no call: tenhou (dealer) or chiihou when self-drawn,
    /// renhou on a discard.
    pub first_turn: bool,
    /// Nagashi mangan (scored as mangan whatever the tiles).
    pub nagashi_mangan: bool,
    /// Seat wind (East = dealer).
    pub seat: Wind,
    /// Prevalent (round) wind.
    pub prevalent: Wind,
    /// Dora indicators, kan dora included.
    pub dora: Indicators,
    /// Ura dora indicators (counted after riichi only).
    pub ura: Indicators,
    /// Honba (tsumibou) counters: 100 points each per payer.
    pub honba: u32,
    /// Riichi sticks on the table (kyoutaku): 1000 points each.
    pub sticks: u32,
    /// Consecutive dealer wins, for paarenchan (0 = none).
    pub paarenchan: u32,
    /// Nuki dora: North tiles set aside in three-player games.
    pub nuki: u32,
}

impl Situation {
    /// Whether the winner is the dealer.
    pub fn is_dealer(&self) -> bool {
        self.seat == Wind::East
    }
}

impl std::str::FromStr for Situation {
    type Err = FlagError;
    fn from_str(s: &str) -> Result<Situation, FlagError> {
        let mut input = Settings::default();
        input.apply_words(s.split_whitespace())?;
        Ok(input.situation)
    }
}

/// The situation and the rule options together: what the flags of a scoring
/// line set.
///
/// ```
/// use hupai::riichi::Settings;
/// let mut s = Settings::default();
/// s.apply_words("--preset tenhou --riichi --no-has-aka-dora".split(' ')).unwrap();
/// assert!(s.situation.riichi && s.options.has_open_tanyao && !s.options.has_aka_dora);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Settings {
    /// How the hand was won, the winds, dora, counters.
    pub situation: Situation,
    /// Rule options.
    pub options: Options,
}

impl Settings {
    /// Settings for the three-player game (`--rules riichi3`).
    pub fn three_player() -> Settings {
        let mut s = Settings::default();
        s.options.is_three_player = true;
        s
    }

    /// Set what these words name on top of the current settings:
    /// `--self-drawn --riichi --double-riichi --open-riichi --ippatsu --kong
    /// --last-wall --first-turn --nagashi-mangan`, `--seat W`, `--prevalent W`,
    /// `--dora TILES`, `--ura TILES`, `--honba N`, `--sticks N`,
    /// `--paarenchan N`, `--nuki N`, `--preset P`, `--kazoe-limit L`, and
    /// each boolean option (`--kiriage`, `--no-has-double-yakuman`, …); also
    /// `--name=value`.
    pub fn apply_words<'a>(
        &mut self,
        words: impl IntoIterator<Item = &'a str>,
    ) -> Result<(), FlagError> {
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
            let number = |v: &str| -> Result<u32, String> {
                v.parse::<u32>()
                    .ok()
                    .filter(|&n| n <= 1000)
                    .ok_or_else(|| format!("{name} takes a count 0 to 1000, not '{v}'"))
            };
            let s = &mut self.situation;
            match name {
                "--self-drawn" | "--tsumo" => s.self_drawn = true,
                "--riichi" => s.riichi = true,
                "--double-riichi" => s.double_riichi = true,
                "--open-riichi" => s.open_riichi = true,
                "--ippatsu" => s.ippatsu = true,
                "--kong" => s.kong = true,
                "--last-wall" => s.last_wall = true,
                "--first-turn" => s.first_turn = true,
                "--nagashi-mangan" => s.nagashi_mangan = true,
                "--seat" => s.seat = value("E, S, W or N")?.parse()?,
                "--prevalent" => s.prevalent = value("E, S, W or N")?.parse()?,
                "--dora" => s.dora = value("indicator tiles, e.g. 3m7z")?.parse()?,
                "--ura" => s.ura = value("indicator tiles, e.g. 3m7z")?.parse()?,
                "--honba" => s.honba = number(value("a count")?)?,
                "--sticks" => s.sticks = number(value("a count")?)?,
                "--paarenchan" => {
                    // 13 han per count, and a yaku's han is a byte.
                    let n = number(value("a count")?)?;
                    if n > 19 {
                        return Err(format!("--paarenchan takes 0 to 19, not {n}").into());
                    }
                    s.paarenchan = n;
                }
                "--nuki" => s.nuki = number(value("a count")?)?,
                "--preset" => {
                    let p: Preset = value("tenhou or mahjongsoul")?.parse()?;
                    self.options.apply_preset(p);
                }
                "--kazoe-limit" => {
                    self.options.kazoe_limit = value("limited, sanbaiman or no-limit")?.parse()?
                }
                _ => {
                    let known = name
                        .strip_prefix("--")
                        .is_some_and(|flag| inline.is_none() && self.options.set_flag(flag));
                    if !known {
                        return Err(format!("unknown riichi scoring flag '{w}'").into());
                    }
                }
            }
        }
        Ok(())
    }
}

impl fmt::Display for Settings {
    /// The settings that differ from the defaults, in flag syntax.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = &self.situation;
        let mut words: Vec<String> = Vec::new();
        for (on, name) in [
            (s.self_drawn, "--self-drawn"),
            (s.riichi, "--riichi"),
            (s.double_riichi, "--double-riichi"),
            (s.open_riichi, "--open-riichi"),
            (s.ippatsu, "--ippatsu"),
            (s.kong, "--kong"),
            (s.last_wall, "--last-wall"),
            (s.first_turn, "--first-turn"),
            (s.nagashi_mangan, "--nagashi-mangan"),
        ] {
            if on {
                words.push(name.into());
            }
        }
        if s.seat != Wind::East {
            words.push(format!("--seat {}", s.seat));
        }
        if s.prevalent != Wind::East {
            words.push(format!("--prevalent {}", s.prevalent));
        }
        if s.dora.len() > 0 {
            words.push(format!("--dora {}", s.dora));
        }
        if s.ura.len() > 0 {
            words.push(format!("--ura {}", s.ura));
        }
        for (n, name) in [
            (s.honba, "--honba"),
            (s.sticks, "--sticks"),
            (s.paarenchan, "--paarenchan"),
            (s.nuki, "--nuki"),
        ] {
            if n > 0 {
                words.push(format!("{name} {n}"));
            }
        }
        let options = self.options.to_string();
        if !options.is_empty() {
            words.push(options);
        }
        f.write_str(&words.join(" "))
    }
}

/// Why a hand cannot be scored (a hand without yaku is not an error: it is
/// scored with `legal: false`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScoreError {
    /// The tiles form no riichi winning hand.
    NotWinning,
    /// The hand's size or its winning tile.
    Input(ScoredHandError),
    /// A tile three-player riichi does not have (2m–8m).
    ThreePlayerTile(Tile),
    /// The situation contradicts itself or the hand (riichi with an open
    /// hand, chankan on a self-draw, tenhou as a non-dealer, …).
    Situation(&'static str),
    /// The hand text does not parse.
    Parse(ParseError),
    /// A flag is unknown or has a bad value.
    Flag(String),
}

impl fmt::Display for ScoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScoreError::NotWinning => f.write_str("not a winning hand under riichi rules"),
            ScoreError::Input(e) => e.fmt(f),
            ScoreError::ThreePlayerTile(t) => {
                write!(
                    f,
                    "tile {t} does not exist in three-player riichi (no 2m-8m)"
                )
            }
            ScoreError::Situation(e) => f.write_str(e),
            ScoreError::Parse(e) => e.fmt(f),
            ScoreError::Flag(e) => f.write_str(e),
        }
    }
}

impl std::error::Error for ScoreError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ScoreError::Input(e) => Some(e),
            ScoreError::Parse(e) => Some(e),
            _ => None,
        }
    }
}

/// Everything [`score`](super::score()) reads: the hand (declared melds and
/// concealed tiles, the winning tile among them), the situation and the
/// options.
///
/// ```
/// use hupai::riichi::ScoringInput;
/// use hupai::Notation;
/// let input = ScoringInput::parse("123m456p789s1122z2z --riichi --dora 1z", Notation::Mpsz).unwrap();
/// assert_eq!(input.win_tile().to_string(), "2z");
/// assert!(input.settings.situation.riichi);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ScoringInput {
    hand: Hand,
    win: Tile,
    /// The situation and the rule options.
    pub settings: Settings,
}

impl ScoringInput {
    /// A scoring input: 14 tiles (kongs counting three), the winning tile
    /// among the concealed ones, no 2m–8m under three-player options.
    pub fn new(hand: Hand, win: Tile, settings: Settings) -> Result<ScoringInput, ScoreError> {
        hand.check_scored(win)?;
        if settings.options.is_three_player {
            if let Some(t) = crate::Rules::RIICHI3.missing_tile(&hand.all_counts()) {
                return Err(ScoreError::ThreePlayerTile(t));
            }
            if hand.melds().any(|m| m.kind() == MeldKind::Chow) {
                return Err(ScoreError::Situation(
                    "three-player riichi has no chow (chii)",
                ));
            }
        }
        let mut hand = hand;
        hand.set_last_tile(Some(win));
        Ok(ScoringInput {
            hand,
            win,
            settings,
        })
    }

    /// A scoring input whose winning tile is the hand's last concealed tile.
    pub fn from_hand(hand: Hand, settings: Settings) -> Result<ScoringInput, ScoreError> {
        let win = hand.scored_win_tile()?;
        ScoringInput::new(hand, win, settings)
    }

    /// Parse a hand (the last concealed tile wins) followed by flags.
    pub fn parse(line: &str, notation: Notation) -> Result<ScoringInput, ScoreError> {
        ScoringInput::parse_with(line, notation, Settings::default())
    }

    /// [`ScoringInput::parse`] with the line's flags applied over `base`.
    pub fn parse_with(
        line: &str,
        notation: Notation,
        base: Settings,
    ) -> Result<ScoringInput, ScoreError> {
        let (text, words) = split_flags(line);
        let hand = notation::parse(text, notation).map_err(ScoreError::Parse)?;
        let mut settings = base;
        settings
            .apply_words(words.split_whitespace())
            .map_err(|e| ScoreError::Flag(e.into()))?;
        ScoringInput::from_hand(hand, settings)
    }

    /// The hand.
    pub fn hand(&self) -> &Hand {
        &self.hand
    }

    /// The winning tile.
    pub fn win_tile(&self) -> Tile {
        self.win
    }
}

impl From<ScoredHandError> for ScoreError {
    fn from(e: ScoredHandError) -> ScoreError {
        ScoreError::Input(e)
    }
}
