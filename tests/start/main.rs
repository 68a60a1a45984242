//! The start-position half (the 960 arrangements, Black absent): the seed's rule reproduced, the
//! numbering, the searches against plain independent searches, every witness replayed by
//! cozy-chess, the neighbouring questions, analysis.md's template. One test binary; the helpers
//! every module shares are in `tests/common/`.

#[path = "../common/mod.rs"]
mod common;

mod analysis_doc;
mod crc;
mod group_search;
mod model_oracle;
mod no_pawn_plain;
mod numbering;
mod parsing;
mod pawn_witness;
mod plain;
mod questions;
mod rules;
mod seed_rule;
mod slow_pool_walks;
mod witness_replay;
