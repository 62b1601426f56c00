//! The `shanten.tbl` arrays as one borrowed view: a distance class per
//! pattern, the class vectors, and the class-pair products.
//!
//! Every array but the per-pattern classes has a fixed length in its type,
//! and every index into it is built from a class byte (masked where the
//! table has fewer rows than 256), so those reads need no bounds check and
//! no byte of a corrupt file can make them fail.

use super::{key, Distances, DISTANCE_CLASSES, HONOR_CLASS_ROWS, SUIT_CLASS_ROWS};

/// The sections of `shanten.tbl`, in the order [`DistanceTables::new`]
/// takes them.
pub(super) const SECTIONS: [&str; 9] = [
    "suit",
    "honor",
    "suit_classes",
    "honor_classes",
    "suit_pairs",
    "suit_honor_pairs",
    "suit_caps",
    "suit_capped_keys",
    "suit_capped_rows",
];

/// The `shanten.tbl` arrays, borrowed for queries
/// ([`Tables::distance_tables`](super::Tables::distance_tables)).
///
/// ```
/// use hupai::table::key;
/// use hupai::Tables;
/// let t = Tables::embedded().distance_tables();
/// let class = t.suit_class_at(key::suit_index(&[0, 2, 0, 0, 0, 0, 0, 0, 0]));
/// assert_eq!(t.suit(class)[8], 0); // a pair already
/// ```
#[derive(Clone, Copy)]
pub struct DistanceTables<'a> {
    suit_class: &'a [u8],
    honor_class: &'a [u8],
    suit_vectors: &'a [u8; 16 * DISTANCE_CLASSES],
    honor_vectors: &'a [u8; 16 * DISTANCE_CLASSES],
    suit_pairs: &'a [u8; 16 * SUIT_CLASS_ROWS * SUIT_CLASS_ROWS],
    suit_honor_pairs: &'a [u8; 16 * SUIT_CLASS_ROWS * HONOR_CLASS_ROWS],
    suit_caps: &'a [u8; 4 * key::SUIT_PATTERNS],
    suit_capped_keys: &'a [u8],
    suit_capped_rows: &'a [u8],
}

impl<'a> DistanceTables<'a> {
    /// The view over the sections of [`SECTIONS`], in that order, whose
    /// lengths `Tables::load` checked.
    #[inline(always)]
    pub(super) fn new(sections: [&'a [u8]; SECTIONS.len()]) -> DistanceTables<'a> {
        let fixed = "section lengths are checked at load";
        let [suit_class, honor_class, suit_vectors, honor_vectors, suit_pairs, suit_honor_pairs, suit_caps, suit_capped_keys, suit_capped_rows] =
            sections;
        DistanceTables {
            suit_class,
            honor_class,
            suit_vectors: suit_vectors.try_into().expect(fixed),
            honor_vectors: honor_vectors.try_into().expect(fixed),
            suit_pairs: suit_pairs.try_into().expect(fixed),
            suit_honor_pairs: suit_honor_pairs.try_into().expect(fixed),
            suit_caps: suit_caps.try_into().expect(fixed),
            suit_capped_keys,
            suit_capped_rows,
        }
    }

    /// The distance class of the suit pattern with dense index `i`
    /// ([`key::suit_index`], [`key::Neighbourhood`]).
    #[inline(always)]
    pub fn suit_class_at(&self, i: usize) -> u8 {
        self.suit_class[i]
    }

    /// The distance class of the honour pattern with dense index `i`.
    #[inline(always)]
    pub fn honor_class_at(&self, i: usize) -> u8 {
        self.honor_class[i]
    }

    /// The single declared melds beside which the suit pattern with dense
    /// index `i` keeps its table distances in every cell of at most three
    /// melds: bit `j` clear for meld configuration `j`
    /// ([`config_caps`](crate::table::generate::caps::config_caps)); a set
    /// bit proves nothing (see [`caps`](crate::table::generate::caps)).
    ///
    /// ```
    /// use hupai::table::{generate::caps::config_caps, key};
    /// use hupai::Tables;
    /// let t = Tables::embedded().distance_tables();
    /// let pung_of_5 = 7 + 4;
    /// assert_eq!(config_caps(pung_of_5)[4], 1);
    /// // 46m beside a declared 555m: still one tile from a chow (5m).
    /// let i = key::suit_index(&[0, 0, 0, 1, 0, 1, 0, 0, 0]);
    /// assert_eq!(t.suit_caps_at(i) >> pung_of_5 & 1, 0);
    /// // 5m beside it: no pair of 5m is left to make.
    /// let i = key::suit_index(&[0, 0, 0, 0, 1, 0, 0, 0, 0]);
    /// assert_eq!(t.suit_caps_at(i) >> pung_of_5 & 1, 1);
    /// ```
    #[inline(always)]
    pub fn suit_caps_at(&self, i: usize) -> u32 {
        // Clamped, not checked: a dense index is below SUIT_PATTERNS.
        let at = 4 * i.min(key::SUIT_PATTERNS - 1);
        u32::from_le_bytes(self.suit_caps[at..at + 4].try_into().expect("four bytes"))
    }

    /// The capped distances of the suit pattern with dense index `i` beside
    /// meld configuration `j` where its `suit_caps` bit is set and it fits
    /// beside the meld with at most 11 tiles (exact in every cell of at
    /// most three melds); `None` elsewhere. A binary search over the few
    /// such pairs (about 26,000).
    ///
    /// ```
    /// use hupai::table::key;
    /// use hupai::Tables;
    /// let t = Tables::embedded().distance_tables();
    /// let pung_of_5 = 7 + 4;
    /// // 5m beside a declared 555m: no pair of 5m is left to make, so a
    /// // pair costs two tiles, not one.
    /// let i = key::suit_index(&[0, 0, 0, 0, 1, 0, 0, 0, 0]);
    /// assert_eq!(t.suit(t.suit_class_at(i))[8], 1);
    /// assert_eq!(t.suit_capped(i, pung_of_5).unwrap()[8], 2);
    /// // 46m beside it keeps its table distances.
    /// assert!(t.suit_capped(key::suit_index(&[0, 0, 0, 1, 0, 1, 0, 0, 0]), pung_of_5).is_none());
    /// ```
    #[inline]
    pub fn suit_capped(&self, i: usize, j: usize) -> Option<&'a Distances> {
        let wanted = (i as u32) << 5 | j as u32;
        let key = |n: usize| {
            let b = &self.suit_capped_keys[4 * n..4 * n + 4];
            u32::from_le_bytes(b.try_into().expect("four bytes"))
        };
        let (mut lo, mut hi) = (0, self.suit_capped_keys.len() / 4);
        while lo < hi {
            let mid = (lo + hi) / 2;
            if key(mid) < wanted {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        if lo < self.suit_capped_keys.len() / 4 && key(lo) == wanted {
            self.suit_capped_rows
                .get(16 * lo..16 * lo + 16)?
                .try_into()
                .ok()
        } else {
            None
        }
    }

    /// The distance class of a suit pattern (≤ 14 tiles): patterns of one
    /// class have the same [`Distances`].
    #[inline(always)]
    pub fn suit_class(&self, c: &[u8; 9]) -> u8 {
        self.suit_class_at(key::suit_index(c))
    }

    /// The distance class of an honour pattern (≤ 14 tiles).
    #[inline(always)]
    pub fn honor_class(&self, c: &[u8; 7]) -> u8 {
        self.honor_class_at(key::honor_index(c))
    }

    /// The distances of a suit class.
    #[inline(always)]
    pub fn suit(&self, class: u8) -> &'a Distances {
        row(self.suit_vectors, class as usize)
    }

    /// The distances of an honour class.
    #[inline(always)]
    pub fn honor(&self, class: u8) -> &'a Distances {
        row(self.honor_vectors, class as usize)
    }

    /// The distances of two suits together, by their classes.
    ///
    /// ```
    /// use hupai::Tables;
    /// let t = Tables::embedded().distance_tables();
    /// let (a, b) = ([1, 1, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 2, 0, 0, 0, 0]);
    /// let both = t.suit_pair(t.suit_class(&a), t.suit_class(&b));
    /// // 12m 55p: one tile from a chow and a pair.
    /// assert_eq!(both[8 + 1], 1);
    /// ```
    #[inline(always)]
    pub fn suit_pair(&self, a: u8, b: u8) -> &'a Distances {
        let r = (a as usize % SUIT_CLASS_ROWS) * SUIT_CLASS_ROWS + b as usize % SUIT_CLASS_ROWS;
        row(self.suit_pairs, r)
    }

    /// The distances of a suit and the honours together, by their classes.
    #[inline(always)]
    pub fn suit_honor_pair(&self, suit: u8, honor: u8) -> &'a Distances {
        let r = (suit as usize % SUIT_CLASS_ROWS) * HONOR_CLASS_ROWS
            + honor as usize % HONOR_CLASS_ROWS;
        row(self.suit_honor_pairs, r)
    }
}

#[inline(always)]
fn row<const N: usize>(table: &[u8; N], r: usize) -> &Distances {
    table[16 * r..16 * r + 16]
        .try_into()
        .expect("sixteen bytes")
}
