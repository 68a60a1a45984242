//! The names, letters and symbols of cozy-chess's pieces, in the words this crate prints.

use cozy_chess::{Color, Piece};

/// The pieces of a back rank in the order `KQRBN`, the order every list of kinds is printed in.
pub const OFFICERS: [Piece; 5] = [
    Piece::King,
    Piece::Queen,
    Piece::Rook,
    Piece::Bishop,
    Piece::Knight,
];

/// The FEN/SAN letter of a man of `color`: upper case for White, lower case for Black.
///
/// ```
/// use castle960::chess::{Color, Piece, piece};
/// assert_eq!(piece::letter(Piece::Knight, Color::White), 'N');
/// assert_eq!(piece::letter(Piece::Pawn, Color::Black), 'p');
/// ```
pub fn letter(piece: Piece, color: Color) -> char {
    let lower = char::from(piece);
    match color {
        Color::White => lower.to_ascii_uppercase(),
        Color::Black => lower,
    }
}

/// The letter SAN writes for a piece, upper case for either colour (never called for pawns,
/// which SAN names by their square).
pub fn san_letter(piece: Piece) -> char {
    char::from(piece).to_ascii_uppercase()
}

/// The man a FEN letter names, with its colour (upper case White), if it names one.
pub fn from_letter(letter: char) -> Option<(Piece, Color)> {
    let piece = Piece::try_from(letter.to_ascii_lowercase()).ok()?;
    let color = if letter.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    Some((piece, color))
}

/// The Unicode symbol of a man of `color`, for board diagrams.
pub const fn symbol(piece: Piece, color: Color) -> char {
    match (color, piece) {
        (Color::White, Piece::King) => '♔',
        (Color::White, Piece::Queen) => '♕',
        (Color::White, Piece::Rook) => '♖',
        (Color::White, Piece::Bishop) => '♗',
        (Color::White, Piece::Knight) => '♘',
        (Color::White, Piece::Pawn) => '♙',
        (Color::Black, Piece::King) => '♚',
        (Color::Black, Piece::Queen) => '♛',
        (Color::Black, Piece::Rook) => '♜',
        (Color::Black, Piece::Bishop) => '♝',
        (Color::Black, Piece::Knight) => '♞',
        (Color::Black, Piece::Pawn) => '♟',
    }
}

/// The lower-case English name, for explanations.
pub const fn name(piece: Piece) -> &'static str {
    match piece {
        Piece::King => "king",
        Piece::Queen => "queen",
        Piece::Rook => "rook",
        Piece::Bishop => "bishop",
        Piece::Knight => "knight",
        Piece::Pawn => "pawn",
    }
}
