//! Where the report's files go: two outputs naming one file are refused, however they are named;
//! a path that cannot be written is refused before the long run and advised by its flag; file
//! modes and symbolic links are respected; a file castle960 did not write is kept without
//! `--force`; `--out-dir` and the paths printed.

use super::*;

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
