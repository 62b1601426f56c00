//! Shanten and effective tiles on R13 (DESIGN §6): the table engine, the
//! brute-force reference and the `xiangting` crate on the same hands.
//!
//! Criterion reports time per iteration over the whole set; with
//! `Throughput::Elements` it also prints hands per second. ns/hand = time /
//! number of hands (10,000 for the engine and xiangting, fewer for the slow
//! reference).

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use hupai::sets::{hands, Set, SEED};
use hupai::{reference, Rules, Tables};
use std::time::Duration;

const HANDS: usize = 10_000;
const REFERENCE_HANDS: usize = 100;

fn shanten(c: &mut Criterion) {
    let t = Tables::embedded();
    let set = hands(Set::R13, HANDS, SEED);
    let counts: Vec<[u8; 34]> = set.iter().map(|h| *h.counts()).collect();
    let mut g = c.benchmark_group("shanten/R13");
    g.throughput(Throughput::Elements(HANDS as u64));
    g.bench_function(BenchmarkId::new("table", HANDS), |b| {
        b.iter(|| {
            set.iter()
                .map(|h| t.shanten(black_box(h), &Rules::RIICHI).unwrap() as i32)
                .sum::<i32>()
        })
    });
    g.bench_function(BenchmarkId::new("xiangting", HANDS), |b| {
        b.iter(|| {
            counts
                .iter()
                .map(|c| {
                    xiangting::calculate_replacement_number(
                        black_box(c),
                        xiangting::PlayerCount::Four,
                    )
                    .unwrap() as i32
                })
                .sum::<i32>()
        })
    });
    g.throughput(Throughput::Elements(REFERENCE_HANDS as u64));
    g.sample_size(10).measurement_time(Duration::from_secs(10));
    g.bench_function(BenchmarkId::new("reference", REFERENCE_HANDS), |b| {
        b.iter(|| {
            set[..REFERENCE_HANDS]
                .iter()
                .map(|h| reference::shanten::shanten(black_box(h), &Rules::RIICHI).unwrap() as i32)
                .sum::<i32>()
        })
    });
    g.finish();
}

fn effective(c: &mut Criterion) {
    let t = Tables::embedded();
    let set = hands(Set::R13, HANDS, SEED);
    let counts: Vec<[u8; 34]> = set.iter().map(|h| *h.counts()).collect();
    let visible = [0u8; 34];
    let mut g = c.benchmark_group("effective/R13");
    g.throughput(Throughput::Elements(HANDS as u64));
    g.bench_function(BenchmarkId::new("table", HANDS), |b| {
        b.iter(|| {
            set.iter()
                .map(|h| {
                    t.effective(black_box(h), &Rules::RIICHI, &visible)
                        .unwrap()
                        .total()
                })
                .sum::<u32>()
        })
    });
    g.bench_function(BenchmarkId::new("xiangting", HANDS), |b| {
        b.iter(|| {
            counts
                .iter()
                .map(|c| {
                    xiangting::calculate_necessary_tiles(black_box(c), xiangting::PlayerCount::Four)
                        .unwrap()
                        .1
                        .count_ones()
                })
                .sum::<u32>()
        })
    });
    const FEW: usize = 10;
    g.throughput(Throughput::Elements(FEW as u64));
    g.sample_size(10).measurement_time(Duration::from_secs(10));
    g.bench_function(BenchmarkId::new("reference", FEW), |b| {
        b.iter(|| {
            set[..FEW]
                .iter()
                .map(|h| {
                    reference::shanten::effective(black_box(h), &Rules::RIICHI)
                        .unwrap()
                        .len()
                })
                .sum::<usize>()
        })
    });
    g.finish();
}

criterion_group!(benches, shanten, effective);
criterion_main!(benches);
