//! `hupai score`: MCR fans of a complete hand (the last concealed tile as
//! written is the winning tile). In batch mode a line may carry its own
//! scoring flags after the hand (`HAND --self-drawn --seat S`), on top of
//! those of the command line; the hand is everything before the first
//! `--` word, so it may contain spaces (`[EEE] 123m 55p --kong`).

use super::{batch, columns, Common};
use clap::Args;
use hupai::mcr::{Fan, Flags, Score, ScoringInput, Variant, Wind};
use hupai::{answer, notation, Rules};
use std::process::ExitCode;

/// Scoring has no jokers: `score --help` leaves their options out (given
/// anyway, they are refused with a reason).
#[derive(Args)]
#[command(
    mut_arg("jokers", |a| a.hide(true)),
    mut_arg("joker", |a| a.hide(true)),
    mut_arg("rules", |a| a.help("Rule set: mcr (generic, the default, reads as mcr), riichi, riichi3 or sichuan"))
)]
pub struct ScoreArgs {
    #[command(flatten)]
    common: Common,
    #[command(flatten)]
    flags: FlagArgs,
    #[command(flatten)]
    riichi: super::riichi_score::RiichiFlags,
    #[command(flatten)]
    sichuan: super::sichuan_score::SichuanFlags,
    /// Hands to score (the last concealed tile is the winning tile); with
    /// none, one hand per line from standard input, optionally followed by
    /// scoring flags.
    #[arg(value_name = "HAND")]
    hands: Vec<String>,
}

/// How the hand was won and the table situation.
#[derive(Args)]
struct FlagArgs {
    /// Won by self-draw (otherwise on a discard).
    #[arg(long)]
    self_drawn: bool,
    /// The winning tile is the last of its kind (和绝张).
    #[arg(long)]
    last_tile: bool,
    /// The winning tile is the last tile of the wall (妙手回春 / 海底捞月;
    /// riichi: haitei / houtei).
    #[arg(long)]
    last_wall: bool,
    /// Kong-related: replacement tile when self-drawn, robbing the kong on a
    /// discard (riichi: rinshan kaihou / chankan).
    #[arg(long)]
    kong: bool,
    /// Prevalent (round) wind: E, S, W or N.
    #[arg(long, default_value = "E", value_name = "WIND")]
    prevalent: Wind,
    /// Seat wind: E, S, W or N.
    #[arg(long, default_value = "E", value_name = "WIND")]
    seat: Wind,
    /// Flower tiles, 0 to 8 (counted after a legal win).
    #[arg(long, default_value_t = 0, value_name = "N", value_parser = hupai::mcr::input::parse_flowers)]
    flowers: u8,
    /// Rule variant: default, or green-book (Two Concealed Kongs 8, Concealed
    /// Kong and Melded Kong 6).
    #[arg(long, default_value = "default", value_name = "VARIANT")]
    variant: Variant,
}

impl FlagArgs {
    fn flags(&self) -> Flags {
        Flags {
            self_drawn: self.self_drawn,
            last_tile: self.last_tile,
            last_wall: self.last_wall,
            kong: self.kong,
            seat: self.seat,
            prevalent: self.prevalent,
            flowers: self.flowers,
            variant: self.variant,
        }
    }
}

pub fn run(args: ScoreArgs) -> ExitCode {
    let common = &args.common;
    if common.rules == Rules::RIICHI || common.rules == Rules::RIICHI3 {
        return run_riichi(&args);
    }
    if common.rules == Rules::SICHUAN {
        return run_sichuan(&args);
    }
    if args.sichuan.any() {
        eprintln!("hupai: the Sichuan scoring flags need --rules sichuan");
        return ExitCode::from(2);
    }
    if args.riichi.any() {
        eprintln!("hupai: the riichi scoring flags need --rules riichi or riichi3");
        return ExitCode::from(2);
    }
    if common.rules != Rules::MCR && common.rules != Rules::GENERIC {
        eprintln!(
            "hupai: score uses the MCR rules or, with --rules riichi or riichi3, the riichi rules; --rules {} does not apply",
            common.rules
        );
        return ExitCode::from(2);
    }
    if !common.jokers().is_none() {
        eprintln!("hupai: score uses the MCR rules, which have no jokers; --jokers and --joker do not apply");
        return ExitCode::from(2);
    }
    let base = args.flags.flags();
    batch::scored(common, &args.hands, |engine, hand, words| {
        let mut flags = base;
        flags
            .apply_words(words.split_whitespace())
            .map_err(|e| e.to_string())?;
        let input = ScoringInput::from_hand(hand, flags).map_err(|e| e.to_string())?;
        let score = engine.score(&input).map_err(|e| e.to_string())?;
        let shown = notation::format_mpsz_with_last(input.hand());
        Ok(batch::Answer::new(
            common.json,
            || text_table(&shown, &input, &score),
            || answer::McrScore::new(&input, &score),
        ))
    })
}

impl FlagArgs {
    /// The situation switches riichi and Sichuan scoring read too, as flag
    /// words; refused (exit 2) where MCR-only flags were given.
    fn shared_words(&self, rules: &str) -> Result<Vec<String>, ExitCode> {
        if self.last_tile || self.flowers > 0 || self.variant != Variant::Default {
            eprintln!("hupai: --last-tile, --flowers and --variant are MCR flags; {rules} scoring does not read them");
            return Err(ExitCode::from(2));
        }
        let switches = [
            (self.self_drawn, "--self-drawn"),
            (self.kong, "--kong"),
            (self.last_wall, "--last-wall"),
        ];
        Ok(switches
            .into_iter()
            .filter(|&(on, _)| on)
            .map(|(_, name)| name.to_string())
            .collect())
    }
}

/// Sichuan scoring: the shared situation flags are passed on as words.
fn run_sichuan(args: &ScoreArgs) -> ExitCode {
    let situation = match args.flags.shared_words("Sichuan") {
        Ok(words) => words,
        Err(code) => return code,
    };
    let riichi = args.riichi.words();
    if riichi.iter().any(|w| w != "--first-turn") {
        eprintln!("hupai: the riichi scoring flags need --rules riichi or riichi3 (Sichuan reads only --first-turn of them)");
        return ExitCode::from(2);
    }
    if !args.common.jokers().is_none() {
        eprintln!("hupai: Sichuan scoring has no jokers; --jokers and --joker do not apply");
        return ExitCode::from(2);
    }
    let shared: Vec<String> = riichi.iter().cloned().chain(situation).collect();
    super::sichuan_score::run(&args.common, &args.hands, shared, &args.sichuan)
}

/// Riichi scoring: the flags both scorers read are passed on as words.
fn run_riichi(args: &ScoreArgs) -> ExitCode {
    let f = &args.flags;
    if args.sichuan.any() {
        eprintln!("hupai: the Sichuan scoring flags need --rules sichuan");
        return ExitCode::from(2);
    }
    let mut shared = match f.shared_words("riichi") {
        Ok(words) => words,
        Err(code) => return code,
    };
    if !args.common.jokers().is_none() {
        eprintln!("hupai: riichi has no jokers; --jokers and --joker do not apply");
        return ExitCode::from(2);
    }
    shared.extend(["--seat".into(), f.seat.to_string()]);
    shared.extend(["--prevalent".into(), f.prevalent.to_string()]);
    super::riichi_score::run(&args.common, &args.hands, shared, &args.riichi)
}

/// A fan table: name, 中文, points, count, subtotal; then the total.
fn text_table(hand: &str, input: &ScoringInput, s: &Score) -> String {
    let flags = input.flags.to_string();
    let mut out = format!("{hand}  (winning tile {}", input.win_tile());
    if !flags.is_empty() {
        out += &format!(", {flags}");
    }
    out += &format!(")  {}\n", s.arrangement);
    for f in &s.fans {
        let name = columns::pad(f.fan.name(), 34);
        let chinese = columns::pad(f.fan.chinese(), 12);
        out += &format!(
            "  {name}{chinese}{:>3} ×{:<2}{:>5}\n",
            f.points,
            f.count,
            f.total()
        );
    }
    let verdict = if s.legal {
        "legal win".to_string()
    } else {
        format!(
            "not a legal win: {} points without flowers, 8 needed",
            s.points_without_flowers()
        )
    };
    out += &format!("  total {} ({verdict})", s.total);
    if s.has(Fan::FlowerTiles) {
        out += ", flowers included";
    }
    out
}
