//! `castle960::why`, "why can't I play this move?": every reason on hand-checked positions (both
//! colours, refereed by cozy-chess and shakmaty), en passant in every form and with a game, the
//! move reader fuzzed, the JSON schema, and the differential test against cozy-chess, shakmaty
//! and a plain computation of every reason.

mod differential;
mod en_passant;
mod fuzz;
mod json;
mod reasons;

use crate::castling_support::{board, mirror_fen, mirror_text, shakmaty_position};
use castle960::castling::Status;
use castle960::notation::uci::is_castling;
use castle960::why::{Answer, Past, why};
use cozy_chess::{Board, Move};
use shakmaty::{Chess, Position};

/// Words about a position with the colours mirrored: squares and colours as
/// [`mirror_text`] swaps them, and "rank N" as rank 9 - N.
pub fn mirror_words(text: &str) -> String {
    let swapped = mirror_text(text);
    let mut out = String::new();
    let mut rest = swapped.as_str();
    while let Some(at) = rest.find("rank ") {
        out.push_str(&rest[..at + 5]);
        rest = &rest[at + 5..];
        if let Some(d) = rest.chars().next().filter(|c| ('1'..='8').contains(c)) {
            out.push(char::from(b'1' + b'8' - d as u8));
            rest = &rest[1..];
        }
    }
    out.push_str(rest);
    out
}

/// A move with the colours mirrored: every square's rank as 9 - rank (a file letter and a rank
/// digit, whatever precedes them: `Qxd2` -> `Qxd7`), colour words swapped.
pub fn mirror_move(input: &str) -> String {
    let chars: Vec<char> = mirror_text(input).chars().collect();
    let original: Vec<char> = input.chars().collect();
    let mut out = String::new();
    for (i, &c) in chars.iter().enumerate() {
        // mirror_text flipped the ranks it took for squares; flip all ranks after a file letter
        // from the original text instead.
        let after_file = i > 0 && ('a'..='h').contains(&chars[i - 1]);
        if after_file && ('1'..='8').contains(&original.get(i).copied().unwrap_or(' ')) {
            out.push(char::from(b'1' + b'8' - original[i] as u8));
        } else {
            out.push(c);
        }
    }
    out
}

/// Asks about `input` in `fen` (a FEN alone), then about the mirrored move in the mirrored
/// position: each time one judgement, with `status` and exactly `reasons` in words, in order
/// (mirrored the second time), and cozy-chess and shakmaty agreeing on its legality. Returns the
/// original answer.
pub fn check(fen: &str, input: &str, status: Status, reasons: &[&str]) -> Answer {
    let mut first = None;
    for (fen, input, reasons) in [
        (
            fen.to_string(),
            input.to_string(),
            reasons.iter().map(|r| r.to_string()).collect::<Vec<_>>(),
        ),
        (
            mirror_fen(fen),
            mirror_move(input),
            reasons.iter().map(|r| mirror_words(r)).collect(),
        ),
    ] {
        let b = board(&fen);
        let answer = why(&b, &input, &Past::of_position(&b))
            .unwrap_or_else(|e| panic!("{fen} {input}: {e}"));
        assert_eq!(answer.moves.len(), 1, "{fen} {input}: {answer:#?}");
        let j = &answer.moves[0];
        let words: Vec<String> = j.reasons.iter().map(|r| r.to_string()).collect();
        assert_eq!(words, reasons, "{fen} {input}");
        assert_eq!(j.status, status, "{fen} {input}");
        if let Some(uci) = &j.uci {
            assert_referees_agree(
                &b,
                uci.parse().unwrap(),
                j.castling.is_some(),
                j.color,
                status,
            );
        }
        first.get_or_insert(answer);
    }
    first.expect("two rounds")
}

/// cozy-chess and shakmaty (Chess960 castling) agree with `status` on the legality of `mv` (in
/// cozy-chess's form, castling as the king taking its rook) for `color`: legal now, or after a
/// pass when it is the other colour's move. `castling` says whether the move is meant as
/// castling: a king onto its own rook is castling to both libraries, and e1g1 is to shakmaty.
pub fn assert_referees_agree(
    b: &Board,
    mv: Move,
    castling: bool,
    color: cozy_chess::Color,
    status: Status,
) {
    let (on_turn, legal) = if b.side_to_move() == color {
        (b.clone(), status == Status::LegalNow)
    } else {
        match b.null_move() {
            Some(passed) => (passed, status == Status::LegalOnTurn),
            None => return,
        }
    };
    let cozy = on_turn.is_legal(mv) && is_castling(&on_turn, mv) == castling;
    assert_eq!(cozy, legal, "cozy-chess: {mv} in {b:#}");
    assert_eq!(
        shakmaty_legal(&shakmaty_position(&on_turn), mv, castling),
        legal,
        "shakmaty: {mv} in {b:#}"
    );
}

/// Whether shakmaty calls `mv` legal: among its legal moves, with the same squares (castling:
/// the king's and the rook's), promotion and kind.
pub fn shakmaty_legal(pos: &Chess, mv: Move, castling: bool) -> bool {
    let square = |s: cozy_chess::Square| shakmaty::Square::new(s as u32);
    let promotion = mv.promotion.map(|p| match p {
        cozy_chess::Piece::Queen => shakmaty::Role::Queen,
        cozy_chess::Piece::Rook => shakmaty::Role::Rook,
        cozy_chess::Piece::Bishop => shakmaty::Role::Bishop,
        cozy_chess::Piece::Knight => shakmaty::Role::Knight,
        _ => shakmaty::Role::King,
    });
    pos.legal_moves().iter().any(|m| {
        m.from() == Some(square(mv.from))
            && m.to() == square(mv.to)
            && m.promotion() == promotion
            && m.is_castle() == castling
    })
}
