//! Discard EV: one decision at T = 17 (riichi rules) on 1-, 2- and
//! 3-shanten R14 hands (`hupai::ev::sample`, the sizes of
//! `hupai::ev::SAMPLE_SIZES`, as `hupai bench` times them), with the
//! default options (tile changes within one extra exchange) and with
//! `--no-changes`. An iteration analyses every hand of the sample: the
//! time per decision is the time shown over the hands (criterion's
//! throughput line: decisions per second).

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use hupai::ev::{analyze, sample, Options, SAMPLE_SIZES};
use hupai::{Rules, Tables};
use std::time::Duration;

fn ev(c: &mut Criterion) {
    let tables = Tables::embedded();
    for (shanten, n) in SAMPLE_SIZES {
        let hands = sample(shanten, n);
        for (name, changes) in [("default", true), ("no-changes", false)] {
            let options = Options {
                changes,
                ..Options::default()
            };
            let mut g = c.benchmark_group(format!("ev/{shanten}-shanten"));
            g.sample_size(10).measurement_time(Duration::from_secs(15));
            g.throughput(Throughput::Elements(n as u64));
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
