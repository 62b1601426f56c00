//! The four parts of a melded hand read beside their melds
//! ([`MeldedParts`]): distances exact in every cell a hand of `k` melds
//! asks, and from them the effective tiles, the distance after a discard
//! and the suits' draws kept across a discard table's rows ([`Ups`]).
//! Separate from the class reads, which answer most hands without these
//! rows.

use super::rows::{distance_of, exact_up, honors, read_suit, rests, upper};
use super::{Bound, Melded};
use crate::engine::shanten::capped::{differing, doubt, lanes_up_to, Certified, REAL_LANES};
use crate::engine::shanten::combine::{join, lowers, optimal_lanes, product, NOTHING};
use crate::table::key::Neighbourhood;
use crate::table::layout::capped_distances;
use crate::table::layout::cells::FAR;
use crate::table::{DistanceTables, Distances};
use crate::tile::KINDS;

/// The four parts of a melded hand: neighbourhoods, and distances proven
/// exact in every cell of at most `k` melds (honours with the declared
/// kinds taken out).
#[derive(Clone, Copy)]
pub(in crate::engine::shanten) struct MeldedParts {
    suits: [Neighbourhood<9>; 3],
    honors: Neighbourhood<7>,
    x: [Distances; 4],
    /// Ranks (bit per rank) of each part that may take one more copy.
    room: [u16; 4],
    /// Cells (0xff lanes) of suits beside two or more melds whose capped
    /// distances are only bounded: `x` holds [`FAR`] there.
    doubts: [u128; 3],
    /// The table's distances (lower bounds) where some cell is doubtful.
    pub(super) lower: Option<[Distances; 4]>,
}

impl MeldedParts {
    /// The parts of concealed counts `c` beside `m`. A suit beside two or
    /// more melds may leave cells only bounded (`doubts`) unless `resolve`
    /// asks for them to be worked out. `None` in the cases no table covers
    /// (a suit of more than 11 tiles beside its meld: the general path).
    #[inline]
    pub(in crate::engine::shanten) fn of(
        t: &DistanceTables,
        c: &[u8; KINDS],
        m: &Melded,
        resolve: bool,
    ) -> Option<MeldedParts> {
        let mut p = MeldedParts {
            suits: [Neighbourhood::suit(&[0; 9]); 3],
            honors: Neighbourhood::honor(&[0; 7]),
            x: [[0u8; 16]; 4],
            room: [0u16; 4],
            doubts: [0u128; 3],
            lower: None,
        };
        for i in 0..3 {
            p.set_suit(t, c, m, i, resolve)?;
        }
        p.set_honors(t, c, m);
        p.settle(t, c, m)
    }

    /// The parts after one tile of kind `j` goes (`c`, the counts after):
    /// the other parts kept.
    #[inline]
    pub(in crate::engine::shanten) fn without(
        &self,
        t: &DistanceTables,
        c: &[u8; KINDS],
        m: &Melded,
        j: usize,
    ) -> Option<MeldedParts> {
        if self.lower.is_some() {
            return MeldedParts::of(t, c, m, false);
        }
        let mut p = *self;
        match j / 9 {
            3 => p.set_honors(t, c, m),
            i => p.set_suit(t, c, m, i, false)?,
        }
        p.settle(t, c, m)
    }

    /// Look up suit `i` (see [`MeldedParts::of`]).
    #[inline(always)]
    fn set_suit(
        &mut self,
        t: &DistanceTables,
        c: &[u8; KINDS],
        m: &Melded,
        i: usize,
        resolve: bool,
    ) -> Option<()> {
        if m.keep >> i & 1 == 0 {
            self.x[i] = NOTHING;
            self.room[i] = 0;
            self.doubts[i] = 0;
            return Some(());
        }
        let (n, read, room) = read_suit(t, c, m, i)?;
        let (mut x, mut doubts) = (read.x, read.doubts);
        if resolve && doubts != 0 {
            let v: &[u8; 9] = c[9 * i..9 * i + 9].try_into().expect("nine");
            x = capped_distances(v, &m.caps(i), true, m.k);
            doubts = 0;
        }
        self.suits[i] = n;
        self.x[i] = x;
        self.room[i] = room;
        self.doubts[i] = doubts;
        Some(())
    }

    /// Look up the honours (see [`honors`]).
    #[inline(always)]
    fn set_honors(&mut self, t: &DistanceTables, c: &[u8; KINDS], m: &Melded) {
        if m.keep >> 3 & 1 == 0 {
            self.x[3] = NOTHING;
            self.room[3] = 0;
            return;
        }
        let (n, x, room) = honors(t, c[27..34].try_into().expect("seven"), m.dropped);
        self.honors = n;
        self.x[3] = x;
        self.room[3] = room;
    }

    /// With doubtful cells (suits beside two or more melds): those cells
    /// as unreachable give an upper bound, and where it meets the lower
    /// one, the distance is exact; otherwise the doubtful suits are worked
    /// out.
    #[inline(always)]
    fn settle(mut self, t: &DistanceTables, c: &[u8; KINDS], m: &Melded) -> Option<MeldedParts> {
        if self.doubts.iter().all(|&d| d == 0) {
            return Some(self);
        }
        let lower = self.x;
        self.x = upper(&lower, &self.doubts);
        if distance_of(&self.x, m.k) != distance_of(&lower, m.k) {
            return MeldedParts::of(t, c, m, true);
        }
        self.lower = Some(lower);
        Some(self)
    }

    /// The same parts with the suits of `gone` (bit per suit) voided: their
    /// tiles all go, no target uses them.
    #[inline]
    pub(super) fn dropping(&self, gone: u8) -> MeldedParts {
        let mut p = *self;
        for i in (0..3).filter(|&i| gone >> i & 1 == 1) {
            p.x[i] = NOTHING;
            p.room[i] = 0;
            p.doubts[i] = 0;
        }
        p
    }

    /// The hand's distance.
    #[inline]
    pub(in crate::engine::shanten) fn distance(&self, k: usize) -> u8 {
        distance_of(&self.x, k)
    }
}

/// Each suit's exact distances after one more tile of a rank, found when
/// first asked: the rows of a discard table share the parts a discard
/// leaves alone.
pub(in crate::engine::shanten) struct Ups {
    next: [[Distances; 9]; 3],
    found: [u16; 3],
}

impl Ups {
    pub(in crate::engine::shanten) fn new() -> Ups {
        Ups {
            next: [[[0; 16]; 9]; 3],
            found: [0; 3],
        }
    }
}

/// Distance and effective tiles (bit per kind) of a 3n+1 melded hand's
/// standard form; `None` where doubtful cells of `p` could be in an
/// optimal allocation (ask again with the parts resolved). `ups` keeps the
/// suits' draws for other hands with the same suits, except those of the
/// suits in `fresh` (bit per suit).
#[inline]
pub(super) fn melded_effective(
    t: &DistanceTables,
    c: &[u8; KINDS],
    m: &Melded,
    p: &MeldedParts,
    mut ups: Option<(&mut Ups, u8)>,
) -> Option<(u8, u64)> {
    let k = m.k;
    let x = &p.x;
    let ab = product(&x[0], &x[1]);
    let sz = product(&x[2], &x[3]);
    let d = join(&ab, &sz, k);
    if d >= FAR {
        return Some((d, 0));
    }
    if let Some(lower) = &p.lower {
        // The doubtful cells must be in no optimal allocation, even at
        // their lower bounds; then those with them unreachable are all.
        let rest = rests(lower);
        if (0..3).any(|i| p.doubts[i] & optimal_lanes(&lower[i], &rest[i], k, d) != 0) {
            return None;
        }
    }
    let rest = rests(x);
    let mut tiles = 0u64;
    for i in 0..4 {
        let optimal = optimal_lanes(&x[i], &rest[i], k, d);
        if optimal == 0 {
            continue;
        }
        let mut ranks = 0u16;
        for r in (0..9).filter(|&r| p.room[i] >> r & 1 == 1) {
            if i == 3 {
                // The honours' masked lanes are FAR before and after.
                let next = t.honor(t.honor_class_at(p.honors.up(r)));
                ranks |= u16::from(lowers(&x[3], next, optimal)) << r;
                continue;
            }
            let cached = match &ups {
                Some((u, fresh)) if fresh >> i & 1 == 0 && u.found[i] >> r & 1 == 1 => {
                    Some(u.next[i][r])
                }
                _ => None,
            };
            let next = match cached {
                Some(next) => next,
                None => {
                    let index = p.suits[i].up(r);
                    let next = t.suit(t.suit_class_at(index));
                    // The table's distances are lower bounds: where they
                    // do not drop in an optimal lane, the draw does not
                    // help.
                    if !lowers(&x[i], next, optimal) {
                        continue;
                    }
                    if m.bound[i] == Bound::Multi {
                        // The certificate for the lanes asked here first;
                        // then the hand's distance after the draw with the
                        // doubtful cells out of reach (drops: the draw
                        // helps) and at their lower bounds (does not
                        // drop: it does not); the programme only between.
                        let mut w: [u8; 9] = c[9 * i..9 * i + 9].try_into().expect("nine");
                        w[r] += 1;
                        let caps = &m.caps(i);
                        let asked = optimal & differing(&x[i], next);
                        if doubt(t, &w, caps, next, asked) == Some(0) {
                            ranks |= 1 << r;
                            continue;
                        }
                        let doubt = doubt(t, &w, caps, next, lanes_up_to(k)).unwrap_or(REAL_LANES);
                        let upper = Certified {
                            lower: *next,
                            doubt,
                        }
                        .upper();
                        if join(&upper, &rest[i], k) < d {
                            ranks |= 1 << r;
                            continue;
                        }
                        if join(next, &rest[i], k) >= d {
                            continue;
                        }
                    }
                    let next = exact_up(t, c, m, i, r, index, next)?;
                    if let Some((u, fresh)) = &mut ups {
                        if *fresh >> i & 1 == 0 {
                            u.next[i][r] = next;
                            u.found[i] |= 1 << r;
                        }
                    }
                    next
                }
            };
            ranks |= u16::from(lowers(&x[i], &next, optimal)) << r;
        }
        tiles |= (ranks as u64) << (9 * i);
    }
    Some((d, tiles))
}

/// A melded 3n+2 hand's distance and its distance after each discard
/// ([`FAR`] where the kind is not held): one part looked up again per
/// discard.
#[inline]
pub(in crate::engine::shanten) fn melded_after(
    t: &DistanceTables,
    c: &[u8; KINDS],
    m: &Melded,
) -> Option<(MeldedParts, [u8; KINDS])> {
    let base = MeldedParts::of(t, c, m, false)?;
    let mut after = [FAR; KINDS];
    for j in (0..KINDS).filter(|&j| c[j] > 0) {
        let mut w = *c;
        w[j] -= 1;
        after[j] = base.without(t, &w, m, j)?.distance(m.k);
    }
    Some((base, after))
}

/// The distance and effective tiles (bit per kind) of a melded 3n+2 hand
/// `c` (parts `base`) after discarding kind `j`; `ups` shared across the
/// discards.
#[inline]
pub(in crate::engine::shanten) fn melded_row(
    t: &DistanceTables,
    c: &[u8; KINDS],
    m: &Melded,
    base: &MeldedParts,
    j: usize,
    ups: &mut Ups,
) -> Option<(u8, u64)> {
    let mut w = *c;
    w[j] -= 1;
    let fresh = if j < 27 { 1 << (j / 9) } else { 0 };
    let p = base.without(t, &w, m, j)?;
    if let Some(found) = melded_effective(t, &w, m, &p, Some((ups, fresh))) {
        return Some(found);
    }
    let p = MeldedParts::of(t, &w, m, true)?;
    melded_effective(t, &w, m, &p, Some((ups, fresh)))
}

/// [`melded_improving`](super::classes::melded_improving) (with its draws)
/// from the melded parts, without
/// trying the class tables first: for a hand the class tables have just
/// failed to settle.
#[inline]
pub(super) fn parts_improving(
    t: &DistanceTables,
    c: &[u8; KINDS],
    m: &Melded,
) -> Option<(u8, u64)> {
    let ask = |resolve| {
        MeldedParts::of(t, c, m, resolve).and_then(|p| melded_effective(t, c, m, &p, None))
    };
    ask(false).or_else(|| ask(true))
}
