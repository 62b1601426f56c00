//! Concealed hands counted towards a given number of slots, and hands one
//! tile short of a query's size: the reads the joker engine and the
//! short-hand tables build on
//! ([`Tables::effective_short`](crate::Tables::effective_short)).

use super::concealed::{concealed_short_rows, open_standard, with_special};
use super::counts::Tally;
use super::discard_tables::twin_counts;
use super::general::{all_parts_open, distance, special_improving, Memo};
use super::knitted::{knitted_distance_tallied, knitted_special_improving};
use super::shape::Shape;
use crate::rules::Rules;
use crate::table::layout::cells::FAR;
use crate::table::Tables;
use crate::tile::{total, Counts, KINDS};

impl<B: AsRef<[u8]>> Tables<B> {
    /// The replacement distance of concealed counts `c` (no declared meld)
    /// towards complete hands of `slots` tiles (3n+1 or 3n+2, at most 14,
    /// at least the tiles of `c`; the joker engine passes its hand's size),
    /// every target holding at most four copies of a kind. The caller has
    /// checked the tiles against the rules (no honours in Sichuan) and read
    /// the parts' tallied keys of `c` (`keys`, see `key::hand_tallies`),
    /// which the knitted forms' counts share.
    pub(crate) fn concealed_slots_distance(
        &self,
        c: &Counts,
        keys: &[crate::table::key::Tallied; 4],
        slots: usize,
        rules: &Rules,
    ) -> u8 {
        if rules.mcr_forms && rules.plain() && (13..=14).contains(&slots) {
            return knitted_distance_tallied(&self.distance_tables(), c, keys, slots, rules);
        }
        let shape = Shape::concealed(c, slots, rules);
        distance(self, &shape, rules, &mut Memo::off())
    }
}

impl<B: AsRef<[u8]>> Tables<B> {
    /// The draws of a concealed hand of 3n tiles (12, 9, 6 or 3: a 3n+1 hand
    /// less one tile): its replacement distance towards complete hands of
    /// 3n+2 tiles, and the kinds whose draw lowers it (bit per kind). The
    /// hand plus kind k thus has shanten `distance − 1`, one less when k is
    /// listed: the shanten of every discard-and-draw of a 3n+1 hand from
    /// one query per discard. `None` off the common case (counts of another
    /// size, or rules that close a part: Sichuan, MCR forms; three players
    /// answer as their four-player twin, but for counts of more than seven
    /// honour-like kinds or holding 2m–8m).
    ///
    /// ```
    /// use hupai::{Hand, Rules, Tables};
    /// let t = Tables::embedded();
    /// // Three melds, aiming at three melds and a pair: two tiles short,
    /// // and any draw is half the pair (ready, shanten 0).
    /// let h: Hand = "123m456p789s".parse().unwrap();
    /// let (d, tiles) = t.effective_short(h.counts(), &Rules::RIICHI).unwrap();
    /// assert_eq!((d, tiles.count_ones()), (2, 34));
    /// // 12m 44p 789s 11z 777z: 3m, 4p or 1z brings it a tile closer; a
    /// // stray 9p does not.
    /// let h: Hand = "12m44p789s11777z".parse().unwrap();
    /// let (d, tiles) = t.effective_short(h.counts(), &Rules::RIICHI).unwrap();
    /// assert_eq!(d, 2);
    /// assert_eq!(tiles, 1 << 2 | 1 << 12 | 1 << 27);
    /// ```
    pub fn effective_short(&self, c: &Counts, rules: &Rules) -> Option<(u8, u64)> {
        let tally = Tally::of(c);
        let n = tally.tiles as usize;
        let fits = (3..=12).contains(&n) && n.is_multiple_of(3) && c.iter().all(|&x| x <= 4);
        if fits && rules.three_player {
            let (twin, c, four) = twin_counts(c, rules)?;
            let (d, draws) = self.effective_short(&c, &four)?;
            return Some((d, twin.draws(draws)));
        }
        if !fits || !all_parts_open(rules) {
            return None;
        }
        // The counting forms (14 slots) are in reach of 12 tiles too.
        let special = if n == 12 {
            tally.special_distance(rules)
        } else {
            FAR
        };
        let (d, tiles) = open_standard(self, c, n / 3, special);
        Some((
            d.min(special),
            with_special(c, &tally, rules, d, tiles, special),
        ))
    }
}

impl<B: AsRef<[u8]>> Tables<B> {
    /// [`Tables::effective_short`] of the hands one tile short of concealed
    /// counts `c` (13, 10, 7 or 4 tiles, at most four copies a kind):
    /// element j answers for `c` less one tile of kind j, for each kind
    /// held and in `kinds` (bit per kind); (0, 0) for the others (an
    /// answer is at least 2, the tiles a 3n-tile hand lacks). Removing a
    /// tile changes one part of the hand, so the hands share the other
    /// parts' lookups: cheaper than one query per kind. `None` where
    /// `effective_short` gives none.
    ///
    /// ```
    /// use hupai::{Hand, Rules, Tables};
    /// let t = Tables::embedded();
    /// let h: Hand = "12m44p789s116777z".parse().unwrap();
    /// let all = t.effective_short_discards(h.counts(), &Rules::RIICHI, !0).unwrap();
    /// for j in 0..34 {
    ///     let mut y = *h.counts();
    ///     if y[j] == 0 {
    ///         assert_eq!(all[j], (0, 0));
    ///         continue;
    ///     }
    ///     y[j] -= 1;
    ///     assert_eq!(Some(all[j]), t.effective_short(&y, &Rules::RIICHI));
    /// }
    /// // Less the stray 6z: 12m 44p 789s 11z 777z, as in effective_short.
    /// assert_eq!(all[32], (2, 1 << 2 | 1 << 12 | 1 << 27));
    /// // Only the kinds asked.
    /// let some = t.effective_short_discards(h.counts(), &Rules::RIICHI, 1 << 32).unwrap();
    /// assert_eq!((some[32], some[0]), (all[32], (0, 0)));
    /// ```
    pub fn effective_short_discards(
        &self,
        c: &Counts,
        rules: &Rules,
        kinds: u64,
    ) -> Option<[(u8, u64); KINDS]> {
        let mut out = [(0, 0); KINDS];
        self.effective_short_memo(c, rules, kinds, &mut [0; 64], &mut out)
            .then_some(out)
    }

    /// [`Tables::effective_short_discards`] into `out` (false, and `out`
    /// left alone, where it gives `None`), with a cache the caller keeps
    /// across calls: `memo`, a power of two long and zeroed at first, whose
    /// contents only this method reads and writes (standard forms by the
    /// parts' classes, which repeat from one hand to its neighbours).
    pub(crate) fn effective_short_memo(
        &self,
        c: &Counts,
        rules: &Rules,
        kinds: u64,
        memo: &mut [u128],
        out: &mut [(u8, u64); KINDS],
    ) -> bool {
        let n = total(c);
        let fits = (4..=13).contains(&n) && n % 3 == 1 && c.iter().all(|&x| x <= 4);
        if fits && rules.three_player {
            let Some((twin, c, four)) = twin_counts(c, rules) else {
                return false;
            };
            let mut answers = [(0, 0); KINDS];
            if !self.effective_short_memo(&c, &four, twin.kinds(kinds), memo, &mut answers) {
                return false;
            }
            for j in (0..KINDS).filter(|&j| kinds >> j & 1 == 1 && c[twin.kind(j)] > 0) {
                let (d, draws) = answers[twin.kind(j)];
                out[j] = (d, twin.draws(draws));
            }
            return true;
        }
        if !fits || !all_parts_open(rules) {
            return false;
        }
        assert!(memo.len().is_power_of_two(), "a power of two slots");
        concealed_short_rows(self, c, rules, kinds, memo, out);
        true
    }
}

impl<B: AsRef<[u8]>> Tables<B> {
    /// The forms other than the standard one for concealed counts `c` (no
    /// declared meld, at most four copies a kind) towards complete hands of
    /// `slots` + 1 tiles (`slots` is 3n+1; the joker engine passes its
    /// hand's size): their least distance and the kinds whose draw lowers
    /// it (bit per kind). [`FAR`] when the rules have none for that size; a
    /// knitted straight farther than `bound` may be left out.
    pub(crate) fn concealed_special_improving(
        &self,
        c: &Counts,
        slots: usize,
        rules: &Rules,
        bound: u8,
    ) -> (u8, u64) {
        if rules.mcr_forms && rules.plain() && (13..=14).contains(&slots) {
            return knitted_special_improving(&self.distance_tables(), c, rules, bound);
        }
        let shape = Shape::concealed(c, slots, rules);
        special_improving(self, &shape, rules, bound)
    }
}
