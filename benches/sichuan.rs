//! Sichuan scoring (`sichuan::score`) on seeded random winning hands with
//! varied situations, and the settlement of typical rounds (two kongs, two
//! wins, the wall's end with 查叫), both from `sichuan::sample`.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use hupai::sets::SEED;
use hupai::sichuan::{self, sample, Options};
use hupai::{Arrangements, Tables};

fn score(c: &mut Criterion) {
    let tables = Tables::embedded();
    let inputs = sample::winning_inputs(10_000, SEED);
    let mut g = c.benchmark_group("sichuan-score");
    g.throughput(Throughput::Elements(inputs.len() as u64));
    g.bench_function("random-wins", |b| {
        let mut list = Arrangements::new();
        b.iter(|| {
            inputs
                .iter()
                .map(|i| {
                    sichuan::score_hand(black_box(i.hand()), &i.settings, tables, &mut list)
                        .payments
                        .total
                })
                .sum::<u32>()
        })
    });
    g.finish();
}

fn settle(c: &mut Criterion) {
    let tables = Tables::embedded();
    let rounds: Vec<_> = (0..1_000).map(|i| sample::round(SEED ^ i)).collect();
    let options = Options::default();
    let mut g = c.benchmark_group("sichuan-settle");
    g.throughput(Throughput::Elements(rounds.len() as u64));
    g.bench_function("typical-rounds", |b| {
        b.iter(|| {
            rounds
                .iter()
                .map(|r| {
                    sichuan::settle(black_box(r), &options, tables).map_or(0, |s| s.payments.len())
                })
                .sum::<usize>()
        })
    });
    g.finish();
}

criterion_group!(benches, score, settle);
criterion_main!(benches);
