//! The men on the board as bit sets ([`Men`]), and the rules about the men themselves: one
//! king a side, no pawn on an edge rank, no more men, pawns or pieces than a game can leave,
//! the kings apart, and only checks one move can give. The castling and en passant rules ask
//! [`Men`] too (who stands where, who attacks a square).

use super::PositionError;
use crate::chess::Man;
use crate::words;
use cozy_chess::{
    BitBoard, BoardBuilder, Color, Piece, Rank, Square, get_bishop_moves, get_king_moves,
    get_knight_moves, get_line_rays, get_pawn_attacks, get_rook_moves,
};

/// The men on the board as bit sets, enough to check the position rules before cozy-chess sees
/// the position.
pub(super) struct Men {
    /// The position as read, side to move and clocks included.
    pub(super) builder: BoardBuilder,
    pieces: [BitBoard; Piece::NUM],
    colors: [BitBoard; Color::NUM],
}

impl Men {
    pub(super) fn new(builder: BoardBuilder) -> Men {
        let mut pieces = [BitBoard::EMPTY; Piece::NUM];
        let mut colors = [BitBoard::EMPTY; Color::NUM];
        for square in Square::ALL {
            if let Some((piece, color)) = builder.square(square) {
                pieces[piece as usize] |= square.bitboard();
                colors[color as usize] |= square.bitboard();
            }
        }
        Men {
            builder,
            pieces,
            colors,
        }
    }

    pub(super) fn colored(&self, color: Color, piece: Piece) -> BitBoard {
        self.colors[color as usize] & self.pieces[piece as usize]
    }

    pub(super) fn occupied(&self) -> BitBoard {
        self.colors[0] | self.colors[1]
    }

    /// The king of `color`; call only once each colour has exactly one.
    pub(super) fn king(&self, color: Color) -> Square {
        self.colored(color, Piece::King)
            .next_square()
            .expect("kings were counted before")
    }

    /// How many pieces of each kind `color` has beyond its starting set (one queen, two rooks,
    /// two knights, a light-squared and a dark-squared bishop).
    fn beyond_start(&self, color: Color) -> [(&'static str, usize); 5] {
        let count = |set: BitBoard, start: usize| (set.len() as usize).saturating_sub(start);
        let bishops = self.colored(color, Piece::Bishop);
        [
            ("queen(s)", count(self.colored(color, Piece::Queen), 1)),
            ("rook(s)", count(self.colored(color, Piece::Rook), 2)),
            ("knight(s)", count(self.colored(color, Piece::Knight), 2)),
            (
                "light-squared bishop(s)",
                count(bishops & BitBoard::LIGHT_SQUARES, 1),
            ),
            (
                "dark-squared bishop(s)",
                count(bishops & BitBoard::DARK_SQUARES, 1),
            ),
        ]
    }

    /// The men of `by` that attack `square`, kings included.
    pub(super) fn attackers(&self, square: Square, by: Color) -> BitBoard {
        let occupied = self.occupied();
        let rooks = self.pieces[Piece::Rook as usize] | self.pieces[Piece::Queen as usize];
        let bishops = self.pieces[Piece::Bishop as usize] | self.pieces[Piece::Queen as usize];
        self.colors[by as usize]
            & ((get_rook_moves(square, occupied) & rooks)
                | (get_bishop_moves(square, occupied) & bishops)
                | (get_knight_moves(square) & self.pieces[Piece::Knight as usize])
                | (get_king_moves(square) & self.pieces[Piece::King as usize])
                | (get_pawn_attacks(square, !by) & self.pieces[Piece::Pawn as usize]))
    }

    /// The men checking `color`'s king.
    pub(super) fn checkers(&self, color: Color) -> BitBoard {
        self.attackers(self.king(color), !color)
    }

    /// "the white rook on e1 and the white knight on f3".
    pub(super) fn describe(&self, set: BitBoard) -> String {
        words::join(
            &set.iter()
                .filter_map(|square| {
                    let (piece, color) = self.builder.square(square)?;
                    Some(
                        Man {
                            color,
                            piece,
                            square,
                        }
                        .to_string(),
                    )
                })
                .collect::<Vec<_>>(),
        )
    }
}

/// The rules about the men themselves: one king each, no pawn on the edge ranks, at most 16 men
/// and 8 pawns a side, no more pieces than promotions explain, the kings apart, the side not to
/// move not in check, at most two checkers.
pub(super) fn check_men(men: &Men, input: &str) -> Result<(), PositionError> {
    let input = || input.to_string();
    for color in Color::ALL {
        let count = men.colored(color, Piece::King).len() as usize;
        if count != 1 {
            return Err(PositionError::KingCount {
                input: input(),
                color,
                count,
            });
        }
    }
    for color in Color::ALL {
        let edge = Rank::First.bitboard() | Rank::Eighth.bitboard();
        if let Some(square) = (men.colored(color, Piece::Pawn) & edge).next_square() {
            return Err(PositionError::PawnOnEdgeRank {
                input: input(),
                color,
                square,
            });
        }
        let count = men.colors[color as usize].len() as usize;
        if count > 16 {
            return Err(PositionError::TooManyMen {
                input: input(),
                color,
                count,
            });
        }
        let count = men.colored(color, Piece::Pawn).len() as usize;
        if count > 8 {
            return Err(PositionError::TooManyPawns {
                input: input(),
                color,
                count,
            });
        }
    }
    for color in Color::ALL {
        let pawns = men.colored(color, Piece::Pawn).len() as usize;
        let extra = men.beyond_start(color);
        let promoted: usize = extra.iter().map(|(_, n)| n).sum();
        if pawns + promoted > 8 {
            return Err(PositionError::TooMuchMaterial {
                input: input(),
                color,
                pawns,
                promoted,
                extra: words::join(
                    &extra
                        .iter()
                        .filter(|(_, n)| *n > 0)
                        .map(|(what, n)| format!("{n} {what}"))
                        .collect::<Vec<_>>(),
                ),
            });
        }
    }
    let (white, black) = (men.king(Color::White), men.king(Color::Black));
    if get_king_moves(white).has(black) {
        return Err(PositionError::KingsTouch {
            input: input(),
            white,
            black,
        });
    }
    let to_move = men.builder.side_to_move;
    let checkers = men.checkers(!to_move);
    if !checkers.is_empty() {
        return Err(PositionError::OppositeCheck {
            input: input(),
            in_check: !to_move,
            checkers: men.describe(checkers),
        });
    }
    let checkers = men.checkers(to_move);
    if checkers.len() > 2 {
        return Err(PositionError::TooManyCheckers {
            input: input(),
            in_check: to_move,
            count: checkers.len() as usize,
            checkers: men.describe(checkers),
        });
    }
    // A double check is one man moving to give check and uncovering a second along a line
    // (shakmaty checks the same).
    if checkers.len() == 2 {
        let king = men.king(to_move);
        let steppers = men.pieces[Piece::Pawn as usize] | men.pieces[Piece::Knight as usize];
        let mut pair = checkers.iter();
        let (a, b) = (pair.next(), pair.next());
        let why = if (checkers & steppers).len() == 2 {
            Some("a pawn or a knight gives check only by moving, and one move moves one man")
        } else if let (Some(a), Some(b)) = (a, b)
            && get_line_rays(a, king).has(b)
        {
            Some("two men checking along one line through the king cannot be uncovered by one move")
        } else {
            None
        };
        if let Some(why) = why {
            return Err(PositionError::ImpossibleCheck {
                input: input(),
                in_check: to_move,
                checkers: men.describe(checkers),
                why,
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen::{position_error as err, read_fen};

    #[test]
    fn position_errors_name_the_rule() {
        assert!(matches!(
            err("8/8/8/8/8/8/8/4K3 w - - 0 1"),
            PositionError::KingCount {
                color: Color::Black,
                count: 0,
                ..
            }
        ));
        assert!(matches!(
            err("4k3/8/8/8/8/8/8/3KK3 w - - 0 1"),
            PositionError::KingCount {
                color: Color::White,
                count: 2,
                ..
            }
        ));
        assert!(matches!(
            err("4k2P/8/8/8/8/8/8/4K3 w - - 0 1"),
            PositionError::PawnOnEdgeRank {
                square: Square::H8,
                ..
            }
        ));
        assert!(matches!(
            err("4k3/8/8/8/8/8/8/p3K3 w - - 0 1"),
            PositionError::PawnOnEdgeRank {
                color: Color::Black,
                square: Square::A1,
                ..
            }
        ));
        assert!(matches!(
            err("4k3/8/8/8/NNNNNNNN/NNNNNNNN/8/4K3 w - - 0 1"),
            PositionError::TooManyMen { count: 17, .. }
        ));
        assert!(matches!(
            err("4k3/8/8/8/P7/PPPPPPPP/8/4K3 w - - 0 1"),
            PositionError::TooManyPawns { count: 9, .. }
        ));
        let e = err("4k3/8/8/8/8/8/PPPPPPPP/RRR1K3 w - - 0 1");
        assert_eq!(
            e.to_string(),
            "FEN \"4k3/8/8/8/8/8/PPPPPPPP/RRR1K3 w - - 0 1\": White has 8 pawns and 1 piece(s) beyond the starting set (1 rook(s)): each such piece is a promoted pawn, and a side has only 8 pawns"
        );
        // Two bishops on light squares: one of them is a promoted pawn.
        assert!(matches!(
            err("4k3/8/8/8/8/8/pppppppp/1b1b3K w - - 0 1"),
            PositionError::TooMuchMaterial {
                color: Color::Black,
                promoted: 1,
                ..
            }
        ));
        read_fen("4k3/8/8/8/8/8/ppppppp1/1b1b3K w - - 0 1").unwrap();
        assert!(matches!(
            err("8/8/8/3k4/3K4/8/8/8 w - - 0 1"),
            PositionError::KingsTouch {
                white: Square::D4,
                black: Square::D5,
                ..
            }
        ));
        let e = err("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1");
        assert!(
            e.to_string()
                .contains("Black is in check from the white rook on e1, but it is White's move"),
            "{e}"
        );
        let e = err("4k3/8/3N4/1B6/8/8/8/4R1K1 b - - 0 1");
        assert!(
            matches!(e, PositionError::TooManyCheckers { count: 3, .. }),
            "{e}"
        );
        // Two checkers are possible (a discovered check), but not two knights or pawns, nor two
        // men on one line through the king.
        read_fen("4k3/8/3N4/8/8/8/8/4R1K1 b - - 0 1").unwrap();
        for fen in [
            "4k3/8/3N1N2/8/8/8/8/4K3 b - - 0 1",
            "4k3/3P4/5N2/8/8/8/8/4K3 b - - 0 1",
            "4R3/8/8/4k3/8/8/8/K3R3 b - - 0 1",
        ] {
            let e = err(fen);
            assert!(
                matches!(e, PositionError::ImpossibleCheck { .. }),
                "{fen}: {e}"
            );
        }
    }
}
