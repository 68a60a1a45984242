//! FEN on ten files: reading into a legal [`Board`], writing back.
//!
//! The placement has eight ranks of ten files; a run of empty squares is a number, and `10` is
//! a whole empty rank (consecutive digits are one number, as Fairy-Stockfish reads them). The
//! men's letters are the variant's ([`Variant::letter`]: `A` archbishop and `C` chancellor, or
//! Janus Chess's `J`). The castling field is read in Shredder form (file letters `A`-`J`,
//! upper case for White: `JAja`) and in X-FEN form (`K`/`Q` for the outermost rook on that side
//! of the king), mixed as the 8x8 reader allows; it is written in either
//! ([`CastlingNotation`]). Clocks may be left out (four fields: 0 and 1).
//!
//! A position is refused, with the rule it breaks named ([`TenFenError`]), when it is not one
//! a game can stand in as far as the 8x8 reader checks: not exactly one king of each colour, a
//! pawn on the first or last rank, the side not to move in check, a castling right whose king
//! is not on its back rank or whose rook is not on the named file of that rank, two rights on
//! one side, an en passant square no double step can have left. Unlike the 8x8 reader it does
//! not count promotions against missing pawns.

use super::board::{Board, back_rank};
use super::piece::Piece;
use super::square::{FILES, RANKS, Square, file_letter, squares};
use super::variant::Variant;
use crate::chess::{ByCastlingSide, ByColor, CastlingSide};
use crate::error::quote;
pub use crate::notation::fen::CastlingNotation;
use cozy_chess::Color;
use std::fmt::Write;
use thiserror::Error;

/// A ten-file FEN every message shows as the expected form.
pub const EXAMPLE: &str = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w JAja - 0 1";

/// Why a ten-file FEN was refused: one variant per rule, each message one line quoting the
/// input (escaped and cut by [`quote`]).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TenFenError {
    /// Not four to six fields.
    #[error("FEN {} has {found} field(s): a FEN has the placement, the side to move, the castling field and the en passant square, then optionally the two clocks, like \"{EXAMPLE}\"", quote(.input))]
    Fields {
        /// The FEN as given.
        input: String,
        /// How many whitespace-separated fields it has.
        found: usize,
    },
    /// Not eight ranks.
    #[error("piece placement {} has {found} rank(s): it needs 8, from rank 8 down to rank 1, separated by '/'", quote(.placement))]
    RankCount {
        /// The placement field.
        placement: String,
        /// How many ranks it has.
        found: usize,
    },
    /// A rank that does not cover ten files.
    #[error("piece placement {}: rank {rank} covers {files} files: each rank of this board covers exactly 10, a number for a run of empty squares (10 for an empty rank)", quote(.placement))]
    RankWidth {
        /// The placement field.
        placement: String,
        /// The rank, 1 to 8.
        rank: u8,
        /// How many files it covers (at least).
        files: usize,
    },
    /// A character that is no piece of the variant, nor a number of empty squares.
    #[error("piece placement {}: {letter:?} is no piece of {variant}: use {letters} (upper case White, lower case Black) and numbers for empty squares", quote(.placement))]
    Letter {
        /// The placement field.
        placement: String,
        /// The character.
        letter: char,
        /// The variant's name.
        variant: &'static str,
        /// The variant's letters.
        letters: String,
    },
    /// Not `w` or `b`.
    #[error("side to move {}: write w (White) or b (Black)", quote(.0))]
    Side(String),
    /// A castling letter that is none of `KQkq`, `A`-`J`, `a`-`j` or a lone `-`.
    #[error("castling field {}: {letter:?} is not a castling right: write file letters A-J (White) and a-j (Black) of the castling rooks, K/Q/k/q for the outermost rook on a side, or - for none", quote(.field))]
    CastlingLetter {
        /// The castling field.
        field: String,
        /// The character.
        letter: char,
    },
    /// A castling right the position cannot have.
    #[error("castling field {}: {letter:?} names no castling: {reason}", quote(.field))]
    CastlingRight {
        /// The castling field.
        field: String,
        /// The right's letter.
        letter: char,
        /// Why, in words.
        reason: &'static str,
    },
    /// An en passant field that no double step can have left.
    #[error("en passant square {}: {reason}", quote(.field))]
    EnPassant {
        /// The en passant field.
        field: String,
        /// Why, in words.
        reason: &'static str,
    },
    /// A clock that is no whole number.
    #[error("{which} {}: write a whole number", quote(.field))]
    Clock {
        /// The field.
        field: String,
        /// "halfmove clock" or "move number".
        which: &'static str,
    },
    /// Not exactly one king of a colour.
    #[error("FEN {} has {count} {color} king(s): a position has exactly one king of each colour", quote(.input))]
    Kings {
        /// The FEN.
        input: String,
        /// The colour, in words.
        color: &'static str,
        /// How many it has.
        count: u32,
    },
    /// A pawn on the first or last rank.
    #[error("FEN {} has a pawn on {square}: pawns never stand on the first or last rank", quote(.input))]
    PawnOnBackRank {
        /// The FEN.
        input: String,
        /// Where.
        square: Square,
    },
    /// The side that has just moved is in check.
    #[error("FEN {}: the side not to move is in check, which no legal move leaves", quote(.input))]
    OpponentInCheck {
        /// The FEN.
        input: String,
    },
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

impl Board {
    /// Reads a ten-file FEN of `variant` (see the module documentation for what is accepted).
    ///
    /// ```
    /// use castle960::ten::{Board, Variant};
    /// let b = Board::from_fen(Variant::CAPARANDOM.start_fen(), Variant::CAPARANDOM).unwrap();
    /// assert_eq!(b.to_string(), Variant::CAPARANDOM.start_fen());
    /// let err = Board::from_fen("8/8 w - -", Variant::CAPARANDOM).unwrap_err();
    /// assert!(err.to_string().starts_with("piece placement \"8/8\" has 2 rank(s)"));
    /// ```
    pub fn from_fen(fen: &str, variant: Variant) -> Result<Board, TenFenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if !(4..=6).contains(&fields.len()) {
            return Err(TenFenError::Fields {
                input: fen.to_string(),
                found: fields.len(),
            });
        }
        let mut board = Board {
            variant,
            pieces: [0; 8],
            colors: ByColor::default(),
            side: Color::White,
            rights: ByColor::default(),
            en_passant: None,
            halfmove: 0,
            fullmove: 1,
        };
        read_placement(&mut board, fields[0])?;
        board.side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(TenFenError::Side(other.to_string())),
        };
        for color in [Color::White, Color::Black] {
            let count = (board.pieces(Piece::King) & board.colored(color)).count_ones();
            if count != 1 {
                return Err(TenFenError::Kings {
                    input: fen.to_string(),
                    color: color_name(color),
                    count,
                });
            }
        }
        let back = super::square::rank_bits(0) | super::square::rank_bits(RANKS - 1);
        if let Some(square) = squares(board.pieces(Piece::Pawn) & back).next() {
            return Err(TenFenError::PawnOnBackRank {
                input: fen.to_string(),
                square,
            });
        }
        read_castling(&mut board, fields[2])?;
        read_en_passant(&mut board, fields[3])?;
        let clock = |i: usize, which| match fields.get(i) {
            None => Ok(None),
            Some(f) => f.parse::<u32>().map(Some).map_err(|_| TenFenError::Clock {
                field: f.to_string(),
                which,
            }),
        };
        board.halfmove = clock(4, "halfmove clock")?.unwrap_or(0);
        board.fullmove = clock(5, "move number")?.unwrap_or(1).max(1);
        if board.in_check(!board.side) {
            return Err(TenFenError::OpponentInCheck {
                input: fen.to_string(),
            });
        }
        Ok(board)
    }

    /// The FEN, castling field in `notation`.
    pub fn fen(&self, notation: CastlingNotation) -> String {
        let mut out = String::new();
        for rank in (0..RANKS).rev() {
            let mut empty = 0;
            for file in 0..FILES {
                let square = Square::new(file, rank).expect("on the board");
                match self.man_on(square) {
                    None => empty += 1,
                    Some((color, piece)) => {
                        if empty > 0 {
                            write!(out, "{empty}").expect("a String takes any text");
                            empty = 0;
                        }
                        let letter = self.variant.letter(piece);
                        out.push(match color {
                            Color::White => letter,
                            Color::Black => letter.to_ascii_lowercase(),
                        });
                    }
                }
            }
            if empty > 0 {
                write!(out, "{empty}").expect("a String takes any text");
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push_str(if self.side == Color::White {
            " w "
        } else {
            " b "
        });
        let before = out.len();
        for color in [Color::White, Color::Black] {
            for side in [CastlingSide::H, CastlingSide::A] {
                if let Some(file) = self.rights[color][side] {
                    let letter = match notation {
                        CastlingNotation::XFen if self.outermost(color, side, file) => {
                            if side == CastlingSide::H { 'K' } else { 'Q' }
                        }
                        _ => file_letter(file).to_ascii_uppercase(),
                    };
                    out.push(match color {
                        Color::White => letter,
                        Color::Black => letter.to_ascii_lowercase(),
                    });
                }
            }
        }
        if out.len() == before {
            out.push('-');
        }
        match self.en_passant {
            Some(s) => write!(out, " {s}"),
            None => write!(out, " -"),
        }
        .expect("a String takes any text");
        write!(out, " {} {}", self.halfmove, self.fullmove).expect("a String takes any text");
        out
    }

    /// Whether the rook on `file` is `color`'s outermost rook on `side` of its king.
    fn outermost(&self, color: Color, side: CastlingSide, file: u8) -> bool {
        self.outermost_rook(color, side) == Some(file)
    }

    /// The file of `color`'s outermost rook on its back rank on `side` of its king.
    fn outermost_rook(&self, color: Color, side: CastlingSide) -> Option<u8> {
        let king = self.king(color).file();
        let rooks = self.pieces(Piece::Rook) & self.colored(color);
        let rank = back_rank(color);
        let mut files = (0..FILES).filter(|&f| {
            Square::new(f, rank).is_some_and(|s| rooks & s.bit() != 0)
                && (f < king) == (side == CastlingSide::A)
                && f != king
        });
        match side {
            CastlingSide::A => files.next(),
            CastlingSide::H => files.next_back(),
        }
    }
}

/// Shredder-FEN (`JAja`).
impl std::fmt::Display for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.fen(CastlingNotation::Shredder))
    }
}

fn read_placement(board: &mut Board, placement: &str) -> Result<(), TenFenError> {
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != RANKS as usize {
        return Err(TenFenError::RankCount {
            placement: placement.to_string(),
            found: ranks.len(),
        });
    }
    let variant = board.variant;
    for (i, text) in ranks.iter().enumerate() {
        let rank = RANKS - 1 - i as u8;
        let width = |files| TenFenError::RankWidth {
            placement: placement.to_string(),
            rank: rank + 1,
            files,
        };
        let mut file = 0usize;
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            if let Some(digit) = c.to_digit(10) {
                let mut run = digit as usize;
                while let Some(more) = chars.peek().and_then(|d| d.to_digit(10)) {
                    chars.next();
                    run = (run * 10 + more as usize).min(1000);
                }
                if run == 0 {
                    return Err(width(file));
                }
                file += run;
                continue;
            }
            let piece = variant.piece(c).filter(|_| c.is_ascii_alphabetic());
            let Some(piece) = piece else {
                return Err(TenFenError::Letter {
                    placement: placement.to_string(),
                    letter: c,
                    variant: variant.name(),
                    letters: Piece::ALL
                        .into_iter()
                        .filter(|&p| variant.has(p))
                        .map(|p| variant.letter(p))
                        .collect(),
                });
            };
            let square = u8::try_from(file)
                .ok()
                .and_then(|f| Square::new(f, rank))
                .ok_or_else(|| width(file + 1))?;
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            board.pieces[piece.index()] |= square.bit();
            board.colors[color] |= square.bit();
            file += 1;
        }
        if file != FILES as usize {
            return Err(width(file));
        }
    }
    Ok(())
}

fn read_castling(board: &mut Board, field: &str) -> Result<(), TenFenError> {
    if field == "-" {
        return Ok(());
    }
    let mut rights: ByColor<ByCastlingSide<Option<u8>>> = ByColor::default();
    for letter in field.chars() {
        let refuse = |reason| TenFenError::CastlingRight {
            field: field.to_string(),
            letter,
            reason,
        };
        let color = if letter.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let king = board.king(color);
        if king.rank() != back_rank(color) {
            return Err(refuse("the king is not on its back rank"));
        }
        let rook_file = match letter.to_ascii_uppercase() {
            'K' => board
                .outermost_rook(color, CastlingSide::H)
                .ok_or_else(|| refuse("no rook of that colour stands right of the king"))?,
            'Q' => board
                .outermost_rook(color, CastlingSide::A)
                .ok_or_else(|| refuse("no rook of that colour stands left of the king"))?,
            f @ 'A'..='J' => f as u8 - b'A',
            _ => {
                return Err(TenFenError::CastlingLetter {
                    field: field.to_string(),
                    letter,
                });
            }
        };
        let rook = Square::new(rook_file, back_rank(color)).expect("a back-rank file");
        let rooks = board.pieces(Piece::Rook) & board.colored(color);
        if rooks & rook.bit() == 0 {
            return Err(refuse(
                "no rook of that colour stands on that file of its back rank",
            ));
        }
        let side = if rook_file < king.file() {
            CastlingSide::A
        } else {
            CastlingSide::H
        };
        if rights[color][side].is_some() {
            return Err(refuse(
                "that side of the king already has a castling right (one rook per side)",
            ));
        }
        rights[color][side] = Some(rook_file);
    }
    board.rights = rights;
    Ok(())
}

fn read_en_passant(board: &mut Board, field: &str) -> Result<(), TenFenError> {
    if field == "-" {
        return Ok(());
    }
    let refuse = |reason| TenFenError::EnPassant {
        field: field.to_string(),
        reason,
    };
    let square: Square = field
        .parse()
        .map_err(|_| refuse("write a square a3-j3 or a6-j6, or - for none"))?;
    let mover = board.side;
    // The square the pawn crossed: the third rank of the side that just moved.
    let crossed_rank = if mover == Color::White { 5 } else { 2 };
    if square.rank() != crossed_rank {
        return Err(refuse(
            "it must be on the sixth rank with White to move, on the third with Black to move",
        ));
    }
    let forward: i8 = if mover == Color::White { 1 } else { -1 };
    let pawn = square.offset(0, -forward).expect("inside the board");
    let from = square.offset(0, forward).expect("inside the board");
    let their_pawns = board.pieces(Piece::Pawn) & board.colored(!mover);
    if their_pawns & pawn.bit() == 0 {
        return Err(refuse(
            "no pawn stands in front of it, as a double step would leave one",
        ));
    }
    if board.occupied() & (square.bit() | from.bit()) != 0 {
        return Err(refuse(
            "a double step leaves the square it crossed and the square it came from empty",
        ));
    }
    board.en_passant = Some(square);
    Ok(())
}
