//! Everything castle960 works out about one arrangement, computed once and shared by the report,
//! the analysis document and the `show` command.

pub mod disagreement;
pub mod groups;
pub mod mirror;
pub mod shared;
pub mod tally;

pub use groups::{Group, GroupKey};
pub use shared::Analyser;
pub use tally::Tally;

use crate::chess::{Arrangement, ByCastlingSide, CastlingPath, CastlingSide};
use crate::start::board::WhiteBoard;
use crate::start::bound::PawnBound;
use crate::start::line::Line;
use crate::start::phases::{self, Phase};
use crate::start::questions::Answers;
use crate::start::questions::fewest_any::Fewest;
use crate::start::rule::{self, RuleCase};
use crate::start::search::no_pawn;
use crate::start::search::pawn::{self, Verdict};
use crate::start::search::realize;
use crate::start::search::shortest;
use crate::start::search::swap;
use rayon::prelude::*;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The verdict on one side with the games that back it, as real moves.
#[derive(Clone, Debug)]
pub struct SideVerdict {
    /// The side's verdict by search.
    pub verdict: Verdict,
    /// A castling game. No-pawn-move: the shortest line. After-pawn-move: the fewest moves
    /// into a castled position the search shows no castle-free game reaches (see
    /// [`shortest::castle_into`]), ending with castling. Artificial-only: where any castled
    /// position serves, the shortest castling game of all (the fewest moves before castling with
    /// pawn moves allowed, [`crate::start::questions::fewest_any`]), ending with castling (with
    /// a bound on the pawn files that game may exceed, the fewest moves into the witness's
    /// castled position instead). [`SideVerdict::games`] says which; when an exact search gave
    /// up ([`Games::NotProvedShortest`]), the search's own witness, round trips removed (for
    /// artificial-only continuing to the placement its walk reaches).
    pub castle_line: Line,
    /// For artificial-only: a castle-free game reaching the castling game's placement; the
    /// shortest one ([`shortest::walk_to`]) unless [`SideVerdict::games`] says otherwise.
    pub walk_line: Option<Line>,
    /// Whether the games are the shortest ones described above.
    pub games: Games,
    /// How many castled cores the group search ([`pawn::decide_group`]) examined one by one
    /// for this arrangement: the distinct cores of the castled positions it meets outside the
    /// pawn structures the swap lemma settles, up to the first core no castle-free game reaches
    /// (for after-pawn-move) or all of them (for artificial-only); 0 for no-pawn-move. The
    /// count does not depend on which other arrangements share the group search (checked for
    /// all 1,381 sides when this was written: searched alone, each gives the same count), so a
    /// single [`Analysis::new`] reports the same count as the report.
    pub cores: usize,
    /// Set if a model line could not be turned into a real game (a defect the tests catch).
    pub realize_error: Option<realize::RealizeError>,
    /// For sides that need a pawn move: how many pawn structures the swap lemma settles for the
    /// side's castling group (see [`GroupKey`]) within the bound.
    pub safe_structures: Option<usize>,
    /// The verdict with one file fewer allowed for pawn moves (the bound minus one), to show
    /// whether the bound matters; `None` when the bound is 1.
    pub verdict_one_file_fewer: Option<Verdict>,
}

/// How a side's games were chosen (see [`SideVerdict::castle_line`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Games {
    /// The shortest castling game of all (no-pawn-move; artificial-only), and for
    /// artificial-only the shortest castle-free game to its placement.
    Shortest,
    /// The shortest castling game into a castled position the pawn-move model cannot tell
    /// apart from the search's witness ([`shortest::castle_into`]): after-pawn-move, where the
    /// castled position must be one no castle-free game reaches; and artificial-only when the
    /// shortest castling game of all moves pawns on more files than the bound allows. For
    /// artificial-only, with the shortest castle-free game to its placement.
    ShortestIntoWitness,
    /// The search's own witness, round trips removed: an exact search gave up.
    NotProvedShortest,
    /// The search's own witness, round trips removed: under a rule other than Chess960's,
    /// where no shortest-game search is made ([`crate::start::rules`]).
    Witness,
}

/// The analysis of one arrangement.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The arrangement analysed.
    pub arrangement: Arrangement,
    /// The closed-form rule's verdict per side.
    pub rule: ByCastlingSide<RuleCase>,
    /// The exhaustive search for castling without a pawn move, per side.
    pub no_pawn: ByCastlingSide<Option<no_pawn::Castling>>,
    /// The verdict per side, by search (no-pawn-move included), with the games that back it.
    pub verdicts: ByCastlingSide<SideVerdict>,
    /// The most files whose pawns the pawn-move search may move.
    pub bound: PawnBound,
    /// The four neighbouring published questions, answered for this arrangement.
    pub questions: Answers,
}

impl Analysis {
    /// Analyses one arrangement with the default pawn-move bound.
    pub fn new(arrangement: Arrangement) -> Analysis {
        Analysis::with_bound(arrangement, pawn::DEFAULT_BOUND)
    }

    /// Analyses one arrangement with pawn moves on at most `bound` files.
    ///
    /// Each side that needs a pawn move is decided exactly as [`analyse_all_with`] decides it,
    /// by the group search ([`pawn::decide_group`]), here for a group of one, and its witness
    /// is searched the same way: so `show` and the report state the same verdict, the same
    /// games and the same count of castled positions examined ([`SideVerdict::cores`]).
    pub fn with_bound(arrangement: Arrangement, bound: PawnBound) -> Analysis {
        let no_pawn =
            ByCastlingSide::new(|side| no_pawn::search(&arrangement, arrangement.castling(side)));
        Analysis::assemble(arrangement, no_pawn, bound, |side| {
            pawn_outcome(&arrangement, arrangement.castling(side), bound)
        })
    }

    /// Puts an analysis together from the no-pawn-move searches and `outcome`, which runs the
    /// pawn-move search of a side that needs it.
    fn assemble(
        arrangement: Arrangement,
        no_pawn: ByCastlingSide<Option<no_pawn::Castling>>,
        bound: PawnBound,
        mut outcome: impl FnMut(CastlingSide) -> pawn::PawnOutcome,
    ) -> Analysis {
        let questions = Answers::of(&arrangement);
        let verdicts = no_pawn.map(|side, found| match found {
            Some(castling) => SideVerdict {
                verdict: Verdict::NoPawnMove,
                castle_line: castling.line.clone(),
                walk_line: None,
                games: Games::Shortest,
                cores: 0,
                realize_error: None,
                safe_structures: None,
                verdict_one_file_fewer: (bound > PawnBound::ONE).then_some(Verdict::NoPawnMove),
            },
            None => pawn_verdict(
                &arrangement,
                side,
                bound,
                outcome(side),
                &questions.fewest_any[side],
            ),
        });
        Analysis {
            arrangement,
            rule: rule::evaluate(&arrangement),
            no_pawn,
            verdicts,
            bound,
            questions,
        }
    }

    /// Whether the rule's claim about castling *without a pawn move* matches the search.
    pub fn rule_agrees_no_pawn(&self, side: CastlingSide) -> bool {
        (self.rule.get(side).claim() == Verdict::NoPawnMove) == self.no_pawn.get(side).is_some()
    }

    /// Whether the rule's three-way claim matches the search's verdict.
    pub fn verdict_agrees(&self, side: CastlingSide) -> bool {
        self.rule.get(side).claim() == self.verdicts.get(side).verdict
    }

    /// Whether the closed-form rule says this arrangement can reach a position requiring castling.
    pub fn rule_requires_castling(&self) -> bool {
        rule::requires_castling(&self.rule)
    }

    /// Whether White can reach a position that requires castling: some side castles without a
    /// pawn move, or after one into a position no castle-free game reaches.
    pub fn requires_castling(&self) -> bool {
        self.verdicts
            .iter()
            .any(|(_, v)| matches!(v.verdict, Verdict::NoPawnMove | Verdict::AfterPawnMove))
    }
}

/// Realizes the lines of a side's pawn-move search as real games, and chooses the games to show:
/// the shortest ones of [`SideVerdict::castle_line`] where the exact searches of
/// [`shortest`] find them, else the search's witness.
fn pawn_verdict(
    arrangement: &Arrangement,
    side: CastlingSide,
    bound: PawnBound,
    outcome: pawn::PawnOutcome,
    fewest: &Fewest,
) -> SideVerdict {
    let (witness, realize_error) = witness_games(arrangement, &outcome);
    // The verdict with one file fewer, to show in the report what the last file changes. When
    // the witness castling game moves pawns on fewer files than the bound, the verdict stands
    // with one file fewer too: an after-pawn-move witness remains one, and an artificial-only
    // side keeps castling possible while its castled positions, a subset, stay walkable. Only
    // otherwise does the search run again.
    let verdict_one_file_fewer = bound.fewer().map(|fewer| match outcome.verdict {
        Verdict::AfterPawnMove | Verdict::ArtificialOnly
            if outcome.pawn_files() < bound.files() =>
        {
            outcome.verdict
        }
        Verdict::NotWithinBound => Verdict::NotWithinBound,
        _ => pawn::analyse(arrangement, arrangement.castling(side), fewer).verdict,
    });
    let shortest = phases::timed(Phase::ShortestGames, || {
        shortest_games(
            arrangement,
            side,
            bound,
            outcome.verdict,
            fewest,
            realize_error.is_none().then_some(&witness.0),
        )
    });
    let (games, (castle_line, walk_line)) = match shortest {
        Some(found) => found,
        None => (Games::NotProvedShortest, witness),
    };
    SideVerdict {
        verdict: outcome.verdict,
        castle_line,
        walk_line,
        games,
        cores: outcome.cores,
        realize_error,
        safe_structures: Some(GroupKey::of(arrangement.castling(side)).safe_structures(bound)),
        verdict_one_file_fewer,
    }
}

/// The witness games of a pawn-move search's outcome as real games, round trips removed: the
/// castling game, and for artificial-only the castle-free game to the same placement; with the
/// error, if a model line could not be realized (a defect the tests catch; the game is then
/// empty).
pub fn witness_games(
    arrangement: &Arrangement,
    outcome: &pawn::PawnOutcome,
) -> ((Line, Option<Line>), Option<realize::RealizeError>) {
    // Both games of an artificial-only side must end in one real placement, so both park the
    // pooled pieces on the same fixed squares.
    let normalize = outcome.walk_steps.is_some();
    let castle = realize::realize(arrangement, &outcome.castle_steps, normalize);
    let walk = outcome
        .walk_steps
        .as_ref()
        .map(|steps| realize::realize(arrangement, steps, normalize));
    let realize_error = castle
        .as_ref()
        .err()
        .or(walk.as_ref().and_then(|w| w.as_ref().err()))
        .cloned();
    // The searches assemble their lines piece by piece; round trips in them show nothing.
    let games = (
        castle
            .map(|l| l.without_round_trips(arrangement))
            .unwrap_or_default(),
        walk.and_then(Result::ok)
            .map(|l| l.without_round_trips(arrangement)),
    );
    (games, realize_error)
}

/// The shortest games of a side that needs a pawn move (see [`SideVerdict::castle_line`]), if
/// the exact searches find them: `witness` is the search's castling game, realized. `None` when
/// a search gives up (or there is no witness to go by).
fn shortest_games(
    arrangement: &Arrangement,
    side: CastlingSide,
    bound: PawnBound,
    verdict: Verdict,
    fewest: &Fewest,
    witness: Option<&Line>,
) -> Option<(Games, (Line, Option<Line>))> {
    let budget = shortest::DEFAULT_BUDGET;
    // The castled position right after the witness's castling move, and the fewest moves into
    // one the pawn-move model cannot tell apart from it.
    let into_witness = || {
        let witness = witness?;
        let mut board = WhiteBoard::start(arrangement);
        for &mv in &witness.moves {
            let castles = board.castling_side(mv).is_some();
            board.play(mv).expect("witness lines are legal");
            if castles {
                break;
            }
        }
        shortest::castle_into(arrangement, side, &board, budget).ok()
    };
    let walk_from = |castle: Line| {
        let castled = castle
            .replay(arrangement)
            .expect("castling games are legal");
        let walk = shortest::walk_to(arrangement, &castled, budget).ok()?;
        Some((castle, Some(walk)))
    };
    match verdict {
        // Any castled position serves: the shortest castling game, if it keeps within the bound,
        // and the shortest walk to where it ends; else the same from the witness's castled
        // position (every castled position within the bound is walkable).
        Verdict::ArtificialOnly if pawn_files(arrangement, &fewest.line) <= bound.files() => {
            walk_from(fewest.line.clone()).map(|lines| (Games::Shortest, lines))
        }
        Verdict::ArtificialOnly => {
            walk_from(into_witness()?).map(|lines| (Games::ShortestIntoWitness, lines))
        }
        // The castled position must be one no castle-free game reaches: the witness's, reached
        // in the fewest moves.
        Verdict::AfterPawnMove => Some((Games::ShortestIntoWitness, (into_witness()?, None))),
        _ => None,
    }
}

/// On how many files `line` moves pawns.
fn pawn_files(arrangement: &Arrangement, line: &Line) -> usize {
    let mut board = WhiteBoard::start(arrangement);
    let mut files = 0u8;
    for &mv in &line.moves {
        if board.piece_on(mv.from) == Some(crate::chess::Piece::Pawn) {
            files |= 1 << mv.from.file() as u8;
        }
        board
            .play(mv)
            .expect("lines built by the searches are legal");
    }
    files.count_ones() as usize
}

/// Analyses all 960 arrangements in parallel with the default bound.
pub fn analyse_all() -> Vec<Analysis> {
    analyse_all_with(pawn::DEFAULT_BOUND, &|_| {})
}

/// Analyses all 960 arrangements in parallel. The result is in SP order whatever the number of
/// threads, because rayon's indexed `collect` keeps positions. `progress` is called with the
/// share of the work done so far (0 to 1), from whichever thread finished a piece of it.
///
/// The pawn-move verdicts are decided by [`pawn_outcomes`]; then the witnesses become real
/// games.
///
/// `progress` is a trait object rather than a generic parameter on purpose: release builds share
/// no generic code between crates, so a generic entry point would have every caller (the binary,
/// each test crate) compile the whole search again for its own closure type.
pub fn analyse_all_with(bound: PawnBound, progress: &(dyn Fn(f64) + Sync)) -> Vec<Analysis> {
    let pending = Pending::new(bound);
    let report = share_of(pending.tasks.len() + pending.arrangements.len(), progress);
    let searched = pawn_outcomes(&pending.arrangements, &pending.tasks, bound, &report);
    pending.finish(searched, &report)
}

/// What the search without a pawn move found on each side of an arrangement.
pub(crate) type NoPawnSides = ByCastlingSide<Option<no_pawn::Castling>>;

/// Every side of `arrangements` searched without a pawn move, in parallel, and the sides for
/// which no line without one castles: each an index into `arrangements` and its castling, in
/// order.
pub(crate) fn no_pawn_searches(
    arrangements: &[Arrangement],
) -> (Vec<NoPawnSides>, Vec<(usize, CastlingPath)>) {
    let no_pawn: Vec<NoPawnSides> = arrangements
        .par_iter()
        .map(|a| ByCastlingSide::new(|side| no_pawn::search(a, a.castling(side))))
        .collect();
    let tasks = (no_pawn.iter().enumerate())
        .flat_map(|(place, found)| {
            let a = &arrangements[place];
            found
                .iter()
                .filter(|(_, castling)| castling.is_none())
                .map(move |(side, _)| (place, a.castling(side)))
                .collect::<Vec<_>>()
        })
        .collect();
    (no_pawn, tasks)
}

/// A counter of the pieces of work done, out of `total`, that hands `progress` the share done
/// (0 to 1) each time some finish, from whichever thread finished them.
pub(crate) fn share_of(
    total: usize,
    progress: &(dyn Fn(f64) + Sync),
) -> impl Fn(usize) + Sync + '_ {
    let done = AtomicUsize::new(0);
    move |n| progress((done.fetch_add(n, Ordering::Relaxed) + n) as f64 / total.max(1) as f64)
}

/// The analyses of all 960 arrangements up to their pawn-move searches: the searches without a
/// pawn move done, and the castlings that need one listed, so that their searches can join
/// others' in one pool ([`pawn_outcomes_of`]; [`analyse_all_with`] runs them alone).
pub struct Pending {
    bound: PawnBound,
    arrangements: Vec<Arrangement>,
    no_pawn: Vec<NoPawnSides>,
    tasks: Vec<(usize, CastlingPath)>,
}

impl Pending {
    /// Searches every side of every arrangement without a pawn move, in parallel.
    pub fn new(bound: PawnBound) -> Pending {
        let arrangements: Vec<Arrangement> = Arrangement::all().collect();
        let (no_pawn, tasks) = no_pawn_searches(&arrangements);
        Pending {
            bound,
            arrangements,
            no_pawn,
            tasks,
        }
    }

    /// The castlings that need a pawn move (an arrangement's index in SP order, and its
    /// castling), searched with [`Pending::bound`].
    pub fn tasks(&self) -> &[(usize, CastlingPath)] {
        &self.tasks
    }

    /// The bound the pawn-move searches take.
    pub fn bound(&self) -> PawnBound {
        self.bound
    }

    /// The analyses, in SP order, from the outcomes of [`Pending::tasks`] (in their order);
    /// `report` is called with 1 for each arrangement analysed.
    pub fn finish(
        self,
        searched: Vec<pawn::PawnOutcome>,
        report: &(dyn Fn(usize) + Sync),
    ) -> Vec<Analysis> {
        let (analyses, ()) = self.finish_with(searched, report, &|_| ());
        analyses
    }

    /// [`Pending::finish`], with `each` applied to every analysis as soon as it is made, in the
    /// same parallel pass; its results in SP order too. Work that needs one arrangement's
    /// analysis and nothing else (the gallery's explanations) then runs beside the shortest-game
    /// searches, which keep both threads busy, instead of after them all.
    pub fn finish_with<T: Send, C: Default + ParallelExtend<T> + Send>(
        self,
        searched: Vec<pawn::PawnOutcome>,
        report: &(dyn Fn(usize) + Sync),
        each: &(dyn Fn(&Analysis) -> T + Sync),
    ) -> (Vec<Analysis>, C) {
        let Pending {
            bound,
            arrangements,
            no_pawn,
            tasks,
        } = self;
        let mut outcomes: Vec<ByCastlingSide<Option<pawn::PawnOutcome>>> = (0..arrangements.len())
            .map(|_| ByCastlingSide::new(|_| None))
            .collect();
        for (&(sp, path), outcome) in tasks.iter().zip(searched) {
            outcomes[sp][path.side()] = Some(outcome);
        }
        arrangements
            .par_iter()
            .zip(no_pawn)
            .zip(outcomes)
            .map(|((&arrangement, no_pawn), mut outcomes)| {
                let analysis = Analysis::assemble(arrangement, no_pawn, bound, |side| {
                    outcomes
                        .get_mut(side)
                        .take()
                        .expect("every side that needs a pawn move was searched")
                });
                let made = each(&analysis);
                report(1);
                (analysis, made)
            })
            .unzip()
    }
}

/// The pawn-move outcomes of `tasks` (an arrangement's index and a castling that no line
/// without a pawn move makes legal), in the order of `tasks`, searched in parallel.
///
/// The verdicts are decided for each group of castlings with the same king and castling rook
/// files and landing squares, whichever arrangement and rule they come from, as
/// [`pawn::decide_group`] decides it; the groups of one king and rook (which differ only in their
/// landing squares) share castling games where they can ([`pawn::decide_groups`]), and a group
/// whose mirror image is among the tasks takes its decisions from that one's search, its own
/// game played only as far as its after-pawn-move members' counts need ([`mirror`]: Chess480's,
/// free, flexible and fast castling's castlings mirror with the array). As soon as a
/// king and rook's groups are decided, each member's witness is searched alone, which stops at
/// its first castled position (for after-pawn-move: at the first one no walk reaches), the same
/// one [`pawn_outcome`] shows for a single castling. `report` is called with the number of tasks
/// each finished king and rook settled (a trait object, for the reason [`analyse_all_with`]
/// gives).
pub fn pawn_outcomes(
    arrangements: &[Arrangement],
    tasks: &[(usize, CastlingPath)],
    bound: PawnBound,
    report: &(dyn Fn(usize) + Sync),
) -> Vec<pawn::PawnOutcome> {
    let mut outcomes = pawn_outcomes_of(arrangements, &[(tasks, bound)], report);
    outcomes
        .pop()
        .expect("one list of outcomes per list of tasks")
}

/// [`pawn_outcomes`] of several lists of tasks, each with its bound, in one pool: each list's
/// castlings are grouped as [`pawn_outcomes`] groups them, and the groups of one king and rook
/// and bound share castling games across the lists (the report's Chess960 castlings and the
/// other rules' castlings of the same king and rook, say). One list of outcomes per list of
/// tasks, each in the order of its tasks.
pub fn pawn_outcomes_of(
    arrangements: &[Arrangement],
    lists: &[(&[(usize, CastlingPath)], PawnBound)],
    report: &(dyn Fn(usize) + Sync),
) -> Vec<Vec<pawn::PawnOutcome>> {
    let families = families_of(lists);
    // One task per family, in the order scheduled, or per pair of families that mirror each
    // other where some of their groups do: then one family is searched and the other's groups
    // that mirror one of its groups are read off it, their after-pawn-move members' counts
    // recounted (`mirror`). As soon as a task's groups are decided, the witnesses of their
    // members are searched, in parallel, and fill the time a thread would otherwise wait for
    // the last big family.
    type Searched = ((usize, usize, CastlingPath), pawn::PawnOutcome);
    let searched: Vec<Searched> = mirror::pair_families(&families, arrangements)
        .par_iter()
        .with_max_len(1)
        .flat_map(|task| {
            let bound = families[task.source].0;
            let decided = task.search(&families, arrangements);
            let witnesses: Vec<Searched> =
                decided
                    .par_iter()
                    .flat_map(|((list, group), decisions)| {
                        group.members.par_iter().zip(decisions).map(
                            move |(&(sp, path), &decision)| {
                                (
                                    (*list, sp, path),
                                    pawn::decided_witness(&arrangements[sp], path, bound, decision),
                                )
                            },
                        )
                    })
                    .collect();
            report(
                decided
                    .iter()
                    .map(|((_, group), _)| group.members.len())
                    .sum(),
            );
            witnesses
        })
        .collect();
    let mut by_task: std::collections::HashMap<(usize, usize, CastlingPath), pawn::PawnOutcome> =
        searched.into_iter().collect();
    (lists.iter().enumerate())
        .map(|(list, (tasks, _))| {
            tasks
                .iter()
                .map(|&(sp, path)| {
                    by_task
                        .remove(&(list, sp, path))
                        .expect("every task is searched exactly once")
                })
                .collect()
        })
        .collect()
}

/// The groups of each list of tasks (each with its bound), gathered into families of one king,
/// rook and bound, as [`pawn_outcomes_of`] searches them: families in the order of their first
/// group (each list's groups costliest first, the first list's first), each family's groups by
/// list and key, each with the index of its list. The swap lemma's tables are worked out first,
/// one pass for all the lists of one bound: each pass goes level by level, and one pass for them
/// all leaves a thread idle at the ends of fewer levels than a pass per list would.
pub fn families_of(lists: &[(&[(usize, CastlingPath)], PawnBound)]) -> Vec<mirror::Family> {
    let mut by_bound: std::collections::BTreeMap<PawnBound, Vec<CastlingPath>> =
        std::collections::BTreeMap::new();
    for &(tasks, bound) in lists {
        (by_bound.entry(bound).or_default()).extend(tasks.iter().map(|&(_, path)| path));
    }
    for (bound, paths) in by_bound {
        swap::SafeStructures::prepare(&paths, bound);
    }
    let mut families: Vec<mirror::Family> = Vec::new();
    for (list, &(tasks, bound)) in lists.iter().enumerate() {
        for group in groups::costliest_first(groups::of(tasks.iter().copied()), bound) {
            let family = (bound, group.key.family());
            match (families.iter_mut()).find(|(b, f)| (*b, f[0].1.key.family()) == family) {
                Some((_, f)) => f.push((list, group)),
                None => families.push((bound, vec![(list, group)])),
            }
        }
    }
    for (_, family) in &mut families {
        family.sort_by_key(|(list, group)| (*list, group.key));
    }
    families
}

/// The pawn-move outcome of castling along `path` in `arrangement`, which no line without a pawn
/// move makes legal: decided exactly as [`pawn_outcomes`] decides it, by the group search
/// ([`pawn::decide_group`]), here for a group of one, with its witness searched the same way, so
/// that `show` and the report state the same verdict, the same games and the same count of
/// castled positions examined ([`SideVerdict::cores`]).
pub fn pawn_outcome(
    arrangement: &Arrangement,
    path: CastlingPath,
    bound: PawnBound,
) -> pawn::PawnOutcome {
    let group = std::slice::from_ref(arrangement);
    let decision = pawn::decide_group(group, path, bound)[0];
    pawn::decided_witness(arrangement, path, bound, decision)
}
