//! The discard EV analysis.
use super::*;

/// A draw explained by a discard-EV analysis: `{"discard", "draw",
/// "remaining", "shanten", "waits", "win"}`.
///
/// ```
/// use hupai::{answer::{EvDraw, TileCount}, Tile};
/// let d = EvDraw {
///     discard: Some(Tile::WEST),
///     draw: Tile::EAST,
///     remaining: 3,
///     shanten: 0,
///     waits: vec![TileCount { remaining: 4, tile: Tile::SOUTH }],
///     win: false,
/// };
/// assert_eq!(
///     serde_json::to_string(&d).unwrap(),
///     r#"{"discard":"3z","draw":"1z","remaining":3,"shanten":0,"waits":[{"remaining":4,"tile":"2z"}],"win":false}"#
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EvDraw {
    /// The best discard after the draw; `null` for a win.
    #[serde(serialize_with = "optional_tile_name")]
    pub discard: Option<Tile>,
    /// The tile drawn.
    #[serde(serialize_with = "tile_name")]
    pub draw: Tile,
    /// Its copies in the pool.
    pub remaining: u8,
    /// Shanten after the discard (−1 for a win).
    pub shanten: i8,
    /// The waits when the hand is then ready, with their pool copies.
    pub waits: Vec<TileCount>,
    /// The draw completes a winning hand.
    pub win: bool,
}

impl EvDraw {
    /// The answer for one explained draw.
    pub fn new(p: &ev::DrawPlan) -> EvDraw {
        EvDraw {
            discard: p.discard,
            draw: p.draw,
            remaining: p.remaining,
            shanten: p.shanten,
            waits: TileCount::list(&p.waits),
            win: p.wins,
        }
    }
}

/// One discard of a discard-EV analysis: `{"draws", "effective", "score",
/// "shanten", "tenpai", "tile", "win"}`; element t − 1 of `tenpai`, `win`
/// and `score` is for t draws left.
///
/// ```
/// use hupai::{answer::EvDiscard, Tile};
/// let d = EvDiscard {
///     draws: vec![],
///     effective: vec![],
///     score: None,
///     shanten: 1,
///     tenpai: vec![0.5],
///     tile: Tile::EAST,
///     win: vec![0.0],
/// };
/// assert_eq!(
///     serde_json::to_string(&d).unwrap(),
///     r#"{"draws":[],"effective":[],"score":null,"shanten":1,"tenpai":[0.5],"tile":"1z","win":[0.0]}"#
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EvDiscard {
    /// The draws explained (the best discards only).
    pub draws: Vec<EvDraw>,
    /// Effective tiles of the hand left, with their pool copies.
    pub effective: Vec<TileCount>,
    /// Expected score within t draws; `null` where the rules have no points.
    pub score: Option<Vec<f64>>,
    /// Shanten of the hand left.
    pub shanten: i8,
    /// Probability of being ready within t draws.
    pub tenpai: Vec<f64>,
    /// The tile discarded.
    #[serde(serialize_with = "tile_name")]
    pub tile: Tile,
    /// Probability of winning within t draws.
    pub win: Vec<f64>,
}

impl EvDiscard {
    /// The answer for one analysed discard.
    pub fn new(d: &ev::DiscardEv) -> EvDiscard {
        EvDiscard {
            draws: d.draws.iter().map(EvDraw::new).collect(),
            effective: TileCount::list(&d.effective),
            score: d.score.clone(),
            shanten: d.shanten,
            tenpai: d.tenpai.clone(),
            tile: d.tile,
            win: d.win.clone(),
        }
    }
}

/// A discard-EV analysis: `{"discards", "hand", "shanten", "states",
/// "turns"}` (`hupai analyze`), best discard first.
///
/// ```
/// use hupai::{answer, ev, Hand, Rules, Tables};
/// let hand: Hand = "123m456p789s11455z".parse().unwrap();
/// let options = ev::Options { turns: 3, ..ev::Options::default() };
/// let analysis = ev::analyze(Tables::embedded(), &hand, &Rules::RIICHI, &options).unwrap();
/// let a = answer::Analysis::new(&hand, &analysis, None);
/// assert_eq!((a.turns, a.discards[0].tile.to_string()), (3, "4z".to_string()));
/// let json = serde_json::to_string(&a).unwrap();
/// let tail = format!(r#""hand":"123m456p789s11455z","shanten":0,"states":{},"turns":3}}"#, a.states);
/// assert!(json.ends_with(&tail));
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Analysis {
    /// Every distinct discard, best first.
    pub discards: Vec<EvDiscard>,
    /// The hand in mpsz.
    pub hand: String,
    /// The hand's jokers, when it has jokers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub jokers: Option<usize>,
    /// Shanten of the hand analysed.
    pub shanten: i8,
    /// States (3n+1 hands) in the graph.
    pub states: usize,
    /// Draws left, T.
    pub turns: usize,
}

impl Analysis {
    /// The answer for `hand` and its analysis.
    pub fn new(hand: &Hand, a: &ev::Analysis, jokers: Option<usize>) -> Analysis {
        Analysis {
            discards: a.discards.iter().map(EvDiscard::new).collect(),
            hand: hand.to_string(),
            jokers,
            shanten: a.shanten,
            states: a.states,
            turns: a.turns,
        }
    }
}
