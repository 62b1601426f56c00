//! What a completed hand is worth in the model, one variant per rule family.
//!
//! A win is a complete hand under the rule set; under MCR only a legal win
//! (8 points or more) counts. Its score is the MCR total, or 1 per win where
//! the rules have no scoring. Riichi points come from the riichi scoring
//! module (DESIGN §9); until it is wired in [`Scoring::for_rules`], riichi
//! wins are counted and their points are not reported.

use crate::hand::Hand;
use crate::mcr::{self, Flags, ScoringInput};
use crate::rules::Rules;
use crate::table::Tables;
use crate::tile::{Tile, KINDS};

/// The score source of an analysis.
///
/// ```
/// use hupai::ev::Scoring;
/// use hupai::Rules;
/// assert!(Scoring::for_rules(&Rules::MCR, Default::default()).has_points());
/// assert!(!Scoring::for_rules(&Rules::RIICHI, Default::default()).has_points());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scoring {
    /// 1 point per win (generic, Sichuan).
    PerWin,
    /// The MCR total of a legal win, self-drawn, with these flags (winds,
    /// flowers, variant; `self_drawn` is always set).
    Mcr(Flags),
    /// Riichi wins count; their points need the riichi scoring module.
    RiichiPending,
}

impl Scoring {
    /// The score source of a rule set. MCR flags give the winds, flowers
    /// and variant.
    ///
    /// Riichi points — the one place to wire them once `hupai::riichi`
    /// lands: a variant `Riichi(crate::riichi::Settings)` returned here for
    /// riichi rules, whose [`Scoring::value`] arm is
    /// `best_reading(tables, rules, *real, jokers, win, &|hand, on| { let mut s =
    /// settings; s.situation.self_drawn = true; s.situation.riichi =
    /// hand.melds().all(|m| !m.is_claimed()); let input =
    /// riichi::ScoringInput::new(*hand, on, s).ok()?; let score =
    /// riichi::score(&input, tables).ok()?; score.legal.then_some(f64::from(score.cost.total)) })`
    /// (after the same `is_win_jokers` check as MCR), with `varies` and
    /// `has_points` true for it.
    pub fn for_rules(rules: &Rules, flags: Flags) -> Scoring {
        if rules.mcr_forms {
            Scoring::Mcr(Flags {
                self_drawn: true,
                ..flags
            })
        } else if rules.thirteen_orphans {
            Scoring::RiichiPending
        } else {
            Scoring::PerWin
        }
    }

    /// Whether the analysis reports points.
    pub fn has_points(&self) -> bool {
        !matches!(self, Scoring::RiichiPending)
    }

    /// Whether points can differ between wins (so declining a win to play
    /// on may pay).
    pub fn varies(&self) -> bool {
        matches!(self, Scoring::Mcr(_))
    }

    /// Why the analysis has no points, when it has none.
    pub fn note(&self) -> Option<&'static str> {
        match self {
            Scoring::RiichiPending => Some(
                "riichi points need the riichi scoring module; win and tenpai probabilities are exact",
            ),
            _ => None,
        }
    }

    /// The value of a complete 3n+2 hand won on `win` (`None`: a drawn
    /// joker), given as its real tiles and its jokers: `None` when it is not
    /// a win, else its points (1 where the rules have no scoring, and for
    /// riichi until its scorer is wired).
    pub fn value<B: AsRef<[u8]>>(
        &self,
        tables: &Tables<B>,
        rules: &Rules,
        real: &Hand,
        jokers: usize,
        win: Option<Tile>,
    ) -> Option<f64> {
        match self {
            Scoring::PerWin | Scoring::RiichiPending => {
                tables.is_win_jokers(real, jokers, rules).then_some(1.0)
            }
            Scoring::Mcr(flags) => {
                if !tables.is_win_jokers(real, jokers, rules) {
                    return None;
                }
                let flags = *flags;
                best_reading(tables, rules, *real, jokers, win, &|hand, on| {
                    let input = ScoringInput::new(*hand, on, flags).ok()?;
                    let total = mcr::score_total(&input, tables).ok()?;
                    (total >= mcr::MINIMUM).then_some(f64::from(total))
                })
            }
        }
    }
}

/// The best points of a complete hand over what its jokers stand for (no
/// joker: the hand itself), `points` scoring one joker-free hand won on a
/// tile (`None`: not a win). A scorer without jokers (MCR; riichi when it is
/// wired) plugs in here.
pub fn best_reading<B: AsRef<[u8]>>(
    tables: &Tables<B>,
    rules: &Rules,
    hand: Hand,
    jokers: usize,
    win: Option<Tile>,
    points: &dyn Fn(&Hand, Tile) -> Option<f64>,
) -> Option<f64> {
    let mut best = None;
    let mut picked = Vec::with_capacity(jokers);
    assign(
        tables,
        rules,
        hand,
        jokers,
        0,
        win,
        points,
        &mut picked,
        &mut best,
    );
    best
}

/// Jokers take kinds in order (no assignment twice), each kept only while
/// the rest of the hand can still complete; a drawn joker's tile is the
/// winning tile, so then each kind a joker took is tried as the winning tile.
#[allow(clippy::too_many_arguments)]
fn assign<B: AsRef<[u8]>>(
    tables: &Tables<B>,
    rules: &Rules,
    hand: Hand,
    jokers: usize,
    from: usize,
    win: Option<Tile>,
    points: &dyn Fn(&Hand, Tile) -> Option<f64>,
    picked: &mut Vec<Tile>,
    best: &mut Option<f64>,
) {
    if jokers == 0 {
        let wins: Vec<Tile> = match win {
            Some(t) => vec![t],
            None => picked.clone(),
        };
        for w in wins {
            if let Some(p) = points(&hand, w) {
                *best = Some(best.map_or(p, |b: f64| b.max(p)));
            }
        }
        return;
    }
    for k in from..KINDS {
        let t = Tile::from_index(k).expect("index < 34");
        let Ok(next) = hand.with_tile(t) else {
            continue;
        };
        if tables.is_win_jokers(&next, jokers - 1, rules) {
            picked.push(t);
            assign(
                tables,
                rules,
                next,
                jokers - 1,
                k,
                win,
                points,
                picked,
                best,
            );
            picked.pop();
        }
    }
}
