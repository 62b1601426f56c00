//! `exact` discard EV against an exhaustive search of the model, written
//! here from the model's statement alone: a recursive expectimax over
//! every draw (kind k with probability u_k / W) and every allowed discard,
//! each of tenpai, win and score maximised on its own, no bound on tile
//! changes. Readiness and the allowed discards come from the tiles alone
//! (formal shanten), so a ready hand whose waits are all seen stays ready
//! and never wins.

use hupai::ev::{analyze, EvError, Options};
use hupai::riichi;
use hupai::{Hand, Rules, Tables, Tile, KINDS};
use std::collections::HashMap;

type Counts = [u8; KINDS];

fn hand(s: &str) -> Hand {
    hupai::notation::parse(s, hupai::Notation::Mpsz).unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// What the player may do after a draw that does not win.
#[derive(Clone, Copy, Debug)]
enum Mode {
    /// Progress, throw the draw back, or change tiles at the same shanten.
    Default,
    /// Progress or throw the draw back.
    NoChanges,
    /// As the default, and also discard into one shanten worse than before the draw.
    ShantenDown,
}

/// The model, searched exhaustively.
struct Search {
    rules: Rules,
    mode: Mode,
    /// Copies of each kind the hand and the pool share (4 − visible).
    cap: Counts,
    /// Σ (cap − held) of any 3n+1 hand.
    wall: f64,
    /// Riichi points (a win needs a yaku), else 1 per win.
    riichi: bool,
    shanten: HashMap<Counts, i8>,
    memo: HashMap<(Counts, usize), [f64; 3]>,
}

impl Search {
    fn new(h: &Hand, rules: &Rules, visible: &Counts, mode: Mode) -> Search {
        let mut cap = [0u8; KINDS];
        for k in 0..KINDS {
            if rules.tile_exists(k) {
                cap[k] = 4 - visible[k];
            }
        }
        let held: u32 = h.counts().iter().map(|&n| u32::from(n)).sum::<u32>() - 1;
        let wall = cap.iter().map(|&n| u32::from(n)).sum::<u32>() - held;
        Search {
            rules: *rules,
            mode,
            cap,
            wall: f64::from(wall),
            riichi: rules.thirteen_orphans,
            shanten: HashMap::new(),
            memo: HashMap::new(),
        }
    }

    /// Formal shanten: the tiles alone, whatever the pool holds.
    fn shanten(&mut self, c: &Counts) -> i8 {
        let rules = self.rules;
        *self.shanten.entry(*c).or_insert_with(|| {
            let h = Hand::new(*c, &[]).unwrap();
            Tables::embedded().shanten(&h, &rules).unwrap()
        })
    }

    /// The points of a 3n+2 hand drawn on `k`: `None` when it is no win.
    fn win(&self, c: &Counts, k: usize) -> Option<f64> {
        let h = Hand::new(*c, &[]).unwrap();
        if !Tables::embedded().is_win(&h, &self.rules) {
            return None;
        }
        if !self.riichi {
            return Some(1.0);
        }
        let mut s = riichi::Settings::default();
        s.options.is_three_player = self.rules.three_player;
        s.situation.self_drawn = true;
        s.situation.riichi = true;
        let tile = Tile::from_index(k).unwrap();
        let input = riichi::ScoringInput::new(h, tile, s).unwrap();
        let score = riichi::score(&input, Tables::embedded()).unwrap();
        score.legal.then_some(f64::from(score.cost.total))
    }

    /// (tenpai, win, score) of a 3n+1 hand with `t` draws left.
    fn value(&mut self, c: Counts, t: usize) -> [f64; 3] {
        let s = self.shanten(&c);
        let ready = f64::from(u8::from(s <= 0));
        if t == 0 {
            return [ready, 0.0, 0.0];
        }
        if let Some(&v) = self.memo.get(&(c, t)) {
            return v;
        }
        let mut sum = [0.0; 3];
        for k in 0..KINDS {
            let u = self.cap[k] - c[k];
            if u == 0 {
                continue;
            }
            let mut drawn = c;
            drawn[k] += 1;
            let won = self.win(&drawn, k);
            let mut best = [0.0f64; 3];
            if let Some(p) = won {
                best = [1.0, 1.0, p];
            }
            // With points, a win may be declined to play on; one point a
            // win is the most a draw can give.
            if won.is_none() || self.riichi {
                let after: Vec<(usize, i8)> = (0..KINDS)
                    .filter(|&d| drawn[d] > 0)
                    .map(|d| {
                        let mut rest = drawn;
                        rest[d] -= 1;
                        (d, self.shanten(&rest))
                    })
                    .collect();
                for (d, sd) in after {
                    // Never worse than the hand before the draw (one
                    // worse with shanten-down); without changes, progress
                    // or the draw thrown back.
                    let allowed = match self.mode {
                        Mode::NoChanges => sd < s || d == k,
                        Mode::Default => sd <= s,
                        Mode::ShantenDown => sd <= s + 1,
                    };
                    if allowed {
                        let mut next = drawn;
                        next[d] -= 1;
                        let v = self.value(next, t - 1);
                        for i in 0..3 {
                            best[i] = best[i].max(v[i]);
                        }
                    }
                }
            }
            for i in 0..3 {
                sum[i] += f64::from(u) * best[i];
            }
        }
        let v = [
            if s <= 0 { 1.0 } else { sum[0] / self.wall },
            sum[1] / self.wall,
            sum[2] / self.wall,
        ];
        self.memo.insert((c, t), v);
        v
    }
}

impl Mode {
    fn options(self, turns: usize, visible: Counts) -> Options {
        Options {
            turns,
            visible,
            exact: true,
            changes: !matches!(self, Mode::NoChanges),
            shanten_down: matches!(self, Mode::ShantenDown),
            ..Options::default()
        }
    }
}

/// `exact` equals the search on every discard, every t and every lane.
fn check(h: &Hand, rules: &Rules, visible: &Counts, mode: Mode, turns: usize) {
    let o = mode.options(turns, *visible);
    let a = analyze(Tables::embedded(), h, rules, &o)
        .unwrap_or_else(|e| panic!("{h} {rules} {mode:?}: {e}"));
    let mut search = Search::new(h, rules, visible, mode);
    let distinct = h.counts().iter().filter(|&&n| n > 0).count();
    assert_eq!(a.discards.len(), distinct, "{h}");
    for d in &a.discards {
        let mut c = *h.counts();
        c[d.tile.index()] -= 1;
        assert_eq!(d.shanten, search.shanten(&c), "{h} {}", d.tile);
        for t in 1..=turns {
            let [ten, win, score] = search.value(c, t);
            let got = [
                d.tenpai[t - 1],
                d.win[t - 1],
                d.score.as_ref().map_or(win, |s| s[t - 1]),
            ];
            for (lane, (x, y)) in got.iter().zip([ten, win, score]).enumerate() {
                // Scores are points (riichi: thousands): relative there.
                let tol = 1e-9 * (1.0 + y.abs());
                assert!(
                    (x - y).abs() <= tol,
                    "{h} {rules} {mode:?} visible {visible:?}: discard {} t={t} lane {lane}: {x} vs {y}",
                    d.tile
                );
            }
        }
    }
}

const MODES: [Mode; 3] = [Mode::Default, Mode::NoChanges, Mode::ShantenDown];

/// Seeded 14-tile hands of shanten 0 to 2 under `rules`, each with a
/// seeded set of seen tiles: every copy left of two kinds the hand holds
/// (so some waits die) and a few random tiles.
fn sample(rules: &Rules, n: usize, seed: u64) -> Vec<(Hand, Counts)> {
    let t = Tables::embedded();
    let mut rng = hupai::sets::Rng::new(seed);
    let mut out = Vec::new();
    for h in hupai::sets::hands(hupai::sets::Set::R14, 2000, seed) {
        if out.len() == n {
            break;
        }
        if !matches!(t.shanten(&h, rules), Ok(0..=2)) {
            continue;
        }
        let c = h.counts();
        let mut seen = [0u8; KINDS];
        let held: Vec<usize> = (0..KINDS).filter(|&k| c[k] > 0).collect();
        for _ in 0..2 {
            // A neighbour of a held kind, or the kind itself.
            let k = held[rng.below(held.len())];
            let k = if k < 27 && k % 9 < 8 && rng.below(2) == 0 {
                k + 1
            } else {
                k
            };
            seen[k] = 4 - c[k];
        }
        for _ in 0..6 {
            let k = rng.below(KINDS);
            if c[k] + seen[k] < 4 {
                seen[k] += 1;
            }
        }
        out.push((h, seen));
    }
    assert_eq!(out.len(), n);
    out
}

#[test]
fn exact_equals_the_search_riichi() {
    for (i, (h, seen)) in sample(&Rules::RIICHI, 6, 0x6576_0001).iter().enumerate() {
        // Three draws on the first ready or one-shanten hand: the search's
        // memo grows with the draws' product.
        let near = Tables::embedded().shanten(h, &Rules::RIICHI) != Ok(2);
        let turns = if i < 2 && near { 3 } else { 2 };
        for mode in MODES {
            check(h, &Rules::RIICHI, &[0; KINDS], mode, turns);
            check(h, &Rules::RIICHI, seen, mode, turns);
        }
    }
}

#[test]
fn exact_equals_the_search_generic() {
    for (i, (h, seen)) in sample(&Rules::GENERIC, 6, 0x6576_0002).iter().enumerate() {
        // Three draws on the first ready or one-shanten hand: the search's
        // memo grows with the draws' product.
        let near = Tables::embedded().shanten(h, &Rules::GENERIC) != Ok(2);
        let turns = if i < 2 && near { 3 } else { 2 };
        for mode in MODES {
            check(h, &Rules::GENERIC, &[0; KINDS], mode, turns);
            check(h, &Rules::GENERIC, seen, mode, turns);
        }
    }
}

/// Waits all seen: 8p, 2p and 5p leave ready hands on 6p or 9p, every copy
/// seen. They stay ready (tenpai 1) and win only by changing their waits.
/// The search's figure for 5s at t = 3: 0.0024143996, by leaving a dead
/// wait's shape at the shanten held before the draw (the same with
/// shanten-down).
#[test]
fn dead_waits() {
    let h = hand("234577778p44455s");
    let seen = hand("66669999p").all_counts();
    for rules in [Rules::RIICHI, Rules::GENERIC] {
        for mode in MODES {
            check(&h, &rules, &seen, mode, 3);
        }
    }
    let five_s = |mode: Mode| {
        let a = analyze(
            Tables::embedded(),
            &h,
            &Rules::RIICHI,
            &mode.options(3, seen),
        )
        .unwrap();
        let d = a
            .discards
            .iter()
            .find(|d| d.tile.to_string() == "5s")
            .unwrap();
        d.win[2]
    };
    assert!((five_s(Mode::Default) - 0.002_414_399_605_490_26).abs() < 1e-12);
    assert!((five_s(Mode::ShantenDown) - 0.002_414_399_605_490_26).abs() < 1e-12);
    // Without changes a ready hand on dead waits never wins.
    let a = analyze(
        Tables::embedded(),
        &h,
        &Rules::RIICHI,
        &Mode::NoChanges.options(3, seen),
    )
    .unwrap();
    let d = a
        .discards
        .iter()
        .find(|d| d.tile.to_string() == "8p")
        .unwrap();
    assert_eq!(d.shanten, 0);
    assert_eq!(d.tenpai, vec![1.0; 3]);
    assert_eq!(d.win, vec![0.0; 3]);
}

/// A computation past the state limit is an error naming the limit and
/// what to lower, never a panic; the same hand fits a larger limit.
#[test]
fn state_limit_is_an_error() {
    let t = Tables::embedded();
    let h = hand("4688m111456p5678s");
    let o = Options {
        turns: 2,
        exact: true,
        max_states: 100,
        ..Options::default()
    };
    let e = analyze(t, &h, &Rules::RIICHI, &o).unwrap_err();
    assert!(
        matches!(
            e,
            EvError::TooManyStates {
                limit: 100,
                turns: 2,
                exact: true,
                ..
            }
        ),
        "{e:?}"
    );
    let msg = e.to_string();
    assert!(
        msg.contains("100 states") && msg.contains("--turns") && msg.contains("--exact"),
        "{msg}"
    );
    let err: &dyn std::error::Error = &e;
    assert!(err.source().is_none());
    // A bounded analysis names --extra instead.
    let o2 = Options {
        exact: false,
        extra: 8,
        max_states: 20,
        ..o.clone()
    };
    let msg = analyze(t, &h, &Rules::RIICHI, &o2).unwrap_err().to_string();
    assert!(msg.contains("--extra (8)"), "{msg}");
    // Fewer states than roots.
    let o3 = Options {
        max_states: 1,
        ..o.clone()
    };
    assert!(matches!(
        analyze(t, &h, &Rules::RIICHI, &o3),
        Err(EvError::TooManyStates { .. })
    ));
    let a = analyze(
        t,
        &h,
        &Rules::RIICHI,
        &Options {
            max_states: 5_000_000,
            ..o
        },
    )
    .unwrap();
    assert!(a.states > 100);
}

/// A wide bound no longer explodes: states farther than T draws are not
/// built, so `--extra 8` at T = 2 holds no more states than `exact`, and
/// equals it.
#[test]
fn wide_extra_stays_within_t() {
    let t = Tables::embedded();
    let h = hand("4688m111456p5678s");
    let wide = Options {
        turns: 2,
        extra: 8,
        ..Options::default()
    };
    let exact = Options {
        turns: 2,
        exact: true,
        ..Options::default()
    };
    let a = analyze(t, &h, &Rules::RIICHI, &wide).unwrap();
    let b = analyze(t, &h, &Rules::RIICHI, &exact).unwrap();
    assert!(a.states <= b.states);
    for (x, y) in a.discards.iter().zip(&b.discards) {
        assert_eq!(x.tile, y.tile);
        for (p, q) in x.win.iter().zip(&y.win) {
            assert!((p - q).abs() < 1e-12);
        }
    }
}
