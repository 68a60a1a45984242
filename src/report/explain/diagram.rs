//! The board diagram of a start position.

use crate::chess::{Arrangement, Color, Piece, piece};
use std::fmt::Write as _;

/// White's first two ranks with file letters, as a reader sets them up on a board.
pub fn diagram(arrangement: &Arrangement, unicode: bool) -> String {
    let symbol = |p: Piece| {
        if unicode {
            piece::symbol(p, Color::White)
        } else {
            piece::letter(p, Color::White)
        }
    };
    let pawn = if unicode { '♙' } else { 'P' };
    let mut out = String::new();
    let pawns = vec![pawn.to_string(); 8];
    let _ = writeln!(out, "  2  {}", pawns.join(" "));
    let pieces: Vec<String> = arrangement
        .pieces()
        .iter()
        .map(|&p| symbol(p).to_string())
        .collect();
    let _ = writeln!(out, "  1  {}", pieces.join(" "));
    let _ = writeln!(out, "     a b c d e f g h");
    out
}
