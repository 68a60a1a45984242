//! Helpers of the notation tests: a seeded random generator, random games from the 960 start
//! positions, and PGN texts written from them (the inputs the fuzz and differential tests start
//! from).

#![allow(dead_code)]

use castle960::notation::fen::{CastlingNotation, to_fen};
use castle960::notation::san::write_san;
use cozy_chess::{Board, Color, Move};

/// The seeded generator the library's random games use: the same sequence on every machine.
pub use castle960::notation::uci::is_castling;
pub use castle960::referee::positions::SplitMix64 as Rng;
pub use castle960::referee::positions::legal_moves;

/// A random game of at most `plies` moves from `start`: each move chosen uniformly, except that
/// a legal castling is taken one time in `castle_one_in` and king and rook moves are avoided
/// half the time while rights remain, so that castling positions and rights stay common. Stops
/// at mate or stalemate.
pub fn random_game(start: &Board, plies: usize, castle_one_in: usize, rng: &mut Rng) -> Vec<Move> {
    let mut board = start.clone();
    let mut moves = Vec::new();
    for _ in 0..plies {
        let legal = legal_moves(&board);
        if legal.is_empty() {
            break;
        }
        let castlings: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|&m| is_castling(&board, m))
            .collect();
        let mv = if !castlings.is_empty() && rng.one_in(castle_one_in) {
            *rng.pick(&castlings)
        } else {
            let color = board.side_to_move();
            let rights = board.castle_rights(color);
            let keeps: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|m| {
                    !matches!(
                        board.piece_on(m.from),
                        Some(cozy_chess::Piece::King | cozy_chess::Piece::Rook)
                    )
                })
                .collect();
            if (rights.short.is_some() || rights.long.is_some())
                && !keeps.is_empty()
                && rng.one_in(2)
            {
                *rng.pick(&keeps)
            } else {
                *rng.pick(&legal)
            }
        };
        board.play(mv);
        moves.push(mv);
    }
    moves
}

/// Every position of a game: the start, then after each move.
pub fn positions(start: &Board, moves: &[Move]) -> Vec<Board> {
    let mut board = start.clone();
    let mut out = vec![board.clone()];
    for &mv in moves {
        board.play(mv);
        out.push(board.clone());
    }
    out
}

/// A PGN of the game with the usual decorations a reader must read past, chosen at random:
/// comments, variations (a legal alternative), NAGs, marks, move numbers glued or spaced.
pub fn pgn_text(start: &Board, moves: &[Move], rng: &mut Rng, event: &str) -> String {
    let mut out = String::new();
    out.push_str(&format!(
        "[Event \"{event}\"]\n[Site \"castle960 tests\"]\n"
    ));
    if *start != Board::default() {
        out.push_str("[Variant \"Chess960\"]\n[SetUp \"1\"]\n");
        out.push_str(&format!(
            "[FEN \"{}\"]\n",
            to_fen(
                start,
                if rng.one_in(2) {
                    CastlingNotation::XFen
                } else {
                    CastlingNotation::Shredder
                }
            )
        ));
    }
    out.push('\n');
    let mut board = start.clone();
    for (i, &mv) in moves.iter().enumerate() {
        let number = board.fullmove_number();
        let white = board.side_to_move() == Color::White;
        if white {
            out.push_str(&format!("{number}."));
            if rng.one_in(2) {
                out.push(' ');
            }
        } else if i == 0 || rng.one_in(8) {
            out.push_str(&format!("{number}... "));
        }
        out.push_str(&write_san(&board, mv).expect("random games are legal"));
        match rng.below(12) {
            0 => out.push_str(" {a comment}"),
            1 => out.push_str(" $1"),
            2 => out.push('!'),
            3 => {
                let legal = legal_moves(&board);
                let other = *rng.pick(&legal);
                out.push_str(&format!(
                    " ({}{} {})",
                    number,
                    if white { "." } else { "..." },
                    write_san(&board, other).expect("legal")
                ));
            }
            4 => out.push_str("\n; a line comment\n"),
            _ => {}
        }
        out.push(if rng.one_in(10) { '\n' } else { ' ' });
        board.play(mv);
    }
    let result = ["1-0", "0-1", "1/2-1/2", "*"][rng.below(4)];
    out.push_str(result);
    out.push('\n');
    out
}

pub const FEN_CHARS: &[char] = &[
    'p', 'n', 'b', 'r', 'q', 'k', 'P', 'N', 'B', 'R', 'Q', 'K', '1', '2', '3', '4', '5', '6', '7',
    '8', '9', '0', '/', ' ', 'w', '-', 'a', 'c', 'd', 'e', 'f', 'g', 'h', 'A', 'C', 'D', 'E', 'F',
    'G', 'H', '\t', '\n', '\0', 'é', '½', '+', 'x',
];

pub const FEN_TOKENS: &[&str] = &[
    "-",
    "w",
    "b",
    "KQkq",
    "HAha",
    "Kq",
    "e3",
    "d6",
    "a3",
    "h6",
    "0",
    "1",
    "100",
    "101",
    "65535",
    "65536",
    "99999999999999999999",
    "-1",
    "x",
    "8/8/8/8/8/8/8/8",
    "k7/8/8/8/8/8/8/K7",
];

/// One random change to a text, at the level of characters or whitespace-separated fields.
pub fn mutate(text: &str, chars: &[char], tokens: &[&str], rng: &mut Rng) -> String {
    let mut c: Vec<char> = text.chars().collect();
    let at = |rng: &mut Rng, len: usize| rng.below(len + 1);
    match rng.below(8) {
        0 if !c.is_empty() => {
            let i = rng.below(c.len());
            c[i] = *rng.pick(chars);
        }
        1 if !c.is_empty() => {
            let i = rng.below(c.len());
            let n = 1 + rng.below(3.min(c.len() - i));
            c.drain(i..i + n);
        }
        2 => {
            let i = at(rng, c.len());
            c.insert(i, *rng.pick(chars));
        }
        3 => {
            let i = at(rng, c.len());
            c.truncate(i);
        }
        4..=6 => {
            let mut fields: Vec<String> = text.split(' ').map(str::to_string).collect();
            let i = rng.below(fields.len());
            match rng.below(4) {
                0 => {
                    let j = rng.below(fields.len());
                    fields.swap(i, j);
                }
                1 => fields[i] = rng.pick(tokens).to_string(),
                2 => {
                    let copy = fields[i].clone();
                    fields.insert(i, copy);
                }
                _ => {
                    fields.remove(i);
                }
            }
            return fields.join(" ");
        }
        _ => {
            let i = at(rng, c.len());
            c.splice(i..i, rng.pick(tokens).chars());
        }
    }
    c.into_iter().collect()
}

/// One random change that keeps the FEN's form but not necessarily its legality: men moved,
/// swapped, added or removed, the side to move flipped, other castling letters or another en
/// passant square. These reach the rules about the position, which character noise rarely does.
pub fn mutate_position(fen: &str, rng: &mut Rng) -> String {
    let mut fields: Vec<String> = fen.split(' ').map(str::to_string).collect();
    let mut squares: Vec<char> = Vec::with_capacity(64);
    for c in fields[0].chars().filter(|&c| c != '/') {
        match c.to_digit(10) {
            Some(n) => squares.extend(std::iter::repeat_n('.', n as usize)),
            None => squares.push(c),
        }
    }
    assert_eq!(squares.len(), 64, "corpus FENs are valid: {fen}");
    let (i, j) = (rng.below(64), rng.below(64));
    match rng.below(7) {
        0 => {
            squares[j] = squares[i];
            squares[i] = '.';
        }
        1 => squares.swap(i, j),
        2 => {
            squares[i] = *rng.pick(&[
                'P', 'N', 'B', 'R', 'Q', 'K', 'p', 'n', 'b', 'r', 'q', 'k', '.',
            ])
        }
        3 => {
            fields[1] = if fields[1] == "w" {
                "b".into()
            } else {
                "w".into()
            }
        }
        4 => {
            let letters = "KQkqABCDEFGHabcdefgh".as_bytes();
            let field: String = (0..1 + rng.below(4))
                .map(|_| char::from(*rng.pick(letters)))
                .collect();
            fields[2] = field;
        }
        5 => {
            fields[3] = format!(
                "{}{}",
                char::from(b'a' + rng.below(8) as u8),
                rng.pick(&['3', '6'])
            )
        }
        _ => fields[2] = "-".into(),
    }
    let mut placement = String::new();
    for rank in squares.chunks(8) {
        let mut empty = 0;
        for &c in rank {
            if c == '.' {
                empty += 1;
            } else {
                if empty > 0 {
                    placement.push_str(&empty.to_string());
                    empty = 0;
                }
                placement.push(c);
            }
        }
        if empty > 0 {
            placement.push_str(&empty.to_string());
        }
        placement.push('/');
    }
    placement.pop();
    fields[0] = placement;
    fields.join(" ")
}

/// Valid FENs from random games from random start positions, both castling notations.
pub fn fen_corpus(rng: &mut Rng) -> Vec<String> {
    let mut corpus = Vec::new();
    for game in 0..300 {
        let start = if game % 10 == 0 {
            Board::default()
        } else {
            Board::chess960_startpos(rng.below(960) as u32)
        };
        let moves = random_game(&start, 120, 2, rng);
        for board in positions(&start, &moves).iter().step_by(3) {
            for notation in [CastlingNotation::Shredder, CastlingNotation::XFen] {
                corpus.push(to_fen(board, notation));
            }
        }
    }
    corpus
}
