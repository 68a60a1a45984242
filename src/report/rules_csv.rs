//! The rules report: the 960 arrangements under every castling rule, one row per castling a rule
//! allows (rule, then SP, then side, then the rule's order of castlings), beside the Chess960
//! report of [`crate::report::csv`].

use crate::chess::{CastlingSide, Rank, Rule};
use crate::start::analysis::Games;
use crate::start::rules::{CastlingVerdict, RuleAnalysis};
use crate::start::verdict::Verdict;
use rayon::prelude::*;
use serde::Serialize;

/// The default place of the rules report, relative to the working directory: beside the
/// Chess960 report, named after it (a report written elsewhere with `--out X.csv` puts its rules
/// report beside it as `X_rules.csv`; see [`beside`]).
pub const DEFAULT_PATH: &str = "output/chess960_castling_rules.csv";

/// Where the rules report goes when only the Chess960 report's path `report` is given: beside it,
/// its name with `_rules` added before the extension.
///
/// ```
/// use castle960::report::rules_csv::{DEFAULT_PATH, beside};
/// use std::path::Path;
/// assert_eq!(beside(Path::new("output/chess960_castling.csv")), Path::new(DEFAULT_PATH));
/// assert_eq!(beside(Path::new("/tmp/x/full.csv")), Path::new("/tmp/x/full_rules.csv"));
/// ```
pub fn beside(report: &std::path::Path) -> std::path::PathBuf {
    let stem = report.file_stem().unwrap_or_default().to_string_lossy();
    let name = match report.extension() {
        Some(ext) => format!("{stem}_rules.{}", ext.to_string_lossy()),
        None => format!("{stem}_rules"),
    };
    report.with_file_name(name)
}

/// One castling of one side of one arrangement under one rule.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RuleRow {
    /// The rule's name (`chess960`, `chess480`, `free`, `flexible`, `fast`).
    pub rule: Rule,
    /// The Scharnagl number, 0-959.
    pub sp: u16,
    /// White's back rank, a1 to h1.
    pub arrangement: String,
    /// `a` (the rook left of the king) or `h`.
    pub side: CastlingSide,
    /// The castling in SAN: `O-O`, `O-O-O`, or the tilde notation where a side has several
    /// castlings (`K~b1`, `K~h1/R~e1`).
    pub castling: String,
    /// The king's square after castling.
    pub king_to: String,
    /// The rook's square after castling.
    pub rook_to: String,
    /// `no-pawn-move`, `after-pawn-move`, `artificial-only` (or `not-within-bound` below the
    /// default pawn bound).
    pub verdict: Verdict,
    /// For no-pawn-move: the fewest White moves before castling.
    pub moves: Option<usize>,
    /// The pawn moves of the castling game in SAN, space separated.
    pub pawn_moves: String,
    /// The castling game in SAN: up to and with the castling move, and for artificial-only on
    /// to the placement the walk reaches (moves after castling that the walk's game makes too).
    pub castle_line: String,
    /// For artificial-only: a castle-free game reaching the same placement.
    pub walk_line: String,
    /// The most files with moved pawns searched: 8, every pawn structure, except under fast
    /// castling (see [`crate::start::rules::LEAP_BOUND`]).
    pub pawn_files: usize,
    /// How the games were chosen: `shortest` (the fewest moves; no-pawn-move lines are always
    /// shortest), `shortest-into-witness`, or `witness` (the search's own example).
    pub games: &'static str,
}

impl RuleRow {
    /// The row of one castling of `analysis`.
    pub fn new(analysis: &RuleAnalysis, side: CastlingSide, castling: &CastlingVerdict) -> RuleRow {
        let a = &analysis.arrangement;
        let v = &castling.verdict;
        let at = |file| crate::chess::Square::new(file, Rank::First).to_string();
        RuleRow {
            rule: analysis.rule,
            sp: a.sp(),
            arrangement: a.to_string(),
            side,
            castling: castling.path.san(Rank::First),
            king_to: at(castling.path.king_to()),
            rook_to: at(castling.path.rook_to()),
            verdict: v.verdict,
            moves: castling.no_pawn_moves,
            pawn_moves: v.castle_line.pawn_moves(a).join(" "),
            castle_line: v.castle_line.san(a),
            walk_line: v.walk_line.as_ref().map_or(String::new(), |l| l.san(a)),
            pawn_files: analysis.bound.files(),
            games: games_name(v.games),
        }
    }
}

/// The name of how games were chosen, as `show --json` writes it too.
pub const fn games_name(games: Games) -> &'static str {
    match games {
        Games::Shortest => "shortest",
        Games::ShortestIntoWitness => "shortest-into-witness",
        Games::NotProvedShortest | Games::Witness => "witness",
    }
}

/// The rules report as CSV bytes, the rules in the order given, each in SP order. Identical
/// input gives identical bytes.
pub fn to_csv(rules: &[Vec<RuleAnalysis>]) -> Vec<u8> {
    let mut writer = csv::WriterBuilder::new()
        .terminator(csv::Terminator::Any(b'\n'))
        .from_writer(Vec::new());
    // The rows' games are written in SAN, which replays them: built in parallel, written in
    // order.
    let analyses: Vec<&RuleAnalysis> = rules.iter().flatten().collect();
    let rows: Vec<Vec<RuleRow>> = analyses
        .par_iter()
        .map(|analysis| {
            (analysis.castlings.iter())
                .flat_map(|(side, castlings)| {
                    (castlings.iter()).map(move |castling| RuleRow::new(analysis, side, castling))
                })
                .collect()
        })
        .collect();
    for row in rows.iter().flatten() {
        writer
            .serialize(row)
            .expect("serializing to memory cannot fail");
    }
    writer.into_inner().expect("flushing to memory cannot fail")
}
