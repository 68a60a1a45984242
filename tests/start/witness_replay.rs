//! Every no-pawn-move witness replays legally under cozy-chess from the full Chess960 start
//! position, ends with the right castling move, and moves no pawn.

use crate::common;

use castle960::start::search::no_pawn;
use castle960::{Arrangement, CastlingSide};

/// Every side's no-pawn-move search result, with its arrangement.
fn searches() -> Vec<(Arrangement, CastlingSide, Option<no_pawn::Castling>)> {
    Arrangement::all()
        .flat_map(|a| {
            CastlingSide::BOTH.map(|side| (a, side, no_pawn::search(&a, a.castling(side))))
        })
        .collect()
}

#[test]
fn every_no_pawn_witness_replays_under_cozy_chess() {
    let all = searches();
    let mut replayed = 0;
    for (arrangement, side, found) in &all {
        let Some(castling) = found else { continue };
        let sp = arrangement.sp();
        let san = castling.line.san(arrangement);
        let moves: Vec<&str> = san.split(' ').collect();
        assert_eq!(moves.len(), castling.moves + 1, "SP {sp} {side}: {san}");
        let replay = common::replay_white_line(&arrangement.fen(), &moves)
            .unwrap_or_else(|e| panic!("SP {sp} {side}: {san}: {e}"));
        let expected = match side {
            CastlingSide::A => 'a',
            CastlingSide::H => 'h',
        };
        assert_eq!(replay.last_castle, Some(expected), "SP {sp} {side}: {san}");
        assert!(!replay.castled_before_last);
        assert_eq!(replay.pawn_moves, 0, "SP {sp} {side}: {san}");
        replayed += 1;
    }
    // Every side where the search found a line was replayed.
    assert_eq!(replayed, all.iter().filter(|(_, _, c)| c.is_some()).count());
    assert!(replayed > 0);
}

#[test]
fn every_no_pawn_witness_replays_as_a_pgn_game() {
    for (a, side, found) in searches() {
        let Some(castling) = found else { continue };
        let pgn = castle960::notation::pgn::game(&a, &castling.line, "test").unwrap();
        let board =
            common::replay_pgn(&pgn).unwrap_or_else(|e| panic!("SP {} {side}: {e}\n{pgn}", a.sp()));
        let ours = castling.line.replay(&a).unwrap();
        assert_eq!(
            common::white_placement(&board),
            ours.fen_placement(),
            "SP {} {side}",
            a.sp()
        );
    }
}

#[test]
fn the_san_reader_rejects_wrong_san() {
    let fen = castle960::Arrangement::from_sp(518).unwrap().fen();
    assert!(common::replay_white_line(&fen, &["Nf3", "Nc3", "e4"]).is_ok());
    for bad in [
        vec!["Nf4"],  // not a knight move
        vec!["Ngf3"], // needless qualifier
        vec!["O-O"],  // not legal at the start
        vec!["e5"],   // too far
        vec!["Nxf3"], // no captures in the model
    ] {
        assert!(
            common::replay_white_line(&fen, &bad).is_err(),
            "{bad:?} was accepted"
        );
    }
    // Two knights (c3 and g5) reaching the same square need their file.
    let both_reach_e4 = ["Nc3", "Nh3", "Ng5"];
    assert!(common::replay_white_line(&fen, &both_reach_e4).is_ok());
    for (last, ok) in [
        ("Ne4", false),
        ("Nce4", true),
        ("Nge4", true),
        ("N3e4", false),
    ] {
        let mut line = both_reach_e4.to_vec();
        line.push(last);
        assert_eq!(common::replay_white_line(&fen, &line).is_ok(), ok, "{last}");
    }
}
