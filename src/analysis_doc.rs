//! `analysis.md`, the written answer, rendered from a hand-written template whose every result
//! is a `{{placeholder}}` filled in from the program's own output. A test renders it afresh and
//! compares it with the committed file, so no number in it can drift from what the program says.

use crate::analysis::Analysis;
use crate::rule::RuleClaim;
use crate::side::Side;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// The template: prose written by hand, results as `{{name}}`.
pub const TEMPLATE: &str = include_str!("analysis_doc.md");

/// The default place of the rendered document, relative to the working directory.
pub const DEFAULT_PATH: &str = "analysis.md";

/// Every value the template may use, by name.
pub fn facts(analyses: &[Analysis]) -> BTreeMap<&'static str, String> {
    let mut f = BTreeMap::new();
    let count = |pred: &dyn Fn(&Analysis) -> bool| analyses.iter().filter(|a| pred(a)).count();
    f.insert("arrangements", analyses.len().to_string());
    f.insert("sides", (2 * analyses.len()).to_string());
    f.insert(
        "rule_requires_castling",
        count(&|a| a.rule_requires_castling()).to_string(),
    );
    f.insert(
        "no_pawn_arrangements",
        count(&|a| a.no_pawn.iter().any(|(_, c)| c.is_some())).to_string(),
    );
    for side in Side::BOTH {
        let (possible, agree, rule) = match side {
            Side::A => ("a_no_pawn_possible", "a_no_pawn_agree", "a_rule_no_pawn"),
            Side::H => ("h_no_pawn_possible", "h_no_pawn_agree", "h_rule_no_pawn"),
        };
        f.insert(
            rule,
            count(&|a| a.rule.get(side).claim() == RuleClaim::NoPawnMove).to_string(),
        );
        f.insert(
            possible,
            count(&|a| a.no_pawn.get(side).is_some()).to_string(),
        );
        f.insert(agree, count(&|a| a.rule_agrees_no_pawn(side)).to_string());
    }
    let disagreements: Vec<String> = analyses
        .iter()
        .flat_map(|a| {
            Side::BOTH
                .into_iter()
                .filter(|&s| !a.rule_agrees_no_pawn(s))
                .map(move |s| format!("SP {} {}", a.arrangement.sp(), s.prefix()))
        })
        .collect();
    f.insert(
        "no_pawn_disagreements",
        if disagreements.is_empty() {
            "none".to_string()
        } else {
            disagreements.join(", ")
        },
    );
    f.insert("fewest_moves_table", fewest_moves_table(analyses));
    f.insert("hardest_sides", hardest_sides(analyses));
    f
}

/// How many sides castle after 0, 1, 2, ... preparatory moves at the fewest.
fn fewest_moves_table(analyses: &[Analysis]) -> String {
    let mut by_moves: BTreeMap<Option<usize>, [usize; 2]> = BTreeMap::new();
    for a in analyses {
        for (i, side) in Side::BOTH.into_iter().enumerate() {
            by_moves
                .entry(a.no_pawn.get(side).as_ref().map(|c| c.moves))
                .or_default()[i] += 1;
        }
    }
    let mut out = String::from(
        "| fewest preparatory moves | a-side (O-O-O) | h-side (O-O) |\n|---|---|---|\n",
    );
    // Possible sides by move count first, impossible last.
    let mut rows: Vec<_> = by_moves.into_iter().collect();
    rows.rotate_left(1);
    for (moves, [a, h]) in rows {
        let label = match moves {
            Some(0) => "0 (castle at once)".to_string(),
            Some(n) => n.to_string(),
            None => "impossible without a pawn move".to_string(),
        };
        let _ = writeln!(out, "| {label} | {a} | {h} |");
    }
    out.trim_end().to_string()
}

/// The sides that need the most preparatory moves, with their lines.
fn hardest_sides(analyses: &[Analysis]) -> String {
    let mut out = String::new();
    for side in Side::BOTH {
        let most = analyses
            .iter()
            .filter_map(|a| a.no_pawn.get(side).as_ref().map(|c| c.moves))
            .max()
            .unwrap_or(0);
        let examples: Vec<String> = analyses
            .iter()
            .filter_map(|a| {
                let c = a.no_pawn.get(side).as_ref()?;
                (c.moves == most).then(|| {
                    format!(
                        "SP {} {} (`{}`)",
                        a.arrangement.sp(),
                        a.arrangement,
                        c.line.san(&a.arrangement)
                    )
                })
            })
            .collect();
        let _ = writeln!(
            out,
            "- {}: {most} moves, in {} arrangements: {}.",
            side.name(),
            examples.len(),
            examples.join("; ")
        );
    }
    out.trim_end().to_string()
}

/// Why the template could not be filled.
#[derive(Debug, thiserror::Error)]
#[error("analysis template uses unknown placeholder {{{{{0}}}}}")]
pub struct UnknownPlaceholder(pub String);

/// Fills the template with the facts.
pub fn render(analyses: &[Analysis]) -> Result<String, UnknownPlaceholder> {
    fill(TEMPLATE, &facts(analyses))
}

/// Replaces every `{{name}}` in `template` by its fact.
pub fn fill(template: &str, facts: &BTreeMap<&str, String>) -> Result<String, UnknownPlaceholder> {
    let mut out = String::with_capacity(template.len() * 2);
    let mut rest = template;
    while let Some(start) = rest.find("{{") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let end = after
            .find("}}")
            .ok_or_else(|| UnknownPlaceholder(after.chars().take(20).collect()))?;
        let name = &after[..end];
        out.push_str(
            facts
                .get(name)
                .ok_or_else(|| UnknownPlaceholder(name.to_string()))?,
        );
        rest = &after[end + 2..];
    }
    out.push_str(rest);
    Ok(out)
}
