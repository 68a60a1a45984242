//! Deterministic positions from seeded random games, for comparing move generators: what the
//! referee sends to engines, and what the tests compare castle960 with other programs on. Each
//! game starts from a Chess960 start position (half of them with Black's arrangement drawn
//! apart from White's, so both colours' castling vary) and plays random legal moves, biased so
//! that castling rights stay long enough to matter: moves of a king or a castling rook are
//! avoided three times in four, and a legal castling is played one time in eight. Every position
//! before a move is yielded. The same seed gives the same positions on every machine.

use crate::notation::uci::is_castling;
use cozy_chess::{Board, Move};

/// SplitMix64: a small, well-mixed generator, so that the positions need no random-number
/// crate and are the same on every machine.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// The generator with this seed.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `n` (n > 0); the tiny modulo bias does not matter here.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// True one time in `n`.
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }

    /// One of `items` (not empty), each as likely.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// Every legal move of `board`, castling as king-takes-rook, in cozy-chess's order.
pub fn legal_moves(board: &Board) -> Vec<Move> {
    let mut moves = Vec::new();
    board.generate_moves(|piece_moves| {
        moves.extend(piece_moves);
        false
    });
    moves
}

/// Whether `mv` moves a piece whose move ends castling rights: the king or a castling rook.
fn spends_rights(board: &Board, mv: Move) -> bool {
    let color = board.side_to_move();
    let rights = board.castle_rights(color);
    let back_rank = board.king(color).rank();
    mv.from == board.king(color)
        || [rights.long, rights.short]
            .into_iter()
            .flatten()
            .any(|file| mv.from == cozy_chess::Square::new(file, back_rank))
}

/// An endless stream of positions from seeded random games.
///
/// ```
/// use castle960::referee::positions::RandomGames;
/// let first: Vec<String> = RandomGames::new(1).take(3).map(|b| format!("{b:#}")).collect();
/// let again: Vec<String> = RandomGames::new(1).take(3).map(|b| format!("{b:#}")).collect();
/// assert_eq!(first, again);
/// ```
#[derive(Clone, Debug)]
pub struct RandomGames {
    rng: SplitMix64,
    board: Board,
    plies_left: usize,
}

/// The longest game played before the next one starts.
const MAX_PLIES: usize = 80;

impl RandomGames {
    /// The stream for `seed`.
    pub fn new(seed: u64) -> RandomGames {
        let mut games = RandomGames {
            rng: SplitMix64::new(seed),
            board: Board::default(),
            plies_left: 0,
        };
        games.new_game();
        games
    }

    fn new_game(&mut self) {
        let white = self.rng.below(960) as u32;
        let black = if self.rng.one_in(2) {
            white
        } else {
            self.rng.below(960) as u32
        };
        self.board = Board::double_chess960_startpos(white, black);
        self.plies_left = 1 + self.rng.below(MAX_PLIES);
    }

    /// The move to play next in `board`, if any.
    fn choose(&mut self, moves: &[Move]) -> Option<Move> {
        let board = &self.board;
        let castles: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&m| is_castling(board, m))
            .collect();
        let keeping: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&m| !spends_rights(board, m))
            .collect();
        let pool = if !castles.is_empty() && self.rng.one_in(8) {
            castles
        } else if !keeping.is_empty() && !self.rng.one_in(4) {
            keeping
        } else {
            moves.to_vec()
        };
        (!pool.is_empty()).then(|| pool[self.rng.below(pool.len())])
    }
}

impl Iterator for RandomGames {
    type Item = Board;

    fn next(&mut self) -> Option<Board> {
        loop {
            let moves = legal_moves(&self.board);
            if self.plies_left == 0 || moves.is_empty() {
                self.new_game();
                continue;
            }
            let position = self.board.clone();
            let mv = self.choose(&moves).expect("moves is not empty");
            self.board.play_unchecked(mv);
            self.plies_left -= 1;
            return Some(position);
        }
    }
}
