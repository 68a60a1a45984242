//! Files, ranks and squares of the board, seen from White's side.

use std::fmt;

/// A square, `file + 8 * rank` with file 0 = a and rank 0 = the first rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square on `file` (0 = a) and `rank` (0 = first rank). Both must be below 8.
    pub const fn new(file: u8, rank: u8) -> Square {
        assert!(file < 8 && rank < 8, "square off the board");
        Square(file + 8 * rank)
    }

    /// The square with this index (0 = a1, 63 = h8), if on the board.
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square `file_offset` files and `rank_offset` ranks away, if still on the board.
    pub const fn offset(self, file_offset: i8, rank_offset: i8) -> Option<Square> {
        let file = self.file() as i8 + file_offset;
        let rank = self.rank() as i8 + rank_offset;
        if file >= 0 && file < 8 && rank >= 0 && rank < 8 {
            Some(Square::new(file as u8, rank as u8))
        } else {
            None
        }
    }

    /// The index, `file + 8 * rank` (0 = a1, 63 = h8).
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 0 = a.
    pub const fn file(self) -> u8 {
        self.0 % 8
    }

    /// The rank, 0 = the first rank.
    pub const fn rank(self) -> u8 {
        self.0 / 8
    }

    /// Light squares are those where file + rank is odd (a1 is dark).
    pub const fn is_light(self) -> bool {
        (self.file() + self.rank()) % 2 == 1
    }

    /// All 64 squares, a1 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }
}

/// The letter of a file, `a` for 0.
pub const fn file_char(file: u8) -> char {
    (b'a' + file) as char
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", file_char(self.file()), self.rank() + 1)
    }
}
