//! Benchmarks of `why`: one move read and judged (the text read, the men it can mean found, every
//! reason computed, the answer built), on positions that reach each part of the judge: a quiet
//! legal move, a pinned knight, the horizontal en passant pin, a SAN naming two men that cannot
//! move like that, castling (the castling module's explanation), a king stepping onto an
//! attacked square. The requirement is under 50 µs per move explained.
//!
//! Run with `cargo bench -p castle960-measure --bench why`.

use castle960::why::{Past, why};
use cozy_chess::Board;
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

/// (name, FEN, move asked about).
const CASES: [(&str, &str, &str); 6] = [
    (
        "legal_quiet",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "Nf3",
    ),
    ("pinned_knight", "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1", "Nf3"),
    (
        "en_passant_horizontal_pin",
        "4k3/8/8/KPp4r/8/8/8/8 w - c6 0 2",
        "bxc6",
    ),
    (
        "san_two_men",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "Nd4",
    ),
    (
        "castling",
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        "O-O",
    ),
    ("king_attacked", "4r1k1/8/8/8/8/8/4K3/8 w - - 0 1", "Ke1"),
];

fn bench_why(c: &mut Criterion) {
    let mut group = c.benchmark_group("why");
    for (name, fen, input) in CASES {
        let board: Board = fen.parse().unwrap();
        let past = Past::of_position(&board);
        group.bench_function(name, |b| {
            b.iter(|| black_box(why(black_box(&board), black_box(input), &past).unwrap()))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_why);
criterion_main!(benches);
