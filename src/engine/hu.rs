//! Is the hand complete? Four record lookups for the standard form.

use crate::forms;
use crate::hand::{Hand, HandError};
use crate::rules::Rules;
use crate::table::{key, record, Tables};
use crate::tile::{Counts, KINDS};

/// The hand's tiles are legal under `rules`: honours only where they exist, and
/// at most `max_suits` numbered suits counting declared melds (Sichuan).
pub fn suits_allowed(hand: &Hand, rules: &Rules) -> bool {
    rules.plain() || tiles_allowed(&hand.all_counts(), rules)
}

/// [`suits_allowed`] over every tile of a hand, concealed and declared.
fn tiles_allowed(all: &Counts, rules: &Rules) -> bool {
    if rules.missing_tile(all).is_some() {
        return false; // honours without honours, 2m–8m in three-player
    }
    let honors = all[27..].iter().any(|&c| c > 0);
    let suits = (0..3)
        .filter(|s| all[s * 9..s * 9 + 9].iter().any(|&c| c > 0))
        .count();
    (rules.honors || !honors) && suits <= rules.max_suits as usize
}

/// [`suits_allowed`] read from the hand's part keys and the declared kinds:
/// which suits hold tiles comes from each key's tile count and a mask of the
/// melds, not from a pass over the 34 counts (Sichuan's check on every hand).
/// Three-player rules lack 2m–8m: one word of the counts and the mask tell.
#[inline(always)]
fn suits_allowed_keyed(
    counts: &Counts,
    declared: u64,
    keys: &[key::Key; 4],
    rules: &Rules,
) -> bool {
    const SUIT: u64 = 0x1ff;
    // Bit s: part s (3 = honours) holds a tile, concealed or declared.
    let mut held = 0u8;
    for (s, &k) in keys.iter().enumerate() {
        let melded = declared >> (9 * s) & if s < 3 { SUIT } else { 0x7f };
        held |= u8::from(key::key_tiles(k) != 0 || melded != 0) << s;
    }
    let missing =
        rules.three_player && (forms::any_character_simple(counts) || declared & 0xfe != 0);
    !missing
        && (rules.honors || held & 8 == 0)
        && (held & 7).count_ones() <= u32::from(rules.max_suits)
}

/// Every part complete, exactly one of them holding the pair: one sum and one
/// compare, no branch per part that the predictor could not learn on random
/// hands. The form weights (0, 1 or 4) are a record's low three bits, and
/// carries only go up, so the low three bits of the records' sum are the
/// weights' sum modulo 8: 7 only as 1 + 1 + 1 + 4 (four weights of 0, 1
/// and 4 never sum to 15).
#[inline(always)]
fn complete([m, p, s, z]: [u16; 4]) -> bool {
    const _: () = assert!(record::MELDS | record::PAIR == 0b101 && record::WAIT_SHIFT == 3);
    (m as u32 + p as u32 + s as u32 + z as u32) & 7 == 7
}

impl<B: AsRef<[u8]>> Tables<B> {
    /// Whether the hand is complete (hu) under `rules`: the standard form with
    /// its declared melds, then the special forms the rules allow, then (generic
    /// rules) quads read as undeclared kongs.
    ///
    /// ```
    /// use hupai::{Hand, Notation, Rules, Tables, notation};
    /// let t = Tables::embedded();
    /// let hu = |s| t.is_win(&notation::parse(s, Notation::Mediatek).unwrap(), &Rules::GENERIC);
    /// assert!(hu("ABCeee345456DD"));
    /// assert!(!hu("ABeeee345456DD"));
    /// assert!(hu("AAAABBBBCCCCDDDD88"));
    /// ```
    #[inline]
    pub fn is_win(&self, hand: &Hand, rules: &Rules) -> bool {
        self.is_win_keyed(hand, &key::hand_keys(hand.counts()), rules)
    }

    /// [`Tables::is_win`] for a concealed hand given as its 34 counts (a row
    /// of a batch), without building a [`Hand`]; fails on a count above four.
    ///
    /// ```
    /// use hupai::{Hand, Rules, Tables};
    /// let t = Tables::embedded();
    /// let h: Hand = "123m456p789s11122z".parse().unwrap();
    /// assert_eq!(t.is_win_counts(h.counts(), &Rules::RIICHI), Ok(true));
    /// let mut fifth = *h.counts();
    /// fifth[0] = 5;
    /// assert!(t.is_win_counts(&fifth, &Rules::RIICHI).is_err());
    /// ```
    #[inline]
    pub fn is_win_counts(&self, counts: &Counts, rules: &Rules) -> Result<bool, HandError> {
        if !crate::hand::counts_valid(counts) {
            return Hand::new(*counts, &[]).map(|_| false);
        }
        Ok(self.is_win_parts(counts, (0, 0), &key::hand_keys(counts), || *counts, rules))
    }

    /// [`Tables::is_win`] with the hand's part keys already computed (the
    /// incremental [`HandState`](crate::server::HandState) keeps them).
    #[inline(always)]
    pub(crate) fn is_win_keyed(&self, hand: &Hand, keys: &[key::Key; 4], rules: &Rules) -> bool {
        let melds = (hand.meld_count(), hand.declared_kinds());
        self.is_win_parts(hand.counts(), melds, keys, || hand.all_counts(), rules)
    }

    /// The hu check over a hand's parts: its concealed `counts`, its declared
    /// melds as (how many, their kinds a bit per kind), its part keys, and
    /// every tile it holds (asked for only on the rare paths).
    #[inline(always)]
    fn is_win_parts(
        &self,
        counts: &Counts,
        (melds, declared): (usize, u64),
        keys: &[key::Key; 4],
        all: impl FnOnce() -> Counts,
        rules: &Rules,
    ) -> bool {
        let keys = *keys;
        let size = key::keys_tiles(&keys) + 3 * melds;
        // Tiles the rules lack or too many suits: no form wins.
        if !rules.plain() {
            let allowed = if size <= 14 {
                suits_allowed_keyed(counts, declared, &keys, rules)
            } else {
                tiles_allowed(&all(), rules)
            };
            if !allowed {
                return false;
            }
        }
        // Complete parts hold 3n tiles (melds) or 3n + 2 (with the pair), so
        // `complete` implies a size of 3n + 2; the bound keeps every part
        // within the tables' 14 tiles.
        if size <= 14 && complete(self.records(&keys)) {
            return true;
        }
        // A cheap filter first: a call to the full tests costs as much again as
        // the whole standard check, and almost no hand gets past it. Only a
        // knitted straight (MCR) takes a declared meld.
        let other_forms = match size {
            14 => melds <= usize::from(rules.mcr_forms) && forms::may_be_special(counts, rules),
            // A bare 11-tile hand may be a knitted straight and a pair.
            11 => rules.mcr_forms && melds == 0,
            15..=18 => rules.undeclared_kongs,
            _ => false,
        };
        other_forms && self.is_win_other_forms(counts, melds, rules, size)
    }

    /// Melds + one pair from the concealed counts (declared melds already set
    /// aside). Every part must hold at most 14 tiles.
    #[inline]
    pub(crate) fn standard(&self, c: &Counts) -> bool {
        complete(self.records(&key::hand_keys(c)))
    }

    /// The forms beyond the plain standard one: special forms, kongs by count
    /// (the hand's tiles and suits already allowed).
    #[inline(never)]
    fn is_win_other_forms(&self, c: &Counts, melds: usize, rules: &Rules, size: usize) -> bool {
        if size == 14 && self.special_form(c, melds, rules) {
            return true;
        }
        if size == 11 && rules.mcr_forms && melds == 0 && self.knitted_straight(c) {
            return true;
        }
        rules.undeclared_kongs && (15..=18).contains(&size) && self.with_kongs(c, size - 14)
    }

    /// The 14-slot special forms: seven pairs, thirteen orphans, honours and
    /// knitted (all fully concealed), knitted straight (at most one meld).
    fn special_form(&self, c: &Counts, melds: usize, rules: &Rules) -> bool {
        use crate::rules::SevenPairs;
        let concealed = melds == 0;
        (concealed
            && rules.seven_pairs != SevenPairs::No
            && forms::seven_pairs(c, rules.seven_pairs))
            || (concealed && rules.thirteen_orphans && forms::thirteen_orphans(c))
            || (concealed && rules.mcr_forms && forms::honors_and_knitted(c).is_some())
            || (rules.mcr_forms && melds <= 1 && self.knitted_straight(c))
    }

    /// MCR knitted straight: its nine tiles, then the rest is a set and a pair
    /// (or only the pair, beside a declared or a missing set).
    fn knitted_straight(&self, c: &Counts) -> bool {
        forms::knitted_straights(c).any(|p| {
            let mut rest = *c;
            for i in forms::knitted_tiles(p) {
                rest[i] -= 1;
            }
            self.standard(&rest)
        })
    }

    /// Generic (seed) rule: a hand of 14 + k slots wins with k concealed quads
    /// taken as kongs and the rest melds + pair. Tries each choice of quads.
    fn with_kongs(&self, c: &Counts, k: usize) -> bool {
        let mut quads = [0usize; 4];
        let mut n = 0;
        for i in (0..KINDS).filter(|&i| c[i] == 4) {
            quads[n] = i;
            n += 1;
        }
        (0u32..1 << n)
            .filter(|m| m.count_ones() as usize == k)
            .any(|mask| {
                let mut rest = *c;
                for (j, &i) in quads[..n].iter().enumerate() {
                    if mask >> j & 1 == 1 {
                        rest[i] = 0;
                    }
                }
                self.standard(&rest)
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sets::{hands, Set, SEED};

    /// The keyed suit check equals the one over the counts on random,
    /// complete and melded hands under every rule set, three-player too.
    #[test]
    fn keyed_suit_check_equals_the_counted_one() {
        for set in [Set::R14, Set::C14, Set::M14, Set::M13] {
            for hand in hands(set, 20_000, SEED) {
                let keys = key::hand_keys(hand.counts());
                for rules in Rules::ALL.iter().chain([&Rules::RIICHI3]) {
                    assert_eq!(
                        suits_allowed_keyed(hand.counts(), hand.declared_kinds(), &keys, rules),
                        suits_allowed(&hand, rules),
                        "{hand} under {rules}"
                    );
                }
            }
        }
    }
}
