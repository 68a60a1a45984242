//! Every reason a move can be refused for, on hand-checked positions: standard chess and
//! Chess960, each also with the colours mirrored (Black in White's place), each legality refereed
//! by cozy-chess and shakmaty. En passant has its own file (`en_passant.rs`).

use super::check;
use crate::castling_support::board;
use castle960::castling::Status::{LegalNow, LegalOnTurn, NotLegal};
use castle960::why::{MoveReason, Past, Reason, why};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn not_your_turn_alone_makes_a_move_legal_on_its_turn() {
    check(START, "e7e5", LegalOnTurn, &["it is White's move"]);
    check(START, "black Nf6", LegalOnTurn, &["it is White's move"]);
    // The turn beside another reason: not legal even on its turn.
    check(
        START,
        "e7e4",
        NotLegal,
        &[
            "it is White's move",
            "the black pawn on e7 cannot go to e4: a pawn moves one square straight ahead (two \
             from its starting rank) and captures one square diagonally forward",
        ],
    );
}

#[test]
fn no_such_man_is_named_by_square_piece_file_or_rank() {
    check(START, "e3e4", NotLegal, &["there is no white man on e3"]);
    let kings_and_rook = "4k3/8/8/8/8/8/8/4K2R w - - 0 1";
    check(kings_and_rook, "Qh5", NotLegal, &["White has no queen"]);
    check(
        kings_and_rook,
        "Rab1",
        NotLegal,
        &["White has no rook on the a-file"],
    );
    // A rank named (written by hand for both colours: a SAN's origin rank is no square).
    for (fen, input, expected) in [
        (kings_and_rook, "R2h3", "White has no rook on rank 2"),
        (
            "4k2r/8/8/8/8/8/8/4K3 b - - 0 1",
            "R7h6",
            "Black has no rook on rank 7",
        ),
    ] {
        let b = board(fen);
        let answer = why(&b, input, &Past::of_position(&b)).unwrap();
        assert_eq!(answer.moves[0].reasons[0].to_string(), expected);
    }
    check(
        kings_and_rook,
        "Rg1g2",
        NotLegal,
        &["there is no white rook on g1"],
    );
    // A UCI move from a square holding a man of the other colour, with the colour named.
    check(
        START,
        "white e7e5",
        NotLegal,
        &["there is no white man on e7"],
    );
}

#[test]
fn a_man_that_cannot_move_like_that_names_its_rule() {
    let knight = "a knight jumps two squares along a rank or file and one square to the side";
    check(
        START,
        "g1g3",
        NotLegal,
        &[&format!("the white knight on g1 cannot go to g3: {knight}")],
    );
    check(
        START,
        "f1f3",
        NotLegal,
        &["the white bishop on f1 cannot go to f3: a bishop moves along diagonals only"],
    );
    check(
        START,
        "a1b3",
        NotLegal,
        &["the white rook on a1 cannot go to b3: a rook moves along ranks and files only"],
    );
    check(
        START,
        "d1e3",
        NotLegal,
        &[
            "the white queen on d1 cannot go to e3: a queen moves along ranks, files and diagonals \
           only",
        ],
    );
    check(
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
        "Kg1",
        NotLegal,
        &[
            "the white king on e1 cannot go to g1: a king moves one square in any direction \
           (castling is written O-O or O-O-O, or in UCI as the king taking its own rook)",
        ],
    );
    check(
        START,
        "e2e2",
        NotLegal,
        &["the white pawn on e2 cannot go to e2: a move takes a man to another square"],
    );
}

#[test]
fn a_pawn_moves_forward_two_squares_only_from_its_rank_and_promotes_on_the_last() {
    let pawn_e4 = "4k3/8/8/8/4P3/8/8/4K3 w - - 0 1";
    check(
        pawn_e4,
        "e4e3",
        NotLegal,
        &["the white pawn on e4 cannot go to e3: a pawn never moves backwards or sideways"],
    );
    check(
        pawn_e4,
        "e4d4",
        NotLegal,
        &["the white pawn on e4 cannot go to d4: a pawn never moves backwards or sideways"],
    );
    check(
        pawn_e4,
        "e4e6",
        NotLegal,
        &[
            "the white pawn on e4 cannot go to e6: a pawn moves two squares only from its \
           starting rank, rank 2",
        ],
    );
    check(
        pawn_e4,
        "e4g5",
        NotLegal,
        &[
            "the white pawn on e4 cannot go to g5: a pawn moves one square straight ahead (two \
           from its starting rank) and captures one square diagonally forward",
        ],
    );
    let pawn_b7 = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
    check(
        pawn_b7,
        "b7b8",
        NotLegal,
        &[
            "the white pawn on b7 cannot go to b8: a pawn reaching the last rank must become a \
           queen, rook, bishop or knight: add =Q, =R, =B or =N",
        ],
    );
    check(pawn_b7, "b8=N", LegalNow, &[]);
    check(
        START,
        "e2e4q",
        NotLegal,
        &["the white pawn on e2 cannot go to e4: only a pawn reaching the last rank promotes"],
    );
}

#[test]
fn a_san_naming_no_single_man_judges_each_man_that_could_mean_it() {
    // Nd4 from the start: neither knight reaches d4, both are judged.
    let b = board(START);
    let answer = why(&b, "Nd4", &Past::of_position(&b)).unwrap();
    let words: Vec<String> = answer
        .moves
        .iter()
        .flat_map(|j| j.reasons.iter().map(|r| r.to_string()))
        .collect();
    let knight = "a knight jumps two squares along a rank or file and one square to the side";
    assert_eq!(
        words,
        [
            format!("the white knight on b1 cannot go to d4: {knight}"),
            format!("the white knight on g1 cannot go to d4: {knight}"),
        ]
    );
    assert_eq!(answer.status, NotLegal);
    // Nd2: only the knight on b1 moves like that, so it alone is judged.
    check(
        START,
        "Nd2",
        NotLegal,
        &["the white pawn on d2 stands on the target: no man may take a man of its own colour"],
    );
    // Two legal knight moves to d2: the SAN is ambiguous, an error naming both.
    let b = board("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    let e = why(&b, "Nd2", &Past::of_position(&b)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "move \"Nd2\": it fits Nbd2 and Nfd2, all legal: name the file or rank the piece comes from"
    );
}

#[test]
fn a_blocked_way_names_every_man_in_it_nearest_first() {
    check(
        START,
        "f1b5",
        NotLegal,
        &["the way of the white bishop on f1 is blocked by the white pawn on e2"],
    );
    check(
        "4k3/8/8/7p/8/8/7P/4K2R w - - 0 1",
        "Rh8",
        NotLegal,
        &[
            "the way of the white rook on h1 is blocked by the white pawn on h2 and the black pawn \
           on h5",
        ],
    );
    // A pawn goes straight ahead only onto empty squares, one or two of them.
    check(
        "4k3/8/8/8/4p3/4P3/8/4K3 w - - 0 1",
        "e4",
        NotLegal,
        &[
            "the way of the white pawn on e3 is blocked by the black pawn on e4 (a pawn moves \
           straight ahead only onto empty squares)",
        ],
    );
    check(
        "4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1",
        "e2e4",
        NotLegal,
        &[
            "the way of the white pawn on e2 is blocked by the black knight on e3 (a pawn moves \
           straight ahead only onto empty squares)",
        ],
    );
}

#[test]
fn own_men_on_the_target_and_the_enemy_king_are_never_taken() {
    check(
        START,
        "Qxd2",
        NotLegal,
        &["the white pawn on d2 stands on the target: no man may take a man of its own colour"],
    );
    // Black is in check from the bishop on b5; White, not to move, would take the king.
    check(
        "4k3/8/8/1B6/8/8/8/4K3 b - - 0 1",
        "white Bxe8",
        NotLegal,
        &[
            "it is Black's move",
            "the target holds the black king on e8: a king is never taken (the game ends in \
             checkmate before)",
        ],
    );
}

#[test]
fn a_pawn_steps_diagonally_only_to_capture() {
    check(
        START,
        "e2d3",
        NotLegal,
        &[
            "the white pawn on e2 moves diagonally only to capture, and d3 is empty (no pawn can \
           be taken en passant there either)",
        ],
    );
    check("4k3/8/8/8/8/3p4/4P3/4K3 w - - 0 1", "exd3", LegalNow, &[]);
}

#[test]
fn a_pinned_man_may_not_leave_its_line_even_when_its_way_is_blocked() {
    let pinned = "the white knight on d2 is pinned against its king on e1 by the black bishop on \
                  b4: moving it there would expose the king";
    check(
        "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1",
        "Nf3",
        NotLegal,
        &[pinned],
    );
    check(
        "4k3/8/8/3p4/1b6/8/3R4/4K3 w - - 0 1",
        "Rd8",
        NotLegal,
        &[
            "the way of the white rook on d2 is blocked by the black pawn on d5",
            "the white rook on d2 is pinned against its king on e1 by the black bishop on b4: \
             moving it there would expose the king",
        ],
    );
    // Along the pin's line the man may move: the rook pinned on the e-file.
    check("4r1k1/8/8/8/8/8/4R3/4K3 w - - 0 1", "Re5", LegalNow, &[]);
}

#[test]
fn a_move_that_does_not_answer_a_check_names_the_checking_men() {
    check(
        "4k3/8/8/8/1b6/8/8/R3K3 w - - 0 1",
        "Ra2",
        NotLegal,
        &[
            "the king is in check from the black bishop on b4, and this move does not answer the \
           check",
        ],
    );
    // Blocking the check answers it.
    check("4k3/8/8/8/1b6/8/8/3RK3 w - - 0 1", "Rd2", LegalNow, &[]);
    // Double check (knight d3 and the rook on e8 it uncovered): taking the knight leaves the rook.
    check(
        "k3r3/8/8/8/8/3n4/8/1B2K3 w - - 0 1",
        "Bxd3",
        NotLegal,
        &[
            "the king is in check from the black rook on e8, and this move does not answer the \
           check",
        ],
    );
}

#[test]
fn the_king_may_not_stand_on_an_attacked_square() {
    // Stepping back along the rook's line: judged with the king gone from e2, e1 is attacked.
    check(
        "4r1k1/8/8/8/8/8/4K3/8 w - - 0 1",
        "Ke1",
        NotLegal,
        &["the king would stand on e1, attacked by the black rook on e8"],
    );
    check(
        "8/8/8/8/8/2k5/8/K7 w - - 0 1",
        "Kb2",
        NotLegal,
        &["the king would stand on b2, attacked by the black king on c3"],
    );
    // Taking a defended man: the defender attacks the square.
    check(
        "4k3/8/8/8/8/5p2/4p3/4K3 w - - 0 1",
        "Kxe2",
        NotLegal,
        &["the king would stand on e2, attacked by the black pawn on f3"],
    );
}

#[test]
fn castling_is_judged_by_the_castling_module_with_its_reasons() {
    // Standard chess after 1. e4 e5 2. Nf3 Nc6: O-O is blocked by the bishop on f1.
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    for input in ["O-O", "e1g1", "e1h1", "castle short"] {
        check(
            fen,
            input,
            NotLegal,
            &["f1 must be empty, but the white bishop stands there"],
        );
    }
    check(
        "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        "0-0",
        LegalNow,
        &[],
    );
    // The right gone: the king moving two squares in the standard geometry still means castling.
    check(
        "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1",
        "e1g1",
        NotLegal,
        &[
            "the right to castle on this side is gone (the position's castling rights do not \
           include it)",
        ],
    );
    // Chess960: the king takes a rook that is not its castling rook (a second rook on b1).
    check(
        "4k3/8/8/8/8/8/8/RR2K3 w A - 0 1",
        "e1b1",
        NotLegal,
        &[
            "the king taking its own rook means castling, but the white rook on b1 is not the \
             castling rook: White castles on that side with the rook on a1",
            "b1 must be empty, but the white rook stands there",
        ],
    );
}

#[test]
fn reasons_have_distinct_documented_kinds() {
    let b = board("4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1");
    let answer = why(&b, "Nf3", &Past::of_position(&b)).unwrap();
    let Reason::Move(MoveReason::Pinned { by, .. }) = &answer.moves[0].reasons[0] else {
        panic!("{:?}", answer.moves[0].reasons)
    };
    assert_eq!(by[0].to_string(), "the black bishop on b4");
    let mut kinds = castle960::why::MOVE_REASON_KINDS.to_vec();
    kinds.sort();
    kinds.dedup();
    assert_eq!(kinds.len(), castle960::why::MOVE_REASON_KINDS.len());
}
