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
    match std::env::var("RIICHI_FIXTURE") {
        Ok(path) => check_fixture(&path, 1),
        Err(_) => check_fixture(
            concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/tests/fixtures/riichi_reference.tsv.gz"
            ),
            100_000,
        ),
    }
}

/// Red fives inside declared chows, pungs and kongs (open and concealed),
/// aka dora mostly on (`scripts/riichi_fixture.py --red-melds`): every hand
/// holds at least one.
#[test]
fn red_fives_in_melds_score_as_the_python_mahjong_package() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/riichi_red_melds.tsv.gz"
    );
    let text = read_fixture(path);
    let in_melds = text
        .lines()
        .filter(|l| {
            let hand = l.split(' ').next().unwrap();
            hand.split('[')
                .skip(1)
                .any(|m| m.split(']').next().unwrap().contains('0'))
        })
        .count();
    assert_eq!(in_melds, text.lines().count(), "every hand has a red meld");
    check_fixture(path, 10_000);
}

fn read_fixture(path: &str) -> String {
    let mut text = String::new();
    GzDecoder::new(std::fs::File::open(path).expect("fixture"))
        .read_to_string(&mut text)
        .expect("gzip text");
    text
}

/// Every line of the fixture at `path` (at least `min_rows`) scores as the
/// oracle scored it.
fn check_fixture(path: &str, min_rows: usize) {
    let text = read_fixture(path);
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
    assert!(rows >= min_rows, "{rows} rows in {path}");
    assert!(
        bugs_seen == ORACLE_BUGS.len() || min_rows < 100_000,
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
