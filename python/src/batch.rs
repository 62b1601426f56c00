//! numpy batches: (N, 34) uint8 C-contiguous rows read in place, answered in
//! parallel (rayon) with the GIL released, into new arrays.
//!
//! A row is a concealed hand; a short row (3k tiles fewer than 13 or 14)
//! is a hand beside k declared melds whose tiles are not given, as the
//! peers read it. Rows go through the same calls as the single-hand
//! methods ([`crate::ops`]); a bad row stops the batch with a `HandError`
//! naming the first bad row.

use crate::errors::{hand_error, row_error};
use hupai::{Counts, Hand, KINDS};
use numpy::{PyArray2, PyArrayMethods, PyReadonlyArray2, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use rayon::prelude::*;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// Rows one rayon task takes: a row costs tens of nanoseconds.
const CHUNK: usize = 1024;

/// The (N, 34) uint8 C-contiguous array, or a clear error.
pub fn rows<'py>(obj: &Bound<'py, PyAny>, what: &str) -> PyResult<PyReadonlyArray2<'py, u8>> {
    let Ok(arr) = obj.cast::<PyUntypedArray>() else {
        return Err(PyTypeError::new_err(format!(
            "{what} must be a numpy array of shape (N, 34) and dtype uint8, not {} \
             (np.asarray(x, dtype=np.uint8) converts one)",
            obj.get_type().name()?
        )));
    };
    let dtype = arr.dtype().str()?.to_string();
    if arr.ndim() != 2 || arr.shape()[1] != KINDS {
        return Err(hand_error(format!(
            "{what} must have shape (N, 34), not {:?}",
            arr.shape()
        )));
    }
    let Ok(typed) = obj.cast::<PyArray2<u8>>() else {
        return Err(PyTypeError::new_err(format!(
            "{what} must have dtype uint8, not {dtype} (x.astype(np.uint8) converts it)"
        )));
    };
    if !arr.is_c_contiguous() {
        return Err(hand_error(format!(
            "{what} must be C-contiguous (np.ascontiguousarray(x) makes it so)"
        )));
    }
    typed
        .try_readonly()
        .map_err(|e| hand_error(format!("{what}: {e}")))
}

/// A rayon pool of `n` threads, built once per size and kept.
fn pool(n: usize) -> PyResult<Arc<rayon::ThreadPool>> {
    static POOLS: OnceLock<Mutex<HashMap<usize, Arc<rayon::ThreadPool>>>> = OnceLock::new();
    let mut pools = POOLS
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|p| p.into_inner());
    if let Some(p) = pools.get(&n) {
        return Ok(p.clone());
    }
    let p = Arc::new(
        rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .map_err(|e| hand_error(format!("threads={n}: {e}")))?,
    );
    pools.insert(n, p.clone());
    Ok(p)
}

/// Check a `threads=` value: None (every core) or 1 ..= 4 × cores.
pub fn threads(n: Option<usize>) -> PyResult<Option<Arc<rayon::ThreadPool>>> {
    let Some(n) = n else { return Ok(None) };
    let cores = std::thread::available_parallelism().map_or(1, |c| c.get());
    if n == 0 || n > 4 * cores {
        return Err(hand_error(format!(
            "threads={n}: expected 1 to {} (4 x {cores} cores), or None for every core",
            4 * cores
        )));
    }
    pool(n).map(Some)
}

/// Answer every row: `f(row_index, hand, out_row)` fills `per_row` outputs; the first
/// bad row (lowest index) is the error. Runs on `pool`, or on the global
/// pool when None. Call it with the GIL released.
pub fn run<T, F>(
    input: &[u8],
    per_row: usize,
    fill: T,
    pool: Option<&rayon::ThreadPool>,
    f: F,
) -> Result<Vec<T>, (usize, String)>
where
    T: Copy + Send + Sync,
    F: Fn(usize, &Hand, &mut [T]) -> Result<(), String> + Sync,
{
    let n = input.len() / KINDS;
    let mut out = vec![fill; n * per_row];
    let mut work = || {
        input
            .par_chunks(KINDS * CHUNK)
            .zip(out.par_chunks_mut(per_row * CHUNK))
            .enumerate()
            .filter_map(|(c, (rows, outs))| {
                let base = c * CHUNK;
                let at = |i: usize, e: String| Some((base + i, e));
                // A one-row pipeline: build row i's hand, then answer row
                // i - 1, whose stores have settled by then. Answering a hand
                // just written stalls on store forwarding (the engine reads
                // the counts with wider loads than the copy wrote them):
                // measured 24-36 -> 19-24 ns per is_win row.
                let empty = Hand::new([0; KINDS], &[]).expect("an empty hand is valid");
                let mut ring = [empty; 2];
                let mut pending = None;
                for (i, row) in rows.chunks_exact(KINDS).enumerate() {
                    let counts: &Counts = row.try_into().expect("rows of 34");
                    let built = Hand::new(*counts, &[]);
                    if let Some(p) = pending.take() {
                        if let Err(e) =
                            f(base + p, &ring[p & 1], &mut outs[p * per_row..][..per_row])
                        {
                            return at(p, e);
                        }
                    }
                    match built {
                        Ok(h) => {
                            ring[i & 1] = h;
                            pending = Some(i);
                        }
                        Err(e) => return at(i, e.to_string()),
                    }
                }
                match pending {
                    Some(p) => f(base + p, &ring[p & 1], &mut outs[p * per_row..][..per_row])
                        .err()
                        .and_then(|e| at(p, e)),
                    None => None,
                }
            })
            .min_by_key(|(i, _)| *i)
    };
    let first_bad = match pool {
        Some(p) => p.install(work),
        None => work(),
    };
    match first_bad {
        Some(e) => Err(e),
        None => Ok(out),
    }
}

/// The batch's error as a `HandError` with `.row`.
pub fn raise(py: Python<'_>, (row, msg): (usize, String)) -> PyErr {
    row_error(py, row, &msg)
}

/// A (N, k) array from a row-major Vec, without a copy.
pub fn array2<T: numpy::Element>(
    py: Python<'_>,
    v: Vec<T>,
    n: usize,
    k: usize,
) -> PyResult<Bound<'_, PyArray2<T>>> {
    numpy::PyArray1::from_vec(py, v).reshape([n, k])
}
