//! Question 2 (Puzzling SE 122388, "Chess 960 and Castling #1"): for which arrangements can one
//! say, seeing the start position on the board, that castling is still possible, i.e. the king
//! and at least one rook never moved?
//!
//! The puzzle: "You are given a Chess960 starting position, but you don't know it is actually
//! the starting position (the knights and maybe other pieces moved around)"; its example is the
//! standard arrangement, where Nc3, Nf3, Rb1, Rg1 and back ruins all castling rights. Published
//! answer: 220 (found there by splitting the first rank into the stretches between bishops).
//!
//! **Definition.** An arrangement's rights are *provably intact* when no game from its start
//! position returns to the start position (every man on its start square) with the king moved,
//! or with both rooks moved. Otherwise some such game exists and [`rights_lost`] returns one.
//!
//! **Model and exhaustiveness.** A game back at the start position has made no pawn move (pawns
//! never return) and no capture (all men are there), so it is a game of the pawnless first-rank
//! game of [`super::first_rank`], whose breadth-first exploration visits every reachable
//! position, castling included; that module argues why its reduction (knights off the first
//! rank are "away") loses no reachable position. Black changes nothing: Black's men cannot take
//! White's (nothing is missing), and a check by Black only removes White options, never adds
//! one. So the model with Black absent answers the puzzle exactly; the witness lines keep White's
//! knights on ranks 3-5, so they are also games with Black standing at home and passing.

/// Where the question and its published answer are.
pub const SOURCE: &str = "https://puzzling.stackexchange.com/questions/122388";
use super::first_rank::{self, Explored, State};
use crate::chess::arrangement::Arrangement;
use crate::start::line::Line;

/// The published count (Puzzling SE 122388).
pub const PUBLISHED: usize = 220;

/// A game that returns to the start position of `arrangement` with the king moved or both rooks
/// moved, if one exists: the proof that seeing the start position does not guarantee castling.
/// `None` means the rights are provably intact (the search found no such game and is exhaustive).
pub fn rights_lost(arrangement: &Arrangement) -> Option<Line> {
    rights_lost_in(arrangement, &first_rank::explore(arrangement))
}

/// [`rights_lost`] from an exploration of `arrangement`'s pawnless game made already, so that
/// [`super::Answers`] explores each arrangement once for this question and the next.
pub fn rights_lost_in(arrangement: &Arrangement, explored: &Explored) -> Option<Line> {
    let start = State::start(arrangement);
    let lost = explored
        .order
        .iter()
        .find(|s| s.rank == start.rank && (!s.king_unmoved || s.rooks_unmoved == [false, false]))?;
    let path = explored.path_to(lost).expect("explored states have paths");
    Some(first_rank::realize(arrangement, &path))
}

/// Whether the start position of `arrangement`, whenever seen, proves that the king and at least
/// one rook never moved: the puzzle's per-arrangement answer, a column of the report.
pub fn rights_provably_intact(arrangement: &Arrangement) -> bool {
    rights_lost(arrangement).is_none()
}

/// [`rights_lost`] for all 960 arrangements in SP order (`None` = provably intact).
pub fn all() -> Vec<Option<Line>> {
    Arrangement::all().map(|a| rights_lost(&a)).collect()
}
