//! The answer to "why can't I play this move?": the move read, the man (or men) it can mean, and
//! each judged.

use super::input::{MoveError, Written, read_move};
use super::judge::{Judgement, Tried, judge};
use super::past::Past;
use super::reason::LastMove;
use crate::castling::Status;
use crate::words;
use cozy_chess::{Board, Color, Move};
use serde::Serialize;

/// The version of the JSON schema written by [`Answer`]'s `Serialize`; it changes whenever a
/// field is renamed, removed or changes meaning (adding a field does not change it).
pub const SCHEMA: u32 = 1;

/// A move asked about in a position, judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The position, as a Shredder-FEN.
    pub fen: String,
    /// The colour to move.
    pub to_move: Color,
    /// The move as asked.
    pub input: String,
    /// What is known of the move that led to the position.
    pub last_move: LastMove,
    /// The best status among [`Answer::moves`]: legal now, legal on its turn, not legal.
    pub status: Status,
    /// The move judged: one judgement, or, when a SAN names no single man (no legal move and
    /// several men of that piece that move like that), one per man.
    pub moves: Vec<Judgement>,
}

/// Reads `input` as a move in `board` (reached as `past` says) and judges it.
///
/// A SAN names a piece, not a man: of the men it can mean (that piece, on the file or rank named,
/// of the colour asked), the legal one is judged; if none is legal, those that move like that
/// on an empty board; if none does, all. Several legal moves make the SAN ambiguous, an error.
///
/// ```
/// use castle960::why::{why, Past};
/// use castle960::castling::Status;
/// use cozy_chess::Board;
/// // 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6: O-O is legal (f1 and g1 are empty), Nfd5 is no knight's move.
/// let board: Board = "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4".parse().unwrap();
/// let past = Past::of_position(&board);
/// assert_eq!(why(&board, "O-O", &past).unwrap().status, Status::LegalNow);
/// let answer = why(&board, "Nfd5", &past).unwrap();
/// assert_eq!(answer.status, Status::NotLegal);
/// assert_eq!(answer.moves[0].reasons[0].to_string(),
///            "the white knight on f3 cannot go to d5: a knight jumps two squares along a rank or file and one square to the side");
/// ```
pub fn why(board: &Board, input: &str, past: &Past) -> Result<Answer, MoveError> {
    let asked = read_move(input)?;
    let color = asked.color.unwrap_or(board.side_to_move());
    let moves = match asked.written {
        Written::Castling { side } => vec![judge(
            board,
            &Tried::Castling {
                color,
                side,
                rook: None,
            },
            past,
        )],
        Written::Squares {
            from,
            to,
            promotion,
        } => {
            let tried = Tried::from_squares(
                board,
                asked.color,
                Move {
                    from,
                    to,
                    promotion,
                },
            );
            vec![judge(board, &tried, past)]
        }
        Written::San {
            piece,
            file,
            rank,
            to,
            promotion,
        } => {
            let mut men = board.colored_pieces(color, piece);
            if let Some(file) = file {
                men &= file.bitboard();
            }
            if let Some(rank) = rank {
                men &= rank.bitboard();
            }
            if men.is_empty() {
                vec![judge(
                    board,
                    &Tried::Missing {
                        color,
                        piece,
                        file,
                        rank,
                        to,
                    },
                    past,
                )]
            } else {
                let judged: Vec<Judgement> = men
                    .iter()
                    .map(|from| {
                        let tried = Tried::Move {
                            color,
                            from,
                            to,
                            promotion,
                        };
                        judge(board, &tried, past)
                    })
                    .collect();
                choose(judged, input)?
            }
        }
    };
    let status = moves
        .iter()
        .map(|j| j.status)
        .min_by_key(|s| rank(*s))
        .expect("at least one judgement");
    Ok(Answer {
        fen: format!("{board:#}"),
        to_move: board.side_to_move(),
        input: input.to_string(),
        last_move: past.last.clone(),
        status,
        moves,
    })
}

/// The order of statuses, best first.
const fn rank(status: Status) -> u8 {
    match status {
        Status::LegalNow => 0,
        Status::LegalOnTurn => 1,
        Status::NotLegal => 2,
    }
}

/// Of the judgements of a SAN's candidate men: the one legal move (several: ambiguous), else
/// those that move like that on an empty board, else all.
fn choose(judged: Vec<Judgement>, input: &str) -> Result<Vec<Judgement>, MoveError> {
    let best = judged
        .iter()
        .map(|j| rank(j.status))
        .min()
        .expect("candidates");
    if best < rank(Status::NotLegal) {
        let legal: Vec<Judgement> = judged
            .into_iter()
            .filter(|j| rank(j.status) == best)
            .collect();
        if legal.len() > 1 {
            return Err(MoveError::Ambiguous {
                input: input.to_string(),
                candidates: legal.iter().filter_map(|j| j.san.clone()).collect(),
            });
        }
        return Ok(legal);
    }
    let moving: Vec<Judgement> = judged
        .iter()
        .filter(|j| !j.reasons.iter().any(|r| r.breaks_movement()))
        .cloned()
        .collect();
    Ok(if moving.is_empty() { judged } else { moving })
}

/// JSON: `{"schema", "fen", "to_move", "input", "last_move", "status", "moves"}`; the module
/// documentation of [`crate::why`] describes every field.
impl Serialize for Answer {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("Answer", 7)?;
        st.serialize_field("schema", &SCHEMA)?;
        st.serialize_field("fen", &self.fen)?;
        st.serialize_field("to_move", words::color(self.to_move))?;
        st.serialize_field("input", &self.input)?;
        st.serialize_field("last_move", &self.last_move)?;
        st.serialize_field("status", &self.status)?;
        st.serialize_field("moves", &self.moves)?;
        st.end()
    }
}
