//! Every way of naming an arrangement wrongly is rejected with a message that says what is wrong.

use castle960::ArrangementError;
use castle960::chess::arrangement::parse_any;

fn message(input: &str) -> String {
    parse_any(input).expect_err(input).to_string()
}

#[test]
fn number_out_of_range() {
    assert!(matches!(
        parse_any("960"),
        Err(ArrangementError::SpOutOfRange(_))
    ));
    assert!(matches!(
        parse_any("-1"),
        Err(ArrangementError::SpOutOfRange(_))
    ));
    assert!(matches!(
        parse_any("99999999999999999999"),
        Err(ArrangementError::SpOutOfRange(_))
    ));
    assert!(message("960").contains("from 0 to 959"));
    assert!(parse_any("959").is_ok());
}

#[test]
fn wrong_length() {
    assert!(matches!(
        parse_any("RNBQKBN"),
        Err(ArrangementError::WrongLength { len: 7, .. })
    ));
    assert!(message("RNBQKBNRR").contains("8 letters"));
    assert!(matches!(
        parse_any(""),
        Err(ArrangementError::WrongLength { len: 0, .. })
    ));
}

#[test]
fn unknown_letter() {
    let err = parse_any("RNBQKBNX").unwrap_err();
    assert_eq!(
        err,
        ArrangementError::UnknownLetter {
            input: "RNBQKBNX".into(),
            letter: 'X',
            file: 'h'
        }
    );
    assert!(err.to_string().contains("use K, Q, R, B and N"));
}

#[test]
fn wrong_piece_counts() {
    let err = message("RNBQQBNR");
    assert!(err.contains("2 Q") && err.contains("0 K"), "{err}");
}

#[test]
fn bishops_on_one_colour() {
    // Bishops on c1 and e1: both dark.
    assert!(matches!(
        parse_any("RNBKBQNR"),
        Err(ArrangementError::BishopsSameColour { colour: "dark", .. })
    ));
    assert!(message("RBNBKQNR").contains("light"));
}

#[test]
fn king_not_between_rooks() {
    assert!(matches!(
        parse_any("KRBQRBNN"),
        Err(ArrangementError::KingNotBetweenRooks { .. })
    ));
    assert!(message("RRBQKBNN").contains("between the rooks"));
}

#[test]
fn malformed_fens() {
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w HAha - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w",
        "rnbqkbnr/pppppppp/8/8/8/9/PPPPPPPP/RNBQKBNR w HAha - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/7/PPPPPPPP/RNBQKBNR w HAha - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x HAha - 0 1",
        "rnbqkbnr/pppxpppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - zero 1",
    ] {
        assert!(
            matches!(parse_any(fen), Err(ArrangementError::MalformedFen { .. })),
            "{fen}: {:?}",
            parse_any(fen)
        );
        assert!(message(fen).contains("malformed FEN"));
    }
}

#[test]
fn fens_that_are_not_start_positions() {
    for (fen, why) in [
        (
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w HAha - 0 1",
            "pawns",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b HAha - 0 1",
            "White to move",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HA - 0 1",
            "castling",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha e3 0 1",
            "en-passant",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 3 7",
            "counters",
        ),
        (
            "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
            "mirror",
        ),
        (
            "rnbkbqnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKBQNR w HAha - 0 1",
            "dark",
        ),
        (
            "rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w HAha - 0 1",
            "empty",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HBha - 0 1",
            "castling",
        ),
    ] {
        let err = parse_any(fen).unwrap_err();
        assert!(
            matches!(err, ArrangementError::NotStartPosition { .. }),
            "{fen}: {err:?}"
        );
        assert!(err.to_string().contains(why), "{fen}: {err}");
    }
}
