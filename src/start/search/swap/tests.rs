use super::*;
use crate::chess::{CastlingSide, File};
use crate::start::bound::PawnBound;
use crate::start::search::model::{BEYOND, STRUCTURES, THIRD, moved_files, structure_pawns};

/// Chess960 castling with the king on `king` and the rook on `rook`.
fn path(king: File, rook: File) -> CastlingPath {
    CastlingPath::new(king, rook, CastlingSide::of(king, rook))
}

fn pawns(moved: &[(usize, u8)]) -> [u8; 8] {
    let mut p = [HOME; 8];
    for &(f, s) in moved {
        p[f] = s;
    }
    p
}

/// King b1 and rook a1 castling long. A hole on c2 lets the king step up while the rook
/// passes (whatever stands on c2 can leave over b3, c3 or d3). With holes on f2 and g2 only,
/// the way round leads over e1 and f2: the king steps up to f2, the rook passes below to g1
/// and comes back once the king is home; any piece on e1 leaves over f2 or straight to rank
/// 3, and nothing can stay on f2, whose rank-3 squares are all free. With no hole at all,
/// king and rook can never pass each other.
#[test]
fn a_hole_near_the_span_is_a_way_round() {
    assert!(robust(path(File::B, File::A), &pawns(&[(2, BEYOND)])));
    assert!(robust(
        path(File::B, File::A),
        &pawns(&[(5, BEYOND), (6, BEYOND)])
    ));
    assert!(!robust(path(File::B, File::A), &pawns(&[])));
}

/// King g1 and rook h1 castling short with holes only on b2, c2 and d2 (pawns on b3, c4, d3):
/// a light bishop on d1 can reach c2 but leave neither from there (b3 and d3 are blocked)
/// nor anywhere else, and the other rook on e1, hemmed in by it, the e-pawn and the span,
/// cannot leave straight away either, so the lemma's walk finds king and rook shut in on
/// f1-h1. The component search finds the way round: the bishop steps to b1 via c2, both
/// rooks slide along the first rank to c1 and leave over c2 and c3 (the c-pawn has gone
/// past), come back the same way, the first one on to f1 and the second to e1 (rooks are
/// interchangeable), and the bishop goes home. The king never moves.
#[test]
fn the_component_search_finds_ways_round_the_walk_misses() {
    let far = pawns(&[(1, THIRD), (2, BEYOND), (3, THIRD)]);
    assert!(!robust_by_walk(path(File::G, File::H), &far));
    assert!(robust(path(File::G, File::H), &far));
}

/// A rook on a hole whose rank-3 square holds a pawn cannot leave straight up; if no free hole
/// beside it leads off the board, the lemma's walk counts it as blocking. King f1, rook h1,
/// castling short: f2 is the only hole in the span, the f-pawn stands on f3, and the rook on
/// f2 can slide to e2 and leave over e3 only when the e-pawn has gone past it. The component
/// search shows king and rook get round anyway.
#[test]
fn a_rook_blocks_a_hole_unless_it_can_slide_away() {
    let king = File::F;
    let rook = File::H;
    let f3 = pawns(&[(5, THIRD)]);
    assert!(!robust_by_walk(path(king, rook), &f3));
    assert!(robust(path(king, rook), &f3));
    let e_gone = pawns(&[(4, BEYOND), (5, THIRD)]);
    assert!(robust_by_walk(path(king, rook), &e_gone));
}

/// The component search can say no: king c1 and rook b1 castling long with the a-, b-, g-
/// and h-pawns on rank 3. The only holes beside the span, a2 and b2, lead off the board over
/// c3 alone, and some placements of the other pieces keep king and rook from trading places in the
/// component. With those four pawns gone past rank 3 instead, the holes lead off the board
/// and every placement works.
#[test]
fn walled_holes_beside_the_span_are_not_robust() {
    let walled = pawns(&[(0, THIRD), (1, THIRD), (6, THIRD), (7, THIRD)]);
    assert!(!robust(path(File::C, File::B), &walled));
    let open = pawns(&[(0, BEYOND), (1, BEYOND), (6, BEYOND), (7, BEYOND)]);
    assert!(robust(path(File::C, File::B), &open));
}

/// The shortcut of `Robustness::cached` checked against [`robust`] itself: wherever the most
/// walled version of a structure (every moved pawn on rank 3) is robust, so is the structure,
/// asked directly. Two sides, every structure with a pawn gone past rank 3.
#[test]
fn robustness_grows_when_a_pawn_goes_on_from_rank_3() {
    for (king, rook) in [(File::B, File::A), (File::E, File::H)] {
        let mut implied = 0;
        for index in 0..STRUCTURES {
            let p = structure_pawns::<8>(index);
            if !p.contains(&BEYOND) {
                continue;
            }
            let walled = p.map(|s| if s == BEYOND { THIRD } else { s });
            if robust(path(king, rook), &walled) {
                implied += 1;
                assert!(robust(path(king, rook), &p), "{walled:?} robust, {p:?} not");
            }
        }
        assert!(implied > 1000);
    }
}

/// [`robust`] without its branch and bound or remembered answers: every assignment of
/// blockers to the spots (the holes alone, then everywhere) tried one by one, its pieces
/// let leave one at a time by [`can_leave`] until none can, the walk over what stays free,
/// and where that fails (everywhere only) the whole placement's components compared.
fn robust_plainly(path: CastlingPath, pawns: &[u8; 8]) -> bool {
    [Spots::Holes, Spots::Everywhere].into_iter().any(|where_| {
        let mut adversary = Adversary::new(path, pawns, where_);
        let spots = adversary.spots.clone();
        let mut assignment = Vec::new();
        every_assignment(&spots, &mut assignment, BLOCKER_COUNTS, &mut |assignment| {
            let mut standing = assignment.to_vec();
            while let Some(i) = (0..spots.len()).find(|&i| {
                let free = (0..spots.len())
                    .filter(|&j| standing[j] == NO_BLOCKER)
                    .fold(adversary.passable, |m, j| m.with(spots[j]));
                standing[i] != NO_BLOCKER
                    && can_leave(&adversary.board, BLOCKERS[standing[i]], spots[i], free)
            }) {
                standing[i] = NO_BLOCKER;
            }
            let free = (0..spots.len())
                .filter(|&j| standing[j] == NO_BLOCKER)
                .map(|j| spots[j])
                .collect();
            walk(path, &adversary.board, free)
                || (where_ == Spots::Everywhere && adversary.one_component(assignment))
        })
    })
}

/// Whether `holds` is true of every assignment of the blockers left to the spots after
/// `assignment` (each blocker on a spot it fits, a spot empty or taken by one).
fn every_assignment(
    spots: &[Sq],
    assignment: &mut Vec<usize>,
    left: [u8; 5],
    holds: &mut impl FnMut(&[usize]) -> bool,
) -> bool {
    let Some(&spot) = spots.get(assignment.len()) else {
        return holds(assignment);
    };
    (0..=NO_BLOCKER).all(|b| {
        if b < NO_BLOCKER && (left[b] == 0 || !fits(b, spot)) {
            return true;
        }
        let mut rest = left;
        if b < NO_BLOCKER {
            rest[b] -= 1;
        }
        assignment.push(b);
        let all = every_assignment(spots, assignment, rest, holds);
        assignment.pop();
        all
    })
}

/// The branch and bound of [`Adversary::cannot_block_from`] and the answers it remembers
/// change nothing: [`robust`] equals [`robust_plainly`] on every 29th structure with pawns
/// moved on at most three files, for castlings of Chess960, Chess480, free and fast castling
/// (each side, king and rook near the edge and in the middle). The castlings of one king and
/// rook ask about the same structures one after another, so [`robust`] runs on the component
/// caches the earlier ones left ([`SharedComponents`]), and [`robust_plainly`] on a cache of
/// its own: the answers do not depend on what a cache holds.
#[test]
fn robust_equals_the_plain_test_of_every_assignment() {
    use crate::chess::Rule;
    let mut paths = Vec::new();
    for (king, rook) in [(File::B, File::A), (File::E, File::H), (File::D, File::C)] {
        for rule in [Rule::CHESS960, Rule::CHESS480, Rule::FREE, Rule::FAST] {
            paths.extend(rule.paths(king, rook));
        }
    }
    let (mut compared, mut robust_ones) = (0, 0);
    for &path in &paths {
        for index in (0..STRUCTURES).step_by(29) {
            let p = structure_pawns::<8>(index);
            if moved_files(&p) > 3 {
                continue;
            }
            let fast = robust(path, &p);
            assert_eq!(fast, robust_plainly(path, &p), "{path:?} {p:?}");
            compared += 1;
            robust_ones += fast as usize;
        }
    }
    assert!(compared > 300 && robust_ones > 100 && robust_ones < compared);
}

/// Safety looks ahead: a structure is safe only if it is robust and every structure its pawns
/// can still reach within the bound is safe; a larger bound can only take safety away.
#[test]
fn safety_needs_every_later_structure_robust() {
    let (king, rook) = (File::B, File::A);
    let tables: Vec<&SafeStructures> = (1..=3)
        .map(|files| SafeStructures::of(path(king, rook), PawnBound::within::<8>(files).unwrap()))
        .collect();
    assert!(tables[0].contains(&pawns(&[(2, BEYOND)])));
    for (b, table) in tables.iter().enumerate() {
        let bound = b + 1;
        assert!(table.count() > 0);
        for index in 0..STRUCTURES {
            let p = structure_pawns::<8>(index);
            let moved = p.iter().filter(|&&s| s != HOME).count();
            if !table.contains(&p) {
                continue;
            }
            assert!(moved <= bound);
            assert!(robust(path(king, rook), &p), "{p:?} safe but not robust");
            for file in 0..8 {
                for &to in model::pawn_advances(p[file], moved < bound) {
                    let mut next = p;
                    next[file] = to;
                    assert!(table.contains(&next), "{p:?} safe, {next:?} not");
                }
            }
            if b > 0 {
                assert!(tables[b - 1].contains(&p) || moved == bound);
            }
        }
    }
}

/// The tables worked out together, a structure at a time for every castling
/// ([`SafeStructures::prepare`]), are those worked out one castling at a time: for castlings of
/// Chess960, free and fast castling of three kings and rooks, pawns on at most three files.
#[test]
fn tables_worked_out_together_are_those_worked_out_alone() {
    use crate::chess::Rule;
    let mut paths = Vec::new();
    for (king, rook) in [(File::C, File::A), (File::F, File::H), (File::D, File::E)] {
        for rule in [Rule::CHESS960, Rule::FREE, Rule::FAST] {
            paths.extend(rule.paths(king, rook));
        }
    }
    let bound = PawnBound::within::<8>(3).unwrap();
    SafeStructures::prepare(&paths, bound);
    let mut safe = 0;
    for &path in &paths {
        let together = SafeStructures::of(path, bound);
        assert_eq!(
            together.safe,
            SafeStructures::work_out(path, 3).safe,
            "{path:?}"
        );
        safe += together.count();
    }
    assert!(
        safe > 1000,
        "only {safe} safe structures over {} tables",
        paths.len()
    );
}

/// The tables served for castlings whose mirror image was worked out first are that table
/// mirrored ([`SafeStructures::mirrored`]); the model is the same in the mirror (pawn moves, the
/// pool's exits, the blockers, a bishop of each colour), so they must be the tables worked out
/// directly. Checked for the tables the report asks for: every castling of every rule on either
/// side of the 960 arrangements that cannot castle without a pawn move, with the rule's pawn
/// bound when every structure is asked for ([`crate::start::rules::bound_under`]). Most of them
/// mirror another castling of their bound.
#[test]
fn mirrored_tables_are_those_worked_out_directly() {
    use crate::chess::{Arrangement, Rule};
    use crate::start::rules::bound_under;
    use crate::start::search::no_pawn;
    let mut by_bound: BTreeMap<PawnBound, Vec<CastlingPath>> = BTreeMap::new();
    for arrangement in Arrangement::all() {
        for side in CastlingSide::BOTH {
            let (king, rook) = (arrangement.king_file(), arrangement.rook_file(side));
            for rule in Rule::ALL {
                let paths = by_bound
                    .entry(bound_under(rule, PawnBound::ALL_EIGHT))
                    .or_default();
                paths.extend(
                    (rule.paths(king, rook).into_iter())
                        .filter(|&path| no_pawn::search(&arrangement, path).is_none())
                        .map(|path| path.unnamed()),
                );
            }
        }
    }
    let (mut tables, mut mirroring) = (0, 0);
    for (bound, mut paths) in by_bound {
        paths.sort();
        paths.dedup();
        SafeStructures::prepare(&paths, bound);
        let directly = SafeStructures::work_out_together(&paths, bound.files());
        for (&path, table) in paths.iter().zip(&directly) {
            assert!(
                SafeStructures::of(path, bound).safe == table.safe,
                "{path:?} with {bound:?}"
            );
        }
        tables += paths.len();
        mirroring += (paths.iter())
            .filter(|&&path| paths.binary_search(&path.mirrored()).is_ok())
            .count();
    }
    assert!(
        mirroring > 250,
        "only {mirroring} of {tables} tables mirror another"
    );
    println!("{tables} tables, {mirroring} of them mirroring another");
}
