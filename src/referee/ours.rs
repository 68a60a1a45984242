//! castle960's side of the referee: the legal moves of a position as castle960 sees them.
//!
//! Every move but castling comes from cozy-chess's move generator; the castling moves are the
//! ones castle960's own rules ([`crate::castling::legal_castlings`]) call legal now, written as
//! the king taking its own rook (as engines write them with `UCI_Chess960` on). A referee run
//! compares these with an engine's `go perft` answer.

use super::position::Position;
use crate::castling::{Reason, Status, explain, legal_castlings};
use crate::chess::CastlingSide;
use crate::notation::san::write_san;
use crate::notation::uci::is_castling;
use crate::words;
use cozy_chess::{Board, Color, Move, Square};
use itertools::Itertools;
use std::fmt;

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

/// What the FIDE rules say of a castling, king takes rook: legal, with its SAN, or not, with
/// every reason that stands ([`explain`]'s).
///
/// ```
/// use castle960::referee::ours::{Legality, Ruling};
/// use cozy_chess::Board;
/// let board = Board::from_fen("r3k2r/8/8/8/8/8/8/R3K1NR w HAha - 0 1", true).unwrap();
/// let long = Ruling::of(&board, "e1a1".parse().unwrap());
/// assert!(matches!(long.legality, Legality::Legal { .. }));
/// assert_eq!(long.to_string(), "White O-O-O (e1a1) is legal (SAN O-O-O): no rule forbids it");
/// let short = Ruling::of(&board, "e1h1".parse().unwrap());
/// assert_eq!(short.to_string(),
///     "White O-O (e1h1) is not legal: g1 must be empty, but the white knight stands there");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ruling {
    /// The castling colour, the side to move.
    pub color: Color,
    /// The side it castles on.
    pub side: CastlingSide,
    /// The castling, king takes rook.
    pub mv: Move,
    /// Legal or not, and why.
    pub legality: Legality,
}

/// Whether a castling is legal now, as a [`Ruling`] says it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Legality {
    /// Legal now: no rule forbids it.
    Legal {
        /// Its SAN (the side's `O-O` or `O-O-O` where SAN cannot be written).
        san: String,
    },
    /// Not legal now.
    NotLegal {
        /// Every reason that stands, in [`crate::castling::SideExplanation::reasons`]' order.
        reasons: Vec<Reason>,
    },
}

impl Ruling {
    /// The ruling on the castling `mv` (king takes rook) in `board`.
    pub fn of(board: &Board, mv: Move) -> Ruling {
        let color = board.side_to_move();
        let side = CastlingSide::of(mv.from.file(), mv.to.file());
        let explained = &explain(board).sides[color][side];
        let legality = match explained.status {
            Status::LegalNow => Legality::Legal {
                san: write_san(board, mv).unwrap_or_else(|_| side.san().to_string()),
            },
            _ => Legality::NotLegal {
                reasons: explained.reasons.clone(),
            },
        };
        Ruling {
            color,
            side,
            mv,
            legality,
        }
    }
}

/// `White O-O (e1h1) is legal (SAN O-O): no rule forbids it`, or `... is not legal: ` and every
/// reason.
impl fmt::Display for Ruling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = format!(
            "{} {} ({})",
            words::color_title(self.color),
            self.side.san(),
            self.mv
        );
        match &self.legality {
            Legality::Legal { san } => write!(f, "{name} is legal (SAN {san}): no rule forbids it"),
            Legality::NotLegal { reasons } => {
                write!(f, "{name} is not legal: {}", reasons.iter().join("; "))
            }
        }
    }
}

/// `mv` in king-takes-rook form if the engine wrote a castling move as the king's destination:
/// the king's move to the c- or g-file is illegal as written, and castling with a rook the
/// side to move may castle with, whose king ends there, is legal.
fn king_takes_rook(board: &Board, mv: Move) -> Option<Move> {
    let king = board.king(board.side_to_move());
    if mv.from != king || mv.to.rank() != king.rank() || board.is_legal(mv) {
        return None;
    }
    let rights = board.castle_rights(board.side_to_move());
    [rights.long, rights.short]
        .into_iter()
        .flatten()
        .filter(|&rook| CastlingSide::of(king.file(), rook).king_to_file() == mv.to.file())
        .map(|rook| Move {
            from: king,
            to: Square::new(rook, king.rank()),
            promotion: None,
        })
        .find(|&castle| board.is_legal(castle))
}

/// Eight files: cozy-chess's board, castling by castle960's rules ([`legal_moves`]).
impl Position for Board {
    type Move = Move;
    type Ruling = Ruling;

    fn fen(&self) -> String {
        format!("{self:#}")
    }

    fn read_move(&self, text: &str) -> Option<Move> {
        text.parse().ok()
    }

    fn castling_from_destination(&self, mv: Move) -> Option<Move> {
        king_takes_rook(self, mv)
    }

    fn is_castling(&self, mv: Move) -> bool {
        is_castling(self, mv)
    }

    fn move_key(mv: Move) -> (u8, u8, u8) {
        let promotion = mv.promotion.map_or(0, |p| p as u8 + 1);
        (mv.from as u8, mv.to as u8, promotion)
    }

    fn castling_moves(&self) -> Vec<Move> {
        castling_moves(self)
    }

    fn divide(&self, depth: u32) -> Vec<(Move, u64)> {
        divide(self, depth)
    }

    fn ruling(&self, mv: Move) -> Ruling {
        Ruling::of(self, mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(fen: &str) -> Board {
        Board::from_fen(fen, true).unwrap()
    }

    fn mv(text: &str) -> Move {
        text.parse().unwrap()
    }

    #[test]
    fn king_destination_castling_becomes_king_takes_rook() {
        let standard = board("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
        assert_eq!(king_takes_rook(&standard, mv("e1g1")), Some(mv("e1h1")));
        assert_eq!(king_takes_rook(&standard, mv("e1c1")), Some(mv("e1a1")));
        // Ordinary king moves and king-takes-rook stay as they are.
        for kept in ["e1f1", "e1d2", "e1h1", "e1a1", "a1b1"] {
            assert_eq!(king_takes_rook(&standard, mv(kept)), None, "{kept}");
        }
        // Black to move: the black king's squares.
        let black = board("r3k2r/8/8/8/8/8/8/R3K2R b HAha - 0 1");
        assert_eq!(king_takes_rook(&black, mv("e8c8")), Some(mv("e8a8")));
        assert_eq!(king_takes_rook(&black, mv("e1g1")), None);
    }

    #[test]
    fn a_legal_king_step_to_the_castling_square_is_not_castling() {
        // King f1, rook h1: f1g1 is the king's step, and castling is written f1h1.
        let chess960 = board("4k3/8/8/8/8/8/8/5K1R w H - 0 1");
        assert_eq!(king_takes_rook(&chess960, mv("f1g1")), None);
        // King b1, rook a1: castling ends with the king on c1, which is also its step.
        let a_side = board("4k3/8/8/8/8/8/8/RK6 w A - 0 1");
        assert_eq!(king_takes_rook(&a_side, mv("b1c1")), None);
    }

    #[test]
    fn no_conversion_without_the_right_or_when_castling_is_illegal() {
        let no_rights = board("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1");
        assert_eq!(king_takes_rook(&no_rights, mv("e1g1")), None);
        // The f1 square is attacked by the rook on f8: O-O is illegal.
        let attacked = board("4kr2/8/8/8/8/8/8/R3K2R w HA - 0 1");
        assert_eq!(king_takes_rook(&attacked, mv("e1g1")), None);
        assert_eq!(king_takes_rook(&attacked, mv("e1c1")), Some(mv("e1a1")));
    }
}
