//! The exception types and the conversions of core errors into them.
//!
//! All are `ValueError` subclasses, so `except ValueError` catches every bad
//! hand or request. A `ParseError` carries `.position` (1-based character, or None); a
//! `HandError` raised by a batch carries `.row` (the row index).

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    hupai,
    ParseError,
    PyValueError,
    "A hand or tile string that no notation reads. `.position` is the 1-based \
     character position of the problem, or None when it concerns the whole input."
);
create_exception!(
    hupai,
    HandError,
    PyValueError,
    "A hand that cannot be asked this question: a fifth copy, a size the query does \
     not accept, a tile the rule set lacks, a bad count array. A batch sets `.row`."
);

create_exception!(
    hupai,
    LimitError,
    PyValueError,
    "A discard EV analysis that would hold more states than `max_states` allows; \
     the message names the limit and what to lower (turns, extra, exact)."
);

/// A discard EV error: `LimitError` past the state limit, else `HandError`.
pub fn ev_error(e: &hupai::ev::EvError) -> PyErr {
    match e {
        hupai::ev::EvError::TooManyStates { .. } => LimitError::new_err(e.to_string()),
        _ => HandError::new_err(e.to_string()),
    }
}

/// A `ParseError` with its position attribute.
pub fn parse_error(py: Python<'_>, e: &hupai::ParseError) -> PyErr {
    let err = ParseError::new_err(e.to_string());
    // Setting an attribute on a fresh exception object cannot fail in practice;
    // if it did, the message alone still tells the position.
    let _ = err.value(py).setattr("position", e.position);
    err
}

/// A `HandError` from any message.
pub fn hand_error(msg: impl Into<String>) -> PyErr {
    HandError::new_err(msg.into())
}

/// A `HandError` naming the batch row it comes from.
pub fn row_error(py: Python<'_>, row: usize, msg: &str) -> PyErr {
    let err = HandError::new_err(format!("row {row}: {msg}"));
    let _ = err.value(py).setattr("row", row);
    err
}
