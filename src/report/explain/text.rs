//! `show`'s text: the verdict at a glance, the rule, the search and the games, wrapped for a
//! terminal.

use super::{Explanation, MODEL_NOTE, SHOWN_RANKS, diagram};
use crate::chess::{Arrangement, CastlingSide};
use crate::report::words;
use crate::start::search::pawn::PawnScope;
use crate::start::verdict::Verdict;
use std::fmt::Write as _;

impl Explanation {
    /// The human-readable text; `unicode` chooses chess symbols over plain letters.
    pub fn to_text(&self, arrangement: &Arrangement, unicode: bool) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "SP {}  {}", self.row.sp, self.row.arrangement);
        let _ = writeln!(out, "FEN {}", self.row.fen);
        out.push_str(&words::wrap(MODEL_NOTE, "", ""));
        let _ = writeln!(out);
        out.push_str(&diagram(arrangement, unicode));
        for side in CastlingSide::BOTH {
            let _ = writeln!(out);
            out.push_str(&self.side_text(side));
        }
        let _ = writeln!(out);
        out.push_str(&self.questions_text());
        let _ = writeln!(out);
        out.push_str(&words::wrap(
            "`castle960 show --pgn` prints these games as PGN (Variant Chess960, start FEN) to \
             paste into a chess GUI.",
            "",
            "",
        ));
        out
    }

    /// One side's part of [`Explanation::to_text`]: the verdict at a glance, then the rule,
    /// the search, and the games (the gallery shows it beside the board).
    pub fn side_text(&self, side: CastlingSide) -> String {
        let (d, row) = (&self.details[side], self.row.side(side));
        let (np, v) = (row.no_pawn, row.verdict);
        let mut out = String::new();
        let _ = writeln!(out, "{}", self.headline(side));
        let _ = writeln!(
            out,
            "  {}: king {} -> {}, rook {} -> {}",
            side.name(),
            d.king_from,
            d.king_to,
            d.rook_from,
            d.rook_to
        );
        let rule = format!(
            "Closed-form rule: right {}, have {}, need {} ({}), so it claims {}. {}",
            row.rule.rule_castle,
            row.rule.have,
            row.rule.need,
            d.rule_case,
            v.rule_verdict,
            d.rule_reason
        );
        out.push_str(&words::wrap(&rule, "  ", "    "));
        let search = match (np.moves, np.witness.as_str()) {
            (Some(0), line) => format!("Search: castling is legal at once: {line}"),
            (Some(n), line) => format!(
                "Search: castling without a pawn move after {} at the fewest: {line}",
                words::count(n, "move", "moves")
            ),
            _ => "Search: no sequence of non-pawn moves makes this castling legal.".to_string(),
        };
        out.push_str(&words::wrap(&search, "  ", "    "));
        let verdict = format!(
            "Verdict by search ({}): {}{}. {}",
            PawnScope::of(self.pawn_bound),
            v.verdict,
            if v.verdict == Verdict::NotWithinBound {
                " (undecided within the bound)"
            } else {
                ""
            },
            d.verdict_reason
        );
        out.push_str(&words::wrap(&verdict, "  ", "    "));
        out.push_str(&words::wrap(&self.agreement(side), "  ", "    "));
        if v.verdict != Verdict::NoPawnMove && !v.castle_line.is_empty() {
            let game = format!("Castling game: {}", v.castle_line);
            out.push_str(&words::wrap(&game, "  ", "    "));
        }
        if !v.walk_line.is_empty() {
            let game = format!("Castle-free game to the same placement: {}", v.walk_line);
            out.push_str(&words::wrap(&game, "  ", "    "));
        }
        out
    }

    /// The four neighbouring published questions, one line each (see `analysis.md`).
    fn questions_text(&self) -> String {
        let row = &self.row;
        let per_side = |f: &dyn Fn(CastlingSide) -> String| {
            CastlingSide::BOTH
                .into_iter()
                .map(|side| format!("{} {}", side.san(), f(side)))
                .collect::<Vec<_>>()
                .join("; ")
        };
        let fewest = per_side(&|side| {
            let q = &row.questions[side];
            format!("{} ({})", q.fewest_any, q.fewest_any_line)
        });
        let other_rook = per_side(&|side| {
            let keeps = row.questions[side].keeps_other_rook;
            if keeps { "yes" } else { "no" }.to_string()
        });
        let intact = if row.rights_provably_intact {
            "yes".to_string()
        } else {
            format!(
                "no, this game returns to it with the king or both rooks moved: {}",
                row.rights_lost_line
            )
        };
        let ranks = match self.castled_ranks.as_slice() {
            [] => "0".to_string(),
            ranks if ranks.len() <= SHOWN_RANKS => {
                format!("{} ({})", ranks.len(), ranks.join(", "))
            }
            ranks => format!(
                "{} ({}, ...; show --json lists all)",
                ranks.len(),
                ranks[..SHOWN_RANKS].join(", ")
            ),
        };
        let lines = [
            format!("Fewest moves before castling, pawn moves allowed (Chess SE 25256): {fewest}."),
            format!("Castling without ever moving the other rook (Chess SE 37082): {other_rook}."),
            format!(
                "Start position proves king and a rook unmoved (Puzzling SE 122388): {intact}."
            ),
            format!("Castled ranks reached without a pawn move (Puzzling SE 121794): {ranks}."),
        ];
        let mut out =
            "Neighbouring published questions (same model; see analysis.md):\n".to_string();
        for line in lines {
            out.push_str(&words::wrap(&line, "  ", "    "));
        }
        out
    }

    /// The verdict at a glance, e.g. `O-O-O  after-pawn-move (pawn b3)  rule agrees`.
    fn headline(&self, side: CastlingSide) -> String {
        let (d, row) = (&self.details[side], self.row.side(side));
        let v = row.verdict;
        let pawns: Vec<&str> = v.pawn_moves.split_whitespace().collect();
        let what = match (row.no_pawn.moves, pawns.as_slice()) {
            (Some(0), _) => "castles at once".to_string(),
            (Some(n), _) => format!("castles after {}", words::count(n, "move", "moves")),
            _ if v.verdict == Verdict::NotWithinBound => {
                return format!(
                    "{:<5}  undecided within the bound (pawns on at most {})  rule not checked",
                    d.castling_move,
                    words::count(self.pawn_bound, "file", "files"),
                );
            }
            (None, [one]) => format!("pawn {one}"),
            (None, many) => format!("pawns {}", many.join(" ")),
        };
        let rule = if v.verdict_agrees {
            "rule agrees".to_string()
        } else {
            format!("rule DISAGREES (claims {})", v.rule_verdict)
        };
        format!("{:<5}  {} ({what})  {rule}", d.castling_move, v.verdict)
    }

    /// Rule against search in one statement: about castling without a pawn move and about the
    /// verdict.
    fn agreement(&self, side: CastlingSide) -> String {
        let row = self.row.side(side);
        let (np, v) = (row.no_pawn, row.verdict);
        let pawn = if np.no_pawn_move {
            "castling needs no pawn move"
        } else {
            "castling needs a pawn move"
        };
        if v.verdict == Verdict::NotWithinBound {
            let no_pawn = if np.rule_agrees {
                format!("Rule and search agree that {pawn}")
            } else {
                format!(
                    "Rule and search DISAGREE about castling without a pawn move (the search finds that {pawn})"
                )
            };
            return format!(
                "{no_pawn}; whether the rule's {} holds is undecided within the bound, which \
                 neither confirms nor contradicts it.",
                v.rule_verdict
            );
        }
        match (np.rule_agrees, v.verdict_agrees) {
            (_, true) => format!("Rule and search agree: {pawn}, and both say {}.", v.verdict),
            (true, false) => format!(
                "Rule and search agree that {pawn}, but DISAGREE on the verdict: the rule claims \
                 {}, the search finds {}.",
                v.rule_verdict, v.verdict
            ),
            (false, false) => format!(
                "Rule and search DISAGREE: the rule claims {}, the search finds {} ({pawn}).",
                v.rule_verdict, v.verdict
            ),
        }
    }
}
