//! Fuzzing the FEN and PGN readers: at least 100,000 generated inputs each, mutations of valid
//! FENs and PGNs from seeded random games (characters replaced, inserted and deleted, cuts,
//! fields and tokens swapped, duplicated or replaced by tokens that mean something to the
//! reader). For every input: no panic, every error message one line, no FEN refused by
//! cozy-chess for a reason this crate does not name, every accepted FEN written and read back
//! (Shredder-FEN and X-FEN) to the same board, every accepted game's moves legal in order.
//!
//! Deterministic (seeded); the counts are printed (`cargo test --release --test notation_fuzz
//! -- --nocapture`). `CASTLE960_FUZZ_INPUTS=1000000` runs more inputs per reader. The UCI and
//! SAN readers get as many mutated moves, each on a position of a random game.

use crate::notation_support;

use castle960::notation::fen::{
    CastlingNotation, FenError, PositionError, SyntaxError, read_fen, to_fen,
};
use castle960::notation::pgn_import::{count_games, read_pgn, read_pgn_game};
use castle960::notation::san::{read_san, read_san_under, write_san, write_san_under};
use cozy_chess::Board;
use notation_support::{
    FEN_CHARS, FEN_TOKENS, Rng, fen_corpus, mutate, mutate_position, pgn_text, random_game,
};
use std::collections::BTreeMap;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// Inputs per reader: at least 100,000, more through `CASTLE960_FUZZ_INPUTS`.
fn inputs() -> usize {
    std::env::var("CASTLE960_FUZZ_INPUTS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(100_000)
}

/// The variant's name, for counting errors by rule.
fn variant_name<E: std::fmt::Debug>(error: &E) -> String {
    let debug = format!("{error:?}");
    let end = debug.find([' ', '(', '{']).unwrap_or(debug.len());
    debug[..end].to_string()
}

#[test]
fn fen_reader_survives_mutated_fens() {
    let mut rng = Rng::new(0xFE4);
    let corpus = fen_corpus(&mut rng);
    let (mut accepted, mut rejected) = (0usize, BTreeMap::<String, usize>::new());
    let mut cozy_accepted = 0;
    let total = inputs();
    for n in 0..total {
        let mut text = rng.pick(&corpus).clone();
        if n % 2 == 0 {
            for _ in 0..1 + rng.below(3) {
                text = mutate_position(&text, &mut rng);
            }
        } else {
            for _ in 0..1 + rng.below(3) {
                text = mutate(&text, FEN_CHARS, FEN_TOKENS, &mut rng);
            }
        }
        if n % 16 == 0 {
            text = format!("  {text}\n");
        }
        let result = catch_unwind(AssertUnwindSafe(|| read_fen(&text)))
            .unwrap_or_else(|_| panic!("read_fen panics on {text:?}"));
        // What cozy-chess's own reader accepts, this one accepts too, except where cozy-chess
        // 0.3.4 is lenient beyond the rules: more pieces than promotions explain, two kings side
        // by side, double checks no move gives (it does not look at them), checks the en
        // passant square cannot explain (it checks a weaker rule),
        // a digit 0 in the placement (read as no square), fewer than 8 ranks (the missing top
        // ranks read as empty) and a clock with a plus sign (Rust's integer parsing); and as the same board where the castling field means the same to
        // both (Shredder-FEN). Only for texts with single spaces between fields: cozy-chess
        // reads two spaces as an empty field between them, this reader as one separator.
        let single_spaced = text.split_ascii_whitespace().collect::<Vec<_>>().join(" ") == text;
        if let Some(cozy) = text.parse::<Board>().ok().filter(|_| single_spaced) {
            cozy_accepted += 1;
            match &result {
                Err(FenError::Position(
                    PositionError::KingsTouch { .. }
                    | PositionError::TooMuchMaterial { .. }
                    | PositionError::ImpossibleCheck { .. }
                    | PositionError::EnPassantImpossibleCheck { .. },
                )) => {}
                Err(FenError::Syntax(
                    SyntaxError::PieceLetter { letter: '0', .. }
                    | SyntaxError::RankCount { found: ..8, .. },
                )) => {}
                Err(FenError::Syntax(
                    SyntaxError::HalfmoveClock { field } | SyntaxError::MoveNumber { field },
                )) if field.starts_with('+') => {}
                Err(e) => panic!("cozy-chess accepts {text:?}, castle960 says: {e}"),
                Ok(ours) if Board::from_fen(&text, true).is_ok() => {
                    assert_eq!(ours, &cozy, "{text:?}")
                }
                Ok(_) => {}
            }
        }
        match result {
            Ok(board) => {
                accepted += 1;
                for notation in [CastlingNotation::Shredder, CastlingNotation::XFen] {
                    let written = to_fen(&board, notation);
                    assert_eq!(
                        read_fen(&written).as_ref(),
                        Ok(&board),
                        "{text:?} -> {written}"
                    );
                }
            }
            Err(e) => {
                let message = e.to_string();
                assert!(!message.contains('\n'), "{text:?}: {message}");
                assert!(
                    !matches!(e, FenError::Position(PositionError::Rejected { .. })),
                    "{text:?}: {message}"
                );
                let rule = match &e {
                    FenError::Syntax(e) => variant_name(e),
                    FenError::Position(e) => variant_name(e),
                };
                *rejected.entry(rule).or_default() += 1;
            }
        }
    }
    let refused: usize = rejected.values().sum();
    println!(
        "FEN fuzz: {total} inputs from {} valid FENs: {accepted} accepted (all round-trip), {refused} refused; cozy-chess's own reader accepts {cozy_accepted}, all accepted here too but for its known leniencies:",
        corpus.len()
    );
    for (rule, count) in &rejected {
        println!("  {rule}: {count}");
    }
    assert_eq!(accepted + refused, total);
    assert!(total >= 100_000 || std::env::var("CASTLE960_FUZZ_INPUTS").is_ok());
    // The mutations reach every kind of rule, not only syntax.
    for rule in [
        "KingCount",
        "OppositeCheck",
        "CastlingNoRook",
        "EnPassantNoPawn",
        "RankWidth",
    ] {
        assert!(
            rejected.contains_key(rule),
            "no input broke {rule}: {rejected:?}"
        );
    }
}

const PGN_CHARS: &[char] = &[
    '{', '}', '(', ')', '[', ']', ';', '$', '"', '%', '*', '.', '-', '/', ' ', '\n', '1', '2', '5',
    '9', 'a', 'e', 'h', 'K', 'Q', 'R', 'B', 'N', 'O', 'x', '=', '+', '#', '!', '?', '0', '\\', 'é',
    '\u{feff}',
];

const PGN_TOKENS: &[&str] = &[
    "{",
    "}",
    "(",
    ")",
    "[",
    "]",
    "\"",
    ";",
    "$3",
    "1-0",
    "0-1",
    "1/2-1/2",
    "*",
    "O-O",
    "O-O-O",
    "0-0",
    "e4",
    "Nf3",
    "exd6",
    "e8=Q",
    "...",
    "12.",
    "12...",
    "e.p.",
    "--",
    "½-½",
    "\n",
    "[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n",
    "[Variant \"Atomic\"]\n",
    "[Variant \"Chess960\"]\n",
    "[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n",
    "\n[Event \"next\"]\n",
    "% escape\n",
];

/// PGNs of random games, some files holding two games.
fn pgn_corpus(rng: &mut Rng) -> Vec<String> {
    let mut corpus = Vec::new();
    for game in 0..400 {
        let start = if game % 5 == 0 {
            Board::default()
        } else {
            Board::chess960_startpos(rng.below(960) as u32)
        };
        let plies = rng.below(50);
        let moves = random_game(&start, plies, 2, rng);
        let mut text = pgn_text(&start, &moves, rng, &format!("game {game}"));
        if game % 4 == 0 {
            let moves = random_game(&Board::default(), 10, 2, rng);
            text.push('\n');
            text.push_str(&pgn_text(&Board::default(), &moves, rng, "second"));
        }
        corpus.push(text);
    }
    corpus
}

#[test]
fn pgn_reader_survives_mutated_pgns() {
    let mut rng = Rng::new(0x96E);
    let corpus = pgn_corpus(&mut rng);
    // The unmutated corpus reads back move for move.
    for text in &corpus {
        let game = read_pgn(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert!(game.result.is_some(), "{text}");
    }
    let (mut accepted, mut moves_read, mut rejected) =
        (0usize, 0usize, BTreeMap::<String, usize>::new());
    let total = inputs();
    for _ in 0..total {
        let mut text = rng.pick(&corpus).clone();
        for _ in 0..1 + rng.below(4) {
            text = mutate(&text, PGN_CHARS, PGN_TOKENS, &mut rng);
        }
        let result = catch_unwind(AssertUnwindSafe(|| {
            let _ = count_games(&text);
            let _ = read_pgn_game(&text, 2);
            read_pgn(&text)
        }))
        .unwrap_or_else(|_| panic!("the PGN reader panics on {text:?}"));
        match result {
            Ok(game) => {
                accepted += 1;
                let mut board = game.start.clone();
                for (i, played) in game.moves.iter().enumerate() {
                    assert_eq!(played.ply, i + 1);
                    let read = |san: &str| read_san_under(&board, game.rule, san);
                    assert_eq!(read(&played.san), Ok(played.mv), "{text:?}");
                    let san = write_san_under(&board, game.rule, &played.mv)
                        .expect("accepted moves are legal");
                    assert_eq!(read(&san), Ok(played.mv), "{text:?}");
                    played.mv.play_unchecked(&mut board);
                    moves_read += 1;
                }
                assert_eq!(board, game.position(game.moves.len()));
            }
            Err(e) => {
                let message = e.to_string();
                assert!(!message.contains('\n'), "{text:?}: {message}");
                *rejected.entry(variant_name(&e)).or_default() += 1;
            }
        }
    }
    let refused: usize = rejected.values().sum();
    println!(
        "PGN fuzz: {total} inputs from {} valid PGNs: {accepted} accepted ({moves_read} moves replayed), {refused} refused:",
        corpus.len()
    );
    for (rule, count) in &rejected {
        println!("  {rule}: {count}");
    }
    assert_eq!(accepted + refused, total);
    for rule in [
        "Move",
        "UnclosedComment",
        "UnclosedVariation",
        "MalformedTag",
        "Fen",
    ] {
        assert!(
            rejected.contains_key(rule),
            "no input broke {rule}: {rejected:?}"
        );
    }
}

const MOVE_CHARS: &[char] = &[
    'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', '1', '2', '3', '4', '5', '6', '7', '8', '0', '9', 'K',
    'Q', 'R', 'B', 'N', 'P', 'q', 'r', 'n', 'k', 'x', '=', '+', '#', '!', '?', 'O', 'o', '-', ' ',
    'é', '\n',
];

const MOVE_TOKENS: &[&str] = &["O-O", "O-O-O", "0-0", "=Q", "x", "e.p.", "0000", "++"];

#[test]
fn move_readers_survive_mutated_moves() {
    use castle960::notation::uci::{UciCastling, read_uci, write_uci};
    let mut rng = Rng::new(0x5A9);
    let mut boards = Vec::new();
    for _ in 0..200 {
        let start = Board::chess960_startpos(rng.below(960) as u32);
        let moves = random_game(&start, 60, 4, &mut rng);
        boards.extend(notation_support::positions(&start, &moves));
    }
    boards.retain(|b| !notation_support::legal_moves(b).is_empty());
    let (mut uci_ok, mut san_ok) = (0, 0);
    let total = inputs();
    for _ in 0..total {
        let board = rng.pick(&boards);
        let legal = notation_support::legal_moves(board);
        let mv = *rng.pick(&legal);
        let form = if rng.one_in(2) {
            UciCastling::Standard
        } else {
            UciCastling::Chess960
        };
        let mut uci = write_uci(board, mv, form);
        let mut san = write_san(board, mv).expect("legal");
        for _ in 0..rng.below(3) {
            uci = mutate(&uci, MOVE_CHARS, MOVE_TOKENS, &mut rng);
            san = mutate(&san, MOVE_CHARS, MOVE_TOKENS, &mut rng);
        }
        let (u, s) = catch_unwind(AssertUnwindSafe(|| {
            (read_uci(board, &uci), read_san(board, &san))
        }))
        .unwrap_or_else(|_| panic!("a move reader panics on {uci:?} or {san:?}"));
        match u {
            Ok(m) => {
                assert!(board.is_legal(m), "{uci:?}");
                uci_ok += 1;
            }
            Err(e) => assert!(!e.to_string().contains('\n'), "{e}"),
        }
        match s {
            Ok(m) => {
                assert!(board.is_legal(m), "{san:?}");
                san_ok += 1;
            }
            Err(e) => assert!(!e.to_string().contains('\n'), "{e}"),
        }
    }
    println!(
        "move fuzz: {total} UCI and {total} SAN inputs on {} positions: {uci_ok} and {san_ok} read as legal moves, the rest refused in one line",
        boards.len()
    );
    assert!(uci_ok > total / 4 && san_ok > total / 4);
}
