//! `hupai arrange`: every arrangement of a complete hand.

use super::{batch, with_tables, HandArgs};
use hupai::{Arrangement, Form};
use serde_json::json;
use std::process::ExitCode;

/// The form's name in output (`standard`, `seven pairs`, …).
fn form_name(f: Form) -> &'static str {
    match f {
        Form::Standard => "standard",
        Form::SevenPairs => "seven pairs",
        Form::ThirteenOrphans => "thirteen orphans",
        Form::SevenShiftedPairs => "seven shifted pairs",
        Form::HonorsAndKnitted => "honors and knitted",
        Form::KnittedStraight => "knitted straight",
    }
}

fn groups(a: &Arrangement) -> Vec<String> {
    a.groups().iter().map(|g| g.to_string()).collect()
}

pub fn run(args: HandArgs) -> ExitCode {
    let common = &args.common;
    with_tables(common, |engine| {
        batch::run(common, &args.hands, |input| {
            let hand = common.parse_hand(input)?;
            let all = engine.arrangements(&hand, &common.rules);
            let mut text = match all.len() {
                0 => format!("{hand}  not complete"),
                1 => format!("{hand}  1 arrangement"),
                n => format!("{hand}  {n} arrangements"),
            };
            for a in &all {
                text += "\n  ";
                if a.form() != Form::Standard {
                    text += form_name(a.form());
                    text += ": ";
                }
                text += &a.to_string();
            }
            Ok(batch::Answer {
                text,
                json: json!({
                    "hand": hand.to_string(),
                    "count": all.len(),
                    "arrangements": all.iter().map(groups).collect::<Vec<_>>(),
                    "forms": all.iter().map(|a| form_name(a.form())).collect::<Vec<_>>(),
                }),
            })
        })
    })
}
