//! Text board diagrams: one renderer for every board castle960 draws in text, so that their
//! layout is defined once. `show` draws White's first two ranks, `analysis.md` White's first
//! four, `castle` and `why` the whole board with both colours, and `castle --variant` a ten-file
//! board.
//!
//! A board hands the renderer a lookup from a square, as its file and rank counted from a1, to
//! the character of the man standing there; the renderer knows nothing of the board's type, so
//! the White-only board, cozy-chess's board and ten files' board are drawn alike.
//!
//! ```
//! use castle960::report::diagram::{Frame, diagram};
//! let frame = Frame { files: 3, ranks: 2, indent: 2 };
//! let text = diagram(frame, |file, rank| (rank == 0 && file != 1).then_some('R'));
//! assert_eq!(text, "  2  . . .\n  1  R . R\n     a b c\n");
//! ```

use crate::chess::{Arrangement, Color, File, Piece, Rank, Square, piece};
use crate::start::board::WhiteBoard;
use std::fmt::Write as _;

/// The part of a board a diagram shows, and how far in it stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Frame {
    /// How many files, from the a-file: 8, or 10 on ten-file boards.
    pub files: u8,
    /// How many ranks, from the first up: the whole board's 8, or White's first ranks alone.
    pub ranks: u8,
    /// Blanks before every line: two in the terminal, none in `analysis.md`'s code blocks.
    pub indent: usize,
}

impl Frame {
    /// The whole eight-file board, as the terminal shows it (`castle`, `why`).
    pub const BOARD: Frame = Frame {
        files: 8,
        ranks: 8,
        indent: 2,
    };
}

/// The diagram of `frame`: the top rank first, each rank as its number, two blanks and the man
/// on each file (`man_on(file, rank)`, both counted from 0 at a1; a dot on an empty square)
/// separated by blanks; then the files' letters under the men.
pub fn diagram(frame: Frame, man_on: impl Fn(u8, u8) -> Option<char>) -> String {
    let indent = " ".repeat(frame.indent);
    let label = frame.ranks.to_string().len();
    let mut out = String::new();
    for rank in (0..frame.ranks).rev() {
        let men: Vec<String> = (0..frame.files)
            .map(|file| man_on(file, rank).unwrap_or('.').to_string())
            .collect();
        let _ = writeln!(out, "{indent}{:>label$}  {}", rank + 1, men.join(" "));
    }
    let files: Vec<String> = (0..frame.files)
        .map(|file| char::from(b'a' + file).to_string())
        .collect();
    let _ = writeln!(out, "{indent}{}  {}", " ".repeat(label), files.join(" "));
    out
}

/// The character a diagram shows for a man: its Unicode symbol, or with `unicode` off its FEN
/// letter (upper case White, lower case Black), for terminals without chess symbols.
pub fn glyph(piece: Piece, color: Color, unicode: bool) -> char {
    if unicode {
        piece::symbol(piece, color)
    } else {
        piece::letter(piece, color)
    }
}

/// The eight-file square of a diagram's file and rank (both below 8).
fn square(file: u8, rank: u8) -> Square {
    Square::new(File::index(file.into()), Rank::index(rank.into()))
}

/// A position with both colours, the whole board (`castle`, `why`).
pub fn position(board: &cozy_chess::Board, unicode: bool) -> String {
    diagram(Frame::BOARD, |file, rank| {
        let square = square(file, rank);
        Some(glyph(
            board.piece_on(square)?,
            board.color_on(square)?,
            unicode,
        ))
    })
}

/// White's men on the first `ranks` ranks (at most 8) of a White-only board, `indent` blanks
/// in (`analysis.md`'s boards).
pub fn white(board: &WhiteBoard, ranks: u8, indent: usize, unicode: bool) -> String {
    let frame = Frame {
        files: 8,
        ranks: ranks.min(8),
        indent,
    };
    diagram(frame, |file, rank| {
        let man = board.piece_on(square(file, rank))?;
        Some(glyph(man, Color::White, unicode))
    })
}

/// White's first two ranks in `arrangement`'s start position, as a reader sets them up on a
/// board (`show`).
pub fn start(arrangement: &Arrangement, unicode: bool) -> String {
    white(&WhiteBoard::start(arrangement), 2, 2, unicode)
}
