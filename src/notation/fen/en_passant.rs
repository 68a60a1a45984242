//! The en passant square's rules: it records a double step the opponent just made, so it
//! stands on the rank that pawn passed over, the pawn in front of it, the squares it crossed
//! empty, and any check on the board is one that double step can have given (shakmaty's rule;
//! cozy-chess checks a weaker one). The square's syntax is `syntax.rs`'s.

use super::PositionError;
use super::men::Men;
use cozy_chess::{Piece, Rank, Square};

/// The en passant square's rules: on the rank the opponent's pawn just passed over, that pawn in
/// front of it, the square and the one behind it empty, and any check one the double step can
/// have given (by the pawn, or uncovered along a line through the square it left).
pub(super) fn check_en_passant(
    men: &Men,
    field: &str,
    square: Square,
) -> Result<Square, PositionError> {
    let to_move = men.builder.side_to_move;
    let mover = !to_move;
    let expected = Rank::Third.relative_to(mover);
    if square.rank() != expected {
        return Err(PositionError::EnPassantRank {
            field: field.to_string(),
            to_move,
            expected,
        });
    }
    let from = Square::new(square.file(), Rank::Second.relative_to(mover));
    let to = Square::new(square.file(), Rank::Fourth.relative_to(mover));
    if !men.colored(mover, Piece::Pawn).has(to) {
        return Err(PositionError::EnPassantNoPawn {
            field: field.to_string(),
            mover,
            from,
            to,
        });
    }
    if let Some(occupied) = [from, square].into_iter().find(|s| men.occupied().has(*s)) {
        return Err(PositionError::EnPassantNotEmpty {
            field: field.to_string(),
            mover,
            from,
            to,
            occupied,
        });
    }
    // Undo the double step: it was the mover's turn then, so the king of the side to move was
    // not in check. So the check now is the pawn's, or one the pawn uncovered by leaving its
    // square, and never two (shakmaty's rule; cozy-chess checks a weaker one).
    let checkers = men.checkers(to_move);
    let mut before = men.builder.clone();
    *before.square_mut(to) = None;
    *before.square_mut(from) = Some((Piece::Pawn, mover));
    let king = men.king(to_move);
    let impossible = checkers.len() > 1
        || (checkers.len() == 1
            && !checkers.has(to)
            && !Men::new(before).attackers(king, mover).is_empty());
    if impossible {
        return Err(PositionError::EnPassantImpossibleCheck {
            field: field.to_string(),
            mover,
            from,
            to,
            checker: men.describe(checkers),
        });
    }
    Ok(square)
}

#[cfg(test)]
mod tests {
    use crate::notation::fen::{PositionError, position_error as err, read_fen};
    use cozy_chess::{Rank, Square};

    #[test]
    fn en_passant_errors_name_the_double_step() {
        let e = err("4k3/8/8/3pP3/8/8/8/4K3 w - d3 0 1");
        assert!(matches!(
            e,
            PositionError::EnPassantRank {
                expected: Rank::Sixth,
                ..
            }
        ));
        let e = err("4k3/8/8/4P3/8/8/8/4K3 w - d6 0 1");
        assert!(matches!(
            e,
            PositionError::EnPassantNoPawn {
                from: Square::D7,
                to: Square::D5,
                ..
            }
        ));
        let e = err("4k3/3n4/8/3pP3/8/8/8/4K3 w - d6 0 1");
        assert!(matches!(
            e,
            PositionError::EnPassantNotEmpty {
                occupied: Square::D7,
                ..
            }
        ));
        let e = err("4k3/8/3n4/3pP3/8/8/8/4K3 w - d6 0 1");
        assert!(matches!(
            e,
            PositionError::EnPassantNotEmpty {
                occupied: Square::D6,
                ..
            }
        ));
        // The knight's check cannot come from a pawn's double step (cozy-chess's own example).
        let e = err("4k3/8/5N2/8/2pP4/8/8/4K3 b - d3 0 1");
        assert!(
            e.to_string().ends_with(
                "it says White's last move was the pawn from d2 to d4, which cannot have given the check from the white knight on f6"
            ),
            "{e}"
        );
        let e = err("8/8/8/3pP3/8/8/1b6/K3k3 w - d6 0 1");
        assert!(
            matches!(
                e,
                PositionError::EnPassantImpossibleCheck {
                    from: Square::D7,
                    to: Square::D5,
                    ..
                }
            ),
            "{e}"
        );
        // A check uncovered by the double step is possible: the bishop on c8 sees the king on
        // f5 through d7, the square the pawn left. With the king on e6 it is not: the pawn on
        // d7 would have been checking it.
        read_fen("2b1k3/8/8/3pPK2/8/8/8/8 w - d6 0 1").unwrap();
        assert!(matches!(
            err("2b1k3/8/4K3/3pP3/8/8/8/8 w - d6 0 1"),
            PositionError::EnPassantImpossibleCheck { .. }
        ));
        read_fen("7k/8/8/K2pP2r/8/8/8/8 w - d6 0 1").unwrap();
        read_fen("k7/8/8/3pP3/8/8/8/3RK3 b - - 0 1").unwrap();
        // A pawn taking on d5 uncovers the rook: a double check, unless the en passant square
        // says the pawn came from d7.
        read_fen("4r2k/8/8/3p4/4K3/8/8/8 w - - 0 1").unwrap();
        assert!(matches!(
            err("4r2k/8/8/3p4/4K3/8/8/8 w - d6 0 1"),
            PositionError::EnPassantImpossibleCheck { .. }
        ));
    }
}
