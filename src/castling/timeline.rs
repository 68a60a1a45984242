//! A game's castling timeline: for each colour and side, the stretches of the game in which
//! castling was legal (on that colour's turn), the stretches in which the same reasons blocked
//! it, and the move that lost the right. It answers the question players ask after a game:
//! "why couldn't I castle long at move 14?" — the stretch holding move 14 says why, and
//! [`explain_in_game`](super::explain_in_game) at that ply says it in full.

use super::context::GameContext;
use super::explain::explain_side_rule;
use super::game_move::WrittenMove;
use super::notation::RuleNotation;
use super::reason::{Reason, WhenLost};
use crate::chess::{ByCastlingSide, ByColor, Castling, CastlingSide, Rule};
use cozy_chess::{Board, Color, IllegalMoveError};
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

/// Each colour's two castlings through a game under Chess960's rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Timeline {
    /// How many plies the game has: positions run from ply 0 to this one.
    pub plies: usize,
    /// For each colour and side, the stretches in order, covering every ply once.
    pub sides: ByColor<ByCastlingSide<Vec<Stretch>>>,
}

/// Every castling of each colour and side through a game under a rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RuleTimeline {
    /// The game's castling rule (left out of the JSON, whose top level names it).
    #[serde(skip)]
    pub rule: Rule,
    /// How many plies the game has: positions run from ply 0 to this one.
    pub plies: usize,
    /// For each colour and side, each castling the rule allows (the same ones all game long: a
    /// right names its king and rook for good), or one entry without a castling where none is
    /// known or the rule allows none, as [`super::RuleExplanation::sides`] has them.
    pub sides: ByColor<ByCastlingSide<Vec<CastlingTimeline>>>,
}

/// One castling through a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CastlingTimeline {
    /// The castling, when known.
    pub castling: Option<Castling>,
    /// Its SAN (no check mark), naming it among the side's castlings.
    pub san: Option<String>,
    /// The stretches in order, covering every ply once.
    pub stretches: Vec<Stretch>,
}

impl RuleTimeline {
    /// The timeline as Chess960's [`Timeline`]: one castling per side. Under a rule with more
    /// castlings per side, each side's first.
    pub fn into_single(self) -> Timeline {
        Timeline {
            plies: self.plies,
            sides: ByColor::new(|color| {
                ByCastlingSide::new(|side| {
                    self.sides[color][side]
                        .first()
                        .map(|c| c.stretches.clone())
                        .unwrap_or_default()
                })
            }),
        }
    }
}

/// The timeline of the game under Chess960's rule that starts at `start` and plays `moves`, each
/// with its SAN for naming the move that lost a right (a castling is a
/// [`super::GameMove::Castle`]; [`super::GameMove::from_cozy`] makes one of cozy-chess's
/// king-takes-rook move).
///
/// ```
/// use castle960::castling::timeline::{timeline, Standing};
/// use castle960::castling::{GameMove, WrittenMove};
/// use castle960::CastlingSide;
/// use cozy_chess::{Board, Color};
/// // 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. Ke2: White's short castling was blocked by the bishop
/// // and the knight (plies 0-2), by the bishop (3-4), legal after 3. Bc4 (5-6), lost by 4. Ke2.
/// let moves = [("e2e4", "e4"), ("e7e5", "e5"), ("g1f3", "Nf3"), ("b8c6", "Nc6"),
///              ("f1c4", "Bc4"), ("f8c5", "Bc5"), ("e1e2", "Ke2")]
///     .map(|(uci, san)| WrittenMove { mv: GameMove::Plain(uci.parse().unwrap()), san });
/// let t = timeline(&Board::default(), moves).unwrap();
/// let short = &t.sides[Color::White][CastlingSide::H];
/// let spans: Vec<(usize, usize)> = short.iter().map(|s| (s.from_ply, s.to_ply)).collect();
/// assert_eq!(spans, [(0, 2), (3, 4), (5, 6), (7, 7)]);
/// assert!(matches!(short[2].standing, Standing::Legal));
/// assert!(matches!(short[3].standing, Standing::RightGone { .. }));
/// ```
pub fn timeline<'a>(
    start: &Board,
    moves: impl IntoIterator<Item = WrittenMove<'a>>,
) -> Result<Timeline, IllegalMoveError> {
    Ok(timeline_under(start, moves, Rule::default())?.into_single())
}

/// The timeline of the game under `rule` that starts at `start` and plays `moves` (each with its
/// SAN): for every castling the rule allows, its stretches. An illegal move ends it with
/// cozy-chess's error.
///
/// ```
/// use castle960::castling::timeline::{timeline_under, Standing};
/// use castle960::castling::{GameMove, WrittenMove};
/// use castle960::chess::Rule;
/// use castle960::CastlingSide;
/// use cozy_chess::{Board, Color};
/// // Flexible castling, 1. Nf3: White's K~g1 is blocked by the bishop on f1 throughout.
/// let moves = [WrittenMove { mv: GameMove::Plain("g1f3".parse().unwrap()), san: "Nf3" }];
/// let t = timeline_under(&Board::default(), moves, Rule::FLEXIBLE).unwrap();
/// let short = &t.sides[Color::White][CastlingSide::H];
/// assert_eq!(short.len(), 1);
/// assert_eq!(short[0].san.as_deref(), Some("K~g1"));
/// assert_eq!(short[0].stretches.len(), 2); // bishop and knight, then the bishop alone
/// assert!(matches!(short[0].stretches[1].standing, Standing::Blocked { .. }));
/// ```
pub fn timeline_under<'a>(
    start: &Board,
    moves: impl IntoIterator<Item = WrittenMove<'a>>,
    rule: Rule,
) -> Result<RuleTimeline, IllegalMoveError> {
    let mut sides: ByColor<ByCastlingSide<Vec<CastlingTimeline>>> =
        ByColor::new(|_| ByCastlingSide::new(|_| Vec::new()));
    let record = |board: &Board, game: &GameContext| {
        let ply = game.plies();
        for color in Color::ALL {
            for side in CastlingSide::BOTH {
                let castlings = &mut sides[color][side];
                for (i, e) in explain_side_rule(board, color, side, rule, Some(game))
                    .into_iter()
                    .enumerate()
                {
                    let standing = standing(e.reasons);
                    if castlings.len() == i {
                        castlings.push(CastlingTimeline {
                            castling: e.castling,
                            san: e
                                .notation
                                .map(|n| RuleNotation::san_without_mark(&n).to_string()),
                            stretches: Vec::new(),
                        });
                    }
                    let stretches = &mut castlings[i].stretches;
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
        }
    };
    let (_, game) = GameContext::replay_each(start, rule, moves, record)?;
    Ok(RuleTimeline {
        rule,
        plies: game.plies(),
        sides,
    })
}

/// How a castling stands, from its reasons, the turn left out.
fn standing(reasons: Vec<Reason>) -> Standing {
    let mut reasons: Vec<Reason> = reasons
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
