//! Three-player riichi on the four-player tables.
//!
//! Without 2m–8m the characters suit holds only 1m and 9m, which form no
//! chow: they are two more honour kinds. Honour kinds are interchangeable
//! (no chows, so only each kind's count matters), so a three-player hand
//! whose honour-like kinds (1m, 9m, 1z–7z) held or declared number at most
//! seven is the four-player hand with 1m and 9m moved onto honour kinds it
//! does not use, its characters empty. Both have the same distance:
//! - a four-player target maps back group by group: the honours to the
//!   kinds they stand for; a group on an unused honour or on the empty
//!   characters holds only drawn tiles, and goes to any kind the target
//!   leaves free (there are many: 27 kinds, at most five groups);
//! - a three-player target maps forward the same way, a drawn group on an
//!   honour-like kind without a slot going to the empty characters;
//! - seven pairs and thirteen orphans count the same kinds (1m and 9m are
//!   terminals, the honour slots they take are orphans too).
//!
//! The same holds with jokers: a joker-made group is drawn tiles for this
//! argument. A draw of a kind the hand uses maps one to one; a draw of an
//! honour-like kind the hand does not use is a lone tile that pairs or
//! makes a pung only with draws, as a drawn 1m is in the four-player hand
//! (its characters are empty and 1m a terminal): one answer for them all.

use super::counts::held_mask;
use crate::engine::ShantenError;
use crate::hand::Hand;
use crate::rules::Rules;
use crate::tile::Tile;

/// The honour-like kinds of three players: 1m, 9m, the honours.
const HONOR_LIKE: u64 = 1 | 1 << 8 | 0x7f << 27;
/// The kinds that exist in both games unchanged: dots and bamboo.
const SUITED: u64 = ((1 << 18) - 1) << 9;

/// How a three-player hand maps onto its four-player twin.
#[derive(Clone, Copy)]
pub(crate) struct Twin {
    /// The honour kinds 1m and 9m moved to (when the hand uses them).
    moved: [Option<usize>; 2],
    /// The honour-like kinds the hand neither holds nor declares.
    unused: u64,
}

/// A three-player hand as the four-player hand with the same answers.
pub(crate) struct FourPlayer {
    pub(crate) hand: Hand,
    /// The same rules for four players.
    pub(crate) rules: Rules,
    pub(crate) twin: Twin,
}

impl FourPlayer {
    /// The four-player hand of a three-player `hand` under `rules`; `None`
    /// for four players, rules with other forms than riichi's (MCR's
    /// knitted ones would see the empty characters), or a hand using more
    /// than seven honour-like kinds. A hand holding or declaring a tile
    /// the rules lack (2m–8m) is refused here.
    #[inline(never)]
    pub(crate) fn of(hand: &Hand, rules: &Rules) -> Result<Option<FourPlayer>, ShantenError> {
        let used = held_mask(hand.counts()) | hand.declared_kinds();
        let Some((twin, rules)) = Twin::of(used, rules)? else {
            return Ok(None);
        };
        let mut four = *hand;
        twin.renames(|from, to| four.rename(from, to));
        Ok(Some(FourPlayer {
            hand: four,
            rules,
            twin,
        }))
    }
}

impl Twin {
    /// The twin of a three-player hand using the kinds `used` (held or
    /// declared) under `rules`, with the rules for four players: see
    /// [`FourPlayer::of`].
    #[inline]
    pub(crate) fn of(used: u64, rules: &Rules) -> Result<Option<(Twin, Rules)>, ShantenError> {
        if !rules.three_player || !rules.honors || rules.mcr_forms || rules.max_suits < 3 {
            return Ok(None);
        }
        let absent = used & !rules.tiles();
        if absent != 0 {
            let i = absent.trailing_zeros() as usize;
            return Err(ShantenError::NoSuchTile(
                Tile::from_index(i).expect("index < 34"),
            ));
        }
        let used = used & HONOR_LIKE;
        let mut free = !used >> 27 & 0x7f;
        let mut moved = [None; 2];
        for (slot, kind) in moved.iter_mut().zip([0, 8]) {
            if used >> kind & 1 == 1 {
                if free == 0 {
                    return Ok(None);
                }
                *slot = Some(27 + free.trailing_zeros() as usize);
                free &= free - 1;
            }
        }
        let four = Rules {
            three_player: false,
            ..*rules
        };
        let unused = HONOR_LIKE & !used;
        Ok(Some((Twin { moved, unused }, four)))
    }

    /// Each renaming (three-player kind, four-player kind) to apply.
    #[inline]
    pub(crate) fn renames(&self, mut rename: impl FnMut(usize, usize)) {
        for (from, to) in [0, 8].into_iter().zip(self.moved) {
            if let Some(to) = to {
                rename(from, to);
            }
        }
    }

    /// The four-player kinds (bit per kind) of three-player kinds `bits`
    /// the hand uses.
    #[inline]
    pub(crate) fn kinds(&self, bits: u64) -> u64 {
        let mut out = bits & !(1 | 1 << 8);
        for (from, to) in [0, 8].into_iter().zip(self.moved) {
            if let Some(to) = to {
                out |= (bits >> from & 1) << to;
            }
        }
        out
    }

    /// The four-player kind of three-player kind `i` (one the hand uses).
    #[inline]
    pub(crate) fn kind(&self, i: usize) -> usize {
        match (i, self.moved) {
            (0, [Some(to), _]) | (8, [_, Some(to)]) => to,
            _ => i,
        }
    }

    /// The three-player kind of four-player kind `i` (one the hand uses).
    pub(crate) fn back(&self, i: usize) -> usize {
        match self.moved.iter().position(|&m| m == Some(i)) {
            Some(0) => 0,
            Some(_) => 8,
            None => i,
        }
    }

    /// Four-player draws (bit per kind) as three-player ones: the kinds the
    /// hand uses one to one, a drawn 1m for every honour-like kind unused.
    pub(crate) fn draws(&self, bits: u64) -> u64 {
        let mut out = bits & SUITED;
        let mut honors = bits >> 27 & 0x7f;
        while honors != 0 {
            let i = 27 + honors.trailing_zeros() as usize;
            honors &= honors - 1;
            let real = self.back(i);
            if self.unused >> real & 1 == 0 {
                out |= 1 << real;
            }
        }
        if bits & 1 == 1 {
            out |= self.unused;
        }
        out
    }
}
