//! Helpers shared by the MCR test files.
#![allow(dead_code)]

use hupai::mcr::{self, Flags, Score, ScoreError, ScoringInput};
use hupai::{Hand, Meld, MeldKind, Tables, Tile};

/// Parse mpsz with bracketed melds (`[123m]` chow, `[555p3]` pung from the
/// right, `[1111m1]` melded kong, `[1111m]` concealed kong); the last concealed
/// tile is the winning tile. A stand-in until the notation module lands.
pub fn hand(s: &str) -> (Hand, Tile) {
    let mut counts = [0u8; 34];
    let mut melds = Vec::new();
    let mut last = None;
    let mut digits: Vec<u8> = Vec::new();
    let mut chars = s.chars().peekable();
    let tile = |d: u8, c: char| -> Tile {
        let off = match c {
            'm' => 0,
            'p' => 9,
            's' => 18,
            'z' => 27,
            _ => panic!("bad suit {c} in {s}"),
        };
        Tile::from_index(off + d as usize - 1).expect("tile")
    };
    while let Some(c) = chars.next() {
        match c {
            '[' => {
                let mut ds = Vec::new();
                let mut suit = ' ';
                let mut src = None;
                for c in chars.by_ref() {
                    match c {
                        ']' => break,
                        '0'..='9' if suit == ' ' => ds.push(c as u8 - b'0'),
                        '0'..='9' => src = Some(c as u8 - b'0'),
                        _ => suit = c,
                    }
                }
                let ts: Vec<Tile> = ds.iter().map(|&d| tile(d, suit)).collect();
                let from = src.and_then(hupai::From::from_digit);
                let kind = match (ts.len(), ts[0] == ts[1], from) {
                    (4, _, None) => MeldKind::ConcealedKong,
                    (4, _, Some(_)) => MeldKind::Kong,
                    (3, true, _) => MeldKind::Pung,
                    _ => MeldKind::Chow,
                };
                melds.push(Meld::new(kind, ts[0], from).expect("meld"));
            }
            '0'..='9' => digits.push(c as u8 - b'0'),
            'm' | 'p' | 's' | 'z' => {
                for &d in &digits {
                    let t = tile(d, c);
                    counts[t.index()] += 1;
                    last = Some(t);
                }
                digits.clear();
            }
            ' ' => {}
            _ => panic!("unexpected {c} in {s}"),
        }
    }
    (
        Hand::new(counts, &melds).expect("hand"),
        last.expect("a concealed tile"),
    )
}

/// Score `HAND [FLAGS]`.
pub fn try_score(line: &str) -> Result<Score, ScoreError> {
    let (h, flags) = line.split_once(' ').unwrap_or((line, ""));
    let (hand, win) = hand(h);
    let flags: Flags = flags.parse().map_err(ScoreError::Flag)?;
    let input = ScoringInput::new(hand, win, flags)?;
    mcr::score(&input, Tables::embedded())
}

/// Score `HAND [FLAGS]`, panicking on error.
pub fn score(line: &str) -> Score {
    try_score(line).unwrap_or_else(|e| panic!("{line}: {e}"))
}
