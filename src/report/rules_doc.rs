//! The facts of `analysis.md`'s section on the other castling rules: the side-by-side table of the
//! rules, one example arrangement for each way a rule's count differs from Chess960's, and the
//! mirror check of Chess480.

use crate::chess::{CastlingSide, File, Rank, Rule, Square};
use crate::report::template::Facts;
use crate::start::rules::{CastlingVerdict, RuleAnalysis};
use crate::start::verdict::Verdict;
use crate::words;
use itertools::Itertools;
use std::fmt::Write as _;

/// The rules' facts, from the analyses of all 960 arrangements under each rule, Chess960's
/// first (the order of [`Rule::ALL`]).
pub fn facts(rules: &[Vec<RuleAnalysis>], f: &mut Facts) {
    f.insert("rules_table".into(), table(rules));
    f.insert("rules_examples".into(), examples(rules));
    let chess480 = of(rules, Rule::CHESS480);
    f.insert(
        "chess480_mirror_equal".into(),
        mirror_equal(chess480).to_string(),
    );
    f.insert(
        "chess960_mirror_equal".into(),
        mirror_equal(of(rules, Rule::CHESS960)).to_string(),
    );
    f.insert(
        "leap_bound".into(),
        crate::start::rules::LEAP_BOUND.to_string(),
    );
}

/// The analyses under `rule`.
fn of(rules: &[Vec<RuleAnalysis>], rule: Rule) -> &[RuleAnalysis] {
    rules
        .iter()
        .find(|analyses| analyses.first().is_some_and(|a| a.rule == rule))
        .map_or(&[], Vec::as_slice)
}

/// The side-by-side table: a column per rule, a row per count.
fn table(rules: &[Vec<RuleAnalysis>]) -> String {
    let mut out = String::from("| | ");
    out += &rules
        .iter()
        .map(|r| r.first().map_or(Rule::CHESS960, |a| a.rule))
        .join(" | ");
    out += " |\n|---|";
    out += &"---:|".repeat(rules.len());
    out.push('\n');
    let per_side = |label: &str, value: &dyn Fn(&[RuleAnalysis], CastlingSide) -> usize| {
        let cells = rules
            .iter()
            .map(|r| {
                let [a, h] = CastlingSide::BOTH.map(|side| value(r, side));
                format!("{a} / {h}")
            })
            .join(" | ");
        format!("| {label} | {cells} |\n")
    };
    let sides_with = |want: Option<Verdict>| {
        move |r: &[RuleAnalysis], side: CastlingSide| {
            r.iter().filter(|a| a.side_verdict(side) == want).count()
        }
    };
    out += &per_side("castlings the rule allows (a-side / h-side)", &|r, side| {
        r.iter().map(|a| a.castlings[side].len()).sum()
    });
    out += &per_side("sides with no castling at all", &sides_with(None));
    out += &per_side(
        "sides castling without a pawn move",
        &sides_with(Some(Verdict::NoPawnMove)),
    );
    out += &per_side(
        "sides after a pawn move (castling still required)",
        &sides_with(Some(Verdict::AfterPawnMove)),
    );
    out += &per_side(
        "sides only artificially",
        &sides_with(Some(Verdict::ArtificialOnly)),
    );
    let undecided = rules.iter().any(|r| {
        r.iter().any(|a| {
            CastlingSide::BOTH
                .into_iter()
                .any(|s| a.side_verdict(s) == Some(Verdict::NotWithinBound))
        })
    });
    if undecided {
        out += &per_side(
            "sides castling within no pawn bound",
            &sides_with(Some(Verdict::NotWithinBound)),
        );
    }
    let castlings_with = |v: Verdict| {
        rules
            .iter()
            .map(|r| {
                r.iter()
                    .flat_map(|a| a.castlings.iter().flat_map(|(_, c)| c.iter()))
                    .filter(|c| c.verdict.verdict == v)
                    .count()
            })
            .join(" | ")
    };
    for v in Verdict::THREE {
        let _ = writeln!(out, "| castlings {} | {} |", v.as_str(), castlings_with(v));
    }
    let answers = rules
        .iter()
        .map(|r| format!("**{}**", r.iter().filter(|a| a.requires_castling()).count()))
        .join(" | ");
    let _ = writeln!(
        out,
        "| **arrangements where White can reach a position that requires castling** | {} |",
        answers
    );
    out
}

/// For each rule other than Chess960, and each direction in which an arrangement's answer can
/// differ from Chess960's, the first such arrangement (in SP order), explained by its castlings.
fn examples(rules: &[Vec<RuleAnalysis>]) -> String {
    let chess960 = of(rules, Rule::CHESS960);
    let mut out = String::new();
    for analyses in rules {
        let Some(rule) = analyses.first().map(|a| a.rule) else {
            continue;
        };
        if rule == Rule::CHESS960 {
            continue;
        }
        for counted in [true, false] {
            let differ: Vec<(&RuleAnalysis, &RuleAnalysis)> = analyses
                .iter()
                .zip(chess960)
                .filter(|(a, c)| {
                    a.requires_castling() == counted && c.requires_castling() != counted
                })
                .collect();
            let (winner, loser) = if counted {
                (rule, Rule::CHESS960)
            } else {
                (Rule::CHESS960, rule)
            };
            let _ = write!(
                out,
                "- **{rule}**, counted under {winner} and not under {loser}: {}",
                words::count(differ.len(), "arrangement", "arrangements")
            );
            match differ.first() {
                Some((a, c)) if counted => {
                    let _ = writeln!(out, ", the first {}", explain(a, c));
                }
                Some((a, c)) => {
                    let _ = writeln!(out, ", the first {}", explain(c, a));
                }
                None => out.push_str(".\n"),
            }
        }
    }
    out
}

/// Why one arrangement counts under `winner`'s rule and not under `loser`'s (both analyses of
/// the same arrangement): the castling that makes it count, and what the other rule does with
/// the same king and rook.
fn explain(winner: &RuleAnalysis, loser: &RuleAnalysis) -> String {
    let a = &winner.arrangement;
    // The castling that makes the winner count: the first no-pawn-move or after-pawn-move one.
    let decisive = CastlingSide::BOTH.into_iter().find_map(|side| {
        winner.castlings[side]
            .iter()
            .find(|v| v.verdict.verdict.requires_castling())
            .map(|v| (side, v))
    });
    let Some((side, v)) = decisive else {
        return format!("is SP {} ({a}).", a.sp());
    };
    let others: Vec<String> = loser.castlings[side]
        .iter()
        .map(|o| {
            format!(
                "{} ({}) needs {} empty and is {}",
                o.path.san(Rank::First),
                landing(o),
                squares(o),
                o.verdict.verdict
            )
        })
        .collect();
    let there = if others.is_empty() {
        format!("{} allows no castling with that rook", loser.rule)
    } else {
        format!("under {}, {}", loser.rule, words::join(&others))
    };
    format!(
        "is SP {} ({a}). Under {}, its {}-side castling {} ({}) needs {} empty and {}. On that side {}.",
        a.sp(),
        winner.rule,
        side.prefix(),
        v.path.san(Rank::First),
        landing(v),
        squares(v),
        evidence(winner, v),
        there,
    )
}

/// `king g1, rook f1`.
fn landing(v: &CastlingVerdict) -> String {
    let at = |file: File| Square::new(file, Rank::First);
    format!(
        "king {}, rook {}",
        at(v.path.king_to()),
        at(v.path.rook_to())
    )
}

/// The squares a castling needs empty, as a list (`f1 and g1`, `no square`).
fn squares(v: &CastlingVerdict) -> String {
    let list: Vec<String> = File::ALL
        .into_iter()
        .filter(|&f| v.path.must_be_empty(f))
        .map(|f| Square::new(f, Rank::First).to_string())
        .collect();
    if list.is_empty() {
        "no square".to_string()
    } else {
        words::join(&list)
    }
}

/// What backs a castling's verdict that counts, with its game in SAN.
fn evidence(a: &RuleAnalysis, v: &CastlingVerdict) -> String {
    let line = v.verdict.castle_line.san(&a.arrangement);
    match v.no_pawn_moves {
        Some(0) => format!("is legal at once ({line})"),
        Some(n) => format!(
            "is legal after {} without a pawn move ({line})",
            words::count(n, "move", "moves")
        ),
        None => format!(
            "needs a pawn move, after which it reaches a position no castle-free game reaches ({line})"
        ),
    }
}

/// How many arrangements have, on each side, the same verdicts and fewest moves (castling by
/// castling, in the rule's order) as the other side of their mirror image.
pub fn mirror_equal(analyses: &[RuleAnalysis]) -> usize {
    analyses
        .iter()
        .filter(|a| {
            let m = &analyses[a.arrangement.mirrored().sp() as usize];
            CastlingSide::BOTH.into_iter().all(|side| {
                let other = match side {
                    CastlingSide::A => CastlingSide::H,
                    CastlingSide::H => CastlingSide::A,
                };
                let answers = |v: &[CastlingVerdict]| -> Vec<(Verdict, Option<usize>)> {
                    v.iter()
                        .map(|c| (c.verdict.verdict, c.no_pawn_moves))
                        .collect()
                };
                answers(&a.castlings[side]) == answers(&m.castlings[other])
            })
        })
        .count()
}
