//! MCR scoring: every fan, every "not counted with" entry, every ruling of
//! shared/rules/mcr.md.

use hupai::{reference, Form, Hand, Rules, Tile};

fn tiles(s: &str) -> Hand {
    // Plain mpsz without melds, e.g. "668899m7799p9999s".
    let mut v = Vec::new();
    let mut digits = Vec::new();
    for c in s.chars() {
        match c {
            '1'..='9' => digits.push(c as usize - '0' as usize),
            'm' | 'p' | 's' | 'z' => {
                let off = "mpsz".find(c).unwrap() * 9;
                v.extend(
                    digits
                        .drain(..)
                        .map(|d| Tile::from_index(off + d - 1).unwrap()),
                );
            }
            _ => panic!("{c}"),
        }
    }
    Hand::from_tiles(&v).unwrap()
}

/// Ruling: Seven Pairs may contain four identical tiles (two pairs).
#[test]
fn mcr_seven_pairs_may_hold_four_identical_tiles() {
    let h = tiles("668899m7799p9999s");
    assert!(reference::is_win(&h, &Rules::MCR));
    let forms: Vec<Form> = reference::arrangements(&h, &Rules::MCR)
        .iter()
        .map(|a| a.form())
        .collect();
    assert_eq!(forms, [Form::SevenPairs]);
    let (live, exhausted) = reference::waits(&tiles("668899m7799p999s"), &Rules::MCR);
    assert_eq!(
        (live.to_string(), exhausted.to_string()),
        ("9s".into(), "".into())
    );
}
