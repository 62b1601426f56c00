//! Rule options: the fields of the Python `mahjong` package's `OptionalRules`
//! (same defaults), and the presets that set groups of them.

use crate::error::FlagError;
use std::fmt;
use std::str::FromStr;

/// How a hand of 13 han or more without a yakuman is paid (`kazoe_limit`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum KazoeLimit {
    /// Capped at one yakuman (kazoe yakuman), the default.
    #[default]
    Limited,
    /// Capped at sanbaiman.
    Sanbaiman,
    /// No cap: 26 han pay a double yakuman, 39 a triple, and so on.
    NoLimit,
}

impl FromStr for KazoeLimit {
    type Err = FlagError;
    /// `limited` / `sanbaiman` / `no-limit`, or the package's numbers 0 / 1 / 2.
    fn from_str(s: &str) -> Result<KazoeLimit, FlagError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "0" | "limited" | "yakuman" => Ok(KazoeLimit::Limited),
            "1" | "sanbaiman" => Ok(KazoeLimit::Sanbaiman),
            "2" | "no-limit" | "nolimit" | "none" => Ok(KazoeLimit::NoLimit),
            _ => Err(format!(
                "unknown kazoe limit '{s}' (expected limited, sanbaiman or no-limit)"
            )
            .into()),
        }
    }
}

impl fmt::Display for KazoeLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            KazoeLimit::Limited => "limited",
            KazoeLimit::Sanbaiman => "sanbaiman",
            KazoeLimit::NoLimit => "no-limit",
        })
    }
}

/// Optional rules, field for field the Python package's `OptionalRules`
/// (the defaults are `OptionalRules()`). On the command line each field is a
/// kebab-case flag (`--has-open-tanyao`; `--no-has-double-yakuman` turns off
/// a field that defaults to on; `--kazoe-limit sanbaiman`).
///
/// ```
/// use hupai::riichi::{Options, Preset};
/// let o = Options::default();
/// assert!(!o.has_open_tanyao && o.has_double_yakuman && o.fu_for_open_pinfu);
/// let t = Options::preset(Preset::Tenhou);
/// assert!(t.has_open_tanyao && t.has_aka_dora && !t.has_double_yakuman);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// Tanyao on an open hand (kuitan).
    pub has_open_tanyao: bool,
    /// Red fives are dora (aka dora).
    pub has_aka_dora: bool,
    /// Kokushi 13-wait, suu ankou tanki, junsei chuuren and dai suushii pay
    /// a double yakuman.
    pub has_double_yakuman: bool,
    /// Payment of 13 han or more without a yakuman.
    pub kazoe_limit: KazoeLimit,
    /// 4 han 30 fu and 3 han 60 fu are rounded up to mangan.
    pub kiriage: bool,
    /// An open hand without fu gets 2 fu on ron (30 fu in all).
    pub fu_for_open_pinfu: bool,
    /// Tsumo gives 2 fu even to a pinfu-shaped hand (so no pinfu on tsumo).
    pub fu_for_pinfu_tsumo: bool,
    /// Renhou is a yakuman (otherwise 5 han).
    pub renhou_as_yakuman: bool,
    /// Daisharin (22334455667788p) is a yakuman.
    pub has_daisharin: bool,
    /// Daisharin in characters (daisuurin) and bamboo (daichikurin) too.
    pub has_daisharin_other_suits: bool,
    /// Sashikomi (dealing into an open riichi) is a yakuman.
    pub has_sashikomi_yakuman: bool,
    /// Yakuman multiples stop at six.
    pub limit_to_sextuple_yakuman: bool,
    /// Paarenchan needs another yaku.
    pub paarenchan_needs_yaku: bool,
    /// Daichisei (seven pairs of honours) is a yakuman.
    pub has_daichisei: bool,
    /// Three-player rules: 1m indicates 9m, honba 200 on ron, two payers.
    pub is_three_player: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            has_open_tanyao: false,
            has_aka_dora: false,
            has_double_yakuman: true,
            kazoe_limit: KazoeLimit::Limited,
            kiriage: false,
            fu_for_open_pinfu: true,
            fu_for_pinfu_tsumo: false,
            renhou_as_yakuman: false,
            has_daisharin: false,
            has_daisharin_other_suits: false,
            has_sashikomi_yakuman: false,
            limit_to_sextuple_yakuman: true,
            paarenchan_needs_yaku: true,
            has_daichisei: false,
            is_three_player: false,
        }
    }
}

/// A named group of option values.
///
/// | preset | open tanyao | aka dora | double yakuman | kazoe | kiriage | renhou |
/// |---|---|---|---|---|---|---|
/// | `tenhou` | yes | yes | no | yakuman | no | no |
/// | `mahjongsoul` | yes | yes | yes | yakuman | no | no |
///
/// Tenhou counts several yakuman but never doubles a single one (kokushi
/// 13-wait, suu ankou tanki, junsei chuuren, dai suushii pay one yakuman);
/// Mahjong Soul pays those double. Both have open tanyao and three red fives,
/// count 13 han as kazoe yakuman, and have no kiriage mangan, no renhou, no
/// local yakuman (daisharin, daichisei, sashikomi). The other fields keep
/// the package's defaults.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Preset {
    /// Tenhou (天鳳) rules.
    Tenhou,
    /// Mahjong Soul (雀魂) rules.
    MahjongSoul,
}

impl FromStr for Preset {
    type Err = FlagError;
    fn from_str(s: &str) -> Result<Preset, FlagError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "tenhou" => Ok(Preset::Tenhou),
            "mahjongsoul" | "mahjong-soul" | "majsoul" => Ok(Preset::MahjongSoul),
            _ => Err(format!("unknown preset '{s}' (expected tenhou or mahjongsoul)").into()),
        }
    }
}

impl Options {
    /// The options of a preset (see [`Preset`]).
    pub fn preset(p: Preset) -> Options {
        let mut o = Options::default();
        o.apply_preset(p);
        o
    }

    /// Set the fields a preset names, keeping the others (so
    /// `--preset tenhou --kiriage` is Tenhou with kiriage).
    pub fn apply_preset(&mut self, p: Preset) {
        self.has_open_tanyao = true;
        self.has_aka_dora = true;
        self.kazoe_limit = KazoeLimit::Limited;
        self.kiriage = false;
        self.renhou_as_yakuman = false;
        self.has_daisharin = false;
        self.has_daisharin_other_suits = false;
        self.has_daichisei = false;
        self.has_sashikomi_yakuman = false;
        self.has_double_yakuman = p == Preset::MahjongSoul;
    }

    /// The boolean fields: kebab-case flag name and a handle on the field.
    pub fn flags(&mut self) -> [(&'static str, &mut bool); 14] {
        [
            ("has-open-tanyao", &mut self.has_open_tanyao),
            ("has-aka-dora", &mut self.has_aka_dora),
            ("has-double-yakuman", &mut self.has_double_yakuman),
            ("kiriage", &mut self.kiriage),
            ("fu-for-open-pinfu", &mut self.fu_for_open_pinfu),
            ("fu-for-pinfu-tsumo", &mut self.fu_for_pinfu_tsumo),
            ("renhou-as-yakuman", &mut self.renhou_as_yakuman),
            ("has-daisharin", &mut self.has_daisharin),
            (
                "has-daisharin-other-suits",
                &mut self.has_daisharin_other_suits,
            ),
            ("has-sashikomi-yakuman", &mut self.has_sashikomi_yakuman),
            (
                "limit-to-sextuple-yakuman",
                &mut self.limit_to_sextuple_yakuman,
            ),
            ("paarenchan-needs-yaku", &mut self.paarenchan_needs_yaku),
            ("has-daichisei", &mut self.has_daichisei),
            ("is-three-player", &mut self.is_three_player),
        ]
    }

    /// Set a boolean field by its flag name (`has-open-tanyao`, or
    /// `no-has-open-tanyao` to clear it). False when no field has that name.
    ///
    /// ```
    /// use hupai::riichi::Options;
    /// let mut o = Options::default();
    /// assert!(o.set_flag("kiriage") && o.kiriage);
    /// assert!(o.set_flag("no-has-double-yakuman") && !o.has_double_yakuman);
    /// assert!(!o.set_flag("no-such-rule"));
    /// ```
    pub fn set_flag(&mut self, name: &str) -> bool {
        let (name, on) = match name.strip_prefix("no-") {
            Some(rest) => (rest, false),
            None => (name, true),
        };
        for (flag, field) in self.flags() {
            if flag == name {
                *field = on;
                return true;
            }
        }
        false
    }

    /// Daisharin as the package reads it: `has_daisharin_other_suits`
    /// implies `has_daisharin`.
    pub(crate) fn daisharin(&self) -> bool {
        self.has_daisharin || self.has_daisharin_other_suits
    }
}

impl fmt::Display for Options {
    /// The fields that differ from the defaults, as flags.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut words = Vec::new();
        let mut me = *self;
        let mut def = Options::default();
        for ((name, a), (_, b)) in me.flags().into_iter().zip(def.flags()) {
            if *a != *b {
                words.push(if *a {
                    format!("--{name}")
                } else {
                    format!("--no-{name}")
                });
            }
        }
        if self.kazoe_limit != KazoeLimit::Limited {
            words.push(format!("--kazoe-limit {}", self.kazoe_limit));
        }
        f.write_str(&words.join(" "))
    }
}
