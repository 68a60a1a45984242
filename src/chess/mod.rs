//! The chess this crate needs: squares, White's pieces, the two castling sides, the 960
//! starting arrangements, a White-only board with SAN, and PGN export.
//!
//! Everything here is plain chess; the Chess960 castling questions live in [`crate::rule`] and
//! [`crate::search`].

pub mod arrangement;
pub mod board;
pub mod castling;
pub mod directions;
pub mod pgn;
pub mod piece;
pub mod side;
pub mod square;

pub use arrangement::Arrangement;
pub use board::{Board, Line, Man, Move};
pub use castling::CastlingPath;
pub use piece::Piece;
pub use side::{BySide, Side};
pub use square::Square;
