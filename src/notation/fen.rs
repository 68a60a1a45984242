//! FEN of any position with both colours, standard chess or Chess960: read into a validated
//! cozy-chess [`Board`], written back in Shredder-FEN or X-FEN.
//!
//! cozy-chess reads FENs itself, but it answers a bad one with "the board is invalid" and no
//! rule, and it reads `KQkq` as the a- and h-file rooks only. Castling questions come with
//! pasted FENs from every program, and a club player who pastes a wrong one deserves to hear
//! which rule it breaks. So this reader checks every rule cozy-chess checks, first, and names it
//! ([`FenError`] has one variant per rule); it reads the castling field as python-chess does
//! (Shredder-FEN file letters, X-FEN `K`/`Q` for the outermost rook on a side, mixed), and it
//! writes X-FEN exactly as python-chess and shakmaty write it. Only then does it hand the
//! position to cozy-chess's [`BoardBuilder`], which can no longer refuse it for an unnamed
//! reason (the fuzz test checks that [`FenError::Rejected`] never happens).
//!
//! What it tolerates, because users paste it and nothing is lost:
//! * whitespace around the FEN and runs of spaces or tabs between fields;
//! * a FEN of four fields (an EPD position): the halfmove clock is then 0 and the move number 1;
//!   five fields: the move number is 1;
//! * castling letters in any order (`kqKQ`), Shredder and X-FEN letters mixed (`HQkb`);
//! * consecutive digits in a rank (`44`), as long as the rank covers 8 files;
//! * a move number of 0 (read as 1, as python-chess and shakmaty read it), and a halfmove clock
//!   over 100 (read as 100: cozy-chess caps the clock there, and any value from 100 on means the
//!   fifty-move rule may be claimed).
//!
//! What it refuses: a missing side to move, castling field or en passant field (guessing them
//! would change the answer to "can this side castle?"), a castling right named twice, every
//! illegal position cozy-chess would refuse, and what cozy-chess 0.3.4 lets through although
//! no game reaches it or the FEN standard forbids it: more pieces than promotions explain
//! (three rooks beside eight pawns), two kings side by side, a double check no single move
//! gives (two knights; two men on one line through the king), an en passant square that cannot
//! explain the check (shakmaty's rules for the last two), a digit 0 in the placement
//! (cozy-chess reads it as no square) and fewer than 8 ranks (cozy-chess leaves the missing top
//! ranks empty). On 100,000 mutated FENs this reader and shakmaty accept the same inputs but
//! for these documented choices (`tests/castling/notation_differential.rs`).

//! The en passant square is kept as the FEN gives it, whenever a pawn has just moved two squares
//! (the PGN standard's rule, and what cozy-chess records after a double step), and written the
//! same way, so that writing and reading give back the same [`Board`].

use crate::chess::CastlingSide;
use crate::chess::Man;
use crate::error::quote;
use crate::words;
use cozy_chess::{
    BitBoard, Board, BoardBuilder, CastleRights, Color, File, Piece, Rank, Square,
    get_bishop_moves, get_king_moves, get_knight_moves, get_line_rays, get_pawn_attacks,
    get_rook_moves,
};
use thiserror::Error;

/// A FEN every message can show as an example of the expected form.
pub const EXAMPLE_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// How a FEN writes its castling field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastlingNotation {
    /// Shredder-FEN: the castling rook's file letter, upper case for White (`HAha`).
    Shredder,
    /// X-FEN as python-chess and shakmaty write it: `K` or `Q` for the outermost rook on that
    /// side of the king, the rook's file letter for a rook with another rook further out
    /// (`KQkq` in the standard start position).
    XFen,
}

/// Why a FEN was refused: one variant per rule, each message one line naming the rule.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FenError {
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
    /// A castling right while the king is not on its first rank.
    #[error(
        "castling field {}: {letter:?} gives {} a castling right, but its king is on {king}: a king that can still castle stands on its first rank",
        quote(.field),
        words::color_title(*.color)
    )]
    CastlingKingAway {
        /// The castling field.
        field: String,
        /// The letter giving the right.
        letter: char,
        /// The colour it gives the right to.
        color: Color,
        /// Where that colour's king is.
        king: Square,
    },
    /// A file letter naming a square without a rook of that colour.
    #[error(
        "castling field {}: {letter:?} names a {} rook on {square} that may castle, but there is no {} rook there",
        quote(.field),
        words::color(*.color),
        words::color(*.color)
    )]
    CastlingNoRook {
        /// The castling field.
        field: String,
        /// The letter.
        letter: char,
        /// The colour.
        color: Color,
        /// The square the letter names.
        square: Square,
    },
    /// `K` or `Q` (`k`, `q`) with no rook of that colour on that side of the king.
    #[error(
        "castling field {}: {letter:?} gives {} the {} castling, but no {} rook stands on its first rank {} of the king on {king}",
        quote(.field),
        words::color_title(*.color),
        .side.name(),
        words::color(*.color),
        direction(*.side)
    )]
    CastlingNoRookOnSide {
        /// The castling field.
        field: String,
        /// The letter.
        letter: char,
        /// The colour.
        color: Color,
        /// The side the letter names.
        side: CastlingSide,
        /// Where that colour's king is.
        king: Square,
    },
    /// Two letters for the same colour and side.
    #[error(
        "castling field {}: {first:?} and {second:?} both give {} the {} castling: a colour has at most one castling rook on each side of its king",
        quote(.field),
        words::color_title(*.color),
        .side.name()
    )]
    CastlingTwice {
        /// The castling field.
        field: String,
        /// The first letter for that side.
        first: char,
        /// The second letter for that side.
        second: char,
        /// The colour.
        color: Color,
        /// The side named twice.
        side: CastlingSide,
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
    /// An en passant square on the wrong rank for the side to move.
    #[error(
        "en passant field {}: with {} to move, the en passant square is on rank {expected} (the square a {} pawn just passed over)",
        quote(.field),
        words::color_title(*.to_move),
        words::color(!*.to_move)
    )]
    EnPassantRank {
        /// The en passant field.
        field: String,
        /// The side to move.
        to_move: Color,
        /// The rank it must be on.
        expected: Rank,
    },
    /// No pawn of the right colour in front of the en passant square.
    #[error(
        "en passant field {}: it says a {} pawn just moved from {from} to {to}, but there is no {} pawn on {to}",
        quote(.field),
        words::color(*.mover),
        words::color(*.mover)
    )]
    EnPassantNoPawn {
        /// The en passant field.
        field: String,
        /// The colour that made the double step.
        mover: Color,
        /// Where the pawn came from.
        from: Square,
        /// Where it went.
        to: Square,
    },
    /// The squares the double step came from or passed over are not empty.
    #[error(
        "en passant field {}: it says a {} pawn just moved from {from} to {to}, but {occupied} is occupied",
        quote(.field),
        words::color(*.mover)
    )]
    EnPassantNotEmpty {
        /// The en passant field.
        field: String,
        /// The colour that made the double step.
        mover: Color,
        /// Where the pawn came from.
        from: Square,
        /// Where it went.
        to: Square,
        /// The square that should be empty.
        occupied: Square,
    },
    /// A check the double step cannot have given: two checks, or a check that was there before
    /// it.
    #[error(
        "en passant field {}: it says {}'s last move was the pawn from {from} to {to}, which cannot have given the check from {checker}",
        quote(.field),
        words::color_title(*.mover)
    )]
    EnPassantImpossibleCheck {
        /// The en passant field.
        field: String,
        /// The colour that made the double step.
        mover: Color,
        /// Where the pawn came from.
        from: Square,
        /// Where it went.
        to: Square,
        /// The checking man, described ("the white bishop on b5").
        checker: String,
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
    /// A colour with no king or more than one.
    #[error(
        "FEN {}: {} has {count} kings: each side has exactly one king",
        quote(.input),
        words::color_title(*.color)
    )]
    KingCount {
        /// The FEN as given.
        input: String,
        /// The colour.
        color: Color,
        /// How many kings it has.
        count: usize,
    },
    /// A pawn on the first or the last rank.
    #[error(
        "FEN {}: {} stands on rank {}: pawns never stand on the first or last rank (a pawn reaching the last rank promotes)",
        quote(.input),
        Man {
            color: *.color,
            piece: cozy_chess::Piece::Pawn,
            square: *.square
        },
        .square.rank()
    )]
    PawnOnEdgeRank {
        /// The FEN as given.
        input: String,
        /// The pawn's colour.
        color: Color,
        /// Where it stands.
        square: Square,
    },
    /// More than 16 men of a colour.
    #[error(
        "FEN {}: {} has {count} men: each side starts with 16 and never gains any",
        quote(.input),
        words::color_title(*.color)
    )]
    TooManyMen {
        /// The FEN as given.
        input: String,
        /// The colour.
        color: Color,
        /// How many men it has.
        count: usize,
    },
    /// More than 8 pawns of a colour.
    #[error(
        "FEN {}: {} has {count} pawns: each side starts with 8 and never gains any",
        quote(.input),
        words::color_title(*.color)
    )]
    TooManyPawns {
        /// The FEN as given.
        input: String,
        /// The colour.
        color: Color,
        /// How many pawns it has.
        count: usize,
    },
    /// More pieces than a side can have: every piece beyond the starting set (one queen, two
    /// rooks, two knights, one bishop on each colour of square) is a promoted pawn.
    #[error(
        "FEN {}: {} has {pawns} pawns and {promoted} piece(s) beyond the starting set ({extra}): each such piece is a promoted pawn, and a side has only 8 pawns",
        quote(.input),
        words::color_title(*.color)
    )]
    TooMuchMaterial {
        /// The FEN as given.
        input: String,
        /// The colour.
        color: Color,
        /// How many pawns it has.
        pawns: usize,
        /// How many pieces it has beyond the starting set.
        promoted: usize,
        /// Which, in words ("a third rook, a second queen").
        extra: String,
    },
    /// The two kings on neighbouring squares.
    #[error(
        "FEN {}: the kings stand next to each other on {white} and {black}: a king never moves next to the other king",
        quote(.input)
    )]
    KingsTouch {
        /// The FEN as given.
        input: String,
        /// The white king's square.
        white: Square,
        /// The black king's square.
        black: Square,
    },
    /// The side that is not to move is in check.
    #[error(
        "FEN {}: {} is in check from {checkers}, but it is {}'s move: the side that just moved cannot have left its king in check (is the side to move right?)",
        quote(.input),
        words::color_title(*.in_check),
        words::color_title(!*.in_check)
    )]
    OppositeCheck {
        /// The FEN as given.
        input: String,
        /// The colour in check (not to move).
        in_check: Color,
        /// The checking men, described.
        checkers: String,
    },
    /// Three or more men giving check.
    #[error(
        "FEN {}: {} is in check from {count} men ({checkers}): no move gives more than two checks at once",
        quote(.input),
        words::color_title(*.in_check)
    )]
    TooManyCheckers {
        /// The FEN as given.
        input: String,
        /// The colour in check.
        in_check: Color,
        /// How many men check.
        count: usize,
        /// The checking men, described.
        checkers: String,
    },
    /// Two checks no single move can give: two pawns or knights, or two men on one line
    /// through the king.
    #[error(
        "FEN {}: {} is in check from {checkers}, which no single move gives: {why}",
        quote(.input),
        words::color_title(*.in_check)
    )]
    ImpossibleCheck {
        /// The FEN as given.
        input: String,
        /// The colour in check.
        in_check: Color,
        /// The checking men, described.
        checkers: String,
        /// Why no move gives these two checks, in words.
        why: &'static str,
    },
    /// cozy-chess refused a position this reader found legal. Should never happen: every rule
    /// cozy-chess checks is checked before, with its name (the fuzz test checks it).
    #[error(
        "FEN {}: cozy-chess refuses the position ({reason}) for a reason castle960 does not name; please report it",
        quote(.input)
    )]
    Rejected {
        /// The FEN as given.
        input: String,
        /// cozy-chess's own message.
        reason: String,
    },
}

/// "to the left" (a-side) or "to the right" (h-side), as seen from White.
fn direction(side: CastlingSide) -> &'static str {
    match side {
        CastlingSide::A => "to the left",
        CastlingSide::H => "to the right",
    }
}

/// The men on the board as bit sets, enough to check the position rules before cozy-chess sees
/// the position.
struct Men {
    builder: BoardBuilder,
    pieces: [BitBoard; Piece::NUM],
    colors: [BitBoard; Color::NUM],
}

impl Men {
    fn new(builder: BoardBuilder) -> Men {
        let mut pieces = [BitBoard::EMPTY; Piece::NUM];
        let mut colors = [BitBoard::EMPTY; Color::NUM];
        for square in Square::ALL {
            if let Some((piece, color)) = builder.square(square) {
                pieces[piece as usize] |= square.bitboard();
                colors[color as usize] |= square.bitboard();
            }
        }
        Men {
            builder,
            pieces,
            colors,
        }
    }

    fn colored(&self, color: Color, piece: Piece) -> BitBoard {
        self.colors[color as usize] & self.pieces[piece as usize]
    }

    fn occupied(&self) -> BitBoard {
        self.colors[0] | self.colors[1]
    }

    /// The king of `color`; call only once each colour has exactly one.
    fn king(&self, color: Color) -> Square {
        self.colored(color, Piece::King)
            .next_square()
            .expect("kings were counted before")
    }

    /// How many pieces of each kind `color` has beyond its starting set (one queen, two rooks,
    /// two knights, a light-squared and a dark-squared bishop).
    fn beyond_start(&self, color: Color) -> [(&'static str, usize); 5] {
        let count = |set: BitBoard, start: usize| (set.len() as usize).saturating_sub(start);
        let bishops = self.colored(color, Piece::Bishop);
        [
            ("queen(s)", count(self.colored(color, Piece::Queen), 1)),
            ("rook(s)", count(self.colored(color, Piece::Rook), 2)),
            ("knight(s)", count(self.colored(color, Piece::Knight), 2)),
            (
                "light-squared bishop(s)",
                count(bishops & BitBoard::LIGHT_SQUARES, 1),
            ),
            (
                "dark-squared bishop(s)",
                count(bishops & BitBoard::DARK_SQUARES, 1),
            ),
        ]
    }

    /// The men of `by` that attack `square`, kings included.
    fn attackers(&self, square: Square, by: Color) -> BitBoard {
        let occupied = self.occupied();
        let rooks = self.pieces[Piece::Rook as usize] | self.pieces[Piece::Queen as usize];
        let bishops = self.pieces[Piece::Bishop as usize] | self.pieces[Piece::Queen as usize];
        self.colors[by as usize]
            & ((get_rook_moves(square, occupied) & rooks)
                | (get_bishop_moves(square, occupied) & bishops)
                | (get_knight_moves(square) & self.pieces[Piece::Knight as usize])
                | (get_king_moves(square) & self.pieces[Piece::King as usize])
                | (get_pawn_attacks(square, !by) & self.pieces[Piece::Pawn as usize]))
    }

    /// The men checking `color`'s king.
    fn checkers(&self, color: Color) -> BitBoard {
        self.attackers(self.king(color), !color)
    }

    /// "the white rook on e1 and the white knight on f3".
    fn describe(&self, set: BitBoard) -> String {
        words::join(
            &set.iter()
                .filter_map(|square| {
                    let (piece, color) = self.builder.square(square)?;
                    Some(
                        Man {
                            color,
                            piece,
                            square,
                        }
                        .to_string(),
                    )
                })
                .collect::<Vec<_>>(),
        )
    }
}

/// Reads a FEN of any position into a validated cozy-chess [`Board`], or says which rule it
/// breaks. The castling field may be Shredder-FEN (`HAha`), X-FEN (`KQkq` for the outermost
/// rooks, a file letter for an inner rook) or both mixed, as python-chess reads them.
///
/// ```
/// use castle960::notation::fen::{read_fen, FenError};
/// use cozy_chess::{Board, File};
///
/// // Standard chess: X-FEN and Shredder-FEN name the same rooks.
/// let board = read_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
/// assert_eq!(board, Board::default());
/// // Chess960, clocks missing: K is the outermost rook right of the king, on h1 here.
/// let board = read_fen("1r1k3r/8/8/8/8/8/8/1R1K2RR w Kb -").unwrap();
/// assert_eq!(board.castle_rights(cozy_chess::Color::White).short, Some(File::H));
/// // An illegal position names the rule it breaks.
/// let err = read_fen("4k3/8/8/8/8/8/8/4K2R w KQ - 0 1").unwrap_err();
/// assert!(matches!(err, FenError::CastlingNoRookOnSide { .. }));
/// assert!(err.to_string().contains("no white rook stands on its first rank to the left"));
/// ```
pub fn read_fen(input: &str) -> Result<Board, FenError> {
    let fields: Vec<&str> = input.split_ascii_whitespace().collect();
    let missing = |found| FenError::MissingFields {
        input: input.to_string(),
        found,
    };
    let (placement, side, castling, en_passant) = match fields.as_slice() {
        [] => return Err(FenError::Empty),
        [p, s, c, e, ..] => (*p, *s, *c, *e),
        _ => return Err(missing(fields.len())),
    };
    if fields.len() > 6 {
        return Err(FenError::TooManyFields {
            input: input.to_string(),
            found: fields.len(),
        });
    }

    // Each field's syntax first, so that a typo is named before any rule about the position.
    let mut builder = read_placement(placement)?;
    builder.side_to_move = match side {
        "w" => Color::White,
        "b" => Color::Black,
        _ => {
            return Err(FenError::SideToMove {
                field: side.to_string(),
            });
        }
    };
    if castling != "-"
        && let Some(letter) = castling
            .chars()
            .find(|c| !matches!(c.to_ascii_lowercase(), 'a'..='h' | 'k' | 'q'))
    {
        return Err(FenError::CastlingLetter {
            field: castling.to_string(),
            letter,
        });
    }
    let en_passant_square = match en_passant {
        "-" => None,
        _ => Some(
            read_square(en_passant).ok_or_else(|| FenError::EnPassantSquare {
                field: en_passant.to_string(),
            })?,
        ),
    };
    builder.halfmove_clock = match fields.get(4) {
        None => 0,
        Some(field) => read_number(field)
            .ok_or_else(|| FenError::HalfmoveClock {
                field: field.to_string(),
            })?
            .min(100) as u8,
    };
    builder.fullmove_number = match fields.get(5) {
        None => 1,
        Some(field) => read_number(field)
            .filter(|&n| n <= u64::from(u16::MAX))
            .ok_or_else(|| FenError::MoveNumber {
                field: field.to_string(),
            })?
            .max(1) as u16,
    };

    let men = Men::new(builder);
    check_men(&men, input)?;
    let rights = read_castling(&men, castling)?;
    let en_passant = en_passant_square
        .map(|square| check_en_passant(&men, en_passant, square))
        .transpose()?;

    let mut builder = men.builder;
    builder.castle_rights = rights;
    builder.en_passant = en_passant;
    builder.build().map_err(|e| FenError::Rejected {
        input: input.to_string(),
        reason: e.to_string(),
    })
}

/// A whole number written as digits only; very long ones saturate (the callers cap them).
fn read_number(field: &str) -> Option<u64> {
    if field.is_empty() || !field.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(field.parse::<u64>().unwrap_or(u64::MAX))
}

/// A square written as a file letter and a rank digit, `e3`.
fn read_square(text: &str) -> Option<Square> {
    match text.as_bytes() {
        [file @ b'a'..=b'h', rank @ b'1'..=b'8'] => Some(Square::new(
            File::index((file - b'a') as usize),
            Rank::index((rank - b'1') as usize),
        )),
        _ => None,
    }
}

/// The placement field into a builder (side to move, rights and clocks still to be set).
fn read_placement(placement: &str) -> Result<BoardBuilder, FenError> {
    let rows: Vec<&str> = placement.split('/').collect();
    if rows.len() != 8 {
        return Err(FenError::RankCount {
            placement: placement.to_string(),
            found: rows.len(),
        });
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
                        .ok_or_else(|| FenError::PieceLetter {
                            placement: placement.to_string(),
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
            return Err(FenError::RankWidth {
                placement: placement.to_string(),
                rank: rank_number,
                files,
            });
        }
    }
    Ok(builder)
}

/// The rules about the men themselves: one king each, no pawn on the edge ranks, at most 16 men
/// and 8 pawns a side, no more pieces than promotions explain, the kings apart, the side not to move not in check, at most two checkers.
fn check_men(men: &Men, input: &str) -> Result<(), FenError> {
    let input = || input.to_string();
    for color in Color::ALL {
        let count = men.colored(color, Piece::King).len() as usize;
        if count != 1 {
            return Err(FenError::KingCount {
                input: input(),
                color,
                count,
            });
        }
    }
    for color in Color::ALL {
        let edge = Rank::First.bitboard() | Rank::Eighth.bitboard();
        if let Some(square) = (men.colored(color, Piece::Pawn) & edge).next_square() {
            return Err(FenError::PawnOnEdgeRank {
                input: input(),
                color,
                square,
            });
        }
        let count = men.colors[color as usize].len() as usize;
        if count > 16 {
            return Err(FenError::TooManyMen {
                input: input(),
                color,
                count,
            });
        }
        let count = men.colored(color, Piece::Pawn).len() as usize;
        if count > 8 {
            return Err(FenError::TooManyPawns {
                input: input(),
                color,
                count,
            });
        }
    }
    for color in Color::ALL {
        let pawns = men.colored(color, Piece::Pawn).len() as usize;
        let extra = men.beyond_start(color);
        let promoted: usize = extra.iter().map(|(_, n)| n).sum();
        if pawns + promoted > 8 {
            return Err(FenError::TooMuchMaterial {
                input: input(),
                color,
                pawns,
                promoted,
                extra: words::join(
                    &extra
                        .iter()
                        .filter(|(_, n)| *n > 0)
                        .map(|(what, n)| format!("{n} {what}"))
                        .collect::<Vec<_>>(),
                ),
            });
        }
    }
    let (white, black) = (men.king(Color::White), men.king(Color::Black));
    if get_king_moves(white).has(black) {
        return Err(FenError::KingsTouch {
            input: input(),
            white,
            black,
        });
    }
    let to_move = men.builder.side_to_move;
    let checkers = men.checkers(!to_move);
    if !checkers.is_empty() {
        return Err(FenError::OppositeCheck {
            input: input(),
            in_check: !to_move,
            checkers: men.describe(checkers),
        });
    }
    let checkers = men.checkers(to_move);
    if checkers.len() > 2 {
        return Err(FenError::TooManyCheckers {
            input: input(),
            in_check: to_move,
            count: checkers.len() as usize,
            checkers: men.describe(checkers),
        });
    }
    // A double check is one man moving to give check and uncovering a second along a line
    // (shakmaty checks the same).
    if checkers.len() == 2 {
        let king = men.king(to_move);
        let steppers = men.pieces[Piece::Pawn as usize] | men.pieces[Piece::Knight as usize];
        let mut pair = checkers.iter();
        let (a, b) = (pair.next(), pair.next());
        let why = if (checkers & steppers).len() == 2 {
            Some("a pawn or a knight gives check only by moving, and one move moves one man")
        } else if let (Some(a), Some(b)) = (a, b)
            && get_line_rays(a, king).has(b)
        {
            Some("two men checking along one line through the king cannot be uncovered by one move")
        } else {
            None
        };
        if let Some(why) = why {
            return Err(FenError::ImpossibleCheck {
                input: input(),
                in_check: to_move,
                checkers: men.describe(checkers),
                why,
            });
        }
    }
    Ok(())
}

/// The castling field into each colour's rights, as python-chess reads it: `K`/`Q` the
/// outermost rook on that side of the king, a file letter that file's rook. Every letter must
/// name a rook of its colour on its first rank with the king on that rank too; each colour has
/// at most one right per side. The letters' syntax was checked before.
fn read_castling(men: &Men, field: &str) -> Result<[CastleRights; Color::NUM], FenError> {
    let mut rights = [CastleRights::EMPTY; Color::NUM];
    if field == "-" {
        return Ok(rights);
    }
    let mut letters: [[Option<char>; 2]; Color::NUM] = [[None; 2]; Color::NUM];
    for letter in field.chars() {
        let color = if letter.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let back_rank = Rank::First.relative_to(color);
        let king = men.king(color);
        if king.rank() != back_rank {
            return Err(FenError::CastlingKingAway {
                field: field.to_string(),
                letter,
                color,
                king,
            });
        }
        let rooks = men.colored(color, Piece::Rook) & back_rank.bitboard();
        let outermost = |side: CastlingSide| {
            let on_side = rooks
                .iter()
                .filter(|rook| CastlingSide::of(king.file(), rook.file()) == side);
            match side {
                CastlingSide::A => on_side.min(),
                CastlingSide::H => on_side.max(),
            }
        };
        let (side, rook) = match letter.to_ascii_lowercase() {
            'k' | 'q' => {
                let side = if letter.eq_ignore_ascii_case(&'k') {
                    CastlingSide::H
                } else {
                    CastlingSide::A
                };
                let rook = outermost(side).ok_or_else(|| FenError::CastlingNoRookOnSide {
                    field: field.to_string(),
                    letter,
                    color,
                    side,
                    king,
                })?;
                (side, rook)
            }
            file => {
                let file = File::try_from(file).expect("castling letters were checked before");
                let square = Square::new(file, back_rank);
                if !rooks.has(square) {
                    return Err(FenError::CastlingNoRook {
                        field: field.to_string(),
                        letter,
                        color,
                        square,
                    });
                }
                (CastlingSide::of(king.file(), file), square)
            }
        };
        let slot = &mut letters[color as usize][side as usize];
        if let Some(first) = *slot {
            return Err(FenError::CastlingTwice {
                field: field.to_string(),
                first,
                second: letter,
                color,
                side,
            });
        }
        *slot = Some(letter);
        let right = &mut rights[color as usize];
        match side {
            CastlingSide::A => right.long = Some(rook.file()),
            CastlingSide::H => right.short = Some(rook.file()),
        }
    }
    Ok(rights)
}

/// The en passant square's rules: on the rank the opponent's pawn just passed over, that pawn in
/// front of it, the square and the one behind it empty, and any check one the double step can
/// have given (by the pawn, or uncovered along a line through the square it left).
fn check_en_passant(men: &Men, field: &str, square: Square) -> Result<Square, FenError> {
    let to_move = men.builder.side_to_move;
    let mover = !to_move;
    let expected = Rank::Third.relative_to(mover);
    if square.rank() != expected {
        return Err(FenError::EnPassantRank {
            field: field.to_string(),
            to_move,
            expected,
        });
    }
    let from = Square::new(square.file(), Rank::Second.relative_to(mover));
    let to = Square::new(square.file(), Rank::Fourth.relative_to(mover));
    if !men.colored(mover, Piece::Pawn).has(to) {
        return Err(FenError::EnPassantNoPawn {
            field: field.to_string(),
            mover,
            from,
            to,
        });
    }
    if let Some(occupied) = [from, square].into_iter().find(|s| men.occupied().has(*s)) {
        return Err(FenError::EnPassantNotEmpty {
            field: field.to_string(),
            mover,
            from,
            to,
            occupied,
        });
    }
    // Undo the double step: it was the mover's turn then, so the king of the side to move was
    // not in check. So the check now is the pawn's, or one the pawn uncovered by leaving its
    // square, and never two (shakmaty's rule; cozy-chess checks a weaker one).
    let checkers = men.checkers(to_move);
    let mut before = men.builder.clone();
    *before.square_mut(to) = None;
    *before.square_mut(from) = Some((Piece::Pawn, mover));
    let king = men.king(to_move);
    let impossible = checkers.len() > 1
        || (checkers.len() == 1
            && !checkers.has(to)
            && !Men::new(before).attackers(king, mover).is_empty());
    if impossible {
        return Err(FenError::EnPassantImpossibleCheck {
            field: field.to_string(),
            mover,
            from,
            to,
            checker: men.describe(checkers),
        });
    }
    Ok(square)
}

/// Writes `board` as a FEN, the castling field in `notation`. The en passant square is written
/// whenever the board records one (after every double step, as the PGN standard and cozy-chess
/// do), so [`read_fen`] gives back the same board.
///
/// ```
/// use castle960::notation::fen::{read_fen, to_fen, CastlingNotation};
/// use cozy_chess::Board;
///
/// let board = Board::chess960_startpos(0); // BBQNNRKR
/// assert_eq!(to_fen(&board, CastlingNotation::Shredder),
///            "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
/// assert_eq!(to_fen(&board, CastlingNotation::XFen),
///            "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
/// // An inner rook gets its file letter in X-FEN: White's a-side castling rook is on f1 and
/// // another white rook (a promoted pawn) stands on a1.
/// let board = read_fen("bbqnnrkr/pppppppp/8/8/8/8/1PPPPPPP/RBQNNRKR w HFhf - 0 1").unwrap();
/// assert!(to_fen(&board, CastlingNotation::XFen).contains(" KFkq "));
/// ```
pub fn to_fen(board: &Board, notation: CastlingNotation) -> String {
    let mut out = String::with_capacity(90);
    for rank in Rank::ALL.into_iter().rev() {
        let mut empty = 0;
        for file in File::ALL {
            let square = Square::new(file, rank);
            match (board.piece_on(square), board.color_on(square)) {
                (Some(piece), Some(color)) => {
                    if empty > 0 {
                        out.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    let letter = char::from(piece);
                    out.push(match color {
                        Color::White => letter.to_ascii_uppercase(),
                        Color::Black => letter,
                    });
                }
                _ => empty += 1,
            }
        }
        if empty > 0 {
            out.push(char::from(b'0' + empty));
        }
        if rank != Rank::First {
            out.push('/');
        }
    }
    out.push_str(match board.side_to_move() {
        Color::White => " w ",
        Color::Black => " b ",
    });
    out.push_str(&castling_field(board, notation));
    match board.en_passant() {
        Some(file) => {
            let rank = Rank::Third.relative_to(!board.side_to_move());
            out.push_str(&format!(" {}", Square::new(file, rank)));
        }
        None => out.push_str(" -"),
    }
    out.push_str(&format!(
        " {} {}",
        board.halfmove_clock(),
        board.fullmove_number()
    ));
    out
}

/// The castling field: White's letters then Black's, each colour's from the h-file down
/// (h-side before a-side), as python-chess orders them.
fn castling_field(board: &Board, notation: CastlingNotation) -> String {
    let mut out = String::new();
    for color in Color::ALL {
        let rights = board.castle_rights(color);
        let back_rank = Rank::First.relative_to(color);
        let rooks = board.colored_pieces(color, Piece::Rook) & back_rank.bitboard();
        for (side, file) in [
            (CastlingSide::H, rights.short),
            (CastlingSide::A, rights.long),
        ] {
            let Some(file) = file else { continue };
            let outermost = rooks.iter().all(|other| match side {
                CastlingSide::A => other.file() >= file,
                CastlingSide::H => other.file() <= file,
            });
            let letter = match (notation, outermost, side) {
                (CastlingNotation::XFen, true, CastlingSide::H) => 'k',
                (CastlingNotation::XFen, true, CastlingSide::A) => 'q',
                _ => char::from(file),
            };
            out.push(match color {
                Color::White => letter.to_ascii_uppercase(),
                Color::Black => letter,
            });
        }
    }
    if out.is_empty() {
        out.push('-');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(fen: &str) -> FenError {
        let e = read_fen(fen).expect_err(fen);
        assert!(!e.to_string().contains('\n'), "{e}");
        e
    }

    /// Castling fields as python-chess 1.11.2 writes them (`castling_xfen()` and
    /// `castling_shredder_fen()` of `chess.Board(fen, chess960=True)`), for FENs read from the
    /// first column: outermost rooks as K/Q, inner rooks by file, in both colours.
    const PYTHON_CHESS: [(&str, &str, &str); 13] = [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "KQkq",
            "HAha",
        ),
        (
            "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
            "KQkq",
            "HFhf",
        ),
        (
            "bbqnnrkr/pppppppp/8/8/8/8/1PPPPPPP/RBQNNRKR w HFhf - 0 1",
            "KFkq",
            "HFhf",
        ),
        ("r3k1rr/8/8/8/8/8/8/RR2K1R1 w GBga - 0 1", "KBgq", "GBga"),
        ("1r1k3r/8/8/8/8/8/8/1R1K2RR w Kb - 0 1", "Kq", "Hb"),
        ("rk2r3/8/8/8/8/8/8/RK2R3 w EAea - 0 1", "KQkq", "EAea"),
        ("2r1kr2/8/8/8/8/8/8/R1R1K1RR w GCfc - 0 1", "GCkq", "GCfc"),
        ("4k3/8/8/8/8/8/8/RR2K2R w KB - 0 1", "KB", "HB"),
        ("4k3/8/8/8/8/8/8/RR2K2R w KQ - 0 1", "KQ", "HA"),
        ("r3k2r/8/8/8/8/8/8/R3K2R w Qk - 0 1", "Qk", "Ah"),
        ("rr2k1r1/8/8/8/8/8/8/4K3 b qk - 0 1", "kq", "ga"),
        ("1rkr4/8/8/8/8/8/8/1RKR4 w DBdb - 0 1", "KQkq", "DBdb"),
        ("rkr5/8/8/8/8/8/8/RKR5 w KQkq - 0 1", "KQkq", "CAca"),
    ];

    #[test]
    fn castling_fields_are_read_and_written_as_python_chess_does() {
        for (fen, xfen, shredder) in PYTHON_CHESS {
            let board = read_fen(fen).unwrap();
            let field = |notation| {
                to_fen(&board, notation)
                    .split(' ')
                    .nth(2)
                    .unwrap()
                    .to_string()
            };
            assert_eq!(field(CastlingNotation::XFen), xfen, "{fen}");
            assert_eq!(field(CastlingNotation::Shredder), shredder, "{fen}");
            for written in [CastlingNotation::XFen, CastlingNotation::Shredder] {
                assert_eq!(read_fen(&to_fen(&board, written)).unwrap(), board, "{fen}");
            }
        }
    }

    #[test]
    fn standard_fens_read_as_cozy_chess_reads_them() {
        let fens = [
            EXAMPLE_FEN,
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ];
        for fen in fens {
            assert_eq!(
                read_fen(fen).unwrap(),
                fen.parse::<Board>().unwrap(),
                "{fen}"
            );
            assert_eq!(to_fen(&read_fen(fen).unwrap(), CastlingNotation::XFen), fen);
        }
    }

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
    fn en_passant_square_is_kept_as_given() {
        // After 1. e4 no black pawn can take en passant; the square is still recorded.
        let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
        let board = read_fen(fen).unwrap();
        let mut played = Board::default();
        played.play("e2e4".parse().unwrap());
        assert_eq!(board, played);
        assert_eq!(to_fen(&board, CastlingNotation::XFen), fen);
    }

    #[test]
    fn field_errors_name_the_field() {
        assert_eq!(err("  "), FenError::Empty);
        assert!(matches!(
            err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w"),
            FenError::MissingFields { found: 2, .. }
        ));
        assert!(matches!(
            err("4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra"),
            FenError::TooManyFields { found: 7, .. }
        ));
        assert!(matches!(
            err("4k3/8/8/8/8/8/4K3 w - - 0 1"),
            FenError::RankCount { found: 7, .. }
        ));
        assert!(matches!(
            err("4k3/8/8/8/8/8/8/4K4 w - - 0 1"),
            FenError::RankWidth {
                rank: 1,
                files: 9,
                ..
            }
        ));
        assert!(matches!(
            err("4k3/8/8/8/8/8/8/4K2 w - - 0 1"),
            FenError::RankWidth {
                rank: 1,
                files: 7,
                ..
            }
        ));
        assert!(matches!(
            err("4k3/8/8/8/8/8/8/4K2X w - - 0 1"),
            FenError::PieceLetter {
                rank: 1,
                letter: 'X',
                ..
            }
        ));
        assert!(matches!(
            err("4k3/8/8/8/8/8/8/4K2R0 w - - 0 1"),
            FenError::PieceLetter { letter: '0', .. }
        ));
        assert!(matches!(
            err("4k3/8/8/8/8/8/8/4K3 white - - 0 1"),
            FenError::SideToMove { .. }
        ));
        assert!(matches!(
            err("4k3/8/8/8/8/8/8/4K2R w K+ - 0 1"),
            FenError::CastlingLetter { letter: '+', .. }
        ));
        assert!(matches!(
            err("4k3/8/8/8/8/8/8/4K3 w - e9 0 1"),
            FenError::EnPassantSquare { .. }
        ));
        assert!(matches!(
            err("4k3/8/8/8/8/8/8/4K3 w - - -1 1"),
            FenError::HalfmoveClock { .. }
        ));
        assert!(matches!(
            err("4k3/8/8/8/8/8/8/4K3 w - - 0 70000"),
            FenError::MoveNumber { .. }
        ));
        assert!(matches!(
            err("4k3/8/8/8/8/8/8/4K3 w - - 0 x"),
            FenError::MoveNumber { .. }
        ));
    }

    #[test]
    fn castling_errors_name_the_rook_and_the_king() {
        let e = err("4k3/8/8/8/8/8/4K3/R6R w KQ - 0 1");
        assert!(matches!(
            e,
            FenError::CastlingKingAway {
                color: Color::White,
                king: Square::E2,
                ..
            }
        ));
        let e = err("r3k3/8/8/8/8/8/8/4K3 b h - 0 1");
        assert!(matches!(
            e,
            FenError::CastlingNoRook {
                color: Color::Black,
                square: Square::H8,
                ..
            }
        ));
        assert!(e.to_string().contains("no black rook there"), "{e}");
        let e = err("4k3/8/8/8/8/8/8/R3K3 w K - 0 1");
        assert!(matches!(
            e,
            FenError::CastlingNoRookOnSide {
                side: CastlingSide::H,
                ..
            }
        ));
        // A rook that has left the first rank does not count.
        let e = err("4k3/8/8/8/8/8/7R/4K3 w K - 0 1");
        assert!(matches!(e, FenError::CastlingNoRookOnSide { .. }));
        let e = err("4k3/8/8/8/8/8/8/4K1RR w KG - 0 1");
        assert!(matches!(
            e,
            FenError::CastlingTwice {
                first: 'K',
                second: 'G',
                side: CastlingSide::H,
                ..
            }
        ));
        let e = err("4k3/8/8/8/8/8/8/4K2R w HK - 0 1");
        assert!(matches!(e, FenError::CastlingTwice { .. }));
    }

    #[test]
    fn en_passant_errors_name_the_double_step() {
        let e = err("4k3/8/8/3pP3/8/8/8/4K3 w - d3 0 1");
        assert!(matches!(
            e,
            FenError::EnPassantRank {
                expected: Rank::Sixth,
                ..
            }
        ));
        let e = err("4k3/8/8/4P3/8/8/8/4K3 w - d6 0 1");
        assert!(matches!(
            e,
            FenError::EnPassantNoPawn {
                from: Square::D7,
                to: Square::D5,
                ..
            }
        ));
        let e = err("4k3/3n4/8/3pP3/8/8/8/4K3 w - d6 0 1");
        assert!(matches!(
            e,
            FenError::EnPassantNotEmpty {
                occupied: Square::D7,
                ..
            }
        ));
        let e = err("4k3/8/3n4/3pP3/8/8/8/4K3 w - d6 0 1");
        assert!(matches!(
            e,
            FenError::EnPassantNotEmpty {
                occupied: Square::D6,
                ..
            }
        ));
        // The knight's check cannot come from a pawn's double step (cozy-chess's own example).
        let e = err("4k3/8/5N2/8/2pP4/8/8/4K3 b - d3 0 1");
        assert!(
            e.to_string().ends_with(
                "it says White's last move was the pawn from d2 to d4, which cannot have given the check from the white knight on f6"
            ),
            "{e}"
        );
        let e = err("8/8/8/3pP3/8/8/1b6/K3k3 w - d6 0 1");
        assert!(
            matches!(
                e,
                FenError::EnPassantImpossibleCheck {
                    from: Square::D7,
                    to: Square::D5,
                    ..
                }
            ),
            "{e}"
        );
        // A check uncovered by the double step is possible: the bishop on c8 sees the king on
        // f5 through d7, the square the pawn left. With the king on e6 it is not: the pawn on
        // d7 would have been checking it.
        read_fen("2b1k3/8/8/3pPK2/8/8/8/8 w - d6 0 1").unwrap();
        assert!(matches!(
            err("2b1k3/8/4K3/3pP3/8/8/8/8 w - d6 0 1"),
            FenError::EnPassantImpossibleCheck { .. }
        ));
        read_fen("7k/8/8/K2pP2r/8/8/8/8 w - d6 0 1").unwrap();
        read_fen("k7/8/8/3pP3/8/8/8/3RK3 b - - 0 1").unwrap();
    }

    #[test]
    fn position_errors_name_the_rule() {
        assert!(matches!(
            err("8/8/8/8/8/8/8/4K3 w - - 0 1"),
            FenError::KingCount {
                color: Color::Black,
                count: 0,
                ..
            }
        ));
        assert!(matches!(
            err("4k3/8/8/8/8/8/8/3KK3 w - - 0 1"),
            FenError::KingCount {
                color: Color::White,
                count: 2,
                ..
            }
        ));
        assert!(matches!(
            err("4k2P/8/8/8/8/8/8/4K3 w - - 0 1"),
            FenError::PawnOnEdgeRank {
                square: Square::H8,
                ..
            }
        ));
        assert!(matches!(
            err("4k3/8/8/8/8/8/8/p3K3 w - - 0 1"),
            FenError::PawnOnEdgeRank {
                color: Color::Black,
                square: Square::A1,
                ..
            }
        ));
        assert!(matches!(
            err("4k3/8/8/8/NNNNNNNN/NNNNNNNN/8/4K3 w - - 0 1"),
            FenError::TooManyMen { count: 17, .. }
        ));
        assert!(matches!(
            err("4k3/8/8/8/P7/PPPPPPPP/8/4K3 w - - 0 1"),
            FenError::TooManyPawns { count: 9, .. }
        ));
        let e = err("4k3/8/8/8/8/8/PPPPPPPP/RRR1K3 w - - 0 1");
        assert_eq!(
            e.to_string(),
            "FEN \"4k3/8/8/8/8/8/PPPPPPPP/RRR1K3 w - - 0 1\": White has 8 pawns and 1 piece(s) beyond the starting set (1 rook(s)): each such piece is a promoted pawn, and a side has only 8 pawns"
        );
        // Two bishops on light squares: one of them is a promoted pawn.
        assert!(matches!(
            err("4k3/8/8/8/8/8/pppppppp/1b1b3K w - - 0 1"),
            FenError::TooMuchMaterial {
                color: Color::Black,
                promoted: 1,
                ..
            }
        ));
        read_fen("4k3/8/8/8/8/8/ppppppp1/1b1b3K w - - 0 1").unwrap();
        assert!(matches!(
            err("8/8/8/3k4/3K4/8/8/8 w - - 0 1"),
            FenError::KingsTouch {
                white: Square::D4,
                black: Square::D5,
                ..
            }
        ));
        let e = err("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1");
        assert!(
            e.to_string()
                .contains("Black is in check from the white rook on e1, but it is White's move"),
            "{e}"
        );
        let e = err("4k3/8/3N4/1B6/8/8/8/4R1K1 b - - 0 1");
        assert!(
            matches!(e, FenError::TooManyCheckers { count: 3, .. }),
            "{e}"
        );
        // Two checkers are possible (a discovered check), but not two knights or pawns, nor two
        // men on one line through the king.
        read_fen("4k3/8/3N4/8/8/8/8/4R1K1 b - - 0 1").unwrap();
        for fen in [
            "4k3/8/3N1N2/8/8/8/8/4K3 b - - 0 1",
            "4k3/3P4/5N2/8/8/8/8/4K3 b - - 0 1",
            "4R3/8/8/4k3/8/8/8/K3R3 b - - 0 1",
        ] {
            let e = err(fen);
            assert!(matches!(e, FenError::ImpossibleCheck { .. }), "{fen}: {e}");
        }
        // A pawn taking on d5 uncovers the rook: a double check, unless the en passant square
        // says the pawn came from d7.
        read_fen("4r2k/8/8/3p4/4K3/8/8/8 w - - 0 1").unwrap();
        assert!(matches!(
            err("4r2k/8/8/3p4/4K3/8/8/8 w - d6 0 1"),
            FenError::EnPassantImpossibleCheck { .. }
        ));
    }
}
