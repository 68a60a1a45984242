//! Output files written safely: a report is replaced only by a complete new one, the CSV, the
//! analysis document and the gallery are replaced together, a file this program did not write
//! is not replaced unless the caller says so, and no temporary file outlives the run.
//!
//! How, step by step:
//!
//! 1. [`Staged::new`], before the long analysis, checks every destination the way the final
//!    rename will meet it: a symbolic link is followed to the file it names (the link stays a
//!    link), the directory must exist, the name must be a valid file name (no trailing `/`, not
//!    longer than the file system allows), an existing file must be a regular file that may be
//!    replaced (an immutable or append-only file is refused) and, unless [`Replace::Any`] is
//!    given, must start with its output's [`Output::signature`] (the mark every file this
//!    program writes starts with), and the destinations must be different files: two
//!    destinations whose directories have the same device and inode (one directory reached
//!    through a bind mount or a symbolic link) and the same file name are one file, and so are
//!    two existing paths with the same device and inode (hard links).
//! 2. Then, still in [`Staged::new`] and holding the lock of every output directory (see
//!    `lock.rs`), it removes the leftovers of ended runs there that it can prove are
//!    castle960's, keeping (and listing, [`Staged::unproven`]) any other file named like them,
//!    and creates a temporary file `.castle960-XXXXXXXXXXXX.tmp` (twelve random letters and
//!    digits) beside each destination, exclusively, marked as castle960's inside, and locks it
//!    for as long as the run lasts (see `names.rs`).
//! 3. [`Staged::commit`] takes the directories' locks again, so that two runs into the same
//!    files commit one after the other and never leave a mixed set. It checks the destinations
//!    once more (a file may have appeared during the run), writes a commit record into each
//!    directory listing its temporary files (so that they stay provably castle960's once their
//!    marker is overwritten), writes each temporary file in full,
//!    gives it the mode of the file it replaces (or 0666 less the umask for a new file, as
//!    `File::create` would) and syncs it to disk. It keeps a backup of each existing
//!    destination (a hard link under an exclusive random `.bak` name, else a copy into a file
//!    created exclusively; listed in the record at once), renames the temporary files onto their
//!    destinations one after the other, and if a rename fails it puts back the files already
//!    replaced from their backups, so that all files are new or all are old. Then it removes
//!    the backups, and last the records.
//! 4. On SIGINT, SIGTERM or SIGHUP the command line calls [`abandon_and_exit`], which removes
//!    every temporary and backup file of this process; it waits for a commit in progress to
//!    finish first, so an interruption never separates the renames.
//!
//! What remains: a crash of the machine, a power cut or SIGKILL *between the renames* (a
//! window of a few system calls) leaves the new CSV beside the old analysis, and a backup file
//! `.castle960-XXXXXXXXXXXX.bak` and the commit record `.castle960-XXXXXXXXXXXX.log` beside the
//! CSV; a later run into that directory removes them like any leftover. SIGKILL at any other
//! moment leaves at most the temporary files, which the next run removes; a report is never
//! half-written.

mod lock;
mod names;

use crate::error::quote;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read as _, Seek as _, SeekFrom, Write as _};
use std::os::unix::fs::{MetadataExt as _, PermissionsExt as _};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

/// Why the outputs could not be written. The messages state the facts only; what to do about
/// them depends on the command's flags, which the command line adds.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// The operating system refused, or the check before the run found the path unusable.
    #[error("cannot write {}: {source}", quote(path))]
    Io {
        /// The path as the user gave it (or as a symbolic link resolved it).
        path: String,
        /// What the operating system, or the check before the run, said.
        #[source]
        source: io::Error,
    },
    /// An existing file that does not carry its output's signature: not an earlier output of
    /// this program, so it is kept unless [`Replace::Any`] is given.
    #[error(
        "cannot write {}: a file is there that castle960 did not write (it does not start with castle960's mark)",
        quote(path)
    )]
    NotOurs {
        /// The path as the user gave it.
        path: String,
    },
}

fn write_error(path: &Path) -> impl FnOnce(io::Error) -> WriteError {
    let path = path.display().to_string();
    move |source| WriteError::Io { path, source }
}

fn refused(path: &Path, why: &str) -> WriteError {
    write_error(path)(io::Error::other(why.to_string()))
}

/// One output: where it goes, and how an earlier output of this program is recognised there.
#[derive(Clone, Copy, Debug)]
pub struct Output<'a> {
    /// The path as the user gave it.
    pub path: &'a Path,
    /// The bytes every file written for this output starts with (its first line, or the start
    /// of it): an existing file that does not start with them is replaced only with
    /// [`Replace::Any`]. Empty: any file is taken for an earlier output.
    pub signature: &'a [u8],
}

/// Which existing files may be replaced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Replace {
    /// Only earlier outputs of this program, recognised by their [`Output::signature`].
    Own,
    /// Any regular file (the command line's `--force`).
    Any,
}

/// Every temporary and backup file this process has on disk, so that a signal handler can
/// remove them. A commit holds the lock for its whole length, so a signal waits for it.
static LIVE_FILES: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn live_files() -> MutexGuard<'static, Vec<PathBuf>> {
    LIVE_FILES.lock().unwrap_or_else(|e| e.into_inner())
}

/// Removes this process's temporary and backup files and exits with `code`: what the command
/// line does on SIGINT (130), SIGTERM (143) or SIGHUP (129) so that an interrupted report
/// leaves nothing behind. A commit in progress finishes first; the lock is never released, so
/// no new temporary file can appear after the clean-up.
pub fn abandon_and_exit(code: i32) -> ! {
    let files = live_files();
    for path in files.iter() {
        let _ = fs::remove_file(path);
    }
    std::process::exit(code)
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

/// A destination made ready: where it is, and its temporary file.
struct Target<'a> {
    /// The path as the user gave it, for messages.
    given: &'a Path,
    /// The file that will be replaced: symbolic links followed.
    dest: PathBuf,
    /// What an earlier output starts with.
    signature: &'a [u8],
    /// The identity of `dest`'s directory.
    dir: lock::DirId,
    /// The temporary file beside `dest`, open for writing and locked.
    temp: PathBuf,
    file: File,
    /// Where the old destination is kept during the commit, once it is.
    backup: Option<PathBuf>,
}

/// Output files opened before the work starts: a temporary file beside each destination, so
/// that an unwritable path is reported at once rather than after the analysis, and the
/// destinations are replaced only when everything is ready, all together.
pub struct Staged<'a> {
    targets: Vec<Target<'a>>,
    replace: Replace,
    /// Files in the output directories named like castle960's temporary files, backups or
    /// commit records, which the sweep kept because nothing proves they are castle960's.
    unproven: Vec<PathBuf>,
}

impl<'a> Staged<'a> {
    /// Checks each output's path (see the module docs), creates a temporary file next to each,
    /// or says which path cannot be written or may not be replaced.
    pub fn new(outputs: &[Output<'a>], replace: Replace) -> Result<Staged<'a>, WriteError> {
        let mut found = Vec::new();
        for output in outputs {
            let dest = resolve(output.path)?;
            let dir = lock::dir_id(parent(&dest)).map_err(write_error(output.path))?;
            found.push((output, dest, dir));
        }
        for (i, (a, a_dest, a_dir)) in found.iter().enumerate() {
            for (b, b_dest, b_dir) in found.iter().skip(i + 1) {
                if (a_dir, a_dest.file_name()) == (b_dir, b_dest.file_name())
                    || same_file(a_dest, b_dest)
                {
                    return Err(refused(
                        b.path,
                        &format!(
                            "it names the same file as {}, and each output needs its own file",
                            quote(&a.path.display().to_string())
                        ),
                    ));
                }
            }
        }
        let dirs: Vec<(lock::DirId, &Path)> = found
            .iter()
            .map(|(_, dest, dir)| (*dir, parent(dest)))
            .collect();
        let locks = lock::acquire_all(&dirs).map_err(write_error(found[0].0.path))?;
        let unproven = locks
            .iter()
            .filter(|l| l.held())
            .flat_map(|lock| names::sweep(lock.dir()))
            .collect();
        let mut staged = Staged {
            targets: Vec::new(),
            replace,
            unproven,
        };
        for (output, dest, dir) in found {
            if fs::symlink_metadata(&dest).is_ok() {
                check_replaceable(output.path, &dest)?;
                if replace == Replace::Own && !carries(&dest, output.signature) {
                    return Err(WriteError::NotOurs {
                        path: output.path.display().to_string(),
                    });
                }
            }
            let (temp, file) = {
                let mut live = live_files();
                let (file, temp) =
                    names::create_temp(parent(&dest)).map_err(write_error(output.path))?;
                live.push(temp.clone());
                (temp, file)
            };
            // Pushed first: on failure, dropping `staged` removes this file too.
            staged.targets.push(Target {
                given: output.path,
                dest,
                signature: output.signature,
                dir,
                temp,
                file,
                backup: None,
            });
            let target = staged.targets.last().expect("just pushed");
            lock::lock_own(&target.file).map_err(write_error(output.path))?;
        }
        drop(locks);
        Ok(staged)
    }

    /// The files named like castle960's temporary files, backups or commit records that the
    /// sweep of the output directories kept, because nothing proves castle960 left them (a
    /// user may have made them): the caller says so.
    pub fn unproven(&self) -> &[PathBuf] {
        &self.unproven
    }

    /// Writes the contents (one per output, in order) and replaces the destinations together:
    /// each file is either the old one or the complete new one, and all are new or all old
    /// unless the machine stops between the renames.
    pub fn commit(mut self, contents: &[&[u8]]) -> Result<(), WriteError> {
        let dirs: Vec<(lock::DirId, &Path)> = self
            .targets
            .iter()
            .map(|t| (t.dir, parent(&t.dest)))
            .collect();
        let locks = lock::acquire_all(&dirs).map_err(write_error(self.targets[0].given))?;
        let mut live = live_files();
        let mut records = Vec::new();
        let result = commit_targets(
            &mut self.targets,
            contents,
            self.replace,
            &mut records,
            &mut live,
        );
        // Whatever happened, this process's files go (the renamed ones are gone already),
        // the backups while the directories are still locked, the records last.
        let files = self
            .targets
            .drain(..)
            .flat_map(|target| std::iter::once(target.temp).chain(target.backup));
        let records = records
            .into_iter()
            .map(|(_, record)| record.path().to_path_buf());
        for path in files.chain(records) {
            let _ = fs::remove_file(&path);
            live.retain(|p| *p != path);
        }
        drop(live);
        drop(locks);
        result
    }
}

impl Drop for Staged<'_> {
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

/// The directory of a resolved destination.
fn parent(dest: &Path) -> &Path {
    dest.parent().expect("resolved paths have a directory")
}

/// Whether two existing paths are one file (hard links to one another, say).
fn same_file(a: &Path, b: &Path) -> bool {
    match (fs::metadata(a), fs::metadata(b)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

/// Whether the file at `path` starts with `signature`.
fn carries(path: &Path, signature: &[u8]) -> bool {
    let mut start = Vec::with_capacity(signature.len());
    File::open(path)
        .and_then(|f| f.take(signature.len() as u64).read_to_end(&mut start))
        .is_ok_and(|_| start == signature)
}

impl Target<'_> {
    /// Writes the new contents in full over the temporary file's marker, with the mode the
    /// destination will keep, to disk.
    fn write(&mut self, bytes: &[u8], mode: Option<u32>) -> Result<(), WriteError> {
        let err = || write_error(self.given);
        self.file.seek(SeekFrom::Start(0)).map_err(err())?;
        self.file.write_all(bytes).map_err(err())?;
        self.file.set_len(bytes.len() as u64).map_err(err())?;
        if let Some(mode) = mode {
            self.file
                .set_permissions(fs::Permissions::from_mode(mode))
                .map_err(err())?;
        }
        self.file.sync_all().map_err(err())
    }

    /// Puts the old destination back after a later rename failed (or removes the new file if
    /// there was none).
    fn restore(&self) {
        match &self.backup {
            Some(backup) => {
                let _ = fs::rename(backup, &self.dest);
            }
            None => {
                let _ = fs::remove_file(&self.dest);
            }
        }
    }
}

/// Refuses an existing file that cannot be replaced: an immutable or append-only file refuses
/// both the final rename and a hard link to it, so a link that fails with "operation not
/// permitted" while opening the file for appending fails the same way tells so before the run.
fn check_replaceable(given: &Path, dest: &Path) -> Result<(), WriteError> {
    const EPERM: i32 = 1;
    match names::probe_link(dest) {
        Err(e) if e.raw_os_error() == Some(EPERM) => {
            match OpenOptions::new().append(true).open(dest) {
                Err(e) if e.raw_os_error() == Some(EPERM) => Err(refused(
                    given,
                    "the file may not be replaced (it is immutable or append-only)",
                )),
                _ => Ok(()),
            }
        }
        _ => Ok(()),
    }
}

/// The commit proper, under the directories' locks: check the destinations again, record the
/// temporary files of each directory in a commit record (into `records`), write and sync every
/// temporary file, keep backups (each recorded), rename all, and undo the renames done if one
/// fails.
fn commit_targets(
    targets: &mut [Target],
    contents: &[&[u8]],
    replace: Replace,
    records: &mut Vec<(lock::DirId, names::Record)>,
    live: &mut Vec<PathBuf>,
) -> Result<(), WriteError> {
    assert_eq!(targets.len(), contents.len(), "one content per path");
    let mut modes = Vec::new();
    for target in targets.iter() {
        let mode = match fs::symlink_metadata(&target.dest) {
            Ok(m) if m.is_file() => Some(m.permissions().mode() & 0o7777),
            Ok(_) => return Err(refused(target.given, "that is no longer a regular file")),
            Err(_) => None,
        };
        if mode.is_some() && replace == Replace::Own && !carries(&target.dest, target.signature) {
            return Err(WriteError::NotOurs {
                path: target.given.display().to_string(),
            });
        }
        modes.push(mode);
    }
    for target in targets.iter() {
        if records.iter().all(|(dir, _)| *dir != target.dir) {
            let temps = targets
                .iter()
                .filter(|t| t.dir == target.dir)
                .map(|t| t.temp.as_path());
            let record = names::Record::create(parent(&target.dest), temps)
                .map_err(write_error(target.given))?;
            live.push(record.path().to_path_buf());
            records.push((target.dir, record));
        }
    }
    for ((target, bytes), mode) in targets.iter_mut().zip(contents).zip(&modes) {
        target.write(bytes, *mode)?;
    }
    for (target, mode) in targets.iter_mut().zip(&modes) {
        if mode.is_some() {
            let backup = names::create_backup(&target.dest).map_err(write_error(target.given))?;
            live.push(backup.clone());
            target.backup = Some(backup.clone());
            let (_, record) = records
                .iter_mut()
                .find(|(dir, _)| *dir == target.dir)
                .expect("every directory has its record");
            record
                .add_backup(&backup)
                .map_err(write_error(target.given))?;
        }
    }
    for done in 0..targets.len() {
        if let Err(e) = fs::rename(&targets[done].temp, &targets[done].dest) {
            for earlier in &targets[..done] {
                earlier.restore();
            }
            return Err(write_error(targets[done].given)(e));
        }
    }
    // The renames reach the disk with their directories.
    for target in targets.iter() {
        if let Ok(dir) = File::open(parent(&target.dest)) {
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
            .filter(|n| n.starts_with(names::PREFIX))
            .collect()
    }

    fn outputs<'a>(paths: &[&'a Path]) -> Vec<Output<'a>> {
        paths
            .iter()
            .map(|&path| Output {
                path,
                signature: b"old",
            })
            .collect()
    }

    fn stage<'a>(paths: &[&'a Path]) -> Result<Staged<'a>, WriteError> {
        Staged::new(&outputs(paths), Replace::Own)
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
        let staged = stage(&[&csv, &md]).unwrap();
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
        let staged = stage(&[&csv, &md]).unwrap();
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
        stage(&[&csv, &md])
            .unwrap()
            .commit(&[b"new csv", b"new md"])
            .unwrap();
        assert_eq!(fs::read(&csv).unwrap(), b"new csv");
        assert_eq!(fs::read(&md).unwrap(), b"new md");
        assert!(tmp_files(dir.path()).is_empty());
    }

    /// A file without the output's signature is kept, before the run and at the commit (when
    /// it appeared during the run), unless any file may be replaced.
    #[test]
    fn a_file_without_the_signature_is_kept_unless_any_may_be_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let md = dir.path().join("a.md");
        fs::write(&md, b"my notes").unwrap();
        let err = stage(&[&md]).err().expect("refused");
        assert!(matches!(err, WriteError::NotOurs { .. }), "{err}");
        assert_eq!(fs::read(&md).unwrap(), b"my notes");
        fs::remove_file(&md).unwrap();
        let staged = stage(&[&md]).unwrap();
        fs::write(&md, b"written meanwhile").unwrap();
        let err = staged.commit(&[b"new"]).unwrap_err();
        assert!(matches!(err, WriteError::NotOurs { .. }), "{err}");
        assert_eq!(fs::read(&md).unwrap(), b"written meanwhile");
        Staged::new(&outputs(&[&md]), Replace::Any)
            .unwrap()
            .commit(&[b"new"])
            .unwrap();
        assert_eq!(fs::read(&md).unwrap(), b"new");
        fs::write(&md, b"old, as written before").unwrap();
        stage(&[&md]).unwrap().commit(&[b"newer"]).unwrap();
        assert_eq!(fs::read(&md).unwrap(), b"newer");
        assert!(tmp_files(dir.path()).is_empty());
    }

    /// While another run holds the directory's lock (is committing), a commit waits, so the
    /// two runs' files are never mixed.
    #[test]
    fn a_commit_waits_for_the_directory_lock() {
        let dir = tempfile::tempdir().unwrap();
        let csv = dir.path().join("r.csv");
        let md = dir.path().join("a.md");
        let staged = stage(&[&csv, &md]).unwrap();
        let held = lock::DirLock::acquire(dir.path()).unwrap();
        assert!(held.held());
        std::thread::scope(|s| {
            let committing = s.spawn(|| staged.commit(&[b"new csv", b"new md"]));
            std::thread::sleep(std::time::Duration::from_millis(300));
            assert!(
                !csv.exists() && !md.exists(),
                "the commit went ahead under another run's lock"
            );
            drop(held);
            committing.join().unwrap().unwrap();
        });
        assert_eq!(fs::read(&md).unwrap(), b"new md");
    }

    /// One directory reached through a symbolic link is one directory: the same file name in
    /// it is the same file, existing or not.
    #[test]
    fn one_directory_through_two_paths_is_one_file() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real");
        fs::create_dir(&real).unwrap();
        let alias = dir.path().join("alias");
        std::os::unix::fs::symlink(&real, &alias).unwrap();
        let (a, b) = (real.join("x.csv"), alias.join("x.csv"));
        let err = stage(&[&a, &b]).err().expect("refused");
        assert!(err.to_string().contains("same file"), "{err}");
        assert!(tmp_files(&real).is_empty());
    }

    /// The first name a creation in this thread tries after `fastrand::seed(seed)`.
    fn first_name(seed: u64, suffix: &str) -> String {
        fastrand::seed(seed);
        let mut rng = fastrand::Rng::new();
        let random: String = std::iter::repeat_with(|| rng.alphanumeric())
            .take(names::RANDOM_LEN)
            .collect();
        format!("{}{random}{suffix}", names::PREFIX)
    }

    /// The first random name of a backup and of a temporary file is taken by a symbolic link to
    /// an unrelated file: the link is neither followed nor removed, the file goes to another
    /// name, and the unrelated file keeps its contents. (The random names come from a seeded
    /// generator here, so the test knows the first name each creation tries; that it knows it
    /// right is checked first.)
    #[test]
    fn a_link_planted_at_the_runs_own_name_is_not_followed() {
        let dir = tempfile::tempdir().unwrap();
        let victim = dir.path().join("victim");
        fs::write(&victim, b"precious").unwrap();
        let dest = dir.path().join("a.md");
        fs::write(&dest, b"old md").unwrap();
        let predicted = dir.path().join(first_name(7, names::BACKUP_SUFFIX));
        fastrand::seed(7);
        assert_eq!(names::create_backup(&dest).unwrap(), predicted);
        fs::remove_file(&predicted).unwrap();
        std::os::unix::fs::symlink(&victim, &predicted).unwrap();
        fastrand::seed(7);
        let backup = names::create_backup(&dest).unwrap();
        assert_ne!(backup, predicted);
        assert_eq!(fs::read(&backup).unwrap(), b"old md");

        let predicted_temp = dir.path().join(first_name(8, names::TEMP_SUFFIX));
        std::os::unix::fs::symlink(&victim, &predicted_temp).unwrap();
        fastrand::seed(8);
        let (mut file, temp) = names::create_temp(dir.path()).unwrap();
        assert_ne!(temp, predicted_temp);
        file.write_all(b"new").unwrap();
        assert_eq!(
            fs::read(&temp).unwrap(),
            [names::TEMP_MARKER, b"new"].concat()
        );

        assert_eq!(fs::read(&victim).unwrap(), b"precious");
        for link in [&predicted, &predicted_temp] {
            assert!(fs::symlink_metadata(link).unwrap().is_symlink());
        }
    }
}
