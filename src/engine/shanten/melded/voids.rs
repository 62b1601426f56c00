//! Sichuan's voids beside declared melds: the order to try the suit sets
//! in, fewest voided tiles first. The best answer over them is
//! [`melded_voids`](super::melded_voids), beside the class reads it calls.

use crate::tile::KINDS;

/// Sichuan's voids (`keeps`, the parts each keeps) in the order to try
/// them, fewest voided tiles first, with those counts: the concealed tiles
/// of the suits a set drops bound its distance from below, since each must
/// be replaced.
#[inline(always)]
pub(in crate::engine::shanten) fn fewest_voided_first(
    c: &[u8; KINDS],
    keeps: &[u8],
) -> ([u8; 3], [u8; 3]) {
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
