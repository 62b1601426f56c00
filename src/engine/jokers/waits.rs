//! Waits with jokers: each tile kind as the drawn tile, checked with the
//! joker needs of the parts it changes; a drawn joker tile is one more joker.

use super::{JokerError, Jokers};
use crate::engine::waits::allowed_waits;
use crate::engine::{Waits, WaitsError};
use crate::hand::Hand;
use crate::rules::Rules;
use crate::table::key::{self, Neighbourhood};
use crate::table::{needs, Tables};
use crate::tile::{Counts, KINDS};
use crate::tileset::TileSet;

impl<B: AsRef<[u8]>> Tables<B> {
    /// The tiles that complete the hand's real tiles with `jokers` jokers,
    /// live and exhausted (the hand holds all four copies, concealed or in
    /// melds; such a tile would be a fifth copy). Each drawn tile is a real
    /// tile; see [`Tables::waits_with`] for a joker tile, whose draw is a
    /// joker. With no jokers this is [`Tables::waits`].
    ///
    /// The hand with its jokers must be one tile short of complete: 1, 4, 7,
    /// 10 or 13 tiles (a declared meld counts three), or 14–17 under the seed
    /// rule's undeclared kongs.
    ///
    /// ```
    /// use hupai::{Hand, Rules, Tables};
    /// let t = Tables::embedded();
    /// let h: Hand = "1111m23m456p789s".parse().unwrap();
    /// let w = t.waits_jokers(&h, 1, &Rules::RIICHI).unwrap();
    /// // 111m 123m 456p 789s, and the drawn tile pairs with the joker: every
    /// // tile, 1m as a fifth copy (exhausted).
    /// assert_eq!((w.live.len(), w.exhausted.to_string().as_str()), (33, "1m"));
    /// let h: Hand = "19m19p19s123456z".parse().unwrap();
    /// let w = t.waits_jokers(&h, 1, &Rules::RIICHI).unwrap();
    /// assert_eq!(w.live.len(), 13); // thirteen orphans: any orphan
    /// ```
    pub fn waits_jokers(
        &self,
        hand: &Hand,
        jokers: usize,
        rules: &Rules,
    ) -> Result<Waits, WaitsError> {
        if jokers == 0 {
            return self.waits(hand, rules);
        }
        let melds = hand.meld_count();
        let size = jokers.saturating_add(hand.concealed_len() + 3 * melds);
        if !(size % 3 == 1 && size <= 13 || rules.undeclared_kongs && (14..=17).contains(&size)) {
            return Err(WaitsError::Size {
                size,
                undeclared_kongs: rules.undeclared_kongs,
            });
        }
        let allowed = allowed_waits(hand, rules);
        let c = hand.counts();
        let mut found = if size < 14 {
            self.standard_waits_jokers(c, jokers) & allowed
        } else {
            0 // no standard form beyond 14 tiles
        };
        let after = size + 1;
        if after == 14 && melds == 0 {
            found |= Self::pair_and_orphan_waits(c, jokers, rules) & allowed;
        }
        if rules.mcr_forms {
            found |= self.knitted_straight_waits_jokers(c, melds, jokers, after) & allowed;
        }
        let kongs = rules.undeclared_kongs && (15..=18).contains(&after);
        let mcr = rules.mcr_forms && Self::mcr_pairs_or_knitted_possible(c, melds, after);
        if kongs || mcr {
            let mut rest = allowed & !found;
            while rest != 0 {
                let i = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let mut next = *c;
                next[i] += 1;
                if self.other_forms_counts(&next, melds, jokers, rules, size + 1) {
                    found |= 1 << i;
                }
            }
        }
        // Waits of kinds whose four copies the hand holds are exhausted.
        let held: u64 = if found == 0 {
            0
        } else {
            let all = hand.all_counts();
            (0..KINDS)
                .filter(|&i| all[i] >= 4)
                .fold(0, |m, i| m | 1 << i)
        };
        Ok(Waits {
            live: TileSet::from_bits(found & !held),
            exhausted: TileSet::from_bits(found & held),
        })
    }

    /// The kinds (bit per kind) whose draw makes concealed counts `c` (a
    /// 3n+1 hand of at most 13 slots with its `j` jokers and declared
    /// melds) melds and a pair: a hand is complete when its parts' fewest
    /// jokers (one part taking its pair need) are at most `j`, so a draw in
    /// part `q` completes it when the neighbour pattern's pair need, or its
    /// meld need plus the best pair of the other parts, fits in what the
    /// other parts' meld needs leave. One need lookup per rank; a part whose
    /// needs cannot fall far enough (a draw lowers a need by at most one) is
    /// skipped.
    pub(super) fn standard_waits_jokers(&self, c: &Counts, j: usize) -> u64 {
        let b = self.needs(&key::hand_keys(c));
        let melds = b.map(|x| needs::melds(x) as i32);
        let delta = b.map(|x| needs::pair(x) as i32 - needs::melds(x) as i32);
        let total: i32 = melds.iter().sum();
        let mut found = 0u64;
        for q in 0..4 {
            let room = j as i32 - (total - melds[q]);
            let best_pair = (0..4)
                .filter(|&i| i != q)
                .map(|i| delta[i])
                .min()
                .unwrap_or(0);
            // Pair here needs ≤ room; melds here need ≤ room − best_pair.
            let (pair_room, meld_room) = (room, room - best_pair);
            if melds[q] + delta[q] - 1 > pair_room && melds[q] - 1 > meld_room {
                continue;
            }
            let fits = |nb: u8| {
                (needs::pair(nb) as i32) <= pair_room || (needs::melds(nb) as i32) <= meld_room
            };
            found |= if q < 3 {
                let v: &[u8; 9] = c[9 * q..9 * q + 9].try_into().expect("nine");
                let nb = Neighbourhood::suit(v);
                let mut ranks = 0u64;
                for r in 0..9 {
                    let need = if v[r] < 4 {
                        self.suit_needs_at(nb.up(r))
                    } else {
                        let mut next = *c;
                        next[9 * q + r] += 1;
                        self.part_needs(&next, q)
                    };
                    ranks |= (fits(need) as u64) << r;
                }
                ranks << (9 * q)
            } else {
                let v: &[u8; 7] = c[27..34].try_into().expect("seven");
                let nb = Neighbourhood::honor(v);
                let mut ranks = 0u64;
                for r in 0..7 {
                    let need = if v[r] < 4 {
                        self.honor_needs_at(nb.up(r))
                    } else {
                        let mut next = *c;
                        next[27 + r] += 1;
                        self.part_needs(&next, 3)
                    };
                    ranks |= (fits(need) as u64) << r;
                }
                ranks << 27
            };
        }
        found
    }

    /// The waits of a hand as written, `spec` naming its jokers. A drawn
    /// joker tile (`--joker 7z`) is one more joker: it completes the hand
    /// when any tile does. A wait is exhausted when the hand as written holds
    /// its four copies.
    ///
    /// ```
    /// use hupai::{Hand, Jokers, Rules, Tables, Tile};
    /// let t = Tables::embedded();
    /// let spec = Jokers { extra: 0, tile: Some(Tile::RED) };
    /// let h: Hand = "123m456p789s11z77z".parse().unwrap();
    /// let w = t.waits_with(&h, &spec, &Rules::GENERIC).unwrap();
    /// assert_eq!(w.live.len(), 34); // any tile makes a pung with the two jokers
    /// let h: Hand = "123m456p789s144z7z".parse().unwrap();
    /// let w = t.waits_with(&h, &spec, &Rules::GENERIC).unwrap();
    /// // 1z: 111z (with the joker) + 44z; 4z: 444z + 1z and the joker; a
    /// // drawn 7z is a second joker: 1z and two jokers + 44z.
    /// assert_eq!(w.live.to_string(), "1z 4z 7z");
    /// let h: Hand = "123m456p7777z".parse().unwrap();
    /// let w = t.waits_with(&h, &spec, &Rules::GENERIC).unwrap();
    /// assert_eq!((w.live.len(), w.exhausted.to_string().as_str()), (33, "7z"));
    /// ```
    pub fn waits_with(
        &self,
        hand: &Hand,
        spec: &Jokers,
        rules: &Rules,
    ) -> Result<Waits, JokerError> {
        let (real, jokers) = spec.split(hand, rules)?;
        let mut w = self
            .waits_jokers(&real, jokers, rules)
            .map_err(JokerError::Waits)?;
        if let Some(t) = spec.tile {
            let any = !w.is_empty();
            let mut live = w.live.bits() & !(1 << t.index());
            let mut exhausted = w.exhausted.bits() & !(1 << t.index());
            if any {
                if hand.all_counts()[t.index()] >= 4 {
                    exhausted |= 1 << t.index();
                } else {
                    live |= 1 << t.index();
                }
            }
            w = Waits {
                live: TileSet::from_bits(live),
                exhausted: TileSet::from_bits(exhausted),
            };
        }
        Ok(w)
    }
}
