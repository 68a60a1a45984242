//! Standard output, written with its errors handled: `print!` panics when the write fails (a
//! full disk, a reader that went away), and a command's output is its result.

use crate::cli::CliError;
use crate::cli::error::to_stderr;
use castle960::error::quote;
use castle960::words;
use std::io::{BufWriter, StdoutLock, Write as _};
use std::path::{Path, PathBuf};

/// Standard output, locked and buffered for one command. Every write says whether it failed,
/// as [`CliError::Stdout`]; [`Stdout::finish`] flushes what is buffered.
pub struct Stdout {
    out: BufWriter<StdoutLock<'static>>,
}

impl Stdout {
    /// Standard output, held until [`Stdout::finish`].
    pub fn lock() -> Stdout {
        Stdout {
            out: BufWriter::new(std::io::stdout().lock()),
        }
    }

    /// Writes `text` (or buffers it).
    pub fn print(&mut self, text: impl AsRef<[u8]>) -> Result<(), CliError> {
        self.out.write_all(text.as_ref()).map_err(CliError::Stdout)
    }

    /// Writes what is still buffered, so that a failure is reported rather than lost.
    pub fn finish(mut self) -> Result<(), CliError> {
        self.out.flush().map_err(CliError::Stdout)
    }
}

/// How many of the kept files [`note_unproven`] names; the rest are counted.
const UNPROVEN_NAMED: usize = 3;

/// Says in one line on standard error which files named like castle960's temporary files,
/// backups or commit records the run kept beside its outputs because nothing proves castle960
/// left them (the sweep removes only what it can prove is its own): nothing when there are
/// none. Each file by its name, then its directory, so that a long directory cut short in the
/// message never hides the name.
pub fn note_unproven(kept: &[PathBuf]) {
    if kept.is_empty() {
        return;
    }
    let mut named: Vec<String> = Vec::new();
    let mut shown = kept.iter().take(UNPROVEN_NAMED).peekable();
    while let Some(first) = shown.next() {
        let dir = first.parent().unwrap_or(Path::new("."));
        let mut names = vec![first];
        while let Some(next) = shown.next_if(|path| path.parent() == Some(dir)) {
            names.push(next);
        }
        let names: Vec<String> = names
            .iter()
            .map(|path| quote(&path.file_name().unwrap_or_default().to_string_lossy()))
            .collect();
        named.push(format!(
            "{} in {}",
            words::join(&names),
            quote(&dir.display().to_string())
        ));
    }
    if kept.len() > UNPROVEN_NAMED {
        named.push(words::count(kept.len() - UNPROVEN_NAMED, "other", "others"));
    }
    let them = if kept.len() == 1 { "it" } else { "them" };
    to_stderr(&format!(
        "castle960: kept {}: named like castle960's temporary files, but nothing proves castle960 \
         left {them} (remove {them} if it did)\n",
        words::join(&named),
    ));
}
