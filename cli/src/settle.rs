//! `hupai settle --rules sichuan`: one round per line as JSON (the events
//! of a hand: kongs, wins, the wall's end) in, one JSON line out per round:
//! `{"net": [4], "payments": [{"from", "to", "amount", "why"}]}`. A bad
//! round is that line's `{"error": …}`; the others are unaffected.

use super::{batch, with_engine, Common};
use clap::Args;
use hupai::sichuan::options::{SWITCH_FLAGS, VALUE_FLAGS};
use hupai::sichuan::{Round, Settings};
use hupai::Rules;
use std::process::ExitCode;

/// Settlement arguments: the common options, the profile and rule options.
#[derive(Args)]
#[command(
    mut_arg("jokers", |a| a.hide(true)),
    mut_arg("joker", |a| a.hide(true)),
    mut_arg("notation", |a| a.hide(true)),
    mut_arg("glyphs", |a| a.hide(true)),
    mut_arg("rules", |a| a.help("Rule set: sichuan (the only one that settles)")),
)]
pub struct SettleArgs {
    #[command(flatten)]
    common: Common,
    #[command(flatten)]
    options: OptionFlags,
    /// Rounds as JSON; with none, one round per line from standard input.
    #[arg(value_name = "ROUND")]
    rounds: Vec<String>,
}

/// The profile and the rule options, as words.
#[derive(Clone, Debug, Default)]
struct OptionFlags {
    words: Vec<String>,
}

impl clap::FromArgMatches for OptionFlags {
    fn from_arg_matches(m: &clap::ArgMatches) -> Result<Self, clap::Error> {
        let mut f = OptionFlags::default();
        f.update_from_arg_matches(m)?;
        Ok(f)
    }

    fn update_from_arg_matches(&mut self, m: &clap::ArgMatches) -> Result<(), clap::Error> {
        let mut words = Vec::new();
        for (name, _, _) in VALUE_FLAGS {
            if let Some(v) = m.get_one::<String>(name) {
                words.push(format!("--{name}"));
                words.push(v.clone());
            }
        }
        for (name, _) in SWITCH_FLAGS {
            if m.get_flag(name) {
                words.push(format!("--{name}"));
            }
        }
        self.words = words;
        Ok(())
    }
}

impl clap::Args for OptionFlags {
    fn augment_args(mut cmd: clap::Command) -> clap::Command {
        for (name, value, help) in VALUE_FLAGS {
            cmd = cmd.arg(clap::Arg::new(name).long(name).value_name(value).help(help));
        }
        for (name, help) in SWITCH_FLAGS {
            cmd = cmd.arg(
                clap::Arg::new(name)
                    .long(name)
                    .action(clap::ArgAction::SetTrue)
                    .help(help),
            );
        }
        cmd
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_args(cmd)
    }
}

pub fn run(args: SettleArgs) -> ExitCode {
    let mut common = args.common.clone();
    if common.rules != Rules::SICHUAN {
        eprintln!(
            "hupai: settle needs --rules sichuan (the only rule set with a settlement); got --rules {}",
            common.rules
        );
        return ExitCode::from(2);
    }
    if !common.jokers().is_none() {
        eprintln!("hupai: Sichuan settlement has no jokers; --jokers and --joker do not apply");
        return ExitCode::from(2);
    }
    let mut settings = Settings::default();
    if let Err(e) = settings.apply_words(args.options.words.iter().map(String::as_str)) {
        eprintln!("hupai: {e}");
        return ExitCode::from(2);
    }
    let options = settings.options;
    // The answer is JSON either way.
    common.json = true;
    let common = &common;
    with_engine(common, |engine| {
        batch::run(common, &args.rounds, |line| {
            let round = Round::from_json(line).map_err(|e| e.to_string())?;
            let s = engine.settle(&round, &options).map_err(|e| e.to_string())?;
            Ok(batch::Answer::new(true, String::new, || s.to_json()))
        })
    })
}
