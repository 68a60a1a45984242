//! Start-position FENs: the one FEN form `show` and the gallery's search box accept, a
//! Chess960 start position, read into its [`Arrangement`].
//!
//! The fields are read by the any-position reader's own parts ([`crate::notation::fen`]: the
//! placement, the side to move, the en passant square); then, instead of that reader's rules
//! for any position, the start position's own rules are checked (which rank holds which men,
//! the arrangement, the mirror, White to move, all four rights), each a variant of
//! [`StartRule`] whose message names the rule, so that someone who meant a start position
//! learns what is off. What is malformed is a [`StartFenSyntax`]. Both are worded as they were
//! before this reader shared the any-position reader's parts, since the gallery's search box
//! reproduces them in JavaScript (`src/report/gallery/page.js`, checked by
//! `tests/cli/gallery/`).
//!
//! The start form is stricter than a FEN of any position: 4 fields or 6 (a start position's
//! clocks are `0 1`, given in full or not at all), and its checks run in this order: the
//! syntax of the placement, the side to move, the en passant field and the clocks; then the
//! ranks, the arrangement, the mirror, the side to move, the en passant field, the clocks and
//! last the castling field (so a typo there is reported as rights missing). Two fields are
//! therefore not read by the any-position reader's parts, whose answers would differ: the
//! clocks are whole numbers up to 4294967295 here (`+0 1` is a start FEN with the wrong
//! counters, not a malformed one), and the castling field is compared with the four rights
//! rather than read letter by letter.
//!
//! Reading an arrangement from a FEN lives here, in notation, rather than in the core
//! (`chess::arrangement`), which knows arrangements but no notation;
//! [`Arrangement::from_fen`] is defined in this module.

use crate::chess::{Arrangement, Color, File, Piece, Rank, Square, piece};
use crate::error::{ArrangementError, BadSquare, StartFenSyntax, StartRule};
use crate::notation::fen::{PlacementError, read_placement, read_side, read_square};
use cozy_chess::BoardBuilder;

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
    let malformed = |reason| ArrangementError::MalformedFen {
        input: input.to_string(),
        reason,
    };
    let not_start = |reason| ArrangementError::NotStartPosition {
        input: input.to_string(),
        reason,
    };
    let fields: Vec<&str> = input.split_whitespace().collect();
    let (placement, side, castling, en_passant, clocks) = match fields.as_slice() {
        [p, s, c, e] => (*p, *s, *c, *e, None),
        [p, s, c, e, halfmove, fullmove] => (*p, *s, *c, *e, Some((*halfmove, *fullmove))),
        _ => return Err(malformed(StartFenSyntax::FieldCount(fields.len()))),
    };

    let board = read_placement(placement).map_err(|e| malformed(placement_syntax(e)))?;
    let side = read_side(side).ok_or_else(|| malformed(StartFenSyntax::SideToMove))?;
    let en_passant = match en_passant {
        "-" => None,
        _ => {
            Some(read_square(en_passant).ok_or_else(|| malformed(StartFenSyntax::EnPassantField))?)
        }
    };
    if clocks.is_some_and(|(halfmove, fullmove)| {
        halfmove.parse::<u32>().is_err() || fullmove.parse::<u32>().is_err()
    }) {
        return Err(malformed(StartFenSyntax::MoveCounters));
    }

    check_ranks(&board).map_err(not_start)?;
    let white_rank = rank_letters(&board, Rank::First);
    let arrangement: Arrangement = white_rank
        .parse()
        .map_err(|e| not_start(StartRule::WhiteBackRank(Box::new(e))))?;
    let black_rank = rank_letters(&board, Rank::Eighth);
    if black_rank != white_rank.to_lowercase() {
        return Err(not_start(StartRule::NotMirrored {
            black: black_rank,
            white: white_rank,
        }));
    }
    if side != Color::White {
        return Err(not_start(StartRule::BlackToMove));
    }
    if en_passant.is_some() {
        return Err(not_start(StartRule::EnPassant));
    }
    if clocks.is_some_and(|clocks| clocks != ("0", "1")) {
        return Err(not_start(StartRule::MoveCounters));
    }
    let shredder = arrangement.shredder_castling();
    let sorted = |letters: &str| {
        let mut letters: Vec<char> = letters.chars().collect();
        letters.sort_unstable();
        letters
    };
    if sorted(castling) != sorted(&shredder) && sorted(castling) != sorted("KQkq") {
        return Err(not_start(StartRule::CastlingRights {
            shredder,
            found: castling.to_string(),
        }));
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

/// A malformed placement as the start form words it.
fn placement_syntax(error: PlacementError) -> StartFenSyntax {
    match error {
        PlacementError::RankCount(found) => StartFenSyntax::RankCount(found),
        PlacementError::PieceLetter { letter, .. } => StartFenSyntax::PieceLetter(letter),
        PlacementError::RankWidth { rank, files } => StartFenSyntax::RankWidth {
            rank,
            squares: files,
        },
    }
}

/// One rule of a start position's placement: what every square of a rank holds, and the
/// [`StartRule`] broken at the first square that holds something else.
struct RankRule {
    rank: Rank,
    holds: fn(Option<(Piece, Color)>) -> bool,
    broken: fn(BadSquare) -> StartRule,
}

impl RankRule {
    /// The rule for ranks 3 to 6: empty.
    const fn empty(rank: Rank) -> RankRule {
        RankRule {
            rank,
            holds: |man| man.is_none(),
            broken: StartRule::MiddleNotEmpty,
        }
    }
}

/// The start position's rules for the placement, in the order they are checked: White's
/// pieces fill rank 1 and White's pawns rank 2, Black's pawns rank 7 and Black's pieces rank 8,
/// and ranks 3 to 6 are empty. The arrangement and the mirror are checked afterwards.
const RANK_RULES: [RankRule; 8] = [
    RankRule {
        rank: Rank::First,
        holds: |man| matches!(man, Some((piece, Color::White)) if piece != Piece::Pawn),
        broken: StartRule::WhitePieces,
    },
    RankRule {
        rank: Rank::Second,
        holds: |man| man == Some((Piece::Pawn, Color::White)),
        broken: StartRule::WhitePawns,
    },
    RankRule {
        rank: Rank::Seventh,
        holds: |man| man == Some((Piece::Pawn, Color::Black)),
        broken: StartRule::BlackPawns,
    },
    RankRule {
        rank: Rank::Eighth,
        holds: |man| matches!(man, Some((piece, Color::Black)) if piece != Piece::Pawn),
        broken: StartRule::BlackPieces,
    },
    RankRule::empty(Rank::Third),
    RankRule::empty(Rank::Fourth),
    RankRule::empty(Rank::Fifth),
    RankRule::empty(Rank::Sixth),
];

/// The first rule of [`RANK_RULES`] the placement breaks, at the first square (a-file first)
/// that breaks it.
fn check_ranks(board: &BoardBuilder) -> Result<(), StartRule> {
    for rule in &RANK_RULES {
        if let Some(square) = File::ALL
            .into_iter()
            .map(|file| Square::new(file, rule.rank))
            .find(|&square| !(rule.holds)(board.square(square)))
        {
            return Err((rule.broken)(BadSquare {
                square,
                letter: board
                    .square(square)
                    .map(|(piece, color)| piece::letter(piece, color)),
            }));
        }
    }
    Ok(())
}

/// The letters of the men on `rank`, a-file first, as a FEN writes them.
fn rank_letters(board: &BoardBuilder, rank: Rank) -> String {
    File::ALL
        .into_iter()
        .filter_map(|file| board.square(Square::new(file, rank)))
        .map(|(piece, color)| piece::letter(piece, color))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1";

    /// The reason `fen` (the standard start FEN with `from` replaced by `to`) is malformed.
    fn malformed(from: &str, to: &str) -> StartFenSyntax {
        let fen = START.replacen(from, to, 1);
        match read(&fen) {
            Err(ArrangementError::MalformedFen { input, reason }) if input == fen => reason,
            other => panic!("{fen}: {other:?}"),
        }
    }

    /// The start rule `fen` (the standard start FEN with `from` replaced by `to`) breaks.
    fn broken(from: &str, to: &str) -> StartRule {
        let fen = START.replacen(from, to, 1);
        match read(&fen) {
            Err(ArrangementError::NotStartPosition { input, reason }) if input == fen => reason,
            other => panic!("{fen}: {other:?}"),
        }
    }

    fn at(square: Square, letter: Option<char>) -> BadSquare {
        BadSquare { square, letter }
    }

    #[test]
    fn each_malformed_field_has_its_variant() {
        assert_eq!(malformed(" 0 1", " 0"), StartFenSyntax::FieldCount(5));
        assert_eq!(
            malformed(" w HAha - 0 1", ""),
            StartFenSyntax::FieldCount(1)
        );
        assert_eq!(malformed("/8/8/8/", "/8/8/"), StartFenSyntax::RankCount(7));
        assert_eq!(
            malformed("/pppppppp/", "/pppxpppp/"),
            StartFenSyntax::PieceLetter('x')
        );
        assert_eq!(
            malformed("/8/8/8/8/P", "/8/8/8/0/P"),
            StartFenSyntax::PieceLetter('0')
        );
        assert_eq!(
            malformed("/8/8/8/8/P", "/8/8/8/7/P"),
            StartFenSyntax::RankWidth {
                rank: 3,
                squares: 7
            }
        );
        assert_eq!(malformed(" w ", " W "), StartFenSyntax::SideToMove);
        assert_eq!(malformed(" - 0", " e9 0"), StartFenSyntax::EnPassantField);
        assert_eq!(malformed(" 0 1", " 0 x"), StartFenSyntax::MoveCounters);
        assert_eq!(
            malformed(" 0 1", " 4294967296 1"),
            StartFenSyntax::MoveCounters
        );
        // The placement is read before the other fields, each field before the next.
        assert_eq!(malformed(" w ", " x "), StartFenSyntax::SideToMove);
        assert_eq!(
            malformed("/8/8/8/8/P", "/8/8/8/9/P"),
            StartFenSyntax::PieceLetter('9')
        );
    }

    #[test]
    fn each_start_rule_has_its_variant() {
        assert_eq!(
            broken("/RNBQKBNR", "/RNBQKBN1"),
            StartRule::WhitePieces(at(Square::H1, None))
        );
        assert_eq!(
            broken("PPPP/RNBQ", "PPPP/RNBP"),
            StartRule::WhitePieces(at(Square::D1, Some('P')))
        );
        assert_eq!(
            broken("PPPPPPPP/", "PPPPpPPP/"),
            StartRule::WhitePawns(at(Square::E2, Some('p')))
        );
        assert_eq!(
            broken("/pppppppp/", "/ppPppppp/"),
            StartRule::BlackPawns(at(Square::C7, Some('P')))
        );
        assert_eq!(
            broken("rnbqkbnr/", "RNBQKBNR/"),
            StartRule::BlackPieces(at(Square::A8, Some('R')))
        );
        assert_eq!(
            broken("/8/8/8/8/", "/8/8/8/2N5/"),
            StartRule::MiddleNotEmpty(at(Square::C3, Some('N')))
        );
        assert_eq!(
            broken("RNBQKBNR w", "RNBKBQNR w"),
            StartRule::WhiteBackRank(Box::new(ArrangementError::BishopsSameColour {
                input: "RNBKBQNR".into(),
                colour: "dark",
            }))
        );
        assert_eq!(
            broken("rnbqkbnr/", "rnbkqbnr/"),
            StartRule::NotMirrored {
                black: "rnbkqbnr".into(),
                white: "RNBQKBNR".into(),
            }
        );
        assert_eq!(broken(" w ", " b "), StartRule::BlackToMove);
        assert_eq!(broken(" - 0", " e3 0"), StartRule::EnPassant);
        assert_eq!(broken(" 0 1", " 00 1"), StartRule::MoveCounters);
        assert_eq!(
            broken("HAha", "HAh"),
            StartRule::CastlingRights {
                shredder: "HAha".into(),
                found: "HAh".into(),
            }
        );
        // The castling field comes last, after every other rule.
        assert_eq!(broken("HAha - 0 1", "H+ha - 0 2"), StartRule::MoveCounters);
    }

    #[test]
    fn both_castling_notations_in_any_order_and_both_lengths_are_read() {
        for fen in [
            START.to_string(),
            START.replace("HAha", "KQkq"),
            START.replace("HAha", "ahAH"),
            START.replace(" 0 1", ""),
            START.replace(' ', "\u{a0}"),
        ] {
            assert_eq!(read(&fen).map(|a| a.sp()), Ok(518), "{fen:?}");
        }
    }
}
