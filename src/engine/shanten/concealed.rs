//! The common case on the fast path: a concealed hand with every part open
//! (no declared meld, no voided suit, no MCR forms). Only table reads and
//! fixed-size arithmetic: the keys that find each part's class also tally
//! the counting forms (seven pairs, thirteen orphans), a neighbour's class
//! and one class-pair mask say which lanes a draw lowers, and a discard
//! adjusts the hand's tally rather than counting again.

use super::combine::{join, lane_bits, optimal_lanes, product_k, NOTHING};
use super::counts::{held_mask, special_tiles, special_tiles_held, Held, Tally};
use super::{ShantenError, Sizes};
use crate::rules::Rules;
use crate::table::key::{self, Neighbourhood};
use crate::table::layout::cells::FAR;
use crate::table::{DistanceTables, Distances, RankLanes, Tables};
use crate::tile::{Counts, KINDS};
use std::cell::Cell;

/// The sizes [`Sizes::Any`] accepts for a concealed hand, a bit each:
/// 1, 2, 4, 5, 7, 8, 10, 11, 13 and 14 tiles.
const SLOTS: u32 = 0b110_1101_1011_0110;
/// The sizes [`Sizes::Draw`] accepts: 1, 4, 7, 10 and 13 tiles.
const SLOTS_DRAW: u32 = 0b10_0100_1001_0010;

/// Shanten of a concealed hand with every part open: the keys come with
/// the counting forms' tally ([`key::hand_tallies`]), so the whole query
/// is four class lookups, two pair products and a join.
#[inline(always)]
pub(super) fn concealed_shanten<B: AsRef<[u8]>>(
    t: &Tables<B>,
    c: &Counts,
    rules: &Rules,
) -> Result<i8, ShantenError> {
    let keys = key::hand_tallies(c);
    let tally = Tally::of_keys(&keys);
    let n = tally.tiles as usize;
    // 3n+1 or 3n+2 tiles, at most 14: one bit test (the error from Sizes).
    if SLOTS >> n.min(31) & 1 == 0 {
        Sizes::Any.check(n, 0)?;
    }
    // Every part holds at most 14 tiles now: the keys are dense indexes.
    let mut d = keyed_distance(&t.distance_tables(), keys.map(|k| k as key::Key), n / 3);
    if n >= 13 {
        d = d.min(tally.special_distance(rules));
    }
    Ok(d as i8 - 1)
}

/// The standard form's distance of the parts with keys `keys` (each of at
/// most 14 tiles: dense indexes), towards `k` melds and a pair: four class
/// reads, two pair products and a join.
#[inline(always)]
pub(super) fn keyed_distance(t: &DistanceTables, keys: [key::Key; 4], k: usize) -> u8 {
    let a = t.suit_class_at(key::key_index(keys[0]));
    let b = t.suit_class_at(key::key_index(keys[1]));
    let s = t.suit_class_at(key::key_index(keys[2]));
    let z = t.honor_class_at(key::key_index(keys[3]));
    join(t.suit_pair(a, b), t.suit_honor_pair(s, z), k)
}

/// Distance of a concealed hand of `n` slots (its tiles, or more where
/// jokers fill the rest) with all four parts open.
#[inline]
pub(super) fn concealed_distance<B: AsRef<[u8]>>(
    t: &Tables<B>,
    c: &Counts,
    tally: &Tally,
    rules: &Rules,
    n: usize,
) -> u8 {
    let k = n / 3;
    let t = t.distance_tables();
    let a = t.suit_class(c[0..9].try_into().expect("nine"));
    let b = t.suit_class(c[9..18].try_into().expect("nine"));
    let s = t.suit_class(c[18..27].try_into().expect("nine"));
    let z = t.honor_class(c[27..34].try_into().expect("seven"));
    let mut d = join(t.suit_pair(a, b), t.suit_honor_pair(s, z), k);
    if n >= 13 {
        d = d.min(tally.special_distance(rules));
    }
    d
}

/// The distance of a concealed 3n+2 hand `c` with every part open
/// (`parts`, its lookups), and after each discard ([`FAR`] where the kind
/// is not held): a discard changes one part, so each costs one class read
/// (a step down the part's neighbourhood) and a join with the other pair
/// product kept. The counting forms are tallied only where they could
/// beat the standard form: a discard never brings them closer.
pub(super) fn concealed_after(
    t: &DistanceTables,
    c: &Counts,
    parts: &OpenParts,
    tally: &Tally,
    rules: &Rules,
) -> (u8, [u8; KINDS]) {
    // A 3n+2 hand and the 3n+1 hands after a discard aim at n melds.
    let n = tally.tiles as usize - 1;
    let k = n / 3;
    let OpenParts {
        suits,
        honors,
        class,
        ..
    } = *parts;
    let ab = t.suit_pair(class[0], class[1]);
    let sz = t.suit_honor_pair(class[2], class[3]);
    // The counting forms of the whole hand: at most their distance after
    // any discard.
    let special = if n >= 13 {
        tally.special_distance(rules)
    } else {
        FAR
    };
    let d = join(ab, sz, k).min(special);
    let mut after = [FAR; KINDS];
    // Part by part, over the ranks held (bit per rank): a branch a kind on
    // whether it is held, or on its part, mispredicts on random hands.
    let held = held_mask(c);
    for i in 0..4 {
        let mut todo = held >> (9 * i) & 0x1ff;
        while todo != 0 {
            let r = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            after[9 * i + r] = match i {
                // The pair table is symmetric: the other suit of the pair.
                0 | 1 => {
                    let changed = t.suit_class_at(suits[i].down_each(1 << r));
                    join(t.suit_pair(changed, class[i ^ 1]), sz, k)
                }
                2 => {
                    let changed = t.suit_class_at(suits[2].down_each(1 << r));
                    join(ab, t.suit_honor_pair(changed, class[3]), k)
                }
                _ => {
                    let changed = t.honor_class_at(honors.down_each(1 << r));
                    join(ab, t.suit_honor_pair(class[2], changed), k)
                }
            };
        }
    }
    if special < FAR {
        let mut todo = held;
        while todo != 0 {
            let j = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            if special < after[j] {
                after[j] = after[j].min(tally.without(c, j).special_distance(rules));
            }
        }
    }
    (d, after)
}

/// Effective tiles of a concealed 3n+1 hand with every part open: the
/// standard form ([`open_standard`]) and the counting forms. Returns the
/// distance and the tiles (bit per kind).
pub(super) fn concealed_effective<B: AsRef<[u8]>>(
    t: &Tables<B>,
    c: &Counts,
    tally: &Tally,
    rules: &Rules,
) -> (u8, u64) {
    let n = tally.tiles as usize;
    let special = if n >= 13 {
        tally.special_distance(rules)
    } else {
        FAR
    };
    let (d, tiles) = open_standard(t, c, n / 3, special);
    (
        d.min(special),
        with_special(c, tally, rules, d, tiles, special),
    )
}

/// [`concealed_effective`] with the size check, the tally taken from the
/// neighbourhoods' keys (no second pass over the counts).
#[inline(always)]
pub(super) fn concealed_draws<B: AsRef<[u8]>>(
    t: &Tables<B>,
    c: &Counts,
    rules: &Rules,
) -> Result<(u8, u64), ShantenError> {
    let t = t.distance_tables();
    let (parts, tally) = OpenParts::tallied(&t, c);
    let n = tally.tiles as usize;
    if SLOTS_DRAW >> n.min(31) & 1 == 0 {
        Sizes::Draw.check(n, 0)?;
    }
    let special = if n >= 13 {
        tally.special_distance(rules)
    } else {
        FAR
    };
    let (d, tiles) = open_parts(&t, &parts, n / 3, special);
    Ok((
        d.min(special),
        with_special(c, &tally, rules, d, tiles, special),
    ))
}

/// The effective tiles over every form: the standard form's `tiles` (at
/// distance `d`) unless the counting forms do better (`special`), and the
/// counting forms' own where they reach the best.
#[inline]
pub(super) fn with_special(
    c: &Counts,
    tally: &Tally,
    rules: &Rules,
    d: u8,
    tiles: u64,
    special: u8,
) -> u64 {
    let mut tiles = if special < d { 0 } else { tiles };
    if special <= d {
        tiles |= special_tiles(c, tally, rules, special);
    }
    tiles
}

/// The standard form of concealed counts `c` with every part open, towards
/// `k` melds and a pair: four class lookups, two pair products, the optimal
/// cells of each part, and one neighbour lookup per rank. Returns the
/// distance and, when it is at most `tiles_up_to` (other forms may do
/// better), the tiles (bit per kind) whose draw lowers it.
#[inline]
pub(super) fn open_standard<B: AsRef<[u8]>>(
    t: &Tables<B>,
    c: &Counts,
    k: usize,
    tiles_up_to: u8,
) -> (u8, u64) {
    let t = t.distance_tables();
    open_parts(&t, &OpenParts::of(&t, c), k, tiles_up_to)
}

/// [`open_standard`] over the distance tables.
#[inline]
pub(super) fn open_parts_of(t: &DistanceTables, c: &Counts, k: usize) -> (u8, u64) {
    open_parts(t, &OpenParts::of(t, c), k, FAR)
}

/// The four parts of concealed counts: neighbourhoods and classes.
#[derive(Clone, Copy)]
pub(super) struct OpenParts {
    pub(super) suits: [Neighbourhood<9>; 3],
    pub(super) honors: Neighbourhood<7>,
    pub(super) class: [u8; 4],
    /// Suits (bit per suit) whose class is not their pattern's table class
    /// but a capped row's beside a declared meld (the melded path's): their
    /// lanes come from the neighbours, against that class.
    pub(super) capped: u8,
}

impl OpenParts {
    #[inline(always)]
    pub(super) fn of(t: &DistanceTables, c: &Counts) -> OpenParts {
        let part = |i: usize| -> &[u8; 9] { c[9 * i..9 * i + 9].try_into().expect("nine") };
        let suits = [
            Neighbourhood::suit(part(0)),
            Neighbourhood::suit(part(1)),
            Neighbourhood::suit(part(2)),
        ];
        let honors = Neighbourhood::honor(c[27..34].try_into().expect("seven"));
        let class = [
            t.suit_class_at(suits[0].index()),
            t.suit_class_at(suits[1].index()),
            t.suit_class_at(suits[2].index()),
            t.honor_class_at(honors.index()),
        ];
        OpenParts {
            suits,
            honors,
            class,
            capped: 0,
        }
    }

    /// [`OpenParts::of`] and the hand's tally, from the same key reads.
    /// The classes are read only where every part holds at most 14 tiles
    /// (a key is a dense index only then): the caller checks the size.
    #[inline(always)]
    pub(super) fn tallied(t: &DistanceTables, c: &Counts) -> (OpenParts, Tally) {
        let part = |i: usize| -> &[u8; 9] { c[9 * i..9 * i + 9].try_into().expect("nine") };
        let (m, km) = Neighbourhood::tallied(part(0));
        let (p, kp) = Neighbourhood::tallied(part(1));
        let (s, ks) = Neighbourhood::tallied(part(2));
        let (z, kz) = Neighbourhood::tallied(c[27..34].try_into().expect("seven"));
        let class = [
            t.suit_class_at(m.index()),
            t.suit_class_at(p.index()),
            t.suit_class_at(s.index()),
            t.honor_class_at(z.index()),
        ];
        let parts = OpenParts {
            suits: [m, p, s],
            honors: z,
            class,
            capped: 0,
        };
        (parts, Tally::of_keys(&[km, kp, ks, kz]))
    }

    /// Per rank of part `i`, the lanes ([`RankLanes`]) one more tile of
    /// the rank lowers: none where the rank has no room, and for the
    /// honours' ranks 8 and 9 (no tile). A part of at most eight tiles,
    /// nearly every one, reads its pattern's record; a larger one, or one
    /// of a capped class, its neighbours' classes.
    #[inline(always)]
    pub(super) fn lanes(&self, t: &DistanceTables, i: usize) -> RankLanes {
        let few = if i == 3 {
            self.honors.few_index().map(|f| t.honor_lanes_at(f))
        } else if self.capped >> i & 1 == 0 {
            self.suits[i].few_index().map(|f| t.suit_lanes_at(f))
        } else {
            None
        };
        few.unwrap_or_else(|| self.neighbours_lanes(t, i))
    }

    /// [`OpenParts::lanes`] from the neighbours' classes and the
    /// class-pair masks: two reads a rank.
    #[inline(never)]
    fn neighbours_lanes(&self, t: &DistanceTables, i: usize) -> RankLanes {
        let now = self.class[i];
        let mut ranks = [0; 9];
        if i < 3 {
            for (r, lanes) in ranks.iter_mut().enumerate() {
                *lanes = t.suit_lowers(now, t.suit_class_at(self.suits[i].up(r)));
            }
        } else {
            for (r, lanes) in ranks.iter_mut().take(7).enumerate() {
                *lanes = t.honor_lowers(now, t.honor_class_at(self.honors.up(r)));
            }
        }
        RankLanes::from_ranks(&ranks.map(RankLanes::pack))
    }

    /// [`OpenParts::lanes`] of every part: the rows of a discard table read
    /// them once for the parts a discard leaves alone.
    pub(super) fn all_lanes(&self, t: &DistanceTables) -> [RankLanes; 4] {
        self.kept_lanes(t, 0b1111)
    }

    /// [`OpenParts::lanes`] of the parts in `kept` (bit per part), none
    /// for the others (Sichuan's voided suit and absent honours).
    pub(super) fn kept_lanes(&self, t: &DistanceTables, kept: u8) -> [RankLanes; 4] {
        // Written out, not `map`: the array's map is left out of line
        // where the compiler's inlining budget runs short.
        let part = |i: usize| {
            if kept >> i & 1 == 1 {
                self.lanes(t, i)
            } else {
                RankLanes::default()
            }
        };
        [part(0), part(1), part(2), part(3)]
    }

    /// The ranks (bit per rank) of part `i` whose draw lowers one of its
    /// `optimal` lanes (bit per lane): per rank, the lanes it lowers
    /// (`known`, or the part's [`OpenParts::lanes`]).
    #[inline(always)]
    pub(super) fn improving(
        &self,
        t: &DistanceTables,
        i: usize,
        optimal: u16,
        known: Option<&RankLanes>,
    ) -> u16 {
        let lanes = match known {
            Some(&lanes) => lanes,
            None => self.lanes(t, i),
        };
        lanes.meeting(RankLanes::pack(optimal))
    }
}

/// The `known` lanes of [`open_parts_refined`] for a row whose discard
/// changed part `changed`: every other part's lanes from the whole hand.
#[inline(always)]
pub(super) fn known_except(lanes: &[RankLanes; 4], changed: usize) -> [Option<&RankLanes>; 4] {
    let mut known = [&lanes[0], &lanes[1], &lanes[2], &lanes[3]].map(Some);
    known[changed] = None;
    known
}

/// [`open_standard`] over parts already looked up.
#[inline(always)]
fn open_parts(t: &DistanceTables, p: &OpenParts, k: usize, tiles_up_to: u8) -> (u8, u64) {
    let every = |_: usize, ranks: u16, _: u128, _: &Distances, _: u8| Some(ranks);
    open_parts_refined(t, p, k, tiles_up_to, &[None; 4], 0, every).expect("every rank kept")
}

/// [`open_parts`] with `known[i]`, where given, the lanes each rank of
/// part `i` lowers (a discard table's rows share the parts a discard leaves
/// alone), and the improving ranks of each part of `refined` (bit per
/// part) passed through `refine(part, ranks, optimal lanes, rest, d)`
/// (lanes 0xff each; `rest` the other parts' product, read only in the
/// lanes of at most `k` melds; `d` the distance): the melded path takes
/// out the draws its caps forbid or that leave a capped part's distances
/// where they were. `None` when `refine` gives up.
#[inline(always)]
pub(super) fn open_parts_refined(
    t: &DistanceTables,
    p: &OpenParts,
    k: usize,
    tiles_up_to: u8,
    known: &[Option<&RankLanes>; 4],
    refined: u8,
    refine: impl FnMut(usize, u16, u128, &Distances, u8) -> Option<u16>,
) -> Option<(u8, u64)> {
    let found = open_parts_kept(t, p, (k, tiles_up_to), known, (refined, 4), refine)?;
    Some((found.0, found.1))
}

/// [`open_parts_refined`], with the optimal lanes and the rest of part
/// `kept` ([`NOTHING`] where the distance is past `tiles_up_to`, or no
/// part is asked for, 4).
#[inline(always)]
fn open_parts_kept(
    t: &DistanceTables,
    p: &OpenParts,
    (k, tiles_up_to): (usize, u8),
    known: &[Option<&RankLanes>; 4],
    (refined, kept): (u8, usize),
    mut refine: impl FnMut(usize, u16, u128, &Distances, u8) -> Option<u16>,
) -> Option<(u8, u64, u128, Distances)> {
    let class = p.class;
    let ab = t.suit_pair(class[0], class[1]);
    let sz = t.suit_honor_pair(class[2], class[3]);
    let d = join(ab, sz, k);
    if d > tiles_up_to {
        return Some((d, 0, 0, NOTHING));
    }
    let (x, rest) = with_rests(t, &class, ab, sz, k);
    let (mut tiles, mut asked) = (0u64, (0, NOTHING));
    for i in 0..4 {
        let optimal = optimal_lanes(x[i], &rest[i], k, d);
        if i == kept {
            asked = (optimal, rest[i]);
        }
        if optimal != 0 {
            let mut ranks = p.improving(t, i, lane_bits(optimal), known[i]);
            if refined >> i & 1 == 1 {
                ranks = refine(i, ranks, optimal, &rest[i], d)?;
            }
            tiles |= (ranks as u64) << (9 * i);
        }
    }
    Some((d, tiles, asked.0, asked.1))
}

/// What a discard table's row leaves the next ([`open_row_refined`]):
/// the part its discard changed and that part's class, the distance, the
/// standard form's tiles (bit per kind), and the changed part's optimal
/// lanes and rest.
#[derive(Clone, Copy)]
pub(super) struct RowBefore {
    changed: usize,
    class: u8,
    d: u8,
    tiles: u64,
    optimal: u128,
    rest: Distances,
}

/// [`open_parts_refined`] for a row of a discard table whose discard
/// changed part `changed` (its lanes not `known`; every other part that of
/// the whole hand, so of every row of the table). A row whose discard
/// leaves the classes of the row kept in `before` (the same part, the same
/// class: four rows in ten of the R14 tables) has its distance, and every
/// part its optimal lanes and rest; the parts a discard leaves alone then
/// keep their ranks too, and only the changed part's are read again,
/// from its own neighbours, and refined where it is one of `refined`
/// (bit per part). Any other row is read whole and
/// kept, where it read every part (its distance within `tiles_up_to`).
/// Without a row, [`open_parts_refined`].
#[inline(always)]
pub(super) fn open_row_refined(
    t: &DistanceTables,
    p: &OpenParts,
    (k, tiles_up_to): (usize, u8),
    known: &[Option<&RankLanes>; 4],
    row: Option<(usize, &Cell<Option<RowBefore>>)>,
    refined: u8,
    mut refine: impl FnMut(usize, u16, u128, &Distances, u8) -> Option<u16>,
) -> Option<(u8, u64)> {
    let Some((changed, before)) = row else {
        return open_parts_refined(t, p, k, tiles_up_to, known, refined, refine);
    };
    let class = p.class[changed];
    if let Some(b) = before
        .get()
        .filter(|b| (b.changed, b.class) == (changed, class))
    {
        if b.d > tiles_up_to {
            return Some((b.d, 0));
        }
        let ranks = match b.optimal {
            0 => 0,
            lanes => {
                let ranks = p.improving(t, changed, lane_bits(lanes), None);
                match refined >> changed & 1 {
                    1 => refine(changed, ranks, lanes, &b.rest, b.d)?,
                    _ => ranks,
                }
            }
        };
        let tiles = b.tiles & !(0x1ff << (9 * changed)) | (ranks as u64) << (9 * changed);
        return Some((b.d, tiles));
    }
    let found = open_parts_kept(t, p, (k, tiles_up_to), known, (refined, changed), refine);
    before.set(match found {
        Some((d, tiles, optimal, rest)) if d <= tiles_up_to => Some(RowBefore {
            changed,
            class,
            d,
            tiles,
            optimal,
            rest,
        }),
        _ => None,
    });
    found.map(|(d, tiles, _, _)| (d, tiles))
}

/// The four parts' distances for classes `class` (pair products `ab` and
/// `sz`), and each part's rest: the best of the other three, in the lanes
/// of at most `k` melds.
#[inline(always)]
fn with_rests<'a>(
    t: &DistanceTables<'a>,
    class: &[u8; 4],
    ab: &Distances,
    sz: &Distances,
    k: usize,
) -> ([&'a Distances; 4], [Distances; 4]) {
    let x = [
        t.suit(class[0]),
        t.suit(class[1]),
        t.suit(class[2]),
        t.honor(class[3]),
    ];
    // Fewer melds aimed at need fewer steps of each product.
    fn rests<const K: usize>(
        x: &[&Distances; 4],
        ab: &Distances,
        sz: &Distances,
    ) -> [Distances; 4] {
        [
            product_k::<K>(x[1], sz),
            product_k::<K>(x[0], sz),
            product_k::<K>(ab, x[3]),
            product_k::<K>(ab, x[2]),
        ]
    }
    let rest = match k {
        0 => rests::<0>(&x, ab, sz),
        1 => rests::<1>(&x, ab, sz),
        2 => rests::<2>(&x, ab, sz),
        3 => rests::<3>(&x, ab, sz),
        _ => rests::<4>(&x, ab, sz),
    };
    (x, rest)
}

/// A concealed hand with every part open, looked up once for the hands
/// one tile short of it: a tile less changes one part only, so each such
/// hand reads that part again and keeps the others' classes and lanes.
struct Rows<'t, 'm> {
    t: DistanceTables<'t>,
    base: OpenParts,
    tally: Tally,
    /// The kinds by copies held, found when a counting form first needs
    /// them.
    held: Option<Held>,
    /// Per part and rank, the lanes one more tile lowers, for the parts
    /// in `laned` (bit per part; found when first needed).
    lanes: [RankLanes; 4],
    laned: u8,
    /// The standard form's distance and optimal lanes by the four classes
    /// ([`ClassMemo`]), in the caller's cache.
    memo: ClassMemo<'m>,
}

/// The standard form's distance and each part's optimal lanes are a
/// function of the four classes (and the melds aimed at): hands one tile
/// short of a state share three classes with it, and neighbouring states
/// share most, so the answers repeat across rows and states. Kept in a
/// caller's slice of u128 (a power of two long, zeroed at first),
/// direct-mapped: the classes (32 bits), the melds (3), a flag that the
/// slot is used (1), the distance (8, from bit 36) and the four parts'
/// optimal lanes (16 each, from bit 48).
struct ClassMemo<'m> {
    slots: &'m mut [u128],
}

impl ClassMemo<'_> {
    const USED: u128 = 1 << 35;
    const KEY: u128 = (1 << 36) - 1;

    fn key(classes: [u8; 4], k: usize) -> u128 {
        u128::from(u32::from_le_bytes(classes)) | (k as u128) << 32 | Self::USED
    }

    #[inline]
    fn slot(&self, key: u128) -> usize {
        let h = (key as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        (h >> 32) as usize & (self.slots.len() - 1)
    }

    #[inline]
    fn get(&self, key: u128) -> Option<(u8, [u16; 4])> {
        let e = self.slots[self.slot(key)];
        (e & Self::KEY == key).then(|| {
            let optimal = (e >> 48) as u64;
            let lane = |p: usize| (optimal >> (16 * p)) as u16;
            ((e >> 36) as u8, [lane(0), lane(1), lane(2), lane(3)])
        })
    }

    #[inline]
    fn insert(&mut self, key: u128, d: u8, optimal: [u16; 4]) {
        let lanes = optimal
            .iter()
            .rev()
            .fold(0u64, |all, &o| all << 16 | u64::from(o));
        let i = self.slot(key);
        self.slots[i] = key | u128::from(d) << 36 | u128::from(lanes) << 48;
    }
}

impl<'t, 'm> Rows<'t, 'm> {
    /// The lookups of counts `c`; every part holds at most 14 tiles (the
    /// caller checks the size).
    #[inline]
    fn of<B: AsRef<[u8]>>(t: &'t Tables<B>, c: &Counts, memo: &'m mut [u128]) -> Rows<'t, 'm> {
        let t = t.distance_tables();
        let (base, tally) = OpenParts::tallied(&t, c);
        Rows {
            t,
            base,
            tally,
            held: None,
            lanes: [RankLanes::default(); 4],
            laned: 0,
            memo: ClassMemo { slots: memo },
        }
    }

    /// The standard form (towards `k` melds and a pair) of parts of
    /// `classes`: the distance and each part's lanes some optimal
    /// allocation uses ([`open_parts`] up to the draws).
    #[inline]
    fn standard(&mut self, classes: [u8; 4], k: usize) -> (u8, [u16; 4]) {
        let key = ClassMemo::key(classes, k);
        if let Some(found) = self.memo.get(key) {
            return found;
        }
        let t = &self.t;
        let ab = t.suit_pair(classes[0], classes[1]);
        let sz = t.suit_honor_pair(classes[2], classes[3]);
        let d = join(ab, sz, k);
        let (x, rest) = with_rests(t, &classes, ab, sz, k);
        let optimal = [0, 1, 2, 3].map(|p| lane_bits(optimal_lanes(x[p], &rest[p], k, d)));
        self.memo.insert(key, d, optimal);
        (d, optimal)
    }

    /// The distance of `c` (looked up as `self`) less one tile of kind `j`
    /// (held), and the kinds whose draw lowers it (bit per kind), over the
    /// standard form and, where that hand aims at 14 tiles (12 or 13 tiles
    /// held), the counting forms: what [`open_standard`] and
    /// [`with_special`] answer for that hand.
    #[inline]
    fn less(&mut self, c: &Counts, rules: &Rules, j: usize) -> (u8, u64) {
        let n = self.tally.tiles as usize - 1;
        let i = (j / 9).min(3);
        let mut parts = self.base;
        let mut v = [0u8; 9];
        if i == 3 {
            v[..7].copy_from_slice(&c[27..34]);
            v[j - 27] -= 1;
            parts.honors = Neighbourhood::honor(v[..7].try_into().expect("seven"));
            parts.class[3] = self.t.honor_class_at(parts.honors.index());
        } else {
            v.copy_from_slice(&c[9 * i..9 * i + 9]);
            v[j - 9 * i] -= 1;
            parts.suits[i] = Neighbourhood::suit(&v);
            parts.class[i] = self.t.suit_class_at(parts.suits[i].index());
        }
        let (d, optimal) = self.standard(parts.class, n / 3);
        let tally = self.tally.without(c, j);
        // Seven pairs and thirteen orphans are 14-tile forms: in reach of a
        // hand aiming at four melds and a pair.
        let special = if n / 3 == 4 {
            tally.special_distance(rules)
        } else {
            FAR
        };
        // As open_parts and with_special: the standard form's draws unless
        // the counting forms do better, theirs where they reach the best.
        let mut tiles = 0;
        if d <= special {
            for (p, &optimal) in optimal.iter().enumerate().filter(|&(_, &o)| o != 0) {
                let lanes = if p == i {
                    parts.lanes(&self.t, i)
                } else {
                    if self.laned >> p & 1 == 0 {
                        self.lanes[p] = self.base.lanes(&self.t, p);
                        self.laned |= 1 << p;
                    }
                    self.lanes[p]
                };
                tiles |= (lanes.meeting(RankLanes::pack(optimal)) as u64) << (9 * p);
            }
        }
        if special <= d {
            let held = self.held.get_or_insert_with(|| Held::of(c));
            tiles |= special_tiles_held(&held.without(c, j), &tally, rules, special);
        }
        (d.min(special), tiles)
    }
}

/// The effective tiles after each discard `j` in `discards` of a concealed
/// 3n+2 hand `c` with every part open (`base`, its lookups; `tally`, its
/// counting forms; see [`concealed_effective`]): the parts a discard
/// leaves alone keep their lookups and neighbours across rows, and a row
/// whose discard leaves the classes of the row before keeps most of it
/// ([`open_row_refined`]).
/// (Not [`Rows`]: its caches pay off across the many states of a discard
/// EV, not within one table.)
pub(super) fn concealed_rows(
    t: &DistanceTables,
    c: &Counts,
    base: &OpenParts,
    tally: &Tally,
    rules: &Rules,
    discards: &[usize],
    out: &mut [u64],
) {
    let t = *t;
    let base = *base;
    let held = Held::of(c);
    let n = tally.tiles as usize - 1;
    let lanes = base.all_lanes(&t);
    let before = Cell::new(None);
    for (&j, slot) in discards.iter().zip(out.iter_mut()) {
        let mut w = *c;
        w[j] -= 1;
        let changed = (j / 9).min(3);
        let mut parts = base;
        let known = known_except(&lanes, changed);
        if changed == 3 {
            parts.honors = Neighbourhood::honor(w[27..34].try_into().expect("seven"));
            parts.class[3] = t.honor_class_at(parts.honors.index());
        } else {
            let v: &[u8; 9] = w[9 * changed..9 * changed + 9].try_into().expect("nine");
            parts.suits[changed] = Neighbourhood::suit(v);
            parts.class[changed] = t.suit_class_at(parts.suits[changed].index());
        }
        let tally = tally.without(c, j);
        let special = if n >= 13 {
            tally.special_distance(rules)
        } else {
            FAR
        };
        let every = |_: usize, ranks: u16, _: u128, _: &Distances, _: u8| Some(ranks);
        let row = Some((changed, &before));
        let found = open_row_refined(&t, &parts, (n / 3, special), &known, row, 0, every);
        let (d, mut tiles) = found.expect("every rank kept");
        // As with_special, from the held masks less the discard.
        if special < d {
            tiles = 0;
        }
        if special <= d {
            tiles |= special_tiles_held(&held.without(c, j), &tally, rules, special);
        }
        *slot = tiles;
    }
}

/// For each kind `j` in `kinds` (bit per kind) held in concealed 3n+1
/// counts `c` (at most 13 tiles) with every part open, the distance and
/// draws of the 3n-tile hand `c` less one `j` (as
/// [`Tables::effective_short`] answers it) in `out[j]`; the other entries
/// are left alone. The hands share three parts each, looked up once;
/// `memo` keeps standard forms by classes across calls (a power of two
/// long, zeroed at first).
pub(super) fn concealed_short_rows<B: AsRef<[u8]>>(
    t: &Tables<B>,
    c: &Counts,
    rules: &Rules,
    kinds: u64,
    memo: &mut [u128],
    out: &mut [(u8, u64); KINDS],
) {
    let mut rows = Rows::of(t, c, memo);
    for (j, slot) in out.iter_mut().enumerate() {
        if kinds >> j & 1 == 1 && c[j] > 0 {
            *slot = rows.less(c, rules, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{OpenParts, Sizes, SLOTS, SLOTS_DRAW};
    use crate::sets::{hands, Rng, Set, SEED};
    use crate::{Hand, Rules, Tables, Tile};

    /// The file's record of every pattern of at most eight tiles (suits
    /// and honours) equals the lanes its neighbours' classes give, and a
    /// larger pattern, which has no record, reads its neighbours.
    #[test]
    fn pattern_records_equal_the_neighbours_lanes() {
        let t = Tables::embedded().distance_tables();
        let parts_of = |suit: &[u8], honors: &[u8]| {
            let mut c = [0u8; 34];
            c[..suit.len()].copy_from_slice(suit);
            c[27..27 + honors.len()].copy_from_slice(honors);
            OpenParts::of(&t, &c)
        };
        let mut larger = 0;
        for v in crate::table::key::patterns::<9>() {
            let p = parts_of(&v, &[]);
            assert_eq!(p.lanes(&t, 0), p.neighbours_lanes(&t, 0), "{v:?}");
            larger += usize::from(p.suits[0].few_index().is_none());
        }
        for v in crate::table::key::patterns::<7>() {
            let p = parts_of(&[], &v);
            assert_eq!(p.lanes(&t, 3), p.neighbours_lanes(&t, 3), "{v:?}");
        }
        assert_eq!(
            larger,
            crate::table::key::SUIT_PATTERNS - crate::table::key::FEW_SUIT_PATTERNS
        );
    }

    /// A class lowers no lane against itself: a rank without room (whose
    /// neighbour is the part itself) and the honours' ranks 8 and 9 add no
    /// draw, whether the lanes are looked up or left at 0.
    #[test]
    fn a_class_lowers_nothing_against_itself() {
        let t = Tables::embedded().distance_tables();
        for c in 0..=255u8 {
            assert_eq!(t.suit_lowers(c, c), 0, "suit class {c}");
            assert_eq!(t.honor_lowers(c, c), 0, "honour class {c}");
        }
    }

    /// The hands one tile short of a 3n+1 hand, all at once (with a class
    /// cache kept across hands, small enough that slots are taken over, and
    /// a fresh one) against one `effective_short` query each: seeded random
    /// hands of 13, 10, 7 and 4 tiles, uniform or drawn mostly from pairs
    /// or terminals and honours (the counting forms near), under the rule
    /// sets with every part open.
    #[test]
    fn short_discards_equal_one_query_each() {
        let t = Tables::embedded();
        let orphans = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
        let pairs = [0, 4, 11, 15, 20, 24, 29, 33, 2, 13];
        let mut rng = Rng::new(SEED ^ 0x5157);
        let mut memo = [0u128; 16];
        let hands = if cfg!(debug_assertions) {
            10_000
        } else {
            100_000
        };
        let mut checked = 0;
        for h in 0..hands {
            let n = [13, 13, 13, 10, 7, 4][h % 6];
            let mut c = [0u8; 34];
            let mut held = 0;
            while held < n {
                let k = match h % 3 {
                    _ if rng.below(4) == 0 => rng.below(34),
                    0 => rng.below(34),
                    1 => pairs[rng.below(pairs.len())],
                    _ => orphans[rng.below(orphans.len())],
                };
                if c[k] < 4 {
                    c[k] += 1;
                    held += 1;
                }
            }
            let rules = if h % 2 == 0 {
                Rules::RIICHI
            } else {
                Rules::GENERIC
            };
            // Some kinds only, now and then.
            let kinds = if h % 5 == 0 { rng.next_u64() } else { !0 };
            let mut all = [(0, 0); 34];
            assert!(t.effective_short_memo(&c, &rules, kinds, &mut memo, &mut all));
            let fresh = t.effective_short_discards(&c, &rules, kinds).unwrap();
            assert_eq!(all, fresh, "{c:?}");
            for j in 0..34 {
                if c[j] == 0 || kinds >> j & 1 == 0 {
                    assert_eq!(all[j], (0, 0), "{c:?} less {j}");
                    continue;
                }
                let mut y = c;
                y[j] -= 1;
                assert_eq!(
                    Some(all[j]),
                    t.effective_short(&y, &rules),
                    "{c:?} less {j}"
                );
                checked += 1;
            }
        }
        assert!(checked > 5 * hands);
        // Off the common case there is no answer, as for effective_short.
        let mut y = [0u8; 34];
        y[..13].fill(1);
        for rules in [Rules::MCR, Rules::SICHUAN, Rules::RIICHI3] {
            assert_eq!(t.effective_short_discards(&y, &rules, !0), None);
        }
        y[13] = 1;
        assert_eq!(t.effective_short_discards(&y, &Rules::RIICHI, !0), None);
    }

    /// The size bits say what `Sizes` says.
    #[test]
    fn size_bits_agree_with_sizes() {
        for n in 0..40 {
            assert_eq!(
                SLOTS >> n.min(31) & 1 == 1,
                Sizes::Any.check(n, 0).is_ok(),
                "{n}"
            );
            assert_eq!(
                SLOTS_DRAW >> n.min(31) & 1 == 1,
                Sizes::Draw.check(n, 0).is_ok(),
                "{n}"
            );
        }
    }

    /// Rows for every held kind, not only a table's tied discards (so a row
    /// may keep the classes of the row before with its special forms now
    /// nearer): each row equals the effective tiles of the hand less its
    /// discard, asked alone, on random and near-seven-pairs hands.
    #[test]
    fn rows_of_every_discard_equal_the_hands_less_each() {
        use super::{concealed_rows, OpenParts};
        let t = Tables::embedded();
        let d = t.distance_tables();
        let mut set = hands(Set::R14, 2_000, SEED ^ 0x7207);
        set.extend(pairs_heavy(2_000));
        let mut kept = 0;
        for rules in [Rules::GENERIC, Rules::RIICHI] {
            for h in set.iter().filter(|h| h.concealed_len() == 14) {
                let c = h.counts();
                let (parts, tally) = OpenParts::tallied(&d, c);
                let kinds: Vec<usize> = (0..34).filter(|&i| c[i] > 0).collect();
                let mut rows = vec![0u64; kinds.len()];
                concealed_rows(&d, c, &parts, &tally, &rules, &kinds, &mut rows);
                kept += kinds.windows(2).filter(|w| w[0] / 9 == w[1] / 9).count();
                for (&j, &got) in kinds.iter().zip(&rows) {
                    let less = h.without_tile(Tile::from_index(j).unwrap()).unwrap();
                    let want = t.effective(&less, &rules, &[0; 34]).unwrap();
                    assert_eq!(got, want.tiles().bits(), "{h} less {j}");
                }
            }
        }
        assert!(kept > 10_000, "{kept}");
    }

    /// Complete hands with each count doubled (at most four, 14 tiles):
    /// seven pairs in reach, counts of four.
    fn pairs_heavy(n: usize) -> Vec<Hand> {
        hands(Set::C14, n, SEED + 1)
            .iter()
            .map(|h| {
                let mut c = [0u8; 34];
                for (i, &x) in h.counts().iter().enumerate() {
                    c[i] = if x > 0 { (2 * x).min(4) } else { 0 };
                }
                let mut left = 14;
                for x in c.iter_mut() {
                    *x = (*x).min(left);
                    left -= *x;
                }
                c[33] += left.min(4 - c[33]);
                Hand::new(c, &[]).unwrap()
            })
            .collect()
    }

    /// The discard table's fast path (one part per discard, the tally less
    /// the discard) against the effective tiles and shanten of each hand
    /// less its discard, asked one by one: random, complete and near-seven-
    /// pairs hands, under every rule set with all parts open.
    #[test]
    fn discard_rows_equal_the_hands_less_each_discard() {
        let t = Tables::embedded();
        let none = [0u8; 34];
        let mut set = hands(Set::R14, 3_000, SEED);
        set.extend(hands(Set::C14, 1_000, SEED));
        // Pairs and quads: seven pairs in reach, counts of 4 discarded.
        set.extend(pairs_heavy(1_000));
        for rules in [Rules::GENERIC, Rules::RIICHI] {
            for h in set.iter().filter(|h| h.concealed_len() == 14) {
                let d = t.discards(h, &rules, &none).unwrap();
                let after: Vec<(Tile, i8)> = Tile::all()
                    .filter_map(|x| Some((x, t.shanten(&h.without_tile(x)?, &rules).ok()?)))
                    .collect();
                let best = after.iter().map(|a| a.1).min().unwrap();
                assert_eq!(d.after(), best, "{h}");
                assert_eq!(d.len(), after.iter().filter(|a| a.1 == best).count(), "{h}");
                for (x, e) in d.iter() {
                    let w = h.without_tile(x).unwrap();
                    let want = t.effective(&w, &rules, &none).unwrap();
                    assert_eq!(e.tiles(), want.tiles(), "{h} less {x}");
                }
            }
        }
    }
}
