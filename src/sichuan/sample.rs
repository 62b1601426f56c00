//! Seeded samples for the benchmarks: random winning Sichuan hands with
//! varied situations, and typical rounds to settle.

use super::settle::{Event, KongEvent, KongKind, Round, WallEndEvent, WinEvent};
use super::situation::{ScoringInput, Settings};
use crate::hand::{From, Hand, Meld, MeldKind};
use crate::sets::Rng;
use crate::tile::{Tile, KINDS};
use std::collections::BTreeMap;

/// A random winning hand of at most two suits: seven pairs one time in
/// eight, otherwise four sets (pungs and runs, up to three of them declared
/// pungs or kongs) and a pair, the pair's tile last. Tiles come from `pool`.
fn winning_hand(rng: &mut Rng, pool: &mut [u8; KINDS]) -> Option<Hand> {
    let suits = [rng.below(3), rng.below(3)];
    let mut counts = [0u8; KINDS];
    let mut melds: Vec<Meld> = Vec::new();
    let take =
        |pool: &mut [u8; KINDS], i: usize, n: u8| (pool[i] >= n).then(|| pool[i] -= n).is_some();
    if rng.below(8) == 0 {
        let mut pairs = 0;
        for _ in 0..100 {
            let i = suits[rng.below(2)] * 9 + rng.below(9);
            if counts[i] < 4 && take(pool, i, 2) {
                counts[i] += 2;
                pairs += 1;
                if pairs == 7 {
                    let mut h = Hand::new(counts, &[]).ok()?;
                    h.set_last_tile(Tile::from_index(i));
                    return Some(h);
                }
            }
        }
        return None;
    }
    let declared = rng.below(4);
    let mut sets = 0;
    for _ in 0..200 {
        if sets == 4 {
            break;
        }
        let i = suits[rng.below(2)] * 9 + rng.below(9);
        if rng.below(2) == 0 && i % 9 <= 6 && melds.len() >= declared {
            if (0..3).all(|k| pool[i + k] > 0) {
                (0..3).for_each(|k| {
                    pool[i + k] -= 1;
                    counts[i + k] += 1;
                });
                sets += 1;
            }
        } else if melds.len() < declared {
            let kong = rng.below(3) == 0;
            if take(pool, i, 3 + u8::from(kong)) {
                let tile = Tile::from_index(i)?;
                let m = match (kong, rng.below(2)) {
                    (true, 0) => Meld::new(MeldKind::ConcealedKong, tile, None).ok()?,
                    (true, _) => Meld::new(MeldKind::Kong, tile, Some(From::Right)).ok()?,
                    _ => Meld::new(MeldKind::Pung, tile, Some(From::Opposite)).ok()?,
                };
                melds.push(m);
                sets += 1;
            }
        } else if take(pool, i, 3) {
            counts[i] += 3;
            sets += 1;
        }
    }
    if sets < 4 {
        return None;
    }
    let i = (0..9)
        .map(|k| suits[rng.below(2)] * 9 + k)
        .find(|&i| pool[i] >= 2)?;
    pool[i] -= 2;
    counts[i] += 2;
    let mut h = Hand::new(counts, &melds).ok()?;
    h.set_last_tile(Tile::from_index(i));
    Some(h)
}

/// `n` random winning hands with varied situations (self-drawn half the
/// time, now and then a kong, the last wall tile, a void suit), seeded.
///
/// ```
/// use hupai::sichuan::{self, sample};
/// use hupai::Tables;
/// let inputs = sample::winning_inputs(100, 7);
/// assert_eq!(inputs.len(), 100);
/// assert!(inputs.iter().all(|i| sichuan::score(i, Tables::embedded()).legal));
/// ```
pub fn winning_inputs(n: usize, seed: u64) -> Vec<ScoringInput> {
    let mut rng = Rng::new(seed ^ 0x5c_4a4e);
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let mut pool = [4u8; KINDS];
        let Some(hand) = winning_hand(&mut rng, &mut pool) else {
            continue;
        };
        let mut s = Settings::default();
        let sit = &mut s.situation;
        sit.self_drawn = rng.below(2) == 0;
        sit.kong = rng.below(10) == 0;
        sit.last_wall = rng.below(20) == 0;
        sit.after_kong = !sit.self_drawn && !sit.kong && rng.below(20) == 0;
        let all = hand.all_counts();
        sit.void = (0..3)
            .find(|&s| all[s * 9..s * 9 + 9].iter().all(|&c| c == 0))
            .and_then(crate::tile::Suit::from_index);
        if let Ok(input) = ScoringInput::from_hand(hand, s) {
            out.push(input);
        }
    }
    out
}

/// A typical round, seeded: two kongs, two wins (one self-drawn, one on a
/// discard), and the wall's end with the two other players' hands (a
/// complete hand less one tile: ready; or thirteen tiles at random).
///
/// ```
/// use hupai::sichuan::{sample, settle, Options};
/// use hupai::Tables;
/// let r = sample::round(3);
/// let s = settle(&r, &Options::default(), Tables::embedded()).unwrap();
/// assert_eq!(s.net.iter().sum::<i64>(), 0);
/// ```
pub fn round(seed: u64) -> Round {
    let mut rng = Rng::new(seed ^ 0x5e_771e);
    loop {
        let mut pool = [4u8; KINDS];
        let mut hands = Vec::new();
        for _ in 0..4 {
            match winning_hand(&mut rng, &mut pool) {
                Some(h) if h.meld_count() == 0 => hands.push(h),
                Some(_) | None => break,
            }
        }
        if hands.len() < 4 {
            continue;
        }
        let text = |h: &Hand| crate::notation::format_mpsz_with_last(h);
        let mut events = vec![
            Event::Kong(KongEvent {
                player: 2,
                kind: KongKind::Concealed,
                from: None,
                tile: None,
                postponed: false,
            }),
            Event::Win(vec![WinEvent {
                player: 0,
                hand: text(&hands[0]),
                from: None,
                flags: vec![],
            }]),
            Event::Kong(KongEvent {
                player: 3,
                kind: KongKind::Melded,
                from: Some(1),
                tile: None,
                postponed: false,
            }),
            Event::Win(vec![WinEvent {
                player: 1,
                hand: text(&hands[1]),
                from: Some(3),
                flags: vec![],
            }]),
        ];
        let mut wall = BTreeMap::new();
        for p in [2usize, 3] {
            let mut h = hands[p];
            let t = crate::tile::Tile::all().find(|t| h.counts()[t.index()] > 0);
            if rng.below(2) == 0 {
                h = h.without_tile(t.expect("a tile")).expect("held");
            } else {
                h = h.without_tile(t.expect("a tile")).expect("held");
                // Break the hand: move one tile to a random kind still in the pool.
                let u = (0..27)
                    .map(|_| rng.below(27))
                    .find(|&i| pool[i] > 0 && h.counts()[i] < 4);
                let v = crate::tile::Tile::all()
                    .filter(|t| h.counts()[t.index()] > 0)
                    .last();
                if let (Some(u), Some(v)) = (u, v) {
                    h = h.without_tile(v).expect("held");
                    h = h
                        .with_tile(Tile::from_index(u).expect("index"))
                        .expect("fits");
                }
            }
            wall.insert(p.to_string(), crate::notation::format_mpsz(&h));
        }
        events.push(Event::WallEnd(WallEndEvent { hands: wall }));
        return Round {
            dealer: 0,
            void: vec![],
            events,
        };
    }
}
