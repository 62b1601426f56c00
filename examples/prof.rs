use hupai::sets::{hands, Set, SEED};
use hupai::{Rules, Tables};
use std::hint::black_box;
use std::time::Instant;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let op = args.get(1).map(|s| s.as_str()).unwrap_or("shanten");
    let set = match args.get(2).map(|s| s.as_str()).unwrap_or("R13") {
        "R13" => Set::R13,
        "M13" => Set::M13,
        "R14" => Set::R14,
        "M14" => Set::M14,
        "C14" => Set::C14,
        "T13" => Set::T13,
        _ => Set::J13,
    };
    let rules = match args.get(3).map(|s| s.as_str()).unwrap_or("riichi") {
        "riichi" => Rules::RIICHI,
        "mcr" => Rules::MCR,
        "sichuan" => Rules::SICHUAN,
        _ => Rules::GENERIC,
    };
    let reps: usize = args.get(4).map(|s| s.parse().unwrap()).unwrap_or(200);
    let mut hs = Vec::new();
    let mut b = 0u64;
    while hs.len() < 20_000 {
        for h in hands(set, 20_000, SEED.wrapping_add(b)) {
            if hs.len() < 20_000 && rules.missing_tile(&h.all_counts()).is_none() {
                hs.push(h);
            }
        }
        b += 1;
    }
    let t = Tables::embedded();
    let split: usize = args.get(5).map(|s| s.parse().unwrap()).unwrap_or(0);
    if split > 0 {
        hs.retain(|h| {
            let mut per = [0; 4];
            for m in h.melds() {
                per[m.tile().index() / 9] += 1;
            }
            let multi = per[..3].iter().any(|&n| n >= 2);
            (split == 1) == multi
        });
        println!("{} hands", hs.len());
        if split == 1 {
            classify(&hs);
        }
    }
    let mut best = f64::INFINITY;
    let mut acc = 0u64;
    for _ in 0..reps {
        let s = Instant::now();
        for (n, h) in hs.iter().enumerate() {
            let j = set.jokers(n);
            acc = acc.wrapping_add(match op {
                "jshanten" => t.shanten_jokers(black_box(h), j, &rules).unwrap_or(-2) as u64,
                "jeffective" => t
                    .effective_jokers(black_box(h), j, &rules, &[0; 34])
                    .map_or(0, |e| e.tiles().bits()),
                "jwaits" => t
                    .waits_jokers(black_box(h), j, &rules)
                    .map_or(0, |w| w.live.bits()),
                "shanten" => t.shanten(black_box(h), &rules).unwrap_or(-2) as u64,
                "effective" => t
                    .effective(black_box(h), &rules, &[0; 34])
                    .map_or(0, |e| e.tiles().bits()),
                "discards" => t
                    .discards(black_box(h), &rules, &[0; 34])
                    .map_or(0, |e| e.len() as u64),
                "waits" => t.waits(black_box(h), &rules).map_or(0, |w| w.live.bits()),
                _ => t.is_win(black_box(h), &rules) as u64,
            });
        }
        best = best.min(s.elapsed().as_secs_f64() * 1e9 / hs.len() as f64);
    }
    println!("{op} best {best:.1} ns/hand ({acc})");
}

#[allow(dead_code)]
pub fn classify(hs: &[hupai::Hand]) {
    use std::collections::BTreeMap;
    let mut m: BTreeMap<String, usize> = BTreeMap::new();
    for h in hs {
        let mut per = [0; 4];
        let mut caps = [[4i32; 9]; 3];
        for md in h.melds() {
            let i = md.tile().index();
            per[i / 9] += 1;
            if i < 27 {
                match md.kind() {
                    hupai::MeldKind::Chow => {
                        for d in 0..3 {
                            caps[i / 9][i % 9 + d] -= 1;
                        }
                    }
                    hupai::MeldKind::Pung => caps[i / 9][i % 9] -= 3,
                    _ => caps[i / 9][i % 9] -= 4,
                }
            }
        }
        let k = h.concealed_len() / 3;
        let most = if k == 0 { 2 } else { (k + 2).min(4) } as i32;
        let mut key = format!("melds{} k{}", h.meld_count(), k);
        for s in 0..3 {
            if per[s] >= 2 {
                let binds: Vec<_> = (0..9).filter(|&r| caps[s][r] < most).collect();
                let b = if k >= 2 {
                    "multi".to_string()
                } else if binds.is_empty() {
                    "open".into()
                } else if binds.len() == 1 && caps[s][binds[0]] <= 1 {
                    "single".into()
                } else {
                    format!("multi{}", binds.len())
                };
                key += &format!(" s{}:{}", per[s], b);
            }
        }
        *m.entry(key).or_default() += 1;
    }
    for (k, v) in m {
        println!("{v:6} {k}");
    }
}
