//! Shanten and effective tiles on R13: the table engine, the
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

/// The sets of real play under every rule set: shanten and
/// effective tiles on M13, J13 and MJ13 (R13 under `mcr` too), the discard
/// table on R14, M14 and MJ14, waits on M13, J13 and MJ13. The table
/// engine only: `hupai bench` times the reference beside it.
fn real_play(c: &mut Criterion) {
    const N: usize = 2_000;
    let t = Tables::embedded();
    let visible = [0u8; 34];
    for set in [
        Set::M13,
        Set::J13,
        Set::MJ13,
        Set::R13,
        Set::M14,
        Set::MJ14,
        Set::R14,
    ] {
        let all = hands(set, N * 10, SEED);
        for rules in Rules::ALL {
            if set == Set::R13 && rules.name != "mcr" || set == Set::R14 && rules.name != "riichi" {
                continue;
            }
            // Sichuan has no honours: the set's hands without any.
            let hs: Vec<(usize, &hupai::Hand)> = all
                .iter()
                .enumerate()
                .filter(|(_, h)| rules.honors || h.all_counts()[27..].iter().all(|&x| x == 0))
                .take(N)
                .collect();
            let mut g = c.benchmark_group(format!("{}/{}", set.name(), rules.name));
            g.throughput(Throughput::Elements(hs.len() as u64));
            g.sample_size(10).measurement_time(Duration::from_secs(2));
            let j = |i: usize| set.jokers(i);
            if matches!(set, Set::M13 | Set::J13 | Set::MJ13 | Set::R13) {
                g.bench_function("shanten", |b| {
                    b.iter(|| {
                        hs.iter()
                            .map(|&(i, h)| {
                                t.shanten_jokers(black_box(h), j(i), &rules).unwrap_or(9) as i32
                            })
                            .sum::<i32>()
                    })
                });
                g.bench_function("effective", |b| {
                    b.iter(|| {
                        hs.iter()
                            .map(|&(i, h)| {
                                t.effective_jokers(black_box(h), j(i), &rules, &visible)
                                    .map_or(0, |e| e.total())
                            })
                            .sum::<u32>()
                    })
                });
            }
            if matches!(set, Set::M13 | Set::J13 | Set::MJ13) {
                g.bench_function("waits", |b| {
                    b.iter(|| {
                        hs.iter()
                            .map(|&(i, h)| {
                                t.waits_jokers(black_box(h), j(i), &rules)
                                    .map_or(0, |w| w.live.len())
                            })
                            .sum::<usize>()
                    })
                });
            }
            if matches!(set, Set::M14 | Set::MJ14 | Set::R14) {
                g.bench_function("discards", |b| {
                    b.iter(|| {
                        hs.iter()
                            .map(|&(i, h)| {
                                t.discards_jokers(black_box(h), j(i), &rules, &visible)
                                    .map_or(0, |d| d.len())
                            })
                            .sum::<usize>()
                    })
                });
            }
            g.finish();
        }
    }
}

criterion_group!(benches, shanten, effective, real_play);
criterion_main!(benches);
