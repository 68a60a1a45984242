//! How each piece moves, as (files, ranks) steps: one table for the boards, the model and the
//! searches.

use cozy_chess::Piece;

/// A knight's eight jumps.
pub const KNIGHT_STEPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// A king's eight steps; a queen slides along the same lines. (The order decides which of
/// several equally short lines a search meets first, so it fixes the report's witness lines.)
pub const KING_STEPS: [(i8, i8); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// A rook's four lines.
pub const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

/// A bishop's four diagonals.
pub const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// A pawn's push: one square forward (for White; two from its second rank).
pub const PAWN_PUSH: [(i8, i8); 1] = [(0, 1)];

/// How `piece` moves: lines of steps, and how many steps along a line it may go (a knight or a
/// king one, a slider up to seven, the queen along both the rook's and the bishop's lines). A
/// White pawn pushes up to two squares, but two only from its second rank: callers cut it to
/// one elsewhere. The order of the lines fixes which of several equally short lines a search
/// meets first.
pub const fn lines(piece: Piece) -> &'static [(&'static [(i8, i8)], usize)] {
    match piece {
        Piece::Pawn => &[(&PAWN_PUSH, 2)],
        Piece::Knight => &[(&KNIGHT_STEPS, 1)],
        Piece::Bishop => &[(&BISHOP_DIRS, 7)],
        Piece::Rook => &[(&ROOK_DIRS, 7)],
        Piece::Queen => &[(&ROOK_DIRS, 7), (&BISHOP_DIRS, 7)],
        Piece::King => &[(&KING_STEPS, 1)],
    }
}
