//! Names of colours, pieces and men as the notation errors write them, so that every message
//! says "the white rook on h1" the same way.

use cozy_chess::{Color, Piece, Square};

/// "White" or "Black", to start a sentence or name a side.
pub(crate) fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// "white" or "black", before a piece name.
pub(crate) fn color_adjective(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// The piece's English name.
pub(crate) fn piece_name(piece: Piece) -> &'static str {
    match piece {
        Piece::Pawn => "pawn",
        Piece::Knight => "knight",
        Piece::Bishop => "bishop",
        Piece::Rook => "rook",
        Piece::Queen => "queen",
        Piece::King => "king",
    }
}

/// The piece's SAN letter (upper case; empty for a pawn).
pub(crate) fn piece_letter(piece: Piece) -> &'static str {
    match piece {
        Piece::Pawn => "",
        Piece::Knight => "N",
        Piece::Bishop => "B",
        Piece::Rook => "R",
        Piece::Queen => "Q",
        Piece::King => "K",
    }
}

/// "the white rook on h1".
pub(crate) fn man(color: Color, piece: Piece, square: Square) -> String {
    format!(
        "the {} {} on {square}",
        color_adjective(color),
        piece_name(piece)
    )
}

/// "a", "a and b", "a, b and c".
pub(crate) fn list(items: Vec<String>) -> String {
    match items.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_read_as_english() {
        assert_eq!(list(vec![]), "");
        assert_eq!(list(vec!["a".into()]), "a");
        assert_eq!(list(vec!["a".into(), "b".into(), "c".into()]), "a, b and c");
        assert_eq!(
            man(Color::Black, Piece::Rook, Square::H8),
            "the black rook on h8"
        );
    }
}
