//! A game replayed: its tags decide the variant, the castling rule and the start position, then
//! each main-line move is read in the position before it ([`read_san_under`]) and played.
//! Kept apart from `lexer.rs`, which finds the tags and moves in the text without knowing any
//! chess: here every error names the game and the ply, there the line.

use super::lexer::RawGame;
use super::{PgnError, RULE_TAG};
use crate::castling::timeline::{RuleTimeline, timeline_under};
use crate::castling::{GameContext, GameMove, WrittenMove};
use crate::chess::Rule;
use crate::error::quote;
use crate::notation::fen::{CastlingNotation, read_fen, to_fen};
use crate::notation::san::read_san_under;
use cozy_chess::{Board, Color};
use std::fmt;

/// How many characters of a move an error repeats (moves are short; garbage is cut).
const MOVE_SHOWN: usize = 20;

/// Which rules a game is played under, from its Variant tag.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// No Variant tag, or `Standard`, `chess`, `From Position`.
    Standard,
    /// `Chess960`, `chess 960`, `Fischerandom`, `Fischer Random`, `960`.
    Chess960,
    /// `Chess480`: the name its inventor, SchemingMind and ChessV give the game (README,
    /// "Castling rules").
    Chess480,
}

impl Variant {
    /// The castling rule the variant implies, if it implies one: Chess960's and Chess480's do;
    /// standard chess says nothing beyond its own array (where Chess960's rule is the standard
    /// one), so a `CastlingRule` tag or the caller may name another.
    pub fn rule(self) -> Option<Rule> {
        match self {
            Variant::Standard => None,
            Variant::Chess960 => Some(Rule::CHESS960),
            Variant::Chess480 => Some(Rule::CHESS480),
        }
    }
}

/// `standard chess`, `Chess960`, `Chess480`.
impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Variant::Standard => "standard chess",
            Variant::Chess960 => "Chess960",
            Variant::Chess480 => "Chess480",
        })
    }
}

/// One move of a game's main line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedMove {
    /// Its ply: 1 for the game's first move, counted from the start position.
    pub ply: usize,
    /// Its move number as a player writes it (the start FEN's move number counts on).
    pub number: u16,
    /// The colour that played it.
    pub color: Color,
    /// The move as the PGN wrote it (check marks and `!?` included).
    pub san: String,
    /// The move, legal in the position before it under the game's rule.
    pub mv: GameMove,
    /// The line of the PGN text it stands on, counting from 1.
    pub line: usize,
}

impl PlayedMove {
    /// The move as a player writes it: `14. Bxf7` for White, `14... Bxf7` for Black.
    pub fn label(&self) -> String {
        label(self.number, self.color, &self.san)
    }

    /// The move with its SAN, as a game's replay reads it.
    pub fn written(&self) -> WrittenMove<'_> {
        WrittenMove {
            mv: self.mv,
            san: &self.san,
        }
    }
}

/// A game read from a PGN: its tags, start position and main line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The game's number in the file, counting from 1.
    pub number: usize,
    /// The tags in the order given.
    pub tags: Vec<(String, String)>,
    /// The rules it is played under.
    pub variant: Variant,
    /// The castling rule it is played under.
    pub rule: Rule,
    /// The start position: the FEN tag's, or the standard start position.
    pub start: Board,
    /// The main line, each move legal.
    pub moves: Vec<PlayedMove>,
    /// The result that ends the movetext (`1-0`, `0-1`, `1/2-1/2`, `*`), if given.
    pub result: Option<String>,
}

impl Game {
    /// The value of the first tag called `name` (case-sensitive, as PGN tag names are).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The position after the first `ply` moves (0: the start position; past the end: the
    /// final position).
    ///
    /// # Panics
    /// As [`Game::replay_to`].
    pub fn position(&self, ply: usize) -> Board {
        self.replay_to(ply).0
    }

    /// The position after the first `ply` moves (past the end: the final position) and the
    /// game's castling context there (home squares, rights lost and by which move), replayed
    /// under the game's rule ([`GameContext::replay`]).
    ///
    /// # Panics
    /// Never for a game [`super::read_pgn`] gives, whose moves are legal; only if `start`,
    /// `rule` or `moves` were changed into a game with an illegal move.
    pub fn replay_to(&self, ply: usize) -> (Board, GameContext) {
        let moves = self.moves.iter().take(ply).map(PlayedMove::written);
        GameContext::replay(&self.start, self.rule, moves).expect(LEGAL)
    }

    /// Each castling through the game under its rule ([`timeline_under`]).
    ///
    /// # Panics
    /// As [`Game::replay_to`].
    pub fn timeline(&self) -> RuleTimeline {
        let moves = self.moves.iter().map(PlayedMove::written);
        timeline_under(&self.start, moves, self.rule).expect(LEGAL)
    }
}

/// What a replay of a game read from PGN relies on.
const LEGAL: &str = "a game read from PGN holds legal moves only";

/// "14. Bxf7" or "14... Bxf7", the move escaped and cut so the message stays one clean line.
fn label(number: u16, color: Color, san: &str) -> String {
    let quoted = quote(&san.chars().take(MOVE_SHOWN).collect::<String>());
    let mut shown = quoted[1..quoted.len() - 1].to_string();
    if san.chars().count() > MOVE_SHOWN {
        shown.push('…');
    }
    match color {
        Color::White => format!("{number}. {shown}"),
        Color::Black => format!("{number}... {shown}"),
    }
}

/// Checks a game's tags and plays its main line, under `given` if the caller names a rule.
pub(super) fn replay(raw: RawGame<'_>, game: usize, given: Option<Rule>) -> Result<Game, PgnError> {
    let unique = |name: &str| -> Result<Option<&str>, PgnError> {
        let mut values = raw.tags.iter().filter(|(n, _)| n == name);
        let first = values.next().map(|(_, v)| v.as_str());
        if values.next().is_some() {
            return Err(PgnError::DuplicateTag {
                game,
                name: name.to_string(),
            });
        }
        Ok(first)
    };
    let variant = match unique("Variant")? {
        None => Variant::Standard,
        Some(value) => {
            let key: String = value
                .chars()
                .filter(|c| !matches!(c, ' ' | '-' | '_'))
                .flat_map(char::to_lowercase)
                .collect();
            match key.as_str() {
                "" | "standard" | "chess" | "normal" | "fromposition" => Variant::Standard,
                "chess960" | "960" | "fischerandom" | "fischerrandom" | "frc" => Variant::Chess960,
                "chess480" => Variant::Chess480,
                _ => {
                    return Err(PgnError::UnsupportedVariant {
                        game,
                        variant: value.to_string(),
                    });
                }
            }
        }
    };
    let tagged = match unique(RULE_TAG)? {
        Some(name) => Some(
            name.trim()
                .parse::<Rule>()
                .map_err(|source| PgnError::UnknownRule { game, source })?,
        ),
        None => None,
    };
    let rule = game_rule(game, variant, tagged, given)?;
    let start = match unique("FEN")? {
        Some(fen) => read_fen(fen).map_err(|source| PgnError::Fen { game, source })?,
        None if variant != Variant::Standard => {
            return Err(PgnError::MissingFen { game, variant });
        }
        None => Board::default(),
    };
    let mut board = start.clone();
    let mut moves = Vec::with_capacity(raw.moves.len());
    for (i, (san, line)) in raw.moves.into_iter().enumerate() {
        let (number, color) = (board.fullmove_number(), board.side_to_move());
        let mv = read_san_under(&board, rule, san).map_err(|e| PgnError::Move {
            game,
            ply: i + 1,
            label: label(number, color, san),
            kind: e.kind,
            fen: to_fen(&board, CastlingNotation::XFen),
        })?;
        mv.play_unchecked(&mut board);
        moves.push(PlayedMove {
            ply: i + 1,
            number,
            color,
            san: san.to_string(),
            mv,
            line,
        });
    }
    Ok(Game {
        number: game,
        tags: raw.tags,
        variant,
        rule,
        start,
        moves,
        result: raw.result.map(str::to_string),
    })
}

/// The rule game `game` is played under: the one its Variant tag implies, its CastlingRule tag
/// names (`tagged`) and the caller gives must agree, wherever given; Chess960's when none is.
fn game_rule(
    game: usize,
    variant: Variant,
    tagged: Option<Rule>,
    given: Option<Rule>,
) -> Result<Rule, PgnError> {
    let named = [
        variant
            .rule()
            .map(|rule| (format!("[Variant \"{variant}\"]"), rule)),
        tagged.map(|rule| (format!("[{RULE_TAG} \"{rule}\"]"), rule)),
        given.map(|rule| ("--rule".to_string(), rule)),
    ];
    let mut named = named.into_iter().flatten();
    let Some((first_by, first)) = named.next() else {
        return Ok(Rule::default());
    };
    match named.find(|(_, rule)| *rule != first) {
        Some((second_by, second)) => Err(PgnError::ConflictingRules {
            game,
            first_by,
            first: first.name(),
            second_by,
            second: second.name(),
        }),
        None => Ok(first),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen::{FenError, PositionError};
    use crate::notation::pgn_import::{read_pgn, refused as err};

    #[test]
    fn fen_and_variant_tags_set_the_start() {
        for variant in [
            "Chess960",
            "chess 960",
            "Fischerandom",
            "Fischer Random",
            "chess960",
        ] {
            let pgn = format!(
                "[Variant \"{variant}\"]\n[SetUp \"1\"]\n[FEN \"nrkbbqrn/pppppppp/8/8/8/8/PPPPPPPP/NRKBBQRN b KQkq - 0 7\"]\n\n7... b5 8. b4 *"
            );
            let game = read_pgn(&pgn).unwrap();
            assert_eq!(game.variant, Variant::Chess960, "{variant}");
            assert_eq!(game.moves[0].label(), "7... b5");
            assert_eq!(game.moves[1].label(), "8. b4");
            assert_eq!(game.result.as_deref(), Some("*"));
        }
        let e = err("[Variant \"Crazyhouse\"]\n1. e4 *");
        assert_eq!(
            e.to_string(),
            "game 1: variant \"Crazyhouse\" is not supported: castle960 reads standard chess, Chess960 (Variant \"Chess960\", \"Fischerandom\", \"chess 960\") and Chess480 (Variant \"Chess480\")"
        );
        assert_eq!(
            err("[Variant \"Chess960\"]\n1. e4 *"),
            PgnError::MissingFen {
                game: 1,
                variant: Variant::Chess960
            }
        );
        assert!(matches!(
            err("[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n*"),
            PgnError::Fen {
                game: 1,
                source: FenError::Position(PositionError::KingCount { .. })
            }
        ));
        assert!(matches!(
            err("[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n*"),
            PgnError::DuplicateTag { game: 1, .. }
        ));
    }

    #[test]
    fn illegal_moves_name_the_ply_and_the_move() {
        let e = err("1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. Bxf7+ Kxf7 5. Kxe5 *");
        assert_eq!(
            e.to_string(),
            "game 1, ply 9 (5. Kxe5): no white king can legally move to e5; position before the move: \
             r1bq1b1r/pppp1kpp/2n2n2/4p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQ - 0 5"
        );
        let e = err("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# Ke7 *");
        assert!(
            e.to_string()
                .starts_with("game 1, ply 8 (4... Ke7): no black king"),
            "{e}"
        );
        let e = err("1. e4 \u{1b}\u{7}m *");
        assert!(
            e.to_string()
                .starts_with("game 1, ply 2 (1... \\u{1b}\\u{7}m): not a move"),
            "{e}"
        );
        let e = err("[FEN \"4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1\"]\n1. Nd2 *");
        assert_eq!(
            e.to_string(),
            "game 1, ply 1 (1. Nd2): ambiguous: it fits Nbd2 and Nfd2; name the file or rank the piece comes from; position before the move: 4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1"
        );
        let e = err(&format!("1. {} *", "x".repeat(500)));
        assert!(e.to_string().len() < 300, "{e}");
    }
}
