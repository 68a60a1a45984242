//! The castling groups: the sides whose pawn-move verdicts one castling game decides together
//! (same castling side, king file and castling rook file), and the order in which the report
//! searches them.

use crate::chess::{Arrangement, ByCastlingSide, CastlingSide, File};
use crate::start::search::{no_pawn, swap};
use rayon::prelude::*;
use std::collections::BTreeMap;

/// The sides whose pawn-move verdicts one castling game decides together: same castling side,
/// king file and castling rook file (ordered by side, then king, then rook).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct GroupKey {
    /// The castling side.
    pub side: CastlingSide,
    /// The king's file.
    pub king: File,
    /// The castling rook's file.
    pub rook: File,
}

impl GroupKey {
    /// The group of `side` of `arrangement`.
    pub fn of(arrangement: &Arrangement, side: CastlingSide) -> GroupKey {
        GroupKey {
            side,
            king: arrangement.king_file(),
            rook: arrangement.rook_file(side),
        }
    }

    /// How many pawn structures within `bound` the swap lemma settles for this group (worked
    /// out once per group and bound).
    pub fn safe_structures(self, bound: usize) -> usize {
        swap::SafeStructures::of(self.king, self.rook, self.side, bound).count()
    }
}

/// A castling group: its key and its members, as indices of the arrangements (SP order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// What the members share.
    pub key: GroupKey,
    /// The members, in SP order.
    pub members: Vec<usize>,
}

/// The sides that need a pawn move (no line without one castles), grouped, in key order.
pub fn of(
    arrangements: &[Arrangement],
    no_pawn: &[ByCastlingSide<Option<no_pawn::Castling>>],
) -> Vec<Group> {
    let mut groups: BTreeMap<GroupKey, Vec<usize>> = BTreeMap::new();
    for (index, found) in no_pawn.iter().enumerate() {
        for (side, castling) in found.iter() {
            if castling.is_none() {
                groups
                    .entry(GroupKey::of(&arrangements[index], side))
                    .or_default()
                    .push(index);
            }
        }
    }
    groups
        .into_iter()
        .map(|(key, members)| Group { key, members })
        .collect()
}

/// The groups costliest first, so that no thread is left with a big one at the end. A group's
/// castling game only goes where the swap lemma leaves structures unsafe, so the number of those
/// (worked out for every group at once, in parallel) measures its cost better than its size
/// does, which breaks ties; then the key. The order changes only the schedule, never what is
/// found.
pub fn costliest_first(groups: Vec<Group>, bound: usize) -> Vec<Group> {
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
