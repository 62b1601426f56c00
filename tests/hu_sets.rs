//! The table hu check equals the recursive reference on the benchmark sets,
//! under every rule set (a regression test: a pair count that mixed record
//! bits once rejected almost every complete hand).

use hupai::sets::{hands, Set, SEED};
use hupai::{reference, Rules, Tables};

#[test]
fn table_hu_equals_reference_on_the_benchmark_sets() {
    let t = Tables::embedded();
    for set in [Set::C14, Set::R14] {
        for h in hands(set, 20_000, SEED) {
            for rules in Rules::ALL {
                assert_eq!(
                    t.is_win(&h, &rules),
                    reference::is_win(&h, &rules),
                    "{set:?} {:?} under {}",
                    h.counts(),
                    rules.name
                );
            }
        }
    }
    // C14 hands are complete under the rules with honours and no suit limit.
    assert!(hands(Set::C14, 1_000, SEED)
        .iter()
        .all(|h| t.is_win(h, &Rules::RIICHI)));
}
