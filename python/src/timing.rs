//! The core's time on a batch's hands, for `python/bench.py`: the hands are
//! built once from the rows (`_core_hands`), then `Engine._core_batch` asks
//! the core one question of each through its public calls, on the calling
//! thread, as `hupai bench` does with hands already in memory. The caller
//! times that call beside the matching `*_batch` call on the same rows; the
//! difference is what the binding adds (reading and checking the rows,
//! writing the arrays).

use crate::errors::{hand_error, row_error};
use hupai::{Counts, Hand, Rules, Tables, Tile, KINDS};
use numpy::PyUntypedArrayMethods;
use pyo3::prelude::*;
use std::hint::black_box;

/// Hands built from the rows of a count array, kept for `Engine._core_batch`.
#[pyclass(module = "hupai", name = "_CoreHands", frozen)]
pub struct CoreHands(Vec<Hand>);

#[pymethods]
impl CoreHands {
    fn __len__(&self) -> usize {
        self.0.len()
    }
}

/// The hands of an (N, 34) uint8 array's rows, for `Engine._core_batch`.
#[pyfunction]
pub fn _core_hands(py: Python<'_>, counts: &Bound<'_, PyAny>) -> PyResult<CoreHands> {
    let rows = crate::batch::rows(counts, "counts")?;
    let mut hands = Vec::with_capacity(rows.shape()[0]);
    for (i, row) in rows.as_slice()?.chunks_exact(KINDS).enumerate() {
        let c: &Counts = row.try_into().expect("rows of 34");
        hands.push(Hand::new(*c, &[]).map_err(|e| row_error(py, i, &e.to_string()))?);
    }
    Ok(CoreHands(hands))
}

/// The questions `_core_batch` times, one per `*_batch` method.
#[derive(Clone, Copy)]
pub enum Op {
    IsWin,
    Shanten,
    Waits,
    Effective,
    DiscardShanten,
}

impl Op {
    pub fn parse(name: &str) -> PyResult<Op> {
        Ok(match name {
            "is_win" => Op::IsWin,
            "shanten" => Op::Shanten,
            "waits" => Op::Waits,
            "effective" => Op::Effective,
            "discard_shanten" => Op::DiscardShanten,
            _ => {
                return Err(hand_error(format!(
                    "unknown operation '{name}' (expected is_win, shanten, waits, \
                     effective or discard_shanten)"
                )))
            }
        })
    }
}

/// Ask `op` of every hand; the checksum of the answers, in the terms of the
/// batch's arrays: wins counted; shanten summed; the live waits' tile bits
/// summed (wrapping); shanten plus unseen effective copies summed; the
/// shanten after each discard of a held kind summed.
pub fn run<B: AsRef<[u8]>>(
    t: &Tables<B>,
    rules: &Rules,
    op: Op,
    hands: &CoreHands,
    visible: &Counts,
) -> Result<u64, String> {
    let hands = &hands.0;
    let mut sum = 0u64;
    let add = |sum: &mut u64, x: i64| *sum = sum.wrapping_add(x as u64);
    match op {
        Op::IsWin => {
            for h in hands {
                add(&mut sum, t.is_win(black_box(h), rules) as i64);
            }
        }
        Op::Shanten => {
            for h in hands {
                let s = t.shanten(black_box(h), rules).map_err(|e| e.to_string())?;
                add(&mut sum, s as i64);
            }
        }
        Op::Waits => {
            for h in hands {
                let w = t.waits(black_box(h), rules).map_err(|e| e.to_string())?;
                add(&mut sum, w.live.bits() as i64);
            }
        }
        Op::Effective => {
            for h in hands {
                let e = t
                    .effective(black_box(h), rules, visible)
                    .map_err(|e| e.to_string())?;
                add(&mut sum, e.shanten() as i64 + e.total() as i64);
            }
        }
        Op::DiscardShanten => {
            for h in hands {
                for i in 0..KINDS {
                    let tile = Tile::from_index(i).expect("index < 34");
                    if let Some(rest) = black_box(h).without_tile(tile) {
                        let s = t.shanten(&rest, rules).map_err(|e| e.to_string())?;
                        add(&mut sum, s as i64);
                    }
                }
            }
        }
    }
    Ok(sum)
}
