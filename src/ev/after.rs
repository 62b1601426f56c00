//! The shanten of a state's hands one draw and one discard on: the state
//! plus kind k less kind d, for every k and held d.
//!
//! On the common case (a concealed hand without jokers, every part open)
//! the draws of the 3n-tile hands "state less d", one per held kind d,
//! give them all: plus k such a hand has shanten its distance − 1, one
//! less when k is among its draws. The engine answers them together
//! (`Tables::effective_short_memo`): removing d changes one part of the
//! hand, so the others' lookups are shared, and the standard form's
//! distance by the parts' classes is kept across states. Elsewhere
//! (declared melds, jokers, Sichuan, MCR forms) each hand is a shanten
//! query, memoised.
//!
//! The 3n-tile hands repeat: the state less d is also the neighbouring
//! state less d', so about half the hands of a 2- or 3-shanten graph come
//! again, mostly soon after (neighbours are expanded close together).
//! [`ShortMemo`], a small direct-mapped cache, keeps the recent answers,
//! each in one u128 beside its hand (base-5 counts: 79 bits); the engine
//! is asked only for the others.

use super::model::{Game, Key, KeyMap, UNREACHABLE};
use crate::hand::Hand;
use crate::tile::{Counts, Tile, KINDS};

/// The discard-and-draw shanten of one state.
pub struct After<'s> {
    real: &'s Hand,
    jokers: usize,
    /// The common case (a concealed hand without jokers, every part
    /// open), where `short` holds the answers.
    common: bool,
    /// Per held kind d: the shanten of the state less d plus a kind that
    /// is not among its draws, and those draws (bit per kind).
    short: [(i8, u64); KINDS],
}

impl<'s> After<'s> {
    /// The queries of a state: its counts as written, its real tiles and
    /// its jokers.
    pub fn new<B: AsRef<[u8]>>(
        game: &Game<B>,
        c: &Counts,
        real: &'s Hand,
        jokers: usize,
        memo: &mut ShortMemo,
    ) -> After<'s> {
        let mut after = After {
            real,
            jokers,
            common: jokers == 0 && game.joker.is_none() && game.melds.is_empty(),
            short: [(UNREACHABLE, 0); KINDS],
        };
        if !after.common {
            return after;
        }
        let whole = base5(c);
        let mut missing = 0u64;
        // The held kinds as bits, without a branch a kind.
        let mut held = (0..KINDS).fold(0u64, |m, d| m | u64::from(c[d] > 0) << d);
        while held != 0 {
            let d = held.trailing_zeros() as usize;
            held &= held - 1;
            match memo.get(whole - POW5[d]) {
                Some((dist, draws)) => after.short[d] = (dist as i8 - 1, draws),
                None => missing |= 1 << d,
            }
        }
        if missing != 0 {
            // The rest at once: they share the parts they leave alone.
            let mut all = [(0, 0); KINDS];
            let (tables, rules) = (game.tables, &game.rules);
            after.common =
                tables.effective_short_memo(c, rules, missing, &mut memo.classes, &mut all);
            while missing != 0 && after.common {
                let d = missing.trailing_zeros() as usize;
                missing &= missing - 1;
                memo.insert(whole - POW5[d], all[d]);
                after.short[d] = (all[d].0 as i8 - 1, all[d].1);
            }
        }
        after
    }

    /// Per held kind d (common case only): the shanten of the state less d
    /// plus a kind that is not among its draws, and those draws.
    #[inline]
    pub fn short(&self) -> Option<&[(i8, u64); KINDS]> {
        self.common.then_some(&self.short)
    }

    /// Shanten of the state plus `k` (a joker when `joker`) less the real
    /// tile `d` (held, not `k`), which is the hand `key`; [`UNREACHABLE`]
    /// when no complete hand can be reached. Off the common case the
    /// answers are kept in `memo`: the same hand is one change away from
    /// many states, and there a query (melds, jokers, MCR forms) costs more
    /// than a lookup.
    #[inline]
    pub fn shanten<B: AsRef<[u8]>>(
        &self,
        game: &Game<B>,
        memo: &mut KeyMap<i8>,
        key: Key,
        k: usize,
        d: usize,
    ) -> i8 {
        if self.common {
            let (base, draws) = self.short[d];
            return base - (draws >> k & 1) as i8;
        }
        *memo.entry(key).or_insert_with(|| {
            let (mut hand, mut j) = (*self.real, self.jokers);
            if game.is_joker(k) {
                j += 1;
            } else {
                hand.add_concealed(Tile::from_index(k).expect("index < 34"));
            }
            hand.remove_concealed(Tile::from_index(d).expect("index < 34"));
            game.shanten(&hand, j).unwrap_or(UNREACHABLE)
        })
    }
}

/// 5^k for each kind.
const POW5: [u128; KINDS] = {
    let mut p = [1u128; KINDS];
    let mut k = 1;
    while k < KINDS {
        p[k] = p[k - 1] * 5;
        k += 1;
    }
    p
};

/// Counts (each 0..=4) as a base-5 number: below 5^34 < 2^79. Two
/// halves of 17 kinds in 64 bits each (5^17 < 2^40), then one 128-bit
/// product: a chain of 34 128-bit ones cost more.
fn base5(c: &Counts) -> u128 {
    let half = |c: &[u8]| {
        c.iter()
            .zip(&POW5)
            .map(|(&n, &p)| u64::from(n) * p as u64)
            .sum::<u64>()
    };
    let (low, high) = c.split_at(KINDS / 2);
    u128::from(half(high)) * POW5[KINDS / 2] + u128::from(half(low))
}

/// Bits of a base-5 hand.
const HAND_BITS: u32 = 79;

/// Most slots of the [`ShortMemo`] (16 bytes each): small enough to stay
/// in a core's cache; the hands that repeat are mostly met close together
/// (the graph grows breadth first), so a direct-mapped cache keeps most of
/// them. It starts at 2^10 slots and doubles with the graph (a small graph
/// would pay for zeroing more than it asks).
const MEMO_BITS: u32 = 14;

/// Recent answers of [`Tables::effective_short`](crate::Tables::effective_short)
/// by 3n-tile hand, direct-mapped: each slot the hand (base 5, never 0:
/// the hands hold tiles) with the distance (4 bits) and the draws (34 bits)
/// above it; a new answer takes its slot over.
pub struct ShortMemo {
    slots: Vec<u128>,
    bits: u32,
    /// The engine's cache of standard forms by the parts' classes
    /// ([`Tables::effective_short_memo`](crate::Tables)).
    classes: Vec<u128>,
}

impl Default for ShortMemo {
    fn default() -> ShortMemo {
        ShortMemo {
            slots: vec![0; 1 << 10],
            bits: 10,
            classes: vec![0; 1 << CLASS_BITS],
        }
    }
}

/// Slots of the engine's class cache (16 bytes each).
const CLASS_BITS: u32 = 12;

impl ShortMemo {
    #[inline]
    fn slot(&self, hand: u128) -> usize {
        let folded = (hand as u64) ^ ((hand >> 64) as u64).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        (folded.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - self.bits)) as usize
    }

    /// Twice the slots (up to 2^[`MEMO_BITS`]) once a graph of `states`
    /// outgrows them, the answers kept.
    pub fn fit(&mut self, states: usize) {
        if self.bits < MEMO_BITS && states > self.slots.len() / 2 {
            let old = std::mem::replace(&mut self.slots, vec![0; 2 << self.bits]);
            self.bits += 1;
            for e in old.into_iter().filter(|&e| e != 0) {
                let i = self.slot(e & ((1 << HAND_BITS) - 1));
                self.slots[i] = e;
            }
        }
    }

    #[inline]
    fn get(&self, hand: u128) -> Option<(u8, u64)> {
        let e = self.slots[self.slot(hand)];
        (e != 0 && e & ((1 << HAND_BITS) - 1) == hand).then(|| {
            let v = e >> HAND_BITS;
            ((v & 15) as u8, (v >> 4) as u64)
        })
    }

    #[inline]
    fn insert(&mut self, hand: u128, (dist, draws): (u8, u64)) {
        assert!(dist < 16, "a distance fits four bits");
        let v = u128::from(dist) | u128::from(draws & ((1 << KINDS) - 1)) << 4;
        let i = self.slot(hand);
        self.slots[i] = hand | v << HAND_BITS;
    }

    /// Bytes held.
    pub fn bytes(&self) -> usize {
        (self.slots.capacity() + self.classes.capacity()) * std::mem::size_of::<u128>()
    }
}
