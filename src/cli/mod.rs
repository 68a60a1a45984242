//! Arguments in, exit codes and one-line messages out. One module per command; arguments that
//! several commands share are declared once in [`args`].

mod args;
mod castle;
mod crc;
mod error;
mod input;
mod output;
mod progress;
mod referee;
mod report;
mod show;
mod suite;
mod why;

use clap::{CommandFactory as _, Parser, Subcommand};
pub use error::CliError;
use output::Stdout;
use std::process::ExitCode;

/// Chess960 castling: for each of the 960 starting arrangements and each castling side, can
/// castling happen without a pawn move, only after one, or only as king and rook walking there?
#[derive(Parser)]
#[command(name = "castle960", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Analyse all 960 arrangements, write the CSV report, the analysis document and the
    /// gallery page, and print a summary (the default command).
    Report(report::ReportArgs),
    /// Explain arrangements: by Scharnagl number (0-959) or a range of them (0-9), back rank
    /// (RNBQKBNR) or FEN; `-` reads them from standard input.
    Show(show::ShowArgs),
    /// Can this side castle here, and if not, why not? Any position (FEN, standard chess or
    /// Chess960) or a game (--pgn FILE): each colour's two castlings, every reason that stands,
    /// how soon castling can come, and how to play it.
    Castle(castle::CastleArgs),
    /// Why can't I play this move? A move (SAN, UCI or words like "castle short") in any
    /// position (FEN) or in a game (--pgn FILE --ply N): legal or not, what it does, and every
    /// reason that stands, castling and en passant included.
    Why(why::WhyArgs),
    /// Capablanca Random Chess (ten files): the same questions for its 21,836 start arrays
    /// (`crc report` writes output/crc_castling.csv and output/crc_analysis.md; `crc show N`
    /// explains one array).
    Crc(crc::CrcArgs),
    /// Referee a UCI engine's castling against castle960's: positions of seeded random games (or
    /// a suite file) sent with UCI_Chess960 on, `go perft 1` compared move by move; with
    /// --variant, a ten-file variant's (UCI_Variant, e.g. caparandom). Exit 0 when
    /// all agree, 1 when some differ, 2 on usage errors, 3 when the engine fails, 128 plus the
    /// signal's number when SIGINT, SIGTERM or SIGHUP interrupts it (after the summary so far).
    Referee(referee::RefereeArgs),
    /// Write the castling test suite for move generators (output/castling-suite.epd, or
    /// output/castling-suite-10.epd with --ten-files).
    Suite(suite::SuiteArgs),
    /// Print a completion script for a shell (bash, elvish, fish, powershell, zsh) to standard
    /// output, e.g. `castle960 completions bash > ~/.local/share/bash-completion/completions/castle960`.
    Completions {
        /// The shell to complete for.
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff) to standard output, e.g. `castle960 man | man -l -`.
    Man,
}

/// Parses the command line, runs the command and maps its outcome to an exit code.
pub fn run() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return error::usage(e),
    };
    // Every command succeeds with 0, but for the referee, whose differences are exit code 1.
    let result = match cli.command {
        None => report::run(&report::ReportArgs::default()).map(|()| 0),
        Some(Command::Report(args)) => report::run(&args).map(|()| 0),
        Some(Command::Show(args)) => show::run(&args).map(|()| 0),
        Some(Command::Castle(args)) => castle::run(&args).map(|()| 0),
        Some(Command::Why(args)) => why::run(&args).map(|()| 0),
        Some(Command::Crc(args)) => crc::run(&args).map(|()| 0),
        Some(Command::Referee(args)) => referee::run(&args),
        Some(Command::Suite(args)) => suite::run(&args).map(|()| 0),
        Some(Command::Completions { shell }) => completions(shell).map(|()| 0),
        Some(Command::Man) => man().map(|()| 0),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(e) => e.report(),
    }
}

/// Writes the completion script for `shell` to standard output.
fn completions(shell: clap_complete::Shell) -> Result<(), CliError> {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "castle960", &mut script);
    let mut out = Stdout::lock();
    out.print(&script)?;
    out.finish()
}

/// Writes the manual page to standard output.
fn man() -> Result<(), CliError> {
    let mut page = Vec::new();
    clap_mangen::Man::new(Cli::command())
        .render(&mut page)
        .expect("rendering into memory cannot fail");
    let mut out = Stdout::lock();
    out.print(&page)?;
    out.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// clap's own consistency checks of the whole command line (conflicts, names, defaults).
    #[test]
    fn the_command_line_is_consistent() {
        Cli::command().debug_assert();
    }
}
