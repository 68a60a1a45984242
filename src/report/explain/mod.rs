//! `castle960 show`: one arrangement explained in words a reader can follow on a board.
//!
//! [`Explanation`] gathers what is said about an arrangement; each output has a module of its
//! own: the text (`text`), the JSON (`json`) and the reasons in prose ([`prose`]); the board
//! diagram is [`crate::report::diagram::start`]. PGN games come from [`crate::notation::pgn`].

mod json;
pub mod prose;
mod text;
pub mod under_rule;

pub use text::Paragraph;

use prose::verdict_reason;
pub use prose::{describe_stuck, rule_reason};

use crate::chess::{Arrangement, ByCastlingSide, CastlingSide, File};
use crate::notation::fen::CastlingNotation;
use crate::notation::lichess;
use crate::notation::pgn;
use crate::report::csv::Row;
use crate::start::analysis::Analysis;
use crate::start::board;
use crate::start::bound::PawnBound;
use crate::start::line::Line;
use crate::start::questions::OfficerOrder;
use crate::start::rule::RuleCase;
use crate::start::verdict::Verdict;
use itertools::Itertools;
use serde::Serialize;

/// The model every result is stated in.
pub const MODEL_NOTE: &str = "Model: Black is absent; only White's pieces stand on the board and \
White makes every move, so checks and captures never arise.";

/// How many castled ranks the text names before it points to `--json` for the rest.
pub(crate) const SHOWN_RANKS: usize = 6;

/// The version of `show --json`'s layout; it changes whenever a field is renamed or removed.
pub const JSON_SCHEMA: u32 = 1;

/// The explanation of one arrangement, printable as text, JSON (see the README's table) or PGN.
/// Its facts are the report's [`Row`]; the words around them are rendered here.
#[derive(Clone, Debug)]
pub struct Explanation {
    /// The report's line for this arrangement: every per-side fact, named as in the CSV.
    pub row: Row,
    /// The most files whose pawns the pawn-move search moved.
    pub pawn_bound: PawnBound,
    /// What the text says beyond the row, per side.
    pub details: ByCastlingSide<SideDetails>,
    /// The castled ranks (question 3) this arrangement reaches, in letter order.
    pub castled_ranks: Vec<OfficerOrder>,
    /// The start FEN as shown: Shredder-FEN (the report's), or X-FEN with `show --xfen`.
    pub fen: String,
    /// The link that opens the start position in lichess's analysis board.
    pub lichess: String,
}

/// What `show` says about one side beyond the report's columns: the moves of king and rook,
/// the reasons in words, and the games as PGN.
#[derive(Clone, Debug, Serialize)]
pub struct SideDetails {
    /// The castling move in SAN (`O-O-O` or `O-O`).
    pub castling_move: &'static str,
    /// The king's square before castling.
    pub king_from: String,
    /// The king's square after castling.
    pub king_to: String,
    /// The castling rook's square before castling.
    pub rook_from: String,
    /// The castling rook's square after castling.
    pub rook_to: String,
    /// The closed-form rule's case, e.g. `-9 blocked` or `have < need`.
    pub rule_case: &'static str,
    /// The rule's numbers in words: `code -9 (blocked)`, or `have 1, need 2`.
    pub rule_summary: String,
    /// The rule's reasoning in words.
    pub rule_reason: String,
    /// The search's reason for its verdict in words.
    pub verdict_reason: String,
    /// The shortest no-pawn-move line as a PGN game (null when there is none).
    pub witness_pgn: Option<String>,
    /// The castling game as a PGN game (null when there is none).
    pub castle_pgn: Option<String>,
    /// The castle-free game as a PGN game (null unless artificial-only).
    pub walk_pgn: Option<String>,
    /// How the games were chosen: `shortest` (the shortest castling game of all, and for
    /// artificial-only the shortest castle-free game to its placement), `shortest-into-witness`
    /// (the shortest castling game into the search's castled position, up to where pieces
    /// beyond rank 2 stand, and for artificial-only the shortest walk to its placement), or
    /// `witness` (the search's own example, not proved shortest).
    pub games: &'static str,
}

impl Explanation {
    /// Explains one analysed arrangement, the FEN as a Shredder-FEN.
    pub fn new(analysis: &Analysis) -> Explanation {
        Explanation::with_fen_style(analysis, CastlingNotation::Shredder)
    }

    /// Explains one analysed arrangement, writing the start FEN (in the text, the JSON and the
    /// PGN games' headers) in `notation`.
    pub fn with_fen_style(analysis: &Analysis, notation: CastlingNotation) -> Explanation {
        let a = &analysis.arrangement;
        let details = ByCastlingSide::new(|side| {
            let case = analysis.rule[side];
            let event = |what: &str| format!("castle960 SP {} {}: {what}", a.sp(), side.name());
            let v = &analysis.verdicts[side];
            SideDetails {
                castling_move: side.san(),
                king_from: first_rank(a.king_file()),
                king_to: first_rank(side.king_to_file()),
                rook_from: first_rank(a.rook_file(side)),
                rook_to: first_rank(side.rook_to_file()),
                rule_case: case.label(),
                rule_summary: rule_summary(case),
                rule_reason: rule_reason(a, side, case),
                verdict_reason: verdict_reason(analysis, side),
                witness_pgn: analysis.no_pawn[side].as_ref().map(|c| {
                    pgn_or_note(a, &c.line, &event("castling without a pawn move"), notation)
                }),
                castle_pgn: (!v.castle_line.moves.is_empty())
                    .then(|| pgn_or_note(a, &v.castle_line, &event("castling game"), notation)),
                walk_pgn: v.walk_line.as_ref().map(|l| {
                    pgn_or_note(
                        a,
                        l,
                        &event("castle-free game to the same placement"),
                        notation,
                    )
                }),
                games: crate::report::rules_csv::games_name(v.games),
            }
        });
        Explanation {
            row: Row::new(analysis),
            pawn_bound: analysis.bound,
            details,
            castled_ranks: analysis.questions.castled_ranks.clone(),
            fen: notation.start_fen(a),
            lichess: lichess::analysis_url(a),
        }
    }

    /// Every witness game as PGN, separated by blank lines: for each side the castling game
    /// (the shortest one when no pawn move is needed) and, for artificial-only, the walk.
    pub fn to_pgn(&self) -> String {
        CastlingSide::BOTH
            .into_iter()
            .flat_map(|side| {
                let d = &self.details[side];
                let castle = if self.row.verdict[side].verdict == Verdict::NoPawnMove {
                    d.witness_pgn.clone()
                } else {
                    d.castle_pgn.clone()
                };
                castle.into_iter().chain(d.walk_pgn.clone())
            })
            .join("\n")
    }
}

/// A first-rank square's name, e.g. "e1".
pub(crate) fn first_rank(file: File) -> String {
    board::first_rank(file).to_string()
}

/// The line as a PGN game, or a PGN comment line saying why Black's waiting moves failed.
fn pgn_or_note(a: &Arrangement, line: &Line, event: &str, notation: CastlingNotation) -> String {
    pgn::game_in(a, line, event, notation).unwrap_or_else(|e| format!("; {event}: {e}\n"))
}

/// The rule's numbers in words: the special codes by name, have and need as counts.
fn rule_summary(case: RuleCase) -> String {
    match case {
        RuleCase::Blocked => "code -9 (blocked)".to_string(),
        RuleCase::BishopPair => "code -7 (bishop pair)".to_string(),
        RuleCase::Opposite => "code -8 (opposite directions)".to_string(),
        RuleCase::SameDirection { have, need } => format!("have {have}, need {need}"),
        RuleCase::QueenPocket { have, need } => format!(
            "have {have}, need {need} (printed negated, {}, {}: the queen-pocket case)",
            -have, -need
        ),
    }
}
