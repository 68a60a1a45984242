//! The fewest-moves search of [`super::later`], apart from any board: iterative-deepening A*
//! with a transposition table and a node budget. The eight-file board (cozy-chess) and the
//! ten-file board ([`crate::ten::castling::later`]) each say what a position, a move, a lower
//! bound and a position's children are ([`StandStill`]); the deepening, the table and the
//! reasons the search stops are this one definition, so that both boards answer by the same
//! rules and find the same kind of shortest line.

use super::later::Limits;
use crate::chess::Rule;
use std::collections::HashMap;
use std::hash::{BuildHasher, Hash};

/// What both boards search for: one castling `C` (the board's own type) under a rule.
pub(crate) struct Goal<C> {
    /// The castling.
    pub castling: C,
    /// The rule it is judged under.
    pub rule: Rule,
}

/// One board's side of the search: positions with the castling colour to move (the opponent
/// having passed), their moves and the lower bound of the module documentation of
/// [`super::later`].
pub(crate) trait StandStill {
    /// A position, the castling colour to move.
    type Position;
    /// One own move.
    type Move: Clone;
    /// What the transposition table knows a position by.
    type Key: Hash + Eq;
    /// How the table hashes its keys.
    type Hasher: BuildHasher + Default;
    /// The board's answer ([`super::Later`], [`crate::ten::castling::TenLater`]).
    type Answer;

    /// Whether the castling is legal in `position` (the line may end there).
    fn clear(&self, position: &Self::Position) -> bool;

    /// The admissible, consistent lower bound `h` of the moves still needed; `None` for
    /// infinity (no line from here).
    fn lower_bound(&self, position: &Self::Position) -> Option<usize>;

    /// The table's key of `position`.
    fn key(&self, position: &Self::Position) -> Self::Key;

    /// Every allowed own move from `position` (none giving check, king and castling rook
    /// staying put) with the position after it and the opponent's pass, and that position's
    /// lower bound, in the board's move order; a child with an infinite bound is left out.
    fn children(&self, position: &Self::Position) -> Vec<(usize, Self::Move, Self::Position)>;

    /// The answer for a shortest `line` from `start` (empty: legal at the start).
    fn fewest(&self, start: &Self::Position, line: Vec<Self::Move>) -> Self::Answer;

    /// The answer "no line of at most `moves` own moves" ([`super::Later::MoreThan`]).
    fn more_than(&self, moves: usize, budget_exhausted: bool) -> Self::Answer;

    /// The answer "no line of any length" ([`super::NeverWhy::NoLine`]).
    fn no_line(&self) -> Self::Answer;
}

/// What one deepening step found below a position.
enum Outcome {
    /// A line to a legal castling; its moves are in `Search::line`, last move first.
    Found,
    /// No line within the bound; `cut` when the bound (not a dead end) stopped some line.
    Failed { cut: bool },
    /// The node budget ran out.
    OutOfNodes,
}

/// A position proven hopeless at any budget, in the transposition table.
const HOPELESS: u8 = u8::MAX;

/// The state of one search.
struct Search<'a, P: StandStill> {
    problem: &'a P,
    limits: Limits,
    nodes: u64,
    /// Key -> the largest remaining budget searched without success, or [`HOPELESS`].
    table: HashMap<P::Key, u8, P::Hasher>,
    /// The line found, last move first.
    line: Vec<P::Move>,
}

/// The fewest own moves from `start` until `problem`'s castling is legal, within `limits`,
/// as `problem`'s answer.
pub(crate) fn fewest<P: StandStill>(
    problem: &P,
    start: &P::Position,
    limits: &Limits,
) -> P::Answer {
    if problem.clear(start) {
        return problem.fewest(start, Vec::new());
    }
    let Some(first) = problem.lower_bound(start) else {
        return problem.no_line();
    };
    // No line is shorter than `first`, and at least one move is needed here (the castling is
    // not legal now).
    let first = first.max(1);
    let mut search = Search {
        problem,
        limits: *limits,
        nodes: 0,
        table: HashMap::default(),
        line: Vec::new(),
    };
    let mut proven = first - 1;
    for bound in first..=limits.max_moves {
        match search.dfs(start, 0, bound) {
            Outcome::Found => {
                search.line.reverse();
                return problem.fewest(start, search.line);
            }
            Outcome::Failed { cut: false } => return problem.no_line(),
            Outcome::Failed { cut: true } => proven = bound,
            Outcome::OutOfNodes => return problem.more_than(proven, true),
        }
    }
    problem.more_than(proven, false)
}

impl<P: StandStill> Search<'_, P> {
    /// Depth-first search below `position` (our move), `done` moves made, at most `bound` in
    /// all.
    fn dfs(&mut self, position: &P::Position, done: usize, bound: usize) -> Outcome {
        if done > 0 && self.problem.clear(position) {
            return Outcome::Found;
        }
        self.nodes += 1;
        if self.nodes > self.limits.max_nodes {
            return Outcome::OutOfNodes;
        }
        let budget = bound - done;
        let key = self.problem.key(position);
        match self.table.get(&key) {
            Some(&HOPELESS) => return Outcome::Failed { cut: false },
            Some(&searched) if usize::from(searched) >= budget => {
                return Outcome::Failed { cut: true };
            }
            _ => {}
        }
        let mut children = self.problem.children(position);
        children.sort_by_key(|(h, _, _)| *h);
        let mut cut = false;
        for (h, mv, child) in &children {
            if done + 1 + h > bound {
                cut = true;
                break;
            }
            match self.dfs(child, done + 1, bound) {
                Outcome::Found => {
                    self.line.push(mv.clone());
                    return Outcome::Found;
                }
                Outcome::Failed { cut: c } => cut |= c,
                Outcome::OutOfNodes => return Outcome::OutOfNodes,
            }
        }
        let entry = if cut {
            u8::try_from(budget).unwrap_or(HOPELESS - 1)
        } else {
            HOPELESS
        };
        self.table.insert(key, entry);
        Outcome::Failed { cut }
    }
}
