//! # hupai
//!
//! Mahjong hand evaluation through precomputed lookup tables.
//!
//! Classic checkers search recursively: take a pair, peel off melds, backtrack.
//! hupai enumerates every per-suit count pattern once (see [`table`]), stores
//! what each pattern can become, and at run time turns a hand into four
//! per-suit keys and a few table lookups. The tables are embedded in the
//! library ([`Tables::embedded`]) or memory-mapped from files
//! ([`Tables::open`]); both are read in place by the same code.
//!
//! The guide (`docs/guide.md` in the repository) has the long form of every
//! answer below, the command line, C, Python and the web page.
//!
//! ## Hands and notations
//!
//! A [`Hand`] is 34 concealed counts plus up to four declared [`Meld`]s; it
//! cannot hold a fifth copy. `str::parse` reads the `mpsz` notation;
//! [`notation::parse`] reads any [`Notation`] (`mpsz`, `mediatek`, `chengdu`,
//! `mcr`, or `auto`), and errors name the problem and its position.
//!
//! ```
//! use hupai::{notation, Hand, Notation};
//!
//! let hand: Hand = "123m456p789s11122z".parse().unwrap();
//! assert_eq!(hand.to_string(), "123m456p789s11122z");
//! let mcr = notation::parse("[EEE][SSSS1]55pWWWNNN", Notation::Mcr).unwrap();
//! assert_eq!(mcr.to_string(), "[111z][2222z1]55p333444z");
//! let err = notation::parse("123m4x", Notation::Mpsz).unwrap_err();
//! assert_eq!(err.to_string(), "unexpected character 'x' at position 6");
//! ```
//!
//! ## Is the hand complete?
//!
//! [`Tables::is_win`] under a [`Rules`] value (`GENERIC`, `SICHUAN`, `RIICHI`,
//! `RIICHI3`, `MCR`).
//!
//! ```
//! use hupai::{Hand, Rules, Tables};
//!
//! let tables = Tables::embedded();
//! let hand: Hand = "11223344556677m".parse().unwrap();
//! assert!(tables.is_win(&hand, &Rules::GENERIC)); // seven pairs
//! let sichuan: Hand = "11223344556677m".parse().unwrap();
//! assert!(tables.is_win(&sichuan, &Rules::SICHUAN));
//! assert!(!tables.is_win(&"123m456p789s11123z".parse().unwrap(), &Rules::GENERIC));
//! ```
//!
//! ## What does it wait on?
//!
//! [`Tables::waits`]: the live waits, and apart the exhausted ones (all four
//! copies already in the hand).
//!
//! ```
//! use hupai::{Hand, Rules, Tables};
//!
//! let tables = Tables::embedded();
//! let hand: Hand = "1234444678m456p".parse().unwrap();
//! let waits = tables.waits(&hand, &Rules::GENERIC).unwrap();
//! assert_eq!(waits.live.to_string(), "1m");
//! assert_eq!(waits.exhausted.to_string(), "4m");
//! ```
//!
//! ## How can it be arranged?
//!
//! [`Tables::arrangements`]: every distinct arrangement, in a fixed order.
//!
//! ```
//! use hupai::{Hand, Rules, Tables};
//!
//! let tables = Tables::embedded();
//! let hand: Hand = "11112222333344m".parse().unwrap();
//! assert_eq!(tables.arrangements(&hand, &Rules::GENERIC).len(), 4);
//! assert_eq!(tables.arrangements(&hand, &Rules::RIICHI).len(), 3);
//! ```
//!
//! ## How far from ready, and which draws help?
//!
//! [`Tables::shanten`] (−1 complete, 0 ready), [`Tables::effective`] for a
//! 3n+1 hand (the draws that lower the shanten, with the copies unseen) and
//! [`Tables::discards`] for a 3n+2 hand (the discard table). `visible`
//! counts the tiles seen outside the hand.
//!
//! ```
//! use hupai::{Hand, Rules, Tables};
//!
//! let tables = Tables::embedded();
//! let ready: Hand = "123m456p789s1112z".parse().unwrap();
//! assert_eq!(tables.shanten(&ready, &Rules::RIICHI), Ok(0));
//! let visible = [0u8; 34];
//! let eff = tables.effective(&ready, &Rules::RIICHI, &visible).unwrap();
//! assert_eq!((eff.tiles().to_string(), eff.total()), ("2z".to_string(), 3));
//! let drawn: Hand = "1234m456p789s1112z".parse().unwrap();
//! let table = tables.discards(&drawn, &Rules::RIICHI, &visible).unwrap();
//! assert_eq!(table.shanten(), 0);
//! ```
//!
//! ## Jokers
//!
//! A joker stands for any tile. [`Jokers`] says how many there are beside
//! the hand and which tile, if any, is a joker; the `*_jokers` queries take
//! the real tiles and the joker count.
//!
//! ```
//! use hupai::{Hand, Jokers, Rules, Tables};
//!
//! let tables = Tables::embedded();
//! let hand: Hand = "123m456p789s17777z".parse().unwrap();
//! let red = Jokers { extra: 0, tile: Some("7z".parse().unwrap()) };
//! let (real, jokers) = red.split(&hand, &Rules::GENERIC).unwrap();
//! assert_eq!(jokers, 4);
//! assert!(tables.is_win_jokers(&real, jokers, &Rules::GENERIC));
//! ```
//!
//! ## What is it worth?
//!
//! [`mcr::score()`] scores a winning hand under the Chinese Official rules,
//! [`riichi::score()`] under Japanese riichi rules; the last concealed tile
//! is the winning tile and the flags are those of `hupai score`.
//!
//! ```
//! use hupai::{mcr, riichi, Notation, Tables};
//!
//! let tables = Tables::embedded();
//! let input = mcr::ScoringInput::parse("[EEE][SSSS1]55pWWWNNN --self-drawn", Notation::Mcr).unwrap();
//! let score = mcr::score(&input, &tables).unwrap();
//! assert_eq!((score.total, score.legal), (98, true));
//!
//! let line = "[777z1]234m567p789s9s9s --seat S --dora 6z";
//! let input = riichi::ScoringInput::parse(line, Notation::Mpsz).unwrap();
//! let score = riichi::score(&input, &tables).unwrap();
//! assert_eq!((score.han, score.fu, score.cost.total), (4, 30, 7700));
//! ```
//!
//! ## Which tile should I discard?
//!
//! [`ev::analyze`]: per discard, the probability of being ready and of
//! winning within t draws, and the expected score, best discard first.
//!
//! ```
//! use hupai::{ev, Hand, Rules, Tables};
//!
//! let tables = Tables::embedded();
//! let hand: Hand = "123m456p789s11455z".parse().unwrap();
//! let options = ev::Options { turns: 3, ..ev::Options::default() };
//! let analysis = ev::analyze(&tables, &hand, &Rules::RIICHI, &options).unwrap();
//! assert_eq!(analysis.discards[0].tile.to_string(), "4z");
//! assert_eq!(analysis.discards[0].win.len(), 3);
//! ```
//!
//! ## Answers as JSON
//!
//! [`answer`] holds one `serde::Serialize` type per answer, built from the
//! library's own: the objects `hupai … --json` prints and the web page shows.
//!
//! ```
//! use hupai::{answer, Hand, Rules, Tables};
//!
//! let hand: Hand = "1234444678m456p".parse().unwrap();
//! let waits = Tables::embedded().waits(&hand, &Rules::GENERIC).unwrap();
//! let json = serde_json::to_string(&answer::Waits::new(&hand, &waits, None)).unwrap();
//! assert_eq!(json, r#"{"exhausted":["4m"],"hand":"1234444678m456p","waits":["1m"]}"#);
//! ```
//!
//! ## Servers
//!
//! `server::Engine` (with the default features) is a table set plus a rule
//! set, `Send + Sync`, shared by every thread without a lock; batches run in
//! parallel, and `server::HandState` keeps a hand's keys across draws and
//! discards. The C ABI over it is the `hupai-ffi` crate of the workspace
//! (`ffi/`: `libhupai.so`, `libhupai.a`, `ffi/include/hupai.h`).
//!
//! ```
//! # #[cfg(all(feature = "mmap", feature = "parallel"))] {
//! use hupai::server::{Engine, HandState};
//! use hupai::{Hand, Rules};
//!
//! let engine = Engine::embedded(Rules::GENERIC);
//! let hands: Vec<Hand> = ["123m456p789s11122z", "123m456p789s11123z"]
//!     .iter()
//!     .map(|h| h.parse().unwrap())
//!     .collect();
//! assert_eq!(engine.check_batch(&hands), vec![true, false]);
//!
//! let mut state = HandState::new(&"123m456p789s1112z".parse().unwrap());
//! state.add("2z".parse().unwrap()).unwrap();
//! assert!(engine.is_win_state(&state));
//! # }
//! ```
//!
#![forbid(unsafe_op_in_unsafe_fn)]
#![warn(missing_docs)]

pub mod answer;
pub mod arrangement;
pub mod engine;
mod error;
pub mod ev;
pub mod forms;
pub mod hand;
pub mod mcr;
pub mod notation;
#[cfg(feature = "generate")]
mod par;
mod query;
#[cfg(feature = "test-support")]
pub mod reference;
pub mod riichi;
pub mod rules;
#[cfg(all(feature = "mmap", feature = "parallel"))]
pub mod server;
#[cfg(feature = "test-support")]
pub mod sets;
pub mod sichuan;
pub mod table;
pub mod tile;
pub mod tileset;

pub use arrangement::{Arrangement, Form, Group, GroupKind};
pub use engine::{Arrangements, JokerError, Jokers, Waits, WaitsError};
pub use error::{Error, FlagError};
pub use hand::{ChowTile, From, Hand, HandError, Meld, MeldKind, ScoredHandError};
pub use notation::{Notation, ParseError, ParseErrorKind};
#[cfg(feature = "mmap")]
pub use query::Mapped;
pub use query::{AnyTables, Arranged, Embedded, Engine};
pub use rules::{Rules, SevenPairs};
pub use table::{TableError, Tables};
pub use tile::{Counts, Suit, Tile, KINDS};
pub use tileset::TileSet;

/// The Rust example of README.md, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
