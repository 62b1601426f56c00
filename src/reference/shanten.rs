//! Brute-force shanten and effective tiles: the oracle of the table engine.
//!
//! Shanten is `d − 1`, where `d` (the *replacement distance*) is the fewest
//! tiles a hand must draw (discarding others) to hold a complete hand: the
//! minimum over every complete *target* hand `T` of the tiles `T` has beyond
//! the concealed counts `c`, `Σ max(0, T_i − c_i)`. A target has the hand's
//! size (a 3n+1 hand aims at 3n+2 tiles), keeps the declared melds, and never
//! holds more copies of a tile than remain beside the declared melds.
//!
//! Here every form is searched over its targets directly:
//!
//! * standard: melds and a pair, by iterative deepening over group multisets
//!   (each group costs the tiles it lacks from what the earlier groups left);
//! * seven pairs: the seven cheapest pair slots (a kind offers a second slot
//!   only where quads count as two pairs);
//! * thirteen orphans: each of the thirteen choices of the doubled tile;
//! * honours and knitted: every 14 of the 16 kinds of each knitted permutation;
//! * knitted straight: each permutation with every set and pair;
//! * Sichuan: every choice of the voided suit.
//!
//! It is slow (microseconds to milliseconds a hand) and obviously exact.

use crate::forms;
use crate::hand::Hand;
use crate::rules::{Rules, SevenPairs};
use crate::tile::{total, Counts, Tile, KINDS};
use crate::tileset::TileSet;

/// Shanten of the hand under `rules`, or `None` when the hand has no such
/// number: its size (concealed tiles plus three per declared meld) is not
/// 3n+1 or 3n+2 up to 14, it has no concealed tile, it holds tiles the rules
/// lack, or no complete hand can be reached.
///
/// ```
/// use hupai::{reference, Hand, Rules};
/// let hand: Hand = "123m123p123s1112z".parse().unwrap();
/// assert_eq!(reference::shanten::shanten(&hand, &Rules::RIICHI), Some(0));
/// ```
pub fn shanten(hand: &Hand, rules: &Rules) -> Option<i8> {
    distance(hand, rules).map(|d| d as i8 - 1)
}

/// Effective tiles of a 3n+1 hand: the kinds whose draw lowers the shanten
/// (kinds of which the hand and its melds already hold four cannot be drawn).
///
/// ```
/// use hupai::{reference, Hand, Rules};
/// let hand: Hand = "123m123p123s1112z".parse().unwrap();
/// let eff = reference::shanten::effective(&hand, &Rules::RIICHI).unwrap();
/// assert_eq!(eff.to_string(), "2z");
/// ```
pub fn effective(hand: &Hand, rules: &Rules) -> Option<TileSet> {
    let size = hand.concealed_len() + 3 * hand.meld_count();
    if size % 3 != 1 {
        return None;
    }
    let now = shanten(hand, rules)?;
    let mut out = TileSet::EMPTY;
    for t in Tile::all() {
        if let Ok(h) = hand.with_tile(t) {
            if shanten(&h, rules).is_some_and(|s| s < now) {
                out.insert(t);
            }
        }
    }
    Some(out)
}

/// The replacement distance (shanten + 1); see [`shanten`].
pub fn distance(hand: &Hand, rules: &Rules) -> Option<u8> {
    let c = hand.counts();
    let concealed = total(c);
    let melds = hand.meld_count();
    let size = concealed + 3 * melds;
    if concealed == 0 || size > 14 || size.is_multiple_of(3) {
        return None;
    }
    let all = hand.all_counts();
    if rules.missing_tile(&all).is_some() {
        return None;
    }
    // Copies a target may hold: what the declared melds leave.
    let mut caps = [4u8; KINDS];
    for i in 0..KINDS {
        caps[i] -= all[i] - c[i];
    }
    distance_caps(c, &caps, &all, melds, rules)
}

/// [`distance`] on raw counts: concealed `c` (any counts), the copies a
/// target may hold `caps`, everything held `all` (concealed and declared),
/// `melds` declared melds.
pub(crate) fn distance_caps(
    c: &Counts,
    caps: &[u8; KINDS],
    all: &Counts,
    melds: usize,
    rules: &Rules,
) -> Option<u8> {
    let concealed = total(c);
    let size = concealed + 3 * melds;
    if concealed == 0 || size > 14 || size.is_multiple_of(3) {
        return None;
    }
    let mut caps = *caps;
    // No target holds a tile the rules lack (honours in Sichuan, 2m–8m
    // with three players, where 1m and 9m then form no chow).
    for (i, cap) in caps.iter_mut().enumerate() {
        if !rules.tile_exists(i) {
            *cap = 0;
        }
    }
    let needed = concealed / 3;
    let mut best: Option<u8> = None;
    // Sichuan: the suits the hand may keep (declared melds must be kept).
    let voids = 3 - rules.max_suits.min(3) as usize;
    for mask in 0u8..8 {
        if mask.count_ones() as usize != voids {
            continue;
        }
        let mut caps = caps;
        let mut ok = true;
        for s in (0..3).filter(|s| mask >> s & 1 == 1) {
            ok &= (0..9).all(|r| all[s * 9 + r] == c[s * 9 + r]);
            caps[s * 9..s * 9 + 9].fill(0);
        }
        if !ok {
            continue;
        }
        let mut consider = |d: Option<u8>| {
            if let Some(d) = d {
                best = Some(best.map_or(d, |b| b.min(d)));
            }
        };
        consider(standard(c, &caps, needed, 1));
        if melds == 0 && concealed >= 13 {
            if rules.seven_pairs != SevenPairs::No {
                consider(seven_pairs(c, &caps, rules.seven_pairs));
            }
            if rules.thirteen_orphans {
                consider(thirteen_orphans(c));
            }
            if rules.mcr_forms {
                consider(honors_and_knitted(c));
            }
        }
        if let Some(sets) = forms::knitted_straight_sets(size, melds).filter(|_| rules.mcr_forms) {
            consider(knitted_straight(c, &caps, sets));
        }
    }
    best
}

/// The 55 meld shapes: 34 pungs, then 21 chows (lowest tile).
fn meld_tiles(kind: usize) -> [usize; 3] {
    if kind < KINDS {
        [kind; 3]
    } else {
        let j = kind - KINDS;
        let first = j / 7 * 9 + j % 7;
        [first, first + 1, first + 2]
    }
}

/// Fewest tiles to add to `c` for `melds` melds and `pairs` (0/1) pairs,
/// copies bounded by `caps`; `None` when no target fits the caps.
pub fn standard(c: &Counts, caps: &[u8; KINDS], melds: usize, pairs: usize) -> Option<u8> {
    let most = 3 * melds + 2 * pairs;
    (0..=most as u8).find(|&budget| {
        let mut left = *c;
        let mut used = [0u8; KINDS];
        if pairs == 0 {
            return search(&mut left, &mut used, caps, melds, 0, budget);
        }
        (0..KINDS).any(|i| {
            if caps[i] < 2 {
                return false;
            }
            let take = left[i].min(2);
            let cost = 2 - take;
            if cost > budget {
                return false;
            }
            left[i] -= take;
            used[i] += 2;
            let ok = search(&mut left, &mut used, caps, melds, 0, budget - cost);
            left[i] += take;
            used[i] -= 2;
            ok
        })
    })
}

/// Can `melds` more melds of shape ≥ `from` be added within `budget` missing tiles?
fn search(
    left: &mut Counts,
    used: &mut [u8; KINDS],
    caps: &[u8; KINDS],
    melds: usize,
    from: usize,
    budget: u8,
) -> bool {
    if melds == 0 {
        return true;
    }
    if 3 * melds <= budget as usize {
        // Every meld lacks at most its three tiles: any melds that fit will do.
        return fits(used, caps, melds, from);
    }
    // What each shape lacks now; later melds lack at least the least of these
    // (they draw on fewer tiles and come from fewer shapes).
    let mut lack = [u8::MAX; KINDS + 21];
    for (kind, l) in lack.iter_mut().enumerate().skip(from) {
        if room(used, caps, kind) {
            *l = if kind < KINDS {
                3u8.saturating_sub(left[kind])
            } else {
                meld_tiles(kind).iter().filter(|&&t| left[t] == 0).count() as u8
            };
        }
    }
    let least = *lack.iter().min().expect("55 shapes");
    if least == u8::MAX || least as usize * melds > budget as usize {
        return false;
    }
    for (kind, &lacks) in lack.iter().enumerate().skip(from) {
        if lacks == u8::MAX || (lacks + least * (melds as u8 - 1)) > budget {
            continue;
        }
        let tiles = meld_tiles(kind);
        let mut taken = [0u8; 3];
        let mut cost = 0;
        for (k, &t) in tiles.iter().enumerate() {
            if left[t] > 0 {
                left[t] -= 1;
                taken[k] = 1;
            } else {
                cost += 1;
            }
            used[t] += 1;
        }
        debug_assert_eq!(cost, lacks);
        let ok = search(left, used, caps, melds - 1, kind, budget - cost);
        for (k, &t) in tiles.iter().enumerate() {
            left[t] += taken[k];
            used[t] -= 1;
        }
        if ok {
            return true;
        }
    }
    false
}

/// Whether meld shape `kind` fits beside the tiles `used` so far.
fn room(used: &[u8; KINDS], caps: &[u8; KINDS], kind: usize) -> bool {
    let each = if kind < KINDS { 3 } else { 1 };
    meld_tiles(kind).iter().all(|&t| used[t] + each <= caps[t])
}

/// Whether `melds` more melds of shape ≥ `from` fit the caps at all.
fn fits(used: &mut [u8; KINDS], caps: &[u8; KINDS], melds: usize, from: usize) -> bool {
    if melds == 0 {
        return true;
    }
    (from..KINDS + 21).any(|kind| {
        if !room(used, caps, kind) {
            return false;
        }
        let tiles = meld_tiles(kind);
        for &t in &tiles {
            used[t] += 1;
        }
        let ok = fits(used, caps, melds - 1, kind);
        for &t in &tiles {
            used[t] -= 1;
        }
        ok
    })
}

/// Seven pairs: the seven cheapest pair slots.
fn seven_pairs(c: &Counts, caps: &[u8; KINDS], mode: SevenPairs) -> Option<u8> {
    let mut slots = Vec::new();
    for i in (0..KINDS).filter(|&i| caps[i] >= 2) {
        slots.push(2u8.saturating_sub(c[i]));
        if mode == SevenPairs::QuadsAllowed && caps[i] >= 4 {
            // The second pair of a kind: the cost of four copies beyond two.
            slots.push(4u8.saturating_sub(c[i]) - 2u8.saturating_sub(c[i]));
        }
    }
    slots.sort_unstable();
    (slots.len() >= 7).then(|| slots[..7].iter().sum())
}

/// Thirteen orphans: each choice of the doubled orphan.
fn thirteen_orphans(c: &Counts) -> Option<u8> {
    forms::ORPHANS
        .iter()
        .map(|&dup| {
            forms::ORPHANS
                .iter()
                .map(|&i| (1 + (i == dup) as u8).saturating_sub(c[i]))
                .sum()
        })
        .min()
}

/// Honours and knitted: 14 distinct kinds out of the 16 of a permutation.
fn honors_and_knitted(c: &Counts) -> Option<u8> {
    let mut best = u8::MAX;
    for p in 0..6 {
        let mut kinds: Vec<usize> = forms::knitted_tiles(p).to_vec();
        kinds.extend(27..34);
        for skip_a in 0..16 {
            for skip_b in skip_a + 1..16 {
                let missing = kinds
                    .iter()
                    .enumerate()
                    .filter(|&(k, &i)| k != skip_a && k != skip_b && c[i] == 0)
                    .count();
                best = best.min(missing as u8);
            }
        }
    }
    Some(best)
}

/// Knitted straight: the nine knitted tiles of a permutation, plus `sets`
/// (0 or 1) sets and a pair (see [`forms::knitted_straight_sets`]).
fn knitted_straight(c: &Counts, caps: &[u8; KINDS], sets: usize) -> Option<u8> {
    let mut best: Option<u8> = None;
    for p in 0..6 {
        let mut target = [0u8; KINDS];
        for i in forms::knitted_tiles(p) {
            target[i] += 1;
        }
        let sets: Vec<Option<usize>> = if sets == 1 {
            (0..KINDS + 21).map(Some).collect()
        } else {
            vec![None]
        };
        for set in &sets {
            for pair in 0..KINDS {
                let mut t = target;
                if let Some(k) = set {
                    for i in meld_tiles(*k) {
                        t[i] += 1;
                    }
                }
                t[pair] += 2;
                if (0..KINDS).any(|i| t[i] > caps[i]) {
                    continue;
                }
                let d: u8 = (0..KINDS).map(|i| t[i].saturating_sub(c[i])).sum();
                best = Some(best.map_or(d, |b| b.min(d)));
            }
        }
    }
    best
}
