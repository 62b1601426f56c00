//! mpsz: digits then a suit letter (`123m456p789s11z`), `0` a red five,
//! bracketed declared melds (`[123m]`, `[1111m]`, `[777z2]`).
//!
//! The grouped syntax is shared with mcr, which is mpsz with honour letters
//! instead of `z` digits: [`parse_grouped`] and [`format_grouped`] take the
//! alphabet as a [`Syntax`].

use super::{concealed_in_order, meld_of_digit, positioned, Builder, ParseError, ParseErrorKind};
use crate::hand::{Hand, MeldKind};
use crate::tile::{Suit, Tile};

/// The alphabet of a grouped notation.
pub(super) struct Syntax {
    /// Letters that end a run of digits, and their suits.
    pub suits: &'static phf::Map<char, Suit>,
    /// Letters that are one honour tile each (mcr), if the notation has them.
    pub honours: Option<&'static phf::Map<char, Tile>>,
    /// The letter of each honour, East to Red, for writing (mcr).
    pub honour_letters: Option<&'static [char; 7]>,
    /// The aliases people bring (mpsz): `r` for a red five's `0` and the
    /// Unicode mahjong tiles as one tile each.
    pub aliases: bool,
}

impl Syntax {
    /// A character that is one tile by itself: an honour letter (mcr) or a
    /// Unicode mahjong tile (mpsz).
    fn single(&self, c: char) -> Option<Tile> {
        let honour = self.honours.and_then(|h| h.get(&c).copied());
        honour.or_else(|| Tile::from_glyph(c).filter(|_| self.aliases))
    }

    /// A rank character: a digit, or `r` (a red five) with aliases.
    fn rank(&self, c: char) -> bool {
        c.is_ascii_digit() || (self.aliases && c == 'r')
    }

    /// A character that may appear inside brackets.
    fn in_group(&self, c: char) -> bool {
        self.rank(c) || c == ',' || self.suits.contains_key(&c) || self.single(c).is_some()
    }
}

/// Variation selectors, which may follow an emoji such as 🀄.
fn is_variation_selector(c: char) -> bool {
    matches!(c, '\u{FE0E}' | '\u{FE0F}')
}

static SUITS: phf::Map<char, Suit> = phf::phf_map! {
    'm' => Suit::Characters,
    'p' => Suit::Dots,
    's' => Suit::Bamboo,
    'z' => Suit::Honors,
    // The Python `mahjong` package writes honours with `h`.
    'h' => Suit::Honors,
};

const MPSZ: Syntax = Syntax {
    suits: &SUITS,
    honours: None,
    honour_letters: None,
    aliases: true,
};

pub(super) fn parse(input: &str) -> Result<Hand, ParseError> {
    parse_grouped(input, &MPSZ)
}

pub(super) fn format(hand: &Hand, keep_last: bool) -> String {
    format_grouped(hand, keep_last, &MPSZ)
}

/// Parse the grouped syntax of mpsz and mcr.
pub(super) fn parse_grouped(input: &str, syntax: &Syntax) -> Result<Hand, ParseError> {
    use ParseErrorKind::*;
    let mut chars: Vec<(usize, char)> = positioned(input).collect();
    if syntax.aliases {
        // A variation selector after a tile glyph (🀄️) is part of it.
        let glyph = |c| Tile::from_glyph(c).is_some();
        let mut prev = ' ';
        chars.retain(|&(_, c)| {
            let keep = !(is_variation_selector(c) && glyph(prev));
            prev = c;
            keep
        });
    }
    let mut hand = Builder::new();
    // Index in `chars` where the run of digits waiting for its suit letter starts.
    let mut digits: Option<usize> = None;
    let mut i = 0;
    while let Some(&(pos, c)) = chars.get(i) {
        if syntax.rank(c) {
            digits.get_or_insert(i);
            i += 1;
            continue;
        }
        if let Some(&suit) = syntax.suits.get(&c) {
            let start = digits
                .take()
                .ok_or_else(|| ParseError::at(SuitWithoutDigits(c), pos))?;
            for &(p, d) in &chars[start..i] {
                let (tile, red) = suited(d, suit, c, p)?;
                hand.tile(tile, red, p)?;
            }
            i += 1;
            continue;
        }
        let honour = syntax.single(c);
        if honour.is_none() && !matches!(c, '[' | ']') && !c.is_whitespace() {
            return Err(ParseError::at(UnexpectedChar(c), pos));
        }
        // Anything else ends a run of digits that has no suit letter.
        if let Some(start) = digits {
            return Err(ParseError::at(DigitsWithoutSuit, chars[start].0));
        }
        match c {
            '[' => {
                let close = (i + 1..chars.len())
                    .find(|&j| matches!(chars[j].1, '[' | ']'))
                    .filter(|&j| chars[j].1 == ']')
                    .ok_or_else(|| ParseError::at(UnclosedBracket, pos))?;
                meld(&mut hand, &chars[i..=close], syntax)?;
                i = close + 1;
            }
            ']' => return Err(ParseError::at(UnopenedBracket, pos)),
            _ => {
                if let Some(tile) = honour {
                    hand.tile(tile, false, pos)?;
                }
                i += 1;
            }
        }
    }
    if let Some(start) = digits {
        return Err(ParseError::at(DigitsWithoutSuit, chars[start].0));
    }
    hand.finish()
}

/// The tile of digit `d` in `suit` (`letter` as written), and whether it is a
/// red five.
fn suited(d: char, suit: Suit, letter: char, pos: usize) -> Result<(Tile, bool), ParseError> {
    // `r` is the red five's `0` of the Python `mahjong` package.
    let rank = if d == 'r' { 0 } else { d as u8 - b'0' };
    if rank == 0 && suit != Suit::Honors {
        if let Some(five) = Tile::new(suit, 5) {
            return Ok((five, true));
        }
    }
    Tile::new(suit, rank)
        .map(|t| (t, false))
        .ok_or_else(|| ParseError::at(ParseErrorKind::NoSuchTile(format!("{d}{letter}")), pos))
}

/// A bracketed group, brackets included: one run of digits and its suit
/// letter, or a run of honour letters, then an optional comma and digit
/// (the claimed tile of a chow, the source of a pung or kong, 5–7 an added
/// kong: see [`meld_of_digit`]). An empty pair of brackets adds nothing.
fn meld(hand: &mut Builder, group: &[(usize, char)], syntax: &Syntax) -> Result<(), ParseError> {
    use ParseErrorKind::*;
    let open = group[0].0;
    let content = &group[1..group.len() - 1];
    if content.is_empty() {
        return Ok(());
    }
    hand.room_for_meld(open)?;
    if let Some(&(p, c)) = content.iter().find(|&&(_, c)| !syntax.in_group(c)) {
        return Err(ParseError::at(UnexpectedChar(c), p));
    }
    let text = || group.iter().map(|&(_, c)| c).collect::<String>();

    let mut tiles = Vec::with_capacity(4);
    let mut red: u8 = 0;
    let (first_pos, first) = content[0];
    let rest = if syntax.rank(first) {
        let n = content.iter().take_while(|&&(_, c)| syntax.rank(c)).count();
        let suit = content
            .get(n)
            .and_then(|&(_, letter)| syntax.suits.get(&letter).map(|&s| (s, letter)));
        let Some((suit, letter)) = suit else {
            return Err(ParseError::at(DigitsWithoutSuit, first_pos));
        };
        for &(p, d) in &content[..n] {
            let (tile, is_red) = suited(d, suit, letter, p)?;
            red = red.saturating_add(u8::from(is_red));
            tiles.push((tile, p));
        }
        &content[n + 1..]
    } else if syntax.suits.contains_key(&first) {
        return Err(ParseError::at(SuitWithoutDigits(first), first_pos));
    } else {
        let mut n = 0;
        while let Some(tile) = content.get(n).and_then(|&(_, c)| syntax.single(c)) {
            tiles.push((tile, content[n].0));
            n += 1;
        }
        &content[n..]
    };

    // An optional comma, then the digit (`[567m,2]` is `[567m2]`).
    let digit = match *rest {
        [] => None,
        [(p, d)] | [(_, ','), (p, d)] if d.is_ascii_digit() => Some((p, d)),
        _ => return Err(ParseError::at(BadMeld(text()), open)),
    };

    tiles.sort_unstable();
    let kind = match *tiles.as_slice() {
        [(a, _), (b, _), (c, _)] if a == b && b == c => MeldKind::Pung,
        [(a, _), (b, _), (c, _)] if a.up(1) == Some(b) && a.up(2) == Some(c) => MeldKind::Chow,
        // A kong without a digit is concealed.
        [(a, _), (b, _), (c, _), (d, _)] if a == b && b == c && c == d => match digit {
            None => MeldKind::ConcealedKong,
            Some(_) => MeldKind::Kong,
        },
        _ => return Err(ParseError::at(BadMeld(text()), open)),
    };
    let meld = match digit {
        None => meld_of_digit(kind, tiles[0].0, 0),
        // `0` would read as "no digit" to meld_of_digit.
        Some((_, '0')) => None,
        Some((_, d)) => meld_of_digit(kind, tiles[0].0, d as u8 - b'0'),
    };
    let meld = meld.ok_or_else(|| match (digit, kind) {
        (Some((p, d)), MeldKind::Chow) => ParseError::at(BadChowDigit(d), p),
        (Some((p, d)), MeldKind::Pung) => ParseError::at(BadSource(d), p),
        (Some((p, d)), _) => ParseError::at(BadKongDigit(d), p),
        (None, _) => ParseError::at(BadMeld(text()), open),
    })?;
    hand.meld(meld.with_red_fives(red), &tiles)
}

/// Write a hand in the grouped syntax: melds in order, then the concealed
/// tiles sorted, then (when `keep_last`) the last tile as its own group.
pub(super) fn format_grouped(hand: &Hand, keep_last: bool, syntax: &Syntax) -> String {
    let mut out = String::new();
    for m in hand.melds() {
        out.push('[');
        write_tiles(&mut out, m.written_tiles(), syntax);
        match (m.kind(), m.digit()) {
            (_, Some(d)) => out.push(char::from(b'0' + d)),
            // `[1111m]` would read as a concealed kong.
            (MeldKind::Kong, None) => out.push('1'),
            _ => {}
        }
        out.push(']');
    }
    let (sorted, last) = concealed_in_order(hand, keep_last);
    write_tiles(&mut out, sorted.into_iter(), syntax);
    write_tiles(&mut out, last.into_iter(), syntax);
    out
}

/// Write tiles in order, closing each run of digits with its suit letter when
/// the suit changes; honours are letters when the syntax has them.
fn write_tiles(out: &mut String, tiles: impl Iterator<Item = (Tile, bool)>, syntax: &Syntax) {
    let mut run: Option<Suit> = None;
    for (t, red) in tiles {
        if let Some(s) = run.filter(|&s| s != t.suit()) {
            out.push(s.letter());
            run = None;
        }
        match syntax.honour_letters {
            Some(letters) if t.is_honor() => out.push(letters[t.rank() as usize - 1]),
            _ => {
                out.push(if red {
                    '0'
                } else {
                    char::from(b'0' + t.rank())
                });
                run = Some(t.suit());
            }
        }
    }
    if let Some(s) = run {
        out.push(s.letter());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hand::From as Source;

    fn melds(s: &str) -> Vec<(MeldKind, String, Option<Source>)> {
        parse(s)
            .unwrap()
            .melds()
            .map(|m| (m.kind(), m.tile().to_string(), m.from()))
            .collect()
    }

    #[test]
    fn bracket_groups_become_melds() {
        use MeldKind::*;
        assert_eq!(melds("[978s]"), [(Chow, "7s".into(), None)]);
        assert_eq!(melds("[123m1]"), [(Chow, "1m".into(), Some(Source::Left))]);
        assert_eq!(melds("[505p3]"), [(Pung, "5p".into(), Some(Source::Right))]);
        assert_eq!(melds("[7777z]"), [(ConcealedKong, "7z".into(), None)]);
        assert_eq!(
            melds("[7777z2]"),
            [(Kong, "7z".into(), Some(Source::Opposite))]
        );
    }

    #[test]
    fn written_groups_close_on_suit_change() {
        let hand = parse("1m9m1p9p1s9s1z7z").unwrap();
        assert_eq!(format(&hand, false), "19m19p19s17z");
        assert_eq!(format(&hand, true), "19m19p19s1z7z");
    }
}
