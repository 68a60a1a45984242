//! `show --rule RULE`: one arrangement under a castling rule other than Chess960's, as text,
//! JSON and PGN. Every castling the rule allows on each side, with its verdict, its fewest moves
//! when it needs no pawn move, and the games that back it (the same as the rules report's row).

use super::MODEL_NOTE;
use crate::chess::{Arrangement, CastlingSide, Rank, Rule};
use crate::notation::fen::CastlingNotation;
use crate::notation::pgn::{NoWaitingMove, game_under};
use crate::report::diagram;
use crate::report::rules_csv::RuleRow;
use crate::start::rules::RuleAnalysis;
use crate::start::search::pawn::PawnScope;
use crate::words;
use serde::Serialize;
use std::fmt::Write as _;

/// The version of `show --rule --json`'s layout; it changes whenever a field is renamed or
/// removed.
pub const RULE_JSON_SCHEMA: u32 = 1;

/// One arrangement under one rule, as `show --rule` prints it.
#[derive(Clone, Debug)]
pub struct RuleExplanation<'a> {
    analysis: &'a RuleAnalysis,
    fen: String,
}

/// One side as JSON: its verdict (the best of its castlings', `null` when the rule allows none)
/// and each castling as the rules report's row has it.
#[derive(Serialize)]
struct SideJson {
    verdict: Option<crate::start::verdict::Verdict>,
    castlings: Vec<RuleRow>,
}

impl<'a> RuleExplanation<'a> {
    /// The explanation of `analysis`, its start FEN written in `notation`.
    pub fn new(analysis: &'a RuleAnalysis, notation: CastlingNotation) -> RuleExplanation<'a> {
        RuleExplanation {
            analysis,
            fen: notation.start_fen(&analysis.arrangement),
        }
    }

    /// The rows of `side`, one per castling.
    fn rows(&self, side: CastlingSide) -> Vec<RuleRow> {
        self.analysis.castlings[side]
            .iter()
            .map(|c| RuleRow::new(self.analysis, side, c))
            .collect()
    }

    /// The text, wrapped at `width` columns; `unicode` chooses chess symbols over letters.
    pub fn to_text_width(&self, unicode: bool, width: usize) -> String {
        let a = self.analysis;
        let arrangement: &Arrangement = &a.arrangement;
        let mut out = String::new();
        let _ = writeln!(
            out,
            "SP {}  {}  under {}",
            arrangement.sp(),
            arrangement,
            a.rule.title()
        );
        let _ = writeln!(out, "FEN {}", self.fen);
        out.push_str(&words::wrap(
            &format!(
                "{MODEL_NOTE} Pawn structures searched: {}.",
                PawnScope::of(a.bound)
            ),
            "",
            "",
            width,
        ));
        let _ = writeln!(out);
        out.push_str(&diagram::start(arrangement, unicode));
        for side in CastlingSide::BOTH {
            let _ = writeln!(out);
            let rook = crate::chess::Square::new(arrangement.rook_file(side), Rank::First);
            let rows = self.rows(side);
            let heading = match a.side_verdict(side) {
                None => format!(
                    "{}-side, the rook on {rook}: {} allows no castling with this rook.",
                    side.prefix(),
                    a.rule
                ),
                Some(best) => format!(
                    "{}-side, the rook on {rook}: {}; the best verdict is {best}.",
                    side.prefix(),
                    words::count(rows.len(), "castling", "castlings"),
                ),
            };
            out.push_str(&words::wrap(&heading, "", "  ", width));
            for row in &rows {
                let moves = row
                    .moves
                    .map(|n| format!(", {} before castling", words::count(n, "move", "moves")))
                    .unwrap_or_default();
                out.push_str(&words::wrap(
                    &format!(
                        "{} (king {}, rook {}): {}{moves}.",
                        row.castling, row.king_to, row.rook_to, row.verdict
                    ),
                    "  ",
                    "    ",
                    width,
                ));
                out.push_str(&words::wrap(
                    &format!("castling game: {}", row.castle_line),
                    "    ",
                    "      ",
                    width,
                ));
                if !row.walk_line.is_empty() {
                    out.push_str(&words::wrap(
                        &format!("castle-free game to the same placement: {}", row.walk_line),
                        "    ",
                        "      ",
                        width,
                    ));
                }
            }
        }
        let _ = writeln!(out);
        let answer = if a.requires_castling() { "yes" } else { "no" };
        out.push_str(&words::wrap(
            &format!(
                "White can reach a position that requires castling under {}: {answer}. \
                 `castle960 show --rule {} --pgn` prints these games as PGN.",
                a.rule, a.rule
            ),
            "",
            "",
            width,
        ));
        out
    }

    /// One line of JSON (schema in the README, "show --rule --json").
    pub fn to_json_line(&self) -> String {
        #[derive(Serialize)]
        struct Json<'b> {
            schema: u32,
            rule: Rule,
            sp: u16,
            arrangement: String,
            fen: &'b str,
            model: &'static str,
            pawn_files: usize,
            requires_castling: bool,
            sides: crate::chess::ByCastlingSide<SideJson>,
        }
        let a = self.analysis;
        let json = Json {
            schema: RULE_JSON_SCHEMA,
            rule: a.rule,
            sp: a.arrangement.sp(),
            arrangement: a.arrangement.to_string(),
            fen: &self.fen,
            model: MODEL_NOTE,
            pawn_files: a.bound.files(),
            requires_castling: a.requires_castling(),
            sides: crate::chess::ByCastlingSide::new(|side| SideJson {
                verdict: a.side_verdict(side),
                castlings: self.rows(side),
            }),
        };
        let mut line = serde_json::to_string(&json).expect("explanations serialize");
        line.push('\n');
        line
    }

    /// Every game as a PGN game under the rule, castling games first, side by side, a blank
    /// line between games. A game whose Black waiting moves cannot be found gets a comment
    /// instead.
    pub fn to_pgn(&self, notation: CastlingNotation) -> String {
        let a = self.analysis;
        let mut games = Vec::new();
        for (side, castlings) in a.castlings.iter() {
            for c in castlings {
                let san = c.path.san(Rank::First);
                let v = &c.verdict;
                let mut lines = vec![("castling game", &v.castle_line)];
                if let Some(walk) = &v.walk_line {
                    lines.push(("castle-free game to the same placement", walk));
                }
                for (what, line) in lines {
                    let event = format!(
                        "SP {} {}-side {san} under {}: {} ({})",
                        a.arrangement.sp(),
                        side.prefix(),
                        a.rule,
                        what,
                        v.verdict
                    );
                    games.push(
                        game_under(&a.arrangement, line, &event, notation, a.rule).unwrap_or_else(
                            |NoWaitingMove { .. }| {
                                format!("% {event}: Black has no waiting move for this line\n")
                            },
                        ),
                    );
                }
            }
        }
        games.join("\n")
    }
}
