//! Benchmarks of the castling module: explaining a position (the four castlings with their
//! reasons, no search) against cozy-chess generating the same position's legal moves, and under
//! each castling rule (`explain_rule`: every castling the rule allows, with reasons), the
//! fewest-moves search on the 1,920 start-position sides against the start-position search it
//! generalises (`start::questions::fewest_any`, White alone on its own board), and the referee's
//! own side (castle960's castling moves and move count) against cozy-chess counting its moves.
//!
//! Run with `cargo bench -p castle960-measure --bench castling`. Before criterion's groups, the binary times the
//! search on each of the 1,920 sides alone (best of 5 runs each) and prints the median, the 90th
//! percentile and the slowest side, since the requirement is a median per side.

use castle960::castling::{Limits, explain, explain_rule, fewest_moves};
use castle960::chess::Rule;
use castle960::referee::ours;
use castle960::referee::positions::RandomGames;
use castle960::start::questions::fewest_any::fewest_any;
use castle960::{Arrangement, CastlingSide};
use cozy_chess::{Board, Color};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Positions to explain: the standard start, lila #4625's Chess960 middle game (a rook on a
/// square the king crosses), a crowded position with checks and attacks on both back ranks.
const POSITIONS: [(&str, &str); 3] = [
    (
        "standard_start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "lila_4625",
        "4rrk1/pbbp2p1/1ppnp3/3n1pqp/3N1PQP/1PPNP3/PBBP2P1/4RRK1 w Ff - 10 18",
    ),
    (
        "attacked_back_ranks",
        "r3k2r/pp2ppbp/2n3p1/3p3P/3P1B2/4P3/PP1K1PP1/R4B1R b kq - 0 1",
    ),
];

fn bench_explain(c: &mut Criterion) {
    let mut group = c.benchmark_group("explain");
    for (name, fen) in POSITIONS {
        let board = Board::from_fen(fen, true)
            .or_else(|_| Board::from_fen(fen, false))
            .unwrap();
        group.bench_function(format!("{name}/explain"), |b| {
            b.iter(|| black_box(explain(black_box(&board))))
        });
        group.bench_function(format!("{name}/cozy_legal_moves_baseline"), |b| {
            b.iter(|| {
                let mut n = 0;
                black_box(&board).generate_moves(|moves| {
                    n += moves.len();
                    false
                });
                black_box(n)
            })
        });
    }
    group.finish();
}

/// Empty back ranks but for kings and rooks, White to move: the most castlings a position can
/// have (free castling: 16 a side, all of White's legal, each SAN's check mark worked out).
const OPEN_BACK_RANKS: (&str, &str) = ("open_back_ranks", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");

/// The explanation under each rule (no search), on the same positions and on
/// [`OPEN_BACK_RANKS`]: `castle --rule` must stay under 50 µs per explanation. Chess960's rule
/// is measured here too, beside `explain` above.
fn bench_explain_rules(c: &mut Criterion) {
    let mut group = c.benchmark_group("explain_rule");
    for (name, fen) in POSITIONS.into_iter().chain([OPEN_BACK_RANKS]) {
        let board = Board::from_fen(fen, true)
            .or_else(|_| Board::from_fen(fen, false))
            .unwrap();
        for rule in Rule::ALL {
            group.bench_function(format!("{name}/{rule}"), |b| {
                b.iter(|| black_box(explain_rule(black_box(&board), rule)))
            });
        }
    }
    group.finish();
}

/// The referee's own side on 10,000 positions of random games: castle960's castling moves and
/// move count of each (what a referee run computes per position), against cozy-chess counting
/// its own legal moves of the same positions (its castling included).
fn bench_referee(c: &mut Criterion) {
    let boards: Vec<Board> = RandomGames::new(1).take(10_000).collect();
    let mut group = c.benchmark_group("referee_10000_positions");
    group.sample_size(20);
    group.bench_function("castle960_castlings_and_count", |b| {
        b.iter(|| {
            let mut n = 0u64;
            for board in &boards {
                n += ours::castling_moves(board).len() as u64 + ours::perft(board, 1);
            }
            black_box(n)
        })
    });
    group.bench_function("cozy_count_baseline", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for board in &boards {
                board.generate_moves(|moves| {
                    n += moves.len();
                    false
                });
            }
            black_box(n)
        })
    });
    group.finish();
}

/// Every start side: White's fewest moves with Black at home.
fn start_sides() -> Vec<(Board, CastlingSide)> {
    (0..960)
        .flat_map(|sp| CastlingSide::BOTH.map(|side| (Board::chess960_startpos(sp), side)))
        .collect()
}

fn search_all(sides: &[(Board, CastlingSide)]) -> usize {
    let limits = Limits::default();
    sides
        .iter()
        .map(
            |(board, side)| match fewest_moves(board, Color::White, *side, &limits) {
                castle960::castling::Later::Fewest { moves, .. } => moves,
                other => panic!("{other:?}"),
            },
        )
        .sum()
}

fn baseline_all() -> usize {
    Arrangement::all()
        .flat_map(|a| CastlingSide::BOTH.map(|side| fewest_any(&a, side).moves))
        .sum()
}

fn bench_search(c: &mut Criterion) {
    let sides = start_sides();
    assert_eq!(search_all(&sides), baseline_all());
    let mut group = c.benchmark_group("fewest_moves_1920_start_sides");
    group.sample_size(20);
    group.bench_function("castling_fewest_moves", |b| {
        b.iter(|| black_box(search_all(black_box(&sides))))
    });
    group.bench_function("start_fewest_any_baseline", |b| {
        b.iter(|| black_box(baseline_all()))
    });
    group.finish();
}

/// The search on each side alone, best of five runs; prints median, 90th percentile and maximum.
fn per_side_figures() {
    let limits = Limits::default();
    let mut times: Vec<(Duration, u32, CastlingSide)> = start_sides()
        .into_iter()
        .enumerate()
        .map(|(i, (board, side))| {
            let best = (0..5)
                .map(|_| {
                    let start = Instant::now();
                    black_box(fewest_moves(&board, Color::White, side, &limits));
                    start.elapsed()
                })
                .min()
                .unwrap();
            (best, i as u32 / 2, side)
        })
        .collect();
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize].0;
    let (slowest, sp, side) = times[times.len() - 1];
    println!(
        "fewest_moves per start side (best of 5, {} sides): median {:?}, 90th percentile {:?}, \
         slowest {:?} (SP {sp} {side})",
        times.len(),
        at(0.5),
        at(0.9),
        slowest
    );
}

fn figures_then_groups(c: &mut Criterion) {
    per_side_figures();
    bench_explain(c);
    bench_explain_rules(c);
    bench_search(c);
    bench_referee(c);
}

criterion_group!(benches, figures_then_groups);
criterion_main!(benches);
