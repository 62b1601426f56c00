//! `--jokers N` and `--joker TILE` on the command line, end to end.

use std::process::Output;

mod cli_common;
use cli_common::{stderr, stdout};

fn hupai(args: &[&str], stdin: Option<&str>) -> Output {
    cli_common::run(args, stdin.unwrap_or(""))
}

#[test]
fn check_with_a_joker_count() {
    let o = hupai(
        &[
            "check",
            "--jokers",
            "1",
            "123m456p789s1z",
            "123m456p789s17z",
        ],
        None,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "good\nbad\n");
    // Without jokers the hand is too short: not complete, not an error.
    assert_eq!(stdout(&hupai(&["check", "123m456p789s1z"], None)), "bad\n");
}

#[test]
fn check_with_a_joker_tile() {
    // The Red-dragon game: every 7z is a joker.
    let o = hupai(
        &["check", "--json", "--joker", "7z", "123m456p789s1z7777z"],
        None,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o).trim(),
        r#"{"hand":"123m456p789s17777z","jokers":4,"win":true}"#
    );
    // Both ways together; the JSON keeps its fields and adds `jokers`.
    let o = hupai(
        &[
            "check",
            "--json",
            "--jokers",
            "2",
            "--joker",
            "7z",
            "123m456p789s1z77z",
        ],
        None,
    );
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["jokers"], 4);
    assert_eq!(v["win"], true);
    assert_eq!(v["hand"], "123m456p789s177z");
    // Other notations name the hand; the joker tile is mpsz.
    let o = hupai(
        &[
            "check",
            "--notation",
            "mcr",
            "--joker",
            "7z",
            "123m456p789sEECCC",
        ],
        None,
    );
    assert_eq!(stdout(&o), "good\n");
    // Without jokers, no `jokers` field.
    let o = hupai(&["check", "--json", "123m456p789s11122z"], None);
    assert_eq!(
        stdout(&o).trim(),
        r#"{"hand":"123m456p789s11122z","win":true}"#
    );
}

#[test]
fn jokers_in_batch_mode_and_rule_sets() {
    let input = "123m456p789s1z\n19m19p19s1234567z\n123m456p789s11122z\n";
    let o = hupai(
        &["check", "--jokers", "1", "--rules", "riichi"],
        Some(input),
    );
    assert_eq!(o.status.code(), Some(1));
    let lines: Vec<String> = stdout(&o).lines().map(String::from).collect();
    assert_eq!(lines[0], "good");
    assert_eq!(lines[1], "good"); // thirteen orphans, the joker as the pair
    assert_eq!(
        lines[2],
        "error: 123m456p789s11122z: 1 joker makes a hand of 15 tiles; a hand holds at most 14 under riichi rules"
    );
    // Generic rules have no thirteen orphans.
    let o = hupai(&["check", "--jokers", "1", "19m19p19s1234567z"], None);
    assert_eq!(stdout(&o), "bad\n");
}

#[test]
fn a_hand_of_jokers_only() {
    let o = hupai(&["check", "--json", "--jokers", "14", ""], None);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).trim(), r#"{"hand":"","jokers":14,"win":true}"#);
    let o = hupai(&["check", "--jokers", "13", ""], None);
    assert_eq!(stdout(&o), "bad\n");
    // Without jokers an empty hand is still an error.
    let o = hupai(&["check", ""], None);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("empty hand"));
}

#[test]
fn bad_joker_input_is_a_clear_error() {
    for (args, want) in [
        (vec!["check", "--joker", "8z", "11m"], "'8z' is not a tile"),
        (
            vec!["check", "--joker", "x", "11m"],
            "invalid value 'x' for '--joker <TILE>'",
        ),
        (
            vec!["check", "--joker", "11m", "11m"],
            "invalid value '11m' for '--joker <TILE>'",
        ),
        (
            vec!["check", "--jokers", "many", "11m"],
            "invalid value 'many' for '--jokers <N>'",
        ),
    ] {
        let o = hupai(&args, None);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(want), "{args:?}: {}", stderr(&o));
        assert!(!stderr(&o).contains("panicked"));
    }
    for (args, want) in [
        (
            vec!["check", "--jokers", "9", "--rules", "mcr", "123m456p"],
            "9 jokers make a hand of 15 tiles; a hand holds at most 14 under mcr rules",
        ),
        (
            vec!["check", "--jokers", "5", "11122233344455m"],
            "5 jokers make a hand of 19 tiles; a hand holds at most 18 under generic rules",
        ),
        (
            vec!["check", "--joker", "7z", "--rules", "sichuan", "123m"],
            "joker tile 7z does not exist under sichuan rules",
        ),
    ] {
        let o = hupai(&args, None);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert!(stdout(&o).contains(want), "{args:?}: {}", stdout(&o));
        let o = hupai(&[&args[..], &["--json"]].concat(), None);
        let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
        assert_eq!(v["error"], want, "{args:?}");
    }
}

#[test]
fn bench_reports_hu_with_jokers() {
    let o = hupai(&["bench", "--quick", "--json", "--only", "jokers"], None);
    assert!(o.status.success(), "{}", stderr(&o));
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let ops: Vec<(&str, &str)> = lines
        .iter()
        .map(|v| (v["op"].as_str().unwrap(), v["set"].as_str().unwrap()))
        .collect();
    // Each (operation, set) under each of the five rule sets.
    let mut want = Vec::new();
    for op in ["jokers1", "jokers4", "jokers8"] {
        for set in ["R14", "C14"] {
            want.extend([(op, set); 5]);
        }
    }
    assert_eq!(ops, want);
    for v in &lines {
        assert!(v["table_ns"].as_f64().unwrap() > 0.0, "{v}");
        if v["rules"] == "generic" {
            assert!(v["ratio"].as_f64().unwrap() > 1.0, "{v}");
        }
    }
}

#[test]
fn waits_with_jokers() {
    let o = hupai(
        &["waits", "--json", "--joker", "7z", "123m456p789s144z7z"],
        None,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o).trim(),
        r#"{"exhausted":[],"hand":"123m456p789s1447z","jokers":1,"waits":["1z","4z","7z"]}"#
    );
    // Four jokers held: any tile waits; a fifth joker tile cannot be drawn.
    let o = hupai(&["waits", "--joker", "7z", "123m456p7777z"], None);
    let out = stdout(&o);
    assert!(
        out.contains("waits: 1m 2m") && out.trim_end().ends_with("exhausted: 7z"),
        "{out}"
    );
    // Thirteen orphans with a joker (riichi): any orphan.
    let o = hupai(
        &[
            "waits",
            "--json",
            "--jokers",
            "1",
            "--rules",
            "riichi",
            "19m19p19s123456z",
        ],
        None,
    );
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["waits"].as_array().unwrap().len(), 13);
    // Sizes count the jokers.
    let o = hupai(&["waits", "--jokers", "1", "123m456p789s11z"], None);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).contains("this hand has 12 (jokers included)"),
        "{}",
        stdout(&o)
    );
    // Without joker flags the output is unchanged (no `jokers` field).
    let o = hupai(&["waits", "--json", "1112345678999m"], None);
    assert!(!stdout(&o).contains("jokers"));
}

#[test]
fn arrange_with_jokers() {
    let o = hupai(&["arrange", "--jokers", "1", "13m456p789s11z"], None);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "13m456p789s11z  1 arrangement\n  12*3m 456p 789s 11z\n"
    );
    let o = hupai(
        &["arrange", "--json", "--joker", "7z", "123m456p789s11z777z"],
        None,
    );
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["jokers"], 3);
    assert_eq!(v["count"], v["arrangements"].as_array().unwrap().len());
    let all: Vec<Vec<String>> = serde_json::from_value(v["arrangements"].clone()).unwrap();
    assert!(all.contains(
        &["123m", "456p", "789s", "11z", "JJJ"]
            .map(String::from)
            .to_vec()
    ));
    assert!(all.contains(
        &["123m", "456p", "789s", "111*z", "JJ"]
            .map(String::from)
            .to_vec()
    ));
    // Thirteen orphans: the joker pairs any of the thirteen.
    let o = hupai(
        &[
            "arrange",
            "--jokers",
            "1",
            "--rules",
            "riichi",
            "19m19p19s1234567z",
        ],
        None,
    );
    let out = stdout(&o);
    assert!(
        out.starts_with("19m19p19s1234567z  13 arrangements\n  thirteen orphans: 11*m 9m"),
        "{out}"
    );
    // Not complete, and a size error.
    let o = hupai(&["arrange", "--jokers", "1", "159m456p789s11z"], None);
    assert_eq!(stdout(&o), "159m456p789s11z  not complete\n");
    let o = hupai(
        &["arrange", "--jokers", "9", "--rules", "riichi", "123m456p"],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("9 jokers make a hand of 15 tiles"));
}

#[test]
fn score_takes_no_jokers() {
    for flag in [["--jokers", "1"], ["--joker", "7z"]] {
        let o = hupai(
            &[&["score"], &flag[..], &["123m456p789s11122z"]].concat(),
            None,
        );
        assert_eq!(o.status.code(), Some(2));
        assert!(stderr(&o).contains("no jokers"), "{}", stderr(&o));
    }
}

#[test]
fn shanten_with_jokers() {
    let o = hupai(
        &[
            "shanten",
            "--jokers",
            "2",
            "--rules",
            "riichi",
            "123m456p789s12z",
        ],
        None,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "123m456p789s12z: ready (shanten 0); effective 1z×3 2z×3 (2 kinds, 6 tiles)\n"
    );
    // A drawn joker tile is a third joker: effective too, two copies unseen.
    let o = hupai(
        &[
            "shanten",
            "--json",
            "--joker",
            "7z",
            "--rules",
            "riichi",
            "123m456p789s1277z",
        ],
        None,
    );
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["jokers"], 2);
    assert_eq!(v["shanten"], 0);
    assert_eq!(v["total"], 8);
    assert_eq!(v["effective"][2]["tile"], "7z");
    // A discard table: every honour goes, the jokers stay.
    let o = hupai(&["shanten", "--jokers", "2", "123m456p789s135z"], None);
    assert_eq!(stdout(&o).lines().count(), 4, "{}", stdout(&o));
    // Sizes count the jokers.
    let o = hupai(&["shanten", "--jokers", "1", "123m456p789s11z"], None);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("a hand of 12 tiles") && stdout(&o).contains("(jokers included)"));
}
