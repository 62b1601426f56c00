//! The table generator (feature `generate`): every per-suit count pattern,
//! in parallel, to table bytes. The only code that writes tables; the
//! engine never calls it (it reads the files `build.rs` embeds or that
//! [`Tables::open`] maps).
//!
//! One module per table file kind. Each is a pure function of nothing: the
//! same bytes on every run, whatever the thread count.
//!
//! ```
//! use hupai::table::{generate, Tables};
//! let fresh = generate::file("hu.tbl").unwrap();
//! let (_, embedded) = Tables::embedded().files().next().unwrap();
//! assert_eq!(fresh, embedded);
//! ```

mod arrange;
pub(crate) mod budget;
pub(crate) mod caps;
pub(crate) mod gains;
mod hu;
mod jokers;
pub(crate) mod lanes;
pub(crate) mod pair_caps;
pub(crate) mod part;
pub(crate) mod shanten;

pub(crate) use arrange::arrange;
pub(crate) use hu::hu;
#[cfg(test)]
pub(crate) use jokers::exact_needs;
pub(crate) use jokers::jokers;
pub(crate) use shanten::shanten;

use super::{TableError, Tables};
#[cfg(feature = "mmap")]
use std::path::{Path, PathBuf};

/// The bytes of the table file `name` (one of [`FILES`](super::FILES)), freshly generated.
pub fn file(name: &str) -> Option<Vec<u8>> {
    match name {
        "hu.tbl" => Some(hu()),
        "jokers.tbl" => Some(jokers()),
        "arrange.tbl" => Some(arrange()),
        "shanten.tbl" => Some(shanten()),
        _ => None,
    }
}

/// A fresh table set in memory (about a second).
pub fn tables() -> Tables<Vec<u8>> {
    Tables::load(|name| file(name).ok_or_else(|| TableError::Missing(name.to_string())))
        .expect("freshly generated tables are valid")
}

/// Generate every table file into `dir` (created if needed), each written
/// to a temporary file and renamed, so a reader never maps a half-written
/// one. Returns the files written and their sizes. An error names the path.
#[cfg(feature = "mmap")]
pub fn write_dir(dir: &Path) -> Result<Vec<(PathBuf, usize)>, TableError> {
    use crate::par::prelude::*;
    let io = |path: &Path| {
        let path = path.display().to_string();
        move |source| TableError::Io { path, source }
    };
    std::fs::create_dir_all(dir).map_err(io(dir))?;
    let files: Vec<(&str, Vec<u8>)> = super::FILES
        .par_iter()
        .map(|&name| (name, file(name).expect("a file of the set")))
        .collect();
    let mut written = Vec::new();
    for (name, bytes) in &files {
        let tmp = dir.join(format!(".{name}.tmp"));
        std::fs::write(&tmp, bytes).map_err(io(&tmp))?;
        let path = dir.join(name);
        std::fs::rename(&tmp, &path).map_err(io(&path))?;
        written.push((path, bytes.len()));
    }
    Ok(written)
}

/// The melds of a part of `N` ranks as count vectors: a pung of each rank,
/// then (numbered suits, `chows`) a chow from each rank that starts one.
pub(crate) fn melds<const N: usize>(chows: bool) -> Vec<[u8; N]> {
    let pungs = (0..N).map(|r| {
        let mut v = [0; N];
        v[r] = 3;
        v
    });
    let runs = (0..N.saturating_sub(2)).filter(|_| chows).map(|r| {
        let mut v = [0; N];
        v[r..r + 3].fill(1);
        v
    });
    pungs.chain(runs).collect()
}

/// Little-endian bytes of a `u16` array.
pub(crate) fn le_u16(v: &[u16]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// Little-endian bytes of a `u32` array.
pub(crate) fn le_u32(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
