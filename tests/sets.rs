//! The engines on the hand sets of real play: declared melds of
//! every kind (M13, M14) and jokers (J13, and 0–8 jokers), under all four
//! rule sets, against the brute-force reference and against their own
//! second algorithms. Run in release mode (`cargo test --release`).

use hupai::reference::shanten as brute;
use hupai::sets::{hands, remove_random, with_melds, Rng, Set, SEED};
use hupai::{reference, Hand, Rules, Tables, Tile, TileSet, KINDS};
use rayon::prelude::*;

const NONE: [u8; KINDS] = [0; KINDS];

/// Multiplies the hand counts (`HUPAI_TEST_SCALE=10` for a long run).
fn scale(n: usize) -> usize {
    n * std::env::var("HUPAI_TEST_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1)
}

/// Hand `i` of a seeded stream of melded hands: M13 or M14 shapes, and
/// smaller ones (a tile or a whole meld's worth of tiles fewer), so every
/// size from 1 to 14 slots occurs.
fn melded(i: u64) -> Hand {
    let mut rng = Rng::new(0x6d65_6c64_0000_0000 ^ i);
    let drawn = rng.below(2) == 0;
    let h = with_melds(&mut rng, drawn);
    let mut c = *h.counts();
    let drop = [0, 0, 0, 0, 3, 1][rng.below(6)].min(h.concealed_len() - 1);
    for _ in 0..drop {
        remove_random(&mut rng, &mut c);
    }
    let melds: Vec<_> = h.melds().copied().collect();
    Hand::new(c, &melds).expect("fewer tiles than a valid hand")
}

/// The kinds whose draw lowers `h`'s shanten `s` under `rules`: effective
/// tiles by their definition, asked of the engine's shanten (held to the
/// reference below).
fn lowering_draws(t: &Tables, h: &Hand, rules: &Rules, s: i8) -> TileSet {
    let mut out = TileSet::EMPTY;
    for x in Tile::all() {
        let next = h.with_tile(x).map(|n| t.shanten(&n, rules));
        if next.is_ok_and(|n| n.is_ok_and(|n| n < s)) {
            out.insert(x);
        }
    }
    out
}

/// A million melded hands (250,000 per rule set): the engine's shanten is
/// the brute-force reference's, errors included (honours or three melded
/// suits in Sichuan).
#[test]
fn melded_shanten_equals_the_reference_on_a_million_hands() {
    let t = hupai::Tables::embedded();
    let n = scale(250_000) as u64;
    for (k, rules) in Rules::ALL.iter().enumerate() {
        let answered: usize = (0..n)
            .into_par_iter()
            .map(|i| {
                let h = melded(i * 4 + k as u64);
                let got = t.shanten(&h, rules).ok();
                assert_eq!(got, brute::shanten(&h, rules), "{} {h}", rules.name);
                got.is_some() as usize
            })
            .sum();
        // Most hands have a shanten (Sichuan refuses honours).
        assert!(answered as u64 > n / 10, "{}: {answered}", rules.name);
    }
}

/// Effective tiles (3n+1) and discard tables (3n+2) of 100,000 melded hands
/// (25,000 per rule set): a tile is effective exactly when drawing it lowers the
/// shanten, and the table lists exactly the discards that keep the best
/// shanten, each with its hand's effective tiles (shanten proven above);
/// on every 100th hand the reference computes them itself.
#[test]
fn melded_effective_tiles_and_discards_on_100_000_hands() {
    let t = hupai::Tables::embedded();
    let n = scale(25_000) as u64;
    for (k, rules) in Rules::ALL.iter().enumerate() {
        (0..n).into_par_iter().for_each(|i| {
            let h = melded(0x1000_0000 + i * 4 + k as u64);
            let Ok(s) = t.shanten(&h, rules) else { return };
            let lowers = |h: &Hand| lowering_draws(t, h, rules, t.shanten(h, rules).unwrap());
            let slow = i % 100 == 0;
            if (h.concealed_len() + 3 * h.meld_count()) % 3 == 1 {
                let e = t.effective(&h, rules, &NONE).unwrap();
                assert_eq!(e.shanten(), s);
                assert_eq!(e.tiles(), lowers(&h), "{} {h}", rules.name);
                if slow {
                    assert_eq!(Some(e.tiles()), brute::effective(&h, rules), "{h}");
                }
            } else {
                let d = t.discards(&h, rules, &NONE).unwrap();
                assert_eq!(d.shanten(), s);
                let after: Vec<(Tile, i8)> = Tile::all()
                    .filter_map(|x| Some((x, t.shanten(&h.without_tile(x)?, rules).ok()?)))
                    .collect();
                let best = after.iter().map(|a| a.1).min().unwrap();
                let mut want: Vec<Tile> =
                    after.iter().filter(|a| a.1 == best).map(|a| a.0).collect();
                let mut listed: Vec<Tile> = d.iter().map(|(x, _)| x).collect();
                listed.sort();
                want.sort();
                assert_eq!(listed, want, "{} {h}", rules.name);
                assert_eq!(d.after(), best);
                // The first row's effective tiles (every row on slow hands).
                for (x, e) in d.iter().take(if slow { 14 } else { 1 }) {
                    let rest = h.without_tile(x).unwrap();
                    assert_eq!(e.tiles(), lowers(&rest), "{} {h} -{x}", rules.name);
                    if slow {
                        assert_eq!(Some(e.tiles()), brute::effective(&rest, rules));
                    }
                }
            }
        });
    }
}

/// Effective tiles of M13 hands with a suit beside two or more declared
/// melds (the path of the certificate and the capped programme, about a
/// quarter of M13): 100,000 such hands under each rule set with honours,
/// 25,000 under Sichuan, where a tile is effective exactly when drawing
/// it lowers the shanten (the shanten is held to the reference above).
#[test]
fn effective_tiles_beside_two_or_more_melds_in_a_suit() {
    let t = hupai::Tables::embedded();
    for (k, rules) in Rules::ALL.iter().enumerate() {
        let hs = hands(Set::M13, scale(400_000), SEED ^ 0x2_0000 ^ k as u64);
        let checked: usize = hs
            .par_iter()
            .filter(|h| {
                let mut per = [0; 4];
                h.melds().for_each(|m| per[m.tile().index() / 9] += 1);
                per[..3].iter().any(|&n| n >= 2)
            })
            .map(|h| {
                let Ok(e) = t.effective(h, rules, &NONE) else {
                    return 0;
                };
                let want = lowering_draws(t, h, rules, e.shanten());
                assert_eq!(e.tiles(), want, "{} {h}", rules.name);
                1
            })
            .sum();
        // Sichuan refuses the hands holding honours.
        let least = if rules.honors { 100_000 } else { 25_000 };
        assert!(checked >= scale(least), "{}: {checked}", rules.name);
    }
}

/// Effective tiles of melded hands holding the last copy of a declared
/// honour pung (a tile that makes no pair or set): of 2,000,000 melded
/// hands, the 3n+1 ones holding such a copy (about one in three hundred),
/// under every rule set with honours, against the shanten after each draw
/// and, one in 20, the brute-force reference itself.
#[test]
fn effective_tiles_beside_an_honour_pung_whose_last_copy_is_held() {
    let t = hupai::Tables::embedded();
    for (k, rules) in Rules::ALL.iter().enumerate().filter(|(_, r)| r.honors) {
        let checked: usize = (0..scale(2_000_000) as u64)
            .into_par_iter()
            .map(|i| (i, melded(0x4c57_0000_0000 + i * 4 + k as u64)))
            .filter(|(_, h)| {
                (h.concealed_len() + 3 * h.meld_count()) % 3 == 1
                    && h.melds().any(|m| {
                        let i = m.tile().index();
                        i >= 27 && h.counts()[i] > 0
                    })
            })
            .map(|(i, h)| {
                let Ok(e) = t.effective(&h, rules, &NONE) else {
                    return 0;
                };
                let want = lowering_draws(t, &h, rules, e.shanten());
                assert_eq!(e.tiles(), want, "{} {h}", rules.name);
                if i % 20 == 0 {
                    assert_eq!(Some(e.tiles()), brute::effective(&h, rules), "{h}");
                }
                1
            })
            .sum();
        assert!(checked >= scale(5_000), "{}: {checked}", rules.name);
    }
}

/// Sichuan's shanten beside declared melds on hands without honours (the
/// million-hand test above draws few: Sichuan refuses honours): of a
/// million melded hands, the 90,000 or so without honours equal the
/// brute-force reference, errors included (melds in all three suits).
#[test]
fn sichuan_melded_shanten_equals_the_reference_on_honour_free_hands() {
    let t = hupai::Tables::embedded();
    let rules = Rules::SICHUAN;
    let (checked, answered) = (0..scale(1_000_000) as u64)
        .into_par_iter()
        .map(|i| melded(0x5c10_0000 + i))
        .filter(|h| h.all_counts()[27..].iter().all(|&x| x == 0))
        .map(|h| {
            let got = t.shanten(&h, &rules).ok();
            assert_eq!(got, brute::shanten(&h, &rules), "{h}");
            (1, got.is_some() as usize)
        })
        .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    assert!(checked > scale(60_000), "{checked}");
    assert!(answered > checked / 2, "{answered} of {checked}");
}

/// Sichuan beside declared melds, on hands without honours (which it
/// refuses): over 20,000 melded hands of every size (of 200,000 drawn),
/// effective tiles (3n+1) and discard tables (3n+2) against the shanten
/// after each draw or discard, every 100th against the brute-force
/// reference itself.
#[test]
fn sichuan_melded_draws_and_discards_on_honour_free_hands() {
    let t = hupai::Tables::embedded();
    let rules = Rules::SICHUAN;
    let checked: usize = (0..scale(200_000) as u64)
        .into_par_iter()
        .filter_map(|i| {
            let h = melded(0x5c00_0000 + i);
            (h.all_counts()[27..].iter().all(|&x| x == 0)).then_some((i, h))
        })
        .map(|(i, h)| {
            let Ok(s) = t.shanten(&h, &rules) else {
                return 0;
            };
            let after = |x: &Hand| t.shanten(x, &rules).ok();
            if (h.concealed_len() + 3 * h.meld_count()) % 3 == 1 {
                let e = t.effective(&h, &rules, &NONE).unwrap();
                let want: TileSet = Tile::all()
                    .filter(|&x| {
                        h.with_tile(x)
                            .ok()
                            .and_then(|n| after(&n))
                            .is_some_and(|n| n < s)
                    })
                    .collect();
                assert_eq!(e.tiles(), want, "{h}");
                if i % 100 == 0 {
                    assert_eq!(Some(e.tiles()), brute::effective(&h, &rules), "{h}");
                }
            } else {
                let d = t.discards(&h, &rules, &NONE).unwrap();
                for (x, e) in d.iter() {
                    let rest = h.without_tile(x).unwrap();
                    assert_eq!(after(&rest), Some(d.after()), "{h} -{x}");
                    let want: TileSet = Tile::all()
                        .filter(|&y| {
                            rest.with_tile(y)
                                .ok()
                                .and_then(|n| after(&n))
                                .is_some_and(|n| n < d.after())
                        })
                        .collect();
                    assert_eq!(e.tiles(), want, "{h} -{x}");
                }
            }
            1
        })
        .sum();
    assert!(checked > scale(20_000), "{checked}");
}

/// Hand `i` with jokers: a concealed hand of 13 or 14 slots (R13/R14 from
/// a shuffled wall, or near complete) whose 0–8 tiles are jokers.
fn joker_hand(i: u64) -> (Hand, usize, Rules) {
    let mut rng = Rng::new(0x6a6f_6b65_0000_0000 ^ i);
    let rules = Rules::ALL[rng.below(4)];
    let j = rng.below(9);
    let slots = 13 + rng.below(2);
    let mut c = if rng.below(3) == 0 {
        let mut c = hupai::sets::complete(&mut rng);
        if slots == 13 {
            remove_random(&mut rng, &mut c);
        }
        c
    } else {
        hupai::sets::random(&mut rng, slots)
    };
    if !rules.honors {
        // Honours become a suited tile with room (Sichuan has none).
        for h in 27..KINDS {
            while c[h] > 0 {
                c[h] -= 1;
                let mut k = rng.below(27);
                while c[k] == 4 {
                    k = (k + 1) % 27;
                }
                c[k] += 1;
            }
        }
    }
    for _ in 0..j {
        remove_random(&mut rng, &mut c);
    }
    (Hand::new(c, &[]).expect("at most four copies"), j, rules)
}

/// Shanten with jokers on 300,000 hands (0–8 jokers, all four rule sets):
/// the table path equals the per-part search; J13 itself too.
#[test]
fn joker_shanten_fast_path_equals_the_search() {
    let t = hupai::Tables::embedded();
    let n = scale(300_000) as u64;
    let fast: usize = (0..n)
        .into_par_iter()
        .map(|i| {
            let (h, j, rules) = joker_hand(i);
            let got = t.shanten_jokers(&h, j, &rules);
            assert_eq!(
                got,
                t.shanten_jokers_searched(&h, j, &rules),
                "{h} + {j} under {rules}"
            );
            got.is_ok() as usize
        })
        .sum();
    assert!(fast as u64 > n / 2, "{fast}");
    let j13 = hands(Set::J13, scale(5_000), SEED);
    j13.par_iter().enumerate().for_each(|(i, h)| {
        let j = Set::J13.jokers(i);
        for rules in &Rules::ALL {
            assert_eq!(
                t.shanten_jokers(h, j, rules),
                t.shanten_jokers_searched(h, j, rules),
                "{h} + {j} under {rules}"
            );
        }
    });
}

/// One and two jokers against brute force over every joker value.
#[test]
fn joker_shanten_equals_brute_force() {
    let t = hupai::Tables::embedded();
    let checked: usize = (0..scale(300) as u64)
        .into_par_iter()
        .map(|i| {
            let (h, j, rules) = joker_hand(0x7000_0000 + i);
            // Keep one or two jokers; the others become real tiles again.
            let mut c = *h.counts();
            let mut rng = Rng::new(i);
            let want = 1 + (i % 5 == 0) as usize;
            for _ in want..j {
                let mut k = rng.below(if rules.honors { KINDS } else { 27 });
                while c[k] == 4 {
                    k = (k + 1) % 27;
                }
                c[k] += 1;
            }
            let h = Hand::new(c, &[]).unwrap();
            let j = want.min(j.max(1));
            if h.concealed_len() + j > 14 {
                return 0;
            }
            let got = t.shanten_jokers(&h, j, &rules).ok();
            assert_eq!(
                got,
                reference::jokers::shanten(&h, j, &rules),
                "{h} + {j} under {rules}"
            );
            1
        })
        .sum();
    assert!(checked > 200, "{checked}");
}
