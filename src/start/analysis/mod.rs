//! Everything castle960 works out about one arrangement, computed once and shared by the report,
//! the analysis document and the `show` command.

pub mod disagreement;

use crate::chess::{Arrangement, ByCastlingSide, CastlingSide, File};
use crate::start::line::Line;
use crate::start::questions::Answers;
use crate::start::rule::{self, RuleCase};
use crate::start::search::no_pawn;
use crate::start::search::pawn::{self, Verdict};
use crate::start::search::realize;
use crate::start::search::swap;
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The verdict on one side with the games that back it, as real moves.
#[derive(Clone, Debug)]
pub struct SideVerdict {
    /// The side's verdict by search.
    pub verdict: Verdict,
    /// A castling game: the shortest no-pawn-move line, or for the other verdicts a game with pawn
    /// moves that castles (and for artificial-only continues to the position the walk reaches).
    pub castle_line: Line,
    /// For artificial-only: a castle-free game reaching the same placement.
    pub walk_line: Option<Line>,
    /// How many castled cores the pawn-move search examined one by one, outside the structures
    /// the swap lemma settles (0 for no-pawn-move).
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
    pub bound: usize,
    /// The four neighbouring published questions, answered for this arrangement.
    pub questions: Answers,
}

impl Analysis {
    /// Analyses one arrangement with the default pawn-move bound.
    pub fn new(arrangement: Arrangement) -> Analysis {
        Analysis::with_bound(arrangement, pawn::DEFAULT_BOUND)
    }

    /// Analyses one arrangement with pawn moves on at most `bound` files.
    pub fn with_bound(arrangement: Arrangement, bound: usize) -> Analysis {
        let no_pawn = ByCastlingSide::new(|side| no_pawn::search(&arrangement, side));
        Analysis::assemble(arrangement, no_pawn, bound, |side| {
            pawn::analyse(&arrangement, side, bound)
        })
    }

    /// Puts an analysis together from the no-pawn-move searches and `outcome`, which runs the
    /// pawn-move search of a side that needs it.
    fn assemble(
        arrangement: Arrangement,
        no_pawn: ByCastlingSide<Option<no_pawn::Castling>>,
        bound: usize,
        mut outcome: impl FnMut(CastlingSide) -> pawn::PawnOutcome,
    ) -> Analysis {
        let verdicts = no_pawn.map(|side, found| match found {
            Some(castling) => SideVerdict {
                verdict: Verdict::NoPawnMove,
                castle_line: castling.line.clone(),
                walk_line: None,
                cores: 0,
                realize_error: None,
                safe_structures: None,
                verdict_one_file_fewer: (bound > 1).then_some(Verdict::NoPawnMove),
            },
            None => pawn_verdict(&arrangement, side, bound, outcome(side)),
        });
        Analysis {
            arrangement,
            rule: rule::evaluate(&arrangement),
            no_pawn,
            verdicts,
            bound,
            questions: Answers::of(&arrangement),
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

/// Realizes the lines of a side's pawn-move search as real games.
fn pawn_verdict(
    arrangement: &Arrangement,
    side: CastlingSide,
    bound: usize,
    outcome: pawn::PawnOutcome,
) -> SideVerdict {
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
    // The verdict with one file fewer, to show in the report what the last file changes. When
    // the witness castling game moves pawns on fewer files than the bound, the verdict stands
    // with one file fewer too: an after-pawn-move witness remains one, and an artificial-only
    // side keeps castling possible while its castled positions, a subset, stay walkable. Only
    // otherwise does the search run again.
    let verdict_one_file_fewer = (bound > 1).then(|| match outcome.verdict {
        Verdict::AfterPawnMove | Verdict::ArtificialOnly if outcome.pawn_files() < bound => {
            outcome.verdict
        }
        Verdict::NotWithinBound => Verdict::NotWithinBound,
        _ => pawn::analyse(arrangement, side, bound - 1).verdict,
    });
    // The searches assemble their lines piece by piece; round trips in them show nothing.
    SideVerdict {
        verdict: outcome.verdict,
        castle_line: castle
            .map(|l| l.without_round_trips(arrangement))
            .unwrap_or_default(),
        walk_line: walk
            .and_then(Result::ok)
            .map(|l| l.without_round_trips(arrangement)),
        cores: outcome.cores,
        realize_error,
        safe_structures: Some(GroupKey::of(arrangement, side).safe_structures(bound)),
        verdict_one_file_fewer,
    }
}

/// The sides whose pawn-move verdicts one castling game decides together: same castling side,
/// king file and castling rook file (ordered by side, then king, then rook).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct GroupKey {
    /// The castling side.
    pub side: CastlingSide,
    /// The king's file.
    pub king: File,
    /// The castling rook's file.
    pub rook: File,
}

impl GroupKey {
    /// The group of `side` of `arrangement`.
    pub fn of(arrangement: &Arrangement, side: CastlingSide) -> GroupKey {
        GroupKey {
            side,
            king: arrangement.king_file(),
            rook: arrangement.rook_file(side),
        }
    }

    /// How many pawn structures within `bound` the swap lemma settles for this group (worked
    /// out once per group and bound).
    pub fn safe_structures(self, bound: usize) -> usize {
        swap::SafeStructures::of(self.king, self.rook, self.side, bound).count()
    }
}

/// Analyses all 960 arrangements in parallel with the default bound.
pub fn analyse_all() -> Vec<Analysis> {
    analyse_all_with(pawn::DEFAULT_BOUND, |_| {})
}

/// Analyses all 960 arrangements in parallel. The result is in SP order whatever the number of
/// threads, because rayon's indexed `collect` keeps positions. `progress` is called with the
/// share of the work done so far (0 to 1), from whichever thread finished a piece of it.
///
/// The pawn-move verdicts are decided one castling game for each group of arrangements whose
/// king and castling rook stand on the same files ([`pawn::decide_group`]); as soon as a
/// group is decided, each of its sides' witnesses is searched alone, which stops at its first
/// castled position (for after-pawn-move sides: at the first one no walk reaches), the same one
/// [`Analysis::new`] shows for a single arrangement. Then the witnesses become real games.
pub fn analyse_all_with(bound: usize, progress: impl Fn(f64) + Sync) -> Vec<Analysis> {
    let arrangements: Vec<Arrangement> = Arrangement::all().collect();
    let no_pawn: Vec<ByCastlingSide<Option<no_pawn::Castling>>> = arrangements
        .par_iter()
        .map(|a| ByCastlingSide::new(|side| no_pawn::search(a, side)))
        .collect();
    // The sides needing a pawn move, grouped by side, king file and castling rook file.
    let mut groups: BTreeMap<GroupKey, Vec<usize>> = BTreeMap::new();
    for (sp, found) in no_pawn.iter().enumerate() {
        for (side, castling) in found.iter() {
            if castling.is_none() {
                groups
                    .entry(GroupKey::of(&arrangements[sp], side))
                    .or_default()
                    .push(sp);
            }
        }
    }
    let pawn_sides: usize = groups.values().map(Vec::len).sum();
    let total = (pawn_sides + arrangements.len()) as f64;
    let done = AtomicUsize::new(0);
    let report = |n: usize| progress((done.fetch_add(n, Ordering::Relaxed) + n) as f64 / total);
    // Costliest groups first, one task each, so that no thread is left with a big one at the end.
    // A group's castling game only goes where the swap lemma leaves structures unsafe, so the
    // number of those (worked out for every group at once, in parallel) measures its cost better
    // than its size does, which breaks ties. As soon as a group is decided, the witnesses of its
    // members are searched, in parallel, and fill the time a thread would otherwise wait for the
    // last big group. The order changes only the schedule, never what is found.
    let mut groups: Vec<_> = groups
        .into_par_iter()
        .map(|(key, members)| {
            let unsafe_structures = swap::structures_within(bound) - key.safe_structures(bound);
            (unsafe_structures, key, members)
        })
        .collect();
    groups.sort_by_key(|(unsafe_structures, key, members)| {
        (
            std::cmp::Reverse(*unsafe_structures),
            std::cmp::Reverse(members.len()),
            *key,
        )
    });
    let searched: Vec<(CastlingSide, usize, pawn::PawnOutcome)> = groups
        .par_iter()
        .with_max_len(1)
        .flat_map(|(_, key, members)| {
            let side = key.side;
            let group: Vec<Arrangement> = members.iter().map(|&sp| arrangements[sp]).collect();
            let decisions = pawn::decide_group(&group, side, bound);
            let witnesses: Vec<(CastlingSide, usize, pawn::PawnOutcome)> = members
                .par_iter()
                .zip(decisions)
                .map(|(&sp, decision)| {
                    (
                        side,
                        sp,
                        side_witness(&arrangements[sp], side, bound, decision),
                    )
                })
                .collect();
            report(members.len());
            witnesses
        })
        .collect();
    let mut outcomes: Vec<ByCastlingSide<Option<pawn::PawnOutcome>>> = (0..arrangements.len())
        .map(|_| ByCastlingSide::new(|_| None))
        .collect();
    for (side, sp, outcome) in searched {
        *outcomes[sp].get_mut(side) = Some(outcome);
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
            report(1);
            analysis
        })
        .collect()
}

/// The witness of one side of a group that [`pawn::decide_group`] has decided: searched
/// alone, stopping at its first castled position (for an after-pawn-move side: at the first one
/// no walk reaches), the same one [`Analysis::new`] shows for a single arrangement. The count of
/// cores is the group search's.
fn side_witness(
    arrangement: &Arrangement,
    side: CastlingSide,
    bound: usize,
    decision: pawn::GroupDecision,
) -> pawn::PawnOutcome {
    let outcome = if decision.unwalkable {
        pawn::analyse(arrangement, side, bound)
    } else {
        pawn::witness(arrangement, side, bound)
    };
    assert_eq!(
        outcome.verdict == Verdict::AfterPawnMove,
        decision.unwalkable,
        "SP {} {side:?}: the group search and the search alone disagree",
        arrangement.sp()
    );
    pawn::PawnOutcome {
        cores: decision.cores,
        ..outcome
    }
}
