//! `hupai.Engine`: a rule set, a table source and a joker tile; every query
//! of the library as a method, single hands and numpy batches.

use crate::batch;
use crate::convert;
use crate::errors::hand_error;
use crate::hand;
use crate::ops::{discard_shanten, message};
use crate::results::{PyAnalysis, PyDiscard, PyEffective, PyRiichiScore, PyScore, PyWaits};
use crate::timing;
use hupai::engine::jokers::max_size;
use hupai::mcr::{Flags, ScoringInput, Variant, Wind};
use hupai::server::Mapped;
use hupai::{Arranged, Counts, Engine, Jokers, Rules, Tables, Tile, KINDS};
use numpy::{PyArray1, PyArray2, PyUntypedArrayMethods};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyType};
use std::sync::Arc;

/// What `Engine(...)` is called with to rebuild an engine: rules, tables, joker.
type EngineArgs = (&'static str, Option<String>, Option<String>);

/// `effective_batch`'s answer: (N,) shanten and (N, 34) unseen effective copies.
type EffectiveArrays<'py> = (Bound<'py, PyArray1<i8>>, Bound<'py, PyArray2<u8>>);

/// Where the tables come from: embedded in the module, or memory-mapped
/// from a directory (one mapping shared by every query and thread).
enum Source {
    Embedded,
    Mapped { dir: String, tables: Mapped },
}

/// Run `$body` with `$e` bound to the core's [`hupai::Engine`] over this
/// engine's tables (embedded or mapped: the same code, monomorphised twice),
/// rules and joker tile, plus `$jokers` jokers.
macro_rules! with_engine {
    ($engine:expr, $jokers:expr, |$e:ident| $body:expr) => {
        match &$engine.source {
            Source::Embedded => {
                let $e = $engine.over(Tables::embedded(), $jokers);
                $body
            }
            Source::Mapped { tables, .. } => {
                let $e = $engine.over(&**tables, $jokers);
                $body
            }
        }
    };
}

/// An evaluation engine: `rules` ("generic", "sichuan", "riichi", "mcr"),
/// `tables` (None: the embedded tables; a directory: memory-map its table
/// files, checked before first use) and `joker` (a tile whose concealed
/// copies are all jokers, e.g. "7z"; None by default).
///
/// A hand argument is a Hand, a str (auto notation) or 34 counts (list,
/// tuple, ndarray). `jokers=N` adds N jokers to a hand. Engines pickle (rules,
/// tables, joker), so they cross process boundaries.
///
/// >>> import hupai
/// >>> e = hupai.Engine(rules="riichi")
/// >>> e.is_win("123m456p789s11122z"), e.shanten("123m456p789s1112z")
/// (True, 0)
/// >>> e.waits("19m19p19s1234567z").live == [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
/// True
/// >>> hupai.Engine(rules="generic", joker="7z").is_win("123m456p789s11z777z")
/// True
/// >>> e.shanten("123m456p789s1z", jokers=3)
/// 0
#[pyclass(module = "hupai", name = "Engine", frozen)]
pub struct PyEngine {
    source: Source,
    rules: Rules,
    joker: Option<Tile>,
}

#[pymethods]
impl PyEngine {
    #[new]
    #[pyo3(signature = (rules = "generic", tables = None, joker = None))]
    fn new(
        rules: &str,
        tables: Option<String>,
        joker: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let rules = convert::rules(rules)?;
        let source = match tables {
            None => Source::Embedded,
            Some(dir) => {
                let t = Tables::open(&dir).map_err(|e| hand_error(format!("tables={dir}: {e}")))?;
                // An absolute path, so a pickled engine finds the same files
                // from a worker with another working directory.
                let dir = std::fs::canonicalize(&dir)
                    .map(|p| p.to_string_lossy().into_owned())
                    .unwrap_or(dir);
                t.verify()
                    .map_err(|e| hand_error(format!("tables={dir}: {e}")))?;
                Source::Mapped {
                    dir,
                    tables: Arc::new(t),
                }
            }
        };
        let joker = match joker {
            Some(j) if !j.is_none() => {
                let t = convert::tile(j)?;
                if t.is_honor() && !rules.honors {
                    return Err(hand_error(format!(
                        "joker tile {t} does not exist under {} rules",
                        rules.name
                    )));
                }
                Some(t)
            }
            _ => None,
        };
        Ok(PyEngine {
            source,
            rules,
            joker,
        })
    }

    /// The rule set's name.
    #[getter]
    fn rules(&self) -> &'static str {
        self.rules.name
    }

    /// The memory-mapped table directory, or None for the embedded tables.
    #[getter]
    fn tables(&self) -> Option<&str> {
        match &self.source {
            Source::Embedded => None,
            Source::Mapped { dir, .. } => Some(dir),
        }
    }

    /// The joker tile's index, or None.
    #[getter]
    fn joker(&self) -> Option<usize> {
        self.joker.map(|t| t.index())
    }

    fn __repr__(&self) -> String {
        let mut s = format!("Engine(rules='{}'", self.rules.name);
        if let Some(d) = self.tables() {
            s += &format!(", tables={d:?}");
        }
        if let Some(t) = self.joker {
            s += &format!(", joker='{t}'");
        }
        s + ")"
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> (Bound<'py, PyType>, EngineArgs) {
        (
            py.get_type::<PyEngine>(),
            (
                self.rules.name,
                self.tables().map(String::from),
                self.joker.map(|t| t.to_string()),
            ),
        )
    }

    /// Whether the hand is complete under the rules (a size that can never
    /// be complete is simply False).
    ///
    /// >>> hupai.Engine().is_win("ABCeee345456DD")  # mediatek notation
    /// True
    #[pyo3(signature = (hand, jokers = 0))]
    fn is_win(&self, hand: &Bound<'_, PyAny>, jokers: usize) -> PyResult<bool> {
        let h = hand::argument(hand)?;
        // Jokers that make the hand too large are an error, not False.
        with_engine!(self, jokers, |e| e.joker_count(&h).map(|_| e.is_win(&h)))
            .map_err(|e| hand_error(e.to_string()))
    }

    /// Shanten: -1 complete, 0 ready, n tiles from ready (3n+1 or 3n+2
    /// tiles, at most 14; a declared meld counts three).
    ///
    /// >>> hupai.Engine(rules="riichi").shanten([1] * 9 + [0] * 18 + [2, 2, 0, 0, 0, 0, 0])
    /// 0
    #[pyo3(signature = (hand, jokers = 0))]
    fn shanten(&self, hand: &Bound<'_, PyAny>, jokers: usize) -> PyResult<i8> {
        let h = hand::argument(hand)?;
        with_engine!(self, jokers, |e| e.shanten(&h)).map_err(|e| hand_error(e.to_string()))
    }

    /// The tiles that complete a hand one tile short: `.live` and
    /// `.exhausted` (the hand holds all four copies).
    #[pyo3(signature = (hand, jokers = 0))]
    fn waits(&self, hand: &Bound<'_, PyAny>, jokers: usize) -> PyResult<PyWaits> {
        let h = hand::argument(hand)?;
        with_engine!(self, jokers, |e| e.waits(&h))
            .map(PyWaits::from)
            .map_err(|e| hand_error(e.to_string()))
    }

    /// Effective tiles of a 3n+1 hand; `visible` (34 counts, a Hand or a
    /// str) are tiles seen elsewhere, lowering `.remaining`.
    ///
    /// >>> hupai.Engine(rules="riichi").effective("123m456p789s1112z", visible="22z").remaining
    /// [1]
    #[pyo3(signature = (hand, visible = None, jokers = 0))]
    fn effective(
        &self,
        hand: &Bound<'_, PyAny>,
        visible: Option<&Bound<'_, PyAny>>,
        jokers: usize,
    ) -> PyResult<PyEffective> {
        let h = hand::argument(hand)?;
        let v = hand::visible(visible)?;
        with_engine!(self, jokers, |e| e.effective(&h, &v))
            .map(PyEffective::from)
            .map_err(|e| hand_error(e.to_string()))
    }

    /// The discard table of a 3n+2 hand: each discard that keeps the best
    /// shanten, with the effective tiles it leaves, most unseen copies first.
    #[pyo3(signature = (hand, visible = None, jokers = 0))]
    fn discards(
        &self,
        hand: &Bound<'_, PyAny>,
        visible: Option<&Bound<'_, PyAny>>,
        jokers: usize,
    ) -> PyResult<Vec<PyDiscard>> {
        let h = hand::argument(hand)?;
        let v = hand::visible(visible)?;
        let d = with_engine!(self, jokers, |e| e.discards(&h, &v))
            .map_err(|e| hand_error(e.to_string()))?;
        Ok(d.iter().map(|(t, e)| PyDiscard::new(t, e)).collect())
    }

    /// Every arrangement of a complete hand, each a list of groups in mpsz
    /// (declared melds in brackets; with jokers `12*3m` marks a joker and
    /// `JJ` is a pair of jokers). Empty: not complete.
    ///
    /// >>> hupai.Engine().arrangements("111222333m789s55p")
    /// [['123m', '123m', '123m', '55p', '789s'], ['111m', '222m', '333m', '55p', '789s']]
    #[pyo3(signature = (hand, jokers = 0))]
    fn arrangements(&self, hand: &Bound<'_, PyAny>, jokers: usize) -> PyResult<Vec<Vec<String>>> {
        let h = hand::argument(hand)?;
        let all = with_engine!(self, jokers, |e| e.arrangements(&h))
            .map_err(|e| hand_error(e.to_string()))?;
        Ok(match all {
            Arranged::Plain(all) => all.iter().map(hupai::answer::group_names).collect(),
            Arranged::Jokers { all, .. } => {
                all.iter().map(hupai::answer::joker_group_names).collect()
            }
        })
    }

    /// Score a complete hand. Under "mcr" (and "generic") rules: MCR fans,
    /// the situation as keywords: `self_drawn`, `last_tile`, `last_wall`,
    /// `kong`, `prevalent` and `seat` ("E", "S", "W", "N"), `flowers` (0-8),
    /// `variant` ("default", "green-book"), and `win_tile` (default: the last
    /// concealed tile as written; needed for a hand given as counts).
    ///
    /// Under "riichi" and "riichi3": a RiichiScore; the keywords are the
    /// flags of `hupai score --rules riichi` with `_` for `-`: True switches
    /// (`self_drawn`, `riichi`, `ippatsu`, …, and the rule options such as
    /// `kiriage`), False turns a rule option off (`has_aka_dora=False`),
    /// values (`seat="S"`, `dora="3m7z"`, `honba=2`, `preset="tenhou"`), and
    /// `win_tile`.
    ///
    /// Under "sichuan": a SichuanScore (a hand that is not a win has
    /// `legal=False` and a `reason`); the winning tile is the last concealed
    /// tile as written. The keywords are the flags of `hupai score --rules
    /// sichuan` with `_` for `-`: True switches on (`self_drawn`, `kong`,
    /// `after_kong`, `last_wall`, `first_turn`, `dealer`, `fed_kong`, and the
    /// options `jiang`, `men_qing`, `zhong_zhang`), values as str or int
    /// (`void="s"`, `payers=2`, `profile="chengdu"`, `cap=4`, `cap=None` for
    /// no cap, `flush_stacks="max"`, `self_draw="fan"`, `yao_jiu=3`,
    /// `tian_di_hu="3/2"`, ...). `profile` applies first, the other options
    /// refine it. An unknown keyword or a bad value raises HandError.
    ///
    /// >>> s = hupai.Engine(rules="mcr").score("[123s][123s][789s][789s]5s5s", last_tile=True, prevalent="S", seat="N")
    /// >>> s.total, [f.name for f in s.fans]
    /// (70, ['Pure Terminal Chows', 'Melded Hand'])
    /// >>> r = hupai.Engine(rules="riichi").score("123m456p789s11122z", self_drawn=True, riichi=True, dora="1z")
    /// >>> r.han, r.cost["total"], [y[0] for y in r.yaku]
    /// (6, 18000, ['Menzen Tsumo', 'Riichi', 'Yakuhai (seat wind east)', 'Yakuhai (round wind east)', 'Dora'])
    /// >>> q = hupai.Engine(rules="sichuan").score("11223344556677m", self_drawn=True, cap=None)
    /// >>> q.fan, q.cap, q.value, q.payments["total"], q.labels
    /// (4, None, 16, 51, ['清七对'])
    #[pyo3(signature = (hand, **situation))]
    fn score(
        &self,
        py: Python<'_>,
        hand: &Bound<'_, PyAny>,
        situation: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Py<PyAny>> {
        let h = hand::argument(hand)?;
        match self.rules.name {
            "mcr" | "generic" => {
                let (flags, win) = mcr_situation(situation)?;
                let win = match win.or(h.last_tile()) {
                    Some(t) => t,
                    None => {
                        return Err(hand_error(
                            "the winning tile is unknown: pass win_tile= (a hand given as counts has no last tile)",
                        ))
                    }
                };
                let input =
                    ScoringInput::new(h, win, flags).map_err(|e| hand_error(e.to_string()))?;
                let s = with_engine!(self, 0, |e| e.score(&input))
                    .map_err(|e| hand_error(e.to_string()))?;
                Ok(Py::new(py, PyScore::mcr(py, &input, &s)?)?.into_any())
            }
            "riichi" | "riichi3" => {
                let (settings, win) = riichi_situation(self.rules.three_player, situation)?;
                let win = match win.or(h.last_tile()) {
                    Some(t) => t,
                    None => {
                        return Err(hand_error(
                            "the winning tile is unknown: pass win_tile= (a hand given as counts has no last tile)",
                        ))
                    }
                };
                let input = hupai::riichi::ScoringInput::new(h, win, settings)
                    .map_err(|e| hand_error(e.to_string()))?;
                let s = with_engine!(self, 0, |e| e.riichi_score(&input))
                    .map_err(|e| hand_error(e.to_string()))?;
                Ok(Py::new(py, PyRiichiScore::from(&s))?.into_any())
            }
            "sichuan" => {
                self.no_joker("score")?;
                let settings = crate::sichuan::score_settings(situation)?;
                let s = with_engine!(self, 0, |e| crate::sichuan::score(h, settings, &e))?;
                Ok(Py::new(py, s)?.into_any())
            }
            other => Err(hand_error(format!(
                "{other} rules have no scoring; rules='mcr', 'riichi', 'riichi3' and 'sichuan' score"
            ))),
        }
    }

    /// Settle a Sichuan round (rules="sichuan" only): its kongs, wins and
    /// wall end into every payment and each player's net, as `hupai settle
    /// --rules sichuan`. `round` is the round's JSON text, or the same
    /// structure as dicts and lists (serialised with Python's json):
    /// `{"dealer": 0, "void": ["s", "m", "p", "m"], "events": [...]}`, the
    /// events `{"kong": {"player", "kind", "from", "tile", "postponed"}}`,
    /// `{"win": [{"player", "hand", "from", "flags"}]}` and
    /// `{"wall_end": {"hands": {"2": "...", ...}}}`. `profile` and the
    /// rule-option keywords (`cap`, `flush_stacks`, `kong_on_shoot`, `jiang`,
    /// ...) as for `score()`. A bad round raises HandError naming the event.
    ///
    /// >>> e = hupai.Engine(rules="sichuan")
    /// >>> r = {"events": [{"kong": {"player": 2, "kind": "added", "postponed": True}}]}
    /// >>> e.settle(r).net, e.settle(r, profile="mil").net
    /// ([-1, -1, 3, -1], [0, 0, 0, 0])
    /// >>> e.settle({"events": [{"win": [{"player": 5, "hand": "11223344556677m"}]}]})
    /// Traceback (most recent call last):
    /// ...
    /// hupai.HandError: event 1: player 5 does not exist (players are 0-3)
    #[pyo3(signature = (round, profile = "default", **options))]
    fn settle(
        &self,
        py: Python<'_>,
        round: &Bound<'_, PyAny>,
        profile: &str,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<crate::sichuan::PySettlement> {
        if self.rules.name != "sichuan" {
            return Err(hand_error(format!(
                "settle() needs Engine(rules='sichuan') (the only rule set with a settlement); this engine's rules are '{}'",
                self.rules.name
            )));
        }
        self.no_joker("settle")?;
        let options = crate::sichuan::settle_options(profile, options)?;
        let text = crate::sichuan::round_text(round)?;
        with_engine!(self, 0, |e| crate::sichuan::settle(py, &text, &options, &e))
    }

    /// Discard EV of a 3n+2 hand: for each distinct discard,
    /// the probability of being ready and of winning within t = 1..`turns`
    /// draws and the expected score (self-drawn wins; MCR: legal wins and
    /// their points, riichi: wins with a yaku and their payments), best
    /// first. `visible`: tiles seen outside the hand; `no_changes`: keep a
    /// draw only if it lowers the shanten; `shanten_down`: allow discards
    /// one shanten worse than the best; `extra`: exchanges tile changes and
    /// shanten-downs may stray from the shortest paths; `exact`: no such
    /// bound, the model computed exactly (practical for a few draws);
    /// `max_states`: the most states the analysis may hold, past which it
    /// raises `LimitError` (a `ValueError`). As `hupai analyze`.
    ///
    /// >>> a = hupai.Engine(rules="riichi").analyze("123m456p789s11455z", turns=3)
    /// >>> best = a.discards[0]
    /// >>> hupai.tile_name(best.tile), best.shanten, round(best.win[2], 4), round(best.score[2], 2)
    /// ('4z', 0, 0.0944, 934.78)
    #[pyo3(signature = (hand, turns = 17, visible = None, jokers = 0, no_changes = false, shanten_down = false, extra = 1, exact = false, max_states = hupai::ev::DEFAULT_MAX_STATES))]
    #[allow(clippy::too_many_arguments)]
    fn analyze(
        &self,
        py: Python<'_>,
        hand: &Bound<'_, PyAny>,
        turns: usize,
        visible: Option<&Bound<'_, PyAny>>,
        jokers: usize,
        no_changes: bool,
        shanten_down: bool,
        extra: u8,
        exact: bool,
        max_states: usize,
    ) -> PyResult<PyAnalysis> {
        let h = hand::argument(hand)?;
        let options = hupai::ev::Options {
            turns,
            visible: hand::visible(visible)?,
            changes: !no_changes,
            shanten_down,
            extra,
            exact,
            max_states,
            ..hupai::ev::Options::default()
        };
        let a = py
            .detach(|| with_engine!(self, jokers, |e| e.analyze(&h, &options)))
            .map_err(|e| match e {
                hupai::Error::Ev(e) => crate::errors::ev_error(&e),
                e => hand_error(e.to_string()),
            })?;
        PyAnalysis::new(py, a)
    }

    /// Complete or not, per row: (N,) bool. Rows of more tiles than a hand
    /// of the rules can hold (14; 18 under generic undeclared kongs) are
    /// an error.
    ///
    /// >>> import numpy as np
    /// >>> c = np.zeros((2, 34), np.uint8); c[0, [0, 1, 2]] = 1; c[0, 27] = 2; c[1, 0] = 1
    /// >>> hupai.Engine().is_win_batch(c).tolist()
    /// [True, False]
    #[pyo3(signature = (counts, threads = None))]
    fn is_win_batch<'py>(
        &self,
        py: Python<'py>,
        counts: &Bound<'py, PyAny>,
        threads: Option<usize>,
    ) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let rows = batch::rows(counts, "counts")?;
        let threads = batch::threads(threads)?;
        let input = rows.as_slice()?;
        let limit = batch::Limit {
            max: max_size(&self.rules),
            rules: self.rules.name,
        };
        let out = py
            .detach(|| {
                with_engine!(self, 0, |e| if e.jokers().is_none() {
                    // Answered from each row's counts, no hand built.
                    batch::run_counts(input, (1, false), &threads, limit, |_, counts, o| {
                        o[0] = e
                            .tables()
                            .is_win_counts(counts, e.rules())
                            .map_err(message)?;
                        Ok(())
                    })
                } else {
                    batch::run(
                        input,
                        ((1, false), (1, ())),
                        &threads,
                        Some(limit),
                        |_, h, o, _| {
                            e.joker_count(h).map_err(message)?;
                            o[0] = e.is_win(h);
                            Ok(())
                        },
                    )
                    .map(|(a, _)| a)
                })
            })
            .map_err(|e| batch::raise(py, e))?;
        Ok(PyArray1::from_vec(py, out))
    }

    /// Shanten per row: (N,) int8.
    ///
    /// >>> hupai.Engine(rules="riichi").shanten_batch(np.eye(34, dtype=np.uint8)[[0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]].sum(0, keepdims=True).astype(np.uint8)).tolist()
    /// [0]
    #[pyo3(signature = (counts, threads = None))]
    fn shanten_batch<'py>(
        &self,
        py: Python<'py>,
        counts: &Bound<'py, PyAny>,
        threads: Option<usize>,
    ) -> PyResult<Bound<'py, PyArray1<i8>>> {
        let rows = batch::rows(counts, "counts")?;
        let threads = batch::threads(threads)?;
        let input = rows.as_slice()?;
        let (out, _) = py
            .detach(|| {
                with_engine!(self, 0, |e| batch::run(
                    input,
                    ((1, 0i8), (1, ())),
                    &threads,
                    None,
                    |_, h, o, _| {
                        o[0] = e.shanten(h).map_err(message)?;
                        Ok(())
                    }
                ))
            })
            .map_err(|e| batch::raise(py, e))?;
        Ok(PyArray1::from_vec(py, out))
    }

    /// Live waits per row: (N, 34) bool.
    #[pyo3(signature = (counts, threads = None))]
    fn waits_batch<'py>(
        &self,
        py: Python<'py>,
        counts: &Bound<'py, PyAny>,
        threads: Option<usize>,
    ) -> PyResult<Bound<'py, PyArray2<bool>>> {
        let rows = batch::rows(counts, "counts")?;
        let n = rows.shape()[0];
        let threads = batch::threads(threads)?;
        let input = rows.as_slice()?;
        let (out, _) = py
            .detach(|| {
                with_engine!(self, 0, |e| batch::run(
                    input,
                    ((KINDS, false), (1, ())),
                    &threads,
                    None,
                    |_, h, o, _| {
                        for t in e.waits(h).map_err(message)?.live.iter() {
                            o[t.index()] = true;
                        }
                        Ok(())
                    }
                ))
            })
            .map_err(|e| batch::raise(py, e))?;
        batch::array2(py, out, n, KINDS)
    }

    /// Shanten and effective tiles per 3n+1 row: ((N,) int8, (N, 34)
    /// uint8), the second holding the unseen copies of each effective tile
    /// (0 elsewhere). `visible` is None, (34,) for every row, or (N, 34).
    #[pyo3(signature = (counts, visible = None, threads = None))]
    fn effective_batch<'py>(
        &self,
        py: Python<'py>,
        counts: &Bound<'py, PyAny>,
        visible: Option<&Bound<'py, PyAny>>,
        threads: Option<usize>,
    ) -> PyResult<EffectiveArrays<'py>> {
        let rows = batch::rows(counts, "counts")?;
        let n = rows.shape()[0];
        let threads = batch::threads(threads)?;
        let input = rows.as_slice()?;
        // visible: one row for all, or one per row.
        let per_row = match visible {
            Some(v)
                if v.cast::<numpy::PyUntypedArray>()
                    .is_ok_and(|a| a.ndim() == 2) =>
            {
                let vr = batch::rows(v, "visible")?;
                if vr.shape()[0] != n {
                    return Err(hand_error(format!(
                        "visible has {} rows, counts {n}",
                        vr.shape()[0]
                    )));
                }
                Some(vr)
            }
            _ => None,
        };
        let shared: Counts = if per_row.is_some() {
            [0; KINDS]
        } else {
            hand::visible(visible)?
        };
        let vis_rows: Option<&[u8]> = match &per_row {
            Some(v) => Some(v.as_slice()?),
            None => None,
        };
        let (shanten, tiles) = py
            .detach(|| {
                with_engine!(self, 0, |e| batch::run(
                    input,
                    ((1, 0i8), (KINDS, 0u8)),
                    &threads,
                    None,
                    |i, h, s, o| {
                        let e = match vis_rows {
                            None => e.effective(h, &shared).map_err(message)?,
                            Some(v) => {
                                let vis = v[i * KINDS..][..KINDS].try_into().expect("34");
                                e.effective(h, vis).map_err(message)?
                            }
                        };
                        s[0] = e.shanten();
                        for (t, left) in e.iter() {
                            o[t.index()] = left;
                        }
                        Ok(())
                    }
                ))
            })
            .map_err(|e| batch::raise(py, e))?;
        Ok((
            PyArray1::from_vec(py, shanten),
            batch::array2(py, tiles, n, KINDS)?,
        ))
    }

    /// Shanten after discarding each kind, per 3n+2 row: (N, 34) int8, 127
    /// where the row holds no copy of the kind.
    #[pyo3(signature = (counts, threads = None))]
    fn discard_shanten_batch<'py>(
        &self,
        py: Python<'py>,
        counts: &Bound<'py, PyAny>,
        threads: Option<usize>,
    ) -> PyResult<Bound<'py, PyArray2<i8>>> {
        let rows = batch::rows(counts, "counts")?;
        let n = rows.shape()[0];
        let threads = batch::threads(threads)?;
        let input = rows.as_slice()?;
        let (out, _) = py
            .detach(|| {
                with_engine!(self, 0, |e| batch::run(
                    input,
                    ((KINDS, 127i8), (1, ())),
                    &threads,
                    None,
                    |_, h, o, _| discard_shanten(&e, h, o)
                ))
            })
            .map_err(|e| batch::raise(py, e))?;
        batch::array2(py, out, n, KINDS)
    }

    /// The core's own time on the hands of a batch, for `python/bench.py`:
    /// `op` ("is_win", "shanten", "waits", "effective", "discard_shanten")
    /// asked of every hand of `hands` (built beforehand by
    /// `hupai._hupai._core_hands`) through the core's public calls on one
    /// thread, with no array read, no check and no output written. Returns a
    /// checksum of the answers (the batch's answers give the same one), so
    /// the work is done; the caller times the call.
    #[pyo3(signature = (op, hands, visible = None))]
    fn _core_batch(
        &self,
        py: Python<'_>,
        op: &str,
        hands: &timing::CoreHands,
        visible: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<u64> {
        if self.joker.is_some() {
            return Err(hand_error("_core_batch times engines without a joker tile"));
        }
        let op = timing::Op::parse(op)?;
        let visible = hand::visible(visible)?;
        let rules = self.rules;
        py.detach(|| match &self.source {
            Source::Embedded => timing::run(Tables::embedded(), &rules, op, hands, &visible),
            Source::Mapped { tables, .. } => timing::run(&**tables, &rules, op, hands, &visible),
        })
        .map_err(hand_error)
    }
}

impl PyEngine {
    /// The core's engine over `tables` with this engine's rules and joker
    /// tile, plus `jokers` jokers.
    fn over<'t, B>(&self, tables: &'t Tables<B>, jokers: usize) -> Engine<&'t Tables<B>> {
        Engine::new(tables, self.rules).with_jokers(Jokers {
            extra: jokers,
            tile: self.joker,
        })
    }

    /// Sichuan scoring and settlement take no joker tile.
    fn no_joker(&self, call: &str) -> PyResult<()> {
        match self.joker {
            Some(t) => Err(hand_error(format!(
                "{call}(): Sichuan scoring has no jokers; this engine has joker='{t}'"
            ))),
            None => Ok(()),
        }
    }
}

/// The MCR situation keywords as core flags, and the winning tile if given.
fn mcr_situation(kw: Option<&Bound<'_, PyDict>>) -> PyResult<(Flags, Option<Tile>)> {
    let mut f = Flags::default();
    let mut win = None;
    let Some(kw) = kw else { return Ok((f, win)) };
    for (k, v) in kw.iter() {
        let key: String = k.extract()?;
        let flag = |v: &Bound<'_, PyAny>| -> PyResult<bool> {
            v.extract::<bool>()
                .map_err(|_| PyTypeError::new_err(format!("{key}= takes True or False")))
        };
        let text = |v: &Bound<'_, PyAny>| -> PyResult<String> { Ok(v.str()?.to_string()) };
        match key.as_str() {
            "self_drawn" => f.self_drawn = flag(&v)?,
            "last_tile" => f.last_tile = flag(&v)?,
            "last_wall" => f.last_wall = flag(&v)?,
            "kong" => f.kong = flag(&v)?,
            "prevalent" => f.prevalent = text(&v)?.parse::<Wind>().map_err(hand_error)?,
            "seat" => f.seat = text(&v)?.parse::<Wind>().map_err(hand_error)?,
            "flowers" => {
                f.flowers = hupai::mcr::input::parse_flowers(&text(&v)?)
                    .map_err(|e| hand_error(e.to_string()))?
            }
            "variant" => f.variant = text(&v)?.parse::<Variant>().map_err(hand_error)?,
            "win_tile" => win = Some(convert::tile(&v)?),
            _ => {
                return Err(PyTypeError::new_err(format!(
                    "score() got an unexpected keyword '{key}' for MCR (expected self_drawn, \
                     last_tile, last_wall, kong, prevalent, seat, flowers, variant, win_tile)"
                )))
            }
        }
    }
    Ok((f, win))
}

/// The riichi keywords of `score()` as the flag words of `hupai score
/// --rules riichi` (`self_drawn=True` → `--self-drawn`, `seat="S"` →
/// `--seat S`, `kiriage=False` → `--no-kiriage`), read by the core's parser.
fn riichi_situation(
    three_player: bool,
    kw: Option<&Bound<'_, PyDict>>,
) -> PyResult<(hupai::riichi::Settings, Option<Tile>)> {
    let mut s = if three_player {
        hupai::riichi::Settings::three_player()
    } else {
        hupai::riichi::Settings::default()
    };
    let mut win = None;
    let Some(kw) = kw else { return Ok((s, win)) };
    let mut words: Vec<String> = Vec::new();
    for (k, v) in kw.iter() {
        let key: String = k.extract()?;
        if key == "win_tile" {
            win = Some(convert::tile(&v)?);
            continue;
        }
        let name = key.replace('_', "-");
        if v.is_instance_of::<pyo3::types::PyBool>() {
            if v.extract::<bool>()? {
                words.push(format!("--{name}"));
            } else if hupai::riichi::Options::default().set_flag(&name) {
                // Only a rule option can be turned off.
                words.push(format!("--no-{name}"));
            }
        } else {
            words.push(format!("--{name}={}", v.str()?));
        }
    }
    s.apply_words(words.iter().map(String::as_str))
        .map_err(|e| PyTypeError::new_err(format!("score(): {e}")))?;
    Ok((s, win))
}
