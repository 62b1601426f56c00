//! `hupai analyze`: discard EV — per discard, the probability
//! of being ready and of winning within T draws and the expected score, and
//! for the best discards which draws lead to ready and on what waits.

use super::bench::round_to;
use super::{batch, with_engine, Common};
use clap::Args;
use hupai::ev::{Analysis, DiscardEv, Options, MAX_TURNS};
use hupai::mcr::{Flags, Wind};
use hupai::{answer, Counts, Notation, Tile};
use serde::Serialize;
use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

#[derive(Args)]
pub struct AnalyzeArgs {
    #[command(flatten)]
    pub common: Common,
    /// Draws left, T (1 to 60).
    #[arg(long, value_name = "T", default_value_t = 17)]
    pub turns: usize,
    /// Tiles seen outside the hand (discards, other players' melds,
    /// indicators), in mpsz: they leave the pool.
    #[arg(long, value_name = "TILES")]
    pub visible: Option<String>,
    /// Keep a draw only if it lowers the shanten (no tile changes).
    #[arg(long)]
    pub no_changes: bool,
    /// Allow discards one shanten worse than the best.
    #[arg(long)]
    pub shanten_down: bool,
    /// Exchanges tile changes and shanten-downs may stray from the shortest
    /// paths (tiles drawn beyond the hand + shanten <= best shanten + N).
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub extra: u8,
    /// No bound on tile changes and shanten-downs: the model computed
    /// exactly over every hand T draws can reach (--extra is ignored). The
    /// states grow fast with T: practical for a few draws.
    #[arg(long)]
    pub exact: bool,
    /// The most states (hands) one analysis may hold, up to about 1.5 kB
    /// each; a hand needing more gets an error line naming what to lower.
    #[arg(long, value_name = "N", default_value_t = hupai::ev::DEFAULT_MAX_STATES,
          value_parser = parse_max_states)]
    pub max_states: usize,
    /// How many of the best discards get their draws explained.
    #[arg(long, value_name = "N", default_value_t = 3)]
    pub explain: usize,
    /// MCR and riichi: prevalent wind (E, S, W, N).
    #[arg(long, default_value = "E", value_name = "WIND")]
    pub prevalent: Wind,
    /// MCR and riichi: seat wind (E, S, W, N; riichi: East is the dealer).
    #[arg(long, default_value = "E", value_name = "WIND")]
    pub seat: Wind,
    /// MCR: flower tiles, 0 to 8 (counted after a legal win).
    #[arg(long, default_value_t = 0, value_name = "N", value_parser = hupai::mcr::input::parse_flowers)]
    pub flowers: u8,
    /// Riichi: dora indicators, rule options (wins are self-drawn, with
    /// riichi declared when the hand is concealed).
    #[command(flatten)]
    pub riichi: super::riichi_score::RiichiFlags,
    /// Hands (3n+2 tiles) to analyse; with none, one hand per line from
    /// standard input.
    #[arg(value_name = "HAND")]
    pub hands: Vec<String>,
}

/// `--max-states`: 1 to [`hupai::ev::MAX_STATES`].
fn parse_max_states(s: &str) -> Result<usize, String> {
    let max = hupai::ev::MAX_STATES;
    match s.parse::<usize>() {
        Ok(n) if (1..=max).contains(&n) => Ok(n),
        _ => Err(format!("expected a number of states from 1 to {max}")),
    }
}

pub fn run(args: AnalyzeArgs) -> ExitCode {
    let common = &args.common;
    if !(1..=MAX_TURNS).contains(&args.turns) {
        eprintln!(
            "hupai: --turns {}: expected 1 to {MAX_TURNS} draws",
            args.turns
        );
        return ExitCode::from(2);
    }
    let visible: Counts = match &args.visible {
        None => [0; 34],
        Some(s) => match hupai::notation::parse(s, Notation::Mpsz) {
            Ok(h) => h.all_counts(),
            Err(e) => {
                eprintln!("hupai: --visible {s}: {e}");
                return ExitCode::from(2);
            }
        },
    };
    let is_riichi = common.rules.thirteen_orphans && !common.rules.mcr_forms;
    if args.riichi.any() && !is_riichi {
        eprintln!("hupai: the riichi scoring flags need --rules riichi or riichi3");
        return ExitCode::from(2);
    }
    let shared = [
        "--seat".to_string(),
        args.seat.to_string(),
        "--prevalent".to_string(),
        args.prevalent.to_string(),
    ];
    let riichi = match args.riichi.settings(&common.rules, &shared) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("hupai: {e}");
            return ExitCode::from(2);
        }
    };
    let options = Options {
        turns: args.turns,
        visible,
        changes: !args.no_changes,
        shanten_down: args.shanten_down,
        extra: args.extra,
        exact: args.exact,
        max_states: args.max_states,
        jokers: common.jokers(),
        mcr: Flags {
            prevalent: args.prevalent,
            seat: args.seat,
            flowers: args.flowers,
            ..Flags::default()
        },
        riichi,
        explain: args.explain,
    };
    let progress = Progress::new(args.hands.len());
    with_engine(common, |engine| {
        std::thread::scope(|scope| {
            if std::io::stderr().is_terminal() {
                scope.spawn(|| progress.draw());
            }
            let code = batch::run(common, &args.hands, |input| {
                let answer = (|| {
                    let (hand, jokers) = common.read_hand(engine, input)?;
                    let a = engine.analyze(&hand, &options).map_err(|e| e.to_string())?;
                    let name = hand.to_string();
                    Ok(batch::Answer::new(
                        common.json,
                        || text(&name, &a, common.rules.name),
                        || answer::Analysis::new(&hand, &a, jokers),
                    ))
                })();
                progress.done.fetch_add(1, Ordering::Relaxed);
                answer
            });
            progress.finished.store(true, Ordering::Relaxed);
            code
        })
    })
}

/// Hands analysed so far, drawn on standard error while the batch runs.
struct Progress {
    total: usize,
    done: AtomicUsize,
    finished: AtomicBool,
    start: Instant,
}

impl Progress {
    fn new(total: usize) -> Progress {
        Progress {
            total,
            done: AtomicUsize::new(0),
            finished: AtomicBool::new(false),
            start: Instant::now(),
        }
    }

    /// Redraw the bar a few times a second until the batch ends, then clear it.
    fn draw(&self) {
        let mut err = std::io::stderr();
        let mut shown = false;
        while !self.finished.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(200));
            let done = self.done.load(Ordering::Relaxed);
            if self.start.elapsed() < Duration::from_secs(1) {
                continue;
            }
            let rate = done as f64 / self.start.elapsed().as_secs_f64();
            let line = if let Some(filled) = (done * 30).checked_div(self.total) {
                let filled = filled.min(30);
                format!(
                    "\r[{}{}] {done}/{} hands, {rate:.1}/s ",
                    "#".repeat(filled),
                    " ".repeat(30 - filled),
                    self.total
                )
            } else {
                format!("\r{done} hands, {rate:.1}/s ")
            };
            let _ = err.write_all(line.as_bytes());
            shown = true;
        }
        if shown {
            let _ = err.write_all(format!("\r{}\r", " ".repeat(60)).as_bytes());
        }
    }
}

fn list(tiles: &[(Tile, u8)]) -> String {
    let v: Vec<String> = tiles.iter().map(|(t, n)| format!("{t}×{n}")).collect();
    v.join(" ")
}

/// A table of every discard, then the draws of the best ones.
fn text(name: &str, a: &Analysis, rules: &str) -> String {
    let t = a.turns - 1;
    let mut out = format!(
        "{name}: shanten {}, {} draws left ({rules} rules)\n  {:<8}{:>8}{:>10}{:>10}{:>8}{:>10}\n",
        a.shanten, a.turns, "discard", "shanten", "effective", "tenpai %", "win %", "score"
    );
    for d in &a.discards {
        let score = d
            .score
            .as_ref()
            .map_or("n/a".to_string(), |s| format!("{:.2}", s[t]));
        out += &format!(
            "  {:<8}{:>8}{:>10}{:>10.2}{:>8.2}{:>10}\n",
            d.tile.to_string(),
            d.shanten,
            d.effective_total(),
            100.0 * d.tenpai[t],
            100.0 * d.win[t],
            score
        );
    }
    for d in a.discards.iter().filter(|d| !d.draws.is_empty()) {
        out += &why(d);
    }
    out.truncate(out.trim_end().len());
    out
}

/// `  discard 3z: draw 3m×4 -> discard 4z, ready on 6m×3 9m×4; ...`
fn why(d: &DiscardEv) -> String {
    let mut out = format!("  discard {}:\n", d.tile);
    for p in &d.draws {
        let then = if p.wins {
            "wins".to_string()
        } else {
            let discard = p.discard.map_or("-".to_string(), |t| t.to_string());
            if p.shanten == 0 {
                format!("discard {discard}, ready on {}", list(&p.waits))
            } else {
                format!("discard {discard}, shanten {}", p.shanten)
            }
        };
        out += &format!("    draw {}×{} -> {then}\n", p.draw, p.remaining);
    }
    out
}

/// `hupai bench --only ev`: one decision at T = 17 (riichi rules, default
/// options) on 1-, 2- and 3-shanten R14 hands, ms per decision (best of
/// repeated passes), states and memory per decision. No reference: the
/// brute force of tests/ev.rs is exponential in T.
pub fn bench(quick: bool, json: bool) {
    let t = hupai::Tables::embedded();
    let rules = hupai::Rules::RIICHI;
    let sizes: [(i8, usize); 3] = if quick {
        [(1, 20), (2, 10), (3, 3)]
    } else {
        hupai::ev::SAMPLE_SIZES
    };
    if !json {
        println!("discard EV, T = 17, riichi rules, one thread; per decision (hand)");
        println!(
            "{:<14} {:>6} {:>12} {:>12} {:>10} {:>10}",
            "op", "hands", "mean ms", "max ms", "states", "MB"
        );
    }
    for (changes, extra, name) in [
        (true, 1, "ev"),
        (true, 0, "ev-extra0"),
        (false, 1, "ev-no-changes"),
    ] {
        for (shanten, n) in sizes {
            let hands = hupai::ev::sample(shanten, n);
            let options = Options {
                changes,
                extra,
                ..Options::default()
            };
            let (mut total, mut worst, mut states, mut bytes) = (0.0f64, 0.0f64, 0usize, 0usize);
            for h in &hands {
                let mut best = f64::INFINITY;
                let passes = if quick { 1 } else { 2 };
                for _ in 0..passes {
                    let start = Instant::now();
                    let a = hupai::ev::analyze(t, std::hint::black_box(h), &rules, &options)
                        .expect("R14 hands analyse");
                    best = best.min(start.elapsed().as_secs_f64() * 1e3);
                    states += a.states;
                    bytes = bytes.max(a.bytes);
                }
                total += best;
                worst = worst.max(best);
            }
            let passes = if quick { 1 } else { 2 };
            let mean = total / n as f64;
            let states = states / (n * passes);
            let mb = bytes as f64 / 1e6;
            let set = format!("{name} {shanten}-sh");
            if json {
                let row = EvRecord {
                    hands: n,
                    max_mb: round_to(mb, 100.0),
                    max_ms: round_to(worst, 1000.0),
                    mean_ms: round_to(mean, 1000.0),
                    mean_states: states,
                    op: name,
                    rules: "riichi",
                    set: format!("R14 {shanten}-shanten"),
                    turns: 17,
                };
                println!(
                    "{}",
                    serde_json::to_string(&row).expect("a record serialises")
                );
            } else {
                println!("{set:<14} {n:>6} {mean:>12.3} {worst:>12.3} {states:>10} {mb:>10.2}");
            }
        }
    }
}

/// One `--json` line of `hupai bench --only ev`. Fields in key order.
#[derive(Serialize)]
struct EvRecord<'a> {
    hands: usize,
    max_mb: f64,
    max_ms: f64,
    mean_ms: f64,
    mean_states: usize,
    op: &'a str,
    rules: &'static str,
    set: String,
    turns: usize,
}
