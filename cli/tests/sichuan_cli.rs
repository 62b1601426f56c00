//! `hupai score --rules sichuan` and `hupai settle --rules sichuan`, end to
//! end: the text and JSON answers, per-line flags in batch mode, profiles,
//! bad lines, refused flags.

mod cli_common;
use cli_common::{run as hupai, stderr, stdout};
use serde_json::Value;

fn json_lines(o: &std::process::Output) -> Vec<Value> {
    stdout(o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn text_lists_chinese_and_english_names_and_labels() {
    let o = hupai(
        &[
            "score",
            "--rules",
            "sichuan",
            "[2222m][555m2]888m333m99m",
            "--self-drawn",
        ],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    for want in [
        "All Pungs",
        "对对胡",
        "Full Flush",
        "清一色",
        "Root",
        "根",
        "清对",
        "value 8",
        "3 × 9 = 27",
    ] {
        assert!(out.contains(want), "{want} missing in\n{out}");
    }
}

#[test]
fn json_batch_with_per_line_flags_and_bad_lines() {
    let input = "11223344556677m\n111m222m444m555m99m --profile tfmj\n123m456p789s111m22m\n11z\n1111m33m44p55p66p7p7p --self-drawn --cap none\n";
    let o = hupai(&["score", "--rules", "sichuan", "--json"], input);
    assert_eq!(o.status.code(), Some(1), "a bad line makes the exit code 1");
    let v = json_lines(&o);
    assert_eq!(v.len(), 5);
    assert_eq!(
        (v[0]["fan"].as_u64(), v[0]["value"].as_u64()),
        (Some(4), Some(8))
    );
    assert_eq!(v[0]["labels"][0], "清七对");
    assert_eq!(v[1]["fan"], 2);
    assert_eq!(v[2]["legal"], false);
    assert!(v[2]["reason"].as_str().unwrap().contains("three suits"));
    assert!(v[3]["error"].is_string());
    assert_eq!(v[4]["cap"], Value::Null);
    assert_eq!(v[4]["payments"]["each"], 9);
}

#[test]
fn command_line_options_and_refusals() {
    let o = hupai(
        &[
            "score",
            "--rules",
            "sichuan",
            "--json",
            "--profile",
            "chengdu",
            "222m555m888m222p88p",
        ],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(json_lines(&o)[0]["value"], 16);
    let o = hupai(
        &[
            "score",
            "--rules",
            "sichuan",
            "--cap",
            "9",
            "123m456m789m123p55p",
        ],
        "",
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--cap '9'"));
    let o = hupai(
        &[
            "score",
            "--rules",
            "sichuan",
            "--dora",
            "1m",
            "123m456m789m123p55p",
        ],
        "",
    );
    assert_eq!(o.status.code(), Some(2));
    let o = hupai(
        &["score", "--rules", "mcr", "--jiang", "123m456m789m123p55p"],
        "",
    );
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn settle_writes_nets_and_payments_per_line() {
    let good = r#"{"events":[{"kong":{"player":1,"kind":"concealed"}},{"win":[{"player":0,"hand":"222m555m888m333p9p9p","from":2}]}]}"#;
    let bad = r#"{"events":[{"win":[{"player":0,"hand":"123m456m789m123p56p"}]}]}"#;
    let o = hupai(
        &["settle", "--rules", "sichuan"],
        &format!("{good}\n{bad}\n{good}\n"),
    );
    assert_eq!(o.status.code(), Some(1));
    let v = json_lines(&o);
    assert_eq!(v.len(), 3);
    assert_eq!(v[0]["net"], serde_json::json!([0, 6, -4, -2]));
    assert_eq!(v[0]["payments"][3]["why"], "discard");
    assert!(v[1]["error"].as_str().unwrap().contains("event 1"));
    assert_eq!(v[2], v[0]);
    let o = hupai(
        &["settle", "--rules", "sichuan", "--profile", "mil", good],
        "",
    );
    assert!(o.status.success());
    let o = hupai(&["settle", good], "");
    assert_eq!(o.status.code(), Some(2));
}
