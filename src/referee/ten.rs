//! castle960's side of the referee on ten files: the ten-file generator's moves
//! ([`crate::ten::Board::legal_moves`], castling by the variant's rule), the rule that decides a
//! disputed castling in words, and the random games of a variant (random CRC arrays for
//! `caparandom`, the start array for the others).
//!
//! The ruling names every reason that stands, each found on its own from the variant's castling
//! geometry (the right, check, the squares that must be empty, the squares the king stands on,
//! crosses or lands on, attacked with king and castling rook lifted off); a test holds it to the
//! generator, which calls a castling legal exactly when the ruling finds no reason.

use super::position::Position;
use super::positions::{Game, SplitMix64};
use crate::chess::CastlingSide;
use crate::ten::square::{Bits, FILES, squares};
use crate::ten::{Board, CrcArray, Move, Square, Variant, divide};
use crate::words;
use itertools::Itertools;
use std::fmt;

/// Ten files: castle960's own board and generator.
impl Position for Board {
    type Move = Move;
    type Ruling = TenRuling;

    fn fen(&self) -> String {
        self.to_string()
    }

    fn read_move(&self, text: &str) -> Option<Move> {
        Move::from_uci(text, self.variant())
    }

    fn is_castling(&self, mv: Move) -> bool {
        Board::is_castling(self, mv)
    }

    fn move_key(mv: Move) -> (u8, u8, u8) {
        let promotion = mv.promotion.map_or(0, |p| p.index() as u8 + 1);
        (mv.from.index(), mv.to.index(), promotion)
    }

    fn castling_moves(&self) -> Vec<Move> {
        self.legal_moves()
            .into_iter()
            .filter(|&mv| Board::is_castling(self, mv))
            .collect()
    }

    fn divide(&self, depth: u32) -> Vec<(Move, u64)> {
        assert!(depth >= 1, "a divide lists the moves of at least one ply");
        divide(self, depth)
    }

    fn ruling(&self, mv: Move) -> TenRuling {
        TenRuling::of(self, mv)
    }
}

/// castle960's ruling on a ten-file castling (king takes rook): every reason it is not legal
/// now, each found on its own ([`obstacles`]); legal when none stands. It keeps the position,
/// whose men its words name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TenRuling {
    /// The position.
    pub board: Board,
    /// The castling, king takes rook.
    pub mv: Move,
    /// Every reason it is not legal now; none when it is legal.
    pub obstacles: Vec<Obstacle>,
}

impl TenRuling {
    /// The ruling on the castling `mv` in `board`.
    pub fn of(board: &Board, mv: Move) -> TenRuling {
        TenRuling {
            board: board.clone(),
            mv,
            obstacles: obstacles(board, mv),
        }
    }
}

/// `White O-O (f1j1) is legal under capablanca's castling (rule chess960): no rule forbids it`,
/// or `... is not legal: ` and every reason ([`reasons`]).
impl fmt::Display for TenRuling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (board, mv) = (&self.board, self.mv);
        let name = format!(
            "{} {} ({mv})",
            words::color_title(board.side_to_move()),
            side_of(mv).san()
        );
        if self.obstacles.is_empty() {
            write!(
                f,
                "{name} is legal under {}'s castling (rule {}): no rule forbids it",
                board.variant(),
                board.variant().rule()
            )
        } else {
            let reasons = self.obstacles.iter().map(|&o| words_of(board, mv, o));
            write!(f, "{name} is not legal: {}", reasons.format("; "))
        }
    }
}

/// The side a castling `mv` (king takes rook) castles on: the a-side when the rook stands left
/// of the king.
fn side_of(mv: Move) -> CastlingSide {
    if mv.to.file() < mv.from.file() {
        CastlingSide::A
    } else {
        CastlingSide::H
    }
}

/// A man in words: "the black archbishop on c8".
fn man(board: &Board, square: Square) -> String {
    match board.man_on(square) {
        Some((color, piece)) => format!(
            "the {} {} on {square}",
            words::color(color),
            format!("{piece:?}").to_lowercase()
        ),
        None => format!("nothing on {square}"),
    }
}

/// Why a castling (king takes rook) is not legal now: one reason, found on its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Obstacle {
    /// The side has no castling right with this rook.
    NoRight,
    /// The variant's rule gives no castling of this king with this rook.
    NoRule,
    /// The king is in check, from these squares.
    InCheck(Bits),
    /// A square that must be empty holds a man.
    Occupied(Square),
    /// A square the king stands on, crosses or lands on is attacked, king and castling rook
    /// lifted off, from these squares.
    Attacked {
        /// The square.
        square: Square,
        /// The attackers' squares.
        by: Bits,
    },
}

/// Every reason the castling `mv` (the side to move's king onto its own rook) is not legal now;
/// none when it is legal.
pub fn obstacles(board: &Board, mv: Move) -> Vec<Obstacle> {
    let us = board.side_to_move();
    let (king, rook) = (mv.from, mv.to);
    let mut out = Vec::new();
    if board.castling_right(us, side_of(mv)) != Some(rook.file()) {
        out.push(Obstacle::NoRight);
    }
    let Some(g) = board.castling_geometry(us, rook.file()) else {
        out.push(Obstacle::NoRule);
        return out;
    };
    let on_rank = |file: u8| Square::new(file, king.rank()).expect("a back-rank file");
    let checkers = board.attackers(king, !us, board.occupied());
    if checkers != 0 {
        out.push(Obstacle::InCheck(checkers));
    }
    let files = |mask: u16| (0..FILES).filter(move |f| mask & 1 << f != 0);
    out.extend(
        files(g.empty)
            .map(on_rank)
            .filter(|&square| board.man_on(square).is_some())
            .map(Obstacle::Occupied),
    );
    let lifted = board.occupied() & !king.bit() & !rook.bit();
    for square in files(g.safe).map(on_rank) {
        let by = board.attackers(square, !us, lifted);
        // An attack on the king's own square is the check above, unless only the rook's
        // leaving reveals it.
        if by != 0 && !(square == king && checkers != 0) {
            out.push(Obstacle::Attacked { square, by });
        }
    }
    out
}

/// Every reason the castling `mv` is not legal now, in words ([`obstacles`]).
pub fn reasons(board: &Board, mv: Move) -> Vec<String> {
    obstacles(board, mv)
        .into_iter()
        .map(|obstacle| words_of(board, mv, obstacle))
        .collect()
}

/// One reason the castling `mv` is not legal in `board`, in words.
fn words_of(board: &Board, mv: Move, obstacle: Obstacle) -> String {
    let us = board.side_to_move();
    let men = |bits: Bits| {
        let named: Vec<String> = squares(bits).map(|s| man(board, s)).collect();
        words::join(&named)
    };
    match obstacle {
        Obstacle::NoRight => format!(
            "{} has no {} castling right with the rook on {} (the FEN's castling field)",
            words::color_title(us),
            side_of(mv).san(),
            mv.to
        ),
        Obstacle::NoRule => format!(
            "{}'s castling rule ({}) gives no castling of a king on {} with a rook on {}",
            board.variant(),
            board.variant().rule(),
            mv.from,
            mv.to
        ),
        Obstacle::InCheck(by) => format!(
            "castling is not allowed in check, and {} gives check",
            men(by)
        ),
        Obstacle::Occupied(square) => format!(
            "{square} must be empty, but {} stands there",
            man(board, square)
        ),
        Obstacle::Attacked { square, by } => {
            let king_to = board.castling_geometry(us, mv.to.file()).map(|g| g.king_to);
            let passage = match square {
                _ if square == mv.from => "stands on (attacked once the rook has left)",
                _ if Some(square.file()) == king_to => "lands on",
                _ => "crosses",
            };
            format!("the king {passage} {square}, which {} attacks", men(by))
        }
    }
}

/// The random games of a variant: moves from the ten-file generator.
impl Game for Board {
    type Move = Move;

    fn moves(&self) -> Vec<Move> {
        self.legal_moves()
    }

    fn play(&mut self, mv: Move) {
        *self = Board::play(self, mv);
    }

    fn is_castling(&self, mv: Move) -> bool {
        Board::is_castling(self, mv)
    }

    fn spends_rights(&self, mv: Move) -> bool {
        let us = self.side_to_move();
        mv.from == self.king(us)
            || CastlingSide::BOTH.into_iter().any(|side| {
                self.castling_right(us, side)
                    .and_then(|file| Square::new(file, self.king(us).rank()))
                    == Some(mv.from)
            })
    }

    /// CRC (`caparandom`): a random start array for White, and for Black the same one half of
    /// the time, else another; every other variant: its start position.
    fn new_start(&self, rng: &mut SplitMix64) -> Board {
        let variant = self.variant();
        if variant != Variant::CAPARANDOM {
            return Board::from_fen(variant.start_fen(), variant).expect("a start position");
        }
        let white = random_array(rng);
        let black = if rng.one_in(2) {
            white
        } else {
            random_array(rng)
        };
        Board::from_fen(&white.fen_against(&black), variant).expect("a CRC start position")
    }
}

/// A CRC start array drawn uniformly: candidates drawn until one meets every rule.
fn random_array(rng: &mut SplitMix64) -> CrcArray {
    loop {
        let candidate = CrcArray::candidate_from_number(rng.below(48_000) as u16);
        if let Some(array) = candidate.filter(CrcArray::pawns_protected) {
            return array;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::positions::RandomGames;
    use super::*;
    use crate::ten::Piece;
    use cozy_chess::Color;

    /// The ruling finds no reason exactly for the castlings the generator lists, over random
    /// games of every variant (and every castling king-onto-rook of those positions, legal or
    /// not, with or without a right).
    #[test]
    fn the_ruling_agrees_with_the_generator() {
        let mut judged = [0usize; 2];
        for variant in Variant::ALL {
            for board in RandomGames::ten(variant, 3).take(3_000) {
                let us = board.side_to_move();
                let king = board.king(us);
                let rooks = board.pieces(Piece::Rook) & board.colored(us);
                let legal = board.castling_moves();
                for rook in squares(rooks).filter(|r| r.rank() == king.rank()) {
                    let mv = Move {
                        from: king,
                        to: rook,
                        promotion: None,
                    };
                    let found = reasons(&board, mv);
                    assert_eq!(
                        found.is_empty(),
                        legal.contains(&mv),
                        "{board} {mv}: {found:?}"
                    );
                    judged[usize::from(found.is_empty())] += 1;
                }
            }
        }
        assert!(judged[0] > 10_000 && judged[1] > 500, "{judged:?}");
    }

    /// Check, a man in the way and attacked squares all stand, and each is named, on both
    /// sides.
    #[test]
    fn a_ruling_names_every_reason() {
        let board = Board::from_fen(
            "r3k4r/10/10/10/10/10/10/R2bK3qR w JAja - 0 1",
            Variant::CAPARANDOM,
        )
        .unwrap();
        let o_o_o = Move {
            from: board.king(Color::White),
            to: "a1".parse().unwrap(),
            promotion: None,
        };
        assert_eq!(
            board.ruling(o_o_o).to_string(),
            "White O-O-O (e1a1) is not legal: castling is not allowed in check, and the black \
             queen on i1 gives check; d1 must be empty, but the black bishop on d1 stands there; \
             the king crosses d1, which the black queen on i1 attacks"
        );
        let o_o = Move {
            to: "j1".parse().unwrap(),
            ..o_o_o
        };
        assert_eq!(
            board.ruling(o_o).to_string(),
            "White O-O (e1j1) is not legal: castling is not allowed in check, and the black queen \
             on i1 gives check; i1 must be empty, but the black queen on i1 stands there; the \
             king crosses f1, which the black queen on i1 attacks; the king crosses g1, which \
             the black queen on i1 attacks; the king crosses h1, which the black queen on i1 \
             attacks"
        );
    }
}
