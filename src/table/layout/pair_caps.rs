//! Two declared melds in one suit: the copies of each rank they leave a
//! target (*pair caps*, 277 distinct sets), numbered for the
//! `pair_capped_*` sections.

use super::caps::{config_caps, CONFIGS};

/// Cells asked beside two declared melds in a suit: at most two melds.
pub(crate) const MOST_MELDS: usize = 2;

/// Rows the `pair_capped_rows` section holds (an entry's low seven bits).
pub(crate) const ROWS: usize = 128;

/// The distinct caps two meld configurations leave one suit, in the order
/// first met over the configurations `a ≤ b`, and how many there are.
const PAIR_SETS: ([[u8; 9]; CONFIGS * CONFIGS], usize) = {
    let mut sets = [[0u8; 9]; CONFIGS * CONFIGS];
    let mut n = 0;
    let mut a = 0;
    while a < CONFIGS {
        let mut b = a;
        while b < CONFIGS {
            if let Some(caps) = both(a, b) {
                if find(&sets, n, &caps) == n {
                    sets[n] = caps;
                    n += 1;
                }
            }
            b += 1;
        }
        a += 1;
    }
    (sets, n)
};

/// Pair caps there are (277).
#[cfg(any(test, feature = "generate"))]
pub(crate) const PAIR_CAPS: usize = PAIR_SETS.1;

/// The caps of pair caps number `n` (below [`PAIR_CAPS`]).
#[cfg(any(test, feature = "generate"))]
pub(crate) const fn caps_of_pair(n: usize) -> [u8; 9] {
    PAIR_SETS.0[n]
}

/// [`PAIR_OF`] of two configurations that do not fit in one suit.
pub(crate) const NO_PAIR: u16 = u16::MAX;

/// The pair caps' number of each two meld configurations (in either
/// order), [`NO_PAIR`] where together they take more than four copies of
/// a rank.
pub(crate) const PAIR_OF: [[u16; CONFIGS]; CONFIGS] = {
    let mut of = [[NO_PAIR; CONFIGS]; CONFIGS];
    let mut a = 0;
    while a < CONFIGS {
        let mut b = 0;
        while b < CONFIGS {
            if let Some(caps) = both(a, b) {
                of[a][b] = find(&PAIR_SETS.0, PAIR_SETS.1, &caps) as u16;
            }
            b += 1;
        }
        a += 1;
    }
    of
};

/// The caps configurations `a` and `b` leave together, if they fit.
const fn both(a: usize, b: usize) -> Option<[u8; 9]> {
    let (x, y) = (config_caps(a), config_caps(b));
    let mut caps = [0u8; 9];
    let mut r = 0;
    while r < 9 {
        // Each took 4 − its cap.
        let taken = (4 - x[r]) + (4 - y[r]);
        if taken > 4 {
            return None;
        }
        caps[r] = 4 - taken;
        r += 1;
    }
    Some(caps)
}

/// The first of `sets[..n]` equal to `caps`, else `n`.
const fn find(sets: &[[u8; 9]], n: usize, caps: &[u8; 9]) -> usize {
    let mut i = 0;
    while i < n {
        let mut r = 0;
        while r < 9 && sets[i][r] == caps[r] {
            r += 1;
        }
        if r == 9 {
            return i;
        }
        i += 1;
    }
    n
}

/// The examples of this file's items, run as unit tests.
#[cfg(test)]
mod examples {
    #[test]
    fn pair_of() {
        use crate::table::layout::pair_caps::{caps_of_pair, PAIR_OF};
        // Two 123 chows leave two copies of each of 1, 2 and 3.
        assert_eq!(
            caps_of_pair(PAIR_OF[0][0] as usize),
            [2, 2, 2, 4, 4, 4, 4, 4, 4]
        );
    }
}
