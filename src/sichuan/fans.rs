//! The fans of Sichuan scoring (all additive), their names, and the
//! traditional names of their sums (labels).

use serde::ser::{SerializeSeq, SerializeStruct};
use serde::{Serialize, Serializer};

/// One fan. Its worth may depend on the options ([`Fan::fan`] gives the
/// default worth; the scored [`FanList`] holds the worth counted).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Fan {
    /// 平胡: a win with no pattern.
    PlainWin,
    /// 对对胡: four pungs or kongs and a pair.
    AllPungs,
    /// 七对: seven pairs, concealed.
    SevenPairs,
    /// 清一色: every tile of one suit.
    FullFlush,
    /// 金钩钓: All Pungs with four declared sets, won on the pair.
    GoldenHook,
    /// 根: each kind held four times (counted per kind).
    Root,
    /// 龙七对 worth 4 (option `long-qi-dui 4`): the fan above Seven Pairs + Root.
    DragonSevenPairs,
    /// 将对: All Pungs or Seven Pairs of 2, 5 and 8 only (option).
    AllTwoFiveEight,
    /// 带幺九: a 1 or 9 in every set and the pair (option).
    TerminalsInAllSets,
    /// 门清: no claimed meld (option).
    ConcealedHand,
    /// 中张: no 1 or 9 (option).
    AllSimples,
    /// 自摸: +1 fan (option `self-draw fan`).
    SelfDrawn,
    /// 杠上花: self-drawn on the replacement tile after one's own kong.
    WinAfterKong,
    /// 杠上炮: won on the tile discarded right after the discarder's kong.
    ShootAfterKong,
    /// 抢杠胡: won on the tile added to a pung.
    RobbingTheKong,
    /// 海底: self-drawn on the last wall tile, or won on the discard after it.
    UnderTheSea,
    /// 天胡: the dealer wins on the dealt hand (option).
    HeavenlyHand,
    /// 地胡: a non-dealer wins in the first go-round (option).
    EarthlyHand,
}

impl Fan {
    /// The English name (JSON and text output).
    ///
    /// ```
    /// use hupai::sichuan::Fan;
    /// assert_eq!((Fan::GoldenHook.name(), Fan::GoldenHook.chinese()), ("Golden Hook", "金钩钓"));
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Fan::PlainWin => "Plain Win",
            Fan::AllPungs => "All Pungs",
            Fan::SevenPairs => "Seven Pairs",
            Fan::FullFlush => "Full Flush",
            Fan::GoldenHook => "Golden Hook",
            Fan::Root => "Root",
            Fan::DragonSevenPairs => "Dragon Seven Pairs",
            Fan::AllTwoFiveEight => "All Two Five Eight",
            Fan::TerminalsInAllSets => "Terminals in All Sets",
            Fan::ConcealedHand => "Concealed Hand",
            Fan::AllSimples => "All Simples",
            Fan::SelfDrawn => "Self-Drawn",
            Fan::WinAfterKong => "Win after Kong",
            Fan::ShootAfterKong => "Shoot after Kong",
            Fan::RobbingTheKong => "Robbing the Kong",
            Fan::UnderTheSea => "Under the Sea",
            Fan::HeavenlyHand => "Heavenly Hand",
            Fan::EarthlyHand => "Earthly Hand",
        }
    }

    /// The Chinese name.
    pub const fn chinese(self) -> &'static str {
        match self {
            Fan::PlainWin => "平胡",
            Fan::AllPungs => "对对胡",
            Fan::SevenPairs => "七对",
            Fan::FullFlush => "清一色",
            Fan::GoldenHook => "金钩钓",
            Fan::Root => "根",
            Fan::DragonSevenPairs => "龙七对",
            Fan::AllTwoFiveEight => "将对",
            Fan::TerminalsInAllSets => "带幺九",
            Fan::ConcealedHand => "门清",
            Fan::AllSimples => "中张",
            Fan::SelfDrawn => "自摸",
            Fan::WinAfterKong => "杠上花",
            Fan::ShootAfterKong => "杠上炮",
            Fan::RobbingTheKong => "抢杠胡",
            Fan::UnderTheSea => "海底",
            Fan::HeavenlyHand => "天胡",
            Fan::EarthlyHand => "地胡",
        }
    }

    /// The default worth of one count, in fan.
    pub const fn fan(self) -> u8 {
        match self {
            Fan::PlainWin => 0,
            Fan::SevenPairs | Fan::FullFlush | Fan::AllTwoFiveEight | Fan::TerminalsInAllSets => 2,
            Fan::HeavenlyHand => 3,
            Fan::EarthlyHand => 2,
            _ => 1,
        }
    }
}

/// One fan as scored: its worth per count and how many times it holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FanEntry {
    /// The fan.
    pub fan: Fan,
    /// Worth of one count under the options.
    pub worth: u8,
    /// How many times (roots: one per kind).
    pub count: u8,
}

impl FanEntry {
    /// worth × count.
    pub fn total(&self) -> u32 {
        u32::from(self.worth) * u32::from(self.count)
    }
}

impl Serialize for FanEntry {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Fan", 4)?;
        st.serialize_field("name", self.fan.name())?;
        st.serialize_field("chinese", self.fan.chinese())?;
        st.serialize_field("fan", &self.worth)?;
        st.serialize_field("count", &self.count)?;
        st.end()
    }
}

/// Most fans one hand holds.
const MAX_FANS: usize = 16;

/// The fans of a scored hand, in table order; no allocation.
///
/// ```
/// use hupai::sichuan::{Fan, FanList};
/// let mut l = FanList::default();
/// l.push(Fan::Root, 1, 2);
/// assert_eq!(l.total(), 2);
/// assert!(l.has(Fan::Root) && !l.has(Fan::AllPungs));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FanList {
    items: [FanEntry; MAX_FANS],
    len: u8,
}

impl Default for FanList {
    fn default() -> FanList {
        FanList {
            items: [FanEntry {
                fan: Fan::PlainWin,
                worth: 0,
                count: 0,
            }; MAX_FANS],
            len: 0,
        }
    }
}

impl FanList {
    /// Add a fan `count` times at `worth` each (nothing when `count` is 0).
    pub fn push(&mut self, fan: Fan, worth: u8, count: u8) {
        if count > 0 && (self.len as usize) < MAX_FANS {
            self.items[self.len as usize] = FanEntry { fan, worth, count };
            self.len += 1;
        }
    }

    /// The fans.
    pub fn as_slice(&self) -> &[FanEntry] {
        &self.items[..self.len as usize]
    }

    /// Whether the list holds `fan`.
    pub fn has(&self, fan: Fan) -> bool {
        self.as_slice().iter().any(|e| e.fan == fan)
    }

    /// How many times `fan` holds.
    pub fn count(&self, fan: Fan) -> u8 {
        self.as_slice()
            .iter()
            .find(|e| e.fan == fan)
            .map_or(0, |e| e.count)
    }

    /// The sum of the fans.
    pub fn total(&self) -> u32 {
        self.as_slice().iter().map(FanEntry::total).sum()
    }
}

impl Serialize for FanList {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.len as usize))?;
        for e in self.as_slice() {
            seq.serialize_element(e)?;
        }
        seq.end()
    }
}

/// A traditional name for a sum of fans, shown beside them and never
/// counted again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Label {
    /// 龙七对: Seven Pairs with a root.
    DragonSevenPairs,
    /// 清七对: Full Flush Seven Pairs.
    PureSevenPairs,
    /// 清龙七对: Full Flush Seven Pairs with a root.
    PureDragonSevenPairs,
    /// 清对: Full Flush All Pungs.
    PureAllPungs,
    /// 清金钩钓: Full Flush Golden Hook.
    PureGoldenHook,
    /// 十八罗汉: Golden Hook with four kongs.
    EighteenArhats,
    /// 清十八罗汉: Full Flush Eighteen Arhats.
    PureEighteenArhats,
    /// 将七对: Seven Pairs of 2, 5 and 8.
    JiangSevenPairs,
    /// 将金钩钓: Golden Hook of 2, 5 and 8.
    JiangGoldenHook,
}

impl Label {
    /// The Chinese name (JSON `labels`).
    pub const fn chinese(self) -> &'static str {
        match self {
            Label::DragonSevenPairs => "龙七对",
            Label::PureSevenPairs => "清七对",
            Label::PureDragonSevenPairs => "清龙七对",
            Label::PureAllPungs => "清对",
            Label::PureGoldenHook => "清金钩钓",
            Label::EighteenArhats => "十八罗汉",
            Label::PureEighteenArhats => "清十八罗汉",
            Label::JiangSevenPairs => "将七对",
            Label::JiangGoldenHook => "将金钩钓",
        }
    }

    /// The English name (text output).
    pub const fn name(self) -> &'static str {
        match self {
            Label::DragonSevenPairs => "Dragon Seven Pairs",
            Label::PureSevenPairs => "Pure Seven Pairs",
            Label::PureDragonSevenPairs => "Pure Dragon Seven Pairs",
            Label::PureAllPungs => "Pure All Pungs",
            Label::PureGoldenHook => "Pure Golden Hook",
            Label::EighteenArhats => "Eighteen Arhats",
            Label::PureEighteenArhats => "Pure Eighteen Arhats",
            Label::JiangSevenPairs => "Jiang Seven Pairs",
            Label::JiangGoldenHook => "Jiang Golden Hook",
        }
    }

    /// The labels a list of fans earns: a shape name, and a 2-5-8 name;
    /// `four_kongs` when the hand declared four kongs (十八罗汉).
    ///
    /// ```
    /// use hupai::sichuan::{Fan, FanList, Label};
    /// let mut l = FanList::default();
    /// l.push(Fan::SevenPairs, 2, 1);
    /// l.push(Fan::FullFlush, 2, 1);
    /// l.push(Fan::Root, 1, 1);
    /// assert_eq!(Label::of(&l, false).iter().collect::<Vec<_>>(), [Label::PureDragonSevenPairs]);
    /// ```
    pub fn of(fans: &FanList, four_kongs: bool) -> Labels {
        let flush = fans.has(Fan::FullFlush);
        let roots = fans.count(Fan::Root) > 0;
        let jiang = fans.has(Fan::AllTwoFiveEight);
        let mut out = Labels::default();
        if fans.has(Fan::SevenPairs) {
            match (flush, roots) {
                (false, true) => out.push(Label::DragonSevenPairs),
                (true, false) => out.push(Label::PureSevenPairs),
                (true, true) => out.push(Label::PureDragonSevenPairs),
                (false, false) => {}
            }
            if jiang {
                out.push(Label::JiangSevenPairs);
            }
        } else if fans.has(Fan::GoldenHook) {
            match (flush, four_kongs) {
                (false, true) => out.push(Label::EighteenArhats),
                (true, true) => out.push(Label::PureEighteenArhats),
                (true, false) => out.push(Label::PureGoldenHook),
                (false, false) => {}
            }
            if jiang {
                out.push(Label::JiangGoldenHook);
            }
        } else if fans.has(Fan::AllPungs) && flush {
            out.push(Label::PureAllPungs);
        }
        out
    }
}

/// The labels of a scored hand.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Labels {
    items: [Option<Label>; 2],
}

impl Labels {
    fn push(&mut self, l: Label) {
        if let Some(slot) = self.items.iter_mut().find(|s| s.is_none()) {
            *slot = Some(l);
        }
    }

    /// Iterate the labels.
    pub fn iter(&self) -> impl Iterator<Item = Label> + '_ {
        self.items.iter().flatten().copied()
    }
}

impl Serialize for Labels {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(None)?;
        for l in self.iter() {
            seq.serialize_element(l.chinese())?;
        }
        seq.end()
    }
}
