//! SAN's one writer, for every eight-file board of the crate: the White-only board of the
//! start-position half ([`crate::start::board::WhiteBoard`]) and cozy-chess's board with both
//! colours ([`crate::notation::san`]).
//!
//! The two boards differ in what they hold, not in how SAN is written: with Black absent no
//! move captures, checks or promotes, so the White-only board's SAN is the full SAN's special
//! case. Each board answers the few questions SAN asks of it ([`SanBoard`]), and [`write`]
//! writes the move as the PGN standard says (section 8.2.3): the piece letter, then the origin's
//! file when it tells two candidates apart, else its rank, else both; `x` for a capture (a pawn
//! capture names its file); the destination; `=Q` for a promotion; a castling as its rule names
//! it. Check and mate marks need the position after the move, so the board with both colours
//! adds them itself.

use super::{Move, Piece, Square, piece};

/// What SAN asks of a board to write one of its legal moves.
pub(crate) trait SanBoard {
    /// The piece on `square`, if any.
    fn piece_on(&self, square: Square) -> Option<Piece>;

    /// `mv` in SAN if it is a castling (`O-O`, `O-O-O`, or a rule's `K~g1`).
    fn castling_san(&self, mv: Move) -> Option<String>;

    /// Whether `mv` takes a man (en passant too).
    fn captures(&self, mv: Move) -> bool;

    /// The squares of the mover's other men of `piece` that could legally go to `mv`'s
    /// destination too (castling aside): the candidates SAN must tell apart.
    fn rivals(&self, piece: Piece, mv: Move) -> Vec<Square>;
}

/// The legal move `mv` of `board` in SAN, without a check or mate mark. A move from an empty
/// square (no legal move is one) is written as a pawn's would be.
pub(crate) fn write(board: &impl SanBoard, mv: Move) -> String {
    if let Some(castling) = board.castling_san(mv) {
        return castling;
    }
    let piece = board.piece_on(mv.from).unwrap_or(Piece::Pawn);
    let capture = board.captures(mv);
    let mut san = String::new();
    if piece == Piece::Pawn {
        if capture {
            san.push(char::from(mv.from.file()));
        }
    } else {
        san.push(piece::san_letter(piece));
        let rivals = board.rivals(piece, mv);
        let same_file = rivals.iter().any(|r| r.file() == mv.from.file());
        let same_rank = rivals.iter().any(|r| r.rank() == mv.from.rank());
        if !rivals.is_empty() && (!same_file || same_rank) {
            san.push(char::from(mv.from.file()));
        }
        if same_file {
            san.push(char::from(mv.from.rank()));
        }
    }
    if capture {
        san.push('x');
    }
    san.push_str(&mv.to.to_string());
    if let Some(promotion) = mv.promotion {
        san.push('=');
        san.push(piece::san_letter(promotion));
    }
    san
}
