//! The two queries scoring needs from the hand engine, in one place: every
//! arrangement of the complete hand and every wait of the hand before the
//! winning tile, under the MCR forms.
//!
//! Switching between the recursive reference and the table engine is a
//! one-line change in each function.

use crate::arrangement::Arrangement;
use crate::hand::Hand;
use crate::rules::Rules;
use crate::table::Tables;
use crate::tileset::TileSet;

/// The rule set scoring reads hands with.
pub const RULES: Rules = Rules::MCR;

/// Every arrangement of a complete hand (empty when it is not complete).
#[inline]
pub fn arrangements<B: AsRef<[u8]>>(hand: &Hand, _tables: &Tables<B>) -> Vec<Arrangement> {
    crate::reference::arrangements(hand, &RULES)
}

/// Every tile completing a 13-tile hand, live and exhausted.
#[inline]
pub fn waits<B: AsRef<[u8]>>(hand: &Hand, _tables: &Tables<B>) -> TileSet {
    let (live, exhausted) = crate::reference::waits(hand, &RULES);
    live.union(exhausted)
}
