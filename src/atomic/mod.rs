//! Output files written safely: a report is replaced only by a complete new one, the CSV, the
//! analysis document and the gallery are replaced together, and no temporary file outlives the
//! run.
//!
//! How, step by step:
//!
//! 1. [`Staged::new`], before the long analysis, checks every destination the way the final
//!    rename will meet it: a symbolic link is followed to the file it names (the link stays a
//!    link), the directory must exist, the name must be a valid file name (no trailing `/`, not
//!    longer than the file system allows), an existing file must be a regular file that may be
//!    replaced (an immutable or append-only file is refused), and the destinations must be
//!    different files. It then creates a temporary file `.castle960-PID-N.tmp` beside each
//!    destination, after removing such files left by processes that no longer run.
//! 2. [`Staged::commit`] writes each temporary file in full, gives it the mode of the file it
//!    replaces (or 0666 less the umask for a new file, as `File::create` would) and syncs it to
//!    disk. It keeps a backup of each existing destination (a hard link, else a copy), renames
//!    the temporary files onto their destinations one after the other, and if a rename fails it
//!    puts back the files already replaced from their backups, so that all files are new or
//!    all are old.
//! 3. On SIGINT or SIGTERM the command line calls [`abandon_and_exit`], which removes every
//!    temporary and backup file of this process; it waits for a commit in progress to finish
//!    first, so an interruption never separates the renames.
//!
//! What remains: a crash of the machine, a power cut or SIGKILL *between the renames* (a
//! window of a few system calls) leaves the new CSV beside the old analysis, and the backup file
//! `.castle960-PID-0.bak` beside the CSV; a later run removes that backup like any leftover of a
//! dead process. SIGKILL at any other moment leaves at most the temporary files, which the next
//! run removes; a report is never half-written.

use crate::error::quote;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write as _};
use std::os::unix::fs::{MetadataExt as _, OpenOptionsExt as _, PermissionsExt as _};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

/// Why the report could not be written.
#[derive(Debug, thiserror::Error)]
#[error(
    "cannot write {}: {source} (give --out, --analysis and --gallery writable paths to different files)",
    quote(path)
)]
pub struct WriteError {
    /// The path as the user gave it (or as a symbolic link resolved it).
    pub path: String,
    /// What the operating system, or the check before the run, said.
    #[source]
    pub source: io::Error,
}

fn write_error(path: &Path) -> impl FnOnce(io::Error) -> WriteError {
    let path = path.display().to_string();
    move |source| WriteError { path, source }
}

fn refused(path: &Path, why: &str) -> WriteError {
    write_error(path)(io::Error::other(why.to_string()))
}

/// Every temporary and backup file this process has on disk, so that a signal handler can
/// remove them. A commit holds the lock for its whole length, so a signal waits for it.
static LIVE_FILES: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn live_files() -> MutexGuard<'static, Vec<PathBuf>> {
    LIVE_FILES.lock().unwrap_or_else(|e| e.into_inner())
}

/// Removes this process's temporary and backup files and exits with `code`: what the command
/// line does on SIGINT (130) or SIGTERM (143) so that an interrupted report leaves nothing
/// behind. A commit in progress finishes first; the lock is never released, so no new
/// temporary file can appear after the clean-up.
pub fn abandon_and_exit(code: i32) -> ! {
    let files = live_files();
    for path in files.iter() {
        let _ = fs::remove_file(path);
    }
    std::process::exit(code)
}

/// The prefix and suffixes of this process's files, whose names carry the process id so that
/// a later run can tell leftovers of dead processes from files of a run still going on.
const PREFIX: &str = ".castle960-";
const TEMP_SUFFIX: &str = ".tmp";
const BACKUP_SUFFIX: &str = ".bak";

/// Removes `.castle960-*.tmp` and `.castle960-*.bak` files in `dir` left by processes that no
/// longer run (or, for names without a process id, as older versions wrote them, files older
/// than this run). Best effort: a file that cannot be removed is left alone.
fn remove_leftovers(dir: &Path) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let started = std::time::SystemTime::now() - std::time::Duration::from_secs(1);
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        let Some(rest) = name.strip_prefix(PREFIX) else {
            continue;
        };
        let Some(stem) = rest
            .strip_suffix(TEMP_SUFFIX)
            .or_else(|| rest.strip_suffix(BACKUP_SUFFIX))
        else {
            continue;
        };
        let stale = match stem
            .split_once('-')
            .and_then(|(pid, _)| pid.parse::<u32>().ok())
        {
            Some(pid) => pid != std::process::id() && !process_runs(pid),
            None => entry
                .metadata()
                .and_then(|m| m.modified())
                .is_ok_and(|t| t < started),
        };
        if stale {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// Whether a process with this id runs, as far as `/proc` tells (where there is no `/proc`,
/// every process is taken to run, so nothing is removed).
fn process_runs(pid: u32) -> bool {
    !Path::new("/proc/self").exists() || Path::new(&format!("/proc/{pid}")).exists()
}

/// Follows symbolic links from `path` to the file they name (which may not exist yet), and
/// returns it with its directory in canonical form, so two spellings of one file compare equal.
pub fn resolve(path: &Path) -> Result<PathBuf, WriteError> {
    if path.as_os_str().as_encoded_bytes().ends_with(b"/") {
        return Err(refused(path, "a file name cannot end with '/'"));
    }
    let mut current = path.to_path_buf();
    let mut hops = 0;
    loop {
        match fs::symlink_metadata(&current) {
            Ok(m) if m.file_type().is_symlink() => {
                hops += 1;
                if hops > 40 {
                    return Err(refused(path, "too many levels of symbolic links"));
                }
                let target = fs::read_link(&current).map_err(write_error(path))?;
                current = match current.parent() {
                    Some(dir) if target.is_relative() => dir.join(target),
                    _ => target,
                };
            }
            Ok(m) if m.is_dir() => return Err(refused(path, "that is a directory")),
            Ok(m) if !m.is_file() => return Err(refused(path, "that is not a regular file")),
            Ok(_) => break,
            Err(e) if e.kind() == io::ErrorKind::NotFound => break,
            Err(e) => return Err(write_error(path)(e)),
        }
    }
    let Some(name) = current.file_name() else {
        return Err(refused(path, "that does not name a file"));
    };
    let dir = match current.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let dir = fs::canonicalize(dir).map_err(|e| {
        write_error(path)(io::Error::new(
            e.kind(),
            format!("its directory cannot be used: {e}"),
        ))
    })?;
    let resolved = dir.join(name);
    // Probe the name itself: a name longer than the file system allows fails here, not at the
    // final rename.
    match fs::symlink_metadata(&resolved) {
        Ok(_) => Ok(resolved),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(resolved),
        Err(e) => Err(write_error(path)(e)),
    }
}

/// A destination made ready: where it is, its temporary file, and the existing file's mode.
struct Target {
    /// The path as the user gave it, for messages.
    given: PathBuf,
    /// The file that will be replaced: symbolic links followed.
    dest: PathBuf,
    /// The temporary file beside `dest`, open for writing.
    temp: PathBuf,
    file: File,
    /// Where the old destination is kept during the commit, if it exists.
    backup: PathBuf,
    /// The existing destination's permission bits, kept by the new file.
    mode: Option<u32>,
}

/// Output files opened before the work starts: a temporary file beside each destination, so
/// that an unwritable path is reported at once rather than after the analysis, and the
/// destinations are replaced only when everything is ready, all together.
pub struct Staged {
    targets: Vec<Target>,
}

impl Staged {
    /// Checks each path (see the module docs), creates a temporary file next to each, or says
    /// which path cannot be written.
    pub fn new(paths: &[&Path]) -> Result<Staged, WriteError> {
        let resolved: Vec<PathBuf> = paths.iter().map(|p| resolve(p)).collect::<Result<_, _>>()?;
        for (i, a) in resolved.iter().enumerate() {
            for (j, b) in resolved.iter().enumerate().skip(i + 1) {
                if a == b || same_file(a, b) {
                    return Err(refused(
                        paths[j],
                        &format!(
                            "it names the same file as {}, and each output needs its own file",
                            quote(&paths[i].display().to_string())
                        ),
                    ));
                }
            }
        }
        let mut staged = Staged {
            targets: Vec::new(),
        };
        for (n, (&given, dest)) in paths.iter().zip(resolved).enumerate() {
            let target = Target::new(given, dest, n)?;
            staged.targets.push(target);
        }
        Ok(staged)
    }

    /// Writes the contents (one per path, in order) and replaces the destinations together:
    /// each file is either the old one or the complete new one, and all are new or all old
    /// unless the machine stops between the renames.
    pub fn commit(mut self, contents: &[&[u8]]) -> Result<(), WriteError> {
        let mut live = live_files();
        let result = commit_targets(&mut self.targets, contents, &mut live);
        // Whatever happened, this process's files go: the renamed ones are gone already.
        for target in self.targets.drain(..) {
            for path in [&target.temp, &target.backup] {
                let _ = fs::remove_file(path);
                live.retain(|p| p != path);
            }
        }
        drop(live);
        result
    }
}

impl Drop for Staged {
    /// A run that fails before its commit removes its temporary files.
    fn drop(&mut self) {
        if self.targets.is_empty() {
            return;
        }
        let mut live = live_files();
        for target in self.targets.drain(..) {
            let _ = fs::remove_file(&target.temp);
            live.retain(|p| p != &target.temp);
        }
    }
}

/// Whether two existing paths are one file (hard links to one another, say).
fn same_file(a: &Path, b: &Path) -> bool {
    match (fs::metadata(a), fs::metadata(b)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

impl Target {
    fn new(given: &Path, dest: PathBuf, n: usize) -> Result<Target, WriteError> {
        let dir = dest.parent().expect("resolved paths have a directory");
        remove_leftovers(dir);
        let pid = std::process::id();
        let temp = dir.join(format!("{PREFIX}{pid}-{n}{TEMP_SUFFIX}"));
        let backup = dir.join(format!("{PREFIX}{pid}-{n}{BACKUP_SUFFIX}"));
        let mode = match fs::metadata(&dest) {
            Ok(m) => Some(m.permissions().mode() & 0o7777),
            Err(_) => None,
        };
        if mode.is_some() {
            check_replaceable(given, &dest, &backup)?;
        }
        let mut live = live_files();
        live.push(temp.clone());
        let _ = fs::remove_file(&temp); // a leftover of an earlier process with this id
        let file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o666) // less the umask, as File::create
            .open(&temp);
        let file = match file {
            Ok(file) => file,
            Err(e) => {
                live.pop();
                return Err(write_error(given)(e));
            }
        };
        drop(live);
        Ok(Target {
            given: given.to_path_buf(),
            dest,
            temp,
            file,
            backup,
            mode,
        })
    }

    /// Writes the new contents in full, with the mode the destination will keep, to disk.
    fn write(&mut self, bytes: &[u8]) -> Result<(), WriteError> {
        let err = || write_error(&self.given);
        self.file.write_all(bytes).map_err(err())?;
        if let Some(mode) = self.mode {
            self.file
                .set_permissions(fs::Permissions::from_mode(mode))
                .map_err(err())?;
        }
        self.file.sync_all().map_err(err())
    }

    /// Keeps the existing destination as the backup: a hard link, or a copy where links fail.
    fn keep_backup(&self, live: &mut Vec<PathBuf>) -> Result<(), WriteError> {
        if self.mode.is_none() {
            return Ok(());
        }
        live.push(self.backup.clone());
        let _ = fs::remove_file(&self.backup);
        fs::hard_link(&self.dest, &self.backup)
            .or_else(|_| fs::copy(&self.dest, &self.backup).map(|_| ()))
            .map_err(write_error(&self.given))
    }

    /// Puts the old destination back after a later rename failed (or removes the new file if
    /// there was none).
    fn restore(&self) {
        if self.mode.is_some() {
            let _ = fs::rename(&self.backup, &self.dest);
        } else {
            let _ = fs::remove_file(&self.dest);
        }
    }
}

/// Refuses an existing file that cannot be replaced: an immutable or append-only file refuses
/// both the final rename and a hard link to it, so a link that fails with "operation not
/// permitted" while opening the file for appending fails the same way tells so before the run.
fn check_replaceable(given: &Path, dest: &Path, probe: &Path) -> Result<(), WriteError> {
    const EPERM: i32 = 1;
    let _ = fs::remove_file(probe);
    match fs::hard_link(dest, probe) {
        Ok(()) => {
            let _ = fs::remove_file(probe);
            Ok(())
        }
        Err(e) if e.raw_os_error() == Some(EPERM) => {
            match OpenOptions::new().append(true).open(dest) {
                Err(e) if e.raw_os_error() == Some(EPERM) => Err(refused(
                    given,
                    "the file may not be replaced (it is immutable or append-only)",
                )),
                _ => Ok(()),
            }
        }
        Err(_) => Ok(()),
    }
}

/// The commit proper: write and sync every temporary file, keep backups, rename all, and undo
/// the renames done if one fails.
fn commit_targets(
    targets: &mut [Target],
    contents: &[&[u8]],
    live: &mut Vec<PathBuf>,
) -> Result<(), WriteError> {
    assert_eq!(targets.len(), contents.len(), "one content per path");
    for (target, bytes) in targets.iter_mut().zip(contents) {
        target.write(bytes)?;
    }
    for target in targets.iter() {
        target.keep_backup(live)?;
    }
    for (done, target) in targets.iter().enumerate() {
        if let Err(e) = fs::rename(&target.temp, &target.dest) {
            for earlier in &targets[..done] {
                earlier.restore();
            }
            return Err(write_error(&target.given)(e));
        }
    }
    // The renames reach the disk with their directories.
    for target in targets.iter() {
        if let Some(dir) = target.dest.parent()
            && let Ok(dir) = File::open(dir)
        {
            let _ = dir.sync_all();
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tmp_files(dir: &Path) -> Vec<String> {
        fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with(PREFIX))
            .collect()
    }

    /// The second rename fails (its temporary file vanished under it): the first destination,
    /// already replaced, gets its old contents back, and nothing is left behind.
    #[test]
    fn a_failed_second_rename_restores_the_first_file() {
        let dir = tempfile::tempdir().unwrap();
        let csv = dir.path().join("r.csv");
        let md = dir.path().join("a.md");
        fs::write(&csv, b"old csv").unwrap();
        fs::write(&md, b"old md").unwrap();
        let staged = Staged::new(&[&csv, &md]).unwrap();
        fs::remove_file(&staged.targets[1].temp).unwrap();
        let err = staged.commit(&[b"new csv", b"new md"]).unwrap_err();
        assert!(err.to_string().contains("a.md"), "{err}");
        assert_eq!(fs::read(&csv).unwrap(), b"old csv");
        assert_eq!(fs::read(&md).unwrap(), b"old md");
        assert!(
            tmp_files(dir.path()).is_empty(),
            "{:?}",
            tmp_files(dir.path())
        );
    }

    /// Same failure with no old files: the first new file is removed again.
    #[test]
    fn a_failed_second_rename_removes_a_new_first_file() {
        let dir = tempfile::tempdir().unwrap();
        let csv = dir.path().join("r.csv");
        let md = dir.path().join("a.md");
        let staged = Staged::new(&[&csv, &md]).unwrap();
        fs::remove_file(&staged.targets[1].temp).unwrap();
        assert!(staged.commit(&[b"new csv", b"new md"]).is_err());
        assert!(!csv.exists() && !md.exists());
        assert!(tmp_files(dir.path()).is_empty());
    }

    #[test]
    fn a_commit_replaces_both_and_leaves_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let csv = dir.path().join("r.csv");
        let md = dir.path().join("a.md");
        fs::write(&md, b"old md").unwrap();
        Staged::new(&[&csv, &md])
            .unwrap()
            .commit(&[b"new csv", b"new md"])
            .unwrap();
        assert_eq!(fs::read(&csv).unwrap(), b"new csv");
        assert_eq!(fs::read(&md).unwrap(), b"new md");
        assert!(tmp_files(dir.path()).is_empty());
    }
}
