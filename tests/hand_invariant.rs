//! The hand invariant under raw counts (found by fuzzing): no
//! count, concealed or with the melds added, may pass above four, and a raw
//! count near 255 must not wrap into a small one.

use hupai::{reference, Hand, HandError, Meld, MeldKind, Rules, Tables, Tile, KINDS};

fn one_man() -> Tile {
    Tile::from_index(0).unwrap()
}

#[test]
fn a_raw_count_near_255_with_a_meld_of_its_tile_is_refused() {
    let pung = Meld::new(MeldKind::Pung, one_man(), None).unwrap();
    let kong = Meld::new(MeldKind::ConcealedKong, one_man(), None).unwrap();
    for (raw, meld) in [
        (253u8, pung),
        (252, kong),
        (255, pung),
        (5, pung),
        (2, kong),
    ] {
        let mut counts = [0u8; KINDS];
        counts[0] = raw;
        assert_eq!(
            Hand::new(counts, &[meld]),
            Err(HandError::FifthCopy(one_man())),
            "{raw} concealed 1m with {meld:?}"
        );
    }
}

#[test]
fn every_raw_count_above_four_is_refused_and_four_is_kept() {
    for i in 0..KINDS {
        for raw in 5..=255u8 {
            let mut counts = [0u8; KINDS];
            counts[i] = raw;
            let tile = Tile::from_index(i).unwrap();
            assert_eq!(Hand::new(counts, &[]), Err(HandError::FifthCopy(tile)));
        }
        let mut counts = [0u8; KINDS];
        counts[i] = 4;
        assert!(Hand::new(counts, &[]).is_ok());
    }
}

#[test]
fn melds_that_fill_a_tile_exactly_are_kept() {
    let pung = Meld::new(MeldKind::Pung, one_man(), None).unwrap();
    let mut counts = [0u8; KINDS];
    counts[0] = 1;
    counts[1] = 2;
    let hand = Hand::new(counts, &[pung]).unwrap();
    assert_eq!(hand.all_counts()[0], 4);
    // The hand the wrap used to let through is not a win for either engine.
    let rules = Rules::GENERIC;
    assert_eq!(
        Tables::embedded().is_win(&hand, &rules),
        reference::is_win(&hand, &rules)
    );
}
