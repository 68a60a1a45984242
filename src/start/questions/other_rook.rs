//! Question 4 (Chess Stack Exchange 37082, "How many Chess960 positions exist in which castling
//! on one side does not require moving the rook on the other side?", answered "chess870 (or
//! chess869)").
//!
//! The question: in the standard game one never has to move one rook to castle with the other;
//! in how many arrangements does that still hold? Its example `RKNRBBQN` needs the h-side rook
//! (d1) moved before O-O-O, as it stands on the king's path; `BQNRKBRN` needs no such move.
//!
//! **Definition.** A side *keeps the other rook* when some White game from the start makes
//! castling on that side legal without the other side's rook ever moving (pawn moves allowed, the
//! king and castling rook unmoved as castling demands). An arrangement counts when both sides
//! keep the other rook.
//!
//! **Search.** The shortest search of [`super::fewest_any`] with the other rook frozen as well.
//! Its estimate is infinite when a frozen man stands on a span square, which then can never be
//! emptied, so the search answers "never" at once; otherwise it finds a shortest line (every
//! other man on the span can leave with the pawn in front of it moved, so one always exists).

/// Where the question and its published answer are.
pub const SOURCE: &str = "https://chess.stackexchange.com/questions/37082";
use super::fewest_any::{Fewest, PLAYABLE_RANKS, search};
use crate::chess::arrangement::Arrangement;
use crate::chess::castling_side::{ByCastlingSide, CastlingSide};

/// The published count ("chess870"), and the alternative the answer leaves open ("or 869").
pub const PUBLISHED: (usize, usize) = (870, 869);

/// The fewest moves before castling on `side` with the other rook never moving, and a shortest
/// line; `None` when castling there always requires moving the other rook.
pub fn keeping_other_rook(arrangement: &Arrangement, side: CastlingSide) -> Option<Fewest> {
    search(arrangement, side, true, PLAYABLE_RANKS)
}

/// [`keeping_other_rook`] for both sides of all 960 arrangements, in SP order.
pub fn all() -> Vec<ByCastlingSide<Option<Fewest>>> {
    Arrangement::all()
        .map(|a| ByCastlingSide::new(|side| keeping_other_rook(&a, side)))
        .collect()
}

/// Whether neither castling ever requires moving the other rook: the question's per-arrangement
/// answer.
pub fn counts(result: &ByCastlingSide<Option<Fewest>>) -> bool {
    result.a.is_some() && result.h.is_some()
}
