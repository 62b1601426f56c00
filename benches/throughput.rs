//! Server workloads: batch `check` throughput on 1 and 2 threads (C14, R14),
//! and the draw → check → discard step of the game loop, incremental
//! ([`HandState`]) against re-encoding the hand.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use hupai::server::{Engine, HandState};
use hupai::sets::{hands, Set, SEED};
use hupai::{Rules, Tile, KINDS};

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

/// Every step draws a tile into a ready (T13) hand, checks it, and discards
/// it again: the work of one draw in the server's game loop.
fn draw_check_discard(c: &mut Criterion) {
    let engine = Engine::embedded(Rules::GENERIC);
    let ready = hands(Set::T13, 1_000, SEED);
    // One drawable tile per hand (a fifth copy cannot be drawn).
    let draws: Vec<Tile> = ready
        .iter()
        .enumerate()
        .map(|(i, h)| {
            let all = h.all_counts();
            (0..KINDS)
                .map(|k| (i * 7 + k) % KINDS)
                .find(|&k| all[k] < 4)
                .and_then(Tile::from_index)
                .unwrap()
        })
        .collect();
    let mut g = c.benchmark_group("draw_check_discard/T13");
    g.throughput(Throughput::Elements(ready.len() as u64));
    g.bench_function("incremental", |b| {
        let mut states: Vec<HandState> = ready.iter().map(HandState::new).collect();
        b.iter(|| {
            let mut wins = 0;
            for (s, &t) in states.iter_mut().zip(&draws) {
                s.add(black_box(t)).unwrap();
                wins += engine.is_win_state(s) as u32;
                s.remove(t).unwrap();
            }
            wins
        })
    });
    g.bench_function("re-encode", |b| {
        b.iter(|| {
            let mut wins = 0;
            for (h, &t) in ready.iter().zip(&draws) {
                let drawn = h.with_tile(black_box(t)).unwrap();
                wins += engine.is_win(&drawn) as u32;
            }
            wins
        })
    });
    g.finish();
}

criterion_group!(benches, batch, draw_check_discard);
criterion_main!(benches);
