//! `castle960 suite`: write the castling test suite for move generators.

use crate::cli::CliError;
use crate::cli::error::Outputs;
use crate::cli::output::{Stdout, note_unproven};
use castle960::atomic::{self, Output, Replace};
use castle960::error::quote;
use castle960::referee::{suite, ten_suite};
use clap::Args;
use std::path::{Path, PathBuf};

/// The arguments of `suite`.
#[derive(Args)]
pub struct SuiteArgs {
    /// Where to write the suite (default output/castling-suite.epd, or
    /// output/castling-suite-10.epd with --ten-files).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Write the ten-file suite instead: positions of capablanca, caparandom, gothic, embassy
    /// and janus exercising their castling, each line naming its variant.
    #[arg(long)]
    ten_files: bool,
    /// Also replace a file castle960 did not write.
    #[arg(long)]
    force: bool,
}

/// Every suite starts with the same line: the standard start position, the first of the named
/// positions. An existing file that starts so is taken for an earlier suite.
const SIGNATURE: &[u8] =
    b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1 ;D1 20 ;D2 400 ;castling - ;";

/// The ten-file suite's first line starts so: Capablanca Chess's start position.
const TEN_SIGNATURE: &[u8] =
    b"rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w JAja - 0 1 ;D1 28 ;D2 784 ;castling - ;";

/// Generates the suite and writes it at once (or not at all).
pub fn run(args: &SuiteArgs) -> Result<(), CliError> {
    let (default, signature) = match args.ten_files {
        false => (suite::DEFAULT_PATH, SIGNATURE),
        true => (ten_suite::DEFAULT_PATH, TEN_SIGNATURE),
    };
    let path = args.out.as_deref().unwrap_or(Path::new(default));
    if path == Path::new(default)
        && let Some(dir) = path.parent()
    {
        std::fs::create_dir_all(dir).map_err(|source| CliError::OutputDirectory {
            path: dir.display().to_string(),
            source,
        })?;
    }
    let outputs = [Output { path, signature }];
    let replace = if args.force {
        Replace::Any
    } else {
        Replace::Own
    };
    let staged = atomic::Staged::new(&outputs, replace).map_err(|e| Outputs::Suite.error(e))?;
    note_unproven(staged.unproven());
    let (count, text) = match args.ten_files {
        false => {
            let entries = suite::generate();
            (entries.len(), suite::render(&entries))
        }
        true => {
            let entries = ten_suite::generate();
            (entries.len(), ten_suite::render(&entries))
        }
    };
    debug_assert!(text.as_bytes().starts_with(signature));
    staged
        .commit(&[text.as_bytes()])
        .map_err(|e| Outputs::Suite.error(e))?;
    let mut out = Stdout::lock();
    out.print(format!(
        "Suite of {count} positions written to {}\n",
        quote(&path.display().to_string())
    ))?;
    out.finish()
}
