//! `hupai waits`: the tiles that complete a ready hand, live and exhausted.

use super::{batch, with_engine, HandArgs};
use hupai::answer;
use std::process::ExitCode;

pub fn run(args: HandArgs) -> ExitCode {
    let common = &args.common;
    with_engine(common, |engine| {
        batch::run(common, &args.hands, |input| {
            let (hand, jokers) = common.read_hand(engine, input)?;
            let w = engine.waits(&hand).map_err(|e| e.to_string())?;
            let text = || {
                let mut text = format!("{hand}  waits:");
                if w.live.is_empty() {
                    text += " none";
                } else {
                    text += &format!(" {}", w.live);
                }
                if !w.exhausted.is_empty() {
                    text += &format!("  exhausted: {}", w.exhausted);
                }
                text
            };
            let json = || answer::Waits::new(&hand, &w, jokers);
            Ok(batch::Answer::new(common.json, text, json))
        })
    })
}
