//! The benchmark and test hand sets, from a fixed seed.
//!
//! * `R14`: 14 random tiles from a shuffled 136-tile wall.
//! * `C14`: complete: four random melds (chow or pung) and a pair.
//! * `T13`: a `C14` hand minus one random tile (ready).
//! * `R13`: 13 random tiles from a shuffled wall.
//! * `M13`: 1–3 declared melds (chows, pungs, kongs — claimed and concealed —
//!   drawn from the wall) plus random concealed tiles to 13 slots.
//! * `M14`: an `M13` hand plus a drawn tile.
//! * `J13`: `R13` hands with 1, 2 and 4 of their tiles turned into jokers
//!   (in turn: hand `i` has [`Set::jokers`]`(i)` jokers).
//! * `MJ13`, `MJ14`: `M13` and `M14` hands with 1, 2 and 4 of their
//!   concealed tiles turned into jokers in the same way (the joker games,
//!   where players call melds too).
//!
//! The generator is a SplitMix64, so every run, platform and consumer (the
//! criterion benches, `hupai bench`, the peer comparison, the tests) sees the
//! same hands.

use crate::hand::{Hand, Meld, MeldKind};
use crate::tile::Tile;
use crate::tile::{Counts, KINDS};

/// A small deterministic random generator (SplitMix64).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}

/// The hand sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Set {
    /// 14 random tiles.
    R14,
    /// Complete hands: four melds and a pair.
    C14,
    /// Ready hands: a complete hand minus one tile.
    T13,
    /// 13 random tiles.
    R13,
    /// 1–3 declared melds plus random concealed tiles to 13 slots.
    M13,
    /// An `M13` hand plus a drawn tile.
    M14,
    /// 13 random tiles, 1, 2 or 4 of them jokers (the hand holds the rest).
    J13,
    /// An `M13` hand, 1, 2 or 4 of its concealed tiles jokers.
    MJ13,
    /// An `M14` hand, 1, 2 or 4 of its concealed tiles jokers.
    MJ14,
}

impl Set {
    /// All sets, in report order.
    pub const ALL: [Set; 9] = [
        Set::R14,
        Set::C14,
        Set::T13,
        Set::R13,
        Set::M13,
        Set::M14,
        Set::J13,
        Set::MJ13,
        Set::MJ14,
    ];

    /// The jokers beside hand `i` of the set: 1, 2, 4 in turn for `J13`,
    /// `MJ13` and `MJ14`, none elsewhere.
    ///
    /// ```
    /// use hupai::sets::{hands, Set, SEED};
    /// assert_eq!((0..4).map(|i| Set::J13.jokers(i)).collect::<Vec<_>>(), [1, 2, 4, 1]);
    /// assert_eq!(Set::R13.jokers(0), 0);
    /// // MJ14: an M14 hand less its jokers, 14 slots with them.
    /// let mj14 = hands(Set::MJ14, 30, SEED);
    /// for (i, h) in mj14.iter().enumerate() {
    ///     let slots = h.concealed_len() + Set::MJ14.jokers(i) + 3 * h.meld_count();
    ///     assert!(h.meld_count() > 0 && slots == 14);
    /// }
    /// ```
    pub fn jokers(self, i: usize) -> usize {
        match self {
            Set::J13 | Set::MJ13 | Set::MJ14 => [1, 2, 4][i % 3],
            _ => 0,
        }
    }

    /// The set's name.
    pub fn name(self) -> &'static str {
        match self {
            Set::R14 => "R14",
            Set::C14 => "C14",
            Set::T13 => "T13",
            Set::R13 => "R13",
            Set::M13 => "M13",
            Set::M14 => "M14",
            Set::J13 => "J13",
            Set::MJ13 => "MJ13",
            Set::MJ14 => "MJ14",
        }
    }
}

/// The default seed of the published figures.
pub const SEED: u64 = 0x6875_7061_6900_0001;

/// `n` hands of `set` from `seed`. Joker sets' hands hold their real tiles: pass
/// [`Set::jokers`] beside hand `i`.
///
/// ```
/// use hupai::sets::{hands, Set, SEED};
/// let c14 = hands(Set::C14, 100, SEED);
/// assert_eq!(c14.len(), 100);
/// assert!(c14.iter().all(|h| h.concealed_len() == 14));
/// assert_eq!(c14, hands(Set::C14, 100, SEED)); // deterministic
/// ```
pub fn hands(set: Set, n: usize, seed: u64) -> Vec<Hand> {
    let mut rng = Rng::new(seed ^ set as u64);
    (0..n)
        .map(|i| {
            let counts = match set {
                Set::R14 => random(&mut rng, 14),
                Set::R13 => random(&mut rng, 13),
                Set::C14 => complete(&mut rng),
                Set::T13 => {
                    let mut c = complete(&mut rng);
                    remove_random(&mut rng, &mut c);
                    c
                }
                Set::M13 | Set::M14 => return with_melds(&mut rng, set == Set::M14),
                Set::MJ13 | Set::MJ14 => {
                    let h = with_melds(&mut rng, set == Set::MJ14);
                    let mut c = *h.counts();
                    // Every M13 hand holds at least four concealed tiles.
                    for _ in 0..set.jokers(i) {
                        remove_random(&mut rng, &mut c);
                    }
                    let melds: Vec<_> = h.melds().copied().collect();
                    return Hand::new(c, &melds).expect("fewer tiles than a valid hand");
                }
                Set::J13 => {
                    let mut c = random(&mut rng, 13);
                    for _ in 0..set.jokers(i) {
                        remove_random(&mut rng, &mut c);
                    }
                    c
                }
            };
            Hand::new(counts, &[]).expect("at most four copies")
        })
        .collect()
}

/// An `M13` hand (and with `drawn`, one more concealed tile): 1–3 melds
/// from a full wall — chows 40 %, pungs 40 %, kongs 20 % (half of them
/// concealed) — then random concealed tiles from what the wall has left.
///
/// ```
/// use hupai::sets::{with_melds, Rng};
/// let mut rng = Rng::new(7);
/// let h = with_melds(&mut rng, true);
/// assert_eq!(h.concealed_len() + 3 * h.meld_count(), 14);
/// assert!((1..=3).contains(&h.meld_count()));
/// ```
pub fn with_melds(rng: &mut Rng, drawn: bool) -> Hand {
    let mut left = [4u8; KINDS];
    let mut melds = Vec::new();
    let count = 1 + rng.below(3);
    while melds.len() < count {
        let meld = random_meld(rng);
        let mut need = [0u8; KINDS];
        meld.add_to(&mut need);
        if (0..KINDS).all(|k| need[k] <= left[k]) {
            for k in 0..KINDS {
                left[k] -= need[k];
            }
            melds.push(meld);
        }
    }
    let mut wall: Vec<u8> = (0..KINDS as u8)
        .flat_map(|t| std::iter::repeat_n(t, left[t as usize] as usize))
        .collect();
    let n = 13 - 3 * count + drawn as usize;
    let mut c = [0u8; KINDS];
    for i in 0..n {
        let j = i + rng.below(wall.len() - i);
        wall.swap(i, j);
        c[wall[i] as usize] += 1;
    }
    Hand::new(c, &melds).expect("drawn from one wall")
}

/// A random declared meld, as `M13` draws them: chows 40 %, pungs 40 %,
/// kongs 20 % (half of them concealed), on any kind (a chow on any start
/// of a suit). The caller checks the wall still holds its tiles.
///
/// ```
/// use hupai::sets::{random_meld, Rng};
/// let mut rng = Rng::new(7);
/// assert!((0..100).all(|_| (3..=4).contains(&random_meld(&mut rng).len())));
/// ```
pub fn random_meld(rng: &mut Rng) -> Meld {
    let (kind, from) = match rng.below(10) {
        0..=3 => (MeldKind::Chow, Some(crate::hand::From::Left)),
        4..=7 => (MeldKind::Pung, Some(crate::hand::From::Opposite)),
        8 => (MeldKind::Kong, Some(crate::hand::From::Right)),
        _ => (MeldKind::ConcealedKong, None),
    };
    let i = if kind == MeldKind::Chow {
        let s = rng.below(21);
        (s / 7) * 9 + s % 7
    } else {
        rng.below(KINDS)
    };
    let tile = Tile::from_index(i).expect("index < 34");
    Meld::new(kind, tile, from).expect("a chow starts at rank 1-7")
}

/// `n` random tiles drawn from a full wall.
pub fn random(rng: &mut Rng, n: usize) -> Counts {
    let mut wall: Vec<u8> = (0..KINDS as u8).flat_map(|t| [t; 4]).collect();
    let mut c = [0u8; KINDS];
    for i in 0..n {
        let j = i + rng.below(wall.len() - i);
        wall.swap(i, j);
        c[wall[i] as usize] += 1;
    }
    c
}

/// Four random melds and a pair, each copy count at most four.
pub fn complete(rng: &mut Rng) -> Counts {
    complete_with(rng, 4)
}

/// `melds` random melds and a pair, each copy count at most four.
pub fn complete_with(rng: &mut Rng, melds: usize) -> Counts {
    loop {
        let mut c = [0u8; KINDS];
        let mut ok = true;
        for _ in 0..melds {
            // 34 pungs and 21 chows, equally likely.
            let m = rng.below(55);
            if m < 34 {
                c[m] += 3;
            } else {
                let s = (m - 34) / 7;
                let r = (m - 34) % 7;
                for k in 0..3 {
                    c[s * 9 + r + k] += 1;
                }
            }
        }
        c[rng.below(KINDS)] += 2;
        ok &= c.iter().all(|&x| x <= 4);
        if ok {
            return c;
        }
    }
}

/// Remove one random tile.
pub fn remove_random(rng: &mut Rng, c: &mut Counts) {
    let n: usize = c.iter().map(|&x| x as usize).sum();
    let mut k = rng.below(n);
    for x in c.iter_mut() {
        if k < *x as usize {
            *x -= 1;
            return;
        }
        k -= *x as usize;
    }
}

/// The hands with `jokers` of their concealed tiles (chosen at random from
/// `seed`) taken out to be jokers: the joker sets of `hupai bench`. Each
/// returned hand holds the real tiles; pass `jokers` beside it.
///
/// ```
/// use hupai::sets::{hands, with_jokers, Set, SEED};
/// let c14 = hands(Set::C14, 100, SEED);
/// let j4 = with_jokers(&c14, 4, SEED);
/// assert!(j4.iter().all(|h| h.concealed_len() == 10));
/// let t = hupai::Tables::embedded();
/// assert!(j4.iter().all(|h| t.is_win_jokers(h, 4, &hupai::Rules::GENERIC)));
/// ```
pub fn with_jokers(hands: &[Hand], jokers: usize, seed: u64) -> Vec<Hand> {
    let mut rng = Rng::new(seed ^ 0x6a6f_6b65_7273 ^ jokers as u64);
    hands
        .iter()
        .map(|h| {
            let mut c = *h.counts();
            for _ in 0..jokers.min(h.concealed_len()) {
                remove_random(&mut rng, &mut c);
            }
            let melds: Vec<_> = h.melds().copied().collect();
            Hand::new(c, &melds).expect("fewer tiles than a valid hand")
        })
        .collect()
}
