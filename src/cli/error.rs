//! What can go wrong on the command line, and the exit code and message of each.

use castle960::atomic::WriteError;
use castle960::error::ArrangementError;
use std::process::ExitCode;

/// Exit code for anything wrong with what the user asked for.
pub const BAD_INPUT: u8 = 2;

/// A failed command: each variant says which exit code and message it gets.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// The arrangement given to `show` names none.
    #[error(transparent)]
    Arrangement(#[from] ArrangementError),
    /// An output could not be prepared or written.
    #[error(transparent)]
    Write(#[from] WriteError),
    /// The output directory could not be created.
    #[error("cannot create the output directory: {0}")]
    OutputDirectory(std::io::Error),
    /// The analysis template names a fact the program does not provide (a defect).
    #[error(transparent)]
    Template(#[from] castle960::report::template::UnknownPlaceholder),
    /// The signal handlers could not be installed.
    #[error("cannot watch for interruptions: {0}")]
    Signals(std::io::Error),
}

impl CliError {
    /// Prints the one-line message and gives the exit code.
    pub fn report(&self) -> ExitCode {
        eprintln!("castle960: {self}");
        ExitCode::from(BAD_INPUT)
    }
}

/// The most characters of clap's message about bad arguments that are shown (it repeats them).
const USAGE_MESSAGE_LIMIT: usize = 200;

/// Reports clap's complaint about the arguments as one line, with exit code [`BAD_INPUT`].
pub fn usage(e: &clap::Error) -> ExitCode {
    let text = e.to_string();
    let what: Vec<&str> = text
        .lines()
        .take_while(|l| !l.trim().is_empty())
        .map(str::trim)
        .collect();
    let what = what.join(" ");
    let what = what.strip_prefix("error: ").unwrap_or(&what);
    eprintln!("castle960: {} (see castle960 --help)", readable(what));
    ExitCode::from(BAD_INPUT)
}

/// Clap's message with control characters escaped and cut to a readable length: it quotes the
/// arguments as typed, and those must neither break the one-line message nor reach the terminal.
fn readable(message: &str) -> String {
    let mut out = String::new();
    for (i, c) in message.chars().enumerate() {
        if i == USAGE_MESSAGE_LIMIT {
            out.push('…');
            break;
        }
        if c.is_control() {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    out
}
