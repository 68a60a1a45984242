//! A position on the ten-file board: men, side to move, castling rights, en passant square and
//! clocks, with the [`Variant`] whose rules it follows; and playing a move on it.
//!
//! A [`Board`] is only made by reading a FEN ([`Board::from_fen`], which checks every rule of
//! [`crate::ten::fen`]) or by playing a legal move on one, so every board is a legal position.

use super::attacks;
use super::piece::Piece;
use super::square::{Bits, FILES, Square, squares};
use super::variant::Variant;
use crate::chess::{ByCastlingSide, ByColor, CastlingSide, Geometry};
use cozy_chess::Color;
use std::fmt;
use std::str::FromStr;

/// A move: from, to and the piece a pawn promotes to. Castling is written as the king taking
/// its own rook (`f1j1`), as Chess960 engines write it with `UCI_Chess960` on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The square the man leaves (the king's, for castling).
    pub from: Square,
    /// The square it goes to (the castling rook's, for castling).
    pub to: Square,
    /// What a pawn reaching the last rank becomes.
    pub promotion: Option<Piece>,
}

/// A legal position of a ten-file variant.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    pub(super) variant: Variant,
    pub(super) pieces: [Bits; 8],
    pub(super) colors: ByColor<Bits>,
    pub(super) side: Color,
    /// Per colour and side, the file of the rook that may still castle.
    pub(super) rights: ByColor<ByCastlingSide<Option<u8>>>,
    /// The square a pawn just crossed with a double step, as the FEN gives it.
    pub(super) en_passant: Option<Square>,
    pub(super) halfmove: u32,
    pub(super) fullmove: u32,
}

/// A colour's back rank, 0 or 7.
pub(super) const fn back_rank(color: Color) -> u8 {
    match color {
        Color::White => 0,
        Color::Black => 7,
    }
}

impl Board {
    /// The variant whose rules this position follows.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The squares of `color`'s men.
    pub fn colored(&self, color: Color) -> Bits {
        self.colors[color]
    }

    /// The squares of every man of kind `piece`, both colours.
    pub fn pieces(&self, piece: Piece) -> Bits {
        self.pieces[piece.index()]
    }

    /// Every occupied square.
    pub fn occupied(&self) -> Bits {
        self.colors.white | self.colors.black
    }

    /// The man on `square`, if any.
    pub fn man_on(&self, square: Square) -> Option<(Color, Piece)> {
        let color = [Color::White, Color::Black]
            .into_iter()
            .find(|&c| self.colors[c] & square.bit() != 0)?;
        let piece = Piece::ALL
            .into_iter()
            .find(|p| self.pieces[p.index()] & square.bit() != 0)?;
        Some((color, piece))
    }

    /// `color`'s king. Every board has exactly one king per colour.
    pub fn king(&self, color: Color) -> Square {
        squares(self.pieces(Piece::King) & self.colors[color])
            .next()
            .expect("every board has a king of each colour")
    }

    /// The file of the rook `color` may still castle with on `side`, if any.
    pub fn castling_right(&self, color: Color, side: CastlingSide) -> Option<u8> {
        self.rights[color][side]
    }

    /// The square a pawn just crossed with a double step, if the FEN or the last move gave one.
    pub fn en_passant(&self) -> Option<Square> {
        self.en_passant
    }

    /// The halfmove clock (moves since the last capture or pawn move).
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The move number, from 1.
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// The men of `by` that attack `square`, with `occupied` standing as the board's occupancy
    /// (so that a caller can lift men off first).
    pub fn attackers(&self, square: Square, by: Color, occupied: Bits) -> Bits {
        let p = |piece: Piece| self.pieces[piece.index()];
        let diagonal = p(Piece::Bishop) | p(Piece::Archbishop) | p(Piece::Queen);
        let straight = p(Piece::Rook) | p(Piece::Chancellor) | p(Piece::Queen);
        let knights = p(Piece::Knight) | p(Piece::Archbishop) | p(Piece::Chancellor);
        let found = attacks::knight(square) & knights
            | attacks::king(square) & p(Piece::King)
            | attacks::pawn(!by, square) & p(Piece::Pawn)
            | attacks::bishop(square, occupied) & diagonal
            | attacks::rook(square, occupied) & straight;
        found & self.colors[by] & occupied
    }

    /// Whether `color`'s king is attacked.
    pub fn in_check(&self, color: Color) -> bool {
        self.attackers(self.king(color), !color, self.occupied()) != 0
    }

    /// The castling of `color`'s king with the rook on `rook_file`, by the variant's rule. The
    /// variants' rules give one castling per king and rook ([`Variant`]'s rules are all fixed
    /// landing squares), so the move `king takes rook` names it.
    pub fn castling_geometry(&self, color: Color, rook_file: u8) -> Option<Geometry> {
        let king = self.king(color).file();
        if king == rook_file {
            return None;
        }
        self.variant
            .rule()
            .castlings(FILES, king, rook_file)
            .into_iter()
            .next()
    }

    /// Whether `mv` is a castling: the side to move's king onto its own rook.
    pub fn is_castling(&self, mv: Move) -> bool {
        let own = self.colors[self.side];
        self.pieces(Piece::King) & own & mv.from.bit() != 0
            && self.pieces(Piece::Rook) & own & mv.to.bit() != 0
    }

    fn remove(&mut self, square: Square) {
        let clear = !square.bit();
        for bits in &mut self.pieces {
            *bits &= clear;
        }
        self.colors.white &= clear;
        self.colors.black &= clear;
    }

    fn put(&mut self, color: Color, piece: Piece, square: Square) {
        self.pieces[piece.index()] |= square.bit();
        self.colors[color] |= square.bit();
    }

    /// The position after `mv`, which must be a legal move of this position (see
    /// [`Board::legal_moves`]); anything else gives a position no game reaches.
    pub fn play(&self, mv: Move) -> Board {
        let us = self.side;
        let mut next = self.clone();
        next.side = !us;
        next.en_passant = None;
        if us == Color::Black {
            next.fullmove += 1;
        }
        let rank = back_rank(us);
        if self.is_castling(mv) {
            let g = self
                .castling_geometry(us, mv.to.file())
                .expect("a castling move has a castling");
            next.remove(mv.from);
            next.remove(mv.to);
            let on_rank = |file| Square::new(file, rank).expect("a back-rank file");
            next.put(us, Piece::King, on_rank(g.king_to));
            next.put(us, Piece::Rook, on_rank(g.rook_to));
            next.rights[us] = ByCastlingSide::default();
            next.halfmove += 1;
            return next;
        }
        let (_, piece) = self.man_on(mv.from).expect("a move starts on a man");
        let captured = self.man_on(mv.to).is_some();
        let en_passant = piece == Piece::Pawn && Some(mv.to) == self.en_passant;
        next.remove(mv.from);
        next.remove(mv.to);
        if en_passant {
            let taken = Square::new(mv.to.file(), mv.from.rank()).expect("beside the pawn");
            next.remove(taken);
        }
        next.put(us, mv.promotion.unwrap_or(piece), mv.to);
        next.halfmove = if piece == Piece::Pawn || captured {
            0
        } else {
            self.halfmove + 1
        };
        if piece == Piece::Pawn && mv.from.rank().abs_diff(mv.to.rank()) == 2 {
            next.en_passant = Square::new(mv.from.file(), (mv.from.rank() + mv.to.rank()) / 2);
        }
        if piece == Piece::King {
            next.rights[us] = ByCastlingSide::default();
        }
        // A rook that leaves its square, or is taken on it, takes its right with it.
        for color in [Color::White, Color::Black] {
            for side in CastlingSide::BOTH {
                let home = next.rights[color][side].and_then(|f| Square::new(f, back_rank(color)));
                if home.is_some_and(|home| mv.from == home || mv.to == home) {
                    next.rights[color][side] = None;
                }
            }
        }
        next
    }
}

/// UCI: `e2e4`, `a7a8q`, castling `f1j1`. The promotion letter is the standard one (`a` for
/// the archbishop); [`Move::uci`] writes a variant's own letters.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(p) = self.promotion {
            write!(f, "{}", p.letter().to_ascii_lowercase())?;
        }
        Ok(())
    }
}

impl Move {
    /// The move in UCI as an engine playing `variant` writes it (Janus Chess promotes to `j`).
    pub fn uci(self, variant: Variant) -> String {
        let mut text = format!("{}{}", self.from, self.to);
        if let Some(p) = self.promotion {
            text.push(variant.letter(p).to_ascii_lowercase());
        }
        text
    }

    /// Reads a UCI move as an engine playing `variant` writes it; `None` if it is none.
    pub fn from_uci(text: &str, variant: Variant) -> Option<Move> {
        let from = text.get(0..2)?.parse().ok()?;
        let to = text.get(2..4)?.parse().ok()?;
        let mut rest = text.get(4..)?.chars();
        let promotion = match (rest.next(), rest.next()) {
            (None, _) => None,
            (Some(letter), None) if letter.is_ascii_lowercase() => Some(
                variant
                    .piece(letter)
                    .filter(|p| variant.promotions().any(|q| q == *p))?,
            ),
            _ => return None,
        };
        Some(Move {
            from,
            to,
            promotion,
        })
    }
}

/// A text that is no UCI move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{} is no UCI move on ten files: write the from and to squares and a promotion letter, like e2e4 or a7a8q",
    crate::error::quote(.0)
)]
pub struct MoveError(pub String);

/// Reads a UCI move with the standard letters (`a` archbishop, `c` chancellor).
impl FromStr for Move {
    type Err = MoveError;

    fn from_str(s: &str) -> Result<Move, MoveError> {
        Move::from_uci(s, Variant::CAPABLANCA).ok_or_else(|| MoveError(s.to_string()))
    }
}
