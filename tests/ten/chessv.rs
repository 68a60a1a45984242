//! ChessV's castling types on hand-checked ten-file positions: each case its text names (the
//! king on e or f, the piece in the corner or on b or i, two squares, three, four, two or more,
//! into the corner, leaping over men), each through `ten::castling::explain`.

use castle960::castling::Status;
use castle960::chess::Rule;
use castle960::ten::castling::explain;
use castle960::ten::{Board, Variant};

/// White's castlings as `"SAN status kinds"`, a-side first: `"K~c1 legal_now"`,
/// `"O-O-O not_legal occupied,occupied"`.
fn white(fen: &str, rule: Rule) -> Vec<String> {
    let board = Board::from_fen(fen, Variant::CAPARANDOM).unwrap();
    let e = explain(&board, rule);
    e.sides
        .white
        .a
        .iter()
        .chain(&e.sides.white.h)
        .map(|s| {
            let status = match s.status {
                Status::LegalNow => "legal_now",
                Status::LegalOnTurn => "legal_on_turn",
                Status::NotLegal => "not_legal",
            };
            let san = s
                .notation
                .as_ref()
                .map_or("-".to_string(), |n| n.san.clone());
            let kinds: Vec<&str> = s.reasons.iter().map(|r| r.kind()).collect();
            format!("{san} {status} {}", kinds.join(","))
                .trim_end()
                .to_string()
        })
        .collect()
}

const KING_F: &str = "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w JAja - 0 1";
const KING_E: &str = "r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/R3K4R w JAja - 0 1";
const KING_D: &str = "r2k5r/pppppppppp/10/10/10/10/PPPPPPPPPP/R2K5R w JAja - 0 1";
const CLOSE: &str = "1r2k3r1/pppppppppp/10/10/10/10/PPPPPPPPPP/1R2K3R1 w IBib - 0 1";

#[test]
fn none_has_no_castling_from_any_square() {
    for fen in [KING_F, KING_E, CLOSE] {
        assert_eq!(
            white(fen, Rule::CHESSV_NONE),
            ["- not_legal no_castling", "- not_legal no_castling"]
        );
    }
}

#[test]
fn standard_three_squares_either_way_from_e_or_f_only() {
    assert_eq!(
        white(KING_F, Rule::CHESSV_STANDARD),
        ["O-O-O legal_now", "O-O legal_now"]
    );
    let board = Board::from_fen(KING_E, Variant::CAPARANDOM).unwrap();
    let e = explain(&board, Rule::CHESSV_STANDARD);
    let c = e.sides.white.a[0].castling.as_ref().unwrap();
    assert_eq!(
        (c.king_to.to_string(), c.rook_to.to_string()),
        ("b1".into(), "c1".into())
    );
    let c = e.sides.white.h[0].castling.as_ref().unwrap();
    assert_eq!(
        (c.king_to.to_string(), c.rook_to.to_string()),
        ("h1".into(), "g1".into())
    );
    assert_eq!(e.sides.white.h[0].notation.as_ref().unwrap().uci, "e1j1");
    // The text names kings on e and f; from d1 there is no castling.
    assert_eq!(
        white(KING_D, Rule::CHESSV_STANDARD),
        ["- not_legal no_castling", "- not_legal no_castling"]
    );
    // The corner piece only: the close rooks' rights give nothing.
    assert_eq!(
        white(CLOSE, Rule::CHESSV_STANDARD),
        ["- not_legal no_castling", "- not_legal no_castling"]
    );
}

#[test]
fn long_three_squares_short_four_long() {
    let board = Board::from_fen(KING_E, Variant::CAPARANDOM).unwrap();
    let e = explain(&board, Rule::CHESSV_LONG);
    let to = |s: &castle960::ten::castling::TenSideCastling| {
        let c = s.castling.as_ref().unwrap();
        format!("{}{}", c.king_to, c.rook_to)
    };
    assert_eq!(to(&e.sides.white.a[0]), "b1c1"); // three squares, the nearer corner
    assert_eq!(to(&e.sides.white.h[0]), "i1h1"); // four squares, the farther
    let board = Board::from_fen(KING_F, Variant::CAPARANDOM).unwrap();
    let e = explain(&board, Rule::CHESSV_LONG);
    assert_eq!(to(&e.sides.white.a[0]), "b1c1"); // four squares from f1
    assert_eq!(to(&e.sides.white.h[0]), "i1h1"); // three
}

#[test]
fn close_rook_two_squares_with_the_piece_on_b_or_i() {
    assert_eq!(
        white(CLOSE, Rule::CHESSV_CLOSE_ROOK),
        ["O-O-O legal_now", "O-O legal_now"]
    );
    let board = Board::from_fen(CLOSE, Variant::CAPARANDOM).unwrap();
    let e = explain(&board, Rule::CHESSV_CLOSE_ROOK);
    let c = e.sides.white.a[0].castling.as_ref().unwrap();
    assert_eq!(format!("{}{}", c.king_to, c.rook_to), "c1d1");
    let c = e.sides.white.h[0].castling.as_ref().unwrap();
    assert_eq!(format!("{}{}", c.king_to, c.rook_to), "g1f1");
    // Corner rooks do not castle under Close-Rook.
    assert_eq!(
        white(KING_E, Rule::CHESSV_CLOSE_ROOK),
        ["- not_legal no_castling", "- not_legal no_castling"]
    );
}

#[test]
fn flexible_two_or_more_squares_short_of_the_corner_each_judged_alone() {
    // A black rook on b8 sees b1 down the open b-file: the king may not land there, but it
    // may stop on c1 (b1 is crossed only by the rook).
    let fen = "1r2k4r/p1pppppppp/10/10/10/10/P1PPPPPPPP/R3K4R w JAj - 0 1";
    assert_eq!(
        white(fen, Rule::CHESSV_FLEXIBLE),
        [
            "K~c1 legal_now",
            "K~b1 not_legal attacked",
            "K~g1 legal_now",
            "K~h1 legal_now",
            "K~i1 legal_now"
        ]
    );
}

#[test]
fn close_rook_flexible_two_or_more_squares_short_of_b_or_i() {
    assert_eq!(
        white(CLOSE, Rule::CHESSV_CLOSE_ROOK_FLEXIBLE),
        ["K~c1 legal_now", "K~g1 legal_now", "K~h1 legal_now"]
    );
}

#[test]
fn free_any_distance_into_the_corner_and_may_give_check() {
    // King f1, rook j1, Black's king on f8 down the open f-file: K~g1/R~f1 checks. ChessV's
    // Free sets no ban; the Roman rule (`free`) refuses it.
    let fen = "5k4/10/10/10/10/10/10/5K3R w J - 0 1";
    let chessv = white(fen, Rule::CHESSV_FREE);
    // No a-side right (one entry), ten h-side castlings.
    assert_eq!(chessv.len(), 1 + 10);
    assert_eq!(chessv[1], "K~g1/R~f1+ legal_now");
    assert!(
        chessv.contains(&"K~j1/R~f1+ legal_now".to_string()),
        "{chessv:?}"
    );
    assert!(
        chessv.contains(&"K~j1/R~i1 legal_now".to_string()),
        "{chessv:?}"
    );
    let roman = white(fen, Rule::FREE);
    assert!(
        roman.contains(&"K~g1/R~f1 not_legal gives_check".to_string()),
        "{roman:?}"
    );
}

#[test]
fn fast_leaps_over_men_to_an_empty_unattacked_square() {
    // Men between king and rook do not matter; the landing square must be empty.
    let fen = "r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/RN2K3NR w JAja - 0 1";
    assert_eq!(
        white(fen, Rule::CHESSV_FAST),
        [
            "K~d1 legal_now",
            "K~c1 legal_now",
            "K~b1 not_legal occupied",
            "K~f1 legal_now",
            "K~g1 legal_now",
            "K~h1 legal_now",
            "K~i1 not_legal occupied"
        ]
    );
    let board = Board::from_fen(fen, Variant::CAPARANDOM).unwrap();
    let e = explain(&board, Rule::CHESSV_FAST);
    // A one-square leap is written as the rook onto the king's square (e1f1 is a king move).
    assert_eq!(e.sides.white.h[0].notation.as_ref().unwrap().uci, "j1e1");
    assert_eq!(e.sides.white.a[1].notation.as_ref().unwrap().uci, "e1c1");
}
