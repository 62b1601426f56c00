//! `hupai score --rules sichuan`: fans, value and payments of a winning
//! Sichuan hand, and the Sichuan flags (situation, profile, options) that
//! `score` and `settle` take. The flags become words for
//! [`Settings::apply_words`], the parser of batch lines too.

use super::{batch, flag_table, Common};
use clap::{Arg, ArgAction, ArgMatches, Command};
use hupai::notation;
use hupai::sichuan::options::{SWITCH_FLAGS, VALUE_FLAGS};
use hupai::sichuan::{Preset, Score, ScoringInput, Settings};
use std::process::ExitCode;

/// Situation flags only Sichuan scoring reads (`--self-drawn`, `--kong`,
/// `--last-wall` and `--first-turn` are shared with the other scorers).
const SWITCHES: [(&str, &str); 3] = [
    (
        "after-kong",
        "Sichuan: won on the discard right after the discarder's kong (杠上炮)",
    ),
    ("dealer", "Sichuan: the winner is the dealer (天胡)"),
    (
        "fed-kong",
        "Sichuan: with --kong --self-drawn, the kong was claimed from a discard (点杠花)",
    ),
];
const VALUES: [(&str, &str, &str); 2] = [
    ("void", "SUIT", "Sichuan: the declared void suit, m, p or s"),
    (
        "payers",
        "N",
        "Sichuan: players who pay a self-drawn win (still in the hand), 1-3",
    ),
];

/// The Sichuan flags of the command line, as words.
#[derive(Clone, Debug, Default)]
pub struct SichuanFlags {
    words: Vec<String>,
}

impl SichuanFlags {
    /// Whether any Sichuan-only flag was given.
    pub fn any(&self) -> bool {
        !self.words.is_empty()
    }

    /// The words, the profile first.
    pub fn words(&self) -> &[String] {
        &self.words
    }
}

impl clap::FromArgMatches for SichuanFlags {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        let mut f = SichuanFlags::default();
        f.update_from_arg_matches(m)?;
        Ok(f)
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        let mut words = Vec::new();
        let values = VALUE_FLAGS
            .iter()
            .map(|v| v.0)
            .chain(VALUES.iter().map(|v| v.0));
        for name in values {
            if let Some(v) = m.get_one::<String>(name) {
                words.push(format!("--{name}"));
                words.push(v.clone());
            }
        }
        let switches = SWITCH_FLAGS
            .iter()
            .map(|s| s.0)
            .chain(SWITCHES.iter().map(|s| s.0));
        for name in switches {
            if m.get_flag(name) {
                words.push(format!("--{name}"));
            }
        }
        self.words = words;
        Ok(())
    }
}

impl clap::Args for SichuanFlags {
    fn augment_args(mut cmd: Command) -> Command {
        let heading = "Sichuan scoring (--rules sichuan)";
        cmd = flag_table::switches(cmd, heading, &SWITCHES);
        cmd = flag_table::values(cmd, heading, &VALUES);
        let options = "Sichuan rule options (over the profile)";
        for (name, value, help) in VALUE_FLAGS {
            let help = if name == "profile" {
                format!("{help}. {}", presets_help())
            } else {
                help.to_string()
            };
            cmd = cmd.arg(
                Arg::new(name)
                    .long(name)
                    .value_name(value)
                    .help(help)
                    .help_heading(options),
            );
        }
        for (name, help) in SWITCH_FLAGS {
            cmd = cmd.arg(
                Arg::new(name)
                    .long(name)
                    .action(ArgAction::SetTrue)
                    .help(help)
                    .help_heading(options),
            );
        }
        cmd
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
}

/// One line per preset: its name and what it sets.
fn presets_help() -> String {
    Preset::ALL
        .iter()
        .map(|p| {
            let what = match p {
                Preset::Default => "cap 3, all fans additive, self-draw +1 base",
                Preset::Tfmj => "cap 3, flush-stacks max",
                Preset::Mil => {
                    "kong-on-shoot refund, postponed added kong pays nothing, 查叫 counts no declared-kong root"
                }
                Preset::Chengdu => {
                    "cap 4, jiang, yao-jiu 2, men-qing, zhong-zhang, tian-di-hu 3/2"
                }
                Preset::Qq => "cap 6, long-qi-dui 4, tian-di-hu 5",
            };
            format!("{p}: {what}")
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// The settings of the command line: `shared` words (flags the other
/// scorers have too) and the Sichuan flags.
pub fn settings(shared: &[String], flags: &SichuanFlags) -> Result<Settings, String> {
    let mut s = Settings::default();
    s.apply_words(shared.iter().chain(flags.words()).map(String::as_str))
        .map_err(|e| e.to_string())?;
    Ok(s)
}

/// Score Sichuan hands.
pub fn run(
    common: &Common,
    hands: &[String],
    shared: Vec<String>,
    flags: &SichuanFlags,
) -> ExitCode {
    let base = match settings(&shared, flags) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("hupai: {e}");
            return ExitCode::from(2);
        }
    };
    batch::scored(common, hands, |engine, hand, words| {
        let mut settings = base;
        settings
            .apply_words(words.split_whitespace())
            .map_err(|e| e.to_string())?;
        let input = ScoringInput::from_hand(hand, settings).map_err(|e| e.to_string())?;
        let score = engine.sichuan_score(&input);
        let shown = notation::format_mpsz_with_last(input.hand());
        Ok(batch::Answer::new(
            common.json,
            || text_table(&shown, &input, &score),
            || score.to_json(&input),
        ))
    })
}

/// A fan table: English name, 中文, fan, count; the labels; fan, value, payments.
fn text_table(hand: &str, input: &ScoringInput, s: &Score) -> String {
    let settings = input.settings.to_string();
    let mut out = format!("{hand}  (winning tile ");
    out += &input.win_tile().map_or("-".into(), |t| t.to_string());
    if !settings.is_empty() {
        out += &format!(", {settings}");
    }
    out += ")";
    if !s.legal {
        let why = s.reason.map_or(String::new(), |r| r.to_string());
        out += &format!("\n  not a win: {why}");
        return out;
    }
    if let Some(a) = &s.arrangement {
        out += &format!("  {a}");
    }
    out += "\n";
    for f in s.fans.as_slice() {
        out += &format!(
            "  {}{}{:>3} ×{}\n",
            super::columns::pad(f.fan.name(), 26),
            super::columns::pad(f.fan.chinese(), 10),
            f.worth,
            f.count
        );
    }
    let labels: Vec<String> = s
        .labels
        .iter()
        .map(|l| format!("{} {}", l.chinese(), l.name()))
        .collect();
    if !labels.is_empty() {
        out += &format!("  = {}\n", labels.join(", "));
    }
    let cap = s.cap.map_or("no cap".into(), |c| format!("cap {c}"));
    let p = &s.payments;
    out += &format!(
        "  {} fan ({cap})  value {}  {} × {} = {}",
        s.fan, s.value, p.payers, p.each, p.total
    );
    out
}
