//! `hupai arrange`: every arrangement of a complete hand.

use super::{batch, with_tables, Common, Engine, HandArgs};
use hupai::answer::{self, form_name};
use hupai::{Form, Hand};
use std::process::ExitCode;

/// The answer for a hand's arrangements, plain or with jokers: a count line
/// and one line per arrangement (special forms named), or the JSON object.
fn reply<T: std::fmt::Display>(
    common: &Common,
    hand: &Hand,
    all: &[T],
    form: impl Fn(&T) -> Form,
    json: impl FnOnce() -> answer::Arrangements,
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
            Ok(reply(
                common,
                &hand,
                &all,
                |a| a.form(),
                || answer::Arrangements::new(&hand, &all),
            ))
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
    Ok(reply(
        common,
        &hand,
        &all,
        |a| a.form,
        || answer::Arrangements::with_jokers(&hand, &all, jokers),
    ))
}
