//! Four published Chess960 castling questions, each answered by a search of our own.
//!
//! Every module states the question's source, its precise definition in the model of this
//! crate (Black absent, White makes every move, no checks or captures), and why its search is
//! exhaustive. They use only the chess basics ([`crate::Arrangement`], [`crate::Side`],
//! [`crate::board`], [`crate::square`], [`crate::Piece`]), so they can move with them.
//!
//! - [`fewest_any`]: fewest moves before castling with pawn moves allowed (Chess SE 25256).
//! - [`intact_rights`]: arrangements whose castling rights are provably intact whenever the
//!   start position is seen again (Puzzling SE 122388).
//! - [`castled_ranks`]: back ranks with both rooks on one side of the king, which only castling
//!   can produce (Puzzling SE 121794).
//! - [`other_rook`]: castling without ever moving the other rook (Chess SE 37082, "chess870").
//!
//! [`first_rank`] is the pawnless first-rank game shared by the second and third questions.

pub mod castled_ranks;
pub mod fewest_any;
pub mod first_rank;
pub mod intact_rights;
pub mod other_rook;
