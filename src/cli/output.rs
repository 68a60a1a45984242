//! Standard output, written with its errors handled: `print!` panics when the write fails (a
//! full disk, a reader that went away), and a command's output is its result.

use crate::cli::CliError;
use std::io::{BufWriter, StdoutLock, Write as _};

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
