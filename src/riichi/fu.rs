//! Fu: the minipoints of one reading of the hand with one winning group,
//! with their details (the Python package's reasons).

use super::options::Options;
use std::fmt;

/// Why fu are counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FuReason {
    /// Base fu: 20 (30 for a closed ron, 25 for seven pairs).
    Base,
    /// Edge wait (12 waiting on 3, 89 on 7).
    Penchan,
    /// Closed wait (13 waiting on 2).
    Kanchan,
    /// A pair of dragons, seat or round wind.
    ValuedPair,
    /// A pair of a wind both seat and round.
    DoubleValuedPair,
    /// Waiting on the pair (tanki).
    PairWait,
    /// Self-drawn.
    Tsumo,
    /// An open hand that has no other fu, on a discard (to 30).
    HandWithoutFu,
    /// Concealed pung of simples.
    ClosedPon,
    /// Melded pung of simples (or completed by a discard).
    OpenPon,
    /// Concealed pung of terminals or honours.
    ClosedTerminalPon,
    /// Melded pung of terminals or honours.
    OpenTerminalPon,
    /// Concealed kong of simples.
    ClosedKan,
    /// Melded kong of simples.
    OpenKan,
    /// Concealed kong of terminals or honours.
    ClosedTerminalKan,
    /// Melded kong of terminals or honours.
    OpenTerminalKan,
}

impl FuReason {
    /// Every reason, in declaration order (the C ABI's numbering).
    pub const ALL: [FuReason; 16] = [
        FuReason::Base,
        FuReason::Penchan,
        FuReason::Kanchan,
        FuReason::ValuedPair,
        FuReason::DoubleValuedPair,
        FuReason::PairWait,
        FuReason::Tsumo,
        FuReason::HandWithoutFu,
        FuReason::ClosedPon,
        FuReason::OpenPon,
        FuReason::ClosedTerminalPon,
        FuReason::OpenTerminalPon,
        FuReason::ClosedKan,
        FuReason::OpenKan,
        FuReason::ClosedTerminalKan,
        FuReason::OpenTerminalKan,
    ];

    /// The package's reason string.
    pub const fn name(self) -> &'static str {
        match self {
            FuReason::Base => "base",
            FuReason::Penchan => "penchan",
            FuReason::Kanchan => "kanchan",
            FuReason::ValuedPair => "valued_pair",
            FuReason::DoubleValuedPair => "double_valued_pair",
            FuReason::PairWait => "pair_wait",
            FuReason::Tsumo => "tsumo",
            FuReason::HandWithoutFu => "hand_without_fu",
            FuReason::ClosedPon => "closed_pon",
            FuReason::OpenPon => "open_pon",
            FuReason::ClosedTerminalPon => "closed_terminal_pon",
            FuReason::OpenTerminalPon => "open_terminal_pon",
            FuReason::ClosedKan => "closed_kan",
            FuReason::OpenKan => "open_kan",
            FuReason::ClosedTerminalKan => "closed_terminal_kan",
            FuReason::OpenTerminalKan => "open_terminal_kan",
        }
    }

    /// Fu for a set of three or four of a kind.
    fn set(kan: bool, open: bool, terminal: bool) -> (FuReason, u8) {
        use FuReason::*;
        let (reason, fu) = match (kan, terminal) {
            (false, false) => ([ClosedPon, OpenPon], 4),
            (false, true) => ([ClosedTerminalPon, OpenTerminalPon], 8),
            (true, false) => ([ClosedKan, OpenKan], 16),
            (true, true) => ([ClosedTerminalKan, OpenTerminalKan], 32),
        };
        (reason[open as usize], fu >> open as u8)
    }
}

impl fmt::Display for FuReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The fu details of a reading (fixed capacity, no allocation); a score
/// lists them as the package does, larger fu first.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct FuList {
    len: u8,
    items: [(FuReason, u8); 12],
}

impl Default for FuList {
    fn default() -> FuList {
        FuList {
            len: 0,
            items: [(FuReason::Base, 0); 12],
        }
    }
}

impl FuList {
    #[inline]
    fn push(&mut self, r: FuReason, fu: u8) {
        self.items[self.len as usize] = (r, fu);
        self.len += 1;
    }

    /// The reasons and their fu.
    pub fn as_slice(&self) -> &[(FuReason, u8)] {
        &self.items[..self.len as usize]
    }

    /// The sum of the details (before rounding).
    pub fn sum(&self) -> u32 {
        self.as_slice().iter().map(|&(_, f)| f as u32).sum()
    }

    /// The fu of the hand: the sum rounded up to ten (seven pairs: 25).
    pub fn fu(&self) -> u32 {
        let s = self.sum();
        if self.as_slice() == [(FuReason::Base, 25)] {
            25
        } else {
            s.div_ceil(10) * 10
        }
    }

    /// Sort into the package's order: larger fu first, stable.
    pub(crate) fn sort(&mut self) {
        let n = self.len as usize;
        self.items[..n].sort_by_key(|&(_, f)| std::cmp::Reverse(f));
    }

    /// Only the base fu: the shape of pinfu on a closed hand.
    pub fn is_base_only(&self) -> bool {
        self.len == 1
    }
}

impl fmt::Debug for FuList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(self.as_slice().iter().map(|(r, n)| format!("{r} {n}")))
            .finish()
    }
}

/// One set of a reading as fu counting sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SetFu {
    /// Tile index.
    pub tile: u8,
    /// Four of a kind.
    pub kan: bool,
    /// Declared and claimed (an open meld).
    pub open: bool,
}

/// The winning group of a reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum WinGroup {
    /// A concealed chow starting at this tile index.
    Chow(u8),
    /// A concealed pung of this tile.
    Pung(u8),
    /// The pair.
    Pair,
}

/// What fu counting needs of a standard reading.
pub(crate) struct FuInput<'a> {
    /// Pungs and kongs in tile order.
    pub sets: &'a [SetFu],
    /// How often the pair's tile is valued: dragons, seat and round wind.
    pub pair_value: u8,
    /// The hand has a claimed meld.
    pub open: bool,
}

/// The fu of a standard reading won on `win` (tile index) in `group`.
pub(crate) fn standard(
    input: &FuInput<'_>,
    win: u8,
    group: WinGroup,
    tsumo: bool,
    options: &Options,
) -> FuList {
    let mut out = FuList::default();
    let add = |out: &mut FuList, r: FuReason, fu: u8| out.push(r, fu);
    if let WinGroup::Chow(low) = group {
        let rank = low % 9;
        if (rank == 0 && win == low + 2) || (rank == 6 && win == low) {
            add(&mut out, FuReason::Penchan, 2);
        }
        if win == low + 1 {
            add(&mut out, FuReason::Kanchan, 2);
        }
    }
    match input.pair_value {
        0 => {}
        1 => add(&mut out, FuReason::ValuedPair, 2),
        _ => add(&mut out, FuReason::DoubleValuedPair, 4),
    }
    if group == WinGroup::Pair {
        add(&mut out, FuReason::PairWait, 2);
    }
    for s in input.sets {
        // A concealed pung completed by a discard counts as melded.
        let open = s.open || (!tsumo && !s.kan && group == WinGroup::Pung(s.tile));
        let terminal = s.tile >= 27 || s.tile % 9 == 0 || s.tile % 9 == 8;
        let (r, fu) = FuReason::set(s.kan, open, terminal);
        add(&mut out, r, fu);
    }
    if tsumo && (out.sum() > 0 || options.fu_for_pinfu_tsumo) {
        add(&mut out, FuReason::Tsumo, 2);
    }
    if input.open && out.sum() == 0 && options.fu_for_open_pinfu {
        add(&mut out, FuReason::HandWithoutFu, 2);
    }
    let base = if input.open || tsumo { 20 } else { 30 };
    add(&mut out, FuReason::Base, base);
    out
}

/// The fu of seven pairs: 25, always.
pub(crate) fn seven_pairs() -> FuList {
    let mut out = FuList::default();
    out.push(FuReason::Base, 25);
    out
}
