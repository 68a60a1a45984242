//! The pawnless first-rank game: every position White can reach without a pawn move, searched
//! on the first rank alone, castling included. Shared by [`super::intact_rights`] and
//! [`super::castled_ranks`], which ask what this game can reach, not how fast.
//!
//! With every pawn at home the second rank is full, so bishops never move, the king steps only
//! sideways, queen and rooks only slide along the first rank, and only knights leave it. A
//! position is therefore the first rank plus the castling rights; knights off the first rank are
//! simply *away*. The reduction is exact for reachability:
//!
//! 1. a knight on the first rank can always jump to the third rank (of its two third-rank
//!    squares the other knight occupies at most one, and if it sits on the only one, it moves
//!    off first);
//! 2. an away knight can come back to any empty first-rank square: ranks 3 to 5 are empty but for
//!    the other knight, a knight's walk there reaches every square, and a first-rank square is
//!    entered from one of the third-rank squares beside its file, unless the other knight
//!    stands there, in which case that knight enters instead (knights are interchangeable);
//! 3. off the first rank a knight never blocks a first-rank move.
//!
//! Rook identity: the castling rights belong to particular rooks. While the king has not moved,
//! neither rook can pass it (no piece passes another on the first rank), so the left rook is the
//! a-side one. Once the king has moved, no castling is possible any more, and the rooks' rights
//! are dropped from the state so that equal first ranks are one state.
//!
//! Realisation: [`realize`] turns a path of the reduced game into real moves, knights walking on
//! ranks 3 to 5 only, so that no line ever gives check to Black's king or captures (Black's men
//! can stand at home and pass).

use crate::chess::directions::KNIGHT_STEPS;
use crate::chess::{Arrangement, CastlingSide, File, Move, Piece, Rank, Square};
use crate::start::board::{WhiteBoard, first_rank, plain_move};
use crate::start::line::Line;
use std::collections::HashMap;
use std::collections::VecDeque;
use std::collections::hash_map::Entry;

/// A position of the pawnless game: the first rank (away knights left out) and the rights.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// What stands on each first-rank file, a-file first.
    pub rank: [Option<Piece>; 8],
    /// Whether the king never moved.
    pub king_unmoved: bool,
    /// Whether the left (a-side) and right (h-side) rook never moved; both false once the king
    /// moved.
    pub rooks_unmoved: [bool; 2],
}

impl State {
    /// The start position of `arrangement`.
    pub fn start(arrangement: &Arrangement) -> State {
        State {
            rank: arrangement.pieces().map(Some),
            king_unmoved: true,
            rooks_unmoved: [true, true],
        }
    }

    /// Whether all eight officers stand on the first rank (no knight away).
    pub fn is_full(&self) -> bool {
        self.rank.iter().all(Option::is_some)
    }
}

/// A move of the pawnless game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The knight on this file leaves the first rank.
    KnightOut(File),
    /// An away knight comes back to this (empty) file.
    KnightIn(File),
    /// King (one square), queen or rook slides along the first rank.
    Slide {
        /// The file the man leaves.
        from: File,
        /// The file it stops on.
        to: File,
    },
    /// Castling.
    Castle(CastlingSide),
}

/// Every move from `state`, in a fixed order, with the position it leads to.
fn successors(state: &State, arrangement: &Arrangement) -> Vec<(Step, State)> {
    let mut out = Vec::new();
    let away = 2 - state
        .rank
        .iter()
        .filter(|&&p| p == Some(Piece::Knight))
        .count();
    for file in File::ALL {
        match state.rank[file as usize] {
            Some(Piece::Knight) => out.push(Step::KnightOut(file)),
            Some(Piece::King) => {
                for to in [(file as usize).wrapping_sub(1), file as usize + 1] {
                    if let Some(to) = File::try_index(to)
                        && state.rank[to as usize].is_none()
                    {
                        out.push(Step::Slide { from: file, to });
                    }
                }
            }
            Some(Piece::Queen | Piece::Rook) => {
                for dir in [-1i8, 1] {
                    let mut to = file as i8 + dir;
                    while (0..8).contains(&to) && state.rank[to as usize].is_none() {
                        out.push(Step::Slide {
                            from: file,
                            to: File::index(to as usize),
                        });
                        to += dir;
                    }
                }
            }
            None if away > 0 => out.push(Step::KnightIn(file)),
            _ => {}
        }
    }
    for side in CastlingSide::BOTH {
        if can_castle(state, arrangement, side) {
            out.push(Step::Castle(side));
        }
    }
    out.into_iter()
        .map(|step| (step, apply(state, arrangement, step)))
        .collect()
}

/// Castling legality on the reduced rank: king and rook unmoved (so on their start files) and
/// every square from their starts to their ends empty but for them.
fn can_castle(state: &State, arrangement: &Arrangement, side: CastlingSide) -> bool {
    let index = side as usize;
    if !state.king_unmoved || !state.rooks_unmoved[index] {
        return false;
    }
    arrangement
        .castling(side)
        .is_open(|file| state.rank[file as usize].is_some())
}

fn apply(state: &State, arrangement: &Arrangement, step: Step) -> State {
    let mut next = *state;
    match step {
        Step::KnightOut(file) => next.rank[file as usize] = None,
        Step::KnightIn(file) => next.rank[file as usize] = Some(Piece::Knight),
        Step::Slide { from, to } => {
            let piece = next.rank[from as usize].take();
            next.rank[to as usize] = piece;
            if piece == Some(Piece::King) {
                next.king_unmoved = false;
            } else if piece == Some(Piece::Rook) && next.king_unmoved {
                // The left rook is the a-side one while the king never moved (see module docs).
                let left = state.rank[..from as usize].contains(&Some(Piece::Rook));
                next.rooks_unmoved[usize::from(left)] = false;
            }
        }
        Step::Castle(side) => {
            next.rank[arrangement.king_file() as usize] = None;
            next.rank[arrangement.rook_file(side) as usize] = None;
            next.rank[side.king_to_file() as usize] = Some(Piece::King);
            next.rank[side.rook_to_file() as usize] = Some(Piece::Rook);
            next.king_unmoved = false;
        }
    }
    if !next.king_unmoved {
        next.rooks_unmoved = [false, false];
    }
    next
}

/// Every position of the pawnless game reachable from the start of `arrangement`, breadth
/// first: the states in the order found (so results are reproducible) and, for each, the state
/// and step it was first reached by.
pub struct Explored {
    /// Reachable states in breadth-first order, the start first.
    pub order: Vec<State>,
    parent: HashMap<State, Option<(State, Step)>>,
}

impl Explored {
    /// The steps of a shortest path from the start to `state`, if reachable.
    pub fn path_to(&self, state: &State) -> Option<Vec<Step>> {
        let mut at = *state;
        let mut path = Vec::new();
        while let Some((prev, step)) = *self.parent.get(&at)? {
            path.push(step);
            at = prev;
        }
        path.reverse();
        Some(path)
    }
}

/// Explores the whole pawnless game of `arrangement` (a few thousand states at most).
pub fn explore(arrangement: &Arrangement) -> Explored {
    let start = State::start(arrangement);
    let mut parent = HashMap::from([(start, None)]);
    let mut order = vec![start];
    let mut queue = VecDeque::from([start]);
    while let Some(state) = queue.pop_front() {
        for (step, next) in successors(&state, arrangement) {
            if let Entry::Vacant(slot) = parent.entry(next) {
                slot.insert(Some((state, step)));
                order.push(next);
                queue.push_back(next);
            }
        }
    }
    Explored { order, parent }
}

/// Turns a path of the pawnless game into a real line from the start of `arrangement`. The line
/// is not necessarily shortest in real moves (a knight's walk back takes several), only legal.
pub fn realize(arrangement: &Arrangement, path: &[Step]) -> Line {
    let mut board = WhiteBoard::start(arrangement);
    let mut line = Line::default();
    let mut play = |board: &mut WhiteBoard, mv: Move| {
        board.play(mv).expect("realised steps are legal");
        line.moves.push(mv);
    };
    for &step in path {
        match step {
            Step::Slide { from, to } => {
                play(&mut board, plain_move(first_rank(from), first_rank(to)));
            }
            Step::Castle(side) => {
                let castling = board.castling_move(side);
                play(&mut board, castling)
            }
            Step::KnightOut(file) => {
                let from = first_rank(file);
                let exits: Vec<Square> = [-1, 1]
                    .into_iter()
                    .filter_map(|df| from.try_offset(df, 2))
                    .collect();
                let exit = match exits.iter().find(|&&s| board.piece_on(s).is_none()) {
                    Some(&s) => s,
                    None => {
                        // The other knight holds the only exit: it steps aside first.
                        let other = exits[0];
                        let aside = knight_steps(other)
                            .find(|&s| on_ranks_3_to_5(s) && board.piece_on(s).is_none())
                            .expect("a knight on the third rank always has a free square");
                        play(&mut board, plain_move(other, aside));
                        other
                    }
                };
                play(&mut board, plain_move(from, exit));
            }
            Step::KnightIn(file) => {
                for mv in knight_walk_in(&board, first_rank(file)) {
                    play(&mut board, mv);
                }
            }
        }
    }
    line
}

/// The squares a knight's move away from `from`.
fn knight_steps(from: Square) -> impl Iterator<Item = Square> {
    KNIGHT_STEPS
        .into_iter()
        .filter_map(move |(df, dr)| from.try_offset(df, dr))
}

/// Whether a square is on ranks 3 to 5, where away knights walk.
fn on_ranks_3_to_5(s: Square) -> bool {
    (Rank::Third..=Rank::Fifth).contains(&s.rank())
}

/// The shortest walk of an away knight over empty squares of ranks 3 to 5 to `target` (an
/// empty first-rank square), trying both away knights and taking the shorter walk.
fn knight_walk_in(board: &WhiteBoard, target: Square) -> Vec<Move> {
    let away: Vec<Square> = Square::ALL
        .into_iter()
        .filter(|&s| s.rank() >= Rank::Third && board.piece_on(s) == Some(Piece::Knight))
        .collect();
    away.iter()
        .filter_map(|&from| {
            let mut prev: HashMap<Square, Square> = HashMap::from([(from, from)]);
            let mut queue = VecDeque::from([from]);
            while let Some(at) = queue.pop_front() {
                if at == target {
                    let mut walk = Vec::new();
                    let mut sq = at;
                    while sq != from {
                        walk.push(plain_move(prev[&sq], sq));
                        sq = prev[&sq];
                    }
                    walk.reverse();
                    return Some(walk);
                }
                for next in knight_steps(at) {
                    let usable =
                        next == target || (on_ranks_3_to_5(next) && board.piece_on(next).is_none());
                    if usable && !prev.contains_key(&next) {
                        prev.insert(next, at);
                        queue.push_back(next);
                    }
                }
            }
            None
        })
        .min_by_key(Vec::len)
        .expect("an away knight can always walk back to an empty first-rank square")
}
