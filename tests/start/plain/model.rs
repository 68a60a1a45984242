//! A plain search of the abstract model, written independently of the library's pawn-move
//! search and without any of its shortcuts (no normal forms, no domination, no canonical forms):
//! every man may leave ranks 1-2 and come back at any time; every position reachable
//! castle-free is enumerated in full, and every castled position is looked up in that set. A
//! castling is given by its landing squares and the squares it needs empty ([`Castling`]).
//!
//! The model (see analysis.md): ranks 1-2 exact; men beyond are in a pool; each pawn is home,
//! on rank 3, or beyond; a man leaves from rank 2 to a rank-3 square without a pawn (a knight
//! also from rank 1, and from rank 2 always via rank 4) and comes back the same way.

use super::Castling;
use crate::common::{BISHOP_DIRS, KING_DIRS, ROOK_DIRS};
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::BTreeMap;

const HOME: u8 = 0;
const THIRD: u8 = 1;
const BEYOND: u8 = 2;

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct State {
    cells: [u8; 16], // b'.' or a man's letter; index file + 8 * row, row 0 = rank 1
    pawns: [u8; 8],
}

fn third_free(s: &State, f: i32) -> bool {
    (0..8).contains(&f) && s.pawns[f as usize] != THIRD
}

fn empty(s: &State, f: i32, row: i32) -> bool {
    (0..8).contains(&f)
        && (0..2).contains(&row)
        && (row == 0 || s.pawns[f as usize] != HOME)
        && s.cells[(f + 8 * row) as usize] == b'.'
}

/// Whether a `man` on (f, row) can step off ranks 1-2, or come onto it from beyond.
fn gate(s: &State, man: u8, f: i32, row: i32) -> bool {
    match (man, row) {
        (b'N', 0) => third_free(s, f - 1) || third_free(s, f + 1),
        (b'N', _) => true,
        (_, 0) => false,
        (b'K' | b'Q', _) => third_free(s, f - 1) || third_free(s, f) || third_free(s, f + 1),
        (b'R', _) => third_free(s, f),
        (b'B', _) => third_free(s, f - 1) || third_free(s, f + 1),
        _ => false,
    }
}

fn count(s: &State, man: u8) -> usize {
    s.cells.iter().filter(|&&c| c == man).count()
}

fn light(i: usize) -> bool {
    (i % 8 + i / 8) % 2 == 1
}

/// All successors, with the men on `frozen` squares never moving.
fn successors(s: &State, frozen: &[usize], bound: usize, out: &mut Vec<State>) {
    out.clear();
    for i in 0..16 {
        let p = s.cells[i];
        if p == b'.' || frozen.contains(&i) {
            continue;
        }
        let (f, row) = ((i % 8) as i32, (i / 8) as i32);
        let (dirs, ride): (&[(i32, i32)], bool) = match p {
            b'K' => (&KING_DIRS, false),
            b'Q' => (&KING_DIRS, true),
            b'R' => (&ROOK_DIRS, true),
            b'B' => (&BISHOP_DIRS, true),
            _ => (&[(2, 1), (-2, 1), (2, -1), (-2, -1)], false),
        };
        for &(df, dr) in dirs {
            let (mut nf, mut nr) = (f + df, row + dr);
            while empty(s, nf, nr) {
                let mut n = *s;
                n.cells[(nf + 8 * nr) as usize] = p;
                n.cells[i] = b'.';
                out.push(n);
                if !ride {
                    break;
                }
                nf += df;
                nr += dr;
            }
        }
        if gate(s, p, f, row) {
            let mut n = *s;
            n.cells[i] = b'.';
            out.push(n);
        }
    }
    // Men coming back from the pool.
    for i in 0..16 {
        let (f, row) = ((i % 8) as i32, (i / 8) as i32);
        if !empty(s, f, row) {
            continue;
        }
        for (p, total) in [(b'K', 1), (b'Q', 1), (b'R', 2), (b'N', 2), (b'B', 2)] {
            let pooled = if p == b'B' {
                !(0..16).any(|j| s.cells[j] == b'B' && light(j) == light(i))
            } else {
                count(s, p) < total
            };
            if pooled && (row == 1 || p == b'N') && gate(s, p, f, row) {
                let mut n = *s;
                n.cells[i] = p;
                out.push(n);
            }
        }
    }
    let moved = s.pawns.iter().filter(|&&p| p != HOME).count();
    for f in 0..8 {
        let targets: &[u8] = match s.pawns[f] {
            HOME if moved < bound => &[THIRD, BEYOND],
            THIRD => &[BEYOND],
            _ => &[],
        };
        for &t in targets {
            let mut n = *s;
            n.pawns[f] = t;
            out.push(n);
        }
    }
}

/// A set of states, by pawn structure: what [`explore`] finds.
pub struct Reachable(FxHashMap<[u8; 8], FxHashSet<[u8; 16]>>);

impl Reachable {
    pub fn contains(&self, s: &State) -> bool {
        self.0
            .get(&s.pawns)
            .is_some_and(|cells| cells.contains(&s.cells))
    }

    /// Every state, in no particular order.
    pub fn states(&self) -> impl Iterator<Item = State> + '_ {
        self.0
            .iter()
            .flat_map(|(&pawns, cells)| cells.iter().map(move |&cells| State { cells, pawns }))
    }
}

/// How far the pawns have come (home 0, on rank 3 1, beyond 2, summed): every pawn move raises
/// it, and no other move changes the pawns.
fn advance(pawns: &[u8; 8]) -> usize {
    pawns.iter().map(|&p| usize::from(p)).sum()
}

/// Every state reachable from `start` without moving the men on `frozen`, enumerated in full.
///
/// Pawns never go back, so a state leads to states of its own pawn structure (the men's moves)
/// and of structures further advanced (pawn moves), never to one less advanced: the structures
/// are explored one at a time, least advanced first, each from every state found to enter it.
/// The set is the same as one search over all states would find; but with two pawn files it
/// holds millions of states, and inserting states is nearly all of the search's time, mostly
/// waiting for memory: one structure's states (tens of thousands) stay in the processor's
/// caches. It hashes with rustc-hash's fast hasher rather than std's SipHash (the same set
/// either way).
pub fn explore(start: State, frozen: &[usize], bound: usize) -> Reachable {
    // The structures found and not yet explored, least advanced first: the states found in
    // each, and those of them whose successors are still to be found.
    type Found = (FxHashSet<[u8; 16]>, Vec<[u8; 16]>);
    let mut pending: BTreeMap<(usize, [u8; 8]), Found> = BTreeMap::new();
    pending.insert(
        (advance(&start.pawns), start.pawns),
        (FxHashSet::from_iter([start.cells]), vec![start.cells]),
    );
    let mut explored = FxHashMap::default();
    let mut out = Vec::new();
    while let Some(((_, pawns), (mut seen, mut todo))) = pending.pop_first() {
        while let Some(cells) = todo.pop() {
            successors(&State { cells, pawns }, frozen, bound, &mut out);
            for n in &out {
                if n.pawns == pawns {
                    if seen.insert(n.cells) {
                        todo.push(n.cells);
                    }
                } else {
                    let (later, later_todo) =
                        pending.entry((advance(&n.pawns), n.pawns)).or_default();
                    if later.insert(n.cells) {
                        later_todo.push(n.cells);
                    }
                }
            }
        }
        explored.insert(pawns, seen);
    }
    Reachable(explored)
}

/// The state of `back_rank` on rank 1, every pawn home.
pub fn start(back_rank: &str) -> State {
    let mut cells = [b'.'; 16];
    for (f, c) in back_rank.bytes().enumerate() {
        cells[f] = c;
    }
    State {
        cells,
        pawns: [HOME; 8],
    }
}

/// The plain verdict on `castling`, given every state reachable with its king and rook
/// unmoved (`before`) and every state reachable at all without castling (`walks`).
pub fn verdict(castling: &Castling, before: &Reachable, walks: &Reachable) -> &'static str {
    let open = |s: &State| castling.empty.iter().all(|&f| s.cells[f] == b'.');
    if before.states().any(|s| open(&s) && s.pawns == [HOME; 8]) {
        return "no-pawn-move";
    }
    let mut castled_any = false;
    for s in before.states().filter(open) {
        castled_any = true;
        let mut p = s;
        p.cells[castling.king] = b'.';
        p.cells[castling.rook] = b'.';
        p.cells[castling.king_to] = b'K';
        p.cells[castling.rook_to] = b'R';
        if !walks.contains(&p) {
            return "after-pawn-move";
        }
    }
    if castled_any {
        "artificial-only"
    } else {
        "not-within-bound"
    }
}
