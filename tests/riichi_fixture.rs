//! hupai's riichi scoring against the Python `mahjong` package's
//! HandCalculator on the committed fixture (scripts/riichi_fixture.py):
//! han, fu, the yaku with their han, the fu details and the payments must
//! be equal on every hand; a hand the package refuses for lack of yaku must
//! be `legal == false`. `RIICHI_FIXTURE=path` runs another fixture file.
//! Differences believed to be the oracle's bugs would be listed in
//! `ORACLE_BUGS` with the rule (docs/validation.md, "Riichi scoring"); there are none.

use flate2::read::GzDecoder;
use hupai::riichi::{self, Score, ScoringInput};
use hupai::{Notation, Tables};
use std::io::Read;

/// Lines (the hand and flags column) where the oracle is believed wrong,
/// with the rule; the test requires hupai to differ on exactly these.
const ORACLE_BUGS: &[(&str, &str)] = &[];

fn expected(s: &Score) -> String {
    if !s.legal {
        return "no_yaku".into();
    }
    let yaku: Vec<String> = s
        .yaku
        .as_slice()
        .iter()
        .map(|(y, h)| format!("{}={h}", y.name()))
        .collect();
    let fu: Vec<String> = s
        .fu_details
        .as_slice()
        .iter()
        .map(|(r, f)| format!("{}={f}", r.name()))
        .collect();
    format!(
        "{};{};{},{},{};{};{}",
        s.han,
        s.fu,
        s.cost.main,
        s.cost.additional,
        s.cost.total,
        yaku.join("|"),
        fu.join("|")
    )
}

#[test]
fn riichi_scores_equal_the_python_mahjong_package() {
    let path = std::env::var("RIICHI_FIXTURE").unwrap_or_else(|_| {
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/riichi_reference.tsv.gz"
        )
        .into()
    });
    let mut text = String::new();
    GzDecoder::new(std::fs::File::open(&path).expect("fixture"))
        .read_to_string(&mut text)
        .expect("gzip text");
    let tables = Tables::embedded();
    let mut rows = 0;
    let mut differ = Vec::new();
    let mut bugs_seen = 0;
    for line in text.lines() {
        let (input, want) = line.split_once('\t').expect("two columns");
        rows += 1;
        let got = ScoringInput::parse(input, Notation::Mpsz)
            .map_err(|e| e.to_string())
            .and_then(|i| riichi::score(&i, tables).map_err(|e| e.to_string()))
            .map_or_else(|e| format!("error: {e}"), |s| expected(&s));
        let bug = ORACLE_BUGS.iter().any(|(l, _)| *l == input);
        if bug {
            bugs_seen += 1;
            assert_ne!(got, want, "listed as an oracle bug but equal: {input}");
        } else if got != want {
            differ.push(format!("{input}\n   oracle {want}\n   hupai  {got}"));
        }
    }
    assert!(
        rows >= 100_000 || std::env::var("RIICHI_FIXTURE").is_ok(),
        "{rows} rows"
    );
    assert_eq!(
        bugs_seen,
        ORACLE_BUGS.len(),
        "every listed oracle bug is in the fixture"
    );
    assert!(
        differ.is_empty(),
        "{} of {rows} hands differ, e.g.\n{}",
        differ.len(),
        differ
            .iter()
            .take(15)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}
