//! `hupai check` batch mode on a long stream: many 16K-line chunks, in
//! order, equal to the library's answers, on one and two worker threads.

use hupai::server::Engine;
use hupai::sets::{hands, Set, SEED};
use hupai::Rules;
use std::io::Write;
use std::process::{Command, Stdio};

#[test]
fn a_long_stream_is_answered_in_order() {
    let mut hs = hands(Set::C14, 100_000, SEED);
    hs.extend(hands(Set::R14, 100_000, SEED));
    // Interleave, so every chunk mixes answers.
    let hs: Vec<_> = (0..100_000)
        .flat_map(|i| [hs[i], hs[100_000 + i]])
        .collect();
    let want: Vec<&str> = Engine::embedded(Rules::GENERIC)
        .check_batch(&hs)
        .into_iter()
        .map(|w| if w { "good" } else { "bad" })
        .collect();
    let input: String = hs.iter().map(|h| format!("{h}\n")).collect();
    for threads in ["1", "2"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_hupai"))
            .args(["check", "--notation", "mpsz", "--threads", threads])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let bytes = input.clone();
        // Write from another thread while this one reads, as a pipe would.
        let writer = std::thread::spawn(move || stdin.write_all(bytes.as_bytes()));
        let out = child.wait_with_output().unwrap();
        writer.join().unwrap().unwrap();
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        let got: Vec<&str> = text.lines().collect();
        assert_eq!(got.len(), want.len(), "{threads} threads");
        assert!(got == want, "{threads} threads: answers out of order");
    }
}
