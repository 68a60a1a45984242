//! Judging an engine's answer against castle960's: the castling moves each gives, and the move
//! count, for one position; and, where they differ, the FIDE rule that decides it, in
//! castle960's words (the reasons of [`crate::castling::explain`]).
//!
//! The engine's list of moves is checked too, not only its total: a list with a move twice, or
//! with a move that is no legal move, can carry the right total, and so can one that leaves a
//! legal move out for an illegal one. Each such fault is a difference, named with the rule of
//! a perft divide it breaks.

use super::position::Position;
use super::uci::Perft;
use itertools::Itertools;
use std::collections::HashMap;
use std::fmt;

/// A position where the engine and castle960 disagree; `M` is the board's move and `R` its
/// ruling (eight files by default, [`crate::ten::Move`] and [`super::ten::TenRuling`] on ten).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference<M = cozy_chess::Move, R = super::ours::Ruling> {
    /// The position, as a Shredder-FEN (as it was sent to the engine).
    pub fen: String,
    /// castle960's castling moves, king takes rook, in move order.
    pub ours: Vec<M>,
    /// The engine's castling moves, king takes rook.
    pub theirs: Vec<M>,
    /// castle960's count (perft to the depth asked: the number of moves at depth 1).
    pub our_count: u64,
    /// The engine's count.
    pub their_count: u64,
    /// Castling moves the engine wrote as the king's destination (`e1g1`) with `UCI_Chess960`
    /// on: a notation difference even where the moves agree.
    pub misnamed: Vec<M>,
    /// For each castling that one side lists and the other does not, what the rules say:
    /// castle960's verdict with every reason that stands.
    pub rulings: Vec<R>,
    /// What is wrong with the engine's list of moves itself, each fault with the rule of a
    /// perft divide it breaks (castlings aside: [`rulings`](Difference::rulings) judge those),
    /// in the engine's order.
    pub faults: Vec<Fault<M>>,
}

/// A fault of an engine's list of moves: a rule of a perft divide that the list breaks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault<M> {
    /// Each legal move is listed once, but this one is listed `times` times.
    Repeated {
        /// The move.
        mv: M,
        /// How many times it is listed.
        times: usize,
    },
    /// A move's count is the number of positions `depth` plies deep after it, but the engine's
    /// count of this move is not castle960's.
    Count {
        /// The move.
        mv: M,
        /// The depth asked for.
        depth: u32,
        /// castle960's count.
        ours: u64,
        /// The engine's count.
        theirs: u64,
    },
    /// Only legal moves are listed, but this one is no legal move here (castling aside).
    NotLegal(M),
    /// Every legal move is listed, but this one is missing (castling aside).
    Missing(M),
    /// The moves' counts add up to the total, but these do not.
    Sum {
        /// What the counts add up to.
        sum: u128,
        /// The engine's total.
        total: u64,
    },
}

/// The rule the list breaks, and how: `a divide lists each legal move once, but e2e4 is listed 2
/// times`.
impl<M: fmt::Display> fmt::Display for Fault<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Repeated { mv, times } => write!(
                f,
                "a divide lists each legal move once, but {mv} is listed {times} times"
            ),
            Fault::Count {
                mv,
                depth,
                ours,
                theirs,
            } => write!(
                f,
                "a move's count is the positions {depth} plies deep after it: {ours} after {mv}, \
                 but the engine counts {theirs}"
            ),
            Fault::NotLegal(mv) => write!(
                f,
                "a divide lists legal moves only, but {mv} is no legal move here"
            ),
            Fault::Missing(mv) => write!(f, "a divide lists every legal move, but {mv} is missing"),
            Fault::Sum { sum, total } => write!(
                f,
                "the moves' counts add up to the total, but they add up to {sum} and the total \
                 is {total}"
            ),
        }
    }
}

impl<M: PartialEq, R> Difference<M, R> {
    /// Whether the moves themselves differ (not only the notation of a castling).
    pub fn moves_differ(&self) -> bool {
        self.ours != self.theirs || self.our_count != self.their_count || !self.faults.is_empty()
    }
}

/// How many faults of an engine's list [`Difference`]'s text shows; the rest are counted.
const FAULTS_SHOWN: usize = 5;

/// The engine's answer for `board` (its `go perft depth`) judged against castle960's: `None`
/// when both give the same castling moves, the same count, the engine wrote its castlings as
/// the king taking its rook, and its list of moves is castle960's: each legal move once, with
/// castle960's count, and the counts adding up to the total.
///
/// ```
/// use castle960::referee::judge::judge;
/// use castle960::referee::Perft;
/// use cozy_chess::Board;
/// let board = Board::default();
/// let mut moves = Vec::new();
/// board.generate_moves(|m| { moves.extend(m.into_iter().map(|mv| (mv, 1))); false });
/// let agreeing = Perft { nodes: 20, moves, converted: Vec::new() };
/// assert!(judge(&board, &agreeing, 1).is_none());
/// let mut twice = agreeing.clone();
/// twice.moves.extend(agreeing.moves.clone());
/// assert!(judge(&board, &twice, 1).unwrap().moves_differ());
/// let short = Perft { nodes: 19, ..agreeing };
/// assert_eq!(judge(&board, &short, 1).unwrap().their_count, 19);
/// ```
pub fn judge<P: Position>(
    board: &P,
    perft: &Perft<P::Move>,
    depth: u32,
) -> Option<Difference<P::Move, P::Ruling>> {
    let mut ours = board.castling_moves();
    ours.sort_by_key(|m| m.to_string());
    let theirs: Vec<P::Move> = perft
        .moves
        .iter()
        .map(|&(mv, _)| mv)
        .filter(|&mv| board.is_castling(mv))
        .sorted_by_key(|m| m.to_string())
        .dedup()
        .collect();
    let divide = board.divide(depth);
    let our_count = divide.iter().map(|&(_, count)| count).sum();
    let faults = list_faults(board, &divide, perft, depth);
    if ours == theirs && our_count == perft.nodes && perft.converted.is_empty() && faults.is_empty()
    {
        return None;
    }
    let disputed: Vec<P::Move> = ours
        .iter()
        .filter(|m| !theirs.contains(m))
        .chain(theirs.iter().filter(|m| !ours.contains(m)))
        .copied()
        .collect();
    Some(Difference {
        fen: board.fen(),
        rulings: disputed.iter().map(|&mv| board.ruling(mv)).collect(),
        ours,
        theirs,
        our_count,
        their_count: perft.nodes,
        misnamed: perft.converted.clone(),
        faults,
    })
}

/// The faults of the engine's list of moves against castle960's divide `ours` (see
/// [`Difference::faults`]), each as the rule it breaks and how, in the engine's order.
fn list_faults<P: Position>(
    board: &P,
    ours: &[(P::Move, u64)],
    perft: &Perft<P::Move>,
    depth: u32,
) -> Vec<Fault<P::Move>> {
    let sum = perft
        .moves
        .iter()
        .fold(0u128, |sum, &(_, count)| sum + u128::from(count));
    // Nearly every answer is right: two sorted copies compared tell so at a small cost; only
    // a wrong list is looked at move by move, in the engine's order.
    let key = |&(mv, _): &(P::Move, u64)| P::move_key(mv);
    let mut theirs_sorted = perft.moves.clone();
    theirs_sorted.sort_unstable_by_key(key);
    let mut ours_sorted = ours.to_vec();
    ours_sorted.sort_unstable_by_key(key);
    if theirs_sorted == ours_sorted && sum == u128::from(perft.nodes) {
        return Vec::new();
    }
    let mut listed: Vec<(P::Move, u64, usize)> = Vec::new();
    let mut index: HashMap<P::Move, usize> = HashMap::new();
    for &(mv, count) in &perft.moves {
        match index.get(&mv) {
            Some(&i) => listed[i].2 += 1,
            None => {
                index.insert(mv, listed.len());
                listed.push((mv, count, 1));
            }
        }
    }
    let our_counts: HashMap<P::Move, u64> = ours.iter().copied().collect();
    let mut faults = Vec::new();
    for &(mv, count, times) in &listed {
        if times > 1 {
            faults.push(Fault::Repeated { mv, times });
        }
        match our_counts.get(&mv) {
            Some(&ours) if ours != count => faults.push(Fault::Count {
                mv,
                depth,
                ours,
                theirs: count,
            }),
            Some(_) => {}
            None if board.is_castling(mv) => {}
            None => faults.push(Fault::NotLegal(mv)),
        }
    }
    for &(mv, _) in ours {
        if !index.contains_key(&mv) && !board.is_castling(mv) {
            faults.push(Fault::Missing(mv));
        }
    }
    if sum != u128::from(perft.nodes) {
        faults.push(Fault::Sum {
            sum,
            total: perft.nodes,
        });
    }
    faults
}

/// The difference in a few lines: the position, both answers, and the rulings.
impl<M: fmt::Display + PartialEq, R: fmt::Display> fmt::Display for Difference<M, R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |moves: &[M]| {
            if moves.is_empty() {
                "none".to_string()
            } else {
                moves.iter().join(" ")
            }
        };
        writeln!(f, "{}", self.fen)?;
        writeln!(
            f,
            "  castle960: castling {}, {} moves",
            list(&self.ours),
            self.our_count
        )?;
        writeln!(
            f,
            "  engine:    castling {}, {} moves",
            list(&self.theirs),
            self.their_count
        )?;
        if !self.misnamed.is_empty() {
            writeln!(
                f,
                "  the engine wrote {} as the king's destination although UCI_Chess960 is on",
                list(&self.misnamed)
            )?;
        }
        for ruling in &self.rulings {
            writeln!(f, "  rule: {ruling}")?;
        }
        for fault in self.faults.iter().take(FAULTS_SHOWN) {
            writeln!(f, "  rule: {fault}")?;
        }
        if self.faults.len() > FAULTS_SHOWN {
            writeln!(
                f,
                "  and {} more faults in the engine's list",
                self.faults.len() - FAULTS_SHOWN
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::ours;
    use super::*;
    use cozy_chess::{Board, Move};

    /// castle960's own divide of `board` as an engine's answer.
    fn answer(board: &Board, depth: u32) -> Perft {
        let moves = ours::divide(board, depth);
        Perft {
            nodes: moves.iter().map(|&(_, count)| count).sum(),
            moves,
            converted: Vec::new(),
        }
    }

    /// The faults of the engine's answer, in words.
    fn faults(board: &Board, perft: &Perft, depth: u32) -> Vec<String> {
        let difference = judge(board, perft, depth).expect("a difference");
        assert!(difference.moves_differ());
        difference.faults.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn a_right_list_agrees_at_depth_one_and_two() {
        let board = Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", true).unwrap();
        for depth in [1, 2] {
            assert_eq!(judge(&board, &answer(&board, depth), depth), None);
        }
    }

    /// Each wrong list keeps the right total, which alone was judged before.
    #[test]
    fn a_wrong_list_with_the_right_total_differs_with_its_rule() {
        let board = Board::default();
        let right = answer(&board, 1);
        let mut twice = right.clone();
        twice.moves.extend(right.moves.clone());
        let found = faults(&board, &twice, 1);
        assert_eq!(found.len(), 21, "{found:?}");
        assert!(found[0].ends_with("is listed 2 times"), "{found:?}");
        assert!(
            found[20].contains("add up to 40 and the total is 20"),
            "{found:?}"
        );

        let a1a1: Move = "a1a1".parse().unwrap();
        let mut extra = right.clone();
        extra.moves.push((a1a1, 1));
        let found = faults(&board, &extra, 1);
        assert_eq!(
            found,
            [
                "a divide lists legal moves only, but a1a1 is no legal move here",
                "the moves' counts add up to the total, but they add up to 21 and the total is 20"
            ]
        );

        let mut swapped = right.clone();
        let (left_out, _) = swapped.moves.pop().unwrap();
        swapped.moves.push((a1a1, 1));
        let found = faults(&board, &swapped, 1);
        assert_eq!(
            found,
            [
                "a divide lists legal moves only, but a1a1 is no legal move here".to_string(),
                format!("a divide lists every legal move, but {left_out} is missing"),
            ]
        );
    }

    #[test]
    fn a_moves_count_off_at_depth_two_differs_even_when_the_total_is_right() {
        let board = Board::default();
        let mut shifted = answer(&board, 2);
        shifted.moves[0].1 += 1;
        shifted.moves[1].1 -= 1;
        let found = faults(&board, &shifted, 2);
        assert_eq!(found.len(), 2, "{found:?}");
        assert!(
            found[0].contains("20 after") && found[0].ends_with("the engine counts 21"),
            "{found:?}"
        );
    }

    #[test]
    fn the_text_shows_a_few_faults_and_counts_the_rest() {
        let board = Board::default();
        let mut twice = answer(&board, 1);
        twice.moves.extend(twice.moves.clone());
        let text = judge(&board, &twice, 1).unwrap().to_string();
        assert_eq!(text.matches("  rule: ").count(), FAULTS_SHOWN, "{text}");
        assert!(
            text.ends_with("  and 16 more faults in the engine's list\n"),
            "{text}"
        );
    }
}
