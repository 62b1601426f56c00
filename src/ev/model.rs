//! The model's fixed parts: the hand analysed, its melds and
//! jokers, the pool a draw comes from, and the change budget; and the state,
//! a 3n+1 hand packed into one integer.

use super::Options;
use crate::engine::ShantenError;
use crate::hand::{Hand, Meld};
use crate::rules::Rules;
use crate::table::Tables;
use crate::tile::{Counts, Tile, KINDS};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A concealed hand as written (joker tiles included) packed three bits per
/// kind: the memo key of a state.
pub type Key = u128;

/// A multiply-fold hasher for packed keys (std's SipHash would cost more
/// than the lookups it guards).
#[derive(Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ u64::from(b)).wrapping_mul(0x517c_c1b7_2722_0a95);
        }
    }
    fn write_u128(&mut self, x: u128) {
        let folded = (x as u64) ^ ((x >> 64) as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        self.0 = (folded ^ (folded >> 29)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        self.0 ^= self.0 >> 32;
    }
}

pub type KeyMap<V> = HashMap<Key, V, BuildHasherDefault<KeyHasher>>;

/// Shanten of a hand from which no complete hand can be reached.
pub const UNREACHABLE: i8 = i8::MAX;

/// Pack concealed counts (each 0..=4) into a key.
#[inline]
pub fn pack(c: &Counts) -> Key {
    c.iter().rev().fold(0, |key, &n| (key << 3) | Key::from(n))
}

/// The counts of a key.
#[inline]
pub fn unpack(mut key: Key) -> Counts {
    let mut c = [0u8; KINDS];
    for n in c.iter_mut() {
        *n = (key & 7) as u8;
        key >>= 3;
    }
    c
}

/// One copy of each kind as a key: a load instead of a variable 128-bit
/// shift (several instructions) on the build's hottest path.
const UNIT: [Key; KINDS] = {
    let mut u = [0; KINDS];
    let mut k = 0;
    while k < KINDS {
        u[k] = 1 << (3 * k);
        k += 1;
    }
    u
};

/// One more copy of kind `k` in a key.
#[inline]
pub fn plus(key: Key, k: usize) -> Key {
    key + UNIT[k]
}

/// One copy fewer of kind `k` in a key (the key holds one).
#[inline]
pub fn minus(key: Key, k: usize) -> Key {
    key - UNIT[k]
}

/// What stays fixed through one analysis.
pub struct Game<'a, B> {
    pub tables: &'a Tables<B>,
    pub rules: Rules,
    pub melds: Vec<Meld>,
    /// The kind whose concealed copies are jokers (`--joker`).
    pub joker: Option<usize>,
    /// Jokers besides the joker tiles (`--jokers`).
    pub extra: usize,
    /// Copies of each kind the hand and the pool share: four minus the
    /// declared and the visible copies; 0 for kinds the rules lack. A state
    /// holding `c` copies draws the kind with weight `cap − c`.
    pub cap: [u8; KINDS],
    /// Σ (cap − held): the same for every 3n+1 state.
    pub wall: u32,
    /// The 3n+2 hand analysed, as written: tiles beyond it are exchanges.
    pub start: Counts,
    /// Tile changes and shanten-downs may lead only to hands whose
    /// exchanges plus shanten stay within this (best shanten + `--extra`).
    pub budget: i32,
    pub changes: bool,
    pub shanten_down: bool,
}

impl<'a, B: AsRef<[u8]>> Game<'a, B> {
    /// The fixed parts for `hand` (3n+2, as written), with the budget's
    /// base left at 0 (set once the top-level shanten is known).
    pub fn new(
        tables: &'a Tables<B>,
        hand: &Hand,
        rules: &Rules,
        options: &Options,
    ) -> Result<Game<'a, B>, ShantenError> {
        let mut declared = [0u8; KINDS];
        for m in hand.melds() {
            m.add_to(&mut declared);
        }
        let mut cap = [0u8; KINDS];
        for k in 0..KINDS {
            let held = hand.counts()[k] + declared[k];
            let seen = held as usize + options.visible[k] as usize;
            if seen > 4 {
                let t = Tile::from_index(k).expect("index < 34");
                return Err(ShantenError::Visible(t));
            }
            if rules.tile_exists(k) {
                cap[k] = 4 - declared[k] - options.visible[k];
            }
        }
        let held: u32 = hand.counts().iter().map(|&c| u32::from(c)).sum();
        let wall = cap.iter().map(|&c| u32::from(c)).sum::<u32>() + 1 - held;
        Ok(Game {
            tables,
            rules: *rules,
            melds: hand.melds().copied().collect(),
            joker: options.jokers.tile.map(|t| t.index()),
            extra: options.jokers.extra,
            cap,
            wall,
            start: *hand.counts(),
            budget: 0,
            changes: options.changes,
            shanten_down: options.shanten_down,
        })
    }

    /// The real tiles of a concealed hand as written, and its jokers.
    pub fn split(&self, c: &Counts) -> (Hand, usize) {
        let mut real = *c;
        let mut jokers = self.extra;
        if let Some(j) = self.joker {
            jokers += real[j] as usize;
            real[j] = 0;
        }
        let hand = Hand::new(real, &self.melds).expect("states keep at most four copies");
        (hand, jokers)
    }

    /// Shanten of real tiles and jokers; `None` when no complete hand can be
    /// reached.
    #[inline]
    pub fn shanten(&self, real: &Hand, jokers: usize) -> Option<i8> {
        self.tables.shanten_jokers(real, jokers, &self.rules).ok()
    }

    /// The weight of drawing kind `k` from a state holding `held` copies.
    #[inline]
    pub fn weight(&self, k: usize, held: u8) -> u8 {
        self.cap[k] - held
    }

    /// Tiles of a concealed hand beyond the hand analysed.
    pub fn exchanges(&self, c: &Counts) -> i32 {
        c.iter()
            .zip(&self.start)
            .map(|(&a, &b)| i32::from(a.saturating_sub(b)))
            .sum()
    }

    /// Whether kind `k` is the joker tile.
    #[inline]
    pub fn is_joker(&self, k: usize) -> bool {
        self.joker == Some(k)
    }
}
