//! The 81 MCR fans as data: English name, 中文, points, and what each fan
//! does not count with (不计), as docs/rules/mcr.md lists them.
//!
//! The order of [`Fan`] is the order of the rule table (highest fans first),
//! with the combined "Concealed Kong and Melded Kong" entry placed after
//! "Two Melded Kongs". Every "not counted with" entry points to a later fan
//! (save Pure Shifted Pungs naming Pure Triple Chow, two readings of the same
//! tiles that never meet in one arrangement), so applying the exclusions in
//! table order implements the non-repeat principle: a fan that is itself not
//! counted implies nothing.

use super::Variant;

/// The fans in table order, written once: the [`Fan`] enum and
/// [`Fan::ALL`] come from this list.
macro_rules! fans {
    ($($fan:ident),* $(,)?) => {
        /// One MCR fan (番种).
        ///
        /// ```
        /// use hupai::mcr::Fan;
        /// assert_eq!(Fan::BigFourWinds.name(), "Big Four Winds");
        /// assert_eq!(Fan::BigFourWinds.chinese(), "大四喜");
        /// assert_eq!(Fan::BigFourWinds.number(), Some(1));
        /// assert_eq!(Fan::SelfDrawn.points(Default::default()), 1);
        /// assert!(Fan::BigFourWinds.not_counted_with().contains(&Fan::AllPungs));
        /// ```
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[allow(missing_docs)] // each variant is documented by its table entry (name, 中文, points)
        pub enum Fan {
            $($fan),*
        }

        impl Fan {
            /// Every fan in table order.
            pub const ALL: [Fan; FAN_COUNT] = [$(Fan::$fan),*];
        }
    };
}

fans!(
    BigFourWinds,
    BigThreeDragons,
    AllGreen,
    NineGates,
    FourKongs,
    SevenShiftedPairs,
    ThirteenOrphans,
    AllTerminals,
    LittleFourWinds,
    LittleThreeDragons,
    AllHonors,
    FourConcealedPungs,
    PureTerminalChows,
    QuadrupleChow,
    FourPureShiftedPungs,
    FourPureShiftedChows,
    ThreeKongs,
    AllTerminalsAndHonors,
    SevenPairs,
    GreaterHonorsAndKnittedTiles,
    AllEvenPungs,
    FullFlush,
    PureTripleChow,
    PureShiftedPungs,
    UpperTiles,
    MiddleTiles,
    LowerTiles,
    PureStraight,
    ThreeSuitedTerminalChows,
    PureShiftedChows,
    AllFive,
    TriplePung,
    ThreeConcealedPungs,
    LesserHonorsAndKnittedTiles,
    KnittedStraight,
    UpperFour,
    LowerFour,
    BigThreeWinds,
    MixedStraight,
    ReversibleTiles,
    MixedTripleChow,
    MixedShiftedPungs,
    ChickenHand,
    LastTileDraw,
    LastTileClaim,
    OutWithReplacementTile,
    RobbingTheKong,
    AllPungs,
    HalfFlush,
    MixedShiftedChows,
    AllTypes,
    MeldedHand,
    TwoConcealedKongs,
    TwoDragonsPungs,
    OutsideHand,
    FullyConcealedHand,
    TwoMeldedKongs,
    ConcealedKongAndMeldedKong,
    LastTile,
    DragonPung,
    PrevalentWind,
    SeatWind,
    ConcealedHand,
    AllChows,
    TileHog,
    DoublePung,
    TwoConcealedPungs,
    ConcealedKong,
    AllSimples,
    PureDoubleChow,
    MixedDoubleChow,
    ShortStraight,
    TwoTerminalChows,
    PungOfTerminalsOrHonors,
    MeldedKong,
    OneVoidedSuit,
    NoHonors,
    EdgeWait,
    ClosedWait,
    SingleWait,
    SelfDrawn,
    FlowerTiles,
);

/// Number of [`Fan`] values (the 81 numbered fans plus the combined kong entry).
pub const FAN_COUNT: usize = 82;

/// A fan's entry in the rule table.
///
/// ```
/// use hupai::mcr::Fan;
/// let info = Fan::TwoConcealedKongs.info();
/// assert_eq!((info.number, info.points, info.green_book_points), (Some(53), 6, 8));
/// assert_eq!(info.not_counted_with, [Fan::TwoConcealedPungs, Fan::ConcealedKong]);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct FanInfo {
    /// Number in the rule table (1–81); `None` for the combined
    /// "Concealed Kong and Melded Kong" entry, which has no number.
    pub number: Option<u8>,
    /// English name, as printed.
    pub name: &'static str,
    /// Chinese name.
    pub chinese: &'static str,
    /// Points by default (1998 rules as scored by the reference calculators).
    pub points: u8,
    /// Points under the `green-book` variant.
    pub green_book_points: u8,
    /// Fans this fan implies and that are therefore not counted with it
    /// (every occurrence is removed).
    pub not_counted_with: &'static [Fan],
    /// Fans this fan implies for its own sets only (set-aware: the fan
    /// removes them from the sets it is made of, not from the whole hand).
    pub not_counted_for_its_sets: &'static [Fan],
}

use Fan::*;

const fn f(
    number: u8,
    name: &'static str,
    chinese: &'static str,
    points: u8,
    not_counted_with: &'static [Fan],
) -> FanInfo {
    FanInfo {
        number: Some(number),
        name,
        chinese,
        points,
        green_book_points: points,
        not_counted_with,
        not_counted_for_its_sets: &[],
    }
}

const fn sets(mut info: FanInfo, its_sets: &'static [Fan]) -> FanInfo {
    info.not_counted_for_its_sets = its_sets;
    info
}

const fn green_book(mut info: FanInfo, points: u8) -> FanInfo {
    info.green_book_points = points;
    info
}

/// The individual kong fans that the multi-kong fans imply.
const KONG_FANS: &[Fan] = &[
    TwoConcealedKongs,
    TwoMeldedKongs,
    ConcealedKongAndMeldedKong,
    ConcealedKong,
    MeldedKong,
];

/// The rule table, indexed by `Fan as usize`.
///
/// ```
/// use hupai::mcr::fans::TABLE;
/// assert_eq!(TABLE.len(), 82);
/// assert_eq!(TABLE.iter().filter(|f| f.points == 88).count(), 7);
/// ```
pub static TABLE: [FanInfo; FAN_COUNT] = TABLE_DATA;

const TABLE_DATA: [FanInfo; FAN_COUNT] = [
    sets(
        f(
            1,
            "Big Four Winds",
            "大四喜",
            88,
            &[
                BigThreeWinds,
                AllPungs,
                PrevalentWind,
                SeatWind,
                PungOfTerminalsOrHonors,
            ],
        ),
        &[PungOfTerminalsOrHonors],
    ),
    sets(
        f(
            2,
            "Big Three Dragons",
            "大三元",
            88,
            &[TwoDragonsPungs, DragonPung],
        ),
        &[PungOfTerminalsOrHonors],
    ),
    f(3, "All Green", "绿一色", 88, &[HalfFlush, OneVoidedSuit]),
    sets(
        f(
            4,
            "Nine Gates",
            "九莲宝灯",
            88,
            &[FullFlush, FullyConcealedHand, ConcealedHand, NoHonors],
        ),
        &[PungOfTerminalsOrHonors],
    ),
    f(
        5,
        "Four Kongs",
        "四杠",
        88,
        &[
            AllPungs,
            SingleWait,
            ThreeKongs,
            TwoConcealedKongs,
            TwoMeldedKongs,
            ConcealedKongAndMeldedKong,
            ConcealedKong,
            MeldedKong,
        ],
    ),
    f(
        6,
        "Seven Shifted Pairs",
        "连七对",
        88,
        &[
            FullFlush,
            SevenPairs,
            FullyConcealedHand,
            ConcealedHand,
            NoHonors,
            SingleWait,
        ],
    ),
    f(
        7,
        "Thirteen Orphans",
        "十三幺",
        88,
        &[
            AllTerminalsAndHonors,
            AllTypes,
            FullyConcealedHand,
            ConcealedHand,
            SingleWait,
        ],
    ),
    f(
        8,
        "All Terminals",
        "清幺九",
        64,
        &[
            AllTerminalsAndHonors,
            AllPungs,
            OutsideHand,
            DoublePung,
            PungOfTerminalsOrHonors,
            NoHonors,
        ],
    ),
    sets(
        f(
            9,
            "Little Four Winds",
            "小四喜",
            64,
            &[BigThreeWinds, PungOfTerminalsOrHonors],
        ),
        &[PungOfTerminalsOrHonors],
    ),
    f(
        10,
        "Little Three Dragons",
        "小三元",
        64,
        &[TwoDragonsPungs, DragonPung],
    ),
    f(
        11,
        "All Honors",
        "字一色",
        64,
        &[
            AllTerminalsAndHonors,
            AllPungs,
            OutsideHand,
            PungOfTerminalsOrHonors,
        ],
    ),
    f(
        12,
        "Four Concealed Pungs",
        "四暗刻",
        64,
        &[
            AllPungs,
            FullyConcealedHand,
            ConcealedHand,
            ThreeConcealedPungs,
            TwoConcealedPungs,
        ],
    ),
    f(
        13,
        "Pure Terminal Chows",
        "一色双龙会",
        64,
        &[
            SevenPairs,
            FullFlush,
            AllChows,
            PureDoubleChow,
            TwoTerminalChows,
            NoHonors,
        ],
    ),
    f(
        14,
        "Quadruple Chow",
        "一色四同顺",
        48,
        &[
            PureTripleChow,
            PureShiftedPungs,
            SevenPairs,
            TileHog,
            PureDoubleChow,
        ],
    ),
    f(
        15,
        "Four Pure Shifted Pungs",
        "一色四节高",
        48,
        &[PureTripleChow, PureShiftedPungs, AllPungs],
    ),
    f(
        16,
        "Four Pure Shifted Chows",
        "一色四步高",
        32,
        &[PureShiftedChows, ShortStraight, TwoTerminalChows],
    ),
    f(17, "Three Kongs", "三杠", 32, KONG_FANS),
    f(
        18,
        "All Terminals and Honors",
        "混幺九",
        32,
        &[AllPungs, OutsideHand, PungOfTerminalsOrHonors],
    ),
    f(
        19,
        "Seven Pairs",
        "七对",
        24,
        &[FullyConcealedHand, ConcealedHand, SingleWait],
    ),
    f(
        20,
        "Greater Honors and Knitted Tiles",
        "七星不靠",
        24,
        &[
            LesserHonorsAndKnittedTiles,
            AllTypes,
            FullyConcealedHand,
            ConcealedHand,
        ],
    ),
    f(
        21,
        "All Even Pungs",
        "全双刻",
        24,
        &[AllPungs, AllSimples, NoHonors],
    ),
    f(22, "Full Flush", "清一色", 24, &[NoHonors]),
    f(
        23,
        "Pure Triple Chow",
        "一色三同顺",
        24,
        &[PureShiftedPungs, PureDoubleChow],
    ),
    f(
        24,
        "Pure Shifted Pungs",
        "一色三节高",
        24,
        &[PureTripleChow],
    ),
    f(25, "Upper Tiles", "全大", 24, &[UpperFour, NoHonors]),
    f(26, "Middle Tiles", "全中", 24, &[AllSimples, NoHonors]),
    f(27, "Lower Tiles", "全小", 24, &[LowerFour, NoHonors]),
    f(
        28,
        "Pure Straight",
        "清龙",
        16,
        &[ShortStraight, TwoTerminalChows],
    ),
    f(
        29,
        "Three-Suited Terminal Chows",
        "三色双龙会",
        16,
        &[AllChows, TwoTerminalChows, MixedDoubleChow, NoHonors],
    ),
    f(30, "Pure Shifted Chows", "一色三步高", 16, &[]),
    f(31, "All Five", "全带五", 16, &[AllSimples, NoHonors]),
    f(32, "Triple Pung", "三同刻", 16, &[DoublePung]),
    f(
        33,
        "Three Concealed Pungs",
        "三暗刻",
        16,
        &[TwoConcealedPungs],
    ),
    f(
        34,
        "Lesser Honors and Knitted Tiles",
        "全不靠",
        12,
        &[AllTypes, FullyConcealedHand, ConcealedHand],
    ),
    f(35, "Knitted Straight", "组合龙", 12, &[]),
    f(36, "Upper Four", "大于五", 12, &[NoHonors]),
    f(37, "Lower Four", "小于五", 12, &[NoHonors]),
    sets(
        f(38, "Big Three Winds", "三风刻", 12, &[]),
        &[PungOfTerminalsOrHonors],
    ),
    f(39, "Mixed Straight", "花龙", 8, &[]),
    f(40, "Reversible Tiles", "推不倒", 8, &[OneVoidedSuit]),
    f(41, "Mixed Triple Chow", "三色三同顺", 8, &[MixedDoubleChow]),
    f(42, "Mixed Shifted Pungs", "三色三节高", 8, &[]),
    f(43, "Chicken Hand", "无番和", 8, &[]),
    f(44, "Last Tile Draw", "妙手回春", 8, &[SelfDrawn]),
    f(45, "Last Tile Claim", "海底捞月", 8, &[]),
    f(46, "Out with Replacement Tile", "杠上开花", 8, &[SelfDrawn]),
    f(47, "Robbing The Kong", "抢杠和", 8, &[LastTile]),
    f(48, "All Pungs", "碰碰和", 6, &[]),
    f(49, "Half Flush", "混一色", 6, &[]),
    f(50, "Mixed Shifted Chows", "三色三步高", 6, &[]),
    f(51, "All Types", "五门齐", 6, &[]),
    f(52, "Melded Hand", "全求人", 6, &[SingleWait]),
    green_book(
        f(
            53,
            "Two Concealed Kongs",
            "双暗杠",
            6,
            &[TwoConcealedPungs, ConcealedKong],
        ),
        8,
    ),
    f(54, "Two Dragons Pungs", "双箭刻", 6, &[DragonPung]),
    f(55, "Outside Hand", "全带幺", 4, &[]),
    f(56, "Fully Concealed Hand", "不求人", 4, &[SelfDrawn]),
    f(57, "Two Melded Kongs", "双明杠", 4, &[MeldedKong]),
    FanInfo {
        number: None,
        name: "Concealed Kong and Melded Kong",
        chinese: "明暗杠",
        points: 5,
        green_book_points: 6,
        not_counted_with: &[ConcealedKong, MeldedKong],
        not_counted_for_its_sets: &[],
    },
    f(58, "Last Tile", "和绝张", 4, &[]),
    sets(
        f(59, "Dragon Pung", "箭刻", 2, &[]),
        &[PungOfTerminalsOrHonors],
    ),
    sets(
        f(60, "Prevalent Wind", "圈风刻", 2, &[]),
        &[PungOfTerminalsOrHonors],
    ),
    sets(
        f(61, "Seat Wind", "门风刻", 2, &[]),
        &[PungOfTerminalsOrHonors],
    ),
    f(62, "Concealed Hand", "门前清", 2, &[]),
    f(63, "All Chows", "平和", 2, &[NoHonors]),
    f(64, "Tile Hog", "四归一", 2, &[]),
    f(65, "Double Pung", "双同刻", 2, &[]),
    f(66, "Two Concealed Pungs", "双暗刻", 2, &[]),
    f(67, "Concealed Kong", "暗杠", 2, &[]),
    f(68, "All Simples", "断幺", 2, &[NoHonors]),
    f(69, "Pure Double Chow", "一般高", 1, &[]),
    f(70, "Mixed Double Chow", "喜相逢", 1, &[]),
    f(71, "Short Straight", "连六", 1, &[]),
    f(72, "Two Terminal Chows", "老少副", 1, &[]),
    f(73, "Pung of Terminals or Honors", "幺九刻", 1, &[]),
    f(74, "Melded Kong", "明杠", 1, &[]),
    f(75, "One Voided Suit", "缺一门", 1, &[]),
    f(76, "No Honors", "无字", 1, &[]),
    f(77, "Edge Wait", "边张", 1, &[]),
    f(78, "Closed Wait", "嵌张", 1, &[]),
    f(79, "Single Wait", "单钓将", 1, &[]),
    f(80, "Self-Drawn", "自摸", 1, &[]),
    f(81, "Flower Tiles", "花牌", 1, &[]),
];

impl Fan {
    /// The fan's rule-table entry.
    #[inline]
    pub fn info(self) -> &'static FanInfo {
        &TABLE[self as usize]
    }

    /// English name (as printed and in JSON).
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// Chinese name.
    pub fn chinese(self) -> &'static str {
        self.info().chinese
    }

    /// Number in the rule table (1–81); `None` for the combined kong entry.
    pub fn number(self) -> Option<u8> {
        self.info().number
    }

    /// Points of one occurrence under `variant`.
    ///
    /// ```
    /// use hupai::mcr::{Fan, Variant};
    /// assert_eq!(Fan::TwoConcealedKongs.points(Variant::Default), 6);
    /// assert_eq!(Fan::TwoConcealedKongs.points(Variant::GreenBook), 8);
    /// ```
    #[inline]
    pub fn points(self, variant: Variant) -> u8 {
        match variant {
            Variant::Default => self.info().points,
            Variant::GreenBook => self.info().green_book_points,
        }
    }

    /// The fans this fan implies (不计), removed from the whole hand.
    pub fn not_counted_with(self) -> &'static [Fan] {
        self.info().not_counted_with
    }

    /// The fan with this English name (exact, or ignoring case).
    ///
    /// ```
    /// use hupai::mcr::Fan;
    /// assert_eq!(Fan::from_name("seven pairs"), Some(Fan::SevenPairs));
    /// ```
    pub fn from_name(name: &str) -> Option<Fan> {
        Fan::ALL
            .into_iter()
            .find(|f| f.name().eq_ignore_ascii_case(name.trim()))
    }
}

impl std::fmt::Display for Fan {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// For each fan, the bit mask of the fans it is not counted with.
const EXCLUDES: [u128; FAN_COUNT] = {
    let mut out = [0u128; FAN_COUNT];
    let mut i = 0;
    while i < FAN_COUNT {
        let list = TABLE_DATA[i].not_counted_with;
        let mut j = 0;
        while j < list.len() {
            out[i] |= 1 << (list[j] as usize);
            j += 1;
        }
        i += 1;
    }
    out
};

/// Points of each fan by variant (`[default, green book]`).
const POINTS: [[u8; FAN_COUNT]; 2] = {
    let mut out = [[0u8; FAN_COUNT]; 2];
    let mut i = 0;
    while i < FAN_COUNT {
        out[0][i] = TABLE_DATA[i].points;
        out[1][i] = TABLE_DATA[i].green_book_points;
        i += 1;
    }
    out
};

/// The fans that can be counted more than once, and their count slots.
const REPEATABLE: [Fan; 10] = [
    Fan::TwoDragonsPungs,
    Fan::DragonPung,
    Fan::TileHog,
    Fan::DoublePung,
    Fan::PureDoubleChow,
    Fan::MixedDoubleChow,
    Fan::ShortStraight,
    Fan::TwoTerminalChows,
    Fan::PungOfTerminalsOrHonors,
    Fan::FlowerTiles,
];

/// Count slot of each fan (`NO_SLOT` for fans counted at most once).
const SLOT: [u8; FAN_COUNT] = {
    let mut out = [NO_SLOT; FAN_COUNT];
    let mut i = 0;
    while i < REPEATABLE.len() {
        out[REPEATABLE[i] as usize] = i as u8;
        i += 1;
    }
    out
};
const NO_SLOT: u8 = u8::MAX;

/// Bit mask of the repeatable fans.
const REPEATABLE_MASK: u128 = {
    let mut m = 0u128;
    let mut i = 0;
    while i < REPEATABLE.len() {
        m |= 1 << (REPEATABLE[i] as usize);
        i += 1;
    }
    m
};

/// Fan counts of one reading of a hand: a bit per counted fan, and a count
/// for the few fans that can be counted more than once. 32 bytes, no
/// allocation; operations touch only the counted fans.
///
/// ```
/// use hupai::mcr::{Fan, FanTable, Variant};
/// let mut t = FanTable::default();
/// t.mark(Fan::FullyConcealedHand);
/// t.mark(Fan::SelfDrawn);
/// t.add(Fan::PureDoubleChow);
/// t.add(Fan::PureDoubleChow);
/// t.apply_exclusions(); // Fully Concealed Hand is not counted with Self-Drawn
/// assert!(!t.has(Fan::SelfDrawn));
/// assert_eq!(t.get(Fan::PureDoubleChow), 2);
/// assert_eq!(t.points(Variant::Default), 4 + 2);
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub struct FanTable {
    present: u128,
    counts: [u8; REPEATABLE.len()],
}

impl FanTable {
    /// How many times `fan` is counted.
    #[inline]
    pub fn get(&self, fan: Fan) -> u8 {
        if !self.has(fan) {
            0
        } else {
            match SLOT[fan as usize] {
                NO_SLOT => 1,
                slot => self.counts[slot as usize],
            }
        }
    }

    /// Whether `fan` is counted at least once.
    #[inline]
    pub fn has(&self, fan: Fan) -> bool {
        self.present >> fan as usize & 1 == 1
    }

    /// Set the count of `fan` (0 removes it). Only Two Dragons Pungs, Dragon
    /// Pung, Tile Hog, Double Pung, the four 1-point chow fans, Pung of
    /// Terminals or Honors and Flower Tiles keep a count above 1; any other
    /// fan is counted once.
    #[inline]
    pub fn set(&mut self, fan: Fan, n: u8) {
        if n == 0 {
            self.clear(fan);
            return;
        }
        self.present |= 1 << fan as usize;
        match SLOT[fan as usize] {
            NO_SLOT => {}
            slot => self.counts[slot as usize] = n,
        }
    }

    /// Count `fan` once more.
    #[inline]
    pub fn add(&mut self, fan: Fan) {
        let n = self.get(fan);
        self.set(fan, n + 1);
    }

    /// Count `fan` once (idempotent).
    #[inline]
    pub fn mark(&mut self, fan: Fan) {
        self.set(fan, 1);
    }

    /// Remove `fan`.
    #[inline]
    pub fn clear(&mut self, fan: Fan) {
        self.present &= !(1 << fan as usize);
    }

    /// True when no fan is counted.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.present == 0
    }

    /// Add every fan of `other` (its counts replace this table's).
    #[inline]
    pub fn merge(&mut self, other: &FanTable) {
        let mut bits = other.present & REPEATABLE_MASK;
        while bits != 0 {
            let slot = SLOT[bits.trailing_zeros() as usize] as usize;
            bits &= bits - 1;
            self.counts[slot] = other.counts[slot];
        }
        self.present |= other.present;
    }

    /// Principle 1 (non-repeat): in table order, each counted fan removes the
    /// fans it implies. A fan removed by a higher one implies nothing, e.g.
    /// Four Concealed Pungs removes Fully Concealed Hand, so Self-Drawn stays.
    #[inline]
    pub fn apply_exclusions(&mut self) {
        let mut bits = self.present;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            self.present &= !EXCLUDES[i];
            bits &= bits - 1;
            bits &= self.present;
        }
    }

    /// Total points under `variant` (flowers included if counted).
    #[inline]
    pub fn points(&self, variant: Variant) -> u32 {
        let points = &POINTS[variant as usize];
        let mut bits = self.present;
        let mut sum = 0u32;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            sum += points[i] as u32;
        }
        // Repeated fans: the occurrences beyond the first.
        let mut bits = self.present & REPEATABLE_MASK;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            sum += points[i] as u32 * (self.counts[SLOT[i] as usize] as u32 - 1);
        }
        sum
    }

    /// The counted fans in table order with their counts.
    pub fn iter(&self) -> impl Iterator<Item = (Fan, u8)> + '_ {
        let mut bits = self.present;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let fan = Fan::ALL[i];
            Some((fan, self.get(fan)))
        })
    }
}

impl std::fmt::Debug for FanTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_map()
            .entries(self.iter().map(|(fan, n)| (fan.name(), n)))
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_in_enum_order_and_complete() {
        for (i, f) in Fan::ALL.iter().enumerate() {
            assert_eq!(*f as usize, i);
        }
        let numbers: Vec<u8> = TABLE.iter().filter_map(|i| i.number).collect();
        assert_eq!(numbers, (1..=81).collect::<Vec<u8>>());
    }

    #[test]
    fn exclusions_only_point_down_the_table() {
        for f in Fan::ALL {
            for g in f
                .not_counted_with()
                .iter()
                .chain(f.info().not_counted_for_its_sets)
            {
                // Pure Shifted Pungs and Pure Triple Chow name each other: two
                // readings of the same tiles, never in one arrangement.
                let readings = (f, *g) == (PureShiftedPungs, PureTripleChow);
                assert!(*g > f || readings, "{f:?} excludes {g:?} above it");
            }
        }
    }
}
