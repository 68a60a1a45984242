//! Chess notations: FEN, UCI and SAN of any position with both colours, PGN games read from a
//! file, start positions read from what users type, the PGN export of the start-position
//! analysis's lines, and links to lichess's analysis board.
//!
//! The any-position half reads what users paste (a FEN, a move, a game) and writes what they
//! read back; every reader answers bad input with a typed error naming the rule broken, in one
//! line, and never panics (the readers are fuzzed).
//!
//! * [`fen`]: FEN of any position into a validated cozy-chess board, Shredder-FEN and X-FEN.
//! * [`uci`]: moves as engines write them, castling in both forms (`e1h1` and `e1g1`).
//! * [`san`]: Standard Algebraic Notation, written and read.
//! * [`pgn_import`]: PGN games read: tags, start position, main line.
//! * [`pgn`]: PGN export of White's lines of the start-position analysis.
//! * [`start_fen`]: start-position FENs, read into an arrangement.
//! * [`naming`]: an arrangement named as users name it: an SP, a back rank or a start FEN.
//! * [`lichess`]: links that open a position in lichess's analysis board.

pub mod fen;
pub mod lichess;
pub mod naming;
pub mod pgn;
pub mod pgn_import;
pub mod san;
pub mod start_fen;
pub mod uci;
