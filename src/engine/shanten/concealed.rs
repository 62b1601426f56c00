//! The common case on the fast path: a concealed hand with every part open
//! (no declared meld, no voided suit, no MCR forms). Only table reads and
//! fixed-size arithmetic.

use super::combine::{improving_ranks, join, optimal_lanes, product};
use super::counts::{seven_pairs, thirteen_orphans, Tally, ALL_KINDS};
use crate::rules::{Rules, SevenPairs};
use crate::table::generate::shanten::FAR;
use crate::table::key::Neighbourhood;
use crate::table::Tables;
use crate::tile::{Counts, KINDS};

/// Distance of a concealed hand of `n` slots (its tiles, or more where
/// jokers fill the rest) with all four parts open.
#[inline]
pub(super) fn concealed_distance<B: AsRef<[u8]>>(
    t: &Tables<B>,
    c: &Counts,
    tally: &Tally,
    rules: &Rules,
    n: usize,
) -> u8 {
    let k = n / 3;
    let t = t.distance_tables();
    let a = t.suit_class(c[0..9].try_into().expect("nine"));
    let b = t.suit_class(c[9..18].try_into().expect("nine"));
    let s = t.suit_class(c[18..27].try_into().expect("nine"));
    let z = t.honor_class(c[27..34].try_into().expect("seven"));
    let mut d = join(t.suit_pair(a, b), t.suit_honor_pair(s, z), k);
    if n >= 13 {
        d = d.min(tally.special_distance(rules));
    }
    d
}

/// The distance of a concealed 3n+2 hand with every part open after each
/// discard ([`FAR`] where the kind is not held): a discard changes one
/// part, so each costs one class lookup and one pair product, the other
/// pair product kept.
pub(super) fn concealed_after<B: AsRef<[u8]>>(
    t: &Tables<B>,
    c: &Counts,
    tally: &Tally,
    rules: &Rules,
) -> [u8; KINDS] {
    let n = tally.tiles as usize - 1;
    let k = n / 3;
    let t = t.distance_tables();
    let part = |i: usize| -> [u8; 9] {
        let mut v = [0u8; 9];
        let len = if i == 3 { 7 } else { 9 };
        v[..len].copy_from_slice(&c[9 * i..9 * i + len]);
        v
    };
    let class_of = |i: usize, v: &[u8; 9]| {
        if i == 3 {
            t.honor_class(v[..7].try_into().expect("seven"))
        } else {
            t.suit_class(v)
        }
    };
    let parts = [part(0), part(1), part(2), part(3)];
    let class = [0, 1, 2, 3].map(|i| class_of(i, &parts[i]));
    let ab = t.suit_pair(class[0], class[1]);
    let sz = t.suit_honor_pair(class[2], class[3]);
    let mut after = [FAR; KINDS];
    for (j, slot) in after.iter_mut().enumerate().filter(|&(j, _)| c[j] > 0) {
        let i = (j / 9).min(3);
        let mut v = parts[i];
        v[j - 9 * i] -= 1;
        let changed = class_of(i, &v);
        let mut d = match i {
            0 => join(t.suit_pair(changed, class[1]), sz, k),
            1 => join(t.suit_pair(class[0], changed), sz, k),
            2 => join(ab, t.suit_honor_pair(changed, class[3]), k),
            _ => join(ab, t.suit_honor_pair(class[2], changed), k),
        };
        if n >= 13 {
            let mut w = *c;
            w[j] -= 1;
            d = d.min(Tally::of(&w).special_distance(rules));
        }
        *slot = d;
    }
    after
}

/// Effective tiles of a concealed 3n+1 hand with every part open: the
/// standard form ([`open_standard`]) and the counting forms. Returns the
/// distance and the tiles (bit per kind).
pub(super) fn concealed_effective<B: AsRef<[u8]>>(
    t: &Tables<B>,
    c: &Counts,
    tally: &Tally,
    rules: &Rules,
) -> (u8, u64) {
    let n = tally.tiles as usize;
    let special = if n >= 13 {
        tally.special_distance(rules)
    } else {
        FAR
    };
    let (mut d, mut tiles) = open_standard(t, c, n / 3, special);
    if special < d {
        d = special;
        tiles = 0;
    }
    if special == d {
        if rules.seven_pairs != SevenPairs::No {
            let (e, more) = seven_pairs(c, ALL_KINDS, rules.seven_pairs);
            if e == d {
                tiles |= more;
            }
        }
        if rules.thirteen_orphans {
            let (e, more) = thirteen_orphans(c);
            if e == d {
                tiles |= more;
            }
        }
    }
    (d, tiles)
}

/// The standard form of concealed counts `c` with every part open, towards
/// `k` melds and a pair: four class lookups, two pair products, the optimal
/// cells of each part, and one neighbour lookup per rank. Returns the
/// distance and, when it is at most `tiles_up_to` (other forms may do
/// better), the tiles (bit per kind) whose draw lowers it.
#[inline]
pub(super) fn open_standard<B: AsRef<[u8]>>(
    t: &Tables<B>,
    c: &Counts,
    k: usize,
    tiles_up_to: u8,
) -> (u8, u64) {
    let part = |i: usize| -> &[u8; 9] { c[9 * i..9 * i + 9].try_into().expect("nine") };
    let suits = [
        Neighbourhood::suit(part(0)),
        Neighbourhood::suit(part(1)),
        Neighbourhood::suit(part(2)),
    ];
    let honors = Neighbourhood::honor(c[27..34].try_into().expect("seven"));
    let t = t.distance_tables();
    let class = [
        t.suit_class_at(suits[0].index()),
        t.suit_class_at(suits[1].index()),
        t.suit_class_at(suits[2].index()),
        t.honor_class_at(honors.index()),
    ];
    let ab = t.suit_pair(class[0], class[1]);
    let sz = t.suit_honor_pair(class[2], class[3]);
    let d = join(ab, sz, k);
    if d > tiles_up_to {
        return (d, 0);
    }
    let x = [
        t.suit(class[0]),
        t.suit(class[1]),
        t.suit(class[2]),
        t.honor(class[3]),
    ];
    let rest = [
        product(x[1], sz),
        product(x[0], sz),
        product(ab, x[3]),
        product(ab, x[2]),
    ];
    let mut tiles = 0u64;
    for i in 0..3 {
        let optimal = optimal_lanes(x[i], &rest[i], k, d);
        if optimal != 0 {
            let next = |j| t.suit(t.suit_class_at(j));
            tiles |= (improving_ranks(&suits[i], x[i], optimal, next) as u64) << (9 * i);
        }
    }
    let optimal = optimal_lanes(x[3], &rest[3], k, d);
    if optimal != 0 {
        let next = |j| t.honor(t.honor_class_at(j));
        tiles |= (improving_ranks(&honors, x[3], optimal, next) as u64) << 27;
    }
    (d, tiles)
}
