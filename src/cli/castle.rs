//! `castle960 castle`: can this side castle here, and if not, why not? For a position given as
//! a FEN, or for a game given as PGN (its castling timeline, and any ply in full), under
//! Chess960's castling rule or another (`--rule`).

use crate::cli::CliError;
use crate::cli::args::{GameNumber, Printing, RuleArg, json, ply_in};
use crate::cli::input::InputLimits;
use crate::cli::output::Stdout;
use castle960::castling::{Limits, explain, explain_in_game, explain_rule, explain_rule_in_game};
use castle960::chess::Rule;
use castle960::notation::fen::read_fen;
use castle960::notation::pgn_import::Game;
use castle960::report::castling::{
    GameJson, game_text, position_text, rule_game_text, rule_position_text,
};
use castle960::ten::castling::text::position_text as ten_text;
use castle960::ten::castling::{TenLimits, explain as ten_explain};
use castle960::ten::{Board as TenBoard, Variant};
use castle960::words::WIDTH;
use clap::Args;
use clap::builder::TypedValueParser as _;
use cozy_chess::Board;
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
    #[command(flatten)]
    game: GameNumber,
    /// With --pgn: also explain the position after this many plies in full (0 is the start).
    #[arg(long, requires = "pgn", value_name = "N")]
    ply: Option<usize>,
    /// A ten-file variant (capablanca, caparandom, gothic, janus, embassy): the FEN is read on
    /// its 10x8 board and explained under its castling rule, or under --rule (one of ChessV's
    /// types, chessv-standard, ..., or any castle960 rule).
    #[arg(long, value_name = "NAME", conflicts_with = "pgn")]
    variant: Option<String>,
    /// A game's Variant "Chess480" or CastlingRule tag names its own rule.
    #[command(flatten)]
    rule: RuleArg,
    /// How many own moves the search for "castling later" looks ahead (the opponent standing
    /// still).
    #[arg(long, default_value_t = Limits::default().max_moves,
          value_parser = clap::value_parser!(u8).range(0..=16).map(usize::from))]
    moves: usize,
    #[command(flatten)]
    printing: Printing,
    #[command(flatten)]
    limits: InputLimits,
}

/// Explains the position, or the game's timeline.
pub fn run(args: &CastleArgs) -> Result<(), CliError> {
    if let Some(name) = &args.variant {
        let text = ten_position(args, name)?;
        let mut out = Stdout::lock();
        out.print(text)?;
        return out.finish();
    }
    let rule: Option<Rule> = args.rule.named()?;
    let limits = Limits {
        max_moves: args.moves,
        ..Limits::default()
    };
    let text = match (&args.position, &args.pgn) {
        (Some(fen), _) => {
            let board = read_fen(fen)?;
            position(args, &board, rule.unwrap_or_default(), &limits)
        }
        (None, Some(path)) => {
            let game = args.game.read(path, args.limits, rule)?;
            pgn_game(args, &game, &limits)?
        }
        (None, None) => unreachable!("clap requires a position or --pgn"),
    };
    let mut out = Stdout::lock();
    out.print(text)?;
    out.finish()
}

/// A position explained under `rule`: Chess960's explanation (JSON schema 1) under the default
/// rule, every castling of the rule (schema 2) under any other.
fn position(args: &CastleArgs, board: &Board, rule: Rule, limits: &Limits) -> String {
    if rule == Rule::default() {
        let explanation = explain(board).with_later(board, limits);
        if args.printing.json {
            json(&explanation)
        } else {
            position_text(board, &explanation, args.printing.unicode(), WIDTH)
        }
    } else {
        let explanation = explain_rule(board, rule).with_later(board, limits);
        if args.printing.json {
            json(&explanation)
        } else {
            rule_position_text(board, &explanation, args.printing.unicode(), WIDTH)
        }
    }
}

/// A ten-file position explained under its variant's rule or `--rule`.
fn ten_position(args: &CastleArgs, variant: &str) -> Result<String, CliError> {
    let variant: Variant = variant.parse()?;
    let rule = match args.rule.raw() {
        Some(name) => Rule::ten_file(name)?,
        None => variant.rule(),
    };
    let fen = args
        .position
        .as_deref()
        .expect("clap requires a position without --pgn");
    let board = TenBoard::from_fen(fen, variant)?;
    let limits = TenLimits {
        max_moves: args.moves,
        ..TenLimits::default()
    };
    let explanation = ten_explain(&board, rule).with_later(&board, &limits);
    Ok(if args.printing.json {
        json(&explanation)
    } else {
        ten_text(&board, &explanation, WIDTH)
    })
}

/// A game's timeline under its rule, and with `--ply` the position after that ply in full.
fn pgn_game(args: &CastleArgs, game: &Game, limits: &Limits) -> Result<String, CliError> {
    let timeline = game.timeline();
    let at = match args.ply {
        Some(ply) => Some((ply_in(game, ply)?, game.replay_to(ply))),
        None => None,
    };
    Ok(if game.rule == Rule::default() {
        let timeline = timeline.into_single();
        let at = at.map(|(ply, (board, context))| {
            let explanation = explain_in_game(&board, &context).with_later(&board, limits);
            (ply, board, explanation)
        });
        if args.printing.json {
            let position = at.as_ref().map(|(ply, _, e)| (*ply, e));
            json(&GameJson::new(game, &timeline, position))
        } else {
            let at = at.as_ref().map(|(ply, board, e)| (*ply, board, e));
            game_text(game, &timeline, at, args.printing.unicode(), WIDTH)
        }
    } else {
        let at = at.map(|(ply, (board, context))| {
            let explanation = explain_rule_in_game(&board, &context).with_later(&board, limits);
            (ply, board, explanation)
        });
        if args.printing.json {
            let position = at.as_ref().map(|(ply, _, e)| (*ply, e));
            json(&GameJson::under_rule(game, &timeline, position))
        } else {
            let at = at.as_ref().map(|(ply, board, e)| (*ply, board, e));
            rule_game_text(game, &timeline, at, args.printing.unicode(), WIDTH)
        }
    })
}
