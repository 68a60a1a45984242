//! A man on the board: its colour, piece and square, named the one way every message names it.

use crate::chess::piece;
use crate::words;
use cozy_chess::{Board, Color, Piece, Square};
use serde::ser::{Serialize, SerializeStruct, Serializer};
use std::fmt;

/// A man on the board: its colour, piece and square.
///
/// ```
/// use castle960::chess::{Color, Man, Piece, Square};
/// let rook = Man { color: Color::White, piece: Piece::Rook, square: Square::H1 };
/// assert_eq!(rook.to_string(), "the white rook on h1");
/// assert_eq!(rook.named(), "the white rook");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Man {
    /// Its colour.
    pub color: Color,
    /// Its piece.
    pub piece: Piece,
    /// Its square.
    pub square: Square,
}

impl Man {
    /// The man on `square` of `board`, if any.
    pub fn on(board: &Board, square: Square) -> Option<Man> {
        Some(Man {
            color: board.color_on(square)?,
            piece: board.piece_on(square)?,
            square,
        })
    }

    /// `the white rook`: the man without its square, for sentences that say the square
    /// elsewhere.
    pub fn named(&self) -> String {
        format!(
            "the {} {}",
            words::color(self.color),
            piece::name(self.piece)
        )
    }
}

/// `the black bishop on c4`.
impl fmt::Display for Man {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} on {}", self.named(), self.square)
    }
}

/// JSON: `{"color": "white", "piece": "rook", "square": "h1"}`.
impl Serialize for Man {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Man", 3)?;
        st.serialize_field("color", words::color(self.color))?;
        st.serialize_field("piece", piece::name(self.piece))?;
        st.serialize_field("square", &self.square.to_string())?;
        st.end()
    }
}
