//! hupai's table engine: the rows the comparison is about.
//!
//! Only `hu` exists on main at the time of writing; `waits`/`tenpai` and
//! `arrangements` (issue 3) and `shanten`/`effective` (issue 4) get their
//! adapter here when those APIs land (see `super::PENDING`).

use super::HUPAI;
use crate::answer::Answer;
use crate::harness::{row, Row};
use hupai::{Hand, Rules, Tables};

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
