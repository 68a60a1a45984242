//! The group search decides like the search of one arrangement at a time without any shortcut.

use castle960::chess::File;
use castle960::start::search::{no_pawn, pawn};
use castle960::{Arrangement, CastlingSide};
use pawn::Verdict;

/// Every arrangement of a group (king and castling rook on given files) that needs a pawn move.
fn group(side: CastlingSide, king: File, rook: File) -> Vec<Arrangement> {
    Arrangement::all()
        .filter(|a| a.king_file() == king && a.rook_file(side) == rook)
        .filter(|a| no_pawn::search(a, a.castling(side)).is_none())
        .collect()
}

/// Whole groups with two and three pawn files, chosen to hold both verdicts: the group search's
/// finding (some castled position no walk reaches, or none) matches the verdict of the
/// exhaustive search of each arrangement alone.
#[test]
fn group_decisions_match_the_exhaustive_search() {
    let mut verdicts = [0usize; 2];
    for (side, king, rook, bound) in [
        (CastlingSide::A, File::E, File::D, 2),
        (CastlingSide::H, File::D, File::E, 2),
        (CastlingSide::A, File::E, File::D, 3),
        (CastlingSide::H, File::C, File::D, 3),
    ] {
        let arrangements = group(side, king, rook);
        assert!(!arrangements.is_empty());
        let path = arrangements[0].castling(side);
        let bound = castle960::start::bound::PawnBound::within::<8>(bound).unwrap();
        let decisions = pawn::decide_group(&arrangements, path, bound);
        assert_eq!(decisions.len(), arrangements.len());
        for (a, decision) in arrangements.iter().zip(&decisions) {
            let alone = pawn::analyse_exhaustively(a, path, bound);
            assert_eq!(
                decision.unwalkable,
                alone.verdict == Verdict::AfterPawnMove,
                "SP {} {side:?} bound {bound}",
                a.sp()
            );
            verdicts[decision.unwalkable as usize] += 1;
        }
    }
    assert!(
        verdicts[0] > 0 && verdicts[1] > 0,
        "both verdicts occur: {verdicts:?}"
    );
}
