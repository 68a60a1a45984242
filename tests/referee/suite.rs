//! The castling suite: the committed file is what the program writes, it covers every rule
//! family with both colours, and its numbers are those of programs castle960 did not write:
//! cozy-chess's own perft and castling moves, and Stockfish's.

use crate::common;
use castle960::notation::uci::is_castling;
use castle960::referee::suite::{self, Family};
use castle960::referee::{Engine, EngineConfig};
use cozy_chess::{Board, Color, Move};
use std::collections::BTreeMap;

const COMMITTED: &str = include_str!("../../output/castling-suite.epd");

/// The `name` field of a suite line.
fn field<'a>(line: &'a str, name: &str) -> &'a str {
    line.split(" ;")
        .find_map(|f| f.strip_prefix(name)?.strip_prefix(' '))
        .unwrap_or_else(|| panic!("no {name} in {line}"))
}

/// cozy-chess's perft, castling by its own rules.
fn cozy_perft(board: &Board, depth: u32) -> u64 {
    let mut moves = Vec::new();
    board.generate_moves(|m| {
        moves.extend(m);
        false
    });
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|mv| {
            let mut next = board.clone();
            next.play_unchecked(mv);
            cozy_perft(&next, depth - 1)
        })
        .sum()
}

/// cozy-chess's castling moves of the side to move, king takes rook, sorted as text.
fn cozy_castlings(board: &Board) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    board.generate_moves(|m| {
        out.extend(
            m.into_iter()
                .filter(|&mv: &Move| is_castling(board, mv))
                .map(|mv| mv.to_string()),
        );
        false
    });
    out.sort();
    out
}

#[test]
fn the_committed_suite_is_what_the_program_writes() {
    let text = suite::render(&suite::generate());
    assert!(
        text == COMMITTED,
        "output/castling-suite.epd is stale: run `castle960 suite`"
    );
}

#[test]
fn every_family_is_covered_with_white_and_black_to_move() {
    let lines = suite::read(COMMITTED).unwrap();
    assert!(
        (2_000..=5_000).contains(&lines.len()),
        "{} positions",
        lines.len()
    );
    let mut counts: BTreeMap<(&str, bool), usize> = BTreeMap::new();
    for (line, read) in COMMITTED.lines().zip(&lines) {
        for name in field(line, "families").split(',') {
            *counts
                .entry((name, read.board.side_to_move() == Color::White))
                .or_default() += 1;
        }
    }
    for family in Family::ALL {
        for white in [true, false] {
            let n = counts.get(&(family.name(), white)).copied().unwrap_or(0);
            assert!(
                n >= 100,
                "{} with {} to move: {n}",
                family.name(),
                if white { "White" } else { "Black" }
            );
        }
    }
}

#[test]
fn the_suites_numbers_are_cozy_chess_perft_and_castling_moves() {
    for (line, read) in COMMITTED.lines().zip(suite::read(COMMITTED).unwrap()) {
        let board = &read.board;
        assert_eq!(read.d1, Some(cozy_perft(board, 1)), "{line}");
        assert_eq!(read.d2, Some(cozy_perft(board, 2)), "{line}");
        let listed: Vec<&str> = match field(line, "castling") {
            "-" => Vec::new(),
            moves => moves.split(' ').collect(),
        };
        let mut sorted = listed.clone();
        sorted.sort();
        assert_eq!(sorted, cozy_castlings(board), "{line}");
        let san = field(line, "castling_san");
        assert_eq!(san == "-", listed.is_empty(), "{line}");
    }
}

#[test]
fn stockfish_agrees_with_every_line_of_the_suite_to_depth_two() {
    let Some(program) = common::debian_program("stockfish") else {
        return;
    };
    let lines = suite::read(COMMITTED).unwrap();
    let mut engine = Engine::start(EngineConfig::new(program, Vec::<String>::new())).unwrap();
    let mut checked = 0;
    for (answer, (line, read)) in engine
        .perft_all(lines.iter().map(|l| l.board.clone()), 2)
        .zip(COMMITTED.lines().zip(&lines))
    {
        let (_, perft) = answer.unwrap();
        assert_eq!(Some(perft.nodes), read.d2, "{line}");
        let mut castling: Vec<String> = perft
            .moves
            .iter()
            .filter(|&&(mv, _)| is_castling(&read.board, mv))
            .map(|(mv, _)| mv.to_string())
            .collect();
        castling.sort();
        assert_eq!(castling, cozy_castlings(&read.board), "{line}");
        checked += 1;
    }
    assert_eq!(checked, lines.len());
}
