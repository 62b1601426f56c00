//! The budgeted programme over every part: each part's distance to `m`
//! melds and `p` pairs within each excess budget, their min-plus
//! combination, the counting forms less the jokers, and the improving
//! draws. It answers what the tables do not (three-player hands of more
//! than seven honour-like kinds) and is the definition the table paths are
//! tested against (`*_searched`).

use super::Shape;
use crate::engine::ShantenError;
use crate::forms;
use crate::rules::{Rules, SevenPairs};
use crate::table::layout::cells::FAR;
use crate::table::Distances;
use crate::tile::{Counts, KINDS};

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

/// The parts (bits m, p, s, z) a target may use: all, or (Sichuan) each
/// choice of numbered suits to void that spares the suits of declared melds.
#[inline]
pub(super) fn keeps(caps: &[u8; KINDS], rules: &Rules) -> impl Iterator<Item = u8> {
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
pub(super) fn ranks(i: usize) -> std::ops::Range<usize> {
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
pub(super) fn distance(s: &Shape, rules: &Rules) -> u8 {
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
pub(super) fn fills_within_four(s: &Shape, rules: &Rules) -> bool {
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

/// Distance of a 3n+1 hand and the real tiles whose draw lowers it. A
/// draw changes one part: the other parts' distances are computed once.
pub(super) fn improving(s: &Shape, rules: &Rules) -> Result<(u8, u64), ShantenError> {
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
