//! A concealed hand's four parts, every part open ([`OpenParts`]): their
//! neighbourhoods and classes, the lanes each class reads, and the
//! min-plus combinations refined by the parts kept. The shared ground of
//! the single queries and of the discard rows, kept apart from both.

use crate::engine::shanten::combine::{join, lane_bits, optimal_lanes, product_k, NOTHING};
use crate::engine::shanten::counts::Tally;
use crate::table::key::Neighbourhood;
use crate::table::{DistanceTables, Distances, RankLanes};
use crate::tile::Counts;
use std::cell::Cell;

/// The four parts of concealed counts: neighbourhoods and classes.
#[derive(Clone, Copy)]
pub(in crate::engine::shanten) struct OpenParts {
    pub(in crate::engine::shanten) suits: [Neighbourhood<9>; 3],
    pub(in crate::engine::shanten) honors: Neighbourhood<7>,
    pub(in crate::engine::shanten) class: [u8; 4],
    /// Suits (bit per suit) whose class is not their pattern's table class
    /// but a capped row's beside a declared meld (the melded path's): their
    /// lanes come from the neighbours, against that class.
    pub(in crate::engine::shanten) capped: u8,
}

impl OpenParts {
    #[inline(always)]
    pub(in crate::engine::shanten) fn of(t: &DistanceTables, c: &Counts) -> OpenParts {
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
    pub(in crate::engine::shanten) fn tallied(
        t: &DistanceTables,
        c: &Counts,
    ) -> (OpenParts, Tally) {
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
    pub(in crate::engine::shanten) fn lanes(&self, t: &DistanceTables, i: usize) -> RankLanes {
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
    pub(in crate::engine::shanten) fn all_lanes(&self, t: &DistanceTables) -> [RankLanes; 4] {
        self.kept_lanes(t, 0b1111)
    }

    /// [`OpenParts::lanes`] of the parts in `kept` (bit per part), none
    /// for the others (Sichuan's voided suit and absent honours).
    pub(in crate::engine::shanten) fn kept_lanes(
        &self,
        t: &DistanceTables,
        kept: u8,
    ) -> [RankLanes; 4] {
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
    pub(in crate::engine::shanten) fn improving(
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
pub(in crate::engine::shanten) fn known_except(
    lanes: &[RankLanes; 4],
    changed: usize,
) -> [Option<&RankLanes>; 4] {
    let mut known = [&lanes[0], &lanes[1], &lanes[2], &lanes[3]].map(Some);
    known[changed] = None;
    known
}

/// [`open_standard`](super::open_standard) over parts already looked up.
#[inline(always)]
pub(super) fn open_parts(
    t: &DistanceTables,
    p: &OpenParts,
    k: usize,
    tiles_up_to: u8,
) -> (u8, u64) {
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
pub(in crate::engine::shanten) fn open_parts_refined(
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
pub(in crate::engine::shanten) struct RowBefore {
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
pub(in crate::engine::shanten) fn open_row_refined(
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
pub(super) fn with_rests<'a>(
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

#[cfg(test)]
mod tests {
    use super::OpenParts;
    use crate::Tables;

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
}
