//! The PGN text into games' tags and main-line moves, knowing no chess: comments `{..}` and
//! `;..`, variations `(..)` at any depth, NAGs `$1`, move numbers, `...`, `!?`-style marks and
//! `%` escape lines are read past. Small, never panics, and fuzzed; its errors name the line
//! (`game.rs` checks the moves and names the ply).

use super::PgnError;

/// A game as the tokenizer found it, before its moves are checked.
pub(super) struct RawGame<'a> {
    /// The tags in the order given.
    pub tags: Vec<(String, String)>,
    /// The main line's moves as written, each with its line.
    pub moves: Vec<(&'a str, usize)>,
    /// The result that ends the movetext, if given.
    pub result: Option<&'a str>,
}

/// The next game's tags and main-line moves, or `None` at the end of the text. A game ends at
/// its result, or where a tag follows its moves.
pub(super) fn next_game<'a>(lexer: &mut Lexer<'a>) -> Result<Option<RawGame<'a>>, PgnError> {
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
pub(super) struct Lexer<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
}

/// Bytes that end a move token.
fn is_delimiter(b: u8) -> bool {
    b.is_ascii_whitespace() || b"{}()[];$\"".contains(&b)
}

impl<'a> Lexer<'a> {
    pub(super) fn new(text: &'a str) -> Lexer<'a> {
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
    use crate::notation::fen::{CastlingNotation, to_fen};
    use crate::notation::pgn_import::{Variant, read_pgn, refused as err, sans};
    use cozy_chess::{Board, Color};

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
}
