//! Answers as typed values: the JSON objects `hupai … --json` prints, one
//! type per answer.
//!
//! Each type derives [`serde::Serialize`] and is built by its constructor
//! from the library's own answer ([`Waits`](crate::Waits), [`Ukeire`],
//! [`mcr::Score`], [`riichi::Score`], [`ev::Analysis`], …) and the hand it
//! answers. The command line and the web page write their JSON from these
//! types, so the two agree field for field; the Python package's Sichuan
//! score writes [`SichuanScore`] too, and a Sichuan settlement serialises
//! itself ([`sichuan::Settlement`]).
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
use crate::{ev, mcr, riichi, sichuan};
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

mod analysis;
mod queries;
mod scores;

pub use analysis::{Analysis, EvDiscard, EvDraw};
pub use queries::{
    Arrangements, Check, DiscardRow, Discards, Effective, Shanten, TileCount, Waits,
};
pub use scores::{
    McrFan, McrScore, RiichiCost, RiichiFu, RiichiScore, RiichiYaku, SichuanFan, SichuanPayments,
    SichuanScore,
};

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
/// use hupai::Tables;
/// let info = Tables::embedded().info().remove(0);
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
    /// The description of table file `f`, named `file`
    /// ([`Tables::info`](crate::Tables::info) describes a whole set).
    pub(crate) fn new<B: AsRef<[u8]>>(file: &str, f: &TableFile<B>) -> TableInfo {
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
        let (real, jokers) = spec.split(&jokered, &Rules::GENERIC).unwrap();
        let all = t.arrangements_jokers(&real, jokers, &Rules::GENERIC);
        assert!(all.len() > 1);
        let json = same_both_ways(&Arrangements::with_jokers(&jokered, &all, 3));
        assert!(
            json.contains(r#"["123m","456p","789s","11z","JJJ"]"#),
            "{json}"
        );
        same_both_ways(&Failure::new("x", "bad"));
        for info in t.info() {
            assert!(!info.sections.is_empty(), "{}", info.file);
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
