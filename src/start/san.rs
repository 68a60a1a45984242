//! SAN for the White-only board. In the model Black is absent, so no move captures or checks
//! and SAN needs only the piece letter, the disambiguation and the destination.

use crate::chess::{Arrangement, Move, Piece, Rank, Square, piece};
use crate::start::board::WhiteBoard;
use crate::start::line::Line;

/// A SAN move that is no legal move of the White-only board where it was read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{san:?} is no legal move in position {}", .board.fen_placement())]
pub struct UnknownSan {
    /// The SAN as read.
    pub san: String,
    /// The board it was read on.
    pub board: Box<WhiteBoard>,
}

impl WhiteBoard {
    /// The move in Standard Algebraic Notation. No capture or check marks ever apply in the
    /// model. The origin file (or rank, or both) is added when another piece of the same kind
    /// could also reach the destination.
    pub fn san(&self, mv: Move) -> String {
        if let Some(side) = self.castling_side(mv) {
            return self.castling(side).san(Rank::First);
        }
        let (from, to) = (mv.from, mv.to);
        let piece = match self.piece_on(from) {
            Some(Piece::Pawn) | None => return to.to_string(),
            Some(p) => p,
        };
        let rivals: Vec<Square> = Square::ALL
            .into_iter()
            .filter(|&s| s != from && self.piece_on(s) == Some(piece))
            .filter(|&s| self.destinations(s).contains(&to))
            .collect();
        let qualifier = if rivals.is_empty() {
            String::new()
        } else if rivals.iter().all(|r| r.file() != from.file()) {
            from.file().to_string()
        } else if rivals.iter().all(|r| r.rank() != from.rank()) {
            from.rank().to_string()
        } else {
            from.to_string()
        };
        format!("{}{qualifier}{to}", piece::san_letter(piece))
    }
}

impl WhiteBoard {
    /// The legal move whose SAN is `san` (as [`WhiteBoard::san`] writes it).
    pub fn parse_san(&self, san: &str) -> Result<Move, UnknownSan> {
        self.legal_moves()
            .into_iter()
            .find(|&mv| self.san(mv) == san)
            .ok_or_else(|| UnknownSan {
                san: san.to_string(),
                board: Box::new(self.clone()),
            })
    }
}

impl Line {
    /// Reads a line written in SAN, moves separated by white space, from the start of
    /// `arrangement`: the report's lines read back.
    ///
    /// ```
    /// use castle960::Arrangement;
    /// use castle960::start::line::Line;
    /// let standard = Arrangement::from_sp(518).unwrap();
    /// let line = Line::from_san(&standard, "e3 Nf3 Be2 O-O").unwrap();
    /// assert_eq!(line.san(&standard), "e3 Nf3 Be2 O-O");
    /// ```
    pub fn from_san(arrangement: &Arrangement, san: &str) -> Result<Line, UnknownSan> {
        Line::default().extended_by_san(arrangement, san)
    }

    /// This line with the moves of `san` (written in SAN, separated by white space) appended,
    /// read from where the line ends; castling goes along [`Line::along`].
    pub fn extended_by_san(self, arrangement: &Arrangement, san: &str) -> Result<Line, UnknownSan> {
        let mut board = self
            .replay(arrangement)
            .expect("lines built by the searches are legal");
        let mut line = self;
        for text in san.split_whitespace() {
            let mv = board.parse_san(text)?;
            board.play(mv).expect("a move read from SAN is legal");
            line.moves.push(mv);
        }
        Ok(line)
    }
}
