//! numpy batches: (N, 34) uint8 C-contiguous rows read in place, answered
//! with the GIL released into new arrays: on the calling thread for
//! `threads=1`, else in parallel (rayon).
//!
//! A row is a concealed hand; a short row (3k tiles fewer than 13 or 14)
//! is a hand beside k declared melds whose tiles are not given, as the
//! peers read it. Rows go through the same calls as the single-hand
//! methods (the core's `hupai::Engine`); a bad row stops the batch with a `HandError`
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

/// Rows whose hands are built before they are answered: their hands (60
/// bytes each) stay within the first-level data cache.
const BLOCK: usize = 256;

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

/// Where a batch runs: `threads=1` on the calling thread (no pool, no
/// hand-off), `threads=N` on a kept pool of N threads, `None` on rayon's
/// global pool (every core).
pub enum Threads {
    Here,
    Pool(Arc<rayon::ThreadPool>),
    Every,
}

/// Check a `threads=` value: None (every core) or 1 ..= 4 × cores.
pub fn threads(n: Option<usize>) -> PyResult<Threads> {
    let Some(n) = n else {
        return Ok(Threads::Every);
    };
    let cores = std::thread::available_parallelism().map_or(1, |c| c.get());
    if n == 0 || n > 4 * cores {
        return Err(hand_error(format!(
            "threads={n}: expected 1 to {} (4 x {cores} cores), or None for every core",
            4 * cores
        )));
    }
    if n == 1 {
        return Ok(Threads::Here);
    }
    pool(n).map(Threads::Pool)
}

/// The most tiles a row may hold, checked as its hand is built (is_win:
/// 14, or 18 under undeclared kongs), and the rule set's name for the
/// message.
#[derive(Clone, Copy)]
pub struct Limit {
    pub max: usize,
    pub rules: &'static str,
}

impl Limit {
    /// The error of a row of `n` tiles, over the limit.
    fn message(&self, n: usize) -> String {
        format!(
            "a hand of {n} tiles; a hand holds at most {} under {} rules",
            self.max, self.rules
        )
    }
}

/// A batch's answers: `per_a` values of `A` and `per_b` of `B` per row (a
/// second output that a batch without one makes of `()`, which takes no
/// memory), or the first bad row (lowest index) with its message.
pub type Answers<A, B> = Result<(Vec<A>, Vec<B>), (usize, String)>;

/// Answer every row: `f(row_index, hand, out_a, out_b)` fills the row's
/// `per_a` and `per_b` outputs (pre-filled with `fill_a` and `fill_b`).
/// Call it with the GIL released.
pub fn run<A, B, F>(
    input: &[u8],
    outs: ((usize, A), (usize, B)),
    threads: &Threads,
    limit: Option<Limit>,
    f: F,
) -> Answers<A, B>
where
    A: Copy + Send + Sync,
    B: Copy + Send + Sync,
    F: Fn(usize, &Hand, &mut [A], &mut [B]) -> Result<(), String> + Sync,
{
    spread(input, outs, threads, |base, rows, a, b| {
        answer_rows(base, rows, a, b, limit, &f)
    })
}

/// [`run`] for a question the core answers from a row's counts alone
/// (`f(row_index, counts, out)`; the counts not yet checked): one pass, no
/// hand built.
pub fn run_counts<A, F>(
    input: &[u8],
    out: (usize, A),
    threads: &Threads,
    limit: Limit,
    f: F,
) -> Result<Vec<A>, (usize, String)>
where
    A: Copy + Send + Sync,
    F: Fn(usize, &Counts, &mut [A]) -> Result<(), String> + Sync,
{
    let per = out.0;
    let answer = |base: usize, rows: &[u8], (a, _): (&mut [A], usize), _: (&mut [()], usize)| {
        let outs = a.chunks_exact_mut(per);
        for ((i, row), out) in (base..).zip(rows.chunks_exact(KINDS)).zip(outs) {
            let counts: &Counts = row.try_into().expect("rows of 34");
            // The row's own error (a fifth copy) before its size, as `run`.
            if let Err(e) = f(i, counts, out) {
                return Some((i, e));
            }
            let n = hupai::tile::held_total(counts);
            if n > limit.max {
                return Some((i, limit.message(n)));
            }
        }
        None
    };
    spread(input, (out, (1, ())), threads, answer).map(|(a, _)| a)
}

/// The rows cut into chunks answered on `threads`: `block(first_row, rows,
/// outputs a, outputs b)` answers one chunk and returns its first bad row.
fn spread<A, B, G>(
    input: &[u8],
    ((per_a, fill_a), (per_b, fill_b)): ((usize, A), (usize, B)),
    threads: &Threads,
    block: G,
) -> Answers<A, B>
where
    A: Copy + Send + Sync,
    B: Copy + Send + Sync,
    G: Fn(usize, &[u8], (&mut [A], usize), (&mut [B], usize)) -> Option<(usize, String)> + Sync,
{
    let n = input.len() / KINDS;
    let mut a = vec![fill_a; n * per_a];
    let mut b = vec![fill_b; n * per_b];
    let mut parallel = || {
        input
            .par_chunks(KINDS * CHUNK)
            .zip(a.par_chunks_mut(per_a * CHUNK))
            .zip(b.par_chunks_mut(per_b * CHUNK))
            .enumerate()
            .filter_map(|(c, ((rows, a), b))| block(c * CHUNK, rows, (a, per_a), (b, per_b)))
            .min_by_key(|(i, _)| *i)
    };
    let first_bad = match threads {
        Threads::Here => block(0, input, (&mut a, per_a), (&mut b, per_b)),
        Threads::Pool(p) => p.install(parallel),
        Threads::Every => parallel(),
    };
    match first_bad {
        Some(e) => Err(e),
        None => Ok((a, b)),
    }
}

/// Answer `rows` (row `base` onwards) in order on this thread into their
/// outputs; the first bad row stops it.
#[inline(always)]
fn answer_rows<A, B, F>(
    base: usize,
    rows: &[u8],
    (a, per_a): (&mut [A], usize),
    (b, per_b): (&mut [B], usize),
    limit: Option<Limit>,
    f: &F,
) -> Option<(usize, String)>
where
    F: Fn(usize, &Hand, &mut [A], &mut [B]) -> Result<(), String>,
{
    // Two passes per block of rows: build and check the block's hands
    // into a buffer, then answer them from it as the core's own loop over
    // hands in memory does. Answering each hand just after writing it
    // stalls on store forwarding (the engine reads the counts with wider
    // loads than the copy wrote them).
    let mut hands: Vec<Hand> = Vec::with_capacity(BLOCK.min(rows.len() / KINDS));
    for (k, block) in rows.chunks(KINDS * BLOCK).enumerate() {
        let first = k * BLOCK;
        hands.clear();
        let mut bad = None;
        for (i, row) in block.chunks_exact(KINDS).enumerate() {
            let counts: &Counts = row.try_into().expect("rows of 34");
            match Hand::new(*counts, &[]) {
                Ok(h) => {
                    if let Some(l) = limit {
                        let n = hupai::tile::held_total(counts);
                        if n > l.max {
                            bad = Some((first + i, l.message(n)));
                            break;
                        }
                    }
                    hands.push(h)
                }
                Err(e) => {
                    bad = Some((first + i, e.to_string()));
                    break;
                }
            }
        }
        let outs_a = a[first * per_a..].chunks_exact_mut(per_a);
        let outs_b = b[first * per_b..].chunks_exact_mut(per_b);
        for (((i, h), out_a), out_b) in (first..).zip(&hands).zip(outs_a).zip(outs_b) {
            if let Err(e) = f(base + i, h, out_a, out_b) {
                return Some((base + i, e));
            }
        }
        if let Some((i, e)) = bad {
            return Some((base + i, e));
        }
    }
    None
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
