//! [`Engine`]: one value — a table set, a rule set and the jokers — that
//! answers every question about a hand. The command line, the C ABI, the
//! Python package and the web page all ask through it, so each question has
//! one door and jokers are handled in one place.
//!
//! ```
//! use hupai::{Engine, Hand, Jokers, Rules, Tile};
//!
//! let riichi = Engine::embedded(Rules::RIICHI);
//! let hand: Hand = "123m456p789s1112z".parse().unwrap();
//! assert_eq!(riichi.shanten(&hand).unwrap(), 0);
//! assert_eq!(riichi.waits(&hand).unwrap().live.to_string(), "2z");
//!
//! // The Red-dragon game: every concealed 7z is a joker.
//! let red = Jokers { extra: 0, tile: Some(Tile::RED) };
//! let game = Engine::embedded(Rules::GENERIC).with_jokers(red);
//! assert!(game.is_win(&"123m456p789s11z777z".parse().unwrap()));
//! ```
//!
//! # Holding the tables
//!
//! `Engine<T>` holds its tables through any pointer `T` to a [`Tables`]:
//! [`Embedded`] (the default; `Copy`), [`Mapped`] (one memory-mapped set
//! shared by reference count) or a plain reference. Each query is then
//! compiled for that table type with nothing in between. A program that
//! chooses the tables at run time (a command-line option, a constructor
//! argument) holds an `Engine<AnyTables>`: the same methods, each choosing
//! the table type once per call.

use crate::arrangement::Arrangement;
use crate::engine::jokers::JokerArrangement;
use crate::engine::{Discards, Effective, JokerError, Jokers, Ukeire, Waits};
use crate::error::Error;
use crate::hand::Hand;
use crate::rules::Rules;
use crate::table::Tables;
use crate::tile::Counts;
use crate::{ev, mcr, riichi, sichuan};
use std::ops::Deref;

/// The embedded table set: a `&'static` reference, free to copy.
pub type Embedded = &'static Tables<&'static [u8]>;

/// One memory-mapped table set, shared by reference count.
#[cfg(feature = "mmap")]
pub type Mapped = std::sync::Arc<Tables<memmap2::Mmap>>;

/// A table set, a rule set and the jokers: the value every question is
/// asked of.
///
/// `T` is how the tables are held: [`Embedded`] (the default), [`Mapped`],
/// [`AnyTables`], or any other pointer to a [`Tables`] (`&Tables<Vec<u8>>`,
/// …). Queries take `&self` and, without jokers, allocate nothing.
///
/// ```
/// use hupai::{notation, Engine, Notation, Rules};
///
/// let engine = Engine::embedded(Rules::GENERIC);
/// let hand = notation::parse("ABCeee345456DD", Notation::Mediatek).unwrap();
/// assert!(engine.is_win(&hand));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Engine<T = Embedded> {
    tables: T,
    rules: Rules,
    jokers: Jokers,
}

impl Engine<Embedded> {
    /// The engine over the tables embedded in the library.
    ///
    /// ```
    /// use hupai::{Engine, Rules};
    /// assert_eq!(Engine::embedded(Rules::RIICHI).rules().name, "riichi");
    /// ```
    pub fn embedded(rules: Rules) -> Engine<Embedded> {
        Engine::new(Tables::embedded(), rules)
    }
}

#[cfg(feature = "mmap")]
impl Engine<Mapped> {
    /// The engine over the table files of `dir`, memory-mapped once; clones
    /// share the mapping. Checks the file headers (see [`Tables::open`]).
    ///
    /// ```
    /// use hupai::{Engine, Rules};
    /// let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tables");
    /// let engine = Engine::open(dir, Rules::GENERIC).unwrap();
    /// assert!(engine.is_win(&"11122233344455m".parse().unwrap()));
    /// assert!(Engine::open("/no/such/dir", Rules::GENERIC).is_err());
    /// ```
    pub fn open(
        dir: impl AsRef<std::path::Path>,
        rules: Rules,
    ) -> Result<Engine<Mapped>, crate::TableError> {
        Ok(Engine::new(std::sync::Arc::new(Tables::open(dir)?), rules))
    }
}

impl<T> Engine<T> {
    /// An engine over `tables`, with no jokers.
    ///
    /// ```
    /// use hupai::{Engine, Rules, Tables};
    /// let engine = Engine::new(Tables::embedded(), Rules::GENERIC);
    /// assert!(engine.is_win(&"11122233344455m".parse().unwrap()));
    /// ```
    pub fn new(tables: T, rules: Rules) -> Engine<T> {
        Engine {
            tables,
            rules,
            jokers: Jokers::NONE,
        }
    }

    /// The same engine with `jokers`: `extra` jokers added to every hand
    /// and every concealed copy of `tile` taken as a joker. A joker tile the
    /// rules lack (an honour under Sichuan rules) makes every query about a
    /// hand an error naming it.
    ///
    /// ```
    /// use hupai::{Engine, Jokers, Rules, Tile};
    /// let one = Jokers { extra: 1, tile: None };
    /// let engine = Engine::embedded(Rules::RIICHI).with_jokers(one);
    /// assert!(engine.is_win(&"123m456p789s1112z".parse().unwrap()));
    /// let red = Jokers { extra: 0, tile: Some(Tile::RED) };
    /// let sichuan = Engine::embedded(Rules::SICHUAN).with_jokers(red);
    /// let e = sichuan.shanten(&"123m456m789m1122s".parse().unwrap()).unwrap_err();
    /// assert_eq!(e.to_string(), "joker tile 7z does not exist under sichuan rules");
    /// ```
    pub fn with_jokers(self, jokers: Jokers) -> Engine<T> {
        Engine { jokers, ..self }
    }

    /// The same rules and jokers over other tables: a borrowed view of an
    /// `Engine<AnyTables>`'s set, say, to run a batch with the table type
    /// chosen once.
    ///
    /// ```
    /// use hupai::{AnyTables, Engine, Rules};
    /// let any = Engine::from(Engine::embedded(Rules::RIICHI));
    /// let AnyTables::Embedded(t) = any.tables() else { unreachable!() };
    /// let typed = any.with_tables(*t);
    /// assert_eq!(typed.rules().name, "riichi");
    /// ```
    pub fn with_tables<U>(&self, tables: U) -> Engine<U> {
        Engine {
            tables,
            rules: self.rules,
            jokers: self.jokers,
        }
    }

    /// The table set as the engine holds it.
    pub fn tables(&self) -> &T {
        &self.tables
    }

    /// The rule set.
    ///
    /// ```
    /// use hupai::{Engine, Rules};
    /// assert_eq!(*Engine::embedded(Rules::MCR).rules(), Rules::MCR);
    /// ```
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The jokers every hand is read with.
    ///
    /// ```
    /// use hupai::{Engine, Rules};
    /// assert!(Engine::embedded(Rules::MCR).jokers().is_none());
    /// ```
    pub fn jokers(&self) -> &Jokers {
        &self.jokers
    }

    /// The hand's real tiles and its number of jokers under the engine's
    /// jokers; fails when they make the hand larger than any complete hand or
    /// the joker tile does not exist under the rules.
    ///
    /// ```
    /// use hupai::{Engine, Jokers, Rules, Tile};
    /// let red = Jokers { extra: 1, tile: Some(Tile::RED) };
    /// let engine = Engine::embedded(Rules::GENERIC).with_jokers(red);
    /// let (real, jokers) = engine.split(&"123m456p789s77z11z".parse().unwrap()).unwrap();
    /// assert_eq!((real.to_string().as_str(), jokers), ("123m456p789s11z", 3));
    /// ```
    pub fn split(&self, hand: &Hand) -> Result<(Hand, usize), JokerError> {
        self.jokers.split(hand, &self.rules)
    }

    /// The hand's joker count when the engine has jokers (`None` without),
    /// as the answers of [`crate::answer`] print it.
    ///
    /// ```
    /// use hupai::{Engine, Jokers, Rules};
    /// let hand = "123m456p789s11z".parse().unwrap();
    /// assert_eq!(Engine::embedded(Rules::GENERIC).joker_count(&hand).unwrap(), None);
    /// let two = Jokers { extra: 2, tile: None };
    /// let engine = Engine::embedded(Rules::GENERIC).with_jokers(two);
    /// assert_eq!(engine.joker_count(&hand).unwrap(), Some(2));
    /// ```
    pub fn joker_count(&self, hand: &Hand) -> Result<Option<usize>, JokerError> {
        if self.jokers.is_none() {
            return Ok(None);
        }
        Ok(Some(self.split(hand)?.1))
    }
}

/// Every arrangement of a hand: plain groups, or, when the engine has
/// jokers, groups that mark what each joker stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arranged {
    /// A hand without jokers.
    Plain(Vec<Arrangement>),
    /// A hand with `jokers` jokers.
    Jokers {
        /// The hand's jokers.
        jokers: usize,
        /// Its arrangements.
        all: Vec<JokerArrangement>,
    },
}

impl Arranged {
    /// How many arrangements (0: not complete).
    ///
    /// ```
    /// use hupai::{Engine, Rules};
    /// let all = Engine::embedded(Rules::GENERIC).arrangements(&"111222333m11z".parse().unwrap()).unwrap();
    /// assert_eq!(all.len(), 2);
    /// ```
    pub fn len(&self) -> usize {
        match self {
            Arranged::Plain(all) => all.len(),
            Arranged::Jokers { all, .. } => all.len(),
        }
    }

    /// True when the hand is not complete.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl<T, B> Engine<T>
where
    T: Deref<Target = Tables<B>>,
    B: AsRef<[u8]>,
{
    /// Whether the hand is complete under the engine's rules, some choice of
    /// what each joker stands for included. A hand its jokers make too large
    /// is not complete. Allocates nothing.
    ///
    /// ```
    /// use hupai::{Engine, Rules};
    /// let sichuan = Engine::embedded(Rules::SICHUAN);
    /// // Three suits: not complete under the lack-one-suit rule.
    /// assert!(!sichuan.is_win(&"123m456p789s11122s".parse().unwrap()));
    /// assert!(sichuan.is_win(&"123m456m789s11122s".parse().unwrap()));
    /// ```
    #[inline]
    pub fn is_win(&self, hand: &Hand) -> bool {
        if self.jokers.is_none() {
            return self.tables.is_win(hand, &self.rules);
        }
        match self.split(hand) {
            Ok((real, jokers)) => self.tables.is_win_jokers(&real, jokers, &self.rules),
            Err(_) => false,
        }
    }

    /// The tiles that complete a ready hand, live and exhausted. Allocates
    /// nothing.
    ///
    /// ```
    /// use hupai::{Engine, Rules};
    /// let engine = Engine::embedded(Rules::GENERIC);
    /// let w = engine.waits(&"1112345678999m".parse().unwrap()).unwrap();
    /// assert_eq!(w.live.len(), 9); // nine gates
    /// assert!(engine.waits(&"123m".parse().unwrap()).is_err()); // not 3n+1 tiles
    /// ```
    #[inline]
    pub fn waits(&self, hand: &Hand) -> Result<Waits, Error> {
        if self.jokers.is_none() {
            return Ok(self.tables.waits(hand, &self.rules)?);
        }
        Ok(self.tables.waits_with(hand, &self.jokers, &self.rules)?)
    }

    /// Shanten: −1 complete, 0 ready, n tiles from ready, over every form
    /// the rules allow. Allocates nothing.
    ///
    /// ```
    /// use hupai::{Engine, Rules};
    /// let engine = Engine::embedded(Rules::RIICHI);
    /// assert_eq!(engine.shanten(&"123m456p789s1112z".parse().unwrap()).unwrap(), 0);
    /// assert_eq!(engine.shanten(&"123m456p789s11122z".parse().unwrap()).unwrap(), -1);
    /// ```
    #[inline]
    pub fn shanten(&self, hand: &Hand) -> Result<i8, Error> {
        if self.jokers.is_none() {
            return Ok(self.tables.shanten(hand, &self.rules)?);
        }
        let (real, jokers) = self.split(hand)?;
        self.tables
            .shanten_jokers(&real, jokers, &self.rules)
            .map_err(|e| JokerError::Shanten(e).into())
    }

    /// The effective tiles of a 3n+1 hand, with the copies of each not in
    /// the hand nor in `visible`.
    ///
    /// ```
    /// use hupai::{Engine, Rules};
    /// let engine = Engine::embedded(Rules::RIICHI);
    /// let e = engine.effective(&"123m456p789s1112z".parse().unwrap(), &[0; 34]).unwrap();
    /// assert_eq!((e.shanten(), e.tiles().to_string(), e.total()), (0, "2z".into(), 3));
    /// ```
    #[inline]
    pub fn effective(&self, hand: &Hand, visible: &Counts) -> Result<Effective, Error> {
        if self.jokers.is_none() {
            return Ok(self.tables.effective(hand, &self.rules, visible)?);
        }
        self.with_joker_tile(
            hand,
            visible,
            |real, jokers| {
                self.tables
                    .effective_jokers(real, jokers, &self.rules, visible)
            },
            |u| match u {
                Ukeire::Draw(e) => Some(e),
                Ukeire::Discard(_) => None,
            },
        )
    }

    /// The discard table of a 3n+2 hand: each discard that keeps the best
    /// shanten with the effective tiles after it, best first.
    ///
    /// ```
    /// use hupai::{Engine, Rules};
    /// let engine = Engine::embedded(Rules::RIICHI);
    /// let d = engine.discards(&"123m456p789s11123z".parse().unwrap(), &[0; 34]).unwrap();
    /// assert_eq!(d.shanten(), 0);
    /// assert_eq!(d.iter().count(), 2); // discard 2z or 3z
    /// ```
    pub fn discards(&self, hand: &Hand, visible: &Counts) -> Result<Discards, Error> {
        if self.jokers.is_none() {
            return Ok(self.tables.discards(hand, &self.rules, visible)?);
        }
        self.with_joker_tile(
            hand,
            visible,
            |real, jokers| {
                self.tables
                    .discards_jokers(real, jokers, &self.rules, visible)
            },
            |u| match u {
                Ukeire::Discard(d) => Some(d),
                Ukeire::Draw(_) => None,
            },
        )
    }

    /// An answer with jokers: `by_count` on the real tiles and the joker
    /// count first (the size check and the answer of a joker count); with a
    /// joker tile, drawing that tile also helps, which only the hand as
    /// written shows, so the answer is then `pick` of its ukeire.
    fn with_joker_tile<A>(
        &self,
        hand: &Hand,
        visible: &Counts,
        by_count: impl FnOnce(&Hand, usize) -> Result<A, crate::engine::ShantenError>,
        pick: impl FnOnce(Ukeire) -> Option<A>,
    ) -> Result<A, Error> {
        let (real, jokers) = self.split(hand)?;
        let a = by_count(&real, jokers).map_err(JokerError::Shanten)?;
        if self.jokers.tile.is_none() {
            return Ok(a);
        }
        Ok(pick(self.ukeire(hand, visible)?).unwrap_or(a))
    }

    /// Effective tiles of a 3n+1 hand or the discard table of a 3n+2 hand,
    /// whichever its size asks for.
    ///
    /// ```
    /// use hupai::engine::Ukeire;
    /// use hupai::{Engine, Rules};
    /// let engine = Engine::embedded(Rules::RIICHI);
    /// let u = engine.ukeire(&"123m456p789s1112z".parse().unwrap(), &[0; 34]).unwrap();
    /// assert!(matches!(u, Ukeire::Draw(_)));
    /// ```
    pub fn ukeire(&self, hand: &Hand, visible: &Counts) -> Result<Ukeire, Error> {
        if self.jokers.is_none() {
            return Ok(self.tables.ukeire(hand, &self.rules, visible)?);
        }
        Ok(self
            .tables
            .ukeire_with(hand, &self.jokers, &self.rules, visible)?)
    }

    /// Every arrangement of a complete hand (none when it is not complete).
    ///
    /// ```
    /// use hupai::{Engine, Jokers, Rules};
    /// let hand = "123m456p789s11122z".parse().unwrap();
    /// let all = Engine::embedded(Rules::GENERIC).arrangements(&hand).unwrap();
    /// assert_eq!(all.len(), 1);
    /// let one = Jokers { extra: 1, tile: None };
    /// let engine = Engine::embedded(Rules::GENERIC).with_jokers(one);
    /// let short = "123m456p789s1112z".parse().unwrap();
    /// assert!(!engine.arrangements(&short).unwrap().is_empty());
    /// ```
    pub fn arrangements(&self, hand: &Hand) -> Result<Arranged, Error> {
        if self.jokers.is_none() {
            return Ok(Arranged::Plain(self.tables.arrangements(hand, &self.rules)));
        }
        let (real, jokers) = self.split(hand)?;
        Ok(Arranged::Jokers {
            jokers,
            all: self.tables.arrangements_jokers(&real, jokers, &self.rules),
        })
    }

    /// The discard EV of a 3n+2 hand ([`ev::analyze`]), its jokers the
    /// engine's.
    ///
    /// ```
    /// use hupai::{ev, Engine, Rules};
    /// let engine = Engine::embedded(Rules::RIICHI);
    /// let options = ev::Options { turns: 3, ..ev::Options::default() };
    /// let a = engine.analyze(&"123m456p789s11123z".parse().unwrap(), &options).unwrap();
    /// let best = &a.discards[0]; // discard 2z or 3z: ready on a single wait
    /// assert_eq!((best.shanten, best.tenpai[0]), (0, 1.0));
    /// ```
    pub fn analyze(&self, hand: &Hand, options: &ev::Options) -> Result<ev::Analysis, Error> {
        let options = ev::Options {
            jokers: self.jokers,
            ..options.clone()
        };
        Ok(ev::analyze(&self.tables, hand, &self.rules, &options)?)
    }

    /// The MCR fans of a complete hand ([`mcr::score`](fn@crate::mcr::score)),
    /// whatever the engine's rule set.
    ///
    /// ```
    /// use hupai::mcr::{Fan, ScoringInput};
    /// use hupai::{Engine, Notation, Rules};
    /// let engine = Engine::embedded(Rules::MCR);
    /// let input = ScoringInput::parse("19m19p19s1234567z1m --self-drawn", Notation::Mpsz).unwrap();
    /// let s = engine.score(&input).unwrap();
    /// assert!(s.has(Fan::ThirteenOrphans));
    /// assert_eq!(s.total, 88 + 1);
    /// ```
    pub fn score(&self, input: &mcr::ScoringInput) -> Result<mcr::Score, mcr::ScoreError> {
        mcr::score(input, &self.tables)
    }

    /// The MCR total only, without the fan list
    /// ([`mcr::score_total`](crate::mcr::score_total)).
    ///
    /// ```
    /// use hupai::mcr::ScoringInput;
    /// use hupai::{Engine, Notation, Rules};
    /// let engine = Engine::embedded(Rules::MCR);
    /// let input = ScoringInput::parse("19m19p19s1234567z1m --self-drawn", Notation::Mpsz).unwrap();
    /// assert_eq!(engine.score_total(&input).unwrap(), 89);
    /// ```
    pub fn score_total(&self, input: &mcr::ScoringInput) -> Result<u32, mcr::ScoreError> {
        mcr::score_total(input, &self.tables)
    }

    /// The riichi score of a winning hand ([`riichi::score`](fn@crate::riichi::score)).
    ///
    /// ```
    /// use hupai::riichi::ScoringInput;
    /// use hupai::{Engine, Notation, Rules};
    /// let engine = Engine::embedded(Rules::RIICHI);
    /// let input = ScoringInput::parse("123m456p789s11122z --self-drawn --seat E", Notation::Mpsz).unwrap();
    /// assert!(engine.riichi_score(&input).unwrap().han >= 1);
    /// ```
    pub fn riichi_score(
        &self,
        input: &riichi::ScoringInput,
    ) -> Result<riichi::Score, riichi::ScoreError> {
        riichi::score(input, &self.tables)
    }

    /// The Sichuan score of a hand ([`sichuan::score`](fn@crate::sichuan::score)).
    ///
    /// ```
    /// use hupai::sichuan::ScoringInput;
    /// use hupai::{Engine, Notation, Rules};
    /// let engine = Engine::embedded(Rules::SICHUAN);
    /// let input = ScoringInput::parse("11223344556677m --self-drawn", Notation::Mpsz).unwrap();
    /// assert!(engine.sichuan_score(&input).legal);
    /// ```
    pub fn sichuan_score(&self, input: &sichuan::ScoringInput) -> sichuan::Score {
        sichuan::score(input, &self.tables)
    }

    /// The payments of a whole Sichuan round ([`sichuan::settle`](fn@crate::sichuan::settle)).
    ///
    /// ```
    /// use hupai::sichuan::{Options, Round};
    /// use hupai::{Engine, Rules};
    /// let engine = Engine::embedded(Rules::SICHUAN);
    /// let round = Round::from_json(r#"{"dealer":0,"events":[]}"#).unwrap();
    /// let s = engine.settle(&round, &Options::default()).unwrap();
    /// assert_eq!(s.net, [0; 4]);
    /// ```
    pub fn settle(
        &self,
        round: &sichuan::Round,
        options: &sichuan::Options,
    ) -> Result<sichuan::Settlement, sichuan::SettleError> {
        sichuan::settle(round, options, &self.tables)
    }
}

/// A table set chosen at run time: the embedded one or a memory-mapped one.
/// An `Engine<AnyTables>` answers with the same methods as any other engine.
///
/// ```
/// use hupai::{AnyTables, Engine, Rules};
/// let engine = Engine::new(AnyTables::Embedded(hupai::Tables::embedded()), Rules::GENERIC);
/// assert!(engine.is_win(&"11122233344455m".parse().unwrap()));
/// ```
#[derive(Clone)]
pub enum AnyTables {
    /// The tables embedded in the library.
    Embedded(Embedded),
    /// Tables memory-mapped from files.
    #[cfg(feature = "mmap")]
    Mapped(Mapped),
}

impl std::fmt::Debug for AnyTables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            AnyTables::Embedded(_) => "AnyTables::Embedded",
            #[cfg(feature = "mmap")]
            AnyTables::Mapped(_) => "AnyTables::Mapped",
        })
    }
}

/// Each method of `Engine<AnyTables>`: the same method of the engine over
/// the table type the value holds.
macro_rules! any_tables {
    ($($(#[$doc:meta])* fn $name:ident(&self $(, $arg:ident: $t:ty)*) -> $r:ty;)*) => {
        impl Engine<AnyTables> {
            $($(#[$doc])*
            #[inline]
            pub fn $name(&self $(, $arg: $t)*) -> $r {
                match &self.tables {
                    AnyTables::Embedded(t) => self.with_tables(*t).$name($($arg),*),
                    #[cfg(feature = "mmap")]
                    AnyTables::Mapped(t) => self.with_tables(&**t).$name($($arg),*),
                }
            })*
        }
    };
}

any_tables! {
    /// [`Engine::is_win`].
    fn is_win(&self, hand: &Hand) -> bool;
    /// [`Engine::waits`].
    fn waits(&self, hand: &Hand) -> Result<Waits, Error>;
    /// [`Engine::shanten`].
    fn shanten(&self, hand: &Hand) -> Result<i8, Error>;
    /// [`Engine::effective`].
    fn effective(&self, hand: &Hand, visible: &Counts) -> Result<Effective, Error>;
    /// [`Engine::discards`].
    fn discards(&self, hand: &Hand, visible: &Counts) -> Result<Discards, Error>;
    /// [`Engine::ukeire`].
    fn ukeire(&self, hand: &Hand, visible: &Counts) -> Result<Ukeire, Error>;
    /// [`Engine::arrangements`].
    fn arrangements(&self, hand: &Hand) -> Result<Arranged, Error>;
    /// [`Engine::analyze`].
    fn analyze(&self, hand: &Hand, options: &ev::Options) -> Result<ev::Analysis, Error>;
    /// [`Engine::score`].
    fn score(&self, input: &mcr::ScoringInput) -> Result<mcr::Score, mcr::ScoreError>;
    /// [`Engine::score_total`].
    fn score_total(&self, input: &mcr::ScoringInput) -> Result<u32, mcr::ScoreError>;
    /// [`Engine::riichi_score`].
    fn riichi_score(&self, input: &riichi::ScoringInput) -> Result<riichi::Score, riichi::ScoreError>;
    /// [`Engine::sichuan_score`].
    fn sichuan_score(&self, input: &sichuan::ScoringInput) -> sichuan::Score;
    /// [`Engine::settle`].
    fn settle(&self, round: &sichuan::Round, options: &sichuan::Options) -> Result<sichuan::Settlement, sichuan::SettleError>;
}

impl From<Engine<Embedded>> for Engine<AnyTables> {
    fn from(e: Engine<Embedded>) -> Engine<AnyTables> {
        Engine {
            tables: AnyTables::Embedded(e.tables),
            rules: e.rules,
            jokers: e.jokers,
        }
    }
}

#[cfg(feature = "mmap")]
impl From<Engine<Mapped>> for Engine<AnyTables> {
    fn from(e: Engine<Mapped>) -> Engine<AnyTables> {
        Engine {
            tables: AnyTables::Mapped(e.tables),
            rules: e.rules,
            jokers: e.jokers,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sets::{hands, with_jokers, Set, SEED};
    use crate::Tile;

    /// The engine answers exactly as the table set's own calls, with and
    /// without jokers, and an `Engine<AnyTables>` as the typed engine.
    #[test]
    fn one_door_answers_as_the_tables() {
        let t = Tables::embedded();
        let none = [0; crate::KINDS];
        let specs = [
            Jokers::NONE,
            Jokers {
                extra: 1,
                tile: None,
            },
            Jokers {
                extra: 0,
                tile: Some(Tile::RED),
            },
        ];
        for rules in [Rules::GENERIC, Rules::RIICHI, Rules::MCR, Rules::SICHUAN] {
            for spec in specs {
                let typed = Engine::embedded(rules).with_jokers(spec);
                let any: Engine<AnyTables> = typed.into();
                let mut all = hands(Set::R13, 300, SEED);
                all.extend(hands(Set::C14, 300, SEED));
                all.extend(with_jokers(&hands(Set::R13, 100, SEED), 1, SEED));
                for h in &all {
                    let text = |r: Result<String, String>| r;
                    let (w, s) = if spec.is_none() {
                        (
                            text(
                                t.waits(h, &rules)
                                    .map(|w| format!("{w:?}"))
                                    .map_err(|e| e.to_string()),
                            ),
                            text(
                                t.ukeire(h, &rules, &none)
                                    .map(|u| format!("{u:?}"))
                                    .map_err(|e| e.to_string()),
                            ),
                        )
                    } else {
                        (
                            text(
                                t.waits_with(h, &spec, &rules)
                                    .map(|w| format!("{w:?}"))
                                    .map_err(|e| e.to_string()),
                            ),
                            text(
                                t.ukeire_with(h, &spec, &rules, &none)
                                    .map(|u| format!("{u:?}"))
                                    .map_err(|e| e.to_string()),
                            ),
                        )
                    };
                    for (ew, es, win) in [
                        (typed.waits(h), typed.ukeire(h, &none), typed.is_win(h)),
                        (any.waits(h), any.ukeire(h, &none), any.is_win(h)),
                    ] {
                        assert_eq!(
                            ew.map(|w| format!("{w:?}")).map_err(|e| e.to_string()),
                            w,
                            "{h} {spec:?}"
                        );
                        assert_eq!(
                            es.map(|u| format!("{u:?}")).map_err(|e| e.to_string()),
                            s,
                            "{h} {spec:?}"
                        );
                        // effective and discards are ukeire's two halves.
                        match typed.ukeire(h, &none) {
                            Ok(Ukeire::Draw(e)) => {
                                assert_eq!(typed.effective(h, &none).ok(), Some(e), "{h} {spec:?}")
                            }
                            Ok(Ukeire::Discard(d)) => {
                                assert_eq!(typed.discards(h, &none).ok(), Some(d), "{h} {spec:?}")
                            }
                            Err(_) => {}
                        }
                        let direct = match spec.split(h, &rules) {
                            Ok((real, j)) => t.is_win_jokers(&real, j, &rules),
                            Err(_) => false,
                        };
                        assert_eq!(win, direct, "{h} {spec:?}");
                    }
                }
            }
        }
    }
}
