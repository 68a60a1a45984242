//! Helpers of the castling tests: positions and moves handed to shakmaty (GPL, a dev-dependency
//! that referees the tests) and lines replayed under cozy-chess and shakmaty with the opponent
//! passing.

#![allow(dead_code)]

use castle960::CastlingSide;
use castle960::castling::{Castling, king_takes_rook};
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
    play_both(&mut cozy, &mut shak, king_takes_rook(&castling))
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
