//! `xiangting` (crates.io): shanten ("replacement number" = shanten + 1) and
//! necessary tiles, on a 34-count array of the concealed tiles.
//!
//! hu is replacement number 0, ready is 1, and the necessary tiles of a ready
//! hand are its waits. xiangting never counts a tile the hand holds four of
//! as drawable, so its waits are the live waits.

use super::XIANGTING;
use crate::answer::{held_four, Answer};
use crate::harness::{row, Row};
use hupai::{Counts, Hand};
use xiangting::{calculate_necessary_tiles, calculate_replacement_number, PlayerCount};

fn counts(h: &Hand) -> Counts {
    *h.counts()
}

fn replacement(c: &Counts) -> u8 {
    calculate_replacement_number(c, PlayerCount::Four).expect("a valid 13/14-tile hand")
}

fn necessary(c: &Counts) -> (u8, u64) {
    calculate_necessary_tiles(c, PlayerCount::Four).expect("a valid 13/14-tile hand")
}

/// hu as "replacement number 0" (xiangting has no dedicated hu check).
pub fn hu() -> Box<dyn Row> {
    row(
        XIANGTING,
        "calculate_replacement_number(..) == 0",
        counts,
        |c| replacement(c) == 0,
        |_, win| Answer::Bool(win),
    )
}

/// Ready as "replacement number 1".
pub fn tenpai() -> Box<dyn Row> {
    row(
        XIANGTING,
        "calculate_replacement_number(..) == 1",
        counts,
        |c| replacement(c) == 1,
        |_, ready| Answer::Bool(ready),
    )
}

/// Waits as the necessary tiles of a ready hand.
pub fn waits() -> Box<dyn Row> {
    row(
        XIANGTING,
        "calculate_necessary_tiles(..)",
        counts,
        necessary,
        |c, (r, tiles)| Answer::Waits {
            live: if r == 1 { tiles & !held_four(c) } else { 0 },
            exhausted: None,
        },
    )
}

/// Shanten.
pub fn shanten() -> Box<dyn Row> {
    row(
        XIANGTING,
        "calculate_replacement_number(..) - 1",
        counts,
        |c| replacement(c) as i8 - 1,
        |_, s| Answer::Shanten(s),
    )
}

/// Effective tiles (necessary tiles).
pub fn effective() -> Box<dyn Row> {
    row(
        XIANGTING,
        "calculate_necessary_tiles(..)",
        counts,
        necessary,
        |c, (_, tiles)| Answer::Tiles(tiles & !held_four(c)),
    )
}
