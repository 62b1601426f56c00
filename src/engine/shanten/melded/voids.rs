//! Sichuan's voids beside declared melds: which suit sets to try, fewest
//! voided tiles first, and the best answer over them. Separate because only
//! Sichuan asks.

use super::classes::{class_draws, melded_distance, melded_improving, ClassParts};
use super::parts::{melded_effective, MeldedParts};
use super::rows::{two_suits, two_suits_distance, Worked};
use super::Melded;
use crate::table::layout::cells::FAR;
use crate::table::DistanceTables;
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

/// [`melded_improving`] over several sets of kept parts (Sichuan's voids):
/// the parts looked up once, each set dropping its voided suits; the least
/// distance, with the tiles of every set reaching it.
pub(in crate::engine::shanten) fn melded_voids(
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
                    best = crate::engine::shanten::fewer(best, found);
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
        best = crate::engine::shanten::fewer(best, found);
    }
    Some(best)
}
