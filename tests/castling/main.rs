//! The any-position half: the castling rules (every reason and public bug family on hand-checked
//! positions, both colours), the fewest-moves search, the JSON schema, the differential tests
//! against cozy-chess and shakmaty, the notation readers (fuzzed, and against shakmaty), and the
//! tie to the report's start positions. One test binary.

mod castling_support;
#[path = "../common/mod.rs"]
mod common;
mod notation_support;
mod rule_support;

mod attack_model;
mod differential;
mod json;
mod later;
mod notation_differential;
mod notation_fuzz;
mod rule_cases;
mod rule_differential;
mod rule_json;
mod rule_later;
mod rule_pgn;
mod rules;
mod start_positions;
mod why;
