//! The queries' reads beside declared melds: the melded path's distance
//! and effective tiles ([`melded`](super::melded)) under each rule set, its
//! discard distances, and the caps beside which MCR's knitted straight is
//! still in reach.

use super::answers::ShantenError;
use super::knitted::knitted_beside_meld;
use super::melded::{melded_after, melded_improving, melded_voids, CapMasks, Melded, MeldedParts};
use super::shape::{voids, Shape, Sizes};
use super::{fewer, meld_parts};
use crate::forms;
use crate::hand::Hand;
use crate::rules::Rules;
use crate::table::layout::cells::FAR;
use crate::table::Tables;
use crate::tile::KINDS;

impl<B: AsRef<[u8]>> Tables<B> {
    /// Distance and (with `want`) effective tiles of a hand with declared
    /// melds by table reads ([`melded`](super::melded)), under every rule set but the
    /// three-player one; `Ok(None)` for a concealed hand or where the
    /// tables leave doubt (the general path answers).
    #[inline]
    pub(super) fn melded(
        &self,
        hand: &Hand,
        rules: &Rules,
        sizes: Sizes,
        want: bool,
    ) -> Result<Option<(u8, u64)>, ShantenError> {
        if hand.meld_count() == 0 || rules.three_player {
            return Ok(None);
        }
        let capped = if rules.plain() {
            sizes.check(hand.concealed_len(), hand.meld_count())?;
            0
        } else {
            // Sichuan's voids and missing tiles: what the general path checks.
            Shape::checked_beside(hand, rules, sizes, meld_parts(hand))?
        };
        let knitted = knitted_beside_melds(hand, rules);
        let k = hand.concealed_len() / 3;
        Ok(self.melded_towards(hand, k, capped, rules, want, knitted))
    }

    /// [`Tables::melded`] of a checked hand (`capped`: its parts holding
    /// declared melds, see [`Shape::capped_parts`]) towards `k` melds and
    /// a pair, every target within the copies the melds leave, with MCR's
    /// knitted straight where `knitted` says it is in reach. The joker
    /// engine asks it for more melds than the real tiles make (its jokers
    /// fill the slots), and for the standard form alone.
    #[inline]
    pub(super) fn melded_towards(
        &self,
        hand: &Hand,
        k: usize,
        capped: u8,
        rules: &Rules,
        want: bool,
        knitted: bool,
    ) -> Option<(u8, u64)> {
        let t = self.distance_tables();
        let c = hand.counts();
        let m = Melded::towards(hand, k);
        if rules.plain() {
            let best = melded_improving(&t, c, &m, 0b1111, want)?;
            if !knitted {
                return Some(best);
            }
            // MCR beside one meld: the knitted straight, a count.
            return Some(fewer(
                best,
                knitted_beside_meld(c, &m.cap_masks(), want, best.0),
            ));
        }
        let mut keeps = [0u8; 3];
        let mut n = 0;
        for (slot, keep) in keeps.iter_mut().zip(voids(capped, rules)) {
            *slot = keep;
            n += 1;
        }
        melded_voids(&t, c, &m, &keeps[..n], want)
    }

    /// For the joker engine: the distance of a melded hand's real tiles
    /// (and with `want` the kinds whose draw lowers it) towards `k` melds
    /// and a pair, over the standard form's targets that hold no copy
    /// beyond what the melds leave; `None` for a concealed hand, three
    /// players, or where no table covers a suit. The hand's tiles are
    /// checked against the rules here; its size is the caller's.
    pub(crate) fn melded_within_caps(
        &self,
        hand: &Hand,
        k: usize,
        rules: &Rules,
        want: bool,
    ) -> Result<Option<(u8, u64)>, ShantenError> {
        if hand.meld_count() == 0 || rules.three_player {
            return Ok(None);
        }
        let capped = Shape::capped_parts(hand, rules)?;
        Ok(self.melded_towards(hand, k, capped, rules, want, false))
    }
}

impl<B: AsRef<[u8]>> Tables<B> {
    /// A melded 3n+2 hand's distance and its distance after each discard
    /// by table reads ([`melded`](super::melded)) over Sichuan's voids, with the parts of
    /// each kept set for the rows; `None` for a concealed hand, three
    /// players, MCR with a knitted straight in reach, or where no table
    /// covers a suit.
    pub(super) fn melded_after(
        &self,
        hand: &Hand,
        shape: &Shape,
        rules: &Rules,
    ) -> Option<MeldedAfter> {
        if shape.melds == 0 || rules.three_player {
            return None;
        }
        let t = self.distance_tables();
        let m = Melded::of(hand);
        let mut found = MeldedAfter {
            d: FAR,
            after: [FAR; KINDS],
            keeps: [None; 3],
            knitted: rules.mcr_forms
                && forms::knitted_straight_sets(shape.size, shape.melds).is_some(),
        };
        for (slot, keep) in found.keeps.iter_mut().zip(voids(shape.capped, rules)) {
            let m = m.keeping(keep);
            let (base, after) = melded_after(&t, &shape.c, &m)?;
            found.d = found.d.min(base.distance(m.k));
            for (a, b) in found.after.iter_mut().zip(after) {
                *a = (*a).min(b);
            }
            *slot = Some((m, base));
        }
        if found.knitted {
            // MCR beside one meld: the knitted straight, a count, for the
            // hand and after each discard.
            let caps = m.cap_masks();
            found.d = found
                .d
                .min(knitted_beside_meld(&shape.c, &caps, false, found.d).0);
            for i in (0..KINDS).filter(|&i| shape.c[i] > 0) {
                let after = &mut found.after[i];
                let w = shape.without(i).c;
                *after = (*after).min(knitted_beside_meld(&w, &caps, false, *after).0);
            }
        }
        Some(found)
    }
}

/// A melded discard table's distances ([`Tables::melded_after`]).
pub(super) struct MeldedAfter {
    pub(super) d: u8,
    pub(super) after: [u8; KINDS],
    /// The melds and parts for each set of kept parts (Sichuan: up to three).
    pub(super) keeps: [Option<(Melded, MeldedParts)>; 3],
    /// MCR's knitted straight is in reach (one declared meld).
    pub(super) knitted: bool,
}

/// The caps of the one declared meld beside which MCR's knitted straight
/// is in reach ([`knitted_beside_melds`]).
#[inline(always)]
pub(super) fn one_meld_caps(hand: &Hand) -> CapMasks {
    CapMasks::beside(
        hand.melds()
            .next()
            .expect("a knitted straight beside one meld"),
    )
}

/// Whether the rules' knitted straight (MCR) is in reach of a melded
/// hand: its size and melds leave room for the nine knitted tiles.
#[inline(always)]
pub(super) fn knitted_beside_melds(hand: &Hand, rules: &Rules) -> bool {
    let melds = hand.meld_count();
    rules.mcr_forms
        && forms::knitted_straight_sets(hand.concealed_len() + 3 * melds, melds).is_some()
}
