//! `hupai arrange` end to end: text, JSON and batch mode.

mod cli_common;

/// Run the binary: (exit code, stdout).
fn hupai(args: &[&str], stdin: &str) -> (i32, String) {
    let o = cli_common::run(args, stdin);
    (o.status.code().unwrap_or(-1), cli_common::stdout(&o))
}

#[test]
fn command_line() {
    let (code, out) = hupai(&["arrange", "11112222333344m", "123m"], "");
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "11112222333344m  4 arrangements\n  \
         11m 123m 123m 234m 234m\n  \
         123m 123m 123m 123m 44m\n  \
         123m 111m 222m 333m 44m\n  \
         seven pairs: 11m 11m 22m 22m 33m 33m 44m\n\
         123m  not complete\n"
    );
    let (code, out) = hupai(
        &["arrange", "--json", "--rules", "riichi"],
        "11112222333344m\n",
    );
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["hand"], "11112222333344m");
    assert_eq!(v["count"], 3);
    assert_eq!(
        v["arrangements"][2],
        serde_json::json!(["123m", "111m", "222m", "333m", "44m"])
    );
    assert_eq!(v["forms"][0], "standard");
    let (code, out) = hupai(
        &["arrange", "--json", "--rules", "mcr", "--notation", "mcr"],
        "[EEE]147m258p369sCC\n12x\n",
    );
    assert_eq!(code, 1);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        lines[0]["arrangements"][0],
        serde_json::json!(["[111z]", "147m", "258p", "369s", "77z"])
    );
    assert_eq!(lines[0]["forms"][0], "knitted straight");
    assert_eq!(lines[1]["hand"], "12x");
    assert!(lines[1]["error"].is_string());
}
