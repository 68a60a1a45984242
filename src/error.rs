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

/// How many characters of user input an error message repeats before cutting it with "…".
const QUOTE_LIMIT: usize = 60;

/// User input as an error message shows it: in double quotes, with newlines, control
/// characters and quotes escaped (as Rust's `escape_debug` does), and cut to a readable length,
/// so that every message stays one line and nothing typed reaches the terminal raw.
///
/// ```
/// use castle960::error::quote;
/// assert_eq!(quote("RNB\nQ"), "\"RNB\\nQ\"");
/// assert_eq!(quote(&"x".repeat(1000)).chars().count(), 60 + 3);
/// ```
pub fn quote(input: &str) -> String {
    let mut out = String::from("\"");
    let mut shown = 0;
    for c in input.chars() {
        let escaped: String = c.escape_debug().collect();
        if shown + escaped.chars().count() > QUOTE_LIMIT {
            out.push('…');
            break;
        }
        shown += escaped.chars().count();
        out.push_str(&escaped);
    }
    out.push('"');
    out
}
