//! What does the hand wait on? Four record lookups, then the special forms.
//!
//! Each part's `hu.tbl` record carries the mask of ranks whose one more copy
//! completes it. A tile of part `s` completes the hand when part `s`'s mask
//! holds it and every other part is complete already, with exactly one pair
//! among the other parts and the completed part together. The special forms
//! (seven pairs, thirteen orphans, the MCR knitted forms) are read off the
//! counts eight at a time ([`CountWords`]), and the generic rule's
//! undeclared kongs set quads aside before the same lookups.

use crate::engine::shanten::knitted_within;
use crate::forms::{self, HONOR_MASK as HONORS, KNITTED_MASKS, ORPHAN_MASK as ORPHANS};
use crate::hand::Hand;
use crate::rules::{Rules, SevenPairs};
use crate::table::{key, record, Tables};
use crate::tile::{Counts, KINDS};
use crate::tileset::TileSet;
use std::fmt;
use std::hint::select_unpredictable;

/// The waits of a ready hand: tiles that complete it, split into live ones
/// and `exhausted` ones whose four copies the hand already holds (concealed
/// tiles and declared melds).
///
/// ```
/// use hupai::{Hand, Rules, Tables, Waits};
/// let nine_gates: Hand = "1112345678999m".parse().unwrap();
/// let w: Waits = Tables::embedded().waits(&nine_gates, &Rules::GENERIC).unwrap();
/// assert_eq!(w.live.to_string(), "1m 2m 3m 4m 5m 6m 7m 8m 9m");
/// assert!(w.exhausted.is_empty());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Waits {
    /// Waits with at least one copy left outside the hand.
    pub live: TileSet,
    /// Waits whose four copies are all in the hand already.
    pub exhausted: TileSet,
}

impl Waits {
    /// Live and exhausted waits together.
    ///
    /// ```
    /// use hupai::{TileSet, Waits};
    /// assert!(Waits::default().all().is_empty());
    /// ```
    pub fn all(&self) -> TileSet {
        self.live.union(self.exhausted)
    }

    /// True when the hand is not ready (no tile completes it).
    ///
    /// ```
    /// use hupai::{Hand, Rules, Tables};
    /// let h: Hand = "1357m2468p1357s9m".parse().unwrap();
    /// assert!(Tables::embedded().waits(&h, &Rules::GENERIC).unwrap().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.live.is_empty() && self.exhausted.is_empty()
    }
}

/// A hand whose size cannot be one tile short of complete.
///
/// ```
/// use hupai::{Hand, Rules, Tables};
/// let complete: Hand = "11112345678999m".parse().unwrap();
/// let err = Tables::embedded().waits(&complete, &Rules::RIICHI).unwrap_err();
/// assert_eq!(err.to_string(),
///     "waits expects a hand one tile short of complete: 1, 4, 7, 10 or 13 tiles \
///      (a declared meld counts as 3); this hand has 14");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WaitsError {
    /// The hand's size (concealed tiles + 3 per declared meld) is not 3n + 1 ≤ 13
    /// (nor, under undeclared kongs, 13 + k with k concealed quads).
    Size {
        /// Concealed tiles plus 3 per declared meld.
        size: usize,
        /// Whether the rule set reads concealed quads as undeclared kongs.
        undeclared_kongs: bool,
    },
}

impl fmt::Display for WaitsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            WaitsError::Size {
                size,
                undeclared_kongs,
            } => {
                write!(
                    f,
                    "waits expects a hand one tile short of complete: 1, 4, 7, 10 or 13 tiles \
                     (a declared meld counts as 3)"
                )?;
                if undeclared_kongs {
                    write!(f, ", or 13 + k tiles holding k concealed quads (k = 1..4)")?;
                }
                write!(f, "; this hand has {size}")
            }
        }
    }
}

impl std::error::Error for WaitsError {}

/// A count array as five little-endian 8-byte words (the fifth holds the
/// counts of 6z and 7z), for byte-parallel tests: with every count at most
/// 4, adding `0x80 - n` to each byte sets its top bit exactly when the count
/// is at least `n`, and no carry crosses into the next byte.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CountWords([u64; 5]);

const LOW: u64 = 0x0101_0101_0101_0101;
const HIGH: u64 = 0x8080_8080_8080_8080;

/// Bit 0 of byte `i` of `flags` (every other bit clear) moved to bit `i`:
/// the product puts byte `i`'s bit at position 56 + i and nowhere else in
/// the top byte, and its partial products never overlap, so nothing carries.
#[inline(always)]
fn gather(flags: u64) -> u64 {
    flags.wrapping_mul(0x0102_0408_1020_4080) >> 56
}

impl CountWords {
    #[inline(always)]
    pub fn new(c: &Counts) -> CountWords {
        let w = |k: usize| u64::from_le_bytes(c[8 * k..8 * k + 8].try_into().expect("eight"));
        CountWords([
            w(0),
            w(1),
            w(2),
            w(3),
            u64::from(c[32]) | u64::from(c[33]) << 8,
        ])
    }

    /// Tiles whose count is at least `n` (1..=4), as a mask.
    #[inline(always)]
    pub fn at_least(&self, n: u8) -> u64 {
        let add = LOW * u64::from(0x80 - n);
        let mut m = 0;
        for (k, &w) in self.0.iter().enumerate() {
            m |= gather((w.wrapping_add(add) & HIGH) >> 7) << (8 * k);
        }
        m & ((1 << KINDS) - 1)
    }

    /// Whether some count is at least `n` (1..=4).
    #[inline(always)]
    pub fn any_at_least(&self, n: u8) -> bool {
        let add = LOW * u64::from(0x80 - n);
        let mut any = 0;
        for &w in &self.0[..4] {
            any |= w.wrapping_add(add);
        }
        any |= self.0[4].wrapping_add(add) & 0xffff;
        any & HIGH != 0
    }

    /// Number of odd counts.
    #[inline(always)]
    pub fn odd_count(&self) -> u32 {
        self.0.iter().map(|&w| (w & LOW).count_ones()).sum()
    }

    /// Tiles with an odd count, as a mask.
    #[inline(always)]
    pub fn odd(&self) -> u64 {
        let mut m = 0;
        for (k, &w) in self.0.iter().enumerate() {
            m |= gather(w & LOW) << (8 * k);
        }
        m
    }
}

/// Seven-pairs waits of 13 concealed tiles: with exactly one odd count, the
/// tile that evens it. Distinct pairs also rule out a count of 3 (or 4).
#[inline(always)]
fn seven_pairs_waits(words: &CountWords, mode: SevenPairs) -> u64 {
    let single_odd = || words.odd_count() == 1;
    let pairs = match mode {
        SevenPairs::QuadsAllowed => single_odd(),
        SevenPairs::Distinct => single_odd() && !words.any_at_least(3),
        SevenPairs::No => false,
    };
    if pairs {
        words.odd()
    } else {
        0
    }
}

/// Standard-form waits from the four parts' records (concealed 3n + 1 ≤ 13
/// tiles, declared melds set aside): a tile of part `s` completes the hand
/// when `s`'s wait mask holds it, every other part is complete, and the pairs
/// of the other parts plus the one `s` gains number exactly one.
#[inline(always)]
fn standard_waits(r: [u16; 4]) -> u64 {
    use record::form_weight as weight;
    let total = weight(r[0]) + weight(r[1]) + weight(r[2]) + weight(r[3]);
    let mut w = 0u64;
    for (i, &x) in r.iter().enumerate() {
        // The other three parts: melds alone (3) when part `i` gains the
        // pair, melds and one pair (6) when it gains a meld.
        let others = if x & record::WAITS_TO_PAIR != 0 { 3 } else { 6 };
        let ok = total - weight(x) == others;
        // Which part waits is as random as the hand: a branch here would be
        // mispredicted on every other hand (T13 waits took 28 ns, not 16).
        let mask = u64::from(record::waits(x));
        w |= select_unpredictable(ok, mask, 0) << (9 * i);
    }
    w
}

/// Under MCR, whether 13 tiles could be one short of a special form: every
/// hand passes [`forms::may_wait_special`] there, and the forms' own
/// first tests are cheaper than the call. Honours and knitted needs no
/// count of two, thirteen orphans only terminals and honours, a knitted
/// straight at most one of a permutation's nine tiles missing.
#[inline(always)]
fn special_in_reach(words: &CountWords, rules: &Rules) -> bool {
    if !rules.mcr_forms || rules.seven_pairs == SevenPairs::No {
        return true;
    }
    let present = words.at_least(1);
    !words.any_at_least(2) || present & !ORPHANS == 0 || knitted_within(present, 1, true)
}

impl<B: AsRef<[u8]>> Tables<B> {
    /// The tiles that complete the hand under `rules`, live and exhausted.
    ///
    /// The hand must be one tile short of complete: concealed tiles plus 3
    /// per declared meld is 1, 4, 7, 10 or 13, or (rules with undeclared
    /// kongs) 13 + k with at least k concealed quads.
    ///
    /// ```
    /// use hupai::{Hand, Rules, Tables};
    /// let t = Tables::embedded();
    /// let h: Hand = "19m19p19s1234567z".parse().unwrap();
    /// assert_eq!(t.waits(&h, &Rules::RIICHI).unwrap().live.len(), 13); // 13-sided
    /// assert!(t.waits(&h, &Rules::GENERIC).unwrap().is_empty());
    /// let h: Hand = "1111m23m456p789s11z".parse().unwrap();
    /// let w = t.waits(&h, &Rules::GENERIC).unwrap();
    /// assert_eq!((w.live.to_string(), w.exhausted.to_string()), ("4m".into(), "1m".into()));
    /// ```
    #[inline]
    pub fn waits(&self, hand: &Hand, rules: &Rules) -> Result<Waits, WaitsError> {
        self.waits_keyed(hand, &key::hand_keys(hand.counts()), rules)
    }

    /// [`Tables::waits`] with the hand's part keys already computed (the
    /// incremental [`HandState`](crate::server::HandState) keeps them).
    #[inline(always)]
    pub(crate) fn waits_keyed(
        &self,
        hand: &Hand,
        keys: &[key::Key; 4],
        rules: &Rules,
    ) -> Result<Waits, WaitsError> {
        let c = hand.counts();
        let keys = *keys;
        let melds = hand.meld_count();
        let size = key::keys_tiles(&keys) + 3 * melds;
        let words = CountWords::new(c);
        let found = if size % 3 == 1 && size <= 13 {
            let mut w = standard_waits(self.records(&keys));
            if size == 13 && melds == 0 {
                w |= seven_pairs_waits(&words, rules.seven_pairs);
            }
            // A filter before the call to the other special forms, as in hu.
            if size == 13 && forms::may_wait_special(c, rules) && special_in_reach(&words, rules) {
                w |= self.special_waits(c, &words, melds, rules);
            }
            if size == 10 && melds == 0 && rules.mcr_forms {
                w |= self.knitted_straight_waits(c, words.at_least(1));
            }
            w
        } else if rules.undeclared_kongs && (14..=17).contains(&size) && quads(c).1 >= size - 13 {
            self.kong_waits(c, size - 13)
        } else {
            return Err(WaitsError::Size {
                size,
                undeclared_kongs: rules.undeclared_kongs,
            });
        };
        // Most hands are not ready: nothing left to filter or split.
        if found == 0 {
            return Ok(Waits::default());
        }
        let found = found & allowed_waits(hand, rules);
        // A wait is exhausted when the hand holds its four copies.
        let held = if melds == 0 {
            words
        } else {
            CountWords::new(&hand.all_counts())
        };
        let exhausted = if held.any_at_least(4) {
            found & held.at_least(4)
        } else {
            0
        };
        Ok(Waits {
            live: TileSet::from_bits(found & !exhausted),
            exhausted: TileSet::from_bits(exhausted),
        })
    }

    /// Standard-form waits of concealed counts of 3n + 1 ≤ 13 tiles.
    #[inline]
    fn standard_waits(&self, c: &Counts) -> u64 {
        standard_waits(self.records(&key::hand_keys(c)))
    }

    /// Waits of the 14-slot special forms beyond seven pairs from a 13-slot
    /// hand: thirteen orphans and honours and knitted (no declared melds),
    /// knitted straight + set + pair (at most one declared meld).
    #[inline(never)]
    fn special_waits(&self, c: &Counts, words: &CountWords, melds: usize, rules: &Rules) -> u64 {
        let mut w = 0u64;
        if melds == 0 {
            // Seven shifted pairs is a case of seven distinct pairs; it only
            // adds waits where the rules lack seven pairs.
            let single_odd = words.odd_count() == 1;
            if rules.seven_pairs == SevenPairs::No
                && rules.mcr_forms
                && single_odd
                && !words.any_at_least(3)
            {
                let odd = words.odd();
                let mut d = *c;
                d[odd.trailing_zeros() as usize] += 1;
                if forms::seven_shifted_pairs(&d) {
                    w |= odd;
                }
            }
            // Thirteen orphans: only orphans, at most one pair; 13-sided
            // without a pair, else the missing one.
            if rules.thirteen_orphans && !words.any_at_least(3) {
                let present = words.at_least(1);
                let two = words.at_least(2);
                if present & !ORPHANS == 0 && two.count_ones() <= 1 {
                    w |= if two == 0 {
                        ORPHANS
                    } else {
                        ORPHANS & !present
                    };
                }
            }
            // Honours and knitted: 13 distinct tiles of one knitted
            // permutation and the honours; the three absent ones complete it.
            if rules.mcr_forms && !words.any_at_least(2) {
                let present = words.at_least(1);
                for knit in KNITTED_MASKS {
                    let allowed = knit | HONORS;
                    if present & !allowed == 0 {
                        w |= allowed & !present;
                    }
                }
            }
        }
        if rules.mcr_forms && melds <= 1 {
            w |= self.knitted_straight_waits(c, words.at_least(1));
        }
        w
    }

    /// Knitted straight + set + pair: with the nine knitted tiles held, the
    /// rest's standard waits; with one missing, that tile if the rest is
    /// already a set and a pair.
    #[inline(never)]
    fn knitted_straight_waits(&self, c: &Counts, present: u64) -> u64 {
        // Most hands miss two or more tiles of every permutation.
        if !knitted_within(present, 1, true) {
            return 0;
        }
        let mut w = 0;
        for knit in KNITTED_MASKS {
            let missing = knit & !present;
            if missing.count_ones() > 1 {
                continue;
            }
            let rest = forms::less_one_each(c, knit & present);
            if missing == 0 {
                w |= self.standard_waits(&rest);
            } else if self.standard(&rest) {
                w |= missing;
            }
        }
        w
    }

    /// Generic (seed) rule: a 13 + k hand completes into 14 + k with k quads
    /// taken as kongs. The kongs are k quads already held (then the rest's
    /// standard waits), or the drawn tile's own quad with k − 1 held ones
    /// (then the rest must be complete already).
    #[inline(never)]
    fn kong_waits(&self, c: &Counts, k: usize) -> u64 {
        let (held, n) = quads(c);
        let mut w = 0u64;
        for mask in 0u32..1 << n {
            let chosen = mask.count_ones() as usize;
            if chosen != k && chosen + 1 != k {
                continue;
            }
            let mut rest = *c;
            for (j, &i) in held[..n].iter().enumerate() {
                if mask >> j & 1 == 1 {
                    rest[i] = 0;
                }
            }
            if chosen == k {
                w |= self.standard_waits(&rest);
            } else {
                for i in (0..KINDS).filter(|&i| rest[i] == 3) {
                    let mut r = rest;
                    r[i] = 0;
                    if self.standard(&r) {
                        w |= 1 << i;
                    }
                }
            }
        }
        w
    }
}

/// The tiles a completed hand may gain under `rules`: no honours where they
/// do not exist, and with `max_suits` numbered suits already in the hand
/// (declared melds included) only those suits. Empty when the hand already
/// breaks the rules.
#[inline(always)]
pub(crate) fn allowed_waits(hand: &Hand, rules: &Rules) -> u64 {
    if rules.plain() {
        (1 << KINDS) - 1
    } else {
        limited_waits(hand, rules)
    }
}

/// [`allowed_waits`] under rules that leave out honours or limit the suits.
fn limited_waits(hand: &Hand, rules: &Rules) -> u64 {
    const SUIT: u64 = 0x1ff;
    let present = CountWords::new(hand.counts()).at_least(1) | hand.declared_kinds();
    if present & !rules.tiles() != 0 {
        return 0;
    }
    // Which suits the hand holds is as random as the hand: no branch on it.
    let mut mask = if rules.honors { HONORS } else { 0 };
    let mut suits = 0;
    for s in 0..3 {
        let held = u64::from(present >> (9 * s) & SUIT != 0);
        suits += held;
        mask |= (SUIT * held) << (9 * s);
    }
    let max = u64::from(rules.max_suits);
    let room = mask | SUIT | SUIT << 9 | SUIT << 18;
    let mask = select_unpredictable(
        suits < max,
        room,
        select_unpredictable(suits == max, mask, 0),
    );
    // Three-player riichi: no 2m–8m among the waits either.
    mask & rules.tiles()
}

/// The concealed quads (at most four: callers pass hands of at most 18
/// slots) and how many there are.
pub(crate) fn quads(c: &Counts) -> ([usize; 4], usize) {
    let mut q = [0usize; 4];
    let mut n = 0;
    for i in (0..KINDS).filter(|&i| c[i] == 4) {
        if n < 4 {
            q[n] = i;
            n += 1;
        }
    }
    (q, n)
}
