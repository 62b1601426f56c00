//! `hupai waits`: the tiles that complete a ready hand, live and exhausted.

use super::{batch, with_tables, HandArgs};
use hupai::answer;
use std::process::ExitCode;

pub fn run(args: HandArgs) -> ExitCode {
    let common = &args.common;
    with_tables(common, |engine| {
        batch::run(common, &args.hands, |input| {
            let (hand, w, jokers) = if common.jokers().is_none() {
                let hand = common.parse_hand(input)?;
                let w = engine
                    .waits(&hand, &common.rules)
                    .map_err(|e| e.to_string())?;
                (hand, w, None)
            } else {
                let (hand, _, jokers) = common.parse_hand_jokers(input)?;
                let w = engine
                    .waits_with(&hand, &common.jokers(), &common.rules)
                    .map_err(|e| e.to_string())?;
                (hand, w, Some(jokers))
            };
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
