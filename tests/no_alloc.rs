//! Single-hand queries allocate nothing: a counting global allocator sees no
//! allocation during checks, waits and incremental updates (after the
//! tables are loaded). The C entry points: ffi/tests/no_alloc.rs.

use hupai::mcr::{Flags, ScoringInput};
use hupai::server::{Engine, HandState};
use hupai::sets::{hands, Set, SEED};
use hupai::{Rules, Tile};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

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
fn single_hand_queries_do_not_allocate() {
    let mut hs = hands(Set::C14, 1_000, SEED);
    hs.extend(hands(Set::R14, 1_000, SEED));
    let ready = hands(Set::T13, 1_000, SEED);
    for rules in Rules::ALL {
        let engine = Engine::embedded(rules);
        engine.is_win(&hs[0]); // loads the tables
        let (wins, n) = allocations(|| hs.iter().filter(|h| engine.is_win(h)).count());
        assert_eq!(n, 0, "is_win under {rules}");
        assert!(wins > 0);
        let (_, n) = allocations(|| ready.iter().filter(|h| engine.waits(h).is_ok()).count());
        assert_eq!(n, 0, "waits under {rules}");
        let (_, n) = allocations(|| {
            ready
                .iter()
                .filter(|h| matches!(engine.shanten(h), Ok(0)))
                .count()
        });
        assert_eq!(n, 0, "shanten under {rules}");
        let (_, n) = allocations(|| {
            ready
                .iter()
                .filter_map(|h| engine.effective(h, &[0; 34]).ok())
                .map(|e| e.total())
                .sum::<u32>()
        });
        assert_eq!(n, 0, "effective under {rules}");
        let (_, n) = allocations(|| {
            let mut wins = 0;
            for h in &ready {
                let mut s = HandState::new(h);
                for t in Tile::all() {
                    if s.add(t).is_ok() {
                        wins += engine.is_win_state(&s) as u32;
                        s.remove(t).unwrap();
                    }
                }
                let _ = engine.waits_state(&s);
            }
            wins
        });
        assert_eq!(n, 0, "HandState under {rules}");
    }
    // MCR totals (the fan list of `score` is a Vec; `score_total` needs none).
    let engine = Engine::embedded(Rules::MCR);
    let inputs: Vec<ScoringInput> = hs[..1_000]
        .iter()
        .enumerate()
        .map(|(i, h)| ScoringInput::winning_on_nth(*h, i, Flags::default()).unwrap())
        .collect();
    let _ = engine.score_total(&inputs[0]);
    let (total, n) = allocations(|| {
        inputs
            .iter()
            .map(|i| engine.score_total(i).unwrap_or(0) as u64)
            .sum::<u64>()
    });
    assert_eq!(n, 0, "score_total");
    assert!(total > 0);
}
