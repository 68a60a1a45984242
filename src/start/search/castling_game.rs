//! Step 1 of the pawn-move analysis, the **castling game**: every way to make castling legal
//! with the king and the castling rook never moving, for a group of arrangements at once.
//!
//! A castled position reached again, by moves that avoid the king's and rook's destination
//! squares, from an earlier moment where castling was already legal is *dominated*: castling at
//! that earlier moment and playing the same moves afterwards reaches it, so it is walkable if
//! the earlier one is. Only castle-legal positions reached undominated are handed on.
//!
//! Castlings of one king and rook with different landing squares play the same moves, so one
//! game can serve several of them ([`shared_castling_game`]): its members are pairs of
//! arrangement and landing squares, and what depends on the landing squares (where castling is
//! legal, which positions are dominated, which structures are safe) is kept per landing.

use crate::chess::Geometry;
use crate::start::bound::PawnBound;
use crate::start::search::hash::PlacementMap;
pub use crate::start::search::member_set::{MemberSet, Wide};
use crate::start::search::model::{
    BackRank, PackedPos, Pos, Rules, SquareSet, structure_pawns, structures,
};
use crate::start::search::once::OncePer;
use crate::start::search::swap::SafeStructures;
use std::collections::BTreeMap;
use std::collections::hash_map::Entry;
use std::ops::ControlFlow;
use std::sync::{Mutex, OnceLock};

/// A set of arrangements searched together, a bit each (see [`castling_game`]).
pub type Group = u64;

/// The members of a group (indices into the arrangements searched together), in order.
pub fn members(group: Group) -> impl Iterator<Item = usize> {
    group.members()
}

/// The most landings one shared castling game serves: its masks of landings are bytes.
pub const MAX_LANDINGS: usize = 8;

/// A mask of landings (bit `l` for landing `l` of a game), in order.
fn landings_in(mask: u8) -> impl Iterator<Item = usize> {
    u64::from(mask).members()
}

/// The most arrangements one castling game searches together.
pub const GROUP_SIZE: usize = Group::BITS as usize;

/// The rules of the castling game of `castle`: king and castling rook frozen on their squares.
pub fn castling_rules<const F: usize>(castle: Geometry, bound: PawnBound) -> Rules<F> {
    Rules {
        frozen: SquareSet::single(castle.king).with(castle.rook),
        ..Rules::open(bound.files())
    }
}

/// A node of the castling game: a position packed by [`Pos::packed`] (kept flat, so that a node
/// takes 16 bytes; its pawns are its structure's, kept apart in [`Tree`]), the landings for
/// which it is dominated (the top byte of `flags`, above the committed squares, which take at
/// most 20 bits), and the index of its parent (a root is its own parent).
#[derive(Clone, Copy)]
pub struct Node {
    placement: u64,
    flags: u32,
    parent: u32,
}

/// Where [`Node::flags`] keeps the mask of dominated landings.
const DOMINATED_SHIFT: u32 = 24;

impl Node {
    fn new(packed: PackedPos, dominated: u8, parent: u32) -> Node {
        debug_assert!(packed.committed.bits() >> DOMINATED_SHIFT == 0);
        Node {
            placement: packed.placement,
            flags: packed.committed.bits() | u32::from(dominated) << DOMINATED_SHIFT,
            parent,
        }
    }

    /// The node's position, commitments included, in the pawn structure with index `structure`.
    fn pos<const F: usize>(&self, structure: usize) -> Pos<F> {
        let packed = PackedPos {
            placement: self.placement,
            committed: SquareSet::from_bits(self.flags & ((1 << DOMINATED_SHIFT) - 1)),
        };
        Pos::unpacked(packed, structure_pawns(structure))
    }

    /// The landings for which the node is dominated, a bit each.
    fn dominated(&self) -> u8 {
        (self.flags >> DOMINATED_SHIFT) as u8
    }

    fn parent(&self) -> u32 {
        self.parent
    }
}

/// The castling game's search tree: every admitted node, addressed by its index, with the index
/// of its parent and its pawn structure; following parents from a candidate gives its castling
/// game.
pub struct Tree<const F: usize = 8> {
    nodes: Vec<Node>,
    /// The index of each node's pawn structure (below 3^10, the most on ten files).
    structures: Vec<u16>,
}

impl<const F: usize> Tree<F> {
    /// How many nodes the tree holds.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// The position of node `index`, commitments included.
    pub fn pos(&self, index: u32) -> Pos<F> {
        let i = index as usize;
        self.nodes[i].pos(self.structures[i] as usize)
    }

    /// The positions from a root to node `index`, root first.
    pub fn path_to(&self, index: u32) -> Vec<Pos<F>> {
        let mut path = Vec::new();
        let mut at = index;
        loop {
            path.push(self.pos(at));
            let parent = self.nodes[at as usize].parent();
            if parent == at {
                break;
            }
            at = parent;
        }
        path.reverse();
        path
    }
}

/// What distinguishes the nodes admitted for one placement: which pieces have committed to stay,
/// and for which landings the node is dominated.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Variant {
    committed: SquareSet,
    dominated: u8,
}

impl Variant {
    /// The landings for which this variant can do everything `other` can: its committed pieces
    /// are a subset of the other's (an uncommitted piece may still commit), and for such a
    /// landing it is dominated only if the other is.
    fn subsumes(self, other: Variant) -> u8 {
        if self.committed.is_subset(other.committed) {
            !(self.dominated & !other.dominated)
        } else {
            0
        }
    }
}

/// One node admitted for a placement, as the visited table keeps it: its index, its variant and
/// the members reaching it. Kept in the table rather than looked up in the tree, which would
/// cost a cache miss per visit.
#[derive(Clone, Copy)]
struct Admitted<M> {
    node: u32,
    variant: Variant,
    reach: M,
}

/// The nodes admitted for one placement: the first inline, any further ones in a chain through
/// one shared arena, so that the visited table stays small and no placement needs an allocation
/// of its own. (In the largest castling games more than half of the placements have further
/// variants, one or two on average.)
#[derive(Clone, Copy)]
struct Variants<M> {
    first: Admitted<M>,
    /// Index + 1 of the next variant in the arena, 0 for none.
    more: u32,
}

/// A further variant of a placement, chained to the next one like [`Variants::more`].
#[derive(Clone, Copy)]
struct Further<M> {
    admitted: Admitted<M>,
    next: u32,
}

/// When the castling game uses the lemma of [`crate::start::search::swap`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pruning {
    /// Every position is expanded: the baseline.
    Never,
    /// Positions in safe structures are expanded only for arrangements that have not met a
    /// candidate yet, so that the first candidate, the witness, is the one the baseline meets.
    AfterFirstCandidate,
    /// Positions in safe structures are never expanded: enough to decide verdicts.
    Always,
}

/// The castling game: an exhaustive search over normal-form positions with king and castling
/// rook frozen, for several arrangements at once. All of them have the king and the castling rook
/// on the same files, so the game's moves are the same for all and only the start differs: each
/// node carries the set of arrangements that reach it, and a node reached by new arrangements is
/// expanded again for them alone. One search for a group visits far fewer positions than one per
/// arrangement, since their games soon meet in the same positions.
///
/// Every castle-legal position reached undominated is handed to `on_candidate` with its node
/// index and the arrangements reaching it that way; it returns the arrangements that are settled
/// and need no further search.
///
/// The search goes one pawn structure at a time, breadth-first within it: pawn moves are the
/// only moves that change the structure and they never go back, so taking structures in order of
/// how far the pawns have advanced finishes each before anything can lead into it. Each
/// structure has its own small visited table, which stays in cache while its positions are
/// expanded; one table for the whole game spent most of the time waiting on memory.
///
/// `pruning` says when positions in structures that [`SafeStructures`] lists are left
/// unexpanded: every castled position beyond them is walkable (the lemma of
/// [`crate::start::search::swap`]), so they cannot change a verdict.
pub fn castling_game<const F: usize, A: BackRank<F>>(
    arrangements: &[A],
    path: Geometry,
    bound: PawnBound,
    pruning: Pruning,
    mut on_candidate: impl FnMut(u32, &Pos<F>, Group) -> Group,
) -> (Tree<F>, Rules<F>) {
    assert!(
        (1..=GROUP_SIZE).contains(&arrangements.len()),
        "a castling game searches 1 to {GROUP_SIZE} arrangements"
    );
    let members: Vec<(usize, usize)> = (0..arrangements.len()).map(|i| (i, 0)).collect();
    let castlings = Castlings {
        arrangements,
        landings: &[path],
        members: &members,
    };
    shared_castling_game::<F, A, Group>(&castlings, bound, pruning, |node, pos, _, bits| {
        on_candidate(node, pos, bits)
    })
}

/// What one castling game searches: arrangements with the king and the castling rook on the same
/// files, one or more landings for them (castlings of that king and rook, to different
/// squares), and its members, each an arrangement castling to one landing.
pub struct Castlings<'a, A> {
    /// The arrangements.
    pub arrangements: &'a [A],
    /// The castlings, all of one side, king file and rook file; at most [`MAX_LANDINGS`].
    pub landings: &'a [Geometry],
    /// The members: an index into `arrangements` and one into `landings` each.
    pub members: &'a [(usize, usize)],
}

/// The castling game of several castlings of one king and rook at once ([`castling_game`] is the
/// game of one): its members are pairs of arrangement and landing (a [`Castlings`]), and members
/// of one arrangement start together. The moves are the same for every landing, king and rook
/// frozen on the same squares, so the positions a game meets hardly depend on where they land:
/// a shared game meets about as many as the costliest of its castlings alone, and costs about as
/// much. What does depend on the landing is kept per landing: each node carries the landings for
/// which it is dominated, a variant covers an arriving member when it subsumes it for that
/// member's landing, each member stops where its own landing's structures are safe, and a
/// castle-legal position is handed to `on_candidate` once per landing for which castling is
/// legal there and the node is undominated, with that landing's index and members. With
/// [`Pruning::Always`] and no member settled, each member meets exactly the castle-legal
/// placements the game of its castling alone would meet, only in another order (what a member
/// meets before it is settled, and under [`Pruning::AfterFirstCandidate`], depends on that
/// order).
pub fn shared_castling_game<const F: usize, A: BackRank<F>, M: MemberSet>(
    castlings: &Castlings<A>,
    bound: PawnBound,
    pruning: Pruning,
    on_candidate: impl FnMut(u32, &Pos<F>, usize, M) -> M,
) -> (Tree<F>, Rules<F>) {
    CastlingGame::new(castlings, bound, pruning).run(on_candidate)
}

/// The structures safe for every one of `landings` (flags by structure index, empty when none
/// is): the structures the shared game need never enter. Worked out once per set of landings.
fn safe_for_all<const F: usize>(landings: &[Geometry], bound: PawnBound) -> &'static [bool] {
    type Key = (usize, Vec<Geometry>, PawnBound);
    static ALL: Mutex<BTreeMap<Key, &'static OnceLock<Vec<bool>>>> = Mutex::new(BTreeMap::new());
    let tables: Vec<&[bool]> = landings
        .iter()
        .map(|&landing| SafeStructures::of_width::<F>(landing, bound).flags())
        .collect();
    if let [one] = tables[..] {
        return one;
    }
    ALL.once_per((F, landings.to_vec(), bound), || {
        if tables.iter().any(|flags| flags.is_empty()) {
            return Vec::new();
        }
        (0..tables[0].len())
            .map(|s| tables.iter().all(|flags| flags[s]))
            .collect()
    })
}

/// The state of one castling game.
struct CastlingGame<'a, const F: usize, A, M> {
    arrangements: &'a [A],
    /// Per arrangement, its members.
    starting: Vec<M>,
    /// Per landing, the squares king and rook land on.
    destinations: Vec<SquareSet>,
    landings: &'a [Geometry],
    /// Per mask of landings, the members castling to them.
    of_landings: Vec<M>,
    /// Per pawn structure, the landings for which it is safe (empty when none is anywhere).
    safe_for: Vec<u8>,
    rules: Rules<F>,
    pruning: Pruning,
    tree: Tree<F>,
    /// Per node: the members it still has to be expanded for.
    waiting: Vec<M>,
    /// Members still searched.
    alive: M,
    /// Members that have met a candidate.
    met: M,
    /// Per pawn structure (through `table_of`), the nodes admitted for each placement; members
    /// arriving at a variant go on only if no admitted variant that subsumes it for their
    /// landing is reached by them already. A table is created when its structure is first met.
    tables: Vec<PlacementMap<Variants<M>>>,
    table_of: Vec<u32>,
    overflow: Vec<Further<M>>,
    /// Nodes waiting for their structure's turn, by (advancement, structure).
    pending: BTreeMap<(u8, usize), Vec<u32>>,
}

impl<'a, const F: usize, A: BackRank<F>, M: MemberSet> CastlingGame<'a, F, A, M> {
    fn new(
        castlings: &Castlings<'a, A>,
        bound: PawnBound,
        pruning: Pruning,
    ) -> CastlingGame<'a, F, A, M> {
        let Castlings {
            arrangements,
            landings,
            members,
        } = *castlings;
        assert!(
            2 * F <= DOMINATED_SHIFT as usize,
            "committed squares fit below the mask"
        );
        assert!(
            (1..=M::CAPACITY).contains(&members.len()),
            "a castling game searches 1 to {} members",
            M::CAPACITY
        );
        assert!(
            (1..=MAX_LANDINGS).contains(&landings.len()),
            "a castling game serves 1 to {MAX_LANDINGS} landings"
        );
        let path = landings[0];
        assert!(
            landings
                .iter()
                .all(|l| (l.side, l.king, l.rook) == (path.side, path.king, path.rook)),
            "the landings of one game are castlings of one king and rook"
        );
        assert!(
            arrangements
                .iter()
                .all(|a| a.king_file() == path.king && a.rook_file(path.side) == path.rook),
            "arrangements searched together have the path's king and castling rook files"
        );
        let mut starting = vec![M::EMPTY; arrangements.len()];
        let mut of_landings = vec![M::EMPTY; 1 << landings.len()];
        for (i, &(arrangement, landing)) in members.iter().enumerate() {
            starting[arrangement] |= M::single(i);
            for (mask, set) in of_landings.iter_mut().enumerate() {
                if mask & 1 << landing != 0 {
                    *set |= M::single(i);
                }
            }
        }
        let safe: Vec<&SafeStructures> = match pruning {
            Pruning::Never => Vec::new(),
            _ => (landings.iter())
                .map(|&l| SafeStructures::of_width::<F>(l, bound))
                .collect(),
        };
        let safe_for = if safe.iter().all(|safe| safe.count() == 0) {
            Vec::new()
        } else {
            (0..structures(F))
                .map(|s| {
                    (safe.iter().enumerate()).fold(0u8, |mask, (l, safe)| {
                        mask | u8::from(safe.contains_index(s)) << l
                    })
                })
                .collect()
        };
        let mut rules = castling_rules(path, bound);
        if pruning == Pruning::Always {
            // Positions in structures safe for every landing would be neither admitted nor
            // expanded.
            rules.closed = safe_for_all::<F>(landings, bound);
        }
        CastlingGame {
            arrangements,
            starting,
            destinations: landings
                .iter()
                .map(|l| SquareSet::single(l.king_to).with(l.rook_to))
                .collect(),
            landings,
            of_landings,
            safe_for,
            rules,
            pruning,
            tree: Tree {
                nodes: Vec::new(),
                structures: Vec::new(),
            },
            waiting: Vec::new(),
            alive: M::first(members.len()),
            met: M::EMPTY,
            tables: Vec::new(),
            table_of: vec![u32::MAX; structures(F)],
            overflow: Vec::new(),
            pending: BTreeMap::new(),
        }
    }

    /// Plays the game to the end (or until every member is settled).
    fn run(
        mut self,
        mut on_candidate: impl FnMut(u32, &Pos<F>, usize, M) -> M,
    ) -> (Tree<F>, Rules<F>) {
        for (arrangement, &starting) in self.arrangements.iter().zip(&self.starting.clone()) {
            if starting.is_empty() {
                continue;
            }
            for (p, _) in self.rules.roots(arrangement) {
                let structure = p.structure();
                if let Some((node, new)) = self.admit(&p, structure, 0, None, starting) {
                    self.enqueue(node, new, &p, structure, None);
                }
            }
        }
        let mut next_positions: Vec<(Pos<F>, u8)> = Vec::new();
        'structures: while let Some(((_, structure), mut queue)) = self.pending.pop_first() {
            let mut cursor = 0;
            while let Some(&index) = queue.get(cursor) {
                cursor += 1;
                let flow = self.expand(
                    index,
                    structure,
                    &mut queue,
                    &mut next_positions,
                    &mut on_candidate,
                );
                if flow.is_break() {
                    break 'structures;
                }
            }
        }
        (self.tree, self.rules)
    }

    /// The members for which positions in `structure` are left alone: those whose landing finds
    /// it safe, as far as `pruning` allows.
    fn unexpanded(&self, structure: usize) -> M {
        let safe = self.safe_for.get(structure).copied().unwrap_or(0);
        if safe == 0 {
            return M::EMPTY;
        }
        let prunable = match self.pruning {
            Pruning::Never => M::EMPTY,
            Pruning::AfterFirstCandidate => self.met,
            Pruning::Always => !M::EMPTY,
        };
        prunable & self.of_landings[safe as usize]
    }

    /// The landings for which castling is legal in `pos`.
    fn open(&self, pos: &Pos<F>) -> u8 {
        (self.landings.iter().enumerate()).fold(0, |mask, (l, &landing)| {
            mask | u8::from(pos.castling_open(landing)) << l
        })
    }

    /// Expands node `index` of `structure` for the members waiting for it: hands it to
    /// `on_candidate` for each landing for which it is a candidate, then admits its successors.
    /// Breaks when every member is settled.
    fn expand(
        &mut self,
        index: u32,
        structure: usize,
        queue: &mut Vec<u32>,
        next_positions: &mut Vec<(Pos<F>, u8)>,
        on_candidate: &mut impl FnMut(u32, &Pos<F>, usize, M) -> M,
    ) -> ControlFlow<()> {
        let mut bits = std::mem::replace(&mut self.waiting[index as usize], M::EMPTY) & self.alive;
        if bits.is_empty() {
            return ControlFlow::Continue(());
        }
        let node = self.tree.nodes[index as usize];
        let pos: Pos<F> = node.pos(structure);
        let open = self.open(&pos);
        let dominated = node.dominated();
        if pos.moved_files() > 0 {
            for landing in landings_in(open & !dominated) {
                let these = bits & self.of_landings[1 << landing];
                if these.is_empty() {
                    continue;
                }
                self.met |= these;
                let settled = on_candidate(index, &pos, landing, these);
                self.alive &= !settled;
                bits &= !settled;
                if self.alive.is_empty() {
                    return ControlFlow::Break(());
                }
            }
        }
        bits &= !self.unexpanded(structure);
        if bits.is_empty() {
            return ControlFlow::Continue(());
        }
        // Moves after castling became legal that avoid the destination squares lead only to
        // dominated castled positions; they are explored (a later move may use the
        // destinations) but marked, landing by landing.
        let carried = open | dominated;
        let destinations = &self.destinations;
        next_positions.clear();
        self.rules.successors(&pos, &mut |next, _, touched| {
            let mut dominated = carried;
            for landing in landings_in(carried) {
                if !touched.and(destinations[landing]).is_empty() {
                    dominated &= !(1 << landing);
                }
            }
            next_positions.push((next, dominated));
        });
        for &(next, dominated) in next_positions.iter() {
            // Only pawn moves change the structure.
            let next_structure = if next.same_pawns(&pos) {
                structure
            } else {
                next.structure()
            };
            // Nothing in a safe structure can change a verdict: such positions are not even
            // admitted for the members they would not be expanded for.
            let arriving = bits & !self.unexpanded(next_structure);
            if arriving.is_empty() {
                continue;
            }
            let admitted = self.admit(&next, next_structure, dominated, Some(index), arriving);
            if let Some((added, new)) = admitted {
                self.enqueue(added, new, &next, next_structure, Some((structure, queue)));
            }
        }
        ControlFlow::Continue(())
    }

    /// Admits `arriving` at the variant `pos`/`dominated`; returns its node and the members for
    /// which it is new, or `None` when subsuming variants have them all already.
    fn admit(
        &mut self,
        pos: &Pos<F>,
        structure: usize,
        dominated: u8,
        parent: Option<u32>,
        arriving: M,
    ) -> Option<(u32, M)> {
        if self.table_of[structure] == u32::MAX {
            self.table_of[structure] = self.tables.len() as u32;
            self.tables.push(PlacementMap::default());
        }
        let table = &mut self.tables[self.table_of[structure] as usize];
        let packed = pos.packed();
        let variant = Variant {
            committed: packed.committed,
            dominated,
        };
        let index = self.tree.nodes.len() as u32;
        let admitted = Admitted {
            node: index,
            variant,
            reach: arriving,
        };
        let every_landing = (self.of_landings.len() - 1) as u8;
        match table.entry(packed.placement) {
            Entry::Vacant(slot) => {
                slot.insert(Variants {
                    first: admitted,
                    more: 0,
                });
            }
            Entry::Occupied(mut slot) => {
                let known = slot.get_mut();
                // The members some variant subsuming this one for their landing has, and where
                // this very variant is if known (0 inline, else its arena index + 1). Once the
                // subsuming variants cover every arriving member the answer is `None`, whatever
                // the rest of the chain holds: most visits are revisits that the first variant
                // answers, and the chain's further variants lie elsewhere in memory.
                let of_landings = &self.of_landings;
                let mut covered = M::EMPTY;
                let mut same: Option<u32> = None;
                let mut check = |w: &Admitted<M>, at: u32| {
                    let landings = w.variant.subsumes(variant) & every_landing;
                    if landings != 0 {
                        covered |= w.reach & of_landings[landings as usize];
                    }
                    if w.variant == variant {
                        same = Some(at);
                    }
                    (arriving & !covered).is_empty()
                };
                if check(&known.first, 0) {
                    return None;
                }
                let mut at = known.more;
                while at != 0 {
                    let further = &self.overflow[at as usize - 1];
                    if check(&further.admitted, at) {
                        return None;
                    }
                    at = further.next;
                }
                let new = arriving & !covered;
                if let Some(at) = same {
                    let w = match at {
                        0 => &mut known.first,
                        at => &mut self.overflow[at as usize - 1].admitted,
                    };
                    w.reach |= new;
                    return Some((w.node, new));
                }
                self.overflow.push(Further {
                    admitted,
                    next: known.more,
                });
                known.more = self.overflow.len() as u32;
            }
        }
        self.tree
            .nodes
            .push(Node::new(packed, dominated, parent.unwrap_or(index)));
        self.tree.structures.push(structure as u16);
        Some((index, arriving))
    }

    /// Records that `node` is to be expanded for `new` as well, queueing it if it was not: in
    /// the queue of the structure being expanded (`current`) or among the pending ones.
    fn enqueue(
        &mut self,
        node: u32,
        new: M,
        pos: &Pos<F>,
        structure: usize,
        current: Option<(usize, &mut Vec<u32>)>,
    ) {
        if self.waiting.len() <= node as usize {
            self.waiting.resize(node as usize + 1, M::EMPTY);
        }
        let was_queued = !self.waiting[node as usize].is_empty();
        self.waiting[node as usize] |= new;
        if was_queued {
            return;
        }
        match current {
            Some((s, queue)) if s == structure => queue.push(node),
            _ => self
                .pending
                .entry((pos.advancement(), structure))
                .or_default()
                .push(node),
        }
    }
}
