//! How the declared melds leave a hand's parts ([`Leaves`]), read from the
//! hand's keys without building [`Melded`](super::Melded): the common case
//! of real play (every part its class, or one suit beside two or more
//! melds), its distance and its effective tiles. Separate because it works
//! before any part is capped, on the concealed path's reads.

use super::rows::{multi_draw_lowers, pair_capped, rests, two_suits};
use super::{binding, meld_lanes, suit_caps, suit_of, Bound, CONFIG_START};
use crate::engine::shanten::capped::{differing, doubt, lanes_up_to, Certified, REAL_LANES};
use crate::engine::shanten::combine::{
    join, lowers, nonzero_lanes, optimal_cells, optimal_lanes, product_up_to,
};
use crate::engine::shanten::concealed::{open_parts_refined, OpenParts};
use crate::engine::shanten::counts::full_mask;
use crate::hand::Hand;
use crate::table::key;
use crate::table::layout::capped_distances;
use crate::table::layout::cells::FAR;
use crate::table::layout::pair_caps::{NO_PAIR, PAIR_OF};
use crate::table::{DistanceTables, Distances};

/// How the declared melds leave the parts of a hand, for the concealed
/// path's class reads.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(in crate::engine::shanten) enum Leaves {
    /// Every part its table class: the concealed tiles answer as a
    /// concealed hand aiming at fewer melds (with every part open).
    Classes,
    /// Every part its class but suit `suit`, beside two or more melds:
    /// beside two, the pair-capped rows of their caps number `pair`
    /// ([`PAIR_OF`]); beside three ([`NO_PAIR`]), the certificate settles
    /// that suit ([`capped_class_distance`]).
    Capped { suit: usize, pair: u16 },
}

/// How the declared melds of `hand` (whose part keys are `keys`) leave
/// its parts ([`Leaves`]; `None` where more than one part is not its
/// class), and the parts (bit per part: m, p, s, z) holding them.
///
/// A part is its class beside at most one meld a suit whose `suit_caps`
/// bit is clear for the suit's concealed pattern, and beside honour melds
/// of kinds the hand does not hold (a dropped kind the hand does not hold
/// changes no cell of at most `k` melds; see
/// `class_distance` in `classes`). The
/// common case of real play, read without building [`Melded`](super::Melded); one suit
/// beside two or more melds is the next most common (beside two, its
/// pair caps number from the melds' first and last configurations).
#[inline(always)]
pub(in crate::engine::shanten) fn leaves(
    t: &DistanceTables,
    hand: &Hand,
    keys: &[key::Key; 4],
) -> (Option<Leaves>, u8) {
    let c = hand.counts();
    // Parts beside a meld, beside two or more, and those whose first meld
    // leaves the suit's pattern a capped row (bit per part; an honour
    // meld only in `seen`); whether an honour meld's kind is also held.
    // Without a branch a meld: which parts hold melds is as random as the
    // hand.
    let (mut seen, mut multi, mut capped, mut held) = (0u8, 0u8, 0u8, false);
    // Parts beside three or more melds, and each part's first and last
    // meld configurations.
    let (mut third, mut configs) = (0u8, [(0u8, 0u8); 4]);
    for m in hand.melds() {
        let i = m.tile().index();
        let part = i / 9;
        let bit = 1u8 << part;
        third |= multi & bit;
        multi |= seen & bit & 0b111;
        let first = bit & !seen & 0b111;
        seen |= bit;
        held |= (part == 3) & (c[i] > 0);
        let j = CONFIG_START[m.kind() as usize] + (i % 9) as u32;
        let caps = t.suit_caps_at(key::key_index(keys[part]));
        capped |= (caps >> j & 1) as u8 * first;
        let was = configs[part].0;
        configs[part] = (if first != 0 { j as u8 } else { was }, j as u8);
    }
    let leaves = match (held, multi, capped & !multi) {
        (false, 0, 0) => Some(Leaves::Classes),
        (false, _, 0) if multi.count_ones() == 1 => {
            let suit = multi.trailing_zeros() as usize;
            let (first, last) = configs[suit];
            let pair = match third & multi {
                0 => PAIR_OF[usize::from(first)][usize::from(last)],
                _ => NO_PAIR,
            };
            Some(Leaves::Capped { suit, pair })
        }
        _ => None,
    };
    (leaves, seen)
}

/// Distance and effective tiles (bit per kind) of a 3n+1 melded hand
/// whose melds leave its parts as [`leaves`] says, towards `k` melds and
/// a pair: the concealed path's reads and class-pair masks on the
/// concealed tiles, without building [`Melded`](super::Melded) or
/// [`ClassParts`](super::classes::ClassParts). The
/// draws the melds leave no copy of go (a kind all four of which the hand
/// and its melds hold, and a declared honour kind: its last copy makes no
/// pair or pung). A draw of a suit beside one meld is checked where the
/// pattern it makes has a capped row (its `suit_caps` bit): the plain
/// distances are exact before the draw, lower bounds after. The suit
/// beside two or more melds ([`Leaves::Capped`]) takes the certificate,
/// and the capped programme where the certificate leaves one of its
/// optimal lanes in doubt; each of its draws as [`multi_draw_lowers`]
/// finds. `None` where
/// [`leaves`] would say `None`, where that programme disagrees with the
/// table in an optimal lane, or where a capped row is missing from the
/// file (the melded path answers).
#[inline]
pub(in crate::engine::shanten) fn leaves_effective(
    t: &DistanceTables,
    hand: &Hand,
    k: usize,
) -> Option<(u8, u64)> {
    let c = hand.counts();
    let parts = OpenParts::of(t, c);
    // Each suit's caps and its last meld's configuration (NO_MELD: none),
    // and the suits (bit per suit) beside a meld, beside two or more, and
    // those whose first meld leaves the suit's pattern a capped row: as
    // [`leaves`] tells them, from the neighbourhoods' keys.
    const NO_MELD: u32 = u32::MAX;
    let (mut config, mut dropped) = ([NO_MELD; 3], 0u64);
    let mut caps = [u128::from_le_bytes([4; 16]); 3];
    let (mut seen, mut multi, mut capped) = (0u8, 0u8, 0u8);
    let mut all = *c;
    for m in hand.melds() {
        m.add_to(&mut all);
        let i = m.tile().index();
        let (part, r) = (i / 9, i % 9);
        if part == 3 {
            if c[i] > 0 {
                return None;
            }
            dropped |= 1 << i;
            continue;
        }
        let j = CONFIG_START[m.kind() as usize] + r as u32;
        caps[part] -= meld_lanes(m);
        config[part] = j;
        let bit = 1 << part;
        if seen & bit != 0 {
            multi |= bit;
            continue;
        }
        seen |= bit;
        capped |= ((t.suit_caps_at(parts.suits[part].index()) >> j & 1) as u8) << part;
    }
    let mut capped = match (multi, capped & !multi) {
        (0, 0) => usize::MAX,
        (_, 0) if multi.count_ones() == 1 => multi.trailing_zeros() as usize,
        _ => return None,
    };
    let gone = dropped | full_mask(&all);
    let part = |i: usize| -> &[u8; 9] { c[9 * i..9 * i + 9].try_into().expect("nine") };
    // Melds that bind the cells asked as one meld would, or not at all,
    // leave the suit read so (its class exact where that meld's word says).
    let caps = caps[capped.min(2)]; // unused where no suit is capped
    if capped != usize::MAX {
        match binding(caps, k) {
            Bound::Open => (config[capped], capped) = (NO_MELD, usize::MAX),
            Bound::Single(j) => {
                if t.suit_caps_at(parts.suits[capped].index()) >> j & 1 == 1 {
                    return None;
                }
                (config[capped], capped) = (u32::from(j), usize::MAX);
            }
            Bound::Pair(_) | Bound::Multi => {}
        }
    }
    let caps: [u8; 9] = caps.to_le_bytes()[..9].try_into().expect("nine");
    let doubts = match capped {
        usize::MAX => 0,
        s => doubt(t, part(s), &caps, t.suit(parts.class[s]), lanes_up_to(k)).unwrap_or(REAL_LANES),
    };
    // The capped suit's doubtful cells among its `optimal` lanes need no
    // programme where one of those lanes is certified (the distance `d`
    // is then exact: every other part is) and every other part's optimal
    // lanes are the same with the doubtful cells out of reach as at their
    // lower bounds: those are then its exact optimal lanes, and each draw
    // of the capped suit is judged by the hand's exact distance after it.
    let settled = |optimal: u128, d: u8| {
        if optimal & !doubts == 0 {
            return false;
        }
        let x = [0, 1, 2, 3].map(|i| match i {
            3 => *t.honor(parts.class[3]),
            _ => *t.suit(parts.class[i]),
        });
        let mut upper = x;
        upper[capped] = Certified {
            lower: x[capped],
            doubt: doubts,
        }
        .upper();
        let (low, high) = (rests(&x), rests(&upper));
        (0..4)
            .filter(|&j| j != capped)
            .all(|j| optimal_lanes(&x[j], &low[j], k, d) == optimal_lanes(&x[j], &high[j], k, d))
    };
    let refine = |i: usize, ranks: u16, optimal: u128, rest: &Distances, d: u8| -> Option<u16> {
        let mut ranks = ranks & !((gone >> (9 * i)) as u16);
        if i == 3 || config[i] == NO_MELD {
            return Some(ranks);
        }
        let now = t.suit(parts.class[i]);
        if i == capped && doubts & optimal != 0 && !settled(optimal, d) {
            let exact = capped_distances(part(i), &caps, true, k);
            if differing(&exact, now) & optimal != 0 {
                return None;
            }
        }
        let j = config[i] as usize;
        let mut todo = ranks;
        while todo != 0 {
            let r = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let index = parts.suits[i].up(r);
            let lowers = if i == capped {
                let next = t.suit(t.suit_class_at(index));
                // The other parts are exact: the hand's distance after
                // the draw is the suit's exact distances against them.
                let exact = |w: &[u8; 9]| join(&capped_distances(w, &caps, true, k), rest, k) < d;
                multi_draw_lowers(
                    t,
                    part(i),
                    &caps,
                    r,
                    (now, next),
                    optimal,
                    (rest, d, k),
                    exact,
                )
            } else if t.suit_caps_at(index) >> j & 1 == 1 {
                lowers(now, t.suit_capped(index, j)?, optimal)
            } else {
                true
            };
            if !lowers {
                ranks &= !(1 << r);
            }
        }
        Some(ranks)
    };
    open_parts_refined(t, &parts, k, FAR - 1, &[None; 4], 0b1111, refine)
}

/// The distance of a melded hand (part keys `keys`) whose melds leave
/// every part its class but suit `suit` ([`Leaves::Capped`]), towards `k`
/// melds and a pair. Beside two melds (pair caps `pair`), the suit's
/// pair-capped row, exact in the cells asked, joined with the rest.
/// Beside three ([`NO_PAIR`]), the concealed path's class reads give the plain
/// distance `d`, a lower bound, and the certificate ([`doubt`]) asks only
/// about the suit's cells that some allocation reaching `d` uses. One such
/// cell whose plain value no target breaking a cap needs is reached within
/// the caps, so `d` is exact (a cell of distance 0 is the suit's own
/// tiles, within the caps). Where every one may need such a target, the
/// suit's bounds, else the capped programme, work it out against the
/// other parts, which are exact: no other part needs another look.
#[inline]
pub(in crate::engine::shanten) fn capped_class_distance(
    t: &DistanceTables,
    hand: &Hand,
    keys: &[key::Key; 4],
    (suit, pair): (usize, u16),
    k: usize,
) -> u8 {
    let [a, b, s] = suit_classes(t, keys);
    let z = t.honor_class_at(key::key_index(keys[3]));
    let rest = beside_suit(t, &[a, b, s, z], suit, k);
    let x = t.suit([a, b, s][suit]);
    if pair != NO_PAIR {
        return join(&pair_capped_distances(t, hand, suit, pair, x), &rest, k);
    }
    let d = join(x, &rest, k);
    let optimal = optimal_lanes(x, &rest, k, d);
    if optimal == 0 {
        return d; // every allocation reaching d uses a cell of 0
    }
    let (v, caps) = (suit_of(hand, suit), suit_caps(hand, suit));
    match doubt(t, v, &caps, x, optimal) {
        Some(doubts) if optimal & !doubts != 0 => d,
        _ => exact_beside(t, v, &caps, x, k, d, |x| join(x, &rest, k)),
    }
}

/// The distances of suit `suit` of `hand` beside its two declared melds,
/// whose caps are pair caps number `pair`, exact in every cell of at most
/// two melds (all a hand beside two melds aims at): the file's
/// pair-capped row where it differs from the table's distances `x`.
#[inline(always)]
fn pair_capped_distances(
    t: &DistanceTables,
    hand: &Hand,
    suit: usize,
    pair: u16,
    x: &Distances,
) -> Distances {
    let v = suit_of(hand, suit);
    pair_capped(t, v, || suit_caps(hand, suit), pair).map_or(*x, |(row, _)| row)
}

/// The distance of a hand towards `k` melds and a pair whose capped suit
/// (`v` beside `caps`, table distances `x`) is in doubt in every optimal
/// lane of its plain distance `d`, `distance` that of the hand over the
/// suit's distances: the suit's doubtful lanes out of reach give an upper
/// bound, `d` where it meets it; the capped programme's distances
/// otherwise.
#[inline(never)]
fn exact_beside(
    t: &DistanceTables,
    v: &[u8; 9],
    caps: &[u8; 9],
    x: &Distances,
    k: usize,
    d: u8,
    distance: impl Fn(&Distances) -> u8,
) -> u8 {
    if let Some(doubt) = doubt(t, v, caps, x, lanes_up_to(k)) {
        if distance(&Certified { lower: *x, doubt }.upper()) == d {
            return d;
        }
    }
    distance(&capped_distances(v, caps, true, k))
}

/// The other three parts' product beside suit `suit` (0..3) of the parts
/// of classes `class`, in the lanes of at most `k` melds: the lower of the
/// two other suits times the class-pair product of the higher and the
/// honours (the product is associative and commutative, so one form
/// serves every suit, without a branch on it).
#[inline(always)]
pub(super) fn beside_suit(t: &DistanceTables, class: &[u8; 4], suit: usize, k: usize) -> Distances {
    let lower = usize::from(suit == 0);
    let higher = 2 - usize::from(suit == 2);
    product_up_to(
        t.suit(class[lower]),
        t.suit_honor_pair(class[higher], class[3]),
        k,
    )
}

/// [`capped_class_distance`] over sets of two suits kept (Sichuan's voids,
/// `keeps`; the capped suit, holding melds, is in each): the least over
/// the sets of each one's distance as a concealed hand of its two suits.
/// A min-plus product distributes over the least, so that is one product
/// of the capped suit with the least of the other suits, lane by lane.
/// It is a lower bound of the capped distance, and equal to it where some
/// allocation reaching it uses a cell of 0 of the capped suit (its own
/// tiles, within the caps) or a cell the certificate vouches for (the
/// other suits, without melds, are exact); else the capped programme
/// decides. `None` where a set keeps other parts than two suits.
#[inline]
pub(in crate::engine::shanten) fn voided_capped_classes(
    t: &DistanceTables,
    hand: &Hand,
    keys: &[key::Key; 4],
    (suit, pair): (usize, u16),
    keeps: impl Iterator<Item = u8>,
    k: usize,
) -> Option<u8> {
    let class = suit_classes(t, keys);
    let x = t.suit(class[suit]);
    let mut rest = [FAR; 16];
    for keep in keeps {
        if !two_suits(keep) || keep >> suit & 1 == 0 {
            return None;
        }
        let other = t.suit(class[(keep & !(1 << suit)).trailing_zeros() as usize]);
        rest = std::array::from_fn(|l| rest[l].min(other[l]));
    }
    if pair != NO_PAIR {
        let x = pair_capped_distances(t, hand, suit, pair, x);
        return Some(join(&x, &rest, k).min(FAR));
    }
    let d = join(x, &rest, k).min(FAR);
    let cells = optimal_cells(x, &rest, k, d);
    let optimal = cells & nonzero_lanes(u128::from_le_bytes(*x));
    if d == FAR || optimal != cells {
        return Some(d);
    }
    let (v, caps) = (suit_of(hand, suit), suit_caps(hand, suit));
    match doubt(t, v, &caps, x, optimal) {
        Some(doubts) if optimal & !doubts != 0 => Some(d),
        _ => Some(exact_beside(t, v, &caps, x, k, d, |x| join(x, &rest, k))),
    }
}

/// The table classes of the three suits of the hand whose part keys are
/// `keys`, each suit holding at most 14 tiles (a key is a dense index then).
#[inline(always)]
pub(super) fn suit_classes(t: &DistanceTables, keys: &[key::Key; 4]) -> [u8; 3] {
    [0, 1, 2].map(|i| t.suit_class_at(key::key_index(keys[i])))
}
