//! Why a ten-file castling is not legal: the eight-file explainer's reasons
//! ([`crate::castling::Reason`]) on the ten-file board, with the same kinds in the JSON and the
//! same words. The eight-file enum names cozy-chess squares and men, which stop at the h-file,
//! so the ten-file board has its own, sharing [`Passage`] and [`WhenLost`].

use crate::castling::{Passage, WhenLost};
use crate::chess::Rule;
use crate::ten::{Piece, Square};
use crate::words;
use cozy_chess::Color;
use serde::{Serialize, Serializer};
use std::fmt;

/// Serialises a colour as `"white"` or `"black"`.
pub(super) fn ser_color<S: Serializer>(color: &Color, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(words::color(*color))
}

/// Serialises a square as `"b1"`.
pub(super) fn ser_square<S: Serializer>(square: &Square, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(square)
}

/// The English name of a ten-file man's kind.
pub const fn piece_name(piece: Piece) -> &'static str {
    match piece {
        Piece::Pawn => "pawn",
        Piece::Knight => "knight",
        Piece::Bishop => "bishop",
        Piece::Rook => "rook",
        Piece::Archbishop => "archbishop",
        Piece::Chancellor => "chancellor",
        Piece::Queen => "queen",
        Piece::King => "king",
    }
}

fn ser_piece<S: Serializer>(piece: &Piece, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(piece_name(*piece))
}

/// A man on a ten-file square: `{ "color": "black", "piece": "archbishop", "square": "c4" }`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct TenMan {
    /// Its colour.
    #[serde(serialize_with = "ser_color")]
    pub color: Color,
    /// Its kind.
    #[serde(serialize_with = "ser_piece")]
    pub piece: Piece,
    /// Where it stands.
    #[serde(serialize_with = "ser_square")]
    pub square: Square,
}

impl TenMan {
    /// `the white knight`, as the eight-file [`crate::chess::Man::named`] words it.
    pub fn named(&self) -> String {
        format!(
            "the {} {}",
            words::color(self.color),
            piece_name(self.piece)
        )
    }
}

/// `the white knight on b1`.
impl fmt::Display for TenMan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} on {}", self.named(), self.square)
    }
}

/// An enemy man attacking a square of the king's path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct TenAttacker {
    /// The attacking man.
    #[serde(flatten)]
    pub man: TenMan,
    /// Whether the attack runs through the castling rook's square, so that only the rook's
    /// leaving opens it.
    pub revealed: bool,
}

/// One rule standing in the way of a ten-file castling: the kinds of
/// [`crate::castling::Reason`] that a position (not a game) can show.
///
/// A castling is legal now exactly when no reason stands, and legal on its colour's turn
/// exactly when the only reason is [`TenReason::NotYourTurn`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TenReason {
    /// The position's castling rights hold no right for this colour and side.
    RightGone {
        /// Always [`WhenLost::NotInPosition`]: a position tells no history.
        lost: WhenLost,
    },
    /// The rule allows no castling for this king and rook (ChessV's types castle only with the
    /// king on e or f and the piece in the corner, or on b or i; "None" never).
    NoCastling {
        /// The rule.
        rule: Rule,
        /// The king's square.
        #[serde(serialize_with = "ser_square")]
        king: Square,
        /// The castling rook's square.
        #[serde(serialize_with = "ser_square")]
        rook: Square,
    },
    /// A man, own or enemy, stands on a square that must be empty.
    Occupied {
        /// The man in the way.
        man: TenMan,
    },
    /// The king is in check.
    InCheck {
        /// The checking men.
        by: Vec<TenMan>,
    },
    /// A square the king stands on, crosses or lands on is attacked, judged on the board as
    /// castling leaves it (king lifted, the castling rook on its destination), as on eight
    /// files. The king's own square appears only with attackers not checking it now.
    Attacked {
        /// The attacked square.
        #[serde(serialize_with = "ser_square")]
        square: Square,
        /// How the king meets it.
        passage: Passage,
        /// The enemy men attacking it.
        by: Vec<TenAttacker>,
    },
    /// Castling would give check, which the rule forbids (free castling, the Roman rule).
    GivesCheck {
        /// The rule.
        rule: Rule,
        /// The enemy king.
        king: TenMan,
        /// The men that would check it, where they would stand after castling.
        by: Vec<TenMan>,
    },
    /// It is the other colour's move.
    NotYourTurn {
        /// The colour to move.
        #[serde(serialize_with = "ser_color")]
        to_move: Color,
    },
}

impl TenReason {
    /// The JSON's `kind`.
    pub const fn kind(&self) -> &'static str {
        match self {
            TenReason::RightGone { .. } => "right_gone",
            TenReason::NoCastling { .. } => "no_castling",
            TenReason::Occupied { .. } => "occupied",
            TenReason::InCheck { .. } => "in_check",
            TenReason::Attacked { .. } => "attacked",
            TenReason::GivesCheck { .. } => "gives_check",
            TenReason::NotYourTurn { .. } => "not_your_turn",
        }
    }
}

/// The words for the king meeting a square (as the eight-file explainer writes them).
const fn verb(passage: Passage) -> &'static str {
    match passage {
        Passage::StandsOn => "leave",
        Passage::Crosses => "cross",
        Passage::LandsOn => "land on",
        Passage::StaysOn => "stay on",
    }
}

fn names(men: &[TenMan]) -> String {
    words::join(&men.iter().map(|m| m.to_string()).collect::<Vec<_>>())
}

/// One sentence, in the eight-file explainer's words.
impl fmt::Display for TenReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TenReason::RightGone { .. } => f.write_str(
                "the right to castle on this side is gone (the position's castling rights do not include it)",
            ),
            TenReason::NoCastling { rule, king, rook } => write!(
                f,
                "{} allows no castling with the king on {king} and the rook on {rook}",
                rule.title()
            ),
            TenReason::Occupied { man } => write!(
                f,
                "{} must be empty, but {} stands there",
                man.square,
                man.named()
            ),
            TenReason::InCheck { by } => write!(f, "the king is in check from {}", names(by)),
            TenReason::Attacked {
                square,
                passage,
                by,
            } => {
                let by: Vec<String> = by
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
                    verb(*passage),
                    words::join(&by)
                )
            }
            TenReason::GivesCheck { rule, king, by } => write!(
                f,
                "castling would check {king} (from {}), and under {} castling may not give check",
                names(by),
                rule.title()
            ),
            TenReason::NotYourTurn { to_move } => {
                write!(f, "it is {}'s move", words::color_title(*to_move))
            }
        }
    }
}
