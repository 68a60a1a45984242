//! The summary `castle960 report` prints beside the files it writes.

use crate::chess::{ByCastlingSide, CastlingSide};
use crate::start::analysis::{Analysis, Tally};
use crate::start::bound::PawnBound;
use crate::start::rule::CaseKind;
use crate::start::verdict::Verdict;
use crate::words;
use itertools::Itertools;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// The summary `castle960 report` prints: counts per rule case and side, and the rule's answer.
pub fn summary(analyses: &[Analysis]) -> String {
    let tally = Tally::of(analyses);
    let mut out = String::new();
    let mut by_case: BTreeMap<CaseKind, ByCastlingSide<usize>> = BTreeMap::new();
    for analysis in analyses {
        for (side, case) in analysis.rule.iter() {
            by_case.entry(case.kind()).or_default()[side] += 1;
        }
    }
    let _ = writeln!(
        out,
        "Closed-form rule ({}; seed 001 in the project's notes),\n  sides per case:",
        crate::start::rule::SOURCE_NAME
    );
    let _ = writeln!(out, "  {:<24} {:>6} {:>6}", "case", "a-side", "h-side");
    for (kind, counts) in &by_case {
        let _ = writeln!(
            out,
            "  {:<24} {:>6} {:>6}",
            kind.label(),
            counts.a,
            counts.h
        );
    }
    let _ = writeln!(
        out,
        "Arrangements the rule says require castling (right true on a side): {} of {}",
        tally.rule_answer, tally.arrangements
    );
    out.push_str(&no_pawn_cross_check(&tally));
    out.push_str(&verdict_summary(&tally));
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
fn no_pawn_cross_check(tally: &Tally) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Castling without a pawn move, closed-form rule vs exhaustive search:"
    );
    for side in CastlingSide::BOTH {
        let s = &tally.sides[side];
        let _ = writeln!(
            out,
            "  {}: {} sides castle without a pawn move; rule and search agree on {} of {}",
            side.name(),
            s.no_pawn_possible,
            s.no_pawn_agree,
            tally.arrangements
        );
    }
    // Listed side by side: the a-side's disagreements first.
    let disagreements: Vec<String> = tally
        .no_pawn_disagreements
        .iter()
        .sorted_by_key(|&&(_, side)| side == CastlingSide::H)
        .map(|(sp, side)| format!("SP {sp} {}", side.prefix()))
        .collect();
    out.push_str(&list("  disagreements: ", &disagreements));
    out
}

/// The verdicts: the puzzle's answer beside the rule's, the rule-by-search table per side, and
/// every disagreement.
fn verdict_summary(tally: &Tally) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Verdicts by search (model: Black absent, {}):",
        tally.scope()
    );
    let claims = Verdict::THREE;
    for side in CastlingSide::BOTH {
        let s = &tally.sides[side];
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
            let _ = writeln!(
                out,
                "    {:<18}{:>14}{:>17}{:>17}",
                claim.as_str(),
                s.count(claim, claims[0]),
                s.count(claim, claims[1]),
                s.count(claim, claims[2])
            );
        }
        let other = s.found(Verdict::NotWithinBound);
        if other > 0 {
            let _ = writeln!(
                out,
                "    sides castling never reaches within the bound: {other}"
            );
        }
    }
    let disagreements: Vec<String> = tally
        .verdict_disagreements
        .iter()
        .map(|d| {
            format!(
                "SP {} {} ({} -> {})",
                d.sp,
                d.side.prefix(),
                d.claim.as_str(),
                d.found.as_str()
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
        "Answer: White can reach a position that requires castling in {} of {} arrangements\n  \
         (the closed-form rule says {}).",
        tally.answer, tally.arrangements, tally.rule_answer
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
            let bound = if first.bound < PawnBound::ALL_EIGHT {
                format!(
                    " (pawns on at most {})",
                    words::count(first.bound.files(), "file", "files")
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
