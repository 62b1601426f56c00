//! Jokers beside declared melds, by table bounds from both sides.
//!
//! A melded hand's targets hold no more real copies of a kind than its
//! melds leave (`cap`), and at most `j` copies beyond the caps in all: the
//! jokers stand for those (module docs of the joker shanten). Two table
//! answers bound its distance:
//!
//! * from below, the concealed lookups of the same real tiles towards the
//!   same slots ([`lookup`]): caps of four, so every target the melds
//!   allow is among theirs;
//! * from above, the plain melded path towards the same number of melds
//!   ([`Tables::melded_within_caps`]): targets within the caps, whose
//!   missing tiles the jokers fill like any others.
//!
//! Where the two meet, that is the distance. They part only where a target
//! gains from a copy beyond the caps (a declared pung's fourth copy paired
//! with a joker) or the caps bind a suit's best targets; the caller answers
//! those from `jokers.tbl`'s rows for the parts no meld caps and
//! [`budgeted_rows`] for the capped ones.
//!
//! Effective tiles: a draw lowers the distance by one at most. With the
//! bounds equal at `d`, a draw the upper bound lowers is effective, a draw
//! the lower bound leaves at `d` is not, and only the draws between need
//! bounds of their own.

use super::lookup;
use crate::engine::ShantenError;
use crate::forms;
use crate::hand::Hand;
use crate::rules::Rules;
use crate::table::layout::cells::FAR;
use crate::table::{Distances, Tables};
use crate::tile::{Counts, KINDS};

/// The replacement distance of a melded hand's real tiles with `j` jokers,
/// after the jokers fill their slots (the search's `distance`), where the
/// bounds settle it; `None` where they part, or the melded path does not
/// serve the hand (three players). The caller has checked the hand's size
/// with its jokers.
pub(super) fn distance<B: AsRef<[u8]>>(
    t: &Tables<B>,
    hand: &Hand,
    j: usize,
    rules: &Rules,
) -> Result<Option<u8>, ShantenError> {
    let slots = hand.concealed_len() + j;
    let Some((upper, _)) = t.melded_within_caps(hand, slots / 3, rules, false)? else {
        return Ok(None);
    };
    let lower = lookup::distance(t, hand.counts(), slots, j, rules, suits(hand));
    let knitted = knitted(hand, j, rules, upper).0;
    // The standard form lies between the bounds; the knitted straight is
    // a count.
    let d = match () {
        _ if lower == upper => upper.min(knitted),
        _ if knitted <= lower => knitted,
        _ => return Ok(None),
    };
    Ok(Some(d.saturating_sub(j as u8)))
}

/// What the bounds say of a 3n+1 hand's draws ([`improving`]).
pub(super) enum Draws {
    /// The hand's distance (as [`distance`]), the real tiles whose draw
    /// the bounds prove lowers it, and the drawable ones they leave in
    /// doubt (bits per kind; the caller settles those one hand each).
    Settled { d: u8, tiles: u64, doubt: u64 },
    /// The bounds part on the hand: its lower bound (as [`distance`]) and
    /// the drawable kinds that lower it. Where the distance proves equal
    /// to it, no other draw lowers the distance.
    Parted { lower: u8, maybe: u64 },
}

/// The bounds of a 3n+1 hand and its draws; `None` where the melded path
/// does not serve the hand (three players).
pub(super) fn improving<B: AsRef<[u8]>>(
    t: &Tables<B>,
    hand: &Hand,
    j: usize,
    rules: &Rules,
) -> Result<Option<Draws>, ShantenError> {
    let slots = hand.concealed_len() + j;
    let Some((upper, sure)) = t.melded_within_caps(hand, slots / 3, rules, true)? else {
        return Ok(None);
    };
    let (lower, maybe) = lookup::improving(t, hand.counts(), slots, j, rules, suits(hand));
    let (knitted, knitted_tiles) = knitted(hand, j, rules, upper);
    // Kinds a real draw can be: a copy left beyond the hand and its melds.
    let all = hand.all_counts();
    let drawable = (0..KINDS).fold(0u64, |m, i| m | u64::from(all[i] < 4) << i) & rules.tiles();
    let after_jokers = |d: u8| d.saturating_sub(j as u8);
    let (d, tiles, doubt) = match () {
        // A draw lowers the standard form by one at most: below the lower
        // bound less one, it cannot reach the knitted straight's.
        _ if knitted < lower => (knitted, knitted_tiles, 0),
        _ if lower != upper => {
            return Ok(Some(Draws::Parted {
                lower: after_jokers(lower),
                maybe: (maybe | knitted_tiles) & drawable,
            }));
        }
        _ if knitted < upper => (knitted, knitted_tiles, 0),
        _ => {
            let both = if knitted == upper { knitted_tiles } else { 0 };
            let sure = sure | both;
            (upper, sure, maybe & !sure)
        }
    };
    Ok(Some(Draws::Settled {
        d: after_jokers(d),
        tiles: tiles & drawable,
        doubt: doubt & drawable,
    }))
}

/// MCR's knitted straight beside one declared meld, when the hand's size
/// reaches it: its distance where at most `bound` (before the jokers fill
/// their slots; [`FAR`] where out of reach or above `bound`) and the kinds
/// whose draw lowers it.
///
/// The target is a permutation's nine tiles and a pair (on any kind, a
/// straight's tile too), so each (permutation, pair) is a count: the tiles
/// it holds beyond the real ones are missing, those beyond the caps the
/// melds leave are jokers' (at most `j`). A draw lowers the distance when
/// it is a missing tile of a best target.
fn knitted(hand: &Hand, j: usize, rules: &Rules, bound: u8) -> (u8, u64) {
    let size = hand.concealed_len() + j + 3 * hand.meld_count();
    if !rules.mcr_forms || forms::knitted_straight_sets(size, hand.meld_count()).is_none() {
        return (FAR, 0);
    }
    let c = hand.counts();
    let all = hand.all_counts();
    knitted_beside_meld(c, &std::array::from_fn(|i| 4 - (all[i] - c[i])), j, bound)
}

/// [`knitted`] of real counts `c` beside one declared meld, which leaves
/// `cap` copies of each kind.
pub(super) fn knitted_beside_meld(c: &Counts, cap: &Counts, j: usize, bound: u8) -> (u8, u64) {
    let over = |need: u8, have: u8| need.saturating_sub(have);
    // The pair on each kind beside the straight's tiles and on them (a
    // third copy): the tiles it adds beyond the real ones and the caps.
    let pair: [[(u8, u8); 2]; KINDS] = std::array::from_fn(|x| {
        let (h, cap) = (c[x], cap[x]);
        [
            (over(2, h), over(2, cap)),
            (over(3, h) - over(1, h), over(3, cap) - over(1, cap)),
        ]
    });
    let mut best = (FAR, 0u64);
    for p in 0..forms::KNITTED_PERMS.len() {
        let tiles = forms::knitted_tiles(p);
        let lacks = tiles
            .iter()
            .filter(|&&i| c[i] == 0)
            .fold(0u64, |m, &i| m | 1 << i);
        let missing = lacks.count_ones() as u8;
        let beyond = tiles.iter().filter(|&&i| cap[i] == 0).count();
        // The straight's missing tiles alone bound the permutation's.
        if beyond > j || missing > best.0.min(bound) {
            continue;
        }
        let mine = tiles.iter().fold(0u64, |m, &i| m | 1 << i);
        for (x, both) in pair.iter().enumerate() {
            let (more, extra) = both[usize::from(mine >> x & 1 == 1)];
            if beyond + extra as usize > j {
                continue;
            }
            let d = missing + more;
            if d > bound {
                continue;
            }
            let lacking = lacks | u64::from(more > 0) << x;
            best = match d.cmp(&best.0) {
                std::cmp::Ordering::Less => (d, lacking),
                std::cmp::Ordering::Equal => (d, best.1 | lacking),
                std::cmp::Ordering::Greater => best,
            };
        }
    }
    best
}

/// The numbered suits (bit per suit) holding declared melds: Sichuan voids
/// none of them.
#[inline]
fn suits(hand: &Hand) -> u8 {
    hand.melds()
        .map(|m| m.tile().index() / 9)
        .filter(|&s| s < 3)
        .fold(0, |m, s| m | 1 << s)
}

/// Budget lanes of the programme below: one byte per budget `0..8`.
const LANES: usize = 8;
const LOW: u64 = 0x0101_0101_0101_0101;
const HIGH: u64 = 0x8080_8080_8080_8080;

/// A part's distances beside declared melds (ranks `v`, at most `caps[r]`
/// real copies a rank) to `m ≤ most` melds and `p` pairs, for each budget
/// `e ≤ top` of copies beyond the caps (each row the best within its
/// budget): the per-part search's programme, in registers. `None` past
/// three melds or seven budgets.
///
/// The state is the chows in progress (`x` started two ranks back, `y` one
/// rank back; never three equal ones, whose counts three pungs hold too),
/// the melds and the pair placed; each holds a word of budget lanes, the
/// most tiles of `v` covered plus one (0: unreachable), so one step moves
/// every budget at once: a rank holding `t` copies over its cap shifts the
/// word by `t − cap` lanes.
pub(super) fn budgeted_rows(
    v: &[u8],
    caps: &[u8],
    chows: bool,
    most: usize,
    top: usize,
) -> Option<[Distances; LANES]> {
    if !budgeted_rows_fit(most, top) {
        return None;
    }
    let at = |x: usize, y: usize, m: usize, p: usize| ((x * 3 + y) * 4 + m) * 2 + p;
    let mut best = [0u64; 72];
    best[at(0, 0, 0, 0)] = 1;
    let n = v.len();
    for r in 0..n {
        let mut next = [0u64; 72];
        let start = if chows && r + 2 < n { 2 } else { 0 };
        let (have, cap) = (v[r] as usize, caps[r] as usize);
        for x in 0..3 {
            for y in 0..3 {
                for m in x + y..=most {
                    for p in 0..2 {
                        let w = best[at(x, y, m, p)];
                        if w == 0 {
                            continue;
                        }
                        // The word with each gain (0..=4 tiles) added to
                        // its reached lanes (at most 15: four bits); a
                        // shift moves lanes and gains alike.
                        let reached = (w | w >> 1 | w >> 2 | w >> 3) & LOW;
                        let gained: [u64; 5] = std::array::from_fn(|g| w + reached * g as u64);
                        for z in 0..=start.min(most - m) {
                            for g in 0..=most - m - z {
                                for q in 0..2 - p {
                                    let t = x + y + z + 3 * g + 2 * q;
                                    let over = t.saturating_sub(cap);
                                    if over > top {
                                        continue;
                                    }
                                    let moved = gained[t.min(have)] << (8 * over);
                                    let to = &mut next[at(y, z, m + z + g, p + q)];
                                    *to = max_lanes(*to, moved);
                                }
                            }
                        }
                    }
                }
            }
        }
        best = next;
    }
    let mut rows = [[FAR; 16]; LANES];
    for m in 0..=most {
        for p in 0..2 {
            // Within each budget: the best of every budget up to it.
            let mut w = best[at(0, 0, m, p)];
            w = max_lanes(w, w << 8);
            w = max_lanes(w, w << 16);
            w = max_lanes(w, w << 32);
            for (e, row) in rows.iter_mut().enumerate() {
                let covered = (w >> (8 * e)) as u8;
                if covered > 0 {
                    row[8 * p + m] = (3 * m + 2 * p) as u8 + 1 - covered;
                }
            }
        }
    }
    Some(rows)
}

/// Whether [`budgeted_rows`] carries `most` melds and budgets up to `top`.
pub(super) fn budgeted_rows_fit(most: usize, top: usize) -> bool {
    most <= 3 && top < LANES
}

/// The lane-wise maximum of two words of lanes below 128.
#[inline(always)]
fn max_lanes(a: u64, b: u64) -> u64 {
    let a_ge = ((a | HIGH) - b) & HIGH;
    let mask = (a_ge >> 7) * 0xff;
    a & mask | b & !mask
}
