//! The special winning forms: seven pairs, thirteen orphans and the MCR forms.
//!
//! These are checks over the 34 concealed counts, not table lookups: each is a
//! single pass over at most 34 entries, so a table would buy nothing. The
//! table engine and the recursive reference share them. Counts may hold a
//! fifth copy here (a hypothetical draw when listing exhausted waits).

use crate::arrangement::{Arrangement, Form, Group, GroupKind};
use crate::rules::{Rules, SevenPairs};
use crate::tile::{Counts, Tile};

/// The thirteen terminal and honour kinds.
pub const ORPHANS: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

/// [`ORPHANS`] as a mask, a bit per kind.
pub(crate) const ORPHAN_MASK: u64 = {
    let mut m = 0u64;
    let mut k = 0;
    while k < ORPHANS.len() {
        m |= 1 << ORPHANS[k];
        k += 1;
    }
    m
};

/// The six ways to give 147, 258 and 369 to the three suits: `PERMS[i][s]` is
/// the offset (0, 1 or 2) of the knitted chow in suit `s`.
pub const KNITTED_PERMS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// The seven honour kinds as a mask, a bit per kind.
pub(crate) const HONOR_MASK: u64 = 0x7f << 27;

/// The nine knitted kinds of each permutation, a bit per kind.
pub(crate) const KNITTED_MASKS: [u64; 6] = {
    let mut out = [0u64; 6];
    let mut p = 0;
    while p < 6 {
        let mut s = 0;
        while s < 3 {
            let mut k = 0;
            while k < 3 {
                out[p] |= 1 << (s * 9 + KNITTED_PERMS[p][s] + 3 * k);
                k += 1;
            }
            s += 1;
        }
        p += 1;
    }
    out
};

/// `counts` less one copy of each kind in `kinds` (bit per kind; each held):
/// the rest of a hand beside the knitted tiles it holds.
#[inline(always)]
pub(crate) fn less_one_each(counts: &Counts, kinds: u64) -> Counts {
    let mut rest = *counts;
    let mut taken = kinds;
    while taken != 0 {
        rest[taken.trailing_zeros() as usize] -= 1;
        taken &= taken - 1;
    }
    rest
}

/// The nine tile indices of knitted permutation `p`.
pub fn knitted_tiles(p: usize) -> [usize; 9] {
    let mut out = [0; 9];
    for s in 0..3 {
        for k in 0..3 {
            out[s * 3 + k] = s * 9 + KNITTED_PERMS[p][s] + 3 * k;
        }
    }
    out
}

/// The 34 counts as five overlapping little-endian words (bytes 0–7, 8–15,
/// 16–23, 24–31, 26–33): OR-ing them tests a bit of every count at once, so
/// the special forms reject ordinary hands without a loop or a branch per tile.
#[inline(always)]
fn words(c: &Counts) -> [u64; 5] {
    let w = |at: usize| u64::from_le_bytes(c[at..at + 8].try_into().expect("eight bytes"));
    [w(0), w(8), w(16), w(24), w(26)]
}

/// Bit `b` of every count OR-ed together (one byte per lane).
#[inline(always)]
fn any_count_bits(c: &Counts, mask: u8) -> bool {
    words(c).iter().fold(0, |a, w| a | w) & u64::from_ne_bytes([mask; 8]) != 0
}

/// Whether any 2–8 of a numbered suit is present.
#[inline(always)]
fn any_simple(c: &Counts) -> bool {
    // Ranks 2–8 of suit s are the seven bytes from s·9 + 1.
    let simples = |s: usize| {
        u64::from_le_bytes(c[s * 9 + 1..s * 9 + 9].try_into().expect("eight bytes")) << 8
    };
    (simples(0) | simples(1) | simples(2)) != 0
}

/// Whether 14 concealed tiles could make any special form `rules` allows: a
/// word-wide filter that passes every such hand and almost no other. Seven
/// pairs has no odd count and thirteen orphans no simple tile; the MCR
/// knitted forms pass unfiltered.
///
/// ```
/// use hupai::{forms, Hand, Rules};
/// let h: Hand = "1122m3344p5566s77z".parse().unwrap();
/// assert!(forms::may_be_special(h.counts(), &Rules::GENERIC));
/// let h: Hand = "123m456p789s11122z".parse().unwrap();
/// assert!(!forms::may_be_special(h.counts(), &Rules::RIICHI));
/// assert!(forms::may_be_special(h.counts(), &Rules::MCR));
/// let h: Hand = "19m19p19s12345677z".parse().unwrap();
/// assert!(forms::may_be_special(h.counts(), &Rules::RIICHI));
/// ```
#[inline(always)]
pub fn may_be_special(counts: &Counts, rules: &Rules) -> bool {
    rules.mcr_forms
        || (rules.seven_pairs != SevenPairs::No && !any_count_bits(counts, 1))
        || (rules.thirteen_orphans && !any_simple(counts))
}

/// Whether 13 tiles could be one short of a special form other than seven
/// pairs under `rules`: the filter of [`may_be_special`] for waits. Thirteen
/// orphans needs all 13 tiles to be terminals or honours.
///
/// ```
/// use hupai::{forms, Hand, Rules};
/// let h: Hand = "19m19p19s1234567z".parse().unwrap();
/// assert!(forms::may_wait_special(h.counts(), &Rules::RIICHI));
/// assert!(!forms::may_wait_special(h.counts(), &Rules::GENERIC));
/// let h: Hand = "123m456p789s1112z".parse().unwrap();
/// assert!(!forms::may_wait_special(h.counts(), &Rules::RIICHI));
/// ```
#[inline(always)]
pub fn may_wait_special(counts: &Counts, rules: &Rules) -> bool {
    rules.mcr_forms || (rules.thirteen_orphans && !any_simple(counts))
}

/// Seven pairs over 14 concealed tiles.
///
/// ```
/// use hupai::{forms, SevenPairs, Hand};
/// let h: Hand = "1122m3344p5566s77z".parse().unwrap();
/// assert!(forms::seven_pairs(h.counts(), SevenPairs::Distinct));
/// let q: Hand = "1111m3344p5566s77z".parse().unwrap();
/// assert!(!forms::seven_pairs(q.counts(), SevenPairs::Distinct));
/// assert!(forms::seven_pairs(q.counts(), SevenPairs::QuadsAllowed));
/// ```
pub fn seven_pairs(counts: &Counts, mode: SevenPairs) -> bool {
    // Most hands hold an odd count somewhere: reject them branch-free first.
    if any_count_bits(counts, 1) {
        return false;
    }
    let mut pairs = 0;
    for &c in counts {
        match (c, mode) {
            (0, _) => {}
            (2, _) => pairs += 1,
            (4, SevenPairs::QuadsAllowed) => pairs += 2,
            _ => return false,
        }
    }
    pairs == 7 && mode != SevenPairs::No
}

/// Thirteen orphans: each terminal and honour once, one of them twice.
///
/// ```
/// use hupai::{forms, Hand};
/// let h: Hand = "19m19p19s12345677z".parse().unwrap();
/// assert!(forms::thirteen_orphans(h.counts()));
/// ```
pub fn thirteen_orphans(counts: &Counts) -> bool {
    if any_simple(counts) {
        return false;
    }
    let mut pair = false;
    let mut n = 0;
    for &i in &ORPHANS {
        match counts[i] {
            1 => n += 1,
            2 if !pair => {
                pair = true;
                n += 2;
            }
            _ => return false,
        }
    }
    pair && n == 14 && crate::tile::total(counts) == 14
}

/// MCR seven shifted pairs: seven consecutive ranks of one suit, two each.
///
/// ```
/// use hupai::{forms, Hand};
/// assert!(forms::seven_shifted_pairs("22334455667788m".parse::<Hand>().unwrap().counts()));
/// ```
pub fn seven_shifted_pairs(counts: &Counts) -> bool {
    if crate::tile::total(counts) != 14 {
        return false;
    }
    (0..3).any(|s| (0..3).any(|start| (0..7).all(|k| counts[s * 9 + start + k] == 2)))
}

/// MCR honours and knitted tiles: 14 distinct tiles drawn from one knitted
/// permutation and the seven honours. Returns the permutation index.
///
/// ```
/// use hupai::{forms, Hand};
/// let h: Hand = "147m258p3s1234567z".parse().unwrap();
/// assert!(forms::honors_and_knitted(h.counts()).is_some());
/// ```
pub fn honors_and_knitted(counts: &Counts) -> Option<usize> {
    // Every count is 0 or 1: no bit above the lowest in any byte.
    if any_count_bits(counts, 0xfe) || crate::tile::total(counts) != 14 {
        return None;
    }
    (0..6).find(|&p| {
        let allowed = knitted_tiles(p);
        (0..27).all(|i| counts[i] == 0 || allowed.contains(&i))
    })
}

/// The sets a knitted straight needs beside its nine knitted tiles and its
/// pair, in a hand of `size` slots (concealed tiles plus three per declared
/// meld, before or after the winning tile) with `melds` declared melds; `None`
/// when the form does not fit. A full hand needs one set, or none beside a
/// declared meld. A bare short hand (10 or 11 concealed tiles, no declared
/// meld) counts its missing set as a meld, as the MCR reference calculator
/// does, but never as knitted tiles: it needs no set.
///
/// ```
/// use hupai::forms::knitted_straight_sets;
/// assert_eq!(knitted_straight_sets(14, 0), Some(1));
/// assert_eq!(knitted_straight_sets(13, 1), Some(0));
/// assert_eq!(knitted_straight_sets(10, 0), Some(0)); // 2458m369s147p waits on 4m
/// assert_eq!(knitted_straight_sets(11, 1), None);
/// assert_eq!(knitted_straight_sets(8, 0), None);
/// ```
pub fn knitted_straight_sets(size: usize, melds: usize) -> Option<usize> {
    match (size, melds) {
        (13 | 14, 0 | 1) => Some(1 - melds),
        (10 | 11, 0) => Some(0),
        _ => None,
    }
}

/// The knitted permutations whose nine tiles are all among `counts`.
pub fn knitted_straights(counts: &Counts) -> impl Iterator<Item = usize> + '_ {
    (0..6).filter(move |&p| knitted_tiles(p).iter().all(|&i| counts[i] > 0))
}

/// The arrangement for a special form the counts satisfy (`form` must not be
/// [`Form::Standard`] or [`Form::KnittedStraight`], whose sets need a split).
pub fn special_arrangement(counts: &Counts, form: Form) -> Arrangement {
    let mut a = Arrangement::new(form);
    let tile = |i: usize| Tile::from_index(i).expect("index < 34");
    match form {
        Form::SevenPairs | Form::SevenShiftedPairs => {
            for (i, &n) in counts.iter().enumerate() {
                for _ in 0..n / 2 {
                    a.push(Group::concealed(GroupKind::Pair, tile(i)));
                }
            }
        }
        Form::ThirteenOrphans | Form::HonorsAndKnitted => {
            for (i, &n) in counts.iter().enumerate().filter(|(_, &n)| n > 0) {
                let kind = if n == 2 {
                    GroupKind::Pair
                } else {
                    GroupKind::Single
                };
                a.push(Group::concealed(kind, tile(i)));
            }
        }

        Form::Standard | Form::KnittedStraight => unreachable!("needs a split"),
    }
    a
}

/// The three knitted chows of permutation `p` as groups.
pub fn knitted_groups(p: usize) -> [Group; 3] {
    let g = |s: usize| {
        let t = Tile::from_index(s * 9 + KNITTED_PERMS[p][s]).expect("index < 27");
        Group::concealed(GroupKind::Knitted, t)
    };
    [g(0), g(1), g(2)]
}
