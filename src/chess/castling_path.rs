//! The squares castling on one side involves, worked out once per arrangement and side (as
//! shakmaty's `Castles::path`) and asked for everywhere else: the board, the searches, the rule
//! and the explanations all use this one definition of the span.

use crate::chess::castling_side::CastlingSide;
use cozy_chess::File;

/// Castling on one side: the king's and the rook's files before and after, and the *span*
/// between them. Files, not squares: the same path serves White on rank 1 and Black on rank 8.
///
/// ```
/// use castle960::{Arrangement, CastlingSide};
/// use castle960::chess::File;
/// let standard = Arrangement::from_sp(518).unwrap();
/// let long = standard.castling(CastlingSide::A);
/// assert_eq!((long.king_from(), long.rook_from()), (File::E, File::A));
/// assert_eq!(long.span(), (File::A, File::E)); // a1 to e1 must be empty but for king and rook
/// assert!(long.must_be_empty(File::C) && !long.must_be_empty(File::E));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CastlingPath {
    side: CastlingSide,
    king: File,
    rook: File,
}

impl CastlingPath {
    /// Castling on `side` with the king on file `king` and that rook on file `rook`.
    pub const fn new(king: File, rook: File, side: CastlingSide) -> CastlingPath {
        CastlingPath { side, king, rook }
    }

    /// The castling side.
    pub const fn side(self) -> CastlingSide {
        self.side
    }

    /// The king's file before castling.
    pub const fn king_from(self) -> File {
        self.king
    }

    /// The castling rook's file before castling.
    pub const fn rook_from(self) -> File {
        self.rook
    }

    /// The king's file after castling (c or g).
    pub const fn king_to(self) -> File {
        self.side.king_to_file()
    }

    /// The rook's file after castling (d or f).
    pub const fn rook_to(self) -> File {
        self.side.rook_to_file()
    }

    /// The span: the files from the leftmost to the rightmost of king, rook and their
    /// destinations. Castling is legal only when it is empty apart from king and rook (FIDE
    /// Laws, Guidelines II), so these are the files everything else must leave.
    pub const fn span(self) -> (File, File) {
        let ends = [self.king, self.rook, self.king_to(), self.rook_to()];
        let mut lo = ends[0] as usize;
        let mut hi = lo;
        let mut i = 1;
        while i < ends.len() {
            let f = ends[i] as usize;
            if f < lo {
                lo = f;
            }
            if f > hi {
                hi = f;
            }
            i += 1;
        }
        (File::index_const(lo), File::index_const(hi))
    }

    /// Whether `file` must be empty for castling: in the span, and neither the king's nor the
    /// castling rook's own file.
    pub const fn must_be_empty(self, file: File) -> bool {
        let (lo, hi) = self.span();
        let f = file as usize;
        lo as usize <= f && f <= hi as usize && f != self.king as usize && f != self.rook as usize
    }

    /// Whether castling is open on a back rank where `occupied(file)` tells what stands where
    /// (king and rook, assumed unmoved, excepted).
    pub fn is_open(self, mut occupied: impl FnMut(File) -> bool) -> bool {
        File::ALL
            .into_iter()
            .all(|file| !self.must_be_empty(file) || !occupied(file))
    }
}
