//! `jokers.tbl`: the fewest jokers each pattern needs to become complete.
//!
//! A joker stands for any tile, with no four-copies bound. Completing a
//! pattern with jokers means covering its tiles by *pieces*: the real tiles of
//! one meld (or of the pair), the jokers filling the meld's other slots. The
//! pieces and the jokers they cost:
//!
//! | piece | cost | completed as |
//! |---|---|---|
//! | `x x x`, `x x+1 x+2` | 0 | pung, chow |
//! | `x x`, `x x+1`, `x x+2` | 1 | pung, chow (some chow holds `x x+1` in nine ranks) |
//! | `x` | 2 | pung |
//! | pair `x x`, `x`, nothing | 0, 1, 2 | the pair |
//!
//! Groups of jokers only cost three (two for the pair) and never help a
//! minimum, except that the pair may be all jokers. The lowest tile `x` of a
//! pattern lies in some piece whose other tiles are `≥ x`, so
//!
//! ```text
//! melds(v) = min over pieces P ∋ x, P ⊆ v:  cost(P) + melds(v − P)
//! pair(v)  = min(melds(v) + 2,
//!                min over P: cost(P) + pair(v − P),
//!                min over pair pieces Q ∋ x: cost(Q) + melds(v − Q))
//! ```
//!
//! over strictly smaller patterns, which are in the key domain too. The
//! generator fills patterns by size, each size layer in parallel, reading the
//! smaller layers: a handful of lookups per pattern. The output is a pure
//! function of nothing: the same bytes on every run.
//!
//! A pattern completable with `j` jokers is completable with `j + 3` (add a
//! pung of jokers), and the pattern size fixes `j` mod 3, so the minimum says
//! everything: `v` + `j` jokers is melds only ⇔ `j ≥ melds(v)` and
//! `j ≡ melds(v) (mod 3)`; likewise with a pair.
//!
//! The file also holds every pattern's replacement distances with a budget
//! of copies beyond four, for shanten and effective tiles with jokers (see
//! [`budget`](super::budget)).
//!
//! Each record is one byte: [`needs::melds`](crate::table::needs::melds) in
//! the low nibble, [`needs::pair`](crate::table::needs::pair) in the high
//! one, each capped at [`needs::CAP`](crate::table::needs::CAP) (a hand never
//! holds 15 jokers beside a tile, so a capped value is never compared).

use crate::par::prelude::*;
use crate::table::{format, key, needs};

/// The `jokers.tbl` file: one need byte per suit pattern and per honour pattern.
pub(crate) fn jokers() -> Vec<u8> {
    let (suit_class, suit_rows, suit_top) = super::budget::sections::<9>(true);
    let (honor_class, honor_rows, honor_top) = super::budget::sections::<7>(false);
    format::write(
        "jokers",
        &[
            ("suit", records::<9>(true)),
            ("honor", records::<7>(false)),
            ("suit_budget", suit_class),
            ("honor_budget", honor_class),
            ("suit_budget_rows", suit_rows),
            ("honor_budget_rows", honor_rows),
            ("suit_budget_top", suit_top),
            ("honor_budget_top", honor_top),
        ],
    )
}

/// Exact (uncapped) needs of every keyed pattern of `N` ranks, in index order:
/// `(melds only, melds and one pair)`.
pub(crate) fn exact_needs<const N: usize>(chows: bool) -> Vec<(u8, u8)> {
    let patterns = key::patterns::<N>();
    let mut layers: Vec<Vec<u32>> = vec![Vec::new(); key::MAX_TILES + 1];
    for (i, v) in patterns.iter().enumerate() {
        layers[v.iter().map(|&c| c as usize).sum::<usize>()].push(i as u32);
    }
    let mut out = vec![(0u8, 0u8); patterns.len()];
    for layer in &layers {
        let done: Vec<(u8, u8)> = layer
            .par_iter()
            .map(|&i| need(&patterns[i as usize], chows, &out))
            .collect();
        for (&i, n) in layer.iter().zip(done) {
            out[i as usize] = n;
        }
    }
    out
}

/// The recurrence of the module docs for one pattern, over smaller ones in `known`.
fn need<const N: usize>(v: &[u8; N], chows: bool, known: &[(u8, u8)]) -> (u8, u8) {
    let Some(x) = v.iter().position(|&c| c > 0) else {
        return (0, 2);
    };
    let sub = |taken: &[(usize, u8)]| {
        let mut w = *v;
        for &(r, n) in taken {
            w[r] -= n;
        }
        known[key::index(&w)]
    };
    let (mut melds, mut pair) = (u8::MAX, u8::MAX);
    let mut piece = |taken: &[(usize, u8)], cost: u8| {
        let (m, p) = sub(taken);
        melds = melds.min(cost + m);
        pair = pair.min(cost + p);
    };
    piece(&[(x, 1)], 2);
    if v[x] >= 2 {
        piece(&[(x, 2)], 1);
    }
    if v[x] >= 3 {
        piece(&[(x, 3)], 0);
    }
    if chows {
        let has = |r: usize| r < N && v[r] > 0;
        if has(x + 1) {
            piece(&[(x, 1), (x + 1, 1)], 1);
        }
        if has(x + 2) {
            piece(&[(x, 1), (x + 2, 1)], 1);
        }
        if has(x + 1) && has(x + 2) {
            piece(&[(x, 1), (x + 1, 1), (x + 2, 1)], 0);
        }
    }
    // The pair holds x: one copy and a joker, or two copies.
    pair = pair.min(1 + sub(&[(x, 1)]).0);
    if v[x] >= 2 {
        pair = pair.min(sub(&[(x, 2)]).0);
    }
    // Or the pair is two jokers.
    (melds, pair.min(melds + 2))
}

fn records<const N: usize>(chows: bool) -> Vec<u8> {
    exact_needs::<N>(chows)
        .into_iter()
        .map(|(m, p)| needs::pack(m, p))
        .collect()
}

/// The examples of this file's items, run as unit tests.
#[cfg(test)]
mod examples {
    #[test]
    fn jokers() {
        let bytes = crate::table::generate::jokers();
        assert_eq!(
            crate::table::TableFile::new(bytes).unwrap().kind(),
            "jokers"
        );
    }

    #[test]
    fn exact_needs() {
        use crate::table::{generate, key};
        let honors = generate::exact_needs::<7>(false);
        assert_eq!(honors[key::honor_index(&[0; 7])], (0, 2));
        // Seven single honours: two jokers each, one of them only one (the pair).
        assert_eq!(honors[key::honor_index(&[1; 7])], (14, 13));
    }
}
