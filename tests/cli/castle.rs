//! `castle960 castle` end to end: a position (standard and Chess960), a game's timeline and one
//! ply of it, text and JSON, and bad input (exit 2, one line naming what is wrong).

use crate::{flat, rejected, stdout};

const ITALIAN: &str = "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";

#[test]
fn a_standard_position_gets_four_answers_with_reasons_later_lines_and_notations() {
    let raw = stdout(&["castle", ITALIAN, "--ascii"]);
    assert!(raw.contains("  1  R N B Q K . . R"), "{raw}");
    let text = flat(&raw);
    assert!(text.contains("White O-O (h-side): legal now"), "{text}");
    assert!(text.contains("White O-O-O (a-side): not legal"), "{text}");
    assert!(text.contains("- b1 must be empty, but the white knight stands there"));
    assert!(text.contains("Black O-O (h-side): not legal"));
    assert!(text.contains("- it is White's move"));
    assert!(text.contains("e1h1 in UCI with UCI_Chess960"));
    assert!(text.contains("e1g1 for standard engines"));
    assert!(text.contains("With White standing still, castling becomes legal after 1 own move"));
}

#[test]
fn a_chess960_position_names_the_check_revealed_behind_the_castling_rook() {
    // Black queen on a1 behind White's castling rook on b1, king on c1 (kokopu #29).
    let text = flat(&stdout(&[
        "castle",
        "7k/8/8/8/8/8/8/qRK5 w B - 0 1",
        "--ascii",
    ]));
    assert!(text.contains("White O-O-O (a-side): not legal"), "{text}");
    assert!(
        text.contains(
            "the king would stay on c1, attacked by the black queen on a1 (only once the castling \
             rook has left)"
        ),
        "{text}"
    );
    assert!(text.contains("c1b1 in UCI with UCI_Chess960"));
    assert!(!text.contains("for standard engines"), "{text}");
}

#[test]
fn json_follows_the_library_schema_and_is_deterministic() {
    let a = stdout(&["castle", ITALIAN, "--json"]);
    let b = stdout(&["castle", ITALIAN, "--json"]);
    assert_eq!(a, b);
    let v: serde_json::Value = serde_json::from_str(&a).unwrap();
    assert_eq!(v["schema"], 1);
    assert_eq!(v["to_move"], "white");
    assert_eq!(v["sides"]["white"]["h"]["status"], "legal_now");
    assert_eq!(v["sides"]["white"]["a"]["later"]["kind"], "fewest");
    assert_eq!(v["sides"]["white"]["a"]["later"]["moves"], 4);
}

#[test]
fn a_game_gets_a_timeline_and_any_ply_in_full() {
    let pgn = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pgn/italian.pgn");
    let text = flat(&stdout(&["castle", "--pgn", pgn, "--ascii"]));
    assert!(text.contains("White O-O (h-side):"), "{text}");
    assert!(
        text.contains("from 3. Bc4 to 6. cxd4: legal on its move"),
        "{text}"
    );
    assert!(
        text.contains(
            "after 6... Bb4+: not legal: the king is in check from the black bishop on b4"
        ),
        "{text}"
    );
    assert!(
        text.contains("lost at move 7. Kf1 (ply 13): the king moved"),
        "{text}"
    );
    let at = flat(&stdout(&["castle", "--pgn", pgn, "--ply", "12", "--ascii"]));
    assert!(at.contains("After 6... Bb4+ (ply 12):"), "{at}");
    assert!(
        at.contains("- the king is in check from the black bishop on b4"),
        "{at}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&stdout(&["castle", "--pgn", pgn, "--ply", "12", "--json"])).unwrap();
    assert_eq!(json["schema"], 1);
    assert_eq!(json["tags"]["Event"], "Example");
    assert_eq!(json["moves"][12], "Kf1");
    assert_eq!(json["position"]["ply"], 12);
    let white_short = &json["timeline"]["sides"]["white"]["h"];
    assert_eq!(white_short[2]["kind"], "legal");
    assert_eq!(white_short[2]["from_ply"], 5);
    assert_eq!(white_short[4]["kind"], "right_gone");
}

#[test]
fn an_illegal_position_gets_exit_2_and_the_rule_it_breaks() {
    let m = rejected(&["castle", "8/8/8/8/8/8/8/8 w - - 0 1"]);
    assert!(m.contains("exactly one king"), "{m}");
    let m = rejected(&["castle", "4k3/8/8/8/8/8/8/4K3 w K - 0 1"]);
    assert!(m.contains("no white rook"), "{m}");
    let m = rejected(&["castle", "4k3/8/8/8/8/8/4Q3/4K3 w - - 0 1"]);
    assert!(
        m.contains("Black is in check") && m.contains("White's move"),
        "{m}"
    );
    let m = rejected(&["castle", "4k3/8/8/8/8/8/8/P3K3 w - - 0 1"]);
    assert!(m.contains("pawn"), "{m}");
    // A control character typed into the FEN is quoted escaped, never sent to the terminal.
    let m = rejected(&["castle", "4k3/8/8/8/8/8/8/4K3\u{1b}[31m w - - 0 1"]);
    assert!(m.contains("\\u{1b}") && !m.contains('\u{1b}'), "{m}");
}

#[test]
fn a_bad_game_names_the_ply_and_the_move() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.pgn");
    std::fs::write(&path, "1. e4 e5 2. Ke3 *\n").unwrap();
    let m = rejected(&["castle", "--pgn", path.to_str().unwrap()]);
    assert!(m.contains("ply 3") && m.contains("Ke3"), "{m}");
    let m = rejected(&["castle", "--pgn", "/nonexistent/game.pgn"]);
    assert!(m.contains("cannot read"), "{m}");
    let pgn = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pgn/italian.pgn");
    let m = rejected(&["castle", "--pgn", pgn, "--ply", "17"]);
    assert!(m.contains("16 plies"), "{m}");
}

// ---- --rule --------------------------------------------------------------------------------

/// The data directory's file `name`.
fn data(name: &str) -> String {
    format!("{}/tests/data/pgn/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn rule_chess960_changes_no_byte_of_any_output() {
    let italian = data("italian.pgn");
    for args in [
        vec!["castle", ITALIAN],
        vec!["castle", ITALIAN, "--json"],
        vec!["castle", "7k/8/8/8/8/8/8/qRK5 w B - 0 1", "--ascii"],
        vec!["castle", "--pgn", &italian, "--ply", "12", "--ascii"],
        vec!["castle", "--pgn", &italian, "--ply", "12", "--json"],
    ] {
        let plain = stdout(&args);
        let mut with_rule = args.clone();
        with_rule.extend(["--rule", "chess960"]);
        assert_eq!(stdout(&with_rule), plain, "{args:?}");
        with_rule.pop();
        with_rule.push("CHESS960");
        assert_eq!(stdout(&with_rule), plain, "{args:?}");
    }
}

#[test]
fn a_rule_lists_every_castling_it_allows_in_text_and_in_json_schema_2() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let text = flat(&stdout(&["castle", fen, "--rule", "flexible", "--ascii"]));
    assert!(
        text.contains("Castling rule flexible: flexible castling (Fergus Duniho)."),
        "{text}"
    );
    for castling in [
        "White K~c1 (a-side): legal now",
        "White K~b1 (a-side): legal now",
    ] {
        assert!(text.contains(castling), "{text}");
    }
    assert!(text.contains(
        "How to play it: K~b1 in SAN; e1b1 in UCI (castle960's form for this rule: the king's move)."
    ));
    assert!(
        text.contains("Black K~g8 (h-side): legal when it is its turn"),
        "{text}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&stdout(&["castle", fen, "--rule", "flexible", "--json"])).unwrap();
    assert_eq!(
        (json["schema"].clone(), json["rule"].clone()),
        (2.into(), "flexible".into())
    );
    let long = json["sides"]["white"]["a"].as_array().unwrap();
    let sans: Vec<&str> = long
        .iter()
        .map(|c| c["notation"]["san"].as_str().unwrap())
        .collect();
    assert_eq!(sans, ["K~c1", "K~b1"]);
    assert_eq!(long[1]["notation"]["uci"], "e1b1");
    assert_eq!(long[1]["castling"]["rook_to"], "c1");
    assert_eq!(long[1]["later"]["moves"], 0);
    // Free castling refuses the castlings that would check the black king on e8.
    let text = flat(&stdout(&[
        "castle",
        "4k3/8/8/8/8/8/8/4K2R w H - 0 1",
        "--rule",
        "free",
    ]));
    assert!(text.contains(
        "castling would check the black king on e8 (from the white rook on e1), and under free \
         castling (the Roman rule) castling may not give check"
    ));
}

#[test]
fn a_game_under_a_rule_reads_its_tag_and_names_each_castling() {
    let free = data("free.pgn");
    let text = flat(&stdout(&[
        "castle", "--pgn", &free, "--ply", "7", "--ascii",
    ]));
    assert!(
        text.contains("Castling rule free: free castling (the Roman rule)."),
        "{text}"
    );
    assert!(
        text.contains("lost at move 4. K~h1/R~f1 (ply 7): the king castled"),
        "{text}"
    );
    assert!(text.contains("After 4. K~h1/R~f1 (ply 7):"), "{text}");
    let json: serde_json::Value =
        serde_json::from_str(&stdout(&["castle", "--pgn", &free, "--json"])).unwrap();
    assert_eq!(
        (json["schema"].clone(), json["rule"].clone()),
        (2.into(), "free".into())
    );
    assert_eq!(json["tags"]["CastlingRule"], "free");
    let black = json["timeline"]["sides"]["black"]["h"].as_array().unwrap();
    assert_eq!(black.len(), 6);
    assert_eq!(black[2]["san"], "K~g8/R~f8");
    // The same game with --rule free; with another rule, one line and exit 2.
    assert_eq!(
        stdout(&["castle", "--pgn", &free, "--json", "--rule", "free"]),
        stdout(&["castle", "--pgn", &free, "--json"])
    );
    let m = rejected(&["castle", "--pgn", &free, "--rule", "chess960"]);
    assert!(
        m.contains(
            "[CastlingRule \"free\"] says the game is played under free, but --rule says chess960"
        ),
        "{m}"
    );
    let chess480 = data("chess480.pgn");
    let text = flat(&stdout(&["castle", "--pgn", &chess480]));
    assert!(text.contains("Castling rule chess480"), "{text}");
    assert!(
        text.contains("lost at move 1. O-O (ply 1): the king castled"),
        "{text}"
    );
}

#[test]
fn a_rule_that_does_not_exist_gets_one_line_and_exit_2() {
    let m = rejected(&["castle", ITALIAN, "--rule", "roman"]);
    assert_eq!(
        m,
        "castle960: --rule \"roman\" is no castling rule; the rules are chess960, chess480, free, \
         flexible, fast\n"
    );
    let m = rejected(&[
        "castle",
        "--pgn",
        &data("italian.pgn"),
        "--rule",
        "rom\u{1b}an",
    ]);
    assert!(m.contains("\\u{1b}") && !m.contains('\u{1b}'), "{m}");
}
