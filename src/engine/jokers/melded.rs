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
//! with a joker) or the caps bind a suit's best targets; the per-part
//! search answers those.
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
use crate::table::generate::shanten::FAR;
use crate::table::Tables;
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
    let knitted = knitted(hand, j, rules).0;
    // The standard form lies between the bounds; the knitted straight is
    // a count.
    let d = match () {
        _ if lower == upper => upper.min(knitted),
        _ if knitted <= lower => knitted,
        _ => return Ok(None),
    };
    Ok(Some(d.saturating_sub(j as u8)))
}

/// [`distance`] of a 3n+1 hand, the real tiles whose draw the bounds
/// prove lowers it, and the drawable ones they leave in doubt (bits per
/// kind; the caller settles those one hand each), where the bounds settle
/// the hand itself.
pub(super) fn improving<B: AsRef<[u8]>>(
    t: &Tables<B>,
    hand: &Hand,
    j: usize,
    rules: &Rules,
) -> Result<Option<(u8, u64, u64)>, ShantenError> {
    let slots = hand.concealed_len() + j;
    let Some((upper, sure)) = t.melded_within_caps(hand, slots / 3, rules, true)? else {
        return Ok(None);
    };
    let (lower, maybe) = lookup::improving(t, hand.counts(), slots, j, rules, suits(hand));
    let (knitted, knitted_tiles) = knitted(hand, j, rules);
    // Kinds a real draw can be: a copy left beyond the hand and its melds.
    let all = hand.all_counts();
    let drawable = (0..KINDS).fold(0u64, |m, i| m | u64::from(all[i] < 4) << i) & rules.tiles();
    let (d, tiles, doubt) = match () {
        // A draw lowers the standard form by one at most: below the lower
        // bound less one, it cannot reach the knitted straight's.
        _ if knitted < lower => (knitted, knitted_tiles, 0),
        _ if lower != upper => return Ok(None),
        _ if knitted < upper => (knitted, knitted_tiles, 0),
        _ => {
            let both = if knitted == upper { knitted_tiles } else { 0 };
            let sure = sure | both;
            (upper, sure, maybe & !sure)
        }
    };
    Ok(Some((
        d.saturating_sub(j as u8),
        tiles & drawable,
        doubt & drawable,
    )))
}

/// MCR's knitted straight beside one declared meld, when the hand's size
/// reaches it: its distance (before the jokers fill their slots; [`FAR`]
/// where out of reach) and the kinds whose draw lowers it.
///
/// The target is a permutation's nine tiles and a pair (on any kind, a
/// straight's tile too), so each (permutation, pair) is a count: the tiles
/// it holds beyond the real ones are missing, those beyond the caps the
/// melds leave are jokers' (at most `j`). A draw lowers the distance when
/// it is a missing tile of a best target.
fn knitted(hand: &Hand, j: usize, rules: &Rules) -> (u8, u64) {
    let size = hand.concealed_len() + j + 3 * hand.meld_count();
    if !rules.mcr_forms || forms::knitted_straight_sets(size, hand.meld_count()).is_none() {
        return (FAR, 0);
    }
    let c = hand.counts();
    let all = hand.all_counts();
    let cap: Counts = std::array::from_fn(|i| 4 - (all[i] - c[i]));
    let over = |need: u8, have: u8| need.saturating_sub(have);
    let mut best = (FAR, 0u64);
    for p in 0..forms::KNITTED_PERMS.len() {
        let mut need = [0u8; KINDS];
        for i in forms::knitted_tiles(p) {
            need[i] = 1;
        }
        let (missing, excess) = (0..KINDS).fold((0u8, 0usize), |(m, e), i| {
            (m + over(need[i], c[i]), e + over(need[i], cap[i]) as usize)
        });
        // The straight's tiles the hand lacks.
        let lacks = forms::knitted_tiles(p)
            .into_iter()
            .filter(|&i| c[i] == 0)
            .fold(0u64, |m, i| m | 1 << i);
        for x in 0..KINDS {
            // The pair on `x`: what it adds beyond the straight's copy.
            let with = need[x] + 2;
            let more = over(with, c[x]) - over(need[x], c[x]);
            let beyond = (over(with, cap[x]) - over(need[x], cap[x])) as usize;
            if excess + beyond > j {
                continue;
            }
            let d = missing + more;
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
fn suits(hand: &Hand) -> u8 {
    hand.melds()
        .map(|m| m.tile().index() / 9)
        .filter(|&s| s < 3)
        .fold(0, |m, s| m | 1 << s)
}
