//! The verdict on a castling side, shared by the closed-form rule's claim and the searches'
//! findings so that the two are compared as values: one of the three verdicts the report
//! defines (README, "The report"), or, for experiments with a bound on the pawn moves,
//! undecided within that bound.

use serde::{Deserialize, Serialize};
use std::fmt;

/// How castling can come about on one side of one arrangement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// Some sequence of non-pawn moves makes this castling legal; the castled position then
    /// always requires castling.
    NoPawnMove,
    /// Castling becomes legal only after pawn moves, and some position right after castling is
    /// reachable by no castle-free game.
    AfterPawnMove,
    /// Castling becomes legal after pawn moves, and every castled position is also reachable by
    /// walking king and rook there (artificial castling).
    ArtificialOnly,
    /// Castling never becomes legal within a bound on the pawn moves the search was given.
    NotWithinBound,
}

impl Verdict {
    /// The three verdicts a side can have when pawn moves are not bounded, in report order.
    pub const THREE: [Verdict; 3] = [
        Verdict::NoPawnMove,
        Verdict::AfterPawnMove,
        Verdict::ArtificialOnly,
    ];

    /// Every verdict, in report order, the experiments' `not-within-bound` last.
    pub const ALL: [Verdict; 4] = [
        Verdict::NoPawnMove,
        Verdict::AfterPawnMove,
        Verdict::ArtificialOnly,
        Verdict::NotWithinBound,
    ];

    /// The verdict's name in the report (`no-pawn-move`, ...).
    pub const fn as_str(self) -> &'static str {
        match self {
            Verdict::NoPawnMove => "no-pawn-move",
            Verdict::AfterPawnMove => "after-pawn-move",
            Verdict::ArtificialOnly => "artificial-only",
            Verdict::NotWithinBound => "not-within-bound",
        }
    }

    /// Whether a side with this verdict lets White reach a position that requires castling.
    pub const fn requires_castling(self) -> bool {
        matches!(self, Verdict::NoPawnMove | Verdict::AfterPawnMove)
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
