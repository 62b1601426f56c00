//! Scoring: every arrangement of the hand from the table engine (seven pairs
//! and standard), the fans of each, the best kept; then the value with the
//! cap and who pays.

use super::fans::{Fan, FanList, Label, Labels};
use super::options::{ChaJiaoRoots, DianGangHua, FlushStacks, Options, SelfDraw, TianDiHu};
use super::situation::{ScoringInput, Settings};
use crate::arrangement::{Arrangement, Form, GroupKind};
use crate::engine::Arrangements;
use crate::hand::{Hand, MeldKind};
use crate::rules::Rules;
use crate::table::Tables;
use crate::tile::{Suit, Tile, KINDS};
use serde::Serialize;
use std::fmt;

/// Why a hand is not a win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// Tiles of all three suits (花猪).
    ThreeSuits,
    /// Tiles of the declared void suit.
    VoidSuit(Suit),
    /// Not four sets and a pair, nor seven pairs.
    NotComplete,
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::ThreeSuits => f.write_str("three suits (花猪): a win holds at most two"),
            Reason::VoidSuit(s) => write!(f, "holds the void suit {}", s.letter()),
            Reason::NotComplete => {
                f.write_str("not complete: neither four sets and a pair nor seven pairs")
            }
        }
    }
}

impl Serialize for Reason {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// Who pays a win and how much.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct Payments {
    /// How many players pay.
    pub payers: u8,
    /// What each pays, in base.
    pub each: u32,
    /// payers × each.
    pub total: u32,
}

/// The score of a Sichuan hand.
///
/// ```
/// use hupai::sichuan::{self, Fan, ScoringInput};
/// use hupai::{Notation, Tables};
/// // Seven Pairs + Full Flush: 4 fan, capped at 3: 8 base from the discarder.
/// let i = ScoringInput::parse("11223344556677m", Notation::Mpsz).unwrap();
/// let s = sichuan::score(&i, Tables::embedded());
/// assert!(s.legal && s.fans.has(Fan::SevenPairs) && s.fans.has(Fan::FullFlush));
/// assert_eq!((s.fan, s.value, s.payments.total), (4, 8, 8));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Score {
    /// Whether the hand is a win.
    pub legal: bool,
    /// Why not, when it is not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<Reason>,
    /// The fans of the best reading.
    pub fans: FanList,
    /// Traditional names of the sum.
    pub labels: Labels,
    /// The fan, uncapped.
    pub fan: u32,
    /// The cap (null for none).
    pub cap: Option<u8>,
    /// 2^min(fan, cap) base.
    pub value: u32,
    /// Who pays.
    pub payments: Payments,
    /// The reading scored.
    #[serde(serialize_with = "ser_arrangement")]
    pub arrangement: Option<Arrangement>,
}

fn ser_arrangement<S: serde::Serializer>(a: &Option<Arrangement>, s: S) -> Result<S::Ok, S::Error> {
    match a {
        Some(a) => s.collect_str(a),
        None => s.serialize_none(),
    }
}

impl Score {
    fn illegal(reason: Reason, options: &Options) -> Score {
        Score {
            legal: false,
            reason: Some(reason),
            fans: FanList::default(),
            labels: Labels::default(),
            fan: 0,
            cap: options.cap,
            value: 0,
            payments: Payments::default(),
            arrangement: None,
        }
    }

    /// The JSON of the score with the hand and the winning tile, as `hupai
    /// score --rules sichuan --json` writes it
    /// ([`answer::SichuanScore`](crate::answer::SichuanScore)).
    ///
    /// ```
    /// use hupai::sichuan::{self, ScoringInput};
    /// use hupai::{Notation, Tables};
    /// let i = ScoringInput::parse("[2222m][555m2][888m1][333p3]99p --self-drawn", Notation::Mpsz).unwrap();
    /// let v = sichuan::score(&i, Tables::embedded()).to_json(&i);
    /// assert_eq!(v["win_tile"], "9p");
    /// assert_eq!(v["fans"][0]["name"], "All Pungs");
    /// assert_eq!(v["payments"]["payers"], 3);
    /// ```
    pub fn to_json(&self, input: &ScoringInput) -> serde_json::Value {
        serde_json::to_value(crate::answer::SichuanScore::new(input, self))
            .expect("an answer serialises")
    }
}

/// Score a hand with its settings.
pub fn score<B: AsRef<[u8]>>(input: &ScoringInput, tables: &Tables<B>) -> Score {
    let mut list = Arrangements::new();
    score_hand(input.hand(), &input.settings, tables, &mut list)
}

/// Score a hand with `settings`, reusing `list` for its arrangements (no
/// allocation per hand).
///
/// ```
/// use hupai::sichuan::{score_hand, Settings};
/// use hupai::{Arrangements, Hand, Tables};
/// let hand: Hand = "123m456m789m11p22p".parse().unwrap();
/// let s = score_hand(&hand, &Settings::default(), Tables::embedded(), &mut Arrangements::new());
/// assert!(!s.legal); // 22p is no set
/// ```
pub fn score_hand<B: AsRef<[u8]>>(
    hand: &Hand,
    settings: &Settings,
    tables: &Tables<B>,
    list: &mut Arrangements,
) -> Score {
    score_with_roots(hand, settings, tables, list, ChaJiaoRoots::All)
}

/// Numbered suits present, a bit per suit, and the ranks present (bit r).
fn suits_and_ranks(all: &[u8; KINDS]) -> (u8, u16) {
    let mut suits = 0u8;
    let mut ranks = 0u16;
    for (i, &c) in all[..27].iter().enumerate() {
        if c > 0 {
            suits |= 1 << (i / 9);
            ranks |= 1 << (i % 9 + 1);
        }
    }
    (suits, ranks)
}

pub(crate) fn score_with_roots<B: AsRef<[u8]>>(
    hand: &Hand,
    settings: &Settings,
    tables: &Tables<B>,
    list: &mut Arrangements,
    roots_mode: ChaJiaoRoots,
) -> Score {
    tables.arrange_into(hand, &Rules::SICHUAN, list);
    from_arrangements(hand, settings, list.as_slice(), roots_mode)
}

/// Score a hand from its arrangements under the Sichuan rules, however
/// found (the benchmarks feed it the recursive reference's).
///
/// ```
/// use hupai::sichuan::{score_arrangements, ScoringInput};
/// use hupai::{Notation, Rules, Tables};
/// let i = ScoringInput::parse("11223344556677m", Notation::Mpsz).unwrap();
/// let all = Tables::embedded().arrangements(i.hand(), &Rules::SICHUAN);
/// assert_eq!(score_arrangements(&i, &all).fan, 4);
/// ```
pub fn score_arrangements(input: &ScoringInput, all: &[Arrangement]) -> Score {
    from_arrangements(input.hand(), &input.settings, all, ChaJiaoRoots::All)
}

fn from_arrangements(
    hand: &Hand,
    settings: &Settings,
    arrangements: &[Arrangement],
    roots_mode: ChaJiaoRoots,
) -> Score {
    let o = &settings.options;
    let s = &settings.situation;
    let all = hand.all_counts();
    let (suits, ranks) = suits_and_ranks(&all);
    if suits.count_ones() > 2 {
        return Score::illegal(Reason::ThreeSuits, o);
    }
    if let Some(v) = s.void {
        if suits & (1 << v as u8) != 0 {
            return Score::illegal(Reason::VoidSuit(v), o);
        }
    }
    if arrangements.is_empty() {
        return Score::illegal(Reason::NotComplete, o);
    }
    // What holds across readings.
    let flush = suits.count_ones() == 1;
    const TERMINALS: u16 = 1 << 1 | 1 << 9;
    const JIANG: u16 = 1 << 2 | 1 << 5 | 1 << 8;
    let jiang_tiles = ranks & !JIANG == 0;
    let no_terminals = ranks & TERMINALS == 0;
    let declared_kong = |i: usize| hand.melds().any(|m| m.is_kong() && m.tile().index() == i);
    let roots = (0..27)
        .filter(|&i| all[i] == 4 && (roots_mode == ChaJiaoRoots::All || !declared_kong(i)))
        .count() as u8;
    let concealed = hand.melds().all(|m| m.kind() == MeldKind::ConcealedKong);
    let four_kongs = hand.meld_count() == 4 && hand.melds().all(|m| m.is_kong());

    let mut best: Option<(u32, FanList, Arrangement)> = None;
    for a in arrangements {
        let fans = reading(
            a,
            hand,
            settings,
            flush,
            jiang_tiles,
            no_terminals,
            roots,
            concealed,
        );
        let total = fans.total();
        if best.as_ref().is_none_or(|b| total > b.0) {
            best = Some((total, fans, *a));
        }
    }
    let (fan, fans, arrangement) = best.expect("at least one arrangement");
    let value = o.value(fan);
    let self_bonus = u32::from(o.self_draw == SelfDraw::Base);
    let payments = if s.self_drawn && !(s.fed_kong && o.dian_gang_hua == DianGangHua::Discard) {
        Payments {
            payers: s.payers,
            each: value + self_bonus,
            total: u32::from(s.payers) * (value + self_bonus),
        }
    } else {
        Payments {
            payers: 1,
            each: value,
            total: value,
        }
    };
    Score {
        legal: true,
        reason: None,
        labels: Label::of(&fans, four_kongs),
        fans,
        fan,
        cap: o.cap,
        value,
        payments,
        arrangement: Some(arrangement),
    }
}

/// The fans of one reading.
#[allow(clippy::too_many_arguments)]
#[inline]
fn reading(
    a: &Arrangement,
    hand: &Hand,
    settings: &Settings,
    flush: bool,
    jiang_tiles: bool,
    no_terminals: bool,
    roots: u8,
    concealed: bool,
) -> FanList {
    let o = &settings.options;
    let s = &settings.situation;
    let seven = a.form() == Form::SevenPairs;
    let groups = a.groups();
    let pungs = !seven
        && groups
            .iter()
            .all(|g| matches!(g.kind, GroupKind::Pair | GroupKind::Pung | GroupKind::Kong));
    let golden = pungs && hand.meld_count() == 4;
    let terminal = |t: Tile, kind: GroupKind| match kind {
        GroupKind::Chow => t.rank() == 1 || t.rank() == 7,
        _ => t.rank() == 1 || t.rank() == 9,
    };
    let yao_jiu = o.yao_jiu > 0 && !seven && groups.iter().all(|g| terminal(g.tile, g.kind));

    let mut fans = FanList::default();
    // The base patterns, and Full Flush with them.
    let shape = if seven {
        2
    } else {
        u32::from(pungs) + u32::from(golden)
    };
    // Under `flush-stacks max` the higher of the two stays (the shape on a tie).
    let (keep_shape, keep_flush) =
        if !flush || o.flush_stacks == FlushStacks::Additive || shape == 0 {
            (true, flush)
        } else {
            (shape >= 2, shape < 2)
        };
    if keep_shape {
        if pungs {
            fans.push(Fan::AllPungs, 1, 1);
        }
        if seven {
            fans.push(Fan::SevenPairs, 2, 1);
        }
    }
    if keep_flush {
        fans.push(Fan::FullFlush, 2, 1);
    }
    if keep_shape && golden {
        fans.push(Fan::GoldenHook, 1, 1);
    }
    fans.push(Fan::Root, 1, roots);
    if seven && roots > 0 && o.long_qi_dui == 4 {
        fans.push(Fan::DragonSevenPairs, 1, 1);
    }
    if o.jiang && (pungs || seven) && jiang_tiles {
        fans.push(Fan::AllTwoFiveEight, 2, 1);
    }
    if yao_jiu {
        fans.push(Fan::TerminalsInAllSets, o.yao_jiu, 1);
    }
    if o.men_qing && concealed {
        fans.push(Fan::ConcealedHand, 1, 1);
    }
    if o.zhong_zhang && no_terminals {
        fans.push(Fan::AllSimples, 1, 1);
    }
    if s.self_drawn && o.self_draw == SelfDraw::Fan {
        fans.push(Fan::SelfDrawn, 1, 1);
    }
    fans.push(Fan::WinAfterKong, 1, u8::from(s.kong && s.self_drawn));
    fans.push(
        Fan::ShootAfterKong,
        1,
        u8::from(s.after_kong && !s.self_drawn),
    );
    fans.push(Fan::RobbingTheKong, 1, u8::from(s.kong && !s.self_drawn));
    fans.push(Fan::UnderTheSea, 1, u8::from(s.last_wall));
    if s.first_turn {
        let heavenly = s.dealer && s.self_drawn;
        let fan = if heavenly {
            Fan::HeavenlyHand
        } else {
            Fan::EarthlyHand
        };
        let counts = heavenly || !s.dealer;
        match o.tian_di_hu {
            TianDiHu::Off => {}
            TianDiHu::Cap => fans.push(fan, o.cap.unwrap_or(6), u8::from(counts)),
            TianDiHu::Fan { tian, di } => {
                fans.push(fan, if heavenly { tian } else { di }, u8::from(counts))
            }
        }
    }
    if fans.as_slice().is_empty() {
        fans.push(Fan::PlainWin, 0, 1);
    }
    fans
}
