//! Each question as one call into the core, with or without jokers: the
//! single-hand methods and the batch rows share these, so a batch answers
//! exactly what the single call answers. Errors are the core's messages.

use hupai::engine::ShantenError;
use hupai::engine::{Discards, Effective, Ukeire};
use hupai::{Counts, Hand, JokerError, Jokers, Rules, Tables, Tile, Waits};

/// A table set, a rule set and the engine's joker tile: what every call reads.
pub struct Ctx<'a, B> {
    pub tables: &'a Tables<B>,
    pub rules: Rules,
    /// Every concealed copy of this tile is a joker (the engine's `joker=`).
    pub joker: Option<Tile>,
}

impl<B: AsRef<[u8]>> Ctx<'_, B> {
    fn spec(&self, jokers: usize) -> Jokers {
        Jokers {
            extra: jokers,
            tile: self.joker,
        }
    }

    /// A shanten error of a hand with jokers, worded as the core's joker
    /// calls word it (and so as the CLI prints it).
    fn joker_err(e: ShantenError) -> String {
        JokerError::Shanten(e).to_string()
    }

    /// The hand's real tiles and joker count.
    fn split(&self, hand: &Hand, jokers: usize) -> Result<(Hand, usize), String> {
        self.spec(jokers)
            .split(hand, &self.rules)
            .map_err(|e| e.to_string())
    }

    #[inline]
    pub fn is_win(&self, hand: &Hand, jokers: usize) -> Result<bool, String> {
        if jokers == 0 && self.joker.is_none() {
            return Ok(self.tables.is_win(hand, &self.rules));
        }
        let (real, j) = self.split(hand, jokers)?;
        Ok(self.tables.is_win_jokers(&real, j, &self.rules))
    }

    /// [`Ctx::is_win`] of a concealed hand given as its counts, without
    /// jokers (the caller checks that the engine has no joker tile).
    #[inline]
    pub fn is_win_counts(&self, counts: &Counts) -> Result<bool, String> {
        debug_assert!(self.joker.is_none());
        self.tables
            .is_win_counts(counts, &self.rules)
            .map_err(|e| e.to_string())
    }

    #[inline]
    pub fn shanten(&self, hand: &Hand, jokers: usize) -> Result<i8, String> {
        if jokers == 0 && self.joker.is_none() {
            return self
                .tables
                .shanten(hand, &self.rules)
                .map_err(|e| e.to_string());
        }
        let (real, j) = self.split(hand, jokers)?;
        self.tables
            .shanten_jokers(&real, j, &self.rules)
            .map_err(Self::joker_err)
    }

    #[inline]
    pub fn waits(&self, hand: &Hand, jokers: usize) -> Result<Waits, String> {
        if jokers == 0 && self.joker.is_none() {
            return self
                .tables
                .waits(hand, &self.rules)
                .map_err(|e| e.to_string());
        }
        self.tables
            .waits_with(hand, &self.spec(jokers), &self.rules)
            .map_err(|e| e.to_string())
    }

    #[inline]
    pub fn effective(
        &self,
        hand: &Hand,
        visible: &Counts,
        jokers: usize,
    ) -> Result<Effective, String> {
        if jokers == 0 && self.joker.is_none() {
            return self
                .tables
                .effective(hand, &self.rules, visible)
                .map_err(|e| e.to_string());
        }
        let (real, j) = self.split(hand, jokers)?;
        // The size check and the answer with a joker count; with a joker
        // tile, the core's ukeire_with also counts a drawn joker tile.
        let e = self
            .tables
            .effective_jokers(&real, j, &self.rules, visible)
            .map_err(Self::joker_err)?;
        if self.joker.is_none() {
            return Ok(e);
        }
        match self.ukeire(hand, visible, jokers)? {
            Ukeire::Draw(e) => Ok(e),
            Ukeire::Discard(_) => Ok(e),
        }
    }

    pub fn discards(
        &self,
        hand: &Hand,
        visible: &Counts,
        jokers: usize,
    ) -> Result<Discards, String> {
        if jokers == 0 && self.joker.is_none() {
            return self
                .tables
                .discards(hand, &self.rules, visible)
                .map_err(|e| e.to_string());
        }
        let (real, j) = self.split(hand, jokers)?;
        let d = self
            .tables
            .discards_jokers(&real, j, &self.rules, visible)
            .map_err(Self::joker_err)?;
        if self.joker.is_none() {
            return Ok(d);
        }
        match self.ukeire(hand, visible, jokers)? {
            Ukeire::Discard(d) => Ok(d),
            Ukeire::Draw(_) => Ok(d),
        }
    }

    fn ukeire(&self, hand: &Hand, visible: &Counts, jokers: usize) -> Result<Ukeire, String> {
        self.tables
            .ukeire_with(hand, &self.spec(jokers), &self.rules, visible)
            .map_err(|e| e.to_string())
    }

    /// Every arrangement, each a list of groups in mpsz; with jokers a group
    /// marks its jokers (`12*3m`) and groups of jokers alone are `JJ`, `JJJ`.
    pub fn arrangements(&self, hand: &Hand, jokers: usize) -> Result<Vec<Vec<String>>, String> {
        if jokers == 0 && self.joker.is_none() {
            return Ok(self
                .tables
                .arrangements(hand, &self.rules)
                .iter()
                .map(hupai::answer::group_names)
                .collect());
        }
        let all = self
            .tables
            .arrangements_with(hand, &self.spec(jokers), &self.rules)
            .map_err(|e| e.to_string())?;
        Ok(all.iter().map(hupai::answer::joker_group_names).collect())
    }

    /// Shanten after discarding one copy of each kind the hand holds (127
    /// where it holds none), for a 3n+2 hand.
    pub fn discard_shanten(&self, hand: &Hand, out: &mut [i8]) -> Result<(), String> {
        // Only 3n+2 hands of at most 14 tiles have discards to ask about;
        // any other hand gets the core's message for its tiles or size when
        // it has one, else this one.
        let size = hand.concealed_len() + 3 * hand.meld_count();
        if size % 3 != 2 || size > 14 {
            self.shanten(hand, 0)?;
            return Err(format!(
                "a hand of {size} tiles has no discard; expected 3n+2 tiles (14, 11, 8, 5 or 2)"
            ));
        }
        for (i, o) in out.iter_mut().enumerate() {
            *o = match Tile::from_index(i).and_then(|t| hand.without_tile(t)) {
                Some(rest) => self.shanten(&rest, 0)?,
                None => 127,
            };
        }
        Ok(())
    }
}
