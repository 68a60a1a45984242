//! `castle960 castle`: can this side castle here, and if not, why not? For a position given as
//! a FEN, or for a game given as PGN (its castling timeline, and any ply in full).

use crate::cli::CliError;
use crate::cli::input::{self, InputLimits};
use crate::cli::output::Stdout;
use castle960::castling::GameContext;
use castle960::castling::timeline::timeline;
use castle960::castling::{Limits, explain, explain_in_game};
use castle960::notation::fen::read_fen;
use castle960::notation::pgn_import::read_pgn_game;
use castle960::report::castling::{GameJson, position_text, timeline_text};
use castle960::words::WIDTH;
use clap::Args;
use clap::builder::TypedValueParser as _;
use std::path::PathBuf;

/// The arguments of `castle`.
#[derive(Args)]
pub struct CastleArgs {
    /// The position as a FEN (quoted): standard chess or Chess960, Shredder-FEN (`HAha`) or
    /// X-FEN (`KQkq`, a file letter for an inner rook).
    #[arg(
        required_unless_present = "pgn",
        conflicts_with = "pgn",
        value_name = "FEN"
    )]
    position: Option<String>,
    /// Read a game from this PGN file (its FEN and Variant tags and main line) and show each
    /// side's castling timeline.
    #[arg(long, value_name = "FILE")]
    pgn: Option<PathBuf>,
    /// With --pgn: which game of the file, counting from 1.
    #[arg(long, default_value_t = 1, requires = "pgn", value_parser = clap::value_parser!(u64).range(1..))]
    game: u64,
    /// With --pgn: also explain the position after this many plies in full (0 is the start).
    #[arg(long, requires = "pgn", value_name = "N")]
    ply: Option<usize>,
    /// How many own moves the search for "castling later" looks ahead (the opponent standing
    /// still).
    #[arg(long, default_value_t = Limits::default().max_moves,
          value_parser = clap::value_parser!(u8).range(0..=16).map(usize::from))]
    moves: usize,
    /// Print plain letters instead of Unicode chess symbols.
    #[arg(long)]
    ascii: bool,
    /// Print JSON for scripts (schema in the README).
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    limits: InputLimits,
}

/// Explains the position, or the game's timeline.
pub fn run(args: &CastleArgs) -> Result<(), CliError> {
    let limits = Limits {
        max_moves: args.moves,
        ..Limits::default()
    };
    let text = match (&args.position, &args.pgn) {
        (Some(fen), _) => {
            let board = read_fen(fen)?;
            let explanation = explain(&board).with_later(&board, &limits);
            if args.json {
                json(&explanation)
            } else {
                position_text(&board, &explanation, !args.ascii, WIDTH)
            }
        }
        (None, Some(path)) => {
            let text = input::read_file(path, args.limits)?;
            let game = read_pgn_game(&text, args.game as usize)?;
            let moves: Vec<_> = game.moves.iter().map(|m| (m.mv, m.san.clone())).collect();
            let timeline = timeline(&game.start, &moves).expect("the PGN reader replays its moves");
            let at = match args.ply {
                Some(ply) if ply > moves.len() => {
                    return Err(CliError::PlyOutOfRange {
                        ply,
                        plies: moves.len(),
                    });
                }
                Some(ply) => {
                    let mut board = game.start.clone();
                    let mut context = GameContext::new(&game.start);
                    for (mv, san) in &moves[..ply] {
                        context
                            .play(&mut board, *mv, Some(san))
                            .expect("the PGN reader replays its moves");
                    }
                    let explanation = explain_in_game(&board, &context).with_later(&board, &limits);
                    Some((ply, board, explanation))
                }
                None => None,
            };
            if args.json {
                json(&GameJson::new(
                    &game,
                    &timeline,
                    at.as_ref().map(|(ply, _, e)| (*ply, e)),
                ))
            } else {
                let mut out = timeline_text(&game, &timeline, WIDTH);
                if let Some((ply, board, explanation)) = &at {
                    let heading = match ply {
                        0 => "At the start".to_string(),
                        _ => format!("After {}", game.moves[ply - 1].label()),
                    };
                    out.push_str(&format!("\n{heading} (ply {ply}):\n"));
                    out.push_str(&position_text(board, explanation, !args.ascii, WIDTH));
                }
                out
            }
        }
        (None, None) => unreachable!("clap requires a position or --pgn"),
    };
    let mut out = Stdout::lock();
    out.print(text)?;
    out.finish()
}

/// Pretty JSON with a final newline.
fn json(value: &impl serde::Serialize) -> String {
    let mut text = serde_json::to_string_pretty(value).expect("explanations serialize");
    text.push('\n');
    text
}
