//! Typed errors for everything a user can type wrong.

use thiserror::Error;

/// Why a piece of user input does not name a Chess960 starting arrangement.
///
/// Every message says what was wrong and what would have been accepted, so the command line can
/// print it as it is.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ArrangementError {
    #[error("{0} is out of range: a Scharnagl number (SP) is a whole number from 0 to 959")]
    SpOutOfRange(String),
    #[error(
        "\"{input}\" has {len} letters: a back rank is 8 letters, one per file a to h, from KQRRBBNN"
    )]
    WrongLength { input: String, len: usize },
    #[error(
        "\"{input}\": '{letter}' on the {file}-file is not a piece letter: use K, Q, R, B and N"
    )]
    UnknownLetter {
        input: String,
        letter: char,
        file: char,
    },
    #[error(
        "\"{input}\" has {found}: a back rank has exactly one K, one Q, two R, two B and two N"
    )]
    WrongPieceCounts { input: String, found: String },
    #[error(
        "\"{input}\" puts both bishops on {colour} squares: Chess960 needs one bishop on a light and one on a dark square"
    )]
    BishopsSameColour { input: String, colour: &'static str },
    #[error("\"{input}\" does not have the king between the rooks, which Chess960 requires")]
    KingNotBetweenRooks { input: String },
    #[error(
        "malformed FEN \"{input}\": {reason} (expected e.g. \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1\")"
    )]
    MalformedFen { input: String, reason: String },
    #[error("FEN \"{input}\" is not a Chess960 start position: {reason}")]
    NotStartPosition { input: String, reason: String },
}
