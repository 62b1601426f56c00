//! Concurrency proof: the same 1,000,000 hands checked from 1, 2 and 8
//! threads give identical answers, and one memory-mapped table set of freshly
//! generated files serves many threads at once.

use hupai::server::{Engine, HandState};
use hupai::sets::{hands, Rng, Set, SEED};
use hupai::{Hand, Rules, Tables, Tile, KINDS};
use std::sync::{Arc, OnceLock};

/// A million hands: complete ones, complete ones with one tile swapped
/// (often still complete, often not), and random ones.
fn million() -> &'static [Hand] {
    static HANDS: OnceLock<Vec<Hand>> = OnceLock::new();
    HANDS.get_or_init(|| {
        let mut hs = hands(Set::C14, 400_000, SEED);
        let mut rng = Rng::new(SEED);
        let swapped: Vec<Hand> = hands(Set::C14, 200_000, SEED ^ 1)
            .into_iter()
            .map(|h| {
                let mut c = *h.counts();
                hupai::sets::remove_random(&mut rng, &mut c);
                loop {
                    let t = rng.below(KINDS);
                    if c[t] < 4 {
                        c[t] += 1;
                        break;
                    }
                }
                Hand::new(c, &[]).unwrap()
            })
            .collect();
        hs.extend(swapped);
        hs.extend(hands(Set::R14, 400_000, SEED));
        assert_eq!(hs.len(), 1_000_000);
        hs
    })
}

/// The answers of one thread, one hand after the other.
fn sequential(engine: &Engine, hs: &[Hand]) -> Vec<bool> {
    hs.iter().map(|h| engine.is_win(h)).collect()
}

#[test]
fn a_million_hands_on_1_2_and_8_threads_agree() {
    let hs = million();
    for rules in [Rules::GENERIC, Rules::MCR] {
        let engine = Engine::embedded(rules);
        let want = sequential(&engine, hs);
        let wins = want.iter().filter(|&&w| w).count();
        assert!(
            (400_000..900_000).contains(&wins),
            "{wins} wins: the set mixes answers"
        );
        for threads in [1, 2, 8] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            // The batch API on a pool of `threads` threads.
            let got = pool.install(|| engine.check_batch(hs));
            assert!(got == want, "check_batch on {threads} threads");
            // Plain threads sharing one engine, each taking every n-th hand.
            let mut got = vec![false; hs.len()];
            std::thread::scope(|s| {
                let parts: Vec<_> = (0..threads)
                    .map(|t| {
                        s.spawn(move || {
                            (t..hs.len())
                                .step_by(threads)
                                .map(|i| (i, engine.is_win(&hs[i])))
                                .collect::<Vec<_>>()
                        })
                    })
                    .collect();
                for p in parts {
                    for (i, w) in p.join().unwrap() {
                        got[i] = w;
                    }
                }
            });
            assert!(got == want, "{threads} scoped threads");
        }
    }
}

/// Write a fresh table set into a temporary directory, as `hupai tables
/// build` does.
fn fresh_table_dir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    hupai::table::generate::write_dir(dir.path()).unwrap();
    dir
}

#[test]
fn one_mapped_table_set_shared_by_many_threads() {
    let dir = fresh_table_dir();
    let mapped = Engine::open(dir.path(), Rules::GENERIC).unwrap();
    mapped.tables().verify().unwrap();
    let embedded = Engine::embedded(Rules::GENERIC);
    let hs = million();
    let want = sequential(&embedded, hs);

    // Eight owned clones of one Arc'd mapping on 'static threads, each
    // checking a different eighth of the hands plus its own game loop.
    let want = Arc::new(want);
    let workers: Vec<_> = (0..8)
        .map(|t| {
            let engine = mapped.clone();
            let want = Arc::clone(&want);
            std::thread::spawn(move || {
                let hs = million();
                for i in (t..hs.len()).step_by(8) {
                    assert_eq!(engine.is_win(&hs[i]), want[i], "hand {i}");
                }
                draw_discard_loop(&engine, t as u64)
            })
        })
        .collect();
    let loops: Vec<u64> = workers.into_iter().map(|w| w.join().unwrap()).collect();
    // The same loops on the embedded tables give the same results.
    for (t, &wins) in loops.iter().enumerate() {
        assert_eq!(wins, draw_discard_loop(&embedded, t as u64), "loop {t}");
    }

    // Batches over the mapping from a pool, while other threads open and
    // verify the same files.
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(8)
        .build()
        .unwrap();
    std::thread::scope(|s| {
        for _ in 0..4 {
            s.spawn(|| {
                let t = Tables::open(dir.path()).unwrap();
                t.verify().unwrap();
            });
        }
        let got = pool.install(|| mapped.check_batch(hs));
        assert!(got == *want, "batch over the mapping");
    });
}

/// A seeded game loop: draw a random tile, check with the incremental state,
/// compare with a full check, discard a random tile. Returns the wins seen.
fn draw_discard_loop<T, B>(engine: &Engine<T>, seed: u64) -> u64
where
    T: std::ops::Deref<Target = Tables<B>>,
    B: AsRef<[u8]>,
{
    let mut rng = Rng::new(seed);
    let mut wins = 0;
    for hand in hands(Set::T13, 2_000, seed) {
        let mut s = HandState::new(&hand);
        for _ in 0..10 {
            let t = Tile::from_index(rng.below(KINDS)).unwrap();
            if s.add(t).is_err() {
                continue;
            }
            let w = engine.is_win_state(&s);
            assert_eq!(w, engine.is_win(s.hand()));
            wins += w as u64;
            let held: Vec<Tile> = Tile::all()
                .filter(|t| s.hand().counts()[t.index()] > 0)
                .collect();
            s.remove(held[rng.below(held.len())]).unwrap();
        }
    }
    wins
}
