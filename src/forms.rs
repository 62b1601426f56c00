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
pub(crate) const KNITTED_PERMS: [[usize; 3]; 6] = [
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

/// Whether any of 2m–8m is present (the tiles three-player mahjong lacks).
#[inline(always)]
pub(crate) fn any_character_simple(c: &Counts) -> bool {
    u64::from_le_bytes(c[1..9].try_into().expect("eight bytes")) << 8 != 0
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
/// pairs (shifted too) has no odd count, thirteen orphans no simple tile,
/// honours and knitted no count above one, and a knitted straight holds one
/// knitted chow in full in each suit.
#[inline(always)]
pub(crate) fn may_be_special(counts: &Counts, rules: &Rules) -> bool {
    (rules.seven_pairs != SevenPairs::No && !any_count_bits(counts, 1))
        || (rules.thirteen_orphans && !any_simple(counts))
        || (rules.mcr_forms
            && (may_be_knitted_straight(counts)
                || (!any_count_bits(counts, 0xfe) && knitted_permutation(counts).is_some())))
}

/// The kinds held, a bit per kind: the low bit of each byte of [`words`]
/// after folding the count's three bits into it, gathered into one byte per
/// word by a multiply (bit 8k lands on bit 56 + k, no two products meet).
#[inline(always)]
fn held(c: &Counts) -> u64 {
    const LOW: u64 = u64::from_ne_bytes([1; 8]);
    let gather = |w: u64| ((w | w >> 1 | w >> 2) & LOW).wrapping_mul(0x0102_0408_1020_4080) >> 56;
    let [a, b, d, e, f] = words(c);
    gather(a) | gather(b) << 8 | gather(d) << 16 | gather(e) << 24 | gather(f) << 26
}

/// The first knitted permutation whose nine kinds and the honours hold
/// every kind present.
#[inline(always)]
fn knitted_permutation(c: &Counts) -> Option<usize> {
    let held = held(c);
    KNITTED_MASKS
        .iter()
        .position(|&m| held & !(m | HONOR_MASK) == 0)
}

/// Which knitted chows suit `s` holds in full: byte `i` of the result is 1
/// when ranks i + 1, i + 4 and i + 7 are all present (bytes 0–2 only).
#[inline(always)]
fn knitted_chows(c: &Counts, s: usize) -> u64 {
    const LOW: u64 = u64::from_ne_bytes([1; 8]);
    let w = u64::from_le_bytes(c[s * 9..s * 9 + 8].try_into().expect("eight bytes"));
    // Byte r: rank r + 1 present (a count is at most 5: three bits).
    let held = (w | w >> 1 | w >> 2) & LOW;
    let ninth = u64::from(c[s * 9 + 8] != 0) << 16;
    held & held >> 24 & (held >> 48 | ninth)
}

/// Whether the three suits can each give a different knitted chow in full
/// (the nine tiles of a knitted straight): with lane `i` of each suit's
/// [`knitted_chows`], suit 0 takes chow `i` and suits 1 and 2 the other two,
/// in either order, through lane rotations.
#[inline(always)]
fn may_be_knitted_straight(c: &Counts) -> bool {
    // Nine in ten random hands hold no knitted chow in characters.
    let m = knitted_chows(c, 0);
    if m == 0 {
        return false;
    }
    let rot = |x: u64, k: u32| (x >> (8 * k) | x << (24 - 8 * k)) & 0x01_0101;
    let [p, s] = [1, 2].map(|suit| knitted_chows(c, suit));
    (m & rot(p, 1) & rot(s, 2)) | (m & rot(p, 2) & rot(s, 1)) != 0
}

/// Whether 13 tiles could be one short of a special form other than seven
/// pairs under `rules`: the filter of [`may_be_special`] for waits. Thirteen
/// orphans needs all 13 tiles to be terminals or honours.
#[inline(always)]
pub(crate) fn may_wait_special(counts: &Counts, rules: &Rules) -> bool {
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
    knitted_permutation(counts)
}

/// The sets a knitted straight needs beside its nine knitted tiles and its
/// pair, in a hand of `size` slots (concealed tiles plus three per declared
/// meld, before or after the winning tile) with `melds` declared melds; `None`
/// when the form does not fit. A full hand needs one set, or none beside a
/// declared meld. A bare short hand (10 or 11 concealed tiles, no declared
/// meld) counts its missing set as a meld, as the MCR reference calculator
/// does, but never as knitted tiles: it needs no set.
pub(crate) fn knitted_straight_sets(size: usize, melds: usize) -> Option<usize> {
    match (size, melds) {
        (13 | 14, 0 | 1) => Some(1 - melds),
        (10 | 11, 0) => Some(0),
        _ => None,
    }
}

/// The knitted permutations whose nine tiles are all among `counts`.
pub(crate) fn knitted_straights(counts: &Counts) -> impl Iterator<Item = usize> + '_ {
    (0..6).filter(move |&p| knitted_tiles(p).iter().all(|&i| counts[i] > 0))
}

/// The arrangement for a special form the counts satisfy (`form` must not be
/// [`Form::Standard`] or [`Form::KnittedStraight`], whose sets need a split).
pub(crate) fn special_arrangement(counts: &Counts, form: Form) -> Arrangement {
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
pub(crate) fn knitted_groups(p: usize) -> [Group; 3] {
    let g = |s: usize| {
        let t = Tile::from_index(s * 9 + KNITTED_PERMS[p][s]).expect("index < 27");
        Group::concealed(GroupKind::Knitted, t)
    };
    [g(0), g(1), g(2)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hand::Hand;
    use crate::sets::{hands, Set, SEED};

    fn naive_held(c: &Counts) -> u64 {
        (0..c.len())
            .filter(|&i| c[i] > 0)
            .fold(0, |m, i| m | 1 << i)
    }

    /// The gathered bit mask is the set of non-zero counts: every kind at
    /// every count up to a hypothetical fifth copy, and seeded hands.
    #[test]
    fn held_kinds_are_the_nonzero_counts() {
        for i in 0..34 {
            for n in 0..=5 {
                let mut c = [0u8; 34];
                c[i] = n;
                assert_eq!(held(&c), naive_held(&c), "kind {i} count {n}");
            }
        }
        for set in [Set::R14, Set::C14, Set::M14, Set::R13] {
            for hand in hands(set, 20_000, SEED) {
                assert_eq!(held(hand.counts()), naive_held(hand.counts()), "{hand}");
            }
        }
    }

    /// The knitted-straight filter passes exactly the hands that hold the
    /// nine tiles of some permutation: every permutation with every extra
    /// set and pair, and seeded hands of every size.
    #[test]
    fn knitted_straight_filter_is_exact() {
        let exact = |c: &Counts| knitted_straights(c).next().is_some();
        for p in 0..6 {
            for pair in 0..34 {
                for set in 0..34 {
                    let mut c = [0u8; 34];
                    for i in knitted_tiles(p) {
                        c[i] += 1;
                    }
                    c[pair] += 2;
                    c[set] += 3;
                    if c.iter().all(|&n| n <= 4) {
                        assert!(may_be_knitted_straight(&c), "{c:?}");
                        assert!(may_be_special(&c, &Rules::MCR), "{c:?}");
                    }
                }
            }
        }
        for set in [Set::R14, Set::C14, Set::M14, Set::R13, Set::T13] {
            for hand in hands(set, 20_000, SEED) {
                let c = hand.counts();
                assert_eq!(may_be_knitted_straight(c), exact(c), "{hand}");
            }
        }
    }

    /// Every honours-and-knitted hand passes the filter: 14 of the 16 kinds
    /// of each permutation and the honours.
    #[test]
    fn honours_and_knitted_pass_the_filter() {
        for p in 0..6 {
            let kinds: Vec<usize> = knitted_tiles(p).into_iter().chain(27..34).collect();
            for a in 0..16 {
                for b in a + 1..16 {
                    let mut c = [0u8; 34];
                    for (k, &i) in kinds.iter().enumerate() {
                        c[i] = u8::from(k != a && k != b);
                    }
                    assert_eq!(honors_and_knitted(&c), Some(p), "{c:?}");
                    assert!(may_be_special(&c, &Rules::MCR), "{c:?}");
                }
            }
        }
    }

    #[test]
    fn may_be_special_examples() {
        let h: Hand = "1122m3344p5566s77z".parse().unwrap();
        assert!(may_be_special(h.counts(), &Rules::GENERIC));
        let h: Hand = "123m456p789s11122z".parse().unwrap();
        assert!(!may_be_special(h.counts(), &Rules::RIICHI));
        assert!(!may_be_special(h.counts(), &Rules::MCR));
        let h: Hand = "147m258p369s12355z".parse().unwrap();
        assert!(may_be_special(h.counts(), &Rules::MCR));
        let h: Hand = "19m19p19s12345677z".parse().unwrap();
        assert!(may_be_special(h.counts(), &Rules::RIICHI));
    }

    #[test]
    fn may_wait_special_examples() {
        let h: Hand = "19m19p19s1234567z".parse().unwrap();
        assert!(may_wait_special(h.counts(), &Rules::RIICHI));
        assert!(!may_wait_special(h.counts(), &Rules::GENERIC));
        let h: Hand = "123m456p789s1112z".parse().unwrap();
        assert!(!may_wait_special(h.counts(), &Rules::RIICHI));
    }

    #[test]
    fn knitted_straight_sets_examples() {
        assert_eq!(knitted_straight_sets(14, 0), Some(1));
        assert_eq!(knitted_straight_sets(13, 1), Some(0));
        assert_eq!(knitted_straight_sets(10, 0), Some(0)); // 2458m369s147p waits on 4m
        assert_eq!(knitted_straight_sets(11, 1), None);
        assert_eq!(knitted_straight_sets(8, 0), None);
    }
}
