//! Shared helpers of the tests: random hands that exercise every form,
//! mpsz literals, and the joker tests' checks.
#![allow(dead_code)]

use hupai::sets::Rng;
use hupai::{Hand, Meld, MeldKind, Rules, Tile};

/// A hand in mpsz notation (declared melds in brackets).
pub fn hand(s: &str) -> Hand {
    hupai::notation::parse(s, hupai::Notation::Mpsz).unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// A hand from mpsz concealed tiles plus declared melds.
pub fn with_melds(s: &str, melds: &[Meld]) -> Hand {
    Hand::new(*hand(s).counts(), melds).expect("valid test hand")
}

pub fn tile(i: usize) -> Tile {
    Tile::from_index(i).unwrap()
}

pub fn meld(kind: MeldKind, t: usize) -> Meld {
    let from = (kind != MeldKind::ConcealedKong).then_some(hupai::From::Left);
    Meld::new(kind, tile(t), from).unwrap()
}

/// Tiles left to draw: four copies of each kind minus what is used.
pub struct Wall {
    pub left: [u8; 34],
}

impl Wall {
    pub fn new() -> Wall {
        Wall { left: [4; 34] }
    }
    pub fn take(&mut self, i: usize, n: u8) -> bool {
        if self.left[i] >= n {
            self.left[i] -= n;
            true
        } else {
            false
        }
    }
}

/// A random group of tiles (pung, chow, pair) drawn from the wall within the
/// allowed tile kinds; returns the tiles' indices.
fn random_group(rng: &mut Rng, wall: &mut Wall, kinds: &[usize], pair: bool) -> Option<Vec<usize>> {
    for _ in 0..20 {
        let t = kinds[rng.below(kinds.len())];
        if pair {
            if wall.take(t, 2) {
                return Some(vec![t, t]);
            }
            continue;
        }
        if rng.below(2) == 0 && t < 27 && t % 9 <= 6 && kinds.contains(&(t + 2)) {
            if wall.left[t] > 0 && wall.left[t + 1] > 0 && wall.left[t + 2] > 0 {
                for k in 0..3 {
                    wall.take(t + k, 1);
                }
                return Some(vec![t, t + 1, t + 2]);
            }
        } else if wall.take(t, 3) {
            return Some(vec![t, t, t]);
        }
    }
    None
}

/// Tile kinds a random hand draws from: all, few suits, or one suit, so
/// that multi-sided waits and many arrangements come up often. Under rules
/// without honours or with a suit limit, nine hands in ten keep to them.
fn random_kinds(rng: &mut Rng, rules: &Rules) -> Vec<usize> {
    let limited = !rules.honors || rules.max_suits < 3;
    if limited && rng.below(10) != 0 {
        let a = rng.below(3);
        let b = (a + 1 + rng.below(2)) % 3;
        return match rng.below(3) {
            0 => (a * 9..a * 9 + 9).collect(),
            _ => (a * 9..a * 9 + 9).chain(b * 9..b * 9 + 9).collect(),
        };
    }
    match rng.below(6) {
        0 | 1 => (0..34).collect(),
        2 => (0..27).collect(),
        3 => {
            let s = rng.below(3);
            (s * 9..s * 9 + 9).collect()
        }
        4 => {
            let a = rng.below(3);
            let b = (a + 1 + rng.below(2)) % 3;
            (a * 9..a * 9 + 9).chain(b * 9..b * 9 + 9).collect()
        }
        _ => {
            let s = rng.below(3);
            (s * 9..s * 9 + 9).chain(27..34).collect()
        }
    }
}

/// A random hand of `slots` = 3n + 2 (≤ 14) slots that is usually complete
/// under the standard form: declared melds, concealed melds and a pair,
/// sometimes with a tile swapped for a random one.
pub fn near_complete(rng: &mut Rng, rules: &Rules) -> Hand {
    loop {
        let kinds = random_kinds(rng, rules);
        let mut wall = Wall::new();
        let groups = match rng.below(10) {
            0 => rng.below(4),
            _ => 4,
        };
        let declared = match rng.below(6) {
            0..=2 => 0,
            3 => 1,
            4 => 2,
            _ => rng.below(groups + 1),
        }
        .min(groups);
        let mut melds = Vec::new();
        let mut c = [0u8; 34];
        let mut ok = true;
        for g in 0..groups {
            let Some(tiles) = random_group(rng, &mut wall, &kinds, false) else {
                ok = false;
                break;
            };
            if g < declared {
                let t = tiles[0];
                let kind = if tiles[1] != t {
                    MeldKind::Chow
                } else if rng.below(4) == 0 && wall.take(t, 1) {
                    if rng.below(2) == 0 {
                        MeldKind::Kong
                    } else {
                        MeldKind::ConcealedKong
                    }
                } else {
                    MeldKind::Pung
                };
                melds.push(meld(kind, t));
            } else {
                for t in tiles {
                    c[t] += 1;
                }
            }
        }
        let Some(pair) = random_group(rng, &mut wall, &kinds, true) else {
            continue;
        };
        if !ok {
            continue;
        }
        for t in pair {
            c[t] += 1;
        }
        if rng.below(5) == 0 {
            swap_random(rng, &mut c, &mut wall, &kinds);
        }
        if let Ok(h) = Hand::new(c, &melds) {
            return h;
        }
    }
}

/// Replace one concealed tile with a random one still in the wall.
fn swap_random(rng: &mut Rng, c: &mut [u8; 34], wall: &mut Wall, kinds: &[usize]) {
    let held: Vec<usize> = (0..34).filter(|&i| c[i] > 0).collect();
    let out = held[rng.below(held.len())];
    for _ in 0..20 {
        let t = kinds[rng.below(kinds.len())];
        if wall.take(t, 1) {
            c[out] -= 1;
            wall.left[out] += 1;
            c[t] += 1;
            return;
        }
    }
}

/// A 14-tile concealed hand near a special form: seven pairs (quads
/// included), thirteen orphans, honours and knitted, knitted straight.
pub fn near_special(rng: &mut Rng, rules: &Rules) -> Hand {
    loop {
        let mut c = [0u8; 34];
        let mut melds = Vec::new();
        let mut wall = Wall::new();
        let kinds = random_kinds(rng, rules);
        match rng.below(5) {
            0 | 1 => {
                let mut pairs = 0;
                while pairs < 7 {
                    let t = kinds[rng.below(kinds.len())];
                    if wall.take(t, 2) {
                        c[t] += 2;
                        pairs += 1;
                    }
                }
            }
            2 => {
                for &i in &hupai::forms::ORPHANS {
                    c[i] = 1;
                }
                c[hupai::forms::ORPHANS[rng.below(13)]] += 1;
            }
            3 => {
                let p = rng.below(6);
                let mut pool: Vec<usize> = hupai::forms::knitted_tiles(p).to_vec();
                pool.extend(27..34);
                for _ in 0..2 {
                    pool.swap_remove(rng.below(pool.len()));
                }
                for i in pool {
                    c[i] = 1;
                }
            }
            _ => {
                let p = rng.below(6);
                for i in hupai::forms::knitted_tiles(p) {
                    c[i] += 1;
                    wall.take(i, 1);
                }
                let Some(set) = random_group(rng, &mut wall, &kinds, false) else {
                    continue;
                };
                let Some(pair) = random_group(rng, &mut wall, &kinds, true) else {
                    continue;
                };
                for t in pair {
                    c[t] += 1;
                }
                if rng.below(2) == 0 {
                    // The set declared (MCR allows one meld with the straight).
                    let kind = if set[0] == set[1] {
                        MeldKind::Pung
                    } else {
                        MeldKind::Chow
                    };
                    melds.push(meld(kind, set[0]));
                } else {
                    for t in set {
                        c[t] += 1;
                    }
                }
            }
        }
        let mut all = c;
        for m in &melds {
            m.add_to(&mut all);
        }
        for (left, &n) in wall.left.iter_mut().zip(&all) {
            *left = 4 - n.min(4);
        }
        if rng.below(4) == 0 {
            swap_random(rng, &mut c, &mut wall, &(0..34).collect::<Vec<_>>());
        }
        if let Ok(h) = Hand::new(c, &melds) {
            return h;
        }
    }
}

/// A generic-rule hand of 14 + k slots with k concealed quads (undeclared
/// kongs), usually complete.
pub fn near_kongs(rng: &mut Rng, rules: &Rules) -> Hand {
    loop {
        let kinds = random_kinds(rng, rules);
        let mut wall = Wall::new();
        let mut c = [0u8; 34];
        let k = 1 + rng.below(4);
        let mut ok = true;
        for _ in 0..k {
            let t = kinds[rng.below(kinds.len())];
            ok &= wall.take(t, 4);
            c[t] = 4;
        }
        for _ in 0..4 - k {
            match random_group(rng, &mut wall, &kinds, false) {
                Some(g) => g.into_iter().for_each(|t| c[t] += 1),
                None => ok = false,
            }
        }
        match random_group(rng, &mut wall, &kinds, true) {
            Some(g) => g.into_iter().for_each(|t| c[t] += 1),
            None => ok = false,
        }
        if !ok {
            continue;
        }
        if rng.below(5) == 0 {
            swap_random(rng, &mut c, &mut wall, &kinds);
        }
        if let Ok(h) = Hand::new(c, &[]) {
            return h;
        }
    }
}

/// 14 random tiles from the wall.
pub fn random14(rng: &mut Rng) -> Hand {
    Hand::new(hupai::sets::random(rng, 14), &[]).unwrap()
}

/// A hand of a complete-able size from one of the generators above, mixed
/// so that every form and rule comes up.
pub fn complete_sized(rng: &mut Rng, rules: &Rules) -> Hand {
    match rng.below(20) {
        0..=10 => near_complete(rng, rules),
        11..=14 => near_special(rng, rules),
        15..=16 => near_kongs(rng, rules),
        _ => random14(rng),
    }
}

/// A hand one tile short: a complete-sized hand minus one concealed tile.
pub fn one_short(rng: &mut Rng, rules: &Rules) -> Hand {
    loop {
        let h = complete_sized(rng, rules);
        let held: Vec<usize> = (0..34).filter(|&i| h.counts()[i] > 0).collect();
        if held.is_empty() {
            continue;
        }
        let t = held[rng.below(held.len())];
        if let Some(h) = h.without_tile(tile(t)) {
            return h;
        }
    }
}

/// `HUPAI_TEST_DIV` divides the counts (a quick run while developing).
pub fn div() -> u64 {
    std::env::var("HUPAI_TEST_DIV")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1)
}

/// The discard table of `h` with `j` jokers against the per-part search:
/// its shanten and every discard's shanten after (which discards are
/// listed follows), each row's tiles against the effective tiles of the
/// hand the discard leaves, and with `whole` the searched table whole.
pub fn discard_table_equals_the_search(h: &Hand, j: usize, rules: &Rules, whole: bool) {
    let t = hupai::Tables::embedded();
    let none = [0; 34];
    let got = t.discards_jokers(h, j, rules, &none);
    if whole {
        let want = t.discards_jokers_searched(h, j, rules, &none);
        assert_eq!(got, want, "{h} + {j} jokers under {rules}");
    }
    let Ok(d) = got else {
        assert!(t.shanten_jokers_searched(h, j, rules).is_err());
        return;
    };
    assert_eq!(Ok(d.shanten()), t.shanten_jokers_searched(h, j, rules));
    let listed: Vec<_> = d.iter().map(|(x, _)| x).collect();
    for x in h.counts().iter().enumerate().filter(|(_, &n)| n > 0) {
        let tile = tile(x.0);
        let rest = h.without_tile(tile).unwrap();
        let after = t.shanten_jokers_searched(&rest, j, rules).unwrap();
        assert!(after >= d.after(), "{h} + {j}: discard {tile}");
        assert_eq!(after == d.after(), listed.contains(&tile), "{h}: {tile}");
    }
    for (x, e) in d.iter() {
        let rest = h.without_tile(x).unwrap();
        let want = t.effective_jokers(&rest, j, rules, &none).unwrap();
        assert_eq!(e.tiles(), want.tiles(), "{h} + {j}: discard {x}");
    }
}

/// Every count vector of `N` ranks holding at most 14 tiles, at most four
/// of a rank (405,350 for a suit, 43,130 for the honours), in no particular
/// order: the tests' own enumeration of the patterns the tables cover.
pub fn patterns<const N: usize>() -> Vec<[u8; N]> {
    let mut out = Vec::new();
    let mut v = [0u8; N];
    fn fill<const N: usize>(v: &mut [u8; N], at: usize, left: u8, out: &mut Vec<[u8; N]>) {
        if at == N {
            out.push(*v);
            return;
        }
        for c in 0..=left.min(4) {
            v[at] = c;
            fill(v, at + 1, left - c, out);
        }
        v[at] = 0;
    }
    fill(&mut v, 0, 14, &mut out);
    out
}
