//! Table sets through the public API: the committed files, memory-mapped
//! files, and corrupt bytes. The per-pattern contents and the file format
//! are checked by the table module's unit tests.

use hupai::table::{TableError, Tables};
use hupai::{reference, Rules};
use proptest::prelude::*;

#[test]
fn committed_tables_equal_a_fresh_build() {
    let fresh = hupai::table::generate::tables();
    let embedded = Tables::embedded();
    embedded.verify().unwrap();
    for ((name, a), (_, b)) in fresh.files().zip(embedded.files()) {
        assert!(
            a == b,
            "tables/{name} differs from a fresh build: run `hupai tables build`"
        );
    }
}

/// The memory-mapped set answers exactly as the embedded one.
#[test]
fn mapped_tables_match_embedded() {
    let dir = tempfile::tempdir().unwrap();
    hupai::table::generate::write_dir(dir.path()).unwrap();
    let mapped = Tables::open(dir.path()).unwrap();
    mapped.verify().unwrap();
    assert_eq!(mapped.info(), Tables::embedded().info());
    for set in hupai::sets::Set::ALL {
        for h in hupai::sets::hands(set, 2_000, 7) {
            let want = reference::is_win(&h, &Rules::GENERIC);
            assert_eq!(mapped.is_win(&h, &Rules::GENERIC), want, "{h}");
            assert_eq!(Tables::embedded().is_win(&h, &Rules::GENERIC), want, "{h}");
        }
    }
}

fn hu_bytes() -> Vec<u8> {
    Tables::embedded().files().next().unwrap().1.to_vec()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]
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
            Ok(t.files().find(|(n, _)| *n == name).unwrap().1)
        };
        let caught = Tables::load(open).map(|t| t.verify()).is_err();
        prop_assert!(caught || Tables::load(open).unwrap().verify().is_err(), "byte {} changed unnoticed", at);
    }
}
