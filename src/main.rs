//! `hupai`: the command-line front end. See `hupai --help` and docs/guide.md.

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
