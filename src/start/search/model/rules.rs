//! The moves of the model under a search's rules, generated in the normal forms of the module
//! docs: [`Rules::close`] applies the first-chance decisions, [`Rules::successors`] every move.

use super::cell::{
    ARCHBISHOP, BISHOP, CHANCELLOR, Cell, KING, KNIGHT, Kind, QUEEN, ROOK, leaps, total,
};
use super::pawns::{BEYOND, Pawns, THIRD, file_digit, pawn_advances};
use super::pos::{BackRank, Pos};
use super::squares::{Sq, SquareSet, file_of, is_light, row_of, sq};
use crate::chess::Geometry;
use crate::chess::directions::{BISHOP_DIRS, KING_STEPS, ROOK_DIRS};
use std::sync::OnceLock;

/// The leapers the normal form never moves on ranks 1-2 but *places* there, just before the
/// square dies for them ([`Pos::dead`]): knights, and the archbishop of ten files. (The
/// chancellor, which slides along rank 1 too, follows the first-chance rule instead.)
pub const PLACED: [Kind; 2] = [KNIGHT, ARCHBISHOP];

/// What a transition does that can kill rank-1 squares for a placed leaper ([`PLACED`]).
#[derive(Clone, Copy, Debug)]
enum Kill {
    /// A piece lands on the rank-2 square of this file: no longer a free hole.
    Hole(i8),
    /// A pawn of this file goes to rank 3 and blocks it.
    Third(i8),
}

impl Kill {
    /// The rank-1 files whose squares this can kill for a placed leaper of `kind`: a knight
    /// leaps to rank 3 one file away and to rank 2 two files away; an archbishop also steps
    /// diagonally to rank 2 one file away.
    fn files(self, kind: Kind) -> impl Iterator<Item = i8> {
        let (x, offsets): (i8, &[i8]) = match (self, kind) {
            (Kill::Hole(x), ARCHBISHOP) => (x, &[-2, -1, 1, 2]),
            (Kill::Hole(x), _) => (x, &[-2, 2]),
            (Kill::Third(x), _) => (x, &[-1, 1]),
        };
        offsets.iter().map(move |d| x + d)
    }
}

/// Knight moves that stay within ranks 1-2.
const KNIGHT_FLAT: [(i8, i8); 4] = [(2, 1), (-2, 1), (2, -1), (-2, -1)];

/// One step of an abstract line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// A piece moves within ranks 1-2.
    Move {
        /// Where it stood.
        from: Sq,
        /// Where it goes.
        to: Sq,
    },
    /// A piece leaves ranks 1-2 for the pool.
    Exit {
        /// Where it stood.
        from: Sq,
    },
    /// A piece comes back from the pool.
    Enter {
        /// Its kind.
        kind: Kind,
        /// The square it comes to.
        to: Sq,
    },
    /// A file's pawn advances to a new state (rank 3, or beyond).
    Push {
        /// The pawn's file (0 = a).
        file: u8,
        /// Its new state.
        to: u8,
    },
    /// Castling (its rule's landing squares).
    Castle(Geometry),
}

/// Moves of a piece of `kind` from `s` that stay within ranks 1-2, over squares for which
/// `free(square)` holds. Calls `f(to, touched)` with the squares of ranks 1-2 passed over or
/// landed on, `s` included (for the castling search's bookkeeping).
fn flat_rays<const F: usize>(
    kind: Kind,
    s: Sq,
    free: impl Fn(Sq) -> bool,
    mut f: impl FnMut(Sq, SquareSet),
) {
    let lines = &flat_lines::<F>()[kind as usize][s as usize];
    for line in &lines.lines[..lines.count as usize] {
        let mut touched = SquareSet::single(s);
        for &to in line.iter().take_while(|&&to| to != END) {
            if !free(to) {
                break;
            }
            touched = touched.with(to);
            f(to, touched);
        }
    }
}

/// Marks the end of a line in [`FlatLines::lines`].
const END: Sq = Sq::MAX;

/// The lines a piece moves along from one exact square within ranks 1-2, each its squares
/// outward as far as the piece may go on an empty board (one for a piece that steps), ended by
/// [`END`] when shorter than ten, in the order that fixes which successor comes first. Lines
/// that leave ranks 1-2 at once are left out.
#[derive(Clone, Copy)]
struct FlatLines {
    count: u8,
    lines: [[Sq; 10]; 8],
}

/// [`FlatLines`] per kind and exact square of a board `F` files wide, worked out once: the
/// searches' innermost loop reads its squares from here rather than stepping files and rows.
fn flat_lines<const F: usize>() -> &'static [[FlatLines; 20]; 8] {
    fn work_out<const F: usize>() -> [[FlatLines; 20]; 8] {
        let none = FlatLines {
            count: 0,
            lines: [[END; 10]; 8],
        };
        let mut table = [[none; 20]; 8];
        for (kind, row_of_kind) in table.iter_mut().enumerate() {
            // The lines a piece moves along, and whether it rides them (slides) or takes one
            // step.
            let lines: &[(&[(i8, i8)], bool)] = match kind as Kind {
                KING => &[(&KING_STEPS, false)],
                QUEEN => &[(&KING_STEPS, true)],
                ROOK => &[(&ROOK_DIRS, true)],
                BISHOP => &[(&BISHOP_DIRS, true)],
                KNIGHT => &[(&KNIGHT_FLAT, false)],
                ARCHBISHOP => &[(&BISHOP_DIRS, true), (&KNIGHT_FLAT, false)],
                CHANCELLOR => &[(&ROOK_DIRS, true), (&KNIGHT_FLAT, false)],
                _ => &[],
            };
            for (s, from) in row_of_kind.iter_mut().enumerate().take(2 * F) {
                let (file, row) = (file_of::<F>(s as Sq), row_of::<F>(s as Sq));
                for &(dirs, ride) in lines {
                    for &(df, dr) in dirs {
                        let mut line = [END; 10];
                        let (mut nf, mut nr) = (file + df, row + dr);
                        let mut length = 0;
                        while (0..F as i8).contains(&nf) && (0..2).contains(&nr) {
                            line[length] = sq::<F>(nf, nr);
                            length += 1;
                            if !ride {
                                break;
                            }
                            nf += df;
                            nr += dr;
                        }
                        if length > 0 {
                            from.lines[from.count as usize] = line;
                            from.count += 1;
                        }
                    }
                }
            }
        }
        table
    }
    static EIGHT: OnceLock<[[FlatLines; 20]; 8]> = OnceLock::new();
    static TEN: OnceLock<[[FlatLines; 20]; 8]> = OnceLock::new();
    match F {
        8 => EIGHT.get_or_init(work_out::<8>),
        10 => TEN.get_or_init(work_out::<10>),
        _ => unreachable!("the model's boards are eight or ten files wide"),
    }
}

/// Moves of a piece of `kind` from `s` within ranks 1-2 of `pos`: see [`flat_rays`].
fn flat_moves<const F: usize>(pos: &Pos<F>, kind: Kind, s: Sq, f: impl FnMut(Sq, SquareSet)) {
    flat_rays::<F>(kind, s, |to| pos.free(file_of::<F>(to), row_of::<F>(to)), f);
}

/// The destinations of a piece of `kind` on `s` moving over the squares of `open` alone (pawns
/// and pieces are whatever `open` leaves out).
pub fn flat_destinations_over<const F: usize>(
    kind: Kind,
    s: Sq,
    open: SquareSet,
    mut f: impl FnMut(Sq),
) {
    flat_rays::<F>(kind, s, |to| open.contains(to), |to, _| f(to));
}

/// The destinations of a piece of `kind` on `s` within ranks 1-2.
pub fn flat_destinations<const F: usize>(pos: &Pos<F>, kind: Kind, s: Sq, mut f: impl FnMut(Sq)) {
    flat_moves(pos, kind, s, |to, _| f(to));
}

/// What a search may do. The castling search freezes the king and the castling rook; the walking
/// search lets everything move but knows which kinds must end in the pool.
#[derive(Clone, Copy, Debug)]
pub struct Rules<const F: usize = 8> {
    /// The most files whose pawns may move.
    pub bound: usize,
    /// Exact squares of pieces that never move (the king and the castling rook while castling
    /// rights are kept).
    pub frozen: SquareSet,
    /// Kinds (a bit per kind) that leave at their first chance and never come back, because the
    /// target has none of them on ranks 1-2.
    pub eager: u8,
    /// Per placed kind ([`PLACED`]: knight, archbishop), the rank-1 files on which one may be
    /// placed just before the square dies for it (a bit per file).
    pub placed_files: [u16; 2],
    /// Per file, the furthest pawn state allowed (for searches towards a fixed pawn structure).
    pub pawn_limit: Pawns<F>,
    /// Pawn structures no pawn move may lead into (a flag per [`super::structure_index`]): the
    /// castling game's safe structures when nothing there can change a verdict, so that the
    /// positions are not even generated. Empty: every structure may be entered.
    pub closed: &'static [bool],
}

/// A sink for successors: the next position, the steps leading there, and the squares the
/// main step touched.
type Sink<'a, const F: usize> = dyn FnMut(Pos<F>, &[Step], SquareSet) + 'a;

/// One transition of [`Rules::successors`] before the first-chance decisions: the position it
/// leads to, its main step and what [`Expansion::emit`] needs to close it and place knights.
struct Transition<'a, const F: usize> {
    next: Pos<F>,
    main: Step,
    /// The squares the step passed over or landed on.
    touched: SquareSet,
    /// The squares whose pieces may have gained a chance to leave.
    unsettled: SquareSet,
    /// What the transition does that may kill rank-1 squares for placed leapers.
    kill: Option<Kill>,
    /// The transition redone on a position with leapers placed.
    apply: &'a dyn Fn(&mut Pos<F>),
}

/// The state of one call of [`Rules::successors`]: the position expanded and a step buffer.
struct Expansion<'r, 's, 'k, const F: usize> {
    rules: &'r Rules<F>,
    pos: &'r Pos<F>,
    /// How many pieces of each kind stand on ranks 1-2 of `pos`, by kind index: counted once
    /// for the whole expansion, which needs them for every piece coming back from the pool.
    counts: [u8; 8],
    /// Per placed kind ([`PLACED`]), how many are in the pool.
    in_pool: [u8; 2],
    buffer: Vec<Step>,
    sink: &'s mut Sink<'k, F>,
}

impl<const F: usize> Rules<F> {
    /// Rules for a search with everything allowed up to `bound` moved pawns.
    pub fn open(bound: usize) -> Rules<F> {
        Rules {
            bound,
            frozen: SquareSet::EMPTY,
            eager: 0,
            placed_files: [(1 << F) - 1; 2],
            pawn_limit: [BEYOND; F],
            closed: &[],
        }
    }

    fn is_eager(&self, kind: Kind) -> bool {
        PLACED.contains(&kind) || self.eager & (1 << kind) != 0
    }

    /// Applies the first-chance decisions: every uncommitted piece that can leave either leaves
    /// (always, for eager kinds and knights) or commits. Calls `sink` with each resulting
    /// position and the exits taken (at most 16).
    pub fn close(
        &self,
        pos: Pos<F>,
        exits: &mut Vec<Step>,
        sink: &mut impl FnMut(Pos<F>, &[Step]),
    ) {
        self.close_among(pos, SquareSet::all::<F>(), exits, sink);
    }

    /// Whether `pos` is closed: [`Rules::close`] hands it back as it is, with no exits.
    pub fn is_closed(&self, pos: &Pos<F>) -> bool {
        let mut closed = true;
        self.close(*pos, &mut Vec::new(), &mut |p, exits| {
            closed &= p == *pos && exits.is_empty()
        });
        closed
    }

    /// [`Rules::close`] looking only at the pieces on `squares`, in square order. Whether a
    /// piece can leave depends only on its own square and the pawns, and deciding for one piece
    /// (leaving, or committing) never changes that for another: so after a move within ranks
    /// 1-2 in a closed position only the moved piece can have a new chance, and after one
    /// piece's decision only the squares after it need a look. A pawn move is what calls for a
    /// look at every square.
    fn close_among(
        &self,
        pos: Pos<F>,
        squares: SquareSet,
        exits: &mut Vec<Step>,
        sink: &mut impl FnMut(Pos<F>, &[Step]),
    ) {
        // After a move within ranks 1-2, or a piece's return, one square is asked about: its
        // cell says it all.
        let undecided = match squares.iter().next() {
            Some(s) if squares == SquareSet::single(s) => {
                let c = pos.cell(s);
                let loose = !c.is_empty() && !c.is_committed() && !self.frozen.contains(s);
                if loose { squares } else { SquareSet::EMPTY }
            }
            _ => squares.and(pos.uncommitted()).minus(self.frozen),
        };
        if undecided.is_empty() {
            sink(pos, exits);
        } else {
            self.close_undecided(pos, undecided, exits, sink);
        }
    }

    /// [`Rules::close_among`] of the squares `undecided`, each holding a piece that is neither
    /// committed nor frozen. Deciding for one piece changes no other square, so the rest stay
    /// undecided.
    fn close_undecided(
        &self,
        pos: Pos<F>,
        undecided: SquareSet,
        exits: &mut Vec<Step>,
        sink: &mut impl FnMut(Pos<F>, &[Step]),
    ) {
        let mut left = undecided.iter();
        while let Some(s) = left.next() {
            let c = pos.cell(s);
            if pos.exit_possible(c.kind(), s) {
                let rest: SquareSet = left.collect();
                let mut gone = pos;
                gone.set(s, Cell::EMPTY);
                exits.push(Step::Exit { from: s });
                self.close_undecided(gone, rest, exits, sink);
                exits.pop();
                if !self.is_eager(c.kind()) {
                    let mut stays = pos;
                    stays.set(s, c.committed());
                    self.close_undecided(stays, rest, exits, sink);
                }
                return;
            }
        }
        sink(pos, exits);
    }

    /// The rank-1 squares that `kill`, the transition from `before` to `after`, kills for the
    /// placed kind `PLACED[k]` (empty, alive before, dead after, allowed for that kind), as a
    /// bit set over files.
    fn dying(&self, k: usize, before: &Pos<F>, after: &Pos<F>, kill: Kill) -> u16 {
        let kind = PLACED[k];
        let mut mask = 0u16;
        for y in kill.files(kind) {
            if (0..F as i8).contains(&y)
                && self.placed_files[k] & (1 << y) != 0
                && before.cell(y as Sq).is_empty()
                && after.cell(y as Sq).is_empty()
                && after.dead(kind, y)
                && !before.dead(kind, y)
            {
                mask |= 1 << y;
            }
        }
        mask
    }

    /// The initial positions of a search from `arrangement`'s start, closed under the
    /// first-chance decisions, with the exits taken to reach each.
    pub fn roots(&self, array: &impl BackRank<F>) -> Vec<(Pos<F>, Vec<Step>)> {
        let mut out = Vec::new();
        self.close(Pos::start(array), &mut Vec::new(), &mut |p, steps| {
            out.push((p, steps.to_vec()))
        });
        out
    }

    /// The steps of one transition of [`Rules::successors`] leading from `from` to `to`, which
    /// a search recorded as parent and child.
    pub fn steps_between(&self, from: &Pos<F>, to: &Pos<F>) -> Vec<Step> {
        let mut found = None;
        self.successors(from, &mut |next, steps, _| {
            if found.is_none() && next == *to {
                found = Some(steps.to_vec());
            }
        });
        found.expect("a recorded transition can be replayed")
    }

    /// Every successor of a closed position (one that [`Rules::close`] leaves as it is), closed
    /// again. `sink(next, steps, touched)` gets the steps taken and the exact squares the step
    /// landed on or passed over (knights placed on the way included), so that searches can tell
    /// which moves use the castling destinations. Three kinds of transition, in this order:
    /// pieces moving within ranks 1-2, pieces coming back from the pool, pawn moves.
    pub fn successors(&self, pos: &Pos<F>, sink: &mut impl FnMut(Pos<F>, &[Step], SquareSet)) {
        debug_assert!(self.is_closed(pos), "successors of an unclosed {pos:?}");
        let counts = pos.counts();
        let mut expansion = Expansion {
            rules: self,
            pos,
            counts,
            in_pool: PLACED.map(|kind| total::<F>(kind) - counts[kind as usize]),
            buffer: Vec::with_capacity(24),
            sink,
        };
        expansion.moves_within();
        expansion.returns_from_pool();
        expansion.pawn_moves();
    }
}

impl<const F: usize> Expansion<'_, '_, '_, F> {
    /// Hands out `t` closed, plain and after each placement of leapers it calls for: every
    /// non-empty choice of the squares it kills for knights (as many as there are knights in
    /// the pool) and of one it kills for the archbishop (if in the pool), no square twice. Only
    /// the pieces on `t.unsettled` can have gained a chance to leave (placed leapers are
    /// committed).
    fn emit(&mut self, t: Transition<F>) {
        let (rules, sink) = (self.rules, &mut *self.sink);
        self.buffer.clear();
        self.buffer.push(t.main);
        rules.close_among(t.next, t.unsettled, &mut self.buffer, &mut |closed, all| {
            sink(closed, all, t.touched)
        });
        let dying = std::array::from_fn::<u16, 2, _>(|k| match t.kill {
            Some(kill) if self.in_pool[k] > 0 => rules.dying(k, self.pos, &t.next, kill),
            _ => 0,
        });
        if dying == [0, 0] {
            return; // nowhere to place a leaper: the plain transition is all
        }
        // Every subset of a mask, the mask itself first, down to the empty set.
        let subsets = |mask: u16| {
            let mut next = Some(mask);
            std::iter::from_fn(move || {
                let subset = next?;
                next = (subset != 0).then(|| (subset - 1) & mask);
                Some(subset)
            })
        };
        for knights in subsets(dying[0]) {
            for archbishop in subsets(dying[1]) {
                let counts = [knights.count_ones() as u8, archbishop.count_ones() as u8];
                if knights | archbishop == 0
                    || knights & archbishop != 0
                    || counts[0] > self.in_pool[0]
                    || counts[1] > self.in_pool[1]
                {
                    continue;
                }
                let mut placed = *self.pos;
                let mut touched = t.touched;
                self.buffer.clear();
                for (kind, set) in PLACED.into_iter().zip([knights, archbishop]) {
                    for y in (0..F as u8).filter(|y| set & (1 << y) != 0) {
                        placed.set(y, Cell::piece(kind).committed());
                        self.buffer.push(Step::Enter { kind, to: y });
                        touched = touched.with(y);
                    }
                }
                (t.apply)(&mut placed);
                self.buffer.push(t.main);
                rules.close_among(placed, t.unsettled, &mut self.buffer, &mut |closed, all| {
                    sink(closed, all, touched)
                });
            }
        }
    }

    /// Pieces moving within ranks 1-2 (knights and the archbishop on the board are placed,
    /// dead, and stay).
    fn moves_within(&mut self) {
        let pos = *self.pos;
        for s in 0..2 * F as u8 {
            let c = pos.cell(s);
            if c.is_empty() || self.rules.frozen.contains(s) || PLACED.contains(&c.kind()) {
                continue;
            }
            flat_moves(&pos, c.kind(), s, |to, touched| {
                let apply = |p: &mut Pos<F>| p.shift(s, to);
                let mut next = pos;
                apply(&mut next);
                let f = file_of::<F>(to);
                self.emit(Transition {
                    next,
                    main: Step::Move { from: s, to },
                    touched,
                    unsettled: SquareSet::single(to),
                    kill: (row_of::<F>(to) == 1).then_some(Kill::Hole(f)),
                    apply: &apply,
                });
            });
        }
    }

    /// Pieces coming back from the pool to a rank-2 hole (committed from then on); the
    /// chancellor of ten files to a rank-1 square too, by the reverse of the leap it leaves by.
    /// (Knights and the archbishop come back only as placed by [`Expansion::emit`].)
    fn returns_from_pool(&mut self) {
        let pos = *self.pos;
        let counts = self.counts;
        let returning = super::cell::kinds::<F>()
            .iter()
            .filter(|k| !PLACED.contains(k));
        // Whether the bishop of each square colour (dark, light) is in the pool: asked for every
        // hole, so looked up once.
        let bishop_in_pool = [false, true].map(|light| pos.bishop_in_pool(light));
        let available = |kind: Kind, to: Sq| {
            self.rules.eager & (1 << kind) == 0
                && if kind == BISHOP {
                    bishop_in_pool[usize::from(is_light::<F>(to))]
                } else {
                    counts[kind as usize] < total::<F>(kind)
                }
                && pos.exit_possible(kind, to)
        };
        for to in F as u8..2 * F as u8 {
            let f = file_of::<F>(to);
            if !pos.free(f, 1) {
                continue;
            }
            for &kind in returning.clone() {
                if available(kind, to) {
                    self.enter(kind, to, Some(Kill::Hole(f)));
                }
            }
        }
        for to in 0..F as u8 {
            if !pos.free(to as i8, 0) {
                continue;
            }
            for &kind in returning.clone().filter(|&&k| leaps(k)) {
                if available(kind, to) {
                    self.enter(kind, to, None);
                }
            }
        }
    }

    /// A piece of `kind` comes back from the pool to `to`, committed; `kill` as in
    /// [`Transition`].
    fn enter(&mut self, kind: Kind, to: Sq, kill: Option<Kill>) {
        let apply = |p: &mut Pos<F>| p.set(to, Cell::piece(kind).committed());
        let mut next = *self.pos;
        apply(&mut next);
        self.emit(Transition {
            next,
            main: Step::Enter { kind, to },
            touched: SquareSet::single(to),
            unsettled: SquareSet::single(to),
            kill,
            apply: &apply,
        });
    }

    /// Pawn moves, within the bound and each file's limit.
    fn pawn_moves(&mut self) {
        let pos = *self.pos;
        let moved = pos.moved_files();
        // The structure's index, worked out at the first pawn move: each pawn move changes one
        // of its base-3 digits.
        let mut here = None;
        for file in 0..F as u8 {
            let state = pos.pawns()[file as usize];
            for &to in pawn_advances(state, moved < self.rules.bound) {
                if to > self.rules.pawn_limit[file as usize] {
                    continue;
                }
                let apply = |p: &mut Pos<F>| p.set_pawn(file, to);
                let mut next = pos;
                apply(&mut next);
                if !self.rules.closed.is_empty() {
                    let here = *here.get_or_insert_with(|| pos.structure());
                    let there = here + (to - state) as usize * file_digit::<F>(file as usize);
                    debug_assert_eq!(there, next.structure());
                    if self.rules.closed[there] {
                        continue;
                    }
                }
                let x = file as i8;
                self.emit(Transition {
                    next,
                    main: Step::Push { file, to },
                    touched: SquareSet::EMPTY,
                    unsettled: SquareSet::all::<F>(),
                    kill: (to == THIRD).then_some(Kill::Third(x)),
                    apply: &apply,
                });
            }
        }
    }
}
