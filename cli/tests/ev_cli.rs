//! `hupai analyze`: its JSON, the text table, batch mode with
//! errors in place, and the options.

mod cli_common;
use cli_common::{run, stdout};
use serde_json::Value;

fn json_lines(args: &[&str], stdin: &str) -> (Vec<Value>, Option<i32>) {
    let o = run(args, stdin);
    let lines = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    (lines, o.status.code())
}

#[test]
fn json_fields_best_first() {
    let (v, code) = json_lines(
        &[
            "analyze",
            "--rules",
            "mcr",
            "--json",
            "--turns",
            "5",
            "[123m][456m][789m]11348m",
        ],
        "",
    );
    assert_eq!(code, Some(0));
    let a = &v[0];
    assert_eq!(a["hand"], "[123m][456m][789m]11348m");
    assert_eq!(a["turns"], 5);
    let d = a["discards"].as_array().unwrap();
    assert_eq!(d[0]["tile"], "8m");
    assert_eq!(d[0]["shanten"], 0);
    for row in d {
        for field in ["tenpai", "win", "score"] {
            assert_eq!(row[field].as_array().unwrap().len(), 5, "{field}");
        }
        assert!(row["effective"].is_array());
    }
    let best_score = |r: &Value| r["score"][4].as_f64().unwrap();
    assert!(d.windows(2).all(|w| best_score(&w[0]) >= best_score(&w[1])));
    // The best discard is ready: its draws are the two winning tiles.
    let draws: Vec<&str> = d[0]["draws"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["draw"].as_str().unwrap())
        .collect();
    assert_eq!(draws, ["2m", "5m"]);
}

/// Riichi points come from the riichi scorer, with the riichi CLI's own
/// flags for the situation; they are refused under other rules.
#[test]
fn riichi_points_follow_seat_and_dora() {
    let score = |extra: &[&str]| -> f64 {
        let mut args = vec!["analyze", "--rules", "riichi", "--json", "--turns", "3"];
        args.extend_from_slice(extra);
        args.push("123m456p789s11455z");
        let (v, code) = json_lines(&args, "");
        assert_eq!(code, Some(0), "{extra:?}");
        assert_eq!(v[0]["discards"][0]["tile"], "4z");
        v[0]["discards"][0]["score"][2].as_f64().unwrap()
    };
    let dealer = score(&[]);
    let south = score(&["--seat", "S"]);
    let dora = score(&["--seat", "S", "--dora", "3m"]);
    assert!(dealer > south && dora > south && south > 0.0);
    let out = run(&["analyze", "--dora", "3m", "123m456p789s11455z"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--rules riichi"));
}

#[test]
fn batch_keeps_order_and_errors() {
    let (v, code) = json_lines(
        &["analyze", "--json", "--turns", "2", "--no-changes"],
        "123m456p789s11455z\n123m\n1199m1199p11s2235z\n",
    );
    assert_eq!(code, Some(1));
    assert_eq!(v.len(), 3);
    assert!(v[0]["discards"].is_array());
    assert!(v[1]["error"].as_str().unwrap().contains("3n+2"));
    assert_eq!(v[2]["hand"], "1199m1199p11s2235z");
}

#[test]
fn text_table_and_options() {
    let o = run(
        &[
            "analyze",
            "--turns",
            "4",
            "--visible",
            "1z5z",
            "--jokers",
            "1",
            "123m456p789s1145z",
        ],
        "",
    );
    let text = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{text}");
    assert!(text.contains("discard") && text.contains("tenpai %") && text.contains("win %"));
    let o = run(&["analyze", "--turns", "0", "123m456p789s11455z"], "");
    assert_eq!(o.status.code(), Some(2));
}

/// `--exact` answers; a hand past `--max-states` gets its error line naming
/// the limit and what to lower, the others their answers, exit 1; the
/// wide bound that once panicked answers.
#[test]
fn exact_and_the_state_limit() {
    let (v, code) = json_lines(
        &[
            "analyze",
            "--json",
            "--rules",
            "riichi",
            "--turns",
            "2",
            "--exact",
            "--max-states",
            "300",
        ],
        "[123m][456p][789s]11245z\n4688m111456p5678s\n",
    );
    assert_eq!(code, Some(1));
    assert_eq!(v.len(), 2);
    assert!(v[0]["states"].as_u64().unwrap() <= 300);
    assert_eq!(v[0]["discards"][0]["tenpai"].as_array().unwrap().len(), 2);
    assert_eq!(v[1]["hand"], "4688m111456p5678s");
    let e = v[1]["error"].as_str().unwrap();
    assert!(
        e.contains("300 states") && e.contains("--turns") && e.contains("--exact"),
        "{e}"
    );
    let (v, code) = json_lines(
        &[
            "analyze",
            "--json",
            "--rules",
            "riichi",
            "--turns",
            "2",
            "--extra",
            "8",
            "4688m111456p5678s",
        ],
        "",
    );
    assert_eq!(code, Some(0));
    assert_eq!(v[0]["discards"][0]["tile"], "8s");
    let o = run(&["analyze", "--max-states", "0", "123m456p789s11455z"], "");
    assert_eq!(o.status.code(), Some(2));
}
