//! The answers to the table engine's questions: hu, waits, shanten,
//! effective tiles, discard tables, arrangements.
use super::*;

/// Whether a hand is complete: `{"hand", "win"}` (`hupai check`).
///
/// ```
/// use hupai::{answer, Hand};
/// let hand: Hand = "123m456p789s17777z".parse().unwrap();
/// let json = serde_json::to_string(&answer::Check::new(&hand, true, Some(4))).unwrap();
/// assert_eq!(json, r#"{"hand":"123m456p789s17777z","jokers":4,"win":true}"#);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Check {
    /// The hand in mpsz.
    pub hand: String,
    /// The hand's jokers, when it has jokers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub jokers: Option<usize>,
    /// Whether the hand is complete.
    pub win: bool,
}

impl Check {
    /// The answer for `hand`, with its joker count when it has jokers.
    pub fn new(hand: &Hand, win: bool, jokers: Option<usize>) -> Check {
        Check {
            hand: hand.to_string(),
            jokers,
            win,
        }
    }
}

/// The waits of a hand: `{"exhausted", "hand", "waits"}` (`hupai waits`).
///
/// ```
/// use hupai::{answer, Hand, Rules, Tables};
/// let hand: Hand = "1234444678m456p".parse().unwrap();
/// let waits = Tables::embedded().waits(&hand, &Rules::GENERIC).unwrap();
/// let json = serde_json::to_string(&answer::Waits::new(&hand, &waits, None)).unwrap();
/// assert_eq!(json, r#"{"exhausted":["4m"],"hand":"1234444678m456p","waits":["1m"]}"#);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Waits {
    /// Waits whose four copies the hand holds, in tile order.
    #[serde(serialize_with = "tile_names")]
    pub exhausted: TileSet,
    /// The hand in mpsz.
    pub hand: String,
    /// The hand's jokers, when it has jokers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub jokers: Option<usize>,
    /// Waits with a copy left outside the hand, in tile order.
    #[serde(serialize_with = "tile_names")]
    pub waits: TileSet,
}

impl Waits {
    /// The answer for `hand` and its waits.
    pub fn new(hand: &Hand, waits: &crate::Waits, jokers: Option<usize>) -> Waits {
        Waits {
            exhausted: waits.exhausted,
            hand: hand.to_string(),
            jokers,
            waits: waits.live,
        }
    }
}

/// An effective tile and its unseen copies: `{"remaining", "tile"}`.
///
/// ```
/// use hupai::{answer::TileCount, Tile};
/// let c = TileCount { remaining: 3, tile: Tile::SOUTH };
/// assert_eq!(serde_json::to_string(&c).unwrap(), r#"{"remaining":3,"tile":"2z"}"#);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct TileCount {
    /// Copies not in the hand nor seen.
    pub remaining: u8,
    /// The tile.
    #[serde(serialize_with = "tile_name")]
    pub tile: Tile,
}

impl TileCount {
    /// The effective tiles of `e` with their unseen copies, in tile order.
    ///
    /// ```
    /// use hupai::{answer::TileCount, Hand, Rules, Tables, Tile};
    /// let hand: Hand = "123m456p789s1112z".parse().unwrap();
    /// let e = Tables::embedded().effective(&hand, &Rules::RIICHI, &[0; 34]).unwrap();
    /// assert_eq!(TileCount::all(&e), [TileCount { remaining: 3, tile: Tile::SOUTH }]);
    /// ```
    pub fn all(e: &engine::Effective) -> Vec<TileCount> {
        e.iter()
            .map(|(tile, remaining)| TileCount { remaining, tile })
            .collect()
    }

    /// Each `(tile, copies)` pair as a count.
    pub fn list(pairs: &[(Tile, u8)]) -> Vec<TileCount> {
        pairs
            .iter()
            .map(|&(tile, remaining)| TileCount { remaining, tile })
            .collect()
    }
}

/// The shanten of a 3n+1 hand and the draws that lower it: `{"effective",
/// "hand", "shanten", "total"}` (`hupai shanten`).
///
/// ```
/// use hupai::{answer, Hand, Rules, Tables};
/// let hand: Hand = "123m456p789s1112z".parse().unwrap();
/// let e = Tables::embedded().effective(&hand, &Rules::RIICHI, &[0; 34]).unwrap();
/// let json = serde_json::to_string(&answer::Effective::new(&hand, &e, None)).unwrap();
/// assert_eq!(
///     json,
///     r#"{"effective":[{"remaining":3,"tile":"2z"}],"hand":"123m456p789s1112z","shanten":0,"total":3}"#
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Effective {
    /// The draws that lower the shanten, in tile order.
    pub effective: Vec<TileCount>,
    /// The hand in mpsz.
    pub hand: String,
    /// The hand's jokers, when it has jokers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub jokers: Option<usize>,
    /// The hand's shanten (−1 complete, 0 ready).
    pub shanten: i8,
    /// Unseen copies of all the effective draws together.
    pub total: u32,
}

impl Effective {
    /// The answer for `hand` and its effective tiles.
    pub fn new(hand: &Hand, e: &engine::Effective, jokers: Option<usize>) -> Effective {
        Effective {
            effective: TileCount::all(e),
            hand: hand.to_string(),
            jokers,
            shanten: e.shanten(),
            total: e.total(),
        }
    }
}

/// One row of a discard table: `{"effective", "shanten", "tile", "total"}`.
///
/// ```
/// use hupai::{answer::DiscardRow, Hand, Rules, Tables};
/// let hand: Hand = "123m456p789s11125z".parse().unwrap();
/// let table = Tables::embedded().discards(&hand, &Rules::RIICHI, &[0; 34]).unwrap();
/// let (tile, e) = table.iter().next().unwrap();
/// let json = serde_json::to_string(&DiscardRow::new(tile, &e)).unwrap();
/// assert_eq!(json, r#"{"effective":[{"remaining":3,"tile":"5z"}],"shanten":0,"tile":"2z","total":3}"#);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DiscardRow {
    /// The draws that then lower the shanten, in tile order.
    pub effective: Vec<TileCount>,
    /// The shanten after the discard.
    pub shanten: i8,
    /// The discard.
    #[serde(serialize_with = "tile_name")]
    pub tile: Tile,
    /// Unseen copies of all the effective draws together.
    pub total: u32,
}

impl DiscardRow {
    /// The row of discard `tile`, leaving a hand with effective tiles `e`.
    pub fn new(tile: Tile, e: &engine::Effective) -> DiscardRow {
        DiscardRow {
            effective: TileCount::all(e),
            shanten: e.shanten(),
            tile,
            total: e.total(),
        }
    }
}

/// The discard table of a 3n+2 hand: `{"discards", "hand", "shanten"}`
/// (`hupai shanten`), the rows in the table's order.
///
/// ```
/// use hupai::{answer, Hand, Rules, Tables};
/// let hand: Hand = "123m456p789s11125z".parse().unwrap();
/// let table = Tables::embedded().discards(&hand, &Rules::RIICHI, &[0; 34]).unwrap();
/// let a = answer::Discards::new(&hand, &table, None);
/// assert_eq!((a.shanten, a.discards.len()), (0, 2));
/// let json = serde_json::to_string(&a).unwrap();
/// assert!(json.starts_with(r#"{"discards":[{"effective":[{"remaining":3,"tile":"5z"}],"#));
/// assert!(json.ends_with(r#""hand":"123m456p789s11125z","shanten":0}"#));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Discards {
    /// Each discard that keeps the best shanten, most effective copies first.
    pub discards: Vec<DiscardRow>,
    /// The hand in mpsz.
    pub hand: String,
    /// The hand's jokers, when it has jokers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub jokers: Option<usize>,
    /// The hand's shanten (before the discard).
    pub shanten: i8,
}

impl Discards {
    /// The answer for `hand` and its discard table.
    pub fn new(hand: &Hand, table: &engine::Discards, jokers: Option<usize>) -> Discards {
        Discards {
            discards: table.iter().map(|(t, e)| DiscardRow::new(t, &e)).collect(),
            hand: hand.to_string(),
            jokers,
            shanten: table.shanten(),
        }
    }
}

/// `hupai shanten`'s answer, whichever the hand's size calls for: the
/// effective draws of a 3n+1 hand or the discard table of a 3n+2 hand,
/// written as that object alone.
///
/// ```
/// use hupai::{answer, Hand, Rules, Tables};
/// let hand: Hand = "123m456p789s1112z".parse().unwrap();
/// let u = Tables::embedded().ukeire(&hand, &Rules::RIICHI, &[0; 34]).unwrap();
/// let a = answer::Shanten::new(&hand, &u, None);
/// assert!(matches!(a, answer::Shanten::Draw(_)));
/// let json = serde_json::to_string(&a).unwrap();
/// assert!(json.starts_with(r#"{"effective":[{"remaining":3,"tile":"2z"}]"#));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Shanten {
    /// A 3n+1 hand.
    Draw(Effective),
    /// A 3n+2 hand.
    Discard(Discards),
}

impl Shanten {
    /// The answer for `hand` and its effective tiles or discard table.
    pub fn new(hand: &Hand, u: &Ukeire, jokers: Option<usize>) -> Shanten {
        match u {
            Ukeire::Draw(e) => Shanten::Draw(Effective::new(hand, e, jokers)),
            Ukeire::Discard(d) => Shanten::Discard(Discards::new(hand, d, jokers)),
        }
    }
}

/// Every arrangement of a hand: `{"arrangements", "count", "forms",
/// "hand"}` (`hupai arrange`); `arrangements[i]` has form `forms[i]`.
///
/// ```
/// use hupai::{answer, Hand, Rules, Tables};
/// let hand: Hand = "123m456p789s11122z".parse().unwrap();
/// let all = Tables::embedded().arrangements(&hand, &Rules::GENERIC);
/// let json = serde_json::to_string(&answer::Arrangements::new(&hand, &all)).unwrap();
/// assert_eq!(
///     json,
///     r#"{"arrangements":[["123m","456p","789s","111z","22z"]],"count":1,"forms":["standard"],"hand":"123m456p789s11122z"}"#
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Arrangements {
    /// Each arrangement's groups in mpsz, in the library's order.
    pub arrangements: Vec<Vec<String>>,
    /// How many arrangements (0: not complete).
    pub count: usize,
    /// Each arrangement's form, written by [`form_name`].
    #[serde(serialize_with = "form_names")]
    pub forms: Vec<Form>,
    /// The hand in mpsz.
    pub hand: String,
    /// The hand's jokers, when it has jokers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub jokers: Option<usize>,
}

impl Arrangements {
    /// The answer for `hand` and its arrangements.
    pub fn new(hand: &Hand, all: &[Arrangement]) -> Arrangements {
        Arrangements {
            arrangements: all.iter().map(group_names).collect(),
            count: all.len(),
            forms: all.iter().map(Arrangement::form).collect(),
            hand: hand.to_string(),
            jokers: None,
        }
    }

    /// The answer for `hand`, its `jokers` and its arrangements with them
    /// (groups written by [`joker_group_names`]).
    ///
    /// ```
    /// use hupai::{answer, Hand, Rules, Tables};
    /// let hand: Hand = "123m456p789s11z".parse().unwrap();
    /// let all = Tables::embedded().arrangements_jokers(&hand, 3, &Rules::GENERIC);
    /// let a = answer::Arrangements::with_jokers(&hand, &all, 3);
    /// assert_eq!((a.count, a.jokers), (all.len(), Some(3)));
    /// assert!(serde_json::to_string(&a).unwrap().ends_with(r#""hand":"123m456p789s11z","jokers":3}"#));
    /// ```
    pub fn with_jokers(hand: &Hand, all: &[JokerArrangement], jokers: usize) -> Arrangements {
        Arrangements {
            arrangements: all.iter().map(joker_group_names).collect(),
            count: all.len(),
            forms: all.iter().map(|a| a.form).collect(),
            hand: hand.to_string(),
            jokers: Some(jokers),
        }
    }
}
