//! Flags built from tables: the scorers' situation switches and valued
//! flags are listed once, as (name, help) and (name, value, help), and
//! become clap arguments here.

use clap::{Arg, ArgAction, Command};

/// A `--name` switch for each (name, help), under `heading` in `--help`.
pub fn switches(
    mut cmd: Command,
    heading: &'static str,
    table: &[(&'static str, &'static str)],
) -> Command {
    for &(name, help) in table {
        cmd = cmd.arg(
            Arg::new(name)
                .long(name)
                .action(ArgAction::SetTrue)
                .help(help)
                .help_heading(heading),
        );
    }
    cmd
}

/// A `--name VALUE` flag for each (name, value, help), under `heading`.
pub fn values(
    mut cmd: Command,
    heading: &'static str,
    table: &[(&'static str, &'static str, &'static str)],
) -> Command {
    for &(name, value, help) in table {
        cmd = cmd.arg(
            Arg::new(name)
                .long(name)
                .value_name(value)
                .help(help)
                .help_heading(heading),
        );
    }
    cmd
}
