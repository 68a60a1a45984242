use super::*;
use crate::chess::{CastlingSide, File};
use crate::start::search::components::{component_moves, lift_all_quiet};
use crate::start::search::model::Step;
use crate::start::search::no_pawn;
use crate::start::search::swap::SafeStructures;
use crate::start::search::walking_game::walkable;

/// Pawns moved on at most two files: small castling games that still reach many structures.
fn two_files() -> PawnBound {
    PawnBound::within::<8>(2).unwrap()
}

/// The castling game of each side of every `step`-th arrangement with pawns on at most two
/// files, run in full (no shortcut), with its castling.
fn full_games(step: usize) -> impl Iterator<Item = (Geometry, Tree)> {
    Arrangement::all().step_by(step).flat_map(|arrangement| {
        CastlingSide::BOTH.into_iter().map(move |side| {
            let path = arrangement.castling(side).geometry();
            let group = std::slice::from_ref(&arrangement);
            let (tree, _) = castling_game(group, path, two_files(), Pruning::Never, |_, _, _| 0);
            (path, tree)
        })
    })
}

/// The lemma of [`crate::start::search::swap`] checked against the components themselves: in the castling
/// game run in full (no shortcut), every castle-legal position in a structure the lemma calls
/// safe lies in the same component as the position right after castling, so king and rook
/// walk there. Each side of a spread of arrangements, with two and with three pawn files.
#[test]
fn castled_positions_in_safe_structures_are_walked_to() {
    let mut checked = 0;
    for (step, files) in [(13, 2), (59, 3)] {
        let bound = PawnBound::within::<8>(files).unwrap();
        for arrangement in Arrangement::all().step_by(step) {
            for side in CastlingSide::BOTH {
                let path = arrangement.castling(side);
                if no_pawn::search(&arrangement, path).is_some() {
                    continue;
                }
                let safe = SafeStructures::of(path, bound);
                let path = path.geometry();
                let mut cache = CoreCache::default();
                let group = std::slice::from_ref(&arrangement);
                let (tree, _) = castling_game(group, path, bound, Pruning::Never, |_, _, _| 0);
                for node in 0..tree.len() as u32 {
                    let q = tree.pos(node).placement();
                    if !safe.contains(q.pawns()) || !q.castling_open(path) {
                        continue;
                    }
                    let castled = q.castled(path);
                    assert_eq!(
                        cache.id(castled),
                        cache.id(q),
                        "SP {} {side:?}: {q:?} castles out of its component",
                        arrangement.sp()
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 10_000, "only {checked} castled positions checked");
}

/// The early-stopping exploration of the witnesses ([`component_tree_to`]) finds the same
/// paths as the whole component's ([`core_of`]), and the core [`CoreCache::id`] names is the one
/// [`core_of`] finds: from castled positions of sampled castling games (every 97th node of
/// their trees, where castling is legal there), to the core's id and to every fifth member.
#[test]
fn paths_to_a_core_are_those_of_the_whole_component() {
    use crate::start::search::components::core_of;
    let mut checked = 0;
    for (path, tree) in full_games(83) {
        let mut cache = CoreCache::default();
        for node in (0..tree.len() as u32).step_by(97) {
            let q = tree.pos(node).placement();
            if !q.castling_open(path) {
                continue;
            }
            let castled = q.castled(path);
            let (core, whole) = core_of(castled);
            assert_eq!(cache.id(castled), core.id, "{castled:?}");
            for &target in std::iter::once(&core.id).chain(core.members.iter().step_by(5)) {
                assert_eq!(
                    component_path::<8>(&component_tree_to(castled, target), castled.key(), target),
                    component_path::<8>(&whole, castled.key(), target),
                    "{castled:?} to {target:?}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 5000, "only {checked} paths checked");
}

/// Component moves look only at the moved piece, yet hand out exactly the position that
/// making the move and then lifting every piece that can leave gives. Checked from the
/// lifted placements of sampled castling games.
#[test]
fn component_moves_stay_lifted() {
    let mut checked = 0;
    for (_, tree) in full_games(61) {
        for node in (0..tree.len() as u32).step_by(7) {
            let lifted = lift_all_quiet(tree.pos(node).placement());
            component_moves(&lifted, |next, step| {
                // The move made plainly, then every piece that can leave lifted.
                let Step::Move { from, to } = step else {
                    unreachable!("component moves are moves")
                };
                let mut plain = lifted;
                plain.shift(from, to);
                assert_eq!(next, lift_all_quiet(plain), "{step:?} from {lifted:?}");
                checked += 1;
            });
        }
    }
    assert!(checked > 100_000, "only {checked} moves checked");
}

/// The shared walking search answers for each arrangement exactly what the walking search of
/// that arrangement alone finds: for a dozen castled cores spread over those that the castling
/// games of two groups meet with two pawn files, asked for all members at once and for
/// subsets.
#[test]
fn shared_walks_answer_as_walks_alone() {
    let mut outcomes = [0usize; 2];
    for (side, king, rook) in [
        (CastlingSide::A, File::E, File::D),
        (CastlingSide::H, File::D, File::E),
    ] {
        let members: Vec<Arrangement> = Arrangement::all()
            .filter(|a| a.king_file() == king && a.rook_file(side) == rook)
            .filter(|a| no_pawn::search(a, a.castling(side)).is_none())
            .take(GROUP_SIZE)
            .collect();
        let all: Group = Group::MAX >> (GROUP_SIZE - members.len());
        let path = members[0].castling(side).geometry();
        let mut cache = CoreCache::default();
        let mut ids: Vec<PosKey> = Vec::new();
        castling_game(&members, path, two_files(), Pruning::Always, |_, pos, _| {
            let id = cache.id(pos.placement().castled(path));
            if !ids.contains(&id) {
                ids.push(id);
            }
            0
        });
        for id in ids.iter().step_by(ids.len().div_ceil(12)) {
            let core = &cache.cores[id];
            let mut alone: Group = 0;
            for (i, a) in members.iter().enumerate() {
                if walk_to(a, core).is_some() {
                    alone |= 1 << i;
                }
            }
            assert_eq!(
                walkable(&members, all, core, &mut CoreCache::default()),
                alone,
                "{side:?} core {id:?}"
            );
            // Every other member alone, and the odd ones together.
            let odd: Group = all & 0xAAAA_AAAA_AAAA_AAAA;
            assert_eq!(
                walkable(&members, odd, core, &mut CoreCache::default()),
                alone & odd
            );
            for i in (0..members.len()).step_by(2) {
                assert_eq!(
                    walkable(&members, 1 << i, core, &mut CoreCache::default()),
                    alone & 1 << i
                );
            }
            outcomes[0] += (all & !alone).count_ones() as usize;
            outcomes[1] += alone.count_ones() as usize;
        }
    }
    assert!(
        outcomes[0] > 0 && outcomes[1] > 0,
        "both answers occur: {outcomes:?}"
    );
}
