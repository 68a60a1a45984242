//! Arguments that more than one command takes, declared once.

use castle960::chess::{Rule, UnknownRule};
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

/// The castling rule a command works under.
#[derive(Args, Clone, Debug, Default)]
pub struct RuleArg {
    /// The castling rule: chess960 (FIDE, the default), chess480, free, flexible or fast (the
    /// README quotes each rule with its source).
    #[arg(long = "rule", value_name = "RULE")]
    name: Option<String>,
}

impl RuleArg {
    /// The rule named, if any. Read here rather than by clap, so that a bad name gets one line
    /// naming the rules, and exit code 2, like every bad input.
    pub fn named(&self) -> Result<Option<Rule>, UnknownRule> {
        self.name.as_deref().map(str::parse).transpose()
    }

    /// The name as given, for commands that read it against another list of rules (a
    /// ten-file position's, [`Rule::ten_file`]).
    pub fn raw(&self) -> Option<&str> {
        self.name.as_deref()
    }
}
