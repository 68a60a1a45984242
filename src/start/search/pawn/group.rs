//! The castling game of a group of arrangements decided at once ([`decide_group`]): one game
//! for every arrangement with the same king and castling rook files, each member's verdict and
//! count of castled cores; and the same game replayed only as far as its after-pawn-move
//! members' counts need when the others' are known ([`recount_group`]).

use super::{GROUP_SIZE, Group, Pruning, castling_game, members};
#[cfg(doc)]
use super::{analyse, witness};
use crate::chess::Geometry;
use crate::start::bound::PawnBound;
use crate::start::phases::{self, Phase};
use crate::start::search::components::CoreCache;
use crate::start::search::hash::KeyMap;
use crate::start::search::model::{BackRank, PosKey};
use crate::start::search::walking_game::walkable;

/// The castled cores each member of a group's castling game has met: each core numbered once
/// for the game (one lookup per castled position met), each member's cores a set of bits by
/// number. It holds what a hash set of cores per member would, without a hash insertion per
/// member and position.
pub(super) struct CoresMet {
    numbers: KeyMap<u32>,
    /// Per member, a bit per core number.
    bits: Vec<Vec<u64>>,
    /// Per member, how many cores it has met.
    counts: Vec<usize>,
}

impl CoresMet {
    pub(super) fn new(members: usize) -> CoresMet {
        CoresMet {
            numbers: KeyMap::default(),
            bits: vec![Vec::new(); members],
            counts: vec![0; members],
        }
    }

    /// The number of the core `id`, given the next free one when it is new.
    pub(super) fn number(&mut self, id: PosKey) -> u32 {
        let next = self.numbers.len() as u32;
        *self.numbers.entry(id).or_insert(next)
    }

    /// Records that `member` met the core numbered `number`; whether it had not before.
    pub(super) fn insert(&mut self, member: usize, number: u32) -> bool {
        let (word, bit) = (number as usize / 64, 1u64 << (number % 64));
        let bits = &mut self.bits[member];
        if bits.len() <= word {
            bits.resize(word + 1, 0);
        }
        let new = bits[word] & bit == 0;
        bits[word] |= bit;
        self.counts[member] += usize::from(new);
        new
    }

    /// How many distinct cores `member` has met.
    pub(super) fn count(&self, member: usize) -> usize {
        self.counts[member]
    }
}

/// What the castling game of a group found for one arrangement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GroupDecision {
    /// Some castled position is reached by no castle-free game: after-pawn-move.
    pub unwalkable: bool,
    /// How many distinct castled cores were examined one by one.
    pub cores: usize,
}

/// Decides for every arrangement of `arrangements`, which all have the king and the castling
/// rook of `side` on the same files and cannot castle there without a pawn move, whether some
/// castled position is reached by no castle-free game. One castling game serves up to
/// `GROUP_SIZE` of them at a time; component names are shared, and so are the walking
/// searches: when arrangements meet a castled core for the first time, one search
/// (`walkable`) answers for all of them. The verdicts are those of [`analyse`], found with a
/// fraction of the work; the witnesses come from [`analyse`] or [`witness`] afterwards.
pub fn decide_group<const F: usize>(
    arrangements: &[impl BackRank<F>],
    path: impl Into<Geometry>,
    bound: PawnBound,
) -> Vec<GroupDecision> {
    let path = path.into();
    phases::timed(Phase::GroupSearches, || decide(arrangements, path, bound))
}

/// The decisions of a group whose verdicts are known, `known` (in the order of
/// `arrangements`), with its artificial-only members' counts of cores: the group's own game
/// ([`decide_group`]) is played only until every after-pawn-move member has met its first
/// unwalkable core, which fixes that member's count; the other members keep their decisions.
///
/// An artificial-only member's count is every castled core it meets, whatever the order, so it
/// can come from elsewhere: from the group's mirror image ([`crate::start::analysis::mirror`]),
/// whose game meets the mirror images of this one's positions. An after-pawn-move member's count
/// stops at its first unwalkable core in this game's own order, which only this game gives; up
/// to the moment the last of them is settled the game is played exactly as [`decide_group`]
/// plays it, so their counts are the same.
///
/// # Panics
/// If the game finds a member after-pawn-move that `known` says is not, or the other way round:
/// the verdicts given were not this group's.
pub fn recount_group<const F: usize>(
    arrangements: &[impl BackRank<F>],
    path: impl Into<Geometry>,
    bound: PawnBound,
    known: &[GroupDecision],
) -> Vec<GroupDecision> {
    let path = path.into();
    assert_eq!(
        known.len(),
        arrangements.len(),
        "a decision per arrangement"
    );
    phases::timed(Phase::GroupSearches, || {
        decide_until(arrangements, path, bound, Some(known))
    })
}

/// [`decide_group`], untimed.
pub(super) fn decide<const F: usize>(
    arrangements: &[impl BackRank<F>],
    path: Geometry,
    bound: PawnBound,
) -> Vec<GroupDecision> {
    decide_until(arrangements, path, bound, None)
}

/// [`decide_group`] (`known` is `None`) or [`recount_group`], untimed.
fn decide_until<const F: usize>(
    arrangements: &[impl BackRank<F>],
    path: Geometry,
    bound: PawnBound,
    known: Option<&[GroupDecision]>,
) -> Vec<GroupDecision> {
    let mut cache = CoreCache::<F>::default();
    let mut decisions = Vec::with_capacity(arrangements.len());
    for (c, chunk) in arrangements.chunks(GROUP_SIZE).enumerate() {
        let known = known.map(|known| &known[c * GROUP_SIZE..][..chunk.len()]);
        // With known verdicts: the members whose count this game must give, the after-pawn-move
        // ones; the game stops once they are all settled.
        let wanted: Option<Group> = known.map(|known| {
            (known.iter().enumerate())
                .filter(|(_, d)| d.unwalkable)
                .fold(0, |set, (i, _)| set | 1 << i)
        });
        if let (Some(known), Some(0)) = (known, wanted) {
            decisions.extend_from_slice(known);
            continue;
        }
        let mut met = CoresMet::new(chunk.len());
        // The members found after-pawn-move so far.
        let mut found: Group = 0;
        castling_game(chunk, path, bound, Pruning::Always, |_, pos, bits| {
            let q = pos.placement();
            let castled = q.castled(path);
            let id = cache.id(castled);
            let number = met.number(id);
            // Whether king and rook walk from the position before castling: asked only once
            // some arrangement meets this castled core for the first time.
            let mut local = None;
            let mut ask: Group = 0;
            for i in members(bits) {
                if !met.insert(i, number) || *local.get_or_insert_with(|| cache.id(q) == id) {
                    continue;
                }
                ask |= 1 << i;
            }
            // Each arrangement asks about a core once, the first time it meets it (`met`).
            if ask == 0 {
                return 0;
            }
            let core = cache.cores[&id].clone();
            let settled = ask & !walkable(chunk, ask, &core, &mut cache);
            found |= settled;
            match wanted {
                // Every count this game must give is fixed: every member is settled.
                Some(wanted) if found & wanted == wanted => Group::MAX,
                _ => settled,
            }
        });
        let own = (0..chunk.len()).map(|i| GroupDecision {
            unwalkable: found & 1 << i != 0,
            cores: met.count(i),
        });
        match known {
            Some(known) => {
                assert_eq!(
                    Some(found),
                    wanted,
                    "the game's after-pawn-move members are those the known verdicts name"
                );
                let counted = |(own, &known): (GroupDecision, &GroupDecision)| {
                    if known.unwalkable { own } else { known }
                };
                decisions.extend(own.zip(known).map(counted));
            }
            None => decisions.extend(own),
        }
    }
    decisions
}
