//! Batch mode: hands from the arguments or streamed from standard input,
//! evaluated in parallel, printed in input order. One bad line prints its
//! error in its place and makes the exit code 1; the others are unaffected.

use super::Common;
use rayon::prelude::*;
use serde_json::{json, Value};
use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;

/// What a command prints for one hand: the text or the JSON line.
pub struct Answer(String);

impl Answer {
    /// The answer in the form the options ask for; only that form is built
    /// (the other one's canonical hand text and JSON tree would be waste).
    pub fn new(json: bool, text: impl FnOnce() -> String, value: impl FnOnce() -> Value) -> Answer {
        Answer(if json { value().to_string() } else { text() })
    }
}

/// `value` with a `jokers` field when the hand had jokers.
pub fn with_jokers(mut value: Value, jokers: Option<usize>) -> Value {
    if let Some(n) = jokers {
        value["jokers"] = n.into();
    }
    value
}

/// Lines read and evaluated together; bounds memory on endless input.
const CHUNK: usize = 16 * 1024;

/// Evaluate every hand with `eval` and print the answers in order.
pub fn run(
    common: &Common,
    hands: &[String],
    eval: impl Fn(&str) -> Result<Answer, String> + Sync,
) -> ExitCode {
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(common.threads.unwrap_or(0))
        .build()
    {
        Ok(p) => p,
        Err(e) => {
            eprintln!("hupai: cannot start worker threads: {e}");
            return ExitCode::from(2);
        }
    };
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut failed = false;
    let mut emit = |chunk: &[String], out: &mut BufWriter<io::StdoutLock>| -> io::Result<()> {
        let answers: Vec<Result<Answer, String>> =
            pool.install(|| chunk.par_iter().map(|h| eval(h.trim())).collect());
        for (input, a) in chunk.iter().zip(answers) {
            let line = match (a, common.json) {
                (Ok(a), false) if common.glyphs => super::glyphs::rewrite(&a.0),
                (Ok(a), _) => a.0,
                (Err(e), json) => {
                    failed = true;
                    if json {
                        json!({ "hand": input.trim(), "error": e }).to_string()
                    } else {
                        format!("error: {}: {e}", input.trim())
                    }
                }
            };
            writeln!(out, "{line}")?;
        }
        out.flush()
    };
    let result = if hands.is_empty() {
        stream_stdin(|chunk| emit(chunk, &mut out))
    } else {
        emit(hands, &mut out)
    };
    match result {
        // A closed pipe (`hupai check < big | head`) is a normal way to stop.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("hupai: {e}");
            ExitCode::from(2)
        }
        Ok(()) if failed => ExitCode::from(1),
        Ok(()) => ExitCode::SUCCESS,
    }
}

/// Feed non-empty stdin lines to `f` in chunks of [`CHUNK`].
fn stream_stdin(mut f: impl FnMut(&[String]) -> io::Result<()>) -> io::Result<()> {
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines();
    let mut chunk = Vec::with_capacity(CHUNK);
    loop {
        chunk.clear();
        for line in lines.by_ref() {
            let line = line?;
            if !line.trim().is_empty() {
                chunk.push(line);
                if chunk.len() == CHUNK {
                    break;
                }
            }
        }
        if chunk.is_empty() {
            return Ok(());
        }
        f(&chunk)?;
    }
}
