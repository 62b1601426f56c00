//! The graph of reachable 3n+1 hands, built once for every discard (the
//! `layers` module then computes its values for t = 1..T).
//!
//! A state's draws: kind k with weight `cap − held` (its share of the pool
//! W). After a draw the allowed discards follow the model and the options of
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
//!
//! **Cost.** The build asks each state's per-discard answers once (`After`)
//! and, on the common case, turns them into bit masks over the discards
//! ([`Masks`]): a draw's options and the state's effective tiles come from a
//! few mask operations, not a loop over every discard; the key index is an
//! open-addressed array ([`Index`]).

use super::after::{After, ShortMemo};
use super::index::Index;
use super::model::{minus, plus, unpack, Game, Key, KeyMap, UNREACHABLE};
use super::score::Scoring;
use crate::tile::{Tile, KINDS};
use std::ops::Range;

/// The option of a draw, one draw short of the graph's depth, that leads
/// to a ready hand: read with no draw left, its values are (1, 0, 0).
pub const READY: u32 = u32::MAX;

/// A 3n+1 hand of the graph.
pub struct Node {
    pub key: Key,
    pub shanten: i8,
    /// Weight of the draws after which the hand stays as it is (the only
    /// choice: throw the draw back).
    pub stay: u32,
    /// Its other draws, in `Graph::draws`; their options start at `opts`
    /// in `Graph::opts`, their wins' points at `wins` in `Graph::wins`.
    pub draws: Range<u32>,
    pub opts: u32,
    pub wins: u32,
}

/// A draw with a choice (or a win) in two bytes: whether the state itself
/// is an option too (the draw thrown back; bit 0); the draw's weight (bits
/// 1–3); whether it completes a win (its points next in `Graph::wins`; bit 4); the kind
/// (bits 5–10); and how many options (states the allowed discards lead
/// to) follow the previous draw's in `Graph::opts` (bits 11–15, a shift).
#[derive(Clone, Copy)]
pub struct Draw(u16);

impl Draw {
    #[inline]
    fn new(kind: usize, weight: u8, options: usize, wins: bool, keeps: bool) -> Draw {
        assert!(
            kind < 64 && weight < 8 && options < 32,
            "a draw fits 16 bits"
        );
        Draw(
            u16::from(keeps)
                | u16::from(weight) << 1
                | u16::from(wins) << 4
                | (kind as u16) << 5
                | (options as u16) << 11,
        )
    }

    #[inline]
    pub fn kind(self) -> usize {
        usize::from(self.0 >> 5 & 63)
    }

    #[inline]
    pub fn weight(self) -> u8 {
        (self.0 >> 1 & 7) as u8
    }

    #[inline]
    pub fn options(self) -> usize {
        usize::from(self.0 >> 11)
    }

    #[inline]
    pub fn wins(self) -> bool {
        self.0 >> 4 & 1 == 1
    }

    #[inline]
    pub fn keeps(self) -> bool {
        self.0 & 1 == 1
    }
}

/// Every reachable state and its transitions, each state's draws, options
/// and wins contiguous and in state order.
pub struct Graph {
    pub nodes: Vec<Node>,
    pub draws: Vec<Draw>,
    pub opts: Vec<u32>,
    pub wins: Vec<f64>,
    index: Index,
    /// Shanten of the hands queried off the common case (`After`).
    shanten: KeyMap<i8>,
    /// The common case's 3n-tile answers (`After`).
    memo: ShortMemo,
    /// Where the states of each depth end (draws from the nearest root):
    /// states are numbered breadth first.
    pub levels: Vec<u32>,
    /// The most states the graph may hold.
    limit: usize,
    /// A state beyond the limit was asked for: the graph is incomplete.
    full: bool,
}

impl Graph {
    /// The graph reachable from `roots` (keys with their shanten) within
    /// `turns` draws: the states `turns` draws away are reached but not
    /// expanded (only their shanten is read, with no draw left). `None`
    /// when it would hold more than `limit` states: the build stops there.
    pub fn build<B: AsRef<[u8]>>(
        game: &Game<B>,
        scoring: &Scoring,
        roots: &[(Key, i8)],
        turns: usize,
        limit: usize,
    ) -> Option<Graph> {
        // Room for a 1-shanten graph from the start (a few hundred states,
        // ~15 draws and ~20 options each): growing there from nothing is a
        // dozen copies of each array.
        let mut g = Graph {
            nodes: Vec::with_capacity(1 << 9),
            draws: Vec::with_capacity(1 << 13),
            opts: Vec::with_capacity(1 << 14),
            wins: Vec::with_capacity(1 << 9),
            index: Index::new(),
            shanten: KeyMap::default(),
            memo: ShortMemo::default(),
            levels: Vec::new(),
            limit,
            full: false,
        };
        for &(key, s) in roots {
            g.node(key, s);
        }
        if g.full {
            return None;
        }
        // Breadth first: when the first state of depth j + 1 comes up to be
        // expanded, every state of depth j has been, so the states of
        // depth j + 1 end where the states end now.
        g.levels.push(g.nodes.len() as u32);
        let mut i = 0;
        while i < g.nodes.len() {
            if i == g.levels[g.levels.len() - 1] as usize {
                // States of depth `turns` are read with no draw left.
                if g.levels.len() >= turns {
                    break;
                }
                g.levels.push(g.nodes.len() as u32);
            }
            g.memo.fit(g.nodes.len());
            // A state one draw short of depth `turns` (not a root) is read
            // with one draw left: its options only with none left.
            let depth = g.levels.len() - 1;
            g.expand(game, scoring, i, depth > 0 && depth + 1 == turns);
            if g.full {
                return None;
            }
            i += 1;
        }
        Some(g)
    }

    /// The index of a state, added when new (unless the graph is at its
    /// limit: then it is marked full, and the number returned is none).
    #[inline(always)]
    pub fn node(&mut self, key: Key, shanten: i8) -> u32 {
        if self.nodes.len() >= self.limit {
            return self.at_limit(key);
        }
        let (n, new) = self.index.get_or_insert(key, self.nodes.len() as u32);
        if new {
            self.nodes.push(Node {
                key,
                shanten,
                stay: 0,
                draws: 0..0,
                opts: 0,
                wins: 0,
            });
        }
        n
    }

    /// A state asked for at the limit: its number when known, else the
    /// graph is marked full.
    #[cold]
    fn at_limit(&mut self, key: Key) -> u32 {
        self.index.get(key).unwrap_or_else(|| {
            self.full = true;
            0
        })
    }

    /// The index of a known state.
    pub fn find(&self, key: Key) -> Option<u32> {
        self.index.get(key)
    }

    /// The draws of state `i` with their options (in the order of the
    /// kind discarded) and points.
    pub fn draws_of(&self, i: u32) -> Vec<(Draw, Vec<u32>, Option<f64>)> {
        let node = &self.nodes[i as usize];
        let (mut o, mut w) = (node.opts as usize, node.wins as usize);
        let mut out = Vec::new();
        for &d in &self.draws[node.draws.start as usize..node.draws.end as usize] {
            let mut opts = self.opts[o..o + d.options()].to_vec();
            o += d.options();
            if d.keeps() {
                opts.push(i);
            }
            opts.sort_by_key(|&x| std::cmp::Reverse(self.nodes[x as usize].key));
            let win = d.wins().then(|| self.wins[w]);
            w += usize::from(d.wins());
            out.push((d, opts, win));
        }
        out
    }

    /// Bytes held by the graph (nodes, draws, options, wins, the key index).
    pub fn bytes(&self) -> usize {
        use std::mem::size_of;
        self.nodes.capacity() * size_of::<Node>()
            + self.draws.capacity() * size_of::<Draw>()
            + self.opts.capacity() * size_of::<u32>()
            + self.wins.capacity() * size_of::<f64>()
            + self.shanten.capacity() * (size_of::<Key>() + 2)
            + self.index.bytes()
            + self.memo.bytes()
    }

    /// Work out the draws of state `i`. With `last` the state is read with
    /// one draw left only, so the states its options lead to would be read
    /// with none: their values are then 1 for ready (tenpai) and 0 else,
    /// and the best of a draw's options is ready exactly when the best
    /// shanten b is. Such a draw is a stay when that equals the state's own
    /// readiness, else its one option is [`READY`]: the graph holds no state
    /// `turns` draws away (a factor of the options per draw fewer states).
    fn expand<B: AsRef<[u8]>>(&mut self, game: &Game<B>, scoring: &Scoring, i: usize, last: bool) {
        let (key, s) = (self.nodes[i].key, self.nodes[i].shanten);
        let c = unpack(key);
        let (real, jokers) = game.split(&c);
        let exch = game.exchanges(&c);
        let first = self.draws.len() as u32;
        self.nodes[i].opts = self.opts.len() as u32;
        self.nodes[i].wins = self.wins.len() as u32;
        let mut stay = 0u32;
        if s == UNREACHABLE {
            self.nodes[i].stay = game.wall;
            self.nodes[i].draws = first..first;
            return;
        }
        let after = After::new(game, &c, &real, jokers, &mut self.memo);
        // The real kinds held, and those held beyond the hand analysed.
        // (Without a branch a kind.)
        let (mut held_kinds, mut over) = (0u64, 0u64);
        for (d, (&held, (&now, &start))) in real
            .counts()
            .iter()
            .zip(c.iter().zip(&game.start))
            .enumerate()
        {
            held_kinds |= u64::from(held > 0) << d;
            over |= u64::from(now > start) << d;
        }
        over &= held_kinds;
        let masks = after.short().map(|short| Masks::new(short, held_kinds, s));
        // A ready hand's effective tiles are its waits: no discard shows
        // them, and on the common case the waits query is the cheaper one
        // (a kind held four times is not drawn whichever answers).
        let effective = match &masks {
            Some(m) if s > 0 => m.effective,
            Some(_) if s == 0 => game
                .tables
                .waits(&real, &game.rules)
                .map_or(0, |w| w.all().bits()),
            _ => {
                let mut effective = game
                    .tables
                    .effective_jokers(&real, jokers, &game.rules, &[0; KINDS])
                    .map_or(0, |e| e.tiles().bits());
                if let Some(jk) = game.joker {
                    if c[jk] < game.cap[jk]
                        && game.shanten(&real, jokers + 1).is_some_and(|d| d < s)
                    {
                        effective |= 1 << jk;
                    }
                }
                effective
            }
        };
        for (k, &held) in c.iter().enumerate() {
            let w = game.weight(k, held);
            if w == 0 {
                continue;
            }
            let improves = effective >> k & 1 == 1;
            // Each (state, draw) is met once: no memo of the wins.
            let win = if s == 0 && improves {
                let tile = Tile::from_index(k).expect("index < 34");
                let (mut drawn, mut j) = (real, jokers);
                if game.is_joker(k) {
                    j += 1;
                } else {
                    drawn.add_concealed(tile);
                }
                let on = (!game.is_joker(k)).then_some(tile);
                scoring.value(game.tables, &game.rules, &drawn, j, on)
            } else {
                None
            };
            if let Some(v) = win.filter(|_| !scoring.varies()) {
                self.wins.push(v);
                self.draws.push(Draw::new(k, w, 0, true, false));
                continue;
            }
            // Best shanten a discard reaches: one lower after an effective
            // draw; a complete hand's discards reach 0 at best.
            let b = if improves && s > 0 { s - 1 } else { s };
            if last {
                let changes = (b <= 0) != (s <= 0);
                if win.is_none() && !changes {
                    stay += u32::from(w);
                    continue;
                }
                if changes {
                    self.opts.push(READY);
                }
                self.wins.extend(win);
                self.draws.push(Draw::new(
                    k,
                    w,
                    usize::from(changes),
                    win.is_some(),
                    !changes,
                ));
                continue;
            }
            let key_k = plus(key, k);
            let exch_k = exch + i32::from(held >= game.start[k]);
            // The options go straight to `self.opts`.
            let first_opt = self.opts.len();
            // Budget overrun of a discard from an exchange-free kind that
            // lands at shanten `x`.
            let need = |x: i8| exch_k + i32::from(x) - game.budget;
            if let Some(m) = &masks {
                // The same choices as the loop below, as masks over d.
                let short = after.short().expect("masks come from it");
                let mut take = 0;
                if b < s {
                    take |= m.reaching(b, k);
                }
                if game.changes {
                    take |= m.reaching(s, k) & within(need(s), over);
                }
                if game.shanten_down {
                    take |= m.reaching(s + 1, k) & within(need(s + 1), over);
                }
                take &= !(1 << k);
                while take != 0 {
                    let d = take.trailing_zeros() as usize;
                    take &= take - 1;
                    let (base, draws) = short[d];
                    let sd = base - (draws >> k & 1) as i8;
                    let n = self.node(minus(key_k, d), sd);
                    self.opts.push(n);
                }
            } else {
                let mut discards = held_kinds & !(1 << k);
                while discards != 0 {
                    let d = discards.trailing_zeros() as usize;
                    discards &= discards - 1;
                    let exch_d = exch_k - (over >> d & 1) as i32;
                    let change = game.changes && exch_d + i32::from(s) <= game.budget;
                    let down = game.shanten_down && exch_d + i32::from(s) < game.budget;
                    if b == s && !change && !down {
                        continue;
                    }
                    let key_d = minus(key_k, d);
                    let sd = after.shanten(game, &mut self.shanten, key_d, k, d);
                    if sd == UNREACHABLE {
                        continue;
                    }
                    if sd == b && b < s || sd == s && change || sd == s + 1 && down {
                        let n = self.node(key_d, sd);
                        self.opts.push(n);
                    }
                }
            }
            let options = self.opts.len() - first_opt;
            // The state itself is always an option (not stored: the layers
            // have its values at hand): throwing the draw back never worsens
            // the shanten the hand had before it.
            if win.is_none() && options == 0 {
                stay += u32::from(w);
                continue;
            }
            self.wins.extend(win);
            self.draws
                .push(Draw::new(k, w, options, win.is_some(), true));
        }
        let end = self.draws.len() as u32;
        let node = &mut self.nodes[i];
        node.stay = stay;
        node.draws = first..end;
    }
}

/// The discard-and-draw shanten of a state on the common case as masks
/// over the held kinds d (the state less d plus k has shanten `base_d`, one
/// less when k is among d's draws).
struct Masks {
    /// Held kinds by `base_d`: s − 1, s, s + 1, s + 2.
    level: [u64; 4],
    /// Per kind k: the held d whose draws include k.
    reach: [u64; KINDS],
    /// The state's effective tiles when s > 0: some discard after the draw
    /// lowers s.
    effective: u64,
    /// s − 1, the shanten of `level[0]`.
    low: i8,
}

impl Masks {
    fn new(short: &[(i8, u64); KINDS], held: u64, s: i8) -> Masks {
        let mut m = Masks {
            level: [0; 4],
            reach: [0; KINDS],
            effective: 0,
            low: s - 1,
        };
        let mut rest = held;
        while rest != 0 {
            let d = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let (base, draws) = short[d];
            if let Some(l) = m.level.get_mut((base - s + 1) as usize) {
                *l |= 1 << d;
            }
            if base < s {
                m.effective = !0;
            } else if base == s {
                m.effective |= draws;
            }
            let mut ks = draws & ((1 << KINDS) - 1);
            while ks != 0 {
                let k = ks.trailing_zeros() as usize;
                ks &= ks - 1;
                m.reach[k] |= 1 << d;
            }
        }
        m
    }

    /// The held d whose discard after drawing k reaches shanten `v`.
    #[inline]
    fn reaching(&self, v: i8, k: usize) -> u64 {
        let at = |i: i8| self.level.get(i as usize).copied().unwrap_or(0);
        let i = v - self.low;
        at(i) & !self.reach[k] | at(i + 1) & self.reach[k]
    }
}

/// The kinds d whose exchanges stay within the budget, `need` being how far
/// a discard from an exchange-free kind would overrun it: all when none,
/// those held beyond the hand analysed (`over`) when one, else none.
#[inline]
fn within(need: i32, over: u64) -> u64 {
    match need {
        ..=0 => !0,
        1 => over,
        _ => 0,
    }
}

/// The kind that leaves `from` plus `drawn` as `to` (the discard).
pub fn discarded(from: Key, drawn: usize, to: Key) -> Option<usize> {
    let with = unpack(plus(from, drawn));
    let to = unpack(to);
    (0..KINDS).find(|&k| with[k] > to[k])
}
