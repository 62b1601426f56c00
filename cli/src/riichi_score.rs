//! `hupai score --rules riichi|riichi3`: yaku, fu, han and points of a
//! winning hand. The riichi flags are built from the option
//! table ([`hupai::riichi::Options::flags`]), each a `--kebab-case` switch
//! with its `--no-` form, and read by the same parser as the per-line flags
//! of batch mode ([`Settings::apply_words`]).

use super::{batch, flag_table, Common};
use clap::{Arg, ArgAction, ArgMatches, Command};
use hupai::riichi::{Options, Score, ScoringInput, Settings};
use hupai::{answer, notation};
use std::process::ExitCode;

/// Situation switches and valued flags that only riichi scoring reads.
const SWITCHES: [(&str, &str); 6] = [
    ("riichi", "Riichi declared"),
    ("double-riichi", "Double riichi (on the first turn)"),
    (
        "open-riichi",
        "Open riichi (with --riichi or --double-riichi)",
    ),
    ("ippatsu", "Won within one turn of riichi"),
    (
        "first-turn",
        "First uninterrupted turn: tenhou/chiihou self-drawn, renhou on a discard",
    ),
    ("nagashi-mangan", "Nagashi mangan"),
];
const VALUES: [(&str, &str, &str); 8] = [
    (
        "dora",
        "TILES",
        "Dora indicators, kan dora included (mpsz, e.g. 3m7z)",
    ),
    ("ura", "TILES", "Ura dora indicators (counted after riichi)"),
    ("honba", "N", "Honba counters (100 per payer)"),
    ("sticks", "N", "Riichi sticks on the table (1000 each)"),
    ("paarenchan", "N", "Consecutive dealer wins for paarenchan"),
    (
        "nuki",
        "N",
        "Nuki dora (North tiles set aside, three-player)",
    ),
    (
        "preset",
        "PRESET",
        "Rule preset: tenhou or mahjongsoul (before the option flags)",
    ),
    (
        "kazoe-limit",
        "LIMIT",
        "13+ han without yakuman: limited, sanbaiman or no-limit",
    ),
];
/// The `--no-` forms of the option switches (clap ids are static).
const NO_FLAGS: [&str; 14] = [
    "no-has-open-tanyao",
    "no-has-aka-dora",
    "no-has-double-yakuman",
    "no-kiriage",
    "no-fu-for-open-pinfu",
    "no-fu-for-pinfu-tsumo",
    "no-renhou-as-yakuman",
    "no-has-daisharin",
    "no-has-daisharin-other-suits",
    "no-has-sashikomi-yakuman",
    "no-limit-to-sextuple-yakuman",
    "no-paarenchan-needs-yaku",
    "no-has-daichisei",
    "no-is-three-player",
];

/// The riichi flags of the command line, as words for [`Settings::apply_words`].
#[derive(Clone, Debug, Default)]
pub struct RiichiFlags {
    words: Vec<String>,
}

impl RiichiFlags {
    /// Whether any riichi-only flag was given.
    pub fn any(&self) -> bool {
        !self.words.is_empty()
    }

    /// The flags given, as words.
    pub fn words(&self) -> &[String] {
        &self.words
    }

    /// The settings these flags and the `shared` words set, on the
    /// defaults of the rule set (three-player under `riichi3`).
    pub fn settings(&self, rules: &hupai::Rules, shared: &[String]) -> Result<Settings, String> {
        let mut base = if rules.three_player {
            Settings::three_player()
        } else {
            Settings::default()
        };
        base.apply_words(shared.iter().chain(&self.words).map(String::as_str))?;
        Ok(base)
    }
}

fn option_names() -> Vec<&'static str> {
    Options::default().flags().map(|(n, _)| n).to_vec()
}

impl clap::FromArgMatches for RiichiFlags {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        let mut f = RiichiFlags::default();
        f.update_from_arg_matches(m)?;
        Ok(f)
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        let mut words = Vec::new();
        // The preset first, so that option flags refine it.
        let preset_first = VALUES.iter().filter(|v| v.0 == "preset");
        for (name, _, _) in preset_first.chain(VALUES.iter().filter(|v| v.0 != "preset")) {
            if let Some(v) = m.get_one::<String>(name) {
                words.push(format!("--{name}"));
                words.push(v.clone());
            }
        }
        for (name, _) in SWITCHES {
            if m.get_flag(name) {
                words.push(format!("--{name}"));
            }
        }
        for name in option_names().into_iter().chain(NO_FLAGS) {
            if m.get_flag(name) {
                words.push(format!("--{name}"));
            }
        }
        self.words = words;
        Ok(())
    }
}

impl clap::Args for RiichiFlags {
    fn augment_args(mut cmd: Command) -> Command {
        let heading = "Riichi scoring (--rules riichi or riichi3)";
        cmd = flag_table::switches(cmd, heading, &SWITCHES);
        cmd = flag_table::values(cmd, heading, &VALUES);
        let options = "Riichi rule options (the mahjong package's OptionalRules)";
        for name in option_names() {
            cmd = cmd.arg(
                Arg::new(name)
                    .long(name)
                    .action(ArgAction::SetTrue)
                    .help_heading(options),
            );
        }
        for name in NO_FLAGS {
            cmd = cmd.arg(
                Arg::new(name)
                    .long(name)
                    .action(ArgAction::SetTrue)
                    .hide(true),
            );
        }
        cmd
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
}

/// Score riichi hands: `shared` are the flags the MCR scorer has too
/// (`--self-drawn --kong --last-wall --seat --prevalent`), in words.
pub fn run(
    common: &Common,
    hands: &[String],
    shared: Vec<String>,
    flags: &RiichiFlags,
) -> ExitCode {
    let base = match flags.settings(&common.rules, &shared) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("hupai: {e}");
            return ExitCode::from(2);
        }
    };
    batch::scored(common, hands, |engine, hand, words| {
        let mut settings = base;
        settings.apply_words(words.split_whitespace())?;
        let input = ScoringInput::from_hand(hand, settings).map_err(|e| e.to_string())?;
        let score = engine.riichi_score(&input).map_err(|e| e.to_string())?;
        let shown = notation::format_mpsz_with_last(input.hand());
        Ok(batch::Answer::new(
            common.json,
            || text_table(&shown, &input, &score),
            || answer::RiichiScore::new(&input, &score),
        ))
    })
}

/// A yaku table: name, Japanese, han; then fu, han, limit and payments.
fn text_table(hand: &str, input: &ScoringInput, s: &Score) -> String {
    let settings = input.settings.to_string();
    let mut out = format!("{hand}  (winning tile {}", input.win_tile());
    if !settings.is_empty() {
        out += &format!(", {settings}");
    }
    out += &format!(")  {}\n", s.arrangement);
    if !s.legal {
        out += &format!("  not a legal win: {}", s.reason().unwrap_or("no yaku"));
        return out;
    }
    for (y, h) in s.yaku.as_slice() {
        out += &format!(
            "  {}{}{h:>3}\n",
            super::columns::pad(y.name(), 34),
            super::columns::pad(y.japanese(), 24)
        );
    }
    let sit = &input.settings.situation;
    let c = &s.cost;
    let pay = if sit.self_drawn && sit.is_dealer() {
        format!("tsumo {} all", c.main + c.main_bonus)
    } else if sit.self_drawn {
        format!(
            "tsumo {}/{}",
            c.additional + c.additional_bonus,
            c.main + c.main_bonus
        )
    } else {
        format!("ron {}", c.main + c.main_bonus)
    };
    let limit = c.limit.map_or(String::new(), |l| {
        if c.yakuman > 1 {
            format!("  {}x yakuman", c.yakuman)
        } else {
            format!("  {l}")
        }
    });
    out += &format!(
        "  {} han {} fu{limit}  {pay}  total {}",
        s.han, s.fu, c.total
    );
    out
}
