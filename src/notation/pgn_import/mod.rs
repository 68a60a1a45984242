//! PGN games read from a file: the tags, the start position and the main line, each move
//! checked against the rules.
//!
//! `castle960 castle --pgn FILE` follows a game's castling rights move by move, so it needs the
//! game's start position (a `FEN` tag, standard chess otherwise) and its main line as legal
//! moves. Everything else in a PGN (comments `{..}` and `;..`, variations `(..)` at any depth,
//! NAGs `$1`, move numbers, `...`, `!?`-style marks, `%` escape lines) is read past. No
//! permissive crate does this job well: pgn-reader is GPL-3.0 (allowed in tests only), and
//! the MIT crates found (pgn_parser 0.2, w-pgn 0.1, chess_pgn_parser 0.1, yanked) are small
//! unmaintained projects that do not read the FEN tag into a position or check moves. The
//! tokenizer (`lexer.rs`) is small, never panics, and is fuzzed.
//!
//! A file may hold several games. [`read_pgn`] reads the first; [`read_pgn_game`] reads the
//! `n`-th (counting from 1), for a `--game N` option; games before it are tokenized (so a
//! broken comment there is reported) but not replayed, games after it are not read at all.
//!
//! A game is played under a castling rule: Chess960's unless it declares another, by
//! `[Variant "Chess480"]` or by castle960's own `[CastlingRule "free"]` tag (any rule name of
//! [`Rule`]; no program writes it but castle960, which says so in the README), or the caller
//! names one ([`read_pgn_game_under`], `castle --rule`). Its castlings are read in the rule's
//! notations ([`read_san_under`](crate::notation::san::read_san_under)).
//!
//! Errors name where: a move by its ply (counted from the game's start position, 1 for the
//! first move) and its number as a player writes it, e.g. `game 1, ply 27 (14. Bxf7): no
//! white bishop can legally move to f7; position before the move: ...`; anything else by its line.
//!
//! Two parts: `lexer.rs` finds each game's tags and main-line moves in the text (errors name the
//! line); `game.rs` replays a game under its rule (errors name the game and the ply).

mod game;
mod lexer;

pub use game::{Game, PlayedMove, Variant};

use crate::chess::{Rule, UnknownRule};
use crate::error::quote;
use crate::notation::fen::FenError;
use crate::notation::san::SanErrorKind;
use game::replay;
use lexer::{Lexer, next_game};
use thiserror::Error;

/// The tag in which a game names its castling rule: castle960's invention (no standard tag says
/// it), read alongside `Variant`.
pub const RULE_TAG: &str = "CastlingRule";

/// Why a PGN was refused; each message is one line naming the game and the ply or line.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PgnError {
    /// No game at all: no tags and no moves.
    #[error("the PGN holds no game: expected tags like [Event \"...\"] and moves like 1. e4 e5")]
    NoGame,
    /// Fewer games than the one asked for.
    #[error("the PGN holds {found} game(s), so there is no game {wanted}")]
    NoSuchGame {
        /// The game asked for, counting from 1.
        wanted: usize,
        /// How many games the file holds.
        found: usize,
    },
    /// A `{` comment never closed.
    #[error("line {line}: the comment opened with '{{' here is never closed with '}}'")]
    UnclosedComment {
        /// Where the comment starts.
        line: usize,
    },
    /// A `(` variation never closed.
    #[error("line {line}: the variation opened with '(' here is never closed with ')'")]
    UnclosedVariation {
        /// Where the variation starts.
        line: usize,
    },
    /// A `)` with no variation open.
    #[error("line {line}: ')' closes a variation that was never opened")]
    UnopenedVariation {
        /// Where the `)` is.
        line: usize,
    },
    /// A tag that is not `[Name "value"]`.
    #[error("line {line}: tag {} is not of the form [Name \"value\"]", quote(.text))]
    MalformedTag {
        /// Where the tag starts.
        line: usize,
        /// The tag's text, up to the end of its line.
        text: String,
    },
    /// A tag that decides the start position given twice.
    #[error("game {game}: the {name} tag is given twice")]
    DuplicateTag {
        /// The game, counting from 1.
        game: usize,
        /// The tag's name.
        name: String,
    },
    /// A variant other than standard chess, Chess960 or Chess480.
    #[error(
        "game {game}: variant {} is not supported: castle960 reads standard chess, Chess960 (Variant \"Chess960\", \"Fischerandom\", \"chess 960\") and Chess480 (Variant \"Chess480\")",
        quote(.variant)
    )]
    UnsupportedVariant {
        /// The game, counting from 1.
        game: usize,
        /// The Variant tag's value.
        variant: String,
    },
    /// A Chess960 or Chess480 game without the FEN tag that says its start position.
    #[error(
        "game {game}: a {variant} game needs a FEN tag with its start position, like [FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\"]"
    )]
    MissingFen {
        /// The game, counting from 1.
        game: usize,
        /// Its variant.
        variant: Variant,
    },
    /// The CastlingRule tag names no rule.
    #[error("game {game}: {RULE_TAG} tag: {source}")]
    UnknownRule {
        /// The game, counting from 1.
        game: usize,
        /// What is wrong with it.
        source: UnknownRule,
    },
    /// Two rules for one game: from its tags, or from its tags and the caller (`--rule`).
    #[error(
        "game {game}: {first_by} says the game is played under {first}, but {second_by} says {second}; give one rule"
    )]
    ConflictingRules {
        /// The game, counting from 1.
        game: usize,
        /// Who named the first rule: `[Variant "Chess480"]`, `[CastlingRule "free"]`.
        first_by: String,
        /// The first rule's name.
        first: &'static str,
        /// Who named the second: a tag, or `--rule`.
        second_by: String,
        /// The second rule's name.
        second: &'static str,
    },
    /// The FEN tag is no legal position.
    #[error("game {game}: FEN tag: {source}")]
    Fen {
        /// The game, counting from 1.
        game: usize,
        /// What is wrong with it.
        source: FenError,
    },
    /// A move of the main line that is not legal, or no move.
    #[error("game {game}, ply {ply} ({label}): {kind}; position before the move: {fen}")]
    Move {
        /// The game, counting from 1.
        game: usize,
        /// The move's ply, 1 for the game's first move.
        ply: usize,
        /// The move as a player writes it, `14. Bxf7` or `14... Bxf7` (escaped, cut).
        label: String,
        /// What is wrong with it.
        kind: SanErrorKind,
        /// The position before it, as an X-FEN.
        fen: String,
    },
}

/// Reads the first game of a PGN text.
///
/// ```
/// use castle960::notation::pgn_import::{read_pgn, Variant};
///
/// let pgn = r#"[Event "Example"]
/// [Variant "Chess960"]
/// [FEN "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"]
///
/// 1. g3 {a comment} g6 (1... f5 2. f4) 2. f4 $1 f5 3. Rf2 Rf7 4. O-O 1-0"#;
/// let game = read_pgn(pgn).unwrap();
/// assert_eq!(game.variant, Variant::Chess960);
/// assert_eq!(game.moves.len(), 7);
/// assert_eq!(game.moves[6].label(), "4. O-O");
/// // The king on g1 castles with the rook on h1: it takes its rook and stays on g1.
/// assert_eq!(game.moves[6].mv.to_string(), "g1h1");
/// assert_eq!(game.result.as_deref(), Some("1-0"));
///
/// let err = read_pgn("1. e4 e5 2. Ke3").unwrap_err();
/// assert!(err.to_string().starts_with(
///     "game 1, ply 3 (2. Ke3): no white king can legally move to e3; position before the move:"));
/// ```
pub fn read_pgn(text: &str) -> Result<Game, PgnError> {
    read_pgn_game(text, 1)
}

/// Reads game `number` (counting from 1) of a PGN text holding one or more games.
///
/// ```
/// use castle960::notation::pgn_import::{read_pgn_game, PgnError};
///
/// let pgn = "1. e4 e5 1-0\n\n1. d4 d5 0-1\n";
/// assert_eq!(read_pgn_game(pgn, 2).unwrap().moves[0].san, "d4");
/// assert_eq!(read_pgn_game(pgn, 3).unwrap_err(), PgnError::NoSuchGame { wanted: 3, found: 2 });
/// ```
pub fn read_pgn_game(text: &str, number: usize) -> Result<Game, PgnError> {
    read_pgn_game_under(text, number, None)
}

/// Reads game `number` (counting from 1) of a PGN text under `rule` when given (a game whose tags
/// declare another rule is refused), else under the rule its tags declare, Chess960's by default.
///
/// ```
/// use castle960::chess::Rule;
/// use castle960::notation::pgn_import::read_pgn_game_under;
///
/// // Flexible castling from the standard array: the king from e1 to b1, the rook to c1.
/// let pgn = "1. d4 d5 2. Nc3 Nc6 3. Bf4 Bf5 4. Qd2 Qd7 5. K~b1 *";
/// let game = read_pgn_game_under(pgn, 1, Some(Rule::FLEXIBLE)).unwrap();
/// assert_eq!(game.rule, Rule::FLEXIBLE);
/// assert_eq!(game.moves[8].mv.to_string(), "e1b1");
/// assert!(format!("{}", game.position(9)).starts_with("r3kbnr/pppqpppp/2n5/3p1b2/3P1B2/2N5/PPPQPPPP/1KR2BNR b kq"));
/// // The same game read with Chess960's rule: K~b1 is no move.
/// assert!(read_pgn_game_under(pgn, 1, None).is_err());
/// ```
pub fn read_pgn_game_under(
    text: &str,
    number: usize,
    rule: Option<Rule>,
) -> Result<Game, PgnError> {
    let mut lexer = Lexer::new(text);
    let mut found = 0;
    while let Some(raw) = next_game(&mut lexer)? {
        found += 1;
        if found == number {
            return replay(raw, number, rule);
        }
    }
    Err(match found {
        0 => PgnError::NoGame,
        _ => PgnError::NoSuchGame {
            wanted: number,
            found,
        },
    })
}

/// How many games a PGN text holds (each tokenized, none replayed).
///
/// ```
/// use castle960::notation::pgn_import::count_games;
/// assert_eq!(count_games("[Event \"a\"]\n1. e4 *\n[Event \"b\"]\n1. d4 *").unwrap(), 2);
/// ```
pub fn count_games(text: &str) -> Result<usize, PgnError> {
    let mut lexer = Lexer::new(text);
    let mut found = 0;
    while next_game(&mut lexer)?.is_some() {
        found += 1;
    }
    Ok(found)
}

/// The error [`read_pgn`] gives `text`, checked to be one line (for every part's tests).
#[cfg(test)]
fn refused(text: &str) -> PgnError {
    let e = read_pgn(text).unwrap_err();
    assert!(!e.to_string().contains('\n'), "{e}");
    e
}

/// The moves of `game` as the PGN wrote them.
#[cfg(test)]
fn sans(game: &Game) -> Vec<&str> {
    game.moves.iter().map(|m| m.san.as_str()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn several_games_are_told_apart() {
        // The second game has no result: the next tag ends it.
        let pgn = "[Event \"one\"]\n1. e4 e5 1-0\n\n[Event \"two\"]\n1. d4\n[Event \"three\"]\n1. c4 c5 *\n";
        assert_eq!(count_games(pgn).unwrap(), 3);
        assert_eq!(read_pgn(pgn).unwrap().tag("Event"), Some("one"));
        let two = read_pgn_game(pgn, 2).unwrap();
        assert_eq!(
            (two.number, sans(&two), two.result.as_deref()),
            (2, vec!["d4"], None)
        );
        assert_eq!(sans(&read_pgn_game(pgn, 3).unwrap()), ["c4", "c5"]);
        assert_eq!(
            read_pgn_game(pgn, 4).unwrap_err(),
            PgnError::NoSuchGame {
                wanted: 4,
                found: 3
            }
        );
        // A broken game after the one asked for is never read.
        assert!(read_pgn("1. e4 *\n1. e4 {").is_ok());
        let e = read_pgn_game("1. e4 *\n1. e4 e4 *", 2).unwrap_err();
        assert!(e.to_string().starts_with("game 2, ply 2 (1... e4)"), "{e}");
    }
}
