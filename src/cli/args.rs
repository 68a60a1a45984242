//! Arguments that more than one command takes, declared once.

use crate::cli::CliError;
use crate::cli::input::{self, InputLimits};
use castle960::chess::{Rule, UnknownRule};
use castle960::notation::pgn_import::{Game, read_pgn_game_under};
use castle960::start::bound::PawnBound;
use castle960::start::search::pawn;
use clap::Args;
use clap::builder::TypedValueParser;
use std::path::Path;

/// `--pawn-bound`: how many files the pawn-move search may move pawns on.
#[derive(Args, Clone, Copy, Debug)]
pub struct PawnBoundArg {
    /// The most files whose pawns the pawn-move search may move, 1 to 8 (8: every pawn structure).
    #[arg(long = "pawn-bound", value_name = "FILES", default_value_t = pawn::DEFAULT_BOUND,
          value_parser = clap::value_parser!(u8).range(1..=8)
              .try_map(|files| PawnBound::within::<8>(files.into())))]
    pub bound: PawnBound,
}

impl Default for PawnBoundArg {
    fn default() -> PawnBoundArg {
        PawnBoundArg {
            bound: pawn::DEFAULT_BOUND,
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

/// Which game of the `--pgn` file a command reads (`castle`, `why`).
#[derive(Args, Clone, Copy, Debug)]
pub struct GameNumber {
    /// With --pgn: which game of the file, counting from 1.
    #[arg(long, default_value_t = 1, requires = "pgn", value_parser = clap::value_parser!(u64).range(1..))]
    game: u64,
}

impl GameNumber {
    /// The game read from the PGN file at `path` (within `limits`), under `rule` when one is
    /// given (a game whose tags declare another is refused).
    pub fn read(
        &self,
        path: &Path,
        limits: InputLimits,
        rule: Option<Rule>,
    ) -> Result<Game, CliError> {
        let text = input::read_file(path, limits)?;
        Ok(read_pgn_game_under(&text, self.game as usize, rule)?)
    }
}

/// `--ply N` checked against `game`: 0 (the start) up to its number of plies.
pub fn ply_in(game: &Game, ply: usize) -> Result<usize, CliError> {
    let plies = game.moves.len();
    if ply > plies {
        return Err(CliError::PlyOutOfRange { ply, plies });
    }
    Ok(ply)
}

/// How a command that explains one thing prints it (`castle`, `why`): text with Unicode chess
/// symbols or plain letters, or JSON.
#[derive(Args, Clone, Copy, Debug)]
pub struct Printing {
    /// Print plain letters instead of Unicode chess symbols.
    #[arg(long)]
    ascii: bool,
    /// Print JSON for scripts (schema in the README).
    #[arg(long)]
    pub json: bool,
}

impl Printing {
    /// Whether the text shows Unicode chess symbols.
    pub fn unicode(&self) -> bool {
        !self.ascii
    }
}

/// `value` as pretty JSON with a final newline.
pub fn json(value: &impl serde::Serialize) -> String {
    let mut text = serde_json::to_string_pretty(value).expect("answers serialize");
    text.push('\n');
    text
}
