//! Shanten and effective tiles with jokers for a concealed hand, by table
//! lookups only.
//!
//! The standard form's distance (module docs of the joker shanten) is a
//! min-plus combination of the four parts over melds, the pair and the
//! *budget*: the copies beyond four the jokers stand for, at most `j` in
//! all. `jokers.tbl` holds every pattern's distances for each budget
//! ([`BudgetTables`]); a suit never gains from more than one copy beyond
//! four and the honours from four, so each part brings at most two (five)
//! levels, and most parts one: the plain distances. When no part gains from
//! a budget the plain engine answers alone. The other forms hold at most four
//! copies of a kind (a knitted straight's set and pair never gain from a
//! fifth: moving its pung or pair to a kind the hand lacks costs as much),
//! so they are the plain engine's.
//!
//! Effective tiles: a draw lowers a part's distances by at most one at each
//! budget, so it lowers the hand's exactly when, at some budget `e` of its
//! part, it lowers a cell that with the other parts' best for budget `j − e`
//! reaches the minimum: the optimal-lane test of the plain engine, once per
//! budget level, against the neighbour pattern's row.

use crate::engine::shanten::{improving_ranks, join, lowers, optimal_lanes, product};
use crate::forms;
use crate::rules::{Rules, SevenPairs};
use crate::table::key::{self, Neighbourhood};
use crate::table::layout::cells::FAR;
use crate::table::{BudgetTables, Distances, Tables};
use crate::tile::Counts;

/// Budget levels a group of parts carries: `0..LEVELS` (three suits at one
/// copy beyond four each and the honours at four make seven).
const LEVELS: usize = 8;

/// The most a suit (honours) gains from: budgets past it change nothing
/// (`table::generate::budget` tests).
const SUIT_TOP: usize = 1;
const HONOR_TOP: usize = 4;

/// Distances of a group of parts for budgets `0..=top` (the rows past `top`
/// equal row `top`).
#[derive(Clone, Copy)]
pub(super) struct Levels {
    d: [Distances; LEVELS],
    top: usize,
}

impl Levels {
    /// Levels from rows of budgets `0..=top` (each row the best within its
    /// budget), `top` below [`LEVELS`]; `None` past it.
    pub(super) fn from_rows(rows: &[Distances]) -> Option<Levels> {
        let top = rows.len().checked_sub(1).filter(|&t| t < LEVELS)?;
        let mut d = [[FAR; 16]; LEVELS];
        d[..=top].copy_from_slice(rows);
        Some(Levels { d, top })
    }

    /// A part no target may use: nothing.
    const NOTHING: Levels = {
        let mut d = [FAR; 16];
        d[0] = 0;
        Levels {
            d: [d; LEVELS],
            top: 0,
        }
    };

    #[inline(always)]
    fn at(&self, e: usize) -> &Distances {
        &self.d[e.min(self.top)]
    }
}

#[inline(always)]
fn min16(a: &mut Distances, b: &Distances) {
    for (x, y) in a.iter_mut().zip(b) {
        *x = (*x).min(*y);
    }
}

/// Two groups together, with at most `j` copies beyond four in all.
#[inline]
fn times(a: &Levels, b: &Levels, j: usize) -> Levels {
    let mut out = Levels {
        d: [[FAR; 16]; LEVELS],
        top: (a.top + b.top).min(j),
    };
    out.d[0] = product(&a.d[0], &b.d[0]);
    if out.top == 0 {
        return out;
    }
    for ea in 0..=a.top {
        for eb in 0..=b.top.min(out.top - ea) {
            if ea + eb > 0 {
                let p = product(&a.d[ea], &b.d[eb]);
                min16(&mut out.d[ea + eb], &p);
            }
        }
    }
    for e in 1..=out.top {
        let below = out.d[e - 1];
        min16(&mut out.d[e], &below);
    }
    out
}

/// The standard form's distance to `k` melds and a pair, within budget `j`.
#[inline(always)]
fn standard(ab: &Levels, sz: &Levels, k: usize, j: usize) -> u8 {
    let mut d = FAR;
    for e in 0..=ab.top {
        d = d.min(join(&ab.d[e], sz.at(j - e), k));
    }
    d
}

/// The sets of parts a hand may keep (bit `i` = part `i`): all, or
/// (Sichuan) each choice of a numbered suit to void but those in `spare`
/// (the suits of declared melds; none for a concealed hand).
#[inline(always)]
fn keeps(rules: &Rules, spare: u8) -> impl Iterator<Item = u8> {
    let honors = if rules.honors { 8 } else { 0 };
    let drop = 3 - rules.max_suits.min(3) as u32;
    (0u8..8).filter_map(move |gone| {
        (gone.count_ones() == drop && gone & spare == 0).then_some((7 & !gone) | honors)
    })
}

/// A concealed hand's parts as the lookups see them: their neighbourhoods
/// (for the draws), budget classes and tops.
struct Parts<'a> {
    bt: BudgetTables<'a>,
    suits: [Neighbourhood<9>; 3],
    honors: Neighbourhood<7>,
    class: [u8; 4],
    top: [usize; 4],
}

impl<'a> Parts<'a> {
    #[inline(always)]
    fn new<B: AsRef<[u8]>>(t: &'a Tables<B>, c: &Counts) -> Parts<'a> {
        let bt = t.budget_tables();
        let part = |i: usize| -> &[u8; 9] { c[9 * i..9 * i + 9].try_into().expect("nine") };
        let suits = [
            Neighbourhood::suit(part(0)),
            Neighbourhood::suit(part(1)),
            Neighbourhood::suit(part(2)),
        ];
        let honors = Neighbourhood::honor(c[27..34].try_into().expect("seven"));
        let class = [
            bt.suit_class_at(suits[0].index()),
            bt.suit_class_at(suits[1].index()),
            bt.suit_class_at(suits[2].index()),
            bt.honor_class_at(honors.index()),
        ];
        let top = [
            bt.suit_top(class[0]),
            bt.suit_top(class[1]),
            bt.suit_top(class[2]),
            bt.honor_top(class[3]),
        ];
        Parts {
            bt,
            suits,
            honors,
            class,
            top,
        }
    }

    /// Part `i`'s budget-0 distances, or nothing outside `keep`.
    #[inline(always)]
    fn plain(&self, i: usize, keep: u8) -> &'a Distances {
        if keep >> i & 1 == 0 {
            &Levels::NOTHING.d[0]
        } else if i < 3 {
            self.bt.suit(self.class[i], 0)
        } else {
            self.bt.honor(self.class[3], 0)
        }
    }

    /// Part `i`'s levels up to budget `j` ([`Levels::NOTHING`] outside `keep`).
    #[inline(always)]
    fn levels(&self, i: usize, keep: u8, j: usize) -> Levels {
        if keep >> i & 1 == 0 {
            return Levels::NOTHING;
        }
        let mut l = Levels {
            d: [[FAR; 16]; LEVELS],
            top: self.top[i].min(j),
        };
        for e in 0..=l.top {
            l.d[e] = *if i < 3 {
                self.bt.suit(self.class[i], e)
            } else {
                self.bt.honor(self.class[i], e)
            };
        }
        l
    }
}

/// The standard form of one kept set of parts: the parts' levels, their
/// pair products, its distance.
struct Kept {
    x: [Levels; 4],
    ab: Levels,
    sz: Levels,
    d: u8,
}

impl Kept {
    #[inline(always)]
    fn new(parts: &Parts<'_>, keep: u8, k: usize, j: usize) -> Kept {
        let x: [Levels; 4] = std::array::from_fn(|i| parts.levels(i, keep, j));
        let ab = times(&x[0], &x[1], j);
        let sz = times(&x[2], &x[3], j);
        let d = standard(&ab, &sz, k, j);
        Kept { x, ab, sz, d }
    }
}

/// The replacement distance of a concealed hand with counts `c` (at most
/// four a kind) and `j` jokers, `slots` in all (3n+1 or 3n+2, at most 14),
/// over every form, its suits in `spare` never voided: the fewest tiles its
/// target holds beyond `c`, before the jokers fill `j` of them ([`FAR`]:
/// none).
pub(super) fn distance<B: AsRef<[u8]>>(
    t: &Tables<B>,
    c: &Counts,
    slots: usize,
    j: usize,
    rules: &Rules,
    spare: u8,
) -> u8 {
    let bt = t.budget_tables();
    // The tallied keys: the knitted forms' counts read them too.
    let keys = key::hand_tallies(c);
    let index = |i: usize| key::key_index(keys[i] as key::Key);
    let class = [
        bt.suit_class_at(index(0)),
        bt.suit_class_at(index(1)),
        bt.suit_class_at(index(2)),
        bt.honor_class_at(index(3)),
    ];
    let flat = bt.suit_top(class[0])
        | bt.suit_top(class[1])
        | bt.suit_top(class[2])
        | bt.honor_top(class[3])
        == 0;
    if rules.mcr_forms || flat && rules.plain() {
        // The knitted forms are the plain engine's; so is the standard form
        // when no part gains from a budget (every part open: its pair tables).
        let plain = t.concealed_slots_distance(c, &keys, slots, rules);
        if flat {
            return plain;
        }
        let parts = Parts::new(t, c);
        let k = slots / 3;
        return keeps(rules, spare).fold(plain, |d, keep| d.min(Kept::new(&parts, keep, k, j).d));
    }
    let k = slots / 3;
    let tally = (slots >= 13).then(|| Tally::of(c));
    let row = |i: usize, keep: u8| -> &Distances {
        if keep >> i & 1 == 0 {
            &Levels::NOTHING.d[0]
        } else if i < 3 {
            bt.suit(class[i], 0)
        } else {
            bt.honor(class[3], 0)
        }
    };
    let parts = (!flat).then(|| Parts::new(t, c));
    keeps(rules, spare).fold(FAR, |d, keep| {
        let std = match &parts {
            // Nothing is the product's unit: Sichuan joins its two suits.
            None if keep == 0b0011 => join(row(0, keep), row(1, keep), k),
            None if keep == 0b0101 => join(row(0, keep), row(2, keep), k),
            None if keep == 0b0110 => join(row(1, keep), row(2, keep), k),
            None => join(
                &product(row(0, keep), row(1, keep)),
                &product(row(2, keep), row(3, keep)),
                k,
            ),
            Some(parts) => Kept::new(parts, keep, k, j).d,
        };
        let special = tally.as_ref().map_or(FAR, |t| t.distance(keep, rules));
        d.min(std).min(special)
    })
}

/// The standard form's distance to `slots / 3` melds and a pair within
/// budget `j` (as [`distance`], its suits in `spare` never voided), the
/// parts `given` has taken from there (the budgeted rows of parts beside
/// declared melds, whose caps the tables do not know) and the others read
/// from `jokers.tbl`.
pub(super) fn standard_beside<B: AsRef<[u8]>>(
    t: &Tables<B>,
    c: &Counts,
    slots: usize,
    j: usize,
    rules: &Rules,
    spare: u8,
    given: &[Option<Levels>; 4],
) -> u8 {
    let parts = Parts::new(t, c);
    keeps(rules, spare).fold(FAR, |d, keep| {
        let x: [Levels; 4] = std::array::from_fn(|i| match &given[i] {
            Some(l) if keep >> i & 1 == 1 => *l,
            _ => parts.levels(i, keep, j),
        });
        let ab = times(&x[0], &x[1], j);
        let sz = times(&x[2], &x[3], j);
        d.min(standard(&ab, &sz, slots / 3, j))
    })
}

/// Per part: the counts the concealed special forms of the rules without
/// MCR forms are counted from (seven pairs, thirteen orphans).
struct Tally {
    /// Pairs a part's counts hold (a quad is two).
    whole: [u8; 4],
    /// Kinds held an odd number of times.
    odd: [u8; 4],
    /// Kinds held.
    kinds: [u8; 4],
    /// Kinds held at least twice.
    pairs: [u8; 4],
    /// Orphan kinds held, and whether one is held twice or more.
    orphans: u8,
    orphan_pair: bool,
}

impl Tally {
    #[inline]
    fn of(c: &Counts) -> Tally {
        let mut t = Tally {
            whole: [0; 4],
            odd: [0; 4],
            kinds: [0; 4],
            pairs: [0; 4],
            orphans: 0,
            orphan_pair: false,
        };
        // Eight counts to a word (the ninth rank apart), at most 4 each.
        const L: u64 = 0x0101_0101_0101_0101;
        let word = |i: usize, n: usize| {
            let mut b = [0u8; 8];
            b[..n].copy_from_slice(&c[i..i + n]);
            u64::from_le_bytes(b)
        };
        for p in 0..4 {
            let (w, last) = if p < 3 {
                (word(9 * p, 8), c[9 * p + 8])
            } else {
                (word(27, 7), 0)
            };
            // Byte sums by one multiply (each sum is at most 16).
            t.whole[p] =
                (((w >> 1) & 0x0303_0303_0303_0303).wrapping_mul(L) >> 56) as u8 + last / 2;
            t.odd[p] = (w & L).count_ones() as u8 + (last & 1);
            t.kinds[p] = ((w | w >> 1 | w >> 2) & L).count_ones() as u8 + (last > 0) as u8;
            t.pairs[p] = ((w >> 1 | w >> 2) & L).count_ones() as u8 + (last >= 2) as u8;
        }
        for &o in &forms::ORPHANS {
            t.orphans += (c[o] > 0) as u8;
            t.orphan_pair |= c[o] >= 2;
        }
        t
    }

    /// Missing tiles of seven pairs over the kept parts, and of thirteen
    /// orphans (all parts kept), as the rules allow (the plain engine's
    /// counting formulas).
    #[inline]
    fn distance(&self, keep: u8, rules: &Rules) -> u8 {
        let sum = |v: &[u8; 4]| -> u8 { (0..4).filter(|i| keep >> i & 1 == 1).map(|i| v[i]).sum() };
        let mut d = match rules.seven_pairs {
            SevenPairs::No => FAR,
            SevenPairs::Distinct => {
                7u8.saturating_sub(sum(&self.pairs)) + 7u8.saturating_sub(sum(&self.kinds))
            }
            SevenPairs::QuadsAllowed => {
                let need = 7u8.saturating_sub(sum(&self.whole));
                need + need.saturating_sub(sum(&self.odd))
            }
        };
        if rules.thirteen_orphans && keep == 0b1111 {
            d = d.min(14 - self.orphans - self.orphan_pair as u8);
        }
        d
    }
}

/// The distance of a concealed 3n+1 hand (as [`distance`]) and the kinds
/// whose draw lowers it (bit per kind).
pub(super) fn improving<B: AsRef<[u8]>>(
    t: &Tables<B>,
    c: &Counts,
    slots: usize,
    j: usize,
    rules: &Rules,
    spare: u8,
) -> (u8, u64) {
    let k = slots / 3;
    let parts = Parts::new(t, c);
    if parts.top == [0; 4] {
        return flat_improving(t, &parts, c, slots, j, rules, spare);
    }
    let mut d_std = FAR;
    let mut only = None;
    let mut several = false;
    for keep in keeps(rules, spare) {
        let kept = Kept::new(&parts, keep, k, j);
        if kept.d < d_std {
            d_std = kept.d;
            only = Some((keep, kept));
            several = false;
        } else if kept.d == d_std {
            several = true;
        }
    }
    let (d_sp, sp_tiles) = special(t, c, slots, rules, d_std);
    let d = d_std.min(d_sp);
    let mut tiles = if d_sp == d { sp_tiles } else { 0 };
    if d_std == d && d < FAR {
        let (keep, kept) = only.expect("a kept set reaches d");
        tiles |= standard_tiles(&parts, keep, &kept, k, j, d);
        if several {
            // Sichuan: another voided suit reaches d as well.
            for other in keeps(rules, spare).filter(|&o| o != keep) {
                let kept = Kept::new(&parts, other, k, j);
                if kept.d == d {
                    tiles |= standard_tiles(&parts, other, &kept, k, j, d);
                }
            }
        }
    }
    (d, tiles)
}

/// The two parts of a kept set of exactly two (Sichuan without honours).
#[inline(always)]
fn pair_kept(keep: u8) -> Option<(usize, usize)> {
    match keep {
        0b0011 => Some((0, 1)),
        0b0101 => Some((0, 2)),
        0b0110 => Some((1, 2)),
        _ => None,
    }
}

/// The other forms' distance and the draws that lower it, when they can
/// reach `bound` (the standard form's distance): the plain engine's, after
/// a cheap count of seven pairs and thirteen orphans rules them out.
#[inline]
fn special<B: AsRef<[u8]>>(
    t: &Tables<B>,
    c: &Counts,
    slots: usize,
    rules: &Rules,
    bound: u8,
) -> (u8, u64) {
    if rules.mcr_forms {
        if slots >= 13 || forms::knitted_straight_sets(slots, 0).is_some() {
            return t.concealed_special_improving(c, slots, rules, bound);
        }
        return (FAR, 0);
    }
    if slots < 13 {
        return (FAR, 0);
    }
    let tally = Tally::of(c);
    if keeps(rules, 0).all(|keep| tally.distance(keep, rules) > bound) {
        return (FAR, 0);
    }
    t.concealed_special_improving(c, slots, rules, bound)
}

/// [`improving`] when no part gains from a budget (the common case): the
/// plain engine's combination on budget-0 rows, one optimal mask per part,
/// and each neighbour's row at the part's highest budget (rows only fall
/// with the budget, and a draw may make a part gain from one).
fn flat_improving<B: AsRef<[u8]>>(
    t: &Tables<B>,
    parts: &Parts<'_>,
    c: &Counts,
    slots: usize,
    j: usize,
    rules: &Rules,
    spare: u8,
) -> (u8, u64) {
    let k = slots / 3;
    let mut d_std = FAR;
    let mut best = [0u8; 3];
    let mut n = 0;
    for keep in keeps(rules, spare) {
        let x = [0, 1, 2, 3].map(|i| parts.plain(i, keep));
        let d = match pair_kept(keep) {
            Some((a, b)) => join(x[a], x[b], k),
            None => join(&product(x[0], x[1]), &product(x[2], x[3]), k),
        };
        if d < d_std {
            d_std = d;
            n = 0;
        }
        if d == d_std {
            best[n] = keep;
            n += 1;
        }
    }
    let (d_sp, sp_tiles) = special(t, c, slots, rules, d_std);
    let d = d_std.min(d_sp);
    let mut tiles = if d_sp == d { sp_tiles } else { 0 };
    if d_std != d || d >= FAR {
        return (d, tiles);
    }
    let bt = parts.bt;
    for &keep in &best[..n] {
        let x = [0, 1, 2, 3].map(|i| parts.plain(i, keep));
        let rest = match pair_kept(keep) {
            // Two parts kept: each one's rest is the other.
            Some((a, b)) => {
                let mut rest = [Levels::NOTHING.d[0]; 4];
                (rest[a], rest[b]) = (*x[b], *x[a]);
                rest
            }
            None => {
                let (ab, sz) = (product(x[0], x[1]), product(x[2], x[3]));
                [
                    product(x[1], &sz),
                    product(x[0], &sz),
                    product(&ab, x[3]),
                    product(&ab, x[2]),
                ]
            }
        };
        for q in (0..4).filter(|q| keep >> q & 1 == 1) {
            let optimal = optimal_lanes(x[q], &rest[q], k, d);
            if optimal == 0 {
                continue;
            }
            tiles |= if q < 3 {
                let e = j.min(SUIT_TOP);
                let next = |i| bt.suit(bt.suit_class_at(i), e);
                (improving_ranks(&parts.suits[q], x[q], optimal, next) as u64) << (9 * q)
            } else {
                let e = j.min(HONOR_TOP);
                let next = |i| bt.honor(bt.honor_class_at(i), e);
                (improving_ranks(&parts.honors, x[3], optimal, next) as u64) << 27
            };
        }
    }
    (d, tiles)
}

/// The kinds whose draw lowers the standard form's distance `d` of one
/// kept set of parts.
fn standard_tiles(parts: &Parts<'_>, keep: u8, kept: &Kept, k: usize, j: usize, d: u8) -> u64 {
    let bt = parts.bt;
    let (x, ab, sz) = (&kept.x, &kept.ab, &kept.sz);
    let mut tiles = 0u64;
    for q in (0..4).filter(|q| keep >> q & 1 == 1) {
        let rest = match q {
            0 => times(&x[1], sz, j),
            1 => times(&x[0], sz, j),
            2 => times(ab, &x[3], j),
            _ => times(ab, &x[2], j),
        };
        let top = j.min(if q < 3 { SUIT_TOP } else { HONOR_TOP });
        let mut optimal = [0u128; HONOR_TOP + 1];
        for (e, o) in optimal.iter_mut().enumerate().take(top + 1) {
            *o = optimal_lanes(x[q].at(e), rest.at(j - e), k, d);
        }
        if optimal.iter().all(|&o| o == 0) {
            continue;
        }
        // Neither the part nor the rest gains from a budget: one optimal
        // mask for every level, and the neighbour's lowest row decides.
        let flat = x[q].top == 0 && rest.top == 0;
        tiles |= if q < 3 {
            let row = |c: u8, e: usize| bt.suit(c, e);
            let (class_at, top_of) = (|i| bt.suit_class_at(i), |c| bt.suit_top(c));
            let own = parts.class[q];
            let nb = &parts.suits[q];
            lowering(nb, own, &x[q], &optimal, top, flat, class_at, top_of, row) << (9 * q)
        } else {
            let row = |c: u8, e: usize| bt.honor(c, e);
            let (class_at, top_of) = (|i| bt.honor_class_at(i), |c| bt.honor_top(c));
            let own = parts.class[3];
            let nb = &parts.honors;
            lowering(nb, own, &x[3], &optimal, top, flat, class_at, top_of, row) << 27
        };
    }
    tiles
}

/// The ranks of a part (bit per rank) whose draw lowers one of its optimal
/// lanes at some budget `0..=top`, read from the neighbour pattern's class
/// (`own`: the part's class; a draw that keeps it changes nothing). When
/// `flat` (every level's optimal mask and row equal level 0's), the
/// neighbour's rows only fall with the budget, so its row at `top` decides.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn lowering<'a, const N: usize>(
    nb: &Neighbourhood<N>,
    own: u8,
    x: &Levels,
    optimal: &[u128; HONOR_TOP + 1],
    top: usize,
    flat: bool,
    class_at: impl Fn(usize) -> u8,
    top_of: impl Fn(u8) -> usize,
    row: impl Fn(u8, usize) -> &'a Distances,
) -> u64 {
    let mut ranks = 0u64;
    let mut room = nb.room();
    while room != 0 {
        let r = room.trailing_zeros() as usize;
        room &= room - 1;
        let class = class_at(nb.up(r));
        let lower = class != own
            && if flat {
                lowers(&x.d[0], row(class, top.min(top_of(class))), optimal[0])
            } else {
                (0..=top).any(|e| optimal[e] != 0 && lowers(x.at(e), row(class, e), optimal[e]))
            };
        ranks |= (lower as u64) << r;
    }
    ranks
}
