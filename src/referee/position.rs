//! What the referee needs of a board, so that one engine driver, one judge and one command serve
//! eight files (cozy-chess's [`cozy_chess::Board`], castling by castle960's rules) and ten
//! ([`crate::ten::Board`], the ten-file generator): how a position is sent, how the engine's
//! moves are read, and castle960's own answer to compare them with.
//!
//! The two implementations are in [`super::ours`] (eight files) and [`super::ten`] (ten files).

use std::fmt;
use std::hash::Hash;

/// A position the referee can send to a UCI engine and judge the engine's `go perft` answer on.
pub trait Position: Clone {
    /// A move, castling written as the king taking its own rook.
    type Move: Copy + Eq + Hash + fmt::Display + fmt::Debug;

    /// castle960's ruling on one castling: [`super::ours::Ruling`] on eight files,
    /// [`super::ten::TenRuling`] on ten.
    type Ruling: Clone + Eq + fmt::Display + fmt::Debug;

    /// The position as sent to the engine: a FEN whose castling field is Shredder's (the rooks'
    /// files), which names an inner castling rook without a special case.
    fn fen(&self) -> String;

    /// A move as the engine writes it in its divide (`e2e4`, `a7a8q`), if `text` is one.
    fn read_move(&self, text: &str) -> Option<Self::Move>;

    /// The castling `mv` stands for, king takes rook, when the engine wrote a castling as the
    /// king's destination (`e1g1`) although `UCI_Chess960` is on; `None` for every other move.
    /// Only the eight-file referee looks for that notation (every engine studied writes
    /// king-takes-rook), so by default there is none.
    fn castling_from_destination(&self, mv: Self::Move) -> Option<Self::Move> {
        let _ = mv;
        None
    }

    /// Whether `mv` is a castling: the side to move's king onto its own rook.
    fn is_castling(&self, mv: Self::Move) -> bool;

    /// A key that orders moves by origin, destination and promotion, for comparing two lists
    /// of moves sorted.
    fn move_key(mv: Self::Move) -> (u8, u8, u8);

    /// castle960's legal castlings for the side to move, king takes rook, a-side first.
    fn castling_moves(&self) -> Vec<Self::Move>;

    /// castle960's divide to `depth` plies (at least 1): each legal move with the number of
    /// positions `depth - 1` plies after it.
    fn divide(&self, depth: u32) -> Vec<(Self::Move, u64)>;

    /// What castle960's rules say of the castling `mv`: legal, or not and why; its text says it
    /// in words.
    fn ruling(&self, mv: Self::Move) -> Self::Ruling;
}
