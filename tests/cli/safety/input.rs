//! What bad or endless input gets, and standard output failing: one line quoted with escapes
//! and cut to a readable length, exit code 2, never a panic; bounds on standard input that can be
//! raised; `show`'s PGN and JSON the same bytes on every run.

use super::*;

/// Runs castle960 with `args`, standard input from `stdin`, under a 1 GiB limit on its address
/// space, so that a run that reads without end fails soon rather than taking the machine's
/// memory.
fn bounded(args: &[&str], stdin: Stdio) -> Output {
    Command::new("sh")
        .args(["-c", "ulimit -v 1048576 && exec \"$@\"", "sh"])
        .arg(env!("CARGO_BIN_EXE_castle960"))
        .args(args)
        .stdin(stdin)
        .output()
        .unwrap()
}

fn from_file(path: &str) -> Stdio {
    Stdio::from(std::fs::File::open(path).unwrap())
}

/// Endless input is read only up to a bound, a maximum line length and a maximum size, and
/// refused there with exit 2 and one line naming the limit and how to raise it: a PGN (`castle`,
/// `why`), a suite or `show`'s standard input of endless zeros (one endless line), of random bytes, and an
/// endless stream of good lines.
#[test]
fn endless_input_is_refused_at_a_bound_in_one_line() {
    let line = "line 1 of \"/dev/zero\" is longer than 16 MiB, the limit of --max-line; raise it \
                with --max-line BYTES (for example --max-line 32M)";
    let cases: [(&[&str], &str, &str); 6] = [
        (&["castle", "--pgn", "/dev/zero"], "/dev/null", line),
        (&["why", "--pgn", "/dev/zero", "O-O"], "/dev/null", line),
        (
            &["referee", "--suite", "/dev/zero", "stockfish"],
            "/dev/null",
            line,
        ),
        (
            &["castle", "--pgn", "/dev/urandom"],
            "/dev/null",
            "\"/dev/urandom\" is longer than 64 MiB, the limit of --max-input; raise it with \
             --max-input BYTES (for example --max-input 128M)",
        ),
        (
            &["show", "-"],
            "/dev/zero",
            "line 1 of standard input is longer than 16 MiB, the limit of --max-line; raise it \
             with --max-line BYTES (for example --max-line 32M)",
        ),
        // Random bytes are no arrangement: the first line that is not blank is refused as one
        // (blank lines are skipped, and one random line in a few hundred is blank: its number
        // is checked below).
        (&["show", "-"], "/dev/urandom", "line "),
    ];
    for (args, stdin, expected) in cases {
        let out = bounded(args, from_file(stdin));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.starts_with(&format!("castle960: {expected}")),
            "{args:?}: {stderr}"
        );
        if stdin == "/dev/urandom" && args[0] == "show" {
            let rest = &stderr["castle960: line ".len()..];
            let digits = rest.chars().take_while(char::is_ascii_digit).count();
            assert!(
                digits > 0 && rest[digits..].starts_with(" of standard input: "),
                "{args:?}: {stderr}"
            );
        }
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.len() < 400, "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    // An endless stream of good lines: `yes 518 | castle960 show -`.
    let mut yes = Command::new("yes")
        .arg("518")
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let out = bounded(&["show", "-"], Stdio::from(yes.stdout.take().unwrap()));
    let _ = yes.kill();
    let _ = yes.wait();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.starts_with(
            "castle960: standard input is longer than 64 MiB, the limit of --max-input;"
        ),
        "{stderr}"
    );
    assert!(out.stdout.is_empty());
}

/// The bounds leave room for what a real user needs, and can be raised: a game of 100,000
/// plies with its whole movetext on one line is read with the defaults; a file or a line past
/// a lowered bound is refused, and read once the bound is raised again.
#[test]
fn a_long_game_is_read_and_the_bounds_can_be_raised() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("long.pgn");
    let shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    let mut movetext = String::new();
    for ply in 0..100_000 {
        if ply % 2 == 0 {
            movetext += &format!("{}. ", ply / 2 + 1);
        }
        movetext += shuffle[ply % 4];
        movetext.push(' ');
    }
    std::fs::write(&pgn, format!("[Event \"long\"]\n\n{movetext}*\n")).unwrap();
    let path = pgn.to_str().unwrap();
    let out = bounded(&["castle", "--pgn", path, "--ply", "100000"], Stdio::null());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("100000 plies"),
        "{}",
        &stdout[..200.min(stdout.len())]
    );
    for flag in ["--max-input", "--max-line"] {
        let out = bounded(&["castle", "--pgn", path, flag, "100K"], Stdio::null());
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(
            stderr.contains(&format!("the limit of {flag}; raise it")),
            "{stderr}"
        );
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        let out = bounded(&["castle", "--pgn", path, flag, "1M"], Stdio::null());
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// `show`'s own errors keep bad input to one short line without control characters: a
/// newline, an escape sequence and a 130 KB argument.
#[test]
fn bad_input_is_quoted_escaped_and_cut_on_the_command_line() {
    let long = "x".repeat(130_000);
    for args in [
        vec!["show", "RNB\nQKBNR"],
        vec!["show", "RNB\u{1b}[2JQKBNR"],
        vec!["show", &long],
    ] {
        let out = binary().args(&args).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        let shown: String = args.join(" ").chars().take(30).collect();
        assert_eq!(out.status.code(), Some(2), "{shown:?}: {stderr}");
        assert_eq!(
            stderr.trim_end().lines().count(),
            1,
            "{shown:?}: {stderr:?}"
        );
        assert!(
            !stderr.trim_end().chars().any(char::is_control),
            "{shown:?}: {stderr:?}"
        );
        assert!(stderr.len() < 600, "{shown:?}: {} bytes", stderr.len());
    }
}

/// Argument errors found by clap keep its layout (what is wrong first, then a "did you mean"
/// tip and the usage line), show what was typed escaped rather than changed (`1\n2`, not
/// `1 2`), cut a long argument without losing the point, and exit with 2.
#[test]
fn argument_errors_escape_the_input_and_keep_tips_and_usage() {
    let flag = format!("--{}", "x".repeat(130_000));
    for (args, expected) in [
        (
            vec!["report", "--pawn-bound", "1\n2"],
            vec![r"'1\n2'", "--pawn-bound"],
        ),
        (
            vec!["show", "518", "--bogus\n\u{1b}[2J"],
            vec![r"'--bogus\n\u{1b}[2J'", "Usage:"],
        ),
        (
            vec!["show", "518", &flag],
            vec!["unexpected argument '--xxx", "…", "Usage:"],
        ),
        (
            vec!["shwo", "5"],
            vec![
                "unrecognized subcommand 'shwo'",
                "tip: a similar subcommand exists: 'show'",
                "Usage:",
            ],
        ),
        (
            vec!["show"],
            vec![
                "required arguments were not provided",
                "Usage: castle960 show",
            ],
        ),
        (
            vec!["show", "518", "--pawn-bound", "9"],
            vec!["9 is not in 1..=8"],
        ),
    ] {
        let out = binary().args(&args).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        let shown: String = args.join(" ").chars().take(30).collect();
        assert_eq!(out.status.code(), Some(2), "{shown:?}: {stderr}");
        assert!(stderr.starts_with("castle960: "), "{shown:?}: {stderr}");
        for e in expected {
            assert!(stderr.contains(e), "{shown:?}: {e:?} missing from {stderr}");
        }
        assert!(
            !stderr.chars().any(|c| c.is_control() && c != '\n'),
            "{shown:?}: {stderr:?}"
        );
        assert!(stderr.len() < 600, "{shown:?}: {} bytes", stderr.len());
        assert!(out.stdout.is_empty(), "{shown:?}");
    }
}

/// Standard output that fails: a full device is one line and exit 1, a reader that closes the
/// pipe early ends the command quietly with exit 0 (`castle960 show ... | head -1`), never a
/// panic; the report's files are written before its summary fails. The reader closes the pipe
/// while `show 0-959` still has nearly all of its work ahead: at pawn bound 1 its first line
/// comes after a fraction of a second rather than the 5 s of CPU the groups of SP 0 take over
/// every pawn structure, and the rest (about 3 s of CPU, and far more than a pipe's buffer of
/// output) is still to come; what is tested, the way out when the reader has gone, is the same.
#[test]
fn standard_output_failing_is_one_line_or_a_quiet_end() {
    let full = || {
        std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap()
    };
    for args in [
        vec!["show", "518"],
        vec!["show", "518", "--json"],
        vec!["show", "518", "--pgn"],
        vec!["completions", "bash"],
        vec!["man"],
        vec!["--help"],
    ] {
        let out = binary().args(&args).stdout(full()).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
        assert_eq!(
            stderr.trim_end(),
            "castle960: cannot write to standard output: No space left on device (os error 28)",
            "{args:?}"
        );
    }
    let dir = tempfile::tempdir().unwrap();
    let out = report_into(dir.path(), "1")
        .stdout(full())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(dir.path().join("gallery.html").exists());
    // The reader takes one line of JSON Lines and closes the pipe.
    for _ in 0..3 {
        let mut child = binary()
            .args(["show", "0-959", "--json", "--pawn-bound", "1"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut reader = std::io::BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        std::io::BufRead::read_line(&mut reader, &mut line).unwrap();
        assert!(line.starts_with("{\"schema\":"), "{line}");
        drop(reader);
        let out = child.wait_with_output().unwrap();
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            out.stderr.is_empty(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// `show --pgn` and `show --json` print the same bytes on every run and with any thread count
/// (Black's waiting moves used to follow a hash map's random order).
#[test]
fn show_pgn_and_json_are_deterministic() {
    for n in ["0", "9", "105", "518", "959"] {
        for format in ["--pgn", "--json"] {
            let mut outputs = Vec::new();
            for threads in ["1", "2", "1", "2", "2", "1"] {
                let out = binary()
                    .args(["show", n, format])
                    .env("RAYON_NUM_THREADS", threads)
                    .output()
                    .unwrap();
                assert!(out.status.success(), "show {n} {format}");
                outputs.push(out.stdout);
            }
            assert!(
                outputs.windows(2).all(|w| w[0] == w[1]),
                "show {n} {format} differs between runs"
            );
        }
    }
}
