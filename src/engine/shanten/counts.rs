//! The forms that are counts, not tables: seven pairs, thirteen orphans,
//! honours and knitted, read from one SWAR pass over the hand's counts, or
//! on the concealed fast path from the hand's tallied keys
//! ([`key::hand_tallies`]), and for a discard from the hand's own tally.

use crate::forms;
use crate::rules::{Rules, SevenPairs};
use crate::table::key::{self, tally, Tallied};
use crate::table::layout::cells::FAR;
use crate::tile::{Counts, KINDS};

/// How many kinds a hand holds by copies: from one pass over the counts as
/// 64-bit words (eight kinds a word; a count is at most 4, three bits), or
/// from the tallied keys ([`Tally::of_keys`]).
#[derive(Debug, PartialEq)]
pub(super) struct Tally {
    pub(super) tiles: u8,
    /// Kinds held at least twice.
    pub(super) pairs: u8,
    /// Kinds held at all.
    pub(super) kinds: u8,
    /// Pairs when a quad counts as two: the sum of count / 2.
    pub(super) whole: u8,
    /// Kinds held an odd number of times.
    pub(super) odd: u8,
    /// Terminal and honour kinds held.
    pub(super) orphans: u8,
    /// Terminal and honour kinds held at least twice.
    pub(super) orphan_pairs: u8,
}

impl Tally {
    /// The tally of counts `c`: population counts of the held masks where
    /// the target has the instruction (x86-64-v2), else byte sums of the
    /// words (measured as fast as the masks' counts done in software).
    #[inline(always)]
    pub(super) fn of(c: &Counts) -> Tally {
        if cfg!(all(target_arch = "x86_64", target_feature = "popcnt")) {
            Tally::of_held(&Held::of(c))
        } else {
            Tally::of_words(c)
        }
    }

    /// The tally from the kinds held by copies: a population count each.
    #[inline(always)]
    pub(super) fn of_held(h: &Held) -> Tally {
        let n = |m: u64| m.count_ones() as u8;
        let (ones, twos, threes, fours) = (n(h.ones), n(h.twos), n(h.threes), n(h.fours));
        let pairs = h.twos | h.threes | h.fours;
        Tally {
            tiles: ones + 2 * twos + 3 * threes + 4 * fours,
            pairs: n(pairs),
            kinds: n(h.ones | pairs),
            whole: twos + threes + 2 * fours,
            odd: ones + threes,
            orphans: n((h.ones | pairs) & ORPHAN_KINDS),
            orphan_pairs: n(pairs & ORPHAN_KINDS),
        }
    }

    /// The tally from one pass over the counts as words.
    #[inline(always)]
    fn of_words(c: &Counts) -> Tally {
        const L: u64 = 0x0101_0101_0101_0101;
        // Byte flags of the terminals and honours in each word.
        const ORPHANS: [u64; 5] = {
            let mut w = [0u64; 5];
            let mut k = 0;
            while k < 13 {
                let i = forms::ORPHANS[k];
                w[i / 8] |= 1 << (8 * (i % 8));
                k += 1;
            }
            w
        };
        let (mut b0, mut b1, mut b2, mut kinds, mut pairs, mut orphans, mut orphan_pairs) =
            (0u64, 0u64, 0u64, 0u64, 0u64, 0u64, 0u64);
        for (j, &orphan) in ORPHANS.iter().enumerate() {
            let w = if j < 4 {
                u64::from_le_bytes(c[8 * j..8 * j + 8].try_into().expect("eight"))
            } else {
                c[32] as u64 | (c[33] as u64) << 8
            };
            // Bits 0, 1, 2 of every count, one flag byte each.
            let (x0, x1, x2) = (w & L, w >> 1 & L, w >> 2 & L);
            b0 += x0;
            b1 += x1;
            b2 += x2;
            kinds += x0 | x1 | x2;
            pairs += x1 | x2;
            orphans += (x0 | x1 | x2) & orphan;
            orphan_pairs += (x1 | x2) & orphan;
        }
        // Sum of the bytes of a word (each byte sum stays below 256).
        let sum = |x: u64| (x.wrapping_mul(L) >> 56) as u8;
        Tally {
            tiles: sum(b0) + 2 * sum(b1) + 4 * sum(b2),
            pairs: sum(pairs),
            kinds: sum(kinds),
            whole: sum(b1) + 2 * sum(b2),
            odd: sum(b0),
            orphans: sum(orphans),
            orphan_pairs: sum(orphan_pairs),
        }
    }

    /// The tally from a hand's tallied keys ([`key::hand_tallies`]): a few
    /// additions and shifts, the counting already done by the key tables.
    #[inline(always)]
    pub(super) fn of_keys(k: &[Tallied; 4]) -> Tally {
        let suits = k[0] + k[1] + k[2];
        let all = suits + k[3];
        let tiles = key::key_tiles(all as u32) as u8;
        let odd = tally::odd(all);
        // Every honour is a terminal or honour kind.
        let orphans = tally::terminals(suits) + tally::kinds(k[3]);
        Tally {
            tiles,
            pairs: tally::pairs(all),
            kinds: tally::kinds(all),
            whole: (tiles - odd) / 2,
            odd,
            orphans,
            orphan_pairs: tally::terminal_pairs(suits) + tally::pairs(k[3]),
        }
    }

    /// The tally of counts `c` (tallied as `self`) less one tile of kind
    /// `j` (held): a discard moves one kind down one copy.
    #[inline(always)]
    pub(super) fn without(&self, c: &Counts, j: usize) -> Tally {
        let was = c[j];
        let orphan = (ORPHAN_KINDS >> j & 1) as u8;
        let (single, double) = ((was == 1) as u8, (was == 2) as u8);
        Tally {
            tiles: self.tiles - 1,
            pairs: self.pairs - double,
            kinds: self.kinds - single,
            whole: self.whole - (was & 1 == 0) as u8,
            odd: if was & 1 == 1 {
                self.odd - 1
            } else {
                self.odd + 1
            },
            orphans: self.orphans - single * orphan,
            orphan_pairs: self.orphan_pairs - double * orphan,
        }
    }

    /// Seven pairs of the kind `mode` allows ([`FAR`] for none).
    #[inline(always)]
    pub(super) fn seven_pairs_distance(&self, mode: SevenPairs) -> u8 {
        match mode {
            SevenPairs::No => FAR,
            SevenPairs::Distinct => 7u8.saturating_sub(self.pairs) + 7u8.saturating_sub(self.kinds),
            SevenPairs::QuadsAllowed => {
                let need = 7u8.saturating_sub(self.whole);
                need + need.saturating_sub(self.odd)
            }
        }
    }

    /// Seven pairs and thirteen orphans, as the rules allow.
    #[inline(always)]
    pub(super) fn special_distance(&self, rules: &Rules) -> u8 {
        let mut d = self.seven_pairs_distance(rules.seven_pairs);
        if rules.thirteen_orphans {
            d = d.min(14 - self.orphans - (self.orphan_pairs > 0) as u8);
        }
        d
    }
}

/// The kinds held once, twice, three and four times (bit per kind).
#[derive(Debug, PartialEq)]
pub(super) struct Held {
    pub(super) ones: u64,
    pub(super) twos: u64,
    pub(super) threes: u64,
    pub(super) fours: u64,
}

impl Held {
    /// The masks of counts `c` (held as `self`) less one tile of kind `j`.
    #[inline(always)]
    pub(super) fn without(&self, c: &Counts, j: usize) -> Held {
        let bit = 1u64 << j;
        let mut h = Held {
            ones: self.ones & !bit,
            twos: self.twos & !bit,
            threes: self.threes & !bit,
            fours: self.fours & !bit,
        };
        match c[j] {
            4 => h.threes |= bit,
            3 => h.twos |= bit,
            2 => h.ones |= bit,
            _ => {}
        }
        h
    }

    /// The masks of counts `c`: four count masks where they are register
    /// compares (x86_64), else one pass over the counts as words.
    #[inline(always)]
    pub(super) fn of(c: &Counts) -> Held {
        if cfg!(all(target_arch = "x86_64", target_feature = "sse2")) {
            Held::of_masks(c)
        } else {
            Held::of_words(c)
        }
    }

    /// The masks from the count masks: at least one, two, three, four.
    #[inline(always)]
    fn of_masks(c: &Counts) -> Held {
        let (one, two, three) = (held_mask(c), at_least(c, 2), at_least(c, 3));
        let four = full_mask(c);
        Held {
            ones: one & !two,
            twos: two & !three,
            threes: three & !four,
            fours: four,
        }
    }

    /// The masks from the counts' bits, eight kinds a word.
    #[inline]
    fn of_words(c: &Counts) -> Held {
        const L: u64 = 0x0101_0101_0101_0101;
        // Gathers bit 0 of each byte into the top byte (the eight products
        // land on distinct bits, so nothing carries).
        let bits = |x: u64| x.wrapping_mul(0x0102_0408_1020_4080) >> 56;
        let mut h = Held {
            ones: 0,
            twos: 0,
            threes: 0,
            fours: 0,
        };
        for j in 0..5 {
            let w = if j < 4 {
                u64::from_le_bytes(c[8 * j..8 * j + 8].try_into().expect("eight"))
            } else {
                c[32] as u64 | (c[33] as u64) << 8
            };
            let (x0, x1, x2) = (w & L, w >> 1 & L, w >> 2 & L);
            h.ones |= bits(x0 & !x1) << (8 * j);
            h.twos |= bits(x1 & !x0) << (8 * j);
            h.threes |= bits(x0 & x1) << (8 * j);
            h.fours |= bits(x2) << (8 * j);
        }
        h
    }
}

/// Every tile kind, a bit each.
pub(super) const ALL_KINDS: u64 = (1 << KINDS) - 1;

/// The counts of the `kept` kinds only.
#[inline]
pub(super) fn kept_counts(c: &Counts, kept: u64) -> Counts {
    let mut out = *c;
    for (i, x) in out.iter_mut().enumerate() {
        *x &= 0u8.wrapping_sub((kept >> i & 1) as u8);
    }
    out
}

/// Seven pairs over the `kept` kinds: its distance, and the kinds whose draw
/// lowers it.
pub(super) fn seven_pairs(c: &Counts, kept: u64, mode: SevenPairs) -> (u8, u64) {
    let masked;
    let c = if kept == ALL_KINDS {
        c
    } else {
        masked = kept_counts(c, kept);
        &masked
    };
    let held = Held::of(c);
    let tally = Tally::of_held(&held);
    let d = tally.seven_pairs_distance(mode);
    if d == 0 || mode == SevenPairs::No {
        return (d, 0);
    }
    let empty = !(held.ones | held.twos | held.threes | held.fours) & kept;
    let tiles = match mode {
        // A single becomes a pair; a new kind helps while kinds are short.
        SevenPairs::Distinct => held.ones | if tally.kinds < 7 { empty } else { 0 },
        // An odd count completes a pair; an even one helps while pairs
        // outnumber the odd counts that could complete them.
        _ => {
            let short = 7 - tally.whole > tally.odd;
            held.ones | held.threes | if short { empty | held.twos } else { 0 }
        }
    };
    (d, tiles)
}

/// The kinds whose draw lowers a counting form (seven pairs, thirteen
/// orphans, as the rules allow) that stands at distance `special`: what
/// [`seven_pairs`] and [`thirteen_orphans`] give over every kind, from the
/// hand's `tally` and one pass for the kinds held once and at all.
#[inline]
pub(super) fn special_tiles(c: &Counts, tally: &Tally, rules: &Rules, special: u8) -> u64 {
    special_tiles_held(&Held::of(c), tally, rules, special)
}

/// [`special_tiles`] from the hand's [`Held`] masks.
#[inline]
pub(super) fn special_tiles_held(held: &Held, tally: &Tally, rules: &Rules, special: u8) -> u64 {
    let any = held.ones | held.twos | held.threes | held.fours;
    let empty = !any & ALL_KINDS;
    let mut tiles = 0;
    match rules.seven_pairs {
        SevenPairs::No => {}
        SevenPairs::Distinct => {
            let d = 7u8.saturating_sub(tally.pairs) + 7u8.saturating_sub(tally.kinds);
            if d == special && d != 0 {
                tiles |= held.ones | if tally.kinds < 7 { empty } else { 0 };
            }
        }
        SevenPairs::QuadsAllowed => {
            let need = 7u8.saturating_sub(tally.whole);
            let d = need + need.saturating_sub(tally.odd);
            if d == special && d != 0 {
                let short = need > tally.odd;
                tiles |= held.ones | held.threes | if short { empty | held.twos } else { 0 };
            }
        }
    }
    let orphan_pair = tally.orphan_pairs > 0;
    if rules.thirteen_orphans && 14 - tally.orphans - orphan_pair as u8 == special {
        let present = any & ORPHAN_KINDS;
        tiles |= if orphan_pair {
            ORPHAN_KINDS & !present
        } else {
            ORPHAN_KINDS
        };
    }
    tiles
}

use forms::ORPHAN_MASK as ORPHAN_KINDS;

/// Thirteen orphans: its distance and the kinds whose draw lowers it.
#[inline]
pub(super) fn thirteen_orphans(c: &Counts) -> (u8, u64) {
    let present = held_mask(c) & ORPHAN_KINDS;
    let pair = at_least(c, 2) & ORPHAN_KINDS != 0;
    let all = ORPHAN_KINDS;
    let d = 14 - present.count_ones() as u8 - pair as u8;
    let t = if pair { all & !present } else { all };
    (d, t)
}

pub(super) use forms::KNITTED_MASKS;

/// The seven honour kinds, a bit each.
pub(super) use forms::HONOR_MASK as HONOR_KINDS;

#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
pub(crate) use sse::{at_least, full_mask, held_mask, kinds_equal};
#[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
pub(crate) use words::{at_least, full_mask, held_mask, kinds_equal};

/// The count masks (a bit per kind whose count passes a test) from eight
/// counts a word, gathered eight at a time by one multiply: the definition
/// on every target, and the code where SSE2 is not there.
#[cfg_attr(all(target_arch = "x86_64", target_feature = "sse2"), allow(dead_code))]
mod words {
    use crate::tile::Counts;

    const LOW: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const HIGH: u64 = 0x8080_8080_8080_8080;

    /// The kinds whose counts in `c` get their byte's high bit from
    /// `test` (given eight counts as a word).
    #[inline(always)]
    fn kinds_where(c: &Counts, test: impl Fn(u64) -> u64) -> u64 {
        let word = |i: usize| u64::from_le_bytes(c[i..i + 8].try_into().expect("eight"));
        let gather = |w: u64| (test(w) >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56;
        // Bytes 26..34 as the last word: its low two bytes repeat kinds 26, 27.
        gather(word(0))
            | gather(word(8)) << 8
            | gather(word(16)) << 16
            | gather(word(24)) << 24
            | gather(word(26)) << 26
    }

    /// The kinds of which `c` counts all four copies (bit per kind).
    #[inline(always)]
    pub(crate) fn full_mask(c: &Counts) -> u64 {
        kinds_equal(c, 4)
    }

    /// The kinds whose byte in `c` is `n` (any bytes, bit per kind).
    #[inline(always)]
    pub(crate) fn kinds_equal(c: &Counts, n: u8) -> u64 {
        let spread = u64::from(n) * 0x0101_0101_0101_0101;
        kinds_where(c, |w| {
            let x = w ^ spread;
            !(((x & LOW).wrapping_add(LOW)) | x) & HIGH
        })
    }

    /// The kinds `c` holds (bit per kind).
    #[inline(always)]
    pub(crate) fn held_mask(c: &Counts) -> u64 {
        kinds_where(c, |w| ((w & LOW).wrapping_add(LOW) | w) & HIGH)
    }

    /// The kinds `c` holds at least `n` copies of (1 to 4; bit per kind).
    #[inline(always)]
    pub(crate) fn at_least(c: &Counts, n: u8) -> u64 {
        // A count is at most 4: adding 0x80 − n sets its byte's high bit
        // exactly where it is at least n, and no byte carries.
        let add = u64::from(0x80 - n) * 0x0101_0101_0101_0101;
        kinds_where(c, |w| w.wrapping_add(add) & HIGH)
    }
}

/// The count masks in SSE2 registers: sixteen counts a compare and one
/// `pmovmskb`, three times (kinds 0..16, 16..32, 18..34), where the words
/// take five gathers of four or five operations each. The intrinsics read
/// and write registers only, and any bytes give defined output; each is
/// `unsafe` only for its target feature, which the `cfg` guarantees (SSE2
/// is part of the x86_64 baseline). Tested equal to the words.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod sse {
    use crate::tile::Counts;
    use std::arch::x86_64::*;

    /// The kinds whose counts pass `test` (given sixteen counts, all ones
    /// in the byte lane of each that passes), bit per kind.
    #[inline(always)]
    fn kinds_where(c: &Counts, test: impl Fn(__m128i) -> __m128i) -> u64 {
        let lanes = |i: usize| {
            let x = u128::from_le_bytes(c[i..i + 16].try_into().expect("sixteen"));
            // SAFETY: `u128` and `__m128i` are both 16 bytes of plain data,
            // every bit pattern valid in each, so the transmute only
            // retypes; `pmovmskb` is an SSE2 register operation.
            let bits = unsafe { _mm_movemask_epi8(test(std::mem::transmute::<u128, __m128i>(x))) };
            u64::from(bits as u16)
        };
        // The last sixteen overlap the middle ones on kinds 18..32.
        lanes(0) | lanes(16) << 16 | lanes(18) << 18
    }

    /// The kinds of which `c` counts at least `n` copies (bit per kind).
    #[inline(always)]
    pub(crate) fn at_least(c: &Counts, n: u8) -> u64 {
        // SAFETY: SSE2 register operations (see the module docs).
        kinds_where(c, |x| unsafe {
            // Unsigned: a count is at least n where max(count, n) is it.
            _mm_cmpeq_epi8(_mm_max_epu8(x, _mm_set1_epi8(n as i8)), x)
        })
    }

    /// The kinds `c` holds (bit per kind).
    #[inline(always)]
    pub(crate) fn held_mask(c: &Counts) -> u64 {
        at_least(c, 1)
    }

    /// The kinds of which `c` counts all four copies (bit per kind).
    #[inline(always)]
    pub(crate) fn full_mask(c: &Counts) -> u64 {
        kinds_equal(c, 4)
    }

    /// The kinds whose byte in `c` is `n` (any bytes, bit per kind).
    #[inline(always)]
    pub(crate) fn kinds_equal(c: &Counts, n: u8) -> u64 {
        // SAFETY: an SSE2 register operation (see the module docs).
        kinds_where(c, |x| unsafe { _mm_cmpeq_epi8(x, _mm_set1_epi8(n as i8)) })
    }
}

/// Honours and knitted (MCR): 14 distinct kinds of one permutation's nine
/// and the seven honours. Its distance is 14 less the kinds held among
/// them; the draws that lower it are the kinds of an optimal permutation
/// not yet held.
pub(super) fn honors_and_knitted(c: &Counts) -> (u8, u64) {
    let held = held_mask(c);
    let mut best = FAR;
    let mut tiles = 0u64;
    for mask in KNITTED_MASKS {
        let allowed = mask | HONOR_KINDS;
        let present = (held & allowed).count_ones() as u8;
        let d = 14 - present.min(14);
        if d < best {
            best = d;
            tiles = 0;
        }
        if d == best && present < 14 {
            tiles |= allowed & !held;
        }
    }
    (best, tiles)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The count masks in use (SSE2 on x86_64) and the words that define
    /// them, against the definition: every count 0–4 in every position, and
    /// any byte for the masks that take one.
    #[test]
    fn count_masks_are_the_kinds_with_so_many_copies() {
        let mut rng = crate::sets::Rng::new(13);
        for round in 0..50_000 {
            let top = if round % 5 == 0 { 256 } else { 5 };
            let mut c = [0u8; KINDS];
            c.iter_mut().for_each(|x| *x = rng.below(top) as u8);
            let kinds = |test: &dyn Fn(u8) -> bool| {
                (0..KINDS).fold(0u64, |m, i| m | u64::from(test(c[i])) << i)
            };
            let held = kinds(&|x| x > 0);
            assert_eq!((held_mask(&c), words::held_mask(&c)), (held, held), "{c:?}");
            let full = kinds(&|x| x == 4);
            assert_eq!((full_mask(&c), words::full_mask(&c)), (full, full), "{c:?}");
            let n = c[round % KINDS];
            let equal = kinds(&|x| x == n);
            let both = (kinds_equal(&c, n), words::kinds_equal(&c, n));
            assert_eq!(both, (equal, equal), "{c:?} {n}");
            for n in (1..=4).filter(|_| top == 5) {
                let want = kinds(&|x| x >= n);
                assert_eq!(
                    (at_least(&c, n), words::at_least(&c, n)),
                    (want, want),
                    "{c:?} {n}"
                );
            }
        }
    }

    /// The tally from the keys equals the tally of the counts, by the words
    /// and by the held masks (themselves by the words and the masks).
    #[test]
    fn tally_of_keys_equals_tally_of_counts() {
        let mut rng = crate::sets::Rng::new(11);
        for round in 0..200_000 {
            let mut c = [0u8; KINDS];
            for x in c.iter_mut() {
                *x = if round % 4 == 0 {
                    rng.below(5)
                } else {
                    rng.below(9).saturating_sub(4)
                } as u8;
            }
            // Both ways to each, whichever the target uses.
            let held = Held::of_words(&c);
            assert_eq!(Held::of_masks(&c), held, "{c:?}");
            let tally = Tally::of_keys(&key::hand_tallies(&c));
            assert_eq!(Tally::of_words(&c), tally, "{c:?}");
            assert_eq!(Tally::of_held(&held), tally, "{c:?}");
        }
    }

    /// A tally or held masks less one tile equal those of the smaller hand.
    #[test]
    fn without_one_tile_equals_a_fresh_count() {
        let mut rng = crate::sets::Rng::new(17);
        for _ in 0..100_000 {
            let mut c = [0u8; KINDS];
            for _ in 0..14 {
                let k = rng.below(KINDS);
                if c[k] < 4 {
                    c[k] += 1;
                }
            }
            let (tally, held) = (Tally::of(&c), Held::of(&c));
            for j in (0..KINDS).filter(|&j| c[j] > 0) {
                let mut w = c;
                w[j] -= 1;
                assert_eq!(tally.without(&c, j), Tally::of(&w), "{c:?} less {j}");
                let (a, b) = (held.without(&c, j), Held::of(&w));
                assert_eq!(
                    [a.ones, a.twos, a.threes, a.fours],
                    [b.ones, b.twos, b.threes, b.fours]
                );
            }
        }
    }

    /// The counting forms' tiles from the tally equal those of
    /// `seven_pairs` and `thirteen_orphans` at every distance they reach.
    #[test]
    fn special_tiles_equal_the_forms_tiles() {
        let mut rng = crate::sets::Rng::new(13);
        let modes = [
            SevenPairs::No,
            SevenPairs::Distinct,
            SevenPairs::QuadsAllowed,
        ];
        for round in 0..100_000 {
            // Hands of up to 14 tiles, at most four of a kind.
            let mut c = [0u8; KINDS];
            let size = [14, 13, 12, 11, 5][round % 5];
            for _ in 0..size {
                let k = rng.below(KINDS);
                if c[k] < 4 {
                    c[k] += 1;
                }
            }
            let tally = Tally::of(&c);
            for mode in modes {
                for orphans in [false, true] {
                    let rules = Rules {
                        seven_pairs: mode,
                        thirteen_orphans: orphans,
                        ..Rules::GENERIC
                    };
                    let (p, pt) = seven_pairs(&c, ALL_KINDS, mode);
                    let (o, ot) = thirteen_orphans(&c);
                    for special in 0..16 {
                        let mut want = 0;
                        if mode != SevenPairs::No && p == special {
                            want |= pt;
                        }
                        if orphans && o == special {
                            want |= ot;
                        }
                        let got = special_tiles(&c, &tally, &rules, special);
                        assert_eq!(got, want, "{c:?} {mode:?} {orphans} {special}");
                    }
                }
            }
        }
    }
}
