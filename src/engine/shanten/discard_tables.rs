//! Discard tables: a 3n+2 hand's distance after each discard and the
//! effective tiles after each, built once for the concealed, knitted,
//! melded and three-player paths. Separate from the single queries because
//! a table shares its parts' reads across its rows.

use super::answers::{unseen, Discards, ShantenError, UnseenPlanes};
use super::beside_melds::{knitted_beside_melds, one_meld_caps};
use super::concealed::{concealed_after, concealed_rows, OpenParts};
use super::counts::held_mask;
use super::counts::{kept_counts, kinds_equal, seven_pairs, Tally, ALL_KINDS};
use super::general::kinds_kept;
use super::knitted::{
    knitted_after, knitted_beside_meld, knitted_held_bytes, knitted_row, knitted_within_without,
};
use super::melded::{fewest_voided_first, CapMasks, ClassDiscards, Melded, Worked};
use super::shape::{voids, Shape, Sizes};
use super::three_player::{FourPlayer, Twin};
use super::{fewer, meld_parts, tile};
use crate::hand::Hand;
use crate::rules::{Rules, SevenPairs};
use crate::table::layout::cells::FAR;
use crate::table::Tables;
use crate::tile::{Counts, Tile, KINDS};
use crate::tileset::TileSet;

/// The discard table from the hand's distance `d`, its distance after each
/// discard (`after`, [`FAR`] where not held) and `rows`, which fills the
/// effective tiles (bit per kind) of the hand after each discard asked.
#[inline]
pub(super) fn discard_table(
    d: u8,
    after: &[u8; KINDS],
    unseen: [u8; KINDS],
    rows: impl FnOnce(&[usize], &mut [u64]),
) -> Result<Discards, ShantenError> {
    if d >= FAR {
        return Err(ShantenError::Unreachable);
    }
    let best = *after.iter().min().expect("34 kinds");
    // The discards that tie, from one mask (at most one a kind of 14 tiles).
    let mut at_best = kinds_equal(after, best);
    let len = (at_best.count_ones() as usize).min(14);
    let mut kinds = [0usize; 14];
    for kind in &mut kinds[..len] {
        *kind = at_best.trailing_zeros() as usize;
        at_best &= at_best - 1;
    }
    let mut tiles = [0u64; 14];
    rows(&kinds[..len], &mut tiles[..len]);
    // Most unseen effective copies first, then in tile order: each row's
    // place is the number of rows before it, counted without a branch (a
    // sort's compares mispredict on rows as random as the hand). Keys are
    // distinct (the kinds are), and the rows past `len` sort last. Sixteen
    // keys of 16 bits: two vector registers, compared at once.
    let mut keys = [u16::MAX; 16];
    let planes = UnseenPlanes::of(&unseen);
    for r in 0..len {
        let copies = planes.copies(tiles[r]) as u16;
        // At most 34 × 4 copies: 8 bits, above the kind's 6.
        keys[r] = (255 - copies) << 6 | kinds[r] as u16;
    }
    let (mut discards, mut sets) = ([Tile::EAST; 14], [TileSet::EMPTY; 14]);
    for r in 0..len {
        let place = keys.iter().map(|&k| u16::from(k < keys[r])).sum::<u16>() as usize;
        (discards[place], sets[place]) = (tile(kinds[r]), TileSet::from_bits(tiles[r]));
    }
    Ok(Discards {
        shanten: d as i8 - 1,
        after: best as i8 - 1,
        len: len as u8,
        discards,
        tiles: sets,
        unseen,
    })
}

/// A three-player hand as its four-player twin ([`FourPlayer`]), after the
/// checks the general path makes (the size, then 2m–8m); `None` where the
/// hand has no twin (four players, or more than seven honour-like kinds).
/// Inlined: four-player hands pay one test.
#[inline(always)]
pub(super) fn four_player(
    hand: &Hand,
    rules: &Rules,
    sizes: Sizes,
) -> Result<Option<FourPlayer>, ShantenError> {
    if !rules.three_player {
        return Ok(None);
    }
    sizes.check(hand.concealed_len(), hand.meld_count())?;
    FourPlayer::of(hand, rules)
}

impl Twin {
    /// The twin's discard table as the three-player hand's: each discard
    /// and draw mapped back, the rows ordered again by the hand's `unseen`
    /// copies (an unused kind's draw stands for several).
    pub(crate) fn table(&self, twin: &Discards, unseen: [u8; KINDS]) -> Discards {
        let mut rows = [(Tile::EAST, TileSet::EMPTY); 14];
        for (row, (t, e)) in rows.iter_mut().zip(twin.iter()) {
            let bits = self.draws(e.tiles().bits());
            *row = (tile(self.back(t.index())), TileSet::from_bits(bits));
        }
        let rows = &mut rows[..twin.len()];
        let planes = UnseenPlanes::of(&unseen);
        rows.sort_unstable_by_key(|&(t, e)| (u32::MAX - planes.copies(e.bits()), t));
        Discards::new(twin.shanten, twin.after, rows, unseen)
    }
}

/// Three-player concealed counts as their four-player twin's
/// ([`Twin`]), with the twin's rules; `None` where they have none (or hold
/// 2m–8m).
#[inline(never)]
pub(super) fn twin_counts(c: &Counts, rules: &Rules) -> Option<(Twin, Counts, Rules)> {
    let (twin, four) = Twin::of(held_mask(c), rules).ok()??;
    let mut c = *c;
    twin.renames(|from, to| c.swap(from, to));
    Some((twin, c, four))
}

impl<B: AsRef<[u8]>> Tables<B> {
    /// The discard table of a concealed hand under rules with every part
    /// open and the knitted forms (MCR): the concealed path's distances
    /// and rows, with honours and knitted and the knitted straight (14
    /// tiles) where they reach as far.
    pub(super) fn knitted_discards(
        &self,
        hand: &Hand,
        rules: &Rules,
        visible: &Counts,
    ) -> Result<Discards, ShantenError> {
        let (c, t) = (hand.counts(), self.distance_tables());
        let (parts, tally) = OpenParts::tallied(&t, c);
        Sizes::Discard.check(tally.tiles as usize, 0)?;
        let unseen = unseen(hand, visible)?;
        let (d, own) = concealed_after(&t, c, &parts, &tally, rules);
        // The knitted forms: of 14 tiles, honours and knitted and the
        // straight with a set and a pair; of 11, the straight and a pair
        // (the melds beyond the tiles are implied, none declared: every
        // copy open). Each at most the other forms' distance, exact.
        let open = CapMasks {
            gone: 0,
            two: ALL_KINDS,
            three: ALL_KINDS,
        };
        let (knitted, knitted_after) = match tally.tiles {
            14 => knitted_after(&t, c, d, &own),
            11 => {
                let have = knitted_held_bytes(held_mask(c));
                let mut after = [FAR; KINDS];
                let mut held = held_mask(c);
                while held != 0 {
                    let j = held.trailing_zeros() as usize;
                    held &= held - 1;
                    let bound = own[j].saturating_add(1);
                    if knitted_within_without(have, j, c[j], bound, false) {
                        let mut w = *c;
                        w[j] -= 1;
                        after[j] = knitted_beside_meld(&w, &open, false, bound).0;
                    }
                }
                let hand = knitted_beside_meld(c, &open, false, d.saturating_add(1)).0;
                (hand, after)
            }
            _ => {
                return discard_table(d, &own, unseen, |kinds, tiles| {
                    concealed_rows(&t, c, &parts, &tally, rules, kinds, tiles)
                })
            }
        };
        let mut after = own;
        for (a, &k) in after.iter_mut().zip(&knitted_after) {
            *a = (*a).min(k);
        }
        let best = *after.iter().min().expect("34 kinds");
        discard_table(d.min(knitted), &after, unseen, |kinds, tiles| {
            // The other forms' rows where they reach the best, in one pass.
            let mut theirs = [0usize; 14];
            let mut n = 0;
            for &j in kinds.iter().filter(|&&j| own[j] == best) {
                theirs[n] = j;
                n += 1;
            }
            let mut rows = [0u64; 14];
            concealed_rows(&t, c, &parts, &tally, rules, &theirs[..n], &mut rows[..n]);
            let mut at = 0;
            for (&j, slot) in kinds.iter().zip(tiles.iter_mut()) {
                if own[j] == best {
                    *slot = rows[at];
                    at += 1;
                }
                if knitted_after[j] == best {
                    let mut w = *c;
                    w[j] -= 1;
                    *slot |= if tally.tiles == 14 {
                        knitted_row(&t, &w, best).1
                    } else {
                        knitted_beside_meld(&w, &open, true, best).1
                    };
                }
            }
        })
    }

    /// The discard table of a hand whose parts are their table classes
    /// ([`ClassDiscards`]): beside declared melds, or concealed under
    /// Sichuan (each void's two suits read as parts, seven pairs a count
    /// over them); `None` for the other hands.
    pub(super) fn melded_discards(
        &self,
        hand: &Hand,
        rules: &Rules,
        visible: &Counts,
    ) -> Result<Option<Discards>, ShantenError> {
        let concealed = hand.meld_count() == 0;
        if (concealed && rules.plain()) || rules.three_player {
            return Ok(None);
        }
        // The parts each target may use: all four, or (Sichuan) two suits
        // beside each void, with the general path's checks.
        let mut keeps = [0u8; 3];
        let mut n = 0;
        if rules.plain() {
            Sizes::Discard.check(hand.concealed_len(), hand.meld_count())?;
            (keeps[0], n) = (0b1111, 1);
        } else {
            let capped = Shape::checked_beside(hand, rules, Sizes::Discard, meld_parts(hand))?;
            for (slot, keep) in keeps.iter_mut().zip(voids(capped, rules)) {
                (*slot, n) = (keep, n + 1);
            }
        }
        let t = self.distance_tables();
        let m = Melded::of(hand);
        let c = hand.counts();
        // A void whose tiles less the discard exceed the best distance
        // after a discard so far adds no best row.
        let (keeps, voided) = fewest_voided_first(c, &keeps[..n]);
        // At most three voids: an array, no allocation.
        let mut tables = [None, None, None];
        let mut best = FAR;
        for ((slot, &keep), &voided) in tables.iter_mut().zip(&keeps[..n]).zip(&voided) {
            if voided > best + 1 {
                break;
            }
            match ClassDiscards::of(&t, c, &m.keeping(keep)) {
                Some(table) => {
                    best = best.min(*table.after.iter().min().expect("34 kinds"));
                    *slot = Some(table);
                }
                None => return Ok(None),
            }
        }
        // Concealed (Sichuan): seven pairs over each void's kinds, a
        // count, for the hand and after each discard (a voided tile's
        // discard leaves it as it is).
        let sevens = (concealed && rules.seven_pairs != SevenPairs::No).then(|| {
            let held = held_mask(c);
            let mut sevens = [(FAR, [FAR; KINDS]); 3];
            for (slot, &keep) in sevens
                .iter_mut()
                .zip(&keeps[..n])
                .take(tables.iter().flatten().count())
            {
                let kept = kinds_kept(keep);
                let counts = kept_counts(c, kept);
                let tally = Tally::of(&counts);
                let d = tally.seven_pairs_distance(rules.seven_pairs);
                let mut after = [FAR; KINDS];
                let mut left = held;
                while left != 0 {
                    let j = left.trailing_zeros() as usize;
                    left &= left - 1;
                    after[j] = if kept >> j & 1 == 1 {
                        tally
                            .without(&counts, j)
                            .seven_pairs_distance(rules.seven_pairs)
                    } else {
                        d
                    };
                }
                *slot = (d, after);
            }
            sevens
        });
        let [Some(first), others @ ..] = &mut tables else {
            return Ok(None);
        };
        let others = others.iter().flatten();
        // Each table's own distances after a discard: a row only where its
        // table reaches the best (the others' lose to it in `fewer`).
        let own = first.after;
        // Over the voids: the least distance, after each discard too.
        for other in others.clone() {
            first.d = first.d.min(other.d);
            for (a, &b) in first.after.iter_mut().zip(&other.after) {
                *a = (*a).min(b);
            }
        }
        for (d, after) in sevens.iter().flatten() {
            first.d = first.d.min(*d);
            for (a, &b) in first.after.iter_mut().zip(after) {
                *a = (*a).min(b);
            }
        }
        let table = first;
        // MCR beside one meld: the knitted straight, a count.
        // Each discard's permutations come from the hand's, one read: most
        // are out of reach.
        let knitted = knitted_beside_melds(hand, rules)
            .then(|| (one_meld_caps(hand), knitted_held_bytes(held_mask(c))));
        let less = |j: usize| {
            let mut w = *c;
            w[j] -= 1;
            w
        };
        if let Some((caps, have)) = &knitted {
            table.d = table.d.min(knitted_beside_meld(c, caps, false, table.d).0);
            let mut held = held_mask(c);
            while held != 0 {
                let j = held.trailing_zeros() as usize;
                held &= held - 1;
                let after = table.after[j];
                if knitted_within_without(*have, j, c[j], after, false) {
                    let knitted = knitted_beside_meld(&less(j), caps, false, after).0;
                    table.after[j] = after.min(knitted);
                }
            }
        }
        // The rows first: a discard no table covers sends the whole hand
        // to the general path.
        let best = *table.after.iter().min().expect("34 kinds");
        let worked: [Worked; 3] = Default::default();
        let mut found = [0u64; KINDS];
        let mut at_best = if best < FAR {
            kinds_equal(&table.after, best)
        } else {
            0
        };
        while at_best != 0 {
            let j = at_best.trailing_zeros() as usize;
            at_best &= at_best - 1;
            let mut row = (FAR, 0);
            for (after, table) in [(&own, &*table)]
                .into_iter()
                .chain(others.clone().map(|o| (&o.after, o)))
            {
                if after[j] == best {
                    let Some(more) = table.row(j, &worked) else {
                        return Ok(None);
                    };
                    row = fewer(row, more);
                }
            }
            if let Some((caps, have)) = &knitted {
                if knitted_within_without(*have, j, c[j], row.0, true) {
                    row = fewer(row, knitted_beside_meld(&less(j), caps, true, row.0));
                }
            }
            for (&keep, (_, after)) in keeps.iter().zip(sevens.iter().flatten()) {
                if after[j] == best {
                    row = fewer(
                        row,
                        seven_pairs(&less(j), kinds_kept(keep), rules.seven_pairs),
                    );
                }
            }
            found[j] = row.1;
        }
        let unseen = unseen(hand, visible)?;
        discard_table(table.d, &table.after, unseen, |kinds, tiles| {
            for (&j, t) in kinds.iter().zip(tiles) {
                *t = found[j];
            }
        })
        .map(Some)
    }
}
