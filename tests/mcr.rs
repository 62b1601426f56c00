//! MCR scoring: a hand for every fan, every "not counted with" entry, every
//! counting principle and every ruling of docs/rules/mcr.md, and the
//! errors. (Totals in the examples were checked against PyMahjongGB.)

#[path = "mcr_common/mod.rs"]
mod common;

use common::{score, try_score};
use hupai::mcr::{self, Fan, Flags, ScoreError, ScoringInput, Variant, FAN_COUNT};
use hupai::{notation, reference, Form, Notation, Rules, ScoredHandError, Tables};

/// For every fan, hands that score it (`HAND [FLAGS]`, winning tile last)
/// with the reference calculator's total.
const EXAMPLES: &[(Fan, &str, u32)] = &[
    (Fan::BigFourWinds, "111222333z55m444z", 112),
    (Fan::BigThreeDragons, "555666777z123m11p", 112),
    (Fan::AllGreen, "234s234s666s888s66z", 94),
    (Fan::NineGates, "1112345678999m5m", 91),
    (Fan::NineGates, "1112345678999m9m --self-drawn", 107),
    (Fan::FourKongs, "[1111m1][2222p2][3333s3][4444z1]5z5z", 110),
    (Fan::SevenShiftedPairs, "2233445566778m8m", 90),
    (Fan::ThirteenOrphans, "19m19p19s1234567z1m", 88),
    (Fan::AllTerminals, "111999m111p999s1s1s", 129),
    (Fan::LittleFourWinds, "111222333z123m44z", 97),
    (Fan::LittleThreeDragons, "555666z123m456p77z", 70),
    (Fan::AllHonors, "111222z555666z77z", 197),
    (
        Fan::FourConcealedPungs,
        "111m222p333s444z55z --self-drawn",
        82,
    ),
    (Fan::PureTerminalChows, "112233778899m55m", 67),
    (Fan::QuadrupleChow, "111122223333m55p", 54),
    (Fan::FourPureShiftedPungs, "111222333444m55p", 116),
    (Fan::FourPureShiftedChows, "122333444556m99p", 38),
    (Fan::FourPureShiftedChows, "123345567789m99p", 38),
    (Fan::ThreeKongs, "[1111m1][2222p2][3333s]456m77z", 42),
    (Fan::AllTerminalsAndHonors, "111m999p111222z99s", 101),
    (Fan::SevenPairs, "1133m5577p22s6677z", 24),
    (Fan::GreaterHonorsAndKnittedTiles, "147m25p36s1234567z", 24),
    (Fan::AllEvenPungs, "222888m444p666s22p", 88),
    (Fan::FullFlush, "123m345m567m999m11m", 43),
    (Fan::PureTripleChow, "[123m]123m123m456p77z", 26),
    (Fan::PureShiftedPungs, "111m222m333m456p77z", 45),
    (Fan::UpperTiles, "777m888p999s789m88s", 53),
    (Fan::MiddleTiles, "444m555p666s456m55s", 52),
    (Fan::LowerTiles, "111m222p333s123m22s", 53),
    (Fan::PureStraight, "123456789m111z22z", 29),
    (Fan::ThreeSuitedTerminalChows, "123789m123789p55s", 19),
    (Fan::PureShiftedChows, "123m234m345m789p55s", 21),
    (Fan::AllFive, "345m456p555s567s55m", 26),
    (Fan::TriplePung, "222m222p222s456m77z", 35),
    (Fan::ThreeConcealedPungs, "111m222p333s456m77z", 28),
    (Fan::LesserHonorsAndKnittedTiles, "147m258p36s123456z", 12),
    (Fan::LesserHonorsAndKnittedTiles, "147m258p369s12345z", 24),
    (Fan::KnittedStraight, "147m258p369s123m55z", 15),
    (Fan::UpperFour, "666m777p888s999m66s", 85),
    (Fan::LowerFour, "111m222p333s444m44s", 85),
    (
        Fan::BigThreeWinds,
        "111222333z456m77p --prevalent N --seat N",
        32,
    ),
    (Fan::MixedStraight, "123m456p789s111z22z", 15),
    (Fan::ReversibleTiles, "123p345p888p456s55z", 11),
    (Fan::MixedTripleChow, "123m123p123s789m55p", 14),
    (Fan::MixedShiftedPungs, "111m222p333s789m55p", 29),
    (Fan::ChickenHand, "[234m][678p][555s1]78s11z9s", 8),
    (
        Fan::LastTileDraw,
        "123m456p789s222m55z --self-drawn --last-wall",
        23,
    ),
    (Fan::LastTileClaim, "123m456p789s222m55z --last-wall", 21),
    (
        Fan::OutWithReplacementTile,
        "[2222m1]456p789s123s55z --self-drawn --kong",
        11,
    ),
    (
        Fan::RobbingTheKong,
        "123m456p78s222m55z9s --kong --last-tile",
        20,
    ),
    (Fan::AllPungs, "[111m1][555p2]777s333z22z", 11),
    (Fan::HalfFlush, "123m345m789m111z22z", 14),
    (Fan::MixedShiftedChows, "123m234p345s789m55z", 10),
    (Fan::AllTypes, "123m456p678s111z55z", 13),
    (Fan::MeldedHand, "[123m][456p][789s][111z1]5z5z", 24),
    (Fan::TwoConcealedKongs, "[1111m][2222p]345s678s99s", 11),
    (Fan::TwoDragonsPungs, "555666z123m456p11s", 11),
    (Fan::OutsideHand, "123m789m123p999s11z", 10),
    (
        Fan::FullyConcealedHand,
        "123m456m789p234s55s --self-drawn",
        7,
    ),
    (Fan::TwoMeldedKongs, "[1111m1][2222p2]345s678s99s", 7),
    (
        Fan::ConcealedKongAndMeldedKong,
        "[1111m1][2222p]345s678s99s",
        8,
    ),
    (Fan::LastTile, "123m456p78s222m55z9s --last-tile", 16),
    (Fan::DragonPung, "123m456p789s555z11p", 13),
    (Fan::PrevalentWind, "123m456p789s222z11p --prevalent S", 13),
    (Fan::SeatWind, "123m456p789s333z11p --seat W", 13),
    (Fan::ConcealedHand, "123m456p789s222z11p", 12),
    (Fan::AllChows, "123m456m234p678s55s", 5),
    (Fan::TileHog, "111m123m456p789s55s", 15),
    (Fan::DoublePung, "222m222p456s789s55z", 8),
    (Fan::TwoConcealedPungs, "222m444p456s789s55z", 6),
    (Fan::ConcealedKong, "[2222m]456p789s123s55z", 6),
    (Fan::AllSimples, "234m456p678s345s66m", 14),
    (Fan::PureDoubleChow, "123m123m456p789s55z", 12),
    (Fan::MixedDoubleChow, "123m123p456s789s55z", 5),
    (Fan::ShortStraight, "123m456m789p234s55z", 4),
    (Fan::TwoTerminalChows, "123m789m456p234s55z", 4),
    (Fan::PungOfTerminalsOrHonors, "111m234p567s789s55z", 4),
    (Fan::MeldedKong, "[2222m1]456p789s123s55z", 3),
    (Fan::OneVoidedSuit, "123m456m789p222p55z", 5),
    (Fan::NoHonors, "123m456p678s222m55s", 5),
    (Fan::EdgeWait, "456m789p222s55z12m3m", 4),
    (Fan::ClosedWait, "456m789p222s55z13m2m", 4),
    (Fan::SingleWait, "123m456p789s222m5z5z", 13),
    (Fan::SelfDrawn, "[123m]456p789s222m55z --self-drawn", 12),
    (Fan::FlowerTiles, "123m456p789s222m55z --flowers 3", 16),
];

#[test]
fn every_fan_has_a_hand_that_scores_it() {
    for fan in Fan::ALL {
        assert!(
            EXAMPLES.iter().any(|(f, _, _)| *f == fan),
            "no example for {fan:?}"
        );
    }
    for (fan, line, total) in EXAMPLES {
        let s = score(line);
        assert!(s.has(*fan), "{line}: no {fan} in {:?}", s.fans);
        assert_eq!(s.total, *total, "{line}: {:?}", s.fans);
        assert_eq!(s.total, s.fans.iter().map(|f| f.total()).sum::<u32>());
    }
}

/// Principle 1, non-repeat: in every example of a fan, each fan it is not
/// counted with is absent.
#[test]
fn every_not_counted_with_entry_is_absent() {
    let mut checked = 0;
    for fan in Fan::ALL {
        for implied in fan.not_counted_with() {
            for (f, line, _) in EXAMPLES.iter().filter(|(f, _, _)| *f == fan) {
                let s = score(line);
                assert!(s.has(*f));
                assert!(!s.has(*implied), "{line}: {fan} with {implied}");
                checked += 1;
            }
        }
    }
    assert!(checked >= 130, "{checked}");
}

/// The implied fans are really there without the higher fan: the examples
/// are chosen so that the exclusions matter.
#[test]
fn exclusions_remove_fans_that_would_otherwise_count() {
    let cases: &[(&str, Fan, &[Fan])] = &[
        (
            "111222333z55m444z",
            Fan::BigFourWinds,
            &[
                Fan::BigThreeWinds,
                Fan::AllPungs,
                Fan::PrevalentWind,
                Fan::SeatWind,
                Fan::PungOfTerminalsOrHonors,
            ],
        ),
        (
            "555666777z123m11p",
            Fan::BigThreeDragons,
            &[Fan::TwoDragonsPungs, Fan::DragonPung],
        ),
        ("234s234s666s888s66z", Fan::AllGreen, &[Fan::HalfFlush]),
        (
            "111999m111p999s1s1s",
            Fan::AllTerminals,
            &[
                Fan::AllTerminalsAndHonors,
                Fan::AllPungs,
                Fan::OutsideHand,
                Fan::DoublePung,
                Fan::PungOfTerminalsOrHonors,
                Fan::NoHonors,
            ],
        ),
        (
            "111222z555666z77z",
            Fan::AllHonors,
            &[Fan::AllTerminalsAndHonors, Fan::AllPungs, Fan::OutsideHand],
        ),
        (
            "111m222p333s444z55z --self-drawn",
            Fan::FourConcealedPungs,
            &[Fan::AllPungs, Fan::FullyConcealedHand],
        ),
        (
            "112233778899m55m",
            Fan::PureTerminalChows,
            &[
                Fan::SevenPairs,
                Fan::FullFlush,
                Fan::AllChows,
                Fan::PureDoubleChow,
                Fan::TwoTerminalChows,
            ],
        ),
        (
            "111122223333m55p",
            Fan::QuadrupleChow,
            &[
                Fan::PureTripleChow,
                Fan::PureShiftedPungs,
                Fan::SevenPairs,
                Fan::TileHog,
                Fan::PureDoubleChow,
            ],
        ),
        (
            "111222333444m55p",
            Fan::FourPureShiftedPungs,
            &[Fan::PureTripleChow, Fan::PureShiftedPungs, Fan::AllPungs],
        ),
        (
            "123345567789m99p",
            Fan::FourPureShiftedChows,
            &[
                Fan::PureShiftedChows,
                Fan::ShortStraight,
                Fan::TwoTerminalChows,
            ],
        ),
        (
            "111m999p111222z99s",
            Fan::AllTerminalsAndHonors,
            &[
                Fan::AllPungs,
                Fan::OutsideHand,
                Fan::PungOfTerminalsOrHonors,
            ],
        ),
        (
            "222888m444p666s22p",
            Fan::AllEvenPungs,
            &[Fan::AllPungs, Fan::AllSimples, Fan::NoHonors],
        ),
        (
            "123456789m111z22z",
            Fan::PureStraight,
            &[Fan::ShortStraight, Fan::TwoTerminalChows],
        ),
        (
            "123789m123789p55s",
            Fan::ThreeSuitedTerminalChows,
            &[
                Fan::AllChows,
                Fan::TwoTerminalChows,
                Fan::MixedDoubleChow,
                Fan::NoHonors,
            ],
        ),
        (
            "[1111m][2222p]345s678s99s",
            Fan::TwoConcealedKongs,
            &[Fan::TwoConcealedPungs, Fan::ConcealedKong],
        ),
        (
            "123m456m789p234s55s --self-drawn",
            Fan::FullyConcealedHand,
            &[Fan::SelfDrawn],
        ),
    ];
    for (line, fan, implied) in cases {
        let s = score(line);
        assert!(s.has(*fan), "{line}");
        for g in *implied {
            assert!(!s.has(*g), "{line}: {fan} with {g}");
        }
    }
    // The same conditions without the higher fan do count.
    let s = score("111222333z55m456p --prevalent N --seat N");
    assert!(s.has(Fan::BigThreeWinds));
    let s = score("[111m1][555p2]777s333z22z");
    assert!(s.has(Fan::AllPungs) && s.count(Fan::PungOfTerminalsOrHonors) == 2);
    let s = score("123m456p555z666z11s");
    assert!(s.has(Fan::TwoDragonsPungs) && !s.has(Fan::DragonPung));
    let s = score("123m456p789s555z11s");
    assert_eq!(s.count(Fan::DragonPung), 1);
    let s = score("[123m]123m123m456p77z");
    assert!(s.has(Fan::PureTripleChow) && !s.has(Fan::PureDoubleChow));
}

#[test]
fn points_are_those_of_the_rule_table() {
    let expect: [(Fan, u8); 12] = [
        (Fan::BigFourWinds, 88),
        (Fan::AllTerminals, 64),
        (Fan::QuadrupleChow, 48),
        (Fan::FourPureShiftedChows, 32),
        (Fan::SevenPairs, 24),
        (Fan::PureStraight, 16),
        (Fan::KnittedStraight, 12),
        (Fan::ChickenHand, 8),
        (Fan::AllPungs, 6),
        (Fan::OutsideHand, 4),
        (Fan::DragonPung, 2),
        (Fan::SelfDrawn, 1),
    ];
    for (f, p) in expect {
        assert_eq!(f.points(Variant::Default), p, "{f}");
    }
    assert_eq!(Fan::ALL.len(), FAN_COUNT);
    assert_eq!(Fan::ConcealedKongAndMeldedKong.points(Variant::Default), 5);
    assert_eq!(
        Fan::ConcealedKongAndMeldedKong.points(Variant::GreenBook),
        6
    );
    assert_eq!(Fan::TwoConcealedKongs.points(Variant::GreenBook), 8);
    for f in Fan::ALL {
        assert_eq!(Fan::from_name(f.name()), Some(f));
        assert!(!f.chinese().is_empty());
    }
}

// ---- the five counting principles ----

/// Principle 2, non-separation: 123/345/567/789 is Four Pure Shifted Chows
/// and gets no Two Terminal Chows from its 123 and 789.
#[test]
fn non_separation() {
    let s = score("123345567789m99p");
    assert!(s.has(Fan::FourPureShiftedChows));
    assert!(!s.has(Fan::TwoTerminalChows) && !s.has(Fan::ShortStraight));
}

/// Principle 3, non-identical: a set used for a fan does not make the same
/// fan again with another set: 123m 123p 123s is one Mixed Triple Chow, not
/// three Mixed Double Chows.
#[test]
fn non_identical() {
    let s = score("123m123p123s789m55p");
    assert!(s.has(Fan::MixedTripleChow));
    assert!(!s.has(Fan::MixedDoubleChow));
}

/// Principle 4, high over low: 111222333m reads as three pungs (Pure Shifted
/// Pungs, Three Concealed Pungs) rather than three chows (Pure Triple Chow).
#[test]
fn high_over_low() {
    let s = score("111222333m456p77z");
    assert!(s.has(Fan::PureShiftedPungs) && s.has(Fan::ThreeConcealedPungs));
    assert!(!s.has(Fan::PureTripleChow));
    assert_eq!(s.arrangement.form(), Form::Standard);
    // Seven Pairs (24) beats the standard reading 123m 123m 456p 456p 77z.
    let s = score("112233m445566p77z");
    assert!(s.has(Fan::SevenPairs), "{:?}", s.fans);
    assert_eq!(s.arrangement.form(), Form::SevenPairs);
}

/// Principle 5, account once: [123m][789m][123s][789s] gives three 1-point
/// chow fans, not four; priority Pure Double Chow, Mixed Double Chow, Short
/// Straight, Two Terminal Chows.
#[test]
fn account_once() {
    let s = score("[123m][789m][123s][789s]4p4p");
    let one_point = [
        Fan::PureDoubleChow,
        Fan::MixedDoubleChow,
        Fan::ShortStraight,
        Fan::TwoTerminalChows,
    ];
    let n: u32 = one_point.iter().map(|f| s.count(*f) as u32).sum();
    assert_eq!(n, 3, "{:?}", s.fans);
    assert_eq!(s.count(Fan::MixedDoubleChow), 2);
    assert_eq!(s.count(Fan::TwoTerminalChows), 1);
    // 234567s 234567p: Mixed Double Chow ×2 and Short Straight ×1.
    let s = score("234567s234567p55m");
    assert_eq!(
        (s.count(Fan::MixedDoubleChow), s.count(Fan::ShortStraight)),
        (2, 1)
    );
    // 234s 223344567p: Pure Double Chow, Mixed Double Chow, Short Straight.
    let s = score("234s223344567p55m");
    for f in [
        Fan::PureDoubleChow,
        Fan::MixedDoubleChow,
        Fan::ShortStraight,
    ] {
        assert_eq!(s.count(f), 1, "{f}: {:?}", s.fans);
    }
    // The chow left out of a three-chow fan pairs once, by priority.
    let s = score("123456789m456m55p");
    assert!(s.has(Fan::PureStraight) && s.count(Fan::PureDoubleChow) == 1);
    assert!(!s.has(Fan::ShortStraight));
}

// ---- rulings ----

/// Wait fans only when the 13-tile hand waits on one tile kind across every
/// arrangement and form; an exhausted wait still counts as a wait.
#[test]
fn ruling_wait_fans_need_a_unique_wait() {
    // 1234444678m456p waits on 1m and on a fifth 4m: no Single Wait.
    let s = score("234444678m456p1m1m");
    assert!(!s.has(Fan::SingleWait), "{:?}", s.fans);
    // 445566m2277779s + 8s: the seven-pairs wait on 9s makes it two waits.
    let s = score("445566m2277779s8s");
    assert!(!s.has(Fan::ClosedWait), "{:?}", s.fans);
    // A true single-tile wait counts.
    assert!(score("456m789p222s55z12m3m").has(Fan::EdgeWait));
    assert!(score("456m789p222s55z13m2m").has(Fan::ClosedWait));
    assert!(score("123m456p789s222m5z5z").has(Fan::SingleWait));
    // 123m + 4m waits on 1m and 4m: no Single Wait.
    assert!(!score("456m789p222s123m4m4m").has(Fan::SingleWait));
}

/// When the winning tile can be read as several wait kinds, Edge beats
/// Closed beats Single.
#[test]
fn ruling_edge_beats_closed_beats_single() {
    // 1233m waits on 3m only: 12+3 (edge) or 123+3 (single) -> Edge.
    let s = score("1233m456p789s111z3m");
    assert!(
        s.has(Fan::EdgeWait) && !s.has(Fan::SingleWait),
        "{:?}",
        s.fans
    );
    // 1223m waits on 2m only: 13+2 (closed) or 22 (single) -> Closed.
    let s = score("1223m456p789s111z2m");
    assert!(
        s.has(Fan::ClosedWait) && !s.has(Fan::SingleWait),
        "{:?}",
        s.fans
    );
}

/// A pung completed by a discard is melded for the concealed-pung fans,
/// unless the winning tile can instead complete a concealed chow.
#[test]
fn ruling_discard_completes_a_melded_pung() {
    let s = score("222m444p789s55z666s");
    assert!(s.has(Fan::TwoConcealedPungs) && !s.has(Fan::ThreeConcealedPungs));
    let s = score("222m444p789s55z666s --self-drawn");
    assert!(s.has(Fan::ThreeConcealedPungs));
    let s = score("222m444p567s55z666s");
    assert!(s.has(Fan::ThreeConcealedPungs), "{:?}", s.fans);
}

/// Always-concealed hands add no Concealed Hand / Fully Concealed Hand;
/// self-drawn they add Self-Drawn only.
#[test]
fn ruling_always_concealed_hands() {
    for hand in [
        "1133m5577p22s6677z",
        "19m19p19s1234567z1m",
        "147m25p36s1234567z",
        "147m258p36s123456z",
        "2233445566778m8m",
        "1112345678999m5m",
        "111m222p333s444z55z",
    ] {
        for flags in ["", " --self-drawn"] {
            let line = format!("{hand}{flags}");
            let s = score(&line);
            assert!(!s.has(Fan::ConcealedHand), "{line}");
            assert!(!s.has(Fan::FullyConcealedHand), "{line}");
            assert_eq!(s.has(Fan::SelfDrawn), !flags.is_empty(), "{line}");
        }
    }
}

/// Concealed kongs count as concealed pungs; two concealed kongs score Two
/// Concealed Kongs and not Two Concealed Pungs; one melded and one concealed
/// kong score 5 as one entry (green-book variant: 6 and 8).
#[test]
fn ruling_kongs_and_concealed_pungs() {
    let s = score("[1111m]222p333s456m77z");
    assert!(s.has(Fan::ConcealedKong) && s.has(Fan::ThreeConcealedPungs));
    let s = score("[1111m][2222p]345s678s99s");
    assert!(s.has(Fan::TwoConcealedKongs) && !s.has(Fan::TwoConcealedPungs));
    assert_eq!(
        s.fans
            .iter()
            .find(|f| f.fan == Fan::TwoConcealedKongs)
            .unwrap()
            .points,
        6
    );
    let s = score("[1111m][2222p]333s678s99s");
    assert!(s.has(Fan::TwoConcealedKongs) && s.has(Fan::ThreeConcealedPungs));
    let s = score("[1111m1][2222p]345s678s99s");
    assert!(s.has(Fan::ConcealedKongAndMeldedKong));
    assert!(!s.has(Fan::ConcealedKong) && !s.has(Fan::MeldedKong));
    let default = s.total;
    let gb = score("[1111m1][2222p]345s678s99s --variant green-book");
    assert_eq!(gb.total, default + 1);
    let s = score("[1111m][2222p]345s678s99s --variant green-book");
    assert_eq!(s.total, score("[1111m][2222p]345s678s99s").total + 2);
    // Three and four kongs imply the single kong fans.
    let s = score("[1111m1][2222p2][3333s]456m77z");
    assert!(s.has(Fan::ThreeKongs) && !s.has(Fan::MeldedKong) && !s.has(Fan::ConcealedKong));
    let s = score("[1111m][2222p][3333s][4444z]5z5z");
    assert!(s.has(Fan::FourKongs) && s.has(Fan::FourConcealedPungs) && !s.has(Fan::AllPungs));
}

/// Seven Pairs may contain four identical tiles (two pairs, plus Tile Hog).
#[test]
fn ruling_seven_pairs_with_four_identical_tiles() {
    let s = score("1111m2233p5566s77z");
    assert!(
        s.has(Fan::SevenPairs) && s.count(Fan::TileHog) == 1,
        "{:?}",
        s.fans
    );
    let h = notation::parse("668899m7799p9999s", Notation::Mpsz).unwrap();
    assert!(reference::is_win(&h, &Rules::MCR));
    let forms: Vec<Form> = reference::arrangements(&h, &Rules::MCR)
        .iter()
        .map(|a| a.form())
        .collect();
    assert_eq!(forms, [Form::SevenPairs]);
}

/// Nine Gates needs the pure 1112345678999 shape before the winning tile,
/// fully concealed; the extras follow the winning tile.
#[test]
fn ruling_nine_gates() {
    // The same fourteen tiles: winning on 8m it is Nine Gates, on 9m not.
    let s = score("1112345678999m8m");
    assert!(s.has(Fan::NineGates) && s.has(Fan::ShortStraight) && s.has(Fan::TwoConcealedPungs));
    assert_eq!(s.count(Fan::PungOfTerminalsOrHonors), 1);
    let s = score("1112345678899m9m");
    assert!(!s.has(Fan::NineGates), "{:?}", s.fans);
    let s = score("1112345678999m1m");
    assert!(s.has(Fan::PureStraight) && s.has(Fan::TileHog));
    let s = score("1112345678999m5m");
    assert!(s.has(Fan::TwoConcealedPungs) && !s.has(Fan::ShortStraight));
    let s = score("1112345678999m4m");
    assert!(s.has(Fan::ShortStraight) && !s.has(Fan::TwoConcealedPungs));
    for f in [Fan::FullFlush, Fan::ConcealedHand, Fan::NoHonors] {
        assert!(!s.has(f));
    }
    // With a concealed kong the hand is not fully concealed: no Nine Gates.
    assert!(!score("[1111m]2345678999m5m").has(Fan::NineGates));
}

/// Last Tile is impossible when the winner holds the tile concealed, implied
/// when three copies are in the winner's own melds; Robbing The Kong
/// excludes it.
#[test]
fn ruling_last_tile() {
    assert!(score("123m456p78s222m55z9s --last-tile").has(Fan::LastTile));
    // The winning 5z is the second of a pair held concealed.
    assert!(!score("123m456p789s222m55z --last-tile").has(Fan::LastTile));
    // [345m][456m][567m] hold three 5m: winning on the fourth is Last Tile,
    // flag or not.
    let s = score("[345m1][456m1][567m1]34m22p5m");
    assert!(s.has(Fan::LastTile), "{:?}", s.fans);
    let s = score("123m456p78s222m55z9s --kong --last-tile");
    assert!(s.has(Fan::RobbingTheKong) && !s.has(Fan::LastTile));
    // Robbing needs the tile not held: a pair wait cannot rob a kong.
    assert!(!score("123m456p789s222m55z --kong").has(Fan::RobbingTheKong));
}

/// Out with Replacement Tile needs a kong; a win on a flower replacement is
/// Self-Drawn only.
#[test]
fn ruling_replacement_tile() {
    let s = score("[2222m1]456p789s123s55z --self-drawn --kong");
    assert!(s.has(Fan::OutWithReplacementTile) && !s.has(Fan::SelfDrawn));
    let s = score("[123m]456p789s222m55z --self-drawn --kong");
    assert!(!s.has(Fan::OutWithReplacementTile) && s.has(Fan::SelfDrawn));
}

/// Knitted Straight: three knitted chows, one set and a pair, concealed or
/// with one melded set; it combines with All Chows. Lesser Honors and
/// Knitted with a complete 147/258/369 also scores Knitted Straight.
#[test]
fn ruling_knitted_straight() {
    let s = score("147m258p369s123m55p");
    assert!(s.has(Fan::KnittedStraight) && s.has(Fan::AllChows) && s.has(Fan::ConcealedHand));
    let s = score("[456p]147m258p369s2s2s");
    assert!(s.has(Fan::KnittedStraight) && s.has(Fan::AllChows));
    assert!(s.has(Fan::SingleWait) && !s.has(Fan::ConcealedHand));
    let s = score("[5555z1]147m258p369s3z3z");
    assert!(s.has(Fan::KnittedStraight) && s.has(Fan::MeldedKong) && s.has(Fan::DragonPung));
    let s = score("147m258p369s12345z");
    assert!(s.has(Fan::LesserHonorsAndKnittedTiles) && s.has(Fan::KnittedStraight));
    let s = score("147m258p36s123456z");
    assert!(s.has(Fan::LesserHonorsAndKnittedTiles) && !s.has(Fan::KnittedStraight));
    // Two knitted chows and a melded set are not enough.
    assert_eq!(
        try_score("[456p][123s]147m258p55z").unwrap_err(),
        ScoreError::NotWinning
    );
}

/// Big Three Winds removes exactly three Pungs of Terminals or Honors; a
/// wind pung that scores Prevalent or Seat Wind is not also a Pung of
/// Terminals or Honors (once, even when it is both).
#[test]
fn ruling_wind_pungs() {
    let s = score("111222333z111m55p --prevalent N --seat N");
    assert!(s.has(Fan::BigThreeWinds));
    assert_eq!(s.count(Fan::PungOfTerminalsOrHonors), 1);
    let s = score("111222333z111m55p");
    assert!(s.has(Fan::PrevalentWind) && s.has(Fan::SeatWind));
    assert_eq!(s.count(Fan::PungOfTerminalsOrHonors), 1);
    // East pung, East round and seat: both wind fans, no PTH for it.
    let s = score("111z123m456p789s55p");
    assert!(s.has(Fan::PrevalentWind) && s.has(Fan::SeatWind));
    assert_eq!(s.count(Fan::PungOfTerminalsOrHonors), 0);
    // South pung in the East round, South seat; North pung is a PTH.
    let s = score("222z444z456p789s55p --seat S");
    assert!(!s.has(Fan::PrevalentWind) && s.has(Fan::SeatWind));
    assert_eq!(s.count(Fan::PungOfTerminalsOrHonors), 1);
    // Dragon pungs are Dragon Pungs, never PTH.
    let s = score("555z999m456p789s55p");
    assert_eq!(
        (
            s.count(Fan::DragonPung),
            s.count(Fan::PungOfTerminalsOrHonors)
        ),
        (1, 1)
    );
}

/// Chicken Hand only when nothing else counts (flowers aside); the 8-point
/// minimum does not count flowers, and flowers are added on a legal win.
#[test]
fn legal_minimum_and_flowers() {
    let s = score("[234m][678p][555s1]78s11z9s --flowers 4");
    assert!(s.has(Fan::ChickenHand) && s.legal);
    assert_eq!(s.total, 8 + 4);
    assert_eq!(s.count(Fan::FlowerTiles), 4);
    assert_eq!(s.points_without_flowers(), 8);
    // 7 points and 8 flowers: still not legal, flowers not added.
    let s = score("[123m]456p678s222m55z --self-drawn --flowers 8");
    assert!(!s.legal);
    assert!(!s.has(Fan::FlowerTiles));
    assert_eq!(s.total, s.points_without_flowers());
    // A hand with other fans is never a Chicken Hand.
    assert!(!score("[234m][678p][555s1]78s11z9s --self-drawn").has(Fan::ChickenHand));
}

/// On a tie, a standard arrangement is preferred to the seven-pairs reading.
#[test]
fn tie_prefers_standard_to_seven_pairs() {
    // 445566m 445566p 55s: Seven Pairs 24 + Middle Tiles 24 = 48 ties with
    // Middle Tiles 24, All Five 16, Concealed Hand, All Chows, Pure Double
    // Chow ×2, Mixed Double Chow, Closed Wait = 48.
    let line = "445566m44566p55s5p";
    let h = notation::parse(line, Notation::Mpsz).unwrap();
    let forms: Vec<Form> = reference::arrangements(&h, &Rules::MCR)
        .iter()
        .map(|a| a.form())
        .collect();
    assert!(forms.contains(&Form::SevenPairs) && forms.contains(&Form::Standard));
    let s = score(line);
    assert_eq!(s.total, 48);
    assert_eq!(s.arrangement.form(), Form::Standard);
    assert!(s.has(Fan::AllFive) && !s.has(Fan::SevenPairs));
}

#[test]
fn errors_are_clear() {
    let e = try_score("123m456p789s1234z5z").unwrap_err();
    assert_eq!(e, ScoreError::NotWinning);
    assert_eq!(e.to_string(), "not a winning hand");
    let e = try_score("123m456p789s11z").unwrap_err();
    assert_eq!(e, ScoreError::Input(ScoredHandError::WrongSize(11)));
    assert!(e.to_string().contains("14 tiles"));
    let e = try_score("123m456p789s222m55z --flowers 9").unwrap_err();
    assert!(e.to_string().contains("0 to 8"), "{e}");
    let e = try_score("123m456p789s222m55z --bogus").unwrap_err();
    assert!(e.to_string().contains("--bogus"), "{e}");
    let e = try_score("123m456p789s222m55z --seat X").unwrap_err();
    assert!(e.to_string().contains("unknown wind"), "{e}");
    let e = try_score("123m456p789s222m5x").unwrap_err();
    assert!(matches!(e, ScoreError::Parse(_)), "{e}");
    // The winning tile must be a concealed tile.
    let hand = notation::parse("[123m]456p789s222m55z", Notation::Mpsz).unwrap();
    let e = ScoringInput::new(hand, "1m".parse().unwrap(), Flags::default()).unwrap_err();
    assert!(e.to_string().contains("1m"), "{e}");
    let e = ScoringInput::parse("[123m][456p][789s][222m]", Notation::Mpsz).unwrap_err();
    assert!(
        matches!(
            e,
            ScoreError::Input(ScoredHandError::WrongSize(12) | ScoredHandError::NoWinTile)
        ),
        "{e}"
    );
}

/// The mcr notation reads the same hand, the winning tile last.
#[test]
fn mcr_notation() {
    let input = ScoringInput::parse("[EEE1][SSSS2]WWW123pNN --self-drawn", Notation::Mcr).unwrap();
    let s = mcr::score(&input, Tables::embedded()).unwrap();
    let same = score("[111z1][2222z2]333z123p44z --self-drawn");
    assert_eq!(s, same);
    assert!(s.has(Fan::LittleFourWinds));
}
