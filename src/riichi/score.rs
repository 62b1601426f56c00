//! Scoring: every reading of the hand (arrangement × winning group) is
//! scored, and the best one is kept as the Python package keeps it: the
//! highest total, then a real yakuman over counted han, more han, more fu,
//! the larger fu sum, and on a full tie the first reading in the package's
//! order (blocks sorted by tile, kong < pung < pair < chow).

use super::fu::{self, FuInput, FuList, SetFu, WinGroup};
use super::points::{cost, Cost};
use super::situation::{ScoreError, ScoringInput, Situation};
use super::yaku::{Yaku, YakuList};
use super::Options;
use crate::arrangement::{Arrangement, Form, GroupKind};
use crate::engine::Arrangements;
use crate::hand::Hand;
use crate::rules::Rules;
use crate::table::Tables;
use crate::tile::{Tile, KINDS};

/// The score of a winning hand.
///
/// ```
/// use hupai::riichi::{self, ScoringInput, Yaku};
/// use hupai::{Notation, Tables};
/// // Riichi, tsumo, pinfu on a closed 23p waiting on 1p-4p; dora 9s (indicator 8s).
/// let input = ScoringInput::parse("234m567m99s345p23p1p --riichi --self-drawn --seat S --dora 8s",
///                                 Notation::Mpsz).unwrap();
/// let s = riichi::score(&input, Tables::embedded()).unwrap();
/// assert!(s.legal);
/// assert!(s.yaku.has(Yaku::Riichi) && s.yaku.has(Yaku::MenzenTsumo) && s.yaku.has(Yaku::Pinfu));
/// assert_eq!((s.han, s.fu), (5, 20)); // 3 han + 2 dora
/// assert_eq!((s.cost.main, s.cost.additional, s.cost.total), (4000, 2000, 8000)); // mangan
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Score {
    /// Han, dora included (13 per yakuman).
    pub han: u32,
    /// Fu (0 for thirteen orphans, 25 for seven pairs, 30 for nagashi mangan).
    pub fu: u32,
    /// The yaku and dora with their han, in the package's order (by its
    /// yaku ids: situational yaku, then by value, yakuman, dora last).
    pub yaku: YakuList,
    /// The fu and their reasons.
    pub fu_details: FuList,
    /// The payments.
    pub cost: Cost,
    /// False when the hand has no yaku: it may not be won (dora do not count).
    pub legal: bool,
    /// The reading scored (for a hand without yaku, the first one).
    pub arrangement: Arrangement,
}

impl Score {
    /// Why the hand may not be won, when it may not.
    pub fn reason(&self) -> Option<&'static str> {
        (!self.legal).then_some("no yaku: the hand has no yaku (dora alone do not count)")
    }

    /// The riichi score JSON (plus `arrangement`, and `reason` when not
    /// legal), as `hupai score --rules riichi --json` and the web page write
    /// it: the [`RiichiScore`](crate::answer::RiichiScore) answer as a value.
    ///
    /// ```
    /// use hupai::{riichi::{self, ScoringInput}, Notation, Tables};
    /// let input = ScoringInput::parse("234m567m99s345p23p1p --riichi", Notation::Mpsz).unwrap();
    /// let v = riichi::score(&input, Tables::embedded()).unwrap().to_json(&input);
    /// assert_eq!(v["win_tile"], "1p");
    /// assert_eq!(v["yaku"][0]["name"], "Riichi");
    /// assert_eq!(v["cost"]["total"], v["cost"]["main"]);
    /// ```
    pub fn to_json(&self, input: &ScoringInput) -> serde_json::Value {
        serde_json::to_value(crate::answer::RiichiScore::new(input, self))
            .expect("a riichi score serialises")
    }
}

/// Score a winning hand from the embedded or mapped tables.
pub fn score<B: AsRef<[u8]>>(
    input: &ScoringInput,
    tables: &Tables<B>,
) -> Result<Score, ScoreError> {
    let mut list = Arrangements::new();
    tables.arrange_into(input.hand(), &Rules::RIICHI, &mut list);
    score_arrangements(input, &list)
}

/// What stays the same across the readings of one hand.
struct Facts {
    all: [u8; KINDS],
    win: u8,
    open: bool,
    has_melds: bool,
    declared_kongs: u8,
    tanyao: bool,
    /// Numbered suits present (bit 0 m, 1 p, 2 s).
    suits: u8,
    honors: bool,
    all_terminal_honor: bool,
    all_green: bool,
    tsumo: bool,
    riichi: bool,
    tenhou: bool,
    chiihou: bool,
    renhou: bool,
    valued: [u8; KINDS],
    dora: u32,
    aka: u32,
    ura: u32,
}

impl Facts {
    fn new(input: &ScoringInput) -> Facts {
        let hand = input.hand();
        let s = &input.settings.situation;
        let o = &input.settings.options;
        let all = hand.all_counts();
        // One bit per kind held: the hand-wide yaku conditions are mask tests.
        let present = all
            .iter()
            .enumerate()
            .fold(0u64, |m, (i, &c)| m | (u64::from(c > 0) << i));
        const SUIT: u64 = 0x1ff;
        const HONORS: u64 = 0x7f << 27;
        const TERM_HONOR: u64 = HONORS | 1 | 1 << 8 | 1 << 9 | 1 << 17 | 1 << 18 | 1 << 26;
        const GREEN: u64 = 1 << 19 | 1 << 20 | 1 << 21 | 1 << 23 | 1 << 25 | 1 << 32;
        let suits = (0..3).fold(0u8, |m, k| {
            m | (u8::from(present >> (9 * k) & SUIT != 0) << k)
        });
        let honors = present & HONORS != 0;
        let mut valued = [0u8; KINDS];
        for t in [
            Tile::WHITE,
            Tile::GREEN,
            Tile::RED,
            s.seat.tile(),
            s.prevalent.tile(),
        ] {
            valued[t.index()] += 1;
        }
        let three = o.is_three_player;
        let (dora, dora_north) = s.dora.count(&all, three);
        let nuki = s.nuki;
        let dora = dora
            + if nuki > 0 {
                dora_north * nuki + nuki
            } else {
                0
            };
        let riichi = s.riichi || s.double_riichi;
        let ura = if riichi {
            let (u, north) = s.ura.count(&all, three);
            u + north * nuki
        } else {
            0
        };
        let aka = if o.has_aka_dora {
            let concealed: u32 = hand.red_fives().iter().map(|&n| u32::from(n)).sum();
            concealed + hand.melds().map(|m| u32::from(m.red_fives())).sum::<u32>()
        } else {
            0
        };
        let first = s.first_turn;
        Facts {
            all,
            win: input.win_tile().index() as u8,
            open: hand.melds().any(|m| m.is_claimed()),
            has_melds: hand.meld_count() > 0,
            declared_kongs: hand.melds().filter(|m| m.is_kong()).count() as u8,
            tanyao: present & TERM_HONOR == 0,
            suits,
            honors,
            all_terminal_honor: present & !TERM_HONOR == 0,
            all_green: present & !GREEN == 0,
            tsumo: s.self_drawn,
            riichi,
            tenhou: first && s.self_drawn && s.is_dealer(),
            chiihou: first && s.self_drawn && !s.is_dealer(),
            renhou: first && !s.self_drawn,
            valued,
            dora,
            aka,
            ura,
        }
    }
}

/// The contradictions the package refuses, in its order.
fn check_situation(f: &Facts, s: &Situation) -> Result<(), ScoreError> {
    let e = |m| Err(ScoreError::Situation(m));
    if s.riichi && !s.double_riichi && f.open {
        return e("riichi needs a closed hand");
    }
    if s.double_riichi && f.open {
        return e("double riichi needs a closed hand");
    }
    if s.ippatsu && !f.riichi {
        return e("ippatsu needs riichi or double riichi");
    }
    if s.open_riichi && !f.riichi {
        return e("open riichi needs riichi or double riichi");
    }
    if s.last_wall && s.kong {
        return e(if s.self_drawn {
            "haitei and rinshan kaihou cannot go together"
        } else {
            "houtei and chankan cannot go together"
        });
    }
    if s.first_turn && !s.self_drawn && s.is_dealer() {
        return e("renhou (a first-turn win on a discard) is not for the dealer");
    }
    if s.first_turn && f.has_melds {
        return e("a first-turn win (tenhou, chiihou, renhou) has no declared meld");
    }
    Ok(())
}

/// One reading scored.
#[derive(Clone, Copy)]
struct Candidate<'a> {
    han: u32,
    fu: u32,
    yaku: YakuList,
    fu_details: FuList,
    cost: Option<Cost>,
    arrangement: &'a Arrangement,
    /// The winning group (kind, tile index); `None` for thirteen orphans.
    win_group: Option<(GroupKind, u8)>,
}

impl Candidate<'_> {
    /// The package's priority: total, real yakuman, han, fu, fu sum.
    fn priority(&self) -> (i64, bool, u32, u32, u32) {
        let total = self.cost.map_or(-1, |c| c.total as i64);
        (
            total,
            self.yaku.has_yakuman(),
            self.han,
            self.fu,
            self.fu_details.sum(),
        )
    }

    fn better_than(&self, other: &Candidate) -> bool {
        let (a, b) = (self.priority(), other.priority());
        a > b || (a == b && self.order() < other.order())
    }

    /// Position in the package's enumeration, for full ties only: the
    /// arrangement's sorted block list, then the winning group's place in it.
    fn order(&self) -> ([u16; 8], usize, usize) {
        let Some((kind, tile)) = self.win_group else {
            return ([u16::MAX; 8], usize::MAX, 0);
        };
        let (key, len) = block_key(self.arrangement.groups());
        let me = tile as u16 * 4 + block_rank(kind);
        let pos = key[..len]
            .iter()
            .position(|&k| k == me)
            .unwrap_or(usize::MAX);
        (key, len, pos)
    }
}

/// A group of a reading in compact form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct G {
    kind: GroupKind,
    tile: u8,
    declared: bool,
    open: bool,
}

/// Score the hand from its arrangements (any engine's).
pub fn score_arrangements(
    input: &ScoringInput,
    arrangements: &[Arrangement],
) -> Result<Score, ScoreError> {
    let s = &input.settings.situation;
    let o = &input.settings.options;
    if s.nagashi_mangan {
        let mut yaku = YakuList::default();
        yaku.push(Yaku::NagashiMangan, 5);
        let arrangement = arrangements
            .first()
            .copied()
            .unwrap_or(Arrangement::new(Form::Standard));
        return Ok(Score {
            han: 5,
            fu: 30,
            yaku,
            fu_details: FuList::default(),
            cost: cost(5, 30, false, s, o),
            legal: true,
            arrangement,
        });
    }
    let facts = Facts::new(input);
    check_situation(&facts, s)?;
    if arrangements.is_empty() {
        return Err(ScoreError::NotWinning);
    }
    let mut best: Option<Candidate<'_>> = None;
    for a in arrangements {
        match a.form() {
            Form::ThirteenOrphans if !facts.open => keep(&mut best, kokushi(&facts, s, o, a)),
            Form::Standard | Form::SevenPairs => readings(&facts, s, o, a, &mut best),
            _ => {}
        }
    }
    let mut best = best.ok_or(ScoreError::NotWinning)?;
    best.yaku.sort();
    best.fu_details.sort();
    Ok(Score {
        han: if best.cost.is_some() { best.han } else { 0 },
        fu: best.fu,
        yaku: best.yaku,
        fu_details: best.fu_details,
        cost: best.cost.unwrap_or_default(),
        legal: best.cost.is_some(),
        arrangement: *best.arrangement,
    })
}

/// Keep the better of the best so far and `c`.
fn keep<'a>(best: &mut Option<Candidate<'a>>, c: Candidate<'a>) {
    if best.as_ref().is_none_or(|b| c.better_than(b)) {
        *best = Some(c);
    }
}

/// The package's block order key of an arrangement: (tile, kind) with
/// kong < pung < pair < chow, sorted.
fn block_key(groups: &[crate::arrangement::Group]) -> ([u16; 8], usize) {
    let mut k = [u16::MAX; 8];
    for (slot, g) in k.iter_mut().zip(groups) {
        *slot = g.tile.index() as u16 * 4 + block_rank(g.kind);
    }
    let n = groups.len().min(8);
    k[..n].sort_unstable();
    (k, n)
}

fn block_rank(kind: GroupKind) -> u16 {
    match kind {
        GroupKind::Kong => 0,
        GroupKind::Pung => 1,
        GroupKind::Pair => 2,
        _ => 3,
    }
}

/// Thirteen orphans: yakuman only, no fu.
fn kokushi<'a>(f: &Facts, s: &Situation, o: &Options, a: &'a Arrangement) -> Candidate<'a> {
    let mut yaku = YakuList::default();
    let double = o.has_double_yakuman;
    let mut add = |y: Yaku| yaku.push(y, y.han(false, double));
    add(if f.all[f.win as usize] == 2 {
        Yaku::KokushiJuusanmen
    } else {
        Yaku::Kokushi
    });
    if !f.tsumo && o.has_sashikomi_yakuman && s.open_riichi && f.riichi {
        add(Yaku::Sashikomi);
    }
    if f.renhou && o.renhou_as_yakuman {
        add(Yaku::RenhouYakuman);
    }
    if f.tenhou {
        add(Yaku::Tenhou);
    }
    if f.chiihou {
        add(Yaku::Chiihou);
    }
    if s.paarenchan > 0 {
        yaku.push(Yaku::Paarenchan, (13 * s.paarenchan).min(255) as u8);
    }
    let han = yaku.han();
    Candidate {
        han,
        fu: 0,
        yaku,
        fu_details: FuList::default(),
        cost: Some(cost(han, 0, true, s, o)),
        arrangement: a,
        win_group: None,
    }
}

/// Every winning group of a standard or seven-pairs arrangement.
fn readings<'a>(
    f: &Facts,
    s: &Situation,
    o: &Options,
    a: &'a Arrangement,
    best: &mut Option<Candidate<'a>>,
) {
    let mut groups = [G {
        kind: GroupKind::Pair,
        tile: 0,
        declared: false,
        open: false,
    }; 7];
    let n = a.groups().len().min(7);
    for (slot, g) in groups.iter_mut().zip(a.groups()) {
        *slot = G {
            kind: g.kind,
            tile: g.tile.index() as u8,
            declared: g.meld.is_some(),
            open: g.meld.is_some_and(|m| m.is_claimed()),
        };
    }
    let groups = &groups[..n];
    let seven = a.form() == Form::SevenPairs;
    let shape = Shape::of(f, groups, seven);

    // The yaku without and with pinfu, computed when first needed.
    let mut cached: [Option<(YakuList, u32, bool)>; 2] = [None, None];
    // Winning groups: concealed groups holding the winning tile, once each.
    let mut seen: [(GroupKind, u8); 4] = [(GroupKind::Single, 0); 4];
    let mut nseen = 0;
    for g in groups.iter().filter(|g| !g.declared) {
        let holds = match g.kind {
            GroupKind::Chow => (g.tile..g.tile + 3).contains(&f.win),
            _ => g.tile == f.win,
        };
        if !holds || seen[..nseen].contains(&(g.kind, g.tile)) || nseen == 4 {
            continue;
        }
        seen[nseen] = (g.kind, g.tile);
        nseen += 1;
        let group = match g.kind {
            GroupKind::Chow => WinGroup::Chow(g.tile),
            GroupKind::Pung | GroupKind::Kong => WinGroup::Pung(g.tile),
            _ => WinGroup::Pair,
        };
        let fu_details = if seven {
            fu::seven_pairs()
        } else {
            fu::standard(&shape.fu_input(f), f.win, group, f.tsumo, o)
        };
        let pinfu = fu_details.is_base_only() && !seven && !f.open;
        let (yaku, han, yakuman) =
            *cached[pinfu as usize].get_or_insert_with(|| yaku_of(f, s, o, &shape, pinfu));
        let fu = fu_details.fu();
        let c = Candidate {
            han,
            fu,
            yaku,
            fu_details,
            cost: (han > 0).then(|| cost(han, fu, yakuman, s, o)),
            arrangement: a,
            win_group: Some((g.kind, g.tile)),
        };
        keep(best, c);
    }
}

/// The arrangement-level facts of a standard or seven-pairs reading.
struct Shape {
    seven: bool,
    sets: [SetFu; 4],
    nsets: usize,
    chows: [u8; 4],
    nchows: usize,
    pair: u8,
    /// Dragon pungs/kongs, wind pungs/kongs, dragon pair, wind pair.
    dragon_sets: u8,
    wind_sets: u8,
    dragon_pair: bool,
    wind_pair: bool,
    /// Groups with a terminal at an end, groups of honours.
    terminal_groups: u8,
    honor_groups: u8,
    groups: u8,
    /// Concealed chows holding the winning tile that no open chow repeats.
    closed_chow_with_win: bool,
    open_chow_tiles: [u8; 4],
    nopen_chows: usize,
}

impl Shape {
    fn of(f: &Facts, groups: &[G], seven: bool) -> Shape {
        let mut sh = Shape {
            seven,
            sets: [SetFu {
                tile: 0,
                kan: false,
                open: false,
            }; 4],
            nsets: 0,
            chows: [0; 4],
            nchows: 0,
            pair: 0,
            dragon_sets: 0,
            wind_sets: 0,
            dragon_pair: false,
            wind_pair: false,
            terminal_groups: 0,
            honor_groups: 0,
            groups: groups.len() as u8,
            closed_chow_with_win: false,
            open_chow_tiles: [0; 4],
            nopen_chows: 0,
        };
        let terminal = |t: u8| t < 27 && (t.is_multiple_of(9) || t % 9 == 8);
        for g in groups {
            let last = match g.kind {
                GroupKind::Chow => g.tile + 2,
                _ => g.tile,
            };
            if terminal(g.tile) || terminal(last) {
                sh.terminal_groups += 1;
            } else if g.tile >= 27 {
                sh.honor_groups += 1;
            }
            match g.kind {
                GroupKind::Chow => {
                    sh.chows[sh.nchows] = g.tile;
                    sh.nchows += 1;
                    if g.open {
                        sh.open_chow_tiles[sh.nopen_chows] = g.tile;
                        sh.nopen_chows += 1;
                    }
                }
                GroupKind::Pung | GroupKind::Kong => {
                    sh.sets[sh.nsets] = SetFu {
                        tile: g.tile,
                        kan: g.kind == GroupKind::Kong,
                        open: g.open,
                    };
                    sh.nsets += 1;
                    if g.tile >= 31 {
                        sh.dragon_sets += 1;
                    } else if g.tile >= 27 {
                        sh.wind_sets += 1;
                    }
                }
                _ => {
                    sh.pair = g.tile;
                    if g.tile >= 31 {
                        sh.dragon_pair = true;
                    } else if g.tile >= 27 {
                        sh.wind_pair = true;
                    }
                }
            }
        }
        sh.sets[..sh.nsets].sort_unstable_by_key(|s| s.tile);
        let open_chows = &sh.open_chow_tiles[..sh.nopen_chows];
        sh.closed_chow_with_win = groups.iter().any(|g| {
            g.kind == GroupKind::Chow
                && !g.declared
                && (g.tile..g.tile + 3).contains(&f.win)
                && !open_chows.contains(&g.tile)
        });
        sh
    }

    fn sets(&self) -> &[SetFu] {
        &self.sets[..self.nsets]
    }

    fn chows(&self) -> &[u8] {
        &self.chows[..self.nchows]
    }

    fn fu_input(&self, f: &Facts) -> FuInput<'_> {
        FuInput {
            sets: self.sets(),
            pair_value: f.valued[self.pair as usize],
            open: f.open,
        }
    }

    fn has_set_of(&self, t: Tile) -> bool {
        self.sets().iter().any(|s| s.tile as usize == t.index())
    }
}

/// Yaku, han and cost of one reading.
/// The yaku of a reading with dora (none on a yakuman), the han (0: no
/// yaku) and whether they are yakuman. Only pinfu depends on the winning
/// group, so a reading computes this at most twice.
fn yaku_of(
    f: &Facts,
    s: &Situation,
    o: &Options,
    sh: &Shape,
    pinfu: bool,
) -> (YakuList, u32, bool) {
    let mut y = YakuList::default();
    let double = o.has_double_yakuman;
    let open = f.open;
    let add = |y: &mut YakuList, k: Yaku| y.push(k, k.han(open, double));
    let single_suit = f.suits.count_ones() == 1;

    if f.tsumo && !open {
        add(&mut y, Yaku::MenzenTsumo);
    }
    if pinfu {
        add(&mut y, Yaku::Pinfu);
    }
    if sh.seven {
        add(&mut y, Yaku::Chiitoitsu);
    }
    if o.daisharin() && !f.honors && single_suit && (o.has_daisharin_other_suits || f.suits == 2) {
        let base = f.suits.trailing_zeros() as usize * 9;
        if (1..8).all(|r| f.all[base + r] == 2) {
            add(
                &mut y,
                [Yaku::Daisuurin, Yaku::Daisharin, Yaku::Daichikurin][base / 9],
            );
        }
    }
    if o.has_daichisei && sh.seven && f.suits == 0 {
        add(&mut y, Yaku::Daichisei);
    }
    if (!open || o.has_open_tanyao) && f.tanyao {
        add(&mut y, Yaku::Tanyao);
    }
    if s.riichi && !s.double_riichi {
        add(
            &mut y,
            if s.open_riichi {
                Yaku::OpenRiichi
            } else {
                Yaku::Riichi
            },
        );
    }
    if s.double_riichi {
        add(
            &mut y,
            if s.open_riichi {
                Yaku::DoubleOpenRiichi
            } else {
                Yaku::DoubleRiichi
            },
        );
    }
    if !f.tsumo && o.has_sashikomi_yakuman && s.open_riichi && f.riichi {
        add(&mut y, Yaku::Sashikomi);
    }
    if s.ippatsu {
        add(&mut y, Yaku::Ippatsu);
    }
    if s.kong && f.tsumo {
        add(&mut y, Yaku::Rinshan);
    }
    if s.kong && !f.tsumo {
        add(&mut y, Yaku::Chankan);
    }
    if s.last_wall && f.tsumo {
        add(&mut y, Yaku::Haitei);
    }
    if s.last_wall && !f.tsumo {
        add(&mut y, Yaku::Houtei);
    }
    if f.renhou {
        add(
            &mut y,
            if o.renhou_as_yakuman {
                Yaku::RenhouYakuman
            } else {
                Yaku::Renhou
            },
        );
    }
    if f.tenhou {
        add(&mut y, Yaku::Tenhou);
    }
    if f.chiihou {
        add(&mut y, Yaku::Chiihou);
    }
    if single_suit && !f.honors {
        add(&mut y, Yaku::Chinitsu);
    } else if single_suit && f.honors {
        add(&mut y, Yaku::Honitsu);
    }
    if sh.nchows == 0 {
        if f.honors && f.suits == 0 {
            add(&mut y, Yaku::TsuuIisou);
        }
        if !f.tanyao {
            if f.all_terminal_honor {
                add(&mut y, Yaku::Honroutou);
            }
            if !f.honors && f.all_terminal_honor {
                add(&mut y, Yaku::Chinroutou);
            }
        }
    }
    if f.all_green {
        add(&mut y, Yaku::Ryuuiisou);
    }
    let paarenchan = |y: &mut YakuList| {
        y.push(Yaku::Paarenchan, (13 * s.paarenchan).min(255) as u8);
    };
    if s.paarenchan > 0 && !o.paarenchan_needs_yaku {
        paarenchan(&mut y);
    }
    if sh.nchows > 0 {
        if !f.tanyao {
            let five = sh.groups == 5;
            if five
                && sh.terminal_groups + sh.honor_groups == 5
                && sh.terminal_groups > 0
                && sh.honor_groups > 0
            {
                add(&mut y, Yaku::Chantai);
            }
            if five && sh.terminal_groups == 5 {
                add(&mut y, Yaku::Junchan);
            }
            if (0..3).any(|suit| {
                [0, 3, 6]
                    .iter()
                    .all(|r| sh.chows().contains(&(suit * 9 + r)))
            }) {
                add(&mut y, Yaku::Ittsu);
            }
        }
        if !open {
            let mut doubles = 0;
            let c = sh.chows();
            for (i, t) in c.iter().enumerate() {
                // Count each start tile once: pairs of equal chows.
                if c[..i].contains(t) {
                    continue;
                }
                doubles += c.iter().filter(|&&u| u == *t).count() / 2;
            }
            if doubles >= 2 {
                add(&mut y, Yaku::Ryanpeikou);
            } else if doubles == 1 {
                add(&mut y, Yaku::Iipeiko);
            }
        }
        if f.suits == 7 {
            let mut masks = [0u16; 3];
            for &t in sh.chows() {
                masks[t as usize / 9] |= 1 << (t % 9);
            }
            if masks[0] & masks[1] & masks[2] != 0 {
                add(&mut y, Yaku::Sanshoku);
            }
        }
    }
    if sh.nsets > 0 {
        if sh.nsets == 4 {
            add(&mut y, Yaku::Toitoi);
        }
        if san_ankou(f, sh) {
            add(&mut y, Yaku::SanAnkou);
        }
        if f.suits == 7 {
            let mut masks = [0u16; 3];
            for st in sh.sets().iter().filter(|st| st.tile < 27) {
                masks[st.tile as usize / 9] |= 1 << (st.tile % 9);
            }
            if masks[0] & masks[1] & masks[2] != 0 {
                add(&mut y, Yaku::SanshokuDoukou);
            }
        }
        if f.honors {
            if sh.dragon_sets + u8::from(sh.dragon_pair) == 3 {
                add(&mut y, Yaku::ShouSangen);
            }
            for (t, k) in [
                (Tile::WHITE, Yaku::Haku),
                (Tile::GREEN, Yaku::Hatsu),
                (Tile::RED, Yaku::Chun),
            ] {
                if sh.has_set_of(t) {
                    add(&mut y, k);
                }
            }
            let seat = [
                Yaku::SeatEast,
                Yaku::SeatSouth,
                Yaku::SeatWest,
                Yaku::SeatNorth,
            ];
            let round = [
                Yaku::RoundEast,
                Yaku::RoundSouth,
                Yaku::RoundWest,
                Yaku::RoundNorth,
            ];
            if sh.has_set_of(s.seat.tile()) {
                add(&mut y, seat[s.seat as usize]);
            }
            if sh.has_set_of(s.prevalent.tile()) {
                add(&mut y, round[s.prevalent as usize]);
            }
            if sh.dragon_sets == 3 {
                add(&mut y, Yaku::Daisangen);
            }
            if sh.wind_sets == 3 && sh.wind_pair {
                add(&mut y, Yaku::Shousuushii);
            }
            if sh.wind_sets == 4 {
                add(&mut y, Yaku::DaiSuushii);
            }
        }
        if !f.has_melds && !f.tanyao {
            if let Some(junsei) = chuuren(f) {
                add(
                    &mut y,
                    if junsei {
                        Yaku::JunseiChuuren
                    } else {
                        Yaku::Chuuren
                    },
                );
            }
        }
        if !open {
            let concealed = sh
                .sets()
                .iter()
                .filter(|st| f.tsumo || st.tile != f.win)
                .count();
            if concealed == 4 {
                add(
                    &mut y,
                    if f.all[f.win as usize] == 2 {
                        Yaku::SuuAnkouTanki
                    } else {
                        Yaku::SuuAnkou
                    },
                );
            }
        }
        if f.declared_kongs == 3 {
            add(&mut y, Yaku::SanKantsu);
        }
        if f.declared_kongs == 4 {
            add(&mut y, Yaku::SuuKantsu);
        }
    }
    if s.paarenchan > 0 && o.paarenchan_needs_yaku && !y.is_empty() {
        paarenchan(&mut y);
    }

    let yakuman = y.has_yakuman();
    if yakuman {
        y.keep_yakuman();
    }
    let mut han = y.han();
    if han == 0 {
        return (y, 0, false);
    }
    if !yakuman {
        for (k, n) in [
            (Yaku::Dora, f.dora),
            (Yaku::AkaDora, f.aka),
            (Yaku::UraDora, f.ura),
        ] {
            if n > 0 {
                y.push(k, n.min(255) as u8);
                han += n;
            }
        }
    }
    if o.limit_to_sextuple_yakuman {
        han = han.min(78);
    }
    (y, han, yakuman)
}

/// San ankou as the package counts it: pungs and kongs not melded; on a
/// discard, the pung of the winning tile is not concealed unless a
/// concealed chow (not repeated by an open chow) could take the tile.
fn san_ankou(f: &Facts, sh: &Shape) -> bool {
    let mut closed = sh.sets().iter().filter(|st| !st.open).count();
    if !f.tsumo
        && !sh.closed_chow_with_win
        && sh.sets().iter().any(|st| st.tile == f.win && !st.open)
    {
        closed -= 1;
    }
    closed == 3
}

/// Nine gates on the whole hand: `Some(true)` for the pure nine-sided wait
/// (the winning tile is the extra copy, or a fourth 1 or 9).
fn chuuren(f: &Facts) -> Option<bool> {
    if f.honors || f.suits.count_ones() != 1 {
        return None;
    }
    let base = f.suits.trailing_zeros() as usize * 9;
    let mut c = [0u8; 9];
    c.copy_from_slice(&f.all[base..base + 9]);
    if c[0] < 3 || c[8] < 3 {
        return None;
    }
    c[0] -= 2;
    c[8] -= 2;
    let mut twos = 0;
    for &n in &c {
        match n {
            1 => {}
            2 => twos += 1,
            _ => return None,
        }
    }
    (twos == 1).then(|| matches!(f.all[f.win as usize], 2 | 4))
}

/// The score of `hand` won on its last concealed tile, with `settings`:
/// a convenience over [`ScoringInput::from_hand`] and [`score`] (for a hand
/// built from counts, [`ScoringInput::new`] names the winning tile).
///
/// ```
/// use hupai::riichi::{score_hand, Settings};
/// use hupai::{Hand, Tables};
/// let hand: Hand = "234m567m99s345p23p1p".parse().unwrap(); // 1p written last
/// let mut settings = Settings::default();
/// settings.situation.riichi = true;
/// settings.situation.seat = hupai::mcr::Wind::South;
/// let s = score_hand(&hand, settings, Tables::embedded()).unwrap();
/// assert_eq!((s.legal, s.han, s.fu, s.cost.total), (true, 2, 30, 2000));
/// ```
pub fn score_hand<B: AsRef<[u8]>>(
    hand: &Hand,
    settings: super::Settings,
    tables: &Tables<B>,
) -> Result<Score, ScoreError> {
    let input = ScoringInput::from_hand(*hand, settings)?;
    score(&input, tables)
}
