//! Question 3 (Puzzling SE 121794, "Permuting officers during a Chess960 game"): which first
//! ranks, with both rooks on the same side of the king, can a Chess960 game reach without a pawn
//! move? Published answer: 549.
//!
//! **Definition.** A *castled rank* is an order of White's eight officers `KQRRBBNN` on the
//! first rank, all eight on it, both rooks on the same side of the king, that some White game
//! from the start position of some arrangement reaches without moving a pawn (so the whole
//! position is that first rank with all pawns at home). No such rank is itself an arrangement
//! (the king stands between the rooks there), and without pawn moves no man passes another on
//! the first rank except a knight jumping, so only castling can have put both rooks on one side.
//!
//! **Exhaustiveness.** For each of the 960 arrangements the pawnless first-rank game of
//! [`super::first_rank`] is explored completely (breadth first, castling included, the king free
//! to move on afterwards); that module argues its reduction loses no reachable position. The
//! castled ranks are the full first ranks among the explored states with both rooks on one side.
//! The bishops never move, so each castled rank keeps its arrangement's bishops on opposite
//! colours; a rank from one arrangement can be reached from others too, and each is listed once
//! with every arrangement that reaches it.
//!
//! **Against the published 549.** The search finds 539. The published table agrees cell by cell
//! except for dark bishop g1 / light bishop f1 with O-O-O, where it counts 45 ranks and 35 are
//! reachable. The ten others have a knight on h1 and the queen right of the king (`KNRQRBBN`,
//! `NKRRQBBN`, ...): the five squares a1-e1 then hold king, queen, both rooks and a knight, and
//! after O-O-O (king c1, rook d1) only e1 is left of the bishops and right of the king, room for
//! the other rook or the queen, never both; the published count of three orders of `KRRQ` per
//! knight placement overlooks that.

/// Where the question and its published answer are.
pub const SOURCE: &str = "https://puzzling.stackexchange.com/questions/121794";
use super::OfficerOrder;
use super::first_rank::{self, Explored, State};
use crate::chess::{Arrangement, File, Piece};
use crate::start::line::Line;
use std::collections::{BTreeMap, BTreeSet};

/// One castled rank with the arrangements that reach it and a game that does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CastledRank {
    /// The first rank.
    pub rank: OfficerOrder,
    /// The SPs of every arrangement reaching it, ascending.
    pub sps: Vec<u16>,
    /// A game from the first of `sps` that reaches it without a pawn move.
    pub line: Line,
}

/// Whether a full first rank has both rooks on the same side of the king.
fn rooks_on_one_side(state: &State) -> bool {
    let file = |p: Piece| state.rank.iter().position(|&q| q == Some(p));
    let king = file(Piece::King).expect("the king is always on the first rank");
    let rooks: Vec<usize> = (0..8)
        .filter(|&f| state.rank[f] == Some(Piece::Rook))
        .collect();
    rooks.iter().all(|&r| r < king) || rooks.iter().all(|&r| r > king)
}

/// The castled rank a state of the pawnless game stands for, if it is one: a full first rank
/// with both rooks on one side of the king.
fn castled(state: &State) -> Option<OfficerOrder> {
    OfficerOrder::of_rank(&state.rank).filter(|_| rooks_on_one_side(state))
}

/// Every castled rank, ordered by its letters, with the arrangements reaching it and a witness.
pub fn castled_ranks() -> Vec<CastledRank> {
    let mut found: BTreeMap<OfficerOrder, CastledRank> = BTreeMap::new();
    for arrangement in Arrangement::all() {
        let explored = first_rank::explore(&arrangement);
        for state in &explored.order {
            let Some(rank) = castled(state) else {
                continue;
            };
            if let Some(known) = found.get_mut(&rank) {
                // Several rights-states share a rank: count the arrangement once.
                if known.sps.last() != Some(&arrangement.sp()) {
                    known.sps.push(arrangement.sp());
                }
                continue;
            }
            let path = explored.path_to(state).expect("explored states have paths");
            found.insert(
                rank,
                CastledRank {
                    rank,
                    sps: vec![arrangement.sp()],
                    line: first_rank::realize(&arrangement, &path),
                },
            );
        }
    }
    found.into_values().collect()
}

/// The castled ranks `arrangement` reaches, ordered by their letters, from an exploration of its
/// pawnless game: its part of [`castled_ranks`], the report's `castled_ranks_reached` column.
pub fn reached_in(explored: &Explored) -> Vec<OfficerOrder> {
    let ranks: BTreeSet<OfficerOrder> = explored.order.iter().filter_map(castled).collect();
    ranks.into_iter().collect()
}

/// The orders the published table counts in its cell [`PUBLISHED_CELL`]: bishops on its two
/// files, the knights anywhere else, and king, queen and rooks in one of
/// [`PUBLISHED_CELL_ORDERS`] (read a-file first), in letter order.
pub fn candidates(bishops: [File; 2]) -> Vec<OfficerOrder> {
    super::officer_orders()
        .into_iter()
        .filter(|rank| {
            let order: String = rank
                .as_str()
                .chars()
                .filter(|c| "KQR".contains(*c))
                .collect();
            rank.bishop_files() == bishops && PUBLISHED_CELL_ORDERS.contains(&order.as_str())
        })
        .collect()
}

/// The orders of king, queen and rooks the published table counts for [`PUBLISHED_CELL`]
/// (three per placement of the knights: 15 placements, 45 ranks).
pub const PUBLISHED_CELL_ORDERS: [&str; 3] = ["QKRR", "KRQR", "KRRQ"];

/// The published count (Puzzling SE 121794).
pub const PUBLISHED: usize = 549;

/// The cell of the published table that differs from the search: light bishop f1, dark bishop
/// g1, where it counts 45 castled ranks (O-O-O, both rooks right of the king).
pub const PUBLISHED_CELL: ([File; 2], usize) = ([File::F, File::G], 45);

/// For each SP (0..959), how many castled ranks its arrangement reaches: a report column.
pub fn reached_per_sp(ranks: &[CastledRank]) -> Vec<usize> {
    let mut counts = vec![0; usize::from(crate::chess::arrangement::COUNT)];
    for rank in ranks {
        for &sp in &rank.sps {
            counts[usize::from(sp)] += 1;
        }
    }
    counts
}
