//! Linking hupai into a game server: a shareable [`Engine`], parallel batch
//! queries that keep input order, and the incremental [`HandState`] of the
//! draw/discard loop.
//!
//! # Sharing
//!
//! An [`Engine`] is a table set plus a rule set. The table set is either the
//! embedded one (`&'static`, so the engine is `Copy`) or one memory-mapped set
//! behind an [`Arc`] (one mapping, shared by every clone and every thread).
//! Both are `Send + Sync`; single-hand queries allocate nothing and take
//! `&self`, so one engine serves every thread with no lock.
//!
//! ```
//! use hupai::server::Engine;
//! use hupai::{Hand, Rules};
//!
//! let engine = Engine::embedded(Rules::GENERIC);
//! let hand: Hand = "123m456p789s11122z".parse().unwrap();
//! std::thread::scope(|s| {
//!     for _ in 0..4 {
//!         s.spawn(|| assert!(engine.is_win(&hand)));
//!     }
//! });
//! ```
//!
//! # Batches
//!
//! [`Engine::check_batch`] and the generic [`Engine::batch_into`] split a
//! slice of hands over the current rayon pool (the global one, or the pool of
//! an enclosing [`rayon::ThreadPool::install`]) and write each answer at its
//! hand's position.
//!
//! # The draw/discard loop
//!
//! A [`HandState`] keeps a hand's four per-suit keys. Drawing or discarding a
//! tile re-keys only that tile's suit, so a check after a draw reads the four
//! table records without re-encoding the hand.

use crate::engine::{Effective, ShantenError, Waits, WaitsError};
use crate::hand::Hand;
use crate::mcr::{Score, ScoreError, ScoringInput};
use crate::rules::Rules;
use crate::table::{key, TableError, Tables};
use crate::tile::{Counts, Tile, KINDS};
use rayon::prelude::*;
use std::fmt;
use std::ops::Deref;
use std::path::Path;
use std::sync::Arc;

/// The embedded table set: a `&'static` reference, free to copy.
pub type Embedded = &'static Tables<&'static [u8]>;

/// One memory-mapped table set, shared by reference count.
pub type Mapped = Arc<Tables<memmap2::Mmap>>;

/// Smallest run of hands one rayon task takes: a check costs nanoseconds, so
/// smaller pieces would spend more on scheduling than on checking.
const MIN_TASK: usize = 2048;

/// A table set and a rule set: the value a server builds once and shares.
///
/// `T` is how the tables are held: [`Embedded`] (the default), [`Mapped`],
/// or any other pointer to a [`Tables`] (`&Tables<Vec<u8>>`, …).
///
/// ```
/// use hupai::server::Engine;
/// use hupai::{notation, Notation, Rules};
///
/// let engine = Engine::embedded(Rules::GENERIC);
/// let hand = notation::parse("ABCeee345456DD", Notation::Mediatek).unwrap();
/// assert!(engine.is_win(&hand));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Engine<T = Embedded> {
    tables: T,
    rules: Rules,
}

impl Engine<Embedded> {
    /// The engine over the tables embedded in the binary.
    ///
    /// ```
    /// use hupai::server::Engine;
    /// use hupai::Rules;
    /// let engine = Engine::embedded(Rules::RIICHI);
    /// assert_eq!(engine.rules().name, "riichi");
    /// ```
    pub fn embedded(rules: Rules) -> Engine<Embedded> {
        Engine::new(Tables::embedded(), rules)
    }
}

impl Engine<Mapped> {
    /// The engine over the table files of `dir`, memory-mapped once; clones
    /// share the mapping. Checks the file headers (see [`Tables::open`]).
    ///
    /// ```
    /// use hupai::server::Engine;
    /// use hupai::Rules;
    /// let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tables");
    /// let engine = Engine::open(dir, Rules::GENERIC).unwrap();
    /// assert!(engine.is_win(&"11122233344455m".parse().unwrap()));
    /// assert!(Engine::open("/no/such/dir", Rules::GENERIC).is_err());
    /// ```
    pub fn open(dir: impl AsRef<Path>, rules: Rules) -> Result<Engine<Mapped>, TableError> {
        Ok(Engine::new(Arc::new(Tables::open(dir)?), rules))
    }
}

impl<T, B> Engine<T>
where
    T: Deref<Target = Tables<B>>,
    B: AsRef<[u8]>,
{
    /// An engine over any pointer to a table set.
    ///
    /// ```
    /// use hupai::server::Engine;
    /// use hupai::{Rules, Tables};
    /// let fresh = hupai::table::generate::tables();
    /// let engine = Engine::new(&fresh, Rules::GENERIC);
    /// assert!(engine.is_win(&"11122233344455m".parse().unwrap()));
    /// ```
    pub fn new(tables: T, rules: Rules) -> Engine<T> {
        Engine { tables, rules }
    }

    /// The table set.
    ///
    /// ```
    /// use hupai::server::Engine;
    /// use hupai::Rules;
    /// assert!(Engine::embedded(Rules::GENERIC).tables().verify().is_ok());
    /// ```
    pub fn tables(&self) -> &Tables<B> {
        &self.tables
    }

    /// The rule set.
    ///
    /// ```
    /// use hupai::server::Engine;
    /// use hupai::Rules;
    /// assert_eq!(*Engine::embedded(Rules::MCR).rules(), Rules::MCR);
    /// ```
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Whether the hand is complete under the engine's rules
    /// ([`Tables::is_win`]). Allocates nothing.
    ///
    /// ```
    /// use hupai::server::Engine;
    /// use hupai::Rules;
    /// let sichuan = Engine::embedded(Rules::SICHUAN);
    /// // Three suits: not complete under the lack-one-suit rule.
    /// assert!(!sichuan.is_win(&"123m456p789s11122s".parse().unwrap()));
    /// assert!(sichuan.is_win(&"123m456m789s11122s".parse().unwrap()));
    /// ```
    #[inline]
    pub fn is_win(&self, hand: &Hand) -> bool {
        self.tables.is_win(hand, &self.rules)
    }

    /// The tiles that complete a ready hand, live and exhausted
    /// ([`Tables::waits`]). Allocates nothing.
    ///
    /// ```
    /// use hupai::server::Engine;
    /// use hupai::Rules;
    /// let engine = Engine::embedded(Rules::GENERIC);
    /// let w = engine.waits(&"1112345678999m".parse().unwrap()).unwrap();
    /// assert_eq!(w.live.len(), 9); // nine gates
    /// assert!(engine.waits(&"123m".parse().unwrap()).is_err()); // not 3n+1 tiles
    /// ```
    #[inline]
    pub fn waits(&self, hand: &Hand) -> Result<Waits, WaitsError> {
        self.tables.waits(hand, &self.rules)
    }

    /// The waits of the hand a [`HandState`] holds: the same answer as
    /// [`Engine::waits`] on [`HandState::hand`], from the kept keys (the
    /// question after a discard).
    ///
    /// ```
    /// use hupai::server::{Engine, HandState};
    /// use hupai::Rules;
    /// let engine = Engine::embedded(Rules::GENERIC);
    /// let mut s = HandState::new(&"123m456p789s11122z".parse().unwrap());
    /// s.remove("2z".parse().unwrap()).unwrap(); // discard
    /// assert_eq!(engine.waits_state(&s).unwrap().live.to_string(), "2z");
    /// ```
    #[inline]
    pub fn waits_state(&self, state: &HandState) -> Result<Waits, WaitsError> {
        self.tables
            .waits_keyed(&state.hand, &state.keys, &self.rules)
    }

    /// Shanten: −1 complete, 0 ready, n tiles from ready, over every form
    /// the engine's rules allow ([`Tables::shanten`]). Allocates nothing.
    ///
    /// ```
    /// use hupai::server::Engine;
    /// use hupai::Rules;
    /// let engine = Engine::embedded(Rules::RIICHI);
    /// assert_eq!(engine.shanten(&"123m456p789s1112z".parse().unwrap()), Ok(0));
    /// assert_eq!(engine.shanten(&"123m456p789s11122z".parse().unwrap()), Ok(-1));
    /// ```
    #[inline]
    pub fn shanten(&self, hand: &Hand) -> Result<i8, ShantenError> {
        self.tables.shanten(hand, &self.rules)
    }

    /// Effective tiles of a 3n+1 hand with their unseen copies, given the
    /// tiles `visible` elsewhere ([`Tables::effective`]).
    ///
    /// ```
    /// use hupai::server::Engine;
    /// use hupai::Rules;
    /// let engine = Engine::embedded(Rules::RIICHI);
    /// let e = engine.effective(&"123m456p789s1112z".parse().unwrap(), &[0; 34]).unwrap();
    /// assert_eq!((e.shanten(), e.tiles().to_string(), e.total()), (0, "2z".into(), 3));
    /// ```
    #[inline]
    pub fn effective(&self, hand: &Hand, visible: &Counts) -> Result<Effective, ShantenError> {
        self.tables.effective(hand, &self.rules, visible)
    }

    /// MCR fans of a complete hand ([`mcr::score`](fn@crate::mcr::score));
    /// MCR whatever the engine's rule set.
    ///
    /// ```
    /// use hupai::mcr::{Fan, ScoringInput};
    /// use hupai::server::Engine;
    /// use hupai::{Notation, Rules};
    /// let engine = Engine::embedded(Rules::MCR);
    /// let input = ScoringInput::parse("19m19p19s1234567z1m --self-drawn", Notation::Mpsz).unwrap();
    /// let s = engine.score(&input).unwrap();
    /// assert!(s.has(Fan::ThirteenOrphans));
    /// assert_eq!(s.total, 88 + 1);
    /// ```
    pub fn score(&self, input: &ScoringInput) -> Result<Score, ScoreError> {
        crate::mcr::score(input, &*self.tables)
    }

    /// The MCR total only, without the fan list
    /// ([`mcr::score_total`](crate::mcr::score_total)).
    ///
    /// ```
    /// use hupai::mcr::ScoringInput;
    /// use hupai::server::Engine;
    /// use hupai::{Notation, Rules};
    /// let engine = Engine::embedded(Rules::MCR);
    /// let input = ScoringInput::parse("19m19p19s1234567z1m --self-drawn", Notation::Mpsz).unwrap();
    /// assert_eq!(engine.score_total(&input).unwrap(), 89);
    /// ```
    pub fn score_total(&self, input: &ScoringInput) -> Result<u32, ScoreError> {
        crate::mcr::score_total(input, &*self.tables)
    }

    /// Whether the hand a [`HandState`] holds is complete: the same answer as
    /// [`Engine::is_win`] on [`HandState::hand`], from the kept keys.
    ///
    /// ```
    /// use hupai::server::{Engine, HandState};
    /// use hupai::Rules;
    /// let engine = Engine::embedded(Rules::GENERIC);
    /// let mut s = HandState::new(&"123m456p789s1112z".parse().unwrap());
    /// assert!(!engine.is_win_state(&s));
    /// s.add("2z".parse().unwrap()).unwrap();
    /// assert!(engine.is_win_state(&s));
    /// ```
    #[inline]
    pub fn is_win_state(&self, state: &HandState) -> bool {
        self.tables
            .is_win_keyed(&state.hand, &state.keys, &self.rules)
    }
}

impl<T, B> Engine<T>
where
    T: Deref<Target = Tables<B>> + Sync,
    B: AsRef<[u8]>,
{
    /// Check every hand, in parallel on the current rayon pool; answer `i`
    /// is hand `i`'s.
    ///
    /// ```
    /// use hupai::server::Engine;
    /// use hupai::{Hand, Rules};
    /// let engine = Engine::embedded(Rules::GENERIC);
    /// let hands: Vec<Hand> = ["11122233344455m", "1234m"]
    ///     .iter()
    ///     .map(|s| s.parse().unwrap())
    ///     .collect();
    /// assert_eq!(engine.check_batch(&hands), [true, false]);
    /// ```
    pub fn check_batch(&self, hands: &[Hand]) -> Vec<bool> {
        let mut out = vec![false; hands.len()];
        self.check_batch_into(hands, &mut out);
        out
    }

    /// Check every hand into the caller's buffer (no allocation), in
    /// parallel on the current rayon pool; `out[i]` is hand `i`'s answer.
    ///
    /// # Panics
    ///
    /// When `out` and `hands` differ in length (a programming error).
    ///
    /// ```
    /// use hupai::server::Engine;
    /// use hupai::sets::{hands, Set, SEED};
    /// use hupai::Rules;
    /// let engine = Engine::embedded(Rules::GENERIC);
    /// let complete = hands(Set::C14, 10_000, SEED);
    /// let mut out = vec![false; complete.len()];
    /// // On a pool of two threads.
    /// let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    /// pool.install(|| engine.check_batch_into(&complete, &mut out));
    /// assert!(out.iter().all(|&w| w));
    /// ```
    pub fn check_batch_into(&self, hands: &[Hand], out: &mut [bool]) {
        self.batch_into(hands, out, |e, h| e.is_win(h));
    }

    /// Any per-hand query over a batch: `out[i] = query(self, &hands[i])`,
    /// in parallel on the current rayon pool, input order kept. The items
    /// may be [`Hand`]s or anything a query turns into one.
    ///
    /// # Panics
    ///
    /// When `out` and `hands` differ in length (a programming error), or when
    /// `query` panics.
    ///
    /// ```
    /// use hupai::server::Engine;
    /// use hupai::{Hand, Rules};
    /// let engine = Engine::embedded(Rules::GENERIC);
    /// let hands: Vec<Hand> = ["11122233344455m", "123m"]
    ///     .iter()
    ///     .map(|s| s.parse().unwrap())
    ///     .collect();
    /// let mut sizes = [0usize; 2];
    /// engine.batch_into(&hands, &mut sizes, |_, h| h.concealed_len());
    /// assert_eq!(sizes, [14, 3]);
    /// ```
    pub fn batch_into<I: Sync, R: Send>(
        &self,
        hands: &[I],
        out: &mut [R],
        query: impl Fn(&Self, &I) -> R + Sync,
    ) {
        assert_eq!(
            hands.len(),
            out.len(),
            "batch: {} hands but room for {} answers",
            hands.len(),
            out.len()
        );
        hands
            .par_iter()
            .zip(out.par_iter_mut())
            .with_min_len(MIN_TASK)
            .for_each(|(h, o)| *o = query(self, h));
    }
}

/// Why a [`HandState`] update was refused; the state is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UpdateError {
    /// Adding the tile would make a fifth copy (concealed and melded).
    FifthCopy(Tile),
    /// The concealed hand holds no copy of the tile to remove.
    NotHeld(Tile),
}

impl fmt::Display for UpdateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UpdateError::FifthCopy(t) => write!(f, "a fifth copy of {t}"),
            UpdateError::NotHeld(t) => write!(f, "the hand holds no concealed {t}"),
        }
    }
}

impl std::error::Error for UpdateError {}

/// A hand with its four per-suit keys kept up to date, for the draw/discard
/// loop: [`HandState::add`] and [`HandState::remove`] re-key only the suit of
/// the tile, and [`Engine::is_win_state`] reads the records from the kept
/// keys. `Copy`, no allocation, independent of any table set.
///
/// ```
/// use hupai::server::{Engine, HandState};
/// use hupai::{Rules, Tile};
/// let engine = Engine::embedded(Rules::GENERIC);
/// let mut s = HandState::new(&"123m456p789s1112z".parse().unwrap());
/// let (green, south): (Tile, Tile) = ("6z".parse().unwrap(), "2z".parse().unwrap());
/// s.add(green).unwrap(); // draw
/// assert!(!engine.is_win_state(&s));
/// s.remove(green).unwrap(); // discard
/// s.add(south).unwrap(); // draw again
/// assert!(engine.is_win_state(&s));
/// assert_eq!(s.hand().to_string(), "123m456p789s11122z");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandState {
    hand: Hand,
    /// Tiles in declared melds, for the fifth-copy check of `add`.
    melded: Counts,
    keys: [key::Key; 4],
}

impl HandState {
    /// The state of a hand.
    ///
    /// ```
    /// use hupai::server::HandState;
    /// use hupai::Hand;
    /// let hand: Hand = "[111z]123m456p789s2z".parse().unwrap();
    /// assert_eq!(*HandState::new(&hand).hand(), hand);
    /// ```
    pub fn new(hand: &Hand) -> HandState {
        let mut melded = [0u8; KINDS];
        for m in hand.melds() {
            m.add_to(&mut melded);
        }
        HandState {
            hand: *hand,
            melded,
            keys: key::hand_keys(hand.counts()),
        }
    }

    /// The hand as it stands.
    ///
    /// ```
    /// use hupai::server::HandState;
    /// let s = HandState::new(&"19m".parse().unwrap());
    /// assert_eq!(s.hand().concealed_len(), 2);
    /// ```
    pub fn hand(&self) -> &Hand {
        &self.hand
    }

    /// The four per-suit keys (characters, dots, bamboo, honours).
    ///
    /// ```
    /// use hupai::server::HandState;
    /// use hupai::table::key;
    /// let s = HandState::new(&"19m".parse().unwrap());
    /// assert_eq!(*s.keys(), key::hand_keys(s.hand().counts()));
    /// ```
    pub fn keys(&self) -> &[key::Key; 4] {
        &self.keys
    }

    /// Draw: one more concealed copy of `tile`, which becomes the last tile.
    /// Refused (state unchanged) when it would be a fifth copy.
    ///
    /// ```
    /// use hupai::server::{HandState, UpdateError};
    /// let mut s = HandState::new(&"[1111m]".parse().unwrap());
    /// let one = "1m".parse().unwrap();
    /// assert_eq!(s.add(one), Err(UpdateError::FifthCopy(one)));
    /// ```
    #[inline]
    pub fn add(&mut self, tile: Tile) -> Result<(), UpdateError> {
        let i = tile.index();
        if self.hand.counts()[i] + self.melded[i] >= 4 {
            return Err(UpdateError::FifthCopy(tile));
        }
        self.hand.add_concealed(tile);
        self.rekey(tile);
        Ok(())
    }

    /// Discard: one concealed copy of `tile` fewer. Refused (state
    /// unchanged) when the concealed hand holds none.
    ///
    /// ```
    /// use hupai::server::{HandState, UpdateError};
    /// let mut s = HandState::new(&"19m".parse().unwrap());
    /// let five = "5m".parse().unwrap();
    /// assert_eq!(s.remove(five), Err(UpdateError::NotHeld(five)));
    /// s.remove("9m".parse().unwrap()).unwrap();
    /// assert_eq!(s.hand().to_string(), "1m");
    /// ```
    #[inline]
    pub fn remove(&mut self, tile: Tile) -> Result<(), UpdateError> {
        if !self.hand.remove_concealed(tile) {
            return Err(UpdateError::NotHeld(tile));
        }
        self.rekey(tile);
        Ok(())
    }

    /// Recompute the key of `tile`'s suit, the only one a one-tile change moves.
    #[inline(always)]
    fn rekey(&mut self, tile: Tile) {
        let c = self.hand.counts();
        let part = tile.index() / 9;
        self.keys[part] = if part == 3 {
            key::honor_key(c[27..34].try_into().expect("seven"))
        } else {
            let o = part * 9;
            key::suit_key(c[o..o + 9].try_into().expect("nine"))
        };
    }
}

impl From<Hand> for HandState {
    /// [`HandState::new`].
    fn from(hand: Hand) -> HandState {
        HandState::new(&hand)
    }
}

/// Compile-time proof that every way of holding the tables can be shared
/// across threads: a change that broke it would fail the build here.
const _: () = {
    const fn shareable<T: Send + Sync>() {}
    shareable::<Tables<&'static [u8]>>();
    shareable::<Tables<memmap2::Mmap>>();
    shareable::<Tables<Vec<u8>>>();
    shareable::<Engine<Embedded>>();
    shareable::<Engine<Mapped>>();
    shareable::<Engine<&'static Tables<Vec<u8>>>>();
    shareable::<HandState>();
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sets::{hands, Set, SEED};

    /// Every draw and discard keeps the keys equal to a fresh encoding and
    /// the answer equal to a full check.
    #[test]
    fn state_follows_draws_and_discards() {
        let engine = Engine::embedded(Rules::GENERIC);
        let mut rng = crate::sets::Rng::new(7);
        for hand in hands(Set::R13, 2_000, SEED) {
            let mut s = HandState::new(&hand);
            for _ in 0..20 {
                let t = Tile::from_index(rng.below(KINDS)).unwrap();
                let before = s;
                match s.add(t) {
                    Ok(()) => {}
                    Err(e) => {
                        assert_eq!(e, UpdateError::FifthCopy(t));
                        assert_eq!(s, before);
                        continue;
                    }
                }
                assert_eq!(s.keys, key::hand_keys(s.hand.counts()));
                assert_eq!(engine.is_win_state(&s), engine.is_win(&s.hand));
                assert_eq!(engine.waits_state(&s), engine.waits(&s.hand));
                let held: Vec<Tile> = Tile::all()
                    .filter(|t| s.hand.counts()[t.index()] > 0)
                    .collect();
                let d = held[rng.below(held.len())];
                s.remove(d).unwrap();
                assert_eq!(s.keys, key::hand_keys(s.hand.counts()));
                assert_eq!(engine.waits_state(&s), engine.waits(&s.hand));
            }
        }
    }

    #[test]
    #[should_panic(expected = "batch: 2 hands but room for 1 answers")]
    fn batch_lengths_must_match() {
        let hs = hands(Set::C14, 2, SEED);
        Engine::embedded(Rules::GENERIC).check_batch_into(&hs, &mut [false]);
    }
}
