//! En passant on hand-checked positions, both colours: the horizontal pin, a pinned capturing
//! pawn, a pawn not beside its prey, the FEN's en passant field, a double step that was not the
//! last move (in a game: the moment has passed), and en passant answering a check or not.

use super::{assert_referees_agree, check};
use castle960::castling::Status::{LegalNow, NotLegal};
use castle960::notation::san::write_san;
use castle960::why::{Judgement, LastMove, MoveReason, Past, Reason, why};
use cozy_chess::{Board, Move};

#[test]
fn the_horizontal_pin_both_pawns_leave_the_rank_and_expose_the_king() {
    // King a5, pawns b5 (White) and c5 (Black, just played c7-c5), rook h5.
    let judged = check(
        "4k3/8/8/KPp4r/8/8/8/8 w - c6 0 2",
        "bxc6",
        NotLegal,
        &[
            "both pawns would leave rank 5 at once and expose the king on a5 to the black rook on \
           h5",
        ],
    );
    assert!(judged.moves[0].en_passant);
    // The same with a queen on the other side of the king's pawn.
    check(
        "4k3/8/8/1q1pPK2/8/8/8/8 w - d6 0 2",
        "exd6",
        NotLegal,
        &[
            "both pawns would leave rank 5 at once and expose the king on f5 to the black queen on \
           b5",
        ],
    );
    // A knight between them: no pin, the capture is legal.
    check("4k3/8/8/KPp3nr/8/8/8/8 w - c6 0 2", "bxc6", LegalNow, &[]);
}

#[test]
fn a_pinned_pawn_may_not_take_en_passant() {
    // The pawn on e5 stands on the bishop's diagonal g7-b2; d6 is off it.
    check(
        "4k3/6b1/8/3pP3/8/8/1K6/8 w - d6 0 2",
        "exd6",
        NotLegal,
        &[
            "the white pawn on e5 is pinned against its king on b2 by the black bishop on g7: \
           moving it there would expose the king",
        ],
    );
}

#[test]
fn a_pawn_taken_en_passant_may_shield_the_king_on_a_diagonal() {
    // No game reaches this (before d7-d5 the bishop on b7 would have checked the king on f3
    // with Black to move), but a FEN can state it, and the rule still holds.
    check(
        "4k3/1b6/8/2Pp4/8/5K2/8/8 w - d6 0 2",
        "cxd6",
        NotLegal,
        &[
            "the pawn taken en passant shields the king on f3: taking it would expose the king to \
           the black bishop on b7",
        ],
    );
}

#[test]
fn en_passant_needs_the_double_step_as_the_last_move_by_the_fen() {
    check(
        "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3",
        "exd6",
        NotLegal,
        &[
            "en passant takes a pawn only right after its double step, and the last move was not \
           a double step of the black pawn on d5: the FEN's en passant field is \"-\": no pawn \
           has just moved two squares",
        ],
    );
    // The field names the other pawn beside the white one: f7-f5 was the last move.
    let fen = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 4";
    check(
        fen,
        "exd6",
        NotLegal,
        &[
            "en passant takes a pawn only right after its double step, and the last move was not \
           a double step of the black pawn on d5: the FEN's en passant field is f6: the pawn that \
           has just moved two squares passed over f6",
        ],
    );
    let legal = check(fen, "exf6 e.p.", LegalNow, &[]);
    let j = &legal.moves[0];
    assert!(j.en_passant);
    assert_eq!(
        j.captures.map(|m| m.to_string()).as_deref(),
        Some("the black pawn on f5")
    );
    assert_eq!(j.san.as_deref(), Some("exf6"));
}

#[test]
fn the_capturing_pawn_must_stand_beside_the_pawn_it_takes() {
    let fen = "4k3/8/8/3p4/4P3/8/8/4K3 w - d6 0 2";
    let beside = "the white pawn on e4 is not beside the black pawn on d5: en passant takes a \
                  pawn that has just passed yours with a double step, from the square beside it \
                  on rank 5";
    check(fen, "e4d6", NotLegal, &[beside]);
    check(fen, "exd6", NotLegal, &[beside]);
    // The ordinary capture of the same pawn is legal.
    check(fen, "exd5", LegalNow, &[]);
}

#[test]
fn en_passant_answers_a_check_by_the_pawn_that_just_moved_two_squares() {
    // d7-d5 checked the king on e4; taking the pawn en passant removes the checker.
    let fen = "4k3/8/8/3pP3/4K3/8/8/8 w - d6 0 2";
    check(fen, "exd6", LegalNow, &[]);
    check(
        fen,
        "e6",
        NotLegal,
        &[
            "the king is in check from the black pawn on d5, and this move does not answer the \
           check",
        ],
    );
    // d7-d5 uncovered the rook on a7: taking the pawn leaves that check standing.
    check(
        "4k3/r5K1/8/3pP3/8/8/8/8 w - d6 0 2",
        "exd6",
        NotLegal,
        &[
            "the king is in check from the black rook on a7, and this move does not answer the \
           check",
        ],
    );
}

/// The game from the standard start in UCI moves, with their SAN: the position after it and its
/// past.
fn game(moves: &[&str]) -> (Board, Past) {
    let mut board = Board::default();
    let mut played = Vec::new();
    for uci in moves {
        let mv: Move = uci.parse().unwrap();
        played.push((mv, write_san(&board, mv).unwrap()));
        board.play(mv);
    }
    let (end, past) = Past::of_game(&Board::default(), &played).unwrap();
    assert_eq!(end, board);
    (board, past)
}

fn judged(board: &Board, past: &Past, input: &str) -> Judgement {
    let answer = why(board, input, past).unwrap();
    assert_eq!(answer.moves.len(), 1);
    let j = answer.moves.into_iter().next().unwrap();
    if let Some(uci) = &j.uci {
        assert_referees_agree(board, uci.parse().unwrap(), false, j.color, j.status);
    }
    j
}

fn words(j: &Judgement) -> Vec<String> {
    j.reasons.iter().map(|r| r.to_string()).collect()
}

#[test]
fn in_a_game_a_double_step_that_was_not_the_last_move_has_passed_its_moment() {
    // White: 1. e4 Nf6 2. e5 d5 3. Nc3 Nc6: exd6 was possible only at move 3.
    let (board, past) = game(&["e2e4", "g8f6", "e4e5", "d7d5", "b1c3", "b8c6"]);
    let j = judged(&board, &past, "exd6");
    assert_eq!(j.status, NotLegal);
    assert_eq!(
        words(&j),
        [
            "en passant takes a pawn only right after its double step, and the last move was not \
             a double step of the black pawn on d5: the last move was 3... Nc6 (ply 6)",
            "the moment has passed: the black pawn on d5 arrived with a double step at 2... d5 \
             (ply 4), and it could be taken en passant only on the very next move, White's move 3 \
             (ply 5)",
        ]
    );
    let Reason::Move(MoveReason::MomentPassed { possible_ply, .. }) = &j.reasons[1] else {
        panic!()
    };
    assert_eq!(*possible_ply, 5);
    // At ply 4, right after 2... d5, the capture is legal.
    let (board, past) = game(&["e2e4", "g8f6", "e4e5", "d7d5"]);
    assert!(matches!(&past.last, LastMove::InGame(m) if m.san == "d5"));
    assert_eq!(judged(&board, &past, "exd6").status, LegalNow);
    // Black: 1. Nf3 e5 2. Nc3 e4 3. d4 Nc6 4. Nb1: exd3 was possible only at 3... .
    let (board, past) = game(&["g1f3", "e7e5", "b1c3", "e5e4", "d2d4", "b8c6", "c3b1"]);
    let j = judged(&board, &past, "exd3");
    assert_eq!(
        words(&j),
        [
            "en passant takes a pawn only right after its double step, and the last move was not \
             a double step of the white pawn on d4: the last move was 4. Nb1 (ply 7)",
            "the moment has passed: the white pawn on d4 arrived with a double step at 3. d4 (ply \
             5), and it could be taken en passant only on the very next move, Black's move 3 \
             (ply 6)",
        ]
    );
    // A pawn that came to d4 otherwise was never open to en passant: no moment to miss.
    let (board, past) = game(&["g1f3", "e7e5", "d2d3", "e5e4", "d3d4", "b8c6", "b1c3"]);
    let j = judged(&board, &past, "exd3");
    assert_eq!(
        words(&j),
        [
            "en passant takes a pawn only right after its double step, and the last move was not a \
          double step of the white pawn on d4: the last move was 4. Nc3 (ply 7)"
        ]
    );
}
