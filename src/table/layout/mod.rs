//! The vocabulary of the table files, shared by the engine that reads them
//! and the generator that writes them (neither imports the other): how a
//! part's distances are laid out in cells ([`cells`]), the meld
//! configurations beside which a suit is capped ([`caps`], [`pair_caps`]),
//! the capped programme that computes a capped part's distances, and the
//! shapes of the sections ([`gains`], [`budget`]).

pub(crate) mod budget;
pub(crate) mod caps;
pub(crate) mod cells;
pub(crate) mod gains;
pub(crate) mod pair_caps;
mod programme;

pub(crate) use programme::capped_distances;
