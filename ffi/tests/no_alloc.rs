//! Single-hand C calls allocate nothing: a counting global allocator sees
//! no allocation during `hupai_check`, `hupai_waits` and `hupai_shanten`
//! (after the tables are loaded).

use hupai::*;
use hupai_core::sets::{hands, Set, SEED};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::ptr;

/// Counts the allocations of the current thread (other test threads and
/// the harness allocate freely).
struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

// SAFETY: every method forwards to the system allocator unchanged; the
// counter is a thread-local `Cell` of a `Copy` integer, which allocates
// nothing itself (const-initialised, no destructor).
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|a| a.set(a.get() + 1));
        // SAFETY: the caller's contract for `alloc` is passed on unchanged.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as above, for `dealloc`.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.with(|a| a.set(a.get() + 1));
        // SAFETY: as above, for `realloc`.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations<R>(f: impl FnOnce() -> R) -> (R, u64) {
    let before = ALLOCATIONS.with(Cell::get);
    let r = f();
    (r, ALLOCATIONS.with(Cell::get) - before)
}

#[test]
fn c_single_hand_calls_do_not_allocate() {
    let mut engine = ptr::null_mut();
    let st = unsafe { hupai_engine_new(HUPAI_RULES_GENERIC, ptr::null(), 0, &mut engine) };
    assert_eq!(st, HupaiStatus::Ok);
    let hs = hands(Set::C14, 1_000, SEED);
    let (_, n) = allocations(|| {
        for h in &hs {
            let (mut win, mut live, mut exhausted) = (false, 0, 0);
            let c = h.counts().as_ptr();
            let st = unsafe { hupai_check(engine, c, 34, ptr::null(), 0, &mut win) };
            assert!(st == HupaiStatus::Ok && win);
            let st = unsafe { hupai_check(engine, c, 33, ptr::null(), 0, &mut win) };
            assert!(st == HupaiStatus::BadLength);
            let st =
                unsafe { hupai_waits(engine, c, 34, ptr::null(), 0, &mut live, &mut exhausted) };
            // 14 tiles: ready only as 13 + an undeclared kong.
            assert!(st == HupaiStatus::HandSize || h.counts().contains(&4));
            let mut s = 0;
            let st = unsafe { hupai_shanten(engine, c, 34, ptr::null(), 0, &mut s) };
            assert!(st == HupaiStatus::Ok && s == -1);
        }
    });
    assert_eq!(n, 0);
    unsafe { hupai_engine_free(engine) };
}
