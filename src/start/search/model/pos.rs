//! A position of the model, the two keys it is stored under, and the start arrays it begins
//! from.

use super::cell::{ARCHBISHOP, BISHOP, Cell, KING, Kind, QUEEN, ROOK, kind_of, leaps, total};
use super::pawns::{BEYOND, HOME, Pawns, THIRD, moved_files, structure_index};
use super::squares::{Sq, SquareSet, file_of, is_light, row_of, sq};
use crate::chess::{Arrangement, CastlingSide, File, Geometry, Piece, Rank, Square};

/// A start array of a board `F` files wide: the kinds on White's back rank, the a-file first.
/// The king stands between the two rooks (Chess960's arrangements, Capablanca Random Chess's
/// arrays), which names the castling rooks.
pub trait BackRank<const F: usize>: Sync {
    /// The kind on each file of the back rank.
    fn kinds(&self) -> [Kind; F];

    /// The array's number, unique among the arrays of its width (the SP of a Chess960
    /// arrangement): the key under which searches remember what they found for it.
    fn number(&self) -> u32;

    /// The king's file.
    fn king_file(&self) -> u8 {
        self.kinds()
            .iter()
            .position(|&k| k == KING)
            .expect("a back rank has a king") as u8
    }

    /// The file of the castling rook of `side`: the rook left of the king on the a-side, right
    /// of it on the h-side.
    fn rook_file(&self, side: CastlingSide) -> u8 {
        let kinds = self.kinds();
        let mut rooks = (0..F).filter(|&f| kinds[f] == ROOK);
        match side {
            CastlingSide::A => rooks.next(),
            CastlingSide::H => rooks.next_back(),
        }
        .expect("a back rank has two rooks") as u8
    }
}

impl BackRank<8> for Arrangement {
    fn kinds(&self) -> [Kind; 8] {
        self.pieces().map(kind_of)
    }

    fn number(&self) -> u32 {
        self.sp() as u32
    }

    fn king_file(&self) -> u8 {
        Arrangement::king_file(self) as u8
    }

    fn rook_file(&self, side: CastlingSide) -> u8 {
        Arrangement::rook_file(self, side) as u8
    }
}

/// A position of the model: what each of the `2F` exact squares holds and where each file's
/// pawn is. Pieces not on the exact squares are in the pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pos<const F: usize = 8> {
    /// Rank 1, then rank 2, each a-file first: exact square `s` is `cells[s / F][s % F]`.
    cells: [[Cell; F]; 2],
    pawns: Pawns<F>,
}

/// A position as one number, commitments included: the key of the searches' tables. Four bits
/// a square, then two bits a file for the pawns (80 bits on the standard board, 100 on ten
/// files).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PosKey(u128);

/// A position packed for the castling game's tables, which are kept per pawn structure: the
/// kinds on the exact squares in 64 bits (three bits a square) and the committed pieces apart,
/// so that positions differing only in commitments share one table entry. The pawns are the
/// table's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PackedPos {
    /// Kinds, without commitments or pawns.
    pub placement: u64,
    /// The squares of committed pieces.
    pub committed: SquareSet,
}

impl<const F: usize> Pos<F> {
    /// The start position of a start array: its back rank on rank 1, every pawn at home.
    pub fn start(array: &impl BackRank<F>) -> Pos<F> {
        let mut pos = Pos::with_pawns([HOME; F]);
        pos.cells[0] = array.kinds().map(Cell::piece);
        pos
    }

    /// No piece on ranks 1-2, the pawns as given.
    pub fn with_pawns(pawns: Pawns<F>) -> Pos<F> {
        Pos {
            cells: [[Cell::EMPTY; F]; 2],
            pawns,
        }
    }

    /// Every exact square with what it holds, in square order.
    fn cells(&self) -> &[Cell] {
        self.cells.as_flattened()
    }

    /// What square `s` holds.
    pub fn cell(&self, s: Sq) -> Cell {
        self.cells()[s as usize]
    }

    /// The kind on square `s`, 0 when empty.
    pub fn kind(&self, s: Sq) -> Kind {
        self.cell(s).kind()
    }

    /// Puts `cell` on square `s`.
    pub fn set(&mut self, s: Sq, cell: Cell) {
        self.cells.as_flattened_mut()[s as usize] = cell;
    }

    /// Moves whatever stands on `from` to `to` (which must be empty), commitment included.
    pub fn shift(&mut self, from: Sq, to: Sq) {
        let cells = self.cells.as_flattened_mut();
        cells[to as usize] = cells[from as usize];
        cells[from as usize] = Cell::EMPTY;
    }

    /// The pawn state of every file.
    pub fn pawns(&self) -> &Pawns<F> {
        &self.pawns
    }

    /// Whether `other`'s pawns are these: eight files at a time, as one word.
    pub fn same_pawns(&self, other: &Pos<F>) -> bool {
        let word = |pawns: &[u8]| {
            let mut bytes = [0u8; 8];
            bytes[..pawns.len()].copy_from_slice(pawns);
            u64::from_le_bytes(bytes)
        };
        (self.pawns.chunks(8).zip(other.pawns.chunks(8))).all(|(a, b)| word(a) == word(b))
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

    /// The cells eight at a time, each eight as one word with a byte per cell, the first cell
    /// lowest (ten files: the last word holds four cells, the rest zero): what the packings
    /// below work on.
    fn cell_words(&self) -> impl Iterator<Item = u64> + '_ {
        self.cells().chunks(8).map(|chunk| {
            let mut bytes = [0u8; 8];
            for (b, c) in bytes.iter_mut().zip(chunk) {
                *b = c.bits();
            }
            u64::from_le_bytes(bytes)
        })
    }

    /// The position as one number, commitments included.
    ///
    /// Eight cells at a time, as [`Pos::packed`] works: the bytes of eight cells as one u64,
    /// whose 4-bit fields are moved together by shifts and masks (pairs, then fours, then
    /// eights) into 32 bits. The component searches key every position they meet.
    pub fn key(&self) -> PosKey {
        /// Eight 4-bit fields, one in the low bits of each byte, packed into 32 bits.
        fn nibbles(bytes: u64) -> u128 {
            let x = bytes & 0x0f0f_0f0f_0f0f_0f0f;
            let x = (x | x >> 4) & 0x00ff_00ff_00ff_00ff;
            let x = (x | x >> 8) & 0x0000_ffff_0000_ffff;
            ((x | x >> 16) & 0xffff_ffff) as u128
        }
        let mut k = 0u128;
        for (i, word) in self.cell_words().enumerate() {
            k |= nibbles(word) << (32 * i);
        }
        for (f, &p) in self.pawns.iter().enumerate() {
            k |= (p as u128) << (8 * F + 2 * f);
        }
        PosKey(k)
    }

    /// The inverse of [`Pos::key`].
    pub fn from_key(key: PosKey) -> Pos<F> {
        let k = key.0;
        let mut pos = Pos::with_pawns([HOME; F]);
        for (i, c) in pos.cells.as_flattened_mut().iter_mut().enumerate() {
            *c = Cell::from_bits(((k >> (4 * i)) & 15) as u8);
        }
        for (f, p) in pos.pawns.iter_mut().enumerate() {
            *p = ((k >> (8 * F + 2 * f)) & 3) as u8;
        }
        pos
    }

    /// The position packed for the castling game's tables (its pawns are the table's): half the
    /// size of [`Pos::key`], which matters, since that search is bound by memory traffic in its
    /// visited tables.
    ///
    /// The castling game packs every position it generates, so this works on eight cells at a
    /// time: the bytes of eight cells as one u64, whose fields are moved together by shifts and
    /// masks (pairs, then fours, then eights) and whose committed bits are gathered by one
    /// multiply. (Ten files have 20 cells: the last eight-byte word holds four, the rest zero.)
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
        fn committed(bytes: u64) -> u32 {
            let x = (bytes >> 3) & 0x0101_0101_0101_0101;
            (x.wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
        }
        let mut placement = 0u64;
        let mut committed_bits = 0u32;
        for (i, word) in self.cell_words().enumerate() {
            placement |= kinds(word) << (24 * i);
            committed_bits |= committed(word) << (8 * i);
        }
        PackedPos {
            placement,
            committed: SquareSet::from_bits(committed_bits),
        }
    }

    /// The squares holding a piece that has not committed to stay: eight cells at a time, as
    /// [`Pos::packed`] works (a byte's kind bits are nonzero exactly when adding 0x7f to them
    /// sets its top bit; the top bits are then gathered by one multiply).
    pub fn uncommitted(&self) -> SquareSet {
        let mut set = 0u32;
        for (i, word) in self.cell_words().enumerate() {
            let taken = (word & 0x0707_0707_0707_0707) + 0x7f7f_7f7f_7f7f_7f7f;
            let committed = (word & 0x0808_0808_0808_0808) << 4;
            let tops = (taken & !committed & 0x8080_8080_8080_8080) >> 7;
            set |= ((tops.wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32) << (8 * i);
        }
        SquareSet::from_bits(set)
    }

    /// The inverse of [`Pos::packed`], with the pawns of the table it came from.
    pub fn unpacked(packed: PackedPos, pawns: Pawns<F>) -> Pos<F> {
        let mut pos = Pos::with_pawns(pawns);
        for (i, c) in pos.cells.as_flattened_mut().iter_mut().enumerate() {
            let cell = Cell::piece(((packed.placement >> (3 * i)) & 7) as u8);
            *c = if packed.committed.contains(i as Sq) {
                cell.committed()
            } else {
                cell
            };
        }
        pos
    }

    /// The same position with commitments removed: what a board shows.
    pub fn placement(&self) -> Pos<F> {
        Pos {
            cells: self.cells.map(|row| row.map(Cell::placement)),
            pawns: self.pawns,
        }
    }

    /// Whether the exact square (file, row) exists and is empty (no piece, no pawn).
    pub fn free(&self, file: i8, row: i8) -> bool {
        (0..F as i8).contains(&file)
            && (0..2).contains(&row)
            && (row == 0 || self.pawns[file as usize] != HOME)
            && self.cells[row as usize][file as usize].is_empty()
    }

    /// Whether the rank-3 square of `file` exists and holds no pawn.
    fn third_free(&self, file: i8) -> bool {
        (0..F as i8).contains(&file) && self.pawns[file as usize] != THIRD
    }

    /// Whether a piece of `kind` on exact square `s` has a move off ranks 1-2 (and, by symmetry,
    /// whether one in the pool could come to `s`). The leapers (knight, archbishop, chancellor)
    /// leave as a knight does; their sliding moves off rank 2 reach no square a leap does not.
    pub fn exit_possible(&self, kind: Kind, s: Sq) -> bool {
        let (f, row) = (file_of::<F>(s), row_of::<F>(s));
        match (kind, row) {
            (k, 0) if leaps(k) => self.third_free(f - 1) || self.third_free(f + 1),
            (k, _) if leaps(k) => true, // rank 4 is always reachable from rank 2 in the model
            (_, 0) => false,            // everything else must step onto rank 2 first
            (KING | QUEEN, _) => {
                self.third_free(f - 1) || self.third_free(f) || self.third_free(f + 1)
            }
            (ROOK, _) => self.third_free(f),
            (BISHOP, _) => self.third_free(f - 1) || self.third_free(f + 1),
            _ => false,
        }
    }

    /// How many pieces of each kind stand on ranks 1-2, by kind index.
    pub fn counts(&self) -> [u8; 8] {
        let mut n = [0u8; 8];
        for c in self.cells() {
            n[c.kind() as usize] += 1;
        }
        n
    }

    /// Whether the bishop of the given square colour is in the pool.
    pub fn bishop_in_pool(&self, light: bool) -> bool {
        !(0..2 * F as Sq).any(|s| self.kind(s) == BISHOP && is_light::<F>(s) == light)
    }

    /// The number of pieces of `kind` in the pool (the bishop of either colour counts one each).
    pub fn in_pool(&self, kind: Kind) -> u8 {
        total::<F>(kind) - self.counts()[kind as usize]
    }

    /// Files whose pawn has moved.
    pub fn moved_files(&self) -> usize {
        moved_files(&self.pawns)
    }

    /// Whether a placed leaper of `kind` ([`super::PLACED`]) on rank-1 file `y` could never
    /// move again: both its rank-3 squares are blocked and neither rank-2 square two files away
    /// is an empty hole (a knight's moves), nor, for an archbishop, the rank-2 squares one file
    /// away (its diagonal steps; its longer diagonals start there).
    pub fn dead(&self, kind: Kind, y: i8) -> bool {
        let knight = !self.third_free(y - 1)
            && !self.third_free(y + 1)
            && !self.free(y - 2, 1)
            && !self.free(y + 2, 1);
        knight && (kind != ARCHBISHOP || (!self.free(y - 1, 1) && !self.free(y + 1, 1)))
    }

    /// Whether castling `castle` is legal given where king and rook stand: every file it needs
    /// empty is empty. (That they never moved is the caller's business.)
    pub fn castling_open(&self, castle: Geometry) -> bool {
        (0..F).all(|file| castle.empty & 1 << file == 0 || self.cells[0][file].is_empty())
    }

    /// The position after castling `castle`: king and rook on their destination squares.
    pub fn castled(&self, castle: Geometry) -> Pos<F> {
        let mut p = self.placement();
        p.cells[0][castle.king as usize] = Cell::EMPTY;
        p.cells[0][castle.rook as usize] = Cell::EMPTY;
        p.cells[0][castle.king_to as usize] = Cell::piece(KING);
        p.cells[0][castle.rook_to as usize] = Cell::piece(ROOK);
        p
    }

    /// Number of pieces on ranks 1-2.
    pub fn on_board(&self) -> usize {
        self.cells().iter().filter(|c| !c.is_empty()).count()
    }
}

impl Pos<8> {
    /// The model's view of a real board: ranks 1-2 exactly, each pawn by how far it went.
    pub fn from_board(board: &crate::start::board::WhiteBoard) -> Pos<8> {
        let mut pos = Pos::with_pawns([BEYOND; 8]);
        for file in File::ALL {
            for rank in [Rank::First, Rank::Second] {
                match board.piece_on(Square::new(file, rank)) {
                    Some(Piece::Pawn) | None => {}
                    Some(p) => pos.set(sq::<8>(file as i8, rank as i8), Cell::piece(kind_of(p))),
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
}
