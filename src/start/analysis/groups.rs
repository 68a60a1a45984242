//! The castling groups: the castlings whose pawn-move verdicts one castling game decides together
//! (the same king file, castling rook file and landing squares, whichever arrangements and rules
//! they come from), and the order in which the report searches them.

use crate::chess::{Arrangement, CastlingPath, CastlingSide, File};
use crate::start::bound::PawnBound;
use crate::start::search::swap;
use rayon::prelude::*;
use std::collections::BTreeMap;

/// The castlings whose pawn-move verdicts one castling game decides together: the same king and
/// castling rook files and the same landing squares (ordered by side, king, rook, then the
/// landing squares). Under Chess960's rule the landing squares follow from the side, so a group
/// is a side, a king file and a rook file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct GroupKey {
    /// The castling, named alike for every rule ([`CastlingPath::unnamed`]).
    pub path: CastlingPath,
}

impl GroupKey {
    /// The group of castling along `path` (in any arrangement with its king and rook files).
    pub fn of(path: CastlingPath) -> GroupKey {
        GroupKey {
            path: path.unnamed(),
        }
    }

    /// The group's family: its side, king file and castling rook file. The groups of one family
    /// differ only in their landing squares, and one castling game can decide them together
    /// ([`crate::start::search::pawn::decide_groups`]).
    pub fn family(self) -> (CastlingSide, File, File) {
        (
            self.path.side(),
            self.path.king_from(),
            self.path.rook_from(),
        )
    }

    /// How many pawn structures within `bound` the swap lemma settles for this group (worked
    /// out once per group and bound).
    pub fn safe_structures(self, bound: PawnBound) -> usize {
        swap::SafeStructures::of(self.path, bound).count()
    }
}

/// A castling group: its key and its members, each an index of the arrangements (SP order) and
/// the castling searched, in the order given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// What the members share.
    pub key: GroupKey,
    /// The members: which arrangement, castling along which path (as its rule names it).
    pub members: Vec<(usize, CastlingPath)>,
}

impl Group {
    /// The arrangements of the members, in order.
    pub fn arrangements(&self, all: &[Arrangement]) -> Vec<Arrangement> {
        self.members.iter().map(|&(sp, _)| all[sp]).collect()
    }
}

/// The castlings that need a pawn move (no line without one castles), given as arrangement
/// index and path, grouped, in key order; within a group in the order given.
pub fn of(tasks: impl IntoIterator<Item = (usize, CastlingPath)>) -> Vec<Group> {
    let mut groups: BTreeMap<GroupKey, Vec<(usize, CastlingPath)>> = BTreeMap::new();
    for (sp, path) in tasks {
        groups
            .entry(GroupKey::of(path))
            .or_default()
            .push((sp, path));
    }
    groups
        .into_iter()
        .map(|(key, members)| Group { key, members })
        .collect()
}

/// The groups costliest first, so that no thread is left with a big one at the end. A group's
/// castling game only goes where the swap lemma leaves structures unsafe, so the number of those
/// (worked out for every group at once, in parallel) measures its cost better than its size
/// does, which breaks ties; then the key. The tables are worked out together first
/// ([`swap::SafeStructures::prepare`]). The order changes only the schedule, never what is
/// found.
pub fn costliest_first(groups: Vec<Group>, bound: PawnBound) -> Vec<Group> {
    let paths: Vec<CastlingPath> = groups.iter().map(|group| group.key.path).collect();
    swap::SafeStructures::prepare(&paths, bound);
    let within = swap::structures_within(bound);
    let mut costed: Vec<(usize, Group)> = groups
        .into_par_iter()
        .map(|group| (within - group.key.safe_structures(bound), group))
        .collect();
    costed.sort_by_key(|(unsafe_structures, group)| {
        (
            std::cmp::Reverse(*unsafe_structures),
            std::cmp::Reverse(group.members.len()),
            group.key,
        )
    });
    costed.into_iter().map(|(_, group)| group).collect()
}
