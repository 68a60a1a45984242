//! The castling groups of one king and rook decided together: one castling game for several
//! landings ([`shared_castling_game`]), instead of one game per landing.
//!
//! Free, flexible and fast castling let one king and rook land on several pairs of squares, and
//! each pair is a castling group of its own ([`super::decide_group`]). Their games play the same
//! moves, king and rook frozen on the same squares, and meet nearly the same positions: for king
//! f1 and rook h1, each of its three castlings over every pawn structure meets about 1,031,000
//! positions, and all three together no more (`docs/performance.md`, the eighth pass). A game's
//! cost hardly depends on how many members it has, so one game for all three costs about what
//! one of them did.
//!
//! The shared game decides the verdicts exactly: whether some castled position of a member is
//! reached by no castle-free game does not depend on the order the game meets them in, nor does
//! the set of castled cores an artificial-only member meets. But for an after-pawn-move side the
//! count of cores examined ([`GroupDecision::cores`]) is those met before the first unwalkable
//! one, in the order of the group's own game, which a shared game does not keep. So a group in
//! which the shared game finds an after-pawn-move side is decided again by its own game
//! ([`super::decide`]); the groups where sharing pays most have none.

use super::{CoresMet, GroupDecision, decide};
use crate::chess::Geometry;
use crate::start::bound::PawnBound;
use crate::start::phases::{self, Phase};
use crate::start::search::castling_game::{
    Castlings, GROUP_SIZE, Group, MAX_LANDINGS, MemberSet, Pruning, Wide, shared_castling_game,
};
use crate::start::search::components::CoreCache;
use crate::start::search::model::BackRank;
use crate::start::search::walking_game::walkable;

/// The members of the widest shared game (pairs of arrangement and landing).
type Members = Wide<4>;
use rayon::prelude::*;

/// One castling group: its arrangements (their king and castling rook on the files of `path`)
/// and the castling.
pub type GroupToDecide<A> = (Vec<A>, Geometry);

/// Decides every group of `groups`, whose castlings all have one king file, one castling rook
/// file and one side, as [`super::decide_group`] decides each: the same verdicts and counts,
/// each group's in the order of its arrangements. Groups are packed, in order, into shared
/// games while their members fit a set of 256, their arrangements a walking search's set of 64
/// and their landings a byte (eight); the games run in parallel.
pub fn decide_groups<const F: usize, A: BackRank<F> + Clone>(
    groups: &[GroupToDecide<A>],
    bound: PawnBound,
) -> Vec<Vec<GroupDecision>> {
    let games = pack(groups);
    let decided: Vec<Vec<Vec<GroupDecision>>> = games
        .par_iter()
        .with_max_len(1)
        .map(|game| {
            let game: Vec<&GroupToDecide<A>> = game.iter().map(|&g| &groups[g]).collect();
            phases::timed(Phase::GroupSearches, || decide_game(&game, bound))
        })
        .collect();
    decided.into_iter().flatten().collect()
}

/// The groups (indices, in order) of each game: consecutive groups, as many as fit.
fn pack<A: BackRank<F>, const F: usize>(groups: &[GroupToDecide<A>]) -> Vec<Vec<usize>> {
    let mut games: Vec<Vec<usize>> = Vec::new();
    let mut arrangements: Vec<u32> = Vec::new();
    let mut members = 0;
    for (g, (group, _)) in groups.iter().enumerate() {
        let mut more = arrangements.clone();
        more.extend(group.iter().map(BackRank::number));
        more.sort_unstable();
        more.dedup();
        let fits = games.last().is_some_and(|game| {
            game.len() < MAX_LANDINGS
                && members + group.len() <= Members::CAPACITY
                && more.len() <= GROUP_SIZE
        });
        if fits {
            games.last_mut().expect("a game to join").push(g);
            members += group.len();
            arrangements = more;
        } else {
            games.push(vec![g]);
            members = group.len();
            arrangements = group.iter().map(BackRank::number).collect();
            arrangements.sort_unstable();
            arrangements.dedup();
        }
    }
    games
}

/// The decisions of the groups of one game: a group alone (or one too large to share) by its
/// own game; several by a shared game, and again by its own game any group in which the shared
/// game found an after-pawn-move side.
fn decide_game<const F: usize, A: BackRank<F> + Clone>(
    groups: &[&GroupToDecide<A>],
    bound: PawnBound,
) -> Vec<Vec<GroupDecision>> {
    if let [(arrangements, path)] = groups {
        return vec![decide(arrangements, *path, bound)];
    }
    let members: usize = groups
        .iter()
        .map(|(arrangements, _)| arrangements.len())
        .sum();
    // The narrower set where it will do: it keeps the visited tables smaller.
    let shared = if members <= Wide::<2>::CAPACITY {
        decide_shared::<F, A, Wide<2>>(groups, bound)
    } else {
        decide_shared::<F, A, Members>(groups, bound)
    };
    shared
        .into_iter()
        .zip(groups)
        .map(|(shared, (arrangements, path))| {
            shared.unwrap_or_else(|| decide(arrangements, *path, bound))
        })
        .collect()
}

/// The shared game of `groups` (at most `M::CAPACITY` members, [`GROUP_SIZE`] distinct
/// arrangements and [`MAX_LANDINGS`] groups): each group's decisions, or `None` for a group with
/// an after-pawn-move side, whose count of cores only its own game gives.
fn decide_shared<const F: usize, A: BackRank<F> + Clone, M: MemberSet>(
    groups: &[&GroupToDecide<A>],
    bound: PawnBound,
) -> Vec<Option<Vec<GroupDecision>>> {
    let mut arrangements: Vec<A> = Vec::new();
    let mut members: Vec<(usize, usize)> = Vec::new();
    for (landing, (group, _)) in groups.iter().enumerate() {
        for a in group {
            let at = match arrangements.iter().position(|b| b.number() == a.number()) {
                Some(at) => at,
                None => {
                    arrangements.push(a.clone());
                    arrangements.len() - 1
                }
            };
            members.push((at, landing));
        }
    }
    let landings: Vec<Geometry> = groups.iter().map(|(_, path)| *path).collect();
    let of_landing: Vec<M> = (0..landings.len())
        .map(|l| {
            (members.iter().enumerate())
                .filter(|(_, (_, landing))| *landing == l)
                .fold(M::EMPTY, |set, (m, _)| set | M::single(m))
        })
        .collect();
    let castlings = Castlings {
        arrangements: &arrangements,
        landings: &landings,
        members: &members,
    };
    let mut cache = CoreCache::<F>::default();
    let mut met = CoresMet::new(members.len());
    let mut unwalkable = vec![false; landings.len()];
    shared_castling_game::<F, A, M>(
        &castlings,
        bound,
        Pruning::Always,
        |_, pos, landing, these| {
            let q = pos.placement();
            let id = cache.id(q.castled(landings[landing]));
            let number = met.number(id);
            // As in `decide`: each member asks about a core once, the first time it meets it,
            // and only if king and rook do not walk there from the position before castling.
            // The walking search asks for the members' arrangements.
            let mut local = None;
            let mut ask: Group = 0;
            for m in these.members() {
                if !met.insert(m, number) || *local.get_or_insert_with(|| cache.id(q) == id) {
                    continue;
                }
                ask |= 1 << members[m].0;
            }
            if ask == 0 {
                return M::EMPTY;
            }
            let core = cache.cores[&id].clone();
            if ask & !walkable(&arrangements, ask, &core, &mut cache) == 0 {
                return M::EMPTY;
            }
            // An after-pawn-move side: its group is decided again by its own game, so the
            // shared game need not go on for any of the group's members.
            unwalkable[landing] = true;
            of_landing[landing]
        },
    );
    let mut member = 0..members.len();
    groups
        .iter()
        .zip(unwalkable)
        .map(|((group, _), unwalkable)| {
            let decisions: Vec<GroupDecision> = (member.by_ref().take(group.len()))
                .map(|m| GroupDecision {
                    unwalkable: false,
                    cores: met.count(m),
                })
                .collect();
            (!unwalkable).then_some(decisions)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{Arrangement, CastlingSide, File, Rule};
    use crate::start::search::no_pawn;
    use crate::start::search::pawn::decide_group;

    /// The groups of `rule`'s castlings of king `king` and rook `rook`: every arrangement with
    /// them that needs a pawn move for that castling.
    pub(super) fn castlings(
        rule: Rule,
        side: CastlingSide,
        king: File,
        rook: File,
    ) -> Vec<GroupToDecide<Arrangement>> {
        rule.paths(king, rook)
            .into_iter()
            .map(|path| {
                let arrangements: Vec<Arrangement> = Arrangement::all()
                    .filter(|a| a.king_file() == king && a.rook_file(side) == rook)
                    .filter(|a| no_pawn::search(a, path).is_none())
                    .collect();
                (arrangements, path.geometry())
            })
            .filter(|(arrangements, _)| !arrangements.is_empty())
            .collect()
    }

    /// Shared games decide each group exactly as its own game does, verdicts and counts of
    /// castled cores alike, in sets of members of both widths. The groups: fast castling's castlings of four kings and rooks
    /// (after-pawn-move sides in every one, with pawns on two files), then free castling's of
    /// the same king and rook (none), so that some games share groups of both kinds and decide
    /// again only the former; and free castling's alone with pawns on three files.
    #[test]
    fn shared_games_decide_each_group_as_its_own_game() {
        // Shared games without an after-pawn-move side, with groups of both kinds, and with
        // more members than two words hold.
        let mut shared_games = [0usize; 3];
        for (side, king, rook, files) in [
            (CastlingSide::H, File::F, File::H, 2),
            (CastlingSide::A, File::C, File::A, 2),
            (CastlingSide::A, File::E, File::A, 2),
            (CastlingSide::H, File::D, File::H, 2),
            (CastlingSide::A, File::D, File::A, 3),
        ] {
            let bound = PawnBound::within::<8>(files).unwrap();
            let mut groups = Vec::new();
            if files == 2 {
                groups.extend(castlings(Rule::FAST, side, king, rook));
            }
            groups.extend(castlings(Rule::FREE, side, king, rook));
            let together = decide_groups(&groups, bound);
            assert_eq!(together.len(), groups.len());
            for ((arrangements, path), decisions) in groups.iter().zip(&together) {
                assert_eq!(
                    decisions,
                    &decide_group(arrangements, *path, bound),
                    "{side:?} king {king} rook {rook}, {files} files: {path:?}"
                );
            }
            for game in pack(&groups).iter().filter(|game| game.len() > 1) {
                let after = |g: &usize| together[*g].iter().any(|d| d.unwalkable);
                match (game.iter().any(after), game.iter().all(after)) {
                    (false, _) => shared_games[0] += 1,
                    (true, false) => shared_games[1] += 1,
                    (true, true) => {}
                }
                let members: usize = game.iter().map(|&g| groups[g].0.len()).sum();
                shared_games[2] += usize::from(members > Wide::<2>::CAPACITY);
            }
        }
        assert!(
            shared_games.iter().all(|&n| n > 0),
            "shared games without an after-pawn-move side, with both kinds, with four words: \
             {shared_games:?}"
        );
    }

    /// The same over every pawn structure, the report's bound: free castling's castlings of king
    /// e1 and rook h1 and of king d1 and rook a1 (the report shares their games four castlings
    /// of up to 64 arrangements at a time).
    #[test]
    fn shared_games_over_every_structure_decide_each_group_as_its_own_game() {
        let bound = PawnBound::ALL_EIGHT;
        let mut widest = 0;
        for (side, king, rook) in [
            (CastlingSide::H, File::E, File::H),
            (CastlingSide::A, File::D, File::A),
        ] {
            let groups = castlings(Rule::FREE, side, king, rook);
            let together = decide_groups(&groups, bound);
            for ((arrangements, path), decisions) in groups.iter().zip(&together) {
                assert_eq!(
                    decisions,
                    &decide_group(arrangements, *path, bound),
                    "{side:?} king {king} rook {rook}: {path:?}"
                );
            }
            for game in pack(&groups) {
                widest = widest.max(game.iter().map(|&g| groups[g].0.len()).sum::<usize>());
            }
        }
        assert!(
            widest > Wide::<2>::CAPACITY,
            "the widest game has {widest} members"
        );
    }

    /// Groups join a game in order while the members fit, the arrangements fit a walking
    /// search's set and the landings fit a byte.
    #[test]
    fn groups_are_packed_while_they_fit() {
        let groups = castlings(Rule::FREE, CastlingSide::H, File::F, File::H);
        let sizes: Vec<usize> = groups.iter().map(|(a, _)| a.len()).collect();
        let games = pack(&groups);
        assert_eq!(
            games.concat(),
            (0..groups.len()).collect::<Vec<_>>(),
            "{sizes:?}"
        );
        for game in &games {
            let members: usize = game.iter().map(|&g| sizes[g]).sum();
            assert!(
                game.len() == 1 || members <= Members::CAPACITY,
                "{games:?} {sizes:?}"
            );
        }
        assert!(
            games.iter().any(|game| game.len() > 1),
            "{games:?} {sizes:?}"
        );
    }
}
