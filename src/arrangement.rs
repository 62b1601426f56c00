//! The result of taking a complete hand apart: groups and the form they make.
//!
//! An [`Arrangement`] is a fixed-capacity list of [`Group`]s (no allocation),
//! shared by the table engine, the recursive reference and MCR scoring.

use crate::hand::Meld;
use crate::tile::Tile;
use std::fmt;

/// The shape of one group.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum GroupKind {
    /// Two of a kind (the pair, or one of seven pairs).
    Pair,
    /// Three in sequence; `tile` is the lowest.
    Chow,
    /// Three of a kind.
    Pung,
    /// Four of a kind.
    Kong,
    /// A knitted chow: `tile`, `tile+3`, `tile+6` of one suit (147, 258, 369).
    Knitted,
    /// A lone tile of a special form (thirteen orphans, honours and knitted).
    Single,
}

/// One group of an arrangement: its shape, its lowest tile, and the declared
/// meld it comes from (`None` for concealed groups).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Group {
    /// The shape.
    pub kind: GroupKind,
    /// The lowest tile.
    pub tile: Tile,
    /// The declared meld this group is, if it was declared.
    pub meld: Option<Meld>,
}

impl Group {
    /// A concealed group.
    pub const fn concealed(kind: GroupKind, tile: Tile) -> Group {
        Group {
            kind,
            tile,
            meld: None,
        }
    }

    /// The group for a declared meld.
    pub fn declared(meld: Meld) -> Group {
        use crate::hand::MeldKind::*;
        let kind = match meld.kind() {
            Chow => GroupKind::Chow,
            Pung => GroupKind::Pung,
            Kong | ConcealedKong => GroupKind::Kong,
        };
        Group {
            kind,
            tile: meld.tile(),
            meld: Some(meld),
        }
    }

    /// The tiles of the group.
    pub fn tiles(&self) -> impl Iterator<Item = Tile> {
        let (t, kind) = (self.tile, self.kind);
        let n = match kind {
            GroupKind::Single => 1,
            GroupKind::Pair => 2,
            GroupKind::Kong => 4,
            _ => 3,
        };
        (0..n).map(move |i| match kind {
            GroupKind::Chow => t.up(i).expect("chow fits"),
            GroupKind::Knitted => t.up(3 * i).expect("knitted fits"),
            _ => t,
        })
    }
}

impl fmt::Display for Group {
    /// mpsz: `123m`, `777z`, `[1111p]` for a declared meld.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let suit = self.tile.suit().letter();
        match self.meld {
            // A declared meld keeps its red fives (`[055s]`).
            Some(m) => {
                let digit = |(t, red): (Tile, bool)| {
                    if red {
                        '0'
                    } else {
                        char::from(b'0' + t.rank())
                    }
                };
                let digits: String = m.written_tiles().map(digit).collect();
                write!(f, "[{digits}{suit}]")
            }
            None => {
                let digits: String = self.tiles().map(|t| char::from(b'0' + t.rank())).collect();
                write!(f, "{digits}{suit}")
            }
        }
    }
}

/// Which winning form an arrangement has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Form {
    /// Melds plus one pair (kongs included).
    Standard,
    /// Seven pairs (generic and Sichuan rules allow a quad as two pairs).
    SevenPairs,
    /// Thirteen orphans: one of each terminal and honour plus a pair.
    ThirteenOrphans,
    /// MCR seven shifted pairs: seven consecutive pairs in one suit.
    SevenShiftedPairs,
    /// MCR honours and knitted tiles (greater when all seven honours are present).
    HonorsAndKnitted,
    /// MCR knitted straight plus one set and a pair.
    KnittedStraight,
}

/// Most groups an arrangement can hold (honours and knitted: 14 singles).
pub const MAX_GROUPS: usize = 14;

/// A complete hand taken apart into groups.
///
/// ```
/// use hupai::{Arrangement, Form, Group, GroupKind, Tile};
/// let mut a = Arrangement::new(Form::Standard);
/// a.push(Group::concealed(GroupKind::Pair, Tile::EAST));
/// assert_eq!(a.groups().len(), 1);
/// assert_eq!(a.to_string(), "11z");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Arrangement {
    form: Form,
    len: u8,
    groups: [Group; MAX_GROUPS],
}

impl Arrangement {
    /// An empty arrangement of the given form.
    pub const fn new(form: Form) -> Arrangement {
        Arrangement {
            form,
            len: 0,
            groups: [Group::concealed(GroupKind::Single, Tile::EAST); MAX_GROUPS],
        }
    }

    /// Append a group. Panics past [`MAX_GROUPS`], which no hand reaches.
    pub fn push(&mut self, g: Group) {
        self.groups[self.len as usize] = g;
        self.len += 1;
    }

    /// Change the form (the groups stay).
    pub fn set_form(&mut self, form: Form) {
        self.form = form;
    }

    /// The form.
    pub fn form(&self) -> Form {
        self.form
    }

    /// The groups, declared melds first, then concealed groups in tile order.
    pub fn groups(&self) -> &[Group] {
        &self.groups[..self.len as usize]
    }

    /// Sort groups into the canonical order (declared first, then by tile and kind),
    /// so that equal multisets compare equal.
    pub fn canonicalize(&mut self) {
        self.groups[..self.len as usize]
            .sort_by_key(|g| (g.meld.is_none(), g.tile, g.kind, g.meld.map(|m| m.from())));
    }
}

impl fmt::Debug for Arrangement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}({self})", self.form)
    }
}

impl fmt::Display for Arrangement {
    /// Groups separated by spaces: `123m 456p 789s 111z 22z`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, g) in self.groups().iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{g}")?;
        }
        Ok(())
    }
}
