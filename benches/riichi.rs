//! Riichi scoring (`riichi::score`) on the C14 set: complete hands of four
//! random melds and a pair with varied situations (`riichi::sample`), and on
//! the hands of the committed fixture (every yaku, melds, flags, presets).
//! "table" scores through the table engine, "reference" through the
//! recursive reference's arrangements.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use hupai::riichi::{self, sample, ScoringInput};
use hupai::sets::{hands, Set, SEED};
use hupai::{reference, Notation, Rules, Tables};
use std::io::Read;

fn c14() -> Vec<ScoringInput> {
    hands(Set::C14, 10_000, SEED)
        .iter()
        .enumerate()
        .filter_map(|(i, h)| sample::input(h, i))
        .collect()
}

fn fixture() -> Vec<ScoringInput> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/riichi_reference.tsv.gz"
    );
    let mut text = String::new();
    flate2::read::GzDecoder::new(std::fs::File::open(path).expect("fixture"))
        .read_to_string(&mut text)
        .expect("gzip");
    text.lines()
        .take(10_000)
        .filter_map(|l| ScoringInput::parse(l.split('\t').next()?, Notation::Mpsz).ok())
        .collect()
}

fn score(c: &mut Criterion) {
    let tables = Tables::embedded();
    for (set, inputs) in [("C14", c14()), ("fixture", fixture())] {
        let mut g = c.benchmark_group(format!("riichi-score/{set}"));
        g.throughput(Throughput::Elements(inputs.len() as u64));
        g.bench_function("table", |b| {
            b.iter(|| {
                inputs
                    .iter()
                    .map(|i| riichi::score(black_box(i), tables).map_or(0, |s| s.cost.total))
                    .sum::<u32>()
            })
        });
        g.sample_size(10);
        g.bench_function("reference", |b| {
            b.iter(|| {
                inputs
                    .iter()
                    .map(|i| {
                        let all = reference::arrangements(black_box(i.hand()), &Rules::RIICHI);
                        riichi::score_arrangements(i, &all).map_or(0, |s| s.cost.total)
                    })
                    .sum::<u32>()
            })
        });
        g.finish();
    }
}

criterion_group!(benches, score);
criterion_main!(benches);
