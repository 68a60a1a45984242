//! Advisory locks (`flock`) on output directories and on this run's temporary files.
//!
//! A run holds the lock of every output directory while it sweeps leftovers and creates its
//! temporary files, and again for its whole commit; it holds the lock of each of its temporary
//! files from their creation to its end. The kernel drops a process's locks when it ends,
//! however it ends, so a lock that can be taken belongs to nobody: that, and not a process id
//! (which means nothing in another PID namespace, or once reused), tells a leftover from a
//! file of a run still going on.
//!
//! The directory itself is locked (`flock` on a descriptor of the directory, as `flock(1)`
//! allows), so no lock file is left beside the outputs. A file system that has no `flock`
//! (some network file systems) gets no lock: the run then sweeps nothing and commits unlocked.

use rustix::fs::{FlockOperation, flock};
use std::fs::File;
use std::io;
use std::os::unix::fs::MetadataExt as _;
use std::path::{Path, PathBuf};

/// The identity of a directory: its device and inode. Two paths that reach one directory (a
/// bind mount, a symbolic link) have the same identity.
pub type DirId = (u64, u64);

/// The identity of the directory at `dir`.
pub fn dir_id(dir: &Path) -> io::Result<DirId> {
    let m = std::fs::metadata(dir)?;
    Ok((m.dev(), m.ino()))
}

/// The exclusive lock of one directory, released when dropped (or when the process ends).
pub struct DirLock {
    dir: PathBuf,
    /// The open directory, or `None` where its file system has no locks.
    file: Option<File>,
}

impl DirLock {
    /// Waits for and takes the lock of `dir`. Where the file system has no `flock`, succeeds
    /// without a lock ([`DirLock::held`] says so).
    pub fn acquire(dir: &Path) -> io::Result<DirLock> {
        let file = File::open(dir)?;
        let dir = dir.to_path_buf();
        loop {
            match flock(&file, FlockOperation::LockExclusive) {
                Ok(()) => {
                    return Ok(DirLock {
                        dir,
                        file: Some(file),
                    });
                }
                Err(rustix::io::Errno::INTR) => continue,
                Err(e) if unsupported(e) => return Ok(DirLock { dir, file: None }),
                Err(e) => return Err(e.into()),
            }
        }
    }

    /// Whether the lock is really held (false where the file system has no locks).
    pub fn held(&self) -> bool {
        self.file.is_some()
    }

    /// The directory locked.
    pub fn dir(&self) -> &Path {
        &self.dir
    }
}

/// Takes the locks of several directories (each once, however often it is named), in the
/// order of their identities, so that two runs locking overlapping sets cannot each wait for
/// the other.
pub fn acquire_all(dirs: &[(DirId, &Path)]) -> io::Result<Vec<DirLock>> {
    let mut sorted: Vec<&(DirId, &Path)> = dirs.iter().collect();
    sorted.sort_by_key(|(id, _)| *id);
    sorted.dedup_by_key(|(id, _)| *id);
    sorted
        .into_iter()
        .map(|(_, dir)| DirLock::acquire(dir))
        .collect()
}

/// Locks a temporary file this run has just created, for as long as it stays open.
pub fn lock_own(file: &File) -> io::Result<()> {
    match flock(file, FlockOperation::NonBlockingLockExclusive) {
        Ok(()) => Ok(()),
        Err(e) if unsupported(e) => Ok(()),
        Err(e) => Err(e.into()),
    }
}

/// Whether the lock of an open file can be taken: true when no process holds it, so that the
/// file is a leftover. False when a run holds it, or when the file system cannot tell.
pub fn is_abandoned(file: &File) -> bool {
    flock(file, FlockOperation::NonBlockingLockExclusive).is_ok()
}

/// Whether `flock` failed because the file system does not offer it.
fn unsupported(e: rustix::io::Errno) -> bool {
    use rustix::io::Errno;
    e == Errno::NOLCK || e == Errno::OPNOTSUPP || e == Errno::NOSYS || e == Errno::INVAL
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A lock held through one open description is refused to another, and free again once
    /// the holder is closed (as when its process ends).
    #[test]
    fn a_held_lock_marks_a_file_in_use_until_closed() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f");
        let owner = File::create(&path).unwrap();
        lock_own(&owner).unwrap();
        let other = File::open(&path).unwrap();
        assert!(!is_abandoned(&other));
        drop(owner);
        assert!(is_abandoned(&other));
    }

    #[test]
    fn a_directory_lock_excludes_a_second_one_until_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let held = DirLock::acquire(dir.path()).unwrap();
        assert!(held.held());
        let probe = File::open(dir.path()).unwrap();
        assert!(!is_abandoned(&probe));
        drop(held);
        assert!(is_abandoned(&probe));
    }
}
