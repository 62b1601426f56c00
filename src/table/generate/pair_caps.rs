//! `shanten.tbl`'s `pair_capped_starts`, `pair_capped_entries`,
//! `pair_capped_rows` and `pair_capped_classes` sections: for each suit
//! pattern of at most eight tiles, the two declared melds in its suit
//! beside which its table distances are not exact, and the capped
//! distances there.
//!
//! Two declared melds in one suit leave its ranks the copies neither took
//! (*pair caps*: 277 distinct sets from the 25 meld configurations). Such
//! a hand holds at most eight concealed tiles and aims at most at two more
//! melds, so only the cells of at most two melds are ever asked, of
//! patterns of at most eight tiles (the 22,330 of
//! [`few_suit_index`](key::few_suit_index)). Of the 3.2 million pairs of
//! such a pattern and pair caps it fits, about 101,000 differ from the
//! plain distances in those cells, and they take only 47 distinct capped
//! rows. The file keeps, per pattern in `few_suit_index` order, where its
//! entries start (`pair_capped_starts`, a `u32` per pattern and one past
//! the last); each entry a `u16`, the pair caps' number ([`PAIR_OF`](crate::table::layout::pair_caps::PAIR_OF)) times
//! 128 plus its row, ascending; and the rows (`pair_capped_rows`, 128 of
//! 16 bytes, cells of more than two melds [`FAR`](crate::table::layout::cells::FAR))
//! with the first class equal to each in the cells asked
//! (`pair_capped_classes`, [`NO_CLASS`] where none is).
//!
//! Generation, smallest patterns first: the certificate of the engine's
//! `capped` module clears most cells (from each pattern's gains: which
//! cells each number of more copies of a rank lowers one for one); a
//! smaller pattern exact at the same distance clears more (a tile more
//! never raises a distance), and so do tighter caps exact there (the
//! capped distances lie between the plain ones and theirs); the capped
//! programme decides the rest (about 360,000 pairs). It adds about 0.1 s
//! of one core to `tables build`.

use super::part::PartData;
use crate::par::prelude::*;
use crate::table::layout::capped_distances;
use crate::table::layout::caps::NO_CLASS;
use crate::table::layout::cells::cell;
use crate::table::layout::pair_caps::{caps_of_pair, MOST_MELDS, PAIR_CAPS, ROWS};
use crate::table::{key, Distances};

/// The four sections (see the module docs).
pub(crate) struct PairCaps {
    /// Where each pattern's entries start, and one past the last.
    pub(crate) starts: Vec<u32>,
    /// `pair caps number << 7 | row`, ascending per pattern.
    pub(crate) entries: Vec<u16>,
    /// [`ROWS`] capped rows, unused ones [`FAR`](crate::table::layout::cells::FAR).
    pub(crate) rows: Vec<Distances>,
    /// Of each row, the first suit class equal to it in the cells asked.
    pub(crate) classes: Vec<u8>,
}

/// The lanes of the cells asked (`8p + m`, m ≤ [`MOST_MELDS`]).
fn asked() -> impl Iterator<Item = usize> {
    (0..2).flat_map(|p| (0..=MOST_MELDS).map(move |m| 8 * p + m))
}

/// The pair-capped sections from the suit distances `suit`.
pub(crate) fn pair_caps(suit: &PartData) -> PairCaps {
    let plain = |v: &[u8; 9]| &suit.classes[suit.class[key::index(v)] as usize];
    let few: Vec<[u8; 9]> = key::patterns::<9>()
        .into_iter()
        .filter(|v| usize::from(v.iter().sum::<u8>()) <= key::FEW_TILES)
        .collect();
    // Smallest patterns first, a layer of equal size at a time, each
    // pattern's exact cells (bit 3p + m) beside each pair caps kept for
    // the next layers.
    let tighter = Tighter::new();
    let mut exact = vec![[0u8; PAIR_CAPS]; key::FEW_SUIT_PATTERNS];
    let mut found: Vec<Vec<(u16, Distances)>> = vec![Vec::new(); key::FEW_SUIT_PATTERNS];
    for size in 0..=key::FEW_TILES as u8 {
        let layer: Vec<&[u8; 9]> = few
            .iter()
            .filter(|v| v.iter().sum::<u8>() == size)
            .collect();
        let new: Vec<_> = layer
            .par_iter()
            .map(|v| pattern_caps(v, &plain, &exact, &tighter))
            .collect();
        for (v, (cells, rows)) in layer.into_iter().zip(new) {
            let i = key::few_suit_index(v);
            exact[i] = cells;
            found[i] = rows;
        }
    }
    let mut rows: Vec<Distances> = found.iter().flatten().map(|&(_, r)| r).collect();
    rows.sort_unstable();
    rows.dedup();
    assert!(rows.len() <= ROWS, "{} pair-capped rows", rows.len());
    let (mut starts, mut entries) = (vec![0u32], Vec::new());
    for pattern in &found {
        for (n, row) in pattern {
            let r = rows.binary_search(row).expect("a row of its own");
            entries.push(n << 7 | r as u16);
        }
        starts.push(entries.len() as u32);
    }
    let classes = rows
        .iter()
        .map(|row| {
            let stands = |c: &[u8; 10]| asked().all(|l| c[cell(l % 8, l / 8)] == row[l]);
            suit.classes
                .iter()
                .position(stands)
                .map_or(NO_CLASS, |c| c as u8)
        })
        .chain(std::iter::repeat(NO_CLASS))
        .take(ROWS)
        .collect();
    rows.resize(ROWS, [crate::table::layout::cells::FAR; 16]);
    PairCaps {
        starts,
        entries,
        rows,
        classes,
    }
}

/// The pair caps, those leaving fewest copies first, and of each the
/// others that leave no rank more copies.
struct Tighter {
    first: Vec<usize>,
    than: Vec<Vec<u16>>,
}

impl Tighter {
    fn new() -> Tighter {
        let mut first: Vec<usize> = (0..PAIR_CAPS).collect();
        first.sort_by_key(|&n| caps_of_pair(n).iter().map(|&c| u32::from(c)).sum::<u32>());
        let than = (0..PAIR_CAPS)
            .map(|n| {
                let caps = caps_of_pair(n);
                let fewer = |a: usize| caps_of_pair(a).iter().zip(&caps).all(|(x, c)| x <= c);
                (0..PAIR_CAPS)
                    .filter(|&a| a != n && fewer(a))
                    .map(|a| a as u16)
                    .collect()
            })
            .collect();
        Tighter { first, than }
    }
}

/// Cells of at most two melds, bit `3p + m`.
const ALL_CELLS: u8 = 0x3f;

/// Of pattern `v` (at most eight tiles), the cells (bit `3p + m`) where
/// its plain distances are exact beside each pair caps (0 where it does
/// not fit), given the same for every smaller pattern in `smaller`; and
/// the pair caps where some cell differs, with the capped distances.
fn pattern_caps<'a>(
    v: &[u8; 9],
    plain: &impl Fn(&[u8; 9]) -> &'a [u8; 10],
    smaller: &[[u8; PAIR_CAPS]],
    tighter: &Tighter,
) -> ([u8; PAIR_CAPS], Vec<(u16, Distances)>) {
    let d = plain(v);
    // Cells where `x` plus `shift` is `d`.
    let agree = |x: &[u8; 10], shift: u8| {
        (0..6).fold(0u8, |bits, b| {
            let c = cell(b % 3, b / 3);
            bits | u8::from(x[c] + shift == d[c]) << b
        })
    };
    // Per rank, the cells that each gain of copies lowers one for one
    // (`paid[r][g − 1]`): where the gain past a rank's cap pays so, an
    // optimal target may break the cap (the certificate).
    let mut paid = [[0u8; 4]; 9];
    for (r, paid) in paid.iter_mut().enumerate() {
        for gain in 1..=4 - v[r] {
            let mut w = *v;
            w[r] += gain;
            paid[usize::from(gain - 1)] = agree(plain(&w), gain);
        }
    }
    // The patterns one tile smaller, and the cells where they keep `v`'s
    // distances: a tile fewer never lowers a distance, so where one is
    // exact at the same distance, so is `v`.
    let less: Vec<(usize, u8)> = (0..9)
        .filter(|&s| v[s] > 0)
        .map(|s| {
            let mut u = *v;
            u[s] -= 1;
            (key::few_suit_index(&u), agree(plain(&u), 0))
        })
        .collect();
    let mut cells = [0u8; PAIR_CAPS];
    let mut rows = Vec::new();
    // Tighter caps first: a cell exact beside caps is exact beside any
    // looser (the capped distances lie between).
    for &n in &tighter.first {
        let caps = caps_of_pair(n);
        if v.iter().zip(&caps).any(|(x, c)| x > c) {
            continue;
        }
        let mut doubt = (0..9)
            .filter(|&r| caps[r] < 4)
            .fold(0, |doubt, r| doubt | paid[r][usize::from(caps[r] - v[r])]);
        for &(u, kept) in &less {
            doubt &= !(smaller[u][n] & kept);
        }
        for &a in &tighter.than[n] {
            doubt &= !cells[usize::from(a)];
        }
        if doubt == 0 {
            cells[n] = ALL_CELLS;
            continue;
        }
        // The capped programme decides the rest.
        let capped = capped_distances(v, &caps, true, MOST_MELDS);
        let mut lanes = [0u8; 10];
        for (c, x) in lanes.iter_mut().enumerate() {
            *x = capped[8 * (c / 5) + c % 5];
        }
        cells[n] = !doubt & ALL_CELLS | agree(&lanes, 0);
        if cells[n] != ALL_CELLS {
            rows.push((n as u16, capped));
        }
    }
    rows.sort_unstable_by_key(|&(n, _)| n);
    (cells, rows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::layout::caps::config_caps;
    use crate::table::layout::pair_caps::{NO_PAIR, PAIR_OF};
    use crate::table::SUIT_CLASS_ROWS;
    use crate::Tables;

    /// Every two meld configurations that fit in one suit have a number,
    /// the same in either order, whose caps are what they leave; distinct
    /// caps have distinct numbers.
    #[test]
    fn pair_numbers_name_the_caps_two_melds_leave() {
        let mut seen = std::collections::HashSet::new();
        for (a, of_a) in PAIR_OF.iter().enumerate() {
            for (b, &pair) in of_a.iter().enumerate() {
                assert_eq!(pair, PAIR_OF[b][a]);
                let (x, y) = (config_caps(a), config_caps(b));
                let taken: Vec<u8> = (0..9).map(|r| 8 - x[r] - y[r]).collect();
                if taken.iter().any(|&t| t > 4) {
                    assert_eq!(pair, NO_PAIR, "{a} {b}");
                    continue;
                }
                let n = usize::from(pair);
                let caps: Vec<u8> = taken.iter().map(|t| 4 - t).collect();
                assert_eq!(caps_of_pair(n)[..], caps[..], "{a} {b}");
                seen.insert(n);
            }
        }
        assert_eq!(seen.len(), PAIR_CAPS);
        assert_eq!(PAIR_CAPS, 277);
    }

    /// Every entry against the definition: for every pattern of at most
    /// eight tiles and every pair caps it fits, the file's row where it
    /// has one, else the table's distances, equal the capped programme in
    /// every cell of at most two melds; a row is kept exactly where they
    /// differ there, with a class equal to it there wherever one is.
    #[test]
    fn pair_capped_rows_match_the_capped_programme() {
        let tables = Tables::embedded();
        let t = tables.distance_tables();
        let few: Vec<[u8; 9]> = key::patterns::<9>()
            .into_iter()
            .filter(|v| usize::from(v.iter().sum::<u8>()) <= key::FEW_TILES)
            .collect();
        let lanes: Vec<usize> = asked().collect();
        let (checked, rows, classed) = few
            .par_iter()
            .map(|v| {
                let i = key::few_suit_index(v);
                let plain = t.suit(t.suit_class(v));
                let mut n = (0usize, 0usize, 0usize);
                for pair in 0..PAIR_CAPS {
                    let caps = caps_of_pair(pair);
                    if v.iter().zip(&caps).any(|(x, c)| x > c) {
                        continue;
                    }
                    let truth = capped_distances(v, &caps, true, MOST_MELDS);
                    let differs = lanes.iter().any(|&l| truth[l] != plain[l]);
                    let kept = t.suit_pair_capped(i, pair);
                    assert_eq!(kept.is_some(), differs, "{v:?} beside {caps:?}");
                    if let Some((row, class)) = kept {
                        for &l in &lanes {
                            assert_eq!(row[l], truth[l], "{v:?} beside {caps:?} lane {l}");
                        }
                        let stands = |c: u8| lanes.iter().all(|&l| t.suit(c)[l] == truth[l]);
                        match class {
                            Some(c) => {
                                assert!(stands(c), "{v:?} beside {caps:?}: class {c}");
                                n.2 += 1;
                            }
                            None => assert!(
                                !(0..SUIT_CLASS_ROWS as u8).any(stands),
                                "{v:?} beside {caps:?}: a class stands for the row"
                            ),
                        }
                        n.1 += 1;
                    }
                    n.0 += 1;
                }
                n
            })
            .reduce(|| (0, 0, 0), |a, b| (a.0 + b.0, a.1 + b.1, a.2 + b.2));
        assert!(checked > 3_000_000, "{checked}");
        assert!(rows > 100_000, "{rows}");
        println!("{checked} pairs, {rows} rows, {classed} with a class");
    }
}
