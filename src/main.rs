//! The `castle960` command line: parses arguments, calls the library, maps errors to exit codes.

use castle960::arrangement::parse_any;
use castle960::{analysis, analysis_doc, explain, report};
use clap::{Parser, Subcommand};
use std::path::{Path, PathBuf};
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
    /// Analyse all 960 arrangements, write the CSV report and the analysis document, and print
    /// a summary (the default command).
    Report {
        /// Where to write the CSV report.
        #[arg(long, default_value = report::DEFAULT_PATH)]
        out: PathBuf,
        /// Where to write the analysis document.
        #[arg(long, default_value = analysis_doc::DEFAULT_PATH)]
        analysis: PathBuf,
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
    },
}

/// Exit code for anything wrong with what the user asked for.
const BAD_INPUT: u8 = 2;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        None => run_report(
            &PathBuf::from(report::DEFAULT_PATH),
            &PathBuf::from(analysis_doc::DEFAULT_PATH),
        ),
        Some(Command::Report { out, analysis }) => run_report(&out, &analysis),
        Some(Command::Show {
            arrangement,
            ascii,
            json,
            pgn,
        }) => run_show(&arrangement, ascii, json, pgn),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("castle960: {message}");
            ExitCode::from(BAD_INPUT)
        }
    }
}

fn run_report(out: &Path, analysis_path: &Path) -> Result<(), String> {
    if out == Path::new(report::DEFAULT_PATH) {
        std::fs::create_dir_all(out.parent().unwrap())
            .map_err(|e| format!("cannot create the output directory: {e}"))?;
    }
    let analyses = analysis::analyse_all();
    let document = analysis_doc::render(&analyses).map_err(|e| e.to_string())?;
    let csv = report::to_csv(&analyses);
    report::write_atomically(&[(out, &csv), (analysis_path, document.as_bytes())])
        .map_err(|e| e.to_string())?;
    print!("{}", report::summary(&analyses));
    println!("Report written to {}", out.display());
    println!("Analysis written to {}", analysis_path.display());
    Ok(())
}

fn run_show(input: &str, ascii: bool, json: bool, pgn: bool) -> Result<(), String> {
    let arrangement = parse_any(input).map_err(|e| e.to_string())?;
    let analysis = analysis::Analysis::new(arrangement);
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
