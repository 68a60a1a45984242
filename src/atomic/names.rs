//! The names of this program's temporary and backup files, their exclusive creation, and the
//! sweep of leftovers.
//!
//! Every such file is named `.castle960-` + [`RANDOM_LEN`] random letters and digits + `.tmp`
//! or `.bak`, and is created exclusively (`O_CREAT | O_EXCL`, or `link(2)`, which never
//! replaces): a name that is taken, by a file or by a symbolic link planted there, is never
//! opened or followed, a fresh random name is tried instead. The sweep removes only files of
//! exactly that form, so a user's `.castle960-notes.tmp` is left alone.

use super::lock;
use std::fs::{self, File, OpenOptions};
use std::io;
use std::os::unix::fs::{MetadataExt as _, OpenOptionsExt as _, PermissionsExt as _};
use std::path::{Path, PathBuf};

/// How every temporary and backup file's name starts.
pub const PREFIX: &str = ".castle960-";
/// How a temporary file's name ends (the new contents, written before the commit).
pub const TEMP_SUFFIX: &str = ".tmp";
/// How a backup's name ends (the old destination, kept during the commit).
pub const BACKUP_SUFFIX: &str = ".bak";
/// How many random letters and digits stand between the prefix and the suffix.
pub const RANDOM_LEN: usize = 12;

fn builder(suffix: &str) -> tempfile::Builder<'_, '_> {
    let mut b = tempfile::Builder::new();
    b.prefix(PREFIX).suffix(suffix).rand_bytes(RANDOM_LEN);
    b
}

/// Creates a new temporary file in `dir` under a fresh name, open for writing, with mode 0666
/// less the umask (as `File::create` would give the destination).
pub fn create_temp(dir: &Path) -> io::Result<(File, PathBuf)> {
    let named = builder(TEMP_SUFFIX).make_in(dir, |path| {
        OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o666)
            .open(path)
    })?;
    named.keep().map_err(|e| e.error)
}

/// Keeps `dest` under a fresh backup name in its directory: a hard link to it, or where the
/// file system refuses the link, a copy written into a file created exclusively (so the copy
/// never follows a link planted at the backup's name either).
pub fn create_backup(dest: &Path) -> io::Result<PathBuf> {
    let dir = dest.parent().expect("destinations have a directory");
    let linked = builder(BACKUP_SUFFIX).make_in(dir, |path| fs::hard_link(dest, path));
    let named = match linked {
        Ok(named) => named,
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => return Err(e),
        Err(_) => builder(BACKUP_SUFFIX).make_in(dir, |path| {
            let mut original = File::open(dest)?;
            let mode = original.metadata()?.mode() & 0o7777;
            let mut copy = OpenOptions::new()
                .write(true)
                .create_new(true)
                .mode(mode)
                .open(path)?;
            let copied = io::copy(&mut original, &mut copy)
                .and_then(|_| copy.set_permissions(fs::Permissions::from_mode(mode)))
                .and_then(|()| copy.sync_all());
            if copied.is_err() {
                let _ = fs::remove_file(path);
            }
            copied
        })?,
    };
    named.into_temp_path().keep().map_err(|e| e.error)
}

/// A name that may stand for a hard link to `dest` for a moment (to probe whether `dest` may be
/// linked), created and removed at once. `Ok(())` when the link could be made.
pub fn probe_link(dest: &Path) -> io::Result<()> {
    let dir = dest.parent().expect("destinations have a directory");
    let named = builder(BACKUP_SUFFIX).make_in(dir, |path| fs::hard_link(dest, path))?;
    drop(named); // removes the link
    Ok(())
}

/// Whether `name` has exactly the form of this program's temporary or backup files.
pub fn is_ours(name: &str) -> bool {
    let Some(rest) = name.strip_prefix(PREFIX) else {
        return false;
    };
    let Some(random) = rest
        .strip_suffix(TEMP_SUFFIX)
        .or_else(|| rest.strip_suffix(BACKUP_SUFFIX))
    else {
        return false;
    };
    random.len() == RANDOM_LEN && random.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// Removes the leftovers in `dir`, whose lock the caller holds: every backup (a run keeps
/// backups only during its commit, under the directory's lock), and every temporary file whose
/// own lock can be taken (its run has ended). Best effort: what cannot be removed stays.
pub fn sweep(dir: &Path) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        if !is_ours(name) {
            continue;
        }
        let path = entry.path();
        if name.ends_with(BACKUP_SUFFIX) {
            let _ = fs::remove_file(&path);
        } else if let Some(file) = open_leftover(&path)
            && lock::is_abandoned(&file)
        {
            // Remove the file that was locked, not another one put at its name since.
            let same =
                |m: &fs::Metadata, f: &fs::Metadata| m.dev() == f.dev() && m.ino() == f.ino();
            if let (Ok(now), Ok(locked)) = (fs::symlink_metadata(&path), file.metadata())
                && same(&now, &locked)
            {
                let _ = fs::remove_file(&path);
            }
        }
    }
}

/// Opens a leftover temporary file to take its lock: never through a symbolic link, never
/// blocking on a FIFO, and only if it is a regular file.
fn open_leftover(path: &Path) -> Option<File> {
    let file = OpenOptions::new()
        .read(true)
        .custom_flags((rustix::fs::OFlags::NOFOLLOW | rustix::fs::OFlags::NONBLOCK).bits() as i32)
        .open(path)
        .ok()?;
    file.metadata().ok()?.is_file().then_some(file)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_exact_names_are_ours() {
        assert!(is_ours(".castle960-Ab12Cd34Ef56.tmp"));
        assert!(is_ours(".castle960-Ab12Cd34Ef56.bak"));
        for name in [
            ".castle960-notes.tmp",
            ".castle960-Ab12Cd34Ef5.tmp",
            ".castle960-Ab12Cd34Ef567.tmp",
            ".castle960-Ab12Cd34E-56.tmp",
            ".castle960-Ab12Cd34Ef56.txt",
            "castle960-Ab12Cd34Ef56.tmp",
            ".castle960-4242-0.tmp",
        ] {
            assert!(!is_ours(name), "{name}");
        }
        let dir = tempfile::tempdir().unwrap();
        let (_, temp) = create_temp(dir.path()).unwrap();
        assert!(is_ours(temp.file_name().unwrap().to_str().unwrap()));
    }

    #[test]
    fn the_sweep_removes_unlocked_files_of_our_form_only() {
        let dir = tempfile::tempdir().unwrap();
        let (held, live) = create_temp(dir.path()).unwrap();
        lock::lock_own(&held).unwrap();
        let (_closed, dead) = create_temp(dir.path()).unwrap();
        drop(_closed);
        let dest = dir.path().join("dest");
        fs::write(&dest, b"x").unwrap();
        let backup = create_backup(&dest).unwrap();
        let notes = dir.path().join(".castle960-notes.tmp");
        fs::write(&notes, b"mine").unwrap();
        sweep(dir.path());
        assert!(live.exists(), "a locked temporary file stays");
        assert!(!dead.exists(), "an unlocked one goes");
        assert!(!backup.exists(), "a backup outside a commit goes");
        assert!(notes.exists() && dest.exists());
    }
}
