//! Rule sets as data: which forms win and which tiles exist.
//!
//! Every query takes a [`Rules`] value; the engine has one code path whose
//! behaviour these options steer, never a fork per rule set.

use std::fmt;
use std::str::FromStr;

/// How seven pairs is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SevenPairs {
    /// Not a winning form.
    No,
    /// Seven distinct pairs (riichi).
    Distinct,
    /// A quad may count as two pairs (generic, Sichuan 龙七对, MCR).
    QuadsAllowed,
}

/// The options of a rule set.
///
/// ```
/// use hupai::Rules;
/// let r: Rules = "sichuan".parse().unwrap();
/// assert_eq!(r, Rules::SICHUAN);
/// assert!(!r.honors);
/// assert_eq!(r.max_suits, 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Short name used on the command line.
    pub name: &'static str,
    /// Whether honour tiles exist in this game.
    pub honors: bool,
    /// At most this many numbered suits in the whole hand (3 = no limit).
    pub max_suits: u8,
    /// Seven pairs.
    pub seven_pairs: SevenPairs,
    /// Thirteen orphans.
    pub thirteen_orphans: bool,
    /// A concealed hand of 14 + k tiles wins with k quads taken as kongs.
    pub undeclared_kongs: bool,
    /// MCR special forms: seven shifted pairs, honours and knitted, knitted straight.
    pub mcr_forms: bool,
    /// Three-player riichi (三人麻雀): 2m–8m do not exist, so the characters
    /// suit holds only 1m and 9m and behaves like two honour kinds (no chow).
    pub three_player: bool,
}

impl Rules {
    /// Generic rules: seven pairs with quads, undeclared kongs.
    pub const GENERIC: Rules = Rules {
        name: "generic",
        honors: true,
        max_suits: 3,
        seven_pairs: SevenPairs::QuadsAllowed,
        thirteen_orphans: false,
        undeclared_kongs: true,
        mcr_forms: false,
        three_player: false,
    };
    /// Sichuan (血战到底): no honours, lack one suit, 龙七对.
    pub const SICHUAN: Rules = Rules {
        name: "sichuan",
        honors: false,
        max_suits: 2,
        seven_pairs: SevenPairs::QuadsAllowed,
        thirteen_orphans: false,
        undeclared_kongs: false,
        mcr_forms: false,
        three_player: false,
    };
    /// Japanese riichi.
    pub const RIICHI: Rules = Rules {
        name: "riichi",
        honors: true,
        max_suits: 3,
        seven_pairs: SevenPairs::Distinct,
        thirteen_orphans: true,
        undeclared_kongs: false,
        mcr_forms: false,
        three_player: false,
    };
    /// Three-player riichi: the riichi forms without 2m–8m.
    pub const RIICHI3: Rules = Rules {
        name: "riichi3",
        three_player: true,
        ..Rules::RIICHI
    };
    /// Chinese Official (MCR) forms. Seven Pairs may hold four identical
    /// tiles as two pairs (docs/rules/mcr.md, Rulings).
    pub const MCR: Rules = Rules {
        name: "mcr",
        honors: true,
        max_suits: 3,
        seven_pairs: SevenPairs::QuadsAllowed,
        thirteen_orphans: true,
        undeclared_kongs: false,
        mcr_forms: true,
        three_player: false,
    };

    /// Every built-in rule set.
    pub const ALL: [Rules; 4] = [Rules::GENERIC, Rules::SICHUAN, Rules::RIICHI, Rules::MCR];

    /// Every rule set a name selects: [`Rules::ALL`] and the three-player
    /// variant of riichi (tested against xiangting's three-player functions
    /// and the per-part search, tests/riichi3.rs).
    pub const NAMED: [Rules; 5] = [
        Rules::GENERIC,
        Rules::SICHUAN,
        Rules::RIICHI,
        Rules::RIICHI3,
        Rules::MCR,
    ];

    /// Whether tile kind `i` (0..34) exists under these rules.
    ///
    /// ```
    /// use hupai::{Rules, Tile};
    /// let t = |s: &str| s.parse::<Tile>().unwrap().index();
    /// assert!(Rules::RIICHI3.tile_exists(t("9m")) && !Rules::RIICHI3.tile_exists(t("5m")));
    /// assert!(!Rules::SICHUAN.tile_exists(t("1z")));
    /// ```
    #[inline]
    pub const fn tile_exists(&self, i: usize) -> bool {
        (self.honors || i < 27) && !(self.three_player && 0 < i && i < 8)
    }

    /// The tiles that exist under these rules, a bit per tile index.
    ///
    /// ```
    /// use hupai::Rules;
    /// assert_eq!(Rules::MCR.tiles(), (1 << 34) - 1);
    /// assert_eq!(Rules::SICHUAN.tiles(), (1 << 27) - 1);
    /// assert_eq!(Rules::RIICHI3.tiles() & 0x1ff, 0b1_0000_0001);
    /// ```
    #[inline]
    pub const fn tiles(&self) -> u64 {
        let mut mask: u64 = (1 << 34) - 1;
        if !self.honors {
            mask &= (1 << 27) - 1;
        }
        if self.three_player {
            mask &= !0b1111_1110;
        }
        mask
    }

    /// The first tile of `counts` that does not exist under these rules.
    pub fn missing_tile(&self, counts: &crate::tile::Counts) -> Option<crate::tile::Tile> {
        (0..counts.len())
            .find(|&i| counts[i] > 0 && !self.tile_exists(i))
            .and_then(crate::tile::Tile::from_index)
    }

    /// Every tile exists and any suits may mix: the engine's fast paths apply.
    #[inline(always)]
    pub const fn plain(&self) -> bool {
        self.honors && self.max_suits >= 3 && !self.three_player
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::GENERIC
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

impl FromStr for Rules {
    type Err = crate::FlagError;
    fn from_str(s: &str) -> Result<Rules, crate::FlagError> {
        Rules::NAMED
            .into_iter()
            .find(|r| r.name.eq_ignore_ascii_case(s))
            .ok_or_else(|| {
                format!(
                    "unknown rule set '{s}' (expected generic, sichuan, riichi, riichi3 or mcr)"
                )
                .into()
            })
    }
}
