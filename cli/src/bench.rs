//! `hupai bench`: the table engine against the recursive reference, ns per
//! hand, on the benchmark sets, measured in the same run.

use clap::Args;
use hupai::mcr::{self, arranger::Reference, Flags, ScoringInput};
use hupai::riichi;
use hupai::server::{Engine, HandState};
use hupai::sets::{hands, with_jokers, Set, SEED};
use hupai::sichuan;
use hupai::{reference, Arrangement, Arrangements, Hand, Rules, Tables, Tile, TileSet, KINDS};
use serde::Serialize;
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
    /// Instead of the operations: riichi scoring on the lines of FILE
    /// (`HAND FLAGS` per line, or the first column of a `.tsv` fixture),
    /// parsed before timing (scripts/riichi_bench.py times the Python
    /// `mahjong` package on the same hands).
    #[arg(long, value_name = "FILE")]
    riichi_lines: Option<std::path::PathBuf>,
}

/// Times one engine over a sample: the hands, the jokers beside each (J13),
/// the rule set.
type Run = fn(&Sample, &Rules) -> u64;

/// A set's hands with the jokers beside each (zero outside J13).
struct Sample<'a> {
    hands: &'a [Hand],
    jokers: &'a [u8],
}

impl Sample<'_> {
    fn len(&self) -> usize {
        self.hands.len()
    }

    fn iter(&self) -> impl Iterator<Item = (&Hand, usize)> + '_ {
        self.hands
            .iter()
            .zip(self.jokers)
            .map(|(h, &j)| (h, j as usize))
    }

    fn head(&self, n: usize) -> Sample<'_> {
        let n = n.min(self.len());
        Sample {
            hands: &self.hands[..n],
            jokers: &self.jokers[..n],
        }
    }
}

/// One benchmarked operation: the same answers from both engines, timed apart.
struct Op {
    name: &'static str,
    sets: &'static [Set],
    rules: &'static [Rules],
    table: Run,
    reference: Run,
    /// The reference is timed (and compared) on the first this many hands of
    /// each set, for references too slow for the whole set.
    reference_hands: usize,
}

const RIICHI: &[Rules] = &[Rules::RIICHI];
/// Every rule set a name selects: each operation but scoring (which is its
/// own rule set's) has a row under each.
const EVERY_3: &[Rules] = &Rules::NAMED;

/// The registry of operations. Each returns a checksum of its answers so the
/// work cannot be optimised away and both engines can be compared.
const OPS: &[Op] = &[
    Op {
        name: "hu",
        sets: &[Set::C14, Set::R14, Set::M14],
        rules: EVERY_3,
        table: |hs, r| {
            let t = Tables::embedded();
            hs.iter()
                .map(|(h, _)| t.is_win(black_box(h), r) as u64)
                .sum()
        },
        reference: |hs, r| {
            hs.iter()
                .map(|(h, _)| reference::is_win(black_box(h), r) as u64)
                .sum()
        },
        reference_hands: usize::MAX,
    },
    Op {
        name: "waits",
        sets: &[Set::T13, Set::M13, Set::J13, Set::MJ13],
        rules: EVERY_3,
        table: |hs, r| {
            let t = Tables::embedded();
            hs.iter()
                .map(|(h, j)| match t.waits_jokers(black_box(h), j, r) {
                    Ok(w) => waits_digest(w.live, w.exhausted),
                    Err(_) => u64::MAX,
                })
                .fold(0, u64::wrapping_add)
        },
        reference: |hs, r| {
            hs.iter()
                .map(|(h, j)| {
                    let (live, exhausted) = if j == 0 {
                        reference::waits(black_box(h), r)
                    } else {
                        reference::jokers::waits(black_box(h), j, r)
                    };
                    if live.is_empty() && exhausted.is_empty() && not_ready(h, j, r) {
                        u64::MAX
                    } else {
                        waits_digest(live, exhausted)
                    }
                })
                .fold(0, u64::wrapping_add)
        },
        reference_hands: usize::MAX,
    },
    Op {
        name: "arrange",
        sets: &[Set::C14],
        rules: EVERY_3,
        table: |hs, r| {
            let t = Tables::embedded();
            let mut out = Arrangements::new();
            hs.iter()
                .map(|(h, _)| {
                    t.arrange_into(black_box(h), r, &mut out);
                    arrangements_digest(&out)
                })
                .fold(0, u64::wrapping_add)
        },
        reference: |hs, r| {
            hs.iter()
                .map(|(h, _)| arrangements_digest(&reference::arrangements(black_box(h), r)))
                .fold(0, u64::wrapping_add)
        },
        reference_hands: usize::MAX,
    },
    // Shanten; the reference is a brute-force search over targets.
    Op {
        name: "shanten",
        sets: &[Set::R13, Set::M13],
        rules: EVERY_3,
        table: table_shanten,
        reference: reference_shanten,
        reference_hands: 1_000,
    },
    Op {
        name: "shanten",
        sets: &[Set::J13, Set::MJ13],
        rules: EVERY_3,
        table: table_shanten,
        reference: reference_shanten,
        // The joker reference tries every joker value: seconds for 4 jokers.
        reference_hands: 2,
    },
    // Effective tiles with their unseen copies (the ukeire count); the
    // reference tries every draw with brute-force shanten.
    Op {
        name: "effective",
        sets: &[Set::R13, Set::M13],
        rules: EVERY_3,
        table: table_effective,
        reference: reference_effective,
        reference_hands: 20,
    },
    Op {
        name: "effective",
        sets: &[Set::J13, Set::MJ13],
        rules: EVERY_3,
        table: table_effective,
        reference: reference_effective,
        reference_hands: 1,
    },
    // The discard table (each best discard with its effective tiles); the
    // reference: brute-force shanten and effective tiles of every discard.
    Op {
        name: "discards",
        sets: &[Set::R14, Set::M14],
        rules: EVERY_3,
        table: table_discards,
        reference: reference_discards,
        reference_hands: 3,
    },
    Op {
        name: "discards",
        sets: &[Set::MJ14],
        rules: EVERY_3,
        table: table_discards,
        reference: reference_discards,
        reference_hands: 1,
    },
    Op {
        name: "score",
        sets: &[Set::C14],
        rules: &[Rules::MCR],
        table: |hs, _| {
            let t = Tables::embedded();
            score_inputs(hs.hands)
                .map(|i| mcr::score_total(black_box(&i), t).unwrap_or(0) as u64)
                .sum()
        },
        reference: |hs, _| {
            score_inputs(hs.hands)
                .map(|i| mcr::score_total_with(black_box(&i), &Reference).unwrap_or(0) as u64)
                .sum()
        },
        reference_hands: usize::MAX,
    },
    // Riichi scoring (src/riichi) on complete hands with varied situations
    // (riichi::sample); the reference feeds it the recursive reference's
    // arrangements. The checksum is the sum of the totals paid.
    Op {
        name: "riichi-score",
        sets: &[Set::C14],
        rules: RIICHI,
        table: |hs, _| {
            let t = Tables::embedded();
            riichi_inputs(hs.hands)
                .map(|i| riichi::score(black_box(&i), t).map_or(0, |s| s.cost.total as u64))
                .sum()
        },
        reference: |hs, _| {
            riichi_inputs(hs.hands)
                .map(|i| {
                    let all = reference::arrangements(black_box(i.hand()), &Rules::RIICHI);
                    riichi::score_arrangements(&i, &all).map_or(0, |s| s.cost.total as u64)
                })
                .sum()
        },
        reference_hands: usize::MAX,
    },
    // Sichuan (血战, xuezhan) scoring (src/sichuan; a name without "hu", which
    // `--only hu` would select) on random winning hands of at most two
    // suits with varied situations (sichuan::sample), as many as the set
    // holds; the reference feeds it the recursive reference's arrangements.
    // The checksum is the sum of the totals paid. Like every row, the fastest
    // of repeated passes over the hands; criterion's sichuan-score times the
    // same calls on the same hands and reports its samples' mean, which on a
    // loaded machine also counts the time the thread waits for a core.
    Op {
        name: "xuezhan-score",
        sets: &[Set::C14],
        rules: &[Rules::SICHUAN],
        table: |hs, _| {
            let t = Tables::embedded();
            let mut list = hupai::Arrangements::new();
            sichuan_inputs(hs.len())
                .iter()
                .map(|i| {
                    let s = sichuan::score_hand(black_box(i.hand()), &i.settings, t, &mut list);
                    s.payments.total as u64
                })
                .sum()
        },
        reference: |hs, _| {
            sichuan_inputs(hs.len())
                .iter()
                .map(|i| {
                    let all = reference::arrangements(black_box(i.hand()), &Rules::SICHUAN);
                    sichuan::score_arrangements(i, &all).payments.total as u64
                })
                .sum()
        },
        reference_hands: usize::MAX,
    },
    // Sichuan settlement (sichuan::settle) of typical rounds (two kongs, two
    // wins, the wall's end with 查叫; sichuan::sample::round), one round per
    // hand of the set, cycling through 1000 rounds: ns per round. The
    // reference column reads each round from its JSON line first, as `hupai
    // settle` does. The checksum is the sum of the payments' amounts.
    Op {
        name: "xuezhan-settle",
        sets: &[Set::C14],
        rules: &[Rules::SICHUAN],
        table: |hs, _| {
            let (t, o) = (Tables::embedded(), sichuan::Options::default());
            let rounds = sichuan_rounds();
            (0..hs.len())
                .map(|i| {
                    settle_sum(sichuan::settle(
                        black_box(&rounds[i % rounds.len()].0),
                        &o,
                        t,
                    ))
                })
                .sum()
        },
        reference: |hs, _| {
            let (t, o) = (Tables::embedded(), sichuan::Options::default());
            let rounds = sichuan_rounds();
            (0..hs.len())
                .map(|i| {
                    let text = black_box(rounds[i % rounds.len()].1.as_str());
                    let round = sichuan::Round::from_json(text).expect("a sample round");
                    settle_sum(sichuan::settle(&round, &o, t))
                })
                .sum()
        },
        reference_hands: usize::MAX,
    },
    // Server workloads (src/server.rs): `check` over a batch on a pool of one or
    // two threads (ns per hand = wall time / hands; hands/s = 1e9 / ns) ...
    Op {
        name: "batch-1t",
        sets: &[Set::C14, Set::R14],
        rules: EVERY_3,
        table: |hs, r| batch(1, hs.hands, |h| Tables::embedded().is_win(h, r)),
        reference: |hs, r| batch(1, hs.hands, |h| reference::is_win(h, r)),
        reference_hands: usize::MAX,
    },
    Op {
        name: "batch-2t",
        sets: &[Set::C14, Set::R14],
        rules: EVERY_3,
        table: |hs, r| batch(2, hs.hands, |h| Tables::embedded().is_win(h, r)),
        reference: |hs, r| batch(2, hs.hands, |h| reference::is_win(h, r)),
        reference_hands: usize::MAX,
    },
    // ... and the draw/discard loop: per hand of the set, one step of a game on
    // a kept 13-tile hand: draw a tile, check, discard the tile drawn 13 steps
    // before. Incremental (HandState) against the reference re-checking the
    // whole hand.
    Op {
        name: "draw-check",
        sets: &[Set::R13],
        rules: EVERY_3,
        table: |hs, r| {
            let engine = Engine::embedded(*r);
            let mut state = HandState::new(&hs.hands[0]);
            game_loop(hs.hands, |draw, discard| {
                state.add(draw).ok()?;
                let win = engine.is_win_state(black_box(&state));
                state.remove(discard).expect("the discard is held");
                Some(win)
            })
        },
        reference: |hs, r| {
            let mut hand = hs.hands[0];
            game_loop(hs.hands, |draw, discard| {
                let drawn = hand.with_tile(draw).ok()?;
                let win = reference::is_win(black_box(&drawn), r);
                hand = drawn.without_tile(discard).expect("the discard is held");
                Some(win)
            })
        },
        reference_hands: usize::MAX,
    },
];

/// Whether the joker waits query refuses the hand (it is not one tile short
/// of complete): the reference's empty answer then matches the engine's error.
fn not_ready(h: &Hand, j: usize, r: &Rules) -> bool {
    Tables::embedded().waits_jokers(h, j, r).is_err()
}

fn table_shanten(hs: &Sample, r: &Rules) -> u64 {
    let t = Tables::embedded();
    hs.iter()
        .map(|(h, j)| (t.shanten_jokers(black_box(h), j, r).unwrap_or(-2) + 2) as u64)
        .sum()
}

fn reference_shanten(hs: &Sample, r: &Rules) -> u64 {
    hs.iter()
        .map(|(h, j)| {
            let s = if j == 0 {
                reference::shanten::shanten(black_box(h), r)
            } else {
                reference::jokers::shanten(black_box(h), j, r)
            };
            (s.unwrap_or(-2) + 2) as u64
        })
        .sum()
}

fn table_effective(hs: &Sample, r: &Rules) -> u64 {
    let t = Tables::embedded();
    hs.iter()
        .map(|(h, j)| {
            t.effective_jokers(black_box(h), j, r, &[0; 34])
                .map_or(0, |e| effective_digest(e.shanten(), e.tiles()))
        })
        .fold(0, u64::wrapping_add)
}

/// Brute-force effective tiles: every draw, brute-force shanten before and after.
fn reference_effective_one(h: &Hand, j: usize, r: &Rules) -> Option<(i8, TileSet)> {
    let shanten = |h: &Hand| {
        if j == 0 {
            reference::shanten::shanten(h, r)
        } else {
            reference::jokers::shanten(h, j, r)
        }
    };
    if (h.concealed_len() + j + 3 * h.meld_count()) % 3 != 1 {
        return None;
    }
    let now = shanten(h)?;
    let mut out = TileSet::EMPTY;
    for t in Tile::all() {
        if let Ok(drawn) = h.with_tile(t) {
            if shanten(&drawn).is_some_and(|s| s < now) {
                out.insert(t);
            }
        }
    }
    Some((now, out))
}

fn reference_effective(hs: &Sample, r: &Rules) -> u64 {
    hs.iter()
        .map(|(h, j)| {
            reference_effective_one(black_box(h), j, r)
                .map_or(0, |(s, tiles)| effective_digest(s, tiles))
        })
        .fold(0, u64::wrapping_add)
}

fn effective_digest(shanten: i8, tiles: TileSet) -> u64 {
    tiles.bits().wrapping_mul(31) ^ (shanten + 2) as u64
}

fn table_discards(hs: &Sample, r: &Rules) -> u64 {
    let t = Tables::embedded();
    hs.iter()
        .map(|(h, j)| {
            t.discards_jokers(black_box(h), j, r, &[0; 34])
                .map_or(0, |d| {
                    d.iter().fold(d.after() as u64, |a, (tile, e)| {
                        a.wrapping_add(discard_digest(tile, e.tiles()))
                    })
                })
        })
        .fold(0, u64::wrapping_add)
}

fn reference_discards(hs: &Sample, r: &Rules) -> u64 {
    hs.iter()
        .map(|(h, j)| {
            let rows: Vec<(Tile, i8, TileSet)> = Tile::all()
                .filter_map(|t| {
                    let rest = h.without_tile(t)?;
                    let (s, tiles) = reference_effective_one(&rest, j, r)?;
                    Some((t, s, tiles))
                })
                .collect();
            let Some(best) = rows.iter().map(|r| r.1).min() else {
                return 0;
            };
            rows.iter()
                .filter(|r| r.1 == best)
                .fold(best as u64, |a, &(t, _, tiles)| {
                    a.wrapping_add(discard_digest(t, tiles))
                })
        })
        .fold(0, u64::wrapping_add)
}

fn discard_digest(t: Tile, tiles: TileSet) -> u64 {
    (t.index() as u64 + 1).wrapping_mul(0x9e37_79b9) ^ tiles.bits()
}

/// MCR scoring inputs for complete hands: a deterministic winning tile,
/// default flags (as in benches/score.rs).
fn score_inputs(hs: &[Hand]) -> impl Iterator<Item = ScoringInput> + '_ {
    hs.iter()
        .enumerate()
        .filter_map(|(i, h)| ScoringInput::winning_on_nth(*h, i * 5, Flags::default()).ok())
}

/// The first `n` seeded random winning Sichuan hands, built once.
fn sichuan_inputs(n: usize) -> &'static [sichuan::ScoringInput] {
    static INPUTS: std::sync::OnceLock<Vec<sichuan::ScoringInput>> = std::sync::OnceLock::new();
    let all = INPUTS.get_or_init(|| sichuan::sample::winning_inputs(100_000, hupai::sets::SEED));
    &all[..n.min(all.len())]
}

/// The 1000 typical Sichuan rounds of the settlement row, each with its
/// JSON line, built once.
fn sichuan_rounds() -> &'static [(sichuan::Round, String)] {
    static ROUNDS: OnceLock<Vec<(sichuan::Round, String)>> = OnceLock::new();
    ROUNDS.get_or_init(|| {
        (0..1000)
            .map(|i| {
                let r = sichuan::sample::round(hupai::sets::SEED ^ i);
                let text = serde_json::to_string(&r).expect("a round serialises");
                (r, text)
            })
            .collect()
    })
}

/// The sum of a settlement's payments (a checksum of the row).
fn settle_sum(s: Result<sichuan::Settlement, sichuan::SettleError>) -> u64 {
    s.map_or(u64::MAX, |s| {
        s.payments.iter().map(|p| u64::from(p.amount)).sum()
    })
}

/// Riichi scoring inputs for complete hands (see `riichi::sample::input`).
fn riichi_inputs(hs: &[Hand]) -> impl Iterator<Item = riichi::ScoringInput> + '_ {
    hs.iter()
        .enumerate()
        .filter_map(|(i, h)| riichi::sample::input(h, i))
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
/// ([`with_jokers`]), the table engine against the joker reference search,
/// under every rule set.
struct JokerOp {
    name: &'static str,
    jokers: usize,
    sets: &'static [Set],
}

fn table_jokers(hs: &Sample, r: &Rules) -> u64 {
    let t = Tables::embedded();
    hs.iter()
        .map(|(h, j)| t.is_win_jokers(black_box(h), j, r) as u64)
        .sum()
}

fn reference_jokers(hs: &Sample, r: &Rules) -> u64 {
    hs.iter()
        .map(|(h, j)| reference::jokers::is_win(black_box(h), j, r) as u64)
        .sum()
}

const JOKER_OPS: &[JokerOp] = &[
    JokerOp {
        name: "jokers1",
        jokers: 1,
        sets: &[Set::R14, Set::C14],
    },
    JokerOp {
        name: "jokers4",
        jokers: 4,
        sets: &[Set::R14, Set::C14],
    },
    JokerOp {
        name: "jokers8",
        jokers: 8,
        sets: &[Set::R14, Set::C14],
    },
];

/// Best time per hand over repeated passes lasting about `budget`.
fn time(run: Run, hs: &Sample, rules: &Rules, budget: Duration) -> (f64, u64) {
    let mut best = f64::INFINITY;
    let mut answer = 0;
    let start = Instant::now();
    while start.elapsed() < budget || best.is_infinite() {
        let t = Instant::now();
        answer = black_box(run(black_box(hs), rules));
        best = best.min(t.elapsed().as_secs_f64() * 1e9 / hs.len() as f64);
    }
    (best, answer)
}

/// The set's hands for a rule set: under rules that lack some tiles
/// (Sichuan's honours, three players' 2m–8m), the hands of the set that
/// hold none (the next ones the seed gives), so every answer is a shanten,
/// not an error.
fn hands_for(set: Set, n: usize, rules: &Rules) -> (Vec<Hand>, Vec<u8>) {
    if rules.tiles() == (1 << KINDS) - 1 {
        let hs = hands(set, n, SEED);
        let js = (0..n).map(|i| set.jokers(i) as u8).collect();
        return (hs, js);
    }
    let (mut hs, mut js) = (Vec::with_capacity(n), Vec::with_capacity(n));
    let mut batch = 0u64;
    while hs.len() < n {
        let more = hands(set, n, SEED.wrapping_add(batch));
        for (i, h) in more.into_iter().enumerate() {
            if hs.len() < n && rules.missing_tile(&h.all_counts()).is_none() {
                hs.push(h);
                js.push(set.jokers(i) as u8);
            }
        }
        batch += 1;
    }
    (hs, js)
}

/// Time riichi scoring on the hands of a file.
fn riichi_lines(path: &std::path::Path, json: bool, budget: Duration) -> ExitCode {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("hupai: {}: {e}", path.display());
            return ExitCode::from(2);
        }
    };
    let mut inputs = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.split('\t').next().unwrap_or("");
        match riichi::ScoringInput::parse(line, hupai::Notation::Mpsz) {
            Ok(i) => inputs.push(i),
            Err(e) => {
                eprintln!("hupai: {}:{}: {e}", path.display(), n + 1);
                return ExitCode::from(2);
            }
        }
    }
    if inputs.is_empty() {
        eprintln!("hupai: {}: no hands", path.display());
        return ExitCode::from(2);
    }
    let t = Tables::embedded();
    let mut best = f64::INFINITY;
    let mut sum = 0u64;
    let start = Instant::now();
    while start.elapsed() < budget || best.is_infinite() {
        let t0 = Instant::now();
        sum = inputs
            .iter()
            .map(|i| riichi::score(black_box(i), t).map_or(0, |s| s.cost.total as u64))
            .sum();
        best = best.min(t0.elapsed().as_secs_f64() * 1e9 / inputs.len() as f64);
    }
    if json {
        let line = LinesRecord {
            checksum: sum,
            hands: inputs.len(),
            op: "riichi-score",
            set: path.display().to_string(),
            table_ns: round_to(best, 100.0),
        };
        println!(
            "{}",
            serde_json::to_string(&line).expect("a record serialises")
        );
    } else {
        println!(
            "riichi-score on {} hands of {}: {best:.1} ns per hand ({:.2} M/s)",
            inputs.len(),
            path.display(),
            1e3 / best
        );
    }
    ExitCode::SUCCESS
}

pub fn run(args: BenchArgs) -> ExitCode {
    if let Some(path) = &args.riichi_lines {
        let budget = Duration::from_millis(if args.quick { 400 } else { 3000 });
        return riichi_lines(path, args.json, budget);
    }
    // An --only that matches nothing would time nothing: name the operations.
    let names: Vec<&str> = OPS
        .iter()
        .map(|o| o.name)
        .chain(JOKER_OPS.iter().map(|o| o.name))
        .chain(["ev"])
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
        println!("{n} hands per set, seed {SEED:#x}, one thread (batch-2t: two); ns = the fastest of repeated passes; M/s = million hands per second");
        println!(
            "{:<12} {:<5} {:<8} {:>12} {:>14} {:>8} {:>12}",
            "op", "set", "rules", "table ns", "reference ns", "ratio", "table M/s"
        );
    }
    let mut ok = true;
    let selected = |name: &str| args.only.as_ref().is_none_or(|f| name.contains(f.as_str()));
    // Every (operation, set, rules, jokers, reference hands): the plain
    // operations, then hu with jokers.
    let plain = OPS.iter().filter(|o| selected(o.name)).flat_map(|o| {
        o.sets.iter().flat_map(move |&s| {
            o.rules
                .iter()
                .map(move |r| (o.name, s, r, o.table, o.reference, 0, o.reference_hands))
        })
    });
    let jokers = JOKER_OPS.iter().filter(|o| selected(o.name)).flat_map(|o| {
        o.sets.iter().flat_map(move |&s| {
            let (t, r): (Run, Run) = (table_jokers, reference_jokers);
            EVERY_3
                .iter()
                .map(move |rules| (o.name, s, rules, t, r, o.jokers, usize::MAX))
        })
    });
    for (name, set, rules, table, reference, jokers, reference_hands) in plain.chain(jokers) {
        let (mut hs, mut js) = hands_for(set, n, rules);
        if jokers > 0 {
            hs = with_jokers(&hs, jokers, SEED);
            js = vec![jokers as u8; n];
        }
        let all = Sample {
            hands: &hs,
            jokers: &js,
        };
        let (table_ns, a) = time(table, &all, rules, budget);
        let sample = all.head(reference_hands);
        let (reference_ns, b) = time(reference, &sample, rules, budget);
        let a = if sample.len() < n {
            table(&sample, rules)
        } else {
            a
        };
        if a != b {
            eprintln!(
                "hupai: {name} on {} under {}: table and reference disagree",
                set.name(),
                rules.name
            );
            ok = false;
        }
        let ratio = reference_ns / table_ns;
        if args.json {
            let row = Record {
                hands: n,
                jokers,
                op: name,
                ratio: round_to(ratio, 10.0),
                reference_hands: sample.len(),
                reference_ns: round_to(reference_ns, 100.0),
                rules: rules.name,
                set: set.name(),
                table_hands_per_s: (1e9 / table_ns).round(),
                table_ns: round_to(table_ns, 100.0),
            };
            println!(
                "{}",
                serde_json::to_string(&row).expect("a record serialises")
            );
        } else {
            println!(
                "{:<12} {:<5} {:<8} {:>12.1} {:>14.1} {:>7.1}x {:>12.1}{}",
                name,
                set.name(),
                rules.name,
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
    if selected("ev") {
        super::analyze::bench(args.quick, args.json);
    }
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// One `--json` line of `hupai bench`: an operation on a hand set under a
/// rule set, the table engine against the reference. Fields in key order.
#[derive(Serialize)]
struct Record<'a> {
    hands: usize,
    jokers: usize,
    op: &'a str,
    ratio: f64,
    reference_hands: usize,
    reference_ns: f64,
    rules: &'a str,
    set: &'a str,
    table_hands_per_s: f64,
    table_ns: f64,
}

/// The `--json` line of `hupai bench --riichi-lines`. Fields in key order.
#[derive(Serialize)]
struct LinesRecord {
    checksum: u64,
    hands: usize,
    op: &'static str,
    set: String,
    table_ns: f64,
}

/// `x` rounded to `1 / per` (`per` = 100: two decimals).
pub fn round_to(x: f64, per: f64) -> f64 {
    (x * per).round() / per
}
