//! `castle960 castle` end to end: a position (standard and Chess960), a game's timeline and one
//! ply of it, text and JSON, and bad input (exit 2, one line naming what is wrong).

use std::process::Output;

fn castle960(args: &[&str]) -> Output {
    crate::castle960(args, None)
}

fn stdout(args: &[&str]) -> String {
    let out = castle960(args);
    assert!(
        out.status.success(),
        "castle960 {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The text with every run of white space one space: wrapped lines read as one.
fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The bad input's exit code and its one-line message.
fn rejected(args: &[&str]) -> String {
    let out = castle960(args);
    assert_eq!(out.status.code(), Some(2), "castle960 {args:?}");
    assert!(out.stdout.is_empty(), "nothing on stdout for {args:?}");
    let message = String::from_utf8(out.stderr).unwrap();
    assert_eq!(message.lines().count(), 1, "one line: {message}");
    message
}

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
