//! The Python binding of hupai (`import hupai`): converts Python values to
//! core values, calls the core, converts the answers back. No rule lives
//! here.
//!
//! Modules: `convert` (hand, tile, rule and count arguments), `hand`
//! (`Hand`, `Meld`), `ops` (the row operations a batch asks that are not
//! one core call), `engine` (`Engine` and its methods),
//! `batch` (numpy rows, rayon, GIL release), `results` (answer objects),
//! `sichuan` (Sichuan scoring keywords, `SichuanScore`, `Settlement`,
//! `Payment`), `errors` (`ParseError`, `HandError`), `timing` (the core's own time on a
//! batch's hands, for `bench.py`).

mod batch;
mod convert;
mod engine;
mod errors;
mod hand;
mod ops;
mod results;
mod sichuan;
mod timing;

use pyo3::prelude::*;

/// Parse a hand in a notation: "auto" (default: whichever notation reads
/// it; they must agree), "mpsz", "mediatek", "chengdu" or "mcr".
///
/// >>> import hupai
/// >>> str(hupai.parse("ABCeee345456DD", notation="mediatek"))
/// '12344m344556p555s'
/// >>> str(hupai.parse("1D1D2D2D3D3D4W4W5W5W6W6W7W8W"))
/// '44556678m112233p'
/// >>> hupai.parse("123m 45x", notation="mpsz")
/// Traceback (most recent call last):
/// ...
/// hupai.ParseError: unexpected character 'x' at position 8
#[pyfunction]
#[pyo3(signature = (text, notation = "auto"))]
fn parse(py: Python<'_>, text: &str, notation: &str) -> PyResult<hand::PyHand> {
    convert::parse(py, text, convert::notation(notation)?).map(hand::PyHand)
}

/// The mpsz name of a tile index 0-33.
///
/// >>> hupai.tile_name(0), hupai.tile_name(31), hupai.tile_name(33)
/// ('1m', '5z', '7z')
#[pyfunction]
fn tile_name(index: i64) -> PyResult<String> {
    convert::tile_index(index).map(|t| t.to_string())
}

/// The index 0-33 of one tile in mpsz ("0m", a red five, is 5m).
///
/// >>> hupai.tile_index("5z"), hupai.tile_index("0m"), hupai.tile_index("9s")
/// (31, 4, 26)
#[pyfunction]
fn tile_index(py: Python<'_>, tile: &str) -> PyResult<usize> {
    hupai::notation::parse_tile(tile)
        .map(|t| t.index())
        .map_err(|e| errors::parse_error(py, &e))
}

#[pymodule]
fn _hupai(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    // Class defaults, so `.position` and `.row` read as None where unset.
    let parse_error = py.get_type::<errors::ParseError>();
    parse_error.setattr("position", py.None())?;
    let hand_error = py.get_type::<errors::HandError>();
    hand_error.setattr("row", py.None())?;
    m.add("ParseError", parse_error)?;
    m.add("HandError", hand_error)?;
    m.add("LimitError", py.get_type::<errors::LimitError>())?;
    m.add_class::<engine::PyEngine>()?;
    m.add_class::<hand::PyHand>()?;
    m.add_class::<hand::PyMeld>()?;
    m.add_class::<results::PyWaits>()?;
    m.add_class::<results::PyEffective>()?;
    m.add_class::<results::PyDiscard>()?;
    m.add_class::<results::PyScore>()?;
    m.add_class::<results::PyFan>()?;
    m.add_class::<results::PyRiichiScore>()?;
    m.add_class::<sichuan::PySichuanScore>()?;
    m.add_class::<sichuan::PySettlement>()?;
    m.add_class::<sichuan::PyPayment>()?;
    m.add_class::<results::PyAnalysis>()?;
    m.add_class::<results::PyDiscardEv>()?;
    m.add_function(wrap_pyfunction!(parse, m)?)?;
    m.add_function(wrap_pyfunction!(tile_name, m)?)?;
    m.add_function(wrap_pyfunction!(tile_index, m)?)?;
    m.add_class::<timing::CoreHands>()?;
    m.add_function(wrap_pyfunction!(timing::_core_hands, m)?)?;
    m.add("KINDS", hupai::KINDS)?;
    Ok(())
}
