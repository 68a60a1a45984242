//! The `castle960` command line: parses arguments, calls the library, maps errors to exit codes.

use castle960::analysis;
use castle960::chess::arrangement::parse_any;
use castle960::output::{analysis_doc, csv, explain, gallery, staged, summary};
use castle960::search::pawn;
use clap::builder::TypedValueParser;
use clap::{Parser, Subcommand};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

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
    Report {
        /// Where to write the CSV report.
        #[arg(long, default_value = csv::DEFAULT_PATH)]
        out: PathBuf,
        /// Where to write the analysis document.
        #[arg(long, default_value = analysis_doc::DEFAULT_PATH)]
        analysis: PathBuf,
        /// Where to write the gallery: one self-contained HTML page of all 960 arrangements.
        #[arg(long, default_value = gallery::DEFAULT_PATH)]
        gallery: PathBuf,
        /// The most files whose pawns the pawn-move search may move (1 to 4).
        #[arg(long, default_value_t = pawn::DEFAULT_BOUND,
              value_parser = clap::value_parser!(u8).range(1..=8).map(|b| b as usize))]
        pawn_bound: usize,
    },
    /// Explain one arrangement: by Scharnagl number (0-959), back rank (RNBQKBNR) or FEN.
    Show {
        /// An SP such as 518, a back rank such as RNBQKBNR, or a start-position FEN (quoted).
        #[arg(allow_negative_numbers = true)]
        arrangement: String,
        /// Print plain letters instead of Unicode chess symbols.
        #[arg(long)]
        ascii: bool,
        /// Print the explanation as JSON for scripts.
        #[arg(long, conflicts_with = "pgn")]
        json: bool,
        /// Print each witness line as a PGN game (Variant Chess960, start FEN) instead.
        #[arg(long)]
        pgn: bool,
        /// The most files whose pawns the pawn-move search may move (1 to 4).
        #[arg(long, default_value_t = pawn::DEFAULT_BOUND,
              value_parser = clap::value_parser!(u8).range(1..=8).map(|b| b as usize))]
        pawn_bound: usize,
    },
}

/// Exit code for anything wrong with what the user asked for.
const BAD_INPUT: u8 = 2;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => e.exit(), // --help and --version print and succeed
        Err(e) => {
            // One line saying what is wrong, as for every other bad input.
            let text = e.to_string();
            let what: Vec<&str> = text
                .lines()
                .take_while(|l| !l.trim().is_empty())
                .map(str::trim)
                .collect();
            let what = what.join(" ");
            let what = what.strip_prefix("error: ").unwrap_or(&what);
            eprintln!("castle960: {} (see castle960 --help)", readable(what));
            return ExitCode::from(BAD_INPUT);
        }
    };
    let result = match cli.command {
        None => run_report(
            &PathBuf::from(csv::DEFAULT_PATH),
            &PathBuf::from(analysis_doc::DEFAULT_PATH),
            &PathBuf::from(gallery::DEFAULT_PATH),
            pawn::DEFAULT_BOUND,
        ),
        Some(Command::Report {
            out,
            analysis,
            gallery,
            pawn_bound,
        }) => run_report(&out, &analysis, &gallery, pawn_bound),
        Some(Command::Show {
            arrangement,
            ascii,
            json,
            pgn,
            pawn_bound,
        }) => run_show(&arrangement, ascii, json, pgn, pawn_bound),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("castle960: {message}");
            ExitCode::from(BAD_INPUT)
        }
    }
}

/// The most characters of clap's message about bad arguments that are shown (it repeats them).
const USAGE_MESSAGE_LIMIT: usize = 200;

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

/// Progress on stderr while the report runs, shown only on a terminal and only after a second.
struct Progress {
    start: Instant,
    shown: AtomicBool,
    enabled: bool,
}

impl Progress {
    fn new() -> Progress {
        Progress {
            start: Instant::now(),
            shown: AtomicBool::new(false),
            enabled: std::io::stderr().is_terminal(),
        }
    }

    fn update(&self, share: f64) {
        if self.enabled && self.start.elapsed().as_secs_f64() > 1.0 {
            self.shown.store(true, Ordering::Relaxed);
            eprint!("\ranalysing the 960 arrangements: {:3.0}%", share * 100.0);
        }
    }

    fn finish(&self) {
        if self.shown.load(Ordering::Relaxed) {
            eprintln!("\r{:<40}", "");
        }
    }
}

fn run_report(
    out: &Path,
    analysis_path: &Path,
    gallery_path: &Path,
    bound: usize,
) -> Result<(), String> {
    // The default output directory is created; a directory the user names must exist.
    for (path, default) in [
        (out, csv::DEFAULT_PATH),
        (gallery_path, gallery::DEFAULT_PATH),
    ] {
        if path == Path::new(default) {
            std::fs::create_dir_all(path.parent().unwrap())
                .map_err(|e| format!("cannot create the output directory: {e}"))?;
        }
    }
    remove_temporary_files_on_signals()?;
    // Open the outputs first: a path that cannot be written is reported before the long run.
    let staged =
        staged::Staged::new(&[out, analysis_path, gallery_path]).map_err(|e| e.to_string())?;
    let progress = Progress::new();
    let analyses = analysis::analyse_all_with(bound, |share| progress.update(share));
    progress.finish();
    // The three files are independent of one another: rendered side by side.
    let ((document, csv), page) = rayon::join(
        || {
            rayon::join(
                || analysis_doc::render(&analyses),
                || csv::to_csv(&analyses),
            )
        },
        || gallery::render(&analyses),
    );
    let document = document.map_err(|e| e.to_string())?;
    staged
        .commit(&[&csv, document.as_bytes(), page.as_bytes()])
        .map_err(|e| e.to_string())?;
    print!("{}", summary::summary(&analyses));
    println!("Report written to {}", out.display());
    println!("Analysis written to {}", analysis_path.display());
    println!("Gallery written to {}", gallery_path.display());
    Ok(())
}

/// On SIGINT (Ctrl-C) or SIGTERM, removes the report's temporary files and exits with 128 plus
/// the signal's number (130, 143), as a shell expects; a commit in progress finishes first.
fn remove_temporary_files_on_signals() -> Result<(), String> {
    use signal_hook::consts::{SIGINT, SIGTERM};
    let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM])
        .map_err(|e| format!("cannot watch for interruptions: {e}"))?;
    std::thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            staged::abandon_and_exit(128 + signal);
        }
    });
    Ok(())
}

fn run_show(input: &str, ascii: bool, json: bool, pgn: bool, bound: usize) -> Result<(), String> {
    let arrangement = parse_any(input).map_err(|e| e.to_string())?;
    let analysis = analysis::Analysis::with_bound(arrangement, bound);
    let explanation = explain::Explanation::new(&analysis);
    if pgn {
        print!("{}", explanation.to_pgn());
    } else if json {
        let text = serde_json::to_string_pretty(&explanation).expect("explanations serialize");
        println!("{text}");
    } else {
        print!("{}", explanation.to_text(&arrangement, !ascii));
    }
    Ok(())
}
