//! Jokers in the recursive reference: try what each joker can stand for.
//!
//! Two independent oracles, both ending in the plain reference
//! ([`is_win_counts`]) on the hand with each joker
//! replaced by the tile it stands for (counts may exceed four):
//!
//! * [`is_win_brute`]: every multiset of joker values over a candidate set
//!   ([`candidates`], proven sufficient in its comment). Exponential in the
//!   joker count; [`brute_force_size`] says what it costs, so tests run it
//!   where it is cheap.
//! * [`completion`]: a search that builds the values: the lowest real tile's
//!   group is filled with jokers where real copies are missing (the
//!   recursive peel of the reference, with jokers as fillers), kongs of
//!   jokers for undeclared kongs, and each special form's missing tiles. It
//!   returns what the jokers stand for, so every `true` can be checked by the
//!   plain reference, and it is fast enough for millions of hands.

use super::{is_win_counts, kong_counts, tiles_allowed};
use crate::arrangement::{Arrangement, Form, GroupKind};
use crate::engine::jokers::{FreeJokers, JokerArrangement, JokerGroup};
use crate::engine::Jokers;
use crate::forms;
use crate::hand::{Hand, Meld};
use crate::rules::{Rules, SevenPairs};
use crate::tile::{total, Counts, Tile, KINDS};
use crate::tileset::TileSet;

/// Whether the hand's real tiles plus `jokers` jokers are complete: some
/// choice of what each joker stands for completes it ([`completion`]).
///
/// ```
/// use hupai::{reference, Hand, Rules};
/// let h: Hand = "123m456p789s1z".parse().unwrap();
/// assert!(reference::jokers::is_win(&h, 1, &Rules::GENERIC));
/// assert!(!reference::jokers::is_win(&h, 0, &Rules::GENERIC));
/// ```
pub fn is_win(hand: &Hand, jokers: usize, rules: &Rules) -> bool {
    let melds: Vec<Meld> = hand.melds().copied().collect();
    completion(hand.counts(), &melds, jokers, rules).is_some()
}

/// The tiles that complete the hand's real tiles with `jokers` jokers, each
/// drawn tile a real one, split into live ones and exhausted ones (the hand
/// holds all four copies, concealed or in melds).
///
/// ```
/// use hupai::{reference, Hand, Rules};
/// let h: Hand = "123m456p789s11z".parse().unwrap();
/// let (live, exhausted) = reference::jokers::waits(&h, 2, &Rules::GENERIC);
/// assert_eq!(live.len(), 34); // 11z, and the draw with the two jokers as a pung
/// assert!(exhausted.is_empty());
/// ```
pub fn waits(hand: &Hand, jokers: usize, rules: &Rules) -> (TileSet, TileSet) {
    let melds: Vec<Meld> = hand.melds().copied().collect();
    let all = hand.all_counts();
    let (mut live, mut exhausted) = (TileSet::EMPTY, TileSet::EMPTY);
    for t in Tile::all() {
        let mut c = *hand.counts();
        c[t.index()] += 1;
        if completion(&c, &melds, jokers, rules).is_some() {
            if all[t.index()] >= 4 {
                exhausted.insert(t);
            } else {
                live.insert(t);
            }
        }
    }
    (live, exhausted)
}

/// [`waits`] of a hand as written, `spec` naming its jokers; `None` when
/// the specification does not fit the hand. A drawn joker tile is one more
/// joker, exhausted when the hand as written holds its four copies.
///
/// ```
/// use hupai::{reference, Hand, Jokers, Rules, Tile};
/// let h: Hand = "123m456p789s144z7z".parse().unwrap();
/// let spec = Jokers { extra: 0, tile: Some(Tile::RED) };
/// let (live, _) = reference::jokers::waits_with(&h, &spec, &Rules::GENERIC).unwrap();
/// assert_eq!(live.to_string(), "1z 4z 7z");
/// ```
pub fn waits_with(hand: &Hand, spec: &Jokers, rules: &Rules) -> Option<(TileSet, TileSet)> {
    let (real, jokers) = spec.split(hand, rules).ok()?;
    let (mut live, mut exhausted) = waits(&real, jokers, rules);
    if let Some(t) = spec.tile {
        live = live.difference(TileSet::from_bits(1 << t.index()));
        exhausted = exhausted.difference(TileSet::from_bits(1 << t.index()));
        let melds: Vec<Meld> = real.melds().copied().collect();
        if completion(real.counts(), &melds, jokers + 1, rules).is_some() {
            if hand.all_counts()[t.index()] >= 4 {
                exhausted.insert(t);
            } else {
                live.insert(t);
            }
        }
    }
    Some((live, exhausted))
}

/// What the jokers stand for in some completion of the hand (real concealed
/// `counts`, declared `melds`, `jokers` jokers), as counts to add to the real
/// tiles; `None` when no choice completes it. Adding the result to `counts`
/// gives a hand the plain reference accepts.
///
/// ```
/// use hupai::{reference, Hand, Rules, Tile};
/// let h: Hand = "1111m".parse().unwrap();
/// let a = reference::jokers::completion(h.counts(), &[], 1, &Rules::GENERIC).unwrap();
/// assert_eq!(a[0], 1); // the joker is a fifth 1m: 111m + 11m
/// let mut c = *h.counts();
/// c[0] += 1;
/// assert!(reference::is_win_counts(&c, &[], &Rules::GENERIC));
/// ```
pub fn completion(counts: &Counts, melds: &[Meld], jokers: usize, rules: &Rules) -> Option<Counts> {
    if !tiles_allowed(counts, melds, rules) {
        return None;
    }
    let fresh = Fresh::new(counts, melds, rules);
    let concealed = total(counts).saturating_add(jokers);
    let size = concealed.saturating_add(3 * melds.len());
    for k in kong_counts(size, rules) {
        let mut c = *counts;
        let mut a = [0u8; KINDS];
        if kongs(&mut c, jokers, k, 0, &fresh, &mut a) {
            return Some(a);
        }
    }
    if melds.is_empty() && concealed == 14 {
        if let Some(a) = special_form(counts, jokers, rules, &fresh) {
            return Some(a);
        }
    }
    let knitted = size % 3 == 2 && forms::knitted_straight_sets(size, melds.len()).is_some();
    if rules.mcr_forms && knitted {
        return knitted_straight(counts, jokers, &fresh);
    }
    None
}

/// Kinds the hand holds no real copy of, allowed by the rules, in the suits
/// the hand already uses (real tiles or melds) first: the kinds groups of
/// jokers only stand for, so they add no suit. A fixed array: no allocation.
struct Fresh {
    kinds: [usize; KINDS],
    len: usize,
}

impl Fresh {
    fn new(counts: &Counts, melds: &[Meld], rules: &Rules) -> Fresh {
        let mut all = *counts;
        for m in melds {
            m.add_to(&mut all);
        }
        let used = |s: usize| all[s * 9..(s * 9 + 9).min(KINDS)].iter().any(|&c| c > 0);
        let mut f = Fresh {
            kinds: [0; KINDS],
            len: 0,
        };
        for pass in [true, false] {
            for s in 0..4 {
                if used(s) != pass || (s == 3 && !rules.honors) {
                    continue;
                }
                let kinds = s * 9..(s * 9 + 9).min(KINDS);
                for i in kinds.filter(|&i| counts[i] == 0) {
                    f.kinds[f.len] = i;
                    f.len += 1;
                }
            }
        }
        f
    }

    fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.kinds[..self.len].iter().copied()
    }

    /// The kind pungs and pairs of jokers only stand for.
    fn first(&self) -> usize {
        self.kinds[0]
    }
}

/// Take `k` kongs (distinct kinds from `from` on), then melds + pair. A kong
/// of a held kind takes 1..=4 of its real copies and jokers for the rest
/// (every split is tried); the kongs not taken from held kinds are four
/// jokers each, standing for fresh kinds.
fn kongs(c: &mut Counts, j: usize, k: usize, from: usize, fresh: &Fresh, a: &mut Counts) -> bool {
    let all_joker = |a: &mut Counts, k: usize, j: usize| -> Option<usize> {
        if 4 * k > j {
            return None;
        }
        let mut placed = 0;
        for f in fresh.iter() {
            if placed < k && a[f] == 0 {
                a[f] += 4;
                placed += 1;
            }
        }
        if placed < k {
            return None;
        }
        Some(j - 4 * k)
    };
    // Fewer kongs from held kinds: the rest are jokers only.
    let before = *a;
    if let Some(left) = all_joker(a, k, j) {
        let free = fresh.first();
        if standard(c, left, true, free, a) {
            return true;
        }
    }
    *a = before;
    if k == 0 {
        return false;
    }
    for i in from..KINDS {
        for real in 1..=c[i].min(4) {
            let need = 4 - real as usize;
            if need > j {
                continue;
            }
            c[i] -= real;
            a[i] += need as u8;
            if kongs(c, j - need, k - 1, i + 1, fresh, a) {
                return true;
            }
            c[i] += real;
            a[i] -= need as u8;
        }
    }
    false
}

/// Melds (+ the pair, while `pair`) from the real counts `c` and `j` jokers,
/// recording what the jokers stand for in `a`.
///
/// The lowest real tile `i` lies in some group: the pair, a pung, or one of
/// the (up to three) chows through `i`. Each slot of the group takes a real
/// copy when the hand has one left, else a joker. That loses nothing: in any
/// completion, a joker standing for `t` in this group while a real `t` sits
/// in another group can swap places with it, giving a completion in which
/// this group holds real copies wherever they exist. Once no real tile is
/// left, the jokers form the pair (if still needed) and pungs of `free`.
fn standard(c: &mut Counts, j: usize, pair: bool, free: usize, a: &mut Counts) -> bool {
    let Some(i) = (0..KINDS).find(|&i| c[i] > 0) else {
        let p = if pair { 2 } else { 0 };
        if j < p || !(j - p).is_multiple_of(3) {
            return false;
        }
        a[free] += j as u8;
        return true;
    };
    let mut groups = [([0usize; 3], 0usize); 5];
    let mut len = 0;
    let mut push = |slots: [usize; 3], n: usize| {
        groups[len] = (slots, n);
        len += 1;
    };
    if pair {
        push([i, i, 0], 2);
    }
    push([i, i, i], 3);
    if i < 27 {
        let r = i % 9;
        for start in r.saturating_sub(2)..=r.min(6) {
            let t = i - r + start;
            push([t, t + 1, t + 2], 3);
        }
    }
    // Groups that take the same real tiles and as many jokers leave the same
    // rest (e.g. `x` with two jokers as a pung or as a chow): try one.
    let mut tried = [(0u128, 0usize, false); 5];
    for (g, &(slots, n)) in groups[..len].iter().enumerate() {
        let mut real = [false; 3];
        let mut used = 0;
        let mut taken = 0u128;
        for s in 0..n {
            if c[slots[s]] > 0 {
                c[slots[s]] -= 1;
                real[s] = true;
                taken += 1 << (3 * slots[s]);
            } else {
                a[slots[s]] += 1;
                used += 1;
            }
        }
        let key = (taken, used, pair && n == 3);
        let new_rest = !tried[..g].contains(&key);
        tried[g] = key;
        if new_rest && used <= j && standard(c, j - used, key.2, free, a) {
            return true;
        }
        for s in 0..n {
            if real[s] {
                c[slots[s]] += 1;
            } else {
                a[slots[s]] -= 1;
            }
        }
    }
    false
}

/// The special forms over 14 concealed slots: build the joker values each
/// form needs, and let the form's own check (shared with the plain
/// reference) confirm the result.
fn special_form(c: &Counts, j: usize, rules: &Rules, fresh: &Fresh) -> Option<Counts> {
    let plus = |a: &Counts| -> Counts { std::array::from_fn(|i| c[i] + a[i]) };
    let fits = |target: &Counts| -> Option<Counts> {
        let a: Counts = std::array::from_fn(|i| target[i].saturating_sub(c[i]));
        ((0..KINDS).all(|i| c[i] <= target[i]) && total(&a) == j).then_some(a)
    };
    // Seven pairs: a joker on each kind held an odd number of times, the
    // rest as pairs of fresh kinds (any other placement of the leftover pairs
    // is no better: a fresh pair is valid under both readings of seven pairs).
    if rules.seven_pairs != SevenPairs::No {
        let mut a = [0u8; KINDS];
        for i in 0..KINDS {
            a[i] = c[i] & 1;
        }
        let odd = total(&a);
        if odd <= j {
            for f in fresh.iter().take((j - odd) / 2) {
                a[f] = 2;
            }
            if total(&a) == j && forms::seven_pairs(&plus(&a), rules.seven_pairs) {
                return Some(a);
            }
        }
    }
    // Thirteen orphans: each orphan once, one of them twice.
    if rules.thirteen_orphans {
        for &d in &forms::ORPHANS {
            let mut target = [0u8; KINDS];
            for &o in &forms::ORPHANS {
                target[o] = 1 + (o == d) as u8;
            }
            if let Some(a) = fits(&target).filter(|a| forms::thirteen_orphans(&plus(a))) {
                return Some(a);
            }
        }
    }
    if rules.mcr_forms {
        // Seven shifted pairs: two of each of seven consecutive ranks.
        for s in 0..3 {
            for start in 0..3 {
                let mut target = [0u8; KINDS];
                target[s * 9 + start..s * 9 + start + 7].fill(2);
                if let Some(a) = fits(&target).filter(|a| forms::seven_shifted_pairs(&plus(a))) {
                    return Some(a);
                }
            }
        }
        // Honours and knitted: distinct tiles of one knitted permutation and
        // the honours; jokers take missing ones in order.
        for p in 0..forms::KNITTED_PERMS.len() {
            let allowed = forms::knitted_tiles(p).into_iter().chain(27..KINDS);
            let mut a = [0u8; KINDS];
            for t in allowed.filter(|&t| c[t] == 0).take(j) {
                a[t] = 1;
            }
            if total(&a) == j && forms::honors_and_knitted(&plus(&a)).is_some() {
                return Some(a);
            }
        }
    }
    None
}

/// MCR knitted straight: jokers for the permutation's missing tiles, then a
/// set and a pair from the rest.
fn knitted_straight(c: &Counts, j: usize, fresh: &Fresh) -> Option<Counts> {
    for p in 0..forms::KNITTED_PERMS.len() {
        let mut rest = *c;
        let mut a = [0u8; KINDS];
        for t in forms::knitted_tiles(p) {
            if rest[t] > 0 {
                rest[t] -= 1;
            } else {
                a[t] += 1;
            }
        }
        let missing = total(&a);
        let free = fresh.first();
        if missing <= j && standard(&mut rest, j - missing, true, free, &mut a) {
            return Some(a);
        }
    }
    None
}

/// The kinds [`is_win_brute`] lets a joker stand for: enough that whenever
/// some choice of joker values completes the hand, a choice within these
/// does.
///
/// * `N`: allowed kinds within two ranks of a real concealed tile in its
///   numbered suit, and each honour held;
/// * `F`: the first `f` allowed kinds outside `N` of each suit, or of all
///   kinds when the rules limit neither honours nor suits, where
///   `f = max(s, p)`: `s = max(1, ⌊j/4⌋)` for the standard form (`0` below
///   two jokers), `p = ⌊j/2⌋` for distinct seven pairs, `⌈⌊j/2⌋/2⌉` when a
///   quad counts as two pairs;
/// * every terminal and honour when the rules allow thirteen orphans;
///   every kind under MCR forms.
///
/// Proof. Take joker values `a` with `counts + a` complete (the plain
/// reference, which also requires its tiles to be allowed, so every value is
/// an allowed kind). If thirteen orphans holds, every value is an orphan:
/// covered. Under MCR every kind is a candidate. Otherwise the standard form
/// (after the generic rules' undeclared kongs) or seven pairs holds. Call a *class* a suit,
/// or all kinds when the rules limit neither honours nor suits: moving a
/// kind's copies to another kind of its class keeps the hand's tiles allowed.
///
/// Standard: fix a split into kongs, melds and the pair, and which copy sits
/// in which group. A joker in a group with a real tile stands for a kind
/// within two ranks of it in its suit, or its own kind: in `N`. Turn every
/// chow of jokers only `x, x+1, x+2` into the pung `x, x, x`: still a split.
/// Now a kind outside `N` holds jokers only, in pairs, pungs and kongs of one
/// kind each. Within a class, move every such pair and pung onto one kind
/// (a kong's kind, if the class has an all-joker kong outside `N`): its
/// count `4·[kong] + 3m (+2)` still splits, and with_kongs still finds the
/// kongs (distinct kinds, each still at least four). Kongs of jokers only
/// number at most `⌊j/4⌋`, so at most `s` kinds outside `N` per class remain
/// in use; a permutation of the class's kinds outside `N` puts them first.
/// Single-kind groups map to single-kind groups, distinct kongs stay
/// distinct, the real tiles (all in `N`) stay put: still complete, with
/// values in `N ∪ F`.
///
/// Seven pairs depends only on the multiset of counts. A kind outside `N`
/// holds jokers only: a pair, or (quads allowed) two pairs. Such pairs number
/// at most `⌊j/2⌋`; with quads allowed, stack them two per kind. Moving and
/// permuting within classes as above keeps the form: at most `p` kinds.
///
/// ```
/// use hupai::{reference::jokers::candidates, Hand, Rules};
/// let h: Hand = "5m".parse().unwrap();
/// // N = 3m–7m; F = one kind for the standard form and seven pairs
/// let k = candidates(h.counts(), 2, &Rules::GENERIC);
/// assert_eq!(k.to_string(), "1m 3m 4m 5m 6m 7m");
/// // Sichuan (two suits at most): one per suit
/// let k = candidates(h.counts(), 2, &Rules::SICHUAN);
/// assert_eq!(k.to_string(), "1m 3m 4m 5m 6m 7m 1p 1s");
/// ```
pub fn candidates(counts: &Counts, jokers: usize, rules: &Rules) -> TileSet {
    let allowed = |i: usize| rules.honors || i < 27;
    let mut near = [false; KINDS];
    for i in (0..KINDS).filter(|&i| counts[i] > 0) {
        if i >= 27 {
            near[i] = true;
        } else {
            let (s, r) = (i - i % 9, i % 9);
            for t in r.saturating_sub(2)..=(r + 2).min(8) {
                near[s + t] = true;
            }
        }
    }
    let mut set = TileSet::EMPTY;
    let tile = |i: usize| Tile::from_index(i).expect("index < 34");
    for i in (0..KINDS).filter(|&i| near[i] && allowed(i)) {
        set.insert(tile(i));
    }
    let standard = if jokers < 2 { 0 } else { (jokers / 4).max(1) };
    let pairs = match rules.seven_pairs {
        SevenPairs::No => 0,
        SevenPairs::Distinct => jokers / 2,
        SevenPairs::QuadsAllowed => (jokers / 2).div_ceil(2),
    };
    let f = standard.max(pairs);
    let classes: &[(usize, usize)] = if rules.honors && rules.max_suits >= 3 {
        &[(0, KINDS)]
    } else {
        &[(0, 9), (9, 18), (18, 27), (27, KINDS)]
    };
    for &(start, end) in classes {
        for i in (start..end).filter(|&i| !near[i] && allowed(i)).take(f) {
            set.insert(tile(i));
        }
    }
    for i in (0..KINDS).filter(|&i| allowed(i)) {
        if rules.mcr_forms || (rules.thirteen_orphans && forms::ORPHANS.contains(&i)) {
            set.insert(tile(i));
        }
    }
    set
}

/// How many joker value choices [`is_win_brute`] tries: multisets of
/// `jokers` values over the [`candidates`].
///
/// ```
/// use hupai::{reference::jokers::brute_force_size, Hand, Rules};
/// let h: Hand = "5m".parse().unwrap();
/// assert_eq!(brute_force_size(h.counts(), 2, &Rules::GENERIC), 21); // 6 kinds, C(7, 2)
/// ```
pub fn brute_force_size(counts: &Counts, jokers: usize, rules: &Rules) -> u64 {
    let n = candidates(counts, jokers, rules).len() as u64;
    // C(n + j − 1, j), exact in u64 for the sizes that occur (n ≤ 34, j ≤ 18).
    (1..=jokers as u64).fold(1, |acc, k| acc * (n + k - 1) / k)
}

/// Brute force: every multiset of joker values over the [`candidates`],
/// each checked by the plain reference on the substituted counts.
///
/// ```
/// use hupai::{reference::jokers::is_win_brute, Hand, Rules};
/// let h: Hand = "1m9m".parse().unwrap();
/// assert!(is_win_brute(h.counts(), &[], 3, &Rules::GENERIC)); // 111m + 99m
/// assert!(!is_win_brute(h.counts(), &[], 0, &Rules::GENERIC));
/// ```
pub fn is_win_brute(counts: &Counts, melds: &[Meld], jokers: usize, rules: &Rules) -> bool {
    let kinds: Vec<usize> = candidates(counts, jokers, rules)
        .iter()
        .map(|t| t.index())
        .collect();
    let mut c = *counts;
    multisets(&mut c, &kinds, jokers, &mut |c| {
        is_win_counts(c, melds, rules)
    })
}

/// Add `left` more values from `kinds` (non-decreasing, so each multiset
/// once) and call `f` on each result until it says yes.
fn multisets(
    c: &mut Counts,
    kinds: &[usize],
    left: usize,
    f: &mut dyn FnMut(&Counts) -> bool,
) -> bool {
    if left == 0 {
        return f(c);
    }
    for (n, &k) in kinds.iter().enumerate() {
        c[k] += 1;
        let ok = multisets(c, &kinds[n..], left - 1, f);
        c[k] -= 1;
        if ok {
            return true;
        }
    }
    false
}

/// Every arrangement with jokers, by brute force: each multiset of joker
/// values over the [`candidates`], each arrangement of the completed counts
/// by the plain reference ([`arrangements_counts`](super::arrangements_counts)),
/// each way to say which copies in it are the jokers. Groups of jokers only
/// become [`FreeJokers`] where the form leaves their tiles free (the standard
/// form, kongs, the set and pair of a knitted straight, seven pairs). Sorted
/// by form and text and without repeats: the same set as the table engine's
/// [`Tables::arrangements_jokers`](crate::Tables::arrangements_jokers), in a
/// different order (compare them as sets).
///
/// The candidates suffice here too: the proof of [`candidates`] moves only
/// joker-only groups, which become free groups whatever their tiles.
///
/// ```
/// use hupai::{reference::jokers::arrangements_brute, Hand, Rules};
/// let h: Hand = "13m456p789s11z".parse().unwrap();
/// let all = arrangements_brute(h.counts(), &[], 1, &Rules::GENERIC);
/// assert_eq!(all.iter().map(|a| a.to_string()).collect::<Vec<_>>(), ["12*3m 456p 789s 11z"]);
/// ```
pub fn arrangements_brute(
    counts: &Counts,
    melds: &[Meld],
    jokers: usize,
    rules: &Rules,
) -> Vec<JokerArrangement> {
    let kinds: Vec<usize> = candidates(counts, jokers, rules)
        .iter()
        .map(|t| t.index())
        .collect();
    let mut out = Vec::new();
    let mut c = *counts;
    multisets(&mut c, &kinds, jokers, &mut |full| {
        let a: Counts = std::array::from_fn(|i| full[i] - counts[i]);
        for arr in super::arrangements_counts(full, melds, rules) {
            mark_jokers(&arr, &a, &mut out);
        }
        false
    });
    out.sort_by_key(|a| (a.form, a.to_string()));
    out.dedup();
    out
}

/// Every way to mark `a`'s joker copies among the concealed groups of
/// `arr`, each collapsed into a [`JokerArrangement`].
fn mark_jokers(arr: &Arrangement, a: &Counts, out: &mut Vec<JokerArrangement>) {
    let groups = arr.groups();
    let kinds: Vec<usize> = (0..KINDS).filter(|&t| a[t] > 0).collect();
    // Places jokers can go: (group, kind index, room), each tried with every
    // count 0..=room (an odometer), kept when each kind gets exactly a[kind].
    let mut places = Vec::new();
    for (g, group) in groups.iter().enumerate().filter(|(_, g)| g.meld.is_none()) {
        for (k, &t) in kinds.iter().enumerate() {
            let slots = group.tiles().filter(|x| x.index() == t).count();
            let room = slots.min(a[t] as usize);
            if room > 0 {
                places.push((g, k, room));
            }
        }
    }
    let mut count = vec![0usize; places.len()];
    loop {
        let mut per_kind = vec![0usize; kinds.len()];
        for (p, &(_, k, _)) in places.iter().enumerate() {
            per_kind[k] += count[p];
        }
        if kinds
            .iter()
            .zip(&per_kind)
            .all(|(&t, &n)| n == a[t] as usize)
        {
            let mut jokers = vec![vec![0usize; kinds.len()]; groups.len()];
            for (p, &(g, k, _)) in places.iter().enumerate() {
                jokers[g][k] = count[p];
            }
            out.push(collapse(arr, &kinds, &jokers));
        }
        let mut p = 0;
        while p < places.len() && count[p] == places[p].2 {
            count[p] = 0;
            p += 1;
        }
        if p == places.len() {
            break;
        }
        count[p] += 1;
    }
}

/// The arrangement `arr` with `jokers[g][k]` jokers of `kinds[k]` marked in
/// group `g` (its last slots of that kind), joker-only groups freed where
/// the form leaves their tiles free.
fn collapse(arr: &Arrangement, kinds: &[usize], jokers: &[Vec<usize>]) -> JokerArrangement {
    let mut marked = Vec::new();
    let mut free = FreeJokers::default();
    let free_form = matches!(
        arr.form(),
        Form::Standard | Form::KnittedStraight | Form::SevenPairs
    );
    for (g, group) in arr.groups().iter().enumerate() {
        let tiles: Vec<Tile> = group.tiles().collect();
        let mut mask = 0u8;
        for (k, &t) in kinds.iter().enumerate() {
            let mut n = jokers[g][k];
            for (i, x) in tiles.iter().enumerate().rev() {
                if n > 0 && x.index() == t {
                    mask |= 1 << i;
                    n -= 1;
                }
            }
        }
        let all_jokers = free_form && mask.count_ones() as usize == tiles.len();
        match group.kind {
            GroupKind::Pair if all_jokers => free.pairs += 1,
            GroupKind::Pung | GroupKind::Chow if all_jokers => free.pungs += 1,
            GroupKind::Kong if all_jokers => free.kongs += 1,
            _ => marked.push(JokerGroup {
                group: *group,
                jokers: mask,
            }),
        }
    }
    marked.sort_by_key(|g| (g.group.meld.is_none(), g.group.tile, g.group.kind, g.jokers));
    JokerArrangement {
        form: arr.form(),
        groups: marked,
        free,
    }
}

/// Shanten with jokers by brute force: every multiset of joker values over
/// every kind the rules allow, each a hand whose jokers are those tiles (the
/// plain reference distance, a target holding at most the declared melds'
/// leftover copies plus the jokers' own), the least distance less one.
/// `None` when the hand has no shanten. Exponential in the joker count: for
/// tests with one or two jokers.
///
/// ```
/// use hupai::{reference, Hand, Rules};
/// let h: Hand = "123m456p789s1z".parse().unwrap();
/// assert_eq!(reference::jokers::shanten(&h, 3, &Rules::RIICHI), Some(0));
/// ```
pub fn shanten(hand: &Hand, jokers: usize, rules: &Rules) -> Option<i8> {
    let c = *hand.counts();
    let all = hand.all_counts();
    let melds = hand.meld_count();
    let mut caps = [4u8; KINDS];
    for i in 0..KINDS {
        caps[i] -= all[i] - c[i];
    }
    if !rules.honors && all[27..].iter().any(|&x| x > 0) {
        return None;
    }
    let kinds: Vec<usize> = (0..KINDS).filter(|&i| rules.honors || i < 27).collect();
    let mut best: Option<u8> = None;
    let mut full = c;
    multisets(&mut full, &kinds, jokers, &mut |full| {
        let a: Counts = std::array::from_fn(|i| full[i] - c[i]);
        let caps: Counts = std::array::from_fn(|i| caps[i] + a[i]);
        let held: Counts = std::array::from_fn(|i| all[i] + a[i]);
        if let Some(d) = super::shanten::distance_caps(full, &caps, &held, melds, rules) {
            best = Some(best.map_or(d, |b| b.min(d)));
        }
        false
    });
    best.map(|d| d as i8 - 1)
}
