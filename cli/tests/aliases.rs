//! Input people bring: `h` for `z`, `r` for a red
//! five's `0`, spaces between groups, Unicode mahjong tiles; `--glyphs`.

mod cli_common;

use hupai::notation::parse;
use hupai::{Notation, ParseErrorKind, Tile};

fn mpsz(s: &str) -> hupai::Hand {
    parse(s, Notation::Mpsz).unwrap_or_else(|e| panic!("{s}: {e}"))
}

#[test]
fn python_mahjong_strings() {
    assert_eq!(mpsz("123m456p789s11122h"), mpsz("123m456p789s11122z"));
    let red = mpsz("34r6m");
    assert_eq!(red, mpsz("3406m"));
    assert_eq!(red.red_fives(), [1, 0, 0]);
    assert_eq!(mpsz("[r55p]"), mpsz("[055p]"));
    assert_eq!(
        parse("123m 456p 789s 11h", Notation::Auto).unwrap(),
        mpsz("123m456p789s11z")
    );
    let e = parse("8h", Notation::Mpsz).unwrap_err();
    assert_eq!(e.kind, ParseErrorKind::NoSuchTile("8h".into()));
    assert_eq!(
        e.to_string(),
        "'8h' is not a tile (honours are 1z-7z) at position 1"
    );
    assert_eq!(
        parse("rz", Notation::Mpsz).unwrap_err().kind,
        ParseErrorKind::NoSuchTile("rz".into())
    );
    // The mcr notation keeps its own alphabet.
    assert!(parse("11h", Notation::Mcr).is_err());
}

#[test]
fn every_tile_has_one_glyph_in_unicode_order() {
    let glyphs: Vec<char> = Tile::all().map(Tile::glyph).collect();
    for (t, g) in Tile::all().zip(&glyphs) {
        assert_eq!(Tile::from_glyph(*g), Some(t));
    }
    let mut sorted = glyphs.clone();
    sorted.sort();
    assert_eq!(sorted, ('\u{1F000}'..='\u{1F021}').collect::<Vec<_>>());
    // Unicode's dragons run Red, Green, White; ours (5z-7z) White, Green, Red.
    assert_eq!(Tile::from_glyph('\u{1F004}'), Some(Tile::RED));
    assert_eq!(Tile::from_glyph('\u{1F005}'), Some(Tile::GREEN));
    assert_eq!(Tile::from_glyph('\u{1F006}'), Some(Tile::WHITE));
    assert_eq!(Tile::from_glyph('\u{1F010}').unwrap().to_string(), "1s");
    assert_eq!(Tile::from_glyph('\u{1F019}').unwrap().to_string(), "1p");
    for c in ['\u{1F022}', '\u{1F02B}', '\u{1EFFF}', 'a'] {
        assert_eq!(Tile::from_glyph(c), None);
    }
}

#[test]
fn glyphs_parse_as_tiles_anywhere_in_mpsz() {
    let hand = mpsz("🀇🀈🀉🀙🀚🀛🀐🀑🀒🀀🀀🀀🀄🀄");
    assert_eq!(hand, mpsz("123m123p123s111z7z7z"));
    assert_eq!(hand.last_tile(), Some(Tile::RED));
    // Mixed with mpsz groups, in melds, with a variation selector, spaced.
    assert_eq!(mpsz("[🀇🀈🀉] 456p🀆🀆 🀄\u{FE0F}"), mpsz("[123m]456p557z"));
    assert_eq!(parse("🀇🀈🀉 🀙🀚🀛", Notation::Auto).unwrap(), mpsz("123m123p"));
    assert_eq!("🀅".parse::<Tile>().unwrap(), Tile::GREEN);
    // A flower is not a hand tile; a stray variation selector is no tile.
    let e = parse("123m🀢", Notation::Mpsz).unwrap_err();
    assert_eq!(
        (e.kind, e.position),
        (ParseErrorKind::UnexpectedChar('🀢'), Some(5))
    );
    let e = parse("123m\u{FE0F}", Notation::Mpsz).unwrap_err();
    assert_eq!(e.kind, ParseErrorKind::UnexpectedChar('\u{FE0F}'));
    let e = parse("🀇🀇🀇🀇🀇", Notation::Mpsz).unwrap_err();
    assert_eq!(
        (e.kind, e.position),
        (ParseErrorKind::FifthCopy("1m".parse().unwrap()), Some(5))
    );
}

#[test]
fn cli_reads_aliases_and_writes_glyphs() {
    let o = cli_common::run(
        &[
            "check",
            "--json",
            "123m456p789s11122h",
            "34r6m 123p 456s 11z",
            "🀇🀈🀉🀙🀚🀛🀐🀑🀒🀀🀀🀀🀄🀄",
        ],
        "",
    );
    assert!(o.status.success(), "{}", cli_common::stderr(&o));
    let hands: Vec<String> = cli_common::stdout(&o)
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["hand"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    // JSON keeps mpsz names, whatever --glyphs says.
    assert_eq!(
        hands,
        [
            "123m456p789s11122z",
            "3406m123p456s11z",
            "123m123p123s11177z"
        ]
    );

    let o = cli_common::run(
        &["waits", "--glyphs", "1112345678999m", "[123m1]4445556z"],
        "",
    );
    assert_eq!(
        cli_common::stdout(&o),
        "🀇🀇🀇🀈🀉🀊🀋🀌🀍🀎🀏🀏🀏  waits: 🀇 🀈 🀉 🀊 🀋 🀌 🀍 🀎 🀏\n[🀇🀈🀉1]🀃🀃🀃🀆🀆🀆🀅  waits: 🀅\n"
    );
    let o = cli_common::run(&["score", "--glyphs", "1112345678999m5m"], "");
    let text = cli_common::stdout(&o);
    assert!(
        text.starts_with("🀇🀇🀇🀈🀉🀊🀋🀌🀍🀎🀏🀏🀏🀋  (winning tile 🀋)"),
        "{text}"
    );
    assert!(text.contains("total 91 (legal win)"), "{text}");
    let o = cli_common::run(&["waits", "--glyphs", "--json", "1112345678999m"], "");
    assert!(cli_common::stdout(&o).contains(r#""waits":["1m","#));
}
