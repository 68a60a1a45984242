//! Chess notations: PGN games of the start-position analysis.

pub mod pgn;
