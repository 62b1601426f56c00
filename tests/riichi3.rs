//! Three-player riichi (`Rules::RIICHI3`): shanten and effective tiles equal
//! the `xiangting` crate's three-player functions on seeded random hands of
//! the three-player wall; hu and waits are those of riichi on the same tiles
//! and never name 2m–8m; hands holding 2m–8m are refused.

use hupai::engine::Ukeire;
use hupai::{Hand, Rules, Tables, Tile};

/// The kinds of the three-player wall: 1m, 9m, dots, bamboo, honours.
fn kinds() -> Vec<usize> {
    (0..34).filter(|&i| !(1..8).contains(&i)).collect()
}

/// A small deterministic generator (xorshift64*).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random hand of `n` tiles from the three-player wall, some of them
/// clustered so that melds and pairs occur.
fn hand(rng: &mut Rng, n: usize) -> Hand {
    let kinds = kinds();
    let mut c = [0u8; 34];
    let mut placed = 0;
    while placed < n {
        let k = kinds[rng.below(kinds.len())];
        let copies = 1 + rng.below(3);
        for _ in 0..copies {
            if placed < n && c[k] < 4 {
                c[k] += 1;
                placed += 1;
            }
        }
    }
    Hand::new(c, &[]).unwrap()
}

#[test]
fn three_player_shanten_and_effective_tiles_equal_xiangting() {
    let t = Tables::embedded();
    let mut rng = Rng(0x5eed_3333);
    let mut checked = 0;
    for i in 0..40_000 {
        let n = [1, 2, 4, 5, 7, 8, 10, 11, 13, 14, 13, 14][i % 12];
        let h = hand(&mut rng, n);
        let (xt, necessary) =
            xiangting::calculate_necessary_tiles(h.counts(), xiangting::PlayerCount::Three)
                .unwrap();
        let shanten = t.shanten(&h, &Rules::RIICHI3).unwrap();
        assert_eq!(shanten, xt as i8 - 1, "shanten of {h}");
        if n % 3 == 1 {
            let four: u64 = (0..34)
                .filter(|&i| h.counts()[i] == 4)
                .map(|i| 1 << i)
                .sum();
            let eff = t.effective(&h, &Rules::RIICHI3, &[0; 34]).unwrap();
            assert_eq!(
                eff.tiles().bits(),
                necessary & !four,
                "effective tiles of {h}"
            );
            assert_eq!(
                eff.tiles().bits() & 0xfe,
                0,
                "no 2m-8m among the draws of {h}"
            );
        } else if let Ukeire::Discard(d) = t.ukeire(&h, &Rules::RIICHI3, &[0; 34]).unwrap() {
            for (_, e) in d.iter() {
                assert_eq!(
                    e.tiles().bits() & 0xfe,
                    0,
                    "no 2m-8m among the draws of {h}"
                );
            }
        }
        checked += 1;
    }
    assert_eq!(checked, 40_000);
}

#[test]
fn three_player_four_copies_read_1m_and_9m_as_honours() {
    let t = Tables::embedded();
    let h: Hand = "1111m111122233z".parse().unwrap();
    // Four player: 1m can still join 23m; three player: the fourth 1m is dead.
    assert_eq!(t.shanten(&h, &Rules::RIICHI), Ok(1));
    assert_eq!(t.shanten(&h, &Rules::RIICHI3), Ok(2));
}

#[test]
fn three_player_hu_and_waits_are_riichis_without_2m_to_8m() {
    let t = Tables::embedded();
    let mut rng = Rng(77);
    for _ in 0..20_000 {
        let h = hand(&mut rng, 13);
        let w3 = t.waits(&h, &Rules::RIICHI3).unwrap();
        let w4 = t.waits(&h, &Rules::RIICHI).unwrap();
        assert_eq!(w3.live, w4.live, "{h}");
        assert_eq!(w3.all().bits() & 0xfe, 0);
        let full = h.with_tile(Tile::from_index(kinds()[rng.below(27)]).unwrap());
        if let Ok(full) = full {
            assert_eq!(
                t.is_win(&full, &Rules::RIICHI3),
                t.is_win(&full, &Rules::RIICHI),
                "{full}"
            );
        }
    }
    let with_5m: Hand = "123m456p789s11122z".parse().unwrap();
    assert!(t.is_win(&with_5m, &Rules::RIICHI) && !t.is_win(&with_5m, &Rules::RIICHI3));
    assert!(t.arrangements(&with_5m, &Rules::RIICHI3).is_empty());
    assert!(t.shanten(&with_5m, &Rules::RIICHI3).is_err());
    let ready: Hand = "123m456p789s1112z".parse().unwrap();
    assert!(t.waits(&ready, &Rules::RIICHI3).unwrap().is_empty());
}
