//! The pool assumption of the model checked on a large sample of castled positions.
//!
//! The model keeps ranks 1-2 exact and lets a piece beyond them (in the pool) go anywhere it can
//! leave the pool to. With several pawns on ranks 3-4 that could be false: pawns can wall off a
//! pocket (a3 b4 c3 trap a rook on b3). The realization therefore puts a pawn "beyond" on rank 5;
//! with it on rank 4, this test found many walks that could not be realized. The verdict artificial-only says that every castled
//! position of a side is walkable; the report realizes one of them per side as real games. This
//! test realizes many: for a deterministic sample of the artificial-only sides of the committed
//! report, every walkable castled core their castling game examines
//! ([`castle960::start::search::pawn::castled_walks`]) is turned into a real castling game and a real
//! castle-free game ending in the same placement, and cozy-chess replays both from the Chess960
//! start position, Black standing and passing.

use crate::common;

use castle960::start::bound::PawnBound;
use castle960::start::search::pawn::{CastledWalk, CoreId, DEFAULT_BOUND, castled_walks};
use castle960::{Arrangement, CastlingSide};
use rayon::prelude::*;
use std::collections::BTreeSet;
use std::time::Instant;

/// Every how many-th artificial-only side of the report (in order of SP, then side a before h)
/// is checked: chosen so that well over ten thousand castled positions are covered in about two
/// minutes on two cores.
const STRIDE: usize = 2;

/// The fewest castled positions the sample must cover.
const AT_LEAST: usize = 10_000;
/// The searches whose castled positions are realized: every pawn structure (the report's), and
/// pawns on at most three files, whose castling game examines many more castled positions one
/// by one (with fewer files, fewer structures are safe).
fn bounds() -> [PawnBound; 2] {
    [DEFAULT_BOUND, PawnBound::within::<8>(3).unwrap()]
}

/// The artificial-only sides of the committed report, in order of SP, a before h.
fn artificial_only_sides() -> Vec<(Arrangement, CastlingSide)> {
    common::reported_sides()
        .into_iter()
        .filter(|r| r.field("verdict") == "artificial-only")
        .map(|r| (r.arrangement, r.side))
        .collect()
}

/// Realizes both games of one castled position and replays them with cozy-chess; `Err` says
/// what went wrong.
fn check(arrangement: &Arrangement, side: CastlingSide, walk: &CastledWalk) -> Result<(), String> {
    let castle = walk
        .castle_game(arrangement)
        .map_err(|e| format!("castling game: {e}"))?;
    let walked = walk
        .walk_game(arrangement)
        .map_err(|e| format!("walk: {e}"))?;
    let fen = arrangement.fen();
    let castle_san = castle.san_moves(arrangement);
    let castle_moves: Vec<&str> = castle_san.iter().map(String::as_str).collect();
    let castle_at = castle_moves
        .iter()
        .position(|m| *m == side.san())
        .ok_or("the castling game never castles")?;
    let until_castle = common::replay_white_line(&fen, &castle_moves[..=castle_at])
        .map_err(|e| format!("castling game: {e}"))?;
    if until_castle.last_castle != Some(side.letter()) || until_castle.castled_before_last {
        return Err("the castling game does not castle on its side".into());
    }
    if until_castle.pawn_moves == 0 {
        return Err("the castling game castles without a pawn move".into());
    }
    let castle_end = common::replay_white_line(&fen, &castle_moves)
        .map_err(|e| format!("castling game: {e}"))?;
    if castle_moves.iter().filter(|m| m.starts_with("O-O")).count() != 1 {
        return Err("the castling game castles more than once".into());
    }
    let walk_san = walked.san_moves(arrangement);
    let walk_moves: Vec<&str> = walk_san.iter().map(String::as_str).collect();
    let walk_end =
        common::replay_white_line(&fen, &walk_moves).map_err(|e| format!("walk: {e}"))?;
    if walk_end.last_castle.is_some() || walk_end.castled_before_last {
        return Err("the walk castles".into());
    }
    let (a, b) = (
        common::white_placement(&castle_end.board),
        common::white_placement(&walk_end.board),
    );
    if a != b {
        return Err(format!(
            "the games end in different placements: {a} and {b}"
        ));
    }
    Ok(())
}

/// What one side's check covered.
#[derive(Default)]
struct Covered {
    positions: usize,
    local: usize,
    cores: BTreeSet<(char, CoreId)>,
    failures: Vec<String>,
}

#[test]
#[ignore = "slow: run with cargo test --release -- --include-ignored"]
fn castled_positions_of_sampled_artificial_only_sides_are_realized_and_replayed() {
    let started = Instant::now();
    let all = artificial_only_sides();
    let sample: Vec<(Arrangement, CastlingSide)> = all.iter().copied().step_by(STRIDE).collect();
    let per_side: Vec<Covered> = sample
        .par_iter()
        .map(|&(arrangement, side)| {
            let mut covered = Covered::default();
            for bound in bounds() {
                let before = covered.positions;
                let examined = castled_walks(
                    &arrangement,
                    arrangement.castling(side),
                    bound,
                    &mut |walk| {
                        covered.positions += 1;
                        covered.local += walk.local as usize;
                        covered.cores.insert((side.letter(), walk.core()));
                        if let Err(why) = check(&arrangement, side, &walk) {
                            covered.failures.push(format!(
                                "SP {} {side} (pawns {}): {why}",
                                arrangement.sp(),
                                walk.pawn_structure()
                            ));
                        }
                    },
                );
                if examined != covered.positions - before {
                    covered.failures.push(format!(
                        "SP {} {side}: {} of {examined} castled cores are not walkable",
                        arrangement.sp(),
                        examined - (covered.positions - before)
                    ));
                }
            }
            covered
        })
        .collect();
    let positions: usize = per_side.iter().map(|c| c.positions).sum();
    let local: usize = per_side.iter().map(|c| c.local).sum();
    let cores: BTreeSet<(char, CoreId)> = per_side.iter().flat_map(|c| c.cores.clone()).collect();
    let arrangements: BTreeSet<u16> = sample.iter().map(|(a, _)| a.sp()).collect();
    let failures: Vec<&String> = per_side.iter().flat_map(|c| &c.failures).collect();
    println!(
        "{positions} castled positions realized and replayed ({local} walked from the position \
         before castling, {} by a walking search), {} distinct castled cores, {} of {} \
         artificial-only sides (one in {STRIDE}), {} arrangements, in {:.1?}; {} failures",
        positions - local,
        cores.len(),
        sample.len(),
        all.len(),
        arrangements.len(),
        started.elapsed(),
        failures.len()
    );
    for failure in &failures {
        println!("{failure}");
    }
    assert!(
        failures.is_empty(),
        "{} castled positions failed:\n{}",
        failures.len(),
        failures
            .iter()
            .map(|f| f.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
    assert!(
        positions >= AT_LEAST,
        "only {positions} castled positions covered"
    );
}
