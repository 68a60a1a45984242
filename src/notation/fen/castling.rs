//! The castling field read against the position: which rook each letter names (Shredder-FEN
//! file letters, X-FEN `K`/`Q` for the outermost rook on a side, mixed, as python-chess reads
//! them), and the rules a castling right obeys: the king on its first rank, the rook there too,
//! at most one right a side. The letters' syntax is `syntax.rs`'s; how the field is
//! written back is `write.rs`'s.

use super::PositionError;
use super::men::Men;
use crate::chess::CastlingSide;
use cozy_chess::{CastleRights, Color, File, Piece, Rank, Square};

/// The castling field into each colour's rights, as python-chess reads it: `K`/`Q` the
/// outermost rook on that side of the king, a file letter that file's rook. Every letter must
/// name a rook of its colour on its first rank with the king on that rank too; each colour has
/// at most one right per side. The letters' syntax was checked before.
pub(super) fn read_castling(
    men: &Men,
    field: &str,
) -> Result<[CastleRights; Color::NUM], PositionError> {
    let mut rights = [CastleRights::EMPTY; Color::NUM];
    if field == "-" {
        return Ok(rights);
    }
    let mut letters: [[Option<char>; 2]; Color::NUM] = [[None; 2]; Color::NUM];
    for letter in field.chars() {
        let color = if letter.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let back_rank = Rank::First.relative_to(color);
        let king = men.king(color);
        if king.rank() != back_rank {
            return Err(PositionError::CastlingKingAway {
                field: field.to_string(),
                letter,
                color,
                king,
            });
        }
        let rooks = men.colored(color, Piece::Rook) & back_rank.bitboard();
        let outermost = |side: CastlingSide| {
            let on_side = rooks
                .iter()
                .filter(|rook| CastlingSide::of(king.file(), rook.file()) == side);
            match side {
                CastlingSide::A => on_side.min(),
                CastlingSide::H => on_side.max(),
            }
        };
        let (side, rook) = match letter.to_ascii_lowercase() {
            'k' | 'q' => {
                let side = if letter.eq_ignore_ascii_case(&'k') {
                    CastlingSide::H
                } else {
                    CastlingSide::A
                };
                let rook = outermost(side).ok_or_else(|| PositionError::CastlingNoRookOnSide {
                    field: field.to_string(),
                    letter,
                    color,
                    side,
                    king,
                })?;
                (side, rook)
            }
            file => {
                let file = File::try_from(file).expect("castling letters were checked before");
                let square = Square::new(file, back_rank);
                if !rooks.has(square) {
                    return Err(PositionError::CastlingNoRook {
                        field: field.to_string(),
                        letter,
                        color,
                        square,
                    });
                }
                (CastlingSide::of(king.file(), file), square)
            }
        };
        let slot = &mut letters[color as usize][side as usize];
        if let Some(first) = *slot {
            return Err(PositionError::CastlingTwice {
                field: field.to_string(),
                first,
                second: letter,
                color,
                side,
            });
        }
        *slot = Some(letter);
        let right = &mut rights[color as usize];
        match side {
            CastlingSide::A => right.long = Some(rook.file()),
            CastlingSide::H => right.short = Some(rook.file()),
        }
    }
    Ok(rights)
}

#[cfg(test)]
mod tests {
    use crate::chess::CastlingSide;
    use crate::notation::fen::{PositionError, position_error as err};
    use cozy_chess::{Color, Square};

    #[test]
    fn castling_errors_name_the_rook_and_the_king() {
        let e = err("4k3/8/8/8/8/8/4K3/R6R w KQ - 0 1");
        assert!(matches!(
            e,
            PositionError::CastlingKingAway {
                color: Color::White,
                king: Square::E2,
                ..
            }
        ));
        let e = err("r3k3/8/8/8/8/8/8/4K3 b h - 0 1");
        assert!(matches!(
            e,
            PositionError::CastlingNoRook {
                color: Color::Black,
                square: Square::H8,
                ..
            }
        ));
        assert!(e.to_string().contains("no black rook there"), "{e}");
        let e = err("4k3/8/8/8/8/8/8/R3K3 w K - 0 1");
        assert!(matches!(
            e,
            PositionError::CastlingNoRookOnSide {
                side: CastlingSide::H,
                ..
            }
        ));
        // A rook that has left the first rank does not count.
        let e = err("4k3/8/8/8/8/8/7R/4K3 w K - 0 1");
        assert!(matches!(e, PositionError::CastlingNoRookOnSide { .. }));
        let e = err("4k3/8/8/8/8/8/8/4K1RR w KG - 0 1");
        assert!(matches!(
            e,
            PositionError::CastlingTwice {
                first: 'K',
                second: 'G',
                side: CastlingSide::H,
                ..
            }
        ));
        let e = err("4k3/8/8/8/8/8/8/4K2R w HK - 0 1");
        assert!(matches!(e, PositionError::CastlingTwice { .. }));
    }
}
