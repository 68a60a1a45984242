//! `castle960 show`: explain one arrangement.

use crate::cli::CliError;
use crate::cli::args::PawnBound;
use castle960::chess::arrangement::parse_any;
use castle960::notation::pgn::FenStyle;
use castle960::report::{explain, words};
use castle960::start::analysis;
use clap::Args;
use std::io::IsTerminal;

/// The arguments of `show`.
#[derive(Args)]
pub struct ShowArgs {
    /// An SP such as 518, a back rank such as RNBQKBNR, or a start-position FEN (quoted).
    #[arg(allow_negative_numbers = true)]
    arrangement: String,
    /// Print plain letters instead of Unicode chess symbols.
    #[arg(long)]
    ascii: bool,
    /// Print the explanation as JSON for scripts.
    #[arg(long, conflicts_with = "pgn")]
    json: bool,
    /// Print each witness line as a PGN game (Variant Chess960, start FEN) instead.
    #[arg(long)]
    pgn: bool,
    /// Write the start FEN as X-FEN (castling field KQkq, as python-chess and lichess write it)
    /// instead of Shredder-FEN (HAha).
    #[arg(long)]
    xfen: bool,
    /// Wrap the text at N columns, 40 or more [default: the terminal's width, 100 when the
    /// output is not a terminal].
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u16).range(words::MIN_WIDTH as i64..))]
    width: Option<u16>,
    #[command(flatten)]
    bound: PawnBound,
}

/// Explains the arrangement as text, JSON or PGN.
pub fn run(args: &ShowArgs) -> Result<(), CliError> {
    let arrangement = parse_any(&args.arrangement)?;
    let analysis = analysis::Analysis::with_bound(arrangement, args.bound.files);
    let style = if args.xfen {
        FenStyle::XFen
    } else {
        FenStyle::Shredder
    };
    let explanation = explain::Explanation::with_fen_style(&analysis, style);
    if args.pgn {
        print!("{}", explanation.to_pgn());
    } else if args.json {
        let text = serde_json::to_string_pretty(&explanation).expect("explanations serialize");
        println!("{text}");
    } else {
        let width = args.width.map_or_else(terminal_width, usize::from);
        print!(
            "{}",
            explanation.to_text_width(&arrangement, !args.ascii, width)
        );
    }
    Ok(())
}

/// The width of the terminal standard output goes to, at least [`words::MIN_WIDTH`]; when it
/// is not a terminal (a pipe, a file), [`words::WIDTH`].
fn terminal_width() -> usize {
    let stdout = std::io::stdout();
    if !stdout.is_terminal() {
        return words::WIDTH;
    }
    terminal_size::terminal_size_of(&stdout)
        .map_or(words::WIDTH, |(width, _)| usize::from(width.0))
        .max(words::MIN_WIDTH)
}
