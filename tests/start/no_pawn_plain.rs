//! The reduced no-pawn-move search (first rank only, knights that leave are gone) against a plain
//! breadth-first search over real squares of the whole board, written independently here:
//! knights may roam ranks 3 to 8 and come back, the queen and the free rook move wherever chess
//! lets them. Both must give the same fewest number of moves, or both none, for all 1,920 sides.

use crate::common;

use castle960::start::search::no_pawn;
use castle960::{Arrangement, CastlingSide};
use common::{BISHOP_DIRS, KING_DIRS, KNIGHT_JUMPS, ROOK_DIRS};
use rayon::prelude::*;
use std::collections::{HashSet, VecDeque};

type Board = [u8; 64];

fn start(a: &Arrangement) -> Board {
    let mut b = [b'.'; 64];
    for (file, letter) in a.to_string().bytes().enumerate() {
        b[file] = letter;
        b[8 + file] = b'P';
    }
    b
}

fn on_board(f: i32, r: i32) -> bool {
    (0..8).contains(&f) && (0..8).contains(&r)
}

/// Every move of every piece except pawns, the king and the castling rook.
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

fn castling_open(b: &Board, a: &Arrangement, side: CastlingSide) -> bool {
    let (k, r) = (a.king_file() as usize, a.rook_file(side) as usize);
    let (kt, rt) = (side.king_to_file() as usize, side.rook_to_file() as usize);
    let lo = k.min(r).min(kt).min(rt);
    let hi = k.max(r).max(kt).max(rt);
    (lo..=hi).all(|f| f == k || f == r || b[f] == b'.')
}

/// Fewest moves to make castling legal, by plain BFS over whole-board positions.
fn plain_fewest(a: &Arrangement, side: CastlingSide) -> Option<usize> {
    let frozen_rook = a.rook_file(side) as usize;
    let mut seen = HashSet::from([start(a)]);
    let mut frontier = VecDeque::from([(start(a), 0)]);
    while let Some((b, depth)) = frontier.pop_front() {
        if castling_open(&b, a, side) {
            return Some(depth);
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
    None
}

#[test]
fn reduced_search_equals_plain_search_on_all_1920_sides() {
    let arrangements: Vec<Arrangement> = Arrangement::all().collect();
    let mismatches: Vec<String> = arrangements
        .par_iter()
        .flat_map_iter(|a| {
            CastlingSide::BOTH.into_iter().filter_map(move |side| {
                let reduced = no_pawn::search(a, a.castling(side)).map(|c| c.moves);
                let plain = plain_fewest(a, side);
                (reduced != plain)
                    .then(|| format!("SP {} {side}: reduced {reduced:?}, plain {plain:?}", a.sp()))
            })
        })
        .collect();
    assert!(mismatches.is_empty(), "{mismatches:#?}");
}

#[test]
fn plain_search_sanity() {
    // RNBQKBNR: the h-side needs Nf3 (or Nh3) and the bishop cannot move: impossible.
    let standard = Arrangement::from_sp(518).unwrap();
    assert_eq!(plain_fewest(&standard, CastlingSide::H), None);
    // BQNNRKRB (SP 3): the h-side castles at once.
    assert_eq!(
        plain_fewest(&Arrangement::from_sp(3).unwrap(), CastlingSide::H),
        Some(0)
    );
}
