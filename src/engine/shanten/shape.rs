//! A hand's shape as the queries see it: the sizes each query takes
//! ([`Sizes`]), the checked parts and caps ([`Shape`]), and Sichuan's voids
//! to try. Every entry point starts here.

use super::answers::ShantenError;
use super::counts::held_mask;
use super::tile;
use crate::hand::{Hand, MeldKind};
use crate::rules::Rules;
use crate::tile::{total, Counts, KINDS};

/// The hand sizes a query accepts (slots: concealed tiles plus three per
/// declared meld; at least one concealed tile).
#[derive(Clone, Copy)]
pub(super) enum Sizes {
    /// 3n+1 or 3n+2, at most 14: shanten.
    Any,
    /// 3n+1: effective tiles.
    Draw,
    /// 3n+2: the discard table.
    Discard,
}

impl Sizes {
    /// Whether `concealed` tiles and `melds` fit.
    #[inline(always)]
    pub(super) fn fits(self, concealed: usize, melds: usize) -> bool {
        let size = concealed + 3 * melds;
        let fits = match self {
            Sizes::Any => !size.is_multiple_of(3),
            Sizes::Draw => size % 3 == 1,
            Sizes::Discard => size % 3 == 2,
        };
        concealed > 0 && size <= 14 && fits
    }

    /// The size error, unless `concealed` tiles and `melds` fit.
    #[inline(always)]
    pub(super) fn check(self, concealed: usize, melds: usize) -> Result<(), ShantenError> {
        if self.fits(concealed, melds) {
            return Ok(());
        }
        let expected = match self {
            Sizes::Any => "3n+1 or 3n+2 tiles, at most 14",
            Sizes::Draw => "3n+1 tiles (13, 10, 7, 4 or 1)",
            Sizes::Discard => "3n+2 tiles (14, 11, 8, 5 or 2)",
        };
        Err(ShantenError::Size {
            concealed,
            melds,
            expected,
        })
    }
}

/// The hand as the engine sees it: concealed counts, the copies a target may
/// hold, the melds still needed, and which forms and suits are open to it.
#[derive(Clone, Copy)]
pub(super) struct Shape {
    pub(super) c: Counts,
    /// Copies of each kind a target may hold: four minus the declared ones.
    pub(super) caps: [u8; KINDS],
    /// Parts (m, p, s, z as bits 0–3) where some cap is below four.
    pub(super) capped: u8,
    /// Melds the concealed tiles must still form.
    pub(super) k: usize,
    pub(super) melds: usize,
    /// Slots: concealed tiles plus three per declared meld.
    pub(super) size: usize,
    /// Three players: the characters are 1m and 9m only.
    pub(super) three_player: bool,
}

impl Shape {
    /// The shape of a concealed hand of `slots` tiles: no declared meld,
    /// nothing capped.
    #[inline(always)]
    pub(super) fn concealed(c: &Counts, slots: usize, rules: &Rules) -> Shape {
        Shape {
            c: *c,
            caps: [4; KINDS],
            capped: 0,
            k: slots / 3,
            melds: 0,
            size: slots,
            three_player: rules.three_player,
        }
    }

    /// What [`Shape::new`] checks, without the shape: the size, the tiles
    /// the rules lack, and a hand whose melds leave no suit to void where
    /// the rules allow two. The parts (bit per part) holding declared
    /// melds (three players: and the characters, whose 2–8 do not exist).
    #[inline]
    pub(super) fn checked(hand: &Hand, rules: &Rules, sizes: Sizes) -> Result<u8, ShantenError> {
        sizes.check(hand.concealed_len(), hand.meld_count())?;
        Shape::capped_parts(hand, rules)
    }

    /// [`Shape::checked`] of a four-player hand whose parts holding melds
    /// (`parts`, bit per part) the caller has read: the same answer, the
    /// meld loop and the held kinds' mask spared where nothing is wrong,
    /// or only too many suits hold melds (the general check names any
    /// other fault, in its order). Four players, the kinds a rule set
    /// lacks are the honours or none.
    #[inline(always)]
    pub(super) fn checked_beside(
        hand: &Hand,
        rules: &Rules,
        sizes: Sizes,
        parts: u8,
    ) -> Result<u8, ShantenError> {
        let c = hand.counts();
        let honours = u64::from_le_bytes(c[26..34].try_into().expect("eight")) >> 8 != 0;
        let absent = !rules.honors && (honours || parts & 0b1000 != 0);
        if rules.three_player || absent || !sizes.fits(hand.concealed_len(), hand.meld_count()) {
            return Shape::checked(hand, rules, sizes);
        }
        // Its size right and no tile the rules lack: the general check
        // would name too many suits with melds next.
        if (parts & 0b111).count_ones() > u32::from(rules.max_suits.min(3)) {
            return Err(ShantenError::ThreeSuits);
        }
        Ok(parts)
    }

    /// [`Shape::checked`] less the size: the tiles the rules lack, a hand
    /// that cannot void a suit, and the parts holding declared melds.
    #[inline]
    pub(super) fn capped_parts(hand: &Hand, rules: &Rules) -> Result<u8, ShantenError> {
        // One pass over the melds, without a branch a meld: the parts
        // holding one (a chow never crosses a suit) and the kinds declared.
        const SPAN: [u64; 4] = [0b111, 1, 1, 1];
        let (mut capped, mut declared) = (0u8, 0u64);
        for m in hand.melds() {
            let i = m.tile().index();
            capped |= 1 << (i / 9);
            declared |= SPAN[m.kind() as usize] << i;
        }
        if !rules.plain() {
            // The kinds held or declared that the rules lack, as masks.
            let absent = (held_mask(hand.counts()) | declared) & !rules.tiles();
            if absent != 0 {
                return Err(ShantenError::NoSuchTile(tile(
                    absent.trailing_zeros() as usize
                )));
            }
        }
        if rules.three_player {
            capped |= 1;
        }
        // The rules void a suit for each past `max_suits`: a set of suits
        // without melds to void (what [`voids`] gives) exists exactly
        // where at most `max_suits` suits hold melds.
        if (capped & 0b111).count_ones() > u32::from(rules.max_suits.min(3)) {
            return Err(ShantenError::ThreeSuits);
        }
        Ok(capped)
    }
    pub(super) fn new(hand: &Hand, rules: &Rules, sizes: Sizes) -> Result<Shape, ShantenError> {
        let c = *hand.counts();
        let concealed = total(&c);
        let melds = hand.meld_count();
        let capped = Shape::checked(hand, rules, sizes)?;
        let size = concealed + 3 * melds;
        let mut caps = [4u8; KINDS];
        for m in hand.melds() {
            let i = m.tile().index();
            match m.kind() {
                MeldKind::Chow => caps[i..i + 3].iter_mut().for_each(|c| *c -= 1),
                MeldKind::Pung => caps[i] -= 3,
                MeldKind::Kong | MeldKind::ConcealedKong => caps[i] -= 4,
            }
        }
        if rules.three_player {
            // 2m–8m do not exist: no target holds them, so 1m and 9m form
            // no chow and behave as two honour kinds.
            caps[1..8].fill(0);
        }
        Ok(Shape {
            c,
            caps,
            capped,
            k: concealed / 3,
            melds,
            size,
            three_player: rules.three_player,
        })
    }
}

impl Shape {
    /// The hand less one tile of kind `i` (held).
    #[inline]
    pub(super) fn without(&self, i: usize) -> Shape {
        let mut s = *self;
        s.c[i] -= 1;
        s.size -= 1;
        s
    }
}

/// The sets of parts a hand may keep: all four, or (Sichuan) every choice
/// of numbered suits to void that spares the suits of declared melds. Bit
/// `i` of an item is part `i` (m, p, s, z).
pub(super) fn voids(capped: u8, rules: &Rules) -> impl Iterator<Item = u8> {
    let drop = 3 - rules.max_suits.min(3) as usize;
    let (keeps, n) = VOIDS[drop][usize::from(capped & 0b111)];
    let honors = if rules.honors { 0x0808_0808 } else { 0 };
    (keeps | honors)
        .to_le_bytes()
        .into_iter()
        .take(usize::from(n))
}

/// [`voids`] before the honours join, by how many suits go and the suits
/// (bit per suit) holding melds: the kept suits a byte each, and how many
/// sets there are. One read where a loop over the sets took eighty
/// instructions on Sichuan's every melded query.
const VOIDS: [[(u32, u8); 8]; 4] = {
    // The suits (bit per suit) a set may void, by how many go.
    const GONE: [&[u8]; 4] = [&[0], &[1, 2, 4], &[3, 5, 6], &[7]];
    let mut table = [[(0u32, 0u8); 8]; 4];
    let mut drop = 0;
    while drop < 4 {
        let mut capped = 0;
        while capped < 8 {
            let (mut keeps, mut n, mut i) = (0u32, 0u8, 0);
            while i < GONE[drop].len() {
                let gone = GONE[drop][i];
                if gone & capped == 0 {
                    keeps |= ((7 & !gone) as u32) << (8 * n);
                    n += 1;
                }
                i += 1;
            }
            table[drop][capped as usize] = (keeps, n);
            capped += 1;
        }
        drop += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::super::meld_parts;
    use super::*;
    use crate::sets::{random, random_meld, Rng};

    /// [`Shape::checked_beside`] answers as [`Shape::checked`] does, errors
    /// and all: on hands of every size, with honours held and declared,
    /// melds in one to three suits, under every named rule set and the
    /// honour-free and one- and two-suit variants.
    #[test]
    fn checked_beside_is_checked() {
        let mut rules = Rules::NAMED.to_vec();
        for max_suits in 1..=3 {
            for honors in [false, true] {
                rules.push(Rules {
                    max_suits,
                    honors,
                    ..Rules::GENERIC
                });
            }
        }
        let mut rng = Rng::new(0x5eed_c4ec);
        let (mut hands, mut errors) = (0, 0);
        while hands < 20_000 {
            let melds: Vec<_> = (0..1 + rng.below(4))
                .map(|_| random_meld(&mut rng))
                .collect();
            let n = rng.below(15);
            let Ok(hand) = Hand::new(random(&mut rng, n), &melds) else {
                continue;
            };
            hands += 1;
            let parts = meld_parts(&hand);
            for r in &rules {
                for sizes in [Sizes::Any, Sizes::Draw, Sizes::Discard] {
                    let want = Shape::checked(&hand, r, sizes);
                    errors += usize::from(want.is_err());
                    let got = Shape::checked_beside(&hand, r, sizes, parts);
                    assert_eq!(got, want, "{hand} under {r}");
                }
            }
        }
        // Both answers are common.
        assert!(errors > hands && errors < 30 * hands, "{errors} errors");
    }

    /// [`voids`] is every set of suits to void, as many as the rules void,
    /// that spares the suits holding melds, the honours kept where the
    /// rules have them: its table is that definition, read off.
    #[test]
    fn voids_are_the_suit_sets_that_spare_the_melds() {
        for max_suits in 0..=4u8 {
            for honors in [false, true] {
                let rules = Rules {
                    max_suits,
                    honors,
                    ..Rules::GENERIC
                };
                let drop = 3 - u32::from(max_suits.min(3));
                for capped in 0..16u8 {
                    let want: Vec<u8> = (0..8u8)
                        .filter(|gone| gone.count_ones() == drop && gone & capped == 0)
                        .map(|gone| 7 & !gone | if honors { 8 } else { 0 })
                        .collect();
                    let got: Vec<u8> = voids(capped, &rules).collect();
                    assert_eq!(got, want, "max_suits {max_suits} capped {capped:04b}");
                }
            }
        }
    }
}
