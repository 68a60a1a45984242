//! Deterministic positions from seeded random games, for comparing move generators: what the
//! referee sends to engines, and what the tests compare castle960 with other programs on. Each
//! game starts from a Chess960 start position (half of them with Black's arrangement drawn
//! apart from White's, so both colours' castling vary) and plays random legal moves, biased so
//! that castling rights stay long enough to matter: moves of a king or a castling rook are
//! avoided three times in four, and a legal castling is played one time in eight. Every position
//! before a move is yielded. The same seed gives the same positions on every machine.
//!
//! The walk is the same on ten files ([`RandomGames::ten`]): random CRC arrays for
//! `caparandom` (half the games with Black's array drawn apart), the start array for the other
//! variants; what it needs of a board is the [`Game`] trait.

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

/// What a stream of random games needs of a board: its legal moves in a fixed order, playing
/// one, and which of them castle or spend castling rights; and a start position for the next
/// game.
pub trait Game: Clone {
    /// A move, castling as king-takes-rook.
    type Move: Copy;

    /// Every legal move, in the generator's order.
    fn moves(&self) -> Vec<Self::Move>;

    /// Plays `mv`, a legal move of this position.
    fn play(&mut self, mv: Self::Move);

    /// Whether `mv` is a castling.
    fn is_castling(&self, mv: Self::Move) -> bool;

    /// Whether `mv` moves a man whose move ends castling rights: the king or a castling rook.
    fn spends_rights(&self, mv: Self::Move) -> bool;

    /// The start of the next game, of this position's kind (its variant, on ten files).
    fn new_start(&self, rng: &mut SplitMix64) -> Self;
}

/// Eight files: cozy-chess's moves, games from all 960 start positions.
impl Game for Board {
    type Move = Move;

    fn moves(&self) -> Vec<Move> {
        legal_moves(self)
    }

    fn play(&mut self, mv: Move) {
        self.play_unchecked(mv);
    }

    fn is_castling(&self, mv: Move) -> bool {
        is_castling(self, mv)
    }

    fn spends_rights(&self, mv: Move) -> bool {
        let color = self.side_to_move();
        let rights = self.castle_rights(color);
        let back_rank = self.king(color).rank();
        mv.from == self.king(color)
            || [rights.long, rights.short]
                .into_iter()
                .flatten()
                .any(|file| mv.from == cozy_chess::Square::new(file, back_rank))
    }

    /// A Chess960 start position for White, and for Black the same one half of the time, else
    /// another.
    fn new_start(&self, rng: &mut SplitMix64) -> Board {
        let white = rng.below(960) as u32;
        let black = if rng.one_in(2) {
            white
        } else {
            rng.below(960) as u32
        };
        Board::double_chess960_startpos(white, black)
    }
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
pub struct RandomGames<B = Board> {
    rng: SplitMix64,
    board: B,
    plies_left: usize,
}

/// The longest game played before the next one starts.
const MAX_PLIES: usize = 80;

impl RandomGames {
    /// The stream for `seed`: games from all 960 start positions.
    pub fn new(seed: u64) -> RandomGames {
        RandomGames::starting(Board::default(), seed)
    }
}

impl RandomGames<crate::ten::Board> {
    /// The stream for `seed` of the ten-file `variant`: games from random CRC arrays for
    /// `caparandom`, from the variant's start position for the others.
    ///
    /// ```
    /// use castle960::referee::positions::RandomGames;
    /// use castle960::ten::Variant;
    /// let first: Vec<String> = RandomGames::ten(Variant::CAPARANDOM, 1).take(3).map(|b| b.to_string()).collect();
    /// let again: Vec<String> = RandomGames::ten(Variant::CAPARANDOM, 1).take(3).map(|b| b.to_string()).collect();
    /// assert_eq!(first, again);
    /// ```
    pub fn ten(variant: crate::ten::Variant, seed: u64) -> Self {
        let any = crate::ten::Board::from_fen(variant.start_fen(), variant);
        RandomGames::starting(any.expect("a start position"), seed)
    }
}

impl<B: Game> RandomGames<B> {
    /// The stream for `seed`, its games starting where [`Game::new_start`] of `kind` says.
    fn starting(kind: B, seed: u64) -> Self {
        let mut games = RandomGames {
            rng: SplitMix64::new(seed),
            board: kind,
            plies_left: 0,
        };
        games.new_game();
        games
    }

    fn new_game(&mut self) {
        self.board = self.board.new_start(&mut self.rng);
        self.plies_left = 1 + self.rng.below(MAX_PLIES);
    }

    /// The move to play next in `board`, if any.
    fn choose(&mut self, moves: &[B::Move]) -> Option<B::Move> {
        let board = &self.board;
        let castles: Vec<B::Move> = moves
            .iter()
            .copied()
            .filter(|&m| board.is_castling(m))
            .collect();
        let keeping: Vec<B::Move> = moves
            .iter()
            .copied()
            .filter(|&m| !board.spends_rights(m))
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

impl<B: Game> Iterator for RandomGames<B> {
    type Item = B;

    fn next(&mut self) -> Option<B> {
        loop {
            let moves = self.board.moves();
            if self.plies_left == 0 || moves.is_empty() {
                self.new_game();
                continue;
            }
            let position = self.board.clone();
            let mv = self.choose(&moves).expect("moves is not empty");
            self.board.play(mv);
            self.plies_left -= 1;
            return Some(position);
        }
    }
}
