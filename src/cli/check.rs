//! `hupai check`: complete or not.

use super::{batch, with_tables, HandArgs};
use serde_json::json;
use std::process::ExitCode;

pub fn run(args: HandArgs) -> ExitCode {
    let common = &args.common;
    with_tables(common, |engine| {
        batch::run(common, &args.hands, |input| {
            let hand = common.parse_hand(input)?;
            let win = engine.is_win(&hand, &common.rules);
            Ok(batch::Answer {
                text: if win { "good" } else { "bad" }.to_string(),
                json: json!({ "hand": hand.to_string(), "win": win }),
            })
        })
    })
}
