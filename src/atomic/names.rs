//! The names of this program's temporary and backup files, their exclusive creation, and the
//! sweep of leftovers.
//!
//! Every such file is named `.castle960-` + [`RANDOM_LEN`] random letters and digits + `.tmp`
//! (a temporary file), `.bak` (a backup) or `.log` (a commit record), and is created
//! exclusively (`O_CREAT | O_EXCL`, or `link(2)`, which never replaces): a name that is taken,
//! by a file or by a symbolic link planted there, is never opened or followed, a fresh random
//! name is tried instead.
//!
//! A name proves nothing: anyone can make a file called `.castle960-Ab12Cd34Ef56.bak`. So the
//! sweep removes a leftover only when it can prove the file is castle960's, and keeps (and
//! reports) any other file of that form:
//!
//! - a temporary file starts with [`TEMP_MARKER`] from its creation until the commit writes
//!   the new contents into it; before that write, the commit lists it in a *commit record*;
//! - a backup exists only during a commit, which lists it in the commit record as soon as it
//!   is made;
//! - a commit record starts with [`RECORD_MARKER`], and the commit removes it last, after the
//!   files it lists.
//!
//! So a run that dies at any moment leaves only files that carry the marker or are listed in a
//! record that does, except in the instant between creating a file and writing its marker or
//! its record line: such a file (empty, or a backup not yet listed) is kept and reported, never
//! removed on a guess. A user's `.castle960-notes.tmp` is not even of the form, and is left
//! alone silently.

use super::lock;
use std::collections::HashSet;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read as _, Write as _};
use std::os::unix::fs::{MetadataExt as _, OpenOptionsExt as _, PermissionsExt as _};
use std::path::{Path, PathBuf};

/// How every temporary and backup file's name starts.
pub const PREFIX: &str = ".castle960-";
/// How a temporary file's name ends (the new contents, written before the commit).
pub const TEMP_SUFFIX: &str = ".tmp";
/// How a backup's name ends (the old destination, kept during the commit).
pub const BACKUP_SUFFIX: &str = ".bak";
/// How a commit record's name ends.
pub const RECORD_SUFFIX: &str = ".log";
/// How many random letters and digits stand between the prefix and the suffix.
pub const RANDOM_LEN: usize = 12;

/// What every temporary file holds from its creation until the commit writes the new contents
/// into it: the proof, for a later run's sweep, that a leftover temporary file is castle960's.
pub const TEMP_MARKER: &[u8] = b"castle960 temporary file: a later castle960 run into this \
directory removes it once the run that made it has ended\n";

/// The first line of a commit record; each further line names a file of the commit, `tmp NAME`
/// or `bak NAME`.
pub const RECORD_MARKER: &[u8] = b"castle960 commit record: a later castle960 run into this \
directory removes the files listed below, and this record, once the run that wrote it has \
ended\n";

/// The most of a commit record the sweep reads: a commit lists a few files.
const RECORD_MAX: u64 = 64 << 10;

fn builder(suffix: &str) -> tempfile::Builder<'_, '_> {
    let mut b = tempfile::Builder::new();
    b.prefix(PREFIX).suffix(suffix).rand_bytes(RANDOM_LEN);
    b
}

/// Creates a new temporary file in `dir` under a fresh name, open for writing, with mode 0666
/// less the umask (as `File::create` would give the destination), holding [`TEMP_MARKER`].
pub fn create_temp(dir: &Path) -> io::Result<(File, PathBuf)> {
    let named = builder(TEMP_SUFFIX).make_in(dir, |path| {
        let mut file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o666)
            .open(path)?;
        if let Err(e) = file.write_all(TEMP_MARKER) {
            let _ = fs::remove_file(path);
            return Err(e);
        }
        Ok(file)
    })?;
    named.keep().map_err(|e| e.error)
}

/// A commit record in one directory: the files a commit overwrites or creates there, listed
/// before it does (see the module docs).
pub struct Record {
    file: File,
    path: PathBuf,
}

impl Record {
    /// Creates a record in `dir` listing the temporary files `temps` (in `dir`), on disk before
    /// it returns.
    pub fn create<'p>(dir: &Path, temps: impl IntoIterator<Item = &'p Path>) -> io::Result<Record> {
        let mut text = RECORD_MARKER.to_vec();
        for temp in temps {
            text.extend_from_slice(&line("tmp", temp));
        }
        let named = builder(RECORD_SUFFIX).make_in(dir, |path| {
            let mut file = OpenOptions::new()
                .write(true)
                .create_new(true)
                .mode(0o600)
                .open(path)?;
            let written = file.write_all(&text).and_then(|()| file.sync_data());
            if written.is_err() {
                let _ = fs::remove_file(path);
            }
            written.map(|()| file)
        })?;
        let (file, path) = named.keep().map_err(|e| e.error)?;
        // The record's name reaches the disk before any file it vouches for changes.
        File::open(dir)?.sync_all()?;
        Ok(Record { file, path })
    }

    /// Lists the backup `backup` (just made, in the record's directory), on disk before it
    /// returns.
    pub fn add_backup(&mut self, backup: &Path) -> io::Result<()> {
        self.file.write_all(&line("bak", backup))?;
        self.file.sync_data()
    }

    /// Where the record is.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// A record's line for `path`: its kind and its file name.
fn line(kind: &str, path: &Path) -> Vec<u8> {
    let name = path.file_name().expect("listed files have names");
    format!("{kind} {}\n", name.to_string_lossy()).into_bytes()
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

/// The suffix of a name of exactly the form of this program's temporary files, backups or
/// commit records (which proves nothing about who made it): [`TEMP_SUFFIX`], [`BACKUP_SUFFIX`]
/// or [`RECORD_SUFFIX`]; `None` for any other name.
fn kind(name: &str) -> Option<&'static str> {
    let rest = name.strip_prefix(PREFIX)?;
    let (random, suffix) = [TEMP_SUFFIX, BACKUP_SUFFIX, RECORD_SUFFIX]
        .into_iter()
        .find_map(|suffix| Some((rest.strip_suffix(suffix)?, suffix)))?;
    (random.len() == RANDOM_LEN && random.bytes().all(|b| b.is_ascii_alphanumeric()))
        .then_some(suffix)
}

/// Removes the leftovers in `dir`, whose lock the caller holds (so no commit is under way
/// there), that it can prove are castle960's (see the module docs): temporary files whose own
/// lock can be taken (their run has ended) and that carry [`TEMP_MARKER`] or are listed in a
/// commit record; backups listed in a commit record; and then the records whose files are all
/// gone. Returns the files of castle960's name form it kept because nothing proves they are
/// castle960's. Best effort: what cannot be removed stays.
pub fn sweep(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut found: Vec<(PathBuf, &str)> = entries
        .flatten()
        .filter_map(|entry| {
            let suffix = kind(entry.file_name().to_str()?)?;
            Some((entry.path(), suffix))
        })
        .collect();
    found.sort();
    let mut unproven = Vec::new();
    let mut records = Vec::new();
    let mut listed = HashSet::new();
    for (path, _) in found.iter().filter(|(_, suffix)| *suffix == RECORD_SUFFIX) {
        match read_record(path) {
            Some(names) => {
                listed.extend(names.iter().cloned());
                records.push((path, names));
            }
            None => unproven.push(path.clone()),
        }
    }
    let is_listed = |path: &Path| {
        path.file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| listed.contains(n))
    };
    for (path, suffix) in &found {
        if *suffix == BACKUP_SUFFIX {
            if is_listed(path) {
                let _ = fs::remove_file(path);
            } else {
                unproven.push(path.clone());
            }
        } else if *suffix == TEMP_SUFFIX {
            match open_leftover(path) {
                // Its run still holds it (or the file system cannot tell): not a leftover.
                Some(file) if !lock::is_abandoned(&file) => {}
                Some(file) if is_listed(path) || starts_with(&file, TEMP_MARKER) => {
                    remove_if_same(path, &file);
                }
                _ => unproven.push(path.clone()),
            }
        }
    }
    for (path, names) in records {
        if names
            .iter()
            .all(|name| fs::symlink_metadata(dir.join(name)).is_err())
        {
            let _ = fs::remove_file(path);
        }
    }
    unproven.sort();
    unproven
}

/// The names a commit record at `path` lists, if it is one: a regular file (not followed
/// through a symbolic link) that starts with [`RECORD_MARKER`]. Lines that name no file of
/// castle960's form, or of another kind than they say (a line torn by a crash), are skipped.
fn read_record(path: &Path) -> Option<Vec<String>> {
    let file = open_leftover(path)?;
    let mut text = Vec::new();
    file.take(RECORD_MAX).read_to_end(&mut text).ok()?;
    let listing = text.strip_prefix(RECORD_MARKER)?;
    let listing = String::from_utf8_lossy(listing);
    Some(
        listing
            .lines()
            .filter_map(|line| {
                let (kind_word, name) = line.split_once(' ')?;
                let expected = match kind_word {
                    "tmp" => TEMP_SUFFIX,
                    "bak" => BACKUP_SUFFIX,
                    _ => return None,
                };
                (kind(name) == Some(expected)).then(|| name.to_string())
            })
            .collect(),
    )
}

/// Whether the open `file` starts with `marker`.
fn starts_with(file: &File, marker: &[u8]) -> bool {
    let mut start = Vec::with_capacity(marker.len());
    file.take(marker.len() as u64)
        .read_to_end(&mut start)
        .is_ok_and(|_| start == marker)
}

/// Removes `path` if it is still the file `file` has open, not another one put at its name
/// since.
fn remove_if_same(path: &Path, file: &File) {
    let same = |m: &fs::Metadata, f: &fs::Metadata| m.dev() == f.dev() && m.ino() == f.ino();
    if let (Ok(now), Ok(opened)) = (fs::symlink_metadata(path), file.metadata())
        && same(&now, &opened)
    {
        let _ = fs::remove_file(path);
    }
}

/// Opens a leftover (a temporary file, to take its lock and read its start; a record, to read
/// it): never through a symbolic link, never blocking on a FIFO, and only if it is a regular
/// file.
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

    fn is_ours(name: &str) -> bool {
        kind(name).is_some()
    }

    #[test]
    fn only_exact_names_are_ours() {
        assert!(is_ours(".castle960-Ab12Cd34Ef56.tmp"));
        assert!(is_ours(".castle960-Ab12Cd34Ef56.bak"));
        assert!(is_ours(".castle960-Ab12Cd34Ef56.log"));
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

    fn write(dir: &Path, name: &str, contents: &[u8]) -> PathBuf {
        let path = dir.join(name);
        fs::write(&path, contents).unwrap();
        path
    }

    /// The sweep removes what it can prove is castle960's: an unlocked temporary file with its
    /// marker, and the files a commit record lists, then the record. A temporary file still
    /// locked stays silently; files that only have castle960's names stay and are reported;
    /// other names are not looked at.
    #[test]
    fn the_sweep_removes_only_what_is_proved_castle960s() {
        let dir = tempfile::tempdir().unwrap();
        let (held, live) = create_temp(dir.path()).unwrap();
        lock::lock_own(&held).unwrap();
        let (closed, dead) = create_temp(dir.path()).unwrap();
        drop(closed);
        // A commit that died after writing one temporary file and backing up a destination.
        let (mut written, written_path) = create_temp(dir.path()).unwrap();
        let dest = write(dir.path(), "dest", b"old");
        let mut record = Record::create(dir.path(), [written_path.as_path()]).unwrap();
        written.set_len(0).unwrap();
        written.write_all(b"new contents, no marker").unwrap();
        drop(written);
        let backup = create_backup(&dest).unwrap();
        record.add_backup(&backup).unwrap();
        let record_path = record.path().to_path_buf();
        drop(record);
        // Files a user made under castle960's names, and one of another name.
        let users = [
            write(dir.path(), ".castle960-UserFile0001.tmp", b"mine"),
            write(dir.path(), ".castle960-UserFile0002.bak", b"mine"),
            write(dir.path(), ".castle960-UserFile0003.log", b"mine"),
            create_backup(&dest).unwrap(),
        ];
        let notes = write(dir.path(), ".castle960-notes.tmp", b"mine");

        let mut kept = sweep(dir.path());
        assert!(live.exists(), "a locked temporary file stays");
        for gone in [&dead, &written_path, &backup, &record_path] {
            assert!(!gone.exists(), "{gone:?} stays");
        }
        let mut expected = users.to_vec();
        expected.sort();
        kept.sort();
        assert_eq!(kept, expected);
        assert!(users.iter().all(|user| user.exists()));
        assert!(notes.exists() && dest.exists());
    }

    /// A record keeps its listing even when the last line was torn by a crash; a line naming a
    /// file of the wrong kind or of another form vouches for nothing.
    #[test]
    fn a_record_vouches_only_for_well_formed_lines() {
        let dir = tempfile::tempdir().unwrap();
        let mut text = RECORD_MARKER.to_vec();
        text.extend_from_slice(
            b"tmp .castle960-Aaaaaaaaaaaa.tmp\nbak .castle960-Bbbbbbbbbbbb.tmp\n",
        );
        text.extend_from_slice(b"bak notes.txt\nbak .castle960-Cccccccccccc.ba");
        let record = write(dir.path(), ".castle960-Record000001.log", &text);
        assert_eq!(
            read_record(&record),
            Some(vec![".castle960-Aaaaaaaaaaaa.tmp".to_string()])
        );
    }
}
