//! After a pawn move: is castling still required, or can king and rook walk there?
//!
//! For a side that cannot castle without a pawn move, three searches over the abstract model
//! ([`crate::model`]) decide between the verdicts *after-pawn-move* and *artificial-only*:
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

use crate::arrangement::Arrangement;
use crate::model::{self, EMPTY, KNIGHT, Pos, Rules, Step, file_of, row_of, sq};
use crate::side::Side;
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

type KeyMap<V> = HashMap<u128, V, BuildHasherDefault<KeyHasher>>;
type KeyMap64<V> = HashMap<u64, V, BuildHasherDefault<KeyHasher>>;
type KeySet = HashSet<u128, BuildHasherDefault<KeyHasher>>;

/// The verdict on one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// Some sequence of non-pawn moves makes this castling legal.
    NoPawnMove,
    /// Castling becomes legal only after pawn moves, and some castled position is reachable by no
    /// castle-free game.
    AfterPawnMove,
    /// Castling becomes legal after pawn moves, and every castled position is also reachable by
    /// walking king and rook there.
    ArtificialOnly,
    /// Castling never becomes legal within the pawn-move bound.
    NotWithinBound,
}

impl Verdict {
    pub const fn as_str(self) -> &'static str {
        match self {
            Verdict::NoPawnMove => "no-pawn-move",
            Verdict::AfterPawnMove => "after-pawn-move",
            Verdict::ArtificialOnly => "artificial-only",
            Verdict::NotWithinBound => "not-within-bound",
        }
    }
}

/// The outcome for one side that needs a pawn move.
#[derive(Clone, Debug)]
pub struct PawnOutcome {
    pub verdict: Verdict,
    /// The castling game of the witness, in model steps, ending with castling (and, for
    /// artificial-only, continuing to the position the walk reaches).
    pub castle_steps: Vec<Step>,
    /// For artificial-only: a castle-free game reaching the same position.
    pub walk_steps: Option<Vec<Step>>,
    /// How many undominated castled cores were examined (the search stops at the first one no
    /// castle-free game reaches).
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

/// The (committed set, taint) variants of one placement admitted to the castling game, each
/// packed as `committed | taint << 16`: the first inline, any further ones (rare) in an overflow
/// list, so that the visited table stays small.
#[derive(Clone, Copy)]
struct Variants {
    first: u32,
    /// Index + 1 into the overflow lists, 0 for none.
    more: u32,
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

/// The number of pawn structures: each file's pawn is home, on rank 3 or beyond.
const STRUCTURES: usize = 6561;

/// A pawn structure's index below [`STRUCTURES`] (base 3, a digit a file).
fn structure_index(pos: &Pos) -> usize {
    pos.pawns.iter().fold(0, |code, &p| code * 3 + p as usize)
}

/// How far the pawns have advanced in all: every pawn move raises it.
fn advancement(pos: &Pos) -> u8 {
    pos.pawns.iter().sum()
}

/// The castling game: an exhaustive search over normal-form positions with king and castling
/// rook frozen. Every castle-legal position reached *clean* (not dominated, see the module docs)
/// is handed to `on_candidate` with its node index; the search stops early if it returns `true`.
///
/// The search goes one pawn structure at a time, breadth-first within it: pawn moves are the
/// only moves that change the structure and they never go back, so taking structures in order of
/// how far the pawns have advanced finishes each before anything can lead into it. Each
/// structure has its own small visited table, which stays in cache while its positions are
/// expanded; one table for the whole game spent most of the time waiting on memory.
fn castling_game(
    arrangement: &Arrangement,
    side: Side,
    bound: usize,
    mut on_candidate: impl FnMut(u32, &Pos) -> bool,
) -> (Tree, Rules) {
    let rules = castling_rules(arrangement, side, bound);
    let king = arrangement.king_file();
    let rook = arrangement.rook_file(side);
    let destinations: u16 = (1 << side.king_to()) | (1 << side.rook_to());
    let mut tree = Tree { nodes: Vec::new() };
    // Subsumption: per placement, the variants already admitted; a new variant is admitted only
    // if none of them subsumes it. One table per pawn structure, created when first needed.
    let mut tables: Vec<KeyMap64<Variants>> = Vec::new();
    let mut table_of: Vec<u32> = vec![u32::MAX; STRUCTURES];
    let mut overflow: Vec<Vec<u32>> = Vec::new();
    let mut admit = |pos: &Pos, tainted: bool, parent: Option<u32>, tree: &mut Tree| -> bool {
        let structure = structure_index(pos);
        if table_of[structure] == u32::MAX {
            table_of[structure] = tables.len() as u32;
            tables.push(KeyMap64::default());
        }
        let table = &mut tables[table_of[structure] as usize];
        let (placement, committed) = pos.packed();
        let variant = committed as u32 | (tainted as u32) << 16;
        match table.entry(placement) {
            Entry::Vacant(slot) => {
                slot.insert(Variants {
                    first: variant,
                    more: 0,
                });
            }
            Entry::Occupied(mut slot) => {
                let known = slot.get_mut();
                let more: &[u32] = match known.more {
                    0 => &[],
                    i => &overflow[i as usize - 1],
                };
                if subsumes(known.first, variant) || more.iter().any(|&w| subsumes(w, variant)) {
                    return false;
                }
                if known.more == 0 {
                    overflow.push(Vec::new());
                    known.more = overflow.len() as u32;
                }
                overflow[known.more as usize - 1].push(variant);
            }
        }
        let index = tree.nodes.len() as u32;
        tree.nodes.push(Node {
            placement,
            committed,
            tainted,
            parent: parent.unwrap_or(index),
        });
        true
    };
    // Nodes waiting for their structure's turn, by (advancement, structure).
    let mut pending: BTreeMap<(u8, usize), Vec<u32>> = BTreeMap::new();
    for (p, _) in roots(&rules, arrangement) {
        if admit(&p, false, None, &mut tree) {
            let index = tree.nodes.len() as u32 - 1;
            pending
                .entry((advancement(&p), structure_index(&p)))
                .or_default()
                .push(index);
        }
    }
    let mut next_positions: Vec<(Pos, bool)> = Vec::new();
    'structures: while let Some(((_, structure), mut queue)) = pending.pop_first() {
        let mut cursor = 0;
        while let Some(&index) = queue.get(cursor) {
            cursor += 1;
            let node = tree.nodes[index as usize];
            let pos = node.pos();
            let open = pos.castling_open(king, rook, side);
            if open && !node.tainted && pos.moved_files() > 0 && on_candidate(index, &pos) {
                break 'structures;
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
                if admit(&next, next_tainted, Some(index), &mut tree) {
                    let added = tree.nodes.len() as u32 - 1;
                    let s = structure_index(&next);
                    if s == structure {
                        queue.push(added);
                    } else {
                        pending
                            .entry((advancement(&next), s))
                            .or_default()
                            .push(added);
                    }
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

/// The same without recording: the hot path of component exploration.
fn lift_all_quiet(mut pos: Pos) -> Pos {
    for s in 0..16u8 {
        let c = pos.cells[s as usize];
        if c != EMPTY && pos.exit_possible(c, s) {
            pos.cells[s as usize] = EMPTY;
        }
    }
    pos
}

/// Moves of the component exploration: every piece may move within ranks 1-2 (knights too),
/// then every piece that can leave does so at once. No pawn moves, no returns from the pool.
/// `sink` gets the next position and the move (its exits follow from [`lift_all`]).
fn component_moves(pos: &Pos, mut sink: impl FnMut(Pos, Step)) {
    for s in 0..16u8 {
        let c = pos.cells[s as usize];
        if c == EMPTY {
            continue;
        }
        model::flat_destinations(pos, c, s, |to| {
            let mut next = *pos;
            next.cells[to as usize] = c;
            next.cells[s as usize] = EMPTY;
            sink(lift_all_quiet(next), Step::Move { from: s, to });
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

/// The walking game towards a core: castle-free games from the start, in normal form for this
/// target. Returns the steps to the first core member reached, or `None` when none is.
fn walk_to(arrangement: &Arrangement, core: &Core) -> Option<(u128, Vec<Step>)> {
    let all_kinds: u8 = (1 << 1) | (1 << 2) | (1 << 3) | (1 << 4) | (1 << 5);
    let rules = Rules {
        bound: 8,
        frozen: 0,
        eager: all_kinds & !core.kinds_on_board,
        knight_files: core.knight_files,
        pawn_limit: core.pawns,
    };
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
    let mut reached = None;
    'search: while let Some(key) = queue.pop_front() {
        let pos = Pos::from_key(key);
        if targets.contains(&pos.placement().key()) {
            reached = Some(key);
            break 'search;
        }
        rules.successors(&pos, &mut |next, _, _| {
            if let Entry::Vacant(v) = parent.entry(next.key()) {
                v.insert(key);
                queue.push_back(next.key());
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
    let king = arrangement.king_file();
    let rook = arrangement.rook_file(side);
    let mut cache = CoreCache::default();
    let mut seen: KeySet = KeySet::default();

    let mut first_walked: Option<Walked> = None;
    let mut unwalkable: Option<u32> = None;
    let (tree, rules) = castling_game(arrangement, side, bound, |before, pos| {
        let q = pos.placement();
        let castled = q.castled(king, rook, side);
        let name = cache.name(castled);
        if !seen.insert(name) {
            return false;
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
                    return true;
                }
            }
        };
        first_walked.get_or_insert(walked);
        false
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
            let castled = q.castled(king, rook, side);
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
            let castled = placement(before).castled(king, rook, side);
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

/// The pieces that can never leave ranks 1-2 again from `pos` without further pawn moves (the
/// pieces of its component's core), strongest first.
pub fn stuck_pieces(pos: &Pos) -> Vec<crate::piece::Piece> {
    let (core, _) = core_of(*pos);
    let first = Pos::from_key(core.name);
    let mut kinds: Vec<u8> = (0..16u8)
        .map(|s| first.kind(s))
        .filter(|&k| k != EMPTY)
        .collect();
    kinds.sort_unstable();
    kinds.into_iter().map(model::piece_of).collect()
}
