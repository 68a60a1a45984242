//! PGN export of White's lines as complete games that any Chess960-aware program replays.
//!
//! The model has Black absent, but a PGN game needs Black moves: Black's waiting moves come
//! from the start half's search ([`crate::start::waiting_moves`]), and this module only writes
//! the game: its tags, White's moves in SAN with Black's in between, wrapped below 80 columns.

use crate::chess::{Arrangement, Rule};
use crate::notation::fen::CastlingNotation;
use crate::notation::pgn_import::{RULE_TAG, Variant};
use crate::start::line::Line;
pub use crate::start::waiting_moves::NoWaitingMove;
use crate::start::waiting_moves::waiting_moves;
use std::fmt::Write as _;

/// The comment that opens every game's movetext: why Black moves at all.
pub const BLACK_NOTE: &str = "Black is absent in castle960's model: only White's men matter. \
Black's moves here are waiting moves that never touch White's play, added only so that any \
chess program can replay the game. The Link tag opens the start position in lichess's \
analysis board.";

/// A complete PGN game: headers naming the variant and the start FEN (Shredder-FEN), a link to
/// the start position in lichess's analysis board (`[Link]`, as chess.com's exports name their
/// links), a comment saying why Black moves, White's line with Black's waiting moves in
/// between, and the result `*` (the game is not over).
pub fn game(arrangement: &Arrangement, line: &Line, event: &str) -> Result<String, NoWaitingMove> {
    game_in(arrangement, line, event, CastlingNotation::Shredder)
}

/// [`game`] with the `[FEN]` header's castling field in the given notation.
pub fn game_in(
    arrangement: &Arrangement,
    line: &Line,
    event: &str,
    notation: CastlingNotation,
) -> Result<String, NoWaitingMove> {
    game_under(arrangement, line, event, notation, Rule::CHESS960)
}

/// [`game_in`] for a line castling under `rule`: the tags name the rule as castle960's PGN
/// reader reads it (`[Variant "Chess480"]`, or `[Variant "Chess960"]` with castle960's own
/// `[CastlingRule "free"]`; see [`crate::notation::pgn_import`]), and the castling move is
/// written in the rule's notation.
pub fn game_under(
    arrangement: &Arrangement,
    line: &Line,
    event: &str,
    notation: CastlingNotation,
    rule: Rule,
) -> Result<String, NoWaitingMove> {
    let waits = waiting_moves(arrangement, line)?;
    let mut board = line.start(arrangement);
    let mut movetext: Vec<String> = format!("{{{BLACK_NOTE}}}")
        .split(' ')
        .map(str::to_string)
        .collect();
    for (i, &mv) in line.moves.iter().enumerate() {
        movetext.push(format!("{}. {}", i + 1, board.san(mv)));
        board
            .play(mv)
            .expect("lines built by the searches are legal");
        if let Some(wait) = waits.get(i) {
            movetext.push(wait.clone());
        }
    }
    movetext.push("*".to_string());
    let variant = [Variant::Chess960, Variant::Chess480]
        .into_iter()
        .find(|v| v.rule() == Some(rule))
        .unwrap_or(Variant::Chess960);
    let rule_tag = (variant.rule() != Some(rule)).then(|| (RULE_TAG, rule.name().to_string()));
    let mut out = String::new();
    for (tag, value) in [
        ("Event", event.to_string()),
        ("Site", "castle960".to_string()),
        ("Date", "????.??.??".to_string()),
        ("Round", "-".to_string()),
        ("White", "castle960".to_string()),
        ("Black", "waiting moves".to_string()),
        ("Result", "*".to_string()),
        ("Variant", variant.to_string()),
    ]
    .into_iter()
    .chain(rule_tag)
    .chain([
        ("SetUp", "1".to_string()),
        ("FEN", notation.start_fen(arrangement)),
        ("Link", crate::notation::lichess::analysis_url(arrangement)),
    ]) {
        let _ = writeln!(out, "[{tag} \"{value}\"]");
    }
    out.push('\n');
    // Wrap movetext below 80 columns, as the PGN export format asks (a move number stays with
    // its move: one token).
    let mut width = 0;
    for token in movetext {
        if width > 0 && width + 1 + token.len() > 79 {
            out.push('\n');
            width = 0;
        } else if width > 0 {
            out.push(' ');
            width += 1;
        }
        width += token.len();
        out.push_str(&token);
    }
    out.push('\n');
    Ok(out)
}
