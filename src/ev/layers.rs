//! The layers: every state's (tenpai, win, score) for t = 1..T, the values
//! at t read only the successors' values at t − 1 (so the graph may have
//! cycles).
//!
//! A state's value is Σ over its draws of weight × the best of the draw's
//! options, / W. The layers first recast the graph's draws as one stream
//! of option pairs ([`Pairs`]): the state itself is an option when the
//! draw may be thrown back, and a win is an option too, a node whose
//! values never change (1, 1, points). A draw's options fill whole pairs
//! (an odd one repeats its last option: a maximum does not mind), and the
//! last pair of a draw carries the draw's weight. The inner loop is then
//! one pass over pairs with no branch on how many options a draw has: the
//! graph's draws have one option or two or ten, and a loop per draw
//! mispredicted its exit on about a third of them.
//!
//! The layers skip what is provably not asked or zero: states farther than
//! t − 1 shanten from ready (all three values 0), and states deeper than
//! T − t draws from every root (numbered breadth first, so a suffix): no
//! root can reach them with t draws left.

use super::solver::Graph;
use std::collections::HashMap;
use std::ops::Range;

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
    /// Heap bytes the layers held at their peak: the pairs and three
    /// value arrays (two layers and the one kept from before).
    pub bytes: usize,
}

/// Bits of a pair's first option; the draw's factors sit above them.
const NODE_BITS: u32 = 26;
const NODE_MASK: u32 = (1 << NODE_BITS) - 1;

/// A pair's factors (bit 0: the draw's last pair; bits 1–3: its weight)
/// as two floats: what the pair adds of the draw's best option (the
/// weight on the last pair, else 0) and what of it goes on to the next
/// pair (0 after the last, else 1). Both are exact on values that are
/// finite and not negative. (64 entries: any six bits index it.)
const FACTORS: [[f64; 2]; 64] = {
    let mut f = [[0.0, 1.0]; 64];
    let mut i = 1;
    while i < 64 {
        f[i] = [(i >> 1 & 7) as f64, 0.0];
        i += 2;
    }
    f
};

/// A state as the layers read it.
struct Lite {
    pairs: Range<u32>,
    /// Weight of the draws thrown back with no other choice.
    stay: u32,
    shanten: i8,
}

/// The graph as the layers read it; the win nodes are numbered after the
/// states.
struct Pairs {
    states: Vec<Lite>,
    pairs: Vec<[u32; 2]>,
    /// Points of each win node.
    wins: Vec<f64>,
}

impl Pairs {
    fn new(g: &Graph) -> Pairs {
        let mut p = Pairs {
            states: Vec::with_capacity(g.nodes.len()),
            pairs: Vec::with_capacity(g.draws.len() + g.draws.len() / 2),
            wins: Vec::new(),
        };
        // One win node per distinct points (riichi has a few dozen).
        let mut win_nodes: HashMap<u64, u32> = HashMap::new();
        let mut opts: Vec<u32> = Vec::with_capacity(64);
        for (i, n) in g.nodes.iter().enumerate() {
            let first = p.pairs.len() as u32;
            let (mut o, mut w) = (n.opts as usize, n.wins as usize);
            for d in &g.draws[n.draws.start as usize..n.draws.end as usize] {
                opts.clear();
                opts.extend_from_slice(&g.opts[o..o + d.options()]);
                o += d.options();
                if d.keeps() {
                    opts.push(i as u32);
                }
                if d.wins() {
                    let points = g.wins[w];
                    w += 1;
                    let next = (g.nodes.len() + p.wins.len()) as u32;
                    let node = *win_nodes.entry(points.to_bits()).or_insert(next);
                    if node == next {
                        p.wins.push(points);
                    }
                    opts.push(node);
                }
                p.push_draw(&opts, d.weight());
            }
            p.states.push(Lite {
                pairs: first..p.pairs.len() as u32,
                stay: n.stay,
                shanten: n.shanten,
            });
        }
        assert!(
            g.nodes.len() + p.wins.len() <= NODE_MASK as usize,
            "too many states"
        );
        p
    }

    /// A draw's options in pairs, the last carrying its weight. A draw
    /// with no option adds 0: left out.
    fn push_draw(&mut self, opts: &[u32], weight: u8) {
        assert!(weight < 8, "a weight fits three bits");
        let pairs = opts.chunks(2);
        let last = pairs.len();
        for (j, pair) in pairs.enumerate() {
            let factors = if j + 1 == last {
                1 | u32::from(weight) << 1
            } else {
                0
            };
            let (x, y) = (pair[0], pair[pair.len() - 1]);
            self.pairs.push([x | factors << NODE_BITS, y]);
        }
    }
}

/// The layers t = 1..=turns over the whole graph. A state's three values
/// sit together, so an option costs one cache line.
pub fn solve(g: &Graph, wall: u32, turns: usize, keep: &[u32]) -> Values {
    let inv = 1.0 / f64::from(wall);
    let p = Pairs::new(g);
    // (tenpai, win, score) of every state at t − 1, then at t; the win
    // nodes after them, the same at every t. No probability exceeds 1 (Σ
    // weights × values ≤ 1 is at most W, and W × (1/W) rounds to 1 or
    // below), so a win's 1s are the best of any draw's options, as they
    // must be.
    let mut prev: Vec<[f64; 3]> = g
        .nodes
        .iter()
        .map(|s| [f64::from(u8::from(s.shanten <= 0)), 0.0, 0.0])
        .chain(p.wins.iter().map(|&points| [1.0, 1.0, points]))
        .collect();
    let mut next = prev.clone();
    let mut kept: Vec<Vectors> = keep
        .iter()
        .map(|_| Vectors {
            tenpai: Vec::with_capacity(turns),
            win: Vec::with_capacity(turns),
            score: Vec::with_capacity(turns),
        })
        .collect();
    let mut before = prev.clone();
    for t in 1..=turns as i32 {
        // With t draws left only states within turns − t draws of a root
        // matter (the values asked are the roots' at each t and their
        // successors' at turns − 1): those of depth turns − t or less,
        // which come first. The rest keep stale values nobody reads.
        let depth = turns - t as usize;
        let live = g.levels.get(depth).map_or(p.states.len(), |&e| e as usize);
        for (i, l) in p.states[..live].iter().enumerate() {
            // A state further than t − 1 draws from ready keeps its zeros
            // (its options are at most one shanten closer).
            if i32::from(l.shanten) > t {
                continue;
            }
            // A ready state's tenpai is 1 whatever its draws: its lane is
            // left out.
            let [a, b, c] = if l.shanten <= 0 {
                draw_sums::<false>(&p.pairs, l, &prev, i)
            } else {
                draw_sums::<true>(&p.pairs, l, &prev, i)
            };
            let tenpai = if l.shanten <= 0 { 1.0 } else { a * inv };
            next[i] = [tenpai, b * inv, c * inv];
        }
        std::mem::swap(&mut before, &mut prev);
        std::mem::swap(&mut prev, &mut next);
        for (v, &r) in kept.iter_mut().zip(keep) {
            let [t, w, s] = prev[r as usize];
            v.tenpai.push(t);
            v.win.push(w);
            v.score.push(s);
        }
    }
    let bytes = 3 * prev.capacity() * std::mem::size_of::<[f64; 3]>()
        + p.pairs.capacity() * std::mem::size_of::<[u32; 2]>()
        + p.states.capacity() * std::mem::size_of::<Lite>()
        + p.wins.capacity() * std::mem::size_of::<f64>();
    before.truncate(g.nodes.len());
    Values {
        bytes,
        kept,
        win_before: before.iter().map(|v| v[1]).collect(),
        tenpai_before: before.iter().map(|v| v[0]).collect(),
    }
}

/// Over the draws of state `i` (read as `l`), each lane (tenpai, win,
/// score) of Σ weight × the best option's value at t − 1 (`prev`), the
/// stay draws first, then the draws in order (the order of the additions
/// is part of the answer). A pair that is not its draw's last adds an
/// exact 0. Without `TENPAI` the tenpai lane is 0.
#[inline(always)]
fn draw_sums<const TENPAI: bool>(
    pairs: &[[u32; 2]],
    l: &Lite,
    prev: &[[f64; 3]],
    i: usize,
) -> [f64; 3] {
    let stay = f64::from(l.stay);
    let own = prev[i];
    let (mut a, mut b, mut c) = (0.0, stay * own[1], stay * own[2]);
    if TENPAI {
        a = stay * own[0];
    }
    // The best option so far of the current draw.
    let (mut mt, mut mw, mut ms) = (0.0, 0.0, 0.0);
    for &[x, y] in &pairs[l.pairs.start as usize..l.pairs.end as usize] {
        let [add, carry] = FACTORS[(x >> NODE_BITS) as usize];
        let (u, v) = (prev[(x & NODE_MASK) as usize], prev[y as usize]);
        if TENPAI {
            mt = max(mt, max(u[0], v[0]));
            a += add * mt;
            mt *= carry;
        }
        mw = max(mw, max(u[1], v[1]));
        ms = max(ms, max(u[2], v[2]));
        b += add * mw;
        c += add * ms;
        mw *= carry;
        ms *= carry;
    }
    [a, b, c]
}

/// The larger of two values that are never NaN: `f64::max` without the NaN
/// check (one instruction in the layers' inner loop).
#[inline(always)]
fn max(a: f64, b: f64) -> f64 {
    if b > a {
        b
    } else {
        a
    }
}
