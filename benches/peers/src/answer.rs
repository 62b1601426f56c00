//! The common answer every engine's native result is normalised to before the
//! cross-check, and the small helpers the normalisations share.
//!
//! Conventions (riichi rules, concealed hands, no declared melds):
//! * tile masks are 34-bit, bit `i` = tile index `i` (m p s z order, as in
//!   hupai, xiangting, riichi-decomp and riichienv-core alike);
//! * waits are split into *live* waits and *exhausted* waits (the hand holds
//!   all four copies of the tile); engines that only report live
//!   waits are compared on the live part;
//! * effective tiles are the live ones (a tile whose four copies are in the
//!   hand cannot be drawn);
//! * an arrangement is a sorted list of group codes packed into a `u64`
//!   (`SEVEN_PAIRS` / `THIRTEEN_ORPHANS` for the special forms, whose groups
//!   the hand determines); a hand's arrangements are compared as a sorted list.

use hupai::{Counts, KINDS};
use std::fmt;

/// A normalised answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// hu / tenpai.
    Bool(bool),
    /// Shanten: −1 complete, 0 ready.
    Shanten(i8),
    /// A set of tile kinds (effective tiles).
    Tiles(u64),
    /// Waits: live ones, and the exhausted ones when the engine reports them.
    Waits { live: u64, exhausted: Option<u64> },
    /// Every arrangement of a complete hand, sorted.
    Arrangements(Vec<u64>),
}

impl Answer {
    /// Whether two engines agree. Waits compare the exhausted part only when
    /// both engines report it.
    pub fn agrees(&self, other: &Answer) -> bool {
        match (self, other) {
            (
                Answer::Waits {
                    live: a,
                    exhausted: ea,
                },
                Answer::Waits {
                    live: b,
                    exhausted: eb,
                },
            ) => a == b && (ea.is_none() || eb.is_none() || ea == eb),
            _ => self == other,
        }
    }
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::Bool(b) => write!(f, "{b}"),
            Answer::Shanten(s) => write!(f, "shanten {s}"),
            Answer::Tiles(m) => write!(f, "[{}]", mask_tiles(*m)),
            Answer::Waits { live, exhausted } => {
                write!(f, "live [{}]", mask_tiles(*live))?;
                match exhausted {
                    Some(e) => write!(f, " exhausted [{}]", mask_tiles(*e)),
                    None => write!(f, " (exhausted not reported)"),
                }
            }
            Answer::Arrangements(v) => {
                write!(f, "{} arrangement(s):", v.len())?;
                for &a in v {
                    write!(f, " {{{}}}", arrangement_text(a))?;
                }
                Ok(())
            }
        }
    }
}

/// Tiles the hand holds all four copies of.
pub fn held_four(c: &Counts) -> u64 {
    c.iter()
        .enumerate()
        .filter(|&(_, &n)| n >= 4)
        .fold(0, |m, (i, _)| m | 1 << i)
}

/// Group kinds of the arrangement code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Pair = 0,
    Pung = 1,
    Chow = 2,
}

/// The code of one group: never 0, fits a byte.
pub const fn group(kind: Kind, tile: usize) -> u8 {
    (kind as usize * KINDS + tile + 1) as u8
}

/// Special-form arrangement codes.
pub const SEVEN_PAIRS: u64 = 1 << 62;
/// See [`SEVEN_PAIRS`].
pub const THIRTEEN_ORPHANS: u64 = 1 << 62 | 1;

/// A standard arrangement from its group codes (order-insensitive).
pub fn standard(groups: &[u8]) -> u64 {
    let mut g = [0u8; 8];
    assert!(groups.len() <= 7, "a riichi hand has at most 5 groups");
    g[..groups.len()].copy_from_slice(groups);
    g.sort_unstable_by(|a, b| b.cmp(a));
    u64::from_be_bytes(g)
}

/// A list of arrangement codes, sorted (duplicates kept: an engine that
/// returns one arrangement twice disagrees).
pub fn arrangements(mut v: Vec<u64>) -> Answer {
    v.sort_unstable();
    Answer::Arrangements(v)
}

fn arrangement_text(a: u64) -> String {
    match a {
        SEVEN_PAIRS => "seven pairs".into(),
        THIRTEEN_ORPHANS => "thirteen orphans".into(),
        _ => a
            .to_be_bytes()
            .iter()
            .filter(|&&g| g != 0)
            .rev()
            .map(|&g| {
                let (kind, t) = ((g - 1) as usize / KINDS, (g - 1) as usize % KINDS);
                let name = tile_name(t);
                let (r, s) = (&name[..1], &name[1..]);
                match kind {
                    0 => format!("{r}{r}{s}"),
                    1 => format!("{r}{r}{r}{s}"),
                    _ => format!("{}{}{}{}", t % 9 + 1, t % 9 + 2, t % 9 + 3, &name[1..]),
                }
            })
            .collect::<Vec<_>>()
            .join(" "),
    }
}

/// `3m`, `7z`.
pub fn tile_name(t: usize) -> String {
    format!("{}{}", t % 9 + 1, ['m', 'p', 's', 'z'][t / 9])
}

fn mask_tiles(m: u64) -> String {
    (0..KINDS)
        .filter(|i| m >> i & 1 == 1)
        .map(tile_name)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Canonical mpsz of concealed counts, e.g. `123m456p789s11122z`.
pub fn mpsz(c: &Counts) -> String {
    let mut s = String::new();
    for (suit, letter) in ['m', 'p', 's', 'z'].into_iter().enumerate() {
        let len = if suit == 3 { 7 } else { 9 };
        let start = s.len();
        for r in 0..len {
            for _ in 0..c[suit * 9 + r] {
                s.push(char::from(b'1' + r as u8));
            }
        }
        if s.len() > start {
            s.push(letter);
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats() {
        let mut c = [0u8; KINDS];
        c[0] = 1;
        c[1] = 1;
        c[2] = 1;
        c[27] = 3;
        c[33] = 2;
        assert_eq!(mpsz(&c), "123m11177z");
        assert_eq!(held_four(&c), 0);
        c[27] = 4;
        assert_eq!(held_four(&c), 1 << 27);
        let a = standard(&[group(Kind::Pair, 33), group(Kind::Chow, 0)]);
        assert_eq!(a, standard(&[group(Kind::Chow, 0), group(Kind::Pair, 33)]));
        assert_eq!(arrangement_text(a), "77z 123m");
    }

    #[test]
    fn waits_compare_exhausted_only_when_both_report_it() {
        let w = |e| Answer::Waits {
            live: 1,
            exhausted: e,
        };
        assert!(w(Some(2)).agrees(&w(None)));
        assert!(!w(Some(2)).agrees(&w(Some(0))));
        assert!(w(Some(2)).agrees(&w(Some(2))));
    }
}
