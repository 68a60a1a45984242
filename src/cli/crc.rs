//! `castle960 crc`: the Capablanca Random Chess arrays (ten files) under the 960's model: the
//! report of all 21,836 (`crc report`) and any array explained (`crc show`).

use crate::cli::CliError;
use crate::cli::error::Outputs;
use crate::cli::output::{Stdout, note_unproven};
use crate::cli::progress::Progress;
use castle960::atomic::{self, Output, Replace};
use castle960::error::quote;
use castle960::report::crc;
use castle960::start::bound::PawnBound;
use castle960::start::crc::{CrcAnalysis, DEFAULT_BOUND, analyse_all};
use castle960::ten::CrcArray;
use clap::builder::TypedValueParser as _;
use clap::{Args, Subcommand};
use rayon::prelude::*;
use std::path::PathBuf;

/// The first line of the CRC analysis document: castle960's mark, as `report` writes it.
const MARK: &str = "<!-- Written by castle960 crc report, which replaces this file when it runs again; delete this line to keep the file from being replaced. -->\n";

/// How the mark starts: what a file must start with to be taken for castle960's own.
const MARK_SIGNATURE: &[u8] = b"<!-- Written by castle960 crc report";

/// The arguments of `crc`.
#[derive(Args)]
pub struct CrcArgs {
    #[command(subcommand)]
    command: CrcCommand,
}

#[derive(Subcommand)]
enum CrcCommand {
    /// Analyse all 21,836 CRC arrays (in parallel), write the CSV report and the analysis
    /// document, and print the answer.
    Report(ReportArgs),
    /// Explain CRC arrays: by number (0-21835) or back rank (RNBQCKABNR).
    Show(ShowArgs),
}

/// How many files the CRC pawn-move search may move pawns on.
#[derive(Args, Clone, Copy)]
struct CrcBound {
    /// The most files whose pawns the pawn-move search may move, 1 to 10 (see the README,
    /// "Capablanca Random Chess arrays", for what each costs).
    #[arg(long = "pawn-bound", value_name = "FILES", default_value_t = DEFAULT_BOUND,
          value_parser = clap::value_parser!(u8).range(1..=10)
              .try_map(|files| PawnBound::within::<10>(files.into())))]
    bound: PawnBound,
}

#[derive(Args)]
struct ReportArgs {
    /// Where to write the CSV report.
    #[arg(long, default_value = crc::DEFAULT_PATH)]
    out: PathBuf,
    /// Where to write the analysis document.
    #[arg(long, default_value = crc::DOC_PATH)]
    analysis: PathBuf,
    /// Analyse every Nth array only (0, N, 2N, ...): a quick sample.
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..))]
    step: u16,
    /// Replace existing files even if castle960 did not write them.
    #[arg(long)]
    force: bool,
    /// Print nothing but errors.
    #[arg(long, short)]
    quiet: bool,
    #[command(flatten)]
    pawn_bound: CrcBound,
}

#[derive(Args)]
struct ShowArgs {
    /// Arrays to explain, each a number such as 0 or a back rank such as RNBQCKABNR.
    #[arg(required = true, value_name = "ARRAY")]
    arrays: Vec<String>,
    /// Print each explanation as one line of JSON (JSON Lines), for scripts.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    pawn_bound: CrcBound,
}

/// Runs `crc report` or `crc show`.
pub fn run(args: &CrcArgs) -> Result<(), CliError> {
    match &args.command {
        CrcCommand::Report(args) => report(args),
        CrcCommand::Show(args) => show(args),
    }
}

/// Analyses the arrays and commits the CSV and the document together.
fn report(args: &ReportArgs) -> Result<(), CliError> {
    let defaults = [crc::DEFAULT_PATH, crc::DOC_PATH];
    for (path, default) in [&args.out, &args.analysis].into_iter().zip(defaults) {
        if path.as_os_str() == default
            && let Some(dir) = path.parent()
        {
            std::fs::create_dir_all(dir).map_err(|source| CliError::OutputDirectory {
                path: dir.display().to_string(),
                source,
            })?;
        }
    }
    crate::cli::report::remove_temporary_files_on_signals()?;
    let outputs = [
        Output {
            path: &args.out,
            signature: crc::CSV_SIGNATURE,
        },
        Output {
            path: &args.analysis,
            signature: MARK_SIGNATURE,
        },
    ];
    let flags = Outputs::Report(vec![
        (args.out.display().to_string(), "--out"),
        (args.analysis.display().to_string(), "--analysis"),
    ]);
    let replace = if args.force {
        Replace::Any
    } else {
        Replace::Own
    };
    let staged = atomic::Staged::new(&outputs, replace).map_err(|e| flags.error(e))?;
    if !args.quiet {
        note_unproven(staged.unproven());
    }
    let arrays: Vec<CrcArray> = castle960::ten::arrays()
        .into_iter()
        .step_by(usize::from(args.step))
        .collect();
    let progress = Progress::new(args.quiet).of("the CRC arrays");
    let analyses = analyse_all(&arrays, args.pawn_bound.bound, &|share| {
        progress.update(share)
    });
    progress.finish();
    let rows = crc::rows(&analyses);
    let (table, document) = rayon::join(
        || crc::to_csv(&rows),
        || crc::document(&rows, args.pawn_bound.bound),
    );
    let document = format!("{MARK}{document}");
    staged
        .commit(&[&table, document.as_bytes()])
        .map_err(|e| flags.error(e))?;
    if args.quiet {
        return Ok(());
    }
    let requiring = analyses.iter().filter(|a| a.requires_castling()).count();
    let mut stdout = Stdout::lock();
    stdout.print(format!(
        "CRC arrays from which White can reach a position that requires castling: {requiring} of {} (pawns moved on at most {})\n",
        analyses.len(),
        crc::files(args.pawn_bound.bound.files())
    ))?;
    for (what, path) in [("Report", &args.out), ("Analysis", &args.analysis)] {
        let path = quote(&path.display().to_string());
        stdout.print(format!("{what} written to {path}\n"))?;
    }
    stdout.finish()
}

/// Explains the arrays asked for, in order; every argument is read before anything is printed.
fn show(args: &ShowArgs) -> Result<(), CliError> {
    let arrays: Vec<CrcArray> = args
        .arrays
        .iter()
        .map(|text| text.parse())
        .collect::<Result<_, _>>()?;
    let texts: Vec<String> = arrays
        .par_iter()
        .map(|&array| {
            let analysis = CrcAnalysis::new(array, args.pawn_bound.bound);
            if args.json {
                crc::to_json_line(&analysis)
            } else {
                crc::to_text(&analysis)
            }
        })
        .collect();
    let mut out = Stdout::lock();
    for (i, text) in texts.iter().enumerate() {
        if i > 0 && !args.json {
            out.print("\n")?;
        }
        out.print(text)?;
    }
    out.finish()
}
