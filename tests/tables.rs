//! The tables against the recursive reference, exhaustively per suit.

use hupai::reference;
use hupai::table::{key, record, Tables};

/// Every ≤ 14-tile pattern of a numbered suit: complete flags and waits equal
/// the reference's, and the counts equal the known pattern counts.
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
    let fresh = hupai::table::generate::tables();
    let embedded = Tables::embedded();
    embedded.verify().unwrap();
    for ((name, a), (_, b)) in fresh.files().zip(embedded.files()) {
        assert!(
            a.bytes() == b.bytes(),
            "tables/{name} differs from a fresh build: run `hupai tables build`"
        );
    }
}

mod files {
    use hupai::table::format::{write, TableFile};
    use hupai::table::{TableError, Tables};
    use hupai::{reference, Rules};
    use proptest::prelude::*;

    fn hu_bytes() -> Vec<u8> {
        Tables::embedded()
            .files()
            .next()
            .unwrap()
            .1
            .bytes()
            .to_vec()
    }

    #[test]
    fn every_truncation_is_refused() {
        let bytes = hu_bytes();
        // Every cut inside the header, then a spread of cuts through the payload.
        let cuts = (0..512).chain((512..bytes.len()).step_by(997));
        for n in cuts {
            let r = TableFile::new(&bytes[..n]);
            assert!(r.is_err(), "a file cut to {n} bytes was accepted");
        }
    }

    #[test]
    fn foreign_and_versioned_files_are_named_as_such() {
        assert!(matches!(
            TableFile::new(&b"GIF89a......................"[..]),
            Err(TableError::BadMagic)
        ));
        let mut b = hu_bytes();
        b[12] = 99; // the version follows the 4-byte length and the 8-byte magic
        assert!(matches!(
            TableFile::new(&b[..]),
            Err(TableError::Version { found: 99 })
        ));
        let mut b = hu_bytes();
        let last = b.len() - 1;
        b[last] ^= 1;
        let f = TableFile::new(&b[..]).expect("the cheap check does not read the payload");
        assert!(matches!(f.verify(), Err(TableError::Checksum { .. })));
        let wrong_kind = write("shanten", &[("suit", vec![0; 4])]);
        let r = Tables::load(|_| Ok(wrong_kind.clone()));
        assert!(r.is_err());
    }

    /// The memory-mapped set answers exactly as the embedded one.
    #[test]
    fn mapped_tables_match_embedded() {
        let dir = tempfile::tempdir().unwrap();
        hupai::table::generate::write_dir(dir.path()).unwrap();
        let mapped = Tables::open(dir.path()).unwrap();
        mapped.verify().unwrap();
        for set in hupai::sets::Set::ALL {
            for h in hupai::sets::hands(set, 2_000, 7) {
                let want = reference::is_win(&h, &Rules::GENERIC);
                assert_eq!(mapped.is_win(&h, &Rules::GENERIC), want, "{h}");
                assert_eq!(Tables::embedded().is_win(&h, &Rules::GENERIC), want, "{h}");
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2_000))]
        /// Arbitrary bytes never panic the loader.
        #[test]
        fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
            let _ = TableFile::new(&bytes[..]).map(|f| f.verify());
            let _ = Tables::load(|_| Ok(&bytes[..]));
        }

        /// Corrupting any byte (header, padding or payload) is refused on
        /// open or caught by `verify`; never a panic, never unnoticed.
        #[test]
        fn any_corruption_is_caught(pick in 0usize..1_000_000, x in 1u8..=255) {
            let mut b = hu_bytes();
            // Half the picks land in the first 256 bytes (the header).
            let at = if pick % 2 == 0 { pick / 2 % 256 } else { pick / 2 % b.len() };
            b[at] ^= x;
            // The other files of the set stay intact, so only the changed byte can be caught.
            let open = |name: &str| -> Result<&[u8], TableError> {
                if name == "hu.tbl" {
                    return Ok(&b[..]);
                }
                let t = Tables::embedded();
                Ok(t.files().find(|(n, _)| *n == name).unwrap().1.bytes())
            };
            let caught = Tables::load(open).map(|t| t.verify()).is_err();
            prop_assert!(caught || Tables::load(open).unwrap().verify().is_err(), "byte {} changed unnoticed", at);
        }
    }
}
