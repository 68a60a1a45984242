//! `castle960 report`: analyse all 960 arrangements and write the four files together.

use crate::cli::CliError;
use crate::cli::args::PawnBoundArg;
use crate::cli::error::Outputs;
use crate::cli::output::{Stdout, note_unproven};
use crate::cli::progress::Progress;
use castle960::atomic::{self, Output, Replace};
use castle960::chess::{Rule, UnknownRule};
use castle960::error::quote;
use castle960::report::explain::Explanation;
use castle960::report::{analysis_doc, csv, files, gallery, rules_csv, summary};
use castle960::start::rules;
use clap::Args;
use std::path::{Path, PathBuf};

/// The first line of the analysis document and of the gallery page: it marks them as
/// castle960's own, so that a later run replaces them and leaves any other file alone. (An
/// HTML comment: Markdown viewers do not show it, and HTML allows comments before the
/// `<!DOCTYPE html>`.)
pub const MARK: &str = "<!-- Written by castle960 report, which replaces this file when it runs again; delete this line to keep the file from being replaced. -->\n";

/// How the mark starts: what a file must start with to be taken for castle960's own.
const MARK_SIGNATURE: &[u8] = b"<!-- Written by castle960 report";

/// How the CSV report starts: its header is fixed, so it needs no mark of its own.
const CSV_SIGNATURE: &[u8] = b"sp,arrangement,fen,";

/// How the rules report starts, likewise.
const RULES_SIGNATURE: &[u8] = b"rule,sp,arrangement,";

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
    /// Where to write the rules report: every castling of every arrangement under every
    /// castling rule analysed (chess960, chess480, free, flexible, fast, or those --rule names)
    /// [default: beside the report, named after it: output/chess960_castling_rules.csv].
    #[arg(long, value_name = "RULES_OUT")]
    rules_out: Option<PathBuf>,
    /// Write all four files into this directory (created if needed) as chess960_castling.csv,
    /// analysis.md, gallery.html and chess960_castling_rules.csv, instead of naming each with
    /// --out, --analysis, --gallery and --rules-out.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["out", "analysis", "gallery", "rules_out"])]
    out_dir: Option<PathBuf>,
    /// Replace existing files even if castle960 did not write them (by default only its own
    /// earlier outputs are replaced: the CSV by its header, the others by their first line).
    #[arg(long)]
    force: bool,
    /// Print nothing but errors: no progress, no summary, no list of the files written.
    #[arg(long, short)]
    quiet: bool,
    #[command(flatten)]
    pawn_bound: PawnBoundArg,
    /// Analyse only these castling rules for the rules report, the gallery's rule switch and
    /// analysis.md's table of the rules: chess960, chess480, free, flexible or fast, repeated
    /// or separated by commas [default: all five]. Chess960's own analysis (the CSV report, the
    /// answer) is made whatever is named; fewer rules make a quicker run.
    #[arg(long = "rule", value_name = "RULE", value_delimiter = ',')]
    rules: Vec<String>,
}

impl Default for ReportArgs {
    fn default() -> ReportArgs {
        ReportArgs {
            out: PathBuf::from(csv::DEFAULT_PATH),
            analysis: PathBuf::from(analysis_doc::DEFAULT_PATH),
            gallery: PathBuf::from(gallery::DEFAULT_PATH),
            rules_out: None,
            out_dir: None,
            force: false,
            quiet: false,
            pawn_bound: PawnBoundArg::default(),
            rules: Vec::new(),
        }
    }
}

impl ReportArgs {
    /// The rules named with `--rule`, in [`Rule::ALL`]'s order, each once; all of them when
    /// none is named.
    fn rules(&self) -> Result<Vec<Rule>, UnknownRule> {
        let named: Vec<Rule> = self
            .rules
            .iter()
            .map(|name| name.parse())
            .collect::<Result<_, _>>()?;
        Ok(Rule::selected(&named))
    }

    /// The paths of the CSV, the analysis document, the gallery and the rules report.
    fn paths(&self) -> [PathBuf; 4] {
        match &self.out_dir {
            Some(dir) => [
                csv::DEFAULT_PATH,
                analysis_doc::DEFAULT_PATH,
                gallery::DEFAULT_PATH,
                rules_csv::DEFAULT_PATH,
            ]
            .map(|default| dir.join(Path::new(default).file_name().expect("a file name"))),
            None => [
                self.out.clone(),
                self.analysis.clone(),
                self.gallery.clone(),
                self.rules_out
                    .clone()
                    .unwrap_or_else(|| rules_csv::beside(&self.out)),
            ],
        }
    }

    /// How the command line names each output's path, for advice when one cannot be written:
    /// `--out-dir` for all four when it was given, else each file's own flag.
    fn flags(&self) -> Outputs {
        let flags = match self.out_dir {
            Some(_) => ["--out-dir"; 4],
            None => ["--out", "--analysis", "--gallery", "--rules-out"],
        };
        Outputs::Report(
            self.paths()
                .iter()
                .map(|path| path.display().to_string())
                .zip(flags)
                .collect(),
        )
    }

    /// The directories this run creates when missing: `--out-dir`'s, or the default outputs'.
    fn directories_to_create(&self) -> Vec<PathBuf> {
        if let Some(dir) = &self.out_dir {
            return vec![dir.clone()];
        }
        let rules = self.paths()[3].clone();
        [
            (&self.out, csv::DEFAULT_PATH),
            (&self.gallery, gallery::DEFAULT_PATH),
            (&rules, rules_csv::DEFAULT_PATH),
        ]
        .into_iter()
        .filter(|(path, default)| *path == Path::new(default))
        .filter_map(|(path, _)| path.parent().map(Path::to_path_buf))
        .collect()
    }
}

/// Runs the analysis and commits the CSV, the analysis document and the gallery together.
pub fn run(args: &ReportArgs) -> Result<(), CliError> {
    let rules = args.rules()?;
    for dir in args.directories_to_create() {
        std::fs::create_dir_all(&dir).map_err(|source| CliError::OutputDirectory {
            path: dir.display().to_string(),
            source,
        })?;
    }
    remove_temporary_files_on_signals()?;
    let [out, analysis_path, gallery_path, rules_path] = args.paths();
    let outputs = [
        Output {
            path: &out,
            signature: CSV_SIGNATURE,
        },
        Output {
            path: &analysis_path,
            signature: MARK_SIGNATURE,
        },
        Output {
            path: &gallery_path,
            signature: MARK_SIGNATURE,
        },
        Output {
            path: &rules_path,
            signature: RULES_SIGNATURE,
        },
    ];
    let replace = if args.force {
        Replace::Any
    } else {
        Replace::Own
    };
    // Open the outputs first: a path that cannot be written is reported before the long run.
    let flags = args.flags();
    let staged = atomic::Staged::new(&outputs, replace).map_err(|e| flags.error(e))?;
    if !args.quiet {
        note_unproven(staged.unproven());
    }
    let progress = Progress::new(args.quiet);
    // Chess960's analysis and the other rules', their pawn-move searches in one pool.
    // The gallery's explanations are made as each arrangement's analysis is, beside the searches.
    let (analyses, explanations, under_rules): (_, Vec<Explanation>, _) =
        rules::analyse_with_chess960_and(
            &rules,
            args.pawn_bound.bound,
            &|share| progress.update(share),
            &Explanation::new,
        );
    progress.finish();
    let files = files::render(&analyses, &explanations, &under_rules)?;
    let document = format!("{MARK}{}", files.document);
    let page = format!("{MARK}{}", files.page);
    staged
        .commit(&[
            &files.csv,
            document.as_bytes(),
            page.as_bytes(),
            &files.rules_table,
        ])
        .map_err(|e| flags.error(e))?;
    if args.quiet {
        return Ok(());
    }
    let mut stdout = Stdout::lock();
    stdout.print(summary::summary(&analyses))?;
    stdout.print(summary::rules_summary(&under_rules))?;
    for (what, path) in [
        ("Report", &out),
        ("Analysis", &analysis_path),
        ("Gallery", &gallery_path),
        ("Rules report", &rules_path),
    ] {
        let path = quote(&path.display().to_string());
        stdout.print(format!("{what} written to {path}\n"))?;
    }
    stdout.finish()
}

/// On SIGINT (Ctrl-C), SIGTERM or SIGHUP (the terminal closed), removes the report's temporary
/// files and exits with 128 plus the signal's number (130, 143, 129), as a shell expects; a
/// commit in progress finishes first.
pub(crate) fn remove_temporary_files_on_signals() -> Result<(), CliError> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP])
        .map_err(CliError::Signals)?;
    std::thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            atomic::abandon_and_exit(128 + signal);
        }
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The signatures recognise what the program writes.
    #[test]
    fn the_marks_are_recognised() {
        assert!(MARK.as_bytes().starts_with(MARK_SIGNATURE));
        assert_eq!(MARK.matches('\n').count(), 1, "one line");
        let header = castle960::report::csv::Row::column_names().join(",");
        assert!(header.as_bytes().starts_with(CSV_SIGNATURE), "{header}");
    }
}
