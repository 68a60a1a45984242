//! The explanation of one position: for each colour and side, whether castling is legal now,
//! legal when it is that colour's turn, or not legal, with every reason that stands.

use crate::chess::{ByCastlingSide, CastlingSide};
use cozy_chess::{BitBoard, Board, Color, Piece};
use serde::Serialize;
use std::fmt;

use super::context::GameContext;
use super::json::ser_color;
use super::later::{Later, Limits, fewest_moves};
use super::legality::{Status, attackers};
use super::notation::Notation;
use super::reason::{Attacker, Passage, Reason, WhenLost, side_heading};
use crate::chess::ByColor;
use crate::chess::Castling;
use crate::chess::Man;
use crate::words;

/// The version of the JSON schema written by [`Explanation`]'s `Serialize`; it changes whenever a
/// field is renamed, removed or changes meaning (adding a field does not change it).
pub const SCHEMA: u32 = 1;

/// One colour's castling on one side, explained.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SideExplanation {
    /// The colour that would castle.
    #[serde(serialize_with = "ser_color")]
    pub color: Color,
    /// The side.
    pub side: CastlingSide,
    /// Legal now, legal on its turn, or not legal.
    pub status: Status,
    /// The castling's squares, when king and rook squares are known: from a standing right, or
    /// from the game's start position. `None` when the right is gone and no game is known.
    pub castling: Option<Castling>,
    /// The castling move in the notations users meet (with `castling`).
    pub notation: Option<Notation>,
    /// Every reason that stands, in a fixed order: right, king and rook squares, men in the way
    /// (a1 to h1), check, attacked squares (in the king's travel order), turn.
    pub reasons: Vec<Reason>,
    /// Whether castling can become legal later, when asked for with
    /// [`Explanation::with_later`].
    pub later: Option<Later>,
}

/// The four castlings of a position (two colours, two sides), explained.
///
/// ```
/// use castle960::castling::{explain, Status};
/// use castle960::CastlingSide;
/// use cozy_chess::{Board, Color};
/// // Standard chess after 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5: White may castle short, not long.
/// let board = Board::from_fen(
///     "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w HAha - 4 4", true).unwrap();
/// let e = explain(&board);
/// assert_eq!(e.sides[Color::White][CastlingSide::H].status, Status::LegalNow);
/// let long = &e.sides[Color::White][CastlingSide::A];
/// assert_eq!(long.status, Status::NotLegal);
/// assert_eq!(long.reasons[0].to_string(), "b1 must be empty, but the white knight stands there");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// The position, as a Shredder-FEN.
    pub fen: String,
    /// The colour to move.
    pub to_move: Color,
    /// Each colour's two castlings, White first, a-side (O-O-O) first.
    pub sides: ByColor<ByCastlingSide<SideExplanation>>,
}

/// Explains the four castlings of `board` from the position alone: the castling field gives the
/// rights, and where a right is gone nothing more can be said about that side.
pub fn explain(board: &Board) -> Explanation {
    explain_with(board, None)
}

/// Explains the four castlings of `board`, the position reached in `game`: where a right is gone,
/// the move that lost it, and whether king and rook still stand on their home squares.
pub fn explain_in_game(board: &Board, game: &GameContext) -> Explanation {
    explain_with(board, Some(game))
}

fn explain_with(board: &Board, game: Option<&GameContext>) -> Explanation {
    Explanation {
        fen: format!("{board:#}"),
        to_move: board.side_to_move(),
        sides: ByColor::new(|color| {
            ByCastlingSide::new(|side| explain_side(board, color, side, game))
        }),
    }
}

/// Explains one colour's castling on one side; [`explain`] calls it for all four.
pub fn explain_side(
    board: &Board,
    color: Color,
    side: CastlingSide,
    game: Option<&GameContext>,
) -> SideExplanation {
    let mut reasons = Vec::new();
    let castling = match Castling::of_right(board, color, side) {
        Some(castling) => Some(castling),
        None => {
            let lost = match game {
                Some(game) => game.when_lost(color, side),
                None => WhenLost::NotInPosition,
            };
            reasons.push(Reason::RightGone { lost });
            game.and_then(|g| g.home_castling(color, side))
        }
    };
    if let Some(c) = &castling {
        let king_home = board.king(color) == c.king;
        let rook_home = board.colored_pieces(color, Piece::Rook).has(c.rook);
        if !king_home {
            reasons.push(Reason::KingNotHome {
                home: c.king,
                now: board.king(color),
            });
        }
        if !rook_home {
            reasons.push(Reason::RookNotHome {
                home: c.rook,
                there: Man::on(board, c.rook),
            });
        }
        if king_home && rook_home {
            board_reasons(board, c, &mut reasons);
        }
    }
    if board.side_to_move() != color {
        reasons.push(Reason::NotYourTurn {
            to_move: board.side_to_move(),
        });
    }
    let status = Status::of(&reasons);
    SideExplanation {
        color,
        side,
        status,
        castling,
        notation: castling.map(|c| Notation::new(board, &c, status)),
        reasons,
        later: None,
    }
}

/// The reasons the board itself gives against castling `c` (king and rook in place): men in the
/// way, check, attacked squares of the king's path.
fn board_reasons(board: &Board, c: &Castling, reasons: &mut Vec<Reason>) {
    for square in board.occupied() & c.must_be_empty {
        let man = Man::on(board, square).expect("an occupied square holds a man");
        reasons.push(Reason::Occupied { man });
    }
    let enemy = !c.color;
    let checkers = attackers(board, c.king, enemy, board.occupied());
    if !checkers.is_empty() {
        reasons.push(Reason::InCheck {
            by: men(board, checkers, c.color),
        });
    }
    let after = c.occupied_after(board.occupied());
    let rook_stays = board.occupied() & !c.king.bitboard();
    for square in c.king_path() {
        let mut by = attackers(board, square, enemy, after);
        if square == c.king {
            by &= !checkers;
        }
        if by.is_empty() {
            continue;
        }
        let shown_now = attackers(board, square, enemy, rook_stays);
        let passage = match (square == c.king, square == c.king_to) {
            (true, true) => Passage::StaysOn,
            (true, false) => Passage::StandsOn,
            (false, true) => Passage::LandsOn,
            (false, false) => Passage::Crosses,
        };
        reasons.push(Reason::Attacked {
            square,
            passage,
            by: men(board, by, c.color)
                .into_iter()
                .map(|man| Attacker {
                    man,
                    revealed: !shown_now.has(man.square),
                })
                .collect(),
        });
    }
}

/// The men on `squares` as `color` sees the board: its back rank first, files a to h, so that
/// Black's explanations read like White's.
fn men(board: &Board, squares: BitBoard, color: Color) -> Vec<Man> {
    let mut men: Vec<Man> = squares
        .iter()
        .map(|square| Man::on(board, square).expect("an attacker stands on its square"))
        .collect();
    men.sort_by_key(|m| m.square.relative_to(color));
    men
}

impl Explanation {
    /// The explanation with [`SideExplanation::later`] filled in for all four castlings: the
    /// fewest own moves until castling is legal with the opponent standing still (see
    /// [`crate::castling::later`]).
    pub fn with_later(mut self, board: &Board, limits: &Limits) -> Explanation {
        for color in [Color::White, Color::Black] {
            for side in CastlingSide::BOTH {
                self.sides[color][side].later = Some(fewest_moves(board, color, side, limits));
            }
        }
        self
    }

    /// The four castlings, White first, a-side first.
    pub fn iter(&self) -> impl Iterator<Item = &SideExplanation> {
        self.sides
            .iter()
            .flat_map(|(_, by_side)| by_side.iter().map(|(_, e)| e))
    }
}

/// JSON: `{"schema", "fen", "to_move", "sides": {"white": {"a", "h"}, "black": {"a", "h"}}}`;
/// the module documentation of [`crate::castling`] describes every field.
impl Serialize for Explanation {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("Explanation", 4)?;
        st.serialize_field("schema", &SCHEMA)?;
        st.serialize_field("fen", &self.fen)?;
        st.serialize_field("to_move", words::color(self.to_move))?;
        st.serialize_field("sides", &self.sides)?;
        st.end()
    }
}

/// ```text
/// White O-O-O (a-side): not legal
///   - b1 must be empty, but the white knight stands there
/// ```
impl fmt::Display for SideExplanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {}: {}",
            words::color_title(self.color),
            side_heading(self.side),
            self.status.words()
        )?;
        if let Some(n) = &self.notation {
            write!(f, " [{}]", n.uci_chess960)?;
        }
        for reason in &self.reasons {
            write!(f, "\n  - {reason}")?;
        }
        if let Some(later) = &self.later {
            write!(f, "\n  later: {later}")?;
        }
        Ok(())
    }
}

/// The four castlings, one block each.
impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, side) in self.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{side}")?;
        }
        Ok(())
    }
}
