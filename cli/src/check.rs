//! `hupai check`: complete or not.

use super::{batch, with_tables, HandArgs};
use hupai::answer;
use std::process::ExitCode;

pub fn run(args: HandArgs) -> ExitCode {
    let common = &args.common;
    with_tables(common, |engine| {
        batch::run(common, &args.hands, |input| {
            let (hand, win, jokers) = if common.jokers().is_none() {
                let hand = common.parse_hand(input)?;
                (hand, engine.is_win(&hand, &common.rules), None)
            } else {
                let (hand, real, jokers) = common.parse_hand_jokers(input)?;
                let win = engine.is_win_jokers(&real, jokers, &common.rules);
                (hand, win, Some(jokers))
            };
            Ok(batch::Answer::new(
                common.json,
                || if win { "good" } else { "bad" }.to_string(),
                || answer::Check::new(&hand, win, jokers),
            ))
        })
    })
}
