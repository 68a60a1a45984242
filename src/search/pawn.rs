//! After a pawn move: is castling still required, or can king and rook walk there?
//!
//! For a side that cannot castle without a pawn move, three searches over the abstract model
//! ([`crate::search::model`]) decide between the verdicts *after-pawn-move* and *artificial-only*:
//!
//! 1. **The castling game** explores every way to make castling legal with at most
//!    [`Rules::bound`] pawns moved, king and castling rook never moving, and collects the positions
//!    right after castling. A castled position reached again, by moves that avoid the king's and
//!    rook's destination squares, from an earlier moment where castling was already legal is
//!    *dominated*: castling at that earlier moment and playing the same moves afterwards reaches
//!    it, so it is walkable if the earlier one is. Only undominated ones are kept.
//! 2. **Canonical forms.** Within one pawn structure moves are reversible, so positions fall into
//!    components that are all reachable or all unreachable without castling. Each castled
//!    position is replaced by the positions of its component with every piece that can leave
//!    ranks 1-2 gone (the component's *core*), found by lifting pieces eagerly.
//! 3. **The walking game** searches castle-free games from the start for a position of the core.
//!    Found: walkable. Not found after exhausting the (normal-form) search: the castled position
//!    requires castling, and the side is *after-pawn-move*.
//!
//! A side all of whose castled cores are walkable is *artificial-only*.
//!
//! Two things keep this fast. The lemma of [`crate::search::swap`] marks pawn structures in which king
//! and rook can always walk from the position before castling to the one after it; the castling
//! game does not go on into them. And the arrangements whose king and castling rook stand on the
//! same files play the same castling game from different starts, so [`decide_group`] searches
//! them together, each position carrying the set of arrangements that reach it. The witness of
//! each side is then found by the search of that arrangement alone ([`analyse`], [`witness`]),
//! which stops early.

use crate::chess::arrangement::Arrangement;
use crate::chess::side::Side;
use crate::search::model::structure_index;
use crate::search::model::{
    self, EMPTY, KNIGHT, Pos, Rules, STRUCTURES, Step, file_of, row_of, sq,
};
use crate::search::swap::SafeStructures;
pub use crate::verdict::Verdict;
use std::collections::hash_map::Entry;
use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};
use std::hash::{BuildHasherDefault, Hasher};

/// The default bound on files with moved pawns.
pub const DEFAULT_BOUND: usize = 3;

/// A fast hasher for the model's u128 keys. The keys are packed bit fields (a nibble per square,
/// two bits per pawn); a multiply-rotate mix spreads them over the table, which the default
/// SipHash would do too, only several times slower.
#[derive(Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        // Fold the well-mixed high bits down: the table indexes by the low ones.
        self.0 ^ (self.0 >> 29)
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(23) ^ v).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    fn write_u128(&mut self, v: u128) {
        self.write_u64(v as u64);
        self.write_u64((v >> 64) as u64);
    }
}

pub(crate) type KeyMap<V> = HashMap<u128, V, BuildHasherDefault<KeyHasher>>;
type KeyMap64<V> = HashMap<u64, V, BuildHasherDefault<KeyHasher>>;
type KeySet = HashSet<u128, BuildHasherDefault<KeyHasher>>;

/// The outcome for one side that needs a pawn move.
#[derive(Clone, Debug)]
pub struct PawnOutcome {
    pub verdict: Verdict,
    /// The castling game of the witness, in model steps, ending with castling (and, for
    /// artificial-only, continuing to the position the walk reaches).
    pub castle_steps: Vec<Step>,
    /// For artificial-only: a castle-free game reaching the same position.
    pub walk_steps: Option<Vec<Step>>,
    /// How many undominated castled cores were examined one by one (the search stops at the
    /// first one no castle-free game reaches; castled positions in safe structures are settled
    /// by the lemma of [`crate::search::swap`] instead).
    pub cores: usize,
}

/// The rules of the castling game: king and castling rook frozen on their squares.
fn castling_rules(arrangement: &Arrangement, side: Side, bound: usize) -> Rules {
    let king = sq(arrangement.king_file() as i8, 0);
    let rook = sq(arrangement.rook_file(side) as i8, 0);
    Rules {
        frozen: (1 << king) | (1 << rook),
        ..Rules::open(bound)
    }
}

/// A node of the castling game: a position packed by [`Pos::packed`], whether it is tainted
/// (dominated, see the module docs), and the index of its parent (a root is its own parent).
#[derive(Clone, Copy)]
struct Node {
    placement: u64,
    committed: u16,
    tainted: bool,
    parent: u32,
}

impl Node {
    fn pos(&self) -> Pos {
        Pos::unpacked(self.placement, self.committed)
    }
}

/// The castling game's search tree: every admitted node, addressed by its index, with the index
/// of its parent; following parents from a candidate gives its castling game.
struct Tree {
    nodes: Vec<Node>,
}

impl Tree {
    /// The positions from a root to node `index`, root first.
    fn path_to(&self, index: u32) -> Vec<Pos> {
        let mut path = Vec::new();
        let mut at = index;
        loop {
            let node = self.nodes[at as usize];
            path.push(node.pos());
            if node.parent == at {
                break;
            }
            at = node.parent;
        }
        path.reverse();
        path
    }
}

/// One node admitted for a placement, as the visited table keeps it: its index, its variant
/// (committed set, and taint in bit 16) and the arrangements reaching it. Kept in the table
/// rather than looked up in the tree, which would cost a cache miss per visit.
#[derive(Clone, Copy)]
struct Admitted {
    node: u32,
    variant: u32,
    reach: Group,
}

/// The nodes admitted for one placement: the first inline, any further ones (other committed
/// sets or taint) in a chain through one shared arena, so that the visited table stays small
/// and no placement needs an allocation of its own. (In the largest castling games more than
/// half of the placements have further variants, one or two on average.)
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

/// Whether variant `w` subsumes `v`: its committed pieces are a subset of `v`'s and it is at
/// most as tainted, so it can do everything `v` can (an uncommitted piece may still commit).
fn subsumes(w: u32, v: u32) -> bool {
    (w & 0xffff) & !(v & 0xffff) == 0 && (w >> 16 == 0 || v >> 16 != 0)
}

/// The steps leading from `from` to `to` under `rules` (one transition of the search).
fn steps_between(rules: &Rules, from: &Pos, to: &Pos) -> Vec<Step> {
    let mut found = None;
    rules.successors(from, &mut |next, steps, _| {
        if found.is_none() && next == *to {
            found = Some(steps.to_vec());
        }
    });
    found.expect("a recorded transition can be replayed")
}

/// The initial positions of a search: the start, closed under first-chance decisions.
fn roots(rules: &Rules, arrangement: &Arrangement) -> Vec<(Pos, Vec<Step>)> {
    let mut out = Vec::new();
    rules.close(Pos::start(arrangement), &mut Vec::new(), &mut |p, steps| {
        out.push((p, steps.to_vec()))
    });
    out
}

/// How far the pawns have advanced in all: every pawn move raises it.
fn advancement(pos: &Pos) -> u8 {
    pos.pawns.iter().sum()
}

/// A set of arrangements searched together, a bit each (see [`castling_game`]).
type Group = u64;

/// The most arrangements one castling game searches together.
pub const GROUP_SIZE: usize = Group::BITS as usize;

/// When the castling game uses the lemma of [`crate::search::swap`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pruning {
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
/// Every castle-legal position reached *clean* (not dominated, see the module docs) is handed to
/// `on_candidate` with its node index and the arrangements reaching it that way; it returns the
/// arrangements that are settled and need no further search.
///
/// The search goes one pawn structure at a time, breadth-first within it: pawn moves are the
/// only moves that change the structure and they never go back, so taking structures in order of
/// how far the pawns have advanced finishes each before anything can lead into it. Each
/// structure has its own small visited table, which stays in cache while its positions are
/// expanded; one table for the whole game spent most of the time waiting on memory.
///
/// `pruning` says when positions in structures that [`SafeStructures`] lists are left
/// unexpanded: every castled position beyond them is walkable (the lemma of [`crate::search::swap`]), so
/// they cannot change a verdict.
fn castling_game(
    arrangements: &[Arrangement],
    side: Side,
    bound: usize,
    pruning: Pruning,
    mut on_candidate: impl FnMut(u32, &Pos, Group) -> Group,
) -> (Tree, Rules) {
    assert!(
        (1..=GROUP_SIZE).contains(&arrangements.len()),
        "a castling game searches 1 to {GROUP_SIZE} arrangements"
    );
    let first = &arrangements[0];
    let king = first.king_file();
    let rook = first.rook_file(side);
    let path = first.castling(side);
    assert!(
        arrangements
            .iter()
            .all(|a| a.king_file() == king && a.rook_file(side) == rook),
        "arrangements searched together share the king's and the castling rook's files"
    );
    let rules = castling_rules(first, side, bound);
    let safe = match pruning {
        Pruning::Never => SafeStructures::none(),
        _ => SafeStructures::of(king, rook, side, bound),
    };
    let destinations: u16 = (1 << side.king_to()) | (1 << side.rook_to());
    let mut tree = Tree { nodes: Vec::new() };
    // Per node: the arrangements it still has to be expanded for.
    let mut waiting: Vec<Group> = Vec::new();
    // Arrangements still searched, and those that have met a candidate.
    let mut alive: Group = Group::MAX >> (GROUP_SIZE - arrangements.len());
    let mut met: Group = 0;
    // Subsumption: per placement, the nodes already admitted; arrangements arriving at a variant
    // go on only if no admitted variant that subsumes it is reached by them already. One table
    // per pawn structure, created when first needed.
    let mut tables: Vec<KeyMap64<Variants>> = Vec::new();
    let mut table_of: Vec<u32> = vec![u32::MAX; STRUCTURES];
    let mut overflow: Vec<Further> = Vec::new();
    // Admits `arriving` at the variant `pos`/`tainted`; returns its node and the arrangements
    // for which it is new.
    let mut admit = |pos: &Pos,
                     structure: usize,
                     tainted: bool,
                     parent: Option<u32>,
                     arriving: Group,
                     tree: &mut Tree|
     -> Option<(u32, Group)> {
        if table_of[structure] == u32::MAX {
            table_of[structure] = tables.len() as u32;
            tables.push(KeyMap64::default());
        }
        let table = &mut tables[table_of[structure] as usize];
        let (placement, committed) = pos.packed();
        let variant = committed as u32 | (tainted as u32) << 16;
        let index = tree.nodes.len() as u32;
        let admitted = Admitted {
            node: index,
            variant,
            reach: arriving,
        };
        match table.entry(placement) {
            Entry::Vacant(slot) => {
                slot.insert(Variants {
                    first: admitted,
                    more: 0,
                });
            }
            Entry::Occupied(mut slot) => {
                let known = slot.get_mut();
                // The arrangements some subsuming variant has, and where this very variant is
                // if known (0 inline, else its arena index + 1).
                let mut covered: Group = 0;
                let mut same: Option<u32> = None;
                let mut check = |w: &Admitted, at: u32| {
                    if subsumes(w.variant, variant) {
                        covered |= w.reach;
                    }
                    if w.variant == variant {
                        same = Some(at);
                    }
                };
                check(&known.first, 0);
                let mut at = known.more;
                while at != 0 {
                    let further = &overflow[at as usize - 1];
                    check(&further.admitted, at);
                    at = further.next;
                }
                let new = arriving & !covered;
                if new == 0 {
                    return None;
                }
                if let Some(at) = same {
                    let w = match at {
                        0 => &mut known.first,
                        at => &mut overflow[at as usize - 1].admitted,
                    };
                    w.reach |= new;
                    return Some((w.node, new));
                }
                overflow.push(Further {
                    admitted,
                    next: known.more,
                });
                known.more = overflow.len() as u32;
            }
        }
        tree.nodes.push(Node {
            placement,
            committed,
            tainted,
            parent: parent.unwrap_or(index),
        });
        Some((index, arriving))
    };
    // Nodes waiting for their structure's turn, by (advancement, structure).
    let mut pending: BTreeMap<(u8, usize), Vec<u32>> = BTreeMap::new();
    // Records that `node` is to be expanded for `new` as well, queueing it if it was not.
    let enqueue = |node: u32,
                   new: Group,
                   pos: &Pos,
                   structure: usize,
                   waiting: &mut Vec<Group>,
                   pending: &mut BTreeMap<(u8, usize), Vec<u32>>,
                   current: Option<(usize, &mut Vec<u32>)>| {
        if waiting.len() <= node as usize {
            waiting.resize(node as usize + 1, 0);
        }
        let was_queued = waiting[node as usize] != 0;
        waiting[node as usize] |= new;
        if was_queued {
            return;
        }
        match current {
            Some((s, queue)) if s == structure => queue.push(node),
            _ => pending
                .entry((advancement(pos), structure))
                .or_default()
                .push(node),
        }
    };
    for (i, arrangement) in arrangements.iter().enumerate() {
        for (p, _) in roots(&rules, arrangement) {
            let structure = structure_index(&p.pawns);
            if let Some((node, new)) = admit(&p, structure, false, None, 1 << i, &mut tree) {
                enqueue(node, new, &p, structure, &mut waiting, &mut pending, None);
            }
        }
    }
    let mut next_positions: Vec<(Pos, bool)> = Vec::new();
    'structures: while let Some(((_, structure), mut queue)) = pending.pop_first() {
        let mut cursor = 0;
        while let Some(&index) = queue.get(cursor) {
            cursor += 1;
            let mut bits = std::mem::take(&mut waiting[index as usize]) & alive;
            if bits == 0 {
                continue;
            }
            let node = tree.nodes[index as usize];
            let pos = node.pos();
            let open = pos.castling_open(path);
            if open && !node.tainted && pos.moved_files() > 0 {
                met |= bits;
                let settled = on_candidate(index, &pos, bits);
                alive &= !settled;
                bits &= !settled;
                if alive == 0 {
                    break 'structures;
                }
            }
            // The arrangements for which positions in safe structures are left alone.
            let unexpanded = match pruning {
                Pruning::Never => 0,
                Pruning::AfterFirstCandidate => met,
                Pruning::Always => Group::MAX,
            };
            if safe.contains_index(structure) {
                bits &= !unexpanded;
            }
            if bits == 0 {
                continue;
            }
            next_positions.clear();
            rules.successors(&pos, &mut |next, _, touched| {
                // Moves after castling became legal that avoid the destination squares lead
                // only to dominated castled positions; they are explored (a later move may use
                // the destinations) but marked.
                let next_tainted = (open || node.tainted) && touched & destinations == 0;
                next_positions.push((next, next_tainted));
            });
            for &(next, next_tainted) in &next_positions {
                // Only pawn moves change the structure.
                let next_structure = if next.pawns == pos.pawns {
                    structure
                } else {
                    structure_index(&next.pawns)
                };
                // Nothing in a safe structure can change a verdict: such positions are not even
                // admitted for the arrangements they would not be expanded for.
                let arriving = if safe.contains_index(next_structure) {
                    bits & !unexpanded
                } else {
                    bits
                };
                if arriving == 0 {
                    continue;
                }
                let admitted = admit(
                    &next,
                    next_structure,
                    next_tainted,
                    Some(index),
                    arriving,
                    &mut tree,
                );
                if let Some((added, new)) = admitted {
                    let current = Some((structure, &mut queue));
                    enqueue(
                        added,
                        new,
                        &next,
                        next_structure,
                        &mut waiting,
                        &mut pending,
                        current,
                    );
                }
            }
        }
    }
    (tree, rules)
}

/// The core of a component: its positions with every piece that can leave ranks 1-2 gone.
#[derive(Clone, Debug)]
pub struct Core {
    /// The smallest member key: the component's name.
    pub name: u128,
    /// All core positions (placements, no bookkeeping).
    pub members: Vec<u128>,
    /// Kinds present on ranks 1-2 in the core, by kind bit.
    pub kinds_on_board: u8,
    /// Rank-1 files of knights in the core.
    pub knight_files: u8,
    pub pawns: [u8; 8],
}

/// Takes off ranks 1-2 every piece that can leave directly, recording the exits.
fn lift_all(mut pos: Pos, steps: &mut Vec<Step>) -> Pos {
    loop {
        let exit = (0..16u8).find(|&s| {
            let c = pos.cells[s as usize];
            c != EMPTY && pos.exit_possible(c, s)
        });
        match exit {
            Some(s) => {
                pos.cells[s as usize] = EMPTY;
                steps.push(Step::Exit { from: s });
            }
            None => return pos,
        }
    }
}

/// The same without recording, for positions that [`CoreCache::name`] and the tests lift.
fn lift_all_quiet(mut pos: Pos) -> Pos {
    for s in 0..16u8 {
        let c = pos.cells[s as usize];
        if c != EMPTY && pos.exit_possible(c, s) {
            pos.cells[s as usize] = EMPTY;
        }
    }
    pos
}

/// Moves of the component exploration from a lifted position (one no piece can leave): every
/// piece may move within ranks 1-2 (knights too), then every piece that can leave does so at
/// once. No pawn moves, no returns from the pool. `sink` gets the next position, lifted again,
/// and the move (its exits follow from [`lift_all`]). Whether a piece can leave depends only on
/// its own square and the pawns, so after a move only the moved piece can: the others stay.
fn component_moves(pos: &Pos, mut sink: impl FnMut(Pos, Step)) {
    for s in 0..16u8 {
        let c = pos.cells[s as usize];
        if c == EMPTY {
            continue;
        }
        model::flat_destinations(pos, c, s, |to| {
            let mut next = *pos;
            next.cells[s as usize] = EMPTY;
            if !next.exit_possible(c, to) {
                next.cells[to as usize] = c;
            }
            sink(next, Step::Move { from: s, to });
        });
    }
}

/// Names the cores of castled positions, exploring each component once: every position met in an
/// exploration is remembered with its component's name.
#[derive(Default)]
struct CoreCache {
    name_of: KeyMap<u128>,
    cores: KeyMap<Core>,
}

impl CoreCache {
    /// The name of the component containing `pos` (a placement).
    ///
    /// Pieces that can reach a way off ranks 1-2 are lifted one stage at a time: breadth-first
    /// over moves from the current position until some move lets a piece leave, then on from
    /// there. Removing a piece never hinders the others, so the pieces left when no move lifts
    /// anything are exactly the component's stuck pieces, and the positions of that last stage
    /// are its core. This finds the same core as exploring every position of the component, at
    /// a fraction of the cost: the explorations never carry pieces that are about to leave.
    /// Every position met is remembered with the name, and meeting a remembered one ends the
    /// search early.
    fn name(&mut self, pos: Pos) -> u128 {
        let mut at = lift_all_quiet(pos.placement());
        if let Some(&name) = self.name_of.get(&at.key()) {
            return name;
        }
        let mut met: Vec<u128> = Vec::new();
        let name = loop {
            let pieces = at.on_board();
            let mut stage = vec![at];
            let mut seen: KeySet = KeySet::default();
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
                    if let Some(&name) = self.name_of.get(&key) {
                        known = Some(name);
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
            met.extend(stage.iter().map(Pos::key));
            if let Some(name) = known {
                break name;
            }
            match lifted {
                Some(next) => at = next,
                None => {
                    // Nothing can leave any more: this stage is the core.
                    let mut members: Vec<u128> = stage.iter().map(Pos::key).collect();
                    members.sort_unstable();
                    let core = Core::from_members(members);
                    let name = core.name;
                    self.cores.insert(name, core);
                    break name;
                }
            }
        };
        for key in met {
            self.name_of.insert(key, name);
        }
        name
    }
}

impl Core {
    fn from_members(members: Vec<u128>) -> Core {
        let first = Pos::from_key(members[0]);
        let mut kinds_on_board = 0u8;
        let mut knight_files = 0u8;
        for s in 0..16u8 {
            let k = first.kind(s);
            if k != EMPTY {
                kinds_on_board |= 1 << k;
            }
            if k == KNIGHT && row_of(s) == 0 {
                knight_files |= 1 << file_of(s);
            }
        }
        Core {
            name: members[0],
            members,
            kinds_on_board,
            knight_files,
            pawns: first.pawns,
        }
    }
}

/// Explores the component of `start` (a placement) with eager lifting and returns its core and
/// the search tree (parent links, for paths to core members).
fn core_of(start: Pos) -> (Core, KeyMap<u128>) {
    let start = start.placement();
    let root = lift_all(start, &mut Vec::new());
    let mut parent: KeyMap<u128> = KeyMap::default();
    parent.insert(root.key(), start.key());
    let mut queue = VecDeque::from([root]);
    let mut best = usize::MAX;
    let mut members = Vec::new();
    while let Some(pos) = queue.pop_front() {
        let n = pos.on_board();
        if n < best {
            best = n;
            members.clear();
        }
        if n == best {
            members.push(pos.key());
        }
        component_moves(&pos, |next, _| {
            if let Entry::Vacant(v) = parent.entry(next.key()) {
                v.insert(pos.key());
                queue.push_back(next);
            }
        });
    }
    members.sort_unstable();
    (Core::from_members(members), parent)
}

/// The steps from `start` (a placement) to `target` inside a component explored by [`core_of`].
fn component_path(parent: &KeyMap<u128>, start: u128, target: u128) -> Vec<Step> {
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
    let root = lift_all(Pos::from_key(start), &mut first);
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
        moved.cells[to as usize] = moved.cells[from as usize];
        moved.cells[from as usize] = EMPTY;
        at = lift_all(moved, &mut steps);
        debug_assert_eq!(at.key(), next);
    }
    steps
}

/// The rules of the walking game towards `core`: nothing frozen, kinds the core lacks leave at
/// once, knights are placed only on the core's knight files, pawns go no further than the core's.
fn walking_rules(core: &Core) -> Rules {
    let all_kinds: u8 = (1 << 1) | (1 << 2) | (1 << 3) | (1 << 4) | (1 << 5);
    Rules {
        bound: 8,
        frozen: 0,
        eager: all_kinds & !core.kinds_on_board,
        knight_files: core.knight_files,
        pawn_limit: core.pawns,
    }
}

/// The walking game towards a core: castle-free games from the start, in normal form for this
/// target. Returns the steps to the first core member reached, or `None` when none is.
fn walk_to(arrangement: &Arrangement, core: &Core) -> Option<(u128, Vec<Step>)> {
    let rules = walking_rules(core);
    let targets: KeySet = core.members.iter().copied().collect();
    let mut parent: KeyMap<u128> = KeyMap::default();
    let mut queue = VecDeque::new();
    let mut root_steps: KeyMap<Vec<Step>> = KeyMap::default();
    for (p, steps) in roots(&rules, arrangement) {
        let key = p.key();
        if parent.insert(key, key).is_none() {
            queue.push_back(key);
            root_steps.insert(key, steps);
        }
    }
    // Positions are checked when first met rather than when their turn comes: the first target
    // met is the first one the queue would hand out, and the search ends a layer sooner.
    let is_target = |key: u128| targets.contains(&Pos::from_key(key).placement().key());
    let mut reached = queue.iter().copied().find(|&key| is_target(key));
    while reached.is_none() {
        let Some(key) = queue.pop_front() else { break };
        rules.successors(&Pos::from_key(key), &mut |next, _, _| {
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
        steps.extend(steps_between(
            &rules,
            &Pos::from_key(pair[0]),
            &Pos::from_key(pair[1]),
        ));
    }
    Some((Pos::from_key(end).placement().key(), steps))
}

/// Which of the arrangements in `from` (bits into `arrangements`) reach a member of `core` by
/// castle-free games: the walking game of [`walk_to`] played from all their starts at once, each
/// position carrying the set of arrangements that reach it, re-expanded when new ones arrive.
/// Only whether a walk exists is asked, so no parents are kept, and an arrangement is dropped
/// from the search as soon as it arrives. The answer for each arrangement is exactly whether
/// [`walk_to`] finds a walk; many arrangements of a group walk to the same castled core, and
/// their games soon meet, so one search for all of them does a fraction of the work.
fn walkable(arrangements: &[Arrangement], from: Group, core: &Core) -> Group {
    let rules = walking_rules(core);
    let targets: KeySet = core.members.iter().copied().collect();
    let is_target = |pos: &Pos| targets.contains(&pos.placement().key());
    let mut walk = SharedWalk::default();
    let mut left = from;
    while left != 0 {
        let i = left.trailing_zeros() as usize;
        left &= left - 1;
        for (p, _) in roots(&rules, &arrangements[i]) {
            walk.visit(&p, 1 << i, &is_target);
        }
    }
    while let Some(at) = walk.queue.pop_front() {
        if walk.arrived == from {
            break;
        }
        let bits = std::mem::take(&mut walk.waiting[at as usize]) & !walk.arrived;
        if bits == 0 {
            continue;
        }
        let pos = Pos::from_key(walk.keys[at as usize]);
        rules.successors(&pos, &mut |next, _, _| walk.visit(&next, bits, &is_target));
    }
    walk.arrived
}

/// The state of [`walkable`]: every position met, by index, with the arrangements that reached
/// it and those it still has to be expanded for, and the arrangements that have arrived.
#[derive(Default)]
struct SharedWalk {
    index: KeyMap<u32>,
    keys: Vec<u128>,
    reach: Vec<Group>,
    waiting: Vec<Group>,
    queue: VecDeque<u32>,
    arrived: Group,
}

impl SharedWalk {
    /// The arrangements of `bits` reach `pos`: those new to it have arrived if it is a target,
    /// and otherwise wait for it to be expanded for them.
    fn visit(&mut self, pos: &Pos, bits: Group, is_target: &impl Fn(&Pos) -> bool) {
        let key = pos.key();
        let at = *self.index.entry(key).or_insert_with(|| {
            self.keys.push(key);
            self.reach.push(0);
            self.waiting.push(0);
            self.keys.len() as u32 - 1
        }) as usize;
        let new = bits & !self.reach[at];
        if new == 0 {
            return;
        }
        self.reach[at] |= new;
        if is_target(pos) {
            self.arrived |= new;
            return;
        }
        if self.waiting[at] == 0 {
            self.queue.push_back(at as u32);
        }
        self.waiting[at] |= new;
    }
}

/// Undoes a sequence of steps: the steps that lead from its end back to `start`.
fn reversed(start: &Pos, steps: &[Step]) -> Vec<Step> {
    let mut pos = *start;
    let mut back = Vec::with_capacity(steps.len());
    for &step in steps {
        match step {
            Step::Move { from, to } => {
                back.push(Step::Move { from: to, to: from });
                pos.cells[to as usize] = pos.cells[from as usize];
                pos.cells[from as usize] = EMPTY;
            }
            Step::Exit { from } => {
                back.push(Step::Enter {
                    kind: pos.kind(from),
                    to: from,
                });
                pos.cells[from as usize] = EMPTY;
            }
            other => unreachable!("component paths hold moves and exits only, not {other:?}"),
        }
    }
    back.reverse();
    back
}

/// How a walkable castled core was shown walkable; `before` is the castling game's node of the
/// castle-legal position.
enum Walked {
    /// King and rook walk from the castle-legal position itself: both lie in one component.
    Locally { before: u32 },
    /// A walking search from the start reaches the core member `member`.
    Searched {
        before: u32,
        member: u128,
        steps: Vec<Step>,
    },
}

/// Decides a side that cannot castle without a pawn move, with at most `bound` files of pawns
/// moved.
pub fn analyse(arrangement: &Arrangement, side: Side, bound: usize) -> PawnOutcome {
    analyse_with(
        arrangement,
        side,
        bound,
        Pruning::AfterFirstCandidate,
        false,
    )
}

/// The same decision without the shortcut of [`crate::search::swap`]: every castled position is examined
/// one by one. The baseline of the benchmarks and a cross-check in the tests; the verdict and
/// the witness lines are the same as [`analyse`]'s, only [`PawnOutcome::cores`] is larger.
pub fn analyse_exhaustively(arrangement: &Arrangement, side: Side, bound: usize) -> PawnOutcome {
    analyse_with(arrangement, side, bound, Pruning::Never, false)
}

/// The witness of a side that [`decide_group`] found free of castled positions no walk reaches:
/// the search stops at the first castled position, which is the one [`analyse`] shows. Its
/// verdict is artificial-only (or not-within-bound when castling never becomes legal), unless
/// that first position turns out not to be walkable after all, which would contradict the group
/// search; the caller checks.
pub fn witness(arrangement: &Arrangement, side: Side, bound: usize) -> PawnOutcome {
    analyse_with(arrangement, side, bound, Pruning::AfterFirstCandidate, true)
}

fn analyse_with(
    arrangement: &Arrangement,
    side: Side,
    bound: usize,
    pruning: Pruning,
    first_only: bool,
) -> PawnOutcome {
    let path = arrangement.castling(side);
    let mut cache = CoreCache::default();
    let mut seen: KeySet = KeySet::default();

    let mut first_walked: Option<Walked> = None;
    let mut unwalkable: Option<u32> = None;
    let group = std::slice::from_ref(arrangement);
    let (tree, rules) = castling_game(group, side, bound, pruning, |before, pos, _| {
        let q = pos.placement();
        let castled = q.castled(path);
        let name = cache.name(castled);
        if !seen.insert(name) {
            return 0;
        }
        // The position before castling was reached without castling; if the castled one lies
        // in its component, king and rook walk there.
        let walked = if cache.name(q) == name {
            Walked::Locally { before }
        } else {
            match walk_to(arrangement, &cache.cores[&name]) {
                Some((member, steps)) => Walked::Searched {
                    before,
                    member,
                    steps,
                },
                None => {
                    unwalkable = Some(before);
                    return 1;
                }
            }
        };
        first_walked.get_or_insert(walked);
        first_only as Group
    });
    // The position of a node, without bookkeeping.
    let placement = |node: u32| tree.nodes[node as usize].pos().placement();
    let castle_path = |before: u32| -> Vec<Step> {
        let path = tree.path_to(before);
        let mut steps = roots(&rules, arrangement)
            .into_iter()
            .find(|(p, _)| *p == path[0])
            .map(|(_, s)| s)
            .expect("the path starts at a root");
        for pair in path.windows(2) {
            steps.extend(steps_between(&rules, &pair[0], &pair[1]));
        }
        steps
    };
    let cores = seen.len();
    if let Some(before) = unwalkable {
        let mut steps = castle_path(before);
        steps.push(Step::Castle(side));
        return PawnOutcome {
            verdict: Verdict::AfterPawnMove,
            castle_steps: steps,
            walk_steps: None,
            cores,
        };
    }
    let Some(walked) = first_walked else {
        return PawnOutcome {
            verdict: Verdict::NotWithinBound,
            castle_steps: Vec::new(),
            walk_steps: None,
            cores,
        };
    };
    let (castle_steps, walk_steps) = match walked {
        Walked::Locally { before } => {
            // Castle at `before`; or walk from `before` into the shared core and back out to
            // the castled placement.
            let q = placement(before);
            let castled = q.castled(path);
            let (core, q_tree) = core_of(q);
            let (_, c_tree) = core_of(castled);
            let prefix = castle_path(before);
            let mut castle = prefix.clone();
            castle.push(Step::Castle(side));
            let to_core = component_path(&c_tree, castled.key(), core.name);
            let mut walk = prefix;
            walk.extend(component_path(&q_tree, q.key(), core.name));
            walk.extend(reversed(&castled, &to_core));
            (castle, walk)
        }
        Walked::Searched {
            before,
            member,
            steps,
        } => {
            let castled = placement(before).castled(path);
            let (_, c_tree) = core_of(castled);
            let mut castle = castle_path(before);
            castle.push(Step::Castle(side));
            castle.extend(component_path(&c_tree, castled.key(), member));
            (castle, steps)
        }
    };
    PawnOutcome {
        verdict: Verdict::ArtificialOnly,
        castle_steps,
        walk_steps: Some(walk_steps),
        cores,
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
/// [`GROUP_SIZE`] of them at a time; component names are shared, and so are the walking
/// searches: when arrangements meet a castled core for the first time, one search
/// ([`walkable`]) answers for all of them. The verdicts are those of [`analyse`], found with a
/// fraction of the work; the witnesses come from [`analyse`] or [`witness`] afterwards.
pub fn decide_group(arrangements: &[Arrangement], side: Side, bound: usize) -> Vec<GroupDecision> {
    let mut cache = CoreCache::default();
    let mut decisions = Vec::with_capacity(arrangements.len());
    for chunk in arrangements.chunks(GROUP_SIZE) {
        let path = chunk[0].castling(side);
        let mut names: Vec<KeySet> = vec![KeySet::default(); chunk.len()];
        let mut unwalkable = vec![false; chunk.len()];
        castling_game(chunk, side, bound, Pruning::Always, |_, pos, bits| {
            let q = pos.placement();
            let castled = q.castled(path);
            let name = cache.name(castled);
            // Whether king and rook walk from the position before castling: asked only once
            // some arrangement meets this castled core for the first time.
            let mut local = None;
            let mut ask: Group = 0;
            let mut left = bits;
            while left != 0 {
                let i = left.trailing_zeros() as usize;
                left &= left - 1;
                if !names[i].insert(name) || *local.get_or_insert_with(|| cache.name(q) == name) {
                    continue;
                }
                ask |= 1 << i;
            }
            // Each arrangement asks about a core once, the first time it meets it (`names`).
            if ask == 0 {
                return 0;
            }
            let settled = ask & !walkable(chunk, ask, &cache.cores[&name]);
            let mut left = settled;
            while left != 0 {
                unwalkable[left.trailing_zeros() as usize] = true;
                left &= left - 1;
            }
            settled
        });
        decisions.extend(
            names
                .iter()
                .zip(&unwalkable)
                .map(|(names, &unwalkable)| GroupDecision {
                    unwalkable,
                    cores: names.len(),
                }),
        );
    }
    decisions
}

/// The pieces that can never leave ranks 1-2 again from `pos` without further pawn moves (the
/// pieces of its component's core), strongest first.
pub fn stuck_pieces(pos: &Pos) -> Vec<crate::chess::piece::Piece> {
    let (core, _) = core_of(*pos);
    let first = Pos::from_key(core.name);
    let mut kinds: Vec<u8> = (0..16u8)
        .map(|s| first.kind(s))
        .filter(|&k| k != EMPTY)
        .collect();
    kinds.sort_unstable();
    kinds.into_iter().map(model::piece_of).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::no_pawn;

    /// The lemma of [`crate::search::swap`] checked against the components themselves: in the castling
    /// game run in full (no shortcut), every castle-legal position in a structure the lemma calls
    /// safe lies in the same component as the position right after castling, so king and rook
    /// walk there. Each side of a spread of arrangements, with two and with three pawn files.
    #[test]
    fn castled_positions_in_safe_structures_are_walked_to() {
        let mut checked = 0;
        for (step, bound) in [(13, 2), (59, 3)] {
            for arrangement in Arrangement::all().step_by(step) {
                for side in Side::BOTH {
                    if no_pawn::search(&arrangement, side).is_some() {
                        continue;
                    }
                    let king = arrangement.king_file();
                    let rook = arrangement.rook_file(side);
                    let path = arrangement.castling(side);
                    let safe = SafeStructures::of(king, rook, side, bound);
                    let mut cache = CoreCache::default();
                    let group = std::slice::from_ref(&arrangement);
                    let (tree, _) = castling_game(group, side, bound, Pruning::Never, |_, _, _| 0);
                    for node in &tree.nodes {
                        let q = node.pos().placement();
                        if !safe.contains(&q.pawns) || !q.castling_open(path) {
                            continue;
                        }
                        let castled = q.castled(path);
                        assert_eq!(
                            cache.name(castled),
                            cache.name(q),
                            "SP {} {side:?}: {q:?} castles out of its component",
                            arrangement.sp()
                        );
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 10_000, "only {checked} castled positions checked");
    }

    /// Component moves look only at the moved piece, yet hand out exactly the position that
    /// making the move and then lifting every piece that can leave gives. Checked from the
    /// lifted placements of sampled castling games.
    #[test]
    fn component_moves_stay_lifted() {
        let mut checked = 0;
        for arrangement in Arrangement::all().step_by(61) {
            for side in Side::BOTH {
                let group = std::slice::from_ref(&arrangement);
                let (tree, _) = castling_game(group, side, 2, Pruning::Never, |_, _, _| 0);
                for node in tree.nodes.iter().step_by(7) {
                    let lifted = lift_all_quiet(node.pos().placement());
                    component_moves(&lifted, |next, step| {
                        // The move made plainly, then every piece that can leave lifted.
                        let Step::Move { from, to } = step else {
                            unreachable!("component moves are moves")
                        };
                        let mut plain = lifted;
                        plain.cells[to as usize] = plain.cells[from as usize];
                        plain.cells[from as usize] = EMPTY;
                        assert_eq!(next, lift_all_quiet(plain), "{step:?} from {lifted:?}");
                        checked += 1;
                    });
                }
            }
        }
        assert!(checked > 100_000, "only {checked} moves checked");
    }

    /// The shared walking search answers for each arrangement exactly what the walking search of
    /// that arrangement alone finds: for a dozen castled cores spread over those that the castling
    /// games of two groups meet with two pawn files, asked for all members at once and for
    /// subsets.
    #[test]
    fn shared_walks_answer_as_walks_alone() {
        let mut outcomes = [0usize; 2];
        for (side, king, rook) in [(Side::A, 4, 3), (Side::H, 3, 4)] {
            let members: Vec<Arrangement> = Arrangement::all()
                .filter(|a| a.king_file() == king && a.rook_file(side) == rook)
                .filter(|a| no_pawn::search(a, side).is_none())
                .take(GROUP_SIZE)
                .collect();
            let all: Group = Group::MAX >> (GROUP_SIZE - members.len());
            let path = members[0].castling(side);
            let mut cache = CoreCache::default();
            let mut names: Vec<u128> = Vec::new();
            castling_game(&members, side, 2, Pruning::Always, |_, pos, _| {
                let name = cache.name(pos.placement().castled(path));
                if !names.contains(&name) {
                    names.push(name);
                }
                0
            });
            for name in names.iter().step_by(names.len().div_ceil(12)) {
                let core = &cache.cores[name];
                let mut alone: Group = 0;
                for (i, a) in members.iter().enumerate() {
                    if walk_to(a, core).is_some() {
                        alone |= 1 << i;
                    }
                }
                assert_eq!(
                    walkable(&members, all, core),
                    alone,
                    "{side:?} core {name:x}"
                );
                // Every other member alone, and the odd ones together.
                let odd: Group = all & 0xAAAA_AAAA_AAAA_AAAA;
                assert_eq!(walkable(&members, odd, core), alone & odd);
                for i in (0..members.len()).step_by(2) {
                    assert_eq!(walkable(&members, 1 << i, core), alone & 1 << i);
                }
                outcomes[0] += (all & !alone).count_ones() as usize;
                outcomes[1] += alone.count_ones() as usize;
            }
        }
        assert!(
            outcomes[0] > 0 && outcomes[1] > 0,
            "both answers occur: {outcomes:?}"
        );
    }
}
