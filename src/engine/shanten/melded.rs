//! The common case beside declared melds: melds of any kind, under every
//! rule set but three-player riichi (Sichuan over each void, MCR with the
//! knitted straight added by the caller). Table reads wherever the tables
//! are proven to give the capped answer; `None` (a suit of more than 11
//! tiles beside its meld) sends the hand to the general path.
//!
//! A declared meld leaves its suit fewer copies to aim at (`caps`), and the
//! plain distances are only lower bounds there. A suit beside **one**
//! declared meld reads its `suit_caps` word (the table generator has
//! proven, for every pattern and every single meld, whether the plain
//! distances stay exact; they do for 98.8% of the pairs) and, where they do
//! not, the capped distances the file keeps for those pairs. Two or more
//! melds in a suit often bind the few cells a hand of one meld to go asks
//! about as one pung or kong would, or not at all ([`binding`]): then they
//! are read so. **Two** that bind more are read by the caps they leave
//! ([`Bound::Pair`]): the file keeps, for every suit pattern of at most
//! eight tiles, the capped distances beside each such pair of melds where
//! they differ from the plain ones in the cells of at most two melds (all
//! such a hand asks), with a class that stands for them. Where more bind,
//! or no class stands, the suit takes the certificate of
//! the [`capped`](super::capped) module, and doubtful cells count as
//! unreachable for an upper bound: equal to the lower one, the answer is
//! exact; otherwise the capped programme works out that suit (or, for a
//! draw, that draw). The **honours** beside declared honour melds are a
//! lookup (the declared kinds drop out, see [`honors`]).

use super::capped::{differing, doubt, lanes_up_to, most_copies, Certified, REAL_LANES};
use super::combine::NOTHING;
use super::combine::{
    join, lane_bits, lanes_at_least, lowers, nonzero_lanes, optimal_cells, optimal_lanes, product,
    product_up_to,
};
use super::concealed::{known_except, open_parts_refined, open_row_refined, OpenParts, RowBefore};
use super::counts::{full_mask, held_mask};
use super::general::kinds_kept;
use crate::hand::{Hand, Meld, MeldKind};
use crate::table::key::{self, Neighbourhood};
use crate::table::layout::capped_distances;
use crate::table::layout::cells::FAR;
use crate::table::layout::pair_caps::{self, NO_PAIR, PAIR_OF};
use crate::table::{DistanceTables, Distances, RankLanes};
use crate::tile::KINDS;
use std::cell::{Cell, OnceCell};

/// The first single-meld configuration (see `config_caps`) of each meld
/// kind, in `MeldKind` order: chows, pungs, kongs (either kind).
const CONFIG_START: [u32; 4] = [0, 7, 16, 16];

/// How the declared melds bound one numbered suit.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Bound {
    /// No declared meld in the suit: the plain table.
    Open,
    /// One declared meld, by its configuration (see `config_caps`), or
    /// more that bind the cells asked as that one would ([`binding`]).
    Single(u8),
    /// Two, binding more than one meld would, in cells of at most two
    /// melds: by the caps they leave (see `PAIR_OF`), read from the file's
    /// pair-capped rows ([`pair_capped`]).
    Pair(u16),
    /// Two or more, binding more than one meld would, and not [`Bound::Pair`].
    Multi,
}

/// A hand beside declared melds: the caps they leave and how each part is
/// bound.
#[derive(Clone, Copy)]
pub(super) struct Melded {
    /// Copies of each rank of each suit a target may hold, one byte lane
    /// per rank: four minus the declared ones. (Built in registers: byte
    /// stores read back as one wide load stall the store forwarding.)
    caps: [u128; 3],
    bound: [Bound; 3],
    /// Honour kinds (bit per kind) that declared pungs or kongs took.
    dropped: u8,
    /// Melds the concealed tiles must still form.
    pub(super) k: usize,
    /// The parts (bit per part: m, p, s, z) a target may use; the tiles of
    /// the others all go (Sichuan's voided suit, honours it lacks).
    keep: u8,
}

impl Melded {
    /// The melds of `hand` (at least one; rules with every part open).
    #[inline(always)]
    pub(super) fn of(hand: &Hand) -> Melded {
        Melded::towards(hand, hand.concealed_len() / 3)
    }

    /// The melds of `hand` for targets of `k` more melds and a pair (the
    /// joker engine asks for more than the real tiles make).
    #[inline(always)]
    pub(super) fn towards(hand: &Hand, k: usize) -> Melded {
        // Melds per part and each part's configuration (the last one's:
        // only read where the part has one), a byte per part: registers,
        // not arrays, on the path every melded query takes.
        let (mut per_part, mut configs, mut firsts, mut dropped) = (0u32, 0u32, 0u32, 0u8);
        // Every part's caps (the honours' unused), each meld's copies taken
        // off its part without a branch on how many the part holds.
        let mut caps = [u128::from_le_bytes([4; 16]); 4];
        for m in hand.melds() {
            let i = m.tile().index();
            let (part, r) = (i / 9, i % 9);
            let config = CONFIG_START[m.kind() as usize] + r as u32;
            let first = u32::from(per_part >> (8 * part) & 0xff == 0);
            firsts |= (first * config) << (8 * part);
            per_part += 1 << (8 * part);
            configs = configs & !(0xff << (8 * part)) | config << (8 * part);
            caps[part] -= meld_lanes(m);
            // Widened: a suit's rank 9 would shift a u8 by its width.
            dropped |= (u32::from(part == 3) << r) as u8;
        }
        let melds = |part: usize| per_part >> (8 * part) & 0xff;
        let config = |part: usize| (configs >> (8 * part)) as u8;
        let first = |part: usize| (firsts >> (8 * part)) as u8;
        let caps = [caps[0], caps[1], caps[2]];
        let bound = |part: usize| match melds(part) {
            0 => Bound::Open,
            1 => Bound::Single(config(part)),
            n => bound_of_many(caps[part], k, n, (first(part), config(part))),
        };
        Melded {
            caps,
            bound: [bound(0), bound(1), bound(2)],
            dropped,
            k,
            keep: 0b1111,
        }
    }

    /// The kinds whose copies the melds leave ([`CapMasks`]): each suit's
    /// caps as byte lanes, compared all at once ([`lanes_at_least`]).
    #[inline]
    pub(super) fn cap_masks(&self) -> CapMasks {
        let at_least =
            |caps: u128, n: u8| u64::from(lane_bits(lanes_at_least(caps, n) >> 7) & 0x1ff);
        let (mut gone, mut two, mut three) = (0u64, 0u64, 0u64);
        for (i, &caps) in self.caps.iter().enumerate() {
            gone |= (!at_least(caps, 1) & 0x1ff) << (9 * i);
            two |= at_least(caps, 2) << (9 * i);
            three |= at_least(caps, 3) << (9 * i);
        }
        let honors = u64::from(!self.dropped & 0x7f) << 27;
        CapMasks {
            gone,
            two: two | honors,
            three: three | honors,
        }
    }

    /// The caps of suit `i`'s ranks.
    #[inline(always)]
    fn caps(&self, i: usize) -> [u8; 9] {
        let lanes = self.caps[i].to_le_bytes();
        lanes[..9].try_into().expect("nine")
    }

    /// Whether all four parts are kept and the honours keep more kinds
    /// than the melds to go (a cell of `k` melds then needs no kind the
    /// melds dropped): the concealed path's four-part reads stand.
    #[inline(always)]
    fn all_kept(&self) -> bool {
        self.keep == 0b1111 && 7 - self.dropped.count_ones() as usize > self.k
    }

    /// The same melds with only the parts of `keep` (bit per part) open to
    /// a target.
    #[inline]
    pub(super) fn keeping(self, keep: u8) -> Melded {
        Melded { keep, ..self }
    }
}

/// The kinds (bit per kind) of which declared melds leave no copy, at
/// least two and at least three (a declared honour pung or kong leaves at
/// most one): what the knitted straight beside a meld asks of the caps.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct CapMasks {
    pub gone: u64,
    pub two: u64,
    pub three: u64,
}

impl CapMasks {
    /// The masks beside one declared meld `m`, without the caps of
    /// [`Melded`]: a chow leaves three copies of its kinds, a pung one and
    /// a kong none (an honour kong counts as left one, as in
    /// [`Melded::cap_masks`]).
    #[inline(always)]
    pub(super) fn beside(m: &Meld) -> CapMasks {
        let all = (1u64 << KINDS) - 1;
        let i = m.tile().index();
        let bit = 1u64 << i;
        let (gone, short) = match m.kind() {
            MeldKind::Chow => (0, 0),
            MeldKind::Pung => (0, bit),
            MeldKind::Kong | MeldKind::ConcealedKong => (bit & SUIT_KINDS, bit),
        };
        CapMasks {
            gone,
            two: all & !short,
            three: all & !short,
        }
    }
}

/// The numbered kinds, a bit each.
const SUIT_KINDS: u64 = (1 << 27) - 1;

/// How the declared melds leave the parts of a hand, for the concealed
/// path's class reads.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Leaves {
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
/// changes no cell of at most `k` melds; see [`class_distance`]). The
/// common case of real play, read without building [`Melded`]; one suit
/// beside two or more melds is the next most common (beside two, its
/// pair caps number from the melds' first and last configurations).
#[inline(always)]
pub(super) fn leaves(
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
/// concealed tiles, without building [`Melded`] or [`ClassParts`]. The
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
pub(super) fn leaves_effective(t: &DistanceTables, hand: &Hand, k: usize) -> Option<(u8, u64)> {
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

/// Whether drawing rank `r` into suit `v` beside two or more melds
/// (`caps`) lowers the hand's exact distance `d`: `now` the suit's table
/// distances (lower bounds) and `optimal` the lanes where they reach `d`,
/// `next` the table's after the draw (lower bounds), `rest` the other
/// parts' product (exact), `k` the melds aimed at. Where the certificate
/// clears the lanes the draw lowers, it helps.
/// Otherwise the hand's distance after the draw with the doubtful cells
/// out of reach (drops: it helps) and at their lower bounds (does not
/// drop: it does not); only between, `exact`: whether the capped
/// programme's distances of the suit after the draw lower the hand.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn multi_draw_lowers(
    t: &DistanceTables,
    v: &[u8; 9],
    caps: &[u8; 9],
    r: usize,
    (now, next): (&Distances, &Distances),
    optimal: u128,
    (rest, d, k): (&Distances, u8, usize),
    exact: impl FnOnce(&[u8; 9]) -> bool,
) -> bool {
    let mut w = *v;
    w[r] += 1;
    let asked = optimal & differing(now, next);
    if doubt(t, &w, caps, next, asked) == Some(0) {
        return true;
    }
    let doubt = doubt(t, &w, caps, next, lanes_up_to(k)).unwrap_or(REAL_LANES);
    let upper = Certified {
        lower: *next,
        doubt,
    }
    .upper();
    if join(&upper, rest, k) < d {
        true
    } else if join(next, rest, k) >= d {
        false
    } else {
        exact(&w)
    }
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
pub(super) fn capped_class_distance(
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
fn beside_suit(t: &DistanceTables, class: &[u8; 4], suit: usize, k: usize) -> Distances {
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
pub(super) fn voided_capped_classes(
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
fn suit_classes(t: &DistanceTables, keys: &[key::Key; 4]) -> [u8; 3] {
    [0, 1, 2].map(|i| t.suit_class_at(key::key_index(keys[i])))
}

/// The concealed counts of numbered suit `suit` of `hand`.
#[inline(always)]
fn suit_of(hand: &Hand, suit: usize) -> &[u8; 9] {
    hand.counts()[9 * suit..9 * suit + 9]
        .try_into()
        .expect("nine")
}

/// The copies of each rank of numbered suit `suit` a target may hold
/// beside the declared melds of `hand`: four less those in its melds.
#[inline(always)]
fn suit_caps(hand: &Hand, suit: usize) -> [u8; 9] {
    let mut caps = u128::from_le_bytes([4; 16]);
    for m in hand.melds() {
        let i = m.tile().index();
        // Without a branch a meld: which suit it is in is as random as the hand.
        let here = u128::from(i / 9 == suit).wrapping_neg();
        caps -= meld_lanes(m) & here;
    }
    caps.to_le_bytes()[..9].try_into().expect("nine")
}

/// How caps left by two or more melds (`caps`, a byte lane per rank) bind
/// the cells of at most `k` melds. A target there holds at most `k + 2`
/// copies of a rank (a pair, a pung, a pung and a chow: four at most), so
/// only ranks capped below that bind; where none does, the suit is open,
/// and where one rank alone binds at 0 or 1 copies, its distances in
/// those cells are a kong's or a pung's of that rank ([`Bound::Single`]).
#[inline]
fn binding(caps: u128, k: usize) -> Bound {
    if k >= 2 {
        return Bound::Multi;
    }
    let most = most_copies(lanes_up_to(k));
    let lanes = caps.to_le_bytes();
    let mut binds = (0..9).filter(|&r| lanes[r] < most);
    match (binds.next(), binds.next()) {
        (None, _) => Bound::Open,
        (Some(r), None) if lanes[r] <= 1 => {
            let kind = if lanes[r] == 0 {
                MeldKind::Kong
            } else {
                MeldKind::Pung
            };
            Bound::Single((CONFIG_START[kind as usize] + r as u32) as u8)
        }
        _ => Bound::Multi,
    }
}

/// How `melds` (two or more) declared melds in a suit bound it, the
/// first and last of them by configuration (`configs`), leaving `caps`:
/// [`binding`], and [`Bound::Pair`] where two bind more than one would in
/// the cells of at most `k` melds (at most two).
#[inline(never)]
fn bound_of_many(caps: u128, k: usize, melds: u32, (first, last): (u8, u8)) -> Bound {
    match binding(caps, k) {
        Bound::Multi if melds == 2 && k <= pair_caps::MOST_MELDS => {
            match PAIR_OF[usize::from(first)][usize::from(last)] {
                NO_PAIR => Bound::Multi,
                pair => Bound::Pair(pair),
            }
        }
        bound => bound,
    }
}

/// Declared copies by meld kind (`MeldKind` order), a byte lane per rank
/// from the meld's first.
const COPIES: [u128; 4] = [0x01_0101, 3, 4, 4];

/// [`COPIES`] of each meld kind shifted to each first rank: a read where
/// the shift of a `u128` by a rank takes a dozen instructions.
const MELD_LANES: [[u128; 9]; 4] = {
    let mut lanes = [[0; 9]; 4];
    let mut kind = 0;
    while kind < 4 {
        let mut r = 0;
        while r < 9 {
            lanes[kind][r] = COPIES[kind] << (8 * r);
            r += 1;
        }
        kind += 1;
    }
    lanes
};

/// The declared copies of meld `m` in its part's byte lanes (rank `r` in
/// lane `r`).
#[inline(always)]
fn meld_lanes(m: &Meld) -> u128 {
    MELD_LANES[m.kind() as usize][m.tile().index() % 9]
}

/// The four parts of a melded hand: neighbourhoods, and distances proven
/// exact in every cell of at most `k` melds (honours with the declared
/// kinds taken out).
#[derive(Clone, Copy)]
pub(super) struct MeldedParts {
    suits: [Neighbourhood<9>; 3],
    honors: Neighbourhood<7>,
    x: [Distances; 4],
    /// Ranks (bit per rank) of each part that may take one more copy.
    room: [u16; 4],
    /// Cells (0xff lanes) of suits beside two or more melds whose capped
    /// distances are only bounded: `x` holds [`FAR`] there.
    doubts: [u128; 3],
    /// The table's distances (lower bounds) where some cell is doubtful.
    lower: Option<[Distances; 4]>,
}

impl MeldedParts {
    /// The parts of concealed counts `c` beside `m`. A suit beside two or
    /// more melds may leave cells only bounded (`doubts`) unless `resolve`
    /// asks for them to be worked out. `None` in the cases no table covers
    /// (a suit of more than 11 tiles beside its meld: the general path).
    #[inline]
    pub(super) fn of(
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
    pub(super) fn without(
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
    fn dropping(&self, gone: u8) -> MeldedParts {
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
    pub(super) fn distance(&self, k: usize) -> u8 {
        distance_of(&self.x, k)
    }
}

/// Suit `v` beside the melds that bound it, as [`suit_distances`] reads it.
struct SuitRead {
    /// The distances, exact outside `doubts`.
    x: Distances,
    /// Doubtful lanes (0xff each; only beside more melds than the file's
    /// capped rows cover).
    doubts: u128,
    /// A class whose distances are the exact ones in every cell asked
    /// outside `class_doubts`, lower bounds there: the class-pair tables
    /// stand for the suit (the table's class, or the one the file gives
    /// for a capped row).
    class: u8,
    /// Lanes (0xff each) where `class` gives only a lower bound: the
    /// doubts, or where a capped row no class stands for differs from the
    /// table's class.
    class_doubts: u128,
}

impl SuitRead {
    /// Distances `x` exact in every cell asked, and a class equal to them.
    #[inline(always)]
    fn exact(x: Distances, class: u8) -> SuitRead {
        SuitRead {
            x,
            doubts: 0,
            class,
            class_doubts: 0,
        }
    }

    /// A capped row no class stands for, exact in the cells of at most
    /// `k` melds: for the class path, the table's class (`plain`) with
    /// the cells where it differs from the row in doubt.
    #[inline(never)]
    fn unclassed(row: Distances, (plain, class): (&Distances, u8), k: usize) -> SuitRead {
        SuitRead {
            x: row,
            doubts: 0,
            class,
            class_doubts: differing(plain, &row) & lanes_up_to(k),
        }
    }
}

/// The distances of suit `v` (dense index `index`) beside the melds that
/// bound it (`caps`, `bound`) in the cells of at most `k` melds: the
/// table's, the file's capped row beside one meld where its word says so,
/// the certificate beside more. `None` where no table covers the suit.
#[inline(always)]
fn suit_distances(
    t: &DistanceTables,
    v: &[u8; 9],
    index: usize,
    caps: &[u8; 9],
    bound: Bound,
    k: usize,
) -> Option<SuitRead> {
    let class = t.suit_class_at(index);
    let x = *t.suit(class);
    Some(match bound {
        Bound::Open => SuitRead::exact(x, class),
        Bound::Single(j) if t.suit_caps_at(index) >> j & 1 == 1 => {
            match t.suit_capped_read(index, j as usize)? {
                (row, Some(capped)) => SuitRead::exact(*row, capped),
                (row, None) => SuitRead::unclassed(*row, (&x, class), k),
            }
        }
        Bound::Single(_) => SuitRead::exact(x, class),
        Bound::Pair(n) => pair_read(t, v, caps, n, (&x, class), k),
        Bound::Multi => {
            let doubts = doubt(t, v, caps, &x, lanes_up_to(k)).unwrap_or(REAL_LANES);
            SuitRead {
                x,
                doubts,
                class,
                class_doubts: doubts,
            }
        }
    })
}

/// The capped distances of suit `v` beside two declared melds leaving
/// pair caps `n` (`caps`), and the class that stands for them, where they
/// differ from the table's in the cells of at most two melds; `None` where
/// the table's are exact there. A suit beside two melds holds at most
/// eight tiles, the file's patterns; a larger one (never a hand's own)
/// takes the capped programme, without a class.
#[inline(always)]
fn pair_capped(
    t: &DistanceTables,
    v: &[u8; 9],
    caps: impl FnOnce() -> [u8; 9],
    n: u16,
) -> Option<(Distances, Option<u8>)> {
    if usize::from(v.iter().sum::<u8>()) > key::FEW_TILES {
        return Some((
            capped_distances(v, &caps(), true, pair_caps::MOST_MELDS),
            None,
        ));
    }
    let (row, class) = t.suit_pair_capped(key::few_suit_index(v), usize::from(n))?;
    Some((*row, class))
}

/// [`suit_distances`] beside two melds leaving pair caps `n` (`caps`) of
/// suit `v` whose table distances and class are `plain`: the file's
/// capped row and its class where they differ, else the table's.
/// Out of line: the common reads stay small.
#[inline(never)]
fn pair_read(
    t: &DistanceTables,
    v: &[u8; 9],
    caps: &[u8; 9],
    n: u16,
    (x, class): (&Distances, u8),
    k: usize,
) -> SuitRead {
    match pair_capped(t, v, || *caps, n) {
        None => SuitRead::exact(*x, class),
        Some((row, Some(capped))) => SuitRead::exact(row, capped),
        Some((row, None)) => SuitRead::unclassed(row, (x, class), k),
    }
}

/// Whether the capped distances of suit `v` beside melds leaving `caps`
/// (towards `k` melds) equal `now`, its class's, in its `optimal` lanes;
/// worked out once where `worked` keeps them for a discard table's rows.
#[inline(never)]
fn exact_where(
    v: &[u8; 9],
    caps: &[u8; 9],
    k: usize,
    (now, optimal): (&Distances, u128),
    worked: Option<&Worked>,
) -> bool {
    let work = || capped_distances(v, caps, true, k);
    let exact = worked.map_or_else(work, |w| *w.exact.get_or_init(work));
    differing(&exact, now) & optimal == 0
}

/// Of `ranks` (bit per rank), whose draws into a suit (neighbourhood
/// `suit`) beside one meld of configuration `j` lower one of its `optimal`
/// lanes by the table's distances, those that lower them from `now` (its
/// exact distances there): the capped row after the draw decides where
/// the draw's pattern has one. `None` where a row is missing.
#[inline(always)]
fn single_draws(
    t: &DistanceTables,
    suit: &Neighbourhood<9>,
    j: u8,
    ranks: u16,
    (now, optimal): (&Distances, u128),
) -> Option<u16> {
    ranks_where(ranks, |r| {
        let index = suit.up(r);
        if t.suit_caps_at(index) >> j & 1 == 0 {
            return Some(true);
        }
        Some(lowers(now, t.suit_capped(index, j as usize)?, optimal))
    })
}

/// [`single_draws`] beside two melds leaving pair caps `n` (`caps`) of
/// suit `v`: the file's pair-capped row after the draw decides where it
/// has one. Out of line: the common refinement stays small.
#[inline(never)]
fn pair_draws(
    t: &DistanceTables,
    v: &[u8; 9],
    caps: &[u8; 9],
    n: u16,
    ranks: u16,
    (now, optimal): (&Distances, u128),
) -> u16 {
    let kept = ranks_where(ranks, |r| {
        let mut w = *v;
        w[r] += 1;
        Some(pair_capped(t, &w, || *caps, n).is_none_or(|(next, _)| lowers(now, &next, optimal)))
    });
    kept.unwrap_or(ranks) // never `None`: each draw is answered
}

/// [`single_draws`] beside melds that bind more than two would (`suit`:
/// its counts, caps and neighbourhood): each draw as [`multi_draw_lowers`]
/// finds, against the other parts' product `rest` and the distance `d`
/// towards `k` melds; `worked` keeps the capped programme's distances
/// after each draw for a discard table's rows.
#[inline(never)]
fn multi_draws(
    t: &DistanceTables,
    (v, caps, suit): (&[u8; 9], &[u8; 9], &Neighbourhood<9>),
    ranks: u16,
    (now, optimal): (&Distances, u128),
    (rest, d, k): (&Distances, u8, usize),
    worked: Option<&Worked>,
) -> u16 {
    let kept = ranks_where(ranks, |r| {
        let next = t.suit(t.suit_class_at(suit.up(r)));
        let exact = |w: &[u8; 9]| {
            let work = || capped_distances(w, caps, true, k);
            let next = worked.map_or_else(work, |c| *c.up[r].get_or_init(work));
            lowers(now, &next, optimal)
        };
        Some(multi_draw_lowers(
            t,
            v,
            caps,
            r,
            (now, next),
            optimal,
            (rest, d, k),
            exact,
        ))
    });
    kept.unwrap_or(ranks) // never `None`: each draw is answered
}

/// Of `ranks` (bit per rank), those `keep` keeps; `None` where it gives up
/// on one.
#[inline(always)]
fn ranks_where(mut ranks: u16, mut keep: impl FnMut(usize) -> Option<bool>) -> Option<u16> {
    let mut todo = ranks;
    while todo != 0 {
        let r = todo.trailing_zeros() as usize;
        todo &= todo - 1;
        if !keep(r)? {
            ranks &= !(1 << r);
        }
    }
    Some(ranks)
}

/// Upper bounds of the parts' distances: the suits' doubtful lanes as
/// unreachable.
#[inline(always)]
fn upper(x: &[Distances; 4], doubts: &[u128; 3]) -> [Distances; 4] {
    let mut y = *x;
    for (y, &doubt) in y.iter_mut().zip(doubts) {
        *y = Certified { lower: *y, doubt }.upper();
    }
    y
}

/// The hand's distance over four parts' distances.
#[inline(always)]
fn distance_of(x: &[Distances; 4], k: usize) -> u8 {
    join(&product(&x[0], &x[1]), &product(&x[2], &x[3]), k)
}

/// Ranks (bit per rank) where `v` holds fewer copies than `caps` (never
/// more): the lanes where they differ.
#[inline(always)]
fn below(v: &[u8; 9], caps: &[u8; 9]) -> u16 {
    let lanes = |x: &[u8; 9]| {
        let mut bytes = [0u8; 16];
        bytes[..9].copy_from_slice(x);
        u128::from_le_bytes(bytes)
    };
    lane_bits(nonzero_lanes(lanes(v) ^ lanes(caps)))
}

/// The honours beside declared honour melds (kinds `dropped`): a declared
/// pung or kong leaves at most one copy of its kind, which no pair or pung
/// can use, so the kind drops out (its tile wasted). Honours have no chows,
/// so the kept kinds are interchangeable: the table's best target for the
/// pattern without the dropped kinds uses `m + p` kinds, and where it used
/// an empty dropped kind an unused kept one does as well, while there are
/// `m + p` kept kinds; cells needing more are out of reach. Returns the
/// neighbourhood of the kept pattern, its distances and the kinds a draw
/// can change.
#[inline(always)]
fn honors(t: &DistanceTables, z: &[u8; 7], dropped: u8) -> (Neighbourhood<7>, Distances, u16) {
    let (n, room) = kept_honor_part(z, dropped);
    (n, honor_distances(t, n.index(), dropped), room)
}

/// The neighbourhood of the honours `z` without the `dropped` kinds, and
/// the kinds a draw may add to.
#[inline(always)]
fn kept_honor_part(z: &[u8; 7], dropped: u8) -> (Neighbourhood<7>, u16) {
    let n = Neighbourhood::honor(&kept_honors(z, dropped));
    (n, n.room() & !u16::from(dropped))
}

/// Suit `i` of `c` beside `m`: its neighbourhood, its distances as
/// [`suit_distances`] reads them, and the ranks a draw may add to.
#[inline(always)]
fn read_suit(
    t: &DistanceTables,
    c: &[u8; KINDS],
    m: &Melded,
    i: usize,
) -> Option<(Neighbourhood<9>, SuitRead, u16)> {
    let v: &[u8; 9] = c[9 * i..9 * i + 9].try_into().expect("nine");
    let n = Neighbourhood::suit(v);
    if m.bound[i] == Bound::Open {
        // No meld in the suit: caps of four, so room wherever the
        // neighbourhood has it, without the caps' compare.
        let read = suit_distances(t, v, n.index(), &[4; 9], Bound::Open, m.k)?;
        return Some((n, read, n.room()));
    }
    let caps = m.caps(i);
    let read = suit_distances(t, v, n.index(), &caps, m.bound[i], m.k)?;
    Some((n, read, n.room() & below(v, &caps)))
}

/// The honour counts without the `dropped` kinds.
#[inline(always)]
fn kept_honors(z: &[u8; 7], dropped: u8) -> [u8; 7] {
    let mut w = *z;
    for (r, x) in w.iter_mut().enumerate() {
        if dropped >> r & 1 == 1 {
            *x = 0;
        }
    }
    w
}

/// The distances of the kept honour pattern with dense index `index`,
/// cells needing more kinds than are kept out of reach (see [`honors`]).
#[inline(always)]
fn honor_distances(t: &DistanceTables, index: usize, dropped: u8) -> Distances {
    let mut d = *t.honor(t.honor_class_at(index));
    if dropped != 0 {
        let kept = 7 - dropped.count_ones() as usize;
        for p in 0..2 {
            for m in 0..5 {
                if m + p > kept {
                    d[8 * p + m] = FAR;
                }
            }
        }
    }
    d
}

/// A melded hand's distance over the parts `m` keeps: class lookups and
/// the `suit_caps` words, no neighbourhoods (see [`MeldedParts`] for the
/// draws). `None` where no table covers a suit.
#[inline]
pub(super) fn melded_distance(t: &DistanceTables, c: &[u8; KINDS], m: &Melded) -> Option<u8> {
    let mut x = [NOTHING; 4];
    let mut doubts = [0u128; 3];
    let mut class = [0u8; 4];
    // Suits (bit per suit) whose class's distances are not the answer.
    let mut odd = 0u8;
    // Every part holds at most 14 tiles: the keys are dense indexes.
    let keys = key::hand_keys(c);
    for i in (0..3).filter(|&i| m.keep >> i & 1 == 1) {
        let v: &[u8; 9] = c[9 * i..9 * i + 9].try_into().expect("nine");
        let index = key::key_index(keys[i]);
        let read = suit_distances(t, v, index, &m.caps(i), m.bound[i], m.k)?;
        (x[i], doubts[i]) = (read.x, read.doubts);
        match read.class_doubts {
            0 => class[i] = read.class,
            _ => odd |= 1 << i,
        }
    }
    let honors = (m.keep >> 3 & 1 == 1).then(|| {
        if m.dropped == 0 {
            key::key_index(keys[3])
        } else {
            key::honor_index(&kept_honors(
                c[27..34].try_into().expect("seven"),
                m.dropped,
            ))
        }
    });
    if let Some(index) = honors {
        class[3] = t.honor_class_at(index);
    }
    if odd.count_ones() <= 1 {
        let i = odd.trailing_zeros() as usize;
        let part = (odd != 0).then(|| (i, &x[i], doubts[i]));
        if let Some(d) = class_distance(t, &class, part, m) {
            return Some(d);
        }
    }
    // The class path reads no honour distances: they are read here.
    if let Some(index) = honors {
        x[3] = honor_distances(t, index, m.dropped);
    }
    let d = distance_of(&x, m.k);
    if doubts.iter().all(|&d| d == 0) {
        return Some(d);
    }
    // Doubtful cells as unreachable give an upper bound; where it meets
    // the lower one, the distance is exact.
    if distance_of(&upper(&x, &doubts), m.k) == d {
        return Some(d);
    }
    Some(MeldedParts::of(t, c, m, true)?.distance(m.k))
}

/// [`melded_distance`] from the class-pair tables, as for a concealed hand
/// aiming at `k` melds, where at most one suit (`odd`: the suit, its
/// distances and its doubtful cells) is not its class: that suit's
/// distances against the others' pair product, its doubtful cells as
/// unreachable for an upper bound. `None` where the bounds do not meet,
/// or the parts kept are not all four or two suits (Sichuan beside its
/// void).
///
/// The honours' cells masked in `honor_distances` need more kinds than
/// are kept, which no cell of `k` melds does (each declared honour meld is
/// one meld fewer to form): the class stands for them.
#[inline(always)]
fn class_distance(
    t: &DistanceTables,
    class: &[u8; 4],
    odd: Option<(usize, &Distances, u128)>,
    m: &Melded,
) -> Option<u8> {
    let k = m.k;
    let all = m.all_kept();
    let two = two_suits(m.keep);
    let (a, b, s, z) = (class[0], class[1], class[2], class[3]);
    let Some((i, x, doubt)) = odd else {
        return match () {
            _ if all => Some(join(t.suit_pair(a, b), t.suit_honor_pair(s, z), k)),
            _ if two => Some(two_suits_distance(t, class, m.keep, k)),
            _ => None,
        };
    };
    let rest = match i {
        _ if two => *t.suit(class[(m.keep & !(1 << i)).trailing_zeros() as usize]),
        0..=2 if all => beside_suit(t, class, i, k),
        _ => return None,
    };
    let d = join(x, &rest, k);
    if doubt == 0 {
        return Some(d);
    }
    let upper = Certified { lower: *x, doubt }.upper();
    (join(&upper, &rest, k) == d).then_some(d)
}
/// The parts of a melded hand where each is its table class (see
/// [`class_distance`]; all four parts kept): what the concealed path reads,
/// with the suits' doubtful cells and the ranks the caps leave room for.
#[derive(Clone, Copy)]
pub(super) struct ClassParts {
    parts: OpenParts,
    /// Cells (0xff lanes) where a suit's class gives only a lower bound
    /// (the honours' class is always exact).
    doubts: [u128; 3],
    /// Ranks (bit per rank) of each part a draw may add to.
    room: [u16; 4],
}

impl ClassParts {
    /// The parts of `c` beside `m`; `None` where no table covers a suit,
    /// or the parts kept are neither all four nor two suits (Sichuan
    /// beside its void). A capped row no class stands for reads as the
    /// table's class with the cells where they differ in doubt. The parts
    /// not kept are left empty.
    #[inline(always)]
    pub(super) fn of(t: &DistanceTables, c: &[u8; KINDS], m: &Melded) -> Option<ClassParts> {
        let all = m.all_kept();
        if !all && !two_suits(m.keep) {
            return None;
        }
        ClassParts::read(t, c, m, if all { 0b1111 } else { m.keep })
    }

    /// The parts of `parts` (bit per part) of `c` beside `m`, the others
    /// left empty; `None` where no table covers a suit.
    #[inline(always)]
    fn read(t: &DistanceTables, c: &[u8; KINDS], m: &Melded, parts: u8) -> Option<ClassParts> {
        let mut p = ClassParts {
            parts: OpenParts {
                suits: [Neighbourhood::suit(&[0; 9]); 3],
                honors: Neighbourhood::honor(&[0; 7]),
                class: [0; 4],
                capped: 0,
            },
            doubts: [0; 3],
            room: [0; 4],
        };
        for i in (0..3).filter(|&i| parts >> i & 1 == 1) {
            p.set_suit(t, c, m, i)?;
        }
        if parts >> 3 & 1 == 1 {
            p.set_honors(t, c, m);
        }
        Some(p)
    }

    /// Read suit `i` of `c` again.
    #[inline(always)]
    fn set_suit(
        &mut self,
        t: &DistanceTables,
        c: &[u8; KINDS],
        m: &Melded,
        i: usize,
    ) -> Option<()> {
        let (n, read, room) = read_suit(t, c, m, i)?;
        let capped = read.class != t.suit_class_at(n.index());
        self.parts.capped = self.parts.capped & !(1 << i) | u8::from(capped) << i;
        self.parts.suits[i] = n;
        self.parts.class[i] = read.class;
        self.doubts[i] = read.class_doubts;
        self.room[i] = room;
        Some(())
    }

    /// Read the honours of `c` again (the declared kinds dropped).
    #[inline(always)]
    fn set_honors(&mut self, t: &DistanceTables, c: &[u8; KINDS], m: &Melded) {
        let (n, room) = kept_honor_part(c[27..34].try_into().expect("seven"), m.dropped);
        self.parts.honors = n;
        self.parts.class[3] = t.honor_class_at(n.index());
        self.room[3] = room;
    }

    /// The same parts after one tile of kind `j` goes (`c`, the counts
    /// after), read again in place: the parts are too large to return
    /// without a copy.
    #[inline(always)]
    fn set_without(
        &mut self,
        t: &DistanceTables,
        c: &[u8; KINDS],
        m: &Melded,
        j: usize,
    ) -> Option<()> {
        match j / 9 {
            3 => self.set_honors(t, c, m),
            i => self.set_suit(t, c, m, i)?,
        }
        Some(())
    }

    /// The distance after one tile of kind `j` goes (`c`, the counts
    /// after) by the class-pair products: one part read again, by class
    /// alone (a suit's index from its neighbourhood, not its counts).
    /// `None` where they do not settle it.
    #[inline(always)]
    fn after(&self, t: &DistanceTables, c: &[u8; KINDS], m: &Melded, j: usize) -> Option<u8> {
        let mut class = self.parts.class;
        let mut doubts = self.doubts;
        let i = j / 9;
        if i == 3 {
            let z = kept_honors(c[27..34].try_into().expect("seven"), m.dropped);
            class[3] = t.honor_class_at(key::honor_index(&z));
        } else {
            let v: &[u8; 9] = c[9 * i..9 * i + 9].try_into().expect("nine");
            // The suit's index less the tile: two reads from its neighbourhood.
            let index = self.parts.suits[i].down_each(1 << (j % 9));
            let read = suit_distances(t, v, index, &m.caps(i), m.bound[i], m.k)?;
            (class[i], doubts[i]) = (read.class, read.class_doubts);
        }
        distance_of_classes(t, &class, &doubts, m)
    }

    /// [`ClassParts::after`] where all four parts are kept and no suit has
    /// a doubtful cell (`pairs`, the suits' pair product and the third
    /// suit's with the honours): as the concealed path, one part's class
    /// read again from its neighbourhood and one join. `None` where the
    /// changed suit's new pattern has a capped row beside its meld, or the
    /// suit is beside more (the general read answers those).
    #[inline(always)]
    fn after_open(
        &self,
        t: &DistanceTables,
        (c, m): (&[u8; KINDS], &Melded),
        (ab, sz): (&Distances, &Distances),
        j: usize,
    ) -> Option<u8> {
        let (i, r, k) = (j / 9, j % 9, m.k);
        let class = &self.parts.class;
        if i == 3 {
            // A declared kind's tile leaves the kept honours as they were.
            if m.dropped >> r & 1 == 1 {
                return Some(join(ab, sz, k));
            }
            let changed = t.honor_class_at(self.parts.honors.down_each(1 << r));
            return Some(join(ab, t.suit_honor_pair(class[2], changed), k));
        }
        let index = self.parts.suits[i].down_each(1 << r);
        let changed = match m.bound[i] {
            Bound::Open => t.suit_class_at(index),
            Bound::Single(meld) if t.suit_caps_at(index) >> meld & 1 == 0 => t.suit_class_at(index),
            bound => capped_class_without(t, (c, m), j, index, bound)?,
        };
        Some(match i {
            // The pair table is symmetric: the other suit of the pair.
            0 | 1 => join(t.suit_pair(changed, class[i ^ 1]), sz, k),
            _ => join(ab, t.suit_honor_pair(changed, class[3]), k),
        })
    }

    /// The hand's distance: the class-pair products ([`class_distance`]),
    /// else [`melded_distance`].
    #[inline(always)]
    fn distance(&self, t: &DistanceTables, c: &[u8; KINDS], m: &Melded) -> Option<u8> {
        distance_of_classes(t, &self.parts.class, &self.doubts, m)
            .or_else(|| melded_distance(t, c, m))
    }
}

/// The class that stands for suit `j / 9` of `c` less a tile of kind `j`
/// (dense index `index`) beside `m`'s melds that bound it as `bound`,
/// where its pattern has a capped row (one meld) or pair caps (two):
/// the class the file gives the row; `None` where it gives none, or more
/// melds bind. Out of line: most discards read the class alone.
#[inline(never)]
fn capped_class_without(
    t: &DistanceTables,
    (c, m): (&[u8; KINDS], &Melded),
    j: usize,
    index: usize,
    bound: Bound,
) -> Option<u8> {
    let i = j / 9;
    match bound {
        Bound::Single(meld) => t.suit_capped_read(index, usize::from(meld))?.1,
        Bound::Pair(n) => {
            let mut v: [u8; 9] = c[9 * i..9 * i + 9].try_into().expect("nine");
            v[j % 9] -= 1;
            match pair_capped(t, &v, || m.caps(i), n) {
                None => Some(t.suit_class_at(index)),
                Some((_, class)) => class,
            }
        }
        Bound::Open | Bound::Multi => None,
    }
}

/// [`class_distance`] of parts given by class, lower bounds in the
/// `doubts` lanes of the suits.
#[inline(always)]
fn distance_of_classes(
    t: &DistanceTables,
    class: &[u8; 4],
    doubts: &[u128; 3],
    m: &Melded,
) -> Option<u8> {
    // The suits in doubt, without a branch a suit.
    let odd = (0..3).fold(0u8, |odd, i| odd | u8::from(doubts[i] != 0) << i);
    let i = odd.trailing_zeros() as usize;
    match odd.count_ones() {
        0 => class_distance(t, class, None, m),
        1 => class_distance(t, class, Some((i, t.suit(class[i]), doubts[i])), m),
        _ => None,
    }
}

/// Distance and effective tiles of a 3n+1 melded hand `c` at concealed
/// speed from its [`ClassParts`]: the concealed path's pair products and
/// class-pair masks (`known`, where given, the lanes each rank of part `i`
/// lowers), then per part the draws the caps forbid taken out, and each
/// remaining draw of a suit beside melds checked where its pattern's class
/// may not be exact there (the `suit_caps` word beside one meld, the
/// certificate and bounds beside more). A discard table's `row` (the part
/// its discard changed, and the row before) keeps what the row before
/// shares ([`open_row_refined`]). `None` where that does not settle it.
#[inline(always)]
fn class_draws(
    t: &DistanceTables,
    c: &[u8; KINDS],
    m: &Melded,
    p: &ClassParts,
    known: &[Option<&RankLanes>; 4],
    cache: &[Option<&Worked>; 3],
    row: Option<(usize, &Cell<Option<RowBefore>>)>,
) -> Option<(u8, u64)> {
    let part = |i: usize| -> &[u8; 9] { c[9 * i..9 * i + 9].try_into().expect("nine") };
    let k = m.k;
    let refine = |i: usize, ranks: u16, optimal: u128, rest: &Distances, d: u8| -> Option<u16> {
        let ranks = ranks & p.room[i];
        if i == 3 {
            return Some(ranks);
        }
        // The class's distances are lower bounds in the doubtful cells.
        // Where they are exact in every optimal lane of the part (no
        // doubtful cell there, or the programme agrees), the exact
        // distances have the same optimal allocations and distance: an
        // allocation through other cells only costs more. (A doubtful
        // cell has a distance above 0, so it is among the optimal lanes
        // wherever an optimal allocation uses it.)
        let now = t.suit(p.parts.class[i]);
        let caps = || m.caps(i);
        if p.doubts[i] & optimal != 0 && !exact_where(part(i), &caps(), k, (now, optimal), cache[i])
        {
            return None;
        }
        let suit = &p.parts.suits[i];
        match m.bound[i] {
            Bound::Open => Some(ranks),
            Bound::Single(j) => single_draws(t, suit, j, ranks, (now, optimal)),
            Bound::Pair(n) => Some(pair_draws(t, part(i), &caps(), n, ranks, (now, optimal))),
            Bound::Multi => {
                let suit = (part(i), &caps(), suit);
                Some(multi_draws(
                    t,
                    suit,
                    ranks,
                    (now, optimal),
                    (rest, d, k),
                    cache[i],
                ))
            }
        }
    };
    if m.keep == 0b1111 {
        // Only the parts the melds bound, or in doubt, need refining: an
        // open suit's ranks without room lower nothing already.
        let bound = (0..3).fold(0u8, |bits, i| {
            bits | u8::from(m.bound[i] != Bound::Open || p.doubts[i] != 0) << i
        });
        let refined = bound | u8::from(m.dropped != 0) << 3;
        return open_row_refined(t, &p.parts, (k, FAR - 1), known, row, refined, refine);
    }
    // Two suits (Sichuan): the others give nothing, so each kept suit's
    // rest is the other's distances.
    let (i, j) = (
        m.keep.trailing_zeros() as usize,
        7 - m.keep.leading_zeros() as usize,
    );
    let x = [t.suit(p.parts.class[i]), t.suit(p.parts.class[j])];
    let d = join(x[0], x[1], k);
    if d >= FAR {
        return Some((d, 0));
    }
    let mut tiles = 0u64;
    for (a, (part, rest)) in [(i, x[1]), (j, x[0])].into_iter().enumerate() {
        let optimal = optimal_lanes(x[a], rest, k, d);
        if optimal != 0 {
            let ranks = p.parts.improving(t, part, lane_bits(optimal), known[part]);
            tiles |= (refine(part, ranks, optimal, rest, d)? as u64) << (9 * part);
        }
    }
    Some((d, tiles))
}

/// The distance of a hand whose melds leave every part its class
/// ([`Leaves::Classes`]; `keys` its part keys) over sets of two suits
/// kept (Sichuan's voids, `keeps`), towards `k` melds and a pair: each
/// set's pair product, as a concealed hand of those suits, the least of
/// them. `None` where a set keeps other parts than two suits.
#[inline]
pub(super) fn voided_classes(
    t: &DistanceTables,
    keys: &[key::Key; 4],
    keeps: impl Iterator<Item = u8>,
    k: usize,
) -> Option<u8> {
    let class = suit_classes(t, keys);
    let mut d = FAR;
    for keep in keeps {
        if !two_suits(keep) {
            return None;
        }
        d = d.min(two_suits_distance(t, &class, keep, k));
    }
    Some(d)
}

/// The distance of the two suits of `keep` (Sichuan beside its void) by
/// their classes, as a concealed hand of those suits aiming at `k` melds
/// and a pair: their pair product's cell of `k` melds and a pair (the
/// join with nothing from the other parts, read without the join).
#[inline(always)]
fn two_suits_distance(t: &DistanceTables, class: &[u8], keep: u8, k: usize) -> u8 {
    let (i, j) = (
        keep.trailing_zeros() as usize,
        7 - keep.leading_zeros() as usize,
    );
    t.suit_pair(class[i], class[j])[8 + k.min(4)]
}

/// Whether `keep` is two suits (Sichuan beside its void).
#[inline(always)]
fn two_suits(keep: u8) -> bool {
    matches!(keep, 0b0011 | 0b0101 | 0b0110)
}

/// [`class_draws`] of `c` read afresh; `None` where its parts are not
/// their classes or the draws are not settled.
#[inline(always)]
fn class_effective(t: &DistanceTables, c: &[u8; KINDS], m: &Melded) -> Option<(u8, u64)> {
    class_draws(
        t,
        c,
        m,
        &ClassParts::of(t, c, m)?,
        &[None; 4],
        &[None; 3],
        None,
    )
}

/// A suit's exact distances from the capped programme, and those after one
/// more tile of each rank, found when first asked.
#[derive(Default)]
pub(super) struct Worked {
    exact: OnceCell<Distances>,
    up: [OnceCell<Distances>; 9],
}

/// The discard table of a melded 3n+2 hand at concealed speed: its
/// distance, the distance after each discard, and the effective tiles
/// after the discards asked for ([`ClassDiscards::row`]), the unchanged
/// parts' lookups and neighbours shared.
pub(super) struct ClassDiscards<'a> {
    t: &'a DistanceTables<'a>,
    c: [u8; KINDS],
    m: Melded,
    base: ClassParts,
    /// Per part of the whole hand, the lanes one more tile of each rank lowers.
    lanes: [RankLanes; 4],
    /// The row before, for the next row that leaves its classes.
    before: Cell<Option<RowBefore>>,
    /// The hand's distance.
    pub(super) d: u8,
    /// The distance after each discard ([`FAR`] where the kind is not held).
    pub(super) after: [u8; KINDS],
}

impl<'a> ClassDiscards<'a> {
    /// The table of `c` beside `m`; `None` where no table covers a suit
    /// or the classes do not settle the distance (the caller takes the
    /// general melded path). A discard whose classes do not settle its
    /// row is answered by the other melded functions.
    pub(super) fn of(
        t: &'a DistanceTables<'a>,
        c: &[u8; KINDS],
        m: &Melded,
    ) -> Option<ClassDiscards<'a>> {
        let base = ClassParts::of(t, c, m)?;
        let d = base.distance(t, c, m)?;
        let mut after = [FAR; KINDS];
        // Over the kinds held by bit: a branch a kind on whether it is
        // held mispredicts on random hands. A tile of a part not kept
        // (Sichuan's voided suit) goes without changing the distance.
        let (all, kept) = (held_mask(c), kinds_kept(m.keep));
        let mut voided = all & !kept;
        while voided != 0 {
            after[voided.trailing_zeros() as usize] = d;
            voided &= voided - 1;
        }
        let mut held = all & kept;
        // All four parts kept, none in doubt: the pair products are shared.
        let open = m.all_kept() && base.doubts == [0; 3];
        let pairs = open.then(|| {
            let class = &base.parts.class;
            (
                t.suit_pair(class[0], class[1]),
                t.suit_honor_pair(class[2], class[3]),
            )
        });
        while held != 0 {
            let j = held.trailing_zeros() as usize;
            held &= held - 1;
            if let Some(d) = pairs.and_then(|pairs| base.after_open(t, (c, m), pairs, j)) {
                after[j] = d;
                continue;
            }
            let mut w = *c;
            w[j] -= 1;
            after[j] = match base.after(t, &w, m, j) {
                Some(d) => d,
                None => melded_distance(t, &w, m)?,
            };
        }
        Some(ClassDiscards {
            t,
            c: *c,
            m: *m,
            base,
            lanes: base.parts.kept_lanes(t, m.keep),
            before: Cell::new(None),
            d,
            after,
        })
    }

    /// The standard form's distance and effective tiles (bit per kind)
    /// after discarding kind `j`; `None` where no table covers a suit.
    /// `worked` keeps what the capped programme works out for each suit
    /// of the whole hand: the rows that leave the suit alone share it (and
    /// so do the tables of Sichuan's voids: it depends on the suit alone).
    pub(super) fn row(&self, j: usize, worked: &[Worked; 3]) -> Option<(u8, u64)> {
        let (t, m) = (self.t, &self.m);
        let mut w = self.c;
        w[j] -= 1;
        let changed = (j / 9).min(3);
        let known = known_except(&self.lanes, changed);
        let mut p = self.base;
        let found = p.set_without(t, &w, m, j).and_then(|()| {
            // The unchanged suits' exact distances, worked out once
            // for all rows.
            let cache = [0, 1, 2].map(|i| (i != changed).then_some(&worked[i]));
            class_draws(t, &w, m, &p, &known, &cache, Some((changed, &self.before)))
        });
        // Not settled by the classes: read afresh they would not be either.
        found.or_else(|| parts_improving(t, &w, m))
    }
}

/// Each suit's exact distances after one more tile of a rank, found when
/// first asked: the rows of a discard table share the parts a discard
/// leaves alone.
pub(super) struct Ups {
    next: [[Distances; 9]; 3],
    found: [u16; 3],
}

impl Ups {
    pub(super) fn new() -> Ups {
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

/// The exact capped distances of suit `i` of `c` with one more tile of
/// rank `r` (dense index `index`, table distances `next`).
#[inline]
fn exact_up(
    t: &DistanceTables,
    c: &[u8; KINDS],
    m: &Melded,
    i: usize,
    r: usize,
    index: usize,
    next: &Distances,
) -> Option<Distances> {
    Some(match m.bound[i] {
        Bound::Open => *next,
        Bound::Single(j) => {
            if t.suit_caps_at(index) >> j & 1 == 0 {
                *next
            } else {
                *t.suit_capped(index, j as usize)?
            }
        }
        Bound::Pair(n) => {
            let mut w: [u8; 9] = c[9 * i..9 * i + 9].try_into().expect("nine");
            w[r] += 1;
            pair_capped(t, &w, || m.caps(i), n).map_or(*next, |(row, _)| row)
        }
        Bound::Multi => {
            // The certificate, else the capped programme.
            let mut w: [u8; 9] = c[9 * i..9 * i + 9].try_into().expect("nine");
            w[r] += 1;
            let caps = &m.caps(i);
            if doubt(t, &w, caps, next, lanes_up_to(m.k)) == Some(0) {
                *next
            } else {
                capped_distances(&w, caps, true, m.k)
            }
        }
    })
}

/// The best of the other three parts, for each part.
#[inline(always)]
fn rests(x: &[Distances; 4]) -> [Distances; 4] {
    let ab = product(&x[0], &x[1]);
    let sz = product(&x[2], &x[3]);
    [
        product(&x[1], &sz),
        product(&x[0], &sz),
        product(&ab, &x[3]),
        product(&ab, &x[2]),
    ]
}

/// A melded 3n+2 hand's distance and its distance after each discard
/// ([`FAR`] where the kind is not held): one part looked up again per
/// discard.
#[inline]
pub(super) fn melded_after(
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
pub(super) fn melded_row(
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

/// Distance and (with `want`) effective tiles of a melded hand's standard
/// form over the parts of `keep`; `None` where no table covers a suit.
#[inline]
pub(super) fn melded_improving(
    t: &DistanceTables,
    c: &[u8; KINDS],
    m: &Melded,
    keep: u8,
    want: bool,
) -> Option<(u8, u64)> {
    let m = m.keeping(keep);
    if !want {
        return Some((melded_distance(t, c, &m)?, 0));
    }
    class_effective(t, c, &m).or_else(|| parts_improving(t, c, &m))
}

/// [`melded_improving`] (with its draws) from the melded parts, without
/// trying the class tables first: for a hand the class tables have just
/// failed to settle.
#[inline]
fn parts_improving(t: &DistanceTables, c: &[u8; KINDS], m: &Melded) -> Option<(u8, u64)> {
    let ask = |resolve| {
        MeldedParts::of(t, c, m, resolve).and_then(|p| melded_effective(t, c, m, &p, None))
    };
    ask(false).or_else(|| ask(true))
}

/// Sichuan's voids (`keeps`, the parts each keeps) in the order to try
/// them, fewest voided tiles first, with those counts: the concealed tiles
/// of the suits a set drops bound its distance from below, since each must
/// be replaced.
#[inline(always)]
pub(super) fn fewest_voided_first(c: &[u8; KINDS], keeps: &[u8]) -> ([u8; 3], [u8; 3]) {
    let voided = |keep: u8| -> u8 {
        (0..3)
            .filter(|&s| keep >> s & 1 == 0)
            .map(|s| c[9 * s..9 * s + 9].iter().sum::<u8>())
            .sum()
    };
    if let [keep] = *keeps {
        // One set (every rule set but Sichuan): nothing to order.
        return ([keep, 0, 0], [voided(keep), 0, 0]);
    }
    let mut order = [(0u8, 0u8); 3];
    for (slot, &keep) in order.iter_mut().zip(keeps) {
        *slot = (voided(keep), keep);
    }
    order[..keeps.len()].sort_unstable();
    (order.map(|(_, k)| k), order.map(|(v, _)| v))
}

/// [`melded_improving`] over several sets of kept parts (Sichuan's voids):
/// the parts looked up once, each set dropping its voided suits; the least
/// distance, with the tiles of every set reaching it.
pub(super) fn melded_voids(
    t: &DistanceTables,
    c: &[u8; KINDS],
    m: &Melded,
    keeps: &[u8],
    want: bool,
) -> Option<(u8, u64)> {
    // A set voiding more tiles than the best distance cannot reach it, nor,
    // voiding as many, beat it.
    let (sorted, voided) = fewest_voided_first(c, keeps);
    let keeps = &sorted[..keeps.len()];
    let mut best = (FAR, 0);
    if !want {
        // Class reads alone, no neighbourhoods: each set on its own.
        for (&keep, &voided) in keeps.iter().zip(&voided) {
            if voided >= best.0 {
                break;
            }
            best.0 = best.0.min(melded_distance(t, c, &m.keeping(keep))?);
        }
        return Some(best);
    }
    let all = keeps.iter().fold(0, |a, &k| a | k);
    // Each set at concealed speed where its parts are their classes (two
    // suits each: Sichuan), the suits read once for all sets, and what
    // the capped programme works out shared too.
    let mut rest = (1u8 << keeps.len()) - 1;
    if keeps.iter().all(|&keep| two_suits(keep)) {
        if let Some(shared) = ClassParts::read(t, c, m, all) {
            let worked: [Worked; 3] = Default::default();
            let cache = [Some(&worked[0]), Some(&worked[1]), Some(&worked[2])];
            for (n, &keep) in keeps.iter().enumerate() {
                // The classes' distance is a lower bound of the set's.
                let lower = two_suits_distance(t, &shared.parts.class, keep, m.k);
                if voided[n] > best.0 || lower > best.0 {
                    rest &= !(1 << n);
                    continue;
                }
                let m = m.keeping(keep);
                if let Some(found) = class_draws(t, c, &m, &shared, &[None; 4], &cache, None) {
                    best = super::fewer(best, found);
                    rest &= !(1 << n);
                }
            }
        }
    }
    if rest == 0 {
        return Some(best);
    }
    let base = MeldedParts::of(t, c, &m.keeping(all), false)?;
    for (n, &keep) in keeps.iter().enumerate() {
        if rest >> n & 1 == 0 || voided[n] > best.0 {
            continue;
        }
        let m = m.keeping(keep);
        let found = if base.lower.is_some() {
            // Doubt depends on the parts kept: each set on its own.
            melded_improving(t, c, &m, keep, want)?
        } else {
            let p = base.dropping(all & !keep);
            match melded_effective(t, c, &m, &p, None) {
                Some(found) => found,
                None => melded_improving(t, c, &m, keep, true)?,
            }
        };
        best = super::fewer(best, found);
    }
    Some(best)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::layout::caps::{config_caps, CONFIGS};
    use crate::Tables;
    use rayon::prelude::*;

    /// Two or three melds in a suit bind the cells of at most `k ≤ 1`
    /// melds as [`binding`] says: for every caps vector they can leave and
    /// every pattern that fits beside them, the capped programme (the
    /// definition) gives in those cells the plain distances where the
    /// suit is open, and the single meld's where it binds as one.
    #[test]
    fn melds_bind_few_cells_as_binding_says() {
        let tables = Tables::embedded();
        let t = &tables.distance_tables();
        let declared = |j: usize| config_caps(j).map(|c| 4 - c);
        let mut cap_sets = std::collections::BTreeSet::new();
        for a in 0..CONFIGS {
            for b in a..CONFIGS {
                for c in std::iter::once(None).chain((b..CONFIGS).map(Some)) {
                    let mut caps = [4i8; 9];
                    for j in [Some(a), Some(b), c].into_iter().flatten() {
                        for (cap, d) in caps.iter_mut().zip(declared(j)) {
                            *cap -= d as i8;
                        }
                    }
                    if caps.iter().all(|&x| x >= 0) {
                        cap_sets.insert(caps.map(|x| x as u8));
                    }
                }
            }
        }
        let cap_sets: Vec<[u8; 9]> = cap_sets.into_iter().collect();
        let patterns = key::patterns::<9>();
        let checked: [usize; 3] = cap_sets
            .par_iter()
            .map(|caps| {
                let mut lanes = [4u8; 16];
                lanes[..9].copy_from_slice(caps);
                let mut n = [0usize; 3];
                for k in 0..=1 {
                    let bound = binding(u128::from_le_bytes(lanes), k);
                    let tiles = 3 * k as u8 + 2;
                    let fits = |v: &&[u8; 9]| {
                        v.iter().sum::<u8>() <= tiles && v.iter().zip(caps).all(|(a, b)| a <= b)
                    };
                    for v in patterns.iter().filter(fits) {
                        let index = key::suit_index(v);
                        let plain = *t.suit(t.suit_class_at(index));
                        let got = match bound {
                            Bound::Open => plain,
                            Bound::Single(j) if t.suit_caps_at(index) >> j & 1 == 1 => {
                                *t.suit_capped(index, j as usize).expect("a capped row")
                            }
                            Bound::Single(_) => plain,
                            Bound::Pair(_) | Bound::Multi => continue,
                        };
                        let truth = capped_distances(v, caps, true, k);
                        for p in 0..2 {
                            for m in 0..=k {
                                let l = 8 * p + m;
                                assert_eq!(got[l], truth[l], "{v:?} {caps:?} k {k} lane {l}");
                            }
                        }
                        n[matches!(bound, Bound::Single(_)) as usize] += 1;
                    }
                    n[2] += usize::from(bound == Bound::Multi);
                }
                n
            })
            .reduce(|| [0; 3], |a, b| [a[0] + b[0], a[1] + b[1], a[2] + b[2]]);
        // Open and single bindings both occur often; some stay multi.
        assert!(checked[0] > 20_000 && checked[1] > 300_000, "{checked:?}");
        assert!(checked[2] > 0, "{checked:?}");
    }
}
