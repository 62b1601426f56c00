//! # hupai
//!
//! Mahjong hand evaluation through precomputed lookup tables.
//!
//! Classic checkers search recursively: take a pair, peel off melds, backtrack.
//! hupai enumerates every per-suit count pattern once (see [`table`]), stores
//! what each pattern can become, and at run time turns a hand into four
//! per-suit keys and a few table lookups.
//!
#![forbid(unsafe_op_in_unsafe_fn)]
#![warn(missing_docs)]

pub mod arrangement;
pub mod engine;
pub mod ev;
// The C ABI and the server engine need threads and mapped files.
#[cfg(all(feature = "mmap", feature = "parallel"))]
pub mod ffi;
pub mod forms;
pub mod hand;
pub mod mcr;
pub mod notation;
mod par;
pub mod reference;
pub mod riichi;
pub mod rules;
#[cfg(all(feature = "mmap", feature = "parallel"))]
pub mod server;
pub mod sets;
pub mod sichuan;
pub mod table;
pub mod tile;
pub mod tileset;

pub use arrangement::{Arrangement, Form, Group, GroupKind};
pub use engine::{Arrangements, JokerError, Jokers, Waits, WaitsError};
pub use hand::{ChowTile, From, Hand, HandError, Meld, MeldKind};
pub use notation::{Notation, ParseError, ParseErrorKind};
pub use rules::{Rules, SevenPairs};
pub use table::{TableError, Tables};
pub use tile::{Counts, Suit, Tile, KINDS};
pub use tileset::TileSet;
