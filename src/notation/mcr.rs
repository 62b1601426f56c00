//! mcr: mpsz's grouped syntax with suit letters `m`, `p`, `s` and honours as
//! letters, one tile each: `E S W N` winds, `P` white, `F` green, `C` red
//! (`[EEE][SSSS1]55pWWWNNN`). Case matters: `P` is the white dragon, `p` the
//! dots suffix; `S` is South, `s` the bamboo suffix.

use super::mpsz::{format_grouped, parse_grouped, Syntax};
use super::ParseError;
use crate::hand::Hand;
use crate::tile::{Suit, Tile};

static SUITS: phf::Map<char, Suit> = phf::phf_map! {
    'm' => Suit::Characters,
    'p' => Suit::Dots,
    's' => Suit::Bamboo,
};

static HONOURS: phf::Map<char, Tile> = phf::phf_map! {
    'E' => Tile::EAST,
    'S' => Tile::SOUTH,
    'W' => Tile::WEST,
    'N' => Tile::NORTH,
    'P' => Tile::WHITE,
    'F' => Tile::GREEN,
    'C' => Tile::RED,
};

/// Honour letters in index order, East (1z) to Red (7z).
const LETTERS: [char; 7] = ['E', 'S', 'W', 'N', 'P', 'F', 'C'];

const MCR: Syntax = Syntax {
    suits: &SUITS,
    honours: Some(&HONOURS),
    honour_letters: Some(&LETTERS),
    aliases: false,
};

pub(super) fn parse(input: &str) -> Result<Hand, ParseError> {
    parse_grouped(input, &MCR)
}

/// The winning tile is the last concealed tile in mcr, so it is always kept.
pub(super) fn format(hand: &Hand) -> String {
    format_grouped(hand, true, &MCR)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_and_map_agree() {
        for (i, c) in LETTERS.iter().enumerate() {
            assert_eq!(HONOURS[c].index(), 27 + i);
        }
        assert_eq!(HONOURS.len(), LETTERS.len());
    }
}
