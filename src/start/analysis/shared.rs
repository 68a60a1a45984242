//! The analyses of many arrangements asked for together (`castle960 show 0-959`, or a list on
//! standard input), sharing their group searches, in batches, so that the first can be shown
//! before the last is done.
//!
//! [`Analysis::new`] decides a side that needs a pawn move by a group search of one
//! arrangement; [`super::analyse_all_with`] decides each castling group (the same king and
//! castling rook files and landing squares) by one search for all its members, which costs far less than one search
//! per member. An [`Analyser`] does the same for any set of arrangements: it knows all of them
//! from the start, and the first time a batch needs a group, it decides that group for every
//! arrangement of the set that belongs to it, once. The verdicts, games and counts are the same
//! as [`Analysis::new`]'s: a group search decides each member as a search of it alone does, and
//! counts the same castled cores for it (see [`super::SideVerdict::cores`]).

use super::Analysis;
use super::groups::{self, Group, GroupKey};
use crate::chess::{Arrangement, CastlingPath};
use crate::start::bound::PawnBound;
use crate::start::search::pawn::{self, GroupDecision};
use rayon::prelude::*;
use std::collections::HashMap;

/// Analyses arrangements of a set known in advance, a batch at a time, each castling group
/// searched once for all the set's members.
pub struct Analyser {
    bound: PawnBound,
    /// The set, each arrangement once, in SP order.
    arrangements: Vec<Arrangement>,
    /// The no-pawn-move searches of the set, in the same order.
    no_pawn: Vec<super::NoPawnSides>,
    /// Each arrangement's place in `arrangements`, by SP.
    place: HashMap<u16, usize>,
    /// The castling groups of the set's sides that need a pawn move: each member's place and
    /// castling, in the order of the places.
    groups: HashMap<GroupKey, Vec<(usize, CastlingPath)>>,
    /// The groups decided so far: each member's decision, in the order of its members.
    decided: HashMap<GroupKey, Vec<GroupDecision>>,
    /// How many group searches have run (each group once).
    searches: usize,
}

impl Analyser {
    /// Prepares the analyses of `arrangements` (repeats are analysed once) with pawn moves on
    /// at most `bound` files: their no-pawn-move searches, in parallel, and their groups.
    pub fn new(arrangements: &[Arrangement], bound: PawnBound) -> Analyser {
        let mut set = arrangements.to_vec();
        set.sort_by_key(Arrangement::sp);
        set.dedup();
        let (no_pawn, tasks) = super::no_pawn_searches(&set);
        let groups = groups::of(tasks)
            .into_iter()
            .map(|Group { key, members }| (key, members))
            .collect();
        let place = set.iter().enumerate().map(|(i, a)| (a.sp(), i)).collect();
        Analyser {
            bound,
            arrangements: set,
            no_pawn,
            place,
            groups,
            decided: HashMap::new(),
            searches: 0,
        }
    }

    /// The analyses of `batch`, in its order: the groups it needs that are not decided yet are
    /// decided first, in parallel (costliest first), then its arrangements are analysed in
    /// parallel.
    ///
    /// # Panics
    ///
    /// If `batch` holds an arrangement that was not among those given to [`Analyser::new`].
    pub fn analyse(&mut self, batch: &[Arrangement]) -> Vec<Analysis> {
        let places: Vec<usize> = batch.iter().map(|a| self.place[&a.sp()]).collect();
        let mut needed: Vec<Group> = Vec::new();
        for &place in &places {
            for (side, found) in self.no_pawn[place].iter() {
                let key = GroupKey::of(self.arrangements[place].castling(side));
                if found.is_none()
                    && !self.decided.contains_key(&key)
                    && needed.iter().all(|g| g.key != key)
                {
                    let members = self.groups[&key].clone();
                    needed.push(Group { key, members });
                }
            }
        }
        self.searches += needed.len();
        let (arrangements, bound) = (&self.arrangements, self.bound);
        let decisions: Vec<(GroupKey, Vec<GroupDecision>)> = groups::costliest_first(needed, bound)
            .into_par_iter()
            .with_max_len(1)
            .map(|group| {
                let members = group.arrangements(arrangements);
                (
                    group.key,
                    pawn::decide_group(&members, group.key.path, bound),
                )
            })
            .collect();
        self.decided.extend(decisions);
        let this = &*self;
        places
            .par_iter()
            .map(|&place| {
                let arrangement = this.arrangements[place];
                Analysis::assemble(arrangement, this.no_pawn[place].clone(), bound, |side| {
                    let path = arrangement.castling(side);
                    let key = GroupKey::of(path);
                    let member = this.groups[&key]
                        .binary_search_by_key(&place, |&(member, _)| member)
                        .expect("a side that needs a pawn move is in its group");
                    pawn::decided_witness(&arrangement, path, bound, this.decided[&key][member])
                })
            })
            .collect()
    }

    /// How many group searches have run so far: each castling group the batches needed, once.
    pub fn group_searches(&self) -> usize {
        self.searches
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::Arrangement;
    use crate::start::search::no_pawn;
    use crate::start::search::pawn::DEFAULT_BOUND;

    fn arrangements(sps: &[u16]) -> Vec<Arrangement> {
        sps.iter()
            .map(|&sp| Arrangement::from_sp(sp).unwrap())
            .collect()
    }

    /// The same verdicts, games and counts as one arrangement analysed alone; every group
    /// searched once, however many batches and repeats need it.
    #[test]
    fn shared_analyses_are_those_of_each_alone_and_search_each_group_once() {
        // SP 9 and 16 need a pawn move on a side; 518 castles without one on both.
        let set = arrangements(&[9, 16, 518, 9, 700, 701]);
        let mut analyser = Analyser::new(&set, DEFAULT_BOUND);
        let mut searched = Vec::new();
        for batch in set.chunks(2) {
            for (shared, arrangement) in analyser.analyse(batch).iter().zip(batch) {
                let alone = Analysis::new(*arrangement);
                assert_eq!(
                    format!("{shared:?}"),
                    format!("{alone:?}"),
                    "SP {}",
                    arrangement.sp()
                );
            }
            searched.push(analyser.group_searches());
        }
        let mut keys: Vec<GroupKey> = Vec::new();
        for a in &set {
            for side in crate::chess::CastlingSide::BOTH {
                let key = GroupKey::of(a.castling(side));
                if no_pawn::search(a, a.castling(side)).is_none() && !keys.contains(&key) {
                    keys.push(key);
                }
            }
        }
        assert_eq!(analyser.group_searches(), keys.len(), "{searched:?}");
        analyser.analyse(&set);
        assert_eq!(
            analyser.group_searches(),
            keys.len(),
            "repeats search nothing"
        );
    }
}
