//! Bad input through the CLI and the library: every batch line answered in
//! its place, bad table files refused and named, limits and messages.

mod cli_common;

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Run `hupai` with raw bytes on standard input.
fn run_bytes(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hupai"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    input.write_all(stdin).unwrap();
    drop(input);
    child.wait_with_output().unwrap()
}

fn json_lines(o: &Output) -> Vec<serde_json::Value> {
    String::from_utf8(o.stdout.clone())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn every_batch_line_is_answered_in_its_place() {
    let mut input = b"\xEF\xBB\xBF123m456p789s11122z\n".to_vec(); // BOM first
    input.extend_from_slice(b"\n"); // blank
    input.extend_from_slice(b" \t \n"); // whitespace only
    input.extend_from_slice(b"12\x003m\n"); // NUL
    input.extend_from_slice(b"\xFF\xFE123m\n"); // not UTF-8
    input.extend_from_slice(b"123m456p789s11122z\r\n"); // CRLF, good
    input.extend_from_slice(b"1x\x1b[31m\n"); // control characters
    input.extend_from_slice(format!("{}\n", "1".repeat(300)).as_bytes()); // long echo
    input.extend_from_slice(b"1112345678999m"); // no final newline
    let o = run_bytes(&["check", "--json"], &input);
    assert_eq!(o.status.code(), Some(1));
    let v = json_lines(&o);
    assert_eq!(v.len(), 9, "one line out per line in");
    assert_eq!(v[0]["win"], true, "the BOM is skipped");
    assert_eq!(v[1]["error"], "empty hand (blank line)");
    assert_eq!(v[2]["error"], "empty hand (blank line)");
    assert_eq!(v[3]["error"], "NUL character (U+0000) at position 3");
    assert_eq!(v[3]["hand"], "12U+00003m");
    assert_eq!(v[4]["error"], "not UTF-8: byte 0xFF at byte 1");
    assert_eq!(v[5]["win"], true);
    assert_eq!(v[6]["hand"], "1xU+001B[31m");
    assert_eq!(v[6]["error"], "unexpected character 'x' at position 2");
    let echoed = v[7]["hand"].as_str().unwrap();
    assert_eq!(echoed.chars().count(), 81, "80 characters and the cut mark");
    assert!(echoed.ends_with('…'));
    assert_eq!(v[8]["win"], false);
    // Text mode: the same lines, each in place.
    let o = run_bytes(&["check"], &input);
    let text = String::from_utf8(o.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 9);
    assert_eq!(lines[0], "good");
    assert_eq!(
        lines[3],
        "error: 12U+00003m: NUL character (U+0000) at position 3"
    );
    assert_eq!(
        lines[4],
        "error: \u{FFFD}\u{FFFD}123m: not UTF-8: byte 0xFF at byte 1"
    );
    assert_eq!(lines[5], "good");
    assert_eq!(lines[8], "bad");
}

#[test]
fn a_control_character_in_a_message_is_shown_as_its_code() {
    let e = hupai::notation::parse("12\u{7}m", hupai::Notation::Mpsz).unwrap_err();
    assert_eq!(e.to_string(), "unexpected character U+0007 at position 3");
    let e = hupai::notation::parse("[111m\u{0}]", hupai::Notation::Mpsz).unwrap_err();
    assert_eq!(e.to_string(), "unexpected character U+0000 at position 6");
}

#[test]
fn a_huge_line_is_an_error_and_the_next_line_is_answered() {
    let mut input = vec![b'1'; 200_000];
    input.extend_from_slice(b"\n123m456p789s11122z\n");
    let o = run_bytes(&["check"], &input);
    let text = String::from_utf8(o.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2);
    assert!(
        lines[0].ends_with(": line longer than 65536 bytes"),
        "{}",
        lines[0]
    );
    assert_eq!(lines[1], "good");
}

#[test]
fn bad_table_files_are_refused_and_named() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    hupai::table::generate::write_dir(dir.path()).unwrap();
    let ok = cli_common::run(&["check", "--tables", d, "11m"], "");
    assert_eq!(cli_common::stdout(&ok), "good\n");
    // One payload bit of two files: the cheap open passes, the checksum does not.
    for name in ["hu.tbl", "shanten.tbl"] {
        let path = dir.path().join(name);
        let mut bytes = std::fs::read(&path).unwrap();
        let at = bytes.len() - 3;
        bytes[at] ^= 0x10;
        std::fs::write(&path, &bytes).unwrap();
    }
    assert!(hupai::Tables::open(dir.path()).is_ok(), "open stays cheap");
    let Err(err) = hupai::Tables::open_verified(dir.path()) else {
        panic!("a corrupt file passed verification");
    };
    let hu = dir.path().join("hu.tbl");
    assert!(err
        .to_string()
        .starts_with(&format!("{}: table file checksum mismatch", hu.display())));
    let o = cli_common::run(&["check", "--tables", d, "11m"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty(), "no answer from a bad table");
    let stderr = cli_common::stderr(&o);
    assert!(
        stderr.contains(&format!("{}: table file checksum mismatch", hu.display())),
        "{stderr}"
    );
    // `tables verify` names each bad file.
    let o = cli_common::run(&["tables", "verify", "--dir", d], "");
    assert_eq!(o.status.code(), Some(1));
    let stderr = cli_common::stderr(&o);
    for name in ["hu.tbl", "shanten.tbl"] {
        let p = dir.path().join(name);
        assert!(
            stderr.contains(&format!("{}: table file checksum mismatch", p.display())),
            "{stderr}"
        );
    }
    assert!(
        stderr.contains("2 of 4 table files failed verification"),
        "{stderr}"
    );
    assert!(cli_common::stdout(&o).contains("arrange.tbl: ok"));
    let results = hupai::table::verify_dir(dir.path());
    let bad: Vec<bool> = results.iter().map(|(_, r)| r.is_err()).collect();
    assert_eq!(bad, [true, false, false, true]);
}

#[test]
fn tables_build_into_a_directory_it_cannot_create() {
    let file = tempfile::NamedTempFile::new().unwrap();
    let under_a_file = file.path().join("tables");
    let o = cli_common::run(
        &["tables", "build", "--dir", under_a_file.to_str().unwrap()],
        "",
    );
    assert_eq!(o.status.code(), Some(2));
    let stderr = cli_common::stderr(&o);
    assert!(
        stderr.starts_with(&format!(
            "hupai: cannot write the tables to {}",
            under_a_file.display()
        )),
        "{stderr}"
    );
}

#[test]
fn limits_and_messages() {
    // Threads beyond 4 × cores: refused before anything runs.
    let start = std::time::Instant::now();
    let o = cli_common::run(&["check", "--threads", "100000", "11m"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(cli_common::stderr(&o).contains("100000 threads is more than 4 × the"));
    assert!(start.elapsed().as_secs() < 5);
    let o = cli_common::run(&["check", "--threads", "2", "11m"], "");
    assert_eq!(cli_common::stdout(&o), "good\n");
    // bench --only with an unknown op names the valid ones.
    let o = cli_common::run(&["bench", "--only", "nothing"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(cli_common::stderr(&o).contains("the operations are: hu, waits, arrange"));
    // score --help shows only what score accepts.
    let help = cli_common::stdout(&cli_common::run(&["score", "--help"], ""));
    assert!(!help.contains("--joker"), "{help}");
    assert!(help.contains("--self-drawn") && help.contains("--glyphs"));
    assert!(cli_common::stdout(&cli_common::run(&["check", "--help"], "")).contains("--jokers"));
    // check '' says empty hand.
    let o = cli_common::run(&["check", ""], "");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(cli_common::stdout(&o), "error: : empty hand\n");
    // An auto error leads with the notation that read furthest.
    let o = cli_common::run(&["check", "ABCDEFx"], "");
    let text = cli_common::stdout(&o);
    assert!(text.starts_with("error: ABCDEFx: not a hand in any notation: mediatek: unexpected character 'x' at position 7"), "{text}");
}
