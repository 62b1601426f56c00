//! `hupai shanten`: shanten and effective tiles (3n+1 hands), or the discard
//! table (3n+2 hands).

use super::{batch, with_engine, Common};
use clap::Args;
use hupai::engine::{Effective, Ukeire};
use hupai::{answer, Counts, Notation};
use std::process::ExitCode;

#[derive(Args)]
pub struct ShantenArgs {
    #[command(flatten)]
    pub common: Common,
    /// Tiles seen outside the hand (discards, other players' melds,
    /// indicators), in mpsz (`--visible 1m1m5z`): they lower the remaining
    /// counts of the effective tiles.
    #[arg(long, value_name = "TILES")]
    pub visible: Option<String>,
    /// Hands to evaluate; with none, one hand per line from standard input.
    #[arg(value_name = "HAND")]
    pub hands: Vec<String>,
}

pub fn run(args: ShantenArgs) -> ExitCode {
    let common = &args.common;
    let visible: Counts = match &args.visible {
        None => [0; 34],
        Some(s) => match hupai::notation::parse(s, Notation::Mpsz) {
            Ok(h) => h.all_counts(),
            Err(e) => {
                eprintln!("hupai: --visible {s}: {e}");
                return ExitCode::from(2);
            }
        },
    };
    with_engine(common, |engine| {
        batch::run(common, &args.hands, |input| {
            let (hand, jokers) = common.read_hand(engine, input)?;
            let u = engine.ukeire(&hand, &visible).map_err(|e| e.to_string())?;
            let name = hand.to_string();
            let answer = match u {
                Ukeire::Draw(e) => batch::Answer::new(
                    common.json,
                    || format!("{name}: {}; {}", shanten_text(e.shanten()), tiles_text(&e)),
                    || answer::Effective::new(&hand, &e, jokers),
                ),
                Ukeire::Discard(d) => batch::Answer::new(
                    common.json,
                    || {
                        let mut text = format!("{name}: {}", shanten_text(d.shanten()));
                        for (tile, e) in d.iter() {
                            text += &format!(
                                "\n  discard {tile} -> {}; {}",
                                shanten_text(e.shanten()),
                                tiles_text(&e)
                            );
                        }
                        text
                    },
                    || answer::Discards::new(&hand, &d, jokers),
                ),
            };
            Ok(answer)
        })
    })
}

fn shanten_text(s: i8) -> String {
    match s {
        -1 => "complete (shanten -1)".to_string(),
        0 => "ready (shanten 0)".to_string(),
        n => format!("shanten {n}"),
    }
}

/// `effective 2z×3 5z×1 (2 kinds, 4 tiles)`.
fn tiles_text(e: &Effective) -> String {
    let kinds = e.tiles().len();
    if kinds == 0 {
        return "no effective tile".to_string();
    }
    let list: Vec<String> = e.iter().map(|(t, n)| format!("{t}×{n}")).collect();
    format!(
        "effective {} ({kinds} kind{}, {} tile{})",
        list.join(" "),
        if kinds == 1 { "" } else { "s" },
        e.total(),
        if e.total() == 1 { "" } else { "s" }
    )
}
