//! The MCR and riichi scores.
use super::*;

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

/// One fan of a Sichuan score.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SichuanFan {
    /// The fan's Chinese name.
    pub chinese: &'static str,
    /// How many times it counts (roots: one per kind).
    pub count: u8,
    /// Worth of one count under the options.
    pub fan: u8,
    /// The fan's English name.
    pub name: &'static str,
}

/// Who pays a Sichuan win and how much.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SichuanPayments {
    /// What each pays, in base.
    pub each: u32,
    /// How many players pay.
    pub payers: u8,
    /// payers × each.
    pub total: u32,
}

/// `hupai score --rules sichuan --json`: the fans, the value, who pays.
///
/// ```
/// use hupai::sichuan::{self, ScoringInput};
/// use hupai::{answer, Notation, Tables};
/// let i = ScoringInput::parse("11223344556677m", Notation::Mpsz).unwrap();
/// let a = answer::SichuanScore::new(&i, &sichuan::score(&i, Tables::embedded()));
/// assert_eq!((a.fan, a.value, a.payments.total), (4, 8, 8));
/// assert_eq!(a.fans[0].name, "Seven Pairs");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SichuanScore {
    /// The reading scored, or `null`.
    pub arrangement: Option<String>,
    /// The cap in fan (`null` for none).
    pub cap: Option<u8>,
    /// The fan, uncapped.
    pub fan: u32,
    /// The fans of the best reading, in table order.
    pub fans: Vec<SichuanFan>,
    /// The hand in mpsz, the winning tile last.
    pub hand: String,
    /// Traditional names of the sum (Chinese).
    pub labels: Vec<&'static str>,
    /// Whether the hand is a win.
    pub legal: bool,
    /// Who pays.
    pub payments: SichuanPayments,
    /// Why the hand is not a win; written only then.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// 2^min(fan, cap) base.
    pub value: u32,
    /// The winning tile, or `null`.
    pub win_tile: Option<String>,
}

impl SichuanScore {
    /// The answer for a scored input.
    pub fn new(input: &sichuan::ScoringInput, score: &sichuan::Score) -> SichuanScore {
        let p = &score.payments;
        SichuanScore {
            arrangement: score.arrangement.as_ref().map(|a| a.to_string()),
            cap: score.cap,
            fan: score.fan,
            fans: score
                .fans
                .as_slice()
                .iter()
                .map(|e| SichuanFan {
                    chinese: e.fan.chinese(),
                    count: e.count,
                    fan: e.worth,
                    name: e.fan.name(),
                })
                .collect(),
            hand: format_mpsz_with_last(input.hand()),
            labels: score.labels.iter().map(|l| l.chinese()).collect(),
            legal: score.legal,
            payments: SichuanPayments {
                each: p.each,
                payers: p.payers,
                total: p.total,
            },
            reason: score.reason.map(|r| r.to_string()),
            value: score.value,
            win_tile: input.win_tile().map(|t| t.to_string()),
        }
    }
}
