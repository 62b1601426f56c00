//! `hupai.Hand` and `hupai.Meld`: the core hand model as Python values.

use crate::convert;
use crate::errors::hand_error;
use hupai::notation::{self, format_mpsz};
use hupai::{Counts, Hand, Meld, MeldKind, Notation, KINDS};
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};

/// A hand argument: a `Hand`, a string (auto notation) or 34 counts.
pub fn argument(obj: &Bound<'_, PyAny>) -> PyResult<Hand> {
    // Lists first: the single-call fast path of a Python caller.
    if let Ok(list) = obj.cast_exact::<PyList>() {
        return convert::counts_hand(&convert::list_counts(list)?);
    }
    if let Ok(h) = obj.cast_exact::<PyHand>() {
        return Ok(h.get().0);
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return convert::parse(obj.py(), &s.to_cow()?, Notation::Auto);
    }
    convert::counts_hand(&convert::counts(obj)?)
}

/// A count argument that is not a hand string: 34 counts, or a `Hand`
/// (all its tiles, melds included: the `visible=` argument).
pub fn visible(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Counts> {
    match obj {
        None => Ok([0; KINDS]),
        Some(o) if o.is_none() => Ok([0; KINDS]),
        Some(o) => {
            if let Ok(h) = o.cast_exact::<PyHand>() {
                return Ok(h.get().0.all_counts());
            }
            if let Ok(s) = o.cast::<PyString>() {
                return Ok(convert::parse(o.py(), &s.to_cow()?, Notation::Auto)?.all_counts());
            }
            convert::counts(o)
        }
    }
}

/// A hand: concealed tile counts, declared melds, red fives and the last
/// tile as written (scoring reads it as the winning tile).
///
/// Build one from any hand argument: a string (auto notation), 34 counts,
/// or another Hand. `str(h)` is canonical mpsz. Equality compares all the
/// hand records, the last tile included; hands pickle.
///
/// >>> import hupai
/// >>> h = hupai.Hand("[EEE][SSSS1]55pWWWNNN")
/// >>> str(h), h.size
/// ('[111z][2222z1]55p333444z', 14)
/// >>> [str(m) for m in h.melds]
/// ['[111z]', '[2222z1]']
/// >>> int(h.counts[13]), int(h.counts.sum())
/// (2, 8)
/// >>> hupai.Hand("406m").red_fives, str(hupai.Hand("406m"))
/// ((1, 0, 0), '406m')
/// >>> h.format("mcr")
/// '[EEE][SSSS1]55pWWWNNN'
#[pyclass(module = "hupai", name = "Hand", frozen)]
#[derive(Clone, Copy)]
pub struct PyHand(pub Hand);

#[pymethods]
impl PyHand {
    #[new]
    fn new(hand: &Bound<'_, PyAny>) -> PyResult<Self> {
        argument(hand).map(PyHand)
    }

    /// Concealed counts: a new (34,) uint8 array (index order 1m..9m,
    /// 1p..9p, 1s..9s, 1z..7z; red fives count as fives).
    #[getter]
    fn counts<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u8>> {
        PyArray1::from_slice(py, self.0.counts())
    }

    /// Counts of every tile of the hand, declared melds included.
    #[getter]
    fn all_counts<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u8>> {
        PyArray1::from_slice(py, &self.0.all_counts())
    }

    /// The declared melds, in the order written.
    #[getter]
    fn melds(&self) -> Vec<PyMeld> {
        self.0.melds().map(|m| PyMeld(*m)).collect()
    }

    /// Concealed red fives of the m, p and s suits.
    #[getter]
    fn red_fives(&self) -> (u8, u8, u8) {
        let [m, p, s] = self.0.red_fives();
        (m, p, s)
    }

    /// The last concealed tile as written (the winning tile for scoring),
    /// or None for a hand built from counts.
    #[getter]
    fn last_tile(&self) -> Option<usize> {
        self.0.last_tile().map(|t| t.index())
    }

    /// Slots: concealed tiles plus three per declared meld (14 for a
    /// complete hand, a kong counting three).
    #[getter]
    fn size(&self) -> usize {
        self.0.concealed_len() + 3 * self.0.meld_count()
    }

    /// The hand in a notation ("mpsz", "mediatek", "chengdu", "mcr"),
    /// keeping melds, red fives and the last tile (written last).
    #[pyo3(signature = (notation = "mpsz"))]
    fn format(&self, notation: &str) -> PyResult<String> {
        notation::format(&self.0, convert::notation(notation)?)
            .map_err(|e| hand_error(e.to_string()))
    }

    /// The hand with one more concealed copy of `tile` (index or "5z").
    ///
    /// >>> str(hupai.Hand("123m").with_tile("4m"))
    /// '1234m'
    fn with_tile(&self, tile: &Bound<'_, PyAny>) -> PyResult<PyHand> {
        let t = convert::tile(tile)?;
        self.0
            .with_tile(t)
            .map(PyHand)
            .map_err(|e| hand_error(e.to_string()))
    }

    /// The hand with one concealed copy of `tile` removed.
    ///
    /// >>> str(hupai.Hand("1234m").without_tile(0))
    /// '234m'
    fn without_tile(&self, tile: &Bound<'_, PyAny>) -> PyResult<PyHand> {
        let t = convert::tile(tile)?;
        self.0
            .without_tile(t)
            .map(PyHand)
            .ok_or_else(|| hand_error(format!("the hand holds no concealed {t}")))
    }

    fn __str__(&self) -> String {
        format_mpsz(&self.0)
    }

    fn __repr__(&self) -> String {
        format!("Hand('{}')", format_mpsz(&self.0))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast_exact::<PyHand>()
            .is_ok_and(|o| o.get().0 == self.0)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.0.hash(&mut h);
        h.finish()
    }

    /// Pickles as `parse(text, "mpsz")`: mpsz keeps everything the hand records.
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, (String, &'static str))> {
        let text =
            notation::format(&self.0, Notation::Mpsz).map_err(|e| hand_error(e.to_string()))?;
        let parse = py.import("hupai._hupai")?.getattr("parse")?;
        Ok((parse, (text, "mpsz")))
    }
}

/// A declared meld: `kind` ("chow", "pung", "kong", "concealed_kong"), its
/// lowest `tile`, its `tiles`, `source` (1 left, 2 opposite, 3 right,
/// None when unrecorded) and `red`, its red fives. `str(m)` is its mpsz group.
///
/// >>> m = hupai.Hand("[777z2]11z").melds[0]
/// >>> m.kind, m.tile, m.tiles, m.source, str(m)
/// ('pung', 33, [33, 33, 33], 2, '[777z2]')
/// >>> k = hupai.Hand("[0555m2]11z").melds[0]
/// >>> k.kind, k.red, str(k)
/// ('kong', 1, '[0555m2]')
#[pyclass(module = "hupai", name = "Meld", frozen)]
#[derive(Clone, Copy)]
pub struct PyMeld(pub Meld);

#[pymethods]
impl PyMeld {
    /// "chow", "pung", "kong" (melded) or "concealed_kong".
    #[getter]
    fn kind(&self) -> &'static str {
        match self.0.kind() {
            MeldKind::Chow => "chow",
            MeldKind::Pung => "pung",
            MeldKind::Kong => "kong",
            MeldKind::ConcealedKong => "concealed_kong",
        }
    }

    /// The lowest tile's index.
    #[getter]
    fn tile(&self) -> usize {
        self.0.tile().index()
    }

    /// The tiles' indices in order.
    #[getter]
    fn tiles(&self) -> Vec<usize> {
        self.0.tiles().map(|t| t.index()).collect()
    }

    /// Who it was claimed from: 1 left, 2 opposite, 3 right; None when
    /// unrecorded or concealed.
    #[getter]
    fn source(&self) -> Option<u8> {
        self.0.from().map(|f| f.digit())
    }

    /// How many of its fives are red (`[055s]`: 1).
    #[getter]
    fn red(&self) -> u8 {
        self.0.red_fives()
    }

    fn __str__(&self) -> String {
        // A hand of this meld alone formats as the meld's group.
        match Hand::new([0; KINDS], &[self.0]) {
            Ok(h) => format_mpsz(&h),
            Err(_) => String::new(),
        }
    }

    fn __repr__(&self) -> String {
        format!("Meld('{}')", self.__str__())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast_exact::<PyMeld>()
            .is_ok_and(|o| o.get().0 == self.0)
    }
}
