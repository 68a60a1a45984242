//! After a pawn move: is castling still required, or can king and rook walk there?
//!
//! For a side that cannot castle without a pawn move, three searches over the abstract model
//! (`crate::start::search::model`) decide between the verdicts *after-pawn-move* and *artificial-only*:
//!
//! 1. **The castling game** (`crate::start::search::castling_game`) explores every way to make castling legal with at most
//!    `Rules::bound` pawns moved, king and castling rook never moving, and collects the positions
//!    right after castling. A castled position reached again, by moves that avoid the king's and
//!    rook's destination squares, from an earlier moment where castling was already legal is
//!    *dominated*: castling at that earlier moment and playing the same moves afterwards reaches
//!    it, so it is walkable if the earlier one is. Only undominated ones are kept.
//! 2. **Components and cores** (`crate::start::search::components`). Within one pawn structure moves are reversible, so positions fall into
//!    components that are all reachable or all unreachable without castling. Each castled
//!    position is replaced by the positions of its component with every piece that can leave
//!    ranks 1-2 gone (the component's *core*), found by lifting pieces eagerly.
//! 3. **The walking game** (`crate::start::search::walking_game`) searches castle-free games from the start for a position of the core.
//!    Found: walkable. Not found after exhausting the (normal-form) search: the castled position
//!    requires castling, and the side is *after-pawn-move*.
//!
//! A side all of whose castled cores are walkable is *artificial-only*.
//!
//! Two things keep this fast. The lemma of [`crate::start::search::swap`] marks pawn structures in which king
//! and rook can always walk from the position before castling to the one after it; the castling
//! game does not go on into them. And the arrangements whose king and castling rook stand on the
//! same files play the same castling game from different starts, so [`decide_group`] searches
//! them together, each position carrying the set of arrangements that reach it. The witness of
//! each side is then found by the search of that arrangement alone ([`analyse`], [`witness`]),
//! which stops early.

use crate::chess::{Arrangement, CastlingPath, File, Geometry};
use crate::start::bound::PawnBound;
use crate::start::line::Line;
use crate::start::phases::{self, Phase};
use crate::start::search::castling_game::{
    GROUP_SIZE, Group, Pruning, Tree, castling_game, members,
};
pub use crate::start::search::components::stuck_pieces;
use crate::start::search::components::{CoreCache, component_path, component_tree_to, reversed};
use crate::start::search::hash::KeySet;
use crate::start::search::model::{self, BackRank, Pos, PosKey, Rules, Step};
use crate::start::search::once::OncePer;
use crate::start::search::realize::{RealizeError, realize};
use crate::start::search::walking_game::walk_to;
pub use crate::start::verdict::Verdict;
use std::collections::BTreeMap;
use std::sync::{Mutex, OnceLock};

/// The default bound on files with moved pawns: all eight, so every pawn structure White can
/// reach is searched (the safe structures of [`crate::start::search::swap`] make that affordable).
pub const DEFAULT_BOUND: PawnBound = PawnBound::ALL_EIGHT;

/// How many pawn structures White's pawns can make in the model: each file's pawn at home, on
/// rank 3, or beyond.
pub const PAWN_STRUCTURES: usize = model::STRUCTURES;

/// Which pawn structures a search with pawns moved on at most `bound` files covers: every
/// structure White can reach (all eight files, the default), or only those with fewer files.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PawnScope {
    /// Every pawn structure.
    EveryStructure,
    /// Pawns moved on at most this many files (an experiment's bound below eight).
    AtMostFiles(usize),
}

impl PawnScope {
    /// The scope of a search with pawns moved on at most `bound` files.
    pub fn of(bound: PawnBound) -> PawnScope {
        if bound >= PawnBound::ALL_EIGHT {
            PawnScope::EveryStructure
        } else {
            PawnScope::AtMostFiles(bound.files())
        }
    }
}

/// The scope in words, for headings: "every pawn structure", "pawns moved on at most 3 files".
impl std::fmt::Display for PawnScope {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PawnScope::EveryStructure => f.write_str("every pawn structure"),
            PawnScope::AtMostFiles(1) => f.write_str("pawns moved on at most 1 file"),
            PawnScope::AtMostFiles(n) => write!(f, "pawns moved on at most {n} files"),
        }
    }
}

/// The outcome for one side that needs a pawn move.
#[derive(Clone, Debug)]
pub struct PawnOutcome {
    /// The verdict.
    pub verdict: Verdict,
    /// The castling game of the witness, in model steps, ending with castling (and, for
    /// artificial-only, continuing to the position the walk reaches).
    pub(crate) castle_steps: Vec<Step>,
    /// For artificial-only: a castle-free game reaching the same position.
    pub(crate) walk_steps: Option<Vec<Step>>,
    /// How many castled cores were examined one by one (the search stops at the first one no
    /// castle-free game reaches; castled positions in safe structures are settled by the lemma
    /// of [`crate::start::search::swap`] instead).
    pub cores: usize,
}

impl PawnOutcome {
    /// On how many files the witness castling game moves pawns.
    pub fn pawn_files(&self) -> usize {
        let mut files = 0u8;
        for step in &self.castle_steps {
            if let Step::Push { file, .. } = step {
                files |= 1 << file;
            }
        }
        files.count_ones() as usize
    }
}

/// How a walkable castled core was shown walkable; `before` is the castling game's node of the
/// castle-legal position.
enum Walked {
    /// King and rook walk from the castle-legal position itself: both lie in one component.
    Locally { before: u32 },
    /// A walking search from the start reaches the core member `member`.
    Searched {
        before: u32,
        member: PosKey,
        steps: Vec<Step>,
    },
}

/// When the castling game of one arrangement ([`search`]) stops, and which walkable castled
/// cores it keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Until {
    /// At the first castled core no walk reaches; the first walkable one is kept.
    Unwalkable,
    /// Never: every castled core is examined and every walkable one kept.
    Exhausted,
}

/// What the castling game of one arrangement found: the castled cores shown walkable (the first
/// one only, unless the search ran [`Until::Exhausted`]), and the first one no walk reaches.
struct Findings<const F: usize> {
    tree: Tree<F>,
    rules: Rules<F>,
    walked: Vec<(PosKey, Walked)>,
    unwalkable: Option<u32>,
    cores: usize,
}

/// Decides a side that cannot castle without a pawn move, with at most `bound` files of pawns
/// moved: on the standard board (`path` a [`CastlingPath`]) or on ten files (a [`Geometry`]).
pub fn analyse<const F: usize>(
    arrangement: &impl BackRank<F>,
    path: impl Into<Geometry>,
    bound: PawnBound,
) -> PawnOutcome {
    analyse_with(
        arrangement,
        path.into(),
        bound,
        Pruning::AfterFirstCandidate,
        Until::Unwalkable,
    )
}

/// The same decision without the shortcut of [`crate::start::search::swap`]: every castled position is
/// examined one by one. The baseline of the benchmarks and a cross-check in the tests; the
/// verdict and the witness lines are the same as [`analyse`]'s, only [`PawnOutcome::cores`] is
/// larger.
pub fn analyse_exhaustively<const F: usize>(
    arrangement: &impl BackRank<F>,
    path: impl Into<Geometry>,
    bound: PawnBound,
) -> PawnOutcome {
    analyse_with(
        arrangement,
        path.into(),
        bound,
        Pruning::Never,
        Until::Unwalkable,
    )
}

/// The witness of a side that [`decide_group`] found free of castled positions no walk reaches:
/// the search stops at the first castled position, which is the one [`analyse`] shows. Its
/// verdict is artificial-only (or not-within-bound when castling never becomes legal), unless
/// that first position turns out not to be walkable after all, which would contradict the group
/// search; the caller checks.
///
/// The castling game stops at the first castle-legal position it meets after a pawn move, so
/// castlings with the same king, rook and squares to clear (free castling's several castlings
/// of one side) share it: a memo (`first_castle_legal`) finds it once for them all. What differs is
/// only the castled position and the walk to it.
pub fn witness<const F: usize>(
    arrangement: &impl BackRank<F>,
    path: impl Into<Geometry>,
    bound: PawnBound,
) -> PawnOutcome {
    let path = path.into();
    let Some(first) = first_castle_legal(arrangement, path, bound) else {
        return PawnOutcome {
            verdict: Verdict::NotWithinBound,
            castle_steps: Vec::new(),
            walk_steps: None,
            cores: 0,
        };
    };
    let q = Pos::<F>::from_key(first.before);
    let mut cache = CoreCache::default();
    let id = cache.id(q.castled(path));
    let searched = if cache.id(q) == id {
        None
    } else {
        match walk_to(arrangement, &cache.cores[&id]) {
            Some(found) => Some(found),
            None => {
                let mut castle_steps = first.steps.clone();
                castle_steps.push(Step::Castle(path));
                return PawnOutcome {
                    verdict: Verdict::AfterPawnMove,
                    castle_steps,
                    walk_steps: None,
                    cores: 1,
                };
            }
        }
    };
    let (castle_steps, walk_steps) = artificial_games(
        path,
        first.steps.clone(),
        q,
        id,
        searched
            .as_ref()
            .map(|(member, steps)| (*member, steps.as_slice())),
    );
    PawnOutcome {
        verdict: Verdict::ArtificialOnly,
        castle_steps,
        walk_steps: Some(walk_steps),
        cores: 1,
    }
}

/// The first castle-legal position after a pawn move that the castling game of `arrangement`
/// along `path` meets, with the model steps to it: the position [`witness`] castles from.
#[derive(Clone, Debug)]
struct FirstCastleLegal {
    steps: Vec<Step>,
    /// The castle-legal placement ([`Pos::key`], on either board width).
    before: PosKey,
}

/// [`FirstCastleLegal`] of `arrangement` along `path`, worked out once for every castling with
/// the same king, rook and squares to clear. Until the first castle-legal position the castling
/// game's course does not depend on where king and rook land: castling is legal in the same
/// positions, no position is dominated before castling is legal anywhere, and no structure is
/// left unexpanded before the first castled position (so the game without the lemma's pruning,
/// [`Pruning::Never`], goes exactly as [`witness`]'s [`Pruning::AfterFirstCandidate`] did).
fn first_castle_legal<const F: usize>(
    arrangement: &impl BackRank<F>,
    path: Geometry,
    bound: PawnBound,
) -> &'static Option<FirstCastleLegal> {
    type Key = (usize, u32, u8, u8, u16, PawnBound);
    static FIRST: Mutex<BTreeMap<Key, &'static OnceLock<Option<FirstCastleLegal>>>> =
        Mutex::new(BTreeMap::new());
    let key = (
        F,
        arrangement.number(),
        path.king,
        path.rook,
        path.clear_files(),
        bound,
    );
    FIRST.once_per(key, || {
        let group = std::slice::from_ref(arrangement);
        let mut first = None;
        let (tree, rules) = castling_game(group, path, bound, Pruning::Never, |before, _, _| {
            first.get_or_insert(before);
            1
        });
        first.map(|before| FirstCastleLegal {
            steps: castle_path(arrangement, &tree, &rules, before),
            before: tree.pos(before).placement().key(),
        })
    })
}

fn analyse_with<const F: usize>(
    arrangement: &impl BackRank<F>,
    path: Geometry,
    bound: PawnBound,
    pruning: Pruning,
    until: Until,
) -> PawnOutcome {
    let findings = search(arrangement, path, bound, pruning, until);
    let lines = Lines {
        arrangement,
        path,
        findings: &findings,
    };
    let cores = findings.cores;
    if let Some(before) = findings.unwalkable {
        let mut steps = lines.castle_path(before);
        steps.push(Step::Castle(path));
        return PawnOutcome {
            verdict: Verdict::AfterPawnMove,
            castle_steps: steps,
            walk_steps: None,
            cores,
        };
    }
    let Some((core, walked)) = findings.walked.first() else {
        return PawnOutcome {
            verdict: Verdict::NotWithinBound,
            castle_steps: Vec::new(),
            walk_steps: None,
            cores,
        };
    };
    let (castle_steps, walk_steps) = lines.artificial(*core, walked);
    PawnOutcome {
        verdict: Verdict::ArtificialOnly,
        castle_steps,
        walk_steps: Some(walk_steps),
        cores,
    }
}

/// Plays the castling game of one arrangement, examining each castled core as it is met: walked
/// to from the position before castling (same component), or by a walking search from the
/// start. `until` says when the search stops and which walkable cores it keeps.
fn search<const F: usize>(
    arrangement: &impl BackRank<F>,
    path: Geometry,
    bound: PawnBound,
    pruning: Pruning,
    until: Until,
) -> Findings<F> {
    let mut cache = CoreCache::<F>::default();
    let mut seen: KeySet = KeySet::default();
    let mut walked_cores: Vec<(PosKey, Walked)> = Vec::new();
    let mut unwalkable: Option<u32> = None;
    let group = std::slice::from_ref(arrangement);
    let (tree, rules) = castling_game(group, path, bound, pruning, |before, pos, _| {
        let q = pos.placement();
        let id = cache.id(q.castled(path));
        if !seen.insert(id) {
            return 0;
        }
        // The position before castling was reached without castling; if the castled one lies
        // in its component, king and rook walk there.
        let walked = if cache.id(q) == id {
            Walked::Locally { before }
        } else {
            match walk_to(arrangement, &cache.cores[&id]) {
                Some((member, steps)) => Walked::Searched {
                    before,
                    member,
                    steps,
                },
                None => {
                    unwalkable.get_or_insert(before);
                    return (until != Until::Exhausted) as Group;
                }
            }
        };
        if walked_cores.is_empty() || until == Until::Exhausted {
            walked_cores.push((id, walked));
        }
        0
    });
    Findings {
        tree,
        rules,
        walked: walked_cores,
        unwalkable,
        cores: seen.len(),
    }
}

/// One walkable castled position met by the castling game of an arrangement, with the two model
/// lines that show it walkable: both are games from the start ending in the same placement, one
/// castling, one not. Realized as real games ([`crate::start::search::realize`]) and replayed, they
/// check the pool assumption of the model on that position (see [`castled_walks`]).
#[derive(Clone, Debug)]
pub struct CastledWalk {
    /// The id of the castled position's core (its smallest member's key); positions of one
    /// component share it, whatever the arrangement.
    core: PosKey,
    /// Whether king and rook walk there from the position before castling (both lie in one
    /// component), rather than by a walking search from the start.
    pub local: bool,
    /// The castling game: pawn and piece moves until castling is legal, castling, then moves
    /// within the castled position's component to the placement the walk reaches.
    castle_steps: Vec<Step>,
    /// A castle-free game from the start to the same placement.
    walk_steps: Vec<Step>,
}

/// Which castled core a [`CastledWalk`] reaches: equal for positions of one component, whatever
/// the arrangement, so that a sample can count distinct cores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CoreId(PosKey);

impl CastledWalk {
    /// The castled core this walk reaches.
    pub fn core(&self) -> CoreId {
        CoreId(self.core)
    }

    /// The castling game as a real game (pooled pieces parked on fixed squares at the end).
    pub fn castle_game(&self, arrangement: &Arrangement) -> Result<Line, RealizeError> {
        realize(arrangement, &self.castle_steps, true)
    }

    /// The castle-free game as a real game, ending in the castling game's placement.
    pub fn walk_game(&self, arrangement: &Arrangement) -> Result<Line, RealizeError> {
        realize(arrangement, &self.walk_steps, true)
    }

    /// The pawn structure the castling game ends with, as squares: "b3" for a pawn that made
    /// one step, "c4+" for one that went further (realized on rank 5).
    pub fn pawn_structure(&self) -> String {
        let mut states = [model::HOME; 8];
        for step in &self.castle_steps {
            if let Step::Push { file, to } = *step {
                states[file as usize] = to;
            }
        }
        (File::ALL.into_iter().zip(states))
            .filter_map(|(file, state)| match state {
                model::THIRD => Some(format!("{file}3")),
                model::BEYOND => Some(format!("{file}4+")),
                _ => None,
            })
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// Every walkable castled core that the castling game of one arrangement examines, as the model
/// lines of a castling game and of a castle-free game reaching the same placement, handed to
/// `each` one at a time; returns how many distinct castled cores were examined (the walkable
/// ones handed on, and any no walk reaches).
///
/// Why: the verdict artificial-only rests on exhaustive search in the model, which assumes that
/// a piece beyond rank 2 (in the pool) can always travel to wherever it leaves the pool. The
/// witness of a side realizes one castled position as real games; this hands out all of them,
/// so that tests can realize and replay far more and catch any place where pawns on ranks 3-4
/// wall a piece in. The search is the one [`decide_group`] uses to decide verdicts
/// (`Pruning::Always`: castled positions in structures the lemma of [`crate::start::search::swap`]
/// settles are not examined one by one), run to the end rather than stopping at the first core
/// no walk reaches, with a walking search of this arrangement alone for each core. Cores met
/// again are not handed out twice. (`each` is a trait object so that the searches are compiled
/// once, here, rather than again in each caller's crate: see
/// [`crate::start::analysis::analyse_all_with`].)
pub fn castled_walks(
    arrangement: &Arrangement,
    path: CastlingPath,
    bound: PawnBound,
    each: &mut dyn FnMut(CastledWalk),
) -> usize {
    let path = path.geometry();
    let findings = search(arrangement, path, bound, Pruning::Always, Until::Exhausted);
    let lines = Lines {
        arrangement,
        path,
        findings: &findings,
    };
    for (core, walked) in &findings.walked {
        let (castle_steps, walk_steps) = lines.artificial(*core, walked);
        each(CastledWalk {
            core: *core,
            local: matches!(walked, Walked::Locally { .. }),
            castle_steps,
            walk_steps,
        });
    }
    findings.cores
}

/// Turns what the search found into the model lines of the witness games.
struct Lines<'a, const F: usize, A> {
    arrangement: &'a A,
    path: Geometry,
    findings: &'a Findings<F>,
}

impl<const F: usize, A: BackRank<F>> Lines<'_, F, A> {
    /// The steps of the castling game from the start to node `before`.
    fn castle_path(&self, before: u32) -> Vec<Step> {
        let Findings { tree, rules, .. } = self.findings;
        castle_path(self.arrangement, tree, rules, before)
    }

    /// The castling game and the castle-free game of an artificial-only side, ending in the same
    /// placement; `core` is the castled position's core ([`CoreCache::id`]).
    fn artificial(&self, core: PosKey, walked: &Walked) -> (Vec<Step>, Vec<Step>) {
        let placement = |node: u32| self.findings.tree.pos(node).placement();
        let (before, searched) = match walked {
            &Walked::Locally { before } => (before, None),
            Walked::Searched {
                before,
                member,
                steps,
            } => (*before, Some((*member, steps.as_slice()))),
        };
        artificial_games(
            self.path,
            self.castle_path(before),
            placement(before),
            core,
            searched,
        )
    }
}

/// The steps of a castling game from the start of `arrangement` to node `before` of its tree.
fn castle_path<const F: usize>(
    arrangement: &impl BackRank<F>,
    tree: &Tree<F>,
    rules: &Rules<F>,
    before: u32,
) -> Vec<Step> {
    let path = tree.path_to(before);
    let mut steps = rules
        .roots(arrangement)
        .into_iter()
        .find(|(p, _)| *p == path[0])
        .map(|(_, s)| s)
        .expect("the path starts at a root");
    for pair in path.windows(2) {
        steps.extend(rules.steps_between(&pair[0], &pair[1]));
    }
    steps
}

/// The castling game and the castle-free game of an artificial-only castling along `path`,
/// ending in the same placement: `prefix` leads from the start to the castle-legal placement
/// `q`, whose castled position (with core `core`, [`CoreCache::id`]) lies in its component
/// (`searched` is `None`) or was reached by a walking search from the start (the core member it
/// reached, and the walk's steps).
fn artificial_games<const F: usize>(
    path: Geometry,
    prefix: Vec<Step>,
    q: Pos<F>,
    core: PosKey,
    searched: Option<(PosKey, &[Step])>,
) -> (Vec<Step>, Vec<Step>) {
    let castled = q.castled(path);
    let mut castle = prefix.clone();
    castle.push(Step::Castle(path));
    match searched {
        None => {
            // Castle at `q`; or walk from `q` into the shared core and back out to the castled
            // placement.
            let to_core =
                component_path::<F>(&component_tree_to(castled, core), castled.key(), core);
            let mut walk = prefix;
            walk.extend(component_path::<F>(
                &component_tree_to(q, core),
                q.key(),
                core,
            ));
            walk.extend(reversed(&castled, &to_core));
            (castle, walk)
        }
        Some((member, steps)) => {
            castle.extend(component_path::<F>(
                &component_tree_to(castled, member),
                castled.key(),
                member,
            ));
            (castle, steps.to_vec())
        }
    }
}

/// The witness of one castling that [`decide_group`] has decided: searched alone, stopping at
/// its first castled position (for an after-pawn-move side: at the first one no walk reaches),
/// the same one a single arrangement's analysis shows. The count of cores is the group
/// search's. Both halves that decide groups (the 960 arrangements and the CRC arrays) take
/// their witnesses here.
pub fn decided_witness<const F: usize>(
    back_rank: &impl BackRank<F>,
    path: impl Into<Geometry>,
    bound: PawnBound,
    decision: GroupDecision,
) -> PawnOutcome {
    let path = path.into();
    phases::timed(Phase::Witnesses, || {
        witness_of(back_rank, path, bound, decision)
    })
}

/// [`decided_witness`], untimed.
fn witness_of<const F: usize>(
    back_rank: &impl BackRank<F>,
    path: Geometry,
    bound: PawnBound,
    decision: GroupDecision,
) -> PawnOutcome {
    let outcome = if decision.unwalkable {
        analyse(back_rank, path, bound)
    } else {
        witness(back_rank, path, bound)
    };
    assert_eq!(
        outcome.verdict == Verdict::AfterPawnMove,
        decision.unwalkable,
        "back rank {} {:?}: the group search and the search alone disagree",
        back_rank.number(),
        path.side
    );
    PawnOutcome {
        cores: decision.cores,
        ..outcome
    }
}

mod group;
mod shared;
use group::{CoresMet, decide};
pub use group::{GroupDecision, decide_group, recount_group};
pub use shared::{GroupToDecide, decide_groups};

#[cfg(test)]
mod tests;
