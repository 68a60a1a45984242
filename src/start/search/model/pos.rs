//! A position of the model, and the two keys it is stored under.

use super::cell::{BISHOP, Cell, KING, KNIGHT, Kind, QUEEN, ROOK, kind_of};
use super::pawns::{BEYOND, HOME, Pawns, THIRD, moved_files, structure_index};
use super::squares::{Sq, SquareSet, file_of, is_light, row_of, sq};
use crate::chess::{Arrangement, CastlingPath, File, Piece, Rank, Square};

/// A position of the model: what each of the 16 exact squares holds and where each file's pawn
/// is. Pieces not on the 16 squares are in the pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pos {
    cells: [Cell; 16],
    pawns: Pawns,
}

/// A position as one number, commitments included: the key of the searches' tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PosKey(u128);

/// A position packed for the castling game's tables: the placement in 64 bits (three bits a
/// square for the kind, two bits a file for the pawn) and the committed pieces apart, so that
/// positions differing only in commitments share one table entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PackedPos {
    /// Kinds and pawns, without commitments.
    pub placement: u64,
    /// The squares of committed pieces.
    pub committed: SquareSet,
}

impl Pos {
    /// The start position of an arrangement.
    pub fn start(arrangement: &Arrangement) -> Pos {
        let mut pos = Pos::with_pawns([HOME; 8]);
        for file in File::ALL {
            pos.cells[file as usize] = Cell::piece(kind_of(arrangement.piece_on(file)));
        }
        pos
    }

    /// No piece on ranks 1-2, the pawns as given.
    pub fn with_pawns(pawns: Pawns) -> Pos {
        Pos {
            cells: [Cell::EMPTY; 16],
            pawns,
        }
    }

    /// The model's view of a real board: ranks 1-2 exactly, each pawn by how far it went.
    pub fn from_board(board: &crate::start::board::WhiteBoard) -> Pos {
        let mut pos = Pos::with_pawns([BEYOND; 8]);
        for file in File::ALL {
            for rank in [Rank::First, Rank::Second] {
                match board.piece_on(Square::new(file, rank)) {
                    Some(Piece::Pawn) | None => {}
                    Some(p) => {
                        pos.cells[sq(file as i8, rank as i8) as usize] = Cell::piece(kind_of(p))
                    }
                }
            }
            if board.piece_on(Square::new(file, Rank::Second)) == Some(Piece::Pawn) {
                pos.pawns[file as usize] = HOME;
            } else if board.piece_on(Square::new(file, Rank::Third)) == Some(Piece::Pawn) {
                pos.pawns[file as usize] = THIRD;
            }
        }
        pos
    }

    /// What square `s` holds.
    pub fn cell(&self, s: Sq) -> Cell {
        self.cells[s as usize]
    }

    /// The kind on square `s`, 0 when empty.
    pub fn kind(&self, s: Sq) -> Kind {
        self.cells[s as usize].kind()
    }

    /// Puts `cell` on square `s`.
    pub fn set(&mut self, s: Sq, cell: Cell) {
        self.cells[s as usize] = cell;
    }

    /// Moves whatever stands on `from` to `to` (which must be empty), commitment included.
    pub fn shift(&mut self, from: Sq, to: Sq) {
        self.cells[to as usize] = self.cells[from as usize];
        self.cells[from as usize] = Cell::EMPTY;
    }

    /// The pawn state of every file.
    pub fn pawns(&self) -> &Pawns {
        &self.pawns
    }

    /// Sets the pawn state of `file`.
    pub fn set_pawn(&mut self, file: u8, state: u8) {
        self.pawns[file as usize] = state;
    }

    /// The index of the pawn structure ([`structure_index`]).
    pub fn structure(&self) -> usize {
        structure_index(&self.pawns)
    }

    /// How far the pawns have advanced in all: every pawn move raises it.
    pub fn advancement(&self) -> u8 {
        self.pawns.iter().sum()
    }

    /// The position as one number, commitments included.
    pub fn key(&self) -> PosKey {
        let mut k = 0u128;
        for (i, c) in self.cells.iter().enumerate() {
            k |= (c.bits() as u128) << (4 * i);
        }
        for (f, &p) in self.pawns.iter().enumerate() {
            k |= (p as u128) << (64 + 2 * f);
        }
        PosKey(k)
    }

    /// The inverse of [`Pos::key`].
    pub fn from_key(key: PosKey) -> Pos {
        let k = key.0;
        let mut pos = Pos::with_pawns([HOME; 8]);
        for i in 0..16 {
            pos.cells[i] = Cell::from_bits(((k >> (4 * i)) & 15) as u8);
        }
        for f in 0..8 {
            pos.pawns[f] = ((k >> (64 + 2 * f)) & 3) as u8;
        }
        pos
    }

    /// The position packed for the castling game's tables: half the size of [`Pos::key`], which
    /// matters, since that search is bound by memory traffic in its visited tables.
    ///
    /// The castling game packs every position it generates, so this works on eight cells at a
    /// time: the bytes of a half as one u64, whose fields are moved together by shifts and masks
    /// (pairs, then fours, then eights) and whose committed bits are gathered by one multiply.
    pub fn packed(&self) -> PackedPos {
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
        let bytes = self.cells.map(Cell::bits);
        let low = u64::from_le_bytes(bytes[..8].try_into().expect("eight cells"));
        let high = u64::from_le_bytes(bytes[8..].try_into().expect("eight cells"));
        let pawns = u64::from_le_bytes(self.pawns);
        // Eight 2-bit pawn states, one in the low bits of each byte, packed into 16 bits.
        let p = (pawns | pawns >> 6) & 0x000f_000f_000f_000f;
        let p = (p | p >> 12) & 0x0000_00ff_0000_00ff;
        let p = (p | p >> 24) & 0xffff;
        PackedPos {
            placement: kinds(low) | kinds(high) << 24 | p << 48,
            committed: SquareSet::from_bits(committed(low) | committed(high) << 8),
        }
    }

    /// The inverse of [`Pos::packed`].
    pub fn unpacked(packed: PackedPos) -> Pos {
        let mut pos = Pos::with_pawns([HOME; 8]);
        for (i, c) in pos.cells.iter_mut().enumerate() {
            let cell = Cell::piece(((packed.placement >> (3 * i)) & 7) as u8);
            *c = if packed.committed.contains(i as Sq) {
                cell.committed()
            } else {
                cell
            };
        }
        for (f, p) in pos.pawns.iter_mut().enumerate() {
            *p = ((packed.placement >> (48 + 2 * f)) & 3) as u8;
        }
        pos
    }

    /// The same position with commitments removed: what a board shows.
    pub fn placement(&self) -> Pos {
        Pos {
            cells: self.cells.map(Cell::placement),
            pawns: self.pawns,
        }
    }

    /// Whether the exact square (file, row) exists and is empty (no piece, no pawn).
    pub fn free(&self, file: i8, row: i8) -> bool {
        (0..8).contains(&file)
            && (0..2).contains(&row)
            && (row == 0 || self.pawns[file as usize] != HOME)
            && self.cells[sq(file, row) as usize].is_empty()
    }

    /// Whether the rank-3 square of `file` exists and holds no pawn.
    fn third_free(&self, file: i8) -> bool {
        (0..8).contains(&file) && self.pawns[file as usize] != THIRD
    }

    /// Whether a piece of `kind` on exact square `s` has a move off ranks 1-2 (and, by symmetry,
    /// whether one in the pool could come to `s`).
    pub fn exit_possible(&self, kind: Kind, s: Sq) -> bool {
        let (f, row) = (file_of(s), row_of(s));
        match (kind, row) {
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
    pub fn counts(&self) -> [u8; 6] {
        let mut n = [0u8; 6];
        for c in &self.cells {
            n[c.kind() as usize] += 1;
        }
        n
    }

    /// Whether the bishop of the given square colour is in the pool.
    pub fn bishop_in_pool(&self, light: bool) -> bool {
        !(0..16u8).any(|s| self.kind(s) == BISHOP && is_light(s) == light)
    }

    /// The number of pieces of `kind` in the pool (the bishop of either colour counts one each).
    pub fn in_pool(&self, kind: Kind) -> u8 {
        let total = match kind {
            KING | QUEEN => 1,
            _ => 2,
        };
        total - self.counts()[kind as usize]
    }

    /// Files whose pawn has moved.
    pub fn moved_files(&self) -> usize {
        moved_files(&self.pawns)
    }

    /// Whether a knight on rank-1 file `y` could never move again: both its rank-3 squares are
    /// blocked and neither rank-2 square two files away is an empty hole.
    pub fn knight_dead(&self, y: i8) -> bool {
        !self.third_free(y - 1)
            && !self.third_free(y + 1)
            && !self.free(y - 2, 1)
            && !self.free(y + 2, 1)
    }

    /// Whether castling along `path` is legal given where king and rook stand: the span is
    /// empty apart from them. (That they never moved is the caller's business.)
    pub fn castling_open(&self, path: CastlingPath) -> bool {
        path.is_open(|file| !self.cells[file as usize].is_empty())
    }

    /// The position after castling along `path`: king and rook on their destination squares.
    pub fn castled(&self, path: CastlingPath) -> Pos {
        let mut p = self.placement();
        p.cells[path.king_from() as usize] = Cell::EMPTY;
        p.cells[path.rook_from() as usize] = Cell::EMPTY;
        p.cells[path.king_to() as usize] = Cell::piece(KING);
        p.cells[path.rook_to() as usize] = Cell::piece(ROOK);
        p
    }

    /// Number of pieces on ranks 1-2.
    pub fn on_board(&self) -> usize {
        self.cells.iter().filter(|c| !c.is_empty()).count()
    }
}
