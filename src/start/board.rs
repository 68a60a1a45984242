//! A White-only chess board ([`WhiteBoard`]): the model's positions and their legal moves.
//!
//! Named for what it holds, White's men alone, so that it is never taken for a position with
//! both colours (cozy-chess's `Board`, which the any-position half uses) or for ten files'
//! [`crate::ten::Board`].
//!
//! Black is absent in the model, so there are no captures and no checks; a move is legal when
//! the man moves as chess allows, nothing stands in its path and its destination is empty.
//! Squares, pieces and moves are the crate's one vocabulary (cozy-chess's types); castling is
//! written as UCI_Chess960 writes it, the king onto its own rook (`e1h1`), and goes where the
//! board's castling on that side ([`WhiteBoard::castling`]) takes king and rook: Chess960's
//! unless the board was set up along another rule's castling ([`WhiteBoard::along`]).

use crate::chess::directions;
use crate::chess::{
    Arrangement, ByCastlingSide, CastlingPath, CastlingSide, Color, File, Move, Piece, Rank,
    Square, piece,
};
use std::fmt;
use std::ops::RangeInclusive;

/// A move that could not be played, and the board it was tried on.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("illegal move {mv} in position {}", .board.fen_placement())]
pub struct IllegalMove {
    /// The move, in UCI_Chess960 coordinates (castling as king onto rook).
    pub mv: Move,
    /// The board it was tried on.
    pub board: Box<WhiteBoard>,
}

/// White's position in the model, Black absent: where every man stands and which king and
/// rooks never moved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WhiteBoard {
    squares: [Option<Piece>; Square::NUM],
    arrangement: Arrangement,
    king_unmoved: bool,
    rook_unmoved: ByCastlingSide<bool>,
    /// Where castling on each side takes king and rook.
    castlings: ByCastlingSide<CastlingPath>,
}

/// Hashes the squares as one array of bytes and the unmoved flags, not field by field: a
/// derived `Hash` made a hundred small writes per board, and the line clean-up
/// ([`crate::start::line::Line::without_cycles`]) spent most of its time in them. Boards that are
/// equal have equal squares and flags, so equal boards hash alike.
impl std::hash::Hash for WhiteBoard {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        let squares = self
            .squares
            .map(|man| man.map_or(0, |piece| piece as u8 + 1));
        state.write(&squares);
        state.write_u8(
            u8::from(self.king_unmoved)
                | u8::from(self.rook_unmoved.a) << 1
                | u8::from(self.rook_unmoved.h) << 2,
        );
    }
}

/// A move from one square to another (never a promotion: the model's pawns stop short of it).
pub const fn plain_move(from: Square, to: Square) -> Move {
    Move {
        from,
        to,
        promotion: None,
    }
}

/// The square of a first-rank file: the White-only board's pieces start there.
pub const fn first_rank(file: File) -> Square {
    Square::new(file, Rank::First)
}

impl WhiteBoard {
    /// The start position of `arrangement`: back rank on rank 1, pawns on rank 2.
    pub fn start(arrangement: &Arrangement) -> WhiteBoard {
        let mut squares = [None; Square::NUM];
        for file in File::ALL {
            squares[first_rank(file) as usize] = Some(arrangement.piece_on(file));
            squares[Square::new(file, Rank::Second) as usize] = Some(Piece::Pawn);
        }
        WhiteBoard {
            squares,
            arrangement: *arrangement,
            king_unmoved: true,
            rook_unmoved: ByCastlingSide { a: true, h: true },
            castlings: ByCastlingSide::new(|side| arrangement.castling(side)),
        }
    }

    /// The same board with castling on `path`'s side going along `path` (another rule's
    /// castling, or another of the castlings a rule allows on that side). `path` must start from
    /// the arrangement's king and rook.
    pub fn along(mut self, path: CastlingPath) -> WhiteBoard {
        let side = path.side();
        debug_assert_eq!(
            (path.king_from(), path.rook_from()),
            (
                self.arrangement.king_file(),
                self.arrangement.rook_file(side)
            )
        );
        self.castlings[side] = path;
        self
    }

    /// Where castling on `side` takes king and rook on this board.
    pub fn castling(&self, side: CastlingSide) -> CastlingPath {
        self.castlings[side]
    }

    /// The arrangement whose start position this board came from: castling needs its king's and
    /// rooks' home files.
    pub fn arrangement(&self) -> &Arrangement {
        &self.arrangement
    }

    /// What stands on `square`, if anything: the one way other modules look at the board.
    pub fn piece_on(&self, square: Square) -> Option<Piece> {
        self.squares[square as usize]
    }

    fn is_empty(&self, square: Square) -> bool {
        self.squares[square as usize].is_none()
    }

    /// Where White's men stand, as the placement field of a FEN (White only): for messages and
    /// for comparing with other chess libraries. (Named apart from the model's placements of
    /// `search::model`, which are a different thing.)
    pub fn fen_placement(&self) -> String {
        let mut out = String::new();
        for rank in Rank::ALL.into_iter().rev() {
            let mut empty = 0;
            for file in File::ALL {
                match self.piece_on(Square::new(file, rank)) {
                    Some(man) => {
                        if empty > 0 {
                            out.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        out.push(piece::letter(man, Color::White));
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if rank > Rank::First {
                out.push('/');
            }
        }
        out
    }

    /// Whether every man stands where he stands on `other` (what [`WhiteBoard::fen_placement`]
    /// shows; the unmoved flags aside), without writing either out.
    pub fn same_placement(&self, other: &WhiteBoard) -> bool {
        self.squares == other.squares
    }

    /// The squares a man on `from` could move to, ignoring whose turn it is. Pawns only push:
    /// with Black absent there is nothing to capture.
    pub fn destinations(&self, from: Square) -> Vec<Square> {
        let mut out = Vec::new();
        self.each_destination_within(from, Rank::First..=Rank::Eighth, |to| out.push(to));
        out
    }

    /// The squares of [`WhiteBoard::destinations`] on the ranks of `ranks` that the man reaches
    /// without leaving those ranks, handed to `f` one by one: for searches that try every move
    /// of many boards within a band of ranks. (A slide that leaves the band never comes back to
    /// it, so within the band this is every destination.)
    pub fn each_destination_within(
        &self,
        from: Square,
        ranks: RangeInclusive<Rank>,
        mut f: impl FnMut(Square),
    ) {
        let Some(man) = self.piece_on(from) else {
            return;
        };
        let mut slide = |dirs: &[(i8, i8)], max: usize| {
            for &(df, dr) in dirs {
                let mut at = from;
                for _ in 0..max {
                    match at.try_offset(df, dr) {
                        Some(next) if ranks.contains(&next.rank()) && self.is_empty(next) => {
                            f(next);
                            at = next;
                        }
                        _ => break,
                    }
                }
            }
        };
        for &(dirs, max) in directions::lines(man) {
            let pawn_off_home = man == Piece::Pawn && from.rank() != Rank::Second;
            slide(dirs, if pawn_off_home { 1 } else { max });
        }
    }

    /// Moves `man` from `from` to `to` without any check: for route planning on a scratch board.
    pub(crate) fn relocate(&mut self, from: Square, to: Square, man: Piece) {
        self.squares[from as usize] = None;
        self.squares[to as usize] = Some(man);
    }

    /// Empties a square without any check: for route planning on a scratch board.
    pub(crate) fn clear(&mut self, square: Square) {
        self.squares[square as usize] = None;
    }

    /// The castling move on `side`, written as the king taking its own rook (`e1h1`).
    pub fn castling_move(&self, side: CastlingSide) -> Move {
        castling_move(&self.arrangement, side)
    }

    /// The side `mv` castles on, if it is a castling move: the king from its home square onto
    /// a rook of its own standing on that side's rook's home square. (A king never moves onto a
    /// square its own man holds any other way; onto an empty square it is a king move.)
    pub fn castling_side(&self, mv: Move) -> Option<CastlingSide> {
        CastlingSide::BOTH.into_iter().find(|&side| {
            mv == self.castling_move(side) && self.piece_on(mv.to) == Some(Piece::Rook)
        })
    }

    /// Whether castling on `side` is legal: king and that rook never moved, and every square
    /// the castling needs empty is empty apart from the two of them (under Chess960's rule:
    /// every square from the king's start to its end and from the rook's start to its end, FIDE
    /// Laws, Guidelines II).
    pub fn can_castle(&self, side: CastlingSide) -> bool {
        if !self.king_unmoved || !self.rook_unmoved[side] {
            return false;
        }
        self.castlings[side].is_open(|file| !self.is_empty(first_rank(file)))
    }

    /// Every legal move here, castling first (a-side, then h-side), then by origin square and
    /// destination: for reading SAN by matching it against each move's SAN.
    pub fn legal_moves(&self) -> Vec<Move> {
        let castling = CastlingSide::BOTH
            .into_iter()
            .map(|side| self.castling_move(side))
            .filter(|&mv| self.is_legal(mv));
        let normal = Square::ALL.into_iter().flat_map(|from| {
            self.destinations(from)
                .into_iter()
                .map(move |to| plain_move(from, to))
        });
        castling.chain(normal).collect()
    }

    /// Whether `mv` may be played here, so that replays can check every move of a line.
    pub fn is_legal(&self, mv: Move) -> bool {
        match self.castling_side(mv) {
            Some(side) => self.can_castle(side),
            None => {
                // Looked for among the destinations without collecting them: every move of
                // every replay comes through here.
                let mut found = false;
                if mv.promotion.is_none() {
                    self.each_destination_within(mv.from, Rank::First..=Rank::Eighth, |to| {
                        found |= to == mv.to;
                    });
                }
                found
            }
        }
    }

    /// Plays a legal move, or says why it is not legal.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        if !self.is_legal(mv) {
            return Err(IllegalMove {
                mv,
                board: Box::new(self.clone()),
            });
        }
        match self.castling_side(mv) {
            Some(side) => {
                self.squares[mv.from as usize] = None;
                self.squares[mv.to as usize] = None;
                let path = self.castlings[side];
                self.squares[first_rank(path.king_to()) as usize] = Some(Piece::King);
                self.squares[first_rank(path.rook_to()) as usize] = Some(Piece::Rook);
                self.king_unmoved = false;
            }
            None => {
                if mv.from == first_rank(self.arrangement.king_file()) {
                    self.king_unmoved = false;
                }
                for side in CastlingSide::BOTH {
                    if mv.from == first_rank(self.arrangement.rook_file(side)) {
                        self.rook_unmoved[side] = false;
                    }
                }
                self.squares[mv.to as usize] = self.squares[mv.from as usize].take();
            }
        }
        Ok(())
    }
}

/// The castling move on `side` of `arrangement`'s start, the king onto its own rook (`e1h1`).
pub fn castling_move(arrangement: &Arrangement, side: CastlingSide) -> Move {
    plain_move(
        first_rank(arrangement.king_file()),
        first_rank(arrangement.rook_file(side)),
    )
}

/// Shows the board's placement, for assertion messages.
impl fmt::Display for WhiteBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.fen_placement())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::BuildHasher;

    /// Boards reached by two move orders are equal and hash alike (the contract of the `Hash`
    /// impl); a rook that went out and came back leaves a board unequal to one where it never
    /// moved, though every man stands where it stood.
    #[test]
    fn equal_boards_hash_alike_and_the_unmoved_flags_count() {
        let standard = Arrangement::from_sp(518).unwrap();
        let after = |san: &str| {
            crate::start::line::Line::from_san(&standard, san)
                .unwrap()
                .replay(&standard)
                .unwrap()
        };
        let (one, other) = (after("Nf3 e3"), after("e3 Nf3"));
        assert_eq!(one, other);
        let state = std::hash::RandomState::new();
        assert_eq!(state.hash_one(&one), state.hash_one(&other));
        let (rook_back, rook_home) = (after("h4 Rh3 Rh1"), after("h4"));
        assert_eq!(rook_back.fen_placement(), rook_home.fen_placement());
        assert_ne!(rook_back, rook_home);
        assert_eq!(rook_back, after("h4 Rh2 Rh1"));
    }
}
