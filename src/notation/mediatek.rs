//! mediatek: one character per tile, `A`–`I`
//! characters 1–9, `1`–`9` dots 1–9, `a`–`i` bamboo 1–9 (`ABCeee345456DD`).
//! No honours, no melds, no red fives, no inner whitespace.

use super::{plain_tiles, positioned, Builder, FormatError, Notation, ParseError, ParseErrorKind};
use crate::hand::Hand;
use crate::tile::{Suit, Tile};

static TILES: phf::Map<char, (Suit, u8)> = phf::phf_map! {
    'A' => (Suit::Characters, 1), 'B' => (Suit::Characters, 2), 'C' => (Suit::Characters, 3),
    'D' => (Suit::Characters, 4), 'E' => (Suit::Characters, 5), 'F' => (Suit::Characters, 6),
    'G' => (Suit::Characters, 7), 'H' => (Suit::Characters, 8), 'I' => (Suit::Characters, 9),
    '1' => (Suit::Dots, 1), '2' => (Suit::Dots, 2), '3' => (Suit::Dots, 3),
    '4' => (Suit::Dots, 4), '5' => (Suit::Dots, 5), '6' => (Suit::Dots, 6),
    '7' => (Suit::Dots, 7), '8' => (Suit::Dots, 8), '9' => (Suit::Dots, 9),
    'a' => (Suit::Bamboo, 1), 'b' => (Suit::Bamboo, 2), 'c' => (Suit::Bamboo, 3),
    'd' => (Suit::Bamboo, 4), 'e' => (Suit::Bamboo, 5), 'f' => (Suit::Bamboo, 6),
    'g' => (Suit::Bamboo, 7), 'h' => (Suit::Bamboo, 8), 'i' => (Suit::Bamboo, 9),
};

/// The character for rank 1 of each numbered suit; the rest follow in order.
const FIRST: [u8; 3] = [b'A', b'1', b'a'];

pub(super) fn parse(input: &str) -> Result<Hand, ParseError> {
    let mut hand = Builder::new();
    for (pos, c) in positioned(input) {
        let tile = TILES
            .get(&c)
            .and_then(|&(suit, rank)| Tile::new(suit, rank))
            .ok_or_else(|| ParseError::at(ParseErrorKind::UnexpectedChar(c), pos))?;
        hand.tile(tile, false, pos)?;
    }
    hand.finish()
}

pub(super) fn format(hand: &Hand) -> Result<String, FormatError> {
    let tiles = plain_tiles(hand, Notation::Mediatek)?;
    Ok(tiles
        .map(|t| char::from(FIRST[t.suit() as usize] + t.rank() - 1))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writing_inverts_the_map() {
        for (&c, &(suit, rank)) in TILES.entries() {
            assert_eq!(char::from(FIRST[suit as usize] + rank - 1), c);
        }
        assert_eq!(TILES.len(), 27);
    }
}
