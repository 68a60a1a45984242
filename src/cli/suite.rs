//! `castle960 suite`: write the castling test suite for move generators.

use crate::cli::CliError;
use crate::cli::error::Outputs;
use crate::cli::output::{Stdout, note_unproven};
use castle960::atomic::{self, Output, Replace};
use castle960::error::quote;
use castle960::referee::suite;
use clap::Args;
use std::path::PathBuf;

/// The arguments of `suite`.
#[derive(Args)]
pub struct SuiteArgs {
    /// Where to write the suite.
    #[arg(long, default_value = suite::DEFAULT_PATH)]
    out: PathBuf,
    /// Also replace a file castle960 did not write.
    #[arg(long)]
    force: bool,
}

/// Every suite starts with the same line: the standard start position, the first of the named
/// positions. An existing file that starts so is taken for an earlier suite.
const SIGNATURE: &[u8] =
    b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1 ;D1 20 ;D2 400 ;castling - ;";

/// Generates the suite and writes it at once (or not at all).
pub fn run(args: &SuiteArgs) -> Result<(), CliError> {
    if args.out == std::path::Path::new(suite::DEFAULT_PATH)
        && let Some(dir) = args.out.parent()
    {
        std::fs::create_dir_all(dir).map_err(|source| CliError::OutputDirectory {
            path: dir.display().to_string(),
            source,
        })?;
    }
    let outputs = [Output {
        path: &args.out,
        signature: SIGNATURE,
    }];
    let replace = if args.force {
        Replace::Any
    } else {
        Replace::Own
    };
    let staged = atomic::Staged::new(&outputs, replace).map_err(|e| Outputs::Suite.error(e))?;
    note_unproven(staged.unproven());
    let entries = suite::generate();
    let text = suite::render(&entries);
    debug_assert!(text.as_bytes().starts_with(SIGNATURE));
    staged
        .commit(&[text.as_bytes()])
        .map_err(|e| Outputs::Suite.error(e))?;
    let mut out = Stdout::lock();
    out.print(format!(
        "Suite of {} positions written to {}\n",
        entries.len(),
        quote(&args.out.display().to_string())
    ))?;
    out.finish()
}
