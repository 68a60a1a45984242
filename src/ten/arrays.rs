//! The start arrays of Capablanca Random Chess (CRC), numbered.
//!
//! Reinhard Scharnagl's own rules (his CRC page at The Chess Variant Pages,
//! <https://www.chessvariants.com/contests/10/crc.html>, and his proposal of 2004-11-26 in the
//! comments on Capablanca's Chess there): White's back rank holds K, Q, A (archbishop),
//! C (chancellor), two R, two B and two N, and Black mirrors it, with
//!
//! 1. the bishops on squares of different colours, and the queen and the archbishop (the
//!    "implicit bishops") on squares of different colours too;
//! 2. the king between the rooks;
//!
//! which leaves 48,000 arrays (his count), and
//!
//! 3. "only such positions without unprotected pawns": every pawn of the second rank defended
//!    by a man of the first.
//!
//! castle960 takes all three as CRC's definition: the third is part of the inventor's rules on
//! both pages, not an option, so [`arrays`] gives the 21,836 arrays that pass it ("more than
//! 20,000", Scharnagl wrote, 2005-01-08). Two restrictions were added later and are not applied
//! here, only offered ([`CrcArray::within_later_rules`]): no array with fewer than three
//! differences from Gothic Chess's `RNBQCKABNR` (a patent, since expired), and no neighbouring
//! bishops (added April 2006). With them the count is 12,118, the figure Wikipedia gives, which
//! the tests reproduce: an independent check of the reading of rule 3.
//!
//! # Numbering
//!
//! Scharnagl's page draws an array in steps, and castle960 numbers the 48,000 candidate arrays
//! by those steps as the digits of a mixed-radix number, first step most significant:
//! queen or archbishop on a light square (2: queen first), that piece's light square (5), the
//! other's dark square (5), the light bishop's square among the light squares left (4), the dark
//! bishop's (4), the chancellor's square among the six left (6), the knights' two squares among
//! the five left (10, in order (1st, 2nd), (1st, 3rd), ..., (4th, 5th)); the king takes the
//! middle of the three squares left and the rooks the outer two. Squares count from the a-file;
//! a1 is dark, so the light squares are b, d, f, h and j. [`CrcArray::candidate`] is that number
//! (0 to 47,999); [`arrays`] lists the CRC arrays in its order, and [`CrcArray::index`] is an
//! array's place in that list (0 to 21,835).

use super::attacks;
use super::board::Board;
use super::piece::Piece;
use super::square::{FILES, Square};
use super::variant::Variant;
use crate::chess::arrangement::KNIGHT_PAIRS;
use std::fmt;

/// How many candidate arrays rules 1 and 2 allow.
pub const CANDIDATES: u16 = 48_000;

/// One back rank of Capablanca Random Chess (or a candidate that fails rule 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CrcArray {
    candidate: u16,
    index: Option<u16>,
    rank: [Piece; 10],
}

impl CrcArray {
    /// The candidate array numbered `candidate` (0 to 47,999) by the module's numbering; its
    /// [`CrcArray::index`] is `None` (look it up in [`arrays`]). `None` from 48,000 on.
    pub fn candidate_from_number(candidate: u16) -> Option<CrcArray> {
        if candidate >= CANDIDATES {
            return None;
        }
        let mut n = candidate;
        let mut digit = |radix: u16| {
            let d = n % radix;
            n /= radix;
            d as usize
        };
        // Least significant first: the reverse of the steps.
        let knights = digit(10);
        let chancellor = digit(6);
        let dark_bishop = digit(4);
        let light_bishop = digit(4);
        let second = digit(5);
        let first = digit(5);
        let queen_light = digit(2) == 0;
        let mut rank: [Option<Piece>; 10] = [None; 10];
        let mut place = |piece: Piece, nth: usize, light: Option<bool>| {
            let file = (0..10)
                .filter(|&f| rank[f].is_none() && light.is_none_or(|l| (f % 2 == 1) == l))
                .nth(nth)
                .expect("the numbering leaves enough squares");
            rank[file] = Some(piece);
        };
        let (light_piece, dark_piece) = if queen_light {
            (Piece::Queen, Piece::Archbishop)
        } else {
            (Piece::Archbishop, Piece::Queen)
        };
        place(light_piece, first, Some(true));
        place(dark_piece, second, Some(false));
        place(Piece::Bishop, light_bishop, Some(true));
        place(Piece::Bishop, dark_bishop, Some(false));
        place(Piece::Chancellor, chancellor, None);
        let (k1, k2) = KNIGHT_PAIRS[knights];
        // The second knight's square counts among the squares left after the first's.
        place(Piece::Knight, k1, None);
        place(Piece::Knight, k2 - 1, None);
        for piece in [Piece::Rook, Piece::King, Piece::Rook] {
            place(piece, 0, None);
        }
        Some(CrcArray {
            candidate,
            index: None,
            rank: rank.map(|p| p.expect("every square filled")),
        })
    }

    /// The candidate number (0 to 47,999), by the module's numbering.
    pub fn candidate(&self) -> u16 {
        self.candidate
    }

    /// The array's place in [`arrays`] (0 to 21,835); `None` for a candidate that fails rule 3
    /// or was not taken from that list.
    pub fn index(&self) -> Option<u16> {
        self.index
    }

    /// The men from the a-file to the j-file.
    pub fn back_rank(&self) -> [Piece; 10] {
        self.rank
    }

    /// Rule 3: every pawn on the second rank is defended by a man of the first (sliders reach
    /// it in one step, so only the file beside or the file itself counts for them).
    pub fn pawns_protected(&self) -> bool {
        let rank2 = |f| Square::new(f, 1).expect("on the board");
        let occupied = super::square::rank_bits(0) | super::square::rank_bits(1);
        let mut defended = 0;
        for (file, &piece) in (0u8..).zip(&self.rank) {
            let from = Square::new(file, 0).expect("on the board");
            defended |= match piece {
                Piece::King => attacks::king(from),
                _ => {
                    let knight = piece.leaps_as_knight().then(|| attacks::knight(from));
                    let diagonal = piece
                        .slides_diagonally()
                        .then(|| attacks::bishop(from, occupied));
                    let straight = piece
                        .slides_straight()
                        .then(|| attacks::rook(from, occupied));
                    knight.unwrap_or(0) | diagonal.unwrap_or(0) | straight.unwrap_or(0)
                }
            };
        }
        (0..FILES).all(|f| defended & rank2(f).bit() != 0)
    }

    /// Whether the array also passes the two restrictions added after Scharnagl's rules (see
    /// the module documentation): at least three files differ from Gothic Chess's
    /// `RNBQCKABNR`, and the bishops do not stand side by side.
    pub fn within_later_rules(&self) -> bool {
        let gothic = "RNBQCKABNR";
        let differences = self
            .to_string()
            .chars()
            .zip(gothic.chars())
            .filter(|(a, b)| a != b)
            .count();
        let bishops: Vec<usize> = (0..10).filter(|&f| self.rank[f] == Piece::Bishop).collect();
        differences >= 3 && bishops[1] - bishops[0] != 1
    }

    /// The start position's FEN, with both castling rights of both colours (Shredder form).
    pub fn fen(&self) -> String {
        self.fen_against(self)
    }

    /// The FEN of the start position with this array for White and `black`'s for Black (a
    /// double-CRC start, as random games draw Black's array apart), with both castling rights
    /// of both colours (Shredder form).
    pub fn fen_against(&self, black: &CrcArray) -> String {
        let rights = |array: &CrcArray| -> String {
            let rooks: Vec<char> = (0u8..)
                .zip(&array.rank)
                .filter(|(_, p)| **p == Piece::Rook)
                .map(|(f, _)| char::from(b'A' + f))
                .collect();
            [rooks[1], rooks[0]].into_iter().collect()
        };
        format!(
            "{}/pppppppppp/10/10/10/10/PPPPPPPPPP/{self} w {}{} - 0 1",
            black.to_string().to_lowercase(),
            rights(self),
            rights(black).to_lowercase()
        )
    }

    /// The start position, as Capablanca Random Chess plays it.
    pub fn board(&self) -> Board {
        Board::from_fen(&self.fen(), Variant::CAPARANDOM).expect("a CRC start position is legal")
    }
}

/// The back rank in upper-case letters, a-file first (`RNBQCKABNR`).
impl fmt::Display for CrcArray {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.rank
            .iter()
            .try_for_each(|p| write!(f, "{}", p.letter()))
    }
}

/// Why a text names no CRC array.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CrcArrayError {
    /// A whole number past the last array's index.
    #[error("{} is out of range: a CRC array's number is a whole number from 0 to {}", crate::error::quote(.0), COUNT - 1)]
    OutOfRange(String),
    /// Ten letters that are no CRC array (wrong men, bishops or queen and archbishop on one
    /// colour, king outside the rooks, or an unprotected pawn).
    #[error("{} is not a CRC start array: one K, Q, A, C and two each of R, B, N, bishops (and queen and archbishop) on squares of both colours, the king between the rooks, and every pawn protected", crate::error::quote(.0))]
    NotAnArray(String),
    /// Neither a number nor ten letters.
    #[error("{} names no CRC array: give its number (0 to {}) or its back rank of ten letters, such as RNBQCKABNR", crate::error::quote(.0), COUNT - 1)]
    Unreadable(String),
}

/// How many CRC arrays there are (rules 1 to 3).
pub const COUNT: u16 = 21_836;

impl std::str::FromStr for CrcArray {
    type Err = CrcArrayError;

    /// An array by its [`CrcArray::index`] (`0` to `21835`) or its back rank (`RNBQCKABNR`,
    /// either case), as [`arrays`] lists it.
    fn from_str(text: &str) -> Result<CrcArray, CrcArrayError> {
        let t = text.trim();
        if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
            return t
                .parse::<u16>()
                .ok()
                .filter(|&i| i < COUNT)
                .and_then(|i| arrays().into_iter().nth(usize::from(i)))
                .ok_or_else(|| CrcArrayError::OutOfRange(text.to_string()));
        }
        if t.len() != 10 || !t.bytes().all(|b| b.is_ascii_alphabetic()) {
            return Err(CrcArrayError::Unreadable(text.to_string()));
        }
        let upper = t.to_ascii_uppercase();
        arrays()
            .into_iter()
            .find(|a| a.to_string() == upper)
            .ok_or_else(|| CrcArrayError::NotAnArray(text.to_string()))
    }
}

/// Every candidate array of rules 1 and 2, by candidate number (48,000).
pub fn candidates() -> impl Iterator<Item = CrcArray> {
    (0..CANDIDATES).filter_map(CrcArray::candidate_from_number)
}

/// Every Capablanca Random Chess start array (rules 1 to 3, 21,836), by candidate number, each
/// with its [`CrcArray::index`].
pub fn arrays() -> Vec<CrcArray> {
    candidates()
        .filter(CrcArray::pawns_protected)
        .zip(0u16..)
        .map(|(array, index)| CrcArray {
            index: Some(index),
            ..array
        })
        .collect()
}

#[cfg(test)]
mod tests;
