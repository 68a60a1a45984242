//! The start arrays of Capablanca Random Chess (CRC, ten files) under the same model as the 960
//! arrangements: Black absent, White makes every move. For each of the 21,836 arrays
//! ([`crate::ten::arrays()`]) and each castling side: whether White can castle without a pawn
//! move (and in how few moves), only after one into a position no castle-free game reaches, or
//! only artificially.
//!
//! CRC castles as Chess960 does, on ten files: the king to the c- or i-file, the rook to the d-
//! or h-file ([`Rule::CHESS960`] on ten files). The searches are the 960's, on a board ten files
//! wide (the model of `start::search::model` with the archbishop and the chancellor):
//! the no-pawn-move search on the first rank ([`no_pawn::fewest`]), the group castling games
//! that decide the pawn-move verdicts ([`pawn::decide_group`]) and the searches of one array
//! that find each side's witness ([`pawn::analyse`], [`pawn::witness`]). What the ten-file
//! analysis does without: the swap lemma (its adversary is worked out for the standard board's
//! pieces), so every castled position is examined one by one and the pawn structures are
//! bounded by a number of files ([`DEFAULT_BOUND`]); the exact shortest-game searches (the
//! games shown are the searches' witnesses); the closed-form rule of seed 001 (written for
//! eight files).
//!
//! Every witness is realized as a real game on [`TenWhiteBoard`] and replayed in the tests on the
//! two-colour ten-file board, whose moves equal Fairy-Stockfish's.

use crate::chess::{ByCastlingSide, CastlingSide, Geometry, Rule};
use crate::start::bound::PawnBound;
use crate::start::search::castling_game::GROUP_SIZE;
use crate::start::search::no_pawn::{self, RankMove};
use crate::start::search::pawn::{self, GroupDecision, PawnOutcome};
use crate::start::search::realize::{RealizeError, realize_on};
use crate::start::verdict::Verdict;
use crate::ten::square::{FILES, Square};
use crate::ten::{CrcArray, Move, TenWhiteBoard};
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The pawn bound of the CRC analysis unless another is asked for: pawns moved on one file.
///
/// Why one: without the swap lemma every castled position is examined one by one, and the
/// chancellor (which slides as a rook and leaps as a knight) is placed by the first-chance
/// rule, not the knights' eager one, so the searches grow about twentyfold with the second
/// pawn file (measured in the README, "Capablanca Random Chess arrays": all 21,836 arrays take
/// about 75 s of CPU at one file and 24 minutes at two). Two files give the same answer (15,018
/// arrays) and the same after-pawn-move sides; they only turn sides that cannot castle with one
/// file into artificial-only ones. On the standard board, where every bound can be run, one
/// pawn file likewise finds all 200 sides that castle after a pawn move, so the answer (629) is
/// the same as with all eight.
pub const DEFAULT_BOUND: PawnBound = PawnBound::ONE;

/// One castling side of one CRC array, decided.
#[derive(Clone, Debug)]
pub struct CrcSide {
    /// The castling: king and rook start and land (CRC's rule, Chess960's on ten files).
    pub castle: Geometry,
    /// The verdict within the bound.
    pub verdict: Verdict,
    /// The fewest preparatory moves when it castles without a pawn move.
    pub no_pawn_moves: Option<usize>,
    /// The witness castling game, White's moves, ending with castling (for artificial-only,
    /// continuing to where the walk ends); empty when castling never becomes legal.
    pub castle_line: Vec<Move>,
    /// For artificial-only: a castle-free game ending in the same placement.
    pub walk_line: Option<Vec<Move>>,
    /// How many castled cores the group search examined one by one.
    pub cores: usize,
    /// A model line that could not be realized (a defect the tests catch).
    pub realize_error: Option<RealizeError>,
}

/// One CRC array, both sides decided.
#[derive(Clone, Debug)]
pub struct CrcAnalysis {
    /// The array.
    pub array: CrcArray,
    /// The most files with moved pawns the searches went through.
    pub bound: PawnBound,
    /// Each side.
    pub sides: ByCastlingSide<CrcSide>,
}

impl CrcAnalysis {
    /// Analyses one array alone, deciding each side exactly as [`analyse_all`] does.
    pub fn new(array: CrcArray, bound: PawnBound) -> CrcAnalysis {
        CrcAnalysis {
            array,
            bound,
            sides: ByCastlingSide::new(|side| {
                let castle = castling(&array, side);
                match no_pawn::fewest(&array, castle) {
                    Some(found) => no_pawn_side(&array, castle, &found),
                    None => {
                        let decision =
                            pawn::decide_group(std::slice::from_ref(&array), castle, bound);
                        pawn_side(&array, castle, bound, decision[0])
                    }
                }
            }),
        }
    }

    /// Whether White can reach a position that requires castling: some side castles without a
    /// pawn move, or after one into a position no castle-free game reaches.
    pub fn requires_castling(&self) -> bool {
        self.sides
            .iter()
            .any(|(_, s)| s.verdict.requires_castling())
    }
}

/// The castling of `side` of `array`: CRC's (Chess960's rule on ten files).
pub fn castling(array: &CrcArray, side: CastlingSide) -> Geometry {
    let rank = array.back_rank();
    let files = |p| (0..FILES).filter(move |&f| rank[f as usize] == p);
    let king = files(crate::ten::Piece::King).next().expect("a king");
    let mut rooks = files(crate::ten::Piece::Rook);
    let rook = match side {
        CastlingSide::A => rooks.next(),
        CastlingSide::H => rooks.next_back(),
    }
    .expect("two rooks");
    Rule::CHESS960.castlings(FILES, king, rook)[0]
}

/// A side that castles without a pawn move: its fewest moves, played on the real board.
fn no_pawn_side(array: &CrcArray, castle: Geometry, found: &[RankMove]) -> CrcSide {
    let mut board = TenWhiteBoard::start(array);
    let mut line = Vec::new();
    let mut landings = no_pawn::third_rank_landings(found, FILES).into_iter();
    for &step in found {
        let on = |file: u8, rank: u8| Square::new(file, rank).expect("on the board");
        let (from, to) = match step {
            RankMove::LeapOut(file) => (on(file, 0), on(landings.next().expect("a landing"), 2)),
            RankMove::Slide { from, to } => (on(from, 0), on(to, 0)),
        };
        let mv = Move {
            from,
            to,
            promotion: None,
        };
        board
            .play(mv)
            .expect("reduced steps are legal on the real board");
        line.push(mv);
    }
    line.push(board.castling_move(castle.side));
    CrcSide {
        castle,
        verdict: Verdict::NoPawnMove,
        no_pawn_moves: Some(found.len()),
        castle_line: line,
        walk_line: None,
        cores: 0,
        realize_error: None,
    }
}

/// A side that needs a pawn move, decided by a group search: its witness searched alone (for
/// after-pawn-move: the first castled position no walk reaches), realized on the real board.
fn pawn_side(
    array: &CrcArray,
    castle: Geometry,
    bound: PawnBound,
    decision: GroupDecision,
) -> CrcSide {
    let outcome = pawn::decided_witness(array, castle, bound, decision);
    let (castle_line, walk_line, realize_error) = witness_games(array, &outcome);
    CrcSide {
        castle,
        verdict: outcome.verdict,
        no_pawn_moves: None,
        castle_line,
        walk_line,
        cores: outcome.cores,
        realize_error,
    }
}

/// The witness games of a pawn-move outcome as real games on ten files: the castling game and,
/// for artificial-only, the castle-free game to the same placement (both with the pooled pieces
/// parked on fixed squares, so that they end alike).
fn witness_games(
    array: &CrcArray,
    outcome: &PawnOutcome,
) -> (Vec<Move>, Option<Vec<Move>>, Option<RealizeError>) {
    let normalize = outcome.walk_steps.is_some();
    let real = |steps: &[crate::start::search::model::Step]| {
        realize_on(TenWhiteBoard::start(array), steps, normalize).map(|moves| {
            moves
                .into_iter()
                .map(|(from, to)| Move {
                    from: Square::from_index(from).expect("a square"),
                    to: Square::from_index(to).expect("a square"),
                    promotion: None,
                })
                .collect::<Vec<Move>>()
        })
    };
    let castle = real(&outcome.castle_steps);
    let walk = outcome.walk_steps.as_deref().map(real);
    let error = castle
        .as_ref()
        .err()
        .or(walk.as_ref().and_then(|w| w.as_ref().err()))
        .cloned();
    (castle.unwrap_or_default(), walk.and_then(Result::ok), error)
}

/// Analyses every array of `arrays` with pawns moved on at most `bound` files, in parallel; the
/// result is in the order of `arrays` whatever the number of threads. `progress` gets the share
/// done (0 to 1).
///
/// The sides that need a pawn move are grouped by king file and castling rook file (their
/// castling games differ only in the start), and each group is searched in chunks of up to
/// `GROUP_SIZE` arrays ([`pawn::decide_group`]); each member's witness is then searched alone.
///
/// `progress` is a trait object, for the reason [`crate::start::analysis::analyse_all_with`]
/// gives.
pub fn analyse_all(
    arrays: &[CrcArray],
    bound: PawnBound,
    progress: &(dyn Fn(f64) + Sync),
) -> Vec<CrcAnalysis> {
    let no_pawn: Vec<ByCastlingSide<Option<Vec<RankMove>>>> = arrays
        .par_iter()
        .map(|a| ByCastlingSide::new(|side| no_pawn::fewest(a, castling(a, side))))
        .collect();
    // The sides that need a pawn move, by (side, king file, rook file): one castling game per
    // chunk of a group.
    let mut groups: BTreeMap<(CastlingSide, u8, u8), Vec<usize>> = BTreeMap::new();
    for (i, found) in no_pawn.iter().enumerate() {
        for (side, found) in found.iter() {
            if found.is_none() {
                let c = castling(&arrays[i], side);
                groups.entry((side, c.king, c.rook)).or_default().push(i);
            }
        }
    }
    let chunks: Vec<(CastlingSide, Vec<usize>)> = groups
        .into_iter()
        .flat_map(|((side, ..), members)| {
            members
                .chunks(GROUP_SIZE)
                .map(|chunk| (side, chunk.to_vec()))
                .collect::<Vec<_>>()
        })
        .collect();
    let total = chunks.iter().map(|(_, c)| c.len()).sum::<usize>().max(1) as f64;
    let done = AtomicUsize::new(0);
    let decided: Vec<((usize, CastlingSide), CrcSide)> = chunks
        .par_iter()
        .with_max_len(1)
        .flat_map(|(side, chunk)| {
            let members: Vec<CrcArray> = chunk.iter().map(|&i| arrays[i]).collect();
            let castle = castling(&members[0], *side);
            let decisions = pawn::decide_group(&members, castle, bound);
            let sides: Vec<((usize, CastlingSide), CrcSide)> = chunk
                .par_iter()
                .zip(decisions)
                .map(|(&i, decision)| ((i, *side), pawn_side(&arrays[i], castle, bound, decision)))
                .collect();
            let n = done.fetch_add(chunk.len(), Ordering::Relaxed) + chunk.len();
            progress(n as f64 / total);
            sides
        })
        .collect();
    let mut decided: BTreeMap<(usize, CastlingSide), CrcSide> = decided.into_iter().collect();
    arrays
        .iter()
        .zip(no_pawn)
        .enumerate()
        .map(|(i, (array, found))| CrcAnalysis {
            array: *array,
            bound,
            sides: ByCastlingSide::new(|side| match found.get(side) {
                Some(found) => no_pawn_side(array, castling(array, side), found),
                None => decided
                    .remove(&(i, side))
                    .expect("every side that needs a pawn move was searched"),
            }),
        })
        .collect()
}
