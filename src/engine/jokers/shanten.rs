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

use super::lookup::{self, Levels};
use super::{melded, JokerError, Jokers};
use crate::engine::shanten::{unseen, FourPlayer};
use crate::engine::{Discards, Effective, ShantenError, Ukeire};
use crate::forms;
use crate::hand::Hand;
use crate::rules::{Rules, SevenPairs};
use crate::table::layout::cells::FAR;
use crate::table::{Distances, Tables};
use crate::tile::{total, Counts, Tile, KINDS};
use crate::tileset::TileSet;

/// A part's distances per excess budget: `at[e][8p + m]`, the fewest
/// missing tiles for `m` melds and `p` pairs with at most `e` copies over
/// the caps.
type Budgeted = Vec<Distances>;

/// The distances of one part (ranks `v`, caps `caps`) for every excess
/// budget `0..=emax`, up to `most` melds.
fn part(v: &[u8], caps: &[u8], chows: bool, most: usize, emax: usize) -> Budgeted {
    // best[x][y][m][p][e]: most tiles of v covered, with x chows started two
    // ranks back, y one rank back, m melds and p pairs placed, e copies over
    // the caps so far; -1: unreachable.
    let (me, mm) = (emax + 1, most + 1);
    let at = |x: usize, y: usize, m: usize, p: usize, e: usize| {
        (((x * mm + y) * mm + m) * 2 + p) * me + e
    };
    // On the stack: at most five chow and meld counts, fifteen budgets
    // (jokers fill at most the 14 slots).
    const MOST: usize = 5 * 5 * 5 * 2 * 15;
    let states = mm * mm * mm * 2 * me;
    assert!(states <= MOST, "at most four melds and fourteen jokers");
    let mut best = [-1i8; MOST];
    let mut next = [-1i8; MOST];
    best[at(0, 0, 0, 0, 0)] = 0;
    let n = v.len();
    for r in 0..n {
        next[..states].fill(-1);
        let start_chows = chows && r + 2 < n;
        let cap = caps[r] as usize;
        for x in 0..=most {
            for y in 0..=most - x {
                for m in x + y..=most {
                    for p in 0..2 {
                        for e in 0..=emax {
                            let here = best[at(x, y, m, p, e)];
                            if here < 0 {
                                continue;
                            }
                            let most_z = if start_chows { most - m } else { 0 };
                            for z in 0..=most_z {
                                for g in 0..=most - m - z {
                                    for q in 0..2 - p {
                                        let t = x + y + z + 3 * g + 2 * q;
                                        let e2 = e + t.saturating_sub(cap);
                                        if e2 > emax {
                                            continue;
                                        }
                                        let gain = t.min(v[r] as usize) as i8;
                                        let to = at(y, z, m + z + g, p + q, e2);
                                        next[to] = next[to].max(here + gain);
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        std::mem::swap(&mut best, &mut next);
    }
    let mut out = vec![[FAR; 16]; me];
    for (e, d) in out.iter_mut().enumerate() {
        for m in 0..=most.min(4) {
            for p in 0..2 {
                // At most e over the caps: the best of every budget up to e.
                let covered = (0..=e).map(|u| best[at(0, 0, m, p, u)]).max().unwrap_or(-1);
                if covered >= 0 {
                    d[8 * p + m] = (3 * m + 2 * p) as u8 - covered as u8;
                }
            }
        }
    }
    out
}

/// Distances of a part that may not be used (a voided suit): nothing.
fn nothing(emax: usize) -> Budgeted {
    let mut d = [FAR; 16];
    d[0] = 0;
    vec![d; emax + 1]
}

/// Min-plus product of two parts over melds, the pair and the budget.
fn product(a: &Budgeted, b: &Budgeted) -> Budgeted {
    let emax = a.len() - 1;
    let mut out = vec![[FAR; 16]; emax + 1];
    for (e, o) in out.iter_mut().enumerate() {
        for ea in 0..=e {
            let (x, y) = (&a[ea], &b[e - ea]);
            for pa in 0..2 {
                for pb in 0..2 - pa {
                    for ma in 0..=4 {
                        for mb in 0..=4 - ma {
                            let s = x[8 * pa + ma].saturating_add(y[8 * pb + mb]).min(FAR);
                            let cell = &mut o[8 * (pa + pb) + ma + mb];
                            *cell = (*cell).min(s);
                        }
                    }
                }
            }
        }
    }
    out
}

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

/// The parts (bits m, p, s, z) a target may use: all, or (Sichuan) each
/// choice of numbered suits to void that spares the suits of declared melds.
fn keeps(caps: &[u8; KINDS], rules: &Rules) -> impl Iterator<Item = u8> {
    let declared: u8 = (0..3)
        .filter(|&s| caps[9 * s..9 * s + 9].iter().any(|&x| x < 4))
        .fold(0, |m, s| m | 1 << s);
    let honors = if rules.honors { 8 } else { 0 };
    let drop = 3 - rules.max_suits.min(3) as u32;
    (0u8..8).filter_map(move |gone| {
        (gone.count_ones() == drop && gone & declared == 0).then_some((7 & !gone) | honors)
    })
}

/// The ranks of part `i` within the 34 kinds.
fn ranks(i: usize) -> std::ops::Range<usize> {
    9 * i..9 * i + if i == 3 { 7 } else { 9 }
}

/// The four parts' budgeted distances (voided parts: nothing).
fn parts(s: &Shape, keep: u8, most: usize) -> [Budgeted; 4] {
    std::array::from_fn(|i| {
        if keep >> i & 1 == 0 {
            nothing(s.jokers)
        } else {
            part(
                &s.c[ranks(i)],
                &s.caps[ranks(i)],
                s.chows(i),
                most,
                s.jokers,
            )
        }
    })
}

/// Missing tiles of the standard form (to `k` melds and a pair), given the
/// four parts' distances and the joker budget.
fn join(x: &[Budgeted; 4], k: usize, jokers: usize) -> u8 {
    let all = product(&product(&x[0], &x[1]), &product(&x[2], &x[3]));
    all[jokers][8 + k]
}

/// The concealed special forms' missing tiles over the kept kinds (their
/// targets hold at most four copies of a kind: no excess): seven pairs,
/// thirteen orphans, honours and knitted, as the rules allow.
fn special(c: &Counts, keep: u8, rules: &Rules) -> u8 {
    let kept = |i: usize| keep >> (i / 9).min(3) & 1 == 1;
    let held: Vec<u8> = (0..KINDS).map(|i| if kept(i) { c[i] } else { 0 }).collect();
    let mut d = FAR;
    let kinds = held.iter().filter(|&&x| x > 0).count() as u8;
    let pairs = held.iter().filter(|&&x| x >= 2).count() as u8;
    match rules.seven_pairs {
        SevenPairs::No => {}
        SevenPairs::Distinct => d = 7u8.saturating_sub(pairs) + 7u8.saturating_sub(kinds),
        SevenPairs::QuadsAllowed => {
            let whole: u8 = held.iter().map(|&x| x / 2).sum();
            let odd = held.iter().filter(|&&x| x % 2 == 1).count() as u8;
            let need = 7u8.saturating_sub(whole);
            d = need + need.saturating_sub(odd);
        }
    }
    if rules.thirteen_orphans {
        let present = forms::ORPHANS.iter().filter(|&&o| c[o] > 0).count() as u8;
        let pair = forms::ORPHANS.iter().any(|&o| c[o] >= 2) as u8;
        d = d.min(14 - present - pair);
    }
    if rules.mcr_forms {
        for p in 0..forms::KNITTED_PERMS.len() {
            let allowed = forms::knitted_tiles(p).into_iter().chain(27..KINDS);
            let present = allowed.filter(|&i| c[i] > 0).count() as u8;
            d = d.min(14 - present.min(14));
        }
    }
    d
}

/// MCR knitted straight: each permutation's missing tiles, then the rest to
/// a set and a pair (just the pair beside a declared meld or in a bare
/// short hand, see [`forms::knitted_straight_sets`]).
fn knitted_straight(s: &Shape, keep: u8) -> u8 {
    let mut best = FAR;
    for p in 0..forms::KNITTED_PERMS.len() {
        let mut rest = *s;
        let (mut missing, mut beyond) = (0u8, 0usize);
        for i in forms::knitted_tiles(p) {
            // A tile whose copies the melds hold all: a joker's, beyond the caps.
            match rest.caps[i] {
                0 => beyond += 1,
                _ => rest.caps[i] -= 1,
            }
            if rest.c[i] > 0 {
                rest.c[i] -= 1;
            } else {
                missing += 1;
            }
        }
        if beyond > s.jokers {
            continue;
        }
        let k = forms::knitted_straight_sets(s.size, s.melds).expect("checked by the callers");
        let d = join(&parts(&rest, keep, k), k, s.jokers - beyond);
        best = best.min(d.saturating_add(missing));
    }
    best
}

/// The replacement distance over every form (and every voided suit), or
/// [`FAR`] when nothing is reachable.
fn distance(s: &Shape, rules: &Rules) -> u8 {
    let k = (s.size - 3 * s.melds) / 3;
    let mut best = FAR;
    for keep in keeps(&s.caps, rules) {
        let mut d = join(&parts(s, keep, k), k, s.jokers);
        if s.melds == 0 && s.size >= 13 {
            d = d.min(special(&s.c, keep, rules));
        }
        if rules.mcr_forms && forms::knitted_straight_sets(s.size, s.melds).is_some() {
            d = d.min(knitted_straight(s, keep));
        }
        best = best.min(d);
    }
    if best >= FAR {
        FAR
    } else {
        // The jokers fill that many of the missing slots.
        best - s.jokers as u8
    }
}

/// Whether some best target holds at most four copies of every kind, so
/// the plain tables answer: the distance is the plain one towards the
/// hand's size (jokers counted) less the jokers.
///
/// Proof, for a concealed hand with all four parts kept whose suited
/// counts are at most 2 and honour counts at most 3. Take a best target
/// `T` (the least `Σ max(0, T_i − c_i)`) with some `T_i ≥ 5`. Four chows
/// put at most 4 copies on a kind, so `T` has a pung or the pair at `i`.
/// Move it to a kind `e` that neither `T` nor the hand holds: `T` has at
/// most 14 tiles and the hand 13, so at most 27 of the 34 kinds are taken.
/// At `e` the move adds 3 (2) missing tiles. At `i` it saves the same: for
/// a pung, `T_i − 3 ≥ 2 ≥ c_i` on a suited kind, and honours hold no
/// chows, so there `T_i ≥ 6` (two pungs) or a pung and the pair (move the
/// pair: `T_i − 2 ≥ 3 ≥ c_i`); for the pair, `T_i − 2 ≥ 3 ≥ c_i`. The move
/// keeps the size and the form (the knitted straight's own tiles stay: they
/// are one copy each), so repeat until every kind holds at most four. The
/// special forms hold at most four copies anyway.
#[inline]
fn fills_within_four(s: &Shape, rules: &Rules) -> bool {
    const L: u64 = 0x0101_0101_0101_0101;
    if s.melds > 0 || !rules.honors || rules.max_suits < 3 {
        return false;
    }
    // Suited counts of 3 or 4 (bits 0 and 1 both set, or bit 2), honour 4s.
    let mut over = 0u64;
    for j in 0..4 {
        let w = u64::from_le_bytes(s.c[8 * j..8 * j + 8].try_into().expect("eight"));
        let three = w & w >> 1 & L;
        let four = w >> 2 & L;
        // Kinds 27..32 in word 3 are honours: only their 4s count.
        let suited = if j == 3 { 0x07 } else { 0xff };
        over |= (three & mask_bytes(suited)) | four;
    }
    over |= (s.c[32] >> 2 | s.c[33] >> 2) as u64;
    over == 0
}

/// The byte lanes set in `m` (bit per byte) as a mask of 0x01 bytes.
const fn mask_bytes(m: u8) -> u64 {
    let mut out = 0u64;
    let mut b = 0;
    while b < 8 {
        if m >> b & 1 == 1 {
            out |= 1 << (8 * b);
        }
        b += 1;
    }
    out
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
    /// use hupai::{engine::Ukeire, Hand, Jokers, Rules, Tables, Tile};
    /// let h: Hand = "123m456p789s1277z".parse().unwrap();
    /// let spec = Jokers { extra: 0, tile: Some(Tile::RED) };
    /// let u = Tables::embedded().ukeire_with(&h, &spec, &Rules::RIICHI, &[0; 34]).unwrap();
    /// let Ukeire::Draw(e) = u else { unreachable!() };
    /// assert_eq!(e.tiles().to_string(), "1z 2z 7z"); // 7z: a second joker
    /// ```
    pub fn ukeire_with(
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

impl<B: AsRef<[u8]>> Tables<B> {
    /// [`distance`] of a hand beside declared melds: the table bounds
    /// where they meet (`melded`), else [`Tables::beside_melds`].
    fn melded_distance_jokers(
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
    fn melded_improving_jokers(
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

/// Distance of a 3n+1 hand and the real tiles whose draw lowers it. A
/// draw changes one part: the other parts' distances are computed once.
fn improving(s: &Shape, rules: &Rules) -> Result<(u8, u64), ShantenError> {
    let d = distance(s, rules);
    if d >= FAR {
        return Err(ShantenError::Unreachable);
    }
    let k = (s.size - 3 * s.melds) / 3;
    let kept: Vec<(u8, [Budgeted; 4])> = keeps(&s.caps, rules)
        .map(|keep| (keep, parts(s, keep, k)))
        .collect();
    let mut tiles = 0u64;
    for i in (0..KINDS).filter(|&i| s.c[i] < s.caps[i]) {
        let next = s.drawing(i);
        let q = (i / 9).min(3);
        let mut best = FAR;
        for (keep, x) in &kept {
            if keep >> q & 1 == 1 {
                let mut x = x.clone();
                x[q] = part(
                    &next.c[ranks(q)],
                    &next.caps[ranks(q)],
                    s.chows(q),
                    k,
                    s.jokers,
                );
                best = best.min(join(&x, k, s.jokers));
            }
            if next.melds == 0 && next.size >= 13 {
                best = best.min(special(&next.c, *keep, rules));
            }
            if rules.mcr_forms && forms::knitted_straight_sets(next.size, next.melds).is_some() {
                best = best.min(knitted_straight(&next, *keep));
            }
        }
        if best < FAR && best - (s.jokers as u8) < d {
            tiles |= 1 << i;
        }
    }
    Ok((d, tiles))
}
