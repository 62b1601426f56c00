//! hupai beside its peers: the same benchmark hands through hupai's tables,
//! hupai's recursive reference and the riichi crates on crates.io, checked
//! for identical answers, then timed.
//!
//! ```text
//! cargo run --profile bench -p hupai-peers [-- --quick] [--hands N] [--runs R]
//!     [--op hu|tenpai|waits|shanten|effective|arrange]... [--markdown]
//!     [--write-hands FILE]
//! ```
//! Exit code 1 when any engine disagrees with another on any hand (the
//! disagreement is printed with the hand), 2 on a bad argument.

mod answer;
mod engines;
mod harness;

use answer::{mpsz, Answer};
use harness::Timing;
use hupai::sets::{self, Set};
use hupai::Hand;
use std::fmt::Write as _;
use std::process::ExitCode;
use std::time::Duration;

/// The operations compared, each on the benchmark sets it is defined for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// Is the hand complete.
    Hu,
    /// Is the hand ready.
    Tenpai,
    /// Which tiles complete the hand.
    Waits,
    /// Shanten number.
    Shanten,
    /// Tiles that lower the shanten.
    Effective,
    /// Every arrangement of a complete hand.
    Arrange,
}

impl Op {
    const ALL: [Op; 6] = [
        Op::Hu,
        Op::Tenpai,
        Op::Waits,
        Op::Shanten,
        Op::Effective,
        Op::Arrange,
    ];

    fn name(self) -> &'static str {
        match self {
            Op::Hu => "hu",
            Op::Tenpai => "tenpai",
            Op::Waits => "waits",
            Op::Shanten => "shanten",
            Op::Effective => "effective",
            Op::Arrange => "arrange",
        }
    }

    fn sets(self) -> &'static [Set] {
        match self {
            Op::Hu => &[Set::C14, Set::R14],
            Op::Tenpai | Op::Waits => &[Set::T13],
            Op::Shanten => &[Set::R13, Set::M13],
            Op::Effective => &[Set::R13],
            Op::Arrange => &[Set::C14],
        }
    }
}

struct Args {
    hands: usize,
    timing: Timing,
    ops: Vec<Op>,
    markdown: bool,
    write_hands: Option<String>,
    quick: bool,
}

const USAGE: &str = "usage: hupai-peers [--quick] [--hands N] [--runs R] \
[--op hu|tenpai|waits|shanten|effective|arrange]... [--markdown] [--write-hands FILE]";

fn parse_args() -> Result<Args, String> {
    let mut a = Args {
        hands: 100_000,
        timing: Timing {
            runs: 7,
            min_run: Duration::from_millis(100),
        },
        ops: Vec::new(),
        markdown: false,
        write_hands: None,
        quick: false,
    };
    let mut hands = None;
    let mut runs = None;
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut value = |name: &str| it.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--quick" => a.quick = true,
            "--markdown" => a.markdown = true,
            "--hands" => {
                let v = value("--hands")?;
                hands = Some(
                    v.parse::<usize>()
                        .ok()
                        .filter(|&n| n > 0)
                        .ok_or(format!("--hands: `{v}` is not a positive number"))?,
                )
            }
            "--runs" => {
                let v = value("--runs")?;
                runs = Some(
                    v.parse::<usize>()
                        .ok()
                        .filter(|&n| n > 0)
                        .ok_or(format!("--runs: `{v}` is not a positive number"))?,
                )
            }
            "--op" => {
                let v = value("--op")?;
                let op = Op::ALL
                    .into_iter()
                    .find(|o| o.name() == v)
                    .ok_or(format!("--op: unknown operation `{v}`"))?;
                a.ops.push(op);
            }
            "--write-hands" => a.write_hands = Some(value("--write-hands")?),
            "-h" | "--help" => return Err(String::new()),
            other => return Err(format!("unknown argument `{other}`")),
        }
    }
    if a.quick {
        a.hands = 10_000;
        a.timing = Timing {
            runs: 3,
            min_run: Duration::from_millis(20),
        };
    }
    a.hands = hands.unwrap_or(a.hands);
    a.timing.runs = runs.unwrap_or(a.timing.runs);
    if a.ops.is_empty() {
        a.ops = Op::ALL.to_vec();
    }
    Ok(a)
}

/// One timed row.
struct Measured {
    op: Op,
    set: Set,
    engine: &'static str,
    api: &'static str,
    ns: f64,
    hands: usize,
}

fn machine() -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".into());
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    let load = std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "?".into());
    format!(
        "{cpu}, {cores} cores (load average {load}); {}; {}",
        env!("PEERS_RUSTC"),
        if cfg!(debug_assertions) {
            "DEBUG BUILD, times meaningless"
        } else {
            "optimised build"
        }
    )
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("hupai-peers: {e}");
            }
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    // Fail before a minute of work, not after it.
    let mut hands_file = None;
    if let Some(path) = &args.write_hands {
        match std::fs::File::create(path) {
            Ok(f) => hands_file = Some(f),
            Err(e) => {
                eprintln!("hupai-peers: cannot write {path}: {e}");
                return ExitCode::from(2);
            }
        }
    }
    let command: Vec<String> = std::env::args().skip(1).collect();
    println!("hupai-peers: hupai beside the riichi crates, riichi rules, same hands");
    println!("machine:  {}", machine());
    println!(
        "command:  cargo run --profile bench -p hupai-peers -- {}",
        command.join(" ")
    );
    println!(
        "hands:    {} per set, benchmark sets from seed {:#x}; best of {} runs of >= {} ms thread CPU time",
        args.hands,
        sets::SEED,
        args.timing.runs,
        args.timing.min_run.as_millis()
    );

    let hands: Vec<(Set, Vec<Hand>)> = Set::ALL
        .iter()
        .map(|&s| (s, sets::hands(s, args.hands, sets::SEED)))
        .collect();
    let of = |s: Set| &hands.iter().find(|(x, _)| *x == s).expect("all sets").1;

    // 1. Every engine must give the same answer on every hand.
    let mut agreed: Vec<(Op, Set, Vec<Answer>)> = Vec::new();
    let mut disagreements = 0usize;
    for &op in &args.ops {
        for &set in op.sets() {
            let hs = of(set);
            let mut rows = engines::rows(op);
            let base = rows[0].answers(hs);
            // The peers take concealed counts only (declared melds are
            // implied by the size, their copies unknown to them): on M13
            // they are held to hupai on the same concealed tiles, while
            // hupai's own reference checks the answer with the melds.
            let concealed: Vec<Hand> = hs
                .iter()
                .map(|h| Hand::new(*h.counts(), &[]).expect("a part of a hand"))
                .collect();
            let base_concealed = rows[0].answers(&concealed);
            for row in rows.iter_mut().skip(1) {
                let peer = set == Set::M13 && row.engine() != engines::REFERENCE;
                let base = if peer { &base_concealed } else { &base };
                let got = row.answers(if peer { &concealed } else { hs });
                let bad: Vec<usize> = (0..got.len())
                    .filter(|&i| !base[i].agrees(&got[i]))
                    .collect();
                for &i in bad.iter().take(10) {
                    println!(
                        "DISAGREE {} {}: {}  {}: {}  {}: {}",
                        op.name(),
                        set.name(),
                        mpsz(hs[i].counts()),
                        rows_name(op, 0),
                        base[i],
                        row.engine(),
                        got[i]
                    );
                }
                if !bad.is_empty() {
                    println!(
                        "DISAGREE {} {}: {} vs {} on {} of {} hands",
                        op.name(),
                        set.name(),
                        row.engine(),
                        rows_name(op, 0),
                        bad.len(),
                        got.len()
                    );
                }
                disagreements += bad.len();
            }
            agreed.push((op, set, base));
        }
    }
    if disagreements > 0 {
        println!("FAILED: {disagreements} disagreement(s); no times reported");
        return ExitCode::FAILURE;
    }
    println!("check:    every engine agrees on every hand it ran (see `hands`)\n");

    // 2. Time each (operation, set, engine).
    let mut measured = Vec::new();
    for &op in &args.ops {
        for &set in op.sets() {
            for mut row in engines::rows(op) {
                // hupai and its reference on the whole hand, the peers on
                // its concealed part.
                let ns = if set == Set::M13
                    && row.engine() != engines::HUPAI
                    && row.engine() != engines::REFERENCE
                {
                    let concealed: Vec<Hand> = of(set)
                        .iter()
                        .map(|h| Hand::new(*h.counts(), &[]).expect("a part of a hand"))
                        .collect();
                    row.time(&concealed, args.timing)
                } else {
                    row.time(of(set), args.timing)
                };
                measured.push(Measured {
                    op,
                    set,
                    engine: row.engine(),
                    api: row.api(),
                    ns,
                    hands: of(set).len().min(row.max_hands()),
                });
            }
        }
    }
    print!("{}", table(&measured, &args.ops, false));
    if args.markdown {
        println!();
        print!("{}", table(&measured, &args.ops, true));
    }

    if let (Some(path), Some(file)) = (&args.write_hands, hands_file) {
        match write_hands(file, &args, &hands, &agreed, &measured) {
            Ok(n) => println!("\nwrote {n} hands with their agreed answers to {path}"),
            Err(e) => {
                eprintln!("hupai-peers: cannot write {path}: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}

fn rows_name(op: Op, i: usize) -> &'static str {
    engines::rows(op)[i].engine()
}

/// `ns / base` with two significant digits at least (`0.00012x`, `0.35x`, `15.76x`).
fn ratio(ns: f64, base: Option<f64>) -> String {
    base.map_or("-".into(), |b| {
        let r = ns / b;
        let digits = (1.0 - r.log10().floor()).clamp(2.0, 8.0) as usize;
        format!("{r:.digits$}x")
    })
}

/// The table: operation × set × engine, ns per hand, ratio to hupai's tables
/// and to hupai's reference.
fn table(m: &[Measured], ops: &[Op], markdown: bool) -> String {
    let mut lines: Vec<[String; 8]> = Vec::new();
    for &op in ops {
        for &set in op.sets() {
            let rows: Vec<&Measured> = m.iter().filter(|r| r.op == op && r.set == set).collect();
            let find = |e| rows.iter().find(|r| r.engine == e).map(|r| r.ns);
            let (hupai, reference) = (find(engines::HUPAI), find(engines::REFERENCE));
            for r in &rows {
                lines.push([
                    op.name().into(),
                    set.name().into(),
                    r.engine.into(),
                    format!("{:.1}", r.ns),
                    ratio(r.ns, hupai),
                    ratio(r.ns, reference),
                    r.hands.to_string(),
                    r.api.into(),
                ]);
            }
        }
    }
    let head = [
        "op",
        "set",
        "engine",
        "ns/hand",
        "vs hupai",
        "vs reference",
        "hands",
        "call",
    ];
    let mut out = String::new();
    if markdown {
        let _ = writeln!(out, "| {} |", head.join(" | "));
        let _ = writeln!(out, "|---|---|---|---:|---:|---:|---:|---|");
        for l in &lines {
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} | {} | {} | {} | `{}` |",
                l[0], l[1], l[2], l[3], l[4], l[5], l[6], l[7]
            );
        }
        return out;
    }
    let mut w = head.map(str::len);
    for l in &lines {
        for (i, c) in l.iter().enumerate() {
            w[i] = w[i].max(c.chars().count());
        }
    }
    let fmt = |cells: [&str; 8]| {
        let mut s = String::new();
        for (i, c) in cells.iter().enumerate() {
            let pad = w[i] - c.chars().count();
            if (3..7).contains(&i) {
                s.push_str(&" ".repeat(pad));
                s.push_str(c);
            } else {
                s.push_str(c);
                if i < 7 {
                    s.push_str(&" ".repeat(pad));
                }
            }
            if i < 7 {
                s.push_str("  ");
            }
        }
        s.trim_end().to_string()
    };
    let _ = writeln!(out, "{}", fmt(head));
    for l in &lines {
        let _ = writeln!(out, "{}", fmt(l.each_ref().map(String::as_str)));
    }
    out
}

/// The hands file for scripts/peers_python.py: one hand per line as
/// `SET <34 counts> agari=0|1` (C14, R14) or `SET <34 counts> shanten=N`
/// (R13), the answer every engine here agreed on; `#` lines carry the seed
/// and hupai's own times for the ratios.
fn write_hands(
    mut file: std::fs::File,
    args: &Args,
    hands: &[(Set, Vec<Hand>)],
    agreed: &[(Op, Set, Vec<Answer>)],
    measured: &[Measured],
) -> std::io::Result<usize> {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "# hupai-peers hands: benchmark sets, seed {:#x}, {} per set",
        sets::SEED,
        args.hands
    );
    let _ = writeln!(
        s,
        "# format: SET <34 tile counts, 1m..9m 1p..9p 1s..9s 1z..7z> agari=0|1 | shanten=N"
    );
    // Concealed hands only: the Python peers take counts (M13 has melds).
    for m in measured.iter().filter(|m| m.set != Set::M13) {
        let key = match m.op {
            Op::Hu => "agari",
            Op::Shanten => "shanten",
            _ => continue,
        };
        let _ = writeln!(
            s,
            "# ns {key} {} {} {:.1}",
            m.set.name(),
            m.engine.replace(' ', "_"),
            m.ns
        );
    }
    let mut n = 0;
    for (op, set, answers) in agreed.iter().filter(|a| a.1 != Set::M13) {
        let key = match op {
            Op::Hu => "agari",
            Op::Shanten => "shanten",
            _ => continue,
        };
        let hs = &hands.iter().find(|(x, _)| x == set).expect("all sets").1;
        for (h, a) in hs.iter().zip(answers) {
            let value = match a {
                Answer::Bool(b) => i32::from(*b),
                Answer::Shanten(v) => i32::from(*v),
                _ => unreachable!("hu and shanten answers"),
            };
            let counts: String = h.counts().iter().map(|c| char::from(b'0' + c)).collect();
            let _ = writeln!(s, "{} {counts} {key}={value}", set.name());
            n += 1;
        }
    }
    std::io::Write::write_all(&mut file, s.as_bytes())?;
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::ratio;

    #[test]
    fn ratios_keep_two_significant_digits() {
        assert_eq!(ratio(1.0, None), "-");
        assert_eq!(ratio(15.76, Some(1.0)), "15.76x");
        assert_eq!(ratio(0.35, Some(1.0)), "0.35x");
        assert_eq!(ratio(30.8, Some(268_345.4)), "0.00011x");
    }
}
