//! Exact shortest games on the real White-only board, for the games the report shows where the
//! verdict leaves a choice.
//!
//! Two questions, one search:
//!
//! * [`walk_to`]: the fewest White moves from the start to a given placement without castling.
//!   An artificial-only side shows the shortest castling game (the fewest moves before castling,
//!   [`crate::start::questions::fewest_any`]) and, from this search, the shortest castle-free
//!   game ending with every man on the same square.
//! * [`castle_into`]: the fewest White moves, castling last, into a castled position that the
//!   pawn-move analysis's model cannot tell apart from a given one (same men on ranks 1 and 2,
//!   same pawn on each file at home, on rank 3 or beyond; pieces beyond rank 2 anywhere). An
//!   after-pawn-move side must show a castled position that no castle-free game reaches; every
//!   position the model cannot tell apart from the search's witness is such a position (the
//!   model over-approximates, see [`crate::start::search::pawn`]), so this is the search's
//!   witness without detours.
//!
//! **Scope.** White's men keep to ranks 1 to 5, as in every game castle960 shows: Black's men
//! then stand untouched on ranks 7 and 8 and the games replay as PGN games with Black's waiting
//! moves ([`crate::notation::pgn`]). "Shortest" means shortest among such games.
//!
//! # The search and why it is exact
//!
//! A* over placements of ranks 1-5 (no captures, so a placement is all there is: the king and
//! rooks of a castle-free game never castle, and [`castle_into`] never moves the castling king
//! and rook before castling). The estimate of the moves still needed is
//!
//! `h = Σ over files (fewest pushes taking that file's pawn to a rank the goal allows)
//!    + Σ over piece kinds (the least total, over the ways of sending the men of that kind to
//!      the goal's squares for that kind one man each, of each man's empty-board distance)`,
//!
//! where a man's *empty-board distance* to a square is the fewest moves that piece needs on an
//! empty board of ranks 1-5, and a goal square "anywhere beyond rank 2" counts the distance to
//! the nearest square of ranks 3-5.
//!
//! *Admissible.* In any game that reaches the goal, every man of a kind ends on a different goal
//! square of that kind, so the men are sent to the goal squares one each; each man needs at
//! least its empty-board distance (every move on the real board is a move on the empty board:
//! other men only take moves away, and the game keeps to ranks 1-5), and every move moves one
//! man, so moves of different men are different moves. A pawn needs at least the fewest pushes
//! to an allowed rank. So `h` never exceeds the moves a game still needs.
//!
//! *Consistent.* A move moves one man by one move of the empty board, so each of its distances
//! changes by at most one (the distance to the nearest of several squares too); so does every
//! sum over ways of sending, and hence their least. A push lowers its pawn's fewest pushes by at
//! most one. So `h` drops by at most one per move, and is 0 exactly at the goal.
//!
//! With a consistent estimate, A* that tests for the goal when it takes a placement from the
//! queue, and expands each placement at most once with its least known number of moves, returns
//! a shortest game (Hart, Nilsson and Raphael 1968). Ties are broken by more moves made, then by
//! the order of discovery, and moves are generated in a fixed order, so the game found is the
//! same on every run. A search that creates more than its budget of placements gives up with
//! [`GaveUp`] rather than run out of memory; the caller says so and shows another game.

use crate::chess::directions;
use crate::chess::{Arrangement, CastlingSide, File, Move, Piece, Rank, Square};
use crate::start::board::{WhiteBoard as Board, castling_move, first_rank, plain_move};
use crate::start::line::Line;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::OnceLock;

mod index;
use index::{Index, Seen};

/// The squares the searches use: ranks 1 to 5, a1 to h5, indexed as cozy-chess indexes them.
const SQUARES: usize = 40;
/// The highest rank White's men use.
const TOP: Rank = Rank::Fifth;
/// "Not reachable" in the distance tables and estimates.
const FAR: u8 = u8::MAX;

/// The default budget: how many placements a search may create before it gives up. At most
/// about 120 bytes each (its node, its share of an index at most half full and just doubled,
/// its queue entry), so a search stays below about 360 megabytes at worst.
pub const DEFAULT_BUDGET: usize = 3_000_000;

/// A search that created its whole budget of placements without reaching the goal: no game is
/// proved shortest, and the caller must say so.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the shortest-game search gave up after {placements} placements")]
pub struct GaveUp {
    /// How many placements the search created.
    pub placements: usize,
}

/// A man's code in a packed placement: 0 for an empty square, cozy-chess's piece index plus one.
const fn code(piece: Piece) -> u8 {
    piece as u8 + 1
}

/// The kinds of piece whose men the estimate sends to goal squares, with their codes' order.
const KINDS: [Piece; 5] = [
    Piece::Knight,
    Piece::Bishop,
    Piece::Rook,
    Piece::Queen,
    Piece::King,
];

/// A placement of ranks 1-5, three bits a square.
type Key = u128;

/// A [`Key`] as the search stores it, in its nodes and its index: two words, aligned as a word
/// is, so that a node and an index entry take 24 bytes rather than the 32 that a `u128`'s
/// 16-byte alignment makes them. The searches wait on memory (most lookups miss the caches),
/// and smaller entries miss less.
type Stored = (u64, u64);

fn stored(key: Key) -> Stored {
    (key as u64, (key >> 64) as u64)
}

fn key_of((low, high): Stored) -> Key {
    low as Key | (high as Key) << 64
}

/// The key of a lone `man` on `square` (`with(0, square, man)`), from a table: a shift of a
/// 128-bit word by a variable amount takes several instructions, and the search makes two for
/// every move it tries.
fn man_on(man: u8, square: usize) -> Key {
    const TABLE: [[Key; SQUARES]; 8] = {
        let mut table = [[0; SQUARES]; 8];
        let mut man = 0;
        while man < 8 {
            let mut square = 0;
            while square < SQUARES {
                table[man][square] = (man as Key) << (3 * square);
                square += 1;
            }
            man += 1;
        }
        table
    };
    TABLE[man as usize][square]
}

fn get(key: Key, square: usize) -> u8 {
    ((key >> (3 * square)) & 7) as u8
}

fn with(key: Key, square: usize, man: u8) -> Key {
    (key & !(7 << (3 * square))) | (man as Key) << (3 * square)
}

/// The packed placement of a board; `None` if a man stands above rank 5.
fn pack(board: &Board) -> Option<Key> {
    let mut key = 0;
    for square in Square::ALL {
        if let Some(piece) = board.piece_on(square) {
            if square.rank() > TOP {
                return None;
            }
            key = with(key, square as usize, code(piece));
        }
    }
    Some(key)
}

/// The fewest moves of each kind of piece between two squares of an empty board of ranks 1-5
/// (`FAR` for a bishop's other colour): `[kind][from][to]`, kinds in [`KINDS`] order.
fn distances() -> &'static [[[u8; SQUARES]; SQUARES]; 5] {
    static TABLE: OnceLock<Box<[[[u8; SQUARES]; SQUARES]; 5]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = Box::new([[[FAR; SQUARES]; SQUARES]; 5]);
        for (k, &kind) in KINDS.iter().enumerate() {
            for from in 0..SQUARES {
                let row = &mut table[k][from];
                row[from] = 0;
                let mut frontier = vec![from];
                let mut d = 0;
                while !frontier.is_empty() {
                    d += 1;
                    let mut next = Vec::new();
                    for &at in &frontier {
                        each_destination(
                            kind,
                            at,
                            |_| true,
                            |to| {
                                if row[to] == FAR {
                                    row[to] = d;
                                    next.push(to);
                                }
                            },
                        );
                    }
                    frontier = next;
                }
            }
        }
        table
    })
}

/// Calls `f` with each square a man of `kind` on `from` reaches in one move within ranks 1-5,
/// where `empty(square)` says which squares are free (pawns excepted: they only push).
fn each_destination(
    kind: Piece,
    from: usize,
    empty: impl Fn(usize) -> bool,
    mut f: impl FnMut(usize),
) {
    let lines = &lines_from()[kind as usize][from];
    for line in &lines.lines[..lines.count as usize] {
        for &to in line.iter().take_while(|&&to| to != END) {
            if !empty(to as usize) {
                break;
            }
            f(to as usize);
        }
    }
}

/// Marks the end of a line in [`Lines::lines`].
const END: u8 = u8::MAX;

/// The lines a man moves along from one square, each its squares outward within ranks 1-5,
/// as far as the man may go on an empty board (a pawn two squares from rank 2, one from
/// elsewhere), ended by [`END`] when shorter than eight; in the order of
/// [`directions::lines`], which fixes the order the search meets placements in. Lines that
/// leave the board at once are left out.
#[derive(Clone, Copy)]
struct Lines {
    count: u8,
    lines: [[u8; 8]; 8],
}

/// [`Lines`] per piece (cozy-chess's index) and square: the search's innermost loop reads its
/// squares from here rather than stepping files and ranks.
fn lines_from() -> &'static [[Lines; SQUARES]; 6] {
    static TABLE: OnceLock<[[Lines; SQUARES]; 6]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let none = Lines {
            count: 0,
            lines: [[END; 8]; 8],
        };
        let mut table = [[none; SQUARES]; 6];
        for (p, row) in table.iter_mut().enumerate() {
            let kind = Piece::index(p);
            for (from, lines) in row.iter_mut().enumerate() {
                let (file, rank) = ((from % 8) as i8, (from / 8) as i8);
                for &(dirs, max) in directions::lines(kind) {
                    let pawn_off_home = kind == Piece::Pawn && rank != Rank::Second as i8;
                    let max = if pawn_off_home { 1 } else { max };
                    for &(df, dr) in dirs {
                        let mut line = [END; 8];
                        let (mut f_at, mut r_at) = (file, rank);
                        for square in line.iter_mut().take(max) {
                            (f_at, r_at) = (f_at + df, r_at + dr);
                            if !(0..8).contains(&f_at) || !(0..=TOP as i8).contains(&r_at) {
                                break;
                            }
                            *square = (r_at * 8 + f_at) as u8;
                        }
                        if line[0] != END {
                            lines.lines[lines.count as usize] = line;
                            lines.count += 1;
                        }
                    }
                }
            }
        }
        table
    })
}

/// Where a kind's men must end: a square each, `None` for anywhere beyond rank 2.
type Slots = Vec<Option<usize>>;

/// The index in [`KINDS`] of a piece's code.
fn kind_index(man: u8) -> usize {
    /// Per code, its kind's index (`usize::MAX` for the pawn and the empty square).
    const INDEX: [usize; 8] = {
        let mut index = [usize::MAX; 8];
        let mut k = 0;
        while k < KINDS.len() {
            index[code(KINDS[k]) as usize] = k;
            k += 1;
        }
        index
    };
    let k = INDEX[man as usize];
    assert!(k != usize::MAX, "a piece, not a pawn");
    k
}

/// What a search is after: the squares per kind, the ranks each file's pawn may end on, and
/// which men never move.
struct Goal {
    /// Per file, a bit per rank (bit 1 = rank 2 ... bit 4 = rank 5) the pawn may end on.
    pawn_ranks: [u8; 8],
    /// Squares whose men never move (the castling king and rook of [`castle_into`]), a bit each.
    frozen: u64,
    /// For [`castle_into`]: the castling side; the goal is then "castling legal here, and the
    /// castled placement in the goal's class".
    castles: Option<(CastlingSide, Arrangement)>,
    /// Per kind in [`KINDS`] order, one row per square its men must end on (a goal square, or
    /// anywhere beyond rank 2: the kind's [`Slots`]): the fewest moves from each square to it
    /// on the empty board, the distances the estimate looks up, gathered once per search.
    costs: [Vec<[u8; SQUARES]>; 5],
}

impl Goal {
    /// The goal of sending each kind's men to its `slots`, the pawns to `pawn_ranks`, with the
    /// men on `frozen` never moving (and castling on `castles`' side legal at the end).
    fn new(
        slots: [Slots; 5],
        pawn_ranks: [u8; 8],
        frozen: u64,
        castles: Option<(CastlingSide, Arrangement)>,
    ) -> Goal {
        let costs = std::array::from_fn(|k| {
            (slots[k].iter())
                .map(|&slot| {
                    std::array::from_fn(|man| match slot {
                        Some(s) => distances()[k][man][s],
                        None => beyond_distances()[k][man],
                    })
                })
                .collect()
        });
        Goal {
            pawn_ranks,
            frozen,
            castles,
            costs,
        }
    }
}

/// The fewest pushes taking a pawn on `rank` (0-based) to one of the ranks in `allowed`.
fn pushes(rank: usize, allowed: u8) -> u8 {
    (rank..=TOP as usize)
        .filter(|&to| allowed & (1 << to) != 0)
        .map(|to| match (rank, to) {
            (1, to) if to >= 3 => (to - 2) as u8, // the double step first
            (r, to) => (to - r) as u8,
        })
        .min()
        .unwrap_or(FAR)
}

/// The least total distance over the ways of sending `men` to `slots` one each (a goal square,
/// or `None` for anywhere beyond rank 2).
/// `costs` are the kind's rows of [`Goal::costs`], one per slot.
fn matching(men: &[usize], costs: &[[u8; SQUARES]]) -> u32 {
    let to_slot = |man: usize, slot: usize| costs[slot][man] as u32;
    match (men, costs) {
        ([], []) => 0,
        ([a], [_]) => to_slot(*a, 0),
        ([a, b], [_, _]) => (to_slot(*a, 0) + to_slot(*b, 1)).min(to_slot(*a, 1) + to_slot(*b, 0)),
        _ => unreachable!("at most two men of a kind, as many goal squares as men"),
    }
}

/// Per kind and square, the fewest moves to the nearest square of ranks 3-5 on the empty board.
fn beyond_distances() -> &'static [[u8; SQUARES]; 5] {
    static TABLE: OnceLock<[[u8; SQUARES]; 5]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let d = distances();
        let mut table = [[FAR; SQUARES]; 5];
        for (k, row) in table.iter_mut().enumerate() {
            for (from, cell) in row.iter_mut().enumerate() {
                *cell = (16..SQUARES).map(|t| d[k][from][t]).min().unwrap_or(FAR);
            }
        }
        table
    })
}

impl Goal {
    /// The estimate of the module docs for the placement `key`; `FAR` when the goal is out of
    /// reach (a pawn past every rank it may end on).
    fn estimate(&self, key: Key) -> u32 {
        self.parts(key).map_or(FAR as u32, |parts| parts.total)
    }

    /// The estimate's parts for the placement `key`, so that the estimate after one move is
    /// worked out from the one term it changes; `None` when the goal is out of reach.
    fn parts(&self, key: Key) -> Option<Parts> {
        let mut parts = Parts {
            men: [[0; 2]; 5],
            count: [0; 5],
            by_kind: [0; 5],
            total: 0,
            occupied: 0,
        };
        // The squares' codes in turn, three bits at a time off the bottom.
        let mut rest = key;
        for square in 0..SQUARES {
            let man = (rest & 7) as u8;
            rest >>= 3;
            if man != 0 {
                parts.occupied |= 1 << square;
            }
            if man == 0 || self.frozen & 1 << square != 0 {
                continue;
            }
            if man == code(Piece::Pawn) {
                let p = pushes(square / 8, self.pawn_ranks[square % 8]);
                if p == FAR {
                    return None;
                }
                parts.total += p as u32;
            } else {
                let k = kind_index(man);
                parts.men[k][parts.count[k]] = square;
                parts.count[k] += 1;
            }
        }
        for k in 0..KINDS.len() {
            parts.by_kind[k] = matching(&parts.men[k][..parts.count[k]], &self.costs[k]);
            parts.total += parts.by_kind[k];
        }
        Some(parts)
    }

    /// The estimate after the man on `from` (a `man`) moves to `to`, from the parts before the
    /// move: only the moved man's term changes. `None` when the goal is then out of reach.
    fn after(&self, parts: &Parts, man: u8, from: usize, to: usize) -> Option<u32> {
        if man == code(Piece::Pawn) {
            let allowed = self.pawn_ranks[from % 8];
            let now = pushes(to / 8, allowed);
            if now == FAR {
                return None;
            }
            return Some(parts.total - pushes(from / 8, allowed) as u32 + now as u32);
        }
        let k = kind_index(man);
        let mut men = parts.men[k];
        let moved = men[..parts.count[k]]
            .iter_mut()
            .find(|s| **s == from)
            .expect("the man moved is one of its kind");
        *moved = to;
        let m = matching(&men[..parts.count[k]], &self.costs[k]);
        (m < FAR as u32).then(|| parts.total - parts.by_kind[k] + m)
    }

    /// Whether the placement `key`, whose estimate's parts are `parts`, is the goal (for
    /// [`castle_into`]: castling is legal here too).
    fn reached(&self, key: Key, parts: &Parts) -> bool {
        if parts.total != 0 {
            return false;
        }
        match &self.castles {
            Some((side, arrangement)) => (arrangement.castling(*side))
                .is_open(|file| get(key, first_rank(file) as usize) != 0),
            None => true,
        }
    }
}

/// The estimate of one placement, term by term: where the men of each kind stand, each kind's
/// least total distance, and the sum with the pawns' pushes.
struct Parts {
    men: [[usize; 2]; 5],
    count: [usize; 5],
    by_kind: [u32; 5],
    total: u32,
    /// The squares taken, a bit each (for the moves' lines, which then test a bit rather than
    /// cut three out of the key).
    occupied: u64,
}

/// A placement reached, how, and in how many moves.
struct Node {
    key: Stored,
    parent: u32,
    from: u8,
    to: u8,
    moves: u8,
}

/// An entry of the search's queue: the estimated total, the moves made and the node, packed
/// into one integer whose order is the queue's (least total first, then most moves made, then
/// the earliest found), so that the heap compares one word rather than a tuple.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Queued(u64);

impl Queued {
    fn new(total: u32, moves: u8, node: u32) -> Queued {
        // Totals stay far below 2^24: at most 255 moves made plus an estimate of a few dozen.
        assert!(total < 1 << 24, "an estimated total of {total} moves");
        Queued((total as u64) << 40 | ((u8::MAX - moves) as u64) << 32 | node as u64)
    }

    fn moves(self) -> u8 {
        u8::MAX - (self.0 >> 32) as u8
    }

    fn node(self) -> u32 {
        self.0 as u32
    }
}

/// The A* search of the module docs from the start of `arrangement` towards `goal`.
fn search(arrangement: &Arrangement, goal: &Goal, budget: usize) -> Result<Vec<Move>, GaveUp> {
    let start = pack(&Board::start(arrangement)).expect("the start keeps to ranks 1-2");
    let h = goal.estimate(start);
    if h == FAR as u32 {
        return Err(GaveUp { placements: 0 });
    }
    let mut nodes = vec![Node {
        key: stored(start),
        parent: 0,
        from: 0,
        to: 0,
        moves: 0,
    }];
    // Each placement's node and its least known number of moves, kept beside the key: most
    // placements a move leads to are known already, and the comparison then needs no second
    // lookup in `nodes` (a cache miss in a large search). The module `index` says why it is
    // not a standard hash map.
    let mut index = Index::new();
    index.insert_new(stored(start), Seen { node: 0, moves: 0 });
    // The placements one expansion leads to, with the move and the estimate there, gathered
    // before any is looked up (see `Index::touch`).
    let mut leads: Vec<(Key, u8, u8, u32)> = Vec::new();
    // Least estimated total first, then most moves made, then the earliest found.
    let mut open = BinaryHeap::new();
    open.push(Reverse(Queued::new(h, 0, 0)));
    while let Some(Reverse(queued)) = open.pop() {
        let (moves, at) = (queued.moves(), queued.node());
        let node = &nodes[at as usize];
        if node.moves != moves {
            continue; // a stale entry: the placement was reached in fewer moves since
        }
        let key = key_of(node.key);
        let parts = goal
            .parts(key)
            .expect("placements out of reach are never queued");
        if goal.reached(key, &parts) {
            return Ok(path(&nodes, at));
        }
        leads.clear();
        let occupied = parts.occupied;
        let mut movable = occupied & !goal.frozen;
        while movable != 0 {
            let from = movable.trailing_zeros() as usize;
            movable &= movable - 1;
            let man = get(key, from);
            let kind = Piece::index(man as usize - 1);
            // The man lifted off `from` (`with(key, from, 0)`, its three bits cleared).
            let lifted = key ^ man_on(man, from);
            each_destination(
                kind,
                from,
                |s| occupied & 1 << s == 0,
                |to| {
                    // `None`: a pawn pushed past every rank it may end on.
                    if let Some(h) = goal.after(&parts, man, from, to) {
                        // Set down on `to`, which is empty (`with(lifted, to, man)`).
                        let next = lifted | man_on(man, to);
                        leads.push((next, from as u8, to as u8, h));
                    }
                },
            );
        }
        index.touch(leads.iter().map(|&(next, ..)| stored(next)));
        for &(next, from, to, h) in &leads {
            let next_moves = moves + 1;
            match index.get_mut(stored(next)) {
                Some(seen) if seen.moves <= next_moves => continue,
                Some(seen) => {
                    seen.moves = next_moves;
                    let node = &mut nodes[seen.node as usize];
                    (node.parent, node.from, node.to, node.moves) = (at, from, to, next_moves);
                    let id = seen.node;
                    open.push(Reverse(Queued::new(next_moves as u32 + h, next_moves, id)));
                }
                None => {
                    if nodes.len() >= budget {
                        return Err(GaveUp {
                            placements: nodes.len(),
                        });
                    }
                    let id = nodes.len() as u32;
                    nodes.push(Node {
                        key: stored(next),
                        parent: at,
                        from,
                        to,
                        moves: next_moves,
                    });
                    index.insert_new(
                        stored(next),
                        Seen {
                            node: id,
                            moves: next_moves,
                        },
                    );
                    open.push(Reverse(Queued::new(next_moves as u32 + h, next_moves, id)));
                }
            }
        }
    }
    Err(GaveUp {
        placements: nodes.len(),
    })
}

/// The moves from the start to node `at`.
fn path(nodes: &[Node], mut at: u32) -> Vec<Move> {
    let mut moves = Vec::new();
    while at != 0 {
        let node = &nodes[at as usize];
        moves.push(plain_move(
            Square::index(node.from as usize),
            Square::index(node.to as usize),
        ));
        at = node.parent;
    }
    moves.reverse();
    moves
}

/// Per kind, the exact squares its men must end on in the placement `key` (frozen squares
/// left out), and the pawn ranks: exactly where each pawn stands.
fn exact_goal(key: Key) -> ([Slots; 5], [u8; 8]) {
    let mut slots: [Slots; 5] = Default::default();
    let mut pawn_ranks = [0u8; 8];
    for square in 0..SQUARES {
        let man = get(key, square);
        if man == code(Piece::Pawn) {
            pawn_ranks[square % 8] = 1 << (square / 8);
        } else if man != 0 {
            slots[kind_index(man)].push(Some(square));
        }
    }
    (slots, pawn_ranks)
}

/// The fewest White moves from the start of `arrangement` to the placement of `target` without
/// castling, and one such game (see the module docs for the scope and the proof).
///
/// ```
/// use castle960::Arrangement;
/// use castle960::start::line::Line;
/// use castle960::start::search::shortest::{DEFAULT_BUDGET, walk_to};
/// let standard = Arrangement::from_sp(518).unwrap();
/// // Where the shortest O-O game ends: king g1, rook f1, knight h3, bishop e2, pawn e3.
/// let castled = Line::from_san(&standard, "Nh3 e3 Be2 O-O").unwrap().replay(&standard).unwrap();
/// let walk = walk_to(&standard, &castled, DEFAULT_BUDGET).unwrap();
/// assert_eq!(walk.replay(&standard).unwrap().fen_placement(), castled.fen_placement());
/// assert!(walk.moves.len() > 4); // walking takes longer than castling
/// ```
pub fn walk_to(arrangement: &Arrangement, target: &Board, budget: usize) -> Result<Line, GaveUp> {
    let key = pack(target).ok_or(GaveUp { placements: 0 })?;
    let (slots, pawn_ranks) = exact_goal(key);
    let goal = Goal::new(slots, pawn_ranks, 0, None);
    search(arrangement, &goal, budget).map(|moves| Line::new(moves, None))
}

/// The fewest White moves from the start of `arrangement`, castling on `side` last, into a
/// castled position the pawn-move model cannot tell apart from `castled`: the same pieces on
/// ranks 1 and 2, each file's pawn at home, on rank 3 or further on as there, and every other
/// piece anywhere on ranks 3-5. The game ends with the castling move. See the module docs.
pub fn castle_into(
    arrangement: &Arrangement,
    side: CastlingSide,
    castled: &Board,
    budget: usize,
) -> Result<Line, GaveUp> {
    let key = pack(castled).ok_or(GaveUp { placements: 0 })?;
    let path = arrangement.castling(side);
    let (king_to, rook_to) = (
        first_rank(path.king_to()) as usize,
        first_rank(path.rook_to()) as usize,
    );
    let mut slots: [Slots; 5] = Default::default();
    let mut pawn_ranks = [0u8; 8];
    for square in 0..SQUARES {
        let man = get(key, square);
        let rank = square / 8;
        if man == code(Piece::Pawn) {
            // At home, on rank 3, or beyond it (ranks 4 and 5 alike).
            pawn_ranks[square % 8] = match rank {
                1 | 2 => 1 << rank,
                _ => 0b11000,
            };
        } else if man != 0 && rank < 2 && square != king_to && square != rook_to {
            slots[kind_index(man)].push(Some(square));
        }
    }
    // Every other piece of the arrangement, the castling king and rook apart, is beyond rank 2.
    for (k, &kind) in KINDS.iter().enumerate() {
        let total = File::ALL
            .into_iter()
            .filter(|&f| arrangement.piece_on(f) == kind)
            .count();
        let castling = match kind {
            Piece::King | Piece::Rook => 1,
            _ => 0,
        };
        let exact = slots[k].len();
        slots[k].extend(std::iter::repeat_n(None, total - castling - exact));
    }
    let frozen =
        1 << first_rank(path.king_from()) as usize | 1 << first_rank(path.rook_from()) as usize;
    let goal = Goal::new(slots, pawn_ranks, frozen, Some((side, *arrangement)));
    let mut moves = search(arrangement, &goal, budget)?;
    moves.push(castling_move(arrangement, side));
    Ok(Line::new(moves, None))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_board_distances() {
        let d = distances();
        let sq = |name: &str| name.parse::<Square>().unwrap() as usize;
        let k = |p: Piece| KINDS.iter().position(|&q| q == p).unwrap();
        assert_eq!(d[k(Piece::Knight)][sq("g1")][sq("h3")], 1);
        assert_eq!(d[k(Piece::Knight)][sq("a1")][sq("b1")], 3);
        assert_eq!(d[k(Piece::Bishop)][sq("c1")][sq("a1")], 2);
        assert_eq!(d[k(Piece::Bishop)][sq("c1")][sq("b1")], FAR);
        assert_eq!(d[k(Piece::Rook)][sq("a1")][sq("h5")], 2);
        assert_eq!(d[k(Piece::King)][sq("e1")][sq("e5")], 4);
        assert_eq!(d[k(Piece::Queen)][sq("d1")][sq("e3")], 2);
    }

    /// The search's old after-pawn-move witness of SP 0's a-side, with its parking detours
    /// (`Ne3 Nf5`, `Qb2 Qe5`), becomes the fewest moves into a castled position the model
    /// cannot tell apart from it: the same men on ranks 1-2 and pawns, in 4 moves before O-O-O.
    #[test]
    fn castling_into_the_witness_class_drops_the_detours() {
        use crate::start::search::model::Pos;
        let a = Arrangement::from_sp(0).unwrap();
        let old = Line::from_san(&a, "Ne3 Nf5 Nf3 Ng5 b3 Qb2 Qe5 O-O-O").unwrap();
        let castled = old.replay(&a).unwrap();
        let new = castle_into(&a, CastlingSide::A, &castled, DEFAULT_BUDGET).unwrap();
        assert_eq!(new.san(&a), "Ne3 Nf3 b3 Qa3 O-O-O");
        let board = new.replay(&a).unwrap();
        assert_eq!(Pos::from_board(&board), Pos::from_board(&castled));
        // And a walk there is found exactly as short as a shortest game can be: 0 moves to the
        // start itself.
        let start = Board::start(&a);
        assert!(
            walk_to(&a, &start, DEFAULT_BUDGET)
                .unwrap()
                .moves
                .is_empty()
        );
        // A budget too small to find it gives up instead of answering wrongly.
        assert!(matches!(walk_to(&a, &castled, 10), Err(GaveUp { .. })));
    }

    #[test]
    fn pawn_pushes() {
        let rank = |n: usize| 1u8 << (n - 1);
        assert_eq!(pushes(1, rank(4)), 1);
        assert_eq!(pushes(1, rank(3)), 1);
        assert_eq!(pushes(1, rank(5)), 2);
        assert_eq!(pushes(2, rank(5)), 2);
        assert_eq!(pushes(3, rank(3)), FAR);
        assert_eq!(pushes(1, rank(4) | rank(5)), 1);
        assert_eq!(pushes(1, rank(2)), 0);
    }
}
