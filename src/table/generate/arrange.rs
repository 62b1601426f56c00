//! `arrange.tbl`: every decomposition of every complete pattern.
//!
//! Like `hu.tbl`, complete patterns are built, not searched for: every
//! multiset of at most four melds, with and without a pair, is one
//! decomposition of the count vector it adds up to (when no count exceeds
//! four). Different multisets are different decompositions, so collecting
//! them per vector lists each decomposition exactly once. Decompositions are
//! sorted by their groups in canonical order (rank, then pair < chow < pung),
//! patterns numbered in dense-key order: the bytes are the same on every run.
//!
//! Per part kind (`suit`, `honor`) the file holds two sections:
//! `<part>_entry`, one `u32` per dense key (see [`crate::table::decomp`]:
//! 0 when the pattern is not complete, the packed decomposition itself with
//! [`decomp::SINGLE`] set when it is the only one, else where its
//! decompositions start in the second section and how many there are), and
//! `<part>_multi`, the packed decompositions of patterns with several.
//! Most complete patterns split one way only, so one read usually suffices.

use crate::arrangement::GroupKind;
use crate::table::{decomp, format, key};

/// The `arrange.tbl` file.
pub(crate) fn arrange() -> Vec<u8> {
    let suit = build::<9>(true);
    let honor = build::<7>(false);
    let mut sections = Vec::new();
    for (part, (entry, multi)) in [("suit", suit), ("honor", honor)] {
        sections.push((format!("{part}_entry"), super::le_u32(&entry)));
        sections.push((format!("{part}_multi"), super::le_u32(&multi)));
    }
    let named: Vec<(&str, Vec<u8>)> = sections
        .iter()
        .map(|(n, b)| (n.as_str(), b.clone()))
        .collect();
    format::write("arrange", &named)
}

/// A group a part can hold: its code and its count vector.
type GroupShape<const N: usize> = (u32, [u8; N]);

/// The melds and the pairs a part can hold.
fn group_kinds<const N: usize>(chows: bool) -> (Vec<GroupShape<N>>, Vec<GroupShape<N>>) {
    let mut melds = Vec::new();
    let mut pairs = Vec::new();
    for r in 0..N {
        let mut v = [0; N];
        v[r] = 3;
        melds.push((decomp::code(GroupKind::Pung, r as u8), v));
        let mut v = [0; N];
        v[r] = 2;
        pairs.push((decomp::code(GroupKind::Pair, r as u8), v));
        if chows && r + 2 < N {
            let mut v = [0; N];
            v[r..r + 3].fill(1);
            melds.push((decomp::code(GroupKind::Chow, r as u8), v));
        }
    }
    (melds, pairs)
}

/// Entries per dense key and the decompositions of multi-way patterns.
fn build<const N: usize>(chows: bool) -> (Vec<u32>, Vec<u32>) {
    let (melds, pairs) = group_kinds::<N>(chows);
    // (dense index, sorted codes) of every decomposition.
    let mut found: Vec<(usize, Vec<u32>)> = Vec::new();
    let mut emit = |v: &[u8; N], codes: &[u32]| {
        if v.iter().all(|&c| c <= 4) {
            let mut codes = codes.to_vec();
            codes.sort_unstable();
            found.push((key::index(v), codes));
        }
    };
    // Meld multisets as non-decreasing index sequences of length 0..=4.
    let mut stack: Vec<(usize, [u8; N], Vec<u32>)> = vec![(0, [0; N], Vec::new())];
    while let Some((from, v, codes)) = stack.pop() {
        emit(&v, &codes);
        for (pc, pv) in &pairs {
            let mut w = v;
            for r in 0..N {
                w[r] += pv[r];
            }
            let mut c = codes.clone();
            c.push(*pc);
            emit(&w, &c);
        }
        if codes.len() < 4 {
            for (i, (mc, mv)) in melds.iter().enumerate().skip(from) {
                let mut w = v;
                for r in 0..N {
                    w[r] += mv[r];
                }
                if w.iter().all(|&c| c <= 4) {
                    let mut c = codes.clone();
                    c.push(*mc);
                    stack.push((i, w, c));
                }
            }
        }
    }
    found.sort();
    let keys = if N == 9 {
        key::SUIT_PATTERNS
    } else {
        key::HONOR_PATTERNS
    };
    let mut entry = vec![0u32; keys];
    let mut multi = Vec::new();
    let mut from = 0;
    while from < found.len() {
        let index = found[from].0;
        let to = from + found[from..].iter().take_while(|f| f.0 == index).count();
        let group = &found[from..to];
        entry[index] = if let [(_, codes)] = group {
            decomp::SINGLE | decomp::pack(codes)
        } else {
            let start = u32::try_from(multi.len()).expect("fits");
            multi.extend(group.iter().map(|(_, codes)| decomp::pack(codes)));
            decomp::multi_entry(start, group.len())
        };
        from = to;
    }
    (entry, multi)
}

/// The examples of this file's items, run as unit tests.
#[cfg(test)]
mod examples {
    #[test]
    fn arrange() {
        let bytes = crate::table::generate::arrange();
        let file = crate::table::TableFile::new(bytes).unwrap();
        assert_eq!(file.kind(), "arrange");
    }
}
