//! `hupai arrange`: every arrangement of a complete hand.

use super::{batch, with_tables, Common, Engine, HandArgs};
use hupai::engine::jokers::JokerArrangement;
use hupai::{Arrangement, Form, Hand};
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

/// The answer for a hand's arrangements, plain or with jokers: a count line
/// and one line per arrangement (special forms named), or the JSON object.
fn answer<T: std::fmt::Display>(
    common: &Common,
    hand: &Hand,
    jokers: Option<usize>,
    all: &[T],
    form: impl Fn(&T) -> Form,
    groups: impl Fn(&T) -> Vec<String>,
) -> batch::Answer {
    let text = || {
        let mut text = match all.len() {
            0 => format!("{hand}  not complete"),
            1 => format!("{hand}  1 arrangement"),
            n => format!("{hand}  {n} arrangements"),
        };
        for a in all {
            text += "\n  ";
            if form(a) != Form::Standard {
                text += form_name(form(a));
                text += ": ";
            }
            text += &a.to_string();
        }
        text
    };
    let json = || {
        let v = json!({
            "hand": hand.to_string(),
            "count": all.len(),
            "arrangements": all.iter().map(&groups).collect::<Vec<_>>(),
            "forms": all.iter().map(|a| form_name(form(a))).collect::<Vec<_>>(),
        });
        batch::with_jokers(v, jokers)
    };
    batch::Answer::new(common.json, text, json)
}

pub fn run(args: HandArgs) -> ExitCode {
    let common = &args.common;
    with_tables(common, |engine| {
        batch::run(common, &args.hands, |input| {
            if !common.jokers().is_none() {
                return with_jokers(engine, common, input);
            }
            let hand = common.parse_hand(input)?;
            let all = engine.arrangements(&hand, &common.rules);
            Ok(answer(common, &hand, None, &all, |a| a.form(), groups))
        })
    })
}

/// `hupai arrange` with `--jokers` / `--joker`: each group shows its jokers
/// (`12*3m`: the joker is 2m), groups of jokers only are `JJJ` / `JJ` / `JJJJ`.
fn with_jokers(engine: &dyn Engine, common: &Common, input: &str) -> Result<batch::Answer, String> {
    let (hand, _, jokers) = common.parse_hand_jokers(input)?;
    let all = engine
        .arrangements_with(&hand, &common.jokers(), &common.rules)
        .map_err(|e| e.to_string())?;
    let groups = |a: &JokerArrangement| -> Vec<String> {
        let free = a.free.to_string();
        a.groups
            .iter()
            .map(|g| g.to_string())
            .chain(free.split_whitespace().map(String::from))
            .collect()
    };
    Ok(answer(
        common,
        &hand,
        Some(jokers),
        &all,
        |a| a.form,
        groups,
    ))
}
