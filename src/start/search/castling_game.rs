//! Step 1 of the pawn-move analysis, the **castling game**: every way to make castling legal
//! with the king and the castling rook never moving, for a group of arrangements at once.
//!
//! A castled position reached again, by moves that avoid the king's and rook's destination
//! squares, from an earlier moment where castling was already legal is *dominated*: castling at
//! that earlier moment and playing the same moves afterwards reaches it, so it is walkable if
//! the earlier one is. Only castle-legal positions reached undominated are handed on.

use crate::chess::Geometry;
use crate::start::bound::PawnBound;
use crate::start::search::hash::PlacementMap;
use crate::start::search::model::{
    BackRank, PackedPos, Pos, Rules, SquareSet, structure_pawns, structures,
};
use crate::start::search::swap::SafeStructures;
use std::collections::BTreeMap;
use std::collections::hash_map::Entry;
use std::ops::ControlFlow;

/// A set of arrangements searched together, a bit each (see [`castling_game`]).
pub type Group = u64;

/// The members of a group (indices into the arrangements searched together), in order.
pub fn members(group: Group) -> impl Iterator<Item = usize> {
    let mut left = group;
    std::iter::from_fn(move || {
        (left != 0).then(|| {
            let i = left.trailing_zeros() as usize;
            left &= left - 1;
            i
        })
    })
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
/// takes 16 bytes; its pawns are its structure's, kept apart in [`Tree`]), whether it is
/// dominated (the top bit of `link`), and the index of its parent (the rest of `link`; a root is
/// its own parent).
#[derive(Clone, Copy)]
pub struct Node {
    placement: u64,
    committed: SquareSet,
    link: u32,
}

/// The bit of [`Node::link`] that marks a dominated node.
const DOMINATED: u32 = 1 << 31;

impl Node {
    fn new(packed: PackedPos, dominated: bool, parent: u32) -> Node {
        Node {
            placement: packed.placement,
            committed: packed.committed,
            link: parent | if dominated { DOMINATED } else { 0 },
        }
    }

    /// The node's position, commitments included, in the pawn structure with index `structure`.
    fn pos<const F: usize>(&self, structure: usize) -> Pos<F> {
        let packed = PackedPos {
            placement: self.placement,
            committed: self.committed,
        };
        Pos::unpacked(packed, structure_pawns(structure))
    }

    fn dominated(&self) -> bool {
        self.link & DOMINATED != 0
    }

    fn parent(&self) -> u32 {
        self.link & !DOMINATED
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
/// and whether the node is dominated.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Variant {
    committed: SquareSet,
    dominated: bool,
}

impl Variant {
    /// Whether this variant can do everything `other` can: its committed pieces are a subset of
    /// the other's (an uncommitted piece may still commit) and it is dominated only if the
    /// other is.
    fn subsumes(self, other: Variant) -> bool {
        self.committed.is_subset(other.committed) && (!self.dominated || other.dominated)
    }
}

/// One node admitted for a placement, as the visited table keeps it: its index, its variant and
/// the arrangements reaching it. Kept in the table rather than looked up in the tree, which
/// would cost a cache miss per visit.
#[derive(Clone, Copy)]
struct Admitted {
    node: u32,
    variant: Variant,
    reach: Group,
}

/// The nodes admitted for one placement: the first inline, any further ones in a chain through
/// one shared arena, so that the visited table stays small and no placement needs an allocation
/// of its own. (In the largest castling games more than half of the placements have further
/// variants, one or two on average.)
#[derive(Clone, Copy)]
struct Variants {
    first: Admitted,
    /// Index + 1 of the next variant in the arena, 0 for none.
    more: u32,
}

/// A further variant of a placement, chained to the next one like [`Variants::more`].
#[derive(Clone, Copy)]
struct Further {
    admitted: Admitted,
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
    on_candidate: impl FnMut(u32, &Pos<F>, Group) -> Group,
) -> (Tree<F>, Rules<F>) {
    CastlingGame::new(arrangements, path, bound, pruning).run(on_candidate)
}

/// The state of one castling game.
struct CastlingGame<'a, const F: usize, A> {
    arrangements: &'a [A],
    path: Geometry,
    rules: Rules<F>,
    safe: &'static SafeStructures,
    pruning: Pruning,
    tree: Tree<F>,
    /// Per node: the arrangements it still has to be expanded for.
    waiting: Vec<Group>,
    /// Arrangements still searched.
    alive: Group,
    /// Arrangements that have met a candidate.
    met: Group,
    /// Per pawn structure (through `table_of`), the nodes admitted for each placement;
    /// arrangements arriving at a variant go on only if no admitted variant that subsumes it is
    /// reached by them already. A table is created when its structure is first met.
    tables: Vec<PlacementMap<Variants>>,
    table_of: Vec<u32>,
    overflow: Vec<Further>,
    /// Nodes waiting for their structure's turn, by (advancement, structure).
    pending: BTreeMap<(u8, usize), Vec<u32>>,
}

impl<'a, const F: usize, A: BackRank<F>> CastlingGame<'a, F, A> {
    fn new(
        arrangements: &'a [A],
        path: Geometry,
        bound: PawnBound,
        pruning: Pruning,
    ) -> CastlingGame<'a, F, A> {
        assert!(
            (1..=GROUP_SIZE).contains(&arrangements.len()),
            "a castling game searches 1 to {GROUP_SIZE} arrangements"
        );
        assert!(
            arrangements
                .iter()
                .all(|a| a.king_file() == path.king && a.rook_file(path.side) == path.rook),
            "arrangements searched together have the path's king and castling rook files"
        );
        let safe = match pruning {
            Pruning::Never => SafeStructures::none(),
            _ => SafeStructures::of_width::<F>(path, bound),
        };
        let mut rules = castling_rules(path, bound);
        if pruning == Pruning::Always {
            // Positions in safe structures would be neither admitted nor expanded.
            rules.closed = safe.flags();
        }
        CastlingGame {
            arrangements,
            path,
            rules,
            safe,
            pruning,
            tree: Tree {
                nodes: Vec::new(),
                structures: Vec::new(),
            },
            waiting: Vec::new(),
            alive: Group::MAX >> (GROUP_SIZE - arrangements.len()),
            met: 0,
            tables: Vec::new(),
            table_of: vec![u32::MAX; structures(F)],
            overflow: Vec::new(),
            pending: BTreeMap::new(),
        }
    }

    /// Plays the game to the end (or until every arrangement is settled).
    fn run(
        mut self,
        mut on_candidate: impl FnMut(u32, &Pos<F>, Group) -> Group,
    ) -> (Tree<F>, Rules<F>) {
        for (i, arrangement) in self.arrangements.iter().enumerate() {
            for (p, _) in self.rules.roots(arrangement) {
                let structure = p.structure();
                if let Some((node, new)) = self.admit(&p, structure, false, None, 1 << i) {
                    self.enqueue(node, new, &p, structure, None);
                }
            }
        }
        let mut next_positions: Vec<(Pos<F>, bool)> = Vec::new();
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

    /// The arrangements for which positions in safe structures are left alone.
    fn unexpanded(&self) -> Group {
        match self.pruning {
            Pruning::Never => 0,
            Pruning::AfterFirstCandidate => self.met,
            Pruning::Always => Group::MAX,
        }
    }

    /// Expands node `index` of `structure` for the arrangements waiting for it: hands it to
    /// `on_candidate` if castling is legal there, then admits its successors. Breaks when every
    /// arrangement is settled.
    fn expand(
        &mut self,
        index: u32,
        structure: usize,
        queue: &mut Vec<u32>,
        next_positions: &mut Vec<(Pos<F>, bool)>,
        on_candidate: &mut impl FnMut(u32, &Pos<F>, Group) -> Group,
    ) -> ControlFlow<()> {
        let mut bits = std::mem::take(&mut self.waiting[index as usize]) & self.alive;
        if bits == 0 {
            return ControlFlow::Continue(());
        }
        let node = self.tree.nodes[index as usize];
        let pos: Pos<F> = node.pos(structure);
        let open = pos.castling_open(self.path);
        if open && !node.dominated() && pos.moved_files() > 0 {
            self.met |= bits;
            let settled = on_candidate(index, &pos, bits);
            self.alive &= !settled;
            bits &= !settled;
            if self.alive == 0 {
                return ControlFlow::Break(());
            }
        }
        let unexpanded = self.unexpanded();
        if self.safe.contains_index(structure) {
            bits &= !unexpanded;
        }
        if bits == 0 {
            return ControlFlow::Continue(());
        }
        let destinations = SquareSet::single(self.path.king_to).with(self.path.rook_to);
        next_positions.clear();
        self.rules.successors(&pos, &mut |next, _, touched| {
            // Moves after castling became legal that avoid the destination squares lead only to
            // dominated castled positions; they are explored (a later move may use the
            // destinations) but marked.
            let dominated = (open || node.dominated()) && touched.and(destinations).is_empty();
            next_positions.push((next, dominated));
        });
        for &(next, dominated) in next_positions.iter() {
            // Only pawn moves change the structure.
            let next_structure = if next.pawns() == pos.pawns() {
                structure
            } else {
                next.structure()
            };
            // Nothing in a safe structure can change a verdict: such positions are not even
            // admitted for the arrangements they would not be expanded for.
            let arriving = if self.safe.contains_index(next_structure) {
                bits & !unexpanded
            } else {
                bits
            };
            if arriving == 0 {
                continue;
            }
            let admitted = self.admit(&next, next_structure, dominated, Some(index), arriving);
            if let Some((added, new)) = admitted {
                self.enqueue(added, new, &next, next_structure, Some((structure, queue)));
            }
        }
        ControlFlow::Continue(())
    }

    /// Admits `arriving` at the variant `pos`/`dominated`; returns its node and the arrangements
    /// for which it is new, or `None` when a subsuming variant has them all already.
    fn admit(
        &mut self,
        pos: &Pos<F>,
        structure: usize,
        dominated: bool,
        parent: Option<u32>,
        arriving: Group,
    ) -> Option<(u32, Group)> {
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
        match table.entry(packed.placement) {
            Entry::Vacant(slot) => {
                slot.insert(Variants {
                    first: admitted,
                    more: 0,
                });
            }
            Entry::Occupied(mut slot) => {
                let known = slot.get_mut();
                // The arrangements some subsuming variant has, and where this very variant is
                // if known (0 inline, else its arena index + 1). Once the subsuming variants
                // cover every arriving arrangement the answer is `None`, whatever the rest of
                // the chain holds: most visits are revisits that the first variant answers,
                // and the chain's further variants lie elsewhere in memory.
                let mut covered: Group = 0;
                let mut same: Option<u32> = None;
                let mut check = |w: &Admitted, at: u32| {
                    if w.variant.subsumes(variant) {
                        covered |= w.reach;
                    }
                    if w.variant == variant {
                        same = Some(at);
                    }
                    arriving & !covered == 0
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
        new: Group,
        pos: &Pos<F>,
        structure: usize,
        current: Option<(usize, &mut Vec<u32>)>,
    ) {
        if self.waiting.len() <= node as usize {
            self.waiting.resize(node as usize + 1, 0);
        }
        let was_queued = self.waiting[node as usize] != 0;
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
