//! SAN for the White-only board. In the model Black is absent, so no move captures or checks
//! and SAN needs only the piece letter, the disambiguation and the destination. It is written by
//! the crate's one SAN writer (`chess::san`, which also writes SAN for positions with both
//! colours, [`crate::notation::san`]); this board answers its questions.

use crate::chess::san::{self, SanBoard};
use crate::chess::{Arrangement, Move, Piece, Rank, Square};
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
        san::write(self, mv)
    }
}

/// With Black absent nothing is ever taken, and every move the board allows is legal.
impl SanBoard for WhiteBoard {
    fn piece_on(&self, square: Square) -> Option<Piece> {
        WhiteBoard::piece_on(self, square)
    }

    fn castling_san(&self, mv: Move) -> Option<String> {
        let side = self.castling_side(mv)?;
        Some(self.castling(side).san(Rank::First))
    }

    fn captures(&self, _: Move) -> bool {
        false
    }

    fn rivals(&self, piece: Piece, mv: Move) -> Vec<Square> {
        Square::ALL
            .into_iter()
            .filter(|&s| s != mv.from && WhiteBoard::piece_on(self, s) == Some(piece))
            .filter(|&s| self.destinations(s).contains(&mv.to))
            .collect()
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
