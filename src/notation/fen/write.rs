//! FENs written: the placement, the side to move, the castling field in either
//! [`CastlingNotation`], the en passant square and the clocks. Writing needs none of the
//! reader's rules, so it stands apart; the tests here check that every FEN written reads back
//! to the same board, and that the castling field matches python-chess's.

use crate::chess::{Arrangement, CastlingSide};
use cozy_chess::{Board, Color, File, Piece, Rank, Square};

/// How a FEN writes its castling field. The report and its PGN games' `[FEN]` headers write
/// Shredder-FEN; `show --xfen`, the `castle` and `why` answers write X-FEN, as python-chess and
/// lichess do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastlingNotation {
    /// Shredder-FEN: the castling rook's file letter, upper case for White (`HAha`).
    Shredder,
    /// X-FEN as python-chess and shakmaty write it: `K` or `Q` for the outermost rook on that
    /// side of the king, the rook's file letter for a rook with another rook further out
    /// (`KQkq` in the standard start position).
    XFen,
}

impl CastlingNotation {
    /// The start FEN of `arrangement` with its castling field in this notation: `HFhf`, or
    /// `KQkq`, exact for a start position, whose rooks are the outermost ones.
    ///
    /// ```
    /// use castle960::Arrangement;
    /// use castle960::notation::fen::CastlingNotation;
    ///
    /// let sp0 = Arrangement::from_sp(0).unwrap();
    /// assert!(CastlingNotation::Shredder.start_fen(&sp0).ends_with(" w HFhf - 0 1"));
    /// assert!(CastlingNotation::XFen.start_fen(&sp0).ends_with(" w KQkq - 0 1"));
    /// ```
    pub fn start_fen(self, arrangement: &Arrangement) -> String {
        match self {
            CastlingNotation::Shredder => arrangement.fen(),
            CastlingNotation::XFen => arrangement.xfen(),
        }
    }
}

/// Writes `board` as a FEN, the castling field in `notation`. The en passant square is written
/// whenever the board records one (after every double step, as the PGN standard and cozy-chess
/// do), so [`read_fen`](super::read_fen) gives back the same board.
///
/// ```
/// use castle960::notation::fen::{read_fen, to_fen, CastlingNotation};
/// use cozy_chess::Board;
///
/// let board = Board::chess960_startpos(0); // BBQNNRKR
/// assert_eq!(to_fen(&board, CastlingNotation::Shredder),
///            "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
/// assert_eq!(to_fen(&board, CastlingNotation::XFen),
///            "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
/// // An inner rook gets its file letter in X-FEN: White's a-side castling rook is on f1 and
/// // another white rook (a promoted pawn) stands on a1.
/// let board = read_fen("bbqnnrkr/pppppppp/8/8/8/8/1PPPPPPP/RBQNNRKR w HFhf - 0 1").unwrap();
/// assert!(to_fen(&board, CastlingNotation::XFen).contains(" KFkq "));
/// ```
pub fn to_fen(board: &Board, notation: CastlingNotation) -> String {
    let mut out = String::with_capacity(90);
    for rank in Rank::ALL.into_iter().rev() {
        let mut empty = 0;
        for file in File::ALL {
            let square = Square::new(file, rank);
            match (board.piece_on(square), board.color_on(square)) {
                (Some(piece), Some(color)) => {
                    if empty > 0 {
                        out.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    let letter = char::from(piece);
                    out.push(match color {
                        Color::White => letter.to_ascii_uppercase(),
                        Color::Black => letter,
                    });
                }
                _ => empty += 1,
            }
        }
        if empty > 0 {
            out.push(char::from(b'0' + empty));
        }
        if rank != Rank::First {
            out.push('/');
        }
    }
    out.push_str(match board.side_to_move() {
        Color::White => " w ",
        Color::Black => " b ",
    });
    out.push_str(&castling_field(board, notation));
    match board.en_passant() {
        Some(file) => {
            let rank = Rank::Third.relative_to(!board.side_to_move());
            out.push_str(&format!(" {}", Square::new(file, rank)));
        }
        None => out.push_str(" -"),
    }
    out.push_str(&format!(
        " {} {}",
        board.halfmove_clock(),
        board.fullmove_number()
    ));
    out
}

/// The castling field: White's letters then Black's, each colour's from the h-file down
/// (h-side before a-side), as python-chess orders them.
fn castling_field(board: &Board, notation: CastlingNotation) -> String {
    let mut out = String::new();
    for color in Color::ALL {
        let rights = board.castle_rights(color);
        let back_rank = Rank::First.relative_to(color);
        let rooks = board.colored_pieces(color, Piece::Rook) & back_rank.bitboard();
        for (side, file) in [
            (CastlingSide::H, rights.short),
            (CastlingSide::A, rights.long),
        ] {
            let Some(file) = file else { continue };
            let outermost = rooks.iter().all(|other| match side {
                CastlingSide::A => other.file() >= file,
                CastlingSide::H => other.file() <= file,
            });
            let letter = match (notation, outermost, side) {
                (CastlingNotation::XFen, true, CastlingSide::H) => 'k',
                (CastlingNotation::XFen, true, CastlingSide::A) => 'q',
                _ => char::from(file),
            };
            out.push(match color {
                Color::White => letter.to_ascii_uppercase(),
                Color::Black => letter,
            });
        }
    }
    if out.is_empty() {
        out.push('-');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen::{EXAMPLE_FEN, read_fen};

    /// Castling fields as python-chess 1.11.2 writes them (`castling_xfen()` and
    /// `castling_shredder_fen()` of `chess.Board(fen, chess960=True)`), for FENs read from the
    /// first column: outermost rooks as K/Q, inner rooks by file, in both colours.
    const PYTHON_CHESS: [(&str, &str, &str); 13] = [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "KQkq",
            "HAha",
        ),
        (
            "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
            "KQkq",
            "HFhf",
        ),
        (
            "bbqnnrkr/pppppppp/8/8/8/8/1PPPPPPP/RBQNNRKR w HFhf - 0 1",
            "KFkq",
            "HFhf",
        ),
        ("r3k1rr/8/8/8/8/8/8/RR2K1R1 w GBga - 0 1", "KBgq", "GBga"),
        ("1r1k3r/8/8/8/8/8/8/1R1K2RR w Kb - 0 1", "Kq", "Hb"),
        ("rk2r3/8/8/8/8/8/8/RK2R3 w EAea - 0 1", "KQkq", "EAea"),
        ("2r1kr2/8/8/8/8/8/8/R1R1K1RR w GCfc - 0 1", "GCkq", "GCfc"),
        ("4k3/8/8/8/8/8/8/RR2K2R w KB - 0 1", "KB", "HB"),
        ("4k3/8/8/8/8/8/8/RR2K2R w KQ - 0 1", "KQ", "HA"),
        ("r3k2r/8/8/8/8/8/8/R3K2R w Qk - 0 1", "Qk", "Ah"),
        ("rr2k1r1/8/8/8/8/8/8/4K3 b qk - 0 1", "kq", "ga"),
        ("1rkr4/8/8/8/8/8/8/1RKR4 w DBdb - 0 1", "KQkq", "DBdb"),
        ("rkr5/8/8/8/8/8/8/RKR5 w KQkq - 0 1", "KQkq", "CAca"),
    ];

    #[test]
    fn castling_fields_are_read_and_written_as_python_chess_does() {
        for (fen, xfen, shredder) in PYTHON_CHESS {
            let board = read_fen(fen).unwrap();
            let field = |notation| {
                to_fen(&board, notation)
                    .split(' ')
                    .nth(2)
                    .unwrap()
                    .to_string()
            };
            assert_eq!(field(CastlingNotation::XFen), xfen, "{fen}");
            assert_eq!(field(CastlingNotation::Shredder), shredder, "{fen}");
            for written in [CastlingNotation::XFen, CastlingNotation::Shredder] {
                assert_eq!(read_fen(&to_fen(&board, written)).unwrap(), board, "{fen}");
            }
        }
    }

    #[test]
    fn standard_fens_read_as_cozy_chess_reads_them() {
        let fens = [
            EXAMPLE_FEN,
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ];
        for fen in fens {
            assert_eq!(
                read_fen(fen).unwrap(),
                fen.parse::<Board>().unwrap(),
                "{fen}"
            );
            assert_eq!(to_fen(&read_fen(fen).unwrap(), CastlingNotation::XFen), fen);
        }
    }

    #[test]
    fn en_passant_square_is_kept_as_given() {
        // After 1. e4 no black pawn can take en passant; the square is still recorded.
        let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
        let board = read_fen(fen).unwrap();
        let mut played = Board::default();
        played.play("e2e4".parse().unwrap());
        assert_eq!(board, played);
        assert_eq!(to_fen(&board, CastlingNotation::XFen), fen);
    }
}
