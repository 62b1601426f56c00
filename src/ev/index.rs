//! The key index: state keys to node numbers. A key uses 102 of a u128's
//! bits, so the node number rides in the 26 above it and the table is one
//! array of u128, open-addressed with linear probing at most half full
//! (an empty slot is 0, so a key is stored plus one: a state may hold no
//! tile, its hand all jokers that are not tiles): a
//! lookup reads one 16-byte slot where a general hash map reads a control
//! byte and a 32-byte bucket (the graph build asks once per option).

use super::model::Key;
use crate::tile::KINDS;

/// Bits of a key (three per kind).
const KEY_BITS: u32 = 3 * KINDS as u32;
const KEY_MASK: u128 = (1 << KEY_BITS) - 1;

/// Node numbers fit below this.
pub const MAX_NODES: usize = 1 << (128 - KEY_BITS);

/// Keys with their node numbers.
pub struct Index {
    /// 0, or a key plus one with its number above it.
    slots: Vec<u128>,
    len: usize,
    /// 64 − log2(slots.len()): the hash's top bits pick the home slot.
    shift: u32,
}

impl Index {
    pub fn new() -> Index {
        Index::with_slots(1 << 10)
    }

    fn with_slots(n: usize) -> Index {
        Index {
            slots: vec![0; n],
            len: 0,
            shift: 64 - n.trailing_zeros(),
        }
    }

    /// Fold the key's high half into the low one, then Fibonacci hashing.
    #[inline]
    fn home(&self, key: Key) -> usize {
        let folded = (key as u64) ^ ((key >> 64) as u64).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        (folded.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> self.shift) as usize
    }

    /// The slot holding `key` (stored plus one), or the empty slot where
    /// it would go.
    #[inline]
    fn slot(&self, stored: u128) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = self.home(stored);
        loop {
            let e = self.slots[i];
            if e == 0 || e & KEY_MASK == stored {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /// The number of `key`.
    #[inline]
    pub fn get(&self, key: Key) -> Option<u32> {
        let e = self.slots[self.slot(key + 1)];
        (e != 0).then_some((e >> KEY_BITS) as u32)
    }

    /// The number of `key`, given number `next` when new (and whether it
    /// was).
    #[inline]
    pub fn get_or_insert(&mut self, key: Key, next: u32) -> (u32, bool) {
        // Three bits a kind of at most 4: a key plus one stays in its bits.
        debug_assert!(key < KEY_MASK);
        let i = self.slot(key + 1);
        let e = self.slots[i];
        if e != 0 {
            return ((e >> KEY_BITS) as u32, false);
        }
        // The graph stops at its state limit, below this.
        debug_assert!((next as usize) < MAX_NODES);
        self.slots[i] = (key + 1) | u128::from(next) << KEY_BITS;
        self.len += 1;
        if 2 * self.len > self.slots.len() {
            self.grow();
        }
        (next, true)
    }

    /// Twice the slots, every entry moved to its new home.
    fn grow(&mut self) {
        let mut bigger = Index::with_slots(2 * self.slots.len());
        for &e in self.slots.iter().filter(|&&e| e != 0) {
            let i = bigger.slot(e & KEY_MASK);
            bigger.slots[i] = e;
        }
        bigger.len = self.len;
        *self = bigger;
    }

    /// Bytes held.
    pub fn bytes(&self) -> usize {
        self.slots.capacity() * std::mem::size_of::<u128>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_survive_growth() {
        let mut ix = Index::new();
        // Keys that differ in a few 3-bit fields, as states do.
        let keys: Vec<Key> = (1..20_000u128)
            .map(|i| (i % 5) | (i / 5 % 5) << 3 | (i / 25 % 5) << 60 | (i / 125) << 90)
            .collect();
        for (n, &k) in keys.iter().enumerate() {
            assert_eq!(ix.get_or_insert(k, n as u32), (n as u32, true));
        }
        for (n, &k) in keys.iter().enumerate() {
            assert_eq!(ix.get_or_insert(k, 0), (n as u32, false));
            assert_eq!(ix.get(k), Some(n as u32));
        }
        assert_eq!(ix.get(KEY_MASK - 1), None);
        // A state of no tile (its hand all jokers) has a number too.
        assert_eq!(ix.get(0), None);
        assert_eq!(ix.get_or_insert(0, 7), (7, true));
        assert_eq!(ix.get(0), Some(7));
        assert!(ix.bytes() >= 2 * keys.len() * 16);
    }
}
