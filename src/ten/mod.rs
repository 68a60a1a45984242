//! Ten-file chess (10x8): Capablanca Chess, Capablanca Random Chess (CRC), Gothic, Embassy and
//! Janus Chess, as Fairy-Stockfish plays them.
//!
//! cozy-chess, the crate's 8x8 board, stops at eight files, and no permissively licensed Rust
//! crate found plays 10x8 boards with these variants' castling (shakmaty is GPL and 8x8;
//! monster_chess, MIT, is a general fairy move generator at version 0.0.x without these
//! variants), so this module is castle960's own: one module per idea.
//!
//! * [`square`]: squares and the `u128` bitboards (`rank * 10 + file`);
//! * [`piece`]: the eight kinds of men, archbishop and chancellor included;
//! * [`attacks`]: leaper tables and sliding rays;
//! * [`variant`]: the variants as data (start position, letters, castling [`crate::chess::Rule`]);
//! * [`board`]: a legal position and playing a move on it;
//! * [`fen`]: reading and writing FEN, Shredder (`JAja`) or X-FEN (`KQkq`) castling;
//! * [`movegen`]: legal moves (en passant, promotion to every piece of the variant, castling by
//!   the variant's rule) and [`perft`];
//! * [`arrays`](mod@arrays): the start arrays of Capablanca Random Chess, numbered;
//! * [`castling`](mod@castling): every castling of a position under a rule, legal now or every
//!   reason why not, the fewest own moves until legal, notation and JSON (`castle --variant`);
//! * [`white`]: White's men alone, the board of the CRC arrays' start-position analysis.
//!
//! Fairy-Stockfish (or any engine with `UCI_Variant`) is driven through `go perft` on these
//! boards by the referee's engine driver ([`crate::referee::Engine::start_variant`]), and
//! `castle960 referee --variant` compares its castling with this generator's
//! ([`crate::referee::ten`]).
//!
//! Castling is one of the crate's rules applied to ten files: Capablanca, Gothic and CRC castle
//! as Chess960 does (king to c or i, rook to d or h, [`crate::chess::Rule::CHESS960`] on ten
//! files), Janus and Embassy have their own ([`crate::chess::Rule::JANUS`],
//! [`crate::chess::Rule::EMBASSY`]). A castling move is written as the king taking its rook.
//!
//! ```
//! use castle960::ten::{Board, Variant, perft};
//! let start = Board::from_fen(Variant::JANUS.start_fen(), Variant::JANUS).unwrap();
//! assert_eq!(start.to_string(), "rjnbkqbnjr/pppppppppp/10/10/10/10/PPPPPPPPPP/RJNBKQBNJR w JAja - 0 1");
//! assert_eq!(perft(&start, 1), 28);
//! ```

pub mod arrays;
pub mod attacks;
pub mod board;
pub mod castling;
pub mod fen;
pub mod movegen;
pub mod piece;
pub mod square;
pub mod variant;
pub mod white;

pub use arrays::{CrcArray, arrays};
pub use board::{Board, Move};
pub use fen::TenFenError;
pub use movegen::{divide, perft};
pub use piece::Piece;
pub use square::Square;
pub use variant::Variant;
pub use white::TenWhiteBoard;
