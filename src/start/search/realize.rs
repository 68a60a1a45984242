//! Turning lines of the abstract model into real games on a real board.
//!
//! The model keeps ranks 1-2 exact and treats everything beyond as a pool. A real game needs
//! squares for the pooled pieces: they are *parked* on rank 5 (on rank 4 when rank 5 is full;
//! Black's pieces stay on ranks 7-8), travel over ranks 3-5, and reach the exact squares with the
//! same moves the model allows. A pawn "beyond" is realized on rank 5, not rank 4: on rank 4,
//! pawns wall off pockets on ranks 3-4 (g3 and h4 shut a rook in on h3, a pawn on d4 cuts a
//! dark-squared bishop's way along ranks 3-5 in two), which the model's pool does not know of.
//! With rank 4 free of pawns every rank-3 square a piece leaves to opens onto the region above.
//!
//! Realizing every line as a real game, which an independent move generator then replays, is
//! what backs each positive claim of the pawn-move analysis: if the pool abstraction ever
//! allowed something the real board does not, realization fails and the tests say so. The same
//! realization serves both board widths ([`RealBoard`]): the standard board's White-only
//! [`Board`] (replayed by cozy-chess) and ten files' [`crate::ten::TenWhiteBoard`] (replayed by the
//! ten-file move generator).

use crate::chess::{Arrangement, CastlingPath, CastlingSide, Move, Naming, Square};
use crate::start::board::{WhiteBoard as Board, plain_move};
use crate::start::line::Line;
use crate::start::search::hash::FastMap;
use crate::start::search::model::{self, BISHOP, KING, Kind, Step};
use std::collections::hash_map::Entry;
use std::collections::{HashMap, VecDeque};
use std::ops::RangeInclusive;

/// What stands on a square of a real board, as realization sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Occupant {
    /// A pawn (White's: Black is absent).
    Pawn,
    /// A piece, by its model kind.
    Piece(Kind),
}

/// What realization needs of a board: White's men on a board [`RealBoard::FILES`] wide and
/// eight ranks, squares numbered `rank * FILES + file` (a1 is 0, ranks from 0), Black absent, so
/// that a move is legal when the man moves as chess allows over empty squares to an empty one.
pub trait RealBoard: Clone {
    /// The board's width.
    const FILES: u8;

    /// What stands on square `s`.
    fn occupant(&self, s: u8) -> Option<Occupant>;

    /// The squares the man on `from` reaches without leaving the ranks of `ranks`, handed to
    /// `f` one by one, in the board's fixed order (which decides which of several equally short
    /// routes realization takes).
    fn each_destination_within(&self, from: u8, ranks: RangeInclusive<u8>, f: impl FnMut(u8));

    /// Puts a piece of `kind` from `from` on `to` without any check: route planning on a
    /// scratch board.
    fn relocate(&mut self, from: u8, to: u8, kind: Kind);

    /// Empties square `s` without any check: route planning on a scratch board.
    fn clear(&mut self, s: u8);

    /// Plays the move from `from` to `to`, or says why it is not legal.
    fn play(&mut self, from: u8, to: u8) -> Result<(), String>;

    /// Castles on `side`, or says why it is not legal; the move as written, the king onto its
    /// own rook.
    fn castle(&mut self, side: CastlingSide) -> Result<(u8, u8), String>;

    /// White's placement as a FEN placement field, for messages.
    fn fen_placement(&self) -> String;
}

/// Why an abstract line could not be realized.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot realize step {step} of the model line: {reason} (position {placement})")]
pub struct RealizeError {
    /// The model step (1-based) that could not be played.
    pub step: usize,
    /// Why not.
    pub reason: String,
    /// White's placement at that point, as a FEN placement field.
    pub placement: String,
}

/// The ranks where pooled pieces live and travel, lowest first: 3 to 5 (indices 2 to 4), below
/// Black's pawns. Pieces park on the highest (rank 5), the king keeps as low as it can.
const REGION: [u8; 3] = [2, 3, 4];
/// The highest rank White's pieces use: rank 5, below Black's pawns.
const TOP_RANK: u8 = 4;

/// The rank of square `s` (0 for rank 1) on a board of `B`'s width.
fn rank_of<B: RealBoard>(s: u8) -> u8 {
    s / B::FILES
}

/// The file of square `s` (0 for the a-file).
fn file_of<B: RealBoard>(s: u8) -> u8 {
    s % B::FILES
}

/// The square on `file` and `rank`.
fn square<B: RealBoard>(file: u8, rank: u8) -> u8 {
    rank * B::FILES + file
}

/// Light squares: file + rank odd (a1 is dark).
fn light<B: RealBoard>(s: u8) -> bool {
    (file_of::<B>(s) + rank_of::<B>(s)) % 2 == 1
}

/// Whether a square belongs to the region where pooled pieces live and travel: ranks 3-5.
fn in_region<B: RealBoard>(s: u8) -> bool {
    REGION.contains(&rank_of::<B>(s))
}

/// The squares of the board, a1 first.
fn all_squares<B: RealBoard>() -> std::ops::Range<u8> {
    0..8 * B::FILES
}

/// The piece (not a pawn) standing on `s`, by its model kind.
fn piece_kind<B: RealBoard>(board: &B, s: u8) -> Option<Kind> {
    match board.occupant(s) {
        Some(Occupant::Piece(kind)) => Some(kind),
        _ => None,
    }
}

/// The destinations of the man on `from` anywhere on the board.
fn destinations<B: RealBoard>(board: &B, from: u8) -> Vec<u8> {
    let mut out = Vec::new();
    board.each_destination_within(from, 0..=7, |to| out.push(to));
    out
}

/// A pooled piece stepping aside: where it stands and the squares it moves through.
type StepAside = (u8, Vec<u8>);

/// A real game being built from model steps: the board and the moves played, each from and to
/// (castling as the king onto its rook).
struct Realizer<B> {
    board: B,
    moves: Vec<(u8, u8)>,
}

impl<B: RealBoard> Realizer<B> {
    fn play(&mut self, from: u8, to: u8) -> Result<(), String> {
        self.board.play(from, to)?;
        self.moves.push((from, to));
        Ok(())
    }

    /// The shortest sequence of moves taking the piece on `from` to a square for which `goal`
    /// holds, moving only through empty region squares (the first move may start outside it).
    /// `goal` sees the board with the piece standing on the square in question.
    fn route(&self, from: u8, goal: impl Fn(&B, u8) -> bool) -> Option<Vec<u8>> {
        let kind = piece_kind(&self.board, from)?;
        // White's king keeps as low as it can: Black's waiting knights on rank 6 attack ranks 4
        // and 5, never rank 3.
        if kind == KING {
            return REGION
                .into_iter()
                .find_map(|top| self.route_below(from, kind, top, &goal));
        }
        self.route_below(from, kind, TOP_RANK, &goal)
    }

    /// [`Realizer::route`] through region squares up to rank index `top`.
    fn route_below(
        &self,
        from: u8,
        kind: Kind,
        top: u8,
        goal: &impl Fn(&B, u8) -> bool,
    ) -> Option<Vec<u8>> {
        let mut parent: HashMap<u8, u8> = HashMap::from([(from, from)]);
        let mut queue = VecDeque::from([from]);
        let mut probe = self.board.clone();
        while let Some(at) = queue.pop_front() {
            // Put the piece on `at` to judge the goal and list its moves from there.
            probe.clone_from(&self.board);
            probe.relocate(from, at, kind);
            if at != from && goal(&probe, at) {
                let mut path = vec![at];
                let mut cur = at;
                while parent[&cur] != from {
                    cur = parent[&cur];
                    path.push(cur);
                }
                path.reverse();
                return Some(path);
            }
            for next in destinations(&probe, at) {
                if in_region::<B>(next) && rank_of::<B>(next) <= top && !parent.contains_key(&next)
                {
                    parent.insert(next, at);
                    queue.push_back(next);
                }
            }
        }
        None
    }

    /// Like [`Realizer::route`], but if the way is blocked, first steps one other pooled piece
    /// aside (to any free square of ranks 3-5) when that opens it. Returns the moves of the
    /// piece stepping aside, if any, and the route.
    fn route_clearing(
        &self,
        from: u8,
        goal: impl Fn(&B, u8) -> bool + Copy,
    ) -> Option<(Option<StepAside>, Vec<u8>)> {
        if let Some(path) = self.route(from, goal) {
            return Some((None, path));
        }
        let others: Vec<u8> = all_squares::<B>()
            .filter(|&s| in_region::<B>(s) && s != from && piece_kind(&self.board, s).is_some())
            .collect();
        for other in others {
            let kind = piece_kind(&self.board, other).expect("a piece stands there");
            // Try every free square the blocker can reach, nearest first.
            let mut reach: Vec<Vec<u8>> = Vec::new();
            let mut probe_from = |target_rank: u8| {
                if let Some(path) = self.route(other, |_, s| rank_of::<B>(s) == target_rank) {
                    reach.push(path);
                }
            };
            for rank in REGION {
                probe_from(rank);
            }
            for aside in reach {
                let mut trial = Realizer {
                    board: self.board.clone(),
                    moves: Vec::new(),
                };
                trial.board.relocate(other, *aside.last().unwrap(), kind);
                if let Some(path) = trial.route(from, goal) {
                    return Some((Some((other, aside)), path));
                }
            }
        }
        None
    }

    /// Moves the piece on `from` along `path`.
    fn follow(&mut self, from: u8, path: &[u8]) -> Result<u8, String> {
        let mut at = from;
        for &next in path {
            self.play(at, next)?;
            at = next;
        }
        Ok(at)
    }

    /// Takes the piece on `from` off ranks 1-2 and parks it: on rank 5 if it can get there, else
    /// as high as it can; the king as low as it can (on rank 3 if possible).
    fn exit(&mut self, from: u8) -> Result<(), String> {
        let mut ranks: Vec<u8> = REGION.into_iter().rev().collect();
        if piece_kind(&self.board, from) == Some(KING) {
            ranks.reverse();
        }
        let (aside, path) = ranks
            .into_iter()
            .find_map(|rank| self.route_clearing(from, move |_, s| rank_of::<B>(s) == rank))
            .ok_or_else(|| {
                format!(
                    "the piece on {} finds no way off the first two ranks",
                    self.name(from)
                )
            })?;
        if let Some((other, way)) = aside {
            self.follow(other, &way)?;
        }
        self.follow(from, &path)?;
        Ok(())
    }

    /// Square `s` by name (`e4`).
    fn name(&self, s: u8) -> String {
        format!(
            "{}{}",
            char::from(b'a' + file_of::<B>(s)),
            rank_of::<B>(s) + 1
        )
    }

    /// Brings a pooled piece of `kind` to the exact square `to`.
    fn enter(&mut self, kind: Kind, to: u8) -> Result<(), String> {
        let pooled: Vec<u8> = all_squares::<B>()
            .filter(|&s| in_region::<B>(s) && piece_kind(&self.board, s) == Some(kind))
            .filter(|&s| kind != BISHOP || light::<B>(s) == light::<B>(to))
            .collect();
        for from in pooled {
            let can_reach_target = |b: &B, s: u8| destinations(b, s).contains(&to);
            if destinations(&self.board, from).contains(&to) {
                self.play(from, to)?;
                return Ok(());
            }
            if let Some((aside, path)) = self.route_clearing(from, can_reach_target) {
                if let Some((other, way)) = aside {
                    self.follow(other, &way)?;
                }
                let at = self.follow(from, &path)?;
                self.play(at, to)?;
                return Ok(());
            }
        }
        Err(format!(
            "no pooled {} can reach {}",
            model::kind_name(kind),
            self.name(to)
        ))
    }

    /// Clears region squares a pawn is about to move through or onto.
    fn clear_for_pawn(&mut self, squares: &[u8]) -> Result<(), String> {
        for &s in squares {
            if self.board.occupant(s).is_some() {
                self.exit(s)?;
            }
        }
        Ok(())
    }

    /// Pushes the pawn of `file` on to the model's pawn state `to`.
    fn push(&mut self, file: u8, to: u8) -> Result<(), String> {
        let rank_of_state = |state: u8| match state {
            model::HOME => 1,
            model::THIRD => 2,
            _ => 4,
        };
        let from = [1, 2, 3, 4]
            .into_iter()
            .map(|r| square::<B>(file, r))
            .find(|&s| self.board.occupant(s) == Some(Occupant::Pawn))
            .ok_or_else(|| format!("no pawn on the {}-file", char::from(b'a' + file)))?;
        let target = square::<B>(file, rank_of_state(to));
        let between: Vec<u8> = (rank_of::<B>(from) + 1..=rank_of::<B>(target))
            .map(|r| square::<B>(file, r))
            .collect();
        self.clear_for_pawn(&between)?;
        if rank_of::<B>(from) == 1 && rank_of::<B>(target) == 2 {
            self.play(from, target)
        } else if rank_of::<B>(from) == 1 {
            // Two squares first, then one at a time.
            self.play(from, between[1])?;
            let mut at = between[1];
            for &s in &between[2..] {
                self.play(at, s)?;
                at = s;
            }
            Ok(())
        } else {
            // One square at a time otherwise (a pawn moves two squares only from its start).
            let mut at = from;
            for &s in &between {
                self.play(at, s)?;
                at = s;
            }
            Ok(())
        }
    }

    /// Moves every pooled piece to a fixed square determined by the pool's contents alone, so
    /// that two games ending in the same model position end in the same real position.
    fn normalize_pool(&mut self) -> Result<(), String> {
        let goal = region_key(&self.parking_target()?);
        for (from, to) in self.rearrangement(goal)? {
            self.play(from, to)?;
        }
        Ok(())
    }

    /// The board with the pooled pieces on their parking squares: bishops on the first free
    /// rank-5 square of their colour, then king, queen, rooks, knights (and on ten files the
    /// archbishop and the chancellor) on the first free rank-5 squares, from the a-file on;
    /// rank 4 next, when pawns "beyond" leave too few on rank 5.
    fn parking_target(&self) -> Result<B, String> {
        let order = |kind: Kind| if kind == BISHOP { 0 } else { kind };
        let mut pooled: Vec<(Kind, bool)> = region::<B>()
            .filter_map(|s| piece_kind(&self.board, s).map(|k| (k, light::<B>(s))))
            .collect();
        pooled.sort_by_key(|&(k, light)| (order(k), !light));
        let mut target = self.board.clone();
        for s in region::<B>() {
            if piece_kind(&target, s).is_some() {
                target.clear(s);
            }
        }
        for (kind, is_light) in pooled {
            let square = [TOP_RANK, TOP_RANK - 1]
                .into_iter()
                .flat_map(|rank| (0..B::FILES).map(move |f| square::<B>(f, rank)))
                .filter(|&s| target.occupant(s).is_none())
                .find(|&s| kind != BISHOP || light::<B>(s) == is_light)
                .ok_or("no parking square left")?;
            target.relocate(square, square, kind);
        }
        Ok(target)
    }

    /// The moves that take the pooled pieces from where they stand to the arrangement `goal`
    /// ([`region_key`]), the rest of the board fixed: a best-first search over arrangements of
    /// the pooled pieces on ranks 3-5, so pieces make way for each other as needed. It is guided
    /// by how far each piece still has to go ([`Guide::Distance`]); should that give up, by how
    /// many target squares still lack their piece ([`Guide::Misplaced`]), the guide it had
    /// first. The distances lead it straight on: on ten files, where up to ten pieces crowd
    /// ranks 3-5, the misplaced count lost its way among equally good arrangements in one
    /// rearrangement of five (36 of 168 on a sample, 200,000 arrangements each), where the
    /// distances needed at most 2,115; on the standard board it searched up to 151,651.
    fn rearrangement(&self, goal: u128) -> Result<Vec<(u8, u8)>, String> {
        let remaining = Remaining::new::<B>(goal, self.distances(goal));
        self.rearrangement_guided(goal, Guide::Distance(remaining), 2_000_000)
            .or_else(|| self.rearrangement_guided(goal, Guide::Misplaced, 2_000_000))
            .ok_or_else(|| "the pooled pieces cannot be put on their parking squares".into())
    }

    /// For [`Guide::Distance`]: per region square of `goal` holding a piece, the fewest moves
    /// that piece needs from each region square to it, moving alone over the region (pawns and
    /// ranks 1-2 as they stand, the other pooled pieces lifted); `u8::MAX` where it cannot.
    fn distances(&self, goal: u128) -> Vec<(u8, Vec<u8>)> {
        let mut empty = self.board.clone();
        for s in region::<B>() {
            if piece_kind(&empty, s).is_some() {
                empty.clear(s);
            }
        }
        region::<B>()
            .filter_map(|target| {
                let kind = ((goal >> (3 * region_index::<B>(target))) & 7) as Kind;
                (kind != 0).then(|| {
                    // Moves on the empty region are reversible: the distance from the target
                    // is the distance to it.
                    let mut dist = vec![u8::MAX; region::<B>().count()];
                    dist[region_index::<B>(target)] = 0;
                    let mut queue = VecDeque::from([target]);
                    let mut probe = empty.clone();
                    while let Some(at) = queue.pop_front() {
                        probe.clone_from(&empty);
                        probe.relocate(at, at, kind);
                        let d = dist[region_index::<B>(at)];
                        probe.each_destination_within(at, REGION[0]..=TOP_RANK, |to| {
                            if dist[region_index::<B>(to)] == u8::MAX {
                                dist[region_index::<B>(to)] = d + 1;
                                queue.push_back(to);
                            }
                        });
                    }
                    (target, dist)
                })
            })
            .collect()
    }

    /// [`Realizer::rearrangement`] with one guide, giving up after `limit` arrangements.
    fn rearrangement_guided(
        &self,
        goal: u128,
        guide: Guide,
        limit: usize,
    ) -> Option<Vec<(u8, u8)>> {
        let start = region_key(&self.board);
        let lowest = lowest_bits::<B>();
        let any_bit = |k: u128| (k | k >> 1 | k >> 2) & lowest;
        let wanted = any_bit(goal);
        let estimate = |key: u128| -> usize {
            match &guide {
                Guide::Misplaced => 2 * (any_bit(key ^ goal) & wanted).count_ones() as usize,
                Guide::Distance(remaining) => 2 * remaining.of::<B>(key),
            }
        };
        // Per packed arrangement: its cost so far and how it was reached. Hashed by the search's
        // fast hasher (SipHash took most of the time here).
        let mut parent: FastMap<u128, (usize, u128, u8, u8)> = FastMap::default();
        parent.insert(start, (0, start, 0, 0));
        let mut open = std::collections::BinaryHeap::new();
        open.push(std::cmp::Reverse((estimate(start), 0usize, start)));
        let mut scratch = self.board.clone();
        let mut found = start == goal;
        while let Some(std::cmp::Reverse((_, g, key))) = open.pop() {
            if found || parent.len() > limit {
                break;
            }
            if parent.get(&key).is_some_and(|&(c, ..)| c < g) {
                continue;
            }
            set_region(key, &mut scratch);
            for from in region::<B>() {
                if piece_kind(&scratch, from).is_none() {
                    continue;
                }
                let code_from = (key >> (3 * region_index::<B>(from))) & 7;
                let without = key & !(7 << (3 * region_index::<B>(from)));
                scratch.each_destination_within(from, REGION[0]..=TOP_RANK, |to| {
                    let next = without | code_from << (3 * region_index::<B>(to));
                    let better = match parent.entry(next) {
                        Entry::Vacant(slot) => {
                            slot.insert((g + 1, key, from, to));
                            true
                        }
                        Entry::Occupied(mut slot) if slot.get().0 > g + 1 => {
                            slot.insert((g + 1, key, from, to));
                            true
                        }
                        Entry::Occupied(_) => false,
                    };
                    if better {
                        if next == goal {
                            found = true;
                        }
                        open.push(std::cmp::Reverse((g + 1 + estimate(next), g + 1, next)));
                    }
                });
            }
        }
        if !found {
            return None;
        }
        let mut moves = Vec::new();
        let mut at = goal;
        while at != start {
            let (_, prev, from, to) = parent[&at];
            moves.push((from, to));
            at = prev;
        }
        moves.reverse();
        Some(moves)
    }
}

/// What guides the rearrangement search of the pooled pieces ([`Realizer::rearrangement`]).
enum Guide {
    /// How many target squares lack their piece.
    Misplaced,
    /// How many moves the pieces need at least, each on its own, to reach target squares of
    /// their kind ([`Realizer::distances`]): the best of the ways to share the targets out.
    Distance(Remaining),
}

/// The fewest moves the pieces of a region key need, each moving alone, to stand on the squares
/// of `goal`: per target, the distance of a piece of its kind (of its colour, for bishops),
/// shared out the best way (at most two pieces share a kind and colour). A piece that cannot
/// reach any target counts as far as the region is wide. The targets are sorted into classes
/// once per search ([`Remaining::new`]), so that the estimate of each arrangement the search
/// meets ([`Remaining::of`]) allocates nothing.
struct Remaining {
    /// Per region square of `goal` holding a piece, its distances ([`Realizer::distances`]).
    distances: Vec<(u8, Vec<u8>)>,
    /// Per class ([`class`]): its first two targets (indices into `distances`) and how many
    /// there are.
    targets: [([u8; 2], u8); CLASSES],
    /// The lowest of each region square's three bits in a region key.
    lowest: u128,
}

/// How many classes of piece the estimate tells apart: a kind each, bishops by colour too.
const CLASSES: usize = 16;

/// The class of a man of `kind` on `s`: its kind, and for a bishop its squares' colour.
fn class<B: RealBoard>(kind: Kind, s: u8) -> usize {
    2 * kind as usize + usize::from(kind == BISHOP && light::<B>(s))
}

/// The kind a region key ([`region_key`]) holds on `s`, 0 for none.
fn code_at<B: RealBoard>(key: u128, s: u8) -> Kind {
    ((key >> (3 * region_index::<B>(s))) & 7) as Kind
}

impl Remaining {
    fn new<B: RealBoard>(goal: u128, distances: Vec<(u8, Vec<u8>)>) -> Remaining {
        let mut targets = [([0u8; 2], 0u8); CLASSES];
        for (t, &(target, _)) in distances.iter().enumerate() {
            let (first, count) = &mut targets[class::<B>(code_at::<B>(goal, target), target)];
            if *count < 2 {
                first[*count as usize] = t as u8;
            }
            *count = (*count).saturating_add(1);
        }
        Remaining {
            distances,
            targets,
            lowest: lowest_bits::<B>(),
        }
    }

    /// The estimate for the region key `key`.
    fn of<B: RealBoard>(&self, key: u128) -> usize {
        let mut own = [([0u8; 2], 0usize); CLASSES];
        // The occupied region squares, a bit at the lowest of each one's three (region order).
        let mut occupied = (key | key >> 1 | key >> 2) & self.lowest;
        while occupied != 0 {
            let bit = occupied.trailing_zeros();
            occupied &= occupied - 1;
            let s = region_square::<B>(bit as usize / 3);
            let kind = ((key >> bit) & 7) as Kind;
            let (first, count) = &mut own[class::<B>(kind, s)];
            if *count < 2 {
                first[*count] = s;
            }
            *count += 1;
        }
        let far = |d: u8| {
            if d == u8::MAX {
                3 * B::FILES as usize
            } else {
                d as usize
            }
        };
        let cost = |t: u8, p: u8| far(self.distances[t as usize].1[region_index::<B>(p)]);
        (self.targets.iter().zip(&own))
            .map(
                |(&([t, u], targets), &([p, q], pieces))| match (targets, pieces) {
                    (1, 1) => cost(t, p),
                    (2, 2) => (cost(t, p) + cost(u, q)).min(cost(t, q) + cost(u, p)),
                    _ => 0,
                },
            )
            .sum()
    }
}

/// The squares where pooled pieces live and travel (ranks 3-5), a3 first.
fn region<B: RealBoard>() -> impl Iterator<Item = u8> {
    all_squares::<B>().filter(|&s| in_region::<B>(s))
}

/// What stands on the region's squares of `board`, packed three bits a square (the model's
/// kind, 0 for nothing; pawns count as nothing: they never stand there while pieces are
/// rearranged). This packs a real board's pool, not a model position.
fn region_key<B: RealBoard>(board: &B) -> u128 {
    region::<B>().fold(0u128, |k, s| {
        let code = piece_kind(board, s).unwrap_or(0) as u128;
        k | code << (3 * region_index::<B>(s))
    })
}

/// Puts the pieces of `key` ([`region_key`]) on the region's squares of `board`.
fn set_region<B: RealBoard>(key: u128, board: &mut B) {
    for s in region::<B>() {
        let code = ((key >> (3 * region_index::<B>(s))) & 7) as u8;
        if code == 0 {
            if piece_kind(board, s).is_some() {
                board.clear(s);
            }
        } else {
            board.relocate(s, s, code);
        }
    }
}

/// The index of a region square among the region's squares, a3 first.
fn region_index<B: RealBoard>(s: u8) -> usize {
    (s - 2 * B::FILES) as usize
}

/// The region square with index `index` ([`region_index`]).
fn region_square<B: RealBoard>(index: usize) -> u8 {
    index as u8 + 2 * B::FILES
}

/// The lowest of each region square's three bits in a region key ([`region_key`]): a key's
/// occupied squares are `(key | key >> 1 | key >> 2) & lowest_bits()`.
fn lowest_bits<B: RealBoard>() -> u128 {
    region::<B>().fold(0, |m, s| m | 1 << (3 * region_index::<B>(s)))
}

/// Realizes `steps` (a model line from `board`, a start position) as the moves of a real game,
/// each from and to (castling as the king onto its rook). With `normalize`, the pooled pieces
/// end on fixed parking squares.
pub fn realize_on<B: RealBoard>(
    board: B,
    steps: &[Step],
    normalize: bool,
) -> Result<Vec<(u8, u8)>, RealizeError> {
    let mut r = Realizer {
        board,
        moves: Vec::new(),
    };
    for (i, &step) in steps.iter().enumerate() {
        // Model squares are `file + width * row` on ranks 1-2: the board's own numbering.
        let done = match step {
            Step::Move { from, to } => r.play(from, to),
            Step::Exit { from } => r.exit(from),
            Step::Enter { kind, to } => r.enter(kind, to),
            Step::Push { file, to } => r.push(file, to),
            Step::Castle(castle) => r.board.castle(castle.side).map(|mv| r.moves.push(mv)),
        };
        done.map_err(|reason| RealizeError {
            step: i + 1,
            reason,
            placement: r.board.fen_placement(),
        })?;
    }
    if normalize {
        r.normalize_pool().map_err(|reason| RealizeError {
            step: steps.len(),
            reason,
            placement: r.board.fen_placement(),
        })?;
    }
    Ok(r.moves)
}

/// Realizes `steps` (a model line from the start position of `arrangement`) as a real game on
/// the standard board. With `normalize`, the pooled pieces end on fixed parking squares. Its
/// castling, if any, goes along the path of its castling step.
pub(crate) fn realize(
    arrangement: &Arrangement,
    steps: &[Step],
    normalize: bool,
) -> Result<Line, RealizeError> {
    // The searches castle along unnamed paths (`O-O`, `O-O-O`); callers name the lines their
    // rule's way afterwards.
    let castling = steps.iter().find_map(|step| match step {
        Step::Castle(castle) => Some(CastlingPath::of_geometry(*castle, Naming::Side)),
        _ => None,
    });
    let mut line = match castling {
        Some(path) => Line::castling_along(arrangement, path),
        None => Line::default(),
    };
    let moves = realize_on(line.start(arrangement), steps, normalize)?;
    line.moves = moves
        .into_iter()
        .map(|(from, to)| plain_move(Square::index(from as usize), Square::index(to as usize)))
        .collect();
    Ok(line)
}

/// The standard board's White-only [`Board`] as realization sees it.
impl RealBoard for Board {
    const FILES: u8 = 8;

    fn occupant(&self, s: u8) -> Option<Occupant> {
        self.piece_on(Square::index(s as usize)).map(|p| match p {
            crate::chess::Piece::Pawn => Occupant::Pawn,
            p => Occupant::Piece(model::kind_of(p)),
        })
    }

    fn each_destination_within(&self, from: u8, ranks: RangeInclusive<u8>, mut f: impl FnMut(u8)) {
        let rank = |r: u8| crate::chess::Rank::index(r as usize);
        Board::each_destination_within(
            self,
            Square::index(from as usize),
            rank(*ranks.start())..=rank(*ranks.end()),
            |to| f(to as u8),
        );
    }

    fn relocate(&mut self, from: u8, to: u8, kind: Kind) {
        Board::relocate(
            self,
            Square::index(from as usize),
            Square::index(to as usize),
            model::piece_of(kind),
        );
    }

    fn clear(&mut self, s: u8) {
        Board::clear(self, Square::index(s as usize));
    }

    fn play(&mut self, from: u8, to: u8) -> Result<(), String> {
        let mv: Move = plain_move(Square::index(from as usize), Square::index(to as usize));
        Board::play(self, mv).map_err(|e| e.to_string())
    }

    fn castle(&mut self, side: CastlingSide) -> Result<(u8, u8), String> {
        let mv = self.castling_move(side);
        Board::play(self, mv).map_err(|e| e.to_string())?;
        Ok((mv.from as u8, mv.to as u8))
    }

    fn fen_placement(&self) -> String {
        Board::fen_placement(self)
    }
}
