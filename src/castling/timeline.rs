//! A game's castling timeline: for each colour and side, the stretches of the game in which
//! castling was legal (on that colour's turn), the stretches in which the same reasons blocked
//! it, and the move that lost the right. It answers the question players ask after a game:
//! "why couldn't I castle long at move 14?" — the stretch holding move 14 says why, and
//! [`explain_in_game`](super::explain_in_game) at that ply says it in full.

use super::context::GameContext;
use super::explain::explain_side;
use super::reason::{Reason, WhenLost};
use crate::chess::{ByCastlingSide, ByColor, CastlingSide};
use cozy_chess::{Board, Color, IllegalMoveError, Move};
use serde::Serialize;

/// How one castling stood through a stretch of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Standing {
    /// Castling was legal whenever it was this colour's move (no reason but, at times, the
    /// turn).
    Legal,
    /// The same reasons (the turn left out) forbade castling throughout.
    Blocked {
        /// The reasons, in the order [`SideExplanation::reasons`](super::SideExplanation)
        /// gives them.
        reasons: Vec<Reason>,
    },
    /// The right was gone, from this stretch to the end of the game.
    RightGone {
        /// When and how it was lost.
        lost: WhenLost,
    },
}

/// A stretch of the game: the positions after `from_ply` up to and including `to_ply` plies
/// (ply 0 is the start position), with one standing throughout.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Stretch {
    /// The first position of the stretch, as a ply count.
    pub from_ply: usize,
    /// The last position of the stretch, as a ply count (inclusive).
    pub to_ply: usize,
    /// How castling stood.
    #[serde(flatten)]
    pub standing: Standing,
}

/// Each colour's two castlings through a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Timeline {
    /// How many plies the game has: positions run from ply 0 to this one.
    pub plies: usize,
    /// For each colour and side, the stretches in order, covering every ply once.
    pub sides: ByColor<ByCastlingSide<Vec<Stretch>>>,
}

/// The timeline of the game that starts at `start` and plays `moves` (each with its SAN, for
/// naming the move that lost a right).
///
/// ```
/// use castle960::castling::timeline::{timeline, Standing};
/// use castle960::CastlingSide;
/// use cozy_chess::{Board, Color};
/// // 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. Ke2: White's short castling was blocked by the bishop
/// // and the knight (plies 0-2), by the bishop (3-4), legal after 3. Bc4 (5-6), lost by 4. Ke2.
/// let mut moves = Vec::new();
/// for (uci, san) in [("e2e4", "e4"), ("e7e5", "e5"), ("g1f3", "Nf3"), ("b8c6", "Nc6"),
///                    ("f1c4", "Bc4"), ("f8c5", "Bc5"), ("e1e2", "Ke2")] {
///     moves.push((uci.parse().unwrap(), san.to_string()));
/// }
/// let t = timeline(&Board::default(), &moves).unwrap();
/// let short = &t.sides[Color::White][CastlingSide::H];
/// let spans: Vec<(usize, usize)> = short.iter().map(|s| (s.from_ply, s.to_ply)).collect();
/// assert_eq!(spans, [(0, 2), (3, 4), (5, 6), (7, 7)]);
/// assert!(matches!(short[2].standing, Standing::Legal));
/// assert!(matches!(short[3].standing, Standing::RightGone { .. }));
/// ```
pub fn timeline(start: &Board, moves: &[(Move, String)]) -> Result<Timeline, IllegalMoveError> {
    let mut board = start.clone();
    let mut game = GameContext::new(start);
    let mut sides: ByColor<ByCastlingSide<Vec<Stretch>>> =
        ByColor::new(|_| ByCastlingSide::new(|_| Vec::new()));
    let mut record = |board: &Board, game: &GameContext, ply: usize| {
        for color in Color::ALL {
            for side in CastlingSide::BOTH {
                let standing = standing(board, game, color, side);
                let stretches = &mut sides[color][side];
                match stretches.last_mut() {
                    Some(last) if last.standing == standing => last.to_ply = ply,
                    _ => stretches.push(Stretch {
                        from_ply: ply,
                        to_ply: ply,
                        standing,
                    }),
                }
            }
        }
    };
    record(&board, &game, 0);
    for (ply, (mv, san)) in moves.iter().enumerate() {
        game.play(&mut board, *mv, Some(san))?;
        record(&board, &game, ply + 1);
    }
    Ok(Timeline {
        plies: moves.len(),
        sides,
    })
}

/// How `color`'s castling on `side` stands in `board`, the turn left out.
fn standing(board: &Board, game: &GameContext, color: Color, side: CastlingSide) -> Standing {
    let explained = explain_side(board, color, side, Some(game));
    let mut reasons: Vec<Reason> = explained
        .reasons
        .into_iter()
        .filter(|r| !matches!(r, Reason::NotYourTurn { .. }))
        .collect();
    if let Some(Reason::RightGone { lost }) = reasons.first() {
        return Standing::RightGone { lost: lost.clone() };
    }
    if reasons.is_empty() {
        Standing::Legal
    } else {
        reasons.shrink_to_fit();
        Standing::Blocked { reasons }
    }
}
