//! The tables against the recursive reference, exhaustively per suit.

use hupai::reference;
use hupai::table::{key, record, Tables};

/// Every ≤ 14-tile pattern of a numbered suit: complete flags and waits equal
/// the reference's, and the counts equal the facts of DESIGN §4.
#[test]
fn every_suit_pattern_matches_the_reference() {
    let t = Tables::embedded();
    let (mut melds, mut pairs) = (0, 0);
    for v in key::patterns::<9>() {
        let r = t.suit_record(&v);
        let (m, p) = reference::suit_complete(&v, true);
        assert_eq!(
            (r & record::MELDS != 0, r & record::PAIR != 0),
            (m, p),
            "{v:?}"
        );
        melds += m as usize;
        pairs += p as usize;
        // A wait makes the pattern one tile larger; 15 tiles never occur in one suit.
        let small = v.iter().sum::<u8>() < 14;
        let mut waits = 0;
        for i in (0..9).filter(|_| small) {
            let mut w = v;
            w[i] += 1;
            let (m, p) = reference::suit_complete(&w, true);
            if m || p {
                waits |= 1 << i;
            }
        }
        assert_eq!(record::waits(r), waits, "{v:?}");
    }
    assert_eq!((melds, pairs), (2_869, 18_874));
}

#[test]
fn every_honor_pattern_matches_the_reference() {
    let t = Tables::embedded();
    let mut complete = 0;
    for v in key::patterns::<7>() {
        let r = t.honor_record(&v);
        let (m, p) = reference::suit_complete(&v, false);
        assert_eq!(
            (r & record::MELDS != 0, r & record::PAIR != 0),
            (m, p),
            "{v:?}"
        );
        complete += (m || p) as usize;
        let small = v.iter().sum::<u8>() < 14;
        for i in 0..7 {
            let mut w = v;
            w[i] += 1;
            let (m, p) = reference::suit_complete(&w, false);
            assert_eq!(
                record::waits(r) >> i & 1 == 1,
                small && (m || p),
                "{v:?} + {i}"
            );
        }
    }
    assert_eq!(complete, 498);
}

#[test]
fn committed_tables_equal_a_fresh_build() {
    let fresh = Tables::generate();
    let embedded = Tables::embedded();
    embedded.verify().unwrap();
    for ((name, a), (_, b)) in fresh.files().zip(embedded.files()) {
        assert!(
            a.bytes() == b.bytes(),
            "tables/{name} differs from a fresh build: run `hupai tables build`"
        );
    }
}
