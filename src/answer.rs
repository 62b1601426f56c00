//! Answers as typed values: the JSON objects `hupai … --json` prints, one
//! type per answer.
//!
//! Each type derives [`serde::Serialize`] and is built by its constructor
//! from the library's own answer ([`Waits`](crate::Waits), [`Ukeire`],
//! [`mcr::Score`], [`riichi::Score`], [`ev::Analysis`], …) and the hand it
//! answers. The command line and the web page write their JSON from these
//! types, so the two agree field for field. The Sichuan score and
//! settlement serialise themselves
//! ([`sichuan::Score::to_json`](crate::sichuan::Score::to_json),
//! [`sichuan::Settlement`](crate::sichuan::Settlement)), for the command
//! line, the page and the Python package alike.
//!
//! The fields are declared in alphabetical order, the order in which
//! `serde_json` writes an object's keys: serialising a value directly or
//! through a [`serde_json::Value`] gives the same bytes. Tiles are written
//! as their `mpsz` names (`"5p"`), absent optional fields as `null`, except
//! `jokers`, which is only written for a hand with jokers.
//!
//! ```
//! use hupai::{answer, Hand, Rules, Tables};
//!
//! let hand: Hand = "123m456p789s11122z".parse().unwrap();
//! let win = Tables::embedded().is_win(&hand, &Rules::GENERIC);
//! let json = serde_json::to_string(&answer::Check::new(&hand, win, None)).unwrap();
//! assert_eq!(json, r#"{"hand":"123m456p789s11122z","win":true}"#);
//! ```

use crate::arrangement::{Arrangement, Form};
use crate::engine::jokers::JokerArrangement;
use crate::engine::{self, Ukeire};
use crate::hand::Hand;
use crate::notation::format_mpsz_with_last;
use crate::table::TableFile;
use crate::tile::Tile;
use crate::tileset::TileSet;
use crate::{ev, mcr, riichi};
use serde::{Serialize, Serializer};

/// A tile written as its mpsz name, inside a list.
struct Name(Tile);

impl Serialize for Name {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&self.0)
    }
}

fn tile_name<S: Serializer>(t: &Tile, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(t)
}

fn optional_tile_name<S: Serializer>(t: &Option<Tile>, s: S) -> Result<S::Ok, S::Error> {
    match t {
        Some(t) => s.collect_str(t),
        None => s.serialize_none(),
    }
}

fn tile_names<S: Serializer>(set: &TileSet, s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(set.iter().map(Name))
}

fn form_names<S: Serializer>(forms: &[Form], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(forms.iter().map(|&f| form_name(f)))
}

/// The form's name in answers: `standard`, `seven pairs`, `thirteen
/// orphans`, `seven shifted pairs`, `honors and knitted` or `knitted
/// straight`.
///
/// ```
/// use hupai::{answer, Form};
/// assert_eq!(answer::form_name(Form::SevenPairs), "seven pairs");
/// ```
pub fn form_name(f: Form) -> &'static str {
    match f {
        Form::Standard => "standard",
        Form::SevenPairs => "seven pairs",
        Form::ThirteenOrphans => "thirteen orphans",
        Form::SevenShiftedPairs => "seven shifted pairs",
        Form::HonorsAndKnitted => "honors and knitted",
        Form::KnittedStraight => "knitted straight",
    }
}

/// The groups of an arrangement in mpsz (`["123m", "22z"]`).
///
/// ```
/// use hupai::{answer, Hand, Rules, Tables};
/// let hand: Hand = "123m456p789s11122z".parse().unwrap();
/// let all = Tables::embedded().arrangements(&hand, &Rules::GENERIC);
/// assert_eq!(answer::group_names(&all[0]), ["123m", "456p", "789s", "111z", "22z"]);
/// ```
pub fn group_names(a: &Arrangement) -> Vec<String> {
    a.groups().iter().map(|g| g.to_string()).collect()
}

/// The groups of an arrangement with jokers: each group with its jokers
/// marked (`12*3m`: the joker stands for 2m), then the groups of jokers
/// only (`JJJ`, `JJ`).
///
/// ```
/// use hupai::{answer, Hand, Rules, Tables};
/// let hand: Hand = "123m456p789s11z".parse().unwrap();
/// let all = Tables::embedded().arrangements_jokers(&hand, 3, &Rules::GENERIC);
/// let named: Vec<Vec<String>> = all.iter().map(answer::joker_group_names).collect();
/// assert!(named.contains(&vec!["123m".into(), "456p".into(), "789s".into(), "11z".into(), "JJJ".into()]));
/// ```
pub fn joker_group_names(a: &JokerArrangement) -> Vec<String> {
    let free = a.free.to_string();
    a.groups
        .iter()
        .map(|g| g.to_string())
        .chain(free.split_whitespace().map(String::from))
        .collect()
}

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

/// One fan of an MCR score: `{"chinese", "count", "name", "points"}`.
///
/// ```
/// use hupai::answer::McrFan;
/// let f = McrFan { chinese: "单钓将", count: 1, name: "Single Wait", points: 1 };
/// assert_eq!(
///     serde_json::to_string(&f).unwrap(),
///     r#"{"chinese":"单钓将","count":1,"name":"Single Wait","points":1}"#
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct McrFan {
    /// The Chinese name.
    pub chinese: &'static str,
    /// Times counted.
    pub count: u8,
    /// The English name (docs/rules/mcr.md).
    pub name: &'static str,
    /// Points of one occurrence.
    pub points: u8,
}

/// An MCR score: `{"arrangement", "fans", "hand", "legal", "total",
/// "win_tile"}` (`hupai score`).
///
/// ```
/// use hupai::{answer, mcr, Notation, Tables};
/// let input = mcr::ScoringInput::parse("[EEE][SSSS1]55pWWWNNN --self-drawn", Notation::Mcr).unwrap();
/// let score = mcr::score(&input, Tables::embedded()).unwrap();
/// let a = answer::McrScore::new(&input, &score);
/// assert_eq!((a.total, a.fans[0].name), (98, "Big Four Winds"));
/// let json = serde_json::to_string(&a).unwrap();
/// assert!(json.contains(r#""legal":true,"total":98,"#));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct McrScore {
    /// The arrangement scored (`123m 456p …`).
    pub arrangement: String,
    /// The fans counted, in rule-table order.
    pub fans: Vec<McrFan>,
    /// The hand in mpsz, the winning tile last.
    pub hand: String,
    /// At least 8 points without flowers.
    pub legal: bool,
    /// Points, flowers included on a legal win.
    pub total: u32,
    /// The winning tile.
    #[serde(serialize_with = "tile_name")]
    pub win_tile: Tile,
}

impl McrScore {
    /// The answer for a scored input.
    pub fn new(input: &mcr::ScoringInput, score: &mcr::Score) -> McrScore {
        McrScore {
            arrangement: score.arrangement.to_string(),
            fans: score
                .fans
                .iter()
                .map(|f| McrFan {
                    chinese: f.fan.chinese(),
                    count: f.count,
                    name: f.fan.name(),
                    points: f.points,
                })
                .collect(),
            hand: format_mpsz_with_last(input.hand()),
            legal: score.legal,
            total: score.total,
            win_tile: input.win_tile(),
        }
    }
}

/// The payments of a riichi score: `{"additional", "main", "total"}`.
///
/// ```
/// use hupai::answer::RiichiCost;
/// let c = RiichiCost { additional: 2000, main: 4000, total: 8000 };
/// assert_eq!(serde_json::to_string(&c).unwrap(), r#"{"additional":2000,"main":4000,"total":8000}"#);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct RiichiCost {
    /// Each non-dealer's payment on a tsumo (0 on a ron), honba not included.
    pub additional: u32,
    /// The main payment, honba not included.
    pub main: u32,
    /// Everything the winner receives.
    pub total: u32,
}

/// One fu of a riichi score and its reason: `{"fu", "reason"}`.
///
/// ```
/// use hupai::answer::RiichiFu;
/// let f = RiichiFu { fu: 20, reason: "base" };
/// assert_eq!(serde_json::to_string(&f).unwrap(), r#"{"fu":20,"reason":"base"}"#);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct RiichiFu {
    /// The fu.
    pub fu: u8,
    /// Why (`base`, `closed_ron`, …).
    pub reason: &'static str,
}

/// One yaku (or dora) of a riichi score: `{"han", "japanese", "name"}`.
///
/// ```
/// use hupai::answer::RiichiYaku;
/// let y = RiichiYaku { han: 1, japanese: "立直", name: "Riichi" };
/// assert_eq!(serde_json::to_string(&y).unwrap(), r#"{"han":1,"japanese":"立直","name":"Riichi"}"#);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct RiichiYaku {
    /// Its han.
    pub han: u8,
    /// The Japanese name.
    pub japanese: &'static str,
    /// The English name.
    pub name: &'static str,
}

/// A riichi score: `{"arrangement", "cost", "fu", "fu_details", "han",
/// "hand", "legal", "limit", "win_tile", "yaku", "yakuman"}`, and `"reason"`
/// when the hand may not be won (`hupai score --rules riichi`).
///
/// ```
/// use hupai::{answer, riichi, Notation, Tables};
/// let line = "[777z1]234m567p789s9s9s --seat S --dora 6z";
/// let input = riichi::ScoringInput::parse(line, Notation::Mpsz).unwrap();
/// let score = riichi::score(&input, Tables::embedded()).unwrap();
/// let a = answer::RiichiScore::new(&input, &score);
/// assert_eq!((a.han, a.fu, a.cost.total, a.reason), (4, 30, 7700, None));
/// let json = serde_json::to_string(&a).unwrap();
/// assert!(json.contains(r#""cost":{"additional":0,"main":7700,"total":7700},"fu":30,"#));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RiichiScore {
    /// The reading scored (`123m 456p …`).
    pub arrangement: String,
    /// The payments.
    pub cost: RiichiCost,
    /// Fu (0 for thirteen orphans, 25 for seven pairs).
    pub fu: u32,
    /// The fu and their reasons.
    pub fu_details: Vec<RiichiFu>,
    /// Han, dora included (13 per yakuman).
    pub han: u32,
    /// The hand in mpsz, the winning tile last.
    pub hand: String,
    /// False when the hand has no yaku.
    pub legal: bool,
    /// The limit reached (`mangan` … `yakuman`), or `null`.
    pub limit: Option<&'static str>,
    /// Why the hand may not be won; written only then.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<&'static str>,
    /// The winning tile.
    #[serde(serialize_with = "tile_name")]
    pub win_tile: Tile,
    /// The yaku and dora with their han.
    pub yaku: Vec<RiichiYaku>,
    /// Yakuman multiple paid (0 below yakuman).
    pub yakuman: u32,
}

impl RiichiScore {
    /// The answer for a scored input.
    pub fn new(input: &riichi::ScoringInput, score: &riichi::Score) -> RiichiScore {
        let c = &score.cost;
        RiichiScore {
            arrangement: score.arrangement.to_string(),
            cost: RiichiCost {
                additional: c.additional,
                main: c.main,
                total: c.total,
            },
            fu: score.fu,
            fu_details: score
                .fu_details
                .as_slice()
                .iter()
                .map(|&(r, fu)| RiichiFu {
                    fu,
                    reason: r.name(),
                })
                .collect(),
            han: score.han,
            hand: format_mpsz_with_last(input.hand()),
            legal: score.legal,
            limit: c.limit.map(|l| l.name()),
            reason: score.reason(),
            win_tile: input.win_tile(),
            yaku: score
                .yaku
                .as_slice()
                .iter()
                .map(|&(y, han)| RiichiYaku {
                    han,
                    japanese: y.japanese(),
                    name: y.name(),
                })
                .collect(),
            yakuman: c.yakuman,
        }
    }
}

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

/// A hand that got no answer, and why: `{"error", "hand"}` (the error line
/// of a `--json` batch).
///
/// ```
/// use hupai::answer::Failure;
/// let f = Failure::new("123m4x", "unexpected character 'x' at position 6");
/// assert_eq!(
///     serde_json::to_string(&f).unwrap(),
///     r#"{"error":"unexpected character 'x' at position 6","hand":"123m4x"}"#
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Failure {
    /// Why, in words.
    pub error: String,
    /// The input as given (or as much of it as is shown).
    pub hand: String,
}

impl Failure {
    /// The failure of `hand` with `error`.
    pub fn new(hand: impl Into<String>, error: impl Into<String>) -> Failure {
        Failure {
            error: error.into(),
            hand: hand.into(),
        }
    }
}

/// One section of a table file: `{"bytes", "name"}`.
///
/// ```
/// use hupai::answer::TableSection;
/// let s = TableSection { bytes: 4096, name: "keys".into() };
/// assert_eq!(serde_json::to_string(&s).unwrap(), r#"{"bytes":4096,"name":"keys"}"#);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TableSection {
    /// Its length in bytes.
    pub bytes: usize,
    /// Its name.
    pub name: String,
}

/// A table file described: `{"bytes", "checksum", "file", "kind",
/// "sections"}` (`hupai tables info`).
///
/// ```
/// use hupai::{answer::TableInfo, Tables};
/// let (name, file) = Tables::embedded().files().next().unwrap();
/// let info = TableInfo::new(name, file);
/// assert_eq!((info.file.as_str(), info.kind.as_str()), ("hu.tbl", "hu"));
/// assert_eq!(info.checksum.len(), 16);
/// let json = serde_json::to_string(&info).unwrap();
/// assert!(json.starts_with(&format!(r#"{{"bytes":{},"checksum":""#, info.bytes)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TableInfo {
    /// The file's length in bytes.
    pub bytes: usize,
    /// The checksum its header records, 16 hex digits.
    pub checksum: String,
    /// The file's name.
    pub file: String,
    /// The kind its header names.
    pub kind: String,
    /// Its sections, in file order.
    pub sections: Vec<TableSection>,
}

impl TableInfo {
    /// The description of table file `f`, named `file`.
    pub fn new<B: AsRef<[u8]>>(file: &str, f: &TableFile<B>) -> TableInfo {
        TableInfo {
            bytes: f.bytes().len(),
            checksum: format!("{:016x}", f.recorded_checksum()),
            file: file.to_string(),
            kind: f.kind().to_string(),
            sections: f
                .sections()
                .map(|(name, bytes)| TableSection {
                    bytes,
                    name: name.to_string(),
                })
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Jokers, Notation, Rules, Tables};

    /// Written directly and through a `serde_json::Value` (whose objects
    /// sort their keys), the same bytes: the fields are in key order.
    fn same_both_ways<T: Serialize>(answer: &T) -> String {
        let direct = serde_json::to_string(answer).unwrap();
        let through = serde_json::to_value(answer).unwrap().to_string();
        assert_eq!(direct, through);
        direct
    }

    fn hand(s: &str) -> Hand {
        s.parse().unwrap()
    }

    #[test]
    fn every_answer_writes_its_keys_in_order() {
        let t = Tables::embedded();
        let h = hand("1234444678m456p");
        let w = t.waits(&h, &Rules::GENERIC).unwrap();
        same_both_ways(&Waits::new(&h, &w, Some(1)));
        same_both_ways(&Check::new(&h, false, Some(2)));
        let ready = hand("123m456p789s1112z");
        let u = t.ukeire(&ready, &Rules::RIICHI, &[0; 34]).unwrap();
        same_both_ways(&Shanten::new(&ready, &u, Some(0)));
        let drawn = hand("123m456p789s11125z");
        let u = t.ukeire(&drawn, &Rules::RIICHI, &[0; 34]).unwrap();
        let json = same_both_ways(&Shanten::new(&drawn, &u, Some(1)));
        assert!(json.contains(r#""jokers":1,"shanten":0}"#), "{json}");
        let complete = hand("11112222333344m");
        let all = t.arrangements(&complete, &Rules::GENERIC);
        let a = Arrangements::new(&complete, &all);
        assert_eq!(a.count, 4);
        same_both_ways(&a);
        let spec = Jokers {
            extra: 3,
            tile: None,
        };
        let jokered = hand("123m456p789s11z");
        let all = t
            .arrangements_with(&jokered, &spec, &Rules::GENERIC)
            .unwrap();
        assert!(all.len() > 1);
        let json = same_both_ways(&Arrangements::with_jokers(&jokered, &all, 3));
        assert!(
            json.contains(r#"["123m","456p","789s","11z","JJJ"]"#),
            "{json}"
        );
        same_both_ways(&Failure::new("x", "bad"));
        for (name, file) in t.files() {
            let info = TableInfo::new(name, file);
            assert!(!info.sections.is_empty(), "{name}");
            same_both_ways(&info);
        }
    }

    #[test]
    fn scores_write_their_keys_in_order() {
        let t = Tables::embedded();
        let input =
            mcr::ScoringInput::parse("123m456p789s1112z2z --flowers 2", Notation::Mpsz).unwrap();
        let json = same_both_ways(&McrScore::new(&input, &mcr::score(&input, t).unwrap()));
        assert!(json.contains(r#"{"chinese":"花牌","count":2,"name":"Flower Tiles","points":1}"#));
        let input = riichi::ScoringInput::parse("[123m]456m789p2355s4s", Notation::Mpsz).unwrap();
        let score = riichi::score(&input, t).unwrap();
        let json = same_both_ways(&RiichiScore::new(&input, &score));
        assert!(
            json.contains(r#""limit":null,"reason":"no yaku: "#),
            "{json}"
        );
        let input =
            riichi::ScoringInput::parse("234m567m99s345p23p1p --riichi", Notation::Mpsz).unwrap();
        let score = riichi::score(&input, t).unwrap();
        let json = same_both_ways(&RiichiScore::new(&input, &score));
        let value = score.to_json(&input);
        assert!(score.legal && value.get("reason").is_none(), "{json}");
        assert_eq!(value.to_string(), json);
    }

    #[test]
    fn an_analysis_writes_its_keys_and_draws_in_order() {
        let h = hand("123m456p789s11455z");
        let options = ev::Options {
            turns: 2,
            ..ev::Options::default()
        };
        let a = ev::analyze(Tables::embedded(), &h, &Rules::RIICHI, &options).unwrap();
        assert!(a.discards.iter().any(|d| !d.draws.is_empty()));
        let json = same_both_ways(&Analysis::new(&h, &a, Some(0)));
        assert!(json.contains(r#""draws":[{"discard":"#), "{json}");
    }
}
