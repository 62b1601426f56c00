//! Sichuan scoring: a hand for every fan, option and preset, the best
//! reading over every arrangement, the labels, the cap, the payments, and
//! hands that are not wins.

use hupai::sichuan::{self, Fan, Reason, Score, ScoringInput};
use hupai::{Notation, Tables};

fn score(text: &str) -> Score {
    let input = ScoringInput::parse(text, Notation::Mpsz).unwrap_or_else(|e| panic!("{text}: {e}"));
    sichuan::score(&input, Tables::embedded())
}

/// (fan name, worth, count) of a score.
fn fans(s: &Score) -> Vec<(&'static str, u8, u8)> {
    s.fans
        .as_slice()
        .iter()
        .map(|e| (e.fan.name(), e.worth, e.count))
        .collect()
}

fn labels(s: &Score) -> Vec<&'static str> {
    s.labels.iter().map(|l| l.chinese()).collect()
}

#[test]
fn plain_win_is_zero_fan_one_base() {
    let s = score("123m456m789m123p55p");
    assert!(s.legal);
    assert_eq!(fans(&s), [("Plain Win", 0, 1)]);
    assert_eq!((s.fan, s.value, s.payments.total), (0, 1, 1));
}

#[test]
fn all_pungs_is_the_best_reading_of_three_identical_runs() {
    // 111m222m333m reads as three runs or three pungs: the pungs score more.
    let s = score("111m222m333m555p99p");
    assert_eq!(fans(&s), [("All Pungs", 1, 1)]);
    assert_eq!(s.value, 2);
}

#[test]
fn seven_pairs() {
    let s = score("11m22m33p44p55p66p99p");
    assert_eq!(fans(&s), [("Seven Pairs", 2, 1)]);
    assert_eq!(s.value, 4);
}

#[test]
fn seven_pairs_plus_full_flush_beats_the_plain_flush_reading() {
    let s = score("11223344556677m");
    assert_eq!(fans(&s), [("Seven Pairs", 2, 1), ("Full Flush", 2, 1)]);
    assert_eq!((s.fan, s.value), (4, 8));
    assert_eq!(labels(&s), ["清七对"]);
}

#[test]
fn full_flush() {
    let s = score("123m456m789m123m55m");
    assert_eq!(fans(&s), [("Full Flush", 2, 1)]);
    assert_eq!(s.value, 4);
}

#[test]
fn golden_hook_counts_on_top_of_all_pungs() {
    let s = score("[111m][222m1][333p2][555p3]9p9p");
    assert_eq!(fans(&s), [("All Pungs", 1, 1), ("Golden Hook", 1, 1)]);
    assert_eq!(s.value, 4);
}

#[test]
fn roots_concealed_declared_and_spread() {
    // Four concealed copies of 1m, read as a pung and a run.
    let s = score("1111m23m456m11p234p");
    assert_eq!(s.fans.count(Fan::Root), 1);
    // A claimed pung of 1m and the fourth copy in a run.
    let s = score("[111m]123m456p789p55p");
    assert_eq!(fans(&s), [("Root", 1, 1)]);
    // A declared kong.
    let s = score("[8888p3]123m456m789m55m");
    assert_eq!(s.fans.count(Fan::Root), 1);
}

#[test]
fn dragon_seven_pairs_label_and_qq_worth() {
    let s = score("1111m33m44p55p66p7p7p");
    assert_eq!(fans(&s), [("Seven Pairs", 2, 1), ("Root", 1, 1)]);
    assert_eq!((s.fan, labels(&s)), (3, vec!["龙七对"]));
    let s = score("1111m33m44p55p66p7p7p --long-qi-dui 4");
    assert_eq!(s.fan, 4);
    assert!(s.fans.has(Fan::DragonSevenPairs));
    let s = score("1111m33m44p55p66p7p7p --profile qq");
    assert_eq!((s.fan, s.value), (4, 16));
}

#[test]
fn pure_dragon_seven_pairs_is_five_fan() {
    let s = score("11112233445566m");
    assert_eq!((s.fan, s.value), (5, 8));
    assert_eq!(labels(&s), ["清龙七对"]);
}

#[test]
fn pure_all_pungs_and_pure_golden_hook() {
    let s = score("111m222m444m555m99m");
    assert_eq!((s.fan, labels(&s)), (3, vec!["清对"]));
    let s = score("[111m][222m1][444m2][555m3]9m9m");
    assert_eq!((s.fan, labels(&s)), (4, vec!["清金钩钓"]));
}

#[test]
fn eighteen_arhats_and_its_pure_form() {
    let s = score("[1111m][2222m1][3333p][5555p2]9p9p");
    assert_eq!(
        fans(&s),
        [("All Pungs", 1, 1), ("Golden Hook", 1, 1), ("Root", 1, 4)]
    );
    assert_eq!((s.fan, s.value, labels(&s)), (6, 8, vec!["十八罗汉"]));
    let s = score("[1111m][2222m1][3333p][5555p2]9p9p --cap none");
    assert_eq!((s.value, s.cap), (64, None));
    let s = score("[1111m][2222m][3333m][5555m]9m9m --cap none");
    assert_eq!((s.fan, s.value, labels(&s)), (8, 256, vec!["清十八罗汉"]));
}

#[test]
fn situational_fans() {
    let base = "123m456m789m123p55p";
    let one = |flags: &str, fan: Fan| {
        let s = score(&format!("{base} {flags}"));
        assert!(s.fans.has(fan), "{flags}: {:?}", fans(&s));
        assert_eq!(s.fan, 1, "{flags}");
    };
    one("--self-drawn --kong", Fan::WinAfterKong);
    one("--kong", Fan::RobbingTheKong);
    one("--after-kong", Fan::ShootAfterKong);
    one("--last-wall", Fan::UnderTheSea);
    one("--self-drawn --last-wall", Fan::UnderTheSea);
    // A kong with one tile left: both.
    let s = score(&format!("{base} --self-drawn --kong --last-wall"));
    assert_eq!(s.fan, 2);
}

#[test]
fn impossible_situations_are_errors() {
    for flags in [
        "--self-drawn --after-kong",
        "--kong --after-kong",
        "--fed-kong",
    ] {
        let r = ScoringInput::parse(&format!("123m456m789m123p55p {flags}"), Notation::Mpsz);
        assert!(r.is_err(), "{flags}");
    }
    let e = ScoringInput::parse("123m456m789m123p55p --cap 9", Notation::Mpsz).unwrap_err();
    assert!(e.to_string().contains("--cap '9'"), "{e}");
    assert!(ScoringInput::parse("123m456m789m123p55p --profile nope", Notation::Mpsz).is_err());
    assert!(ScoringInput::parse("123m456m789m123p11z", Notation::Mpsz).is_err());
}

#[test]
fn payments_discard_self_drawn_and_payers() {
    let s = score("111m222m333m555p99p");
    assert_eq!(
        (s.payments.payers, s.payments.each, s.payments.total),
        (1, 2, 2)
    );
    let s = score("111m222m333m555p99p --self-drawn");
    assert_eq!(
        (s.payments.payers, s.payments.each, s.payments.total),
        (3, 3, 9)
    );
    let s = score("111m222m333m555p99p --self-drawn --payers 2");
    assert_eq!((s.payments.payers, s.payments.total), (2, 6));
    // The +1 base comes after the cap.
    let s = score("11112233445566m --self-drawn");
    assert_eq!((s.value, s.payments.each), (8, 9));
}

#[test]
fn option_self_draw_fan_and_none() {
    let s = score("123m456m789m123p55p --self-drawn --self-draw fan");
    assert_eq!(fans(&s), [("Self-Drawn", 1, 1)]);
    assert_eq!((s.value, s.payments.each), (2, 2));
    // As a fan, it is capped.
    let s = score("11112233445566m --self-drawn --self-draw fan");
    assert_eq!((s.fan, s.value, s.payments.each), (6, 8, 8));
    let s = score("123m456m789m123p55p --self-drawn --self-draw none");
    assert_eq!((s.value, s.payments.each), (1, 1));
}

#[test]
fn option_dian_gang_hua() {
    let flags = "--self-drawn --kong --fed-kong";
    let s = score(&format!("[5555m2]123m789m123p55p {flags}"));
    assert_eq!((s.payments.payers, s.payments.each), (3, 5)); // 2 fan (kong, root) + 1
    let s = score(&format!(
        "[5555m2]123m789m123p55p {flags} --dian-gang-hua discard"
    ));
    assert_eq!((s.payments.payers, s.payments.each), (1, 4));
}

#[test]
fn option_cap() {
    let h = "[1111m][2222m1][3333p][5555p2]9p9p"; // 6 fan
    for (cap, value) in [
        ("2", 4),
        ("3", 8),
        ("4", 16),
        ("5", 32),
        ("6", 64),
        ("none", 64),
    ] {
        assert_eq!(score(&format!("{h} --cap {cap}")).value, value, "cap {cap}");
    }
}

#[test]
fn option_flush_stacks_max() {
    // 清对: 1 + 2 additive, 2 under max.
    let s = score("111m222m444m555m99m --flush-stacks max");
    assert_eq!(fans(&s), [("Full Flush", 2, 1)]);
    // Golden Hook + All Pungs (2) against Full Flush (2): the shape stays.
    let s = score("[111m][222m1][444m2][555m3]9m9m --flush-stacks max");
    assert_eq!(fans(&s), [("All Pungs", 1, 1), ("Golden Hook", 1, 1)]);
    // Roots still add.
    let s = score("11112233445566m --flush-stacks max");
    assert_eq!(s.fan, 3);
}

#[test]
fn option_jiang() {
    let s = score("222m555m888m222p88p --jiang");
    assert_eq!(
        fans(&s),
        [("All Pungs", 1, 1), ("All Two Five Eight", 2, 1)]
    );
    let s = score("22m55m88m22p55p88p22p --jiang");
    assert!(s.fans.has(Fan::AllTwoFiveEight) && s.fans.has(Fan::SevenPairs));
    assert!(labels(&s).contains(&"将七对"));
    // Not for a hand with runs, nor with a 3.
    assert!(!score("234m555m888m222p88p --jiang")
        .fans
        .has(Fan::AllTwoFiveEight));
    assert!(!score("222m555m888m222p88p").fans.has(Fan::AllTwoFiveEight));
}

#[test]
fn option_yao_jiu() {
    let s = score("11123m789m111p999p --yao-jiu 2");
    assert_eq!(fans(&s), [("Terminals in All Sets", 2, 1)]);
    assert_eq!(score("11123m789m111p999p --yao-jiu 3").fan, 3);
    assert_eq!(score("11123m789m111p999p").fan, 0);
    assert!(!score("123m456m789m123p11p --yao-jiu 2")
        .fans
        .has(Fan::TerminalsInAllSets));
}

#[test]
fn option_men_qing_and_zhong_zhang() {
    assert_eq!(
        fans(&score("123m456m789m123p55p --men-qing")),
        [("Concealed Hand", 1, 1)]
    );
    // A concealed kong keeps the hand concealed; a claimed pung does not.
    assert!(score("[5555m]123m789m123p55p --men-qing")
        .fans
        .has(Fan::ConcealedHand));
    assert!(!score("[555m1]123m789m123p55p --men-qing")
        .fans
        .has(Fan::ConcealedHand));
    assert_eq!(
        fans(&score("234m456m678m234p55p --zhong-zhang")),
        [("All Simples", 1, 1)]
    );
    assert!(!score("123m456m678m234p55p --zhong-zhang")
        .fans
        .has(Fan::AllSimples));
}

#[test]
fn option_tian_di_hu() {
    let h = "123m456m789m123p55p";
    let s = score(&format!(
        "{h} --first-turn --dealer --self-drawn --tian-di-hu 3/2"
    ));
    assert_eq!(fans(&s), [("Heavenly Hand", 3, 1)]);
    let s = score(&format!("{h} --first-turn --tian-di-hu 3/2"));
    assert_eq!(fans(&s), [("Earthly Hand", 2, 1)]);
    let s = score(&format!(
        "{h} --first-turn --dealer --self-drawn --tian-di-hu cap"
    ));
    assert_eq!(s.value, 8);
    let s = score(&format!("{h} --first-turn --dealer --self-drawn"));
    assert_eq!(s.fan, 0, "off by default");
    let s = score(&format!(
        "{h} --first-turn --dealer --self-drawn --profile qq"
    ));
    assert_eq!(s.value, 32);
}

#[test]
fn presets() {
    use hupai::sichuan::{ChaJiaoRoots, FlushStacks, KongOnShoot, Options, Preset, TianDiHu};
    let d = Options::preset(Preset::Default);
    assert_eq!(
        (d.cap, d.flush_stacks, d.long_qi_dui),
        (Some(3), FlushStacks::Additive, 3)
    );
    assert_eq!(Options::preset(Preset::Tfmj).flush_stacks, FlushStacks::Max);
    let mil = Options::preset(Preset::Mil);
    assert_eq!(
        (
            mil.kong_on_shoot,
            mil.postponed_added_kong,
            mil.cha_jiao_roots
        ),
        (KongOnShoot::Refund, false, ChaJiaoRoots::Spread)
    );
    let c = Options::preset(Preset::Chengdu);
    assert_eq!(
        (
            c.cap,
            c.jiang,
            c.yao_jiu,
            c.men_qing,
            c.zhong_zhang,
            c.tian_di_hu
        ),
        (
            Some(4),
            true,
            2,
            true,
            true,
            TianDiHu::Fan { tian: 3, di: 2 }
        )
    );
    let q = Options::preset(Preset::Qq);
    assert_eq!((q.cap, q.long_qi_dui), (Some(6), 4));
    // Hands: tfmj 清对 is 2 fan; chengdu's concealed 2-5-8 pungs are
    // All Pungs 1 + 将对 2 + 门清 1 + 中张 1 = 5, capped at 4.
    assert_eq!(score("111m222m444m555m99m --profile tfmj").fan, 2);
    let s = score("222m555m888m222p88p --profile chengdu");
    assert_eq!((s.fan, s.value), (5, 16));
    // An option after the profile refines it, wherever the profile stands.
    assert_eq!(
        score("222m555m888m222p88p --cap 3 --profile chengdu").value,
        8
    );
}

#[test]
fn hands_that_are_not_wins() {
    let s = score("123m456p789s111m22m");
    assert_eq!((s.legal, s.reason), (false, Some(Reason::ThreeSuits)));
    let s = score("123m456m789m123p55p --void p");
    assert_eq!(s.reason, Some(Reason::VoidSuit(hupai::Suit::Dots)));
    assert!(s.reason.unwrap().to_string().contains("void suit p"));
    let s = score("123m456m789m123p56p");
    assert_eq!((s.legal, s.reason), (false, Some(Reason::NotComplete)));
    let s = score("123m456m789m123p5p");
    assert_eq!(s.reason, Some(Reason::NotComplete));
    assert_eq!(s.value, 0);
    // A void suit that the hand lacks is fine.
    assert!(score("123m456m789m123p55p --void s").legal);
}

#[test]
fn json_fields() {
    let input = ScoringInput::parse("1111m33m44p55p66p7p7p --self-drawn", Notation::Mpsz).unwrap();
    let v = sichuan::score(&input, Tables::embedded()).to_json(&input);
    assert_eq!(v["win_tile"], "7p");
    assert_eq!(v["legal"], true);
    assert_eq!(v["fan"], 3);
    assert_eq!(v["cap"], 3);
    assert_eq!(v["value"], 8);
    assert_eq!(v["labels"][0], "龙七对");
    assert_eq!(v["fans"][0]["name"], "Seven Pairs");
    assert_eq!(v["fans"][0]["chinese"], "七对");
    assert_eq!(v["fans"][0]["fan"], 2);
    assert_eq!(v["fans"][1]["count"], 1);
    assert_eq!(v["payments"]["payers"], 3);
    assert_eq!(v["payments"]["each"], 9);
    assert_eq!(v["payments"]["total"], 27);
    assert!(v.get("reason").is_none());
    let input = ScoringInput::parse("123m456p789s111m22m", Notation::Mpsz).unwrap();
    let v = sichuan::score(&input, Tables::embedded()).to_json(&input);
    assert_eq!(v["legal"], false);
    assert!(v["reason"].as_str().unwrap().contains("three suits"));
}

#[test]
fn chengdu_notation_scores_the_same() {
    let a = ScoringInput::parse("1W1W2W2W3W3W4W4W5W5W6W6W7W7W", Notation::Chengdu).unwrap();
    let b = ScoringInput::parse("11223344556677m", Notation::Mpsz).unwrap();
    let t = Tables::embedded();
    assert_eq!(sichuan::score(&a, t).fan, sichuan::score(&b, t).fan);
}
