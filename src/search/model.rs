//! The abstract model of the pawn-move analysis: the first two ranks exactly, everything beyond
//! them as a *pool*, and the pawns as a per-file state.
//!
//! # What is modelled
//!
//! * The 16 squares of ranks 1 and 2 are exact: each holds nothing, a pawn (rank 2 only, while
//!   that file's pawn is at home) or one of White's pieces.
//! * A piece on rank 3 or beyond is *in the pool*: where exactly does not matter, because the open
//!   board above the pawns is large and connected, so a piece there can always get out of the way
//!   and reach any square from which it can come back (see `analysis.md` for the argument and
//!   `tests/pawn_witness.rs`, which replays the real games the model's lines are turned into).
//! * Each file's pawn is at home (rank 2), on rank 3 (a one-square move: it then blocks that
//!   rank-3 square) or beyond (a two-square move, or more moves: rank 3 is free again). At most
//!   [`Rules::bound`] files may have moved pawns. Promotions are out of scope.
//!
//! A piece *exits* to the pool by a move from rank 1 or 2 to a rank-3 square not blocked by a pawn
//! (a knight on rank 2 also reaches rank 4, which is always counted free); it *enters* by the
//! reverse move. Every real move maps to a move of this model (or to nothing, if it stays in the
//! pool), so anything impossible here is impossible on the real board: the model over-approximates,
//! which makes its negative results sound. Its positive results are realized as real games.
//!
//! # Normal forms
//!
//! The searches do not try every order of moves; they follow normal forms that provably reach a
//! state of every component that any game reaches (the argument is in `analysis.md`):
//!
//! * Removing a piece from ranks 1-2 never makes another move illegal (moves only ever need empty
//!   squares). Hence a piece that will end in the pool may leave at its first chance and never
//!   return, and a piece that ends on the board leaves at most once and comes back at most once.
//! * So every non-knight piece decides at its first chance to leave: leave now, or *commit* to the
//!   board for good (it may still move there). A piece that comes back is committed.
//! * Knights leave at once. A knight that must end on the board stands on a square it can never
//!   leave again (a *dead* square: both rank-3 exits blocked by pawns, no free hole two files away).
//!   It may be placed there from the pool just before the event that kills the square, which
//!   frees the square for everyone else until then.

use crate::chess::arrangement::Arrangement;
use crate::chess::castling::CastlingPath;
use crate::chess::piece::Piece;
use crate::chess::side::Side;

/// Cell contents: a kind in the low three bits, plus [`COMMITTED`].
pub const EMPTY: u8 = 0;
pub const KING: u8 = 1;
pub const QUEEN: u8 = 2;
pub const ROOK: u8 = 3;
pub const BISHOP: u8 = 4;
pub const KNIGHT: u8 = 5;
/// Set on a piece that has decided to stay on ranks 1-2 for good (normal-form bookkeeping only;
/// placements compare without it).
pub const COMMITTED: u8 = 8;
const KIND: u8 = 7;

/// Pawn states of a file.
pub const HOME: u8 = 0;
pub const THIRD: u8 = 1;
pub const BEYOND: u8 = 2;

/// The number of pawn structures: each file's pawn is home, on rank 3 or beyond.
pub const STRUCTURES: usize = 6561;

/// A pawn structure's index below [`STRUCTURES`] (base 3, a digit a file, the a-file first).
pub fn structure_index(pawns: &[u8; 8]) -> usize {
    pawns.iter().fold(0, |code, &p| code * 3 + p as usize)
}

/// The inverse of [`structure_index`].
pub fn structure_pawns(mut index: usize) -> [u8; 8] {
    let mut pawns = [HOME; 8];
    for p in pawns.iter_mut().rev() {
        *p = (index % 3) as u8;
        index /= 3;
    }
    pawns
}

/// The states a file's pawn can advance to from `state` in one move; from home only while
/// another file may still start (`may_start`: fewer files moved than the bound allows).
pub fn pawn_advances(state: u8, may_start: bool) -> &'static [u8] {
    match state {
        HOME if may_start => &[THIRD, BEYOND],
        THIRD => &[BEYOND],
        _ => &[],
    }
}

/// An exact square: `file + 8 * row`, row 0 = rank 1, row 1 = rank 2.
pub type Sq = u8;

pub const fn sq(file: i8, row: i8) -> Sq {
    (file + 8 * row) as Sq
}
pub const fn file_of(s: Sq) -> i8 {
    (s % 8) as i8
}
pub const fn row_of(s: Sq) -> i8 {
    (s / 8) as i8
}
/// Light squares: file + rank odd (a1 is dark); row 0 is rank 1.
pub const fn is_light(s: Sq) -> bool {
    (file_of(s) + row_of(s)) % 2 == 1
}

pub fn kind_of(piece: Piece) -> u8 {
    match piece {
        Piece::King => KING,
        Piece::Queen => QUEEN,
        Piece::Rook => ROOK,
        Piece::Bishop => BISHOP,
        Piece::Knight => KNIGHT,
    }
}

pub fn piece_of(kind: u8) -> Piece {
    match kind & KIND {
        KING => Piece::King,
        QUEEN => Piece::Queen,
        ROOK => Piece::Rook,
        BISHOP => Piece::Bishop,
        KNIGHT => Piece::Knight,
        _ => unreachable!("no piece of kind {kind}"),
    }
}

const KING_STEPS: [(i8, i8); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];
const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
/// Knight moves that stay within ranks 1-2.
const KNIGHT_FLAT: [(i8, i8); 4] = [(2, 1), (-2, 1), (2, -1), (-2, -1)];

/// A position of the model.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pos {
    pub cells: [u8; 16],
    pub pawns: [u8; 8],
}

/// One step of an abstract line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// A piece moves within ranks 1-2.
    Move { from: Sq, to: Sq },
    /// A piece leaves ranks 1-2 for the pool.
    Exit { from: Sq },
    /// A piece of `kind` comes back from the pool to `to`.
    Enter { kind: u8, to: Sq },
    /// A file's pawn advances to a new state (rank 3, or beyond).
    Push { file: u8, to: u8 },
    /// Castling.
    Castle(Side),
}

impl Pos {
    /// The start position of an arrangement.
    pub fn start(arrangement: &Arrangement) -> Pos {
        let mut cells = [EMPTY; 16];
        for file in 0..8 {
            cells[file as usize] = kind_of(arrangement.piece_on(file));
        }
        Pos {
            cells,
            pawns: [HOME; 8],
        }
    }

    /// The model's view of a real board: ranks 1-2 exactly, each pawn by how far it went.
    pub fn from_board(board: &crate::chess::board::Board) -> Pos {
        use crate::chess::board::Man;
        use crate::chess::square::Square;
        let mut pos = Pos {
            cells: [EMPTY; 16],
            pawns: [BEYOND; 8],
        };
        for file in 0..8u8 {
            for row in 0..2u8 {
                if let Some(Man::Piece(p)) = board.man_on(Square::new(file, row)) {
                    pos.cells[sq(file as i8, row as i8) as usize] = kind_of(p);
                }
            }
            if board.man_on(Square::new(file, 1)) == Some(Man::Pawn) {
                pos.pawns[file as usize] = HOME;
            } else if board.man_on(Square::new(file, 2)) == Some(Man::Pawn) {
                pos.pawns[file as usize] = THIRD;
            }
        }
        pos
    }

    /// A compact key of the position, bookkeeping flags included.
    pub fn key(&self) -> u128 {
        let mut k = 0u128;
        for (i, &c) in self.cells.iter().enumerate() {
            k |= (c as u128) << (4 * i);
        }
        for (f, &p) in self.pawns.iter().enumerate() {
            k |= (p as u128) << (64 + 2 * f);
        }
        k
    }

    pub fn from_key(k: u128) -> Pos {
        let mut pos = Pos {
            cells: [EMPTY; 16],
            pawns: [HOME; 8],
        };
        for i in 0..16 {
            pos.cells[i] = ((k >> (4 * i)) & 15) as u8;
        }
        for f in 0..8 {
            pos.pawns[f] = ((k >> (64 + 2 * f)) & 3) as u8;
        }
        pos
    }

    /// The position packed for the castling game's tables: the placement in 64 bits (three bits
    /// a square for the kind, two bits a file for the pawn) and the committed flags as a bit set
    /// over the 16 squares. Half the size of [`Pos::key`], which matters: the search is bound by
    /// memory traffic in its visited table.
    ///
    /// The castling game packs every position it generates, so this works on eight cells at a
    /// time: the bytes of a half as one u64, whose fields are moved together by shifts and masks
    /// (pairs, then fours, then eights) and whose committed bits are gathered by one multiply.
    pub fn packed(&self) -> (u64, u16) {
        /// Eight 3-bit fields, one in the low bits of each byte, packed into 24 bits.
        fn kinds(bytes: u64) -> u64 {
            let x = bytes & 0x0707_0707_0707_0707;
            let x = (x | x >> 5) & 0x003f_003f_003f_003f;
            let x = (x | x >> 10) & 0x0000_0fff_0000_0fff;
            (x | x >> 20) & 0xff_ffff
        }
        /// The committed bit of eight cells, as eight bits: the multiply adds each byte's bit
        /// into the top byte at its own position, and no two products meet.
        fn committed(bytes: u64) -> u16 {
            let x = (bytes >> 3) & 0x0101_0101_0101_0101;
            (x.wrapping_mul(0x0102_0408_1020_4080) >> 56) as u16
        }
        let low = u64::from_le_bytes(self.cells[..8].try_into().expect("eight cells"));
        let high = u64::from_le_bytes(self.cells[8..].try_into().expect("eight cells"));
        let pawns = u64::from_le_bytes(self.pawns);
        // Eight 2-bit pawn states, one in the low bits of each byte, packed into 16 bits.
        let p = (pawns | pawns >> 6) & 0x000f_000f_000f_000f;
        let p = (p | p >> 12) & 0x0000_00ff_0000_00ff;
        let p = (p | p >> 24) & 0xffff;
        let placement = kinds(low) | kinds(high) << 24 | p << 48;
        (placement, committed(low) | committed(high) << 8)
    }

    /// The inverse of [`Pos::packed`].
    pub fn unpacked(placement: u64, committed: u16) -> Pos {
        let mut pos = Pos {
            cells: [EMPTY; 16],
            pawns: [HOME; 8],
        };
        for (i, c) in pos.cells.iter_mut().enumerate() {
            *c = ((placement >> (3 * i)) & 7) as u8
                | if committed >> i & 1 != 0 {
                    COMMITTED
                } else {
                    0
                };
        }
        for (f, p) in pos.pawns.iter_mut().enumerate() {
            *p = ((placement >> (48 + 2 * f)) & 3) as u8;
        }
        pos
    }

    /// The same position with bookkeeping flags removed: what a board shows.
    pub fn placement(&self) -> Pos {
        let mut p = *self;
        for c in &mut p.cells {
            *c &= KIND;
        }
        p
    }

    pub fn kind(&self, s: Sq) -> u8 {
        self.cells[s as usize] & KIND
    }

    /// Whether the exact square (file, row) exists and is empty (no piece, no pawn).
    pub fn free(&self, file: i8, row: i8) -> bool {
        (0..8).contains(&file)
            && (0..2).contains(&row)
            && (row == 0 || self.pawns[file as usize] != HOME)
            && self.cells[sq(file, row) as usize] == EMPTY
    }

    /// Whether the rank-3 square of `file` exists and holds no pawn.
    fn third_free(&self, file: i8) -> bool {
        (0..8).contains(&file) && self.pawns[file as usize] != THIRD
    }

    /// Whether a piece of `kind` on exact square `s` has a move off ranks 1-2 (and, by symmetry,
    /// whether one in the pool could come to `s`).
    pub fn exit_possible(&self, kind: u8, s: Sq) -> bool {
        let (f, row) = (file_of(s), row_of(s));
        match (kind & KIND, row) {
            (KNIGHT, 0) => self.third_free(f - 1) || self.third_free(f + 1),
            (KNIGHT, _) => true, // rank 4 is always reachable from rank 2 in the model
            (_, 0) => false,     // everything else must step onto rank 2 first
            (KING | QUEEN, _) => {
                self.third_free(f - 1) || self.third_free(f) || self.third_free(f + 1)
            }
            (ROOK, _) => self.third_free(f),
            (BISHOP, _) => self.third_free(f - 1) || self.third_free(f + 1),
            _ => false,
        }
    }

    /// How many pieces of each kind stand on ranks 1-2, by kind index.
    fn counts(&self) -> [u8; 6] {
        let mut n = [0u8; 6];
        for &c in &self.cells {
            n[(c & KIND) as usize] += 1;
        }
        n
    }

    /// Whether the bishop of the given square colour is in the pool.
    fn bishop_in_pool(&self, light: bool) -> bool {
        !(0..16u8).any(|s| self.kind(s) == BISHOP && is_light(s) == light)
    }

    /// The number of pieces of `kind` in the pool (the bishop of either colour counts one each).
    pub fn in_pool(&self, kind: u8) -> u8 {
        let total = match kind {
            KING | QUEEN => 1,
            _ => 2,
        };
        total - self.counts()[kind as usize]
    }

    /// Files whose pawn has moved.
    pub fn moved_files(&self) -> usize {
        self.pawns.iter().filter(|&&p| p != HOME).count()
    }

    /// Whether a knight on rank-1 file `y` could never move again: both its rank-3 squares are
    /// blocked and neither rank-2 square two files away is an empty hole.
    pub fn knight_dead(&self, y: i8) -> bool {
        !self.third_free(y - 1)
            && !self.third_free(y + 1)
            && !self.free(y - 2, 1)
            && !self.free(y + 2, 1)
    }

    /// Whether castling on `side` is legal given where king and rook stand: the span is empty
    /// apart from them. (That they never moved is the caller's business.)
    pub fn castling_open(&self, path: CastlingPath) -> bool {
        path.is_open(|file| self.cells[file as usize] != EMPTY)
    }

    /// The position after castling: king and rook on their destination squares.
    pub fn castled(&self, path: CastlingPath) -> Pos {
        let mut p = self.placement();
        p.cells[path.king_from() as usize] = EMPTY;
        p.cells[path.rook_from() as usize] = EMPTY;
        p.cells[path.king_to() as usize] = KING;
        p.cells[path.rook_to() as usize] = ROOK;
        p
    }

    /// Number of pieces on ranks 1-2.
    pub fn on_board(&self) -> usize {
        self.cells.iter().filter(|&&c| c != EMPTY).count()
    }
}

/// Moves of a piece of `kind` from `s` that stay within ranks 1-2, over squares for which
/// `free(file, row)` holds. Calls `f(to, touched)` with the squares of ranks 1-2 passed over or
/// landed on, `s` included, as a bit set (for the castling search's bookkeeping).
fn flat_rays(kind: u8, s: Sq, free: impl Fn(i8, i8) -> bool, mut f: impl FnMut(Sq, u16)) {
    let (file, row) = (file_of(s), row_of(s));
    let (dirs, ride): (&[(i8, i8)], bool) = match kind & KIND {
        KING => (&KING_STEPS, false),
        QUEEN => (&KING_STEPS, true),
        ROOK => (&ROOK_DIRS, true),
        BISHOP => (&BISHOP_DIRS, true),
        KNIGHT => (&KNIGHT_FLAT, false),
        _ => return,
    };
    for &(df, dr) in dirs {
        let (mut nf, mut nr) = (file + df, row + dr);
        let mut touched: u16 = 1 << s;
        while free(nf, nr) {
            let to = sq(nf, nr);
            touched |= 1 << to;
            f(to, touched);
            if !ride {
                break;
            }
            nf += df;
            nr += dr;
        }
    }
}

/// Moves of a piece of `kind` from `s` within ranks 1-2 of `pos`: see [`flat_rays`].
fn flat_moves(pos: &Pos, kind: u8, s: Sq, f: impl FnMut(Sq, u16)) {
    flat_rays(kind, s, |file, row| pos.free(file, row), f);
}

/// The destinations of a piece of `kind` on `s` moving over the squares of `open` alone (a bit
/// per exact square; pawns and pieces are whatever `open` leaves out).
pub fn flat_destinations_over(kind: u8, s: Sq, open: u16, mut f: impl FnMut(Sq)) {
    let free = |file: i8, row: i8| {
        (0..8).contains(&file) && (0..2).contains(&row) && open & (1 << sq(file, row)) != 0
    };
    flat_rays(kind, s, free, |to, _| f(to));
}

/// The destinations of a piece of `kind` on `s` within ranks 1-2.
pub fn flat_destinations(pos: &Pos, kind: u8, s: Sq, mut f: impl FnMut(Sq)) {
    flat_moves(pos, kind, s, |to, _| f(to));
}

/// What a search may do. The castling search freezes the king and the castling rook; the walking
/// search lets everything move but knows which kinds must end in the pool.
#[derive(Clone, Copy, Debug)]
pub struct Rules {
    /// The most files whose pawns may move.
    pub bound: usize,
    /// Exact squares of pieces that never move (the king and the castling rook while castling
    /// rights are kept), as a bit set.
    pub frozen: u16,
    /// Kinds (bit set by kind) that leave at their first chance and never come back, because
    /// the target has none of them on ranks 1-2.
    pub eager: u8,
    /// Rank-1 files on which a knight may be placed just before the square dies, as a bit set.
    pub knight_files: u8,
    /// Per file, the furthest pawn state allowed (for searches towards a fixed pawn structure).
    pub pawn_limit: [u8; 8],
}

impl Rules {
    /// Rules for a search with everything allowed up to `bound` moved pawns.
    pub fn open(bound: usize) -> Rules {
        Rules {
            bound,
            frozen: 0,
            eager: 0,
            knight_files: 0xff,
            pawn_limit: [BEYOND; 8],
        }
    }

    fn is_eager(&self, kind: u8) -> bool {
        kind == KNIGHT || self.eager & (1 << kind) != 0
    }

    /// Applies the first-chance decisions: every uncommitted piece that can leave either leaves
    /// (always, for eager kinds and knights) or commits. Calls `sink` with each resulting
    /// position and the exits taken (at most 16).
    pub fn close(&self, pos: Pos, exits: &mut Vec<Step>, sink: &mut impl FnMut(Pos, &[Step])) {
        self.close_among(pos, u16::MAX, exits, sink);
    }

    /// Whether `pos` is closed: [`Rules::close`] hands it back as it is, with no exits.
    fn is_closed(&self, pos: &Pos) -> bool {
        let mut closed = true;
        self.close(*pos, &mut Vec::new(), &mut |p, exits| {
            closed &= p == *pos && exits.is_empty()
        });
        closed
    }

    /// [`Rules::close`] looking only at the pieces on `squares` (a bit per exact square), in
    /// square order. Whether a piece can leave depends only on its own square and the pawns, and
    /// deciding for one piece (leaving, or committing) never changes that for another: so after
    /// a move within ranks 1-2 in a closed position only the moved piece can have a new chance,
    /// and after one piece's decision only the squares after it need a look. A pawn move is what
    /// calls for a look at every square.
    fn close_among(
        &self,
        pos: Pos,
        squares: u16,
        exits: &mut Vec<Step>,
        sink: &mut impl FnMut(Pos, &[Step]),
    ) {
        let mut left = squares;
        while left != 0 {
            let s = left.trailing_zeros() as u8;
            left &= left - 1;
            let c = pos.cells[s as usize];
            if c == EMPTY || c & COMMITTED != 0 || self.frozen & (1 << s) != 0 {
                continue;
            }
            if pos.exit_possible(c, s) {
                let mut gone = pos;
                gone.cells[s as usize] = EMPTY;
                exits.push(Step::Exit { from: s });
                self.close_among(gone, left, exits, sink);
                exits.pop();
                if !self.is_eager(c & KIND) {
                    let mut stays = pos;
                    stays.cells[s as usize] |= COMMITTED;
                    self.close_among(stays, left, exits, sink);
                }
                return;
            }
        }
        sink(pos, exits);
    }

    /// The rank-1 squares among `candidates` that a transition from `before` to `after` kills
    /// (empty, alive before, dead after, allowed for knights), as a bit set over files.
    fn dying(&self, before: &Pos, after: &Pos, candidates: [i8; 2]) -> u8 {
        let mut mask = 0u8;
        for y in candidates {
            if (0..8).contains(&y)
                && self.knight_files & (1 << y) != 0
                && before.cells[y as usize] == EMPTY
                && after.cells[y as usize] == EMPTY
                && after.knight_dead(y)
                && !before.knight_dead(y)
            {
                mask |= 1 << y;
            }
        }
        mask
    }

    /// Every successor of a closed position (one that [`Rules::close`] leaves as it is), closed
    /// again. `sink(next, steps, touched)` gets the steps taken and the exact squares the step
    /// landed on or passed over (a bit set over the 16 squares; knights placed on the way
    /// included), so that searches can tell which moves use the castling destinations.
    pub fn successors(&self, pos: &Pos, sink: &mut impl FnMut(Pos, &[Step], u16)) {
        debug_assert!(self.is_closed(pos), "successors of an unclosed {pos:?}");
        let counts = pos.counts();
        let knights_in_pool = 2 - counts[KNIGHT as usize];
        let mut buffer: Vec<Step> = Vec::with_capacity(24);
        // Emits `main` leading from `pos` to `next`, plain and after each knight placement that
        // the transition calls for (`apply` redoes the main step on a position with knights).
        // Only the pieces on `unsettled` can have gained a chance to leave (placed knights are
        // committed).
        let mut emit = |next: Pos,
                        main: Step,
                        touched: u16,
                        unsettled: u16,
                        candidates: Option<[i8; 2]>,
                        apply: &dyn Fn(&mut Pos),
                        buffer: &mut Vec<Step>| {
            buffer.clear();
            buffer.push(main);
            self.close_among(next, unsettled, buffer, &mut |closed, all| {
                sink(closed, all, touched)
            });
            let dying = match candidates {
                Some(c) if knights_in_pool > 0 => self.dying(pos, &next, c),
                _ => 0,
            };
            // Every non-empty set of dying squares, as many as there are knights in the pool.
            let mut subset = dying;
            while subset != 0 {
                if subset.count_ones() as u8 <= knights_in_pool {
                    let mut placed = *pos;
                    let mut t = touched;
                    buffer.clear();
                    for y in 0..8u8 {
                        if subset & (1 << y) != 0 {
                            placed.cells[y as usize] = KNIGHT | COMMITTED;
                            buffer.push(Step::Enter {
                                kind: KNIGHT,
                                to: y,
                            });
                            t |= 1 << y;
                        }
                    }
                    apply(&mut placed);
                    buffer.push(main);
                    self.close_among(placed, unsettled, buffer, &mut |closed, all| {
                        sink(closed, all, t)
                    });
                }
                subset = (subset - 1) & dying;
            }
        };

        // 1. Pieces moving within ranks 1-2 (knights on the board are placed, dead, and stay).
        for s in 0..16u8 {
            let c = pos.cells[s as usize];
            if c == EMPTY || self.frozen & (1 << s) != 0 || c & KIND == KNIGHT {
                continue;
            }
            flat_moves(pos, c, s, |to, touched| {
                let apply = |p: &mut Pos| {
                    p.cells[to as usize] = c;
                    p.cells[s as usize] = EMPTY;
                };
                let mut next = *pos;
                apply(&mut next);
                let f = file_of(to);
                let candidates = (row_of(to) == 1).then_some([f - 2, f + 2]);
                let main = Step::Move { from: s, to };
                emit(
                    next,
                    main,
                    touched,
                    1 << to,
                    candidates,
                    &apply,
                    &mut buffer,
                );
            });
        }
        // 2. Pieces coming back from the pool to a rank-2 hole (committed from then on).
        for to in 8..16u8 {
            let f = file_of(to);
            if !pos.free(f, 1) {
                continue;
            }
            for kind in [KING, QUEEN, ROOK, BISHOP] {
                if self.eager & (1 << kind) != 0 {
                    continue;
                }
                let available = if kind == BISHOP {
                    pos.bishop_in_pool(is_light(to))
                } else {
                    counts[kind as usize] < if kind == ROOK { 2 } else { 1 }
                };
                if !available || !pos.exit_possible(kind, to) {
                    continue;
                }
                let apply = |p: &mut Pos| p.cells[to as usize] = kind | COMMITTED;
                let mut next = *pos;
                apply(&mut next);
                let main = Step::Enter { kind, to };
                emit(
                    next,
                    main,
                    1 << to,
                    1 << to,
                    Some([f - 2, f + 2]),
                    &apply,
                    &mut buffer,
                );
            }
        }
        // 3. Pawn moves.
        let moved = pos.moved_files();
        for file in 0..8u8 {
            for &to in pawn_advances(pos.pawns[file as usize], moved < self.bound) {
                if to > self.pawn_limit[file as usize] {
                    continue;
                }
                let apply = |p: &mut Pos| p.pawns[file as usize] = to;
                let mut next = *pos;
                apply(&mut next);
                let x = file as i8;
                let candidates = (to == THIRD).then_some([x - 1, x + 1]);
                emit(
                    next,
                    Step::Push { file, to },
                    0,
                    u16::MAX,
                    candidates,
                    &apply,
                    &mut buffer,
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator for the tests: each call gives a number below `n`.
    fn xorshift(mut seed: u64) -> impl FnMut(u64) -> u64 {
        move |n| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        }
    }

    /// `successors` looks for new chances to leave only where one can have arisen (see
    /// [`Rules::close_among`]); every position it hands out must nevertheless be closed, which
    /// the full [`Rules::close`] confirms by handing it back unchanged with no exits. Checked
    /// along random games from many arrangements, under the castling game's rules (king and rook
    /// frozen) and the walking game's (knights eager, pawns anywhere).
    #[test]
    fn successors_are_closed() {
        let mut random = xorshift(0x9e37_79b9_7f4a_7c15);
        let mut next = |n: usize| random(n as u64) as usize;
        let mut checked = 0;
        for arrangement in Arrangement::all().step_by(7) {
            let king = arrangement.king_file();
            let castling = Rules {
                frozen: 1 << king | 1 << arrangement.rook_file(Side::A),
                ..Rules::open(3)
            };
            let walking = Rules {
                eager: 1 << QUEEN,
                ..Rules::open(8)
            };
            for rules in [castling, walking] {
                let mut roots = Vec::new();
                rules.close(Pos::start(&arrangement), &mut Vec::new(), &mut |p, _| {
                    roots.push(p)
                });
                let mut pos = roots[next(roots.len())];
                for _ in 0..40 {
                    let mut out = Vec::new();
                    rules.successors(&pos, &mut |n, _, _| out.push(n));
                    for n in &out {
                        assert!(rules.is_closed(n), "{n:?} from {pos:?} is not closed");
                        checked += 1;
                    }
                    if out.is_empty() {
                        break;
                    }
                    pos = out[next(out.len())];
                }
            }
        }
        assert!(checked > 50_000, "only {checked} successors checked");
    }

    /// The packed form keeps everything a position holds: kinds, committed flags and pawns.
    #[test]
    fn packing_round_trips() {
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        for _ in 0..10_000 {
            let mut pos = Pos {
                cells: [EMPTY; 16],
                pawns: [HOME; 8],
            };
            for c in &mut pos.cells {
                let kind = next(6) as u8;
                *c = if kind != EMPTY && next(2) == 1 {
                    kind | COMMITTED
                } else {
                    kind
                };
            }
            for p in &mut pos.pawns {
                *p = next(3) as u8;
            }
            let (placement, committed) = pos.packed();
            assert_eq!(Pos::unpacked(placement, committed), pos);
            assert_eq!(Pos::unpacked(placement, 0), pos.placement());
        }
    }
}
