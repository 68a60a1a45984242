//! A breadth-first search over real positions of the whole board, written independently of the
//! library's reduced no-pawn-move search (first rank only, leapers that leave are gone): pawns
//! stay home, knights roam ranks 3 to 8 and come back, the queen and the free rook move wherever
//! chess lets them, the king and the castling rook never move. On ten files (the CRC arrays)
//! the archbishop and the chancellor move as both their parts.

use super::Castling;
use crate::common::{BISHOP_DIRS, KING_DIRS, KNIGHT_JUMPS, ROOK_DIRS};
use rustc_hash::FxHashSet;
use std::collections::VecDeque;

/// A board `W` files wide: `[rank][file]`, a man's letter or `b'.'`.
type Board<const W: usize> = [[u8; W]; 8];

fn start<const W: usize>(back_rank: &str) -> Board<W> {
    let mut b = [[b'.'; W]; 8];
    for (file, letter) in back_rank.bytes().enumerate() {
        b[0][file] = letter;
        b[1][file] = b'P';
    }
    b
}

/// Every move of every man except pawns, the king and the castling rook, as (file, rank) pairs.
fn moves<const W: usize>(
    b: &Board<W>,
    frozen_rook: usize,
) -> Vec<((usize, usize), (usize, usize))> {
    let on_board = |f: i32, r: i32| (0..W as i32).contains(&f) && (0..8).contains(&r);
    let mut out = Vec::new();
    for r in 0..8 {
        for f in 0..W {
            let lines: &[(&[(i32, i32)], bool)] = match b[r][f] {
                b'N' => &[(&KNIGHT_JUMPS, false)],
                b'B' => &[(&BISHOP_DIRS, true)],
                b'R' if (f, r) != (frozen_rook, 0) => &[(&ROOK_DIRS, true)],
                b'Q' => &[(&KING_DIRS, true)],
                b'A' => &[(&BISHOP_DIRS, true), (&KNIGHT_JUMPS, false)],
                b'C' => &[(&ROOK_DIRS, true), (&KNIGHT_JUMPS, false)],
                _ => continue,
            };
            for &(dirs, ride) in lines {
                for &(df, dr) in dirs {
                    let (mut nf, mut nr) = (f as i32 + df, r as i32 + dr);
                    while on_board(nf, nr) && b[nr as usize][nf as usize] == b'.' {
                        out.push(((f, r), (nf as usize, nr as usize)));
                        if !ride {
                            break;
                        }
                        nf += df;
                        nr += dr;
                    }
                }
            }
        }
    }
    out
}

/// For each of `castlings` (all with the king and rook of one side of `back_rank`), the fewest
/// moves after which the squares it needs empty are empty, or `None` when no position reachable
/// without a pawn move has them empty.
pub fn fewest<const W: usize>(back_rank: &str, castlings: &[Castling]) -> Vec<Option<usize>> {
    fewest_within::<W>(back_rank, castlings, usize::MAX)
}

/// [`fewest`] among lines of at most `depth` moves: `None` also where only longer ones exist.
/// (On ten files four leapers roam the board and an exhaustive search takes too long.)
pub fn fewest_within<const W: usize>(
    back_rank: &str,
    castlings: &[Castling],
    depth_limit: usize,
) -> Vec<Option<usize>> {
    let frozen_rook = castlings[0].rook;
    assert!(castlings.iter().all(|c| c.rook == frozen_rook));
    let mut found = vec![None; castlings.len()];
    let mut seen = FxHashSet::from_iter([start::<W>(back_rank)]);
    let mut frontier = VecDeque::from([(start::<W>(back_rank), 0)]);
    while let Some((b, depth)) = frontier.pop_front() {
        for (c, slot) in castlings.iter().zip(&mut found) {
            if slot.is_none() && c.empty.iter().all(|&f| b[0][f] == b'.') {
                *slot = Some(depth);
            }
        }
        if found.iter().all(Option::is_some) || depth == depth_limit {
            if found.iter().all(Option::is_some) {
                break;
            }
            continue;
        }
        for ((ff, fr), (tf, tr)) in moves(&b, frozen_rook) {
            let mut next = b;
            next[tr][tf] = next[fr][ff];
            next[fr][ff] = b'.';
            if seen.insert(next) {
                frontier.push_back((next, depth + 1));
            }
        }
    }
    found
}
