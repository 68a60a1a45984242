//! Measuring aids that do one search alone, for timings and peak memory outside criterion.
//!
//! ```sh
//! cargo build --release --examples
//! /usr/bin/time -v target/release/examples/measure no-pawn      # all 1,920 sides, one thread
//! target/release/examples/measure pawn 47 3 > sample.txt         # every 47th arrangement
//! target/release/examples/measure pawn-exhaustive 47 3 > all.txt # the same without the swap lemma
//! target/release/examples/measure tables 3                       # the swap lemma's safe structures
//! ```
//!
//! `pawn STEP BOUND` runs the pawn-move search on every side of every STEP-th arrangement that
//! cannot castle without a pawn move, prints one line per side (verdict, cores examined and the
//! model lines) and the elapsed time on stderr. Comparing the lines of two builds shows whether a
//! change to the search altered any verdict; `pawn-exhaustive` runs the search without the
//! shortcut of `castle960::start::search::swap`, whose lines must be the same apart from the count of cores.

use castle960::start::search::{no_pawn, pawn};
use castle960::{Arrangement, CastlingSide};
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: usize| {
        args.get(i).map_or(Ok(default), |s| {
            s.parse::<usize>().map_err(|e| format!("{s}: {e}"))
        })
    };
    let started = Instant::now();
    match args.first().map(String::as_str) {
        Some("no-pawn") => {
            let castling = Arrangement::all()
                .flat_map(|a| CastlingSide::BOTH.map(|side| no_pawn::search(&a, side).is_some()))
                .filter(|&c| c)
                .count();
            println!("{castling} sides castle without a pawn move");
        }
        Some(mode @ ("pawn" | "pawn-exhaustive")) => {
            let analyse = if mode == "pawn" {
                pawn::analyse
            } else {
                pawn::analyse_exhaustively
            };
            let (step, bound) = match (number(1, 16), number(2, pawn::DEFAULT_BOUND)) {
                (Ok(step), Ok(bound)) if step > 0 && (1..=8).contains(&bound) => (step, bound),
                _ => {
                    eprintln!("usage: measure pawn [STEP >= 1] [BOUND 1..=8]");
                    return ExitCode::from(2);
                }
            };
            for a in Arrangement::all().step_by(step) {
                for side in CastlingSide::BOTH {
                    if no_pawn::search(&a, side).is_some() {
                        continue;
                    }
                    let o = analyse(&a, side, bound);
                    // The whole outcome, model steps included, to compare searches line by line.
                    println!("{} {side:?} {o:?}", a.sp());
                }
            }
        }
        Some("tables") => {
            let bound = match number(1, pawn::DEFAULT_BOUND) {
                Ok(bound) if (1..=8).contains(&bound) => bound,
                _ => {
                    eprintln!("usage: measure tables [BOUND 1..=8]");
                    return ExitCode::from(2);
                }
            };
            // Every side of every king and castling-rook file pair that occurs.
            let mut safe = 0;
            let mut tables = 0;
            for side in CastlingSide::BOTH {
                for king in castle960::chess::File::ALL[1..7].iter().copied() {
                    for rook in castle960::chess::File::ALL {
                        if rook != king && CastlingSide::of(king, rook) == side {
                            safe += castle960::start::search::swap::SafeStructures::of(
                                king, rook, side, bound,
                            )
                            .count();
                            tables += 1;
                        }
                    }
                }
            }
            println!("{tables} tables, {safe} safe structures with pawns on at most {bound} files");
        }
        _ => {
            eprintln!(
                "usage: measure no-pawn | measure pawn[-exhaustive] [STEP] [BOUND] | measure tables [BOUND]"
            );
            return ExitCode::from(2);
        }
    }
    eprintln!("elapsed {:.3} s", started.elapsed().as_secs_f64());
    ExitCode::SUCCESS
}
