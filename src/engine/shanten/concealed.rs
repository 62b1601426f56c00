//! The common case on the fast path: a concealed hand with every part open
//! (no declared meld, no voided suit, no MCR forms). Only table reads and
//! fixed-size arithmetic.

use super::combine::{improving_ranks, join, optimal_lanes, product};
use super::counts::{seven_pairs, thirteen_orphans, Tally, ALL_KINDS};
use crate::rules::{Rules, SevenPairs};
use crate::table::generate::shanten::FAR;
use crate::table::key::Neighbourhood;
use crate::table::Tables;
use crate::tile::Counts;

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

/// Effective tiles of a concealed 3n+1 hand with every part open: four class
/// lookups, two pair products, the optimal cells of each part, and one
/// neighbour lookup per rank. Returns the distance and the tiles (bit per
/// kind).
pub(super) fn concealed_effective<B: AsRef<[u8]>>(
    t: &Tables<B>,
    c: &Counts,
    tally: &Tally,
    rules: &Rules,
) -> (u8, u64) {
    let n = tally.tiles as usize;
    let k = n / 3;
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
    let x = [
        t.suit(class[0]),
        t.suit(class[1]),
        t.suit(class[2]),
        t.honor(class[3]),
    ];
    let ab = t.suit_pair(class[0], class[1]);
    let sz = t.suit_honor_pair(class[2], class[3]);
    let mut d = join(ab, sz, k);
    let special = if n >= 13 {
        tally.special_distance(rules)
    } else {
        FAR
    };
    let mut tiles = 0u64;
    if special < d {
        d = special;
    } else {
        let rest = [
            product(x[1], sz),
            product(x[0], sz),
            product(ab, x[3]),
            product(ab, x[2]),
        ];
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
