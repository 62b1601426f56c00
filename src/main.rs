//! `hupai`: the command-line front end. See `hupai --help` and README.md.

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
