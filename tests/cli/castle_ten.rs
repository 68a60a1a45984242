//! `castle960 castle --variant NAME FEN` end to end: text, JSON, `--rule` with ChessV's types,
//! and bad input on ten files as on eight (exit 2, one line quoting the input, nothing written).

use crate::{rejected, stdout};

const CAPABLANCA: &str = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1";

#[test]
fn the_capablanca_start_names_every_man_in_the_way_and_the_fewest_moves() {
    let text = stdout(&["castle", "--variant", "capablanca", CAPABLANCA]);
    assert!(
        text.starts_with("Variant capablanca; castling rule chess960"),
        "{text}"
    );
    assert!(text.contains("White O-O-O (a-side): not legal"));
    assert!(text.contains("    - c1 must be empty, but the white archbishop stands there"));
    assert!(text.contains("    - h1 must be empty, but the white chancellor stands there"));
    assert!(text.contains("Black O-O (h-side): not legal"));
    assert!(text.contains("    - it is White's move"));
    assert!(text.contains("How to play it: O-O in SAN; f1j1 in UCI."));
    assert!(text.contains("Later: legal after 4 own moves"), "{text}");
}

#[test]
fn json_is_schema_1_with_the_variant_and_rule() {
    let fen = "r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/R3K4R w JAja - 0 1";
    let out = stdout(&[
        "castle",
        "--variant",
        "caparandom",
        "--rule",
        "ChessV-Flexible",
        fen,
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["schema"], 1);
    assert_eq!(v["variant"], "caparandom");
    assert_eq!(v["rule"], "chessv-flexible");
    let a = v["sides"]["white"]["a"].as_array().unwrap();
    assert_eq!(a.len(), 2); // K~c1 and K~b1
    assert_eq!(a[0]["status"], "legal_now");
    assert_eq!(a[0]["notation"]["san"], "K~c1");
    assert_eq!(
        a[0]["castling"]["king_path"],
        serde_json::json!(["e1", "d1", "c1"])
    );
    assert_eq!(a[0]["later"]["kind"], "fewest");
    let black = &v["sides"]["black"]["h"][0];
    assert_eq!(black["reasons"][0]["kind"], "not_your_turn");
    assert_eq!(black["status"], "legal_on_turn");
    // The same run twice gives the same bytes.
    assert_eq!(
        out,
        stdout(&[
            "castle",
            "--variant",
            "caparandom",
            "--rule",
            "chessv-flexible",
            fen,
            "--json"
        ])
    );
}

#[test]
fn bad_input_on_ten_files_gets_one_line_and_exit_2() {
    let m = rejected(&["castle", "--variant", "shogi", CAPABLANCA]);
    assert!(
        m.starts_with("castle960: --variant \"shogi\" is no ten-file variant"),
        "{m}"
    );
    let m = rejected(&[
        "castle",
        "--variant",
        "janus",
        "--rule",
        "roman",
        CAPABLANCA,
    ]);
    assert!(
        m.contains("\"roman\" is no castling rule on ten files; the rules are chess960"),
        "{m}"
    );
    // An eight-file FEN on ten files: the rank's width is named, the input quoted.
    let m = rejected(&[
        "castle",
        "--variant",
        "caparandom",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ]);
    assert!(m.contains("covers 8 files"), "{m}");
    // Control characters are escaped and a long input cut.
    let long = format!("{}\u{7}", "x".repeat(500));
    let m = rejected(&["castle", "--variant", "gothic", &long]);
    assert!(m.contains("\\u{7}") || m.len() < 400, "{m}");
    assert!(!m.contains('\u{7}'));
}
