//! The referee's tally: how many positions were checked, and how many of them differ, in their
//! moves or only in how the engine wrote castling. The command prints it; kept here so that
//! tests count with the same code.

use super::judge::Difference;
use std::fmt;

/// The positions checked so far, and how many of them differ.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// The positions checked.
    pub checked: usize,
    /// The positions whose moves differ ([`Difference::moves_differ`]).
    pub differ: usize,
    /// The positions where only the notation of castling differs.
    pub misnamed: usize,
}

impl Tally {
    /// Counts one position checked, with [`judge`](super::judge::judge)'s difference when the
    /// engine's answer differs.
    ///
    /// ```
    /// use castle960::referee::judge::judge;
    /// use castle960::referee::tally::Tally;
    /// use castle960::referee::Perft;
    /// use cozy_chess::Board;
    /// let board = Board::default();
    /// let mut moves = Vec::new();
    /// board.generate_moves(|m| { moves.extend(m.into_iter().map(|mv| (mv, 1))); false });
    /// let right = Perft { nodes: 20, moves, converted: Vec::new() };
    /// let short = Perft { nodes: 19, ..right.clone() };
    /// let mut tally = Tally::default();
    /// tally.count(judge(&board, &right, 1).as_ref());
    /// tally.count(judge(&board, &short, 1).as_ref());
    /// assert_eq!((tally.checked, tally.agree(), tally.differ), (2, 1, 1));
    /// ```
    pub fn count<M: PartialEq, R>(&mut self, difference: Option<&Difference<M, R>>) {
        self.checked += 1;
        match difference {
            Some(d) if d.moves_differ() => self.differ += 1,
            Some(_) => self.misnamed += 1,
            None => {}
        }
    }

    /// The positions where the engine and castle960 agree.
    pub fn agree(&self) -> usize {
        self.checked - self.differ - self.misnamed
    }

    /// The positions that differ in any way: in their moves or in the notation of castling.
    pub fn differences(&self) -> usize {
        self.differ + self.misnamed
    }
}

/// `9 agree, 1 differ, 0 agree but write castling as the king's destination`.
impl fmt::Display for Tally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} agree, {} differ, {} agree but write castling as the king's destination",
            self.agree(),
            self.differ,
            self.misnamed
        )
    }
}

#[cfg(test)]
mod tests {
    use super::super::judge::judge;
    use super::super::ours;
    use super::super::uci::Perft;
    use super::*;
    use cozy_chess::{Board, Move};

    /// castle960's own divide of `board` as an engine's answer.
    fn answer(board: &Board) -> Perft {
        let moves = ours::divide(board, 1);
        Perft {
            nodes: moves.len() as u64,
            moves,
            converted: Vec::new(),
        }
    }

    /// An agreeing answer, one without castling, and one that only wrote a castling as the
    /// king's destination are counted apart, and the text names each count.
    #[test]
    fn agreements_differences_and_misnamed_castlings_are_counted_apart() {
        let board = Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", true).unwrap();
        let right = answer(&board);
        let e1h1: Move = "e1h1".parse().unwrap();
        let mut no_castling = right.clone();
        no_castling.moves.retain(|&(mv, _)| mv != e1h1);
        no_castling.nodes -= 1;
        let misnamed = Perft {
            converted: vec![e1h1],
            ..right.clone()
        };
        let mut tally = Tally::default();
        for perft in [&right, &no_castling, &misnamed, &right] {
            tally.count(judge(&board, perft, 1).as_ref());
        }
        assert_eq!(
            tally,
            Tally {
                checked: 4,
                differ: 1,
                misnamed: 1
            }
        );
        assert_eq!((tally.agree(), tally.differences()), (2, 2));
        assert_eq!(
            tally.to_string(),
            "2 agree, 1 differ, 1 agree but write castling as the king's destination"
        );
    }
}
