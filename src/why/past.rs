//! What is known of how a position came about: a FEN alone (its en passant field says whether the
//! last move was a double step, and which), or a game (every move, so the last move is named, a
//! double step made earlier can be found, and castling rights lost in the game are explained).

use super::reason::{LastMove, PastMove};
use crate::castling::GameContext;
use cozy_chess::{Board, IllegalMoveError, Move, Rank, Square};

/// How a position came about, as far as it is known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Past {
    /// The move that led to the position.
    pub last: LastMove,
    /// The game's moves up to the position (empty when only a FEN is known).
    pub moves: Vec<PastMove>,
    /// The game's castling context (home squares, lost rights), when a game is known.
    pub castling: Option<GameContext>,
}

impl Past {
    /// A position known only from its FEN.
    pub fn of_position(board: &Board) -> Past {
        Past {
            last: LastMove::FenField {
                en_passant: en_passant_square(board),
            },
            moves: Vec::new(),
            castling: None,
        }
    }

    /// The game that starts at `start` and plays `moves` (each with its SAN as the game wrote
    /// it): the position reached, and its past.
    ///
    /// ```
    /// use castle960::why::{LastMove, Past};
    /// use cozy_chess::Board;
    /// let moves = [("e2e4", "e4"), ("g8f6", "Nf6")].map(|(m, s)| (m.parse().unwrap(), s.to_string()));
    /// let (board, past) = Past::of_game(&Board::default(), &moves).unwrap();
    /// let LastMove::InGame(last) = &past.last else { panic!() };
    /// assert_eq!((last.label(), last.ply), ("1... Nf6".to_string(), 2));
    /// assert_eq!(board.side_to_move(), cozy_chess::Color::White);
    /// ```
    pub fn of_game(
        start: &Board,
        moves: &[(Move, String)],
    ) -> Result<(Board, Past), IllegalMoveError> {
        let mut board = start.clone();
        let mut context = GameContext::new(start);
        let mut past = Vec::with_capacity(moves.len());
        for (i, (mv, san)) in moves.iter().enumerate() {
            let played = PastMove {
                ply: i + 1,
                fullmove: board.fullmove_number(),
                mover: board.side_to_move(),
                piece: board.piece_on(mv.from).ok_or(IllegalMoveError)?,
                mv: *mv,
                san: san.clone(),
            };
            context.play(&mut board, *mv, Some(san))?;
            past.push(played);
        }
        let last = match past.last() {
            Some(last) => LastMove::InGame(last.clone()),
            None => LastMove::FenField {
                en_passant: en_passant_square(start),
            },
        };
        Ok((
            board,
            Past {
                last,
                moves: past,
                castling: Some(context),
            },
        ))
    }

    /// The earlier double step that brought the pawn now on `square` there, when the game shows
    /// one that is not the last move: the last move ending on `square` was that double step.
    pub fn earlier_double_step(&self, square: Square) -> Option<&PastMove> {
        let (last, earlier) = self.moves.split_last()?;
        if last.mv.to == square {
            return None;
        }
        earlier
            .iter()
            .rev()
            .find(|m| m.mv.to == square)
            .filter(|m| m.is_double_step())
    }
}

/// The en passant square the board records for the side to move, if any.
fn en_passant_square(board: &Board) -> Option<Square> {
    board
        .en_passant()
        .map(|file| Square::new(file, Rank::Sixth.relative_to(board.side_to_move())))
}
