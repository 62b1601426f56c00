//! waits on T13 (every rule set) and arrangements on C14: tables vs
//! reference.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use hupai::sets::{hands, Set, SEED};
use hupai::{reference, Arrangements, Rules, Tables};

fn waits(c: &mut Criterion) {
    let tables = Tables::embedded();
    let hs = hands(Set::T13, 10_000, SEED);
    let mut g = c.benchmark_group("waits/T13");
    g.throughput(Throughput::Elements(hs.len() as u64));
    g.bench_function("table", |b| {
        b.iter(|| {
            hs.iter()
                .map(|h| {
                    let w = tables.waits(black_box(h), &Rules::GENERIC).unwrap();
                    w.live.bits() ^ w.exhausted.bits()
                })
                .fold(0, u64::wrapping_add)
        })
    });
    g.bench_function("reference", |b| {
        b.iter(|| {
            hs.iter()
                .map(|h| {
                    let (live, exhausted) = reference::waits(black_box(h), &Rules::GENERIC);
                    live.bits() ^ exhausted.bits()
                })
                .fold(0, u64::wrapping_add)
        })
    });
    // The other rule sets (every set under each); Sichuan on the
    // hands without honours, as `hupai bench` times it.
    for rules in &Rules::ALL[1..] {
        let hs: Vec<_> = hs
            .iter()
            .filter(|h| rules.honors || h.counts()[27..].iter().all(|&x| x == 0))
            .collect();
        g.throughput(Throughput::Elements(hs.len() as u64));
        g.bench_function(format!("table/{}", rules.name), |b| {
            b.iter(|| {
                hs.iter()
                    .map(|h| {
                        let w = tables.waits(black_box(h), rules).unwrap();
                        w.live.bits() ^ w.exhausted.bits()
                    })
                    .fold(0, u64::wrapping_add)
            })
        });
    }
    g.finish();
}

fn arrange(c: &mut Criterion) {
    let tables = Tables::embedded();
    let hs = hands(Set::C14, 10_000, SEED);
    let mut g = c.benchmark_group("arrange/C14");
    g.throughput(Throughput::Elements(hs.len() as u64));
    let mut out = Arrangements::new();
    g.bench_function("table", |b| {
        b.iter(|| {
            hs.iter()
                .map(|h| tables.arrange_into(black_box(h), &Rules::GENERIC, &mut out))
                .sum::<usize>()
        })
    });
    g.bench_function("reference", |b| {
        b.iter(|| {
            hs.iter()
                .map(|h| reference::arrangements(black_box(h), &Rules::GENERIC).len())
                .sum::<usize>()
        })
    });
    g.finish();
}

criterion_group!(benches, waits, arrange);
criterion_main!(benches);
