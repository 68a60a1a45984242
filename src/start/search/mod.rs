//! The searches that decide how castling can come about on a side.
//!
//! * [`no_pawn`]: castling without any pawn move (exhaustive, on the first rank).
//! * `model`: the abstract model of the pawn-move analysis (ranks 1-2 exact, a pool beyond);
//!   its bit-packed positions stay inside the crate.
//! * [`swap`]: the swap lemma, which settles whole pawn structures at once.
//! * [`pawn`]: the pawn-move analysis proper: the castling game (`castling_game`), components
//!   and cores (`components`), the walking game (`walking_game`), giving the verdicts
//!   after-pawn-move and artificial-only.
//! * [`realize`]: model lines turned into real games.
//! * [`shortest`]: exact shortest games on the real board, for the games shown where the
//!   verdict leaves a choice.
//!
//! Only the results are public: verdicts, real games ([`crate::start::line::Line`]) and counts.
//! The model's positions, steps and tables are the searches' own business (`pub(crate)`).

pub(crate) mod castling_game;
pub(crate) mod components;
pub(crate) mod hash;
pub(crate) mod member_set;
pub(crate) mod model;
pub mod no_pawn;
pub(crate) mod once;
pub mod pawn;
pub mod realize;
pub mod shortest;
pub mod swap;
pub(crate) mod walking_game;
