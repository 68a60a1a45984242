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
//! Errors name where: a move by its ply (counted from the game's start position, 1 for the
//! first move) and its number as a player writes it, e.g. `game 1, ply 27 (14. Bxf7): no
//! white bishop can legally move to f7 in position ...`; anything else by its line.

use super::fen::{CastlingNotation, FenError, read_fen, to_fen};
use super::san::{SanErrorKind, read_san};
use crate::error::quote;
use cozy_chess::{Board, Color, Move};
use thiserror::Error;

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
    /// A variant other than standard chess or Chess960.
    #[error(
        "game {game}: variant {} is not supported: castle960 reads standard chess and Chess960 (Variant \"Chess960\", \"Fischerandom\", \"chess 960\")",
        quote(.variant)
    )]
    UnsupportedVariant {
        /// The game, counting from 1.
        game: usize,
        /// The Variant tag's value.
        variant: String,
    },
    /// A Chess960 game without the FEN tag that says its start position.
    #[error(
        "game {game}: a Chess960 game needs a FEN tag with its start position, like [FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\"]"
    )]
    MissingFen {
        /// The game, counting from 1.
        game: usize,
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
    #[error("game {game}, ply {ply} ({label}): {kind} in position {fen}")]
    Move {
        /// The game, counting from 1.
        game: usize,
        /// The move's ply, 1 for the game's first move.
        ply: usize,
        /// The move as a player writes it, `14. Bxf7` or `14... Bxf7` (escaped, cut).
        label: String,
        /// What is wrong with it.
        kind: SanErrorKind,
        /// The position before it, as a Shredder-FEN.
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
    /// The move, legal in the position before it (castling as the king taking its rook).
    pub mv: Move,
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
            board.play_unchecked(played.mv);
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
/// assert_eq!(game.moves[6].mv, "g1h1".parse().unwrap());
/// assert_eq!(game.result.as_deref(), Some("1-0"));
///
/// let err = read_pgn("1. e4 e5 2. Ke3").unwrap_err();
/// assert!(err.to_string().starts_with(
///     "game 1, ply 3 (2. Ke3): no white king can legally move to e3 in position"));
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
    let mut lexer = Lexer::new(text);
    let mut found = 0;
    while let Some(raw) = next_game(&mut lexer)? {
        found += 1;
        if found == number {
            return replay(raw, number);
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

/// Checks a game's tags and plays its main line.
fn replay(raw: RawGame<'_>, game: usize) -> Result<Game, PgnError> {
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
                _ => {
                    return Err(PgnError::UnsupportedVariant {
                        game,
                        variant: value.to_string(),
                    });
                }
            }
        }
    };
    let start = match unique("FEN")? {
        Some(fen) => read_fen(fen).map_err(|source| PgnError::Fen { game, source })?,
        None if variant == Variant::Chess960 => return Err(PgnError::MissingFen { game }),
        None => Board::default(),
    };
    let mut board = start.clone();
    let mut moves = Vec::with_capacity(raw.moves.len());
    for (i, (san, line)) in raw.moves.into_iter().enumerate() {
        let (number, color) = (board.fullmove_number(), board.side_to_move());
        let mv = read_san(&board, san).map_err(|e| PgnError::Move {
            game,
            ply: i + 1,
            label: label(number, color, san),
            kind: e.kind,
            fen: to_fen(&board, CastlingNotation::Shredder),
        })?;
        board.play_unchecked(mv);
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
        start,
        moves,
        result: raw.result.map(str::to_string),
    })
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
        if !game.moves.is_empty() && open.is_empty() && lexer.tag_ahead() {
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
    fn tag_ahead(&mut self) -> bool {
        self.skip_blank().is_ok() && self.peek() == Some(b'[')
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
