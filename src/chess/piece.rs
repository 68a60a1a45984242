//! White's piece kinds and their notation.

use std::fmt;

/// A kind of piece. Colour is implicit: everything this crate analyses is White's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Piece {
    /// The king.
    King,
    /// The queen.
    Queen,
    /// A rook.
    Rook,
    /// A bishop.
    Bishop,
    /// A knight.
    Knight,
}

impl Piece {
    /// All kinds, in the order the back-rank letters `KQRBN` name them.
    pub const ALL: [Piece; 5] = [
        Piece::King,
        Piece::Queen,
        Piece::Rook,
        Piece::Bishop,
        Piece::Knight,
    ];

    /// The English letter used in FEN, SAN and back-rank strings.
    pub const fn letter(self) -> char {
        match self {
            Piece::King => 'K',
            Piece::Queen => 'Q',
            Piece::Rook => 'R',
            Piece::Bishop => 'B',
            Piece::Knight => 'N',
        }
    }

    /// The piece for an upper-case letter, if it names one.
    pub const fn from_letter(letter: char) -> Option<Piece> {
        match letter {
            'K' => Some(Piece::King),
            'Q' => Some(Piece::Queen),
            'R' => Some(Piece::Rook),
            'B' => Some(Piece::Bishop),
            'N' => Some(Piece::Knight),
            _ => None,
        }
    }

    /// The Unicode symbol of the white piece, for board diagrams.
    pub const fn white_symbol(self) -> char {
        match self {
            Piece::King => '♔',
            Piece::Queen => '♕',
            Piece::Rook => '♖',
            Piece::Bishop => '♗',
            Piece::Knight => '♘',
        }
    }

    /// How many of this kind a Chess960 back rank holds.
    pub const fn count_in_back_rank(self) -> usize {
        match self {
            Piece::King | Piece::Queen => 1,
            Piece::Rook | Piece::Bishop | Piece::Knight => 2,
        }
    }

    /// The lower-case English name, for explanations.
    pub const fn name(self) -> &'static str {
        match self {
            Piece::King => "king",
            Piece::Queen => "queen",
            Piece::Rook => "rook",
            Piece::Bishop => "bishop",
            Piece::Knight => "knight",
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}
