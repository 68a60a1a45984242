//! A White-only chess board: the model's positions, legal moves, SAN, and replay of lines.
//!
//! Black is absent in the model, so there are no captures and no checks; a move is legal when
//! the piece moves as chess allows, nothing stands in its path and its destination is empty.

use crate::chess::arrangement::Arrangement;
use crate::chess::castling_side::{ByCastlingSide, CastlingSide};
use crate::chess::directions::{BISHOP_DIRS, KING_STEPS, KNIGHT_STEPS, ROOK_DIRS};
use crate::chess::piece::Piece;
use crate::chess::square::Square;
use std::fmt;

/// Anything White has on the board: a pawn or a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Man {
    /// A pawn: in the model only ever pushed, never capturing.
    Pawn,
    /// One of the back-rank pieces.
    Piece(Piece),
}

impl Man {
    /// The FEN letter (upper case: White).
    pub const fn letter(self) -> char {
        match self {
            Man::Pawn => 'P',
            Man::Piece(p) => p.letter(),
        }
    }
}

/// A move of White's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A piece or pawn going from one square to another (never a capture: Black is absent).
    Normal {
        /// Where the man stands.
        from: Square,
        /// Where it goes.
        to: Square,
    },
    /// Chess960 castling with the rook of `CastlingSide`.
    Castle(CastlingSide),
}

impl Move {
    /// A move from one square to another, shorter to write than the struct variant.
    pub const fn normal(from: Square, to: Square) -> Move {
        Move::Normal { from, to }
    }
}

/// Why a move could not be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("illegal move {mv} in position {fen}")]
pub struct IllegalMove {
    /// The move in coordinate notation.
    pub mv: String,
    /// The position it was tried in, as a FEN placement field.
    pub fen: String,
}

impl fmt::Display for Move {
    /// Coordinate notation (`g1f3`), `O-O`/`O-O-O` for castling.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Normal { from, to } => write!(f, "{from}{to}"),
            Move::Castle(side) => f.write_str(side.san()),
        }
    }
}

/// White's position in the model: where every man stands and which king and rooks never moved.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    squares: [Option<Man>; 64],
    arrangement: Arrangement,
    king_unmoved: bool,
    rook_unmoved: ByCastlingSide<bool>,
}

impl Board {
    /// The start position of `arrangement`: back rank on rank 1, pawns on rank 2.
    pub fn start(arrangement: &Arrangement) -> Board {
        let mut squares = [None; 64];
        for file in 0..8 {
            squares[Square::new(file, 0).index()] = Some(Man::Piece(arrangement.piece_on(file)));
            squares[Square::new(file, 1).index()] = Some(Man::Pawn);
        }
        Board {
            squares,
            arrangement: *arrangement,
            king_unmoved: true,
            rook_unmoved: ByCastlingSide { a: true, h: true },
        }
    }

    /// The arrangement whose start position this board came from: castling needs its king's and
    /// rooks' home files.
    pub fn arrangement(&self) -> &Arrangement {
        &self.arrangement
    }

    /// What stands on `square`, if anything: the one way other modules look at the board.
    pub fn man_on(&self, square: Square) -> Option<Man> {
        self.squares[square.index()]
    }

    fn is_empty(&self, square: Square) -> bool {
        self.squares[square.index()].is_none()
    }

    /// Where White's men stand, as the placement field of a FEN (White only): for messages and
    /// for comparing with other chess libraries. (Named apart from the model's placements of
    /// `search::model`, which are a different thing.)
    pub fn fen_placement(&self) -> String {
        let mut out = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match self.man_on(Square::new(file, rank)) {
                    Some(man) => {
                        if empty > 0 {
                            out.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        out.push(man.letter());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out
    }

    /// The squares a man on `from` could move to, ignoring whose turn it is. Pawns only push:
    /// with Black absent there is nothing to capture.
    pub fn destinations(&self, from: Square) -> Vec<Square> {
        let mut out = Vec::new();
        self.each_destination_within(from, 0..=7, |to| out.push(to));
        out
    }

    /// The squares of [`Board::destinations`] on the ranks of `ranks` (0-based) that the man
    /// reaches without leaving those ranks, handed to `f` one by one: for searches that try
    /// every move of many boards within a band of ranks. (A slide that leaves the band never
    /// comes back to it, so within the band this is every destination.)
    pub fn each_destination_within(
        &self,
        from: Square,
        ranks: std::ops::RangeInclusive<u8>,
        mut f: impl FnMut(Square),
    ) {
        let Some(man) = self.man_on(from) else {
            return;
        };
        let mut slide = |dirs: &[(i8, i8)], max: usize| {
            for &(df, dr) in dirs {
                let mut at = from;
                for _ in 0..max {
                    match at.offset(df, dr) {
                        Some(next) if ranks.contains(&next.rank()) && self.is_empty(next) => {
                            f(next);
                            at = next;
                        }
                        _ => break,
                    }
                }
            }
        };
        match man {
            Man::Pawn => {
                let max = if from.rank() == 1 { 2 } else { 1 };
                slide(&[(0, 1)], max);
            }
            Man::Piece(Piece::Knight) => slide(&KNIGHT_STEPS, 1),
            Man::Piece(Piece::King) => slide(&KING_STEPS, 1),
            Man::Piece(Piece::Rook) => slide(&ROOK_DIRS, 7),
            Man::Piece(Piece::Bishop) => slide(&BISHOP_DIRS, 7),
            Man::Piece(Piece::Queen) => {
                slide(&ROOK_DIRS, 7);
                slide(&BISHOP_DIRS, 7);
            }
        }
    }

    /// Moves `man` from `from` to `to` without any check: for route planning on a scratch board.
    pub(crate) fn relocate(&mut self, from: Square, to: Square, man: Man) {
        self.squares[from.index()] = None;
        self.squares[to.index()] = Some(man);
    }

    /// Empties a square without any check: for route planning on a scratch board.
    pub(crate) fn clear(&mut self, square: Square) {
        self.squares[square.index()] = None;
    }

    /// Whether castling on `side` is legal: king and that rook never moved, and every square
    /// from the king's start to its end and from the rook's start to its end is empty apart
    /// from the two of them (FIDE Laws, Guidelines II).
    pub fn can_castle(&self, side: CastlingSide) -> bool {
        if !self.king_unmoved || !self.rook_unmoved[side] {
            return false;
        }
        self.arrangement
            .castling(side)
            .is_open(|file| !self.is_empty(Square::new(file, 0)))
    }

    /// Whether `mv` may be played here, so that replays can check every move of a line.
    pub fn is_legal(&self, mv: Move) -> bool {
        match mv {
            Move::Castle(side) => self.can_castle(side),
            Move::Normal { from, to } => self.destinations(from).contains(&to),
        }
    }

    /// Plays a legal move, or says why it is not legal.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        if !self.is_legal(mv) {
            return Err(IllegalMove {
                mv: mv.to_string(),
                fen: self.fen_placement(),
            });
        }
        match mv {
            Move::Castle(side) => {
                let king = Square::new(self.arrangement.king_file(), 0);
                let rook = Square::new(self.arrangement.rook_file(side), 0);
                self.squares[king.index()] = None;
                self.squares[rook.index()] = None;
                self.squares[Square::new(side.king_to(), 0).index()] =
                    Some(Man::Piece(Piece::King));
                self.squares[Square::new(side.rook_to(), 0).index()] =
                    Some(Man::Piece(Piece::Rook));
                self.king_unmoved = false;
            }
            Move::Normal { from, to } => {
                if from == Square::new(self.arrangement.king_file(), 0) {
                    self.king_unmoved = false;
                }
                for side in CastlingSide::BOTH {
                    if from == Square::new(self.arrangement.rook_file(side), 0) {
                        self.rook_unmoved[side] = false;
                    }
                }
                self.squares[to.index()] = self.squares[from.index()].take();
            }
        }
        Ok(())
    }

    /// The move in Standard Algebraic Notation. No capture or check marks ever apply in the model.
    /// The origin file (or rank, or both) is added when another piece of the same kind could
    /// also reach the destination.
    pub fn san(&self, mv: Move) -> String {
        let (from, to) = match mv {
            Move::Castle(side) => return side.san().to_string(),
            Move::Normal { from, to } => (from, to),
        };
        let piece = match self.man_on(from) {
            Some(Man::Piece(p)) => p,
            _ => return to.to_string(),
        };
        let rivals: Vec<Square> = Square::all()
            .filter(|&s| s != from && self.man_on(s) == Some(Man::Piece(piece)))
            .filter(|&s| self.destinations(s).contains(&to))
            .collect();
        let file = crate::chess::square::file_char(from.file());
        let qualifier = if rivals.is_empty() {
            String::new()
        } else if rivals.iter().all(|r| r.file() != from.file()) {
            file.to_string()
        } else if rivals.iter().all(|r| r.rank() != from.rank()) {
            (from.rank() + 1).to_string()
        } else {
            from.to_string()
        };
        format!("{}{qualifier}{to}", piece.letter())
    }
}

/// A game of White's moves from the start position of an arrangement.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Line {
    /// White's moves in order (Black, absent in the model, makes none).
    pub moves: Vec<Move>,
}

impl Line {
    /// Replays the line from the start and returns the final position.
    pub fn replay(&self, arrangement: &Arrangement) -> Result<Board, IllegalMove> {
        let mut board = Board::start(arrangement);
        for &mv in &self.moves {
            board.play(mv)?;
        }
        Ok(board)
    }

    /// The moves in SAN.
    pub fn san_moves(&self, arrangement: &Arrangement) -> Vec<String> {
        let mut board = Board::start(arrangement);
        self.moves
            .iter()
            .map(|&mv| {
                let san = board.san(mv);
                board
                    .play(mv)
                    .expect("lines built by the searches are legal");
                san
            })
            .collect()
    }

    /// The moves in SAN separated by single spaces, as in the report.
    pub fn san(&self, arrangement: &Arrangement) -> String {
        self.san_moves(arrangement).join(" ")
    }

    /// The pawn moves of the line in SAN, in order: the report lists them beside the verdict.
    pub fn pawn_moves(&self, arrangement: &Arrangement) -> Vec<String> {
        let mut board = Board::start(arrangement);
        let mut out = Vec::new();
        for &mv in &self.moves {
            if let Move::Normal { from, .. } = mv
                && board.man_on(from) == Some(Man::Pawn)
            {
                out.push(board.san(mv));
            }
            board
                .play(mv)
                .expect("lines built by the searches are legal");
        }
        out
    }

    /// The line with every round trip cut out: each stretch of moves after which the whole
    /// [`Board`] (placement *and* the unmoved flags of king and rooks) is what it was before the
    /// stretch. The searches find their lines piece by piece and may send a piece out and back
    /// (`Kd2 Ke3 Kd2`); such a stretch shows the reader nothing. Since the board after the
    /// stretch equals the board before it, the moves after it stay legal, and the result ends
    /// in exactly the position the line ends in. A stretch that returns a king or rook to its
    /// home square but has moved it is kept: the board differs in its unmoved flag.
    ///
    /// Greedy from the start: at each position the line jumps to the last later moment it is in
    /// that same position again, so every cycle, nested or overlapping, disappears in one pass.
    ///
    /// # Panics
    /// If the line is not legal from the start of `arrangement`.
    pub fn without_cycles(&self, arrangement: &Arrangement) -> Line {
        let mut boards = vec![Board::start(arrangement)];
        for &mv in &self.moves {
            let mut next = boards.last().expect("starts with one board").clone();
            next.play(mv)
                .expect("lines built by the searches are legal");
            boards.push(next);
        }
        let mut last_seen = std::collections::HashMap::new();
        for (i, board) in boards.iter().enumerate() {
            last_seen.insert(board, i);
        }
        let mut moves = Vec::with_capacity(self.moves.len());
        let mut at = 0;
        while at < self.moves.len() {
            let again = last_seen[&boards[at]];
            if again > at {
                at = again;
            } else {
                moves.push(self.moves[at]);
                at += 1;
            }
        }
        Line { moves }
    }

    /// The line with every excursion of a piece that changes nothing cut out: a run of one
    /// piece's moves that brings it back to the square it left (`Rhb1 .. Rh1`, `Ke3 .. Kd2`)
    /// is dropped whenever the other moves stay legal without it and the line still ends in
    /// the same placement. (Unmoved flags do not count: a walk never castles, and the castling
    /// game never moves its king or castling rook before castling, so a dropped excursion can
    /// only keep a flag set that was set.) The searches find their lines piece by piece and
    /// leave such excursions behind; they show the reader nothing. [`Line::without_cycles`]
    /// runs first; then excursions are dropped one at a time, the earliest first, until none is
    /// left.
    ///
    /// # Panics
    /// If the line is not legal from the start of `arrangement`.
    pub fn without_round_trips(&self, arrangement: &Arrangement) -> Line {
        let mut line = self.without_cycles(arrangement);
        let end = line
            .replay(arrangement)
            .expect("lines built by the searches are legal")
            .fen_placement();
        while let Some(shorter) = line.first_needless_excursion(arrangement, &end) {
            line = shorter;
        }
        line
    }

    /// The line without the earliest excursion (see [`Line::without_round_trips`]) whose removal
    /// keeps it legal and ending in the placement `end`, if there is one.
    fn first_needless_excursion(&self, arrangement: &Arrangement, end: &str) -> Option<Line> {
        for (i, &mv) in self.moves.iter().enumerate() {
            let Move::Normal { from: home, to } = mv else {
                continue;
            };
            // Follow the piece: its next move is the next one leaving the square it stands on
            // (nothing else can land there meanwhile); castling ends the trail.
            let mut at = to;
            let mut trail = vec![i];
            for (j, &later) in self.moves.iter().enumerate().skip(i + 1) {
                match later {
                    Move::Castle(_) => break,
                    Move::Normal { from, to } if from == at => {
                        trail.push(j);
                        at = to;
                    }
                    Move::Normal { .. } => continue,
                }
                if at != home {
                    continue;
                }
                let kept = Line {
                    moves: (self.moves.iter().enumerate())
                        .filter(|(k, _)| !trail.contains(k))
                        .map(|(_, &m)| m)
                        .collect(),
                };
                if kept
                    .replay(arrangement)
                    .is_ok_and(|b| b.fen_placement() == end)
                {
                    return Some(kept);
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        let b = name.as_bytes();
        Square::new(b[0] - b'a', b[1] - b'1')
    }

    fn line(arrangement: &Arrangement, moves: &[(&str, &str)]) -> Line {
        let line = Line {
            moves: moves
                .iter()
                .map(|(from, to)| Move::normal(sq(from), sq(to)))
                .collect(),
        };
        line.replay(arrangement).expect("test lines are legal");
        line
    }

    fn standard() -> Arrangement {
        Arrangement::from_sp(518).unwrap()
    }

    #[test]
    fn a_round_trip_of_a_moved_piece_is_cut() {
        let a = standard();
        // e3 Ke2 Kd3 Ke2 Kd3 Kc4: after Ke2 the king has moved; Kd3 Ke2 returns to that board.
        let full = line(
            &a,
            &[
                ("e2", "e3"),
                ("e1", "e2"),
                ("e2", "d3"),
                ("d3", "e2"),
                ("e2", "d3"),
                ("d3", "c4"),
            ],
        );
        let cut = full.without_cycles(&a);
        assert_eq!(cut.san(&a), "e3 Ke2 Kd3 Kc4");
        assert_eq!(cut.replay(&a).unwrap(), full.replay(&a).unwrap());
    }

    #[test]
    fn nested_and_knight_cycles_are_cut() {
        let a = standard();
        // Nf3 Ng1 returns to the start board (the knight has no unmoved flag); then
        // Nc3 Nb5 Nc3 Nb1 returns again: the whole line is a cycle.
        let full = line(
            &a,
            &[
                ("g1", "f3"),
                ("f3", "g1"),
                ("b1", "c3"),
                ("c3", "b5"),
                ("b5", "c3"),
                ("c3", "b1"),
            ],
        );
        assert!(full.without_cycles(&a).moves.is_empty());
    }

    #[test]
    fn a_return_that_differs_in_an_unmoved_flag_is_kept() {
        let a = standard();
        // The rook goes out and back: same placement, but it has moved, so O-O would no longer
        // be legal; cutting the stretch would change the position.
        let full = line(&a, &[("g1", "f3"), ("h1", "g1"), ("g1", "h1")]);
        let cut = full.without_cycles(&a);
        assert_eq!(cut, full);
        // The same for the king.
        let full = line(&a, &[("e2", "e3"), ("e1", "e2"), ("e2", "e1")]);
        assert_eq!(full.without_cycles(&a), full);
    }

    #[test]
    fn a_line_without_cycles_is_unchanged() {
        let a = standard();
        let full = line(&a, &[("g1", "f3"), ("e2", "e3"), ("f1", "e2")]);
        let mut castles = full.clone();
        castles.moves.push(Move::Castle(CastlingSide::H));
        assert_eq!(castles.without_cycles(&a), castles);
    }

    /// A line read from SAN, by matching each move against the SAN of every legal move.
    fn from_san(arrangement: &Arrangement, san: &str) -> Line {
        let mut board = Board::start(arrangement);
        let mut line = Line::default();
        for text in san.split_whitespace() {
            let mv = Square::all()
                .flat_map(|from| {
                    let board = &board;
                    board
                        .destinations(from)
                        .into_iter()
                        .map(move |to| Move::normal(from, to))
                })
                .chain(CastlingSide::BOTH.map(Move::Castle))
                .find(|&m| board.is_legal(m) && board.san(m) == text)
                .unwrap_or_else(|| panic!("{text} is no move here"));
            board.play(mv).unwrap();
            line.moves.push(mv);
        }
        line
    }

    /// The walks the report once showed for SP 518 and SP 9 (a-side), with the round trips
    /// `Ke3 .. Kd2`, `Rg1 Rh1` and `Rhb1 Rh1` that changed nothing: they go, the moves that
    /// matter stay, and each walk still ends where it ended.
    #[test]
    fn needless_excursions_are_dropped() {
        for (sp, walk, gone, kept) in [
            (
                518,
                "Nc3 Nd5 Nh3 Ng5 d3 Bd2 Ba5 Qd2 Qe3 Qe5 Kd2 Ke3 Rg1 Rh1 Rd1 Kd2 Kc1 Qc3",
                &["Ke3", "Rg1", "Rh1"][..],
                "Kd2 Rd1 Kc1",
            ),
            (
                9,
                "Nc3 Nd5 Nd3 Ne5 f3 Bf2 Bc5 e3 Be2 Bb5 Qd1 Qe2 Qd3 Qf5 Ra1 Kf2 Kg3 Rhb1 Rh1 Rae1",
                &["Rhb1", "Rh1"][..],
                "Kf2 Kg3 Rae1",
            ),
        ] {
            let a = Arrangement::from_sp(sp).unwrap();
            let full = from_san(&a, walk);
            let cut = full.without_round_trips(&a);
            let san = cut.san(&a);
            for move_gone in gone {
                assert!(!san.split(' ').any(|m| m == *move_gone), "SP {sp}: {san}");
            }
            assert!(san.contains(kept), "SP {sp}: {san}");
            assert_eq!(
                cut.replay(&a).unwrap().fen_placement(),
                full.replay(&a).unwrap().fen_placement()
            );
        }
    }

    /// An excursion that makes room for another piece stays: in SP 9's walk the queen steps
    /// from d1 to e2 so that the rook can pass d1 on its way to a1, and comes back later.
    #[test]
    fn excursions_that_make_room_stay() {
        let a = Arrangement::from_sp(9).unwrap();
        let walk = "Nc3 Nd5 Nd3 Ne5 f3 Bf2 Bc5 e3 Be2 Bb5 Qd1 Qe2 Ra1 Kf2 Kg3 Rae1 Qd1 Qa1";
        let full = from_san(&a, walk);
        assert_eq!(full.without_round_trips(&a), full);
    }
}
