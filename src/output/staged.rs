//! Output files written atomically: each destination is replaced only when its new contents are
//! complete, so a failed or interrupted run never leaves half a report.

use std::io::Write as _;
use std::path::Path;

/// Why the report could not be written.
#[derive(Debug, thiserror::Error)]
#[error("cannot write {path}: {source} (give --out and --analysis paths in writable directories)")]
pub struct WriteError {
    pub path: String,
    #[source]
    pub source: std::io::Error,
}

/// Output files opened before the work starts: a temporary file beside each destination, so
/// an unwritable path is reported at once rather than after the analysis, and the destinations
/// are replaced only when everything is ready.
pub struct Staged<'a> {
    files: Vec<(&'a Path, tempfile::NamedTempFile)>,
}

fn write_error(path: &Path) -> impl FnOnce(std::io::Error) -> WriteError {
    let path = path.display().to_string();
    move |source| WriteError { path, source }
}

impl<'a> Staged<'a> {
    /// Creates a temporary file next to each path, or says which path cannot be written.
    pub fn new(paths: &[&'a Path]) -> Result<Staged<'a>, WriteError> {
        let mut files = Vec::with_capacity(paths.len());
        for &path in paths {
            if path.is_dir() {
                return Err(write_error(path)(std::io::Error::other(
                    "that is a directory",
                )));
            }
            let dir = match path.parent() {
                Some(p) if !p.as_os_str().is_empty() => p,
                _ => Path::new("."),
            };
            let temp = tempfile::Builder::new()
                .prefix(".castle960-")
                .suffix(".tmp")
                .tempfile_in(dir)
                .map_err(write_error(path))?;
            files.push((path, temp));
        }
        Ok(Staged { files })
    }

    /// Writes the contents (one per path, in order) and renames every temporary file onto its
    /// destination, so each file is either the old one or the complete new one.
    pub fn commit(mut self, contents: &[&[u8]]) -> Result<(), WriteError> {
        for ((path, temp), bytes) in self.files.iter_mut().zip(contents) {
            temp.write_all(bytes).map_err(write_error(path))?;
            temp.as_file().sync_all().map_err(write_error(path))?;
        }
        for (path, temp) in self.files {
            temp.persist(path).map_err(|e| write_error(path)(e.error))?;
        }
        Ok(())
    }
}
