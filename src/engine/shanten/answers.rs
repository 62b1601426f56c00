//! What the shanten queries answer and how they fail: [`ShantenError`],
//! [`Effective`], [`Discards`], [`Ukeire`], and the unseen copies they
//! count. Separate from the queries so that the answers' shapes read on
//! their own.

use super::counts::at_least;
use super::tile;
use crate::hand::Hand;
use crate::tile::{Counts, Tile, KINDS};
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
    pub(super) shanten: i8,
    pub(super) tiles: TileSet,
    pub(super) unseen: [u8; KINDS],
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
    pub(super) shanten: i8,
    pub(super) after: i8,
    pub(super) len: u8,
    /// The rows' discards, then their effective tiles: two arrays, not
    /// one of pairs, which would pad each tile to eight bytes (the table
    /// is returned by value).
    pub(super) discards: [Tile; 14],
    pub(super) tiles: [TileSet; 14],
    pub(super) unseen: [u8; KINDS],
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

/// The kinds with at least one, two, three and four unseen copies (bit
/// per kind, each count at most 4): the unseen copies of any kinds
/// together are four population counts, the planes found once for all the
/// rows of a table.
pub(super) struct UnseenPlanes([u64; 4]);

impl UnseenPlanes {
    #[inline(always)]
    pub(super) fn of(unseen: &[u8; KINDS]) -> UnseenPlanes {
        UnseenPlanes([1, 2, 3, 4].map(|n| at_least(unseen, n)))
    }

    /// The unseen copies of the kinds in `bits` (bit per kind) together.
    #[inline(always)]
    pub(super) fn copies(&self, bits: u64) -> u32 {
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
