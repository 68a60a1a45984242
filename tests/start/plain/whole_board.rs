//! A breadth-first search over real positions of the whole board, written independently of the
//! library's reduced no-pawn-move search (first rank only, knights that leave are gone): pawns
//! stay home, knights roam ranks 3 to 8 and come back, the queen and the free rook move wherever
//! chess lets them, the king and the castling rook never move.

use super::Castling;
use crate::common::{BISHOP_DIRS, KING_DIRS, KNIGHT_JUMPS, ROOK_DIRS};
use rustc_hash::FxHashSet;
use std::collections::VecDeque;

type Board = [u8; 64];

fn start(back_rank: &str) -> Board {
    let mut b = [b'.'; 64];
    for (file, letter) in back_rank.bytes().enumerate() {
        b[file] = letter;
        b[8 + file] = b'P';
    }
    b
}

fn on_board(f: i32, r: i32) -> bool {
    (0..8).contains(&f) && (0..8).contains(&r)
}

/// Every move of every man except pawns, the king and the castling rook.
fn moves(b: &Board, frozen_rook: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for from in 0..64 {
        let (f, r) = ((from % 8) as i32, (from / 8) as i32);
        let (dirs, ride): (&[(i32, i32)], bool) = match b[from] {
            b'N' => (&KNIGHT_JUMPS, false),
            b'B' => (&BISHOP_DIRS, true),
            b'R' if from != frozen_rook => (&ROOK_DIRS, true),
            b'Q' => (&KING_DIRS, true),
            _ => continue,
        };
        for &(df, dr) in dirs {
            let (mut nf, mut nr) = (f + df, r + dr);
            while on_board(nf, nr) && b[(nf + 8 * nr) as usize] == b'.' {
                out.push((from, (nf + 8 * nr) as usize));
                if !ride {
                    break;
                }
                nf += df;
                nr += dr;
            }
        }
    }
    out
}

/// For each of `castlings` (all with the king and rook of one side of `back_rank`), the fewest
/// moves after which the squares it needs empty are empty, or `None` when no position reachable
/// without a pawn move has them empty.
pub fn fewest(back_rank: &str, castlings: &[Castling]) -> Vec<Option<usize>> {
    let frozen_rook = castlings[0].rook;
    assert!(castlings.iter().all(|c| c.rook == frozen_rook));
    let mut found = vec![None; castlings.len()];
    let mut seen = FxHashSet::from_iter([start(back_rank)]);
    let mut frontier = VecDeque::from([(start(back_rank), 0)]);
    while let Some((b, depth)) = frontier.pop_front() {
        for (c, slot) in castlings.iter().zip(&mut found) {
            if slot.is_none() && c.empty.iter().all(|&f| b[f] == b'.') {
                *slot = Some(depth);
            }
        }
        if found.iter().all(Option::is_some) {
            break;
        }
        for (from, to) in moves(&b, frozen_rook) {
            let mut next = b;
            next[to] = next[from];
            next[from] = b'.';
            if seen.insert(next) {
                frontier.push_back((next, depth + 1));
            }
        }
    }
    found
}
