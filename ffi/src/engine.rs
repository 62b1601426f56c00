//! Engines: a table set (built in or memory-mapped), a rule set and
//! optionally worker threads of their own.

use crate::{
    guard, out_ptr, HupaiStatus, Result, HUPAI_RULES_GENERIC, HUPAI_RULES_MCR, HUPAI_RULES_RIICHI,
    HUPAI_RULES_RIICHI3, HUPAI_RULES_SICHUAN,
};
use hupai_core::hand::Hand;
use hupai_core::rules::Rules;
use hupai_core::{AnyTables, Engine};
use std::ffi::{c_char, CStr};
use std::panic::{self, AssertUnwindSafe};
use std::ptr;

/// An engine: a table set, a rule set and optionally its own worker threads.
/// Opaque to C; created by `hupai_engine_new`, released by
/// `hupai_engine_free`, shareable by any number of threads.
pub struct HupaiEngine {
    pub(crate) engine: Engine<AnyTables>,
    pool: Option<rayon::ThreadPool>,
}

impl HupaiEngine {
    /// Run `f` on the engine's own threads, or the global pool without any.
    pub(crate) fn install<R: Send>(&self, f: impl FnOnce() -> R + Send) -> R {
        match &self.pool {
            Some(pool) => pool.install(f),
            None => f(),
        }
    }

    /// Is the hand complete under the engine's rules?
    pub(crate) fn is_win(&self, hand: &Hand) -> bool {
        self.engine.is_win(hand)
    }
}

/// The engine behind a C pointer.
///
/// # Safety
///
/// `engine` is null or was returned by [`hupai_engine_new`] and not freed.
pub(crate) unsafe fn engine_ref<'a>(engine: *const HupaiEngine) -> Result<&'a HupaiEngine> {
    // SAFETY: by the contract above a non-null `engine` points to a live
    // `HupaiEngine` made by `Box::into_raw`, so it is aligned and valid; the
    // engine is never mutated after creation and is `Sync`, so a shared
    // reference may coexist with other threads' shared references. Null is
    // mapped to an error by `as_ref`.
    unsafe { engine.as_ref() }.ok_or(HupaiStatus::NullPointer)
}

/// The rule set of a `HUPAI_RULES_*` code.
fn rules_from(code: u32) -> Result<Rules> {
    match code {
        HUPAI_RULES_GENERIC => Ok(Rules::GENERIC),
        HUPAI_RULES_SICHUAN => Ok(Rules::SICHUAN),
        HUPAI_RULES_RIICHI => Ok(Rules::RIICHI),
        HUPAI_RULES_MCR => Ok(Rules::MCR),
        HUPAI_RULES_RIICHI3 => Ok(Rules::RIICHI3),
        _ => Err(HupaiStatus::BadRules),
    }
}

/// Create an engine: the rule set `rules` (`HUPAI_RULES_*`), the tables
/// memory-mapped from the directory `tables_dir` (or the tables built into
/// the library when it is null), and `threads` worker threads of its own for
/// batches (0: a pool shared by the whole process, one thread per core).
///
/// On success `*out` is the engine, to release with `hupai_engine_free`; on
/// failure `*out` is null.
///
/// # Safety
///
/// `out` is null or valid for writing one pointer; `tables_dir` is null or a
/// NUL-terminated string readable for the duration of the call.
#[no_mangle]
pub unsafe extern "C" fn hupai_engine_new(
    rules: u32,
    tables_dir: *const c_char,
    threads: usize,
    out: *mut *mut HupaiEngine,
) -> HupaiStatus {
    guard(|| {
        let out = out_ptr(out)?;
        // SAFETY: `out` is non-null and aligned (checked), and by the contract
        // valid for writing one pointer. Null first, so every failure leaves it null.
        unsafe { out.write(ptr::null_mut()) };
        let rules = rules_from(rules)?;
        let engine: Engine<AnyTables> = if tables_dir.is_null() {
            Engine::embedded(rules).into()
        } else {
            // SAFETY: non-null, and by the contract a NUL-terminated string
            // readable until we return; we copy what we need (the path)
            // before returning.
            let dir = unsafe { CStr::from_ptr(tables_dir) };
            let dir = dir.to_str().map_err(|_| HupaiStatus::BadArgument)?;
            Engine::open(dir, rules)
                .map_err(|e| match e {
                    hupai_core::TableError::Io { .. } | hupai_core::TableError::Missing(_) => {
                        HupaiStatus::TableIo
                    }
                    _ => HupaiStatus::BadTables,
                })?
                .into()
        };
        let pool = match threads {
            0 => None,
            n => Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(n)
                    .build()
                    .map_err(|_| HupaiStatus::Threads)?,
            ),
        };
        let engine = Box::into_raw(Box::new(HupaiEngine { engine, pool }));
        // SAFETY: as above; `out` is valid for writing one pointer.
        unsafe { out.write(engine) };
        Ok(())
    })
}

/// Release an engine made by `hupai_engine_new`. Null is ignored.
///
/// # Safety
///
/// `engine` is null or was returned by `hupai_engine_new`, has not been freed
/// yet, and no other thread is using it.
#[no_mangle]
pub unsafe extern "C" fn hupai_engine_free(engine: *mut HupaiEngine) {
    if engine.is_null() {
        return;
    }
    // SAFETY: by the contract `engine` came from `Box::into_raw` in
    // `hupai_engine_new`, is freed only now, and nobody else holds it, so
    // rebuilding the box and dropping it is the one matching release.
    let engine = unsafe { Box::from_raw(engine) };
    // Dropping joins the worker threads; a panic there must not reach C.
    let _ = panic::catch_unwind(AssertUnwindSafe(move || drop(engine)));
}
