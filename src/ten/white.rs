//! White's men alone on ten files: the board of the start-position analysis of the Capablanca
//! Random Chess arrays, as [`crate::start::board::WhiteBoard`] is the standard board's.
//!
//! Black is absent in the start positions' model, so there are no captures and no checks; a move
//! is legal when the man moves as chess allows, nothing stands in its path and its destination
//! is empty. Castling is CRC's (Chess960's rule on ten files: the king to the c- or i-file, the
//! rook to the d- or h-file), written as the king onto its own rook (`f1j1`). The tests replay
//! every line played here on the two-colour [`crate::ten::Board`], whose moves equal
//! Fairy-Stockfish's.

use super::arrays::CrcArray;
use super::board::Move;
use super::piece::Piece;
use super::square::{FILES, RANKS, Square};
use crate::chess::directions::{BISHOP_DIRS, KING_STEPS, KNIGHT_STEPS, PAWN_PUSH, ROOK_DIRS};
use crate::chess::{ByCastlingSide, CastlingSide, Geometry, Rule};
use crate::start::search::model::{self, Kind};
use crate::start::search::realize::{Occupant, RealBoard};
use std::fmt;

/// White's position on ten files: where every man stands and which king and rooks never moved.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TenWhiteBoard {
    squares: [Option<Piece>; (FILES * RANKS) as usize],
    king_unmoved: bool,
    rook_unmoved: ByCastlingSide<bool>,
    /// Each side's castling: the start files of king and rook, and where they land.
    castlings: ByCastlingSide<Geometry>,
}

/// How `piece` moves: lines of steps, and how many steps along a line it may go. A pawn pushes
/// up to two squares, two only from its second rank ([`TenWhiteBoard::each_destination`]).
fn lines(piece: Piece) -> &'static [(&'static [(i8, i8)], u8)] {
    const RIDE: u8 = 9;
    match piece {
        Piece::Pawn => &[(&PAWN_PUSH, 2)],
        Piece::Knight => &[(&KNIGHT_STEPS, 1)],
        Piece::Bishop => &[(&BISHOP_DIRS, RIDE)],
        Piece::Rook => &[(&ROOK_DIRS, RIDE)],
        Piece::Archbishop => &[(&BISHOP_DIRS, RIDE), (&KNIGHT_STEPS, 1)],
        Piece::Chancellor => &[(&ROOK_DIRS, RIDE), (&KNIGHT_STEPS, 1)],
        Piece::Queen => &[(&ROOK_DIRS, RIDE), (&BISHOP_DIRS, RIDE)],
        Piece::King => &[(&KING_STEPS, 1)],
    }
}

/// The model's kind of a ten-file piece (pawns are no kind: the model keeps them apart).
pub const fn kind_of(piece: Piece) -> Option<Kind> {
    match piece {
        Piece::Pawn => None,
        Piece::Knight => Some(model::KNIGHT),
        Piece::Bishop => Some(model::BISHOP),
        Piece::Rook => Some(model::ROOK),
        Piece::Archbishop => Some(model::ARCHBISHOP),
        Piece::Chancellor => Some(model::CHANCELLOR),
        Piece::Queen => Some(model::QUEEN),
        Piece::King => Some(model::KING),
    }
}

/// The ten-file piece of a model kind.
pub fn piece_of(kind: Kind) -> Piece {
    Piece::ALL
        .into_iter()
        .find(|&p| kind_of(p) == Some(kind))
        .expect("a model kind")
}

/// A CRC array as the start-position model reads it: its back rank's kinds.
impl model::BackRank<10> for CrcArray {
    fn kinds(&self) -> [Kind; 10] {
        self.back_rank()
            .map(|p| kind_of(p).expect("a back rank holds no pawn"))
    }

    fn number(&self) -> u32 {
        self.candidate() as u32
    }
}

/// The square of an index `rank * 10 + file`.
fn at(index: u8) -> Square {
    Square::from_index(index).expect("a square of the board")
}

impl TenWhiteBoard {
    /// The start position of `array`: its back rank on rank 1, pawns on rank 2.
    pub fn start(array: &CrcArray) -> TenWhiteBoard {
        let mut squares = [None; (FILES * RANKS) as usize];
        let rank = array.back_rank();
        for file in 0..FILES {
            squares[file as usize] = Some(rank[file as usize]);
            squares[(FILES + file) as usize] = Some(Piece::Pawn);
        }
        let file_of = |piece: Piece, side: CastlingSide| {
            let mut files = (0..FILES).filter(|&f| rank[f as usize] == piece);
            match side {
                CastlingSide::A => files.next(),
                CastlingSide::H => files.next_back(),
            }
            .expect("an array has its king and two rooks")
        };
        let king = file_of(Piece::King, CastlingSide::A);
        TenWhiteBoard {
            squares,
            king_unmoved: true,
            rook_unmoved: ByCastlingSide { a: true, h: true },
            castlings: ByCastlingSide::new(|side| {
                Rule::CHESS960.castlings(FILES, king, file_of(Piece::Rook, side))[0]
            }),
        }
    }

    /// What stands on `square`, if anything.
    pub fn piece_on(&self, square: Square) -> Option<Piece> {
        self.squares[square.index() as usize]
    }

    /// The castling on `side`: where king and rook start and land.
    pub fn castling(&self, side: CastlingSide) -> Geometry {
        self.castlings[side]
    }

    /// The castling move on `side`, written as the king onto its own rook (`f1j1`).
    pub fn castling_move(&self, side: CastlingSide) -> Move {
        let g = self.castlings[side];
        Move {
            from: at(g.king),
            to: at(g.rook),
            promotion: None,
        }
    }

    /// Whether castling on `side` is legal: king and rook never moved and every file it needs
    /// empty is empty.
    pub fn can_castle(&self, side: CastlingSide) -> bool {
        let g = self.castlings[side];
        self.king_unmoved
            && self.rook_unmoved[side]
            && (0..FILES).all(|f| g.empty & 1 << f == 0 || self.squares[f as usize].is_none())
    }

    /// The squares the man on `from` reaches within the ranks `low..=high` (0 for rank 1),
    /// handed to `f` one by one in the order of its lines. Pawns only push: with Black absent
    /// there is nothing to capture.
    pub fn each_destination(&self, from: Square, low: u8, high: u8, mut f: impl FnMut(Square)) {
        let Some(piece) = self.piece_on(from) else {
            return;
        };
        for &(dirs, max) in lines(piece) {
            let max = if piece == Piece::Pawn && from.rank() != 1 {
                1
            } else {
                max
            };
            for &(df, dr) in dirs {
                let mut square = from;
                for _ in 0..max {
                    match square.offset(df, dr) {
                        Some(next)
                            if (low..=high).contains(&next.rank())
                                && self.piece_on(next).is_none() =>
                        {
                            f(next);
                            square = next;
                        }
                        _ => break,
                    }
                }
            }
        }
    }

    /// Every square the man on `from` can move to.
    pub fn destinations(&self, from: Square) -> Vec<Square> {
        let mut out = Vec::new();
        self.each_destination(from, 0, RANKS - 1, |to| out.push(to));
        out
    }

    /// The side `mv` castles on, if it is a castling move: the king from its home square onto
    /// its own rook on that side's rook's home square.
    fn castling_side(&self, mv: Move) -> Option<CastlingSide> {
        CastlingSide::BOTH.into_iter().find(|&side| {
            mv == self.castling_move(side) && self.piece_on(mv.to) == Some(Piece::Rook)
        })
    }

    /// Whether `mv` may be played here.
    pub fn is_legal(&self, mv: Move) -> bool {
        match self.castling_side(mv) {
            Some(side) => self.can_castle(side),
            None => {
                let mut reaches = false;
                self.each_destination(mv.from, 0, RANKS - 1, |to| reaches |= to == mv.to);
                mv.promotion.is_none() && reaches
            }
        }
    }

    /// Every legal move here: castling first (a-side, then h-side), then by origin square and
    /// destination.
    pub fn legal_moves(&self) -> Vec<Move> {
        // Castling by `can_castle`, not `is_legal`: once the rook has left, the castling move's
        // squares (king onto the rook's start) can be a plain king move, listed below.
        let mut moves: Vec<Move> = CastlingSide::BOTH
            .into_iter()
            .filter(|&side| self.can_castle(side))
            .map(|side| self.castling_move(side))
            .collect();
        // Each man's moves pushed as its lines are walked, not gathered in a list of their own
        // first: the searches and replays ask for the legal moves of every position they meet.
        for from in Square::all() {
            self.each_destination(from, 0, RANKS - 1, |to| {
                moves.push(Move {
                    from,
                    to,
                    promotion: None,
                })
            });
        }
        moves
    }

    /// Plays a legal move, or says why it is not legal.
    pub fn play(&mut self, mv: Move) -> Result<(), String> {
        if !self.is_legal(mv) {
            return Err(format!(
                "illegal move {mv} in position {}",
                self.fen_placement()
            ));
        }
        match self.castling_side(mv) {
            Some(side) => {
                let g = self.castlings[side];
                self.squares[mv.from.index() as usize] = None;
                self.squares[mv.to.index() as usize] = None;
                self.squares[g.king_to as usize] = Some(Piece::King);
                self.squares[g.rook_to as usize] = Some(Piece::Rook);
                self.king_unmoved = false;
            }
            None => {
                let g = self.castlings.a;
                if mv.from.index() == g.king {
                    self.king_unmoved = false;
                }
                for side in CastlingSide::BOTH {
                    if mv.from.index() == self.castlings[side].rook {
                        self.rook_unmoved[side] = false;
                    }
                }
                let man = self.squares[mv.from.index() as usize].take();
                self.squares[mv.to.index() as usize] = man;
            }
        }
        Ok(())
    }

    /// The move in SAN, White's moves only (no captures, no checks: Black is absent): `O-O`,
    /// `e3`, `Nd3`, `Ace3` (`A` the archbishop, `C` the chancellor), with the file, the rank or
    /// both of the origin when another man of the kind reaches the same square.
    pub fn san(&self, mv: Move) -> String {
        if let Some(side) = self.castling_side(mv) {
            return side.san().to_string();
        }
        let piece = self.piece_on(mv.from).expect("a move starts on a man");
        if piece == Piece::Pawn {
            return mv.to.to_string();
        }
        let rivals: Vec<Square> = Square::all()
            .filter(|&s| s != mv.from && self.piece_on(s) == Some(piece))
            .filter(|&s| self.destinations(s).contains(&mv.to))
            .collect();
        let origin = mv.from.to_string();
        let (file, rank) = origin.split_at(1);
        let disambiguation = if rivals.is_empty() {
            ""
        } else if rivals.iter().all(|s| s.file() != mv.from.file()) {
            file
        } else if rivals.iter().all(|s| s.rank() != mv.from.rank()) {
            rank
        } else {
            &origin
        };
        format!("{}{disambiguation}{}", piece.letter(), mv.to)
    }

    /// Where White's men stand, as the placement field of a FEN (White only).
    pub fn fen_placement(&self) -> String {
        let mut out = String::new();
        for rank in (0..RANKS).rev() {
            let mut empty = 0;
            for file in 0..FILES {
                match self.squares[(rank * FILES + file) as usize] {
                    Some(piece) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push(piece.letter());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out
    }
}

/// Shows the board's placement, for assertion messages.
impl fmt::Display for TenWhiteBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.fen_placement())
    }
}

/// The ten-file board as the realization of model lines sees it: squares `rank * 10 + file`,
/// as [`Square::index`] numbers them.
impl RealBoard for TenWhiteBoard {
    const FILES: u8 = FILES;

    fn occupant(&self, s: u8) -> Option<Occupant> {
        self.squares[s as usize].map(|p| match kind_of(p) {
            Some(kind) => Occupant::Piece(kind),
            None => Occupant::Pawn,
        })
    }

    fn each_destination_within(
        &self,
        from: u8,
        ranks: std::ops::RangeInclusive<u8>,
        mut f: impl FnMut(u8),
    ) {
        self.each_destination(at(from), *ranks.start(), *ranks.end(), |to| f(to.index()));
    }

    fn relocate(&mut self, from: u8, to: u8, kind: Kind) {
        self.squares[from as usize] = None;
        self.squares[to as usize] = Some(piece_of(kind));
    }

    fn clear(&mut self, s: u8) {
        self.squares[s as usize] = None;
    }

    fn play(&mut self, from: u8, to: u8) -> Result<(), String> {
        TenWhiteBoard::play(
            self,
            Move {
                from: at(from),
                to: at(to),
                promotion: None,
            },
        )
    }

    fn castle(&mut self, side: CastlingSide) -> Result<(u8, u8), String> {
        let mv = self.castling_move(side);
        TenWhiteBoard::play(self, mv)?;
        Ok((mv.from.index(), mv.to.index()))
    }

    fn fen_placement(&self) -> String {
        TenWhiteBoard::fen_placement(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The standard CRC-like array RNBQCKABNR (Gothic's): O-O-O is f1 to c1 with the a1 rook to
    /// d1, blocked by b1, c1, d1, e1; O-O is f1 to i1 with the j1 rook to h1, blocked by g1, h1
    /// and i1; knights, the archbishop and the chancellor leap, nothing else moves at the start.
    #[test]
    fn the_start_of_an_array_moves_as_chess_allows() {
        let array = crate::ten::arrays()
            .into_iter()
            .find(|a| a.to_string() == "RNBQCKABNR")
            .expect("Gothic Chess's array is a CRC array");
        let board = TenWhiteBoard::start(&array);
        assert_eq!(board.castling(CastlingSide::A).king_to, 2);
        assert_eq!(board.castling(CastlingSide::H).rook_to, 7);
        assert!(!board.can_castle(CastlingSide::A) && !board.can_castle(CastlingSide::H));
        let sans: Vec<String> = board.legal_moves().iter().map(|&m| board.san(m)).collect();
        // Ten pawns with two pushes each; two knights, the archbishop and the chancellor with
        // two leaps each.
        assert_eq!(sans.len(), 28, "{sans:?}");
        for san in [
            "a3", "j4", "Nc3", "Na3", "Ah3", "Af3", "Cd3", "Cf3", "Nj3", "Nh3",
        ] {
            assert!(sans.contains(&san.to_string()), "{san} in {sans:?}");
        }
        assert_eq!(
            board.fen_placement(),
            "10/10/10/10/10/10/PPPPPPPPPP/RNBQCKABNR"
        );
    }

    /// Once the castling rook has left, the king's step onto the rook's start square is a plain
    /// move, listed once (it was listed twice, as castling too, which made its SAN ambiguous).
    #[test]
    fn a_king_step_onto_the_rooks_empty_start_is_listed_once() {
        let array: CrcArray = "AQCBNNBRKR".parse().unwrap();
        let mut board = TenWhiteBoard::start(&array);
        let mv = |from: &str, to: &str| Move {
            from: from.parse().unwrap(),
            to: to.parse().unwrap(),
            promotion: None,
        };
        // The j-pawn steps up and the rook follows it: j1 is empty, the rook has moved.
        for m in [mv("j2", "j3"), mv("j1", "j2")] {
            board.play(m).unwrap();
        }
        let king_step = mv("i1", "j1");
        let listed = board.legal_moves();
        assert_eq!(listed.iter().filter(|&&m| m == king_step).count(), 1);
        assert_eq!(board.san(king_step), "Kj1");
        assert!(!board.can_castle(CastlingSide::H));
    }

    /// SAN names the origin's file when another man of the kind reaches the same square;
    /// castling needs b1 to e1 empty and lands the king on c1 and the rook on d1.
    #[test]
    fn san_disambiguates_and_castling_lands_on_c_and_d() {
        let array = crate::ten::arrays()
            .into_iter()
            .find(|a| a.to_string() == "RNBQCKABNR")
            .unwrap();
        let mut board = TenWhiteBoard::start(&array);
        let mv = |from: &str, to: &str| Move {
            from: from.parse().unwrap(),
            to: to.parse().unwrap(),
            promotion: None,
        };
        for (from, to) in [("b1", "c3"), ("c3", "e4"), ("i1", "h3")] {
            board.play(mv(from, to)).unwrap();
        }
        assert_eq!(board.san(mv("e4", "g5")), "Neg5");
        assert_eq!(board.san(mv("h3", "g5")), "Nhg5");
        assert!(board.play(mv("a1", "b1")).is_ok() && board.play(mv("b1", "a1")).is_ok());
        for (from, to) in [
            ("b2", "b4"),
            ("c1", "b2"),
            ("d2", "d4"),
            ("d1", "d3"),
            ("e1", "f3"),
        ] {
            assert!(!board.can_castle(CastlingSide::A));
            board.play(mv(from, to)).unwrap();
        }
        // The rook went to b1 and back: its right is gone.
        assert!(!board.can_castle(CastlingSide::A));
        let mut fresh = TenWhiteBoard::start(&array);
        for (from, to) in [("b1", "c3"), ("b2", "b4"), ("c1", "b2"), ("d2", "d4")] {
            fresh.play(mv(from, to)).unwrap();
        }
        for (from, to) in [("d1", "d3"), ("e1", "f3")] {
            fresh.play(mv(from, to)).unwrap();
        }
        assert!(fresh.can_castle(CastlingSide::A));
        let castle = fresh.castling_move(CastlingSide::A);
        assert_eq!(
            (fresh.san(castle), castle.to_string()),
            ("O-O-O".into(), "f1a1".into())
        );
        fresh.play(castle).unwrap();
        assert_eq!(fresh.piece_on("c1".parse().unwrap()), Some(Piece::King));
        assert_eq!(fresh.piece_on("d1".parse().unwrap()), Some(Piece::Rook));
        assert!(
            fresh.is_legal(mv("c1", "b1")) && !fresh.is_legal(fresh.castling_move(CastlingSide::H))
        );
    }
}
