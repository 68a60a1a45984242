//! "Why can't I play this move?": any move in any position, standard chess or Chess960, judged
//! against the FIDE Laws with every rule that stands in its way named, in words a club player
//! understands. Castling is judged by [`crate::castling`], whose reasons are carried unchanged.
//!
//! # The rules (FIDE Laws art. 3)
//!
//! A move is legal when every one of these holds; each that does not is a reason, listed in this
//! order:
//! 1. it is the moving colour's turn (art. 1.2) — `not_your_turn`;
//! 2. a man of that colour stands where the move starts (SAN: a man of that piece, on the file or
//!    rank named) — `no_man`;
//! 3. the man moves like that (art. 3.2 to 3.7: the knight's jump, the bishop's diagonals, the
//!    rook's ranks and files, the queen's both, the king's one step, the pawn's step forward,
//!    double step from its starting rank and diagonal capture step), and a pawn reaching the last
//!    rank says what it becomes while no other move does (art. 3.7) — `cannot_move`;
//! 4. the line to the target is empty (art. 3.5), and a pawn going straight ahead goes onto an
//!    empty square (art. 3.7) — `blocked`;
//! 5. the target holds no man of its own colour (art. 3.1) — `own_man_on_target` — and not the
//!    enemy king, which is never taken — `captures_king`; a pawn's diagonal step takes a man
//!    (art. 3.7) — `captures_nothing`;
//! 6. en passant (art. 3.7, see [`en_passant`]): the pawn taken made its double step as the
//!    last move — `no_double_step`, and with a game `moment_passed`; the capturing pawn stands
//!    beside it — `not_beside`;
//! 7. the move does not leave or place its own king in check (art. 3.9, 3.10): a pinned man may
//!    not leave its line — `pinned`; a king in check must be answered — `in_check`; a king may
//!    not step onto an attacked square, judged with the king gone from its own square, so a
//!    slider's line through it reaches the square behind — `king_attacked`; en passant may not
//!    expose the king through the taken pawn's square, above all when both pawns leave the king's
//!    rank together (the horizontal pin) — `en_passant_exposes_king`.
//!
//! Rule 7 is judged whenever the man can move like that, even if its way is blocked: a pinned
//! knight stays pinned whatever square it aims at. Castling (the king written as taking its own
//! rook, or moving two squares in the standard geometry, or `O-O`/`O-O-O`, or words) is judged by
//! [`crate::castling::explain_side`]: its rules and reasons are those of `castle960 castle`,
//! and a rook that is not the castling rook is named (`not_the_castling_rook`). A move is legal
//! now exactly when no reason stands, legal on its turn when the turn alone does; the
//! differential test (`tests/castling/why/differential/`) checks both against cozy-chess and
//! shakmaty, and every reason against a plain computation of its own.
//!
//! # What this module gives
//!
//! * [`read_move`]: the move as asked, in SAN, UCI (both castling forms) or words;
//! * [`Past`]: what is known of the position's history (a FEN's en passant field, or a game);
//! * [`Tried`] and [`judge`]: one move of one man, judged into a [`Judgement`];
//! * [`why`]: all three together, into an [`Answer`], which serialises to the JSON below;
//! * [`answer_text`]: the answer in words, as `castle960 why` prints it.
//!
//! # JSON (schema 1)
//!
//! [`Answer`] serialises (serde) to one object; fields appear in the order listed. Squares,
//! colours, pieces and men are written as in [`crate::castling`]'s JSON; files are letters
//! (`"d"`), ranks numbers (`2`). The `schema` number changes when a field is renamed, removed or
//! changes meaning.
//!
//! ```text
//! {
//!   "schema": 1,
//!   "fen": "<the position as a Shredder-FEN>",
//!   "to_move": "white",
//!   "input": "exd6",                          // the move as asked
//!   "last_move": LAST,
//!   "status": "legal_now" | "legal_on_turn" | "not_legal",   // the best of "moves"
//!   "moves": [MOVE, ...]                      // one; several when a SAN names no single man
//! }
//! LAST = { "kind": "fen_field", "en_passant": "d6" | null }
//!      | { "kind": "in_game", "ply": 24, "fullmove": 12, "mover": "black", "piece": "pawn",
//!          "move": "d7d5", "san": "d5" }
//! MOVE = {
//!   "color": "white",                         // whose move it is meant to be
//!   "man": MAN | null,                        // null: no such man
//!   "from": "e5" | null, "to": "d6" | null,   // castling: the king's and its rook's squares
//!   "promotion": null | "queen",
//!   "uci": "e5d6" | null,                     // castling as the king taking its own rook
//!   "san": "exd6" | null,                     // only when legal now or on its turn
//!   "captures": MAN | null,                   // en passant: the pawn beside
//!   "en_passant": false,
//!   "castling": null | SIDE,                  // castle960 castle's SIDE object
//!   "status": "legal_now" | "legal_on_turn" | "not_legal",
//!   "reasons": [REASON, ...]                  // in the order of the rules above
//! }
//! MAN = { "color": "black", "piece": "pawn", "square": "d5" }
//! REASON = one of castle960 castle's REASONs (castling), or
//!   { "kind": "not_your_turn", "to_move": "black" }
//!   { "kind": "no_man", "color": "white", "piece": null | "knight", "square": "e3" | null,
//!     "file": "d" | null, "rank": 2 | null }
//!   { "kind": "cannot_move", "man": MAN, "to": "f3", "rule": RULE }
//!   { "kind": "captures_nothing", "man": MAN, "square": "d6" }
//!   { "kind": "blocked", "man": MAN, "by": [MAN, ...] }         // nearest first
//!   { "kind": "own_man_on_target", "man": MAN, "there": MAN }
//!   { "kind": "captures_king", "king": MAN }
//!   { "kind": "not_the_castling_rook", "rook": MAN, "castling_rook": "a1" }
//!   { "kind": "no_double_step", "pawn": MAN, "last": LAST }
//!   { "kind": "moment_passed", "pawn": MAN, "double_step": <LAST's in_game fields>,
//!     "possible_ply": 25, "possible_fullmove": 13 }
//!   { "kind": "not_beside", "man": MAN, "pawn": MAN }
//!   { "kind": "pinned", "man": MAN, "king": "e1", "by": [MAN, ...] }
//!   { "kind": "en_passant_exposes_king", "king": "a5", "by": [MAN, ...], "both_leave_rank": true }
//!   { "kind": "in_check", "by": [MAN, ...] }
//!   { "kind": "king_attacked", "square": "f2", "by": [MAN, ...] }
//!   (men in "pinned", "en_passant_exposes_king", "in_check" and "king_attacked" are listed from
//!   the moving colour's back rank on, files a to h on each rank)
//! RULE = "stays_put" | "knight" | "bishop" | "rook" | "queen" | "king" | "pawn_not_forward"
//!      | "pawn_double_step" | "pawn" | "must_promote" | "cannot_promote"
//! ```

mod answer;
pub mod en_passant;
mod input;
mod json;
mod judge;
mod past;
mod reason;
mod text;

pub use answer::{Answer, SCHEMA, why};
pub use input::{Asked, MoveError, Written, read_move};
pub use judge::{Judgement, Tried, judge, status_of};
pub use past::Past;
pub use reason::{LastMove, MOVE_REASON_KINDS, MoveReason, PastMove, Reason, Rule};
pub use text::{answer_text, judgement_text};
