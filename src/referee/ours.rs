//! castle960's side of the referee: the legal moves of a position as castle960 sees them.
//!
//! Every move but castling comes from cozy-chess's move generator; the castling moves are the
//! ones castle960's own rules ([`crate::castling::legal_castlings`]) call legal now, written as
//! the king taking its own rook (as engines write them with `UCI_Chess960` on). A referee run
//! compares these with an engine's `go perft` answer.

use crate::castling::legal_castlings;
use crate::notation::uci::is_castling;
use cozy_chess::{Board, Move};

/// castle960's legal moves of `board`: cozy-chess's moves without its castlings, then
/// castle960's castlings (a-side first).
///
/// ```
/// use castle960::referee::ours::legal_moves;
/// use cozy_chess::Board;
/// assert_eq!(legal_moves(&Board::default()).len(), 20);
/// ```
pub fn legal_moves(board: &Board) -> Vec<Move> {
    let mut moves = Vec::with_capacity(64);
    board.generate_moves(|piece_moves| {
        moves.extend(
            piece_moves
                .into_iter()
                .filter(|&mv| !is_castling(board, mv)),
        );
        false
    });
    moves.extend(castling_moves(board));
    moves
}

/// castle960's legal castling moves of `board` for the side to move, king takes rook, a-side
/// first.
pub fn castling_moves(board: &Board) -> Vec<Move> {
    legal_castlings(board, crate::chess::Rule::CHESS960)
        .iter()
        .map(|c| c.king_takes_rook())
        .collect()
}

/// castle960's divide of `board` to `depth` plies (at least 1): each legal move, in
/// [`legal_moves`]'s order, with the number of positions `depth - 1` plies after it, as an
/// engine's `go perft` lists them.
///
/// ```
/// use castle960::referee::ours::divide;
/// use cozy_chess::Board;
/// let divide = divide(&Board::default(), 2);
/// assert_eq!(divide.len(), 20);
/// assert!(divide.iter().all(|&(_, count)| count == 20));
/// ```
pub fn divide(board: &Board, depth: u32) -> Vec<(Move, u64)> {
    assert!(depth >= 1, "a divide lists the moves of at least one ply");
    let moves = legal_moves(board).into_iter();
    if depth == 1 {
        // Each move leads to one position: no need to play it.
        return moves.map(|mv| (mv, 1)).collect();
    }
    moves
        .map(|mv| {
            let mut next = board.clone();
            next.play_unchecked(mv);
            (mv, perft(&next, depth - 1))
        })
        .collect()
}

/// How many positions `depth` plies deep castle960's moves lead to (perft): 1 at depth 0.
///
/// ```
/// use castle960::referee::ours::perft;
/// use cozy_chess::Board;
/// assert_eq!(perft(&Board::default(), 2), 400);
/// ```
pub fn perft(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = legal_moves(board);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|mv| {
            let mut next = board.clone();
            next.play_unchecked(mv);
            perft(&next, depth - 1)
        })
        .sum()
}
