//! The common case on the fast path: a concealed hand with every part open
//! (no declared meld, no voided suit, no MCR forms). Only table reads and
//! fixed-size arithmetic: the keys that find each part's class also tally
//! the counting forms (seven pairs, thirteen orphans), a neighbour's class
//! and one class-pair mask say which lanes a draw lowers, and a discard
//! adjusts the hand's tally rather than counting again.

mod open_parts;
mod rows;

use super::combine::join;
use super::counts::{held_mask, special_tiles, Tally};
use super::{ShantenError, Sizes};
use crate::rules::Rules;
use crate::table::key;
use crate::table::layout::cells::FAR;
use crate::table::{DistanceTables, Tables};
use crate::tile::{Counts, KINDS};
use open_parts::open_parts;
pub(super) use open_parts::{
    known_except, open_parts_refined, open_row_refined, OpenParts, RowBefore,
};
pub(super) use rows::{concealed_rows, concealed_short_rows};

/// The sizes [`Sizes::Any`] accepts for a concealed hand, a bit each:
/// 1, 2, 4, 5, 7, 8, 10, 11, 13 and 14 tiles.
const SLOTS: u32 = 0b110_1101_1011_0110;
/// The sizes [`Sizes::Draw`] accepts: 1, 4, 7, 10 and 13 tiles.
const SLOTS_DRAW: u32 = 0b10_0100_1001_0010;

/// Shanten of a concealed hand with every part open: the keys come with
/// the counting forms' tally ([`key::hand_tallies`]), so the whole query
/// is four class lookups, two pair products and a join.
#[inline(always)]
pub(super) fn concealed_shanten<B: AsRef<[u8]>>(
    t: &Tables<B>,
    c: &Counts,
    rules: &Rules,
) -> Result<i8, ShantenError> {
    let keys = key::hand_tallies(c);
    let tally = Tally::of_keys(&keys);
    let n = tally.tiles as usize;
    // 3n+1 or 3n+2 tiles, at most 14: one bit test (the error from Sizes).
    if SLOTS >> n.min(31) & 1 == 0 {
        Sizes::Any.check(n, 0)?;
    }
    // Every part holds at most 14 tiles now: the keys are dense indexes.
    let mut d = keyed_distance(&t.distance_tables(), keys.map(|k| k as key::Key), n / 3);
    if n >= 13 {
        d = d.min(tally.special_distance(rules));
    }
    Ok(d as i8 - 1)
}

/// The standard form's distance of the parts with keys `keys` (each of at
/// most 14 tiles: dense indexes), towards `k` melds and a pair: four class
/// reads, two pair products and a join.
#[inline(always)]
pub(super) fn keyed_distance(t: &DistanceTables, keys: [key::Key; 4], k: usize) -> u8 {
    let a = t.suit_class_at(key::key_index(keys[0]));
    let b = t.suit_class_at(key::key_index(keys[1]));
    let s = t.suit_class_at(key::key_index(keys[2]));
    let z = t.honor_class_at(key::key_index(keys[3]));
    join(t.suit_pair(a, b), t.suit_honor_pair(s, z), k)
}

/// Distance of a concealed hand of `n` slots (its tiles, or more where
/// jokers fill the rest) with all four parts open.
#[inline]
pub(super) fn concealed_distance<B: AsRef<[u8]>>(
    t: &Tables<B>,
    c: &Counts,
    tally: &Tally,
    rules: &Rules,
    n: usize,
) -> u8 {
    let k = n / 3;
    let t = t.distance_tables();
    let a = t.suit_class(c[0..9].try_into().expect("nine"));
    let b = t.suit_class(c[9..18].try_into().expect("nine"));
    let s = t.suit_class(c[18..27].try_into().expect("nine"));
    let z = t.honor_class(c[27..34].try_into().expect("seven"));
    let mut d = join(t.suit_pair(a, b), t.suit_honor_pair(s, z), k);
    if n >= 13 {
        d = d.min(tally.special_distance(rules));
    }
    d
}

/// The distance of a concealed 3n+2 hand `c` with every part open
/// (`parts`, its lookups), and after each discard ([`FAR`] where the kind
/// is not held): a discard changes one part, so each costs one class read
/// (a step down the part's neighbourhood) and a join with the other pair
/// product kept. The counting forms are tallied only where they could
/// beat the standard form: a discard never brings them closer.
pub(super) fn concealed_after(
    t: &DistanceTables,
    c: &Counts,
    parts: &OpenParts,
    tally: &Tally,
    rules: &Rules,
) -> (u8, [u8; KINDS]) {
    // A 3n+2 hand and the 3n+1 hands after a discard aim at n melds.
    let n = tally.tiles as usize - 1;
    let k = n / 3;
    let OpenParts {
        suits,
        honors,
        class,
        ..
    } = *parts;
    let ab = t.suit_pair(class[0], class[1]);
    let sz = t.suit_honor_pair(class[2], class[3]);
    // The counting forms of the whole hand: at most their distance after
    // any discard.
    let special = if n >= 13 {
        tally.special_distance(rules)
    } else {
        FAR
    };
    let d = join(ab, sz, k).min(special);
    let mut after = [FAR; KINDS];
    // Part by part, over the ranks held (bit per rank): a branch a kind on
    // whether it is held, or on its part, mispredicts on random hands.
    let held = held_mask(c);
    for i in 0..4 {
        let mut todo = held >> (9 * i) & 0x1ff;
        while todo != 0 {
            let r = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            after[9 * i + r] = match i {
                // The pair table is symmetric: the other suit of the pair.
                0 | 1 => {
                    let changed = t.suit_class_at(suits[i].down_each(1 << r));
                    join(t.suit_pair(changed, class[i ^ 1]), sz, k)
                }
                2 => {
                    let changed = t.suit_class_at(suits[2].down_each(1 << r));
                    join(ab, t.suit_honor_pair(changed, class[3]), k)
                }
                _ => {
                    let changed = t.honor_class_at(honors.down_each(1 << r));
                    join(ab, t.suit_honor_pair(class[2], changed), k)
                }
            };
        }
    }
    if special < FAR {
        let mut todo = held;
        while todo != 0 {
            let j = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            if special < after[j] {
                after[j] = after[j].min(tally.without(c, j).special_distance(rules));
            }
        }
    }
    (d, after)
}

/// Effective tiles of a concealed 3n+1 hand with every part open: the
/// standard form ([`open_standard`]) and the counting forms. Returns the
/// distance and the tiles (bit per kind).
pub(super) fn concealed_effective<B: AsRef<[u8]>>(
    t: &Tables<B>,
    c: &Counts,
    tally: &Tally,
    rules: &Rules,
) -> (u8, u64) {
    let n = tally.tiles as usize;
    let special = if n >= 13 {
        tally.special_distance(rules)
    } else {
        FAR
    };
    let (d, tiles) = open_standard(t, c, n / 3, special);
    (
        d.min(special),
        with_special(c, tally, rules, d, tiles, special),
    )
}

/// [`concealed_effective`] with the size check, the tally taken from the
/// neighbourhoods' keys (no second pass over the counts).
#[inline(always)]
pub(super) fn concealed_draws<B: AsRef<[u8]>>(
    t: &Tables<B>,
    c: &Counts,
    rules: &Rules,
) -> Result<(u8, u64), ShantenError> {
    let t = t.distance_tables();
    let (parts, tally) = OpenParts::tallied(&t, c);
    let n = tally.tiles as usize;
    if SLOTS_DRAW >> n.min(31) & 1 == 0 {
        Sizes::Draw.check(n, 0)?;
    }
    let special = if n >= 13 {
        tally.special_distance(rules)
    } else {
        FAR
    };
    let (d, tiles) = open_parts(&t, &parts, n / 3, special);
    Ok((
        d.min(special),
        with_special(c, &tally, rules, d, tiles, special),
    ))
}

/// The effective tiles over every form: the standard form's `tiles` (at
/// distance `d`) unless the counting forms do better (`special`), and the
/// counting forms' own where they reach the best.
#[inline]
pub(super) fn with_special(
    c: &Counts,
    tally: &Tally,
    rules: &Rules,
    d: u8,
    tiles: u64,
    special: u8,
) -> u64 {
    let mut tiles = if special < d { 0 } else { tiles };
    if special <= d {
        tiles |= special_tiles(c, tally, rules, special);
    }
    tiles
}

/// The standard form of concealed counts `c` with every part open, towards
/// `k` melds and a pair: four class lookups, two pair products, the optimal
/// cells of each part, and one neighbour lookup per rank. Returns the
/// distance and, when it is at most `tiles_up_to` (other forms may do
/// better), the tiles (bit per kind) whose draw lowers it.
#[inline]
pub(super) fn open_standard<B: AsRef<[u8]>>(
    t: &Tables<B>,
    c: &Counts,
    k: usize,
    tiles_up_to: u8,
) -> (u8, u64) {
    let t = t.distance_tables();
    open_parts(&t, &OpenParts::of(&t, c), k, tiles_up_to)
}

/// [`open_standard`] over the distance tables.
#[inline]
pub(super) fn open_parts_of(t: &DistanceTables, c: &Counts, k: usize) -> (u8, u64) {
    open_parts(t, &OpenParts::of(t, c), k, FAR)
}

#[cfg(test)]
mod tests {
    use super::{Sizes, SLOTS, SLOTS_DRAW};

    /// The size bits say what `Sizes` says.
    #[test]
    fn size_bits_agree_with_sizes() {
        for n in 0..40 {
            assert_eq!(
                SLOTS >> n.min(31) & 1 == 1,
                Sizes::Any.check(n, 0).is_ok(),
                "{n}"
            );
            assert_eq!(
                SLOTS_DRAW >> n.min(31) & 1 == 1,
                Sizes::Draw.check(n, 0).is_ok(),
                "{n}"
            );
        }
    }
}
