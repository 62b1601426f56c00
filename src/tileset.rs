//! A set of tile kinds as a 34-bit mask: the allocation-free answer type of
//! waits and effective-tile queries.

use crate::tile::{Tile, KINDS};
use std::fmt;

/// A set of tile kinds.
///
/// ```
/// use hupai::{Tile, TileSet};
/// let mut s = TileSet::EMPTY;
/// s.insert("4m".parse().unwrap());
/// s.insert(Tile::EAST);
/// assert_eq!(s.len(), 2);
/// assert_eq!(s.to_string(), "4m 1z");
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct TileSet(u64);

impl TileSet {
    /// No tiles.
    pub const EMPTY: TileSet = TileSet(0);

    /// The set with these bits (bit `i` = tile index `i`); bits 34.. are dropped.
    pub const fn from_bits(bits: u64) -> TileSet {
        TileSet(bits & ((1 << KINDS) - 1))
    }

    /// The raw mask.
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// Add a tile.
    pub fn insert(&mut self, t: Tile) {
        self.0 |= 1 << t.index();
    }

    /// Whether the set holds `t`.
    pub const fn contains(self, t: Tile) -> bool {
        self.0 >> t.index() & 1 == 1
    }

    /// Number of tiles.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// True when empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Union.
    pub const fn union(self, o: TileSet) -> TileSet {
        TileSet(self.0 | o.0)
    }

    /// Tiles in `self` but not in `o`.
    pub const fn difference(self, o: TileSet) -> TileSet {
        TileSet(self.0 & !o.0)
    }

    /// Tiles in ascending index order.
    pub fn iter(self) -> impl Iterator<Item = Tile> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Tile::from_index(i)
        })
    }
}

impl FromIterator<Tile> for TileSet {
    fn from_iter<I: IntoIterator<Item = Tile>>(it: I) -> TileSet {
        let mut s = TileSet::EMPTY;
        for t in it {
            s.insert(t);
        }
        s
    }
}

impl fmt::Display for TileSet {
    /// Tiles in mpsz, separated by spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, t) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{t}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for TileSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{{self}}}")
    }
}
