//! Replays the committed corpus of every target on stable: each input that
//! the fuzzer found interesting (minimised) must still run without a panic.

use std::path::Path;

#[test]
fn committed_corpus_replays_without_a_panic() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    for (name, target) in hupai_fuzz::TARGETS {
        let dir = root.join(name);
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        assert!(!files.is_empty(), "{name}: no corpus");
        for file in files {
            let data = std::fs::read(&file).unwrap();
            let run = std::panic::catch_unwind(|| target(&data));
            assert!(run.is_ok(), "{name}: {} panics", file.display());
        }
    }
}

#[test]
fn every_target_has_a_binary() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    for (name, _) in hupai_fuzz::TARGETS {
        let body = std::fs::read_to_string(root.join(format!("fuzz_targets/{name}.rs"))).unwrap();
        assert!(
            body.contains(&format!("hupai_fuzz::{name}(data)")),
            "{name}"
        );
        assert!(manifest.contains(&format!("name = \"{name}\"")), "{name}");
    }
}
