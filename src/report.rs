//! The CSV report: one row per arrangement in SP order, and the summary printed beside it.

use crate::analysis::Analysis;
use crate::side::{BySide, Side};
use serde::ser::{Serialize, SerializeStruct, Serializer};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::Path;

/// The default place of the report, relative to the working directory.
pub const DEFAULT_PATH: &str = "output/chess960_castling.csv";

/// Declares a group of per-side columns once; the report writes it for the a-side with the prefix
/// `a_` and for the h-side with `h_`, so no column list is written twice.
macro_rules! side_columns {
    ($(#[$meta:meta])* $name:ident { $($(#[$fmeta:meta])* $field:ident : $ty:ty),* $(,)? }) => {
        $(#[$meta])*
        #[derive(Clone, Debug, PartialEq)]
        pub struct $name { $($(#[$fmeta])* pub $field: $ty),* }

        impl $name {
            /// The column names of this group for one side.
            pub const fn names(side: Side) -> &'static [&'static str] {
                match side {
                    Side::A => &[$(concat!("a_", stringify!($field))),*],
                    Side::H => &[$(concat!("h_", stringify!($field))),*],
                }
            }

            fn serialize_fields<S: SerializeStruct>(&self, side: Side, out: &mut S) -> Result<(), S::Error> {
                let mut names = Self::names(side).iter();
                $(out.serialize_field(names.next().unwrap(), &self.$field)?;)*
                Ok(())
            }
        }
    };
}

side_columns! {
    /// The closed-form rule's output, in the seed's encoding.
    RuleColumns {
        /// The castling right the rule reports.
        rule_castle: bool,
        /// Knights between king and border, or a special code (-7, -8, -9), negated in the
        /// queen-pocket case.
        have: i8,
        /// Squares from the king to the rook's destination, or the same special code.
        need: i8,
    }
}

side_columns! {
    /// The exhaustive search for castling without a pawn move.
    NoPawnColumns {
        /// Whether some sequence of non-pawn moves makes this castling legal.
        no_pawn_move: bool,
        /// The fewest White moves before castling (empty when impossible).
        moves: Option<usize>,
        /// One shortest line in SAN, ending with the castling move (empty when impossible).
        witness: String,
        /// Whether the rule's claim about castling without a pawn move equals the search's.
        rule_agrees: bool,
    }
}

side_columns! {
    /// The verdict by search, the games that back it, and the rule's claim beside it.
    VerdictColumns {
        /// `no-pawn-move`, `after-pawn-move` or `artificial-only`.
        verdict: &'static str,
        /// The pawn moves of the castling game in SAN, space separated.
        pawn_moves: String,
        /// The castling game in SAN, White's moves only.
        castle_line: String,
        /// For artificial-only: a castle-free game reaching the same placement.
        walk_line: String,
        /// The closed-form rule's claim in the same three words.
        rule_verdict: &'static str,
        /// Whether the rule's claim equals the search's verdict.
        verdict_agrees: bool,
    }
}

/// One line of the report.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub sp: u16,
    pub arrangement: String,
    pub fen: String,
    pub rule: BySide<RuleColumns>,
    pub rule_requires_castling: bool,
    pub no_pawn: BySide<NoPawnColumns>,
    pub verdict: BySide<VerdictColumns>,
    pub requires_castling: bool,
}

impl Row {
    pub fn new(analysis: &Analysis) -> Row {
        Row {
            sp: analysis.arrangement.sp(),
            arrangement: analysis.arrangement.to_string(),
            fen: analysis.arrangement.fen(),
            rule: analysis.rule.map(|_, case| {
                let (rule_castle, have, need) = case.seed_encoding();
                RuleColumns {
                    rule_castle,
                    have,
                    need,
                }
            }),
            rule_requires_castling: analysis.rule_requires_castling(),
            no_pawn: analysis.no_pawn.map(|side, found| NoPawnColumns {
                no_pawn_move: found.is_some(),
                moves: found.as_ref().map(|c| c.moves),
                witness: found
                    .as_ref()
                    .map(|c| c.line.san(&analysis.arrangement))
                    .unwrap_or_default(),
                rule_agrees: analysis.rule_agrees_no_pawn(side),
            }),
            verdict: analysis.pawn.map(|side, v| {
                let a = &analysis.arrangement;
                VerdictColumns {
                    verdict: v.verdict.as_str(),
                    pawn_moves: v.castle_line.pawn_moves(a).join(" "),
                    castle_line: v.castle_line.san(a),
                    walk_line: v.walk_line.as_ref().map(|l| l.san(a)).unwrap_or_default(),
                    rule_verdict: analysis.rule.get(side).claim().as_str(),
                    verdict_agrees: analysis.verdict_agrees(side),
                }
            }),
            requires_castling: analysis.requires_castling(),
        }
    }

    /// Every column name in order.
    pub fn column_names() -> Vec<&'static str> {
        let mut names = vec!["sp", "arrangement", "fen"];
        for side in Side::BOTH {
            names.extend(RuleColumns::names(side));
        }
        names.push("rule_requires_castling");
        for side in Side::BOTH {
            names.extend(NoPawnColumns::names(side));
        }
        for side in Side::BOTH {
            names.extend(VerdictColumns::names(side));
        }
        names.push("requires_castling");
        names
    }
}

impl Serialize for Row {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut out = serializer.serialize_struct("Row", Row::column_names().len())?;
        out.serialize_field("sp", &self.sp)?;
        out.serialize_field("arrangement", &self.arrangement)?;
        out.serialize_field("fen", &self.fen)?;
        for (side, columns) in self.rule.iter() {
            columns.serialize_fields(side, &mut out)?;
        }
        out.serialize_field("rule_requires_castling", &self.rule_requires_castling)?;
        for (side, columns) in self.no_pawn.iter() {
            columns.serialize_fields(side, &mut out)?;
        }
        for (side, columns) in self.verdict.iter() {
            columns.serialize_fields(side, &mut out)?;
        }
        out.serialize_field("requires_castling", &self.requires_castling)?;
        out.end()
    }
}

/// The report as CSV bytes. Identical input gives identical bytes.
pub fn to_csv(analyses: &[Analysis]) -> Vec<u8> {
    let mut writer = csv::WriterBuilder::new()
        .terminator(csv::Terminator::Any(b'\n'))
        .from_writer(Vec::new());
    for analysis in analyses {
        writer
            .serialize(Row::new(analysis))
            .expect("serializing to memory cannot fail");
    }
    writer.into_inner().expect("flushing to memory cannot fail")
}

/// Why the report could not be written.
#[derive(Debug, thiserror::Error)]
#[error("cannot write {path}: {source} (give --out and --analysis paths in writable directories)")]
pub struct WriteError {
    pub path: String,
    #[source]
    pub source: std::io::Error,
}

/// Output files opened before the work starts: a temporary file beside each destination, so
/// an unwritable path is reported at once rather than after the analysis, and the destinations
/// are replaced only when everything is ready.
pub struct Staged<'a> {
    files: Vec<(&'a Path, tempfile::NamedTempFile)>,
}

fn write_error(path: &Path) -> impl FnOnce(std::io::Error) -> WriteError {
    let path = path.display().to_string();
    move |source| WriteError { path, source }
}

impl<'a> Staged<'a> {
    /// Creates a temporary file next to each path, or says which path cannot be written.
    pub fn new(paths: &[&'a Path]) -> Result<Staged<'a>, WriteError> {
        let mut files = Vec::with_capacity(paths.len());
        for &path in paths {
            if path.is_dir() {
                return Err(write_error(path)(std::io::Error::other(
                    "that is a directory",
                )));
            }
            let dir = match path.parent() {
                Some(p) if !p.as_os_str().is_empty() => p,
                _ => Path::new("."),
            };
            let temp = tempfile::Builder::new()
                .prefix(".castle960-")
                .suffix(".tmp")
                .tempfile_in(dir)
                .map_err(write_error(path))?;
            files.push((path, temp));
        }
        Ok(Staged { files })
    }

    /// Writes the contents (one per path, in order) and renames every temporary file onto its
    /// destination, so each file is either the old one or the complete new one.
    pub fn commit(mut self, contents: &[&[u8]]) -> Result<(), WriteError> {
        for ((path, temp), bytes) in self.files.iter_mut().zip(contents) {
            temp.write_all(bytes).map_err(write_error(path))?;
            temp.as_file().sync_all().map_err(write_error(path))?;
        }
        for (path, temp) in self.files {
            temp.persist(path).map_err(|e| write_error(path)(e.error))?;
        }
        Ok(())
    }
}

/// The summary `castle960 report` prints: counts per rule case and side, and the rule's answer.
pub fn summary(analyses: &[Analysis]) -> String {
    let mut out = String::new();
    let mut by_case: BTreeMap<&str, BySide<usize>> = BTreeMap::new();
    for analysis in analyses {
        for (side, case) in analysis.rule.iter() {
            let counts = by_case.entry(case.label()).or_default();
            match side {
                Side::A => counts.a += 1,
                Side::H => counts.h += 1,
            }
        }
    }
    let _ = writeln!(out, "Closed-form rule (seed 001), sides per case:");
    let _ = writeln!(out, "  {:<24} {:>6} {:>6}", "case", "a-side", "h-side");
    for (label, counts) in &by_case {
        let _ = writeln!(out, "  {:<24} {:>6} {:>6}", label, counts.a, counts.h);
    }
    let rule_count = analyses
        .iter()
        .filter(|a| a.rule_requires_castling())
        .count();
    let _ = writeln!(
        out,
        "Arrangements the rule says require castling (right true on a side): {rule_count} of {}",
        analyses.len()
    );
    out.push_str(&no_pawn_cross_check(analyses));
    out.push_str(&verdict_summary(analyses));
    out
}

/// The rule against the exhaustive search on castling without a pawn move: agreement per side
/// and every disagreement by SP and side.
pub fn no_pawn_cross_check(analyses: &[Analysis]) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Castling without a pawn move, closed-form rule vs exhaustive search:"
    );
    let mut disagreements = Vec::new();
    for side in Side::BOTH {
        let possible = analyses
            .iter()
            .filter(|a| a.no_pawn.get(side).is_some())
            .count();
        let agree = analyses
            .iter()
            .filter(|a| a.rule_agrees_no_pawn(side))
            .count();
        let _ = writeln!(
            out,
            "  {}: search finds {possible} sides castling without a pawn move; rule and search agree on {agree} of {}",
            side.name(),
            analyses.len()
        );
        disagreements.extend(
            analyses
                .iter()
                .filter(|a| !a.rule_agrees_no_pawn(side))
                .map(|a| format!("SP {} {}", a.arrangement.sp(), side.prefix())),
        );
    }
    let _ = writeln!(
        out,
        "  disagreements: {}",
        if disagreements.is_empty() {
            "none".to_string()
        } else {
            disagreements.join(", ")
        }
    );
    out
}

/// The verdicts: the puzzle's answer beside the rule's, the rule-by-search table per side, and
/// every disagreement.
pub fn verdict_summary(analyses: &[Analysis]) -> String {
    let mut out = String::new();
    let bound = analyses.first().map_or(0, |a| a.bound);
    let answer = analyses.iter().filter(|a| a.requires_castling()).count();
    let rule = analyses
        .iter()
        .filter(|a| a.rule_requires_castling())
        .count();
    let _ = writeln!(
        out,
        "Verdicts by search (model: Black absent, pawns moved on at most {bound} files):"
    );
    let claims = ["no-pawn-move", "after-pawn-move", "artificial-only"];
    for side in Side::BOTH {
        let _ = writeln!(out, "  {}: rows = rule, columns = search", side.name());
        let _ = writeln!(
            out,
            "    {:<18}{:>14}{:>17}{:>17}",
            "", claims[0], claims[1], claims[2]
        );
        for claim in claims {
            let cells: Vec<usize> = claims
                .iter()
                .map(|found| {
                    analyses
                        .iter()
                        .filter(|a| {
                            a.rule.get(side).claim().as_str() == claim
                                && a.pawn.get(side).verdict.as_str() == *found
                        })
                        .count()
                })
                .collect();
            let _ = writeln!(
                out,
                "    {:<18}{:>14}{:>17}{:>17}",
                claim, cells[0], cells[1], cells[2]
            );
        }
        let other = analyses
            .iter()
            .filter(|a| !claims.contains(&a.pawn.get(side).verdict.as_str()))
            .count();
        if other > 0 {
            let _ = writeln!(
                out,
                "    sides castling never reaches within the bound: {other}"
            );
        }
    }
    let disagreements: Vec<String> = analyses
        .iter()
        .flat_map(|a| {
            Side::BOTH
                .into_iter()
                .filter(|&s| !a.verdict_agrees(s))
                .map(move |s| {
                    format!(
                        "SP {} {} ({} -> {})",
                        a.arrangement.sp(),
                        s.prefix(),
                        a.rule.get(s).claim().as_str(),
                        a.pawn.get(s).verdict.as_str()
                    )
                })
        })
        .collect();
    let _ = writeln!(
        out,
        "  rule and search disagree on {} sides (rule -> search): {}",
        disagreements.len(),
        if disagreements.is_empty() {
            "none".to_string()
        } else {
            disagreements.join(", ")
        }
    );
    let _ = writeln!(
        out,
        "Answer: White can reach a position that requires castling in {answer} of {} arrangements (the closed-form rule says {rule}).",
        analyses.len()
    );
    out
}
