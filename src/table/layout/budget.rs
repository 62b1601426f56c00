//! The shape of the budgeted (joker) distance sections.

/// Budgets stored per pattern: `e = 0..BUDGETS`.
pub(crate) const BUDGETS: usize = 5;

/// Class rows of a budget table: any byte is a class.
pub(crate) const ROWS: usize = 256;
