//! MCR scoring (`mcr::score`) on the C14 set: complete hands of four random
//! melds and a pair, the winning tile chosen deterministically, default
//! flags. "table" scores through the table engine, "reference" through the
//! recursive reference.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use hupai::mcr::{self, arranger::Reference, Flags, ScoringInput};
use hupai::sets::{hands, Set, SEED};
use hupai::Tables;

fn inputs() -> Vec<ScoringInput> {
    hands(Set::C14, 10_000, SEED)
        .into_iter()
        .enumerate()
        .map(|(i, h)| ScoringInput::winning_on_nth(h, i * 5, Flags::default()).unwrap())
        .collect()
}

fn score(c: &mut Criterion) {
    let tables = Tables::embedded();
    let inputs = inputs();
    let mut g = c.benchmark_group("score/C14");
    g.throughput(Throughput::Elements(inputs.len() as u64));
    g.bench_function("table", |b| {
        b.iter(|| {
            inputs
                .iter()
                .map(|i| mcr::score_total(black_box(i), tables).unwrap())
                .sum::<u32>()
        })
    });
    g.bench_function("table+fan list", |b| {
        b.iter(|| {
            inputs
                .iter()
                .map(|i| mcr::score(black_box(i), tables).unwrap().total)
                .sum::<u32>()
        })
    });
    g.sample_size(10);
    g.bench_function("reference", |b| {
        b.iter(|| {
            inputs
                .iter()
                .map(|i| mcr::score_with(black_box(i), &Reference).unwrap().total)
                .sum::<u32>()
        })
    });
    g.finish();
}

criterion_group!(benches, score);
criterion_main!(benches);
