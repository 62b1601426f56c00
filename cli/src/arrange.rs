//! `hupai arrange`: every arrangement of a complete hand.

use super::{batch, with_engine, Common, HandArgs};
use hupai::answer::{self, form_name};
use hupai::{Arranged, Form, Hand};
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
    with_engine(common, |engine| {
        batch::run(common, &args.hands, |input| {
            let (hand, _) = common.read_hand(engine, input)?;
            let all = engine.arrangements(&hand).map_err(|e| e.to_string())?;
            Ok(match &all {
                Arranged::Plain(all) => reply(
                    common,
                    &hand,
                    all,
                    |a| a.form(),
                    || answer::Arrangements::new(&hand, all),
                ),
                // Each group shows its jokers (`12*3m`: the joker is 2m),
                // groups of jokers only are `JJJ` / `JJ` / `JJJJ`.
                Arranged::Jokers { jokers, all } => reply(
                    common,
                    &hand,
                    all,
                    |a| a.form,
                    || answer::Arrangements::with_jokers(&hand, all, *jokers),
                ),
            })
        })
    })
}
