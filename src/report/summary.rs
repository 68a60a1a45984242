//! The summary `castle960 report` prints beside the files it writes.

use crate::chess::{ByCastlingSide, CastlingSide};
use crate::start::analysis::Analysis;
use crate::start::verdict::Verdict;
use crate::words;
use itertools::Itertools;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// The summary `castle960 report` prints: counts per rule case and side, and the rule's answer.
pub fn summary(analyses: &[Analysis]) -> String {
    let mut out = String::new();
    let mut by_case: BTreeMap<&str, ByCastlingSide<usize>> = BTreeMap::new();
    for analysis in analyses {
        for (side, case) in analysis.rule.iter() {
            by_case.entry(case.label()).or_default()[side] += 1;
        }
    }
    let _ = writeln!(
        out,
        "Closed-form rule ({}; seed 001 in the project's notes),\n  sides per case:",
        crate::start::rule::SOURCE_NAME
    );
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

/// A list after its label, "none" when empty, wrapped at [`words::WIDTH`] columns with the
/// following lines indented under the label's text: long lists (48 disagreements) stay
/// readable in a terminal.
fn list(label: &str, items: &[String]) -> String {
    let text = if items.is_empty() {
        "none".to_string()
    } else {
        items.join(", ")
    };
    let first = label.trim_start();
    let indent = &label[..label.len() - first.len()];
    words::wrap(
        &format!("{first}{text}"),
        indent,
        &format!("{indent}    "),
        words::WIDTH,
    )
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
    for side in CastlingSide::BOTH {
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
            "  {}: {possible} sides castle without a pawn move; rule and search agree on {agree} of {}",
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
    out.push_str(&list("  disagreements: ", &disagreements));
    out
}

/// The verdicts: the puzzle's answer beside the rule's, the rule-by-search table per side, and
/// every disagreement.
// Longer than most functions here: a straight sequence of printed blocks (header, one table per side, disagreements, answer), in the order they appear.
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
        "Verdicts by search (model: Black absent, {}):",
        crate::start::search::pawn::PawnScope::of(bound)
    );
    let claims = Verdict::THREE;
    for side in CastlingSide::BOTH {
        let _ = writeln!(out, "  {}: rows = rule, columns = search", side.name());
        let _ = writeln!(
            out,
            "    {:<18}{:>14}{:>17}{:>17}",
            "",
            claims[0].as_str(),
            claims[1].as_str(),
            claims[2].as_str()
        );
        for claim in claims {
            let cells: Vec<usize> = claims
                .iter()
                .map(|found| {
                    analyses
                        .iter()
                        .filter(|a| {
                            a.rule.get(side).claim() == claim
                                && a.verdicts.get(side).verdict == *found
                        })
                        .count()
                })
                .collect();
            let _ = writeln!(
                out,
                "    {:<18}{:>14}{:>17}{:>17}",
                claim.as_str(),
                cells[0],
                cells[1],
                cells[2]
            );
        }
        let other = analyses
            .iter()
            .filter(|a| !claims.contains(&a.verdicts.get(side).verdict))
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
        .cartesian_product(CastlingSide::BOTH)
        .filter(|&(a, s)| !a.verdict_agrees(s))
        .map(|(a, s)| {
            format!(
                "SP {} {} ({} -> {})",
                a.arrangement.sp(),
                s.prefix(),
                a.rule.get(s).claim().as_str(),
                a.verdicts.get(s).verdict.as_str()
            )
        })
        .collect();
    out.push_str(&list(
        &format!(
            "  rule and search disagree on {} sides (rule -> search): ",
            disagreements.len()
        ),
        &disagreements,
    ));
    let _ = writeln!(
        out,
        "Answer: White can reach a position that requires castling in {answer} of {} arrangements\n  \
         (the closed-form rule says {rule}).",
        analyses.len()
    );
    out
}

/// The answer under each castling rule, one line each, for the summary printed after a report.
///
/// ```text
/// Under each castling rule (analysis.md, output/chess960_castling_rules.csv), arrangements where White
///   can reach a position that requires castling: chess960 629, chess480 ..., fast ... (pawns
///   on at most 2 files)
/// ```
pub fn rules_summary(rules: &[Vec<crate::start::rules::RuleAnalysis>]) -> String {
    let items: Vec<String> = rules
        .iter()
        .filter_map(|analyses| {
            let first = analyses.first()?;
            let answer = analyses.iter().filter(|a| a.requires_castling()).count();
            let bound = if first.bound < crate::start::search::swap::MAX_BOUND {
                format!(
                    " (pawns on at most {})",
                    words::count(first.bound, "file", "files")
                )
            } else {
                String::new()
            };
            Some(format!("{} {answer}{bound}", first.rule))
        })
        .collect();
    list(
        "Under each castling rule (analysis.md, output/chess960_castling_rules.csv), arrangements where White can reach a position that requires castling: ",
        &items,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 20, item 8: a list of 48 disagreements is wrapped at 100 columns, every item kept
    /// whole and in order, the following lines indented under the label.
    #[test]
    fn long_lists_are_wrapped() {
        let items: Vec<String> = (0..48)
            .map(|i| format!("SP {} h (artificial-only -> after-pawn-move)", i * 19))
            .collect();
        let text = list(
            "  rule and search disagree on 48 sides (rule -> search): ",
            &items,
        );
        assert!(text.lines().count() > 20, "{text}");
        assert!(
            text.lines().all(|l| l.chars().count() <= words::WIDTH),
            "{text}"
        );
        assert!(
            text.lines().skip(1).all(|l| l.starts_with("      ")),
            "{text}"
        );
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(flat.ends_with(&items.join(", ")), "{flat}");
        assert_eq!(list("  disagreements: ", &[]), "  disagreements: none\n");
    }
}
