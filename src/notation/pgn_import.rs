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
//! tokenizer below is small, never panics, and is fuzzed.
//!
//! A file may hold several games. [`read_pgn`] reads the first; [`read_pgn_game`] reads the
//! `n`-th (counting from 1), for a `--game N` option; games before it are tokenized (so a
//! broken comment there is reported) but not replayed, games after it are not read at all.
//!
//! A game is played under a castling rule: Chess960's unless it declares another, by
//! `[Variant "Chess480"]` or by castle960's own `[CastlingRule "free"]` tag (any rule name of
//! [`Rule`]; no program writes it but castle960, which says so in the README), or the caller
//! names one ([`read_pgn_game_under`], `castle --rule`). Its castlings are read in the rule's
//! notations ([`read_san_under`]).
//!
//! Errors name where: a move by its ply (counted from the game's start position, 1 for the
//! first move) and its number as a player writes it, e.g. `game 1, ply 27 (14. Bxf7): no
//! white bishop can legally move to f7; position before the move: ...`; anything else by its line.

use super::fen::{CastlingNotation, FenError, read_fen, to_fen};
use super::san::{SanErrorKind, read_san_under};
use crate::castling::GameMove;
use crate::chess::{Rule, UnknownRule};
use crate::error::quote;
use cozy_chess::{Board, Color};
use std::fmt;
use thiserror::Error;

/// The tag in which a game names its castling rule: castle960's invention (no standard tag says
/// it), read alongside `Variant`.
pub const RULE_TAG: &str = "CastlingRule";

/// How many characters of a move an error repeats (moves are short; garbage is cut).
const MOVE_SHOWN: usize = 20;

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
    pub fn position(&self, ply: usize) -> Board {
        let mut board = self.start.clone();
        for played in self.moves.iter().take(ply) {
            played.mv.play_unchecked(&mut board);
        }
        board
    }
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

/// A game as the tokenizer found it, before its moves are checked.
struct RawGame<'a> {
    tags: Vec<(String, String)>,
    moves: Vec<(&'a str, usize)>,
    result: Option<&'a str>,
}

/// Checks a game's tags and plays its main line, under `given` if the caller names a rule.
fn replay(raw: RawGame<'_>, game: usize, given: Option<Rule>) -> Result<Game, PgnError> {
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

/// The next game's tags and main-line moves, or `None` at the end of the text. A game ends at
/// its result, or where a tag follows its moves.
fn next_game<'a>(lexer: &mut Lexer<'a>) -> Result<Option<RawGame<'a>>, PgnError> {
    let mut game = RawGame {
        tags: Vec::new(),
        moves: Vec::new(),
        result: None,
    };
    // Where each open variation started, innermost last.
    let mut open: Vec<usize> = Vec::new();
    loop {
        if !game.moves.is_empty() && open.is_empty() && lexer.tag_ahead()? {
            return Ok(Some(game));
        }
        let Some((token, line)) = lexer.next_token()? else {
            if let Some(&line) = open.last() {
                return Err(PgnError::UnclosedVariation { line });
            }
            let empty = game.tags.is_empty() && game.moves.is_empty();
            return Ok((!empty).then_some(game));
        };
        match token {
            Token::Open => open.push(line),
            Token::Close => {
                if open.pop().is_none() {
                    return Err(PgnError::UnopenedVariation { line });
                }
            }
            Token::Tag(..) if !open.is_empty() => {
                return Err(PgnError::UnclosedVariation {
                    line: *open.last().expect("checked non-empty"),
                });
            }
            _ if !open.is_empty() => {}
            Token::Tag(name, value) => game.tags.push((name, value)),
            Token::Result(result) => {
                game.result = Some(result);
                return Ok(Some(game));
            }
            Token::Move(san) => game.moves.push((san, line)),
        }
    }
}

/// What the tokenizer hands on; comments, NAGs, move numbers and marks are dropped on the way.
#[derive(Debug, PartialEq, Eq)]
enum Token<'a> {
    Tag(String, String),
    Open,
    Close,
    Result(&'a str),
    Move(&'a str),
}

/// A PGN tokenizer over the whole text, tracking line numbers for messages.
struct Lexer<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
}

/// Bytes that end a move token.
fn is_delimiter(b: u8) -> bool {
    b.is_ascii_whitespace() || b"{}()[];$\"".contains(&b)
}

impl<'a> Lexer<'a> {
    fn new(text: &'a str) -> Lexer<'a> {
        Lexer {
            text: text.strip_prefix('\u{feff}').unwrap_or(text),
            pos: 0,
            line: 1,
        }
    }

    fn bytes(&self) -> &'a [u8] {
        self.text.as_bytes()
    }

    fn peek(&self) -> Option<u8> {
        self.bytes().get(self.pos).copied()
    }

    fn bump(&mut self) {
        if self.peek() == Some(b'\n') {
            self.line += 1;
        }
        self.pos += 1;
    }

    fn at_line_start(&self) -> bool {
        self.pos == 0 || self.bytes()[self.pos - 1] == b'\n'
    }

    /// Skips whitespace, comments and `%` escape lines.
    fn skip_blank(&mut self) -> Result<(), PgnError> {
        while let Some(b) = self.peek() {
            match b {
                b'%' if self.at_line_start() => self.skip_line(),
                b';' => self.skip_line(),
                b'{' => {
                    let line = self.line;
                    while self.peek().is_some_and(|b| b != b'}') {
                        self.bump();
                    }
                    if self.peek().is_none() {
                        return Err(PgnError::UnclosedComment { line });
                    }
                    self.bump();
                }
                _ if b.is_ascii_whitespace() => self.bump(),
                _ => return Ok(()),
            }
        }
        Ok(())
    }

    fn skip_line(&mut self) {
        while self.peek().is_some_and(|b| b != b'\n') {
            self.bump();
        }
    }

    /// Whether the next token is a tag (used to end a game that has no result).
    fn tag_ahead(&mut self) -> Result<bool, PgnError> {
        self.skip_blank()?;
        Ok(self.peek() == Some(b'['))
    }

    fn next_token(&mut self) -> Result<Option<(Token<'a>, usize)>, PgnError> {
        loop {
            self.skip_blank()?;
            let line = self.line;
            let Some(b) = self.peek() else {
                return Ok(None);
            };
            let token = match b {
                b'[' => self.tag()?,
                b'(' => {
                    self.bump();
                    Token::Open
                }
                b')' => {
                    self.bump();
                    Token::Close
                }
                b'$' => {
                    self.bump();
                    while self.peek().is_some_and(|b| b.is_ascii_digit()) {
                        self.bump();
                    }
                    continue;
                }
                b'}' | b']' | b'"' => {
                    // Stray closers and quotes: read past them like a word, so the move
                    // reader names them.
                    let start = self.pos;
                    self.bump();
                    Token::Move(&self.text[start..self.pos])
                }
                _ => match self.word() {
                    Some(token) => token,
                    None => continue,
                },
            };
            return Ok(Some((token, line)));
        }
    }

    /// A run of non-delimiter bytes: a move, a move number, a result or a mark. Move numbers
    /// (`12.`, `12...`, also glued to the move as in `12.e4`), `...`, `e.p.` and marks like
    /// `!?` give `None` (or the move glued to them).
    fn word(&mut self) -> Option<Token<'a>> {
        let start = self.pos;
        while self.peek().is_some_and(|b| !is_delimiter(b)) {
            self.bump();
        }
        let word = &self.text[start..self.pos];
        if matches!(word, "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*") {
            return Some(Token::Result(word));
        }
        let bare = word.trim_end_matches(['+', '#', '!', '?']);
        if matches!(bare, "0-0" | "0-0-0") {
            return Some(Token::Move(word));
        }
        let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let rest = match &word[digits..] {
            // A bare number, or a move number with its dots and perhaps the move glued on.
            "" if digits > 0 => return None,
            after if digits > 0 && after.starts_with('.') => after.trim_start_matches('.'),
            _ => word,
        };
        let rest = rest.trim_start_matches('…');
        if rest.is_empty() || rest == "e.p." || rest.bytes().all(|b| b"!?.".contains(&b)) {
            return None;
        }
        Some(Token::Move(rest))
    }

    /// A tag pair `[Name "value"]`, the value's `\"` and `\\` unescaped.
    fn tag(&mut self) -> Result<Token<'a>, PgnError> {
        let (start, line) = (self.pos, self.line);
        let malformed = |lexer: &Lexer<'a>| {
            let end = lexer.text[start..]
                .find('\n')
                .map_or(lexer.text.len(), |i| start + i);
            PgnError::MalformedTag {
                line,
                text: lexer.text[start..end].trim_end().to_string(),
            }
        };
        self.bump(); // '['
        self.skip_spaces();
        let name_start = self.pos;
        while self
            .peek()
            .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_')
        {
            self.bump();
        }
        let name = self.text[name_start..self.pos].to_string();
        self.skip_spaces();
        if name.is_empty() || self.peek() != Some(b'"') {
            return Err(malformed(self));
        }
        self.bump();
        let mut value = Vec::new();
        loop {
            match self.peek() {
                None | Some(b'\n') => return Err(malformed(self)),
                Some(b'"') => break,
                Some(b'\\') if matches!(self.bytes().get(self.pos + 1), Some(b'"' | b'\\')) => {
                    self.bump();
                    value.push(self.peek().expect("checked"));
                }
                Some(b) => value.push(b),
            }
            self.bump();
        }
        self.bump(); // '"'
        self.skip_spaces();
        if self.peek() != Some(b']') {
            return Err(malformed(self));
        }
        self.bump();
        // Only ASCII bytes were removed (backslashes), so the value is still UTF-8.
        let value = String::from_utf8(value).map_err(|_| malformed(self))?;
        Ok(Token::Tag(name, value))
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(|b| b == b' ' || b == b'\t') {
            self.bump();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen::PositionError;

    fn err(text: &str) -> PgnError {
        let e = read_pgn(text).unwrap_err();
        assert!(!e.to_string().contains('\n'), "{e}");
        e
    }

    fn sans(game: &Game) -> Vec<&str> {
        game.moves.iter().map(|m| m.san.as_str()).collect()
    }

    #[test]
    fn the_main_line_is_read_past_everything_else() {
        let pgn = "\u{feff}% an escape line\n[Event \"Test \\\"quoted\\\" \\\\ name\"]\n[Site \"?\"]\n\n\
                   1.e4 {comment (not a variation)} e5 ; rest of line 2. Nf4\n2. Nf3\n\
                   (2. f4 exf4 (2... d5) 3. Nf3) 2... Nc6 $14 3. Bb5 !? a6?! 4. Ba4 ... Nf6 \
                   5. O-O! 1/2-1/2\n";
        let game = read_pgn(pgn).unwrap();
        assert_eq!(
            sans(&game),
            [
                "e4", "e5", "Nf3", "Nc6", "Bb5", "a6?!", "Ba4", "Nf6", "O-O!"
            ]
        );
        assert_eq!(game.tag("Event"), Some("Test \"quoted\" \\ name"));
        assert_eq!(game.variant, Variant::Standard);
        assert_eq!(game.result.as_deref(), Some("1/2-1/2"));
        let last = game.moves.last().unwrap();
        assert_eq!(
            (last.ply, last.number, last.color, last.line),
            (9, 5, Color::White, 7)
        );
        assert_eq!(last.mv.to_string(), "e1h1");
        assert_eq!(game.moves[3].label(), "2... Nc6");
        assert_eq!(game.position(0), Board::default());
        assert_eq!(
            to_fen(&game.position(9), CastlingNotation::XFen),
            "r1bqkb1r/1ppp1ppp/p1n2n2/4p3/B3P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 3 5"
        );
    }

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

    #[test]
    fn broken_structure_names_the_line() {
        assert_eq!(
            err("1. e4 {never closed\n e5 *"),
            PgnError::UnclosedComment { line: 1 }
        );
        assert_eq!(
            err("1. e4 e5\n(1... d5 *"),
            PgnError::UnclosedVariation { line: 2 }
        );
        assert_eq!(err("1. e4 e5 ) *"), PgnError::UnopenedVariation { line: 1 });
        assert!(matches!(
            err("[Event \"unterminated]\n1. e4 *"),
            PgnError::MalformedTag { line: 1, .. }
        ));
        assert!(matches!(
            err("[Event]\n1. e4 *"),
            PgnError::MalformedTag { .. }
        ));
        assert!(matches!(
            err("1. e4 (1. d4 [Event \"x\"]) *"),
            PgnError::UnclosedVariation { line: 1 }
        ));
        assert_eq!(err(""), PgnError::NoGame);
        assert_eq!(err(" {just a comment} \n"), PgnError::NoGame);
    }

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
