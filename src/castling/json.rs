//! How the castling module's JSON writes cozy-chess's types: colours as lowercase words (the
//! crate's [`crate::words`]; men write themselves, [`crate::chess::Man`]), squares as `e1`, moves in
//! UCI (Chess960 form, the king taking its own rook). The serde helpers here keep the JSON
//! schema in one place.

use crate::words::color;
use cozy_chess::{Color, Move};
use serde::Serializer;
use std::fmt;

/// Serialises a colour as its word.
pub(crate) fn ser_color<S: Serializer>(c: &Color, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(color(*c))
}

/// Serialises a square as `e1`: any square that writes itself so, cozy-chess's or the ten-file
/// board's ([`crate::ten::Square`]), so that both explainers' JSON names squares alike.
pub(crate) fn ser_square<Q: fmt::Display, S: Serializer>(sq: &Q, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(sq)
}

/// Serialises moves as an array of UCI strings.
pub(crate) fn ser_moves<S: Serializer>(moves: &[Move], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(moves.iter().map(|m| m.to_string()))
}
