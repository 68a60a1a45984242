//! What an exact square holds: nothing, or a piece kind, with the normal form's commitment.
//! The kinds are the standard board's five and the two compound pieces of ten-file chess.

use crate::chess::Piece;

/// A piece kind of the model (1 to 7), the index of bit sets over kinds.
pub type Kind = u8;

/// The king's kind.
pub const KING: Kind = 1;
/// The queen's kind.
pub const QUEEN: Kind = 2;
/// A rook's kind.
pub const ROOK: Kind = 3;
/// A bishop's kind (its colour follows from its square).
pub const BISHOP: Kind = 4;
/// A knight's kind.
pub const KNIGHT: Kind = 5;
/// An archbishop's kind (bishop and knight in one; ten files only).
pub const ARCHBISHOP: Kind = 6;
/// A chancellor's kind (rook and knight in one; ten files only).
pub const CHANCELLOR: Kind = 7;
/// The kinds of the standard board, king first.
pub const KINDS: [Kind; 5] = [KING, QUEEN, ROOK, BISHOP, KNIGHT];
/// The kinds of ten-file chess: the standard board's and the two compound pieces.
pub const TEN_FILE_KINDS: [Kind; 7] = [KING, QUEEN, ROOK, BISHOP, KNIGHT, ARCHBISHOP, CHANCELLOR];

/// The kinds on a board `F` files wide: the compound pieces only on ten files.
pub const fn kinds<const F: usize>() -> &'static [Kind] {
    if F == 10 { &TEN_FILE_KINDS } else { &KINDS }
}

/// How many pieces of `kind` White has on a board `F` files wide: one king, queen,
/// archbishop and chancellor (these two on ten files only), two of the others.
pub const fn total<const F: usize>(kind: Kind) -> u8 {
    match kind {
        KING | QUEEN => 1,
        ARCHBISHOP | CHANCELLOR => (F == 10) as u8,
        _ => 2,
    }
}

/// Whether a piece of `kind` has the knight's leap (knight, archbishop, chancellor): it leaves
/// ranks 1-2 as a knight does, from rank 1 too.
pub const fn leaps(kind: Kind) -> bool {
    matches!(kind, KNIGHT | ARCHBISHOP | CHANCELLOR)
}

/// The model's kind of a chess piece.
pub const fn kind_of(piece: Piece) -> Kind {
    match piece {
        Piece::King => KING,
        Piece::Queen => QUEEN,
        Piece::Rook => ROOK,
        Piece::Bishop => BISHOP,
        Piece::Knight => KNIGHT,
        Piece::Pawn => panic!("the model keeps pawns apart, as per-file states"),
    }
}

/// The chess piece of a model kind.
pub fn piece_of(kind: Kind) -> Piece {
    match kind {
        KING => Piece::King,
        QUEEN => Piece::Queen,
        ROOK => Piece::Rook,
        BISHOP => Piece::Bishop,
        KNIGHT => Piece::Knight,
        _ => unreachable!("no piece of kind {kind}"),
    }
}

/// The name of a model kind in messages: "king", ..., "archbishop", "chancellor".
pub const fn kind_name(kind: Kind) -> &'static str {
    match kind {
        KING => "king",
        QUEEN => "queen",
        ROOK => "rook",
        BISHOP => "bishop",
        KNIGHT => "knight",
        ARCHBISHOP => "archbishop",
        CHANCELLOR => "chancellor",
        _ => "nothing",
    }
}

/// The contents of an exact square: empty, or a piece of some kind that may have *committed*
/// to stay on ranks 1-2 for good (normal-form bookkeeping only: placements compare without it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

/// The bit of [`Cell`] that marks a committed piece; the kind sits in the three bits below.
const COMMITTED: u8 = 8;
const KIND: u8 = 7;

impl Cell {
    /// An empty square.
    pub const EMPTY: Cell = Cell(0);

    /// A piece of `kind`, not committed.
    pub const fn piece(kind: Kind) -> Cell {
        Cell(kind)
    }

    /// The kind standing here, 0 when empty.
    pub const fn kind(self) -> Kind {
        self.0 & KIND
    }

    /// Whether the square is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the piece here has committed to stay on ranks 1-2.
    pub const fn is_committed(self) -> bool {
        self.0 & COMMITTED != 0
    }

    /// The same piece, committed.
    #[must_use]
    pub const fn committed(self) -> Cell {
        Cell(self.0 | COMMITTED)
    }

    /// The same contents without the commitment: what a board shows.
    #[must_use]
    pub const fn placement(self) -> Cell {
        Cell(self.0 & KIND)
    }

    /// The raw four bits (kind, and commitment in bit 3), for packing positions.
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// The cell from [`Cell::bits`].
    pub const fn from_bits(bits: u8) -> Cell {
        Cell(bits & (KIND | COMMITTED))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commitment_is_kept_apart_from_the_kind() {
        let queen = Cell::piece(QUEEN);
        assert_eq!(queen.committed().kind(), QUEEN);
        assert!(queen.committed().is_committed() && !queen.is_committed());
        assert_eq!(queen.committed().placement(), queen);
        assert_eq!(Cell::from_bits(queen.committed().bits()), queen.committed());
        assert!(Cell::EMPTY.is_empty());
    }
}
