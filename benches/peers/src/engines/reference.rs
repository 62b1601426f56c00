//! hupai's recursive reference (`hupai::reference`), the baseline of the benchmarks.

use super::REFERENCE;
use crate::answer::{self, Answer, Kind};
use crate::harness::{limited, row, Row};
use hupai::{reference, Arrangement, Form, GroupKind, Hand, Rules};

/// hu by backtracking.
pub fn hu() -> Box<dyn Row> {
    row(
        REFERENCE,
        "reference::is_win(&hand, &Rules::RIICHI)",
        |h: &Hand| *h,
        |h| reference::is_win(h, &Rules::RIICHI),
        |_, win| Answer::Bool(win),
    )
}

/// Ready: some live wait (the reference has no early-exit tenpai query).
pub fn tenpai() -> Box<dyn Row> {
    row(
        REFERENCE,
        "!reference::waits(&hand, &Rules::RIICHI).0.is_empty()",
        |h: &Hand| *h,
        |h| !reference::waits(h, &Rules::RIICHI).0.is_empty(),
        |_, ready| Answer::Bool(ready),
    )
}

/// Waits: 34 backtracking hu checks, live and exhausted.
pub fn waits() -> Box<dyn Row> {
    row(
        REFERENCE,
        "reference::waits(&hand, &Rules::RIICHI)",
        |h: &Hand| *h,
        |h| reference::waits(h, &Rules::RIICHI),
        |_, (live, exhausted)| Answer::Waits {
            live: live.bits(),
            exhausted: Some(exhausted.bits()),
        },
    )
}

/// Every arrangement by backtracking.
pub fn arrangements() -> Box<dyn Row> {
    row(
        REFERENCE,
        "reference::arrangements(&hand, &Rules::RIICHI)",
        |h: &Hand| *h,
        |h| reference::arrangements(h, &Rules::RIICHI),
        |_, v| answer::arrangements(v.iter().map(code).collect()),
    )
}

/// The common code of a hupai arrangement (shared with the table rows).
pub fn code(a: &Arrangement) -> u64 {
    match a.form() {
        Form::SevenPairs => answer::SEVEN_PAIRS,
        Form::ThirteenOrphans => answer::THIRTEEN_ORPHANS,
        Form::Standard => {
            let groups: Vec<u8> = a
                .groups()
                .iter()
                .map(|g| {
                    let kind = match g.kind {
                        GroupKind::Pair => Kind::Pair,
                        GroupKind::Pung => Kind::Pung,
                        GroupKind::Chow => Kind::Chow,
                        k => panic!("no {k:?} group in a concealed riichi hand"),
                    };
                    answer::group(kind, g.tile.index())
                })
                .collect();
            answer::standard(&groups)
        }
        f => panic!("no {f:?} form under riichi rules"),
    }
}

/// Shanten by exhaustive search over target hands (a quarter of a
/// millisecond per hand: the first 2,000 hands of the set).
pub fn shanten() -> Box<dyn Row> {
    limited(
        2_000,
        row(
            REFERENCE,
            "reference::shanten::shanten(&hand, &Rules::RIICHI)",
            |h: &Hand| *h,
            |h| reference::shanten::shanten(h, &Rules::RIICHI).expect("a 13-tile hand"),
            |_, s| Answer::Shanten(s),
        ),
    )
}

/// Effective tiles: the reference shanten of each of the 34 draws (several
/// milliseconds per hand: the first 200 hands of the set).
pub fn effective() -> Box<dyn Row> {
    limited(
        200,
        row(
            REFERENCE,
            "reference::shanten::effective(&hand, &Rules::RIICHI)",
            |h: &Hand| *h,
            |h| reference::shanten::effective(h, &Rules::RIICHI).expect("a 13-tile hand"),
            |_, e| Answer::Tiles(e.bits()),
        ),
    )
}
