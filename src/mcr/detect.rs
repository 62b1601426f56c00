//! Fan detection for one reading (arrangement or special form) of a hand.
//!
//! Tile-level facts (suits, terminals, ranks, tile hogs) are the same for
//! every reading and are computed once per hand in [`Facts`]. Set-level fans
//! are read from each arrangement: the combinations of chows and of pungs
//! follow principles 2, 3 and 5 (non-separation, non-identical, account
//! once) by construction: when three sets form a fan, the fourth set may
//! pair with one of them once, and 1-point chow pairings are capped by the
//! account-once rule with the priority Pure Double Chow, Mixed Double Chow,
//! Short Straight, Two Terminal Chows. Principle 1 (non-repeat) is the
//! "not counted with" data of [`super::fans`], applied last.
//!
//! Combinations are examined in the order of the reference calculator
//! (chows and pungs sorted characters, bamboo, dots, honours), so that the
//! same fans are reported when a hand offers several equal choices.

use super::fans::{Fan, FanTable};
use super::input::ScoringInput;
use crate::arrangement::{Arrangement, GroupKind};
use crate::hand::MeldKind;
use crate::tile::{Counts, Tile};

/// Per-hand facts shared by every reading.
pub(crate) struct Facts {
    /// Counts of the whole hand (declared melds included, kongs as four).
    pub all: Counts,
    /// Concealed counts, winning tile included.
    pub concealed: Counts,
    pub win: Tile,
    pub self_drawn: bool,
    pub seat: Tile,
    pub prevalent: Tile,
    /// Declared melds other than concealed kongs (chows, pungs, melded kongs).
    pub melded: usize,
    /// Declared kongs of either kind.
    pub kongs: u8,
    /// Tile kinds the hand holds four of.
    pub hogs: u8,
    /// Fans that depend on the tiles alone (suits, terminals, ranks).
    pub tile_fans: FanTable,
    /// Fans of the winning circumstances (self-drawn, last tile, …).
    pub win_fans: FanTable,
}

impl Facts {
    pub fn new(input: &ScoringInput) -> Facts {
        let hand = input.hand();
        let win = input.win_tile();
        let w = win.index();
        let flags = input.flags;
        let concealed = *hand.counts();
        let mut all = concealed;
        let mut win_in_melds = 0;
        let mut melded = 0;
        let mut kongs = 0;
        for m in hand.melds() {
            let t = m.tile().index();
            match m.kind() {
                MeldKind::Chow => {
                    all[t] += 1;
                    all[t + 1] += 1;
                    all[t + 2] += 1;
                    win_in_melds += (t..t + 3).contains(&w) as u8;
                }
                MeldKind::Pung => {
                    all[t] += 3;
                    win_in_melds += 3 * (t == w) as u8;
                }
                MeldKind::Kong | MeldKind::ConcealedKong => {
                    all[t] += 4;
                    win_in_melds += 4 * (t == w) as u8;
                    kongs += 1;
                }
            }
            melded += (m.kind() != MeldKind::ConcealedKong) as usize;
        }
        // Impossible flags are dropped and implied ones added, as the rules say.
        let last_tile = (flags.last_tile && concealed[w] == 1) || win_in_melds == 3;
        let kong = flags.kong
            && if flags.self_drawn {
                kongs > 0
            } else {
                win_in_melds == 0 && concealed[w] == 1
            };
        let mut win_fans = FanTable::default();
        if last_tile {
            win_fans.mark(Fan::LastTile);
        }
        if flags.self_drawn {
            win_fans.mark(Fan::SelfDrawn);
            if flags.last_wall {
                win_fans.mark(Fan::LastTileDraw);
            }
            if kong {
                win_fans.mark(Fan::OutWithReplacementTile);
            }
        } else {
            if flags.last_wall {
                win_fans.mark(Fan::LastTileClaim);
            }
            if kong {
                win_fans.mark(Fan::RobbingTheKong);
            }
        }
        let (tiles, hogs) = presence(&all);
        Facts {
            all,
            concealed,
            win,
            self_drawn: flags.self_drawn,
            seat: flags.seat.tile(),
            prevalent: flags.prevalent.tile(),
            melded,
            kongs,
            hogs,
            tile_fans: tile_fans(tiles),
            win_fans,
        }
    }
}

/// The tile kinds present (bit per kind) and how many kinds have four
/// copies, eight counts at a time (each count is at most 4).
fn presence(all: &Counts) -> (u64, u8) {
    const LOW: u64 = 0x0101_0101_0101_0101;
    let mut tiles = 0u64;
    let mut quads = 0;
    let mut word = |k: usize, w: u64| {
        let nonzero = (w | w >> 1 | w >> 2) & LOW;
        // Gather bit 0 of each byte into the top byte.
        tiles |= (nonzero.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * k);
        quads += ((w >> 2) & LOW).count_ones() as u8;
    };
    for k in 0..4 {
        let bytes: [u8; 8] = all[8 * k..8 * k + 8].try_into().expect("eight counts");
        word(k, u64::from_le_bytes(bytes));
    }
    word(4, all[32] as u64 | (all[33] as u64) << 8);
    (tiles, quads)
}

/// Bit masks over the 34 tile kinds.
mod mask {
    pub const SUIT: [u64; 3] = [0x1ff, 0x1ff << 9, 0x1ff << 18];
    pub const HONORS: u64 = 0x7f << 27;
    pub const WINDS: u64 = 0xf << 27;
    pub const DRAGONS: u64 = 0x7 << 31;
    pub const TERMINALS: u64 = 1 | 1 << 8 | 1 << 9 | 1 << 17 | 1 << 18 | 1 << 26;
    /// 23468s and Green Dragon.
    pub const GREEN: u64 = 1 << 19 | 1 << 20 | 1 << 21 | 1 << 23 | 1 << 25 | 1 << 32;
    /// 1234589p, 245689s and White Dragon.
    pub const REVERSIBLE: u64 = 0b1_1001_1111 << 9 | 0b1_1011_1010 << 18 | 1 << 31;
    /// The 5 of each suit.
    pub const FIVES: u64 = 1 << 4 | 1 << 13 | 1 << 22;
    /// 2, 4, 6, 8 of each suit.
    pub const EVENS: u64 = 0b0_1010_1010 * (1 | 1 << 9 | 1 << 18);
}

/// Fans of the tiles alone: suits (No Honors, One Voided Suit, Half Flush,
/// Full Flush, All Types), tile traits (All Simples, Reversible Tiles, All
/// Green, All Honors, All Terminals, All Terminals and Honors) and rank ranges
/// (Upper/Middle/Lower Tiles, Upper/Lower Four).
fn tile_fans(tiles: u64) -> FanTable {
    let mut t = FanTable::default();
    let honors = tiles & mask::HONORS != 0;
    let suits = mask::SUIT.iter().filter(|&&m| tiles & m != 0).count();
    if !honors {
        t.mark(Fan::NoHonors);
    }
    match (suits, honors) {
        (2, _) => t.mark(Fan::OneVoidedSuit),
        (1, true) => t.mark(Fan::HalfFlush),
        (1, false) => t.mark(Fan::FullFlush),
        (3, true) if tiles & mask::WINDS != 0 && tiles & mask::DRAGONS != 0 => {
            t.mark(Fan::AllTypes)
        }
        _ => {}
    }
    let outside = mask::TERMINALS | mask::HONORS;
    if tiles & outside == 0 {
        t.mark(Fan::AllSimples);
    }
    if tiles & !mask::REVERSIBLE == 0 {
        t.mark(Fan::ReversibleTiles);
    }
    if tiles & !mask::GREEN == 0 {
        t.mark(Fan::AllGreen);
    }
    if tiles & !mask::HONORS == 0 {
        t.mark(Fan::AllHonors);
    } else if tiles & !mask::TERMINALS == 0 {
        t.mark(Fan::AllTerminals);
    } else if tiles & !outside == 0 {
        t.mark(Fan::AllTerminalsAndHonors);
    }
    if !honors {
        // Bit r-1 set when some suit holds rank r.
        let ranks = (tiles | tiles >> 9 | tiles >> 18) & 0x1ff;
        let only = |allowed: u64| ranks & !allowed == 0;
        if only(0b1111) {
            t.mark(if ranks & 0b1000 != 0 {
                Fan::LowerFour
            } else {
                Fan::LowerTiles
            });
        } else if only(0b1_1110_0000) {
            t.mark(if ranks & 0b10_0000 != 0 {
                Fan::UpperFour
            } else {
                Fan::UpperTiles
            });
        } else if only(0b111000) {
            t.mark(Fan::MiddleTiles);
        }
    }
    t
}

/// The sort/compare key of a tile: suit nibble (characters 1, bamboo 2,
/// dots 3, honours 4) and rank; honours E S W N = 1–4, then Red, Green,
/// White = 5–7 (the reference calculator's order). For a chow, the key of
/// its middle tile.
#[inline]
fn key(t: Tile) -> u8 {
    let i = t.index();
    match i / 9 {
        0 => 0x10 | (i % 9 + 1) as u8,
        1 => 0x30 | (i % 9 + 1) as u8,
        2 => 0x20 | (i % 9 + 1) as u8,
        _ => 0x40 | [1u8, 2, 3, 4, 7, 6, 5][i - 27],
    }
}

#[inline]
fn numbered(k: u8) -> bool {
    k < 0x40
}
#[inline]
fn suit(k: u8) -> u8 {
    k >> 4
}
#[inline]
fn rank(k: u8) -> u8 {
    k & 0xf
}
#[inline]
fn mixed(a: u8, b: u8, c: u8) -> bool {
    suit(a) != suit(b) && suit(a) != suit(c) && suit(b) != suit(c)
}
#[inline]
fn shifted(a: u8, b: u8, c: u8, step: u8) -> bool {
    a + step == b && b + step == c
}
/// Three ranks one apart in any order.
#[inline]
fn shifted_any_order(a: u8, b: u8, c: u8) -> bool {
    a != b && b != c && a != c && a.max(b).max(c) - a.min(b).min(c) == 2
}
#[inline]
fn is_wind_key(k: u8) -> bool {
    (0x41..=0x44).contains(&k)
}
#[inline]
fn is_dragon_key(k: u8) -> bool {
    (0x45..=0x47).contains(&k)
}

// ---- chows (keys of the middle tiles) ----

fn two_chows(a: u8, b: u8) -> Option<Fan> {
    if suit(a) != suit(b) {
        return (rank(a) == rank(b)).then_some(Fan::MixedDoubleChow);
    }
    if a + 3 == b || b + 3 == a {
        Some(Fan::ShortStraight)
    } else if (rank(a) == 2 && rank(b) == 8) || (rank(a) == 8 && rank(b) == 2) {
        Some(Fan::TwoTerminalChows)
    } else if a == b {
        Some(Fan::PureDoubleChow)
    } else {
        None
    }
}

/// Three chows, keys ascending.
fn three_chows(a: u8, b: u8, c: u8) -> Option<Fan> {
    if mixed(a, b, c) {
        let (ra, rb, rc) = (rank(a), rank(b), rank(c));
        if shifted_any_order(ra, rb, rc) {
            Some(Fan::MixedShiftedChows)
        } else if ra == rb && rb == rc {
            Some(Fan::MixedTripleChow)
        } else if ra.min(rb).min(rc) == 2 && ra.max(rb).max(rc) == 8 && ra + rb + rc == 15 {
            Some(Fan::MixedStraight)
        } else {
            None
        }
    } else if shifted(a, b, c, 3) {
        Some(Fan::PureStraight)
    } else if shifted(a, b, c, 2) || shifted(a, b, c, 1) {
        Some(Fan::PureShiftedChows)
    } else if a == b && b == c {
        Some(Fan::PureTripleChow)
    } else {
        None
    }
}

fn four_chows(m: &[u8; 4]) -> Option<Fan> {
    let step = |s: u8| m[0] + s == m[1] && m[1] + s == m[2] && m[2] + s == m[3];
    if step(2) || step(1) {
        Some(Fan::FourPureShiftedChows)
    } else if m[0] == m[1] && m[0] == m[2] && m[0] == m[3] {
        Some(Fan::QuadrupleChow)
    } else {
        None
    }
}

/// Account once: the chow left out of a three-chow fan adds at most one
/// 1-point fan with one of the three, by priority.
fn fourth_chow(a: u8, b: u8, c: u8, extra: u8) -> Option<Fan> {
    let fans = [
        two_chows(a, extra),
        two_chows(b, extra),
        two_chows(c, extra),
    ];
    [
        Fan::PureDoubleChow,
        Fan::MixedDoubleChow,
        Fan::ShortStraight,
        Fan::TwoTerminalChows,
    ]
    .into_iter()
    .find(|f| fans.contains(&Some(*f)))
}

/// Account once over pairwise chow fans: keep at most `max` of them,
/// dropping repeats first, lowest priority first.
fn account_once(all: &[Option<Fan>], max: u8, t: &mut FanTable) {
    const ORDER: [Fan; 4] = [
        Fan::PureDoubleChow,
        Fan::MixedDoubleChow,
        Fan::ShortStraight,
        Fan::TwoTerminalChows,
    ];
    let mut n = [0u8; 4];
    let mut count = 0u8;
    for f in all.iter().flatten() {
        let i = match f {
            Fan::PureDoubleChow => 0,
            Fan::MixedDoubleChow => 1,
            Fan::ShortStraight => 2,
            _ => 3,
        };
        n[i] += 1;
        count += 1;
    }
    for limit in [1u8, 0] {
        for i in (0..4).rev() {
            while count > max && n[i] > limit {
                n[i] -= 1;
                count -= 1;
            }
        }
    }
    for (f, c) in ORDER.into_iter().zip(n) {
        t.set(f, c);
    }
}

fn chows4(m: &[u8; 4], t: &mut FanTable) {
    if let Some(f) = four_chows(m) {
        t.mark(f);
        return;
    }
    for (i, j, k, x) in [(0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0)] {
        if let Some(f) = three_chows(m[i], m[j], m[k]) {
            t.mark(f);
            if let Some(e) = fourth_chow(m[i], m[j], m[k], m[x]) {
                t.mark(e);
            }
            return;
        }
    }
    let pairs = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)];
    let all = pairs.map(|(i, j)| two_chows(m[i], m[j]));
    // Each chow related to no other chow lowers the cap of three.
    let mut max = 3i8;
    for c in 0..4 {
        if pairs
            .iter()
            .zip(&all)
            .all(|(&(i, j), f)| (i != c && j != c) || f.is_none())
        {
            max -= 1;
        }
    }
    if max > 0 {
        account_once(&all, max as u8, t);
    }
}

fn chows3(m: &[u8; 3], t: &mut FanTable) {
    if let Some(f) = three_chows(m[0], m[1], m[2]) {
        t.mark(f);
        return;
    }
    let all = [
        two_chows(m[0], m[1]),
        two_chows(m[0], m[2]),
        two_chows(m[1], m[2]),
    ];
    account_once(&all, 2, t);
}

// ---- pungs (keys of their tiles) ----

fn two_pungs(a: u8, b: u8) -> Option<Fan> {
    if numbered(a) && numbered(b) {
        (rank(a) == rank(b)).then_some(Fan::DoublePung)
    } else if is_dragon_key(a) && is_dragon_key(b) {
        Some(Fan::TwoDragonsPungs)
    } else {
        None
    }
}

/// Three pungs, keys ascending.
fn three_pungs(a: u8, b: u8, c: u8) -> Option<Fan> {
    if numbered(a) && numbered(b) && numbered(c) {
        if mixed(a, b, c) {
            if shifted_any_order(rank(a), rank(b), rank(c)) {
                Some(Fan::MixedShiftedPungs)
            } else if rank(a) == rank(b) && rank(b) == rank(c) {
                Some(Fan::TriplePung)
            } else {
                None
            }
        } else {
            shifted(a, b, c, 1).then_some(Fan::PureShiftedPungs)
        }
    } else if is_wind_key(a) && is_wind_key(b) && is_wind_key(c) {
        Some(Fan::BigThreeWinds)
    } else if is_dragon_key(a) && is_dragon_key(b) && is_dragon_key(c) {
        Some(Fan::BigThreeDragons)
    } else {
        None
    }
}

fn pungs4(m: &[u8; 4], t: &mut FanTable) {
    if numbered(m[0]) && shifted(m[0], m[1], m[2], 1) && m[2] + 1 == m[3] {
        t.mark(Fan::FourPureShiftedPungs);
        return;
    }
    if m.iter().all(|&k| is_wind_key(k)) {
        t.mark(Fan::BigFourWinds);
        return;
    }
    for (i, j, k, free) in [(0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0)] {
        if let Some(f) = three_pungs(m[i], m[j], m[k]) {
            t.mark(f);
            // The fourth pung combines once with one of the three.
            if let Some(e) = (0..4)
                .filter(|&o| o != free)
                .find_map(|o| two_pungs(m[o], m[free]))
            {
                t.add(e);
            }
            return;
        }
    }
    for (i, j) in [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)] {
        if let Some(f) = two_pungs(m[i], m[j]) {
            t.add(f);
        }
    }
}

fn pungs3(m: &[u8; 3], t: &mut FanTable) {
    if let Some(f) = three_pungs(m[0], m[1], m[2]) {
        t.mark(f);
        return;
    }
    for (i, j) in [(0, 1), (0, 2), (1, 2)] {
        if let Some(f) = two_pungs(m[i], m[j]) {
            t.add(f);
        }
    }
}

/// Kong fans and concealed-pung fans. `concealed_pungs` excludes kongs;
/// concealed kongs count as concealed pungs too.
fn kongs(concealed_pungs: u8, melded: u8, concealed: u8, t: &mut FanTable) {
    let hidden = concealed_pungs + concealed;
    let concealed_pung_fan = |t: &mut FanTable, n: u8| match n {
        2 => t.mark(Fan::TwoConcealedPungs),
        3 => t.mark(Fan::ThreeConcealedPungs),
        4 => t.mark(Fan::FourConcealedPungs),
        _ => {}
    };
    match (melded + concealed, concealed) {
        (0, _) => {}
        (1, 0) => t.mark(Fan::MeldedKong),
        (1, _) => t.mark(Fan::ConcealedKong),
        (2, 0) => t.mark(Fan::TwoMeldedKongs),
        (2, 1) => t.mark(Fan::ConcealedKongAndMeldedKong),
        (2, _) => t.mark(Fan::TwoConcealedKongs),
        (3, _) => t.mark(Fan::ThreeKongs),
        _ => t.mark(Fan::FourKongs),
    }
    // Two Concealed Kongs already implies two concealed pungs.
    if !(t.has(Fan::TwoConcealedKongs) && hidden == 2) {
        concealed_pung_fan(t, hidden);
    }
}

/// The fans of a standard or knitted-straight arrangement, exclusions applied.
/// `unique_wait` is asked only when the winning tile could make a wait fan.
pub(crate) fn standard(
    a: &Arrangement,
    f: &Facts,
    unique_wait: &mut dyn FnMut() -> bool,
) -> FanTable {
    let win = f.win;
    let w = win.index();
    let outside = mask::TERMINALS | mask::HONORS;

    // One pass over the groups gathers everything the fans read.
    let mut chow_keys = [0u8; 4];
    let mut pung_keys = [0u8; 4];
    let mut pung_tiles = [win; 4];
    let (mut chows, mut pungs) = (0, 0);
    let mut pair = win;
    let mut knitted = false;
    let (mut melded_kongs, mut concealed_kongs) = (0u8, 0u8);
    let mut concealed_pungs = 0u8;
    let mut concealed_pung_of_win = false;
    let mut in_concealed_chow = false;
    let mut winds = 0;
    let (mut all_outside, mut all_five, mut all_even) = (true, true, true);
    // Wait readings of the winning tile: edge, closed (in a concealed chow),
    // and proof of a second wait (two-sided chow end, or a pung beside the pair).
    let (mut edge, mut closed, mut second_wait) = (false, false, false);
    for g in a.groups() {
        let i = g.tile.index();
        let concealed = g.meld.is_none();
        match g.kind {
            GroupKind::Pair => pair = g.tile,
            GroupKind::Knitted => knitted = true,
            GroupKind::Single => {}
            GroupKind::Chow => {
                chow_keys[chows] = key(g.tile) + 1;
                chows += 1;
                if concealed && (i..i + 3).contains(&w) {
                    in_concealed_chow = true;
                    let rank = g.tile.rank();
                    if w == i + 1 {
                        closed = true;
                    } else {
                        edge = true;
                        second_wait |= (w == i && rank <= 6) || (w == i + 2 && rank >= 2);
                    }
                }
                let m = 0b111u64 << i;
                all_outside &= m & outside != 0;
                all_five &= m & mask::FIVES != 0;
                all_even = false;
            }
            GroupKind::Pung | GroupKind::Kong => {
                pung_keys[pungs] = key(g.tile);
                pung_tiles[pungs] = g.tile;
                pungs += 1;
                match g.meld.map(|m| m.kind()) {
                    Some(MeldKind::Kong) => melded_kongs += 1,
                    Some(MeldKind::ConcealedKong) => concealed_kongs += 1,
                    _ => {}
                }
                if concealed {
                    concealed_pungs += 1;
                    concealed_pung_of_win |= i == w;
                }
                winds += (27..31).contains(&i) as u8;
                let m = 1u64 << i;
                all_outside &= m & outside != 0;
                all_five &= m & mask::FIVES != 0;
                all_even &= m & mask::EVENS != 0;
            }
        }
    }
    let sets = chows + pungs;
    second_wait |= concealed_pung_of_win;

    let mut t = f.win_fans;
    if knitted {
        t.mark(Fan::KnittedStraight);
    }

    // A discard that completes a concealed pung makes it a melded pung,
    // unless the winning tile can complete a concealed chow instead.
    if concealed_pung_of_win && !f.self_drawn && !in_concealed_chow {
        concealed_pungs -= 1;
    }
    if pungs > 0 {
        kongs(concealed_pungs, melded_kongs, concealed_kongs, &mut t);
        if pungs == 4 && !t.has(Fan::FourKongs) && !t.has(Fan::FourConcealedPungs) {
            t.mark(Fan::AllPungs);
        }
    }

    // Set combinations (the knitted straight's sets combine with nothing).
    if !knitted {
        chow_keys[..chows].sort_unstable();
        pung_keys[..pungs].sort_unstable();
        let (ck, pk) = (&chow_keys, &pung_keys);
        match chows {
            4 => {
                if three_suited_terminal_chows(ck, key(pair)) {
                    t.mark(Fan::ThreeSuitedTerminalChows);
                } else if pure_terminal_chows(ck, key(pair)) {
                    t.mark(Fan::PureTerminalChows);
                } else {
                    chows4(ck, &mut t);
                }
            }
            3 => chows3(&[ck[0], ck[1], ck[2]], &mut t),
            2 => {
                if let Some(x) = two_chows(ck[0], ck[1]) {
                    t.add(x);
                }
                if let Some(x) = two_pungs(pk[0], pk[1]) {
                    t.add(x);
                }
            }
            1 => pungs3(&[pk[0], pk[1], pk[2]], &mut t),
            _ => pungs4(pk, &mut t),
        }
    }

    // Single-pung fans; a wind pung is set-aware: one that scores Prevalent
    // or Seat Wind, or belongs to three or four wind pungs, is not also a
    // Pung of Terminals or Honors.
    for &tile in &pung_tiles[..pungs] {
        if (31..34).contains(&tile.index()) {
            t.add(Fan::DragonPung);
        } else if tile.is_terminal() {
            t.add(Fan::PungOfTerminalsOrHonors);
        } else if tile.is_honor() {
            let round = tile == f.prevalent;
            let seat = tile == f.seat;
            if round {
                t.mark(Fan::PrevalentWind);
            }
            if seat {
                t.mark(Fan::SeatWind);
            }
            if !round && !seat && winds < 3 {
                t.add(Fan::PungOfTerminalsOrHonors);
            }
        }
    }

    // Concealment.
    match f.melded {
        0 if f.self_drawn => t.mark(Fan::FullyConcealedHand),
        0 => t.mark(Fan::ConcealedHand),
        4 if !f.self_drawn => t.mark(Fan::MeldedHand),
        _ => {}
    }

    // The pair.
    if chows == sets && !pair.is_honor() {
        t.mark(Fan::AllChows);
    }
    if t.has(Fan::TwoDragonsPungs) && (31..34).contains(&pair.index()) {
        t.clear(Fan::TwoDragonsPungs);
        t.mark(Fan::LittleThreeDragons);
    }
    if t.has(Fan::BigThreeWinds) && (27..31).contains(&pair.index()) {
        t.clear(Fan::BigThreeWinds);
        t.mark(Fan::LittleFourWinds);
    }

    // Every set and the pair alike.
    if !knitted {
        let m = 1u64 << pair.index();
        if all_outside && m & outside != 0 {
            t.mark(Fan::OutsideHand);
        } else if all_five && m & mask::FIVES != 0 {
            t.mark(Fan::AllFive);
        } else if all_even && m & mask::EVENS != 0 {
            t.mark(Fan::AllEvenPungs);
        }
    }

    t.merge(&f.tile_fans);
    if !t.has(Fan::QuadrupleChow) {
        t.set(Fan::TileHog, f.hogs - f.kongs);
    }

    // Wait fans: the best reading of the winning tile (Edge, Closed, Single),
    // only when the hand waited on that tile alone.
    let single = pair == win;
    if (edge || closed || single) && !second_wait && unique_wait() {
        t.mark(if edge {
            Fan::EdgeWait
        } else if closed {
            Fan::ClosedWait
        } else {
            Fan::SingleWait
        });
    }

    t.apply_exclusions();
    if t.is_empty() {
        t.mark(Fan::ChickenHand);
    }
    t
}

/// The position of a standard arrangement in the reference calculator's
/// enumeration: its concealed sets as (tile, tile, tile) keys, sorted, read as
/// one number. Used only to break ties the way the reference does.
pub(crate) fn reference_order(a: &Arrangement) -> u128 {
    let mut eigen = [0u32; 4];
    let mut n = 0;
    for g in a.groups().iter().filter(|g| g.meld.is_none()) {
        let k = key(g.tile) as u32;
        let e = match g.kind {
            GroupKind::Chow => k << 16 | (k + 1) << 8 | (k + 2),
            GroupKind::Pung | GroupKind::Kong => k << 16 | k << 8 | k,
            _ => continue,
        };
        eigen[n] = e;
        n += 1;
    }
    eigen[..n].sort_unstable();
    eigen[..n]
        .iter()
        .fold(0u128, |acc, &e| acc << 24 | e as u128)
}

/// 三色双龙会: 123 and 789 in two suits, a pair of 5 in the third.
fn three_suited_terminal_chows(chows: &[u8; 4], pair: u8) -> bool {
    if !numbered(pair) || rank(pair) != 5 {
        return false;
    }
    let mut low = [false; 4];
    let mut high = [false; 4];
    for &c in chows {
        if suit(c) == suit(pair) {
            return false;
        }
        match rank(c) {
            2 => low[suit(c) as usize] = true,
            8 => high[suit(c) as usize] = true,
            _ => return false,
        }
    }
    (1..4)
        .filter(|&s| s != suit(pair) as usize)
        .all(|s| low[s] && high[s])
}

/// 一色双龙会: 123 123 789 789 and a pair of 5, all one suit.
fn pure_terminal_chows(chows: &[u8; 4], pair: u8) -> bool {
    if !numbered(pair) || rank(pair) != 5 {
        return false;
    }
    let (mut low, mut high) = (0, 0);
    for &c in chows {
        if suit(c) != suit(pair) {
            return false;
        }
        match rank(c) {
            2 => low += 1,
            8 => high += 1,
            _ => return false,
        }
    }
    low == 2 && high == 2
}

/// Seven Pairs: the tile-level fans, tile hogs and the winning fans.
pub(crate) fn seven_pairs(f: &Facts) -> FanTable {
    let mut t = f.win_fans;
    t.mark(Fan::SevenPairs);
    t.merge(&f.tile_fans);
    t.set(Fan::TileHog, f.hogs);
    t.apply_exclusions();
    t
}

/// Seven Shifted Pairs (+ All Simples for 2–8).
pub(crate) fn seven_shifted_pairs(f: &Facts) -> FanTable {
    let mut t = f.win_fans;
    t.mark(Fan::SevenShiftedPairs);
    if f.tile_fans.has(Fan::AllSimples) {
        t.mark(Fan::AllSimples);
    }
    t.apply_exclusions();
    t
}

/// Thirteen Orphans.
pub(crate) fn thirteen_orphans(f: &Facts) -> FanTable {
    let mut t = f.win_fans;
    t.mark(Fan::ThirteenOrphans);
    t.apply_exclusions();
    t
}

/// Greater (all seven honours) or Lesser Honors and Knitted Tiles; the lesser
/// one with a complete knitted 147/258/369 also scores Knitted Straight.
pub(crate) fn honors_and_knitted(f: &Facts) -> FanTable {
    let mut t = f.win_fans;
    let honors = (27..34).filter(|&i| f.all[i] > 0).count();
    if honors == 7 {
        t.mark(Fan::GreaterHonorsAndKnittedTiles);
    } else {
        t.mark(Fan::LesserHonorsAndKnittedTiles);
        if honors == 5 {
            t.mark(Fan::KnittedStraight);
        }
    }
    t.apply_exclusions();
    t
}

/// Nine Gates, when the concealed hand before the winning tile is
/// 1112345678999 of one suit. The extras depend on the winning tile: on 1 or
/// 9 Pure Straight and Tile Hog; on 2, 5 or 8 Two Concealed Pungs and one
/// Pung of Terminals or Honors; on 2, 3, 4, 6, 7 or 8 Short Straight.
pub(crate) fn nine_gates(f: &Facts) -> Option<FanTable> {
    let w = f.win;
    if f.melded > 0 || f.kongs > 0 || w.is_honor() {
        return None;
    }
    let s = w.suit().offset();
    let mut before = f.concealed;
    before[w.index()] -= 1;
    const GATES: [u8; 9] = [3, 1, 1, 1, 1, 1, 1, 1, 3];
    if before[s..s + 9] != GATES || crate::tile::total(&before) != 13 {
        return None;
    }
    let mut t = f.win_fans;
    t.mark(Fan::NineGates);
    match w.rank() {
        1 | 9 => {
            t.mark(Fan::PureStraight);
            t.mark(Fan::TileHog);
        }
        r => {
            if matches!(r, 2 | 5 | 8) {
                t.mark(Fan::TwoConcealedPungs);
                t.mark(Fan::PungOfTerminalsOrHonors);
            }
            if r != 5 {
                t.mark(Fan::ShortStraight);
            }
        }
    }
    t.apply_exclusions();
    Some(t)
}
