//! The searches that decide how castling can come about on a side.
//!
//! * [`no_pawn`]: castling without any pawn move (exhaustive, on the first rank).
//! * [`model`]: the abstract model of the pawn-move analysis (ranks 1-2 exact, a pool beyond).
//! * [`swap`]: the swap lemma, which settles whole pawn structures at once.
//! * [`pawn`]: the pawn-move analysis proper: the castling game, components and cores, the
//!   walking game, giving the verdicts after-pawn-move and artificial-only.
//! * [`realize`]: model lines turned into real games.

pub mod castling_game;
pub mod components;
pub mod hash;
pub mod model;
pub mod no_pawn;
pub mod pawn;
pub mod realize;
pub mod swap;
pub mod walking_game;
