//! Squares and bitboards of the ten-file board.
//!
//! A square is `rank * 10 + file` (a1 = 0, j1 = 9, a2 = 10, ..., j8 = 79), and a set of squares
//! is a `u128` with one bit per square: the 80 squares fit in one machine word pair, shifts by
//! 10 move a set one rank, and the standard bit tricks (lowest bit, population count) work as on
//! 8x8 boards. The files are indices from the a-file, as [`crate::chess::Rule`] counts them.

use std::fmt;
use std::str::FromStr;

/// The number of files.
pub const FILES: u8 = 10;
/// The number of ranks.
pub const RANKS: u8 = 8;

/// A set of squares, one bit per square (bit `rank * 10 + file`).
pub type Bits = u128;

/// Every square of the board.
pub const ALL: Bits = (1 << 80) - 1;

/// The squares of file `file` (0 is the a-file).
pub const fn file_bits(file: u8) -> Bits {
    let mut bits = 0;
    let mut rank = 0;
    while rank < RANKS {
        bits |= 1 << (rank * FILES + file);
        rank += 1;
    }
    bits
}

/// The squares of rank `rank` (0 is the first rank).
pub const fn rank_bits(rank: u8) -> Bits {
    ((1 << FILES) - 1) << (rank * FILES)
}

/// One square of the ten-file board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square on `file` (0 to 9) and `rank` (0 to 7); `None` off the board.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < FILES && rank < RANKS {
            Some(Square(rank * FILES + file))
        } else {
            None
        }
    }

    /// The square with index `index` (`rank * 10 + file`); `None` from 80 on.
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < FILES * RANKS {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square's index, `rank * 10 + file`: its bit in a [`Bits`].
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The file, 0 (a) to 9 (j).
    pub const fn file(self) -> u8 {
        self.0 % FILES
    }

    /// The rank, 0 (first) to 7 (eighth).
    pub const fn rank(self) -> u8 {
        self.0 / FILES
    }

    /// The square as a one-square set.
    pub const fn bit(self) -> Bits {
        1 << self.0
    }

    /// The square `files` and `ranks` away; `None` off the board.
    pub const fn offset(self, files: i8, ranks: i8) -> Option<Square> {
        let file = self.file() as i8 + files;
        let rank = self.rank() as i8 + ranks;
        if file < 0 || rank < 0 {
            return None;
        }
        Square::new(file as u8, rank as u8)
    }

    /// Every square, a1 first, then along the first rank and up.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..FILES * RANKS).map(Square)
    }
}

/// The squares of `bits`, lowest index first.
pub fn squares(mut bits: Bits) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        if bits == 0 {
            return None;
        }
        let index = bits.trailing_zeros() as u8;
        bits &= bits - 1;
        Some(Square(index))
    })
}

/// The letter of file `file`: `a` to `j`.
pub fn file_letter(file: u8) -> char {
    char::from(b'a' + file)
}

/// Algebraic, `a1` to `j8`.
impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", file_letter(self.file()), self.rank() + 1)
    }
}

/// A text that is no square of the ten-file board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{} is no square of the ten-file board: write a file a to j and a rank 1 to 8, like e4", crate::error::quote(.0))]
pub struct SquareError(pub String);

/// Reads `a1` to `j8`.
impl FromStr for Square {
    type Err = SquareError;

    fn from_str(s: &str) -> Result<Square, SquareError> {
        let bytes = s.as_bytes();
        let square = match bytes {
            [file @ b'a'..=b'j', rank @ b'1'..=b'8'] => Square::new(file - b'a', rank - b'1'),
            _ => None,
        };
        square.ok_or_else(|| SquareError(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_number_files_then_ranks_and_read_back() {
        let j8: Square = "j8".parse().unwrap();
        assert_eq!((j8.index(), j8.file(), j8.rank()), (79, 9, 7));
        assert_eq!("a2".parse::<Square>().unwrap().index(), 10);
        for square in Square::all() {
            assert_eq!(square.to_string().parse::<Square>(), Ok(square));
        }
        for bad in ["k1", "a9", "a0", "", "a10", "A1"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
        assert_eq!(
            squares(file_bits(9) & rank_bits(7)).collect::<Vec<_>>(),
            [j8]
        );
        assert_eq!(ALL.count_ones(), 80);
    }
}
