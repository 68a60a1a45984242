//! Moves as UCI engines write them (`e2e4`, `e7e8q`), with castling in both of its forms.
//!
//! Engines write castling two ways. With `UCI_Chess960` on, and in cozy-chess, the king takes
//! its own rook (`e1h1`): one form for every start position. Standard engines move the king two
//! squares (`e1g1`), a form that exists only in the standard geometry, the king on its e-file
//! home square and the castling rook in the corner; anywhere else "the king moves two squares"
//! is ambiguous or means another move (a king on f1 with its rook on g1 castles by staying put).
//! Programs that accept only one form refuse the other (cutechess issue 15), so this reader
//! takes both where both exist and says which form to use where only one does.
//!
//! Under the variants' castling rules no engine protocol has a form yet; [`castling_uci`]
//! writes each rule's castling the way the README's "Castling rules" section documents (the
//! king taking its rook where a side has one castling; the king's move, or both legs, where it
//! has several), and [`find_castling_uci`] reads it back.

use super::fen::{CastlingNotation, to_fen};
use crate::chess::{Castling, CastlingSide, Naming, Rule};
use crate::error::quote;
use crate::words;
use cozy_chess::{Board, Color, File, Move, Piece, Rank, Square};
use thiserror::Error;

/// Which form a castling move is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UciCastling {
    /// The king takes its own rook (`e1h1`): Chess960 engines with `UCI_Chess960` on, and
    /// cozy-chess. Exists for every castling.
    Chess960,
    /// The king moves two squares (`e1g1`), as standard engines write it. Exists only in the
    /// standard geometry; elsewhere [`write_uci`] falls back to the king taking its rook, as
    /// python-chess does.
    Standard,
}

/// Why a UCI move was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum UciError {
    /// Not two squares and an optional promotion letter.
    #[error(
        "UCI move {}: write the square a man leaves and the square it goes to, then the promotion piece if any, like e2e4, e7e8q or e1h1 (castling: the king takes its own rook)",
        quote(.input)
    )]
    Malformed {
        /// The move as given.
        input: String,
    },
    /// `0000`, a pass, which is no move in a game.
    #[error(
        "UCI move {}: 0000 is a null move (a pass), which is not a move in a game",
        quote(.input)
    )]
    NullMove {
        /// The move as given.
        input: String,
    },
    /// The square it starts from holds no man of the side to move.
    #[error(
        "UCI move {}: it is {}'s move and there is no {} man on {square}",
        quote(.input),
        words::color_title(*.color),
        words::color(*.color)
    )]
    NoMan {
        /// The move as given.
        input: String,
        /// The side to move.
        color: Color,
        /// The square the move starts from.
        square: Square,
    },
    /// The king moving two squares where that form of castling does not exist.
    #[error(
        "UCI move {}: the king moving two squares means castling only with the king on its e-file square and the rook in the corner; here the {} rook castles from {rook}, so write the king taking its rook: {chess960}",
        quote(.input),
        .side.name()
    )]
    NoStandardCastling {
        /// The move as given.
        input: String,
        /// The castling side it aims at.
        side: CastlingSide,
        /// Where the castling rook stands.
        rook: Square,
        /// The castling in the king-takes-rook form.
        chess960: String,
    },
    /// A pawn reaching the last rank without a promotion letter.
    #[error(
        "UCI move {}: a pawn reaching the last rank promotes: add q, r, b or n, like {input}q",
        quote(.input)
    )]
    MissingPromotion {
        /// The move as given.
        input: String,
    },
    /// Well-formed, but not a legal move in the position.
    #[error("UCI move {}: not a legal move in {fen}", quote(.input))]
    NotLegal {
        /// The move as given.
        input: String,
        /// The position, as an X-FEN.
        fen: String,
    },
}

/// Whether `mv` is a castling in cozy-chess's form: the king of the side to move onto a man of
/// its own colour (its castling rook).
pub fn is_castling(board: &Board, mv: Move) -> bool {
    let color = board.side_to_move();
    mv.from == board.king(color) && board.color_on(mv.to) == Some(color)
}

/// The standard form (king two squares, `e1g1`) of the castling `mv` written king-takes-rook, or
/// `None` when `mv` is no castling or its geometry is not the standard one (king on e1/e8,
/// castling rook on the a- or h-file corner).
///
/// ```
/// use castle960::notation::uci::standard_castling;
/// use cozy_chess::{Board, Move};
///
/// let mut board = Board::default();
/// for mv in ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"] {
///     board.play(mv.parse().unwrap());
/// }
/// let castle: Move = "e1h1".parse().unwrap();
/// assert_eq!(standard_castling(&board, castle), Some("e1g1".parse().unwrap()));
/// // SP 0 (BBQNNRKR): the king on g1 castles with the rook on h1 and stays put.
/// let board = Board::chess960_startpos(0);
/// assert_eq!(standard_castling(&board, "g1h1".parse().unwrap()), None);
/// ```
pub fn standard_castling(board: &Board, mv: Move) -> Option<Move> {
    if !is_castling(board, mv) {
        return None;
    }
    let color = board.side_to_move();
    let side = CastlingSide::of(mv.from.file(), mv.to.file());
    Castling::new(color, side, mv.from.file(), mv.to.file()).standard_move()
}

/// Writes `mv` (cozy-chess's form, legal in `board`) in UCI, castling in `form`.
///
/// ```
/// use castle960::notation::uci::{write_uci, UciCastling};
/// use castle960::notation::fen::read_fen;
///
/// let board = read_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
/// let castle = "e1a1".parse().unwrap();
/// assert_eq!(write_uci(&board, castle, UciCastling::Chess960), "e1a1");
/// assert_eq!(write_uci(&board, castle, UciCastling::Standard), "e1c1");
/// ```
pub fn write_uci(board: &Board, mv: Move, form: UciCastling) -> String {
    match form {
        UciCastling::Chess960 => mv.to_string(),
        UciCastling::Standard => standard_castling(board, mv).unwrap_or(mv).to_string(),
    }
}

/// Reads a UCI move for the side to move in `board` into cozy-chess's legal [`Move`]. Castling
/// may be written either way: the king taking its own rook (always), or the king moving two
/// squares (only in the standard geometry). Surrounding whitespace is ignored and the
/// promotion letter may be upper case.
///
/// ```
/// use castle960::notation::uci::{read_uci, UciError};
/// use castle960::notation::fen::read_fen;
///
/// let board = read_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
/// assert_eq!(read_uci(&board, "e1g1").unwrap(), "e1h1".parse().unwrap());
/// assert_eq!(read_uci(&board, "e1h1").unwrap(), "e1h1".parse().unwrap());
/// // Chess960: the rook castling on the a-side stands on b1, so e1c1 is no castling.
/// let board = read_fen("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w BGbg - 0 1").unwrap();
/// let err = read_uci(&board, "e1c1").unwrap_err();
/// assert!(matches!(err, UciError::NoStandardCastling { .. }));
/// assert!(err.to_string().ends_with("write the king taking its rook: e1b1"));
/// ```
pub fn read_uci(board: &Board, input: &str) -> Result<Move, UciError> {
    let text = input.trim();
    if text == "0000" {
        return Err(UciError::NullMove {
            input: input.to_string(),
        });
    }
    let mv = parse(text).ok_or_else(|| UciError::Malformed {
        input: input.to_string(),
    })?;
    let color = board.side_to_move();
    if board.color_on(mv.from) != Some(color) {
        return Err(UciError::NoMan {
            input: input.to_string(),
            color,
            square: mv.from,
        });
    }
    if board.is_legal(mv) {
        return Ok(mv);
    }
    let king = board.king(color);
    let back_rank = Rank::First.relative_to(color);
    let two_squares = (mv.from.file() as i8 - mv.to.file() as i8).abs() == 2;
    if mv.from == king && mv.promotion.is_none() && king.rank() == back_rank && two_squares {
        for side in CastlingSide::BOTH {
            let rights = board.castle_rights(color);
            let Some(rook_file) = (match side {
                CastlingSide::A => rights.long,
                CastlingSide::H => rights.short,
            }) else {
                continue;
            };
            if mv.to != Square::new(side.king_to_file(), back_rank) || mv.to.file() == rook_file {
                continue;
            }
            let rook = Square::new(rook_file, back_rank);
            let castle = Move {
                from: king,
                to: rook,
                promotion: None,
            };
            if standard_castling(board, castle).is_none() {
                return Err(UciError::NoStandardCastling {
                    input: input.to_string(),
                    side,
                    rook,
                    chess960: castle.to_string(),
                });
            }
            if board.is_legal(castle) {
                return Ok(castle);
            }
        }
    }
    let promotes = mv.to.rank() == Rank::Eighth.relative_to(color)
        && board.piece_on(mv.from) == Some(Piece::Pawn)
        && mv.promotion.is_none();
    if promotes
        && board.is_legal(Move {
            promotion: Some(Piece::Queen),
            ..mv
        })
    {
        return Err(UciError::MissingPromotion {
            input: input.to_string(),
        });
    }
    Err(UciError::NotLegal {
        input: input.to_string(),
        fen: to_fen(board, CastlingNotation::XFen),
    })
}

/// A castling written as a UCI-style move, in the form its rule uses (how the rule names its
/// castlings, [`Naming`], decides):
///
/// * one castling per side (Chess960, Chess480): the king takes its own rook, `e1h1`, as
///   Chess960 engines write castling with `UCI_Chess960` on; it names the one castling there is;
/// * several per side, told apart by the king's landing square (flexible and fast castling):
///   the king's move, `e1b1`, as ChessV and WinBoard write these castlings. A king moving one
///   square (fast castling) would read as a plain king move, so that castling is written as the
///   rook moving onto the king's square, `h1e1` (H. G. Muller's proposal), which no plain move
///   can mean;
/// * the rook's landing square varying too (free castling): both legs, the king's first,
///   separated by a comma as XBoard's protocol writes a move of several legs, `e1g1,h1f1`.
///
/// ```
/// use castle960::chess::{Castling, Rule};
/// use castle960::notation::uci::castling_uci;
/// use castle960::CastlingSide;
/// use cozy_chess::{Board, Color};
/// let board = Board::default();
/// let uci = |rule| -> Vec<String> {
///     Castling::of_right_under(&board, Color::White, CastlingSide::H, rule)
///         .iter().map(castling_uci).collect()
/// };
/// assert_eq!(uci(Rule::CHESS960), ["e1h1"]);
/// assert_eq!(uci(Rule::CHESS480), ["e1h1"]);
/// assert_eq!(uci(Rule::FLEXIBLE), ["e1g1"]);
/// assert_eq!(uci(Rule::FAST), ["h1e1", "e1g1"]);
/// assert_eq!(uci(Rule::FREE), ["e1f1,h1e1", "e1g1,h1e1", "e1g1,h1f1", "e1h1,h1e1", "e1h1,h1f1", "e1h1,h1g1"]);
/// ```
pub fn castling_uci(c: &Castling) -> String {
    match UciForm::of(c) {
        UciForm::KingTakesRook => c.king_takes_rook().to_string(),
        UciForm::RookOntoKing => format!("{}{}", c.rook, c.king),
        UciForm::KingMove => format!("{}{}", c.king, c.king_to),
        UciForm::BothLegs => format!("{}{},{}{}", c.king, c.king_to, c.rook, c.rook_to),
    }
}

/// How [`castling_uci`] writes `c`, in words: `the king takes its own rook`, `the king's move`,
/// `the rook onto the king's square`, `the king's move, then the rook's`.
pub fn castling_uci_words(c: &Castling) -> &'static str {
    match UciForm::of(c) {
        UciForm::KingTakesRook => "the king takes its own rook",
        UciForm::RookOntoKing => "the rook onto the king's square",
        UciForm::KingMove => "the king's move",
        UciForm::BothLegs => "the king's move, then the rook's",
    }
}

/// The UCI forms of castling, as [`castling_uci`] chooses them.
enum UciForm {
    KingTakesRook,
    KingMove,
    RookOntoKing,
    BothLegs,
}

impl UciForm {
    fn of(c: &Castling) -> UciForm {
        match c.path.naming() {
            Naming::Side => UciForm::KingTakesRook,
            Naming::King if (c.king.file() as u8).abs_diff(c.king_to.file() as u8) == 1 => {
                UciForm::RookOntoKing
            }
            Naming::King => UciForm::KingMove,
            Naming::KingAndRook => UciForm::BothLegs,
        }
    }
}

/// The castling of the side to move that `rule` allows by a standing right and that `text`
/// writes in its UCI form ([`castling_uci`]; surrounding whitespace ignored), legal now or not.
///
/// ```
/// use castle960::chess::Rule;
/// use castle960::notation::uci::find_castling_uci;
/// use cozy_chess::Board;
/// let board = Board::default();
/// let c = find_castling_uci(&board, Rule::FLEXIBLE, "e1b1").unwrap();
/// assert_eq!((c.king_to.to_string(), c.rook_to.to_string()), ("b1".into(), "c1".into()));
/// assert!(find_castling_uci(&board, Rule::FLEXIBLE, "e1a1").is_none());
/// ```
pub fn find_castling_uci(board: &Board, rule: Rule, text: &str) -> Option<Castling> {
    let text = text.trim();
    let color = board.side_to_move();
    CastlingSide::BOTH
        .into_iter()
        .flat_map(|side| Castling::of_right_under(board, color, side, rule))
        .find(|c| castling_uci(c) == text)
}

/// Two squares and an optional promotion letter (q, r, b, n in either case), nothing else.
fn parse(text: &str) -> Option<Move> {
    let square = |b: &[u8]| match b {
        [file @ b'a'..=b'h', rank @ b'1'..=b'8'] => Some(Square::new(
            File::index((file - b'a') as usize),
            Rank::index((rank - b'1') as usize),
        )),
        _ => None,
    };
    let bytes = text.as_bytes();
    let (squares, promotion) = match bytes.len() {
        4 => (bytes, None),
        5 => (
            &bytes[..4],
            Some(match bytes[4].to_ascii_lowercase() {
                b'q' => Piece::Queen,
                b'r' => Piece::Rook,
                b'b' => Piece::Bishop,
                b'n' => Piece::Knight,
                _ => return None,
            }),
        ),
        _ => return None,
    };
    Some(Move {
        from: square(&squares[..2])?,
        to: square(&squares[2..])?,
        promotion,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen::read_fen;

    fn mv(text: &str) -> Move {
        text.parse().unwrap()
    }

    #[test]
    fn plain_moves_and_promotions() {
        let board = Board::default();
        assert_eq!(read_uci(&board, " e2e4\n").unwrap(), mv("e2e4"));
        let board = read_fen("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        assert_eq!(read_uci(&board, "a7a8q").unwrap(), mv("a7a8q"));
        assert_eq!(read_uci(&board, "a7b8N").unwrap(), mv("a7b8n"));
        assert!(matches!(
            read_uci(&board, "a7a8"),
            Err(UciError::MissingPromotion { .. })
        ));
        assert!(matches!(
            read_uci(&board, "a7a8k"),
            Err(UciError::Malformed { .. })
        ));
        assert_eq!(
            write_uci(&board, mv("a7a8q"), UciCastling::Standard),
            "a7a8q"
        );
    }

    #[test]
    fn bad_moves_say_why() {
        let board = Board::default();
        for (input, expected) in [
            ("e2e", "Malformed"),
            ("e2e4e4", "Malformed"),
            ("i2i4", "Malformed"),
            ("0000", "NullMove"),
            ("e3e4", "NoMan"),
            ("e7e5", "NoMan"),
            ("e2e5", "NotLegal"),
            ("e1g1", "NotLegal"),
        ] {
            let e = read_uci(&board, input).unwrap_err();
            assert!(format!("{e:?}").starts_with(expected), "{input}: {e:?}");
            assert!(!e.to_string().contains('\n'));
        }
        let e = read_uci(&board, "e3e4").unwrap_err();
        assert_eq!(
            e.to_string(),
            "UCI move \"e3e4\": it is White's move and there is no white man on e3"
        );
    }

    #[test]
    fn standard_castling_reads_both_forms_for_both_colours() {
        let board = read_fen("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1").unwrap();
        for (input, castle) in [
            ("e1g1", "e1h1"),
            ("e1h1", "e1h1"),
            ("e1c1", "e1a1"),
            ("e1a1", "e1a1"),
        ] {
            assert_eq!(read_uci(&board, input).unwrap(), mv(castle), "{input}");
        }
        assert_eq!(write_uci(&board, mv("e1a1"), UciCastling::Standard), "e1c1");
        assert_eq!(write_uci(&board, mv("e1a1"), UciCastling::Chess960), "e1a1");
        let board = board.null_move().unwrap();
        for (input, castle) in [("e8g8", "e8h8"), ("e8c8", "e8a8"), ("e8h8", "e8h8")] {
            assert_eq!(read_uci(&board, input).unwrap(), mv(castle), "{input}");
        }
        assert_eq!(write_uci(&board, mv("e8h8"), UciCastling::Standard), "e8g8");
        // No right on that side: e1g1 is no castling, and no king move either.
        let board = read_fen("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1").unwrap();
        assert!(matches!(
            read_uci(&board, "e1g1"),
            Err(UciError::NotLegal { .. })
        ));
    }

    #[test]
    fn chess960_castling_is_the_king_taking_its_rook() {
        // King on e1, castling rooks on b1 and g1: neither is in the corner.
        let board = read_fen("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w BGbg - 0 1").unwrap();
        // e1g1 is the king taking its rook on g1 (the Chess960 form), not the standard form.
        assert_eq!(read_uci(&board, "e1g1").unwrap(), mv("e1g1"));
        assert!(is_castling(&board, mv("e1g1")));
        assert_eq!(standard_castling(&board, mv("e1g1")), None);
        assert_eq!(write_uci(&board, mv("e1g1"), UciCastling::Standard), "e1g1");
        assert_eq!(read_uci(&board, "e1b1").unwrap(), mv("e1b1"));
        let e = read_uci(&board, "e1c1").unwrap_err();
        assert_eq!(
            e,
            UciError::NoStandardCastling {
                input: "e1c1".into(),
                side: CastlingSide::A,
                rook: Square::B1,
                chess960: "e1b1".into(),
            }
        );
        // King on f1, rook on h1: f1g1 is a plain king move, f1h1 castles.
        let board = read_fen("5k1r/8/8/8/8/8/8/5K1R w Hh - 0 1").unwrap();
        assert_eq!(read_uci(&board, "f1g1").unwrap(), mv("f1g1"));
        assert!(!is_castling(&board, mv("f1g1")));
        assert!(is_castling(&board, mv("f1h1")));
        // King on e1 with the h-side rook on f1: e1g1 would be the standard form, which does
        // not exist here.
        let board = read_fen("4k3/8/8/8/8/8/8/4KR2 w F - 0 1").unwrap();
        assert!(matches!(
            read_uci(&board, "e1g1"),
            Err(UciError::NoStandardCastling {
                rook: Square::F1,
                ..
            })
        ));
        assert_eq!(read_uci(&board, "e1f1").unwrap(), mv("e1f1"));
    }
}
