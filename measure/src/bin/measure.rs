//! Measuring aids that do one search alone, for timings and peak memory outside criterion.
//!
//! ```sh
//! cargo build --release -p castle960-measure
//! /usr/bin/time -v target/release/measure no-pawn           # all 1,920 sides, one thread
//! target/release/measure pawn 47 3 > sample.txt             # every 47th arrangement
//! target/release/measure pawn-exhaustive 47 3 > all.txt     # the same without the swap lemma
//! target/release/measure tables 3                           # the swap lemma's safe structures
//! target/release/measure shortest                           # the shortest-game searches
//! target/release/measure rules                              # the report's two analyses
//! RAYON_NUM_THREADS=1 target/release/measure phases         # the report's phases
//! RAYON_NUM_THREADS=1 target/release/measure phases 1       # the same, pawns on one file
//! RAYON_NUM_THREADS=1 target/release/measure phases 8 chess960  # `report --rule chess960`'s
//! ```
//!
//! `phases` does what `castle960 report` does, minus writing the files (Chess960's analysis,
//! every other rule's, the four files rendered side by side as the report renders them), and
//! prints the time of each phase (`castle960::start::phases`) and of the rest; on one thread
//! these are CPU times that add up to the whole. Rule names after the bound do what `report
//! --rule NAME...` does: those rules only (Chess960's analysis is always made).
//!
//! `rules` times the report's two analyses one after the other, as the report runs them:
//! Chess960's of all 960 arrangements, then every other castling rule's
//! (`castle960::start::rules::analyse_all`, which takes Chess960's as it is), and prints each
//! rule's answer; RAYON_NUM_THREADS=1 gives the CPU time of each.
//!
//! `pawn STEP BOUND` runs the pawn-move search on every side of every STEP-th arrangement that
//! cannot castle without a pawn move, prints one line per side (verdict, cores examined and the
//! model lines) and the elapsed time on stderr. Comparing the lines of two builds shows whether a
//! change to the search altered any verdict; `pawn-exhaustive` runs the search without the
//! shortcut of `castle960::start::search::swap`, whose lines must be the same apart from the count of cores.

use castle960::start::bound::PawnBound;
use castle960::start::line::Line;
use castle960::start::search::{no_pawn, pawn, shortest};
use castle960::{Arrangement, CastlingSide};
use std::collections::HashMap;
use std::process::ExitCode;
use std::time::Instant;

/// A line written to `stream`, except that a reader who closes it early (`measure phases 2>&1 |
/// head -1`) ends the program quietly, as a Unix tool ends, instead of making it panic as
/// `println!` does.
macro_rules! line_to {
    ($stream:expr, $($arg:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = writeln!($stream, $($arg)*) {
            if e.kind() == std::io::ErrorKind::BrokenPipe {
                std::process::exit(0);
            }
            panic!("writing a line: {e}");
        }
    }};
}

/// [`line_to`] standard output: the results.
macro_rules! out {
    ($($arg:tt)*) => { line_to!(std::io::stdout(), $($arg)*) };
}

/// [`line_to`] standard error: usage, errors and the time taken.
macro_rules! note {
    ($($arg:tt)*) => { line_to!(std::io::stderr(), $($arg)*) };
}

/// The usage line, printed for `--help` and for a command it does not know.
const USAGE: &str = "usage: measure no-pawn | measure pawn[-exhaustive] [STEP] [BOUND] | measure tables [BOUND] | measure shortest [REPORT.csv] | measure rules | measure phases [BOUND [RULE...]] | measure crc [STEP] [BOUND]";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: usize| {
        args.get(i).map_or(Ok(default), |s| {
            s.parse::<usize>().map_err(|e| format!("{s}: {e}"))
        })
    };
    // The pawn bound in argument `i` (all eight files when absent), or `None` when it is none.
    let bound_at = |i: usize| {
        number(i, pawn::DEFAULT_BOUND.files())
            .ok()
            .and_then(|files| PawnBound::within::<8>(files).ok())
    };
    let started = Instant::now();
    match args.first().map(String::as_str) {
        Some("no-pawn") => {
            let castling = Arrangement::all()
                .flat_map(|a| {
                    CastlingSide::BOTH.map(|side| no_pawn::search(&a, a.castling(side)).is_some())
                })
                .filter(|&c| c)
                .count();
            out!("{castling} sides castle without a pawn move");
        }
        Some(mode @ ("pawn" | "pawn-exhaustive")) => {
            let analyse = if mode == "pawn" {
                pawn::analyse
            } else {
                pawn::analyse_exhaustively
            };
            let (step, bound) = match (number(1, 16), bound_at(2)) {
                (Ok(step), Some(bound)) if step > 0 => (step, bound),
                _ => {
                    note!("usage: measure pawn [STEP >= 1] [BOUND 1..=8]");
                    return ExitCode::from(2);
                }
            };
            for a in Arrangement::all().step_by(step) {
                for side in CastlingSide::BOTH {
                    if no_pawn::search(&a, a.castling(side)).is_some() {
                        continue;
                    }
                    let o = analyse(&a, a.castling(side), bound);
                    // The whole outcome, model steps included, to compare searches line by line.
                    out!("{} {side:?} {o:?}", a.sp());
                }
            }
        }
        Some("tables") => {
            let Some(bound) = bound_at(1) else {
                note!("usage: measure tables [BOUND 1..=8]");
                return ExitCode::from(2);
            };
            // Every side of every king and castling-rook file pair that occurs.
            let mut safe = 0;
            let mut tables = 0;
            for side in CastlingSide::BOTH {
                for king in castle960::chess::File::ALL[1..7].iter().copied() {
                    for rook in castle960::chess::File::ALL {
                        if rook != king && CastlingSide::of(king, rook) == side {
                            let path = castle960::chess::CastlingPath::new(king, rook, side);
                            safe += castle960::start::search::swap::SafeStructures::of(path, bound)
                                .count();
                            tables += 1;
                        }
                    }
                }
            }
            out!("{tables} tables, {safe} safe structures with pawns on at most {bound} files");
        }
        Some("shortest") => {
            // The shortest-game searches of the report, one thread: for every artificial-only
            // side the shortest walk to where its shortest castling game ends, for every
            // after-pawn-move side the fewest moves into its castled position, both as the
            // committed report states them.
            let path = args
                .get(1)
                .map_or("output/chess960_castling.csv", String::as_str);
            let rows = match read_report(path) {
                Ok(rows) => rows,
                Err(e) => {
                    note!("measure shortest [REPORT.csv]: {path}: {e}");
                    return ExitCode::from(2);
                }
            };
            let mut searches = 0;
            for row in &rows {
                let a = Arrangement::from_sp(row["sp"].parse().expect("an SP"))
                    .expect("an SP of the report");
                for side in CastlingSide::BOTH {
                    let field = |name: &str| &row[&format!("{}_{name}", side.prefix())];
                    let line = |name: &str| Line::from_san(&a, field(name)).expect("a report line");
                    let budget = shortest::DEFAULT_BUDGET;
                    let found = match field("verdict").as_str() {
                        "artificial-only" => {
                            let castled = line("castle_line").replay(&a).expect("legal");
                            shortest::walk_to(&a, &castled, budget).map(|_| ())
                        }
                        "after-pawn-move" => {
                            let castled = line("castle_line").replay(&a).expect("legal");
                            shortest::castle_into(&a, side, &castled, budget).map(|_| ())
                        }
                        _ => continue,
                    };
                    if let Err(e) = found {
                        out!("SP {} {side}: {e}", a.sp());
                    }
                    searches += 1;
                }
            }
            out!("{searches} shortest-game searches");
        }
        Some("rules") => {
            let chess960 = castle960::start::analysis::analyse_all();
            note!("chess960 {:.3} s", started.elapsed().as_secs_f64());
            let rules_started = Instant::now();
            let rules = castle960::chess::Rule::ALL;
            let all = castle960::start::rules::analyse_all(
                &rules,
                &chess960,
                pawn::DEFAULT_BOUND,
                &|_| {},
            );
            note!("other rules {:.3} s", rules_started.elapsed().as_secs_f64());
            for (rule, analyses) in rules.iter().zip(&all) {
                let answer = analyses.iter().filter(|a| a.requires_castling()).count();
                out!("{rule}: {answer} arrangements require castling");
            }
        }
        Some("phases") => {
            use castle960::chess::Rule;
            use castle960::start::phases::{Phase, spent};
            // As `report --rule` takes them: names or comma-separated lists (`Rule::selected`).
            let named: Result<Vec<Rule>, _> = (args.iter().skip(2))
                .flat_map(|names| names.split(','))
                .map(str::parse)
                .collect();
            let (Some(bound), Ok(named)) = (bound_at(1), named) else {
                note!("usage: measure phases [BOUND 1..=8 [RULE...]]");
                return ExitCode::from(2);
            };
            let rules = Rule::selected(&named);
            let (chess960, explanations, under_rules): (_, Vec<_>, _) =
                castle960::start::rules::analyse_with_chess960_and(
                    &rules,
                    bound,
                    &|_| {},
                    &castle960::report::explain::Explanation::new,
                );
            let analysed = started.elapsed();
            let rendered = Instant::now();
            let bytes =
                match castle960::report::files::render(&chess960, &explanations, &under_rules) {
                    Ok(f) => f.csv.len() + f.document.len() + f.page.len() + f.rules_table.len(),
                    Err(e) => {
                        note!("measure phases: {e}");
                        return ExitCode::FAILURE;
                    }
                };
            let rendering = rendered.elapsed();
            let timed: std::time::Duration = Phase::ALL.into_iter().map(spent).sum();
            out!("| phase | seconds |\n|---|---:|");
            for phase in Phase::ALL {
                out!("| {} | {:.2} |", phase.name(), spent(phase).as_secs_f64());
            }
            let rest = analysed.saturating_sub(timed);
            out!("| the rest of the analyses | {:.2} |", rest.as_secs_f64());
            out!(
                "| rendering the four files ({bytes} bytes) | {:.2} |",
                rendering.as_secs_f64()
            );
            out!("| whole | {:.2} |", started.elapsed().as_secs_f64());
        }
        Some("crc") => {
            // The CRC arrays' analysis on every STEP-th array with pawns on at most BOUND files:
            // the verdicts counted, and the time.
            let bound = number(2, castle960::start::crc::DEFAULT_BOUND.files())
                .map(PawnBound::within::<10>);
            let (step, bound) = match (number(1, 1), bound) {
                (Ok(step), Ok(Ok(bound))) if step > 0 => (step, bound),
                _ => {
                    note!("usage: measure crc [STEP >= 1] [BOUND 1..=10]");
                    return ExitCode::from(2);
                }
            };
            let arrays: Vec<_> = castle960::ten::arrays().into_iter().step_by(step).collect();
            let all = castle960::start::crc::analyse_all(&arrays, bound, &|_| {});
            let mut counts = std::collections::BTreeMap::new();
            for a in &all {
                for (side, s) in a.sides.iter() {
                    *counts.entry((side, s.verdict)).or_insert(0) += 1;
                    if let Some(e) = &s.realize_error {
                        out!("{} {side:?}: {e}", a.array);
                    }
                }
            }
            let answer = all.iter().filter(|a| a.requires_castling()).count();
            out!("{} arrays, bound {bound}: {counts:?}", all.len());
            out!("{answer} require castling");
        }
        Some("--help" | "-h") => {
            out!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        _ => {
            note!("{USAGE}");
            return ExitCode::from(2);
        }
    }
    note!("elapsed {:.3} s", started.elapsed().as_secs_f64());
    ExitCode::SUCCESS
}

/// The rows of a report CSV, one map of column to value each.
fn read_report(path: &str) -> Result<Vec<HashMap<String, String>>, csv::Error> {
    csv::Reader::from_path(path)?.deserialize().collect()
}
