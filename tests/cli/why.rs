//! `castle960 why` end to end: a position and a move (text and JSON), a game at a chosen ply with
//! en passant's moment, castling through the castling explanation, bad input (exit 2, one line
//! naming what is wrong), and a sample of 1,000 mutated moves through the binary (the reader
//! itself is fuzzed in-process with 100,000, `tests/castling/why/fuzz.rs`).

use crate::{castle960, flat, rejected, stdout};
use castle960::referee::positions::SplitMix64;
use std::io::Write as _;

const PIN: &str = "4k3/8/8/KPp4r/8/8/8/8 w - c6 0 2";

#[test]
fn a_move_in_a_position_is_judged_in_words() {
    let raw = stdout(&["why", PIN, "bxc6", "--ascii"]);
    assert!(raw.contains("  5  K P p . . . . r"), "{raw}");
    let text = flat(&raw);
    assert!(text.contains("White to move."), "{text}");
    assert!(text.contains("bxc6: not legal"), "{text}");
    assert!(
        text.contains(
            "Move: the white pawn on b5 to c6, taking the black pawn on c5 en passant (b5c6)."
        ),
        "{text}"
    );
    assert!(text.contains(
        "- both pawns would leave rank 5 at once and expose the king on a5 to the black rook on h5"
    ));
    // A legal move says so, and how it is written.
    let text = flat(&stdout(&["why", PIN, "Ka6"]));
    assert!(text.contains("Ka6: legal now"), "{text}");
    assert!(
        text.contains("How to write it: Ka6 in SAN, a5a6 in UCI."),
        "{text}"
    );
    // Every line fits the default width of 100 columns.
    assert!(raw.lines().all(|l| l.chars().count() <= 100), "{raw}");
}

#[test]
fn json_is_the_library_answer_and_deterministic() {
    let a = stdout(&["why", PIN, "b5c6", "--json"]);
    assert_eq!(a, stdout(&["why", PIN, "b5c6", "--json"]));
    let v: serde_json::Value = serde_json::from_str(&a).unwrap();
    assert_eq!(v["schema"], 1);
    assert_eq!(v["status"], "not_legal");
    assert_eq!(v["input"], "b5c6");
    assert_eq!(v["moves"][0]["en_passant"], true);
    assert_eq!(
        v["moves"][0]["reasons"][0]["kind"],
        "en_passant_exposes_king"
    );
}

#[test]
fn castling_is_explained_as_castle_explains_it() {
    let text = flat(&stdout(&[
        "why",
        "--pgn",
        "tests/data/pgn/italian.pgn",
        "--ply",
        "12",
        "O-O",
        "--ascii",
    ]));
    assert!(text.contains("Last move: 6... Bb4+ (ply 12)."), "{text}");
    assert!(
        text.contains("O-O: not legal White O-O (h-side): not legal"),
        "{text}"
    );
    assert!(text.contains("- the king is in check from the black bishop on b4"));
    // After 7. Kf1 the right is gone, and the game names the move that lost it.
    let text = flat(&stdout(&[
        "why",
        "--pgn",
        "tests/data/pgn/italian.pgn",
        "O-O",
    ]));
    assert!(
        text.contains("the right to castle on this side is gone: lost at move 7. Kf1 (ply 13)"),
        "{text}"
    );
}

#[test]
fn in_a_game_en_passant_names_the_move_when_it_was_possible() {
    let mut file = tempfile::NamedTempFile::new().unwrap();
    writeln!(file, "1. e4 Nf6 2. e5 d5 3. Nc3 Nc6 *").unwrap();
    let path = file.path().to_str().unwrap();
    let text = flat(&stdout(&["why", "--pgn", path, "exd6"]));
    assert!(text.contains("exd6: not legal"), "{text}");
    assert!(
        text.contains("the last move was 3... Nc6 (ply 6)")
            && text.contains(
                "the moment has passed: the black pawn on d5 arrived with a double step at 2... \
                 d5 (ply 4), and it could be taken en passant only on the very next move, \
                 White's move 3 (ply 5)"
            ),
        "{text}"
    );
    let text = flat(&stdout(&["why", "--pgn", path, "--ply", "4", "exd6"]));
    assert!(text.contains("exd6: legal now"), "{text}");
    let json = stdout(&["why", "--pgn", path, "--json", "12... exd6"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["last_move"]["san"], "Nc6");
    let kinds: Vec<&str> = v["moves"][0]["reasons"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["kind"].as_str().unwrap())
        .collect();
    // "12... exd6" names Black, and Black's pawns cannot do it: the turn comes first.
    assert_eq!(kinds[0], "not_your_turn", "{json}");
}

#[test]
fn bad_input_gets_one_line_and_exit_2() {
    let m = rejected(&["why", PIN, "Nz9"]);
    assert!(
        m.starts_with("castle960: move \"Nz9\": not a move: write it in SAN"),
        "{m}"
    );
    let m = rejected(&["why", PIN, "castle"]);
    assert!(m.contains("say which castling"), "{m}");
    let m = rejected(&["why", "not a fen", "e4"]);
    assert!(m.starts_with("castle960: FEN \"not a fen\""), "{m}");
    let m = rejected(&["why", PIN]);
    assert!(m.contains("give the position and the move"), "{m}");
    let m = rejected(&["why", "--pgn", "tests/data/pgn/italian.pgn", PIN, "e4"]);
    assert!(m.contains("with --pgn, give the move alone"), "{m}");
    let m = rejected(&[
        "why",
        "--pgn",
        "tests/data/pgn/italian.pgn",
        "--ply",
        "99",
        "e4",
    ]);
    assert!(m.contains("--ply 99 is past the end of the game"), "{m}");
    let m = rejected(&["why", "--pgn", "/nonexistent/x.pgn", "e4"]);
    assert!(
        m.starts_with("castle960: cannot read \"/nonexistent/x.pgn\""),
        "{m}"
    );
    let long = format!("e4{}\u{1b}[2J", "x".repeat(5000));
    let m = rejected(&["why", PIN, &long]);
    assert!(!m.contains('\u{1b}') && m.chars().count() < 400, "{m}");
}

#[test]
fn a_sample_of_mutated_moves_through_the_binary_exits_0_or_2_with_one_line() {
    const CHARS: &[char] = &[
        'a', 'c', 'e', 'h', '1', '4', '6', '8', '0', 'K', 'Q', 'R', 'B', 'N', 'x', '=', '+', '-',
        'O', ' ', '.', 'é', '\n', '\u{1b}',
    ];
    const SEEDS: &[&str] = &[
        "bxc6",
        "b5c6",
        "Ka6",
        "O-O",
        "castle long",
        "black Kd8",
        "12... e5",
        "e7e8q",
        "Rh1",
        "0000",
    ];
    let mut rng = SplitMix64::new(28);
    let (mut answered, mut refused) = (0, 0);
    for _ in 0..1_000 {
        let mut text: Vec<char> = rng.pick(SEEDS).chars().collect();
        for _ in 0..rng.below(4) {
            let at = rng.below(text.len() + 1);
            match rng.below(3) {
                0 if at < text.len() => {
                    text.remove(at);
                }
                1 if at < text.len() => text[at] = *rng.pick(CHARS),
                _ => text.insert(at, *rng.pick(CHARS)),
            }
        }
        let text: String = text.into_iter().collect();
        // A move starting with '-' would be read as an option by clap: pass it after "--".
        let out = castle960(&["why", "--ascii", "--", PIN, &text], None);
        match out.status.code() {
            Some(0) => {
                answered += 1;
                assert!(out.stderr.is_empty() && !out.stdout.is_empty(), "{text:?}");
            }
            Some(2) => {
                refused += 1;
                assert!(out.stdout.is_empty(), "{text:?}");
                let message = String::from_utf8(out.stderr).unwrap();
                assert_eq!(message.lines().count(), 1, "{text:?}: {message}");
                assert!(!message.contains('\u{1b}'), "{text:?}: {message}");
            }
            other => panic!(
                "{text:?}: exit {other:?}: {}",
                String::from_utf8_lossy(&out.stderr)
            ),
        }
    }
    println!("binary sample: 1,000 moves, {answered} answered, {refused} refused in one line");
    assert!(answered > 100 && refused > 100, "{answered} {refused}");
}
