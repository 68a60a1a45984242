//! The squares castling on one side involves, worked out once per arrangement and side (as
//! shakmaty's `Castles::path`) and asked for everywhere else: the board, the searches, the rule
//! and the explanations all use this one definition of the span.

use crate::chess::castling_side::CastlingSide;

/// Castling on one side of one arrangement: the king's and the rook's files before and after,
/// and the *span* between them.
///
/// ```
/// use castle960::{Arrangement, CastlingSide};
/// let standard = Arrangement::from_sp(518).unwrap();
/// let long = standard.castling(CastlingSide::A);
/// assert_eq!((long.king_from(), long.rook_from()), (4, 0)); // e1, a1
/// assert_eq!(long.span(), (0, 4)); // a1 to e1 must be empty but for king and rook
/// assert!(long.must_be_empty(2) && !long.must_be_empty(4));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CastlingPath {
    side: CastlingSide,
    king: u8,
    rook: u8,
}

impl CastlingPath {
    /// Castling on `side` with the king on file `king` and that rook on file `rook` (0 = a).
    pub const fn new(king: u8, rook: u8, side: CastlingSide) -> CastlingPath {
        CastlingPath { side, king, rook }
    }

    /// The castling side.
    pub const fn side(self) -> CastlingSide {
        self.side
    }

    /// The king's file before castling.
    pub const fn king_from(self) -> u8 {
        self.king
    }

    /// The castling rook's file before castling.
    pub const fn rook_from(self) -> u8 {
        self.rook
    }

    /// The king's file after castling (c or g).
    pub const fn king_to(self) -> u8 {
        self.side.king_to()
    }

    /// The rook's file after castling (d or f).
    pub const fn rook_to(self) -> u8 {
        self.side.rook_to()
    }

    /// The span: the first-rank files from the leftmost to the rightmost of king, rook and their
    /// destinations. Castling is legal only when it is empty apart from king and rook (FIDE
    /// Laws, Guidelines II), so these are the files everything else must leave.
    pub const fn span(self) -> (u8, u8) {
        let (king, rook) = (self.king, self.rook);
        let (king_to, rook_to) = (self.king_to(), self.rook_to());
        let lo = min(min(king, rook), min(king_to, rook_to));
        let hi = max(max(king, rook), max(king_to, rook_to));
        (lo, hi)
    }

    /// Whether `file` must be empty for castling: in the span, and neither the king's nor the
    /// castling rook's own file.
    pub const fn must_be_empty(self, file: u8) -> bool {
        let (lo, hi) = self.span();
        lo <= file && file <= hi && file != self.king && file != self.rook
    }

    /// Whether castling is open on a first rank where `occupied(file)` tells what stands where
    /// (king and rook, assumed unmoved, excepted).
    pub fn is_open(self, mut occupied: impl FnMut(u8) -> bool) -> bool {
        (0..8).all(|file| !self.must_be_empty(file) || !occupied(file))
    }
}

const fn min(a: u8, b: u8) -> u8 {
    if a < b { a } else { b }
}

const fn max(a: u8, b: u8) -> u8 {
    if a > b { a } else { b }
}
