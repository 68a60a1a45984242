//! `castle960 why` in words: the position, the move, what it does, and every reason that stands.
//! Castling is laid out as `castle960 castle` lays it out ([`crate::report::castling::side_text`]).

use super::answer::Answer;
use super::judge::Judgement;
use super::reason::{LastMove, Reason};
use crate::castling::Status;
use crate::chess::piece;
use crate::notation::fen::{CastlingNotation, to_fen};
use crate::report::castling::side_text;
use crate::report::diagram;
use crate::words;
use cozy_chess::Board;
use std::fmt::Write as _;

/// The answer for a reader: the position (FEN, whose move, the board), then each judgement.
pub fn answer_text(board: &Board, answer: &Answer, unicode: bool, width: usize) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "FEN {}", to_fen(board, CastlingNotation::XFen));
    let shredder = to_fen(board, CastlingNotation::Shredder);
    if shredder != to_fen(board, CastlingNotation::XFen) {
        let _ = writeln!(out, "Shredder-FEN {shredder}");
    }
    let mut to_move = format!("{} to move.", words::color_title(answer.to_move));
    if let LastMove::InGame(last) = &answer.last_move {
        let _ = write!(to_move, " Last move: {} (ply {}).", last.label(), last.ply);
    }
    out.push_str(&to_move);
    out.push_str("\n\n");
    out.push_str(&diagram::position(board, unicode));
    if answer.moves.len() > 1 {
        let _ = writeln!(
            out,
            "\n{} names no single man: {} men of that piece move like that, each judged.",
            crate::error::quote(&answer.input),
            answer.moves.len()
        );
    }
    for judgement in &answer.moves {
        out.push('\n');
        out.push_str(&judgement_text(&answer.input, judgement, width));
    }
    out
}

/// One judgement: the verdict line, what the move does, the reasons.
pub fn judgement_text(input: &str, j: &Judgement, width: usize) -> String {
    let mut out = String::new();
    let shown = crate::error::quote(input.trim());
    let _ = writeln!(out, "{}: {}", &shown[1..shown.len() - 1], j.status.words());
    let mut para = |text: String| out.push_str(&words::wrap(&text, "  ", "    ", width));
    if let Some(castling) = &j.castling {
        let own: Vec<&Reason> = j
            .reasons
            .iter()
            .filter(|r| matches!(r, Reason::Move(_)))
            .collect();
        if !own.is_empty() {
            para("The move as written:".to_string());
            for reason in own {
                out.push_str(&words::wrap(
                    &format!("- {reason}"),
                    "    ",
                    "      ",
                    width,
                ));
            }
        }
        for line in side_text(castling, width.saturating_sub(2)).lines() {
            let _ = writeln!(out, "  {line}");
        }
        return out;
    }
    para(format!("Move: {}.", does(j)));
    if !j.reasons.is_empty() {
        para(
            match j.status {
                Status::LegalOnTurn => "Legal as soon as it is its move:",
                _ => "Why not:",
            }
            .to_string(),
        );
        for reason in &j.reasons {
            out.push_str(&words::wrap(
                &format!("- {reason}"),
                "    ",
                "      ",
                width,
            ));
        }
    }
    if let Some(san) = &j.san {
        let uci = j.uci.as_deref().unwrap_or("");
        out.push_str(&words::wrap(
            &format!("How to write it: {san} in SAN, {uci} in UCI."),
            "  ",
            "    ",
            width,
        ));
    }
    out
}

/// What the move does, or would do: "the white pawn on e5 to d6, taking the black pawn on d5 en
/// passant (e5d6)".
fn does(j: &Judgement) -> String {
    let Some(man) = &j.man else {
        let color = words::color_title(j.color);
        return match (j.from, j.to) {
            (Some(from), Some(to)) => format!("{color}'s man from {from} to {to}"),
            (_, Some(to)) => format!("a {} man to {to}", words::color(j.color)),
            _ => format!("{color}'s move"),
        };
    };
    let mut text = format!("{man}");
    if let Some(to) = j.to {
        let _ = write!(text, " to {to}");
    }
    if let Some(taken) = &j.captures {
        let _ = write!(text, ", taking {taken}");
        if j.en_passant {
            text.push_str(" en passant");
        }
    } else if j.en_passant {
        text.push_str(", en passant");
    }
    if let Some(p) = j.promotion {
        let _ = write!(text, ", becoming a {}", piece::name(p));
    }
    if let Some(uci) = &j.uci {
        let _ = write!(text, " ({uci})");
    }
    text
}
