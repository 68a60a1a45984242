#![warn(missing_docs)]
//! castle960: how castling can come about in each of the 960 Chess960 starting arrangements.
//!
//! Data flows arrangement -> rule and searches -> analysis -> outputs:
//!
//! * [`chess`]: squares, pieces, sides, the 960 [`Arrangement`]s (SP numbering, back ranks, FEN),
//!   a White-only board with SAN and PGN;
//! * [`rule`]: the published closed-form rule (seed 001), with its `have`/`need` counts;
//! * [`search`]: the exhaustive searches that decide each side's verdict;
//! * [`analysis`]: everything worked out about one arrangement, all 960 in parallel;
//! * [`output`]: the CSV report, the summary, `show`'s explanation and `analysis.md`.

pub mod analysis;
pub mod chess;
pub mod error;
pub mod output;
pub mod questions;
pub mod rule;
pub mod search;
pub mod verdict;

pub use chess::{Arrangement, BySide, Piece, Side};
pub use error::ArrangementError;
pub use verdict::Verdict;
