//! `hupai score --rules riichi|riichi3` and the other commands under
//! `--rules riichi3`, end to end: the yaku table, the score JSON,
//! command-line and per-line flags in batch mode, option flags and presets,
//! errors.

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
fn json_has_the_fields_of_design_9() {
    let o = hupai(
        &[
            "score",
            "--rules",
            "riichi",
            "--json",
            "234m567m99s345p23p1p",
            "--riichi",
            "--self-drawn",
            "--seat",
            "S",
            "--dora",
            "8s",
        ],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let v = &json_lines(&o)[0];
    assert_eq!(v["hand"], "234567m23345p99s1p");
    assert_eq!(v["win_tile"], "1p");
    assert_eq!((v["han"].as_u64(), v["fu"].as_u64()), (Some(5), Some(20)));
    let yaku: Vec<(&str, &str, u64)> = v["yaku"]
        .as_array()
        .unwrap()
        .iter()
        .map(|y| {
            (
                y["name"].as_str().unwrap(),
                y["japanese"].as_str().unwrap(),
                y["han"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        yaku,
        [
            ("Menzen Tsumo", "門前清自摸和", 1),
            ("Riichi", "立直", 1),
            ("Pinfu", "平和", 1),
            ("Dora", "ドラ", 2)
        ]
    );
    assert_eq!(
        v["fu_details"],
        serde_json::json!([{"reason": "base", "fu": 20}])
    );
    assert_eq!(
        v["cost"],
        serde_json::json!({"main": 4000, "additional": 2000, "total": 8000})
    );
    assert_eq!(v["limit"], "mangan");
    assert_eq!(v["yakuman"], 0);
    assert_eq!(v["legal"], true);
}

#[test]
fn text_is_a_yaku_table_in_english_and_japanese() {
    let o = hupai(
        &[
            "score",
            "--rules",
            "riichi",
            "19m19p19s1234567z7z",
            "--seat",
            "S",
        ],
        "",
    );
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with("19m19p19s1234567z7z  (winning tile 7z, --seat S)"),
        "{text}"
    );
    assert!(
        lines[1].contains("Kokushi Musou Juusanmen Matchi")
            && lines[1].contains("国士無双十三面待ち")
    );
    assert!(
        lines[2].contains("26 han 0 fu  2x yakuman  ron 64000  total 64000"),
        "{text}"
    );
}

#[test]
fn batch_lines_carry_their_own_flags_over_the_command_lines() {
    let input = "234m567m99s345p23p1p\n234m567m99s345p23p1p --self-drawn --honba 1\n[123m]456m789p23s55s4s\n234m567m99s345p23p\n";
    let o = hupai(
        &[
            "score", "--rules", "riichi", "--json", "--riichi", "--seat", "S",
        ],
        input,
    );
    assert_eq!(o.status.code(), Some(1), "one bad line");
    let v = json_lines(&o);
    assert_eq!(v.len(), 4);
    assert_eq!(v[0]["cost"]["total"], 2000); // riichi pinfu ron: 2 han 30 fu
    assert_eq!(v[1]["cost"]["total"], 2700 + 300); // tsumo, one honba
    assert!(
        v[2]["error"].as_str().unwrap().contains("closed hand"),
        "riichi on an open hand"
    );
    assert!(v[3]["error"].as_str().unwrap().contains("14 tiles"));
}

#[test]
fn a_hand_without_yaku_is_not_legal_with_the_reason() {
    let o = hupai(
        &[
            "score",
            "--rules",
            "riichi",
            "--json",
            "[123m]456m789p23s55s4s",
            "--seat",
            "S",
            "--dora",
            "4s",
        ],
        "",
    );
    assert!(o.status.success());
    let v = &json_lines(&o)[0];
    assert_eq!(v["legal"], false);
    assert!(v["reason"].as_str().unwrap().contains("no yaku"));
    let o = hupai(
        &["score", "--rules", "riichi", "[123m]456m789p23s55s4s"],
        "",
    );
    assert!(stdout(&o).contains("not a legal win: no yaku"));
}

#[test]
fn option_flags_and_presets() {
    let open_tanyao = "[234m]567m66s678p23p4p";
    let legal = |args: &[&str]| {
        let mut a = vec![
            "score",
            "--rules",
            "riichi",
            "--json",
            open_tanyao,
            "--seat",
            "S",
        ];
        a.extend_from_slice(args);
        json_lines(&hupai(&a, ""))[0]["legal"].as_bool().unwrap()
    };
    assert!(!legal(&[]));
    assert!(legal(&["--has-open-tanyao"]));
    assert!(legal(&["--preset", "tenhou"]));
    assert!(!legal(&["--preset", "mahjongsoul", "--no-has-open-tanyao"]));
    let o = hupai(
        &[
            "score",
            "--rules",
            "riichi",
            open_tanyao,
            "--kazoe-limit",
            "x",
        ],
        "",
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("kazoe limit"));
    // Riichi flags under MCR rules and MCR flags under riichi rules are refused.
    let o = hupai(&["score", "--rules", "mcr", open_tanyao, "--riichi"], "");
    assert_eq!(o.status.code(), Some(2));
    let o = hupai(
        &["score", "--rules", "riichi", open_tanyao, "--flowers", "2"],
        "",
    );
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn riichi3_for_every_command() {
    let bad = "123m456p789s11122z";
    for cmd in ["check", "waits", "arrange", "shanten", "score"] {
        let o = hupai(&[cmd, "--rules", "riichi3", "--json", bad], "");
        assert_eq!(o.status.code(), Some(1), "{cmd}");
        let v = &json_lines(&o)[0];
        let e = v["error"].as_str().unwrap();
        assert!(
            e.contains("tile 2m at position 2") && e.contains("riichi3"),
            "{cmd}: {e}"
        );
    }
    let o = hupai(
        &["shanten", "--rules", "riichi3", "--json", "1111m111122233z"],
        "",
    );
    assert_eq!(json_lines(&o)[0]["shanten"], 2);
    let o = hupai(
        &["waits", "--rules", "riichi3", "--json", "19m19p19s1234567z"],
        "",
    );
    assert_eq!(json_lines(&o)[0]["waits"].as_array().unwrap().len(), 13);
    // Three-player honba: 200 per honba on a ron.
    let o = hupai(
        &[
            "score",
            "--rules",
            "riichi3",
            "--json",
            "123p456p789s11z99m9m",
            "--riichi",
            "--seat",
            "S",
            "--honba",
            "2",
        ],
        "",
    );
    assert_eq!(json_lines(&o)[0]["cost"]["total"], 1300 + 400);
}
