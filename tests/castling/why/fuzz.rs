//! Fuzzing `why`'s move reader in-process: at least 100,000 generated inputs (moves of random
//! game positions written in SAN, UCI in both castling forms, long algebraic and words, legal
//! and not, then mutated: characters replaced, inserted and deleted, cuts, words swapped or
//! replaced by tokens that mean something to the reader), each asked about in its position. For
//! every input: no panic; an error is one line, quotes at most 60 characters of the input and
//! stays short; an answer has a judgement, a status that is the best of its judgements', every
//! "not legal" judgement at least one reason, and renders as text and JSON. The binary gets a
//! smaller sample (`tests/cli/why.rs`). `CASTLE960_FUZZ_INPUTS=1000000` runs more.

use crate::notation_support::{self, Rng, mutate, random_game};
use castle960::castling::Status;
use castle960::notation::san::write_san;
use castle960::notation::uci::{UciCastling, write_uci};
use castle960::why::{Past, answer_text, why};
use cozy_chess::{Board, Move, Square};
use std::collections::BTreeMap;
use std::panic::{AssertUnwindSafe, catch_unwind};

const CHARS: &[char] = &[
    'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', '1', '2', '3', '4', '5', '6', '7', '8', '0', '9', 'K',
    'Q', 'R', 'B', 'N', 'P', 'q', 'r', 'n', 'k', 'x', '=', '+', '#', '!', '?', 'O', 'o', '-', ' ',
    '.', ':', 'é', '\n', '\u{1b}', '"', '…',
];

const TOKENS: &[&str] = &[
    "O-O",
    "O-O-O",
    "0-0",
    "=Q",
    "=K",
    "x",
    "e.p.",
    "0000",
    "++",
    "white",
    "black",
    "12.",
    "12...",
    "...",
    "castle",
    "short",
    "long",
    "king side",
    "a-side",
    "castles",
    "the",
];

/// Inputs: at least 100,000, more through `CASTLE960_FUZZ_INPUTS`.
fn inputs() -> usize {
    std::env::var("CASTLE960_FUZZ_INPUTS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(100_000)
}

/// A move of `board` written one of the ways a player may write it: a legal move in SAN or UCI
/// (either castling form), castling in words, or a random square-to-square move.
fn written(board: &Board, rng: &mut Rng) -> String {
    let legal = notation_support::legal_moves(board);
    let random = Move {
        from: Square::index(rng.below(64)),
        to: Square::index(rng.below(64)),
        promotion: None,
    };
    match rng.below(6) {
        0 | 1 if !legal.is_empty() => write_san(board, *rng.pick(&legal)).expect("legal"),
        2 if !legal.is_empty() => {
            let form = if rng.one_in(2) {
                UciCastling::Standard
            } else {
                UciCastling::Chess960
            };
            write_uci(board, *rng.pick(&legal), form)
        }
        3 => rng
            .pick(&[
                "castle short",
                "O-O-O",
                "black O-O",
                "12... 0-0",
                "kingside",
            ])
            .to_string(),
        4 => format!("{}-{}", random.from, random.to),
        _ => random.to_string(),
    }
}

#[test]
fn the_move_reader_survives_mutated_moves() {
    let mut rng = Rng::new(0x3A7);
    let mut boards = Vec::new();
    for _ in 0..200 {
        let start = Board::chess960_startpos(rng.below(960) as u32);
        let moves = random_game(&start, 60, 4, &mut rng);
        boards.extend(notation_support::positions(&start, &moves));
    }
    let total = inputs();
    let (mut answered, mut legal) = (0usize, 0usize);
    let mut refused: BTreeMap<String, usize> = BTreeMap::new();
    for n in 0..total {
        let board = rng.pick(&boards);
        let mut text = written(board, &mut rng);
        for _ in 0..rng.below(4) {
            text = mutate(&text, CHARS, TOKENS, &mut rng);
        }
        if n % 50 == 0 {
            text = text.repeat(1 + rng.below(40));
        }
        let past = Past::of_position(board);
        let result = catch_unwind(AssertUnwindSafe(|| {
            why(board, &text, &past).map(|a| {
                let words = answer_text(board, &a, true, 100);
                let json = serde_json::to_string(&a).expect("serialises");
                (a, words, json)
            })
        }))
        .unwrap_or_else(|_| panic!("why panics on {text:?} in {board:#}"));
        match result {
            Ok((answer, words, json)) => {
                answered += 1;
                assert!(!answer.moves.is_empty(), "{text:?}");
                let best = answer
                    .moves
                    .iter()
                    .map(|j| j.status)
                    .any(|s| s == answer.status);
                assert!(best, "{text:?}");
                for j in &answer.moves {
                    assert!(
                        j.status != Status::NotLegal || !j.reasons.is_empty(),
                        "{text:?} in {board:#}"
                    );
                }
                if answer.status == Status::LegalNow {
                    legal += 1;
                }
                assert!(!words.is_empty() && json.starts_with("{\"schema\":1,"));
            }
            Err(e) => {
                let message = e.to_string();
                assert!(!message.contains('\n'), "{text:?}: {message}");
                assert!(!message.contains('\u{1b}'), "{text:?}: {message}");
                assert!(message.chars().count() < 400, "{text:?}: {message}");
                let debug = format!("{e:?}");
                let kind = debug[..debug.find([' ', '(', '{']).unwrap_or(debug.len())].to_string();
                *refused.entry(kind).or_default() += 1;
            }
        }
    }
    let refusals: usize = refused.values().sum();
    println!(
        "why fuzz: {total} inputs on {} positions: {answered} answered ({legal} legal now), \
         {refusals} refused in one line: {refused:?}",
        boards.len()
    );
    assert_eq!(answered + refusals, total);
    assert!(total >= 100_000 || std::env::var("CASTLE960_FUZZ_INPUTS").is_ok());
    assert!(
        answered > total / 4 && legal > total / 20,
        "{answered} {legal}"
    );
    for kind in [
        "Malformed",
        "Empty",
        "NullMove",
        "CastlingSide",
        "Promotion",
        "TwoColours",
    ] {
        assert!(
            refused.contains_key(kind),
            "never refused as {kind}: {refused:?}"
        );
    }
}
