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
                write!(f, "a hand of {concealed} concealed tiles")?;
                if *melds > 0 {
                    write!(f, " and {melds} declared meld(s)")?;
                }
                write!(
                    f,
                    " counts as {} tiles; expected {expected}",
                    concealed + 3 * melds
                )
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
/// // 123m 456p 789s 111z 2z: ready, waiting on the second 2z.
/// let tiles: Vec<Tile> = [0, 1, 2, 12, 13, 14, 24, 25, 26, 27, 27, 27, 28]
///     .iter().map(|&i| Tile::from_index(i).unwrap()).collect();
/// let hand = Hand::from_tiles(&tiles).unwrap();
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
        self.iter().map(|(_, n)| n as u32).sum()
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
/// use hupai::{Hand, Rules, Tables, Tile};
/// let t = Tables::embedded();
/// // 123m 456p 789s 111z 2z 5z: discard 5z to wait on 2z (or 2z for 5z).
/// let tiles: Vec<Tile> = [0, 1, 2, 12, 13, 14, 24, 25, 26, 27, 27, 27, 28, 31]
///     .iter().map(|&i| Tile::from_index(i).unwrap()).collect();
/// let hand = Hand::from_tiles(&tiles).unwrap();
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

/// Min-plus product: the distances of two parts taken together.
#[inline(always)]
fn product(a: &Distances, b: &Distances) -> Distances {
    let mut r = [FAR; 16];
    for i in 0..5 {
        for j in 0..5 - i {
            let m = i + j;
            r[m] = r[m].min(a[i].saturating_add(b[j]));
            r[8 + m] = r[8 + m]
                .min(a[i].saturating_add(b[8 + j]))
                .min(a[8 + i].saturating_add(b[j]));
        }
    }
    r
}

/// The distance of two part groups to `k` melds and one pair.
#[inline(always)]
fn join(a: &Distances, b: &Distances, k: usize) -> u8 {
    let mut d = FAR;
    for i in 0..=k {
        d = d
            .min(a[i].saturating_add(b[8 + k - i]))
            .min(a[8 + i].saturating_add(b[k - i]));
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

/// The ranks (bit r) whose draw lowers the distances of a part in one of the
/// `optimal` lanes (0xff per lane, as a u128 mask).
#[inline(always)]
fn lowers(now: &Distances, next: &Distances, optimal: u128) -> bool {
    // Lane-wise now ≥ next (a tile more never costs more), so the byte
    // differences never borrow.
    let diff = u128::from_le_bytes(*now).wrapping_sub(u128::from_le_bytes(*next));
    diff & optimal != 0
}

impl<B: AsRef<[u8]>> Tables<B> {
    /// Shanten under `rules`: −1 complete, 0 ready (tenpai), n: n tiles from
    /// ready, over every form the rules allow. The hand holds 3n+1 or 3n+2
    /// slots (concealed tiles plus three per declared meld), at most 14.
    ///
    /// ```
    /// use hupai::{Hand, Rules, Tables, Tile};
    /// let t = Tables::embedded();
    /// let hand = |idx: &[usize]| {
    ///     let tiles: Vec<Tile> = idx.iter().map(|&i| Tile::from_index(i).unwrap()).collect();
    ///     Hand::from_tiles(&tiles).unwrap()
    /// };
    /// // 123m 456p 789s 111z 2z: ready.
    /// let ready = hand(&[0, 1, 2, 12, 13, 14, 24, 25, 26, 27, 27, 27, 28]);
    /// assert_eq!(t.shanten(&ready, &Rules::RIICHI), Ok(0));
    /// // 19m 19p 19s 1234567z: thirteen orphans, ready on any of them.
    /// let orphans = hand(&[0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]);
    /// assert_eq!(t.shanten(&orphans, &Rules::RIICHI), Ok(0));
    /// assert_eq!(t.shanten(&orphans, &Rules::GENERIC), Ok(8));
    /// // A size that has no shanten.
    /// assert!(t.shanten(&hand(&[0, 1, 2]), &Rules::RIICHI).is_err());
    /// ```
    pub fn shanten(&self, hand: &Hand, rules: &Rules) -> Result<i8, ShantenError> {
        let c = hand.counts();
        if hand.meld_count() == 0 && rules.honors && rules.max_suits >= 3 && !rules.mcr_forms {
            // The common case: a concealed hand with every part open.
            let n = total(c);
            if n == 0 || n > 14 || n % 3 == 0 {
                return Err(ShantenError::Size {
                    concealed: n,
                    melds: 0,
                    expected: ANY_SIZE,
                });
            }
            return Ok(concealed_distance(self, c, n, rules) as i8 - 1);
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
        let shape = Shape::new(hand, rules, DRAW_SIZE)?;
        let unseen = unseen(hand, visible)?;
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
    /// use hupai::{engine::Ukeire, Hand, Rules, Tables, Tile};
    /// let t = Tables::embedded();
    /// let hand = Hand::from_tiles(&[Tile::EAST, Tile::EAST, Tile::RED, Tile::WHITE]).unwrap();
    /// match t.ukeire(&hand, &Rules::RIICHI, &[0; 34]).unwrap() {
    ///     Ukeire::Draw(e) => assert_eq!(e.tiles().to_string(), "1z 5z 7z"),
    ///     Ukeire::Discard(_) => unreachable!(),
    /// }
    /// ```
    pub fn ukeire(
        &self,
        hand: &Hand,
        rules: &Rules,
        visible: &Counts,
    ) -> Result<Ukeire, ShantenError> {
        let size = hand.concealed_len() + 3 * hand.meld_count();
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
fn unseen(hand: &Hand, visible: &Counts) -> Result<[u8; KINDS], ShantenError> {
    let all = hand.all_counts();
    let mut out = [0u8; KINDS];
    for i in 0..KINDS {
        out[i] = 4u8
            .checked_sub(all[i])
            .and_then(|x| x.checked_sub(visible[i]))
            .ok_or(ShantenError::Visible(tile(i)))?;
    }
    Ok(out)
}

/// Seven pairs over the `kept` kinds: its distance, and the kinds whose draw
/// lowers it.
#[inline]
fn seven_pairs(c: &Counts, kept: u64, mode: SevenPairs) -> (u8, u64) {
    let (mut ones, mut twos, mut threes, mut fours) = (0u64, 0u64, 0u64, 0u64);
    for (i, &n) in c.iter().enumerate() {
        let bit = 1u64 << i;
        match n {
            1 => ones |= bit,
            2 => twos |= bit,
            3 => threes |= bit,
            4 => fours |= bit,
            _ => {}
        }
    }
    let (ones, twos, threes, fours) = (ones & kept, twos & kept, threes & kept, fours & kept);
    let empty = kept & !(ones | twos | threes | fours);
    match mode {
        SevenPairs::No => (FAR, 0),
        SevenPairs::Distinct => {
            let pairs = (twos | threes | fours).count_ones() as u8;
            let kinds = pairs + ones.count_ones() as u8;
            if pairs >= 7 {
                return (0, 0);
            }
            let d = 7 - pairs + 7u8.saturating_sub(kinds);
            let mut t = ones;
            if kinds < 7 {
                t |= empty;
            }
            (d, t)
        }
        SevenPairs::QuadsAllowed => {
            let whole = (twos | threes).count_ones() as u8 + 2 * fours.count_ones() as u8;
            let odd = (ones | threes).count_ones() as u8;
            if whole >= 7 {
                return (0, 0);
            }
            let need = 7 - whole;
            let d = need + need.saturating_sub(odd);
            let mut t = ones | threes;
            if need > odd {
                t |= empty | twos;
            }
            (d, t)
        }
    }
}

/// Thirteen orphans: its distance and the kinds whose draw lowers it.
#[inline]
fn thirteen_orphans(c: &Counts) -> (u8, u64) {
    let (mut present, mut pair) = (0u64, false);
    for &i in &forms::ORPHANS {
        if c[i] > 0 {
            present |= 1 << i;
        }
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
fn concealed_distance<B: AsRef<[u8]>>(t: &Tables<B>, c: &Counts, n: usize, rules: &Rules) -> u8 {
    let k = n / 3;
    let a = t.suit_distances(c[0..9].try_into().expect("nine"));
    let b = t.suit_distances(c[9..18].try_into().expect("nine"));
    let s = t.suit_distances(c[18..27].try_into().expect("nine"));
    let z = t.honor_distances(c[27..34].try_into().expect("seven"));
    let mut d = join(&product(a, b), &product(s, z), k);
    if n >= 13 {
        d = d.min(special_distance(c, rules, 0b1111));
    }
    d
}

/// Distance over every form and (Sichuan) every voided suit.
fn distance<B: AsRef<[u8]>>(t: &Tables<B>, shape: &Shape, rules: &Rules) -> u8 {
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

/// The concealed-only special forms (no declared meld, 13 or 14 slots):
/// seven pairs, thirteen orphans, honours and knitted.
#[inline]
fn special_distance(c: &Counts, rules: &Rules, keep: u8) -> u8 {
    let mut d = FAR;
    if rules.seven_pairs != SevenPairs::No {
        d = d.min(seven_pairs(c, kinds_kept(keep), rules.seven_pairs).0);
    }
    if rules.thirteen_orphans {
        d = d.min(thirteen_orphans(c).0);
    }
    if rules.mcr_forms {
        d = d.min(honors_and_knitted(c).0);
    }
    d
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

/// Distance and effective tiles of a 3n+1 hand over every form.
fn improving<B: AsRef<[u8]>>(tables: &Tables<B>, shape: &Shape, rules: &Rules) -> (u8, TileSet) {
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

    /// The capped programme with no caps is a second algorithm for the
    /// table: equal on every pattern.
    #[test]
    fn capped_programme_equals_the_table_without_caps() {
        let t = Tables::embedded();
        for v in key::patterns::<9>().iter().step_by(7) {
            assert_eq!(
                &capped_distances(v, &[4; 9], true),
                t.suit_distances(v),
                "{v:?}"
            );
        }
        for v in key::patterns::<7>() {
            assert_eq!(
                &capped_distances(&v, &[4; 7], false),
                t.honor_distances(&v),
                "{v:?}"
            );
        }
    }
}
