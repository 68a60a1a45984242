//! Every verdict that needs a pawn move is backed by real games that cozy-chess replays from the
//! full Chess960 start position (Black standing and passing): the castling game of every side,
//! and for artificial-only sides a castle-free game reaching the identical placement.
//!
//! The games are read from the committed report, which `tests/cli.rs` proves equal to what the
//! program writes, so the expensive analysis runs once in the test suite, not once per file.

mod common;

use castle960::start::line::Line;
use castle960::{Arrangement, CastlingSide};

/// One side's verdict and games as the report states them.
struct Reported {
    arrangement: Arrangement,
    side: CastlingSide,
    verdict: String,
    castle_line: Vec<String>,
    walk_line: Vec<String>,
}

fn reported() -> Vec<Reported> {
    let moves =
        |text: &str| -> Vec<String> { text.split_whitespace().map(str::to_string).collect() };
    let out: Vec<Reported> = common::reported_sides()
        .into_iter()
        .map(|r| Reported {
            arrangement: r.arrangement,
            side: r.side,
            verdict: r.field("verdict").to_string(),
            castle_line: moves(r.field("castle_line")),
            walk_line: moves(r.field("walk_line")),
        })
        .collect();
    assert_eq!(out.len(), 1920);
    out
}

fn side_letter(side: CastlingSide) -> char {
    match side {
        CastlingSide::A => 'a',
        CastlingSide::H => 'h',
    }
}

#[test]
fn every_side_has_replayable_witness_games() {
    let mut walks = 0;
    for r in reported() {
        let label = format!("SP {} {} ({})", r.arrangement.sp(), r.side, r.verdict);
        let fen = r.arrangement.fen();
        let moves: Vec<&str> = r.castle_line.iter().map(String::as_str).collect();
        let castle_at = moves
            .iter()
            .position(|m| *m == r.side.san())
            .unwrap_or_else(|| panic!("{label}: the castling game never castles"));
        let until_castle = common::replay_white_line(&fen, &moves[..=castle_at])
            .unwrap_or_else(|e| panic!("{label}: {e}"));
        assert_eq!(
            until_castle.last_castle,
            Some(side_letter(r.side)),
            "{label}"
        );
        assert!(!until_castle.castled_before_last, "{label}");
        let castle =
            common::replay_white_line(&fen, &moves).unwrap_or_else(|e| panic!("{label}: {e}"));
        match r.verdict.as_str() {
            "no-pawn-move" => {
                assert_eq!(until_castle.pawn_moves, 0, "{label}");
                assert!(r.walk_line.is_empty(), "{label}");
            }
            "after-pawn-move" => {
                assert!(
                    until_castle.pawn_moves > 0,
                    "{label}: castling needs a pawn move"
                );
                assert_eq!(
                    castle_at + 1,
                    moves.len(),
                    "{label}: the witness is the castled position"
                );
                assert!(r.walk_line.is_empty(), "{label}");
            }
            "artificial-only" => {
                assert!(
                    until_castle.pawn_moves > 0,
                    "{label}: castling needs a pawn move"
                );
                let walk_moves: Vec<&str> = r.walk_line.iter().map(String::as_str).collect();
                let walk = common::replay_white_line(&fen, &walk_moves)
                    .unwrap_or_else(|e| panic!("{label}: walk: {e}"));
                assert_eq!(walk.last_castle, None, "{label}: the walk castles");
                assert!(!walk.castled_before_last, "{label}: the walk castles");
                assert_eq!(
                    common::white_placement(&walk.board),
                    common::white_placement(&castle.board),
                    "{label}: the walk and the castling game end in different placements"
                );
                walks += 1;
            }
            other => panic!("{label}: unexpected verdict {other}"),
        }
    }
    assert!(walks > 0);
}

/// Our own `Line` for SAN moves, read by our board's SAN reader.
fn line_from_san(arrangement: &Arrangement, san: &[String]) -> Line {
    Line::from_san(arrangement, &san.join(" ")).expect("the report's lines are legal")
}

#[test]
fn every_witness_game_replays_as_pgn() {
    for r in reported() {
        for (what, san) in [("castle", &r.castle_line), ("walk", &r.walk_line)] {
            if san.is_empty() {
                continue;
            }
            let line = line_from_san(&r.arrangement, san);
            let pgn = castle960::notation::pgn::game(&r.arrangement, &line, "test")
                .unwrap_or_else(|e| panic!("SP {} {} {what}: {e}", r.arrangement.sp(), r.side));
            let board = common::replay_pgn(&pgn).unwrap_or_else(|e| {
                panic!("SP {} {} {what}: {e}\n{pgn}", r.arrangement.sp(), r.side)
            });
            assert_eq!(
                common::white_placement(&board),
                line.replay(&r.arrangement).unwrap().fen_placement(),
                "SP {} {} {what}",
                r.arrangement.sp(),
                r.side
            );
        }
    }
}
