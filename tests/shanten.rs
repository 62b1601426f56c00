//! Shanten and effective tiles: the table engine against the Python `mahjong`
//! package (a committed riichi fixture), the `xiangting` crate, and the
//! brute-force reference, on every rule set.

use hupai::engine::{ShantenError, Ukeire};
use hupai::reference::shanten as brute;
use hupai::sets::{self, Rng};
use hupai::Tables;
use hupai::{forms, Hand, Meld, MeldKind, Rules, Tile, TileSet};
use rayon::prelude::*;

const NONE: [u8; 34] = [0; 34];

/// Multiplies the random hand counts (`HUPAI_TEST_SCALE=10` for a long run).
fn scale(n: usize) -> usize {
    n * std::env::var("HUPAI_TEST_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1)
}

fn hand(s: &str) -> Hand {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn tile(i: usize) -> Tile {
    Tile::from_index(i).unwrap()
}

/// Riichi: every hand of the fixture written by scripts/shanten_fixture.py
/// from the Python `mahjong` package has the package's shanten, and
/// `xiangting` agrees on each.
#[test]
fn riichi_fixture_equals_the_mahjong_package_and_xiangting() {
    let text = include_str!("fixtures/shanten_riichi.txt");
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert!(lines.len() >= 100_000, "{} hands", lines.len());
    let t = Tables::embedded();
    let (mut quads, mut sizes) = (0, [0; 15]);
    for line in &lines {
        let (mpsz, want) = line.split_once(' ').unwrap();
        let h = hand(mpsz);
        let want: i8 = want.parse().unwrap();
        assert_eq!(t.shanten(&h, &Rules::RIICHI), Ok(want), "{mpsz}");
        let xt = xiangting::calculate_replacement_number(h.counts(), xiangting::PlayerCount::Four)
            .unwrap() as i8;
        assert_eq!(xt - 1, want, "xiangting on {mpsz}");
        quads += h.counts().contains(&4) as usize;
        sizes[h.concealed_len()] += 1;
    }
    assert!(
        quads >= 20_000,
        "only {quads} hands hold four copies of a tile"
    );
    assert!(sizes[13] >= 50_000 && sizes[14] >= 50_000, "{sizes:?}");
}

/// Riichi effective tiles of the fixture's 13-tile hands are `xiangting`'s
/// necessary tiles (less any kind the hand holds four of: a fifth copy
/// cannot be drawn).
#[test]
fn riichi_effective_tiles_equal_xiangting_necessary_tiles() {
    let text = include_str!("fixtures/shanten_riichi.txt");
    let t = Tables::embedded();
    let mut n = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let h = hand(line.split_once(' ').unwrap().0);
        if h.concealed_len() != 13 {
            continue;
        }
        let (_, necessary) =
            xiangting::calculate_necessary_tiles(h.counts(), xiangting::PlayerCount::Four).unwrap();
        let four: u64 = (0..34)
            .filter(|&i| h.counts()[i] == 4)
            .map(|i| 1 << i)
            .sum();
        let eff = t.effective(&h, &Rules::RIICHI, &NONE).unwrap();
        assert_eq!(eff.tiles().bits(), necessary & !four, "{h}");
        n += 1;
    }
    assert!(n >= 50_000);
}

/// A random hand for `rules`: 0–4 declared melds, a valid number of
/// concealed tiles, drawn from the wall, from a complete hand with a few
/// tiles changed, or from few kinds (quads, long runs), or near a special
/// form; Sichuan hands may span three suits.
fn random_hand(rng: &mut Rng, rules: &Rules) -> Hand {
    let kinds: Vec<usize> = (0..if rules.honors { 34 } else { 27 }).collect();
    loop {
        let mut all = [0u8; 34];
        let mut melds = Vec::new();
        let want = [0, 0, 0, 0, 1, 1, 2, 3, 4][rng.below(9)];
        while melds.len() < want {
            let k = rng.below(kinds.len() + 21);
            let m = if k < kinds.len() {
                let kind = [
                    MeldKind::Pung,
                    MeldKind::Pung,
                    MeldKind::Kong,
                    MeldKind::ConcealedKong,
                ][rng.below(4)];
                let from = (kind != MeldKind::ConcealedKong).then_some(hupai::From::Left);
                Meld::new(kind, tile(kinds[k]), from).unwrap()
            } else {
                let j = k - kinds.len();
                Meld::new(
                    MeldKind::Chow,
                    tile(j / 7 * 9 + j % 7),
                    Some(hupai::From::Left),
                )
                .unwrap()
            };
            let mut next = all;
            m.add_to(&mut next);
            if next.iter().all(|&c| c <= 4) {
                all = next;
                melds.push(m);
            }
        }
        let slots = 14 - 3 * melds.len();
        let sizes: Vec<usize> = (1..=slots).filter(|n| n % 3 != 0).collect();
        let n = if rng.below(3) == 0 {
            sizes[rng.below(sizes.len())]
        } else {
            *sizes.last().unwrap() - rng.below(2).min(sizes.len() - 1)
        };
        let n = if n % 3 == 0 { n - 1 } else { n };
        let mut c = [0u8; 34];
        let room = |c: &[u8; 34], i: usize| all[i] + c[i] < 4;
        match rng.below(6) {
            // Near a complete hand: melds and a pair, some tiles dropped.
            0 | 1 => {
                let full = sets::complete_with(rng, n / 3);
                for i in kinds.iter().copied() {
                    c[i] = full[i].min(4 - all[i]);
                }
            }
            // Few kinds: quads and long runs.
            2 => {
                let base = kinds[rng.below(kinds.len())];
                for _ in 0..n {
                    let i = (base + rng.below(6)).min(kinds.len() - 1);
                    if room(&c, i) {
                        c[i] += 1;
                    }
                }
                if rng.below(2) == 0 && room(&c, base) && all[base] == 0 {
                    c[base] = 4;
                }
            }
            // Near a special form.
            3 => {
                let p = rng.below(6);
                let pick: Vec<usize> = match rng.below(3) {
                    0 => forms::ORPHANS.to_vec(),
                    1 => forms::knitted_tiles(p)
                        .iter()
                        .copied()
                        .chain(27..34)
                        .collect(),
                    _ => (0..7)
                        .map(|_| kinds[rng.below(kinds.len())])
                        .flat_map(|i| [i, i])
                        .collect(),
                };
                for i in pick {
                    if kinds.contains(&i) && room(&c, i) {
                        c[i] += 1;
                    }
                }
            }
            _ => {}
        }
        // Trim to n, then fill from the wall.
        while c.iter().map(|&x| x as usize).sum::<usize>() > n {
            let i = rng.below(34);
            if c[i] > 0 {
                c[i] -= 1;
            }
        }
        let mut guard = 0;
        while c.iter().map(|&x| x as usize).sum::<usize>() < n && guard < 10_000 {
            let i = kinds[rng.below(kinds.len())];
            if room(&c, i) {
                c[i] += 1;
            }
            guard += 1;
        }
        if c.iter().map(|&x| x as usize).sum::<usize>() != n {
            continue;
        }
        let h = Hand::new(c, &melds).unwrap();
        if rules.max_suits < 3 {
            // Sichuan needs a suit free of declared melds to void.
            let meld_suits = (0..3)
                .filter(|&s| (0..9).any(|r| all[s * 9 + r] > 0))
                .count();
            if meld_suits == 3 {
                continue;
            }
        }
        return h;
    }
}

fn check_against_reference(rules: Rules, hands: usize, seed: u64) {
    let t = Tables::embedded();
    let mut rng = Rng::new(seed);
    let set: Vec<Hand> = (0..scale(hands))
        .map(|_| random_hand(&mut rng, &rules))
        .collect();
    set.par_iter().for_each(|h| {
        let want = brute::shanten(h, &rules).expect("a valid hand");
        assert_eq!(t.shanten(h, &rules), Ok(want), "{} {h}", rules.name);
    });
}

#[test]
fn generic_shanten_equals_the_reference() {
    check_against_reference(Rules::GENERIC, 3_000, 1);
}

#[test]
fn sichuan_shanten_equals_the_reference() {
    check_against_reference(Rules::SICHUAN, 2_000, 2);
}

#[test]
fn riichi_shanten_equals_the_reference() {
    check_against_reference(Rules::RIICHI, 3_000, 3);
}

#[test]
fn mcr_shanten_equals_the_reference() {
    check_against_reference(Rules::MCR, 3_000, 4);
}

/// Effective tiles and discard tables against the reference (each a few
/// dozen brute-force shanten computations, so fewer hands).
#[test]
fn effective_tiles_equal_the_reference_on_every_rule_set() {
    let t = Tables::embedded();
    for (k, rules) in Rules::ALL.iter().enumerate() {
        let mut rng = Rng::new(100 + k as u64);
        let set: Vec<Hand> = (0..scale(150))
            .map(|_| random_hand(&mut rng, rules))
            .collect();
        set.par_iter().for_each(|h| {
            let size = h.concealed_len() + 3 * h.meld_count();
            if size % 3 == 1 {
                let want = brute::effective(h, rules).unwrap();
                let got = t.effective(h, rules, &NONE).unwrap();
                assert_eq!(got.tiles(), want, "{} {h}", rules.name);
                assert_eq!(Some(got.shanten()), brute::shanten(h, rules));
            } else {
                let got = t.discards(h, rules, &NONE).unwrap();
                let now = brute::shanten(h, rules).unwrap();
                assert_eq!(got.shanten(), now, "{} {h}", rules.name);
                let after: Vec<(Tile, i8)> = Tile::all()
                    .filter_map(|d| {
                        h.without_tile(d)
                            .map(|w| (d, brute::shanten(&w, rules).unwrap()))
                    })
                    .collect();
                let best = after.iter().map(|&(_, s)| s).min().unwrap();
                let mut want: Vec<Tile> = after
                    .iter()
                    .filter(|&&(_, s)| s == best)
                    .map(|&(d, _)| d)
                    .collect();
                let mut listed: Vec<Tile> = got.iter().map(|(d, _)| d).collect();
                listed.sort();
                want.sort();
                assert_eq!(listed, want, "{} {h}", rules.name);
                assert_eq!(got.after(), best);
                // One discard's effective tiles, by the reference.
                let (d, e) = got.iter().next().unwrap();
                let w = h.without_tile(d).unwrap();
                assert_eq!(e.tiles(), brute::effective(&w, rules).unwrap(), "{h} -{d}");
            }
        });
    }
}

/// On many more hands: a tile is effective exactly when drawing it lowers
/// the engine's shanten (which the tests above prove exact), and the
/// discard table lists exactly the discards that keep the best shanten.
#[test]
fn effective_tiles_are_the_draws_that_lower_the_shanten() {
    let t = Tables::embedded();
    for (k, rules) in Rules::ALL.iter().enumerate() {
        let mut rng = Rng::new(200 + k as u64);
        let set: Vec<Hand> = (0..scale(8_000))
            .map(|_| random_hand(&mut rng, rules))
            .collect();
        set.par_iter().for_each(|h| {
            let now = t.shanten(h, rules).unwrap();
            match t.ukeire(h, rules, &NONE).unwrap() {
                Ukeire::Draw(e) => {
                    assert_eq!(e.shanten(), now);
                    let want: TileSet = Tile::all()
                        .filter(|d| rules.honors || !d.is_honor())
                        .filter(|&d| {
                            h.with_tile(d)
                                .is_ok_and(|w| t.shanten(&w, rules).unwrap() < now)
                        })
                        .collect();
                    assert_eq!(e.tiles(), want, "{} {h}", rules.name);
                }
                Ukeire::Discard(table) => {
                    assert_eq!(table.shanten(), now);
                    let after: Vec<(Tile, i8)> = Tile::all()
                        .filter_map(|d| {
                            h.without_tile(d)
                                .map(|w| (d, t.shanten(&w, rules).unwrap()))
                        })
                        .collect();
                    let best = after.iter().map(|&(_, s)| s).min().unwrap();
                    assert_eq!(table.after(), best);
                    assert_eq!(
                        table.len(),
                        after.iter().filter(|&&(_, s)| s == best).count()
                    );
                    for (d, e) in table.iter() {
                        let w = h.without_tile(d).unwrap();
                        assert_eq!(t.shanten(&w, rules), Ok(best));
                        assert_eq!(e.tiles(), t.effective(&w, rules, &NONE).unwrap().tiles());
                    }
                    // Most unseen effective copies first, then in tile order.
                    let rows: Vec<_> = table.iter().map(|(d, e)| (d, e.total())).collect();
                    assert!(
                        rows.windows(2)
                            .all(|w| w[0].1 > w[1].1 || w[0].1 == w[1].1 && w[0].0 < w[1].0),
                        "{} {h}: {rows:?}",
                        rules.name
                    );
                }
            }
        });
    }
}

/// Four copies: the cases where counting on a fifth copy would be wrong.
#[test]
fn four_copies_are_never_counted_on() {
    let t = Tables::embedded();
    let r = Rules::RIICHI;
    // 1111m: the fourth copy cannot pair with a fifth.
    for (s, want) in [
        ("1111m", 1),
        ("1111m2222m3333m4z", 0),
        ("11112222333344m", -1),
        ("1111234567899m", 0),
        ("1111m111122233z", 1),
        ("1111m1111p1111s1z", 2),
    ] {
        let h = hand(s);
        assert_eq!(t.shanten(&h, &r), Ok(want), "{s}");
        assert_eq!(brute::shanten(&h, &r), Some(want), "{s}");
    }
    // Seven pairs: a quad is one pair in riichi, two in generic rules.
    let h = hand("1111m22334455p6z");
    assert_eq!(t.shanten(&h, &Rules::RIICHI), Ok(1));
    assert_eq!(t.shanten(&h, &Rules::GENERIC), Ok(0));
    // Declared melds take copies too: beside a kong of 6s, 5s7s is no
    // longer one tile from a chow, so the hand is a step further than its
    // concealed tiles alone would say.
    let h = hand("[6666s]7m67p14445788s");
    let concealed = Hand::new(*h.counts(), &[]).unwrap();
    let (with, without) = (
        t.shanten(&h, &r).unwrap(),
        t.shanten(&concealed, &r).unwrap(),
    );
    assert_eq!(Some(with), brute::shanten(&h, &r));
    assert_eq!(Some(without), brute::shanten(&concealed, &r));
    assert_eq!((with, without), (2, 1));
}

/// Remaining copies: four, less the hand, its melds and the visible tiles;
/// an effective tile whose copies are all visible is listed with 0.
#[test]
fn remaining_copies_count_hand_melds_and_visible_tiles() {
    let t = Tables::embedded();
    let h = hand("[123m]23m456p789s11z");
    let mut visible = [0u8; 34];
    visible[0] = 2; // 1m
    visible[3] = 3; // 4m
    let e = t.effective(&h, &Rules::RIICHI, &visible).unwrap();
    assert_eq!(e.shanten(), 0);
    assert_eq!(e.tiles().to_string(), "1m 4m");
    assert_eq!(e.remaining(tile(0)), 1); // four less the chow's and two seen
    assert_eq!(e.remaining(tile(3)), 1);
    assert_eq!(e.total(), 2);
    visible[0] = 3;
    let e = t.effective(&h, &Rules::RIICHI, &visible).unwrap();
    assert_eq!(e.remaining(tile(0)), 0);
    assert!(e.tiles().contains(tile(0)));
    visible[0] = 4;
    assert_eq!(
        t.effective(&h, &Rules::RIICHI, &visible),
        Err(ShantenError::Visible(tile(0)))
    );
    // The discard table counts the discarded tile as seen.
    let h = hand("123456789m12345z");
    let d = t.discards(&h, &Rules::RIICHI, &NONE).unwrap();
    assert_eq!(Some(d.shanten()), brute::shanten(&h, &Rules::RIICHI));
    assert_eq!(d.len(), 5);
    for (_, e) in d.iter() {
        assert!(e.iter().all(|(x, n)| n == 4 - h.counts()[x.index()]));
    }
}

/// Sizes, tiles and melds that have no shanten are clear errors.
#[test]
fn bad_hands_are_errors_not_panics() {
    let t = Tables::embedded();
    let r = Rules::RIICHI;
    for s in [
        "123m",
        "123456m789p123s",
        "123456789m123p",
        "[123m][456m][789m][123p]123s",
    ] {
        let e = t.shanten(&hand(s), &r).unwrap_err();
        assert!(matches!(e, ShantenError::Size { .. }), "{s}: {e}");
        assert!(e.to_string().contains("expected 3n+1 or 3n+2"), "{e}");
    }
    let e = t
        .effective(&hand("123456789m12345p"), &r, &NONE)
        .unwrap_err();
    assert!(e.to_string().contains("expected 3n+1"), "{e}");
    let e = t.discards(&hand("123456789m1234p"), &r, &NONE).unwrap_err();
    assert!(e.to_string().contains("expected 3n+2"), "{e}");
    assert_eq!(
        t.shanten(&hand("123m456p789s1122z"), &Rules::SICHUAN),
        Err(ShantenError::NoSuchTile(Tile::EAST))
    );
    assert_eq!(
        t.shanten(&hand("[123m][456p][789s]1199m"), &Rules::SICHUAN),
        Err(ShantenError::ThreeSuits)
    );
    assert!(t.shanten(&Hand::new([0; 34], &[]).unwrap(), &r).is_err());
}

/// Sichuan voids a suit: every tile of it must go.
#[test]
fn sichuan_lacks_one_suit() {
    let t = Tables::embedded();
    let s = Rules::SICHUAN;
    assert_eq!(t.shanten(&hand("11123455678999m"), &s), Ok(-1));
    // Nine gates and a lone 1s: the 1s must go, then the hand is ready.
    assert_eq!(t.shanten(&hand("1112345678999m1s"), &s), Ok(0));
    // Complete in three suits is not complete: a whole suit must go.
    let h = hand("123m456p789s11m");
    assert_eq!(t.shanten(&h, &Rules::GENERIC), Ok(-1));
    assert_eq!(Some(t.shanten(&h, &s).unwrap()), brute::shanten(&h, &s));
    assert_eq!(t.shanten(&h, &s), Ok(2));
    // 龙七对: seven pairs with a quad.
    assert_eq!(t.shanten(&hand("1111m2233p445566p"), &s).unwrap(), -1);
}

/// MCR special forms: honours and knitted, knitted straight (also beside a
/// declared meld), thirteen orphans, seven pairs.
#[test]
fn mcr_special_forms() {
    let t = Tables::embedded();
    let m = Rules::MCR;
    for (s, want) in [
        ("147m258p369s12345z", -1),
        ("147m258p369s1234z", 0),
        ("147m258p369s11122z", -1),
        ("147m258p369s111z2z", 0),
        ("19m19p19s1234567z", 0),
        ("[555m]147m258p369s2z", 0),
        ("147m258p3s1234567z", -1),
    ] {
        let h = hand(s);
        assert_eq!(t.shanten(&h, &m), Ok(want), "{s}");
        assert_eq!(brute::shanten(&h, &m), Some(want), "{s}");
    }
}

/// The engine gives the same answers from memory-mapped tables.
#[test]
fn mapped_tables_answer_alike() {
    let dir = tempfile::tempdir().unwrap();
    hupai::table::generate::write_dir(dir.path()).unwrap();
    let mapped = Tables::open(dir.path()).unwrap();
    let t = Tables::embedded();
    let mut rng = Rng::new(9);
    for rules in Rules::ALL {
        for _ in 0..500 {
            let h = random_hand(&mut rng, &rules);
            assert_eq!(mapped.shanten(&h, &rules), t.shanten(&h, &rules));
            assert_eq!(
                mapped.ukeire(&h, &rules, &NONE).map(|u| u.shanten()),
                t.ukeire(&h, &rules, &NONE).map(|u| u.shanten())
            );
        }
    }
}
