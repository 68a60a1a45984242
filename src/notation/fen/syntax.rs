//! FEN syntax: the six fields split and each read by itself, before any rule about the
//! position. A typo is named here ([`SyntaxError`], one variant per field and way of being
//! malformed) before `position.rs`'s rules look at what the fields say; what this reader
//! tolerates (runs of spaces, four or five fields, `44` in a rank) is listed in `mod.rs`.

use crate::error::quote;
use cozy_chess::{BoardBuilder, Color, File, Piece, Rank, Square};
use thiserror::Error;

use super::EXAMPLE_FEN;

/// Why a FEN's text was refused before its position was looked at: one variant per field and
/// way of being malformed, each message one line naming the field.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SyntaxError {
    /// Nothing but whitespace.
    #[error("the FEN is empty: expected six fields like \"{EXAMPLE_FEN}\"")]
    Empty,
    /// Fewer than the four fields a position needs.
    #[error(
        "FEN {} has {found} field(s): a FEN needs the piece placement, the side to move, the castling field and the en passant square (the halfmove clock and move number may follow), like \"{EXAMPLE_FEN}\"",
        quote(.input)
    )]
    MissingFields {
        /// The FEN as given.
        input: String,
        /// How many whitespace-separated fields it has.
        found: usize,
    },
    /// More than six fields.
    #[error(
        "FEN {} has {found} fields: a FEN has at most six (placement, side to move, castling, en passant, halfmove clock, move number)",
        quote(.input)
    )]
    TooManyFields {
        /// The FEN as given.
        input: String,
        /// How many whitespace-separated fields it has.
        found: usize,
    },
    /// The placement does not have 8 ranks.
    #[error(
        "piece placement {} has {found} rank(s): it needs 8, from rank 8 down to rank 1, separated by '/'",
        quote(.placement)
    )]
    RankCount {
        /// The placement field.
        placement: String,
        /// How many ranks it has.
        found: usize,
    },
    /// A rank that does not cover exactly 8 files.
    #[error(
        "piece placement {}: rank {rank} covers {files} files: each rank covers exactly 8, with a digit for a run of empty squares",
        quote(.placement)
    )]
    RankWidth {
        /// The placement field.
        placement: String,
        /// The rank, 1 to 8.
        rank: usize,
        /// How many files its letters and digits cover.
        files: usize,
    },
    /// A character that is no piece letter nor a digit from 1 to 8.
    #[error(
        "piece placement {}: {letter:?} on rank {rank} is not a piece: use KQRBNP for White, kqrbnp for Black and a digit from 1 to 8 for empty squares",
        quote(.placement)
    )]
    PieceLetter {
        /// The placement field.
        placement: String,
        /// The rank, 1 to 8.
        rank: usize,
        /// The character.
        letter: char,
    },
    /// The side to move is neither `w` nor `b`.
    #[error("side to move {}: write w (White) or b (Black)", quote(.field))]
    SideToMove {
        /// The side-to-move field.
        field: String,
    },
    /// A character of the castling field that names no castling.
    #[error(
        "castling field {}: {letter:?} is not a castling letter: write -, K and Q (k and q for Black) for the outermost rooks, or the castling rook's file letter, A to H for White and a to h for Black",
        quote(.field)
    )]
    CastlingLetter {
        /// The castling field.
        field: String,
        /// The character.
        letter: char,
    },
    /// The en passant field is neither `-` nor a square.
    #[error(
        "en passant field {}: write - or the square a pawn that just moved two squares passed over, like e3 or d6",
        quote(.field)
    )]
    EnPassantSquare {
        /// The en passant field.
        field: String,
    },
    /// The halfmove clock is not a whole number.
    #[error(
        "halfmove clock {}: write the number of half-moves since the last capture or pawn move as digits, like 0",
        quote(.field)
    )]
    HalfmoveClock {
        /// The halfmove-clock field.
        field: String,
    },
    /// The move number is not a whole number from 1 to 65535 (0 is read as 1).
    #[error(
        "move number {}: write the number of the move to be played as digits, from 1 to 65535",
        quote(.field)
    )]
    MoveNumber {
        /// The move-number field.
        field: String,
    },
}

/// A FEN's fields, each well-formed: the placement, side to move and clocks already in a
/// builder; the castling field's letters and the en passant square still to be checked against
/// the position.
pub(super) struct Fields<'a> {
    /// The men, the side to move and the clocks (castling rights and en passant not set).
    pub builder: BoardBuilder,
    /// The castling field, `-` or letters each naming a castling.
    pub castling: &'a str,
    /// The en passant field as given, for messages.
    pub en_passant_field: &'a str,
    /// The square it names, if not `-`.
    pub en_passant: Option<Square>,
}

/// Splits `input` into fields and reads each for its syntax, in the order they are written, so
/// that the first malformed field is the one named.
pub(super) fn read_fields(input: &str) -> Result<Fields<'_>, SyntaxError> {
    let fields: Vec<&str> = input.split_ascii_whitespace().collect();
    let missing = |found| SyntaxError::MissingFields {
        input: input.to_string(),
        found,
    };
    let (placement, side, castling, en_passant) = match fields.as_slice() {
        [] => return Err(SyntaxError::Empty),
        [p, s, c, e, ..] => (*p, *s, *c, *e),
        _ => return Err(missing(fields.len())),
    };
    if fields.len() > 6 {
        return Err(SyntaxError::TooManyFields {
            input: input.to_string(),
            found: fields.len(),
        });
    }

    let mut builder = read_placement(placement).map_err(|e| e.in_field(placement))?;
    builder.side_to_move = read_side(side).ok_or_else(|| SyntaxError::SideToMove {
        field: side.to_string(),
    })?;
    if castling != "-"
        && let Some(letter) = castling
            .chars()
            .find(|c| !matches!(c.to_ascii_lowercase(), 'a'..='h' | 'k' | 'q'))
    {
        return Err(SyntaxError::CastlingLetter {
            field: castling.to_string(),
            letter,
        });
    }
    let en_passant_square = match en_passant {
        "-" => None,
        _ => Some(
            read_square(en_passant).ok_or_else(|| SyntaxError::EnPassantSquare {
                field: en_passant.to_string(),
            })?,
        ),
    };
    builder.halfmove_clock = match fields.get(4) {
        None => 0,
        Some(field) => read_number(field)
            .ok_or_else(|| SyntaxError::HalfmoveClock {
                field: field.to_string(),
            })?
            .min(100) as u8,
    };
    builder.fullmove_number = match fields.get(5) {
        None => 1,
        Some(field) => read_number(field)
            .filter(|&n| n <= u64::from(u16::MAX))
            .ok_or_else(|| SyntaxError::MoveNumber {
                field: field.to_string(),
            })?
            .max(1) as u16,
    };
    Ok(Fields {
        builder,
        castling,
        en_passant_field: en_passant,
        en_passant: en_passant_square,
    })
}

/// A whole number written as digits only; very long ones saturate (the callers cap them).
fn read_number(field: &str) -> Option<u64> {
    if field.is_empty() || !field.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(field.parse::<u64>().unwrap_or(u64::MAX))
}

/// The side to move, `w` or `b`.
pub(in crate::notation) fn read_side(field: &str) -> Option<Color> {
    match field {
        "w" => Some(Color::White),
        "b" => Some(Color::Black),
        _ => None,
    }
}

/// A square written as a file letter and a rank digit, `e3`.
pub(in crate::notation) fn read_square(text: &str) -> Option<Square> {
    match text.as_bytes() {
        [file @ b'a'..=b'h', rank @ b'1'..=b'8'] => Some(Square::new(
            File::index((file - b'a') as usize),
            Rank::index((rank - b'1') as usize),
        )),
        _ => None,
    }
}

/// Why a placement field is malformed, before [`PlacementError::in_field`] names the field in
/// a [`SyntaxError`]; the start-position reader (`notation::start_fen`) words it its own way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::notation) enum PlacementError {
    /// Not 8 ranks: how many there are.
    RankCount(usize),
    /// A character that is no piece letter nor a digit from 1 to 8, on a rank (1 to 8).
    PieceLetter { rank: usize, letter: char },
    /// A rank (1 to 8) that covers more or fewer than 8 files.
    RankWidth { rank: usize, files: usize },
}

impl PlacementError {
    /// The [`SyntaxError`] this is in the placement field `placement`.
    fn in_field(self, placement: &str) -> SyntaxError {
        let placement = placement.to_string();
        match self {
            PlacementError::RankCount(found) => SyntaxError::RankCount { placement, found },
            PlacementError::PieceLetter { rank, letter } => SyntaxError::PieceLetter {
                placement,
                rank,
                letter,
            },
            PlacementError::RankWidth { rank, files } => SyntaxError::RankWidth {
                placement,
                rank,
                files,
            },
        }
    }
}

/// The placement field into a builder (side to move, rights and clocks still to be set).
pub(in crate::notation) fn read_placement(placement: &str) -> Result<BoardBuilder, PlacementError> {
    let rows: Vec<&str> = placement.split('/').collect();
    if rows.len() != 8 {
        return Err(PlacementError::RankCount(rows.len()));
    }
    let mut builder = BoardBuilder::empty();
    for (row, text) in rows.iter().enumerate() {
        let rank_number = 8 - row;
        let rank = Rank::index(rank_number - 1);
        let mut files = 0usize;
        for c in text.chars() {
            match c {
                '1'..='8' => files += c as usize - '0' as usize,
                _ => {
                    let piece = Piece::try_from(c.to_ascii_lowercase())
                        .ok()
                        .filter(|_| c.is_ascii_alphabetic())
                        .ok_or(PlacementError::PieceLetter {
                            rank: rank_number,
                            letter: c,
                        })?;
                    let color = if c.is_ascii_uppercase() {
                        Color::White
                    } else {
                        Color::Black
                    };
                    if let Some(file) = File::try_index(files) {
                        *builder.square_mut(Square::new(file, rank)) = Some((piece, color));
                    }
                    files += 1;
                }
            }
        }
        if files != 8 {
            return Err(PlacementError::RankWidth {
                rank: rank_number,
                files,
            });
        }
    }
    Ok(builder)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen::{read_fen, syntax_error as err};
    use cozy_chess::Board;

    #[test]
    fn what_users_paste_is_tolerated() {
        let start = Board::default();
        for fen in [
            "  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w\tKQkq  -  0   1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w qkQK - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HQha - 0 0",
            "rnbqkbnr/pppppppp/44/8/8/2222/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ] {
            assert_eq!(read_fen(fen).unwrap(), start, "{fen:?}");
        }
        let late = read_fen("4k3/8/8/8/8/8/8/4K3 w - - 150 90").unwrap();
        assert_eq!((late.halfmove_clock(), late.fullmove_number()), (100, 90));
    }

    #[test]
    fn field_errors_name_the_field() {
        assert_eq!(err("  "), SyntaxError::Empty);
        assert!(matches!(
            err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w"),
            SyntaxError::MissingFields { found: 2, .. }
        ));
        assert!(matches!(
            err("4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra"),
            SyntaxError::TooManyFields { found: 7, .. }
        ));
        assert!(matches!(
            err("4k3/8/8/8/8/8/4K3 w - - 0 1"),
            SyntaxError::RankCount { found: 7, .. }
        ));
        assert!(matches!(
            err("4k3/8/8/8/8/8/8/4K4 w - - 0 1"),
            SyntaxError::RankWidth {
                rank: 1,
                files: 9,
                ..
            }
        ));
        assert!(matches!(
            err("4k3/8/8/8/8/8/8/4K2 w - - 0 1"),
            SyntaxError::RankWidth {
                rank: 1,
                files: 7,
                ..
            }
        ));
        assert!(matches!(
            err("4k3/8/8/8/8/8/8/4K2X w - - 0 1"),
            SyntaxError::PieceLetter {
                rank: 1,
                letter: 'X',
                ..
            }
        ));
        assert!(matches!(
            err("4k3/8/8/8/8/8/8/4K2R0 w - - 0 1"),
            SyntaxError::PieceLetter { letter: '0', .. }
        ));
        assert!(matches!(
            err("4k3/8/8/8/8/8/8/4K3 white - - 0 1"),
            SyntaxError::SideToMove { .. }
        ));
        assert!(matches!(
            err("4k3/8/8/8/8/8/8/4K2R w K+ - 0 1"),
            SyntaxError::CastlingLetter { letter: '+', .. }
        ));
        assert!(matches!(
            err("4k3/8/8/8/8/8/8/4K3 w - e9 0 1"),
            SyntaxError::EnPassantSquare { .. }
        ));
        assert!(matches!(
            err("4k3/8/8/8/8/8/8/4K3 w - - -1 1"),
            SyntaxError::HalfmoveClock { .. }
        ));
        assert!(matches!(
            err("4k3/8/8/8/8/8/8/4K3 w - - 0 70000"),
            SyntaxError::MoveNumber { .. }
        ));
        assert!(matches!(
            err("4k3/8/8/8/8/8/8/4K3 w - - 0 x"),
            SyntaxError::MoveNumber { .. }
        ));
    }
}
