//! The ten-file variants castle960 plays, as Fairy-Stockfish defines them (its `variant.cpp`:
//! `capablanca_variant`, `caparandom_variant`, `gothic_variant`, `janus_variant`,
//! `embassy_variant`). Each is data: its name as `UCI_Variant` spells it, its start position,
//! its castling [`Rule`], the letter of its archbishop, whether it has the chancellor.

use super::piece::Piece;
use crate::chess::Rule;
use std::fmt;
use std::str::FromStr;

/// A ten-file chess variant: what a [`crate::ten::Board`] needs to read, write and play it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Variant {
    name: &'static str,
    start: &'static str,
    rule: Rule,
    archbishop: char,
    chancellor: bool,
}

impl Variant {
    /// Capablanca Chess (J. R. Capablanca, 1920s): `RNABQKBCNR`, king on f1 castling three
    /// squares either way, to c1 or i1 (`castlingQueensideFile = FILE_C`,
    /// `castlingKingsideFile = FILE_I`).
    pub const CAPABLANCA: Variant = Variant {
        name: "capablanca",
        start: "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w JAja - 0 1",
        rule: Rule::CHESS960,
        archbishop: 'A',
        chancellor: true,
    };

    /// Capablanca Random Chess (Reinhard Scharnagl, 2004): Capablanca Chess from a shuffled
    /// back rank ([`crate::ten::arrays()`]), castling as in Chess960 (king to c1 or i1, rook to
    /// d1 or h1, whatever their start). Fairy-Stockfish's start position is Capablanca's array.
    pub const CAPARANDOM: Variant = Variant {
        name: "caparandom",
        ..Variant::CAPABLANCA
    };

    /// Gothic Chess (Ed Trice, 2000): Capablanca Chess from `RNBQCKABNR`.
    pub const GOTHIC: Variant = Variant {
        name: "gothic",
        start: "rnbqckabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQCKABNR w JAja - 0 1",
        ..Variant::CAPABLANCA
    };

    /// Embassy Chess (Kevin Hill, 2005): Capablanca's men from `RNBQKCABNR`, the king on e1
    /// castling to b1 or h1 ([`Rule::EMBASSY`]).
    pub const EMBASSY: Variant = Variant {
        name: "embassy",
        start: "rnbqkcabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKCABNR w JAja - 0 1",
        rule: Rule::EMBASSY,
        ..Variant::CAPABLANCA
    };

    /// Janus Chess (Werner Schöndorf, 1978): two janus (archbishops, letter `J`) and no
    /// chancellor, `RJNBKQBNJR`, the king on e1 castling to b1 or i1 ([`Rule::JANUS`]).
    pub const JANUS: Variant = Variant {
        name: "janus",
        start: "rjnbkqbnjr/pppppppppp/10/10/10/10/PPPPPPPPPP/RJNBKQBNJR w JAja - 0 1",
        rule: Rule::JANUS,
        archbishop: 'J',
        chancellor: false,
    };

    /// Every variant castle960 plays on ten files.
    pub const ALL: [Variant; 5] = [
        Variant::CAPABLANCA,
        Variant::CAPARANDOM,
        Variant::GOTHIC,
        Variant::EMBASSY,
        Variant::JANUS,
    ];

    /// The name, as Fairy-Stockfish's `UCI_Variant` option spells it.
    pub const fn name(self) -> &'static str {
        self.name
    }

    /// The start position's FEN (Shredder castling field), as Fairy-Stockfish sets it up.
    pub const fn start_fen(self) -> &'static str {
        self.start
    }

    /// The castling rule: where king and rook land.
    pub const fn rule(self) -> Rule {
        self.rule
    }

    /// Whether `piece` exists in this variant (Janus Chess has no chancellor).
    pub const fn has(self, piece: Piece) -> bool {
        !matches!(piece, Piece::Chancellor) || self.chancellor
    }

    /// The upper-case letter FENs and UCI promotions use for `piece` in this variant.
    pub const fn letter(self, piece: Piece) -> char {
        match piece {
            Piece::Archbishop => self.archbishop,
            other => other.letter(),
        }
    }

    /// The piece an upper- or lower-case letter names in this variant, if any.
    pub fn piece(self, letter: char) -> Option<Piece> {
        let upper = letter.to_ascii_uppercase();
        Piece::ALL
            .into_iter()
            .find(|&p| self.has(p) && self.letter(p) == upper)
    }

    /// The pieces a pawn may promote to, strongest first.
    pub fn promotions(self) -> impl Iterator<Item = Piece> {
        [
            Piece::Queen,
            Piece::Chancellor,
            Piece::Archbishop,
            Piece::Rook,
            Piece::Bishop,
            Piece::Knight,
        ]
        .into_iter()
        .filter(move |&p| self.has(p))
    }
}

/// The variant's name.
impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

/// A name that is none of [`Variant::ALL`]'s.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{} is no ten-file variant castle960 plays; the variants are {}",
    crate::error::quote(.0),
    Variant::ALL.map(|v| v.name()).join(", ")
)]
pub struct UnknownVariant(pub String);

/// Reads a variant by its name, in any letter case.
impl FromStr for Variant {
    type Err = UnknownVariant;

    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        Variant::ALL
            .into_iter()
            .find(|v| v.name.eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownVariant(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variants_read_by_name_and_janus_names_its_archbishop_j() {
        for v in Variant::ALL {
            assert_eq!(v.name().parse::<Variant>(), Ok(v));
        }
        assert_eq!(
            "chess".parse::<Variant>().unwrap_err().to_string(),
            "\"chess\" is no ten-file variant castle960 plays; the variants are capablanca, caparandom, gothic, embassy, janus"
        );
        assert_eq!(Variant::JANUS.piece('j'), Some(Piece::Archbishop));
        assert_eq!(Variant::JANUS.piece('C'), None);
        assert_eq!(Variant::JANUS.piece('A'), None);
        assert_eq!(Variant::CAPARANDOM.piece('a'), Some(Piece::Archbishop));
        assert_eq!(Variant::CAPARANDOM.promotions().count(), 6);
        assert_eq!(Variant::JANUS.promotions().count(), 5);
    }
}
