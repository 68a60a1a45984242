//! Why a move is not legal: each rule that stands in the way as a typed value naming squares and
//! men, with words a club player understands. Castling's reasons are the castling module's own
//! ([`crate::castling::Reason`]), carried unchanged.

use crate::castling;
use crate::chess::{Man, piece};
use crate::words;
use cozy_chess::{Color, File, Move, Piece, Rank, Square};
use serde::Serialize;
use std::fmt;

use super::json::{ser_color, ser_file, ser_move, ser_opt_piece, ser_rank, ser_square};

/// The rule of movement a man would break (FIDE Laws art. 3.2 to 3.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Rule {
    /// The move ends on the square it starts from.
    StaysPut,
    /// Not a knight's jump.
    Knight,
    /// Not along a diagonal.
    Bishop,
    /// Not along a rank or a file.
    Rook,
    /// Not along a rank, a file or a diagonal.
    Queen,
    /// More than one square, and not written as castling.
    King,
    /// A pawn going backwards or sideways.
    PawnNotForward,
    /// A pawn going two squares from anywhere but its starting rank.
    PawnDoubleStep,
    /// Any other pawn move that is no step, double step or diagonal capture step.
    Pawn,
    /// A pawn reaching the last rank without saying what it becomes.
    MustPromote,
    /// A promotion piece given to a move that is no pawn reaching the last rank.
    CannotPromote,
}

impl Rule {
    /// The rule in words, for the man `man`.
    fn words(self, man: &Man) -> String {
        let rank2 = Rank::Second.relative_to(man.color);
        match self {
            Rule::StaysPut => "a move takes a man to another square".to_string(),
            Rule::Knight => {
                "a knight jumps two squares along a rank or file and one square to the side"
                    .to_string()
            }
            Rule::Bishop => "a bishop moves along diagonals only".to_string(),
            Rule::Rook => "a rook moves along ranks and files only".to_string(),
            Rule::Queen => "a queen moves along ranks, files and diagonals only".to_string(),
            Rule::King => "a king moves one square in any direction (castling is written O-O or \
                 O-O-O, or in UCI as the king taking its own rook)"
                .to_string(),
            Rule::PawnNotForward => "a pawn never moves backwards or sideways".to_string(),
            Rule::PawnDoubleStep => {
                format!("a pawn moves two squares only from its starting rank, rank {rank2}")
            }
            Rule::Pawn => "a pawn moves one square straight ahead (two from its starting rank) \
                 and captures one square diagonally forward"
                .to_string(),
            Rule::MustPromote => "a pawn reaching the last rank must become a queen, rook, bishop \
                 or knight: add =Q, =R, =B or =N"
                .to_string(),
            Rule::CannotPromote => "only a pawn reaching the last rank promotes".to_string(),
        }
    }
}

/// A move of the game the position comes from.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct PastMove {
    /// Its place in the game, 1 for the game's first move.
    pub ply: usize,
    /// Its move number as a PGN writes it (`12` in `12. e4` and in `12... d5`).
    pub fullmove: u16,
    /// Who played it.
    #[serde(serialize_with = "ser_color")]
    pub mover: Color,
    /// The piece that moved.
    #[serde(serialize_with = "super::json::ser_piece")]
    pub piece: Piece,
    /// The move in UCI, castling as the king taking its own rook.
    #[serde(rename = "move", serialize_with = "ser_move")]
    pub mv: Move,
    /// The move in SAN, as the game wrote it.
    pub san: String,
}

impl PastMove {
    /// `12... d5`.
    pub fn label(&self) -> String {
        match self.mover {
            Color::White => format!("{}. {}", self.fullmove, self.san),
            Color::Black => format!("{}... {}", self.fullmove, self.san),
        }
    }

    /// Whether it was a pawn's double step.
    pub fn is_double_step(&self) -> bool {
        self.piece == Piece::Pawn
            && self.mv.from.rank().relative_to(self.mover) == Rank::Second
            && self.mv.to.rank().relative_to(self.mover) == Rank::Fourth
    }
}

/// What is known of the move that led to the position.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum LastMove {
    /// Only a FEN is known: its en passant field, which names the square a pawn passed over
    /// when the last move was a double step (and is `-` otherwise).
    FenField {
        /// The en passant square, if the field names one.
        #[serde(serialize_with = "super::json::ser_opt_square")]
        en_passant: Option<Square>,
    },
    /// The game's last move.
    InGame(PastMove),
}

/// One rule that stands in the way of a move that is not castling.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum MoveReason {
    /// It is the other colour's move.
    NotYourTurn {
        /// The colour to move.
        #[serde(serialize_with = "ser_color")]
        to_move: Color,
    },
    /// No man of the moving colour stands where the move says (UCI: on its square; SAN: no man
    /// of that piece, on the file or rank named if one is).
    NoMan {
        /// The colour whose man was looked for.
        #[serde(serialize_with = "ser_color")]
        color: Color,
        /// The piece looked for (SAN), or `None` for any man (UCI).
        #[serde(serialize_with = "ser_opt_piece")]
        piece: Option<Piece>,
        /// The square looked on, when one is named.
        #[serde(serialize_with = "super::json::ser_opt_square")]
        square: Option<Square>,
        /// The file looked on, when only a file is named.
        #[serde(serialize_with = "ser_file")]
        file: Option<File>,
        /// The rank looked on, when only a rank is named.
        #[serde(serialize_with = "ser_rank")]
        rank: Option<Rank>,
    },
    /// The man does not move like that.
    CannotMove {
        /// The man.
        man: Man,
        /// The square it was to go to.
        #[serde(serialize_with = "ser_square")]
        to: Square,
        /// The rule of movement it would break.
        rule: Rule,
    },
    /// A pawn's diagonal step onto an empty square that no pawn could be taken on en passant.
    CapturesNothing {
        /// The pawn.
        man: Man,
        /// The empty square.
        #[serde(serialize_with = "ser_square")]
        square: Square,
    },
    /// Men stand between the man and its target (or, for a pawn going straight, on the target).
    Blocked {
        /// The moving man.
        man: Man,
        /// The men in the way, in the order met.
        by: Vec<Man>,
    },
    /// A man of the moving colour stands on the target.
    OwnManOnTarget {
        /// The moving man.
        man: Man,
        /// The own man standing on the target.
        there: Man,
    },
    /// The target holds the enemy king, which is never taken.
    CapturesKing {
        /// The enemy king.
        king: Man,
    },
    /// The king takes one of its own rooks that is not its castling rook on that side.
    NotTheCastlingRook {
        /// The rook named.
        rook: Man,
        /// The rook that castles on that side.
        #[serde(serialize_with = "ser_square")]
        castling_rook: Square,
    },
    /// En passant: the pawn to be taken did not make a double step as the last move.
    NoDoubleStep {
        /// The enemy pawn beside the target's file, which would be taken.
        pawn: Man,
        /// What is known of the last move.
        last: LastMove,
    },
    /// En passant: the pawn to be taken made its double step earlier in the game, and the
    /// chance to take it lasted only for the move right after.
    MomentPassed {
        /// The enemy pawn.
        pawn: Man,
        /// Its double step.
        double_step: PastMove,
        /// The ply at which it could have been taken (the one right after the double step).
        possible_ply: usize,
        /// That ply's move number.
        possible_fullmove: u16,
    },
    /// En passant: the capturing pawn does not stand beside the pawn to be taken on the same rank.
    NotBeside {
        /// The capturing pawn.
        man: Man,
        /// The enemy pawn.
        pawn: Man,
    },
    /// The man is pinned: moving it would open a line to its own king.
    Pinned {
        /// The pinned man.
        man: Man,
        /// Its king's square.
        #[serde(serialize_with = "ser_square")]
        king: Square,
        /// The men whose line the move would open.
        by: Vec<Man>,
    },
    /// En passant: the taken pawn leaving its square opens a line to the king; when both pawns
    /// leave the king's rank together, the horizontal pin no single pawn feels.
    EnPassantExposesKing {
        /// The king's square.
        #[serde(serialize_with = "ser_square")]
        king: Square,
        /// The men whose line opens.
        by: Vec<Man>,
        /// Whether the line runs along the pawns' rank (both pawns leave it).
        both_leave_rank: bool,
    },
    /// The king is in check and the move does not answer it: these checking men still attack
    /// the king afterwards.
    InCheck {
        /// The checking men the move leaves attacking the king.
        by: Vec<Man>,
    },
    /// The king would stand on a square an enemy man attacks.
    KingAttacked {
        /// The square.
        #[serde(serialize_with = "ser_square")]
        square: Square,
        /// The men attacking it (judged with the king gone from its square).
        by: Vec<Man>,
    },
}

/// Every `kind` a [`MoveReason`] can have, in the order the reasons are listed.
pub const MOVE_REASON_KINDS: [&str; 15] = [
    "not_your_turn",
    "no_man",
    "cannot_move",
    "captures_nothing",
    "blocked",
    "own_man_on_target",
    "captures_king",
    "not_the_castling_rook",
    "no_double_step",
    "moment_passed",
    "not_beside",
    "pinned",
    "en_passant_exposes_king",
    "in_check",
    "king_attacked",
];

impl MoveReason {
    /// A short name of the rule, as in the JSON's `kind`.
    pub const fn kind(&self) -> &'static str {
        match self {
            MoveReason::NotYourTurn { .. } => "not_your_turn",
            MoveReason::NoMan { .. } => "no_man",
            MoveReason::CannotMove { .. } => "cannot_move",
            MoveReason::CapturesNothing { .. } => "captures_nothing",
            MoveReason::Blocked { .. } => "blocked",
            MoveReason::OwnManOnTarget { .. } => "own_man_on_target",
            MoveReason::CapturesKing { .. } => "captures_king",
            MoveReason::NotTheCastlingRook { .. } => "not_the_castling_rook",
            MoveReason::NoDoubleStep { .. } => "no_double_step",
            MoveReason::MomentPassed { .. } => "moment_passed",
            MoveReason::NotBeside { .. } => "not_beside",
            MoveReason::Pinned { .. } => "pinned",
            MoveReason::EnPassantExposesKing { .. } => "en_passant_exposes_king",
            MoveReason::InCheck { .. } => "in_check",
            MoveReason::KingAttacked { .. } => "king_attacked",
        }
    }
}

/// One reason a move is not legal: a move's own, or, for castling, the castling module's.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(untagged)]
pub enum Reason {
    /// A reason against a move that is not castling (or against the rook a castling names).
    Move(MoveReason),
    /// A reason against castling, as `castle960 castle` gives it.
    Castling(castling::Reason),
}

impl Reason {
    /// The JSON's `kind`.
    pub fn kind(&self) -> &'static str {
        match self {
            Reason::Move(r) => r.kind(),
            Reason::Castling(r) => r.kind(),
        }
    }

    /// Whether the man does not move like that on an empty board (a rule of movement broken, or
    /// an en passant capture by a pawn not beside its prey): what tells a SAN's candidate men
    /// apart.
    pub fn breaks_movement(&self) -> bool {
        match self {
            Reason::Move(MoveReason::CannotMove { rule, .. }) => {
                !matches!(rule, Rule::MustPromote | Rule::CannotPromote)
            }
            Reason::Move(MoveReason::NotBeside { .. }) => true,
            _ => false,
        }
    }

    /// Whether this is the turn and nothing else.
    pub fn is_turn(&self) -> bool {
        matches!(
            self,
            Reason::Move(MoveReason::NotYourTurn { .. })
                | Reason::Castling(castling::Reason::NotYourTurn { .. })
        )
    }
}

/// The men named in a sentence: "the black rook on h5 and the black queen on h8".
fn men(men: &[Man]) -> String {
    words::join(&men.iter().map(Man::to_string).collect::<Vec<_>>())
}

/// The rank a player names: "rank 5".
fn rank_name(rank: Rank) -> String {
    format!("rank {rank}")
}

impl fmt::Display for LastMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LastMove::FenField { en_passant: None } => f.write_str(
                "the FEN's en passant field is \"-\": no pawn has just moved two squares",
            ),
            LastMove::FenField {
                en_passant: Some(square),
            } => write!(
                f,
                "the FEN's en passant field is {square}: the pawn that has just moved two squares \
                 passed over {square}"
            ),
            LastMove::InGame(last) => {
                write!(f, "the last move was {} (ply {})", last.label(), last.ply)
            }
        }
    }
}

/// One sentence in words: "the white knight on d2 is pinned against the king on e1 by the black
/// bishop on b4".
impl fmt::Display for MoveReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveReason::NotYourTurn { to_move } => {
                write!(f, "it is {}'s move", words::color_title(*to_move))
            }
            MoveReason::NoMan {
                color,
                piece: None,
                square: Some(square),
                ..
            } => write!(f, "there is no {} man on {square}", words::color(*color)),
            MoveReason::NoMan {
                color,
                piece,
                square,
                file,
                rank,
            } => {
                let name = piece.map_or("man", piece::name);
                match (square, file, rank) {
                    (Some(square), _, _) => {
                        write!(f, "there is no {} {name} on {square}", words::color(*color))
                    }
                    (None, Some(file), _) => write!(
                        f,
                        "{} has no {name} on the {file}-file",
                        words::color_title(*color)
                    ),
                    (None, None, Some(rank)) => write!(
                        f,
                        "{} has no {name} on {}",
                        words::color_title(*color),
                        rank_name(*rank)
                    ),
                    (None, None, None) => {
                        write!(f, "{} has no {name}", words::color_title(*color))
                    }
                }
            }
            MoveReason::CannotMove { man, to, rule } => {
                write!(f, "{man} cannot go to {to}: {}", rule.words(man))
            }
            MoveReason::CapturesNothing { man, square } => write!(
                f,
                "{man} moves diagonally only to capture, and {square} is empty (no pawn can be \
                 taken en passant there either)"
            ),
            MoveReason::Blocked { man, by } => {
                write!(f, "the way of {man} is blocked by {}", self::men(by))?;
                if man.piece == Piece::Pawn
                    && by.iter().any(|b| b.square.file() == man.square.file())
                {
                    f.write_str(" (a pawn moves straight ahead only onto empty squares)")?;
                }
                Ok(())
            }
            MoveReason::OwnManOnTarget { there, .. } => write!(
                f,
                "{there} stands on the target: no man may take a man of its own colour"
            ),
            MoveReason::CapturesKing { king } => write!(
                f,
                "the target holds {king}: a king is never taken (the game ends in checkmate \
                 before)"
            ),
            MoveReason::NotTheCastlingRook {
                rook,
                castling_rook,
            } => write!(
                f,
                "the king taking its own rook means castling, but {rook} is not the castling \
                 rook: {} castles on that side with the rook on {castling_rook}",
                words::color_title(rook.color)
            ),
            MoveReason::NoDoubleStep { pawn, last } => write!(
                f,
                "en passant takes a pawn only right after its double step, and the last move \
                 was not a double step of {pawn}: {last}"
            ),
            MoveReason::MomentPassed {
                pawn,
                double_step,
                possible_ply,
                possible_fullmove,
            } => write!(
                f,
                "the moment has passed: {pawn} arrived with a double step at {} (ply {}), and \
                 it could be taken en passant only on the very next move, {}'s move \
                 {possible_fullmove} (ply {possible_ply})",
                double_step.label(),
                double_step.ply,
                words::color_title(!double_step.mover)
            ),
            MoveReason::NotBeside { man, pawn } => write!(
                f,
                "{man} is not beside {pawn}: en passant takes a pawn that has just passed yours \
                 with a double step, from the square beside it on {}",
                rank_name(Rank::Fifth.relative_to(man.color))
            ),
            MoveReason::Pinned { man, king, by } => write!(
                f,
                "{man} is pinned against its king on {king} by {}: moving it there would expose \
                 the king",
                self::men(by)
            ),
            MoveReason::EnPassantExposesKing {
                king,
                by,
                both_leave_rank: true,
            } => write!(
                f,
                "both pawns would leave {} at once and expose the king on {king} to {}",
                rank_name(king.rank()),
                self::men(by)
            ),
            MoveReason::EnPassantExposesKing { king, by, .. } => write!(
                f,
                "the pawn taken en passant shields the king on {king}: taking it would expose \
                 the king to {}",
                self::men(by)
            ),
            MoveReason::InCheck { by } => write!(
                f,
                "the king is in check from {}, and this move does not answer the check",
                self::men(by)
            ),
            MoveReason::KingAttacked { square, by } => write!(
                f,
                "the king would stand on {square}, attacked by {}",
                self::men(by)
            ),
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::Move(r) => r.fmt(f),
            Reason::Castling(r) => r.fmt(f),
        }
    }
}
