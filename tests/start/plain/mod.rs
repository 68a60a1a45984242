//! The tests' plain searches of the start positions, written independently of the library's
//! searches and for any castling given as squares ([`Castling`]): the fewest moves without a pawn
//! move over the whole board ([`whole_board`]), and the verdicts after a pawn move over the
//! abstract model ([`model`]). `no_pawn_plain.rs` and `model_oracle.rs` run them on Chess960's
//! castling ([`chess960`]), `rules.rs` on every rule's castlings as it reads them from the rule
//! texts.

pub mod key_set;
pub mod model;
pub mod whole_board;

use castle960::{Arrangement, CastlingSide};

/// One castling of a king on file `king` with the rook on file `rook` (files 0 to 7, a to h).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Castling {
    pub king: usize,
    pub rook: usize,
    pub king_to: usize,
    pub rook_to: usize,
    /// The files that must be empty, in order, the king's and the castling rook's excepted.
    pub empty: Vec<usize>,
}

/// Chess960's castling of `side` of `a`: king and rook land on the side's squares (c and d, or
/// g and f), and every file from the lowest to the highest of the four must be empty but for
/// the king's and the castling rook's.
pub fn chess960(a: &Arrangement, side: CastlingSide) -> Castling {
    let (k, r) = (a.king_file() as usize, a.rook_file(side) as usize);
    let (kt, rt) = (side.king_to_file() as usize, side.rook_to_file() as usize);
    let lo = k.min(r).min(kt).min(rt);
    let hi = k.max(r).max(kt).max(rt);
    Castling {
        king: k,
        rook: r,
        king_to: kt,
        rook_to: rt,
        empty: (lo..=hi).filter(|&f| f != k && f != r).collect(),
    }
}
