//! The adapters, one small function per (operation, engine), and the
//! registry of which engines share which operation.

mod hupai;
mod reference;
mod riichi_decomp;
mod riichienv;
mod xiangting;

use crate::harness::Row;
use crate::Op;

/// Engine names as printed (peer versions are pinned with `=` in Cargo.toml).
pub const HUPAI: &str = "hupai tables";
/// See [`HUPAI`].
pub const REFERENCE: &str = "hupai reference";
/// See [`HUPAI`].
pub const XIANGTING: &str = "xiangting 6.0.2";
/// See [`HUPAI`].
pub const RIICHI_DECOMP: &str = "riichi-decomp 0.1.0";
/// See [`HUPAI`].
pub const RIICHIENV: &str = "riichienv-core 0.4.11";

/// Every engine that offers `op`, hupai first: the others are checked
/// against its answers.
pub fn rows(op: Op) -> Vec<Box<dyn Row>> {
    match op {
        Op::Hu => vec![
            hupai::hu(),
            reference::hu(),
            riichienv::hu(),
            xiangting::hu(),
        ],
        Op::Tenpai => vec![
            hupai::tenpai(),
            reference::tenpai(),
            riichienv::tenpai(),
            xiangting::tenpai(),
        ],
        Op::Waits => vec![
            hupai::waits(),
            reference::waits(),
            riichi_decomp::waits(),
            riichienv::waits(),
            xiangting::waits(),
        ],
        Op::Shanten => vec![
            hupai::shanten(),
            reference::shanten(),
            riichienv::shanten(),
            xiangting::shanten(),
        ],
        Op::Effective => vec![
            hupai::effective(),
            reference::effective(),
            xiangting::effective(),
        ],
        Op::Arrange => vec![
            hupai::arrangements(),
            reference::arrangements(),
            riichi_decomp::arrangements(),
            riichienv::arrangements(),
        ],
    }
}
