//! The figures of a run of the analysis that every renderer prints, counted once.
//!
//! The summary on the terminal, `analysis.md` and the gallery each show the puzzle's answer
//! beside the closed-form rule's, the rule's claims against the search's verdicts (a table per
//! side) and the sides where the two disagree. Counting them in each renderer gave three
//! counts of one table that could drift apart (and three defaults for the pawn bound of an
//! empty run); a [`Tally`] is counted here, once, and the renderers only format it.

use crate::chess::{ByCastlingSide, CastlingSide};
use crate::start::analysis::Analysis;
use crate::start::bound::PawnBound;
use crate::start::search::pawn::PawnScope;
use crate::start::verdict::Verdict;

/// The figures of a run over some arrangements (all 960 in the report), in SP order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// How many arrangements the run analysed.
    pub arrangements: usize,
    /// The pawn bound the run searched with (none for an empty run, which searched nothing).
    pub bound: Option<PawnBound>,
    /// Arrangements where White can reach a position that requires castling (the search).
    pub answer: usize,
    /// The same by the closed-form rule.
    pub rule_answer: usize,
    /// Arrangements with some side that castles without a pawn move.
    pub no_pawn_arrangements: usize,
    /// Each side's figures.
    pub sides: ByCastlingSide<SideTally>,
    /// The sides where the rule and the search disagree on castling without a pawn move, in SP
    /// order (the a-side first within an arrangement).
    pub no_pawn_disagreements: Vec<(u16, CastlingSide)>,
    /// The sides where the rule's three-way claim is not the search's verdict, in SP order.
    pub verdict_disagreements: Vec<Disagreement>,
}

/// One castling side's figures.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SideTally {
    /// Sides that castle without a pawn move (the search).
    pub no_pawn_possible: usize,
    /// Sides the rule says castle without a pawn move.
    pub rule_no_pawn: usize,
    /// Sides where rule and search agree on castling without a pawn move.
    pub no_pawn_agree: usize,
    /// `cells[c][v]`: sides the rule claims [`Verdict::THREE`]`[c]` for and the search finds
    /// [`Verdict::ALL`]`[v]`.
    cells: [[usize; 4]; 3],
}

/// A side where the rule's claim is not the search's verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Disagreement {
    /// The arrangement.
    pub sp: u16,
    /// The side.
    pub side: CastlingSide,
    /// What the rule claims.
    pub claim: Verdict,
    /// What the search finds.
    pub found: Verdict,
}

impl Tally {
    /// Counts the figures of `analyses`, a run with one pawn bound.
    pub fn of(analyses: &[Analysis]) -> Tally {
        let mut tally = Tally {
            arrangements: analyses.len(),
            bound: analyses.first().map(|a| a.bound),
            ..Tally::default()
        };
        for a in analyses {
            tally.answer += usize::from(a.requires_castling());
            tally.rule_answer += usize::from(a.rule_requires_castling());
            tally.no_pawn_arrangements += usize::from(a.no_pawn.iter().any(|(_, c)| c.is_some()));
            for side in CastlingSide::BOTH {
                let claim = a.rule.get(side).claim();
                let found = a.verdicts.get(side).verdict;
                let s = &mut tally.sides[side];
                s.no_pawn_possible += usize::from(a.no_pawn.get(side).is_some());
                s.rule_no_pawn += usize::from(claim == Verdict::NoPawnMove);
                s.no_pawn_agree += usize::from(a.rule_agrees_no_pawn(side));
                s.cells[index(&Verdict::THREE, claim)][index(&Verdict::ALL, found)] += 1;
                if !a.rule_agrees_no_pawn(side) {
                    tally.no_pawn_disagreements.push((a.arrangement.sp(), side));
                }
                if claim != found {
                    tally.verdict_disagreements.push(Disagreement {
                        sp: a.arrangement.sp(),
                        side,
                        claim,
                        found,
                    });
                }
            }
        }
        tally
    }

    /// The pawn structures the run searched, for headings. An empty run searched none: pawns
    /// moved on at most 0 files.
    pub fn scope(&self) -> PawnScope {
        self.bound.map_or(PawnScope::AtMostFiles(0), PawnScope::of)
    }
}

impl SideTally {
    /// Sides the rule claims `claim` for (one of [`Verdict::THREE`]) and the search finds
    /// `found`.
    pub fn count(&self, claim: Verdict, found: Verdict) -> usize {
        self.cells[index(&Verdict::THREE, claim)][index(&Verdict::ALL, found)]
    }

    /// Sides the search finds `found` for, whatever the rule claims.
    pub fn found(&self, found: Verdict) -> usize {
        Verdict::THREE.iter().map(|&c| self.count(c, found)).sum()
    }
}

/// Where `verdict` stands in `list`. Every claim of the rule is one of [`Verdict::THREE`] and
/// every verdict of the search one of [`Verdict::ALL`].
fn index(list: &[Verdict], verdict: Verdict) -> usize {
    list.iter()
        .position(|&v| v == verdict)
        .expect("the rule claims one of three verdicts")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Arrangement;

    /// The tally of a few arrangements equals the figures counted one by one.
    #[test]
    fn tally_counts_what_the_analyses_say() {
        let two = PawnBound::within::<8>(2).unwrap();
        let analyses: Vec<Analysis> = [0u16, 9, 16, 518]
            .iter()
            .map(|&sp| Analysis::with_bound(Arrangement::from_sp(sp).unwrap(), two))
            .collect();
        let tally = Tally::of(&analyses);
        assert_eq!(tally.arrangements, 4);
        assert_eq!(tally.bound, Some(two));
        let answer = analyses.iter().filter(|a| a.requires_castling()).count();
        assert_eq!(tally.answer, answer);
        for side in CastlingSide::BOTH {
            let s = &tally.sides[side];
            let total: usize = Verdict::ALL.iter().map(|&v| s.found(v)).sum();
            assert_eq!(total, 4);
            for claim in Verdict::THREE {
                for found in Verdict::ALL {
                    let direct = analyses
                        .iter()
                        .filter(|a| {
                            a.rule.get(side).claim() == claim
                                && a.verdicts.get(side).verdict == found
                        })
                        .count();
                    assert_eq!(s.count(claim, found), direct, "{side:?} {claim} {found}");
                }
            }
        }
        let disagreeing = analyses
            .iter()
            .flat_map(|a| CastlingSide::BOTH.map(|s| a.verdict_agrees(s)))
            .filter(|agrees| !agrees)
            .count();
        assert_eq!(tally.verdict_disagreements.len(), disagreeing);
        assert_eq!(Tally::of(&[]).bound, None);
    }
}
