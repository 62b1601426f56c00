//! `shanten.tbl`'s `suit_gains` section: for each suit pattern of at most
//! [`FEW_TILES`](key::FEW_TILES) tiles, each rank and each cell of at most
//! two melds, how many more copies of that rank each lower the cell's
//! distance by one.
//!
//! The certificate (the engine's `capped` module) asks, for a rank capped
//! at `caps[r]` copies, whether drawing `gain = caps[r] + 1 − v[r]` copies
//! lowers a cell by exactly `gain`: `D(v + gain·e_r) + gain = D(v)`. A
//! tile more lowers a distance by at most one and never raises it, so the
//! equality at `gain` holds exactly when it holds at every smaller gain:
//! it holds up to some largest gain `G` and for none above. Stored, `G`
//! answers the question for every cap at once, without the lookup of the
//! larger pattern the certificate makes per capped rank.
//!
//! Only suits beside two or more declared melds need it often, and those
//! hold at most eight concealed tiles (six of the fourteen slots are the
//! melds') and at most two melds' cells (a hand of at most 14 slots with
//! two melds aims at most at two more). The section is 28 bytes a pattern
//! in [`few_suit_index`](key::few_suit_index) order: three bytes a rank,
//! a nibble a cell (nibble `3p + m` for `m` melds and `p` pairs), and a
//! zero byte so that a four-byte read of the last rank stays inside.

use super::part::PartData;
use crate::table::key;
use crate::table::layout::cells::cell;
use crate::table::layout::gains::{MOST_MELDS, RECORD};

/// The `suit_gains` section from the suit distances `suit`.
pub(crate) fn suit_gains(suit: &PartData) -> Vec<u8> {
    let distances = |v: &[u8; 9]| suit.classes[suit.class[key::suit_index(v)] as usize];
    let mut out = vec![0u8; RECORD * key::FEW_SUIT_PATTERNS];
    let patterns = key::patterns::<9>();
    for v in patterns
        .iter()
        .filter(|v| v.iter().sum::<u8>() as usize <= key::FEW_TILES)
    {
        let d = distances(v);
        let record = &mut out[RECORD * key::few_suit_index(v)..][..RECORD];
        for r in 0..9 {
            let mut word = 0u32;
            for p in 0..2 {
                for m in 0..=MOST_MELDS {
                    let c = cell(m, p);
                    // The largest gain paid one for one: v + gain·e_r
                    // holds at most 12 tiles, inside the table.
                    let paid = |gain: u8| {
                        let mut w = *v;
                        w[r] += gain;
                        distances(&w)[c] + gain == d[c]
                    };
                    let most = (1..=4 - v[r]).take_while(|&g| paid(g)).last().unwrap_or(0);
                    word |= u32::from(most) << (4 * (3 * p + m));
                }
            }
            record[3 * r..3 * r + 3].copy_from_slice(&word.to_le_bytes()[..3]);
        }
    }
    out
}
