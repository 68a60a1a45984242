//! En passant (FIDE Laws art. 3.7): a pawn attacking a square crossed by an enemy pawn that
//! has just advanced two squares in one move may take it as though it had moved one square,
//! only on the move right after that advance.
//!
//! A move is read as an attempted en passant capture when an own pawn goes to an empty square on
//! its sixth rank, on another file, with an enemy pawn behind that square (on the fifth rank):
//! the one pawn it could take. The rules that can then stand, beside every other move's:
//! * the last move was not that pawn's double step: the FEN's en passant field does not name the
//!   square (or, with a game, the last move was another one);
//! * with a game, the moment has passed: the pawn made its double step earlier, and the chance
//!   lasted only for the move right after;
//! * the capturing pawn is not beside the enemy pawn (not on the fifth rank, on the next file);
//! * taking the pawn exposes the king: both pawns leave their rank at once, opening a rook's or
//!   queen's line to a king on that rank (the horizontal pin, which no single pawn feels), or
//!   the taken pawn alone shielded the king ([`super::judge`] finds both from the board after
//!   the move).

use super::past::Past;
use super::reason::MoveReason;
use crate::chess::Man;
use cozy_chess::{Board, Color, Piece, Rank, Square};

/// The enemy pawn that `man` going to `to` would take en passant, when the move reads as an
/// attempted en passant capture (see the module documentation).
pub(crate) fn victim(board: &Board, man: &Man, to: Square) -> Option<Man> {
    if man.piece != Piece::Pawn
        || to.rank() != Rank::Sixth.relative_to(man.color)
        || to.file() == man.square.file()
        || board.occupied().has(to)
    {
        return None;
    }
    let behind = Square::new(to.file(), Rank::Fifth.relative_to(man.color));
    Man::on(board, behind).filter(|m| m.piece == Piece::Pawn && m.color != man.color)
}

/// Whether en passant onto `to` is open for `color` now: its move, and the board's en passant
/// square is `to` (the last move was the double step of the pawn in front of it).
pub(crate) fn open(board: &Board, color: Color, to: Square) -> bool {
    board.side_to_move() == color
        && board.en_passant() == Some(to.file())
        && to.rank() == Rank::Sixth.relative_to(color)
}

/// The reasons about the moment of an attempted en passant capture of `pawn` on `to`: no
/// double step as the last move, and, with a game, the moment passed.
pub(crate) fn moment_reasons(
    board: &Board,
    color: Color,
    to: Square,
    pawn: Man,
    past: &Past,
    add: &mut impl FnMut(MoveReason),
) {
    if open(board, color, to) {
        return;
    }
    add(MoveReason::NoDoubleStep {
        pawn,
        last: past.last.clone(),
    });
    if let Some(double_step) = past.earlier_double_step(pawn.square) {
        let possible_fullmove = match double_step.mover {
            Color::White => double_step.fullmove,
            Color::Black => double_step.fullmove.saturating_add(1),
        };
        add(MoveReason::MomentPassed {
            pawn,
            double_step: double_step.clone(),
            possible_ply: double_step.ply + 1,
            possible_fullmove,
        });
    }
}
