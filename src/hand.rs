//! The hand model: concealed tile counts plus declared melds.
//!
//! A [`Hand`] is `Copy` and allocation-free (at most four declared melds live
//! inline). Its constructor enforces the one invariant every query relies on:
//! no tile kind appears more than four times across concealed tiles and melds.

use crate::tile::{Counts, Suit, Tile, KINDS};
use std::fmt;

/// What kind of declared meld.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MeldKind {
    /// Three in sequence, e.g. `[123m]`.
    Chow,
    /// Three of a kind, e.g. `[EEE]`.
    Pung,
    /// Four of a kind claimed or promoted from a pung (melded kong).
    Kong,
    /// Four of a kind declared from the concealed hand.
    ConcealedKong,
}

/// Who a claimed meld came from, relative to the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum From {
    /// The player on the left (the only source of a chow).
    Left = 1,
    /// The player opposite.
    Opposite = 2,
    /// The player on the right.
    Right = 3,
}

impl From {
    /// The notation digit 1–3.
    pub fn digit(self) -> u8 {
        self as u8
    }

    /// The source with notation digit 1–3.
    pub fn from_digit(d: u8) -> Option<From> {
        match d {
            1 => Some(From::Left),
            2 => Some(From::Opposite),
            3 => Some(From::Right),
            _ => None,
        }
    }
}

/// Which tile of a chow was claimed: the MCR reference calculator's chow
/// digit 1–3 (`[567m2]`: 6m claimed, 5m and 7m held).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ChowTile {
    /// The lowest tile (the default when the notation gives no digit).
    First = 1,
    /// The middle tile.
    Second = 2,
    /// The highest tile.
    Third = 3,
}

impl ChowTile {
    /// The notation digit 1–3.
    pub fn digit(self) -> u8 {
        self as u8
    }

    /// The position with notation digit 1–3.
    ///
    /// ```
    /// use hupai::ChowTile;
    /// assert_eq!(ChowTile::from_digit(2), Some(ChowTile::Second));
    /// assert_eq!(ChowTile::from_digit(4), None);
    /// ```
    pub fn from_digit(d: u8) -> Option<ChowTile> {
        match d {
            1 => Some(ChowTile::First),
            2 => Some(ChowTile::Second),
            3 => Some(ChowTile::Third),
            _ => None,
        }
    }
}

/// A declared meld: its kind, its lowest tile, where it came from when the
/// notation said so, which tile of a chow was claimed, and whether a melded
/// kong was added to a claimed pung (加杠).
///
/// The notation digit ([`Meld::digit`]) carries the last two: a chow's digit
/// 1–3 names its claimed tile (chows always come from the left); a pung's or
/// melded kong's digit 1–3 is the source; 5–7 an added kong on a pung claimed
/// from source 1–3. An added kong stays [`MeldKind::Kong`] (a melded kong for
/// scoring) with [`Meld::is_added_kong`] set.
///
/// ```
/// use hupai::{ChowTile, From, Meld, MeldKind, Tile};
/// let t: Tile = "4p".parse().unwrap();
/// let m = Meld::new(MeldKind::Chow, t, None).unwrap();
/// assert_eq!(m.tiles().map(|t| t.to_string()).collect::<Vec<_>>(), ["4p", "5p", "6p"]);
/// assert!(Meld::new(MeldKind::Chow, "8p".parse().unwrap(), None).is_err());
///
/// let chow = Meld::chow(t, ChowTile::Second).unwrap();
/// assert_eq!(chow.claimed_tile().unwrap().to_string(), "5p");
/// assert_eq!((chow.from(), chow.digit()), (Some(From::Left), Some(2)));
///
/// let added = Meld::added_kong(t, From::Opposite);
/// assert_eq!((added.kind(), added.is_added_kong(), added.digit()), (MeldKind::Kong, true, Some(6)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Meld {
    kind: MeldKind,
    tile: Tile,
    from: Option<From>,
    /// Which tile of a chow was claimed; `First` for every other kind.
    chow_tile: ChowTile,
    /// A melded kong added to a claimed pung; only with `kind == Kong` and a source.
    added: bool,
    /// How many of the meld's fives are red (notation `0`); at most its fives.
    red: u8,
}

impl Meld {
    /// What an unused meld slot of a [`Hand`] holds.
    const UNUSED: Meld = Meld {
        kind: MeldKind::Pung,
        tile: Tile::EAST,
        from: None,
        chow_tile: ChowTile::First,
        added: false,
        red: 0,
    };

    /// A meld starting at `tile`. A chow must start at rank 1–7 of a numbered
    /// suit and can only come from the left (its claimed tile is the first;
    /// see [`Meld::chow`]); a concealed kong has no source.
    pub fn new(kind: MeldKind, tile: Tile, from: Option<From>) -> Result<Meld, HandError> {
        if kind == MeldKind::Chow && tile.up(2).is_none() {
            return Err(HandError::BadChow(tile));
        }
        if kind == MeldKind::Chow && from.is_some_and(|f| f != From::Left) {
            return Err(HandError::ChowNotFromLeft(tile));
        }
        if kind == MeldKind::ConcealedKong && from.is_some() {
            return Err(HandError::ConcealedKongWithSource(tile));
        }
        Ok(Meld {
            kind,
            tile,
            from,
            chow_tile: ChowTile::First,
            added: false,
            red: 0,
        })
    }

    /// A chow starting at `tile`, claimed from the left, whose `claimed`
    /// tile was the one taken (`[567m2]`).
    pub fn chow(tile: Tile, claimed: ChowTile) -> Result<Meld, HandError> {
        let m = Meld::new(MeldKind::Chow, tile, Some(From::Left))?;
        Ok(Meld {
            chow_tile: claimed,
            ..m
        })
    }

    /// A kong of `tile` added to a pung claimed `from` (`[1111s5]`–`[1111s7]`):
    /// a melded kong for scoring.
    pub fn added_kong(tile: Tile, from: From) -> Meld {
        Meld {
            kind: MeldKind::Kong,
            tile,
            from: Some(from),
            chow_tile: ChowTile::First,
            added: true,
            red: 0,
        }
    }

    /// The meld with `n` of its fives red (`[055s]`, `[0555m2]`, `[406p]`),
    /// clamped to the fives it holds: a pung or kong of fives holds three or
    /// four, a chow through a five one, any other meld none.
    ///
    /// ```
    /// use hupai::{Meld, MeldKind, Tile};
    /// let pung = Meld::new(MeldKind::Pung, "5s".parse().unwrap(), None).unwrap();
    /// assert_eq!(pung.with_red_fives(1).red_fives(), 1);
    /// let chow = Meld::new(MeldKind::Chow, "1s".parse().unwrap(), None).unwrap();
    /// assert_eq!(chow.with_red_fives(1).red_fives(), 0); // 123s holds no five
    /// ```
    pub fn with_red_fives(self, n: u8) -> Meld {
        let fives = self.tiles().filter(|t| is_five(*t)).count() as u8;
        Meld {
            red: n.min(fives),
            ..self
        }
    }

    /// How many of the meld's fives are red.
    #[inline]
    pub fn red_fives(&self) -> u8 {
        self.red
    }

    /// The tiles of the meld in order, each with whether it is written as a
    /// red five (the red fives come first among the fives, as `[055s]`).
    pub fn written_tiles(&self) -> impl Iterator<Item = (Tile, bool)> {
        let red = self.red;
        let mut fives = 0;
        self.tiles().map(move |t| {
            let five = is_five(t);
            fives += u8::from(five);
            (t, five && fives <= red)
        })
    }

    /// The kind of meld.
    #[inline]
    pub fn kind(&self) -> MeldKind {
        self.kind
    }

    /// The lowest tile.
    #[inline]
    pub fn tile(&self) -> Tile {
        self.tile
    }

    /// Where a claimed meld came from, when the notation said so (none
    /// written means the left for a claimed meld).
    pub fn from(&self) -> Option<From> {
        self.from
    }

    /// Which tile of a chow was claimed (`First` when not written).
    pub fn chow_tile(&self) -> ChowTile {
        self.chow_tile
    }

    /// The tile taken from another player: a chow's claimed tile, a pung's
    /// or melded kong's tile; `None` for a concealed kong.
    pub fn claimed_tile(&self) -> Option<Tile> {
        match self.kind {
            MeldKind::Chow => self.tile.up(self.chow_tile.digit() - 1),
            MeldKind::ConcealedKong => None,
            _ => Some(self.tile),
        }
    }

    /// True for a melded kong added to a claimed pung (加杠).
    pub fn is_added_kong(&self) -> bool {
        self.added
    }

    /// The notation digit, when the meld has one: a chow's claimed tile 1–3,
    /// a pung's or kong's source 1–3, or 5–7 for an added kong.
    pub fn digit(&self) -> Option<u8> {
        let from = self.from?.digit();
        Some(match self.kind {
            MeldKind::Chow => self.chow_tile.digit(),
            MeldKind::Kong if self.added => from + 4,
            _ => from,
        })
    }

    /// True for kongs of either kind.
    #[inline]
    pub fn is_kong(&self) -> bool {
        matches!(self.kind, MeldKind::Kong | MeldKind::ConcealedKong)
    }

    /// True when the meld was claimed from another player (all but concealed kongs).
    pub fn is_claimed(&self) -> bool {
        self.kind != MeldKind::ConcealedKong
    }

    /// Number of tiles: 3, or 4 for kongs.
    #[allow(clippy::len_without_is_empty)]
    #[inline]
    pub fn len(&self) -> usize {
        3 + usize::from(self.is_kong())
    }

    /// The tiles of the meld in order.
    pub fn tiles(&self) -> impl Iterator<Item = Tile> {
        let (tile, kind) = (self.tile, self.kind);
        (0..self.len() as u8).map(move |i| match kind {
            MeldKind::Chow => tile.up(i).expect("validated chow"),
            _ => tile,
        })
    }

    /// Add this meld's tiles to a count array.
    #[inline]
    pub fn add_to(&self, counts: &mut Counts) {
        // Without a branch on the kind (as random as the hand): a chow adds
        // one to its first tile and the two after, a pung or kong its
        // copies to the first (and none to the neighbours, held in bounds).
        let i = self.tile.index();
        let next = u8::from(self.kind == MeldKind::Chow);
        counts[i] += [1, 3, 4, 4][self.kind as usize];
        counts[(i + 1).min(KINDS - 1)] += next;
        counts[(i + 2).min(KINDS - 1)] += next;
    }
}

/// A five of a numbered suit, the only tile with a red copy.
fn is_five(t: Tile) -> bool {
    t.rank() == 5 && !t.is_honor()
}

/// Why a hand cannot exist.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HandError {
    /// More than four copies of a tile kind.
    FifthCopy(Tile),
    /// More than four declared melds.
    TooManyMelds,
    /// A chow that does not fit in its suit (starts at 8, 9 or an honour).
    BadChow(Tile),
    /// A concealed kong cannot come from another player.
    ConcealedKongWithSource(Tile),
    /// A chow can only be claimed from the player on the left.
    ChowNotFromLeft(Tile),
}

impl fmt::Display for HandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HandError::FifthCopy(t) => write!(f, "more than four copies of {t}"),
            HandError::TooManyMelds => write!(f, "more than four declared melds"),
            HandError::BadChow(t) => write!(f, "no chow starts at {t}"),
            HandError::ConcealedKongWithSource(t) => {
                write!(f, "concealed kong of {t} cannot come from another player")
            }
            HandError::ChowNotFromLeft(t) => {
                write!(f, "chow from {t} can only be claimed from the left")
            }
        }
    }
}

impl std::error::Error for HandError {}

/// Why a hand cannot be scored as written, under any rule set: a scored
/// hand holds 14 tiles (a kong counting three) and wins on one of its
/// concealed tiles.
///
/// ```
/// use hupai::{mcr, Notation, ScoredHandError};
/// let e = mcr::ScoringInput::parse("123m456p789s11z", Notation::Mpsz).unwrap_err();
/// assert_eq!(e, mcr::ScoreError::Input(ScoredHandError::WrongSize(11)));
/// assert_eq!(
///     e.to_string(),
///     "a hand to score has 14 tiles (a kong counts as three), this one has 11"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ScoredHandError {
    /// The hand does not hold 14 tiles (kongs counting three).
    WrongSize(usize),
    /// No winning tile was given (the notation had no last concealed tile).
    NoWinTile,
    /// The winning tile is not among the concealed tiles.
    WinTileNotInHand(Tile),
}

impl fmt::Display for ScoredHandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScoredHandError::WrongSize(n) => write!(
                f,
                "a hand to score has 14 tiles (a kong counts as three), this one has {n}"
            ),
            ScoredHandError::NoWinTile => f.write_str("no winning tile (the last concealed tile)"),
            ScoredHandError::WinTileNotInHand(t) => {
                write!(f, "the winning tile {t} is not among the concealed tiles")
            }
        }
    }
}

impl std::error::Error for ScoredHandError {}

/// Whether every count is at most 4, eight counts at a time: a byte `b`
/// is above 4 when its high bit is set or when `(b & 0x7F) + 0x7B` sets it
/// (at most 0xFA, so no carry reaches the next byte). Four words and the
/// last two counts cover the 34 (not an overlapping fifth word: a read
/// across the copy's two stores of the counts' tail stalls on store
/// forwarding). A branch per count costs a new hand as much as a table
/// lookup of it.
#[inline(always)]
pub(crate) fn counts_valid(c: &Counts) -> bool {
    const LOW: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    const ADD: u64 = 0x7B7B_7B7B_7B7B_7B7B;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let word = |i: usize| u64::from_le_bytes(c[i..i + 8].try_into().expect("eight"));
    let above = |w: u64| w | ((w & LOW) + ADD);
    let tail = u64::from(u16::from_le_bytes([c[32], c[33]]));
    let all = above(word(0)) | above(word(8)) | above(word(16)) | above(word(24)) | above(tail);
    all & HIGH == 0
}

/// Maximum number of declared melds.
pub const MAX_MELDS: usize = 4;

/// A hand: concealed tile counts, up to four declared melds, and (when the
/// notation gave an order) the last concealed tile, which scoring reads as the
/// winning tile.
///
/// ```
/// use hupai::Hand;
/// let hand: Hand = "123m456p789s11122z".parse().unwrap();
/// assert_eq!(hand.concealed_len(), 14);
/// assert_eq!(hand.to_string(), "123m456p789s11122z");
/// assert!("11111m".parse::<Hand>().is_err()); // a fifth copy of 1m
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Hand {
    counts: Counts,
    /// The declared melds are `melds[..meld_count]`; the other slots hold
    /// [`Meld::UNUSED`], so derived equality and hashing see only the melds.
    melds: [Meld; MAX_MELDS],
    meld_count: u8,
    red_fives: [u8; 3],
    last: Option<Tile>,
}

impl Hand {
    /// A hand from concealed counts and declared melds. Fails on a fifth copy
    /// or on more than four melds.
    #[inline(always)]
    pub fn new(counts: Counts, melds: &[Meld]) -> Result<Hand, HandError> {
        if melds.len() > MAX_MELDS {
            return Err(HandError::TooManyMelds);
        }
        // Check the concealed counts before adding the melds to them: a raw
        // count near 255 would otherwise wrap and pass.
        if !counts_valid(&counts) {
            let i = counts.iter().position(|&c| c > 4).expect("a count above 4");
            return Err(HandError::FifthCopy(
                Tile::from_index(i).expect("index < 34"),
            ));
        }
        if melds.is_empty() {
            // The common case (a batch row, a concealed hand): nothing to add.
            // The empty hand's other fields as one constant: a few wide
            // copies rather than a store per meld field.
            const EMPTY: Hand = Hand {
                counts: [0; KINDS],
                melds: [Meld::UNUSED; MAX_MELDS],
                meld_count: 0,
                red_fives: [0; 3],
                last: None,
            };
            return Ok(Hand { counts, ..EMPTY });
        }
        Hand::with_melds(counts, melds)
    }

    /// [`Hand::new`] beside declared melds, out of line.
    #[inline(never)]
    fn with_melds(counts: Counts, melds: &[Meld]) -> Result<Hand, HandError> {
        let fifth = |i: usize| HandError::FifthCopy(Tile::from_index(i).expect("index < 34"));
        let mut slots = [Meld::UNUSED; MAX_MELDS];
        let mut all = counts;
        for (slot, m) in slots.iter_mut().zip(melds) {
            *slot = *m;
            for t in m.tiles() {
                let c = &mut all[t.index()];
                if *c == 4 {
                    return Err(fifth(t.index()));
                }
                *c += 1;
            }
        }
        Ok(Hand {
            counts,
            melds: slots,
            meld_count: melds.len() as u8,
            red_fives: [0; 3],
            last: None,
        })
    }

    /// The checks every scorer makes of a hand won on `win`: 14 tiles (a
    /// kong counting three), `win` among the concealed tiles.
    pub(crate) fn check_scored(&self, win: Tile) -> Result<(), ScoredHandError> {
        let size = self.concealed_len() + 3 * self.meld_count();
        if size != 14 {
            return Err(ScoredHandError::WrongSize(size));
        }
        if self.counts[win.index()] == 0 {
            return Err(ScoredHandError::WinTileNotInHand(win));
        }
        Ok(())
    }

    /// The winning tile of a hand to score: its last concealed tile as
    /// written.
    pub(crate) fn scored_win_tile(&self) -> Result<Tile, ScoredHandError> {
        self.last.ok_or(ScoredHandError::NoWinTile)
    }

    /// Kind `from` renamed `to`, a kind the hand neither holds
    /// nor declares, its pungs and kongs of `from` too (it has no chow of
    /// `from`): three players' 1m and 9m moved onto honours
    /// (`engine::shanten::three_player`). Every kind keeps its copies.
    #[inline]
    pub(crate) fn rename(&mut self, from: usize, to: usize) {
        self.counts.swap(from, to);
        let n = self.meld_count();
        for m in self.melds[..n]
            .iter_mut()
            .filter(|m| m.tile.index() == from)
        {
            debug_assert!(m.kind != MeldKind::Chow, "a chow spans three kinds");
            m.tile = Tile::from_index(to).expect("index < 34");
        }
    }

    /// A concealed hand from a list of tiles.
    ///
    /// ```
    /// use hupai::{Hand, Tile};
    /// let e = Tile::EAST;
    /// assert_eq!(Hand::from_tiles(&[e, e, e]).unwrap().concealed_len(), 3);
    /// ```
    pub fn from_tiles(tiles: &[Tile]) -> Result<Hand, HandError> {
        let mut counts = [0u8; KINDS];
        for t in tiles {
            if counts[t.index()] == 4 {
                return Err(HandError::FifthCopy(*t));
            }
            counts[t.index()] += 1;
        }
        Hand::new(counts, &[])
    }

    /// Concealed counts.
    #[inline]
    pub fn counts(&self) -> &Counts {
        &self.counts
    }

    /// Declared melds.
    #[inline]
    pub fn melds(&self) -> impl Iterator<Item = &Meld> + Clone {
        self.melds[..self.meld_count as usize].iter()
    }

    /// Number of declared melds.
    #[inline]
    pub fn meld_count(&self) -> usize {
        self.meld_count as usize
    }

    /// The kinds in declared melds, a bit per kind (a chow sets three).
    ///
    /// Every slot is read and the unused ones masked out: a fixed trip count
    /// and no branch the predictor could miss on hands of one to four melds.
    #[inline]
    pub(crate) fn declared_kinds(&self) -> u64 {
        let used = self.meld_count as usize;
        self.melds.iter().enumerate().fold(0, |m, (i, meld)| {
            let span: u64 = if meld.kind() == MeldKind::Chow {
                0b111
            } else {
                1
            };
            m | (u64::from(i < used) * (span << meld.tile().index()))
        })
    }

    /// Number of concealed tiles.
    #[inline]
    pub fn concealed_len(&self) -> usize {
        crate::tile::held_total(&self.counts)
    }

    /// Counts of concealed tiles plus every tile in declared melds.
    #[inline]
    pub fn all_counts(&self) -> Counts {
        let mut all = self.counts;
        for m in self.melds() {
            m.add_to(&mut all);
        }
        all
    }

    /// Concealed red fives per numbered suit (already counted as fives).
    pub fn red_fives(&self) -> [u8; 3] {
        self.red_fives
    }

    /// Mark `n` of the concealed fives of `suit` as red (notation `0m`).
    pub fn set_red_fives(&mut self, suit: Suit, n: u8) {
        if suit != Suit::Honors {
            let five = Tile::new(suit, 5).expect("five exists").index();
            self.red_fives[suit as usize] = n.min(self.counts[five]);
        }
    }

    /// The last concealed tile as written, read by scoring as the winning tile.
    pub fn last_tile(&self) -> Option<Tile> {
        self.last
    }

    /// Set the last (winning) tile; it must be among the concealed tiles.
    pub fn set_last_tile(&mut self, tile: Option<Tile>) {
        self.last = tile.filter(|t| self.counts[t.index()] > 0);
    }

    /// The hand with one more concealed tile, or an error on a fifth copy.
    pub fn with_tile(&self, tile: Tile) -> Result<Hand, HandError> {
        if self.all_counts()[tile.index()] >= 4 {
            return Err(HandError::FifthCopy(tile));
        }
        let mut h = *self;
        h.counts[tile.index()] += 1;
        h.last = Some(tile);
        Ok(h)
    }

    /// Add one concealed copy of `tile` and make it the last tile. The caller
    /// has checked that the hand holds fewer than four copies (concealed and
    /// melded), so the invariant holds; no full recount as in `with_tile`.
    #[inline]
    #[cfg_attr(not(all(feature = "mmap", feature = "parallel")), allow(dead_code))] // `server`
    pub(crate) fn add_concealed(&mut self, tile: Tile) {
        debug_assert!(self.all_counts()[tile.index()] < 4);
        self.counts[tile.index()] += 1;
        self.last = Some(tile);
    }

    /// Remove one concealed copy of `tile` in place, as `without_tile` does;
    /// false (and no change) when the hand holds none.
    #[inline]
    pub(crate) fn remove_concealed(&mut self, tile: Tile) -> bool {
        let i = tile.index();
        if self.counts[i] == 0 {
            return false;
        }
        self.counts[i] -= 1;
        if self.counts[i] == 0 && self.last == Some(tile) {
            self.last = None;
        }
        if tile.rank() == 5 && !tile.is_honor() {
            let s = tile.suit() as usize;
            self.red_fives[s] = self.red_fives[s].min(self.counts[i]);
        }
        true
    }

    /// The hand with one concealed copy of `tile` removed, if it holds one.
    pub fn without_tile(&self, tile: Tile) -> Option<Hand> {
        let mut h = *self;
        h.remove_concealed(tile).then_some(h)
    }
}

impl fmt::Debug for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Hand({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The word-wise check against its definition: every value at every
    /// position, beside valid counts of each size.
    #[test]
    fn counts_valid_is_every_count_at_most_four() {
        for base in 0..=4u8 {
            for i in 0..KINDS {
                for v in 0..=255u8 {
                    let mut c = [base; KINDS];
                    c[i] = v;
                    assert_eq!(counts_valid(&c), v <= 4, "count {v} at {i} beside {base}s");
                    let new = Hand::new(c, &[]);
                    match new {
                        Ok(h) => assert!(v <= 4 && h.counts() == &c),
                        Err(e) => assert!(
                            v > 4 && e == HandError::FifthCopy(Tile::from_index(i).unwrap())
                        ),
                    }
                }
            }
        }
    }
}
