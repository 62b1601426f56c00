//! `riichienv-core` (crates.io): agari, tenpai, waits, shanten and
//! divisions on its own 34-count `Hand`.

use super::RIICHIENV;
use crate::answer::{self, Answer, Kind};
use crate::harness::{row, Row};
use hupai::Hand;
use riichienv_core::agari::{self, Division, Mentsu};
use riichienv_core::hand_evaluator::HandEvaluator;
use riichienv_core::shanten::calc_shanten_from_counts;
use riichienv_core::types::Hand as RHand;

fn hand(h: &Hand) -> RHand {
    RHand {
        counts: *h.counts(),
    }
}

/// `is_agari` (takes `&mut Hand`, restores it; the adapter works on a copy).
pub fn hu() -> Box<dyn Row> {
    row(
        RIICHIENV,
        "agari::is_agari(&mut hand)",
        hand,
        |h| agari::is_agari(&mut h.clone()),
        |_, win| Answer::Bool(win),
    )
}

/// `is_tenpai` (stops at the first wait).
pub fn tenpai() -> Box<dyn Row> {
    row(
        RIICHIENV,
        "agari::is_tenpai(&mut hand)",
        hand,
        |h| agari::is_tenpai(&mut h.clone()),
        |_, ready| Answer::Bool(ready),
    )
}

/// `HandEvaluator::get_waits_u8`: live waits only (it skips tiles held four times).
pub fn waits() -> Box<dyn Row> {
    row(
        RIICHIENV,
        "HandEvaluator::get_waits_u8()",
        |h: &Hand| HandEvaluator {
            hand: hand(h),
            full_hand: hand(h),
            melds: Vec::new(),
            aka_dora_count: 0,
        },
        |e| e.get_waits_u8(),
        |_, w| Answer::Waits {
            live: w.iter().fold(0, |m, &t| m | 1 << t),
            exhausted: None,
        },
    )
}

/// Shanten from counts (Nyanten tables), the number of melds from the size.
pub fn shanten() -> Box<dyn Row> {
    row(
        RIICHIENV,
        "shanten::calc_shanten_from_counts(&counts, n / 3)",
        hand,
        |h| calc_shanten_from_counts(&h.counts, h.counts.iter().sum::<u8>() / 3),
        |_, s| Answer::Shanten(s),
    )
}

/// Every arrangement: `find_divisions` (standard form) plus the two special
/// forms, which it checks apart. `find_divisions` lists a division once for
/// each order its groups can be peeled off (`444456s` as 444+456 and as
/// 456+444), so the answer drops duplicates; that step is not timed, which
/// only flatters riichienv-core.
pub fn arrangements() -> Box<dyn Row> {
    row(
        RIICHIENV,
        "agari::find_divisions + is_chiitoitsu + is_kokushi",
        hand,
        |h| {
            (
                agari::find_divisions(h),
                agari::is_chiitoitsu(h),
                agari::is_kokushi(h),
            )
        },
        |_, (divisions, seven, orphans)| {
            let mut v: Vec<u64> = divisions.iter().map(code).collect();
            v.sort_unstable();
            v.dedup();
            if seven {
                v.push(answer::SEVEN_PAIRS);
            }
            if orphans {
                v.push(answer::THIRTEEN_ORPHANS);
            }
            answer::arrangements(v)
        },
    )
}

fn code(d: &Division) -> u64 {
    let mut g = vec![answer::group(Kind::Pair, d.head as usize)];
    g.extend(d.body.iter().map(|m| match *m {
        Mentsu::Koutsu(t) => answer::group(Kind::Pung, t as usize),
        Mentsu::Shuntsu(t) => answer::group(Kind::Chow, t as usize),
    }));
    answer::standard(&g)
}
