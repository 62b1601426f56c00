//! `hupai waits` end to end: text, JSON and batch mode.

mod cli_common;

/// Run the binary: (exit code, stdout).
fn hupai(args: &[&str], stdin: &str) -> (i32, String) {
    let o = cli_common::run(args, stdin);
    (o.status.code().unwrap_or(-1), cli_common::stdout(&o))
}

#[test]
fn command_line() {
    let (code, out) = hupai(&["waits", "1112345678999m", "1111m23m456p789s11z"], "");
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "1112345678999m  waits: 1m 2m 3m 4m 5m 6m 7m 8m 9m\n\
         111123m456p789s11z  waits: 4m  exhausted: 1m\n"
    );
    let (code, out) = hupai(&["waits", "--json", "1111m23m456p789s11z"], "");
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["hand"], "111123m456p789s11z");
    assert_eq!(v["waits"], serde_json::json!(["4m"]));
    assert_eq!(v["exhausted"], serde_json::json!(["1m"]));
    // Batch mode from stdin, in order, other notations and rule sets; a bad
    // size is an error on its line and exit code 1, the rest unaffected.
    let (code, out) = hupai(
        &["waits", "--rules", "riichi"],
        "19m19p19s1234567z\n11123456789999m\n123m456p789s1122z\n",
    );
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(
        lines[0],
        "19m19p19s1234567z  waits: 1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z"
    );
    assert!(lines[1].starts_with("error: 11123456789999m: waits expects"));
    assert!(lines[1].ends_with("this hand has 14"));
    assert_eq!(lines[2], "123m456p789s1122z  waits: 1z 2z");
    let (code, out) = hupai(
        &[
            "waits",
            "--json",
            "--rules",
            "sichuan",
            "--notation",
            "chengdu",
        ],
        "1D1D1D3D3D3D4D5D6D7D8D9D4D\n",
    );
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["waits"], serde_json::json!(["2p", "4p", "5p", "7p"]));
    let (code, out) = hupai(&["waits", "--json", "123m456p789s11122z"], "");
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(v["error"]
        .as_str()
        .unwrap()
        .contains("1, 4, 7, 10 or 13 tiles"));
}
