//! How `castle` judges the squares the king stands on, crosses and lands on: on the board after
//! castling, the king lifted and the castling rook on its destination (FIDE Laws art. 3.8.2;
//! Chess960 Guidelines II: the king's squares must not be attacked, and castling ends with the
//! rook on its destination). An attack along the rank that the rook's destination blocks is
//! therefore not named: at no moment of the castling move does it reach the king. Each form on
//! a hand-checked position, both colours, beside the reading "king and castling rook lifted"
//! (computed here with shakmaty's attack tables), which would name more squares, so each test can
//! tell the two readings apart; legality is refereed by cozy-chess and shakmaty.

use crate::castling_support::{
    board, cozy_castlings, mirror_fen, mirror_text, shakmaty_castlings, shakmaty_position,
};
use castle960::CastlingSide::{self, A, H};
use castle960::castling::{Reason, Status, explain};
use cozy_chess::{Board, Color};

/// The squares `explain` names as attacked for `color`'s castling on `side`, in the king's
/// travel order, and its reasons in words.
fn named(b: &Board, color: Color, side: CastlingSide) -> (Vec<String>, Vec<String>, Status) {
    let e = explain(b);
    let s = &e.sides[color][side];
    let attacked = s
        .reasons
        .iter()
        .filter_map(|r| match r {
            Reason::Attacked { square, .. } => Some(square.to_string()),
            _ => None,
        })
        .collect();
    let words = s.reasons.iter().map(|r| r.to_string()).collect();
    (attacked, words, s.status)
}

/// The king's squares an enemy man attacks with the king and the castling rook both lifted and
/// the rook put nowhere (the other reading); on the king's own square only men that do not check
/// it now (as `castle` names a check apart).
fn attacked_both_lifted(b: &Board, color: Color, side: CastlingSide) -> Vec<String> {
    let c = castle960::castling::Castling::of_right(b, color, side).expect("the right stands");
    let pos = shakmaty_position(b);
    let sq = |s: cozy_chess::Square| shakmaty::Square::new(s as u32);
    let board = shakmaty::Position::board(&pos);
    let enemy = match color {
        Color::White => shakmaty::Color::Black,
        Color::Black => shakmaty::Color::White,
    };
    let lifted = board.occupied().without(sq(c.king)).without(sq(c.rook));
    let checkers = board.attacks_to(sq(c.king), enemy, board.occupied());
    c.king_path()
        .into_iter()
        .filter(|&s| {
            let mut by = board.attacks_to(sq(s), enemy, lifted);
            if s == c.king {
                by &= !checkers;
            }
            !by.is_empty()
        })
        .map(|s| s.to_string())
        .collect()
}

/// Checks `color`'s castling on `side` in `fen` and in the mirrored position: the attacked
/// squares named, the reasons in words, the status (refereed by cozy-chess and shakmaty), and the
/// squares the other reading would name.
fn check(
    fen: &str,
    color: Color,
    side: CastlingSide,
    reasons: &[&str],
    attacked: &[&str],
    both_lifted: &[&str],
) {
    for (fen, color, mirrored) in [
        (fen.to_string(), color, false),
        (mirror_fen(fen), !color, true),
    ] {
        let b = board(&fen);
        let flip = |v: &[&str]| -> Vec<String> {
            v.iter()
                .map(|s| {
                    if mirrored {
                        mirror_text(s)
                    } else {
                        s.to_string()
                    }
                })
                .collect()
        };
        let (named, words, status) = named(&b, color, side);
        assert_eq!(words, flip(reasons), "{fen}");
        assert_eq!(named, flip(attacked), "{fen}");
        assert_eq!(
            attacked_both_lifted(&b, color, side),
            flip(both_lifted),
            "{fen}"
        );
        let on_turn = if b.side_to_move() == color {
            b.clone()
        } else {
            b.null_move().expect("a pass")
        };
        let legal = status != Status::NotLegal;
        assert_eq!(cozy_castlings(&on_turn).contains(&side), legal, "{fen}");
        assert_eq!(
            shakmaty_castlings(&shakmaty_position(&on_turn)).contains(&side),
            legal,
            "{fen}"
        );
    }
}

#[test]
fn a_landing_square_shielded_by_the_rooks_destination_is_not_attacked() {
    // Black O-O, king f8 to g8, rook h8 to f8: the castled rook on f8 shields g8 from the queen
    // on e8, which checks the king now.
    check(
        "bb1rQknr/1p3pp1/8/p1pp1q1p/1P1PPP2/6P1/P1P3NP/BBKR2NR b hd - 0 11",
        Color::Black,
        H,
        &[
            "g8 must be empty, but the black knight stands there",
            "the king is in check from the white queen on e8",
        ],
        &[],
        &["g8"],
    );
}

#[test]
fn a_rook_that_stays_on_its_square_shields_the_squares_beyond_it() {
    // White O-O, king e1 to g1, rook f1 staying: the queen on a1 checks e1 and reaches f1 once
    // the king has gone, never g1 behind the rook that does not move.
    check(
        "4k3/8/8/8/8/8/8/q3KR2 w F - 0 1",
        Color::White,
        H,
        &[
            "the king is in check from the black queen on a1",
            "the king would cross f1, attacked by the black queen on a1",
        ],
        &["f1"],
        &["f1", "g1"],
    );
}

#[test]
fn revealed_attacks_beyond_the_rooks_destination_are_not_named() {
    // White O-O, king d1 to g1, rook g1 to f1: the rook on h1 reaches g1 and f1 once the
    // castling rook has left g1, but e1 (occupied anyway) lies behind the rook's destination.
    let revealed = "(only once the castling rook has left)";
    check(
        "nnrkb1rq/p1p2p2/p2pp1p1/4P3/3P1P2/b1N4P/PPP5/N1RKB1Rr w GCgc - 0 11",
        Color::White,
        H,
        &[
            "e1 must be empty, but the white bishop stands there",
            &format!("the king would cross f1, attacked by the black rook on h1 {revealed}"),
            "the king would land on g1, attacked by the black rook on h1",
        ],
        &["f1", "g1"],
        &["e1", "f1", "g1"],
    );
}

#[test]
fn a_revealed_attack_on_the_kings_own_square_is_named_beside_a_check_by_another_man() {
    // King c1 stays on c1 (O-O-O, rook b1 to d1): the knight on d3 checks it now, and the queen
    // on a1 behind the castling rook attacks c1 once the rook has left.
    check(
        "7k/8/8/8/8/3n4/8/qRK5 w B - 0 1",
        Color::White,
        A,
        &[
            "the king is in check from the black knight on d3",
            "the king would stay on c1, attacked by the black queen on a1 (only once the castling \
             rook has left)",
        ],
        &["c1"],
        &["c1"],
    );
}
