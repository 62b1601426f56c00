//! The min-plus machinery over parts' [`Distances`]: products, the join to
//! `k` melds and a pair, the optimal cells of a part, the neighbour test of
//! effective tiles, and the capped programme for parts beside declared melds.

use crate::table::key::Neighbourhood;
use crate::table::layout::cells::FAR;
use crate::table::Distances;

/// Distances of the empty part that may not be used: nothing, or nothing
/// reachable.
pub(super) const NOTHING: Distances = {
    let mut d = [FAR; 16];
    d[0] = 0;
    d
};

/// Min-plus product of two parts' distances (see
/// [`layout::cells::product`](crate::table::layout::cells::product),
/// the scalar definition, which this equals lane for lane).
#[inline(always)]
pub(crate) fn product(a: &Distances, b: &Distances) -> Distances {
    product_k::<4>(a, b)
}

/// [`product_k`] for `k` known only at run time (one branch, the same for
/// every call of a hand).
#[inline(always)]
pub(crate) fn product_up_to(a: &Distances, b: &Distances, k: usize) -> Distances {
    match k {
        0 => product_k::<0>(a, b),
        1 => product_k::<1>(a, b),
        2 => product_k::<2>(a, b),
        3 => product_k::<3>(a, b),
        _ => product_k::<4>(a, b),
    }
}

/// [`product`] in the lanes of at most `K` melds: the steps that only
/// lanes of more melds take are left out, and those lanes are not to be
/// read (they hold upper bounds).
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[inline(always)]
pub(crate) fn product_k<const K: usize>(a: &Distances, b: &Distances) -> Distances {
    use std::arch::x86_64::*;
    // Lanes l with l % 8 < i: below the shifted row, to be FAR.
    const fn mask(i: usize) -> [u8; 16] {
        let mut m = [0u8; 16];
        let mut l = 0;
        while l < 16 {
            if l % 8 < i {
                m[l] = FAR;
            }
            l += 1;
        }
        m
    }
    const MASKS: [[u8; 16]; 5] = [mask(0), mask(1), mask(2), mask(3), mask(4)];
    const UNUSED: [u8; 16] = [0, 0, 0, 0, 0, FAR, FAR, FAR, 0, 0, 0, 0, 0, FAR, FAR, FAR];
    const USED: [u8; 16] = [
        255, 255, 255, 255, 255, 0, 0, 0, 255, 255, 255, 255, 255, 0, 0, 0,
    ];
    let mut out = [0u8; 16];
    // SAFETY: SSE2 is enabled (checked by the cfg above; it is part of the
    // x86_64 baseline). The unaligned loads read exactly the 16 bytes of a
    // `[u8; 16]` behind a shared reference, the unaligned store writes the 16
    // bytes of the local `out`; no alignment is required. Byte additions wrap
    // and minima/maxima are lane-wise, so any input bytes give some output,
    // never undefined behaviour. Proven equal to the scalar definition by
    // `sse_product_equals_the_scalar_definition` (every class pair).
    unsafe {
        let load = |x: &[u8; 16]| _mm_loadu_si128(x.as_ptr() as *const __m128i);
        let far = _mm_set1_epi8(FAR as i8);
        let bv = load(b);
        // b's pairless row moved to the pair row (for a's pair row).
        let b0 = _mm_unpacklo_epi64(far, bv);
        let mut r = far;
        macro_rules! step {
            ($i:literal) => {
                let m = load(&MASKS[$i]);
                let sb = _mm_max_epu8(_mm_slli_si128::<$i>(bv), m);
                let s0 = _mm_max_epu8(_mm_slli_si128::<$i>(b0), m);
                r = _mm_min_epu8(r, _mm_add_epi8(_mm_set1_epi8(a[$i] as i8), sb));
                r = _mm_min_epu8(r, _mm_add_epi8(_mm_set1_epi8(a[8 + $i] as i8), s0));
            };
        }
        step!(0);
        if K >= 1 {
            step!(1);
        }
        if K >= 2 {
            step!(2);
        }
        if K >= 3 {
            step!(3);
        }
        if K >= 4 {
            step!(4);
        }
        r = _mm_or_si128(_mm_and_si128(r, load(&USED)), load(&UNUSED));
        _mm_storeu_si128(out.as_mut_ptr() as *mut __m128i, r);
    }
    out
}

#[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
#[inline(always)]
pub(crate) fn product_k<const K: usize>(a: &Distances, b: &Distances) -> Distances {
    crate::table::layout::cells::product(a, b)
}

/// The distance of two part groups to `k` (0..=4) melds and one pair.
#[inline(always)]
pub(crate) fn join(a: &Distances, b: &Distances, k: usize) -> u8 {
    match k {
        4 => join_k::<4>(a, b),
        3 => join_k::<3>(a, b),
        2 => join_k::<2>(a, b),
        1 => join_k::<1>(a, b),
        _ => join_k::<0>(a, b),
    }
}

/// [`join`] for a constant `K`, on 64-bit words (one row of eight lanes
/// each, as in [`optimal_k`]): lane `m` of one part's row meets lane
/// `K − m` of the other's other row, a byte reversal and a shift away; the
/// lanes past `K` are set to 0xff, and the least byte of the sixteen is the
/// distance (LLVM reduces the sixteen with byte minima). Table lanes are at
/// most [`FAR`] (64), so lane sums never carry (a corrupt table may give a
/// wrong answer, never a panic).
#[inline(always)]
fn join_k<const K: usize>(a: &Distances, b: &Distances) -> u8 {
    let row = |v: &Distances, p: usize| -> u64 {
        u64::from_le_bytes(v[8 * p..8 * p + 8].try_into().expect("eight"))
    };
    // 0xff in lanes K + 1..8.
    let past = !0u64 << (8 * K) << 8;
    let lanes = |x: u64, other: u64| x.wrapping_add(other.swap_bytes() >> (8 * (7 - K))) | past;
    least_byte::<K>(lanes(row(a, 0), row(b, 1)), lanes(row(a, 1), row(b, 0)))
}

/// The least byte of two words whose bytes past `K` are 0xff.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[inline(always)]
fn least_byte<const K: usize>(low: u64, high: u64) -> u8 {
    use std::arch::x86_64::*;
    // SAFETY: SSE2 is enabled (the cfg above; it is part of the x86_64
    // baseline), and every operation is lane-wise arithmetic on registers,
    // defined for any bits: no memory is touched. Proven equal to the
    // byte-at-a-time definition by `least_byte_equals_its_definition`.
    unsafe {
        let mut v = _mm_set_epi64x(high as i64, low as i64);
        // Halve the bytes that may hold the least, folding the upper half
        // onto the lower, until byte 0 holds it: bytes 0..=K of each word.
        v = _mm_min_epu8(v, _mm_srli_si128::<8>(v));
        if K >= 4 {
            v = _mm_min_epu8(v, _mm_srli_si128::<4>(v));
        }
        if K >= 2 {
            v = _mm_min_epu8(v, _mm_srli_si128::<2>(v));
        }
        if K >= 1 {
            v = _mm_min_epu8(v, _mm_srli_si128::<1>(v));
        }
        _mm_cvtsi128_si32(v) as u8
    }
}

/// [`least_byte`] without SSE2: a byte at a time.
#[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
#[inline(always)]
fn least_byte<const K: usize>(low: u64, high: u64) -> u8 {
    least_byte_scalar(low, high)
}

/// The definition of [`least_byte`].
#[cfg_attr(all(target_arch = "x86_64", target_feature = "sse2"), allow(dead_code))]
#[inline(always)]
fn least_byte_scalar(low: u64, high: u64) -> u8 {
    let bytes = (u128::from(high) << 64 | u128::from(low)).to_le_bytes();
    bytes.into_iter().fold(u8::MAX, u8::min)
}

/// The lanes (0xff each) of a part's cells that some optimal allocation
/// uses and a draw could lower: the part's distance is not 0 and plus the
/// rest's for the complement it reaches `d`.
#[inline(always)]
pub(crate) fn optimal_lanes(x: &Distances, rest: &Distances, k: usize, d: u8) -> u128 {
    optimal::<false>(x, rest, k, d)
}

/// The lanes (0xff each) of a part's cells that some optimal allocation
/// uses: [`optimal_lanes`] and those of distance 0 (the part's own tiles).
#[inline(always)]
pub(crate) fn optimal_cells(x: &Distances, rest: &Distances, k: usize, d: u8) -> u128 {
    optimal::<true>(x, rest, k, d)
}

/// [`optimal_k`] for `k` known only at run time.
#[inline(always)]
fn optimal<const ZEROS: bool>(x: &Distances, rest: &Distances, k: usize, d: u8) -> u128 {
    match k {
        4 => optimal_k::<4, ZEROS>(x, rest, d),
        3 => optimal_k::<3, ZEROS>(x, rest, d),
        2 => optimal_k::<2, ZEROS>(x, rest, d),
        1 => optimal_k::<1, ZEROS>(x, rest, d),
        _ => optimal_k::<0, ZEROS>(x, rest, d),
    }
}

/// [`optimal_lanes`] (or with `ZEROS`, [`optimal_cells`]) for a constant
/// `K`, on 64-bit words (one row of eight lanes each): the rest's
/// complementary cell for lane `m` is lane `K − m` of the other row, a
/// byte reversal and a shift away. Lanes hold at most [`FAR`] (64), so
/// lane sums never carry.
#[inline(always)]
fn optimal_k<const K: usize, const ZEROS: bool>(x: &Distances, rest: &Distances, d: u8) -> u128 {
    const L: u64 = 0x0101_0101_0101_0101;
    const LOW: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let row = |v: &Distances, p: usize| -> u64 {
        u64::from_le_bytes(v[8 * p..8 * p + 8].try_into().expect("eight"))
    };
    // Lanes 0..=K (high bit of each byte).
    let valid = HIGH >> (8 * (7 - K));
    let lanes = |xr: u64, other: u64| -> u64 {
        let comp = other.swap_bytes() >> (8 * (7 - K));
        let t = xr.wrapping_add(comp) ^ (d as u64).wrapping_mul(L);
        let equal = !((t & LOW).wrapping_add(LOW) | t) & HIGH;
        let nonzero = ((xr & LOW).wrapping_add(LOW) | xr) & HIGH;
        let kept = if ZEROS { HIGH } else { nonzero };
        ((equal & kept & valid) >> 7).wrapping_mul(0xff)
    };
    let low = lanes(row(x, 0), row(rest, 1));
    let high = lanes(row(x, 1), row(rest, 0));
    (high as u128) << 64 | low as u128
}

/// Lanes (0xff each, as [`optimal_lanes`] gives them) as a bit per lane
/// (bit `l` for lane `l`), to test against the class-pair masks of
/// [`DistanceTables::suit_lowers`](crate::table::DistanceTables::suit_lowers).
#[inline(always)]
pub(crate) fn lane_bits(lanes: u128) -> u16 {
    // Bit 0 of each byte lane to one bit each: the eight products land on
    // distinct bits of the top byte, so nothing carries.
    let bits =
        |w: u64| ((w & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u16;
    bits(lanes as u64) | bits((lanes >> 64) as u64) << 8
}

/// Whether one more tile takes a part from distances `now` to `next` lower
/// in one of the `optimal` lanes (0xff per lane, as a u128 mask). A tile
/// more never costs more, so "lower" is "different".
#[inline(always)]
pub(crate) fn lowers(now: &Distances, next: &Distances, optimal: u128) -> bool {
    (u128::from_le_bytes(*now) ^ u128::from_le_bytes(*next)) & optimal != 0
}

/// The ranks (bit per rank) of a part whose draw lowers one of its
/// `optimal` lanes, each looked up through `distances` of the neighbour's
/// index (a rank without room looks up the part itself: no change).
/// Branch-free: trying to skip ranks that cannot help costs more in
/// mispredicted branches than the lookups it saves.
#[inline(always)]
pub(crate) fn improving_ranks<'a, const N: usize>(
    part: &Neighbourhood<N>,
    x: &Distances,
    optimal: u128,
    distances: impl Fn(usize) -> &'a Distances,
) -> u16 {
    let mut ranks = 0u16;
    for r in 0..N {
        ranks |= (lowers(x, distances(part.up(r)), optimal) as u16) << r;
    }
    ranks
}

const LANE_LOW: u128 = u128::from_le_bytes([0x7f; 16]);
const LANE_HIGH: u128 = u128::from_le_bytes([0x80; 16]);

/// The high bit (0x80) of each byte lane of `x` that is at least `n`:
/// adding `0x80 − n` sets it exactly there. Lanes below `n + 0x80` (caps,
/// counts and gains are at most 5 here), so no lane carries.
#[inline(always)]
pub(super) fn lanes_at_least(x: u128, n: u8) -> u128 {
    (x + u128::from_le_bytes([0x80 - n; 16])) & LANE_HIGH
}

/// 0xff in each byte lane of `x` that is not zero.
#[inline(always)]
pub(super) fn nonzero_lanes(x: u128) -> u128 {
    let high = (((x & LANE_LOW).wrapping_add(LANE_LOW)) | x) & LANE_HIGH;
    (high >> 7).wrapping_mul(0xff)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::Tables;

    /// The vector reduction of `least_byte` equals its definition for each
    /// `K`, on random bytes (the bytes past `K` of each word 0xff) and on
    /// each single byte the least.
    #[test]
    fn least_byte_equals_its_definition() {
        fn check<const K: usize>(rng: &mut crate::sets::Rng) {
            let past = !0u64 << (8 * K) << 8;
            let mut word = || (rng.below(1 << 32) as u64) << 32 | rng.below(1 << 32) as u64;
            for _ in 0..20_000 {
                let (low, high) = (word() | past, word() | past);
                assert_eq!(least_byte::<K>(low, high), least_byte_scalar(low, high));
            }
            for b in 0..=K {
                for (low, high) in [
                    (!(0xff << (8 * b)) | 7 << (8 * b), !0),
                    (!0, !(0xff << (8 * b)) | 7 << (8 * b)),
                ] {
                    assert_eq!(least_byte::<K>(low, high), 7, "{K} {b}");
                }
            }
        }
        let mut rng = crate::sets::Rng::new(5);
        check::<0>(&mut rng);
        check::<1>(&mut rng);
        check::<2>(&mut rng);
        check::<3>(&mut rng);
        check::<4>(&mut rng);
    }

    /// The SSE2 product equals the scalar definition on every pair of
    /// class vectors, and on products of products.
    #[test]
    fn sse_product_equals_the_scalar_definition() {
        use crate::table::layout::cells::product as scalar;
        let t = Tables::embedded().distance_tables();
        let suits: Vec<Distances> = (0..=255).map(|c| *t.suit(c)).collect();
        let honors: Vec<Distances> = (0..=255).map(|c| *t.honor(c)).collect();
        for a in &suits[..130] {
            for b in suits[..130].iter().chain(&honors[..60]) {
                let ab = product(a, b);
                assert_eq!(ab, scalar(a, b), "{a:?} {b:?}");
                assert_eq!(product(&ab, a), scalar(&ab, a));
            }
        }
        // Any bytes at all (a corrupt table) give some answer, never a panic.
        let mut rng = crate::sets::Rng::new(5);
        for _ in 0..10_000 {
            let mut a = [0u8; 16];
            let mut b = [0u8; 16];
            for x in a.iter_mut().chain(b.iter_mut()) {
                *x = rng.below(256) as u8;
            }
            let _ = product(&a, &b);
        }
    }

    /// The product of the lanes of at most `k` melds equals the whole
    /// product there, both rows, for every `k` and every pair of class
    /// vectors (and products of products).
    #[test]
    fn product_up_to_k_melds_equals_the_product_in_those_lanes() {
        let t = Tables::embedded().distance_tables();
        let suits: Vec<Distances> = (0..=255).map(|c| *t.suit(c)).collect();
        let honors: Vec<Distances> = (0..=255).map(|c| *t.honor(c)).collect();
        let lanes = |x: &Distances, k: usize| [&x[..=k], &x[8..=8 + k]].concat();
        for a in &suits[..130] {
            for b in suits[..130].iter().chain(&honors[..60]) {
                let ab = product(a, b);
                for k in 0..=4 {
                    assert_eq!(lanes(&product_up_to(a, b, k), k), lanes(&ab, k));
                    let again = product_up_to(&ab, a, k);
                    assert_eq!(lanes(&again, k), lanes(&product(&ab, a), k));
                }
            }
        }
    }

    /// Joined with nothing, a part's distance towards `k` melds and a pair
    /// is its own cell of `k` melds and a pair (what Sichuan's two kept
    /// suits read from their pair product): every class and pair product.
    #[test]
    fn joining_nothing_reads_the_cell_of_k_melds_and_a_pair() {
        let t = Tables::embedded().distance_tables();
        let classes = (0..=255).map(|c| *t.suit(c));
        let pairs = (0..130).flat_map(|a| (0..130).map(move |b| *t.suit_pair(a, b)));
        for x in classes.chain(pairs) {
            for k in 0..=4 {
                assert_eq!(join(&x, &NOTHING, k), x[8 + k], "{x:?} {k}");
            }
        }
    }
}
