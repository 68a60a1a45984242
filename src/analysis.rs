//! Everything castle960 works out about one arrangement, computed once and shared by the report
//! and the `show` command.

use crate::arrangement::Arrangement;
use crate::no_pawn;
use crate::rule::{self, RuleCase, RuleClaim};
use crate::side::{BySide, Side};
use rayon::prelude::*;

/// The analysis of one arrangement.
#[derive(Clone, Debug)]
pub struct Analysis {
    pub arrangement: Arrangement,
    /// The closed-form rule's verdict per side.
    pub rule: BySide<RuleCase>,
    /// The exhaustive search for castling without a pawn move, per side.
    pub no_pawn: BySide<Option<no_pawn::Castling>>,
}

impl Analysis {
    pub fn new(arrangement: Arrangement) -> Analysis {
        Analysis {
            arrangement,
            rule: rule::evaluate(&arrangement),
            no_pawn: BySide::new(|side| no_pawn::search(&arrangement, side)),
        }
    }

    /// Whether the rule's claim about castling *without a pawn move* matches the search.
    pub fn rule_agrees_no_pawn(&self, side: Side) -> bool {
        (self.rule.get(side).claim() == RuleClaim::NoPawnMove) == self.no_pawn.get(side).is_some()
    }

    /// Whether the closed-form rule says this arrangement can reach a position requiring castling.
    pub fn rule_requires_castling(&self) -> bool {
        rule::requires_castling(&self.rule)
    }
}

/// Analyses all 960 arrangements in parallel. The result is in SP order whatever the number of
/// threads, because rayon's indexed `collect` keeps positions.
pub fn analyse_all() -> Vec<Analysis> {
    (0..crate::arrangement::COUNT)
        .into_par_iter()
        .map(|sp| Analysis::new(Arrangement::from_sp(sp).expect("sp is in range")))
        .collect()
}
