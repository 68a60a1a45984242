//! Links that open a start position in lichess's analysis board.
//!
//! lichess opens `https://lichess.org/analysis/chess960/<FEN>` with the FEN's spaces written as
//! underscores. Its FEN reader takes X-FEN castling fields; in a start position both rooks are
//! the outermost ones, so `KQkq` is exact there and the safest form (see
//! [`Arrangement::xfen`]).

use crate::chess::Arrangement;

/// Where lichess's analysis board for Chess960 positions lives.
pub const ANALYSIS: &str = "https://lichess.org/analysis/chess960/";

/// The link that opens the start position of `arrangement` in lichess's analysis board.
///
/// ```
/// use castle960::Arrangement;
/// use castle960::notation::lichess;
/// let standard = Arrangement::from_sp(518).unwrap();
/// assert_eq!(
///     lichess::analysis_url(&standard),
///     "https://lichess.org/analysis/chess960/\
///      rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR_w_KQkq_-_0_1"
/// );
/// ```
pub fn analysis_url(arrangement: &Arrangement) -> String {
    format!("{ANALYSIS}{}", arrangement.xfen().replace(' ', "_"))
}
