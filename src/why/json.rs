//! How the `why` JSON writes cozy-chess's types: colours and pieces as lowercase words (the
//! crate's [`crate::words`] and [`crate::chess::piece`]), squares as `e1`, files as `d`, ranks as
//! numbers, moves in UCI (Chess960 form, the king taking its own rook).

use crate::chess::piece;
use crate::words;
use cozy_chess::{Color, File, Move, Piece, Rank, Square};
use serde::Serializer;

/// Serialises a colour as its word.
pub(crate) fn ser_color<S: Serializer>(c: &Color, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(words::color(*c))
}

/// Serialises a square as `e1`.
pub(crate) fn ser_square<S: Serializer>(sq: &Square, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(sq)
}

/// Serialises a square as `e1`, or `null`.
pub(crate) fn ser_opt_square<S: Serializer>(sq: &Option<Square>, s: S) -> Result<S::Ok, S::Error> {
    match sq {
        Some(sq) => s.collect_str(sq),
        None => s.serialize_none(),
    }
}

/// Serialises a piece as its name, `knight`.
pub(crate) fn ser_piece<S: Serializer>(p: &Piece, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(piece::name(*p))
}

/// Serialises a piece as its name, or `null`.
pub(crate) fn ser_opt_piece<S: Serializer>(p: &Option<Piece>, s: S) -> Result<S::Ok, S::Error> {
    match p {
        Some(p) => s.serialize_str(piece::name(*p)),
        None => s.serialize_none(),
    }
}

/// Serialises a file as its letter, `d`, or `null`.
pub(crate) fn ser_file<S: Serializer>(f: &Option<File>, s: S) -> Result<S::Ok, S::Error> {
    match f {
        Some(f) => s.collect_str(f),
        None => s.serialize_none(),
    }
}

/// Serialises a rank as its number, 1 to 8, or `null`.
pub(crate) fn ser_rank<S: Serializer>(r: &Option<Rank>, s: S) -> Result<S::Ok, S::Error> {
    match r {
        Some(r) => s.serialize_u8(*r as u8 + 1),
        None => s.serialize_none(),
    }
}

/// Serialises a move in UCI, castling as the king taking its own rook (`e1h1`).
pub(crate) fn ser_move<S: Serializer>(mv: &Move, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(mv)
}
