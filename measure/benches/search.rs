//! Benchmarks of the searches over all 960 arrangements, with rayon on all cores and on one
//! thread, so that the parallel speed-up is measured in the same run.
//!
//! Run with `cargo bench -p castle960-measure --bench search`. The whole report (all searches, the pawn-move
//! analysis included) is timed as a command instead, see the README; here the pawn-move search
//! is measured on a fixed sample of arrangements, with and without the swap lemma, and on one
//! group of arrangements searched together and one at a time.

use castle960::chess::{CastlingPath, File};
use castle960::start::bound::PawnBound;
use castle960::start::rule;
use castle960::start::search::{no_pawn, pawn};
use castle960::{Arrangement, CastlingSide};
use criterion::{Criterion, criterion_group, criterion_main};
use rayon::prelude::*;
use std::hint::black_box;

fn no_pawn_all_sides() -> usize {
    (0..960u16)
        .into_par_iter()
        .map(|sp| {
            let a = Arrangement::from_sp(sp).unwrap();
            CastlingSide::BOTH
                .iter()
                .filter(|&&side| no_pawn::search(&a, a.castling(side)).is_some())
                .count()
        })
        .sum()
}

/// Benchmarks `work` with rayon on all cores and on a one-thread pool, in one group, so that the
/// parallel speed-up is measured in the same run.
fn bench_parallel_and_single<T: Send>(
    c: &mut Criterion,
    name: &str,
    samples: usize,
    work: impl Fn() -> T + Sync,
) {
    let single = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let mut group = c.benchmark_group(name);
    group.sample_size(samples);
    group.bench_function("rayon_all_cores", |b| b.iter(|| black_box(work())));
    group.bench_function("one_thread", |b| {
        b.iter(|| single.install(|| black_box(work())))
    });
    group.finish();
}

fn bench_no_pawn(c: &mut Criterion) {
    bench_parallel_and_single(c, "no_pawn_search_1920_sides", 100, no_pawn_all_sides);
}

/// The pawn-move search (default bound) on every side that cannot castle without a pawn move of
/// every 101st arrangement: 10 arrangements. (The numbering cycles through the bishops' squares
/// with period 16, so a stride of 96 would keep both bishops on the same squares every time,
/// which happen to make cheap searches.) `search` is [`pawn::analyse`] or the baseline
/// without the swap lemma, [`pawn::analyse_exhaustively`].
fn pawn_sample(search: fn(&Arrangement, CastlingPath, PawnBound) -> pawn::PawnOutcome) -> usize {
    (0..960u16)
        .step_by(101)
        .collect::<Vec<_>>()
        .into_par_iter()
        .map(|sp| {
            let a = Arrangement::from_sp(sp).unwrap();
            CastlingSide::BOTH
                .iter()
                .filter(|&&side| no_pawn::search(&a, a.castling(side)).is_none())
                .map(|&side| search(&a, a.castling(side), pawn::DEFAULT_BOUND).cores)
                .sum::<usize>()
        })
        .sum()
}

fn bench_pawn(c: &mut Criterion) {
    bench_parallel_and_single(c, "pawn_search_every_101st_arrangement", 10, || {
        pawn_sample(pawn::analyse)
    });
    let mut group = c.benchmark_group("pawn_search_every_101st_arrangement");
    group.sample_size(10);
    group.bench_function("without_swap_lemma_rayon_all_cores", |b| {
        b.iter(|| black_box(pawn_sample(pawn::analyse_exhaustively)))
    });
    group.finish();
}

/// The 44 arrangements with the king on d1 and the h-rook on e1, decided by one shared castling
/// game ([`pawn::decide_group`]) and one arrangement at a time, on one thread.
fn bench_group(c: &mut Criterion) {
    let side = CastlingSide::H;
    let arrangements: Vec<Arrangement> = Arrangement::all()
        .filter(|a| a.king_file() == File::D && a.rook_file(side) == File::E)
        .filter(|a| no_pawn::search(a, a.castling(side)).is_none())
        .collect();
    let bound = pawn::DEFAULT_BOUND;
    let mut group = c.benchmark_group("castling_group_king_d1_rook_e1");
    group.sample_size(10);
    group.bench_function("shared_game", |b| {
        let path = arrangements[0].castling(side);
        b.iter(|| black_box(pawn::decide_group(&arrangements, path, bound)))
    });
    group.bench_function("one_arrangement_at_a_time", |b| {
        b.iter(|| {
            arrangements
                .iter()
                .map(|a| pawn::analyse(a, a.castling(side), bound).cores)
                .sum::<usize>()
        })
    });
    group.finish();
}

/// The closed-form rule for all 960 arrangements (the work of the seed's Python program).
fn bench_rule(c: &mut Criterion) {
    c.bench_function("closed_form_rule_960_arrangements", |b| {
        b.iter(|| {
            Arrangement::all()
                .filter(|a| rule::requires_castling(&rule::evaluate(black_box(a))))
                .count()
        })
    });
}

criterion_group!(benches, bench_rule, bench_no_pawn, bench_pawn, bench_group);
criterion_main!(benches);
