//! `hupai shanten` end to end: text, JSON fields, batch mode with a bad
//! line, `--visible`.

mod cli_common;
use cli_common::run as hupai;
use std::process::Output;

fn out(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

#[test]
fn text_shows_shanten_then_effective_tiles_or_discards() {
    let o = hupai(&["shanten", "--rules", "riichi", "123m456p789s1112z"], "");
    assert!(o.status.success());
    assert_eq!(
        out(&o).trim(),
        "123m456p789s1112z: ready (shanten 0); effective 2z×3 (1 kind, 3 tiles)"
    );
    let o = hupai(&["shanten", "--rules", "riichi", "1234m456p789s1112z"], "");
    let text = out(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "1234m456p789s1112z: ready (shanten 0)");
    assert_eq!(
        lines[1],
        "  discard 2z -> ready (shanten 0); effective 1m×3 4m×3 (2 kinds, 6 tiles)"
    );
    assert_eq!(lines.len(), 4);
}

#[test]
fn json_has_the_design_fields() {
    let o = hupai(
        &[
            "shanten",
            "--rules",
            "riichi",
            "--json",
            "--visible",
            "2z",
            "123m456p789s1112z",
        ],
        "",
    );
    let v: serde_json::Value = serde_json::from_str(out(&o).trim()).unwrap();
    assert_eq!(v["hand"], "123m456p789s1112z");
    assert_eq!(v["shanten"], 0);
    assert_eq!(
        v["effective"],
        serde_json::json!([{"tile": "2z", "remaining": 2}])
    );
    let o = hupai(
        &[
            "shanten",
            "--json",
            "--rules",
            "riichi",
            "1234m456p789s1112z",
        ],
        "",
    );
    let v: serde_json::Value = serde_json::from_str(out(&o).trim()).unwrap();
    assert_eq!(v["discards"][0]["tile"], "2z");
    assert_eq!(v["discards"][0]["effective"][1]["tile"], "4m");
}

#[test]
fn batch_mode_keeps_order_and_reports_bad_lines() {
    let o = hupai(
        &["shanten", "--json", "--rules", "sichuan"],
        "11123455678999m\n123m4x\n123m456p789s1z1z\n123m\n",
    );
    assert_eq!(o.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = out(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0]["shanten"], -1);
    assert!(lines[1]["error"].as_str().unwrap().contains("position 6"));
    assert!(lines[2]["error"].as_str().unwrap().contains("1z"));
    assert!(lines[3]["error"].as_str().unwrap().contains("3n+1 or 3n+2"));
    let o = hupai(&["shanten", "--visible", "1m1m1m1m1m", "1m"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--visible"));
}
