//! The command line, end to end: the mediatek samples, JSON fields, batch mode and
//! bad input.

use std::process::Output;

mod cli_common;
use cli_common::stdout;

fn hupai(args: &[&str], stdin: Option<&str>) -> Output {
    cli_common::run(args, stdin.unwrap_or(""))
}

#[test]
fn seed_samples_in_mediatek_notation() {
    let samples = [
        ("ABCeee345456DD", "good"),
        ("ABeeee345456DD", "bad"),
        ("AAAABC123456333", "bad"),
        ("AADDFF1133aagg", "good"),
        ("AAAABBBBCCCCDDDD88", "good"),
        ("AAA123789", "bad"),
        ("AAA111345666DEF88", "bad"),
    ];
    for (hand, want) in samples {
        let o = hupai(&["check", "--notation", "mediatek", hand], None);
        assert!(o.status.success(), "{hand}");
        assert_eq!(stdout(&o).trim(), want, "{hand}");
        // Auto detection reads the mediatek notation too.
        assert_eq!(
            stdout(&hupai(&["check", hand], None)).trim(),
            want,
            "{hand} (auto)"
        );
    }
}

#[test]
fn json_fields() {
    let o = hupai(&["check", "--json", "123m456p789s11122z"], None);
    assert_eq!(
        stdout(&o).trim(),
        r#"{"hand":"123m456p789s11122z","win":true}"#
    );
    let o = hupai(
        &[
            "check",
            "--json",
            "--notation",
            "mcr",
            "[EEE][SSSS1]55pWWWNNN",
        ],
        None,
    );
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["win"], true);
    assert_eq!(v["hand"], "[111z][2222z1]55p333444z");
}

#[test]
fn batch_keeps_order_and_survives_bad_lines() {
    let input = "123m456p789s11122z\n\nxyz\n11111m\n1D1D1D3D3D3D4D5D6D7D8D9D4D4D\n123m\n";
    let o = hupai(&["check"], Some(input));
    assert_eq!(o.status.code(), Some(1));
    let lines: Vec<String> = stdout(&o).lines().map(String::from).collect();
    // Every line gets its answer in its place, the blank one too.
    assert_eq!(lines.len(), 6);
    assert_eq!(lines[0], "good");
    assert_eq!(lines[1], "error: : empty hand (blank line)");
    assert!(lines[2].starts_with("error: xyz: "), "{}", lines[2]);
    assert!(
        lines[3].contains("more than four copies of 1m"),
        "{}",
        lines[3]
    );
    assert_eq!(lines[4], "good");
    assert_eq!(lines[5], "bad");
    let o = hupai(&["check", "--json", "--threads", "1"], Some(input));
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[2]["hand"], "xyz");
    assert!(lines[2]["error"]
        .as_str()
        .unwrap()
        .contains("unexpected character 'x' at position 1"));
    assert_eq!(lines[4]["win"], true);
}

#[test]
fn bad_input_is_a_clear_error() {
    let cases = [
        (
            vec!["check", "--notation", "mpsz", "123m4x"],
            "unexpected character 'x' at position 6",
        ),
        (
            vec!["check", "--notation", "mpsz", "11111m"],
            "more than four copies of 1m",
        ),
        (
            vec!["check", "--notation", "mpsz", "8z"],
            "'8z' is not a tile",
        ),
        (
            vec!["check", "--notation", "mpsz", "0z"],
            "'0z' is not a tile",
        ),
        (
            vec!["check", "--notation", "mpsz", "[123m456p"],
            "unclosed bracket '[' at position 1",
        ),
        (
            vec!["check", "--notation", "mpsz", "m"],
            "suit letter 'm' at position 1 has no digits",
        ),
        (vec!["check", "--notation", "mpsz", " "], "empty hand"),
        (
            vec!["check", "--rules", "sichuan", "123m456p789m11122z"],
            "honour tile 1z does not exist under sichuan rules",
        ),
    ];
    for (args, want) in cases {
        let o = hupai(&args, None);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        let out = stdout(&o);
        assert!(out.contains(want), "{args:?}: {out}");
        assert!(
            !out.contains("panicked") && !String::from_utf8_lossy(&o.stderr).contains("panicked")
        );
    }
    let o = hupai(&["check", "--rules", "nonsense", "11m"], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("unknown rule set 'nonsense'"));
}

#[test]
fn tables_build_verify_and_map() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let o = hupai(&["tables", "build", "--dir", d], None);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    for file in hupai::table::FILES {
        let built = std::fs::read(dir.path().join(file)).unwrap();
        let committed =
            std::fs::read(format!("{}/../tables/{file}", env!("CARGO_MANIFEST_DIR"))).unwrap();
        assert!(built == committed, "{file} differs from the committed file");
    }
    assert!(hupai(&["tables", "verify", "--dir", d], None)
        .status
        .success());
    assert!(stdout(&hupai(&["tables", "info", "--dir", d], None)).contains("hu.tbl: kind hu"));
    let o = hupai(
        &["check", "--tables", d, "ABCeee345456DD", "ABeeee345456DD"],
        None,
    );
    assert_eq!(stdout(&o), "good\nbad\n");

    // A truncated file is refused with a clear error, not a panic.
    let path = dir.path().join("hu.tbl");
    let bytes = std::fs::read(&path).unwrap();
    std::fs::write(&path, &bytes[..bytes.len() / 2]).unwrap();
    let o = hupai(&["check", "--tables", d, "11m"], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("table file is truncated"));
    // A flipped payload byte passes the cheap open but not `verify`.
    let mut flipped = bytes.clone();
    let last = flipped.len() - 1;
    flipped[last] ^= 0x40;
    std::fs::write(&path, &flipped).unwrap();
    let o = hupai(&["tables", "verify", "--dir", d], None);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("checksum mismatch"));
    // A missing directory.
    let o = hupai(&["check", "--tables", "/nonexistent/dir", "11m"], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr)
        .contains("cannot read table file /nonexistent/dir/hu.tbl"));
}

#[test]
fn bench_json_lines() {
    let o = hupai(&["bench", "--quick", "--json", "--only", "hu"], None);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // Every set under every rule set, once each.
    let rows: Vec<(&str, &str)> = lines
        .iter()
        .map(|v| (v["set"].as_str().unwrap(), v["rules"].as_str().unwrap()))
        .collect();
    let mut want = Vec::new();
    for set in ["C14", "R14", "M14"] {
        for rules in ["generic", "sichuan", "riichi", "riichi3", "mcr"] {
            want.push((set, rules));
        }
    }
    assert_eq!(rows, want);
    for v in &lines {
        assert_eq!(v["op"], "hu");
        assert!(v["table_ns"].as_f64().unwrap() > 0.0 && v["reference_ns"].as_f64().unwrap() > 0.0);
        // The ratio is a measurement; under the generic rules the tables
        // beat the reference by far on every set.
        if v["rules"] == "generic" {
            assert!(v["ratio"].as_f64().unwrap() > 1.0, "{v}");
        }
    }
}
