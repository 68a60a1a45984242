#![warn(missing_docs)]
//! castle960: Chess960 castling, in the 960 start positions and in any position.
//!
//! The crate has two halves over one shared vocabulary:
//!
//! * [`chess`]: the shared core. Squares, files, ranks, colours, pieces and moves are
//!   cozy-chess's types; castling adds [`CastlingSide`] (one value per side in
//!   [`ByCastlingSide`]), [`chess::CastlingPath`] and the 960 [`Arrangement`]s (SP numbering,
//!   back ranks, start FENs).
//! * [`start`]: the start-position half. With Black absent, how castling can come about in each
//!   arrangement: a White-only board ([`start::board::WhiteBoard`]), the published closed-form
//!   rule (seed 001) with its `have`/`need` counts, the exhaustive searches that decide each
//!   side's verdict, four neighbouring questions, and the analysis of all 960 arrangements in
//!   parallel.
//! * [`notation`]: chess notations (PGN games of the start-position lines).
//! * [`report`]: rendering only: the CSV report, the summary, `show`'s explanation, `analysis.md`
//!   and the gallery page.
//! * [`atomic`]: writing every output at once or none (staged files, signals).
//! * [`castling`]: the any-position half. Castling with both colours, standard chess and
//!   Chess960: is it legal, every reason why not, how soon it can become legal with the opponent
//!   standing still, how the move is written.
//! * [`why`]: any move in any position judged: legal or not, and every reason why not (castling
//!   by [`castling`], en passant and every other move by the rules of FIDE art. 3).
//! * [`referee`]: driving UCI engines through `go perft` to compare their castling with
//!   castle960's.
//! * [`ten`]: ten-file chess (Capablanca Random Chess, Capablanca, Gothic, Embassy, Janus): a
//!   board with archbishop and chancellor, FEN, legal moves and perft checked against
//!   Fairy-Stockfish, and the CRC start arrays.
//!
//! Model of the start-position half: Black is absent; only White's pieces stand on the board and
//! White makes every move, so checks and captures never arise.
//!
//! # Example
//!
//! One arrangement, by its Scharnagl number, the rule's claim beside the search's verdict:
//!
//! ```
//! use castle960::start::analysis::Analysis;
//! use castle960::{Arrangement, CastlingSide, Verdict};
//!
//! let standard = Arrangement::from_sp(518).unwrap();
//! assert_eq!(standard.to_string(), "RNBQKBNR");
//! let analysis = Analysis::new(standard);
//! for side in CastlingSide::BOTH {
//!     // The queen or a bishop stands in the way of both castlings, and after a pawn move
//!     // king and rook can always walk to their castled squares instead.
//!     assert_eq!(analysis.rule.get(side).claim(), Verdict::ArtificialOnly);
//!     assert_eq!(analysis.verdicts.get(side).verdict, Verdict::ArtificialOnly);
//! }
//! assert!(!analysis.requires_castling());
//! ```

pub mod atomic;
pub mod castling;
pub mod chess;
pub mod error;
pub mod notation;
pub mod referee;
pub mod report;
pub mod start;
pub mod ten;
pub mod why;
pub mod words;

pub use chess::{Arrangement, ByCastlingSide, CastlingSide, Piece};
pub use error::ArrangementError;
pub use start::verdict::Verdict;
