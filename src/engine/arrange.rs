//! Every arrangement of a complete hand, from the decompositions of `arrange.tbl`.
//!
//! A standard arrangement is one decomposition per part (three suits, the
//! honours) next to the declared melds, so the arrangements are the Cartesian
//! product of the parts' decomposition lists, walked as an odometer. Each list
//! is sorted and all decompositions of one pattern have the same number of
//! groups, so the odometer emits arrangements already in canonical order.
//! The special forms follow from the counts; the generic rule's undeclared
//! kongs set quads aside first.

use crate::arrangement::{Arrangement, Form, Group, GroupKind, MAX_GROUPS};
use crate::engine::hu::suits_allowed;
use crate::engine::waits::{quads, CountWords};
use crate::forms;
use crate::hand::Hand;
use crate::rules::{Rules, SevenPairs};
use crate::table::{decomp, key, Decompositions, Tables};
use crate::tile::{total, Counts, Tile};
use std::cmp::Ordering;
use std::ops::Deref;

/// Capacity of [`Arrangements`]: more than any hand has (tests/arrange.rs
/// derives the bound from the tables and checks it).
///
/// ```
/// use hupai::{engine::MAX_ARRANGEMENTS, Arrangements};
/// assert!(Arrangements::new().is_empty() && MAX_ARRANGEMENTS >= 12);
/// ```
pub const MAX_ARRANGEMENTS: usize = 16;

/// A fixed-capacity list of arrangements: the allocation-free output of
/// [`Tables::arrange_into`]. Derefs to a slice.
///
/// ```
/// use hupai::{Arrangements, Hand, Rules, Tables};
/// let hand: Hand = "11112222333344m".parse().unwrap();
/// let mut list = Arrangements::new();
/// Tables::embedded().arrange_into(&hand, &Rules::RIICHI, &mut list);
/// assert_eq!(list.len(), 3);
/// assert_eq!(list[0].to_string(), "11m 123m 123m 234m 234m");
/// ```
#[derive(Clone)]
pub struct Arrangements {
    len: usize,
    items: [Arrangement; MAX_ARRANGEMENTS],
}

impl Arrangements {
    /// An empty list.
    ///
    /// ```
    /// assert_eq!(hupai::Arrangements::new().len(), 0);
    /// ```
    pub fn new() -> Arrangements {
        Arrangements {
            len: 0,
            items: [Arrangement::new(Form::Standard); MAX_ARRANGEMENTS],
        }
    }

    /// Remove every arrangement.
    ///
    /// ```
    /// use hupai::{Arrangements, Hand, Rules, Tables};
    /// let mut list = Arrangements::new();
    /// let h: Hand = "123m456p789s11122z".parse().unwrap();
    /// Tables::embedded().arrange_into(&h, &Rules::GENERIC, &mut list);
    /// list.clear();
    /// assert!(list.is_empty());
    /// ```
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The arrangements as a slice.
    ///
    /// ```
    /// use hupai::{Arrangements, Hand, Rules, Tables};
    /// let mut list = Arrangements::new();
    /// let h: Hand = "123m456p789s11122z".parse().unwrap();
    /// Tables::embedded().arrange_into(&h, &Rules::GENERIC, &mut list);
    /// assert_eq!(list.as_slice()[0].to_string(), "123m 456p 789s 111z 22z");
    /// ```
    pub fn as_slice(&self) -> &[Arrangement] {
        &self.items[..self.len]
    }

    #[inline]
    fn push(&mut self, a: Arrangement) {
        if let Some(slot) = self.slot() {
            *slot = a;
        }
    }

    /// The next free slot (now counted in), or `None` when full.
    #[inline]
    fn slot(&mut self) -> Option<&mut Arrangement> {
        let slot = self.items.get_mut(self.len)?;
        self.len += 1;
        Some(slot)
    }

    /// Sort `items[from..]` into the canonical order: by form, then by groups.
    fn sort_from(&mut self, from: usize) {
        self.items[from..self.len].sort_unstable_by(canonical_order);
    }
}

impl Default for Arrangements {
    fn default() -> Arrangements {
        Arrangements::new()
    }
}

impl Deref for Arrangements {
    type Target = [Arrangement];
    fn deref(&self) -> &[Arrangement] {
        self.as_slice()
    }
}

impl std::fmt::Debug for Arrangements {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<'a> IntoIterator for &'a Arrangements {
    type Item = &'a Arrangement;
    type IntoIter = std::slice::Iter<'a, Arrangement>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

/// The order arrangements are listed in: by form, then by their groups
/// (tile, then kind) in canonical order.
///
/// ```
/// use hupai::{engine::canonical_order, Arrangement, Form};
/// use std::cmp::Ordering;
/// let (a, b) = (Arrangement::new(Form::Standard), Arrangement::new(Form::SevenPairs));
/// assert_eq!(canonical_order(&a, &b), Ordering::Less);
/// ```
pub fn canonical_order(a: &Arrangement, b: &Arrangement) -> Ordering {
    a.form().cmp(&b.form()).then_with(|| {
        let key = |g: &Group| (g.tile, g.kind);
        a.groups().iter().map(key).cmp(b.groups().iter().map(key))
    })
}

/// Decoded group of each 5-bit code per part (0–2 suits, 3 honours). Codes
/// no valid table holds (a chow past rank 7, a chow of honours, a rank past
/// the part) decode to a harmless single tile, so a corrupt file yields
/// wrong groups, never a panic.
static DECODE: [[Group; 32]; 4] = {
    let mut t = [[Group::concealed(GroupKind::Single, Tile::EAST); 32]; 4];
    let mut part = 0;
    while part < 4 {
        let ranks = if part == 3 { 7 } else { 9 };
        let mut code = 0;
        while code < 32 {
            let (kind, rank) = decomp::group(code, 0);
            let valid = (rank as usize) < ranks
                && match kind {
                    GroupKind::Chow => part < 3 && rank <= 6,
                    _ => true,
                };
            if valid {
                if let Some(tile) = Tile::from_index(part * 9 + rank as usize) {
                    t[part][code as usize] = Group::concealed(kind, tile);
                }
            }
            code += 1;
        }
        part += 1;
    }
    t
};

impl<B: AsRef<[u8]>> Tables<B> {
    /// Every distinct arrangement of a complete hand under `rules`, written
    /// into `out` (cleared first); returns how many. None for a hand that is
    /// not complete. The order is canonical: standard arrangements first,
    /// then the special forms, each sorted by groups (see [`canonical_order`]).
    ///
    /// ```
    /// use hupai::{Arrangements, Form, Hand, Rules, Tables};
    /// let t = Tables::embedded();
    /// // Seven pairs, and melds + pair two ways.
    /// let hand: Hand = "11223344556677p".parse().unwrap();
    /// let mut out = Arrangements::new();
    /// assert_eq!(t.arrange_into(&hand, &Rules::GENERIC, &mut out), 4);
    /// assert_eq!(out[3].form(), Form::SevenPairs);
    /// assert_eq!(t.arrange_into(&hand, &Rules::MCR, &mut out), 4);
    /// assert_eq!(out[3].form(), Form::SevenShiftedPairs);
    /// ```
    pub fn arrange_into(&self, hand: &Hand, rules: &Rules, out: &mut Arrangements) -> usize {
        out.clear();
        if !suits_allowed(hand, rules) {
            return 0;
        }
        let c = hand.counts();
        let keys = key::hand_keys(c);
        let melds = hand.meld_count();
        let size = key::keys_tiles(&keys) + 3 * melds;
        let mut base = Arrangement::new(Form::Standard);
        if melds > 0 {
            for m in hand.melds() {
                base.push(Group::declared(*m));
            }
            base.canonicalize();
        }
        if size % 3 == 2 && size <= 14 {
            self.product(&keys, &base, melds, out);
        }
        if size == 14 && melds == 0 {
            special(c, rules, |form| {
                out.push(forms::special_arrangement(c, form));
            });
        }
        if rules.mcr_forms && size % 3 == 2 && forms::knitted_straight_sets(size, melds).is_some() {
            self.knitted_straight_into(c, &base, melds, out);
        }
        if rules.undeclared_kongs && (15..=18).contains(&size) {
            self.kongs_into(c, size - 14, &base, melds, out);
        }
        out.len
    }

    /// [`Tables::arrange_into`] into a new `Vec`.
    ///
    /// ```
    /// use hupai::{Hand, Rules, Tables};
    /// let hand: Hand = "11112222333344m".parse().unwrap();
    /// let all = Tables::embedded().arrangements(&hand, &Rules::GENERIC);
    /// let text: Vec<String> = all.iter().map(|a| format!("{a:?}")).collect();
    /// assert_eq!(text, ["Standard(11m 123m 123m 234m 234m)",
    ///                   "Standard(123m 123m 123m 123m 44m)",
    ///                   "Standard(123m 111m 222m 333m 44m)",
    ///                   // generic rules read a quad as two pairs
    ///                   "SevenPairs(11m 11m 22m 22m 33m 33m 44m)"]);
    /// ```
    pub fn arrangements(&self, hand: &Hand, rules: &Rules) -> Vec<crate::Arrangement> {
        let mut out = Arrangements::new();
        self.arrange_into(hand, rules, &mut out);
        out.to_vec()
    }

    /// The number of arrangements, without building them.
    ///
    /// ```
    /// use hupai::{Hand, Rules, Tables};
    /// let hand: Hand = "11112222333344m".parse().unwrap();
    /// assert_eq!(Tables::embedded().arrangement_count(&hand, &Rules::RIICHI), 3);
    /// ```
    pub fn arrangement_count(&self, hand: &Hand, rules: &Rules) -> usize {
        if !suits_allowed(hand, rules) {
            return 0;
        }
        let c = hand.counts();
        let melds = hand.meld_count();
        let size = total(c) + 3 * melds;
        let mut n = 0;
        if size % 3 == 2 && size <= 14 {
            n += self.product_len(c);
        }
        if size == 14 && melds == 0 {
            special(c, rules, |_| n += 1);
        }
        if rules.mcr_forms && size % 3 == 2 && forms::knitted_straight_sets(size, melds).is_some() {
            for p in forms::knitted_straights(c) {
                let mut rest = *c;
                for i in forms::knitted_tiles(p) {
                    rest[i] -= 1;
                }
                n += self.product_len(&rest);
            }
        }
        if rules.undeclared_kongs && (15..=18).contains(&size) {
            let (q, nq) = quads(c);
            for_kongs(&q[..nq], size - 14, |kongs| {
                let mut rest = *c;
                for &i in kongs {
                    rest[i] = 0;
                }
                n += self.product_len(&rest);
            });
        }
        n
    }

    /// The four parts' decompositions, or `None` when a part is not
    /// complete or the parts do not hold exactly one pair.
    #[inline]
    fn parts(&self, keys: &[key::Key; 4]) -> Option<[Decompositions<'_>; 4]> {
        let parts = self.decompositions(keys);
        // Complete parts hold 3n or 3n + 2 tiles; with 3n + 2 in all, every
        // part would bring a pair.
        let pairs = keys.iter().filter(|&&k| key::key_tiles(k) % 3 == 2).count();
        (pairs == 1 && parts.iter().all(|d| !d.is_empty())).then_some(parts)
    }

    fn product_len(&self, c: &Counts) -> usize {
        self.parts(&key::hand_keys(c))
            .map_or(0, |p| p.iter().fold(1, |n, d| n.saturating_mul(d.len())))
    }

    /// Append the standard arrangements of the concealed parts with these
    /// keys (3n + 2 tiles, each part ≤ 14) after the `base_len` groups of `base`, in canonical order.
    #[inline]
    fn product(
        &self,
        keys: &[key::Key; 4],
        base: &Arrangement,
        base_len: usize,
        out: &mut Arrangements,
    ) {
        let Some(parts) = self.parts(keys) else {
            return;
        };
        let lens = parts.map(|d| d.len());
        let mut idx = [0usize; 4];
        loop {
            let Some(a) = out.slot() else {
                // Only a corrupt table gets here (the capacity bounds every
                // hand); stop rather than walk a bogus product.
                return;
            };
            *a = *base;
            let mut room = MAX_GROUPS - base_len;
            for (s, d) in parts.iter().enumerate() {
                let d = d.get(idx[s]);
                let n = decomp::len(d).min(room);
                room -= n;
                for g in 0..n {
                    let code = d >> (decomp::CODE_BITS * g as u32) & 31;
                    a.push(DECODE[s][code as usize]);
                }
            }
            // Odometer: the honours turn fastest.
            let mut s = 4;
            loop {
                if s == 0 {
                    return;
                }
                s -= 1;
                idx[s] += 1;
                if idx[s] < lens[s] {
                    break;
                }
                idx[s] = 0;
            }
        }
    }

    /// MCR knitted straight + one set + pair (the set may be the declared meld).
    fn knitted_straight_into(
        &self,
        c: &Counts,
        base: &Arrangement,
        base_len: usize,
        out: &mut Arrangements,
    ) {
        for p in forms::knitted_straights(c) {
            let mut rest = *c;
            for i in forms::knitted_tiles(p) {
                rest[i] -= 1;
            }
            let mut b = *base;
            b.set_form(Form::KnittedStraight);
            for g in forms::knitted_groups(p) {
                b.push(g);
            }
            let from = out.len;
            self.product(&key::hand_keys(&rest), &b, base_len + 3, out);
            for a in &mut out.items[from..out.len] {
                a.canonicalize();
            }
            out.sort_from(from);
        }
    }

    /// Generic (seed) rule: k concealed quads as kongs, the rest melds + pair,
    /// for every choice of the k quads.
    fn kongs_into(
        &self,
        c: &Counts,
        k: usize,
        base: &Arrangement,
        base_len: usize,
        out: &mut Arrangements,
    ) {
        let (q, n) = quads(c);
        let from = out.len;
        for_kongs(&q[..n], k, |kongs| {
            let mut rest = *c;
            let mut b = *base;
            for &i in kongs {
                rest[i] = 0;
                b.push(Group::concealed(
                    GroupKind::Kong,
                    Tile::from_index(i).expect("index < 34"),
                ));
            }
            let at = out.len;
            self.product(&key::hand_keys(&rest), &b, base_len + kongs.len(), out);
            for a in &mut out.items[at..out.len] {
                a.canonicalize();
            }
        });
        out.sort_from(from);
    }
}

/// The concealed 14-tile special forms (no declared melds) the counts make,
/// in form order: seven pairs or seven shifted pairs, thirteen orphans,
/// honours and knitted.
fn special(c: &Counts, rules: &Rules, mut found: impl FnMut(Form)) {
    let words = CountWords::new(c);
    let even = words.odd_count() == 0;
    let pairs = even
        && match rules.seven_pairs {
            SevenPairs::No => false,
            SevenPairs::Distinct => !words.any_at_least(3),
            SevenPairs::QuadsAllowed => true,
        };
    if rules.mcr_forms && even && !words.any_at_least(3) && forms::seven_shifted_pairs(c) {
        found(Form::SevenShiftedPairs);
    } else if pairs {
        found(Form::SevenPairs);
    }
    if rules.thirteen_orphans && forms::thirteen_orphans(c) {
        found(Form::ThirteenOrphans);
    }
    if rules.mcr_forms && !words.any_at_least(2) && forms::honors_and_knitted(c).is_some() {
        found(Form::HonorsAndKnitted);
    }
}

/// Call `f` on every k-subset of `quads`, in lexicographic order.
fn for_kongs(quads: &[usize], k: usize, mut f: impl FnMut(&[usize])) {
    let n = quads.len();
    let mut chosen = [0usize; 4];
    for mask in 0u32..1 << n {
        if mask.count_ones() as usize != k {
            continue;
        }
        let mut len = 0;
        for (j, &i) in quads.iter().enumerate() {
            if mask >> j & 1 == 1 {
                chosen[len] = i;
                len += 1;
            }
        }
        f(&chosen[..len]);
    }
}
