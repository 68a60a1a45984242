//! The referee: castle960 against real move generators.
//!
//! The referee sends positions to a UCI engine with `UCI_Chess960` on, asks `go perft 1`, and
//! compares the engine's castling moves and move count with castle960's own. This module is its
//! engine-facing half: [`uci`] starts and drives an engine and reads its answers, never waiting
//! longer than a deadline, over a private module of child-process plumbing (pipes read and
//! written by threads, so that every wait can time out).
//!
//! The same driver, judge and command serve ten files (Capablanca Random Chess and its family,
//! with `UCI_Variant` set): what they need of a board is [`Position`], implemented for
//! cozy-chess's board in [`ours`] and for [`crate::ten::Board`] in [`ten`].
//!
//! Which engines were studied, and how each speaks, is in `docs/engines.md`.

pub mod error;
pub mod judge;
pub mod ours;
pub mod position;
pub mod positions;
pub(crate) mod process;
pub mod suite;
pub mod tally;
pub mod ten;
pub mod ten_suite;
pub mod uci;

pub use position::Position;
pub use process::Interrupt;
pub use uci::{Engine, EngineConfig, EngineError, Perft, PerftStream, Stage};
