//! The men of ten-file chess: the six of chess, the archbishop (bishop + knight) and the
//! chancellor (rook + knight). Janus Chess's "Janus" moves as the archbishop does and is the
//! same piece here; a [`crate::ten::Variant`] says which letter a FEN uses for it.

/// A kind of man, colour aside.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Piece {
    /// The pawn.
    Pawn,
    /// The knight.
    Knight,
    /// The bishop.
    Bishop,
    /// The rook.
    Rook,
    /// The archbishop (also cardinal, princess; Janus Chess's janus): bishop + knight.
    Archbishop,
    /// The chancellor (also marshal, empress): rook + knight.
    Chancellor,
    /// The queen.
    Queen,
    /// The king.
    King,
}

impl Piece {
    /// Every piece, in index order.
    pub const ALL: [Piece; 8] = [
        Piece::Pawn,
        Piece::Knight,
        Piece::Bishop,
        Piece::Rook,
        Piece::Archbishop,
        Piece::Chancellor,
        Piece::Queen,
        Piece::King,
    ];

    /// The piece's index in [`Piece::ALL`], for tables indexed by piece.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Whether it moves as a knight does (knight, archbishop, chancellor).
    pub const fn leaps_as_knight(self) -> bool {
        matches!(self, Piece::Knight | Piece::Archbishop | Piece::Chancellor)
    }

    /// Whether it slides as a bishop does (bishop, archbishop, queen).
    pub const fn slides_diagonally(self) -> bool {
        matches!(self, Piece::Bishop | Piece::Archbishop | Piece::Queen)
    }

    /// Whether it slides as a rook does (rook, chancellor, queen).
    pub const fn slides_straight(self) -> bool {
        matches!(self, Piece::Rook | Piece::Chancellor | Piece::Queen)
    }

    /// The usual upper-case letter: `P N B R A C Q K` (a variant may name the archbishop
    /// otherwise, see [`crate::ten::Variant::letter`]).
    pub const fn letter(self) -> char {
        match self {
            Piece::Pawn => 'P',
            Piece::Knight => 'N',
            Piece::Bishop => 'B',
            Piece::Rook => 'R',
            Piece::Archbishop => 'A',
            Piece::Chancellor => 'C',
            Piece::Queen => 'Q',
            Piece::King => 'K',
        }
    }
}
