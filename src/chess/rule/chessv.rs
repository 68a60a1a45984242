//! ChessV's castling types for ten-file boards (Greg Strong; seed 004's table, the
//! `Castling` choices of ChessV's `Generic10x8` game class), as [`Rule`]s.
//!
//! Each type castles only from the squares its text names: the king on the e- or f-file (as
//! ChessV's code checks: "King does not start on a supported square" otherwise), with the
//! piece in the corner or, for the Close-Rook types, on the b- or i-file. From anywhere else a
//! type gives no castling ([`Rule::castlings`] is empty). King and rook slide, as ChessV's
//! `CastlingRule` and `FlexibleCastlingRule` make them (every square between king and rook and
//! their destinations empty, the king's path unattacked), except under Fast castling, whose
//! men leap. The README quotes each text and says what castle960 chose where a text is silent.

use super::{Homes, KingLands, PathKind, Reach, RookLands, Rule};

/// The corner piece castles.
const CORNER: Homes = Homes::KingCentral { edge: 0 };
/// The piece on the b- or i-file castles.
const CLOSE: Homes = Homes::KingCentral { edge: 1 };

impl Rule {
    /// ChessV's "None": no castling (Carrera's Chess).
    pub const CHESSV_NONE: Rule = Rule {
        name: "chessv-none",
        title: "ChessV's None (no castling)",
        king: KingLands::Nowhere,
        rook: RookLands::BesideKing,
        path: PathKind::Slide,
        corner_exchange: false,
        may_give_check: true,
        homes: CORNER,
    };

    /// ChessV's "Standard" (Capablanca's Chess): the king on e or f slides three squares
    /// either way, the corner piece lands beside it on the other side.
    pub const CHESSV_STANDARD: Rule = Rule {
        name: "chessv-standard",
        title: "ChessV's Standard castling (king three squares either way, Capablanca's Chess)",
        king: KingLands::Toward {
            min: 3,
            max: 3,
            reach: Reach::BeforeRook,
        },
        ..Rule::CHESSV_NONE
    };

    /// ChessV's "Long" (Janus Chess): the king on e or f slides three squares toward the
    /// nearer corner and four toward the farther, so it always lands on the b- or i-file; the
    /// corner piece beside it, on the c- or h-file.
    pub const CHESSV_LONG: Rule = Rule {
        name: "chessv-long",
        title: "ChessV's Long castling (king three squares short, four long, Janus Chess)",
        king: KingLands::Fixed { a: 1, h: 1 },
        rook: RookLands::Fixed { a: 2, h: 2 },
        ..Rule::CHESSV_NONE
    };

    /// ChessV's "Close-Rook" (Victorian Chess): the king on e or f slides two squares either
    /// way to castle with the piece on the b- or i-file, which lands beside it.
    pub const CHESSV_CLOSE_ROOK: Rule = Rule {
        name: "chessv-close-rook",
        title: "ChessV's Close-Rook castling (king two squares, the piece on b or i, Victorian Chess)",
        king: KingLands::Toward {
            min: 2,
            max: 2,
            reach: Reach::BeforeRook,
        },
        homes: CLOSE,
        ..Rule::CHESSV_NONE
    };

    /// ChessV's "Flexible" (Grotesque Chess): the king on e or f slides two or more squares,
    /// stopping short of the corner; the corner piece lands beside it.
    pub const CHESSV_FLEXIBLE: Rule = Rule {
        name: "chessv-flexible",
        title: "ChessV's Flexible castling (king two or more squares, Grotesque Chess)",
        king: KingLands::Toward {
            min: 2,
            max: u8::MAX,
            reach: Reach::BeforeRook,
        },
        ..Rule::CHESSV_NONE
    };

    /// ChessV's "Close-Rook Flexible": the king on e or f slides two or more squares, short of
    /// the piece on the b- or i-file, which lands beside it.
    pub const CHESSV_CLOSE_ROOK_FLEXIBLE: Rule = Rule {
        name: "chessv-close-rook-flexible",
        title: "ChessV's Close-Rook Flexible castling (king two or more squares, the piece on b or i)",
        homes: CLOSE,
        ..Rule::CHESSV_FLEXIBLE
    };

    /// ChessV's "Free" (Aberg's Capablanca variant): the king on e or f slides one or more
    /// squares, at most into the corner; the corner piece lands on any square the king left or
    /// crossed, its start included. Check may be given.
    pub const CHESSV_FREE: Rule = Rule {
        name: "chessv-free",
        title: "ChessV's Free castling (Aberg's Capablanca variant)",
        king: KingLands::Toward {
            min: 1,
            max: u8::MAX,
            reach: Reach::OntoRook,
        },
        rook: RookLands::AnyPassed,
        ..Rule::CHESSV_NONE
    };

    /// ChessV's "Fast" (Waffle Chess): the unmoved king on e or f leaps one or more squares
    /// toward the unmoved corner piece, short of it, to an empty unattacked square; the piece
    /// leaps to the king's start. The squares between do not matter.
    pub const CHESSV_FAST: Rule = Rule {
        name: "chessv-fast",
        title: "ChessV's Fast castling (Waffle Chess)",
        king: KingLands::Toward {
            min: 1,
            max: u8::MAX,
            reach: Reach::BeforeRook,
        },
        rook: RookLands::KingStart,
        path: PathKind::Leap,
        ..Rule::CHESSV_NONE
    };

    /// ChessV's eight castling types for ten-file boards, in seed 004's order. Like
    /// [`Rule::TEN_FILES`], kept out of [`Rule::ALL`] so that the eight-file outputs stay as
    /// they are.
    pub const CHESSV: [Rule; 8] = [
        Rule::CHESSV_NONE,
        Rule::CHESSV_STANDARD,
        Rule::CHESSV_LONG,
        Rule::CHESSV_CLOSE_ROOK,
        Rule::CHESSV_FLEXIBLE,
        Rule::CHESSV_CLOSE_ROOK_FLEXIBLE,
        Rule::CHESSV_FREE,
        Rule::CHESSV_FAST,
    ];

    /// Every rule a ten-file position can be asked under: [`Rule::ALL`], [`Rule::TEN_FILES`]
    /// and [`Rule::CHESSV`], in that order.
    pub fn ten_file_rules() -> impl Iterator<Item = Rule> {
        Rule::ALL
            .into_iter()
            .chain(Rule::TEN_FILES)
            .chain(Rule::CHESSV)
    }

    /// Reads a rule for a ten-file position by its name, in any letter case.
    pub fn ten_file(name: &str) -> Result<Rule, UnknownTenFileRule> {
        Rule::ten_file_rules()
            .find(|r| r.name.eq_ignore_ascii_case(name))
            .ok_or_else(|| UnknownTenFileRule(name.to_string()))
    }
}

/// A rule name that is none of [`Rule::ten_file_rules`]'.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{} is no castling rule on ten files; the rules are {}",
    crate::error::quote(.0),
    Rule::ten_file_rules().map(|r| r.name()).collect::<Vec<_>>().join(", ")
)]
pub struct UnknownTenFileRule(pub String);

#[cfg(test)]
mod tests {
    use super::*;

    /// The castlings of `rule` on ten files, king and rook on the named files, as
    /// `"king_to rook_to empty safe"` with files as letters: one string per castling.
    fn castlings(rule: Rule, king: char, rook: char) -> Vec<String> {
        let file = |c: char| c as u8 - b'a';
        let letters = |mask: u16| -> String {
            (0..10u8)
                .filter(|f| mask & 1 << f != 0)
                .map(|f| (b'a' + f) as char)
                .collect()
        };
        rule.castlings(10, file(king), file(rook))
            .into_iter()
            .map(|g| {
                let letter = |f: u8| (b'a' + f) as char;
                format!(
                    "{}{} {} {}",
                    letter(g.king_to),
                    letter(g.rook_to),
                    letters(g.empty),
                    letters(g.safe)
                )
            })
            .collect()
    }

    /// Every king file of the back rank with every rook file beside the two ChessV allows:
    /// none gives a castling (the texts name only kings on e and f).
    fn nothing_elsewhere(rule: Rule, rook_edge: u8) {
        for king in 0..10u8 {
            for rook in (0..10u8).filter(|&r| r != king) {
                let home = (king == 4 || king == 5) && (rook == rook_edge || rook == 9 - rook_edge);
                if !home {
                    assert!(
                        rule.castlings(10, king, rook).is_empty(),
                        "{rule}: king {king} rook {rook}"
                    );
                }
            }
        }
    }

    #[test]
    fn none_never_castles() {
        for king in 0..10u8 {
            for rook in (0..10u8).filter(|&r| r != king) {
                assert!(Rule::CHESSV_NONE.castlings(10, king, rook).is_empty());
            }
        }
    }

    #[test]
    fn standard_moves_the_king_three_squares_either_way_with_the_corner_piece() {
        let r = Rule::CHESSV_STANDARD;
        // Capablanca's Chess, king f1: c1 with the a1 rook to d1, i1 with the j1 rook to h1.
        assert_eq!(castlings(r, 'f', 'a'), ["cd bcde cdef"]);
        assert_eq!(castlings(r, 'f', 'j'), ["ih ghi fghi"]);
        // Embassy Chess, king e1: b1 (rook c1) and h1 (rook g1), as ChessV's code has it.
        assert_eq!(castlings(r, 'e', 'a'), ["bc bcd bcde"]);
        assert_eq!(castlings(r, 'e', 'j'), ["hg fghi efgh"]);
        assert!(!r.several_per_side());
        nothing_elsewhere(r, 0);
    }

    #[test]
    fn long_moves_the_king_three_squares_short_and_four_long() {
        let r = Rule::CHESSV_LONG;
        // Janus Chess, king e1: three squares to b1 (the nearer corner), four to i1.
        assert_eq!(castlings(r, 'e', 'a'), ["bc bcd bcde"]);
        assert_eq!(castlings(r, 'e', 'j'), ["ih fghi efghi"]);
        // King f1: the j-file corner is the nearer, three squares to i1; four to b1.
        assert_eq!(castlings(r, 'f', 'j'), ["ih ghi fghi"]);
        assert_eq!(castlings(r, 'f', 'a'), ["bc bcde bcdef"]);
        nothing_elsewhere(r, 0);
    }

    #[test]
    fn close_rook_moves_the_king_two_squares_with_the_piece_on_b_or_i() {
        let r = Rule::CHESSV_CLOSE_ROOK;
        // Victorian Chess, king e1 (ChessV: e1-c1 with b1-d1, e1-g1 with i1-f1).
        assert_eq!(castlings(r, 'e', 'b'), ["cd cd cde"]);
        assert_eq!(castlings(r, 'e', 'i'), ["gf fgh efg"]);
        // King f1: d1 with b1-e1, h1 with i1-g1.
        assert_eq!(castlings(r, 'f', 'b'), ["de cde def"]);
        assert_eq!(castlings(r, 'f', 'i'), ["hg gh fgh"]);
        // The corner rooks do not castle under Close-Rook.
        assert!(castlings(r, 'e', 'a').is_empty() && castlings(r, 'e', 'j').is_empty());
        nothing_elsewhere(r, 1);
    }

    #[test]
    fn flexible_moves_the_king_two_or_more_squares_stopping_short_of_the_corner() {
        let r = Rule::CHESSV_FLEXIBLE;
        // Grotesque Chess, king e1: c1 or b1 toward a1; g1, h1 or i1 toward j1.
        assert_eq!(castlings(r, 'e', 'a'), ["cd bcd cde", "bc bcd bcde"]);
        assert_eq!(
            castlings(r, 'e', 'j'),
            ["gf fghi efg", "hg fghi efgh", "ih fghi efghi"]
        );
        // King f1 toward j1: h1 or i1, never onto the corner square.
        assert_eq!(castlings(r, 'f', 'j'), ["hg ghi fgh", "ih ghi fghi"]);
        assert!(r.several_per_side());
        nothing_elsewhere(r, 0);
    }

    #[test]
    fn close_rook_flexible_moves_the_king_two_or_more_squares_short_of_b_or_i() {
        let r = Rule::CHESSV_CLOSE_ROOK_FLEXIBLE;
        // King e1: toward b1 only c1 (two squares; b1 is the piece's); toward i1 g1 or h1.
        assert_eq!(castlings(r, 'e', 'b'), ["cd cd cde"]);
        assert_eq!(castlings(r, 'e', 'i'), ["gf fgh efg", "hg fgh efgh"]);
        // King f1: d1 or c1 toward b1.
        assert_eq!(castlings(r, 'f', 'b'), ["de cde def", "cd cde cdef"]);
        nothing_elsewhere(r, 1);
    }

    #[test]
    fn free_moves_the_king_any_distance_into_the_corner_and_the_rook_to_any_square_passed() {
        let r = Rule::CHESSV_FREE;
        // King f1, rook j1: the king to g1, h1, i1 or j1 (the corner), the rook to any square
        // the king left or crossed, its start f1 included: 1 + 2 + 3 + 4 castlings.
        let all = castlings(r, 'f', 'j');
        assert_eq!(all.len(), 10);
        assert_eq!(all[0], "gf ghi fg");
        assert!(all.contains(&"jf ghi fghij".to_string()), "{all:?}");
        assert!(all.contains(&"ji ghi fghij".to_string()), "{all:?}");
        // Unlike the Roman rule (Rule::FREE), ChessV's text sets no ban on giving check.
        assert!(r.may_give_check() && r.rook_varies());
        nothing_elsewhere(r, 0);
    }

    #[test]
    fn fast_leaps_the_king_to_any_square_short_of_the_corner_and_the_rook_to_its_start() {
        let r = Rule::CHESSV_FAST;
        // Waffle Chess, king e1 toward a1: d1, c1 or b1; only the landing squares must be
        // empty, only the king's start and landing square unattacked.
        assert_eq!(castlings(r, 'e', 'a'), ["de d de", "ce c ce", "be b be"]);
        assert!(!r.slides());
        nothing_elsewhere(r, 0);
    }

    #[test]
    fn ten_file_names_read_and_the_error_lists_them() {
        for r in Rule::ten_file_rules() {
            assert_eq!(Rule::ten_file(&r.name().to_uppercase()), Ok(r));
        }
        let e = Rule::ten_file("roman").unwrap_err().to_string();
        assert!(
            e.starts_with("\"roman\" is no castling rule on ten files; the rules are chess960, ")
        );
        assert!(e.ends_with("chessv-free, chessv-fast"), "{e}");
        // The eight-file rules are untouched: none of ChessV's is in Rule::ALL.
        assert!(Rule::CHESSV.iter().all(|r| !Rule::ALL.contains(r)));
    }
}
