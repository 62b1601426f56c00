//! What a completed hand is worth in the model, one variant per rule family.
//!
//! A win is a complete hand under the rule set; under MCR only a legal win
//! (8 points or more) counts, and under riichi only a win with a yaku. Its
//! score is the MCR total, the riichi payments, or 1 per win
//! where the rules have no scoring.

use crate::hand::Hand;
use crate::mcr::{self, Flags, ScoringInput};
use crate::riichi;
use crate::rules::Rules;
use crate::table::Tables;
use crate::tile::{Tile, KINDS};

/// The score source of an analysis.
///
/// ```
/// use hupai::ev::{Options, Scoring};
/// use hupai::Rules;
/// let o = Options::default();
/// assert!(Scoring::for_rules(&Rules::MCR, &o).has_points());
/// assert!(Scoring::for_rules(&Rules::RIICHI, &o).varies());
/// assert!(!Scoring::for_rules(&Rules::GENERIC, &o).has_points());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scoring {
    /// 1 point per win (generic, Sichuan).
    PerWin,
    /// The MCR total of a legal win, self-drawn, with these flags (winds,
    /// flowers, variant; `self_drawn` is always set).
    Mcr(Flags),
    /// The riichi payments of a self-drawn win with a yaku, with these
    /// settings (winds, dora, options); riichi is declared when the hand is
    /// concealed.
    Riichi(riichi::Settings),
}

impl Scoring {
    /// The score source of a rule set: MCR flags give the winds, flowers
    /// and variant, riichi settings the winds, dora and options (three-player
    /// under `riichi3` rules). Generic and Sichuan wins are worth 1.
    pub fn for_rules(rules: &Rules, options: &super::Options) -> Scoring {
        if rules.mcr_forms {
            Scoring::Mcr(Flags {
                self_drawn: true,
                ..options.mcr
            })
        } else if rules.thirteen_orphans {
            let mut s = options.riichi;
            s.options.is_three_player |= rules.three_player;
            Scoring::Riichi(s)
        } else {
            Scoring::PerWin
        }
    }

    /// Whether the analysis reports points.
    pub fn has_points(&self) -> bool {
        !matches!(self, Scoring::PerWin)
    }

    /// Whether points can differ between wins (so declining a win to play
    /// on may pay).
    pub fn varies(&self) -> bool {
        !matches!(self, Scoring::PerWin)
    }

    /// The value of a complete 3n+2 hand won on `win` (`None`: a drawn
    /// joker), given as its real tiles and its jokers: `None` when it is not
    /// a win, else its points (1 where the rules have no scoring).
    pub fn value<B: AsRef<[u8]>>(
        &self,
        tables: &Tables<B>,
        rules: &Rules,
        real: &Hand,
        jokers: usize,
        win: Option<Tile>,
    ) -> Option<f64> {
        match self {
            Scoring::PerWin => tables.is_win_jokers(real, jokers, rules).then_some(1.0),
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
            Scoring::Riichi(settings) => {
                if !tables.is_win_jokers(real, jokers, rules) {
                    return None;
                }
                let settings = *settings;
                best_reading(tables, rules, *real, jokers, win, &|hand, on| {
                    let mut s = settings;
                    s.situation.self_drawn = true;
                    s.situation.riichi = hand.melds().all(|m| !m.is_claimed());
                    let input = riichi::ScoringInput::new(*hand, on, s).ok()?;
                    let score = riichi::score(&input, tables).ok()?;
                    score.legal.then_some(f64::from(score.cost.total))
                })
            }
        }
    }
}

/// The best points of a complete hand over what its jokers stand for (no
/// joker: the hand itself), `points` scoring one joker-free hand won on a
/// tile (`None`: not a win). A scorer without jokers (MCR, riichi) plugs in
/// here.
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
        // No allocation: every win of the EV graph comes through here.
        let wins = match &win {
            Some(t) => std::slice::from_ref(t),
            None => picked.as_slice(),
        };
        for &w in wins {
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
