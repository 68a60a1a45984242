//! Why the closed-form rule and the search disagree: each disagreement sorted into the pattern
//! that causes it, recognized from the witness games themselves.

use crate::chess::piece::OFFICERS;
use crate::chess::{CastlingSide, File, Piece, Rank, Square};
use crate::start::analysis::Analysis;
use crate::start::board::{WhiteBoard, first_rank};
use crate::start::search::pawn::Verdict;

/// A cause of disagreement between the rule and the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Pattern {
    /// Rule: artificial-only. Search: after-pawn-move. After castling both rooks stand on the
    /// same side of the king, but without castling the king never gets out from between them:
    /// neither it nor either rook can reach a hole in the pawn wall on its way. The rule counts
    /// knight holes for the pieces in the way, but not whether the king can pass its own rook.
    KingLockedBetweenRooks,
    /// Rule: after-pawn-move. Search: artificial-only. The walk takes the king off the first
    /// rank through the hole the pawn move opened, so that the rooks get past each other behind
    /// it, and brings it back: the rule does not let the king leave the first rank.
    KingStepsAside,
    /// Any other disagreement.
    Other,
}

impl Pattern {
    /// Every pattern in the order `analysis.md` presents them.
    pub const ALL: [Pattern; 3] = [
        Pattern::KingLockedBetweenRooks,
        Pattern::KingStepsAside,
        Pattern::Other,
    ];

    /// The heading of the pattern's section in `analysis.md`.
    pub const fn title(self) -> &'static str {
        match self {
            Pattern::KingLockedBetweenRooks => "The king is locked between its rooks",
            Pattern::KingStepsAside => "The king steps aside",
            Pattern::Other => "Other disagreements",
        }
    }
}

/// The position right after the castling move of the side's castling game.
pub fn castled_board(analysis: &Analysis, side: CastlingSide) -> WhiteBoard {
    let mut board = WhiteBoard::start(&analysis.arrangement);
    for &mv in &analysis.verdicts.get(side).castle_line.moves {
        let castles = board.castling_side(mv).is_some();
        board.play(mv).expect("witness lines are legal");
        if castles {
            break;
        }
    }
    board
}

/// The pieces of one kind that can never leave ranks 1-2 of a position, and where pieces of
/// that kind stand there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stuck {
    /// The kind.
    pub piece: Piece,
    /// How many pieces of that kind can never leave.
    pub count: usize,
    /// The ranks-1-2 squares holding a piece of that kind, a1 first. When there are more of
    /// them than `count`, the search does not say which ones are stuck (it names kinds only).
    pub squares: Vec<Square>,
}

/// The pieces that can never leave ranks 1-2 again from a real position without further pawn
/// moves, by kind (in the order king, queen, rook, bishop, knight), with their squares: the
/// pawn-move search's [`crate::start::search::pawn::stuck_pieces`] asked once for `show` and
/// `analysis.md` alike.
pub fn stuck_pieces(board: &WhiteBoard) -> Vec<Stuck> {
    let kinds = crate::start::search::pawn::stuck_pieces(
        &crate::start::search::model::Pos::from_board(board),
    );
    OFFICERS
        .into_iter()
        .filter_map(|piece| {
            let count = kinds.iter().filter(|&&k| k == piece).count();
            (count > 0).then(|| Stuck {
                piece,
                count,
                squares: [Rank::First, Rank::Second]
                    .into_iter()
                    .flat_map(|rank| File::ALL.map(move |file| Square::new(file, rank)))
                    .filter(|&s| board.piece_on(s) == Some(piece))
                    .collect(),
            })
        })
        .collect()
}

/// Whether both rooks stand on the first rank on the same side of the king.
fn rooks_on_one_side(board: &WhiteBoard) -> bool {
    let on_rank = |piece: Piece| -> Vec<File> {
        File::ALL
            .into_iter()
            .filter(|&f| board.piece_on(first_rank(f)) == Some(piece))
            .collect()
    };
    let (king, rooks) = (on_rank(Piece::King), on_rank(Piece::Rook));
    match (king.as_slice(), rooks.as_slice()) {
        ([k], [a, b]) => (a < k) == (b < k),
        _ => false,
    }
}

/// Whether the side's walk takes the king off the first rank at some point.
fn king_steps_aside(analysis: &Analysis, side: CastlingSide) -> bool {
    let Some(walk) = &analysis.verdicts.get(side).walk_line else {
        return false;
    };
    let mut board = WhiteBoard::start(&analysis.arrangement);
    walk.moves.iter().any(|&mv| {
        board.play(mv).expect("witness lines are legal");
        Square::ALL
            .into_iter()
            .any(|s| s.rank() > Rank::First && board.piece_on(s) == Some(Piece::King))
    })
}

/// The pattern behind a disagreement, or `None` where rule and search agree, or where the
/// search is undecided within its bound (`not-within-bound` contradicts no claim).
pub fn classify(analysis: &Analysis, side: CastlingSide) -> Option<Pattern> {
    if analysis.verdict_agrees(side) || analysis.verdicts[side].verdict == Verdict::NotWithinBound {
        return None;
    }
    let rule = analysis.rule.get(side).claim();
    let found = analysis.verdicts.get(side).verdict;
    Some(match (rule, found) {
        (Verdict::ArtificialOnly, Verdict::AfterPawnMove)
            if rooks_on_one_side(&castled_board(analysis, side)) =>
        {
            Pattern::KingLockedBetweenRooks
        }
        (Verdict::AfterPawnMove, Verdict::ArtificialOnly) if king_steps_aside(analysis, side) => {
            Pattern::KingStepsAside
        }
        _ => Pattern::Other,
    })
}
