//! Which squares a man attacks on the ten-file board, and which men attack a square.
//!
//! Leapers (knight, king) read a table made at compile time. Sliders follow rays: each of the
//! eight directions has a table of the squares from each square to the edge, and the first
//! occupied square on a ray (its lowest bit for directions that raise the index, its highest for
//! the others) cuts the ray there. That is the classical ray method, a few instructions per
//! direction on a `u128`, and simple enough to check by eye; the perft comparison with
//! Fairy-Stockfish checks it in every position it reaches.

use super::square::{Bits, FILES, RANKS, Square};
use crate::chess::directions::KNIGHT_STEPS;
use cozy_chess::Color;

/// The eight directions as (files, ranks) steps; the first four raise the square index.
const DIRECTIONS: [(i8, i8); 8] = [
    (1, 0),
    (0, 1),
    (1, 1),
    (-1, 1),
    (-1, 0),
    (0, -1),
    (-1, -1),
    (1, -1),
];

/// Whether direction `d` raises the square index (so its nearest square is its lowest bit).
const fn rising(d: usize) -> bool {
    d < 4
}

/// The straight directions' indices (rook), then the diagonal ones (bishop).
const STRAIGHT: [usize; 4] = [0, 1, 4, 5];
const DIAGONAL: [usize; 4] = [2, 3, 6, 7];

const KING_STEPS: [(i8, i8); 8] = DIRECTIONS;

const SQUARES: usize = (FILES * RANKS) as usize;

/// The squares one step of each of `steps` away from every square.
const fn leaps(steps: [(i8, i8); 8]) -> [Bits; SQUARES] {
    let mut table = [0; SQUARES];
    let mut index = 0;
    while index < SQUARES {
        let file = (index % FILES as usize) as i8;
        let rank = (index / FILES as usize) as i8;
        let mut i = 0;
        while i < 8 {
            let (f, r) = (file + steps[i].0, rank + steps[i].1);
            if f >= 0 && f < FILES as i8 && r >= 0 && r < RANKS as i8 {
                table[index] |= 1 << (r as usize * FILES as usize + f as usize);
            }
            i += 1;
        }
        index += 1;
    }
    table
}

/// For each direction and square, the squares from that square (excluded) to the edge.
const fn rays() -> [[Bits; SQUARES]; 8] {
    let mut table = [[0; SQUARES]; 8];
    let mut d = 0;
    while d < 8 {
        let mut index = 0;
        while index < SQUARES {
            let (mut f, mut r) = (
                (index % FILES as usize) as i8,
                (index / FILES as usize) as i8,
            );
            loop {
                f += DIRECTIONS[d].0;
                r += DIRECTIONS[d].1;
                if f < 0 || f >= FILES as i8 || r < 0 || r >= RANKS as i8 {
                    break;
                }
                table[d][index] |= 1 << (r as usize * FILES as usize + f as usize);
            }
            index += 1;
        }
        d += 1;
    }
    table
}

static KNIGHT: [Bits; SQUARES] = leaps(KNIGHT_STEPS);
static KING: [Bits; SQUARES] = leaps(KING_STEPS);
static RAYS: [[Bits; SQUARES]; 8] = rays();

/// The squares a knight on `from` attacks.
pub fn knight(from: Square) -> Bits {
    KNIGHT[from.index() as usize]
}

/// The squares a king on `from` attacks.
pub fn king(from: Square) -> Bits {
    KING[from.index() as usize]
}

/// The squares along direction `d` from `from` up to and including the first occupied one.
fn ray(d: usize, from: Square, occupied: Bits) -> Bits {
    let ray = RAYS[d][from.index() as usize];
    let blockers = ray & occupied;
    if blockers == 0 {
        return ray;
    }
    let first = if rising(d) {
        blockers.trailing_zeros()
    } else {
        127 - blockers.leading_zeros()
    };
    ray ^ RAYS[d][first as usize]
}

/// The squares a rook on `from` attacks with `occupied` occupied.
pub fn rook(from: Square, occupied: Bits) -> Bits {
    STRAIGHT.iter().fold(0, |a, &d| a | ray(d, from, occupied))
}

/// The squares a bishop on `from` attacks with `occupied` occupied.
pub fn bishop(from: Square, occupied: Bits) -> Bits {
    DIAGONAL.iter().fold(0, |a, &d| a | ray(d, from, occupied))
}

/// The squares a pawn of `color` on `from` attacks (diagonally forward).
pub fn pawn(color: Color, from: Square) -> Bits {
    let forward = if color == Color::White { 1 } else { -1 };
    [-1, 1]
        .into_iter()
        .filter_map(|files| from.offset(files, forward))
        .fold(0, |a, s| a | s.bit())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ten::square::squares;

    fn names(bits: Bits) -> Vec<String> {
        squares(bits).map(|s| s.to_string()).collect()
    }

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn leapers_stay_on_the_board_and_reach_the_j_file() {
        assert_eq!(names(knight(sq("a1"))), ["c2", "b3"]);
        assert_eq!(names(knight(sq("j8"))), ["i6", "h7"]);
        assert_eq!(names(knight(sq("i1"))), ["g2", "h3", "j3"]);
        assert_eq!(names(king(sq("j1"))), ["i1", "i2", "j2"]);
        assert_eq!(knight(sq("e4")).count_ones(), 8);
        assert_eq!(king(sq("e4")).count_ones(), 8);
    }

    #[test]
    fn sliders_stop_on_the_first_occupied_square_and_never_wrap_around_a_rank() {
        // A rook on j1 alone: nine squares along the rank, seven up the file; none of rank 2.
        assert_eq!(rook(sq("j1"), 0).count_ones(), 16);
        assert_eq!(rook(sq("j1"), 0) & sq("a2").bit(), 0);
        let blockers = sq("e1").bit() | sq("j5").bit();
        assert_eq!(
            names(rook(sq("j1"), blockers)),
            ["e1", "f1", "g1", "h1", "i1", "j2", "j3", "j4", "j5"]
        );
        assert_eq!(names(bishop(sq("a1"), sq("d4").bit())), ["b2", "c3", "d4"]);
        assert_eq!(
            names(bishop(sq("j1"), 0)),
            ["i2", "h3", "g4", "f5", "e6", "d7", "c8"]
        );
        assert_eq!(names(pawn(Color::White, sq("j2"))), ["i3"]);
        assert_eq!(names(pawn(Color::Black, sq("a7"))), ["b6"]);
    }
}
