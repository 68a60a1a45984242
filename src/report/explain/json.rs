//! `show --json`: the explanation as one JSON object whose per-side objects hold exactly the
//! report's columns (see the README's table).

use super::{Explanation, JSON_SCHEMA, MODEL_NOTE};
use crate::chess::CastlingSide;
use serde::Serialize;

impl Serialize for Explanation {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let row = &self.row;
        let mut out = serializer.serialize_map(None)?;
        out.serialize_entry("schema", &JSON_SCHEMA)?;
        out.serialize_entry("sp", &row.sp)?;
        out.serialize_entry("arrangement", &row.arrangement)?;
        out.serialize_entry("fen", &self.fen)?;
        out.serialize_entry("lichess", &self.lichess)?;
        out.serialize_entry("model", MODEL_NOTE)?;
        out.serialize_entry("pawn_bound", &self.pawn_bound)?;
        out.serialize_entry("rule_requires_castling", &row.rule_requires_castling)?;
        out.serialize_entry("requires_castling", &row.requires_castling)?;
        out.serialize_entry("rights_provably_intact", &row.rights_provably_intact)?;
        out.serialize_entry("rights_lost_line", &row.rights_lost_line)?;
        out.serialize_entry("castled_ranks_reached", &row.castled_ranks_reached)?;
        out.serialize_entry("castled_ranks", &self.castled_ranks)?;
        for side in CastlingSide::BOTH {
            out.serialize_entry(side.prefix(), &row.side(side))?;
        }
        out.serialize_entry("details", &self.details)?;
        out.end()
    }
}
