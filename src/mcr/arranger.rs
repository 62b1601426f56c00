//! [`Arranger`], the two queries scoring needs about a hand: every arrangement of the
//! complete hand and every wait of the hand before the winning tile, under
//! the MCR forms.
//!
//! [`Tables`] answers them from the lookup tables (no allocation: the
//! arrangements come back in a fixed-capacity [`Arrangements`]);
//! `Reference` (feature `test-support`) from the recursive reference (the baseline of the
//! benchmarks and an oracle for the tests). Scoring is the same code over
//! either.

use crate::arrangement::Arrangement;
use crate::engine::Arrangements;
use crate::hand::Hand;
use crate::rules::Rules;
use crate::table::Tables;
use crate::tileset::TileSet;
use std::ops::Deref;

/// The rule set scoring reads hands with.
pub(crate) const RULES: Rules = Rules::MCR;

/// A source of arrangements and waits for scoring.
///
/// ```
/// use hupai::mcr::arranger::{Arranger, Reference};
/// use hupai::{Hand, Tables, Tile};
/// let t = |s: &str| s.parse::<Tile>().unwrap();
/// let tiles: Vec<Tile> = "1m 1m 1m 2m 3m 4m 5m 6m 7m 8m 9m 9m 9m".split(' ').map(t).collect();
/// let nine_gates = Hand::from_tiles(&tiles).unwrap();
/// assert_eq!(Tables::embedded().all_waits(&nine_gates).len(), 9);
/// assert_eq!(Reference.all_waits(&nine_gates).len(), 9);
/// ```
pub trait Arranger {
    /// The list of arrangements a query returns.
    type List: Deref<Target = [Arrangement]>;
    /// Every arrangement of a complete hand (empty when it is not complete).
    fn arrangements(&self, hand: &Hand) -> Self::List;
    /// Every tile completing a 13-tile hand, live and exhausted.
    fn all_waits(&self, hand: &Hand) -> TileSet;
}

impl<B: AsRef<[u8]>> Arranger for Tables<B> {
    type List = Arrangements;
    #[inline]
    fn arrangements(&self, hand: &Hand) -> Arrangements {
        let mut out = Arrangements::new();
        self.arrange_into(hand, &RULES, &mut out);
        out
    }
    #[inline]
    fn all_waits(&self, hand: &Hand) -> TileSet {
        self.waits(hand, &RULES).map_or(TileSet::EMPTY, |w| w.all())
    }
}

/// The recursive reference as an arranger.
///
/// ```
/// use hupai::mcr::arranger::{Arranger, Reference};
/// use hupai::{notation, Form, Notation};
/// let hand = notation::parse("1133m5577p22s6677z", Notation::Mpsz).unwrap();
/// assert_eq!(Reference.arrangements(&hand)[0].form(), Form::SevenPairs);
/// ```
#[cfg(feature = "test-support")]
#[derive(Clone, Copy, Debug, Default)]
pub struct Reference;

#[cfg(feature = "test-support")]
impl Arranger for Reference {
    type List = Vec<Arrangement>;
    fn arrangements(&self, hand: &Hand) -> Vec<Arrangement> {
        crate::reference::arrangements(hand, &RULES)
    }
    fn all_waits(&self, hand: &Hand) -> TileSet {
        let (live, exhausted) = crate::reference::waits(hand, &RULES);
        live.union(exhausted)
    }
}
