//! Arguments in, exit codes and one-line messages out. One module per command; arguments that
//! several commands share are declared once in [`args`].

mod args;
mod error;
mod progress;
mod report;
mod show;

use clap::{Parser, Subcommand};
pub use error::CliError;
use std::process::ExitCode;

/// Chess960 castling: for each of the 960 starting arrangements and each castling side, can
/// castling happen without a pawn move, only after one, or only as king and rook walking there?
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Analyse all 960 arrangements, write the CSV report, the analysis document and the
    /// gallery page, and print a summary (the default command).
    Report(report::ReportArgs),
    /// Explain one arrangement: by Scharnagl number (0-959), back rank (RNBQKBNR) or FEN.
    Show(show::ShowArgs),
}

/// Parses the command line, runs the command and maps its outcome to an exit code.
pub fn run() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => e.exit(), // --help and --version print and succeed
        Err(e) => return error::usage(&e),
    };
    let result = match cli.command {
        None => report::run(&report::ReportArgs::default()),
        Some(Command::Report(args)) => report::run(&args),
        Some(Command::Show(args)) => show::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => e.report(),
    }
}
