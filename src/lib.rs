//! castle960: how castling can come about in each of the 960 Chess960 starting arrangements.
//!
//! Data flows arrangement -> analyses -> report row -> CSV:
//! [`arrangement`] names the 960 start positions, [`rule`] is the published closed-form rule,
//! and [`report`] turns the analyses into the CSV report.

pub mod analysis;
pub mod analysis_doc;
pub mod arrangement;
pub mod board;
pub mod disagreement;
pub mod error;
pub mod explain;
pub mod model;
pub mod no_pawn;
pub mod pawn_search;
pub mod pgn;
pub mod piece;
pub mod realize;
pub mod report;
pub mod rule;
pub mod side;
pub mod square;
pub mod swap;

pub use arrangement::Arrangement;
pub use error::ArrangementError;
pub use piece::Piece;
pub use side::{BySide, Side};
