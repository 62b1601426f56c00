//! Jokers (wildcards, 赖子): tiles that stand for any tile, even one whose
//! four copies the hand already holds.
//!
//! A hand with jokers is its real tiles plus a joker count. The standard form
//! needs no search: `jokers.tbl` gives, for every per-suit pattern, the fewest
//! jokers that make it melds only and melds plus one pair (see
//! `needs`). Groups never cross parts, so the hand's
//! fewest jokers is the sum of the parts' meld needs with one part (the one
//! holding the pair) taking its pair need instead; the pair may be two jokers,
//! which every part's pair need already allows. Surplus jokers form pungs of
//! jokers, and the hand size makes the surplus a multiple of three. So a check
//! is four lookups, a sum and a minimum, whatever the number of jokers.
//!
//! Jokers never add a suit or an honour the real tiles lack: a joker sharing a
//! group with a real tile takes that tile's suit, and a group of jokers only
//! can be a pung of any suit already present. So the rule set's tile limits
//! (no honours, at most two suits) apply to the real tiles alone.
//!
//! The special forms with jokers are direct counting rules (each proven in
//! its function's comment); the generic rules' undeclared kongs try
//! which kinds the jokers turn into kongs.

use crate::engine::shanten::{at_least, held_mask};
use crate::engine::suits_allowed;
use crate::engine::{ShantenError, WaitsError};
use crate::forms;
use crate::hand::Hand;
use crate::rules::{Rules, SevenPairs};
use crate::table::{key, needs, Tables};
use crate::tile::{Counts, Tile, KINDS};
use std::fmt;

mod arrange;
mod lookup;
mod melded;
mod shanten;
mod waits;

pub use arrange::{FreeJokers, JokerArrangement, JokerGroup};

/// Which tiles of a hand are jokers: `extra` jokers besides the listed tiles
/// (`--jokers N`), and every concealed copy of `tile` (`--joker 7z`, the
/// Red-dragon game). Declared melds keep their tiles.
///
/// ```
/// use hupai::{Hand, Jokers, Rules, Tile};
/// let hand: Hand = "123m456p789s77z11z".parse().unwrap();
/// let spec = Jokers { extra: 1, tile: Some(Tile::RED) };
/// let (real, jokers) = spec.split(&hand, &Rules::GENERIC).unwrap();
/// assert_eq!((real.to_string().as_str(), jokers), ("123m456p789s11z", 3));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Jokers {
    /// Jokers in addition to the listed tiles.
    pub extra: usize,
    /// A tile kind whose concealed copies are all jokers.
    pub tile: Option<Tile>,
}

/// Why a joker specification does not fit a hand.
///
/// ```
/// use hupai::{Hand, JokerError, Jokers, Rules};
/// let hand: Hand = "11122233344455m".parse().unwrap();
/// let e = Jokers { extra: 1, tile: None }.split(&hand, &Rules::RIICHI).unwrap_err();
/// assert!(matches!(e, JokerError::TooMany { jokers: 1, size: 15, max: 14, .. }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JokerError {
    /// The jokers make the hand larger than any complete hand of the rules.
    TooMany {
        /// Jokers in the hand.
        jokers: usize,
        /// Tiles of the hand with its jokers (a declared meld counts three).
        size: usize,
        /// Largest hand of the rules.
        max: usize,
        /// The rule set's name.
        rules: &'static str,
    },
    /// The joker tile does not exist under the rules (an honour in Sichuan).
    NoSuchTile {
        /// The tile.
        tile: Tile,
        /// The rule set's name.
        rules: &'static str,
    },
    /// The hand with its jokers is not one tile short of complete.
    Waits(WaitsError),
    /// The hand with its jokers has no shanten (its size, its tiles).
    Shanten(ShantenError),
}

impl fmt::Display for JokerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JokerError::TooMany {
                jokers,
                size,
                max,
                rules,
            } => write!(
                f,
                "{jokers} joker{} make{} a hand of {size} tiles; a hand holds at most {max} under {rules} rules",
                if *jokers == 1 { "" } else { "s" },
                if *jokers == 1 { "s" } else { "" },
            ),
            JokerError::NoSuchTile { tile, rules } => {
                write!(f, "joker tile {tile} does not exist under {rules} rules")
            }
            JokerError::Waits(e) => write!(f, "{e} (jokers included)"),
            JokerError::Shanten(e) => write!(f, "{e} (jokers included)"),
        }
    }
}

impl std::error::Error for JokerError {}

/// The largest hand a rule set completes, in tiles (a declared meld counts
/// three, as in every size rule): 14, or 18 with the generic rules' undeclared kongs.
///
/// ```
/// use hupai::{engine::jokers::max_size, Rules};
/// assert_eq!((max_size(&Rules::GENERIC), max_size(&Rules::RIICHI)), (18, 14));
/// ```
pub fn max_size(rules: &Rules) -> usize {
    if rules.undeclared_kongs {
        18
    } else {
        14
    }
}

impl Jokers {
    /// No jokers.
    ///
    /// ```
    /// assert!(hupai::Jokers::NONE.is_none());
    /// ```
    pub const NONE: Jokers = Jokers {
        extra: 0,
        tile: None,
    };

    /// True when the specification names no joker at all.
    ///
    /// ```
    /// use hupai::{Jokers, Tile};
    /// assert!(!Jokers { extra: 0, tile: Some(Tile::RED) }.is_none());
    /// ```
    pub fn is_none(&self) -> bool {
        self.extra == 0 && self.tile.is_none()
    }

    /// The hand without its joker tiles, and the number of jokers. Fails when
    /// the joker tile does not exist under `rules` or when the jokers make the
    /// hand larger than [`max_size`].
    ///
    /// ```
    /// use hupai::{Hand, Jokers, Rules, Tile};
    /// let hand: Hand = "123m456p789s11z".parse().unwrap();
    /// let e = Jokers { extra: 4, tile: None }.split(&hand, &Rules::RIICHI).unwrap_err();
    /// assert_eq!(e.to_string(), "4 jokers make a hand of 15 tiles; a hand holds at most 14 under riichi rules");
    /// let e = Jokers { extra: 0, tile: Some(Tile::RED) }.split(&hand, &Rules::SICHUAN).unwrap_err();
    /// assert_eq!(e.to_string(), "joker tile 7z does not exist under sichuan rules");
    /// ```
    pub fn split(&self, hand: &Hand, rules: &Rules) -> Result<(Hand, usize), JokerError> {
        let mut real = *hand;
        let mut jokers = self.extra;
        if let Some(t) = self.tile {
            if t.is_honor() && !rules.honors {
                return Err(JokerError::NoSuchTile {
                    tile: t,
                    rules: rules.name,
                });
            }
            while let Some(h) = real.without_tile(t) {
                real = h;
                jokers = jokers.saturating_add(1);
            }
        }
        let size = jokers.saturating_add(real.concealed_len() + 3 * real.meld_count());
        if jokers > 0 && size > max_size(rules) {
            return Err(JokerError::TooMany {
                jokers,
                size,
                max: max_size(rules),
                rules: rules.name,
            });
        }
        Ok((real, jokers))
    }
}

/// The fewest jokers that make the four parts melds + one pair, from their
/// need bytes: every part's meld need, except one part's pair need.
#[inline(always)]
fn fewest([a, b, c, d]: [u8; 4]) -> usize {
    let m = needs::melds(a) + needs::melds(b) + needs::melds(c) + needs::melds(d);
    // m ≥ each part's meld need, so no term underflows. A capped need (15)
    // makes every term holding it ≥ 15, above any joker count compared.
    (m - needs::melds(a) + needs::pair(a))
        .min(m - needs::melds(b) + needs::pair(b))
        .min(m - needs::melds(c) + needs::pair(c))
        .min(m - needs::melds(d) + needs::pair(d))
}

impl<B: AsRef<[u8]>> Tables<B> {
    /// Whether the hand's real tiles plus `jokers` jokers are complete under
    /// `rules`: some choice of what each joker stands for completes the hand,
    /// with no four-copies bound. A hand of jokers only is complete when its
    /// size allows. See [`Jokers::split`] to take jokers out of a hand.
    ///
    /// ```
    /// use hupai::{Hand, Rules, Tables};
    /// let t = Tables::embedded();
    /// let hu = |s: &str, j| t.is_win_jokers(&s.parse::<Hand>().unwrap(), j, &Rules::GENERIC);
    /// assert!(hu("123m456p789s1z", 1)); // the joker is 1z
    /// assert!(hu("1111m", 1)); // 111m + 1m and a joker: a fifth 1m
    /// assert!(hu("19m19p19s1234567z", 1) == false); // no thirteen orphans in generic
    /// assert!(t.is_win_jokers(&"19m19p19s1234567z".parse().unwrap(), 1, &Rules::RIICHI));
    /// assert!(hu("15m", 3)); // 1m + 2 jokers, 5m + joker as the pair
    /// assert!(!hu("159m", 2));
    /// ```
    pub fn is_win_jokers(&self, hand: &Hand, jokers: usize, rules: &Rules) -> bool {
        let keys = key::hand_keys(hand.counts());
        let tiles = key::keys_tiles(&keys);
        // Saturating: an absurd joker count is simply too many, never a wrap.
        let size = jokers.saturating_add(tiles + 3 * hand.meld_count());
        let plain = rules.honors && rules.max_suits >= 3;
        if size % 3 == 2
            && size <= 14
            && (plain || suits_allowed(hand, rules))
            && fewest(self.needs(&keys)) <= jokers
        {
            return true;
        }
        self.jokers_other_forms(hand, jokers, rules, size)
    }

    /// The fewest jokers that make these concealed counts melds and one pair.
    /// One count may be a fifth copy (a hypothetical draw, as when listing
    /// exhausted waits); each part must hold at most 14 tiles.
    ///
    /// ```
    /// use hupai::{Hand, Tables};
    /// let t = Tables::embedded();
    /// let fewest = |s: &str| t.fewest_jokers(s.parse::<Hand>().unwrap().counts());
    /// assert_eq!(fewest("123m456p789s11z"), 0);
    /// assert_eq!(fewest("13m456p789s1z"), 2); // 2m, and a second 1z
    /// assert_eq!(fewest("1m"), 1);
    /// let mut c = *"1111m".parse::<Hand>().unwrap().counts();
    /// c[0] = 5;
    /// assert_eq!(t.fewest_jokers(&c), 0); // 111m 11m
    /// ```
    pub fn fewest_jokers(&self, c: &Counts) -> usize {
        let Some(i) = c.iter().position(|&x| x > 4) else {
            return fewest(self.needs(&key::hand_keys(c)));
        };
        let mut b = self.needs(&key::hand_keys(&capped(c)));
        let (s, r) = (i / 9, i % 9);
        b[s] = if s < 3 {
            let v: [u8; 9] = c[9 * s..9 * s + 9].try_into().expect("nine ranks");
            fifth_copy(&v, r, true, |w| self.suit_needs(w))
        } else {
            let v: [u8; 7] = c[27..].try_into().expect("seven honours");
            fifth_copy(&v, r, false, |w| self.honor_needs(w))
        };
        fewest(b)
    }

    /// The need byte of part `s` of counts `c` (one count may be a fifth copy).
    #[inline]
    fn part_needs(&self, c: &Counts, s: usize) -> u8 {
        if s < 3 {
            let v: [u8; 9] = c[9 * s..9 * s + 9].try_into().expect("nine ranks");
            match v.iter().position(|&x| x > 4) {
                None => self.suit_needs(&v),
                Some(r) => fifth_copy(&v, r, true, |w| self.suit_needs(w)),
            }
        } else {
            let v: [u8; 7] = c[27..].try_into().expect("seven honours");
            match v.iter().position(|&x| x > 4) {
                None => self.honor_needs(&v),
                Some(r) => fifth_copy(&v, r, false, |w| self.honor_needs(w)),
            }
        }
    }

    /// The forms beyond the plain standard one, with jokers.
    #[inline(never)]
    fn jokers_other_forms(&self, hand: &Hand, j: usize, rules: &Rules, size: usize) -> bool {
        let plain = rules.honors && rules.max_suits >= 3;
        (plain || suits_allowed(hand, rules))
            && self.other_forms_counts(hand.counts(), hand.meld_count(), j, rules, size)
    }

    /// The special forms and the generic rules' undeclared kongs on counts (one may be a
    /// fifth copy, which no special form holds).
    fn other_forms_counts(
        &self,
        c: &Counts,
        melds: usize,
        j: usize,
        rules: &Rules,
        size: usize,
    ) -> bool {
        if size == 14 {
            let concealed = melds == 0;
            if concealed && seven_pairs(c, j, rules.seven_pairs)
                || concealed && rules.thirteen_orphans && thirteen_orphans(c)
                || concealed && rules.mcr_forms && (shifted_pairs(c) || honors_and_knitted(c))
                || rules.mcr_forms && melds <= 1 && self.knitted_straight_jokers(c, j)
            {
                return true;
            }
        }
        // A bare short hand: a knitted straight and a pair (its missing set a meld).
        if size == 11 && melds == 0 && rules.mcr_forms && self.knitted_straight_jokers(c, j) {
            return true;
        }
        rules.undeclared_kongs && (15..=18).contains(&size) && self.kongs_jokers(c, j, size - 14)
    }

    /// MCR knitted straight with jokers: for each knitted permutation, a
    /// joker stands for each of its nine tiles the hand lacks, and the rest of
    /// the hand with the remaining jokers must be a set and a pair (or a
    /// pair, as the size leaves room for).
    fn knitted_straight_jokers(&self, c: &Counts, j: usize) -> bool {
        (0..forms::KNITTED_PERMS.len()).any(|p| {
            let mut rest = *c;
            let mut missing = 0;
            for i in forms::knitted_tiles(p) {
                if rest[i] > 0 {
                    rest[i] -= 1;
                } else {
                    missing += 1;
                }
            }
            missing <= j && self.fewest_jokers(&rest) <= j - missing
        })
    }

    /// Undeclared kongs with jokers: a hand of 14 + `k` slots wins when `k`
    /// kongs come out of it and the rest is melds + pair. A kong of a kind
    /// the hand holds `n` of takes `min(n, 4)` real copies and the rest in
    /// jokers (taking fewer real copies only leaves real tiles where jokers
    /// would serve equally: a joker can stand for each of them); a kong of a
    /// kind the hand lacks is four jokers. Tries every set of at most `k`
    /// held kinds the jokers can afford.
    fn kongs_jokers(&self, c: &Counts, j: usize, k: usize) -> bool {
        let mut kinds = [0usize; KINDS];
        let mut n = 0;
        for (i, &x) in c.iter().enumerate() {
            if x > 0 && 4 - x.min(4) as usize <= j {
                kinds[n] = i;
                n += 1;
            }
        }
        // Subsets of size s of the n candidates, in increasing bitmask order
        // (Gosper's hack), for s = 0..=k.
        for s in 0..=k.min(n) {
            let mut mask: u64 = (1 << s) - 1;
            while mask < 1 << n {
                let mut rest = *c;
                let mut cost = 4 * (k - s);
                for (b, &i) in kinds[..n].iter().enumerate() {
                    if mask >> b & 1 == 1 {
                        let real = rest[i].min(4);
                        cost += 4 - real as usize;
                        rest[i] -= real;
                    }
                }
                if cost <= j && self.fewest_jokers(&rest) <= j - cost {
                    return true;
                }
                if s == 0 {
                    break;
                }
                let low = mask & mask.wrapping_neg();
                let high = mask + low;
                mask = (((high ^ mask) >> 2) / low) | high;
            }
        }
        false
    }
}

/// Counts with every fifth copy taken back to four (for keys of the other parts).
fn capped(c: &Counts) -> Counts {
    std::array::from_fn(|i| c[i].min(4))
}

/// The need byte of a part holding a fifth copy at `rank`: some piece (the
/// real tiles of one group) holds a copy of `rank`; take each such piece out
/// (its cost is the jokers its group lacks) and look the rest up, as the
/// generator does for a part's lowest tile.
fn fifth_copy<const N: usize>(
    v: &[u8; N],
    rank: usize,
    chows: bool,
    needs_of: impl Fn(&[u8; N]) -> u8,
) -> u8 {
    let (mut m, mut p) = (u8::MAX, u8::MAX);
    let mut take = |piece: &[usize], cost: u8, pair: bool| {
        let mut w = *v;
        for &r in piece {
            w[r] -= 1;
        }
        let b = needs_of(&w);
        let (rm, rp) = (needs::melds(b) as u8, needs::pair(b) as u8);
        if pair {
            p = p.min(cost + rm);
        } else {
            m = m.min(cost + rm);
            p = p.min(cost + rp);
        }
    };
    take(&[rank], 2, false);
    take(&[rank, rank], 1, false);
    take(&[rank, rank, rank], 0, false);
    take(&[rank], 1, true);
    take(&[rank, rank], 0, true);
    if chows {
        for start in rank.saturating_sub(2)..=rank.min(N - 3) {
            let others: Vec<usize> = (start..start + 3)
                .filter(|&r| r != rank && v[r] > 0)
                .collect();
            for mask in 1..1u32 << others.len() {
                let mut piece = vec![rank];
                piece.extend(
                    (0..others.len())
                        .filter(|b| mask >> b & 1 == 1)
                        .map(|b| others[b]),
                );
                take(&piece, 3 - piece.len() as u8, false);
            }
        }
    }
    needs::pack(m, p.min(m.saturating_add(2)))
}

/// Kinds held an odd number of times: the low bit of every count, eight
/// counts to a word.
#[inline(always)]
fn odd_kinds(c: &Counts) -> usize {
    const LOW: u64 = 0x0101_0101_0101_0101;
    let word = |i: usize| u64::from_le_bytes(c[i..i + 8].try_into().expect("eight counts"));
    let tail = u64::from(u16::from_le_bytes([c[32], c[33]]));
    ((word(0) & LOW).count_ones()
        + (word(8) & LOW).count_ones()
        + (word(16) & LOW).count_ones()
        + (word(24) & LOW).count_ones()
        + (tail & LOW).count_ones()) as usize
}

/// Seven pairs over 14 slots, `j` of them jokers. Quads allowed: each kind
/// held an odd number of times takes a joker (3 + 1 is a quad, two pairs);
/// the jokers left over (an even number, the total being 14) pair up as
/// kinds the hand lacks. Distinct pairs: no kind may be held three or four
/// times (jokers add, never remove); each single takes a joker and the rest
/// pair up as new kinds, which works exactly when the hand holds at most
/// seven kinds (`singles + pairs ≤ 7` ⇔ `j ≥ singles` when `2·pairs + singles + j = 14`).
#[inline(always)]
fn seven_pairs(c: &Counts, j: usize, mode: SevenPairs) -> bool {
    match mode {
        SevenPairs::No => false,
        // A fifth copy (a hypothetical draw) would need a sixth: never pairs.
        SevenPairs::QuadsAllowed => odd_kinds(c) <= j && at_least(c, 5) == 0,
        SevenPairs::Distinct => at_least(c, 3) == 0 && held_mask(c).count_ones() <= 7,
    }
}

/// Thirteen orphans over 14 slots with jokers: the real tiles are terminals
/// and honours, none held three times, at most one held twice. The jokers then
/// fill exactly the missing orphans and, if no orphan is held twice, the pair
/// (`missing + [no pair] = 14 − real tiles = j`).
fn thirteen_orphans(c: &Counts) -> bool {
    held_mask(c) & !forms::ORPHAN_MASK == 0
        && at_least(c, 3) == 0
        && at_least(c, 2).count_ones() <= 1
}

/// MCR seven shifted pairs with jokers: the real tiles lie in seven
/// consecutive ranks of one suit, at most two each; jokers fill the rest.
fn shifted_pairs(c: &Counts) -> bool {
    (0..3).any(|s| {
        (0..3).any(|start| {
            c.iter().enumerate().all(|(i, &x)| {
                x == 0 || (x <= 2 && i / 9 == s && (start..start + 7).contains(&(i % 9)))
            })
        })
    })
}

/// MCR honours and knitted tiles with jokers: the real tiles are distinct,
/// their numbered ones from one knitted permutation; jokers stand for
/// missing ones (16 candidates, 14 slots: always enough).
fn honors_and_knitted(c: &Counts) -> bool {
    c.iter().all(|&x| x <= 1)
        && (0..forms::KNITTED_PERMS.len()).any(|p| {
            let allowed = forms::knitted_tiles(p);
            (0..27).all(|i| c[i] == 0 || allowed.contains(&i))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The counting forms' mask tests against their definitions, kind by
    /// kind, on random counts 0–5 (a fifth copy stands for a draw), mostly
    /// of orphans and at most a few kinds, so that every form is met.
    #[test]
    fn counting_forms_equal_their_definitions() {
        let mut rng = crate::sets::Rng::new(29);
        let modes = [SevenPairs::QuadsAllowed, SevenPairs::Distinct];
        let (mut pairs, mut orphans) = (0, 0);
        for round in 0..200_000 {
            let mut c = [0u8; KINDS];
            for _ in 0..1 + rng.below(14) {
                let i = if round % 2 == 0 {
                    forms::ORPHANS[rng.below(13)]
                } else {
                    rng.below(KINDS)
                };
                c[i] = (c[i] + 1).min(5);
            }
            let j = rng.below(9);
            for mode in modes {
                let want = match mode {
                    SevenPairs::QuadsAllowed => {
                        c.iter().filter(|&&x| x % 2 == 1).count() <= j && c.iter().all(|&x| x <= 4)
                    }
                    _ => c.iter().all(|&x| x <= 2) && c.iter().filter(|&&x| x > 0).count() <= 7,
                };
                assert_eq!(seven_pairs(&c, j, mode), want, "{c:?} {j} {mode:?}");
                pairs += usize::from(want);
            }
            let want = c
                .iter()
                .enumerate()
                .all(|(i, &x)| x == 0 || forms::ORPHANS.contains(&i) && x <= 2)
                && c.iter().filter(|&&x| x == 2).count() <= 1;
            assert_eq!(thirteen_orphans(&c), want, "{c:?}");
            orphans += usize::from(want);
        }
        assert!(pairs > 10_000 && orphans > 10_000, "{pairs} {orphans}");
    }
}
