//! The command-line examples of the documents are run and their printed
//! output compared, so the documents cannot drift from the program.
//!
//! Every fenced block whose info string is `console`, in each file of
//! `DOCUMENTS`, is a transcript: a line starting with `$ ` is a command, run
//! by `sh` in the repository's root with this build's `hupai` first on the
//! `PATH` (pipes and `echo … |` work); the lines up to the next command or the
//! end of the block are its expected output, standard output and standard
//! error together, exactly. A line `...` (indented or not) stands for any
//! number of lines.
//! Blocks of other kinds (`sh`, `rust`, `c`, `pycon`) are not run here.
//!
//! To add an example, write a `console` block in one of these files; to add
//! a document, add it to `DOCUMENTS`.

use std::path::{Path, PathBuf};
use std::process::Command;

const DOCUMENTS: &[&str] = &["README.md", "docs/guide.md"];

/// One command of a transcript and the lines it should print.
struct Example {
    file: &'static str,
    line: usize,
    command: String,
    expected: Vec<String>,
}

/// The repository's root, where the documents and `tables/` are.
fn root() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

/// The examples of one document, in order, with the line of each command.
fn examples(file: &'static str, text: &str) -> Vec<Example> {
    let mut out: Vec<Example> = Vec::new();
    let mut in_console = false;
    let mut in_other = false;
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_end();
        if in_console || in_other {
            if trimmed.starts_with("```") {
                in_console = false;
                in_other = false;
                continue;
            }
            if in_other {
                continue;
            }
            if let Some(command) = trimmed.strip_prefix("$ ") {
                out.push(Example {
                    file,
                    line: i + 1,
                    command: command.to_string(),
                    expected: Vec::new(),
                });
            } else {
                let example = out.last_mut().unwrap_or_else(|| {
                    panic!(
                        "{file}:{}: a console block must start with a `$ ` command",
                        i + 1
                    )
                });
                example.expected.push(trimmed.to_string());
            }
        } else if let Some(info) = trimmed.strip_prefix("```") {
            if info.trim() == "console" {
                in_console = true;
            } else {
                in_other = true;
            }
        }
    }
    assert!(
        !in_console && !in_other,
        "{file}: a fenced block is not closed"
    );
    out
}

/// Whether `actual` matches `expected`, where a `...` line matches any
/// number of lines (the fewest that let the rest match).
fn matches(expected: &[String], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first.trim() == "..." => {
            (0..=actual.len()).any(|skip| matches(rest, &actual[skip..]))
        }
        Some((first, rest)) => {
            actual.first().is_some_and(|line| line.trim_end() == first)
                && matches(rest, &actual[1..])
        }
    }
}

fn run(example: &Example, bin_dir: &Path) -> String {
    let path = std::env::join_paths(std::iter::once(bin_dir.to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .expect("PATH");
    let output = Command::new("sh")
        .arg("-c")
        .arg(format!("exec 2>&1\n{}", example.command))
        .current_dir(root())
        .env("PATH", path)
        .output()
        .unwrap_or_else(|e| panic!("{}:{}: cannot run sh: {e}", example.file, example.line));
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn every_console_example_prints_what_the_documents_say() {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_hupai"));
    let bin_dir = bin.parent().expect("the binary's directory").to_path_buf();
    let mut count = 0;
    let mut failures = Vec::new();
    for &file in DOCUMENTS {
        let text =
            std::fs::read_to_string(root().join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        let found = examples(file, &text);
        assert!(!found.is_empty(), "{file} has no console example");
        for example in &found {
            assert!(
                example.command.starts_with("hupai ") || example.command.contains("| hupai "),
                "{}:{}: a console example runs hupai: {}",
                example.file,
                example.line,
                example.command
            );
            let actual = run(example, &bin_dir);
            let lines: Vec<&str> = actual.lines().collect();
            if !matches(&example.expected, &lines) {
                failures.push(format!(
                    "{}:{}: $ {}\n--- documented\n{}\n--- printed\n{}",
                    example.file,
                    example.line,
                    example.command,
                    example.expected.join("\n"),
                    actual.trim_end()
                ));
            }
            count += 1;
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {count} examples differ:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
    assert!(count >= 20, "only {count} console examples found");
}

#[test]
fn the_matcher_can_fail() {
    let expected: Vec<String> = ["a", "...", "d"].iter().map(|s| s.to_string()).collect();
    assert!(matches(&expected, &["a", "b", "c", "d"]));
    assert!(matches(&expected, &["a", "d"]));
    assert!(!matches(&expected, &["a", "b", "c"]));
    assert!(!matches(&expected, &["x", "d"]));
    let exact: Vec<String> = vec!["good".into()];
    assert!(!matches(&exact, &["good", "bad"]));
    assert!(!matches(&exact, &["bad"]));
}

#[test]
fn transcripts_are_read_as_commands_and_outputs() {
    let text = "intro\n```console\n$ hupai check 1m\nbad\n$ hupai check 11m\ngood\n```\n```sh\n$ not run\n```\n";
    let found = examples("inline", text);
    assert_eq!(found.len(), 2);
    assert_eq!(
        (found[0].line, found[0].command.as_str()),
        (3, "hupai check 1m")
    );
    assert_eq!(found[0].expected, vec!["bad".to_string()]);
    assert_eq!(found[1].expected, vec!["good".to_string()]);
}
