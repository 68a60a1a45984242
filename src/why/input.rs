//! Reading the move a player asks about. Unlike [`crate::notation::san`] and
//! [`crate::notation::uci`], which read legal moves only, this reader takes any move a player may
//! have tried, legal or not: the board decides later which man it means and what stands in the
//! way.
//!
//! Accepted, in this order of recognition:
//! * castling in SAN, `O-O` and `O-O-O` (also `0-0`, `o-o`);
//! * castling in words: `castle short`, `castles long`, `short castling`, `kingside`,
//!   `queen side`, `h-side`, `a-side castling`, ...;
//! * UCI, `e2e4`, `e7e8q`, castling as the king taking its own rook (`e1h1`) or, in the standard
//!   geometry, as the king moving two squares (`e1g1`); also long algebraic, `e2-e4`, `e5xd6`,
//!   `e7-e8=Q`;
//! * SAN, `Nf3`, `exd6`, `e8=Q`, `Rad1`, `Ng1f3`, with the leniency of the SAN reader (a missing
//!   or superfluous `x`, `e8Q`, lower-case piece letters but `b`, which is a file).
//!
//! Around the move: check and comment marks (`+`, `#`, `!`, `?`) and `e.p.` are read past; a
//! colour may be named before it (`black O-O`, `White's Kg1`), or a move number may say it
//! (`12. e4` for White, `12... d5` or `...d5` for Black). Without either, the move is the side to
//! move's, except in UCI, where the man on the starting square says whose move it is.

use crate::chess::CastlingSide;
use crate::error::quote;
use cozy_chess::{Color, File, Piece, Rank, Square};
use thiserror::Error;

/// What every message says a move may look like.
const FORMS: &str = "write it in SAN (Nf3, exd6, e8=Q, O-O), in UCI (g1f3, e5d6, e7e8q, e1h1 or e1g1 for castling) or in words (castle short, castle long)";

/// Why the text names no move: one line each, the input quoted with escapes and cut.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError {
    /// Nothing but whitespace.
    #[error("the move is empty: {FORMS}")]
    Empty,
    /// No form of move recognised.
    #[error("move {}: not a move: {FORMS}", quote(.input))]
    Malformed {
        /// The move as given.
        input: String,
    },
    /// `0000`, a pass.
    #[error("move {}: 0000 is a null move (a pass), which is not a move in a game", quote(.input))]
    NullMove {
        /// The move as given.
        input: String,
    },
    /// Castling named without its side.
    #[error(
        "move {}: say which castling: O-O (short, on the h-side) or O-O-O (long, on the a-side)",
        quote(.input)
    )]
    CastlingSide {
        /// The move as given.
        input: String,
    },
    /// A promotion to a king or a pawn.
    #[error(
        "move {}: a pawn promotes to a queen, rook, bishop or knight (=Q, =R, =B or =N)",
        quote(.input)
    )]
    Promotion {
        /// The move as given.
        input: String,
    },
    /// Both colours named (`white 12... e5`).
    #[error(
        "move {}: it names both White and Black: name one colour, or none for the side to move",
        quote(.input)
    )]
    TwoColours {
        /// The move as given.
        input: String,
    },
    /// A SAN that fits several legal moves.
    #[error(
        "move {}: it fits {}, all legal: name the file or rank the piece comes from",
        quote(.input),
        crate::words::join(.candidates)
    )]
    Ambiguous {
        /// The move as given.
        input: String,
        /// Each legal move it fits, in its full SAN.
        candidates: Vec<String>,
    },
}

/// How the move was written, read from the text alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Written {
    /// Castling on a side (`O-O`, `castle long`).
    Castling {
        /// The side.
        side: CastlingSide,
    },
    /// A square to a square (UCI or long algebraic).
    Squares {
        /// Where the move starts.
        from: Square,
        /// Where it ends.
        to: Square,
        /// The piece a pawn becomes.
        promotion: Option<Piece>,
    },
    /// SAN: a piece, what is said of its origin, and the target.
    San {
        /// The piece (a pawn when SAN names none).
        piece: Piece,
        /// The origin's file, if named (a pawn going straight: its target's file).
        file: Option<File>,
        /// The origin's rank, if named.
        rank: Option<Rank>,
        /// The target.
        to: Square,
        /// The piece a pawn becomes.
        promotion: Option<Piece>,
    },
}

/// A move as asked about: whose (when the text says it) and how it was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Asked {
    /// The colour the text names (a colour word or a move number), if any.
    pub color: Option<Color>,
    /// The move.
    pub written: Written,
}

/// Reads the move a player asks about.
///
/// ```
/// use castle960::why::{read_move, Written};
/// use castle960::CastlingSide;
/// use cozy_chess::{Color, Piece, Square};
///
/// let asked = read_move("12... O-O").unwrap();
/// assert_eq!(asked.color, Some(Color::Black));
/// assert_eq!(asked.written, Written::Castling { side: CastlingSide::H });
/// assert_eq!(read_move("castle long").unwrap().written, Written::Castling { side: CastlingSide::A });
/// let Written::San { piece, to, .. } = read_move("Nxf3+").unwrap().written else { panic!() };
/// assert_eq!((piece, to), (Piece::Knight, Square::F3));
/// assert!(read_move("Nz9").unwrap_err().to_string().starts_with("move \"Nz9\": not a move"));
/// ```
pub fn read_move(input: &str) -> Result<Asked, MoveError> {
    let text = input.trim();
    if text.is_empty() {
        return Err(MoveError::Empty);
    }
    let malformed = || MoveError::Malformed {
        input: input.to_string(),
    };
    if text.chars().count() > 80 {
        return Err(malformed());
    }
    let (word_color, rest) = colour_word(text);
    let (number_color, rest) = move_number(rest);
    let color = match (word_color, number_color) {
        (Some(a), Some(b)) if a != b => {
            return Err(MoveError::TwoColours {
                input: input.to_string(),
            });
        }
        (a, b) => a.or(b),
    };
    let body = strip_marks(rest.trim());
    if body.is_empty() {
        return Err(malformed());
    }
    if body == "0000" {
        return Err(MoveError::NullMove {
            input: input.to_string(),
        });
    }
    let written = if let Some(side) = castling_san(body) {
        Written::Castling { side }
    } else if let Some(side) = castling_words(body) {
        match side {
            Some(side) => Written::Castling { side },
            None => {
                return Err(MoveError::CastlingSide {
                    input: input.to_string(),
                });
            }
        }
    } else {
        let (body, promotion) = promotion_suffix(body).ok_or_else(|| MoveError::Promotion {
            input: input.to_string(),
        })?;
        squares(body, promotion)
            .or_else(|| san(body, promotion))
            .ok_or_else(malformed)?
    };
    Ok(Asked { color, written })
}

/// A leading colour word (`white`, `Black's`, `white:`) and the rest.
fn colour_word(text: &str) -> (Option<Color>, &str) {
    let (first, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
    let word = first
        .trim_end_matches(':')
        .trim_end_matches("'s")
        .to_ascii_lowercase();
    match word.as_str() {
        "white" => (Some(Color::White), rest.trim_start()),
        "black" => (Some(Color::Black), rest.trim_start()),
        _ => (None, text),
    }
}

/// A leading move number (`12.` White, `12...` or `12…` Black, `...` alone Black) and the rest.
fn move_number(text: &str) -> (Option<Color>, &str) {
    let digits = text.len() - text.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let after = &text[digits..];
    for (dots, color) in [
        ("...", Color::Black),
        ("…", Color::Black),
        (".", Color::White),
    ] {
        if let Some(rest) = after.strip_prefix(dots)
            && (digits > 0 || dots != ".")
        {
            return (Some(color), rest.trim_start());
        }
    }
    (None, text)
}

/// The move without trailing check, mate and comment marks and an `e.p.` note.
fn strip_marks(text: &str) -> &str {
    let mut text = text.trim_end_matches(['+', '#', '!', '?', ' ']);
    for note in ["e.p.", "e.p", "ep"] {
        if let Some(rest) = text.strip_suffix(note)
            && rest.ends_with(|c: char| c == ' ' || c.is_ascii_digit())
        {
            text = rest.trim_end().trim_end_matches(['+', '#', '!', '?', ' ']);
            break;
        }
    }
    text
}

/// `O-O` or `O-O-O` (zeros or lower case too).
fn castling_san(text: &str) -> Option<CastlingSide> {
    let upper: String = text
        .chars()
        .map(|c| {
            if c == '0' {
                'O'
            } else {
                c.to_ascii_uppercase()
            }
        })
        .collect();
    match upper.as_str() {
        "O-O" => Some(CastlingSide::H),
        "O-O-O" => Some(CastlingSide::A),
        _ => None,
    }
}

/// Castling in words: `Some(Some(side))` for a side named, `Some(None)` for castling without a
/// side, `None` when the text is not castling in words.
fn castling_words(text: &str) -> Option<Option<CastlingSide>> {
    let lower = text.to_ascii_lowercase().replace(['-', '_'], " ");
    let words: Vec<&str> = lower.split_whitespace().collect();
    let mut castle = false;
    let mut sides = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let next = words.get(i + 1).copied();
        let (side, used) = match (words[i], next) {
            ("castle" | "castles" | "castling", _) => {
                castle = true;
                (None, 1)
            }
            ("to" | "the", _) => (None, 1),
            ("short" | "kingside", _) => (Some(CastlingSide::H), 1),
            ("long" | "queenside", _) => (Some(CastlingSide::A), 1),
            ("king" | "h", Some("side")) => (Some(CastlingSide::H), 2),
            ("queen" | "a", Some("side")) => (Some(CastlingSide::A), 2),
            _ => return None,
        };
        sides.extend(side);
        i += used;
    }
    if !castle && sides.is_empty() {
        return None;
    }
    sides.dedup();
    match sides[..] {
        [side] => Some(Some(side)),
        [] => Some(None),
        _ => None,
    }
}

/// The promotion written at the end (`=Q`, `Q`, `q` after the target's rank) and the move
/// without it; `None` for a promotion to a king or a pawn.
fn promotion_suffix(text: &str) -> Option<(&str, Option<Piece>)> {
    let mut chars = text.char_indices().rev();
    let Some((at, last)) = chars.next() else {
        return Some((text, None));
    };
    let before = text[..at].trim_end_matches('=');
    if !before.ends_with(|c: char| c.is_ascii_digit()) || !last.is_ascii_alphabetic() {
        return Some((text, None));
    }
    let piece = match last.to_ascii_lowercase() {
        'q' => Piece::Queen,
        'r' => Piece::Rook,
        'b' => Piece::Bishop,
        'n' => Piece::Knight,
        'k' | 'p' => return None,
        _ => return Some((text, None)),
    };
    Some((before, Some(piece)))
}

/// A square written `e4` (a lower-case file letter: `B1` is a bishop on the first rank).
fn square(text: &str) -> Option<Square> {
    match text.as_bytes() {
        [file @ b'a'..=b'h', rank @ b'1'..=b'8'] => Some(Square::new(
            File::index((file - b'a') as usize),
            Rank::index((rank - b'1') as usize),
        )),
        _ => None,
    }
}

/// UCI or long algebraic: two squares, optionally joined by `-`, `x` or `:`.
fn squares(text: &str, promotion: Option<Piece>) -> Option<Written> {
    if !text.is_ascii() || text.len() < 4 {
        return None;
    }
    let from = square(&text[..2])?;
    let middle = &text[2..text.len() - 2];
    if !matches!(middle, "" | "-" | "x" | ":") {
        return None;
    }
    let to = square(&text[text.len() - 2..])?;
    Some(Written::Squares {
        from,
        to,
        promotion,
    })
}

/// SAN without castling: `[piece][file][rank][x]square`.
fn san(text: &str, promotion: Option<Piece>) -> Option<Written> {
    if !text.is_ascii() || text.len() < 2 {
        return None;
    }
    let (piece, rest) = match text.as_bytes()[0] {
        b'K' | b'k' => (Piece::King, &text[1..]),
        b'Q' | b'q' => (Piece::Queen, &text[1..]),
        b'R' | b'r' => (Piece::Rook, &text[1..]),
        b'B' => (Piece::Bishop, &text[1..]),
        b'N' | b'n' => (Piece::Knight, &text[1..]),
        b'P' | b'p' => (Piece::Pawn, &text[1..]),
        _ => (Piece::Pawn, text),
    };
    if rest.len() < 2 {
        return None;
    }
    let to = square(&rest[rest.len() - 2..])?;
    let mut origin = &rest[..rest.len() - 2];
    if let Some(before) = origin.strip_suffix(['x', ':', '-']) {
        if before.is_empty() && piece == Piece::Pawn {
            return None;
        }
        origin = before;
    }
    let bytes = origin.as_bytes();
    let (file, rank) = match bytes {
        [] => (None, None),
        [f @ b'a'..=b'h'] => (Some(File::index((f - b'a') as usize)), None),
        [r @ b'1'..=b'8'] => (None, Some(Rank::index((r - b'1') as usize))),
        [f @ b'a'..=b'h', r @ b'1'..=b'8'] => (
            Some(File::index((f - b'a') as usize)),
            Some(Rank::index((r - b'1') as usize)),
        ),
        _ => return None,
    };
    if piece == Piece::Pawn && rank.is_some() {
        return None;
    }
    let file = match piece {
        // A pawn named without its file goes straight ahead.
        Piece::Pawn => file.or(Some(to.file())),
        _ => file,
    };
    Some(Written::San {
        piece,
        file,
        rank,
        to,
        promotion,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(text: &str) -> Written {
        read_move(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"))
            .written
    }

    #[test]
    fn every_form_is_recognised() {
        use CastlingSide::{A, H};
        for (text, side) in [
            ("O-O", H),
            ("0-0-0", A),
            ("o-o+", H),
            ("castle short", H),
            ("Castles long", A),
            ("kingside castling", H),
            ("castle to the queen side", A),
            ("h-side", H),
            ("a-side castling", A),
            ("long", A),
        ] {
            assert_eq!(written(text), Written::Castling { side }, "{text}");
        }
        assert_eq!(
            written("e7e8q"),
            Written::Squares {
                from: Square::E7,
                to: Square::E8,
                promotion: Some(Piece::Queen)
            }
        );
        assert_eq!(written("e7-e8=N"), written("e7e8n"));
        assert_eq!(written("e5xd6 e.p."), written("e5d6"));
        assert_eq!(
            written("exd6"),
            Written::San {
                piece: Piece::Pawn,
                file: Some(File::E),
                rank: None,
                to: Square::D6,
                promotion: None
            }
        );
        assert_eq!(
            written("e4"),
            Written::San {
                piece: Piece::Pawn,
                file: Some(File::E),
                rank: None,
                to: Square::E4,
                promotion: None
            }
        );
        assert_eq!(
            written("Ng1-f3!?"),
            Written::San {
                piece: Piece::Knight,
                file: Some(File::G),
                rank: Some(Rank::First),
                to: Square::F3,
                promotion: None
            }
        );
        assert_eq!(
            written("bxc8=Q#"),
            Written::San {
                piece: Piece::Pawn,
                file: Some(File::B),
                rank: None,
                to: Square::C8,
                promotion: Some(Piece::Queen)
            }
        );
        assert!(matches!(
            written("Bc4"),
            Written::San {
                piece: Piece::Bishop,
                ..
            }
        ));
    }

    #[test]
    fn colours_come_from_words_and_move_numbers() {
        assert_eq!(read_move("12... d5").unwrap().color, Some(Color::Black));
        assert_eq!(read_move("...Nf6").unwrap().color, Some(Color::Black));
        assert_eq!(read_move("3.e4").unwrap().color, Some(Color::White));
        assert_eq!(read_move("Black's O-O").unwrap().color, Some(Color::Black));
        assert_eq!(read_move("white: e2e4").unwrap().color, Some(Color::White));
        assert_eq!(read_move("e4").unwrap().color, None);
        assert!(matches!(
            read_move("white 3... e5"),
            Err(MoveError::TwoColours { .. })
        ));
    }

    #[test]
    fn bad_moves_say_what_is_wrong_in_one_line() {
        for (text, kind) in [
            ("", "Empty"),
            ("   ", "Empty"),
            ("0000", "NullMove"),
            ("castle", "CastlingSide"),
            ("e8=K", "Promotion"),
            ("xd6", "Malformed"),
            ("Nz9", "Malformed"),
            ("e2e4e4", "Malformed"),
            ("castle short long", "Malformed"),
            ("white", "Malformed"),
            ("\u{1b}[2J", "Malformed"),
        ] {
            let e = read_move(text).unwrap_err();
            assert!(format!("{e:?}").starts_with(kind), "{text:?}: {e:?}");
            assert!(!e.to_string().contains('\n'), "{e}");
        }
        let long = "N".repeat(500);
        assert!(read_move(&long).unwrap_err().to_string().len() < 300);
    }
}
