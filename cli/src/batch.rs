//! Batch mode: hands from the arguments or streamed from standard input,
//! evaluated in parallel, printed in input order. Every input line gets
//! exactly one output line in its place: a bad line (not UTF-8, blank, a NUL,
//! too long, or a hand that does not parse) prints its error there and makes
//! the exit code 1; the others are unaffected. So does a panic
//! on one hand, a bug: its line says so, and the batch goes on.

use super::{with_engine, CliEngine, Common};
use hupai::answer::Failure;
use hupai::mcr::input::split_flags;
use hupai::Hand;
use rayon::prelude::*;
use serde::Serialize;
use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;

/// What a command prints for one hand: the text or the JSON line.
pub struct Answer(String);

impl Answer {
    /// The answer in the form the options ask for; only that form is built
    /// (the other one's canonical hand text and typed answer would be
    /// waste). The JSON line is the typed answer serialised.
    pub fn new<T: Serialize>(
        json: bool,
        text: impl FnOnce() -> String,
        value: impl FnOnce() -> T,
    ) -> Answer {
        Answer(if json { to_json(&value()) } else { text() })
    }
}

/// One JSON line. The answers are plain data (strings, numbers, lists,
/// objects with string keys), which always serialise.
fn to_json(value: &impl Serialize) -> String {
    serde_json::to_string(value).expect("an answer serialises")
}

/// [`run`] for the scorers: each line is a hand, then (in batch mode) its
/// own flag words on top of the command line's, as `answer` reads them.
pub fn scored(
    common: &Common,
    hands: &[String],
    answer: impl Fn(&CliEngine, Hand, &str) -> Result<Answer, String> + Sync,
) -> ExitCode {
    with_engine(common, |engine| {
        run(common, hands, |line| {
            let (text, words) = split_flags(line);
            answer(engine, common.parse_hand(text)?, words)
        })
    })
}

/// Lines read and evaluated together; bounds memory on endless input.
const CHUNK: usize = 16 * 1024;
/// Longest line read as a hand; the rest of a longer line is skipped unread
/// into memory, so one endless line cannot exhaust it.
const MAX_LINE: usize = 64 * 1024;
/// Characters of a hand echoed in an error.
const ECHO: usize = 80;

/// One input line: text to evaluate, or why it cannot be a hand (with the
/// text to echo).
enum Line {
    Text(String),
    Bad { echo: String, error: String },
}

impl Line {
    /// Classify the bytes of one line (newline removed).
    fn new(bytes: Vec<u8>, too_long: bool) -> Line {
        let text = match String::from_utf8(bytes) {
            Ok(text) => text,
            Err(e) => {
                let at = e.utf8_error().valid_up_to();
                let byte = e.as_bytes()[at];
                return Line::Bad {
                    echo: String::from_utf8_lossy(e.as_bytes()).into_owned(),
                    error: format!("not UTF-8: byte 0x{byte:02X} at byte {}", at + 1),
                };
            }
        };
        let error = if too_long {
            format!("line longer than {MAX_LINE} bytes")
        } else if let Some(at) = text.chars().position(|c| c == '\0') {
            format!("NUL character (U+0000) at position {}", at + 1)
        } else if text.trim().is_empty() {
            "empty hand (blank line)".to_string()
        } else {
            return Line::Text(text);
        };
        Line::Bad { echo: text, error }
    }
}

/// The input as echoed in an error: trimmed, control characters as `U+XXXX`,
/// cut to [`ECHO`] characters (`…` marks a cut).
pub fn echo(input: &str) -> String {
    let mut out = String::new();
    for (i, c) in input.trim().chars().enumerate() {
        if i == ECHO {
            out.push('…');
            break;
        }
        if c.is_control() {
            out += &format!("U+{:04X}", c as u32);
        } else {
            out.push(c);
        }
    }
    out
}

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
    let mut emit = |chunk: &[Line], out: &mut BufWriter<io::StdoutLock>| -> io::Result<()> {
        let answers: Vec<Result<Answer, String>> = pool.install(|| {
            chunk
                .par_iter()
                .map(|line| match line {
                    Line::Text(h) => guarded(&eval, h.trim()),
                    Line::Bad { error, .. } => Err(error.clone()),
                })
                .collect()
        });
        for (line, a) in chunk.iter().zip(answers) {
            let text = match (a, common.json) {
                (Ok(a), false) if common.glyphs => super::glyphs::rewrite(&a.0),
                (Ok(a), _) => a.0,
                (Err(e), json) => {
                    failed = true;
                    let shown = echo(match line {
                        Line::Text(h) => h,
                        Line::Bad { echo, .. } => echo,
                    });
                    let e = echo_message(&e);
                    if json {
                        to_json(&Failure::new(shown, e))
                    } else {
                        format!("error: {shown}: {e}")
                    }
                }
            };
            writeln!(out, "{text}")?;
        }
        out.flush()
    };
    let result = if hands.is_empty() {
        stream_stdin(|chunk| emit(chunk, &mut out))
    } else {
        // Arguments are UTF-8 (clap checks) and hold no NUL; an empty one is
        // the command's to judge (`--jokers 14 ''` is fourteen jokers).
        let lines: Vec<Line> = hands.iter().map(|h| Line::Text(h.clone())).collect();
        emit(&lines, &mut out)
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

/// `eval` on one hand, a panic (a bug) answered as that hand's error, so
/// that the other hands of the batch still get their answers. The panic
/// itself is reported on standard error by the default hook. (`eval` holds
/// shared references only, so nothing it leaves half-changed is seen
/// again.)
fn guarded(
    eval: &(impl Fn(&str) -> Result<Answer, String> + Sync),
    hand: &str,
) -> Result<Answer, String> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| eval(hand))).unwrap_or_else(|panic| {
        let why = panic
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        Err(format!(
            "internal error, a bug in hupai (please report it with this hand): {why}"
        ))
    })
}

/// A message with its control characters shown as `U+XXXX` (a parse error
/// may quote the offending character).
fn echo_message(message: &str) -> String {
    if !message.chars().any(char::is_control) {
        return message.to_string();
    }
    message
        .chars()
        .map(|c| {
            if c.is_control() {
                format!("U+{:04X}", c as u32)
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// Feed every stdin line to `f` in chunks of [`CHUNK`], each classified by
/// [`Line::new`]; a UTF-8 byte-order mark at the very start is skipped.
fn stream_stdin(mut f: impl FnMut(&[Line]) -> io::Result<()>) -> io::Result<()> {
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut chunk = Vec::with_capacity(CHUNK);
    let mut first = true;
    loop {
        chunk.clear();
        while chunk.len() < CHUNK {
            let Some((mut bytes, too_long)) = read_line(&mut input)? else {
                break;
            };
            if first && bytes.starts_with(b"\xEF\xBB\xBF") {
                bytes.drain(..3);
            }
            first = false;
            chunk.push(Line::new(bytes, too_long));
        }
        if chunk.is_empty() {
            return Ok(());
        }
        f(&chunk)?;
    }
}

/// One line without its `\n` (and a `\r` before it), at most [`MAX_LINE`]
/// bytes kept, and whether it was longer; `None` at the end of the input.
fn read_line(input: &mut impl BufRead) -> io::Result<Option<(Vec<u8>, bool)>> {
    let mut line = Vec::new();
    let mut too_long = false;
    let mut any = false;
    loop {
        let buf = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            break;
        }
        any = true;
        let (part, done) = match memchr_newline(buf) {
            Some(i) => (&buf[..i], Some(i + 1)),
            None => (buf, None),
        };
        let room = (MAX_LINE + 1).saturating_sub(line.len());
        line.extend_from_slice(&part[..part.len().min(room)]);
        let used = done.unwrap_or(buf.len());
        input.consume(used);
        if done.is_some() {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    if line.len() > MAX_LINE {
        line.truncate(MAX_LINE);
        too_long = true;
    }
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    Ok(Some((line, too_long)))
}

fn memchr_newline(buf: &[u8]) -> Option<usize> {
    buf.iter().position(|&b| b == b'\n')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8]) -> Vec<(Vec<u8>, bool)> {
        let mut r = io::BufReader::with_capacity(7, input);
        std::iter::from_fn(|| read_line(&mut r).unwrap()).collect()
    }

    #[test]
    fn a_panic_is_the_hands_error_and_the_next_hand_is_answered() {
        let eval = |h: &str| -> Result<Answer, String> {
            assert!(h != "boom", "a bug on {h}");
            Ok(Answer(h.to_uppercase()))
        };
        let e = guarded(&eval, "boom").err().expect("an error");
        assert!(
            e.starts_with("internal error") && e.ends_with("a bug on boom"),
            "{e}"
        );
        assert_eq!(guarded(&eval, "ok").map(|a| a.0), Ok("OK".to_string()));
    }

    #[test]
    fn lines_split_on_newlines_with_crlf_and_no_final_newline() {
        let got = lines(b"a\r\nbc\n\nd");
        let want: Vec<(Vec<u8>, bool)> = vec![
            (b"a".to_vec(), false),
            (b"bc".to_vec(), false),
            (vec![], false),
            (b"d".to_vec(), false),
        ];
        assert_eq!(got, want);
        assert!(lines(b"").is_empty());
    }

    #[test]
    fn a_long_line_is_cut_and_flagged_without_losing_the_next() {
        let mut input = vec![b'1'; MAX_LINE + 10];
        input.extend_from_slice(b"\n123m\n");
        let got = lines(&input);
        assert_eq!(got.len(), 2);
        assert_eq!((got[0].0.len(), got[0].1), (MAX_LINE, true));
        assert_eq!(got[1], (b"123m".to_vec(), false));
    }

    #[test]
    fn echo_shows_controls_and_cuts() {
        assert_eq!(echo(" 12\u{0}3m\u{1b} "), "12U+00003mU+001B");
        let long = "1".repeat(200);
        assert_eq!(echo(&long).chars().count(), ECHO + 1);
        assert_eq!(echo_message("bad '\u{7}'"), "bad 'U+0007'");
    }
}
