//! Legal moves on the ten-file board, and perft.
//!
//! Every man's moves are made from its attacks (pawns push, double-step from their second rank,
//! take diagonally and en passant, and promote to every piece of the variant); each is kept only
//! if it leaves the mover's king unattacked. That is asked of the occupancy the move leaves (its
//! man off its square and on the target, a man taken there or en passant gone), not of a board
//! played in full; and out of check it is asked only of the moves that can expose the king (the
//! king's own, a man's leaving a line through the king's square, an en passant capture), since
//! no other move can. Castling is made from the variant's [`crate::chess::Rule`] and kept under
//! the rules of the SPEC ("Castling in any position"): the right stands, the king is not in
//! check, every square the geometry names is empty apart from king and rook, and no square the
//! king stands on, crosses or lands on is attacked with king and castling rook lifted off the
//! board. Checked by perft against Fairy-Stockfish (`tests/ten`) and by the unit tests below,
//! one for each condition of the shortcut; fast enough for perft to depth 3 on thousands of
//! positions.

use super::attacks;
use super::board::{Board, Move, back_rank};
use super::piece::Piece;
use super::square::{Bits, FILES, Square, squares};
use crate::chess::CastlingSide;
use cozy_chess::Color;

impl Board {
    /// Every legal move, in a fixed order (by origin square, then destination, then the
    /// promotion piece, strongest first), castling last.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(64);
        self.pseudo_moves(&mut moves);
        let king = self.king(self.side);
        // Out of check, a move can expose the king only by its man leaving a line through the
        // king's square, by being the king, or by taking en passant (the pawn taken may stand
        // on such a line); every other move keeps the king as safe as it was.
        let in_check = self.attackers(king, !self.side, self.occupied()) != 0;
        let lines = attacks::rook(king, 0) | attacks::bishop(king, 0);
        moves.retain(|&mv| {
            let exposing = in_check
                || mv.from == king
                || lines & mv.from.bit() != 0
                || Some(mv.to) == self.en_passant;
            !exposing || self.leaves_king_safe(mv, king)
        });
        self.castlings(in_check, &mut moves);
        moves
    }

    /// Whether the side to move's king, on `king` before the move, is unattacked after `mv`
    /// (not a castling): the men of the other colour that attack its square once the mover has
    /// left `from` for `to`, apart from the one taken on `to` or en passant, which no longer
    /// attack anything. Only occupancy changes what the others attack.
    fn leaves_king_safe(&self, mv: Move, king: Square) -> bool {
        let pawn = self.pieces(Piece::Pawn) & mv.from.bit() != 0;
        let mut taken = mv.to.bit();
        if pawn && Some(mv.to) == self.en_passant {
            taken |= Square::new(mv.to.file(), mv.from.rank())
                .expect("the pawn taken en passant stands beside the taker")
                .bit();
        }
        let occupied = (self.occupied() & !mv.from.bit() & !taken) | mv.to.bit();
        let king = if mv.from == king { mv.to } else { king };
        self.attackers(king, !self.side, occupied) & !taken == 0
    }

    /// Whether `mv` is one of [`Board::legal_moves`].
    pub fn is_legal(&self, mv: Move) -> bool {
        self.legal_moves().contains(&mv)
    }

    /// Moves by the rules of each man, not yet checked for leaving the king attacked; no
    /// castling.
    fn pseudo_moves(&self, moves: &mut Vec<Move>) {
        let us = self.side;
        let own = self.colors[us];
        let theirs = self.colors[!us];
        let occupied = own | theirs;
        for from in squares(own) {
            let (_, piece) = self.man_on(from).expect("an own man");
            let targets = match piece {
                Piece::Pawn => {
                    self.pawn_moves(from, occupied, theirs, moves);
                    continue;
                }
                Piece::King => attacks::king(from),
                _ => {
                    let leaps = if piece.leaps_as_knight() {
                        attacks::knight(from)
                    } else {
                        0
                    };
                    let diagonal = if piece.slides_diagonally() {
                        attacks::bishop(from, occupied)
                    } else {
                        0
                    };
                    let straight = if piece.slides_straight() {
                        attacks::rook(from, occupied)
                    } else {
                        0
                    };
                    leaps | diagonal | straight
                }
            };
            moves.extend(squares(targets & !own).map(|to| Move {
                from,
                to,
                promotion: None,
            }));
        }
    }

    /// A pawn's pushes, double step, captures and en passant, each promotion spelled out.
    fn pawn_moves(&self, from: Square, occupied: Bits, theirs: Bits, moves: &mut Vec<Move>) {
        let us = self.side;
        let forward: i8 = if us == Color::White { 1 } else { -1 };
        let start_rank = if us == Color::White { 1 } else { 6 };
        let last_rank = back_rank(!us);
        let mut targets = 0;
        if let Some(one) = from.offset(0, forward).filter(|s| occupied & s.bit() == 0) {
            targets |= one.bit();
            if from.rank() == start_rank
                && let Some(two) = one.offset(0, forward).filter(|s| occupied & s.bit() == 0)
            {
                targets |= two.bit();
            }
        }
        let en_passant = self.en_passant.map_or(0, |s| s.bit());
        targets |= attacks::pawn(us, from) & (theirs | en_passant);
        for to in squares(targets) {
            if to.rank() == last_rank {
                let promotions = self.variant.promotions();
                moves.extend(promotions.map(|p| Move {
                    from,
                    to,
                    promotion: Some(p),
                }));
            } else {
                moves.push(Move {
                    from,
                    to,
                    promotion: None,
                });
            }
        }
    }

    /// The side to move's legal castlings, as king-takes-rook moves, a-side first; none when
    /// `in_check` (the side to move is, as [`Board::legal_moves`] has found already).
    fn castlings(&self, in_check: bool, moves: &mut Vec<Move>) {
        if in_check {
            return;
        }
        let us = self.side;
        let king = self.king(us);
        let rank = back_rank(us);
        let on_rank = |mask: u16| -> Bits {
            (0..FILES)
                .filter(|f| mask & 1 << f != 0)
                .filter_map(|f| Square::new(f, rank))
                .fold(0, |a, s| a | s.bit())
        };
        for side in CastlingSide::BOTH {
            let Some(rook_file) = self.rights[us][side] else {
                continue;
            };
            let Some(g) = self.castling_geometry(us, rook_file) else {
                continue;
            };
            let rook = Square::new(rook_file, rank).expect("a back-rank file");
            if self.occupied() & on_rank(g.empty) != 0 {
                continue;
            }
            let lifted = self.occupied() & !king.bit() & !rook.bit();
            let attacked = squares(on_rank(g.safe)).any(|s| self.attackers(s, !us, lifted) != 0);
            if !attacked {
                moves.push(Move {
                    from: king,
                    to: rook,
                    promotion: None,
                });
            }
        }
    }
}

/// The number of move sequences of `depth` plies from `board` (perft): the standard test of a
/// move generator, compared with Fairy-Stockfish's `go perft` in `tests/ten`.
///
/// ```
/// use castle960::ten::{Board, Variant, perft};
/// let start = Board::from_fen(Variant::CAPABLANCA.start_fen(), Variant::CAPABLANCA).unwrap();
/// assert_eq!(perft(&start, 1), 28);
/// assert_eq!(perft(&start, 2), 784);
/// ```
pub fn perft(board: &Board, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => board.legal_moves().len() as u64,
        _ => board
            .legal_moves()
            .into_iter()
            .map(|mv| perft(&board.play(mv), depth - 1))
            .sum(),
    }
}

/// Perft divided by first move: each legal move with the perft of `depth - 1` after it, in
/// [`Board::legal_moves`]'s order (`go perft`'s divide). `depth` 0 gives no moves.
pub fn divide(board: &Board, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    board
        .legal_moves()
        .into_iter()
        .map(|mv| (mv, perft(&board.play(mv), depth - 1)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ten::Variant;

    /// The legal moves of a Capablanca-chess position, in UCI, sorted.
    fn legal(fen: &str) -> Vec<String> {
        let board = Board::from_fen(fen, Variant::CAPABLANCA).unwrap();
        let mut moves: Vec<String> = board.legal_moves().iter().map(|m| m.to_string()).collect();
        moves.sort();
        moves
    }

    #[test]
    fn a_pinned_man_moves_only_along_its_pin_and_a_checked_king_not_along_the_check() {
        // The rook on e2 is pinned by the rook on e8: it keeps to the e-file.
        assert_eq!(
            legal("4r4k/10/10/10/10/10/4R5/4K5 w - - 0 1"),
            [
                "e1d1", "e1d2", "e1f1", "e1f2", "e2e3", "e2e4", "e2e5", "e2e6", "e2e7", "e2e8"
            ]
        );
        // Out of check, the king may not step onto the d-file the rook on d8 holds.
        assert_eq!(
            legal("3r5k/10/10/10/10/10/10/4K5 w - - 0 1"),
            ["e1e2", "e1f1", "e1f2"]
        );
        // In check from e8, a knight off every line through the king has no move (none blocks
        // or takes the rook): only the king's moves are legal.
        assert_eq!(
            legal("4r4k/10/10/10/10/N9/10/4K5 w - - 0 1"),
            ["e1d1", "e1d2", "e1f1", "e1f2"]
        );
        // In check from e8, the king may not step back along the file to e2.
        assert_eq!(
            legal("4r4k/10/10/10/10/10/10/4K5 w - - 0 1"),
            ["e1d1", "e1d2", "e1f1", "e1f2"]
        );
    }

    #[test]
    fn en_passant_that_uncovers_the_king_is_not_legal() {
        // bxc6 e.p. would take both pawns off rank 5 and leave the king to the rook on j5.
        let moves = legal("9k/10/10/KPp6r/10/10/10/10 w - c6 0 1");
        assert!(!moves.contains(&"b5c6".to_string()), "{moves:?}");
        assert!(moves.contains(&"b5b6".to_string()), "{moves:?}");
        // The pawn taking stands on no line through the king, the pawn taken does: d5xc6 e.p.
        // opens the diagonal from e7 to a3.
        let moves = legal("9k/4b5/10/2pP6/10/K9/10/10 w - c6 0 1");
        assert!(!moves.contains(&"d5c6".to_string()), "{moves:?}");
        assert!(moves.contains(&"d5d6".to_string()), "{moves:?}");
        // Without the rook the first capture is legal.
        let moves = legal("9k/10/10/KPp7/10/10/10/10 w - c6 0 1");
        assert!(moves.contains(&"b5c6".to_string()), "{moves:?}");
    }
}
