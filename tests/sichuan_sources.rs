//! Sichuan scoring and settlement against the published sources, each under
//! the preset that matches it: the MIL rule book (through the worked hands
//! of dcmshi/sichuan-mahjong, which encodes its fan table), the T/TFMJ
//! 01-2024 reading of EllanServer/MahjongEngine, the multiplier tables of
//! guogeer/gofishing-game, and the uncapped multipliers of
//! mahjong-xpro/scai.
//!
//! Units: hupai counts fan as an exponent (a plain win is 0 fan, 1 base)
//! and value = 2^min(fan, cap). A source that writes multipliers (×4) is
//! converted with fan = log2(multiplier); a source that counts a plain win
//! as 1番 would be converted with fan = 番 − 1 (none of these do). Where a
//! source and hupai disagree, the test asserts hupai's answer and says
//! what the source expects; docs/rules/sichuan.md ("Where sources differ")
//! explains each difference.

use hupai::sichuan::{
    self, settle, Fan, Options, Preset, Reason, Round, Score, ScoringInput, Settlement, Why,
};
use hupai::{Notation, Tables};
use serde_json::json;

/// Score `hand` with its flags under `profile` (flags after the profile
/// refine it).
fn score(profile: &str, hand: &str) -> Score {
    let text = format!("{hand} --profile {profile}");
    let input =
        ScoringInput::parse(&text, Notation::Mpsz).unwrap_or_else(|e| panic!("{text}: {e}"));
    sichuan::score(&input, Tables::embedded())
}

/// Score with extra option flags after the profile.
fn score_with(profile: &str, hand: &str, options: &str) -> Score {
    score(profile, &format!("{hand} {options}"))
}

fn has(s: &Score, fan: Fan) -> bool {
    s.fans.has(fan)
}

fn options(words: &str) -> Options {
    let mut s = hupai::sichuan::Settings::default();
    s.apply_words(words.split_whitespace())
        .unwrap_or_else(|e| panic!("{words}: {e}"));
    s.options
}

fn run(round: serde_json::Value, o: &Options) -> Settlement {
    let r = Round::from_json(&round.to_string()).unwrap();
    settle(&r, o, Tables::embedded()).unwrap_or_else(|e| panic!("{round}: {e}"))
}

fn paid(s: &Settlement, why: Why) -> Vec<(u8, u8, u32)> {
    s.payments
        .iter()
        .filter(|p| p.why == why)
        .map(|p| (p.from, p.to, p.amount))
        .collect()
}

// ---------------------------------------------------------------------
// MIL rule book, through dcmshi/sichuan-mahjong
// (packages/engine/src/scoring.ts encodes the rule book's fan table,
// "Table 9"; packages/engine/tests/scoring-cases.test.ts and
// packages/engine/tests/payments.test.ts state worked hands with their fan,
// hand value (a multiplier, 2^fan) and chips). Preset `mil`; their
// default void suit is sou (s).
// ---------------------------------------------------------------------

#[test]
fn mil_plain_win_is_worth_one() {
    // scoring-cases: man 123 456, pin 234 678, pair pin 9: no fan, value 1.
    let s = score("mil", "123m456m234p678p99p --void s");
    assert!(s.legal);
    assert_eq!((s.fan, s.value), (0, 1));
    assert!(has(&s, Fan::PlainWin));
}

#[test]
fn mil_all_pungs_on_a_pung_tile() {
    // scoring-cases: 111m 444m 222p 777p 99p won on 1m: AllPungs, value 2
    // (multiplier 2 = 1 fan).
    let s = score("mil", "11m444m222p777p99p1m --void s");
    assert_eq!((s.fan, s.value), (1, 2));
    assert!(has(&s, Fan::AllPungs) && !has(&s, Fan::GoldenHook));
}

#[test]
fn mil_all_pungs_won_on_the_pair_differs() {
    // scoring-cases: the same hand won on the 9p pair: AllPungs + GoldenWait,
    // value 4 (2 fan). hupai's 金钩钓 needs four declared sets (the hand
    // down to one tile), so the concealed hand is All Pungs alone: 1 fan,
    // value 2. See "Where sources differ".
    let s = score("mil", "111m444m222p777p9p9p --void s");
    assert_eq!((s.fan, s.value), (1, 2));
    assert!(!has(&s, Fan::GoldenHook));
    // With the four sets declared, hupai agrees: 2 fan, value 4.
    let s = score("mil", "[111m1][444m2][222p3][777p1]9p9p --void s");
    assert_eq!((s.fan, s.value), (2, 4));
    assert!(has(&s, Fan::GoldenHook) && has(&s, Fan::AllPungs));
}

#[test]
fn mil_full_flush_and_seven_pairs() {
    // scoring-cases: full flush alone (123m 456m 789m 234m 99m), 2 fan, value 4.
    let s = score("mil", "123m456m789m234m99m");
    assert_eq!((s.fan, s.value), (2, 4));
    assert!(has(&s, Fan::FullFlush));
    // Seven pairs alone (11m 44m 66m 99m 22p 55p 88p), 2 fan, value 4.
    let s = score("mil", "11m44m66m99m22p55p88p --void s");
    assert_eq!((s.fan, s.value), (2, 4));
    assert!(has(&s, Fan::SevenPairs));
}

#[test]
fn mil_four_of_a_kind_in_seven_pairs_is_a_root() {
    // scoring-cases: 1111m 44m 66m 99m 22p 55p: SevenPairs + Root, 3 fan, value 8.
    let s = score("mil", "1111m44m66m99m22p55p --void s");
    assert_eq!((s.fan, s.value), (3, 8));
    assert_eq!(s.fans.count(Fan::Root), 1);
}

#[test]
fn mil_two_declared_kongs() {
    // scoring-cases: concealed kongs of 1m and 4m, 222p 777p 99p won on 9p:
    // Kong ×2 + AllPungs + GoldenWait = 4 fan, capped at 3: value 8. hupai
    // counts each declared kong as a root (2), All Pungs 1, and no Golden
    // Hook (two sets still concealed): 3 fan, value 8. Same value.
    let s = score("mil", "[1111m][4444m]222p777p9p9p --void s");
    assert_eq!(s.fans.count(Fan::Root), 2);
    assert!(has(&s, Fan::AllPungs) && !has(&s, Fan::GoldenHook));
    assert_eq!((s.fan, s.value), (3, 8));
}

#[test]
fn mil_cap_is_three_fan() {
    // scoring-cases: all pungs in one suit (111 333 555 777 99m) is 3 fan,
    // value 8, the ceiling.
    let s = score("mil", "111m333m555m777m9m9m");
    assert_eq!((s.fan, s.value), (3, 8));
    assert_eq!(Options::preset(Preset::Mil).cap_value(), 8);
}

#[test]
fn mil_best_reading_is_kept() {
    // scoring-cases: 111 222 333 777 99m reads as pungs or runs; the pung
    // reading adds All Pungs: FullFlush + AllPungs, value 8.
    let s = score("mil", "111m222m333m77m99m7m");
    assert!(has(&s, Fan::FullFlush) && has(&s, Fan::AllPungs));
    assert_eq!(s.value, 8);
    // 11223344556677m: seven pairs and runs; Seven Pairs + Full Flush kept.
    let s = score("mil", "11223344556677m");
    assert!(has(&s, Fan::SevenPairs) && has(&s, Fan::FullFlush));
    assert_eq!((s.fan, s.value), (4, 8));
}

#[test]
fn mil_situational_fans_on_seven_pairs() {
    // scoring-cases: Under the Sea adds to seven pairs: 2 + 1 = 3 fan.
    let s = score(
        "mil",
        "11m44m66m99m22p55p88p --void s --last-wall --self-drawn",
    );
    assert!(has(&s, Fan::SevenPairs) && has(&s, Fan::UnderTheSea));
    assert_eq!((s.fan, s.value), (3, 8));
}

#[test]
fn mil_void_suit_is_never_a_win() {
    // scoring-cases: a hand holding the void suit (sou) does not win. hupai
    // says why: three suits, or the void suit itself.
    let s = score("mil", "123m456m234p678s99p --void s");
    assert!(!s.legal);
    assert_eq!(s.reason, Some(Reason::ThreeSuits));
    let s = score("mil", "123m456m234s678s99m --void s");
    assert_eq!(s.reason, Some(Reason::VoidSuit(hupai::Suit::Bamboo)));
}

#[test]
fn mil_self_drawn_pays_value_plus_one_from_each() {
    // scoring-cases / payments: all pungs in one suit self-drawn: each of the
    // three others pays 8 + 1: nets [27, -9, -9, -9].
    let o = Options::preset(Preset::Mil);
    let s = run(
        json!({"events": [{"win": [{"player": 0, "hand": "111m333m555m777m9m9m"}]}]}),
        &o,
    );
    assert_eq!(s.net, [27, -9, -9, -9]);
    // A fan-less hand still collects 1 + 1 from each: [6, -2, -2, -2].
    let s = run(
        json!({"events": [{"win": [{"player": 0, "hand": "123m456m234p678p9p9p"}]}]}),
        &o,
    );
    assert_eq!(s.net, [6, -2, -2, -2]);
    // payments: with one player already out, two pay: 18 from two.
    let s = score("mil", "111m333m555m777m9m9m --self-drawn --payers 2");
    assert_eq!((s.payments.each, s.payments.total), (9, 18));
}

#[test]
fn mil_discard_win_is_paid_by_the_discarder_alone() {
    // payments: the all-pung flush on player 0's discard: 8 from player 0,
    // nothing from the bystanders.
    let s = run(
        json!({"events": [{"win": [{"player": 1, "hand": "111m333m555m777m9m9m", "from": 0}]}]}),
        &Options::preset(Preset::Mil),
    );
    assert_eq!(s.net, [-8, 8, 0, 0]);
}

#[test]
fn mil_kong_payments() {
    let o = Options::preset(Preset::Mil);
    // payments: a concealed kong takes 2 from each: [6, -2, -2, -2].
    let s = run(
        json!({"events": [{"kong": {"player": 0, "kind": "concealed", "tile": "1m"}}]}),
        &o,
    );
    assert_eq!(s.net, [6, -2, -2, -2]);
    // A promoted (added) kong takes 1 from each: [3, -1, -1, -1].
    let s = run(
        json!({"events": [{"kong": {"player": 0, "kind": "added", "tile": "1m"}}]}),
        &o,
    );
    assert_eq!(s.net, [3, -1, -1, -1]);
    // A concealed kong skips a player who has already won: only 2 and 3 pay.
    let s = run(
        json!({"events": [
            {"win": [{"player": 1, "hand": "123m456m234p678p9p9p"}]},
            {"kong": {"player": 0, "kind": "concealed"}}]}),
        &o,
    );
    assert_eq!(paid(&s, Why::ConcealedKong), [(2, 0, 2), (3, 0, 2)]);
}

/// Four hands, none ready, of two suits each (no 花猪), none holding 1m.
const NOT_READY: [&str; 4] = [
    "[1111m5]24789m24579p",
    "35669m11336889p",
    "13579s2468s1357p",
    "246889s2345678m",
];

#[test]
fn mil_added_kong_returned_when_the_declarer_is_not_ready() {
    // payments: an added kong nobody could rob; the wall runs out with the
    // declarer far from ready: its income goes back, every net is 0.
    let hands: serde_json::Map<String, serde_json::Value> = NOT_READY
        .iter()
        .enumerate()
        .map(|(p, h)| (p.to_string(), json!(h)))
        .collect();
    let s = run(
        json!({"events": [
            {"kong": {"player": 0, "kind": "added", "tile": "1m"}},
            {"wall_end": {"hands": hands}}]}),
        &Options::preset(Preset::Mil),
    );
    assert_eq!(paid(&s, Why::TuiShui).len(), 3);
    assert_eq!(s.net, [0, 0, 0, 0]);
}

#[test]
fn mil_shoot_after_kong_refunds_the_last_kong_only() {
    // payments: player 0 holds two kongs paid for (2 from each, twice), then
    // discards 9m off the replacement draw; player 1 wins on it (all-pung
    // flush, 3 fan + Shoot after Kong, capped: 8). Only the most recent kong
    // is refunded, to those who paid it.
    let o = Options::preset(Preset::Mil);
    let round = |winners: serde_json::Value| {
        json!({"events": [
            {"kong": {"player": 0, "kind": "concealed"}},
            {"kong": {"player": 0, "kind": "concealed"}},
            {"win": winners}]})
    };
    let s = run(
        round(
            json!([{"player": 1, "hand": "111m333m555m777m9m9m", "from": 0, "flags": ["after-kong"]}]),
        ),
        &o,
    );
    assert_eq!(paid(&s, Why::KongRefund), [(0, 1, 2), (0, 2, 2), (0, 3, 2)]);
    assert_eq!(s.net, [12 - 6 - 8, -4 + 2 + 8, -4 + 2, -4 + 2]);
    // Two winners on the same tile: the same one kong is refunded, once.
    let s = run(
        round(json!([
            {"player": 1, "hand": "111m333m555m777m9m9m", "from": 0, "flags": ["after-kong"]},
            {"player": 2, "hand": "111p333p555p777p9m9m", "from": 0, "flags": ["after-kong"]}])),
        &o,
    );
    assert_eq!(paid(&s, Why::KongRefund).len(), 3);
    assert_eq!(paid(&s, Why::Discard), [(0, 1, 8), (0, 2, 4)]);
}

// ---------------------------------------------------------------------
// T/TFMJ 01-2024, as EllanServer/MahjongEngine reads it
// (src/test/kotlin/top/ellan/mahjong/table/core/round/SichuanRulesEngineTest.kt
// and SichuanRealWorldFanCoverageTest.kt). Their fan is hupai's fan (a
// plain win is 0, value 2^min(fan, 3)); their totalFan is capped at 3,
// hupai's `fan` is not, so the capped figure is compared through `value`.
// Preset `tfmj`.
// ---------------------------------------------------------------------

#[test]
fn tfmj_plain_win() {
    // SichuanRulesEngineTest: 111m 234m 567m 234p + 9p on 9p: PING_HU, 0 fan.
    let s = score("tfmj", "111m234m567m234p9p9p");
    assert_eq!((s.fan, s.value), (0, 1));
    assert!(has(&s, Fan::PlainWin));
}

#[test]
fn tfmj_score_units() {
    // SichuanRulesEngineTest: scoreUnit(0..3) = 1, 2, 4, 8; 5 and 6 fan stay 8.
    let o = Options::preset(Preset::Tfmj);
    let units: Vec<u32> = [0, 1, 2, 3, 5, 6].iter().map(|&f| o.value(f)).collect();
    assert_eq!(units, [1, 2, 4, 8, 8, 8]);
}

#[test]
fn tfmj_seven_pairs_and_roots() {
    // SichuanRulesEngineTest: seven pairs (11 22 33 44m 66 77 99p): QI_DUI, 2 fan.
    let s = score("tfmj", "11223344m6677p9p9p");
    assert_eq!((s.fan, s.value), (2, 4));
    assert_eq!(s.fans.count(Fan::Root), 0);
    // One four-of-a-kind: QI_DUI + GEN, 3 fan, no separate 龙七对 fan.
    let s = score("tfmj", "11113344m6677p9p9p");
    assert_eq!((s.fan, s.value), (3, 8));
    assert_eq!(s.fans.count(Fan::Root), 1);
    assert!(!has(&s, Fan::DragonSevenPairs));
    // Two: GEN ×2, totalFan 3 (capped) = hupai 4 fan, value 8.
    let s = score("tfmj", "11113333m6677p9p9p");
    assert_eq!(s.fans.count(Fan::Root), 2);
    assert_eq!((s.fan, s.value), (4, 8));
    // Three: GEN ×3, totalFan 3 (capped) = hupai 5 fan, value 8.
    let s = score("tfmj", "111133335555m9p9p");
    assert_eq!(s.fans.count(Fan::Root), 3);
    assert_eq!((s.fan, s.value), (5, 8));
}

#[test]
fn tfmj_two_five_eight_is_no_extra_fan() {
    // SichuanRulesEngineTest: seven pairs of 2, 5, 8 with 8p ×4: QI_DUI + GEN,
    // no JIANG_DUI, no LONG_QI_DUI.
    let s = score("tfmj", "225588m2255p888p8p");
    assert!(has(&s, Fan::SevenPairs) && !has(&s, Fan::AllTwoFiveEight));
    assert_eq!(s.fans.count(Fan::Root), 1);
    assert_eq!(s.fan, 3);
    // 222m 555m 222p 555p + 8m on 8m: DUI_DUI_HU only, 1 fan.
    let s = score("tfmj", "222m555m222p555p8m8m");
    assert_eq!((s.fan, s.value), (1, 2));
    assert!(!has(&s, Fan::AllTwoFiveEight));
}

#[test]
fn tfmj_full_flush_seven_pairs_with_three_roots() {
    // SichuanRulesEngineTest: 1111 2222 3333 4m + 4m: the highest base
    // pattern, then the roots: 3 roots, totalFan 3 (capped), value 8. Under
    // flush-stacks max hupai keeps one 2-fan base pattern and the 3 roots:
    // 5 fan, value 8.
    let s = score("tfmj", "111122223333m4m4m");
    assert_eq!(s.fans.count(Fan::Root), 3);
    assert_eq!((s.fan, s.value), (5, 8));
}

#[test]
fn tfmj_standard_fan_list() {
    // SichuanRealWorldFanCoverageTest: one hand per fan of the standard list
    // (void suit sou).
    // Root: 1111m 23m 234p 567p + 9m on 9m.
    let s = score("tfmj", "111123m234567p9m9m --void s");
    assert_eq!((s.fans.count(Fan::Root), s.fan), (1, 1));
    // All pungs: 222m 555m 333p 555p + 9p.
    let s = score("tfmj", "222m555m333p555p9p9p --void s");
    assert!(has(&s, Fan::AllPungs));
    assert_eq!(s.fan, 1);
    // Full flush: 111 234 567 789 9m + 9m.
    let s = score("tfmj", "1112345677899m9m --void s");
    assert!(has(&s, Fan::FullFlush));
    assert_eq!(s.fan, 2);
    // Seven pairs: 11 22 33 66m 44 55p 6p + 6p.
    let s = score("tfmj", "112233m66m4455p6p6p --void s");
    assert!(has(&s, Fan::SevenPairs));
    // Golden single wait: pungs of 2m 5m 3p 8p declared, won on 2p:
    // JIN_GOU_DIAO + DUI_DUI_HU.
    let s = score("tfmj", "[222m1][555m1][333p1][888p1]2p2p --void s");
    assert!(has(&s, Fan::GoldenHook) && has(&s, Fan::AllPungs));
    assert_eq!((s.fan, s.value), (2, 4));
    // The situational fans on the plain hand 111m 234m 567m 234p + 9p.
    let plain = "111m234m567m234p9p9p --void s";
    let s = score("tfmj", &format!("{plain} --self-drawn --kong"));
    assert!(has(&s, Fan::WinAfterKong));
    let s = score("tfmj", &format!("{plain} --after-kong"));
    assert!(has(&s, Fan::ShootAfterKong));
    let s = score("tfmj", &format!("{plain} --kong"));
    assert!(has(&s, Fan::RobbingTheKong));
    let s = score("tfmj", &format!("{plain} --self-drawn --last-wall"));
    assert!(has(&s, Fan::UnderTheSea));
    let s = score("tfmj", &format!("{plain} --last-wall"));
    assert!(has(&s, Fan::UnderTheSea));
    assert_eq!(s.fan, 1);
}

#[test]
fn tfmj_a_fifth_copy_is_refused() {
    // SichuanRulesEngineTest: a pung of 3p, a 3p in hand and 3p won: five
    // copies, not a valid hand.
    let r = ScoringInput::parse("[333p1]3p123456m789p3p --profile tfmj", Notation::Mpsz);
    assert!(r.is_err());
}

#[test]
fn tfmj_win_and_kong_payments() {
    // SichuanRulesEngineTest winDeltas: value 2 self-drawn with two payers:
    // 3 each (2 + 1); on a discard: 2 from the discarder.
    let s = score("tfmj", "222m555m333p555p9p9p --self-drawn --payers 2");
    assert_eq!(
        (s.payments.payers, s.payments.each, s.payments.total),
        (2, 3, 6)
    );
    let s = score("tfmj", "222m555m333p555p9p9p");
    assert_eq!((s.payments.payers, s.payments.total), (1, 2));
    // kanDeltas: 2 from each of three (concealed), 1 from each (added).
    let o = Options::preset(Preset::Tfmj);
    let s = run(
        json!({"events": [{"kong": {"player": 0, "kind": "concealed"}}]}),
        &o,
    );
    assert_eq!(s.net, [6, -2, -2, -2]);
    let s = run(
        json!({"events": [{"kong": {"player": 0, "kind": "added"}}]}),
        &o,
    );
    assert_eq!(s.net, [3, -1, -1, -1]);
}

#[test]
fn tfmj_flower_pig_differs() {
    // SichuanRulesEngineTest: at the wall's end a 花猪 is treated as not
    // ready, with no fixed penalty: player 1 ready for 8, the three others
    // pay 8 each: [-8, 24, -8, -8]. hupai keeps 查花猪 under every preset:
    // the pig (player 0, three suits) pays the cap (8) to each other player
    // still in, and 8 to the ready player as 查叫; players 2 and 3, not
    // ready, pay player 1 8 each. See "Where sources differ".
    let s = run(
        json!({"events": [{"wall_end": {"hands": {
            "0": "2479m2479p2479s9s",
            "1": "1111m22m33m44m55m6m",
            "2": "1335688p135668s",
            "3": "12245779p13578s"}}}]}),
        &Options::preset(Preset::Tfmj),
    );
    assert_eq!(paid(&s, Why::ChaHuaZhu), [(0, 1, 8), (0, 2, 8), (0, 3, 8)]);
    assert_eq!(s.net, [-32, 32, 0, 0]);
}

// ---------------------------------------------------------------------
// guogeer/gofishing-game, demo/mahjong/internal/sichuan.go
// (NewSichuanMahjong, the "gold" table: a multiplier per pattern, the best
// pattern kept, then ×2 for each 根 / 自摸 / 杠上花 / 抢杠胡 / 杠上炮).
// Converted with fan = log2(multiplier). Closest preset: `qq` — the table
// is the big platforms' one (龙七对 16 = 4 fan, 天胡 / 地胡 32 = 5 fan);
// its default self-draw doubles (`--self-draw fan`; its 自摸加底 room
// option is qq's default `base`), and its cap is a room setting
// (LimitPoints, 0 = none), so values past 64 are compared uncapped.
// ---------------------------------------------------------------------

/// (hand, multiplier from the gold table, its name there).
const GOFISHING_GOLD: [(&str, u32, &str); 11] = [
    ("123m456m789m123p55p", 1, "PingHu"),
    ("111m222m444m555p99p", 2, "DuiDuiHu"),
    ("123m456m789m123m55m", 4, "QingYiSe"),
    ("11m44m66m99m22p55p88p", 4, "QiDui"),
    ("[111m1][444m2][222p3][777p1]9p9p", 4, "JinGouDiao"),
    ("111m333m555m777m9m9m", 8, "QingDui"),
    ("1111m44m66m99m22p55p", 16, "LongQiDui"),
    ("11223344556677m", 16, "QingQiDui"),
    ("[111m1][444m2][222m3][777m1]9m9m", 16, "QingJinGouDiao"),
    ("[1111m][4444m2][2222p3][7777p1]9p9p", 64, "ShiBaLuoHan"),
    (
        "[1111m][4444m2][2222m3][7777m1]9m9m",
        256,
        "QingShiBaLuoHan",
    ),
];

#[test]
fn gofishing_gold_table_patterns() {
    for (hand, times, name) in GOFISHING_GOLD {
        let s = score_with("qq", hand, "--cap none");
        assert_eq!(s.value, times, "{name}: {hand}");
        assert_eq!(1u32 << s.fan, times, "{name}: fan = log2({times})");
    }
    // Under qq's cap (6 fan, 64) the 256 of 清十八罗汉 stops at 64.
    let s = score("qq", "[1111m][4444m2][2222m3][7777m1]9m9m");
    assert_eq!((s.fan, s.value), (8, 64));
}

#[test]
fn gofishing_gold_table_options() {
    // JiangDui 8 (3 fan) and JiangJinGouDiao 16 (4 fan): qq with --jiang.
    let s = score_with("qq", "222m555m888m222p88p", "--jiang");
    assert_eq!(s.value, 8);
    let s = score_with("qq", "[222m1][555m2][888m3][222p1]8p8p", "--jiang");
    assert_eq!(s.value, 16);
    // DaiYaoJiu 4 (2 fan) and QingYaoJiu 16 (4 fan): --yao-jiu 2.
    let s = score_with("qq", "123m789m111p999p1m1m", "--yao-jiu 2");
    assert_eq!(s.value, 4);
    let s = score_with("qq", "123m789m789m789m1m1m", "--yao-jiu 2");
    assert_eq!(s.value, 16);
}

#[test]
fn gofishing_additions_double() {
    // Each 根 doubles on top of the pattern: LongQiDui (16) with a second
    // root (their CountGen takes one off for 龙七对): 32 = 5 fan.
    let s = score("qq", "1111m4444m66m99m22p");
    assert_eq!((s.fan, s.value), (5, 32));
    // 自摸 ×2 by default (ZM = 1): a self-drawn 对对胡 is 2 × 2 = 4.
    let s = score_with("qq", "111m222m444m555p99p --self-drawn", "--self-draw fan");
    assert_eq!((s.value, s.payments.each), (4, 4));
    // With 自摸加底 (ZMJD) the multiplier stays 2 and each payer adds 1:
    // qq's default.
    let s = score("qq", "111m222m444m555p99p --self-drawn");
    assert_eq!((s.value, s.payments.each), (2, 3));
    // 杠上花, 抢杠胡, 杠上炮 double (GSH, QGH, GSP = 1 fan each).
    let s = score(
        "qq",
        "[5555m2]123m789m123p5p5p --self-drawn --kong --self-draw none",
    );
    assert_eq!(s.value, 4); // root + 杠上花
    let s = score("qq", "123m456m789m123p55p --kong");
    assert_eq!(s.value, 2);
    let s = score("qq", "123m456m789m123p55p --after-kong");
    assert_eq!(s.value, 2);
}

#[test]
fn gofishing_heavenly_and_earthly() {
    // TianHu / DiHu 32 (5 fan) on a plain hand, their roots not counted.
    let s = score(
        "qq",
        "123m456m789m123p55p --first-turn --dealer --self-drawn --self-draw none",
    );
    assert_eq!(s.value, 32);
    let s = score("qq", "123m456m789m123p55p --first-turn");
    assert_eq!(s.value, 32);
}

#[test]
fn gofishing_pure_dragon_seven_pairs_differs() {
    // QingLongQiDui 32 (5 fan) in the gold table. hupai's qq adds Seven
    // Pairs 2 + Full Flush 2 + Root 1 + the 龙七对 fan 1 = 6 fan, 64. See
    // "Where sources differ".
    let s = score_with("qq", "11112233445566m", "--cap none");
    assert_eq!((s.fan, s.value), (6, 64));
}

#[test]
fn gofishing_settlement_at_the_wall_end() {
    // Award(): 查花猪 pays each other player still in a fixed 16 (4 fan, qq's
    // cap is 64, their LimitPoints bounds it); 查大叫: each player not ready
    // pays each ready player its best multiplier; then the kong income of a
    // player not ready goes back. hupai's 查花猪 pays the cap: with --cap 4
    // the two agree.
    let o = options("--profile qq --cap 4");
    let s = run(
        json!({"events": [{"wall_end": {"hands": {
            "0": "2479m2479p2479s9s",
            "1": "111m333m555m777m9m",
            "2": "1335688p135668s",
            "3": "12245779p13578s"}}}]}),
        &o,
    );
    assert_eq!(
        paid(&s, Why::ChaHuaZhu),
        [(0, 1, 16), (0, 2, 16), (0, 3, 16)]
    );
    // Player 1 waits on 9m for 清对 (8): each other player pays it 8.
    assert_eq!(paid(&s, Why::ChaJiao), [(0, 1, 8), (2, 1, 8), (3, 1, 8)]);
}

// ---------------------------------------------------------------------
// mahjong-xpro/scai (rust/src/game/scoring.rs, rust/tests/scoring_test.rs,
// rust/tests/scoring_audit_test.rs): multipliers with no cap, total =
// base pattern × 2^roots × 2^actions, 自摸 one of the actions. Converted
// with fan = log2(total). Closest: the default preset with `--cap none`
// and `--self-draw fan` (自摸 doubles).
// ---------------------------------------------------------------------

const SCAI: &str = "--cap none --self-draw fan";

#[test]
fn scai_base_patterns() {
    // scoring.rs base_fans: Normal 1, AllTriplets 2, SevenPairs 4, PureSuit 4,
    // AllTerminals 4 (带幺九 2 fan), GoldenHook 4, PureAllTriplets 8,
    // PureSevenPairs 16, PureGoldenHook 16.
    let cases: [(&str, u32, &str); 9] = [
        ("123m456m789m123p55p", 1, "Normal"),
        ("111m222m444m555p99p", 2, "AllTriplets"),
        ("11m44m66m99m22p55p88p", 4, "SevenPairs"),
        ("123m456m789m123m55m", 4, "PureSuit"),
        ("123m789m111p999p1m1m --yao-jiu 2", 4, "AllTerminals"),
        ("[111m1][444m2][222p3][777p1]9p9p", 4, "GoldenHook"),
        ("111m333m555m777m9m9m", 8, "PureAllTriplets"),
        ("11223344556677m", 16, "PureSevenPairs"),
        ("[111m1][444m2][222m3][777m1]9m9m", 16, "PureGoldenHook"),
    ];
    for (hand, times, name) in cases {
        let s = score_with("default", hand, SCAI);
        assert_eq!(s.value, times, "{name}: {hand}");
    }
}

#[test]
fn scai_worked_totals() {
    // scoring_test: 清七对 (1122334455667m + 7m) self-drawn: 16 × 2 = 32 (5 fan).
    let s = score_with("default", "11223344556677m --self-drawn", SCAI);
    assert_eq!((s.fan, s.value), (5, 32));
    // Dragon seven pairs with 2 roots: 4 × 2^2 = 16 (4 fan); with 3: 32.
    let s = score_with("default", "1111m4444m66m99m2p2p", SCAI);
    assert_eq!((s.fan, s.value), (4, 16));
    let s = score_with("default", "1111m4444m6666m2p2p", SCAI);
    assert_eq!((s.fan, s.value), (5, 32));
    // 清七对 + 1 root + self-drawn: 16 × 2 × 2 = 64 (6 fan).
    let s = score_with("default", "11112233445566m --self-drawn", SCAI);
    assert_eq!((s.fan, s.value), (6, 64));
    // scoring_audit_test: 清七对 + 2 roots + self-drawn: 16 × 4 × 2 = 128.
    let s = score_with("default", "11112222334455m --self-drawn", SCAI);
    assert_eq!((s.fan, s.value), (7, 128));
    // scoring_test, plain win + 1 root + self-drawn: 1 × 2 × 2 = 4. Their
    // hand holds five 1m (four and a pair); the same sum on a legal hand:
    let s = score_with("default", "111m123m456m789p99p --self-drawn", SCAI);
    assert_eq!((s.fans.count(Fan::Root), s.fan, s.value), (1, 2, 4));
    // No cap: the payment follows the value (each of three pays 128).
    let s = score_with("default", "11112222334455m --self-drawn", SCAI);
    assert_eq!((s.payments.each, s.payments.total), (128, 384));
}

#[test]
fn scai_roots_count_declared_kongs() {
    // scoring.rs count_roots: four in hand and every declared kong, concealed
    // or not, each a root. 1 × 2^2 with two declared kongs and runs.
    let s = score_with("default", "[1111m][5555p2]234m678p9p9p", SCAI);
    assert_eq!((s.fans.count(Fan::Root), s.value), (2, 4));
}

#[test]
fn scai_pure_dragon_seven_pairs_differs() {
    // scoring.rs: PureDragonSevenPairs has base 32, and the roots multiply
    // it again (only DragonSevenPairs folds them in): with one root 64 (6
    // fan). hupai counts the root once: 2 + 2 + 1 = 5 fan, 32. See "Where
    // sources differ".
    let s = score_with("default", "11112233445566m", SCAI);
    assert_eq!((s.fan, s.value), (5, 32));
}

#[test]
fn scai_cha_jiao_takes_the_best_wait() {
    // scoring_audit_test: at the wall's end a player not ready pays the
    // ready hand's best value over its waits. Their hand 11m 234m 567m 89m
    // 123p waits on 1m, 4m and 7m (as they say); their comment calls the 7m
    // win a full flush, but the 123p keeps every wait a plain win: 1.
    let h: hupai::Hand = "11234567m89m123p".parse().unwrap();
    let w = Tables::embedded()
        .waits(&h, &hupai::Rules::SICHUAN)
        .unwrap();
    assert_eq!(w.live.to_string(), "1m 4m 7m");
    let (_, s) = sichuan::best_wait(&h, None, &options(SCAI), Tables::embedded()).unwrap();
    assert_eq!(s.value, 1);
    // 1112345678999m waits on every tile of its suit, all full flush (4);
    // the best adds a root (1m or 9m): 8 (no cap).
    let h: hupai::Hand = "1112345678999m".parse().unwrap();
    let (_, s) = sichuan::best_wait(&h, None, &options(SCAI), Tables::embedded()).unwrap();
    assert_eq!(s.value, 8);
}

#[test]
fn scai_call_transfer_moves_the_last_kong() {
    // rust/tests/call_transfer_test.rs states (as planned cases) that after
    // A claims kongs from B and from C, a shot by A moves only the most
    // recent kong's income (2, not 4) to the winner: hupai's
    // `--kong-on-shoot last`.
    let o = options(&format!("{SCAI} --kong-on-shoot last"));
    let s = run(
        json!({"events": [
            {"kong": {"player": 0, "kind": "melded", "from": 1}},
            {"kong": {"player": 0, "kind": "melded", "from": 2}},
            {"win": [{"player": 3, "hand": "123m456m789m123p55p", "from": 0, "flags": ["after-kong"]}]}]}),
        &o,
    );
    assert_eq!(paid(&s, Why::CallTransfer), [(0, 3, 2)]);
}
