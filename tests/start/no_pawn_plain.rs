//! The reduced no-pawn-move search (first rank only, knights that leave are gone) against a plain
//! breadth-first search over real squares of the whole board, written independently
//! ([`whole_board`]): knights may roam ranks 3 to 8 and come back, the queen and the free rook
//! move wherever chess lets them. Both must give the same fewest number of moves, or both none,
//! for all 1,920 sides.

use crate::plain::{self, whole_board};

use castle960::start::search::no_pawn;
use castle960::{Arrangement, CastlingSide};
use rayon::prelude::*;

/// Fewest moves to make castling legal, by plain BFS over whole-board positions.
fn plain_fewest(a: &Arrangement, side: CastlingSide) -> Option<usize> {
    whole_board::fewest::<8>(&a.to_string(), &[plain::chess960(a, side)])[0]
}

#[test]
fn reduced_search_equals_plain_search_on_all_1920_sides() {
    let arrangements: Vec<Arrangement> = Arrangement::all().collect();
    let mismatches: Vec<String> = arrangements
        .par_iter()
        .flat_map_iter(|a| {
            CastlingSide::BOTH.into_iter().filter_map(move |side| {
                let reduced = no_pawn::search(a, a.castling(side)).map(|c| c.moves);
                let plain = plain_fewest(a, side);
                (reduced != plain)
                    .then(|| format!("SP {} {side}: reduced {reduced:?}, plain {plain:?}", a.sp()))
            })
        })
        .collect();
    assert!(mismatches.is_empty(), "{mismatches:#?}");
}

#[test]
fn plain_search_sanity() {
    // RNBQKBNR: the h-side needs Nf3 (or Nh3) and the bishop cannot move: impossible.
    let standard = Arrangement::from_sp(518).unwrap();
    assert_eq!(plain_fewest(&standard, CastlingSide::H), None);
    // BQNNRKRB (SP 3): the h-side castles at once.
    assert_eq!(
        plain_fewest(&Arrangement::from_sp(3).unwrap(), CastlingSide::H),
        Some(0)
    );
}
