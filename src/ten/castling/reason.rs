//! Why a ten-file castling is not legal: the eight-file explainer's reasons
//! ([`crate::castling::Reason`]), generic over the board, naming the ten-file board's squares
//! and men (cozy-chess's stop at the h-file and know no archbishop): the same kinds in the JSON
//! and the same words, from one definition.

use crate::castling::{Attacker, NamedMan, Reason, ser_color, ser_square};
use crate::ten::{Piece, Square};
use crate::words;
use cozy_chess::Color;
use serde::{Serialize, Serializer};
use std::fmt;

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

/// `the white knight` and `b1`, as the eight-file [`crate::chess::Man`] words them.
impl NamedMan for TenMan {
    fn named(&self) -> String {
        format!(
            "the {} {}",
            words::color(self.color),
            piece_name(self.piece)
        )
    }

    fn square_name(&self) -> String {
        self.square.to_string()
    }
}

/// `the white knight on b1`.
impl fmt::Display for TenMan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} on {}", self.named(), self.square)
    }
}

/// An enemy man attacking a square of the king's path: the eight-file
/// [`crate::castling::Attacker`], naming a ten-file man.
pub type TenAttacker = Attacker<TenMan>;

/// One rule standing in the way of a ten-file castling: the eight-file
/// [`crate::castling::Reason`] naming ten-file squares and men, so both boards share one set of
/// kinds, one JSON and one wording. A position (not a game) shows only the kinds without a
/// game's history: never [`Reason::KingNotHome`] or [`Reason::RookNotHome`], and
/// [`Reason::RightGone`] always with [`crate::castling::WhenLost::NotInPosition`].
///
/// A castling is legal now exactly when no reason stands, and legal on its colour's turn
/// exactly when the only reason is [`Reason::NotYourTurn`].
pub type TenReason = Reason<Square, TenMan>;
