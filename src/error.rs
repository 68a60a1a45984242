//! Typed errors for everything a user can type wrong.

use cozy_chess::Square;
use std::fmt;
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
        /// Which field is malformed, and how.
        reason: StartFenSyntax,
    },
    /// A well-formed FEN of a position that is not a Chess960 start position.
    #[error("FEN {} is not a Chess960 start position: {reason}", quote(.input))]
    NotStartPosition {
        /// What the user typed.
        input: String,
        /// The start position's rule it breaks.
        reason: StartRule,
    },
}

/// Why a FEN given for a start position is malformed, one variant per field and way of being
/// malformed, in the order [`crate::notation::start_fen::read`] checks them. Each message is the
/// reason [`ArrangementError::MalformedFen`] gives.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StartFenSyntax {
    /// Not the four fields of a position nor the six of a FEN (a start position's clocks are
    /// given in full or not at all).
    #[error("it has {0} fields, a FEN has 6 (or 4 without the move counters)")]
    FieldCount(usize),
    /// The placement does not have 8 ranks.
    #[error("the placement has {0} ranks separated by '/', not 8")]
    RankCount(usize),
    /// A character of the placement that is no piece letter nor a digit from 1 to 8.
    #[error("{0:?} is neither a piece letter nor a digit 1-8")]
    PieceLetter(char),
    /// A rank that does not cover exactly 8 squares.
    #[error("rank {rank} describes {squares} squares, not 8")]
    RankWidth {
        /// The rank, 1 to 8.
        rank: usize,
        /// How many squares its letters and digits cover.
        squares: usize,
    },
    /// The side to move is neither `w` nor `b`.
    #[error("the side to move must be 'w' or 'b'")]
    SideToMove,
    /// The en passant field is neither `-` nor a square.
    #[error("the en-passant field must be '-' or a square")]
    EnPassantField,
    /// A move counter that is not a whole number (digits, at most 4294967295).
    #[error("the move counters must be whole numbers")]
    MoveCounters,
}

/// The rule of a Chess960 start position that a well-formed FEN breaks, one variant per rule, in
/// the order [`crate::notation::start_fen::read`] checks them. Each message is the reason
/// [`ArrangementError::NotStartPosition`] gives.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StartRule {
    /// A square of rank 1 that does not hold a white piece.
    #[error("rank 1 must hold White's pieces, in upper case (K, Q, R, B, N), but {0}")]
    WhitePieces(BadSquare),
    /// A square of rank 2 that does not hold a white pawn.
    #[error("rank 2 must hold White's eight pawns (P), but {0}")]
    WhitePawns(BadSquare),
    /// A square of rank 7 that does not hold a black pawn.
    #[error("rank 7 must hold Black's eight pawns (p), but {0}")]
    BlackPawns(BadSquare),
    /// A square of rank 8 that does not hold a black piece.
    #[error("rank 8 must hold Black's pieces, in lower case (k, q, r, b, n), but {0}")]
    BlackPieces(BadSquare),
    /// A man on ranks 3 to 6.
    #[error("ranks 3 to 6 must be empty, but {0}")]
    MiddleNotEmpty(BadSquare),
    /// White's back rank is no Chess960 arrangement (the error says which rule it breaks).
    #[error("White's back rank: {0}")]
    WhiteBackRank(Box<ArrangementError>),
    /// Black's back rank is not White's in lower case.
    #[error("Black's back rank {black} does not mirror White's {white}")]
    NotMirrored {
        /// Black's back rank, as the FEN writes it.
        black: String,
        /// White's back rank, as the FEN writes it.
        white: String,
    },
    /// Black to move.
    #[error("it must be White to move")]
    BlackToMove,
    /// An en passant square.
    #[error("there is no en-passant square at the start")]
    EnPassant,
    /// Move counters other than `0 1`.
    #[error("the move counters of a start position are \"0 1\"")]
    MoveCounters,
    /// A castling field that does not grant all four rights.
    #[error(
        "the castling field must grant all four rights, \"{shredder}\" or \"KQkq\", not {}",
        quote(.found)
    )]
    CastlingRights {
        /// The four rights in Shredder-FEN, as the arrangement's FEN writes them (`HAha`).
        shredder: String,
        /// The castling field as given.
        found: String,
    },
}

/// The first square of a rank that breaks a start position's rule, and the FEN letter of the
/// man on it, if any: "h1 is empty", "e2 holds 'p'".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BadSquare {
    /// The square.
    pub square: Square,
    /// The letter of the man on it, as a FEN writes it; `None` for an empty square.
    pub letter: Option<char>,
}

impl fmt::Display for BadSquare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.letter {
            None => write!(f, "{} is empty", self.square),
            Some(letter) => write!(f, "{} holds '{letter}'", self.square),
        }
    }
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
