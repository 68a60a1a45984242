//! Every way of naming an arrangement wrongly is rejected with a message that says what is wrong.

use castle960::ArrangementError;
use castle960::notation::naming::parse_any;

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
        assert_not_start_position(fen, why);
    }
}

/// `fen` is refused as not a start position, with a message saying `why`.
fn assert_not_start_position(fen: &str, why: &str) {
    let err = parse_any(fen).unwrap_err();
    assert!(
        matches!(err, ArrangementError::NotStartPosition { .. }),
        "{fen}: {err:?}"
    );
    assert!(err.to_string().contains(why), "{fen}: {err}");
}

#[test]
fn a_start_fen_has_white_upper_case_on_ranks_1_and_2_and_black_lower_case_on_7_and_8() {
    for (fen, why) in [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/rnbqkbnr w KQkq - 0 1",
            "rank 1 must hold White's pieces, in upper case",
        ),
        (
            "RNBQKBNR/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rank 8 must hold Black's pieces, in lower case",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPpPPP/RNBQKBNR w KQkq - 0 1",
            "rank 2 must hold White's eight pawns (P), but e2 holds 'p'",
        ),
        (
            "rnbqkbnr/ppPppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rank 7 must hold Black's eight pawns (p), but c7 holds 'P'",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "ranks 3 to 6 must be empty, but c3 holds 'N'",
        ),
    ] {
        assert_not_start_position(fen, why);
    }
}

/// Every kind of error, fed input with a newline, an escape character and 131 KB of text:
/// the message is one line, shows no control character and stays short.
#[test]
fn messages_quote_input_escaped_and_cut() {
    let long = "N".repeat(131_072);
    let inputs = [
        "RNB\nQKBNR".to_string(),
        "RNB\u{1b}[2JQKBNR".to_string(),
        "RNBQKBN\u{7}".to_string(),
        long.clone(),
        "9".repeat(131_072),
        format!("1.{long}"),
        format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha\n- 0 1 {long}"),
        format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w \u{1b}{long} - 0 1"),
        format!("{long}/x"),
    ];
    for input in &inputs {
        let message = message(input);
        let shown: String = input.chars().take(20).collect();
        assert!(
            !message.chars().any(char::is_control),
            "{shown:?}: {message:?}"
        );
        assert!(message.chars().count() < 400, "{shown:?}: {message}");
    }
    assert!(message("RNB\nQKBNR").contains(r#""RNB\nQKBNR""#));
    assert!(message(&long).contains('…'));
}

#[test]
fn messages_guess_what_was_meant_and_say_what_is_accepted() {
    for input in ["518.0", "5e2", "1 000", "-1.5", "５１８", "SP518.0"] {
        let err = parse_any(input).unwrap_err();
        assert!(
            matches!(err, ArrangementError::NotANumber { .. }),
            "{input}: {err:?}"
        );
        let text = err.to_string();
        assert!(text.contains("not a whole number"), "{text}");
        assert!(
            text.contains("0 to 959") && text.contains("RNBQKBNR") && text.contains("FEN"),
            "{text}"
        );
    }
    let text = message("RNBQK");
    assert!(text.contains("0 to 959") && text.contains("FEN"), "{text}");
    let text = message("hello");
    assert!(text.contains("0 to 959") && text.contains("FEN"), "{text}");
}

/// `SP518` and `sp 518` are accepted as the number they spell.
#[test]
fn sp_prefixed_numbers_are_accepted() {
    let standard = parse_any("518").unwrap();
    for input in ["SP518", "sp518", "sp 518", "Sp  518", " SP518 "] {
        assert_eq!(parse_any(input), Ok(standard), "{input}");
    }
    assert!(matches!(
        parse_any("SP960"),
        Err(ArrangementError::SpOutOfRange(_))
    ));
}
