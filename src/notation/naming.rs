//! Naming an arrangement: whatever a user typed for one (a Scharnagl number, a back rank or a
//! start-position FEN) read into it, with a guess at what was meant when it names none.
//!
//! This is the one reader `show` (each argument and each line of standard input) uses, above
//! the core: the core reads SPs ([`Arrangement::from_sp`]) and back ranks (its `FromStr`), and
//! [`crate::notation::start_fen`] reads start FENs. The gallery's search box follows the same
//! rules in JavaScript (`parseAny` in `src/report/gallery/page.js`).

use crate::chess::Arrangement;
use crate::error::ArrangementError;
use crate::notation::start_fen;

/// Reads whatever a user typed to name an arrangement: a Scharnagl number (`518`, also written
/// `SP518` or `sp 518`), a back rank (`RNBQKBNR`, either case) or a start-position FEN.
///
/// The error guesses what was meant: anything with a '/' is read as a FEN; something that
/// starts like a number (`518.0`, `5e2`, `1 000`) as a number that is not a whole one; anything
/// else with a space as a FEN; the rest as a back rank.
///
/// ```
/// use castle960::notation::naming::parse_any;
/// let by_sp = parse_any("518").unwrap();
/// assert_eq!(parse_any("RNBQKBNR").unwrap(), by_sp);
/// assert_eq!(parse_any("SP518").unwrap(), by_sp);
/// assert_eq!(parse_any(&by_sp.fen()).unwrap(), by_sp);
/// assert!(parse_any("960").is_err());
/// ```
pub fn parse_any(input: &str) -> Result<Arrangement, ArrangementError> {
    let trimmed = input.trim();
    let is_whole_number = |s: &str| {
        let digits = s.strip_prefix(['-', '+']).unwrap_or(s);
        !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
    };
    let number = match trimmed.get(..2) {
        Some(sp) if sp.eq_ignore_ascii_case("sp") => trimmed[2..].trim_start(),
        _ => trimmed,
    };
    if is_whole_number(number) {
        return match number.parse::<u16>() {
            Ok(sp) => Arrangement::from_sp(sp),
            Err(_) => Err(ArrangementError::SpOutOfRange(trimmed.to_string())),
        };
    }
    if trimmed.contains('/') {
        return start_fen::read(trimmed);
    }
    let unsigned = trimmed.strip_prefix(['-', '+']).unwrap_or(trimmed);
    let number_like = |s: &str| s.starts_with(|c: char| c.is_numeric() || c == '.');
    if number_like(unsigned) || (number != trimmed && number_like(number)) {
        return Err(ArrangementError::NotANumber {
            input: trimmed.to_string(),
        });
    }
    if trimmed.contains(char::is_whitespace) {
        return start_fen::read(trimmed);
    }
    trimmed.parse()
}
