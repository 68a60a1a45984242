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
use std::collections::{HashMap, HashSet, VecDeque};
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
        self.0
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
        self.0 ^= self.0 >> 29;
    }
}

type KeyMap<V> = HashMap<u128, V, BuildHasherDefault<KeyHasher>>;
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

/// Breadth-first search with parent links, over keys that may carry a flag in bit 127.
struct Tree {
    parent: KeyMap<u128>,
}

const TAINT: u128 = 1 << 127;

impl Tree {
    fn new() -> Tree {
        Tree {
            parent: KeyMap::default(),
        }
    }

    /// The keys from a root to `key`, root first.
    fn path_to(&self, key: u128) -> Vec<u128> {
        let mut path = vec![key];
        let mut at = key;
        while let Some(&p) = self.parent.get(&at) {
            if p == at {
                break;
            }
            path.push(p);
            at = p;
        }
        path.reverse();
        path
    }
}

/// The steps leading from `from` to `to` under `rules` (one transition of the search).
fn steps_between(rules: &Rules, from: &Pos, to: u128, filter: impl Fn(u16) -> bool) -> Vec<Step> {
    let mut found = None;
    rules.successors(from, &mut |next, steps, touched| {
        if found.is_none() && next.key() == to && filter(touched) {
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

/// The castling game: breadth-first over normal-form positions with king and castling rook
/// frozen. Every castle-legal position reached *clean* (not dominated, see the module docs) is
/// handed to `on_candidate`, in order of discovery; the search stops early if it returns `true`.
fn castling_game(
    arrangement: &Arrangement,
    side: Side,
    bound: usize,
    mut on_candidate: impl FnMut(&Tree, u128) -> bool,
) -> (Tree, Rules) {
    let rules = castling_rules(arrangement, side, bound);
    let king = arrangement.king_file();
    let rook = arrangement.rook_file(side);
    let destinations: u16 = (1 << side.king_to()) | (1 << side.rook_to());
    let mut tree = Tree::new();
    let mut queue = VecDeque::new();
    // Subsumption: a position whose committed pieces are a subset of another's, at most as
    // tainted, can do everything the other can (an uncommitted piece may still commit). Per
    // placement, the (committed set, taint) pairs already queued.
    let mut variants: KeyMap<Vec<(u16, bool)>> = KeyMap::default();
    let mut admit = |key: u128, parent: u128, tree: &mut Tree, queue: &mut VecDeque<u128>| {
        let tainted = key & TAINT != 0;
        // Committed flags sit in bit 3 of each cell's nibble (knights' too, but a knight on the
        // board is always committed, so that bit never differs between variants).
        let flags = (key as u64) & 0x8888_8888_8888_8888;
        let committed = (0..16).fold(0u16, |m, i| m | (((flags >> (4 * i + 3)) & 1) as u16) << i);
        let placement = key & !(TAINT | flags as u128);
        let known = variants.entry(placement).or_default();
        if known
            .iter()
            .any(|&(m, t)| m & !committed == 0 && (!t || tainted))
        {
            return;
        }
        known.push((committed, tainted));
        tree.parent.insert(key, parent);
        queue.push_back(key);
    };
    for (p, _) in roots(&rules, arrangement) {
        admit(p.key(), p.key(), &mut tree, &mut queue);
    }
    while let Some(key) = queue.pop_front() {
        let tainted = key & TAINT != 0;
        let pos = Pos::from_key(key & !TAINT);
        let open = pos.castling_open(king, rook, side);
        if open && !tainted && pos.moved_files() > 0 && on_candidate(&tree, key) {
            break;
        }
        let mut next_keys: Vec<u128> = Vec::new();
        rules.successors(&pos, &mut |next, _, touched| {
            // Moves after castling became legal that avoid the destination squares lead only to
            // dominated castled positions; they are explored (a later move may use the
            // destinations) but marked.
            let next_tainted = (open || tainted) && touched & destinations == 0;
            next_keys.push(next.key() | if next_tainted { TAINT } else { 0 });
        });
        for next in next_keys {
            admit(next, key, &mut tree, &mut queue);
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
    /// The core of the component containing `pos` (a placement). Explores from `pos` only until
    /// it meets a position of a component explored before; a component met for the first time
    /// is explored in full.
    fn core(&mut self, pos: Pos) -> &Core {
        let root = lift_all_quiet(pos.placement());
        let name = match self.name_of.get(&root.key()) {
            Some(&name) => name,
            None => {
                let mut visited: Vec<u128> = vec![root.key()];
                let mut seen: KeySet = KeySet::default();
                seen.insert(root.key());
                let mut queue = VecDeque::from([root]);
                let mut known = None;
                'explore: while let Some(at) = queue.pop_front() {
                    let mut hit = None;
                    component_moves(&at, |next, _| {
                        if hit.is_some() {
                            return;
                        }
                        let key = next.key();
                        if let Some(&name) = self.name_of.get(&key) {
                            hit = Some(name);
                        } else if seen.insert(key) {
                            visited.push(key);
                            queue.push_back(next);
                        }
                    });
                    if hit.is_some() {
                        known = hit;
                        break 'explore;
                    }
                }
                let name = match known {
                    Some(name) => name,
                    None => {
                        // A new component, now explored in full: its core is the set of its
                        // positions with the fewest pieces on ranks 1-2.
                        let fewest = visited
                            .iter()
                            .map(|&k| Pos::from_key(k).on_board())
                            .min()
                            .unwrap();
                        let mut members: Vec<u128> = visited
                            .iter()
                            .copied()
                            .filter(|&k| Pos::from_key(k).on_board() == fewest)
                            .collect();
                        members.sort_unstable();
                        let core = Core::from_members(members);
                        let name = core.name;
                        self.cores.insert(name, core);
                        name
                    }
                };
                for key in visited {
                    self.name_of.insert(key, name);
                }
                name
            }
        };
        &self.cores[&name]
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
            pair[1],
            |_| true,
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

/// How a walkable castled core was shown walkable.
enum Walked {
    /// King and rook walk from the castle-legal position itself: both lie in one component.
    Locally { before: u128 },
    /// A walking search from the start reaches the core member `member`.
    Searched {
        before: u128,
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
    let mut unwalkable: Option<u128> = None;
    let (tree, rules) = castling_game(arrangement, side, bound, |_, before| {
        let q = Pos::from_key(before & !TAINT).placement();
        let castled = q.castled(king, rook, side);
        let core = cache.core(castled).clone();
        if !seen.insert(core.name) {
            return false;
        }
        // The position before castling was reached without castling; if the castled one lies
        // in its component, king and rook walk there.
        let walked = if cache.core(q).name == core.name {
            Walked::Locally { before }
        } else {
            match walk_to(arrangement, &core) {
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
    let castle_path = |before: u128| -> Vec<Step> {
        let keys = tree.path_to(before);
        let mut steps = roots(&rules, arrangement)
            .into_iter()
            .find(|(p, _)| p.key() == keys[0])
            .map(|(_, s)| s)
            .expect("the path starts at a root");
        for pair in keys.windows(2) {
            let from = Pos::from_key(pair[0] & !TAINT);
            steps.extend(steps_between(&rules, &from, pair[1] & !TAINT, |_| true));
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
            let q = Pos::from_key(before & !TAINT).placement();
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
            let castled = Pos::from_key(before & !TAINT).castled(king, rook, side);
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
