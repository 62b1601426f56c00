//! Query engines over the tables: one module per question asked of a hand.
//!
//! Each query is a method on [`Tables`](crate::Tables), generic over the byte
//! container, so the embedded set and a memory-mapped set run the same code.

mod hu;
pub mod jokers;

pub use hu::suits_allowed;
pub use jokers::{JokerError, Jokers};
