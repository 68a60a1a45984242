//! `analysis.md`, the written answer, rendered from a hand-written template whose every result
//! is a `{{placeholder}}` filled in from the program's own output. A test renders it afresh and
//! compares it with the committed file, so no number in it can drift from what the program says.

use crate::chess::CastlingSide;
use crate::report::diagram;
use crate::report::template::{Facts, UnknownPlaceholder};
use crate::start::analysis::disagreement::{self, Pattern};
use crate::start::analysis::{Analysis, GroupKey, Tally};
use crate::start::board::WhiteBoard;
use crate::start::bound::PawnBound;
use crate::start::rules::RuleAnalysis;
use crate::start::search::pawn::Verdict;
use crate::start::search::swap;
use itertools::Itertools;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// The template: prose written by hand, results as `{{name}}`.
pub const TEMPLATE: &str = include_str!("analysis_doc.md");

/// The default place of the rendered document, relative to the working directory.
pub const DEFAULT_PATH: &str = "analysis.md";

/// The facts of one report, by placeholder name: the Chess960 analyses of all arrangements and
/// the analyses under every rule ([`crate::start::rules::analyse_all`], Chess960's first).
pub fn facts(analyses: &[Analysis], rules: &[Vec<RuleAnalysis>]) -> Facts {
    let mut f = Facts::new();
    let tally = Tally::of(analyses);
    f.insert("arrangements".into(), analyses.len().to_string());
    f.insert("sides".into(), (2 * analyses.len()).to_string());
    f.insert(
        "rule_requires_castling".into(),
        tally.rule_answer.to_string(),
    );
    f.insert(
        "no_pawn_arrangements".into(),
        tally.no_pawn_arrangements.to_string(),
    );
    for side in CastlingSide::BOTH {
        let name = |what: &str| format!("{}_{what}", side.prefix());
        let s = &tally.sides[side];
        f.insert(name("rule_no_pawn"), s.rule_no_pawn.to_string());
        f.insert(name("no_pawn_possible"), s.no_pawn_possible.to_string());
        f.insert(name("no_pawn_agree"), s.no_pawn_agree.to_string());
    }
    let disagreements: Vec<String> = tally
        .no_pawn_disagreements
        .iter()
        .map(|(sp, side)| format!("SP {sp} {}", side.prefix()))
        .collect();
    f.insert(
        "no_pawn_disagreements".into(),
        if disagreements.is_empty() {
            "none".to_string()
        } else {
            disagreements.join(", ")
        },
    );
    f.insert("fewest_moves_table".into(), fewest_moves_table(analyses));
    f.insert("hardest_sides".into(), hardest_sides(analyses));
    pawn_facts(analyses, &tally, &mut f);
    crate::report::questions_doc::facts(analyses, &mut f);
    crate::report::rules_doc::facts(rules, &mut f);
    f
}

/// The facts of the pawn-move analysis: verdicts, the answer, the table against the rule, and
/// the disagreements grouped by pattern.
fn pawn_facts(analyses: &[Analysis], tally: &Tally, f: &mut Facts) {
    // An empty run moved pawns on no file.
    let files = tally.bound.map_or(0, PawnBound::files);
    f.insert("pawn_bound".into(), files.to_string());
    f.insert(
        "structures".into(),
        crate::start::search::pawn::PAWN_STRUCTURES.to_string(),
    );
    f.insert("answer".into(), tally.answer.to_string());
    f.insert(
        "answer_after_pawn_only".into(),
        (tally.answer - tally.no_pawn_arrangements).to_string(),
    );
    for side in CastlingSide::BOTH {
        for verdict in Verdict::ALL {
            // `a_no_pawn_move`, `h_not_within_bound`, ...: the side's prefix and the verdict.
            let name = format!("{}_{}", side.prefix(), verdict.as_str().replace('-', "_"));
            f.insert(name, tally.sides[side].found(verdict).to_string());
        }
    }
    let sides_with = |v: Verdict| {
        analyses
            .iter()
            .map(|a| a.verdicts.iter().filter(|(_, p)| p.verdict == v).count())
            .sum::<usize>()
    };
    f.insert(
        "castle_games".into(),
        (sides_with(Verdict::AfterPawnMove) + sides_with(Verdict::ArtificialOnly)).to_string(),
    );
    f.insert(
        "walk_games".into(),
        sides_with(Verdict::ArtificialOnly).to_string(),
    );
    group_facts(analyses, tally, f);
    bound_facts(analyses, files, f);
    let disagreements_found = disagreement_facts(analyses);
    f.extend(disagreements_found);
}

/// The castling groups (side, king file, castling rook file), their safe structures, the cores
/// examined and the verdict tables.
fn group_facts(analyses: &[Analysis], tally: &Tally, f: &mut Facts) {
    // Each group once, with the safe structures its members report.
    let groups: BTreeMap<GroupKey, usize> = analyses
        .iter()
        .flat_map(|a| {
            a.verdicts.iter().filter_map(|(side, v)| {
                v.safe_structures
                    .map(|safe| (GroupKey::of(a.arrangement.castling(side)), safe))
            })
        })
        .collect();
    f.insert("castling_groups".into(), groups.len().to_string());
    f.insert(
        "group_structures".into(),
        (groups.len() * tally.bound.map_or(0, swap::structures_within)).to_string(),
    );
    f.insert(
        "safe_structures".into(),
        groups.values().sum::<usize>().to_string(),
    );
    f.insert(
        "cores_examined".into(),
        analyses
            .iter()
            .map(|a| a.verdicts.iter().map(|(_, p)| p.cores).sum::<usize>())
            .sum::<usize>()
            .to_string(),
    );
    f.insert("verdict_tables".into(), verdict_tables(tally));
}

/// What the last file of the bound changes.
fn bound_facts(analyses: &[Analysis], bound: usize, f: &mut Facts) {
    let count = |pred: &dyn Fn(&Analysis) -> bool| analyses.iter().filter(|a| pred(a)).count();
    f.insert("pawn_bound_fewer".into(), (bound.max(2) - 1).to_string());
    let changes: Vec<String> = analyses
        .iter()
        .flat_map(|a| {
            a.verdicts.iter().filter_map(move |(side, v)| {
                let fewer = v.verdict_one_file_fewer?;
                (fewer != v.verdict).then(|| {
                    format!(
                        "SP {} {} ({} with {} files, {} with {})",
                        a.arrangement.sp(),
                        side.prefix(),
                        fewer.as_str(),
                        bound - 1,
                        v.verdict.as_str(),
                        bound
                    )
                })
            })
        })
        .collect();
    f.insert("bound_changes".into(), changes.len().to_string());
    let flips = analyses
        .iter()
        .flat_map(|a| a.verdicts.iter().map(|(_, v)| v))
        .filter(|v| {
            v.verdict_one_file_fewer == Some(Verdict::ArtificialOnly)
                && v.verdict == Verdict::AfterPawnMove
        })
        .count();
    f.insert("bound_flips".into(), flips.to_string());
    f.insert(
        "bound_change_list".into(),
        if changes.is_empty() {
            "none".to_string()
        } else {
            changes.join("; ")
        },
    );
    let answer_fewer = count(&|a| {
        a.verdicts.iter().any(|(_, v)| {
            matches!(
                v.verdict_one_file_fewer.unwrap_or(v.verdict),
                Verdict::NoPawnMove | Verdict::AfterPawnMove
            )
        })
    });
    f.insert("answer_fewer".into(), answer_fewer.to_string());
}

/// The disagreements between rule and search, by pattern.
fn disagreement_facts(analyses: &[Analysis]) -> Facts {
    let mut f = Facts::new();
    let disagreements: Vec<(&Analysis, CastlingSide, Pattern)> = analyses
        .iter()
        .cartesian_product(CastlingSide::BOTH)
        .filter_map(|(a, s)| disagreement::classify(a, s).map(|p| (a, s, p)))
        .collect();
    f.insert(
        "verdict_disagreements".into(),
        disagreements.len().to_string(),
    );
    f.insert(
        "disagreement_groups".into(),
        disagreement_groups(&disagreements),
    );
    f
}

/// Per side, the rule's claim (rows) against the search's verdict (columns).
fn verdict_tables(tally: &Tally) -> String {
    let mut out = String::new();
    for side in CastlingSide::BOTH {
        let _ = writeln!(
            out,
            "{} (rows: the rule's claim; columns: the search's verdict)\n",
            side.name()
        );
        let _ = writeln!(
            out,
            "| rule \\ search | no-pawn-move | after-pawn-move | artificial-only |\n|---|---|---|---|"
        );
        for claim in Verdict::THREE {
            let cells = Verdict::THREE
                .iter()
                .map(|&found| tally.sides[side].count(claim, found))
                .join(" | ");
            let _ = writeln!(out, "| {} | {cells} |", claim.as_str());
        }
        out.push('\n');
    }
    out.trim_end().to_string()
}

/// White's men on ranks 1-4 as a small diagram in a code block.
fn board_block(board: &WhiteBoard) -> String {
    format!("```\n{}```", diagram::white(board, 4, 0, false))
}

/// Each pattern: what causes it, the sides it covers, and a worked example.
fn disagreement_groups(disagreements: &[(&Analysis, CastlingSide, Pattern)]) -> String {
    let mut out = String::new();
    for pattern in Pattern::ALL {
        let members: Vec<&(&Analysis, CastlingSide, Pattern)> =
            disagreements.iter().filter(|d| d.2 == pattern).collect();
        let count = members.len();
        let noun = if count == 1 { "side" } else { "sides" };
        let _ = writeln!(out, "#### {} ({count} {noun})\n", pattern.title());
        if members.is_empty() {
            let _ = writeln!(out, "None.\n");
            continue;
        }
        let _ = writeln!(out, "{}\n", pattern_description(pattern));
        let list = members
            .iter()
            .map(|(a, s, _)| {
                format!(
                    "SP {} {} {} ({} -> {})",
                    a.arrangement.sp(),
                    a.arrangement,
                    s.prefix(),
                    a.rule.get(*s).claim().as_str(),
                    a.verdicts.get(*s).verdict.as_str()
                )
            })
            .join("; ");
        let _ = writeln!(out, "Sides (rule -> search): {list}.\n");
        let (a, side, _) = members[0];
        let arrangement = &a.arrangement;
        let v = a.verdicts.get(*side);
        let _ = writeln!(
            out,
            "Worked example: SP {} {}, {}. The closed-form rule says {} ({}).\n",
            arrangement.sp(),
            arrangement,
            side.name(),
            a.rule.get(*side).claim().as_str(),
            a.rule.get(*side).label()
        );
        let _ = writeln!(out, "{}\n", board_block(&WhiteBoard::start(arrangement)));
        let castled = disagreement::castled_board(a, *side);
        let _ = writeln!(
            out,
            "The castling game `{}` reaches, right after castling:\n",
            v.castle_line.san(arrangement)
        );
        let _ = writeln!(out, "{}\n", board_block(&castled));
        let stuck = crate::report::explain::describe_stuck(&disagreement::stuck_pieces(&castled));
        let _ = writeln!(
            out,
            "Pieces that can never leave the first two ranks in this position: {stuck}."
        );
        match &v.walk_line {
            Some(walk) => {
                let _ = writeln!(
                    out,
                    "The castle-free game `{}` reaches the same placement as the castling game.\n",
                    walk.san(arrangement)
                );
            }
            None => {
                let _ = writeln!(
                    out,
                    "No castle-free game reaches this placement (exhaustive search).\n"
                );
            }
        }
    }
    out.trim_end().to_string()
}

fn pattern_description(pattern: Pattern) -> &'static str {
    match pattern {
        Pattern::KingLockedBetweenRooks => {
            "The rule counts the knights that can make room for the pieces in the way, and says \
             that after a pawn move king and rook can always walk to their squares. But the king \
             starts between its rooks, and in these arrangements no hole the pawn moves open is \
             reachable by the king or by either rook before the other pieces are in place: \
             without castling the king stays between the two rooks for good. Castling puts both \
             rooks on the same side of the king, a placement no castle-free game reaches."
        }
        Pattern::KingStepsAside => {
            "The rule says walking king and rook there is impossible, because the castling rook \
             cannot get past the pieces between it and its square, the other rook among them. \
             But the pawn move opens a hole next to the king: the walk takes the king off the \
             first rank through it, the rooks get past each other while the king is away (or \
             simply trade places, since a placement does not know which rook is which), and the \
             king comes back to its castled square."
        }
        Pattern::Other => "Disagreements that fit neither pattern above.",
    }
}

/// How many sides castle after 0, 1, 2, ... preparatory moves at the fewest.
fn fewest_moves_table(analyses: &[Analysis]) -> String {
    let mut by_moves: BTreeMap<Option<usize>, [usize; 2]> = BTreeMap::new();
    for a in analyses {
        for (i, side) in CastlingSide::BOTH.into_iter().enumerate() {
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
    for side in CastlingSide::BOTH {
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

/// Fills the template with the facts.
pub fn render(
    analyses: &[Analysis],
    rules: &[Vec<RuleAnalysis>],
) -> Result<String, UnknownPlaceholder> {
    facts(analyses, rules).fill(TEMPLATE)
}
