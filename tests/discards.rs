//! Discard tables of concealed hands (R14, and 11-tile hands whose melds
//! are implied) under every rule set: the discards listed are exactly those
//! that keep the best shanten, and each row's effective tiles are exactly
//! the draws that lower the shanten of the hand it leaves. Against the
//! engine's shanten on many hands (random, and hands rich in knitted
//! tiles, pairs and orphans, where MCR's and Sichuan's other forms decide),
//! and against the brute-force reference on a few. Run in release mode.

use hupai::reference::shanten as brute;
use hupai::sets::{hands, Rng, Set, SEED};
use hupai::{Hand, Rules, Tables, Tile, TileSet, KINDS};
use rayon::prelude::*;

const NONE: [u8; KINDS] = [0; KINDS];

/// Multiplies the hand counts (`HUPAI_TEST_SCALE=10` for a long run).
fn scale(n: usize) -> usize {
    n * std::env::var("HUPAI_TEST_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1)
}

/// The tiles of the knitted permutation `p` (1-4-7, 2-5-8, 3-6-9 spread
/// over the three suits).
fn knitted(p: usize) -> Vec<usize> {
    const PERMS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    (0..3)
        .flat_map(|s| (0..3).map(move |r| 9 * s + PERMS[p][s] + 3 * r))
        .collect()
}

/// `n` tiles drawn from `kinds` (a kind listed twice is twice as likely),
/// at most four copies each, with no tile the rules lack.
fn drawn(rng: &mut Rng, n: usize, kinds: &[usize], rules: &Rules) -> Hand {
    let kinds: Vec<usize> = kinds
        .iter()
        .copied()
        .filter(|&k| rules.tile_exists(k))
        .collect();
    let mut c = [0u8; KINDS];
    let mut held = 0;
    while held < n {
        let k = kinds[rng.below(kinds.len())];
        if c[k] < 4 {
            c[k] += 1;
            held += 1;
        }
    }
    Hand::new(c, &[]).expect("at most four copies")
}

/// Seeded concealed hands of 14 and 11 tiles for `rules`: the R14 set's
/// (those with no tile the rules lack), and hands near the knitted forms,
/// seven pairs and thirteen orphans.
fn concealed(rules: &Rules, per_kind: usize, seed: u64) -> Vec<Hand> {
    let mut out: Vec<Hand> = hands(Set::R14, 4 * per_kind, SEED ^ seed)
        .into_iter()
        .filter(|h| rules.missing_tile(&h.all_counts()).is_none())
        .take(per_kind)
        .collect();
    let mut rng = Rng::new(seed);
    let every: Vec<usize> = (0..KINDS).collect();
    let orphans = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
    for i in 0..per_kind {
        let n = if i % 3 == 0 { 11 } else { 14 };
        let p = rng.below(6);
        // Knitted tiles and honours, a few others.
        let mut kinds = knitted(p);
        kinds.extend(27..KINDS);
        kinds.extend((0..3).map(|_| rng.below(KINDS)));
        out.push(drawn(&mut rng, n, &kinds, rules));
        // Knitted tiles twice as likely as three others (a set and a pair).
        let mut kinds = knitted(p);
        kinds.extend(knitted(p));
        kinds.extend((0..3).map(|_| rng.below(27)));
        out.push(drawn(&mut rng, n, &kinds, rules));
        // Few kinds: pairs.
        let kinds: Vec<usize> = (0..7).map(|_| every[rng.below(KINDS)]).collect();
        out.push(drawn(&mut rng, n, &kinds, rules));
        // Orphans.
        let mut kinds = orphans.to_vec();
        kinds.extend((0..3).map(|_| rng.below(KINDS)));
        out.push(drawn(&mut rng, n, &kinds, rules));
    }
    out
}

/// Checks the discard table of `h` under `rules` against `shanten` (the
/// engine's, or the reference's); returns the rows checked.
fn check(t: &Tables, h: &Hand, rules: &Rules, shanten: impl Fn(&Hand) -> Option<i8>) -> usize {
    let table = t.discards(h, rules, &NONE).expect("a 3n+2 hand");
    assert_eq!(Some(table.shanten()), shanten(h), "{} {h}", rules.name);
    let after: Vec<(Tile, i8)> = Tile::all()
        .filter_map(|x| Some((x, shanten(&h.without_tile(x)?)?)))
        .collect();
    let best = after.iter().map(|a| a.1).min().expect("a tile held");
    assert_eq!(table.after(), best, "{} {h}", rules.name);
    let mut want: Vec<Tile> = after.iter().filter(|a| a.1 == best).map(|a| a.0).collect();
    let mut listed: Vec<Tile> = table.iter().map(|(x, _)| x).collect();
    want.sort();
    listed.sort();
    assert_eq!(listed, want, "{} {h}", rules.name);
    for (x, e) in table.iter() {
        let rest = h.without_tile(x).expect("listed discards are held");
        let lowering: TileSet = Tile::all()
            .filter(|&y| {
                rest.with_tile(y)
                    .ok()
                    .and_then(|n| shanten(&n))
                    .is_some_and(|n| n < best)
            })
            .collect();
        assert_eq!(e.tiles(), lowering, "{} {h} -{x}", rules.name);
    }
    table.len()
}

/// Every rule set, many hands: against the engine's shanten (which
/// tests/shanten.rs, tests/mcr.rs and tests/sets.rs hold to the reference).
#[test]
fn concealed_discard_tables_match_the_shanten_of_every_discard_and_draw() {
    let t = Tables::embedded();
    for (k, rules) in Rules::NAMED.iter().enumerate() {
        let hs = concealed(rules, scale(3), 0xd15c + k as u64);
        assert!(hs.len() > 10, "{}: {} hands", rules.name, hs.len());
        let rows: usize = hs
            .par_iter()
            .map(|h| check(t, h, rules, |x| t.shanten(x, rules).ok()))
            .sum();
        assert!(rows > hs.len(), "{}: {rows} rows", rules.name);
    }
}

/// MCR and Sichuan, whose concealed forms go beyond the standard form and
/// seven pairs: a few hands against the brute-force reference itself.
#[test]
fn concealed_discard_tables_equal_the_reference() {
    let t = Tables::embedded();
    for (k, rules) in [Rules::MCR, Rules::SICHUAN].iter().enumerate() {
        let hs = concealed(rules, 1, 0x5eed + k as u64);
        let rows: usize = hs
            .par_iter()
            .map(|h| check(t, h, rules, |x| brute::shanten(x, rules)))
            .sum();
        assert!(rows >= hs.len(), "{}: {rows} rows", rules.name);
    }
}
