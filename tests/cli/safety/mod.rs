//! The report's files are safe: interruptions leave nothing behind, bad paths are refused before
//! the long run, symbolic links and file modes are respected, the four outputs never clash, a
//! file castle960 did not write is kept, concurrent runs never mix their files or remove each
//! other's, and standard output failing is one line, not a panic. Every run writes its gallery
//! beside its analysis document, never into the repository.
//!
//! The helpers every file shares are here; the tests are in `runs.rs` (runs that end early or
//! overlap), `paths.rs` (where the files go) and `input.rs` (bad and endless input, output failing).

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

mod input;
mod paths;
mod runs;
