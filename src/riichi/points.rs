//! Points: han and fu to the basic points, the limits (mangan … yakuman
//! multiples, kazoe), and the payments for ron and tsumo with honba and
//! riichi sticks, four- and three-player.

use super::options::{KazoeLimit, Options};
use super::situation::Situation;
use std::fmt;

/// A limit hand: the basic points are fixed by the han.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Limit {
    /// 5 han, or fewer han whose basic points reach 2000 (kiriage: 4 han
    /// 30 fu and 3 han 60 fu).
    Mangan,
    /// 6–7 han.
    Haneman,
    /// 8–10 han.
    Baiman,
    /// 11–12 han (also 13+ han without yakuman under a sanbaiman kazoe limit).
    Sanbaiman,
    /// 13+ han without a yakuman (counted yakuman).
    KazoeYakuman,
    /// One or more yakuman (see [`Cost::yakuman`] for the multiple).
    Yakuman,
}

impl Limit {
    /// The name used in JSON and text.
    pub const fn name(self) -> &'static str {
        match self {
            Limit::Mangan => "mangan",
            Limit::Haneman => "haneman",
            Limit::Baiman => "baiman",
            Limit::Sanbaiman => "sanbaiman",
            Limit::KazoeYakuman => "kazoe yakuman",
            Limit::Yakuman => "yakuman",
        }
    }
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What the winner receives.
///
/// Ron: `main` from the discarder (plus 300 per honba, 200 in three-player).
/// Tsumo: `main` from the dealer (from each player when the dealer wins) and
/// `additional` from each non-dealer, each plus 100 per honba. `total`
/// includes the honba and 1000 per riichi stick.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Cost {
    /// The main payment (ron: the discarder; tsumo: the dealer, or each
    /// player when the dealer wins), honba not included.
    pub main: u32,
    /// Each non-dealer's payment on a tsumo (0 on a ron), honba not included.
    pub additional: u32,
    /// Honba on the main payment.
    pub main_bonus: u32,
    /// Honba on each additional payment.
    pub additional_bonus: u32,
    /// Riichi sticks collected.
    pub sticks: u32,
    /// Everything the winner receives.
    pub total: u32,
    /// The limit reached, if any.
    pub limit: Option<Limit>,
    /// Yakuman multiple paid (1 for a single or counted yakuman; 0 below).
    pub yakuman: u32,
}

/// Round up to a hundred.
#[inline]
fn up100(x: u32) -> u32 {
    x.div_ceil(100) * 100
}

/// The cost of `han` han and `fu` fu; `yakuman` when the han come from yakuman.
///
/// ```
/// use hupai::riichi::{points::cost, Options, Situation};
/// let mut s = Situation::default();
/// s.seat = hupai::mcr::Wind::South; // non-dealer ron: 3 han 30 fu = 3900
/// assert_eq!(cost(3, 30, false, &s, &Options::default()).total, 3900);
/// s.self_drawn = true; // tsumo: 1000 from each child, 2000 from the dealer
/// let c = cost(3, 30, false, &s, &Options::default());
/// assert_eq!((c.main, c.additional, c.total), (2000, 1000, 4000));
/// ```
pub fn cost(han: u32, fu: u32, yakuman: bool, s: &Situation, o: &Options) -> Cost {
    let mut han = han;
    let mut limit = None;
    let mut kazoe = false;
    if han >= 13 && !yakuman {
        match o.kazoe_limit {
            KazoeLimit::Limited => {
                han = 13;
                kazoe = true;
            }
            KazoeLimit::Sanbaiman => han = 12,
            KazoeLimit::NoLimit => kazoe = true,
        }
    }
    let base = if han >= 5 {
        let (l, b) = match han {
            5 => (Limit::Mangan, 2000),
            6..=7 => (Limit::Haneman, 3000),
            8..=10 => (Limit::Baiman, 4000),
            11..=12 => (Limit::Sanbaiman, 6000),
            _ => {
                let times = if han >= 78 && !o.limit_to_sextuple_yakuman {
                    6 + (han - 78) / 13
                } else {
                    (han / 13).min(6)
                };
                let l = if kazoe && times == 1 {
                    Limit::KazoeYakuman
                } else {
                    Limit::Yakuman
                };
                (l, 8000 * times)
            }
        };
        limit = Some(l);
        b
    } else {
        let b = fu << (2 + han);
        let kiriage = o.kiriage && ((han == 4 && fu == 30) || (han == 3 && fu == 60));
        if up100(b) > 2000 || kiriage {
            limit = Some(Limit::Mangan);
            2000
        } else {
            b
        }
    };
    let dealer = s.is_dealer();
    let (main, additional, main_bonus, additional_bonus) = if s.self_drawn {
        let main = up100(2 * base);
        let additional = if dealer { main } else { up100(base) };
        (main, additional, 100 * s.honba, 100 * s.honba)
    } else {
        let main = up100(if dealer { 6 * base } else { 4 * base });
        let honba = if o.is_three_player { 200 } else { 300 };
        (main, 0, honba * s.honba, 0)
    };
    let payers = if o.is_three_player { 1 } else { 2 };
    let sticks = 1000 * s.sticks;
    Cost {
        main,
        additional,
        main_bonus,
        additional_bonus,
        sticks,
        total: main + main_bonus + payers * (additional + additional_bonus) + sticks,
        limit,
        yakuman: if base >= 8000 { base / 8000 } else { 0 },
    }
}
