//! `castle960 referee` and `castle960 suite` end to end: agreement with a real engine (exit 0),
//! an engine that leaves castling out (exit 1, each difference with the rule that decides it),
//! engines that cannot be used (exit 3) and usage errors (exit 2).

use crate::castle960;
use crate::common::{self, ForkingEngine};
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

/// The fake engine that leaves every castling move out.
const NO_CASTLING: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/uci/no_castling.py");

fn python_chess_installed() -> bool {
    std::process::Command::new("python3")
        .args(["-c", "import chess"])
        .status()
        .is_ok_and(|s| s.success())
}

#[test]
fn stockfish_agrees_on_random_positions_and_the_summary_says_so() {
    let Some(stockfish) = common::debian_program("stockfish") else {
        return;
    };
    let stockfish = stockfish.to_str().unwrap().to_string();
    let out = castle960(
        &["referee", "--positions", "3000", "--seed", "7", &stockfish],
        None,
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.starts_with("Referee: Stockfish"), "{text}");
    assert!(
        text.contains("on 3000 positions of random games (seed 7), perft 1: 3000 agree, 0 differ"),
        "{text}"
    );
}

#[test]
fn an_engine_that_leaves_castling_out_differs_with_the_rule_named() {
    if !python_chess_installed() {
        assert!(
            std::env::var_os("CI").is_none(),
            "python-chess is missing under CI"
        );
        eprintln!("skipped: python3 cannot import chess (pip install chess)");
        return;
    }
    let out = castle960(
        &[
            "referee",
            "--positions",
            "400",
            "--show",
            "2",
            "python3",
            NO_CASTLING,
        ],
        None,
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(
        text.lines()
            .any(|l| l.starts_with("  castle960: castling ") && !l.contains("castling none")),
        "{text}"
    );
    assert!(text.contains("engine:    castling none"), "{text}");
    assert!(
        text.contains("rule: White O-O") || text.contains("rule: Black O-O"),
        "{text}"
    );
    assert!(text.contains("is legal (SAN O-O"), "{text}");
    let summary = text.lines().last().unwrap();
    assert!(
        summary.contains("differ") && !summary.contains(" 0 differ"),
        "{summary}"
    );
}

/// An engine whose move list is wrong while its node total is right differs, with the rule its
/// list breaks: every move listed twice, a move that is no legal move added, a legal move left
/// out for an illegal one.
#[test]
fn an_engine_whose_move_list_is_wrong_differs_with_the_rule_named() {
    if !python_chess_installed() {
        assert!(
            std::env::var_os("CI").is_none(),
            "python-chess is missing under CI"
        );
        eprintln!("skipped: python3 cannot import chess (pip install chess)");
        return;
    }
    let fake = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/uci/bad_list.py");
    for (mode, rule) in [
        ("twice", "is listed 2 times"),
        ("extra", "a1a1 is no legal move here"),
        ("swap", "is missing"),
    ] {
        let args = [
            "referee",
            "--positions",
            "30",
            "--show",
            "1",
            "python3",
            fake,
            mode,
        ];
        let out = castle960(&args, None);
        let text = String::from_utf8(out.stdout).unwrap();
        assert_eq!(out.status.code(), Some(1), "{mode}: {text}");
        assert!(text.contains(" 0 agree, 30 differ"), "{mode}: {text}");
        assert!(
            text.lines()
                .any(|l| l.starts_with("  rule: ") && l.contains(rule)),
            "{mode}: {text}"
        );
    }
}

#[test]
fn engines_that_cannot_be_used_get_exit_3_and_one_line() {
    let fake = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/uci/fake_engine.sh");
    for (args, expected) in [
        (vec!["referee", "/nonexistent/engine"], "not found"),
        (
            vec!["referee", "--time-limit", "0.5", "sh", fake, "hang"],
            "0.5",
        ),
        (vec!["referee", "sh", fake, "crash"], "exited"),
        (vec!["referee", "sh", fake, "no960"], "UCI_Chess960"),
        (vec!["referee", "sh", fake, "garbage"], "bananas"),
    ] {
        let out = castle960(&args, None);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(3), "{args:?}: {stderr}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
    }
}

/// Every number `--time-limit` takes either works or is refused in one line with exit 2: a
/// limit too long for the clock (which overflowed the deadline, or the conversion to a
/// duration, with a panic) never runs out, and one below a millisecond (shown as "within 0s"
/// when it ran out) is refused.
#[test]
fn every_time_limit_works_or_is_refused_in_one_line() {
    let fake = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/uci/fake_engine.sh");
    for limit in [
        "1e19",
        "1e20",
        "1e300",
        "1.7976931348623157e308",
        "inf",
        "5",
    ] {
        let args = [
            "referee",
            "--positions",
            "2",
            "--time-limit",
            limit,
            "sh",
            fake,
            "king-destination",
        ];
        let out = castle960(&args, None);
        let stderr = String::from_utf8_lossy(&out.stderr);
        // The fake engine writes castling as the king's destination: exit 1, differences.
        assert_eq!(out.status.code(), Some(1), "{limit}: {stderr}");
        assert!(stderr.is_empty(), "{limit}: {stderr}");
    }
    for limit in ["1e-300", "0.0009", "0", "-1", "-inf", "nan"] {
        let out = castle960(
            &["referee", "--time-limit", limit, "sh", fake, "hang"],
            None,
        );
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{limit}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{limit}: {stderr}");
        assert!(
            stderr.contains("--time-limit") && stderr.contains("at least 0.001"),
            "{limit}: {stderr}"
        );
        assert!(stderr.len() < 120, "{limit}: {stderr}");
    }
}

#[test]
fn usage_errors_get_exit_2() {
    for args in [
        vec!["referee"],
        vec!["referee", "--time-limit", "0", "stockfish"],
        vec!["referee", "--suite", "/nonexistent/suite.epd", "stockfish"],
    ] {
        let out = castle960(&args, None);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// The suite keeps a file it did not write, and its advice names its own flags (`--out`,
/// `--force`), not the report's (`--out-dir`, `--analysis`, ...).
#[test]
fn suite_keeps_a_file_it_did_not_write() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mine.epd");
    std::fs::write(&path, "my own suite\n").unwrap();
    let out = castle960(&["suite", "--out", path.to_str().unwrap()], None);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "my own suite\n");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("castle960 did not write")
            && stderr.ends_with("give --force to replace it, or --out FILE to write elsewhere\n"),
        "{stderr}"
    );

    let out = castle960(&["suite", "--out", dir.path().to_str().unwrap()], None);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.ends_with("(give --out a writable path to a file)\n")
            && !stderr.contains("--gallery"),
        "{stderr}"
    );
}

/// The referee ends the engine's whole process group and reaps it on every way out: when done,
/// when the engine hangs, and when it crashes. The engine is started through a wrapper script
/// that does not `exec` it and leaves a child of its own running; none of the three processes
/// may remain. The crashing engine's child still holds its standard output, so the end of the
/// output never comes: the referee must see the engine exit, and say so with its status.
#[test]
fn the_engine_and_its_children_end_on_every_way_out() {
    for (mode, limit, code, expected) in [
        ("answer", "5", 1, "5 differ"),
        ("hang", "0.3", 3, "gave no answer within 0.3s"),
        ("crash", "3", 3, "exited (exit status: 3)"),
    ] {
        let engine = ForkingEngine::new();
        let mut args = vec!["referee", "--positions", "5", "--show", "0"];
        args.extend(["--time-limit", limit]);
        let command = engine.command(mode);
        args.extend(command.iter().map(String::as_str));
        let started = Instant::now();
        let out = castle960(&args, None);
        let text = String::from_utf8_lossy(&out.stdout) + String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{mode}: {text}");
        assert!(text.contains(expected), "{mode}: {text}");
        assert!(
            started.elapsed() < Duration::from_secs(3),
            "{mode}: took {:?}: {text}",
            started.elapsed()
        );
        assert_eq!(engine.recorded().len(), 3, "{mode}: {text}");
        assert_eq!(engine.remaining(), [] as [u32; 0], "{mode}: {text}");
    }
}

/// A child process killed when dropped, so that a failing test leaves no referee running.
struct Running(Option<Child>);

impl Drop for Running {
    fn drop(&mut self) {
        if let Some(child) = &mut self.0 {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// SIGINT, SIGTERM or SIGHUP to the referee: it ends the engine's whole process group, prints
/// the summary of the positions checked so far and exits with 128 plus the signal's number.
#[test]
fn a_signal_ends_the_engine_and_prints_the_summary_so_far() {
    for (signal, code) in [("INT", 130), ("TERM", 143), ("HUP", 129)] {
        let engine = ForkingEngine::new();
        let mut running = Running(Some(
            crate::command()
                .args(["referee", "--positions", "100000000", "--show", "0"])
                .args(engine.command("answer"))
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap(),
        ));
        let child = running.0.as_mut().unwrap();
        let waiting = Instant::now();
        while !engine.ready() {
            assert!(waiting.elapsed() < Duration::from_secs(10), "no handshake");
            std::thread::sleep(Duration::from_millis(10));
        }
        std::thread::sleep(Duration::from_millis(300));
        let sent = std::process::Command::new("kill")
            .args([format!("-{signal}"), child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
        let out = running.0.take().unwrap().wait_with_output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(
            out.status.code(),
            Some(code),
            "SIG{signal}: {stdout}{stderr}"
        );
        assert!(stderr.is_empty(), "SIG{signal}: {stderr}");
        let summary = stdout.lines().last().unwrap_or_default();
        assert!(
            summary.starts_with("Referee: forking fake (sh ")
                && summary.contains(&format!("; interrupted by SIG{signal} after "))
                && summary.ends_with(" of 100000000 positions"),
            "SIG{signal}: {stdout}"
        );
        assert_eq!(engine.recorded().len(), 3, "SIG{signal}");
        assert_eq!(engine.remaining(), [] as [u32; 0], "SIG{signal}");
    }
}
