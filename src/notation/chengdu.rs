//! chengdu (Sichuan): each tile a digit 1–9 and a suit letter, `W` characters
//! (万), `D` dots, `T` bamboo (条): `1D1D2D2D3D3D4W4W5W5W6W6W7W8W`. No honours,
//! no melds, no red fives, no inner whitespace.

use super::{plain_tiles, positioned, Builder, FormatError, Notation, ParseError, ParseErrorKind};
use crate::hand::Hand;
use crate::tile::{Suit, Tile};

static SUITS: phf::Map<char, Suit> = phf::phf_map! {
    'W' => Suit::Characters,
    'D' => Suit::Dots,
    'T' => Suit::Bamboo,
};

/// Suit letters in index order, for writing.
const LETTERS: [char; 3] = ['W', 'D', 'T'];

pub(super) fn parse(input: &str) -> Result<Hand, ParseError> {
    use ParseErrorKind::*;
    let mut hand = Builder::new();
    // The digit waiting for its suit letter, and its position.
    let mut digit: Option<(usize, char)> = None;
    for (pos, c) in positioned(input) {
        match (digit, SUITS.get(&c)) {
            (None, _) if c.is_ascii_digit() => digit = Some((pos, c)),
            (None, Some(_)) => return Err(ParseError::at(SuitWithoutDigits(c), pos)),
            (Some((dpos, d)), Some(&suit)) => {
                let tile = Tile::new(suit, d as u8 - b'0')
                    .ok_or_else(|| ParseError::at(NoSuchTile(format!("{d}{c}")), dpos))?;
                hand.tile(tile, false, dpos)?;
                digit = None;
            }
            (Some((dpos, _)), None) if c.is_ascii_digit() => {
                return Err(ParseError::at(DigitsWithoutSuit, dpos))
            }
            _ => return Err(ParseError::at(UnexpectedChar(c), pos)),
        }
    }
    if let Some((dpos, _)) = digit {
        return Err(ParseError::at(DigitsWithoutSuit, dpos));
    }
    hand.finish()
}

pub(super) fn format(hand: &Hand) -> Result<String, FormatError> {
    let mut out = String::new();
    for t in plain_tiles(hand, Notation::Chengdu)? {
        out.push(char::from(b'0' + t.rank()));
        out.push(LETTERS[t.suit() as usize]);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_and_map_agree() {
        for (i, c) in LETTERS.iter().enumerate() {
            assert_eq!(SUITS[c] as usize, i);
        }
    }
}
