//! Step 3 of the pawn-move analysis, the **walking game**: castle-free games from the start
//! towards a castled core. Found: that castled position is walkable. Not found after exhausting
//! the (normal-form) search: it requires castling.

use crate::start::search::castling_game::{Group, members};
use crate::start::search::components::{Core, CoreCache};
use crate::start::search::hash::{KeyMap, KeySet};
use crate::start::search::model::{BackRank, Pos, PosKey, Rules, Sq, SquareSet, Step, kinds};
use std::collections::VecDeque;
use std::collections::hash_map::Entry;

/// The rules of the walking game towards `core`: nothing frozen, kinds the core lacks leave at
/// once, knights and the archbishop are placed only on the core's files of them, pawns go no
/// further than the core's.
fn walking_rules<const F: usize>(core: &Core<F>) -> Rules<F> {
    let all_kinds: u8 = kinds::<F>().iter().fold(0, |set, &k| set | 1 << k);
    Rules {
        bound: F,
        frozen: SquareSet::EMPTY,
        eager: all_kinds & !core.kinds_on_board,
        placed_files: core.placed_files,
        pawn_limit: core.pawns,
        closed: &[],
    }
}

/// The walking game towards a core: castle-free games from the start, in normal form for this
/// target. Returns the steps to the first core member reached, or `None` when none is.
pub fn walk_to<const F: usize>(
    arrangement: &impl BackRank<F>,
    core: &Core<F>,
) -> Option<(PosKey, Vec<Step>)> {
    let rules = walking_rules(core);
    let targets: KeySet = core.members.iter().copied().collect();
    let mut parent: KeyMap<PosKey> = KeyMap::default();
    let mut queue = VecDeque::new();
    let mut root_steps: KeyMap<Vec<Step>> = KeyMap::default();
    for (p, steps) in rules.roots(arrangement) {
        let key = p.key();
        if parent.insert(key, key).is_none() {
            queue.push_back(key);
            root_steps.insert(key, steps);
        }
    }
    // Positions are checked when first met rather than when their turn comes: the first target
    // met is the first one the queue would hand out, and the search ends a layer sooner.
    let is_target = |key: PosKey| targets.contains(&Pos::<F>::from_key(key).placement().key());
    let mut reached = queue.iter().copied().find(|&key| is_target(key));
    while reached.is_none() {
        let Some(key) = queue.pop_front() else { break };
        rules.successors(&Pos::<F>::from_key(key), &mut |next, _, _| {
            if reached.is_some() {
                return;
            }
            if let Entry::Vacant(v) = parent.entry(next.key()) {
                v.insert(key);
                queue.push_back(next.key());
                if targets.contains(&next.placement().key()) {
                    reached = Some(next.key());
                }
            }
        });
    }
    let end = reached?;
    let mut chain = vec![end];
    while parent[chain.last().unwrap()] != *chain.last().unwrap() {
        chain.push(parent[chain.last().unwrap()]);
    }
    chain.reverse();
    let mut steps = root_steps[&chain[0]].clone();
    for pair in chain.windows(2) {
        steps.extend(rules.steps_between(&Pos::from_key(pair[0]), &Pos::from_key(pair[1])));
    }
    Some((Pos::<F>::from_key(end).placement().key(), steps))
}

/// Which of the arrangements in `from` (bits into `arrangements`) reach a member of `core` by
/// castle-free games: the walking game of [`walk_to`] played from all their starts at once, each
/// position carrying the set of arrangements that reach it, re-expanded when new ones arrive.
/// Only whether a walk exists is asked, so no parents are kept, and an arrangement is dropped
/// from the search as soon as it arrives. The answer for each arrangement is exactly whether
/// [`walk_to`] finds a walk; many arrangements of a group walk to the same castled core, and
/// their games soon meet, so one search for all of them does a fraction of the work.
///
/// A position with the core's pawns is settled as soon as it is met, by its component
/// (`components`, [`CoreCache::id`]), and never expanded: the pawns can go no further, so every
/// move from it stays in its component (module docs of [`crate::start::search::components`]),
/// and castle-free games reach a component all or not at all. In the core's component, the
/// arrangements reaching it have arrived; in another, the target is out of reach from there.
/// In the largest group (king g1, rook h1) a quarter of the positions the walks met lay in
/// the core's pawn structure (the README's Measuring section); now only those a pawn move
/// leads to are met, and none is expanded.
///
/// The positions are expanded nearest the core first ([`Nearest`]), not breadth-first: the
/// answer is the set of arrangements from which some game arrives, which no order of
/// expansion changes (a position is expanded again whenever arrangements new to it arrive, so
/// the search ends with every arrangement that reaches it, or with all of `from` arrived).
/// Only how soon the search can stop depends on the order, and every walk the report asks
/// for arrives: nearest first, they met a fifth of the positions breadth-first met
/// (`docs/performance.md`, the twelfth pass).
pub fn walkable<const F: usize>(
    arrangements: &[impl BackRank<F>],
    from: Group,
    core: &Core<F>,
    components: &mut CoreCache<F>,
) -> Group {
    let rules = walking_rules(core);
    let mut fate = |pos: &Pos<F>| {
        (*pos.pawns() == core.pawns).then(|| components.id(pos.placement()) == core.id)
    };
    let mut walk = SharedWalk {
        index: KeyMap::default(),
        queue: Nearest::towards(core),
        arrived: 0,
    };
    for i in members(from) {
        for (p, _) in rules.roots(&arrangements[i]) {
            walk.visit(&p, 1 << i, &mut fate);
        }
    }
    while let Some(key) = walk.queue.pop() {
        if walk.arrived == from {
            break;
        }
        let slot = walk.index.get_mut(&key).expect("queued positions are met");
        let bits = std::mem::take(&mut slot.waiting) & !walk.arrived;
        if bits == 0 {
            continue;
        }
        let pos = Pos::<F>::from_key(key);
        rules.successors(&pos, &mut |next, _, _| walk.visit(&next, bits, &mut fate));
    }
    walk.arrived
}

/// The state of [`walkable`]: every position met, with the arrangements that reached it and
/// those it still has to be expanded for, the queue, and the arrangements that have arrived.
/// The two sets live in the table beside the key (the entry takes 32 bytes either way, the
/// key's alignment), so that a visit touches one place in memory: the searches meet hundreds
/// of thousands of positions, and a second array indexed per position cost a cache miss on
/// most visits.
struct SharedWalk<const F: usize> {
    index: KeyMap<Slot>,
    queue: Nearest<F>,
    arrived: Group,
}

/// What [`SharedWalk`] knows of one position.
#[derive(Clone, Copy, Default)]
struct Slot {
    /// The arrangements that reached it.
    reach: Group,
    /// The arrangements it still has to be expanded for (non-empty exactly while queued).
    waiting: Group,
}

impl<const F: usize> SharedWalk<F> {
    /// The arrangements of `bits` reach `pos`: those new to it have arrived if `fate` says the
    /// position settles the walk their way (`Some(true)`), go no further from it if it settles
    /// it the other way (`Some(false)`), and otherwise wait for it to be expanded for them.
    fn visit(&mut self, pos: &Pos<F>, bits: Group, fate: &mut impl FnMut(&Pos<F>) -> Option<bool>) {
        let key = pos.key();
        let slot = self.index.entry(key).or_default();
        let new = bits & !slot.reach;
        if new == 0 {
            return;
        }
        slot.reach |= new;
        match fate(pos) {
            Some(true) => self.arrived |= new,
            Some(false) => {}
            None => {
                if slot.waiting == 0 {
                    self.queue.push(pos, key);
                }
                slot.waiting |= new;
            }
        }
    }
}

/// The queue of [`walkable`]: positions waiting to be expanded, taken nearest the core first,
/// and in the order they came among equally near ones. How near a position is: the exact
/// squares whose kind differs from the core's first member's (the component's id), plus the
/// files whose pawn differs from the core's. A rough guide, not a bound: any order gives the
/// walk the same answer (see [`walkable`]), and this one only has to find the arrivals soon.
struct Nearest<const F: usize> {
    /// The core's first member, the component's id (its pawns are the core's).
    first: Pos<F>,
    /// The positions waiting, by how far they are: index 0 for the nearest.
    by_distance: Vec<VecDeque<PosKey>>,
    /// No position waits nearer than this.
    nearest: usize,
}

impl<const F: usize> Nearest<F> {
    /// An empty queue towards `core`.
    fn towards(core: &Core<F>) -> Nearest<F> {
        Nearest {
            first: Pos::from_key(core.id),
            by_distance: vec![VecDeque::new(); 3 * F + 1],
            nearest: 0,
        }
    }

    /// Queues `pos`, whose key is `key`.
    fn push(&mut self, pos: &Pos<F>, key: PosKey) {
        let squares = (0..2 * F as Sq)
            .filter(|&s| pos.kind(s) != self.first.kind(s))
            .count();
        let files = (pos.pawns().iter().zip(self.first.pawns()))
            .filter(|(a, b)| a != b)
            .count();
        let distance = squares + files;
        self.by_distance[distance].push_back(key);
        self.nearest = self.nearest.min(distance);
    }

    /// The nearest position waiting, the first queued of those equally near.
    fn pop(&mut self) -> Option<PosKey> {
        while let Some(waiting) = self.by_distance.get_mut(self.nearest) {
            match waiting.pop_front() {
                Some(key) => return Some(key),
                None => self.nearest += 1,
            }
        }
        None
    }
}
