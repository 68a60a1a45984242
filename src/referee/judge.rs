//! Judging an engine's answer against castle960's: the castling moves each gives, and the move
//! count, for one position; and, where they differ, the FIDE rule that decides it, in
//! castle960's words (the reasons of [`crate::castling::explain`]).

use super::ours;
use super::uci::Perft;
use crate::castling::{Status, explain};
use crate::chess::CastlingSide;
use crate::notation::san::write_san;
use crate::notation::uci::is_castling;
use crate::words;
use cozy_chess::{Board, Move};
use std::fmt;

/// A position where the engine and castle960 disagree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// The position, as a Shredder-FEN (as it was sent to the engine).
    pub fen: String,
    /// castle960's castling moves, king takes rook, in move order.
    pub ours: Vec<Move>,
    /// The engine's castling moves, king takes rook.
    pub theirs: Vec<Move>,
    /// castle960's count (perft to the depth asked: the number of moves at depth 1).
    pub our_count: u64,
    /// The engine's count.
    pub their_count: u64,
    /// Castling moves the engine wrote as the king's destination (`e1g1`) with `UCI_Chess960`
    /// on: a notation difference even where the moves agree.
    pub misnamed: Vec<Move>,
    /// For each castling that one side lists and the other does not, what the rules say: the
    /// castling's SAN and castle960's verdict with every reason that stands.
    pub rulings: Vec<String>,
}

impl Difference {
    /// Whether the moves themselves differ (not only the notation of a castling).
    pub fn moves_differ(&self) -> bool {
        self.ours != self.theirs || self.our_count != self.their_count
    }
}

/// The engine's answer for `board` (its `go perft depth`) judged against castle960's: `None`
/// when both give the same castling moves, the same count, and the engine wrote its castlings as
/// the king taking its rook.
///
/// ```
/// use castle960::referee::judge::judge;
/// use castle960::referee::Perft;
/// use cozy_chess::Board;
/// let board = Board::default();
/// let mut moves = Vec::new();
/// board.generate_moves(|m| { moves.extend(m.into_iter().map(|mv| (mv, 1))); false });
/// let agreeing = Perft { nodes: 20, moves, converted: Vec::new() };
/// assert!(judge(&board, &agreeing, 1).is_none());
/// let short = Perft { nodes: 19, ..agreeing };
/// assert_eq!(judge(&board, &short, 1).unwrap().their_count, 19);
/// ```
pub fn judge(board: &Board, perft: &Perft, depth: u32) -> Option<Difference> {
    let mut ours = ours::castling_moves(board);
    ours.sort_by_key(|m| m.to_string());
    let mut theirs: Vec<Move> = perft
        .moves
        .iter()
        .map(|&(mv, _)| mv)
        .filter(|&mv| is_castling(board, mv))
        .collect();
    theirs.sort_by_key(|m| m.to_string());
    theirs.dedup();
    let our_count = ours::perft(board, depth);
    if ours == theirs && our_count == perft.nodes && perft.converted.is_empty() {
        return None;
    }
    let disputed: Vec<Move> = ours
        .iter()
        .filter(|m| !theirs.contains(m))
        .chain(theirs.iter().filter(|m| !ours.contains(m)))
        .copied()
        .collect();
    Some(Difference {
        fen: format!("{board:#}"),
        rulings: disputed.iter().map(|&mv| ruling(board, mv)).collect(),
        ours,
        theirs,
        our_count,
        their_count: perft.nodes,
        misnamed: perft.converted.clone(),
    })
}

/// What the FIDE rules say of the castling `mv` in `board`, in castle960's words.
fn ruling(board: &Board, mv: Move) -> String {
    let color = board.side_to_move();
    let side = CastlingSide::of(mv.from.file(), mv.to.file());
    let explained = &explain(board).sides[color][side];
    let name = format!("{} {} ({mv})", words::color_title(color), side.san());
    match explained.status {
        Status::LegalNow => {
            let san = write_san(board, mv).unwrap_or_else(|_| side.san().to_string());
            format!("{name} is legal (SAN {san}): no rule forbids it")
        }
        _ => {
            let reasons: Vec<String> = explained.reasons.iter().map(|r| r.to_string()).collect();
            format!("{name} is not legal: {}", reasons.join("; "))
        }
    }
}

/// The difference in a few lines: the position, both answers, and the rulings.
impl fmt::Display for Difference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |moves: &[Move]| {
            if moves.is_empty() {
                "none".to_string()
            } else {
                moves
                    .iter()
                    .map(|m| m.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            }
        };
        writeln!(f, "{}", self.fen)?;
        writeln!(
            f,
            "  castle960: castling {}, {} moves",
            list(&self.ours),
            self.our_count
        )?;
        writeln!(
            f,
            "  engine:    castling {}, {} moves",
            list(&self.theirs),
            self.their_count
        )?;
        if !self.misnamed.is_empty() {
            writeln!(
                f,
                "  the engine wrote {} as the king's destination although UCI_Chess960 is on",
                list(&self.misnamed)
            )?;
        }
        for ruling in &self.rulings {
            writeln!(f, "  rule: {ruling}")?;
        }
        Ok(())
    }
}
