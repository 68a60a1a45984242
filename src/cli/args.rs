//! Arguments that more than one command takes, declared once.

use castle960::start::search::pawn;
use clap::Args;
use clap::builder::TypedValueParser;

/// How many files the pawn-move search may move pawns on.
#[derive(Args, Clone, Copy, Debug)]
pub struct PawnBound {
    /// The most files whose pawns the pawn-move search may move, 1 to 8 (8: every pawn structure).
    #[arg(long = "pawn-bound", default_value_t = pawn::DEFAULT_BOUND,
          value_parser = clap::value_parser!(u8).range(1..=8).map(|b| b as usize))]
    pub files: usize,
}

impl Default for PawnBound {
    fn default() -> PawnBound {
        PawnBound {
            files: pawn::DEFAULT_BOUND,
        }
    }
}
