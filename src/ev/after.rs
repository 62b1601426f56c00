//! The shanten of a state's hands one draw and one discard on: the state
//! plus kind k less kind d, for every k and held d.
//!
//! On the common case (a concealed hand without jokers, every part open)
//! one [`Tables::effective_short`](crate::Tables::effective_short) query
//! per held kind d gives them all: the state less d is a 3n-tile hand, and
//! plus k its shanten is its distance − 1, one less when k is among its
//! draws. Elsewhere (declared melds, jokers, Sichuan, MCR forms) each hand
//! is a shanten query, memoised.

use super::model::{Game, Key};
use super::solver::{KeyMap, UNREACHABLE};
use crate::hand::Hand;
use crate::tile::{Counts, Tile, KINDS};

/// The discard-and-draw shanten of one state.
pub struct After<'s> {
    real: &'s Hand,
    jokers: usize,
    /// Per held kind d: the shanten of the state less d plus a kind that
    /// is not among its draws, and those draws (bit per kind).
    short: Option<[(i8, u64); KINDS]>,
}

impl<'s> After<'s> {
    /// The queries of a state: its counts as written, its real tiles and
    /// its jokers.
    pub fn new<B: AsRef<[u8]>>(
        game: &Game<B>,
        c: &Counts,
        real: &'s Hand,
        jokers: usize,
    ) -> After<'s> {
        let plain = jokers == 0 && game.joker.is_none() && game.melds.is_empty();
        let short = plain.then(|| {
            let mut short = [(UNREACHABLE, 0); KINDS];
            for d in (0..KINDS).filter(|&d| c[d] > 0) {
                let mut y = *c;
                y[d] -= 1;
                let (dist, draws) = game.tables.effective_short(&y, &game.rules)?;
                short[d] = (dist as i8 - 1, draws);
            }
            Some(short)
        });
        After {
            real,
            jokers,
            short: short.flatten(),
        }
    }

    /// Per held kind d (common case only): the shanten of the state less d
    /// plus a kind that is not among its draws, and those draws.
    #[inline]
    pub fn short(&self) -> Option<&[(i8, u64); KINDS]> {
        self.short.as_ref()
    }

    /// Shanten of the state plus `k` (a joker when `joker`) less the real
    /// tile `d` (held, not `k`), which is the hand `key`; [`UNREACHABLE`]
    /// when no complete hand can be reached. Off the common case the
    /// answers are kept in `memo`: the same hand is one change away from
    /// many states, and there a query (melds, jokers, MCR forms) costs more
    /// than a lookup.
    #[inline]
    pub fn shanten<B: AsRef<[u8]>>(
        &self,
        game: &Game<B>,
        memo: &mut KeyMap<i8>,
        key: Key,
        k: usize,
        d: usize,
    ) -> i8 {
        if let Some(short) = &self.short {
            let (base, draws) = short[d];
            return base - (draws >> k & 1) as i8;
        }
        *memo.entry(key).or_insert_with(|| {
            let (mut hand, mut j) = (*self.real, self.jokers);
            if game.is_joker(k) {
                j += 1;
            } else {
                hand.add_concealed(Tile::from_index(k).expect("index < 34"));
            }
            hand.remove_concealed(Tile::from_index(d).expect("index < 34"));
            game.shanten(&hand, j).unwrap_or(UNREACHABLE)
        })
    }
}
