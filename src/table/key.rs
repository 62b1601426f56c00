//! Per-suit keys: a dense index for every count vector of at most 14 tiles.
//!
//! A suit of nine ranks has 5^9 = 1,953,125 count vectors, but only 405,350
//! hold 14 tiles or fewer, and only those occur in a hand. Indexing them
//! densely keeps every per-suit array a quarter of the size of a plain base-5
//! array, at the price of two tiny lookups:
//!
//! * split the vector into a front part (ranks 1–4, a base-5 value below 625)
//!   and a back part (ranks 5–9, below 3125; honours: P F C, below 625);
//! * order front parts by tile count, so those that fit a budget of `b` tiles
//!   are exactly the first `FRONT_FITTING[b]` of that order (`FRONT_RANK`);
//! * give each back part a base offset (`BACK_BASE`) past the blocks of the
//!   back parts before it.
//!
//! `index = BACK_BASE[back] + FRONT_RANK[front]`, valid when the whole vector
//! holds at most [`MAX_TILES`] tiles. Both tables are `const` data built at
//! compile time.
//!
//! Both values come from one 64-bit load of eight counts (SWAR): one shift-add
//! pairs neighbouring ranks in 16-bit lanes, one multiply pairs the pairs. The
//! digits therefore land in the order of `WEIGHT`, not rank order; any order
//! serves as long as every user agrees, and all of them go through this module.
//!
//! Each entry also carries its part's tile count in the top byte, so the one
//! addition that makes the index also makes the tile count: a [`Key`] packs
//! `index | tiles << 24` (indexes stay below 2^19). A second set of tables,
//! 64-bit, adds the counts by copies that seven pairs and thirteen orphans
//! need ([`Tallied`], [`hand_tallies`]), so the shanten fast path tallies the
//! hand with the same additions.

/// Most tiles of one suit a keyed vector may hold.
pub(crate) const MAX_TILES: usize = 14;

/// Number of ≤ 14-tile vectors over nine ranks.
pub(crate) const SUIT_PATTERNS: usize = 405_350;
/// Number of ≤ 14-tile vectors over the seven honours.
pub(crate) const HONOR_PATTERNS: usize = 43_130;

/// Most tiles of the patterns with per-pattern records beside the dense
/// ones ([`few_suit_index`], [`few_honor_index`]): the most concealed
/// tiles of a suit beside two or more declared melds (a hand holds at most
/// 14 slots, and two melds take six), and of nearly every part of a hand.
pub(crate) const FEW_TILES: usize = 8;
/// Number of ≤ 8-tile vectors over nine ranks ([`few_suit_index`]).
pub(crate) const FEW_SUIT_PATTERNS: usize = 22_330;
/// Number of ≤ 8-tile vectors over the seven honours ([`few_honor_index`]).
pub(crate) const FEW_HONOR_PATTERNS: usize = 5_595;

/// The base-5 weight of each rank's count in its part's value (front: ranks
/// 1–4, back: ranks 5–9), in the order the SWAR arithmetic of
/// [`front_back`] produces them.
const WEIGHT: [usize; 9] = [25, 125, 1, 5, 25, 125, 1, 5, 625];

const FRONT_RANKS: usize = 4;
const FRONT_VALUES: usize = 625;
/// Tables are padded to powers of two so a masked index needs no bounds check.
const FRONT_PADDED: usize = 1024;
const SUIT_BACK_PADDED: usize = 4096;
const HONOR_BACK_PADDED: usize = 1024;

/// For each set of front ranks (bit per rank), the sum of their weights:
/// what taking one tile of each off a pattern takes off its front value.
const FRONT_DOWNS: usize = 1 << FRONT_RANKS;
static FRONT_DOWN: [usize; FRONT_DOWNS] = rank_weights(0);
/// [`FRONT_DOWN`] for the back ranks (bit 0 for rank `FRONT_RANKS`).
static BACK_DOWN: [usize; 1 << (9 - FRONT_RANKS)] = rank_weights(FRONT_RANKS);

/// The weights of the ranks from `first` on, summed over each set of them.
const fn rank_weights<const M: usize>(first: usize) -> [usize; M] {
    let mut out = [0; M];
    let mut set = 0;
    while set < M {
        let mut r = 0;
        while first + r < 9 {
            if set >> r & 1 == 1 {
                out[set] += WEIGHT[first + r];
            }
            r += 1;
        }
        set += 1;
    }
    out
}

/// The tile count of a part value over ranks `first..first + ranks`, or
/// `None` for a value no such part has (a digit at a weight of another rank).
const fn part_tiles(value: usize, first: usize, ranks: usize) -> Option<usize> {
    let mut s = 0;
    let mut r = first;
    let mut left = value;
    while r < first + ranks {
        s += value / WEIGHT[r] % 5;
        left -= value / WEIGHT[r] % 5 * WEIGHT[r];
        r += 1;
    }
    // A value with a digit at a weight no rank of the part has does not occur.
    if left == 0 {
        Some(s)
    } else {
        None
    }
}

const TILES_SHIFT: u32 = 24;

/// Rank of each front value in the order (tile count, value), with its tile
/// count in the top byte.
static FRONT_RANK: [u32; FRONT_PADDED] = {
    let mut rank = [0u32; FRONT_PADDED];
    let mut next = 0;
    let mut s = 0;
    while s <= 4 * FRONT_RANKS {
        let mut v = 0;
        while v < FRONT_VALUES {
            if let Some(t) = part_tiles(v, 0, FRONT_RANKS) {
                if t == s {
                    rank[v] = next | (s as u32) << TILES_SHIFT;
                    next += 1;
                }
            }
            v += 1;
        }
        s += 1;
    }
    rank
};

/// How many front parts hold at most `b` tiles.
const FRONT_FITTING: [u32; MAX_TILES + 1] = {
    let mut n = [0u32; MAX_TILES + 1];
    let mut v = 0;
    while v < FRONT_VALUES {
        if let Some(s) = part_tiles(v, 0, FRONT_RANKS) {
            let mut b = s;
            while b <= MAX_TILES {
                n[b] += 1;
                b += 1;
            }
        }
        v += 1;
    }
    n
};

/// Each back value's base offset, in value order, with its tile count in the
/// top byte; `ranks` back ranks start at rank 5, and a block holds the
/// front parts that keep the whole within `most` tiles.
const fn back_base<const P: usize>(ranks: usize, most: usize) -> [u32; P] {
    let mut base = [0u32; P];
    let mut acc = 0;
    let mut v = 0;
    while v < P {
        if let Some(s) = part_tiles(v, FRONT_RANKS, ranks) {
            base[v] = acc | (s as u32) << TILES_SHIFT;
            if s <= most {
                acc += FRONT_FITTING[most - s];
            }
        }
        v += 1;
    }
    base
}

static SUIT_BACK_BASE: [u32; SUIT_BACK_PADDED] = back_base(5, MAX_TILES);
static HONOR_BACK_BASE: [u32; HONOR_BACK_PADDED] = back_base(3, MAX_TILES);
static FEW_BACK_BASE: [u32; SUIT_BACK_PADDED] = back_base(5, FEW_TILES);
static FEW_HONOR_BACK_BASE: [u32; HONOR_BACK_PADDED] = back_base(3, FEW_TILES);

/// Bits that hold every suit key's index, whatever the counts: an index is
/// a back base plus a front rank, and the largest of each sum to less than
/// 2^19 (asserted below). An array of 2^19 entries read at [`suit_slot`]
/// needs neither a bounds check nor a clamp.
pub(crate) const SUIT_INDEX_BITS: u32 = 19;
/// The same for honour keys: every honour index is below 2^16.
pub(crate) const HONOR_INDEX_BITS: u32 = 16;

/// The largest index a key built from `base` can have: its largest base
/// plus the largest front rank.
const fn largest_index<const P: usize>(base: &[u32; P]) -> usize {
    const fn largest<const N: usize>(a: &[u32; N]) -> usize {
        let (mut m, mut i) = (0, 0);
        while i < N {
            let index = key_index(a[i]);
            if index > m {
                m = index;
            }
            i += 1;
        }
        m
    }
    largest(base) + largest(&FRONT_RANK)
}
const _: () = assert!(largest_index(&SUIT_BACK_BASE) < 1 << SUIT_INDEX_BITS);
const _: () = assert!(largest_index(&HONOR_BACK_BASE) < 1 << HONOR_INDEX_BITS);

/// A suit key's index, masked to [`SUIT_INDEX_BITS`]: equal to
/// [`key_index`] for every suit key, and visibly below 2^19 to the compiler.
#[inline(always)]
pub(crate) const fn suit_slot(k: Key) -> usize {
    (k & ((1 << SUIT_INDEX_BITS) - 1)) as usize
}

/// An honour key's index, masked to [`HONOR_INDEX_BITS`] (see [`suit_slot`]).
#[inline(always)]
pub(crate) const fn honor_slot(k: Key) -> usize {
    (k & ((1 << HONOR_INDEX_BITS) - 1)) as usize
}

/// A part's dense index and tile count, packed: `index | tiles << 24`.
pub(crate) type Key = u32;

/// The dense index of a key.
#[inline(always)]
pub(crate) const fn key_index(k: Key) -> usize {
    (k & ((1 << TILES_SHIFT) - 1)) as usize
}

/// The tile count of a key.
#[inline(always)]
pub(crate) const fn key_tiles(k: Key) -> usize {
    (k >> TILES_SHIFT) as usize
}

/// The tile count of four keys together: their indexes sum to less than
/// 2^21, so the tile counts add up in the top byte without a carry in.
#[inline(always)]
pub(crate) const fn keys_tiles(keys: &[Key; 4]) -> usize {
    key_tiles(keys[0] + keys[1] + keys[2] + keys[3])
}

/// The front and back values of a part from its first eight counts (byte `r`
/// = rank `r + 1`) and its ninth: the digits in [`WEIGHT`] order.
#[inline(always)]
const fn front_back(eight: u64, ninth: u8) -> (usize, usize) {
    const EVEN: u64 = 0x00ff_00ff_00ff_00ff;
    // 16-bit lanes c0 + 5c1, c2 + 5c3, c4 + 5c5, c6 + 5c7 (each at most 24).
    let pairs = (eight & EVEN) + 5 * (eight >> 8 & EVEN);
    // Lane 1 gains 25 × lane 0 and lane 3 gains 25 × lane 2 (at most 624:
    // no carry between lanes).
    let quads = pairs.wrapping_mul(1 | 25 << 16);
    let front = (quads >> 16) as usize & (FRONT_PADDED - 1);
    let back = (quads >> 48) as usize + 625 * ninth as usize;
    (front, back)
}

#[inline(always)]
fn suit_key_of(eight: u64, ninth: u8) -> Key {
    let (front, back) = front_back(eight, ninth);
    SUIT_BACK_BASE[back & (SUIT_BACK_PADDED - 1)] + FRONT_RANK[front]
}

#[inline(always)]
fn honor_key_of(seven: u64) -> Key {
    let (front, back) = front_back(seven, 0);
    HONOR_BACK_BASE[back & (HONOR_BACK_PADDED - 1)] + FRONT_RANK[front]
}

#[inline(always)]
fn eight_at(c: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(c[at..at + 8].try_into().expect("eight counts"))
}

/// The key of a nine-rank count vector (any counts 0–4; the index is valid
/// only when the vector holds at most 14 tiles).
#[inline(always)]
pub(crate) fn suit_key(c: &[u8; 9]) -> Key {
    suit_key_of(eight_at(c, 0), c[8])
}

/// The key of a seven-honour count vector.
#[inline(always)]
pub(crate) fn honor_key(c: &[u8; 7]) -> Key {
    let mut eight = [0; 8];
    eight[..7].copy_from_slice(c);
    honor_key_of(u64::from_le_bytes(eight))
}

/// The keys of the four parts of a hand: characters, dots, bamboo, honours.
#[inline(always)]
pub(crate) fn hand_keys(c: &crate::tile::Counts) -> [Key; 4] {
    [
        suit_key_of(eight_at(c, 0), c[8]),
        suit_key_of(eight_at(c, 9), c[17]),
        suit_key_of(eight_at(c, 18), c[26]),
        // The last eight counts are 9s and the honours: shift the 9s out.
        honor_key_of(eight_at(c, 26) >> 8),
    ]
}

/// A [`Key`] widened with the part's counts by copies, for the counting
/// forms (seven pairs, thirteen orphans), so the one addition that makes
/// the key also tallies them: bits 0–31 the key, then a byte each for the
/// kinds held twice or more, the kinds held and the kinds held an odd
/// number of times, then a nibble each for the terminals held (1 and 9)
/// and the terminals held twice or more. The terminal nibbles mean
/// nothing in an honour key (its front is the winds, not ranks 1–4); the
/// other fields of four keys add up without carrying (a hand holds at most
/// 34 kinds and 136 tiles, three suits at most six terminals).
pub(crate) type Tallied = u64;

/// The fields of a [`Tallied`] key (or of a sum of them).
pub(crate) mod tally {
    use super::Tallied;
    /// Kinds held at least twice.
    #[inline(always)]
    pub(crate) const fn pairs(k: Tallied) -> u8 {
        (k >> 32) as u8
    }
    /// Kinds held.
    #[inline(always)]
    pub(crate) const fn kinds(k: Tallied) -> u8 {
        (k >> 40) as u8
    }
    /// Kinds held an odd number of times.
    #[inline(always)]
    pub(crate) const fn odd(k: Tallied) -> u8 {
        (k >> 48) as u8
    }
    /// Terminal kinds (ranks 1 and 9) held: suit keys only.
    #[inline(always)]
    pub(crate) const fn terminals(k: Tallied) -> u8 {
        (k >> 56) as u8 & 15
    }
    /// Terminal kinds held at least twice: suit keys only.
    #[inline(always)]
    pub(crate) const fn terminal_pairs(k: Tallied) -> u8 {
        (k >> 60) as u8
    }
}

/// The tally fields of a part value over ranks `first..first + ranks` whose
/// rank `terminal` (if any) is a 1 or a 9.
const fn part_tally(value: usize, first: usize, ranks: usize, terminal: usize) -> u64 {
    let mut t = 0u64;
    let mut r = first;
    while r < first + ranks {
        let c = (value / WEIGHT[r] % 5) as u64;
        t += ((c >= 2) as u64) << 32 | ((c > 0) as u64) << 40 | (c & 1) << 48;
        if r == terminal {
            t += ((c > 0) as u64) << 56 | ((c >= 2) as u64) << 60;
        }
        r += 1;
    }
    t
}

/// [`FRONT_RANK`] with the tally of the front ranks (rank 1 a terminal).
static FRONT_TALLY: [u64; FRONT_PADDED] = {
    let mut out = [0u64; FRONT_PADDED];
    let mut v = 0;
    while v < FRONT_VALUES {
        out[v] = FRONT_RANK[v] as u64 | part_tally(v, 0, FRONT_RANKS, 0);
        v += 1;
    }
    out
};

/// A back table with the tally of the back ranks (`terminal` as in
/// [`part_tally`]; none for the honours).
const fn back_tally<const P: usize>(base: &[u32; P], ranks: usize, terminal: usize) -> [u64; P] {
    let mut out = [0u64; P];
    let mut v = 0;
    while v < P {
        if part_tiles(v, FRONT_RANKS, ranks).is_some() {
            out[v] = base[v] as u64 | part_tally(v, FRONT_RANKS, ranks, terminal);
        }
        v += 1;
    }
    out
}

static SUIT_BACK_TALLY: [u64; SUIT_BACK_PADDED] = back_tally(&back_base(5, MAX_TILES), 5, 8);
static HONOR_BACK_TALLY: [u64; HONOR_BACK_PADDED] =
    back_tally(&back_base(3, MAX_TILES), 3, usize::MAX);

#[inline(always)]
fn suit_tally_of(eight: u64, ninth: u8) -> Tallied {
    let (front, back) = front_back(eight, ninth);
    SUIT_BACK_TALLY[back & (SUIT_BACK_PADDED - 1)] + FRONT_TALLY[front]
}

/// The tallied keys of the four parts of a hand ([`hand_keys`] and the
/// [`Tallied`] fields).
#[inline(always)]
pub(crate) fn hand_tallies(c: &crate::tile::Counts) -> [Tallied; 4] {
    let (front, back) = front_back(eight_at(c, 26) >> 8, 0);
    [
        suit_tally_of(eight_at(c, 0), c[8]),
        suit_tally_of(eight_at(c, 9), c[17]),
        suit_tally_of(eight_at(c, 18), c[26]),
        HONOR_BACK_TALLY[back & (HONOR_BACK_PADDED - 1)] + FRONT_TALLY[front],
    ]
}

/// Dense index of a nine-rank count vector with at most 14 tiles.
#[inline]
pub(crate) fn suit_index(c: &[u8; 9]) -> usize {
    key_index(suit_key(c))
}

/// Dense index of a nine-rank count vector among those of at most
/// [`FEW_TILES`] tiles (below [`FEW_SUIT_PATTERNS`]; meaningless for more
/// tiles): the same front ranks, and back blocks that hold only the fronts
/// within eight tiles.
#[inline]
pub(crate) fn few_suit_index(c: &[u8; 9]) -> usize {
    let (front, back) = front_back(eight_at(c, 0), c[8]);
    key_index(FEW_BACK_BASE[back & (SUIT_BACK_PADDED - 1)] + FRONT_RANK[front])
}

/// Dense index of a seven-honour count vector among those of at most
/// [`FEW_TILES`] tiles (below [`FEW_HONOR_PATTERNS`]; meaningless for
/// more tiles), as [`few_suit_index`].
#[inline]
#[cfg(any(test, feature = "generate"))]
pub(crate) fn few_honor_index(c: &[u8; 7]) -> usize {
    let mut eight = [0; 8];
    eight[..7].copy_from_slice(c);
    let (front, back) = front_back(u64::from_le_bytes(eight), 0);
    key_index(FEW_HONOR_BACK_BASE[back & (HONOR_BACK_PADDED - 1)] + FRONT_RANK[front])
}

/// Dense index of a seven-honour count vector with at most 14 tiles.
#[inline]
pub(crate) fn honor_index(c: &[u8; 7]) -> usize {
    key_index(honor_key(c))
}

/// A pattern's dense index and those of its one-tile-larger neighbours:
/// effective tiles look up, for a rank `r`, the pattern with one more tile of
/// `r`. [`Neighbourhood::up`] costs one small table read.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Neighbourhood<const N: usize> {
    front: u16,
    back: u16,
    room: u16,
    base: u32,
    rank: u32,
}

impl Neighbourhood<9> {
    /// The neighbourhood of a nine-rank pattern (counts 0–4; meaningful when
    /// it holds at most 14 tiles).
    #[inline(always)]
    pub(crate) fn suit(c: &[u8; 9]) -> Neighbourhood<9> {
        Neighbourhood::of(c)
    }
}

impl Neighbourhood<7> {
    /// The neighbourhood of a seven-honour pattern.
    #[inline(always)]
    pub(crate) fn honor(c: &[u8; 7]) -> Neighbourhood<7> {
        Neighbourhood::of(c)
    }
}

impl<const N: usize> Neighbourhood<N> {
    /// The back-part table, and the mask that keeps its index in bounds.
    #[inline(always)]
    fn back_base() -> (&'static [u32], usize) {
        if N == 9 {
            (&SUIT_BACK_BASE, SUIT_BACK_PADDED - 1)
        } else {
            (&HONOR_BACK_BASE, HONOR_BACK_PADDED - 1)
        }
    }

    #[inline(always)]
    fn of(c: &[u8; N]) -> Neighbourhood<N> {
        let (w0, w1) = Self::words(c);
        let (front, back) = front_back(w0, (w1 & 0xff) as u8);
        let (back_base, mask) = Self::back_base();
        Self::with(
            front,
            back,
            back_base[back & mask],
            FRONT_RANK[front],
            w0,
            w1,
        )
    }

    /// The counts as two little-endian words, zero past rank `N`.
    #[inline(always)]
    fn words(c: &[u8; N]) -> (u64, u64) {
        let mut bytes = [0u8; 16];
        bytes[..N].copy_from_slice(c);
        let w0 = u64::from_le_bytes(bytes[..8].try_into().expect("eight"));
        let w1 = u64::from_le_bytes(bytes[8..].try_into().expect("eight"));
        (w0, w1)
    }

    /// The neighbourhood and the pattern's [`Tallied`] key, from one pass.
    #[inline(always)]
    pub(crate) fn tallied(c: &[u8; N]) -> (Neighbourhood<N>, Tallied) {
        let (w0, w1) = Self::words(c);
        let (front, back) = front_back(w0, (w1 & 0xff) as u8);
        let back_tally = if N == 9 {
            SUIT_BACK_TALLY[back & (SUIT_BACK_PADDED - 1)]
        } else {
            HONOR_BACK_TALLY[back & (HONOR_BACK_PADDED - 1)]
        };
        let front_tally = FRONT_TALLY[front];
        // The low halves are the back base and the front rank.
        let (base, rank) = (back_tally as u32, front_tally as u32);
        let n = Self::with(front, back, base, rank, w0, w1);
        (n, back_tally + front_tally)
    }

    /// The neighbourhood of the pattern with front and back values
    /// `front`, `back`, their table entries `base`, `rank`, and counts `w0`, `w1`.
    #[inline(always)]
    fn with(front: usize, back: usize, base: u32, rank: u32, w0: u64, w1: u64) -> Neighbourhood<N> {
        // A rank is full when bit 2 of its count is set (a count is at most
        // 4): gather those bits of the count bytes with one multiply.
        const L: u64 = 0x0101_0101_0101_0101;
        let gather = |w: u64| ((w >> 2 & L).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u16;
        let full = gather(w0) | gather(w1) << 8;
        let room = if key_tiles(base + rank) < MAX_TILES {
            !full & ((1 << N) - 1)
        } else {
            0
        };
        Neighbourhood {
            front: front as u16,
            back: back as u16,
            room,
            base,
            rank,
        }
    }

    /// The pattern's own dense index.
    #[inline(always)]
    pub(crate) fn index(&self) -> usize {
        key_index(self.base + self.rank)
    }

    /// The pattern's index among those of at most [`FEW_TILES`] tiles
    /// ([`few_suit_index`], [`few_honor_index`]), `None` for a larger one.
    #[inline(always)]
    pub(crate) fn few_index(&self) -> Option<usize> {
        let (few_base, mask) = if N == 9 {
            (&FEW_BACK_BASE[..], SUIT_BACK_PADDED - 1)
        } else {
            (&FEW_HONOR_BACK_BASE[..], HONOR_BACK_PADDED - 1)
        };
        (key_tiles(self.base + self.rank) <= FEW_TILES)
            .then(|| key_index(few_base[self.back as usize & mask] + self.rank))
    }

    /// The ranks (bit `r`) that can take one more tile: fewer than four
    /// copies, and fewer than 14 tiles in all.
    #[inline(always)]
    pub(crate) fn room(&self) -> u16 {
        self.room
    }

    /// The index of the pattern with one more tile of rank `r` (`r < N`);
    /// the pattern's own index where the rank has no [`room`](Self::room).
    #[inline(always)]
    pub(crate) fn up(&self, r: usize) -> usize {
        self.up_by(r, (self.room >> r & 1) as u8)
    }

    /// The index of the pattern with one copy fewer of each rank in
    /// `ranks` (bit per rank), each of which the pattern holds: two table
    /// reads, whatever the ranks.
    #[inline(always)]
    pub(crate) fn down_each(&self, ranks: u16) -> usize {
        let ranks = usize::from(ranks) & ((1 << N) - 1);
        let front = (self.front as usize).wrapping_sub(FRONT_DOWN[ranks & (FRONT_DOWNS - 1)]);
        let back = (self.back as usize).wrapping_sub(BACK_DOWN[ranks >> FRONT_RANKS]);
        let (back_base, mask) = Self::back_base();
        key_index(back_base[back & mask] + FRONT_RANK[front & (FRONT_PADDED - 1)])
    }

    /// The index of the pattern with `gain` more tiles of rank `r` (`r <
    /// N`), which the caller knows to hold at most four copies of `r` and
    /// at most 14 tiles: one table read, as [`up`](Self::up).
    #[inline(always)]
    pub(crate) fn up_by(&self, r: usize, gain: u8) -> usize {
        let step = WEIGHT[r] * gain as usize;
        let key = if r < FRONT_RANKS {
            self.base + FRONT_RANK[(self.front as usize + step) & (FRONT_PADDED - 1)]
        } else {
            let (back_base, mask) = Self::back_base();
            back_base[(self.back as usize + step) & mask] + self.rank
        };
        key_index(key)
    }
}

/// Every vector of `N` ranks (each 0–4) holding at most 14 tiles, in index order.
///
/// Enumerated once per process for each part kind: every generator walks
/// them.
#[cfg(any(test, feature = "generate"))]
pub(crate) fn patterns<const N: usize>() -> Vec<[u8; N]> {
    static SUITS: std::sync::OnceLock<Vec<[u8; 9]>> = std::sync::OnceLock::new();
    static HONORS: std::sync::OnceLock<Vec<[u8; 7]>> = std::sync::OnceLock::new();
    let widen = |v: &[u8]| -> [u8; N] { v.try_into().expect("N ranks") };
    match N {
        9 => SUITS
            .get_or_init(enumerate::<9>)
            .iter()
            .map(|v| widen(v))
            .collect(),
        _ => HONORS
            .get_or_init(enumerate::<7>)
            .iter()
            .map(|v| widen(v))
            .collect(),
    }
}

/// [`patterns`], enumerated: the vectors of at most 14 tiles, depth first.
#[cfg(any(test, feature = "generate"))]
fn enumerate<const N: usize>() -> Vec<[u8; N]> {
    let count = if N == 9 {
        SUIT_PATTERNS
    } else {
        HONOR_PATTERNS
    };
    let mut out = vec![[0u8; N]; count];
    fn fill<const N: usize>(v: &mut [u8; N], r: usize, left: usize, out: &mut [[u8; N]]) {
        if r == N {
            out[index(v)] = *v;
            return;
        }
        for c in 0..=left.min(4) {
            v[r] = c as u8;
            fill(v, r + 1, left - c, out);
        }
        v[r] = 0;
    }
    fill(&mut [0u8; N], 0, MAX_TILES, &mut out);
    out
}

/// The dense index of a 9- or 7-rank vector.
#[inline]
#[cfg(any(test, feature = "generate"))]
pub(crate) fn index<const N: usize>(v: &[u8; N]) -> usize {
    match N {
        9 => suit_index(v[..].try_into().expect("nine ranks")),
        7 => honor_index(v[..].try_into().expect("seven ranks")),
        _ => unreachable!("suits have 9 ranks, honours 7"),
    }
}

#[cfg(test)]
mod tests;
