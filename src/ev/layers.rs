//! The layers: every state's (tenpai, win, score) for t = 1..T, the values
//! at t read only the successors' values at t − 1 (so the graph may have
//! cycles).
//!
//! A state's value is Σ over its draws of weight × the best of the draw's
//! options, / W. The layers first recast the graph's draws as flat
//! streams ([`Streams`]): the state itself is an option when the draw may
//! be thrown back, and a win is an option too, a node whose values never
//! change (1, 1, points). Three draws in four have one or two options:
//! those are *pairs* (an option alone is repeated: a maximum does not
//! mind), each its own term, so the terms of a state's pairs are
//! independent and the processor overlaps them. The other draws fill
//! *quads* of four options, the last quad of a draw carrying its weight;
//! the best option is carried from quad to quad, a chain of dependent
//! operations, but there are few quads. No loop runs per draw: the
//! graph's draws have one option or two or ten, and a loop per draw
//! mispredicted its exit on about a third of them.
//!
//! The layers skip what is provably not asked or zero: states farther than
//! t − 1 shanten from ready (all three values 0), and states deeper than
//! T − t draws from every root (numbered breadth first, so a suffix): no
//! root can reach them with t draws left.

use super::model::KeyMap;
use super::solver::{Graph, READY};

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

/// Bits of an entry's first option; the draw's factors sit above them.
const NODE_BITS: u32 = 26;
const NODE_MASK: u32 = (1 << NODE_BITS) - 1;

/// A pair's weight (in the bits above its first option) as a float.
const WEIGHTS: [f64; 8] = [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0];

/// A quad's factors (bit 0: the draw's last quad; bits 1–3: its weight)
/// as two floats: what the quad adds of the draw's best option (the
/// weight on the last quad, else 0) and what of it goes on to the next
/// quad (0 after the last, else 1). Both are exact on values that are
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

/// A state as the layers read it: its entries run from these starts to
/// the next state's.
struct Lite {
    pairs: u32,
    quads: u32,
    /// Weight of the draws thrown back with no other choice.
    stay: u32,
    shanten: i8,
}

/// The graph as the layers read it; the win nodes are numbered after the
/// states, and one more `Lite` closes the last state's entries.
struct Streams {
    states: Vec<Lite>,
    /// Draws of one or two options: `[x | weight << NODE_BITS, y]`.
    pairs: Vec<[u32; 2]>,
    /// The other draws, four options an entry, the first carrying the
    /// factors (see [`FACTORS`]).
    quads: Vec<[u32; 4]>,
    /// Points of each win node.
    wins: Vec<f64>,
    /// The node of the graph's [`READY`] option, after the win nodes.
    ready: u32,
}

impl Streams {
    fn new(g: &Graph) -> Option<Streams> {
        let mut p = Streams {
            states: Vec::with_capacity(g.nodes.len() + 1),
            pairs: Vec::with_capacity(g.draws.len()),
            quads: Vec::with_capacity(g.draws.len() / 8),
            wins: Vec::new(),
            ready: 0,
        };
        // One win node per distinct points (riichi has a few dozen).
        let win_nodes = p.win_nodes(g)?;
        p.ready = (g.nodes.len() + p.wins.len()) as u32;
        let mut mapped = [0u32; 32];
        for (i, n) in g.nodes.iter().enumerate() {
            p.states.push(Lite {
                pairs: p.pairs.len() as u32,
                quads: p.quads.len() as u32,
                stay: n.stay,
                shanten: n.shanten,
            });
            let (mut o, mut w) = (n.opts as usize, n.wins as usize);
            for d in &g.draws[n.draws.start as usize..n.draws.end as usize] {
                let opts = &g.opts[o..o + d.options()];
                o += d.options();
                // Only the options one draw short of the depth are READY.
                let opts = if opts.first() == Some(&READY) {
                    mapped[0] = p.ready;
                    &mapped[..1]
                } else {
                    opts
                };
                // The state itself and the win follow the discards' states.
                let mut more = [0; 2];
                let mut m = 0;
                if d.keeps() {
                    more[m] = i as u32;
                    m += 1;
                }
                if d.wins() {
                    more[m] = win_nodes[w];
                    m += 1;
                    w += 1;
                }
                p.push_draw(opts, &more[..m], d.weight());
            }
        }
        p.states.push(Lite {
            pairs: p.pairs.len() as u32,
            quads: p.quads.len() as u32,
            stay: 0,
            shanten: 0,
        });
        Some(p)
    }

    /// The node of each of the graph's wins, one per distinct points,
    /// numbered after the states; `None` when they do not all fit the
    /// bits of a node number.
    fn win_nodes(&mut self, g: &Graph) -> Option<Vec<u32>> {
        let mut by_points: KeyMap<u32> = KeyMap::default();
        let states = g.nodes.len();
        let nodes: Vec<u32> = g
            .wins
            .iter()
            .map(|&points| {
                let next = (states + self.wins.len()) as u32;
                let node = *by_points
                    .entry(u128::from(points.to_bits()))
                    .or_insert(next);
                if node == next {
                    self.wins.push(points);
                }
                node
            })
            .collect();
        // The ready node comes after the wins.
        (states + self.wins.len() < NODE_MASK as usize).then_some(nodes)
    }

    /// A draw's options (`opts` then `more`) as a pair, or in quads, the
    /// last carrying its weight. A draw with no option adds 0: left out.
    #[inline]
    fn push_draw(&mut self, opts: &[u32], more: &[u32], weight: u8) {
        assert!(weight < 8, "a weight fits three bits");
        let n = opts.len() + more.len();
        if n <= 2 {
            let first = opts.first().or(more.first());
            let last = more.last().or(opts.last());
            if let (Some(&x), Some(&y)) = (first, last) {
                self.pairs.push([x | u32::from(weight) << NODE_BITS, y]);
            }
            return;
        }
        let mut all = [0; 32];
        all[..opts.len()].copy_from_slice(opts);
        all[opts.len()..n].copy_from_slice(more);
        let quads = all[..n].chunks(4);
        let last = quads.len();
        for (j, q) in quads.enumerate() {
            let factors = if j + 1 == last {
                1 | u32::from(weight) << 1
            } else {
                0
            };
            let at = |i: usize| q[i.min(q.len() - 1)];
            self.quads
                .push([at(0) | factors << NODE_BITS, at(1), at(2), at(3)]);
        }
    }
}

/// The layers t = 1..=turns over the whole graph. A state's three values
/// sit together, so an option costs one cache line. `None` when the
/// states and the wins do not fit a node number's bits.
pub fn solve(g: &Graph, wall: u32, turns: usize, keep: &[u32]) -> Option<Values> {
    let inv = 1.0 / f64::from(wall);
    let p = Streams::new(g)?;
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
        .chain([[1.0, 0.0, 0.0]])
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
        let live = g.levels.get(depth).map_or(g.nodes.len(), |&e| e as usize);
        for (i, l) in p.states[..=live].windows(2).enumerate() {
            let (l, end) = (&l[0], &l[1]);
            // A state further than t − 1 draws from ready keeps its zeros
            // (its options are at most one shanten closer).
            if i32::from(l.shanten) > t {
                continue;
            }
            // A ready state's tenpai is 1 whatever its draws: its lane is
            // left out.
            let [a, b, c] = if l.shanten <= 0 {
                draw_sums::<false>(&p, l, end, &prev, i)
            } else {
                draw_sums::<true>(&p, l, end, &prev, i)
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
        + p.quads.capacity() * std::mem::size_of::<[u32; 4]>()
        + p.states.capacity() * std::mem::size_of::<Lite>()
        + p.wins.capacity() * std::mem::size_of::<f64>();
    before.truncate(g.nodes.len());
    Some(Values {
        bytes,
        kept,
        win_before: before.iter().map(|v| v[1]).collect(),
        tenpai_before: before.iter().map(|v| v[0]).collect(),
    })
}

/// Over the draws of state `i` (read as `l`, its entries ending where
/// `end`'s start), each lane (tenpai, win, score) of Σ weight × the best
/// option's value at t − 1 (`prev`): the stay draws first, then the
/// pairs, then the quads, each in the order of the draws (the order of
/// the additions is part of the answer). A quad that is not its draw's
/// last adds an exact 0. Without `TENPAI` the tenpai lane is 0.
#[inline(always)]
fn draw_sums<const TENPAI: bool>(
    p: &Streams,
    l: &Lite,
    end: &Lite,
    prev: &[[f64; 3]],
    i: usize,
) -> [f64; 3] {
    let stay = f64::from(l.stay);
    let own = prev[i];
    let (mut a, mut b, mut c) = (0.0, stay * own[1], stay * own[2]);
    if TENPAI {
        a = stay * own[0];
    }
    for &[x, y] in &p.pairs[l.pairs as usize..end.pairs as usize] {
        let w = WEIGHTS[(x >> NODE_BITS) as usize];
        let (u, v) = (prev[(x & NODE_MASK) as usize], prev[y as usize]);
        if TENPAI {
            a += w * max(u[0], v[0]);
        }
        b += w * max(u[1], v[1]);
        c += w * max(u[2], v[2]);
    }
    // The best option so far of the current draw.
    let (mut mt, mut mw, mut ms) = (0.0, 0.0, 0.0);
    for &[x, y, z, q] in &p.quads[l.quads as usize..end.quads as usize] {
        let [add, carry] = FACTORS[(x >> NODE_BITS) as usize];
        let o = [prev[(x & NODE_MASK) as usize], prev[y as usize]];
        let o = [o[0], o[1], prev[z as usize], prev[q as usize]];
        let best = |lane: usize| max(max(o[0][lane], o[1][lane]), max(o[2][lane], o[3][lane]));
        if TENPAI {
            mt = max(mt, best(0));
            a += add * mt;
            mt *= carry;
        }
        mw = max(mw, best(1));
        ms = max(ms, best(2));
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
