//! `castle960 show`: explain one arrangement.

use crate::cli::CliError;
use crate::cli::args::PawnBound;
use castle960::chess::arrangement::parse_any;
use castle960::report::explain;
use castle960::start::analysis;
use clap::Args;

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
    #[command(flatten)]
    bound: PawnBound,
}

/// Explains the arrangement as text, JSON or PGN.
pub fn run(args: &ShowArgs) -> Result<(), CliError> {
    let arrangement = parse_any(&args.arrangement)?;
    let analysis = analysis::Analysis::with_bound(arrangement, args.bound.files);
    let explanation = explain::Explanation::new(&analysis);
    if args.pgn {
        print!("{}", explanation.to_pgn());
    } else if args.json {
        let text = serde_json::to_string_pretty(&explanation).expect("explanations serialize");
        println!("{text}");
    } else {
        print!("{}", explanation.to_text(&arrangement, !args.ascii));
    }
    Ok(())
}
