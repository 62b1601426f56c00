//! The solver: build the graph of reachable 3n+1 hands once, then compute
//! every state's vectors for t = 1..T in layers (values at t read only the
//! successors' values at t − 1, so the graph may have cycles).
//!
//! A state's draws: kind k with weight `cap − held` (its share of the pool
//! W). After a draw the allowed discards follow §10 and the options of
//! [`Options`](super::Options): let s be the state's shanten and b the best
//! shanten a discard reaches (s − 1 when k is effective and s > 0, else s).
//! - *progress*: a discard reaching b < s, always allowed;
//! - *throw back*: discarding k itself when b = s (the hand unchanged);
//! - *tile change*: another discard reaching b = s (unless `--no-changes`);
//! - *shanten-down*: a discard reaching b + 1 (with `--shanten-down`).
//!
//! Changes and shanten-downs must land on a hand whose exchanges (tiles
//! beyond the hand analysed) plus shanten stay within the best shanten +
//! `--extra`: mahjong-cpp's bound, which keeps the graph finite and small
//! and makes a state's value a function of its hand alone (one memo for
//! every discard). A draw that completes a winning hand wins; where points
//! vary (MCR) the player may also play on.

use super::model::{count, minus, plus, unpack, Game, Key};
use super::score::Scoring;
use crate::tile::{Tile, KINDS};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::ops::Range;

/// A multiply-fold hasher for packed keys (std's SipHash would cost more
/// than the lookups it guards).
#[derive(Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ u64::from(b)).wrapping_mul(0x51_7cc1_b727_220a_95);
        }
    }
    fn write_u128(&mut self, x: u128) {
        let folded = (x as u64) ^ ((x >> 64) as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        self.0 = (folded ^ (folded >> 29)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        self.0 ^= self.0 >> 32;
    }
}

type KeyMap<V> = HashMap<Key, V, BuildHasherDefault<KeyHasher>>;

/// Shanten of a hand from which no complete hand can be reached.
pub const UNREACHABLE: i8 = i8::MAX;

/// A 3n+1 hand of the graph.
pub struct Node {
    pub key: Key,
    pub shanten: i8,
    /// Weight of the draws after which the hand stays as it is (the only
    /// choice: throw the draw back).
    pub stay: u32,
    /// Its other draws, in `Graph::draws`.
    pub draws: Range<u32>,
}

/// A draw with a choice (or a win).
pub struct Draw {
    pub kind: u8,
    pub weight: u8,
    /// The points of the win this draw completes, if it does.
    pub win: Option<f64>,
    /// The states the allowed discards lead to, in `Graph::opts`.
    pub opts: Range<u32>,
}

/// Every reachable state and its transitions.
pub struct Graph {
    pub nodes: Vec<Node>,
    pub draws: Vec<Draw>,
    pub opts: Vec<u32>,
    index: KeyMap<u32>,
    wins: KeyMap<Option<f64>>,
}

impl Graph {
    /// The graph reachable from `roots` (keys with their shanten).
    pub fn build<B: AsRef<[u8]>>(game: &Game<B>, scoring: &Scoring, roots: &[(Key, i8)]) -> Graph {
        let mut g = Graph {
            nodes: Vec::new(),
            draws: Vec::new(),
            opts: Vec::new(),
            index: KeyMap::default(),
            wins: KeyMap::default(),
        };
        for &(key, s) in roots {
            g.node(key, s);
        }
        let mut i = 0;
        while i < g.nodes.len() {
            g.expand(game, scoring, i);
            i += 1;
        }
        g
    }

    /// The index of a state, added when new.
    pub fn node(&mut self, key: Key, shanten: i8) -> u32 {
        let next = self.nodes.len() as u32;
        *self.index.entry(key).or_insert_with(|| {
            self.nodes.push(Node {
                key,
                shanten,
                stay: 0,
                draws: 0..0,
            });
            next
        })
    }

    /// The index of a known state.
    pub fn find(&self, key: Key) -> Option<u32> {
        self.index.get(&key).copied()
    }

    /// Bytes held by the graph (nodes, draws, options, the key index).
    pub fn bytes(&self) -> usize {
        use std::mem::size_of;
        self.nodes.capacity() * size_of::<Node>()
            + self.draws.capacity() * size_of::<Draw>()
            + self.opts.capacity() * size_of::<u32>()
            + self.index.capacity() * (size_of::<Key>() + size_of::<u32>() + 1)
            + self.wins.capacity() * (size_of::<Key>() + size_of::<Option<f64>>() + 1)
    }

    /// Work out the draws of state `i`.
    fn expand<B: AsRef<[u8]>>(&mut self, game: &Game<B>, scoring: &Scoring, i: usize) {
        let (key, s) = (self.nodes[i].key, self.nodes[i].shanten);
        let c = unpack(key);
        let (real, jokers) = game.split(&c);
        let exch = game.exchanges(&c);
        let first = self.draws.len() as u32;
        let mut stay = 0u32;
        if s == UNREACHABLE {
            self.nodes[i].stay = game.wall;
            self.nodes[i].draws = first..first;
            return;
        }
        let mut effective = game
            .tables
            .effective_jokers(&real, jokers, &game.rules, &[0; KINDS])
            .map_or(0, |e| e.tiles().bits());
        if let Some(jk) = game.joker {
            if c[jk] < game.cap[jk] && game.shanten(&real, jokers + 1).is_some_and(|d| d < s) {
                effective |= 1 << jk;
            }
        }
        let mut opts: Vec<(Key, i8)> = Vec::with_capacity(16);
        for k in 0..KINDS {
            let w = game.weight(k, c[k]);
            if w == 0 {
                continue;
            }
            let tile = Tile::from_index(k).expect("index < 34");
            let (mut drawn, mut j) = (real, jokers);
            if game.is_joker(k) {
                j += 1;
            } else {
                drawn.add_concealed(tile);
            }
            let key_k = plus(key, k);
            let improves = effective >> k & 1 == 1;
            let win = if s == 0 && improves {
                *self
                    .wins
                    .entry(key_k ^ (k as Key) << 120)
                    .or_insert_with(|| {
                        let on = (!game.is_joker(k)).then_some(tile);
                        scoring.value(game.tables, &game.rules, &drawn, j, on)
                    })
            } else {
                None
            };
            if win.is_some() && !scoring.varies() {
                let at = self.opts.len() as u32;
                self.draws.push(Draw {
                    kind: k as u8,
                    weight: w,
                    win,
                    opts: at..at,
                });
                continue;
            }
            // Best shanten a discard reaches: one lower after an effective
            // draw; a complete hand's discards reach 0 at best.
            let b = if improves && s > 0 { s - 1 } else { s };
            let exch_k = exch + i32::from(c[k] >= game.start[k]);
            opts.clear();
            if b == s {
                opts.push((key, s));
            }
            for d in 0..KINDS {
                if drawn.counts()[d] == 0 {
                    continue;
                }
                let key_d = minus(key_k, d);
                if d == k {
                    // Throwing back an effective draw is a shanten-down.
                    if b < s && game.shanten_down && exch + i32::from(s) <= game.budget {
                        opts.push((key, s));
                    }
                    continue;
                }
                let exch_d = exch_k - i32::from(count(key_k, d) > game.start[d]);
                let change = b == s && game.changes && exch_d + i32::from(b) <= game.budget;
                let down = game.shanten_down && exch_d + i32::from(b) < game.budget;
                if b == s && !change && !down {
                    continue;
                }
                let mut rest = drawn;
                rest.remove_concealed(Tile::from_index(d).expect("index < 34"));
                let Some(sd) = game.shanten(&rest, j) else {
                    continue;
                };
                if sd == b && (b < s || change) || sd == b + 1 && down {
                    opts.push((key_d, sd));
                }
            }
            if win.is_none() && opts.len() == 1 && opts[0].0 == key {
                stay += u32::from(w);
                continue;
            }
            let at = self.opts.len() as u32;
            for &(o, so) in &opts {
                let n = self.node(o, so);
                self.opts.push(n);
            }
            self.draws.push(Draw {
                kind: k as u8,
                weight: w,
                win,
                opts: at..self.opts.len() as u32,
            });
        }
        let end = self.draws.len() as u32;
        let node = &mut self.nodes[i];
        node.stay = stay;
        node.draws = first..end;
    }
}

/// Probability vectors of some states, element t − 1 = t draws left.
pub struct Vectors {
    pub tenpai: Vec<f64>,
    pub win: Vec<f64>,
    pub score: Vec<f64>,
}

/// Values of every state after the layers: the vectors of `keep` and the
/// win and tenpai probabilities of every state at `turns − 1` draws left
/// (to explain the best discards' draws).
pub struct Values {
    pub kept: Vec<Vectors>,
    pub win_before: Vec<f64>,
    pub tenpai_before: Vec<f64>,
}

/// The layers t = 1..=turns over the whole graph.
pub fn solve(g: &Graph, wall: u32, turns: usize, keep: &[u32]) -> Values {
    let n = g.nodes.len();
    let inv = 1.0 / f64::from(wall);
    let mut ten: Vec<f64> = g
        .nodes
        .iter()
        .map(|s| f64::from(u8::from(s.shanten <= 0)))
        .collect();
    let mut win = vec![0.0; n];
    let mut sc = vec![0.0; n];
    let (mut ten2, mut win2, mut sc2) = (vec![0.0; n], vec![0.0; n], vec![0.0; n]);
    let mut kept: Vec<Vectors> = keep
        .iter()
        .map(|_| Vectors {
            tenpai: Vec::with_capacity(turns),
            win: Vec::with_capacity(turns),
            score: Vec::with_capacity(turns),
        })
        .collect();
    let (mut win_before, mut tenpai_before) = (win.clone(), ten.clone());
    for _ in 1..=turns {
        for (i, node) in g.nodes.iter().enumerate() {
            let stay = f64::from(node.stay);
            let (mut a, mut b, mut c) = (stay * ten[i], stay * win[i], stay * sc[i]);
            for d in &g.draws[node.draws.start as usize..node.draws.end as usize] {
                let (mut mt, mut mw, mut ms) = (0.0f64, 0.0f64, 0.0f64);
                for &o in &g.opts[d.opts.start as usize..d.opts.end as usize] {
                    let o = o as usize;
                    mt = mt.max(ten[o]);
                    mw = mw.max(win[o]);
                    ms = ms.max(sc[o]);
                }
                if let Some(v) = d.win {
                    mt = 1.0;
                    mw = 1.0;
                    ms = ms.max(v);
                }
                let w = f64::from(d.weight);
                a += w * mt;
                b += w * mw;
                c += w * ms;
            }
            ten2[i] = if node.shanten <= 0 { 1.0 } else { a * inv };
            win2[i] = b * inv;
            sc2[i] = c * inv;
        }
        win_before.copy_from_slice(&win);
        tenpai_before.copy_from_slice(&ten);
        std::mem::swap(&mut ten, &mut ten2);
        std::mem::swap(&mut win, &mut win2);
        std::mem::swap(&mut sc, &mut sc2);
        for (v, &r) in kept.iter_mut().zip(keep) {
            v.tenpai.push(ten[r as usize]);
            v.win.push(win[r as usize]);
            v.score.push(sc[r as usize]);
        }
    }
    Values {
        kept,
        win_before,
        tenpai_before,
    }
}

/// The kind that leaves `from` plus `drawn` as `to` (the discard).
pub fn discarded(from: Key, drawn: usize, to: Key) -> Option<usize> {
    let with = unpack(plus(from, drawn));
    let to = unpack(to);
    (0..KINDS).find(|&k| with[k] > to[k])
}
