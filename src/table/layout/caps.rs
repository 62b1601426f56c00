//! The 25 configurations of one declared meld in a suit and the copies of
//! each rank they leave a target (the `suit_caps` sections).

/// Meld configurations: 7 chows, 9 pungs, 9 kongs.
pub(crate) const CONFIGS: usize = 25;

/// The copies each rank may hold in a target beside meld configuration
/// `j`: 0–6 a chow from rank `j`, 7–15 a pung of rank `j − 7`, 16–24 a kong
/// of rank `j − 16` (ranks from 0).
pub(crate) const fn config_caps(j: usize) -> [u8; 9] {
    let mut caps = [4u8; 9];
    if j < 7 {
        caps[j] = 3;
        caps[j + 1] = 3;
        caps[j + 2] = 3;
    } else if j < 16 {
        caps[j - 7] = 1;
    } else {
        caps[j - 16] = 0;
    }
    caps
}

/// The generator's `SuitCaps::classes` of a row no class equals.
pub(crate) const NO_CLASS: u8 = 0xff;

/// The examples of this file's items, run as unit tests.
#[cfg(test)]
mod examples {
    #[test]
    fn config_caps() {
        use crate::table::layout::caps::config_caps;
        assert_eq!(config_caps(2), [4, 4, 3, 3, 3, 4, 4, 4, 4]); // a 345 chow
        assert_eq!(config_caps(7 + 4), [4, 4, 4, 4, 1, 4, 4, 4, 4]); // a pung of 5s
        assert_eq!(config_caps(16 + 8), [4, 4, 4, 4, 4, 4, 4, 4, 0]); // a kong of 9s
    }
}
