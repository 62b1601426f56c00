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
    fn domains_are_dense() {
        // `patterns` writes each vector at its index: a collision or a gap
        // would leave a slot whose vector does not map back to it.
        let suit = patterns::<9>();
        assert!(suit.iter().enumerate().all(|(i, v)| suit_index(v) == i));
        let honors = patterns::<7>();
        assert!(honors.iter().enumerate().all(|(i, v)| honor_index(v) == i));
    }
}
