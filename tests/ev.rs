//! The discard EV against a brute-force evaluator of the same
//! model: plain recursion over every draw and every discard, with its own
//! reading of which discards the options allow (the best shanten taken as
//! the minimum over all discards, not from the effective tiles), memoised
//! only on (hand, draws left). Then the closed form of a ready hand without
//! changes, and the bounds and monotonicity of every vector.

use hupai::ev::{analyze, Analysis, Options, Scoring};
use hupai::sets::{hands, Set, SEED};
use hupai::{Hand, Jokers, Rules, Tables, Tile, KINDS};
use std::collections::HashMap;

fn hand(s: &str) -> Hand {
    hupai::notation::parse(s, hupai::Notation::Mpsz).unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn tile(i: usize) -> Tile {
    Tile::from_index(i).unwrap()
}

type Triple = (f64, f64, f64);

/// The model, evaluated by brute force.
struct Brute {
    rules: Rules,
    melds: Vec<hupai::Meld>,
    joker: Option<usize>,
    extra: usize,
    cap: [u8; KINDS],
    start: [u8; KINDS],
    budget: i32,
    options: Options,
    scoring: Scoring,
    memo: HashMap<([u8; KINDS], usize), Triple>,
}

impl Brute {
    fn new(h: &Hand, rules: &Rules, options: &Options) -> Brute {
        let all = h.all_counts();
        let mut cap = [0u8; KINDS];
        for k in 0..KINDS {
            if rules.tile_exists(k) {
                cap[k] = 4 - (all[k] - h.counts()[k]) - options.visible[k];
            }
        }
        let mut b = Brute {
            rules: *rules,
            melds: h.melds().copied().collect(),
            joker: options.jokers.tile.map(|t| t.index()),
            extra: options.jokers.extra,
            cap,
            start: *h.counts(),
            budget: 0,
            options: options.clone(),
            scoring: Scoring::for_rules(rules, options),
            memo: HashMap::new(),
        };
        let best = b
            .discards(h.counts())
            .into_iter()
            .map(|(_, s)| s)
            .min()
            .unwrap();
        b.budget = i32::from(best) + i32::from(options.extra);
        b
    }

    fn split(&self, c: &[u8; KINDS]) -> (Hand, usize) {
        let mut real = *c;
        let mut j = self.extra;
        if let Some(jk) = self.joker {
            j += real[jk] as usize;
            real[jk] = 0;
        }
        (Hand::new(real, &self.melds).unwrap(), j)
    }

    fn shanten(&self, c: &[u8; KINDS]) -> i8 {
        let (real, j) = self.split(c);
        Tables::embedded()
            .shanten_jokers(&real, j, &self.rules)
            .unwrap_or(i8::MAX)
    }

    /// Every real discard of a 3n+2 hand with the shanten it leaves.
    fn discards(&self, c: &[u8; KINDS]) -> Vec<(usize, i8)> {
        (0..KINDS)
            .filter(|&d| c[d] > 0 && self.joker != Some(d))
            .map(|d| {
                let mut rest = *c;
                rest[d] -= 1;
                (d, self.shanten(&rest))
            })
            .collect()
    }

    fn exchanges(&self, c: &[u8; KINDS]) -> i32 {
        (0..KINDS)
            .map(|k| i32::from(c[k].saturating_sub(self.start[k])))
            .sum()
    }

    /// (tenpai, win, score) of a 3n+1 hand with `t` draws left.
    fn value(&mut self, c: [u8; KINDS], t: usize) -> Triple {
        let s = self.shanten(&c);
        if t == 0 {
            return (f64::from(u8::from(s <= 0)), 0.0, 0.0);
        }
        if let Some(&v) = self.memo.get(&(c, t)) {
            return v;
        }
        let wall: u32 = (0..KINDS).map(|k| u32::from(self.cap[k] - c[k])).sum();
        let (mut ten, mut win, mut score) = (0.0, 0.0, 0.0);
        for k in 0..KINDS {
            let w = f64::from(self.cap[k] - c[k]);
            if w == 0.0 {
                continue;
            }
            let mut drawn = c;
            drawn[k] += 1;
            let (real, j) = self.split(&drawn);
            let on = (self.joker != Some(k)).then(|| tile(k));
            let points = self
                .scoring
                .value(Tables::embedded(), &self.rules, &real, j, on);
            let options = self.discards(&drawn);
            let b = options.iter().map(|&(_, s)| s).min().unwrap().max(0);
            let (mut bt, mut bw, mut bs) = (0.0f64, 0.0f64, 0.0f64);
            for (d, sd) in options {
                let mut next = drawn;
                next[d] -= 1;
                let fits = self.exchanges(&next) + i32::from(sd) <= self.budget;
                // Progress, or throwing the draw back; changes keep the
                // shanten held before the draw, shanten-downs go one past it.
                let free = sd == b && b < s || d == k;
                let allowed = if free {
                    true
                } else if sd == s {
                    self.options.changes && fits
                } else if sd == s + 1 {
                    self.options.shanten_down && fits
                } else {
                    false
                };
                if allowed {
                    let (a, bb, cc) = self.value(next, t - 1);
                    bt = bt.max(a);
                    bw = bw.max(bb);
                    bs = bs.max(cc);
                }
            }
            if let Some(p) = points {
                bt = 1.0;
                bw = 1.0;
                bs = bs.max(p);
            }
            ten += w * bt;
            win += w * bw;
            score += w * bs;
        }
        let w = f64::from(wall);
        let v = (if s <= 0 { 1.0 } else { ten / w }, win / w, score / w);
        self.memo.insert((c, t), v);
        v
    }
}

/// The fast analysis equals the brute force on every discard and every t.
fn check(s: &str, rules: &Rules, options: &Options) -> Analysis {
    let h = hand(s);
    let a = analyze(Tables::embedded(), &h, rules, options).unwrap_or_else(|e| panic!("{s}: {e}"));
    let mut brute = Brute::new(&h, rules, options);
    assert!(!a.discards.is_empty());
    for d in &a.discards {
        let mut c = *h.counts();
        c[d.tile.index()] -= 1;
        for t in 1..=options.turns {
            let (ten, win, score) = brute.value(c, t);
            let at = |v: &[f64]| v[t - 1];
            let near = |x: f64, y: f64| (x - y).abs() <= 1e-9 * (1.0 + y.abs());
            assert!(
                near(at(&d.tenpai), ten) && near(at(&d.win), win),
                "{s} {rules} {options:?}: discard {} t={t}: tenpai {} vs {ten}, win {} vs {win}",
                d.tile,
                at(&d.tenpai),
                at(&d.win)
            );
            if let Some(sc) = &d.score {
                assert!(
                    near(sc[t - 1], score),
                    "{s} {rules}: discard {} t={t}: score {} vs {score}",
                    d.tile,
                    sc[t - 1]
                );
            }
        }
    }
    a
}

fn opts(turns: usize) -> Options {
    Options {
        turns,
        ..Options::default()
    }
}

#[test]
fn brute_force_generic() {
    for s in [
        "[123m][456p][789s]11245z",
        "[123m][456p][789s]11459s",
        "[123m][456p]1122z3478s",
    ] {
        for (changes, down, extra) in [
            (true, false, 1),
            (false, false, 1),
            (true, true, 1),
            (true, true, 2),
            (true, false, 0),
        ] {
            let o = Options {
                changes,
                shanten_down: down,
                extra,
                ..opts(3)
            };
            check(s, &Rules::GENERIC, &o);
        }
    }
    // A concealed 14-tile hand, two draws.
    check("123m456p789s11455z", &Rules::GENERIC, &opts(2));
    check("1245m456p789s1155z", &Rules::GENERIC, &opts(2));
}

#[test]
fn brute_force_riichi_sichuan() {
    for s in [
        "[123m][456p][789s]23589s",
        "[123m][456p][789s]1199m5z",
        "[111z][456p]3456m7889s",
    ] {
        check(s, &Rules::RIICHI, &opts(3));
        check(
            s,
            &Rules::RIICHI,
            &Options {
                shanten_down: true,
                ..opts(3)
            },
        );
    }
    // Seven pairs, thirteen orphans one step away.
    check("1199m1199p11s2235z", &Rules::RIICHI, &opts(2));
    check("19m19p19s12345677z", &Rules::RIICHI, &opts(2));
    for s in [
        "[123m][456p][789p]13579m",
        "[123m][456m]1347p2358m",
        "[123s][456s][789s]11258m",
    ] {
        check(s, &Rules::SICHUAN, &opts(3));
    }
}

#[test]
fn brute_force_mcr_points() {
    // Legal wins only (8 points); the player may play on past a small win.
    for s in [
        "[123m][456m][789m]11348m",
        "[123m][456p][789s]11235z",
        "[111z][222z]1233999m5z",
        "[123m][456p][789s]11z358m",
    ] {
        let a = check(s, &Rules::MCR, &opts(3));
        let best = &a.discards[0];
        // Wins happen, and score at least 8 points each.
        assert!(best.win[2] > 0.0, "{s}");
        assert!(
            best.score.as_ref().unwrap()[2] >= 8.0 * best.win[2] - 1e-9,
            "{s}"
        );
    }
}

#[test]
fn brute_force_jokers() {
    let one = Options {
        jokers: Jokers {
            extra: 1,
            tile: None,
        },
        ..opts(3)
    };
    check("[123m][456p]1479m", &Rules::GENERIC, &one);
    check("[123m][456p]1479m", &Rules::RIICHI, &one);
    let red = Options {
        jokers: Jokers {
            extra: 0,
            tile: Some(Tile::RED),
        },
        ..opts(3)
    };
    check("[123m][456p][789s]12377z", &Rules::GENERIC, &red);
    check("[123m][456p][789s]12457z", &Rules::GENERIC, &red);
    check(
        "[123m][456p]13m45678s7z",
        &Rules::GENERIC,
        &Options {
            shanten_down: true,
            ..red.clone()
        },
    );
    check("[123m][456p][789s]12377z", &Rules::MCR, &red);
}

#[test]
fn brute_force_visible() {
    let mut o = opts(3);
    o.visible = hand("1s1s6s9s").all_counts();
    check("[123m][456p][789s]11459s", &Rules::GENERIC, &o);
}

/// A ready hand without changes: win within t draws is 1 − (1 − w/W)^t.
#[test]
fn ready_hand_closed_form() {
    let cases: [(&str, &str, Rules, Option<&str>); 4] = [
        ("123m456p789s11455z", "4z", Rules::GENERIC, None),
        ("123m456p789s11455z", "4z", Rules::RIICHI, Some("1z5z9s")),
        ("[555z][456p]11m234789s", "9s", Rules::RIICHI, None),
        ("1112345678999m1p", "1p", Rules::MCR, Some("5m")),
    ];
    for (s, discard, rules, visible) in cases {
        let h = hand(s);
        let mut o = Options {
            changes: false,
            turns: 17,
            ..Options::default()
        };
        if let Some(v) = visible {
            o.visible = hand(v).all_counts();
        }
        let a = analyze(Tables::embedded(), &h, &rules, &o).unwrap();
        let d = a
            .discards
            .iter()
            .find(|d| d.tile.to_string() == discard)
            .unwrap();
        assert_eq!(d.shanten, 0, "{s}");
        // w: live waits of the ready hand; W: every tile not held or seen.
        let rest = h.without_tile(d.tile).unwrap();
        let all = rest.all_counts();
        let left = |k: usize| f64::from(4 - all[k] - o.visible[k]);
        let w: f64 = d.effective.iter().map(|&(t, _)| left(t.index())).sum();
        let big_w: f64 = (0..KINDS).filter(|&k| rules.tile_exists(k)).map(left).sum();
        assert!(w > 0.0);
        for t in 1..=17 {
            let closed = 1.0 - (1.0 - w / big_w).powi(t as i32);
            assert!(
                (d.win[t - 1] - closed).abs() < 1e-12,
                "{s} t={t}: {} vs {closed}",
                d.win[t - 1]
            );
            assert_eq!(d.tenpai[t - 1], 1.0);
        }
    }
}

/// R14 hands, or for rules without honours 14 random tiles of the 108.
fn candidates(rules: &Rules) -> Vec<Hand> {
    if rules.honors {
        return hands(Set::R14, 400, SEED);
    }
    let mut rng = hupai::sets::Rng::new(SEED);
    (0..400)
        .map(|_| {
            let mut c = [0u8; KINDS];
            let mut n = 0;
            while n < 14 {
                let k = rng.below(27);
                if c[k] < 4 {
                    c[k] += 1;
                    n += 1;
                }
            }
            Hand::new(c, &[]).unwrap()
        })
        .collect()
}

/// Every vector lies in [0, 1] (scores in [0, max]) and never falls as t
/// grows; tenpai is at least win; the list is best first.
#[test]
fn bounds_and_monotone() {
    let t = Tables::embedded();
    for rules in Rules::ALL {
        let mut n = 0;
        for h in candidates(&rules) {
            match t.shanten(&h, &rules) {
                Ok(s) if (0..=1).contains(&s) => {}
                _ => continue,
            }
            let o = Options {
                turns: 17,
                ..Options::default()
            };
            let a = analyze(t, &h, &rules, &o).unwrap();
            for d in &a.discards {
                for v in [&d.tenpai, &d.win] {
                    assert_eq!(v.len(), 17);
                    assert!(
                        v.iter().all(|&p| (0.0..=1.0 + 1e-12).contains(&p)),
                        "{h} {rules}"
                    );
                    assert!(v.windows(2).all(|w| w[1] >= w[0] - 1e-12), "{h} {rules}");
                }
                assert!(d.tenpai.iter().zip(&d.win).all(|(a, b)| a + 1e-12 >= *b));
                if let Some(s) = &d.score {
                    assert!(s.windows(2).all(|w| w[1] >= w[0] - 1e-9));
                    assert!(s.iter().zip(&d.win).all(|(s, w)| *s + 1e-9 >= *w));
                }
            }
            // Best first, up to the rounding of the sums (near ties go by
            // tile).
            let key = |d: &hupai::ev::DiscardEv| d.score.as_ref().map_or(d.win[16], |s| s[16]);
            assert!(a
                .discards
                .windows(2)
                .all(|w| key(&w[0]) >= key(&w[1]) * (1.0 - 1e-12)));
            n += 1;
            if n == 6 {
                break;
            }
        }
        assert!(n > 0, "{rules}: no hand tried");
    }
}

/// Riichi wins are self-drawn with a yaku and score their payments: the
/// brute force (through the same scorer) agrees, open hands without a yaku
/// never win, and the seat, dora and three-player settings move the points.
#[test]
fn brute_force_riichi_points() {
    for s in [
        "123m456p789s11455z",
        "[123m][456p]11z234789s",
        "[777z1][456p]3456m7889s",
    ] {
        check(s, &Rules::RIICHI, &opts(3));
    }
    // Three players: no 2m-8m in the wall.
    for s in ["999m456p789s11455z", "[777z1][456p]1199m7889s"] {
        check(s, &Rules::RIICHI3, &opts(3));
    }
    let t = Tables::embedded();
    let score_at = |s: &str, rules: &Rules, o: &Options| {
        let a = analyze(t, &hand(s), rules, o).unwrap();
        let best = a.discards[0].clone();
        (best.win[o.turns - 1], best.score.unwrap()[o.turns - 1])
    };
    // Concealed: riichi + tsumo, at least 1000 per win (non-dealer 30 fu 2 han).
    let (win, score) = score_at("123m456p789s11455z", &Rules::RIICHI, &opts(3));
    assert!(win > 0.0 && score >= 1000.0 * win, "{win} {score}");
    // Open, no yaku on any wait: no win at all.
    let (win, score) = score_at("[123m][456p]11z234789s", &Rules::RIICHI, &opts(1));
    assert_eq!((win, score), (0.0, 0.0));
    // The dealer is paid more; dora add han.
    let mut south = opts(3);
    south.riichi.situation.seat = hupai::mcr::Wind::South;
    let dealer = score_at("123m456p789s11455z", &Rules::RIICHI, &opts(3)).1;
    let other = score_at("123m456p789s11455z", &Rules::RIICHI, &south).1;
    assert!(dealer > other, "{dealer} {other}");
    let mut dora = south.clone();
    dora.riichi.situation.dora = "3m".parse().unwrap();
    assert!(score_at("123m456p789s11455z", &Rules::RIICHI, &dora).1 > other);
}

/// Discards alike but for which honour (no points: generic rules) or
/// which suit tie, whatever order their draws were summed in, and come
/// in tile order.
#[test]
fn alike_discards_tie_in_tile_order() {
    let t = Tables::embedded();
    for (s, alike) in [
        ("123m456p789s11345z", &["3z", "4z", "5z"][..]),
        ("123456789m1p1s115z", &["1p", "1s"][..]),
        ("1234m2369p2369s44z", &["2p", "2s"][..]),
    ] {
        let a = analyze(t, &hand(s), &Rules::GENERIC, &opts(17)).unwrap();
        let tiles: Vec<String> = a.discards.iter().map(|d| d.tile.to_string()).collect();
        let at = tiles.iter().position(|x| x == alike[0]).unwrap();
        assert_eq!(&tiles[at..at + alike.len()], alike, "{s}: {tiles:?}");
        let first = &a.discards[at];
        for d in &a.discards[at..at + alike.len()] {
            for (x, y) in d.win.iter().zip(&first.win) {
                assert!((x - y).abs() <= 1e-12, "{s}: {} {x} {y}", d.tile);
            }
        }
    }
}

/// A discard that leaves only jokers which are not tiles (`--jokers`):
/// the state holds no tile, and every draw completes the hand. (Its key
/// is 0, which the state index once took for an empty slot: a panic.)
#[test]
fn a_state_of_jokers_only() {
    let t = Tables::embedded();
    let o = Options {
        jokers: Jokers {
            extra: 1,
            tile: None,
        },
        ..opts(3)
    };
    for rules in [Rules::GENERIC, Rules::SICHUAN] {
        let a = analyze(t, &hand("2m"), &rules, &o).unwrap_or_else(|e| panic!("{rules}: {e}"));
        assert_eq!(a.discards.len(), 1, "{rules}");
        let d = &a.discards[0];
        assert_eq!(
            (d.tile.to_string().as_str(), d.shanten),
            ("2m", 0),
            "{rules}"
        );
        assert_eq!(d.tenpai, vec![1.0; 3], "{rules}");
        let first = d.win[0];
        assert!(
            first > 0.0 && d.win.windows(2).all(|w| w[1] >= w[0]),
            "{rules}"
        );
    }
    // A pair of one real tile and a joker: any draw pairs with the joker.
    let a = analyze(t, &hand("2m"), &Rules::GENERIC, &o).unwrap();
    assert_eq!(a.discards[0].win, vec![1.0; 3]);
}

#[test]
fn errors_are_clear() {
    let t = Tables::embedded();
    let e = analyze(t, &hand("123m456p789s1145z"), &Rules::GENERIC, &opts(2)).unwrap_err();
    assert!(e.to_string().contains("3n+2"), "{e}");
    let e = analyze(t, &hand("123m456p789s11455z"), &Rules::GENERIC, &opts(0)).unwrap_err();
    assert!(e.to_string().contains("turns"), "{e}");
    let mut o = opts(2);
    o.visible[27] = 3;
    let e = analyze(t, &hand("123m456p789s11455z"), &Rules::GENERIC, &o).unwrap_err();
    assert!(e.to_string().contains("1z"), "{e}");
}

/// The draws of the best discard explain it: on a one-shanten hand, each
/// listed draw leads to ready with waits.
#[test]
fn explained_draws() {
    let a = analyze(
        Tables::embedded(),
        &hand("45678m34789p3344z"),
        &Rules::RIICHI,
        &Options::default(),
    )
    .unwrap();
    let best = &a.discards[0];
    assert_eq!(best.shanten, 1);
    assert!(!best.draws.is_empty());
    for p in &best.draws {
        assert_eq!(p.shanten, 0);
        assert!(!p.waits.is_empty() && p.discard.is_some());
        assert!(best.effective.iter().any(|&(t, _)| t == p.draw));
    }
}
