//! What can go wrong on the command line, and the exit code and message of each.

use castle960::atomic::WriteError;
use castle960::error::{ArrangementError, escape};
use clap::error::{ContextKind, ContextValue};
use std::io::{IsTerminal as _, Write as _};
use std::process::ExitCode;

/// Exit code for anything wrong with what the user asked for: bad arguments, an arrangement
/// that names none, an output path that cannot be written or may not be replaced.
pub const BAD_INPUT: u8 = 2;

/// Exit code for a failure the user's input did not cause: standard output could not be
/// written (a full disk, say), or the program could not set itself up.
pub const FAILED: u8 = 1;

/// Exit code when the engine a referee run drives fails: it cannot be started, crashes, hangs,
/// refuses `UCI_Chess960` or answers something unreadable.
pub const ENGINE_FAILED: u8 = 3;

/// A failed command: each variant says which exit code and message it gets.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// The arrangement given to `show` names none.
    #[error(transparent)]
    Arrangement(#[from] ArrangementError),
    /// A line of `show -`'s standard input names no arrangement.
    #[error("line {line} of standard input: {error}")]
    ArrangementLine {
        /// The line's number, from 1.
        line: usize,
        /// What is wrong with it.
        error: ArrangementError,
    },
    /// The array given to `crc show` names none.
    #[error(transparent)]
    CrcArray(#[from] castle960::ten::arrays::CrcArrayError),
    /// The position given to `castle` is no legal position.
    #[error(transparent)]
    Fen(#[from] castle960::notation::fen::FenError),
    /// The game given to `castle --pgn` cannot be read or replayed.
    #[error(transparent)]
    Pgn(#[from] castle960::notation::pgn_import::PgnError),
    /// The move given to `why` names no move.
    #[error(transparent)]
    Move(#[from] castle960::why::MoveError),
    /// `why` was given the wrong number of words for its form.
    #[error("{}", if *.pgn {
        "with --pgn, give the move alone: castle960 why --pgn FILE [--ply N] MOVE"
    } else {
        "give the position and the move: castle960 why FEN MOVE (or castle960 why --pgn FILE MOVE)"
    })]
    WhyArguments {
        /// Whether --pgn was given.
        pgn: bool,
    },
    /// `why --pgn` was given a game under another castling rule than Chess960's.
    #[error(
        "castle960 why judges games under Chess960's castling rule, and this game is played under {0}; castle960 castle --pgn explains its castlings"
    )]
    WhyUnderRule(castle960::chess::Rule),
    /// `--rule` names no castling rule.
    #[error("--rule {0}")]
    Rule(#[from] castle960::chess::UnknownRule),
    /// `--variant` names no ten-file variant.
    #[error("--variant {0}")]
    Variant(#[from] castle960::ten::variant::UnknownVariant),
    /// The position given to `castle --variant` is no legal ten-file position.
    #[error(transparent)]
    TenFen(#[from] castle960::ten::TenFenError),
    /// `--rule` names no rule a ten-file position can be asked under.
    #[error("--rule {0}")]
    TenRule(#[from] castle960::chess::UnknownTenFileRule),
    /// A file named on the command line (a PGN game, a suite) could not be read.
    #[error("cannot read {}: {source}", castle960::error::quote(.path))]
    ReadFile {
        /// The file, as given.
        path: String,
        /// What the operating system said.
        source: std::io::Error,
    },
    /// A file or standard input went past a bound of reading (`--max-input`, `--max-line`).
    #[error(transparent)]
    TooLong(#[from] crate::cli::input::TooLong),
    /// `--ply` names a ply past the game's end.
    #[error("--ply {ply} is past the end of the game, which has {plies} plies (0 is the start)")]
    PlyOutOfRange {
        /// The ply asked for.
        ply: usize,
        /// How many plies the game has.
        plies: usize,
    },
    /// `--time-limit` is no number of seconds of at least a millisecond.
    #[error("--time-limit {0:?} is not a number of seconds of at least 0.001 (a millisecond)")]
    TimeLimit(f64),
    /// A suite file could not be read.
    #[error(transparent)]
    Suite(#[from] castle960::referee::suite::SuiteError),
    /// The engine could not be used: not found, crashed, hung, refused UCI_Chess960, or
    /// answered something unreadable.
    #[error(transparent)]
    Engine(#[from] castle960::referee::EngineError),
    /// Standard input could not be read (`show -`).
    #[error("cannot read standard input: {0}")]
    Stdin(std::io::Error),
    /// An output could not be prepared or written; the message ends with what the command's
    /// flags can do about it.
    #[error("{source}{}", .outputs.advice(.source))]
    Write {
        /// What went wrong, as the safe writer says it.
        source: WriteError,
        /// Whose outputs: the advice names that command's flags.
        outputs: Outputs,
    },
    /// The output directory could not be created.
    #[error("cannot create the output directory {}: {source}", castle960::error::quote(.path))]
    OutputDirectory {
        /// The directory, as given.
        path: String,
        /// What the operating system said.
        source: std::io::Error,
    },
    /// Standard output could not be written. A closed pipe is not reported (see
    /// [`CliError::report`]).
    #[error("cannot write to standard output: {0}")]
    Stdout(std::io::Error),
    /// The analysis template names a fact the program does not provide (a defect).
    #[error(transparent)]
    Template(#[from] castle960::report::template::UnknownPlaceholder),
    /// The signal handlers could not be installed.
    #[error("cannot watch for interruptions: {0}")]
    Signals(std::io::Error),
}

/// The commands that write files, each with its own flags for where they go.
#[derive(Debug, Clone)]
pub enum Outputs {
    /// `report`: each output's path with the flag that named it, `--out-dir` for all three
    /// when it was given, else `--out`, `--analysis`, `--gallery` and `--rules-out` (given or
    /// by default).
    Report(Vec<(String, &'static str)>),
    /// `suite`: `--out`, `--force`.
    Suite,
}

impl Outputs {
    /// The command-line error for `source` while writing this command's outputs.
    pub fn error(&self, source: WriteError) -> CliError {
        CliError::Write {
            source,
            outputs: self.clone(),
        }
    }

    /// What the user can do about `error` with this command's flags: the flag that names the
    /// path the error is about, so that the advice never lists flags the user did not use.
    fn advice(&self, error: &WriteError) -> String {
        let path = match error {
            WriteError::Io { path, .. } | WriteError::NotOurs { path } => path,
        };
        let flag = match self {
            // The last flag naming the path: of two naming one file, the second is refused.
            Outputs::Report(named) => named
                .iter()
                .rev()
                .find(|(given, _)| given == path)
                .map(|&(_, flag)| flag),
            Outputs::Suite => Some("--out"),
        };
        match (self, flag, error) {
            (Outputs::Report(_), Some("--out-dir"), WriteError::Io { .. }) => {
                " (give --out-dir a writable directory)".to_string()
            }
            (Outputs::Report(_), Some("--out-dir"), WriteError::NotOurs { .. }) => {
                "; give --force to replace it, or another --out-dir to write elsewhere".to_string()
            }
            (Outputs::Report(_), Some(flag), WriteError::Io { .. }) => {
                format!(" (give {flag} a writable path to a file of its own)")
            }
            (Outputs::Report(_), None, WriteError::Io { .. }) => {
                " (give --out, --analysis, --gallery and --rules-out writable paths to different files)"
                    .to_string()
            }
            (Outputs::Report(_), _, WriteError::NotOurs { .. }) => {
                "; give --force to replace it, or --out-dir DIR to write elsewhere".to_string()
            }
            (Outputs::Suite, _, WriteError::Io { .. }) => {
                " (give --out a writable path to a file)".to_string()
            }
            (Outputs::Suite, _, WriteError::NotOurs { .. }) => {
                "; give --force to replace it, or --out FILE to write elsewhere".to_string()
            }
        }
    }
}

impl CliError {
    /// The exit code: [`BAD_INPUT`] for what the user asked for, [`FAILED`] otherwise.
    pub fn code(&self) -> u8 {
        match self {
            CliError::Arrangement(_)
            | CliError::CrcArray(_)
            | CliError::ArrangementLine { .. }
            | CliError::Fen(_)
            | CliError::Pgn(_)
            | CliError::Move(_)
            | CliError::WhyArguments { .. }
            | CliError::Rule(_)
            | CliError::Variant(_)
            | CliError::TenFen(_)
            | CliError::TenRule(_)
            | CliError::WhyUnderRule(_)
            | CliError::ReadFile { .. }
            | CliError::TooLong(_)
            | CliError::PlyOutOfRange { .. }
            | CliError::TimeLimit(_)
            | CliError::Suite(_)
            | CliError::Write { .. }
            | CliError::OutputDirectory { .. } => BAD_INPUT,
            CliError::Engine(_) => ENGINE_FAILED,
            CliError::Stdin(_)
            | CliError::Stdout(_)
            | CliError::Template(_)
            | CliError::Signals(_) => FAILED,
        }
    }

    /// Prints the one-line message and gives the exit code. Standard output closed by its
    /// reader (`castle960 show 0-959 --json | head -1`) ends the command quietly with exit 0,
    /// as ripgrep does: the reader has what it wanted, and there is nobody to tell.
    pub fn report(&self) -> ExitCode {
        if let CliError::Stdout(e) = self
            && e.kind() == std::io::ErrorKind::BrokenPipe
        {
            return ExitCode::SUCCESS;
        }
        to_stderr(&format!("castle960: {self}\n"));
        ExitCode::from(self.code())
    }
}

/// Writes to standard error, ignoring failure: a message that cannot be shown has nowhere
/// else to go, and `eprint!` would panic instead.
pub fn to_stderr(text: &str) {
    let _ = std::io::stderr().lock().write_all(text.as_bytes());
}

/// Prints clap's complaint about the arguments, with exit code [`BAD_INPUT`]; or, for `--help`
/// and `--version`, prints what was asked for on standard output and succeeds.
///
/// The complaint keeps clap's layout (what is wrong, a "did you mean" tip, the usage line), with
/// "error:" replaced by "castle960:" like every other message, and every piece of the user's
/// input escaped and cut as [`castle960::error::quote`] does: a typed newline or escape sequence
/// shows as `\n` or `\u{1b}` instead of breaking the message or reaching the terminal.
pub fn usage(mut e: clap::Error) -> ExitCode {
    if !e.use_stderr() {
        let text = e.render();
        let text = if std::io::stdout().is_terminal() {
            text.ansi().to_string()
        } else {
            text.to_string()
        };
        let mut out = std::io::stdout().lock();
        return match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => CliError::Stdout(e).report(),
        };
    }
    escape_input(&mut e);
    let text = e.render().to_string();
    let text = text.strip_prefix("error: ").unwrap_or(&text);
    to_stderr(&format!("castle960: {}\n", readable(text.trim_end())));
    ExitCode::from(BAD_INPUT)
}

/// The kinds of clap's error context that hold what the user typed.
const TYPED: [ContextKind; 3] = [
    ContextKind::InvalidArg,
    ContextKind::InvalidValue,
    ContextKind::InvalidSubcommand,
];

/// Replaces what the user typed, wherever clap's error repeats it, by its escaped and cut form.
fn escape_input(e: &mut clap::Error) {
    let typed: Vec<String> = TYPED
        .iter()
        .filter_map(|&kind| match e.get(kind) {
            Some(ContextValue::String(s)) => Some(vec![s.clone()]),
            Some(ContextValue::Strings(v)) => Some(v.clone()),
            _ => None,
        })
        .flatten()
        .filter(|s| escape(s) != *s)
        .collect();
    if typed.is_empty() {
        return;
    }
    let clean = |text: &str| {
        typed.iter().fold(text.to_string(), |text, raw| {
            text.replace(raw, &escape(raw))
        })
    };
    let contexts: Vec<(ContextKind, ContextValue)> = e
        .context()
        .filter(|(kind, _)| *kind != ContextKind::Usage)
        .filter_map(|(kind, value)| {
            let value = match value {
                ContextValue::String(s) => ContextValue::String(clean(s)),
                ContextValue::Strings(v) => {
                    ContextValue::Strings(v.iter().map(|s| clean(s)).collect())
                }
                // Styled text, such as the tip "to pass '--x' as a value, use '-- --x'": the
                // raw input sits between clap's style codes, which are removed when printed.
                ContextValue::StyledStr(s) => {
                    ContextValue::StyledStr(clean(&s.ansi().to_string()).into())
                }
                ContextValue::StyledStrs(v) => ContextValue::StyledStrs(
                    v.iter()
                        .map(|s| clean(&s.ansi().to_string()).into())
                        .collect(),
                ),
                _ => return None,
            };
            Some((kind, value))
        })
        .collect();
    for (kind, value) in contexts {
        e.insert(kind, value);
    }
}

/// The message with any control character but the line breaks escaped: a last guard, should
/// some text of clap's still carry one.
fn readable(message: &str) -> String {
    let mut out = String::new();
    for c in message.chars() {
        if c.is_control() && c != '\n' {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::{CommandFactory as _, Parser};

    #[derive(Parser, Debug)]
    struct Args {
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=8))]
        bound: Option<u8>,
    }

    fn complaint(args: &[&str]) -> String {
        let mut e = Args::try_parse_from(args).unwrap_err();
        escape_input(&mut e);
        readable(&e.render().to_string())
    }

    #[test]
    fn a_typed_newline_is_shown_escaped() {
        let text = complaint(&["x", "--bound", "1\n2"]);
        assert!(text.contains(r"'1\n2'"), "{text}");
    }

    #[test]
    fn an_unknown_argument_is_escaped_in_the_tip_too() {
        let text = complaint(&["x", "--bo\u{1b}[2J"]);
        assert!(!text.contains('\u{1b}'), "{text:?}");
        assert!(text.contains(r"--bo\u{1b}[2J"), "{text}");
        let long = format!("--{}", "y".repeat(5000));
        let text = complaint(&["x", &long]);
        assert!(text.len() < 600, "{} bytes", text.len());
        assert!(text.contains("Usage:"), "{text}");
        Args::command().debug_assert();
    }
}
