//! The castling move in the notations users meet: SAN, UCI as Chess960 engines write it (the king
//! takes its own rook), UCI as standard engines write it (the king moves two squares, only in the
//! standard geometry), and what to do in a graphical interface ([`Notation`]); under any rule,
//! the rule's SAN and UCI forms ([`RuleNotation`]). General SAN of whole lines is the notation
//! module's job; this is the castling move alone.

use cozy_chess::{Board, GameStatus, Rank};
use serde::Serialize;

use super::game_move::play_castling;
use super::legality::Status;
use crate::chess::Castling;
use crate::notation::uci::castling_uci;

/// The castling move written in each notation.
///
/// ```
/// use castle960::castling::{Castling, Notation, Status};
/// use castle960::CastlingSide;
/// use cozy_chess::{Board, Color, File};
/// let board = Board::default();
/// let c = Castling::new(Color::White, CastlingSide::H, File::E, File::H);
/// let n = Notation::new(&board, &c, Status::NotLegal);
/// assert_eq!((n.san.as_str(), n.uci_chess960.as_str()), ("O-O", "e1h1"));
/// assert_eq!(n.uci_standard.as_deref(), Some("e1g1"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Notation {
    /// SAN: `O-O` or `O-O-O`, with `+` or `#` when castling is legal (now, or on its turn
    /// after a pass) and gives check or mate.
    pub san: String,
    /// UCI as Chess960 engines write it (`UCI_Chess960` on) and cozy-chess plays it: the king
    /// takes its own rook, `e1h1`.
    pub uci_chess960: String,
    /// UCI as standard engines write it, the king moving two squares (`e1g1`); only where that
    /// form exists: king on e1 (e8) and the rook in the corner (a or h file).
    pub uci_standard: Option<String>,
    /// What to do in a Chess960 interface (lichess, chess.com): drop the king on its own rook.
    pub gui_chess960: String,
    /// What to do in a standard chess interface, only in the standard geometry.
    pub gui_standard: Option<String>,
}

impl Notation {
    /// The notations of castling `c` in `board`; `status` is the castling's status there (the
    /// SAN's check mark is added only when castling is legal now or on its turn).
    pub fn new(board: &Board, c: &Castling, status: Status) -> Notation {
        let standard = c.is_standard_geometry();
        Notation {
            san: format!("{}{}", c.side.san(), check_mark(board, c, status)),
            uci_chess960: c.king_takes_rook().to_string(),
            uci_standard: standard.then(|| format!("{}{}", c.king, c.king_to)),
            gui_chess960: format!(
                "drop the king from {} onto its own rook on {}",
                c.king, c.rook
            ),
            gui_standard: standard.then(|| {
                format!(
                    "move the king two squares, from {} to {}; the rook on {} follows to {}",
                    c.king, c.king_to, c.rook, c.rook_to
                )
            }),
        }
    }
}

/// A castling of any rule in its rule's notations (README, "Castling rules").
///
/// ```
/// use castle960::castling::{RuleNotation, Status};
/// use castle960::chess::{Castling, Rule};
/// use castle960::CastlingSide;
/// use cozy_chess::{Board, Color};
/// let board = Board::default();
/// let free = Castling::of_right_under(&board, Color::White, CastlingSide::H, Rule::FREE);
/// let n = RuleNotation::new(&board, &free[2], Status::NotLegal);
/// assert_eq!((n.san.as_str(), n.uci.as_str()), ("K~g1/R~f1", "e1g1,h1f1"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct RuleNotation {
    /// SAN: `O-O` / `O-O-O` where the rule allows one castling per side, else the tilde
    /// notation `K~b1` (several, told apart by the king's landing square) or `K~g1/R~f1` (the
    /// rook's landing square varying too); `+` or `#` when the castling is legal (now, or on its
    /// turn after a pass) and gives check or mate.
    pub san: String,
    /// The rule's UCI form ([`castling_uci`]).
    pub uci: String,
}

impl RuleNotation {
    /// The notations of castling `c` in `board`; `status` is the castling's status there (the
    /// SAN's check mark is added only when it is legal now or on its turn).
    pub fn new(board: &Board, c: &Castling, status: Status) -> RuleNotation {
        let mark = match status {
            Status::LegalNow => Some(board.clone()),
            Status::LegalOnTurn => board.null_move(),
            Status::NotLegal => None,
        }
        .map_or("", |before| mark_of(&play_castling(&before, c)));
        RuleNotation {
            san: format!("{}{mark}", c.path.san(Rank::First.relative_to(c.color))),
            uci: castling_uci(c),
        }
    }

    /// The SAN without its check or mate mark, naming the castling alone.
    pub fn san_without_mark(&self) -> &str {
        self.san.trim_end_matches(['+', '#'])
    }
}

/// `+`, `#` or nothing: what the position after a move gives the side to move.
fn mark_of(after: &Board) -> &'static str {
    match (after.checkers().is_empty(), after.status()) {
        (true, _) => "",
        (false, GameStatus::Won) => "#",
        (false, _) => "+",
    }
}

/// `+`, `#` or nothing: what castling gives, when it is legal now or on its turn.
fn check_mark(board: &Board, c: &Castling, status: Status) -> &'static str {
    let before = match status {
        Status::LegalNow => board.clone(),
        Status::LegalOnTurn => match board.null_move() {
            Some(passed) => passed,
            None => return "",
        },
        Status::NotLegal => return "",
    };
    let mut after = before;
    if after.try_play(c.king_takes_rook()).is_err() {
        return "";
    }
    mark_of(&after)
}
