//! `castle960 show`: explain one arrangement or several.

use crate::cli::CliError;
use crate::cli::args::{PawnBoundArg, RuleArg};
use crate::cli::input::{self, InputLimits};
use crate::cli::output::Stdout;
use castle960::chess::Arrangement;
use castle960::chess::Rule;
use castle960::error::ArrangementError;
use castle960::notation::fen::CastlingNotation;
use castle960::notation::naming::parse_any;
use castle960::report::explain::Explanation;
use castle960::report::explain::under_rule::RuleExplanation;
use castle960::start::analysis::{Analyser, Analysis};
use castle960::start::rules;
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
    pawn_bound: PawnBoundArg,
    #[command(flatten)]
    limits: InputLimits,
    #[command(flatten)]
    rule: RuleArg,
}

/// Explains the arrangements, in the order given, as text, JSON Lines or PGN. Every argument
/// (and every line of standard input) is read and checked before anything is printed, so bad
/// input gives one message and no partial output.
pub fn run(args: &ShowArgs) -> Result<(), CliError> {
    let rule = args.rule.named()?.unwrap_or_default();
    // The items as SPs (two bytes each: a long standard input stays small in memory).
    let mut items: Vec<u16> = Vec::new();
    for spec in &args.arrangements {
        if spec == "-" {
            from_stdin(args.limits, &mut items)?;
        } else {
            items.extend(parse_spec(spec)?.iter().map(Arrangement::sp));
        }
    }
    let width = args.width.map_or_else(terminal_width, usize::from);
    // Each arrangement is analysed and rendered once, however often it is asked for, and under
    // Chess960's rule the castling groups are searched once for all the arrangements asked for
    // (an `Analyser`): `show 0-959` then costs what the report's analysis does, not 960
    // separate analyses.
    let mut unique: Vec<Arrangement> = Vec::new();
    let mut seen = [false; 960];
    for &sp in &items {
        if !std::mem::replace(&mut seen[usize::from(sp)], true) {
            unique.push(Arrangement::from_sp(sp).expect("items are SPs"));
        }
    }
    let mut analyser =
        (rule == Rule::default()).then(|| Analyser::new(&unique, args.pawn_bound.bound));
    let mut texts: Vec<Option<String>> = vec![None; 960];
    let mut out = Stdout::lock();
    let mut printed = 0;
    // Analysed a batch at a time on all threads, in the order first asked for, and printed in
    // order as soon as each item's text is there, so that output starts early and a reader that
    // stops (`| head`) stops the work soon after. The batches grow, so that the first output
    // comes soon and the later batches keep every thread busy.
    let threads = rayon::current_num_threads();
    let mut batch = 2 * threads;
    let mut rest: &[Arrangement] = &unique;
    while !rest.is_empty() {
        let (chunk, later) = rest.split_at(batch.min(rest.len()));
        let rendered: Vec<String> = match &mut analyser {
            Some(analyser) => chunk
                .par_iter()
                .zip(&analyser.analyse(chunk))
                .map(|(arrangement, analysis)| render(args, arrangement, analysis, width))
                .collect(),
            None => chunk
                .par_iter()
                .map(|&arrangement| render_under(args, rule, arrangement, width))
                .collect(),
        };
        for (arrangement, text) in chunk.iter().zip(rendered) {
            texts[usize::from(arrangement.sp())] = Some(text);
        }
        while let Some(text) = items
            .get(printed)
            .and_then(|&sp| texts[usize::from(sp)].as_ref())
        {
            // Text explanations and PGN games are separated by a blank line; JSON Lines are not.
            if printed > 0 && !args.json {
                out.print("\n")?;
            }
            out.print(text)?;
            printed += 1;
        }
        rest = later;
        batch = (2 * batch).min(16 * threads);
    }
    out.finish()
}

/// The castling notation `args` asks the start FEN in.
fn castling_notation(args: &ShowArgs) -> CastlingNotation {
    if args.xfen {
        CastlingNotation::XFen
    } else {
        CastlingNotation::Shredder
    }
}

/// One arrangement's explanation under Chess960's rule, as `args` asks for it.
fn render(args: &ShowArgs, arrangement: &Arrangement, analysis: &Analysis, width: usize) -> String {
    let explanation = Explanation::with_fen_style(analysis, castling_notation(args));
    if args.pgn {
        explanation.to_pgn()
    } else if args.json {
        let mut line = serde_json::to_string(&explanation).expect("explanations serialize");
        line.push('\n');
        line
    } else {
        explanation.to_text_width(arrangement, !args.ascii, width)
    }
}

/// One arrangement's explanation under another castling rule, as `args` asks for it.
fn render_under(args: &ShowArgs, rule: Rule, arrangement: Arrangement, width: usize) -> String {
    let analysis = rules::analyse(rule, arrangement, args.pawn_bound.bound);
    let explanation = RuleExplanation::new(&analysis, castling_notation(args));
    if args.pgn {
        explanation.to_pgn(castling_notation(args))
    } else if args.json {
        explanation.to_json_line()
    } else {
        explanation.to_text_width(!args.ascii, width)
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

/// The arrangements named on standard input, one argument per line, read within `limits`,
/// added to `items` as SPs; blank lines are skipped.
fn from_stdin(limits: InputLimits, items: &mut Vec<u16>) -> Result<(), CliError> {
    input::stdin_lines(limits, |n, line| {
        if !line.trim().is_empty() {
            let found =
                parse_spec(line).map_err(|error| CliError::ArrangementLine { line: n, error })?;
            items.extend(found.iter().map(Arrangement::sp));
        }
        Ok(())
    })
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
