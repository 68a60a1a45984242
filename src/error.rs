//! Typed errors for everything a user can type wrong.

use thiserror::Error;

/// Why a piece of user input does not name a Chess960 starting arrangement.
///
/// Every message says what was wrong and what would have been accepted, so the command line can
/// print it as it is.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ArrangementError {
    /// A whole number outside 0..959, so no arrangement has it.
    #[error("{} is out of range: a Scharnagl number (SP) is a whole number from 0 to 959", quote(.0))]
    SpOutOfRange(String),
    /// A range of SPs (`9-0`) whose first number is above its last.
    #[error("{} runs backwards: a range of SPs puts the lower number first, as in 0-9", quote(.0))]
    BackwardRange(String),
    /// Something that looks like a number (`518.0`, `5e2`, `1 000`) but is no whole number.
    #[error("{} is not a whole number: an SP is written as digits only, like 518; {accepted}", quote(.input), accepted = ACCEPTED)]
    NotANumber {
        /// What the user typed.
        input: String,
    },
    /// Taken for a back rank, but not eight characters long.
    #[error(
        "{} has {len} characters: a back rank is 8 letters, one per file a to h, from KQRRBBNN; {accepted}",
        quote(.input),
        accepted = ACCEPTED
    )]
    WrongLength {
        /// What the user typed.
        input: String,
        /// How many characters it has.
        len: usize,
    },
    /// Taken for a back rank, but a character is no piece letter.
    #[error(
        "{}: {letter:?} on the {file}-file is not a piece letter: use K, Q, R, B and N; {accepted}",
        quote(.input),
        accepted = ACCEPTED
    )]
    UnknownLetter {
        /// What the user typed.
        input: String,
        /// The character that is no piece letter.
        letter: char,
        /// The file it stands on.
        file: char,
    },
    /// A back rank with the wrong number of some piece.
    #[error(
        "{} has {found}: a back rank has exactly one K, one Q, two R, two B and two N",
        quote(.input)
    )]
    WrongPieceCounts {
        /// What the user typed.
        input: String,
        /// The counts that are wrong, e.g. "2 Q, 0 K".
        found: String,
    },
    /// A back rank with both bishops on squares of one colour.
    #[error(
        "{} puts both bishops on {colour} squares: Chess960 needs one bishop on a light and one on a dark square",
        quote(.input)
    )]
    BishopsSameColour {
        /// What the user typed.
        input: String,
        /// The colour both bishops stand on.
        colour: &'static str,
    },
    /// A back rank whose king is not between its rooks.
    #[error("{} does not have the king between the rooks, which Chess960 requires", quote(.input))]
    KingNotBetweenRooks {
        /// What the user typed.
        input: String,
    },
    /// Not a FEN at all: wrong fields, ranks or characters.
    #[error(
        "malformed FEN {}: {reason} (expected e.g. \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1\")",
        quote(.input)
    )]
    MalformedFen {
        /// What the user typed.
        input: String,
        /// What is wrong, in words.
        reason: String,
    },
    /// A well-formed FEN of a position that is not a Chess960 start position.
    #[error("FEN {} is not a Chess960 start position: {reason}", quote(.input))]
    NotStartPosition {
        /// What the user typed.
        input: String,
        /// What is wrong, in words.
        reason: String,
    },
}

/// What `show` accepts, repeated where the input's intent was only guessed.
const ACCEPTED: &str = "accepted: an SP from 0 to 959 (also as SP518), a back rank like RNBQKBNR, or a start-position FEN";

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
    format!("\"{}\"", escape(input))
}

/// User input escaped and cut as [`quote`] does, without the quotes: for messages that put
/// their own quotes around it (clap's, which quote with `'`).
///
/// ```
/// use castle960::error::escape;
/// assert_eq!(escape("1\n2"), "1\\n2");
/// assert_eq!(escape("\u{1b}[2J"), "\\u{1b}[2J");
/// assert!(escape(&"x".repeat(1000)).ends_with('…'));
/// ```
pub fn escape(input: &str) -> String {
    let mut out = String::new();
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
    out
}
