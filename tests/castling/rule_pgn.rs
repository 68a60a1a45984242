//! Games under a variant's castling rule: the PGN tags that declare the rule (`[Variant
//! "Chess480"]`, castle960's own `[CastlingRule "..."]`), conflicting declarations refused in one
//! line, castlings read in every form the README lists (`O-O` where one castling of the side is
//! legal, the tilde notation, the rule's UCI form) and played, and the timeline naming the
//! castling that spent a right.

use crate::castling_support::board;

use castle960::castling::GameMove;
use castle960::castling::timeline::Standing;
use castle960::chess::Rule;
use castle960::notation::pgn_import::{PgnError, Variant, read_pgn, read_pgn_game_under};
use castle960::notation::san::{SanErrorKind, read_san_under, write_san_under};
use castle960::{CastlingSide, castling::WhenLost};
use cozy_chess::Color;

fn pgn(name: &str) -> String {
    std::fs::read_to_string(format!(
        "{}/tests/data/pgn/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

/// The castling a move is, as (king's landing square, rook's landing square).
fn landing(mv: &GameMove) -> (String, String) {
    match mv {
        GameMove::Castle(c) => (c.king_to.to_string(), c.rook_to.to_string()),
        GameMove::Plain(m) => panic!("{m} is no castling"),
    }
}

#[test]
fn a_chess480_game_declares_its_rule_in_the_variant_tag_and_castles_by_it() {
    let game = read_pgn(&pgn("chess480.pgn")).unwrap();
    assert_eq!(
        (game.variant, game.rule),
        (Variant::Chess480, Rule::CHESS480)
    );
    // 1. O-O: king g1 and rook h1, side by side in the corner, exchange squares.
    assert_eq!(landing(&game.moves[0].mv), ("h1".into(), "g1".into()));
    assert_eq!(game.moves[0].mv.to_string(), "g1h1");
    // 4... O-O-O: the king on g8 passes over its rook on f8 to e8; the rook stays.
    assert_eq!(landing(&game.moves[7].mv), ("e8".into(), "f8".into()));
    assert_eq!(
        format!("{}", game.position(8)),
        "bbq1kr1r/pppppp1p/3nn1p1/8/5P2/3NN3/PPPPP1PP/BBQ2RRK w - - 1 5"
    );
    // A caller's rule that contradicts the tag is refused, naming both.
    let err = read_pgn_game_under(&pgn("chess480.pgn"), 1, Some(Rule::FLEXIBLE)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "game 1: [Variant \"Chess480\"] says the game is played under chess480, but --rule says \
         flexible; give one rule"
    );
}

#[test]
fn a_free_castling_game_declares_its_rule_in_castle960s_own_tag() {
    let text = pgn("free.pgn");
    let game = read_pgn(&text).unwrap();
    assert_eq!((game.variant, game.rule), (Variant::Standard, Rule::FREE));
    // 4. K~h1/R~f1 and 6... e8g8,h8f8 (the UCI form).
    assert_eq!(landing(&game.moves[6].mv), ("h1".into(), "f1".into()));
    assert_eq!(landing(&game.moves[11].mv), ("g8".into(), "f8".into()));
    let t = game.timeline();
    let black = &t.sides[Color::Black][CastlingSide::H];
    assert_eq!(black.len(), 6);
    let Standing::RightGone {
        lost: WhenLost::InGame(lost),
    } = &black[0].stretches.last().unwrap().standing
    else {
        panic!("{black:#?}")
    };
    assert_eq!(
        (lost.ply, lost.mv.to_string()),
        (12, "e8g8,h8f8".to_string())
    );
    assert_eq!(lost.san.as_deref(), Some("e8g8,h8f8"));
    // --rule free agrees with the tag; --rule chess960 does not.
    assert!(read_pgn_game_under(&text, 1, Some(Rule::FREE)).is_ok());
    let err = read_pgn_game_under(&text, 1, Some(Rule::CHESS960)).unwrap_err();
    assert!(matches!(err, PgnError::ConflictingRules { .. }), "{err}");
}

#[test]
fn rule_tags_that_name_no_rule_or_contradict_each_other_are_refused_in_one_line() {
    let read = |tags: &str| read_pgn(&format!("{tags}\n1. e4 *"));
    assert_eq!(read("[CastlingRule \"FAST\"]").unwrap().rule, Rule::FAST);
    let err = read("[CastlingRule \"roman\"]").unwrap_err();
    assert_eq!(
        err.to_string(),
        "game 1: CastlingRule tag: \"roman\" is no castling rule; the rules are chess960, \
         chess480, free, flexible, fast"
    );
    let fen = "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]";
    let err = read(&format!(
        "[Variant \"Chess960\"]\n{fen}\n[CastlingRule \"free\"]"
    ))
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "game 1: [Variant \"Chess960\"] says the game is played under chess960, but \
         [CastlingRule \"free\"] says free; give one rule"
    );
    let err = read("[Variant \"Chess480\"]").unwrap_err();
    assert_eq!(
        err,
        PgnError::MissingFen {
            game: 1,
            variant: Variant::Chess480
        }
    );
    assert!(
        err.to_string()
            .starts_with("game 1: a Chess480 game needs a FEN tag")
    );
    for e in [
        read("[CastlingRule \"roman\"]").unwrap_err(),
        read("[Variant \"Chess480\"]").unwrap_err(),
    ] {
        assert!(!e.to_string().contains('\n'));
    }
}

#[test]
fn castlings_are_read_in_every_form_of_their_rule() {
    let b = board("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1");
    let read = |rule, text: &str| read_san_under(&b, rule, text);
    // Flexible: the tilde form, the king's move without the tilde, the UCI form, seed 004's
    // origin form; a plain king step is no castling.
    let k_b1 = read(Rule::FLEXIBLE, "K~b1").unwrap();
    assert_eq!(landing(&k_b1), ("b1".into(), "c1".into()));
    for form in ["Kb1", "e1b1", "e1~b1", "K~b1+"] {
        assert_eq!(read(Rule::FLEXIBLE, form), Ok(k_b1), "{form}");
    }
    assert_eq!(
        read(Rule::FLEXIBLE, "Kf1"),
        Ok(GameMove::Plain("e1f1".parse().unwrap()))
    );
    // O-O names the only h-side castling; O-O-O has two.
    assert_eq!(
        landing(&read(Rule::FLEXIBLE, "O-O").unwrap()),
        ("g1".into(), "f1".into())
    );
    assert_eq!(
        read(Rule::FLEXIBLE, "0-0-0").unwrap_err().kind,
        SanErrorKind::Ambiguous {
            candidates: vec!["K~c1".into(), "K~b1".into()]
        }
    );
    // Fast: a one-square leap is written as the rook onto the king's square.
    let k_f1 = read(Rule::FAST, "K~f1").unwrap();
    assert_eq!(landing(&k_f1), ("f1".into(), "e1".into()));
    assert_eq!(read(Rule::FAST, "h1e1"), Ok(k_f1));
    // Free: both destinations, the tilde on the king alone, both legs in UCI.
    let free = read(Rule::FREE, "K~h1/R~f1").unwrap();
    assert_eq!(landing(&free), ("h1".into(), "f1".into()));
    for form in ["K~h1/Rf1", "Kh1/Rf1", "e1h1,h1f1"] {
        assert_eq!(read(Rule::FREE, form), Ok(free), "{form}");
    }
    assert!(matches!(
        read(Rule::FREE, "O-O").unwrap_err().kind,
        SanErrorKind::Ambiguous { .. }
    ));
    // Chess480: O-O, and the king taking its rook.
    let short = read(Rule::CHESS480, "O-O").unwrap();
    assert_eq!(read(Rule::CHESS480, "e1h1"), Ok(short));
    // Each castling written back reads as itself.
    for rule in Rule::ALL {
        for c in castle960::castling::legal_castlings(&b, rule) {
            let mv = GameMove::Castle(c);
            let san = write_san_under(&b, rule, &mv).unwrap();
            assert_eq!(read_san_under(&b, rule, &san), Ok(mv), "{rule} {san}");
            assert_eq!(
                read_san_under(&b, rule, &mv.to_string()),
                Ok(mv),
                "{rule} {mv}"
            );
        }
    }
}

#[test]
fn a_castling_that_is_not_legal_is_named_in_the_error() {
    // The knight on b1 blocks every flexible a-side castling.
    let b = board("r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1");
    let err = read_san_under(&b, Rule::FLEXIBLE, "K~c1").unwrap_err();
    assert_eq!(
        err.to_string(),
        "SAN \"K~c1\": White cannot castle K~c1 here"
    );
    let err = read_san_under(&b, Rule::FLEXIBLE, "O-O-O").unwrap_err();
    assert_eq!(
        err.kind,
        SanErrorKind::NoCastling {
            color: Color::White,
            side: CastlingSide::A
        }
    );
    // Free castling with one legal castling on the side: O-O names it.
    let b = board("k7/8/8/8/8/8/8/4KR2 w F - 0 1");
    assert_eq!(
        landing(&read_san_under(&b, Rule::FREE, "O-O").unwrap()),
        ("f1".into(), "e1".into())
    );
}
