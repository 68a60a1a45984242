//! Castling in any ten-file position: for each colour and side, every castling the rule
//! allows, whether it is legal now and, if not, every reason why not, in the words and JSON
//! kinds of the eight-file explainer ([`crate::castling`]); its notation; and, with the
//! opponent standing still, the fewest own moves until it is legal ([`later`]).
//!
//! The rules are the SPEC's ("Castling in any position"), applied to the ten-file board: the
//! right stands (a FEN's castling field names the rook; the FEN reader refuses a right without
//! its king and rook, so a position shows no other "not home" case), every square the rule
//! names must be empty apart from king and castling rook, the king is not in check, no square
//! the king stands on, crosses or lands on is attacked (judged with the king lifted and the
//! castling rook on its destination), the rule's ban on giving check where it has one, and the
//! turn. Under a variant's own rule, the castlings this module calls legal now are the
//! castlings of [`Board::legal_moves`] (`tests/ten/castling.rs` checks this on random games
//! of every variant, and against Fairy-Stockfish).

pub mod later;
pub mod reason;
pub mod text;

use super::board::back_rank;
use super::piece::Piece;
use super::square::{Bits, FILES, Square, squares};
use super::{Board, Variant};
use crate::castling::{Passage, SideExplanation, Status, WhenLost};
use crate::castling::{ser_color, ser_square};
use crate::chess::{ByCastlingSide, ByColor, CastlingSide, Geometry, Rule};
pub use later::{TenLater, TenLimits, TenNeverWhy, fewest_moves};
pub use reason::{TenAttacker, TenMan, TenReason};
use serde::{Serialize, Serializer};

/// The JSON schema's number (README, "`castle --variant`"): adding a field keeps it, renaming
/// or removing one changes it.
pub const SCHEMA: u32 = 1;

fn ser_squares<S: Serializer>(squares: &[Square], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(squares.iter().map(|q| q.to_string()))
}

/// One castling on the ten-file board: king and rook before and after, the squares that must
/// be empty and the king's path (the squares that must not be attacked, in travel order).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct TenCastling {
    /// The castling colour.
    #[serde(serialize_with = "ser_color")]
    pub color: cozy_chess::Color,
    /// The side: the rook left of the king castles on the a-side.
    pub side: CastlingSide,
    /// The king's square.
    #[serde(serialize_with = "ser_square")]
    pub king: Square,
    /// The castling rook's square.
    #[serde(serialize_with = "ser_square")]
    pub rook: Square,
    /// Where the king lands.
    #[serde(serialize_with = "ser_square")]
    pub king_to: Square,
    /// Where the rook lands.
    #[serde(serialize_with = "ser_square")]
    pub rook_to: Square,
    /// The squares that must be empty, in file order (never the king's or rook's own).
    #[serde(serialize_with = "ser_squares")]
    pub must_be_empty: Vec<Square>,
    /// The squares the king stands on, crosses and lands on that must not be attacked, in
    /// the order it travels.
    #[serde(serialize_with = "ser_squares")]
    pub king_path: Vec<Square>,
}

impl TenCastling {
    /// The castling `geometry` gives `color` on its back rank.
    pub fn new(color: cozy_chess::Color, g: Geometry) -> TenCastling {
        let rank = back_rank(color);
        let at = |file: u8| Square::new(file, rank).expect("a back-rank file");
        let files = |mask: u16| (0..FILES).filter(move |f| mask & 1 << f != 0);
        TenCastling {
            color,
            side: g.side,
            king: at(g.king),
            rook: at(g.rook),
            king_to: at(g.king_to),
            rook_to: at(g.rook_to),
            must_be_empty: files(g.empty).map(at).collect(),
            king_path: g.safe_in_travel_order().into_iter().map(at).collect(),
        }
    }

    /// The squares that must be empty, as a set.
    pub fn empty_set(&self) -> Bits {
        self.must_be_empty.iter().fold(0, |a, s| a | s.bit())
    }

    /// The occupancy `occupied` becomes once this castling is made: king and rook lifted, the
    /// rook on its destination (the king's destination left empty, as attacks on it are asked).
    pub fn occupied_after(&self, occupied: Bits) -> Bits {
        (occupied & !self.king.bit() & !self.rook.bit()) | self.rook_to.bit()
    }

    /// The position after this castling, played on `board` (it need not be legal): king and
    /// rook moved, the colour's rights gone, the other side to move, no en passant square.
    pub fn play(&self, board: &Board) -> Board {
        let mut next = board.clone();
        for square in [self.king, self.rook] {
            let clear = !square.bit();
            next.pieces.iter_mut().for_each(|b| *b &= clear);
            next.colors[self.color] &= clear;
        }
        next.pieces[Piece::King.index()] |= self.king_to.bit();
        next.pieces[Piece::Rook.index()] |= self.rook_to.bit();
        next.colors[self.color] |= self.king_to.bit() | self.rook_to.bit();
        next.rights[self.color] = ByCastlingSide::default();
        next.side = !self.color;
        next.en_passant = None;
        next
    }
}

/// How a castling is written: SAN (or seed 004's tilde form where a side has several) and the
/// UCI form of its rule.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct TenNotation {
    /// `O-O` / `O-O-O` where the rule gives a side one castling, else `K~i1` (`K~j1/R~g1` where
    /// the rook's landing square varies too); `+` or `#` when a legal castling gives check or
    /// mate.
    pub san: String,
    /// The king taking its own rook (`f1j1`) where the rule gives a side one castling, as
    /// Fairy-Stockfish writes it with `UCI_Chess960`; else the eight-file rules' forms (the
    /// king's move, `e1g1`; a one-square king move as the rook onto the king's square, `j1i1`
    /// for `K~h1`... see the README; both legs, `f1j1,j1g1`, where the rook's square varies).
    pub uci: String,
}

/// One castling's answer, or a side's only answer when no castling is known (right gone) or
/// allowed (the rule gives none): the eight-file [`SideExplanation`] with the ten-file
/// castling, notation, reasons and later answer. `reasons` is empty exactly when legal now;
/// `later` is filled by [`TenExplanation::with_later`].
pub type TenSideCastling = SideExplanation<TenNotation, TenCastling, TenReason, TenLater>;

/// Every castling of a ten-file position under a rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TenExplanation {
    /// [`SCHEMA`].
    pub schema: u32,
    /// The variant (`UCI_Variant`'s name).
    #[serde(serialize_with = "ser_variant")]
    pub variant: Variant,
    /// The castling rule asked under.
    pub rule: Rule,
    /// The position as a Shredder-FEN.
    pub fen: String,
    /// The side to move.
    #[serde(serialize_with = "ser_color")]
    pub to_move: cozy_chess::Color,
    /// Per colour and side, its castlings in the rule's order.
    pub sides: ByColor<Sides>,
}

fn ser_variant<S: Serializer>(v: &Variant, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(v.name())
}

/// A colour's two sides, a-side first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Sides {
    /// The a-side (the rook left of the king).
    pub a: Vec<TenSideCastling>,
    /// The h-side (the rook right of the king), named as on eight files.
    pub h: Vec<TenSideCastling>,
}

/// The enemy men of `color` attacking `square` with `occupied` as the board's occupancy.
fn attackers(
    board: &Board,
    square: Square,
    color: cozy_chess::Color,
    occupied: Bits,
) -> Vec<TenMan> {
    squares(board.attackers(square, !color, occupied))
        .map(|s| man(board, s))
        .collect()
}

fn man(board: &Board, square: Square) -> TenMan {
    let (color, piece) = board.man_on(square).expect("a man stands there");
    TenMan {
        color,
        piece,
        square,
    }
}

/// Every reason `castling` is not legal in `board` under `rule` (empty: legal now).
pub fn reasons(board: &Board, castling: &TenCastling, rule: Rule) -> Vec<TenReason> {
    let color = castling.color;
    let occupied = board.occupied();
    let mut out: Vec<TenReason> = castling
        .must_be_empty
        .iter()
        .filter(|s| occupied & s.bit() != 0)
        .map(|&s| TenReason::Occupied { man: man(board, s) })
        .collect();
    let checkers = attackers(board, castling.king, color, occupied);
    if !checkers.is_empty() {
        out.push(TenReason::InCheck {
            by: checkers.clone(),
        });
    }
    let after = castling.occupied_after(occupied);
    let with_rook = after | castling.rook.bit();
    for &square in &castling.king_path {
        let shielded = board.attackers(square, !color, with_rook);
        let by: Vec<TenAttacker> = attackers(board, square, color, after)
            .into_iter()
            .filter(|m| square != castling.king || !checkers.contains(m))
            .map(|m| TenAttacker {
                man: m,
                revealed: shielded & m.square.bit() == 0,
            })
            .collect();
        if by.is_empty() {
            continue;
        }
        let passage = Passage::of(square, castling.king, castling.king_to);
        out.push(TenReason::Attacked {
            square,
            passage,
            by,
        });
    }
    if !rule.may_give_check() {
        let castled = castling.play(board);
        let king = castled.king(!color);
        let by = attackers(&castled, king, !color, castled.occupied());
        if !by.is_empty() {
            out.push(TenReason::GivesCheck {
                rule,
                king: man(&castled, king),
                by,
            });
        }
    }
    if board.side_to_move() != color {
        out.push(TenReason::NotYourTurn {
            to_move: board.side_to_move(),
        });
    }
    out
}

/// The castlings `rule` allows `color` on `side` by the position's right, as geometries;
/// `None` when the position holds no right there.
pub fn castlings_of_right(
    board: &Board,
    color: cozy_chess::Color,
    side: CastlingSide,
    rule: Rule,
) -> Option<Vec<TenCastling>> {
    let rook = board.castling_right(color, side)?;
    let king = board.king(color).file();
    Some(
        rule.castlings(FILES, king, rook)
            .into_iter()
            .map(|g| TenCastling::new(color, g))
            .collect(),
    )
}

/// How `castling` is written under `rule`; `legal` adds the check mark SAN gives a legal move.
pub fn notation(board: &Board, castling: &TenCastling, rule: Rule, legal: bool) -> TenNotation {
    let c = castling;
    let mut san = if !rule.several_per_side() {
        c.side.san().to_string()
    } else if rule.rook_varies() {
        format!("K~{}/R~{}", c.king_to, c.rook_to)
    } else {
        format!("K~{}", c.king_to)
    };
    if legal {
        let castled = c.play(board);
        if castled.in_check(!c.color) {
            san.push(if castled.legal_moves().is_empty() {
                '#'
            } else {
                '+'
            });
        }
    }
    let uci = if !rule.several_per_side() {
        format!("{}{}", c.king, c.rook)
    } else if rule.rook_varies() {
        format!("{}{},{}{}", c.king, c.king_to, c.rook, c.rook_to)
    } else if c.king.file().abs_diff(c.king_to.file()) == 1 {
        format!("{}{}", c.rook, c.king)
    } else {
        format!("{}{}", c.king, c.king_to)
    };
    TenNotation { san, uci }
}

/// Explains every castling of `board` under `rule` (the variant's own with
/// `board.variant().rule()`), without the search for later ([`TenExplanation::with_later`]).
///
/// ```
/// use castle960::ten::{Board, Variant};
/// use castle960::ten::castling::explain;
/// use castle960::castling::Status;
/// let fen = "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w JAja - 0 1";
/// let board = Board::from_fen(fen, Variant::CAPARANDOM).unwrap();
/// let e = explain(&board, Variant::CAPARANDOM.rule());
/// // White's O-O (king f1 to i1, rook j1 to h1) is legal now; Black's waits for its turn.
/// assert_eq!(e.sides.white.h[0].status, Status::LegalNow);
/// assert_eq!(e.sides.black.h[0].status, Status::LegalOnTurn);
/// assert_eq!(e.sides.white.h[0].notation.as_ref().unwrap().uci, "f1j1");
/// ```
pub fn explain(board: &Board, rule: Rule) -> TenExplanation {
    let side = |color, side| -> Vec<TenSideCastling> {
        let turn = (board.side_to_move() != color).then_some(TenReason::NotYourTurn {
            to_move: board.side_to_move(),
        });
        let alone = |first: TenReason| {
            let reasons: Vec<TenReason> = std::iter::once(first).chain(turn.clone()).collect();
            vec![TenSideCastling {
                color,
                side,
                status: Status::of(&reasons),
                castling: None,
                notation: None,
                reasons,
                later: None,
            }]
        };
        let Some(castlings) = castlings_of_right(board, color, side, rule) else {
            return alone(TenReason::RightGone {
                lost: WhenLost::NotInPosition,
            });
        };
        if castlings.is_empty() {
            let rook = board.castling_right(color, side).expect("a right");
            return alone(TenReason::NoCastling {
                rule,
                king: board.king(color),
                rook: Square::new(rook, back_rank(color)).expect("a back-rank file"),
            });
        }
        castlings
            .into_iter()
            .map(|c| {
                let reasons = reasons(board, &c, rule);
                let status = Status::of(&reasons);
                TenSideCastling {
                    color,
                    side,
                    status,
                    notation: Some(notation(board, &c, rule, status == Status::LegalNow)),
                    castling: Some(c),
                    reasons,
                    later: None,
                }
            })
            .collect()
    };
    let sides = ByColor::new(|color| Sides {
        a: side(color, CastlingSide::A),
        h: side(color, CastlingSide::H),
    });
    TenExplanation {
        schema: SCHEMA,
        variant: board.variant(),
        rule,
        fen: board.to_string(),
        to_move: board.side_to_move(),
        sides,
    }
}

impl TenExplanation {
    /// Every answer, White's a-side first, then White's h-side, Black's a-side, Black's h-side.
    pub fn all(&self) -> impl Iterator<Item = &TenSideCastling> {
        [&self.sides.white, &self.sides.black]
            .into_iter()
            .flat_map(|s| s.a.iter().chain(&s.h))
    }

    /// Adds, to every castling whose right stands, the fewest own moves until it is legal with
    /// the opponent standing still ([`later`]).
    pub fn with_later(mut self, board: &Board, limits: &TenLimits) -> TenExplanation {
        for sides in [&mut self.sides.white, &mut self.sides.black] {
            for entry in sides.a.iter_mut().chain(sides.h.iter_mut()) {
                entry.later = Some(match &entry.castling {
                    Some(c) => fewest_moves(board, c, self.rule, limits),
                    None => TenLater::Never {
                        why: match entry.reasons.first() {
                            Some(TenReason::NoCastling { .. }) => TenNeverWhy::NoCastling,
                            _ => TenNeverWhy::RightGone,
                        },
                    },
                });
            }
        }
        self
    }
}
