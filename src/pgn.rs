//! PGN export of White's lines as complete games that any Chess960-aware program replays.
//!
//! The model has Black absent, but a PGN game needs Black moves. Black therefore makes quiet
//! waiting moves: one of its knights steps out to its sixth rank and back, again and again. This
//! never interferes: White's lines keep to ranks 1 to 5 and White's king to ranks 1 to 3, so the
//! knight's squares stay free, White never gives check (Black's pawns shield its king from
//! everything but knights, and White's knights stay below rank 6), and a knight on the sixth
//! rank only attacks ranks 4, 5, 7 and 8, where White's king never stands.

use crate::arrangement::Arrangement;
use crate::board::Line;
use crate::square::{Square, file_char};
use std::fmt::Write as _;

/// Black's shuttling knight: its home square on rank 8 and the square on rank 6 it visits.
struct Waiter {
    home: Square,
    out: Square,
    /// The other black knight's home, to decide whether SAN needs the origin file.
    other: Square,
}

impl Waiter {
    fn new(arrangement: &Arrangement) -> Waiter {
        let [left, right] = arrangement.knight_files();
        let home = Square::new(left, 7);
        let other = Square::new(right, 7);
        // Prefer the sixth-rank square the other knight cannot also reach, so SAN stays short.
        let candidates = [1i8, -1].map(|df| home.offset(df, -2));
        let out = candidates
            .iter()
            .flatten()
            .copied()
            .find(|&s| !knight_reaches(other, s))
            .or(candidates[0])
            .or(candidates[1])
            .expect("a knight on rank 8 reaches at least one rank-6 square");
        Waiter { home, out, other }
    }

    /// Black's SAN for its `n`-th waiting move (0-based): out on even, back on odd moves.
    fn san(&self, n: usize) -> String {
        let (from, to) = if n.is_multiple_of(2) {
            (self.home, self.out)
        } else {
            (self.out, self.home)
        };
        // The other knight stays at home; on the way back the home square is on its own rank
        // and cannot be reached by it, so only the way out may need the origin file.
        let qualifier = if knight_reaches(self.other, to) {
            file_char(from.file()).to_string()
        } else {
            String::new()
        };
        format!("N{qualifier}{to}")
    }
}

fn knight_reaches(from: Square, to: Square) -> bool {
    let df = (from.file() as i8 - to.file() as i8).abs();
    let dr = (from.rank() as i8 - to.rank() as i8).abs();
    (df == 1 && dr == 2) || (df == 2 && dr == 1)
}

/// A complete PGN game: headers naming the variant and the start FEN, White's line with Black's
/// waiting moves in between, and the result `*` (the game is not over).
pub fn game(arrangement: &Arrangement, line: &Line, event: &str) -> String {
    let waiter = Waiter::new(arrangement);
    let white = line.san_moves(arrangement);
    let mut out = String::new();
    for (tag, value) in [
        ("Event", event.to_string()),
        ("Site", "castle960".to_string()),
        ("Date", "????.??.??".to_string()),
        ("Round", "-".to_string()),
        ("White", "castle960".to_string()),
        ("Black", "waiting moves".to_string()),
        ("Result", "*".to_string()),
        ("Variant", "Chess960".to_string()),
        ("SetUp", "1".to_string()),
        ("FEN", arrangement.fen()),
    ] {
        let _ = writeln!(out, "[{tag} \"{value}\"]");
    }
    out.push('\n');
    let mut movetext = Vec::new();
    for (i, san) in white.iter().enumerate() {
        movetext.push(format!("{}. {san}", i + 1));
        if i + 1 < white.len() {
            movetext.push(waiter.san(i));
        }
    }
    movetext.push("*".to_string());
    // Wrap movetext below 80 columns, as the PGN export format asks.
    let mut width = 0;
    for token in movetext {
        if width > 0 && width + 1 + token.len() > 79 {
            out.push('\n');
            width = 0;
        } else if width > 0 {
            out.push(' ');
            width += 1;
        }
        width += token.len();
        out.push_str(&token);
    }
    out.push('\n');
    out
}
