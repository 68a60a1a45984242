//! The fewest-moves search under every castling rule against a plain exhaustive search built on
//! the independent generator of `rule_support`: on positions of random games under each rule,
//! for every castling the rule allows either colour, the search's fewest own moves (the opponent
//! standing still) equal the plain search's up to a small bound, and every line found, replayed
//! with passes, ends where the independent generator calls the castling legal.

use crate::castling_support::legal_moves;
use crate::rule_support::{Text, castlings, rule_game_positions};

use castle960::CastlingSide;
use castle960::castling::{Later, Limits, fewest_moves_for};
use castle960::chess::{Castling, Rule};
use castle960::notation::uci::is_castling;
use cozy_chess::{Board, Color, Square};
use std::collections::BTreeMap;

/// The fewest own moves (at most `depth`) after which each castling of the side to move in
/// `board` is legal by the text, every own move answered by a pass and none giving check (the
/// opponent could not pass): a plain depth-first search over every line, recording for each
/// castling (its landing squares) the least depth at which it is legal.
fn plain_reach(
    board: &Board,
    text: Text,
    depth: usize,
    done: usize,
    best: &mut BTreeMap<(Square, Square), usize>,
) {
    for c in castlings(board, text, &mut Vec::new()) {
        let d = best.entry(c).or_insert(done);
        *d = (*d).min(done);
    }
    if done == depth {
        return;
    }
    // Castling spends both rights, so it never leads to a castling; every other move may.
    for mv in legal_moves(board)
        .into_iter()
        .filter(|&mv| !is_castling(board, mv))
    {
        let mut child = board.clone();
        child.play_unchecked(mv);
        if let Some(passed) = child.null_move() {
            plain_reach(&passed, text, depth, done + 1, best);
        }
    }
}

/// Replays `line` (own moves of `color`, passes between, and first if it is the opponent's
/// turn) and says whether the independent generator then calls castling `c` legal.
fn line_ends_in_the_castling(
    start: &Board,
    c: &Castling,
    rule: Rule,
    line: &[cozy_chess::Move],
) -> bool {
    let mut board = if start.side_to_move() == c.color {
        start.clone()
    } else {
        start.null_move().expect("the search passed")
    };
    for &mv in line {
        if board.try_play(mv).is_err() {
            return false;
        }
        let Some(passed) = board.null_move() else {
            return false;
        };
        board = passed;
    }
    castlings(&board, Text::of(rule), &mut Vec::new()).contains(&(c.king_to, c.rook_to))
}

/// Compares on every `stride`-th position of the random games under `rule`, up to `depth` own
/// moves; returns how many castlings were compared with each answer.
fn compare(rule: Rule, stride: usize, depth: usize) -> BTreeMap<Option<usize>, usize> {
    let limits = Limits {
        max_moves: depth,
        max_nodes: u64::MAX,
    };
    let text = Text::of(rule);
    let mut index = 0usize;
    let mut compared = BTreeMap::new();
    rule_game_positions(rule, 1, 60, |b, _| {
        index += 1;
        if !index.is_multiple_of(stride) {
            return;
        }
        for color in Color::ALL {
            let all: Vec<Castling> = CastlingSide::BOTH
                .into_iter()
                .flat_map(|side| Castling::of_right_under(b, color, side, rule))
                .collect();
            if all.is_empty() {
                continue;
            }
            let start = if b.side_to_move() == color {
                Some(b.clone())
            } else {
                b.null_move()
            };
            let mut best = BTreeMap::new();
            if let Some(start) = &start {
                plain_reach(start, text, depth, 0, &mut best);
            }
            for c in &all {
                let later = fewest_moves_for(b, c, rule, &limits);
                let plain = best.get(&(c.king_to, c.rook_to)).copied();
                *compared.entry(plain).or_default() += 1;
                match (&later, plain) {
                    (Later::Fewest { moves, line, .. }, Some(p)) => {
                        assert_eq!(*moves, p, "{rule} {b:#} {c:?}: {later}");
                        assert!(
                            line_ends_in_the_castling(b, c, rule, line),
                            "{rule} {b:#} {c:?}: {later}"
                        );
                    }
                    (
                        Later::MoreThan {
                            moves,
                            budget_exhausted: false,
                        },
                        None,
                    ) => assert!(*moves >= depth, "{rule} {b:#} {c:?}: {later:?}"),
                    (Later::Never { .. }, None) => {}
                    _ => panic!("{rule} {b:#} {c:?}: search {later:?}, plain search {plain:?}"),
                }
            }
        }
    });
    compared
}

/// Runs the comparison for `rule` at bounds 2 and 3 and checks that each answer occurred.
fn check(rule: Rule, stride2: usize, stride3: usize) {
    let two = compare(rule, stride2, 2);
    eprintln!("{rule}: castlings compared up to 2 moves, by answer: {two:?}");
    assert!(two.values().sum::<usize>() >= 1_000, "{rule}: {two:?}");
    assert!(
        (0..=2).all(|n| two.get(&Some(n)) >= Some(&20)),
        "{rule}: {two:?}"
    );
    let three = compare(rule, stride3, 3);
    eprintln!("{rule}: castlings compared up to 3 moves, by answer: {three:?}");
    assert!(three.get(&Some(3)) >= Some(&5), "{rule}: {three:?}");
}

#[test]
fn fewest_moves_under_chess960_equal_a_plain_search_built_on_the_rules_text() {
    check(Rule::CHESS960, 41, 331);
}

#[test]
fn fewest_moves_under_chess480_equal_a_plain_search() {
    check(Rule::CHESS480, 41, 331);
}

#[test]
fn fewest_moves_under_free_castling_equal_a_plain_search() {
    check(Rule::FREE, 97, 997);
}

#[test]
fn fewest_moves_under_flexible_castling_equal_a_plain_search() {
    check(Rule::FLEXIBLE, 31, 331);
}

#[test]
fn fewest_moves_under_fast_castling_equal_a_plain_search() {
    check(Rule::FAST, 41, 53);
}
