//! Per-suit keys: a dense index for every count vector of at most 14 tiles.
//!
//! A suit of nine ranks has 5^9 = 1,953,125 count vectors, but only 405,350
//! hold 14 tiles or fewer, and only those occur in a hand. Indexing them
//! densely keeps every per-suit array a quarter of the size of a plain base-5
//! array, at the price of two tiny lookups:
//!
//! * split the vector into a low part (ranks 1–5, base-5 key `lo` < 3125) and
//!   a high part (ranks 6–9 or, for honours, 6–7);
//! * order low parts by tile count, so those that fit a budget of `b` tiles are
//!   exactly the first `LO_FITTING[b]` of that order (`LO_RANK[lo]`);
//! * give each high part a base offset (`HI_BASE`) past the blocks of the high
//!   parts before it.
//!
//! `index = HI_BASE[hi] + LO_RANK[lo]`, valid when the whole vector holds at
//! most [`MAX_TILES`] tiles. Both tables are `const` data built at compile time.
//!
//! Each entry also carries its part's tile count in the top byte, so the one
//! addition that makes the index also makes the tile count: a [`Key`] packs
//! `index | tiles << 24` (indexes stay below 2^19).

/// Most tiles of one suit a keyed vector may hold.
pub const MAX_TILES: usize = 14;

/// Number of ≤ 14-tile vectors over nine ranks.
pub const SUIT_PATTERNS: usize = 405_350;
/// Number of ≤ 14-tile vectors over the seven honours.
pub const HONOR_PATTERNS: usize = 43_130;

const LO_DIGITS: usize = 5;
const LO_KEYS: usize = 3125;
/// Key tables are padded to powers of two so a masked index needs no bounds check.
const LO_PADDED: usize = 4096;

const fn digit_sum(mut key: usize, digits: usize) -> usize {
    let mut s = 0;
    let mut i = 0;
    while i < digits {
        s += key % 5;
        key /= 5;
        i += 1;
    }
    s
}

const TILES_SHIFT: u32 = 24;

/// Rank of each low key in the order (tile count, key), with its tile count
/// in the top byte.
static LO_RANK: [u32; LO_PADDED] = {
    let mut rank = [0u32; LO_PADDED];
    let mut next = 0;
    let mut s = 0;
    while s <= 4 * LO_DIGITS {
        let mut k = 0;
        while k < LO_KEYS {
            if digit_sum(k, LO_DIGITS) == s {
                rank[k] = next | (s as u32) << TILES_SHIFT;
                next += 1;
            }
            k += 1;
        }
        s += 1;
    }
    rank
};

/// How many low parts hold at most `b` tiles.
const LO_FITTING: [u32; MAX_TILES + 1] = {
    let mut n = [0u32; MAX_TILES + 1];
    let mut k = 0;
    while k < LO_KEYS {
        let s = digit_sum(k, LO_DIGITS);
        let mut b = s;
        while b <= MAX_TILES {
            n[b] += 1;
            b += 1;
        }
        k += 1;
    }
    n
};

const fn hi_base<const P: usize, const N: usize>(digits: usize) -> [u32; P] {
    let mut base = [0u32; P];
    let mut acc = 0;
    let mut h = 0;
    while h < N {
        let s = digit_sum(h, digits);
        base[h] = acc | (s as u32) << TILES_SHIFT;
        if s <= MAX_TILES {
            acc += LO_FITTING[MAX_TILES - s];
        }
        h += 1;
    }
    base
}

static SUIT_HI_BASE: [u32; 1024] = hi_base::<1024, 625>(4);
static HONOR_HI_BASE: [u32; 32] = hi_base::<32, 25>(2);

/// A part's dense index and tile count, packed: `index | tiles << 24`.
pub type Key = u32;

/// The dense index of a key.
#[inline(always)]
pub const fn key_index(k: Key) -> usize {
    (k & ((1 << TILES_SHIFT) - 1)) as usize
}

/// The tile count of a key.
#[inline(always)]
pub const fn key_tiles(k: Key) -> usize {
    (k >> TILES_SHIFT) as usize
}

/// The key of a nine-rank count vector (any counts 0–4; the index is valid
/// only when the vector holds at most 14 tiles).
#[inline(always)]
pub fn suit_key(c: &[u8; 9]) -> Key {
    let lo = c[0] as usize
        + 5 * (c[1] as usize + 5 * (c[2] as usize + 5 * (c[3] as usize + 5 * c[4] as usize)));
    let hi = c[5] as usize + 5 * (c[6] as usize + 5 * (c[7] as usize + 5 * c[8] as usize));
    SUIT_HI_BASE[hi & 1023] + LO_RANK[lo & (LO_PADDED - 1)]
}

/// The key of a seven-honour count vector.
#[inline(always)]
pub fn honor_key(c: &[u8; 7]) -> Key {
    let lo = c[0] as usize
        + 5 * (c[1] as usize + 5 * (c[2] as usize + 5 * (c[3] as usize + 5 * c[4] as usize)));
    let hi = c[5] as usize + 5 * c[6] as usize;
    HONOR_HI_BASE[hi & 31] + LO_RANK[lo & (LO_PADDED - 1)]
}

/// The keys of the four parts of a hand: characters, dots, bamboo, honours.
#[inline(always)]
pub fn hand_keys(c: &crate::tile::Counts) -> [Key; 4] {
    [
        suit_key(c[0..9].try_into().expect("nine")),
        suit_key(c[9..18].try_into().expect("nine")),
        suit_key(c[18..27].try_into().expect("nine")),
        honor_key(c[27..34].try_into().expect("seven")),
    ]
}

/// Dense index of a nine-rank count vector with at most 14 tiles.
///
/// ```
/// use hupai::table::key;
/// assert_eq!(key::suit_index(&[0; 9]), 0);
/// let mut seen = std::collections::HashSet::new();
/// for k in 0..5usize.pow(9) {
///     let v: Vec<u8> = (0..9).map(|i| (k / 5usize.pow(i) % 5) as u8).collect();
///     if v.iter().map(|&c| c as usize).sum::<usize>() <= 14 {
///         let i = key::suit_index(v.as_slice().try_into().unwrap());
///         assert!(i < key::SUIT_PATTERNS && seen.insert(i));
///     }
/// }
/// assert_eq!(seen.len(), key::SUIT_PATTERNS);
/// ```
#[inline]
pub fn suit_index(c: &[u8; 9]) -> usize {
    key_index(suit_key(c))
}

/// Dense index of a seven-honour count vector with at most 14 tiles.
#[inline]
pub fn honor_index(c: &[u8; 7]) -> usize {
    key_index(honor_key(c))
}

/// A pattern's dense index and those of its one-tile-larger neighbours:
/// effective tiles look up, for a rank `r`, the pattern with one more tile of
/// `r`. [`Neighbourhood::up`] costs one small table read.
///
/// ```
/// use hupai::table::key::{self, Neighbourhood};
/// let c = [1, 0, 4, 0, 0, 0, 0, 0, 2];
/// let n = Neighbourhood::suit(&c);
/// assert_eq!(n.index(), key::suit_index(&c));
/// assert_eq!(n.up(1), key::suit_index(&[1, 1, 4, 0, 0, 0, 0, 0, 2]));
/// assert_eq!(n.up(8), key::suit_index(&[1, 0, 4, 0, 0, 0, 0, 0, 3]));
/// assert_eq!(n.room(), 0b1_1111_1011); // 3m has no fifth copy
/// assert_eq!(n.up(2), n.index());
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Neighbourhood<const N: usize> {
    lo: u16,
    hi: u16,
    room: u16,
    base: u32,
    rank: u32,
}

impl Neighbourhood<9> {
    /// The neighbourhood of a nine-rank pattern (counts 0–4; meaningful when
    /// it holds at most 14 tiles).
    #[inline(always)]
    pub fn suit(c: &[u8; 9]) -> Neighbourhood<9> {
        Neighbourhood::of(c)
    }
}

impl Neighbourhood<7> {
    /// The neighbourhood of a seven-honour pattern.
    #[inline(always)]
    pub fn honor(c: &[u8; 7]) -> Neighbourhood<7> {
        Neighbourhood::of(c)
    }
}

impl<const N: usize> Neighbourhood<N> {
    const POW5: [usize; 5] = [1, 5, 25, 125, 625];

    /// The high-part table, and the mask that keeps its index in bounds.
    #[inline(always)]
    fn hi_base() -> (&'static [u32], usize) {
        if N == 9 {
            (&SUIT_HI_BASE, 1023)
        } else {
            (&HONOR_HI_BASE, 31)
        }
    }

    #[inline(always)]
    fn of(c: &[u8; N]) -> Neighbourhood<N> {
        let mut lo = 0;
        for r in (0..5).rev() {
            lo = lo * 5 + c[r] as usize;
        }
        let mut hi = 0;
        for r in (5..N).rev() {
            hi = hi * 5 + c[r] as usize;
        }
        let (hi_base, mask) = Self::hi_base();
        let (base, rank) = (hi_base[hi & mask], LO_RANK[lo & (LO_PADDED - 1)]);
        // A rank is full when bit 2 of its count is set (a count is at most
        // 4): gather those bits of the count bytes with one multiply.
        const L: u64 = 0x0101_0101_0101_0101;
        let mut bytes = [0u8; 16];
        bytes[..N].copy_from_slice(c);
        let w0 = u64::from_le_bytes(bytes[..8].try_into().expect("eight"));
        let w1 = u64::from_le_bytes(bytes[8..].try_into().expect("eight"));
        let gather = |w: u64| ((w >> 2 & L).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u16;
        let full = gather(w0) | gather(w1) << 8;
        let room = if key_tiles(base + rank) < MAX_TILES {
            !full & ((1 << N) - 1)
        } else {
            0
        };
        Neighbourhood {
            lo: lo as u16,
            hi: hi as u16,
            room,
            base,
            rank,
        }
    }

    /// The pattern's own dense index.
    #[inline(always)]
    pub fn index(&self) -> usize {
        key_index(self.base + self.rank)
    }

    /// The ranks (bit `r`) that can take one more tile: fewer than four
    /// copies, and fewer than 14 tiles in all.
    #[inline(always)]
    pub fn room(&self) -> u16 {
        self.room
    }

    /// The index of the pattern with one more tile of rank `r` (`r < N`);
    /// the pattern's own index where the rank has no [`room`](Self::room).
    #[inline(always)]
    pub fn up(&self, r: usize) -> usize {
        let step = if self.room >> r & 1 == 1 {
            Self::POW5[r % 5]
        } else {
            0
        };
        let key = if r < 5 {
            self.base + LO_RANK[(self.lo as usize + step) & (LO_PADDED - 1)]
        } else {
            let (hi_base, mask) = Self::hi_base();
            hi_base[(self.hi as usize + step) & mask] + self.rank
        };
        key_index(key)
    }
}

/// Every vector of `N` ranks (each 0–4) holding at most 14 tiles, in index order.
pub fn patterns<const N: usize>() -> Vec<[u8; N]> {
    let count = if N == 9 {
        SUIT_PATTERNS
    } else {
        HONOR_PATTERNS
    };
    let mut out = vec![[0u8; N]; count];
    let mut v = [0u8; N];
    for key in 0..5usize.pow(N as u32) {
        let mut k = key;
        for d in v.iter_mut() {
            *d = (k % 5) as u8;
            k /= 5;
        }
        if v.iter().map(|&c| c as usize).sum::<usize>() <= MAX_TILES {
            out[index(&v)] = v;
        }
    }
    out
}

/// The dense index of a 9- or 7-rank vector.
#[inline]
pub fn index<const N: usize>(v: &[u8; N]) -> usize {
    match N {
        9 => suit_index(v[..].try_into().expect("nine ranks")),
        7 => honor_index(v[..].try_into().expect("seven ranks")),
        _ => unreachable!("suits have 9 ranks, honours 7"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbourhoods_give_the_neighbours_indices() {
        for v in patterns::<9>() {
            let n = Neighbourhood::suit(&v);
            assert_eq!(n.index(), suit_index(&v));
            for r in 0..9 {
                let mut w = v;
                let room = w[r] < 4 && v.iter().sum::<u8>() < 14;
                if room {
                    w[r] += 1;
                }
                assert_eq!(n.room() >> r & 1 == 1, room);
                assert_eq!(n.up(r), suit_index(&w), "{v:?} + {r}");
            }
        }
        for v in patterns::<7>() {
            let n = Neighbourhood::honor(&v);
            assert_eq!(n.index(), honor_index(&v));
            for r in 0..7 {
                let mut w = v;
                let room = w[r] < 4 && v.iter().sum::<u8>() < 14;
                if room {
                    w[r] += 1;
                }
                assert_eq!(n.room() >> r & 1 == 1, room);
                assert_eq!(n.up(r), honor_index(&w), "{v:?} + {r}");
            }
        }
    }

    #[test]
    fn domains_are_dense() {
        // `patterns` writes each vector at its index: a collision or a gap
        // would leave a slot whose vector does not map back to it.
        let suit = patterns::<9>();
        assert!(suit.iter().enumerate().all(|(i, v)| suit_index(v) == i));
        let honors = patterns::<7>();
        assert!(honors.iter().enumerate().all(|(i, v)| honor_index(v) == i));
    }
}
