//! Differential test of the castling rules of the variants: on positions of random games played
//! under each rule (so that positions after a variant castling occur), castle960's legal
//! castlings ([`legal_castlings`]) are exactly those of an independent generator written from the
//! rules' texts (`rule_support`), for the colour to move and, after a pass, for the other colour;
//! the explanation under the rule says the same (legal now exactly when no reason stands).

use crate::rule_support;

use castle960::castling::{Reason, Status, explain_rule, legal_castlings};
use castle960::chess::Rule;
use cozy_chess::{Board, Square};
use rule_support::{Refusal, Text, castlings, rule_game_positions};
use std::collections::BTreeMap;

/// castle960's legal castlings of the side to move under `rule`, as landing squares, sorted.
fn ours(board: &Board, rule: Rule) -> Vec<(Square, Square)> {
    let mut out: Vec<(Square, Square)> = legal_castlings(board, rule)
        .iter()
        .map(|c| (c.king_to, c.rook_to))
        .collect();
    out.sort();
    out
}

/// The independent generator's, sorted.
fn theirs(board: &Board, text: Text, refusals: &mut Vec<Refusal>) -> Vec<(Square, Square)> {
    let mut out = castlings(board, text, refusals);
    out.sort();
    out
}

/// Runs the comparison for `rule`; returns how often each named case was seen.
fn compare(rule: Rule) -> BTreeMap<&'static str, usize> {
    let text = Text::of(rule);
    let mut positions = 0usize;
    let mut differences = Vec::new();
    let mut seen: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut count = |what: &'static str| *seen.entry(what).or_default() += 1;
    rule_game_positions(rule, 2, 60, |board, castled| {
        positions += 1;
        if castled {
            count("position_after_a_castling");
        }
        let mut refusals = Vec::new();
        for (b, who) in [
            (Some(board.clone()), "to move"),
            (board.null_move(), "after a pass"),
        ] {
            let Some(b) = b else { continue };
            let mine = ours(&b, rule);
            let other = theirs(&b, text, &mut refusals);
            if mine != other {
                differences.push(format!("{b:#} ({who}): castle960 {mine:?} text {other:?}"));
            }
            for &(king_to, rook_to) in &mine {
                count("legal");
                let color = b.side_to_move();
                let king = b.king(color);
                let (k, kt, rt) = (
                    king.file() as i8,
                    king_to.file() as i8,
                    rook_to.file() as i8,
                );
                if kt == 0 || kt == 7 {
                    count("legal_king_in_the_corner");
                }
                if b.color_on(king_to) == Some(color)
                    && b.piece_on(king_to) == Some(cozy_chess::Piece::Rook)
                {
                    count("legal_king_onto_the_rooks_square");
                    if rook_to == king {
                        count("legal_exchange");
                    }
                }
                if b.piece_on(rook_to) == Some(cozy_chess::Piece::Rook)
                    && b.color_on(rook_to) == Some(color)
                {
                    count("legal_rook_already_on_its_destination");
                }
                if kt == k {
                    count("legal_king_stays");
                }
                if (k - kt).abs() == 1 {
                    count("legal_king_one_square");
                }
                if (k - kt).abs() >= 3 {
                    count("legal_king_three_squares_or_more");
                }
                let (lo, hi) = (k.min(kt), k.max(kt));
                if (lo + 1..hi).any(|f| {
                    let sq = Square::new(cozy_chess::File::index(f as usize), king.rank());
                    b.piece_on(sq).is_some() && sq != rook_to
                }) {
                    count("legal_leap_over_men");
                }
                if rt == k {
                    count("legal_rook_to_the_kings_start");
                }
            }
        }
        for r in refusals {
            count(match r {
                Refusal::Occupied => "refused_occupied",
                Refusal::InCheck => "refused_in_check",
                Refusal::Attacked => "refused_attacked",
                Refusal::GivesCheck => "refused_gives_check",
            });
        }
        // The explanation agrees with the fast path, and "legal" comes with no reason.
        let e = explain_rule(board, rule);
        let mut legal_now: Vec<(Square, Square)> = e
            .iter()
            .filter(|s| s.status == Status::LegalNow)
            .filter_map(|s| s.castling.map(|c| (c.king_to, c.rook_to)))
            .collect();
        legal_now.sort();
        if legal_now != ours(board, rule) {
            differences.push(format!("{board:#}: explain {legal_now:?}"));
        }
        for s in e.iter() {
            let turn_only = s
                .reasons
                .iter()
                .all(|r| matches!(r, Reason::NotYourTurn { .. }));
            assert_eq!(s.status != Status::NotLegal, turn_only, "{board:#}: {s}");
            for r in &s.reasons {
                if let Reason::Attacked { by, .. } = r
                    && by.iter().any(|a| a.revealed)
                {
                    count("attacked_only_once_the_rook_has_left");
                }
            }
        }
    });
    eprintln!(
        "{rule}: {positions} positions, {} differences; seen {seen:?}",
        differences.len()
    );
    assert!(positions >= 100_000, "{rule}: only {positions} positions");
    assert!(
        differences.is_empty(),
        "{rule}: {} differences, first: {:#?}",
        differences.len(),
        &differences[..differences.len().min(10)]
    );
    seen
}

/// Asserts that each of `kinds` was seen in `rule`'s games, so the games exercise the rule.
fn assert_seen(rule: Rule, seen: &BTreeMap<&'static str, usize>, kinds: &[&str]) {
    for kind in kinds {
        assert!(
            seen.get(kind).copied().unwrap_or(0) > 0,
            "{rule}: no {kind} in the random games: {seen:?}"
        );
    }
}

const COMMON: [&str; 6] = [
    "legal",
    "position_after_a_castling",
    "refused_occupied",
    "refused_in_check",
    "refused_attacked",
    "attacked_only_once_the_rook_has_left",
];

#[test]
fn chess960_castlings_equal_the_independent_generator_on_random_games() {
    let seen = compare(Rule::CHESS960);
    assert_seen(Rule::CHESS960, &seen, &COMMON);
    assert_seen(
        Rule::CHESS960,
        &seen,
        &["legal_king_stays", "legal_rook_already_on_its_destination"],
    );
}

#[test]
fn chess480_castlings_equal_the_independent_generator_on_random_games() {
    let seen = compare(Rule::CHESS480);
    assert_seen(Rule::CHESS480, &seen, &COMMON);
    assert_seen(
        Rule::CHESS480,
        &seen,
        &[
            "legal_exchange",
            "legal_king_onto_the_rooks_square",
            "legal_king_in_the_corner",
            "legal_rook_already_on_its_destination",
        ],
    );
}

#[test]
fn free_castlings_equal_the_independent_generator_on_random_games() {
    let seen = compare(Rule::FREE);
    assert_seen(Rule::FREE, &seen, &COMMON);
    assert_seen(
        Rule::FREE,
        &seen,
        &[
            "legal_king_in_the_corner",
            "legal_king_onto_the_rooks_square",
            "legal_king_one_square",
            "legal_rook_to_the_kings_start",
            "refused_gives_check",
        ],
    );
}

#[test]
fn flexible_castlings_equal_the_independent_generator_on_random_games() {
    let seen = compare(Rule::FLEXIBLE);
    assert_seen(Rule::FLEXIBLE, &seen, &COMMON);
    assert_seen(Rule::FLEXIBLE, &seen, &["legal_king_three_squares_or_more"]);
}

#[test]
fn fast_castlings_equal_the_independent_generator_on_random_games() {
    let seen = compare(Rule::FAST);
    assert_seen(Rule::FAST, &seen, &COMMON);
    assert_seen(
        Rule::FAST,
        &seen,
        &[
            "legal_leap_over_men",
            "legal_king_one_square",
            "legal_rook_to_the_kings_start",
        ],
    );
}
