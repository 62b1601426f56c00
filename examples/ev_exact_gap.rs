//! How far the default discard EV (`--extra 1`) is from `--exact`, on the
//! seeded sample of `hupai::ev::sample` (R14 hands of riichi shanten 1 and
//! 2), riichi rules, T draws: per t, the mean and worst absolute difference
//! of tenpai and win over every discard; how often the best discard
//! differs (and what that costs in exact win at T); the time and states of
//! each. Prints a markdown table.
//!
//! `cargo run --release --example ev_exact_gap -- [TURNS] [HANDS] [SHANTEN]`
//! (default 3 draws, 30 hands of each shanten, shanten 1 and 2; `--exact`
//! runs with the largest state limit).

use hupai::ev::{analyze, Analysis, Options};
use hupai::{Hand, Rules, Tables};
use std::time::Instant;

fn timed(h: &Hand, o: &Options) -> (Analysis, f64) {
    let start = Instant::now();
    let a = analyze(Tables::embedded(), h, &Rules::RIICHI, o).expect("the sample analyses");
    (a, start.elapsed().as_secs_f64() * 1e3)
}

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("TURNS and HANDS are numbers"))
        .collect();
    let turns = args.first().copied().unwrap_or(3);
    let n = args.get(1).copied().unwrap_or(30);
    let only = args.get(2).map(|&s| s as i8);
    println!(
        "| shanten (hands) | t | Δ tenpai mean / worst | Δ win mean / worst | best discard differs | exact ms / states | default ms / states |"
    );
    println!("|---|---|---|---|---|---|---|");
    for shanten in [1, 2].into_iter().filter(|s| only.is_none_or(|o| o == *s)) {
        let hands = hupai::ev::sample(shanten, n);
        let mut sum = vec![[0.0f64; 2]; turns];
        let mut worst = vec![[0.0f64; 2]; turns];
        let (mut rows, mut differs, mut lost) = (0usize, 0usize, 0.0f64);
        let (mut ms, mut states) = ([0.0f64; 2], [0usize; 2]);
        for h in &hands {
            let default = Options {
                turns,
                ..Options::default()
            };
            let exact = Options {
                exact: true,
                max_states: hupai::ev::MAX_STATES,
                ..default.clone()
            };
            let (d, d_ms) = timed(h, &default);
            let (e, e_ms) = timed(h, &exact);
            ms[0] += e_ms;
            ms[1] += d_ms;
            states[0] += e.states;
            states[1] += d.states;
            for x in &e.discards {
                let y = d
                    .discards
                    .iter()
                    .find(|y| y.tile == x.tile)
                    .expect("the same discards");
                for t in 0..turns {
                    for (lane, (a, b)) in [(x.tenpai[t], y.tenpai[t]), (x.win[t], y.win[t])]
                        .into_iter()
                        .enumerate()
                    {
                        let diff = (a - b).abs();
                        sum[t][lane] += diff;
                        worst[t][lane] = worst[t][lane].max(diff);
                    }
                }
                rows += 1;
            }
            // The default's best discard, valued exactly, against the best.
            let best = &e.discards[0];
            let chosen = e
                .discards
                .iter()
                .find(|x| x.tile == d.discards[0].tile)
                .expect("the same discards");
            let key = |x: &hupai::ev::DiscardEv| {
                x.score.as_ref().map_or(x.win[turns - 1], |s| s[turns - 1])
            };
            if chosen.tile != best.tile && key(chosen) < key(best) * (1.0 - 1e-12) {
                differs += 1;
                lost = lost.max(best.win[turns - 1] - chosen.win[turns - 1]);
            }
        }
        let k = hands.len() as f64;
        for t in 0..turns {
            let cell = |lane: usize| {
                format!(
                    "{:.2e} / {:.2e}",
                    sum[t][lane] / rows as f64,
                    worst[t][lane]
                )
            };
            let (first, last) = if t == 0 {
                (
                    format!("{shanten} ({})", hands.len()),
                    [
                        format!("{differs} of {} (win lost ≤ {lost:.1e})", hands.len()),
                        format!("{:.1} / {:.0}", ms[0] / k, states[0] as f64 / k),
                        format!("{:.2} / {:.0}", ms[1] / k, states[1] as f64 / k),
                    ],
                )
            } else {
                (String::new(), [String::new(), String::new(), String::new()])
            };
            println!(
                "| {first} | {} | {} | {} | {} | {} | {} |",
                t + 1,
                cell(0),
                cell(1),
                last[0],
                last[1],
                last[2]
            );
        }
    }
    println!(
        "\nriichi rules, T = {turns}, the seeded R14 sample (`hupai::ev::sample`); one thread; \
         `cargo run --release --example ev_exact_gap -- {}`",
        args.iter()
            .map(|a| a.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    );
}
