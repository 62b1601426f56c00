//! `hupai check`: complete or not.

use super::{batch, with_engine, HandArgs};
use hupai::answer;
use std::process::ExitCode;

pub fn run(args: HandArgs) -> ExitCode {
    let common = &args.common;
    with_engine(common, |engine| {
        batch::run(common, &args.hands, |input| {
            let (hand, jokers) = common.read_hand(engine, input)?;
            let win = engine.is_win(&hand);
            Ok(batch::Answer::new(
                common.json,
                || if win { "good" } else { "bad" }.to_string(),
                || answer::Check::new(&hand, win, jokers),
            ))
        })
    })
}
