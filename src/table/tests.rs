//! Unit tests of the table module: the table format's internals (records,
//! keys, need bytes, decompositions, file headers) and the committed files.

#[test]
fn record_form_weight() {
    use crate::table::record::{self, form_weight};
    assert_eq!([0, record::MELDS, record::PAIR].map(form_weight), [0, 1, 4]);
}

#[test]
fn needs_module() {
    use crate::table::{needs, Tables};
    let t = Tables::embedded();
    let b = t.suit_needs(&[1, 1, 0, 0, 0, 0, 0, 0, 0]); // 12m
    assert_eq!((needs::melds(b), needs::pair(b)), (1, 3)); // 123m; 123m + a pair
    let b = t.honor_needs(&[2, 0, 0, 0, 0, 0, 0]); // 11z
    assert_eq!((needs::melds(b), needs::pair(b)), (1, 0));
}

#[test]
fn needs_pack() {
    use crate::table::needs;
    assert_eq!(needs::pack(2, 20), 0xf2);
}

#[test]
fn needs_melds() {
    assert_eq!(crate::table::needs::melds(0x31), 1);
}

#[test]
fn needs_pair() {
    assert_eq!(crate::table::needs::pair(0x31), 3);
}

#[test]
fn decomp_module() {
    use crate::table::decomp;
    use crate::GroupKind;
    let d = decomp::pack(&[
        decomp::code(GroupKind::Pair, 0),
        decomp::code(GroupKind::Chow, 0),
    ]);
    assert_eq!(decomp::len(d), 2);
    assert_eq!(decomp::group(d, 1), (GroupKind::Chow, 0));
}

#[test]
fn decomp_multi_entry() {
    assert_eq!(crate::table::decomp::multi_entry(5, 2), 5 | 2 << 28);
}

#[test]
fn decomp_code() {
    use crate::{table::decomp, GroupKind};
    assert!(decomp::code(GroupKind::Pung, 0) < decomp::code(GroupKind::Pair, 1));
}

#[test]
fn decomp_pack() {
    use crate::{table::decomp, GroupKind};
    let d = decomp::pack(&[decomp::code(GroupKind::Pung, 8)]);
    assert_eq!(
        (decomp::len(d), decomp::group(d, 0)),
        (1, (GroupKind::Pung, 8))
    );
}

#[test]
fn decomp_len() {
    assert_eq!(
        crate::table::decomp::len(crate::table::decomp::pack(&[])),
        0
    );
}

#[test]
fn decomp_group() {
    use crate::{table::decomp, GroupKind};
    let d = decomp::pack(&[decomp::code(GroupKind::Chow, 6)]); // 789
    assert_eq!(decomp::group(d, 0), (GroupKind::Chow, 6));
}

#[test]
fn decompositions_struct() {
    use crate::Tables;
    let t = Tables::embedded();
    // 111222333m: three pungs, or three chows 123m.
    let d = t.suit_decompositions(&[3, 3, 3, 0, 0, 0, 0, 0, 0]);
    assert_eq!(d.len(), 2);
    assert!(t
        .suit_decompositions(&[1, 0, 0, 0, 0, 0, 0, 0, 0])
        .is_empty());
}

#[test]
fn suit_decompositions() {
    use crate::{table::decomp, GroupKind, Tables};
    // 11122233344455: four ways, in canonical order, the first 123 123 123 444 55.
    let d = Tables::embedded().suit_decompositions(&[3, 3, 3, 3, 2, 0, 0, 0, 0]);
    assert_eq!(d.len(), 4);
    assert_eq!(decomp::group(d.get(0), 0), (GroupKind::Chow, 0));
    assert_eq!(decomp::group(d.get(0), 4), (GroupKind::Pair, 4));
}

#[test]
fn honor_decompositions() {
    let t = crate::Tables::embedded();
    assert_eq!(t.honor_decompositions(&[3, 3, 2, 0, 0, 0, 0]).len(), 1);
    assert!(t.honor_decompositions(&[1, 1, 1, 0, 0, 0, 0]).is_empty());
}

#[test]
fn decompositions_of_keys() {
    use crate::{table::key, Hand, Tables};
    let h: Hand = "111222333m55p777z".parse().unwrap();
    let parts = Tables::embedded().decompositions(&key::hand_keys(h.counts()));
    assert_eq!(parts.map(|d| d.len()), [2, 1, 1, 1]);
}

#[test]
fn suit_needs() {
    use crate::table::{needs, Tables};
    let b = Tables::embedded().suit_needs(&[1, 0, 1, 0, 0, 0, 0, 0, 0]); // 13m
    assert_eq!((needs::melds(b), needs::pair(b)), (1, 3)); // 123m; 123m + a pair
}

#[test]
fn honor_needs() {
    use crate::table::{needs, Tables};
    let b = Tables::embedded().honor_needs(&[1, 1, 0, 0, 0, 0, 0]); // 12z
    assert_eq!((needs::melds(b), needs::pair(b)), (4, 3)); // 111z 222z; 11z 222z
}

#[test]
fn needs_of_keys() {
    use crate::{
        table::{key, needs, Tables},
        Hand,
    };
    let h: Hand = "12m5p".parse().unwrap();
    let b = Tables::embedded().needs(&key::hand_keys(h.counts()));
    assert_eq!(b.map(needs::melds), [1, 2, 0, 0]);
}

#[test]
fn suit_distances() {
    use crate::Tables;
    let t = Tables::embedded();
    // 1m 2m 4m: one tile from a chow (3m), two from a chow and a pair.
    let d = t.suit_distances(&[1, 1, 0, 1, 0, 0, 0, 0, 0]);
    assert_eq!((d[1], d[8 + 1]), (1, 2));
}

/// The per-pattern records of `hu.tbl` against the recursive reference,
/// exhaustively per suit.
mod records {
    use crate::reference;
    use crate::table::{key, record, Tables};

    /// Every ≤ 14-tile pattern of a numbered suit: complete flags and waits equal
    /// the reference's, and the counts equal the known pattern counts.
    #[test]
    fn every_suit_pattern_matches_the_reference() {
        let t = Tables::embedded();
        let (mut melds, mut pairs) = (0, 0);
        for v in key::patterns::<9>() {
            let r = t.suit_record(&v);
            let (m, p) = reference::suit_complete(&v, true);
            assert_eq!(
                (r & record::MELDS != 0, r & record::PAIR != 0),
                (m, p),
                "{v:?}"
            );
            melds += m as usize;
            pairs += p as usize;
            // A wait makes the pattern one tile larger; 15 tiles never occur in one suit.
            let small = v.iter().sum::<u8>() < 14;
            let mut waits = 0;
            for i in (0..9).filter(|_| small) {
                let mut w = v;
                w[i] += 1;
                let (m, p) = reference::suit_complete(&w, true);
                if m || p {
                    waits |= 1 << i;
                }
            }
            assert_eq!(record::waits(r), waits, "{v:?}");
        }
        assert_eq!((melds, pairs), (2_869, 18_874));
    }

    #[test]
    fn every_honor_pattern_matches_the_reference() {
        let t = Tables::embedded();
        let mut complete = 0;
        for v in key::patterns::<7>() {
            let r = t.honor_record(&v);
            let (m, p) = reference::suit_complete(&v, false);
            assert_eq!(
                (r & record::MELDS != 0, r & record::PAIR != 0),
                (m, p),
                "{v:?}"
            );
            complete += (m || p) as usize;
            let small = v.iter().sum::<u8>() < 14;
            for i in 0..7 {
                let mut w = v;
                w[i] += 1;
                let (m, p) = reference::suit_complete(&w, false);
                assert_eq!(
                    record::waits(r) >> i & 1 == 1,
                    small && (m || p),
                    "{v:?} + {i}"
                );
            }
        }
        assert_eq!(complete, 498);
    }
}

/// The file format: the cheap header check and the loader refuse bad bytes
/// by name, never with a panic.
mod files {
    use crate::table::format::{write, TableFile};
    use crate::table::{TableError, Tables};
    use proptest::prelude::*;

    fn hu_bytes() -> Vec<u8> {
        Tables::embedded().files().next().unwrap().1.to_vec()
    }

    #[test]
    fn every_truncation_is_refused() {
        let bytes = hu_bytes();
        // Every cut inside the header, then a spread of cuts through the payload.
        let cuts = (0..512).chain((512..bytes.len()).step_by(997));
        for n in cuts {
            let r = TableFile::new(&bytes[..n]);
            assert!(r.is_err(), "a file cut to {n} bytes was accepted");
        }
    }

    #[test]
    fn foreign_and_versioned_files_are_named_as_such() {
        assert!(matches!(
            TableFile::new(&b"GIF89a......................"[..]),
            Err(TableError::BadMagic)
        ));
        let mut b = hu_bytes();
        b[12] = 99; // the version follows the 4-byte length and the 8-byte magic
        assert!(matches!(
            TableFile::new(&b[..]),
            Err(TableError::Version { found: 99 })
        ));
        let mut b = hu_bytes();
        let last = b.len() - 1;
        b[last] ^= 1;
        let f = TableFile::new(&b[..]).expect("the cheap check does not read the payload");
        assert!(matches!(f.verify(), Err(TableError::Checksum { .. })));
        let wrong_kind = write("shanten", &[("suit", vec![0; 4])]);
        let r = Tables::load(|_| Ok(wrong_kind.clone()));
        assert!(r.is_err());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2_000))]
        /// Arbitrary bytes never panic the loader.
        #[test]
        fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
            let _ = TableFile::new(&bytes[..]).map(|f| f.verify());
            let _ = Tables::load(|_| Ok(&bytes[..]));
        }
    }
}

/// The need bytes of `jokers.tbl` against brute force over every value each
/// joker can take.
mod joker_needs {
    use crate::par::prelude::*;
    use crate::reference;
    use crate::sets::{Rng, SEED};
    use crate::table::{key, needs, Tables};
    use crate::KINDS;

    /// Brute force over one part: can `v` plus `j` jokers (each any of the
    /// `v.len()` ranks) become melds only, and melds and one pair?
    fn part_brute(v: &[u8], j: usize, chows: bool) -> (bool, bool) {
        let n = v.iter().map(|&c| c as usize).sum::<usize>() + j;
        let (mut melds, mut pair) = (false, false);
        if n % 3 == 1 {
            return (false, false);
        }
        fn walk(
            w: &mut Vec<u8>,
            from: usize,
            left: usize,
            f: &mut dyn FnMut(&[u8]) -> bool,
        ) -> bool {
            if left == 0 {
                return f(w);
            }
            for r in from..w.len() {
                w[r] += 1;
                let done = walk(w, r, left - 1, f);
                w[r] -= 1;
                if done {
                    return true;
                }
            }
            false
        }
        walk(&mut v.to_vec(), 0, j, &mut |w| {
            let (m, p) = reference::suit_complete(w, chows);
            melds |= m;
            pair |= p;
            melds || pair // one of the two is possible at this size: stop at the first
        });
        (melds, pair)
    }

    /// What the table says about `b` + `j` jokers.
    fn table_says(b: u8, j: usize) -> (bool, bool) {
        let ok = |need: usize| need <= j && (j - need).is_multiple_of(3);
        (ok(needs::melds(b)), ok(needs::pair(b)))
    }

    #[test]
    fn every_suit_pattern_with_up_to_four_jokers() {
        let t = Tables::embedded();
        let patterns = key::patterns::<9>();
        let checked: usize = patterns
            .par_iter()
            .map(|v| {
                let b = t.suit_needs(v);
                for j in 0..=4 {
                    assert_eq!(
                        table_says(b, j),
                        part_brute(v, j, true),
                        "{v:?} + {j} jokers"
                    );
                }
                1
            })
            .sum();
        assert_eq!(checked, 405_350);
    }

    #[test]
    fn every_honor_pattern_with_up_to_four_jokers() {
        let t = Tables::embedded();
        for v in key::patterns::<7>() {
            let b = t.honor_needs(&v);
            for j in 0..=4 {
                assert_eq!(
                    table_says(b, j),
                    part_brute(&v, j, false),
                    "{v:?} + {j} jokers"
                );
            }
        }
    }

    /// The exact needs beyond four jokers, on a seeded sample of small patterns:
    /// the least `j ≤ 8` brute force completes equals the table's need.
    #[test]
    fn needs_up_to_eight_on_a_sample() {
        let t = Tables::embedded();
        let patterns = key::patterns::<9>();
        let sample: Vec<[u8; 9]> = {
            let mut rng = Rng::new(SEED);
            (0..3_000)
                .map(|_| patterns[rng.below(patterns.len())])
                .filter(|v| v.iter().sum::<u8>() <= 8)
                .collect()
        };
        assert!(sample.len() > 100);
        sample.par_iter().for_each(|v| {
            let b = t.suit_needs(v);
            let least = |pair: bool| {
                (0..=8).find(|&j| {
                    let (m, p) = part_brute(v, j, true);
                    if pair {
                        p
                    } else {
                        m
                    }
                })
            };
            let want = |need: usize| (need <= 8).then_some(need);
            assert_eq!(least(false), want(needs::melds(b)), "{v:?} melds");
            assert_eq!(least(true), want(needs::pair(b)), "{v:?} pair");
        });
    }

    /// A fifth copy (a hypothetical draw beside four held copies): every suit
    /// and honour pattern holding four of a rank, plus that rank once more,
    /// against brute force with 0–4 jokers. The engine's needs of such a part
    /// come from `fewest_jokers` on the part alone (melds + pair) and beside
    /// `11z` (whose pair makes the part melds only:
    /// `min(melds, pair + 1) = melds`).
    #[test]
    fn fifth_copies_with_up_to_four_jokers() {
        let t = Tables::embedded();
        let check = |v: &[u8], offset: usize, chows: bool| {
            for r in (0..v.len()).filter(|&r| v[r] == 4) {
                let mut w = v.to_vec();
                w[r] = 5;
                let mut c = [0u8; KINDS];
                c[offset..offset + v.len()].copy_from_slice(&w);
                let pair = t.fewest_jokers(&c);
                let other = if offset == 27 { 0 } else { 27 };
                c[other] = 2;
                let melds = t.fewest_jokers(&c);
                let b = needs::pack(melds as u8, pair as u8);
                for j in 0..=4 {
                    assert_eq!(
                        table_says(b, j),
                        part_brute(&w, j, chows),
                        "{w:?} + {j} jokers"
                    );
                }
            }
        };
        let suit: Vec<[u8; 9]> = key::patterns::<9>()
            .into_iter()
            .filter(|v| v.contains(&4) && v.iter().sum::<u8>() <= 13)
            .collect();
        let checked: usize = suit
            .par_iter()
            .map(|v| {
                check(v, 0, true);
                1
            })
            .sum();
        assert!(checked > 10_000, "{checked}");
        for v in key::patterns::<7>() {
            if v.contains(&4) && v.iter().sum::<u8>() <= 13 {
                check(&v, 27, false);
            }
        }
    }
}

/// The replacement distances of `shanten.tbl` against their definition.
mod distances {
    use crate::par::prelude::*;
    use crate::sets::Rng;
    use crate::table::layout::cells::{product, FAR};
    use crate::table::{key, Tables};

    /// Every complete pattern of at most four melds and one pair, by cell.
    fn targets<const N: usize>(chows: bool) -> Vec<([u8; N], usize)> {
        let mut melds: Vec<[u8; N]> = (0..N)
            .map(|r| {
                let mut v = [0; N];
                v[r] = 3;
                v
            })
            .collect();
        if chows {
            for r in 0..N - 2 {
                let mut v = [0; N];
                v[r..r + 3].fill(1);
                melds.push(v);
            }
        }
        let mut out = Vec::new();
        let mut stack = vec![(0, 0, [0u8; N])];
        while let Some((from, m, v)) = stack.pop() {
            if v.iter().any(|&c| c > 4) {
                continue;
            }
            out.push((v, m));
            for r in 0..N {
                let mut w = v;
                w[r] += 2;
                if w[r] <= 4 {
                    out.push((w, 8 + m));
                }
            }
            if m < 4 {
                for (i, meld) in melds.iter().enumerate().skip(from) {
                    let mut w = v;
                    for r in 0..N {
                        w[r] += meld[r];
                    }
                    stack.push((i, m + 1, w));
                }
            }
        }
        out
    }

    /// The distances by definition: the fewest missing tiles over the targets.
    fn brute_distances<const N: usize>(v: &[u8; N], targets: &[([u8; N], usize)]) -> [u8; 16] {
        let mut d = [FAR; 16];
        for (t, lane) in targets {
            let missing: u8 = (0..N).map(|r| t[r].saturating_sub(v[r])).sum();
            d[*lane] = d[*lane].min(missing);
        }
        d
    }

    /// The per-pattern distances of `shanten.tbl` against their definition: a
    /// seeded sample of suit patterns and every honour pattern; and the class
    /// counts (126 suit, 55 honour).
    #[test]
    fn table_distances_equal_their_definition() {
        let t = Tables::embedded();
        let suit_targets = targets::<9>(true);
        let patterns = key::patterns::<9>();
        let mut rng = Rng::new(41);
        let sample: Vec<[u8; 9]> = (0..3_000)
            .map(|_| patterns[rng.below(patterns.len())])
            .collect();
        sample.par_iter().for_each(|v| {
            assert_eq!(
                *t.suit_distances(v),
                brute_distances(v, &suit_targets),
                "{v:?}"
            );
        });
        let honor_targets = targets::<7>(false);
        key::patterns::<7>().par_iter().for_each(|v| {
            assert_eq!(
                *t.honor_distances(v),
                brute_distances(v, &honor_targets),
                "{v:?}"
            );
        });
        let d = t.distance_tables();
        let classes = |f: &dyn Fn(usize) -> u8, n: usize| {
            let mut seen = [false; 256];
            (0..n).for_each(|i| seen[f(i) as usize] = true);
            seen.iter().filter(|&&s| s).count()
        };
        assert_eq!(classes(&|i| d.suit_class_at(i), key::SUIT_PATTERNS), 126);
        assert_eq!(classes(&|i| d.honor_class_at(i), key::HONOR_PATTERNS), 55);
    }

    /// The class-pair tables hold the products of the class vectors.
    #[test]
    fn pair_tables_are_products_of_classes() {
        let d = Tables::embedded().distance_tables();
        for a in 0..128u8 {
            for b in 0..128u8 {
                assert_eq!(*d.suit_pair(a, b), product(d.suit(a), d.suit(b)));
            }
            for z in 0..64u8 {
                assert_eq!(*d.suit_honor_pair(a, z), product(d.suit(a), d.honor(z)));
            }
        }
    }
}

/// The decompositions of `arrange.tbl`.
mod decompositions {
    use crate::reference;
    use crate::table::{decomp, key, Tables};
    use crate::{Form, Hand, Rules};

    /// An honour pattern splits one way at most: its decompositions are the
    /// standard arrangements of the honours-only hand (with a pair of 5m
    /// beside a pattern of melds only), and they exist exactly when the
    /// reference calls the pattern complete.
    #[test]
    fn every_honor_pattern_splits_one_way_at_most() {
        let t = Tables::embedded();
        let mut complete = 0;
        for v in key::patterns::<7>() {
            let n: usize = v.iter().map(|&c| c as usize).sum();
            let mut c = [0u8; 34];
            c[27..].copy_from_slice(&v);
            if n.is_multiple_of(3) {
                c[4] = 2;
            }
            let h = Hand::new(c, &[]).unwrap();
            let standard = t
                .arrangements(&h, &Rules::GENERIC)
                .iter()
                .filter(|a| a.form() == Form::Standard)
                .count();
            let d = t.honor_decompositions(&v);
            assert_eq!(d.len(), standard, "{v:?}");
            let (m, p) = reference::suit_complete(&v, false);
            assert_eq!(!d.is_empty(), m || p, "{v:?}");
            complete += standard;
        }
        assert_eq!(complete, 498);
    }

    /// Every suit pattern has decompositions exactly when it is complete,
    /// 21,743 in all (the empty one included).
    #[test]
    fn suit_patterns_decompose_exactly_when_complete() {
        let t = Tables::embedded();
        let mut complete = 0;
        for v in key::patterns::<9>() {
            let (m, p) = reference::suit_complete(&v, true);
            assert_eq!(!t.suit_decompositions(&v).is_empty(), m || p, "{v:?}");
            complete += usize::from(m || p);
        }
        assert_eq!(complete, 21_743);
    }

    /// [`MAX_ARRANGEMENTS`](crate::engine::MAX_ARRANGEMENTS) holds every
    /// hand: bound the standard arrangements by the largest per-suit
    /// decomposition counts (by suit size), the kong case by the choices of
    /// quads times that, and add the special forms.
    #[test]
    fn arrangement_capacity_bounds_every_hand() {
        let t = Tables::embedded();
        let mut most = [0usize; 15];
        for v in key::patterns::<9>() {
            let n: usize = v.iter().map(|&c| c as usize).sum();
            let d = t.suit_decompositions(&v);
            most[n] = most[n].max(d.len());
            for x in d.iter() {
                assert_eq!(decomp::len(x), n / 3 + usize::from(n % 3 == 2));
            }
        }
        // Largest product over three suits of at most `budget` tiles together.
        let product = |budget: usize| {
            let mut best = 0;
            for a in 0..=budget {
                for b in 0..=budget - a {
                    for c in 0..=budget - a - b {
                        best = best.max(most[a] * most[b] * most[c]);
                    }
                }
            }
            best
        };
        let choose = |n: usize, k: usize| (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1));
        let standard = product(14) + 2;
        let kongs = (1..=4)
            .map(|k| choose(((14 + k) / 4).min(4), k) * product(14 - 3 * k))
            .max()
            .unwrap();
        let bound = standard.max(kongs);
        assert!(
            bound <= crate::engine::MAX_ARRANGEMENTS,
            "bound {bound}; per-suit most decompositions by size: {most:?}"
        );
    }
}
