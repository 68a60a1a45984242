//! `castle960 why`: why can't I play this move? A move in a position given as a FEN, or in a game
//! given as PGN at a chosen ply, judged with every reason that stands.

use crate::cli::CliError;
use crate::cli::args::{GameNumber, Printing, json, ply_in};
use crate::cli::input::InputLimits;
use crate::cli::output::Stdout;
use castle960::chess::Rule;
use castle960::notation::fen::read_fen;
use castle960::why::{Past, answer_text, why};
use castle960::words::WIDTH;
use clap::Args;
use std::path::PathBuf;

/// The arguments of `why`.
#[derive(Args)]
pub struct WhyArgs {
    /// The position as a FEN (quoted), then the move; with --pgn, the move alone. The move in SAN
    /// (Nf3, exd6, e8=Q, O-O), UCI (g1f3, e5d6, e7e8q; castling e1h1 or e1g1) or words (castle
    /// short, castle long); a colour word or a move number before it says whose move it is
    /// (black O-O, 12... d5).
    #[arg(value_name = "FEN MOVE", num_args = 1..=2, required = true)]
    words: Vec<String>,
    /// Judge the move in the game of this PGN file (its FEN and Variant tags and main line), at
    /// the position after --ply plies (the end of the game by default).
    #[arg(long, value_name = "FILE")]
    pgn: Option<PathBuf>,
    #[command(flatten)]
    game: GameNumber,
    /// With --pgn: the position after this many plies (0 is the start).
    #[arg(long, requires = "pgn", value_name = "N")]
    ply: Option<usize>,
    #[command(flatten)]
    printing: Printing,
    #[command(flatten)]
    limits: InputLimits,
}

/// Judges the move and prints the answer.
pub fn run(args: &WhyArgs) -> Result<(), CliError> {
    let (board, past, input) = match (&args.pgn, &args.words[..]) {
        (None, [fen, input]) => {
            let board = read_fen(fen)?;
            let past = Past::of_position(&board);
            (board, past, input)
        }
        (Some(path), [input]) => {
            let game = args.game.read(path, args.limits, None)?;
            let ply = ply_in(&game, args.ply.unwrap_or(game.moves.len()))?;
            if game.rule != Rule::CHESS960 {
                return Err(CliError::WhyUnderRule(game.rule));
            }
            let moves: Vec<_> = game.moves[..ply]
                .iter()
                .map(|m| (m.mv.to_cozy(), m.san.clone()))
                .collect();
            let (board, past) =
                Past::of_game(&game.start, &moves).expect("the PGN reader replays its moves");
            (board, past, input)
        }
        (pgn, _) => return Err(CliError::WhyArguments { pgn: pgn.is_some() }),
    };
    let answer = why(&board, input, &past)?;
    let text = if args.printing.json {
        json(&answer)
    } else {
        answer_text(&board, &answer, args.printing.unicode(), WIDTH)
    };
    let mut out = Stdout::lock();
    out.print(text)?;
    out.finish()
}
