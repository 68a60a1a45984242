//! Runs that end early or overlap: an interrupted report leaves no temporary file, the leftovers
//! of ended runs are removed (and nothing else, not even a live run's files in another PID
//! namespace), and concurrent runs never leave a mixed set of files.

use super::*;
use rustix::fs::{FlockOperation, flock};
use rustix::process::{Pid, Signal, WaitOptions, kill_process, waitpid};

/// When [`interrupt`] signals its run.
#[derive(Debug)]
enum When {
    /// After this long: early, with every worker thread busy.
    After(Duration),
    /// As soon as the run has staged its four temporary files (polled for), so that the files
    /// certainly exist when the signal comes.
    Staged,
}

/// A full report (about 10 s on two threads) interrupted `when` said, on `threads` worker
/// threads (`None`: the default): exit 128 + signal, old files untouched, no temporary file
/// left.
fn interrupt(signal: &str, code: i32, when: When, threads: Option<&str>) {
    let dir = tempfile::tempdir().unwrap();
    let (csv, md) = old_outputs(dir.path());
    let mut command = report_to(&csv, &md);
    if let Some(n) = threads {
        command.env("RAYON_NUM_THREADS", n);
    }
    let mut run = Held(Some(
        command
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    ));
    match when {
        When::After(after) => std::thread::sleep(after),
        When::Staged => run.wait_until_staged(dir.path()),
    }
    let sent = Command::new("kill")
        .args([format!("-{signal}"), run.pid().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let status = run.0.take().unwrap().wait().unwrap();
    assert_eq!(status.code(), Some(code), "{signal} {when:?}");
    assert_old_outputs_kept(dir.path(), &csv, &md, &format!("{signal} {when:?}"));
}

/// Each signal early, with every worker thread busy, and again on one worker thread once the
/// run's temporary files certainly exist: the signal is handled the same way (on a thread of its
/// own, which ends the run however many workers it has), and the files must go. (Those two runs
/// were signalled after 3 s; waiting for the files instead makes sure they exist and spares
/// about 6 s of the test command's CPU.)
#[test]
fn an_interrupted_report_leaves_no_temporary_file() {
    let early = || When::After(Duration::from_millis(500));
    interrupt("INT", 130, early(), None);
    interrupt("TERM", 143, early(), None);
    interrupt("INT", 130, When::Staged, Some("1"));
    interrupt("TERM", 143, When::Staged, Some("1"));
    interrupt("HUP", 129, early(), None);
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
    // A run killed (SIGKILL) during its analysis leaves its four temporary files.
    let mut killed = Held(Some(
        report_to(&csv, &md)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    ));
    killed.hold_during_its_analysis(dir.path());
    drop(killed);
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
    flock(&held, FlockOperation::LockExclusive).unwrap();
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
///
/// The first run is held stopped (SIGSTOP) once its temporary files exist and it has let go of
/// the directory's lock, so it is certainly still going on while the second run sweeps, however
/// slow the machine; then it is let go on (SIGCONT) and must commit whole files. Holding it makes
/// the quickest report enough for the first run too.
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
    let mut first = Held(Some(
        report_to(&csv, &md)
            .args(QUICK)
            .arg("--quiet")
            .stderr(Stdio::piped())
            .spawn()
            .unwrap(),
    ));
    first.hold_during_its_analysis(dir.path());
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
    assert_eq!(
        leftovers(dir.path()).len(),
        4,
        "the second run removed temporary files of the first, live one: {:?}",
        leftovers(dir.path())
    );
    let first = first.go_on();
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

/// A run that a test can hold stopped; dropped, it is killed (SIGKILL) and waited for, so that a
/// run left stopped by a failing test does not outlive the tests.
struct Held(Option<std::process::Child>);

impl Held {
    fn pid(&self) -> Pid {
        Pid::from_child(self.0.as_ref().unwrap())
    }

    /// Waits (polling) until the run has created its four temporary files in `dir`. Panics if
    /// the run ends first or makes none within a minute; the run is then killed (`Drop`).
    fn wait_until_staged(&mut self, dir: &Path) {
        let started = Instant::now();
        while leftovers(dir).len() < 4 {
            assert!(
                self.0.as_mut().unwrap().try_wait().unwrap().is_none(),
                "the run ended before it staged its files"
            );
            assert!(
                started.elapsed() < Duration::from_secs(60),
                "the run made no temporary files within a minute: {:?}",
                leftovers(dir)
            );
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// Waits until the run has created its four temporary files in `dir` and released the
    /// directory's lock, and leaves it stopped there (SIGSTOP, the stop waited for): a run
    /// that sweeps `dir` now meets a live run's files, and is not kept waiting for the lock.
    fn hold_during_its_analysis(&mut self, dir: &Path) {
        loop {
            self.wait_until_staged(dir);
            kill_process(self.pid(), Signal::STOP).unwrap();
            let (_, status) = waitpid(Some(self.pid()), WaitOptions::UNTRACED)
                .unwrap()
                .expect("waitpid without WNOHANG reports a change");
            if !status.stopped() {
                // Reaped here: `Drop` must not signal a process id that may be reused.
                self.0 = None;
                panic!("the run ended before it could be held: {status:?}");
            }
            let free = flock(
                std::fs::File::open(dir).unwrap(),
                FlockOperation::NonBlockingLockExclusive,
            )
            .is_ok();
            if free {
                return; // the descriptor, and the lock taken to test, are gone
            }
            kill_process(self.pid(), Signal::CONT).unwrap();
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// Lets the run go on (SIGCONT) and waits for its end.
    fn go_on(mut self) -> Output {
        kill_process(self.pid(), Signal::CONT).unwrap();
        self.0.take().unwrap().wait_with_output().unwrap()
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        if let Some(mut run) = self.0.take() {
            let _ = run.kill(); // SIGKILL ends a stopped process too
            let _ = run.wait();
        }
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
