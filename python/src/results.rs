//! The answers as Python objects: tile lists are 34-indices.

use hupai::engine::Effective;
use hupai::mcr::{Score, ScoringInput};
use hupai::{TileSet, Waits};
use pyo3::prelude::*;

fn indices(s: TileSet) -> Vec<usize> {
    s.iter().map(|t| t.index()).collect()
}

fn names(v: &[usize]) -> String {
    let n: Vec<String> = v
        .iter()
        .filter_map(|&i| hupai::Tile::from_index(i))
        .map(|t| t.to_string())
        .collect();
    n.join(" ")
}

/// The waits of a ready hand: `live` tiles, and `exhausted` ones whose four
/// copies the hand holds already. Empty lists: not ready.
///
/// >>> w = hupai.Engine().waits("1111m23m456p789s11z")
/// >>> w.live, w.exhausted
/// ([3], [0])
#[pyclass(module = "hupai", name = "Waits", frozen, get_all)]
pub struct PyWaits {
    /// Waits with a copy left outside the hand (tile indices).
    pub live: Vec<usize>,
    /// Waits whose four copies the hand holds.
    pub exhausted: Vec<usize>,
}

impl From<Waits> for PyWaits {
    fn from(w: Waits) -> Self {
        PyWaits {
            live: indices(w.live),
            exhausted: indices(w.exhausted),
        }
    }
}

#[pymethods]
impl PyWaits {
    fn __repr__(&self) -> String {
        format!(
            "Waits(live='{}', exhausted='{}')",
            names(&self.live),
            names(&self.exhausted)
        )
    }

    fn __bool__(&self) -> bool {
        !self.live.is_empty() || !self.exhausted.is_empty()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast_exact::<PyWaits>().is_ok_and(|o| {
            let o = o.get();
            o.live == self.live && o.exhausted == self.exhausted
        })
    }
}

/// Effective tiles of a 3n+1 hand: `shanten`, the `tiles` whose draw lowers
/// it, `remaining[i]` unseen copies of `tiles[i]`, and their `total`.
///
/// >>> e = hupai.Engine(rules="riichi").effective("123m456p789s1112z")
/// >>> e.shanten, e.tiles, e.remaining, e.total
/// (0, [28], [3], 3)
#[pyclass(module = "hupai", name = "Effective", frozen, get_all)]
pub struct PyEffective {
    /// Shanten of the hand (-1 complete, 0 ready).
    pub shanten: i8,
    /// The tiles whose draw lowers the shanten.
    pub tiles: Vec<usize>,
    /// Unseen copies of each of `tiles`.
    pub remaining: Vec<u32>,
    /// Unseen copies of all effective tiles together.
    pub total: u32,
}

impl From<Effective> for PyEffective {
    fn from(e: Effective) -> Self {
        PyEffective {
            shanten: e.shanten(),
            tiles: indices(e.tiles()),
            remaining: e.iter().map(|(_, n)| u32::from(n)).collect(),
            total: e.total(),
        }
    }
}

#[pymethods]
impl PyEffective {
    fn __repr__(&self) -> String {
        format!(
            "Effective(shanten={}, tiles='{}', total={})",
            self.shanten,
            names(&self.tiles),
            self.total
        )
    }
}

/// One row of a discard table: discard `tile`, reach `shanten`, then draw
/// one of `tiles` (`remaining` unseen copies each, `total` together).
///
/// >>> [(d.tile, d.shanten, d.tiles) for d in hupai.Engine(rules="riichi").discards("123m456p789s11125z")]
/// [(28, 0, [31]), (31, 0, [28])]
#[pyclass(module = "hupai", name = "Discard", frozen, get_all)]
pub struct PyDiscard {
    /// The tile to discard.
    pub tile: usize,
    /// Shanten after the discard.
    pub shanten: i8,
    /// The tiles whose draw then lowers the shanten.
    pub tiles: Vec<usize>,
    /// Unseen copies of each of `tiles`.
    pub remaining: Vec<u32>,
    /// Unseen copies of all of `tiles` together.
    pub total: u32,
}

impl PyDiscard {
    pub fn new(tile: hupai::Tile, e: Effective) -> Self {
        let e2 = PyEffective::from(e);
        PyDiscard {
            tile: tile.index(),
            shanten: e2.shanten,
            tiles: e2.tiles,
            remaining: e2.remaining,
            total: e2.total,
        }
    }
}

#[pymethods]
impl PyDiscard {
    fn __repr__(&self) -> String {
        format!(
            "Discard(tile='{}', shanten={}, tiles='{}', total={})",
            names(&[self.tile]),
            self.shanten,
            names(&self.tiles),
            self.total
        )
    }
}

/// One fan of an MCR score: English `name` (docs/rules/mcr.md), `chinese`,
/// `number` in the rule table (1-81; None for the combined kong entry),
/// `points` each and `count`.
#[pyclass(module = "hupai", name = "Fan", frozen, get_all)]
pub struct PyFan {
    /// English name (docs/rules/mcr.md).
    pub name: &'static str,
    /// Chinese name.
    pub chinese: &'static str,
    /// Number in the rule table, 1-81 (None: Concealed Kong and Melded Kong).
    pub number: Option<u8>,
    /// Points of one occurrence.
    pub points: u8,
    /// Occurrences.
    pub count: u8,
}

#[pymethods]
impl PyFan {
    fn __repr__(&self) -> String {
        format!(
            "Fan('{}', points={}, count={})",
            self.name, self.points, self.count
        )
    }
}

/// An MCR score: `total` points (flowers included), `legal` (at least 8
/// points without flowers), the `fans`, the `arrangement` that scores best
/// (groups in mpsz) and the `win_tile`.
///
/// >>> s = hupai.Engine(rules="mcr").score("19m19p19s1234567z1m", self_drawn=True)
/// >>> s.total, s.legal, [(f.name, f.points) for f in s.fans]
/// (89, True, [('Thirteen Orphans', 88), ('Self-Drawn', 1)])
#[pyclass(module = "hupai", name = "Score", frozen, get_all)]
pub struct PyScore {
    /// The rule family that scored: "mcr".
    pub rules: &'static str,
    /// Points, flowers included after a legal win.
    pub total: u32,
    /// At least 8 points without flowers.
    pub legal: bool,
    /// The fans counted.
    pub fans: Vec<Py<PyFan>>,
    /// The arrangement that scores best, groups in mpsz.
    pub arrangement: Vec<String>,
    /// The winning tile's index.
    pub win_tile: usize,
}

impl PyScore {
    pub fn mcr(py: Python<'_>, input: &ScoringInput, s: &Score) -> PyResult<Self> {
        let fans = s
            .fans
            .iter()
            .map(|f| {
                Py::new(
                    py,
                    PyFan {
                        name: f.fan.name(),
                        chinese: f.fan.chinese(),
                        number: f.fan.number(),
                        points: f.points,
                        count: f.count,
                    },
                )
            })
            .collect::<PyResult<_>>()?;
        Ok(PyScore {
            rules: "mcr",
            total: s.total,
            legal: s.legal,
            fans,
            arrangement: s
                .arrangement
                .groups()
                .iter()
                .map(|g| g.to_string())
                .collect(),
            win_tile: input.win_tile().index(),
        })
    }
}

#[pymethods]
impl PyScore {
    fn __repr__(&self) -> String {
        format!(
            "Score(rules='{}', total={}, legal={})",
            self.rules,
            self.total,
            if self.legal { "True" } else { "False" }
        )
    }
}

/// A riichi score: `han` (dora included), `fu`, the `yaku` as (name,
/// japanese, han), the `fu_details` as (reason, fu), the `cost` (main,
/// additional, total), the `limit` reached ("mangan" … "yakuman", or None),
/// the `yakuman` multiple, and `legal` (False, with a `reason`, when the
/// hand has no yaku).
///
/// >>> s = hupai.Engine(rules="riichi").score("[777z1]234m567p789s9s9s", seat="S")
/// >>> s.han, s.fu, s.cost["total"], [y[0] for y in s.yaku]
/// (1, 30, 1000, ['Yakuhai (chun)'])
#[pyclass(module = "hupai", name = "RiichiScore", frozen, get_all)]
pub struct PyRiichiScore {
    /// Han, dora included (13 per yakuman).
    pub han: u32,
    /// Fu.
    pub fu: u32,
    /// (name, japanese, han) of each yaku and dora.
    pub yaku: Vec<(&'static str, &'static str, u8)>,
    /// (reason, fu) of each fu.
    pub fu_details: Vec<(&'static str, u8)>,
    /// "main", "additional" (each non-dealer on a tsumo) and "total".
    pub cost: std::collections::BTreeMap<&'static str, u32>,
    /// The limit reached, if any.
    pub limit: Option<&'static str>,
    /// Yakuman multiple paid (0 below yakuman).
    pub yakuman: u32,
    /// False when the hand has no yaku.
    pub legal: bool,
    /// Why the hand may not be won, when it may not.
    pub reason: Option<&'static str>,
}

impl From<&hupai::riichi::Score> for PyRiichiScore {
    fn from(s: &hupai::riichi::Score) -> Self {
        PyRiichiScore {
            han: s.han,
            fu: s.fu,
            yaku: s
                .yaku
                .as_slice()
                .iter()
                .map(|&(y, h)| (y.name(), y.japanese(), h))
                .collect(),
            fu_details: s
                .fu_details
                .as_slice()
                .iter()
                .map(|&(r, f)| (r.name(), f))
                .collect(),
            cost: [
                ("main", s.cost.main),
                ("additional", s.cost.additional),
                ("total", s.cost.total),
            ]
            .into(),
            limit: s.cost.limit.map(|l| l.name()),
            yakuman: s.cost.yakuman,
            legal: s.legal,
            reason: s.reason(),
        }
    }
}

#[pymethods]
impl PyRiichiScore {
    fn __repr__(&self) -> String {
        format!(
            "RiichiScore(han={}, fu={}, total={}, legal={})",
            self.han,
            self.fu,
            self.cost["total"],
            if self.legal { "True" } else { "False" }
        )
    }
}

/// One discard of a discard-EV analysis: the `tile` discarded, the
/// `shanten` then, its `effective` tiles as (tile, unseen copies), and per
/// t = 1..turns draws left (element t − 1) the probability of being ready
/// (`tenpai`), of winning (`win`) and the expected `score` (None under
/// generic and sichuan rules).
#[pyclass(module = "hupai", name = "DiscardEv", frozen, get_all)]
pub struct PyDiscardEv {
    /// The tile discarded.
    pub tile: usize,
    /// Shanten after the discard.
    pub shanten: i8,
    /// (tile, unseen copies) that lower the shanten.
    pub effective: Vec<(usize, u8)>,
    /// Probability of being ready within t draws.
    pub tenpai: Vec<f64>,
    /// Probability of winning within t draws.
    pub win: Vec<f64>,
    /// Expected score within t draws (None: the rules have no points).
    pub score: Option<Vec<f64>>,
}

#[pymethods]
impl PyDiscardEv {
    fn __repr__(&self) -> String {
        format!(
            "DiscardEv(tile='{}', shanten={}, win={:.4})",
            names(&[self.tile]),
            self.shanten,
            self.win.last().copied().unwrap_or(0.0)
        )
    }
}

/// A discard-EV analysis: the hand's `shanten`, the `turns`
/// (draws left), every distinct discard best first, and the graph `states`.
#[pyclass(module = "hupai", name = "Analysis", frozen, get_all)]
pub struct PyAnalysis {
    /// Shanten of the hand analysed.
    pub shanten: i8,
    /// Draws left, T.
    pub turns: usize,
    /// Every distinct discard, best first.
    pub discards: Vec<Py<PyDiscardEv>>,
    /// States (3n+1 hands) in the graph.
    pub states: usize,
}

impl PyAnalysis {
    pub fn new(py: Python<'_>, a: hupai::ev::Analysis) -> PyResult<Self> {
        let discards = a
            .discards
            .into_iter()
            .map(|d| {
                Py::new(
                    py,
                    PyDiscardEv {
                        tile: d.tile.index(),
                        shanten: d.shanten,
                        effective: d.effective.iter().map(|&(t, n)| (t.index(), n)).collect(),
                        tenpai: d.tenpai,
                        win: d.win,
                        score: d.score,
                    },
                )
            })
            .collect::<PyResult<_>>()?;
        Ok(PyAnalysis {
            shanten: a.shanten,
            turns: a.turns,
            discards,
            states: a.states,
        })
    }
}

#[pymethods]
impl PyAnalysis {
    fn __repr__(&self) -> String {
        format!(
            "Analysis(shanten={}, turns={}, discards={})",
            self.shanten,
            self.turns,
            self.discards.len()
        )
    }
}
