//! The 960 start arrangements under each castling rule ([`Rule`]): for every castling a rule
//! allows on each side of each arrangement, whether it can come about without a pawn move (and
//! in how few moves), only after one, or only artificially. The same model as Chess960's (Black
//! absent, White makes every move) and the same searches: they take a castling path, and every
//! rule's castlings are paths ([`Rule::paths`]).
//!
//! A side can have several castlings (free castling up to six on eight files); each gets its own
//! verdict, since each lands king and rook on other squares. A side's verdict is the best of its
//! castlings' (no castling at all under flexible or fast castling with the rook too close), and
//! an arrangement counts for the puzzle when some castling of some side is no-pawn-move or
//! after-pawn-move.
//!
//! The games shown are the searches' witnesses with round trips removed; under Chess960's rule
//! they are the shortest games of [`Analysis`] (its exact searches are written for Chess960's
//! castling only).

use crate::chess::{Arrangement, ByCastlingSide, CastlingPath, CastlingSide, Rule};
use crate::start::analysis::{
    self, Analysis, Games, GroupKey, SideVerdict, pawn_outcome, pawn_outcomes_of, share_of,
    witness_games,
};
use crate::start::bound::PawnBound;
use crate::start::line::Line;
use crate::start::search::no_pawn;
use crate::start::search::pawn::{self, Verdict};
use rayon::prelude::*;
use std::collections::BTreeMap;

/// The most files with moved pawns searched under a rule whose king and rook leap (fast
/// castling), whatever bound was asked for. The swap lemma holds for leaping castlings too, but
/// its adversary search places pieces on every square between king and rook that the leap does
/// not need empty, and grows with them: over three pawn files fast castling takes half a minute,
/// over four seven minutes (one thread), over every structure longer than anyone waits. Within
/// two files its verdicts are the same as within three (measured when this was written:
/// `tests/start/rules/plain_searches.rs`). A verdict found within the bound is a fact about those pawn
/// structures: after-pawn-move stays after-pawn-move with more files (its games exist), and
/// artificial-only says that no castled position within the bound requires castling.
pub const LEAP_BOUND: PawnBound = match PawnBound::within::<8>(2) {
    Ok(bound) => bound,
    Err(_) => panic!("two files are a pawn bound"),
};

/// The pawn bound the analyses under `rule` use when `bound` is asked for.
pub fn bound_under(rule: Rule, bound: PawnBound) -> PawnBound {
    if rule.slides() {
        bound
    } else {
        bound.min(LEAP_BOUND)
    }
}

/// One castling a rule allows on one side of one arrangement, decided.
#[derive(Clone, Debug)]
pub struct CastlingVerdict {
    /// The castling: where king and rook land, and how it is written.
    pub path: CastlingPath,
    /// The fewest preparatory moves when it castles without a pawn move.
    pub no_pawn_moves: Option<usize>,
    /// The verdict and the games that back it.
    pub verdict: SideVerdict,
}

/// One arrangement under one rule.
#[derive(Clone, Debug)]
pub struct RuleAnalysis {
    /// The rule.
    pub rule: Rule,
    /// The arrangement.
    pub arrangement: Arrangement,
    /// Every castling the rule allows on each side, in the rule's order ([`Rule::castlings`]).
    pub castlings: ByCastlingSide<Vec<CastlingVerdict>>,
    /// The most files with moved pawns the searches went through ([`bound_under`]).
    pub bound: PawnBound,
}

impl RuleAnalysis {
    /// Chess960's rule, from the analysis that already decided it (one castling per side, with
    /// the shortest games).
    pub fn of_chess960(analysis: &Analysis) -> RuleAnalysis {
        let a = analysis.arrangement;
        RuleAnalysis {
            rule: Rule::CHESS960,
            arrangement: a,
            bound: analysis.bound,
            castlings: ByCastlingSide::new(|side| {
                vec![CastlingVerdict {
                    path: a.castling(side),
                    no_pawn_moves: analysis.no_pawn[side].as_ref().map(|c| c.moves),
                    verdict: analysis.verdicts[side].clone(),
                }]
            }),
        }
    }

    /// The verdict of `side`: the best of its castlings' (`None` when the rule allows none).
    pub fn side_verdict(&self, side: CastlingSide) -> Option<Verdict> {
        self.castlings[side].iter().map(|c| c.verdict.verdict).min()
    }

    /// Whether White can reach a position that requires castling: some castling of some side
    /// is no-pawn-move or after-pawn-move.
    pub fn requires_castling(&self) -> bool {
        CastlingSide::BOTH.into_iter().any(|side| {
            self.side_verdict(side)
                .is_some_and(Verdict::requires_castling)
        })
    }
}

/// Analyses one arrangement under `rule` with pawn moves on at most `bound` files, deciding each
/// castling exactly as [`analyse_all`] does.
pub fn analyse(rule: Rule, arrangement: Arrangement, bound: PawnBound) -> RuleAnalysis {
    if rule == Rule::CHESS960 {
        return RuleAnalysis::of_chess960(&Analysis::with_bound(arrangement, bound));
    }
    let searched = bound_under(rule, bound);
    // Chess960's own castling of the arrangement, searched with the same bound, takes Chess960's
    // decision and shortest games, as in the report ([`analyse_all`]).
    let chess960 = std::cell::OnceCell::new();
    RuleAnalysis {
        rule,
        arrangement,
        bound: searched,
        castlings: ByCastlingSide::new(|side| {
            paths(rule, &arrangement, side)
                .into_iter()
                .map(|path| {
                    if searched == bound && path.unnamed() == arrangement.castling(side).unnamed() {
                        let analysis =
                            chess960.get_or_init(|| Analysis::with_bound(arrangement, bound));
                        return RuleAnalysis::of_chess960(analysis).castlings[side][0]
                            .named(&arrangement, path);
                    }
                    let found = no_pawn::search(&arrangement, path);
                    let outcome = found
                        .is_none()
                        .then(|| pawn_outcome(&arrangement, path.unnamed(), searched));
                    decided(&arrangement, path.unnamed(), found, outcome, searched)
                        .named(&arrangement, path)
                })
                .collect()
        }),
    }
}

/// The castlings `rule` allows on `side` of `arrangement`.
fn paths(rule: Rule, arrangement: &Arrangement, side: CastlingSide) -> Vec<CastlingPath> {
    rule.paths(arrangement.king_file(), arrangement.rook_file(side))
}

/// Analyses all 960 arrangements under each of `rules`, in parallel; `chess960` is the Chess960
/// analysis of all 960 (in SP order), from which that rule's answers are taken. One list of
/// analyses per rule, in the order of `rules`, each in SP order whatever the number of threads.
///
/// A castling two rules share (the same landing squares and squares to clear: Chess480's in the
/// standard array is Chess960's, and flexible castling's are free castling's) is searched once.
/// Every castling that needs a pawn move, of every rule, goes into one pool of group searches
/// ([`pawn_outcomes_of`]), so the threads stay busy to the end. `progress` gets the share done.
/// (`progress` is a trait object: see [`crate::start::analysis::analyse_all_with`].)
///
/// # Panics
///
/// If `chess960` does not hold all 960 arrangements analysed with `bound`.
pub fn analyse_all(
    rules: &[Rule],
    chess960: &[Analysis],
    bound: PawnBound,
    progress: &(dyn Fn(f64) + Sync),
) -> Vec<Vec<RuleAnalysis>> {
    let pending = Pending::new(rules, bound);
    let report = share_of(pending.tasks.values().map(Vec::len).sum(), progress);
    let lists = pending.lists();
    let found = pawn_outcomes_of(&pending.arrangements, &lists, &report);
    pending.decide(found).finish(chess960)
}

/// The Chess960 analysis of all 960 arrangements and their analyses under each of `rules`, as
/// [`crate::start::analysis::analyse_all_with`] and [`analyse_all`] give them, with every
/// pawn-move search of both in one pool, so that castlings of one king and rook share their
/// castling games whichever rule they come from ([`pawn_outcomes_of`]) and the threads stay
/// busy to the end. `progress` gets the share done.
pub fn analyse_with_chess960(
    rules: &[Rule],
    bound: PawnBound,
    progress: &(dyn Fn(f64) + Sync),
) -> (Vec<Analysis>, Vec<Vec<RuleAnalysis>>) {
    let (analyses, (), under_rules) = analyse_with_chess960_and(rules, bound, progress, &|_| ());
    (analyses, under_rules)
}

/// [`analyse_with_chess960`], with `each` applied to each of Chess960's analyses as soon as it
/// is made, in the same parallel pass ([`analysis::Pending::finish_with`]), and its results (a
/// `Vec` of them, say, in SP order) returned between the two lists of analyses. `castle960
/// report` makes the gallery's explanations this way: they need only Chess960's analyses, and
/// made beside the searches they no longer hold up the rendering of the files.
pub fn analyse_with_chess960_and<T: Send, C: Default + ParallelExtend<T> + Send>(
    rules: &[Rule],
    bound: PawnBound,
    progress: &(dyn Fn(f64) + Sync),
    each: &(dyn Fn(&Analysis) -> T + Sync),
) -> (Vec<Analysis>, C, Vec<Vec<RuleAnalysis>>) {
    let chess960 = analysis::Pending::new(bound);
    let others = Pending::new(rules, bound);
    let mut lists = vec![(chess960.tasks(), chess960.bound())];
    lists.extend(others.lists());
    // The pawn-move searches, then Chess960's games (its shortest games, a search each).
    let searches: usize = lists.iter().map(|(tasks, _)| tasks.len()).sum();
    let report = share_of(
        searches + usize::from(crate::chess::arrangement::COUNT),
        progress,
    );
    let mut found = pawn_outcomes_of(&others.arrangements, &lists, &report);
    let rest = found.split_off(1);
    let ((analyses, made), decided) = rayon::join(
        || chess960.finish_with(found.pop().expect("Chess960's outcomes"), &report, each),
        || others.decide(rest),
    );
    let under_rules = decided.finish(&analyses);
    (analyses, made, under_rules)
}

/// The analyses under rules other than Chess960's up to their pawn-move searches: every
/// distinct castling searched without a pawn move, and the castlings that need one listed by
/// the bound they are searched with, so that their searches can join Chess960's in one pool.
struct Pending {
    rules: Vec<Rule>,
    bound: PawnBound,
    arrangements: Vec<Arrangement>,
    others: Vec<Rule>,
    /// Every distinct castling (named alike) of every arrangement under the other rules.
    distinct: Vec<(usize, CastlingPath)>,
    no_pawn: BTreeMap<(usize, CastlingPath), Option<no_pawn::Castling>>,
    /// The castlings that need a pawn move, by the bound they are searched with.
    tasks: BTreeMap<PawnBound, Vec<(usize, CastlingPath)>>,
}

impl Pending {
    fn new(rules: &[Rule], bound: PawnBound) -> Pending {
        let arrangements: Vec<Arrangement> = Arrangement::all().collect();
        let others: Vec<Rule> = rules
            .iter()
            .copied()
            .filter(|&r| r != Rule::CHESS960)
            .collect();
        let mut distinct: Vec<(usize, CastlingPath)> = (0..arrangements.len())
            .flat_map(|sp| {
                let a = &arrangements[sp];
                others.iter().flat_map(move |&rule| {
                    CastlingSide::BOTH
                        .into_iter()
                        .flat_map(move |side| paths(rule, a, side))
                        .map(move |path| (sp, path.unnamed()))
                })
            })
            .collect();
        distinct.sort();
        distinct.dedup();
        // Castlings that are Chess960's castling in the same arrangement (the same squares,
        // searched with the same bound) are decided by Chess960's analysis, with the shortest
        // games: taken from there.
        let chess960 = |sp: usize, path: CastlingPath, searched: PawnBound| {
            is_chess960(&arrangements[sp], path, searched, bound)
        };
        let no_pawn: BTreeMap<(usize, CastlingPath), Option<no_pawn::Castling>> = distinct
            .par_iter()
            .map(|&(sp, path)| ((sp, path), no_pawn::search(&arrangements[sp], path)))
            .collect();
        let mut tasks: BTreeMap<PawnBound, Vec<(usize, CastlingPath)>> = BTreeMap::new();
        for &(sp, path) in &distinct {
            if no_pawn[&(sp, path)].is_none() {
                for &rule in &others {
                    let named = paths(rule, &arrangements[sp], path.side());
                    let searched = bound_under(rule, bound);
                    if named.iter().any(|p| p.unnamed() == path) && !chess960(sp, path, searched) {
                        let list = tasks.entry(searched).or_default();
                        if list.last() != Some(&(sp, path)) {
                            list.push((sp, path));
                        }
                    }
                }
            }
        }
        Pending {
            rules: rules.to_vec(),
            bound,
            arrangements,
            others,
            distinct,
            no_pawn,
            tasks,
        }
    }

    /// The lists of castlings that need a pawn move, each with its bound.
    fn lists(&self) -> Vec<(&[(usize, CastlingPath)], PawnBound)> {
        (self.tasks.iter())
            .map(|(&bound, list)| (list.as_slice(), bound))
            .collect()
    }

    /// The other rules' verdicts from the outcomes of [`Pending::lists`] (one list of outcomes
    /// per list, in its order), all but those of the castlings that are Chess960's castling in
    /// the same arrangement (left out of the searches by [`Pending::new`]), which Chess960's
    /// analyses answer ([`Decided::finish`]). Needing none of them, this runs beside Chess960's
    /// own finish (its shortest games), so that neither leaves a thread idle at its end.
    fn decide(self, found: Vec<Vec<pawn::PawnOutcome>>) -> Decided {
        let Pending {
            rules,
            bound,
            arrangements,
            others,
            distinct,
            no_pawn,
            tasks,
        } = self;
        let mut outcomes: BTreeMap<(usize, CastlingPath, PawnBound), pawn::PawnOutcome> =
            BTreeMap::new();
        for ((&searched_bound, list), found) in tasks.iter().zip(found) {
            for (&(sp, path), outcome) in list.iter().zip(found) {
                outcomes.insert((sp, path, searched_bound), outcome);
            }
        }
        // Each distinct castling decided once (its games realized once), for every bound a rule
        // searches it with; the rules then take their castlings from here, named their way.
        let keys: Vec<(usize, CastlingPath, PawnBound)> = {
            let mut keys: Vec<_> = others
                .iter()
                .map(|&rule| bound_under(rule, bound))
                .flat_map(|b| distinct.iter().map(move |&(sp, path)| (sp, path, b)))
                .collect();
            keys.sort();
            keys.dedup();
            keys
        };
        let is_chess960 = |&(sp, path, b): &(usize, CastlingPath, PawnBound)| {
            is_chess960(&arrangements[sp], path, b, bound)
        };
        let decisions: BTreeMap<(usize, CastlingPath, PawnBound), CastlingVerdict> = keys
            .par_iter()
            .filter(|key| !is_chess960(key))
            .filter_map(|&(sp, path, b)| {
                let found = no_pawn[&(sp, path)].clone();
                let outcome = outcomes.get(&(sp, path, b)).cloned();
                // Under a bound no rule searches this castling with: neither found nor searched.
                (found.is_some() || outcome.is_some()).then(|| {
                    let verdict = decided(&arrangements[sp], path, found, outcome, b);
                    ((sp, path, b), verdict)
                })
            })
            .collect();
        let of_chess960 = keys.into_iter().filter(is_chess960).collect();
        Decided {
            rules,
            bound,
            arrangements,
            decisions,
            of_chess960,
        }
    }
}

/// Whether castling along `path` (named alike) in `arrangement`, searched with `searched`, is
/// the arrangement's Chess960 castling searched as Chess960's analysis searches it (with
/// `bound`): then that analysis decides it ([`Pending::new`], [`Decided::finish`]).
fn is_chess960(
    arrangement: &Arrangement,
    path: CastlingPath,
    searched: PawnBound,
    bound: PawnBound,
) -> bool {
    searched == bound
        && CastlingSide::BOTH
            .into_iter()
            .any(|side| arrangement.castling(side).unnamed() == path)
}

/// The other rules' verdicts, but for the castlings that are Chess960's ([`Pending::decide`]).
struct Decided {
    rules: Vec<Rule>,
    bound: PawnBound,
    arrangements: Vec<Arrangement>,
    decisions: BTreeMap<(usize, CastlingPath, PawnBound), CastlingVerdict>,
    /// The castlings left to Chess960's analyses: Chess960's own castling of the arrangement,
    /// with the bound Chess960's analyses are made with.
    of_chess960: Vec<(usize, CastlingPath, PawnBound)>,
}

impl Decided {
    /// The analyses under each rule: Chess960's castlings from its analyses (every arrangement,
    /// with the bound the rules are searched with), the rest as [`Pending::decide`] decided them.
    fn finish(self, chess960: &[Analysis]) -> Vec<Vec<RuleAnalysis>> {
        let Decided {
            rules,
            bound,
            arrangements,
            mut decisions,
            of_chess960,
        } = self;
        // Chess960's castlings were left out of the searches (`Pending::new`): its analyses
        // must answer for every one of them.
        assert!(
            chess960.len() == arrangements.len()
                && chess960.iter().all(|analysis| analysis.bound == bound),
            "Chess960's analyses cover every arrangement, made with the bound the rules are \
             searched with"
        );
        let known: BTreeMap<(usize, CastlingPath, PawnBound), CastlingVerdict> = chess960
            .iter()
            .flat_map(|analysis| {
                let sp = analysis.arrangement.sp() as usize;
                RuleAnalysis::of_chess960(analysis)
                    .castlings
                    .iter()
                    .flat_map(|(_, castlings)| castlings.clone())
                    .map(move |c| ((sp, c.path.unnamed(), analysis.bound), c))
                    .collect::<Vec<_>>()
            })
            .collect();
        for key in of_chess960 {
            let verdict = known
                .get(&key)
                .expect("Chess960's analyses answer its castlings");
            decisions.insert(key, verdict.clone());
        }
        rules
            .iter()
            .map(|&rule| {
                if rule == Rule::CHESS960 {
                    return chess960.iter().map(RuleAnalysis::of_chess960).collect();
                }
                let bound = bound_under(rule, bound);
                arrangements
                    .par_iter()
                    .enumerate()
                    .map(|(sp, &arrangement)| RuleAnalysis {
                        rule,
                        arrangement,
                        bound,
                        castlings: ByCastlingSide::new(|side| {
                            paths(rule, &arrangement, side)
                                .into_iter()
                                .map(|path| {
                                    decisions[&(sp, path.unnamed(), bound)]
                                        .named(&arrangement, path)
                                })
                                .collect()
                        }),
                    })
                    .collect()
            })
            .collect()
    }
}

impl CastlingVerdict {
    /// The same verdict for castling along `path`, the same castling as named by a rule: its
    /// games castle along `path`, so that they are written in the rule's notation.
    fn named(&self, arrangement: &Arrangement, path: CastlingPath) -> CastlingVerdict {
        let along = Line::castling_along(arrangement, path).along;
        let named = |line: &Line| Line {
            along,
            moves: line.moves.clone(),
        };
        let mut verdict = self.verdict.clone();
        verdict.castle_line = named(&self.verdict.castle_line);
        verdict.walk_line = self.verdict.walk_line.as_ref().map(named);
        CastlingVerdict {
            path,
            no_pawn_moves: self.no_pawn_moves,
            verdict,
        }
    }
}

/// The verdict of castling along `path` from what the searches found: a line without a pawn
/// move, or the pawn-move search's outcome, with its games realized.
fn decided(
    arrangement: &Arrangement,
    path: CastlingPath,
    found: Option<no_pawn::Castling>,
    outcome: Option<pawn::PawnOutcome>,
    bound: PawnBound,
) -> CastlingVerdict {
    let verdict = match (&found, outcome) {
        (Some(castling), _) => SideVerdict {
            verdict: Verdict::NoPawnMove,
            castle_line: castling.line.clone(),
            walk_line: None,
            games: Games::Shortest,
            cores: 0,
            realize_error: None,
            safe_structures: None,
            verdict_one_file_fewer: None,
        },
        (None, Some(outcome)) => {
            let ((castle, walk), realize_error) = witness_games(arrangement, &outcome);
            SideVerdict {
                verdict: outcome.verdict,
                castle_line: castle,
                walk_line: walk,
                games: Games::Witness,
                cores: outcome.cores,
                realize_error,
                safe_structures: Some(GroupKey::of(path).safe_structures(bound)),
                verdict_one_file_fewer: None,
            }
        }
        (None, None) => unreachable!("a castling without a line without pawn moves is searched"),
    };
    CastlingVerdict {
        path,
        no_pawn_moves: found.map(|c| c.moves),
        verdict,
    }
}
