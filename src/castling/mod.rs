//! Castling in any position, standard chess and Chess960, both colours: is it legal, and if not,
//! why; can it become legal later; how the move is written.
//!
//! # The rules (FIDE Laws art. 3.8 and Guidelines II for Chess960)
//!
//! A colour may castle on a side when
//! 1. its castling right on that side still stands: neither its king nor that rook has moved
//!    (a FEN's castling field records it; a game records it move by move);
//! 2. every square from the king's square to its destination and from the rook's square to its
//!    destination, both inclusive, is empty apart from that king and that rook
//!    ([`Castling::must_be_empty`]);
//! 3. the king is not in check;
//! 4. no square the king crosses or lands on is attacked (art. 3.8.2.2.1; Guidelines II), judged
//!    on the board as castling leaves it: the king lifted off its square and the castling rook
//!    already on its destination ([`Castling::occupied_after`]). So a line the castling rook
//!    used to block counts (an enemy queen on a1 behind a castling rook on b1 attacks a king
//!    landing on c1), an attack on the rook or on squares only the rook crosses does not matter,
//!    and an attack along the rank that the rook's destination blocks is not named: the castled
//!    rook on f8 shields g8 from a queen on e8, a rook that stays on its square shields the
//!    squares behind it, and an enemy rook on h1 seen once the castling rook leaves g1 reaches f1
//!    and g1 but not e1 behind the rook's destination f1. This is the reading of "king and rook
//!    lifted" that the Laws mean: king and rook arrive together, so at no moment of the castling
//!    move does such an attack reach the king. Legality is the same under either reading (an
//!    attack that only the rook's destination blocks meets the king's square, or a square that
//!    must be empty, first); only the squares named differ. `tests/castling/attack_model.rs`
//!    shows each form beside the other reading;
//! 5. it is that colour's move.
//!
//! In Chess960 the king may already stand on its destination (g1 for O-O), the rook may already
//! stand on its destination (d1 for O-O-O), and the king may cross its own castling rook's square.
//! Black's castling mirrors White's on rank 8.
//!
//! # What this module gives
//!
//! * [`explain`] (a position) and [`explain_in_game`] (a position reached in a game, with a
//!   [`GameContext`]): for each colour and side a [`SideExplanation`] with a [`Status`] (legal
//!   now, legal on its turn, not legal) and every [`Reason`] that stands. Legal now exactly when
//!   no reason stands; legal on its turn exactly when the only reason is the turn.
//! * [`fewest_moves`] (or [`Explanation::with_later`]): the fewest own moves until castling is
//!   legal with the opponent standing still, and one shortest line ([`later`] defines the model
//!   and proves the search).
//! * [`Notation`]: the castling move in SAN, in UCI both ways, and in a GUI;
//!   [`crate::notation::uci::read_uci`] reads either UCI form.
//!
//! # Under the variants' castling rules
//!
//! A [`crate::chess::Rule`] (Chess480, free, flexible, fast castling) changes where king and rook
//! land and which squares must be empty or safe; conditions 1, 3 and 5 stay, and free castling
//! adds one: the castling may not give check ([`Reason::GivesCheck`]). A side may then have
//! several castlings. [`explain_rule`] and [`explain_rule_in_game`] explain every one
//! ([`RuleExplanation`], JSON schema 2, documented in the README), [`fewest_moves_for`] searches
//! for any one, [`legal_castlings`] lists the legal ones, [`play_castling`] plays one (cozy-chess
//! knows Chess960's castling only) and [`GameMove`] is a move of a game under a rule. Chess960's
//! explanation above is the same judgement under [`crate::chess::Rule::CHESS960`].
//!
//! ```
//! use castle960::castling::{explain, Reason, Status};
//! use castle960::CastlingSide;
//! use cozy_chess::{Board, Color};
//! // Chess960: an enemy queen on a1 behind White's castling rook on b1. The king on c1 is not in
//! // check now, but after O-O-O (rook to d1) the queen's line is open: not legal.
//! let board = Board::from_fen("7k/8/8/8/8/8/8/qRK5 w B - 0 1", true).unwrap();
//! let e = explain(&board);
//! let long = &e.sides[Color::White][CastlingSide::A];
//! assert_eq!(long.status, Status::NotLegal);
//! let Reason::Attacked { square, by, .. } = &long.reasons[0] else { panic!() };
//! assert_eq!((square.to_string(), by[0].revealed), ("c1".to_string(), true));
//! ```
//!
//! # JSON (schema 1)
//!
//! [`Explanation`] serialises (serde) to one object; fields appear in the order listed. Squares
//! are strings like `"e1"`, colours `"white"`/`"black"`, pieces `"king"`, `"queen"`, `"rook"`,
//! `"bishop"`, `"knight"`, `"pawn"`, moves UCI strings with castling as the king taking its own
//! rook (`"e1h1"`), sides `"a"` (O-O-O) and `"h"` (O-O). The `schema` number changes when a field
//! is renamed, removed or changes meaning.
//!
//! ```text
//! {
//!   "schema": 1,
//!   "fen": "<the position as a Shredder-FEN>",
//!   "to_move": "white",
//!   "sides": { "white": { "a": SIDE, "h": SIDE }, "black": { "a": SIDE, "h": SIDE } }
//! }
//! SIDE = {
//!   "color": "white", "side": "a",
//!   "status": "legal_now" | "legal_on_turn" | "not_legal",
//!   "castling": null | {              // null: right gone and no game known
//!     "color", "side", "king": "e1", "rook": "a1", "king_to": "c1", "rook_to": "d1",
//!     "must_be_empty": ["b1", "c1", "d1"],   // a1..h8 order
//!     "king_path": ["e1", "d1", "c1"]        // the king's travel order
//!   },
//!   "notation": null | {
//!     "san": "O-O-O",                        // "+"/"#" added when legal and checking/mating
//!     "uci_chess960": "e1a1", "uci_standard": "e1c1" | null,
//!     "gui_chess960": "drop the king ...", "gui_standard": "move the king two squares ..." | null
//!   },
//!   "reasons": [REASON, ...],                 // fixed order, see SideExplanation::reasons
//!   "later": null | LATER                     // null unless asked for
//! }
//! MAN = { "color": "black", "piece": "bishop", "square": "c4" }
//! REASON = one of
//!   { "kind": "right_gone", "lost": LOST }
//!   { "kind": "king_not_home", "home": "e1", "now": "f1" }
//!   { "kind": "rook_not_home", "home": "a1", "there": MAN | null }
//!   { "kind": "occupied", "man": MAN }
//!   { "kind": "in_check", "by": [MAN, ...] }
//!   { "kind": "attacked", "square": "f1",
//!     "passage": "stands_on" | "crosses" | "lands_on" | "stays_on",
//!     "by": [{ "color", "piece", "square", "revealed": false }, ...] }
//!   (judged with the king lifted and the castling rook on its destination, rule 4 above;
//!   "revealed": the attack runs through the castling rook's square)
//!   (men in `in_check` and `attacked` are listed from the castling colour's back rank on,
//!   files a to h on each rank)
//!   { "kind": "not_your_turn", "to_move": "black" }
//! LOST = { "kind": "not_in_position" } | { "kind": "before_game" }
//!      | { "kind": "in_game", "ply": 17, "fullmove": 9, "mover": "white", "move": "e1f1",
//!          "san": "Kf1" | null,
//!          "how": "king_moved" | "castled" | "rook_moved" | "rook_captured" }
//! LATER = { "kind": "fewest", "moves": 3, "line": ["e2e3", "g1f3", "f1e2"],
//!           "san": ["e3", "Nf3", "Be2"] }
//!       | { "kind": "more_than", "moves": 8, "budget_exhausted": false }
//!       | { "kind": "never", "why": { "kind": "right_gone" } | { "kind": "opponent_in_check" }
//!           | { "kind": "enemy_king_in_the_way", "king": "d1" }
//!           | { "kind": "enemy_king_attacks", "king": "f2", "square": "f1" }
//!           | { "kind": "no_line" } }
//! ```

mod context;
mod explain;
mod game_move;
mod json;
pub mod later;
mod legality;
mod notation;
mod reason;
pub(crate) mod search;
pub mod timeline;

pub use crate::chess::Castling;
pub use context::{GameContext, Homes};
pub use explain::{
    Explanation, RULE_SCHEMA, RuleExplanation, SCHEMA, SideExplanation, explain, explain_in_game,
    explain_rule, explain_rule_in_game, explain_side, explain_side_rule,
};
pub use game_move::{GameMove, WrittenMove, play_castling};
pub(crate) use json::{ser_color, ser_square};
pub use later::{Later, Limits, NeverWhy, fewest_moves, fewest_moves_for};
pub(crate) use legality::attackers;
pub use legality::{Status, legal_castlings, legal_moves};
pub use notation::{Notation, RuleNotation};
pub use reason::{Attacker, LostBy, NamedMan, Passage, Reason, RightLost, WhenLost};
