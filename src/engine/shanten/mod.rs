//! Shanten and effective tiles: four class lookups and a min-plus combination.
//!
//! Shanten is `d − 1`, where the *replacement distance* `d` is the fewest
//! tiles the hand must draw (discarding others) to be complete: the minimum,
//! over complete target hands of the hand's size (a 3n+1 hand aims at 3n+2
//! tiles), of the tiles the target holds beyond the concealed counts. Targets
//! keep the declared melds and never hold more copies of a tile than the
//! declared melds leave (so a tile whose four copies are all in sight is never
//! counted on). That is the definition of the Python `mahjong` package and of
//! `xiangting` (for concealed hands, which they take).
//!
//! **Standard form.** Targets are melds and a pair, and the four copies bound
//! is per tile, so the distance splits over the four parts (three suits,
//! honours): each part's distance to `m` melds and `p` pairs is a table
//! lookup ([`Distances`](crate::table::Distances), from `shanten.tbl`),
//! and the hand's distance is the
//! min-plus combination over the ways to spread the needed melds and the pair
//! across the parts. A part touched by a declared meld has fewer copies to
//! aim at; `shanten.tbl` says for each suit pattern beside which single
//! meld its table distances stay exact and keeps the capped ones where they
//! do not, and beside two or more melds a certificate or a small dynamic
//! programme over the ranks answers.
//!
//! **Other forms** (concealed, 14 slots): seven pairs, thirteen orphans and
//! honours-and-knitted are counting formulas; the knitted straight removes
//! each permutation's tiles and combines the rest to one set and a pair.
//! Sichuan tries each suit to void: its tiles all go, and no target uses it.
//!
//! **Effective tiles** of a 3n+1 hand: a draw lowers the distance by at most
//! one, and does so exactly when some optimal target needs the tile. For the
//! standard form: a part's allocation cell is *optimal* when it plus the best
//! of the other parts for the rest reaches the minimum; a rank of the part is
//! effective when one more tile of it lowers an optimal cell, read from the
//! one-tile-larger neighbour pattern's [`Distances`](crate::table::Distances).
//!
//! Layout: this file holds the queries' entry points and the fast-path
//! ladder they share; `answers` their answers and errors; `shape` the
//! checked hand and Sichuan's voids; `discard_tables` the discard tables;
//! `beside_melds` the entry points' reads beside declared melds; `short`
//! hands counted towards a given size; `combine`
//! the min-plus machinery over parts; `concealed` the fast path (a concealed
//! hand, every part open: table reads only); `melded` the same beside
//! declared melds; `knitted` MCR's forms on the fast path; `capped` the
//! certificate for parts beside melds; `three_player` three-player riichi
//! as its four-player twin; `general` what is left and the searches the
//! fast paths are tested against (three-player hands of more than seven
//! honour-like kinds, parts the tables do not cover, Sichuan's concealed
//! voids); `counts` the forms that are counts.

mod answers;
mod beside_melds;
mod capped;
mod combine;
mod concealed;
mod counts;
mod discard_tables;
mod general;
mod knitted;
mod melded;
mod shape;
mod short;
mod three_player;

use crate::hand::Hand;
use crate::rules::Rules;
use crate::table::layout::cells::FAR;
use crate::table::{key, DistanceTables, Tables};
use crate::tile::{Counts, Tile, KINDS};
use crate::tileset::TileSet;
pub(crate) use answers::unseen;
pub use answers::{Discards, Effective, ShantenError, Ukeire};
use beside_melds::{knitted_beside_melds, one_meld_caps};
pub(crate) use combine::{improving_ranks, join, lowers, optimal_lanes, product};
use concealed::{
    concealed_after, concealed_draws, concealed_rows, concealed_shanten, keyed_distance, OpenParts,
};
pub(crate) use counts::{at_least, held_mask};
use discard_tables::{discard_table, four_player, twin_counts};
use general::{all_parts_open, distance, improving, Memo};
use knitted::{knitted_beside_meld, knitted_effective, knitted_shanten};
pub(crate) use knitted::{knitted_held_bytes, knitted_within};
use melded::{
    capped_class_distance, leaves, leaves_effective, melded_row, voided_capped_classes,
    voided_classes, Leaves, Ups,
};
use shape::{voids, Shape, Sizes};
pub(crate) use three_player::FourPlayer;

/// The shanten of a replacement distance, unless no complete hand is in
/// reach.
#[inline]
fn reached(d: u8) -> Result<i8, ShantenError> {
    if d >= FAR {
        Err(ShantenError::Unreachable)
    } else {
        Ok(d as i8 - 1)
    }
}

/// Shanten of a melded hand whose melds leave every part its class
/// ([`Leaves::Classes`]; `keys` its part keys), as a concealed hand aiming
/// at fewer melds: with MCR's knitted straight beside one meld, and over
/// Sichuan's voids (`parts`, bit per part, those holding melds). `None`
/// for rules whose kept parts the class tables do not combine.
#[inline(always)]
fn classes_shanten(
    t: &DistanceTables,
    hand: &Hand,
    rules: &Rules,
    keys: &[key::Key; 4],
    parts: u8,
) -> Result<Option<i8>, ShantenError> {
    let (c, melds) = (hand.counts(), hand.meld_count());
    let k = hand.concealed_len() / 3;
    if rules.plain() {
        Sizes::Any.check(hand.concealed_len(), melds)?;
        // At most 11 concealed tiles beside a meld: no counting form,
        // and every part's key a dense index.
        let d = keyed_distance(t, *keys, k);
        let s = d as i8 - 1;
        if !knitted_beside_melds(hand, rules) || !knitted_within(held_mask(c), d, false) {
            return Ok(Some(s));
        }
        // MCR beside one meld: the knitted straight, a count.
        let knitted = knitted_beside_meld(c, &one_meld_caps(hand), false, d).0;
        return Ok(Some(d.min(knitted) as i8 - 1));
    }
    if rules.mcr_forms {
        return Ok(None);
    }
    let keeps = voids(
        Shape::checked_beside(hand, rules, Sizes::Any, parts)?,
        rules,
    );
    voided_classes(t, keys, keeps, k).map(reached).transpose()
}

/// The parts (bit per part: m, p, s, z) holding declared melds.
#[inline(always)]
fn meld_parts(hand: &Hand) -> u8 {
    hand.melds()
        .fold(0, |parts, m| parts | 1 << (m.tile().index() / 9))
}

fn tile(i: usize) -> Tile {
    Tile::from_index(i).expect("index < 34")
}

impl<B: AsRef<[u8]>> Tables<B> {
    /// Shanten under `rules`: −1 complete, 0 ready (tenpai), n: n tiles from
    /// ready, over every form the rules allow. The hand holds 3n+1 or 3n+2
    /// slots (concealed tiles plus three per declared meld), at most 14.
    ///
    /// ```
    /// use hupai::{Hand, Rules, Tables};
    /// let t = Tables::embedded();
    /// let shanten = |s: &str, r: &Rules| t.shanten(&s.parse::<Hand>().unwrap(), r);
    /// assert_eq!(shanten("123m456p789s1112z", &Rules::RIICHI), Ok(0));
    /// assert_eq!(shanten("123m456p789s11122z", &Rules::RIICHI), Ok(-1));
    /// // Thirteen orphans is ready in riichi; generic rules see seven pairs.
    /// assert_eq!(shanten("19m19p19s1234567z", &Rules::RIICHI), Ok(0));
    /// assert_eq!(shanten("19m19p19s1234567z", &Rules::GENERIC), Ok(6));
    /// // Declared melds hold copies too: with all four 6s in a kong, 57s can
    /// // never become a chow, so the hand is not ready as it is beside [777m].
    /// assert_eq!(shanten("[777m][123m]44457s11z", &Rules::RIICHI), Ok(0));
    /// assert_eq!(shanten("[6666s][123m]44457s11z", &Rules::RIICHI), Ok(1));
    /// // Sichuan: a whole suit must go.
    /// assert_eq!(shanten("123m456p789s11m", &Rules::SICHUAN), Ok(2));
    /// // A size that has no shanten.
    /// assert!(shanten("123m", &Rules::RIICHI).is_err());
    /// ```
    pub fn shanten(&self, hand: &Hand, rules: &Rules) -> Result<i8, ShantenError> {
        if hand.meld_count() == 0 && all_parts_open(rules) {
            // The common case: a concealed hand with every part open.
            return concealed_shanten(self, hand.counts(), rules);
        }
        self.shanten_beyond_concealed(hand, rules)
    }

    /// [`Tables::shanten`] past its common case, out of line: its paths
    /// would give the common one their stack frame and saved registers.
    #[inline(never)]
    fn shanten_beyond_concealed(&self, hand: &Hand, rules: &Rules) -> Result<i8, ShantenError> {
        if rules.three_player && hand.meld_count() == 0 {
            // Three players, concealed: the twin's counts, no hand built.
            if let Some((_, c, four)) = twin_counts(hand.counts(), rules) {
                return concealed_shanten(self, &c, &four);
            }
        }
        if let Some(four) = four_player(hand, rules, Sizes::Any)? {
            return self.shanten(&four.hand, &four.rules);
        }
        if hand.meld_count() == 0 && rules.plain() {
            // MCR's forms, concealed (13 or 14 tiles).
            if let Some(found) = knitted_shanten(self, hand.counts(), rules) {
                return found;
            }
        }
        if hand.meld_count() > 0 && !rules.three_player {
            // The part keys and the tables' view, each made once for the
            // melds and the classes.
            let keys = key::hand_keys(hand.counts());
            let t = self.distance_tables();
            let k = hand.concealed_len() / 3;
            let (leaves, parts) = leaves(&t, hand, &keys);
            match leaves {
                // Melds that leave every part its class: the concealed tables.
                Some(Leaves::Classes) => {
                    if let Some(s) = classes_shanten(&t, hand, rules, &keys, parts)? {
                        return Ok(s);
                    }
                }
                // All but one suit beside two or more melds (no knitted
                // straight beside two melds): the certificate on that suit.
                Some(Leaves::Capped { suit, pair }) if rules.plain() => {
                    Sizes::Any.check(hand.concealed_len(), hand.meld_count())?;
                    return reached(capped_class_distance(&t, hand, &keys, (suit, pair), k));
                }
                // Sichuan: the same over its voids.
                Some(Leaves::Capped { suit, pair }) if !rules.mcr_forms => {
                    let capped = Shape::checked_beside(hand, rules, Sizes::Any, parts)?;
                    let keeps = voids(capped, rules);
                    let suit = (suit, pair);
                    if let Some(d) = voided_capped_classes(&t, hand, &keys, suit, keeps, k) {
                        return reached(d);
                    }
                }
                _ => {}
            }
        }
        if let Some((d, _)) = self.melded(hand, rules, Sizes::Any, false)? {
            return reached(d);
        }
        let shape = Shape::new(hand, rules, Sizes::Any)?;
        let d = distance(self, &shape, rules, &mut Memo::for_rules(rules));
        if d >= FAR {
            return Err(ShantenError::Unreachable);
        }
        Ok(d as i8 - 1)
    }

    /// Effective tiles of a melded hand whose melds leave every part its
    /// class, or all but one suit ([`leaves`]), under rules with every part
    /// open: [`leaves_effective`], with MCR's knitted straight beside one
    /// meld. `Ok(None)` for the other hands.
    #[inline(always)]
    fn leaves_effective(
        &self,
        hand: &Hand,
        rules: &Rules,
    ) -> Result<Option<(u8, u64)>, ShantenError> {
        let melds = hand.meld_count();
        if melds == 0 || !rules.plain() {
            return Ok(None);
        }
        Sizes::Draw.check(hand.concealed_len(), melds)?;
        let t = self.distance_tables();
        let Some((d, tiles)) = leaves_effective(&t, hand, hand.concealed_len() / 3) else {
            return Ok(None);
        };
        if knitted_beside_melds(hand, rules) {
            // MCR beside one meld: the knitted straight, a count.
            let knitted = knitted_beside_meld(hand.counts(), &one_meld_caps(hand), true, d);
            return Ok(Some(fewer((d, tiles), knitted)));
        }
        Ok(Some((d, tiles)))
    }

    /// Effective tiles of a 3n+1 hand: the kinds whose draw lowers the
    /// shanten, with the copies unseen (four minus those in the hand, its
    /// melds and `visible`, the tiles seen elsewhere: discards, other
    /// players' melds, indicators). A kind of which the hand and its melds
    /// hold all four cannot be drawn and is never listed; one whose last
    /// copies are all visible is listed with 0 remaining.
    pub fn effective(
        &self,
        hand: &Hand,
        rules: &Rules,
        visible: &Counts,
    ) -> Result<Effective, ShantenError> {
        let unseen = unseen(hand, visible)?;
        if hand.meld_count() == 0 && all_parts_open(rules) {
            // The common case: a concealed hand with every part open.
            let (d, tiles) = concealed_draws(self, hand.counts(), rules)?;
            return Ok(Effective {
                shanten: d as i8 - 1,
                tiles: TileSet::from_bits(tiles),
                unseen,
            });
        }
        if rules.three_player && hand.meld_count() == 0 {
            if let Some((twin, c, four)) = twin_counts(hand.counts(), rules) {
                let (d, tiles) = concealed_draws(self, &c, &four)?;
                return Ok(Effective {
                    shanten: d as i8 - 1,
                    tiles: TileSet::from_bits(twin.draws(tiles)),
                    unseen,
                });
            }
        }
        if let Some(four) = four_player(hand, rules, Sizes::Draw)? {
            let e = self.effective(&four.hand, &four.rules, &[0; KINDS])?;
            return Ok(Effective {
                shanten: e.shanten,
                tiles: TileSet::from_bits(four.twin.draws(e.tiles.bits())),
                unseen,
            });
        }
        if hand.meld_count() == 0 && rules.plain() {
            // MCR's forms, concealed (13 tiles).
            if let Some(found) = knitted_effective(self, hand.counts(), rules) {
                let (d, tiles) = found?;
                return Ok(Effective {
                    shanten: d as i8 - 1,
                    tiles: TileSet::from_bits(tiles),
                    unseen,
                });
            }
        }
        if let Some((d, tiles)) = self.leaves_effective(hand, rules)? {
            return Ok(Effective {
                shanten: reached(d)?,
                tiles: TileSet::from_bits(tiles),
                unseen,
            });
        }
        if let Some((d, tiles)) = self.melded(hand, rules, Sizes::Draw, true)? {
            return Ok(Effective {
                shanten: reached(d)?,
                tiles: TileSet::from_bits(tiles),
                unseen,
            });
        }
        let shape = Shape::new(hand, rules, Sizes::Draw)?;
        let (d, tiles) = improving(self, &shape, rules, &mut Memo::for_rules(rules));
        if d >= FAR {
            return Err(ShantenError::Unreachable);
        }
        Ok(Effective {
            shanten: d as i8 - 1,
            tiles,
            unseen,
        })
    }

    /// The discard table of a 3n+2 hand: every discard that leaves the best
    /// shanten reachable, with that hand's effective tiles (see
    /// [`Tables::effective`]; the discarded tile counts as seen).
    pub fn discards(
        &self,
        hand: &Hand,
        rules: &Rules,
        visible: &Counts,
    ) -> Result<Discards, ShantenError> {
        if hand.meld_count() == 0 && all_parts_open(rules) {
            // The common case: the fast path's lookups, one part per discard.
            // One pass over the keys: the parts and the counting forms.
            let (c, t) = (hand.counts(), self.distance_tables());
            let (parts, tally) = OpenParts::tallied(&t, c);
            Sizes::Discard.check(tally.tiles as usize, 0)?;
            let unseen = unseen(hand, visible)?;
            let (d, after) = concealed_after(&t, c, &parts, &tally, rules);
            return discard_table(d, &after, unseen, |kinds, tiles| {
                concealed_rows(&t, c, &parts, &tally, rules, kinds, tiles)
            });
        }
        if hand.meld_count() == 0 && rules.plain() {
            // MCR, concealed: the fast path's forms, then the knitted ones
            // as counts from the hand's.
            return self.knitted_discards(hand, rules, visible);
        }
        if let Some(four) = four_player(hand, rules, Sizes::Discard)? {
            let table = self.discards(&four.hand, &four.rules, &[0; KINDS])?;
            return Ok(four.twin.table(&table, unseen(hand, visible)?));
        }
        if let Some(table) = self.melded_discards(hand, rules, visible)? {
            return Ok(table);
        }
        let shape = Shape::new(hand, rules, Sizes::Discard)?;
        let unseen = unseen(hand, visible)?;
        let without = |i: usize| shape.without(i);
        let mut memo = Memo::new();
        // Beside declared melds: table reads where they are proven.
        let melded = self.melded_after(hand, &shape, rules);
        let (d, after) = if let Some(found) = &melded {
            (found.d, found.after)
        } else {
            let d = distance(self, &shape, rules, &mut memo);
            let mut after = [FAR; KINDS];
            for i in (0..KINDS).filter(|&i| shape.c[i] > 0) {
                after[i] = distance(self, &without(i), rules, &mut memo);
            }
            (d, after)
        };
        let dt = self.distance_tables();
        let mut ups = Ups::new();
        discard_table(d, &after, unseen, |kinds, tiles| {
            for (&i, t) in kinds.iter().zip(tiles) {
                let row = melded.as_ref().and_then(|found| {
                    let mut best = (FAR, 0);
                    for (m, base) in found.keeps.iter().flatten() {
                        best = fewer(best, melded_row(&dt, &shape.c, m, base, i, &mut ups)?);
                    }
                    if found.knitted {
                        let m = &found.keeps[0].as_ref()?.0;
                        let w = without(i).c;
                        best = fewer(best, knitted_beside_meld(&w, &m.cap_masks(), true, best.0));
                    }
                    Some(best.1)
                });
                *t = match row {
                    Some(row) => row,
                    None => improving(self, &without(i), rules, &mut memo).1.bits(),
                };
            }
        })
    }

    /// Effective tiles for a 3n+1 hand, the discard table for a 3n+2 hand.
    ///
    /// ```
    /// use hupai::{engine::Ukeire, Hand, Rules, Tables};
    /// let t = Tables::embedded();
    /// let hand: Hand = "[123m][456p][789s]1157z".parse().unwrap();
    /// match t.ukeire(&hand, &Rules::RIICHI, &[0; 34]).unwrap() {
    ///     Ukeire::Draw(e) => assert_eq!(e.tiles().to_string(), "1z 5z 7z"),
    ///     Ukeire::Discard(_) => unreachable!("13 slots: a 3n+1 hand"),
    /// }
    /// ```
    pub fn ukeire(
        &self,
        hand: &Hand,
        rules: &Rules,
        visible: &Counts,
    ) -> Result<Ukeire, ShantenError> {
        let (concealed, melds) = (hand.concealed_len(), hand.meld_count());
        Sizes::Any.check(concealed, melds)?;
        if (concealed + 3 * melds) % 3 == 2 {
            self.discards(hand, rules, visible).map(Ukeire::Discard)
        } else {
            self.effective(hand, rules, visible).map(Ukeire::Draw)
        }
    }
}

/// The better of two (distance, tiles) answers; on a tie, the tiles of both.
#[inline]
fn fewer(a: (u8, u64), b: (u8, u64)) -> (u8, u64) {
    match a.0.cmp(&b.0) {
        std::cmp::Ordering::Less => a,
        std::cmp::Ordering::Greater => b,
        std::cmp::Ordering::Equal => (a.0, a.1 | b.1),
    }
}
