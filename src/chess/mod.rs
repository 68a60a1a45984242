//! The chess vocabulary both halves of the crate share: squares, files, ranks, colours, pieces
//! and moves (cozy-chess's types), the two castling sides and their paths, and the 960 starting
//! arrangements.
//!
//! The board types come from cozy-chess (MIT), the move generator the any-position half runs on,
//! so that there is one square, file, rank, colour and piece type everywhere. What castling adds
//! to them lives here: [`CastlingSide`] with one value per side ([`ByCastlingSide`]), and
//! [`CastlingPath`], the squares one castling involves. SAN's one writer (`san`, crate-private)
//! serves the White-only board and the board with both colours alike.

pub mod arrangement;
pub mod by_color;
pub mod castling_path;
pub mod castling_side;
pub mod directions;
pub mod man;
pub mod piece;
pub mod rule;
pub(crate) mod san;

pub use arrangement::Arrangement;
pub use by_color::ByColor;
pub use castling_path::{Castling, CastlingPath, Naming};
pub use castling_side::{ByCastlingSide, CastlingSide};
pub use cozy_chess::{BitBoard, Color, File, Move, Piece, Rank, Square};
pub use man::Man;
pub use rule::{Geometry, Rule, UnknownRule, UnknownTenFileRule};

/// Whether `square` is light (a1 is dark): bishops stay on the colour they start on.
///
/// ```
/// use castle960::chess::{Square, is_light};
/// assert!(!is_light(Square::A1) && is_light(Square::B1) && is_light(Square::A2));
/// ```
pub fn is_light(square: Square) -> bool {
    BitBoard::LIGHT_SQUARES.has(square)
}
