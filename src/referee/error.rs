//! Why an engine could not be used, and what it was asked then: the errors of the referee's
//! engine driver ([`super::uci`]), one variant per way an engine fails, each message naming the
//! engine's command line quoted.

use crate::error::quote;
use std::fmt;
use std::io;
use std::process::ExitStatus;
use std::time::Duration;
use thiserror::Error;

/// What the engine was asked when something went wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stage {
    /// `uci`, waiting for `uciok`.
    Handshake,
    /// `setoption name UCI_Chess960 value true` and `isready`, waiting for `readyok`.
    Chess960,
    /// `position fen FEN` and `go perft DEPTH`, waiting for the answer.
    Perft {
        /// The position, as sent.
        fen: String,
        /// The depth asked for.
        depth: u32,
    },
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stage::Handshake => f.write_str("in the handshake (`uci`, waiting for `uciok`)"),
            Stage::Chess960 => f.write_str(
                "after `setoption name UCI_Chess960 value true` (waiting for `readyok`)",
            ),
            Stage::Perft { fen, depth } => {
                write!(f, "on `go perft {depth}` after `position fen {fen}`")
            }
        }
    }
}

/// Why an engine could not be used, one variant per way it fails.
#[derive(Debug, Error)]
pub enum EngineError {
    /// The program does not exist.
    #[error("engine {} not found: no such program (give a path or a name on PATH)", quote(.command))]
    NotFound {
        /// The command line tried.
        command: String,
    },
    /// The program exists but could not be started.
    #[error("cannot start engine {}: {source}", quote(.command))]
    CannotStart {
        /// The command line tried.
        command: String,
        /// What the operating system said.
        source: io::Error,
    },
    /// The engine exited, or closed its output, before answering.
    #[error(
        "engine {} {} {stage}{}",
        quote(.command),
        ended(.status),
        stderr_note(.stderr)
    )]
    Crashed {
        /// The command line.
        command: String,
        /// What it was asked.
        stage: Stage,
        /// How it exited; `None` if it closed its output and had to be killed.
        status: Option<ExitStatus>,
        /// Its last lines of standard error, if any.
        stderr: Option<String>,
    },
    /// The engine gave no answer within the time limit and was killed.
    #[error("engine {} gave no answer within {} {stage}; it was stopped", quote(.command), seconds(.limit))]
    Hung {
        /// The command line.
        command: String,
        /// What it was asked.
        stage: Stage,
        /// The limit it missed.
        limit: Duration,
    },
    /// The engine's option list has no `UCI_Chess960`.
    #[error(
        "engine {} ({}) offers no UCI_Chess960 option, so it cannot be asked about Chess960 castling",
        quote(.command),
        quote(.name)
    )]
    NoChess960 {
        /// The command line.
        command: String,
        /// The engine's `id name`.
        name: String,
    },
    /// The engine answered `setoption name UCI_Chess960 value true` (or, on ten files, the
    /// setting of `UCI_Variant` before it) with a complaint.
    #[error("engine {} refused {asked}: it printed {}", quote(.command), quote(.line))]
    RefusesChess960 {
        /// The command line.
        command: String,
        /// What was asked: `UCI_Chess960`, or the variant and `UCI_Chess960`.
        asked: String,
        /// The complaint.
        line: String,
    },
    /// The engine does not offer the ten-file variant asked for through `UCI_Variant` (or has
    /// no `UCI_Variant`, or no `UCI_Chess960`).
    #[error(
        "engine {} ({}) does not offer the variant {variant} through UCI_Variant and UCI_Chess960; Fairy-Stockfish does (Debian package fairy-stockfish)",
        quote(.command),
        quote(.name)
    )]
    NoVariant {
        /// The command line.
        command: String,
        /// The engine's `id name`.
        name: String,
        /// The variant asked for, by name.
        variant: String,
    },
    /// The engine printed a line that is not part of the expected answer.
    #[error("engine {} printed {} {stage}; expected {expected}", quote(.command), quote(.line))]
    Unparseable {
        /// The command line.
        command: String,
        /// What it was asked.
        stage: Stage,
        /// The line.
        line: String,
        /// What would have been understood.
        expected: &'static str,
    },
    /// The run was interrupted ([`crate::referee::EngineConfig::interrupt`] raised) and the engine stopped.
    #[error("engine {} was stopped {stage}: the run was interrupted", quote(.command))]
    Interrupted {
        /// The command line.
        command: String,
        /// What it was asked.
        stage: Stage,
    },
    /// An earlier error stopped the engine.
    #[error("engine {} was stopped after an earlier error", quote(.command))]
    Stopped {
        /// The command line.
        command: String,
    },
}

fn ended(status: &Option<ExitStatus>) -> String {
    match status {
        Some(status) => format!("exited ({status})"),
        None => "closed its output".to_string(),
    }
}

fn stderr_note(stderr: &Option<String>) -> String {
    stderr
        .as_deref()
        .map(|tail| format!("; its standard error ended with {}", quote(tail)))
        .unwrap_or_default()
}

fn seconds(limit: &Duration) -> String {
    format!("{}s", limit.as_secs_f64())
}
