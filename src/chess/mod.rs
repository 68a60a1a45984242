//! The chess this crate needs: squares, White's pieces, the two castling sides, the 960
//! starting arrangements, a White-only board with SAN, and PGN export.
//!
//! Everything here is plain chess; the Chess960 castling questions live in [`crate::start::rule`] and
//! [`crate::start::search`].

pub mod arrangement;
pub mod castling_path;
pub mod castling_side;
pub mod directions;
pub mod piece;
pub mod square;

pub use arrangement::Arrangement;
pub use castling_path::CastlingPath;
pub use castling_side::{ByCastlingSide, CastlingSide};
/// The board vocabulary of the whole crate comes from cozy-chess (MIT), the move generator
/// the any-position half runs on: one square, file, rank and colour type everywhere.
pub use cozy_chess::{BitBoard, Color, File, Rank};
pub use piece::Piece;
pub use square::Square;
