//! hu with 1, 4 and 8 jokers on the R14 and C14 sets (that many tiles of each
//! hand turned into jokers): the table engine against the joker reference.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use hupai::sets::{hands, with_jokers, Set, SEED};
use hupai::{reference, Rules, Tables};

fn jokers(c: &mut Criterion) {
    let tables = Tables::embedded();
    for j in [1, 4, 8] {
        for set in [Set::R14, Set::C14] {
            let hs = with_jokers(&hands(set, 10_000, SEED), j, SEED);
            let mut g = c.benchmark_group(format!("hu+{j}j/{}", set.name()));
            g.throughput(Throughput::Elements(hs.len() as u64));
            g.bench_function("table", |b| {
                b.iter(|| {
                    hs.iter()
                        .filter(|h| tables.is_win_jokers(black_box(h), j, &Rules::GENERIC))
                        .count()
                })
            });
            g.bench_function("reference", |b| {
                b.iter(|| {
                    hs.iter()
                        .filter(|h| reference::jokers::is_win(black_box(h), j, &Rules::GENERIC))
                        .count()
                })
            });
            g.finish();
        }
    }
}

criterion_group!(benches, jokers);
criterion_main!(benches);
