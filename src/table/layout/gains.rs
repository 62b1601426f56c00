//! The size of the `suit_gains` section's records.

/// Bytes of one pattern's record.
pub(crate) const RECORD: usize = 28;

/// Cells of at most this many melds are stored.
pub(crate) const MOST_MELDS: usize = 2;
