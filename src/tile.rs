//! Tiles: the 34 kinds, their suits and ranks, and count arrays.
//!
//! Index order is fixed: 0–8 characters (`m`), 9–17 dots
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
    #[inline]
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

/// The first Unicode mahjong tile, U+1F000 (East wind).
const GLYPH_BASE: u32 = 0x1F000;
/// Offsets from [`GLYPH_BASE`] of the dragons in Unicode's order: Red, Green, White.
const GLYPH_DRAGONS: [Tile; 3] = [Tile::RED, Tile::GREEN, Tile::WHITE];

impl Tile {
    /// The Unicode mahjong tile (U+1F000–U+1F021) of this tile. Unicode's
    /// order differs from ours: winds E S W N, then dragons Red Green White,
    /// then characters, bamboo, dots.
    ///
    /// ```
    /// use hupai::Tile;
    /// assert_eq!(Tile::RED.glyph(), '🀄');
    /// assert_eq!(Tile::WHITE.glyph(), '🀆');
    /// assert_eq!("1s".parse::<Tile>().unwrap().glyph(), '🀐');
    /// assert_eq!("9p".parse::<Tile>().unwrap().glyph(), '🀡');
    /// ```
    pub fn glyph(self) -> char {
        let rank = self.rank() as u32;
        let offset = match self.suit() {
            Suit::Honors if rank <= 4 => rank - 1,
            // White 5z, Green 6z, Red 7z are U+1F006, U+1F005, U+1F004.
            Suit::Honors => 4 + (7 - rank),
            Suit::Characters => 6 + rank,
            Suit::Bamboo => 15 + rank,
            Suit::Dots => 24 + rank,
        };
        char::from_u32(GLYPH_BASE + offset).expect("U+1F000..U+1F021 are characters")
    }

    /// The tile a Unicode mahjong glyph shows, for U+1F000–U+1F021 (flowers,
    /// seasons, the joker and the back are not hand tiles).
    ///
    /// ```
    /// use hupai::Tile;
    /// assert_eq!(Tile::from_glyph('🀀'), Some(Tile::EAST));
    /// assert_eq!(Tile::from_glyph('🀄'), Some(Tile::RED));
    /// assert_eq!(Tile::from_glyph('🀇').unwrap().to_string(), "1m");
    /// assert_eq!(Tile::from_glyph('🀢'), None); // plum, a flower
    /// ```
    pub fn from_glyph(c: char) -> Option<Tile> {
        let offset = (c as u32).checked_sub(GLYPH_BASE)?;
        match offset {
            0..=3 => Tile::new(Suit::Honors, offset as u8 + 1),
            4..=6 => Some(GLYPH_DRAGONS[offset as usize - 4]),
            7..=15 => Tile::new(Suit::Characters, (offset - 6) as u8),
            16..=24 => Tile::new(Suit::Bamboo, (offset - 15) as u8),
            25..=33 => Tile::new(Suit::Dots, (offset - 24) as u8),
            _ => None,
        }
    }
}

impl fmt::Display for Tile {
    /// mpsz: `5p`, `7z`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank(), self.suit().letter())
    }
}

/// Counts of each of the 34 tile kinds.
pub type Counts = [u8; KINDS];

/// Number of tiles in a count array.
#[inline]
pub fn total(counts: &Counts) -> usize {
    counts.iter().map(|&c| c as usize).sum()
}

/// [`total`] of counts of at most four a kind (a hand's), without a loop:
/// at most 136 tiles, so byte lanes summed word by word never carry, and
/// one multiply adds a word's lanes into its top byte. Counts above four
/// give a wrong sum: check them first.
///
/// ```
/// let mut c = [0u8; 34];
/// c[0] = 4;
/// c[33] = 3;
/// assert_eq!(hupai::tile::held_total(&c), 7);
/// ```
#[inline(always)]
pub fn held_total(c: &Counts) -> usize {
    debug_assert!(c.iter().all(|&n| n <= 4));
    const L: u64 = 0x0101_0101_0101_0101;
    let word = |i: usize| u64::from_le_bytes(c[i..i + 8].try_into().expect("eight"));
    let lanes = word(0) + word(8) + word(16) + word(24);
    (lanes.wrapping_mul(L) >> 56) as usize + usize::from(c[32] + c[33])
}
