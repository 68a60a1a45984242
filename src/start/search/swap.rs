//! King and rook trade places by walking: the lemma that settles most castled positions at once.
//!
//! Castling always changes the order of king and rook on the first rank: the a-side rook starts
//! left of the king and ends right of it (king c1, rook d1), the h-side rook the other way round
//! (king g1, rook f1). Without castling, one of them has to leave the first rank and come back on
//! the other side of the other. At the moment castling is legal, the *span* (every first-rank
//! square from the leftmost to the rightmost of king, rook and their destinations) is empty apart
//! from king and rook, so the only thing that can stop them from walking is the lack of a way
//! round: a hole on the second rank, or a way through the pool, that no other piece blocks.
//!
//! **Lemma.** Call the holes of the second rank (squares of files whose pawn has moved) and the
//! first-rank squares outside the span the *spots*. Call a pawn structure *robust* for a side
//! when, for *every* assignment of pieces to spots (the queen, the other rook, the bishop of the
//! spot's colour or a knight, each piece on at most one spot, at most two knights), king and
//! rook get from their squares to their castled squares moving alone over the span, the free
//! spots and the pool (leaving and coming back as the model allows, see `crate::start::search::model`), where
//! a piece that can reach a square it may leave the board from, moving over free spots and over
//! span squares other than the four of king and rook before and after castling, first leaves and
//! so frees its spot (repeatedly, as others leave). Then for every castle-legal position `Q` in
//! that structure, the position right after castling is reached from `Q` without castling:
//!
//! 1. In `Q` the pieces on spots that can leave that way leave for the pool, in turn. What stays
//!    is an assignment of the kind the lemma ranges over: in a castle-legal position every
//!    square of ranks 1-2 is a span square (empty apart from king and rook), a spot or a pawn,
//!    and no other pieces exist.
//! 2. King and rook walk to their castled squares, which the robustness guarantees, using only
//!    span squares and free spots.
//! 3. The pieces that left come back in the reverse order, each by the way it went: the squares it
//!    passed were free when it left, everything that left after it is back home already (it did
//!    not pass their squares), and king and rook stand on squares no route uses.
//!
//! Every step is a move of the model within the structure, so the castled position lies in the
//! component of `Q`; `Q` itself was reached without castling (the castling game never castles
//! before its end), hence so is the castled position: it is walkable.
//!
//! The assignments are many (six kinds of piece over up to nine spots), so `robust` first tries
//! the holes alone as spots (first-rank squares outside the span then count as blocked for good,
//! which only makes the test harder to pass) and searches the assignments by branch and bound.
//!
//! A structure is *safe* when it and every structure its pawns can still reach within the bound
//! are robust. The castling game does not expand positions in safe structures: every castled
//! position beyond them is walkable by the lemma, so none of them can make a side
//! after-pawn-move. (When it searches one arrangement for its witness it starts doing so only
//! after the first castled position, so that the witness stays the one the full search meets
//! first.) `tests/start/model_oracle.rs` checks the verdicts against a plain search of the model without
//! this or any other shortcut, `tests/start/group_search.rs` against the search without the lemma, and
//! a unit test in [`crate::start::search::pawn`] checks the lemma's conclusion on every castle-legal position of
//! sampled castling games.
//!
//! **Mirror images.** Nothing in the model or the lemma tells left from right: the pawns move
//! alike on every file, the pool's exits and the blockers' moves are symmetric, and mirroring
//! turns a light square dark but the adversary has a bishop of each colour. So a castling is
//! robust in a structure exactly when its mirror image
//! ([`crate::chess::Geometry::mirrored`]) is robust in the mirror image of the structure, and
//! the same holds for safety. Most of the tables the report asks for come in such pairs (320 of
//! 338: Chess480's and free, flexible and fast castling's mirror with the array; the other 18
//! are Chess960 castlings whose mirror image no rule has, its king landing on c or g), so only
//! one of each pair is worked out and the other is its mirror
//! ([`SafeStructures::prepare`], [`SafeStructures::of`]). The unit test
//! `mirrored_tables_are_those_worked_out_directly` works every one of the report's tables out
//! directly too and compares.
//!
//! The tables themselves, worked out once per run and shared, are in `swap/tables.rs`; this
//! file holds the lemma's test of one structure (`robust`).

use crate::chess::CastlingPath;
use crate::start::search::components::{CoreCache, connected_within};
use crate::start::search::hash::FastMap;
use crate::start::search::model::{
    self, BISHOP, Cell, HOME, KING, KNIGHT, Pos, QUEEN, ROOK, Sq, SquareSet, THIRD, file_of,
    first_rank, is_light, row_of, sq, structure_index,
};
use std::collections::BTreeMap;
use std::sync::Mutex;

/// Where king and rook stand: an exact square of ranks 1-2, or the pool.
const POOL: u8 = 16;
const PLACES: usize = 17;

/// The pieces that can stand in the way: queen, the other rook, light and dark bishop, knight
/// (two of them), by kind.
const BLOCKERS: [u8; 5] = [QUEEN, ROOK, BISHOP, BISHOP, KNIGHT];
/// How many of each blocker there are.
const BLOCKER_COUNTS: [u8; 5] = [1, 1, 1, 1, 2];
const NO_BLOCKER: usize = BLOCKERS.len();

/// Whether blocker `b` can stand on `s` (a bishop only on its own colour).
fn fits(b: usize, s: Sq) -> bool {
    match b {
        2 => is_light::<8>(s),
        3 => !is_light::<8>(s),
        _ => true,
    }
}

/// The first-rank squares that are empty but for king and rook whenever castling along `path`
/// is legal ([`CastlingPath::clear_files`]): under a sliding rule the span, under fast castling
/// the four squares of king and rook before and after. The lemma's walk goes over them.
fn clear_squares(path: CastlingPath) -> SquareSet {
    (0..8)
        .filter(|&f| path.clear_files() & 1 << f != 0)
        .map(|f| sq::<8>(f, 0))
        .collect()
}

/// The leftmost and rightmost of the clear files, as signed files: spots are tried nearest
/// these first.
fn clear_ends(path: CastlingPath) -> (i8, i8) {
    let clear = path.clear_files();
    (
        clear.trailing_zeros() as i8,
        7 - clear.leading_zeros() as i8,
    )
}

/// Whether the structure is robust for the side (see the module docs): king and rook get round
/// each other for every way pieces can stand in the way. Tried first with the holes alone and
/// the lemma's walk; then with every first-rank square outside the span as well (a wider way
/// round, but more places for pieces to stand in it), where an assignment the walk cannot
/// settle is settled by comparing components.
pub(crate) fn robust(path: CastlingPath, pawns: &[u8; 8]) -> bool {
    robust_with(path, pawns, true)
}

/// Whether king and rook get round by the lemma's walk alone (pieces that can leave step aside,
/// the rest stand still): the test of [`robust`] without comparing components, for comparison.
#[cfg(test)]
pub(crate) fn robust_by_walk(path: CastlingPath, pawns: &[u8; 8]) -> bool {
    robust_with(path, pawns, false)
}

fn robust_with(path: CastlingPath, pawns: &[u8; 8], components: bool) -> bool {
    if Adversary::new(path, pawns, Spots::Holes).cannot_block() {
        return true;
    }
    let mut everywhere = Adversary::new(path, pawns, Spots::Everywhere);
    everywhere.search_components = components;
    let structure = structure_index(pawns);
    everywhere.components = SharedComponents::check_out(structure);
    let robust = everywhere.cannot_block();
    SharedComponents::check_in(structure, everywhere.components);
    robust
}

/// The components that robustness tests have met, one [`CoreCache`] per pawn structure, shared
/// by the tests of every castling. A component is a property of the placement alone (the
/// moves within one structure), not of the castling asked about, and the castlings of one
/// structure ask about many of the same placements: free castling's castlings of one king and
/// rook differ only in where they land, and every castling's castle-legal placements put
/// blockers on the same holes. Measured on the whole report, sharing made the tables about 2.5
/// times faster for some 30 MB more memory (see the README's Measuring section).
///
/// A test checks its structure's cache out and back in, so that no lock is held while it
/// searches; a test of the same structure on another thread meanwhile starts from an empty
/// cache, and of the two the larger cache is kept. Which cache a test starts from changes how
/// much it explores, never an answer: [`CoreCache::id`] names a component by its core, whatever
/// the cache holds. The caches live as long as the program, like the tables.
struct SharedComponents;

impl SharedComponents {
    fn caches() -> std::sync::MutexGuard<'static, BTreeMap<usize, CoreCache>> {
        static CACHES: Mutex<BTreeMap<usize, CoreCache>> = Mutex::new(BTreeMap::new());
        CACHES
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The cache of `structure`, taken out of the shared map (empty if none or in use).
    fn check_out(structure: usize) -> CoreCache {
        Self::caches().remove(&structure).unwrap_or_default()
    }

    /// Puts a cache back, unless a larger one came back meanwhile.
    fn check_in(structure: usize, cache: CoreCache) {
        let mut caches = Self::caches();
        match caches.get(&structure) {
            Some(other) if other.positions_known() >= cache.positions_known() => {}
            _ => {
                caches.insert(structure, cache);
            }
        }
    }
}

/// Where the adversary may put pieces.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Spots {
    /// The holes only; first-rank squares outside the clear squares count as blocked for good,
    /// which makes the test harder to pass and leaves no assignment to search components for.
    Holes,
    /// The holes and the first-rank squares outside the clear squares: every castle-legal
    /// placement.
    Everywhere,
}

/// The pieces standing in the way of king and rook, chosen as badly as possible: every
/// assignment of blockers to the *spots* (the holes, and if wide the first-rank squares outside
/// the clear squares) is settled, pieces that can leave do, and king and rook must get round
/// over what stays free.
struct Adversary {
    path: CastlingPath,
    king: Sq,
    rook: Sq,
    board: Pos,
    spots: Vec<Sq>,
    /// Clear squares that neither king nor rook stands on before or after castling: free for
    /// the pieces that leave and come back.
    passable: SquareSet,
    /// Walking results by the set of blocked spots (a bit per spot index).
    known: Vec<Option<bool>>,
    /// Whether a blocker can leave from a spot with a given set of spots occupied, by
    /// `(blocker * spots + spot) << spots | occupied`: 0 not yet known, else 1 + the answer.
    /// Settling asks the same few questions for many assignments.
    leaves: Vec<u8>,
    /// Whether an assignment the walk cannot settle is settled by searching the component of
    /// its castle-legal placement (only when the spots are [`Spots::Everywhere`]: then an
    /// assignment is a whole placement).
    search_components: bool,
    /// Components met by those searches, shared between assignments.
    components: CoreCache,
    /// The answers of [`Adversary::one_component`] by the blockers that stay once the others
    /// have left ([`Adversary::settle`]), three bits a spot: many assignments differ only in
    /// pieces that step aside, and they share one answer.
    component_known: FastMap<u64, bool>,
}

impl Adversary {
    fn new(path: CastlingPath, pawns: &[u8; 8], where_: Spots) -> Adversary {
        let wide = where_ == Spots::Everywhere;
        let clear = clear_squares(path);
        let (lo, hi) = clear_ends(path);
        let mut spots: Vec<Sq> = (0..8)
            .filter(|&f| pawns[f as usize] != HOME)
            .map(|f| sq::<8>(f, 1))
            .collect();
        if wide {
            spots.extend(
                (0..8)
                    .map(|f| sq::<8>(f, 0))
                    .filter(|&s| !clear.contains(s)),
            );
        }
        // Nearest the clear squares first: the bound in `cannot_block_from` then cuts sooner,
        // since king and rook rarely need to go far.
        spots.sort_by_key(|&s| ((lo - file_of::<8>(s)).max(file_of::<8>(s) - hi), s));
        let ends = [
            path.king_from(),
            path.rook_from(),
            path.king_to(),
            path.rook_to(),
        ];
        let passable = ends
            .into_iter()
            .fold(clear, |set, file| set.without(first_rank(file)));
        let board = Pos::with_pawns(*pawns);
        Adversary {
            path,
            king: first_rank(path.king_from()),
            rook: first_rank(path.rook_from()),
            board,
            known: vec![None; 1 << spots.len()],
            leaves: vec![0; (NO_BLOCKER * spots.len()) << spots.len()],
            spots,
            passable,
            search_components: wide,
            components: CoreCache::default(),
            component_known: FastMap::default(),
        }
    }

    /// Whether king and rook get round for every assignment.
    fn cannot_block(&mut self) -> bool {
        let mut assignment = vec![NO_BLOCKER; self.spots.len()];
        let nothing_assigned = ((1 << self.spots.len()) - 1, [NO_BLOCKER; 16]);
        self.cannot_block_from(&mut assignment, 0, BLOCKER_COUNTS, nothing_assigned)
    }

    /// Whether king and rook get round for every assignment that agrees with `assignment` on the
    /// spots before `at`, with `left` blockers still to place. Branch and bound: with the spots
    /// not yet assigned all taken by pieces that never move, the assigned blockers that can
    /// still leave do ([`Adversary::settle`]); what stays blocked then is as bad as any
    /// completion can get, since a completion only frees spots and settling only lets more
    /// pieces leave when fewer spots are taken. If king and rook get round even then, the
    /// completions need not be tried. `before` is what settling the spots before `at - 1`
    /// left (for `at` = 0: every spot taken, nothing standing), from which settling goes on.
    fn cannot_block_from(
        &mut self,
        assignment: &mut [usize],
        at: usize,
        left: [u8; 5],
        before: Settled,
    ) -> bool {
        let (worst, standing) = self.settle(before, &assignment[..at]);
        if self.walks(worst) {
            return true;
        }
        if at == self.spots.len() {
            return self.search_components && self.one_component_of_standing(standing);
        }
        for b in 0..=NO_BLOCKER {
            if b < NO_BLOCKER && (left[b] == 0 || !fits(b, self.spots[at])) {
                continue;
            }
            assignment[at] = b;
            let mut rest = left;
            if b < NO_BLOCKER {
                rest[b] -= 1;
            }
            if !self.cannot_block_from(assignment, at + 1, rest, (worst, standing)) {
                return false;
            }
        }
        assignment[at] = NO_BLOCKER;
        true
    }

    /// Whether king and rook get round with the spots in `blocked` (a bit per spot index)
    /// occupied and the others free.
    fn walks(&mut self, blocked: usize) -> bool {
        if let Some(known) = self.known[blocked] {
            return known;
        }
        let free: SquareSet = (0..self.spots.len())
            .filter(|&i| blocked & (1 << i) == 0)
            .map(|i| self.spots[i])
            .collect();
        let result = walk(self.path, &self.board, free);
        self.known[blocked] = Some(result);
        result
    }
}

impl Adversary {
    /// [`Adversary::one_component`] of the blockers that stay (`standing`, a blocker or
    /// `NO_BLOCKER` per spot), remembered by them. It answers for every assignment that settles
    /// to them: the pieces that left did so over free spots and passable squares, which neither
    /// king nor rook uses before or after castling, so both placements lie in one component with
    /// the same placements without them.
    fn one_component_of_standing(&mut self, standing: [usize; 16]) -> bool {
        let standing = &standing[..self.spots.len()];
        let key = standing.iter().fold(0u64, |key, &b| key << 3 | b as u64);
        if let Some(&known) = self.component_known.get(&key) {
            return known;
        }
        let answer = self.one_component(standing);
        self.component_known.insert(key, answer);
        answer
    }

    /// Whether the castle-legal placement of this assignment (king and rook at home, each
    /// blocker on its spot, every piece not assigned in the pool) lies in one component with
    /// the placement right after castling, by the component's identity ([`CoreCache::id`]),
    /// which lifts the pieces that can leave and remembers every position it met for the next
    /// assignment. In walled structures, where only knights can leave and a component is huge,
    /// a search from both ends ([`connected_within`]) comes first: there king and rook are
    /// usually a few moves from trading places.
    fn one_component(&mut self, assignment: &[usize]) -> bool {
        let mut before = self.board;
        before.set(self.king, Cell::piece(KING));
        before.set(self.rook, Cell::piece(ROOK));
        for (&b, &s) in assignment.iter().zip(&self.spots) {
            if b != NO_BLOCKER {
                before.set(s, Cell::piece(BLOCKERS[b]));
            }
        }
        let after = before.castled(self.path.geometry());
        let walled = (0..8).filter(|&f| self.board.pawns()[f] != THIRD).count() <= WALL_EXITS;
        let quick = if walled {
            connected_within(before, after, WALL_BUDGET)
        } else {
            None
        };
        quick.unwrap_or_else(|| self.components.id(before) == self.components.id(after))
    }
}

/// What settling an assignment leaves ([`Adversary::settle`]): the spots still taken (a bit per
/// spot index) and the blocker standing on each spot (`NO_BLOCKER` where none stays).
type Settled = (usize, [usize; 16]);

/// Structures with at most this many files whose rank-3 square is free count as walled for
/// [`Adversary::one_component`].
const WALL_EXITS: usize = 1;
/// How many positions each end of [`connected_within`] may meet in a walled structure before
/// [`CoreCache::id`] takes over.
const WALL_BUDGET: usize = 30_000;

impl Adversary {
    /// Lets every blocker of `assigned` (the first spots, in order; the spots after them count
    /// as taken by pieces that never move) that can reach a way off the board over free spots and
    /// `passable` squares leave, repeatedly, and returns the spots still blocked (a bit per spot
    /// index) and the blockers that stay. Routes avoid the squares of king and rook before and
    /// after castling, so that every piece can come back the way it went. Which pieces stay
    /// does not depend on the order they leave in: a piece that can leave still can once
    /// others have gone.
    ///
    /// `before` is the outcome for `assigned` without its last spot (then taken for good), so
    /// only the last spot's piece is new: the pieces that left there leave here too, since the
    /// last spot is now taken by the same piece or free, and settling goes on from there. The
    /// branch and bound settles every prefix it meets, so each step adds one spot.
    fn settle(&mut self, before: Settled, assigned: &[usize]) -> Settled {
        let (mut occupied, mut standing) = before;
        let at = assigned.len();
        if let Some(last) = at.checked_sub(1) {
            standing[last] = assigned[last];
            if assigned[last] == NO_BLOCKER {
                occupied &= !(1 << last);
            }
        }
        loop {
            let leaving = (0..at)
                .find(|&i| standing[i] != NO_BLOCKER && self.leaves(standing[i], i, occupied));
            match leaving {
                Some(i) => {
                    standing[i] = NO_BLOCKER;
                    occupied &= !(1 << i);
                }
                None => return (occupied, standing),
            }
        }
    }

    /// Whether blocker `b` on spot `i` can leave while the spots of `occupied` are taken:
    /// [`can_leave`] over the free spots and the passable squares, remembered.
    fn leaves(&mut self, b: usize, i: usize, occupied: usize) -> bool {
        let n = self.spots.len();
        let slot = ((b * n + i) << n) | occupied;
        if self.leaves[slot] == 0 {
            let free = (0..n)
                .filter(|&j| occupied & (1 << j) == 0)
                .fold(self.passable, |m, j| m.with(self.spots[j]));
            let answer = can_leave(&self.board, BLOCKERS[b], self.spots[i], free);
            self.leaves[slot] = 1 + answer as u8;
        }
        self.leaves[slot] == 2
    }
}

/// Whether a piece of `kind` on `from` reaches a square it can leave the board from, moving
/// only over the squares of `free`.
fn can_leave(board: &Pos, kind: u8, from: Sq, free: SquareSet) -> bool {
    let mut reached = SquareSet::single(from);
    let mut todo = [0u8; 16];
    todo[0] = from;
    let mut count = 1;
    while count > 0 {
        count -= 1;
        let s = todo[count];
        if board.exit_possible(kind, s) {
            return true;
        }
        model::flat_destinations_over::<8>(kind, s, free, |to| {
            if !reached.contains(to) {
                reached = reached.with(to);
                todo[count] = to;
                count += 1;
            }
        });
    }
    false
}

/// The pairs of places a walk has met and those it has still to expand from, a bit per pair
/// (17 x 17 = 289 of them): kept in registers' worth of words rather than in a queue, which
/// would be allocated and cleared for each of the many walks; only whether the goal is met
/// matters, not the order.
struct Pairs {
    seen: [u64; PAIR_WORDS],
    todo: [u64; PAIR_WORDS],
}

/// How many words [`Pairs`] needs.
const PAIR_WORDS: usize = (PLACES * PLACES).div_ceil(64);

impl Pairs {
    /// Marks `pair` met, to be expanded from if it was not met before.
    fn visit(&mut self, pair: usize) {
        let (word, bit) = (pair / 64, 1u64 << (pair % 64));
        if self.seen[word] & bit == 0 {
            self.seen[word] |= bit;
            self.todo[word] |= bit;
        }
    }

    /// A pair still to expand from, taken off the list.
    fn next(&mut self) -> Option<usize> {
        let word = self.todo.iter().position(|&w| w != 0)?;
        let bit = self.todo[word].trailing_zeros() as usize;
        self.todo[word] &= self.todo[word] - 1;
        Some(word * 64 + bit)
    }
}

/// Whether king and rook, alone, get from their squares to their castled squares moving over the
/// clear squares, the squares of `free` and the pool: a search over the 17 x 17 pairs of
/// places.
fn walk(path: CastlingPath, board: &Pos, free: SquareSet) -> bool {
    let open = clear_squares(path).or(free);
    let pair = |kp: u8, rp: u8| kp as usize * PLACES + rp as usize;
    let goal = pair(first_rank(path.king_to()), first_rank(path.rook_to()));
    let mut pairs = Pairs {
        seen: [0; PAIR_WORDS],
        todo: [0; PAIR_WORDS],
    };
    pairs.visit(pair(
        first_rank(path.king_from()),
        first_rank(path.rook_from()),
    ));
    while let Some(at) = pairs.next() {
        if at == goal {
            return true;
        }
        let (kp, rp) = ((at / PLACES) as u8, (at % PLACES) as u8);
        let mut visit = |next: usize| pairs.visit(next);
        for (kind, at, other) in [(KING, kp, rp), (ROOK, rp, kp)] {
            let place = |s: u8| {
                if kind == KING {
                    pair(s, other)
                } else {
                    pair(other, s)
                }
            };
            let around = if other == POOL {
                open
            } else {
                open.without(other)
            };
            if at == POOL {
                // Coming back: onto a free second-rank square the piece could also leave by.
                for s in 8..16u8 {
                    if around.contains(s) && board.exit_possible(kind, s) {
                        visit(place(s));
                    }
                }
            } else {
                model::flat_destinations_over::<8>(kind, at, around, |to| visit(place(to)));
                if row_of::<8>(at) == 1 && board.exit_possible(kind, at) {
                    visit(place(POOL));
                }
            }
        }
    }
    false
}

#[cfg(test)]
mod tests;

mod tables;
pub use tables::{SafeStructures, structures_within};
