//! A plain search of the abstract model, written independently of the library's pawn-move
//! search and without any of its shortcuts (no normal forms, no domination, no canonical forms):
//! every man may leave ranks 1-2 and come back at any time; every position reachable
//! castle-free is enumerated in full, and every castled position is looked up in that set. A
//! castling is given by its landing squares and the squares it needs empty ([`Castling`]).
//!
//! The model (see analysis.md): ranks 1-2 exact; men beyond are in a pool; each pawn is home,
//! on rank 3, or beyond; a man leaves from rank 2 to a rank-3 square without a pawn (a knight
//! also from rank 1, and from rank 2 always via rank 4) and comes back the same way. On ten
//! files (`W` = 10, the CRC arrays) the archbishop (A: bishop and knight) and the chancellor (C:
//! rook and knight) leave and come back as the knight does, and move as both their parts.

use super::Castling;
use super::key_set::{Cells, KeySet, pack, unpack};
use crate::common::{BISHOP_DIRS, KING_DIRS, ROOK_DIRS};
use rustc_hash::FxHashMap;
use std::collections::BTreeMap;

const HOME: u8 = 0;
const THIRD: u8 = 1;
const BEYOND: u8 = 2;

/// A state of the model on a board `W` files wide.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct State<const W: usize = 8> {
    cells: [[u8; W]; 2], // b'.' or a man's letter; [row][file], row 0 = rank 1
    pawns: [u8; W],
}

impl<const W: usize> State<W> {
    fn at(&self, i: usize) -> u8 {
        self.cells[i / W][i % W]
    }

    fn put(&mut self, i: usize, man: u8) {
        self.cells[i / W][i % W] = man;
    }
}

fn third_free<const W: usize>(s: &State<W>, f: i32) -> bool {
    (0..W as i32).contains(&f) && s.pawns[f as usize] != THIRD
}

fn empty<const W: usize>(s: &State<W>, f: i32, row: i32) -> bool {
    (0..W as i32).contains(&f)
        && (0..2).contains(&row)
        && (row == 0 || s.pawns[f as usize] != HOME)
        && s.cells[row as usize][f as usize] == b'.'
}

/// Whether a man leaves and comes back as a knight does: the knight, the archbishop and the
/// chancellor.
fn leaper(man: u8) -> bool {
    matches!(man, b'N' | b'A' | b'C')
}

/// Whether a `man` on (f, row) can step off ranks 1-2, or come onto it from beyond.
fn gate<const W: usize>(s: &State<W>, man: u8, f: i32, row: i32) -> bool {
    match (man, row) {
        (m, 0) if leaper(m) => third_free(s, f - 1) || third_free(s, f + 1),
        (m, _) if leaper(m) => true,
        (_, 0) => false,
        (b'K' | b'Q', _) => third_free(s, f - 1) || third_free(s, f) || third_free(s, f + 1),
        (b'R', _) => third_free(s, f),
        (b'B', _) => third_free(s, f - 1) || third_free(s, f + 1),
        _ => false,
    }
}

fn count<const W: usize>(s: &State<W>, man: u8) -> usize {
    s.cells.as_flattened().iter().filter(|&&c| c == man).count()
}

fn light<const W: usize>(i: usize) -> bool {
    (i % W + i / W) % 2 == 1
}

/// A knight's moves that stay on ranks 1-2.
const KNIGHT_FLAT: [(i32, i32); 4] = [(2, 1), (-2, 1), (2, -1), (-2, -1)];

/// How a man moves on ranks 1-2: lines and whether it rides them.
fn lines(man: u8) -> &'static [(&'static [(i32, i32)], bool)] {
    match man {
        b'K' => &[(&KING_DIRS, false)],
        b'Q' => &[(&KING_DIRS, true)],
        b'R' => &[(&ROOK_DIRS, true)],
        b'B' => &[(&BISHOP_DIRS, true)],
        b'A' => &[(&BISHOP_DIRS, true), (&KNIGHT_FLAT, false)],
        b'C' => &[(&ROOK_DIRS, true), (&KNIGHT_FLAT, false)],
        _ => &[(&KNIGHT_FLAT, false)],
    }
}

/// Every move of a man (a pawn move is no man's: see [`pawn_moves`]), with the men on `frozen`
/// squares never moving: the successors of `s` in its own pawn structure.
fn moves_of_men<const W: usize>(s: &State<W>, frozen: &[usize], out: &mut Vec<State<W>>) {
    out.clear();
    for i in 0..2 * W {
        let p = s.at(i);
        if p == b'.' || frozen.contains(&i) {
            continue;
        }
        let (f, row) = ((i % W) as i32, (i / W) as i32);
        for &(dirs, ride) in lines(p) {
            for &(df, dr) in dirs {
                let (mut nf, mut nr) = (f + df, row + dr);
                while empty(s, nf, nr) {
                    let mut n = *s;
                    n.put((nf + W as i32 * nr) as usize, p);
                    n.put(i, b'.');
                    out.push(n);
                    if !ride {
                        break;
                    }
                    nf += df;
                    nr += dr;
                }
            }
        }
        if gate(s, p, f, row) {
            let mut n = *s;
            n.put(i, b'.');
            out.push(n);
        }
    }
    // Men coming back from the pool. Whether a kind has a man there does not depend on the
    // square it comes back to, so it is found once for the state: a man of each kind but the
    // bishop when fewer than its number stand on ranks 1-2; a bishop (tried on every square) when
    // no bishop stands on a square of that square's colour.
    const MEN: [(u8, usize); 7] = [
        (b'K', 1),
        (b'Q', 1),
        (b'R', 2),
        (b'N', 2),
        (b'B', 2),
        (b'A', 1),
        (b'C', 1),
    ];
    let men = &MEN[..if W == 10 { 7 } else { 5 }];
    let mut pooled = [false; MEN.len()];
    for (k, &(p, total)) in men.iter().enumerate() {
        pooled[k] = p == b'B' || count(s, p) < total;
    }
    // Whether a bishop stands on a dark square, on a light one.
    let mut bishop_on = [false; 2];
    for j in 0..2 * W {
        if s.at(j) == b'B' {
            bishop_on[usize::from(light::<W>(j))] = true;
        }
    }
    for i in 0..2 * W {
        let (f, row) = ((i % W) as i32, (i / W) as i32);
        if !empty(s, f, row) {
            continue;
        }
        for (k, &(p, _)) in men.iter().enumerate() {
            let pooled = if p == b'B' {
                !bishop_on[usize::from(light::<W>(i))]
            } else {
                pooled[k]
            };
            if pooled && (row == 1 || leaper(p)) && gate(s, p, f, row) {
                let mut n = *s;
                n.put(i, p);
                out.push(n);
            }
        }
    }
}

/// The pawn structures one pawn move leads to from `pawns`, with pawns moved on at most `bound`
/// files. A pawn move changes no man's square (`cells`), only `pawns`, and whether it may be made
/// depends on the pawns alone, so every state of a structure leads to the state with the same
/// men on the same squares in each of these.
fn pawn_moves<const W: usize>(pawns: &[u8; W], bound: usize) -> Vec<[u8; W]> {
    let moved = pawns.iter().filter(|&&p| p != HOME).count();
    let mut out = Vec::new();
    for f in 0..W {
        let targets: &[u8] = match pawns[f] {
            HOME if moved < bound => &[THIRD, BEYOND],
            THIRD => &[BEYOND],
            _ => &[],
        };
        for &t in targets {
            let mut n = *pawns;
            n[f] = t;
            out.push(n);
        }
    }
    out
}

/// A set of states, by pawn structure: what [`explore`] finds.
pub struct Reachable<const W: usize = 8>(FxHashMap<[u8; W], KeySet>);

impl<const W: usize> Reachable<W> {
    pub fn contains(&self, s: &State<W>) -> bool {
        self.0
            .get(&s.pawns)
            .is_some_and(|cells| cells.contains(pack(&s.cells)))
    }

    /// Every state, in no particular order.
    pub fn states(&self) -> impl Iterator<Item = State<W>> + '_ {
        self.0.iter().flat_map(|(&pawns, cells)| {
            cells.iter().map(move |key| State {
                cells: unpack(key),
                pawns,
            })
        })
    }
}

/// How far the pawns have come (home 0, on rank 3 1, beyond 2, summed): every pawn move raises
/// it, and no other move changes the pawns.
fn advance<const W: usize>(pawns: &[u8; W]) -> usize {
    pawns.iter().map(|&p| usize::from(p)).sum()
}

/// Every state reachable from `start` without moving the men on `frozen`, enumerated in full.
///
/// Pawns never go back, so a state leads to states of its own pawn structure (the men's moves)
/// and of structures further advanced (pawn moves), never to one less advanced: the structures
/// are explored one at a time, least advanced first. A structure's states are those the men's
/// moves reach from its first states: the start, if it is the start's structure, and every
/// state of each structure one pawn move before it, with the same men on the same squares
/// ([`pawn_moves`]). The set is the same as one search over all states would find. With two pawn
/// files it holds millions of states, and inserting them is nearly all of the search's time,
/// mostly waiting for memory: one structure at a time keeps a smaller set in the caches, and
/// [`KeySet`] looks up a state's successors together.
pub fn explore<const W: usize>(start: State<W>, frozen: &[usize], bound: usize) -> Reachable<W> {
    // The structures met and not yet explored, least advanced first, each with the structures
    // one pawn move before it.
    let mut pending: BTreeMap<(usize, [u8; W]), Vec<[u8; W]>> = BTreeMap::new();
    pending.insert((advance(&start.pawns), start.pawns), Vec::new());
    let mut explored: FxHashMap<[u8; W], KeySet> = FxHashMap::default();
    let mut out = Vec::new();
    let mut same = Vec::new();
    while let Some(((_, pawns), before)) = pending.pop_first() {
        let mut first: Vec<Cells> = before
            .iter()
            .flat_map(|earlier| explored[earlier].iter())
            .collect();
        if pawns == start.pawns {
            first.push(pack(&start.cells));
        }
        first.sort_unstable();
        first.dedup();
        let mut seen = KeySet::default();
        seen.insert_all(&first, |_| {});
        let mut todo: Vec<[[u8; W]; 2]> = first.into_iter().map(unpack).collect();
        while let Some(cells) = todo.pop() {
            moves_of_men(&State { cells, pawns }, frozen, &mut out);
            same.clear();
            same.extend(out.iter().map(|n| pack(&n.cells)));
            seen.insert_all(&same, |i| todo.push(out[i].cells));
        }
        for later in pawn_moves(&pawns, bound) {
            pending
                .entry((advance(&later), later))
                .or_default()
                .push(pawns);
        }
        explored.insert(pawns, seen);
    }
    Reachable(explored)
}

/// The state of `back_rank` on rank 1, every pawn home, on a board as wide as the back rank.
pub fn start<const W: usize>(back_rank: &str) -> State<W> {
    assert_eq!(back_rank.len(), W, "a back rank of {W} files");
    let mut cells = [[b'.'; W]; 2];
    for (f, c) in back_rank.bytes().enumerate() {
        cells[0][f] = c;
    }
    State {
        cells,
        pawns: [HOME; W],
    }
}

/// The plain verdict on `castling`, given every state reachable with its king and rook
/// unmoved (`before`) and every state reachable at all without castling (`walks`).
pub fn verdict<const W: usize>(
    castling: &Castling,
    before: &Reachable<W>,
    walks: &Reachable<W>,
) -> &'static str {
    let open = |s: &State<W>| castling.empty.iter().all(|&f| s.cells[0][f] == b'.');
    if before.states().any(|s| open(&s) && s.pawns == [HOME; W]) {
        return "no-pawn-move";
    }
    let mut castled_any = false;
    for s in before.states().filter(open) {
        castled_any = true;
        let mut p = s;
        p.cells[0][castling.king] = b'.';
        p.cells[0][castling.rook] = b'.';
        p.cells[0][castling.king_to] = b'K';
        p.cells[0][castling.rook_to] = b'R';
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
