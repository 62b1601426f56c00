//! Scoring a hand: read it every way it can be read, count each reading's
//! fans, keep the best (principle 4, high over low), then add the flowers.

use super::arranger::Arranger;
use super::detect::{self, Facts};
use super::fans::{Fan, FanTable};
use super::input::{ScoreError, ScoringInput, Variant};
use super::waits;
use crate::arrangement::{Arrangement, Form};
use crate::table::Tables;

/// The minimum for a legal win, flowers not counted.
pub const MINIMUM: u32 = 8;

/// One fan of a score: which fan, how many times, and its points each.
///
/// ```
/// use hupai::mcr::{Fan, FanCount};
/// let f = FanCount { fan: Fan::PureDoubleChow, count: 2, points: 1 };
/// assert_eq!(f.total(), 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FanCount {
    /// The fan.
    pub fan: Fan,
    /// How many times it is counted.
    pub count: u8,
    /// Points of one occurrence (under the scored variant).
    pub points: u8,
}

impl FanCount {
    /// Points of all occurrences.
    pub fn total(&self) -> u32 {
        self.points as u32 * self.count as u32
    }
}

/// The score of a complete hand.
///
/// ```
/// use hupai::mcr::{score, Fan, ScoringInput};
/// use hupai::{Form, Notation, Tables};
/// let input = ScoringInput::parse("1133m5577p22s6677z --self-drawn --flowers 1", Notation::Mpsz).unwrap();
/// let s = score(&input, Tables::embedded()).unwrap();
/// assert_eq!(s.arrangement.form(), Form::SevenPairs);
/// assert_eq!(s.count(Fan::SevenPairs), 1);
/// assert_eq!((s.points_without_flowers(), s.total), (24 + 1, 24 + 1 + 1));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Score {
    /// Total points: the fans, plus the flowers when the hand is a legal win.
    pub total: u32,
    /// Whether the fans without flowers reach the 8-point minimum.
    pub legal: bool,
    /// Counted fans in rule-table order (Flower Tiles last, legal wins only).
    pub fans: Vec<FanCount>,
    /// The arrangement the fans were counted on (for Nine Gates, a standard
    /// arrangement of the hand).
    pub arrangement: Arrangement,
}

impl Score {
    /// Points without flowers (what the 8-point minimum is judged on).
    pub fn points_without_flowers(&self) -> u32 {
        self.fans
            .iter()
            .filter(|f| f.fan != Fan::FlowerTiles)
            .map(FanCount::total)
            .sum()
    }

    /// How many times `fan` is counted (0 when absent).
    pub fn count(&self, fan: Fan) -> u8 {
        self.fans
            .iter()
            .find(|f| f.fan == fan)
            .map_or(0, |f| f.count)
    }

    /// Whether `fan` is counted.
    pub fn has(&self, fan: Fan) -> bool {
        self.count(fan) > 0
    }
}

/// The best reading of a hand: its fan table and arrangement.
pub(crate) struct Best {
    pub table: FanTable,
    pub points: u32,
    pub arrangement: Arrangement,
}

/// Score every reading and keep the best (principle 4).
///
/// On equal points the choice follows the reference calculator, so that the
/// same fans are reported: a standard arrangement beats Seven Pairs; when the
/// hand also reads as Seven Pairs, the last tied standard arrangement in the
/// reference's enumeration order wins; otherwise one with Pure Triple Chow or
/// Triple Pung is preferred (the last such), else the first.
pub(crate) fn best(input: &ScoringInput, arranger: &impl Arranger) -> Result<Best, ScoreError> {
    let arrangements = arranger.arrangements(input.hand());
    if arrangements.is_empty() {
        return Err(ScoreError::NotWinning);
    }
    let facts = Facts::new(input);
    let variant = input.flags.variant;
    let score = |t: FanTable, a: Arrangement| Best {
        points: t.points(variant),
        table: t,
        arrangement: a,
    };

    // Forms that are always scored on their own.
    let first_standard = arrangements.iter().find(|a| a.form() == Form::Standard);
    if let Some(a) = first_standard {
        if let Some(t) = detect::nine_gates(&facts) {
            return Ok(score(t, *a));
        }
    }
    for a in arrangements.iter() {
        let t = match a.form() {
            Form::SevenShiftedPairs => detect::seven_shifted_pairs(&facts),
            Form::ThirteenOrphans => detect::thirteen_orphans(&facts),
            Form::HonorsAndKnitted => detect::honors_and_knitted(&facts),
            _ => continue,
        };
        return Ok(score(t, *a));
    }

    let seven_pairs = arrangements.iter().any(|a| a.form() == Form::SevenPairs);
    let mut unique: Option<bool> = None;
    let mut unique_wait = || {
        *unique
            .get_or_insert_with(|| waits::is_unique_wait(input.hand(), input.win_tile(), arranger))
    };
    let mut best: Option<Best> = None;
    for a in arrangements.iter() {
        let t = match a.form() {
            Form::SevenPairs => detect::seven_pairs(&facts),
            Form::Standard | Form::KnittedStraight => detect::standard(a, &facts, &mut unique_wait),
            _ => continue,
        };
        let candidate = score(t, *a);
        let better = match &best {
            None => true,
            Some(b) if candidate.points != b.points => candidate.points > b.points,
            Some(b) => prefer_on_tie(&candidate, b, seven_pairs),
        };
        if better {
            best = Some(candidate);
        }
    }
    best.ok_or(ScoreError::NotWinning)
}

/// Whether `c` replaces `b` when both score the same (see [`best`]).
fn prefer_on_tie(c: &Best, b: &Best, seven_pairs: bool) -> bool {
    let form = |x: &Best| x.arrangement.form();
    if form(c) == Form::SevenPairs {
        return false;
    }
    if form(b) == Form::SevenPairs {
        return true;
    }
    let later = detect::reference_order(&c.arrangement) > detect::reference_order(&b.arrangement);
    if seven_pairs {
        return later;
    }
    let flag = |x: &Best| x.table.has(Fan::PureTripleChow) || x.table.has(Fan::TriplePung);
    match (flag(c), flag(b)) {
        (true, false) => true,
        (false, true) => false,
        (true, true) => later,
        (false, false) => !later,
    }
}

/// Score a hand under the MCR rules (see docs/rules/mcr.md).
///
/// ```
/// use hupai::mcr::{score, Fan, Flags, ScoringInput};
/// use hupai::{Hand, Tables, Tile};
/// let tiles: Vec<Tile> = "1m 2m 3m 4m 5m 6m 7m 8m 9m 1z 1z 1z 2z 2z"
///     .split(' ').map(|t| t.parse().unwrap()).collect();
/// let hand = Hand::from_tiles(&tiles).unwrap();
/// let flags: Flags = "--self-drawn".parse().unwrap();
/// let input = ScoringInput::new(hand, "9m".parse().unwrap(), flags).unwrap();
/// let s = score(&input, Tables::embedded()).unwrap();
/// assert!(s.has(Fan::PureStraight) && s.has(Fan::PrevalentWind) && s.has(Fan::SeatWind));
/// assert_eq!(s.total, 16 + 2 + 2 + 4 + 6); // + Fully Concealed Hand, Half Flush
/// assert!(s.legal);
/// ```
pub fn score<B: AsRef<[u8]>>(
    input: &ScoringInput,
    tables: &Tables<B>,
) -> Result<Score, ScoreError> {
    score_with(input, tables)
}

/// [`score`] with any [`Arranger`], e.g. the recursive
/// `arranger::Reference` (feature `test-support`).
///
/// ```
/// use hupai::mcr::{arranger::Reference, score, score_with, ScoringInput};
/// use hupai::{Notation, Tables};
/// let input = ScoringInput::parse("19m19p19s1234567z1m --self-drawn", Notation::Mpsz).unwrap();
/// let s = score_with(&input, &Reference).unwrap();
/// assert_eq!(s, score(&input, Tables::embedded()).unwrap());
/// assert_eq!(s.total, 88 + 1);
/// ```
pub fn score_with(input: &ScoringInput, arranger: &impl Arranger) -> Result<Score, ScoreError> {
    let best = best(input, arranger)?;
    Ok(finish(best, input.flags.flowers, input.flags.variant))
}

/// Flowers count only after a legal win (8 points without them).
fn finish(best: Best, flowers: u8, variant: Variant) -> Score {
    let legal = best.points >= MINIMUM;
    let mut fans: Vec<FanCount> = best
        .table
        .iter()
        .map(|(fan, count)| FanCount {
            fan,
            count,
            points: fan.points(variant),
        })
        .collect();
    let mut total = best.points;
    if legal && flowers > 0 {
        fans.push(FanCount {
            fan: Fan::FlowerTiles,
            count: flowers,
            points: 1,
        });
        total += flowers as u32;
    }
    Score {
        total,
        legal,
        fans,
        arrangement: best.arrangement,
    }
}

/// The total points only (flowers included on a legal win), without
/// building the fan list.
///
/// ```
/// use hupai::mcr::{score_total, Flags, ScoringInput};
/// use hupai::{Hand, Tables, Tile};
/// let tiles: Vec<Tile> = "1m 1m 2m 2m 3m 3m 4p 4p 5p 5p 6s 6s 7z 7z"
///     .split(' ').map(|t| t.parse().unwrap()).collect();
/// let input = ScoringInput::new(Hand::from_tiles(&tiles).unwrap(), "7z".parse().unwrap(), Flags::default()).unwrap();
/// // Seven Pairs and nothing else: 24.
/// assert_eq!(score_total(&input, Tables::embedded()).unwrap(), 24);
/// ```
pub fn score_total<B: AsRef<[u8]>>(
    input: &ScoringInput,
    tables: &Tables<B>,
) -> Result<u32, ScoreError> {
    score_total_with(input, tables)
}

/// [`score_total`] with any [`Arranger`].
///
/// ```
/// use hupai::mcr::{arranger::Reference, score_total_with, ScoringInput};
/// use hupai::Notation;
/// let input = ScoringInput::parse("111222333z55m444z", Notation::Mpsz).unwrap();
/// // Big Four Winds 88, Three Concealed Pungs 16, Half Flush 6, Concealed Hand 2.
/// assert_eq!(score_total_with(&input, &Reference).unwrap(), 112);
/// ```
pub fn score_total_with(input: &ScoringInput, arranger: &impl Arranger) -> Result<u32, ScoreError> {
    let best = best(input, arranger)?;
    let legal = best.points >= MINIMUM;
    Ok(best.points + if legal { input.flags.flowers as u32 } else { 0 })
}
