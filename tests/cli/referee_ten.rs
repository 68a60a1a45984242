//! `castle960 referee --variant V` end to end against Fairy-Stockfish: random CRC games and
//! every variant's games agree (a deterministic sample of the documented run), the ten-file
//! suite agrees to depth 2, an engine that lists a castling twice or leaves castlings out
//! differs with the rule named, and bad input gets one line and exit 2. Fairy-Stockfish must be
//! installed (`.ci/run` does): without it these tests fail and say so.

use crate::castle960;
use std::path::Path;

/// The faulty wrapper around Fairy-Stockfish.
const FAULT: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/uci/ten_castling_fault.py"
);

/// The committed ten-file suite.
const SUITE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/output/castling-suite-10.epd");

/// Fairy-Stockfish: Debian's path, else the name on `PATH`; a failure saying how to install it.
fn fairy_stockfish() -> String {
    let debian = "/usr/games/fairy-stockfish";
    if Path::new(debian).is_file() {
        return debian.to_string();
    }
    let on_path = std::env::var_os("PATH").is_some_and(|path| {
        std::env::split_paths(&path).any(|dir| dir.join("fairy-stockfish").is_file())
    });
    assert!(
        on_path,
        "these tests need Fairy-Stockfish: install it (Debian: apt-get install fairy-stockfish) \
         or put fairy-stockfish on PATH"
    );
    "fairy-stockfish".to_string()
}

/// Runs the binary and gives its exit code, standard output and standard error.
fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let out = castle960(args, None);
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The deterministic sample of the documented 200,000-position run: 4,000 positions of random
/// CRC games (seed 7), castlings and perft 1 equal Fairy-Stockfish's.
#[test]
fn fairy_stockfish_agrees_on_random_crc_games() {
    let engine = fairy_stockfish();
    let args = [
        "referee",
        "--variant",
        "caparandom",
        "--positions",
        "4000",
        "--seed",
        "7",
        &engine,
    ];
    let (code, text, stderr) = run(&args);
    assert_eq!(code, Some(0), "{text}{stderr}");
    assert!(
        text.starts_with("Referee: Fairy-Stockfish")
            && text.contains(
                "on 4000 positions of random games of caparandom (seed 7), perft 1: 4000 agree, \
                 0 differ"
            ),
        "{text}"
    );
}

/// Every other variant's games, to depth 2.
#[test]
fn fairy_stockfish_agrees_on_every_variants_games_to_depth_two() {
    let engine = fairy_stockfish();
    for variant in ["capablanca", "gothic", "embassy", "janus"] {
        let args = [
            "referee",
            "--variant",
            variant,
            "--positions",
            "300",
            "--depth2",
            &engine,
        ];
        let (code, text, stderr) = run(&args);
        assert_eq!(code, Some(0), "{variant}: {text}{stderr}");
        let expected = format!("of {variant} (seed 1), perft 2: 300 agree, 0 differ");
        assert!(text.contains(&expected), "{text}");
    }
}

/// Every line of the committed ten-file suite, each variant's lines with its `UCI_Variant`, to
/// depth 2: the suite's numbers are Fairy-Stockfish's.
#[test]
fn fairy_stockfish_agrees_with_the_ten_file_suite_to_depth_two() {
    let engine = fairy_stockfish();
    let mut checked = 0;
    for variant in ["capablanca", "caparandom", "gothic", "embassy", "janus"] {
        let args = [
            "referee",
            "--variant",
            variant,
            "--suite",
            SUITE,
            "--depth2",
            &engine,
        ];
        let (code, text, stderr) = run(&args);
        assert_eq!(code, Some(0), "{variant}: {text}{stderr}");
        let summary = text.split(" positions of ").next().unwrap();
        let count: usize = summary.rsplit(' ').next().unwrap().parse().unwrap();
        assert!(text.contains(&format!("{count} agree, 0 differ")), "{text}");
        checked += count;
    }
    let lines = std::fs::read_to_string(SUITE).unwrap().lines().count();
    assert_eq!(checked, lines, "every line is some variant's");
}

/// An engine that lists each castling twice (the total unchanged) or leaves castlings out (the
/// total lowered to match) differs on the positions with a legal castling, with the rule named.
#[test]
fn an_engine_that_lists_castling_twice_or_omits_it_differs_with_the_rule_named() {
    let engine = fairy_stockfish();
    for (mode, rules) in [
        (
            "twice",
            [
                "  rule: a divide lists each legal move once, but f8c8 is listed 2 times",
                "  rule: the moves' counts add up to the total, but they add up to 60 and the \
                 total is 59",
            ],
        ),
        (
            "omit",
            [
                "  engine:    castling none, 58 moves",
                "  rule: Black O-O-O (f8c8) is legal under caparandom's castling (rule \
                 chess960): no rule forbids it",
            ],
        ),
    ] {
        let args = [
            "referee",
            "--variant",
            "caparandom",
            "--positions",
            "300",
            "--show",
            "1",
            "python3",
            FAULT,
            mode,
            &engine,
        ];
        let (code, text, stderr) = run(&args);
        assert_eq!(code, Some(1), "{mode}: {text}{stderr}");
        assert!(
            text.starts_with(
                "position 96 of 300: bbr2ka1rn/1ppp3ppp/p2n1qc3/4p5/3APpp3/2P3PP1P/PP1P1P1NP1/\
                 BBR1NK1CR1 b ICic - 4 10\n  castle960: castling f8c8, 59 moves\n"
            ),
            "{mode}: {text}"
        );
        for rule in rules {
            assert!(text.lines().any(|l| l == rule), "{mode}: {rule}\n{text}");
        }
        assert!(text.contains(": 288 agree, 12 differ,"), "{mode}: {text}");
    }
}

/// An engine without the variant gets exit 3 and one line; an unknown variant, a suite line
/// that is no position of the variant and a suite with no line of it get exit 2 and one line
/// quoting the input.
#[test]
fn bad_input_and_engines_without_the_variant_get_one_line() {
    let fake = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/uci/fake_engine.sh");
    let (code, _, stderr) = run(&["referee", "--variant", "janus", "sh", fake, "hang"]);
    assert_eq!(code, Some(3), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("does not offer the variant janus through UCI_Variant"),
        "{stderr}"
    );

    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.epd");
    std::fs::write(&bad, "r3k5 w - - ;D1 3\n").unwrap();
    let eight = concat!(env!("CARGO_MANIFEST_DIR"), "/output/castling-suite.epd");
    for (args, expected) in [
        (
            vec!["referee", "--variant", "shogi", "x"],
            "castle960: --variant \"shogi\" is no ten-file variant castle960 plays; the variants \
             are capablanca, caparandom, gothic, embassy, janus\n",
        ),
        (
            vec![
                "referee",
                "--variant",
                "janus",
                "--suite",
                bad.to_str().unwrap(),
                "x",
            ],
            "castle960: line 1: piece placement \"r3k5\" has 1 rank(s): it needs 8, from rank 8 \
             down to rank 1, separated by '/'\n",
        ),
        (
            vec!["referee", "--variant", "janus", "--suite", eight, "x"],
            "castle960: line 1: piece placement \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\": \
             rank 8 covers 8 files: each rank of this board covers exactly 10, a number for a run \
             of empty squares (10 for an empty rank)\n",
        ),
    ] {
        let (code, text, stderr) = run(&args);
        assert_eq!(code, Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr, expected, "{args:?}");
        assert!(text.is_empty(), "{args:?}: {text}");
    }
}
