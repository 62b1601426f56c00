//! `hupai score` end to end: the fan table, JSON fields, flags, batch lines
//! with their own flags, errors, and agreement with the library on the
//! reference fixture.

mod cli_common;
use cli_common::{run as hupai, stdout};

#[test]
fn text_is_a_fan_table_with_total_and_verdict() {
    let o = hupai(&["score", "1112345678999m5m", "--self-drawn"], "");
    assert!(o.status.success());
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("1112345678999m5m  (winning tile 5m, --self-drawn)"));
    assert!(lines[1].contains("Nine Gates") && lines[1].contains("九莲宝灯"));
    assert!(lines[1].contains("88 ×1"));
    assert_eq!(lines.last().unwrap().trim(), "total 92 (legal win)");
    // Below 8 points: the verdict says so.
    let o = hupai(&["score", "123m456p678s222m55z"], "");
    assert!(stdout(&o).contains("not a legal win: 5 points without flowers, 8 needed"));
}

#[test]
fn json_fields() {
    let o = hupai(
        &["score", "--json", "123m456p789s11122z", "--seat", "S"],
        "",
    );
    assert!(o.status.success());
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["hand"], "123m456p789s1112z2z");
    assert_eq!(v["win_tile"], "2z");
    assert_eq!(v["total"], 13);
    assert_eq!(v["legal"], true);
    let fans: Vec<(String, u64, u64)> = v["fans"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["name"].as_str().unwrap().to_string(),
                f["points"].as_u64().unwrap(),
                f["count"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        fans,
        [
            ("Mixed Straight".to_string(), 8, 1),
            ("Prevalent Wind".to_string(), 2, 1),
            ("Concealed Hand".to_string(), 2, 1),
            ("Single Wait".to_string(), 1, 1),
        ]
    );
}

#[test]
fn flags_and_variant() {
    let json = |args: &[&str]| -> serde_json::Value {
        let o = hupai(args, "");
        serde_json::from_str(stdout(&o).trim()).unwrap()
    };
    let v = json(&[
        "score",
        "--json",
        "[EEE1][SSSS2]WWW123pNN",
        "--self-drawn",
        "--flowers",
        "2",
    ]);
    assert_eq!(v["total"], 83);
    let v = json(&[
        "score",
        "--json",
        "--variant",
        "green-book",
        "[1111m1][2222p]345s678s99s",
    ]);
    assert_eq!(v["fans"][0]["name"], "Concealed Kong and Melded Kong");
    assert_eq!(v["fans"][0]["points"], 6);
    let v = json(&[
        "score",
        "--json",
        "--prevalent",
        "S",
        "--seat",
        "W",
        "--kong",
        "--last-wall",
        "--last-tile",
        "123m456p78s222z55z9s",
    ]);
    let names: Vec<&str> = v["fans"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["name"].as_str().unwrap())
        .collect();
    assert!(names.contains(&"Robbing The Kong") && names.contains(&"Last Tile Claim"));
    assert!(names.contains(&"Prevalent Wind") && !names.contains(&"Last Tile"));
    let o = hupai(&["score", "--flowers", "9", "123m456p789s11122z"], "");
    assert!(!o.status.success());
    let o = hupai(&["score", "--seat", "X", "123m456p789s11122z"], "");
    assert!(String::from_utf8_lossy(&o.stderr).contains("unknown wind"));
    // Sichuan scores its own way (sichuan_cli.rs): three suits are no win.
    let o = hupai(&["score", "--rules", "sichuan", "123m456p789s11m"], "");
    assert!(String::from_utf8_lossy(&o.stdout).contains("not a win: three suits"));
}

#[test]
fn batch_lines_carry_flags_and_errors_stay_on_their_line() {
    let input =
        "123m456p789s11122z\n123m456p789s11122z --self-drawn --seat S --prevalent S\n123m456p789s1234z5z\n\
                 123m456p789s11z\n123m456p789s11122z --bogus\n[EEE][SSSS1]WWW123pNN\n";
    let o = hupai(&["score", "--json", "--notation", "auto"], input);
    assert_eq!(o.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 6);
    // East round and seat: Mixed Straight, both wind fans, Concealed Hand, Single Wait.
    assert_eq!(lines[0]["total"], 15);
    // Self-drawn, South round and seat: Fully Concealed Hand, the East pung a
    // Pung of Terminals or Honors.
    assert_eq!(lines[1]["total"], 8 + 4 + 1 + 1);
    assert_eq!(lines[2]["error"], "not a winning hand");
    assert!(lines[3]["error"].as_str().unwrap().contains("14 tiles"));
    assert!(lines[4]["error"].as_str().unwrap().contains("--bogus"));
    assert!(lines[5]["total"].as_u64().unwrap() >= 64);
    // The hand may contain spaces: it ends at the first `--` word.
    let o = hupai(
        &["score", "--json"],
        "[EEE1] 234m 567p 888s 9s9s --self-drawn\n",
    );
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(
        (v["hand"].as_str().unwrap(), v["total"].as_u64().unwrap()),
        ("[111z1]234m567p8889s9s", 5)
    );
    // Text mode: the error on its line, the rest printed.
    let o = hupai(&["score"], "123m456p789s1234z5z\n123m456p789s11122z\n");
    let text = stdout(&o);
    assert!(text.starts_with("error: 123m456p789s1234z5z: not a winning hand\n"));
    assert!(text.contains("Mixed Straight"));
}

/// The first 2,000 fixture hands through the command line equal the
/// library's scores (and so the reference calculator's).
#[test]
fn command_line_agrees_with_the_library_on_the_fixture() {
    use hupai::mcr::{score, ScoringInput};
    use hupai::{Notation, Tables};
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/fixtures/mcr_reference.tsv"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .take(2000)
        .map(|l| l.split('\t').next().unwrap())
        .collect();
    let o = hupai(
        &["score", "--json", "--notation", "mpsz"],
        &(lines.join("\n") + "\n"),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    let answers: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(answers.len(), lines.len());
    for (line, v) in lines.iter().zip(answers) {
        let s = score(
            &ScoringInput::parse(line, Notation::Mpsz).unwrap(),
            Tables::embedded(),
        )
        .unwrap();
        assert_eq!(v["total"], s.total, "{line}");
        assert_eq!(v["legal"], s.legal, "{line}");
        assert_eq!(v["fans"].as_array().unwrap().len(), s.fans.len(), "{line}");
    }
}
