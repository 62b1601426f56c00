//! hupai's table engine: the rows the comparison is about.
//!
//! One adapter per table query the peers share: hu, waits (and tenpai),
//! arrangements, shanten, effective tiles; riichi rules throughout.

use super::HUPAI;
use crate::answer::{self, Answer};
use crate::harness::{row, Row};
use hupai::{Arrangements, Hand, Rules, Tables};

/// hu on the tables.
pub fn hu() -> Box<dyn Row> {
    let t = Tables::embedded();
    row(
        HUPAI,
        "Tables::is_win(&hand, &Rules::RIICHI)",
        |h: &Hand| *h,
        move |h| t.is_win(h, &Rules::RIICHI),
        |_, win| Answer::Bool(win),
    )
}

/// Ready: the table waits hold a live wait.
pub fn tenpai() -> Box<dyn Row> {
    let t = Tables::embedded();
    row(
        HUPAI,
        "!Tables::waits(&hand, &Rules::RIICHI)?.live.is_empty()",
        |h: &Hand| *h,
        move |h| {
            !t.waits(h, &Rules::RIICHI)
                .expect("a 13-tile hand")
                .live
                .is_empty()
        },
        |_, ready| Answer::Bool(ready),
    )
}

/// Waits from the tables, live and exhausted.
pub fn waits() -> Box<dyn Row> {
    let t = Tables::embedded();
    row(
        HUPAI,
        "Tables::waits(&hand, &Rules::RIICHI)",
        |h: &Hand| *h,
        move |h| t.waits(h, &Rules::RIICHI).expect("a 13-tile hand"),
        |_, w| Answer::Waits {
            live: w.live.bits(),
            exhausted: Some(w.exhausted.bits()),
        },
    )
}

/// Every arrangement from the tables, into a reused buffer (no allocation).
/// The timed call returns the count; the answer reads the same arrangements
/// through `Tables::arrangements` (not timed).
pub fn arrangements() -> Box<dyn Row> {
    let t = Tables::embedded();
    let mut out = Arrangements::new();
    row(
        HUPAI,
        "Tables::arrange_into(&hand, &Rules::RIICHI, &mut out)",
        |h: &Hand| *h,
        move |h| t.arrange_into(h, &Rules::RIICHI, &mut out),
        move |h, n| {
            let all = t.arrangements(h, &Rules::RIICHI);
            assert_eq!(all.len(), n, "arrange_into and arrangements agree");
            answer::arrangements(all.iter().map(super::reference::code).collect())
        },
    )
}

/// Shanten from the tables.
pub fn shanten() -> Box<dyn Row> {
    let t = Tables::embedded();
    row(
        HUPAI,
        "Tables::shanten(&hand, &Rules::RIICHI)",
        |h: &Hand| *h,
        move |h| t.shanten(h, &Rules::RIICHI).expect("a 13-tile hand"),
        |_, s| Answer::Shanten(s),
    )
}

/// Effective tiles from the tables, with the unseen copies of each (nothing
/// else visible).
pub fn effective() -> Box<dyn Row> {
    let t = Tables::embedded();
    row(
        HUPAI,
        "Tables::effective(&hand, &Rules::RIICHI, &[0; 34])",
        |h: &Hand| *h,
        move |h| {
            t.effective(h, &Rules::RIICHI, &[0; 34])
                .expect("a 13-tile hand")
        },
        |_, e| Answer::Tiles(e.tiles().bits()),
    )
}
