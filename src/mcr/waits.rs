//! Wait analysis for Edge, Closed and Single Wait.
//!
//! The wait fans count only when the 13-tile hand before the winning tile
//! waits on exactly one tile kind, judged over every arrangement and every
//! form, exhausted waits (all four copies in the hand) included. The kind of
//! wait is then read from the chosen arrangement: the winning tile at the end
//! of a concealed chow is an edge wait, in its middle a closed wait, as the
//! concealed pair a single wait; when it could be read several ways, Edge
//! beats Closed beats Single.

use super::arranger::Arranger;
use crate::arrangement::{Arrangement, GroupKind};
use crate::hand::Hand;
use crate::tile::Tile;
use crate::tileset::TileSet;

/// The kind of a single-tile wait.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum WaitKind {
    /// 边张: 12 waiting on 3, or 89 waiting on 7.
    Edge,
    /// 嵌张: 13 waiting on 2.
    Closed,
    /// 单钓将: waiting on the pair.
    Single,
}

/// Every tile that completes the 13-tile hand `before` (live and exhausted).
///
/// ```
/// use hupai::mcr::waits::all_waits;
/// use hupai::{Hand, Tables, Tile};
/// let t = |s: &str| s.parse::<Tile>().unwrap();
/// let tiles: Vec<Tile> = "1m 2m 3m 4m 4m 4m 4m 6m 7m 8m 4p 5p 6p".split(' ').map(t).collect();
/// let before = Hand::from_tiles(&tiles).unwrap();
/// // 1m completes the pair, a fifth 4m would too: two waits, no Single Wait.
/// assert_eq!(all_waits(&before, Tables::embedded()).to_string(), "1m 4m");
/// ```
pub fn all_waits(before: &Hand, arranger: &impl Arranger) -> TileSet {
    arranger.all_waits(before)
}

/// Whether the hand with the winning tile `win` removed waits on that tile
/// kind alone.
///
/// ```
/// use hupai::mcr::{arranger::Reference, waits::is_unique_wait};
/// use hupai::{notation, Notation};
/// let hand = notation::parse("456m789p222s55z12m3m", Notation::Mpsz).unwrap();
/// assert!(is_unique_wait(&hand, "3m".parse().unwrap(), &Reference));
/// let hand = notation::parse("456m789p222s55z23m4m", Notation::Mpsz).unwrap();
/// assert!(!is_unique_wait(&hand, "4m".parse().unwrap(), &Reference)); // 1m too
/// ```
pub fn is_unique_wait(hand: &Hand, win: Tile, arranger: &impl Arranger) -> bool {
    match hand.without_tile(win) {
        Some(before) => all_waits(&before, arranger).len() == 1,
        None => false,
    }
}

/// How the winning tile sits in the concealed groups of `arrangement`, taking
/// the best reading (Edge over Closed over Single). `None` when it is in no
/// concealed chow and is not the concealed pair. Knitted chows do not count.
///
/// ```
/// use hupai::mcr::waits::{wait_kind, WaitKind};
/// use hupai::{Arrangement, Form, Group, GroupKind, Tile};
/// let t = |s: &str| s.parse::<Tile>().unwrap();
/// let mut a = Arrangement::new(Form::Standard);
/// a.push(Group::concealed(GroupKind::Chow, t("1m")));
/// a.push(Group::concealed(GroupKind::Pair, t("3m")));
/// assert_eq!(wait_kind(&a, t("3m")), Some(WaitKind::Edge));
/// assert_eq!(wait_kind(&a, t("2m")), Some(WaitKind::Closed));
/// ```
pub fn wait_kind(arrangement: &Arrangement, win: Tile) -> Option<WaitKind> {
    let mut best: Option<WaitKind> = None;
    let mut note = |k: WaitKind| {
        best = Some(best.map_or(k, |b| b.min(k)));
    };
    for g in arrangement.groups().iter().filter(|g| g.meld.is_none()) {
        match g.kind {
            GroupKind::Chow => {
                let low = g.tile.index();
                let w = win.index();
                if w == low + 1 {
                    note(WaitKind::Closed);
                } else if w == low || w == low + 2 {
                    note(WaitKind::Edge);
                }
            }
            GroupKind::Pair if g.tile == win => note(WaitKind::Single),
            _ => {}
        }
    }
    best
}
