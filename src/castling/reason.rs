//! Why a castling is not legal: each rule that stands in the way as a typed value naming squares
//! and men, with words a club player understands.
//!
//! The reasons are generic over the board's squares and men so that the ten-file explainer
//! ([`crate::ten::castling`]) names its own (files past h, archbishops and chancellors) with
//! the same enum, JSON kinds and sentences: one definition, one wording, on both boards.

use crate::chess::{CastlingSide, Man, Rule};
use cozy_chess::{Color, Square};
use serde::Serialize;
use std::fmt;

use super::game_move::GameMove;
use super::json::{ser_color, ser_square};
use crate::words;

/// A man as the reasons' sentences name it, on whichever board: `the white knight on b1`
/// ([`fmt::Display`]), and apart, its kind and colour and its square, for the sentences that
/// say the square first.
pub trait NamedMan: fmt::Display {
    /// `the white knight`.
    fn named(&self) -> String;
    /// `b1`.
    fn square_name(&self) -> String;
}

impl NamedMan for Man {
    fn named(&self) -> String {
        Man::named(self)
    }

    fn square_name(&self) -> String {
        self.square.to_string()
    }
}

/// An enemy man attacking a square of the king's path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Attacker<M = Man> {
    /// The attacking man.
    #[serde(flatten)]
    pub man: M,
    /// Whether the attack runs through the castling rook's square, so the rook blocks it now
    /// and only its leaving opens it (an enemy queen on a1 behind a castling rook on b1 attacks
    /// c1 once the rook has gone to d1).
    pub revealed: bool,
}

/// How the king meets a square of its path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Passage {
    /// The square it stands on now and leaves.
    StandsOn,
    /// A square it crosses.
    Crosses,
    /// Its destination.
    LandsOn,
    /// Its own square, which is also its destination (king already on c1 or g1).
    StaysOn,
}

impl Passage {
    /// How the king meets `square` of its path, given its own square `king` and its
    /// destination `king_to` (any board's squares).
    pub fn of<Q: PartialEq>(square: Q, king: Q, king_to: Q) -> Passage {
        match (square == king, square == king_to) {
            (true, true) => Passage::StaysOn,
            (true, false) => Passage::StandsOn,
            (false, true) => Passage::LandsOn,
            (false, false) => Passage::Crosses,
        }
    }

    /// The words for the king meeting a square: `cross`, `land on`, ...
    const fn verb(self) -> &'static str {
        match self {
            Passage::StandsOn => "leave",
            Passage::Crosses => "cross",
            Passage::LandsOn => "land on",
            Passage::StaysOn => "stay on",
        }
    }
}

/// How a right was lost during a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum LostBy {
    /// The king moved (not castling).
    KingMoved,
    /// The king castled (on either side: castling spends both rights).
    Castled,
    /// The castling rook moved.
    RookMoved,
    /// The castling rook was captured on its square.
    RookCaptured,
}

/// The game move that lost a right.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct RightLost {
    /// The move's place in the game, 1 for the game's first move.
    pub ply: usize,
    /// Its move number as a PGN writes it (`9` in `9. Kf1` and in `9... Kf8`).
    pub fullmove: u16,
    /// Who played it (the opponent, when the rook was captured).
    #[serde(serialize_with = "ser_color")]
    pub mover: Color,
    /// The move in UCI, castling in its rule's form (under Chess960's, the king taking its own
    /// rook).
    #[serde(rename = "move")]
    pub mv: GameMove,
    /// The move in SAN, when the caller knows it (a PGN reader does).
    pub san: Option<String>,
    /// What the move did to the right.
    pub how: LostBy,
}

/// When a right that is gone was lost.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum WhenLost {
    /// Only a position is known: its castling rights do not include this one.
    NotInPosition,
    /// The game's start position already lacked it.
    BeforeGame,
    /// A move of the game lost it.
    InGame(RightLost),
}

/// One rule that stands in the way of a castling, naming squares `Q` and men `M`: cozy-chess's
/// on eight files, [`crate::ten::castling::TenReason`]'s on ten (which never has the game-only
/// kinds [`Reason::KingNotHome`] and [`Reason::RookNotHome`]).
///
/// A castling is legal now exactly when no reason stands, and legal when it is that colour's
/// turn exactly when the only reason is [`Reason::NotYourTurn`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[serde(bound(serialize = "Q: fmt::Display, M: Serialize"))]
pub enum Reason<Q = Square, M = Man> {
    /// The castling right is gone: the king or this rook has moved (or the rook was captured).
    RightGone {
        /// When it was lost, as far as it is known.
        lost: WhenLost,
    },
    /// The king is not on its home square (known from a game's start position).
    KingNotHome {
        /// Its home square.
        #[serde(serialize_with = "ser_square")]
        home: Q,
        /// Where it stands now.
        #[serde(serialize_with = "ser_square")]
        now: Q,
    },
    /// The castling rook is not on its home square (known from a game's start position).
    RookNotHome {
        /// Its home square.
        #[serde(serialize_with = "ser_square")]
        home: Q,
        /// The man standing there now, if any.
        there: Option<M>,
    },
    /// The rule allows no castling at all for this king and rook (flexible castling with the rook
    /// within two squares of the king, fast castling with the rook beside it).
    NoCastling {
        /// The rule.
        rule: Rule,
        /// The king's square.
        #[serde(serialize_with = "ser_square")]
        king: Q,
        /// The castling rook's square.
        #[serde(serialize_with = "ser_square")]
        rook: Q,
    },
    /// A man, own or enemy, stands on a square that must be empty.
    Occupied {
        /// The man in the way.
        man: M,
    },
    /// The king is in check.
    InCheck {
        /// The checking men.
        by: Vec<M>,
    },
    /// A square the king stands on, crosses or lands on is attacked, judged on the board as
    /// castling leaves it: the king lifted, the castling rook already on its destination, so an
    /// attack that the rook's destination blocks is not named (FIDE Laws art. 3.8.2, Guidelines
    /// II; the module documentation says why). The king's own square appears here only with
    /// attackers that do not check it now (those are [`Reason::InCheck`]).
    Attacked {
        /// The attacked square.
        #[serde(serialize_with = "ser_square")]
        square: Q,
        /// How the king meets it.
        passage: Passage,
        /// The enemy men attacking it.
        by: Vec<Attacker<M>>,
    },
    /// Castling would give check, which the rule forbids (free castling, the Roman rule): judged
    /// on the board after castling, by the castled rook or by a line the king or the rook opened.
    GivesCheck {
        /// The rule.
        rule: Rule,
        /// The enemy king.
        king: M,
        /// The men that would check it, where they would stand after castling.
        by: Vec<M>,
    },
    /// It is the other colour's move.
    NotYourTurn {
        /// The colour to move.
        #[serde(serialize_with = "ser_color")]
        to_move: Color,
    },
}

impl<Q, M> Reason<Q, M> {
    /// A short name of the rule, as in the JSON's `kind`.
    pub const fn kind(&self) -> &'static str {
        match self {
            Reason::RightGone { .. } => "right_gone",
            Reason::KingNotHome { .. } => "king_not_home",
            Reason::RookNotHome { .. } => "rook_not_home",
            Reason::NoCastling { .. } => "no_castling",
            Reason::Occupied { .. } => "occupied",
            Reason::InCheck { .. } => "in_check",
            Reason::Attacked { .. } => "attacked",
            Reason::GivesCheck { .. } => "gives_check",
            Reason::NotYourTurn { .. } => "not_your_turn",
        }
    }
}

/// One sentence in words, without the castling's colour and side (the caller's heading says
/// them): "b1 must be empty, but the white knight stands there"; the same words on ten files.
impl<Q: fmt::Display, M: NamedMan> fmt::Display for Reason<Q, M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::RightGone { lost } => {
                f.write_str("the right to castle on this side is gone")?;
                match lost {
                    WhenLost::NotInPosition => {
                        f.write_str(" (the position's castling rights do not include it)")
                    }
                    WhenLost::BeforeGame => f.write_str(" (the game started without it)"),
                    WhenLost::InGame(l) => write!(f, ": {l}"),
                }
            }
            Reason::KingNotHome { home, now } => {
                write!(
                    f,
                    "the king is not on its home square {home}; it stands on {now}"
                )
            }
            Reason::RookNotHome { home, there } => {
                write!(f, "the castling rook is not on its home square {home}; ")?;
                match there {
                    Some(man) => write!(f, "{} stands there", man.named()),
                    None => f.write_str("the square is empty"),
                }
            }
            Reason::NoCastling { rule, king, rook } => write!(
                f,
                "{} allows no castling with the king on {king} and the rook on {rook}",
                rule.title()
            ),
            Reason::Occupied { man } => write!(
                f,
                "{} must be empty, but {} stands there",
                man.square_name(),
                man.named()
            ),
            Reason::InCheck { by } => {
                let names: Vec<String> = by.iter().map(|m| m.to_string()).collect();
                write!(f, "the king is in check from {}", words::join(&names))
            }
            Reason::Attacked {
                square,
                passage,
                by,
            } => {
                let names: Vec<String> = by
                    .iter()
                    .map(|a| {
                        if a.revealed {
                            format!("{} (only once the castling rook has left)", a.man)
                        } else {
                            a.man.to_string()
                        }
                    })
                    .collect();
                write!(
                    f,
                    "the king would {} {square}, attacked by {}",
                    passage.verb(),
                    words::join(&names)
                )
            }
            Reason::GivesCheck { rule, king, by } => {
                let names: Vec<String> = by.iter().map(|m| m.to_string()).collect();
                write!(
                    f,
                    "castling would check {king} (from {}), and under {} castling may not give \
                     check",
                    words::join(&names),
                    rule.title()
                )
            }
            Reason::NotYourTurn { to_move } => {
                write!(f, "it is {}'s move", words::color_title(*to_move))
            }
        }
    }
}

/// `at move 9 (9. Kf1): the king moved`.
impl fmt::Display for RightLost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let dots = match self.mover {
            Color::White => ".",
            Color::Black => "...",
        };
        let how = match self.how {
            LostBy::KingMoved => "the king moved",
            LostBy::Castled => "the king castled",
            LostBy::RookMoved => "the rook moved",
            LostBy::RookCaptured => "the rook was captured",
        };
        write!(f, "lost at move {}{dots} ", self.fullmove)?;
        match &self.san {
            Some(san) => f.write_str(san)?,
            None => write!(f, "{}", self.mv)?,
        }
        write!(f, " (ply {}): {how}", self.ply)
    }
}

/// The castling side in a heading: `O-O-O (a-side)`.
pub(crate) fn side_heading(side: CastlingSide) -> String {
    format!("{} ({}-side)", side.san(), side.prefix())
}
