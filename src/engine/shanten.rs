//! Shanten and effective tiles: four class lookups and a min-plus combination.
//!
//! Shanten is `d − 1`, where the *replacement distance* `d` is the fewest
//! tiles the hand must draw (discarding others) to be complete: the minimum,
//! over complete target hands of the hand's size (a 3n+1 hand aims at 3n+2
//! tiles), of the tiles the target holds beyond the concealed counts. Targets
//! keep the declared melds and never hold more copies of a tile than the
//! declared melds leave (so a tile whose four copies are all in sight is never
//! counted on). That is the definition of the Python `mahjong` package and of
//! `xiangting` (for concealed hands, which they take).
//!
//! **Standard form.** Targets are melds and a pair, and the four copies bound
//! is per tile, so the distance splits over the four parts (three suits,
//! honours): each part's distance to `m` melds and `p` pairs is a table
//! lookup ([`Distances`], from `shanten.tbl`), and the hand's distance is the
//! min-plus combination over the ways to spread the needed melds and the pair
//! across the parts. A part touched by a declared meld has fewer copies to
//! aim at; its distances come from a small dynamic programme over its ranks
//! instead of the table.
//!
//! **Other forms** (concealed, 14 slots): seven pairs, thirteen orphans and
//! honours-and-knitted are counting formulas; the knitted straight removes
//! each permutation's tiles and combines the rest to one set and a pair.
//! Sichuan tries each suit to void: its tiles all go, and no target uses it.
//!
//! **Effective tiles** of a 3n+1 hand: a draw lowers the distance by at most
//! one, and does so exactly when some optimal target needs the tile. For the
//! standard form: a part's allocation cell is *optimal* when it plus the best
//! of the other parts for the rest reaches the minimum; a rank of the part is
//! effective when one more tile of it lowers an optimal cell, read from the
//! one-tile-larger neighbour pattern's [`Distances`].

use crate::forms;
use crate::hand::Hand;
use crate::rules::{Rules, SevenPairs};
use crate::table::generate::shanten::FAR;
use crate::table::key::Neighbourhood;
use crate::table::{Distances, Tables};
use crate::tile::{total, Counts, Tile, KINDS};
use crate::tileset::TileSet;
use std::fmt;

/// Why a hand has no shanten, effective tiles or discard table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShantenError {
    /// The hand's size does not fit the query: concealed tiles plus three per
    /// declared meld must be 3n+1 or 3n+2 and at most 14 (with at least one
    /// concealed tile); effective tiles need 3n+1, a discard table 3n+2.
    Size {
        /// Concealed tiles.
        concealed: usize,
        /// Declared melds.
        melds: usize,
        /// What the query accepts, e.g. `"3n+1 or 3n+2 tiles, at most 14"`.
        expected: &'static str,
    },
    /// The hand holds a tile the rule set does not have (honours in Sichuan).
    NoSuchTile(Tile),
    /// Sichuan: declared melds in all three suits, so no suit can be voided.
    ThreeSuits,
    /// More than four copies of a tile between the hand and the visible tiles.
    Visible(Tile),
    /// No complete hand can be reached (every copy a target needs is in a
    /// declared meld).
    Unreachable,
}

impl fmt::Display for ShantenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShantenError::Size {
                concealed,
                melds,
                expected,
            } => {
                if *melds == 0 {
                    write!(f, "a hand of {concealed} tiles")?;
                } else {
                    let s = if *melds == 1 { "" } else { "s" };
                    write!(
                        f,
                        "{concealed} concealed tiles and {melds} declared meld{s} count as {} tiles",
                        concealed + 3 * melds
                    )?;
                }
                write!(f, "; expected {expected}")
            }
            ShantenError::NoSuchTile(t) => write!(f, "the rule set has no tile {t}"),
            ShantenError::ThreeSuits => write!(
                f,
                "declared melds in all three suits: the hand can never lack a suit"
            ),
            ShantenError::Visible(t) => write!(
                f,
                "more than four copies of {t} between the hand and the visible tiles"
            ),
            ShantenError::Unreachable => write!(f, "no complete hand can be reached"),
        }
    }
}

impl std::error::Error for ShantenError {}

const ANY_SIZE: &str = "3n+1 or 3n+2 tiles, at most 14";
const DRAW_SIZE: &str = "3n+1 tiles (13, 10, 7, 4 or 1), at most 13";
const DISCARD_SIZE: &str = "3n+2 tiles (14, 11, 8, 5 or 2), at most 14";

/// The effective tiles of a 3n+1 hand: every tile kind whose draw lowers the
/// shanten, with the copies still unseen.
///
/// ```
/// use hupai::{Hand, Rules, Tables, Tile};
/// let t = Tables::embedded();
/// // Ready, waiting on the second 2z.
/// let hand: Hand = "123m456p789s1112z".parse().unwrap();
/// let eff = t.effective(&hand, &Rules::RIICHI, &[0; 34]).unwrap();
/// assert_eq!(eff.shanten(), 0);
/// assert_eq!(eff.tiles().to_string(), "2z");
/// assert_eq!(eff.remaining(Tile::SOUTH), 3);
/// assert_eq!(eff.total(), 3);
/// ```
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Effective {
    shanten: i8,
    tiles: TileSet,
    unseen: [u8; KINDS],
}

impl Effective {
    /// The shanten of the hand (before the draw).
    pub fn shanten(&self) -> i8 {
        self.shanten
    }

    /// The effective tile kinds.
    pub fn tiles(&self) -> TileSet {
        self.tiles
    }

    /// Copies of `t` not in the hand, its melds or the visible tiles.
    pub fn remaining(&self, t: Tile) -> u8 {
        self.unseen[t.index()]
    }

    /// Unseen copies of all effective tiles together (the ukeire count).
    pub fn total(&self) -> u32 {
        const L: u64 = 0x0101_0101_0101_0101;
        const LOW: u64 = 0x7f7f_7f7f_7f7f_7f7f;
        let bits = self.tiles.bits();
        let mut sum = 0;
        for (j, chunk) in self.unseen.chunks(8).enumerate() {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            // Bit j of the set to byte j (0 or 0xff), then keep those counts.
            let b = (bits >> (8 * j)) & 0xff;
            let spread = b.wrapping_mul(L) & 0x8040_2010_0804_0201;
            let keep = ((((spread & LOW).wrapping_add(LOW) | spread) >> 7) & L).wrapping_mul(0xff);
            sum += (u64::from_le_bytes(word) & keep).wrapping_mul(L) >> 56;
        }
        sum as u32
    }

    /// Each effective tile with its unseen copies, in tile order.
    pub fn iter(&self) -> impl Iterator<Item = (Tile, u8)> + '_ {
        self.tiles.iter().map(|t| (t, self.unseen[t.index()]))
    }
}

impl fmt::Debug for Effective {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Effective(shanten {}, ", self.shanten)?;
        f.debug_map().entries(self.iter()).finish()?;
        f.write_str(")")
    }
}

/// The discard table of a 3n+2 hand: each discard that leaves the best
/// shanten, with its effective tiles, most unseen effective copies first.
///
/// ```
/// use hupai::{Hand, Rules, Tables};
/// let t = Tables::embedded();
/// // Discard 5z to wait on 2z, or 2z to wait on 5z.
/// let hand: Hand = "123m456p789s11125z".parse().unwrap();
/// let table = t.discards(&hand, &Rules::RIICHI, &[0; 34]).unwrap();
/// assert_eq!(table.shanten(), 0);
/// let rows: Vec<String> = table.iter().map(|(d, e)| format!("{d}:{}", e.tiles())).collect();
/// assert_eq!(rows, ["2z:5z", "5z:2z"]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Discards {
    shanten: i8,
    after: i8,
    len: u8,
    rows: [(Tile, TileSet); 14],
    unseen: [u8; KINDS],
}

impl Discards {
    /// The shanten of the hand (before the discard).
    pub fn shanten(&self) -> i8 {
        self.shanten
    }

    /// The shanten after each listed discard (the best reachable): the
    /// hand's own, or 0 when the hand is complete.
    pub fn after(&self) -> i8 {
        self.after
    }

    /// Number of listed discards.
    #[allow(clippy::len_without_is_empty)]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Each listed discard with the effective tiles of the hand it leaves,
    /// most unseen effective copies first, then in tile order.
    pub fn iter(&self) -> impl Iterator<Item = (Tile, Effective)> + '_ {
        let after = self.after;
        self.rows[..self.len as usize]
            .iter()
            .map(move |&(t, tiles)| {
                (
                    t,
                    Effective {
                        shanten: after,
                        tiles,
                        unseen: self.unseen,
                    },
                )
            })
    }
}

impl fmt::Debug for Discards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Discards(shanten {}, ", self.shanten)?;
        f.debug_map().entries(self.iter()).finish()?;
        f.write_str(")")
    }
}

/// Effective tiles or a discard table, whichever the hand's size calls for.
// Both variants are plain values returned by value (no allocation, by
// design); boxing the larger one would allocate on every call.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ukeire {
    /// A 3n+1 hand: the draws that help.
    Draw(Effective),
    /// A 3n+2 hand: the discards that keep the best shanten.
    Discard(Discards),
}

impl Ukeire {
    /// The shanten of the hand.
    pub fn shanten(&self) -> i8 {
        match self {
            Ukeire::Draw(e) => e.shanten(),
            Ukeire::Discard(d) => d.shanten(),
        }
    }
}

/// The hand as the engine sees it: concealed counts, the copies a target may
/// hold, the melds still needed, and which forms and suits are open to it.
#[derive(Clone, Copy)]
struct Shape {
    c: Counts,
    /// Copies of each kind a target may hold: four minus the declared ones.
    caps: [u8; KINDS],
    /// Parts (m, p, s, z as bits 0–3) where some cap is below four.
    capped: u8,
    /// Melds the concealed tiles must still form.
    k: usize,
    melds: usize,
    /// Slots: concealed tiles plus three per declared meld.
    size: usize,
}

impl Shape {
    fn new(hand: &Hand, rules: &Rules, expected: &'static str) -> Result<Shape, ShantenError> {
        let c = *hand.counts();
        let concealed = total(&c);
        let melds = hand.meld_count();
        let size = concealed + 3 * melds;
        let fits = match expected {
            DRAW_SIZE => size % 3 == 1,
            DISCARD_SIZE => size % 3 == 2,
            _ => size % 3 != 0,
        };
        if concealed == 0 || size > 14 || !fits {
            return Err(ShantenError::Size {
                concealed,
                melds,
                expected,
            });
        }
        let mut caps = [4u8; KINDS];
        let mut capped = 0;
        for m in hand.melds() {
            for t in m.tiles() {
                caps[t.index()] -= 1;
                capped |= 1 << (t.index() / 9);
            }
        }
        if !rules.honors {
            if let Some(i) = (27..KINDS).find(|&i| c[i] + (4 - caps[i]) > 0) {
                return Err(ShantenError::NoSuchTile(tile(i)));
            }
        }
        if rules.max_suits < 3 && voids(capped, rules).next().is_none() {
            return Err(ShantenError::ThreeSuits);
        }
        Ok(Shape {
            c,
            caps,
            capped,
            k: concealed / 3,
            melds,
            size,
        })
    }
}

/// The sets of parts a hand may keep: all four, or (Sichuan) every choice
/// of numbered suits to void that spares the suits of declared melds. Bit
/// `i` of an item is part `i` (m, p, s, z).
fn voids(capped: u8, rules: &Rules) -> impl Iterator<Item = u8> {
    let honors = if rules.honors { 8 } else { 0 };
    let drop = 3 - rules.max_suits.min(3) as u32;
    (0u8..8).filter_map(move |gone| {
        (gone.count_ones() == drop && gone & capped == 0).then_some((7 & !gone) | honors)
    })
}

fn tile(i: usize) -> Tile {
    Tile::from_index(i).expect("index < 34")
}

/// Distances of the empty part that may not be used: nothing, or nothing
/// reachable.
const NOTHING: Distances = {
    let mut d = [FAR; 16];
    d[0] = 0;
    d
};

/// Min-plus product of two parts' distances (see
/// [`generate::shanten::product`](crate::table::generate::shanten::product),
/// the scalar definition, which this equals lane for lane).
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[inline(always)]
fn product(a: &Distances, b: &Distances) -> Distances {
    use std::arch::x86_64::*;
    // Lanes l with l % 8 < i: below the shifted row, to be FAR.
    const fn mask(i: usize) -> [u8; 16] {
        let mut m = [0u8; 16];
        let mut l = 0;
        while l < 16 {
            if l % 8 < i {
                m[l] = FAR;
            }
            l += 1;
        }
        m
    }
    const MASKS: [[u8; 16]; 5] = [mask(0), mask(1), mask(2), mask(3), mask(4)];
    const UNUSED: [u8; 16] = [0, 0, 0, 0, 0, FAR, FAR, FAR, 0, 0, 0, 0, 0, FAR, FAR, FAR];
    const USED: [u8; 16] = [
        255, 255, 255, 255, 255, 0, 0, 0, 255, 255, 255, 255, 255, 0, 0, 0,
    ];
    let mut out = [0u8; 16];
    // SAFETY: SSE2 is enabled (checked by the cfg above; it is part of the
    // x86_64 baseline). The unaligned loads read exactly the 16 bytes of a
    // `[u8; 16]` behind a shared reference, the unaligned store writes the 16
    // bytes of the local `out`; no alignment is required. Byte additions wrap
    // and minima/maxima are lane-wise, so any input bytes give some output,
    // never undefined behaviour. Proven equal to the scalar definition by
    // `sse_product_equals_the_scalar_definition` (every class pair).
    unsafe {
        let load = |x: &[u8; 16]| _mm_loadu_si128(x.as_ptr() as *const __m128i);
        let far = _mm_set1_epi8(FAR as i8);
        let bv = load(b);
        // b's pairless row moved to the pair row (for a's pair row).
        let b0 = _mm_unpacklo_epi64(far, bv);
        let mut r = far;
        macro_rules! step {
            ($i:literal) => {
                let m = load(&MASKS[$i]);
                let sb = _mm_max_epu8(_mm_slli_si128::<$i>(bv), m);
                let s0 = _mm_max_epu8(_mm_slli_si128::<$i>(b0), m);
                r = _mm_min_epu8(r, _mm_add_epi8(_mm_set1_epi8(a[$i] as i8), sb));
                r = _mm_min_epu8(r, _mm_add_epi8(_mm_set1_epi8(a[8 + $i] as i8), s0));
            };
        }
        step!(0);
        step!(1);
        step!(2);
        step!(3);
        step!(4);
        r = _mm_or_si128(_mm_and_si128(r, load(&USED)), load(&UNUSED));
        _mm_storeu_si128(out.as_mut_ptr() as *mut __m128i, r);
    }
    out
}

#[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
use crate::table::generate::shanten::product;

/// The distance of two part groups to `k` (0..=4) melds and one pair.
#[inline(always)]
fn join(a: &Distances, b: &Distances, k: usize) -> u8 {
    match k {
        4 => join_k::<4>(a, b),
        3 => join_k::<3>(a, b),
        2 => join_k::<2>(a, b),
        1 => join_k::<1>(a, b),
        _ => join_k::<0>(a, b),
    }
}

/// [`join`] for a constant `K`: unrolled, no bounds checks. Table lanes are
/// at most [`FAR`] (64), so sums never wrap (a corrupt table may give a wrong
/// answer, never a panic).
#[inline(always)]
fn join_k<const K: usize>(a: &Distances, b: &Distances) -> u8 {
    let mut d = FAR;
    for i in 0..=K {
        d = d
            .min(a[i].wrapping_add(b[8 + K - i]))
            .min(a[8 + i].wrapping_add(b[K - i]));
    }
    d
}

/// Distances of a part whose ranks may hold at most `caps[r]` copies in a
/// target: the largest sub-pattern of `v` that fits a target, by dynamic
/// programming over the ranks (chows carried from the two previous ranks).
fn capped_distances(v: &[u8], caps: &[u8], chows: bool) -> Distances {
    // best[x][y][m][p]: most tiles of v covered so far, with x chows started
    // two ranks back, y one rank back, m melds and p pairs placed; -1 = none.
    const S: usize = 5 * 5 * 5 * 2;
    let at = |x: usize, y: usize, m: usize, p: usize| ((x * 5 + y) * 5 + m) * 2 + p;
    let mut best = [-1i8; S];
    best[at(0, 0, 0, 0)] = 0;
    let n = v.len();
    for r in 0..n {
        let mut next = [-1i8; S];
        let start_chows = chows && r + 2 < n;
        for x in 0..5 {
            for y in 0..5 - x {
                for m in x + y..5 {
                    for p in 0..2 {
                        let here = best[at(x, y, m, p)];
                        if here < 0 {
                            continue;
                        }
                        let most_z = if start_chows { 4 - m } else { 0 };
                        for z in 0..=most_z {
                            for pung in 0..=(m + z < 4) as usize {
                                for q in 0..2 - p {
                                    let t = x + y + z + 3 * pung + 2 * q;
                                    if t > caps[r] as usize {
                                        continue;
                                    }
                                    let gain = t.min(v[r] as usize) as i8;
                                    let to = at(y, z, m + z + pung, p + q);
                                    next[to] = next[to].max(here + gain);
                                }
                            }
                        }
                    }
                }
            }
        }
        best = next;
    }
    let mut d = [FAR; 16];
    for m in 0..5 {
        for p in 0..2 {
            let b = best[at(0, 0, m, p)];
            if b >= 0 {
                d[8 * p + m] = (3 * m + 2 * p) as u8 - b as u8;
            }
        }
    }
    d
}

/// The ranks (bit per rank) of a part whose draw lowers one of its
/// `optimal` lanes, each looked up through `distances` of the neighbour's
/// index (a rank without room looks up the part itself: no change).
/// Branch-free: trying to skip ranks that cannot help costs more in
/// mispredicted branches than the lookups it saves.
#[inline(always)]
fn improving_ranks<'a, const N: usize>(
    part: &Neighbourhood<N>,
    x: &Distances,
    optimal: u128,
    distances: impl Fn(usize) -> &'a Distances,
) -> u16 {
    let mut ranks = 0u16;
    for r in 0..N {
        ranks |= (lowers(x, distances(part.up(r)), optimal) as u16) << r;
    }
    ranks
}

/// Whether one more tile takes a part from distances `now` to `next` lower
/// in one of the `optimal` lanes (0xff per lane, as a u128 mask). A tile
/// more never costs more, so "lower" is "different".
#[inline(always)]
fn lowers(now: &Distances, next: &Distances, optimal: u128) -> bool {
    (u128::from_le_bytes(*now) ^ u128::from_le_bytes(*next)) & optimal != 0
}

impl<B: AsRef<[u8]>> Tables<B> {
    /// Shanten under `rules`: −1 complete, 0 ready (tenpai), n: n tiles from
    /// ready, over every form the rules allow. The hand holds 3n+1 or 3n+2
    /// slots (concealed tiles plus three per declared meld), at most 14.
    ///
    /// ```
    /// use hupai::{Hand, Rules, Tables};
    /// let t = Tables::embedded();
    /// let shanten = |s: &str, r: &Rules| t.shanten(&s.parse::<Hand>().unwrap(), r);
    /// assert_eq!(shanten("123m456p789s1112z", &Rules::RIICHI), Ok(0));
    /// assert_eq!(shanten("123m456p789s11122z", &Rules::RIICHI), Ok(-1));
    /// // Thirteen orphans is ready in riichi; generic rules see seven pairs.
    /// assert_eq!(shanten("19m19p19s1234567z", &Rules::RIICHI), Ok(0));
    /// assert_eq!(shanten("19m19p19s1234567z", &Rules::GENERIC), Ok(6));
    /// // Declared melds hold copies too: with all four 6s in a kong, 57s can
    /// // never become a chow, so the hand is not ready as it is beside [777m].
    /// assert_eq!(shanten("[777m][123m]44457s11z", &Rules::RIICHI), Ok(0));
    /// assert_eq!(shanten("[6666s][123m]44457s11z", &Rules::RIICHI), Ok(1));
    /// // Sichuan: a whole suit must go.
    /// assert_eq!(shanten("123m456p789s11m", &Rules::SICHUAN), Ok(2));
    /// // A size that has no shanten.
    /// assert!(shanten("123m", &Rules::RIICHI).is_err());
    /// ```
    pub fn shanten(&self, hand: &Hand, rules: &Rules) -> Result<i8, ShantenError> {
        if hand.melds().next().is_none() && all_parts_open(rules) {
            // The common case: a concealed hand with every part open.
            let c = hand.counts();
            let tally = Tally::of(c);
            let n = tally.tiles as usize;
            if n == 0 || n > 14 || n % 3 == 0 {
                return Err(ShantenError::Size {
                    concealed: n,
                    melds: 0,
                    expected: ANY_SIZE,
                });
            }
            return Ok(concealed_distance(self, c, &tally, rules) as i8 - 1);
        }
        let shape = Shape::new(hand, rules, ANY_SIZE)?;
        let d = distance(self, &shape, rules);
        if d >= FAR {
            return Err(ShantenError::Unreachable);
        }
        Ok(d as i8 - 1)
    }

    /// Effective tiles of a 3n+1 hand: the kinds whose draw lowers the
    /// shanten, with the copies unseen (four minus those in the hand, its
    /// melds and `visible`, the tiles seen elsewhere: discards, other
    /// players' melds, indicators). A kind of which the hand and its melds
    /// hold all four cannot be drawn and is never listed; one whose last
    /// copies are all visible is listed with 0 remaining.
    pub fn effective(
        &self,
        hand: &Hand,
        rules: &Rules,
        visible: &Counts,
    ) -> Result<Effective, ShantenError> {
        let unseen = unseen(hand, visible)?;
        if hand.melds().next().is_none() && all_parts_open(rules) {
            // The common case: a concealed hand with every part open.
            let c = hand.counts();
            let tally = Tally::of(c);
            let n = tally.tiles as usize;
            if n > 13 || n % 3 != 1 {
                return Err(ShantenError::Size {
                    concealed: n,
                    melds: 0,
                    expected: DRAW_SIZE,
                });
            }
            let (d, tiles) = concealed_effective(self, c, &tally, rules);
            return Ok(Effective {
                shanten: d as i8 - 1,
                tiles: TileSet::from_bits(tiles),
                unseen,
            });
        }
        let shape = Shape::new(hand, rules, DRAW_SIZE)?;
        let (d, tiles) = improving(self, &shape, rules);
        if d >= FAR {
            return Err(ShantenError::Unreachable);
        }
        Ok(Effective {
            shanten: d as i8 - 1,
            tiles,
            unseen,
        })
    }

    /// The discard table of a 3n+2 hand: every discard that leaves the best
    /// shanten reachable, with that hand's effective tiles (see
    /// [`Tables::effective`]; the discarded tile counts as seen).
    pub fn discards(
        &self,
        hand: &Hand,
        rules: &Rules,
        visible: &Counts,
    ) -> Result<Discards, ShantenError> {
        let shape = Shape::new(hand, rules, DISCARD_SIZE)?;
        let unseen = unseen(hand, visible)?;
        let d = distance(self, &shape, rules);
        if d >= FAR {
            return Err(ShantenError::Unreachable);
        }
        let mut after = [FAR; KINDS];
        let without = |i: usize| {
            let mut s = shape;
            s.c[i] -= 1;
            s.size -= 1;
            s
        };
        for i in (0..KINDS).filter(|&i| shape.c[i] > 0) {
            after[i] = distance(self, &without(i), rules);
        }
        let best = *after.iter().min().expect("34 kinds");
        let mut rows = [(Tile::EAST, TileSet::EMPTY); 14];
        let mut len = 0;
        for i in (0..KINDS).filter(|&i| after[i] == best) {
            rows[len] = (tile(i), improving(self, &without(i), rules).1);
            len += 1;
        }
        let count =
            |tiles: TileSet| -> u32 { tiles.iter().map(|t| unseen[t.index()] as u32).sum() };
        rows[..len].sort_by_key(|&(t, tiles)| (std::cmp::Reverse(count(tiles)), t));
        Ok(Discards {
            shanten: d as i8 - 1,
            after: best as i8 - 1,
            len: len as u8,
            rows,
            unseen,
        })
    }

    /// Effective tiles for a 3n+1 hand, the discard table for a 3n+2 hand.
    ///
    /// ```
    /// use hupai::{engine::Ukeire, Hand, Rules, Tables};
    /// let t = Tables::embedded();
    /// let hand: Hand = "[123m][456p][789s]1157z".parse().unwrap();
    /// match t.ukeire(&hand, &Rules::RIICHI, &[0; 34]).unwrap() {
    ///     Ukeire::Draw(e) => assert_eq!(e.tiles().to_string(), "1z 5z 7z"),
    ///     Ukeire::Discard(_) => unreachable!("four slots short of 3n+2"),
    /// }
    /// ```
    pub fn ukeire(
        &self,
        hand: &Hand,
        rules: &Rules,
        visible: &Counts,
    ) -> Result<Ukeire, ShantenError> {
        let (concealed, melds) = (hand.concealed_len(), hand.meld_count());
        let size = concealed + 3 * melds;
        if concealed == 0 || size > 14 || size % 3 == 0 {
            return Err(ShantenError::Size {
                concealed,
                melds,
                expected: ANY_SIZE,
            });
        }
        if size % 3 == 2 {
            self.discards(hand, rules, visible).map(Ukeire::Discard)
        } else {
            self.effective(hand, rules, visible).map(Ukeire::Draw)
        }
    }
}

/// The tile kinds (bit per kind) of the kept parts.
#[inline]
fn kinds_kept(keep: u8) -> u64 {
    let mut m = 0u64;
    for i in 0..4 {
        if keep >> i & 1 == 1 {
            m |= if i == 3 { 0x7f << 27 } else { 0x1ff << (9 * i) };
        }
    }
    m
}

/// Four minus the copies in the hand, its melds and `visible`.
#[inline]
fn unseen(hand: &Hand, visible: &Counts) -> Result<[u8; KINDS], ShantenError> {
    let mut all = *hand.counts();
    for m in hand.melds() {
        m.add_to(&mut all);
    }
    let mut out = [0u8; KINDS];
    let mut over = false;
    for i in 0..KINDS {
        let seen = all[i] + visible[i].min(8);
        over |= seen > 4;
        out[i] = 4u8.wrapping_sub(seen);
    }
    if over {
        let i = (0..KINDS)
            .find(|&i| all[i] + visible[i].min(8) > 4)
            .expect("some kind is over");
        return Err(ShantenError::Visible(tile(i)));
    }
    Ok(out)
}

/// The counts of the `kept` kinds only.
#[inline]
fn kept_counts(c: &Counts, kept: u64) -> Counts {
    let mut out = *c;
    for (i, x) in out.iter_mut().enumerate() {
        *x &= 0u8.wrapping_sub((kept >> i & 1) as u8);
    }
    out
}

/// Seven pairs over the `kept` kinds: its distance, and the kinds whose draw
/// lowers it.
fn seven_pairs(c: &Counts, kept: u64, mode: SevenPairs) -> (u8, u64) {
    let masked;
    let c = if kept == ALL_KINDS {
        c
    } else {
        masked = kept_counts(c, kept);
        &masked
    };
    let tally = Tally::of(c);
    let rules = Rules {
        seven_pairs: mode,
        thirteen_orphans: false,
        ..Rules::GENERIC
    };
    let d = tally.special_distance(&rules);
    if d == 0 || mode == SevenPairs::No {
        return (d, 0);
    }
    let held = Held::of(c);
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

/// Every tile kind, a bit each.
const ALL_KINDS: u64 = (1 << KINDS) - 1;

/// The kinds held once, twice, three and four times (bit per kind).
struct Held {
    ones: u64,
    twos: u64,
    threes: u64,
    fours: u64,
}

impl Held {
    #[inline]
    fn of(c: &Counts) -> Held {
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

/// Thirteen orphans: its distance and the kinds whose draw lowers it.
#[inline]
fn thirteen_orphans(c: &Counts) -> (u8, u64) {
    let (mut present, mut pair) = (0u64, false);
    for &i in &forms::ORPHANS {
        present |= ((c[i] > 0) as u64) << i;
        pair |= c[i] >= 2;
    }
    let all: u64 = forms::ORPHANS.iter().map(|&i| 1u64 << i).sum();
    let d = 14 - present.count_ones() as u8 - pair as u8;
    let t = if pair { all & !present } else { all };
    (d, t)
}

/// Honours and knitted (MCR): 14 distinct kinds of one permutation's nine
/// and the seven honours.
fn honors_and_knitted(c: &Counts) -> (u8, u64) {
    let mut best = FAR;
    let mut tiles = 0u64;
    for p in 0..6 {
        let mut allowed = 0x7fu64 << 27;
        for i in forms::knitted_tiles(p) {
            allowed |= 1 << i;
        }
        let present = (0..KINDS)
            .filter(|&i| c[i] > 0 && allowed >> i & 1 == 1)
            .count() as u8;
        let d = 14 - present.min(14);
        if d < best {
            best = d;
            tiles = 0;
        }
        if d == best && present < 14 {
            tiles |= (0..KINDS)
                .filter(|&i| c[i] == 0 && allowed >> i & 1 == 1)
                .fold(0u64, |m, i| m | 1 << i);
        }
    }
    (best, tiles)
}

/// Distance of a concealed hand of `n` tiles with all four parts open.
#[inline]
fn concealed_distance<B: AsRef<[u8]>>(
    t: &Tables<B>,
    c: &Counts,
    tally: &Tally,
    rules: &Rules,
) -> u8 {
    let n = tally.tiles as usize;
    let k = n / 3;
    let t = t.distance_tables();
    let a = t.suit_class(c[0..9].try_into().expect("nine"));
    let b = t.suit_class(c[9..18].try_into().expect("nine"));
    let s = t.suit_class(c[18..27].try_into().expect("nine"));
    let z = t.honor_class(c[27..34].try_into().expect("seven"));
    let mut d = join(t.suit_pair(a, b), t.suit_honor_pair(s, z), k);
    if n >= 13 {
        d = d.min(tally.special_distance(rules));
    }
    d
}

/// Effective tiles of a concealed 3n+1 hand with every part open: four class
/// lookups, two pair products, the optimal cells of each part, and one
/// neighbour lookup per rank. Returns the distance and the tiles (bit per
/// kind).
fn concealed_effective<B: AsRef<[u8]>>(
    t: &Tables<B>,
    c: &Counts,
    tally: &Tally,
    rules: &Rules,
) -> (u8, u64) {
    let n = tally.tiles as usize;
    let k = n / 3;
    let part = |i: usize| -> &[u8; 9] { c[9 * i..9 * i + 9].try_into().expect("nine") };
    let suits = [
        Neighbourhood::suit(part(0)),
        Neighbourhood::suit(part(1)),
        Neighbourhood::suit(part(2)),
    ];
    let honors = Neighbourhood::honor(c[27..34].try_into().expect("seven"));
    let t = t.distance_tables();
    let class = [
        t.suit_class_at(suits[0].index()),
        t.suit_class_at(suits[1].index()),
        t.suit_class_at(suits[2].index()),
        t.honor_class_at(honors.index()),
    ];
    let x = [
        t.suit(class[0]),
        t.suit(class[1]),
        t.suit(class[2]),
        t.honor(class[3]),
    ];
    let ab = t.suit_pair(class[0], class[1]);
    let sz = t.suit_honor_pair(class[2], class[3]);
    let mut d = join(ab, sz, k);
    let special = if n >= 13 {
        tally.special_distance(rules)
    } else {
        FAR
    };
    let mut tiles = 0u64;
    if special < d {
        d = special;
    } else {
        let rest = [
            product(x[1], sz),
            product(x[0], sz),
            product(ab, x[3]),
            product(ab, x[2]),
        ];
        for i in 0..3 {
            let optimal = optimal_lanes(x[i], &rest[i], k, d);
            if optimal != 0 {
                let next = |j| t.suit(t.suit_class_at(j));
                tiles |= (improving_ranks(&suits[i], x[i], optimal, next) as u64) << (9 * i);
            }
        }
        let optimal = optimal_lanes(x[3], &rest[3], k, d);
        if optimal != 0 {
            let next = |j| t.honor(t.honor_class_at(j));
            tiles |= (improving_ranks(&honors, x[3], optimal, next) as u64) << 27;
        }
    }
    if special == d {
        if rules.seven_pairs != SevenPairs::No {
            let (e, more) = seven_pairs(c, ALL_KINDS, rules.seven_pairs);
            if e == d {
                tiles |= more;
            }
        }
        if rules.thirteen_orphans {
            let (e, more) = thirteen_orphans(c);
            if e == d {
                tiles |= more;
            }
        }
    }
    (d, tiles)
}

/// The lanes (0xff each) of a part's cells that some optimal allocation
/// uses and a draw could lower: the part's distance is not 0 and plus the
/// rest's for the complement it reaches `d`.
#[inline(always)]
fn optimal_lanes(x: &Distances, rest: &Distances, k: usize, d: u8) -> u128 {
    match k {
        4 => optimal_lanes_k::<4>(x, rest, d),
        3 => optimal_lanes_k::<3>(x, rest, d),
        2 => optimal_lanes_k::<2>(x, rest, d),
        1 => optimal_lanes_k::<1>(x, rest, d),
        _ => optimal_lanes_k::<0>(x, rest, d),
    }
}

/// [`optimal_lanes`] for a constant `K`, on 64-bit words (one row of eight
/// lanes each): the rest's complementary cell for lane `m` is lane `K − m`
/// of the other row, a byte reversal and a shift away. Lanes hold at most
/// [`FAR`] (64), so lane sums never carry.
#[inline(always)]
fn optimal_lanes_k<const K: usize>(x: &Distances, rest: &Distances, d: u8) -> u128 {
    const L: u64 = 0x0101_0101_0101_0101;
    const LOW: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let row = |v: &Distances, p: usize| -> u64 {
        u64::from_le_bytes(v[8 * p..8 * p + 8].try_into().expect("eight"))
    };
    // Lanes 0..=K (high bit of each byte).
    let valid = HIGH >> (8 * (7 - K));
    let lanes = |xr: u64, other: u64| -> u64 {
        let comp = other.swap_bytes() >> (8 * (7 - K));
        let t = xr.wrapping_add(comp) ^ (d as u64).wrapping_mul(L);
        let equal = !((t & LOW).wrapping_add(LOW) | t) & HIGH;
        let nonzero = ((xr & LOW).wrapping_add(LOW) | xr) & HIGH;
        ((equal & nonzero & valid) >> 7).wrapping_mul(0xff)
    };
    let low = lanes(row(x, 0), row(rest, 1));
    let high = lanes(row(x, 1), row(rest, 0));
    (high as u128) << 64 | low as u128
}

/// Distance over every form and (Sichuan) every voided suit.
fn distance<B: AsRef<[u8]>>(t: &Tables<B>, shape: &Shape, rules: &Rules) -> u8 {
    if shape.capped == 0 && all_parts_open(rules) {
        return concealed_distance(t, &shape.c, &Tally::of(&shape.c), rules);
    }
    let mut best = FAR;
    for keep in voids(shape.capped, rules) {
        let mut d = standard(t, shape, keep, false).0;
        if shape.melds == 0 && shape.size >= 13 {
            d = d.min(special_distance(&shape.c, rules, keep));
        }
        if rules.mcr_forms && shape.melds <= 1 && shape.size >= 13 {
            d = d.min(knitted_straight(t, shape, keep, false).0);
        }
        best = best.min(d);
    }
    best
}

/// The distances of the four parts: table lookups, the capped programme
/// where declared melds took copies, [`NOTHING`] for parts not kept.
fn parts<B: AsRef<[u8]>>(
    t: &Tables<B>,
    c: &Counts,
    caps: &[u8; KINDS],
    capped: u8,
    keep: u8,
) -> [Distances; 4] {
    let mut out = [NOTHING; 4];
    for (i, d) in out.iter_mut().enumerate() {
        if keep >> i & 1 == 0 {
            continue;
        }
        let r = i * 9..(i * 9 + if i == 3 { 7 } else { 9 });
        *d = if capped >> i & 1 == 1 {
            capped_distances(&c[r.clone()], &caps[r], i < 3)
        } else if i < 3 {
            *t.suit_distances(c[r].try_into().expect("nine"))
        } else {
            *t.honor_distances(c[r].try_into().expect("seven"))
        };
    }
    out
}

/// The concealed-only special forms (no declared meld, 13 or 14 slots)
/// over the kept parts: seven pairs, thirteen orphans, honours and knitted.
fn special_distance(c: &Counts, rules: &Rules, keep: u8) -> u8 {
    let mut d = if keep == 0b1111 {
        Tally::of(c).special_distance(rules)
    } else {
        Tally::of(&kept_counts(c, kinds_kept(keep))).special_distance(rules)
    };
    if rules.mcr_forms {
        d = d.min(honors_and_knitted(c).0);
    }
    d
}

/// How many kinds a hand holds by copies, from one pass over the counts as
/// 64-bit words (eight kinds a word; a count is at most 4, three bits).
struct Tally {
    tiles: u8,
    /// Kinds held at least twice.
    pairs: u8,
    /// Kinds held at all.
    kinds: u8,
    /// Pairs when a quad counts as two: the sum of count / 2.
    whole: u8,
    /// Kinds held an odd number of times.
    odd: u8,
    /// Terminal and honour kinds held.
    orphans: u8,
    /// Some terminal or honour held at least twice.
    orphan_pair: bool,
}

impl Tally {
    #[inline(always)]
    fn of(c: &Counts) -> Tally {
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
            orphan_pairs |= (x1 | x2) & orphan;
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
            orphan_pair: orphan_pairs != 0,
        }
    }

    /// Seven pairs and thirteen orphans, as the rules allow.
    #[inline(always)]
    fn special_distance(&self, rules: &Rules) -> u8 {
        let mut d = FAR;
        match rules.seven_pairs {
            SevenPairs::No => {}
            SevenPairs::Distinct => {
                d = 7u8.saturating_sub(self.pairs) + 7u8.saturating_sub(self.kinds);
            }
            SevenPairs::QuadsAllowed => {
                let need = 7u8.saturating_sub(self.whole);
                d = need + need.saturating_sub(self.odd);
            }
        }
        if rules.thirteen_orphans {
            d = d.min(14 - self.orphans - self.orphan_pair as u8);
        }
        d
    }
}

/// Knitted straight (MCR): for each permutation, its missing tiles plus
/// the rest's distance to one set and a pair (just the pair beside a
/// declared meld). With `improving`, also the draws that lower an optimal
/// permutation.
fn knitted_straight<B: AsRef<[u8]>>(
    t: &Tables<B>,
    shape: &Shape,
    keep: u8,
    want: bool,
) -> (u8, u64) {
    let mut best = FAR;
    let mut tiles = 0u64;
    for p in 0..6 {
        // A knitted tile whose four copies are all declared is out of reach.
        if forms::knitted_tiles(p).iter().any(|&i| shape.caps[i] == 0) {
            continue;
        }
        let mut rest = *shape;
        let mut missing = 0u8;
        let mut lacking = 0u64;
        // The straight takes a copy of each of its tiles. A set and a
        // pair hold at most three copies of a kind, so the lowered cap
        // binds only where a declared meld took copies too (`capped`).
        for i in forms::knitted_tiles(p) {
            rest.caps[i] = rest.caps[i].saturating_sub(1);
            if rest.c[i] > 0 {
                rest.c[i] -= 1;
            } else {
                missing += 1;
                if shape.caps[i] > 0 {
                    lacking |= 1 << i;
                }
            }
        }
        rest.k = 1 - shape.melds;
        let (d, improving) = standard(t, &rest, keep, want);
        let d = d.saturating_add(missing);
        if d < best {
            best = d;
            tiles = 0;
        }
        if d == best {
            tiles |= lacking | improving;
        }
    }
    (best, tiles)
}

/// Rules whose concealed hands take the all-lookup path: every part open,
/// no MCR forms.
#[inline(always)]
fn all_parts_open(rules: &Rules) -> bool {
    rules.honors && rules.max_suits >= 3 && !rules.mcr_forms
}

/// Distance and effective tiles of a 3n+1 hand over every form.
fn improving<B: AsRef<[u8]>>(tables: &Tables<B>, shape: &Shape, rules: &Rules) -> (u8, TileSet) {
    if shape.capped == 0 && all_parts_open(rules) {
        let (d, tiles) = concealed_effective(tables, &shape.c, &Tally::of(&shape.c), rules);
        return (d, TileSet::from_bits(tiles));
    }
    let mut best = FAR;
    let mut tiles = 0u64;
    let mut consider = |d: u8, t: u64| {
        if d < best {
            best = d;
            tiles = 0;
        }
        if d == best {
            tiles |= t;
        }
    };
    for keep in voids(shape.capped, rules) {
        let (d, t) = standard(tables, shape, keep, true);
        consider(d, t);
        if shape.melds == 0 && shape.size >= 13 {
            let kept = kinds_kept(keep);
            if rules.seven_pairs != SevenPairs::No {
                let (d, t) = seven_pairs(&shape.c, kept, rules.seven_pairs);
                consider(d, t);
            }
            if rules.thirteen_orphans {
                let (d, t) = thirteen_orphans(&shape.c);
                consider(d, t);
            }
            if rules.mcr_forms {
                let (d, t) = honors_and_knitted(&shape.c);
                consider(d, t);
            }
        }
        if rules.mcr_forms && shape.melds <= 1 && shape.size >= 13 {
            let (d, t) = knitted_straight(tables, shape, keep, true);
            consider(d, t);
        }
    }
    (best, TileSet::from_bits(tiles))
}

/// Standard form: the distance to `shape.k` melds and a pair and, when
/// `want`ed, the tiles (bit per kind) whose draw lowers it.
fn standard<B: AsRef<[u8]>>(t: &Tables<B>, shape: &Shape, keep: u8, want: bool) -> (u8, u64) {
    let k = shape.k;
    let x = parts(t, &shape.c, &shape.caps, shape.capped, keep);
    let ab = product(&x[0], &x[1]);
    let sz = product(&x[2], &x[3]);
    let d = join(&ab, &sz, k);
    if d >= FAR || !want {
        return (d, 0);
    }
    // The best of the other three parts, for each part.
    let rest = [
        product(&x[1], &sz),
        product(&x[0], &sz),
        product(&ab, &x[3]),
        product(&ab, &x[2]),
    ];
    let mut tiles = 0u64;
    for i in (0..4).filter(|i| keep >> i & 1 == 1) {
        // Lanes of part i that some optimal allocation uses.
        let mut optimal = 0u128;
        for m in 0..=k {
            for p in 0..2 {
                let here = x[i][8 * p + m].saturating_add(rest[i][8 * (1 - p) + k - m]);
                if here == d {
                    optimal |= 0xffu128 << (8 * (8 * p + m));
                }
            }
        }
        let base = i * 9;
        let ranks = if i == 3 { 7 } else { 9 };
        let v = &shape.c[base..base + ranks];
        for r in 0..ranks {
            if v[r] >= shape.caps[base + r] {
                continue; // no copy left to draw
            }
            let next = if shape.capped >> i & 1 == 1 {
                let mut w = [0u8; 9];
                w[..ranks].copy_from_slice(v);
                w[r] += 1;
                capped_distances(&w[..ranks], &shape.caps[base..base + ranks], i < 3)
            } else if i < 3 {
                let mut w: [u8; 9] = v.try_into().expect("nine");
                w[r] += 1;
                *t.suit_distances(&w)
            } else {
                let mut w: [u8; 7] = v.try_into().expect("seven");
                w[r] += 1;
                *t.honor_distances(&w)
            };
            if lowers(&x[i], &next, optimal) {
                tiles |= 1 << (base + r);
            }
        }
    }
    (d, tiles)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::key;

    /// The SSE2 product equals the scalar definition on every pair of
    /// class vectors, and on products of products.
    #[test]
    fn sse_product_equals_the_scalar_definition() {
        use crate::table::generate::shanten::product as scalar;
        let t = Tables::embedded().distance_tables();
        let suits: Vec<Distances> = (0..=255).map(|c| *t.suit(c)).collect();
        let honors: Vec<Distances> = (0..=255).map(|c| *t.honor(c)).collect();
        for a in &suits[..130] {
            for b in suits[..130].iter().chain(&honors[..60]) {
                let ab = product(a, b);
                assert_eq!(ab, scalar(a, b), "{a:?} {b:?}");
                assert_eq!(product(&ab, a), scalar(&ab, a));
            }
        }
        // Any bytes at all (a corrupt table) give some answer, never a panic.
        let mut rng = crate::sets::Rng::new(5);
        for _ in 0..10_000 {
            let mut a = [0u8; 16];
            let mut b = [0u8; 16];
            for x in a.iter_mut().chain(b.iter_mut()) {
                *x = rng.below(256) as u8;
            }
            let _ = product(&a, &b);
        }
    }

    /// The capped programme with no caps is a second algorithm for the
    /// table (a pass over the ranks, not a sweep of the count lattice):
    /// equal on every pattern.
    #[test]
    fn capped_programme_equals_the_table_without_caps() {
        use rayon::prelude::*;
        let t = Tables::embedded();
        key::patterns::<9>().par_iter().for_each(|v| {
            assert_eq!(
                &capped_distances(v, &[4; 9], true),
                t.suit_distances(v),
                "{v:?}"
            );
        });
        for v in key::patterns::<7>() {
            assert_eq!(
                &capped_distances(&v, &[4; 7], false),
                t.honor_distances(&v),
                "{v:?}"
            );
        }
    }
}
