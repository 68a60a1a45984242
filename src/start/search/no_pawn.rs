//! Castling without a pawn move: an exhaustive search for the fewest White moves that make
//! castling on one side legal while every pawn stays at home, on a board of eight or ten files.
//!
//! With all pawns on the second rank, the bishops are shut in, the queen and rooks can only slide
//! along the first rank, and only the leapers can leave it: knights, and on ten files the
//! archbishop (whose diagonals the pawns close) and the chancellor (which may also slide along
//! the first rank). The king and the castling rook must not move. The search therefore runs on
//! the first rank alone, with one reduction: a leaper that jumps off the rank is gone for good.
//! That loses nothing, for three reasons (checked against a plain search on real squares for all
//! 1,920 sides in `tests/start/no_pawn_plain.rs`, and for the CRC arrays in `tests/start/crc.rs`):
//!
//! 1. a leaper on the first rank can always jump to a free square of the third rank in one move
//!    (see [`third_rank_landings`]), and the third rank stays empty of everything but leapers;
//! 2. a leaper returning to the first rank only occupies a square, and removing a piece from the
//!    first rank never makes any other move illegal, so no shortest line brings one back;
//! 3. off the first rank a leaper never blocks a rank-one slide or the castling squares.

use crate::chess::{Arrangement, CastlingPath, Geometry, Square};
use crate::start::board::{first_rank, plain_move};
use crate::start::line::Line;
use crate::start::search::model::{BackRank, CHANCELLOR, Kind, QUEEN, ROOK, leaps};
use std::collections::HashMap;
use std::collections::VecDeque;
use std::collections::hash_map::Entry;

/// The first rank in the reduced search: the kind on each file (0 for nothing), leapers that
/// left removed.
type FirstRank<const F: usize> = [Kind; F];

/// A move in the reduced search on the first rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RankMove {
    /// The leaper on this file jumps off the first rank.
    LeapOut(u8),
    /// The queen, the non-castling rook or the chancellor slides along the first rank.
    Slide {
        /// The file it leaves.
        from: u8,
        /// The file it stops on.
        to: u8,
    },
}

/// The result for one side: the fewest preparatory moves and one line achieving them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Castling {
    /// White moves before the castling move (0 = castle at once).
    pub moves: usize,
    /// The preparatory moves followed by the castling move.
    pub line: Line,
}

/// Whether `castle` is legal in the reduced first rank: every file it needs empty is empty.
fn castling_is_open<const F: usize>(rank: &FirstRank<F>, castle: Geometry) -> bool {
    (0..F).all(|file| castle.empty & 1 << file == 0 || rank[file] == 0)
}

/// Every move of the reduced search from `rank`, in a fixed order so that results are
/// reproducible: file by file, a leaper's jump before its slides. The king and the castling
/// rook never move; bishops and archbishops cannot slide.
fn steps<const F: usize>(rank: &FirstRank<F>, castling_rook: u8) -> Vec<RankMove> {
    let mut out = Vec::new();
    for from in 0..F as u8 {
        let kind = rank[from as usize];
        if leaps(kind) {
            out.push(RankMove::LeapOut(from));
        }
        let slides = matches!(kind, QUEEN | CHANCELLOR) || (kind == ROOK && from != castling_rook);
        if slides {
            for dir in [-1i8, 1] {
                let mut to = from as i8 + dir;
                while (0..F as i8).contains(&to) && rank[to as usize] == 0 {
                    out.push(RankMove::Slide { from, to: to as u8 });
                    to += dir;
                }
            }
        }
    }
    out
}

fn apply<const F: usize>(rank: &FirstRank<F>, step: RankMove) -> FirstRank<F> {
    let mut next = *rank;
    match step {
        RankMove::LeapOut(file) => next[file as usize] = 0,
        RankMove::Slide { from, to } => {
            next[to as usize] = next[from as usize];
            next[from as usize] = 0;
        }
    }
    next
}

/// Breadth-first search for the fewest moves that make `castle` legal with no pawn move from
/// the start of `array`, as moves of the reduced search. `None` when no sequence of non-pawn
/// moves ever makes it legal.
pub fn fewest<const F: usize>(array: &impl BackRank<F>, castle: Geometry) -> Option<Vec<RankMove>> {
    let start: FirstRank<F> = array.kinds();
    let mut parent: HashMap<FirstRank<F>, Option<(FirstRank<F>, RankMove)>> =
        HashMap::from([(start, None)]);
    let mut queue = VecDeque::from([start]);
    while let Some(rank) = queue.pop_front() {
        if castling_is_open(&rank, castle) {
            let mut found = Vec::new();
            let mut at = rank;
            while let Some((prev, step)) = parent[&at] {
                found.push(step);
                at = prev;
            }
            found.reverse();
            return Some(found);
        }
        for step in steps(&rank, castle.rook) {
            let next = apply(&rank, step);
            if let Entry::Vacant(slot) = parent.entry(next) {
                slot.insert(Some((rank, step)));
                queue.push_back(next);
            }
        }
    }
    None
}

/// Breadth-first search for the fewest moves that make castling along `path` legal with no
/// pawn move (`arrangement.castling(side)` for Chess960's castling, or a castling another rule
/// allows), on the standard board. `None` when no sequence of non-pawn moves ever makes it legal.
pub fn search(arrangement: &Arrangement, path: CastlingPath) -> Option<Castling> {
    let found = fewest(arrangement, path.geometry())?;
    Some(Castling {
        moves: found.len(),
        line: realize(arrangement, path, &found),
    })
}

/// The third-rank files the leapers of `steps` jump to, in the order they jump, on a board
/// `files` wide: each toward the centre if that square is free, else the other one; and if the
/// choice toward the centre would leave a later leaper no free square, the other one at once.
///
/// A free square always exists for every leaper in turn: a leaper on file `f` lands on `f - 1`
/// or `f + 1`, and for any set of leapers (on distinct files) the landing squares they could use
/// together number at least as many as they are (those of one file parity are `k` files with `k`
/// left or `k` right neighbours on the board), so by Hall's theorem all of them can be given
/// squares, and the choice above keeps that possible at every jump. (On eight files there are
/// two knights, and the square toward the centre, or else the other, is always free.)
pub fn third_rank_landings(steps: &[RankMove], files: u8) -> Vec<u8> {
    let leapers: Vec<u8> = steps
        .iter()
        .filter_map(|step| match *step {
            RankMove::LeapOut(file) => Some(file),
            RankMove::Slide { .. } => None,
        })
        .collect();
    let options = |file: u8| -> Vec<u8> {
        let toward_centre: i8 = if 2 * file + 1 < files { 1 } else { -1 };
        [toward_centre, -toward_centre]
            .into_iter()
            .map(|d| file as i8 + d)
            .filter(|&f| (0..files as i8).contains(&f))
            .map(|f| f as u8)
            .collect()
    };
    /// Whether the leapers of `rest` can each be given a free landing square.
    fn matchable(rest: &[u8], taken: &mut Vec<u8>, options: &impl Fn(u8) -> Vec<u8>) -> bool {
        let Some((&first, rest)) = rest.split_first() else {
            return true;
        };
        options(first).into_iter().any(|f| {
            if taken.contains(&f) {
                return false;
            }
            taken.push(f);
            let ok = matchable(rest, taken, options);
            taken.pop();
            ok
        })
    }
    let mut taken: Vec<u8> = Vec::new();
    for (i, &file) in leapers.iter().enumerate() {
        let free: Vec<u8> = options(file)
            .into_iter()
            .filter(|f| !taken.contains(f))
            .collect();
        let landing = free
            .into_iter()
            .find(|&f| {
                taken.push(f);
                let ok = matchable(&leapers[i + 1..], &mut taken, &options);
                taken.pop();
                ok
            })
            .expect("every leaper has a free third-rank square (Hall's theorem)");
        taken.push(landing);
    }
    taken
}

/// Turns a reduced path into real moves on the standard board, ending with the castling move.
fn realize(arrangement: &Arrangement, path: CastlingPath, steps: &[RankMove]) -> Line {
    let mut line = Line::castling_along(arrangement, path);
    let mut board = line.start(arrangement);
    let mut landings = third_rank_landings(steps, 8).into_iter();
    for &rank_move in steps {
        let file = |f: u8| crate::chess::File::index(f as usize);
        let mv = match rank_move {
            RankMove::LeapOut(from) => {
                let to = landings.next().expect("a landing for every leaper");
                plain_move(
                    first_rank(file(from)),
                    Square::new(file(to), crate::chess::Rank::Third),
                )
            }
            RankMove::Slide { from, to } => {
                plain_move(first_rank(file(from)), first_rank(file(to)))
            }
        };
        board
            .play(mv)
            .expect("reduced steps are legal on the real board");
        line.moves.push(mv);
    }
    line.moves.push(board.castling_move(path.side()));
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Leapers land toward the centre unless that would leave a later one without a square:
    /// on ten files, leapers on c1, g1 and e1 jump in that order; c1's takes d3, and g1's would
    /// take f3 but that would leave e1's none (d3 and f3 both gone), so it lands on h3, and
    /// e1's on f3.
    #[test]
    fn landings_leave_room_for_later_leapers() {
        let leap = RankMove::LeapOut;
        assert_eq!(
            third_rank_landings(&[leap(2), leap(6), leap(4)], 10),
            [3, 7, 5]
        );
        assert_eq!(third_rank_landings(&[leap(1), leap(6)], 8), [2, 5]);
        assert_eq!(third_rank_landings(&[leap(0), leap(2)], 8), [1, 3]);
        assert_eq!(third_rank_landings(&[leap(2), leap(0)], 8), [3, 1]);
        let slide = RankMove::Slide { from: 3, to: 4 };
        assert_eq!(third_rank_landings(&[slide, leap(9)], 10), [8]);
    }
}
