//! Castling groups that are each other's mirror image: one searched, the other's decisions read
//! off it.
//!
//! Nothing in the model tells left from right (the swap lemma's module docs,
//! [`crate::start::search::swap`]): the pawns move alike on every file, the pool's exits and the
//! pieces' moves are symmetric, and mirroring turns each bishop's squares to the other colour,
//! where the mirrored arrangement has its other bishop. So the castling game of a group (one
//! castling over its arrangements) meets exactly the mirror images of the positions that the
//! game of the mirrored castling ([`crate::chess::Geometry::mirrored`]) over the mirrored
//! arrangements ([`Arrangement::mirrored`]) meets, castle-legal and dominated alike, and their
//! castled positions lie in mirrored components. What the group search decides for a member is
//! therefore the same for its mirror image wherever it does not depend on the order the game
//! meets positions in:
//!
//! - whether some castled position is reached by no castle-free game (after-pawn-move);
//! - for an artificial-only member, how many distinct castled cores it meets, which is all of
//!   them.
//!
//! For an after-pawn-move member the count stops at the first core no walk reaches, in the
//! game's own order, which mirroring does not keep (move generation goes in square order). So a
//! group is read off its mirror image ([`read_off`]), and where that names after-pawn-move
//! members, its own game is played only until each of them has met its first unwalkable core
//! ([`pawn::recount_group`]), which is far less than the whole game its artificial-only members
//! would otherwise need.
//!
//! Chess480's castlings and free, flexible and fast castling's mirror with the array; Chess960's
//! do not mirror one another (its king lands on c or g), though some mirror another rule's (king
//! b1 and rook g1 landing on g1 and f1 mirror free castling's king g1 and rook b1 landing on b1
//! and c1). In the report of all five rules 320 of the 338 castling groups have a mirror group
//! whose arrangements are exactly the mirror images of their own. The test
//! `mirrored_groups_decide_alike` searches both groups of every such pair (pawns on two files)
//! and compares; `pairing_changes_no_decision` decides every family of the five rules' lists
//! (pawns on two files) as the report schedules them and each alone, and compares; the report's
//! test compares the committed files.

use crate::chess::Arrangement;
use crate::start::analysis::{Group, GroupKey};
use crate::start::bound::PawnBound;
use crate::start::search::pawn::{self, GroupDecision};
use rayon::prelude::*;

/// Whether `image` is the mirror image of `source`: the mirrored castling, and as arrangements
/// exactly the mirror images of `source`'s (each arrangement's index into `arrangements`).
pub fn mirrors(source: &Group, image: &Group, arrangements: &[Arrangement]) -> bool {
    if image.key.path != source.key.path.mirrored() || image.members.len() != source.members.len() {
        return false;
    }
    let mut mirrored: Vec<u16> = (source.members.iter())
        .map(|&(sp, _)| arrangements[sp].mirrored().sp())
        .collect();
    let mut own: Vec<u16> = (image.members.iter())
        .map(|&(sp, _)| arrangements[sp].sp())
        .collect();
    mirrored.sort_unstable();
    own.sort_unstable();
    mirrored == own
}

/// The decisions of `image`, the mirror image of `source` ([`mirrors`]), read off `source`'s
/// `decisions` (in the order of its members), in the order of `image`'s members: each member
/// takes the decision of its mirror image. Exact for every artificial-only member; an
/// after-pawn-move member's verdict is right, but its count of cores only the game of `image`
/// itself gives ([`pawn::recount_group`], the module docs).
pub fn read_off(
    source: &Group,
    decisions: &[GroupDecision],
    image: &Group,
    arrangements: &[Arrangement],
) -> Vec<GroupDecision> {
    debug_assert!(mirrors(source, image, arrangements));
    let by_sp: std::collections::BTreeMap<u16, GroupDecision> = (source.members.iter())
        .zip(decisions)
        .map(|(&(sp, _), &decision)| (arrangements[sp].mirrored().sp(), decision))
        .collect();
    (image.members.iter())
        .map(|&(sp, _)| by_sp[&arrangements[sp].sp()])
        .collect()
}

/// A family of groups ([`GroupKey::family`]) searched with one bound: the bound, and its groups,
/// each with the index of the list of tasks it comes from
/// ([`crate::start::analysis::families_of`]).
pub type Family = (PawnBound, Vec<(usize, Group)>);

/// One task of the group searches: a family of groups ([`GroupKey::family`]) searched, and
/// perhaps the family that mirrors it, with, for each group of that one, the index of the
/// group of the searched family that is its mirror image ([`mirrors`]), if any.
pub struct Task {
    /// The family searched (an index into the families given to [`pair_families`]).
    pub source: usize,
    /// The mirroring family and its groups' mirror images in `source`.
    pub image: Option<(usize, Vec<Option<usize>>)>,
}

impl Task {
    /// The task of family `source` alone, nothing read off.
    pub fn alone(source: usize) -> Task {
        Task {
            source,
            image: None,
        }
    }

    /// The decisions of every group of the task, as [`Task::decide`] gives them, searched by
    /// the group searches: [`pawn::decide_groups`] for a family's groups, and
    /// [`pawn::recount_group`] for the after-pawn-move members of a group read off.
    pub fn search<'f>(
        &self,
        families: &'f [Family],
        arrangements: &[Arrangement],
    ) -> Vec<(&'f (usize, Group), Vec<GroupDecision>)> {
        let bound = families[self.source].0;
        let decide = |groups: &[(usize, Group)]| {
            let to_decide: Vec<pawn::GroupToDecide<Arrangement>> = (groups.iter())
                .map(|(_, group)| (group.arrangements(arrangements), group.key.path.geometry()))
                .collect();
            pawn::decide_groups(&to_decide, bound)
        };
        let recount = |group: &Group, known: &[GroupDecision]| {
            let members = group.arrangements(arrangements);
            pawn::recount_group(&members, group.key.path, bound, known)
        };
        self.decide(families, arrangements, decide, recount)
    }

    /// The decisions of every group of the task (source first, then the image, each in its
    /// family's order): the source family's by `decide`; each group of the image that has a
    /// mirror image read off it ([`read_off`]), and where that names after-pawn-move members,
    /// their counts by `recount` (given the group and the decisions read off); the image's
    /// other groups by `decide` too.
    pub fn decide<'f>(
        &self,
        families: &'f [Family],
        arrangements: &[Arrangement],
        decide: impl Fn(&[(usize, Group)]) -> Vec<Vec<GroupDecision>>,
        recount: impl Fn(&Group, &[GroupDecision]) -> Vec<GroupDecision> + Sync,
    ) -> Vec<(&'f (usize, Group), Vec<GroupDecision>)> {
        let source = &families[self.source].1;
        let mut decided: Vec<(&(usize, Group), Vec<GroupDecision>)> =
            source.iter().zip(decide(source)).collect();
        let Some((image, pairs)) = &self.image else {
            return decided;
        };
        let image = &families[*image].1;
        let read: Vec<Option<Vec<GroupDecision>>> = (image.par_iter().zip(pairs))
            .map(|((_, group), &pair)| {
                let (mirror, decisions) = &decided[pair?];
                let read = read_off(&mirror.1, decisions, group, arrangements);
                if read.iter().any(|decision| decision.unwalkable) {
                    Some(recount(group, &read))
                } else {
                    Some(read)
                }
            })
            .collect();
        let rest: Vec<(usize, Group)> = (image.iter().zip(&read))
            .filter(|(_, read)| read.is_none())
            .map(|(group, _)| group.clone())
            .collect();
        let mut searched = decide(&rest).into_iter();
        decided.extend(image.iter().zip(read).map(|(group, read)| {
            let decisions = read.or_else(|| searched.next());
            (
                group,
                decisions.expect("every group of the image is decided"),
            )
        }));
        decided
    }
}

/// The tasks of the group searches of `families` (each a bound and its groups, with the list
/// each comes from): each family alone, in the order given, except that a family and the one
/// that mirrors it (same bound) make one task when some of their groups mirror each other, at
/// the place of the first of the two. Of such a pair the family with fewer groups lacking a
/// mirror image in the other is searched (the earlier on a tie), since those are searched
/// whatever happens, and the other is read off it where it can be ([`Task::decide`]).
pub fn pair_families(families: &[Family], arrangements: &[Arrangement]) -> Vec<Task> {
    let family = |i: usize| families[i].1[0].1.key.family();
    let mut taken = vec![false; families.len()];
    let mut tasks = Vec::new();
    for i in 0..families.len() {
        if std::mem::replace(&mut taken[i], true) {
            continue;
        }
        let image = GroupKey::of(families[i].1[0].1.key.path.mirrored()).family();
        let partner = (i + 1..families.len())
            .find(|&j| !taken[j] && families[j].0 == families[i].0 && family(j) == image);
        let task = partner.and_then(|j| {
            let of_j = images_in(&families[i].1, &families[j].1, arrangements);
            let paired = of_j.iter().flatten().count();
            if paired == 0 {
                return None;
            }
            taken[j] = true;
            let lacking = |f: usize| families[f].1.len().saturating_sub(paired);
            Some(if lacking(j) < lacking(i) {
                let of_i = images_in(&families[j].1, &families[i].1, arrangements);
                Task {
                    source: j,
                    image: Some((i, of_i)),
                }
            } else {
                Task {
                    source: i,
                    image: Some((j, of_j)),
                }
            })
        });
        tasks.push(task.unwrap_or(Task::alone(i)));
    }
    tasks
}

/// For each group of `image`, the index of the group of `source` that is its mirror image.
fn images_in(
    source: &[(usize, Group)],
    image: &[(usize, Group)],
    arrangements: &[Arrangement],
) -> Vec<Option<usize>> {
    (image.iter())
        .map(|(_, group)| (source.iter()).position(|(_, s)| mirrors(s, group, arrangements)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{CastlingSide, Rule};
    use crate::start::analysis::groups;
    use crate::start::search::{no_pawn, pawn};

    /// The claim the report's group searches rest on, checked directly: for every castling group
    /// of every rule (pawns on two files, as fast castling is searched) that has a mirror group,
    /// both are searched. Each member gets the verdict of its mirror image, and each
    /// artificial-only member its count of cores too. Where the one group is all
    /// artificial-only, its decisions read off give the other's exactly, counts included; where
    /// it is not, the other's game played until its after-pawn-move members are settled
    /// ([`pawn::recount_group`]) completes them to its own decisions exactly.
    #[test]
    fn mirrored_groups_decide_alike() {
        let arrangements: Vec<Arrangement> = Arrangement::all().collect();
        let bound = PawnBound::within::<8>(2).unwrap();
        let mut tasks: Vec<(usize, crate::chess::CastlingPath)> = (arrangements.iter())
            .enumerate()
            .flat_map(|(sp, a)| {
                Rule::ALL.into_iter().flat_map(move |rule| {
                    CastlingSide::BOTH
                        .into_iter()
                        .flat_map(move |side| rule.paths(a.king_file(), a.rook_file(side)))
                        .map(move |path| (sp, path.unnamed()))
                })
            })
            .collect();
        tasks.sort();
        tasks.dedup();
        tasks.retain(|&(sp, path)| no_pawn::search(&arrangements[sp], path).is_none());
        let groups = groups::of(tasks);
        let decisions: Vec<Vec<pawn::GroupDecision>> = (groups.par_iter())
            .map(|g| pawn::decide_group(&g.arrangements(&arrangements), g.key.path, bound))
            .collect();
        let pairs: Vec<(usize, usize)> = (0..groups.len())
            .filter_map(|s| {
                let image = (groups.iter()).position(|g| mirrors(&groups[s], g, &arrangements));
                image.map(|i| (s, i))
            })
            .collect();
        let recounted: Vec<bool> = (pairs.par_iter())
            .map(|&(s, i)| {
                let (source, image) = (&groups[s], &groups[i]);
                let off = read_off(source, &decisions[s], image, &arrangements);
                for (image_sp, (read, own)) in
                    image.members.iter().zip(off.iter().zip(&decisions[i]))
                {
                    let sp = image_sp.0;
                    assert_eq!(
                        read.unwalkable, own.unwalkable,
                        "SP {sp} along {:?}",
                        image.key.path
                    );
                    if !own.unwalkable {
                        assert_eq!(read, own, "SP {sp} along {:?}", image.key.path);
                    }
                }
                let unwalkable = off.iter().any(|d| d.unwalkable);
                let decided = if unwalkable {
                    let members = image.arrangements(&arrangements);
                    pawn::recount_group(&members, image.key.path, bound, &off)
                } else {
                    off
                };
                assert_eq!(decided, decisions[i], "{:?}", image.key.path);
                unwalkable
            })
            .collect();
        let read = recounted.iter().filter(|&&r| !r).count();
        let recounted = recounted.len() - read;
        let pairs = pairs.len();
        // Some of Chess960's castlings have no mirror image among the rules' (its king lands on
        // c or g).
        assert!(
            read > 0 && recounted > 0 && pairs < groups.len(),
            "{pairs} {read} {recounted}"
        );
        println!(
            "{} groups, {pairs} with a mirror image: {read} read off it, {recounted} recounted",
            groups.len()
        );
    }

    /// The report's schedule changes no decision: every family of the five rules' lists of
    /// castlings that need a pawn move (pawns on two files, each rule's castlings a list, as the
    /// report lists them), decided as [`pair_families`] pairs them (groups read off their mirror
    /// images, after-pawn-move members recounted, through the shared games of
    /// [`pawn::decide_groups`]) and each family alone, give every castling the same verdict and
    /// count of cores.
    #[test]
    fn pairing_changes_no_decision() {
        use crate::start::analysis::families_of;
        use std::collections::BTreeMap;
        let arrangements: Vec<Arrangement> = Arrangement::all().collect();
        let bound = PawnBound::within::<8>(2).unwrap();
        let lists: Vec<Vec<(usize, crate::chess::CastlingPath)>> = (Rule::ALL.into_iter())
            .map(|rule| {
                let mut tasks: Vec<_> = (arrangements.iter().enumerate())
                    .flat_map(|(sp, a)| {
                        CastlingSide::BOTH
                            .into_iter()
                            .flat_map(move |side| rule.paths(a.king_file(), a.rook_file(side)))
                            .map(move |path| (sp, path))
                    })
                    .filter(|&(sp, path)| no_pawn::search(&arrangements[sp], path).is_none())
                    .collect();
                tasks.dedup();
                tasks
            })
            .collect();
        let lists: Vec<_> = lists.iter().map(|list| (list.as_slice(), bound)).collect();
        let families = families_of(&lists);
        type Decided = BTreeMap<(usize, usize, crate::chess::CastlingPath), GroupDecision>;
        let decide = |tasks: &[Task]| -> Decided {
            (tasks.par_iter())
                .flat_map_iter(|task| {
                    let decided = task.search(&families, &arrangements);
                    (decided.into_iter())
                        .flat_map(|((list, group), decisions)| {
                            (group.members.iter().zip(decisions))
                                .map(|(&(sp, path), decision)| ((*list, sp, path), decision))
                                .collect::<Vec<_>>()
                        })
                        .collect::<Vec<_>>()
                })
                .collect()
        };
        let paired = pair_families(&families, &arrangements);
        let alone: Vec<Task> = (0..families.len()).map(Task::alone).collect();
        let want = decide(&alone);
        assert_eq!(decide(&paired), want);
        // What the schedule read off: groups with a mirror image, some of them recounted.
        let (mut read, mut recounted) = (0, 0);
        for task in &paired {
            let Some((image, pairs)) = &task.image else {
                continue;
            };
            for ((list, group), pair) in families[*image].1.iter().zip(pairs) {
                if pair.is_some() {
                    read += 1;
                    let after = |&(sp, path): &(usize, crate::chess::CastlingPath)| {
                        want[&(*list, sp, path)].unwalkable
                    };
                    recounted += usize::from(group.members.iter().any(after));
                }
            }
        }
        assert!(read > 0 && recounted > 0, "{read} {recounted}");
        println!(
            "{} castlings, {read} groups read off, {recounted} recounted",
            want.len()
        );
    }
}
