//! `shanten.tbl`'s `suit_caps`, `suit_capped_keys`, `suit_capped_rows` and
//! `suit_capped_classes` sections: for each suit pattern, the single
//! declared melds beside which its table distances stay exact, and the
//! capped distances where they do not.
//!
//! A declared meld in a suit leaves fewer copies of its ranks for the
//! targets (*caps*): a chow leaves three of each of its ranks, a pung one
//! of its rank, a kong none. The plain distances are lower bounds of the
//! capped ones. Bit `j` of a pattern's word is *clear* when, beside meld
//! configuration `j` ([`config_caps`]), the two are equal in every cell of
//! at most three melds: a declared meld leaves at most 11 concealed tiles,
//! so no query beside one asks for four. A *set* bit: the pattern does not
//! fit beside the meld, holds more than 11 tiles, or some cell really
//! differs (about 34,000 of the 2.2 million fitting pairs); for those last
//! the file keeps the capped distances, keyed `index << 5 | j` in ascending
//! order for a binary search, and a class equal to them in every cell of at
//! most three melds where there is one (97% of them): the engine then reads
//! the capped suit by that class, through the class-pair tables.
//!
//! Generation, smallest patterns first: the certificate of the engine's
//! `capped` module (one lookup of the plain distances per capped rank)
//! clears most cells; a smaller pattern exact at the same distance clears
//! more (a tile more never raises a distance); the capped programme decides
//! the rest.

use super::part::PartData;
use crate::par::prelude::*;
use crate::table::layout::capped_distances;
use crate::table::layout::caps::{config_caps, CONFIGS, NO_CLASS};
use crate::table::layout::cells::{cell, CELLS};
use crate::table::{key, Distances};

/// Concealed tiles a suit can hold beside a declared meld.
const MOST_TILES: u8 = 11;

/// Cells asked about beside a declared meld: at most three melds.
const MOST_MELDS: usize = 3;

/// The `suit_caps` words and, for each set bit of a pattern that fits
/// beside its meld, the capped distances (see the module docs).
pub(crate) struct SuitCaps {
    /// One word per suit pattern, in key order.
    pub(crate) words: Vec<u32>,
    /// `index << 5 | j` for each pattern (dense index) and configuration
    /// whose capped distances differ from the plain ones, ascending.
    pub(crate) keys: Vec<u32>,
    /// The capped distances of each key, cells of more than three melds
    /// [`FAR`](crate::table::layout::cells::FAR).
    pub(crate) rows: Vec<Distances>,
    /// Of each key, the first class whose distances equal its row in every
    /// cell of at most three melds (all a query beside a declared meld
    /// reads), or [`NO_CLASS`]: where there is one, the class-pair tables
    /// stand for the capped suit.
    pub(crate) classes: Vec<u8>,
}

/// A pattern's exact cells per configuration and its capped rows.
type LayerItem = ([u8; CONFIGS], Vec<(u32, Distances)>);

/// The `suit_caps` words and capped rows of every suit pattern.
pub(crate) fn suit_caps(suit: &PartData) -> SuitCaps {
    let patterns = key::patterns::<9>();
    let plain = |v: &[u8; 9]| -> &[u8; CELLS] { &suit.classes[suit.class[key::index(v)] as usize] };
    let size = |v: &[u8; 9]| v.iter().sum::<u8>();
    let mut layers: Vec<Vec<u32>> = vec![Vec::new(); MOST_TILES as usize + 1];
    for (i, v) in patterns.iter().enumerate() {
        if let Some(layer) = layers.get_mut(size(v) as usize) {
            layer.push(i as u32);
        }
    }
    // Per pattern and configuration, the cells proven exact (bit 4p + m),
    // and the capped distances where they differ.
    let mut exact = vec![[0u8; CONFIGS]; patterns.len()];
    let mut capped: Vec<(u32, Distances)> = Vec::new();
    for layer in &layers {
        let new: Vec<LayerItem> = layer
            .par_iter()
            .map(|&i| {
                let v = &patterns[i as usize];
                let mut cells = [0u8; CONFIGS];
                let mut rows = Vec::new();
                for (j, c) in cells.iter_mut().enumerate() {
                    let (e, row) = exact_cells(v, j, &plain, &exact);
                    *c = e;
                    if let Some(row) = row {
                        rows.push((i << 5 | j as u32, row));
                    }
                }
                (cells, rows)
            })
            .collect();
        for (&i, (cells, rows)) in layer.iter().zip(new) {
            exact[i as usize] = cells;
            capped.extend(rows);
        }
    }
    capped.sort_unstable_by_key(|&(k, _)| k);
    let words = exact
        .iter()
        .map(|cells| {
            (0..CONFIGS)
                .filter(|&j| cells[j] != ALL_CELLS)
                .fold(0, |w, j| w | 1 << j)
        })
        .collect();
    let classes = capped
        .iter()
        .map(|(_, row)| {
            let asked = |p: usize| (0..=MOST_MELDS).map(move |m| (m, p));
            let equal = |d: &[u8; CELLS]| {
                asked(0)
                    .chain(asked(1))
                    .all(|(m, p)| d[cell(m, p)] == row[8 * p + m])
            };
            suit.classes
                .iter()
                .position(equal)
                .map_or(NO_CLASS, |c| c as u8)
        })
        .collect();
    SuitCaps {
        words,
        keys: capped.iter().map(|&(k, _)| k).collect(),
        rows: capped.iter().map(|&(_, r)| r).collect(),
        classes,
    }
}

/// Every cell of at most [`MOST_MELDS`] melds, bit `4p + m`.
const ALL_CELLS: u8 = 0xff;

/// The cells (bit `4p + m`, m ≤ [`MOST_MELDS`]) where pattern `v` keeps its
/// plain distances beside meld configuration `j`, given the same for every
/// smaller pattern in `smaller`; and the capped distances where some cell
/// differs (0 cells and none where `v` does not fit beside the meld).
fn exact_cells<'a>(
    v: &[u8; 9],
    j: usize,
    plain: &impl Fn(&[u8; 9]) -> &'a [u8; CELLS],
    smaller: &[[u8; CONFIGS]],
) -> (u8, Option<Distances>) {
    let caps = config_caps(j);
    if v.iter().zip(&caps).any(|(x, c)| x > c) {
        return (0, None);
    }
    let d = plain(v);
    // Cells where `x` and `d` agree.
    let agree = |x: &[u8; CELLS], shift: u8| {
        (0..8).fold(0u8, |m, b| {
            let c = cell(b % 4, b / 4);
            m | u8::from(x[c] + shift == d[c]) << b
        })
    };
    // The certificate: cells where no optimal target breaks a cap.
    let tiles: u8 = v.iter().sum();
    let mut doubt = 0u8;
    for r in (0..9).filter(|&r| caps[r] < 4) {
        let gain = caps[r] - v[r] + 1;
        if tiles + gain > key::MAX_TILES as u8 {
            doubt = ALL_CELLS;
            break;
        }
        let mut w = *v;
        w[r] += gain;
        doubt |= agree(plain(&w), gain);
    }
    // A tile fewer never lowers a distance: where a smaller pattern is
    // exact at the same distance, so is this one.
    for s in (0..9).filter(|&s| v[s] > 0) {
        if doubt == 0 {
            break;
        }
        let mut u = *v;
        u[s] -= 1;
        doubt &= !(smaller[key::index(&u)][j] & agree(plain(&u), 0));
    }
    if doubt == 0 {
        return (ALL_CELLS, None);
    }
    // The capped programme decides the rest.
    let capped = capped_distances(v, &caps, true, MOST_MELDS);
    let mut lanes = [0u8; CELLS];
    for (c, x) in lanes.iter_mut().enumerate() {
        *x = capped[8 * (c / 5) + c % 5];
    }
    let cells = !doubt | agree(&lanes, 0);
    (cells, (cells != ALL_CELLS).then_some(capped))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::SUIT_CLASS_ROWS;
    use crate::Tables;

    /// Every word and row against the definition: for every pattern of at
    /// most 11 tiles and every meld configuration it fits beside, the bit is
    /// clear exactly when the capped programme equals the plain distances
    /// in every cell of at most three melds, and the file keeps the capped
    /// programme's row exactly where it is set, with a class equal to it in
    /// those cells wherever one is.
    #[test]
    fn suit_caps_match_the_capped_programme() {
        let tables = Tables::embedded();
        let t = tables.distance_tables();
        let patterns = key::patterns::<9>();
        let counts = patterns
            .par_iter()
            .filter(|v| v.iter().sum::<u8>() <= MOST_TILES)
            .map(|v| {
                let i = key::suit_index(v);
                let plain = t.suit(t.suit_class_at(i));
                let word = t.suit_caps_at(i);
                // Pairs checked, capped rows with a class, capped rows.
                let mut n = (0usize, 0usize, 0usize);
                for j in 0..CONFIGS {
                    let caps = config_caps(j);
                    if v.iter().zip(&caps).any(|(x, c)| x > c) {
                        assert_eq!(word >> j & 1, 1, "{v:?} does not fit beside {j}");
                        continue;
                    }
                    let capped = capped_distances(v, &caps, true, MOST_MELDS);
                    let asked = || (0..2).flat_map(|p| (0..=MOST_MELDS).map(move |m| 8 * p + m));
                    let equal = asked().all(|l| capped[l] == plain[l]);
                    assert_eq!(word >> j & 1 == 0, equal, "{v:?} beside {j}");
                    // Where they differ, the file keeps the capped ones,
                    // and the class equal to them in those cells where
                    // there is one.
                    let kept = t.suit_capped_read(i, j);
                    assert_eq!(kept.is_some(), !equal, "{v:?} beside {j}");
                    if let Some((row, class)) = kept {
                        assert_eq!(*row, capped, "{v:?} beside {j}");
                        let stands = |c: u8| asked().all(|l| t.suit(c)[l] == capped[l]);
                        match class {
                            Some(c) => {
                                assert!(stands(c), "{v:?} beside {j}: class {c}");
                                n.1 += 1;
                            }
                            None => assert!(
                                !(0..SUIT_CLASS_ROWS as u8).any(stands),
                                "{v:?} beside {j}: a class stands for the row"
                            ),
                        }
                        n.2 += 1;
                    }
                    n.0 += 1;
                }
                n
            })
            .reduce(|| (0, 0, 0), |a, b| (a.0 + b.0, a.1 + b.1, a.2 + b.2));
        let (checked, classed, rows) = counts;
        assert!(checked > 1_900_000, "{checked}");
        // Most capped rows read as a class (the class-pair tables stand for
        // the suit): 32,767 of 33,918.
        assert!(classed * 100 > rows * 95, "{classed} of {rows}");
    }
}
