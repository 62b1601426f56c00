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
//! Per part kind (`suit`, `honor`) the file holds three sections:
//! `<part>_id` (`u16` per dense key, 0 = not complete), `<part>_start` (`u32`
//! per id plus one: id `i` owns `decomp[start[i]..start[i + 1]]`, with
//! `start[0] = start[1] = 0` so that id 0 owns nothing) and `<part>_decomp`
//! (packed `u32`, see [`crate::table::decomp`]).

use crate::arrangement::GroupKind;
use crate::table::{decomp, format, key};

/// The `arrange.tbl` file.
pub fn arrange() -> Vec<u8> {
    let suit = build::<9>(true);
    let honor = build::<7>(false);
    let mut sections = Vec::new();
    for (part, (id, start, dec)) in [("suit", suit), ("honor", honor)] {
        sections.push((format!("{part}_id"), super::le_u16(&id)));
        sections.push((format!("{part}_start"), super::le_u32(&start)));
        sections.push((format!("{part}_decomp"), super::le_u32(&dec)));
    }
    let named: Vec<(&str, Vec<u8>)> = sections
        .iter()
        .map(|(n, b)| (n.as_str(), b.clone()))
        .collect();
    format::write("arrange", &named)
}

/// The groups a part can hold: code and count vector.
fn group_kinds<const N: usize>(chows: bool) -> (Vec<(u32, [u8; N])>, Vec<(u32, [u8; N])>) {
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

/// Ids per dense key, starts per id, packed decompositions.
fn build<const N: usize>(chows: bool) -> (Vec<u16>, Vec<u32>, Vec<u32>) {
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
    let mut id = vec![0u16; keys];
    let mut start = vec![0u32, 0];
    let mut dec = Vec::with_capacity(found.len());
    for (i, (index, codes)) in found.iter().enumerate() {
        if i == 0 || found[i - 1].0 != *index {
            id[*index] = u16::try_from(start.len() - 1).expect("ids fit in u16");
            start.push(start[start.len() - 1]);
        }
        dec.push(decomp::pack(codes));
        *start.last_mut().expect("pushed") += 1;
    }
    (id, start, dec)
}
