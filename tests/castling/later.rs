//! The fewest-moves search ("can castling become legal later, the opponent standing still")
//! against a plain exhaustive search on positions of random games, and on hand-checked positions.

use crate::castling_support;

use castle960::CastlingSide;
use castle960::castling::{Castling, Later, Limits, NeverWhy, fewest_moves};
use castling_support::{
    board, cozy_castlings, legal_moves, random_game_positions, replay_with_passes,
};
use cozy_chess::{Board, Color};
use std::collections::BTreeMap;

/// The plain search: whether `color` (to move) can castle on `side` within `depth` own moves,
/// each answered by a pass, no move giving check (the opponent could not pass). Moves of the
/// king or the castling rook need no special care: they lose the right, and cozy-chess then
/// never offers the castling.
fn reachable(board: &Board, side: CastlingSide, depth: usize) -> bool {
    if cozy_castlings(board).contains(&side) {
        return true;
    }
    depth > 0
        && legal_moves(board).into_iter().any(|mv| {
            let mut child = board.clone();
            child.play(mv);
            child
                .null_move()
                .is_some_and(|passed| reachable(&passed, side, depth - 1))
        })
}

/// The plain search's fewest moves within `depth`, the opponent passing first if it is its turn.
fn plain_fewest(board: &Board, color: Color, side: CastlingSide, depth: usize) -> Option<usize> {
    let start = if board.side_to_move() == color {
        board.clone()
    } else {
        board.null_move()?
    };
    (0..=depth).find(|&d| reachable(&start, side, d))
}

/// Compares the search with the plain one on every `stride`-th position of the random games, for
/// both colours and both sides with a right, up to `depth` moves; returns how many were compared
/// with each answer (`Some(n)`: n moves, `None`: none within `depth`).
fn compare_with_plain_search(
    games: u64,
    stride: usize,
    depth: usize,
) -> BTreeMap<Option<usize>, usize> {
    let limits = Limits {
        max_moves: depth,
        max_nodes: u64::MAX,
    };
    let mut index = 0usize;
    let mut compared = BTreeMap::new();
    random_game_positions(games, 60, |b| {
        index += 1;
        if !index.is_multiple_of(stride) {
            return;
        }
        for color in [Color::White, Color::Black] {
            for side in CastlingSide::BOTH {
                if Castling::of_right(b, color, side).is_none() {
                    continue;
                }
                let later = fewest_moves(b, color, side, &limits);
                let plain = plain_fewest(b, color, side, depth);
                *compared.entry(plain).or_default() += 1;
                match (&later, plain) {
                    (Later::Fewest { moves, line, .. }, Some(p)) => {
                        assert_eq!(*moves, p, "{b:#} {color:?} {side}: {later}");
                        replay_with_passes(b, color, side, line)
                            .unwrap_or_else(|e| panic!("{b:#} {color:?} {side}: {e}"));
                    }
                    (
                        Later::MoreThan {
                            moves,
                            budget_exhausted: false,
                        },
                        None,
                    ) => {
                        assert!(*moves >= depth, "{b:#} {color:?} {side}: {later:?}")
                    }
                    (Later::Never { .. }, None) => {}
                    _ => panic!("{b:#} {color:?} {side}: search {later:?}, plain search {plain:?}"),
                }
            }
        }
    });
    compared
}

#[test]
fn fewest_moves_up_to_two_equal_a_plain_exhaustive_search_on_random_game_positions() {
    let compared = compare_with_plain_search(1, 17, 2);
    eprintln!("castlings compared up to 2 moves, by answer: {compared:?}");
    assert!(compared.values().sum::<usize>() >= 5_000, "{compared:?}");
    assert!(
        (0..=2).all(|n| compared.get(&Some(n)) >= Some(&100)),
        "{compared:?}"
    );
}

#[test]
fn fewest_moves_up_to_three_equal_a_plain_exhaustive_search_on_random_game_positions() {
    let compared = compare_with_plain_search(1, 61, 3);
    eprintln!("castlings compared up to 3 moves, by answer: {compared:?}");
    assert!(compared.values().sum::<usize>() >= 1_500, "{compared:?}");
    assert!(compared.get(&Some(3)) >= Some(&100), "{compared:?}");
}

#[test]
fn fewest_moves_up_to_four_equal_a_plain_exhaustive_search_on_random_game_positions() {
    let compared = compare_with_plain_search(1, 1009, 4);
    eprintln!("castlings compared up to 4 moves, by answer: {compared:?}");
    assert!(compared.get(&Some(4)) >= Some(&10), "{compared:?}");
}

/// The search's answer for `color`'s castling on `side` in `fen`, with default limits; a line
/// found is replayed under cozy-chess and shakmaty.
fn later(fen: &str, color: Color, side: CastlingSide) -> Later {
    let b = board(fen);
    let later = fewest_moves(&b, color, side, &Limits::default());
    if let Later::Fewest { line, .. } = &later {
        replay_with_passes(&b, color, side, line).unwrap_or_else(|e| panic!("{fen}: {e}"));
    }
    later
}

fn moves_of(later: &Later) -> Option<usize> {
    match later {
        Later::Fewest { moves, .. } => Some(*moves),
        _ => None,
    }
}

#[test]
fn the_opponent_passes_first_when_it_is_its_turn() {
    // After 1. e4 it is Black's move; White's O-O needs Nf3 and a bishop move (e2 is free).
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    assert_eq!(
        moves_of(&later(fen, Color::White, CastlingSide::H)),
        Some(2)
    );
    // Black, to move, needs three: a pawn move to free the bishop, the knight, the bishop.
    assert_eq!(
        moves_of(&later(fen, Color::Black, CastlingSide::H)),
        Some(3)
    );
}

#[test]
fn an_opponent_in_check_cannot_stand_still() {
    // Black to move is in check from the rook on e2: White's castlings are legal on White's turn,
    // but the model (the opponent passes) does not apply.
    let fen = "4k3/8/8/8/8/8/4R3/R3K2R b KQ - 0 1";
    assert_eq!(
        later(fen, Color::White, CastlingSide::H),
        Later::Never {
            why: NeverWhy::OpponentInCheck
        }
    );
}

#[test]
fn capturing_the_attackers_takes_one_move_each() {
    // Knights on d2 and g3 both attack f1; a knight's attack cannot be blocked, so both must be
    // captured (Bxd2, hxg3): two moves, the lower bound's attack term exactly.
    let fen = "4k3/8/8/8/8/6n1/3n3P/2B1K2R w K - 0 1";
    let b = board(fen);
    let castling = castle960::castling::Castling::of_right(&b, Color::White, CastlingSide::H);
    assert_eq!(
        castle960::castling::later::lower_bound(
            &b,
            &castling.unwrap(),
            castle960::chess::Rule::CHESS960
        ),
        Some(2)
    );
    assert_eq!(
        moves_of(&later(fen, Color::White, CastlingSide::H)),
        Some(2)
    );
    // One knight on g3: hxg3 at once.
    let fen = "4k3/8/8/8/8/6n1/7P/4K2R w K - 0 1";
    let l = later(fen, Color::White, CastlingSide::H);
    assert_eq!(
        l,
        Later::Fewest {
            moves: 1,
            line: vec!["h2g3".parse().unwrap()],
            san: vec!["hxg3".to_string()],
        }
    );
}

#[test]
fn a_move_that_gives_check_is_not_part_of_the_model() {
    // The rook on f8 attacks f1. The knight on d6 could block on f5 or f7 at once, but both give
    // check to the king on h6, which could then not stand still: two moves (e.g. Ne4, Nf2).
    let fen = "5r2/8/3N3k/8/8/8/7P/4K2R w K - 0 1";
    let b = board(fen);
    let checking_blocks: Vec<String> = legal_moves(&b)
        .into_iter()
        .filter(|mv| mv.from == cozy_chess::Square::D6 && mv.to.file() == cozy_chess::File::F)
        .map(|mv| {
            let mut after = b.clone();
            after.play(mv);
            assert!(!after.checkers().is_empty(), "{mv} blocks without check");
            mv.to_string()
        })
        .collect();
    assert_eq!(checking_blocks, ["d6f5", "d6f7"]);
    assert_eq!(
        moves_of(&later(fen, Color::White, CastlingSide::H)),
        Some(2)
    );
}

#[test]
fn the_enemy_king_in_the_way_or_beside_the_path_means_never() {
    // Chess960: king b1, rook h1; the black king stands on e1, which must be empty.
    assert_eq!(
        later(
            "8/8/8/8/8/8/8/1K2k1NR w H - 0 1",
            Color::White,
            CastlingSide::H
        ),
        Later::Never {
            why: NeverWhy::EnemyKingInTheWay {
                king: cozy_chess::Square::E1
            }
        }
    );
    // The black king on g2 attacks f1 (seed 000's missed case).
    assert_eq!(
        later(
            "8/8/8/8/8/8/6k1/4K2R w K - 0 1",
            Color::White,
            CastlingSide::H
        ),
        Later::Never {
            why: NeverWhy::EnemyKingAttacks {
                king: cozy_chess::Square::G2,
                square: cozy_chess::Square::F1
            }
        }
    );
}

#[test]
fn a_man_that_can_never_leave_means_no_line() {
    // The bishop on f1 is shut in by its pawns on e2 and g2, which the black pawns on e3 and g3
    // block; White's only other men are the king and the castling rook, which may not move.
    assert_eq!(
        later(
            "k7/8/8/8/8/4p1p1/4P1P1/4KB1R w K - 0 1",
            Color::White,
            CastlingSide::H
        ),
        Later::Never {
            why: NeverWhy::NoLine
        }
    );
}

#[test]
fn beyond_the_bound_or_the_node_budget_the_answer_is_more_than_n() {
    let start = Board::default();
    // O-O needs three moves; with a bound of two the answer is "more than 2".
    let limits = Limits {
        max_moves: 2,
        ..Limits::default()
    };
    assert_eq!(
        fewest_moves(&start, Color::White, CastlingSide::H, &limits),
        Later::MoreThan {
            moves: 2,
            budget_exhausted: false
        }
    );
    // O-O-O needs four; its lower bound is four (three men, the bishop shut in by its pawns),
    // so a budget of five positions proves only "more than 3", and says the budget stopped it.
    let limits = Limits {
        max_nodes: 5,
        ..Limits::default()
    };
    assert_eq!(
        fewest_moves(&start, Color::White, CastlingSide::A, &limits),
        Later::MoreThan {
            moves: 3,
            budget_exhausted: true
        }
    );
}

#[test]
fn the_right_gone_means_never() {
    assert_eq!(
        later(
            "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1",
            Color::White,
            CastlingSide::H
        ),
        Later::Never {
            why: NeverWhy::RightGone
        }
    );
}

#[test]
fn a_check_the_rooks_destination_would_block_must_still_be_answered() {
    // King b1, rook a1, enemy queen e1 giving check along the rank: after O-O-O the rook would
    // stand on d1 between them, but castling out of check is illegal. The knight takes the
    // queen (Nxe1): one move.
    let fen = "7k/8/8/8/8/5N2/8/RK2q3 w A - 0 1";
    let b = board(fen);
    let castling = castle960::castling::Castling::of_right(&b, Color::White, CastlingSide::A);
    assert_eq!(
        castle960::castling::later::lower_bound(
            &b,
            &castling.unwrap(),
            castle960::chess::Rule::CHESS960
        ),
        Some(1)
    );
    assert_eq!(
        later(fen, Color::White, CastlingSide::A),
        Later::Fewest {
            moves: 1,
            line: vec!["f3e1".parse().unwrap()],
            san: vec!["Nxe1".to_string()],
        }
    );
}
