//! The C ABI end to end: the committed header equals a fresh cbindgen run,
//! and the C example, compiled with the system C compiler against the built
//! library (static and shared), prints what the `hupai` command line prints
//! and what the core library computes.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

/// This crate's directory (`ffi/`).
const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The workspace root, where the command line and the table files are.
fn workspace() -> PathBuf {
    Path::new(ROOT).parent().unwrap().to_path_buf()
}

/// The seven mediatek samples of the generic rules, a hand with declared melds, and a bad line.
const HANDS: &[&str] = &[
    "ABCeee345456DD",
    "ABeeee345456DD",
    "AAAABC123456333",
    "AADDFF1133aagg",
    "AAAABBBBCCCCDDDD88",
    "AAA123789",
    "AAA111345666DEF88",
    "[EEE][SSSS1]55pWWWNNN",
    "123m4x",
];

#[test]
fn committed_header_equals_a_fresh_generation() {
    let root = Path::new(ROOT);
    let config = cbindgen::Config::from_file(root.join("include/cbindgen.toml")).unwrap();
    let mut fresh = Vec::new();
    cbindgen::Builder::new()
        .with_config(config)
        .with_src(root.join("src/lib.rs"))
        .generate()
        .unwrap()
        .write(&mut fresh);
    let committed = std::fs::read(root.join("include/hupai.h")).unwrap();
    assert!(
        committed == fresh,
        "include/hupai.h is stale: run `cargo run -p hupai-ffi --example gen_header` and commit it"
    );
}

/// The directory of this test's profile in the target directory
/// (`target/release` for `cargo test --release`): the test executable is in
/// its `deps/`.
fn profile_dir() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    exe.parent().unwrap().parent().unwrap().to_path_buf()
}

/// `cargo build` of the same profile into the same target directory, in
/// `dir`: the crates are mostly compiled already, so this is mostly linking.
fn cargo_build(dir: &Path, args: &[&str]) {
    let profile_dir = profile_dir();
    let profile = match profile_dir.file_name().unwrap().to_str().unwrap() {
        "debug" => "dev",
        other => other,
    };
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let status = Command::new(cargo)
        .arg("build")
        .args(args)
        .args(["--profile", profile])
        .env("CARGO_TARGET_DIR", profile_dir.parent().unwrap())
        .current_dir(dir)
        .status()
        .unwrap();
    assert!(status.success(), "cargo build {args:?} failed");
}

/// The directory of `libhupai.a` / `libhupai.so` for this test's profile.
///
/// `cargo test` builds this crate's library for the tests, not its C
/// artefacts in the profile directory, so build them there.
fn library_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        cargo_build(Path::new(ROOT), &["-p", "hupai-ffi", "--lib"]);
        let dir = profile_dir();
        for lib in ["libhupai.a", "libhupai.so"] {
            assert!(dir.join(lib).exists(), "{lib} was not built");
        }
        dir
    })
}

/// The `hupai` command line of the workspace, built for this profile.
fn cli_exe() -> &'static Path {
    static EXE: OnceLock<PathBuf> = OnceLock::new();
    EXE.get_or_init(|| {
        cargo_build(&workspace(), &["--bin", "hupai"]);
        let exe = profile_dir().join("hupai");
        assert!(exe.exists(), "the hupai command line was not built");
        exe
    })
}

/// The C example compiled with `cc` against the static or the shared
/// library, once per variant (tests run in parallel).
fn compile(shared: bool) -> &'static Path {
    static BUILT: [OnceLock<PathBuf>; 2] = [OnceLock::new(), OnceLock::new()];
    BUILT[shared as usize].get_or_init(|| compile_now(shared))
}

fn compile_now(shared: bool) -> PathBuf {
    let lib = library_dir();
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(if shared {
        "hupai_example_shared"
    } else {
        "hupai_example_static"
    });
    let mut cc = Command::new("cc");
    cc.args([
        "-std=c99",
        "-Wall",
        "-Wextra",
        "-pedantic",
        "-Werror",
        "-O2",
    ])
    .arg(format!("-I{ROOT}/include"))
    .arg(format!("{ROOT}/examples/c/hupai_example.c"))
    .arg("-o")
    .arg(&out);
    if shared {
        cc.arg(format!("-L{}", lib.display()))
            .arg(format!("-Wl,-rpath,{}", lib.display()))
            .arg("-lhupai");
    } else {
        cc.arg(lib.join("libhupai.a"));
    }
    cc.args(["-lpthread", "-ldl", "-lm"]);
    let o = cc.output().expect("a C compiler `cc` on the PATH");
    assert!(
        o.status.success(),
        "cc failed:\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
    out
}

fn run(program: &Path, args: &[&str]) -> Output {
    Command::new(program).args(args).output().unwrap()
}

fn cli(args: &[&str]) -> Output {
    cli_command("check", args)
}

fn cli_command(command: &str, args: &[&str]) -> Output {
    Command::new(cli_exe())
        .arg(command)
        .args(args)
        .output()
        .unwrap()
}

/// Same lines and same exit code as `hupai check`.
fn assert_same(c: &Output, cli: &Output) {
    let text = |o: &Output| String::from_utf8(o.stdout.clone()).unwrap();
    assert_eq!(
        text(c),
        text(cli),
        "C example stderr: {}",
        String::from_utf8_lossy(&c.stderr)
    );
    assert_eq!(c.status.code(), cli.status.code());
}

#[test]
fn c_example_static_matches_the_cli() {
    let exe = compile(false);
    let want = cli(HANDS);
    let lines: Vec<&str> = std::str::from_utf8(&want.stdout).unwrap().lines().collect();
    assert_eq!(
        lines[..8],
        ["good", "bad", "bad", "good", "good", "bad", "bad", "good"]
    );
    assert!(lines[8].starts_with("error: 123m4x: "), "{}", lines[8]);
    assert_same(&run(exe, HANDS), &want);
    let batch: Vec<&str> = ["--batch"].iter().chain(HANDS).copied().collect();
    assert_same(&run(exe, &batch), &want);
}

#[test]
fn c_example_shared_with_mapped_tables_matches_the_cli() {
    let exe = compile(true);
    let tables = workspace().join("tables").display().to_string();
    let mut args = vec!["--tables", &tables, "--batch"];
    args.extend(HANDS);
    assert_same(&run(exe, &args), &cli(HANDS));
    // Rules reach the engine: Sichuan refuses a third suit.
    let three_suits = ["123m456p789s11122s", "123m456m789s11122s"];
    let mut args = vec!["--rules", "sichuan"];
    args.extend(three_suits);
    let mut want = vec!["--rules", "sichuan"];
    want.extend(three_suits);
    assert_same(&run(exe, &args), &cli(&want));
    // A missing table directory is an error code, not a crash.
    let o = run(exe, &["--tables", "/no/such/dir", "ABCeee345456DD"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("could not be read"));
}

#[test]
fn c_example_waits_match_the_cli() {
    let exe = compile(false);
    let mut ready: Vec<String> = [
        "1112345678999m",
        "1111m23m456p789s11z",
        "[111z1]123m456p789s2z",
        "19m19p19s1234567z",
        "1357m2468p1357s9m",
    ]
    .map(String::from)
    .to_vec();
    ready.extend(
        hupai_core::sets::hands(hupai_core::sets::Set::T13, 200, hupai_core::sets::SEED)
            .iter()
            .map(|h| h.to_string()),
    );
    let ready: Vec<&str> = ready.iter().map(String::as_str).collect();
    for rules in ["generic", "riichi"] {
        // 13 + 1 quad is ready only under the generic rule of undeclared kongs.
        let hands: Vec<&str> = ready
            .iter()
            .copied()
            .filter(|h| rules == "generic" || *h != "1111m23m456p789s11z")
            .collect();
        let mut args = vec!["--rules", rules];
        let want = cli_command("waits", &[&args[..], &hands[..]].concat());
        args.push("waits");
        args.extend(&hands);
        let got = run(exe, &args);
        assert_same(&got, &want);
        assert_eq!(got.status.code(), Some(0));
    }
    let o = run(exe, &["waits", "1111m23m456p789s11z"]);
    assert_eq!(
        String::from_utf8(o.stdout).unwrap(),
        "111123m456p789s11z  waits: 4m  exhausted: 1m\n"
    );
    // A hand of the wrong size is an error line, as in the CLI.
    let o = run(exe, &["waits", "123m", "1112345678999m"]);
    assert_eq!(o.status.code(), Some(1));
    let text = String::from_utf8(o.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("error: 123m: "), "{}", lines[0]);
    assert_eq!(
        lines[1],
        "1112345678999m  waits: 1m 2m 3m 4m 5m 6m 7m 8m 9m"
    );
}

#[test]
fn c_example_scores_match_the_cli() {
    let exe = compile(false);
    // MCR samples: the last concealed tile is the winning tile.
    let mut hands: Vec<String> = [
        "[EEE1]234m567p888s9s9s",
        "19m19p19s1234567z1m",
        "11m22m33m44p55p66s77z",
        "[EEE][SSSS1]55pWWWNNN",
        "123m456m789m11p234s",
    ]
    .map(String::from)
    .to_vec();
    // Complete hands of the C14 set, winning on their highest tile.
    hands.extend(
        hupai_core::sets::hands(hupai_core::sets::Set::C14, 100, hupai_core::sets::SEED)
            .iter()
            .map(|h| h.to_string()),
    );
    for self_drawn in [false, true] {
        let flag: &[&str] = if self_drawn { &["--self-drawn"] } else { &[] };
        let args: Vec<&str> = flag
            .iter()
            .copied()
            .chain(hands.iter().map(String::as_str))
            .collect();
        let want = cli_command("score", &[&["--json"], &args[..]].concat());
        let got = run(exe, &[flag, &["score"], &args[flag.len()..]].concat());
        let want = String::from_utf8(want.stdout).unwrap();
        let got = String::from_utf8(got.stdout).unwrap();
        assert_eq!(got.lines().count(), hands.len());
        for ((hand, w), g) in hands.iter().zip(want.lines()).zip(got.lines()) {
            let v: serde_json::Value = serde_json::from_str(w).unwrap();
            let expected = match v.get("error") {
                Some(e) => format!("error: {hand}: {}", e.as_str().unwrap()),
                None => {
                    let fans: Vec<String> = v["fans"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|f| {
                            format!(
                                " {} {}x{}",
                                f["name"].as_str().unwrap(),
                                f["points"],
                                f["count"]
                            )
                        })
                        .collect();
                    let verdict = if v["legal"] == true {
                        "legal win"
                    } else {
                        "not a legal win"
                    };
                    format!(
                        "{hand}  total {} ({verdict}):{}",
                        v["total"],
                        fans.join(",")
                    )
                }
            };
            if expected.starts_with("error") {
                // The C ABI reports a status, not the CLI's sentence.
                assert!(g.starts_with(&format!("error: {hand}: ")), "{g}");
            } else {
                assert_eq!(g, expected);
            }
        }
    }
}

#[test]
fn c_example_riichi_scores_match_the_cli() {
    let exe = compile(false);
    let mut hands: Vec<String> = [
        "234m567m99s345p23p1p",
        "[777z1]234m567p789s9s9s",
        "19m19p19s1234567z7z",
        "[123m]456m789p23s55s4s",
        "222m555p777s111z9s9s",
        "123m456p789s1234z5z",
    ]
    .map(String::from)
    .to_vec();
    hands.extend(
        hupai_core::sets::hands(hupai_core::sets::Set::C14, 100, hupai_core::sets::SEED)
            .iter()
            .map(|h| h.to_string()),
    );
    for self_drawn in [false, true] {
        let flag: &[&str] = if self_drawn { &["--self-drawn"] } else { &[] };
        let mut args: Vec<&str> = vec!["--rules", "riichi"];
        args.extend_from_slice(flag);
        args.extend(hands.iter().map(String::as_str));
        let want = cli_command("score", &[&["--json"], &args[..]].concat());
        let got = run(
            exe,
            &[&args[..2 + flag.len()], &["score"], &args[2 + flag.len()..]].concat(),
        );
        let want = String::from_utf8(want.stdout).unwrap();
        let got = String::from_utf8(got.stdout).unwrap();
        assert_eq!(got.lines().count(), hands.len());
        for ((hand, w), g) in hands.iter().zip(want.lines()).zip(got.lines()) {
            let v: serde_json::Value = serde_json::from_str(w).unwrap();
            if v.get("error").is_some() {
                assert!(g.starts_with(&format!("error: {hand}: ")), "{g}");
                continue;
            }
            let yaku: Vec<String> = v["yaku"]
                .as_array()
                .unwrap()
                .iter()
                .map(|y| format!(" {} {}", y["name"].as_str().unwrap(), y["han"]))
                .collect();
            let verdict = if v["legal"] == true {
                "legal win"
            } else {
                "no yaku"
            };
            let expected = format!(
                "{hand}  {} han {} fu total {} ({verdict}):{}",
                v["han"],
                v["fu"],
                v["cost"]["total"],
                yaku.join(",")
            );
            assert_eq!(g, expected);
        }
    }
}

#[test]
fn c_example_shanten_matches_the_cli() {
    let exe = compile(false);
    use hupai_core::sets::{hands, Set, SEED};
    let mut draw: Vec<String> = [
        "123m456p789s1112z",
        "1357m2468p1357s9m",
        "[111z1]123m456p789s5z",
    ]
    .map(String::from)
    .to_vec();
    draw.extend(hands(Set::R13, 100, SEED).iter().map(|h| h.to_string()));
    draw.extend(hands(Set::T13, 50, SEED).iter().map(|h| h.to_string()));
    let mut discard: Vec<String> = vec!["[111z1]123m456p78s".into()];
    discard.extend(
        hands(Set::R14, 50, SEED)
            .iter()
            .chain(&hands(Set::C14, 10, SEED))
            .map(|h| h.to_string()),
    );
    for rules in ["riichi", "generic", "mcr"] {
        // 3n+1 hands: the whole line.
        let args: Vec<&str> = draw.iter().map(String::as_str).collect();
        let want = cli_command("shanten", &[&["--rules", rules], &args[..]].concat());
        let got = run(exe, &[&["--rules", rules, "shanten"], &args[..]].concat());
        assert_same(&got, &want);
        // 3n+2 hands: the CLI's first line (its discard table follows).
        for h in &discard {
            let want = cli_command("shanten", &["--rules", rules, h]);
            let want = String::from_utf8(want.stdout).unwrap();
            let got = run(exe, &["--rules", rules, "shanten", h]);
            let got = String::from_utf8(got.stdout).unwrap();
            assert_eq!(got.trim_end(), want.lines().next().unwrap(), "{h}");
        }
    }
}

/// The Sichuan line the C example prints for one hand's `hupai score
/// --rules sichuan --json` object.
fn sichuan_line(hand: &str, v: &serde_json::Value) -> String {
    if v["legal"] != true {
        return format!("{hand}  not a win: {}", v["reason"].as_str().unwrap());
    }
    let cap = match v["cap"].as_u64() {
        Some(c) => format!("cap {c}"),
        None => "no cap".to_string(),
    };
    let fans: Vec<String> = v["fans"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            format!(
                " {} {}x{}",
                f["name"].as_str().unwrap(),
                f["fan"],
                f["count"]
            )
        })
        .collect();
    let labels: String = v["labels"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| format!(" = {}", l.as_str().unwrap()))
        .collect();
    let p = &v["payments"];
    format!(
        "{hand}  {} fan ({cap}) value {}  {} x {} = {}:{}{labels}",
        v["fan"],
        v["value"],
        p["payers"],
        p["each"],
        p["total"],
        fans.join(",")
    )
}

#[test]
fn c_example_sichuan_scores_match_the_cli() {
    let exe = compile(false);
    let mut hands: Vec<String> = [
        "[2222m][555m2]888m333m99m",
        "11223344556677m",
        "11112233445566m",
        "22555588m225588p",
        "[2222m][5555m][8888m][3333m]9m9m",
        "[222m][555m][888p][222p]5p5p",
        "123m789m11199p789p",
        "234m456m678m345p55p",
        "123m456p789s11122s",
        "123m456m789m11p22p",
        "123m456m789m111z22z",
    ]
    .map(String::from)
    .to_vec();
    hands.extend(
        hupai_core::sichuan::sample::winning_inputs(60, 5)
            .iter()
            .map(|i| i.hand().to_string()),
    );
    let hands: Vec<&str> = hands.iter().map(String::as_str).collect();
    let mut lines = 0;
    for profile in ["default", "tfmj", "mil", "chengdu", "qq"] {
        for flag in [&[][..], &["--self-drawn"][..]] {
            let mut opts = vec!["--rules", "sichuan", "--profile", profile];
            opts.extend(flag);
            let want = cli_command("score", &[&["--json"], &opts[..], &hands[..]].concat());
            let got = run(exe, &[&opts[..], &["score"], &hands[..]].concat());
            let want = String::from_utf8(want.stdout).unwrap();
            let got = String::from_utf8(got.stdout).unwrap();
            assert_eq!(got.lines().count(), hands.len());
            for ((hand, w), g) in hands.iter().zip(want.lines()).zip(got.lines()) {
                let v: serde_json::Value = serde_json::from_str(w).unwrap();
                if v.get("error").is_some() {
                    // Honour tiles: a status from the C ABI.
                    assert!(g.starts_with(&format!("error: {hand}: ")), "{g}");
                } else {
                    assert_eq!(g, sichuan_line(hand, &v), "{profile} {flag:?}");
                }
                lines += 1;
            }
        }
    }
    assert_eq!(lines, 10 * hands.len());
}

#[test]
fn c_example_settlements_match_the_cli() {
    let exe = compile(true);
    let rounds = [
        r#"{"events":[{"kong":{"player":1,"kind":"concealed"}},{"win":[{"player":0,"hand":"222m555m888m333p9p9p","from":2}]}]}"#,
        r#"{"events":[{"kong":{"player":0,"kind":"concealed"}},{"kong":{"player":1,"kind":"melded","from":2}},{"kong":{"player":2,"kind":"added","postponed":true}}]}"#,
        r#"{"events":[{"kong":{"player":1,"kind":"added"}},{"kong":{"player":1,"kind":"concealed"}},{"win":[{"player":0,"hand":"123m456m789m123p55p","from":1,"flags":["after-kong"]}]}]}"#,
        r#"{"void":["s","s","s","s"],"events":[{"kong":{"player":2,"kind":"concealed"}},{"win":[{"player":0,"hand":"123m456m789m123p55p","from":3}]},{"wall_end":{"hands":{"1":"22m33m555m777m999m","2":"[9999p]1468m224468p","3":"1234p567p3478s99s"}}}]}"#,
        r#"{"events":[]}"#,
        r#"{"events":[{"win":[{"player":0,"hand":"123m456m789m123p55p"}]},{"win":[{"player":0,"hand":"111m222m333m666p99p"}]}]}"#,
        r#"{"events":[{"bet":1}]}"#,
    ];
    for profile in ["default", "tfmj", "mil", "chengdu", "qq"] {
        let want = cli_command(
            "settle",
            &[
                &["--rules", "sichuan", "--json", "--profile", profile][..],
                &rounds[..],
            ]
            .concat(),
        );
        let got = run(
            exe,
            &[&["--profile", profile, "settle"][..], &rounds[..]].concat(),
        );
        assert_eq!(got.status.code(), want.status.code(), "{profile}");
        let want = String::from_utf8(want.stdout).unwrap();
        let got = String::from_utf8(got.stdout).unwrap();
        assert_eq!(got.lines().count(), rounds.len());
        for (w, g) in want.lines().zip(got.lines()) {
            let v: serde_json::Value = serde_json::from_str(w).unwrap();
            let expected = match v.get("error") {
                Some(e) => format!("error: {}", e.as_str().unwrap()),
                None => {
                    let net: Vec<String> = v["net"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|n| n.to_string())
                        .collect();
                    let payments: Vec<String> = v["payments"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|p| {
                            format!(
                                " {}->{} {} {}",
                                p["from"],
                                p["to"],
                                p["amount"],
                                p["why"].as_str().unwrap()
                            )
                        })
                        .collect();
                    format!("net {}:{}", net.join(" "), payments.join(","))
                }
            };
            assert_eq!(g, expected, "{profile}");
        }
    }
}
