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
use crate::hand::Hand;
use crate::rules::Rules;
use crate::table::Tables;
use crate::tile::KINDS;

/// The replacement distance of a melded hand's real tiles with `j` jokers,
/// after the jokers fill their slots (the search's `distance`), where the
/// bounds meet; `None` where they part, or the melded path does not serve
/// the hand (three players, MCR's knitted straight in reach). The caller
/// has checked the hand's size with its jokers.
pub(super) fn distance<B: AsRef<[u8]>>(
    t: &Tables<B>,
    hand: &Hand,
    j: usize,
    rules: &Rules,
) -> Result<Option<u8>, ShantenError> {
    let slots = hand.concealed_len() + j;
    let size = slots + 3 * hand.meld_count();
    let Some((upper, _)) = t.melded_within_caps(hand, slots / 3, size, rules, false)? else {
        return Ok(None);
    };
    let lower = lookup::distance(t, hand.counts(), slots, j, rules);

    // Both count the jokers' slots among the missing tiles: d ≥ j.
    Ok((lower == upper).then(|| upper.saturating_sub(j as u8)))
}

/// [`distance`] of a 3n+1 hand, the real tiles whose draw the bounds
/// prove lowers it, and the drawable ones they leave in doubt (bits per
/// kind; the caller settles those one hand each), where the bounds meet on
/// the hand itself.
pub(super) fn improving<B: AsRef<[u8]>>(
    t: &Tables<B>,
    hand: &Hand,
    j: usize,
    rules: &Rules,
) -> Result<Option<(u8, u64, u64)>, ShantenError> {
    let slots = hand.concealed_len() + j;
    let size = slots + 3 * hand.meld_count();
    let Some((upper, sure)) = t.melded_within_caps(hand, slots / 3, size, rules, true)? else {
        return Ok(None);
    };
    let (lower, maybe) = lookup::improving(t, hand.counts(), slots, j, rules);
    if lower != upper {
        return Ok(None);
    }
    // Kinds a real draw can be: a copy left beyond the hand and its melds.
    let all = hand.all_counts();
    let drawable = (0..KINDS).fold(0u64, |m, i| m | u64::from(all[i] < 4) << i) & rules.tiles();
    let doubt = maybe & drawable & !sure;
    Ok(Some((
        upper.saturating_sub(j as u8),
        sure & drawable,
        doubt,
    )))
}
