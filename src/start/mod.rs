//! The start-position half of castle960: the 960 arrangements with Black absent. A White-only
//! board, the closed-form rule of seed 001, the exhaustive searches that decide each side's
//! verdict, four neighbouring published questions, the analysis that puts them together, and
//! Black's waiting moves that turn White's lines into PGN games.
//!
//! Model: Black is absent; only White's pieces stand on the board and White makes every move,
//! so checks and captures never arise.

pub mod analysis;
pub mod board;
pub mod bound;
pub mod crc;
pub mod line;
pub mod phases;
pub mod questions;
pub mod rule;
pub mod rules;
pub mod san;
pub mod search;
pub mod verdict;
pub mod waiting_moves;
