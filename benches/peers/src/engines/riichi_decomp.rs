//! `riichi-decomp` (crates.io): every waiting pattern of a 13-tile (3n+1)
//! hand with its decomposition, on octal-packed per-suit keys.

use super::RIICHI_DECOMP;
use crate::answer::{self, Answer, Kind};
use crate::harness::{row, Row};
use hupai::Hand;
use riichi_decomp::{
    detect_irregular_wait, Decomposer, IrregularWait, RegularWait, WaitSet, WaitingKind,
};
use riichi_elements::prelude::{HandGroup, TileSet34};

/// Waits: `WaitSet::from_keys` (all regular decompositions plus the
/// irregular forms); the answer reads its `waiting_tiles` mask. riichi-decomp
/// leaves out a wait whose four copies the hand holds, so it reports live
/// waits only.
pub fn waits() -> Box<dyn Row> {
    let mut d = Decomposer::new();
    row(
        RIICHI_DECOMP,
        "WaitSet::from_keys(&mut decomposer, &keys)",
        |h: &Hand| TileSet34(*h.counts()).packed_34(),
        move |keys| WaitSet::from_keys(&mut d, keys),
        |_, w| Answer::Waits {
            live: w.waiting_tiles.0,
            exhausted: None,
        },
    )
}

/// At most this many distinct arrangements per riichi hand (the most any
/// 14-tile hand has is 4 standard ones plus seven pairs).
const MAX: usize = 16;

/// Distinct arrangement codes, without allocation.
#[derive(Clone, Copy)]
pub struct Arrangements {
    n: usize,
    codes: [u64; MAX],
}

impl Arrangements {
    fn insert(&mut self, code: u64) {
        if !self.codes[..self.n].contains(&code) {
            assert!(self.n < MAX, "more than {MAX} arrangements");
            self.codes[self.n] = code;
            self.n += 1;
        }
    }
}

/// Arrangements of a complete hand. riichi-decomp takes 3n+1 hands only, so
/// the adapter takes one tile `t` out (the lowest tile of the hand: every
/// arrangement holds every tile, so any choice finds them all), decomposes
/// the 13 tiles, keeps the patterns that wait on `t`, completes each with `t`
/// and drops duplicates (two waiting patterns can complete to the same
/// groups, e.g. `234m+4m` tanki and `44m+23m` ryanmen).
pub fn arrangements() -> Box<dyn Row> {
    let mut d = Decomposer::new();
    row(
        RIICHI_DECOMP,
        "Decomposer::with_keys(..).iter() on 13 tiles, completed",
        |h: &Hand| {
            let mut c = *h.counts();
            let t = c.iter().position(|&n| n > 0).expect("a non-empty hand");
            c[t] -= 1;
            (TileSet34(c).packed_34(), t as u8)
        },
        move |&(keys, t)| {
            let mut out = Arrangements {
                n: 0,
                codes: [0; MAX],
            };
            for w in d.with_keys(keys).iter() {
                if w.waiting_tile.encoding() == t {
                    out.insert(complete(&w, t));
                }
            }
            match detect_irregular_wait(keys) {
                Some(IrregularWait::SevenPairs(x)) if x.encoding() == t => {
                    out.insert(answer::SEVEN_PAIRS)
                }
                Some(IrregularWait::ThirteenOrphans(x)) if x.encoding() == t => {
                    out.insert(answer::THIRTEEN_ORPHANS)
                }
                Some(IrregularWait::ThirteenOrphansAll) => out.insert(answer::THIRTEEN_ORPHANS),
                _ => {}
            }
            out
        },
        |_, a| answer::arrangements(a.codes[..a.n].to_vec()),
    )
}

/// The groups of a waiting pattern completed by its waiting tile `t`.
fn complete(w: &RegularWait, t: u8) -> u64 {
    let mut g = [0u8; 5];
    let mut n = 0;
    let mut push = |code| {
        g[n] = code;
        n += 1;
    };
    for group in w.groups() {
        push(match group {
            HandGroup::Koutsu(x) => answer::group(Kind::Pung, x.encoding() as usize),
            HandGroup::Shuntsu(x) => answer::group(Kind::Chow, x.encoding() as usize),
        });
    }
    if let Some(p) = w.pair {
        push(answer::group(Kind::Pair, p.encoding() as usize));
    }
    let p = w.pattern_tile.encoding();
    push(match w.waiting_kind {
        WaitingKind::Tanki => answer::group(Kind::Pair, t as usize),
        WaitingKind::Shanpon => answer::group(Kind::Pung, t as usize),
        // Kanchan, penchan and ryanmen: the chow starts at the lower of the
        // pattern's first tile and the waiting tile.
        _ => answer::group(Kind::Chow, p.min(t) as usize),
    });
    answer::standard(&g[..n])
}
