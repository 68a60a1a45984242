//! What a game adds to a position: where each king and castling rook started, and which move
//! lost each castling right. A game is played under one castling rule, which decides which
//! castlings are legal moves in it.

use crate::chess::{ByCastlingSide, CastlingSide, Rule};
use cozy_chess::{Board, Color, File, IllegalMoveError, Move, Piece, Square};

use super::game_move::{GameMove, WrittenMove};
use super::reason::{LostBy, RightLost, WhenLost};
use crate::chess::ByColor;
use crate::chess::Castling;

/// One colour's home squares in a game's start position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Homes {
    /// The king's square at the start.
    pub king: Square,
    /// Each castling rook's square at the start; `None` where the start position gives no right.
    pub rooks: ByCastlingSide<Option<Square>>,
}

/// A game seen so far: the home squares from its start position and, for each colour and side,
/// the move that lost the right. Build it with [`GameContext::new`] on the start position and
/// feed it every move with [`GameContext::play`].
///
/// ```
/// use castle960::castling::{GameContext, LostBy, WhenLost};
/// use castle960::CastlingSide;
/// use cozy_chess::{Board, Color};
/// let mut board = Board::default();
/// let mut game = GameContext::new(&board);
/// for uci in ["e2e4", "e7e5", "e1e2"] {
///     game.play(&mut board, uci.parse().unwrap(), None).unwrap();
/// }
/// let WhenLost::InGame(lost) = game.when_lost(Color::White, CastlingSide::H) else { panic!() };
/// assert_eq!((lost.ply, lost.how), (3, LostBy::KingMoved));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameContext {
    /// Each colour's home squares.
    pub homes: ByColor<Homes>,
    /// Each colour's and side's losing move, once it has been played.
    pub lost: ByColor<ByCastlingSide<Option<RightLost>>>,
    /// Moves played so far.
    plies: usize,
    /// The castling rule the game is played under.
    rule: Rule,
}

impl GameContext {
    /// The context of a game starting at `start`, played under Chess960's castling rule.
    pub fn new(start: &Board) -> GameContext {
        GameContext::under(start, Rule::default())
    }

    /// The context of a game starting at `start`, played under `rule`.
    pub fn under(start: &Board, rule: Rule) -> GameContext {
        GameContext {
            homes: ByColor::new(|color| Homes {
                king: start.king(color),
                rooks: ByCastlingSide::new(|side| {
                    Castling::of_right(start, color, side).map(|c| c.rook)
                }),
            }),
            lost: ByColor::new(|_| ByCastlingSide::new(|_| None)),
            plies: 0,
            rule,
        }
    }

    /// The game that starts at `start` under `rule` and plays `moves`: the position it reaches
    /// and its context. The one replay of a game, whoever asks: a game read from PGN at a ply
    /// ([`crate::notation::pgn_import::Game::replay_to`]) and, position by position, its
    /// timeline ([`GameContext::replay_each`]). An illegal move ends it with cozy-chess's error.
    ///
    /// ```
    /// use castle960::castling::{GameContext, GameMove, WrittenMove};
    /// use castle960::chess::Rule;
    /// use castle960::CastlingSide;
    /// use cozy_chess::{Board, Color};
    /// let moves = [("e2e4", "e4"), ("e7e5", "e5"), ("e1e2", "Ke2")]
    ///     .map(|(uci, san)| WrittenMove { mv: GameMove::Plain(uci.parse().unwrap()), san });
    /// let (board, game) = GameContext::replay(&Board::default(), Rule::CHESS960, moves).unwrap();
    /// assert_eq!(board.side_to_move(), Color::Black);
    /// assert_eq!(game.lost[Color::White][CastlingSide::H].as_ref().unwrap().san.as_deref(), Some("Ke2"));
    /// ```
    pub fn replay<'a>(
        start: &Board,
        rule: Rule,
        moves: impl IntoIterator<Item = WrittenMove<'a>>,
    ) -> Result<(Board, GameContext), IllegalMoveError> {
        GameContext::replay_each(start, rule, moves, |_, _| {})
    }

    /// [`GameContext::replay`], calling `visit` with every position of the game and the context
    /// there: the start position first (ply 0), then the position after each move (its ply is
    /// [`GameContext::plies`]).
    pub fn replay_each<'a>(
        start: &Board,
        rule: Rule,
        moves: impl IntoIterator<Item = WrittenMove<'a>>,
        mut visit: impl FnMut(&Board, &GameContext),
    ) -> Result<(Board, GameContext), IllegalMoveError> {
        let mut board = start.clone();
        let mut game = GameContext::under(start, rule);
        visit(&board, &game);
        for written in moves {
            game.play_move(&mut board, written.mv, Some(written.san))?;
            visit(&board, &game);
        }
        Ok((board, game))
    }

    /// The castling rule the game is played under.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// Plays `mv`, in cozy-chess's form (castling as the king taking its own rook, which is
    /// Chess960's castling), on `board` (the game's current position) and records the rights it
    /// loses; [`GameContext::play_move`] with [`GameMove::from_cozy`].
    pub fn play(
        &mut self,
        board: &mut Board,
        mv: Move,
        san: Option<&str>,
    ) -> Result<(), IllegalMoveError> {
        let mv = GameMove::from_cozy(board, mv);
        self.play_move(board, mv, san)
    }

    /// Plays `mv` on `board` (the game's current position) if it is legal under the game's rule,
    /// and records the rights it loses. `san` is the move as the game wrote it, kept for
    /// explanations. An illegal move changes nothing and returns cozy-chess's error.
    pub fn play_move(
        &mut self,
        board: &mut Board,
        mv: GameMove,
        san: Option<&str>,
    ) -> Result<(), IllegalMoveError> {
        let before = board.clone();
        mv.play(board, self.rule)?;
        self.plies += 1;
        let mover = before.side_to_move();
        for color in [Color::White, Color::Black] {
            for side in CastlingSide::BOTH {
                let Some(had) = Castling::of_right(&before, color, side) else {
                    continue;
                };
                if Castling::of_right(board, color, side).is_some() {
                    continue;
                }
                let how = match mv {
                    _ if color != mover => LostBy::RookCaptured,
                    GameMove::Castle(_) => LostBy::Castled,
                    GameMove::Plain(m) if m.from == had.king => LostBy::KingMoved,
                    GameMove::Plain(m) => {
                        debug_assert_eq!(before.piece_on(m.from), Some(Piece::Rook));
                        LostBy::RookMoved
                    }
                };
                self.lost[color][side] = Some(RightLost {
                    ply: self.plies,
                    fullmove: before.fullmove_number(),
                    mover,
                    mv,
                    san: san.map(str::to_owned),
                    how,
                });
            }
        }
        Ok(())
    }

    /// Moves played so far.
    pub fn plies(&self) -> usize {
        self.plies
    }

    /// When `color`'s right on `side` was lost: in the game, before it (the start position
    /// lacked it), or [`WhenLost::BeforeGame`] too if it still stands (ask the board first).
    pub fn when_lost(&self, color: Color, side: CastlingSide) -> WhenLost {
        match &self.lost[color][side] {
            Some(lost) => WhenLost::InGame(lost.clone()),
            None => WhenLost::BeforeGame,
        }
    }

    /// The castling `color`'s right on `side` was for in the start position, if it had one
    /// (Chess960's; [`GameContext::home_files`] for any rule's).
    pub fn home_castling(&self, color: Color, side: CastlingSide) -> Option<Castling> {
        let (king, rook) = self.home_files(color, side)?;
        Some(Castling::new(color, side, king, rook))
    }

    /// The files of the king and of the rook `color`'s right on `side` was for in the start
    /// position, if it had one: a rule's castlings of that side are its castlings for them.
    pub fn home_files(&self, color: Color, side: CastlingSide) -> Option<(File, File)> {
        let homes = &self.homes[color];
        Some((homes.king.file(), homes.rooks[side]?.file()))
    }
}
