//! Query engines over the tables: one module per question asked of a hand.
//!
//! Each query is a method on [`Tables`](crate::Tables), generic over the byte
//! container, so the embedded set and a memory-mapped set run the same code.

mod arrange;
mod hu;
pub mod jokers;
mod shanten;
mod waits;

pub use arrange::{canonical_order, Arrangements, MAX_ARRANGEMENTS};
pub use hu::suits_allowed;
pub use jokers::{JokerError, Jokers};
pub use shanten::{Discards, Effective, ShantenError, Ukeire};
pub use waits::{Waits, WaitsError};
