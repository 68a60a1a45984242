//! The shared ground of the castling module: where a castling stands ([`Status`]), the attack
//! test ([`attackers`]), the clear-path test ([`castling_is_clear`]) and the fast list of legal
//! castlings ([`legal_castlings`]). The explanation, the search for "castling later" and the
//! notation all build on these; none of them is imported back here, so the module's files form
//! a tree: `legality` below `later` and `notation`, both below `explain`.

use crate::chess::{Castling, CastlingSide};
use cozy_chess::{BitBoard, Board, Color, Piece, Square};
use serde::Serialize;

use super::reason::Reason;

/// Where a castling stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Castling is a legal move now: no reason stands.
    LegalNow,
    /// Castling would be legal if it were this colour's move: the only reason is the turn.
    LegalOnTurn,
    /// Some rule other than the turn forbids it.
    NotLegal,
}

impl Status {
    /// The status that a list of reasons implies.
    pub fn of(reasons: &[Reason]) -> Status {
        match reasons {
            [] => Status::LegalNow,
            [Reason::NotYourTurn { .. }] => Status::LegalOnTurn,
            _ => Status::NotLegal,
        }
    }

    /// `legal now`, `legal on its turn`, `not legal`.
    pub const fn words(self) -> &'static str {
        match self {
            Status::LegalNow => "legal now",
            Status::LegalOnTurn => "legal when it is its turn",
            Status::NotLegal => "not legal",
        }
    }
}

/// The castlings that are legal moves now, for the side to move (a-side first): the fast path of
/// [`crate::castling::explain`] for move generators and the referee, without building reasons. A
/// castling is in the list exactly when `explain` gives it [`Status::LegalNow`] (a test checks
/// this on the differential test's positions).
///
/// ```
/// use castle960::castling::legal_castlings;
/// use cozy_chess::Board;
/// let italian: Board =
///     "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4".parse().unwrap();
/// let moves: Vec<String> =
///     legal_castlings(&italian).iter().map(|c| c.king_takes_rook().to_string()).collect();
/// assert_eq!(moves, ["e1h1"]);
/// ```
pub fn legal_castlings(board: &Board) -> Vec<Castling> {
    let color = board.side_to_move();
    CastlingSide::BOTH
        .into_iter()
        .filter_map(|side| Castling::of_right(board, color, side))
        .filter(|c| castling_is_clear(board, c))
        .collect()
}

/// Whether castling `c` (king and rook in place) is legal for the colour to move, which must be
/// `c`'s colour: the fast form of "no reason stands", for the search and [`legal_castlings`].
pub(crate) fn castling_is_clear(board: &Board, c: &Castling) -> bool {
    if !(board.occupied() & c.must_be_empty).is_empty() {
        return false;
    }
    // A check is judged on the board as it stands: the rook's destination may lie between a
    // checking man and the king (king b1, rook a1, enemy queen e1) without ending the check.
    if !attackers(board, c.king, !c.color, board.occupied()).is_empty() {
        return false;
    }
    let after = c.occupied_after(board.occupied());
    c.king_path_set()
        .iter()
        .all(|square| attackers(board, square, !c.color, after).is_empty())
}

/// The men of colour `by` attacking `square` when the occupied squares are `occupied`. A king
/// attacks the squares around it like any man (seed 000 forgot this).
pub(crate) fn attackers(board: &Board, square: Square, by: Color, occupied: BitBoard) -> BitBoard {
    let queens = board.pieces(Piece::Queen);
    let diagonal = board.pieces(Piece::Bishop) | queens;
    let straight = board.pieces(Piece::Rook) | queens;
    board.colors(by)
        & ((cozy_chess::get_knight_moves(square) & board.pieces(Piece::Knight))
            | (cozy_chess::get_king_moves(square) & board.pieces(Piece::King))
            | (cozy_chess::get_pawn_attacks(square, !by) & board.pieces(Piece::Pawn))
            | (cozy_chess::get_bishop_moves(square, occupied) & diagonal)
            | (cozy_chess::get_rook_moves(square, occupied) & straight))
}
