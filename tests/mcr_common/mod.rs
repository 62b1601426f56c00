//! Helpers shared by the MCR test files.
#![allow(dead_code)]

use hupai::mcr::{self, Score, ScoreError, ScoringInput};
use hupai::{Notation, Tables};

/// Score `HAND [FLAGS]`: mpsz with bracketed melds, the winning tile written
/// last, then `hupai score` flags.
pub fn try_score(line: &str) -> Result<Score, ScoreError> {
    let input = ScoringInput::parse(line, Notation::Mpsz)?;
    mcr::score(&input, Tables::embedded())
}

/// Score `HAND [FLAGS]`, panicking on error.
pub fn score(line: &str) -> Score {
    try_score(line).unwrap_or_else(|e| panic!("{line}: {e}"))
}
