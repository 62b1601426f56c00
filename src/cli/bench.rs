//! `hupai bench`: the table engine against the recursive reference, ns per
//! hand, on the DESIGN §6 sets, measured in the same run.

use clap::Args;
use hupai::mcr::{self, engine::Reference, Flags, ScoringInput};
use hupai::server::{Engine, HandState};
use hupai::sets::{hands, with_jokers, Set, SEED};
use hupai::{reference, Arrangement, Arrangements, Hand, Rules, Tables, Tile, TileSet, KINDS};
use std::hint::black_box;
use std::process::ExitCode;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

#[derive(Args)]
pub struct BenchArgs {
    /// A short run (about 20 seconds).
    #[arg(long)]
    quick: bool,
    /// One JSON object per (operation, set).
    #[arg(long)]
    json: bool,
    /// Only operations whose name contains this.
    #[arg(long)]
    only: Option<String>,
}

type Run = fn(&[Hand]) -> u64;

/// One benchmarked operation: the same answers from both engines, timed apart.
struct Op {
    name: &'static str,
    sets: &'static [Set],
    table: Run,
    reference: Run,
    /// The reference is timed (and compared) on the first this many hands of
    /// each set, for references too slow for the whole set.
    reference_hands: usize,
}

/// The registry of operations. Each returns a checksum of its answers so the
/// work cannot be optimised away and both engines can be compared.
const OPS: &[Op] = &[
    Op {
        name: "hu",
        sets: &[Set::C14, Set::R14],
        table: |hs| {
            let t = Tables::embedded();
            hs.iter()
                .map(|h| t.is_win(black_box(h), &Rules::GENERIC) as u64)
                .sum()
        },
        reference: |hs| {
            hs.iter()
                .map(|h| reference::is_win(black_box(h), &Rules::GENERIC) as u64)
                .sum()
        },
        reference_hands: usize::MAX,
    },
    Op {
        name: "waits",
        sets: &[Set::T13],
        table: |hs| {
            let t = Tables::embedded();
            hs.iter()
                .map(|h| match t.waits(black_box(h), &Rules::GENERIC) {
                    Ok(w) => waits_digest(w.live, w.exhausted),
                    Err(_) => u64::MAX,
                })
                .fold(0, u64::wrapping_add)
        },
        reference: |hs| {
            hs.iter()
                .map(|h| {
                    let (live, exhausted) = reference::waits(black_box(h), &Rules::GENERIC);
                    waits_digest(live, exhausted)
                })
                .fold(0, u64::wrapping_add)
        },
        reference_hands: usize::MAX,
    },
    Op {
        name: "arrange",
        sets: &[Set::C14],
        table: |hs| {
            let t = Tables::embedded();
            let mut out = Arrangements::new();
            hs.iter()
                .map(|h| {
                    t.arrange_into(black_box(h), &Rules::GENERIC, &mut out);
                    arrangements_digest(&out)
                })
                .fold(0, u64::wrapping_add)
        },
        reference: |hs| {
            hs.iter()
                .map(|h| {
                    arrangements_digest(&reference::arrangements(black_box(h), &Rules::GENERIC))
                })
                .fold(0, u64::wrapping_add)
        },
        reference_hands: usize::MAX,
    },
    // Riichi shanten; the reference is a brute-force search over targets.
    Op {
        name: "shanten",
        sets: &[Set::R13],
        table: |hs| {
            let t = Tables::embedded();
            hs.iter()
                .map(|h| (t.shanten(black_box(h), &Rules::RIICHI).unwrap_or(-1) + 1) as u64)
                .sum()
        },
        reference: |hs| {
            hs.iter()
                .map(|h| {
                    (reference::shanten::shanten(black_box(h), &Rules::RIICHI).unwrap_or(-1) + 1)
                        as u64
                })
                .sum()
        },
        reference_hands: 1_000,
    },
    // Riichi effective tiles with their unseen copies (the ukeire count);
    // the reference tries every draw with brute-force shanten.
    Op {
        name: "effective",
        sets: &[Set::R13],
        table: |hs| {
            let t = Tables::embedded();
            hs.iter()
                .map(|h| {
                    t.effective(black_box(h), &Rules::RIICHI, &[0; 34])
                        .map_or(0, |e| e.total() as u64)
                })
                .sum()
        },
        reference: |hs| {
            hs.iter()
                .map(|h| {
                    let eff = reference::shanten::effective(black_box(h), &Rules::RIICHI);
                    eff.map_or(0, |tiles| {
                        tiles.iter().map(|t| 4 - h.counts()[t.index()] as u64).sum()
                    })
                })
                .sum()
        },
        reference_hands: 20,
    },
    Op {
        name: "score",
        sets: &[Set::C14],
        table: |hs| {
            let t = Tables::embedded();
            score_inputs(hs)
                .map(|i| mcr::score_total(black_box(&i), t).unwrap_or(0) as u64)
                .sum()
        },
        reference: |hs| {
            score_inputs(hs)
                .map(|i| mcr::score_total_with(black_box(&i), &Reference).unwrap_or(0) as u64)
                .sum()
        },
        reference_hands: usize::MAX,
    },
    // Server workloads (src/server.rs): `check` over a batch on a pool of one or
    // two threads (ns per hand = wall time / hands; hands/s = 1e9 / ns) ...
    Op {
        name: "batch-1t",
        sets: &[Set::C14, Set::R14],
        table: |hs| batch(1, hs, |h| Tables::embedded().is_win(h, &Rules::GENERIC)),
        reference: |hs| batch(1, hs, |h| reference::is_win(h, &Rules::GENERIC)),
        reference_hands: usize::MAX,
    },
    Op {
        name: "batch-2t",
        sets: &[Set::C14, Set::R14],
        table: |hs| batch(2, hs, |h| Tables::embedded().is_win(h, &Rules::GENERIC)),
        reference: |hs| batch(2, hs, |h| reference::is_win(h, &Rules::GENERIC)),
        reference_hands: usize::MAX,
    },
    // ... and the draw/discard loop: per hand of the set, one step of a game on
    // a kept 13-tile hand: draw a tile, check, discard the tile drawn 13 steps
    // before. Incremental (HandState) against the reference re-checking the
    // whole hand.
    Op {
        name: "draw-check",
        sets: &[Set::R13],
        table: |hs| {
            let engine = Engine::embedded(Rules::GENERIC);
            let mut state = HandState::new(&hs[0]);
            game_loop(hs, |draw, discard| {
                state.add(draw).ok()?;
                let win = engine.is_win_state(black_box(&state));
                state.remove(discard).expect("the discard is held");
                Some(win)
            })
        },
        reference: |hs| {
            let mut hand = hs[0];
            game_loop(hs, |draw, discard| {
                let drawn = hand.with_tile(draw).ok()?;
                let win = reference::is_win(black_box(&drawn), &Rules::GENERIC);
                hand = drawn.without_tile(discard).expect("the discard is held");
                Some(win)
            })
        },
        reference_hands: usize::MAX,
    },
];

/// MCR scoring inputs for complete hands: a deterministic winning tile,
/// default flags (as in benches/score.rs).
fn score_inputs(hs: &[Hand]) -> impl Iterator<Item = ScoringInput> + '_ {
    hs.iter()
        .enumerate()
        .filter_map(|(i, h)| ScoringInput::winning_on_nth(*h, i * 5, Flags::default()).ok())
}

/// A checksum of waits that tells live from exhausted.
fn waits_digest(live: TileSet, exhausted: TileSet) -> u64 {
    live.bits().wrapping_mul(3) ^ exhausted.bits()
}

/// A checksum of arrangements in order: forms, groups, kinds.
fn arrangements_digest(all: &[Arrangement]) -> u64 {
    all.iter().fold(all.len() as u64, |d, a| {
        a.groups()
            .iter()
            .fold(d.wrapping_mul(31) ^ a.form() as u64, |d, g| {
                d.wrapping_mul(31)
                    .wrapping_add((g.tile.index() * 8 + g.kind as usize) as u64)
            })
    })
}

/// Drive one game step per hand of `hs` from the 13-tile hand `hs[0]`:
/// `step(draw, discard)` draws a pseudo-random tile, checks, and discards the
/// tile drawn 13 steps before (the kept hand's tiles sit in a ring), or
/// returns `None` when the draw would be a fifth copy. Counts the wins.
fn game_loop(hs: &[Hand], mut step: impl FnMut(Tile, Tile) -> Option<bool>) -> u64 {
    let mut ring = [Tile::EAST; 13];
    let tiles = (0..KINDS).flat_map(|k| std::iter::repeat_n(k, hs[0].counts()[k] as usize));
    for (slot, k) in ring.iter_mut().zip(tiles) {
        *slot = Tile::from_index(k).expect("index < 34");
    }
    let (mut at, mut wins) = (0, 0);
    let mut rng = hupai::sets::Rng::new(SEED);
    for _ in hs {
        let draw = Tile::from_index(rng.below(KINDS)).expect("index < 34");
        if let Some(win) = step(draw, ring[at]) {
            wins += win as u64;
            ring[at] = draw;
            at = if at == 12 { 0 } else { at + 1 };
        }
    }
    wins
}

/// `check` over a batch on a pool of `threads` threads: the answers in order,
/// counted.
fn batch(threads: usize, hs: &[Hand], check: impl Fn(&Hand) -> bool + Sync) -> u64 {
    static POOLS: [OnceLock<rayon::ThreadPool>; 2] = [OnceLock::new(), OnceLock::new()];
    let pool = POOLS[threads - 1].get_or_init(|| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("worker threads start")
    });
    let engine = Engine::embedded(Rules::GENERIC);
    let mut out = vec![false; hs.len()];
    pool.install(|| engine.batch_into(hs, &mut out, |_, h| check(black_box(h))));
    out.iter().map(|&w| w as u64).sum()
}

/// Hu with jokers: the set's hands with `jokers` tiles turned into jokers
/// ([`with_jokers`]), the table engine against the joker reference search.
struct JokerOp {
    name: &'static str,
    jokers: usize,
    sets: &'static [Set],
    table: Run,
    reference: Run,
}

fn table_jokers<const J: usize>(hs: &[Hand]) -> u64 {
    let t = Tables::embedded();
    hs.iter()
        .map(|h| t.is_win_jokers(black_box(h), J, &Rules::GENERIC) as u64)
        .sum()
}

fn reference_jokers<const J: usize>(hs: &[Hand]) -> u64 {
    hs.iter()
        .map(|h| reference::jokers::is_win(black_box(h), J, &Rules::GENERIC) as u64)
        .sum()
}

const JOKER_OPS: &[JokerOp] = &[
    JokerOp {
        name: "jokers1",
        jokers: 1,
        sets: &[Set::R14, Set::C14],
        table: table_jokers::<1>,
        reference: reference_jokers::<1>,
    },
    JokerOp {
        name: "jokers4",
        jokers: 4,
        sets: &[Set::R14, Set::C14],
        table: table_jokers::<4>,
        reference: reference_jokers::<4>,
    },
    JokerOp {
        name: "jokers8",
        jokers: 8,
        sets: &[Set::R14, Set::C14],
        table: table_jokers::<8>,
        reference: reference_jokers::<8>,
    },
];

/// Best time per hand over repeated passes lasting about `budget`.
fn time(run: Run, hs: &[Hand], budget: Duration) -> (f64, u64) {
    let mut best = f64::INFINITY;
    let mut answer = 0;
    let start = Instant::now();
    while start.elapsed() < budget || best.is_infinite() {
        let t = Instant::now();
        answer = black_box(run(black_box(hs)));
        best = best.min(t.elapsed().as_secs_f64() * 1e9 / hs.len() as f64);
    }
    (best, answer)
}

pub fn run(args: BenchArgs) -> ExitCode {
    // An --only that matches nothing would time nothing: name the operations.
    let names: Vec<&str> = OPS
        .iter()
        .map(|o| o.name)
        .chain(JOKER_OPS.iter().map(|o| o.name))
        .collect();
    if let Some(f) = &args.only {
        if !names.iter().any(|n| n.contains(f.as_str())) {
            let mut valid = names.clone();
            valid.dedup();
            eprintln!(
                "hupai: --only {f:?} matches no operation; the operations are: {}",
                valid.join(", ")
            );
            return ExitCode::from(2);
        }
    }
    let (n, budget) = if args.quick {
        (20_000, Duration::from_millis(400))
    } else {
        (100_000, Duration::from_secs(3))
    };
    let _ = Tables::embedded(); // load outside the timed region
    if !args.json {
        println!("{n} hands per set, seed {SEED:#x}, one thread (batch-2t: two); M/s = million hands per second");
        println!(
            "{:<12} {:<5} {:>12} {:>14} {:>8} {:>12}",
            "op", "set", "table ns", "reference ns", "ratio", "table M/s"
        );
    }
    let mut ok = true;
    let selected = |name: &str| args.only.as_ref().is_none_or(|f| name.contains(f.as_str()));
    // Every (operation, set, jokers, reference hands): the plain operations,
    // then hu with jokers.
    let plain = OPS.iter().filter(|o| selected(o.name)).flat_map(|o| {
        o.sets
            .iter()
            .map(move |&s| (o.name, s, o.table, o.reference, 0, o.reference_hands))
    });
    let jokers = JOKER_OPS.iter().filter(|o| selected(o.name)).flat_map(|o| {
        o.sets
            .iter()
            .map(move |&s| (o.name, s, o.table, o.reference, o.jokers, usize::MAX))
    });
    for (name, set, table, reference, jokers, reference_hands) in plain.chain(jokers) {
        let mut hs = hands(set, n, SEED);
        if jokers > 0 {
            hs = with_jokers(&hs, jokers, SEED);
        }
        let (table_ns, a) = time(table, &hs, budget);
        let sample = &hs[..reference_hands.min(n)];
        let (reference_ns, b) = time(reference, sample, budget);
        let a = if sample.len() < n { table(sample) } else { a };
        if a != b {
            eprintln!(
                "hupai: {name} on {}: table and reference disagree",
                set.name()
            );
            ok = false;
        }
        let ratio = reference_ns / table_ns;
        if args.json {
            let v = serde_json::json!({
                "op": name, "set": set.name(), "hands": n, "jokers": jokers,
                "reference_hands": sample.len(),
                "table_ns": (table_ns * 100.0).round() / 100.0,
                "reference_ns": (reference_ns * 100.0).round() / 100.0,
                "ratio": (ratio * 10.0).round() / 10.0,
                "table_hands_per_s": (1e9 / table_ns).round(),
            });
            println!("{v}");
        } else {
            println!(
                "{:<12} {:<5} {:>12.1} {:>14.1} {:>7.1}x {:>12.1}{}",
                name,
                set.name(),
                table_ns,
                reference_ns,
                ratio,
                1e3 / table_ns,
                if sample.len() < n {
                    format!("  (reference on {} hands)", sample.len())
                } else {
                    String::new()
                }
            );
        }
    }
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
