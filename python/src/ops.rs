//! The binding's own row operations over the core's [`Engine`]: what a
//! numpy batch asks that is not a single core call. Errors are the core's
//! messages.

use hupai::{Engine, Hand, Tables, Tile};
use std::fmt::Display;

/// An error as the message a row or a call raises.
pub fn message(e: impl Display) -> String {
    e.to_string()
}

/// Shanten after discarding one copy of each kind the hand holds (127 where
/// it holds none), for a 3n+2 hand.
pub fn discard_shanten<B: AsRef<[u8]>>(
    engine: &Engine<&Tables<B>>,
    hand: &Hand,
    out: &mut [i8],
) -> Result<(), String> {
    // Only 3n+2 hands of at most 14 tiles have discards to ask about; any
    // other hand gets the core's message for its tiles or size when it has
    // one, else this one.
    let size = hand.concealed_len() + 3 * hand.meld_count();
    if size % 3 != 2 || size > 14 {
        engine.shanten(hand).map_err(message)?;
        return Err(format!(
            "a hand of {size} tiles has no discard; expected 3n+2 tiles (14, 11, 8, 5 or 2)"
        ));
    }
    for (i, o) in out.iter_mut().enumerate() {
        *o = match Tile::from_index(i).and_then(|t| hand.without_tile(t)) {
            Some(rest) => engine.shanten(&rest).map_err(message)?,
            None => 127,
        };
    }
    Ok(())
}
