//! Castling without a pawn move: an exhaustive search for the fewest White moves that make
//! castling on one side legal while every pawn stays at home.
//!
//! With all pawns on the second rank, the bishops are shut in, the queen and rooks can only slide
//! along the first rank, and only knights can leave it. The king and the castling rook must not
//! move. The search therefore runs on the first rank alone, with one reduction: a knight that
//! jumps off the rank is gone for good. That loses nothing, for three reasons (checked against a
//! plain search on real squares for all 1,920 sides in `tests/start/no_pawn_plain.rs`):
//!
//! 1. a knight on the first rank can always jump to the third rank in one move (see
//!    [`knight_exit`]), and the third rank stays empty of everything but knights;
//! 2. a knight returning to the first rank only occupies a square, and removing a piece from the
//!    first rank never makes any other move illegal, so no shortest line brings a knight back;
//! 3. off the first rank a knight never blocks a rank-one slide or the castling squares.

use crate::chess::{Arrangement, CastlingPath, File, Piece, Square};
use crate::start::board::{WhiteBoard as Board, first_rank, plain_move};
use crate::start::line::Line;
use std::collections::HashMap;
use std::collections::VecDeque;
use std::collections::hash_map::Entry;

/// The first rank in the reduced search: what stands on each file, knights that left removed.
type FirstRank = [Option<Piece>; 8];

/// A move in the reduced search on the first rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RankMove {
    /// The knight on this file jumps off the first rank.
    KnightOut(File),
    /// The queen or the non-castling rook slides along the first rank.
    Slide { from: File, to: File },
}

/// The result for one side: the fewest preparatory moves and one line achieving them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Castling {
    /// White moves before the castling move (0 = castle at once).
    pub moves: usize,
    /// The preparatory moves followed by the castling move.
    pub line: Line,
}

/// Whether castling along `path` is legal in the reduced first rank: every square it needs
/// empty is empty but for king and rook.
fn castling_is_open(rank: &FirstRank, path: CastlingPath) -> bool {
    path.is_open(|file| rank[file as usize].is_some())
}

/// Every move of the reduced search from `rank`, in a fixed order so that results are
/// reproducible. The king and the castling rook never move; bishops cannot.
fn steps(rank: &FirstRank, castling_rook: File) -> Vec<RankMove> {
    let mut out = Vec::new();
    for from in File::ALL {
        match rank[from as usize] {
            Some(Piece::Knight) => out.push(RankMove::KnightOut(from)),
            Some(Piece::Queen) => slides(rank, from, &mut out),
            Some(Piece::Rook) if from != castling_rook => slides(rank, from, &mut out),
            _ => {}
        }
    }
    out
}

fn slides(rank: &FirstRank, from: File, out: &mut Vec<RankMove>) {
    for dir in [-1i8, 1] {
        let mut to = from as i8 + dir;
        while (0..8).contains(&to) && rank[to as usize].is_none() {
            out.push(RankMove::Slide {
                from,
                to: File::index(to as usize),
            });
            to += dir;
        }
    }
}

fn apply(rank: &FirstRank, step: RankMove) -> FirstRank {
    let mut next = *rank;
    match step {
        RankMove::KnightOut(file) => next[file as usize] = None,
        RankMove::Slide { from, to } => next[to as usize] = next[from as usize].take(),
    }
    next
}

/// Breadth-first search for the fewest moves that make castling along `path` legal with no
/// pawn move (`arrangement.castling(side)` for Chess960's castling, or a castling another rule
/// allows). `None` when no sequence of non-pawn moves ever makes it legal.
pub fn search(arrangement: &Arrangement, path: CastlingPath) -> Option<Castling> {
    let start: FirstRank = arrangement.pieces().map(Some);
    let castling_rook = path.rook_from();
    let mut parent: HashMap<FirstRank, Option<(FirstRank, RankMove)>> =
        HashMap::from([(start, None)]);
    let mut queue = VecDeque::from([start]);
    while let Some(rank) = queue.pop_front() {
        if castling_is_open(&rank, path) {
            let mut found = Vec::new();
            let mut at = rank;
            while let Some((prev, step)) = parent[&at] {
                found.push(step);
                at = prev;
            }
            found.reverse();
            return Some(Castling {
                moves: found.len(),
                line: realize(arrangement, path, &found),
            });
        }
        for step in steps(&rank, castling_rook) {
            let next = apply(&rank, step);
            if let Entry::Vacant(slot) = parent.entry(next) {
                slot.insert(Some((rank, step)));
                queue.push_back(next);
            }
        }
    }
    None
}

/// The third-rank square a knight on `file` of the first rank jumps to: towards the centre if
/// that square is free, else the other one. One of the two is always free, because only two
/// knights exist and a knight on the a- or h-file (one choice only) is never crowded out: the
/// other knight prefers the centre-ward square.
pub fn knight_exit(board: &Board, file: File) -> Square {
    let toward_centre: i8 = if file < File::E { 1 } else { -1 };
    [toward_centre, -toward_centre]
        .into_iter()
        .filter_map(|df| first_rank(file).try_offset(df, 2))
        .find(|&s| board.piece_on(s).is_none())
        .expect("a knight on the first rank always has a free third-rank square")
}

/// Turns a reduced path into real moves on a real board, ending with the castling move.
fn realize(arrangement: &Arrangement, path: CastlingPath, steps: &[RankMove]) -> Line {
    let mut line = Line::castling_along(arrangement, path);
    let mut board = line.start(arrangement);
    for &rank_move in steps {
        let mv = match rank_move {
            RankMove::KnightOut(file) => {
                debug_assert_eq!(board.piece_on(first_rank(file)), Some(Piece::Knight));
                plain_move(first_rank(file), knight_exit(&board, file))
            }
            RankMove::Slide { from, to } => plain_move(first_rank(from), first_rank(to)),
        };
        board
            .play(mv)
            .expect("reduced steps are legal on the real board");
        line.moves.push(mv);
    }
    line.moves.push(board.castling_move(path.side()));
    line
}
