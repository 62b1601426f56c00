//! Server workloads: batch `check` throughput on 1 and 2 threads (C14, R14),
//! and the draw → check → discard step of the game loop, incremental
//! ([`HandState`]) against re-encoding the hand.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use hupai::server::{Engine, HandState};
use hupai::sets::{hands, Rng, Set, SEED};
use hupai::{Hand, Rules, Tile, KINDS};

/// Hands per batch: large enough that splitting over threads pays.
const BATCH: usize = 100_000;

fn batch(c: &mut Criterion) {
    let engine = Engine::embedded(Rules::GENERIC);
    for set in [Set::C14, Set::R14] {
        let hs = hands(set, BATCH, SEED);
        let mut out = vec![false; hs.len()];
        let mut g = c.benchmark_group(format!("check_batch/{}", set.name()));
        g.throughput(Throughput::Elements(hs.len() as u64));
        g.bench_function("loop", |b| {
            b.iter(|| {
                for (h, o) in hs.iter().zip(out.iter_mut()) {
                    *o = engine.is_win(black_box(h));
                }
            })
        });
        for threads in [1, 2] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            g.bench_function(
                format!("{threads} thread{}", if threads > 1 { "s" } else { "" }),
                |b| b.iter(|| pool.install(|| engine.check_batch_into(black_box(&hs), &mut out))),
            );
        }
        g.finish();
    }
}

/// The draws and discards of a game on a kept 13-tile hand: each step draws
/// a random tile and discards the tile drawn 13 steps before (so the hand
/// walks through random hands); steps whose draw would be a fifth copy are
/// left out.
fn game(start: &Hand, steps: usize) -> Vec<(Tile, Tile)> {
    let mut ring: Vec<Tile> = Tile::all()
        .flat_map(|t| std::iter::repeat_n(t, start.counts()[t.index()] as usize))
        .collect();
    let mut hand = *start;
    let mut rng = Rng::new(SEED);
    let mut out = Vec::with_capacity(steps);
    while out.len() < steps {
        let draw = Tile::from_index(rng.below(KINDS)).unwrap();
        let Ok(drawn) = hand.with_tile(draw) else {
            continue;
        };
        let discard = ring[out.len() % 13];
        hand = drawn.without_tile(discard).unwrap();
        ring[out.len() % 13] = draw;
        out.push((draw, discard));
    }
    out
}

/// One step of the game loop: draw, check, discard. Incremental
/// ([`HandState`]: re-key one suit, read four records) against re-encoding
/// the hand for each check, and the check alone on the same 14-tile hands.
fn draw_check_discard(c: &mut Criterion) {
    let engine = Engine::embedded(Rules::GENERIC);
    let start = hands(Set::R13, 1, SEED)[0];
    let steps = game(&start, 10_000);
    let drawn: Vec<Hand> = {
        let mut hand = start;
        steps
            .iter()
            .map(|&(d, x)| {
                let h = hand.with_tile(d).unwrap();
                hand = h.without_tile(x).unwrap();
                h
            })
            .collect()
    };
    let mut g = c.benchmark_group("draw_check_discard");
    g.throughput(Throughput::Elements(steps.len() as u64));
    g.bench_function("incremental", |b| {
        b.iter(|| {
            let mut s = HandState::new(&start);
            let mut wins = 0;
            for &(d, x) in &steps {
                s.add(black_box(d)).unwrap();
                wins += engine.is_win_state(&s) as u32;
                s.remove(black_box(x)).unwrap();
            }
            wins
        })
    });
    g.bench_function("re-encode", |b| {
        b.iter(|| {
            let mut hand = start;
            let mut wins = 0;
            for &(d, x) in &steps {
                let h = hand.with_tile(black_box(d)).unwrap();
                wins += engine.is_win(&h) as u32;
                hand = h.without_tile(black_box(x)).unwrap();
            }
            wins
        })
    });
    g.bench_function("check only", |b| {
        b.iter(|| drawn.iter().filter(|h| engine.is_win(black_box(h))).count())
    });
    g.finish();

    // After the discard: what does the 13-tile hand wait on now?
    let mut g = c.benchmark_group("discard_waits");
    g.throughput(Throughput::Elements(steps.len() as u64));
    g.bench_function("incremental", |b| {
        b.iter(|| {
            let mut s = HandState::new(&start);
            let mut ready = 0;
            for &(d, x) in &steps {
                s.add(black_box(d)).unwrap();
                s.remove(black_box(x)).unwrap();
                ready += engine.waits_state(&s).is_ok_and(|w| !w.is_empty()) as u32;
            }
            ready
        })
    });
    g.bench_function("re-encode", |b| {
        b.iter(|| {
            let mut hand = start;
            let mut ready = 0;
            for &(d, x) in &steps {
                hand = hand.with_tile(black_box(d)).unwrap();
                hand = hand.without_tile(black_box(x)).unwrap();
                ready += engine.waits(&hand).is_ok_and(|w| !w.is_empty()) as u32;
            }
            ready
        })
    });
    g.finish();
}

criterion_group!(benches, batch, draw_check_discard);
criterion_main!(benches);
