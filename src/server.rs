//! Linking hupai into a game server: a shareable [`Engine`], parallel batch
//! queries that keep input order, and the incremental [`HandState`] of the
//! draw/discard loop.
//!
//! # Sharing
//!
//! An [`Engine`] is a table set plus a rule set. The table set is either the
//! embedded one (`&'static`, so the engine is `Copy`) or one memory-mapped set
//! behind an [`Arc`](std::sync::Arc) (one mapping, shared by every clone and every thread).
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

use crate::engine::Waits;
use crate::error::Error;
use crate::hand::Hand;
use crate::table::{key, Tables};
use crate::tile::{Counts, Tile, KINDS};
use rayon::prelude::*;
use std::fmt;
use std::ops::Deref;

pub use crate::query::{Embedded, Engine, Mapped};

/// Smallest run of hands one rayon task takes: a check costs nanoseconds, so
/// smaller pieces would spend more on scheduling than on checking.
const MIN_TASK: usize = 2048;

impl<T, B> Engine<T>
where
    T: Deref<Target = Tables<B>>,
    B: AsRef<[u8]>,
{
    /// The waits of the hand a [`HandState`] holds: the same answer as
    /// [`Engine::waits`] on [`HandState::hand`], from the kept keys (the
    /// question after a discard). An engine with jokers answers from the
    /// hand.
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
    pub fn waits_state(&self, state: &HandState) -> Result<Waits, Error> {
        if !self.jokers().is_none() {
            return self.waits(&state.hand);
        }
        Ok(self
            .tables()
            .waits_keyed(&state.hand, &state.keys, self.rules())?)
    }

    /// Whether the hand a [`HandState`] holds is complete: the same answer as
    /// [`Engine::is_win`] on [`HandState::hand`], from the kept keys. An
    /// engine with jokers answers from the hand.
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
        if !self.jokers().is_none() {
            return self.is_win(&state.hand);
        }
        self.tables()
            .is_win_keyed(&state.hand, &state.keys, self.rules())
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
    /// let a = HandState::new(&"19m".parse().unwrap());
    /// let mut b = HandState::new(&"1m".parse().unwrap());
    /// b.add("9m".parse().unwrap()).unwrap();
    /// assert_eq!(a.keys(), b.keys());
    /// assert_ne!(a.keys()[0], 0);
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
    use crate::rules::Rules;
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
                let waits = |s: &HandState| engine.waits_state(s).map_err(|e| e.to_string());
                let direct = |h: &Hand| engine.waits(h).map_err(|e| e.to_string());
                assert_eq!(waits(&s), direct(&s.hand));
                let held: Vec<Tile> = Tile::all()
                    .filter(|t| s.hand.counts()[t.index()] > 0)
                    .collect();
                let d = held[rng.below(held.len())];
                s.remove(d).unwrap();
                assert_eq!(s.keys, key::hand_keys(s.hand.counts()));
                assert_eq!(waits(&s), direct(&s.hand));
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
