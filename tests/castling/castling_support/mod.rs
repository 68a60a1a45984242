//! Helpers of the castling tests: positions and moves handed to shakmaty (GPL, a dev-dependency
//! that referees the tests) and lines replayed under cozy-chess and shakmaty with the opponent
//! passing.

#![allow(dead_code)]

use castle960::CastlingSide;
use castle960::castling::Castling;
use cozy_chess::{Board, Color, Move};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Position};

/// A board from a Shredder-FEN or X-FEN; panics on a bad FEN (the tests' own positions).
pub fn board(fen: &str) -> Board {
    Board::from_fen(fen, true)
        .or_else(|_| Board::from_fen(fen, false))
        .unwrap_or_else(|e| panic!("bad test FEN {fen}: {e:?}"))
}

/// The same position for shakmaty, Chess960 castling rules.
pub fn shakmaty_position(board: &Board) -> Chess {
    let fen = format!("{board:#}");
    let fen: Fen = fen
        .parse()
        .unwrap_or_else(|e| panic!("shakmaty reads {fen}: {e}"));
    fen.into_position(CastlingMode::Chess960)
        .unwrap_or_else(|e| panic!("shakmaty accepts {board:#}: {e}"))
}

/// The castling moves cozy-chess calls legal for the side to move, as (colour, side).
pub fn cozy_castlings(board: &Board) -> Vec<CastlingSide> {
    let color = board.side_to_move();
    let king = board.king(color);
    let mut out = Vec::new();
    board.generate_moves_for(king.bitboard(), |moves| {
        for mv in moves {
            if board.color_on(mv.to) == Some(color) {
                out.push(CastlingSide::of(king.file(), mv.to.file()));
            }
        }
        false
    });
    out.sort();
    out
}

/// The castling moves shakmaty calls legal for the side to move.
pub fn shakmaty_castlings(pos: &Chess) -> Vec<CastlingSide> {
    let mut out: Vec<CastlingSide> = pos
        .legal_moves()
        .iter()
        .filter_map(|m| match m.castling_side()? {
            shakmaty::CastlingSide::QueenSide => Some(CastlingSide::A),
            shakmaty::CastlingSide::KingSide => Some(CastlingSide::H),
        })
        .collect();
    out.sort();
    out
}

/// Replays `line` (own moves of `color`, the opponent passing after each, and before the first
/// if it is the opponent's turn) from `start` and then castles on `side`, under cozy-chess and
/// under shakmaty; `Err` names the first step either refuses.
pub fn replay_with_passes(
    start: &Board,
    color: Color,
    side: CastlingSide,
    line: &[Move],
) -> Result<(), String> {
    let mut cozy = start.clone();
    let mut shak = shakmaty_position(start);
    let pass = |cozy: &mut Board, shak: &mut Chess| -> Result<(), String> {
        *cozy = cozy
            .null_move()
            .ok_or_else(|| format!("cozy-chess: no pass in {cozy:#}"))?;
        *shak = shak
            .clone()
            .swap_turn()
            .map_err(|e| format!("shakmaty: no pass in {cozy:#}: {e}"))?;
        Ok(())
    };
    if start.side_to_move() != color {
        pass(&mut cozy, &mut shak)?;
    }
    for (i, &mv) in line.iter().enumerate() {
        play_both(&mut cozy, &mut shak, mv).map_err(|e| format!("move {}: {e}", i + 1))?;
        pass(&mut cozy, &mut shak).map_err(|e| format!("after move {}: {e}", i + 1))?;
    }
    let castling = Castling::of_right(&cozy, color, side)
        .ok_or_else(|| format!("the right is gone after the line: {cozy:#}"))?;
    play_both(&mut cozy, &mut shak, castling.king_takes_rook())
        .map_err(|e| format!("castling: {e}"))
}

/// Plays `mv` under both libraries, checking that each calls it legal.
fn play_both(cozy: &mut Board, shak: &mut Chess, mv: Move) -> Result<(), String> {
    let before = format!("{cozy:#}");
    cozy.try_play(mv)
        .map_err(|_| format!("cozy-chess refuses {mv} in {before}"))?;
    let uci = UciMove::from_ascii(mv.to_string().as_bytes()).map_err(|e| e.to_string())?;
    let m = uci
        .to_move(shak)
        .map_err(|e| format!("shakmaty refuses {mv} in {before}: {e}"))?;
    *shak = shak
        .clone()
        .play(m)
        .map_err(|e| format!("shakmaty refuses {mv} in {before}: {e}"))?;
    Ok(())
}

/// The seeded generator the library's random games use, so the games are the same on every run.
pub use castle960::referee::positions::SplitMix64 as Rng;
pub use castle960::referee::positions::legal_moves;

/// How much a random game favours `mv`: moves that keep castling rights (the king and the rooks
/// that hold a right rarely move, castling itself now and then), that crowd or attack the first
/// two and last two ranks, and captures. So rights often survive next to crowded, attacked back
/// ranks, the positions where castling rules are tested hardest.
pub fn weight(board: &Board, mv: Move) -> u64 {
    use cozy_chess::{Piece, Rank};
    let color = board.side_to_move();
    let rights = board.castle_rights(color);
    let back = Rank::First.relative_to(color);
    let holds_right = |sq: cozy_chess::Square| {
        sq.rank() == back && (rights.short == Some(sq.file()) || rights.long == Some(sq.file()))
    };
    let is_castle = board.color_on(mv.to) == Some(color);
    let mut w = if is_castle {
        2
    } else if board.piece_on(mv.from) == Some(Piece::King) {
        if rights.short.is_some() || rights.long.is_some() {
            1
        } else {
            6
        }
    } else if holds_right(mv.from) {
        1
    } else {
        6
    };
    let to_rank = mv.to.rank() as usize;
    if !is_castle && (to_rank <= 1 || to_rank >= 6) {
        w *= 3;
    }
    if !is_castle && board.color_on(mv.to) == Some(!color) {
        w *= 2;
    }
    w
}

/// A weighted random legal move of `board` (see [`weight`]), `None` when there is none.
pub fn biased_move(board: &Board, rng: &mut Rng) -> Option<Move> {
    let moves = legal_moves(board);
    let weights: Vec<u64> = moves.iter().map(|&m| weight(board, m)).collect();
    let total: u64 = weights.iter().sum();
    if total == 0 {
        return None;
    }
    let mut pick = rng.next_u64() % total;
    for (mv, w) in moves.iter().zip(&weights) {
        if pick < *w {
            return Some(*mv);
        }
        pick -= w;
    }
    unreachable!("the pick is below the total weight")
}

/// Every position of seeded, biased random games (see [`weight`]): `games` games of at most
/// `plies` plies from each of the 960 start positions (White's arrangement `sp`, Black's
/// another one, so both colours meet all 960), each position passed to `visit`.
pub fn random_game_positions(games: u64, plies: usize, mut visit: impl FnMut(&Board)) {
    for sp in 0..960u32 {
        for game in 0..games {
            let mut rng = Rng::new(u64::from(sp) * 1_000_003 + game * 7_919 + 1);
            let black_sp = (sp + 97 * game as u32 * 3 + 480 * (game as u32 % 2)) % 960;
            let mut board = Board::double_chess960_startpos(sp, black_sp);
            visit(&board);
            for _ in 0..plies {
                let Some(mv) = biased_move(&board, &mut rng) else {
                    break;
                };
                board.play(mv);
                visit(&board);
            }
        }
    }
}

/// The colour-mirrored FEN: ranks flipped, colours swapped (pieces, side to move, castling
/// field, en passant square). The mirrored position is as legal as the original, with the
/// other colour in the same situation.
pub fn mirror_fen(fen: &str) -> String {
    let swap_case = |s: &str| -> String {
        s.chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect()
    };
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let placement: Vec<String> = fields[0].split('/').rev().map(swap_case).collect();
    let side = if fields[1] == "w" { "b" } else { "w" };
    let castling = if fields[2] == "-" {
        "-".to_string()
    } else {
        swap_case(fields[2])
    };
    let ep = mirror_text(fields[3]);
    let mut out = vec![placement.join("/"), side.to_string(), castling, ep];
    out.extend(fields[4..].iter().map(|s| s.to_string()));
    out.join(" ")
}

/// Words about a position, mirrored: squares (`b1` -> `b8`) and colours swapped. A square is a
/// file letter and a rank digit not preceded by a letter.
pub fn mirror_text(text: &str) -> String {
    let swapped = text
        .replace("white", "\u{0}")
        .replace("black", "white")
        .replace('\u{0}', "black")
        .replace("White", "\u{0}")
        .replace("Black", "White")
        .replace('\u{0}', "Black");
    let chars: Vec<char> = swapped.chars().collect();
    let mut out = String::new();
    for (i, &c) in chars.iter().enumerate() {
        let is_rank = ('1'..='8').contains(&c)
            && i > 0
            && ('a'..='h').contains(&chars[i - 1])
            && (i < 2 || !chars[i - 2].is_ascii_alphabetic());
        if is_rank {
            out.push(char::from(b'1' + b'8' - c as u8));
        } else {
            out.push(c);
        }
    }
    out
}
