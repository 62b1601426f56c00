//! The WebAssembly crate's view, natively: the sequential table build of a
//! library without the `parallel` feature, errors, edits.

use hupai::Tables;
use hupai_web::{query, Query};

/// Without rayon the generators run in order on one thread: the same bytes
/// as the committed (embedded) tables.
#[test]
fn sequential_generation_equals_the_embedded_tables() {
    let fresh = hupai::table::generate::tables();
    let embedded = Tables::embedded();
    for ((name, a), (_, b)) in fresh.files().zip(embedded.files()) {
        assert!(a == b, "{name} differs");
    }
}

fn q(hand: &str, rules: &str) -> Query {
    Query {
        hand: hand.into(),
        rules: rules.into(),
        ..Query::default()
    }
}

#[test]
fn a_bad_hand_is_an_error_in_words() {
    let v = query(&q("123m4x", "generic"));
    assert!(v.error.unwrap().contains("position"));
    let v = query(&q("123m456p789s1122z", "sichuan"));
    assert!(v.error.unwrap().contains("honour tile 1z"));
    let v = query(&q("123m", "nope"));
    assert!(v.error.unwrap().contains("unknown rule set"));
}

#[test]
fn edits_add_remove_and_declare() {
    let mut a = q("1234m5678p1356s12z", "riichi");
    a.remove = "1z".into();
    let v = query(&a);
    assert_eq!(v.hand.as_deref(), Some("1234m5678p1356s2z"));
    assert_eq!(v.size, Some(13));
    assert!(v.waits.is_some() && v.discards.is_none());
    let mut b = q("456p1199s", "mcr");
    b.meld = "pung".into();
    b.tile = "7z".into();
    let v = query(&b);
    assert_eq!(v.hand.as_deref(), Some("[777z1]456p1199s"));
    let mut c = q("1111m", "generic");
    c.add = "1m".into();
    assert!(query(&c).error.unwrap().contains("1m"));
}

#[test]
fn a_complete_mcr_hand_is_scored() {
    let mut a = q("[EEE][SSSS1]55pWWWNNN", "mcr");
    let v = serde_json::to_value(query(&a)).unwrap();
    assert_eq!(v["shanten"], -1);
    assert_eq!(v["score"]["legal"], true);
    assert!(v["score"]["fans"][0]["name"] == "Big Four Winds");
    a.flags = "--flowers 9".into();
    let v = serde_json::to_value(query(&a)).unwrap();
    assert!(v["score"]["error"].as_str().unwrap().contains("flowers"));
}

#[test]
fn a_complete_riichi_hand_is_scored_with_its_flags() {
    let mut a = q("234m567m99s345p23p1p", "riichi");
    let v = serde_json::to_value(query(&a)).unwrap();
    // Closed ron without riichi, seat East (the dealer): pinfu alone, 1 han
    // 30 fu, 1500 points.
    assert_eq!(v["riichi"]["legal"], true);
    assert_eq!(
        (v["riichi"]["han"].clone(), v["riichi"]["fu"].clone()),
        (1.into(), 30.into())
    );
    assert_eq!(v["riichi"]["cost"]["total"], 1500);
    a.flags = "--riichi --self-drawn --dora 8s".into();
    let v = serde_json::to_value(query(&a)).unwrap();
    // Riichi, tsumo, pinfu, two dora: 5 han, a mangan.
    assert_eq!(v["riichi"]["han"], 5);
    assert_eq!(v["riichi"]["limit"], "mangan");
    assert!(v["score"].is_null());
    a.flags = "--dora 2m".into();
    a.rules = "riichi3".into();
    let v = query(&a);
    assert_eq!(
        v.error.unwrap(),
        "tile 2m at position 1 does not exist under riichi3 rules (three-player riichi has no 2m-8m)"
    );
}

#[test]
fn a_red_five_in_a_declared_meld_is_kept_and_counted() {
    let mut a = q("22m23s1s[456s][789s][055s]", "riichi");
    a.flags = "--self-drawn --has-aka-dora".into();
    let v = serde_json::to_value(query(&a)).unwrap();
    assert_eq!(v["hand"], "[456s][789s][055s]22m23s1s");
    assert_eq!(v["riichi"]["hand"], "[456s][789s][055s]22m23s1s");
    let yaku: Vec<&str> = v["riichi"]["yaku"]
        .as_array()
        .unwrap()
        .iter()
        .map(|y| y["name"].as_str().unwrap())
        .collect();
    assert_eq!(yaku, ["Ittsu", "Aka Dora"]);
}

#[test]
fn the_discard_ev_only_on_request() {
    let mut a = q("123m456p789s11455z", "generic");
    assert!(query(&a).ev.is_none());
    a.analyze = true;
    a.turns = 5;
    let v = serde_json::to_value(query(&a)).unwrap();
    let best = &v["ev"]["discards"][0];
    assert_eq!(best["tile"], "4z");
    assert_eq!(best["win"].as_array().unwrap().len(), 5);
    assert!((best["win"][0].as_f64().unwrap() - 4.0 / 123.0).abs() < 1e-12);
    // Past 3-shanten the page declines (minutes of work), in words.
    let mut far = q("1358m2479p1368s12z", "riichi");
    far.analyze = true;
    let v = serde_json::to_value(query(&far)).unwrap();
    assert_eq!(v["shanten"], 4);
    assert!(v["ev"]["error"]
        .as_str()
        .unwrap()
        .contains("up to 3-shanten"));
}

/// The core's score of `hand` with `flags`, as `hupai score --rules sichuan
/// --json` writes it.
fn sichuan_core(hand: &str, flags: &str) -> serde_json::Value {
    let line = format!("{hand} {flags}");
    let input = hupai::sichuan::ScoringInput::parse(&line, hupai::Notation::Mpsz).unwrap();
    hupai::sichuan::score(&input, Tables::embedded()).to_json(&input)
}

fn sichuan_view(hand: &str, flags: &str) -> serde_json::Value {
    let mut a = q(hand, "sichuan");
    a.flags = flags.into();
    let v = serde_json::to_value(query(&a)).unwrap();
    assert!(v["error"].is_null(), "{hand}: {}", v["error"]);
    v
}

#[test]
fn a_complete_sichuan_hand_is_scored_as_the_core_scores_it() {
    let cases = [
        // Seven Pairs + Full Flush (清七对): 4 fan, capped at 3: 8 base.
        ("11223344556677m", "", 4, 8, 8),
        // All Pungs, Full Flush and a root (清对), self-drawn: 8 + 1 from each of three.
        ("[2222m][555m2]888m333m99m", "--self-drawn", 4, 8, 27),
        // Seven pairs with four 1s (龙七对) in two suits, two payers.
        ("1111m2233p445566p", "--self-drawn --payers 2", 3, 8, 18),
        // A plain win: 0 fan, 1 base; robbing the kong adds one.
        ("123m456m789m123s55s", "", 0, 1, 1),
        ("123m456m789m123s55s", "--kong", 1, 2, 2),
    ];
    for (hand, flags, fan, value, total) in cases {
        let v = sichuan_view(hand, flags);
        let s = &v["sichuan"];
        assert_eq!(*s, sichuan_core(hand, flags), "{hand} {flags}");
        assert_eq!(s["legal"], true, "{hand}");
        assert_eq!(
            (
                s["fan"].clone(),
                s["value"].clone(),
                s["payments"]["total"].clone()
            ),
            (fan.into(), value.into(), total.into()),
            "{hand} {flags}"
        );
        assert!(v["score"].is_null() && v["riichi"].is_null());
    }
    let v = sichuan_view("1111m2233p445566p", "");
    let fans: Vec<(&str, &str)> = v["sichuan"]["fans"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| (f["name"].as_str().unwrap(), f["chinese"].as_str().unwrap()))
        .collect();
    assert_eq!(fans, [("Seven Pairs", "七对"), ("Root", "根")]);
    assert_eq!(v["sichuan"]["labels"], serde_json::json!(["龙七对"]));
    // The winning tile is the one written last.
    assert_eq!(
        sichuan_view("1111m2233p445665p", "")["sichuan"]["win_tile"],
        "5p"
    );
}

#[test]
fn a_sichuan_hand_that_is_no_win_says_why() {
    // Four sets and a pair in three suits: scored, not a win.
    let v = sichuan_view("123m234m456p789s11m", "");
    assert_eq!(v["sichuan"]["legal"], false);
    assert!(v["sichuan"]["reason"]
        .as_str()
        .unwrap()
        .starts_with("three suits"));
    assert_eq!(v["sichuan"], sichuan_core("123m234m456p789s11m", ""));
    // Tiles of the declared void suit.
    let v = sichuan_view("123m234m456m789s11s", "--void s");
    assert_eq!(v["sichuan"]["legal"], false);
    assert_eq!(v["sichuan"]["reason"], "holds the void suit s");
    assert_eq!(v["sichuan"]["payments"]["total"], 0);
    // Another void suit: a win.
    assert_eq!(
        sichuan_view("123m234m456m789s11s", "--void p")["sichuan"]["legal"],
        true
    );
    // Incomplete, short, or with jokers: no score at all.
    for (hand, jokers) in [
        ("123m234m456m789s12s", 0),
        ("123m11s", 0),
        ("123m234m456m789s1s", 1),
    ] {
        let mut a = q(hand, "sichuan");
        a.jokers = jokers;
        let v = query(&a);
        assert!(v.error.is_none() && v.sichuan.is_none(), "{hand}");
    }
}

#[test]
fn a_sichuan_profile_changes_the_value() {
    // Chengdu: cap 4 and Concealed Hand (门清): 5 fan, 16 base instead of 8.
    let v = sichuan_view("11223344556677m", "--profile chengdu");
    assert_eq!(v["sichuan"]["cap"], 4);
    assert_eq!(v["sichuan"]["fan"], 5);
    assert_eq!(v["sichuan"]["value"], 16);
    assert_eq!(
        v["sichuan"],
        sichuan_core("11223344556677m", "--profile chengdu")
    );
    // qq: cap 6, so the uncapped 4 fan count: 16 base.
    let v = sichuan_view("11223344556677m", "--profile qq");
    assert_eq!(
        (v["sichuan"]["cap"].clone(), v["sichuan"]["value"].clone()),
        (6.into(), 16.into())
    );
}

#[test]
fn bad_sichuan_flags_are_an_error_in_words() {
    for (flags, words) in [
        ("--payers 4", "--payers '4': expected 1, 2 or 3"),
        ("--void z", "--void 'z'"),
        ("--profile nope", "nope"),
        ("--riichi", "riichi"),
        ("--self-drawn --after-kong", "does not go with --self-drawn"),
    ] {
        let v = sichuan_view("11223344556677m", flags);
        let error = v["sichuan"]["error"].as_str().unwrap_or_default();
        assert!(error.contains(words), "{flags}: {error}");
        assert!(v["sichuan"]["value"].is_null());
    }
}

/// `v` as JSON text, to compare with what the command line prints.
fn text(v: &serde_json::Value) -> String {
    v.to_string()
}

/// Where the page shows an answer of the command line, it writes the same
/// type: the same JSON as `hupai shanten|score|analyze --json`.
#[test]
fn the_page_writes_the_command_lines_answers() {
    use hupai::{answer, ev, mcr, riichi, Hand, Notation, Rules};
    let t = Tables::embedded();
    let drawn: Hand = "123m456p789s11125z".parse().unwrap();
    let v = serde_json::to_value(query(&q("123m456p789s11125z", "riichi"))).unwrap();
    let table = t.discards(&drawn, &Rules::RIICHI, &[0; 34]).unwrap();
    let cli = serde_json::to_value(answer::Discards::new(&drawn, &table, None)).unwrap();
    assert_eq!(text(&v["discards"]), text(&cli["discards"]));
    assert_eq!(v["discards"].as_array().map(Vec::len), Some(2));

    let ready: Hand = "123m456p789s1112z".parse().unwrap();
    let v = serde_json::to_value(query(&q("123m456p789s1112z", "riichi"))).unwrap();
    let e = t.effective(&ready, &Rules::RIICHI, &[0; 34]).unwrap();
    let cli = serde_json::to_value(answer::Effective::new(&ready, &e, None)).unwrap();
    assert_eq!(text(&v["effective"]), text(&cli["effective"]));
    assert_eq!(v["total"], cli["total"]);

    let mut a = q("123m456p789s11455z", "generic");
    a.analyze = true;
    a.turns = 3;
    let v = serde_json::to_value(query(&a)).unwrap();
    let hand: Hand = "123m456p789s11455z".parse().unwrap();
    let options = ev::Options {
        turns: 3,
        explain: 0,
        ..ev::Options::default()
    };
    let analysis = ev::analyze(t, &hand, &Rules::GENERIC, &options).unwrap();
    let cli = serde_json::to_string(&answer::Analysis::new(&hand, &analysis, None)).unwrap();
    assert_eq!(text(&v["ev"]), cli);

    let v = serde_json::to_value(query(&q("234m567m99s345p23p1p", "riichi"))).unwrap();
    let input = riichi::ScoringInput::parse("234m567m99s345p23p1p", Notation::Mpsz).unwrap();
    let score = riichi::score(&input, t).unwrap();
    let cli = serde_json::to_string(&answer::RiichiScore::new(&input, &score)).unwrap();
    assert_eq!(text(&v["riichi"]), cli);

    let mut a = q("123m456p789s1112z2z", "mcr");
    a.flags = "--flowers 2".into();
    let mut v = serde_json::to_value(query(&a)).unwrap();
    let input =
        mcr::ScoringInput::parse("123m456p789s1112z2z --flowers 2", Notation::Mpsz).unwrap();
    let score = mcr::score(&input, t).unwrap();
    let cli = serde_json::to_string(&answer::McrScore::new(&input, &score)).unwrap();
    let page = v["score"].as_object_mut().unwrap();
    assert_eq!(page.remove("without_flowers"), Some(15.into()));
    assert_eq!(text(&v["score"]), cli);
}
