//! Discard EV: one decision at T = 17 (riichi rules) on 1-, 2- and
//! 3-shanten R14 hands (`hupai::ev::sample`), with the default options
//! (tile changes within one extra exchange) and with `--no-changes`.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use hupai::ev::{analyze, sample, Options};
use hupai::{Rules, Tables};
use std::time::Duration;

fn ev(c: &mut Criterion) {
    let tables = Tables::embedded();
    for (shanten, n) in [(1, 8), (2, 4), (3, 2)] {
        let hands = sample(shanten, n);
        for (name, changes) in [("default", true), ("no-changes", false)] {
            let options = Options {
                changes,
                ..Options::default()
            };
            let mut g = c.benchmark_group(format!("ev/{shanten}-shanten"));
            g.sample_size(10).measurement_time(Duration::from_secs(5));
            g.bench_function(format!("{name} ({n} hands)"), |b| {
                b.iter(|| {
                    hands
                        .iter()
                        .map(|h| {
                            let a = analyze(tables, black_box(h), &Rules::RIICHI, &options);
                            a.map_or(0, |a| a.states)
                        })
                        .sum::<usize>()
                })
            });
            g.finish();
        }
    }
}

criterion_group!(benches, ev);
criterion_main!(benches);
