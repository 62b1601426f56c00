//! Joker hands beside declared melds: the two table answers that bound the
//! distance from both sides, and where they part, the budgeted rows of
//! `jokers.tbl` for the open parts beside a programme in registers for the
//! capped ones ([`CappedRows`]).

use super::programme::{distance, improving, ranks};
use super::{tile, Shape};
use crate::engine::jokers::lookup::{self, Levels};
use crate::engine::jokers::melded;
use crate::engine::ShantenError;
use crate::forms;
use crate::hand::Hand;
use crate::rules::Rules;
use crate::table::layout::cells::FAR;
use crate::table::Tables;
use crate::tile::KINDS;

impl<B: AsRef<[u8]>> Tables<B> {
    /// [`distance`] of a hand beside declared melds: the table bounds
    /// where they meet (`melded`), else [`Tables::beside_melds`].
    pub(super) fn melded_distance_jokers(
        &self,
        hand: &Hand,
        s: &Shape,
        rules: &Rules,
    ) -> Result<u8, ShantenError> {
        if let Some(d) = melded::distance(self, hand, s.jokers, rules)? {
            return Ok(d);
        }
        Ok(match CappedRows::new(s, rules) {
            Some(mut rows) => {
                let given: [Option<Levels>; 4] = std::array::from_fn(|p| rows.get(p));
                self.beside_melds(s, &given, rules)
            }
            None => distance(s, rules),
        })
    }

    /// [`improving`] of a hand beside declared melds by the table bounds
    /// (`melded`), each draw they leave in doubt settled on its own; where
    /// the bounds part on the hand itself, [`Tables::beside_melds`] for
    /// the hand and each draw (the drawn part's rows computed again).
    pub(super) fn melded_improving_jokers(
        &self,
        hand: &Hand,
        s: &Shape,
        rules: &Rules,
    ) -> Result<(u8, u64), ShantenError> {
        let (d, mut tiles, mut doubt) = match melded::improving(self, hand, s.jokers, rules)? {
            Some(melded::Draws::Settled { d, tiles, doubt }) => (d, tiles, doubt),
            Some(melded::Draws::Parted { lower, maybe }) => {
                return self.parted(s, rules, lower, maybe);
            }
            None => return improving(s, rules),
        };
        if d >= FAR {
            return Err(ShantenError::Unreachable);
        }
        // The hand's capped rows, each worked out when a draw whose bounds
        // part first needs it.
        let mut rows = CappedRows::new(s, rules);
        while doubt != 0 {
            let i = doubt.trailing_zeros() as usize;
            doubt &= doubt - 1;
            let drawn = hand.with_tile(tile(i)).expect("a copy is left");
            let after = match (melded::distance(self, &drawn, s.jokers, rules)?, &mut rows) {
                (Some(after), _) => after,
                (None, Some(rows)) => self.after_draw(rows, i, rules),
                (None, None) => distance(&s.drawing(i), rules),
            };
            if after < d {
                tiles |= 1 << i;
            }
        }
        Ok((d, tiles))
    }

    /// The distance of the hand of `rows` with a tile of kind `i` drawn, by
    /// [`Tables::beside_melds`]: the drawn part's rows worked out again
    /// where a meld caps it, the others' as the hand has them.
    fn after_draw(&self, rows: &mut CappedRows, i: usize, rules: &Rules) -> u8 {
        let next = rows.s.drawing(i);
        let q = (i / 9).min(3);
        let drawn: [Option<Levels>; 4] = std::array::from_fn(|p| match p == q {
            true => rows.capped(p).then(|| capped_levels(&next, p, rows.k)),
            false => rows.get(p),
        });
        self.beside_melds(&next, &drawn, rules)
    }

    /// [`improving`] of a hand beside melds whose bounds part: the hand and
    /// each draw by [`Tables::beside_melds`] (the drawn part's rows computed
    /// again). Where the hand's distance is its lower bound `lower`, only
    /// the draws that lower that bound (`maybe`) can lower it.
    fn parted(
        &self,
        s: &Shape,
        rules: &Rules,
        lower: u8,
        maybe: u64,
    ) -> Result<(u8, u64), ShantenError> {
        let Some(mut rows) = CappedRows::new(s, rules) else {
            return improving(s, rules);
        };
        let given: [Option<Levels>; 4] = std::array::from_fn(|p| rows.get(p));
        let d = self.beside_melds(s, &given, rules);
        if d >= FAR {
            return Err(ShantenError::Unreachable);
        }
        let mut tiles = 0u64;
        let drawable = (0..KINDS).filter(|&i| s.c[i] < s.caps[i]);
        for i in drawable.filter(|&i| d > lower || maybe >> i & 1 == 1) {
            if self.after_draw(&mut rows, i, rules) < d {
                tiles |= 1 << i;
            }
        }
        Ok((d, tiles))
    }

    /// The distance of a hand beside declared melds (as the search's
    /// [`distance`]) from `given`, its parts' budgeted rows where a meld
    /// caps them ([`CappedRows`]), and `jokers.tbl` for the others: the
    /// per-part programme runs on the capped parts alone.
    fn beside_melds(&self, s: &Shape, given: &[Option<Levels>; 4], rules: &Rules) -> u8 {
        let slots = s.size - 3 * s.melds;
        // Sichuan voids no suit of a declared meld.
        let spare = (0..3)
            .filter(|&i| given[i].is_some())
            .fold(0, |m, i| m | 1 << i);
        let mut d = lookup::standard_beside(self, &s.c, slots, s.jokers, rules, spare, given);
        if rules.mcr_forms && forms::knitted_straight_sets(s.size, s.melds).is_some() {
            d = d.min(melded::knitted_beside_meld(&s.c, &s.caps, s.jokers, d).0);
        }
        // The target has the jokers' slots beside the real tiles: d ≥ jokers.
        if d >= FAR {
            FAR
        } else {
            d - s.jokers as u8
        }
    }
}

/// The budgeted rows of a melded hand's capped parts (a declared meld's
/// suit, the honours beside an honour meld), by the per-part programme, as
/// [`lookup::standard_beside`] takes them, each worked out when first
/// asked.
struct CappedRows<'s> {
    s: &'s Shape,
    /// Melds the concealed tiles and jokers must form.
    k: usize,
    /// The parts (bit per part) a meld caps, and those worked out.
    capped: u8,
    done: u8,
    rows: [Option<Levels>; 4],
}

impl<'s> CappedRows<'s> {
    /// `None` for three players (the lookups know no three-player suit),
    /// or more melds or jokers than the programme's lanes carry.
    fn new(s: &'s Shape, rules: &Rules) -> Option<CappedRows<'s>> {
        let k = (s.size - 3 * s.melds) / 3;
        if rules.three_player || !melded::budgeted_rows_fit(k, s.jokers) {
            return None;
        }
        let capped = (0..4)
            .filter(|&p| p < 3 || rules.honors)
            .filter(|&p| s.caps[ranks(p)].iter().any(|&x| x < 4))
            .fold(0u8, |m, p| m | 1 << p);
        Some(CappedRows {
            s,
            k,
            capped,
            done: 0,
            rows: [None; 4],
        })
    }

    fn capped(&self, p: usize) -> bool {
        self.capped >> p & 1 == 1
    }

    /// Part `p`'s rows where a meld caps it (`None`: the tables' own).
    #[inline]
    fn get(&mut self, p: usize) -> Option<Levels> {
        if self.capped(p) && self.done >> p & 1 == 0 {
            self.rows[p] = Some(capped_levels(self.s, p, self.k));
            self.done |= 1 << p;
        }
        self.rows[p]
    }
}

/// Part `i`'s budgeted rows by [`melded::budgeted_rows`], up to `k` melds
/// and the hand's jokers (both within the programme's lanes: see
/// [`CappedRows::new`]).
fn capped_levels(s: &Shape, i: usize, k: usize) -> Levels {
    let r = ranks(i);
    let rows = melded::budgeted_rows(&s.c[r.clone()], &s.caps[r], i < 3, k, s.jokers)
        .expect("at most three melds and seven jokers");
    Levels::from_rows(&rows[..=s.jokers]).expect("at most seven jokers")
}
