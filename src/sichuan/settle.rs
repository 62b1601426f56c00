//! Settlement of a whole hand (a round): kongs paid when declared (刮风下雨),
//! wins one after another as players leave (血战到底), 呼叫转移, and the
//! wall's end (查叫, 查花猪, 退税). Every payment carries its reason; the
//! nets are zero-sum.
//!
//! A round is written as JSON (one line per round for `hupai settle`):
//! `{"dealer": 0, "void": ["s","m","p","m"], "events": [...]}`, players 0–3,
//! events in order:
//! - `{"kong": {"player": 1, "kind": "concealed"|"melded"|"added", "from": 2,
//!   "tile": "5m", "postponed": false}}`: `from` only for a kong on a
//!   discard; `tile` optional (when given, the copies are checked);
//!   `postponed` for an added kong whose fourth tile was held earlier;
//! - `{"win": [{"player": 0, "hand": "...", "from": 3, "flags": ["kong"]}]}`:
//!   `from` absent = self-drawn; several entries = several winners on one
//!   discard; flags `kong`, `after-kong`, `last-wall`, `first-turn`;
//! - `{"wall_end": {"hands": {"2": "...", "3": "..."}}}`: the hand of every
//!   player still in.

use super::options::{DianGangHua, KongOnShoot, Options, SelfDraw};
pub use super::round::{
    Event, KongEvent, KongKind, Payment, Round, SettleError, SettleErrorKind, Settlement,
    WallEndEvent, Why, WinEvent,
};
use super::score::{score_hand, score_with_roots, Score};
use super::situation::{parse_suit, Settings, Situation};
use crate::engine::Arrangements;
use crate::hand::Hand;
use crate::notation::{self, Notation};
use crate::table::Tables;
use crate::tile::{Suit, Tile};

/// A kong as recorded: who, its payments (indices into the ledger), and
/// whether its income still stands.
struct KongRecord {
    player: u8,
    tile: Option<Tile>,
    melded_from: Option<u8>,
    payments: Paid,
    standing: bool,
    robbed: bool,
}

/// The ledger indices of a kong's payments: one per other player at most.
#[derive(Default)]
struct Paid {
    at: [usize; 3],
    len: usize,
}

impl Paid {
    fn push(&mut self, i: usize) {
        self.at[self.len] = i;
        self.len += 1;
    }

    fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.at[..self.len].iter().copied()
    }
}

struct Ledger {
    payments: Vec<Payment>,
}

impl Ledger {
    fn pay(&mut self, from: u8, to: u8, amount: u32, why: Why) -> usize {
        self.payments.push(Payment {
            from,
            to,
            amount,
            why,
        });
        self.payments.len() - 1
    }
}

fn err(event: usize, kind: SettleErrorKind) -> SettleError {
    SettleError {
        event: Some(event),
        kind,
    }
}

fn player(event: usize, p: u8) -> Result<u8, SettleError> {
    if p < 4 {
        Ok(p)
    } else {
        Err(err(event, SettleErrorKind::BadPlayer(p)))
    }
}

fn parse_hand(event: usize, text: &str) -> Result<Hand, SettleError> {
    // Plain mpsz first (the common case, parsed directly), then mpsz with
    // its full syntax, then any notation.
    let hand = match parse_plain_mpsz(text) {
        Some(hand) => hand,
        None => notation::parse(text, Notation::Mpsz)
            .or_else(|_| notation::parse(text, Notation::Auto))
            .map_err(|e| err(event, SettleErrorKind::Hand(e.to_string())))?,
    };
    let all = hand.all_counts();
    if let Some(i) = (27..all.len()).find(|&i| all[i] > 0) {
        let t = Tile::from_index(i).expect("index < 34");
        return Err(err(
            event,
            SettleErrorKind::Hand(format!(
                "honour tile {t} does not exist under sichuan rules"
            )),
        ));
    }
    Ok(hand)
}

/// Plain mpsz, the way rounds usually write hands: runs of the digits 1–9
/// each closed by `m`, `p` or `s`, nothing else (no brackets, red fives,
/// honours or spaces). The hand the mpsz parser gives for the same text,
/// the last tile written as its last tile; `None` for any other text or a
/// fifth copy, left to the full parser and its error messages.
fn parse_plain_mpsz(text: &str) -> Option<Hand> {
    let bytes = text.as_bytes();
    let mut counts = [0u8; crate::tile::KINDS];
    let mut last = None;
    // How many digits wait for their suit letter.
    let mut pending = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let suit = match b {
            b'1'..=b'9' => {
                pending += 1;
                continue;
            }
            b'm' => Suit::Characters,
            b'p' => Suit::Dots,
            b's' => Suit::Bamboo,
            _ => return None,
        };
        if pending == 0 {
            return None;
        }
        for &d in &bytes[i - pending..i] {
            let t = Tile::new(suit, d - b'0')?;
            let c = &mut counts[t.index()];
            if *c == 4 {
                return None;
            }
            *c += 1;
            last = Some(t);
        }
        pending = 0;
    }
    if pending > 0 {
        return None;
    }
    let last = last?;
    let mut hand = Hand::new(counts, &[]).ok()?;
    hand.set_last_tile(Some(last));
    Some(hand)
}

/// The ready hand's best value over its live waits (查叫), counted without
/// situational fans and without the self-draw bonus: the wait and its score,
/// or `None` when the hand is not ready. Between waits of equal value the
/// one with more fan (before the cap) is kept.
///
/// ```
/// use hupai::sichuan::{best_wait, Options};
/// use hupai::{Hand, Tables};
/// // Waits on 2m and 3m, All Pungs (1 fan, 2 base) either way.
/// let h: Hand = "22m33m555m777p999p".parse().unwrap();
/// let (w, s) = best_wait(&h, None, &Options::default(), Tables::embedded()).unwrap();
/// assert_eq!((w.to_string(), s.value), ("2m".to_string(), 2));
/// ```
pub fn best_wait<B: AsRef<[u8]>>(
    hand: &Hand,
    void: Option<Suit>,
    options: &Options,
    tables: &Tables<B>,
) -> Option<(Tile, Score)> {
    best_wait_with(hand, void, options, tables, &mut Arrangements::new(), None)
}

/// [`best_wait`] reusing `list` for the arrangements. With `enough`, the
/// search stops at the first wait worth that value (the most any wait can
/// be worth under a cap), for callers that need the best value only.
fn best_wait_with<B: AsRef<[u8]>>(
    hand: &Hand,
    void: Option<Suit>,
    options: &Options,
    tables: &Tables<B>,
    list: &mut Arrangements,
    enough: Option<u32>,
) -> Option<(Tile, Score)> {
    let waits = tables.waits(hand, &crate::Rules::SICHUAN).ok()?;
    let settings = Settings {
        situation: Situation {
            void,
            ..Situation::default()
        },
        options: Options {
            self_draw: SelfDraw::None,
            ..*options
        },
    };
    let mut best: Option<(Tile, Score)> = None;
    for w in waits.live.iter() {
        let Ok(h) = hand.with_tile(w) else { continue };
        let s = score_with_roots(&h, &settings, tables, list, options.cha_jiao_roots);
        if s.legal
            && best
                .as_ref()
                .is_none_or(|b| (s.value, s.fan) > (b.1.value, b.1.fan))
        {
            best = Some((w, s));
            if enough.is_some_and(|v| s.value >= v) {
                break;
            }
        }
    }
    best
}

/// Settle a round under `options`.
///
/// ```
/// use hupai::sichuan::{settle, Options, Round};
/// use hupai::Tables;
/// // Player 1 declares a concealed kong (2 from each other player), then
/// // player 0 wins All Pungs on player 2's discard (2 base).
/// let r = Round::from_json(r#"{"events":[
///   {"kong":{"player":1,"kind":"concealed"}},
///   {"win":[{"player":0,"hand":"222m555m888m333p9p9p","from":2}]}]}"#).unwrap();
/// let s = settle(&r, &Options::default(), Tables::embedded()).unwrap();
/// assert_eq!(s.net, [0, 6, -4, -2]);
/// assert_eq!(s.net.iter().sum::<i64>(), 0);
/// ```
pub fn settle<B: AsRef<[u8]>>(
    round: &Round,
    options: &Options,
    tables: &Tables<B>,
) -> Result<Settlement, SettleError> {
    let mut void = [None; 4];
    for (i, v) in round.void.iter().enumerate().take(4) {
        if let Some(v) = v {
            void[i] = Some(parse_suit(v).ok_or_else(|| SettleError {
                event: None,
                kind: SettleErrorKind::BadVoid(v.clone()),
            })?);
        }
    }
    let dealer = round.dealer;
    let mut won = [false; 4];
    let mut over = false;
    let mut ledger = Ledger {
        payments: Vec::with_capacity(16),
    };
    let mut kongs: Vec<KongRecord> = Vec::new();
    // The kongs of one player in a row just before the current event.
    let mut chain: Vec<usize> = Vec::new();
    let mut revealed: [Option<Hand>; 4] = [None; 4];
    let mut list = Arrangements::new();
    let in_hand = |won: &[bool; 4], p: u8| !won[p as usize];

    for (i, event) in round.events.iter().enumerate() {
        let n = i + 1;
        if over {
            return Err(err(n, SettleErrorKind::HandOver));
        }
        match event {
            Event::Kong(k) => {
                let p = player(n, k.player)?;
                if won[p as usize] {
                    return Err(err(n, SettleErrorKind::AlreadyWon(p)));
                }
                let tile = match &k.tile {
                    Some(t) => {
                        let t = notation::parse_tile(t)
                            .ok()
                            .filter(|t| !t.is_honor())
                            .ok_or_else(|| {
                                err(n, SettleErrorKind::Hand(format!("no Sichuan tile '{t}'")))
                            })?;
                        let twice = kongs.iter().any(|r| r.tile == Some(t) && !r.robbed);
                        let elsewhere = revealed.iter().enumerate().any(|(q, h)| {
                            q != p as usize && h.is_some_and(|h| h.all_counts()[t.index()] > 0)
                        });
                        if twice || elsewhere {
                            return Err(err(n, SettleErrorKind::FifthCopy(t)));
                        }
                        Some(t)
                    }
                    None => None,
                };
                if chain.last().is_some_and(|&c| kongs[c].player != p) {
                    chain.clear();
                }
                let mut rec = KongRecord {
                    player: p,
                    tile,
                    melded_from: None,
                    payments: Paid::default(),
                    standing: true,
                    robbed: false,
                };
                match k.kind {
                    KongKind::Melded => {
                        let f = player(
                            n,
                            k.from.ok_or_else(|| {
                                err(
                                    n,
                                    SettleErrorKind::BadFrom(
                                        "a kong on a discard needs \"from\", the discarder",
                                    ),
                                )
                            })?,
                        )?;
                        if f == p || !in_hand(&won, f) {
                            return Err(err(
                                n,
                                SettleErrorKind::BadFrom(
                                    "\"from\" must be another player still in the hand",
                                ),
                            ));
                        }
                        rec.melded_from = Some(f);
                        rec.payments.push(ledger.pay(f, p, 2, Why::MeldedKong));
                    }
                    kind => {
                        if k.from.is_some() {
                            return Err(err(
                                n,
                                SettleErrorKind::BadFrom("only a kong on a discard has \"from\""),
                            ));
                        }
                        let (amount, why) = match kind {
                            KongKind::Concealed => (2, Why::ConcealedKong),
                            _ => (1, Why::AddedKong),
                        };
                        let pays = kind == KongKind::Concealed
                            || !k.postponed
                            || options.postponed_added_kong;
                        if pays {
                            for q in (0..4).filter(|&q| q != p && in_hand(&won, q)) {
                                rec.payments.push(ledger.pay(q, p, amount, why));
                            }
                        }
                    }
                }
                kongs.push(rec);
                chain.push(kongs.len() - 1);
            }
            Event::Win(winners) => {
                win_event(
                    n,
                    winners,
                    options,
                    tables,
                    &void,
                    dealer,
                    &mut won,
                    &mut ledger,
                    &mut kongs,
                    &chain,
                    &mut revealed,
                    &mut list,
                )?;
                chain.clear();
                if won.iter().filter(|&&w| w).count() >= 3 {
                    over = true;
                }
            }
            Event::WallEnd(w) => {
                wall_end(
                    n,
                    w,
                    options,
                    tables,
                    &void,
                    &won,
                    &mut ledger,
                    &mut kongs,
                    &mut revealed,
                    &mut list,
                )?;
                over = true;
            }
        }
    }
    let mut net = [0i64; 4];
    let payments: Vec<Payment> = ledger
        .payments
        .into_iter()
        .filter(|p| p.amount > 0)
        .collect();
    for p in &payments {
        net[p.from as usize] -= i64::from(p.amount);
        net[p.to as usize] += i64::from(p.amount);
    }
    Ok(Settlement { net, payments })
}

/// Check a revealed hand against the kongs and the other revealed hands,
/// then record it. `shared` is a tile another hand of the same event holds
/// too (the one discard several players win on).
fn reveal(
    n: usize,
    p: u8,
    hand: Hand,
    shared: Option<Tile>,
    kongs: &[KongRecord],
    revealed: &mut [Option<Hand>; 4],
) -> Result<(), SettleError> {
    let mine = hand.all_counts();
    for k in kongs.iter().filter(|k| k.tile.is_some()) {
        let t = k.tile.expect("filtered");
        if k.player == p && !k.robbed {
            let held = hand.melds().any(|m| m.is_kong() && m.tile() == t);
            if !held {
                return Err(err(n, SettleErrorKind::KongNotHeld(t)));
            }
        } else if k.player != p && !k.robbed && mine[t.index()] > 0 {
            return Err(err(n, SettleErrorKind::FifthCopy(t)));
        }
    }
    let mut seen = mine;
    for h in revealed.iter().flatten() {
        for (s, c) in seen.iter_mut().zip(h.all_counts()) {
            *s += c;
        }
    }
    if let Some(t) = shared {
        seen[t.index()] -= 1;
    }
    if let Some(i) = seen.iter().position(|&c| c > 4) {
        return Err(err(
            n,
            SettleErrorKind::FifthCopy(Tile::from_index(i).expect("index")),
        ));
    }
    revealed[p as usize] = Some(hand);
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn win_event<B: AsRef<[u8]>>(
    n: usize,
    winners: &[WinEvent],
    options: &Options,
    tables: &Tables<B>,
    void: &[Option<Suit>; 4],
    dealer: u8,
    won: &mut [bool; 4],
    ledger: &mut Ledger,
    kongs: &mut [KongRecord],
    chain: &[usize],
    revealed: &mut [Option<Hand>; 4],
    list: &mut Arrangements,
) -> Result<(), SettleError> {
    if winners.is_empty() {
        return Err(err(
            n,
            SettleErrorKind::Hand("a win event names no winner".into()),
        ));
    }
    let from = winners[0].from;
    if winners.len() > 1 && (from.is_none() || winners.iter().any(|w| w.from != from)) {
        return Err(err(n, SettleErrorKind::SharedDiscard));
    }
    let mut shot_tile: Option<Tile> = None;
    let mut scored: Vec<(u8, Score, Settings)> = Vec::with_capacity(winners.len());
    for w in winners {
        let p = player(n, w.player)?;
        if won[p as usize] || scored.iter().any(|s| s.0 == p) {
            return Err(err(n, SettleErrorKind::AlreadyWon(p)));
        }
        if let Some(f) = w.from {
            let f = player(n, f)?;
            if f == p || won[f as usize] {
                return Err(err(
                    n,
                    SettleErrorKind::BadFrom("\"from\" must be another player still in the hand"),
                ));
            }
        }
        let hand = parse_hand(n, &w.hand)?;
        let mut s = Situation {
            self_drawn: w.from.is_none(),
            dealer: p == dealer,
            void: void[p as usize],
            ..Situation::default()
        };
        for flag in &w.flags {
            match flag.trim_start_matches("--") {
                "kong" => s.kong = true,
                "after-kong" => s.after_kong = true,
                "last-wall" => s.last_wall = true,
                "first-turn" => s.first_turn = true,
                _ => return Err(err(n, SettleErrorKind::BadFlag(flag.clone()))),
            }
        }
        if s.after_kong && (s.self_drawn || s.kong) {
            return Err(err(
                n,
                SettleErrorKind::BadFlag(
                    "after-kong (only on a discard, and not with kong)".into(),
                ),
            ));
        }
        // 点杠花: a self-drawn win right after the player's own kong on a discard.
        let feeder = if s.self_drawn && s.kong {
            chain
                .last()
                .filter(|&&c| kongs[c].player == p)
                .and_then(|&c| kongs[c].melded_from)
        } else {
            None
        };
        s.fed_kong = feeder.is_some();
        s.payers = (0..4).filter(|&q| q != p && !won[q as usize]).count() as u8;
        let settings = Settings {
            situation: s,
            options: *options,
        };
        let score = score_hand(&hand, &settings, tables, list);
        if !score.legal {
            return Err(err(
                n,
                SettleErrorKind::NotAWin(w.hand.clone(), score.reason.expect("a reason")),
            ));
        }
        let tile = hand.last_tile();
        if winners.len() > 1 {
            if shot_tile.is_some() && shot_tile != tile {
                return Err(err(n, SettleErrorKind::SharedDiscard));
            }
            shot_tile = tile;
        }
        let shared = if scored.is_empty() { None } else { shot_tile };
        reveal(n, p, hand, shared, kongs, revealed)?;
        scored.push((p, score, settings));
    }
    // Robbing the kong: the robbed kong (the declarer's last) earns nothing.
    let robbed = winners
        .iter()
        .any(|w| w.from.is_some() && w.flags.iter().any(|f| f.trim_start_matches("--") == "kong"));
    if robbed {
        if let (Some(f), Some(&c)) = (from, chain.last()) {
            if kongs[c].player == f {
                kongs[c].robbed = true;
                kongs[c].standing = false;
                for i in kongs[c].payments.iter() {
                    ledger.payments[i].amount = 0;
                }
            }
        }
    }
    // The payments of each win.
    let bonus = u32::from(options.self_draw == SelfDraw::Base);
    for (p, score, settings) in &scored {
        let s = &settings.situation;
        let value = score.value;
        match from {
            Some(f) => {
                let why = if s.kong {
                    Why::RobbingTheKong
                } else {
                    Why::Discard
                };
                ledger.pay(f, *p, value, why);
            }
            None if s.fed_kong && options.dian_gang_hua == DianGangHua::Discard => {
                let c = *chain.last().expect("a fed kong");
                let f = kongs[c].melded_from.expect("a melded kong");
                ledger.pay(f, *p, value, Why::DianGangHua);
            }
            None => {
                for q in (0..4).filter(|&q| q != *p && !won[q as usize]) {
                    ledger.pay(q, *p, value + bonus, Why::SelfDrawn);
                }
            }
        }
    }
    // 呼叫转移 on a shot right after the discarder's kongs.
    let shot = scored.iter().any(|(_, _, st)| st.situation.after_kong);
    if let (true, Some(f)) = (shot, from) {
        let own: Vec<usize> = chain
            .iter()
            .copied()
            .filter(|&c| kongs[c].player == f)
            .collect();
        let moved: Vec<usize> = match options.kong_on_shoot {
            KongOnShoot::Chain => own,
            _ => own.last().copied().into_iter().collect(),
        };
        let mut income = 0u32;
        for &c in &moved {
            if !kongs[c].standing {
                continue;
            }
            kongs[c].standing = false;
            for i in kongs[c].payments.iter() {
                let pay = ledger.payments[i];
                if options.kong_on_shoot == KongOnShoot::Refund {
                    ledger.pay(f, pay.from, pay.amount, Why::KongRefund);
                } else {
                    income += pay.amount;
                }
            }
        }
        if income > 0 {
            let shooters: Vec<u8> = scored
                .iter()
                .filter(|(_, _, st)| st.situation.after_kong)
                .map(|s| s.0)
                .collect();
            let each = income.div_ceil(shooters.len() as u32);
            for p in shooters {
                ledger.pay(f, p, each, Why::CallTransfer);
            }
        }
    }
    for (p, _, _) in &scored {
        won[*p as usize] = true;
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn wall_end<B: AsRef<[u8]>>(
    n: usize,
    w: &WallEndEvent,
    options: &Options,
    tables: &Tables<B>,
    void: &[Option<Suit>; 4],
    won: &[bool; 4],
    ledger: &mut Ledger,
    kongs: &mut [KongRecord],
    revealed: &mut [Option<Hand>; 4],
    list: &mut Arrangements,
) -> Result<(), SettleError> {
    let mut hands: [Option<Hand>; 4] = [None; 4];
    for (key, text) in &w.hands {
        let p = key
            .trim()
            .parse::<u8>()
            .ok()
            .filter(|&p| p < 4)
            .ok_or_else(|| {
                err(
                    n,
                    SettleErrorKind::WallEndHand(format!("'{key}' is not a player 0-3")),
                )
            })?;
        if won[p as usize] {
            return Err(err(n, SettleErrorKind::AlreadyWon(p)));
        }
        let hand = parse_hand(n, text)?;
        let size = hand.concealed_len() + 3 * hand.meld_count();
        if size != 13 {
            return Err(err(n, SettleErrorKind::WallEndHand(format!(
                "player {p}'s hand {text} holds {size} tiles (a kong counted as 3); 13 at the wall's end"
            ))));
        }
        reveal(n, p, hand, None, kongs, revealed)?;
        hands[p as usize] = Some(hand);
    }
    let mut state = [State::Out; 4];
    for p in 0..4 {
        if won[p] {
            continue;
        }
        let hand = hands[p].ok_or_else(|| {
            err(
                n,
                SettleErrorKind::WallEndHand(format!(
                    "player {p} is still in the hand but has no hand at the wall's end"
                )),
            )
        })?;
        let all = hand.all_counts();
        let suits = (0..3)
            .filter(|s| all[s * 9..s * 9 + 9].iter().any(|&c| c > 0))
            .count();
        let holds_void =
            void[p].is_some_and(|v| all[v.offset()..v.offset() + 9].iter().any(|&c| c > 0));
        state[p] = if suits > 2 || holds_void {
            State::Pig
        } else {
            // Only the value is paid: no wait is worth more than the cap's.
            let enough = options.cap.map(|_| options.value(u32::MAX));
            match best_wait_with(&hand, void[p], options, tables, list, enough) {
                Some((_, s)) => State::Ready(s.value),
                None => State::NotReady,
            }
        };
    }
    // 查花猪.
    let cap = options.cap_value();
    for p in 0..4u8 {
        if state[p as usize] == State::Pig {
            for q in (0..4u8).filter(|&q| {
                q != p && matches!(state[q as usize], State::Ready(_) | State::NotReady)
            }) {
                ledger.pay(p, q, cap, Why::ChaHuaZhu);
            }
        }
    }
    // 查叫.
    for p in 0..4u8 {
        if matches!(state[p as usize], State::Pig | State::NotReady) {
            for q in 0..4u8 {
                if let State::Ready(v) = state[q as usize] {
                    ledger.pay(p, q, v, Why::ChaJiao);
                }
            }
        }
    }
    // 退税.
    for k in kongs.iter_mut() {
        let p = k.player as usize;
        if k.standing && matches!(state[p], State::Pig | State::NotReady) {
            k.standing = false;
            for i in k.payments.iter() {
                let pay = ledger.payments[i];
                if pay.amount > 0 {
                    ledger.pay(pay.to, pay.from, pay.amount, Why::TuiShui);
                }
            }
        }
    }
    Ok(())
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Won and left.
    Out,
    /// Ready, with its best value.
    Ready(u32),
    /// Not ready.
    NotReady,
    /// Three suits or the void suit (花猪).
    Pig,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Random texts over the characters of mpsz hands: wherever the plain
    /// parser answers, the mpsz parser gives the same hand; wherever the
    /// text is plain and valid, the plain parser answers.
    #[test]
    fn plain_mpsz_matches_the_mpsz_parser() {
        const CHARS: &[u8] = b"1234567891234567890mpsmpsz[] ,";
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        let mut answered = 0;
        for _ in 0..200_000 {
            // Mostly runs of digits each with a suit letter, now and then
            // anything.
            let text: String = if next(4) == 0 {
                (0..1 + next(20))
                    .map(|_| char::from(CHARS[next(CHARS.len())]))
                    .collect()
            } else {
                (0..1 + next(5))
                    .flat_map(|_| {
                        let digits: Vec<u8> = (0..1 + next(5)).map(|_| CHARS[next(9)]).collect();
                        let suit = CHARS[19 + next(3)];
                        digits.into_iter().chain([suit])
                    })
                    .map(char::from)
                    .collect()
            };
            let full = notation::parse(&text, Notation::Mpsz);
            match parse_plain_mpsz(&text) {
                Some(h) => {
                    answered += 1;
                    assert_eq!(Ok(h), full, "{text}");
                    assert_eq!(
                        h.last_tile(),
                        full.as_ref().ok().and_then(|f| f.last_tile())
                    );
                }
                None => {
                    let plain = text.bytes().all(|b| b"123456789mps".contains(&b));
                    assert!(!plain || full.is_err(), "{text} is plain mpsz");
                }
            }
        }
        assert!(answered > 50_000, "{answered}");
    }

    #[test]
    fn plain_mpsz_examples() {
        let h = parse_plain_mpsz("11m444m222p777p99p1m").unwrap();
        assert_eq!(h.last_tile(), Some("1m".parse().unwrap()));
        assert_eq!(h.counts()[0], 3);
        for text in [
            "", "m", "12", "1m2", "11111m", "0m", "1z", "[111m]", "1m 2m", "12mm",
        ] {
            assert!(parse_plain_mpsz(text).is_none(), "{text}");
        }
    }
}
