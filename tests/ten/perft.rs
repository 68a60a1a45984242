//! castle960's ten-file perft against Fairy-Stockfish's (`go perft`, divide compared move by
//! move). The engine must be installed (Debian: `apt-get install fairy-stockfish`, which
//! `.ci/run` does); without it these tests fail and say so.

use castle960::chess::CastlingSide;
use castle960::referee::{Engine, EngineConfig};
use castle960::ten::{Board, Move, Piece, Variant, arrays, divide};
use std::path::Path;

/// Fairy-Stockfish: Debian's path, else the name on `PATH`.
pub(crate) fn engine(variant: Variant) -> Engine<Board> {
    let program = if Path::new("/usr/games/fairy-stockfish").exists() {
        "/usr/games/fairy-stockfish"
    } else {
        "fairy-stockfish"
    };
    let mut config = EngineConfig::new(program, Vec::<String>::new());
    config.position_timeout = std::time::Duration::from_secs(60);
    Engine::start_variant(config, variant).unwrap_or_else(|e| {
        panic!(
            "these tests need Fairy-Stockfish: install it (Debian: apt-get install fairy-stockfish) \
             or put fairy-stockfish on PATH; {e}"
        )
    })
}

/// How many moves of each special kind the compared perft trees hold (every ply, not only the
/// first): the evidence that a comparison reached castling, en passant and promotion, and
/// positions in check, not only plain moves.
#[derive(Debug, Default)]
struct Seen {
    positions: usize,
    castlings: u64,
    en_passant: u64,
    promotions: u64,
    in_check: u64,
}

impl Seen {
    /// Counts the special moves of the tree of `depth` plies from `board`.
    fn add(&mut self, board: &Board, depth: u32) {
        self.positions += 1;
        self.walk(board, depth);
    }

    /// Panics unless the trees held at least `least` castlings, promotions and positions in
    /// check, and some en passant capture.
    fn assert_reached(&self, least: u64) {
        assert!(
            self.castlings >= least
                && self.promotions >= least
                && self.in_check >= least
                && self.en_passant > 0,
            "the random games reach too few special moves: {self:?}"
        );
    }

    fn walk(&mut self, board: &Board, depth: u32) {
        if depth == 0 {
            return;
        }
        self.in_check += u64::from(board.in_check(board.side_to_move()));
        for mv in board.legal_moves() {
            self.castlings += u64::from(board.is_castling(mv));
            self.promotions += u64::from(mv.promotion.is_some());
            self.en_passant += u64::from(
                Some(mv.to) == board.en_passant()
                    && board.man_on(mv.from).is_some_and(|(_, p)| p == Piece::Pawn),
            );
            // The last ply's moves are counted above; the positions they lead to add nothing.
            if depth > 1 {
                self.walk(&board.play(mv), depth - 1);
            }
        }
    }
}

/// Compares the divide of `board` to `depth` with the engine's; panics naming the position and
/// every move whose count differs. The FEN sent is castle960's own, so each compared position
/// also checks the writer: the FEN reads back to the same board. Our divide is counted on a
/// thread of its own while the engine counts (the two took turns before: the slowest test of
/// this binary, 1,000 positions to depth 3, spent 62 % of its time in our divide and 38 % in
/// the engine's).
fn compare(engine: &mut Engine<Board>, board: &Board, depth: u32) -> u64 {
    let again = Board::from_fen(&board.to_string(), board.variant());
    assert_eq!(again.as_ref(), Ok(board), "{board}: the FEN reads back");
    let (mut ours, theirs) = std::thread::scope(|scope| {
        let ours = scope.spawn(|| divide(board, depth));
        let theirs = engine.perft(board, depth);
        (ours.join().expect("our divide panicked"), theirs)
    });
    let theirs = theirs.unwrap_or_else(|e| panic!("{e}"));
    let mut their_moves = theirs.moves.clone();
    ours.sort();
    their_moves.sort();
    if ours != their_moves {
        let only = |a: &[(Move, u64)], b: &[(Move, u64)]| -> Vec<String> {
            a.iter()
                .filter(|m| !b.contains(m))
                .map(|(m, n)| format!("{m}: {n}"))
                .collect()
        };
        panic!(
            "{} position {board} at depth {depth}: castle960 alone has {:?}, Fairy-Stockfish alone has {:?}",
            board.variant(),
            only(&ours, &their_moves),
            only(&their_moves, &ours)
        );
    }
    let total: u64 = ours.iter().map(|(_, n)| n).sum();
    assert_eq!(total, theirs.nodes, "{board}: the engine's total");
    total
}

/// A small deterministic generator (xorshift), so that every run plays the same games.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// A random move, biased toward castling: a legal castling is played one time in three; else,
/// nineteen times in twenty, a move that keeps the mover's castling rights, and half of those
/// times one that develops a man off the back rank. So the games keep reaching positions where
/// castling is legal or nearly so (half-cleared back ranks, attacked squares on the king's path).
fn pick(board: &Board, moves: &[Move], rng: &mut Rng) -> Move {
    let us = board.side_to_move();
    let castlings: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&m| board.is_castling(m))
        .collect();
    let rights = |b: &Board| CastlingSide::BOTH.map(|side| b.castling_right(us, side));
    let keeping: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&m| rights(&board.play(m)) == rights(board))
        .collect();
    let back_rank = board.king(us).rank();
    let developing: Vec<Move> = keeping
        .iter()
        .copied()
        .filter(|m| m.from.rank() == back_rank)
        .collect();
    let pool = match rng.below(60) {
        0..20 if !castlings.is_empty() => castlings,
        0..40 if !developing.is_empty() => developing,
        0..57 if !keeping.is_empty() => keeping,
        _ => moves.to_vec(),
    };
    pool[rng.below(pool.len())]
}

/// `count` positions of random games from a random CRC array (or `variant`'s start position
/// for the fixed-array variants), stopping at mate: every other game biased toward castling
/// ([`pick`]) and up to `max_plies` long, the others uniformly random and up to four times as
/// long, so that pawns reach the last rank and promote.
pub(crate) fn random_positions(
    variant: Variant,
    count: usize,
    max_plies: usize,
    seed: u64,
) -> Vec<Board> {
    let crc = arrays();
    let mut rng = Rng(seed);
    (0..count)
        .map(|game| {
            let mut board = if variant == Variant::CAPARANDOM {
                crc[rng.below(crc.len())].board()
            } else {
                Board::from_fen(variant.start_fen(), variant).unwrap()
            };
            let biased = game % 2 == 0;
            let plies = if biased { max_plies } else { 4 * max_plies };
            for _ in 0..rng.below(plies + 1) {
                let moves = board.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let mv = if biased {
                    pick(&board, &moves, &mut rng)
                } else {
                    moves[rng.below(moves.len())]
                };
                board = board.play(mv);
            }
            board
        })
        .collect()
}

/// Every variant's start position to depth 3, divides compared at each depth; the totals are
/// also fixed here as Fairy-Stockfish 11.1 gives them (`go perft 3` from `position startpos`),
/// so that a change of either side shows.
#[test]
fn start_positions_to_depth_3_equal_fairy_stockfish() {
    for (variant, expected) in [
        (Variant::CAPABLANCA, [28, 784, 25_228]),
        (Variant::CAPARANDOM, [28, 784, 25_228]),
        (Variant::GOTHIC, [28, 784, 25_283]),
        (Variant::EMBASSY, [28, 784, 25_281]),
        (Variant::JANUS, [28, 782, 24_747]),
    ] {
        let mut engine = engine(variant);
        let start = Board::from_fen(variant.start_fen(), variant).unwrap();
        let totals: Vec<u64> = (1..=3).map(|d| compare(&mut engine, &start, d)).collect();
        assert_eq!(totals, expected, "{variant}");
    }
}

/// Every CRC array's start position to depth 2, divides compared (21,836 positions, about ten
/// seconds): every back rank the variant deals.
#[test]
fn every_crc_array_to_depth_2_equals_fairy_stockfish() {
    let mut engine = engine(Variant::CAPARANDOM);
    let crc = arrays();
    for array in &crc {
        compare(&mut engine, &array.board(), 2);
    }
    assert_eq!(crc.len(), 21_836);
}

/// 200 positions of random CRC games to depth 2, and 100 of each fixed-array variant's.
#[test]
fn random_games_to_depth_2_equal_fairy_stockfish() {
    for (variant, count, seed) in [
        (Variant::CAPARANDOM, 200, 1),
        (Variant::CAPABLANCA, 100, 2),
        (Variant::GOTHIC, 100, 3),
        (Variant::EMBASSY, 100, 4),
        (Variant::JANUS, 100, 5),
    ] {
        let mut engine = engine(variant);
        let mut seen = Seen::default();
        for board in random_positions(variant, count, 60, seed) {
            compare(&mut engine, &board, 2);
            seen.add(&board, 2);
        }
        eprintln!("{variant}: {seen:?}");
        seen.assert_reached(5);
    }
}

/// 1,000 positions of random CRC games to depth 3 (about 30 s on two cores).
#[test]
#[ignore = "slow: 1,000 positions to depth 3"]
fn random_crc_games_to_depth_3_equal_fairy_stockfish() {
    let mut engine = engine(Variant::CAPARANDOM);
    let mut seen = Seen::default();
    for board in random_positions(Variant::CAPARANDOM, 1_000, 60, 26) {
        compare(&mut engine, &board, 3);
        seen.add(&board, 3);
    }
    eprintln!("{seen:?}");
    seen.assert_reached(1_000);
}
