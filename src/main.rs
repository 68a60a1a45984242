//! The `castle960` command line: parses arguments, calls the library, maps errors to exit codes.

use castle960::arrangement::parse_any;
use castle960::{analysis, explain, report};
use clap::{Parser, Subcommand};
use std::path::PathBuf;
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
    /// Analyse all 960 arrangements, write the CSV report and print a summary (the default).
    Report {
        /// Where to write the CSV report.
        #[arg(long, default_value = report::DEFAULT_PATH)]
        out: PathBuf,
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
        #[arg(long)]
        json: bool,
    },
}

/// Exit code for anything wrong with what the user asked for.
const BAD_INPUT: u8 = 2;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        None => run_report(&PathBuf::from(report::DEFAULT_PATH)),
        Some(Command::Report { out }) => run_report(&out),
        Some(Command::Show {
            arrangement,
            ascii,
            json,
        }) => run_show(&arrangement, ascii, json),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("castle960: {message}");
            ExitCode::from(BAD_INPUT)
        }
    }
}

fn run_report(out: &std::path::Path) -> Result<(), String> {
    if out == std::path::Path::new(report::DEFAULT_PATH) {
        std::fs::create_dir_all(out.parent().unwrap())
            .map_err(|e| format!("cannot create the output directory: {e}"))?;
    }
    let analyses = analysis::analyse_all();
    report::write_atomically(out, &report::to_csv(&analyses)).map_err(|e| e.to_string())?;
    print!("{}", report::summary(&analyses));
    println!("Report written to {}", out.display());
    Ok(())
}

fn run_show(input: &str, ascii: bool, json: bool) -> Result<(), String> {
    let arrangement = parse_any(input).map_err(|e| e.to_string())?;
    let analysis = analysis::Analysis::new(arrangement);
    let explanation = explain::Explanation::new(&analysis);
    if json {
        let text = serde_json::to_string_pretty(&explanation).expect("explanations serialize");
        println!("{text}");
    } else {
        print!("{}", explanation.to_text(&arrangement, !ascii));
    }
    Ok(())
}
