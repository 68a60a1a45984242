//! The shared ground of the castling module: where a castling stands ([`Status`]), the attack
//! test ([`attackers`]), the clear-path test ([`castling_is_clear`]), the check a castling would
//! give ([`checks_given`], for rules that forbid it) and the fast list of legal castlings under a
//! rule ([`legal_castlings`]), and with them the legal moves of a game under a rule
//! ([`legal_moves`], [`GameMove::play`]). The explanation, the search for "castling later" and the
//! notation all build on these; none of them is imported back here, so the module's files import
//! one another without a circle: `game_move` (the moves, played) and `reason` at the bottom,
//! `legality` above them, `later`, `notation` and `context` above it, `explain` and `timeline`
//! on top.

use crate::chess::{Castling, CastlingSide, Rule};
use crate::notation::uci::is_castling;
use cozy_chess::{BitBoard, Board, Color, IllegalMoveError, Piece, Square};
use serde::Serialize;

use super::game_move::{GameMove, play_castling};
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
    /// The status that a list of reasons implies, on either board (the ten-file explainer's
    /// reasons are [`Reason`]s of its own squares and men).
    pub fn of<Q, M>(reasons: &[Reason<Q, M>]) -> Status {
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

/// The castlings that are legal moves now under `rule`, for the side to move: the fast path of
/// [`crate::castling::explain_rule`] for move generators, random games and the referee, without
/// building reasons. A-side first, each side's castlings in the rule's order
/// ([`Rule::paths`]). A castling is in the list exactly when the explanation gives it
/// [`Status::LegalNow`] (a test checks this on the differential tests' positions).
///
/// ```
/// use castle960::castling::legal_castlings;
/// use castle960::chess::Rule;
/// use cozy_chess::Board;
/// let italian: Board =
///     "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4".parse().unwrap();
/// let moves: Vec<String> = legal_castlings(&italian, Rule::CHESS960)
///     .iter()
///     .map(|c| c.king_takes_rook().to_string())
///     .collect();
/// assert_eq!(moves, ["e1h1"]);
/// // Free castling: the king to f1 (rook to e1), g1 (rook to e1 or f1) or h1 (rook to e1, f1
/// // or g1).
/// assert_eq!(legal_castlings(&italian, Rule::FREE).len(), 6);
/// ```
pub fn legal_castlings(board: &Board, rule: Rule) -> Vec<Castling> {
    let color = board.side_to_move();
    CastlingSide::BOTH
        .into_iter()
        .flat_map(|side| Castling::of_right_under(board, color, side, rule))
        .filter(|c| castling_is_clear(board, c, rule))
        .collect()
}

/// Every legal move of `board` under `rule`: cozy-chess's moves but its castlings, then the
/// rule's legal castlings ([`legal_castlings`], a-side first). Random games under a rule are
/// played with it.
///
/// ```
/// use castle960::castling::{legal_moves, GameMove};
/// use castle960::chess::Rule;
/// use cozy_chess::Board;
/// let board: Board = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
/// let castlings = |rule| legal_moves(&board, rule).iter()
///     .filter(|m| matches!(m, GameMove::Castle(_))).count();
/// assert_eq!(castlings(Rule::CHESS960), 2);
/// assert_eq!(castlings(Rule::FLEXIBLE), 3); // K~c1, K~b1 and K~g1
/// ```
pub fn legal_moves(board: &Board, rule: Rule) -> Vec<GameMove> {
    let mut moves = Vec::with_capacity(64);
    board.generate_moves(|piece_moves| {
        moves.extend(
            piece_moves
                .into_iter()
                .filter(|&mv| !is_castling(board, mv))
                .map(GameMove::Plain),
        );
        false
    });
    moves.extend(
        legal_castlings(board, rule)
            .into_iter()
            .map(GameMove::Castle),
    );
    moves
}

/// Moves of a game checked against its rule before they are played.
impl GameMove {
    /// Plays the move on `board` if it is legal there under `rule`: a plain move that cozy-chess
    /// calls legal and that is no castling, or a castling that [`legal_castlings`] lists. An
    /// illegal move leaves `board` as it was.
    pub fn play(&self, board: &mut Board, rule: Rule) -> Result<(), IllegalMoveError> {
        match self {
            GameMove::Plain(mv) if is_castling(board, *mv) => Err(IllegalMoveError),
            GameMove::Plain(mv) => board.try_play(*mv),
            GameMove::Castle(c) => {
                if !legal_castlings(board, rule).contains(c) {
                    return Err(IllegalMoveError);
                }
                *board = play_castling(board, c);
                Ok(())
            }
        }
    }
}

/// Whether castling `c` (king and rook in place) is legal under `rule` for the colour to move,
/// which must be `c`'s colour: the fast form of "no reason stands", for the search and
/// [`legal_castlings`].
pub(crate) fn castling_is_clear(board: &Board, c: &Castling, rule: Rule) -> bool {
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
        && (rule.may_give_check() || checks_given(board, c).is_empty())
}

/// The squares, on the board after castling `c`, of `c`'s men that would check the enemy king:
/// the castled rook on its destination, and men whose line the king or the rook opened by
/// leaving (a discovered check). Kings give no check. Men standing on the king's or the rook's
/// destination are left out: castling needs those squares empty anyway. Only asked under rules
/// whose castling may not give check ([`Rule::may_give_check`]).
pub(crate) fn checks_given(board: &Board, c: &Castling) -> BitBoard {
    let their_king = board.king(!c.color);
    let left = c.king.bitboard() | c.rook.bitboard();
    let landed = c.king_to.bitboard() | c.rook_to.bitboard();
    let occupied = (board.occupied() & !left) | landed;
    let staying = attackers(board, their_king, c.color, occupied)
        & !left
        & !landed
        & !board.pieces(Piece::King);
    let rook = if cozy_chess::get_rook_moves(c.rook_to, occupied).has(their_king) {
        c.rook_to.bitboard()
    } else {
        BitBoard::EMPTY
    };
    staying | rook
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
