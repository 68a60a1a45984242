//! Can a ten-file castling become legal later? The fewest own moves until it is, with the
//! opponent standing still: the model of the eight-file [`crate::castling::later`], searched on
//! the ten-file board.
//!
//! # The model
//!
//! The castling colour ("we") moves; the opponent answers each move with a pass and never
//! moves a man. If it is the opponent's turn now, the opponent passes first (an opponent in
//! check cannot pass: [`TenNeverWhy::OpponentInCheck`]). Our moves are legal moves, captures
//! included; none may give check (the opponent could not then stand still; the castling move
//! itself may); our king and the castling rook never move (that would lose the right). The
//! answer is the fewest own moves after which the castling is legal with us to move, and one
//! shortest line (UCI), or "more than N" past [`TenLimits::max_moves`] or when the node budget
//! ([`TenLimits::max_nodes`]) runs out, or "never" when the enemy king stands on a square that
//! must be empty or attacks a square of the king's path (it never moves and is never taken).
//!
//! # The search
//!
//! Iterative-deepening A* with a transposition table: the eight-file search's own code (one
//! board-independent definition in `src/castling/search.rs`, so both boards deepen, cut and give
//! up alike), given the ten-file board's moves and a simpler lower bound `h = max(S, A, G)`:
//! `S` the occupied squares that must be empty, `A` 1 when the king is in check or a square of
//! its path is attacked (on the board after castling), `G` 1 when
//! the rule forbids castling to give check and it would. **Admissible**: each occupied square
//! that must be empty needs a move starting from it (a capture there leaves the capturer
//! there), one square per move, so at least `S` moves; while the king is in check, a path
//! square attacked or a forbidden check given, the castling is not legal, so at least one move;
//! and `h = 0` exactly when the castling is legal. IDA* with an admissible bound finds a
//! shortest line; the table keeps, per position (clocks set aside), the largest budget searched
//! without success, or that no line exists at any budget. The answers' "never" kinds and words
//! are the eight-file [`NeverWhy`]'s.

use super::{TenCastling, reasons};
use crate::castling::later::{Limits, NeverWhy, write_fewest, write_more_than};
use crate::castling::search::{self, Goal, StandStill};
use crate::chess::Rule;
use crate::ten::{Board, Square, attacks};
use serde::Serialize;
use std::collections::hash_map::RandomState;
use std::fmt;

/// How far the search goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TenLimits {
    /// The most own moves looked for.
    pub max_moves: usize,
    /// The most positions expanded before the search gives up.
    pub max_nodes: u64,
}

impl Default for TenLimits {
    /// 8 moves, as on eight files, and 20,000 positions: a ten-file position costs tens of
    /// microseconds (its legal moves made by playing every move), so a hopeless search stops
    /// within about a second.
    fn default() -> TenLimits {
        TenLimits {
            max_moves: 8,
            max_nodes: 20_000,
        }
    }
}

/// Whether, and how soon, a castling can become legal with the opponent standing still.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TenLater {
    /// Legal after `moves` own moves (0: at our turn now), e.g. after `line` (UCI).
    Fewest {
        /// The fewest own moves.
        moves: usize,
        /// One shortest line, in UCI as the variant's engine writes it.
        line: Vec<String>,
    },
    /// No line of at most `moves` own moves exists.
    MoreThan {
        /// The largest number of moves proven not to suffice.
        moves: usize,
        /// Whether the node budget stopped the search before [`TenLimits::max_moves`].
        budget_exhausted: bool,
    },
    /// Never, in this model.
    Never {
        /// Why.
        why: TenNeverWhy,
    },
}

/// Why a castling can never become legal with the opponent standing still: the eight-file
/// [`crate::castling::NeverWhy`], naming ten-file squares, with its kinds, JSON and words.
pub type TenNeverWhy = NeverWhy<Square>;

/// `board` after a pass: the other side to move, no en passant square; `None` if the side to
/// move is in check (it cannot pass).
fn pass(board: &Board) -> Option<Board> {
    if board.in_check(board.side) {
        return None;
    }
    let mut next = board.clone();
    next.side = !board.side;
    next.en_passant = None;
    Some(next)
}

/// The lower bound `h` of the module documentation.
fn lower_bound(board: &Board, c: &TenCastling, rule: Rule) -> usize {
    let occupied = board.occupied();
    let s = (occupied & c.empty_set()).count_ones() as usize;
    let after = c.occupied_after(occupied);
    let attacked = board.in_check(c.color)
        || c.king_path
            .iter()
            .any(|&sq| board.attackers(sq, !c.color, after) != 0);
    let g = !rule.may_give_check() && c.play(board).in_check(!c.color);
    s.max(usize::from(attacked)).max(usize::from(g))
}

/// The fewest own moves until `castling` (one `rule` allows) is legal in `board`, the
/// opponent standing still; [`TenNeverWhy::RightGone`] when the position's right does not
/// name the castling's rook or its king has left.
pub fn fewest_moves(
    board: &Board,
    castling: &TenCastling,
    rule: Rule,
    limits: &TenLimits,
) -> TenLater {
    let never = |why| TenLater::Never { why };
    let c = castling;
    if board.castling_right(c.color, c.side) != Some(c.rook.file()) || board.king(c.color) != c.king
    {
        return never(TenNeverWhy::RightGone);
    }
    let start = if board.side_to_move() == c.color {
        board.clone()
    } else {
        match pass(board) {
            Some(passed) => passed,
            None => return never(TenNeverWhy::OpponentInCheck),
        }
    };
    let enemy_king = start.king(!c.color);
    if c.empty_set() & enemy_king.bit() != 0 {
        return never(TenNeverWhy::EnemyKingInTheWay { king: enemy_king });
    }
    if let Some(&square) = c
        .king_path
        .iter()
        .find(|&&sq| attacks::king(sq) & enemy_king.bit() != 0)
    {
        return never(TenNeverWhy::EnemyKingAttacks {
            king: enemy_king,
            square,
        });
    }
    let problem = Goal {
        castling: c.clone(),
        rule,
    };
    let limits = Limits {
        max_moves: limits.max_moves,
        max_nodes: limits.max_nodes,
    };
    search::fewest(&problem, &start, &limits)
}

/// The ten-file board's side of the search.
impl StandStill for Goal<TenCastling> {
    type Position = Board;
    /// In UCI, as the variant's engine writes it.
    type Move = String;
    /// The position with its clocks set aside.
    type Key = Board;
    type Hasher = RandomState;
    type Answer = TenLater;

    fn clear(&self, board: &Board) -> bool {
        reasons(board, &self.castling, self.rule).is_empty()
    }

    fn lower_bound(&self, board: &Board) -> Option<usize> {
        Some(lower_bound(board, &self.castling, self.rule))
    }

    fn key(&self, board: &Board) -> Board {
        let mut key = board.clone();
        key.halfmove = 0;
        key.fullmove = 1;
        key
    }

    fn children(&self, board: &Board) -> Vec<(usize, String, Board)> {
        let frozen = self.castling.king.bit() | self.castling.rook.bit();
        let us = board.side_to_move();
        board
            .legal_moves()
            .into_iter()
            .filter(|mv| frozen & mv.from.bit() == 0)
            .filter_map(|mv| {
                let played = board.play(mv);
                if played.in_check(!us) {
                    return None; // a check forces an answer: no standing still
                }
                let child = pass(&played)?;
                let h = lower_bound(&child, &self.castling, self.rule);
                Some((h, mv.uci(board.variant()), child))
            })
            .collect()
    }

    fn fewest(&self, _start: &Board, line: Vec<String>) -> TenLater {
        TenLater::Fewest {
            moves: line.len(),
            line,
        }
    }

    fn more_than(&self, moves: usize, budget_exhausted: bool) -> TenLater {
        TenLater::MoreThan {
            moves,
            budget_exhausted,
        }
    }

    fn no_line(&self) -> TenLater {
        TenLater::Never {
            why: TenNeverWhy::NoLine,
        }
    }
}

/// `legal after 3 own moves with the opponent standing still, e.g. e2e3 g1f3 f1e2`, ...: the
/// eight-file [`crate::castling::Later`]'s words, the line in UCI.
impl fmt::Display for TenLater {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TenLater::Fewest { moves, line } => write_fewest(f, *moves, line),
            TenLater::MoreThan {
                moves,
                budget_exhausted,
            } => write_more_than(f, *moves, *budget_exhausted),
            TenLater::Never { why } => write!(f, "{why}"),
        }
    }
}
