//! Start-position FENs: the one FEN form `show` and the gallery's search box accept, a
//! Chess960 start position, read into its [`Arrangement`].
//!
//! Any position is read by [`crate::notation::fen::read_fen`]; this reader is stricter and
//! checks the start position's own rules first (which rank holds which men, the mirror, White
//! to move, all four rights), each with a message that names the rule, so that someone who
//! meant a start position learns what is off. Its messages are the ones the gallery's search
//! box reproduces in JavaScript (`src/report/gallery/page.js`), checked by `tests/cli/gallery.rs`.
//!
//! Reading an arrangement from a FEN lives here, in notation, rather than in the core
//! (`chess::arrangement`), which knows arrangements but no notation;
//! [`Arrangement::from_fen`] is defined in this module.

use crate::chess::{Arrangement, File};
use crate::error::{ArrangementError, quote};

/// Parses a start-position FEN: Shredder (`HAha`) or X-FEN (`KQkq`) castling field, all four
/// castling rights present, White to move, no en-passant square, clocks `0 1` if given.
///
/// ```
/// use castle960::notation::start_fen;
/// let standard = start_fen::read("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
/// assert_eq!(standard.unwrap().sp(), 518);
/// assert!(start_fen::read("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").is_err());
/// ```
pub fn read(input: &str) -> Result<Arrangement, ArrangementError> {
    let malformed = |reason: &str| ArrangementError::MalformedFen {
        input: input.to_string(),
        reason: reason.to_string(),
    };
    let not_start = |reason: String| ArrangementError::NotStartPosition {
        input: input.to_string(),
        reason,
    };
    let fields: Vec<&str> = input.split_whitespace().collect();
    if fields.len() != 4 && fields.len() != 6 {
        return Err(malformed(&format!(
            "it has {} fields, a FEN has 6 (or 4 without the move counters)",
            fields.len()
        )));
    }
    let ranks = parse_placement(fields[0]).map_err(|reason| malformed(&reason))?;
    if !matches!(fields[1], "w" | "b") {
        return Err(malformed("the side to move must be 'w' or 'b'"));
    }
    if fields[3] != "-" && !is_square_name(fields[3]) {
        return Err(malformed("the en-passant field must be '-' or a square"));
    }
    if fields.len() == 6 && (fields[4].parse::<u32>().is_err() || fields[5].parse::<u32>().is_err())
    {
        return Err(malformed("the move counters must be whole numbers"));
    }
    // ranks[0] is the eighth rank, as written in the FEN.
    if let Some(reason) = start_rank_rule_broken(&ranks) {
        return Err(not_start(reason));
    }
    let white_rank: String = ranks[7].iter().collect();
    let arrangement: Arrangement = white_rank
        .parse()
        .map_err(|e: ArrangementError| not_start(format!("White's back rank: {e}")))?;
    let black_rank: String = ranks[0].iter().collect();
    if black_rank != white_rank.to_lowercase() {
        return Err(not_start(format!(
            "Black's back rank {black_rank} does not mirror White's {white_rank}"
        )));
    }
    if fields[1] != "w" {
        return Err(not_start("it must be White to move".into()));
    }
    if fields[3] != "-" {
        return Err(not_start(
            "there is no en-passant square at the start".into(),
        ));
    }
    if fields.len() == 6 && (fields[4] != "0" || fields[5] != "1") {
        return Err(not_start(
            "the move counters of a start position are \"0 1\"".into(),
        ));
    }
    let expected_shredder: String = arrangement.fen().split(' ').nth(2).unwrap().to_string();
    let mut got: Vec<char> = fields[2].chars().collect();
    got.sort_unstable();
    let mut shredder: Vec<char> = expected_shredder.chars().collect();
    shredder.sort_unstable();
    let mut xfen: Vec<char> = "KQkq".chars().collect();
    xfen.sort_unstable();
    if got != shredder && got != xfen {
        return Err(not_start(format!(
            "the castling field must grant all four rights, \"{expected_shredder}\" or \"KQkq\", not {}",
            quote(fields[2])
        )));
    }
    Ok(arrangement)
}

impl Arrangement {
    /// Parses a start-position FEN: Shredder (`HAha`) or X-FEN (`KQkq`) castling field, all
    /// four castling rights present, White to move, no en-passant square, clocks `0 1` if given
    /// ([`crate::notation::start_fen`] says what is checked, in which order; it is [`read`]).
    ///
    /// ```
    /// use castle960::Arrangement;
    /// let sp0 = Arrangement::from_sp(0).unwrap();
    /// assert_eq!(Arrangement::from_fen(&sp0.xfen()), Ok(sp0));
    /// ```
    pub fn from_fen(input: &str) -> Result<Arrangement, ArrangementError> {
        read(input)
    }
}

/// What a square of one rank of a start position may hold.
type SquareRule = fn(char) -> bool;

/// Which rule of a start position's placement `ranks` (eighth rank first) breaks, if any:
/// White's pieces in upper case fill rank 1 and White's pawns rank 2, Black's pawns rank 7 and
/// Black's pieces in lower case rank 8, and ranks 3 to 6 are empty. The mirror and the
/// arrangement itself are checked afterwards.
fn start_rank_rule_broken(ranks: &[Vec<char>]) -> Option<String> {
    let squares = |rank: usize, ok: SquareRule| {
        ranks[8 - rank]
            .iter()
            .enumerate()
            .find(|&(_, &c)| !ok(c))
            .map(|(file, &c)| {
                let what = if c == '.' {
                    "is empty".to_string()
                } else {
                    format!("holds '{c}'")
                };
                format!("{}{rank} {what}", File::index(file))
            })
    };
    let rules: [(usize, SquareRule, &str); 4] = [
        (
            1,
            |c| "KQRBN".contains(c),
            "rank 1 must hold White's pieces, in upper case (K, Q, R, B, N)",
        ),
        (2, |c| c == 'P', "rank 2 must hold White's eight pawns (P)"),
        (7, |c| c == 'p', "rank 7 must hold Black's eight pawns (p)"),
        (
            8,
            |c| "kqrbn".contains(c),
            "rank 8 must hold Black's pieces, in lower case (k, q, r, b, n)",
        ),
    ];
    for (rank, ok, rule) in rules {
        if let Some(found) = squares(rank, ok) {
            return Some(format!("{rule}, but {found}"));
        }
    }
    (3..=6)
        .find_map(|rank| squares(rank, |c| c == '.'))
        .map(|found| format!("ranks 3 to 6 must be empty, but {found}"))
}

/// Splits a FEN placement field into eight ranks of eight characters, '.' for empty squares.
fn parse_placement(field: &str) -> Result<Vec<Vec<char>>, String> {
    let rows: Vec<&str> = field.split('/').collect();
    if rows.len() != 8 {
        return Err(format!(
            "the placement has {} ranks separated by '/', not 8",
            rows.len()
        ));
    }
    rows.iter()
        .enumerate()
        .map(|(i, row)| {
            let mut squares = Vec::with_capacity(8);
            for c in row.chars() {
                match c {
                    '1'..='8' => {
                        squares.extend(std::iter::repeat_n('.', c as usize - '0' as usize))
                    }
                    'K' | 'Q' | 'R' | 'B' | 'N' | 'P' | 'k' | 'q' | 'r' | 'b' | 'n' | 'p' => {
                        squares.push(c)
                    }
                    _ => return Err(format!("{c:?} is neither a piece letter nor a digit 1-8")),
                }
            }
            if squares.len() != 8 {
                return Err(format!(
                    "rank {} describes {} squares, not 8",
                    8 - i,
                    squares.len()
                ));
            }
            Ok(squares)
        })
        .collect()
}

fn is_square_name(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1])
}
