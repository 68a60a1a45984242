//! Four published Chess960 castling questions, each answered by a search of our own.
//!
//! Every module states the question's source, its precise definition in the model of this
//! crate (Black absent, White makes every move, no checks or captures), and why its search is
//! exhaustive. They use only the chess basics ([`crate::Arrangement`], [`crate::CastlingSide`],
//! [`crate::start::board`], [`crate::chess::Square`], [`crate::chess::Piece`]), so they can move with them.
//!
//! - [`fewest_any`]: fewest moves before castling with pawn moves allowed (Chess SE 25256).
//! - [`intact_rights`]: arrangements whose castling rights are provably intact whenever the
//!   start position is seen again (Puzzling SE 122388).
//! - [`castled_ranks`]: back ranks with both rooks on one side of the king, which only castling
//!   can produce (Puzzling SE 121794).
//! - [`other_rook`]: castling without ever moving the other rook (Chess SE 37082, "chess870").
//!
//! [`first_rank`] is the pawnless first-rank game shared by the second and third questions.

pub mod castled_ranks;
pub mod fewest_any;
pub mod first_rank;
pub mod intact_rights;
pub mod other_rook;

use crate::chess::arrangement::Arrangement;
use crate::chess::castling_side::ByCastlingSide;
use crate::chess::{Color, File, Piece, piece};
use crate::start::line::Line;
use fewest_any::Fewest;
use serde::{Serialize, Serializer};
use std::fmt;

/// An order of White's eight officers `KQRRBBNN` on the first rank, a-file first, kept as its
/// eight letters (`KRRQNBBN`): ordered as the letters are, which is the order the report lists
/// castled ranks in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct OfficerOrder([u8; 8]);

impl OfficerOrder {
    /// The order of a full first rank, `None` while a square is empty.
    ///
    /// ```
    /// use castle960::chess::Piece::{Bishop, King, Knight, Queen, Rook};
    /// use castle960::start::questions::OfficerOrder;
    /// let rank = [King, Rook, Rook, Queen, Knight, Bishop, Bishop, Knight].map(Some);
    /// let order = OfficerOrder::of_rank(&rank).unwrap();
    /// assert_eq!(order.as_str(), "KRRQNBBN");
    /// assert_eq!(order.bishop_files().map(|f| f.to_string()), ["f", "g"]);
    /// ```
    pub fn of_rank(rank: &[Option<Piece>; 8]) -> Option<OfficerOrder> {
        let mut letters = [0; 8];
        for (letter, piece) in letters.iter_mut().zip(rank) {
            *letter = piece::letter((*piece)?, Color::White) as u8;
        }
        Some(OfficerOrder(letters))
    }

    /// The eight letters, a-file first.
    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.0).expect("piece letters are ASCII")
    }

    /// The files of the two bishops, left one first.
    pub fn bishop_files(&self) -> [File; 2] {
        let mut files = File::ALL
            .into_iter()
            .filter(|&f| self.0[f as usize] == b'B');
        let first = files
            .next()
            .expect("an order of the officers has two bishops");
        [
            first,
            files
                .next()
                .expect("an order of the officers has two bishops"),
        ]
    }
}

/// The eight letters.
impl fmt::Display for OfficerOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Serialised as its eight letters.
impl Serialize for OfficerOrder {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// Every order of White's eight officers `KQRRBBNN` on the first rank with the bishops on
/// squares of opposite colours, the king anywhere, in letter order (5,040 orders, 2,880 of them
/// with opposite bishops): what published counts by patterns count from.
pub fn officer_orders() -> Vec<OfficerOrder> {
    fn extend(prefix: &mut Vec<u8>, left: &mut Vec<u8>, out: &mut Vec<OfficerOrder>) {
        if left.is_empty() {
            let bishops: Vec<usize> = (0..8).filter(|&f| prefix[f] == b'B').collect();
            if (bishops[0] + bishops[1]) % 2 == 1 {
                let letters = prefix.as_slice().try_into().expect("eight letters");
                out.push(OfficerOrder(letters));
            }
            return;
        }
        let mut tried = Vec::new();
        for i in 0..left.len() {
            let c = left[i];
            if tried.contains(&c) {
                continue;
            }
            tried.push(c);
            left.remove(i);
            prefix.push(c);
            extend(prefix, left, out);
            prefix.pop();
            left.insert(i, c);
        }
    }
    let mut out = Vec::new();
    extend(&mut Vec::new(), &mut b"BBKNNQRR".to_vec(), &mut out);
    out
}

/// The four questions' answers for one arrangement, as the report, `show` and `analysis.md`
/// use them. The third question is global (a castled rank may be reached from several
/// arrangements); each arrangement holds its own share, and the global list is the union
/// ([`castled_ranks::castled_ranks`] computes the same list with a witness per rank).
#[derive(Clone, Debug)]
pub struct Answers {
    /// Question 1: the fewest moves before castling, pawn moves allowed, with a shortest line.
    pub fewest_any: ByCastlingSide<Fewest>,
    /// Question 4: the same with the other side's rook never moving; `None` when impossible.
    pub keeping_other_rook: ByCastlingSide<Option<Fewest>>,
    /// Question 2: a game back to the start position with the king or both rooks moved; `None`
    /// when the rights are provably intact.
    pub rights_lost: Option<Line>,
    /// Question 3: the castled ranks this arrangement reaches, in letter order.
    pub castled_ranks: Vec<OfficerOrder>,
}

impl Answers {
    /// Answers the four questions for one arrangement; the pawnless first-rank game is explored
    /// once for the second and third.
    pub fn of(arrangement: &Arrangement) -> Answers {
        let explored = first_rank::explore(arrangement);
        Answers {
            fewest_any: ByCastlingSide::new(|side| fewest_any::fewest_any(arrangement, side)),
            keeping_other_rook: ByCastlingSide::new(|side| {
                other_rook::keeping_other_rook(arrangement, side)
            }),
            rights_lost: intact_rights::rights_lost_in(arrangement, &explored),
            castled_ranks: castled_ranks::reached_in(&explored),
        }
    }

    /// Question 2's per-arrangement answer: no game returns to the start position with the
    /// king or both rooks moved.
    pub fn rights_provably_intact(&self) -> bool {
        self.rights_lost.is_none()
    }

    /// Question 4's per-arrangement answer: neither castling requires moving the other rook.
    pub fn keeps_other_rooks(&self) -> bool {
        other_rook::counts(&self.keeping_other_rook)
    }
}
