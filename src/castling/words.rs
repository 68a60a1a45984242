//! The words the castling module writes for cozy-chess's types, in text and in JSON: colours and
//! pieces as lowercase words, squares as `e1`, moves in UCI (Chess960 form, the king taking its
//! own rook). The serde helpers here keep the JSON schema in one place.

use cozy_chess::{Color, Move, Piece, Square};
use serde::Serializer;

/// `white` or `black`.
pub const fn color(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// `White` or `Black`, to start a sentence.
pub const fn color_title(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// `king`, `queen`, `rook`, `bishop`, `knight` or `pawn`.
pub const fn piece(piece: Piece) -> &'static str {
    match piece {
        Piece::King => "king",
        Piece::Queen => "queen",
        Piece::Rook => "rook",
        Piece::Bishop => "bishop",
        Piece::Knight => "knight",
        Piece::Pawn => "pawn",
    }
}

/// Serialises a colour as its word.
pub(crate) fn ser_color<S: Serializer>(c: &Color, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(color(*c))
}

/// Serialises a piece as its word.
pub(crate) fn ser_piece<S: Serializer>(p: &Piece, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(piece(*p))
}

/// Serialises a square as `e1`.
pub(crate) fn ser_square<S: Serializer>(sq: &Square, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(sq)
}

/// Serialises a move in UCI, castling as the king taking its own rook (`e1h1`).
pub(crate) fn ser_move<S: Serializer>(mv: &Move, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(mv)
}

/// Serialises moves as an array of UCI strings.
pub(crate) fn ser_moves<S: Serializer>(moves: &[Move], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(moves.iter().map(|m| m.to_string()))
}

/// A list in words: `a`, `a and b`, `a, b and c`.
pub(crate) fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}
