//! `castle960 report`: analyse all 960 arrangements and write the three outputs together.

use crate::cli::CliError;
use crate::cli::args::PawnBound;
use crate::cli::progress::Progress;
use castle960::atomic;
use castle960::report::{analysis_doc, csv, gallery, summary};
use castle960::start::analysis;
use clap::Args;
use std::path::{Path, PathBuf};

/// The arguments of `report`; bare `castle960` runs it with the defaults.
#[derive(Args)]
pub struct ReportArgs {
    /// Where to write the CSV report.
    #[arg(long, default_value = csv::DEFAULT_PATH)]
    out: PathBuf,
    /// Where to write the analysis document.
    #[arg(long, default_value = analysis_doc::DEFAULT_PATH)]
    analysis: PathBuf,
    /// Where to write the gallery: one self-contained HTML page of all 960 arrangements.
    #[arg(long, default_value = gallery::DEFAULT_PATH)]
    gallery: PathBuf,
    #[command(flatten)]
    bound: PawnBound,
}

impl Default for ReportArgs {
    fn default() -> ReportArgs {
        ReportArgs {
            out: PathBuf::from(csv::DEFAULT_PATH),
            analysis: PathBuf::from(analysis_doc::DEFAULT_PATH),
            gallery: PathBuf::from(gallery::DEFAULT_PATH),
            bound: PawnBound::default(),
        }
    }
}

/// Runs the analysis and commits the CSV, the analysis document and the gallery together.
pub fn run(args: &ReportArgs) -> Result<(), CliError> {
    // The default output directory is created; a directory the user names must exist.
    for (path, default) in [
        (&args.out, csv::DEFAULT_PATH),
        (&args.gallery, gallery::DEFAULT_PATH),
    ] {
        if path == Path::new(default) {
            std::fs::create_dir_all(path.parent().unwrap()).map_err(CliError::OutputDirectory)?;
        }
    }
    remove_temporary_files_on_signals()?;
    // Open the outputs first: a path that cannot be written is reported before the long run.
    let staged = atomic::Staged::new(&[&args.out, &args.analysis, &args.gallery])?;
    let progress = Progress::new();
    let analyses = analysis::analyse_all_with(args.bound.files, |share| progress.update(share));
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
    let (document, page) = (document?, page?);
    staged.commit(&[&csv, document.as_bytes(), page.as_bytes()])?;
    print!("{}", summary::summary(&analyses));
    println!("Report written to {}", args.out.display());
    println!("Analysis written to {}", args.analysis.display());
    println!("Gallery written to {}", args.gallery.display());
    Ok(())
}

/// On SIGINT (Ctrl-C) or SIGTERM, removes the report's temporary files and exits with 128 plus
/// the signal's number (130, 143), as a shell expects; a commit in progress finishes first.
fn remove_temporary_files_on_signals() -> Result<(), CliError> {
    use signal_hook::consts::{SIGINT, SIGTERM};
    let mut signals =
        signal_hook::iterator::Signals::new([SIGINT, SIGTERM]).map_err(CliError::Signals)?;
    std::thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            atomic::abandon_and_exit(128 + signal);
        }
    });
    Ok(())
}
