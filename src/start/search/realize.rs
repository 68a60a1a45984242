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
//! Realizing every line as a real game, which cozy-chess then replays, is what backs each
//! positive claim of the pawn-move analysis: if the pool abstraction ever allowed something the
//! real board does not, realization fails and the tests say so.

use crate::chess::{Arrangement, File, Move, Piece, Rank, Square, is_light, piece};
use crate::start::board::{WhiteBoard as Board, plain_move};
use crate::start::line::Line;
use crate::start::search::hash::FastMap;
use crate::start::search::model::{self, Step, square_of};
use std::collections::{HashMap, VecDeque};

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

/// The ranks where pooled pieces live and travel, lowest first: 3 to 5, below Black's pawns.
/// Pieces park on the highest (rank 5), the king keeps as low as it can.
const REGION: [Rank; 3] = [Rank::Third, Rank::Fourth, Rank::Fifth];
/// The highest rank White's pieces use: rank 5, below Black's pawns.
const TOP_RANK: Rank = Rank::Fifth;

/// Whether a square belongs to the region where pooled pieces live and travel: ranks 3-5.
fn in_region(s: Square) -> bool {
    REGION.contains(&s.rank())
}

/// The piece (not a pawn) standing on `s`.
fn piece_kind(board: &Board, s: Square) -> Option<Piece> {
    board.piece_on(s).filter(|&p| p != Piece::Pawn)
}

/// A pooled piece stepping aside: where it stands and the squares it moves through.
type StepAside = (Square, Vec<Square>);

/// A real game being built from model steps.
struct Realizer {
    board: Board,
    line: Line,
}

impl Realizer {
    fn play(&mut self, mv: Move) -> Result<(), String> {
        self.board.play(mv).map_err(|e| e.to_string())?;
        self.line.moves.push(mv);
        Ok(())
    }

    /// The shortest sequence of moves taking the piece on `from` to a square for which `goal`
    /// holds, moving only through empty region squares (the first move may start outside it).
    /// `goal` sees the board with the piece standing on the square in question.
    fn route(&self, from: Square, goal: impl Fn(&Board, Square) -> bool) -> Option<Vec<Square>> {
        let man = self.board.piece_on(from)?;
        // White's king keeps as low as it can: Black's waiting knights on rank 6 attack ranks 4
        // and 5, never rank 3.
        if man == Piece::King {
            return REGION
                .into_iter()
                .find_map(|top| self.route_below(from, man, top, &goal));
        }
        self.route_below(from, man, TOP_RANK, &goal)
    }

    /// [`Realizer::route`] through region squares up to rank index `top`.
    fn route_below(
        &self,
        from: Square,
        man: Piece,
        top: Rank,
        goal: &impl Fn(&Board, Square) -> bool,
    ) -> Option<Vec<Square>> {
        let mut parent: HashMap<Square, Square> = HashMap::from([(from, from)]);
        let mut queue = VecDeque::from([from]);
        let mut probe = self.board.clone();
        while let Some(at) = queue.pop_front() {
            // Put the piece on `at` to judge the goal and list its moves from there.
            probe.clone_from(&self.board);
            probe.relocate(from, at, man);
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
            for next in probe.destinations(at) {
                if in_region(next) && next.rank() <= top && !parent.contains_key(&next) {
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
        from: Square,
        goal: impl Fn(&Board, Square) -> bool + Copy,
    ) -> Option<(Option<StepAside>, Vec<Square>)> {
        if let Some(path) = self.route(from, goal) {
            return Some((None, path));
        }
        let others: Vec<Square> = Square::ALL
            .into_iter()
            .filter(|&s| in_region(s) && s != from && piece_kind(&self.board, s).is_some())
            .collect();
        for other in others {
            let man = self.board.piece_on(other).expect("a piece stands there");
            // Try every free square the blocker can reach, nearest first.
            let mut reach: Vec<Vec<Square>> = Vec::new();
            let mut probe_from = |target_rank: Rank| {
                if let Some(path) = self.route(other, |_, s| s.rank() == target_rank) {
                    reach.push(path);
                }
            };
            for rank in REGION {
                probe_from(rank);
            }
            for aside in reach {
                let mut trial = Realizer {
                    board: self.board.clone(),
                    line: Line::default(),
                };
                trial.board.relocate(other, *aside.last().unwrap(), man);
                if let Some(path) = trial.route(from, goal) {
                    return Some((Some((other, aside)), path));
                }
            }
        }
        None
    }

    /// Moves the piece on `from` along `path`.
    fn follow(&mut self, from: Square, path: &[Square]) -> Result<Square, String> {
        let mut at = from;
        for &next in path {
            self.play(plain_move(at, next))?;
            at = next;
        }
        Ok(at)
    }

    /// Takes the piece on `from` off ranks 1-2 and parks it: on rank 5 if it can get there, else
    /// as high as it can; the king as low as it can (on rank 3 if possible).
    fn exit(&mut self, from: Square) -> Result<(), String> {
        let mut ranks: Vec<Rank> = REGION.into_iter().rev().collect();
        if self.board.piece_on(from) == Some(Piece::King) {
            ranks.reverse();
        }
        let (aside, path) = ranks
            .into_iter()
            .find_map(|rank| self.route_clearing(from, move |_, s| s.rank() == rank))
            .ok_or_else(|| format!("the piece on {from} finds no way off the first two ranks"))?;
        if let Some((other, way)) = aside {
            self.follow(other, &way)?;
        }
        self.follow(from, &path)?;
        Ok(())
    }

    /// Brings a pooled piece of `kind` to the exact square `to`.
    fn enter(&mut self, kind: u8, to: Square) -> Result<(), String> {
        let piece = model::piece_of(kind);
        let pooled: Vec<Square> = Square::ALL
            .into_iter()
            .filter(|&s| in_region(s) && piece_kind(&self.board, s) == Some(piece))
            .filter(|&s| piece != Piece::Bishop || is_light(s) == is_light(to))
            .collect();
        for from in pooled {
            let can_reach_target = |b: &Board, s: Square| b.destinations(s).contains(&to);
            if self.board.destinations(from).contains(&to) {
                self.play(plain_move(from, to))?;
                return Ok(());
            }
            if let Some((aside, path)) = self.route_clearing(from, can_reach_target) {
                if let Some((other, way)) = aside {
                    self.follow(other, &way)?;
                }
                let at = self.follow(from, &path)?;
                self.play(plain_move(at, to))?;
                return Ok(());
            }
        }
        Err(format!("no pooled {} can reach {to}", piece::name(piece)))
    }

    /// Clears region squares a pawn is about to move through or onto.
    fn clear_for_pawn(&mut self, squares: &[Square]) -> Result<(), String> {
        for &s in squares {
            if self.board.piece_on(s).is_some() {
                self.exit(s)?;
            }
        }
        Ok(())
    }

    /// Pushes the pawn of `file` on to the model's pawn state `to`.
    fn push(&mut self, file: File, to: u8) -> Result<(), String> {
        let rank_of = |state: u8| match state {
            model::HOME => Rank::Second,
            model::THIRD => Rank::Third,
            _ => Rank::Fifth,
        };
        let from = [Rank::Second, Rank::Third, Rank::Fourth, Rank::Fifth]
            .into_iter()
            .map(|r| Square::new(file, r))
            .find(|&s| self.board.piece_on(s) == Some(Piece::Pawn))
            .ok_or_else(|| format!("no pawn on the {file}-file"))?;
        let target = Square::new(file, rank_of(to));
        let between: Vec<Square> = (from.rank() as usize + 1..=target.rank() as usize)
            .map(|r| Square::new(file, Rank::index(r)))
            .collect();
        self.clear_for_pawn(&between)?;
        if from.rank() == Rank::Second && target.rank() == Rank::Third {
            self.play(plain_move(from, target))
        } else if from.rank() == Rank::Second {
            // Two squares first, then one at a time.
            self.play(plain_move(from, between[1]))?;
            let mut at = between[1];
            for &s in &between[2..] {
                self.play(plain_move(at, s))?;
                at = s;
            }
            Ok(())
        } else {
            // One square at a time otherwise (a pawn moves two squares only from its start).
            let mut at = from;
            for &s in &between {
                self.play(plain_move(at, s))?;
                at = s;
            }
            Ok(())
        }
    }

    /// Moves every pooled piece to a fixed square determined by the pool's contents alone, so
    /// that two games ending in the same model position end in the same real position.
    fn normalize_pool(&mut self) -> Result<(), String> {
        let goal = region_key(&self.parking_target()?);
        for mv in self.rearrangement(goal)? {
            self.play(mv)?;
        }
        Ok(())
    }

    /// The board with the pooled pieces on their parking squares: bishops on the first free
    /// rank-5 square of their colour, then king, queen, rooks and knights on the first free
    /// rank-5 squares, files a to h; rank 4 next, when pawns "beyond" leave too few on rank 5.
    fn parking_target(&self) -> Result<Board, String> {
        let order = |p: Piece| match p {
            Piece::Bishop => 0,
            Piece::King => 1,
            Piece::Queen => 2,
            Piece::Rook => 3,
            Piece::Knight => 4,
            Piece::Pawn => 5, // never pooled: pawns are not pieces of the pool
        };
        let mut pooled: Vec<(Piece, bool)> = region()
            .filter_map(|s| piece_kind(&self.board, s).map(|p| (p, is_light(s))))
            .collect();
        pooled.sort_by_key(|&(p, light)| (order(p), !light));
        let mut target = self.board.clone();
        for s in region() {
            if piece_kind(&target, s).is_some() {
                target.clear(s);
            }
        }
        for (p, light) in pooled {
            let square = [Rank::Fifth, Rank::Fourth]
                .into_iter()
                .flat_map(|rank| File::ALL.map(move |f| Square::new(f, rank)))
                .filter(|&s| target.piece_on(s).is_none())
                .find(|&s| p != Piece::Bishop || is_light(s) == light)
                .ok_or("no parking square left")?;
            target.relocate(square, square, p);
        }
        Ok(target)
    }

    /// The moves that take the pooled pieces from where they stand to the arrangement `goal`
    /// ([`region_key`]), the rest of the board fixed: a best-first search over arrangements of
    /// the pooled pieces on ranks 3-5, so pieces make way for each other as needed, guided by
    /// how many target squares still lack their piece (counted a three-bit field at a time, by
    /// folding each field's bits onto its lowest one).
    fn rearrangement(&self, goal: u128) -> Result<Vec<Move>, String> {
        let start = region_key(&self.board);
        let lowest: u128 = region().fold(0, |m, s| m | 1 << (3 * region_index(s)));
        let any_bit = |k: u128| (k | k >> 1 | k >> 2) & lowest;
        let wanted = any_bit(goal);
        let misplaced =
            |key: u128| -> usize { (any_bit(key ^ goal) & wanted).count_ones() as usize };
        // Per packed arrangement: its cost so far and how it was reached. Hashed by the search's
        // fast hasher (SipHash took most of the time here).
        let mut parent: FastMap<u128, (usize, u128, Square, Square)> = FastMap::default();
        parent.insert(start, (0, start, Square::A1, Square::A1));
        let mut open = std::collections::BinaryHeap::new();
        open.push(std::cmp::Reverse((2 * misplaced(start), 0usize, start)));
        let mut scratch = self.board.clone();
        let mut found = start == goal;
        while let Some(std::cmp::Reverse((_, g, key))) = open.pop() {
            if found || parent.len() > 2_000_000 {
                break;
            }
            if parent.get(&key).is_some_and(|&(c, ..)| c < g) {
                continue;
            }
            set_region(key, &mut scratch);
            for from in region() {
                if piece_kind(&scratch, from).is_none() {
                    continue;
                }
                let code_from = (key >> (3 * region_index(from))) & 7;
                let without = key & !(7 << (3 * region_index(from)));
                scratch.each_destination_within(from, Rank::Third..=TOP_RANK, |to| {
                    let next = without | code_from << (3 * region_index(to));
                    if parent.get(&next).is_none_or(|&(c, ..)| c > g + 1) {
                        parent.insert(next, (g + 1, key, from, to));
                        if next == goal {
                            found = true;
                        }
                        open.push(std::cmp::Reverse((
                            g + 1 + 2 * misplaced(next),
                            g + 1,
                            next,
                        )));
                    }
                });
            }
        }
        if !found {
            return Err("the pooled pieces cannot be put on their parking squares".into());
        }
        let mut moves = Vec::new();
        let mut at = goal;
        while at != start {
            let (_, prev, from, to) = parent[&at];
            moves.push(plain_move(from, to));
            at = prev;
        }
        moves.reverse();
        Ok(moves)
    }
}

/// The squares where pooled pieces live and travel (ranks 3-5), a3 first.
fn region() -> impl Iterator<Item = Square> {
    Square::ALL.into_iter().filter(|&s| in_region(s))
}

/// What stands on the region's squares of `board`, packed three bits a square (the model's
/// kind, 0 for nothing; pawns count as nothing: they never stand there while pieces are
/// rearranged). This packs a real board's pool, not a model position.
fn region_key(board: &Board) -> u128 {
    region().fold(0u128, |k, s| {
        let code = piece_kind(board, s).map_or(0, |p| model::kind_of(p) as u128);
        k | code << (3 * region_index(s))
    })
}

/// Puts the pieces of `key` ([`region_key`]) on the region's squares of `board`.
fn set_region(key: u128, board: &mut Board) {
    for s in region() {
        let code = ((key >> (3 * region_index(s))) & 7) as u8;
        if code == 0 {
            if piece_kind(board, s).is_some() {
                board.clear(s);
            }
        } else {
            board.relocate(s, s, model::piece_of(code));
        }
    }
}

/// The index of a region square among the region's squares, a3 first.
fn region_index(s: Square) -> usize {
    s as usize - 16
}

/// Realizes `steps` (a model line from the start position) as a real game. With `normalize`,
/// the pooled pieces end on fixed parking squares. Its castling, if any, goes along the path of
/// its castling step.
pub(crate) fn realize(
    arrangement: &Arrangement,
    steps: &[Step],
    normalize: bool,
) -> Result<Line, RealizeError> {
    let castling = steps.iter().find_map(|step| match step {
        Step::Castle(path) => Some(*path),
        _ => None,
    });
    let line = match castling {
        Some(path) => Line::castling_along(arrangement, path),
        None => Line::default(),
    };
    let mut r = Realizer {
        board: line.start(arrangement),
        line,
    };
    for (i, &step) in steps.iter().enumerate() {
        let done = match step {
            Step::Move { from, to } => r.play(plain_move(square_of(from), square_of(to))),
            Step::Exit { from } => r.exit(square_of(from)),
            Step::Enter { kind, to } => r.enter(kind, square_of(to)),
            Step::Push { file, to } => r.push(File::index(file as usize), to),
            Step::Castle(path) => r.play(r.board.castling_move(path.side())),
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
    Ok(r.line)
}
