#![warn(missing_docs)]
//! castle960: how castling can come about in each of the 960 Chess960 starting arrangements.
//!
//! Data flows arrangement -> rule and searches -> analysis -> outputs:
//!
//! * [`chess`]: squares, pieces, sides, the 960 [`Arrangement`]s (SP numbering, back ranks, FEN),
//!   a White-only board with SAN and PGN;
//! * [`rule`]: the published closed-form rule (seed 001), with its `have`/`need` counts;
//! * [`search`]: the exhaustive searches that decide each side's verdict;
//! * [`analysis`]: everything worked out about one arrangement, all 960 in parallel;
//! * [`output`]: the CSV report, the summary, `show`'s explanation and `analysis.md`.
//!
//! Model: Black is absent; only White's pieces stand on the board and White makes every move,
//! so checks and captures never arise.
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
//!     assert_eq!(analysis.pawn.get(side).verdict, Verdict::ArtificialOnly);
//! }
//! assert!(!analysis.requires_castling());
//! ```

pub mod atomic;
pub mod chess;
pub mod error;
pub mod notation;
pub mod report;
pub mod start;

pub use chess::{Arrangement, ByCastlingSide, CastlingSide, Piece};
pub use error::ArrangementError;
pub use start::verdict::Verdict;
