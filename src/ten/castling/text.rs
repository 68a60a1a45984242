//! The text of `castle960 castle --variant NAME FEN`: the board, then one block per castling
//! with its status, king and rook moves, every reason, the fewest own moves and its notation,
//! worded as the eight-file explainer words them.

use super::{TenExplanation, TenSideCastling};
use crate::report::castling::moves_sentence;
use crate::report::diagram::Frame;
use crate::ten::Board;
use crate::ten::square::{FILES, RANKS, Square};
use crate::words::{self, wrap};
use cozy_chess::Color;

/// The board as letters (upper case White, lower case Black, the variant's own letters), rank
/// 8 first, with files and ranks named.
pub fn diagram(board: &Board) -> String {
    let frame = Frame {
        files: FILES,
        ranks: RANKS,
        indent: 2,
    };
    crate::report::diagram::diagram(frame, |file, rank| {
        let (color, piece) = board.man_on(Square::new(file, rank)?)?;
        let letter = board.variant().letter(piece);
        Some(match color {
            Color::White => letter,
            Color::Black => letter.to_ascii_lowercase(),
        })
    })
}

/// One castling's block.
fn block(entry: &TenSideCastling, width: usize) -> String {
    let status = entry.status.words();
    let name = match &entry.notation {
        Some(n) => n.san.trim_end_matches(['+', '#']).to_string(),
        None => entry.side.san().to_string(),
    };
    let mut out = format!(
        "{} {name} ({}-side): {status}\n",
        words::color_title(entry.color),
        &entry.side.prefix()[..1]
    );
    if let Some(c) = &entry.castling {
        out.push_str(&wrap(
            &moves_sentence([c.king, c.king_to], [c.rook, c.rook_to]),
            "  ",
            "    ",
            width,
        ));
    }
    if !entry.reasons.is_empty() {
        out.push_str("  Why not:\n");
        for reason in &entry.reasons {
            out.push_str(&wrap(&reason.to_string(), "    - ", "      ", width));
        }
    }
    if let Some(later) = &entry.later {
        out.push_str(&wrap(&format!("Later: {later}."), "  ", "    ", width));
    }
    if let Some(n) = &entry.notation {
        out.push_str(&wrap(
            &format!("How to play it: {} in SAN; {} in UCI.", n.san, n.uci),
            "  ",
            "    ",
            width,
        ));
    }
    out
}

/// The whole explanation as text, lines wrapped at `width`.
pub fn position_text(board: &Board, e: &TenExplanation, width: usize) -> String {
    let mut out = format!(
        "Variant {}; castling rule {}: {}.\nFEN {}\n{} to move.\n\n",
        e.variant,
        e.rule,
        e.rule.title(),
        e.fen,
        words::color_title(e.to_move)
    );
    out.push_str(&diagram(board));
    for entry in e.all() {
        out.push('\n');
        out.push_str(&block(entry, width));
    }
    out
}
