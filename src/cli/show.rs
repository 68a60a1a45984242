//! `castle960 show`: explain one arrangement or several.

use crate::cli::CliError;
use crate::cli::args::PawnBound;
use crate::cli::input::{self, InputLimits};
use crate::cli::output::Stdout;
use castle960::chess::Arrangement;
use castle960::chess::arrangement::parse_any;
use castle960::error::ArrangementError;
use castle960::notation::pgn::FenStyle;
use castle960::report::explain::Explanation;
use castle960::start::analysis::Analysis;
use castle960::words;
use clap::Args;
use rayon::prelude::*;
use std::io::IsTerminal as _;

/// The arguments of `show`.
#[derive(Args)]
pub struct ShowArgs {
    /// Arrangements to explain, each an SP such as 518, a range of SPs such as 0-9, a back rank
    /// such as RNBQKBNR, or a start-position FEN (quoted); `-` reads them from standard input,
    /// one per line.
    #[arg(
        allow_negative_numbers = true,
        required = true,
        value_name = "ARRANGEMENT"
    )]
    arrangements: Vec<String>,
    /// Print plain letters instead of Unicode chess symbols.
    #[arg(long)]
    ascii: bool,
    /// Print each explanation as one line of JSON (JSON Lines), for scripts.
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
    #[command(flatten)]
    limits: InputLimits,
}

/// Explains the arrangements, in the order given, as text, JSON Lines or PGN. Every argument
/// (and every line of standard input) is read and checked before anything is printed, so bad
/// input gives one message and no partial output.
pub fn run(args: &ShowArgs) -> Result<(), CliError> {
    let mut arrangements = Vec::new();
    for spec in &args.arrangements {
        if spec == "-" {
            arrangements.extend(from_stdin(args.limits)?);
        } else {
            arrangements.extend(parse_spec(spec)?);
        }
    }
    let width = args.width.map_or_else(terminal_width, usize::from);
    let mut out = Stdout::lock();
    // Explained a batch at a time on all threads and printed in order, so that output starts
    // early and a reader that stops (`| head`) stops the work soon after.
    let batch = 2 * rayon::current_num_threads();
    for (b, chunk) in arrangements.chunks(batch).enumerate() {
        let texts: Vec<String> = chunk
            .par_iter()
            .map(|&arrangement| render(args, arrangement, width))
            .collect();
        for (i, text) in texts.iter().enumerate() {
            // Text explanations and PGN games are separated by a blank line; JSON Lines are not.
            if (b, i) != (0, 0) && !args.json {
                out.print("\n")?;
            }
            out.print(text)?;
        }
    }
    out.finish()
}

/// One arrangement's explanation as `args` asks for it.
fn render(args: &ShowArgs, arrangement: Arrangement, width: usize) -> String {
    let analysis = Analysis::with_bound(arrangement, args.bound.files);
    let style = if args.xfen {
        FenStyle::XFen
    } else {
        FenStyle::Shredder
    };
    let explanation = Explanation::with_fen_style(&analysis, style);
    if args.pgn {
        explanation.to_pgn()
    } else if args.json {
        let mut line = serde_json::to_string(&explanation).expect("explanations serialize");
        line.push('\n');
        line
    } else {
        explanation.to_text_width(&arrangement, !args.ascii, width)
    }
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

/// The arrangements one argument names: a range `A-B` of SPs (`A` at most `B`), or whatever
/// [`parse_any`] reads.
fn parse_spec(spec: &str) -> Result<Vec<Arrangement>, ArrangementError> {
    let trimmed = spec.trim();
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if let Some((first, last)) = trimmed.split_once('-')
        && digits(first)
        && digits(last)
    {
        let (first, last) = (parse_any(first)?, parse_any(last)?);
        if first.sp() > last.sp() {
            return Err(ArrangementError::BackwardRange(trimmed.to_string()));
        }
        return (first.sp()..=last.sp()).map(Arrangement::from_sp).collect();
    }
    Ok(vec![parse_any(spec)?])
}

/// The arrangements named on standard input, one argument per line, read within `limits`;
/// blank lines are skipped.
fn from_stdin(limits: InputLimits) -> Result<Vec<Arrangement>, CliError> {
    let mut arrangements = Vec::new();
    input::stdin_lines(limits, |n, line| {
        if !line.trim().is_empty() {
            let found =
                parse_spec(line).map_err(|error| CliError::ArrangementLine { line: n, error })?;
            arrangements.extend(found);
        }
        Ok(())
    })?;
    Ok(arrangements)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sps(spec: &str) -> Vec<u16> {
        parse_spec(spec)
            .unwrap()
            .iter()
            .map(Arrangement::sp)
            .collect()
    }

    #[test]
    fn ranges_single_numbers_and_back_ranks() {
        assert_eq!(sps("0-3"), [0, 1, 2, 3]);
        assert_eq!(sps("518-518"), [518]);
        assert_eq!(sps(" 957-959 "), [957, 958, 959]);
        assert_eq!(sps("518"), [518]);
        assert_eq!(sps("RNBQKBNR"), [518]);
        assert!(matches!(
            parse_spec("9-0"),
            Err(ArrangementError::BackwardRange(_))
        ));
        assert!(matches!(
            parse_spec("0-960"),
            Err(ArrangementError::SpOutOfRange(_))
        ));
        // Not a range: a negative number and a FEN (whose fields hold '-').
        assert!(matches!(
            parse_spec("-3"),
            Err(ArrangementError::SpOutOfRange(_))
        ));
        let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1";
        assert_eq!(sps(fen), [518]);
    }
}
