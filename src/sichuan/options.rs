//! The options where Sichuan tables differ, and the presets that group them.
//!
//! Every option has a flag (`--cap 4`, `--flush-stacks max`, `--jiang`, …)
//! read by [`Options::apply`]; a preset ([`Preset`], `--profile NAME`) sets
//! a documented group of them at once.

use serde::Serialize;
use std::fmt;
use std::str::FromStr;

/// Whether Full Flush adds to All Pungs and Seven Pairs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FlushStacks {
    /// Full Flush adds to every other pattern (清对 = 1 + 2).
    Additive,
    /// The hand takes only its highest base pattern (清对 = 2).
    Max,
}

/// What winning by self-draw adds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SelfDraw {
    /// +1 base from each payer, after the cap (自摸加底).
    Base,
    /// +1 fan, before the cap (自摸加番).
    Fan,
    /// Nothing.
    None,
}

/// Who pays a win on the replacement tile of a kong claimed from a discard (点杠花).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DianGangHua {
    /// Every player still in the hand, as for any self-drawn win.
    SelfDrawn,
    /// The player who discarded the kong's tile, alone, as for a discard.
    Discard,
}

/// 天胡 / 地胡.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum TianDiHu {
    /// Not counted.
    Off,
    /// Worth the cap at once.
    Cap,
    /// Extra fan: 天胡 (the dealer on the dealt hand), 地胡 (a non-dealer in
    /// the first go-round).
    Fan {
        /// Fan of 天胡.
        tian: u8,
        /// Fan of 地胡.
        di: u8,
    },
}

/// What becomes of a kong's income when its declarer's next discard is won
/// on (Shoot after Kong, 呼叫转移).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum KongOnShoot {
    /// The income of that kong and of the kongs its declarer made in a row
    /// just before goes to the winners.
    Chain,
    /// The income of the last kong only goes to the winners.
    Last,
    /// The last kong's income goes back to those who paid it.
    Refund,
}

/// Which roots 查叫 counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ChaJiaoRoots {
    /// Every root, as for a win.
    All,
    /// No root for a declared kong; four copies spread over two groups
    /// (a pung and the fourth tile) still count.
    Spread,
}

/// The rule options of Sichuan scoring and settlement.
///
/// ```
/// use hupai::sichuan::{Options, Preset};
/// let mut o = Options::preset(Preset::Chengdu);
/// assert_eq!(o.cap, Some(4));
/// o.apply("cap", Some("none")).unwrap();
/// assert_eq!(o.cap, None);
/// assert!(o.apply("cap", Some("9")).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Options {
    /// Most fan counted (2–6), `None` for no cap.
    pub cap: Option<u8>,
    /// Full Flush with All Pungs or Seven Pairs.
    pub flush_stacks: FlushStacks,
    /// What a self-drawn win adds.
    pub self_draw: SelfDraw,
    /// Who pays 点杠花.
    pub dian_gang_hua: DianGangHua,
    /// 将对: +2 fan when All Pungs or Seven Pairs holds only 2, 5 and 8.
    pub jiang: bool,
    /// 带幺九: fan when every set and the pair hold a 1 or a 9 (0 = off).
    pub yao_jiu: u8,
    /// 门清: +1 fan with no claimed meld.
    pub men_qing: bool,
    /// 中张: +1 fan with no 1 or 9.
    pub zhong_zhang: bool,
    /// 天胡 / 地胡.
    pub tian_di_hu: TianDiHu,
    /// Fan of 龙七对 (Seven Pairs with a root): 3, or 4.
    pub long_qi_dui: u8,
    /// 呼叫转移.
    pub kong_on_shoot: KongOnShoot,
    /// Whether an added kong of a pung whose fourth tile was held earlier pays.
    pub postponed_added_kong: bool,
    /// Which roots 查叫 counts.
    pub cha_jiao_roots: ChaJiaoRoots,
}

impl Default for Options {
    fn default() -> Options {
        Options::preset(Preset::Default)
    }
}

/// A named group of option values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Preset {
    /// The shared additive core: cap 3, self-draw +1 base.
    Default,
    /// As engines that follow T/TFMJ 01—2024 implement it: cap 3, flush-stacks max.
    Tfmj,
    /// The MIL rule book: 呼叫转移 refunds the kong, a postponed added kong
    /// pays nothing, 查叫 counts no root for a declared kong.
    Mil,
    /// Chengdu app rooms: cap 4, 将对, 带幺九 +2, 门清, 中张, 天胡 +3 / 地胡 +2.
    Chengdu,
    /// The big platforms' multiplier table: 龙七对 4, 天胡 / 地胡 5, cap 6.
    Qq,
}

impl Preset {
    /// Every preset.
    pub const ALL: [Preset; 5] = [
        Preset::Default,
        Preset::Tfmj,
        Preset::Mil,
        Preset::Chengdu,
        Preset::Qq,
    ];

    /// The name on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Preset::Default => "default",
            Preset::Tfmj => "tfmj",
            Preset::Mil => "mil",
            Preset::Chengdu => "chengdu",
            Preset::Qq => "qq",
        }
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Preset {
    type Err = OptionError;
    fn from_str(s: &str) -> Result<Preset, OptionError> {
        Preset::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| OptionError::BadValue {
                flag: "profile".into(),
                value: s.into(),
                expected: "default, tfmj, mil, chengdu or qq",
            })
    }
}

/// A bad option or situation flag.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum OptionError {
    /// A flag no Sichuan scoring reads.
    Unknown(String),
    /// A flag that needs a value was given none.
    MissingValue(String),
    /// A value the flag does not take.
    BadValue {
        /// The flag, without dashes.
        flag: String,
        /// The value given.
        value: String,
        /// The values it takes.
        expected: &'static str,
    },
    /// Flags that cannot hold together.
    Conflict(&'static str),
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::Unknown(w) => write!(f, "unknown Sichuan flag '{w}'"),
            OptionError::MissingValue(w) => write!(f, "--{w} needs a value"),
            OptionError::BadValue {
                flag,
                value,
                expected,
            } => write!(f, "--{flag} '{value}': expected {expected}"),
            OptionError::Conflict(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for OptionError {}

/// The option flags that take a value, with the values they take (for help).
pub const VALUE_FLAGS: [(&str, &str, &str); 10] = [
    (
        "profile",
        "PROFILE",
        "Rule profile: default, tfmj, mil, chengdu or qq (options refine it)",
    ),
    ("cap", "N", "Most fan counted: 2-6 or none"),
    (
        "flush-stacks",
        "HOW",
        "Full Flush with All Pungs / Seven Pairs: additive or max",
    ),
    ("self-draw", "HOW", "Self-drawn win adds: base, fan or none"),
    (
        "dian-gang-hua",
        "WHO",
        "Win on a claimed kong's replacement is paid: self-drawn or discard",
    ),
    (
        "yao-jiu",
        "N",
        "带幺九 (a 1 or 9 in every set and the pair): fan, 0 = off",
    ),
    (
        "tian-di-hu",
        "HOW",
        "天胡 / 地胡: off, cap, N (both) or T/D (e.g. 3/2)",
    ),
    ("long-qi-dui", "N", "Fan of 龙七对: 3 or 4"),
    ("kong-on-shoot", "HOW", "呼叫转移: chain, last or refund"),
    (
        "postponed-added-kong",
        "HOW",
        "Added kong of a pung whose 4th tile was held: pays or nothing",
    ),
];

/// The option flags that are switches.
pub const SWITCH_FLAGS: [(&str, &str); 3] = [
    (
        "jiang",
        "将对: +2 fan for All Pungs / Seven Pairs of 2, 5 and 8 only",
    ),
    ("men-qing", "门清: +1 fan with no claimed meld"),
    ("zhong-zhang", "中张: +1 fan with no 1 or 9"),
];

fn bad(flag: &str, value: &str, expected: &'static str) -> OptionError {
    OptionError::BadValue {
        flag: flag.into(),
        value: value.into(),
        expected,
    }
}

impl Options {
    /// The option values of a preset.
    ///
    /// ```
    /// use hupai::sichuan::{FlushStacks, Options, Preset};
    /// assert_eq!(Options::preset(Preset::Tfmj).flush_stacks, FlushStacks::Max);
    /// assert_eq!(Options::preset(Preset::Qq).cap, Some(6));
    /// ```
    pub const fn preset(p: Preset) -> Options {
        let base = Options {
            cap: Some(3),
            flush_stacks: FlushStacks::Additive,
            self_draw: SelfDraw::Base,
            dian_gang_hua: DianGangHua::SelfDrawn,
            jiang: false,
            yao_jiu: 0,
            men_qing: false,
            zhong_zhang: false,
            tian_di_hu: TianDiHu::Off,
            long_qi_dui: 3,
            kong_on_shoot: KongOnShoot::Chain,
            postponed_added_kong: true,
            cha_jiao_roots: ChaJiaoRoots::All,
        };
        match p {
            Preset::Default => base,
            Preset::Tfmj => Options {
                flush_stacks: FlushStacks::Max,
                ..base
            },
            Preset::Mil => Options {
                kong_on_shoot: KongOnShoot::Refund,
                postponed_added_kong: false,
                cha_jiao_roots: ChaJiaoRoots::Spread,
                ..base
            },
            Preset::Chengdu => Options {
                cap: Some(4),
                jiang: true,
                yao_jiu: 2,
                men_qing: true,
                zhong_zhang: true,
                tian_di_hu: TianDiHu::Fan { tian: 3, di: 2 },
                ..base
            },
            Preset::Qq => Options {
                cap: Some(6),
                long_qi_dui: 4,
                tian_di_hu: TianDiHu::Fan { tian: 5, di: 5 },
                ..base
            },
        }
    }

    /// Set one option from its flag name (no dashes) and value (`None` for
    /// a switch). `profile` replaces every option by the preset's.
    pub fn apply(&mut self, flag: &str, value: Option<&str>) -> Result<(), OptionError> {
        if SWITCH_FLAGS.iter().any(|(n, _)| *n == flag) {
            if let Some(v) = value {
                return Err(bad(flag, v, "nothing (it is a switch)"));
            }
            match flag {
                "jiang" => self.jiang = true,
                "men-qing" => self.men_qing = true,
                _ => self.zhong_zhang = true,
            }
            return Ok(());
        }
        if !VALUE_FLAGS.iter().any(|(n, _, _)| *n == flag) {
            return Err(OptionError::Unknown(format!("--{flag}")));
        }
        let v = value.ok_or_else(|| OptionError::MissingValue(flag.into()))?;
        let lower = v.to_ascii_lowercase();
        match flag {
            "profile" => *self = Options::preset(v.parse()?),
            "cap" => {
                self.cap = match lower.as_str() {
                    "none" => None,
                    _ => match lower.parse::<u8>() {
                        Ok(n @ 2..=6) => Some(n),
                        _ => return Err(bad(flag, v, "2, 3, 4, 5, 6 or none")),
                    },
                }
            }
            "flush-stacks" => {
                self.flush_stacks = match lower.as_str() {
                    "additive" => FlushStacks::Additive,
                    "max" => FlushStacks::Max,
                    _ => return Err(bad(flag, v, "additive or max")),
                }
            }
            "self-draw" => {
                self.self_draw = match lower.as_str() {
                    "base" => SelfDraw::Base,
                    "fan" => SelfDraw::Fan,
                    "none" => SelfDraw::None,
                    _ => return Err(bad(flag, v, "base, fan or none")),
                }
            }
            "dian-gang-hua" => {
                self.dian_gang_hua = match lower.as_str() {
                    "self-drawn" => DianGangHua::SelfDrawn,
                    "discard" => DianGangHua::Discard,
                    _ => return Err(bad(flag, v, "self-drawn or discard")),
                }
            }
            "yao-jiu" => {
                self.yao_jiu = match lower.parse::<u8>() {
                    Ok(n @ 0..=6) => n,
                    _ => return Err(bad(flag, v, "a fan count 0-6 (0 = off)")),
                }
            }
            "tian-di-hu" => {
                self.tian_di_hu = parse_tian_di_hu(&lower)
                    .ok_or_else(|| bad(flag, v, "off, cap, a fan count N or T/D (e.g. 3/2)"))?
            }
            "long-qi-dui" => {
                self.long_qi_dui = match lower.as_str() {
                    "3" => 3,
                    "4" => 4,
                    _ => return Err(bad(flag, v, "3 or 4")),
                }
            }
            "kong-on-shoot" => {
                self.kong_on_shoot = match lower.as_str() {
                    "chain" => KongOnShoot::Chain,
                    "last" => KongOnShoot::Last,
                    "refund" => KongOnShoot::Refund,
                    _ => return Err(bad(flag, v, "chain, last or refund")),
                }
            }
            _ => {
                self.postponed_added_kong = match lower.as_str() {
                    "pays" => true,
                    "nothing" => false,
                    _ => return Err(bad(flag, v, "pays or nothing")),
                }
            }
        }
        Ok(())
    }

    /// The value of a hand of `fan` fan: 2^min(fan, cap) base.
    ///
    /// ```
    /// use hupai::sichuan::Options;
    /// let o = Options::default();
    /// assert_eq!((o.value(0), o.value(2), o.value(9)), (1, 4, 8));
    /// ```
    pub fn value(&self, fan: u32) -> u32 {
        1 << self.capped(fan)
    }

    /// `fan` limited by the cap (no cap: at most 20, past any real hand).
    pub fn capped(&self, fan: u32) -> u32 {
        fan.min(self.cap.map_or(20, u32::from))
    }

    /// The value of the cap (a 花猪 pays it to each player): 2^cap, or 2^6
    /// with no cap.
    pub fn cap_value(&self) -> u32 {
        1 << self.cap.unwrap_or(6)
    }
}

fn parse_tian_di_hu(s: &str) -> Option<TianDiHu> {
    match s {
        "off" => Some(TianDiHu::Off),
        "cap" => Some(TianDiHu::Cap),
        _ => {
            let (t, d) = s.split_once('/').unwrap_or((s, s));
            let (tian, di) = (t.parse().ok()?, d.parse().ok()?);
            (tian <= 13 && di <= 13).then_some(TianDiHu::Fan { tian, di })
        }
    }
}
