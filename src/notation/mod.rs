//! Chess notations: PGN games of the start-position analysis, and links to lichess's analysis
//! board.

pub mod lichess;
pub mod pgn;
