//! The explanation of one position: for each colour and side, every castling the rule allows,
//! whether it is legal now, legal when it is that colour's turn, or not legal, with every reason
//! that stands. [`explain_rule`] explains under any rule ([`RuleExplanation`], JSON schema 2);
//! [`explain`] is Chess960's explanation, one castling per side ([`Explanation`], JSON schema
//! 1), built from the same judgement.

use crate::chess::{ByCastlingSide, CastlingSide, Rule};
use cozy_chess::{BitBoard, Board, Color, Piece, Square};
use serde::Serialize;
use std::fmt;

use super::context::GameContext;
use super::json::ser_color;
use super::later::{Later, Limits, NeverWhy, fewest_moves, fewest_moves_for};
use super::legality::{Status, attackers, checks_given};
use super::notation::{Notation, RuleNotation};
use super::reason::{Attacker, Passage, Reason, WhenLost, side_heading};
use crate::chess::ByColor;
use crate::chess::Castling;
use crate::chess::Man;
use crate::words;
use itertools::Itertools;

/// The version of the JSON schema written by [`Explanation`]'s `Serialize`; it changes whenever a
/// field is renamed, removed or changes meaning (adding a field does not change it).
pub const SCHEMA: u32 = 1;

/// The version of the JSON schema written by [`RuleExplanation`]'s `Serialize` (any rule, every
/// castling of a side in a list); it changes like [`SCHEMA`].
pub const RULE_SCHEMA: u32 = 2;

/// One castling of one colour on one side, explained: under Chess960's rule the side's one
/// castling, with its [`Notation`]; under any rule ([`RuleExplanation`]) one of the side's
/// castlings, with its [`RuleNotation`]. The castling `C`, its reasons `R` and its later answer
/// `L` are the eight-file board's here; the ten-file explainer fills them with its own
/// ([`crate::ten::castling::TenSideCastling`]), so both boards' answers have one shape and one
/// JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SideExplanation<N = Notation, C = Castling, R = Reason, L = Later> {
    /// The colour that would castle.
    #[serde(serialize_with = "ser_color")]
    pub color: Color,
    /// The side.
    pub side: CastlingSide,
    /// Legal now, legal on its turn, or not legal.
    pub status: Status,
    /// The castling's squares, when king and rook squares are known: from a standing right, or
    /// from the game's start position. `None` when the right is gone and no game is known, or
    /// when the rule allows no castling for this king and rook ([`Reason::NoCastling`]).
    pub castling: Option<C>,
    /// The castling move in the notations users meet (with `castling`).
    pub notation: Option<N>,
    /// Every reason that stands, in a fixed order: right, king and rook squares (or no castling
    /// under the rule), men in the way (a1 to h1), check, attacked squares (in the king's travel
    /// order), check given where the rule forbids it, turn.
    pub reasons: Vec<R>,
    /// Whether castling can become legal later, when asked for with
    /// [`Explanation::with_later`].
    pub later: Option<L>,
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

/// The castlings of a position under a rule (two colours, two sides, each side every castling
/// the rule allows), explained.
///
/// ```
/// use castle960::castling::{explain_rule, Status};
/// use castle960::chess::Rule;
/// use castle960::CastlingSide;
/// use cozy_chess::{Board, Color};
/// // Flexible castling after 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5: on the h-side only K~g1 exists, and
/// // it is legal; on the a-side K~c1 and K~b1, both blocked by the queen's side men.
/// let board = Board::from_fen(
///     "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w HAha - 4 4", true).unwrap();
/// let e = explain_rule(&board, Rule::FLEXIBLE);
/// let short = &e.sides[Color::White][CastlingSide::H];
/// assert_eq!(short.len(), 1);
/// assert_eq!(short[0].status, Status::LegalNow);
/// assert_eq!(short[0].notation.as_ref().unwrap().san, "K~g1");
/// let long: Vec<&str> = e.sides[Color::White][CastlingSide::A].iter()
///     .map(|c| c.notation.as_ref().unwrap().uci.as_str()).collect();
/// assert_eq!(long, ["e1c1", "e1b1"]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleExplanation {
    /// The rule the castlings are judged under.
    pub rule: Rule,
    /// The position, as a Shredder-FEN.
    pub fen: String,
    /// The colour to move.
    pub to_move: Color,
    /// Each colour's castlings on each side, White first, a-side (O-O-O) first, in the rule's
    /// order ([`Rule::paths`]). Never empty: where no castling is known (the right is gone and
    /// no game is known) or the rule allows none, one entry without a castling says why.
    pub sides: ByColor<ByCastlingSide<Vec<SideExplanation<RuleNotation>>>>,
}

/// Explains the four castlings of `board` from the position alone: the castling field gives the
/// rights, and where a right is gone nothing more can be said about that side.
pub fn explain(board: &Board) -> Explanation {
    explain_with(board, None)
}

/// Explains the four castlings of `board`, the position reached in `game` (a game under
/// Chess960's rule; [`explain_rule_in_game`] for any rule): where a right is gone, the move that
/// lost it, and whether king and rook still stand on their home squares.
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

/// Explains one colour's castling on one side under Chess960's rule; [`explain`] calls it for
/// all four.
pub fn explain_side(
    board: &Board,
    color: Color,
    side: CastlingSide,
    game: Option<&GameContext>,
) -> SideExplanation {
    let (castling, reasons) = judge_side(board, color, side, Rule::default(), game)
        .into_iter()
        .next()
        .expect("a side has one entry at least");
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

/// Explains every castling of `board` under `rule`, from the position alone (as [`explain`]).
pub fn explain_rule(board: &Board, rule: Rule) -> RuleExplanation {
    explain_rule_with(board, rule, None)
}

/// Explains every castling of `board`, the position reached in `game`, under the game's rule
/// (as [`explain_in_game`]).
pub fn explain_rule_in_game(board: &Board, game: &GameContext) -> RuleExplanation {
    explain_rule_with(board, game.rule(), Some(game))
}

fn explain_rule_with(board: &Board, rule: Rule, game: Option<&GameContext>) -> RuleExplanation {
    RuleExplanation {
        rule,
        fen: format!("{board:#}"),
        to_move: board.side_to_move(),
        sides: ByColor::new(|color| {
            ByCastlingSide::new(|side| explain_side_rule(board, color, side, rule, game))
        }),
    }
}

/// Explains every castling `rule` allows `color` on `side` ([`explain_rule`] calls it for the
/// four sides), in the rule's order; never empty (see [`RuleExplanation::sides`]).
pub fn explain_side_rule(
    board: &Board,
    color: Color,
    side: CastlingSide,
    rule: Rule,
    game: Option<&GameContext>,
) -> Vec<SideExplanation<RuleNotation>> {
    judge_side(board, color, side, rule, game)
        .into_iter()
        .map(|(castling, reasons)| {
            let status = Status::of(&reasons);
            SideExplanation {
                color,
                side,
                status,
                castling,
                notation: castling.map(|c| RuleNotation::new(board, &c, status)),
                reasons,
                later: None,
            }
        })
        .collect()
}

/// The judgement both explanations share: every castling `rule` allows `color` on `side` with
/// the reasons against it, or, where no castling is known or the rule allows none, one entry
/// without a castling and the reasons why. The castlings are the rule's for the king's and the
/// rook's files: from the standing right, or, once it is gone, from the game's start position.
fn judge_side(
    board: &Board,
    color: Color,
    side: CastlingSide,
    rule: Rule,
    game: Option<&GameContext>,
) -> Vec<(Option<Castling>, Vec<Reason>)> {
    let mut first = Vec::new();
    let files = match Castling::right_files(board, color, side) {
        Some(files) => Some(files),
        None => {
            let lost = match game {
                Some(game) => game.when_lost(color, side),
                None => WhenLost::NotInPosition,
            };
            first.push(Reason::RightGone { lost });
            game.and_then(|g| g.home_files(color, side))
        }
    };
    let castlings = files.map_or_else(Vec::new, |(king, rook)| {
        Castling::of_files(color, king, rook, rule)
    });
    let turn = (board.side_to_move() != color).then(|| Reason::NotYourTurn {
        to_move: board.side_to_move(),
    });
    if castlings.is_empty() {
        if let Some((king, rook)) = files {
            let rank = cozy_chess::Rank::First.relative_to(color);
            first.push(Reason::NoCastling {
                rule,
                king: Square::new(king, rank),
                rook: Square::new(rook, rank),
            });
        }
        first.extend(turn);
        return vec![(None, first)];
    }
    castlings
        .into_iter()
        .map(|c| {
            let mut reasons = first.clone();
            castling_reasons(board, &c, rule, &mut reasons);
            reasons.extend(turn.clone());
            (Some(c), reasons)
        })
        .collect()
}

/// The reasons against castling `c` under `rule` but the right and the turn: king or rook off
/// its home square, or else what the board says.
fn castling_reasons(board: &Board, c: &Castling, rule: Rule, reasons: &mut Vec<Reason>) {
    let color = c.color;
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
        board_reasons(board, c, reasons);
        if !rule.may_give_check() {
            check_given_reason(board, c, rule, reasons);
        }
    }
}

/// [`Reason::GivesCheck`], when castling `c` would give check and `rule` forbids it.
fn check_given_reason(board: &Board, c: &Castling, rule: Rule, reasons: &mut Vec<Reason>) {
    let checks = checks_given(board, c);
    if checks.is_empty() {
        return;
    }
    let by: Vec<Man> = checks
        .iter()
        .map(|square| {
            if square == c.rook_to {
                Man {
                    color: c.color,
                    piece: Piece::Rook,
                    square,
                }
            } else {
                Man::on(board, square).expect("a checking man stands on its square")
            }
        })
        .sorted_by_key(|m| m.square.relative_to(c.color))
        .collect();
    let king = Man::on(board, board.king(!c.color)).expect("the enemy king stands on its square");
    reasons.push(Reason::GivesCheck { rule, king, by });
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
        let passage = Passage::of(square, c.king, c.king_to);
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
    squares
        .iter()
        .map(|square| Man::on(board, square).expect("an attacker stands on its square"))
        .sorted_by_key(|m| m.square.relative_to(color))
        .collect()
}

impl RuleExplanation {
    /// The explanation with [`SideExplanation::later`] filled in for every castling: the fewest
    /// own moves until it is legal with the opponent standing still (see
    /// [`crate::castling::later`]).
    pub fn with_later(mut self, board: &Board, limits: &Limits) -> RuleExplanation {
        let rule = self.rule;
        for color in Color::ALL {
            for side in CastlingSide::BOTH {
                for e in &mut self.sides[color][side] {
                    e.later = Some(match &e.castling {
                        Some(c) => fewest_moves_for(board, c, rule, limits),
                        None if matches!(e.reasons.first(), Some(Reason::NoCastling { .. })) => {
                            Later::Never {
                                why: NeverWhy::NoCastling,
                            }
                        }
                        None => Later::Never {
                            why: NeverWhy::RightGone,
                        },
                    });
                }
            }
        }
        self
    }

    /// Every castling, White first, a-side first, each side's in the rule's order.
    pub fn iter(&self) -> impl Iterator<Item = &SideExplanation<RuleNotation>> {
        self.sides
            .iter()
            .flat_map(|(_, by_side)| by_side.iter().flat_map(|(_, e)| e))
    }
}

/// JSON schema 2: `{"schema", "rule", "fen", "to_move", "sides": {"white": {"a": [...], "h":
/// [...]}, "black": ...}}`; the README's `castle --json` section describes every field.
impl Serialize for RuleExplanation {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("RuleExplanation", 5)?;
        st.serialize_field("schema", &RULE_SCHEMA)?;
        st.serialize_field("rule", &self.rule)?;
        st.serialize_field("fen", &self.fen)?;
        st.serialize_field("to_move", words::color(self.to_move))?;
        st.serialize_field("sides", &self.sides)?;
        st.end()
    }
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

impl<N> SideExplanation<N> {
    /// The explanation in lines: `heading: status [uci]`, then each reason and the later answer.
    fn write(&self, f: &mut fmt::Formatter<'_>, heading: &str, uci: Option<&str>) -> fmt::Result {
        write!(
            f,
            "{} {heading}: {}",
            words::color_title(self.color),
            self.status.words()
        )?;
        if let Some(uci) = uci {
            write!(f, " [{uci}]")?;
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

/// ```text
/// White O-O-O (a-side): not legal [e1a1]
///   - b1 must be empty, but the white knight stands there
/// ```
impl fmt::Display for SideExplanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let uci = self.notation.as_ref().map(|n| n.uci_chess960.as_str());
        self.write(f, &side_heading(self.side), uci)
    }
}

/// ```text
/// White K~b1 (a-side): not legal [e1b1]
///   - b1 must be empty, but the white knight stands there
/// ```
impl fmt::Display for SideExplanation<RuleNotation> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let heading = match &self.notation {
            Some(n) => format!("{} ({}-side)", n.san_without_mark(), self.side.prefix()),
            None => side_heading(self.side),
        };
        self.write(f, &heading, self.notation.as_ref().map(|n| n.uci.as_str()))
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
