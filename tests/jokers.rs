//! Jokers: the table engine against the joker references.
//!
//! * a million seeded whole hands with 0–8 jokers under every rule set,
//!   against the reference search (whose answers the plain reference
//!   confirms) and, where it is cheap, against brute force;
//! * the special forms, kongs, hands of jokers only, and bad input.

use hupai::reference::{self, jokers as rj};
use hupai::sets::Rng;
use hupai::{forms, Hand, JokerError, Jokers, Meld, MeldKind, Rules, Tile, KINDS};
use hupai::{Engine, Tables};
use rayon::prelude::*;

// ---------------------------------------------------------------- whole hands

const ALL_RULES: [Rules; 4] = [Rules::GENERIC, Rules::RIICHI, Rules::MCR, Rules::SICHUAN];

/// Kinds of the suits a Sichuan hand may use (two numbered suits), or all.
fn kinds_for(rng: &mut Rng, rules: &Rules) -> Vec<usize> {
    if rules.honors {
        (0..KINDS).collect()
    } else {
        let skip = rng.below(3);
        (0..27).filter(|i| i / 9 != skip).collect()
    }
}

/// `melds` random melds (chows and pungs) from `kinds` and a pair, at most four copies each.
fn melds_and_pair(rng: &mut Rng, melds: usize, kinds: &[usize], pair: bool) -> [u8; KINDS] {
    loop {
        let mut c = [0u8; KINDS];
        for _ in 0..melds {
            let t = kinds[rng.below(kinds.len())];
            if rng.below(2) == 0 && t < 27 && t % 9 <= 6 && kinds.contains(&(t + 2)) {
                (0..3).for_each(|k| c[t + k] += 1);
            } else {
                c[t] += 3;
            }
        }
        if pair {
            c[kinds[rng.below(kinds.len())]] += 2;
        }
        if c.iter().all(|&x| x <= 4) {
            return c;
        }
    }
}

fn random_tiles(rng: &mut Rng, n: usize, kinds: &[usize]) -> [u8; KINDS] {
    let mut c = [0u8; KINDS];
    let mut placed = 0;
    while placed < n {
        let t = kinds[rng.below(kinds.len())];
        if c[t] < 4 {
            c[t] += 1;
            placed += 1;
        }
    }
    c
}

fn remove_random(rng: &mut Rng, c: &mut [u8; KINDS]) -> bool {
    let n: usize = c.iter().map(|&x| x as usize).sum();
    if n == 0 {
        return false;
    }
    hupai::sets::remove_random(rng, c);
    true
}

/// A special-form hand of 14 concealed tiles (some not quite).
fn special(rng: &mut Rng, kinds: &[usize]) -> [u8; KINDS] {
    let mut c = [0u8; KINDS];
    let perm = rng.below(6);
    match rng.below(5) {
        0 => {
            // Seven pairs, sometimes with a quad.
            let mut n = 0;
            while n < 7 {
                let t = kinds[rng.below(kinds.len())];
                let add = if rng.below(6) == 0 && n <= 5 { 4 } else { 2 };
                if c[t] + add <= 4 {
                    c[t] += add;
                    n += add as usize / 2;
                }
            }
        }
        1 => {
            for &o in &forms::ORPHANS {
                c[o] = 1;
            }
            c[forms::ORPHANS[rng.below(13)]] += 1;
        }
        2 => {
            let s = rng.below(3) * 9 + rng.below(3);
            c[s..s + 7].fill(2);
        }
        3 => {
            let mut pool: Vec<usize> = forms::knitted_tiles(perm).to_vec();
            pool.extend(27..34);
            for _ in 0..2 {
                pool.swap_remove(rng.below(pool.len()));
            }
            pool.iter().for_each(|&t| c[t] = 1);
        }
        _ => {
            let all: Vec<usize> = (0..KINDS).collect();
            c = melds_and_pair(rng, 1, &all, true);
            forms::knitted_tiles(perm).iter().for_each(|&t| c[t] += 1);
            c.iter_mut().for_each(|x| *x = (*x).min(4));
        }
    }
    c
}

/// A random declared meld from `kinds` that fits in `used`.
fn random_meld(rng: &mut Rng, used: &mut [u8; KINDS], kinds: &[usize]) -> Option<Meld> {
    let t = Tile::from_index(kinds[rng.below(kinds.len())]).unwrap();
    let (kind, tiles): (MeldKind, Vec<Tile>) = match rng.below(4) {
        0 if t.up(2).is_some_and(|u| kinds.contains(&u.index())) => {
            (MeldKind::Chow, (0..3).map(|i| t.up(i).unwrap()).collect())
        }
        1 => (MeldKind::Pung, vec![t; 3]),
        2 => (MeldKind::Kong, vec![t; 4]),
        3 => (MeldKind::ConcealedKong, vec![t; 4]),
        _ => return None,
    };
    let mut c = *used;
    tiles.iter().for_each(|x| c[x.index()] += 1);
    if c.iter().any(|&x| x > 4) {
        return None;
    }
    *used = c;
    Some(Meld::new(kind, t, None).unwrap())
}

/// Case `i` of the differential set: a hand's real tiles, its joker count
/// (0–8) and the rules.
fn case(i: u64) -> Option<(Hand, usize, Rules)> {
    let mut rng = Rng::new(0x6a6f_6b65_7200_0000 + i);
    let rules = ALL_RULES[rng.below(4)];
    let kinds = kinds_for(&mut rng, &rules);
    let jokers = rng.below(9);
    let mut used = [0u8; KINDS];
    let n_melds = if rng.below(3) == 0 { rng.below(5) } else { 0 };
    let melds: Vec<Meld> = (0..n_melds)
        .filter_map(|_| random_meld(&mut rng, &mut used, &kinds))
        .collect();
    let concealed = 4 - melds.len();
    let mut c = match rng.below(10) {
        0..=3 => melds_and_pair(&mut rng, concealed, &kinds, true),
        4 => {
            let mut c = melds_and_pair(&mut rng, concealed, &kinds, true);
            remove_random(&mut rng, &mut c);
            c[kinds[rng.below(kinds.len())]] += 1;
            c
        }
        5 => {
            // Kongs by count (undeclared kongs): pungs grown into quads.
            let mut c = melds_and_pair(&mut rng, concealed, &kinds, true);
            for x in c.iter_mut().filter(|x| **x == 3) {
                if rng.below(2) == 0 {
                    *x = 4;
                }
            }
            c
        }
        6 | 7 if melds.is_empty() => special(&mut rng, &kinds),
        _ => random_tiles(&mut rng, 3 * concealed + 2, &kinds),
    };
    // The jokers replace real tiles; sometimes the size is off by one.
    for _ in 0..jokers {
        remove_random(&mut rng, &mut c);
    }
    match rng.below(12) {
        0 => {
            remove_random(&mut rng, &mut c);
        }
        1 => c[kinds[rng.below(kinds.len())]] += 1,
        _ => {}
    }
    c.iter_mut().for_each(|x| *x = (*x).min(4));
    let hand = Hand::new(c, &melds).ok()?;
    Some((hand, jokers, rules))
}

/// Brute force runs too on the hands with at most this many value choices,
/// and on one hand in [`SAMPLE`] with up to [`SAMPLE_BUDGET`].
const BRUTE_BUDGET: u64 = 400;
const SAMPLE: u64 = 8;
const SAMPLE_BUDGET: u64 = 10_000;

#[test]
fn a_million_hands_with_jokers() {
    let t = Tables::embedded();
    // (hands, wins, brute-forced) per joker count.
    let stats = (0..1_040_000u64)
        .into_par_iter()
        .filter_map(|i| case(i).map(|c| (i, c)))
        .map(|(i, (h, j, rules))| {
            let melds: Vec<Meld> = h.melds().copied().collect();
            let got = t.is_win_jokers(&h, j, &rules);
            let found = rj::completion(h.counts(), &melds, j, &rules);
            assert_eq!(got, found.is_some(), "{h} + {j} jokers under {rules}");
            if let Some(a) = found {
                // What the jokers stand for really completes the hand.
                assert_eq!(a.iter().map(|&x| x as usize).sum::<usize>(), j, "{h} {a:?}");
                let c: [u8; KINDS] = std::array::from_fn(|i| h.counts()[i] + a[i]);
                assert!(
                    reference::is_win_counts(&c, &melds, &rules),
                    "{h} + {j} jokers under {rules}: {a:?} does not complete it"
                );
            }
            let size = rj::brute_force_size(h.counts(), j, &rules);
            let brute = size <= BRUTE_BUDGET || i % SAMPLE == 0 && size <= SAMPLE_BUDGET;
            if brute {
                assert_eq!(
                    rj::is_win_brute(h.counts(), &melds, j, &rules),
                    got,
                    "{h} + {j} jokers under {rules} (brute force)"
                );
            }
            let mut s = [[0usize; 3]; 9];
            s[j] = [1, got as usize, brute as usize];
            s
        })
        .reduce(
            || [[0; 3]; 9],
            |a, b| std::array::from_fn(|j| std::array::from_fn(|k| a[j][k] + b[j][k])),
        );
    let total: usize = stats.iter().map(|s| s[0]).sum();
    let brute: usize = stats.iter().map(|s| s[2]).sum();
    for (j, [n, wins, b]) in stats.iter().enumerate() {
        println!("{j} jokers: {n} hands, {wins} complete, {b} also by brute force");
        // Both answers are well represented at every joker count.
        assert!(
            *wins > n / 20 && *wins < n - n / 20,
            "{j} jokers: {wins} of {n}"
        );
    }
    println!("{total} hands, {brute} brute-forced");
    assert!(total >= 1_000_000, "only {total} hands");
    assert!(brute >= total / 4, "only {brute} brute-forced");
    // Brute force reaches up to five jokers here (more in
    // `brute_force_with_many_jokers`).
    assert!(stats[..=5].iter().all(|s| s[2] >= 1_000), "{stats:?}");
}

/// Hands with many jokers whose brute force is affordable: few real tiles
/// close together. Checks the table against brute force directly.
#[test]
fn brute_force_with_many_jokers() {
    let t = Tables::embedded();
    let stats = (0..20_000u64)
        .into_par_iter()
        .map(|i| {
            let mut rng = Rng::new(0xb7u64 << 40 | i);
            let rules = ALL_RULES[rng.below(4)];
            let j = 4 + rng.below(5);
            let real = 14 - j - if rng.below(4) == 0 { 1 } else { 0 };
            // Real tiles in a window of four ranks of one suit.
            let base = rng.below(3) * 9 + rng.below(6);
            let kinds: Vec<usize> = (base..base + 4).collect();
            let h = Hand::new(random_tiles(&mut rng, real, &kinds), &[]).unwrap();
            let mut s = [[0usize; 2]; 9];
            if rj::brute_force_size(h.counts(), j, &rules) > 200_000 {
                return s;
            }
            let want = rj::is_win_brute(h.counts(), &[], j, &rules);
            assert_eq!(
                t.is_win_jokers(&h, j, &rules),
                want,
                "{h} + {j} under {rules}"
            );
            assert_eq!(rj::is_win(&h, j, &rules), want, "{h} + {j} under {rules}");
            s[j] = [1, want as usize];
            s
        })
        .reduce(
            || [[0; 2]; 9],
            |a, b| std::array::from_fn(|j| [a[j][0] + b[j][0], a[j][1] + b[j][1]]),
        );
    for (j, [n, wins]) in stats.iter().enumerate().skip(4) {
        println!("{j} jokers: {n} hands brute-forced, {wins} complete");
        assert!(
            *n >= 500 && *wins > 0 && *wins < *n,
            "{j} jokers: {wins} of {n}"
        );
    }
}

#[test]
fn jokers_only() {
    let t = Tables::embedded();
    for rules in ALL_RULES {
        for j in 1..=18 {
            let empty = Hand::new([0; KINDS], &[]).unwrap();
            let want = j % 3 == 2 && j <= 14 || rules.undeclared_kongs && (15..=18).contains(&j);
            assert_eq!(
                t.is_win_jokers(&empty, j, &rules),
                want,
                "{j} jokers under {rules}"
            );
            assert_eq!(
                rj::is_win(&empty, j, &rules),
                want,
                "{j} jokers under {rules}"
            );
        }
    }
    // An absurd count is not complete, and does not wrap around.
    let empty = Hand::new([0; KINDS], &[]).unwrap();
    assert!(!t.is_win_jokers(&empty, usize::MAX, &Rules::GENERIC));
    assert!(!rj::is_win(&empty, usize::MAX, &Rules::GENERIC));
    let huge = Jokers {
        extra: usize::MAX,
        tile: Some(Tile::EAST),
    };
    let e = huge
        .split(&"11z".parse().unwrap(), &Rules::GENERIC)
        .unwrap_err();
    assert!(matches!(e, JokerError::TooMany { .. }), "{e}");
    // Beside declared melds too.
    let h: Hand = "[111m][222p][333s]".parse().unwrap();
    assert!(t.is_win_jokers(&h, 5, &Rules::RIICHI));
    assert!(!t.is_win_jokers(&h, 4, &Rules::RIICHI));
}

#[test]
fn examples() {
    let t = Tables::embedded();
    let hu = |s: &str, j: usize, r: &Rules| {
        let h: Hand = s.parse().unwrap();
        let got = t.is_win_jokers(&h, j, r);
        assert_eq!(got, rj::is_win(&h, j, r), "{s} + {j} under {r}");
        got
    };
    let g = &Rules::GENERIC;
    // A fifth copy: four 9s and a joker as the fifth.
    assert!(hu("1239999m456p789s", 1, g));
    // Seven pairs with a quad completed by a joker (generic), not in riichi.
    assert!(hu("111m3344p5566s7z", 2, g));
    assert!(!hu("111m3344p5566s7z", 2, &Rules::RIICHI));
    // Thirteen orphans with three jokers (riichi, MCR), not in generic.
    assert!(hu("19m19p1s123457z", 3, &Rules::RIICHI));
    assert!(hu("19m19p1s123457z", 3, &Rules::MCR));
    assert!(!hu("19m19p1s123457z", 3, g));
    // Honours and knitted, knitted straight (MCR only).
    assert!(hu("147m258p36s1234z", 2, &Rules::MCR));
    assert!(!hu("147m258p36s1234z", 2, &Rules::RIICHI));
    assert!(hu("112347m25p369s5z", 2, &Rules::MCR));
    assert!(hu("112347m25p369s55z", 1, &Rules::MCR));
    assert!(!hu("112347m25p369s56z", 1, &Rules::MCR));
    // Sichuan: jokers never bring a third suit, and the real tiles may not.
    assert!(hu("1235556m456p789p", 1, &Rules::SICHUAN));
    assert!(!hu("1235556m456p789s", 1, &Rules::SICHUAN));
    // Undeclared kongs: 14 + k slots, jokers completing a quad.
    assert!(hu("111m222p333s44455z", 1, g)); // 1111m as a kong
    assert!(hu("1111m222p333s4455z", 1, g)); // 1111m as the kong, the joker a third 4z
    assert!(!hu("111m222p333s44455z", 1, &Rules::RIICHI));
}

#[test]
fn split_and_errors() {
    let h: Hand = "123m456p789s1z7777z".parse().unwrap();
    let red = Jokers {
        extra: 0,
        tile: Some(Tile::RED),
    };
    let (real, j) = red.split(&h, &Rules::GENERIC).unwrap();
    assert_eq!((real.to_string().as_str(), j), ("123m456p789s1z", 4));
    // Four jokers: one pairs 1z, three make a pung.
    assert!(Tables::embedded().is_win_jokers(&real, j, &Rules::GENERIC));
    // Both ways together.
    let both = Jokers {
        extra: 2,
        tile: Some(Tile::RED),
    };
    assert_eq!(both.split(&h, &Rules::GENERIC).unwrap().1, 6);
    assert_eq!(
        both.split(&h, &Rules::RIICHI).unwrap_err(),
        JokerError::TooMany {
            jokers: 6,
            size: 16,
            max: 14,
            rules: "riichi"
        }
    );
    let five = Jokers {
        extra: 5,
        tile: None,
    };
    assert_eq!(
        five.split(&h, &Rules::MCR).unwrap_err().to_string(),
        "5 jokers make a hand of 19 tiles; a hand holds at most 14 under mcr rules"
    );
    // Undeclared kongs allow 18 slots (14 + four kongs).
    assert_eq!(
        five.split(&h, &Rules::GENERIC).unwrap_err().to_string(),
        "5 jokers make a hand of 19 tiles; a hand holds at most 18 under generic rules"
    );
    assert!(red.split(&h, &Rules::GENERIC).is_ok());
    let one = Jokers {
        extra: 1,
        tile: None,
    };
    assert_eq!(
        one.split(&"11122233344455m".parse().unwrap(), &Rules::SICHUAN)
            .unwrap_err()
            .to_string(),
        "1 joker makes a hand of 15 tiles; a hand holds at most 14 under sichuan rules"
    );
    assert_eq!(
        red.split(&"123m".parse().unwrap(), &Rules::SICHUAN)
            .unwrap_err()
            .to_string(),
        "joker tile 7z does not exist under sichuan rules"
    );
    // A joker tile the hand lacks: no jokers, no error, whatever the size.
    let big: Hand = "11112222333344m5p".parse().unwrap();
    assert_eq!(red.split(&big, &Rules::RIICHI).unwrap().1, 0);
}

/// The mapped table files answer as the embedded ones.
#[test]
fn mapped_tables_agree() {
    let dir = tempfile::tempdir().unwrap();
    hupai::table::generate::write_dir(dir.path()).unwrap();
    let mapped = Tables::open(dir.path()).unwrap();
    mapped.verify().unwrap();
    let t = Tables::embedded();
    for (h, j, rules) in (0..20_000).filter_map(case) {
        assert_eq!(
            mapped.is_win_jokers(&h, j, &rules),
            t.is_win_jokers(&h, j, &rules)
        );
    }
}

// ---------------------------------------------------------------- waits

/// Case `i` of the waits set: a hand one tile short (some sizes off), its
/// joker count and the rules.
fn waits_case(i: u64) -> Option<(Hand, usize, Rules)> {
    let (h, j, rules) = case(i)?;
    let mut rng = Rng::new(0x7761_6974 ^ i);
    let mut c = *h.counts();
    if rng.below(8) != 0 {
        remove_random(&mut rng, &mut c);
    }
    let melds: Vec<Meld> = h.melds().copied().collect();
    Some((Hand::new(c, &melds).ok()?, j, rules))
}

#[test]
fn waits_with_jokers_agree() {
    let t = Tables::embedded();
    let stats = (0..200_000u64)
        .into_par_iter()
        .filter_map(waits_case)
        .map(|(h, j, rules)| {
            let got = t.waits_jokers(&h, j, &rules);
            let size = h.concealed_len() + j + 3 * h.meld_count();
            let Ok(w) = got else {
                assert!(
                    size % 3 != 1 || size > 13,
                    "{h} + {j} under {rules}: {got:?}"
                );
                return [0, 0, 0];
            };
            let (live, exhausted) = rj::waits(&h, j, &rules);
            assert_eq!(
                (w.live, w.exhausted),
                (live, exhausted),
                "{h} + {j} under {rules}"
            );
            // Brute force where it is cheap: every tile, every joker value.
            let melds: Vec<Meld> = h.melds().copied().collect();
            let cheap = rj::brute_force_size(h.counts(), j, &rules) <= 40;
            if cheap {
                for x in Tile::all() {
                    let mut c = *h.counts();
                    c[x.index()] += 1;
                    assert_eq!(
                        rj::is_win_brute(&c, &melds, j, &rules),
                        w.all().contains(x),
                        "{h} + {x} + {j} jokers under {rules}"
                    );
                }
            }
            [1, !w.is_empty() as usize, cheap as usize]
        })
        .reduce(|| [0; 3], |a, b| [a[0] + b[0], a[1] + b[1], a[2] + b[2]]);
    println!(
        "{} hands, {} ready, {} brute-forced",
        stats[0], stats[1], stats[2]
    );
    assert!(stats[0] > 100_000 && stats[1] > stats[0] / 4 && stats[1] < stats[0]);
    assert!(stats[2] > 20_000);
}

#[test]
fn waits_with_a_joker_tile() {
    let t = Tables::embedded();
    let checked: usize = (0..50_000u64)
        .into_par_iter()
        .filter_map(waits_case)
        .map(|(h, j, rules)| {
            // The real tiles plus `j` copies of a joker tile, where they fit.
            let tile = Tile::from_index(if rules.honors { 33 } else { 8 }).unwrap();
            let mut c = *h.counts();
            let room = 4 - h.all_counts()[tile.index()] as usize;
            c[tile.index()] += j.min(room) as u8;
            let melds: Vec<Meld> = h.melds().copied().collect();
            let written = Hand::new(c, &melds).unwrap();
            let spec = Jokers {
                extra: j - j.min(room),
                tile: Some(tile),
            };
            let want = rj::waits_with(&written, &spec, &rules);
            match Engine::new(t, rules).with_jokers(spec).waits(&written) {
                Ok(w) => assert_eq!(
                    Some((w.live, w.exhausted)),
                    want,
                    "{written} {spec:?} {rules}"
                ),
                Err(hupai::Error::Joker(JokerError::Waits(_))) => {}
                Err(e) => assert!(want.is_none(), "{written} {spec:?} {rules}: {e}"),
            }
            1
        })
        .sum();
    assert!(checked > 40_000);
}

// ---------------------------------------------------------------- arrangements

/// (form, text) of each arrangement, for comparing lists.
fn shown(all: &[hupai::engine::jokers::JokerArrangement]) -> Vec<(hupai::Form, String)> {
    all.iter().map(|a| (a.form, a.to_string())).collect()
}

/// Every arrangement names the hand's real tiles exactly, holds all the
/// jokers, and (with the free groups given fresh kinds) completes the hand
/// for the plain reference.
fn sound(h: &Hand, j: usize, rules: &Rules, a: &hupai::engine::jokers::JokerArrangement) {
    let melds: Vec<Meld> = h.melds().copied().collect();
    let mut real = [0u8; KINDS];
    let mut full = *h.counts();
    for g in a.groups.iter().filter(|g| g.group.meld.is_none()) {
        for (i, t) in g.group.tiles().enumerate() {
            if g.jokers >> i & 1 == 1 {
                full[t.index()] += 1;
            } else {
                real[t.index()] += 1;
            }
        }
    }
    assert_eq!(&real, h.counts(), "{h} + {j}: {a}");
    assert_eq!(a.jokers(), j, "{h} + {j}: {a}");
    // Fresh kinds for the free groups: none held, in a suit the hand uses.
    let all = h.all_counts();
    let used = |i: usize| (0..KINDS).any(|k| k / 9 == i / 9 && all[k] > 0);
    let mut fresh = (0..KINDS)
        .filter(|&i| full[i] == 0 && (rules.honors || i < 27))
        .filter(|&i| {
            let suits = (0..3).filter(|&s| used(9 * s)).count();
            rules.max_suits >= 3 || used(i) || suits < rules.max_suits as usize
        })
        .collect::<Vec<_>>()
        .into_iter();
    for n in std::iter::repeat_n(4, a.free.kongs as usize)
        .chain(std::iter::repeat_n(3, a.free.pungs as usize))
        .chain(std::iter::repeat_n(2, a.free.pairs as usize))
    {
        full[fresh
            .next()
            .unwrap_or_else(|| panic!("{h} + {j}: no fresh kind for {a}"))] += n;
    }
    assert!(
        reference::is_win_counts(&full, &melds, rules),
        "{h} + {j} under {rules}: {a} does not complete"
    );
}

#[test]
fn arrangements_with_jokers() {
    let t = Tables::embedded();
    let stats = (0..60_000u64)
        .into_par_iter()
        .filter_map(case)
        .map(|(h, j, rules)| {
            let all = t.arrangements_jokers(&h, j, &rules);
            assert_eq!(
                !all.is_empty(),
                t.is_win_jokers(&h, j, &rules),
                "{h} + {j} under {rules}"
            );
            let text = shown(&all);
            let mut unique = text.clone();
            unique.sort();
            unique.dedup();
            assert_eq!(unique.len(), text.len(), "{h} + {j}: repeats");
            for a in &all {
                sound(&h, j, &rules, a);
            }
            if j == 0 {
                // No jokers: the plain arrangements, unmarked.
                let plain: Vec<String> = t
                    .arrangements(&h, &rules)
                    .iter()
                    .map(|a| a.to_string())
                    .collect();
                let mine: Vec<String> = all.iter().map(|a| a.to_string()).collect();
                assert_eq!(mine, plain, "{h} under {rules}");
            }
            let melds: Vec<Meld> = h.melds().copied().collect();
            let cheap = rj::brute_force_size(h.counts(), j, &rules) <= 60;
            if cheap {
                let brute = rj::arrangements_brute(h.counts(), &melds, j, &rules);
                let mut want = shown(&brute);
                let mut got = text;
                want.sort();
                got.sort();
                assert_eq!(got, want, "{h} + {j} under {rules}");
            }
            [1, all.len(), cheap as usize * (j > 0) as usize]
        })
        .reduce(|| [0; 3], |a, b| [a[0] + b[0], a[1] + b[1], a[2] + b[2]]);
    println!(
        "{} hands, {} arrangements, {} with jokers by brute force",
        stats[0], stats[1], stats[2]
    );
    assert!(stats[2] > 5_000, "{stats:?}");
}

/// Arrangements with two to four jokers against brute force, on hands whose
/// brute force is affordable: real tiles in a window of four ranks, some
/// beside a declared meld.
#[test]
fn arrangements_with_several_jokers_by_brute_force() {
    let t = Tables::embedded();
    let stats = (0..6_000u64)
        .into_par_iter()
        .map(|i| {
            let mut rng = Rng::new(0xa7u64 << 40 | i);
            let rules = ALL_RULES[rng.below(4)];
            let j = 2 + rng.below(3);
            let melds: Vec<Meld> = if rng.below(3) == 0 {
                vec![Meld::new(MeldKind::Pung, Tile::from_index(26).unwrap(), None).unwrap()]
            } else {
                vec![]
            };
            let real = 14 - 3 * melds.len() - j - usize::from(rng.below(5) == 0);
            let base = rng.below(3) * 9 + rng.below(6);
            let kinds: Vec<usize> = (base..base + 4).collect();
            let Ok(h) = Hand::new(random_tiles(&mut rng, real, &kinds), &melds) else {
                return [0, 0];
            };
            if rj::brute_force_size(h.counts(), j, &rules) > 3_000 {
                return [0, 0];
            }
            let mut got = shown(&t.arrangements_jokers(&h, j, &rules));
            let mut want = shown(&rj::arrangements_brute(h.counts(), &melds, j, &rules));
            got.sort();
            want.sort();
            assert_eq!(got, want, "{h} + {j} under {rules}");
            [1, usize::from(!got.is_empty())]
        })
        .reduce(|| [0; 2], |a, b| [a[0] + b[0], a[1] + b[1]]);
    println!("{} hands brute-forced, {} complete", stats[0], stats[1]);
    assert!(
        stats[0] > 1_000 && stats[1] > stats[0] / 4 && stats[1] < stats[0],
        "{stats:?}"
    );
}

// ---------------------------------------------------------------- shanten

/// Shanten with one and two jokers against brute force over every value of
/// each joker (the plain reference distance on the substituted hand).
#[test]
fn shanten_with_jokers_by_brute_force() {
    let t = Tables::embedded();
    let checked: [usize; 3] = (0..1_000u64)
        .into_par_iter()
        .filter_map(|i| if i % 2 == 0 { case(i) } else { waits_case(i) })
        .map(|(h, j, rules)| {
            // One joker mostly, two on every tenth hand; the case's other
            // jokers become random real tiles, so the size stays.
            let mut rng = Rng::new(0x5a17 ^ h.concealed_len() as u64 ^ (j as u64) << 8);
            let want = if rng.below(10) == 0 { 2 } else { 1 };
            let mut c = *h.counts();
            let all = h.all_counts();
            let mut extra = j.saturating_sub(want);
            while extra > 0 {
                let k = rng.below(if rules.honors { KINDS } else { 27 });
                if all[k] + c[k] - h.counts()[k] < 4 {
                    c[k] += 1;
                    extra -= 1;
                }
            }
            let melds: Vec<Meld> = h.melds().copied().collect();
            let h = Hand::new(c, &melds).unwrap();
            let j = want;
            let got = t.shanten_jokers(&h, j, &rules).ok();
            let want = rj::shanten(&h, j, &rules);
            assert_eq!(got, want, "{h} + {j} jokers under {rules}");
            [1, (j == 2) as usize, got.is_some() as usize]
        })
        .reduce(|| [0; 3], |a, b| [a[0] + b[0], a[1] + b[1], a[2] + b[2]]);
    println!("{checked:?} (hands, with two jokers, with a shanten)");
    assert!(
        checked[0] > 800 && checked[1] > 60 && checked[2] > 500,
        "{checked:?}"
    );
}

/// With any number of jokers: shanten −1 exactly when complete, 0 (one tile
/// short) exactly when some live tile completes it, and then the effective
/// tiles are those waits; effective tiles agree with their definition.
#[test]
fn shanten_with_jokers_agrees_with_hu_and_waits() {
    let t = Tables::embedded();
    let stats = (0..16_000u64)
        .into_par_iter()
        .filter_map(|i| if i % 2 == 0 { case(i) } else { waits_case(i) })
        .map(|(h, j, rules)| {
            let size = h.concealed_len() + j + 3 * h.meld_count();
            let Ok(s) = t.shanten_jokers(&h, j, &rules) else {
                return [0, 0, 0];
            };
            if size % 3 == 2 {
                assert_eq!(
                    s == -1,
                    t.is_win_jokers(&h, j, &rules),
                    "{h} + {j} under {rules}"
                );
                return [1, (s == -1) as usize, 0];
            }
            let w = t.waits_jokers(&h, j, &rules).unwrap();
            assert_eq!(
                s == 0,
                !w.live.is_empty(),
                "{h} + {j} under {rules}: {s} {w:?}"
            );
            let e = t.effective_jokers(&h, j, &rules, &[0; KINDS]).unwrap();
            assert_eq!(e.shanten(), s);
            if s == 0 {
                assert_eq!(e.tiles(), w.live, "{h} + {j} under {rules}");
            }
            // Every effective tile lowers the shanten, every other live one does not.
            for x in Tile::all() {
                let Ok(next) = h.with_tile(x) else { continue };
                let lower = t.shanten_jokers(&next, j, &rules).is_ok_and(|n| n < s);
                assert_eq!(
                    e.tiles().contains(x),
                    lower,
                    "{h} + {j} + {x} under {rules}"
                );
            }
            [1, (s == 0) as usize, 1]
        })
        .reduce(|| [0; 3], |a, b| [a[0] + b[0], a[1] + b[1], a[2] + b[2]]);
    println!("{stats:?} (hands, complete or ready, with effective tiles)");
    assert!(
        stats[0] > 12_000 && stats[1] > 3_000 && stats[2] > 3_000,
        "{stats:?}"
    );
}
