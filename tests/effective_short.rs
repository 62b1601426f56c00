//! `Tables::effective_short` (the draws of a 3n-tile hand) against the
//! shanten of the hand plus each kind, on every discard of seeded 13-tile
//! hands (random, ready, pair-rich, terminal-rich) and smaller ones.

use hupai::sets::{hands, Set, SEED};
use hupai::{Hand, Rules, Tables};

/// Seeded hands of `n` tiles drawn from kinds weighted towards `kinds`
/// (pairs and terminals make the seven pairs and orphans forms close).
fn skewed(n: usize, count: usize, seed: u64, kinds: &[usize]) -> Vec<Hand> {
    let mut x = seed;
    let mut next = move || {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (x >> 33) as usize
    };
    let mut out = Vec::new();
    while out.len() < count {
        let mut c = [0u8; 34];
        let mut held = 0;
        while held < n {
            let k = if next() % 3 == 0 {
                next() % 34
            } else {
                kinds[next() % kinds.len()]
            };
            if c[k] < 4 {
                c[k] += 1;
                held += 1;
            }
        }
        out.push(Hand::new(c, &[]).unwrap());
    }
    out
}

/// Every 3n hand one tile short of `h` (a 3n+1 hand) checked under `rules`.
fn check(t: &Tables, h: &Hand, rules: &Rules) -> usize {
    let mut checked = 0;
    for d in (0..34).filter(|&d| h.counts()[d] > 0) {
        let mut y = *h.counts();
        y[d] -= 1;
        let (dist, tiles) = t.effective_short(&y, rules).expect("common case");
        for k in 0..34 {
            if y[k] == 4 {
                assert_eq!(tiles >> k & 1, 0, "{h} less {d}: kind {k} held four times");
                continue;
            }
            let mut z = y;
            z[k] += 1;
            let s = t.shanten(&Hand::new(z, &[]).unwrap(), rules).unwrap();
            let want = dist as i8 - 1 - (tiles >> k & 1) as i8;
            assert_eq!(s, want, "{h} less {d} plus {k} under {}", rules.name);
            checked += 1;
        }
    }
    checked
}

#[test]
fn matches_shanten_of_every_discard_and_draw() {
    let t = Tables::embedded();
    let orphans = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
    let pairs = [0, 4, 11, 15, 20, 24, 29, 33];
    let mut sets = vec![
        hands(Set::R13, 300, SEED),
        hands(Set::T13, 300, SEED),
        skewed(13, 300, 1, &orphans),
        skewed(13, 300, 2, &pairs),
    ];
    for n in [10, 7, 4] {
        sets.push(skewed(n, 200, n as u64, &pairs));
    }
    let mut checked = 0;
    for rules in [Rules::GENERIC, Rules::RIICHI] {
        for h in sets.iter().flatten() {
            checked += check(t, h, &rules);
        }
    }
    assert!(checked > 500_000, "{checked} draws checked");
}

#[test]
fn off_the_common_case() {
    let t = Tables::embedded();
    let twelve = *"123m456p789s123z".parse::<Hand>().unwrap().counts();
    for rules in [Rules::SICHUAN, Rules::MCR, Rules::RIICHI3] {
        assert_eq!(t.effective_short(&twelve, &rules), None, "{}", rules.name);
    }
    let thirteen = *"123m456p789s1234z".parse::<Hand>().unwrap().counts();
    assert_eq!(t.effective_short(&thirteen, &Rules::RIICHI), None);
    assert!(t.effective_short(&twelve, &Rules::RIICHI).is_some());
}

/// Three players (answered as the four-player twin): every discard's
/// draws of seeded three-player hands equal the per-part search's shanten
/// of the hand less the discard plus each kind, and `effective_short`'s
/// answer for that hand. Hands of more than seven honour-like kinds have
/// no twin and no answer.
#[test]
fn three_players_match_the_search() {
    let t = Tables::embedded();
    let rules = Rules::RIICHI3;
    let three: Vec<usize> = (0..34).filter(|&k| rules.tile_exists(k)).collect();
    let honor_like: Vec<usize> = three
        .iter()
        .copied()
        .filter(|&k| !(9..27).contains(&k))
        .collect();
    let mut hs = skewed(13, 2_000, 3, &three);
    hs.extend(skewed(13, 1_000, 4, &honor_like));
    for n in [10, 7, 4] {
        hs.extend(skewed(n, 300, n as u64 + 5, &honor_like));
    }
    let (mut answered, mut checked) = (0, 0);
    for h in hs.iter().filter(|h| (1..8).all(|k| h.counts()[k] == 0)) {
        let c = h.counts();
        let Some(all) = t.effective_short_discards(c, &rules, !0) else {
            let used = honor_like.iter().filter(|&&k| c[k] > 0).count();
            assert!(used > 7, "{h}: no answer with {used} honour-like kinds");
            continue;
        };
        answered += 1;
        for d in (0..34).filter(|&d| c[d] > 0) {
            let mut y = *c;
            y[d] -= 1;
            let (dist, draws) = all[d];
            assert_eq!(t.effective_short(&y, &rules), Some(all[d]), "{h} less {d}");
            assert_eq!(draws & 0xfe, 0, "{h} less {d}: no 2m-8m");
            for &k in three.iter().filter(|&&k| y[k] < 4) {
                let mut z = y;
                z[k] += 1;
                let z = Hand::new(z, &[]).unwrap();
                let s = t.shanten_jokers_searched(&z, 0, &rules).unwrap();
                let want = dist as i8 - 1 - (draws >> k & 1) as i8;
                assert_eq!(s, want, "{h} less {d} plus {k}");
                checked += 1;
            }
        }
    }
    assert!(
        answered > 1000 && checked > 200_000,
        "{answered} hands, {checked} draws"
    );
}
