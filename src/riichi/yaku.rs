//! The yaku: names (the Python `mahjong` package's English names, and the
//! Japanese), han closed and open, and the list a score carries.

use std::fmt;

macro_rules! yaku_table {
    ($($v:ident = $name:literal, $ja:literal, $closed:literal, $open:literal, $yakuman:literal;)*) => {
        /// A yaku, yakuman or dora count.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Yaku {
            $(
                #[doc = concat!($name, " (", $ja, ")")]
                $v,
            )*
        }

        impl Yaku {
            /// Every yaku, in table order.
            pub const ALL: &'static [Yaku] = &[$(Yaku::$v),*];

            /// The Python `mahjong` package's English name.
            pub const fn name(self) -> &'static str {
                match self { $(Yaku::$v => $name),* }
            }

            /// The Japanese name.
            pub const fn japanese(self) -> &'static str {
                match self { $(Yaku::$v => $ja),* }
            }

            /// Han on a closed hand (13 per yakuman; 26 for a double yakuman
            /// where the options allow it; 0 for the dora rows, counted apart).
            pub const fn han_closed(self) -> u8 {
                match self { $(Yaku::$v => $closed),* }
            }

            /// Han on an open hand (0: the yaku needs a closed hand).
            pub const fn han_open(self) -> u8 {
                match self { $(Yaku::$v => $open),* }
            }

            /// Whether this is a yakuman.
            pub const fn is_yakuman(self) -> bool {
                match self { $(Yaku::$v => $yakuman),* }
            }
        }
    };
}

yaku_table! {
    MenzenTsumo = "Menzen Tsumo", "門前清自摸和", 1, 0, false;
    Riichi = "Riichi", "立直", 1, 0, false;
    OpenRiichi = "Open Riichi", "オープン立直", 2, 0, false;
    Ippatsu = "Ippatsu", "一発", 1, 0, false;
    Chankan = "Chankan", "槍槓", 1, 1, false;
    Rinshan = "Rinshan Kaihou", "嶺上開花", 1, 1, false;
    Haitei = "Haitei Raoyue", "海底摸月", 1, 1, false;
    Houtei = "Houtei Raoyui", "河底撈魚", 1, 1, false;
    DoubleRiichi = "Double Riichi", "ダブル立直", 2, 0, false;
    DoubleOpenRiichi = "Double Open Riichi", "ダブルオープン立直", 3, 0, false;
    NagashiMangan = "Nagashi Mangan", "流し満貫", 5, 5, false;
    Renhou = "Renhou", "人和", 5, 0, false;
    Pinfu = "Pinfu", "平和", 1, 0, false;
    Tanyao = "Tanyao", "断幺九", 1, 1, false;
    Iipeiko = "Iipeiko", "一盃口", 1, 0, false;
    Haku = "Yakuhai (haku)", "役牌 白", 1, 1, false;
    Hatsu = "Yakuhai (hatsu)", "役牌 發", 1, 1, false;
    Chun = "Yakuhai (chun)", "役牌 中", 1, 1, false;
    SeatEast = "Yakuhai (seat wind east)", "自風 東", 1, 1, false;
    SeatSouth = "Yakuhai (seat wind south)", "自風 南", 1, 1, false;
    SeatWest = "Yakuhai (seat wind west)", "自風 西", 1, 1, false;
    SeatNorth = "Yakuhai (seat wind north)", "自風 北", 1, 1, false;
    RoundEast = "Yakuhai (round wind east)", "場風 東", 1, 1, false;
    RoundSouth = "Yakuhai (round wind south)", "場風 南", 1, 1, false;
    RoundWest = "Yakuhai (round wind west)", "場風 西", 1, 1, false;
    RoundNorth = "Yakuhai (round wind north)", "場風 北", 1, 1, false;
    Sanshoku = "Sanshoku Doujun", "三色同順", 2, 1, false;
    Ittsu = "Ittsu", "一気通貫", 2, 1, false;
    Chantai = "Chantai", "混全帯幺九", 2, 1, false;
    Honroutou = "Honroutou", "混老頭", 2, 2, false;
    Toitoi = "Toitoi", "対々和", 2, 2, false;
    SanAnkou = "San Ankou", "三暗刻", 2, 2, false;
    SanKantsu = "San Kantsu", "三槓子", 2, 2, false;
    SanshokuDoukou = "Sanshoku Doukou", "三色同刻", 2, 2, false;
    Chiitoitsu = "Chiitoitsu", "七対子", 2, 0, false;
    ShouSangen = "Shou Sangen", "小三元", 2, 2, false;
    Honitsu = "Honitsu", "混一色", 3, 2, false;
    Junchan = "Junchan", "純全帯幺九", 3, 2, false;
    Ryanpeikou = "Ryanpeikou", "二盃口", 3, 0, false;
    Chinitsu = "Chinitsu", "清一色", 6, 5, false;
    Kokushi = "Kokushi Musou", "国士無双", 13, 0, true;
    Chuuren = "Chuuren Poutou", "九蓮宝燈", 13, 0, true;
    SuuAnkou = "Suu Ankou", "四暗刻", 13, 0, true;
    Daisangen = "Daisangen", "大三元", 13, 13, true;
    Shousuushii = "Shousuushii", "小四喜", 13, 13, true;
    Ryuuiisou = "Ryuuiisou", "緑一色", 13, 13, true;
    SuuKantsu = "Suu Kantsu", "四槓子", 13, 13, true;
    TsuuIisou = "Tsuu Iisou", "字一色", 13, 13, true;
    Chinroutou = "Chinroutou", "清老頭", 13, 13, true;
    Daisharin = "Daisharin", "大車輪", 13, 0, true;
    Daisuurin = "Daisuurin", "大数隣", 13, 0, true;
    Daichikurin = "Daichikurin", "大竹林", 13, 0, true;
    Daichisei = "Daichisei", "大七星", 13, 0, true;
    DaiSuushii = "Dai Suushii", "大四喜", 26, 26, true;
    KokushiJuusanmen = "Kokushi Musou Juusanmen Matchi", "国士無双十三面待ち", 26, 0, true;
    SuuAnkouTanki = "Suu Ankou Tanki", "四暗刻単騎", 26, 0, true;
    JunseiChuuren = "Daburu Chuuren Poutou", "純正九蓮宝燈", 26, 0, true;
    Tenhou = "Tenhou", "天和", 13, 0, true;
    Chiihou = "Chiihou", "地和", 13, 0, true;
    RenhouYakuman = "Renhou (yakuman)", "人和 (役満)", 13, 0, true;
    Sashikomi = "Sashikomi", "差し込み", 13, 0, true;
    Paarenchan = "Paarenchan", "八連荘", 13, 13, true;
    Dora = "Dora", "ドラ", 0, 0, false;
    AkaDora = "Aka Dora", "赤ドラ", 0, 0, false;
    UraDora = "Ura Dora", "裏ドラ", 0, 0, false;
}

impl Yaku {
    /// The yakuman that pay double under `has_double_yakuman`.
    pub const fn is_double(self) -> bool {
        matches!(
            self,
            Yaku::DaiSuushii | Yaku::KokushiJuusanmen | Yaku::SuuAnkouTanki | Yaku::JunseiChuuren
        )
    }

    /// Han of this yaku on a hand that is open or not: the open value where
    /// the table has one, the closed value otherwise (as the package sums),
    /// a double yakuman counted once without `double`.
    #[inline]
    pub(crate) fn han(self, open: bool, double: bool) -> u8 {
        if self.is_double() && !double {
            return 13;
        }
        if open && self.han_open() > 0 {
            self.han_open()
        } else {
            self.han_closed()
        }
    }
}

impl fmt::Display for Yaku {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Capacity of a [`YakuList`]: more than any hand collects.
pub const MAX_YAKU: usize = 32;

/// The yaku of a score with their han, in the package's order; fixed
/// capacity, no allocation.
///
/// ```
/// use hupai::riichi::{Yaku, YakuList};
/// let mut l = YakuList::default();
/// l.push(Yaku::Riichi, 1);
/// l.push(Yaku::Dora, 2);
/// assert_eq!(l.han(), 3);
/// assert!(l.has(Yaku::Riichi) && !l.has(Yaku::Pinfu));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct YakuList {
    len: u8,
    items: [(Yaku, u8); MAX_YAKU],
}

impl Default for YakuList {
    fn default() -> YakuList {
        YakuList {
            len: 0,
            items: [(Yaku::Dora, 0); MAX_YAKU],
        }
    }
}

impl YakuList {
    /// Append a yaku with its han.
    #[inline]
    pub fn push(&mut self, y: Yaku, han: u8) {
        self.items[self.len as usize] = (y, han);
        self.len += 1;
    }

    /// The yaku and their han.
    pub fn as_slice(&self) -> &[(Yaku, u8)] {
        &self.items[..self.len as usize]
    }

    /// Total han.
    pub fn han(&self) -> u32 {
        self.as_slice().iter().map(|&(_, h)| h as u32).sum()
    }

    /// Whether `y` is listed.
    pub fn has(&self, y: Yaku) -> bool {
        self.as_slice().iter().any(|&(x, _)| x == y)
    }

    /// Whether the list holds a yakuman.
    pub fn has_yakuman(&self) -> bool {
        self.as_slice().iter().any(|&(x, _)| x.is_yakuman())
    }

    /// Keep only the yakuman (a yakuman hand scores nothing else).
    pub(crate) fn keep_yakuman(&mut self) {
        let mut n = 0;
        for i in 0..self.len as usize {
            if self.items[i].0.is_yakuman() {
                self.items[n] = self.items[i];
                n += 1;
            }
        }
        self.len = n as u8;
    }

    /// Sort into the package's order (by yaku id, the enum's order).
    pub(crate) fn sort(&mut self) {
        let n = self.len as usize;
        self.items[..n].sort_by_key(|&(y, _)| y);
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the list is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl fmt::Debug for YakuList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(
                self.as_slice()
                    .iter()
                    .map(|(y, h)| format!("{} {h}", y.name())),
            )
            .finish()
    }
}
