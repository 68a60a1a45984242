//! The pawn bound: the most files whose pawns the pawn-move search may move.
//!
//! Every search for a side that cannot castle without a pawn move explores the pawn structures
//! White can reach with pawns moved on at most so many files: all eight on the standard board
//! covers every structure, fewer is an experiment (each file fewer is much quicker), and the ten
//! files of the CRC arrays are searched within a small bound only. One type for it, checked once
//! where a number is read, so that the analyses, their records and the renderers cannot be
//! handed a bound of 0 or wider than the board.

use serde::Serialize;
use std::fmt;

/// The most files whose pawns the pawn-move search may move: 1 up to the board's width.
///
/// ```
/// use castle960::start::bound::PawnBound;
///
/// let three = PawnBound::within::<8>(3).unwrap();
/// assert_eq!(three.files(), 3);
/// assert_eq!(three.to_string(), "3");
/// assert!(three < PawnBound::ALL_EIGHT);
/// assert!(PawnBound::within::<8>(0).is_err());
/// assert!(PawnBound::within::<8>(9).is_err());
/// assert!(PawnBound::within::<10>(9).is_ok());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(transparent)]
pub struct PawnBound(u8);

/// A pawn bound outside 1 to the board's width.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a pawn bound is 1 to {width} files, not {files}")]
pub struct PawnBoundError {
    /// The number of files asked for.
    pub files: usize,
    /// The board's width.
    pub width: usize,
}

impl PawnBound {
    /// Pawns moved on one file: the CRC arrays' default, where every file more costs much more.
    pub const ONE: PawnBound = PawnBound(1);

    /// Pawns moved on all eight files: every pawn structure White can reach on the standard
    /// board (the Chess960 analysis's default).
    pub const ALL_EIGHT: PawnBound = PawnBound(8);

    /// The bound of `files` files on a board `F` files wide: 1 to `F`.
    pub const fn within<const F: usize>(files: usize) -> Result<PawnBound, PawnBoundError> {
        if files >= 1 && files <= F && files <= u8::MAX as usize {
            Ok(PawnBound(files as u8))
        } else {
            Err(PawnBoundError { files, width: F })
        }
    }

    /// How many files.
    pub const fn files(self) -> usize {
        self.0 as usize
    }

    /// The bound one file fewer, if there is one (none below one file).
    pub const fn fewer(self) -> Option<PawnBound> {
        if self.0 > 1 {
            Some(PawnBound(self.0 - 1))
        } else {
            None
        }
    }
}

/// The number of files, as the command line takes it and the reports print it.
impl fmt::Display for PawnBound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every bound of the standard board is one file more than the one below it, from one to all
    /// eight.
    #[test]
    fn bounds_count_down_to_one_file() {
        let mut bound = PawnBound::ALL_EIGHT;
        for files in (1..8).rev() {
            bound = bound.fewer().unwrap();
            assert_eq!(bound, PawnBound::within::<8>(files).unwrap());
        }
        assert_eq!(bound, PawnBound::ONE);
        assert_eq!(bound.fewer(), None);
    }
}
