//! Riichi scoring, rule by rule: a hand for every yaku and yakuman (the
//! package's English names), one for every fu reason, the limits and the
//! payments, the options and presets, three-player rules, hands without yaku
//! and the situations the package refuses. (The 100,000-hand comparison with
//! the Python `mahjong` package is tests/riichi_fixture.rs.)

use hupai::riichi::{self, FuReason, Limit, Score, ScoringInput, Yaku};
use hupai::{Notation, Tables};

fn score(line: &str) -> Score {
    let input = ScoringInput::parse(line, Notation::Mpsz).unwrap_or_else(|e| panic!("{line}: {e}"));
    riichi::score(&input, Tables::embedded()).unwrap_or_else(|e| panic!("{line}: {e}"))
}

fn error(line: &str) -> String {
    match ScoringInput::parse(line, Notation::Mpsz) {
        Err(e) => e.to_string(),
        Ok(i) => riichi::score(&i, Tables::embedded())
            .expect_err(line)
            .to_string(),
    }
}

/// One hand per yaku (by the package's name): the hand scores that yaku.
const YAKU_HANDS: &[(&str, &str)] = &[
    ("Menzen Tsumo", "234m567m99s345p23p1p --self-drawn --seat S"),
    ("Riichi", "234m567m99s345p23p1p --riichi --seat S"),
    (
        "Open Riichi",
        "234m567m99s345p23p1p --riichi --open-riichi --seat S",
    ),
    (
        "Ippatsu",
        "234m567m99s345p23p1p --riichi --ippatsu --seat S",
    ),
    ("Chankan", "[111z1]234m567m99s34p5p --kong --seat S"),
    (
        "Rinshan Kaihou",
        "[1111z1]234m567m99s34p5p --kong --self-drawn --seat S",
    ),
    (
        "Haitei Raoyue",
        "[111z1]234m567m99s34p5p --last-wall --self-drawn --seat S",
    ),
    (
        "Houtei Raoyui",
        "[111z1]234m567m99s34p5p --last-wall --seat S",
    ),
    (
        "Double Riichi",
        "234m567m99s345p23p1p --double-riichi --seat S",
    ),
    (
        "Double Open Riichi",
        "234m567m99s345p23p1p --double-riichi --open-riichi --seat S",
    ),
    (
        "Nagashi Mangan",
        "234m567m99s345p23p1p --nagashi-mangan --seat S",
    ),
    ("Renhou", "234m567m99s345p23p1p --first-turn --seat S"),
    (
        "Renhou (yakuman)",
        "234m567m99s345p23p1p --first-turn --seat S --renhou-as-yakuman",
    ),
    ("Pinfu", "234m567m99s345p23p1p --seat S"),
    (
        "Tanyao",
        "[234m]567m88s345p66p6p --seat S --has-open-tanyao",
    ),
    ("Iipeiko", "234m234m99s345p23p1p --seat S"),
    ("Yakuhai (haku)", "[555z1]234m567m99s34p5p --seat S"),
    ("Yakuhai (hatsu)", "[666z1]234m567m99s34p5p --seat S"),
    ("Yakuhai (chun)", "[777z1]234m567m99s34p5p --seat S"),
    (
        "Yakuhai (seat wind east)",
        "[111z1]234m567m99s34p5p --seat E",
    ),
    (
        "Yakuhai (seat wind south)",
        "[222z1]234m567m99s34p5p --seat S",
    ),
    (
        "Yakuhai (seat wind west)",
        "[333z1]234m567m99s34p5p --seat W",
    ),
    (
        "Yakuhai (seat wind north)",
        "[444z1]234m567m99s34p5p --seat N",
    ),
    (
        "Yakuhai (round wind east)",
        "[111z1]234m567m99s34p5p --seat S --prevalent E",
    ),
    (
        "Yakuhai (round wind south)",
        "[222z1]234m567m99s34p5p --seat W --prevalent S",
    ),
    (
        "Yakuhai (round wind west)",
        "[333z1]234m567m99s34p5p --seat S --prevalent W",
    ),
    (
        "Yakuhai (round wind north)",
        "[444z1]234m567m99s34p5p --seat S --prevalent N",
    ),
    ("Sanshoku Doujun", "234m234p234s99s67p5p --seat S"),
    ("Ittsu", "123456789m99s67p5p --seat S"),
    ("Chantai", "123m789p11z999s78s9s --seat S"),
    ("Honroutou", "111m999p11z999s22z2z --seat S"),
    ("Toitoi", "[222m1][555p1]777s11z99s9s --seat S"),
    ("San Ankou", "222m555p777s11z78s9s --seat S"),
    ("San Kantsu", "[2222m][5555p1][7777s]11z34s5s --seat S"),
    ("Sanshoku Doukou", "222m222p222s11z78s9s --seat S"),
    ("Chiitoitsu", "1133m5577p2299s1z1z --seat S"),
    ("Shou Sangen", "[555z1][666z1]77z234m67s5s --seat S"),
    ("Honitsu", "[555z1]123m456m789m1m1m --seat S"),
    ("Junchan", "123m789p11s999s78s9s --seat S"),
    ("Ryanpeikou", "223344m556677p9s9s --seat S"),
    ("Chinitsu", "[123m]456m789m22m34m5m --seat S"),
    ("Kokushi Musou", "19m19p19s1234566z7z --seat S"),
    ("Chuuren Poutou", "1123455678999m1m --seat S"),
    ("Suu Ankou", "222m555p777s99s11z1z --seat S --self-drawn"),
    ("Daisangen", "[555z1][666z1]777z23m11p1m --seat S"),
    ("Shousuushii", "[111z1][222z1]333z44z23m4m --seat S"),
    ("Ryuuiisou", "[666z1]222s333s444s8s8s --seat S"),
    ("Suu Kantsu", "[2222m][5555p1][7777s][1111z]9s9s --seat S"),
    ("Tsuu Iisou", "[111z1][222z1]333z555z7z7z --seat S"),
    ("Chinroutou", "[111m1][999p1]111s999s9m9m --seat S"),
    ("Daisharin", "2233445566778p8p --seat S --has-daisharin"),
    (
        "Daisuurin",
        "2233445566778m8m --seat S --has-daisharin-other-suits",
    ),
    (
        "Daichikurin",
        "2233445566778s8s --seat S --has-daisharin-other-suits",
    ),
    ("Daichisei", "1122334455667z7z --seat S --has-daichisei"),
    ("Dai Suushii", "[111z1][222z1]333z444z9s9s --seat S"),
    (
        "Kokushi Musou Juusanmen Matchi",
        "19m19p19s1234567z7z --seat S",
    ),
    ("Suu Ankou Tanki", "222m555p777s111z9s9s --seat S"),
    ("Daburu Chuuren Poutou", "1112345678999m9m --seat S"),
    (
        "Tenhou",
        "234m567m99s345p23p1p --first-turn --self-drawn --seat E",
    ),
    (
        "Chiihou",
        "234m567m99s345p23p1p --first-turn --self-drawn --seat S",
    ),
    (
        "Sashikomi",
        "234m567m99s345p23p1p --riichi --open-riichi --seat S --has-sashikomi-yakuman",
    ),
    (
        "Paarenchan",
        "234m567m99s345p23p1p --riichi --seat E --paarenchan 1",
    ),
    ("Dora", "234m567m99s345p23p1p --riichi --seat S --dora 8s"),
    (
        "Aka Dora",
        "234m067m99s345p23p1p --riichi --seat S --has-aka-dora",
    ),
    (
        "Ura Dora",
        "234m567m99s345p23p1p --riichi --seat S --ura 8s",
    ),
];

#[test]
fn every_yaku_has_a_hand_that_scores_it() {
    for y in Yaku::ALL {
        assert!(
            YAKU_HANDS.iter().any(|(n, _)| *n == y.name()),
            "no test hand for {}",
            y.name()
        );
    }
    for (name, line) in YAKU_HANDS {
        let s = score(line);
        assert!(s.legal, "{line}");
        let (y, han) = *s
            .yaku
            .as_slice()
            .iter()
            .find(|(y, _)| y.name() == *name)
            .unwrap_or_else(|| panic!("{line}: no {name} in {:?}", s.yaku));
        let open = riichi_open(line);
        let double = !line.contains("--no-has-double-yakuman");
        let want = match y {
            Yaku::Dora | Yaku::AkaDora | Yaku::UraDora => han.max(1),
            Yaku::Paarenchan => 13,
            _ if open && y.han_open() > 0 => y.han_open(),
            _ if y.is_double() && !double => 13,
            _ => y.han_closed(),
        };
        assert_eq!(han, want, "{line}: han of {name}");
        if y.is_yakuman() {
            assert!(
                s.yaku.as_slice().iter().all(|(y, _)| y.is_yakuman()),
                "{line}: only yakuman"
            );
            assert_eq!(s.cost.limit, Some(Limit::Yakuman), "{line}");
        }
    }
}

fn riichi_open(line: &str) -> bool {
    // A claimed meld: brackets with a source digit or a chow.
    line.split('[').skip(1).any(|m| {
        let m = m.split(']').next().unwrap_or("");
        m.ends_with(|c: char| c.is_ascii_digit())
            || !m.contains('z') && {
                let d: Vec<char> = m.chars().filter(|c| c.is_ascii_digit()).collect();
                d.len() == 3 && d[0] != d[1]
            }
    })
}

#[test]
fn every_fu_reason_and_its_fu() {
    use FuReason::*;
    type Case = (&'static str, &'static [(FuReason, u8)], u32);
    let cases: &[Case] = &[
        // Edge wait 12m-3m, closed ron: 30 + 2 = 32 -> 40.
        (
            "12m456p789p234s55s3m --riichi --seat S",
            &[(Base, 30), (Penchan, 2)],
            40,
        ),
        (
            "13m456p789p234s55s2m --riichi --seat S",
            &[(Base, 30), (Kanchan, 2)],
            40,
        ),
        // East pair for the East seat in the East round: 4 fu.
        (
            "123m456p789s234s1z1z --riichi --seat E",
            &[(Base, 30), (DoubleValuedPair, 4), (PairWait, 2)],
            40,
        ),
        (
            "123m456p789s234s5z5z --riichi --seat S",
            &[(Base, 30), (ValuedPair, 2), (PairWait, 2)],
            40,
        ),
        (
            "123m456p789s234s5z5z --riichi --seat S --self-drawn",
            &[(Base, 20), (ValuedPair, 2), (PairWait, 2), (Tsumo, 2)],
            30,
        ),
        // Pinfu tsumo: 20 fu, no tsumo fu (unless fu-for-pinfu-tsumo).
        (
            "234m567m99s345p23p1p --self-drawn --seat S",
            &[(Base, 20)],
            20,
        ),
        (
            "234m567m99s345p23p1p --self-drawn --seat S --fu-for-pinfu-tsumo",
            &[(Base, 20), (Tsumo, 2)],
            30,
        ),
        (
            "[111z1]234m567m99s34p5p --seat E",
            &[(OpenTerminalPon, 4), (Base, 20)],
            30,
        ),
        (
            "111z234m567m99s34p5p --seat E",
            &[(Base, 30), (ClosedTerminalPon, 8)],
            40,
        ),
        (
            "[222m1]234m567p99s34p5p --seat E --has-open-tanyao",
            &[(Base, 20), (OpenPon, 2)],
            30,
        ),
        (
            "222m234m567p99s34p5p --seat E --riichi",
            &[(Base, 30), (ClosedPon, 4)],
            40,
        ),
        (
            "[2222m]345m567p99s34p5p --seat E --riichi",
            &[(Base, 30), (ClosedKan, 16)],
            50,
        ),
        (
            "[2222m1]345m567p99s34p5p --seat E --has-open-tanyao",
            &[(Base, 20), (OpenKan, 8)],
            30,
        ),
        (
            "[1111z]345m567p99s34p5p --seat E --riichi",
            &[(ClosedTerminalKan, 32), (Base, 30)],
            70,
        ),
        (
            "[1111z1]345m567p99s34p5p --seat E",
            &[(Base, 20), (OpenTerminalKan, 16)],
            40,
        ),
        // A concealed pung completed by a discard counts as melded.
        (
            "11m456p789p234s55s1m --riichi --seat S",
            &[(Base, 30), (OpenTerminalPon, 4)],
            40,
        ),
        ("1133m5577p2299s1z1z --seat S", &[(Base, 25)], 25),
    ];
    let mut seen = Vec::new();
    for (line, details, fu) in cases {
        let s = score(line);
        let mut want = details.to_vec();
        want.sort_by_key(|&(_, f)| std::cmp::Reverse(f));
        assert_eq!(s.fu_details.as_slice(), &want[..], "{line}");
        assert_eq!(s.fu, *fu, "{line}");
        seen.extend(details.iter().map(|d| d.0));
    }
    for r in FuReason::ALL {
        // HandWithoutFu: an_open_hand_without_fu_is_30_or_20.
        if r != HandWithoutFu {
            assert!(seen.contains(&r), "no case for {r}");
        }
    }
}

#[test]
fn an_open_hand_without_fu_is_30_or_20() {
    // Open tanyao: 23p waiting 1p-4p, won on a discard.
    let line = "[234m]567m66s678p23p4p --seat S --has-open-tanyao";
    let s = score(line);
    assert_eq!(
        s.fu_details.as_slice(),
        &[(FuReason::Base, 20), (FuReason::HandWithoutFu, 2)]
    );
    assert_eq!((s.han, s.fu, s.cost.total), (1, 30, 1000));
    let s = score(&format!("{line} --no-fu-for-open-pinfu"));
    assert_eq!((s.han, s.fu, s.cost.total), (1, 20, 700));
}

#[test]
fn limits_and_payments() {
    let pinfu = "234m567m99s345p23p1p --riichi --self-drawn --seat S";
    // 3 han 20 fu tsumo: 700/1300.
    let s = score(pinfu);
    assert_eq!(
        (s.han, s.fu, s.cost.main, s.cost.additional, s.cost.total),
        (3, 20, 1300, 700, 2700)
    );
    assert_eq!(s.cost.limit, None);
    // Dealer: 1300 all.
    let s = score(&pinfu.replace("--seat S", "--seat E"));
    assert_eq!(
        (s.cost.main, s.cost.additional, s.cost.total),
        (1300, 1300, 3900)
    );
    // Honba and sticks: 100 per payer per honba, 1000 per stick.
    let s = score(&format!("{pinfu} --honba 2 --sticks 1"));
    assert_eq!(s.cost.total, 2700 + 600 + 1000);
    // Two dora: mangan.
    let s = score(&format!("{pinfu} --dora 8s"));
    assert_eq!(
        (s.han, s.cost.limit, s.cost.total),
        (5, Some(Limit::Mangan), 8000)
    );
    // 3 + 2 x 5 dora = 13 han: kazoe yakuman, or sanbaiman under that limit.
    let kazoe = format!("{pinfu} --dora 8s8s8s8s8s");
    let s = score(&kazoe);
    assert_eq!(
        (s.han, s.cost.limit, s.cost.total, s.cost.yakuman),
        (13, Some(Limit::KazoeYakuman), 32000, 1)
    );
    let s = score(&format!("{kazoe} --kazoe-limit sanbaiman"));
    assert_eq!(
        (s.cost.limit, s.cost.total),
        (Some(Limit::Sanbaiman), 24000)
    );
    // 4 han 30 fu: 7700, or mangan with kiriage.
    // Open tanyao + 3 dora, 22 fu -> 30.
    let kiri = "[222m1]234m567p88s34p5p --seat S --has-open-tanyao --dora 7s3p";
    let s = score(kiri);
    assert_eq!((s.han, s.fu, s.cost.total), (4, 30, 7700));
    assert_eq!(score(&format!("{kiri} --kiriage")).cost.total, 8000);
    // Double yakuman and its option; Tenhou's preset counts it once.
    let kokushi13 = "19m19p19s1234567z7z --seat S";
    assert_eq!(score(kokushi13).cost.total, 64000);
    assert_eq!(
        score(&format!("{kokushi13} --no-has-double-yakuman"))
            .cost
            .total,
        32000
    );
    assert_eq!(
        score(&format!("{kokushi13} --preset tenhou")).cost.total,
        32000
    );
    assert_eq!(
        score(&format!("{kokushi13} --preset mahjongsoul"))
            .cost
            .total,
        64000
    );
}

#[test]
fn presets_and_option_flags() {
    // Open tanyao needs the option (on in both presets).
    let line = "[234m]567m66s678p23p4p --seat S";
    assert!(!score(line).legal);
    assert!(score(&format!("{line} --preset tenhou")).legal);
    assert!(!score(&format!("{line} --preset tenhou --no-has-open-tanyao")).legal);
    // Red fives count with has-aka-dora (on in the presets).
    let red = "234m067m99s345p23p1p --riichi --seat S";
    assert!(!score(red).yaku.has(Yaku::AkaDora));
    assert!(score(&format!("{red} --preset mahjongsoul"))
        .yaku
        .has(Yaku::AkaDora));
}

#[test]
fn three_player_payments_dora_and_tiles() {
    // Riichi, ron on the 999m pung: 1 han 40 fu = 1300; honba 200 each in 3p.
    let line = "123p456p789s11z99m9m --riichi --seat S --honba 2";
    let s4 = score(line);
    let s3 = score(&format!("{line} --is-three-player"));
    assert_eq!((s4.han, s4.fu, s4.cost.total), (1, 40, 1300 + 600));
    assert_eq!(s3.cost.total, 1300 + 400);
    // Tsumo, 2 han 40 fu (20 + closed 999m 8 + East pair in the East round 2
    // + tsumo 2): 700/1300, and only two payers in 3p.
    let t = "123p456p789s11z99m9m --riichi --seat S --self-drawn";
    let s = score(t);
    assert_eq!(
        (s.han, s.fu, s.cost.main, s.cost.additional, s.cost.total),
        (2, 40, 1300, 700, 2700)
    );
    let s = score(&format!("{t} --is-three-player"));
    assert_eq!(
        (s.cost.main, s.cost.additional, s.cost.total),
        (1300, 700, 2000)
    );
    // 1m indicates 9m in 3p (2m in 4p); nuki dora add one each.
    let d = "123p456p789s11z99m9m --riichi --seat S --dora 1m";
    assert!(!score(d).yaku.has(Yaku::Dora));
    let s = score(&format!("{d} --is-three-player --nuki 2"));
    assert_eq!(
        s.yaku
            .as_slice()
            .iter()
            .find(|y| y.0 == Yaku::Dora)
            .map(|y| y.1),
        Some(3 + 2)
    );
    // 2m-8m do not exist.
    assert!(error("123m456p789s11z99s9s --is-three-player").contains("2m"));
}

#[test]
fn a_hand_without_yaku_is_not_legal() {
    let s = score("[123m]456m789p23s55s4s --seat S --dora 4s");
    assert!(!s.legal);
    assert_eq!((s.han, s.cost.total), (0, 0));
    assert!(s.reason().unwrap().contains("no yaku"));
}

#[test]
fn contradictory_situations_are_errors() {
    let open = "[123m]456m789p23s55s4s --seat S";
    assert!(error(&format!("{open} --riichi")).contains("closed hand"));
    assert!(error("234m567m99s345p23p1p --ippatsu").contains("ippatsu"));
    assert!(error("234m567m99s345p23p1p --first-turn --seat E").contains("dealer"));
    assert!(error("234m567m99s345p23p1p --kong --last-wall --self-drawn").contains("haitei"));
    assert!(error("234m567m99s345p23p1p --dora 8").contains("suit"));
    assert!(error("234m567m99s345p23p1p --honba x").contains("--honba"));
    assert!(error("234m567m99s345p23p1p --no-such-flag").contains("--no-such-flag"));
    assert!(error("234m567m99s345p23p1p --preset nope").contains("preset"));
    assert!(error("234m567m99s345p23p9m").contains("not a winning hand"));
    assert!(error("234m567m99s345p23p").contains("14 tiles"));
}

#[test]
fn nagashi_mangan_is_mangan_whatever_the_tiles() {
    let s = score("234m567m99s345p23p1p --nagashi-mangan --seat S");
    assert_eq!((s.han, s.fu, s.cost.total), (5, 30, 8000));
}
