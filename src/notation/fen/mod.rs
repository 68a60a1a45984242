//! FEN of any position with both colours, standard chess or Chess960: read into a validated
//! cozy-chess [`Board`], written back in Shredder-FEN or X-FEN.
//!
//! cozy-chess reads FENs itself, but it answers a bad one with "the board is invalid" and no
//! rule, and it reads `KQkq` as the a- and h-file rooks only. Castling questions come with
//! pasted FENs from every program, and a club player who pastes a wrong one deserves to hear
//! which rule it breaks. So this reader checks every rule cozy-chess checks, first, and names it
//! ([`SyntaxError`] and [`PositionError`] have one variant per rule); it reads the castling field as python-chess does
//! (Shredder-FEN file letters, X-FEN `K`/`Q` for the outermost rook on a side, mixed), and it
//! writes X-FEN exactly as python-chess and shakmaty write it. Only then does it hand the
//! position to cozy-chess's [`BoardBuilder`](cozy_chess::BoardBuilder), which can no longer
//! refuse it for an unnamed reason (the fuzz test checks that [`PositionError::Rejected`] never
//! happens).
//!
//! What it tolerates, because users paste it and nothing is lost:
//! * whitespace around the FEN and runs of spaces or tabs between fields;
//! * a FEN of four fields (an EPD position): the halfmove clock is then 0 and the move number 1;
//!   five fields: the move number is 1;
//! * castling letters in any order (`kqKQ`), Shredder and X-FEN letters mixed (`HQkb`);
//! * consecutive digits in a rank (`44`), as long as the rank covers 8 files;
//! * a move number of 0 (read as 1, as python-chess and shakmaty read it), and a halfmove clock
//!   over 100 (read as 100: cozy-chess caps the clock there, and any value from 100 on means the
//!   fifty-move rule may be claimed).
//!
//! What it refuses: a missing side to move, castling field or en passant field (guessing them
//! would change the answer to "can this side castle?"), a castling right named twice, every
//! illegal position cozy-chess would refuse, and what cozy-chess 0.3.4 lets through although
//! no game reaches it or the FEN standard forbids it: more pieces than promotions explain
//! (three rooks beside eight pawns), two kings side by side, a double check no single move
//! gives (two knights; two men on one line through the king), an en passant square that cannot
//! explain the check (shakmaty's rules for the last two), a digit 0 in the placement
//! (cozy-chess reads it as no square) and fewer than 8 ranks (cozy-chess leaves the missing top
//! ranks empty). On 100,000 mutated FENs this reader and shakmaty accept the same inputs but
//! for these documented choices (`tests/castling/notation_differential.rs`).

//! The en passant square is kept as the FEN gives it, whenever a pawn has just moved two squares
//! (the PGN standard's rule, and what cozy-chess records after a double step), and written the
//! same way, so that writing and reading give back the same [`Board`].
//!
//! Where each part lives, as cozy-chess keeps `board/parse.rs` apart from `board/validate.rs`:
//! `syntax.rs` splits the fields and reads each one ([`SyntaxError`]); `position.rs` lists the
//! rules a position obeys ([`PositionError`], one variant each), checked in `men.rs` (kings,
//! pawns, material, checks), `castling.rs` (the castling rights) and `en_passant.rs`;
//! `write.rs` writes FENs back ([`to_fen`]). [`read_fen`] below runs them in that order.

mod castling;
mod en_passant;
mod men;
mod position;
mod syntax;
mod write;

pub use position::PositionError;
pub use syntax::SyntaxError;
pub(in crate::notation) use syntax::{PlacementError, read_placement, read_side, read_square};
pub use write::{CastlingNotation, to_fen};

use cozy_chess::Board;
use thiserror::Error;

/// A FEN every message can show as an example of the expected form.
pub const EXAMPLE_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Why a FEN was refused: its text ([`SyntaxError`]) or its position ([`PositionError`]), each
/// message one line naming the field or the rule.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FenError {
    /// A field is malformed; the position was not looked at.
    #[error(transparent)]
    Syntax(#[from] SyntaxError),
    /// The fields are well-formed, but the position they describe breaks a rule.
    #[error(transparent)]
    Position(#[from] PositionError),
}

/// Reads a FEN of any position into a validated cozy-chess [`Board`], or says which rule it
/// breaks. The castling field may be Shredder-FEN (`HAha`), X-FEN (`KQkq` for the outermost
/// rooks, a file letter for an inner rook) or both mixed, as python-chess reads them.
///
/// ```
/// use castle960::notation::fen::{read_fen, FenError, PositionError};
/// use cozy_chess::{Board, File};
///
/// // Standard chess: X-FEN and Shredder-FEN name the same rooks.
/// let board = read_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
/// assert_eq!(board, Board::default());
/// // Chess960, clocks missing: K is the outermost rook right of the king, on h1 here.
/// let board = read_fen("1r1k3r/8/8/8/8/8/8/1R1K2RR w Kb -").unwrap();
/// assert_eq!(board.castle_rights(cozy_chess::Color::White).short, Some(File::H));
/// // An illegal position names the rule it breaks.
/// let err = read_fen("4k3/8/8/8/8/8/8/4K2R w KQ - 0 1").unwrap_err();
/// assert!(matches!(err, FenError::Position(PositionError::CastlingNoRookOnSide { .. })));
/// assert!(err.to_string().contains("no white rook stands on its first rank to the left"));
/// ```
pub fn read_fen(input: &str) -> Result<Board, FenError> {
    // Each field's syntax first, so that a typo is named before any rule about the position.
    let fields = syntax::read_fields(input)?;
    let men = men::Men::new(fields.builder);
    men::check_men(&men, input)?;
    let rights = castling::read_castling(&men, fields.castling)?;
    let en_passant = fields
        .en_passant
        .map(|square| en_passant::check_en_passant(&men, fields.en_passant_field, square))
        .transpose()?;

    let mut builder = men.builder;
    builder.castle_rights = rights;
    builder.en_passant = en_passant;
    builder.build().map_err(|e| {
        FenError::Position(PositionError::Rejected {
            input: input.to_string(),
            reason: e.to_string(),
        })
    })
}

/// The error [`read_fen`] gives `fen`, checked to be one line (for every part's tests).
#[cfg(test)]
fn refused(fen: &str) -> FenError {
    let e = read_fen(fen).expect_err(fen);
    assert!(!e.to_string().contains('\n'), "{e}");
    e
}

/// The syntax error [`read_fen`] gives `fen`.
#[cfg(test)]
fn syntax_error(fen: &str) -> SyntaxError {
    match refused(fen) {
        FenError::Syntax(e) => e,
        e => panic!("{fen}: not a syntax error: {e}"),
    }
}

/// The position error [`read_fen`] gives `fen`.
#[cfg(test)]
fn position_error(fen: &str) -> PositionError {
    match refused(fen) {
        FenError::Position(e) => e,
        e => panic!("{fen}: not a position error: {e}"),
    }
}
