//! The exact squares of the model (ranks 1 and 2 of a board `F` files wide: 16 on the standard
//! board, 20 on ten files) and sets of them.

use crate::chess::File;

/// An exact square of the model: `file + F * row`, row 0 = rank 1, row 1 = rank 2 (0..2F).
pub type Sq = u8;

/// The exact square on `file` (0 = a) and `row` (0 = rank 1, 1 = rank 2) of a board `F` files
/// wide.
pub const fn sq<const F: usize>(file: i8, row: i8) -> Sq {
    (file + F as i8 * row) as Sq
}

/// The exact square of a first-rank file: where the model meets the board's typed files.
pub const fn first_rank(file: File) -> Sq {
    file as Sq
}

/// The file of an exact square (0 = a).
pub const fn file_of<const F: usize>(s: Sq) -> i8 {
    (s as usize % F) as i8
}

/// The row of an exact square: 0 for rank 1, 1 for rank 2.
pub const fn row_of<const F: usize>(s: Sq) -> i8 {
    (s as usize / F) as i8
}

/// Light squares: file + rank odd (a1 is dark, on every board width); row 0 is rank 1.
pub const fn is_light<const F: usize>(s: Sq) -> bool {
    (file_of::<F>(s) + row_of::<F>(s)) % 2 == 1
}

/// A set of exact squares, a bit per square: which squares a move touched, which pieces are
/// frozen or committed, which squares are open to a piece.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SquareSet(u32);

impl SquareSet {
    /// No square.
    pub const EMPTY: SquareSet = SquareSet(0);

    /// Every exact square of a board `F` files wide.
    pub const fn all<const F: usize>() -> SquareSet {
        SquareSet((1 << (2 * F)) - 1)
    }

    /// The set with these bits (bit `s` for square `s`).
    pub const fn from_bits(bits: u32) -> SquareSet {
        SquareSet(bits)
    }

    /// The set as bits (bit `s` for square `s`).
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// The set holding `s` alone.
    pub const fn single(s: Sq) -> SquareSet {
        SquareSet(1 << s)
    }

    /// Whether `s` is in the set.
    pub const fn contains(self, s: Sq) -> bool {
        self.0 & (1 << s) != 0
    }

    /// The set with `s` added.
    #[must_use]
    pub const fn with(self, s: Sq) -> SquareSet {
        SquareSet(self.0 | 1 << s)
    }

    /// The set with `s` removed.
    #[must_use]
    pub const fn without(self, s: Sq) -> SquareSet {
        SquareSet(self.0 & !(1 << s))
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The squares in both sets.
    #[must_use]
    pub const fn and(self, other: SquareSet) -> SquareSet {
        SquareSet(self.0 & other.0)
    }

    /// The squares in either set.
    #[must_use]
    pub const fn or(self, other: SquareSet) -> SquareSet {
        SquareSet(self.0 | other.0)
    }

    /// The squares of this set not in `other`.
    #[must_use]
    pub const fn minus(self, other: SquareSet) -> SquareSet {
        SquareSet(self.0 & !other.0)
    }

    /// Whether every square of this set is in `other`.
    pub const fn is_subset(self, other: SquareSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// The squares in increasing order.
    pub fn iter(self) -> impl Iterator<Item = Sq> {
        let mut left = self.0;
        std::iter::from_fn(move || {
            (left != 0).then(|| {
                let s = left.trailing_zeros() as Sq;
                left &= left - 1;
                s
            })
        })
    }
}

impl FromIterator<Sq> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Sq>>(squares: I) -> SquareSet {
        squares.into_iter().fold(SquareSet::EMPTY, SquareSet::with)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_holds_what_was_put_in_in_square_order() {
        let set = SquareSet::EMPTY.with(12).with(3);
        assert!(set.contains(12) && !set.contains(4));
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![3, 12]);
        assert_eq!(set.without(12), SquareSet::single(3));
    }

    #[test]
    fn squares_count_files_by_the_board_width() {
        assert_eq!((sq::<8>(3, 1), sq::<10>(3, 1)), (11, 13));
        assert_eq!((file_of::<10>(13), row_of::<10>(13)), (3, 1));
        assert_eq!(SquareSet::all::<10>().iter().count(), 20);
        // a1 dark, b1 light, a2 light on both boards.
        for light in [
            is_light::<8>(1),
            is_light::<8>(8),
            is_light::<10>(1),
            is_light::<10>(10),
        ] {
            assert!(light);
        }
        assert!(!is_light::<10>(0) && !is_light::<10>(11));
    }
}
