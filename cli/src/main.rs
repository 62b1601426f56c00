//! `hupai`, the command line: a thin shell over the `hupai` library. This
//! file holds the options every command shares and the dispatch; each
//! command is a module that converts its arguments, calls the library and
//! prints the answers. See `hupai --help` and docs/guide.md.

mod analyze;
mod arrange;
mod batch;
mod bench;
mod check;
mod columns;
mod flag_table;
mod glyphs;
mod riichi_score;
mod score;
mod settle;
mod shanten;
mod sichuan_score;
mod tables;
mod waits;

use clap::{Args, Parser, Subcommand, ValueEnum};
use hupai::{AnyTables, Hand, Jokers, Notation, Rules, Tables, Tile};
use std::path::PathBuf;
use std::process::ExitCode;

/// Mahjong hand evaluation through precomputed lookup tables.
#[derive(Parser)]
#[command(name = "hupai", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Is each hand complete (hu)? Prints good / bad.
    Check(HandArgs),
    /// Which tiles complete each ready hand (live, and exhausted when the
    /// hand holds all four copies).
    Waits(HandArgs),
    /// Every arrangement of each complete hand (melds + pair, or a special form).
    Arrange(HandArgs),
    /// Shanten and effective tiles (3n+1 tiles), or the discard table (3n+2).
    Shanten(shanten::ShantenArgs),
    /// MCR fans of each complete hand (the last concealed tile wins).
    Score(score::ScoreArgs),
    /// Build, verify or describe the table files.
    Tables(tables::TablesArgs),
    /// Settle Sichuan rounds (--rules sichuan): one JSON round per line in,
    /// each player's net and every payment out.
    Settle(settle::SettleArgs),
    /// Discard EV: per discard, tenpai / win probability and expected score
    /// by draws left.
    Analyze(analyze::AnalyzeArgs),
    /// Time the table engine against the recursive reference.
    Bench(bench::BenchArgs),
}

/// The notation of the hands on the command line or standard input.
#[derive(Clone, Copy, ValueEnum)]
pub enum NotationArg {
    /// Whichever notation parses the hand (they must agree).
    Auto,
    /// `123m456p789s11z`, `[123m]` melds.
    Mpsz,
    /// `A`–`I` characters, `1`–`9` dots, `a`–`i` bamboo: `ABCeee345456DD`.
    Mediatek,
    /// Digit + `W` characters, `D` dots, `T` bamboo: `1D1D2D4W5T`.
    Chengdu,
    /// Digits + `m`/`p`/`s`, `E S W N C F P` honours: `[EEE][SSSS1]55pWWWNNN`.
    Mcr,
}

impl From<NotationArg> for Notation {
    fn from(n: NotationArg) -> Notation {
        match n {
            NotationArg::Auto => Notation::Auto,
            NotationArg::Mpsz => Notation::Mpsz,
            NotationArg::Mediatek => Notation::Mediatek,
            NotationArg::Chengdu => Notation::Chengdu,
            NotationArg::Mcr => Notation::Mcr,
        }
    }
}

/// Options every hand command takes.
#[derive(Args, Clone)]
pub struct Common {
    /// Rule set: generic, sichuan, riichi, riichi3 (three-player) or mcr.
    #[arg(long, default_value = "generic", value_parser = parse_rules)]
    pub rules: Rules,
    /// Notation of the hands.
    #[arg(long, value_enum, default_value = "auto")]
    pub notation: NotationArg,
    /// Memory-map the table files of DIR instead of using the embedded tables.
    #[arg(long, value_name = "DIR")]
    pub tables: Option<PathBuf>,
    /// One JSON object per hand per line.
    #[arg(long)]
    pub json: bool,
    /// Write the tiles of text answers as Unicode mahjong tiles (🀇🀈🀉).
    #[arg(long)]
    pub glyphs: bool,
    /// Worker threads for batch mode (default: all cores; at most 4 × cores).
    #[arg(long, value_name = "N", value_parser = parse_threads)]
    pub threads: Option<usize>,
    /// N jokers (wildcards) in addition to the listed tiles.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub jokers: usize,
    /// Every copy of TILE in the hand is a joker, e.g. 7z (the Red-dragon game).
    #[arg(long, value_name = "TILE", value_parser = parse_tile)]
    pub joker: Option<Tile>,
}

fn parse_rules(s: &str) -> Result<Rules, hupai::FlagError> {
    s.parse()
}

/// A thread count up to four per core: more only costs memory and start-up
/// time (100,000 threads tied a machine up for minutes), so refuse it at once.
fn parse_threads(s: &str) -> Result<usize, String> {
    let n: usize = s
        .parse()
        .map_err(|_| format!("'{s}' is not a number of threads"))?;
    let cores = std::thread::available_parallelism().map_or(1, |c| c.get());
    let max = cores * 4;
    if n > max {
        return Err(format!(
            "{n} threads is more than 4 × the {cores} cores of this machine; use at most {max}"
        ));
    }
    Ok(n)
}

fn parse_tile(s: &str) -> Result<Tile, String> {
    s.parse::<Tile>().map_err(|e| e.to_string())
}

/// A hand command's arguments: common options, then hands (none = stdin).
#[derive(Args)]
pub struct HandArgs {
    #[command(flatten)]
    pub common: Common,
    /// Hands to evaluate; with none, one hand per line from standard input.
    #[arg(value_name = "HAND")]
    pub hands: Vec<String>,
}

impl Common {
    /// Parse one hand and check its tiles exist under the rule set.
    pub fn parse_hand(&self, input: &str) -> Result<Hand, String> {
        let hand =
            hupai::notation::parse(input, self.notation.into()).map_err(|e| e.to_string())?;
        if !self.rules.honors {
            if let Some(t) =
                hupai::Tile::all().find(|t| t.is_honor() && hand.all_counts()[t.index()] > 0)
            {
                return Err(format!(
                    "honour tile {t} does not exist under {} rules",
                    self.rules
                ));
            }
        }
        if let Some(t) = self.rules.missing_tile(&hand.all_counts()) {
            let at = hupai::riichi::three::position_of(input, t)
                .map_or(String::new(), |p| format!(" at position {p}"));
            return Err(format!(
                "tile {t}{at} does not exist under {} rules (three-player riichi has no 2m-8m)",
                self.rules
            ));
        }
        Ok(hand)
    }

    /// The joker specification of `--jokers` and `--joker`.
    pub fn jokers(&self) -> Jokers {
        Jokers {
            extra: self.jokers,
            tile: self.joker,
        }
    }

    /// Parse one hand that may hold jokers: the hand as written and, when
    /// the options name jokers, its joker count (checked against the largest
    /// hand of the rule set). With `--jokers N` an empty hand is N jokers
    /// alone.
    pub fn read_hand(
        &self,
        engine: &CliEngine,
        input: &str,
    ) -> Result<(Hand, Option<usize>), String> {
        let hand = if input.trim().is_empty() && self.jokers > 0 {
            Hand::new([0; hupai::KINDS], &[]).map_err(|e| e.to_string())?
        } else {
            self.parse_hand(input)?
        };
        let jokers = engine.joker_count(&hand).map_err(|e| e.to_string())?;
        Ok((hand, jokers))
    }
}

/// The engine the options name: their rule set and jokers over a
/// memory-mapped directory, every file's checksum verified before the first
/// answer (a few ms), or over the embedded tables.
pub type CliEngine = hupai::Engine<AnyTables>;

/// Run `f` with the engine the options name.
pub fn with_engine(common: &Common, f: impl FnOnce(&CliEngine) -> ExitCode) -> ExitCode {
    let tables = match &common.tables {
        None => AnyTables::Embedded(Tables::embedded()),
        Some(dir) => match Tables::open_verified(dir) {
            Ok(t) => AnyTables::Mapped(std::sync::Arc::new(t)),
            Err(e) => {
                eprintln!("hupai: {e}");
                return ExitCode::from(2);
            }
        },
    };
    f(&hupai::Engine::new(tables, common.rules).with_jokers(common.jokers()))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Check(args) => check::run(args),
        Command::Waits(args) => waits::run(args),
        Command::Arrange(args) => arrange::run(args),
        Command::Shanten(args) => shanten::run(args),
        Command::Score(args) => score::run(args),
        Command::Tables(args) => tables::run(args),
        Command::Settle(args) => settle::run(args),
        Command::Analyze(args) => analyze::run(args),
        Command::Bench(args) => bench::run(args),
    }
}
