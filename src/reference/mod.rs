//! The recursive reference: the classic recursive algorithm.
//!
//! Take each possible pair, peel melds off the lowest remaining tile (pung,
//! then chow), backtrack; take quads as kongs by count; test the special forms.
//! It is the oracle the table engine is proven against and the baseline the
//! benchmarks beat, so it is written to be obviously correct and reasonably
//! quick (early exit, no allocation on the hu path), not to be a straw man.
//!
//! Counts may hold a fifth copy: waits ask "would this tile complete the hand",
//! which for an exhausted wait is a tile the hand already holds four of.

pub mod jokers;
pub mod shanten;

use crate::arrangement::{Arrangement, Form, Group, GroupKind};
use crate::forms;
use crate::hand::{Hand, Meld};
use crate::rules::{Rules, SevenPairs};
use crate::tile::{total, Counts, Tile, KINDS};
use crate::tileset::TileSet;

/// Whether the hand is complete under `rules`.
///
/// ```
/// use hupai::{reference, Hand, Rules};
/// let h: Hand = "123m456p789s11122z".parse().unwrap();
/// assert!(reference::is_win(&h, &Rules::GENERIC));
/// ```
pub fn is_win(hand: &Hand, rules: &Rules) -> bool {
    let melds: Vec<Meld> = hand.melds().copied().collect();
    is_win_counts(hand.counts(), &melds, rules)
}

/// [`is_win`] on raw concealed counts (a count may be 5) and declared melds.
pub fn is_win_counts(counts: &Counts, melds: &[Meld], rules: &Rules) -> bool {
    if !tiles_allowed(counts, melds, rules) {
        return false;
    }
    let concealed = total(counts);
    let size = concealed + 3 * melds.len();
    for k in kong_counts(size, rules) {
        let mut c = *counts;
        if with_kongs(&mut c, k, 0, &mut |c| standard(c)) {
            return true;
        }
    }
    if melds.is_empty() && concealed == 14 && special_form(counts, rules) {
        return true;
    }
    rules.mcr_forms && knitted_straight(counts, melds).is_some()
}

/// Tiles that complete the hand, split into live ones and ones whose four
/// copies the hand already holds (concealed + melds).
///
/// ```
/// use hupai::{reference, Hand, Rules};
/// let h: Hand = "1112345678999m".parse().unwrap();
/// let (live, exhausted) = reference::waits(&h, &Rules::GENERIC);
/// assert_eq!(live.len(), 9);
/// assert!(exhausted.is_empty());
/// ```
pub fn waits(hand: &Hand, rules: &Rules) -> (TileSet, TileSet) {
    let melds: Vec<Meld> = hand.melds().copied().collect();
    let all = hand.all_counts();
    let (mut live, mut exhausted) = (TileSet::EMPTY, TileSet::EMPTY);
    for t in Tile::all() {
        let mut c = *hand.counts();
        c[t.index()] += 1;
        if is_win_counts(&c, &melds, rules) {
            if all[t.index()] >= 4 {
                exhausted.insert(t);
            } else {
                live.insert(t);
            }
        }
    }
    (live, exhausted)
}

/// Every distinct arrangement of a complete hand (declared melds included),
/// in a deterministic order; empty when the hand is not complete.
///
/// ```
/// use hupai::{reference, Hand, Rules};
/// use hupai::Form;
/// let h: Hand = "11112222333344m".parse().unwrap();
/// // Three standard arrangements, plus seven pairs (quads as two pairs) under generic rules.
/// let all = reference::arrangements(&h, &Rules::GENERIC);
/// assert_eq!(all.iter().filter(|a| a.form() == Form::Standard).count(), 3);
/// assert_eq!(all.len(), 4);
/// assert_eq!(reference::arrangements(&h, &Rules::RIICHI).len(), 3);
/// ```
pub fn arrangements(hand: &Hand, rules: &Rules) -> Vec<Arrangement> {
    let melds: Vec<Meld> = hand.melds().copied().collect();
    arrangements_counts(hand.counts(), &melds, rules)
}

/// [`arrangements`] on raw concealed counts (a count may exceed four, as
/// when jokers stand for more copies) and declared melds.
///
/// ```
/// use hupai::{reference, Rules};
/// let mut c = [0u8; 34];
/// c[0] = 5; // 11111m: 111m + 11m
/// assert_eq!(reference::arrangements_counts(&c, &[], &Rules::GENERIC).len(), 1);
/// ```
pub fn arrangements_counts(counts: &Counts, melds: &[Meld], rules: &Rules) -> Vec<Arrangement> {
    let mut out = Vec::new();
    if !tiles_allowed(counts, melds, rules) {
        return out;
    }
    let size = total(counts) + 3 * melds.len();
    let mut base = Arrangement::new(Form::Standard);
    for m in melds {
        base.push(Group::declared(*m));
    }
    for k in kong_counts(size, rules) {
        let mut c = *counts;
        let mut kongs = Vec::new();
        for_kongs(&mut c, k, 0, &mut kongs, &mut |c, kongs| {
            let mut a = base;
            for &i in kongs {
                a.push(Group::concealed(GroupKind::Kong, tile(i)));
            }
            split(&mut c.clone(), 0, false, a, &mut out);
        });
    }
    if melds.is_empty() && total(counts) == 14 {
        for form in special_forms(counts, rules) {
            out.push(forms::special_arrangement(counts, form));
        }
    }
    if rules.mcr_forms {
        for p in forms::knitted_straights(counts) {
            let mut c = *counts;
            for i in forms::knitted_tiles(p) {
                c[i] -= 1;
            }
            let mut a = base;
            a.set_form(Form::KnittedStraight);
            for g in forms::knitted_groups(p) {
                a.push(g);
            }
            // The rest splits into a set and a pair, or a pair where the
            // form needs no set (beside a declared meld, in a bare short hand).
            let size = total(counts) + 3 * melds.len();
            if size % 3 == 2 && forms::knitted_straight_sets(size, melds.len()).is_some() {
                split(&mut c, 0, false, a, &mut out);
            }
        }
    }
    for a in &mut out {
        a.canonicalize();
    }
    out.sort_by_key(|a| {
        (
            a.form(),
            a.groups()
                .iter()
                .map(|g| (g.tile, g.kind))
                .collect::<Vec<_>>(),
        )
    });
    out.dedup();
    out
}

/// Whether one suit's counts split into melds (chows when `chows`) with no
/// pair, and with exactly one pair: the facts the generator tables store.
pub fn suit_complete(counts: &[u8], chows: bool) -> (bool, bool) {
    let mut c = [0u8; KINDS];
    c[..counts.len()].copy_from_slice(counts);
    let n: usize = counts.iter().map(|&x| x as usize).sum();
    let only = n.is_multiple_of(3) && melds_only(&mut c, 0, chows, counts.len());
    let with_pair = n % 3 == 2
        && (0..counts.len()).any(|p| {
            c[p] >= 2 && {
                c[p] -= 2;
                let ok = melds_only(&mut c, 0, chows, counts.len());
                c[p] += 2;
                ok
            }
        });
    (only, with_pair)
}

fn tile(i: usize) -> Tile {
    Tile::from_index(i).expect("index < 34")
}

/// Only tiles the rules have (honours, three players' 2m–8m), and at most
/// `max_suits` numbered suits in the whole hand.
pub(crate) fn tiles_allowed(counts: &Counts, melds: &[Meld], rules: &Rules) -> bool {
    let mut all = *counts;
    for m in melds {
        m.add_to(&mut all);
    }
    let exist = rules.missing_tile(&all).is_none();
    let suits = (0..3)
        .filter(|s| all[s * 9..s * 9 + 9].iter().any(|&c| c > 0))
        .count();
    exist && suits <= rules.max_suits as usize
}

/// How many concealed quads are read as kongs for a hand of `size` slots
/// (concealed tiles + 3 per declared meld): none for a 3n+2 hand of at most
/// 14, and k for undeclared kongs' 14 + k (k = 1..4).
pub(crate) fn kong_counts(size: usize, rules: &Rules) -> impl Iterator<Item = usize> {
    let plain = (size % 3 == 2 && size <= 14).then_some(0);
    let kongs = (rules.undeclared_kongs && (15..=18).contains(&size)).then(|| size - 14);
    plain.into_iter().chain(kongs)
}

/// Try every way to take `k` quads out of `c` and run `f` on the rest.
fn with_kongs(c: &mut Counts, k: usize, from: usize, f: &mut dyn FnMut(&Counts) -> bool) -> bool {
    if k == 0 {
        return f(c);
    }
    for i in from..KINDS {
        if c[i] >= 4 {
            c[i] -= 4;
            let ok = with_kongs(c, k - 1, i + 1, f);
            c[i] += 4;
            if ok {
                return true;
            }
        }
    }
    false
}

fn for_kongs(
    c: &mut Counts,
    k: usize,
    from: usize,
    kongs: &mut Vec<usize>,
    f: &mut dyn FnMut(&Counts, &[usize]),
) {
    if k == 0 {
        return f(c, kongs);
    }
    for i in from..KINDS {
        if c[i] >= 4 {
            c[i] -= 4;
            kongs.push(i);
            for_kongs(c, k - 1, i + 1, kongs, f);
            kongs.pop();
            c[i] += 4;
        }
    }
}

/// Melds + one pair over the whole 34-kind array.
fn standard(counts: &Counts) -> bool {
    if total(counts) % 3 != 2 {
        return false;
    }
    let mut c = *counts;
    (0..KINDS).any(|p| {
        c[p] >= 2 && {
            c[p] -= 2;
            let ok = melds_only(&mut c, 0, true, KINDS);
            c[p] += 2;
            ok
        }
    })
}

/// Peel melds off the lowest remaining tile; chows never cross a suit or use honours.
fn melds_only(c: &mut Counts, from: usize, chows: bool, len: usize) -> bool {
    let Some(i) = (from..len).find(|&i| c[i] > 0) else {
        return true;
    };
    if c[i] >= 3 {
        c[i] -= 3;
        let ok = melds_only(c, i, chows, len);
        c[i] += 3;
        if ok {
            return true;
        }
    }
    if chows && i < 27 && i % 9 <= 6 && i + 2 < len && c[i + 1] > 0 && c[i + 2] > 0 {
        c[i] -= 1;
        c[i + 1] -= 1;
        c[i + 2] -= 1;
        let ok = melds_only(c, i, chows, len);
        c[i] += 1;
        c[i + 1] += 1;
        c[i + 2] += 1;
        return ok;
    }
    false
}

/// Every split of `c` into melds and exactly one pair, appended to `out`.
fn split(c: &mut Counts, from: usize, pair: bool, acc: Arrangement, out: &mut Vec<Arrangement>) {
    let Some(i) = (from..KINDS).find(|&i| c[i] > 0) else {
        if pair {
            out.push(acc);
        }
        return;
    };
    let mut take = |c: &mut Counts, kind: GroupKind, tiles: &[usize], pair: bool| {
        for &t in tiles {
            c[t] -= 1;
        }
        let mut a = acc;
        a.push(Group::concealed(kind, tile(i)));
        split(c, i, pair, a, out);
        for &t in tiles {
            c[t] += 1;
        }
    };
    if !pair && c[i] >= 2 {
        take(c, GroupKind::Pair, &[i, i], true);
    }
    if c[i] >= 3 {
        take(c, GroupKind::Pung, &[i, i, i], pair);
    }
    if i < 27 && i % 9 <= 6 && c[i + 1] > 0 && c[i + 2] > 0 {
        take(c, GroupKind::Chow, &[i, i + 1, i + 2], pair);
    }
}

/// The concealed 14-tile special forms the counts satisfy under `rules`
/// (seven pairs, thirteen orphans, seven shifted pairs, honours and knitted).
pub(crate) fn special_forms(counts: &Counts, rules: &Rules) -> Vec<Form> {
    let mut v = Vec::new();
    if rules.mcr_forms && forms::seven_shifted_pairs(counts) {
        v.push(Form::SevenShiftedPairs);
    } else if rules.seven_pairs != SevenPairs::No && forms::seven_pairs(counts, rules.seven_pairs) {
        v.push(Form::SevenPairs);
    }
    if rules.thirteen_orphans && forms::thirteen_orphans(counts) {
        v.push(Form::ThirteenOrphans);
    }
    if rules.mcr_forms && forms::honors_and_knitted(counts).is_some() {
        v.push(Form::HonorsAndKnitted);
    }
    v
}

fn special_form(counts: &Counts, rules: &Rules) -> bool {
    !special_forms(counts, rules).is_empty()
}

/// A knitted permutation whose straight plus one set and a pair (the set may
/// be a declared meld, or the missing set of a bare 11-tile hand) makes the hand.
fn knitted_straight(counts: &Counts, melds: &[Meld]) -> Option<usize> {
    let size = total(counts) + 3 * melds.len();
    if size % 3 != 2 || forms::knitted_straight_sets(size, melds.len()).is_none() {
        return None;
    }
    forms::knitted_straights(counts).find(|&p| {
        let mut c = *counts;
        for i in forms::knitted_tiles(p) {
            c[i] -= 1;
        }
        standard(&c)
    })
}
