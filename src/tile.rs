//! Tiles: the 34 kinds, their suits and ranks, and count arrays.
//!
//! Index order is the contract of DESIGN §2: 0–8 characters (`m`), 9–17 dots
//! (`p`), 18–26 bamboo (`s`), 27–33 honours East, South, West, North, White,
//! Green, Red (`1z`–`7z`). A [`Tile`] can only hold one of those 34 values.

use std::fmt;

/// Number of tile kinds.
pub const KINDS: usize = 34;

/// One of the four suits. Honours are a "suit" of seven ranks without chows.
///
/// ```
/// use hupai::Suit;
/// assert_eq!(Suit::Dots.letter(), 'p');
/// assert_eq!(Suit::Honors.len(), 7);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Suit {
    /// Characters, 万, `m`.
    Characters = 0,
    /// Dots, 筒/饼, `p`.
    Dots = 1,
    /// Bamboo, 条, `s`.
    Bamboo = 2,
    /// Winds and dragons, `z`.
    Honors = 3,
}

impl Suit {
    /// All four suits in index order.
    pub const ALL: [Suit; 4] = [Suit::Characters, Suit::Dots, Suit::Bamboo, Suit::Honors];
    /// The three numbered suits.
    pub const NUMBERED: [Suit; 3] = [Suit::Characters, Suit::Dots, Suit::Bamboo];

    /// The mpsz letter.
    pub const fn letter(self) -> char {
        match self {
            Suit::Characters => 'm',
            Suit::Dots => 'p',
            Suit::Bamboo => 's',
            Suit::Honors => 'z',
        }
    }

    /// Index of the first tile of the suit.
    pub const fn offset(self) -> usize {
        self as usize * 9
    }

    /// Number of ranks: 9, or 7 for honours.
    #[allow(clippy::len_without_is_empty)]
    pub const fn len(self) -> usize {
        match self {
            Suit::Honors => 7,
            _ => 9,
        }
    }

    /// The suit with this index (0..4).
    pub const fn from_index(i: usize) -> Option<Suit> {
        match i {
            0 => Some(Suit::Characters),
            1 => Some(Suit::Dots),
            2 => Some(Suit::Bamboo),
            3 => Some(Suit::Honors),
            _ => None,
        }
    }
}

/// A tile kind, 0..34. The type cannot hold any other value.
///
/// ```
/// use hupai::{Tile, Suit};
/// let t = Tile::new(Suit::Dots, 5).unwrap();
/// assert_eq!(t.index(), 13);
/// assert_eq!(t.to_string(), "5p");
/// assert!(Tile::from_index(34).is_none());
/// assert!(Tile::new(Suit::Honors, 8).is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Tile(u8);

impl Tile {
    /// East wind, 1z.
    pub const EAST: Tile = Tile(27);
    /// South wind, 2z.
    pub const SOUTH: Tile = Tile(28);
    /// West wind, 3z.
    pub const WEST: Tile = Tile(29);
    /// North wind, 4z.
    pub const NORTH: Tile = Tile(30);
    /// White dragon, 5z.
    pub const WHITE: Tile = Tile(31);
    /// Green dragon, 6z.
    pub const GREEN: Tile = Tile(32);
    /// Red dragon, 7z.
    pub const RED: Tile = Tile(33);

    /// The tile with this index, if it is below 34.
    pub const fn from_index(i: usize) -> Option<Tile> {
        if i < KINDS {
            Some(Tile(i as u8))
        } else {
            None
        }
    }

    /// The tile of `suit` with 1-based `rank` (1–9, honours 1–7).
    pub const fn new(suit: Suit, rank: u8) -> Option<Tile> {
        if rank >= 1 && (rank as usize) <= suit.len() {
            Some(Tile((suit.offset() + rank as usize - 1) as u8))
        } else {
            None
        }
    }

    /// Every tile kind in index order.
    pub fn all() -> impl Iterator<Item = Tile> + Clone {
        (0..KINDS as u8).map(Tile)
    }

    /// Index 0..34.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The suit.
    #[inline]
    pub const fn suit(self) -> Suit {
        match self.0 / 9 {
            0 => Suit::Characters,
            1 => Suit::Dots,
            2 => Suit::Bamboo,
            _ => Suit::Honors,
        }
    }

    /// 1-based rank within the suit (honours: 1 East … 7 Red).
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 % 9 + 1
    }

    /// True for the seven honour tiles.
    #[inline]
    pub const fn is_honor(self) -> bool {
        self.0 >= 27
    }

    /// True for 1 and 9 of a numbered suit.
    #[inline]
    pub const fn is_terminal(self) -> bool {
        !self.is_honor() && (self.0.is_multiple_of(9) || self.0 % 9 == 8)
    }

    /// True for terminals and honours (the thirteen-orphans tiles).
    #[inline]
    pub const fn is_terminal_or_honor(self) -> bool {
        self.is_honor() || self.is_terminal()
    }

    /// The tile `n` ranks above in the same numbered suit, if there is one.
    #[inline]
    pub const fn up(self, n: u8) -> Option<Tile> {
        if self.is_honor() || self.0 % 9 + n > 8 {
            None
        } else {
            Some(Tile(self.0 + n))
        }
    }
}

impl fmt::Display for Tile {
    /// mpsz: `5p`, `7z`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank(), self.suit().letter())
    }
}

impl std::str::FromStr for Tile {
    type Err = crate::ParseError;
    /// One tile in mpsz (`5p`, `0m` = red five, `7z`).
    fn from_str(s: &str) -> Result<Tile, Self::Err> {
        crate::notation::parse_tile(s)
    }
}

/// Counts of each of the 34 tile kinds.
pub type Counts = [u8; KINDS];

/// Number of tiles in a count array.
#[inline]
pub fn total(counts: &Counts) -> usize {
    counts.iter().map(|&c| c as usize).sum()
}
