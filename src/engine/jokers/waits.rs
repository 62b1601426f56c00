//! Waits with jokers: each tile kind as the drawn tile, checked with the
//! joker needs of the parts it changes; a drawn joker tile is one more joker.

use super::{JokerError, Jokers};
use crate::engine::shanten::knitted_held_bytes;
use crate::engine::waits::{allowed_waits, CountWords};
use crate::engine::{Waits, WaitsError};
use crate::forms;
use crate::hand::Hand;
use crate::rules::{Rules, SevenPairs};
use crate::table::key::{self, Neighbourhood};
use crate::table::{needs, Tables};
use crate::tile::{Counts, KINDS};
use crate::tileset::TileSet;

/// A byte lane a knitted permutation (six of eight), bit 0 of each.
const PERM_LANES: u64 = 0x0000_0101_0101_0101;

impl<B: AsRef<[u8]>> Tables<B> {
    /// The tiles that complete the hand's real tiles with `jokers` jokers,
    /// live and exhausted (the hand holds all four copies, concealed or in
    /// melds; such a tile would be a fifth copy). Each drawn tile is a real
    /// tile; an [`Engine`](crate::Engine) with a joker tile counts its draw as
    /// a joker. With no jokers this is [`Tables::waits`].
    ///
    /// The hand with its jokers must be one tile short of complete: 1, 4, 7,
    /// 10 or 13 tiles (a declared meld counts three), or 14–17 under the generic
    /// rule's undeclared kongs.
    ///
    /// ```
    /// use hupai::{Hand, Rules, Tables};
    /// let t = Tables::embedded();
    /// let h: Hand = "1111m23m456p789s".parse().unwrap();
    /// let w = t.waits_jokers(&h, 1, &Rules::RIICHI).unwrap();
    /// // 111m 123m 456p 789s, and the drawn tile pairs with the joker: every
    /// // tile, 1m as a fifth copy (exhausted).
    /// assert_eq!((w.live.len(), w.exhausted.to_string().as_str()), (33, "1m"));
    /// let h: Hand = "19m19p19s123456z".parse().unwrap();
    /// let w = t.waits_jokers(&h, 1, &Rules::RIICHI).unwrap();
    /// assert_eq!(w.live.len(), 13); // thirteen orphans: any orphan
    /// ```
    pub fn waits_jokers(
        &self,
        hand: &Hand,
        jokers: usize,
        rules: &Rules,
    ) -> Result<Waits, WaitsError> {
        if jokers == 0 {
            return self.waits(hand, rules);
        }
        let melds = hand.meld_count();
        let size = jokers.saturating_add(hand.concealed_len() + 3 * melds);
        if !(size % 3 == 1 && size <= 13 || rules.undeclared_kongs && (14..=17).contains(&size)) {
            return Err(WaitsError::Size {
                size,
                undeclared_kongs: rules.undeclared_kongs,
            });
        }
        let allowed = allowed_waits(hand, rules);
        if allowed == 0 {
            return Ok(Waits::default()); // the hand breaks the rules' suits already
        }
        let c = hand.counts();
        let mut found = if size < 14 {
            self.standard_waits_jokers(c, jokers) & allowed
        } else {
            0 // no standard form beyond 14 tiles
        };
        let after = size + 1;
        let words = CountWords::new(c);
        let present = words.at_least(1);
        if after == 14 && melds == 0 {
            found |= pair_and_orphan_waits(&words, present, jokers, rules) & allowed;
        }
        if rules.mcr_forms && (after == 14 && melds <= 1 || after == 11 && melds == 0) {
            // The permutations missing at most j + 1 of their nine tiles,
            // holding 8 − j or more: the top bit of each byte of the held
            // counts plus 0x80 − (8 − j) (no byte carries: at most 9 + 0x80).
            let held = knitted_held_bytes(present);
            let least = 8u64.saturating_sub(jokers as u64);
            let close = held.wrapping_add(PERM_LANES * (0x80 - least)) & PERM_LANES << 7;
            if close != 0 {
                found |=
                    self.knitted_straight_waits_jokers(c, present, held, close, jokers) & allowed;
            }
            if after == 14 && melds == 0 {
                found |= shifted_and_knitted_waits(&words, present, held) & allowed;
            }
        }
        if rules.undeclared_kongs && (15..=18).contains(&after) {
            let mut rest = allowed & !found;
            while rest != 0 {
                let i = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let mut next = *c;
                next[i] += 1;
                if self.other_forms_counts(&next, melds, jokers, rules, size + 1) {
                    found |= 1 << i;
                }
            }
        }
        if found == 0 {
            return Ok(Waits::default());
        }
        // Waits of kinds whose four copies the hand holds are exhausted.
        let held = CountWords::new(&hand.all_counts()).at_least(4);
        Ok(Waits {
            live: TileSet::from_bits(found & !held),
            exhausted: TileSet::from_bits(found & held),
        })
    }

    /// The kinds whose draw completes concealed counts `c` (holding the
    /// kinds `present`, 11 or 14 slots with the draw, `j` jokers) as an MCR
    /// knitted straight and the rest, over the permutations `close` (the
    /// high bit of byte `p` for permutation `p`) of which `held` counts the
    /// tiles held (byte `p`): for each permutation missing `m` of its tiles,
    /// a draw of a missing one leaves the rest as it is with one joker more
    /// to spare; any other draw joins the rest, which must then be complete
    /// with the `j − m` jokers left: the standard waits of the rest. Out of
    /// line: a fifth of the hands of J13 have a permutation in reach.
    #[inline(never)]
    fn knitted_straight_waits_jokers(
        &self,
        c: &Counts,
        present: u64,
        held: u64,
        mut close: u64,
        j: usize,
    ) -> u64 {
        let mut found = 0u64;
        while close != 0 {
            let p = close.trailing_zeros() as usize / 8;
            close &= close - 1;
            let knit = forms::KNITTED_MASKS[p];
            let m = 9 - (held >> (8 * p) & 0xff) as usize;
            if !set_and_pair_may_hold(present & !knit) {
                continue;
            }
            let rest = forms::less_one_each(c, knit & present);
            // A draw lowers the rest's need by one at most: a rest that needs
            // more than the jokers left plus one has no wait here.
            if self.fewest_jokers(&rest) + m > j + 1 {
                continue;
            }
            found |= knit & !present;
            if m <= j {
                found |= self.standard_waits_jokers(&rest, j - m);
            }
        }
        found
    }

    /// The kinds (bit per kind) whose draw makes concealed counts `c` (a
    /// 3n+1 hand of at most 13 slots with its `j` jokers and declared
    /// melds) melds and a pair: a hand is complete when its parts' fewest
    /// jokers (one part taking its pair need) are at most `j`, so a draw in
    /// part `q` completes it when the neighbour pattern's pair need, or its
    /// meld need plus the best pair of the other parts, fits in what the
    /// other parts' meld needs leave. One need lookup per rank; a part whose
    /// needs cannot fall far enough (a draw lowers a need by at most one) is
    /// skipped.
    pub(super) fn standard_waits_jokers(&self, c: &Counts, j: usize) -> u64 {
        let b = self.needs(&key::hand_keys(c));
        // A draw lowers the hand's need by one at most: most hands are
        // settled here, before the parts' rooms.
        if super::fewest(b) > j + 1 {
            return 0;
        }
        let melds = b.map(|x| needs::melds(x) as i32);
        let delta = b.map(|x| needs::pair(x) as i32 - needs::melds(x) as i32);
        let total: i32 = melds.iter().sum();
        let mut found = 0u64;
        for q in 0..4 {
            let room = j as i32 - (total - melds[q]);
            let best_pair = (0..4)
                .filter(|&i| i != q)
                .map(|i| delta[i])
                .min()
                .unwrap_or(0);
            // Pair here needs ≤ room; melds here need ≤ room − best_pair.
            let (pair_room, meld_room) = (room, room - best_pair);
            if melds[q] + delta[q] - 1 > pair_room && melds[q] - 1 > meld_room {
                continue;
            }
            let fits = |nb: u8| {
                (needs::pair(nb) as i32) <= pair_room || (needs::melds(nb) as i32) <= meld_room
            };
            // Every rank fits, with no lookup, where the hand is complete
            // but for the draw: the part as melds within either room. The
            // jokers left over are then one (all melds: 3n+1 slots less
            // 3n) or two (with the pair elsewhere), so the drawn tile pairs
            // with one, or makes a meld with two. (Many jokers: common.)
            let any = melds[q] <= pair_room.max(meld_room);
            let n = if q < 3 { 9 } else { 7 };
            let v = &c[9 * q..9 * q + n];
            let ranks = if any && v.iter().all(|&x| x < 4) {
                ranks_in(n)
            } else if q < 3 {
                let nb = Neighbourhood::suit(v.try_into().expect("nine"));
                self.part_ranks(c, q, |r| self.suit_needs_at(nb.up(r)), fits)
            } else {
                let nb = Neighbourhood::honor(v.try_into().expect("seven"));
                self.part_ranks(c, q, |r| self.honor_needs_at(nb.up(r)), fits)
            };
            found |= ranks << (9 * q);
        }
        found
    }

    /// The ranks (bit per rank) of part `q` of counts `c` whose draw leaves
    /// the part's need (`up(r)`: read off the neighbourhood, for a rank
    /// with a copy left) within the rooms (`fits`).
    #[inline(always)]
    fn part_ranks(
        &self,
        c: &Counts,
        q: usize,
        up: impl Fn(usize) -> u8,
        fits: impl Fn(u8) -> bool,
    ) -> u64 {
        let n = if q < 3 { 9 } else { 7 };
        let mut ranks = 0u64;
        for r in 0..n {
            let need = if c[9 * q + r] < 4 {
                up(r)
            } else {
                let mut next = *c;
                next[9 * q + r] += 1;
                self.part_needs(&next, q)
            };
            ranks |= (fits(need) as u64) << r;
        }
        ranks
    }

    /// The waits of a hand as written, `spec` naming its jokers. A drawn
    /// joker tile (`--joker 7z`) is one more joker: it completes the hand
    /// when any tile does. A wait is exhausted when the hand as written holds
    /// its four copies.
    ///
    /// ```
    /// use hupai::{Engine, Hand, Jokers, Rules, Tile};
    /// let spec = Jokers { extra: 0, tile: Some(Tile::RED) };
    /// let t = Engine::embedded(Rules::GENERIC).with_jokers(spec);
    /// let h: Hand = "123m456p789s11z77z".parse().unwrap();
    /// let w = t.waits(&h).unwrap();
    /// assert_eq!(w.live.len(), 34); // any tile makes a pung with the two jokers
    /// let h: Hand = "123m456p789s144z7z".parse().unwrap();
    /// let w = t.waits(&h).unwrap();
    /// // 1z: 111z (with the joker) + 44z; 4z: 444z + 1z and the joker; a
    /// // drawn 7z is a second joker: 1z and two jokers + 44z.
    /// assert_eq!(w.live.to_string(), "1z 4z 7z");
    /// let h: Hand = "123m456p7777z".parse().unwrap();
    /// let w = t.waits(&h).unwrap();
    /// assert_eq!((w.live.len(), w.exhausted.to_string().as_str()), (33, "7z"));
    /// ```
    pub(crate) fn waits_with(
        &self,
        hand: &Hand,
        spec: &Jokers,
        rules: &Rules,
    ) -> Result<Waits, JokerError> {
        let (real, jokers) = spec.split(hand, rules)?;
        let mut w = self
            .waits_jokers(&real, jokers, rules)
            .map_err(JokerError::Waits)?;
        if let Some(t) = spec.tile {
            let any = !w.is_empty();
            let mut live = w.live.bits() & !(1 << t.index());
            let mut exhausted = w.exhausted.bits() & !(1 << t.index());
            if any {
                if hand.all_counts()[t.index()] >= 4 {
                    exhausted |= 1 << t.index();
                } else {
                    live |= 1 << t.index();
                }
            }
            w = Waits {
                live: TileSet::from_bits(live),
                exhausted: TileSet::from_bits(exhausted),
            };
        }
        Ok(w)
    }
}

/// The kinds whose draw completes concealed counts (`words`, holding the
/// kinds `present`; 13 slots with the jokers, no declared meld) as MCR
/// seven shifted pairs or honours and knitted tiles, the jokers filling
/// the rest: with the draw, the real tiles still lie in a seven-rank window
/// of one suit, at most two of a kind; or they are distinct, their
/// numbered ones of one knitted permutation (`knitted`: byte `p` counts
/// the held tiles of permutation `p`, [`knitted_held_bytes`]).
#[inline(always)]
fn shifted_and_knitted_waits(words: &CountWords, present: u64, knitted: u64) -> u64 {
    const SUITED: u64 = (1 << 27) - 1;
    let mut found = 0;
    // Shifted pairs hold one suit only: most hands fail that first.
    let one_suit = (0..3).any(|s| present & !(0x1ff << (9 * s)) == 0);
    if one_suit && !words.any_at_least(3) {
        let two = words.at_least(2);
        for start in [0, 1, 2, 9, 10, 11, 18, 19, 20] {
            let window = 0x7f << start;
            if present & !window == 0 {
                found |= window & !two;
            }
        }
    }
    if !words.any_at_least(2) {
        // The permutations that hold every numbered tile held: those whose
        // count of held tiles (byte p of `knitted`) is all of them.
        let suited = u64::from((present & SUITED).count_ones());
        let x = knitted ^ (suited * PERM_LANES);
        const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
        let mut same = !((x & LOW7).wrapping_add(LOW7) | x) & PERM_LANES << 7;
        while same != 0 {
            let knit = forms::KNITTED_MASKS[same.trailing_zeros() as usize / 8];
            same &= same - 1;
            found |= (knit | forms::HONOR_MASK) & !present;
        }
    }
    found
}

/// The kinds (bit per kind) whose draw completes concealed counts (`words`,
/// holding the kinds `present`; 13 slots with the `j` jokers, no declared
/// meld) as seven pairs or thirteen orphans, by the counting rules of the
/// joker forms applied to the counts plus each draw: quads allowed, a draw
/// turns one kind's parity; distinct pairs, a draw may pair a single or add
/// a kind; thirteen orphans, a draw adds an orphan.
#[inline(always)]
fn pair_and_orphan_waits(words: &CountWords, present: u64, j: usize, rules: &Rules) -> u64 {
    const ALL: u64 = (1 << KINDS) - 1;
    // Each form is settled by a count first: most hands fail it there.
    let mut found = 0u64;
    match rules.seven_pairs {
        SevenPairs::No => {}
        SevenPairs::QuadsAllowed => {
            let n_odd = words.odd_count() as usize;
            if n_odd <= j + 1 {
                let odd = words.odd();
                found |= odd;
                // An even count below four: none or a pair.
                if n_odd < j {
                    found |= ALL & !odd & !words.at_least(4);
                }
            }
        }
        SevenPairs::Distinct => {
            let kinds = present.count_ones();
            if kinds <= 7 && !words.any_at_least(3) {
                found |= present & !words.at_least(2);
                if kinds < 7 {
                    found |= ALL & !present;
                }
            }
        }
    }
    if rules.thirteen_orphans && present & !forms::ORPHAN_MASK == 0 && !words.any_at_least(3) {
        // Only orphans, so the pairs are orphans: at most one.
        let two = words.at_least(2);
        match two.count_ones() {
            0 => found |= forms::ORPHAN_MASK,
            1 => found |= forms::ORPHAN_MASK & !present,
            _ => {}
        }
    }
    found
}

/// Whether a set and a pair may hold the kinds `kinds`: one kind for the
/// pair, the rest within one chow's three ranks of a suit or one kind. A
/// filter by kinds alone (counts unchecked), so it passes every rest a set
/// and a pair hold, and most random rests of three or more kinds fail it.
/// The pair can be taken as the lowest or the highest kind: a kind between
/// the others lies in any chow's window that holds them. Without a branch
/// on the kinds, which are as random as the hand.
fn set_and_pair_may_hold(kinds: u64) -> bool {
    // `r` (not empty) within one kind, or three ranks of one suit.
    let within_chow = |r: u64| {
        let (lo, hi) = (r.trailing_zeros(), 63 - (r | 1).leading_zeros());
        (lo == hi) | (hi.wrapping_sub(lo) <= 2) & (hi < 27) & (lo / 9 == hi / 9)
    };
    let low = kinds & kinds.wrapping_neg();
    let high = 1u64.wrapping_shl(63 - (kinds | 1).leading_zeros());
    (kinds.count_ones() <= 2) | within_chow(kinds & !low) | within_chow(kinds & !high)
}

/// The lowest `n` ranks, bit per rank.
#[inline(always)]
const fn ranks_in(n: usize) -> u64 {
    (1 << n) - 1
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The filter equals its definition (some kind the pair, the others
    /// one kind or within one chow's ranks) on every set of at most five
    /// kinds, and refuses every larger one.
    #[test]
    fn set_and_pair_filter_equals_its_definition() {
        let chow_or_kind = |r: u64| {
            r.count_ones() <= 1
                || (0..27)
                    .filter(|&lo| lo % 9 <= 6)
                    .any(|lo| r & !(0b111 << lo) == 0)
        };
        let defined =
            |k: u64| k == 0 || (0..KINDS).any(|x| k >> x & 1 == 1 && chow_or_kind(k & !(1 << x)));
        let mut sets = vec![0u64];
        let (mut checked, mut held) = (0, 0);
        for _ in 0..5 {
            let mut next = Vec::new();
            for &k in &sets {
                let top = if k == 0 {
                    0
                } else {
                    64 - k.leading_zeros() as usize
                };
                for i in top..KINDS {
                    next.push(k | 1 << i);
                }
            }
            for &k in &next {
                let want = defined(k);
                assert_eq!(set_and_pair_may_hold(k), want, "{k:#x}");
                held += usize::from(want);
                checked += 1;
            }
            sets = next;
        }
        assert!(!set_and_pair_may_hold((1 << 6) - 1));
        // Sets of 1–5 of the 34 kinds, and those a set and a pair hold.
        assert_eq!(checked, 34 + 561 + 5984 + 46376 + 278256);
        assert!(held > 1000, "{held}");
    }
}
