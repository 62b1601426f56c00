//! One query, one view: everything the page shows about a hand, as JSON.
//!
//! Field names and values follow the command line's `--json` output
//! (`hupai shanten`, `waits`, `arrange`, `score`, `analyze`), so the browser
//! tests can compare the page with the CLI directly: where the page shows
//! the same answer, it writes the same type of [`hupai::answer`].

use hupai::answer::{self, DiscardRow, TileCount};
use hupai::engine::jokers::JokerArrangement;
use hupai::engine::Ukeire;
use hupai::mcr::{Flags, ScoringInput};
use hupai::{
    notation, Arranged, Arrangement, Engine, Hand, Jokers, Meld, MeldKind, Notation, Rules, Tables,
    Tile,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// What the page asks: the hand as typed (any notation), the rule set, the
/// jokers, the MCR scoring flags, and at most one edit to apply first.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Query {
    /// The hand in any notation (`auto`).
    pub hand: String,
    /// `generic`, `sichuan`, `riichi`, `riichi3` or `mcr`.
    pub rules: String,
    /// Jokers in addition to the listed tiles.
    pub jokers: usize,
    /// A tile whose concealed copies are jokers (mpsz), or empty.
    pub joker: String,
    /// Scoring flags as on the command line: MCR's (`--self-drawn --seat S`)
    /// under `mcr`, riichi's (`--riichi --dora 3m`) under `riichi`/`riichi3`,
    /// Sichuan's (`--self-drawn --void p --payers 2 --profile chengdu`, and
    /// any option flag of `hupai score --rules sichuan`) under `sichuan`.
    pub flags: String,
    /// Also compute the discard EV of a 3n+2 hand (`hupai analyze`).
    pub analyze: bool,
    /// Draws left for the EV (default 17).
    pub turns: usize,
    /// Add one concealed tile (mpsz), e.g. from the palette.
    pub add: String,
    /// Remove one concealed tile (mpsz), e.g. a discard-table row.
    pub remove: String,
    /// Declare a meld: `chow`, `pung`, `kong` or `concealed-kong`, on `tile`
    /// (a chow's lowest tile).
    pub meld: String,
    /// The tile of `meld`.
    pub tile: String,
}

/// The highest shanten the page computes the discard EV for: 3-shanten
/// takes about a second in the browser, some 4-shanten hands minutes and
/// most of a gigabyte (measured natively: 422 s, 0.7 GB for
/// 1358m2479p1368s12z), with the page frozen meanwhile.
pub const MAX_EV_SHANTEN: i8 = 3;

/// The tables every query reads (built on first use).
#[cfg(not(feature = "generate"))]
pub fn tables() -> &'static hupai::Tables<&'static [u8]> {
    hupai::Tables::embedded()
}

/// The tables every query reads (built on first use).
#[cfg(feature = "generate")]
pub fn tables() -> &'static hupai::Tables<Vec<u8>> {
    static T: std::sync::OnceLock<hupai::Tables<Vec<u8>>> = std::sync::OnceLock::new();
    T.get_or_init(hupai::table::generate::tables)
}

/// The JSON view of a query given as UTF-8 JSON bytes; a malformed query is
/// a view with an error, like a bad hand.
pub fn answer(bytes: &[u8]) -> String {
    let view = match serde_json::from_slice::<Query>(bytes) {
        Ok(q) => query(&q),
        Err(e) => View {
            error: Some(format!("bad query: {e}")),
            ..View::default()
        },
    };
    serde_json::to_string(&view).expect("a view serialises")
}

/// The view of a query: `{"hand", "rules", "size", "left", "concealed",
/// "melds", "shanten", "discards" | "effective", "waits", "arrangements",
/// "score" | "riichi" | "sichuan", "ev"}`, or `{"error"}` (with whatever
/// could still be shown).
///
/// ```
/// use hupai_web::{query, Query};
/// let q = Query { hand: "123m456p789s1122z".into(), rules: "riichi".into(), ..Query::default() };
/// let v = query(&q);
/// assert_eq!(v.shanten, Some(0));
/// let live: Vec<String> = v.waits.unwrap().live.iter().map(|t| t.0.to_string()).collect();
/// assert_eq!(live, ["1z", "2z"]);
/// ```
pub fn query(q: &Query) -> View {
    let mut view = View::default();
    if let Err(e) = fill(q, &mut view) {
        view.error = Some(e);
    }
    view
}

/// The view of a hand (see [`query`]); absent parts are left out of the JSON.
#[derive(Debug, Default, Serialize)]
pub struct View {
    /// The hand in mpsz, the last tile written last (what the input box shows
    /// after an edit).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand: Option<String>,
    /// The rule set's name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules: Option<&'static str>,
    /// Tiles in the hand, a kong counting three, jokers included.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub size: Option<usize>,
    /// Jokers in the hand.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub jokers: Option<usize>,
    /// Copies of each of the 34 kinds not in the hand (concealed or melded).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub left: Vec<u8>,
    /// The concealed tiles in order, the last tile written moved to the end.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub concealed: Vec<Name>,
    /// The tile written last (drawn or winning tile).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last: Option<Name>,
    /// Declared melds.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub melds: Vec<MeldView>,
    /// −1 complete, 0 ready, …
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shanten: Option<i8>,
    /// 3n+2 tiles: the discard table, best first (`hupai shanten --json`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub discards: Option<Vec<DiscardRow>>,
    /// 3n+1 tiles: the effective draws and their copies left.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub effective: Option<Vec<TileCount>>,
    /// 3n+1 tiles: copies left of all effective draws.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total: Option<u32>,
    /// 3n+1 tiles: live and exhausted waits (`hupai waits --json`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub waits: Option<WaitsView>,
    /// A complete hand: every arrangement.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub arrangements: Option<Vec<ArrangementView>>,
    /// A complete hand under `mcr`: the fan table.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<ScoreView>,
    /// A complete hand under `riichi`/`riichi3`: `hupai score --json`'s
    /// object, or `{"error"}`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub riichi: Option<Part<answer::RiichiScore>>,
    /// A complete hand under `sichuan` (four sets and a pair or seven pairs,
    /// in any suits): `hupai score --rules sichuan --json`'s object (a hand
    /// in three suits or in the void suit is `"legal": false` with the
    /// `"reason"`), or `{"error"}` for bad flags.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sichuan: Option<Part<Value>>,
    /// The discard EV when asked: `hupai analyze --json`'s object, or
    /// `{"error"}`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ev: Option<Part<answer::Analysis>>,
    /// What is wrong, in words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// A part of the view: the command line's answer, or `{"error"}` saying
/// why there is none.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum Part<T> {
    /// The answer.
    Answer(T),
    /// Why there is none.
    Error {
        /// The reason, in words.
        error: String,
    },
}

impl<T> From<Result<T, String>> for Part<T> {
    fn from(r: Result<T, String>) -> Part<T> {
        match r {
            Ok(answer) => Part::Answer(answer),
            Err(error) => Part::Error { error },
        }
    }
}

/// A tile, serialised as its mpsz name without an allocation.
#[derive(Clone, Copy, Debug)]
pub struct Name(pub Tile);

impl Serialize for Name {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&self.0)
    }
}

/// A declared meld: its tiles, and whether it is a concealed kong.
#[derive(Debug, Serialize)]
pub struct MeldView {
    /// The meld's tiles.
    pub tiles: Vec<Name>,
    /// A concealed kong (drawn face down).
    pub concealed: bool,
}

/// Live and exhausted waits.
#[derive(Debug, Serialize)]
pub struct WaitsView {
    /// Waits with a copy left.
    pub live: Vec<Name>,
    /// Waits whose four copies the hand holds.
    pub exhausted: Vec<Name>,
}

/// One arrangement: its form and groups (mpsz, jokers as `*`/`J`).
#[derive(Debug, Serialize)]
pub struct ArrangementView {
    /// `standard`, `seven pairs`, … as `hupai arrange --json` names it.
    pub form: &'static str,
    /// The groups.
    pub groups: Vec<String>,
}

/// The MCR fan table, or why the hand cannot be scored.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum ScoreView {
    /// The fans counted: `hupai score --json`'s object and the points
    /// without flowers.
    Scored {
        /// The score as the command line writes it.
        #[serde(flatten)]
        score: answer::McrScore,
        /// Points without flowers.
        without_flowers: u32,
    },
    /// Why not.
    Error {
        /// The reason.
        error: String,
    },
}

fn fill(q: &Query, view: &mut View) -> Result<(), String> {
    let rules: Rules = if q.rules.is_empty() {
        Rules::GENERIC
    } else {
        q.rules.parse()?
    };
    view.rules = Some(rules.name);
    let spec = Jokers {
        extra: q.jokers,
        tile: optional_tile(&q.joker)?,
    };
    let hand = edit(parse_hand(&q.hand, &rules, spec.extra)?, q)?;
    let engine = Engine::new(tables(), rules).with_jokers(spec);
    let (_, jokers) = engine.split(&hand).map_err(|e| e.to_string())?;
    view.hand = Some(notation::format_mpsz_with_last(&hand));
    view.size = Some(hand.concealed_len() + 3 * hand.meld_count() + spec.extra);
    view.jokers = Some(jokers);
    view.left = hand.all_counts().iter().map(|&c| 4 - c).collect();
    view.concealed = Tile::all()
        .flat_map(|t| std::iter::repeat_n(Name(t), hand.counts()[t.index()] as usize))
        .collect();
    if let Some(last) = hand.last_tile() {
        // The tile written last (the drawn or winning tile) is shown apart.
        let at = view.concealed.iter().rposition(|t| t.0 == last);
        let last = view.concealed.remove(at.expect("the last tile is held"));
        view.concealed.push(last);
    }
    view.last = hand.last_tile().map(Name);
    view.melds = hand.melds().map(meld_view).collect();
    let none = [0; hupai::KINDS];
    let ukeire = engine.ukeire(&hand, &none).map_err(|e| e.to_string())?;
    view.shanten = Some(ukeire.shanten());
    match &ukeire {
        Ukeire::Draw(e) => {
            view.effective = Some(TileCount::all(e));
            view.total = Some(e.total());
            let w = engine.waits(&hand).map_err(|e| e.to_string())?;
            view.waits = Some(WaitsView {
                live: w.live.iter().map(Name).collect(),
                exhausted: w.exhausted.iter().map(Name).collect(),
            });
        }
        Ukeire::Discard(d) => {
            let rows = d.iter().map(|(tile, e)| DiscardRow::new(tile, &e));
            view.discards = Some(rows.collect());
            if q.analyze && ukeire.shanten() > MAX_EV_SHANTEN {
                view.ev = Some(Part::Error {
                    error: format!(
                        "the page analyses hands up to {MAX_EV_SHANTEN}-shanten (this one is {}-shanten: \
                         minutes and gigabytes on one thread); hupai analyze does it",
                        ukeire.shanten()
                    ),
                });
            } else if q.analyze {
                let shown = (!spec.is_none()).then_some(jokers);
                view.ev = Some(analysis(&engine, &hand, shown, q));
            }
        }
    }
    if ukeire.shanten() == -1 {
        view.arrangements = Some(
            match engine.arrangements(&hand).map_err(|e| e.to_string())? {
                Arranged::Plain(all) => all.iter().map(plain_arrangement).collect(),
                Arranged::Jokers { all, .. } => all.iter().map(joker_arrangement).collect(),
            },
        );
        if rules == Rules::MCR && spec.is_none() {
            view.score = Some(score(hand, &q.flags));
        }
        if (rules == Rules::RIICHI || rules == Rules::RIICHI3) && spec.is_none() {
            view.riichi = Some(riichi_score(hand, &rules, &q.flags));
        }
    }
    // Sichuan wins hold at most two suits, so four sets and a pair in three
    // suits is not complete under its rules; such a hand is still scored, to
    // say why it is no win. Only a full hand (14 tiles, a kong counting
    // three) is a win.
    let any_suits = Rules {
        max_suits: 3,
        ..Rules::SICHUAN
    };
    let full = view.size == Some(14);
    if rules == Rules::SICHUAN && spec.is_none() && full && tables().is_win(&hand, &any_suits) {
        view.sichuan = Some(sichuan_score(hand, &q.flags));
    }
    Ok(())
}

/// Parse a hand in any notation and check its tiles exist under the rules,
/// as the command line does. With jokers, an empty hand is jokers alone.
fn parse_hand(input: &str, rules: &Rules, extra: usize) -> Result<Hand, String> {
    if input.trim().is_empty() && extra > 0 {
        return Hand::new([0; hupai::KINDS], &[]).map_err(|e| e.to_string());
    }
    let hand = notation::parse(input, Notation::Auto).map_err(|e| e.to_string())?;
    match rules.missing_tile(&hand.all_counts()) {
        None => Ok(hand),
        Some(t) if t.is_honor() => Err(format!(
            "honour tile {t} does not exist under {rules} rules"
        )),
        Some(t) => {
            let at = hupai::riichi::three::position_of(input, t)
                .map_or(String::new(), |p| format!(" at position {p}"));
            Err(format!(
                "tile {t}{at} does not exist under {rules} rules (three-player riichi has no 2m-8m)"
            ))
        }
    }
}

/// Apply the query's edit, if any.
fn edit(hand: Hand, q: &Query) -> Result<Hand, String> {
    if let Some(t) = optional_tile(&q.add)? {
        return hand.with_tile(t).map_err(|e| e.to_string());
    }
    if let Some(t) = optional_tile(&q.remove)? {
        return hand
            .without_tile(t)
            .ok_or_else(|| format!("the hand holds no {t} to discard"));
    }
    if q.meld.is_empty() {
        return Ok(hand);
    }
    let kind = match q.meld.as_str() {
        "chow" => MeldKind::Chow,
        "pung" => MeldKind::Pung,
        "kong" => MeldKind::Kong,
        "concealed-kong" => MeldKind::ConcealedKong,
        other => return Err(format!("unknown meld kind '{other}'")),
    };
    let tile = optional_tile(&q.tile)?.ok_or("a meld needs a tile")?;
    let claimed = (kind != MeldKind::ConcealedKong).then_some(hupai::From::Left);
    let meld = Meld::new(kind, tile, claimed).map_err(|e| e.to_string())?;
    let mut melds: Vec<Meld> = hand.melds().copied().collect();
    melds.push(meld);
    Hand::new(*hand.counts(), &melds).map_err(|e| e.to_string())
}

fn optional_tile(s: &str) -> Result<Option<Tile>, String> {
    if s.is_empty() {
        return Ok(None);
    }
    s.parse::<Tile>().map(Some).map_err(|e| e.to_string())
}

fn meld_view(m: &Meld) -> MeldView {
    MeldView {
        tiles: m.tiles().map(Name).collect(),
        concealed: m.kind() == MeldKind::ConcealedKong,
    }
}

fn plain_arrangement(a: &Arrangement) -> ArrangementView {
    ArrangementView {
        form: answer::form_name(a.form()),
        groups: answer::group_names(a),
    }
}

fn joker_arrangement(a: &JokerArrangement) -> ArrangementView {
    ArrangementView {
        form: answer::form_name(a.form),
        groups: answer::joker_group_names(a),
    }
}

/// The MCR fan table of a complete hand, or why it cannot be scored.
fn score(hand: Hand, words: &str) -> ScoreView {
    let scored = words
        .parse::<Flags>()
        .map_err(|e| e.to_string())
        .and_then(|flags| ScoringInput::from_hand(hand, flags).map_err(|e| e.to_string()))
        .and_then(|input| {
            let s = Engine::new(tables(), Rules::MCR)
                .score(&input)
                .map_err(|e| e.to_string())?;
            Ok((input, s))
        });
    match scored {
        Err(error) => ScoreView::Error { error },
        Ok((input, s)) => ScoreView::Scored {
            score: answer::McrScore::new(&input, &s),
            without_flowers: s.points_without_flowers(),
        },
    }
}

/// The riichi score of a complete hand as `hupai score --rules riichi
/// --json` writes it, or `{"error"}`.
fn riichi_score(hand: Hand, rules: &Rules, words: &str) -> Part<answer::RiichiScore> {
    let mut settings = if rules.three_player {
        hupai::riichi::Settings::three_player()
    } else {
        hupai::riichi::Settings::default()
    };
    let scored = settings
        .apply_words(words.split_whitespace())
        .map_err(String::from)
        .and_then(|()| {
            hupai::riichi::ScoringInput::from_hand(hand, settings).map_err(|e| e.to_string())
        })
        .and_then(|input| {
            let s = Engine::new(tables(), *rules)
                .riichi_score(&input)
                .map_err(|e| e.to_string())?;
            Ok((input, s))
        });
    scored
        .map(|(input, s)| answer::RiichiScore::new(&input, &s))
        .into()
}

/// The Sichuan score of a complete hand as `hupai score --rules sichuan
/// --json` writes it, or `{"error"}` naming the bad flag.
fn sichuan_score(hand: Hand, words: &str) -> Part<Value> {
    let mut settings = hupai::sichuan::Settings::default();
    let scored = settings
        .apply_words(words.split_whitespace())
        .map_err(|e| e.to_string())
        .and_then(|()| {
            hupai::sichuan::ScoringInput::from_hand(hand, settings).map_err(|e| e.to_string())
        });
    scored
        .map(|input| {
            Engine::new(tables(), Rules::SICHUAN)
                .sichuan_score(&input)
                .to_json(&input)
        })
        .into()
}

/// The discard EV of a 3n+2 hand as `hupai analyze --json` writes it (no
/// draw explained: each `draws` is empty; `shown` is the joker count the
/// answer names, for a hand with jokers), or `{"error"}`. Under `mcr` the
/// winds and flowers of the flags count, as on the command line.
fn analysis<B: AsRef<[u8]>>(
    engine: &Engine<&Tables<B>>,
    hand: &Hand,
    shown: Option<usize>,
    q: &Query,
) -> Part<answer::Analysis> {
    let mcr = if *engine.rules() == Rules::MCR {
        match q.flags.parse::<Flags>() {
            Ok(f) => Flags {
                prevalent: f.prevalent,
                seat: f.seat,
                flowers: f.flowers,
                ..Flags::default()
            },
            Err(error) => {
                return Part::Error {
                    error: error.to_string(),
                }
            }
        }
    } else {
        Flags::default()
    };
    let options = hupai::ev::Options {
        turns: if q.turns == 0 { 17 } else { q.turns },
        mcr,
        explain: 0,
        ..hupai::ev::Options::default()
    };
    engine
        .analyze(hand, &options)
        .map(|a| answer::Analysis::new(hand, &a, shown))
        .map_err(|e| e.to_string())
        .into()
}
