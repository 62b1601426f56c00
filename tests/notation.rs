//! The notations: every example string, every error with its
//! position and message, auto detection, and round trips.

use hupai::notation::{format, format_mpsz, format_mpsz_with_last, parse, parse_tile, FormatError};
use hupai::{From, Hand, Meld, MeldKind, Notation, ParseError, ParseErrorKind, Suit, Tile};
use proptest::prelude::*;
use ParseErrorKind::*;

const CONCRETE: [Notation; 4] = [
    Notation::Mpsz,
    Notation::Mediatek,
    Notation::Chengdu,
    Notation::Mcr,
];

fn mpsz(s: &str) -> Hand {
    parse(s, Notation::Mpsz).unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn tile(s: &str) -> Tile {
    parse_tile(s).unwrap()
}

fn error(s: &str, n: Notation) -> ParseError {
    match parse(s, n) {
        Ok(h) => panic!("{s} parsed in {n} as {h}"),
        Err(e) => e,
    }
}

/// The error kind, position and message for `s` in `n`.
fn fails(s: &str, n: Notation) -> (ParseErrorKind, Option<usize>, String) {
    let e = error(s, n);
    let msg = e.to_string();
    (e.kind, e.position, msg)
}

// ---------------------------------------------------------------- examples

#[test]
fn mpsz_design_examples() {
    let h = mpsz("123m456p789s11z");
    assert_eq!(h.concealed_len(), 11);
    assert_eq!(h.counts()[tile("1z").index()], 2);
    assert_eq!(h.last_tile(), Some(Tile::EAST));

    let red = mpsz("0p");
    assert_eq!(red.counts()[tile("5p").index()], 1);
    assert_eq!(red.red_fives(), [0, 1, 0]);
    assert_eq!(red.last_tile(), Some(tile("5p")));

    // One tile per group reads as the grouped form, last tile included.
    let single = mpsz("3m3m7p8p9p3s4s4s5s5s6s7z7z7z");
    assert_eq!(single, mpsz("33m789p344556s777z"));
    assert_eq!(single.last_tile(), Some(Tile::RED));
}

#[test]
fn mpsz_melds() {
    let h = mpsz("[123m][555p][1111s][777z2]11z");
    let melds: Vec<Meld> = h.melds().copied().collect();
    let m = |kind, t: &str, from| Meld::new(kind, tile(t), from).unwrap();
    assert_eq!(
        melds,
        [
            m(MeldKind::Chow, "1m", None),
            m(MeldKind::Pung, "5p", None),
            m(MeldKind::ConcealedKong, "1s", None),
            m(MeldKind::Pung, "7z", Some(From::Opposite)),
        ]
    );
    assert_eq!(h.concealed_len(), 2);

    let claimed = mpsz("[1111m1][234p1][999s3]");
    let melds: Vec<Meld> = claimed.melds().copied().collect();
    assert_eq!(
        melds,
        [
            m(MeldKind::Kong, "1m", Some(From::Left)),
            m(MeldKind::Chow, "2p", Some(From::Left)),
            m(MeldKind::Pung, "9s", Some(From::Right)),
        ]
    );
    // No concealed tile, so no last tile.
    assert_eq!(claimed.last_tile(), None);
    // Digits in a bracket may come in any order; a red five there stays red.
    assert_eq!(mpsz("[312m][604p]"), mpsz("[123m][406p]"));
    assert_ne!(mpsz("[406p]"), mpsz("[456p]"));
    assert_eq!(mpsz("[406p]").melds().next().unwrap().red_fives(), 1);
}

#[test]
fn last_tile_is_the_last_concealed_tile_as_written() {
    assert_eq!(mpsz("123m456p789s11122z").last_tile(), Some(Tile::SOUTH));
    assert_eq!(mpsz("123m[456p]").last_tile(), Some(tile("3m")));
    assert_eq!(mpsz("340m").last_tile(), Some(tile("5m")));
    assert_eq!(mpsz("1z123m").last_tile(), Some(tile("3m")));
}

#[test]
fn inner_and_outer_whitespace() {
    assert_eq!(mpsz(" 123m 456p\t789s\n"), mpsz("123m456p789s"));
    assert_eq!(
        parse("[EEE] [SSSS1] 55p WWW", Notation::Mcr).unwrap(),
        parse("[EEE][SSSS1]55pWWW", Notation::Mcr).unwrap()
    );
    assert_eq!(parse("  ABC  ", Notation::Mediatek).unwrap(), mpsz("123m"));
    assert_eq!(
        fails("AB C", Notation::Mediatek),
        (
            UnexpectedChar(' '),
            Some(3),
            "unexpected character ' ' at position 3".into()
        )
    );
    assert_eq!(fails("1D 2D", Notation::Chengdu).0, UnexpectedChar(' '));
}

#[test]
fn mediatek_seed_samples() {
    // The seven mediatek samples, each with the mpsz string that means
    // the same hand (the last mpsz group is the last mediatek tile).
    let samples = [
        ("ABCeee345456DD", "1234m344556p555s4m"),
        ("ABeeee345456DD", "124m344556p5555s4m"),
        ("AAAABC123456333", "111123m12333456p3p"),
        ("AADDFF1133aagg", "114466m1133p117s7s"),
        ("AAAABBBBCCCCDDDD88", "1111222233334444m8p8p"),
        ("AAA123789", "111m12378p9p"),
        ("AAA111345666DEF88", "111456m1113456668p8p"),
    ];
    for (seed, same) in samples {
        let h = parse(seed, Notation::Mediatek).unwrap();
        assert_eq!(h, mpsz(same), "{seed}");
        assert_eq!(parse(seed, Notation::Auto).unwrap(), h, "{seed}");
    }
}

#[test]
fn chengdu_samples() {
    for (text, same) in [
        ("1D1D2D2D3D3D4W4W5W5W6W6W7W8W", "4455667m112233p8m"),
        ("1D1D1D3D3D3D4D5D6D7D8D9D4D4D", "1113334456789p4p"),
        ("9T1W", "9s1m"),
    ] {
        let h = parse(text, Notation::Chengdu).unwrap();
        assert_eq!(h, mpsz(same), "{text}");
        assert_eq!(parse(text, Notation::Auto).unwrap(), h, "{text}");
    }
}

#[test]
fn mcr_sample() {
    let h = parse("[EEE][SSSS1]55pWWWNNN", Notation::Mcr).unwrap();
    assert_eq!(h, mpsz("[111z][2222z1]55p333444z"));
    let melds: Vec<Meld> = h.melds().copied().collect();
    assert_eq!(melds[0].kind(), MeldKind::Pung);
    assert_eq!(melds[1].kind(), MeldKind::Kong);
    assert_eq!(melds[1].from(), Some(From::Left));
    assert_eq!(h.last_tile(), Some(Tile::NORTH));

    let more = parse("[123m][5555p][5555s3]PPFFFCC", Notation::Mcr).unwrap();
    assert_eq!(more, mpsz("[123m][5555p][5555s3]5566677z"));
    assert_eq!(more.melds().nth(1).unwrap().kind(), MeldKind::ConcealedKong);
    assert_eq!(more.melds().nth(2).unwrap().kind(), MeldKind::Kong);
}

#[test]
fn mcr_case_matters() {
    // `P` is the white dragon, `p` the dots suffix; `S` South, `s` bamboo.
    assert_eq!(parse("PP", Notation::Mcr).unwrap(), mpsz("55z"));
    assert_eq!(parse("55p", Notation::Mcr).unwrap(), mpsz("55p"));
    assert_eq!(parse("1sS", Notation::Mcr).unwrap(), mpsz("1s2z"));
    assert_eq!(
        fails("5P", Notation::Mcr),
        (
            DigitsWithoutSuit,
            Some(1),
            "digits at position 1 have no suit letter".into()
        )
    );
    assert_eq!(fails("11z", Notation::Mcr).0, UnexpectedChar('z'));
}

#[test]
fn large_hands_parse() {
    let h = parse("AAAABBBBCCCCDDDDEEEEFFFF", Notation::Mediatek).unwrap();
    assert_eq!(h.concealed_len(), 24);
    assert_eq!(mpsz("1m").concealed_len(), 1);
}

#[test]
fn parse_tile_reads_one_mpsz_tile() {
    assert_eq!(parse_tile("5p").unwrap(), Tile::new(Suit::Dots, 5).unwrap());
    assert_eq!(
        parse_tile("0m").unwrap(),
        Tile::new(Suit::Characters, 5).unwrap()
    );
    assert_eq!(parse_tile("7z").unwrap(), Tile::RED);
    assert_eq!(" 1s ".parse::<Tile>().unwrap().index(), 18);
    for bad in ["55p", "[555p]", "1m2m"] {
        let e = parse_tile(bad).unwrap_err();
        assert_eq!(e.kind, NotOneTile, "{bad}");
        assert_eq!(e.to_string(), "expected exactly one tile, such as 5p or 7z");
    }
    assert_eq!(parse_tile("").unwrap_err().kind, Empty);
    assert_eq!(parse_tile("9z").unwrap_err().position, Some(1));
    assert_eq!(parse_tile("5").unwrap_err().kind, DigitsWithoutSuit);
}

// ------------------------------------------------------------------ errors

#[test]
fn empty() {
    for s in ["", "   ", "[]", " [] [] ", "\t\n"] {
        let e = error(s, Notation::Mpsz);
        assert_eq!((e.kind.clone(), e.position), (Empty, None), "{s:?}");
        assert_eq!(e.to_string(), "empty hand");
        assert_eq!(error(s, Notation::Auto).kind, Empty, "{s:?}");
    }
    for n in CONCRETE {
        assert_eq!(error(" ", n).kind, Empty);
    }
    // Empty brackets add nothing to a hand.
    assert_eq!(mpsz("123m[]"), mpsz("123m"));
}

#[test]
fn unexpected_character() {
    assert_eq!(
        fails("123m45x6p", Notation::Mpsz),
        (
            UnexpectedChar('x'),
            Some(7),
            "unexpected character 'x' at position 7".into()
        )
    );
    // Positions count characters (not bytes) of the input as given.
    assert_eq!(
        fails("  12m東", Notation::Mpsz),
        (
            UnexpectedChar('東'),
            Some(6),
            "unexpected character '東' at position 6".into()
        )
    );
    assert_eq!(fails("１m", Notation::Mpsz).1, Some(1));
    assert_eq!(fails("123M", Notation::Mpsz).0, UnexpectedChar('M'));
    assert_eq!(fails("[EEE]", Notation::Mpsz).1, Some(2));
    assert_eq!(fails("[123m ]", Notation::Mpsz).0, UnexpectedChar(' '));
    assert_eq!(fails("ABJ", Notation::Mediatek).0, UnexpectedChar('J'));
    assert_eq!(fails("AB0", Notation::Mediatek).1, Some(3));
    assert_eq!(fails("1D2d", Notation::Chengdu).0, UnexpectedChar('d'));
    assert_eq!(fails("EEEX", Notation::Mcr).1, Some(4));
    assert_eq!(
        fails("1m\u{7}", Notation::Mpsz).2,
        // A control character is shown as its code.
        "unexpected character U+0007 at position 3"
    );
}

#[test]
fn suit_without_digits() {
    assert_eq!(
        fails("m123", Notation::Mpsz),
        (
            SuitWithoutDigits('m'),
            Some(1),
            "suit letter 'm' at position 1 has no digits".into()
        )
    );
    assert_eq!(fails("123mm", Notation::Mpsz).1, Some(5));
    assert_eq!(fails("[m]", Notation::Mpsz).1, Some(2));
    assert_eq!(fails("EEEp", Notation::Mcr).0, SuitWithoutDigits('p'));
    assert_eq!(
        fails("1DD", Notation::Chengdu),
        (
            SuitWithoutDigits('D'),
            Some(3),
            "suit letter 'D' at position 3 has no digits".into()
        )
    );
}

#[test]
fn digits_without_suit() {
    assert_eq!(
        fails("123", Notation::Mpsz),
        (
            DigitsWithoutSuit,
            Some(1),
            "digits at position 1 have no suit letter".into()
        )
    );
    assert_eq!(fails("123m 45 6p", Notation::Mpsz).1, Some(6));
    assert_eq!(fails("12[345m]", Notation::Mpsz).1, Some(1));
    assert_eq!(fails("[345]", Notation::Mpsz).1, Some(2));
    assert_eq!(fails("12E", Notation::Mcr).1, Some(1));
    assert_eq!(fails("1D2", Notation::Chengdu).1, Some(3));
    assert_eq!(fails("11D", Notation::Chengdu).1, Some(1));
}

#[test]
fn no_such_tile() {
    assert_eq!(
        fails("123m8z", Notation::Mpsz),
        (
            NoSuchTile("8z".into()),
            Some(5),
            "'8z' is not a tile (honours are 1z-7z) at position 5".into()
        )
    );
    assert_eq!(fails("0z", Notation::Mpsz).0, NoSuchTile("0z".into()));
    assert_eq!(fails("11z9z", Notation::Mpsz).1, Some(4));
    assert_eq!(fails("[888z]", Notation::Mpsz).1, Some(2));
    assert_eq!(
        fails("1D0D", Notation::Chengdu),
        (
            NoSuchTile("0D".into()),
            Some(3),
            "'0D' is not a tile (ranks are 1-9) at position 3".into()
        )
    );
}

#[test]
fn fifth_copy() {
    assert_eq!(
        fails("11111m", Notation::Mpsz),
        (
            FifthCopy(tile("1m")),
            Some(5),
            "more than four copies of 1m: the fifth is at position 5".into()
        )
    );
    // Melds count, wherever they are written.
    assert_eq!(fails("[1111m]1m", Notation::Mpsz).1, Some(8));
    assert_eq!(fails("1m[1111m]", Notation::Mpsz).1, Some(7));
    assert_eq!(fails("[123m][111m]11m", Notation::Mpsz).1, Some(13));
    // A red five is a five.
    assert_eq!(fails("55550p", Notation::Mpsz).0, FifthCopy(tile("5p")));
    assert_eq!(fails("AAAAA", Notation::Mediatek).1, Some(5));
    assert_eq!(fails("1D1D1D1D1D", Notation::Chengdu).1, Some(9));
    assert_eq!(
        fails("[EEEE]E", Notation::Mcr).2,
        "more than four copies of 1z: the fifth is at position 7"
    );
}

#[test]
fn brackets() {
    assert_eq!(
        fails("123m[456p", Notation::Mpsz),
        (
            UnclosedBracket,
            Some(5),
            "unclosed bracket '[' at position 5".into()
        )
    );
    assert_eq!(fails("[123m[456p]", Notation::Mpsz).1, Some(1));
    assert_eq!(
        fails("123m]", Notation::Mpsz),
        (
            UnopenedBracket,
            Some(5),
            "closing bracket ']' at position 5 has no opening '['".into()
        )
    );
    assert_eq!(fails("[EEE", Notation::Mcr).0, UnclosedBracket);
}

#[test]
fn bad_melds() {
    assert_eq!(
        fails("123m[12m]", Notation::Mpsz),
        (
            BadMeld("[12m]".into()),
            Some(5),
            "'[12m]' at position 5 is not a chow, pung or kong".into()
        )
    );
    for (s, group) in [
        ("[135m]", "[135m]"),
        ("[567z]", "[567z]"),
        ("[1234m]", "[1234m]"),
        ("[11111m]", "[11111m]"),
        ("[12m3p]", "[12m3p]"),
        ("[789m1m]", "[789m1m]"),
        ("[1111m12]", "[1111m12]"),
    ] {
        assert_eq!(fails(s, Notation::Mpsz).0, BadMeld(group.into()), "{s}");
    }
    assert_eq!(fails("[EES]", Notation::Mcr).0, BadMeld("[EES]".into()));
    assert_eq!(fails("[EEE1E]", Notation::Mcr).0, BadMeld("[EEE1E]".into()));
    // A chow's digit is its claimed tile, so `[123m2]` is a
    // chow whose 2m was claimed, and only 1-3 are chow digits.
    assert_eq!(
        fails("1m[123m4]", Notation::Mpsz),
        (
            BadChowDigit('4'),
            Some(8),
            "chow digit '4' at position 8 is not 1, 2 or 3 (which of its tiles was claimed)".into()
        )
    );
    assert_eq!(
        fails("[111m4]", Notation::Mpsz),
        (
            BadSource('4'),
            Some(6),
            "meld source '4' at position 6 is not 1 (left), 2 (opposite) or 3 (right)".into()
        )
    );
    assert_eq!(
        fails("[1111m4]", Notation::Mpsz),
        (
            BadKongDigit('4'),
            Some(7),
            "kong digit '4' at position 7 is not 1-3 (source: left, opposite, right) \
             or 5-7 (added to a pung claimed from 1-3)"
                .into()
        )
    );
    assert_eq!(fails("[EEE0]", Notation::Mcr).0, BadSource('0'));
}

#[test]
fn too_many_melds() {
    assert_eq!(
        fails("[111m][222m][333m][444m][555m]", Notation::Mpsz),
        (
            TooManyMelds,
            Some(25),
            "more than four declared melds (the fifth at position 25)".into()
        )
    );
    // Four melds and an empty bracket are fine.
    assert_eq!(mpsz("[111m][222m][333m][444m][]5m").meld_count(), 4);
}

// -------------------------------------------------------------------- auto

#[test]
fn auto_detects_each_notation() {
    let only = |s: &str, n: Notation| {
        let hand = parse(s, Notation::Auto).unwrap_or_else(|e| panic!("{s}: {e}"));
        assert_eq!(hand, parse(s, n).unwrap(), "{s}");
        let readers: Vec<Notation> = CONCRETE
            .into_iter()
            .filter(|&c| parse(s, c).is_ok())
            .collect();
        assert_eq!(readers, [n], "{s}");
    };
    only("123m456p789s11z", Notation::Mpsz);
    only("ABCeee345456DD", Notation::Mediatek);
    only("1D1D2D2D3D3D4W4W5W5W6W6W7W8W", Notation::Chengdu);
    only("[EEE][SSSS1]55pWWWNNN", Notation::Mcr);
}

#[test]
fn auto_accepts_notations_that_agree() {
    // mpsz and mcr both read suited groups, and read the same hand.
    let s = "[123m]456p 789s 0s5s";
    assert_eq!(parse(s, Notation::Mpsz), parse(s, Notation::Mcr));
    assert_eq!(parse(s, Notation::Auto).unwrap(), mpsz(s));
}

#[test]
fn auto_reports_ambiguity() {
    // Mediatek reads `D` as 4m, chengdu as the dots suffix.
    assert_eq!(
        fails("1D2D3D", Notation::Auto),
        (
            Ambiguous(vec![Notation::Mediatek, Notation::Chengdu]),
            None,
            "ambiguous: mediatek and chengdu read different hands; choose a notation".into()
        )
    );
    // `C` is 3m in mediatek and the red dragon in mcr.
    assert_eq!(
        fails("CCCEEE", Notation::Auto).0,
        Ambiguous(vec![Notation::Mediatek, Notation::Mcr])
    );
}

#[test]
fn auto_explains_when_no_notation_reads_it() {
    let (kind, position, message) = fails("123x", Notation::Auto);
    assert_eq!(position, None);
    let NoNotation(errors) = kind else {
        panic!("{kind:?}")
    };
    let notations: Vec<Notation> = errors.iter().map(|(n, _)| *n).collect();
    // The notations that read furthest lead; ties keep their order.
    assert_eq!(
        notations,
        [
            Notation::Mpsz,
            Notation::Mediatek,
            Notation::Mcr,
            Notation::Chengdu
        ]
    );
    assert_eq!(
        message,
        "not a hand in any notation: \
         mpsz: unexpected character 'x' at position 4; \
         mediatek: unexpected character 'x' at position 4; \
         mcr: unexpected character 'x' at position 4; \
         chengdu: digits at position 1 have no suit letter"
    );
}

// ------------------------------------------------------------------ format

#[test]
fn canonical_mpsz() {
    let h = mpsz("55z0m[777z2]53m4m");
    assert_eq!(format_mpsz(&h), "[777z2]3405m55z");
    assert_eq!(h.to_string(), "[777z2]3405m55z");
    assert_eq!(format_mpsz(&mpsz("550m55p")), "055m55p");
    assert_eq!(format_mpsz(&mpsz("[1111m][234p1]9s")), "[1111m][234p1]9s");
    // A melded kong with no recorded source is written from the left, so
    // that it stays a melded kong.
    let kong = Meld::new(MeldKind::Kong, tile("1m"), None).unwrap();
    let h = Hand::new([0; 34], &[kong]).unwrap();
    assert_eq!(format_mpsz(&h), "[1111m1]");
}

#[test]
fn mpsz_with_last_tile() {
    let h = mpsz("123m456p789s11122z");
    assert_eq!(format_mpsz(&h), "123m456p789s11122z");
    assert_eq!(format_mpsz_with_last(&h), "123m456p789s1112z2z");
    // The last five is written red only when every five of its suit is red.
    assert_eq!(format_mpsz_with_last(&mpsz("05m")), "0m5m");
    assert_eq!(format_mpsz_with_last(&mpsz("0m")), "0m");
    assert_eq!(format_mpsz_with_last(&mpsz("00m")), "0m0m");
    // No last tile: the canonical form.
    assert_eq!(format_mpsz_with_last(&mpsz("[123m]")), "[123m]");
}

#[test]
fn format_in_each_notation() {
    let seed = parse("ABCeee345456DD", Notation::Mediatek).unwrap();
    assert_eq!(format(&seed, Notation::Mediatek).unwrap(), "ABCD344556eeeD");
    assert_eq!(
        format(&seed, Notation::Chengdu).unwrap(),
        "1W2W3W4W3D4D4D5D5D6D5T5T5T4W"
    );
    assert_eq!(format(&seed, Notation::Mpsz).unwrap(), "1234m344556p555s4m");
    assert_eq!(format(&seed, Notation::Auto).unwrap(), "1234m344556p555s4m");
    assert_eq!(format(&seed, Notation::Mcr).unwrap(), "1234m344556p555s4m");

    let h = mpsz("[1111m1][777z]123p55z");
    assert_eq!(format(&h, Notation::Mcr).unwrap(), "[1111m1][CCC]123pPP");
    assert_eq!(format(&mpsz("1234567z"), Notation::Mcr).unwrap(), "ESWNPFC");
}

#[test]
fn format_errors() {
    let honours = mpsz("123m11z");
    assert_eq!(
        format(&honours, Notation::Mediatek),
        Err(FormatError::Honors {
            notation: Notation::Mediatek,
            tile: Tile::EAST
        })
    );
    assert_eq!(
        format(&honours, Notation::Chengdu).unwrap_err().to_string(),
        "chengdu notation has no honour tiles (the hand holds 1z)"
    );
    let melds = mpsz("[123m]11m");
    assert_eq!(
        format(&melds, Notation::Chengdu).unwrap_err().to_string(),
        "chengdu notation cannot write declared melds"
    );
    // An honour in a meld is still an honour, but the meld is named first.
    assert_eq!(
        format(&mpsz("[111z]"), Notation::Mediatek),
        Err(FormatError::Melds {
            notation: Notation::Mediatek
        })
    );
    assert_eq!(
        format(&mpsz("0m"), Notation::Mediatek)
            .unwrap_err()
            .to_string(),
        "mediatek notation cannot mark red fives"
    );
}

// -------------------------------------------------------------- properties

/// A valid hand: up to four melds that fit, concealed counts that fit with
/// them, red fives among the concealed fives and a last tile among the
/// concealed tiles; never empty. `full` allows honours, melds and red fives.
fn any_hand(full: bool) -> impl Strategy<Value = Hand> {
    let meld = (0..4usize, 0..34usize, 0..4u8);
    (
        prop::collection::vec(meld, 0..=if full { 5 } else { 0 }),
        prop::collection::vec(0..=4u8, 34),
        prop::array::uniform3(0..=4u8),
        any::<prop::sample::Index>(),
    )
        .prop_filter_map("empty hand", move |(melds, counts, red, last)| {
            let mut used = [0u8; 34];
            let mut kept = Vec::new();
            for (kind, t, source) in melds {
                let kind = [
                    MeldKind::Chow,
                    MeldKind::Pung,
                    MeldKind::Kong,
                    MeldKind::ConcealedKong,
                ][kind];
                let source = match kind {
                    MeldKind::ConcealedKong => None,
                    // Chows come from the left, when the source is written.
                    MeldKind::Chow => From::from_digit(source % 2),
                    // `[1111m]` is a concealed kong: a melded one has a source.
                    MeldKind::Kong => From::from_digit(source % 3 + 1),
                    MeldKind::Pung => From::from_digit(source),
                };
                let Ok(m) = Meld::new(kind, Tile::from_index(t)?, source) else {
                    continue;
                };
                let mut with = used;
                m.add_to(&mut with);
                if kept.len() < 4 && with.iter().all(|&c| c <= 4) {
                    used = with;
                    kept.push(m);
                }
            }
            let mut concealed = [0u8; 34];
            for i in 0..34 {
                let room = 4 - used[i];
                let limit = if i >= 27 && !full { 0 } else { room };
                concealed[i] = counts[i].min(limit);
            }
            let mut hand = Hand::new(concealed, &kept).ok()?;
            if full {
                for suit in Suit::NUMBERED {
                    hand.set_red_fives(suit, red[suit as usize]);
                }
            }
            let tiles: Vec<Tile> = Tile::all()
                .flat_map(|t| std::iter::repeat_n(t, concealed[t.index()] as usize))
                .collect();
            if !tiles.is_empty() {
                hand.set_last_tile(Some(*last.get(&tiles)));
            } else if kept.is_empty() {
                return None;
            }
            Some(hand)
        })
}

/// Strings close to the notations, to reach deep into the parsers.
fn notation_like() -> impl Strategy<Value = String> {
    prop_oneof![
        "[0-9mpszWDTESNCFPA-Ja-j\\[\\] ]{0,40}",
        "[0-9mpsz\\[\\]]{0,20}",
        "[1-9WDT]{0,30}",
        "[0-9mps\\[\\]ESWNCFP]{0,30}",
        ".{0,30}",
    ]
}

/// A valid hand written in some notation, then edited a little: mostly
/// strings that almost parse, some that do.
fn near_valid() -> impl Strategy<Value = String> {
    let edit = (
        0..3u8,
        any::<prop::sample::Index>(),
        prop::sample::select(ALPHABET),
    );
    (
        prop_oneof![any_hand(true), any_hand(false)],
        prop::sample::select(CONCRETE.to_vec()),
        prop::collection::vec(edit, 0..3),
    )
        .prop_map(|(hand, notation, edits)| {
            let text = format(&hand, notation).unwrap_or_else(|_| format_mpsz(&hand));
            let mut chars: Vec<char> = text.chars().collect();
            for (kind, at, c) in edits {
                let i = at.index(chars.len() + 1);
                match kind {
                    0 => chars.insert(i, c),
                    1 if i < chars.len() => chars[i] = c,
                    _ if i < chars.len() => {
                        chars.remove(i);
                    }
                    _ => {}
                }
            }
            chars.into_iter().collect()
        })
}

const ALPHABET: &[char] = &[
    '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'm', 'p', 's', 'z', '[', ']', ' ', 'E', 'S',
    'W', 'N', 'C', 'F', 'P', 'D', 'T', 'A', 'I', 'a', 'i', 'x', '東',
];

fn positions_in_bounds(e: &ParseError, len: usize) -> bool {
    let own = e.position.is_none_or(|p| (1..=len).contains(&p));
    let nested = match &e.kind {
        NoNotation(errors) => errors.iter().all(|(_, e)| positions_in_bounds(e, len)),
        _ => true,
    };
    own && nested
}

proptest! {
    #[test]
    fn round_trip_mpsz_and_mcr(hand in any_hand(true)) {
        for n in [Notation::Mpsz, Notation::Mcr] {
            let text = format(&hand, n).unwrap();
            prop_assert_eq!(parse(&text, n), Ok(hand), "{} {}", n, text);
        }
        // mpsz is read the same by every notation that reads it.
        let text = format(&hand, Notation::Mpsz).unwrap();
        prop_assert_eq!(parse(&text, Notation::Auto), Ok(hand));
        prop_assert_eq!(parse(&format_mpsz_with_last(&hand), Notation::Mpsz), Ok(hand));
    }

    #[test]
    fn round_trip_mediatek_and_chengdu(hand in any_hand(false)) {
        for n in [Notation::Mediatek, Notation::Chengdu] {
            let text = format(&hand, n).unwrap();
            prop_assert_eq!(parse(&text, n), Ok(hand), "{} {}", n, text);
        }
    }

    #[test]
    fn canonical_mpsz_keeps_all_but_the_last_tile(hand in any_hand(true)) {
        let text = format_mpsz(&hand);
        let back = parse(&text, Notation::Mpsz).unwrap();
        let mut expected = hand;
        expected.set_last_tile(back.last_tile());
        prop_assert_eq!(back, expected);
        prop_assert_eq!(format_mpsz(&back), text);
    }

    #[test]
    fn parsers_never_panic(s in any::<String>()) {
        for n in CONCRETE.into_iter().chain([Notation::Auto]) {
            let _ = parse(&s, n).map_err(|e| e.to_string());
        }
        let _ = parse_tile(&s);
    }

    #[test]
    fn what_parses_formats_back(s in prop_oneof![notation_like(), near_valid()]) {
        let len = s.chars().count();
        for n in CONCRETE.into_iter().chain([Notation::Auto]) {
            match parse(&s, n) {
                Ok(hand) => {
                    let out = if n == Notation::Auto { Notation::Mpsz } else { n };
                    let text = format(&hand, out).unwrap();
                    prop_assert_eq!(parse(&text, out), Ok(hand), "{} {:?} -> {}", n, s, text);
                }
                Err(e) => {
                    prop_assert!(positions_in_bounds(&e, len), "{} {:?}: {:?}", n, s, e);
                    let message = e.to_string();
                    prop_assert!(!message.contains("Some(") && !message.contains("Tile("), "{}", message);
                }
            }
        }
    }
}
