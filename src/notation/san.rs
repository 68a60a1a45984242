//! Standard Algebraic Notation (SAN) of moves on a cozy-chess [`Board`], written and read.
//!
//! SAN is what players and PGN files write (`Nf3`, `exd5`, `O-O`, `e8=Q+`), and what castle960
//! shows next to a castling's UCI forms. cozy-chess has no SAN, and the start-position half's SAN
//! knows White's men only; this module is SAN for any position with both colours.
//!
//! Writing follows the PGN standard (section 8.2.3): the piece letter, then the origin's file
//! when it tells two candidates apart, else its rank, else both; `x` for captures (a pawn
//! capture names its file); `=Q` for promotion; `O-O`/`O-O-O` for castling, in Chess960 too;
//! `+` for check and `#` for mate. All but the marks is the crate's one SAN writer (`chess::san`,
//! which writes the start-position half's SAN too); this module answers its questions of a
//! cozy-chess board and adds the marks. The differential test checks it against shakmaty's SAN.
//!
//! Reading is lenient where nothing can be mistaken: `0-0` and `o-o` for `O-O`; trailing `+`,
//! `#`, `!` and `?` in any number (they are not checked); a missing or superfluous `x`; `e8Q` and
//! `e8=q` for `e8=Q`; an explicit `P` for a pawn; an over-full origin (`Ng1f3`). It is strict
//! where a guess could pick the wrong move: a SAN that fits two legal moves is refused with both
//! named ([`SanErrorKind::Ambiguous`]), a pawn reaching the last rank must say what it becomes,
//! and a pawn move without an origin file is a move straight ahead.
//!
//! Under a variant's castling rule ([`read_san_under`], [`write_san_under`]) a castling is
//! written as its rule names it (`O-O`, or the tilde notation `K~b1`, `K~g1/R~f1`), and read in
//! those forms, in the rule's UCI form, and as `O-O`/`O-O-O` where one castling of that side is
//! legal.

use super::uci::{castling_uci, is_castling};
use crate::castling::{GameMove, legal_castlings};
use crate::chess::piece;
use crate::chess::san::{self as writer, SanBoard};
use crate::chess::{Castling, CastlingSide, Naming, Rule};
use crate::error::quote;
use crate::words;
use cozy_chess::{Board, Color, File, GameStatus, IllegalMoveError, Move, Piece, Rank, Square};
use thiserror::Error;

/// Why a SAN was refused: the SAN as given and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("SAN {}: {kind}", quote(.san))]
pub struct SanError {
    /// The SAN as given.
    pub san: String,
    /// What is wrong with it.
    pub kind: SanErrorKind,
}

/// What is wrong with a SAN, without the SAN itself (a PGN error names it already).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SanErrorKind {
    /// Not SAN at all.
    #[error(
        "not a move in SAN: write the piece letter (none for a pawn), the origin if needed, x for a capture and the target square, like e4, Nf3, exd5, Rad1, e8=Q, O-O or O-O-O"
    )]
    Malformed,
    /// No legal move matches.
    #[error(
        "no {} {} can legally move to {to}",
        words::color(*.color),
        piece::name(*.piece)
    )]
    NoMove {
        /// The side to move.
        color: Color,
        /// The piece the SAN names.
        piece: Piece,
        /// The target square.
        to: Square,
    },
    /// The castling it names is not legal.
    #[error("{} cannot castle {} here", words::color_title(*.color), .side.name())]
    NoCastling {
        /// The side to move.
        color: Color,
        /// The castling side.
        side: CastlingSide,
    },
    /// The castling it names (the rule's tilde notation or UCI form) is not legal.
    #[error("{} cannot castle {castling} here", words::color_title(*.color))]
    NoRuleCastling {
        /// The side to move.
        color: Color,
        /// The castling in its rule's SAN.
        castling: String,
    },
    /// A pawn move to the last rank without the piece it becomes.
    #[error("a pawn reaching {to} promotes: add =Q, =R, =B or =N")]
    MissingPromotion {
        /// The target square.
        to: Square,
    },
    /// Several legal moves match.
    #[error(
        "ambiguous: it fits {}; name the file or rank the piece comes from",
        words::join(.candidates)
    )]
    Ambiguous {
        /// Each matching move in its full SAN.
        candidates: Vec<String>,
    },
}

/// The legal moves of the side to move's `piece` men that end on `to`, castling left out (a
/// castling is the king taking its own rook in cozy-chess, and SAN writes it `O-O`).
fn moves_to(board: &Board, piece: Piece, to: Square) -> Vec<Move> {
    let mut out = Vec::new();
    let color = board.side_to_move();
    board.generate_moves_for(board.colored_pieces(color, piece), |moves| {
        out.extend(
            moves
                .into_iter()
                .filter(|mv| mv.to == to && !is_castling(board, *mv)),
        );
        false
    });
    out
}

/// The legal castling on `side` for the side to move, if any.
fn castling_move(board: &Board, side: CastlingSide) -> Option<Move> {
    let color = board.side_to_move();
    let rights = board.castle_rights(color);
    let file = match side {
        CastlingSide::A => rights.long,
        CastlingSide::H => rights.short,
    }?;
    let mv = Move {
        from: board.king(color),
        to: Square::new(file, Rank::First.relative_to(color)),
        promotion: None,
    };
    board.is_legal(mv).then_some(mv)
}

/// Writes the legal move `mv` (cozy-chess's form, castling as the king taking its rook) in SAN
/// with its check or mate mark; an illegal move gives cozy-chess's [`IllegalMoveError`].
///
/// ```
/// use castle960::notation::san::write_san;
/// use castle960::notation::fen::read_fen;
/// use cozy_chess::Board;
///
/// let board = Board::default();
/// assert_eq!(write_san(&board, "g1f3".parse().unwrap()).unwrap(), "Nf3");
/// // Both rooks reach d1: the origin's file tells them apart.
/// let board = read_fen("4k3/8/8/8/8/8/8/R4RK1 w - - 0 1").unwrap();
/// assert_eq!(write_san(&board, "a1d1".parse().unwrap()).unwrap(), "Rad1");
/// // Castling is O-O or O-O-O, with its check mark.
/// let board = read_fen("5k2/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
/// assert_eq!(write_san(&board, "e1h1".parse().unwrap()).unwrap(), "O-O+");
/// // Chess960 (king on g1): castling with the rook on f1 is O-O-O.
/// let board = read_fen("6k1/8/8/8/8/8/8/BB3RKR w F - 0 1").unwrap();
/// assert_eq!(write_san(&board, "g1f1".parse().unwrap()).unwrap(), "O-O-O");
/// ```
pub fn write_san(board: &Board, mv: Move) -> Result<String, IllegalMoveError> {
    if !board.is_legal(mv) {
        return Err(IllegalMoveError);
    }
    let mut after = board.clone();
    after.play_unchecked(mv);
    Ok(with_mark(writer::write(board, mv), &after))
}

/// `san` with the check mark of the position it leads to, `after`: `#` for mate, `+` for check.
fn with_mark(mut san: String, after: &Board) -> String {
    if !after.checkers().is_empty() {
        san.push(if after.status() == GameStatus::Won {
            '#'
        } else {
            '+'
        });
    }
    san
}

/// A position with both colours: castling is the king taking its own rook, written `O-O` or
/// `O-O-O` (Chess960's castling; a variant rule's castlings are [`write_san_under`]'s).
impl SanBoard for Board {
    fn piece_on(&self, square: Square) -> Option<Piece> {
        Board::piece_on(self, square)
    }

    fn castling_san(&self, mv: Move) -> Option<String> {
        is_castling(self, mv).then(|| {
            CastlingSide::of(mv.from.file(), mv.to.file())
                .san()
                .to_string()
        })
    }

    /// A pawn changing file captures, en passant onto an empty square too.
    fn captures(&self, mv: Move) -> bool {
        self.color_on(mv.to).is_some()
            || (Board::piece_on(self, mv.from) == Some(Piece::Pawn)
                && mv.from.file() != mv.to.file())
    }

    fn rivals(&self, piece: Piece, mv: Move) -> Vec<Square> {
        moves_to(self, piece, mv.to)
            .into_iter()
            .map(|other| other.from)
            .filter(|&from| from != mv.from)
            .collect()
    }
}

/// What a SAN says, before it is matched against the legal moves.
struct Parsed {
    piece: Piece,
    file: Option<File>,
    rank: Option<Rank>,
    to: Square,
    promotion: Option<Piece>,
}

/// Reads a SAN for the side to move in `board` into cozy-chess's legal [`Move`].
///
/// ```
/// use castle960::notation::san::{read_san, SanErrorKind};
/// use castle960::notation::fen::read_fen;
/// use cozy_chess::Board;
///
/// let board = Board::default();
/// assert_eq!(read_san(&board, "Nf3!?").unwrap(), "g1f3".parse().unwrap());
/// // Two knights reach d2: the SAN must say which.
/// let board = read_fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1").unwrap();
/// let err = read_san(&board, "Nd2").unwrap_err();
/// assert_eq!(err.kind, SanErrorKind::Ambiguous { candidates: vec!["Nbd2".into(), "Nfd2".into()] });
/// assert_eq!(read_san(&board, "Nbd2").unwrap(), "b1d2".parse().unwrap());
/// // Castling, written with zeros, in Chess960 (king g1, rook h1: the king stays put).
/// let board = read_fen("bbqnnrkr/8/8/8/8/8/8/BBQNN1KR w Hhf - 0 1").unwrap();
/// assert_eq!(read_san(&board, "0-0").unwrap(), "g1h1".parse().unwrap());
/// ```
pub fn read_san(board: &Board, input: &str) -> Result<Move, SanError> {
    let error = |kind| SanError {
        san: input.to_string(),
        kind,
    };
    let text = move_text(input);
    let color = board.side_to_move();
    if let Some(side) = side_of(text) {
        return castling_move(board, side)
            .ok_or_else(|| error(SanErrorKind::NoCastling { color, side }));
    }
    let parsed = parse(text).ok_or_else(|| error(SanErrorKind::Malformed))?;
    let candidates: Vec<Move> = moves_to(board, parsed.piece, parsed.to)
        .into_iter()
        .filter(|mv| {
            parsed.file.is_none_or(|f| f == mv.from.file())
                && parsed.rank.is_none_or(|r| r == mv.from.rank())
                && (parsed.piece != Piece::Pawn
                    || parsed.file.is_some()
                    || mv.from.file() == mv.to.file())
        })
        .collect();
    let matching: Vec<Move> = candidates
        .iter()
        .copied()
        .filter(|mv| mv.promotion == parsed.promotion)
        .collect();
    match matching.as_slice() {
        [mv] => Ok(*mv),
        [] if parsed.promotion.is_none() && candidates.iter().any(|mv| mv.promotion.is_some()) => {
            Err(error(SanErrorKind::MissingPromotion { to: parsed.to }))
        }
        [] => Err(error(SanErrorKind::NoMove {
            color,
            piece: parsed.piece,
            to: parsed.to,
        })),
        several => Err(error(SanErrorKind::Ambiguous {
            candidates: several.iter().map(|&mv| writer::write(board, mv)).collect(),
        })),
    }
}

/// Writes the legal move `mv` of a game under `rule` in SAN with its check or mate mark: a
/// castling as its rule names it (`O-O`, `K~b1`, `K~g1/R~f1`), any other move as [`write_san`]
/// does. An illegal move gives cozy-chess's [`IllegalMoveError`].
///
/// ```
/// use castle960::castling::GameMove;
/// use castle960::chess::{Castling, Rule};
/// use castle960::notation::san::write_san_under;
/// use castle960::CastlingSide;
/// use cozy_chess::{Board, Color};
/// let board: Board = "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1".parse().unwrap();
/// let flexible = Castling::of_right_under(&board, Color::White, CastlingSide::A, Rule::FLEXIBLE);
/// let san = |c: &Castling| write_san_under(&board, Rule::FLEXIBLE, &GameMove::Castle(*c)).unwrap();
/// assert_eq!((san(&flexible[0]), san(&flexible[1])), ("K~c1".to_string(), "K~b1".to_string()));
/// ```
pub fn write_san_under(
    board: &Board,
    rule: Rule,
    mv: &GameMove,
) -> Result<String, IllegalMoveError> {
    match mv {
        GameMove::Plain(m) if !is_castling(board, *m) => write_san(board, *m),
        GameMove::Plain(_) => Err(IllegalMoveError),
        GameMove::Castle(c) => {
            if !legal_castlings(board, rule).contains(c) {
                return Err(IllegalMoveError);
            }
            let mut after = board.clone();
            mv.play_unchecked(&mut after);
            Ok(with_mark(
                c.path.san(Rank::First.relative_to(c.color)),
                &after,
            ))
        }
    }
}

/// Reads a move for the side to move in `board`, a position of a game under `rule`, into a
/// [`GameMove`]. Besides [`read_san`]'s SAN:
///
/// * `O-O` / `O-O-O` (and their spellings with zeros) name the side's castling when exactly one
///   castling of that side is legal; with several, the move is ambiguous and the error names
///   each in the rule's SAN;
/// * a castling in its rule's SAN (`K~b1`, `K~g1/R~f1`; also `K~g1/Rf1`, the tilde on the king
///   alone) or UCI form ([`castling_uci`]: `e1b1`, `e1g1,h1f1`; also `e1~b1`, seed 004's form
///   with the origin square);
/// * where the rule tells castlings apart by the king's landing square, the king's move without
///   the tilde (`Kb1`, `Kg1/Rf1`), when no plain king move reaches that square.
///
/// ```
/// use castle960::castling::GameMove;
/// use castle960::chess::Rule;
/// use castle960::notation::san::{read_san_under, SanErrorKind};
/// use cozy_chess::Board;
/// let board: Board = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
/// let GameMove::Castle(c) = read_san_under(&board, Rule::FLEXIBLE, "K~b1").unwrap() else {
///     panic!()
/// };
/// assert_eq!(c.rook_to.to_string(), "c1");
/// assert_eq!(read_san_under(&board, Rule::FLEXIBLE, "Kb1"), Ok(GameMove::Castle(c)));
/// assert_eq!(read_san_under(&board, Rule::FLEXIBLE, "e1b1"), Ok(GameMove::Castle(c)));
/// // Flexible castling has one h-side castling here, two on the a-side.
/// assert!(read_san_under(&board, Rule::FLEXIBLE, "O-O").is_ok());
/// let err = read_san_under(&board, Rule::FLEXIBLE, "O-O-O").unwrap_err();
/// assert_eq!(err.kind, SanErrorKind::Ambiguous { candidates: vec!["K~c1".into(), "K~b1".into()] });
/// ```
pub fn read_san_under(board: &Board, rule: Rule, input: &str) -> Result<GameMove, SanError> {
    let error = |kind| SanError {
        san: input.to_string(),
        kind,
    };
    let text = move_text(input);
    let color = board.side_to_move();
    let rank = Rank::First.relative_to(color);
    let legal = legal_castlings(board, rule);
    let as_castle = |c: &Castling| {
        if legal.contains(c) {
            Ok(GameMove::Castle(*c))
        } else {
            Err(error(SanErrorKind::NoRuleCastling {
                color,
                castling: c.path.san(rank),
            }))
        }
    };
    if let Some(side) = side_of(text) {
        let on_side: Vec<&Castling> = legal.iter().filter(|c| c.side == side).collect();
        return match on_side.as_slice() {
            [c] => Ok(GameMove::Castle(**c)),
            [] => Err(error(SanErrorKind::NoCastling { color, side })),
            several => Err(error(SanErrorKind::Ambiguous {
                candidates: several.iter().map(|c| c.path.san(rank)).collect(),
            })),
        };
    }
    let allowed: Vec<Castling> = CastlingSide::BOTH
        .into_iter()
        .flat_map(|side| Castling::of_right_under(board, color, side, rule))
        .collect();
    let bare = text.replace('~', "");
    let named = |c: &&Castling, tilde_optional: bool| {
        let san = c.path.san(rank);
        let uci = castling_uci(c);
        let spelled = text == san || text == uci;
        let tilde_left_out =
            (tilde_optional || text.contains('~')) && (bare == san.replace('~', "") || bare == uci);
        spelled || tilde_left_out
    };
    if let Some(c) = allowed.iter().find(|c| named(c, false)) {
        return as_castle(c);
    }
    let plain = read_san(board, input);
    if let Err(e) = &plain
        && !matches!(e.kind, SanErrorKind::Ambiguous { .. })
        && let Some(c) = allowed
            .iter()
            .find(|c| c.path.naming() != Naming::Side && named(c, true))
    {
        return as_castle(c);
    }
    plain.map(GameMove::Plain)
}

/// The side `O-O` / `O-O-O` (with zeros, or in lower case) names; `None` for anything else.
fn side_of(text: &str) -> Option<CastlingSide> {
    match text {
        "O-O" | "0-0" | "o-o" => Some(CastlingSide::H),
        "O-O-O" | "0-0-0" | "o-o-o" => Some(CastlingSide::A),
        _ => None,
    }
}

/// The parts of a non-castling SAN (check marks already stripped): piece letter, origin file
/// and rank, `x`, target square, promotion. `None` when it is no SAN.
fn parse(text: &str) -> Option<Parsed> {
    let mut rest = text.as_bytes();
    let piece = match rest.first()? {
        b'K' => Some(Piece::King),
        b'Q' => Some(Piece::Queen),
        b'R' => Some(Piece::Rook),
        b'B' => Some(Piece::Bishop),
        b'N' => Some(Piece::Knight),
        b'P' => Some(Piece::Pawn),
        _ => None,
    };
    if piece.is_some() {
        rest = &rest[1..];
    }
    let piece = piece.unwrap_or(Piece::Pawn);
    let promotion_letter = |b: u8| match b.to_ascii_uppercase() {
        b'Q' => Some(Piece::Queen),
        b'R' => Some(Piece::Rook),
        b'B' => Some(Piece::Bishop),
        b'N' => Some(Piece::Knight),
        _ => None,
    };
    let mut promotion = None;
    if let [front @ .., last] = rest
        && let Some(p) = promotion_letter(*last)
    {
        match front {
            // `=q`: lower case only after `=`, where it cannot be a file.
            [before @ .., b'='] => {
                promotion = Some(p);
                rest = before;
            }
            _ if last.is_ascii_uppercase() => {
                promotion = Some(p);
                rest = front;
            }
            _ => {}
        }
    }
    let [middle @ .., file @ b'a'..=b'h', rank @ b'1'..=b'8'] = rest else {
        return None;
    };
    let to = Square::new(
        File::index((file - b'a') as usize),
        Rank::index((rank - b'1') as usize),
    );
    let middle = middle.strip_suffix(b"x").unwrap_or(middle);
    let (file, rank) = match middle {
        [] => (None, None),
        [f @ b'a'..=b'h'] => (Some(*f), None),
        [r @ b'1'..=b'8'] => (None, Some(*r)),
        [f @ b'a'..=b'h', r @ b'1'..=b'8'] => (Some(*f), Some(*r)),
        _ => return None,
    };
    if promotion.is_some() && piece != Piece::Pawn {
        return None;
    }
    Some(Parsed {
        piece,
        file: file.map(|f| File::index((f - b'a') as usize)),
        rank: rank.map(|r| Rank::index((r - b'1') as usize)),
        to,
        promotion,
    })
}

/// The move of a SAN as typed: surrounding blanks, check marks and annotations dropped.
fn move_text(input: &str) -> &str {
    input
        .trim()
        .trim_end_matches(['+', '#', '!', '?'])
        .trim_end()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen::read_fen;

    fn san(fen: &str, uci: &str) -> String {
        let board = read_fen(fen).unwrap();
        write_san(&board, uci.parse().unwrap()).unwrap()
    }

    fn read(fen: &str, text: &str) -> Result<String, SanErrorKind> {
        let board = read_fen(fen).unwrap();
        read_san(&board, text)
            .map(|mv| mv.to_string())
            .map_err(|e| {
                assert!(!e.to_string().contains('\n'));
                e.kind
            })
    }

    #[test]
    fn disambiguation_as_the_pgn_standard_says() {
        // File when the files differ, rank when they do not, both when neither tells.
        let knights = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1";
        assert_eq!(san(knights, "b1d2"), "Nbd2");
        let rooks = "4k3/R7/8/8/8/8/8/R3K3 w - - 0 1";
        assert_eq!(san(rooks, "a1a4"), "R1a4");
        assert_eq!(san(rooks, "a7a4"), "R7a4");
        let queens = "1k6/8/8/8/4Q2Q/8/K7/7Q w - - 0 1";
        assert_eq!(san(queens, "h4e1"), "Qh4e1");
        assert_eq!(san(queens, "e4e1"), "Qee1");
        assert_eq!(san(queens, "h1e1"), "Q1e1");
        // A pinned knight is no candidate.
        assert_eq!(san("4k3/4r3/8/8/8/8/4N3/2N1K3 w - - 0 1", "c1d3"), "Nd3");
    }

    #[test]
    fn captures_promotions_and_marks() {
        assert_eq!(
            san(
                "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2",
                "e4d5"
            ),
            "exd5"
        );
        assert_eq!(san("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), "exd6");
        assert_eq!(san("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8q"), "axb8=Q+");
        assert_eq!(san("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8n"), "a8=N");
        assert_eq!(
            san(
                "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2",
                "d8h4"
            ),
            "Qh4#"
        );
        assert_eq!(san("4k3/8/8/8/8/8/8/4K2R w - - 0 1", "h1h8"), "Rh8+");
        assert_eq!(san("4k3/8/8/8/8/8/8/4K2r w - - 0 1", "e1f2"), "Kf2");
    }

    #[test]
    fn castling_is_written_o_o_in_chess960_too() {
        // King on b1, rook on a1 (O-O-O) and on h1 (O-O); the king passes its rook's square.
        let fen = "1k5r/8/8/8/8/8/8/RK5R w HAh - 0 1";
        assert_eq!(san(fen, "b1a1"), "O-O-O");
        assert_eq!(san(fen, "b1h1"), "O-O");
        assert_eq!(read(fen, "O-O-O"), Ok("b1a1".into()));
        // The king may also simply move to a1? No: a1 holds its own rook; Kxa1 is no SAN.
        assert!(read(fen, "Kxa1").is_err());
        let board = read_fen(fen).unwrap();
        assert!(write_san(&board, "b1b3".parse().unwrap()).is_err());
    }

    #[test]
    fn reading_is_lenient_where_harmless() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        for text in ["Nf3", "Nf3+!!", "Ng1f3", "Ngf3", "N1f3", "Nxf3", " Nf3 "] {
            assert_eq!(read(start, text), Ok("g1f3".into()), "{text}");
        }
        for text in ["e4", "Pe4", "e2e4", "e4?!"] {
            assert_eq!(read(start, text), Ok("e2e4".into()), "{text}");
        }
        let castle = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
        for text in ["O-O", "0-0", "o-o", "O-O+"] {
            assert_eq!(read(castle, text), Ok("e1h1".into()), "{text}");
        }
        let promote = "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1";
        for text in ["a8=Q", "a8Q", "a8=q", "a8Q+"] {
            assert_eq!(read(promote, text), Ok("a7a8q".into()), "{text}");
        }
        for text in ["axb8=N", "ab8N", "axb8N"] {
            assert_eq!(read(promote, text), Ok("a7b8n".into()), "{text}");
        }
        let capture = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2";
        assert_eq!(read(capture, "ed5"), Ok("e4d5".into()));
    }

    #[test]
    fn reading_is_strict_where_ambiguous() {
        let knights = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1";
        assert_eq!(
            read(knights, "Nd2"),
            Err(SanErrorKind::Ambiguous {
                candidates: vec!["Nbd2".into(), "Nfd2".into()]
            })
        );
        // A pawn move without a file goes straight ahead: d5 is not exd5.
        let capture = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2";
        assert_eq!(
            read(capture, "d5"),
            Err(SanErrorKind::NoMove {
                color: Color::White,
                piece: Piece::Pawn,
                to: Square::D5
            })
        );
        let promote = "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(
            read(promote, "a8"),
            Err(SanErrorKind::MissingPromotion { to: Square::A8 })
        );
        // Lower case after no `=` is a file, not a promotion.
        assert_eq!(read(promote, "a8q"), Err(SanErrorKind::Malformed));
        for text in ["", "+", "Zf3", "Nf9", "N-f3", "--", "O-O-O-O", "Nf3=Q"] {
            assert_eq!(read(promote, text), Err(SanErrorKind::Malformed), "{text}");
        }
        assert_eq!(
            read("4k3/8/8/8/8/8/8/4K2R w - - 0 1", "O-O"),
            Err(SanErrorKind::NoCastling {
                color: Color::White,
                side: CastlingSide::H
            })
        );
        let board = read_fen(knights).unwrap();
        assert_eq!(
            read_san(&board, "Nd2").unwrap_err().to_string(),
            "SAN \"Nd2\": ambiguous: it fits Nbd2 and Nfd2; name the file or rank the piece comes from"
        );
    }
}
