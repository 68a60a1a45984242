//! The binary end to end: the report it writes, `show`, and what bad input gets.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::{Command, Output};

const COMMITTED_REPORT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/output/chess960_castling.csv");

fn castle960(args: &[&str], threads: Option<&str>) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_castle960"));
    command.args(args);
    if let Some(n) = threads {
        command.env("RAYON_NUM_THREADS", n);
    }
    command.output().expect("the binary runs")
}

fn report_into(dir: &Path, name: &str, threads: Option<&str>) -> Vec<u8> {
    let path = dir.join(name);
    let out = castle960(&["report", "--out", path.to_str().unwrap()], threads);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::read(path).unwrap()
}

#[test]
fn report_equals_the_committed_file_and_ignores_thread_count() {
    let dir = tempfile::tempdir().unwrap();
    let default = report_into(dir.path(), "default.csv", None);
    let single = report_into(dir.path(), "single.csv", Some("1"));
    assert!(default == single, "the report depends on the thread count");
    let committed =
        std::fs::read(COMMITTED_REPORT).expect("output/chess960_castling.csv is committed");
    assert!(
        default == committed,
        "output/chess960_castling.csv is stale: run `cargo run --release` and commit it"
    );
}

#[test]
fn report_prints_the_summary() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("r.csv");
    let out = castle960(&["report", "--out", path.to_str().unwrap()], None);
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.contains(
            "Arrangements the rule says require castling (right true on a side): 599 of 960"
        ),
        "{stdout}"
    );
    assert!(stdout.contains("-7 bishop pair"), "{stdout}");
}

#[test]
fn show_by_number_back_rank_and_fen_agree() {
    let by_sp = castle960(&["show", "518"], None);
    assert!(by_sp.status.success());
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1";
    for other in ["RNBQKBNR", fen] {
        let out = castle960(&["show", other], None);
        assert!(out.status.success());
        assert_eq!(
            out.stdout, by_sp.stdout,
            "show {other} differs from show 518"
        );
    }
    let text = String::from_utf8(by_sp.stdout).unwrap();
    assert!(text.contains("SP 518  RNBQKBNR"));
    assert!(text.contains("♖ ♘ ♗ ♕ ♔ ♗ ♘ ♖"));
    assert!(text.contains("king e1 -> c1, rook a1 -> d1"));
    assert!(text.contains("Black is absent"));
    let ascii = String::from_utf8(castle960(&["show", "518", "--ascii"], None).stdout).unwrap();
    assert!(ascii.contains("R N B Q K B N R"));
}

#[test]
fn show_json_is_parseable_and_carries_the_rule() {
    let out = castle960(&["show", "0", "--json"], None);
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["sp"], 0);
    assert_eq!(json["arrangement"], "BBQNNRKR");
    assert_eq!(json["sides"][0]["side"], "a");
    assert_eq!(json["sides"][0]["rule"]["have"], -2);
    assert_eq!(json["sides"][0]["rule"]["need"], -3);
    assert_eq!(json["sides"][1]["rule"]["right"], true);
}

fn assert_rejected(args: &[&str], expected: &str) {
    let out = castle960(args, None);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(!stderr.contains("panicked"), "{args:?} panicked: {stderr}");
    assert!(stderr.contains(expected), "{args:?}: {stderr}");
    assert_eq!(
        stderr.trim_end().lines().count(),
        1,
        "{args:?}: one line expected: {stderr}"
    );
}

#[test]
fn bad_input_exits_2_with_one_line() {
    assert_rejected(&["show", "960"], "0 to 959");
    assert_rejected(&["show", "-3"], "0 to 959");
    assert_rejected(&["show", "RNBQKBNX"], "not a piece letter");
    assert_rejected(&["show", "RNBKBQNR"], "dark squares");
    assert_rejected(&["show", "KRBQRBNN"], "between the rooks");
    assert_rejected(&["show", "RNBQQBNR"], "exactly one K");
    assert_rejected(&["show", "rnbqkbnr/pppppppp/8/8 w"], "malformed FEN");
    assert_rejected(
        &[
            "show",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w HAha - 0 1",
        ],
        "not a Chess960 start position",
    );
}

#[test]
fn unwritable_output_leaves_existing_files_alone() {
    let dir = tempfile::tempdir().unwrap();
    // A path inside a directory that does not exist.
    let missing = dir.path().join("no/such/dir/report.csv");
    assert_rejected(
        &["report", "--out", missing.to_str().unwrap()],
        "cannot write the report",
    );
    // A directory in place of a file.
    assert_rejected(
        &["report", "--out", dir.path().to_str().unwrap()],
        "cannot write the report",
    );
    // A directory where nothing can be created, even by root.
    if Path::new("/proc/self").exists() {
        assert_rejected(&["report", "--out", "/proc/castle960.csv"], "cannot write the report");
    }
    // An existing report in a read-only directory stays as it was and gains no temporary file.
    let ro = dir.path().join("ro");
    std::fs::create_dir(&ro).unwrap();
    let existing = ro.join("report.csv");
    std::fs::write(&existing, b"old contents").unwrap();
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o555)).unwrap();
    let writable_anyway = tempfile::tempfile_in(&ro).is_ok(); // root ignores permissions
    if !writable_anyway {
        assert_rejected(
            &["report", "--out", existing.to_str().unwrap()],
            "cannot write the report",
        );
    }
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o755)).unwrap();
    assert_eq!(std::fs::read(&existing).unwrap(), b"old contents");
    let entries: Vec<_> = std::fs::read_dir(&ro).unwrap().collect();
    assert_eq!(entries.len(), 1, "no temporary file is left behind");
}

#[test]
fn bad_input_never_touches_an_existing_report() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("report.csv");
    std::fs::write(&path, b"previous report").unwrap();
    let out = castle960(&["show", "1000"], None);
    assert_eq!(out.status.code(), Some(2));
    let out = castle960(
        &["report", "--out", path.to_str().unwrap(), "--bogus"],
        None,
    );
    assert_eq!(out.status.code(), Some(2), "unknown flags are usage errors");
    assert_eq!(std::fs::read(&path).unwrap(), b"previous report");
}
