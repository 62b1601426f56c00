//! Deterministic riichi scoring inputs for benchmarks: complete hands (the
//! C14 set of [`crate::sets`]) with a winning tile and a situation that
//! vary with the hand's position (ron and tsumo, riichi, seats, dora).

use super::situation::{Indicators, ScoringInput, Settings};
use crate::hand::Hand;
use crate::mcr::Wind;
use crate::tile::Tile;

/// The scoring input for the `i`-th hand of a benchmark set: the winning
/// tile is the concealed tile at position `5 i` (as MCR's benchmarks pick
/// it), tsumo on odd `i`, riichi on every third, seat `i mod 4`, round East
/// or South, one dora indicator.
///
/// ```
/// use hupai::riichi::sample::input;
/// use hupai::sets::{hands, Set, SEED};
/// let hs = hands(Set::C14, 4, SEED);
/// let a = input(&hs[1], 1).unwrap();
/// assert!(a.settings.situation.self_drawn);
/// ```
pub fn input(hand: &Hand, i: usize) -> Option<ScoringInput> {
    let len = hand.concealed_len();
    if len == 0 {
        return None;
    }
    let mut k = (5 * i) % len;
    let win = Tile::all().find(|t| {
        let c = hand.counts()[t.index()] as usize;
        if k < c {
            true
        } else {
            k -= c;
            false
        }
    })?;
    let mut settings = Settings::default();
    let s = &mut settings.situation;
    s.self_drawn = i % 2 == 1;
    s.riichi = i.is_multiple_of(3) && hand.melds().all(|m| !m.is_claimed());
    s.seat = Wind::ALL[i % 4];
    s.prevalent = Wind::ALL[(i / 4) % 2];
    let mut dora = Indicators::default();
    dora.push(Tile::from_index((7 * i) % 34)?).ok()?;
    s.dora = dora;
    settings.options.has_aka_dora = true;
    ScoringInput::new(*hand, win, settings).ok()
}
