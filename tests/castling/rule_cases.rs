//! The variants' castling rules on hand-checked positions: every case a rule's text names (king
//! beside its rook, king in the corner after castling, rook already on its destination, Chess480's
//! corner exchange, a square attacked only once the rook has left, free castling into the corner
//! and free castling that would give check, fast castling over men, onto an attacked square and
//! out of check). Each position is checked as given and with the colours mirrored (Black in
//! White's place), and each castling's legality is refereed by the independent generator of
//! `rule_support`, written from the rules' texts.

use crate::castling_support::{board, mirror_fen, mirror_text};
use crate::rule_support::{Text, castlings};

use castle960::castling::{Later, NeverWhy, Status, explain_rule, fewest_moves_for};
use castle960::chess::Rule;
use castle960::{CastlingSide, castling::Limits};
use cozy_chess::{Board, Color};

use Status::{LegalNow, LegalOnTurn, NotLegal};
const WHITE: Color = Color::White;

/// Checks `color`'s castling named `san` (its SAN without a check mark; `O-O` / `O-O-O` for a
/// side without a known castling) under `rule` in `fen`: its status, its SAN with any mark
/// (`marked`), its reasons in words, in order. Then the same with the colours mirrored. Both
/// times the independent generator must agree on whether it is legal (now, or after a pass).
fn check(
    rule: Rule,
    fen: &str,
    color: Color,
    (san, marked): (&str, &str),
    status: Status,
    reasons: &[&str],
) {
    let original: Vec<String> = reasons.iter().map(|r| r.to_string()).collect();
    let mirrored: Vec<String> = reasons.iter().map(|r| mirror_text(r)).collect();
    for (fen, color, san, marked, reasons) in [
        (
            fen.to_string(),
            color,
            san.to_string(),
            marked.to_string(),
            original,
        ),
        (
            mirror_fen(fen),
            !color,
            mirror_text(san),
            mirror_text(marked),
            mirrored,
        ),
    ] {
        let b = board(&fen);
        let e = explain_rule(&b, rule);
        let all: Vec<_> = CastlingSide::BOTH
            .into_iter()
            .flat_map(|side| e.sides[color][side].iter())
            .collect();
        let found = all
            .iter()
            .find(|s| match &s.notation {
                Some(n) => n.san_without_mark() == san,
                None => s.side.san() == san,
            })
            .unwrap_or_else(|| panic!("{rule} {fen}: no castling {san} among {all:#?}"));
        let words: Vec<String> = found.reasons.iter().map(|r| r.to_string()).collect();
        assert_eq!(words, reasons, "{rule} {fen} {san}");
        assert_eq!(found.status, status, "{rule} {fen} {san}");
        if let Some(n) = &found.notation {
            assert_eq!(n.san, marked, "{rule} {fen}");
        }
        assert_text_agrees(rule, &b, color, found.castling.as_ref(), status);
    }
}

/// The independent generator calls the castling legal exactly when `status` says so.
fn assert_text_agrees(
    rule: Rule,
    b: &Board,
    color: Color,
    castling: Option<&castle960::chess::Castling>,
    status: Status,
) {
    let (on_turn, legal) = if b.side_to_move() == color {
        (b.clone(), status == LegalNow)
    } else {
        match b.null_move() {
            Some(passed) => (passed, status == LegalOnTurn),
            None => return,
        }
    };
    let text = castlings(&on_turn, Text::of(rule), &mut Vec::new());
    let listed = castling.is_some_and(|c| text.contains(&(c.king_to, c.rook_to)));
    assert_eq!(listed, legal, "{rule} {b:#}: the text's castlings {text:?}");
}

/// How many castlings `rule` lists for `color` on `side` in `fen`.
fn count(rule: Rule, fen: &str, color: Color, side: CastlingSide) -> usize {
    let e = explain_rule(&board(fen), rule);
    e.sides[color][side]
        .iter()
        .filter(|s| s.castling.is_some())
        .count()
}

// ---- Chess480 ------------------------------------------------------------------------------

#[test]
fn chess480_king_and_rook_adjacent_in_a_corner_exchange_squares() {
    // King g1, rook h1: the king cannot move two squares toward the rook; they exchange.
    let fen = "4k3/8/8/8/8/8/8/6KR w H - 0 1";
    check(Rule::CHESS480, fen, WHITE, ("O-O", "O-O"), LegalNow, &[]);
    let c = explain_rule(&board(fen), Rule::CHESS480).sides[WHITE][CastlingSide::H][0]
        .castling
        .unwrap();
    assert_eq!(
        (c.king_to.to_string(), c.rook_to.to_string()),
        ("h1".into(), "g1".into())
    );
    // King b1, rook a1, the a-side.
    check(
        Rule::CHESS480,
        "4k3/8/8/8/8/8/8/RK6 w A - 0 1",
        WHITE,
        ("O-O-O", "O-O-O"),
        LegalNow,
        &[],
    );
    // The corner attacked: the king may not land there.
    check(
        Rule::CHESS480,
        "4k2r/8/8/8/8/8/8/6KR w H - 0 1",
        WHITE,
        ("O-O", "O-O"),
        NotLegal,
        &["the king would land on h1, attacked by the black rook on h8"],
    );
}

#[test]
fn chess480_king_beside_its_rook_away_from_the_corner_passes_over_it_and_the_rook_stays() {
    // King c1, rook b1: the king goes over the rook to a1; the rook is already on the square the
    // king crossed.
    check(
        Rule::CHESS480,
        "4k3/8/8/8/8/8/8/1RK5 w B - 0 1",
        WHITE,
        ("O-O-O", "O-O-O"),
        LegalNow,
        &[],
    );
    // The king's landing square beyond the rook must be empty.
    check(
        Rule::CHESS480,
        "4k3/8/8/8/8/8/8/NRK5 w B - 0 1",
        WHITE,
        ("O-O-O", "O-O-O"),
        NotLegal,
        &["a1 must be empty, but the white knight stands there"],
    );
}

#[test]
fn chess480_king_lands_on_the_rooks_square_or_in_the_corner() {
    // King d1, rook b1: the king lands on b1, the rook on c1.
    check(
        Rule::CHESS480,
        "4k3/8/8/8/8/8/8/1R1K4 w B - 0 1",
        WHITE,
        ("O-O-O", "O-O-O"),
        LegalNow,
        &[],
    );
    // King f1, rook h1: the king lands in the corner, the rook on g1.
    check(
        Rule::CHESS480,
        "4k3/8/8/8/8/8/8/5K1R w H - 0 1",
        WHITE,
        ("O-O", "O-O"),
        LegalNow,
        &[],
    );
}

#[test]
fn chess480_a_square_attacked_only_once_the_rook_has_left() {
    // King e1, rook b1, a black queen on a1 behind the rook: after castling (king c1, rook d1)
    // the queen's line along the rank reaches c1.
    check(
        Rule::CHESS480,
        "4k3/8/8/8/8/8/8/qR2K3 w B - 0 1",
        WHITE,
        ("O-O-O", "O-O-O"),
        NotLegal,
        &[
            "the king would cross d1, attacked by the black queen on a1 (only once the castling \
             rook has left)",
            "the king would land on c1, attacked by the black queen on a1 (only once the castling \
             rook has left)",
        ],
    );
}

// ---- Free castling -------------------------------------------------------------------------

#[test]
fn free_castling_goes_into_the_corner_with_the_rook_on_any_square_the_king_left() {
    // The black king on a8, out of every rook's reach: all six castlings are legal.
    let fen = "k7/8/8/8/8/8/8/4K2R w H - 0 1";
    assert_eq!(count(Rule::FREE, fen, WHITE, CastlingSide::H), 6);
    for san in [
        "K~h1/R~e1",
        "K~h1/R~f1",
        "K~h1/R~g1",
        "K~g1/R~e1",
        "K~f1/R~e1",
    ] {
        check(Rule::FREE, fen, WHITE, (san, san), LegalNow, &[]);
    }
}

#[test]
fn free_castling_may_not_give_check() {
    // The black king on e8: the rook landing on e1 would check it along the open e-file.
    let fen = "4k3/8/8/8/8/8/8/4K2R w H - 0 1";
    let refused = "castling would check the black king on e8 (from the white rook on e1), and \
                   under free castling (the Roman rule) castling may not give check";
    for san in ["K~f1/R~e1", "K~g1/R~e1", "K~h1/R~e1"] {
        check(Rule::FREE, fen, WHITE, (san, san), NotLegal, &[refused]);
    }
    // The same castlings with the rook elsewhere are legal.
    check(
        Rule::FREE,
        fen,
        WHITE,
        ("K~g1/R~f1", "K~g1/R~f1"),
        LegalNow,
        &[],
    );
    // The ban stays when the castling is otherwise blocked, as one more reason.
    check(
        Rule::FREE,
        "4k3/8/8/8/8/8/8/4KN1R w H - 0 1",
        WHITE,
        ("K~h1/R~e1", "K~h1/R~e1"),
        NotLegal,
        &[
            "f1 must be empty, but the white knight stands there",
            refused,
        ],
    );
    // No move of White's (king and rook stay) can block the e-file here: never.
    let b = board(fen);
    let c = explain_rule(&b, Rule::FREE).sides[WHITE][CastlingSide::H][0]
        .castling
        .unwrap();
    assert_eq!(
        fewest_moves_for(&b, &c, Rule::FREE, &Limits::default()),
        Later::Never {
            why: NeverWhy::NoLine
        }
    );
    // With a knight to put on the e-file, one move makes it legal.
    let b = board("4k3/8/8/8/8/8/8/1N2K2R w H - 0 1");
    let c = explain_rule(&b, Rule::FREE).sides[WHITE][CastlingSide::H][0]
        .castling
        .unwrap();
    let Later::Fewest { moves, san, .. } = fewest_moves_for(&b, &c, Rule::FREE, &Limits::default())
    else {
        panic!()
    };
    assert_eq!(moves, 2, "{san:?}"); // e.g. Nc3, Ne2 (or Nd2, Ne4)
}

#[test]
fn free_castling_with_the_king_beside_its_rook_exchanges_them() {
    // King e1, rook f1: the king steps onto the rook's square, the rook onto the king's.
    let fen = "k7/8/8/8/8/8/8/4KR2 w F - 0 1";
    assert_eq!(count(Rule::FREE, fen, WHITE, CastlingSide::H), 1);
    check(
        Rule::FREE,
        fen,
        WHITE,
        ("K~f1/R~e1", "K~f1/R~e1"),
        LegalNow,
        &[],
    );
}

#[test]
fn free_castling_a_square_attacked_only_once_the_rook_has_left() {
    // King e1, rook c1, a black queen on a1: once the rook has left c1 her line runs along the
    // rank to d1 and, the king lifted, to e1; the rook lands on e1 itself.
    check(
        Rule::FREE,
        "7k/8/8/8/8/8/8/q1R1K3 w C - 0 1",
        WHITE,
        ("K~d1/R~e1", "K~d1/R~e1"),
        NotLegal,
        &[
            "the king would leave e1, attacked by the black queen on a1 (only once the castling \
             rook has left)",
            "the king would land on d1, attacked by the black queen on a1 (only once the castling \
             rook has left)",
        ],
    );
    // Onto the rook's square c1, which the queen attacks now through the empty b1; d1, which
    // the king crosses, only once the rook has left c1; the rook on d1 then shields e1.
    check(
        Rule::FREE,
        "7k/8/8/8/8/8/8/q1R1K3 w C - 0 1",
        WHITE,
        ("K~c1/R~d1", "K~c1/R~d1"),
        NotLegal,
        &[
            "the king would cross d1, attacked by the black queen on a1 (only once the castling \
             rook has left)",
            "the king would land on c1, attacked by the black queen on a1",
        ],
    );
}

// ---- Flexible castling ---------------------------------------------------------------------

#[test]
fn flexible_castling_stops_before_the_rook_and_the_rook_leaps_beside_the_king() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_eq!(count(Rule::FLEXIBLE, fen, WHITE, CastlingSide::A), 2);
    check(Rule::FLEXIBLE, fen, WHITE, ("K~c1", "K~c1"), LegalNow, &[]);
    // The king stops beside the rook's square: b1, the rook on c1.
    check(Rule::FLEXIBLE, fen, WHITE, ("K~b1", "K~b1"), LegalNow, &[]);
    check(Rule::FLEXIBLE, fen, WHITE, ("K~g1", "K~g1"), LegalNow, &[]);
    // Black's turn comes after White's.
    check(
        Rule::FLEXIBLE,
        fen,
        Color::Black,
        ("K~b8", "K~b8"),
        LegalOnTurn,
        &["it is White's move"],
    );
    // The king never reaches a corner and the rook never stays: the rook's square is beyond
    // the king's landing square, and the rook lands on the king's side of it.
    for king in 0..8u8 {
        for rook in (0..8).filter(|&r| r != king) {
            for g in Rule::FLEXIBLE.castlings(8, king, rook) {
                assert!(g.king_to != 0 && g.king_to != 7 && g.rook_to != rook);
            }
        }
    }
}

#[test]
fn flexible_castling_with_the_rook_within_two_squares_allows_none() {
    // King f1, rook h1: two squares toward the rook would be its own square.
    let fen = "4k3/8/8/8/8/8/8/5K1R w H - 0 1";
    check(
        Rule::FLEXIBLE,
        fen,
        WHITE,
        ("O-O", "O-O"),
        NotLegal,
        &[
            "flexible castling (Fergus Duniho) allows no castling with the king on f1 and the rook on h1",
        ],
    );
    let b = board(fen);
    let e = explain_rule(&b, Rule::FLEXIBLE).with_later(&b, &Limits::default());
    assert_eq!(
        e.sides[WHITE][CastlingSide::H][0].later,
        Some(Later::Never {
            why: NeverWhy::NoCastling
        })
    );
    // King beside the rook (g1, h1): none either.
    check(
        Rule::FLEXIBLE,
        "4k3/8/8/8/8/8/8/6KR w H - 0 1",
        WHITE,
        ("O-O", "O-O"),
        NotLegal,
        &[
            "flexible castling (Fergus Duniho) allows no castling with the king on g1 and the rook on h1",
        ],
    );
}

#[test]
fn flexible_castling_every_square_between_king_and_rook_must_be_empty() {
    // K~d1 (king f1 to d1, rook b1 to e1) needs c1 empty too, though neither crosses it.
    check(
        Rule::FLEXIBLE,
        "4k3/8/8/8/8/8/8/1RN2K2 w B - 0 1",
        WHITE,
        ("K~d1", "K~d1"),
        NotLegal,
        &["c1 must be empty, but the white knight stands there"],
    );
}

#[test]
fn flexible_castling_a_square_attacked_only_once_the_rook_has_left() {
    // King f1, rook b1, a black queen on a1: with the rook gone from b1 her line runs along the
    // rank over d1 (the king's landing square) to e1 (a square it crosses); the rook, landing on
    // e1, shields f1.
    check(
        Rule::FLEXIBLE,
        "4k3/8/8/8/8/8/8/qR3K2 w B - 0 1",
        WHITE,
        ("K~d1", "K~d1"),
        NotLegal,
        &[
            "the king would cross e1, attacked by the black queen on a1 (only once the castling \
             rook has left)",
            "the king would land on d1, attacked by the black queen on a1 (only once the castling \
             rook has left)",
        ],
    );
}

// ---- Fast castling -------------------------------------------------------------------------

#[test]
fn fast_castling_leaps_over_men() {
    // The knight on f1 stays: the king leaps to g1, the rook to e1 (checking the king on e8).
    let fen = "4k3/8/8/8/8/8/8/4KN1R w H - 0 1";
    check(Rule::FAST, fen, WHITE, ("K~g1", "K~g1+"), LegalNow, &[]);
    check(
        Rule::FAST,
        fen,
        WHITE,
        ("K~f1", "K~f1"),
        NotLegal,
        &["f1 must be empty, but the white knight stands there"],
    );
    // The standard array: one move (Nf3) makes K~g1 legal; the bishop on f1 may stay.
    let b = Board::default();
    let c = explain_rule(&b, Rule::FAST).sides[WHITE][CastlingSide::H][1]
        .castling
        .unwrap();
    assert_eq!(c.king_to.to_string(), "g1");
    let Later::Fewest { moves, .. } = fewest_moves_for(&b, &c, Rule::FAST, &Limits::default())
    else {
        panic!()
    };
    assert_eq!(moves, 1);
}

#[test]
fn fast_castling_needs_only_the_landing_square_unattacked() {
    // A black bishop on a6 attacks f1, which the king leaps over to g1: legal. Onto f1: not.
    let fen = "4k3/8/b7/8/8/8/8/4K2R w H - 0 1";
    check(Rule::FAST, fen, WHITE, ("K~g1", "K~g1+"), LegalNow, &[]);
    check(
        Rule::FAST,
        fen,
        WHITE,
        ("K~f1", "K~f1"),
        NotLegal,
        &["the king would land on f1, attacked by the black bishop on a6"],
    );
    // A black rook on g8: the landing square g1 is attacked.
    check(
        Rule::FAST,
        "4k1r1/8/8/8/8/8/8/4KN1R w H - 0 1",
        WHITE,
        ("K~g1", "K~g1"),
        NotLegal,
        &["the king would land on g1, attacked by the black rook on g8"],
    );
}

#[test]
fn fast_castling_is_not_out_of_check() {
    check(
        Rule::FAST,
        "4k3/8/8/8/8/8/8/r3K2R w H - 0 1",
        WHITE,
        ("K~g1", "K~g1"),
        NotLegal,
        &["the king is in check from the black rook on a1"],
    );
}

#[test]
fn fast_castling_with_the_rook_beside_the_king_allows_none() {
    check(
        Rule::FAST,
        "4k3/8/8/8/8/8/8/6KR w H - 0 1",
        WHITE,
        ("O-O", "O-O"),
        NotLegal,
        &["fast castling (Kevin Pacey) allows no castling with the king on g1 and the rook on h1"],
    );
    // One square toward the rook: the rook leaps onto the king's square.
    check(
        Rule::FAST,
        "4k3/8/8/8/8/8/8/5K1R w H - 0 1",
        WHITE,
        ("K~g1", "K~g1"),
        LegalNow,
        &[],
    );
}
