//! The WebAssembly crate's view, natively: the sequential table build of a
//! library without the `parallel` feature, errors, edits.

use hupai::Tables;
use hupai_web::{query, Query};

/// Without rayon the generators run in order on one thread: the same bytes
/// as the committed (embedded) tables.
#[test]
fn sequential_generation_equals_the_embedded_tables() {
    let fresh = Tables::generate();
    let embedded = Tables::embedded();
    for ((name, a), (_, b)) in fresh.files().zip(embedded.files()) {
        assert!(a.bytes() == b.bytes(), "{name} differs");
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
