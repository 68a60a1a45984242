//! The report's files are safe: interruptions leave nothing behind, bad paths are refused before
//! the long run, symbolic links and file modes are respected, the four outputs never clash, a
//! file castle960 did not write is kept, concurrent runs never mix their files or remove each
//! other's, and standard output failing is one line, not a panic. Every run writes its gallery
//! beside its analysis document, never into the repository.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::command as binary;

/// Where a run writes its gallery: `gallery.html` beside the analysis document.
fn gallery_beside(md: &Path) -> PathBuf {
    md.with_file_name("gallery.html")
}

/// `report` writing the CSV to `csv`, the analysis to `md` and the gallery beside it.
fn report_to(csv: &Path, md: &Path) -> Command {
    let mut command = binary();
    command
        .args(["report", "--out"])
        .arg(csv)
        .arg("--analysis")
        .arg(md)
        .arg("--gallery")
        .arg(gallery_beside(md));
    command
}

/// The options of the quickest run: pawn bound 1 under Chess960's rule alone. These tests
/// check how the outputs are written, not what the analysis finds, and a run stages, locks and
/// commits its four files by the same code whatever it analyses.
const QUICK: [&str; 4] = ["--pawn-bound", "1", "--rule", "chess960"];

/// [`report_to`] as the quickest run ([`QUICK`]), run to its end.
fn quick_report(csv: &Path, md: &Path) -> Output {
    report_to(csv, md).args(QUICK).output().unwrap()
}

/// `report` at pawn bound `bound` under Chess960's rule alone (see [`QUICK`]) writing its four
/// files into `dir` (`--out-dir`).
fn report_into(dir: &Path, bound: &str) -> Command {
    let mut command = binary();
    command
        .args([
            "report",
            "--rule",
            "chess960",
            "--pawn-bound",
            bound,
            "--out-dir",
        ])
        .arg(dir);
    command
}

/// The run ended with exit 0; else its standard error is shown.
fn assert_success(out: &Output) {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn leftovers(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".castle960-"))
        .collect()
}

/// Exit 2 with one line on stderr containing `expected`, and no panic.
fn assert_refused(out: &Output, expected: &str) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(stderr.contains(expected), "{stderr}");
    assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
}

/// What [`old_outputs`] writes: files that start as castle960's own outputs do (the CSV's
/// header, the mark line), so that a run may replace them.
const OLD_CSV: &[u8] = b"sp,arrangement,fen,old report\n";
const OLD_MD: &[u8] = b"<!-- Written by castle960 report, earlier -->\nold analysis\n";
const OLD_HTML: &[u8] = b"<!-- Written by castle960 report, earlier -->\nold gallery\n";

/// The files of [`old_outputs`] still hold what they held, and no temporary file is left in `dir`.
fn assert_old_outputs_kept(dir: &Path, csv: &Path, md: &Path, context: &str) {
    assert_eq!(std::fs::read(csv).unwrap(), OLD_CSV, "{context}");
    assert_eq!(std::fs::read(md).unwrap(), OLD_MD, "{context}");
    assert_eq!(
        std::fs::read(gallery_beside(md)).unwrap(),
        OLD_HTML,
        "{context}"
    );
    assert!(
        leftovers(dir).is_empty(),
        "{context} left {:?}",
        leftovers(dir)
    );
}

/// Earlier outputs of castle960 (as far as their first bytes tell) in `dir`: the CSV, the
/// analysis and the gallery beside it.
fn old_outputs(dir: &Path) -> (PathBuf, PathBuf) {
    let csv = dir.join("report.csv");
    let md = dir.join("analysis.md");
    std::fs::write(&csv, OLD_CSV).unwrap();
    std::fs::write(&md, OLD_MD).unwrap();
    std::fs::write(gallery_beside(&md), OLD_HTML).unwrap();
    (csv, md)
}

/// A full report (about 10 s on two threads) interrupted after `after`, on `threads` worker
/// threads (`None`: the default): exit 128 + signal, old files untouched, no temporary file
/// left.
fn interrupt(signal: &str, code: i32, after: Duration, threads: Option<&str>) {
    let dir = tempfile::tempdir().unwrap();
    let (csv, md) = old_outputs(dir.path());
    let mut command = report_to(&csv, &md);
    if let Some(n) = threads {
        command.env("RAYON_NUM_THREADS", n);
    }
    let mut child = command
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(after);
    let sent = Command::new("kill")
        .args([format!("-{signal}"), child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(code), "{signal} after {after:?}");
    assert_old_outputs_kept(dir.path(), &csv, &md, &format!("{signal} after {after:?}"));
}

/// Each signal early, with every worker thread busy, and again later in the analysis. The later
/// runs work on one thread: the signal is handled the same way (on a thread of its own, which
/// ends the run however many workers it has), and the work the test throws away is halved, 6 s
/// of the CPU the test command shares.
#[test]
fn an_interrupted_report_leaves_no_temporary_file() {
    interrupt("INT", 130, Duration::from_millis(500), None);
    interrupt("TERM", 143, Duration::from_millis(500), None);
    interrupt("INT", 130, Duration::from_secs(3), Some("1"));
    interrupt("TERM", 143, Duration::from_secs(3), Some("1"));
    interrupt("HUP", 129, Duration::from_millis(500), None);
}

/// A name of the form of castle960's temporary files (`.castle960-` + 12 letters or digits).
fn temp_name(random: &str) -> String {
    assert_eq!(random.len(), 12);
    format!(".castle960-{random}.tmp")
}

/// The first line of a commit record, as castle960 writes it (README, "Outputs, written
/// safely").
const RECORD_MARKER: &str = "castle960 commit record: a later castle960 run into this directory \
                             removes the files listed below, and this record, once the run that \
                             wrote it has ended\n";

/// Leftovers of ended runs go: the temporary files of a run killed with SIGKILL (marked as
/// castle960's inside), and a backup listed in the commit record of a run killed between its
/// renames, with the record. A temporary file whose run still holds its lock stays, whatever
/// process ids say (none is in the names). Files a user made under castle960's very names stay
/// too, and the run says so in one line; other names are not looked at.
#[test]
fn leftovers_of_ended_runs_are_removed_and_nothing_else() {
    let dir = tempfile::tempdir().unwrap();
    let (csv, md) = old_outputs(dir.path());
    // A run killed during its analysis leaves its four temporary files.
    let mut killed = report_to(&csv, &md)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1000));
    killed.kill().unwrap();
    killed.wait().unwrap();
    assert_eq!(
        leftovers(dir.path()).len(),
        4,
        "{:?}",
        leftovers(dir.path())
    );
    // A run killed between its renames leaves a backup, listed in its commit record.
    let backup = ".castle960-DeadRun00002.bak";
    std::fs::write(dir.path().join(backup), OLD_CSV).unwrap();
    std::fs::write(
        dir.path().join(".castle960-DeadRun00003.log"),
        format!(
            "{RECORD_MARKER}tmp {}\nbak {backup}\n",
            temp_name("DeadRun00001")
        ),
    )
    .unwrap();
    // A run still going on: this test holds the lock of its temporary file.
    let alive = temp_name("LiveRun00001");
    let held = std::fs::File::create(dir.path().join(&alive)).unwrap();
    rustix::fs::flock(&held, rustix::fs::FlockOperation::LockExclusive).unwrap();
    let users = [
        temp_name("UserFile0001"),
        ".castle960-UserFile0002.bak".to_string(),
        ".castle960-notes.tmp".to_string(),
        ".castle960-4242-0.tmp".to_string(),
        "castle960-DeadRun00003.tmp".to_string(),
    ];
    for name in &users {
        std::fs::write(dir.path().join(name), b"mine").unwrap();
    }
    let out = quick_report(&csv, &md);
    assert_success(&out);
    let mut expected: Vec<String> = users.to_vec();
    expected.push(alive);
    expected.retain(|n| n.starts_with(".castle960-"));
    let mut found = leftovers(dir.path());
    expected.sort();
    found.sort();
    assert_eq!(found, expected);
    for name in &users {
        assert_eq!(std::fs::read(dir.path().join(name)).unwrap(), b"mine");
    }
    let stderr = String::from_utf8_lossy(&out.stderr);
    let dir_name = dir.path().display().to_string();
    assert_eq!(
        stderr,
        format!(
            "castle960: kept \".castle960-UserFile0001.tmp\" and \".castle960-UserFile0002.bak\" \
             in \"{dir_name}\": named like castle960's temporary files, but nothing proves \
             castle960 left them (remove them if it did)\n"
        )
    );
    drop(held);
}

/// A run in another PID namespace (where the first run's process id does not exist) leaves the
/// first run's temporary files alone: both runs succeed and write whole sets. Needs `unshare`
/// with the right to make namespaces (root in CI); skipped with a message otherwise.
#[test]
fn a_run_in_another_pid_namespace_leaves_a_live_runs_files_alone() {
    let permitted = Command::new("unshare")
        .args(["--pid", "--fork", "--mount-proc", "true"])
        .status()
        .is_ok_and(|s| s.success());
    if !permitted {
        eprintln!("unshare --pid is not permitted here: the PID-namespace case is not tested");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let (csv, md) = old_outputs(dir.path());
    // The first run takes a few seconds (three files of pawn moves); the second, quick one
    // starts while the first is under way and sweeps the same directory.
    let mut first = report_to(&csv, &md)
        .args(["--pawn-bound", "3", "--rule", "chess960", "--quiet"])
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(500));
    let other = dir.path().join("other");
    std::fs::create_dir(&other).unwrap();
    let second = Command::new("unshare")
        .args(["--pid", "--fork", "--mount-proc"])
        .arg(env!("CARGO_BIN_EXE_castle960"))
        .arg("report")
        .args(QUICK)
        .args(["--quiet", "--out"])
        .arg(other.join("r.csv"))
        .arg("--analysis")
        .arg(other.join("a.md"))
        .arg("--gallery")
        // The gallery goes into the first run's directory, so that this run sweeps it.
        .arg(dir.path().join("second.html"))
        .output()
        .unwrap();
    assert!(
        second.status.success(),
        "{}",
        String::from_utf8_lossy(&second.stderr)
    );
    // Otherwise the second run swept files of a run that had ended, and this proves nothing.
    assert!(
        first.try_wait().unwrap().is_none(),
        "the first run ended before the second one did: give the first run more work"
    );
    let first = first.wait_with_output().unwrap();
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    assert!(
        std::fs::read(&csv)
            .unwrap()
            .starts_with(b"sp,arrangement,fen,a_rule")
    );
    assert!(
        leftovers(dir.path()).is_empty(),
        "{:?}",
        leftovers(dir.path())
    );
}

#[test]
fn the_same_file_for_both_outputs_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let same = dir.path().join("both.csv");
    assert_refused(&quick_report(&same, &same), "same file");
    // A relative and an absolute spelling.
    let out = binary()
        .current_dir(dir.path())
        .args([
            "report",
            "--pawn-bound",
            "1",
            "--out",
            "both.csv",
            "--gallery",
            "g.html",
            "--analysis",
        ])
        .arg(&same)
        .output()
        .unwrap();
    assert_refused(&out, "same file");
    std::fs::create_dir(dir.path().join("x")).unwrap();
    let out = binary()
        .current_dir(dir.path())
        .args(["report", "--pawn-bound", "1", "--out", "./x/../both.csv"])
        .args(["--analysis", "both.csv", "--gallery", "g.html"])
        .output()
        .unwrap();
    assert_refused(&out, "same file");
    // A symbolic link to the other one, existing or not yet.
    let link = dir.path().join("link.md");
    std::os::unix::fs::symlink(&same, &link).unwrap();
    assert_refused(&quick_report(&same, &link), "same file");
    std::fs::write(&same, b"old").unwrap();
    assert_refused(&quick_report(&link, &same), "same file");
    // A hard link.
    let hard = dir.path().join("hard.md");
    std::fs::hard_link(&same, &hard).unwrap();
    assert_refused(&quick_report(&same, &hard), "same file");
    assert_eq!(std::fs::read(&same).unwrap(), b"old");
    assert!(leftovers(dir.path()).is_empty());
}

/// `--gallery` naming the same file as `--out` or `--analysis`, directly or through a link,
/// is refused like the CSV and the analysis on one file.
#[test]
fn the_gallery_on_another_output_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (csv, md) = old_outputs(dir.path());
    let link = dir.path().join("link.html");
    std::os::unix::fs::symlink(&md, &link).unwrap();
    for (other, gallery) in [("--out", &csv), ("--analysis", &md), ("--analysis", &link)] {
        let out = binary()
            .args(["report", "--pawn-bound", "1", "--out"])
            .arg(&csv)
            .arg("--analysis")
            .arg(&md)
            .arg("--gallery")
            .arg(gallery)
            .output()
            .unwrap();
        assert_refused(&out, "same file");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("--gallery"), "{other}: {stderr}");
    }
    assert_old_outputs_kept(dir.path(), &csv, &md, "same file");
}

/// Runs `report` through `sh` with this umask.
fn report_with_umask(umask: &str, csv: &Path, md: &Path) -> Output {
    Command::new("sh")
        .args(["-c", &format!("umask {umask} && exec \"$0\" \"$@\"")])
        .arg(env!("CARGO_BIN_EXE_castle960"))
        .arg("report")
        .args(QUICK)
        .args(["--force", "--out"])
        .arg(csv)
        .arg("--analysis")
        .arg(md)
        .arg("--gallery")
        .arg(gallery_beside(md))
        .output()
        .unwrap()
}

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path).unwrap().permissions().mode() & 0o7777
}

#[test]
fn reports_keep_the_existing_mode_or_follow_the_umask() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("report.csv");
    let md = dir.path().join("analysis.md");
    std::fs::write(&csv, b"old").unwrap();
    std::fs::set_permissions(&csv, std::fs::Permissions::from_mode(0o640)).unwrap();
    let out = report_with_umask("002", &csv, &md);
    assert_success(&out);
    assert_eq!(mode(&csv), 0o640, "an existing file keeps its mode");
    assert_eq!(mode(&md), 0o664, "a new file gets 0666 less the umask");
}

#[test]
fn an_output_through_a_symbolic_link_replaces_its_target() {
    let dir = tempfile::tempdir().unwrap();
    let elsewhere = dir.path().join("elsewhere");
    std::fs::create_dir(&elsewhere).unwrap();
    let target = elsewhere.join("real.csv");
    std::fs::write(&target, b"old").unwrap();
    let link = dir.path().join("report.csv");
    std::os::unix::fs::symlink("elsewhere/real.csv", &link).unwrap();
    let out = report_to(&link, &dir.path().join("analysis.md"))
        .args(QUICK)
        .arg("--force")
        .output()
        .unwrap();
    assert_success(&out);
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink(),
        "the link stays a link"
    );
    assert!(std::fs::read(&target).unwrap().starts_with(b"sp,"));
    assert!(leftovers(&elsewhere).is_empty() && leftovers(dir.path()).is_empty());
}

/// A `report` over every pawn structure (about 10 s) that must be refused at once.
fn assert_refused_before_the_run(csv: &Path, md: &Path, expected: &str) {
    let start = Instant::now();
    let out = report_to(csv, md).output().unwrap();
    assert_refused(&out, expected);
    assert!(
        start.elapsed() < Duration::from_secs(3),
        "{csv:?}: refused only after {:?}",
        start.elapsed()
    );
}

#[test]
fn unwritable_paths_are_refused_before_the_run() {
    let dir = tempfile::tempdir().unwrap();
    let (csv, md) = old_outputs(dir.path());
    // A trailing slash on a directory that does not exist.
    let slash = format!("{}/", dir.path().join("missing").display());
    assert_refused_before_the_run(Path::new(&slash), &md, "cannot end with '/'");
    let too_long = dir.path().join("x".repeat(300));
    assert_refused_before_the_run(&too_long, &md, "too long");
    assert_refused_before_the_run(&dir.path().join("no/such/dir/r.csv"), &md, "directory");
    // An immutable file, where the file system and our privileges allow setting the flag.
    let immutable = Command::new("chattr")
        .arg("+i")
        .arg(&md)
        .status()
        .is_ok_and(|s| s.success());
    if immutable {
        assert_refused_before_the_run(&csv, &md, "immutable");
        let _ = Command::new("chattr").arg("-i").arg(&md).status();
    } else {
        eprintln!("chattr +i is not available here: the immutable case is not tested");
    }
    assert_old_outputs_kept(dir.path(), &csv, &md, "unwritable paths");
}

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

/// A file castle960 did not write is kept (the issue's case: the user's own `analysis.md` in
/// the working directory of a bare `castle960`), refused before the long run; `--force`
/// replaces it; castle960's own outputs, recognised by the CSV's header and the mark line, are
/// replaced without `--force`.
#[test]
fn a_file_castle960_did_not_write_is_kept_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let notes = dir.path().join("analysis.md");
    std::fs::write(&notes, b"# My own analysis\n").unwrap();
    let start = Instant::now();
    let out = binary().current_dir(dir.path()).output().unwrap();
    assert_refused(&out, "castle960 did not write");
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .ends_with("give --force to replace it, or --out-dir DIR to write elsewhere\n")
    );
    assert!(
        start.elapsed() < Duration::from_secs(3),
        "refused only after {:?}",
        start.elapsed()
    );
    assert_eq!(std::fs::read(&notes).unwrap(), b"# My own analysis\n");
    assert!(leftovers(dir.path()).is_empty() && leftovers(&dir.path().join("output")).is_empty());

    let quick: Vec<&str> = ["report"]
        .into_iter()
        .chain(QUICK)
        .chain(["--quiet"])
        .collect();
    let out = binary()
        .current_dir(dir.path())
        .args(&quick)
        .arg("--force")
        .output()
        .unwrap();
    assert_success(&out);
    let written = std::fs::read(&notes).unwrap();
    assert!(written.starts_with(b"<!-- Written by castle960 report"));
    // A second run recognises all four files as its own.
    let csv = dir.path().join("output/chess960_castling.csv");
    std::fs::write(&csv, OLD_CSV).unwrap();
    let out = binary()
        .current_dir(dir.path())
        .args(&quick)
        .output()
        .unwrap();
    assert_success(&out);
    assert_eq!(std::fs::read(&notes).unwrap(), written);
    assert!(
        std::fs::read(&csv)
            .unwrap()
            .starts_with(b"sp,arrangement,fen,a_rule_castle")
    );
    // Any file without the mark is kept, the gallery too.
    let gallery = dir.path().join("output/gallery.html");
    std::fs::write(&gallery, b"<!DOCTYPE html>my page").unwrap();
    let out = binary()
        .current_dir(dir.path())
        .args(&quick)
        .output()
        .unwrap();
    assert_refused(&out, "gallery.html");
    assert_eq!(std::fs::read(&gallery).unwrap(), b"<!DOCTYPE html>my page");
    // And the rules report: a CSV of the user's own at its path is kept.
    std::fs::remove_file(&gallery).unwrap();
    let rules = dir.path().join("output/chess960_castling_rules.csv");
    std::fs::write(&rules, b"rule,notes\nfree,mine\n").unwrap();
    let out = binary()
        .current_dir(dir.path())
        .args(&quick)
        .output()
        .unwrap();
    assert_refused(&out, "chess960_castling_rules.csv");
    assert_eq!(std::fs::read(&rules).unwrap(), b"rule,notes\nfree,mine\n");
}

/// A directory made to refuse new files for as long as it lives, even to root: immutable
/// (`chattr +i`) where the file system and the test's privileges allow, else mode 0555, which
/// binds everyone but root. Restored when dropped, so that a failing test can still remove it.
struct ReadOnly<'a>(&'a Path);

impl<'a> ReadOnly<'a> {
    /// `None` when `dir` still takes a new file (root, without `chattr`).
    fn new(dir: &'a Path) -> Option<ReadOnly<'a>> {
        let immutable = Command::new("chattr")
            .arg("+i")
            .arg(dir)
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if !immutable {
            std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o555)).unwrap();
        }
        let guard = ReadOnly(dir);
        let probe = dir.join("probe");
        if std::fs::write(&probe, b"").is_ok() {
            let _ = std::fs::remove_file(&probe);
            return None;
        }
        Some(guard)
    }
}

impl Drop for ReadOnly<'_> {
    fn drop(&mut self) {
        let _ = Command::new("chattr")
            .arg("-i")
            .arg(self.0)
            .stderr(Stdio::null())
            .status();
        let _ = std::fs::set_permissions(self.0, std::fs::Permissions::from_mode(0o755));
    }
}

/// An output that cannot be written gets advice naming the flag that was given for it:
/// `--out-dir` when the report goes into a directory, the single file's flag otherwise, never a
/// list of flags the user did not use.
#[test]
fn an_unwritable_output_is_advised_by_the_flag_given() {
    let dir = tempfile::tempdir().unwrap();
    let locked = dir.path().join("locked");
    std::fs::create_dir(&locked).unwrap();
    let Some(_read_only) = ReadOnly::new(&locked) else {
        eprintln!("no way to make a directory read-only here: the case is not tested");
        return;
    };
    let out = report_into(&locked, "1").arg("-q").output().unwrap();
    assert_refused(&out, "(give --out-dir a writable directory)");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("--analysis"), "{stderr}");

    let writable = dir.path().join("a.md");
    let out = report_to(&locked.join("r.csv"), &writable)
        .args(QUICK)
        .arg("-q")
        .output()
        .unwrap();
    assert_refused(&out, "(give --out a writable path to a file of its own)");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        !stderr.contains("--analysis") && !stderr.contains("--out-dir"),
        "{stderr}"
    );
    assert!(leftovers(dir.path()).is_empty());
}

/// `--out-dir` writes the four files into one directory, creating it, and cannot be combined
/// with the options naming single files.
#[test]
fn out_dir_writes_the_four_files_into_a_new_directory() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("a/b");
    let out = report_into(&target, "1").output().unwrap();
    assert_success(&out);
    let mut names: Vec<String> = std::fs::read_dir(&target)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "analysis.md",
            "chess960_castling.csv",
            "chess960_castling_rules.csv",
            "gallery.html"
        ]
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("Gallery written to \"") && stdout.contains("a/b/gallery.html\""),
        "{stdout}"
    );
    for other in ["--out", "--analysis", "--gallery", "--rules-out"] {
        let out = report_into(&target, "1")
            .args([other, "x"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{other}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("cannot be used with"));
    }
}

/// "... written to" quotes the path with control characters escaped, and `--quiet` prints
/// nothing at all.
#[test]
fn written_paths_are_quoted_and_quiet_prints_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("out\u{1b}[2J\nx");
    let out = report_into(&target, "1").output().unwrap();
    assert_success(&out);
    let stdout = String::from_utf8(out.stdout).unwrap();
    let written: Vec<&str> = stdout
        .lines()
        .filter(|l| l.contains(" written to "))
        .collect();
    assert_eq!(written.len(), 4, "{stdout}");
    for line in written {
        assert!(line.contains(r"out\u{1b}[2J\nx/"), "{line:?}");
        assert!(!line.chars().any(char::is_control), "{line:?}");
    }
    let out = report_into(&target, "1").arg("--quiet").output().unwrap();
    assert_success(&out);
    assert!(out.stdout.is_empty() && out.stderr.is_empty());
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

/// Two reports at once into the same four paths, with different contents (pawn bounds 1 and
/// 2): whichever commits last, the four files come from one run, never a mix, and no
/// temporary file is left.
#[test]
fn concurrent_runs_never_leave_a_mixed_set() {
    let dir = tempfile::tempdir().unwrap();
    let alone = |bound: &str| {
        let own = dir.path().join(format!("alone{bound}"));
        let out = report_into(&own, bound).arg("--quiet").output().unwrap();
        assert_success(&out);
        [
            "chess960_castling.csv",
            "analysis.md",
            "gallery.html",
            "chess960_castling_rules.csv",
        ]
        .map(|name| std::fs::read(own.join(name)).unwrap())
    };
    let sets = [alone("1"), alone("2")];
    // Each of the four files differs between the two runs, so that any mix shows.
    for (one, two) in sets[0].iter().zip(&sets[1]) {
        assert!(one != two);
    }
    let shared = dir.path().join("shared");
    for round in 0..2 {
        let runs: Vec<_> = ["1", "2"]
            .iter()
            .map(|bound| {
                report_into(&shared, bound)
                    .arg("--quiet")
                    .stderr(Stdio::piped())
                    .spawn()
                    .unwrap()
            })
            .collect();
        for run in runs {
            let out = run.wait_with_output().unwrap();
            assert!(
                out.status.success(),
                "round {round}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        let found = [
            "chess960_castling.csv",
            "analysis.md",
            "gallery.html",
            "chess960_castling_rules.csv",
        ]
        .map(|name| std::fs::read(shared.join(name)).unwrap());
        assert!(sets.contains(&found), "round {round}: a mixed set");
        assert!(leftovers(&shared).is_empty(), "{:?}", leftovers(&shared));
    }
}

/// `--out` and `--analysis` naming one new file through two paths are refused: a bind mount of
/// the directory (in a private mount namespace; needs the right to mount, root in CI, skipped
/// with a message otherwise) and a symbolic link to the directory.
#[test]
fn one_file_through_a_bind_mount_or_linked_directory_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (real, alias) = (dir.path().join("real"), dir.path().join("alias"));
    std::fs::create_dir(&real).unwrap();
    std::fs::create_dir(&alias).unwrap();
    let linked = dir.path().join("linked");
    std::os::unix::fs::symlink(&real, &linked).unwrap();
    let args = |other: &Path| {
        let mut args: Vec<std::ffi::OsString> = ["report", "--pawn-bound", "1", "--out"]
            .iter()
            .map(Into::into)
            .collect();
        args.push(real.join("new.csv").into());
        args.push("--analysis".into());
        args.push(other.join("new.csv").into());
        args.push("--gallery".into());
        args.push(real.join("g.html").into());
        args
    };
    let out = binary().args(args(&linked)).output().unwrap();
    assert_refused(&out, "same file");
    let mounted = Command::new("unshare")
        .args(["--mount", "sh", "-c", "mount --bind \"$0\" \"$1\""])
        .arg(&real)
        .arg(&alias)
        .status()
        .is_ok_and(|s| s.success());
    if mounted {
        let out = Command::new("unshare")
            .args([
                "--mount",
                "sh",
                "-c",
                "mount --bind \"$1\" \"$2\" && shift 2 && exec \"$@\"",
                "sh",
            ])
            .arg(&real)
            .arg(&alias)
            .arg(env!("CARGO_BIN_EXE_castle960"))
            .args(args(&alias))
            .output()
            .unwrap();
        assert_refused(&out, "same file");
    } else {
        eprintln!("mount --bind is not permitted here: the bind-mount case is not tested");
    }
    assert!(
        std::fs::read_dir(&real).unwrap().next().is_none(),
        "nothing written"
    );
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
