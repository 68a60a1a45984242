//! Everything castle960 works out about one arrangement, computed once and shared by the report
//! and the `show` command.

use crate::arrangement::Arrangement;
use crate::rule::{self, RuleCase};
use crate::side::BySide;
use rayon::prelude::*;

/// The analysis of one arrangement.
#[derive(Clone, Debug)]
pub struct Analysis {
    pub arrangement: Arrangement,
    /// The closed-form rule's verdict per side.
    pub rule: BySide<RuleCase>,
}

impl Analysis {
    pub fn new(arrangement: Arrangement) -> Analysis {
        Analysis {
            arrangement,
            rule: rule::evaluate(&arrangement),
        }
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
