//! The moves of a game under any castling rule, and castlings played on a board. cozy-chess plays
//! Chess960's castling only (the king taking its own rook lands on c or g); a castling of another
//! rule (the king two squares toward the rook, into the corner, leaping) is played here, on a
//! board built afresh ([`play_castling`]). A game under a rule is a list of [`GameMove`]s:
//! cozy-chess's moves for everything but castling, the rule's castlings for castling. Which moves
//! are legal is [`super::legality`]'s question (`GameMove::play`, `legal_moves`); this module
//! only knows how to play them.

use crate::chess::{Castling, CastlingSide};
use crate::notation::uci::{castling_uci, is_castling};
use cozy_chess::{Board, BoardBuilder, CastleRights, Color, Move, Piece};
use serde::{Serialize, Serializer};
use std::fmt;

/// A move of a game as the game wrote it: the move, legal under the game's rule, and its SAN as
/// written (check marks and `!?` included), which an explanation quotes to name the move that
/// lost a right. What [`super::GameContext::replay`] and [`super::timeline`] read a game as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WrittenMove<'a> {
    /// The move.
    pub mv: GameMove,
    /// Its SAN as the game wrote it.
    pub san: &'a str,
}

/// One move of a game played under a castling rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameMove {
    /// A move that is not castling, as cozy-chess writes and plays it.
    Plain(Move),
    /// A castling of the game's rule.
    Castle(Castling),
}

impl GameMove {
    /// The move `mv` in cozy-chess's form, castling as the king taking its own rook: that is
    /// Chess960's castling (cozy-chess knows no other), so a castling becomes the Chess960
    /// castling with that rook.
    pub fn from_cozy(board: &Board, mv: Move) -> GameMove {
        if is_castling(board, mv) {
            let (king, rook) = (mv.from.file(), mv.to.file());
            let color = board.side_to_move();
            GameMove::Castle(Castling::new(
                color,
                CastlingSide::of(king, rook),
                king,
                rook,
            ))
        } else {
            GameMove::Plain(mv)
        }
    }

    /// The move in cozy-chess's form, castling as the king taking its own rook: the inverse of
    /// [`GameMove::from_cozy`] for a game under Chess960's rule (cozy-chess plays the king
    /// taking its rook as Chess960's castling, whatever the rule the castling was of).
    pub fn to_cozy(self) -> Move {
        match self {
            GameMove::Plain(mv) => mv,
            GameMove::Castle(c) => c.king_takes_rook(),
        }
    }

    /// Plays the move, known to be legal, on `board` (cozy-chess's `play_unchecked`).
    pub fn play_unchecked(&self, board: &mut Board) {
        match self {
            GameMove::Plain(mv) => board.play_unchecked(*mv),
            GameMove::Castle(c) => *board = play_castling(board, c),
        }
    }
}

/// The board after castling `c`, a legal castling of the colour to move (from
/// [`super::legal_castlings`]): king and rook on their destinations, the colour's castling rights
/// gone (castling spends both), the other colour to move, no en passant square, the halfmove
/// clock one up (castling neither moves a pawn nor captures, FIDE Laws art. 9.3; cozy-chess
/// stops it at 100 as it does for every move) and the move number one up after Black's move.
///
/// ```
/// use castle960::castling::play_castling;
/// use castle960::chess::{Castling, Rule};
/// use castle960::CastlingSide;
/// use cozy_chess::{Board, Color};
/// // Free castling into the corner, the rook to f1.
/// let board: Board = "r3k2r/p6p/8/8/8/8/8/R3K2R w KQkq - 3 7".parse().unwrap();
/// let castlings = Castling::of_right_under(&board, Color::White, CastlingSide::H, Rule::FREE);
/// let corner = castlings.iter().find(|c| (c.king_to.to_string(), c.rook_to.to_string())
///     == ("h1".to_string(), "f1".to_string()));
/// let after = play_castling(&board, corner.unwrap());
/// assert_eq!(format!("{after}"), "r3k2r/p6p/8/8/8/8/8/R4R1K b kq - 4 7");
/// ```
///
/// # Panics
/// If `c` is not a castling of the colour to move whose king and rook stand on their squares
/// and whose result is a legal position (never for a castling [`super::legal_castlings`] lists).
pub fn play_castling(board: &Board, c: &Castling) -> Board {
    let mut b = BoardBuilder::from_board(board);
    *b.square_mut(c.king) = None;
    *b.square_mut(c.rook) = None;
    *b.square_mut(c.king_to) = Some((Piece::King, c.color));
    *b.square_mut(c.rook_to) = Some((Piece::Rook, c.color));
    *b.castle_rights_mut(c.color) = CastleRights::EMPTY;
    b.side_to_move = !c.color;
    b.en_passant = None;
    b.halfmove_clock = board.halfmove_clock().saturating_add(1).min(100);
    if c.color == Color::Black {
        b.fullmove_number = board.fullmove_number().saturating_add(1);
    }
    b.build()
        .expect("a legal castling leads to a legal position")
}

/// UCI: a plain move as cozy-chess writes it, a castling in its rule's form
/// ([`castling_uci`]).
impl fmt::Display for GameMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameMove::Plain(mv) => write!(f, "{mv}"),
            GameMove::Castle(c) => f.write_str(&castling_uci(c)),
        }
    }
}

/// Serialised as its UCI string.
impl Serialize for GameMove {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::castling::legal_castlings;
    use crate::chess::Rule;
    use crate::referee::positions::RandomGames;

    /// Under Chess960's rule, a castling played here gives the very board cozy-chess's own
    /// castling gives (pieces, rights, clocks, hash): the board is built the same way for every
    /// rule, and cozy-chess is the reference for the one rule it knows.
    #[test]
    fn chess960_castlings_played_here_equal_cozy_chess() {
        let mut castled = 0;
        for board in RandomGames::new(7).take(100_000) {
            for c in legal_castlings(&board, Rule::CHESS960) {
                let mut cozy = board.clone();
                cozy.play(c.king_takes_rook());
                assert_eq!(play_castling(&board, &c), cozy, "{board:#} {c:?}");
                castled += 1;
            }
        }
        assert!(castled > 1_000, "{castled}");
    }
}
