//! The data of a round and of its settlement: the events a round is written
//! as (the JSON `hupai settle` reads), the payments with their reasons, the
//! nets, and why a round is refused. The settling itself is
//! [`settle`](fn@super::settle).

use super::score::Reason;
use crate::tile::Tile;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// What kind of kong.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum KongKind {
    /// 暗杠 (下雨): from the concealed hand; 2 from every other player still in.
    Concealed,
    /// 明杠 (刮风): on a discard; 2 from the discarder.
    Melded,
    /// 补杠: added to one's pung; 1 from every other player still in.
    Added,
}

/// A kong declared.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct KongEvent {
    /// Who declared it, 0–3.
    pub player: u8,
    /// Its kind.
    pub kind: KongKind,
    /// The discarder, for a kong on a discard.
    #[serde(default)]
    pub from: Option<u8>,
    /// The tile (mpsz), optional.
    #[serde(default)]
    pub tile: Option<String>,
    /// An added kong of a pung whose fourth tile was held earlier.
    #[serde(default)]
    pub postponed: bool,
}

/// One winner of a win event.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct WinEvent {
    /// The winner, 0–3.
    pub player: u8,
    /// The winning hand, the winning tile last.
    pub hand: String,
    /// The discarder (or the robbed kong's declarer); absent = self-drawn.
    #[serde(default)]
    pub from: Option<u8>,
    /// Situation flags: `kong`, `after-kong`, `last-wall`, `first-turn`.
    #[serde(default)]
    pub flags: Vec<String>,
}

/// The wall's end.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct WallEndEvent {
    /// The hand of every player still in, by player number.
    pub hands: BTreeMap<String, String>,
}

/// One event of a round.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Event {
    /// A kong.
    Kong(KongEvent),
    /// One win, or several on one discard.
    Win(Vec<WinEvent>),
    /// The wall's end.
    WallEnd(WallEndEvent),
}

/// A round: the dealer, the void suits, the events in order. It reads
/// from and writes to the JSON `hupai settle` reads.
///
/// ```
/// use hupai::sichuan::Round;
/// let r = Round::from_json(r#"{"dealer":0,"void":["s","s","m","p"],"events":[]}"#).unwrap();
/// assert_eq!(r.events.len(), 0);
/// assert_eq!(Round::from_json(&serde_json::to_string(&r).unwrap()).unwrap(), r);
/// assert!(Round::from_json(r#"{"events":[{"bet":1}]}"#).is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Round {
    /// The dealer, 0–3.
    #[serde(default)]
    pub dealer: u8,
    /// Each player's void suit (`m`, `p`, `s`), optional.
    #[serde(default)]
    pub void: Vec<Option<String>>,
    /// The events in order.
    pub events: Vec<Event>,
}

impl Round {
    /// Parse a round from its JSON.
    pub fn from_json(text: &str) -> Result<Round, SettleError> {
        serde_json::from_str(text).map_err(|e| SettleError {
            event: None,
            kind: SettleErrorKind::Json(e.to_string()),
        })
    }
}

/// Why a payment is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Why {
    /// 暗杠 (下雨).
    ConcealedKong,
    /// 明杠 (刮风).
    MeldedKong,
    /// 补杠.
    AddedKong,
    /// A win on a discard (点炮).
    Discard,
    /// A self-drawn win (自摸).
    SelfDrawn,
    /// A self-drawn win on a claimed kong's replacement, paid by the feeder (点杠花).
    DianGangHua,
    /// Robbing the kong (抢杠胡).
    RobbingTheKong,
    /// 呼叫转移: the kong income goes to the winner of the shot after it.
    CallTransfer,
    /// The kong's income returned after a shot (MIL).
    KongRefund,
    /// 查叫: a player not ready pays a ready player.
    ChaJiao,
    /// 查花猪: a player with three suits or the void suit pays the cap.
    ChaHuaZhu,
    /// 退税: a player not ready returns its kong income.
    TuiShui,
}

/// One payment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Payment {
    /// Who pays.
    pub from: u8,
    /// Who receives.
    pub to: u8,
    /// How much, in base.
    pub amount: u32,
    /// Why.
    pub why: Why,
}

/// The ledger of a round.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Settlement {
    /// Each player's net (received − paid); the four sum to zero.
    pub net: [i64; 4],
    /// Every payment in order.
    pub payments: Vec<Payment>,
}

/// What went wrong with a round.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SettleErrorKind {
    /// The JSON did not parse as a round.
    Json(String),
    /// A player number outside 0–3.
    BadPlayer(u8),
    /// A void suit that is not m, p or s.
    BadVoid(String),
    /// The player has already won and left the hand.
    AlreadyWon(u8),
    /// The hand is over (three players have won, or the wall has ended).
    HandOver,
    /// A bad source (`from`): missing, the player itself, or a player who left.
    BadFrom(&'static str),
    /// A hand that did not parse.
    Hand(String),
    /// A winning hand that is not a win.
    NotAWin(String, Reason),
    /// A fifth copy of a tile across the hands and kongs.
    FifthCopy(Tile),
    /// A kong of tiles the player's hand does not show.
    KongNotHeld(Tile),
    /// An unknown flag on a win.
    BadFlag(String),
    /// A wall-end hand that is not 13 tiles (counting a kong as 3), or missing.
    WallEndHand(String),
    /// Several winners on one discard must share the discarder and the tile.
    SharedDiscard,
}

/// An error in a round, naming the event (1-based) where there is one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettleError {
    /// The event, counted from 1.
    pub event: Option<usize>,
    /// What is wrong.
    pub kind: SettleErrorKind,
}

impl fmt::Display for SettleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use SettleErrorKind::*;
        if let Some(e) = self.event {
            write!(f, "event {e}: ")?;
        }
        match &self.kind {
            Json(m) => write!(f, "not a round: {m}"),
            BadPlayer(p) => write!(f, "player {p} does not exist (players are 0-3)"),
            BadVoid(v) => write!(f, "void suit '{v}': expected m, p or s"),
            AlreadyWon(p) => write!(f, "player {p} has already won and left the hand"),
            HandOver => f.write_str("the hand is already over"),
            BadFrom(why) => f.write_str(why),
            Hand(m) => write!(f, "bad hand: {m}"),
            NotAWin(h, r) => write!(f, "hand {h} is not a win: {r}"),
            FifthCopy(t) => write!(f, "a fifth copy of {t} across the hands and kongs"),
            KongNotHeld(t) => write!(f, "a kong of {t} the player's hand does not hold"),
            BadFlag(w) => write!(
                f,
                "unknown win flag '{w}' (expected kong, after-kong, last-wall or first-turn)"
            ),
            WallEndHand(m) => f.write_str(m),
            SharedDiscard => f.write_str(
                "several winners on one event must all win on the same discard (same from, same tile)",
            ),
        }
    }
}

impl std::error::Error for SettleError {}

impl Settlement {
    /// The JSON `{"net": [4], "payments": [{"from", "to", "amount", "why"}]}`.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).expect("a settlement serialises")
    }
}
