//! The joker budget sections of `jokers.tbl` as one borrowed view: a budget
//! class per pattern, the class rows (distances for budgets `0..BUDGETS`)
//! and each class's top budget (see `table::generate::budget`).
//!
//! The rows and tops have fixed lengths in their types and any class byte
//! indexes inside them, so no byte of a corrupt file can make a read fail.

use super::layout::budget::{BUDGETS, ROWS};
use super::Distances;

/// The budget arrays, borrowed for queries
/// ([`Tables::budget_tables`](super::Tables::budget_tables)).
#[derive(Clone, Copy)]
pub(crate) struct BudgetTables<'a> {
    suit_class: &'a [u8],
    honor_class: &'a [u8],
    suit_rows: &'a [u8; ROWS * BUDGETS * 16],
    honor_rows: &'a [u8; ROWS * BUDGETS * 16],
    suit_top: &'a [u8; ROWS],
    honor_top: &'a [u8; ROWS],
}

impl<'a> BudgetTables<'a> {
    /// The view over sections whose lengths `Tables::load` checked.
    #[inline(always)]
    pub(super) fn new(
        suit_class: &'a [u8],
        honor_class: &'a [u8],
        suit_rows: &'a [u8],
        honor_rows: &'a [u8],
        suit_top: &'a [u8],
        honor_top: &'a [u8],
    ) -> BudgetTables<'a> {
        let fixed = "section lengths are checked at load";
        BudgetTables {
            suit_class,
            honor_class,
            suit_rows: suit_rows.try_into().expect(fixed),
            honor_rows: honor_rows.try_into().expect(fixed),
            suit_top: suit_top.try_into().expect(fixed),
            honor_top: honor_top.try_into().expect(fixed),
        }
    }

    /// The budget class of the suit pattern with dense index `i`.
    #[inline(always)]
    pub(crate) fn suit_class_at(&self, i: usize) -> u8 {
        self.suit_class[i]
    }

    /// The budget class of the honour pattern with dense index `i`.
    #[inline(always)]
    pub(crate) fn honor_class_at(&self, i: usize) -> u8 {
        self.honor_class[i]
    }

    /// The distances of a suit class with at most `e` copies beyond four
    /// (`e` past the last stored budget reads the last: nothing changes there).
    #[inline(always)]
    pub(crate) fn suit(&self, class: u8, e: usize) -> &'a Distances {
        row(self.suit_rows, class, e)
    }

    /// The distances of an honour class with at most `e` copies beyond four.
    #[inline(always)]
    pub(crate) fn honor(&self, class: u8, e: usize) -> &'a Distances {
        row(self.honor_rows, class, e)
    }

    /// The least budget from which a suit class's distances stop changing.
    #[inline(always)]
    pub(crate) fn suit_top(&self, class: u8) -> usize {
        self.suit_top[class as usize] as usize
    }

    /// The least budget from which an honour class's distances stop changing.
    #[inline(always)]
    pub(crate) fn honor_top(&self, class: u8) -> usize {
        self.honor_top[class as usize] as usize
    }
}

#[inline(always)]
fn row<const N: usize>(table: &[u8; N], class: u8, e: usize) -> &Distances {
    let r = class as usize * BUDGETS + e.min(BUDGETS - 1);
    table[16 * r..16 * r + 16]
        .try_into()
        .expect("sixteen bytes")
}

/// The examples of this file's items, run as unit tests.
#[cfg(test)]
mod examples {
    #[test]
    fn budget_tables() {
        use crate::table::key;
        use crate::Tables;
        let t = Tables::embedded().budget_tables();
        // 1111m: 111m + 11m needs one tile, a fifth copy: budget 1.
        let c = t.suit_class_at(key::suit_index(&[4, 0, 0, 0, 0, 0, 0, 0, 0]));
        assert_eq!(
            (t.suit(c, 0)[8 + 1], t.suit(c, 1)[8 + 1], t.suit_top(c)),
            (2, 1, 1)
        );
    }
}
