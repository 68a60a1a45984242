//! Where one castling happens: the squares of king and rook before and after, and the two square
//! sets the rules ask about (the squares that must be empty and the squares the king must find
//! unattacked), computed once and asked for everywhere.

use crate::chess::CastlingSide;
use cozy_chess::{BitBoard, Board, Color, File, Rank, Square};
use serde::ser::{Serialize, SerializeStruct, Serializer};

use super::words;

/// One castling move of one colour: king and rook squares before and after, and the square sets
/// the rules look at. It says nothing about legality; see [`crate::castling::explain`].
///
/// ```
/// use castle960::castling::Castling;
/// use castle960::CastlingSide;
/// use cozy_chess::{Color, File, Square};
/// // Chess960: king b1, rook a1, O-O-O: the king crosses nothing and lands on c1, the rook on d1.
/// let c = Castling::new(Color::White, CastlingSide::A, File::B, File::A);
/// assert_eq!(c.king_to, Square::C1);
/// assert_eq!(c.rook_to, Square::D1);
/// let empty: Vec<String> = c.must_be_empty.iter().map(|s| s.to_string()).collect();
/// assert_eq!(empty, ["c1", "d1"]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Castling {
    /// The colour that castles.
    pub color: Color,
    /// The side it castles on.
    pub side: CastlingSide,
    /// The king's square before castling.
    pub king: Square,
    /// The castling rook's square before castling.
    pub rook: Square,
    /// The king's square after castling (c1 or g1, c8 or g8).
    pub king_to: Square,
    /// The rook's square after castling (d1 or f1, d8 or f8).
    pub rook_to: Square,
    /// The squares that must be empty: from the king's square to its destination and from the
    /// rook's square to its destination, both inclusive, without the king's and the rook's own
    /// squares. Any man on one of them, own or enemy, forbids castling.
    pub must_be_empty: BitBoard,
    /// The squares the king stands on, crosses and lands on, inclusive; none may be attacked.
    king_path_bits: BitBoard,
}

/// JSON: `{"color", "side", "king", "rook", "king_to", "rook_to", "must_be_empty", "king_path"}`,
/// squares as `e1`, `must_be_empty` a1 to h8, `king_path` in the king's travel order.
impl Serialize for Castling {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let squares = |set: BitBoard| set.iter().map(|q| q.to_string()).collect::<Vec<_>>();
        let mut st = s.serialize_struct("Castling", 8)?;
        st.serialize_field("color", words::color(self.color))?;
        st.serialize_field("side", &self.side)?;
        st.serialize_field("king", &self.king.to_string())?;
        st.serialize_field("rook", &self.rook.to_string())?;
        st.serialize_field("king_to", &self.king_to.to_string())?;
        st.serialize_field("rook_to", &self.rook_to.to_string())?;
        st.serialize_field("must_be_empty", &squares(self.must_be_empty))?;
        let path: Vec<String> = self.king_path().iter().map(|q| q.to_string()).collect();
        st.serialize_field("king_path", &path)?;
        st.end()
    }
}

impl Castling {
    /// The castling of `color` on `side` with the king on file `king` and the rook on file `rook`
    /// of the colour's back rank. The rook must stand on `side`'s side of the king (the caller
    /// knows it from a castling right or a game's start position).
    pub fn new(color: Color, side: CastlingSide, king: File, rook: File) -> Castling {
        debug_assert_eq!(CastlingSide::of(king, rook), side);
        let rank = Rank::First.relative_to(color);
        let at = |file: File| Square::new(file, rank);
        let (king, rook) = (at(king), at(rook));
        let (king_to, rook_to) = (at(side.king_to_file()), at(side.rook_to_file()));
        let king_path_bits = span(king, king_to);
        let must_be_empty =
            (king_path_bits | span(rook, rook_to)) & !king.bitboard() & !rook.bitboard();
        Castling {
            color,
            side,
            king,
            rook,
            king_to,
            rook_to,
            must_be_empty,
            king_path_bits,
        }
    }

    /// The castling a standing right of `board` allows: `color`'s king and the rook the right
    /// names. `None` when `color` has no right on `side`.
    pub fn of_right(board: &Board, color: Color, side: CastlingSide) -> Option<Castling> {
        let rights = board.castle_rights(color);
        let rook = match side {
            CastlingSide::A => rights.long,
            CastlingSide::H => rights.short,
        }?;
        Some(Castling::new(color, side, board.king(color).file(), rook))
    }

    /// The squares the king stands on, crosses and lands on, in the order it travels (its own
    /// square first, its destination last).
    pub fn king_path(&self) -> Vec<Square> {
        let mut path: Vec<Square> = self.king_path_bits.iter().collect();
        if self.king_to.file() < self.king.file() {
            path.reverse();
        }
        path
    }

    /// The same squares as a bit set.
    pub fn king_path_set(&self) -> BitBoard {
        self.king_path_bits
    }

    /// The occupied squares of the position after castling, without the king: the king and the
    /// rook lifted off their squares and the rook put on its destination. Attacks on the king's
    /// squares are judged on this board, so a line the castling rook used to block counts and an
    /// attack on the rook does not.
    pub fn occupied_after(&self, occupied: BitBoard) -> BitBoard {
        (occupied & !self.king.bitboard() & !self.rook.bitboard()) | self.rook_to.bitboard()
    }
}

/// The squares from `a` to `b` inclusive, both on one rank.
fn span(a: Square, b: Square) -> BitBoard {
    let (lo, hi) = if a.file() <= b.file() { (a, b) } else { (b, a) };
    cozy_chess::get_between_rays(lo, hi) | lo.bitboard() | hi.bitboard()
}
