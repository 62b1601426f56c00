//! Shanten with jokers: the fewest real tiles a hand must draw (discarding
//! others) to be complete, its jokers standing for whatever the target needs.
//!
//! As for plain shanten ([`Tables::shanten`]), the replacement distance `d`
//! is the minimum over complete target hands `T` (the hand's size, a 3n+1
//! hand aiming at 3n+2) of the tiles `T` holds beyond the real concealed
//! counts `c`: `Σ max(0, T_i − c_i)`. Jokers fill `j` of those slots, so
//! `d = Σ max(0, T_i − c_i) − j` (the target has `j` more slots than real
//! tiles, so the sum is at least `j`). Real copies, kept or drawn, stay
//! within what the declared melds leave (`cap_i`); a joker may stand for a
//! copy beyond it, so a target may exceed the caps by at most `j` copies in
//! all (`Σ max(0, T_i − cap_i) ≤ j`). Shanten is `d − 1`.
//!
//! Standard form: deficits and excess copies are sums over the four parts,
//! so each part gets a small dynamic programme over its ranks (the capped
//! programme of plain shanten with an excess budget: chows carried from the
//! two previous ranks, any number of pungs, a pair), giving its distance to
//! `m` melds and `p` pairs within each excess budget `e ≤ j`; the parts
//! combine min-plus over melds, the pair and the budget. The concealed
//! special forms hold at most four copies of a kind, so their distances are
//! the plain counting formulas less `j`.
//!
//! Hands without declared melds (but three-player riichi) read the same
//! budgeted distances from `jokers.tbl` instead (see the `lookup` module).
//! Hands beside declared melds take two table answers that bound theirs
//! from both sides (the `melded` module) and, where those part, the
//! budgeted rows of `jokers.tbl` for the parts no meld caps beside a
//! programme in registers for the capped ones. Three-player riichi is
//! answered as its four-player twin (`engine::shanten::three_player`). The
//! programme over every part answers what is left (three-player hands of
//! more than seven honour-like kinds), and is the definition the tests hold
//! the others to (`*_searched`).
//!
//! Layout: this file holds the entry points and the checked hand (`Shape`);
//! `programme` the budgeted programme over every part; `beside_melds` the
//! reads beside declared melds.

mod beside_melds;
mod programme;

use super::lookup::{self};
use super::{JokerError, Jokers};
use crate::engine::shanten::{unseen, FourPlayer};
use crate::engine::{Discards, Effective, ShantenError, Ukeire};
use crate::hand::Hand;
use crate::rules::Rules;
use crate::table::layout::cells::FAR;
use crate::table::Tables;
use crate::tile::{total, Counts, Tile, KINDS};
use crate::tileset::TileSet;
use programme::{distance, fills_within_four, improving, keeps};

const ANY: &str = "3n+1 or 3n+2 tiles, at most 14";
const DRAW: &str = "3n+1 tiles (13, 10, 7, 4 or 1)";
const DISCARD: &str = "3n+2 tiles (14, 11, 8, 5 or 2)";

/// The slots of a hand the lookups take (no declared meld, not three-player
/// riichi), after the checks [`Shape::new`] makes, in its order; `None` for
/// a hand beside declared melds or of three players (the `melded` bounds
/// or the per-part search).
#[inline]
fn concealed(
    hand: &Hand,
    jokers: usize,
    rules: &Rules,
    fits: fn(usize) -> bool,
    expected: &'static str,
) -> Result<Option<usize>, ShantenError> {
    if hand.meld_count() > 0 || rules.three_player {
        return Ok(None);
    }
    let c = hand.counts();
    let slots = hand.concealed_len().saturating_add(jokers);
    check(slots, 0, |s| s % 3 != 0, ANY)?;
    if !rules.honors {
        if let Some(i) = (27..KINDS).find(|&i| c[i] > 0) {
            return Err(ShantenError::NoSuchTile(tile(i)));
        }
    }
    check(slots, 0, fits, expected)?;
    Ok(Some(slots))
}

/// The discard table of a concealed 3n+2 hand by lookups: each discard's
/// distance, then the effective tiles of the best ones.
fn discards_lookup<B: AsRef<[u8]>>(
    t: &Tables<B>,
    c: &Counts,
    slots: usize,
    jokers: usize,
    rules: &Rules,
    unseen: [u8; KINDS],
) -> Result<Discards, ShantenError> {
    let d = lookup::distance(t, c, slots, jokers, rules, 0);
    if d >= FAR {
        return Err(ShantenError::Unreachable);
    }
    let without = |i: usize| {
        let mut w = *c;
        w[i] -= 1;
        w
    };
    let mut after = [FAR; KINDS];
    for i in (0..KINDS).filter(|&i| c[i] > 0) {
        after[i] = lookup::distance(t, &without(i), slots - 1, jokers, rules, 0);
    }
    let best = *after.iter().min().expect("34 kinds");
    let mut rows = [(Tile::EAST, TileSet::EMPTY); 14];
    let mut n = 0;
    for i in (0..KINDS).filter(|&i| after[i] == best && c[i] > 0) {
        let (_, tiles) = lookup::improving(t, &without(i), slots - 1, jokers, rules, 0);
        rows[n] = (tile(i), TileSet::from_bits(tiles));
        n += 1;
    }
    let count = |tiles: TileSet| -> u32 { tiles.iter().map(|t| unseen[t.index()] as u32).sum() };
    let rows = &mut rows[..n];
    rows.sort_by_key(|&(t, tiles)| (std::cmp::Reverse(count(tiles)), t));
    let j = jokers as i8;
    // No real tile to discard (jokers only): no row, and the search's value.
    let after = if best >= FAR {
        FAR as i8 - 1
    } else {
        best as i8 - j - 1
    };
    Ok(Discards::new(d as i8 - j - 1, after, rows, unseen))
}

/// The hand as the joker engine sees it.
#[derive(Clone, Copy)]
struct Shape {
    c: Counts,
    caps: [u8; KINDS],
    jokers: usize,
    melds: usize,
    /// Slots: real concealed tiles, jokers, three per declared meld.
    size: usize,
    /// Three players: 1m and 9m form no chow (2m–8m do not exist).
    three_player: bool,
}

/// The size check of plain shanten, jokers counted as concealed tiles.
#[inline]
fn check(
    concealed: usize,
    melds: usize,
    fits: fn(usize) -> bool,
    expected: &'static str,
) -> Result<(), ShantenError> {
    let size = concealed + 3 * melds;
    if concealed > 0 && size <= 14 && fits(size) {
        Ok(())
    } else {
        Err(ShantenError::Size {
            concealed,
            melds,
            expected,
        })
    }
}

impl Shape {
    /// Whether part `i` forms chows: the numbered suits, but three
    /// players' characters.
    fn chows(&self, i: usize) -> bool {
        i < 3 && !(i == 0 && self.three_player)
    }

    /// The hand with a tile of kind `i` drawn.
    fn drawing(&self, i: usize) -> Shape {
        let mut next = *self;
        next.c[i] += 1;
        next.size += 1;
        next
    }

    fn new(hand: &Hand, jokers: usize, rules: &Rules) -> Result<Shape, ShantenError> {
        let c = *hand.counts();
        let melds = hand.meld_count();
        let concealed = total(&c).saturating_add(jokers);
        check(
            concealed,
            melds,
            |s| s % 3 != 0,
            "3n+1 or 3n+2 tiles, at most 14",
        )?;
        let mut caps = [4u8; KINDS];
        for m in hand.melds() {
            for t in m.tiles() {
                caps[t.index()] -= 1;
            }
        }
        if !rules.honors {
            if let Some(i) = (27..KINDS).find(|&i| c[i] + (4 - caps[i]) > 0) {
                return Err(ShantenError::NoSuchTile(tile(i)));
            }
            caps[27..].fill(0);
        }
        if rules.three_player {
            if let Some(i) = (1..8).find(|&i| c[i] + (4 - caps[i]) > 0) {
                return Err(ShantenError::NoSuchTile(tile(i)));
            }
            // No real copy of 2m–8m to draw; a joker may still stand for
            // one (beyond the caps), which no chow can use.
            caps[1..8].fill(0);
        }
        if keeps(&caps, rules).next().is_none() {
            return Err(ShantenError::ThreeSuits);
        }
        Ok(Shape {
            c,
            caps,
            jokers,
            melds,
            size: concealed + 3 * melds,
            three_player: rules.three_player,
        })
    }
}

#[inline]
fn tile(i: usize) -> Tile {
    Tile::from_index(i).expect("index < 34")
}

/// A three-player hand as its four-player twin ([`FourPlayer`]), after the
/// checks [`Shape::new`] makes first (the size, then 2m–8m); `None` where
/// it has no twin (four players, more than seven honour-like kinds).
#[inline(always)]
fn four_player(
    hand: &Hand,
    jokers: usize,
    rules: &Rules,
) -> Result<Option<FourPlayer>, ShantenError> {
    if !rules.three_player {
        return Ok(None);
    }
    let concealed = hand.concealed_len().saturating_add(jokers);
    check(concealed, hand.meld_count(), |s| s % 3 != 0, ANY)?;
    FourPlayer::of(hand, rules)
}

impl<B: AsRef<[u8]>> Tables<B> {
    /// Shanten of the hand's real tiles with `jokers` jokers (see the
    /// module docs of [`crate::engine::jokers`]' shanten): −1 complete, 0
    /// ready. Sizes count the jokers: 3n+1 or 3n+2 slots, at most 14. With
    /// no jokers this is [`Tables::shanten`].
    ///
    /// ```
    /// use hupai::{Hand, Rules, Tables};
    /// let t = Tables::embedded();
    /// let s = |h: &str, j| t.shanten_jokers(&h.parse::<Hand>().unwrap(), j, &Rules::RIICHI);
    /// assert_eq!(s("123m456p789s1z", 4), Ok(-1)); // 1z and a joker, three jokers
    /// assert_eq!(s("123m456p789s1z", 3), Ok(0)); // 111z with two jokers, any draw pairs the third
    /// assert_eq!(s("1111m", 1), Ok(-1)); // 111m + 1m and a joker: a fifth 1m
    /// assert_eq!(s("19m19p19s123456z", 1), Ok(0)); // thirteen orphans: one short
    /// assert!(s("123m456p789s1z", 2).is_err()); // 12 slots
    /// ```
    pub fn shanten_jokers(
        &self,
        hand: &Hand,
        jokers: usize,
        rules: &Rules,
    ) -> Result<i8, ShantenError> {
        if jokers == 0 {
            return self.shanten(hand, rules);
        }
        if let Some(four) = four_player(hand, jokers, rules)? {
            return self.shanten_jokers(&four.hand, jokers, &four.rules);
        }
        if let Some(slots) = concealed(hand, jokers, rules, |s| s % 3 != 0, ANY)? {
            let d = lookup::distance(self, hand.counts(), slots, jokers, rules, 0);
            return match d {
                FAR.. => Err(ShantenError::Unreachable),
                // The target has `jokers` more slots than real tiles: d ≥ jokers.
                d => Ok(d as i8 - jokers as i8 - 1),
            };
        }
        let shape = Shape::new(hand, jokers, rules)?;
        let d = if shape.melds > 0 {
            self.melded_distance_jokers(hand, &shape, rules)?
        } else if fills_within_four(&shape, rules) {
            let keys = crate::table::key::hand_tallies(&shape.c);
            match self.concealed_slots_distance(&shape.c, &keys, shape.size, rules) {
                FAR.. => FAR,
                d => d - jokers as u8,
            }
        } else {
            distance(&shape, rules)
        };
        match d {
            FAR.. => Err(ShantenError::Unreachable),
            d => Ok(d as i8 - 1),
        }
    }

    /// [`Tables::shanten_jokers`] by the per-part search alone, never the
    /// plain tables: the second algorithm the tests hold the fast path to.
    #[cfg(feature = "test-support")]
    #[doc(hidden)]
    pub fn shanten_jokers_searched(
        &self,
        hand: &Hand,
        jokers: usize,
        rules: &Rules,
    ) -> Result<i8, ShantenError> {
        let shape = Shape::new(hand, jokers, rules)?;
        match distance(&shape, rules) {
            FAR.. => Err(ShantenError::Unreachable),
            d => Ok(d as i8 - 1),
        }
    }

    /// Effective tiles of a 3n+1 hand with `jokers` jokers: the real tiles
    /// whose draw lowers the shanten, with the copies unseen (see
    /// [`Tables::effective`]). With no jokers this is [`Tables::effective`].
    ///
    /// ```
    /// use hupai::{Hand, Rules, Tables};
    /// let t = Tables::embedded();
    /// let h: Hand = "123m456p789s12z".parse().unwrap();
    /// let e = t.effective_jokers(&h, 2, &Rules::RIICHI, &[0; 34]).unwrap();
    /// assert_eq!((e.shanten(), e.tiles().to_string().as_str()), (0, "1z 2z"));
    /// ```
    pub fn effective_jokers(
        &self,
        hand: &Hand,
        jokers: usize,
        rules: &Rules,
        visible: &Counts,
    ) -> Result<Effective, ShantenError> {
        if jokers == 0 {
            return self.effective(hand, rules, visible);
        }
        self.effective_jokers_by(hand, jokers, rules, visible, true)
    }

    /// [`Tables::effective_jokers`] by the per-part search alone (no
    /// lookups): the second algorithm the tests hold the lookups to.
    #[cfg(feature = "test-support")]
    #[doc(hidden)]
    pub fn effective_jokers_searched(
        &self,
        hand: &Hand,
        jokers: usize,
        rules: &Rules,
        visible: &Counts,
    ) -> Result<Effective, ShantenError> {
        self.effective_jokers_by(hand, jokers, rules, visible, false)
    }

    fn effective_jokers_by(
        &self,
        hand: &Hand,
        jokers: usize,
        rules: &Rules,
        visible: &Counts,
        lookups: bool,
    ) -> Result<Effective, ShantenError> {
        let unseen = unseen(hand, visible)?;
        if let Some(four) = four_player(hand, jokers, rules)?.filter(|_| lookups) {
            let e = self.effective_jokers(&four.hand, jokers, &four.rules, &[0; KINDS])?;
            let tiles = TileSet::from_bits(four.twin.draws(e.tiles().bits()));
            return Ok(Effective::new(e.shanten(), tiles, unseen));
        }
        if let Some(slots) =
            concealed(hand, jokers, rules, |s| s % 3 == 1, DRAW)?.filter(|_| lookups)
        {
            let (d, tiles) = lookup::improving(self, hand.counts(), slots, jokers, rules, 0);
            if d >= FAR {
                return Err(ShantenError::Unreachable);
            }
            return Ok(Effective::new(
                d as i8 - jokers as i8 - 1,
                TileSet::from_bits(tiles),
                unseen,
            ));
        }
        let shape = Shape::new(hand, jokers, rules)?;
        check(total(&shape.c) + jokers, shape.melds, |s| s % 3 == 1, DRAW)?;
        let (d, tiles) = match lookups {
            true => self.melded_improving_jokers(hand, &shape, rules)?,
            false => improving(&shape, rules)?,
        };
        Ok(Effective::new(
            d as i8 - 1,
            TileSet::from_bits(tiles),
            unseen,
        ))
    }

    /// The discard table of a 3n+2 hand with `jokers` jokers: each real
    /// tile whose discard leaves the best shanten, with that hand's
    /// effective tiles (discarding a joker is never better: a joker can
    /// stand for any discarded tile). With no jokers this is
    /// [`Tables::discards`].
    ///
    /// ```
    /// use hupai::{Hand, Rules, Tables};
    /// let t = Tables::embedded();
    /// let h: Hand = "123m456p789s135z".parse().unwrap();
    /// let d = t.discards_jokers(&h, 2, &Rules::GENERIC, &[0; 34]).unwrap();
    /// assert_eq!((d.shanten(), d.after(), d.len()), (0, 0, 3)); // any of 1z 3z 5z
    /// ```
    pub fn discards_jokers(
        &self,
        hand: &Hand,
        jokers: usize,
        rules: &Rules,
        visible: &Counts,
    ) -> Result<Discards, ShantenError> {
        if jokers == 0 {
            return self.discards(hand, rules, visible);
        }
        self.discards_jokers_by(hand, jokers, rules, visible, true)
    }

    /// [`Tables::discards_jokers`] by the per-part search alone (no
    /// lookups): the second algorithm the tests hold the lookups to.
    #[cfg(feature = "test-support")]
    #[doc(hidden)]
    pub fn discards_jokers_searched(
        &self,
        hand: &Hand,
        jokers: usize,
        rules: &Rules,
        visible: &Counts,
    ) -> Result<Discards, ShantenError> {
        self.discards_jokers_by(hand, jokers, rules, visible, false)
    }

    fn discards_jokers_by(
        &self,
        hand: &Hand,
        jokers: usize,
        rules: &Rules,
        visible: &Counts,
        lookups: bool,
    ) -> Result<Discards, ShantenError> {
        let unseen = unseen(hand, visible)?;
        if let Some(four) = four_player(hand, jokers, rules)?.filter(|_| lookups) {
            let table = self.discards_jokers(&four.hand, jokers, &four.rules, &[0; KINDS])?;
            return Ok(four.twin.table(&table, unseen));
        }
        if let Some(slots) =
            concealed(hand, jokers, rules, |s| s % 3 == 2, DISCARD)?.filter(|_| lookups)
        {
            return discards_lookup(self, hand.counts(), slots, jokers, rules, unseen);
        }
        let shape = Shape::new(hand, jokers, rules)?;
        check(
            total(&shape.c) + jokers,
            shape.melds,
            |s| s % 3 == 2,
            DISCARD,
        )?;
        // Beside declared melds, the table bounds where they meet
        // (`melded`), else the search.
        let distance = |h: &Hand, s: &Shape| -> Result<u8, ShantenError> {
            match lookups {
                true => self.melded_distance_jokers(h, s, rules),
                false => Ok(distance(s, rules)),
            }
        };
        let improving = |h: &Hand, s: &Shape| -> Result<u64, ShantenError> {
            Ok(match lookups {
                true => self.melded_improving_jokers(h, s, rules)?.1,
                false => improving(s, rules)?.1,
            })
        };
        let d = distance(hand, &shape)?;
        if d >= FAR {
            return Err(ShantenError::Unreachable);
        }
        let without = |i: usize| {
            let mut s = shape;
            s.c[i] -= 1;
            s.size -= 1;
            let h = hand.without_tile(tile(i)).expect("a held kind");
            (h, s)
        };
        let mut after = [(0usize, FAR); 14];
        let mut n = 0;
        for i in (0..KINDS).filter(|&i| shape.c[i] > 0) {
            let (h, s) = without(i);
            after[n] = (i, distance(&h, &s)?);
            n += 1;
        }
        let after = &after[..n];
        let best = after.iter().map(|&(_, d)| d).min().unwrap_or(FAR);
        let mut rows = Vec::new();
        for &(i, _) in after.iter().filter(|&&(_, d)| d == best) {
            let (h, s) = without(i);
            rows.push((tile(i), TileSet::from_bits(improving(&h, &s)?)));
        }
        let count =
            |tiles: TileSet| -> u32 { tiles.iter().map(|t| unseen[t.index()] as u32).sum() };
        rows.sort_by_key(|&(t, tiles)| (std::cmp::Reverse(count(tiles)), t));
        Ok(Discards::new(d as i8 - 1, best as i8 - 1, &rows, unseen))
    }

    /// Effective tiles (3n+1) or the discard table (3n+2) with jokers.
    ///
    /// ```
    /// use hupai::{engine::Ukeire, Hand, Rules, Tables};
    /// let h: Hand = "123m456p789s12z".parse().unwrap();
    /// let u = Tables::embedded().ukeire_jokers(&h, 2, &Rules::RIICHI, &[0; 34]).unwrap();
    /// assert!(matches!(u, Ukeire::Draw(e) if e.shanten() == 0));
    /// ```
    pub fn ukeire_jokers(
        &self,
        hand: &Hand,
        jokers: usize,
        rules: &Rules,
        visible: &Counts,
    ) -> Result<Ukeire, ShantenError> {
        let concealed = hand.concealed_len().saturating_add(jokers);
        check(
            concealed,
            hand.meld_count(),
            |s| s % 3 != 0,
            "3n+1 or 3n+2 tiles, at most 14",
        )?;
        if (concealed + 3 * hand.meld_count()) % 3 == 2 {
            self.discards_jokers(hand, jokers, rules, visible)
                .map(Ukeire::Discard)
        } else {
            self.effective_jokers(hand, jokers, rules, visible)
                .map(Ukeire::Draw)
        }
    }

    /// [`Tables::ukeire_jokers`] of a hand as written, `spec` naming its
    /// jokers. A drawn joker tile is one more joker: effective when a joker
    /// lowers the shanten. Listed discards are real tiles.
    ///
    /// ```
    /// use hupai::{engine::Ukeire, Engine, Hand, Jokers, Rules, Tile};
    /// let h: Hand = "123m456p789s1277z".parse().unwrap();
    /// let spec = Jokers { extra: 0, tile: Some(Tile::RED) };
    /// let engine = Engine::embedded(Rules::RIICHI).with_jokers(spec);
    /// let u = engine.ukeire(&h, &[0; 34]).unwrap();
    /// let Ukeire::Draw(e) = u else { unreachable!() };
    /// assert_eq!(e.tiles().to_string(), "1z 2z 7z"); // 7z: a second joker
    /// ```
    pub(crate) fn ukeire_with(
        &self,
        hand: &Hand,
        spec: &Jokers,
        rules: &Rules,
        visible: &Counts,
    ) -> Result<Ukeire, JokerError> {
        let (real, jokers) = spec.split(hand, rules)?;
        let unseen = unseen(hand, visible).map_err(JokerError::Shanten)?;
        let mut u = self
            .ukeire_jokers(&real, jokers, rules, visible)
            .map_err(JokerError::Shanten)?;
        // Counts of what is unseen come from the hand as written (its joker
        // tiles are held copies); the joker tile's draw is one more joker.
        let joker_draw = |real: &Hand, d: i8| -> Result<bool, JokerError> {
            let now = self
                .shanten_jokers(real, jokers + 1, rules)
                .map_err(JokerError::Shanten)?;
            Ok(now < d)
        };
        let fix = |e: Effective, real: &Hand| -> Result<Effective, JokerError> {
            let mut bits = e.tiles().bits();
            if let Some(t) = spec.tile {
                bits &= !(1 << t.index());
                if hand.all_counts()[t.index()] < 4 && joker_draw(real, e.shanten())? {
                    bits |= 1 << t.index();
                }
            }
            Ok(Effective::new(
                e.shanten(),
                TileSet::from_bits(bits),
                unseen,
            ))
        };
        u = match u {
            Ukeire::Draw(e) => Ukeire::Draw(fix(e, &real)?),
            Ukeire::Discard(d) => {
                let mut rows = Vec::new();
                for (t, e) in d.iter() {
                    let rest = real.without_tile(t).expect("a listed discard is held");
                    rows.push((t, fix(e, &rest)?.tiles()));
                }
                Ukeire::Discard(Discards::new(d.shanten(), d.after(), &rows, unseen))
            }
        };
        Ok(u)
    }
}
