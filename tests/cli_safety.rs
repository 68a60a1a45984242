//! The report's files are safe: interruptions leave nothing behind, bad paths are refused before
//! the long run, symbolic links and file modes are respected, and the three outputs never clash.
//! Every run writes its gallery beside its analysis document, never into the repository.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn binary() -> Command {
    Command::new(env!("CARGO_BIN_EXE_castle960"))
}

/// Where a run writes its gallery: `gallery.html` beside the analysis document.
fn gallery_beside(md: &Path) -> PathBuf {
    md.with_file_name("gallery.html")
}

/// `report` with these paths at pawn bound 1 (the quickest run).
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

fn quick_report(csv: &Path, md: &Path) -> Output {
    report_to(csv, md)
        .args(["--pawn-bound", "1"])
        .output()
        .unwrap()
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

/// The files of [`old_outputs`] still hold what they held, and no temporary file is left in `dir`.
fn assert_old_outputs_kept(dir: &Path, csv: &Path, md: &Path, context: &str) {
    assert_eq!(std::fs::read(csv).unwrap(), b"old report", "{context}");
    assert_eq!(std::fs::read(md).unwrap(), b"old analysis", "{context}");
    assert!(
        leftovers(dir).is_empty(),
        "{context} left {:?}",
        leftovers(dir)
    );
}

fn old_outputs(dir: &Path) -> (PathBuf, PathBuf) {
    let csv = dir.join("report.csv");
    let md = dir.join("analysis.md");
    std::fs::write(&csv, b"old report").unwrap();
    std::fs::write(&md, b"old analysis").unwrap();
    std::fs::write(gallery_beside(&md), b"old gallery").unwrap();
    (csv, md)
}

/// A full report (about 10 s) interrupted after `after`: exit 128 + signal, old files untouched,
/// no temporary file left.
fn interrupt(signal: &str, code: i32, after: Duration) {
    let dir = tempfile::tempdir().unwrap();
    let (csv, md) = old_outputs(dir.path());
    let mut child = report_to(&csv, &md)
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
    assert_eq!(std::fs::read(gallery_beside(&md)).unwrap(), b"old gallery");
    assert_old_outputs_kept(dir.path(), &csv, &md, &format!("{signal} after {after:?}"));
}

#[test]
fn an_interrupted_report_leaves_no_temporary_file() {
    interrupt("INT", 130, Duration::from_millis(500));
    interrupt("TERM", 143, Duration::from_millis(500));
    interrupt("INT", 130, Duration::from_secs(3));
    interrupt("TERM", 143, Duration::from_secs(3));
}

#[test]
fn leftovers_of_dead_processes_are_removed() {
    let dir = tempfile::tempdir().unwrap();
    let (csv, md) = old_outputs(dir.path());
    // A process id that does not run (Linux ids stay below 2^22).
    let dead = (4_194_305u32..).find(|p| !Path::new(&format!("/proc/{p}")).exists());
    let dead = dead.unwrap();
    let stale = [
        format!(".castle960-{dead}-0.tmp"),
        format!(".castle960-{dead}-1.bak"),
        ".castle960-Ab12Cd.tmp".to_string(), // as older versions named them
    ];
    for name in &stale {
        let file = std::fs::File::create(dir.path().join(name)).unwrap();
        file.set_modified(std::time::SystemTime::now() - Duration::from_secs(3600))
            .unwrap();
    }
    // A file of a process that runs (this test) is left alone.
    let alive = format!(".castle960-{}-0.tmp", std::process::id());
    std::fs::write(dir.path().join(&alive), b"").unwrap();
    let out = quick_report(&csv, &md);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(leftovers(dir.path()), vec![alive]);
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
        .args(["report", "--pawn-bound", "1", "--out"])
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
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
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
    let out = quick_report(&link, &dir.path().join("analysis.md"));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
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

/// `show` and clap's own usage errors keep bad input to one short line without control
/// characters: a newline, an escape sequence and a 131 KB argument.
#[test]
fn bad_input_is_quoted_escaped_and_cut_on_the_command_line() {
    let long = "x".repeat(130_000);
    let flag = format!("--{long}");
    for args in [
        vec!["show", "RNB\nQKBNR"],
        vec!["show", "RNB\u{1b}[2JQKBNR"],
        vec!["show", &long],
        vec!["show", "518", "--bogus\n\u{1b}[2J"],
        vec!["show", "518", &flag],
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
