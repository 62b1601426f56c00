//! What does the hand wait on? Four record lookups, then the special forms.
//!
//! Each part's `hu.tbl` record carries the mask of ranks whose one more copy
//! completes it. A tile of part `s` completes the hand when part `s`'s mask
//! holds it and every other part is complete already, with exactly one pair
//! among the other parts and the completed part together. The special forms
//! (seven pairs, thirteen orphans, the MCR knitted forms) are read off the
//! count masks of [`CountMasks`], and the generic rule's undeclared kongs set
//! quads aside before the same lookups.

use crate::forms;
use crate::hand::Hand;
use crate::rules::{Rules, SevenPairs};
use crate::table::{record, Tables};
use crate::tile::{total, Counts, KINDS};
use crate::tileset::TileSet;
use std::fmt;

/// The waits of a ready hand: tiles that complete it, split into live ones
/// and `exhausted` ones whose four copies the hand already holds (concealed
/// tiles and declared melds).
///
/// ```
/// use hupai::{Hand, Rules, Tables, Tile, Waits};
/// let mut c = [0u8; 34];
/// c[..9].copy_from_slice(&[3, 1, 1, 1, 1, 1, 1, 1, 3]); // 1112345678999m
/// let w: Waits = Tables::embedded().waits(&Hand::new(c, &[]).unwrap(), &Rules::GENERIC).unwrap();
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
    pub fn is_empty(&self) -> bool {
        self.live.is_empty() && self.exhausted.is_empty()
    }

    /// Split a set of completing tiles by the hand's counts.
    fn split(all: TileSet, hand: &Hand) -> Waits {
        let held = hand.all_counts();
        let mut four = 0u64;
        for (i, &c) in held.iter().enumerate() {
            four |= u64::from(c >= 4) << i;
        }
        let exhausted = TileSet::from_bits(all.bits() & four);
        Waits {
            live: all.difference(exhausted),
            exhausted,
        }
    }
}

/// A hand whose size cannot be one tile short of complete.
///
/// ```
/// use hupai::{Hand, Rules, Tables};
/// let mut c = [0u8; 34];
/// c[..9].copy_from_slice(&[3, 1, 1, 1, 1, 1, 1, 1, 3]);
/// c[0] += 1; // 14 tiles: complete-sized
/// let err = Tables::embedded().waits(&Hand::new(c, &[]).unwrap(), &Rules::RIICHI).unwrap_err();
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

/// Tile masks of a count array (bit `i` = tile index `i`), the raw material of
/// the special-form waits.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct CountMasks {
    /// Count ≥ 1.
    pub present: u64,
    /// Count odd (1 or 3).
    pub odd: u64,
    /// Count ≥ 2.
    pub two: u64,
    /// Count ≥ 3.
    pub three: u64,
}

impl CountMasks {
    #[inline]
    pub fn new(c: &Counts) -> CountMasks {
        let mut m = CountMasks::default();
        for (i, &n) in c.iter().enumerate() {
            m.present |= u64::from(n >= 1) << i;
            m.odd |= u64::from(n & 1) << i;
            m.two |= u64::from(n >= 2) << i;
            m.three |= u64::from(n >= 3) << i;
        }
        m
    }
}

/// The thirteen orphans as a tile mask.
const ORPHANS: u64 = {
    let mut m = 0u64;
    let mut i = 0;
    while i < forms::ORPHANS.len() {
        m |= 1 << forms::ORPHANS[i];
        i += 1;
    }
    m
};
/// The seven honours.
const HONORS: u64 = 0x7f << 27;

/// The nine tiles of knitted permutation `p` as a mask.
fn knitted_mask(p: usize) -> u64 {
    forms::knitted_tiles(p).iter().fold(0, |m, &i| m | 1 << i)
}

impl<B: AsRef<[u8]>> Tables<B> {
    /// The tiles that complete the hand under `rules`, live and exhausted.
    ///
    /// The hand must be one tile short of complete: concealed tiles plus 3
    /// per declared meld is 1, 4, 7, 10 or 13, or (rules with undeclared
    /// kongs) 13 + k with at least k concealed quads.
    ///
    /// ```
    /// use hupai::{Hand, Rules, Tables, Tile};
    /// let t = Tables::embedded();
    /// // 19m19p19s1234567z: the 13-sided thirteen orphans wait.
    /// let mut c = [0u8; 34];
    /// for i in [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33] { c[i] = 1; }
    /// let h = Hand::new(c, &[]).unwrap();
    /// assert_eq!(t.waits(&h, &Rules::RIICHI).unwrap().live.len(), 13);
    /// assert!(t.waits(&h, &Rules::GENERIC).unwrap().is_empty());
    /// ```
    pub fn waits(&self, hand: &Hand, rules: &Rules) -> Result<Waits, WaitsError> {
        let c = hand.counts();
        let melds = hand.meld_count();
        let size = total(c) + 3 * melds;
        let allowed = allowed_waits(hand, rules);
        let found = if size % 3 == 1 && size <= 13 {
            let mut w = self.standard_waits(c);
            if size == 13 {
                w |= self.special_waits(c, melds, rules);
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
        Ok(Waits::split(TileSet::from_bits(found & allowed), hand))
    }

    /// Standard-form waits of concealed counts of 3n + 1 ≤ 13 tiles (declared
    /// melds set aside): a tile of part `s` completes the hand when `s`'s wait
    /// mask holds it, every other part is complete, and the pairs of the other
    /// parts plus the one `s` gains number exactly one.
    #[inline]
    pub(crate) fn standard_waits(&self, c: &Counts) -> u64 {
        let r = [
            self.suit_record(c[0..9].try_into().expect("nine")),
            self.suit_record(c[9..18].try_into().expect("nine")),
            self.suit_record(c[18..27].try_into().expect("nine")),
            self.honor_record(c[27..34].try_into().expect("seven")),
        ];
        let (mut done, mut pairs, mut to_pair) = (0u32, 0u32, 0u32);
        for (i, &x) in r.iter().enumerate() {
            done |= u32::from(x & (record::MELDS | record::PAIR) != 0) << i;
            pairs |= u32::from(x & record::PAIR != 0) << i;
            to_pair |= u32::from(x & record::WAITS_TO_PAIR != 0) << i;
        }
        let mut w = 0u64;
        for (i, &x) in r.iter().enumerate() {
            let others = 0xf & !(1 << i);
            if done & others == others && (pairs & others).count_ones() + (to_pair >> i & 1) == 1 {
                w |= u64::from(record::waits(x)) << (9 * i);
            }
        }
        w
    }

    /// Waits of the 14-slot special forms from a 13-slot hand: seven pairs,
    /// thirteen orphans and honours and knitted (no declared melds), knitted
    /// straight + set + pair (at most one declared meld).
    fn special_waits(&self, c: &Counts, melds: usize, rules: &Rules) -> u64 {
        let m = CountMasks::new(c);
        let mut w = 0u64;
        let single_odd = m.odd.count_ones() == 1;
        if melds == 0 {
            // Seven pairs: exactly one odd count, the tile that evens it.
            match rules.seven_pairs {
                SevenPairs::QuadsAllowed if single_odd => w |= m.odd,
                SevenPairs::Distinct if single_odd && m.three == 0 => w |= m.odd,
                _ => {}
            }
            // Seven shifted pairs is a case of seven distinct pairs; it only
            // adds waits where the rules lack seven pairs.
            if rules.mcr_forms && rules.seven_pairs == SevenPairs::No && single_odd && m.three == 0
            {
                let mut d = *c;
                d[m.odd.trailing_zeros() as usize] += 1;
                if forms::seven_shifted_pairs(&d) {
                    w |= m.odd;
                }
            }
            // Thirteen orphans: only orphans, at most one pair; 13-sided
            // without a pair, else the missing one.
            if rules.thirteen_orphans
                && m.present & !ORPHANS == 0
                && m.three == 0
                && m.two.count_ones() <= 1
            {
                w |= if m.two == 0 {
                    ORPHANS
                } else {
                    ORPHANS & !m.present
                };
            }
            // Honours and knitted: 13 distinct tiles of one knitted
            // permutation and the honours; the three absent ones complete it.
            if rules.mcr_forms && m.two == 0 {
                for p in 0..6 {
                    let allowed = knitted_mask(p) | HONORS;
                    if m.present & !allowed == 0 {
                        w |= allowed & !m.present;
                    }
                }
            }
        }
        if rules.mcr_forms && melds <= 1 {
            w |= self.knitted_straight_waits(c, m.present);
        }
        w
    }

    /// Knitted straight + set + pair: with the nine knitted tiles held, the
    /// rest's standard waits; with one missing, that tile if the rest is
    /// already a set and a pair.
    fn knitted_straight_waits(&self, c: &Counts, present: u64) -> u64 {
        let mut w = 0;
        for p in 0..6 {
            let knit = knitted_mask(p);
            let missing = knit & !present;
            if missing.count_ones() > 1 {
                continue;
            }
            let mut rest = *c;
            for i in forms::knitted_tiles(p) {
                rest[i] = rest[i].saturating_sub(1);
            }
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
pub(crate) fn allowed_waits(hand: &Hand, rules: &Rules) -> u64 {
    const ALL: u64 = (1 << KINDS) - 1;
    const SUIT: u64 = 0x1ff;
    if rules.honors && rules.max_suits >= 3 {
        return ALL;
    }
    let all = hand.all_counts();
    let mut present = 0u64;
    for (i, &c) in all.iter().enumerate() {
        present |= u64::from(c > 0) << i;
    }
    if !rules.honors && present & HONORS != 0 {
        return 0;
    }
    let mut mask = if rules.honors { HONORS } else { 0 };
    let mut suits = 0;
    for s in 0..3 {
        if present >> (9 * s) & SUIT != 0 {
            suits += 1;
            mask |= SUIT << (9 * s);
        }
    }
    match suits.cmp(&(rules.max_suits as usize)) {
        std::cmp::Ordering::Less => mask | SUIT | SUIT << 9 | SUIT << 18,
        std::cmp::Ordering::Equal => mask,
        std::cmp::Ordering::Greater => 0,
    }
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
