//! hu (is the hand complete?) on the C14 and R14 sets: tables vs reference.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use hupai::sets::{hands, Set, SEED};
use hupai::{reference, Rules, Tables};

fn hu(c: &mut Criterion) {
    let tables = Tables::embedded();
    for set in [Set::C14, Set::R14] {
        let hs = hands(set, 10_000, SEED);
        let mut g = c.benchmark_group(format!("hu/{}", set.name()));
        g.throughput(Throughput::Elements(hs.len() as u64));
        g.bench_function("table", |b| {
            b.iter(|| {
                hs.iter()
                    .filter(|h| tables.is_win(black_box(h), &Rules::GENERIC))
                    .count()
            })
        });
        g.bench_function("reference", |b| {
            b.iter(|| {
                hs.iter()
                    .filter(|h| reference::is_win(black_box(h), &Rules::GENERIC))
                    .count()
            })
        });
        g.finish();
    }
}

criterion_group!(benches, hu);
criterion_main!(benches);
