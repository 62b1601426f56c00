//! The MCR reference calculator's meld notation: the
//! chow digit names the claimed tile, a pung's or kong's digit the source,
//! 5–7 an added kong, an optional comma; canonical formatting. Through the
//! library and the CLI (the C ABI: ffi/tests/meld_notation.rs).

mod cli_common;
#[path = "../../tests/mcr_common/mod.rs"]
mod mcr_common;

use hupai::mcr::{self, Fan, ScoringInput};
use hupai::notation::{format, parse};
use hupai::ParseErrorKind::*;
use hupai::{ChowTile, From, HandError, Meld, MeldKind, Notation, Tables, Tile};

fn tile(s: &str) -> Tile {
    s.parse().unwrap()
}

fn only_meld(text: &str, notation: Notation) -> Meld {
    let hand = parse(text, notation).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(hand.meld_count(), 1, "{text}");
    let meld = *hand.melds().next().unwrap();
    meld
}

#[test]
fn chow_digit_is_the_claimed_tile() {
    for (text, claimed, which) in [
        ("[567m1]", "5m", ChowTile::First),
        ("[567m2]", "6m", ChowTile::Second),
        ("[567m3]", "7m", ChowTile::Third),
        ("[567m,2]", "6m", ChowTile::Second),
        ("[765m2]", "6m", ChowTile::Second),
    ] {
        for n in [Notation::Mpsz, Notation::Mcr] {
            let m = only_meld(text, n);
            assert_eq!(m.kind(), MeldKind::Chow, "{text}");
            assert_eq!(
                m.from(),
                Some(From::Left),
                "{text}: a chow comes from the left"
            );
            assert_eq!(m.chow_tile(), which, "{text}");
            assert_eq!(m.claimed_tile(), Some(tile(claimed)), "{text}");
            assert_eq!(m, Meld::chow(tile("5m"), which).unwrap());
        }
    }
    // No digit: the first tile, source not written.
    let m = only_meld("[567m]", Notation::Mpsz);
    assert_eq!(
        (m.claimed_tile(), m.from(), m.digit()),
        (Some(tile("5m")), None, None)
    );
}

#[test]
fn pung_and_kong_digits_are_the_source_and_5_to_7_an_added_kong() {
    for n in [Notation::Mpsz, Notation::Mcr] {
        for (d, from) in [(1, From::Left), (2, From::Opposite), (3, From::Right)] {
            let pung = only_meld(&format!("[999s{d}]"), n);
            assert_eq!((pung.kind(), pung.from()), (MeldKind::Pung, Some(from)));
            let kong = only_meld(&format!("[1111s,{d}]"), n);
            assert_eq!((kong.kind(), kong.from()), (MeldKind::Kong, Some(from)));
            assert!(!kong.is_added_kong());
            let added = only_meld(&format!("[1111s{}]", d + 4), n);
            // An added kong is a melded kong with a marker.
            assert_eq!((added.kind(), added.from()), (MeldKind::Kong, Some(from)));
            assert!(added.is_added_kong() && added.is_claimed());
            assert_eq!(added, Meld::added_kong(tile("1s"), from));
            assert_eq!(added.digit(), Some(d + 4));
        }
        // A declared pung without digit is claimed, never concealed.
        let pung = only_meld("[999s]", n);
        assert!(pung.is_claimed() && pung.from().is_none());
    }
    assert_eq!(
        only_meld("[SSSS]", Notation::Mcr).kind(),
        MeldKind::ConcealedKong
    );
    assert_eq!(only_meld("[SSSS]", Notation::Mcr).digit(), None);
    let added = only_meld("[EEEE,7]", Notation::Mcr);
    assert_eq!(
        (added.from(), added.is_added_kong()),
        (Some(From::Right), true)
    );
}

#[test]
fn canonical_formatting_writes_the_digit_without_comma() {
    for (text, mpsz, mcr) in [
        ("[567m,2]", "[567m2]", "[567m2]"),
        ("[567m3]11z", "[567m3]11z", "[567m3]EE"),
        ("[1111s,5]", "[1111s5]", "[1111s5]"),
        ("[1111s6][2222z,7]", "[1111s6][2222z7]", "[1111s6][SSSS7]"),
        ("[999s3][123p]", "[999s3][123p]", "[999s3][123p]"),
        ("[4444z]", "[4444z]", "[NNNN]"),
    ] {
        let hand = parse(text, Notation::Mpsz).unwrap();
        assert_eq!(hand.to_string(), mpsz, "{text}");
        assert_eq!(format(&hand, Notation::Mcr).unwrap(), mcr, "{text}");
        assert_eq!(parse(mpsz, Notation::Mpsz).unwrap(), hand, "{text}");
        assert_eq!(parse(mcr, Notation::Mcr).unwrap(), hand, "{text}");
    }
}

#[test]
fn red_fives_in_melds_are_kept() {
    for (text, canonical, red) in [
        ("[055s]", "[055s]", 1),
        ("[505s3]", "[055s3]", 1),
        ("[0555m2]", "[0555m2]", 1),
        ("[5550m]", "[0555m]", 1),
        ("[0055p6]", "[0055p6]", 2),
        ("[406p]", "[406p]", 1),
        ("[r46m,2]", "[406m2]", 1),
        ("[555s]", "[555s]", 0),
    ] {
        let meld = only_meld(text, Notation::Mpsz);
        assert_eq!(meld.red_fives(), red, "{text}");
        let hand = parse(text, Notation::Mpsz).unwrap();
        assert_eq!(hand.to_string(), canonical, "{text}");
        assert_eq!(parse(canonical, Notation::Mpsz).unwrap(), hand, "{text}");
        // Concealed red fives are the concealed tiles' alone.
        assert_eq!(hand.red_fives(), [0, 0, 0], "{text}");
    }
    // The command line echoes them and counts them as aka dora.
    let o = cli_common::run(
        &[
            "score",
            "--rules",
            "riichi",
            "--json",
            "--self-drawn",
            "--has-aka-dora",
            "22m23s1s[456s][789s][055s]",
        ],
        "",
    );
    let v: serde_json::Value = serde_json::from_str(cli_common::stdout(&o).trim()).unwrap();
    assert_eq!(v["hand"], "[456s][789s][055s]22m23s1s");
    assert!(v["yaku"]
        .as_array()
        .unwrap()
        .iter()
        .any(|y| y["name"] == "Aka Dora" && y["han"] == 1));
}

#[test]
fn bad_digits_and_commas_name_the_problem() {
    let fails = |s: &str, n| parse(s, n).unwrap_err();
    let e = fails("[123m0]", Notation::Mpsz);
    assert_eq!((e.kind, e.position), (BadChowDigit('0'), Some(6)));
    let e = fails("[1111s8]", Notation::Mpsz);
    assert_eq!((e.kind, e.position), (BadKongDigit('8'), Some(7)));
    assert_eq!(fails("[SSSS0]", Notation::Mcr).kind, BadKongDigit('0'));
    assert_eq!(fails("[SSSS4]", Notation::Mcr).kind, BadKongDigit('4'));
    assert_eq!(fails("[EEE5]", Notation::Mcr).kind, BadSource('5'));
    for bad in ["[567m,]", "[567m,,2]", "[567m2,]", "[,567m]", "[567m12]"] {
        let e = fails(bad, Notation::Mpsz);
        assert_eq!(e.kind, BadMeld(bad.into()), "{bad}");
        assert_eq!(e.position, Some(1), "{bad}");
    }
    let e = fails("123m,456p", Notation::Mpsz);
    assert_eq!((e.kind, e.position), (UnexpectedChar(','), Some(5)));
}

#[test]
fn the_meld_type_keeps_its_invariants() {
    let t = tile("3p");
    assert_eq!(
        Meld::new(MeldKind::Chow, t, Some(From::Opposite)),
        Err(HandError::ChowNotFromLeft(t))
    );
    assert_eq!(
        Meld::chow(tile("8p"), ChowTile::Second),
        Err(HandError::BadChow(tile("8p")))
    );
    assert_eq!(
        Meld::new(MeldKind::Pung, t, None).unwrap().claimed_tile(),
        Some(t)
    );
    assert_eq!(
        Meld::new(MeldKind::ConcealedKong, t, None)
            .unwrap()
            .claimed_tile(),
        None
    );
    // Old constructors keep their meaning.
    let kong = Meld::new(MeldKind::Kong, t, Some(From::Left)).unwrap();
    assert!(!kong.is_added_kong());
    assert_eq!(kong.chow_tile(), ChowTile::First);
}

/// The reference calculator's own test hands (ChineseOfficialMahjongHelper,
/// Classes/mahjong-algorithm/unit_test.cpp at abc04ea: test_points calls,
/// discard win, East wind round and seat) with the chow digits as written,
/// and the totals it prints.
const REFERENCE_TESTS: &[(&str, &str, u32)] = &[
    ("[345m3]258m1488s369p7s", "", 14),
    ("[345m3]258m1477s369p7s", "", 15),
    ("[345m3]258m1478s369p8s", "", 15),
    ("[678s3]147m5888s369p2s", "", 16),
    ("[456s2][234s3]1223678s2s", "", 46),
    ("[789s3]33m34566778s5s", "", 20),
    ("[234p3]1134557789p6p", "", 44),
    ("[345m2][456m]1123468m7m", "--self-drawn", 45),
    ("[678p3][234p3]1145678p9p", "", 43),
    ("[789p3][678p2][567p]1134p2p", "--self-drawn", 44),
];

#[test]
fn reference_calculator_tests_with_chow_digits_score_as_it_prints() {
    for &(hand, flags, total) in REFERENCE_TESTS {
        let line = format!("{hand} {flags} --prevalent E --seat E");
        let input =
            ScoringInput::parse(&line, Notation::Mcr).unwrap_or_else(|e| panic!("{line}: {e}"));
        let score = mcr::score(&input, Tables::embedded()).unwrap();
        assert_eq!(score.total, total, "{line}");
    }
    let stdin: String = REFERENCE_TESTS
        .iter()
        .map(|(h, f, _)| format!("{h} {f}\n"))
        .collect();
    let o = cli_common::run(
        &[
            "score",
            "--json",
            "--notation",
            "mcr",
            "--prevalent",
            "E",
            "--seat",
            "E",
        ],
        &stdin,
    );
    assert!(o.status.success(), "{}", cli_common::stderr(&o));
    let totals: Vec<u64> = cli_common::stdout(&o)
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["total"]
                .as_u64()
                .unwrap()
        })
        .collect();
    let want: Vec<u64> = REFERENCE_TESTS.iter().map(|t| t.2 as u64).collect();
    assert_eq!(totals, want);
}

#[test]
fn an_added_kong_scores_as_a_melded_kong() {
    let fans =
        |line: &str| -> Vec<Fan> { mcr_common::score(line).fans.iter().map(|f| f.fan).collect() };
    let melded = fans("[1111s1]234m567p789p5z5z");
    assert!(melded.contains(&Fan::MeldedKong));
    for d in 5..=7 {
        assert_eq!(
            fans(&format!("[1111s{d}]234m567p789p5z5z")),
            melded,
            "digit {d}"
        );
    }
    let concealed = fans("[1111s]234m567p789p5z5z");
    assert!(concealed.contains(&Fan::ConcealedKong) && !concealed.contains(&Fan::MeldedKong));
}
