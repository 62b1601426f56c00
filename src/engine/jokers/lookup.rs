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

use crate::engine::shanten::{join, lowers, optimal_lanes, product};
use crate::forms;
use crate::rules::Rules;
use crate::table::generate::shanten::FAR;
use crate::table::key::Neighbourhood;
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
struct Levels {
    d: [Distances; LEVELS],
    top: usize,
}

impl Levels {
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

/// The sets of parts a concealed hand may keep (bit `i` = part `i`): all, or
/// (Sichuan) each choice of a numbered suit to void.
#[inline(always)]
fn keeps(rules: &Rules) -> impl Iterator<Item = u8> {
    let honors = if rules.honors { 8 } else { 0 };
    let drop = 3 - rules.max_suits.min(3) as u32;
    (0u8..8).filter_map(move |gone| (gone.count_ones() == drop).then_some((7 & !gone) | honors))
}

/// A concealed hand's parts as the lookups see them.
struct Parts<'a> {
    bt: BudgetTables<'a>,
    suits: [Neighbourhood<9>; 3],
    honors: Neighbourhood<7>,
    class: [u8; 4],
    /// Each part's budget levels (up to `j`).
    levels: [Levels; 4],
}

impl<'a> Parts<'a> {
    #[inline(always)]
    fn new<B: AsRef<[u8]>>(t: &'a Tables<B>, c: &Counts, j: usize) -> Parts<'a> {
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
        let levels = std::array::from_fn(|i| {
            let (top, row): (usize, &dyn Fn(usize) -> &'a Distances) = if i < 3 {
                (bt.suit_top(class[i]), &|e| bt.suit(class[i], e))
            } else {
                (bt.honor_top(class[i]), &|e| bt.honor(class[i], e))
            };
            let mut l = Levels {
                d: [[FAR; 16]; LEVELS],
                top: top.min(j),
            };
            for e in 0..=l.top {
                l.d[e] = *row(e);
            }
            l
        });
        Parts {
            bt,
            suits,
            honors,
            class,
            levels,
        }
    }

    /// Whether some part gains from a budget: otherwise the plain tables answer.
    #[inline(always)]
    fn budgeted(&self) -> bool {
        self.levels.iter().any(|l| l.top > 0)
    }

    /// The four parts' levels with the parts outside `keep` as nothing.
    #[inline(always)]
    fn kept(&self, keep: u8) -> [Levels; 4] {
        std::array::from_fn(|i| {
            if keep >> i & 1 == 1 {
                self.levels[i]
            } else {
                Levels::NOTHING
            }
        })
    }
}

/// The replacement distance of a concealed hand with counts `c` (at most
/// four a kind) and `j` jokers, `slots` in all (3n+1 or 3n+2, at most 14),
/// over every form: the fewest tiles its target holds beyond `c`, before the
/// jokers fill `j` of them ([`FAR`]: none).
pub(super) fn distance<B: AsRef<[u8]>>(
    t: &Tables<B>,
    c: &Counts,
    slots: usize,
    j: usize,
    rules: &Rules,
) -> u8 {
    let plain = t.concealed_slots_distance(c, slots, rules);
    let parts = Parts::new(t, c, j);
    if !parts.budgeted() {
        return plain;
    }
    let k = slots / 3;
    let mut d = plain;
    for keep in keeps(rules) {
        let x = parts.kept(keep);
        let ab = times(&x[0], &x[1], j);
        let sz = times(&x[2], &x[3], j);
        d = d.min(standard(&ab, &sz, k, j));
    }
    d
}

/// The distance of a concealed 3n+1 hand (as [`distance`]) and the kinds
/// whose draw lowers it (bit per kind).
pub(super) fn improving<B: AsRef<[u8]>>(
    t: &Tables<B>,
    c: &Counts,
    slots: usize,
    j: usize,
    rules: &Rules,
) -> (u8, u64) {
    let k = slots / 3;
    let parts = Parts::new(t, c, j);
    // Each kept set's parts, their pair products and standard distance.
    let mut kept = [(0u8, [Levels::NOTHING; 4], Levels::NOTHING, Levels::NOTHING, FAR); 3];
    let mut n = 0;
    let mut d_std = FAR;
    for keep in keeps(rules) {
        let x = parts.kept(keep);
        let ab = times(&x[0], &x[1], j);
        let sz = times(&x[2], &x[3], j);
        let d = standard(&ab, &sz, k, j);
        d_std = d_std.min(d);
        kept[n] = (keep, x, ab, sz, d);
        n += 1;
    }
    let special_sizes = slots >= 13
        || rules.mcr_forms && forms::knitted_straight_sets(slots, 0).is_some();
    let (d_sp, sp_tiles) = if special_sizes {
        t.concealed_special_improving(c, slots, rules, d_std)
    } else {
        (FAR, 0)
    };
    let d = d_std.min(d_sp);
    let mut tiles = if d_sp == d { sp_tiles } else { 0 };
    if d_std == d && d < FAR {
        for (keep, x, ab, sz, ds) in &kept[..n] {
            if *ds == d {
                tiles |= standard_tiles(&parts, *keep, x, ab, sz, k, j, d);
            }
        }
    }
    (d, tiles)
}

/// The kinds whose draw lowers the standard form's distance `d` of one
/// kept set of parts (`x`, with the pair products `ab` and `sz`).
#[allow(clippy::too_many_arguments)]
fn standard_tiles(
    parts: &Parts<'_>,
    keep: u8,
    x: &[Levels; 4],
    ab: &Levels,
    sz: &Levels,
    k: usize,
    j: usize,
    d: u8,
) -> u64 {
    let bt = parts.bt;
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
        tiles |= if q < 3 {
            let row = |c: u8, e: usize| bt.suit(c, e);
            let class_at = |i: usize| bt.suit_class_at(i);
            let own = parts.class[q];
            lowering(&parts.suits[q], own, &x[q], &optimal, top, class_at, row) << (9 * q)
        } else {
            let row = |c: u8, e: usize| bt.honor(c, e);
            let class_at = |i: usize| bt.honor_class_at(i);
            let own = parts.class[3];
            lowering(&parts.honors, own, &x[3], &optimal, top, class_at, row) << 27
        };
    }
    tiles
}

/// The ranks of a part (bit per rank) whose draw lowers one of its optimal
/// lanes at some budget `0..=top`, read from the neighbour pattern's class
/// (`own`: the part's class; a draw that keeps it changes nothing).
#[inline(always)]
fn lowering<'a, const N: usize>(
    nb: &Neighbourhood<N>,
    own: u8,
    x: &Levels,
    optimal: &[u128; HONOR_TOP + 1],
    top: usize,
    class_at: impl Fn(usize) -> u8,
    row: impl Fn(u8, usize) -> &'a Distances,
) -> u64 {
    let mut ranks = 0u64;
    let mut room = nb.room();
    while room != 0 {
        let r = room.trailing_zeros() as usize;
        room &= room - 1;
        let class = class_at(nb.up(r));
        if class != own
            && (0..=top).any(|e| optimal[e] != 0 && lowers(x.at(e), row(class, e), optimal[e]))
        {
            ranks |= 1 << r;
        }
    }
    ranks
}
