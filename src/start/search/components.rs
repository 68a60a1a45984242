//! Step 2 of the pawn-move analysis, **components and cores**. Within one pawn structure every
//! move is reversible, so positions fall into components that castle-free games reach all or
//! not at all. Each castled position is replaced by its component's *core*: its positions with
//! every piece that can leave ranks 1-2 gone, found by lifting pieces eagerly.

use crate::start::search::hash::{KeyMap, KeySet};
use crate::start::search::model::{self, Cell, Pawns, Pos, PosKey, Step, file_of, row_of};

/// The exact squares of a board `F` files wide, in order.
fn squares<const F: usize>() -> std::ops::Range<u8> {
    0..2 * F as u8
}
use std::collections::VecDeque;
use std::collections::hash_map::Entry;

/// The core of a component: its positions with every piece that can leave ranks 1-2 gone.
#[derive(Clone, Debug)]
pub struct Core<const F: usize = 8> {
    /// The smallest member's key, which identifies the component.
    pub id: PosKey,
    /// All core positions (placements, no bookkeeping), in key order.
    pub members: Vec<PosKey>,
    /// Kinds present on ranks 1-2 in the core, a bit per kind.
    pub kinds_on_board: u8,
    /// Per placed kind (knight, archbishop: [`model::PLACED`]), the rank-1 files where the core
    /// has one, a bit per file.
    pub placed_files: [u16; 2],
    /// The pawns, the same in every position of the component.
    pub pawns: Pawns<F>,
}

/// Takes off ranks 1-2 every piece that can leave directly, recording the exits.
pub(super) fn lift_all<const F: usize>(mut pos: Pos<F>, steps: &mut Vec<Step>) -> Pos<F> {
    loop {
        let exit = squares::<F>().find(|&s| {
            let c = pos.cell(s);
            !c.is_empty() && pos.exit_possible(c.kind(), s)
        });
        match exit {
            Some(s) => {
                pos.set(s, Cell::EMPTY);
                steps.push(Step::Exit { from: s });
            }
            None => return pos,
        }
    }
}

/// The same without recording, for positions that [`CoreCache::id`] and the tests lift.
pub(super) fn lift_all_quiet<const F: usize>(mut pos: Pos<F>) -> Pos<F> {
    for s in squares::<F>() {
        let c = pos.cell(s);
        if !c.is_empty() && pos.exit_possible(c.kind(), s) {
            pos.set(s, Cell::EMPTY);
        }
    }
    pos
}

/// Moves of the component exploration from a lifted position (one no piece can leave): every
/// piece may move within ranks 1-2 (knights too), then every piece that can leave does so at
/// once. No pawn moves, no returns from the pool. `sink` gets the next position, lifted again,
/// and the move (its exits follow from [`lift_all`]). Whether a piece can leave depends only on
/// its own square and the pawns, so after a move only the moved piece can: the others stay.
pub(super) fn component_moves<const F: usize>(pos: &Pos<F>, mut sink: impl FnMut(Pos<F>, Step)) {
    for s in squares::<F>() {
        let c = pos.cell(s);
        if c.is_empty() {
            continue;
        }
        model::flat_destinations(pos, c.kind(), s, |to| {
            let mut next = *pos;
            next.set(s, Cell::EMPTY);
            if !next.exit_possible(c.kind(), to) {
                next.set(to, c);
            }
            sink(next, Step::Move { from: s, to });
        });
    }
}

/// Whether the placements `from` and `to` (same pieces, same pawns) lie in one component, by a
/// breadth-first search from both ends at once over every move of the model within the
/// structure (moves on ranks 1-2, leaving for the pool, coming back from it; all reversible)
/// that stops when the two searches meet; `None` when each side has met `budget` positions
/// without deciding. Where pawns on rank 3 wall the pieces in, nothing but knights can leave and
/// [`CoreCache::id`] would explore a component of millions of positions, while king and rook
/// trading places is usually a matter of a few moves.
pub fn connected_within<const F: usize>(from: Pos<F>, to: Pos<F>, budget: usize) -> Option<bool> {
    let ends = [from.placement(), to.placement()];
    if ends[0] == ends[1] {
        return Some(true);
    }
    let mut seen: [KeySet; 2] = [KeySet::default(), KeySet::default()];
    let mut layer: [Vec<Pos<F>>; 2] = [vec![ends[0]], vec![ends[1]]];
    for side in 0..2 {
        seen[side].insert(ends[side].key());
    }
    loop {
        // Grow the smaller frontier by one layer.
        let side = if layer[0].len() <= layer[1].len() {
            0
        } else {
            1
        };
        if layer[side].is_empty() {
            return Some(false);
        }
        if seen[side].len() > budget {
            return None;
        }
        let mut next_layer = Vec::new();
        let mut met = false;
        for pos in std::mem::take(&mut layer[side]) {
            moves_within_structure(&pos, |next| {
                let key = next.key();
                met |= seen[1 - side].contains(&key);
                if seen[side].insert(key) {
                    next_layer.push(next);
                }
            });
            if met {
                return Some(true);
            }
        }
        layer[side] = next_layer;
    }
}

/// Every move of the model that keeps the pawns where they are: a piece moves on ranks 1-2,
/// leaves for the pool from a square it can leave by, or comes back from the pool onto an empty
/// square it could leave by (a bishop onto its own colour).
fn moves_within_structure<const F: usize>(pos: &Pos<F>, mut sink: impl FnMut(Pos<F>)) {
    for s in squares::<F>() {
        let kind = pos.kind(s);
        if kind == 0 {
            continue;
        }
        model::flat_destinations(pos, kind, s, |to| {
            let mut next = *pos;
            next.shift(s, to);
            sink(next);
        });
        if pos.exit_possible(kind, s) {
            let mut next = *pos;
            next.set(s, Cell::EMPTY);
            sink(next);
        }
    }
    for &kind in model::kinds::<F>() {
        if pos.in_pool(kind) == 0 {
            continue;
        }
        for s in squares::<F>() {
            let own_colour = kind != model::BISHOP || pos.bishop_in_pool(model::is_light::<F>(s));
            if own_colour && pos.free(file_of::<F>(s), row_of::<F>(s)) && pos.exit_possible(kind, s)
            {
                let mut next = *pos;
                next.set(s, Cell::piece(kind));
                sink(next);
            }
        }
    }
}

/// Identifies the components of castled positions and their cores, exploring each component
/// once: every position met in an exploration is remembered with its component's id.
pub struct CoreCache<const F: usize = 8> {
    component_of: KeyMap<PosKey>,
    /// The cores found, by component id.
    pub cores: KeyMap<Core<F>>,
}

impl<const F: usize> Default for CoreCache<F> {
    fn default() -> Self {
        CoreCache {
            component_of: KeyMap::default(),
            cores: KeyMap::default(),
        }
    }
}

impl<const F: usize> CoreCache<F> {
    /// How many positions the cache knows the component of.
    pub fn positions_known(&self) -> usize {
        self.component_of.len()
    }

    /// The id of the component containing `pos` (a placement): its core's smallest key.
    ///
    /// Pieces that can reach a way off ranks 1-2 are lifted one stage at a time: breadth-first
    /// over moves from the current position until some move lets a piece leave, then on from
    /// there. Removing a piece never hinders the others, so the pieces left when no move lifts
    /// anything are exactly the component's stuck pieces, and the positions of that last stage
    /// are its core. This finds the same core as exploring every position of the component, at
    /// a fraction of the cost: the explorations never carry pieces that are about to leave.
    /// Every position met is remembered with the id, and meeting a remembered one ends the
    /// search early.
    pub fn id(&mut self, pos: Pos<F>) -> PosKey {
        let mut at = lift_all_quiet(pos.placement());
        if let Some(&id) = self.component_of.get(&at.key()) {
            return id;
        }
        let mut met: Vec<PosKey> = Vec::new();
        // Each stage's positions and their keys, the tables reused from stage to stage.
        let mut stage = Vec::new();
        let mut seen: KeySet = KeySet::default();
        let id = loop {
            let pieces = at.on_board();
            stage.clear();
            stage.push(at);
            seen.clear();
            seen.insert(at.key());
            let (mut lifted, mut known) = (None, None);
            let mut cursor = 0;
            while let Some(&p) = stage.get(cursor) {
                cursor += 1;
                component_moves(&p, |next, _| {
                    if lifted.is_some() || known.is_some() {
                        return;
                    }
                    let key = next.key();
                    if let Some(&id) = self.component_of.get(&key) {
                        known = Some(id);
                    } else if next.on_board() < pieces {
                        lifted = Some(next);
                    } else if seen.insert(key) {
                        stage.push(next);
                    }
                });
                if lifted.is_some() || known.is_some() {
                    break;
                }
            }
            met.extend(seen.drain());
            if let Some(id) = known {
                break id;
            }
            match lifted {
                Some(next) => at = next,
                None => {
                    // Nothing can leave any more: this stage is the core.
                    let start = met.len() - stage.len();
                    let mut members: Vec<PosKey> = met[start..].to_vec();
                    members.sort_unstable();
                    let core = Core::from_members(members);
                    let id = core.id;
                    self.cores.insert(id, core);
                    break id;
                }
            }
        };
        self.component_of.reserve(met.len());
        for key in met {
            self.component_of.insert(key, id);
        }
        id
    }
}

impl<const F: usize> Core<F> {
    fn from_members(members: Vec<PosKey>) -> Core<F> {
        let first = Pos::<F>::from_key(members[0]);
        let mut kinds_on_board = 0u8;
        let mut placed_files = [0u16; 2];
        for s in squares::<F>() {
            let k = first.kind(s);
            if k != 0 {
                kinds_on_board |= 1 << k;
            }
            if let Some(i) = model::PLACED.iter().position(|&p| p == k)
                && row_of::<F>(s) == 0
            {
                placed_files[i] |= 1 << file_of::<F>(s);
            }
        }
        Core {
            id: members[0],
            members,
            kinds_on_board,
            placed_files,
            pawns: *first.pawns(),
        }
    }
}

/// Explores the component of `start` (a placement) with eager lifting and returns its core and
/// the search tree (parent links, for paths to core members).
pub(super) fn core_of<const F: usize>(start: Pos<F>) -> (Core<F>, KeyMap<PosKey>) {
    let mut best = usize::MAX;
    let mut members = Vec::new();
    let parent = explore(start, None, |pos| {
        let n = pos.on_board();
        if n < best {
            best = n;
            members.clear();
        }
        if n == best {
            members.push(pos.key());
        }
    });
    members.sort_unstable();
    (Core::from_members(members), parent)
}

/// The search tree of [`core_of`] grown only until it meets `target` (a position of the
/// component, as [`core_of`] or [`CoreCache::id`] name them): the breadth-first order is the
/// same, so every position met by then has the same parent and [`component_path`] finds the
/// same path to `target`. The witnesses need only that path, and exploring the whole component
/// for it was most of their time.
pub(super) fn component_tree_to<const F: usize>(start: Pos<F>, target: PosKey) -> KeyMap<PosKey> {
    explore(start, Some(target), |_| {})
}

/// The breadth-first exploration of the component of `start` (a placement) from it lifted,
/// each position handed to `visit` in turn; returns the parent of every position met (the
/// lifted start's parent is `start`). Stops as soon as it meets `target`, if given.
fn explore<const F: usize>(
    start: Pos<F>,
    target: Option<PosKey>,
    mut visit: impl FnMut(&Pos<F>),
) -> KeyMap<PosKey> {
    let start = start.placement();
    let root = lift_all(start, &mut Vec::new());
    let mut parent: KeyMap<PosKey> = KeyMap::default();
    parent.insert(root.key(), start.key());
    if target.is_some_and(|t| t == start.key() || t == root.key()) {
        return parent;
    }
    let mut queue = VecDeque::from([root]);
    while let Some(pos) = queue.pop_front() {
        visit(&pos);
        let mut met = false;
        component_moves(&pos, |next, _| {
            if let Entry::Vacant(v) = parent.entry(next.key()) {
                v.insert(pos.key());
                met |= target == Some(next.key());
                queue.push_back(next);
            }
        });
        if met {
            break;
        }
    }
    parent
}

/// The steps from `start` (a placement) to `target` inside a component explored by [`core_of`]
/// or [`component_tree_to`].
pub(super) fn component_path<const F: usize>(
    parent: &KeyMap<PosKey>,
    start: PosKey,
    target: PosKey,
) -> Vec<Step> {
    let mut chain = vec![target];
    while *chain.last().unwrap() != start {
        let at = *chain.last().unwrap();
        let p = parent[&at];
        chain.push(p);
        if p == start {
            break;
        }
    }
    chain.reverse();
    let mut steps = Vec::new();
    // The root is the start with its liftable pieces gone.
    let mut first = Vec::new();
    let root = lift_all(Pos::<F>::from_key(start), &mut first);
    steps.extend(first);
    let mut at = root;
    for &next in &chain[1..] {
        if next == at.key() {
            continue;
        }
        let mut found = None;
        component_moves(&at, |p, step| {
            if found.is_none() && p.key() == next {
                found = Some(step);
            }
        });
        let step = found.expect("a recorded component move can be replayed");
        steps.push(step);
        let Step::Move { from, to } = step else {
            unreachable!()
        };
        let mut moved = at;
        moved.shift(from, to);
        at = lift_all(moved, &mut steps);
        debug_assert_eq!(at.key(), next);
    }
    steps
}

/// Undoes a sequence of steps: the steps that lead from its end back to `start`.
pub(super) fn reversed<const F: usize>(start: &Pos<F>, steps: &[Step]) -> Vec<Step> {
    let mut pos = *start;
    let mut back = Vec::with_capacity(steps.len());
    for &step in steps {
        match step {
            Step::Move { from, to } => {
                back.push(Step::Move { from: to, to: from });
                pos.shift(from, to);
            }
            Step::Exit { from } => {
                back.push(Step::Enter {
                    kind: pos.kind(from),
                    to: from,
                });
                pos.set(from, Cell::EMPTY);
            }
            other => unreachable!("component paths hold moves and exits only, not {other:?}"),
        }
    }
    back.reverse();
    back
}

/// The pieces that can never leave ranks 1-2 again from `pos` without further pawn moves (the
/// pieces of its component's core), strongest first.
pub fn stuck_pieces(pos: &Pos) -> Vec<crate::chess::Piece> {
    let (core, _) = core_of(*pos);
    let first = Pos::<8>::from_key(core.id);
    let mut kinds: Vec<u8> = squares::<8>()
        .map(|s| first.kind(s))
        .filter(|&k| k != 0)
        .collect();
    kinds.sort_unstable();
    kinds.into_iter().map(model::piece_of).collect()
}
