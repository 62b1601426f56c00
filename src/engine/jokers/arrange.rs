//! Arrangements with jokers: every way to place the real tiles into groups,
//! jokers filling the slots real tiles lack, and the jokers left over as
//! groups of their own.
//!
//! An arrangement lists each group that holds a real tile, with the tiles
//! its jokers stand for marked, plus the groups made of jokers only, whose
//! tiles are free to choose ([`FreeJokers`]). Forms that fix every tile
//! (thirteen orphans, seven shifted pairs, the knitted forms) list their
//! joker-only groups with the tiles they must be.
//!
//! The standard form is enumerated by peeling the lowest real tile: each
//! group that can hold it (the pair, a pung, the chows through it), each
//! choice of which other slots take real tiles. The joker needs of
//! `jokers.tbl` prune every branch that cannot finish, so the search only
//! walks towards arrangements.

use crate::arrangement::{Form, Group, GroupKind};
use crate::engine::suits_allowed;
use crate::forms;
use crate::hand::{Hand, Meld};
use crate::rules::{Rules, SevenPairs};
use crate::table::{key, needs, Tables};
use crate::tile::{total, Counts, Tile, KINDS};
use std::fmt;

/// A group of an arrangement with jokers: the group of the completed hand
/// and which of its tiles are jokers (bit `i`: the `i`-th tile of
/// [`Group::tiles`]).
///
/// ```
/// use hupai::engine::jokers::JokerGroup;
/// use hupai::{Group, GroupKind};
/// let g = JokerGroup { group: Group::concealed(GroupKind::Chow, "1m".parse().unwrap()), jokers: 0b010 };
/// assert_eq!(g.to_string(), "12*3m"); // the joker stands for 2m
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct JokerGroup {
    /// The group, as if every joker were the tile it stands for.
    pub group: Group,
    /// Which of its tiles are jokers.
    pub jokers: u8,
}

impl JokerGroup {
    /// A group of real tiles only.
    ///
    /// ```
    /// use hupai::{engine::jokers::JokerGroup, Group, GroupKind, Tile};
    /// assert_eq!(JokerGroup::real(Group::concealed(GroupKind::Pair, Tile::EAST)).jokers, 0);
    /// ```
    pub fn real(group: Group) -> JokerGroup {
        JokerGroup { group, jokers: 0 }
    }

    /// The tiles the group's jokers stand for.
    ///
    /// ```
    /// use hupai::{engine::jokers::JokerGroup, Group, GroupKind};
    /// let g = JokerGroup { group: Group::concealed(GroupKind::Pung, "5p".parse().unwrap()), jokers: 0b110 };
    /// assert_eq!(g.joker_tiles().map(|t| t.to_string()).collect::<Vec<_>>(), ["5p", "5p"]);
    /// ```
    pub fn joker_tiles(&self) -> impl Iterator<Item = Tile> + '_ {
        self.group
            .tiles()
            .enumerate()
            .filter(|(i, _)| self.jokers >> i & 1 == 1)
            .map(|(_, t)| t)
    }

    /// Sort key: declared melds first, then tile, kind, joker slots.
    fn key(&self) -> (bool, Tile, GroupKind, u8) {
        (
            self.group.meld.is_none(),
            self.group.tile,
            self.group.kind,
            self.jokers,
        )
    }
}

impl fmt::Display for JokerGroup {
    /// Like [`Group`], each joker's digit followed by `*`: `12*3m`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        for (i, t) in self.group.tiles().enumerate() {
            s.push(char::from(b'0' + t.rank()));
            if self.jokers >> i & 1 == 1 {
                s.push('*');
            }
        }
        s.push(self.group.tile.suit().letter());
        match self.group.meld {
            Some(_) => write!(f, "[{s}]"),
            None => f.write_str(&s),
        }
    }
}

/// Groups made of jokers only, whose tiles are free to choose: pairs (one
/// at most in the standard form; seven pairs may have several), pungs, and
/// kongs (the generic rules' undeclared kongs).
///
/// ```
/// use hupai::engine::jokers::FreeJokers;
/// let f = FreeJokers { pairs: 1, pungs: 2, kongs: 0 };
/// assert_eq!((f.to_string(), f.jokers()), ("JJJ JJJ JJ".to_string(), 8));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FreeJokers {
    /// Pairs of jokers.
    pub pairs: u8,
    /// Pungs of jokers.
    pub pungs: u8,
    /// Kongs of jokers.
    pub kongs: u8,
}

impl FreeJokers {
    /// The jokers these groups hold.
    ///
    /// ```
    /// assert_eq!(hupai::engine::jokers::FreeJokers { pairs: 0, pungs: 1, kongs: 1 }.jokers(), 7);
    /// ```
    pub fn jokers(&self) -> usize {
        2 * self.pairs as usize + 3 * self.pungs as usize + 4 * self.kongs as usize
    }
}

impl fmt::Display for FreeJokers {
    /// `JJJJ` per kong, `JJJ` per pung, `JJ` per pair.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let groups = std::iter::repeat_n("JJJJ", self.kongs as usize)
            .chain(std::iter::repeat_n("JJJ", self.pungs as usize))
            .chain(std::iter::repeat_n("JJ", self.pairs as usize));
        for (i, g) in groups.enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            f.write_str(g)?;
        }
        Ok(())
    }
}

/// An arrangement of a hand with jokers: its form, the groups holding real
/// tiles (and the joker-only groups a form fixes), and the free joker groups.
///
/// ```
/// use hupai::{Hand, Rules, Tables};
/// let h: Hand = "123m456p789s11z".parse().unwrap();
/// let all = Tables::embedded().arrangements_jokers(&h, 3, &Rules::GENERIC);
/// let shown: Vec<String> = all.iter().map(|a| a.to_string()).collect();
/// assert!(shown.contains(&"123m 456p 789s 11z JJJ".to_string()));
/// assert!(shown.contains(&"123m 456p 789s 111*z JJ".to_string()));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct JokerArrangement {
    /// The form.
    pub form: Form,
    /// Groups, declared melds first, then by tile, kind and joker slots.
    pub groups: Vec<JokerGroup>,
    /// Groups of jokers only.
    pub free: FreeJokers,
}

impl JokerArrangement {
    /// The jokers of the arrangement: marked slots and free groups.
    ///
    /// ```
    /// use hupai::{Hand, Rules, Tables};
    /// let h: Hand = "123m456p789s11z".parse().unwrap();
    /// let all = Tables::embedded().arrangements_jokers(&h, 3, &Rules::GENERIC);
    /// assert!(all.iter().all(|a| a.jokers() == 3));
    /// ```
    pub fn jokers(&self) -> usize {
        let marked: u32 = self.groups.iter().map(|g| g.jokers.count_ones()).sum();
        marked as usize + self.free.jokers()
    }

    fn order(&self, o: &JokerArrangement) -> std::cmp::Ordering {
        self.form
            .cmp(&o.form)
            .then_with(|| {
                let a = self.groups.iter().map(JokerGroup::key);
                a.cmp(o.groups.iter().map(JokerGroup::key))
            })
            .then_with(|| self.free.cmp(&o.free))
    }
}

impl fmt::Display for JokerArrangement {
    /// The groups, then the free joker groups: `12*3m 456p 789s 11z JJJ`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, g) in self.groups.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{g}")?;
        }
        if self.free != FreeJokers::default() {
            if !self.groups.is_empty() {
                f.write_str(" ")?;
            }
            write!(f, "{}", self.free)?;
        }
        Ok(())
    }
}

fn tile(i: usize) -> Tile {
    Tile::from_index(i).expect("index < 34")
}

/// Joker mask with the last `n` of `len` slots set (for pairs, pungs, kongs).
fn last(n: usize, len: usize) -> u8 {
    (((1u16 << n) - 1) << (len - n)) as u8
}

/// The search's state: what it has placed so far and where results go.
struct Search<'a, B> {
    tables: &'a Tables<B>,
    form: Form,
    groups: Vec<JokerGroup>,
    kongs: u8,
    out: &'a mut Vec<JokerArrangement>,
}

impl<B: AsRef<[u8]>> Search<'_, B> {
    fn emit(&mut self, free: FreeJokers) {
        let mut groups = self.groups.clone();
        groups.sort_by_key(JokerGroup::key);
        self.out.push(JokerArrangement {
            form: self.form,
            groups,
            free,
        });
    }

    /// Whether the real counts `c` and `j` jokers can still become melds
    /// (and the pair, unless `paired`): the exact test of the joker needs.
    fn feasible(&self, c: &Counts, j: usize, paired: bool) -> bool {
        let b = self.tables.needs(&key::hand_keys(c));
        if paired {
            b.iter().map(|&x| needs::melds(x)).sum::<usize>() <= j
        } else {
            self.tables.fewest_jokers(c) <= j
        }
    }

    /// Every placement of the real tiles of `c` into groups with `j` jokers
    /// (see the module docs), each completed arrangement emitted.
    fn standard(&mut self, c: &mut Counts, j: usize, paired: bool) {
        let Some(i) = (0..KINDS).find(|&i| c[i] > 0) else {
            let (pairs, rest) = if paired { (0, j) } else { (1, j - 2) };
            self.emit(FreeJokers {
                pairs,
                pungs: (rest / 3) as u8,
                kongs: self.kongs,
            });
            return;
        };
        // The pair and pungs of i: one real copy or more.
        for (kind, len) in [(GroupKind::Pair, 2), (GroupKind::Pung, 3)] {
            if kind == GroupKind::Pair && paired {
                continue;
            }
            for real in 1..=(c[i] as usize).min(len) {
                let used = len - real;
                c[i] -= real as u8;
                let paired = paired || kind == GroupKind::Pair;
                if used <= j && self.feasible(c, j - used, paired) {
                    self.groups.push(JokerGroup {
                        group: Group::concealed(kind, tile(i)),
                        jokers: last(used, len),
                    });
                    self.standard(c, j - used, paired);
                    self.groups.pop();
                }
                c[i] += real as u8;
            }
        }
        // The chows through i: slots below i are jokers (no real tile is
        // lower); each slot above takes a real copy or a joker.
        if i < 27 {
            let r = i % 9;
            for start in r.saturating_sub(2)..=r.min(6) {
                let s = i - r + start;
                let at = i - s;
                let above: Vec<usize> = (at + 1..3).filter(|&k| c[s + k] > 0).collect();
                for pick in 0..1u32 << above.len() {
                    let mut jokers = 0u8;
                    c[i] -= 1;
                    for k in 0..3 {
                        let real = k == at
                            || above
                                .iter()
                                .position(|&a| a == k)
                                .is_some_and(|b| pick >> b & 1 == 1);
                        if k != at && real {
                            c[s + k] -= 1;
                        } else if !real {
                            jokers |= 1 << k;
                        }
                    }
                    let used = jokers.count_ones() as usize;
                    if used <= j && self.feasible(c, j - used, paired) {
                        self.groups.push(JokerGroup {
                            group: Group::concealed(GroupKind::Chow, tile(s)),
                            jokers,
                        });
                        self.standard(c, j - used, paired);
                        self.groups.pop();
                    }
                    c[i] += 1;
                    for k in (0..3).filter(|&k| k != at && jokers >> k & 1 == 0) {
                        c[s + k] += 1;
                    }
                }
            }
        }
    }

    /// Undeclared kongs: `k` kongs first, each a held kind with one to four of
    /// its real copies (distinct kinds) or four jokers, then the standard form.
    fn kongs(&mut self, c: &mut Counts, j: usize, k: usize, from: usize) {
        if 4 * k <= j && self.feasible(c, j - 4 * k, false) {
            self.kongs = k as u8;
            self.standard(c, j - 4 * k, false);
            self.kongs = 0;
        }
        if k == 0 {
            return;
        }
        for i in from..KINDS {
            for real in 1..=c[i].min(4) {
                let used = 4 - real as usize;
                if used > j {
                    continue;
                }
                c[i] -= real;
                self.groups.push(JokerGroup {
                    group: Group::concealed(GroupKind::Kong, tile(i)),
                    jokers: last(used, 4),
                });
                self.kongs(c, j - used, k - 1, i + 1);
                self.groups.pop();
                c[i] += real;
            }
        }
    }
}

impl<B: AsRef<[u8]>> Tables<B> {
    /// Every arrangement of the hand's real tiles with `jokers` jokers under
    /// `rules`: every way to place the real tiles into groups, jokers filling
    /// what they lack, the jokers left over as [`FreeJokers`]; empty when the
    /// hand is not complete. Sorted by form, then groups; no two alike.
    ///
    /// ```
    /// use hupai::{Hand, Rules, Tables};
    /// let t = Tables::embedded();
    /// let h: Hand = "13m456p789s11z".parse().unwrap();
    /// let all = t.arrangements_jokers(&h, 1, &Rules::GENERIC);
    /// assert_eq!(all.len(), 1);
    /// assert_eq!(all[0].to_string(), "12*3m 456p 789s 11z");
    /// let h: Hand = "19m19p19s1234567z".parse().unwrap();
    /// let all = t.arrangements_jokers(&h, 1, &Rules::RIICHI);
    /// assert_eq!(all.len(), 13); // the joker pairs any orphan
    /// ```
    pub fn arrangements_jokers(
        &self,
        hand: &Hand,
        jokers: usize,
        rules: &Rules,
    ) -> Vec<JokerArrangement> {
        let mut out = Vec::new();
        if !suits_allowed(hand, rules) {
            return out;
        }
        let c = *hand.counts();
        let melds: Vec<Meld> = hand.melds().copied().collect();
        let size = jokers.saturating_add(total(&c) + 3 * melds.len());
        let declared: Vec<JokerGroup> = melds
            .iter()
            .map(|&m| JokerGroup::real(Group::declared(m)))
            .collect();
        let mut search = Search {
            tables: self,
            form: Form::Standard,
            groups: declared.clone(),
            kongs: 0,
            out: &mut out,
        };
        if size % 3 == 2 && size <= 14 && search.feasible(&c, jokers, false) {
            search.standard(&mut c.clone(), jokers, false);
        }
        if rules.undeclared_kongs && (15..=18).contains(&size) {
            search.kongs(&mut c.clone(), jokers, size - 14, 0);
        }
        let knitted = size % 3 == 2 && forms::knitted_straight_sets(size, melds.len()).is_some();
        if rules.mcr_forms && knitted {
            search.form = Form::KnittedStraight;
            knitted_straight(&mut search, &c, jokers);
        }
        if size == 14 && melds.is_empty() {
            special(&c, jokers, rules, search.out);
        }
        out.sort_by(JokerArrangement::order);
        out.dedup();
        out
    }
}

/// MCR knitted straight: the nine tiles of a permutation (each held one real
/// or a joker, as both are possible), then a set and a pair from the rest.
fn knitted_straight<B: AsRef<[u8]>>(search: &mut Search<'_, B>, c: &Counts, j: usize) {
    for p in 0..forms::KNITTED_PERMS.len() {
        let knit = forms::knitted_tiles(p);
        let held: Vec<usize> = (0..9).filter(|&k| c[knit[k]] > 0).collect();
        for pick in 0..1u32 << held.len() {
            let mut rest = *c;
            let mut marks = [0u8; 3];
            let mut used = 0;
            for (k, &t) in knit.iter().enumerate() {
                let real = held
                    .iter()
                    .position(|&h| h == k)
                    .is_some_and(|b| pick >> b & 1 == 1);
                if real {
                    rest[t] -= 1;
                } else {
                    marks[k / 3] |= 1 << (k % 3);
                    used += 1;
                }
            }
            if used > j || !search.feasible(&rest, j - used, false) {
                continue;
            }
            let before = search.groups.len();
            for (g, m) in forms::knitted_groups(p).into_iter().zip(marks) {
                search.groups.push(JokerGroup {
                    group: g,
                    jokers: m,
                });
            }
            search.standard(&mut rest, j - used, false);
            search.groups.truncate(before);
        }
    }
}

/// The 14-slot concealed special forms.
fn special(c: &Counts, j: usize, rules: &Rules, out: &mut Vec<JokerArrangement>) {
    let push = |out: &mut Vec<JokerArrangement>, form, mut groups: Vec<JokerGroup>, free| {
        groups.sort_by_key(JokerGroup::key);
        out.push(JokerArrangement { form, groups, free });
    };
    let pair = |i: usize, real: u8| JokerGroup {
        group: Group::concealed(GroupKind::Pair, tile(i)),
        jokers: last(2 - real as usize, 2),
    };
    let single = |i: usize, real: u8| JokerGroup {
        group: Group::concealed(GroupKind::Single, tile(i)),
        jokers: u8::from(real == 0),
    };
    // Seven pairs: each held kind as one pair (a single with a joker) or,
    // where a kind may count twice, two pairs (two singles with jokers, a
    // pair and a single with a joker, two pairs); the rest free pairs.
    if rules.seven_pairs != SevenPairs::No {
        let quads = rules.seven_pairs == SevenPairs::QuadsAllowed;
        let kinds: Vec<usize> = (0..KINDS).filter(|&i| c[i] > 0).collect();
        if kinds.iter().all(|&i| c[i] <= if quads { 4 } else { 2 }) {
            // Per held kind: the number of pairs, one (n ≤ 2) or two (n ≥ 2).
            let options = |n: u8| -> &'static [u8] {
                match (n, quads) {
                    (1, _) => &[1],
                    (2, true) => &[1, 2],
                    (2, false) => &[1],
                    _ => &[2],
                }
            };
            let mut choice = vec![0usize; kinds.len()];
            loop {
                let mut groups = Vec::new();
                let mut pairs = 0;
                for (k, &i) in kinds.iter().enumerate() {
                    let p = options(c[i])[choice[k]];
                    pairs += p;
                    match (c[i], p) {
                        (n, 1) => groups.push(pair(i, n)),
                        (2, _) => groups.extend([pair(i, 1), pair(i, 1)]),
                        (3, _) => groups.extend([pair(i, 2), pair(i, 1)]),
                        _ => groups.extend([pair(i, 2), pair(i, 2)]),
                    }
                }
                // Under MCR forms seven pairs that are seven shifted pairs
                // count as those alone (below); free pairs could be anything.
                let shifted = rules.mcr_forms && pairs == 7 && {
                    let mut full = *c;
                    for g in &groups {
                        for t in g.joker_tiles() {
                            full[t.index()] += 1;
                        }
                    }
                    forms::seven_shifted_pairs(&full)
                };
                if pairs <= 7 && !shifted {
                    let free = FreeJokers {
                        pairs: 7 - pairs,
                        ..FreeJokers::default()
                    };
                    push(out, Form::SevenPairs, groups, free);
                }
                // Next choice (odometer).
                let mut k = 0;
                while k < kinds.len() && choice[k] + 1 == options(c[kinds[k]]).len() {
                    choice[k] = 0;
                    k += 1;
                }
                if k == kinds.len() {
                    break;
                }
                choice[k] += 1;
            }
        }
    }
    // Thirteen orphans: one of each, the pair a held pair or any orphan.
    if rules.thirteen_orphans {
        let only_orphans = (0..KINDS).all(|i| c[i] == 0 || forms::ORPHANS.contains(&i));
        let doubles = forms::ORPHANS.iter().filter(|&&o| c[o] == 2).count();
        if only_orphans && doubles <= 1 && c.iter().all(|&x| x <= 2) {
            for &d in forms::ORPHANS
                .iter()
                .filter(|&&o| doubles == 0 || c[o] == 2)
            {
                let groups = forms::ORPHANS
                    .iter()
                    .map(|&o| {
                        if o == d {
                            pair(o, c[o])
                        } else {
                            single(o, c[o])
                        }
                    })
                    .collect();
                push(out, Form::ThirteenOrphans, groups, FreeJokers::default());
            }
        }
    }
    if rules.mcr_forms {
        // Seven shifted pairs: two of each of seven consecutive ranks.
        for s in 0..3 {
            for start in 0..3 {
                let run = s * 9 + start..s * 9 + start + 7;
                if (0..KINDS).all(|i| c[i] == 0 || run.contains(&i) && c[i] <= 2) {
                    let groups = run.clone().map(|i| pair(i, c[i])).collect();
                    push(out, Form::SevenShiftedPairs, groups, FreeJokers::default());
                }
            }
        }
        // Honours and knitted: the jokers take all but two of the missing.
        for p in 0..forms::KNITTED_PERMS.len() {
            let allowed: Vec<usize> = forms::knitted_tiles(p)
                .into_iter()
                .chain(27..KINDS)
                .collect();
            if !(0..KINDS).all(|i| c[i] == 0 || allowed.contains(&i) && c[i] == 1) {
                continue;
            }
            let missing: Vec<usize> = allowed.iter().copied().filter(|&i| c[i] == 0).collect();
            if missing.len() != j + 2 {
                continue;
            }
            for a in 0..missing.len() {
                for b in a + 1..missing.len() {
                    let groups = allowed
                        .iter()
                        .filter(|&&i| i != missing[a] && i != missing[b])
                        .map(|&i| single(i, c[i]))
                        .collect();
                    push(out, Form::HonorsAndKnitted, groups, FreeJokers::default());
                }
            }
        }
    }
}
