//! The rules a well-formed FEN's position must obey, one [`PositionError`] variant each, with
//! a message naming the rule. Kept apart from the syntax (`syntax.rs`) as shakmaty keeps
//! `PositionError` apart from `ParseFenError`: a caller can tell a typo from an illegal
//! position, and a new rule is one variant here and one check where its topic lives
//! (`men.rs`: kings, pawns, material and checks; `castling.rs`: the castling
//! rights; `en_passant.rs`: the en passant square).

use crate::chess::{CastlingSide, Man};
use crate::error::quote;
use crate::words;
use cozy_chess::{Color, Rank, Square};
use thiserror::Error;

/// Why a well-formed FEN's position was refused: one variant per rule, in the order they are
/// checked, each message one line naming the rule.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PositionError {
    /// A colour with no king or more than one.
    #[error(
        "FEN {}: {} has {count} kings: each side has exactly one king",
        quote(.input),
        words::color_title(*.color)
    )]
    KingCount {
        /// The FEN as given.
        input: String,
        /// The colour.
        color: Color,
        /// How many kings it has.
        count: usize,
    },
    /// A pawn on the first or the last rank.
    #[error(
        "FEN {}: {} stands on rank {}: pawns never stand on the first or last rank (a pawn reaching the last rank promotes)",
        quote(.input),
        Man {
            color: *.color,
            piece: cozy_chess::Piece::Pawn,
            square: *.square
        },
        .square.rank()
    )]
    PawnOnEdgeRank {
        /// The FEN as given.
        input: String,
        /// The pawn's colour.
        color: Color,
        /// Where it stands.
        square: Square,
    },
    /// More than 16 men of a colour.
    #[error(
        "FEN {}: {} has {count} men: each side starts with 16 and never gains any",
        quote(.input),
        words::color_title(*.color)
    )]
    TooManyMen {
        /// The FEN as given.
        input: String,
        /// The colour.
        color: Color,
        /// How many men it has.
        count: usize,
    },
    /// More than 8 pawns of a colour.
    #[error(
        "FEN {}: {} has {count} pawns: each side starts with 8 and never gains any",
        quote(.input),
        words::color_title(*.color)
    )]
    TooManyPawns {
        /// The FEN as given.
        input: String,
        /// The colour.
        color: Color,
        /// How many pawns it has.
        count: usize,
    },
    /// More pieces than a side can have: every piece beyond the starting set (one queen, two
    /// rooks, two knights, one bishop on each colour of square) is a promoted pawn.
    #[error(
        "FEN {}: {} has {pawns} pawns and {promoted} piece(s) beyond the starting set ({extra}): each such piece is a promoted pawn, and a side has only 8 pawns",
        quote(.input),
        words::color_title(*.color)
    )]
    TooMuchMaterial {
        /// The FEN as given.
        input: String,
        /// The colour.
        color: Color,
        /// How many pawns it has.
        pawns: usize,
        /// How many pieces it has beyond the starting set.
        promoted: usize,
        /// Which, in words ("a third rook, a second queen").
        extra: String,
    },
    /// The two kings on neighbouring squares.
    #[error(
        "FEN {}: the kings stand next to each other on {white} and {black}: a king never moves next to the other king",
        quote(.input)
    )]
    KingsTouch {
        /// The FEN as given.
        input: String,
        /// The white king's square.
        white: Square,
        /// The black king's square.
        black: Square,
    },
    /// The side that is not to move is in check.
    #[error(
        "FEN {}: {} is in check from {checkers}, but it is {}'s move: the side that just moved cannot have left its king in check (is the side to move right?)",
        quote(.input),
        words::color_title(*.in_check),
        words::color_title(!*.in_check)
    )]
    OppositeCheck {
        /// The FEN as given.
        input: String,
        /// The colour in check (not to move).
        in_check: Color,
        /// The checking men, described.
        checkers: String,
    },
    /// Three or more men giving check.
    #[error(
        "FEN {}: {} is in check from {count} men ({checkers}): no move gives more than two checks at once",
        quote(.input),
        words::color_title(*.in_check)
    )]
    TooManyCheckers {
        /// The FEN as given.
        input: String,
        /// The colour in check.
        in_check: Color,
        /// How many men check.
        count: usize,
        /// The checking men, described.
        checkers: String,
    },
    /// Two checks no single move can give: two pawns or knights, or two men on one line
    /// through the king.
    #[error(
        "FEN {}: {} is in check from {checkers}, which no single move gives: {why}",
        quote(.input),
        words::color_title(*.in_check)
    )]
    ImpossibleCheck {
        /// The FEN as given.
        input: String,
        /// The colour in check.
        in_check: Color,
        /// The checking men, described.
        checkers: String,
        /// Why no move gives these two checks, in words.
        why: &'static str,
    },
    /// A castling right while the king is not on its first rank.
    #[error(
        "castling field {}: {letter:?} gives {} a castling right, but its king is on {king}: a king that can still castle stands on its first rank",
        quote(.field),
        words::color_title(*.color)
    )]
    CastlingKingAway {
        /// The castling field.
        field: String,
        /// The letter giving the right.
        letter: char,
        /// The colour it gives the right to.
        color: Color,
        /// Where that colour's king is.
        king: Square,
    },
    /// A file letter naming a square without a rook of that colour.
    #[error(
        "castling field {}: {letter:?} names a {} rook on {square} that may castle, but there is no {} rook there",
        quote(.field),
        words::color(*.color),
        words::color(*.color)
    )]
    CastlingNoRook {
        /// The castling field.
        field: String,
        /// The letter.
        letter: char,
        /// The colour.
        color: Color,
        /// The square the letter names.
        square: Square,
    },
    /// `K` or `Q` (`k`, `q`) with no rook of that colour on that side of the king.
    #[error(
        "castling field {}: {letter:?} gives {} the {} castling, but no {} rook stands on its first rank {} of the king on {king}",
        quote(.field),
        words::color_title(*.color),
        .side.name(),
        words::color(*.color),
        direction(*.side)
    )]
    CastlingNoRookOnSide {
        /// The castling field.
        field: String,
        /// The letter.
        letter: char,
        /// The colour.
        color: Color,
        /// The side the letter names.
        side: CastlingSide,
        /// Where that colour's king is.
        king: Square,
    },
    /// Two letters for the same colour and side.
    #[error(
        "castling field {}: {first:?} and {second:?} both give {} the {} castling: a colour has at most one castling rook on each side of its king",
        quote(.field),
        words::color_title(*.color),
        .side.name()
    )]
    CastlingTwice {
        /// The castling field.
        field: String,
        /// The first letter for that side.
        first: char,
        /// The second letter for that side.
        second: char,
        /// The colour.
        color: Color,
        /// The side named twice.
        side: CastlingSide,
    },
    /// An en passant square on the wrong rank for the side to move.
    #[error(
        "en passant field {}: with {} to move, the en passant square is on rank {expected} (the square a {} pawn just passed over)",
        quote(.field),
        words::color_title(*.to_move),
        words::color(!*.to_move)
    )]
    EnPassantRank {
        /// The en passant field.
        field: String,
        /// The side to move.
        to_move: Color,
        /// The rank it must be on.
        expected: Rank,
    },
    /// No pawn of the right colour in front of the en passant square.
    #[error(
        "en passant field {}: it says a {} pawn just moved from {from} to {to}, but there is no {} pawn on {to}",
        quote(.field),
        words::color(*.mover),
        words::color(*.mover)
    )]
    EnPassantNoPawn {
        /// The en passant field.
        field: String,
        /// The colour that made the double step.
        mover: Color,
        /// Where the pawn came from.
        from: Square,
        /// Where it went.
        to: Square,
    },
    /// The squares the double step came from or passed over are not empty.
    #[error(
        "en passant field {}: it says a {} pawn just moved from {from} to {to}, but {occupied} is occupied",
        quote(.field),
        words::color(*.mover)
    )]
    EnPassantNotEmpty {
        /// The en passant field.
        field: String,
        /// The colour that made the double step.
        mover: Color,
        /// Where the pawn came from.
        from: Square,
        /// Where it went.
        to: Square,
        /// The square that should be empty.
        occupied: Square,
    },
    /// A check the double step cannot have given: two checks, or a check that was there before
    /// it.
    #[error(
        "en passant field {}: it says {}'s last move was the pawn from {from} to {to}, which cannot have given the check from {checker}",
        quote(.field),
        words::color_title(*.mover)
    )]
    EnPassantImpossibleCheck {
        /// The en passant field.
        field: String,
        /// The colour that made the double step.
        mover: Color,
        /// Where the pawn came from.
        from: Square,
        /// Where it went.
        to: Square,
        /// The checking man, described ("the white bishop on b5").
        checker: String,
    },
    /// cozy-chess refused a position this reader found legal. Should never happen: every rule
    /// cozy-chess checks is checked before, with its name (the fuzz test checks it).
    #[error(
        "FEN {}: cozy-chess refuses the position ({reason}) for a reason castle960 does not name; please report it",
        quote(.input)
    )]
    Rejected {
        /// The FEN as given.
        input: String,
        /// cozy-chess's own message.
        reason: String,
    },
}

/// "to the left" (a-side) or "to the right" (h-side), as seen from White.
fn direction(side: CastlingSide) -> &'static str {
    match side {
        CastlingSide::A => "to the left",
        CastlingSide::H => "to the right",
    }
}
