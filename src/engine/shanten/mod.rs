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
//! aim at; `shanten.tbl` says for each suit pattern beside which single
//! meld its table distances stay exact and keeps the capped ones where they
//! do not, and beside two or more melds a certificate or a small dynamic
//! programme over the ranks answers.
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
//!
//! Layout: this file holds the queries, their answers and errors; `combine`
//! the min-plus machinery over parts; `concealed` the fast path (a concealed
//! hand, every part open: table reads only); `melded` the same beside
//! declared melds; `knitted` MCR's forms on the fast path; `capped` the
//! certificate for parts beside melds; `three_player` three-player riichi
//! as its four-player twin; `general` what is left and the searches the
//! fast paths are tested against (three-player hands of more than seven
//! honour-like kinds, parts the tables do not cover, Sichuan's concealed
//! voids); `counts` the forms that are counts.

mod capped;
mod combine;
mod concealed;
mod counts;
mod general;
mod knitted;
mod melded;
mod three_player;

use crate::forms;
use crate::hand::{Hand, MeldKind};
use crate::rules::Rules;
use crate::rules::SevenPairs;
use crate::table::layout::cells::FAR;
use crate::table::{key, DistanceTables, Tables};
use crate::tile::{total, Counts, Tile, KINDS};
use crate::tileset::TileSet;
pub(crate) use combine::{improving_ranks, join, lowers, optimal_lanes, product};
use concealed::{
    concealed_after, concealed_draws, concealed_rows, concealed_shanten, concealed_short_rows,
    keyed_distance, open_standard, with_special, OpenParts,
};
pub(crate) use counts::{at_least, held_mask};
use counts::{kept_counts, kinds_equal, seven_pairs, Tally, ALL_KINDS};
use general::kinds_kept;
use general::{all_parts_open, distance, improving, special_improving, Memo};
use knitted::{
    knitted_after, knitted_beside_meld, knitted_distance_tallied, knitted_effective, knitted_row,
    knitted_shanten, knitted_special_improving,
};
pub(crate) use knitted::{knitted_held_bytes, knitted_within, knitted_within_without};
use melded::{
    capped_class_distance, fewest_voided_first, leaves, leaves_effective, melded_after,
    melded_improving, melded_row, melded_voids, voided_capped_classes, voided_classes, CapMasks,
    ClassDiscards, Leaves, Melded, MeldedParts, Ups, Worked,
};
use std::fmt;
pub(crate) use three_player::FourPlayer;
pub(crate) use three_player::Twin;

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

/// The hand sizes a query accepts (slots: concealed tiles plus three per
/// declared meld; at least one concealed tile).
#[derive(Clone, Copy)]
enum Sizes {
    /// 3n+1 or 3n+2, at most 14: shanten.
    Any,
    /// 3n+1: effective tiles.
    Draw,
    /// 3n+2: the discard table.
    Discard,
}

impl Sizes {
    /// Whether `concealed` tiles and `melds` fit.
    #[inline(always)]
    fn fits(self, concealed: usize, melds: usize) -> bool {
        let size = concealed + 3 * melds;
        let fits = match self {
            Sizes::Any => !size.is_multiple_of(3),
            Sizes::Draw => size % 3 == 1,
            Sizes::Discard => size % 3 == 2,
        };
        concealed > 0 && size <= 14 && fits
    }

    /// The size error, unless `concealed` tiles and `melds` fit.
    #[inline(always)]
    fn check(self, concealed: usize, melds: usize) -> Result<(), ShantenError> {
        if self.fits(concealed, melds) {
            return Ok(());
        }
        let expected = match self {
            Sizes::Any => "3n+1 or 3n+2 tiles, at most 14",
            Sizes::Draw => "3n+1 tiles (13, 10, 7, 4 or 1)",
            Sizes::Discard => "3n+2 tiles (14, 11, 8, 5 or 2)",
        };
        Err(ShantenError::Size {
            concealed,
            melds,
            expected,
        })
    }
}

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
    /// An answer computed elsewhere in the crate (the joker engine).
    pub(crate) fn new(shanten: i8, tiles: TileSet, unseen: [u8; KINDS]) -> Effective {
        Effective {
            shanten,
            tiles,
            unseen,
        }
    }

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
        unseen_copies(self.tiles.bits(), &self.unseen)
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
    /// The rows' discards, then their effective tiles: two arrays, not
    /// one of pairs, which would pad each tile to eight bytes (the table
    /// is returned by value).
    discards: [Tile; 14],
    tiles: [TileSet; 14],
    unseen: [u8; KINDS],
}

impl Discards {
    /// An answer computed elsewhere in the crate (the joker engine): at
    /// most 14 rows, already in order.
    pub(crate) fn new(
        shanten: i8,
        after: i8,
        rows: &[(Tile, TileSet)],
        unseen: [u8; KINDS],
    ) -> Discards {
        let (mut discards, mut tiles) = ([Tile::EAST; 14], [TileSet::EMPTY; 14]);
        for (r, &(t, e)) in rows.iter().enumerate() {
            (discards[r], tiles[r]) = (t, e);
        }
        Discards {
            shanten,
            after,
            len: rows.len() as u8,
            discards,
            tiles,
            unseen,
        }
    }

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
        let len = self.len as usize;
        self.discards[..len]
            .iter()
            .zip(&self.tiles[..len])
            .map(move |(&t, &tiles)| {
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
    /// Three players: the characters are 1m and 9m only.
    three_player: bool,
}

impl Shape {
    /// The shape of a concealed hand of `slots` tiles: no declared meld,
    /// nothing capped.
    #[inline(always)]
    fn concealed(c: &Counts, slots: usize, rules: &Rules) -> Shape {
        Shape {
            c: *c,
            caps: [4; KINDS],
            capped: 0,
            k: slots / 3,
            melds: 0,
            size: slots,
            three_player: rules.three_player,
        }
    }

    /// What [`Shape::new`] checks, without the shape: the size, the tiles
    /// the rules lack, and a hand whose melds leave no suit to void where
    /// the rules allow two. The parts (bit per part) holding declared
    /// melds (three players: and the characters, whose 2–8 do not exist).
    #[inline]
    fn checked(hand: &Hand, rules: &Rules, sizes: Sizes) -> Result<u8, ShantenError> {
        sizes.check(hand.concealed_len(), hand.meld_count())?;
        Shape::capped_parts(hand, rules)
    }

    /// [`Shape::checked`] of a four-player hand whose parts holding melds
    /// (`parts`, bit per part) the caller has read: the same answer, the
    /// meld loop and the held kinds' mask spared where nothing is wrong,
    /// or only too many suits hold melds (the general check names any
    /// other fault, in its order). Four players, the kinds a rule set
    /// lacks are the honours or none.
    #[inline(always)]
    fn checked_beside(
        hand: &Hand,
        rules: &Rules,
        sizes: Sizes,
        parts: u8,
    ) -> Result<u8, ShantenError> {
        let c = hand.counts();
        let honours = u64::from_le_bytes(c[26..34].try_into().expect("eight")) >> 8 != 0;
        let absent = !rules.honors && (honours || parts & 0b1000 != 0);
        if rules.three_player || absent || !sizes.fits(hand.concealed_len(), hand.meld_count()) {
            return Shape::checked(hand, rules, sizes);
        }
        // Its size right and no tile the rules lack: the general check
        // would name too many suits with melds next.
        if (parts & 0b111).count_ones() > u32::from(rules.max_suits.min(3)) {
            return Err(ShantenError::ThreeSuits);
        }
        Ok(parts)
    }

    /// [`Shape::checked`] less the size: the tiles the rules lack, a hand
    /// that cannot void a suit, and the parts holding declared melds.
    #[inline]
    fn capped_parts(hand: &Hand, rules: &Rules) -> Result<u8, ShantenError> {
        // One pass over the melds, without a branch a meld: the parts
        // holding one (a chow never crosses a suit) and the kinds declared.
        const SPAN: [u64; 4] = [0b111, 1, 1, 1];
        let (mut capped, mut declared) = (0u8, 0u64);
        for m in hand.melds() {
            let i = m.tile().index();
            capped |= 1 << (i / 9);
            declared |= SPAN[m.kind() as usize] << i;
        }
        if !rules.plain() {
            // The kinds held or declared that the rules lack, as masks.
            let absent = (held_mask(hand.counts()) | declared) & !rules.tiles();
            if absent != 0 {
                return Err(ShantenError::NoSuchTile(tile(
                    absent.trailing_zeros() as usize
                )));
            }
        }
        if rules.three_player {
            capped |= 1;
        }
        // The rules void a suit for each past `max_suits`: a set of suits
        // without melds to void (what [`voids`] gives) exists exactly
        // where at most `max_suits` suits hold melds.
        if (capped & 0b111).count_ones() > u32::from(rules.max_suits.min(3)) {
            return Err(ShantenError::ThreeSuits);
        }
        Ok(capped)
    }
    fn new(hand: &Hand, rules: &Rules, sizes: Sizes) -> Result<Shape, ShantenError> {
        let c = *hand.counts();
        let concealed = total(&c);
        let melds = hand.meld_count();
        let capped = Shape::checked(hand, rules, sizes)?;
        let size = concealed + 3 * melds;
        let mut caps = [4u8; KINDS];
        for m in hand.melds() {
            let i = m.tile().index();
            match m.kind() {
                MeldKind::Chow => caps[i..i + 3].iter_mut().for_each(|c| *c -= 1),
                MeldKind::Pung => caps[i] -= 3,
                MeldKind::Kong | MeldKind::ConcealedKong => caps[i] -= 4,
            }
        }
        if rules.three_player {
            // 2m–8m do not exist: no target holds them, so 1m and 9m form
            // no chow and behave as two honour kinds.
            caps[1..8].fill(0);
        }
        Ok(Shape {
            c,
            caps,
            capped,
            k: concealed / 3,
            melds,
            size,
            three_player: rules.three_player,
        })
    }
}

/// The kinds with at least one, two, three and four unseen copies (bit
/// per kind, each count at most 4): the unseen copies of any kinds
/// together are four population counts, the planes found once for all the
/// rows of a table.
struct UnseenPlanes([u64; 4]);

impl UnseenPlanes {
    #[inline(always)]
    fn of(unseen: &[u8; KINDS]) -> UnseenPlanes {
        UnseenPlanes([1, 2, 3, 4].map(|n| at_least(unseen, n)))
    }

    /// The unseen copies of the kinds in `bits` (bit per kind) together.
    #[inline(always)]
    fn copies(&self, bits: u64) -> u32 {
        self.0
            .iter()
            .map(|&plane| (bits & plane).count_ones())
            .sum()
    }
}

/// The unseen copies of the kinds in `bits` (bit per kind) together.
#[inline(always)]
fn unseen_copies(bits: u64, unseen: &[u8; KINDS]) -> u32 {
    UnseenPlanes::of(unseen).copies(bits)
}

/// The discard table from the hand's distance `d`, its distance after each
/// discard (`after`, [`FAR`] where not held) and `rows`, which fills the
/// effective tiles (bit per kind) of the hand after each discard asked.
#[inline]
fn discard_table(
    d: u8,
    after: &[u8; KINDS],
    unseen: [u8; KINDS],
    rows: impl FnOnce(&[usize], &mut [u64]),
) -> Result<Discards, ShantenError> {
    if d >= FAR {
        return Err(ShantenError::Unreachable);
    }
    let best = *after.iter().min().expect("34 kinds");
    // The discards that tie, from one mask (at most one a kind of 14 tiles).
    let mut at_best = kinds_equal(after, best);
    let len = (at_best.count_ones() as usize).min(14);
    let mut kinds = [0usize; 14];
    for kind in &mut kinds[..len] {
        *kind = at_best.trailing_zeros() as usize;
        at_best &= at_best - 1;
    }
    let mut tiles = [0u64; 14];
    rows(&kinds[..len], &mut tiles[..len]);
    // Most unseen effective copies first, then in tile order: each row's
    // place is the number of rows before it, counted without a branch (a
    // sort's compares mispredict on rows as random as the hand). Keys are
    // distinct (the kinds are), and the rows past `len` sort last. Sixteen
    // keys of 16 bits: two vector registers, compared at once.
    let mut keys = [u16::MAX; 16];
    let planes = UnseenPlanes::of(&unseen);
    for r in 0..len {
        let copies = planes.copies(tiles[r]) as u16;
        // At most 34 × 4 copies: 8 bits, above the kind's 6.
        keys[r] = (255 - copies) << 6 | kinds[r] as u16;
    }
    let (mut discards, mut sets) = ([Tile::EAST; 14], [TileSet::EMPTY; 14]);
    for r in 0..len {
        let place = keys.iter().map(|&k| u16::from(k < keys[r])).sum::<u16>() as usize;
        (discards[place], sets[place]) = (tile(kinds[r]), TileSet::from_bits(tiles[r]));
    }
    Ok(Discards {
        shanten: d as i8 - 1,
        after: best as i8 - 1,
        len: len as u8,
        discards,
        tiles: sets,
        unseen,
    })
}

/// A three-player hand as its four-player twin ([`FourPlayer`]), after the
/// checks the general path makes (the size, then 2m–8m); `None` where the
/// hand has no twin (four players, or more than seven honour-like kinds).
/// Inlined: four-player hands pay one test.
#[inline(always)]
fn four_player(
    hand: &Hand,
    rules: &Rules,
    sizes: Sizes,
) -> Result<Option<FourPlayer>, ShantenError> {
    if !rules.three_player {
        return Ok(None);
    }
    sizes.check(hand.concealed_len(), hand.meld_count())?;
    FourPlayer::of(hand, rules)
}

impl Twin {
    /// The twin's discard table as the three-player hand's: each discard
    /// and draw mapped back, the rows ordered again by the hand's `unseen`
    /// copies (an unused kind's draw stands for several).
    pub(crate) fn table(&self, twin: &Discards, unseen: [u8; KINDS]) -> Discards {
        let mut rows = [(Tile::EAST, TileSet::EMPTY); 14];
        for (row, (t, e)) in rows.iter_mut().zip(twin.iter()) {
            let bits = self.draws(e.tiles().bits());
            *row = (tile(self.back(t.index())), TileSet::from_bits(bits));
        }
        let rows = &mut rows[..twin.len()];
        let planes = UnseenPlanes::of(&unseen);
        rows.sort_unstable_by_key(|&(t, e)| (u32::MAX - planes.copies(e.bits()), t));
        Discards::new(twin.shanten, twin.after, rows, unseen)
    }
}

/// Three-player concealed counts as their four-player twin's
/// ([`Twin`]), with the twin's rules; `None` where they have none (or hold
/// 2m–8m).
#[inline(never)]
fn twin_counts(c: &Counts, rules: &Rules) -> Option<(Twin, Counts, Rules)> {
    let (twin, four) = Twin::of(held_mask(c), rules).ok()??;
    let mut c = *c;
    twin.renames(|from, to| c.swap(from, to));
    Some((twin, c, four))
}

/// The shanten of a replacement distance, unless no complete hand is in
/// reach.
#[inline]
fn reached(d: u8) -> Result<i8, ShantenError> {
    if d >= FAR {
        Err(ShantenError::Unreachable)
    } else {
        Ok(d as i8 - 1)
    }
}

impl Shape {
    /// The hand less one tile of kind `i` (held).
    #[inline]
    fn without(&self, i: usize) -> Shape {
        let mut s = *self;
        s.c[i] -= 1;
        s.size -= 1;
        s
    }
}

/// The sets of parts a hand may keep: all four, or (Sichuan) every choice
/// of numbered suits to void that spares the suits of declared melds. Bit
/// `i` of an item is part `i` (m, p, s, z).
fn voids(capped: u8, rules: &Rules) -> impl Iterator<Item = u8> {
    let drop = 3 - rules.max_suits.min(3) as usize;
    let (keeps, n) = VOIDS[drop][usize::from(capped & 0b111)];
    let honors = if rules.honors { 0x0808_0808 } else { 0 };
    (keeps | honors)
        .to_le_bytes()
        .into_iter()
        .take(usize::from(n))
}

/// [`voids`] before the honours join, by how many suits go and the suits
/// (bit per suit) holding melds: the kept suits a byte each, and how many
/// sets there are. One read where a loop over the sets took eighty
/// instructions on Sichuan's every melded query.
const VOIDS: [[(u32, u8); 8]; 4] = {
    // The suits (bit per suit) a set may void, by how many go.
    const GONE: [&[u8]; 4] = [&[0], &[1, 2, 4], &[3, 5, 6], &[7]];
    let mut table = [[(0u32, 0u8); 8]; 4];
    let mut drop = 0;
    while drop < 4 {
        let mut capped = 0;
        while capped < 8 {
            let (mut keeps, mut n, mut i) = (0u32, 0u8, 0);
            while i < GONE[drop].len() {
                let gone = GONE[drop][i];
                if gone & capped == 0 {
                    keeps |= ((7 & !gone) as u32) << (8 * n);
                    n += 1;
                }
                i += 1;
            }
            table[drop][capped as usize] = (keeps, n);
            capped += 1;
        }
        drop += 1;
    }
    table
};

/// Shanten of a melded hand whose melds leave every part its class
/// ([`Leaves::Classes`]; `keys` its part keys), as a concealed hand aiming
/// at fewer melds: with MCR's knitted straight beside one meld, and over
/// Sichuan's voids (`parts`, bit per part, those holding melds). `None`
/// for rules whose kept parts the class tables do not combine.
#[inline(always)]
fn classes_shanten(
    t: &DistanceTables,
    hand: &Hand,
    rules: &Rules,
    keys: &[key::Key; 4],
    parts: u8,
) -> Result<Option<i8>, ShantenError> {
    let (c, melds) = (hand.counts(), hand.meld_count());
    let k = hand.concealed_len() / 3;
    if rules.plain() {
        Sizes::Any.check(hand.concealed_len(), melds)?;
        // At most 11 concealed tiles beside a meld: no counting form,
        // and every part's key a dense index.
        let d = keyed_distance(t, *keys, k);
        let s = d as i8 - 1;
        if !knitted_beside_melds(hand, rules) || !knitted_within(held_mask(c), d, false) {
            return Ok(Some(s));
        }
        // MCR beside one meld: the knitted straight, a count.
        let knitted = knitted_beside_meld(c, &one_meld_caps(hand), false, d).0;
        return Ok(Some(d.min(knitted) as i8 - 1));
    }
    if rules.mcr_forms {
        return Ok(None);
    }
    let keeps = voids(
        Shape::checked_beside(hand, rules, Sizes::Any, parts)?,
        rules,
    );
    voided_classes(t, keys, keeps, k).map(reached).transpose()
}

/// The parts (bit per part: m, p, s, z) holding declared melds.
#[inline(always)]
fn meld_parts(hand: &Hand) -> u8 {
    hand.melds()
        .fold(0, |parts, m| parts | 1 << (m.tile().index() / 9))
}

fn tile(i: usize) -> Tile {
    Tile::from_index(i).expect("index < 34")
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
        if hand.meld_count() == 0 && all_parts_open(rules) {
            // The common case: a concealed hand with every part open.
            return concealed_shanten(self, hand.counts(), rules);
        }
        self.shanten_beyond_concealed(hand, rules)
    }

    /// [`Tables::shanten`] past its common case, out of line: its paths
    /// would give the common one their stack frame and saved registers.
    #[inline(never)]
    fn shanten_beyond_concealed(&self, hand: &Hand, rules: &Rules) -> Result<i8, ShantenError> {
        if rules.three_player && hand.meld_count() == 0 {
            // Three players, concealed: the twin's counts, no hand built.
            if let Some((_, c, four)) = twin_counts(hand.counts(), rules) {
                return concealed_shanten(self, &c, &four);
            }
        }
        if let Some(four) = four_player(hand, rules, Sizes::Any)? {
            return self.shanten(&four.hand, &four.rules);
        }
        if hand.meld_count() == 0 && rules.plain() {
            // MCR's forms, concealed (13 or 14 tiles).
            if let Some(found) = knitted_shanten(self, hand.counts(), rules) {
                return found;
            }
        }
        if hand.meld_count() > 0 && !rules.three_player {
            // The part keys and the tables' view, each made once for the
            // melds and the classes.
            let keys = key::hand_keys(hand.counts());
            let t = self.distance_tables();
            let k = hand.concealed_len() / 3;
            let (leaves, parts) = leaves(&t, hand, &keys);
            match leaves {
                // Melds that leave every part its class: the concealed tables.
                Some(Leaves::Classes) => {
                    if let Some(s) = classes_shanten(&t, hand, rules, &keys, parts)? {
                        return Ok(s);
                    }
                }
                // All but one suit beside two or more melds (no knitted
                // straight beside two melds): the certificate on that suit.
                Some(Leaves::Capped { suit, pair }) if rules.plain() => {
                    Sizes::Any.check(hand.concealed_len(), hand.meld_count())?;
                    return reached(capped_class_distance(&t, hand, &keys, (suit, pair), k));
                }
                // Sichuan: the same over its voids.
                Some(Leaves::Capped { suit, pair }) if !rules.mcr_forms => {
                    let capped = Shape::checked_beside(hand, rules, Sizes::Any, parts)?;
                    let keeps = voids(capped, rules);
                    let suit = (suit, pair);
                    if let Some(d) = voided_capped_classes(&t, hand, &keys, suit, keeps, k) {
                        return reached(d);
                    }
                }
                _ => {}
            }
        }
        if let Some((d, _)) = self.melded(hand, rules, Sizes::Any, false)? {
            return reached(d);
        }
        let shape = Shape::new(hand, rules, Sizes::Any)?;
        let d = distance(self, &shape, rules, &mut Memo::for_rules(rules));
        if d >= FAR {
            return Err(ShantenError::Unreachable);
        }
        Ok(d as i8 - 1)
    }

    /// Effective tiles of a melded hand whose melds leave every part its
    /// class, or all but one suit ([`leaves`]), under rules with every part
    /// open: [`leaves_effective`], with MCR's knitted straight beside one
    /// meld. `Ok(None)` for the other hands.
    #[inline(always)]
    fn leaves_effective(
        &self,
        hand: &Hand,
        rules: &Rules,
    ) -> Result<Option<(u8, u64)>, ShantenError> {
        let melds = hand.meld_count();
        if melds == 0 || !rules.plain() {
            return Ok(None);
        }
        Sizes::Draw.check(hand.concealed_len(), melds)?;
        let t = self.distance_tables();
        let Some((d, tiles)) = leaves_effective(&t, hand, hand.concealed_len() / 3) else {
            return Ok(None);
        };
        if knitted_beside_melds(hand, rules) {
            // MCR beside one meld: the knitted straight, a count.
            let knitted = knitted_beside_meld(hand.counts(), &one_meld_caps(hand), true, d);
            return Ok(Some(fewer((d, tiles), knitted)));
        }
        Ok(Some((d, tiles)))
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
        if hand.meld_count() == 0 && all_parts_open(rules) {
            // The common case: a concealed hand with every part open.
            let (d, tiles) = concealed_draws(self, hand.counts(), rules)?;
            return Ok(Effective {
                shanten: d as i8 - 1,
                tiles: TileSet::from_bits(tiles),
                unseen,
            });
        }
        if rules.three_player && hand.meld_count() == 0 {
            if let Some((twin, c, four)) = twin_counts(hand.counts(), rules) {
                let (d, tiles) = concealed_draws(self, &c, &four)?;
                return Ok(Effective {
                    shanten: d as i8 - 1,
                    tiles: TileSet::from_bits(twin.draws(tiles)),
                    unseen,
                });
            }
        }
        if let Some(four) = four_player(hand, rules, Sizes::Draw)? {
            let e = self.effective(&four.hand, &four.rules, &[0; KINDS])?;
            return Ok(Effective {
                shanten: e.shanten,
                tiles: TileSet::from_bits(four.twin.draws(e.tiles.bits())),
                unseen,
            });
        }
        if hand.meld_count() == 0 && rules.plain() {
            // MCR's forms, concealed (13 tiles).
            if let Some(found) = knitted_effective(self, hand.counts(), rules) {
                let (d, tiles) = found?;
                return Ok(Effective {
                    shanten: d as i8 - 1,
                    tiles: TileSet::from_bits(tiles),
                    unseen,
                });
            }
        }
        if let Some((d, tiles)) = self.leaves_effective(hand, rules)? {
            return Ok(Effective {
                shanten: reached(d)?,
                tiles: TileSet::from_bits(tiles),
                unseen,
            });
        }
        if let Some((d, tiles)) = self.melded(hand, rules, Sizes::Draw, true)? {
            return Ok(Effective {
                shanten: reached(d)?,
                tiles: TileSet::from_bits(tiles),
                unseen,
            });
        }
        let shape = Shape::new(hand, rules, Sizes::Draw)?;
        let (d, tiles) = improving(self, &shape, rules, &mut Memo::for_rules(rules));
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
        if hand.meld_count() == 0 && all_parts_open(rules) {
            // The common case: the fast path's lookups, one part per discard.
            // One pass over the keys: the parts and the counting forms.
            let (c, t) = (hand.counts(), self.distance_tables());
            let (parts, tally) = OpenParts::tallied(&t, c);
            Sizes::Discard.check(tally.tiles as usize, 0)?;
            let unseen = unseen(hand, visible)?;
            let (d, after) = concealed_after(&t, c, &parts, &tally, rules);
            return discard_table(d, &after, unseen, |kinds, tiles| {
                concealed_rows(&t, c, &parts, &tally, rules, kinds, tiles)
            });
        }
        if hand.meld_count() == 0 && rules.plain() {
            // MCR, concealed: the fast path's forms, then the knitted ones
            // as counts from the hand's.
            return self.knitted_discards(hand, rules, visible);
        }
        if let Some(four) = four_player(hand, rules, Sizes::Discard)? {
            let table = self.discards(&four.hand, &four.rules, &[0; KINDS])?;
            return Ok(four.twin.table(&table, unseen(hand, visible)?));
        }
        if let Some(table) = self.melded_discards(hand, rules, visible)? {
            return Ok(table);
        }
        let shape = Shape::new(hand, rules, Sizes::Discard)?;
        let unseen = unseen(hand, visible)?;
        let without = |i: usize| shape.without(i);
        let mut memo = Memo::new();
        // Beside declared melds: table reads where they are proven.
        let melded = self.melded_after(hand, &shape, rules);
        let (d, after) = if let Some(found) = &melded {
            (found.d, found.after)
        } else {
            let d = distance(self, &shape, rules, &mut memo);
            let mut after = [FAR; KINDS];
            for i in (0..KINDS).filter(|&i| shape.c[i] > 0) {
                after[i] = distance(self, &without(i), rules, &mut memo);
            }
            (d, after)
        };
        let dt = self.distance_tables();
        let mut ups = Ups::new();
        discard_table(d, &after, unseen, |kinds, tiles| {
            for (&i, t) in kinds.iter().zip(tiles) {
                let row = melded.as_ref().and_then(|found| {
                    let mut best = (FAR, 0);
                    for (m, base) in found.keeps.iter().flatten() {
                        best = fewer(best, melded_row(&dt, &shape.c, m, base, i, &mut ups)?);
                    }
                    if found.knitted {
                        let m = &found.keeps[0].as_ref()?.0;
                        let w = without(i).c;
                        best = fewer(best, knitted_beside_meld(&w, &m.cap_masks(), true, best.0));
                    }
                    Some(best.1)
                });
                *t = match row {
                    Some(row) => row,
                    None => improving(self, &without(i), rules, &mut memo).1.bits(),
                };
            }
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
    ///     Ukeire::Discard(_) => unreachable!("13 slots: a 3n+1 hand"),
    /// }
    /// ```
    pub fn ukeire(
        &self,
        hand: &Hand,
        rules: &Rules,
        visible: &Counts,
    ) -> Result<Ukeire, ShantenError> {
        let (concealed, melds) = (hand.concealed_len(), hand.meld_count());
        Sizes::Any.check(concealed, melds)?;
        if (concealed + 3 * melds) % 3 == 2 {
            self.discards(hand, rules, visible).map(Ukeire::Discard)
        } else {
            self.effective(hand, rules, visible).map(Ukeire::Draw)
        }
    }
}

impl<B: AsRef<[u8]>> Tables<B> {
    /// Distance and (with `want`) effective tiles of a hand with declared
    /// melds by table reads ([`melded`]), under every rule set but the
    /// three-player one; `Ok(None)` for a concealed hand or where the
    /// tables leave doubt (the general path answers).
    #[inline]
    fn melded(
        &self,
        hand: &Hand,
        rules: &Rules,
        sizes: Sizes,
        want: bool,
    ) -> Result<Option<(u8, u64)>, ShantenError> {
        if hand.meld_count() == 0 || rules.three_player {
            return Ok(None);
        }
        let capped = if rules.plain() {
            sizes.check(hand.concealed_len(), hand.meld_count())?;
            0
        } else {
            // Sichuan's voids and missing tiles: what the general path checks.
            Shape::checked_beside(hand, rules, sizes, meld_parts(hand))?
        };
        let knitted = knitted_beside_melds(hand, rules);
        let k = hand.concealed_len() / 3;
        Ok(self.melded_towards(hand, k, capped, rules, want, knitted))
    }

    /// [`Tables::melded`] of a checked hand (`capped`: its parts holding
    /// declared melds, see [`Shape::capped_parts`]) towards `k` melds and
    /// a pair, every target within the copies the melds leave, with MCR's
    /// knitted straight where `knitted` says it is in reach. The joker
    /// engine asks it for more melds than the real tiles make (its jokers
    /// fill the slots), and for the standard form alone.
    #[inline]
    fn melded_towards(
        &self,
        hand: &Hand,
        k: usize,
        capped: u8,
        rules: &Rules,
        want: bool,
        knitted: bool,
    ) -> Option<(u8, u64)> {
        let t = self.distance_tables();
        let c = hand.counts();
        let m = Melded::towards(hand, k);
        if rules.plain() {
            let best = melded_improving(&t, c, &m, 0b1111, want)?;
            if !knitted {
                return Some(best);
            }
            // MCR beside one meld: the knitted straight, a count.
            return Some(fewer(
                best,
                knitted_beside_meld(c, &m.cap_masks(), want, best.0),
            ));
        }
        let mut keeps = [0u8; 3];
        let mut n = 0;
        for (slot, keep) in keeps.iter_mut().zip(voids(capped, rules)) {
            *slot = keep;
            n += 1;
        }
        melded_voids(&t, c, &m, &keeps[..n], want)
    }

    /// For the joker engine: the distance of a melded hand's real tiles
    /// (and with `want` the kinds whose draw lowers it) towards `k` melds
    /// and a pair, over the standard form's targets that hold no copy
    /// beyond what the melds leave; `None` for a concealed hand, three
    /// players, or where no table covers a suit. The hand's tiles are
    /// checked against the rules here; its size is the caller's.
    pub(crate) fn melded_within_caps(
        &self,
        hand: &Hand,
        k: usize,
        rules: &Rules,
        want: bool,
    ) -> Result<Option<(u8, u64)>, ShantenError> {
        if hand.meld_count() == 0 || rules.three_player {
            return Ok(None);
        }
        let capped = Shape::capped_parts(hand, rules)?;
        Ok(self.melded_towards(hand, k, capped, rules, want, false))
    }
}

impl<B: AsRef<[u8]>> Tables<B> {
    /// The discard table of a concealed hand under rules with every part
    /// open and the knitted forms (MCR): the concealed path's distances
    /// and rows, with honours and knitted and the knitted straight (14
    /// tiles) where they reach as far.
    fn knitted_discards(
        &self,
        hand: &Hand,
        rules: &Rules,
        visible: &Counts,
    ) -> Result<Discards, ShantenError> {
        let (c, t) = (hand.counts(), self.distance_tables());
        let (parts, tally) = OpenParts::tallied(&t, c);
        Sizes::Discard.check(tally.tiles as usize, 0)?;
        let unseen = unseen(hand, visible)?;
        let (d, own) = concealed_after(&t, c, &parts, &tally, rules);
        // The knitted forms: of 14 tiles, honours and knitted and the
        // straight with a set and a pair; of 11, the straight and a pair
        // (the melds beyond the tiles are implied, none declared: every
        // copy open). Each at most the other forms' distance, exact.
        let open = CapMasks {
            gone: 0,
            two: ALL_KINDS,
            three: ALL_KINDS,
        };
        let (knitted, knitted_after) = match tally.tiles {
            14 => knitted_after(&t, c, d, &own),
            11 => {
                let have = knitted_held_bytes(held_mask(c));
                let mut after = [FAR; KINDS];
                let mut held = held_mask(c);
                while held != 0 {
                    let j = held.trailing_zeros() as usize;
                    held &= held - 1;
                    let bound = own[j].saturating_add(1);
                    if knitted_within_without(have, j, c[j], bound, false) {
                        let mut w = *c;
                        w[j] -= 1;
                        after[j] = knitted_beside_meld(&w, &open, false, bound).0;
                    }
                }
                let hand = knitted_beside_meld(c, &open, false, d.saturating_add(1)).0;
                (hand, after)
            }
            _ => {
                return discard_table(d, &own, unseen, |kinds, tiles| {
                    concealed_rows(&t, c, &parts, &tally, rules, kinds, tiles)
                })
            }
        };
        let mut after = own;
        for (a, &k) in after.iter_mut().zip(&knitted_after) {
            *a = (*a).min(k);
        }
        let best = *after.iter().min().expect("34 kinds");
        discard_table(d.min(knitted), &after, unseen, |kinds, tiles| {
            // The other forms' rows where they reach the best, in one pass.
            let mut theirs = [0usize; 14];
            let mut n = 0;
            for &j in kinds.iter().filter(|&&j| own[j] == best) {
                theirs[n] = j;
                n += 1;
            }
            let mut rows = [0u64; 14];
            concealed_rows(&t, c, &parts, &tally, rules, &theirs[..n], &mut rows[..n]);
            let mut at = 0;
            for (&j, slot) in kinds.iter().zip(tiles.iter_mut()) {
                if own[j] == best {
                    *slot = rows[at];
                    at += 1;
                }
                if knitted_after[j] == best {
                    let mut w = *c;
                    w[j] -= 1;
                    *slot |= if tally.tiles == 14 {
                        knitted_row(&t, &w, best).1
                    } else {
                        knitted_beside_meld(&w, &open, true, best).1
                    };
                }
            }
        })
    }

    /// The discard table of a hand whose parts are their table classes
    /// ([`ClassDiscards`]): beside declared melds, or concealed under
    /// Sichuan (each void's two suits read as parts, seven pairs a count
    /// over them); `None` for the other hands.
    fn melded_discards(
        &self,
        hand: &Hand,
        rules: &Rules,
        visible: &Counts,
    ) -> Result<Option<Discards>, ShantenError> {
        let concealed = hand.meld_count() == 0;
        if (concealed && rules.plain()) || rules.three_player {
            return Ok(None);
        }
        // The parts each target may use: all four, or (Sichuan) two suits
        // beside each void, with the general path's checks.
        let mut keeps = [0u8; 3];
        let mut n = 0;
        if rules.plain() {
            Sizes::Discard.check(hand.concealed_len(), hand.meld_count())?;
            (keeps[0], n) = (0b1111, 1);
        } else {
            let capped = Shape::checked_beside(hand, rules, Sizes::Discard, meld_parts(hand))?;
            for (slot, keep) in keeps.iter_mut().zip(voids(capped, rules)) {
                (*slot, n) = (keep, n + 1);
            }
        }
        let t = self.distance_tables();
        let m = Melded::of(hand);
        let c = hand.counts();
        // A void whose tiles less the discard exceed the best distance
        // after a discard so far adds no best row.
        let (keeps, voided) = fewest_voided_first(c, &keeps[..n]);
        // At most three voids: an array, no allocation.
        let mut tables = [None, None, None];
        let mut best = FAR;
        for ((slot, &keep), &voided) in tables.iter_mut().zip(&keeps[..n]).zip(&voided) {
            if voided > best + 1 {
                break;
            }
            match ClassDiscards::of(&t, c, &m.keeping(keep)) {
                Some(table) => {
                    best = best.min(*table.after.iter().min().expect("34 kinds"));
                    *slot = Some(table);
                }
                None => return Ok(None),
            }
        }
        // Concealed (Sichuan): seven pairs over each void's kinds, a
        // count, for the hand and after each discard (a voided tile's
        // discard leaves it as it is).
        let sevens = (concealed && rules.seven_pairs != SevenPairs::No).then(|| {
            let held = held_mask(c);
            let mut sevens = [(FAR, [FAR; KINDS]); 3];
            for (slot, &keep) in sevens
                .iter_mut()
                .zip(&keeps[..n])
                .take(tables.iter().flatten().count())
            {
                let kept = kinds_kept(keep);
                let counts = kept_counts(c, kept);
                let tally = Tally::of(&counts);
                let d = tally.seven_pairs_distance(rules.seven_pairs);
                let mut after = [FAR; KINDS];
                let mut left = held;
                while left != 0 {
                    let j = left.trailing_zeros() as usize;
                    left &= left - 1;
                    after[j] = if kept >> j & 1 == 1 {
                        tally
                            .without(&counts, j)
                            .seven_pairs_distance(rules.seven_pairs)
                    } else {
                        d
                    };
                }
                *slot = (d, after);
            }
            sevens
        });
        let [Some(first), others @ ..] = &mut tables else {
            return Ok(None);
        };
        let others = others.iter().flatten();
        // Each table's own distances after a discard: a row only where its
        // table reaches the best (the others' lose to it in `fewer`).
        let own = first.after;
        // Over the voids: the least distance, after each discard too.
        for other in others.clone() {
            first.d = first.d.min(other.d);
            for (a, &b) in first.after.iter_mut().zip(&other.after) {
                *a = (*a).min(b);
            }
        }
        for (d, after) in sevens.iter().flatten() {
            first.d = first.d.min(*d);
            for (a, &b) in first.after.iter_mut().zip(after) {
                *a = (*a).min(b);
            }
        }
        let table = first;
        // MCR beside one meld: the knitted straight, a count.
        // Each discard's permutations come from the hand's, one read: most
        // are out of reach.
        let knitted = knitted_beside_melds(hand, rules)
            .then(|| (one_meld_caps(hand), knitted_held_bytes(held_mask(c))));
        let less = |j: usize| {
            let mut w = *c;
            w[j] -= 1;
            w
        };
        if let Some((caps, have)) = &knitted {
            table.d = table.d.min(knitted_beside_meld(c, caps, false, table.d).0);
            let mut held = held_mask(c);
            while held != 0 {
                let j = held.trailing_zeros() as usize;
                held &= held - 1;
                let after = table.after[j];
                if knitted_within_without(*have, j, c[j], after, false) {
                    let knitted = knitted_beside_meld(&less(j), caps, false, after).0;
                    table.after[j] = after.min(knitted);
                }
            }
        }
        // The rows first: a discard no table covers sends the whole hand
        // to the general path.
        let best = *table.after.iter().min().expect("34 kinds");
        let worked: [Worked; 3] = Default::default();
        let mut found = [0u64; KINDS];
        let mut at_best = if best < FAR {
            kinds_equal(&table.after, best)
        } else {
            0
        };
        while at_best != 0 {
            let j = at_best.trailing_zeros() as usize;
            at_best &= at_best - 1;
            let mut row = (FAR, 0);
            for (after, table) in [(&own, &*table)]
                .into_iter()
                .chain(others.clone().map(|o| (&o.after, o)))
            {
                if after[j] == best {
                    let Some(more) = table.row(j, &worked) else {
                        return Ok(None);
                    };
                    row = fewer(row, more);
                }
            }
            if let Some((caps, have)) = &knitted {
                if knitted_within_without(*have, j, c[j], row.0, true) {
                    row = fewer(row, knitted_beside_meld(&less(j), caps, true, row.0));
                }
            }
            for (&keep, (_, after)) in keeps.iter().zip(sevens.iter().flatten()) {
                if after[j] == best {
                    row = fewer(
                        row,
                        seven_pairs(&less(j), kinds_kept(keep), rules.seven_pairs),
                    );
                }
            }
            found[j] = row.1;
        }
        let unseen = unseen(hand, visible)?;
        discard_table(table.d, &table.after, unseen, |kinds, tiles| {
            for (&j, t) in kinds.iter().zip(tiles) {
                *t = found[j];
            }
        })
        .map(Some)
    }
}

impl<B: AsRef<[u8]>> Tables<B> {
    /// A melded 3n+2 hand's distance and its distance after each discard
    /// by table reads ([`melded`]) over Sichuan's voids, with the parts of
    /// each kept set for the rows; `None` for a concealed hand, three
    /// players, MCR with a knitted straight in reach, or where no table
    /// covers a suit.
    fn melded_after(&self, hand: &Hand, shape: &Shape, rules: &Rules) -> Option<MeldedAfter> {
        if shape.melds == 0 || rules.three_player {
            return None;
        }
        let t = self.distance_tables();
        let m = Melded::of(hand);
        let mut found = MeldedAfter {
            d: FAR,
            after: [FAR; KINDS],
            keeps: [None; 3],
            knitted: rules.mcr_forms
                && forms::knitted_straight_sets(shape.size, shape.melds).is_some(),
        };
        for (slot, keep) in found.keeps.iter_mut().zip(voids(shape.capped, rules)) {
            let m = m.keeping(keep);
            let (base, after) = melded_after(&t, &shape.c, &m)?;
            found.d = found.d.min(base.distance(m.k));
            for (a, b) in found.after.iter_mut().zip(after) {
                *a = (*a).min(b);
            }
            *slot = Some((m, base));
        }
        if found.knitted {
            // MCR beside one meld: the knitted straight, a count, for the
            // hand and after each discard.
            let caps = m.cap_masks();
            found.d = found
                .d
                .min(knitted_beside_meld(&shape.c, &caps, false, found.d).0);
            for i in (0..KINDS).filter(|&i| shape.c[i] > 0) {
                let after = &mut found.after[i];
                let w = shape.without(i).c;
                *after = (*after).min(knitted_beside_meld(&w, &caps, false, *after).0);
            }
        }
        Some(found)
    }
}

/// A melded discard table's distances ([`Tables::melded_after`]).
struct MeldedAfter {
    d: u8,
    after: [u8; KINDS],
    /// The melds and parts for each set of kept parts (Sichuan: up to three).
    keeps: [Option<(Melded, MeldedParts)>; 3],
    /// MCR's knitted straight is in reach (one declared meld).
    knitted: bool,
}

/// The better of two (distance, tiles) answers; on a tie, the tiles of both.
#[inline]
fn fewer(a: (u8, u64), b: (u8, u64)) -> (u8, u64) {
    match a.0.cmp(&b.0) {
        std::cmp::Ordering::Less => a,
        std::cmp::Ordering::Greater => b,
        std::cmp::Ordering::Equal => (a.0, a.1 | b.1),
    }
}

impl<B: AsRef<[u8]>> Tables<B> {
    /// The replacement distance of concealed counts `c` (no declared meld)
    /// towards complete hands of `slots` tiles (3n+1 or 3n+2, at most 14,
    /// at least the tiles of `c`; the joker engine passes its hand's size),
    /// every target holding at most four copies of a kind. The caller has
    /// checked the tiles against the rules (no honours in Sichuan) and read
    /// the parts' tallied keys of `c` (`keys`, see `key::hand_tallies`),
    /// which the knitted forms' counts share.
    pub(crate) fn concealed_slots_distance(
        &self,
        c: &Counts,
        keys: &[crate::table::key::Tallied; 4],
        slots: usize,
        rules: &Rules,
    ) -> u8 {
        if rules.mcr_forms && rules.plain() && (13..=14).contains(&slots) {
            return knitted_distance_tallied(&self.distance_tables(), c, keys, slots, rules);
        }
        let shape = Shape::concealed(c, slots, rules);
        distance(self, &shape, rules, &mut Memo::off())
    }
}

impl<B: AsRef<[u8]>> Tables<B> {
    /// The draws of a concealed hand of 3n tiles (12, 9, 6 or 3: a 3n+1 hand
    /// less one tile): its replacement distance towards complete hands of
    /// 3n+2 tiles, and the kinds whose draw lowers it (bit per kind). The
    /// hand plus kind k thus has shanten `distance − 1`, one less when k is
    /// listed: the shanten of every discard-and-draw of a 3n+1 hand from
    /// one query per discard. `None` off the common case (counts of another
    /// size, or rules that close a part: Sichuan, MCR forms; three players
    /// answer as their four-player twin, but for counts of more than seven
    /// honour-like kinds or holding 2m–8m).
    ///
    /// ```
    /// use hupai::{Hand, Rules, Tables};
    /// let t = Tables::embedded();
    /// // Three melds, aiming at three melds and a pair: two tiles short,
    /// // and any draw is half the pair (ready, shanten 0).
    /// let h: Hand = "123m456p789s".parse().unwrap();
    /// let (d, tiles) = t.effective_short(h.counts(), &Rules::RIICHI).unwrap();
    /// assert_eq!((d, tiles.count_ones()), (2, 34));
    /// // 12m 44p 789s 11z 777z: 3m, 4p or 1z brings it a tile closer; a
    /// // stray 9p does not.
    /// let h: Hand = "12m44p789s11777z".parse().unwrap();
    /// let (d, tiles) = t.effective_short(h.counts(), &Rules::RIICHI).unwrap();
    /// assert_eq!(d, 2);
    /// assert_eq!(tiles, 1 << 2 | 1 << 12 | 1 << 27);
    /// ```
    pub fn effective_short(&self, c: &Counts, rules: &Rules) -> Option<(u8, u64)> {
        let tally = Tally::of(c);
        let n = tally.tiles as usize;
        let fits = (3..=12).contains(&n) && n.is_multiple_of(3) && c.iter().all(|&x| x <= 4);
        if fits && rules.three_player {
            let (twin, c, four) = twin_counts(c, rules)?;
            let (d, draws) = self.effective_short(&c, &four)?;
            return Some((d, twin.draws(draws)));
        }
        if !fits || !all_parts_open(rules) {
            return None;
        }
        // The counting forms (14 slots) are in reach of 12 tiles too.
        let special = if n == 12 {
            tally.special_distance(rules)
        } else {
            FAR
        };
        let (d, tiles) = open_standard(self, c, n / 3, special);
        Some((
            d.min(special),
            with_special(c, &tally, rules, d, tiles, special),
        ))
    }
}

impl<B: AsRef<[u8]>> Tables<B> {
    /// [`Tables::effective_short`] of the hands one tile short of concealed
    /// counts `c` (13, 10, 7 or 4 tiles, at most four copies a kind):
    /// element j answers for `c` less one tile of kind j, for each kind
    /// held and in `kinds` (bit per kind); (0, 0) for the others (an
    /// answer is at least 2, the tiles a 3n-tile hand lacks). Removing a
    /// tile changes one part of the hand, so the hands share the other
    /// parts' lookups: cheaper than one query per kind. `None` where
    /// `effective_short` gives none.
    ///
    /// ```
    /// use hupai::{Hand, Rules, Tables};
    /// let t = Tables::embedded();
    /// let h: Hand = "12m44p789s116777z".parse().unwrap();
    /// let all = t.effective_short_discards(h.counts(), &Rules::RIICHI, !0).unwrap();
    /// for j in 0..34 {
    ///     let mut y = *h.counts();
    ///     if y[j] == 0 {
    ///         assert_eq!(all[j], (0, 0));
    ///         continue;
    ///     }
    ///     y[j] -= 1;
    ///     assert_eq!(Some(all[j]), t.effective_short(&y, &Rules::RIICHI));
    /// }
    /// // Less the stray 6z: 12m 44p 789s 11z 777z, as in effective_short.
    /// assert_eq!(all[32], (2, 1 << 2 | 1 << 12 | 1 << 27));
    /// // Only the kinds asked.
    /// let some = t.effective_short_discards(h.counts(), &Rules::RIICHI, 1 << 32).unwrap();
    /// assert_eq!((some[32], some[0]), (all[32], (0, 0)));
    /// ```
    pub fn effective_short_discards(
        &self,
        c: &Counts,
        rules: &Rules,
        kinds: u64,
    ) -> Option<[(u8, u64); KINDS]> {
        let mut out = [(0, 0); KINDS];
        self.effective_short_memo(c, rules, kinds, &mut [0; 64], &mut out)
            .then_some(out)
    }

    /// [`Tables::effective_short_discards`] into `out` (false, and `out`
    /// left alone, where it gives `None`), with a cache the caller keeps
    /// across calls: `memo`, a power of two long and zeroed at first, whose
    /// contents only this method reads and writes (standard forms by the
    /// parts' classes, which repeat from one hand to its neighbours).
    pub(crate) fn effective_short_memo(
        &self,
        c: &Counts,
        rules: &Rules,
        kinds: u64,
        memo: &mut [u128],
        out: &mut [(u8, u64); KINDS],
    ) -> bool {
        let n = total(c);
        let fits = (4..=13).contains(&n) && n % 3 == 1 && c.iter().all(|&x| x <= 4);
        if fits && rules.three_player {
            let Some((twin, c, four)) = twin_counts(c, rules) else {
                return false;
            };
            let mut answers = [(0, 0); KINDS];
            if !self.effective_short_memo(&c, &four, twin.kinds(kinds), memo, &mut answers) {
                return false;
            }
            for j in (0..KINDS).filter(|&j| kinds >> j & 1 == 1 && c[twin.kind(j)] > 0) {
                let (d, draws) = answers[twin.kind(j)];
                out[j] = (d, twin.draws(draws));
            }
            return true;
        }
        if !fits || !all_parts_open(rules) {
            return false;
        }
        assert!(memo.len().is_power_of_two(), "a power of two slots");
        concealed_short_rows(self, c, rules, kinds, memo, out);
        true
    }
}

impl<B: AsRef<[u8]>> Tables<B> {
    /// The forms other than the standard one for concealed counts `c` (no
    /// declared meld, at most four copies a kind) towards complete hands of
    /// `slots` + 1 tiles (`slots` is 3n+1; the joker engine passes its
    /// hand's size): their least distance and the kinds whose draw lowers
    /// it (bit per kind). [`FAR`] when the rules have none for that size; a
    /// knitted straight farther than `bound` may be left out.
    pub(crate) fn concealed_special_improving(
        &self,
        c: &Counts,
        slots: usize,
        rules: &Rules,
        bound: u8,
    ) -> (u8, u64) {
        if rules.mcr_forms && rules.plain() && (13..=14).contains(&slots) {
            return knitted_special_improving(&self.distance_tables(), c, rules, bound);
        }
        let shape = Shape::concealed(c, slots, rules);
        special_improving(self, &shape, rules, bound)
    }
}

/// The caps of the one declared meld beside which MCR's knitted straight
/// is in reach ([`knitted_beside_melds`]).
#[inline(always)]
fn one_meld_caps(hand: &Hand) -> CapMasks {
    CapMasks::beside(
        hand.melds()
            .next()
            .expect("a knitted straight beside one meld"),
    )
}

/// Whether the rules' knitted straight (MCR) is in reach of a melded
/// hand: its size and melds leave room for the nine knitted tiles.
#[inline(always)]
fn knitted_beside_melds(hand: &Hand, rules: &Rules) -> bool {
    let melds = hand.meld_count();
    rules.mcr_forms
        && forms::knitted_straight_sets(hand.concealed_len() + 3 * melds, melds).is_some()
}

/// Four minus the copies in the hand, its melds and `visible`.
#[inline]
pub(crate) fn unseen(hand: &Hand, visible: &Counts) -> Result<[u8; KINDS], ShantenError> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sets::{random, random_meld, Rng};

    /// [`Shape::checked_beside`] answers as [`Shape::checked`] does, errors
    /// and all: on hands of every size, with honours held and declared,
    /// melds in one to three suits, under every named rule set and the
    /// honour-free and one- and two-suit variants.
    #[test]
    fn checked_beside_is_checked() {
        let mut rules = Rules::NAMED.to_vec();
        for max_suits in 1..=3 {
            for honors in [false, true] {
                rules.push(Rules {
                    max_suits,
                    honors,
                    ..Rules::GENERIC
                });
            }
        }
        let mut rng = Rng::new(0x5eed_c4ec);
        let (mut hands, mut errors) = (0, 0);
        while hands < 20_000 {
            let melds: Vec<_> = (0..1 + rng.below(4))
                .map(|_| random_meld(&mut rng))
                .collect();
            let n = rng.below(15);
            let Ok(hand) = Hand::new(random(&mut rng, n), &melds) else {
                continue;
            };
            hands += 1;
            let parts = meld_parts(&hand);
            for r in &rules {
                for sizes in [Sizes::Any, Sizes::Draw, Sizes::Discard] {
                    let want = Shape::checked(&hand, r, sizes);
                    errors += usize::from(want.is_err());
                    let got = Shape::checked_beside(&hand, r, sizes, parts);
                    assert_eq!(got, want, "{hand} under {r}");
                }
            }
        }
        // Both answers are common.
        assert!(errors > hands && errors < 30 * hands, "{errors} errors");
    }

    /// [`voids`] is every set of suits to void, as many as the rules void,
    /// that spares the suits holding melds, the honours kept where the
    /// rules have them: its table is that definition, read off.
    #[test]
    fn voids_are_the_suit_sets_that_spare_the_melds() {
        for max_suits in 0..=4u8 {
            for honors in [false, true] {
                let rules = Rules {
                    max_suits,
                    honors,
                    ..Rules::GENERIC
                };
                let drop = 3 - u32::from(max_suits.min(3));
                for capped in 0..16u8 {
                    let want: Vec<u8> = (0..8u8)
                        .filter(|gone| gone.count_ones() == drop && gone & capped == 0)
                        .map(|gone| 7 & !gone | if honors { 8 } else { 0 })
                        .collect();
                    let got: Vec<u8> = voids(capped, &rules).collect();
                    assert_eq!(got, want, "max_suits {max_suits} capped {capped:04b}");
                }
            }
        }
    }
}
