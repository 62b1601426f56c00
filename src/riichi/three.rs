//! Three-player riichi (三人麻雀) beside the rule set's data
//! ([`Rules::RIICHI3`](crate::Rules::RIICHI3)): where an input names a tile
//! the game does not have.

use crate::tile::Tile;

/// The 1-based character position of the first place `input` writes `tile`
/// (a characters tile): a digit of an `m` group (mpsz, mcr), a digit before
/// `W` (chengdu) or the letter `A`–`I` (mediatek).
///
/// ```
/// use hupai::riichi::three::position_of;
/// let t = "5m".parse().unwrap();
/// assert_eq!(position_of("19p155m", t), Some(5));
/// assert_eq!(position_of("[555m]11z", t), Some(2));
/// assert_eq!(position_of("ABEee", t), Some(3));
/// assert_eq!(position_of("19p", t), None);
/// ```
pub fn position_of(input: &str, tile: Tile) -> Option<usize> {
    if tile.index() >= 9 {
        return None;
    }
    let rank = tile.rank();
    let chars: Vec<char> = input.chars().collect();
    // A–I are characters only in mediatek text, which has no suit letters.
    let mediatek = !chars.iter().any(|c| "mpszhWDT[".contains(*c));
    let mut digits: Vec<(u8, usize)> = Vec::new();
    for (p, &c) in chars.iter().enumerate() {
        match c {
            '0'..='9' => digits.push((c as u8 - b'0', p)),
            'm' => {
                let hit = digits
                    .iter()
                    .find(|&&(d, _)| d == rank || (d == 0 && rank == 5));
                if let Some(&(_, at)) = hit {
                    return Some(at + 1);
                }
                digits.clear();
            }
            'W' if digits.len() == 1 && digits[0].0 == rank => return Some(digits[0].1 + 1),
            'A'..='I' if mediatek && (c as u8 - b'A' + 1) == rank => return Some(p + 1),
            '[' | ']' | ',' | ' ' => {
                if c == '[' {
                    digits.clear();
                }
            }
            _ => digits.clear(),
        }
    }
    None
}
