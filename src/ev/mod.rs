//! Discard EV (期待値): for each discard of a 3n+2 hand, the
//! probability of being ready and of winning within t draws, and the
//! expected score, for t = 1..T.
//!
//! **The model** (the single-player model of tomohxx and mahjong-cpp): the
//! player draws T more tiles and never claims. The state is the 3n+1 hand; a
//! draw is kind k with probability u_k / W, u_k = 4 − copies of k held (hand
//! and melds) − visible copies, W = Σ u_k, the same for every state (each
//! holds as many tiles; discarded tiles return to the pool). After each draw
//! the player keeps the discard that maximises the quantity asked — tenpai,
//! win and score each maximised on its own, for each t. A win is a complete
//! hand under the rule set (under MCR a legal win, 8 points or more; under
//! riichi a win with a yaku); its score is the MCR total, the riichi
//! payments, or 1 per win where the rules have no scoring (see [`Scoring`]).
//! A joker is never discarded (it can stand
//! for any tile the player would keep instead).
//!
//! **Which discards are allowed** after a draw, from a hand of shanten s
//! whose best discard reaches b: any discard reaching b < s (progress);
//! throwing the drawn tile back; a *tile change* (another discard that keeps
//! the shanten s the hand had before the draw, even after an effective draw,
//! unless [`Options::changes`] is off); a discard to s + 1 with
//! [`Options::shanten_down`]. No discard is forced to take an improvement:
//! a draw that would make the waits dead may be declined. Changes and shanten-downs
//! must land within the budget: tiles drawn beyond the hand analysed plus
//! the shanten at most the best shanten + [`Options::extra`] (mahjong-cpp's
//! bound: the player may stray `extra` exchanges from the shortest paths).
//! With [`Options::exact`] there is no such bound: the answers are the
//! model's, exactly.
//!
//! **Dead waits.** A hand's shanten, its readiness and the allowed discards
//! are those of its tiles alone (formal shanten), whatever the pool holds:
//! a ready hand whose waits are all seen is ready (tenpai 1) and wins only
//! by changing its waits.
//!
//! **Limits.** The graph holds only the states T draws can reach (the
//! states one draw short of T read their options with no draw left: only
//! whether those are ready matters, so they add no state). An analysis that
//! would hold more than [`Options::max_states`] states is refused with
//! [`EvError::TooManyStates`], naming the limit and what to lower, before
//! it allocates more.
//!
//! **The algorithm**: one graph of the reachable 3n+1 hands (keys of 34
//! counts, shared by every discard), built with the table engine's effective
//! tiles (the shanten of every discard-and-draw of a state from one query
//! per held kind, the repeated ones cached: the `after` module), then the T
//! layers of values over it, each over the states it can matter for (see
//! the `layers` module).
//!
//! ```
//! use hupai::ev::{analyze, Options};
//! use hupai::{Hand, Rules, Tables};
//! let hand: Hand = "123m456p789s11455z".parse().unwrap();
//! let a = analyze(Tables::embedded(), &hand, &Rules::GENERIC, &Options::default()).unwrap();
//! let best = &a.discards[0];
//! // Discard 4z: ready on 1z or 5z (four copies left). Waiting alone wins
//! // within 17 draws with probability 1 − (119/123)^17 ≈ 0.43; changing
//! // the wait on the way does better.
//! assert_eq!((best.tile.to_string().as_str(), best.shanten), ("4z", 0));
//! assert_eq!(best.tenpai[0], 1.0);
//! assert!((best.win[0] - 4.0 / 123.0).abs() < 1e-12);
//! assert!(best.win[16] > 1.0 - (119.0f64 / 123.0).powi(17));
//! ```

mod after;
mod index;
mod layers;
mod model;
mod score;
mod solver;

pub use score::{best_reading, Scoring};

use crate::engine::Jokers;
use crate::hand::Hand;
use crate::mcr::Flags;
use crate::riichi::Settings;
use crate::rules::Rules;
use crate::table::Tables;
use crate::tile::{Counts, Tile, KINDS};
use layers::solve;
use model::{minus, pack, Game, Key, UNREACHABLE};
use solver::{discarded, Graph};
use std::fmt;

/// The most draws an analysis looks ahead.
pub const MAX_TURNS: usize = 60;

/// The default state limit ([`Options::max_states`]). A state costs up to
/// about 1.5 kB (the graph, its index and the value layers; 3-shanten
/// graphs hold the most options a state), so about 1.5 GB at most.
pub const DEFAULT_MAX_STATES: usize = 1_000_000;

/// The largest state limit that can be asked for: node numbers fit 25 bits.
pub const MAX_STATES: usize = 1 << 25;

/// How the player may play and what is asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Draws left, T (1..=[`MAX_TURNS`]; default 17).
    pub turns: usize,
    /// Tiles seen outside the hand (discards, other melds, indicators).
    pub visible: Counts,
    /// Tile changes allowed (`--no-changes` turns them off): keep a draw
    /// that does not lower the shanten, discarding another tile.
    pub changes: bool,
    /// Discards one shanten worse than the hand had before the draw
    /// (`--shanten-down`).
    pub shanten_down: bool,
    /// Exchanges the player may stray from the shortest paths by tile
    /// changes and shanten-downs (`--extra`, default 1). Ignored with
    /// [`Options::exact`].
    pub extra: u8,
    /// No bound on tile changes and shanten-downs (`--exact`): the model
    /// computed exactly over every state T draws can reach. The graph grows
    /// fast with T; [`Options::max_states`] still applies.
    pub exact: bool,
    /// The most states (3n+1 hands) the analysis may hold (`--max-states`,
    /// default [`DEFAULT_MAX_STATES`], at most [`MAX_STATES`]); a larger
    /// analysis is refused with [`EvError::TooManyStates`] before it
    /// allocates more.
    pub max_states: usize,
    /// The jokers of the hand.
    pub jokers: Jokers,
    /// MCR situation (winds, flowers, variant); wins are self-drawn.
    pub mcr: Flags,
    /// Riichi situation and options (winds, dora, preset); wins are
    /// self-drawn, with riichi declared when the hand is concealed. `riichi3`
    /// rules set the three-player option.
    pub riichi: Settings,
    /// How many of the best discards get their draws explained.
    pub explain: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            turns: 17,
            visible: [0; KINDS],
            changes: true,
            shanten_down: false,
            extra: 1,
            exact: false,
            max_states: DEFAULT_MAX_STATES,
            jokers: Jokers::NONE,
            mcr: Flags::default(),
            riichi: Settings::default(),
            explain: 3,
        }
    }
}

/// Why a hand cannot be analysed.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum EvError {
    /// The hand or the options cannot be analysed (the message says why).
    Invalid(String),
    /// The analysis would hold more states than [`Options::max_states`]
    /// allows (or [`MAX_STATES`]).
    TooManyStates {
        /// The limit reached.
        limit: usize,
        /// Draws left asked.
        turns: usize,
        /// Whether the analysis was exact.
        exact: bool,
        /// The extra exchanges asked (when not exact).
        extra: u8,
    },
}

impl fmt::Display for EvError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EvError::Invalid(m) => f.write_str(m),
            EvError::TooManyStates {
                limit,
                turns,
                exact,
                extra,
            } => {
                write!(
                    f,
                    "the analysis needs more than {limit} states (the state limit, --max-states): lower --turns ({turns})"
                )?;
                if *exact {
                    f.write_str(" or leave out --exact")
                } else {
                    write!(f, " or --extra ({extra})")
                }
            }
        }
    }
}

impl std::error::Error for EvError {}

/// One draw of a discard's hand explained: what the player then discards
/// and where it leads.
#[derive(Clone, Debug, PartialEq)]
pub struct DrawPlan {
    /// The tile drawn.
    pub draw: Tile,
    /// Its copies in the pool.
    pub remaining: u8,
    /// The draw completes a winning hand.
    pub wins: bool,
    /// The best discard after it (by win probability with one draw fewer);
    /// `None` for a win.
    pub discard: Option<Tile>,
    /// Shanten after that discard (−1 for a win).
    pub shanten: i8,
    /// The waits when that leaves the hand ready, with their pool copies.
    pub waits: Vec<(Tile, u8)>,
}

/// One discard of the hand analysed.
#[derive(Clone, Debug, PartialEq)]
pub struct DiscardEv {
    /// The tile discarded.
    pub tile: Tile,
    /// Shanten of the hand it leaves.
    pub shanten: i8,
    /// Effective tiles of that hand with their pool copies.
    pub effective: Vec<(Tile, u8)>,
    /// Probability of being ready within t draws, element t − 1.
    pub tenpai: Vec<f64>,
    /// Probability of winning within t draws.
    pub win: Vec<f64>,
    /// Expected score within t draws (`None`: riichi points not available).
    pub score: Option<Vec<f64>>,
    /// For the best discards ([`Options::explain`]): each draw that wins
    /// or lowers the shanten, and what follows it.
    pub draws: Vec<DrawPlan>,
}

impl DiscardEv {
    /// Pool copies of the effective tiles.
    pub fn effective_total(&self) -> u32 {
        self.effective.iter().map(|&(_, n)| u32::from(n)).sum()
    }
}

/// The analysis of one hand.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// Shanten of the hand analysed.
    pub shanten: i8,
    /// Draws left, T.
    pub turns: usize,
    /// Every distinct discard, best first (by expected score at T where
    /// points exist, else by win probability; then win, tenpai, effective
    /// tiles).
    pub discards: Vec<DiscardEv>,
    /// States (3n+1 hands) in the graph.
    pub states: usize,
    /// Bytes the graph and the value layers held.
    pub bytes: usize,
}

/// Analyse every discard of a 3n+2 hand (declared melds, jokers per
/// `options.jokers`) under `rules`.
pub fn analyze<B: AsRef<[u8]>>(
    tables: &Tables<B>,
    hand: &Hand,
    rules: &Rules,
    options: &Options,
) -> Result<Analysis, EvError> {
    let err = |e: &dyn fmt::Display| EvError::Invalid(e.to_string());
    if !(1..=MAX_TURNS).contains(&options.turns) {
        return Err(EvError::Invalid(format!(
            "turns must be 1 to {MAX_TURNS}, not {}",
            options.turns
        )));
    }
    let (real, jokers) = options.jokers.split(hand, rules).map_err(|e| err(&e))?;
    let size = real.concealed_len() + jokers + 3 * real.meld_count();
    if size % 3 != 2 {
        return Err(EvError::Invalid(format!(
            "a hand of {size} tiles; expected 3n+2 tiles (14, 11, 8, 5 or 2) to discard from"
        )));
    }
    let hand_shanten = tables
        .shanten_jokers(&real, jokers, rules)
        .map_err(|e| err(&e))?;
    let mut game = Game::new(tables, hand, rules, options).map_err(|e| err(&e))?;
    let scoring = Scoring::for_rules(rules, options);
    let start = pack(hand.counts());
    let mut roots: Vec<(Tile, Key, i8)> = Vec::new();
    for t in Tile::all().filter(|t| real.counts()[t.index()] > 0) {
        let rest = real.without_tile(t).expect("held");
        let s = game.shanten(&rest, jokers).unwrap_or(UNREACHABLE);
        roots.push((t, minus(start, t.index()), s));
    }
    if roots.is_empty() {
        return Err(EvError::Invalid(
            "no tile to discard: the hand is jokers only".into(),
        ));
    }
    // A discard after which no complete hand can be reached (the copies it
    // needs are in declared melds) has nothing to analyse.
    roots.retain(|r| r.2 != UNREACHABLE);
    let Some(best) = roots.iter().map(|r| r.2).min() else {
        return Err(EvError::Invalid("no complete hand can be reached".into()));
    };
    game.budget = if options.exact {
        // Exchanges plus shanten never reach this: no bound.
        i32::MAX / 2
    } else {
        i32::from(best) + i32::from(options.extra)
    };
    let too_many = |limit| EvError::TooManyStates {
        limit,
        turns: options.turns,
        exact: options.exact,
        extra: options.extra,
    };
    let limit = options.max_states.min(MAX_STATES);
    let keys: Vec<(Key, i8)> = roots.iter().map(|r| (r.1, r.2)).collect();
    let graph =
        Graph::build(&game, &scoring, &keys, options.turns, limit).ok_or(too_many(limit))?;
    // Every root is a state of the graph (the roots come first).
    let ids: Vec<u32> = keys.iter().filter_map(|&(k, _)| graph.find(k)).collect();
    let values = solve(&graph, game.wall, options.turns, &ids).ok_or(too_many(MAX_STATES))?;
    let mut discards: Vec<DiscardEv> = roots
        .iter()
        .zip(values.kept)
        .map(|(&(tile, key, s), v)| DiscardEv {
            tile,
            shanten: s,
            effective: effective(&game, key, s),
            tenpai: v.tenpai,
            win: v.win,
            score: scoring.has_points().then_some(v.score),
            draws: Vec::new(),
        })
        .collect();
    let last = options.turns - 1;
    let rank = |d: &DiscardEv| {
        let primary = d.score.as_ref().map_or(d.win[last], |s| s[last]);
        let (primary, win, tenpai) = (tie(primary), tie(d.win[last]), tie(d.tenpai[last]));
        (primary, win, tenpai, d.effective_total())
    };
    discards.sort_by(|a, b| {
        let (ra, rb) = (rank(a), rank(b));
        rb.0.total_cmp(&ra.0)
            .then(rb.1.total_cmp(&ra.1))
            .then(rb.2.total_cmp(&ra.2))
            .then(rb.3.cmp(&ra.3))
            .then(a.tile.cmp(&b.tile))
    });
    for d in discards.iter_mut().take(options.explain) {
        let key = minus(start, d.tile.index());
        d.draws = explain(
            &game,
            &graph,
            &values.win_before,
            &values.tenpai_before,
            key,
        );
    }
    Ok(Analysis {
        shanten: hand_shanten,
        turns: options.turns,
        discards,
        states: graph.nodes.len(),
        bytes: graph.bytes() + values.bytes,
    })
}

/// A value with its last eight bits rounded off, for ranking: discards
/// whose values differ only by the rounding of their sums (two discards
/// alike but for a suit or an honour, their draws summed in another
/// order) tie, and the tile decides. Monotone on values that are not
/// negative, so the ranking stays an order.
fn tie(x: f64) -> f64 {
    f64::from_bits((x.to_bits() + 0x80) & !0xff)
}

/// The benchmark's sample: how many hands of each shanten (1, 2, 3) one
/// decision is timed on, in `hupai bench` and in the criterion bench alike
/// (enough that the mean is the set's, not a few heavy hands').
pub const SAMPLE_SIZES: [(i8, usize); 3] = [(1, 100), (2, 40), (3, 8)];

/// The benchmark hands: the first `n` hands of the seeded R14 set
/// ([`crate::sets`]) whose riichi shanten is `shanten` (one
/// decision at T = 17 on 1-, 2- and 3-shanten R14 hands).
///
/// ```
/// use hupai::{ev, Rules, Tables};
/// let hs = ev::sample(2, 3);
/// assert_eq!(hs.len(), 3);
/// assert!(hs.iter().all(|h| Tables::embedded().shanten(h, &Rules::RIICHI) == Ok(2)));
/// ```
#[cfg(feature = "test-support")]
pub fn sample(shanten: i8, n: usize) -> Vec<Hand> {
    let t = Tables::embedded();
    let mut out = Vec::with_capacity(n);
    let mut seed = crate::sets::SEED;
    while out.len() < n {
        for h in crate::sets::hands(crate::sets::Set::R14, 1000, seed) {
            if out.len() < n && t.shanten(&h, &Rules::RIICHI) == Ok(shanten) {
                out.push(h);
            }
        }
        seed = seed.wrapping_add(1);
    }
    out
}

/// Effective tiles of a state with their pool copies (a joker tile is
/// effective when one more joker lowers the shanten).
fn effective<B: AsRef<[u8]>>(game: &Game<B>, key: Key, s: i8) -> Vec<(Tile, u8)> {
    if s == UNREACHABLE {
        return Vec::new();
    }
    let c = model::unpack(key);
    let (real, jokers) = game.split(&c);
    let mut bits = game
        .tables
        .effective_jokers(&real, jokers, &game.rules, &[0; KINDS])
        .map_or(0, |e| e.tiles().bits());
    if let Some(jk) = game.joker {
        if game.shanten(&real, jokers + 1).is_some_and(|d| d < s) {
            bits |= 1 << jk;
        }
    }
    (0..KINDS)
        .filter(|&k| bits >> k & 1 == 1 && game.weight(k, c[k]) > 0)
        .map(|k| {
            (
                Tile::from_index(k).expect("index < 34"),
                game.weight(k, c[k]),
            )
        })
        .collect()
}

/// The draws of a state that win or lower the shanten, each with the
/// discard that then maximises the win probability (ties: tenpai) with one
/// draw fewer, and the waits when that leaves the hand ready.
fn explain<B: AsRef<[u8]>>(
    game: &Game<B>,
    graph: &Graph,
    win: &[f64],
    tenpai: &[f64],
    key: Key,
) -> Vec<DrawPlan> {
    let Some(i) = graph.find(key) else {
        return Vec::new();
    };
    let node = &graph.nodes[i as usize];
    let mut plans = Vec::new();
    for (d, opts, points) in graph.draws_of(i) {
        let k = d.kind();
        let draw = Tile::from_index(k).expect("index < 34");
        if points.is_some() {
            plans.push(DrawPlan {
                draw,
                remaining: d.weight(),
                wins: true,
                discard: None,
                shanten: -1,
                waits: Vec::new(),
            });
            continue;
        }
        let best = opts.iter().copied().max_by(|&a, &b| {
            let (a, b) = (a as usize, b as usize);
            win[a]
                .total_cmp(&win[b])
                .then(tenpai[a].total_cmp(&tenpai[b]))
        });
        let Some(best) = best else { continue };
        let next = &graph.nodes[best as usize];
        if next.shanten >= node.shanten {
            continue;
        }
        let waits = if next.shanten == 0 {
            effective(game, next.key, 0)
        } else {
            Vec::new()
        };
        plans.push(DrawPlan {
            draw,
            remaining: d.weight(),
            wins: false,
            discard: discarded(key, k, next.key).map(|x| Tile::from_index(x).expect("< 34")),
            shanten: next.shanten,
            waits,
        });
    }
    plans
}
